/* custom_ctx.c — the st_ctx of a custom function (what setup_context saves and marks, what
   backward reads) and the calls into the user's forward, setup_context and backward. */
#include <string.h>

#include "custom.h"

/* ------------------------------------------------------------------------------ the ctx */

st_ctx *st__ctx_new(const st_custom_fn *fn) {
  st_ctx *c = st__calloc(1, sizeof *c);
  if (!c) return NULL;
  c->fn = fn;
  c->nin = fn->nin;
  c->nout = fn->nout;
  c->materialize = true;
  c->needs = st__calloc((size_t)(fn->nin ? fn->nin : 1), sizeof(bool));
  c->nondiff = st__calloc((size_t)fn->nout, sizeof(bool));
  if (!c->needs || !c->nondiff) {
    st__free(c->needs, sizeof(bool) * (size_t)(fn->nin ? fn->nin : 1));
    st__free(c->nondiff, sizeof(bool) * (size_t)fn->nout);
    st__free(c, sizeof *c);
    return NULL;
  }
  if ((c->gen = st__cf_gen_of(fn))) st__cf_gen_retain(c->gen);
  return c;
}

/* Drops the saved outputs handed out with their history (they hold the node). */
void st__ctx_drop_unpacked(st_ctx *c) {
  for (int i = 0; c->unpacked && i < c->nsaved; i++) {
    st__drop(c->unpacked[i]);
    c->unpacked[i] = NULL;
  }
}

void st__ctx_clear_saved(st_ctx *c) {
  st__ctx_drop_unpacked(c);
  for (int i = 0; i < c->nsaved; i++) st__saved_release(&c->saved[i]);
  st__free(c->saved, sizeof(st_saved) * (size_t)(c->nsaved ? c->nsaved : 1));
  if (c->unpacked) st__free(c->unpacked, sizeof(st_tensor *) * (size_t)(c->nsaved ? c->nsaved : 1));
  c->saved = NULL;
  c->unpacked = NULL;
  c->nsaved = 0;
}

void st__ctx_free_saved(st_ctx *c) {
  if (!c->nsaved) return; /* nothing saved: a second backward needs nothing (as in PyTorch) */
  st__ctx_drop_unpacked(c);
  /* the slots stay (st_ctx_num_saved, the indices), empty; every read is the error below */
  for (int i = 0; i < c->nsaved; i++) st__saved_release(&c->saved[i]);
  c->freed = true;
}

void st__ctx_free(st_ctx *c) {
  if (!c) return;
  st__ctx_clear_saved(c);
  if (c->free_data) c->free_data(c->data);
  st__free(c->needs, sizeof(bool) * (size_t)(c->nin ? c->nin : 1));
  st__free(c->nondiff, sizeof(bool) * (size_t)c->nout);
  if (c->gen) st__cf_gen_release(c->gen);
  st__free(c, sizeof *c);
}

int st_ctx_save(st_ctx *ctx, int n, st_tensor *const *ts) {
  if (!ctx || n < 0 || (n > 0 && !ts))
    return st__error(ST_ERR_ARG, "st_ctx_save: bad arguments (n %d)", n);
  st_saved *s = st__calloc((size_t)(n ? n : 1), sizeof(st_saved));
  if (!s) return ST_ERR_OOM;
  for (int i = 0; i < n; i++) /* the version now, so that an in-place change is caught */
    if (ts[i] && st__save(&s[i], ts[i], false, 0)) { /* OOM, or a saved-tensor hook failed */
      int rc = st__status() ? st__status() : ST_ERR_OOM;
      for (int k = 0; k < i; k++) st__saved_release(&s[k]);
      st__free(s, sizeof(st_saved) * (size_t)(n ? n : 1));
      return rc;
    }
  st__ctx_clear_saved(ctx);
  ctx->freed = false;
  ctx->saved = s;
  ctx->nsaved = n;
  st__ok();
  return 0;
}

/* ST_ERR_INPLACE when saved value i was modified in place since st_ctx_save. */
static int saved_check(const st_ctx *c, int i) {
  if (c->freed)
    return st__error(ST_ERR_AUTOGRAD,
                     "st_custom_apply: %s: backward through the graph a second time: saved value "
                     "%d was freed by the backward that first ran through it; pass retain_graph "
                     "= true to st_backward / st_autograd_grad for every backward but the last",
                     c->fn->name, i);
  const st_tensor *t = c->saved[i].t;
  uint64_t now = t ? atomic_load_explicit(&t->storage->version, memory_order_relaxed) : 0;
  if (!t || now == c->saved[i].version) return 0;
  return st__error(ST_ERR_INPLACE,
                   "st_custom_apply: %s: one of the variables needed for gradient computation has "
                   "been modified by an inplace operation: [%s %s] is at version %llu; expected "
                   "version %llu instead. It was saved by st_ctx_save (saved value %d).",
                   c->fn->name, st_dtype_name(t->dtype), ST_SHAPE_STR(t), (unsigned long long)now,
                   (unsigned long long)c->saved[i].version, i);
}

int st__ctx_check_saved(const st_ctx *c) {
  for (int i = 0; i < c->nsaved; i++)
    if (saved_check(c, i)) return st__status();
  return 0;
}

/* Saved value i (borrowed), after the version check. A saved output of a level-0 node is held
   without history (no cycle); in grad mode it comes back with the node as its grad_fn, so that
   a differentiable backward differentiates through it. */
