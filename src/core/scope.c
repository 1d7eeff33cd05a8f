/* scope.c — per-thread scopes that record returned references and release the unkept ones.

   Everything a scope knows lives with the thread that opened it, never on the recorded object:
   a tensor may be shared read-only by threads (API.md, "Threads"), and each thread's scopes may
   record it, so a count on the tensor would be a write every reader makes.

   Recording appends an entry and popping releases the frame's entries: nothing else on the hot
   path. Finding an object's entry (st_release of a recorded reference, st_keep, the transforms'
   untracking) looks at the newest entries first, where results usually are. Only when that
   misses in a large scope does the thread build an index, a hash map from object to how many
   entries record it, and keep it up to date until its scopes are all closed: a release of a
   reference the scopes do not hold then costs one lookup, not a walk over every entry. The
   index is an optimization only: when it cannot be allocated the walk answers. */
#include "core.h"
#include "scope.h"

/* One flat array of entries for all open scopes of this thread; a frame is where scope i begins.
   A forgotten entry in the middle of a frame becomes a tombstone (obj == NULL). */
typedef struct {
  void *obj;
  void (*drop)(void *);
} scope_entry;

/* `phantoms`: pushes that failed while this frame was the innermost. Each opened no scope, so
   the pop that matches it must do nothing (never pop this frame, which belongs to the caller). */
typedef struct {
  size_t start;
  int phantoms;
} scope_frame;

/* The index: open addressing with linear probing. A slot whose count drops to 0 stays until the
   next rebuild (deleting is then one decrement), and the whole index is emptied at once by a new
   generation when the thread's last scope closes. */
typedef struct {
  void *obj;
  int32_t count;
  uint32_t gen; /* the slot is in use when gen == the index's */
} index_slot;

enum { SCAN_NEWEST = 32 }; /* entries looked at before the index is built */

static _Thread_local struct {
  scope_entry *entries;
  size_t n, cap;
  scope_frame *frames;
  int nframes, frames_cap;
  int base_phantoms; /* failed pushes with no scope open */
  bool indexed;      /* the index is current: recording and popping keep it so */
  index_slot *index;
  size_t index_cap, index_used; /* index_cap is 0 or a power of two; used counts count-0 slots */
  uint32_t gen;
} tls;

/* ----------------------------------------------------------------------------------- index */

