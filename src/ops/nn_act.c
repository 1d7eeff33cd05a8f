/* nn_act.c — the pointwise activations of torch.nn.functional that are not unary ops of their
   own kind: leaky_relu (act.alpha = negative_slope), elu (act.alpha), hardtanh (bounds.lo =
   min_val, bounds.hi = max_val) and logsigmoid. Float ops: i64/bool inputs compute in f32 (the
   library's rule for float ops; PyTorch rejects integer leaky_relu, elu and logsigmoid, and keeps
   the integer dtype for hardtanh). The loops are st__k_activation in src/kernels/activation.c.

   Derivatives follow derivatives.yaml, each written with public ops (where, comparisons,
   sigmoid) so that it is differentiable again. At the kinks they take torch's side: leaky_relu
   and elu use the negative branch at 0 (x > 0 is false there), hardtanh passes the gradient only
   strictly inside (min_val, max_val), as hardtanh_backward does. */
#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

static st_act_kind act_of(st_op_id id) {
  switch (id) {
  case ST_OP_leaky_relu: return ST_K_LEAKY_RELU;
  case ST_OP_elu: return ST_K_ELU;
  case ST_OP_hardtanh: return ST_K_HARDTANH;
  default: return ST_K_LOGSIGMOID;
  }
}

static int infer_act(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  if (c->op->id == ST_OP_hardtanh && c->a.bounds.lo > c->a.bounds.hi) /* F.hardtanh's ValueError */
    return st__op_error(c, ST_ERR_ARG, "min_val %g cannot be greater than max_val %g",
                        c->a.bounds.lo, c->a.bounds.hi);
  st__meta_set(m, st__nn_float_type(x->dtype), x->ndim, x->shape);
  return 0;
}

static int kernel_act(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *x = st__contig_as(c->in[0], y->dtype);
  if (!x) return -1;
  bool bounded = c->op->id == ST_OP_hardtanh; /* bounds.lo, .hi; the others read act.alpha */
  st__k_activation(y->dtype, act_of(c->op->id), st__data(x), st__data(y),
                   st__numel(y->ndim, y->shape), bounded ? c->a.bounds.lo : c->a.act.alpha,
                   bounded ? c->a.bounds.hi : 0);
  st__drop(x);
  return 0;
}

/* x > v (bool), with v a 0-dim scalar of x's dtype. */
static st_tensor *greater(st_tensor *x, double v) {
  return st_gt(x, st_scalar(x->dtype, v));
}

/* The derivative of each activation times g (a gradient or a tangent), in public ops:
   leaky_relu_backward: where(x > 0, g, slope * g);
   elu_backward from the input, as torch's out-of-place elu saves it (is_result false), so that
   writing the result in place leaves the graph intact: where(x > 0, g, g * alpha * e^x);
   hardtanh_backward: where(min_val < x < max_val, g, 0);
   log_sigmoid_backward: g * sigmoid(-x). */
static st_tensor *act_times(st_op_id id, const st_attrs *at, st_tensor *x, st_tensor *g) {
  st_tensor *r = NULL, *mask = NULL, *other = NULL, *t = NULL;
  switch (id) {
  case ST_OP_leaky_relu:
    mask = greater(x, 0);
    other = st_mul_scalar(g, at->act.alpha);
    r = st_where(mask, g, other);
    break;
  case ST_OP_elu:
    mask = greater(x, 0);
    t = st_mul_scalar(st_exp(x), at->act.alpha);
    other = st_mul(g, t);
    r = st_where(mask, g, other);
    break;
  case ST_OP_hardtanh: {
    st_tensor *lo = greater(x, at->bounds.lo), *hi = st_scalar(x->dtype, at->bounds.hi);
    st_tensor *below = st_lt(x, hi);
    mask = st_logical_and(lo, below);
    other = st_zeros_like(g);
    r = st_where(mask, g, other);
    break;
  }
  default:
    t = st_neg(x);
    other = st_sigmoid(t);
    r = st_mul(g, other);
    break;
  }
  (void)t; /* the temporaries are the rule's scope's */
  return r;
}

