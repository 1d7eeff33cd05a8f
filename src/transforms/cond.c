/* cond.c — st_cond, a higher-order op (seed 000, #88785: rules per transform for ops that take
   functions). Eager, grad and jvp run the taken branch on the arguments as they are, so the
   levels above differentiate through it; under vmap with a batched predicate there is no single
   branch: both run on the whole batch and each lane takes its own result (JAX's lax.cond under
   vmap becomes a select). The rules run at the top of the stack, since they call user
   functions. Below every transform, while st_compile captures, the call becomes one graph node
   that holds both branches (src/compile/capture.c) and reads the predicate when it runs. */
#include "transforms.h"

typedef struct {
  st_func *t, *f;
} cond_payload;

/* Whether the predicate differs between lanes of some vmap. */
static bool batched(const st_tensor *p) {
  for (; p->wrap != ST_WRAP_NONE; p = p->value)
    if (p->wrap == ST_WRAP_VMAP) return true;
  return false;
}

static int select_lanes(const cond_payload *p, st_tensor *pred, st_tensor *const *in, int nout,
                        st_tensor **out) {
  st_tensor *small[16], **t = st__tmp_array(2 * nout, small, 16);
  if (!t) return ST_ERR_OOM;
  int rc = st__func_call("st_cond", p->t, in, t);
  if (!rc) rc = st__func_call("st_cond", p->f, in, t + nout);
  st_tensor *mask = rc ? NULL : st__untrack(st_ne(pred, st_scalar(pred->dtype, 0)));
  if (!rc && !mask) rc = st__status();
  for (int j = 0; !rc && j < nout; j++) {
    st_tensor *a = t[j], *b = t[nout + j];
    bool same = a->ndim == b->ndim && a->dtype == b->dtype;
    for (int d = 0; same && d < a->ndim; d++) same = a->shape[d] == b->shape[d];
    if (!same) {
      char bs[96];
      rc = st__error(
          ST_ERR_SHAPE,
          "st_cond: with a predicate batched by st_vmap both branches run, and output %d is "
          "%s %s in the true branch but %s %s in the false branch",
          j, ST_SHAPE_STR(a), st_dtype_name(a->dtype),
          st__fmt_shape(bs, sizeof bs, b->ndim, b->shape), st_dtype_name(b->dtype));
    } else if (!(out[j] = st__untrack(st_where(mask, a, b)))) {
      rc = st__status();
    }
  }
  st__drop(mask);
  for (int j = 0; j < 2 * nout; j++) st__drop(t[j]);
  st__tmp_free(t, small, 2 * nout);
  return rc;
}

static int cond_rule(const st_hop_call *c, st_tensor **out) {
  const cond_payload *p = c->payload;
  st_tensor *pred = c->in[0], *const *in = c->in + 1;
  if (batched(pred)) return select_lanes(p, pred, in, c->nout, out);
  const st_tensor *v = st__plain("st_cond", pred);
  double x = 0;
  if (!v || st_to_f64(v, &x, 1)) return st__status();
  return st__func_call("st_cond", x != 0 ? p->t : p->f, in, out);
}

static int cond_plain(const st_hop_call *c, st_tensor **out) {
  if (st__capture_cond) { /* st_compile's capture: a node holding both branches */
    const cond_payload *p = c->payload;
    int rc = st__capture_cond(c->in[0], p->t, p->f, c->nin - 1, c->in + 1, out);
    if (rc != 1) return rc;
  }
  return cond_rule(c, out);
}
static int cond_level(int level, const st_hop_call *c, st_tensor **out) {
  (void)level;
  /* st_compile capturing below this level: its predicate read is why the capture ends */
  if (st__capture_cond && !batched(c->in[0]))
    st__capture_refuse("a st_cond under a transform level (grad, jvp or eager autograd's "
                       "recording) reads its predicate");
  return cond_rule(c, out);
}

static const st_hop cond_hop = {"cond", true, cond_plain, cond_level, cond_level, cond_level};

int st_cond(st_tensor *pred, st_func *true_fn, st_func *false_fn, int nin, st_tensor *const *in,
            st_tensor **out) {
  if (!pred || !true_fn || !false_fn || !out) {
    st__null_error(ST_ERR_ARG, "st_cond: %s is NULL",
                   !pred       ? "pred"
                   : !true_fn  ? "true_fn"
                   : !false_fn ? "false_fn"
                               : "out");
    return st__status();
  }
  if (true_fn->nin != nin || false_fn->nin != nin || true_fn->nout != false_fn->nout)
    return st__error(
        ST_ERR_ARG,
        "st_cond: the branches take %d and %d inputs and give %d and %d outputs; both must "
        "take the %d inputs given and give as many outputs",
        true_fn->nin, false_fn->nin, true_fn->nout, false_fn->nout, nin);
  if (st__numel(pred->ndim, pred->shape) != 1)
    return st__error(ST_ERR_SHAPE, "st_cond: the predicate must have one element (got shape %s)",
                     ST_SHAPE_STR(pred));
  if (st__check_args("st_cond", nin, in)) return st__status();
  st_tensor *small[9], **args = st__tmp_array(nin + 1, small, 9);
  if (!args) return ST_ERR_OOM;
  args[0] = pred;
  for (int i = 0; i < nin; i++) args[i + 1] = in[i];
  cond_payload p = {true_fn, false_fn};
  st_hop_call c = {&cond_hop, nin + 1, true_fn->nout, args, &p};
  size_t kept = st__escape_mark();
  int rc = st__dispatch_hop(&c, out);
  st__escape_flush(kept);
  st__tmp_free(args, small, nin + 1);
  if (rc || (rc = st__track_all(true_fn->nout, out))) return rc;
  st__ok();
  return 0;
}