static size_t slot_of(const void *obj, size_t cap) {
  uint64_t x = (uint64_t)(uintptr_t)obj;
  return (size_t)((x * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
}

/* The slot holding obj, or the free slot where it would go. */
static size_t index_find(const void *obj) {
  size_t mask = tls.index_cap - 1, i = slot_of(obj, tls.index_cap);
  while (tls.index[i].gen == tls.gen && tls.index[i].obj != obj) i = (i + 1) & mask;
  return i;
}

static void index_add(void *obj) {
  index_slot *s = &tls.index[index_find(obj)];
  if (s->gen != tls.gen) {
    *s = (index_slot){obj, 0, tls.gen};
    tls.index_used++;
  }
  s->count++;
}

static void index_remove(const void *obj) { tls.index[index_find(obj)].count--; }

static int32_t index_count(const void *obj) {
  const index_slot *s = &tls.index[index_find(obj)];
  return s->gen == tls.gen ? s->count : 0;
}

static void index_drop(void) {
  tls.indexed = false;
  if (++tls.gen == 0) { /* wrapped: make every slot old for real */
    for (size_t i = 0; i < tls.index_cap; i++) tls.index[i].gen = 0;
    tls.gen = 1;
  }
  tls.index_used = 0;
}

/* Builds the index from the entries, in a table with room for `extra` more objects. */
static bool index_build(size_t extra) {
  size_t need = 2 * (tls.n + extra), cap = tls.index_cap ? tls.index_cap : 128;
  while (cap < need) cap *= 2;
  if (cap != tls.index_cap) {
    st__error_mute(true); /* a failure is no error: the walk answers instead */
    index_slot *fresh = st__calloc(cap, sizeof(index_slot));
    st__error_mute(false);
    if (!fresh) return false;
    st__free(tls.index, sizeof(index_slot) * tls.index_cap);
    tls.index = fresh;
    tls.index_cap = cap;
  }
  index_drop();
  for (size_t i = 0; i < tls.n; i++)
    if (tls.entries[i].obj) index_add(tls.entries[i].obj);
  tls.indexed = true;
  return true;
}

/* Room in the index for n more objects (a rebuild drops the count-0 slots); when there is none
   the index is given up rather than failing the caller. */
static void index_reserve(size_t n) {
  if (tls.indexed && 2 * (tls.index_used + n) > tls.index_cap && !index_build(n))
    tls.indexed = false;
}

/* ---------------------------------------------------------------------------------- frames */

int st_scope_push(void) {
  if (tls.nframes == tls.frames_cap) {
    int cap = tls.frames_cap ? 2 * tls.frames_cap : 8;
    scope_frame *fs = st__realloc(tls.frames, sizeof(scope_frame) * (size_t)tls.frames_cap,
                                  sizeof(scope_frame) * (size_t)cap);
    if (!fs) {
      if (tls.nframes) tls.frames[tls.nframes - 1].phantoms++;
      else tls.base_phantoms++;
      return ST_ERR_OOM;
    }
    tls.frames = fs;
    tls.frames_cap = cap;
  }
  tls.frames[tls.nframes++] = (scope_frame){tls.n, 0};
  return 0;
}

void st__scope_drain(void) {
  if (tls.nframes) return; /* in use: a scope left open at thread exit keeps them */
  st__free(tls.entries, sizeof(scope_entry) * tls.cap);
  st__free(tls.frames, sizeof(scope_frame) * (size_t)tls.frames_cap);
  st__free(tls.index, sizeof(index_slot) * tls.index_cap);
  tls.entries = NULL;
  tls.frames = NULL;
  tls.index = NULL;
  tls.cap = tls.index_cap = tls.index_used = 0;
  tls.frames_cap = 0;
  tls.indexed = false;
}

void st_scope_pop(void) {
  if (tls.nframes == 0) {
    if (tls.base_phantoms) tls.base_phantoms--;
    return;
  }
  scope_frame *top = &tls.frames[tls.nframes - 1];
  if (top->phantoms) {
    top->phantoms--;
    return;
  }
  size_t start = top->start;
  tls.nframes--;
  /* Release newest first, as a stack unwinds; drop may free objects that record nothing. */
  while (tls.n > start) {
    scope_entry e = tls.entries[--tls.n];
    if (!e.obj) continue;
    if (tls.indexed) index_remove(e.obj);
    e.drop(e.obj);
  }
  if (tls.nframes) return;
  index_drop();
#ifdef STRATA_NO_CACHE
  st__scope_drain(); /* sanitizer builds keep nothing between scopes */
#else
  st__thread_cache_register(); /* the arrays stay for the next scope, drained at thread exit */
#endif
}

bool st__scope_active(void) { return tls.nframes > 0; }
int st__scope_depth(void) { return tls.nframes; }

/* Room for n more entries (and in the index, when it is kept), so that recording cannot fail. */
static int reserve(size_t n) {
  if (tls.n + n > tls.cap) {
    size_t cap = tls.cap ? 2 * tls.cap : 64;
    while (cap < tls.n + n) cap *= 2;
    scope_entry *e = st__realloc(tls.entries, sizeof(scope_entry) * tls.cap, sizeof(scope_entry) * cap);
    if (!e) return ST_ERR_OOM;
    tls.entries = e;
    tls.cap = cap;
  }
  index_reserve(n);
  return 0;
}

int st__scope_reserve(size_t n) { return tls.nframes ? reserve(n) : 0; }

int st__scope_record(void *obj, void (*drop)(void *)) {
  if (tls.nframes == 0) return 0;
  if (reserve(1)) return ST_ERR_OOM;
  tls.entries[tls.n++] = (scope_entry){obj, drop};
  if (tls.indexed) index_add(obj);
  return 0;
}

/* The newest entry for obj at or above frame `min_frame`, or -1: the newest entries first, then,
   in a large scope, the index says whether to walk the rest. */
static ptrdiff_t find_entry(const void *obj, int min_frame) {
  size_t lo = min_frame < tls.nframes ? tls.frames[min_frame].start : tls.n, i = tls.n;
  for (size_t k = 0; i > lo && k < SCAN_NEWEST; i--, k++)
    if (tls.entries[i - 1].obj == obj) return (ptrdiff_t)(i - 1);
  if (i == lo) return -1;
  if ((tls.indexed || index_build(0)) && !index_count(obj)) return -1;
  for (; i > lo; i--)
    if (tls.entries[i - 1].obj == obj) return (ptrdiff_t)(i - 1);
  return -1;
}

static void remove_entry(size_t i) {
  if (tls.indexed) index_remove(tls.entries[i].obj);
  if (i + 1 == tls.n) tls.n--;
  else tls.entries[i].obj = NULL;
}

bool st__scope_forget(void *obj) {
  if (tls.nframes == 0) return false;
  ptrdiff_t i = find_entry(obj, 0);
  if (i < 0) return false;
  remove_entry((size_t)i);
  return true;
}

bool st__scope_forget_top(void *obj) {
  if (tls.nframes == 0) return false;
  ptrdiff_t i = find_entry(obj, tls.nframes - 1);
  if (i < 0) return false;
  remove_entry((size_t)i);
  return true;
}

void st__scope_keep(void *obj, void (*drop)(void *)) {
  if (tls.nframes == 0) return;
  ptrdiff_t i = find_entry(obj, tls.nframes - 1);
  if (i < 0) return;
  if (tls.nframes < 2) { /* the outermost scope hands the reference to the caller */
    remove_entry((size_t)i);
    return;
  }
  /* Move the entry to the bottom of the innermost frame, which makes it the enclosing frame's
     top; the index count does not change. No allocation: the entry moves within the array. */
  size_t at = tls.frames[tls.nframes - 1].start;
  for (size_t j = (size_t)i; j > at; j--) tls.entries[j] = tls.entries[j - 1];
  tls.entries[at] = (scope_entry){obj, drop};
  tls.frames[tls.nframes - 1].start++;
}

size_t st__scope_mark(void) { return tls.n; }

void *st__scope_take(size_t mark) {
  if (tls.nframes == 0 || mark < tls.frames[tls.nframes - 1].start) return NULL;
  while (tls.n > mark) {
    scope_entry e = tls.entries[--tls.n];
    if (!e.obj) continue; /* a tombstone */
    if (tls.indexed) index_remove(e.obj);
    return e.obj;
  }
  return NULL;
}
