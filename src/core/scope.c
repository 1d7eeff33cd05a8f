/* scope.c — per-thread scopes that record returned references and release the unkept ones. */
#include "core.h"
#include "scope.h"

/* One flat array of entries for all open scopes of this thread; frame_start[i] is where scope i
   begins. A forgotten entry in the middle of a frame becomes a tombstone (obj == NULL). */
typedef struct {
  void *obj;
  int32_t *scope_refs;
  void (*drop)(void *);
} scope_entry;

static _Thread_local struct {
  scope_entry *entries;
  size_t n, cap;
  size_t *frame_start;
  int nframes, frames_cap;
} tls;

void st_scope_push(void) {
  if (tls.nframes == tls.frames_cap) {
    int cap = tls.frames_cap ? 2 * tls.frames_cap : 8;
    size_t *fs = st__realloc(tls.frame_start, sizeof(size_t) * (size_t)tls.frames_cap,
                             sizeof(size_t) * (size_t)cap);
    if (!fs) return; /* OOM error set; the matching pop finds no frame and does nothing */
    tls.frame_start = fs;
    tls.frames_cap = cap;
  }
  tls.frame_start[tls.nframes++] = tls.n;
}

void st_scope_pop(void) {
  if (tls.nframes == 0) return;
  size_t start = tls.frame_start[--tls.nframes];
  /* Release newest first, as a stack unwinds; drop may free objects that record nothing. */
  while (tls.n > start) {
    scope_entry e = tls.entries[--tls.n];
    if (!e.obj) continue;
    (*e.scope_refs)--;
    e.drop(e.obj);
  }
  if (tls.nframes == 0) {
    st__free(tls.entries, sizeof(scope_entry) * tls.cap);
    st__free(tls.frame_start, sizeof(size_t) * (size_t)tls.frames_cap);
    tls.entries = NULL;
    tls.frame_start = NULL;
    tls.cap = 0;
    tls.frames_cap = 0;
  }
}

bool st__scope_active(void) { return tls.nframes > 0; }

static int reserve_one(void) {
  if (tls.n < tls.cap) return 0;
  size_t cap = tls.cap ? 2 * tls.cap : 64;
  scope_entry *e = st__realloc(tls.entries, sizeof(scope_entry) * tls.cap, sizeof(scope_entry) * cap);
  if (!e) return ST_ERR_OOM;
  tls.entries = e;
  tls.cap = cap;
  return 0;
}

int st__scope_record(void *obj, int32_t *scope_refs, void (*drop)(void *)) {
  if (tls.nframes == 0) return 0;
  if (reserve_one()) return ST_ERR_OOM;
  tls.entries[tls.n++] = (scope_entry){obj, scope_refs, drop};
  (*scope_refs)++;
  return 0;
}

/* Finds the newest entry for obj at or above frame `min_frame`; returns its index or -1. */
static ptrdiff_t find_entry(const void *obj, int min_frame) {
  size_t lo = min_frame < tls.nframes ? tls.frame_start[min_frame] : tls.n;
  for (size_t i = tls.n; i > lo; i--)
    if (tls.entries[i - 1].obj == obj) return (ptrdiff_t)(i - 1);
  return -1;
}

static void remove_entry(size_t i) {
  (*tls.entries[i].scope_refs)--;
  if (i + 1 == tls.n) tls.n--;
  else tls.entries[i].obj = NULL;
}

bool st__scope_forget(void *obj, int32_t *scope_refs) {
  if (*scope_refs <= 0) return false;
  ptrdiff_t i = find_entry(obj, 0);
  if (i < 0) return false;
  remove_entry((size_t)i);
  return true;
}

bool st__scope_forget_top(void *obj, int32_t *scope_refs) {
  if (tls.nframes == 0 || *scope_refs <= 0) return false;
  ptrdiff_t i = find_entry(obj, tls.nframes - 1);
  if (i < 0) return false;
  remove_entry((size_t)i);
  return true;
}

void st__scope_keep(void *obj, int32_t *scope_refs, void (*drop)(void *)) {
  if (tls.nframes == 0 || *scope_refs <= 0) return;
  ptrdiff_t i = find_entry(obj, tls.nframes - 1);
  if (i < 0) return;
  remove_entry((size_t)i);
  if (tls.nframes < 2) return; /* the outermost scope hands the reference to the caller */
  if (reserve_one()) return;    /* OOM: the reference stays with the caller, untracked */
  /* Insert at the bottom of the innermost frame, which makes it the enclosing frame's top. */
  size_t at = tls.frame_start[tls.nframes - 1];
  for (size_t j = tls.n; j > at; j--) tls.entries[j] = tls.entries[j - 1];
  tls.entries[at] = (scope_entry){obj, scope_refs, drop};
  tls.frame_start[tls.nframes - 1]++;
  tls.n++;
  (*scope_refs)++;
}
