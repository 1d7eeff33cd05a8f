/* func.c — function values: a C function with its context, called inside a scope. */
#include <string.h>

#include "transforms.h"

st_func *st_func_new_owned(st_fn fn, void *ctx, void (*free_ctx)(void *), int nin, int nout) {
  if (!fn || nin < 0 || nout < 1) {
    st__error(ST_ERR_ARG, "st_func_new: %s (nin %d, nout %d)",
              !fn ? "fn is NULL" : "needs nin >= 0 and nout >= 1", nin, nout);
    return NULL;
  }
  st_func *f = st__alloc(sizeof *f);
  if (!f) return NULL;
  atomic_init(&f->refcount, 1);
  f->fn = fn;
  f->ctx = ctx;
  f->free_ctx = free_ctx;
  f->nin = nin;
  f->nout = nout;
  f->null_inputs = false;
  atomic_fetch_add_explicit(&st__live, 1, memory_order_relaxed);
  st__ok();
  return f;
}

st_func *st_func_new(st_fn fn, void *ctx, int nin, int nout) {
  return st_func_new_owned(fn, ctx, NULL, nin, nout);
}

st_func *st_func_retain(st_func *f) {
  if (f) atomic_fetch_add_explicit(&f->refcount, 1, memory_order_relaxed);
  return f;
}

void st_func_release(st_func *f) {
  if (!f || atomic_fetch_sub_explicit(&f->refcount, 1, memory_order_acq_rel) != 1) return;
  if (f->free_ctx) f->free_ctx(f->ctx);
  st__free(f, sizeof *f);
  atomic_fetch_sub_explicit(&st__live, 1, memory_order_relaxed);
}

int st_func_nin(const st_func *f) { return f ? f->nin : -1; }
int st_func_nout(const st_func *f) { return f ? f->nout : -1; }

st_func *st__func_make(const char *who, st_fn fn, void *state, void (*free_state)(void *), int nin,
                       int nout) {
  st_func *f = state ? st_func_new_owned(fn, state, free_state, nin, nout) : NULL;
  if (!f) {
    if (state) free_state(state);
    if (!st__has_error()) st__error(ST_ERR_OOM, "%s: out of memory", who);
  }
  return f;
}

int st__check_args(const char *who, int n, st_tensor *const *in) {
  if (n > 0 && !in) return st__error(ST_ERR_ARG, "%s: the input array is NULL", who);
  for (int i = 0; i < n; i++)
    if (!in[i]) {
      return st__null_error(ST_ERR_ARG, "%s: input %d is NULL", who, i);
    }
  return 0;
}

/* "who: " in front of the message f left, unless it is there already. */
static int fail_with_context(const char *who, int rc) {
  const char *msg = st__message();
  size_t n = strlen(who);
  st_status s = st__status() ? st__status() : (rc < 0 ? (st_status)rc : ST_ERR_ARG);
  if (!st__has_error())
    return st__error(s, "%s: the function failed with status %d and no message", who, rc);
  if (!strncmp(msg, who, n) && msg[n] == ':') return s;
  char copy[512];
  snprintf(copy, sizeof copy, "%s", msg);
  return st__error(s, "%s: %s", who, copy);
}

int st__func_call(const char *who, st_func *f, st_tensor *const *in, st_tensor **out) {
  for (int j = 0; j < f->nout; j++) out[j] = NULL;
  if (f->null_inputs ? (f->nin > 0 && !in) : st__check_args(who, f->nin, in))
    return st__status() ? st__status()
                            : st__error(ST_ERR_ARG, "%s: the input array is NULL", who);
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = f->fn(f->ctx, f->nin, in, f->nout, out);
  for (int j = 0; j < f->nout; j++) st__untrack_top(out[j]);
  st_scope_pop();
  for (int j = 0; !rc && j < f->nout; j++) rc = st__settle_output(&out[j]);
  for (int j = 0; !rc && j < f->nout; j++)
    if (!out[j])
      rc = st__has_error()
               ? st__status()
               : st__error(ST_ERR_ARG, "%s: the function returned no output %d", who, j);
  if (!rc) return 0;
  for (int j = 0; j < f->nout; j++) {
    st__drop(out[j]);
    out[j] = NULL;
  }
  return fail_with_context(who, rc);
}

int st_call(st_func *f, st_tensor *const *in, st_tensor **out) {
  if (!f || !out) return st__error(ST_ERR_ARG, "st_call: %s is NULL", !f ? "the function" : "out");
  int rc = st__func_call("st_call", f, in, out);
  if (rc) return rc;
  for (int j = 0; j < f->nout; j++) out[j] = st__track(out[j]);
  st__ok();
  return 0;
}
