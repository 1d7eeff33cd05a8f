/* nn_softmax.c — softmax and log_softmax along one dim (torch.nn.functional semantics;
   the loop is st__k_softmax in src/kernels/softmax.c). Float ops: i64/bool inputs compute in f32
   (the library's rule for float ops; PyTorch instead rejects integer softmax). */
#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* -------------------------------------------------- softmax, log_softmax: axis.dim */

static int infer_softmax(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  char fn[32];
  snprintf(fn, sizeof fn, "st_%s", c->op->name);
  if (st__wrap_dim(fn, (int)c->a.axis.dim, x->ndim) < 0) return -1;
  st__meta_set(m, st__nn_float_type(x->dtype), x->ndim, x->shape);
  return 0;
}

static int kernel_softmax(const st_opcall *c, st_tensor *const *out) {
  st_tensor *x = c->in[0];
  int dim =
      (int)c->a.axis.dim < 0 ? (int)c->a.axis.dim + (x->ndim ? x->ndim : 1) : (int)c->a.axis.dim;
  int64_t outer = 1, n = x->ndim ? x->shape[dim] : 1, inner = 1;
  for (int d = 0; d < dim; d++) outer *= x->shape[d];
  for (int d = dim + 1; d < x->ndim; d++) inner *= x->shape[d];
  st_tensor *xc = st__contig_as(x, out[0]->dtype);
  if (!xc) return -1;
  st__k_softmax(out[0]->dtype, st__data(xc), st__data(out[0]), outer, n, inner,
                c->op->id == ST_OP_log_softmax);
  st__drop(xc);
  return 0;
}

/* derivatives.yaml, _softmax: _softmax_backward_data, y * (g - sum(g * y, dim, keepdim)). */
static st_tensor *softmax_backward(st_tensor *g, st_tensor *y, int dim) {
  st_tensor *gy = st_mul(g, y), *s = st_sum(gy, 1, &dim, true), *d = st_sub(g, s);
  st_tensor *r = st_mul(y, d);
  st_release(gy), st_release(s), st_release(d);
  return r;
}
static int vjp_softmax(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, softmax_backward(gout[0], a->out[0], (int)a->a->axis.dim));
  return 0;
}

/* derivatives.yaml, _log_softmax: _log_softmax_backward_data, g - exp(y) * sum(g, dim, keepdim). */
static st_tensor *log_softmax_backward(st_tensor *g, st_tensor *y, int dim) {
  st_tensor *s = st_sum(g, 1, &dim, true), *p = st_exp(y), *ps = st_mul(p, s);
  st_tensor *r = st_sub(g, ps);
  st_release(s), st_release(p), st_release(ps);
  return r;
}
static int vjp_log_softmax(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, log_softmax_backward(gout[0], a->out[0], (int)a->a->axis.dim));
  return 0;
}

/* derivatives.yaml, _softmax: "result: result * (self_t - (result * self_t).sum(dim, true))",
   which is softmax_backward with the tangent for the gradient (the Jacobian is symmetric). */
static int jvp_softmax(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  ST_TRY(tout[0] = softmax_backward(tin[0], a->out[0], (int)a->a->axis.dim));
  return 0;
}

/* derivatives.yaml, _log_softmax: "result: self_t - logsumexp_jvp(self_p, self_t, {dim}, true)",
   the tangent minus its softmax-weighted sum, t - sum(exp(y) * t, dim, keepdim). */
static int jvp_log_softmax(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  int dim = (int)a->a->axis.dim;
  st_tensor *s = st_sum(st_mul(st_exp(a->out[0]), tin[0]), 1, &dim, true);
  ST_TRY(tout[0] = st_sub(tin[0], s));
  return 0;
}

/* Both act on one dim: the lanes stay where they are and the dim moves past them. A 0-dim value
   gets a size-1 dim to act on (a dim of [B] would be the lanes). */
static int vmap_softmax(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  st_tensor *x = a->in[0];
  bool scalar = st__lrank(a, 0) == 0;
  if (scalar) ST_TRY(x = st_unsqueeze(x, 1));
  c.a.axis.dim = scalar ? 1 : st__pdim(a->bdim[0], st__bdim_shift(a, 0, c.a.axis.dim) - 1);
  if (st__redispatch(&c, &x, out)) return st__rule_failed();
  out_bdim[0] = scalar ? 0 : a->bdim[0];
  if (scalar) ST_TRY(out[0] = st_squeeze(st__track(out[0]), 1));
  return 0;
}

/* Along the last, the first and a middle dim; a 0-dim input (dim 0) and an empty one. Errors:
   dims out of range. */
static int samples_softmax(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {.axis = {1}};
  PUSH("contiguous", 1, SMP(3, 4));
  PUSH("size-0", 1, SMP(0, 4));
  a.axis.dim = -1;
  PUSH("broadcast", 1, SMP_BC(3, 4));
  a.axis.dim = 0;
  PUSH("non-contiguous", 1, SMP_NC(3, 4));
  PUSH("0-dim", 1, SMP0());
  a.axis.dim = 1;
  PUSH("3-D, middle dim", 1, SMP_NC(2, 3, 2));
  a.axis.dim = 2;
  FAIL("dim out of range", ST_ERR_ARG, 1, SMP(3, 4));
  a.axis.dim = -3;
  FAIL("negative dim out of range", ST_ERR_ARG, 1, SMP(3, 4));
  return n;
}

const st_op st__op_softmax = {.id = ST_OP_softmax, .name = "softmax", .nin = 1, .nout = 1,
                              .infer = infer_softmax, .kernel = kernel_softmax,
                              .saves = ST_SAVE_OUT(0), .vjp = vjp_softmax, .jvp = jvp_softmax,
                              .vmap = vmap_softmax, .samples = samples_softmax};
const st_op st__op_log_softmax = {.id = ST_OP_log_softmax, .name = "log_softmax", .nin = 1,
                                  .nout = 1, .infer = infer_softmax, .kernel = kernel_softmax,
                                  .saves = ST_SAVE_OUT(0), .vjp = vjp_log_softmax,
                                  .jvp = jvp_log_softmax, .vmap = vmap_softmax,
                                  .samples = samples_softmax};


/* ------------------------------------------------------------------------ public functions */

st_tensor *st_softmax(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(softmax, a);
  c.a.axis.dim = dim;
  return st__call1(&c);
}
st_tensor *st_log_softmax(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(log_softmax, a);
  c.a.axis.dim = dim;
  return st__call1(&c);
}