static int vjp_act(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, act_times(a->op->id, a->a, a->in[0], gout[0]));
  return 0;
}

/* derivatives.yaml's forward formulas are the same backward functions on the tangent
   (leaky_relu_backward(self_t, ...), hardtanh_backward(self_t, ...), ...). */
static int jvp_act(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  ST_TRY(tout[0] = act_times(a->op->id, a->a, a->in[0], tin[0]));
  return 0;
}

/* Every layout, 0-dim and empty; values in [-2, 2] away from the kinks by far more than the
   finite differences' step (the sample values are irrational strides). leaky_relu with a
   slope of 0.1 and a negative one, elu with alpha 1, 0.5 and -0.5, hardtanh with its defaults
   [-1, 1] and [-0.5, 0.75]. Errors: hardtanh with min_val > max_val. */
static int samples_act(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {.act = {op->id == ST_OP_elu ? 1 : 0.1}};
  if (op->id == ST_OP_hardtanh) a = (st_attrs){.bounds = {-1, 1}};
  PUSH("contiguous", 1, SMP(3, 4));
  PUSH("non-contiguous", 1, SMP_NC(3, 4));
  PUSH("broadcast", 1, SMP_BC(3, 4));
  PUSH("0-dim", 1, SMP0());
  PUSH("size-0", 1, SMP(0, 4));
  if (op->id == ST_OP_leaky_relu) {
    a.act.alpha = -0.3;
    PUSH("negative slope", 1, SMP(2, 3));
  }
  if (op->id == ST_OP_elu) {
    a.act.alpha = 0.5;
    PUSH("alpha 0.5", 1, SMP(2, 3));
    a.act.alpha = -0.5;
    PUSH("negative alpha", 1, SMP(2, 3));
  }
  if (op->id == ST_OP_hardtanh) {
    a.bounds.lo = -0.5, a.bounds.hi = 0.75;
    PUSH("[-0.5, 0.75]", 1, SMP_NC(2, 3));
    a.bounds.lo = 1, a.bounds.hi = -1;
    FAIL("min_val > max_val", ST_ERR_ARG, 1, SMP(2, 3));
  }
  return n;
}

#define ACT(NAME, SAVES)                                                                           \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME, .name = #NAME, .nin = 1, .nout = 1,             \
                               .infer = infer_act, .kernel = kernel_act, .saves = (SAVES),         \
                               .vjp = vjp_act, .jvp = jvp_act, .vmap = st__vmap_elementwise,       \
                               .samples = samples_act};
ACT(leaky_relu, ST_SAVE_IN(0))
ACT(elu, ST_SAVE_IN(0))
ACT(hardtanh, ST_SAVE_IN(0))
ACT(logsigmoid, ST_SAVE_IN(0))
#undef ACT

/* ------------------------------------------------------------------------ public functions */

static st_tensor *act_call(st_op_id id, st_tensor *x, st_attrs a) {
  st_opcall c = {.op = st__ops[id], .nin = 1, .in = (st_tensor *const[]){x}, .a = a};
  return st__call1(&c);
}

st_tensor *st_leaky_relu(st_tensor *x, double negative_slope) {
  return act_call(ST_OP_leaky_relu, x, (st_attrs){.act = {negative_slope}});
}
st_tensor *st_elu(st_tensor *x, double alpha) {
  return act_call(ST_OP_elu, x, (st_attrs){.act = {alpha}});
}
st_tensor *st_hardtanh(st_tensor *x, double min_val, double max_val) {
  return act_call(ST_OP_hardtanh, x, (st_attrs){.bounds = {min_val, max_val}});
}
st_tensor *st_logsigmoid(st_tensor *x) { return act_call(ST_OP_logsigmoid, x, (st_attrs){0}); }
