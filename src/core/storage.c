/* storage.c — refcounted, 64-byte-aligned buffers with a per-thread size-class cache. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#include "core.h"
#include "scope.h"

/* Freed buffers of up to 2^CACHE_MAX_CLASS bytes wait in per-thread free lists by power-of-two
   class, so the steady state of a training loop allocates nothing from the system. The cache
   is off in sanitizer builds so that use-after-free stays visible. */
#define CACHE_MIN_CLASS 6  /* 64 bytes */
#define CACHE_MAX_CLASS 26 /* 64 MiB */
#define CACHE_MAX_BYTES ((size_t)256 << 20)

typedef struct cached_block {
  struct cached_block *next;
} cached_block;

typedef struct {
  cached_block *lists[CACHE_MAX_CLASS + 1];
  size_t bytes;
  bool registered;
} block_cache;

#if defined(STRATA_NO_CACHE)
static void *block_get(size_t nbytes, size_t *cap) {
  *cap = nbytes ? nbytes : 1;
  return st__alloc_aligned(*cap);
}
static void block_put(void *p, size_t cap) { st__free_aligned(p, cap); }
void st__thread_caches_drain(void) { st__scope_drain(); }
#else
static _Thread_local block_cache tls_cache;

static int size_class(size_t n) { /* the least c >= CACHE_MIN_CLASS with n <= 2^c */
  return n <= ((size_t)1 << CACHE_MIN_CLASS) ? CACHE_MIN_CLASS : 64 - __builtin_clzll(n - 1);
}

static void cache_drain(void) {
  for (int c = 0; c <= CACHE_MAX_CLASS; c++) {
    while (tls_cache.lists[c]) {
      cached_block *b = tls_cache.lists[c];
      tls_cache.lists[c] = b->next;
      st__free_aligned(b, (size_t)1 << c);
    }
  }
  tls_cache.bytes = 0;
}

/* A thread's cache is drained when the thread exits (pthread key destructor) or, for the main
   thread, at process exit, so leak checkers see nothing. */
static pthread_key_t cache_key;
static pthread_once_t cache_key_once = PTHREAD_ONCE_INIT;
static void drain_all(void) {
  st__scope_drain();
  cache_drain();
  st__tensor_headers_drain();
  st__small_drain(); /* last: the drains above may free small blocks into it */
}
void st__thread_caches_drain(void) { drain_all(); }
static void drain_at_thread_exit(void *unused) {
  (void)unused;
  drain_all();
}
static void make_cache_key(void) {
  pthread_key_create(&cache_key, drain_at_thread_exit);
  atexit(drain_all);
}
void st__thread_cache_register(void) {
  if (tls_cache.registered) return;
  pthread_once(&cache_key_once, make_cache_key);
  pthread_setspecific(cache_key, &tls_cache);
  tls_cache.registered = true;
}

static void *block_get(size_t nbytes, size_t *cap) {
  if (nbytes > ((size_t)1 << CACHE_MAX_CLASS)) {
    *cap = nbytes;
    return st__alloc_aligned(nbytes);
  }
  int c = size_class(nbytes);
  *cap = (size_t)1 << c;
  cached_block *b = tls_cache.lists[c];
  if (b) {
    if (st__inject_failure(nbytes)) return NULL;
    tls_cache.lists[c] = b->next;
    tls_cache.bytes -= *cap;
    return b;
  }
  return st__alloc_aligned(*cap);
}

static void block_put(void *p, size_t cap) {
  if (cap > ((size_t)1 << CACHE_MAX_CLASS) || tls_cache.bytes + cap > CACHE_MAX_BYTES) {
    st__free_aligned(p, cap);
    return;
  }
  st__thread_cache_register();
  cached_block *b = p;
  int c = size_class(cap);
  b->next = tls_cache.lists[c];
  tls_cache.lists[c] = b;
  tls_cache.bytes += cap;
}
#endif

/* The header lives in the first ST_ALIGN bytes of its own block, so a storage is one
   allocation (one cache hit in the steady state). */
static_assert(sizeof(st_storage) <= ST_ALIGN, "the header fits before the aligned data");

_Thread_local uint32_t st__capture_gen;
_Thread_local const char *st__capture_read;

st_storage *st__storage_new(size_t nbytes) {
  if (nbytes > SIZE_MAX - ST_ALIGN) {
    st__error(ST_ERR_OOM, "out of memory: %zu bytes", nbytes);
    return NULL;
  }
  size_t cap = 0;
  char *block = block_get(nbytes + ST_ALIGN, &cap);
  if (!block) return NULL;
  st_storage *s = (st_storage *)block;
  atomic_init(&s->refcount, 1);
  atomic_init(&s->version, 0);
  s->data = block + ST_ALIGN;
  s->nbytes = cap;
  s->capture_gen = st__capture_gen;
  st__live_add(1);
  return s;
}

void st__storage_retain(st_storage *s) { atomic_fetch_add_explicit(&s->refcount, 1, memory_order_relaxed); }

/* The last reference frees without a read-modify-write: with a count of 1 no other thread holds
   a reference (nothing holds a storage weakly), so the acquire load orders every other holder's
   last use before the free, as the count's decrement would. */
void st__storage_release(st_storage *s) {
  if (!s) return;
  if (atomic_load_explicit(&s->refcount, memory_order_acquire) != 1 &&
      atomic_fetch_sub_explicit(&s->refcount, 1, memory_order_acq_rel) != 1)
    return;
  block_put(s, s->nbytes);
  st__live_add(-1);
}
