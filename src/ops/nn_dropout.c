/* nn_dropout.c — dropout (torch.nn.functional.dropout, native_dropout): a random op
   with a second output, the bool mask of kept elements, that its rules read. Needs f32/f64 input,
   as in PyTorch. Also the tail of the nn family's two-output public calls (st__call2). */
#include "../kernels/nn.h"
#include "../kernels/random.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* ------------------------------ dropout: dropout.p, .train; outputs y and the bool mask */

static int infer_dropout(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  double p = c->a.dropout.p;
  if (!(p >= 0 && p <= 1))
    return st__op_error(c, ST_ERR_ARG, "probability p = %g is not in [0, 1]", p);
  if (!st__is_float(x->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "input must be f32 or f64, not %s",
                        st_dtype_name(x->dtype));
  st__meta_like(m, x);
  st__meta_set(&m[1], ST_BOOL, x->ndim, x->shape);
  return 0;
}

/* Draws from the generator even when p is 0 or 1, so the stream advances by the same amount
   whatever p is. */
static int kernel_dropout(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *x = st__contig_as(c->in[0], y->dtype);
  if (!x) return -1;
  int64_t n = st__numel(y->ndim, y->shape);
  uint64_t key, first;
  st__rng_reserve(st__k_random_counters(ST_DRAW_UNIFORM, y->dtype, n), &key, &first);
  st__k_dropout(y->dtype, st__data(x), st__data(y), (bool *)st__data(out[1]), n, c->a.dropout.p,
                key, first);
  st__drop(x);
  return 0;
}

/* derivatives.yaml, native_dropout: native_dropout_backward(grad, mask, scale), g * mask *
   scale with scale = 1 / (1 - p), and 0 for p = 1 (where 1 / (1 - p) would turn the masked
   zeros into NaN). The mask is detached: a saved output comes back attached to this node, and
   a bool tensor must not take part in the graph. */
static st_tensor *dropout_backward(double p, st_tensor *mask_out, st_tensor *g) {
  st_tensor *mask = st_detach(mask_out), *kept = st_mul(g, mask);
  st_tensor *r = st_mul_scalar(kept, p < 1 ? 1 / (1 - p) : 0);
  st_release(mask), st_release(kept);
  return r;
}
static int vjp_dropout(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, dropout_backward(a->a->dropout.p, a->out[1], gout[0]));
  return 0;
}

/* derivatives.yaml, native_dropout: "result0: (p == 1 ? 0.0 : 1.0 / (1.0 - p)) * input_t *
   result1", the same masking as the backward; the bool mask has no tangent. No batching rule:
   the RANDOM flag sends dropout to the vmap interpreter's randomness modes. */
static int jvp_dropout(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  ST_TRY(tout[0] = dropout_backward(a->a->dropout.p, a->out[1], tin[0]));
  return 0;
}

/* Random: the matrix runs forward only (f32 against f64), so the samples keep every element
   (p = 0, in training and not) or none (p = 1), which needs no shared generator state. Errors:
   p outside [0, 1] and an i64 input. */
static int samples_dropout(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {.dropout = {0, true}};
  PUSH("p = 0, train", 1, SMP(3, 4));
  PUSH("non-contiguous", 1, SMP_NC(3, 4));
  PUSH("broadcast", 1, SMP_BC(3, 4));
  PUSH("0-dim", 1, SMP0());
  PUSH("size-0", 1, SMP(0, 4));
  a.dropout.train = 0;
  PUSH("p = 0, eval", 1, SMP(3, 4));
  a.dropout.p = 1, a.dropout.train = 1;
  PUSH("p = 1, train", 1, SMP(3, 4));
  a.dropout.p = 1.5;
  FAIL("p out of range", ST_ERR_ARG, 1, SMP(3, 4));
  a.dropout.p = 0.5;
  FAIL("i64 input", ST_ERR_DTYPE, 1, SMP_AS(ST_I64, 3, 4));
  return n;
}

const st_op st__op_dropout = {.id = ST_OP_dropout, .name = "dropout", .nin = 1, .nout = 2,
                              .flags = ST_OP_RANDOM, .infer = infer_dropout,
                              .kernel = kernel_dropout, .saves = ST_SAVE_OUT(1), .vjp = vjp_dropout,
                              .jvp = jvp_dropout, .samples = samples_dropout};


/* ------------------------------------------------------------------------ public functions */

/* The tail of a two-output call: like st__call1, with the second output in *second. */
st_tensor *st__call2(const st_opcall *c, st_tensor **second) {
  st_tensor *out[ST_MAX_OUTS];
  *second = NULL;
  if (st__dispatch(c, out)) return NULL;
  st_tensor *y = st__track(out[0]), *s = st__track(out[1]);
  if (!y || !s) {
    st_release(y);
    st_release(s);
    return NULL;
  }
  *second = s;
  st__ok();
  return y;
}

st_tensor *st__native_dropout(st_tensor *x, double p, st_tensor **mask) {
  st_opcall c = ST_CALL(dropout, x);
  c.a.dropout.p = p;
  c.a.dropout.train = true;
  return st__call2(&c, mask);
}

/* Without train, the identity after the same argument checks. It needs no op of its own: a view
   of x (a distinct object, as every call returns; PyTorch returns x itself). */
st_tensor *st_dropout(st_tensor *x, double p, bool train) {
  st_opcall c = ST_CALL(dropout, x);
  st_meta m[ST_MAX_OUTS]; /* infer describes both outputs, y and the mask */
  c.a.dropout.p = p;
  c.a.dropout.train = train;
  if (train) return st__call1(&c);
  if (!x) {
    st__null_arg("st_dropout", 1);
    return NULL;
  }
  if (c.op->infer(&c, m)) return NULL;
  return st__same_tensor(x); /* torch's eval-mode dropout returns its input */
}
