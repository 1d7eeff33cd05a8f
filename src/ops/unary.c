/* unary.c — the unary elementwise ops (neg ... round, clamp, logical_not) and the in-place
   clamp_, zero_ and fill_. The ops differ only in their inner loop and dtype rule, so they share
   one infer and one kernel, parameterized by the table `infos` indexed by op id. */
#include <math.h>

#include "../kernels/elementwise.h"
#include "op.h"
#include "rules.h"

/* How an op maps its input dtype to its output dtype. */
typedef enum {
  RULE_FLOAT,   /* f32/f64 keep; i64 and bool compute in f32 (PyTorch's int-to-float ops) */
  RULE_NUMERIC, /* f32/f64/i64 keep; bool is an error (torch.neg, abs, relu, floor on bool) */
  RULE_ANY,     /* every dtype keeps (torch.sign of bool is the identity) */
  RULE_SQUARE,  /* bool becomes i64 (torch.square is pow(x, 2)); others keep */
  RULE_LOGICAL, /* any dtype in, bool out */
} dtype_rule;

typedef struct {
  st_unary_kind kind;
  dtype_rule rule;
  int64_t grain; /* elements below which a run stays on one thread (iter.h) */
} unary_info;

#define CHEAP(k, rule) {ST_UK_##k, rule, ST_GRAIN_CHEAP}
#define MATH(k) {ST_UK_##k, RULE_FLOAT, ST_GRAIN_MATH}

static const unary_info infos[ST_OP_COUNT] = {
  [ST_OP_neg] = CHEAP(neg, RULE_NUMERIC),
  [ST_OP_abs] = CHEAP(abs, RULE_NUMERIC),
  [ST_OP_sign] = CHEAP(sign, RULE_ANY),
  [ST_OP_exp] = MATH(exp),
  [ST_OP_expm1] = MATH(expm1),
  [ST_OP_log] = MATH(log),
  [ST_OP_log1p] = MATH(log1p),
  [ST_OP_sqrt] = CHEAP(sqrt, RULE_FLOAT),
  [ST_OP_rsqrt] = CHEAP(rsqrt, RULE_FLOAT),
  [ST_OP_square] = CHEAP(square, RULE_SQUARE),
  [ST_OP_reciprocal] = CHEAP(reciprocal, RULE_FLOAT),
  [ST_OP_sin] = MATH(sin),
  [ST_OP_cos] = MATH(cos),
  [ST_OP_tan] = MATH(tan),
  [ST_OP_tanh] = MATH(tanh),
  [ST_OP_sigmoid] = MATH(sigmoid),
  [ST_OP_relu] = CHEAP(relu, RULE_NUMERIC),
  [ST_OP_gelu] = MATH(gelu),
  [ST_OP_silu] = MATH(silu),
  [ST_OP_softplus] = MATH(softplus),
  [ST_OP_erf] = MATH(erf),
  [ST_OP_floor] = CHEAP(floor, RULE_NUMERIC),
  [ST_OP_ceil] = CHEAP(ceil, RULE_NUMERIC),
  [ST_OP_round] = CHEAP(round, RULE_NUMERIC),
  [ST_OP_logical_not] = CHEAP(logical_not, RULE_LOGICAL),
};

static st_dtype out_dtype(dtype_rule rule, st_dtype dt) {
  switch (rule) {
  case RULE_FLOAT: return st__is_float(dt) ? dt : ST_F32;
  case RULE_SQUARE: return dt == ST_BOOL ? ST_I64 : dt;
  case RULE_LOGICAL: return ST_BOOL;
  default: return dt;
  }
}

/* out = f(in), f reading in_dt and writing out_dt (st__ew_run converts where they differ). */
static int run_unary(st_tensor *out, st_dtype out_dt, st_tensor *in, st_dtype in_dt,
                     st_unary_kind kind, const void *ctx, int64_t grain) {
  st_view v = st__view_of(in);
  st_dtype loop_dt = kind == ST_UK_logical_not ? in_dt : out_dt;
  return st__ew_run(st__view_of(out), out_dt, 1, &v, &in_dt, st__unary_loop(kind, loop_dt), ctx,
                    grain);
}

