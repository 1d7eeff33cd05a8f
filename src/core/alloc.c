/* alloc.c — the one allocator hook every allocation passes through, with failure injection. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

static void *default_alloc(void *user, size_t size, size_t align) {
  (void)user;
  if (align <= _Alignof(max_align_t)) return malloc(size ? size : 1);
  size = (size + align - 1) / align * align; /* aligned_alloc wants a multiple of align */
  return aligned_alloc(align, size ? size : align);
}
static void default_free(void *user, void *p, size_t size) {
  (void)user;
  (void)size;
  free(p);
}

/* Process-wide by design: memory may be freed on another thread than the one that made it. */
static st_allocator hook = {default_alloc, default_free, NULL};
static _Thread_local int64_t tls_fail_after; /* 0: never; else the countdown to a failure */
static _Thread_local int64_t tls_allocations; /* every allocation this thread asked for */

void st_set_allocator(const st_allocator *a) {
  st__thread_caches_drain();
  if (a && a->alloc && a->free) hook = *a;
  else hook = (st_allocator){default_alloc, default_free, NULL};
}

void st_debug_fail_alloc_after(int64_t n) { tls_fail_after = n > 0 ? n : 0; }
int64_t st_debug_fail_alloc_remaining(void) { return tls_fail_after; }
int64_t st_debug_alloc_count(void) { return tls_allocations; }

/* ------------------------------------------------------------------- live-object counts */

/* Each thread's counter is a record of its own, made on its first count (plain calloc: it is
   bookkeeping, not the program's memory) and linked into one list for the sum. A thread that
   exits hands its count to `retired` and frees its record for the next thread; a record is
   never freed, so the list stays reachable. A thread that cannot get one counts in `retired`
   with an atomic add. */
_Thread_local st_live_count *st__tls_live;
static st_live_count *live_all;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int64_t live_retired;
static pthread_key_t live_key;
static pthread_once_t live_once = PTHREAD_ONCE_INIT;

static void live_retire(void *p) {
  st_live_count *c = p;
  pthread_mutex_lock(&live_lock);
  atomic_fetch_add_explicit(&live_retired, atomic_load_explicit(&c->n, memory_order_relaxed),
                            memory_order_relaxed);
  atomic_store_explicit(&c->n, 0, memory_order_relaxed);
  c->used = false;
  pthread_mutex_unlock(&live_lock);
  st__tls_live = NULL; /* a count after this (another destructor's) registers again */
}

static void live_key_make(void) {
  if (pthread_key_create(&live_key, live_retire)) live_key = (pthread_key_t)-1;
}

void st__live_slow(int64_t d) {
  pthread_once(&live_once, live_key_make);
  pthread_mutex_lock(&live_lock);
  st_live_count *c = live_all;
  while (c && c->used) c = c->next;
  if (!c && (c = calloc(1, sizeof *c))) {
    c->next = live_all;
    live_all = c;
  }
  if (c) c->used = true;
  pthread_mutex_unlock(&live_lock);
  if (c && live_key != (pthread_key_t)-1 && !pthread_setspecific(live_key, c)) {
    st__tls_live = c;
    st__live_add(d);
    return;
  }
  if (c) {
    pthread_mutex_lock(&live_lock);
    c->used = false;
    pthread_mutex_unlock(&live_lock);
  }
  atomic_fetch_add_explicit(&live_retired, d, memory_order_relaxed);
}

int64_t st_live_objects(void) {
  pthread_mutex_lock(&live_lock);
  int64_t n = atomic_load_explicit(&live_retired, memory_order_relaxed);
  for (const st_live_count *c = live_all; c; c = c->next)
    n += atomic_load_explicit(&c->n, memory_order_relaxed);
  pthread_mutex_unlock(&live_lock);
  return n;
}

bool st__inject_failure(size_t size) {
  tls_allocations++;
  if (tls_fail_after > 0 && --tls_fail_after == 0) {
    st__error(ST_ERR_OOM, "out of memory: injected failure of a %zu-byte allocation", size);
    return true;
  }
  return false;
}

static void *alloc_with(size_t size, size_t align) {
  if (st__inject_failure(size)) return NULL;
  void *p = hook.alloc(hook.user, size, align);
  if (!p) st__error(ST_ERR_OOM, "out of memory: cannot allocate %zu bytes", size);
  return p;
}

/* Small blocks (nodes, autograd metadata, saved-value slots: a few per recorded op) wait in
   per-thread free lists by 16-byte class, so recording an op does not call malloc. Only blocks of
   the default allocator are kept (a user's hook sees every call), and none in sanitizer builds. */
#define SMALL_MAX 512
#define SMALL_CLASSES (SMALL_MAX / 16 + 1)
#define SMALL_KEEP 4096 /* blocks kept per class: a recorded chain of a few thousand ops */
typedef struct small_block {
  struct small_block *next;
} small_block;
static _Thread_local struct {
  small_block *head[SMALL_CLASSES];
  int count[SMALL_CLASSES];
} tls_small;

static bool small_cached(size_t size) {
#ifdef STRATA_NO_CACHE
  (void)size;
  return false;
#else
  return size && size <= SMALL_MAX && hook.alloc == default_alloc;
#endif
}

void st__small_drain(void) {
  for (int c = 0; c < SMALL_CLASSES; c++) {
    while (tls_small.head[c]) {
      small_block *b = tls_small.head[c];
      tls_small.head[c] = b->next;
      hook.free(hook.user, b, (size_t)c * 16);
    }
    tls_small.count[c] = 0;
  }
}

void *st__alloc(size_t size) {
  if (!small_cached(size)) return alloc_with(size, _Alignof(max_align_t));
  size_t c = (size + 15) / 16;
  small_block *b = tls_small.head[c];
  if (!b) return alloc_with(c * 16, _Alignof(max_align_t)); /* the class's size, to be reused */
  if (st__inject_failure(size)) return NULL;
  tls_small.head[c] = b->next;
  tls_small.count[c]--;
  return b;
}

void *st__alloc_aligned(size_t size) { return alloc_with(size, ST_ALIGN); }

void st__free(void *p, size_t size) {
  if (!p) return;
#ifndef STRATA_NO_CACHE
  if (small_cached(size)) {
    size_t c = (size + 15) / 16;
    if (tls_small.count[c] < SMALL_KEEP) {
      st__thread_cache_register();
      small_block *b = p;
      b->next = tls_small.head[c];
      tls_small.head[c] = b;
      tls_small.count[c]++;
      return;
    }
  }
#endif
  hook.free(hook.user, p, size);
}
void st__free_aligned(void *p, size_t size) {
  if (p) hook.free(hook.user, p, size);
}

void *st__calloc(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) {
    st__error(ST_ERR_OOM, "out of memory: %zu x %zu bytes overflows", n, size);
    return NULL;
  }
  void *p = st__alloc(n * size);
  if (p) memset(p, 0, n * size);
  return p;
}

void *st__realloc(void *p, size_t old_size, size_t new_size) {
  void *q = st__alloc(new_size);
  if (!q) return NULL;
  if (p) memcpy(q, p, old_size < new_size ? old_size : new_size);
  st__free(p, old_size);
  return q;
}
