/* func.c — function values: a C function with its context, called inside a scope. */
#include <string.h>

#include "../core/scope.h"
#include "../ops/rules.h"
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
  st__live_add(1);
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
  st__live_add(-1);
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

int st__argnums(const char *who, int nin, int n, const int *argnums, int *out) {
  if (n < 1) return st__error(ST_ERR_ARG, "%s: argnums must be non-empty (got %d)", who, n);
  for (int k = 0; k < n; k++) {
    int a = argnums[k];
    if (a < -nin || a >= nin)
      return st__error(ST_ERR_ARG,
                       "%s: got argnum %d, but the function has only %d positional inputs "
                       "(argnums count from 0, or from the end when negative)",
                       who, a, nin);
    out[k] = a < 0 ? a + nin : a;
    for (int q = 0; q < k; q++)
      if (out[q] == out[k])
        return st__error(ST_ERR_ARG,
                         "%s: argnums must be unique: %d and %d name the same input %d", who,
                         argnums[q], a, out[k]);
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

/* ------------------------------------------------------------------ kept tensors escape */

/* What a function kept with st_keep belongs to the scope around the public call that ran it
   (st_call, st_vjp, ...), not to the scopes a transform opens around the function, which
   would release it when the transform returns. st__func_call moves what its function kept to
   this per-thread list; the public call records it in the caller's scope when it returns. */
static _Thread_local struct {
  st_tensor **t;
  size_t n, cap;
} tls_escaped;

size_t st__escape_mark(void) { return tls_escaped.n; }

void st__escape_flush(size_t mark) {
  while (tls_escaped.n > mark) st__track(tls_escaped.t[--tls_escaped.n]);
  if (!tls_escaped.n && tls_escaped.t) {
    st__free(tls_escaped.t, sizeof(st_tensor *) * tls_escaped.cap);
    tls_escaped.t = NULL;
    tls_escaped.cap = 0;
  }
}

void st__escape_drop(size_t mark) {
  while (tls_escaped.n > mark) st__drop(tls_escaped.t[--tls_escaped.n]);
  st__escape_flush(mark);
}

/* Moves the entries kept since `mark` to the list. A kept output is the output's reference when
   the call succeeded; when it failed (its outputs are dropped) it escapes like the rest. When
   the list cannot grow, the call fails: what is left is released (an output among it is set to
   NULL first, its reference being the entry's), never left to a scope that would free it under
   a call that reports success. */
static int escape_kept(size_t mark, int nout, st_tensor **out, bool ok) {
  bool full = false;
  for (;;) {
    /* the list grows only for an entry (an empty one a thread never flushes would leak) */
    st_tensor *t = st__scope_take(mark);
    if (!t) return full ? st__error(ST_ERR_OOM, "out of memory keeping what the function kept") : 0;
    if (!full && tls_escaped.n == tls_escaped.cap) {
      size_t cap = tls_escaped.cap ? 2 * tls_escaped.cap : 8;
      st_tensor **t = st__realloc(tls_escaped.t, sizeof(st_tensor *) * tls_escaped.cap,
                                  sizeof(st_tensor *) * cap);
      if (t) {
        tls_escaped.t = t;
        tls_escaped.cap = cap;
      } else {
        full = true;
      }
    }
    bool is_out = false;
    for (int j = 0; j < nout; j++)
      if (out[j] == t) {
        is_out = true;
        if (!ok || full) out[j] = NULL;
      }
    if (full) st__drop(t);
    else if (!is_out || !ok) tls_escaped.t[tls_escaped.n++] = t;
  }
}

static bool is_input(const st_tensor *t, int nin, st_tensor *const *in) {
  for (int i = 0; t && in && i < nin; i++)
    if (in[i] == t) return true;
  return false;
}

/* An input returned as an output (st_retain(in[i]), the documented way) goes out as a new view
   of it, so that every call returns a distinct object (strata.h). The reference it came with
   (the retain, or a record the untracking took over) is given back. */
static int distinct_from_inputs(st_func *f, st_tensor *const *in, st_tensor **out) {
  for (int j = 0; j < f->nout; j++) {
    if (!is_input(out[j], f->nin, in)) continue;
    st_tensor *view = st__untrack(st__same_tensor(out[j]));
    st__drop(out[j]);
    out[j] = view;
    if (!view) return st__status();
  }
  return 0;
}

/* ------------------------------------------------------------------------------- calling */

int st__func_call(const char *who, st_func *f, st_tensor *const *in, st_tensor **out) {
  for (int j = 0; j < f->nout; j++) out[j] = NULL;
  if (f->null_inputs ? (f->nin > 0 && !in) : st__check_args(who, f->nin, in))
    return st__status() ? st__status()
                            : st__error(ST_ERR_ARG, "%s: the input array is NULL", who);
  st_clear_error();
  size_t mark = st__scope_mark();
  int rc = st_scope_push();
  if (!rc) rc = f->fn(f->ctx, f->nin, in, f->nout, out);
  for (int j = 0; j < f->nout; j++) st__untrack_top(out[j]);
  st_scope_pop();
  int kept = escape_kept(mark, f->nout, out, !rc);
  if (!rc) rc = kept;
  for (int j = 0; !rc && j < f->nout; j++) rc = st__settle_output(&out[j]);
  if (!rc) rc = distinct_from_inputs(f, in, out);
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
  if (st__check_apart("st_call", "out", out, f->nout, "in", in, f->nin)) return st__status();
  size_t kept = st__escape_mark();
  int rc = st__func_call("st_call", f, in, out);
  st__escape_flush(kept);
  if (rc || (rc = st__track_all(f->nout, out))) return rc;
  st__ok();
  return 0;
}