/* ------------------------------------------------------------------- the shared unary op */

static int infer_unary(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  dtype_rule rule = infos[c->op->id].rule;
  if (rule == RULE_NUMERIC && a->dtype == ST_BOOL) {
    if (c->op->id == ST_OP_neg)
      return st__op_error(c, ST_ERR_DTYPE, "negation of a bool tensor is not supported; use "
                                           "st_logical_not to invert a mask");
    return st__op_error(c, ST_ERR_DTYPE, "bool tensors are not supported (f32, f64 or i64)");
  }
  st__meta_set(m, out_dtype(rule, a->dtype), a->ndim, a->shape);
  return 0;
}

static int kernel_unary(const st_opcall *c, st_tensor *const *out) {
  const unary_info *u = &infos[c->op->id];
  st_dtype in_dt = u->rule == RULE_LOGICAL ? c->in[0]->dtype : out[0]->dtype;
  return run_unary(out[0], out[0]->dtype, c->in[0], in_dt, u->kind, NULL, u->grain);
}

/* ------------------------------------------------------------------ vjp and jvp rules */

/* The rules follow PyTorch's tools/autograd/derivatives.yaml (and FunctionsManual.cpp for the
   named *_backward helpers), written with public ops so that they are differentiable again.
   An elementwise op has a diagonal Jacobian, so its vjp (the output's gradient times f') and
   its jvp (the input's tangent times f') are the same product: derivatives.yaml's "result:"
   formulas of these ops are their "self:" formulas with grad replaced by self_t (most through
   auto_element_wise). One function computes that product for both rules. */

/* A 0-dim zero of t's dtype: the "else" branch of where() in masked derivatives, which
   broadcasts and does not promote a dimensioned tensor. */
static st_tensor *zero_like0(st_tensor *t) { return st_scalar(st_dtype_of(t), 0); }

#define SQRT1_2 0.70710678118654752440         /* 1 / sqrt(2) */
#define TWO_OVER_SQRTPI 1.12837916709551257390 /* 2 / sqrt(pi), erf's derivative at 0 */

/* gelu (erf form, approximate='none'): gelu_backward's factor Phi(x) + x * phi(x) with
   Phi(x) = (1 + erf(x / sqrt 2)) / 2 and phi(x) = exp(-x^2 / 2) / sqrt(2 pi). */
static st_tensor *gelu_derivative(st_tensor *x) {
  st_tensor *cdf = st_mul_scalar(st_add_scalar(st_erf(st_mul_scalar(x, SQRT1_2)), 1), 0.5);
  st_tensor *pdf = st_mul_scalar(st_exp(st_mul_scalar(st_square(x), -0.5)),
                                 0.5 * TWO_OVER_SQRTPI * SQRT1_2);
  return st_add(cdf, st_mul(x, pdf));
}

/* clamp_backward as torch 2.15 computes it: where((self > min) & (self < max), grad, 0): g passes
   where the input lies strictly within the bounds (0 at a bound, checked against the venv's
   torch, also for the jvp and the one-sided forms); a NaN input passes none. A missing bound
   (+-inf) is not compared; with neither bound clamp is the identity and so is its derivative.
   The in-place clamp_ reads self as it was before the write. */
static st_tensor *clamp_times(const st_attrs *at, st_tensor *x, st_tensor *g) {
  st_tensor *mask = NULL;
  double lo = at->f[0], hi = at->f[1];
  bool has_lo = lo != -INFINITY, has_hi = hi != INFINITY;
  if (!has_lo && !has_hi) return st__track(st_retain(g));
  if (has_lo) mask = st_gt(x, st_scalar(ST_F64, lo));
  if (has_hi) { /* a failed lower mask stays NULL, so the result does (never a one-sided mask) */
    st_tensor *lt = st_lt(x, st_scalar(ST_F64, hi));
    mask = has_lo ? st_logical_and(mask, lt) : lt;
  }
  return st_where(mask, g, zero_like0(g));
}