st_tensor *st__ctx_saved_get(st_ctx *c, int i) {
  st_saved *s = &c->saved[i];
  if (saved_check(c, i)) return NULL;
  /* a value packed by saved-tensor hooks comes back through unpack (once per backward) */
  if (!s->pack && (!s->t || !s->is_output || !c->node || !st__grad_mode())) return s->t;
  if (!c->unpacked && !(c->unpacked = st__calloc((size_t)c->nsaved, sizeof(st_tensor *))))
    return NULL;
  if (!c->unpacked[i]) {
    st_tensor *u = st__unpack(s, c->node, i);
    if (!u) return NULL;
    c->unpacked[i] = u;
  }
  return c->unpacked[i];
}

st_tensor *st_ctx_saved(st_ctx *ctx, int i) {
  if (!ctx || i < 0 || i >= ctx->nsaved) {
    st__error(ST_ERR_ARG, "st_ctx_saved: index %d is out of range (%d saved)", i,
              ctx ? ctx->nsaved : 0);
    return NULL;
  }
  return st__ctx_saved_get(ctx, i);
}
int st_ctx_num_saved(const st_ctx *ctx) { return ctx ? ctx->nsaved : 0; }
bool st_ctx_needs_input_grad(st_ctx *ctx, int i) {
  return ctx && i >= 0 && i < ctx->nin && ctx->needs[i];
}
void st_ctx_mark_non_differentiable(st_ctx *ctx, int j) {
  if (ctx && j >= 0 && j < ctx->nout) ctx->nondiff[j] = true;
}
void st_ctx_set_materialize_grads(st_ctx *ctx, bool m) {
  if (ctx) ctx->materialize = m;
}
void st_ctx_set_data(st_ctx *ctx, void *data, void (*free_fn)(void *)) {
  if (!ctx) return;
  if (ctx->free_data) ctx->free_data(ctx->data);
  ctx->data = data;
  ctx->free_data = free_fn;
}
void *st_ctx_data(st_ctx *ctx) { return ctx ? ctx->data : NULL; }
void *st_ctx_user(st_ctx *ctx) { return ctx ? ctx->fn->user : NULL; }

void st__cf_drop_all(st_tensor **t, int n) {
  for (int j = 0; j < n; j++) {
    st__drop(t[j]);
    t[j] = NULL;
  }
}

/* ------------------------------------------------------------------ calling the user's code */

/* "st_custom_apply: <name>: ..." in front of what the user's code left. */
int st__cf_user_failed(const st_custom_fn *fn, const char *what, int rc) {
  char copy[400];
  snprintf(copy, sizeof copy, "%s", st__message());
  st_status s = st__status() ? st__status() : (rc < 0 ? (st_status)rc : ST_ERR_ARG);
  if (!copy[0])
    return st__error(s, "st_custom_apply: %s: %s failed with status %d and no message", fn->name,
                     what, rc);
  return st__error(s, "st_custom_apply: %s: %s: %s", fn->name, what, copy);
}

int st__cf_run_forward(const st_custom_fn *fn, st_tensor *const *in, st_tensor **out) {
  for (int j = 0; j < fn->nout; j++) out[j] = NULL;
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = fn->forward(fn->user, fn->nin, in, fn->nout, out);
  for (int j = 0; j < fn->nout; j++) st__untrack_top(out[j]);
  st_scope_pop();
  for (int j = 0; !rc && j < fn->nout; j++)
    if (!out[j])
      rc = st__has_error() ? st__status()
                           : st__error(ST_ERR_ARG, "forward returned no output %d", j);
  if (!rc) return 0;
  for (int j = 0; j < fn->nout; j++) {
    st__drop(out[j]);
    out[j] = NULL;
  }
  return st__cf_user_failed(fn, "forward", rc);
}

int st__cf_run_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  if (!ctx->fn->setup_context) return 0;
  int rc = st_scope_push();
  if (rc) return rc;
  rc = ctx->fn->setup_context(ctx, in, out);
  st_scope_pop();
  return rc ? st__cf_user_failed(ctx->fn, "setup_context", rc) : 0;
}

/* Output gradients as backward sees them: zeros for missing ones unless materialize is off. */
int st__cf_materialized(st_ctx *ctx, const st_tensor_meta *meta, st_tensor *const *gout,
                        st_tensor **g) {
  for (int j = 0; j < ctx->nout; j++) {
    g[j] = gout[j] ? st_retain(gout[j]) : NULL;
    if (!g[j] && ctx->materialize && !(g[j] = st__untrack(st__zeros_meta(&meta[j]))))
      return st__status();
  }
  return 0;
}

/* The user's backward: gin (nin untracked refs, NULL for zero). */
int st__cf_run_backward(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  const st_custom_fn *fn = ctx->fn;
  if (!fn->backward)
    return st__error(ST_ERR_UNSUPPORTED, "st_custom_apply: %s has no backward", fn->name);
  for (int i = 0; i < ctx->nin; i++) gin[i] = NULL;
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = fn->backward(ctx, g, gin);
  for (int i = 0; i < ctx->nin; i++) st__untrack_top(gin[i]);
  st_scope_pop();
  if (!rc) return 0;
  for (int i = 0; i < ctx->nin; i++) {
    st__drop(gin[i]);
    gin[i] = NULL;
  }
  return st__cf_user_failed(fn, "backward", rc);
}
