/* scope.c — per-thread scopes that record returned references and release the unkept ones.

   Everything a scope knows lives with the thread that opened it, never on the recorded object:
   a tensor may be shared read-only by threads (API.md, "Threads"), and each thread's scopes may
   record it, so a count on the tensor would be a write every reader makes. Instead, each thread
   keeps a small hash map from object to how many of its open entries record that object; it
   answers "is this reference recorded here?" without touching the object. */
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

/* The recorded objects: open addressing with linear probing, deletion by backward shift. */
typedef struct {
  void *obj; /* NULL: empty slot */
  int32_t count;
} index_slot;

static _Thread_local struct {
  scope_entry *entries;
  size_t n, cap;
  scope_frame *frames;
  int nframes, frames_cap;
  int base_phantoms; /* failed pushes with no scope open */
  index_slot *index;
  size_t index_cap, index_used; /* index_cap is 0 or a power of two */
} tls;

/* ----------------------------------------------------------------------------------- index */

static size_t slot_of(const void *obj, size_t cap) {
  uint64_t x = (uint64_t)(uintptr_t)obj;
  return (size_t)((x * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
}

/* The slot holding obj, or the empty slot where it would go. */
static size_t index_find(const void *obj) {
  size_t mask = tls.index_cap - 1, i = slot_of(obj, tls.index_cap);
  while (tls.index[i].obj && tls.index[i].obj != obj) i = (i + 1) & mask;
  return i;
}

static int32_t index_count(const void *obj) {
  if (!tls.index_used) return 0;
  return tls.index[index_find(obj)].count;
}

static int index_grow(void) {
  size_t cap = tls.index_cap ? 2 * tls.index_cap : 128;
  index_slot *fresh = st__calloc(cap, sizeof(index_slot));
  if (!fresh) return ST_ERR_OOM;
  index_slot *old = tls.index;
  size_t old_cap = tls.index_cap;
  tls.index = fresh;
  tls.index_cap = cap;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].obj) tls.index[index_find(old[i].obj)] = old[i];
  st__free(old, sizeof(index_slot) * old_cap);
  return 0;
}

static void index_add(void *obj) {
  size_t i = index_find(obj);
  if (!tls.index[i].obj) {
    tls.index[i].obj = obj;
    tls.index_used++;
  }
  tls.index[i].count++;
}

static void index_remove(const void *obj) {
  size_t mask = tls.index_cap - 1, i = index_find(obj);
  if (--tls.index[i].count > 0) return;
  /* Backward-shift deletion: move later entries of the probe run into the hole. */
  tls.index_used--;
  for (size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
    if (!tls.index[j].obj) break;
    size_t home = slot_of(tls.index[j].obj, tls.index_cap);
    /* j's entry may fill the hole at i when its home is not in (i, j] cyclically. */
    bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (stays) continue;
    tls.index[i] = tls.index[j];
    i = j;
  }
  tls.index[i] = (index_slot){NULL, 0};
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

static void free_all(void) {
  st__free(tls.entries, sizeof(scope_entry) * tls.cap);
  st__free(tls.frames, sizeof(scope_frame) * (size_t)tls.frames_cap);
  st__free(tls.index, sizeof(index_slot) * tls.index_cap);
  tls.entries = NULL;
  tls.frames = NULL;
  tls.index = NULL;
  tls.cap = tls.index_cap = tls.index_used = 0;
  tls.frames_cap = 0;
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
    index_remove(e.obj);
    e.drop(e.obj);
  }
  if (tls.nframes == 0) free_all();
}

bool st__scope_active(void) { return tls.nframes > 0; }
int st__scope_depth(void) { return tls.nframes; }

/* Room for n more entries and n more distinct objects, so that recording them cannot fail. */
static int reserve(size_t n) {
  if (tls.n + n > tls.cap) {
    size_t cap = tls.cap ? 2 * tls.cap : 64;
    while (cap < tls.n + n) cap *= 2;
    scope_entry *e = st__realloc(tls.entries, sizeof(scope_entry) * tls.cap, sizeof(scope_entry) * cap);
    if (!e) return ST_ERR_OOM;
    tls.entries = e;
    tls.cap = cap;
  }
  while (2 * (tls.index_used + n) > tls.index_cap)
    if (index_grow()) return ST_ERR_OOM;
  return 0;
}

int st__scope_reserve(size_t n) { return tls.nframes ? reserve(n) : 0; }

int st__scope_record(void *obj, void (*drop)(void *)) {
  if (tls.nframes == 0) return 0;
  if (reserve(1)) return ST_ERR_OOM;
  tls.entries[tls.n++] = (scope_entry){obj, drop};
  index_add(obj);
  return 0;
}

/* Finds the newest entry for obj at or above frame `min_frame`; returns its index or -1. */
static ptrdiff_t find_entry(const void *obj, int min_frame) {
  size_t lo = min_frame < tls.nframes ? tls.frames[min_frame].start : tls.n;
  for (size_t i = tls.n; i > lo; i--)
    if (tls.entries[i - 1].obj == obj) return (ptrdiff_t)(i - 1);
  return -1;
}

static void remove_entry(size_t i) {
  index_remove(tls.entries[i].obj);
  if (i + 1 == tls.n) tls.n--;
  else tls.entries[i].obj = NULL;
}

bool st__scope_forget(void *obj) {
  if (!index_count(obj)) return false;
  ptrdiff_t i = find_entry(obj, 0);
  if (i < 0) return false;
  remove_entry((size_t)i);
  return true;
}

bool st__scope_forget_top(void *obj) {
  if (tls.nframes == 0 || !index_count(obj)) return false;
  ptrdiff_t i = find_entry(obj, tls.nframes - 1);
  if (i < 0) return false;
  remove_entry((size_t)i);
  return true;
}

void st__scope_keep(void *obj, void (*drop)(void *)) {
  if (tls.nframes == 0 || !index_count(obj)) return;
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
    index_remove(e.obj);
    return e.obj;
  }
  return NULL;
}