/* g * f'(x) for the differentiable unary op `op` from its input x and its result y (the vjp
   reads only the one its record saves); g is the output's gradient (vjp) or the input's
   tangent (jvp). */
static st_tensor *times_derivative(const st_op *op, const st_attrs *at, st_tensor *x, st_tensor *y,
                                   st_tensor *g) {
  switch (op->id) {
  case ST_OP_neg: return st_neg(g);
  case ST_OP_abs: return st_mul(g, st_sign(x));                  /* sgn: abs'(0) = 0 */
  case ST_OP_exp: return st_mul(g, y);                           /* result */
  case ST_OP_expm1: return st_mul(g, st_add_scalar(y, 1));       /* result + 1 */
  case ST_OP_log: return st_div(g, x);                           /* 1 / self */
  case ST_OP_log1p: return st_div(g, st_add_scalar(x, 1));       /* log1p_backward */
  case ST_OP_sqrt: return st_div(g, st_mul_scalar(y, 2));        /* inf at 0, as in PyTorch */
  case ST_OP_square: return st_mul(g, st_mul_scalar(x, 2));      /* pow(self, 2) */
  case ST_OP_reciprocal: return st_mul(g, st_neg(st_square(y))); /* -result^2 */
  case ST_OP_rsqrt: return st_mul(g, st_mul_scalar(st_pow_scalar(y, 3), -0.5)); /* -result^3/2 */
  case ST_OP_sin: return st_mul(g, st_cos(x));
  case ST_OP_cos: return st_mul(g, st_neg(st_sin(x)));
  case ST_OP_tan: return st_mul(g, st_add_scalar(st_square(y), 1)); /* 1 + result^2 */
  /* g (1 - result^2), g result (1 - result), where(result > 0, g, 0): one op each, as in
     PyTorch (relu'(0) = 0) */
  case ST_OP_tanh: return st__tanh_backward(g, y);
  case ST_OP_sigmoid: return st__sigmoid_backward(g, y);
  case ST_OP_relu: return st__threshold_backward(g, y);
  case ST_OP_gelu: return st_mul(g, gelu_derivative(x));
  case ST_OP_silu: { /* s * (1 + x * (1 - s)) with s = sigmoid(x) */
    st_tensor *s = st_sigmoid(x);
    return st_mul(g, st_mul(s, st_add_scalar(st_mul(x, st_add_scalar(st_neg(s), 1)), 1)));
  }
  case ST_OP_softplus: return st_mul(g, st_sigmoid(x)); /* softplus_backward, beta 1 */
  case ST_OP_erf: return st_mul(g, st_mul_scalar(st_exp(st_neg(st_square(x))), TWO_OVER_SQRTPI));
  case ST_OP_clamp:
  case ST_OP_clamp_: return clamp_times(at, x, g);
  /* derivatives.yaml: "self: zeros_like(grad)": piecewise constant, so their outputs require
     grad (as in PyTorch) and pass a zero gradient */
  case ST_OP_sign:
  case ST_OP_floor:
  case ST_OP_ceil:
  case ST_OP_round: return st_zeros_like(g);
  default: st__error(ST_ERR_AUTOGRAD, "st_%s: no derivative", op->name); return NULL;
  }
}

/* vjp of the differentiable unary ops: grad * f'. */
static int vjp_unary(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, times_derivative(a->op, a->a, a->in[0], a->out[0], gout[0]));
  return 0;
}

/* jvp of the differentiable unary ops: self_t * f'. */
static int jvp_unary(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (tin[0] && !(tout[0] = times_derivative(a->op, a->a, a->in[0], a->out[0], tin[0])))
    return st__rule_failed();
  return 0;
}

/* A differentiable record gets both rules; a NONDIFF one neither. */
/* ------------------------------------------------------------------------------- samples */

/* Where an op is smooth and defined: logs and roots need positive inputs, tan stays away from
   its poles; the others see both signs. */
