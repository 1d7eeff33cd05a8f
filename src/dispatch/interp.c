/* interp.c — the thread-local interpreter stack and the wrappers that carry a level. */
#include <string.h>

#include "interp.h"

_Thread_local int st__tls_depth;                             /* interpreters pushed */
_Thread_local uint32_t st__tls_ids[ST_MAX_LEVELS + 1];       /* instance id per level; 0: none */
static _Thread_local st_interp tls_stack[ST_MAX_LEVELS + 1]; /* [1..depth] */
static _Thread_local int tls_top;                            /* the effective top (lowering) */
static _Thread_local int tls_saved_top[ST_MAX_LEVELS + 1];   /* tls_top before each push */
static _Atomic uint32_t next_id = 1;

const char *st__interp_name(st_wrap_kind kind) {
  switch (kind) {
  case ST_WRAP_GRAD: return "grad";
  case ST_WRAP_JVP: return "jvp";
  case ST_WRAP_VMAP: return "vmap";
  default: return "plain";
  }
}

int st__interp_push(const char *fn, st_wrap_kind kind) {
  if (st__tls_depth == ST_MAX_LEVELS) {
    st__error(ST_ERR_TRANSFORM, "%s: transforms are nested %d deep, the most this build allows", fn,
              ST_MAX_LEVELS);
    return -1;
  }
  int level = ++st__tls_depth;
  uint32_t id = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed);
  if (!id) id = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed); /* 0 marks "none" */
  tls_stack[level] = (st_interp){.kind = kind, .id = id};
  st__tls_ids[level] = id;
  tls_saved_top[level] = tls_top;
  tls_top = level;
  return level;
}

static void lifts_free(st_interp *I) {
  st__lift_truncate((int)(I - tls_stack), 0);
  st__free(I->lifts, sizeof(st_lift) * (size_t)I->caplifts);
  I->lifts = NULL;
  I->caplifts = 0;
}

void st__interp_pop(int level) {
  if (level != st__tls_depth || level <= 0) return; /* transforms pop in order; see transforms/ */
  lifts_free(&tls_stack[level]);
  st__tls_ids[level] = 0;
  tls_top = tls_saved_top[level];
  st__tls_depth--;
}

st_interp *st__interp_at(int level) { return &tls_stack[level]; }

int st__interp_top(void) { return tls_top; }

/* Lowering (dispatch.c): while the interpreter at `level` processes a call, the effective top
   is level - 1. */
int st__interp_lower(int level) {
  int prev = tls_top;
  tls_top = level - 1;
  return prev;
}
void st__interp_restore(int prev) { tls_top = prev; }

/* ------------------------------------------------------------------------------ lifting */

_Thread_local int st__tls_nlifts;

st_tensor *st__lifted(st_tensor *t, int top) {
  if (!st__tls_nlifts || !t) return t;
  for (int l = top < st__tls_depth ? top : st__tls_depth; l > t->level; l--) {
    const st_interp *I = &tls_stack[l];
    for (int k = 0; k < I->nlifts; k++)
      if (I->lifts[k].key == t) return I->lifts[k].lifted;
  }
  return t;
}

st_tensor *st__lift_key(st_tensor *t) {
  if (!st__tls_nlifts || !t || !t->level || t->level > st__tls_depth) return t;
  const st_interp *I = &tls_stack[t->level];
  for (int k = 0; k < I->nlifts; k++)
    if (I->lifts[k].lifted == t) return I->lifts[k].key;
  return t;
}

int st__lift_level(const st_tensor *key, int top) {
  if (!st__tls_nlifts) return 0;
  for (int l = top < st__tls_depth ? top : st__tls_depth; l > key->level; l--) {
    const st_interp *I = &tls_stack[l];
    for (int k = 0; k < I->nlifts; k++)
      if (I->lifts[k].key == key) return l;
  }
  return 0;
}

int st__lift_add(int level, st_tensor *key, st_tensor *lifted) {
  st_interp *I = &tls_stack[level];
  if (I->nlifts == I->caplifts) {
    int cap = I->caplifts ? 2 * I->caplifts : 4;
    st_lift *l =
        st__realloc(I->lifts, sizeof(st_lift) * (size_t)I->caplifts, sizeof(st_lift) * (size_t)cap);
    if (!l) return ST_ERR_OOM;
    I->lifts = l;
    I->caplifts = cap;
  }
  I->lifts[I->nlifts++] = (st_lift){st_retain(key), st_retain(lifted)};
  st__tls_nlifts++;
  return 0;
}

void st__lift_truncate(int level, int n) {
  st_interp *I = &tls_stack[level];
  while (I->nlifts > n) {
    st_lift l = I->lifts[--I->nlifts];
    st__tls_nlifts--;
    st__drop(l.lifted);
    st__drop(l.key);
  }
}

/* ----------------------------------------------------------------------------- wrappers */

st_tensor *st__wrap(int level, st_tensor *value, int bdim, st_tensor *tangent) {
  const st_interp *I = &tls_stack[level];
  if (st__tls_nlifts) value = st__lifted(value, level - 1);
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  int ndim = 0;
  for (int d = 0; d < value->ndim; d++) {
    if (I->kind == ST_WRAP_VMAP && d == bdim) continue;
    shape[ndim] = value->shape[d];
    strides[ndim++] = value->strides[d];
  }
  st_tensor *w = st__tensor_view(value->storage, value->dtype, ndim, shape, strides, value->offset);
  if (!w) return NULL;
  w->wrap = (uint8_t)I->kind;
  w->level = (int16_t)level;
  w->level_id = I->id;
  w->bdim = (int8_t)(I->kind == ST_WRAP_VMAP ? bdim : 0);
  w->value = st_retain(value);
  w->tangent = st_retain(tangent);
  w->inference = false;
  return w;
}