static void domain(st_op_id id, double *lo, double *hi) {
  switch (id) {
  case ST_OP_log: case ST_OP_log1p: case ST_OP_sqrt: case ST_OP_rsqrt: case ST_OP_reciprocal:
    *lo = 0.5, *hi = 2.0;
    return;
  case ST_OP_tan: *lo = -1.0, *hi = 1.0; return;
  default: *lo = -2.0, *hi = 2.0; return;
  }
}

/* Every layout once, and a bool input for the ops that refuse one. clamp's bounds sit inside the
   range, so both the clamped and the passed-through parts are seen. */
static int samples_unary(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double lo, hi;
  domain(op->id, &lo, &hi);
  st_attrs a = {.f = {op->id == ST_OP_fill_ ? 0.5 : -1.0, 1.0}};
  int n = 0;
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s03[2] = {0, 3};
  n = st__sample_push(out, cap, n, "contiguous", ST_OK, &a, 1, st__sample(dt, 2, s23, lo, hi));
  n = st__sample_push(out, cap, n, "non-contiguous", ST_OK, &a, 1, st__sample_noncontig(dt, 2, s32, lo, hi));
  if (!(op->flags & ST_OP_INPLACE)) /* an expanded tensor cannot be written in place */
    n = st__sample_push(out, cap, n, "broadcast", ST_OK, &a, 1, st__sample_broadcast(dt, 2, s23, lo, hi));
  n = st__sample_push(out, cap, n, "0-dim", ST_OK, &a, 1, st__sample(dt, 0, NULL, lo, hi));
  n = st__sample_push(out, cap, n, "size-0", ST_OK, &a, 1, st__sample(dt, 2, s03, lo, hi));
  if (infos[op->id].rule == RULE_NUMERIC)
    n = st__sample_push(out, cap, n, "bool input", ST_ERR_DTYPE, &a, 1, st__sample(ST_BOOL, 1, (const int64_t[]){3}, 0, 2));
  return n;
}

#define UNARY(NAME, FLAGS, SAVES)                                                                  \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME, .name = #NAME, .nin = 1, .nout = 1,             \
                               .flags = (FLAGS), .infer = infer_unary, .kernel = kernel_unary,     \
                               .saves = (SAVES), .samples = samples_unary,                         \
                               .vjp = (FLAGS) & ST_OP_NONDIFF ? NULL : vjp_unary,                  \
                               .jvp = (FLAGS) & ST_OP_NONDIFF ? NULL : jvp_unary,                  \
                               .vmap = st__vmap_elementwise};
#define IN0 ST_SAVE_IN(0)
#define OUT0 ST_SAVE_OUT(0)
UNARY(neg, 0, 0)
UNARY(abs, 0, IN0)
UNARY(sign, 0, 0)
UNARY(exp, 0, OUT0)
UNARY(expm1, 0, OUT0)
UNARY(log, 0, IN0)
UNARY(log1p, 0, IN0)
UNARY(sqrt, 0, OUT0)
UNARY(rsqrt, 0, OUT0)
UNARY(square, 0, IN0)
UNARY(reciprocal, 0, OUT0)
UNARY(sin, 0, IN0)
UNARY(cos, 0, IN0)
UNARY(tan, 0, OUT0)
UNARY(tanh, 0, OUT0)
UNARY(sigmoid, 0, OUT0)
UNARY(relu, 0, OUT0)
UNARY(gelu, 0, IN0)
UNARY(silu, 0, IN0)
UNARY(softplus, 0, IN0)
UNARY(erf, 0, IN0)
UNARY(floor, 0, 0)
UNARY(ceil, 0, 0)
UNARY(round, 0, 0)
UNARY(logical_not, ST_OP_NONDIFF, 0)

/* ---------------------------------------------------- clamp, clamp_: f[0] min, f[1] max */

/* A bound is missing when it is -inf (min) or +inf (max). The present bounds promote like
   Python scalars (torch.clamp type-promotes): clamping an i64 tensor to 0.5 gives f32. Without
   any bound a bool tensor stays bool; with one it becomes i64. */
static st_dtype clamp_dtype(st_dtype dt, double lo, double hi) {
  if (lo != -INFINITY) dt = st__result_type_scalar(dt, lo);
  if (hi != INFINITY) dt = st__result_type_scalar(dt, hi);
  return dt;
}

/* A NaN bound makes the result dtype float, so its i64 form is never read: 0, not a cast. */
static int64_t saturate_i64(double v) {
  return v <= -0x1p63 ? INT64_MIN : v >= 0x1p63 ? INT64_MAX : v == v ? (int64_t)v : 0;
}

static int infer_clamp(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  st__meta_set(m, clamp_dtype(a->dtype, c->a.f[0], c->a.f[1]), a->ndim, a->shape);
  return 0;
}

/* The bounds reach the i64 loop saturated: a bound beyond the i64 range clamps nothing. */
static int kernel_clamp(const st_opcall *c, st_tensor *const *out) {
  double lo = c->a.f[0], hi = c->a.f[1];
  st_dtype dt = clamp_dtype(c->in[0]->dtype, lo, hi);
  if (dt == ST_BOOL) { /* no bound: a copy (a no-op in place) */
    if (out[0] != c->in[0]) st__k_copy(st__view_of(out[0]), st__view_of(c->in[0]));
    return 0;
  }
  st_clamp_params p = {lo, hi, saturate_i64(lo), saturate_i64(hi)};
  return run_unary(out[0], dt, c->in[0], dt, ST_UK_clamp, &p, ST_GRAIN_CHEAP);
}

/* In place, the promoted dtype must be storable in self's (no float into i64, no i64 into
   bool: PyTorch's can_cast), and self must not be an expanded tensor. */
static int infer_clamp_(const st_opcall *c, st_meta *m) {
  const st_tensor *self = c->in[0];
  st_dtype dt = clamp_dtype(self->dtype, c->a.f[0], c->a.f[1]);
  if (st__dtype_category(dt) > st__dtype_category(self->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "result dtype %s (bounds %g, %g) cannot be cast to self's "
                                         "dtype %s", st_dtype_name(dt), c->a.f[0], c->a.f[1],
                        st_dtype_name(self->dtype));
  /* an empty tensor has no element to overlap, whatever its strides (PyTorch allows it) */
  int d = st__numel(self->ndim, self->shape) ? st__repeated_dim(self) : -1;
  if (d >= 0)
    return st__op_error(c, ST_ERR_INPLACE, "more than one element of self %s refers to a single "
                                           "memory location (stride 0 in dim %d); clone it first",
                        ST_SHAPE_STR(self), d);
  st__meta_like(m, self);
  return 0;
}

const st_op st__op_clamp = {.id = ST_OP_clamp, .name = "clamp", .nin = 1, .nout = 1,
                            .infer = infer_clamp, .kernel = kernel_clamp, .saves = IN0,
                            .vjp = vjp_unary, .jvp = jvp_unary, .vmap = st__vmap_elementwise,
                            .samples = samples_unary};
const st_op st__op_clamp_ = {.id = ST_OP_clamp_, .name = "clamp_", .nin = 1, .nout = 1,
                             .flags = ST_OP_INPLACE, .infer = infer_clamp_, .kernel = kernel_clamp,
                             .saves = IN0, .vjp = vjp_unary, .jvp = jvp_unary,
                             .vmap = st__vmap_elementwise, .samples = samples_unary};

/* ------------------------------------------------------------- zero_, fill_: f[0] value */

/* Every element gets the same value, so an expanded self is fine here (PyTorch's fill_ allows
   it too). A value an i64 tensor cannot hold is an error rather than undefined behaviour. */
static int infer_fill_(const st_opcall *c, st_meta *m) {
  const st_tensor *self = c->in[0];
  double v = c->a.f[0];
  if (self->dtype == ST_I64 && !(v >= -0x1p63 && v < 0x1p63))
    return st__op_error(c, ST_ERR_ARG, "value %g cannot be converted to i64 without overflow", v);
  st__meta_like(m, self);
  return 0;
}

static int kernel_fill_(const st_opcall *c, st_tensor *const *out) {
  st__k_fill(st__view_of(out[0]), c->a.f[0]);
  return 0;
}

/* fill_ / zero_: self's old values no longer reach the result, so self gets a zero gradient.
   derivatives.yaml returns zeros_like(grad) rather than no gradient, so the history of self
   still receives (zero) gradients, as it does in PyTorch. */
static int vjp_fill_(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  (void)gout;
  ST_GRAD(0, st__zeros_meta(&a->in_meta[0]));
  return 0;
}

/* fill_ / zero_: the new value is a constant, so self's new tangent is zero. derivatives.yaml
   writes zeros into self's tangent (self_t.zero_()), so one that had a tangent keeps a zero one
   rather than none, and a later rule's infinite or NaN partial meets it (0 * NaN is NaN), as
   in PyTorch; one without a tangent stays without. */
static int jvp_fill_(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  (void)a;
  if (tin[0] && !(tout[0] = st_zeros_like(tin[0]))) return st__rule_failed();
  return 0;
}

const st_op st__op_zero_ = {.id = ST_OP_zero_, .name = "zero_", .nin = 1, .nout = 1,
                            .flags = ST_OP_INPLACE, .infer = infer_fill_, .kernel = kernel_fill_,
                            .vjp = vjp_fill_, .jvp = jvp_fill_, .vmap = st__vmap_elementwise,
                            .samples = samples_unary};
const st_op st__op_fill_ = {.id = ST_OP_fill_, .name = "fill_", .nin = 1, .nout = 1,
                            .flags = ST_OP_INPLACE, .infer = infer_fill_, .kernel = kernel_fill_,
                            .vjp = vjp_fill_, .jvp = jvp_fill_, .vmap = st__vmap_elementwise,
                            .samples = samples_unary};

/* ------------------------------------------------------------------------ public functions */

#define UNARY_PUBLIC(name)                                                                         \
  st_tensor *st_##name(st_tensor *a) {                                                             \
    st_opcall c = ST_CALL(name, a);                                                                  \
    return st__call1(&c);                                                                          \
  }
UNARY_PUBLIC(neg)
UNARY_PUBLIC(abs)
UNARY_PUBLIC(sign)
UNARY_PUBLIC(exp)
UNARY_PUBLIC(expm1)
UNARY_PUBLIC(log)
UNARY_PUBLIC(log1p)
UNARY_PUBLIC(sqrt)
UNARY_PUBLIC(rsqrt)
UNARY_PUBLIC(square)
UNARY_PUBLIC(reciprocal)
UNARY_PUBLIC(sin)
UNARY_PUBLIC(cos)
UNARY_PUBLIC(tan)
UNARY_PUBLIC(tanh)
UNARY_PUBLIC(sigmoid)
UNARY_PUBLIC(relu)
UNARY_PUBLIC(gelu)
UNARY_PUBLIC(silu)
UNARY_PUBLIC(softplus)
UNARY_PUBLIC(erf)
UNARY_PUBLIC(floor)
UNARY_PUBLIC(ceil)
UNARY_PUBLIC(round)
UNARY_PUBLIC(logical_not)

st_tensor *st_clamp(st_tensor *a, double min, double max) {
  st_opcall c = ST_CALL(clamp, a);
  c.a.f[0] = min, c.a.f[1] = max;
  return st__call1(&c);
}

int st_clamp_(st_tensor *self, double min, double max) {
  st_opcall c = ST_CALL(clamp_, self);
  c.a.f[0] = min, c.a.f[1] = max;
  return st__call_inplace(&c);
}

int st_zero_(st_tensor *self) {
  st_opcall c = ST_CALL(zero_, self);
  return st__call_inplace(&c);
}

int st_fill_(st_tensor *self, double value) {
  st_opcall c = ST_CALL(fill_, self);
  c.a.f[0] = value;
  return st__call_inplace(&c);
}
