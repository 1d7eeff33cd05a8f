/* unary.c — the unary elementwise ops: the records of unary.def's rows (each row's op and its
   in-place form name_), which share one infer, one kernel and one rule parameterized by the
   row; and clamp, clamp_, zero_ and fill_, which take attributes. */
#include <math.h>

#include "../kernels/elementwise.h"
#include "op.h"
#include "rules.h"
#include "samples.h"

/* How an op maps its input dtype to its output dtype (unary.def's rule column). */
typedef enum { RULE_FLOAT, RULE_FLOATONLY, RULE_NUMERIC, RULE_ANY, RULE_SQUARE, RULE_LOGICAL } dtype_rule;

typedef struct {
  st_unary_kind kind;
  dtype_rule rule;
  int64_t grain; /* elements below which a run stays on one thread (iter.h) */
} unary_info;

#define GRAIN_CHEAP ST_GRAIN_CHEAP
#define GRAIN_MATH ST_GRAIN_MATH

/* Both records of a row share its info. */
static const unary_info infos[ST_OP_COUNT] = {
#define UNARY(name, rule, cost, ...)                                                               \
  [ST_OP_##name] = {ST_UK_##name, RULE_##rule, GRAIN_##cost},                                      \
  [ST_OP_##name##_] = {ST_UK_##name, RULE_##rule, GRAIN_##cost},
#define X(name)
#include "unary.def"
#undef X
#undef UNARY
};

static st_dtype out_dtype(dtype_rule rule, st_dtype dt) {
  switch (rule) {
  case RULE_FLOAT: return st__is_float(dt) ? dt : ST_F32;
  case RULE_SQUARE: return dt == ST_BOOL ? ST_I64 : dt;
  case RULE_LOGICAL: return ST_BOOL;
  default: return dt;
  }
}

/* out = f(in): the loop of `kind` for dtype dt reads dt (st__ew_run converts the input where its
   dtype differs) and writes res_dt, converted into out's dtype where that differs (an in-place
   logical_not_ of an f32 tensor, an f16 result computed in f32). */
static int run_unary(st_tensor *out, st_dtype res_dt, st_tensor *in, st_dtype dt,
                     st_unary_kind kind, const void *ctx, int64_t grain) {
  st_view v = st__view_of(in);
  return st__ew_run(st__view_of(out), res_dt, 1, &v, &dt, st__unary_loop(kind, dt), ctx, grain);
}

/* ------------------------------------------------------------------- the shared unary op */

static int check_input(const st_opcall *c, dtype_rule rule) {
  if (rule == RULE_NUMERIC && c->in[0]->dtype == ST_BOOL) {
    if (c->op->id == ST_OP_neg || c->op->id == ST_OP_neg_)
      return st__op_error(c, ST_ERR_DTYPE, "negation of a bool tensor is not supported; use "
                                           "st_logical_not to invert a mask");
    return st__op_error(c, ST_ERR_DTYPE, "bool tensors are not supported (f32, f64 or i64)");
  }
  if (rule == RULE_FLOATONLY && !st__is_float(c->in[0]->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "%s tensors are not supported (f32 or f64), as in torch",
                        st_dtype_name(c->in[0]->dtype));
  return 0;
}

static int infer_unary(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  dtype_rule rule = infos[c->op->id].rule;
  if (check_input(c, rule)) return -1;
  st__meta_set(m, out_dtype(rule, a->dtype), a->ndim, a->shape);
  return 0;
}

/* In place the result must fit self's dtype (torch: sin_ of an i64 tensor is an error). */
static int infer_unary_(const st_opcall *c, st_meta *m) {
  dtype_rule rule = infos[c->op->id].rule;
  if (check_input(c, rule) || st__check_inplace(c, out_dtype(rule, c->in[0]->dtype))) return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}

/* The LOGICAL loops read the input's own dtype; the others read and write the result's. A
   storage-only dtype computes in its wide one (f16 in f32, u8 in i64), the result rounded or
   wrapped into out's dtype once. */
static int kernel_unary(const st_opcall *c, st_tensor *const *out) {
  const unary_info *u = &infos[c->op->id];
  st_dtype in_dt = c->in[0]->dtype, res_dt = out_dtype(u->rule, in_dt);
  st_dtype loop_dt = st__wide_dtype(u->rule == RULE_LOGICAL ? in_dt : res_dt);
  return run_unary(out[0], u->rule == RULE_LOGICAL ? ST_BOOL : loop_dt, c->in[0], loop_dt, u->kind,
                   NULL, u->grain);
}

/* For fusion: the row's loop, where it reads and writes the input's own compute dtype (a LOGICAL
   row writes bool). An integer input of a FLOAT row converts first, so it is not one loop. */
static bool pointwise_unary(const st_opcall *c, st_pointwise *p) {
  const unary_info *u = &infos[c->op->id];
  st_dtype in = c->in[0]->dtype, res = out_dtype(u->rule, in);
  if (!st__is_compute_dtype(in) || (u->rule != RULE_LOGICAL && res != in)) return false;
  const st_loop_src *f = st__unary_loop_src(u->kind, in);
  if (!f) return false;
  *p = (st_pointwise){.loop = f->fn, .c = f, .nops = 2, .src = {0, 0}, .dt = {res, in}};
  return true;
}

/* ------------------------------------------------------------------ vjp and jvp rules */

/* An elementwise op has a diagonal Jacobian, so its vjp (the output's gradient times f') and
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

/* silu: s (1 + x (1 - s)) with s = sigmoid(x). */
static st_tensor *silu_derivative(st_tensor *x) {
  st_tensor *s = st_sigmoid(x);
  return st_mul(s, st_add_scalar(st_mul(x, st_add_scalar(st_neg(s), 1)), 1));
}

/* clamp_backward as torch 2.15 computes it: where((self > min) & (self < max), grad, 0): g passes
   where the input lies strictly within the bounds (0 at a bound, checked against the venv's
   torch, also for the jvp and the one-sided forms); a NaN input passes none. A missing bound
   (+-inf) is not compared; with neither bound clamp is the identity and so is its derivative.
   The in-place clamp_ reads self as it was before the write. */
static st_tensor *clamp_times(const st_attrs *at, st_tensor *x, st_tensor *g) {
  st_tensor *mask = NULL;
  double lo = at->bounds.lo, hi = at->bounds.hi;
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
   tangent (jvp). A row's derivative column is D(expression); the LOGICAL rows are NONDIFF and
   their records have no rules, so their case is never reached. */
#define D(expr) (expr)
#define NONDIFF (st__error(ST_ERR_AUTOGRAD, "st_%s: no derivative", op->name), NULL)
static st_tensor *times_derivative(const st_op *op, const st_attrs *at, st_tensor *x, st_tensor *y,
                                   st_tensor *g) {
  switch (op->id) {
#define UNARY(name, rule, cost, saves, e32, e64, ei64, deriv, ...)                                 \
  case ST_OP_##name:                                                                               \
  case ST_OP_##name##_: return deriv;
#define X(name)
#include "unary.def"
#undef X
#undef UNARY
  case ST_OP_clamp:
  case ST_OP_clamp_: return clamp_times(at, x, g);
  default: st__error(ST_ERR_AUTOGRAD, "st_%s: no derivative", op->name); return NULL;
  }
}
#undef NONDIFF
#undef D

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

/* ------------------------------------------------------------------------ decompositions */

/* The rows with DECOMP(expression of x): one case each (decomp.c lists them in its table). */
#define DECOMP_CASE(name, expr)                                                                    \
  case ST_OP_##name: out[0] = (expr); break;
int st__decomp_unary(const st_opcall *c, st_tensor **out) {
  st_tensor *x = c->in[0];
  switch (c->op->id) {
#define UNARY(name, rule, cost, saves, e32, e64, ei64, deriv, decomp, ...)                         \
  ST__WITH_DECOMP(name, decomp, DECOMP_CASE)
#define X(name)
#include "unary.def"
#undef X
#undef UNARY
  default: return st__error(ST_ERR_ARG, "st_%s: no decomposition", c->op->name);
  }
  return out[0] ? 0 : st__rule_failed();
}
#undef DECOMP_CASE

/* ------------------------------------------------------------------------------- samples */

/* Where an op is smooth and defined: the row's domain. */
static void domain(st_op_id id, double *lo, double *hi) {
  switch (id) {
#define UNARY(name, rule, cost, saves, e32, e64, ei64, deriv, decomp, LO, HI)                      \
  case ST_OP_##name:                                                                               \
  case ST_OP_##name##_: *lo = (LO), *hi = (HI); return;
#define X(name)
#include "unary.def"
#undef X
#undef UNARY
  default: *lo = -2.0, *hi = 2.0; return;
  }
}

/* Every layout once, and a bool input for the ops that refuse one, an i64 self for the in-place
   ops whose float result it cannot hold. clamp's bounds sit inside the range, so both the
   clamped and the passed-through parts are seen. */
static int samples_unary(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double lo, hi;
  domain(op->id, &lo, &hi);
  /* zero_'s value is 0, as st_zero_ passes it (bounds would alias scalar.value with -1) */
  st_attrs a = op->id == ST_OP_fill_   ? (st_attrs){.scalar = {0.5}}
               : op->id == ST_OP_zero_ ? (st_attrs){.scalar = {0}}
                                       : (st_attrs){.bounds = {-1.0, 1.0}};
  int n = 0;
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s03[2] = {0, 3}, s3[1] = {3};
  bool inplace = op->flags & ST_OP_INPLACE;
  PUSH("contiguous", 1, st__sample(dt, 2, s23, lo, hi));
  PUSH("non-contiguous", 1, st__sample_noncontig(dt, 2, s32, lo, hi));
  if (!inplace) /* an expanded tensor cannot be written in place */
    PUSH("broadcast", 1, st__sample_broadcast(dt, 2, s23, lo, hi));
  PUSH("0-dim", 1, st__sample(dt, 0, NULL, lo, hi));
  PUSH("size-0", 1, st__sample(dt, 2, s03, lo, hi));
  if (infos[op->id].rule == RULE_NUMERIC)
    FAIL("bool input", ST_ERR_DTYPE, 1, st__sample(ST_BOOL, 1, s3, 0, 2));
  if (infos[op->id].rule == RULE_FLOATONLY)
    FAIL("i64 input", ST_ERR_DTYPE, 1, st__sample(ST_I64, 1, s3, 1, 3));
  else if (op->infer == infer_unary_ && infos[op->id].rule == RULE_FLOAT)
    FAIL("i64 self", ST_ERR_DTYPE, 1, st__sample(ST_I64, 1, s3, 1, 3));
  return n;
}

/* ------------------------------------------------------------------------------- records */

#define SAVES_X ST_SAVE_IN(0)
#define SAVES_Y ST_SAVE_OUT(0)
#define SAVES_NONE 0u
/* The LOGICAL rows (derivative NONDIFF) are not differentiable: no rules. */
#define FLAGS_D(...) 0u
#define FLAGS_NONDIFF ST_OP_NONDIFF
#define UNARY_RECORD(NAME, FLAGS, INFER, SAVES)                                                    \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME,                                                 \
                               .name = #NAME,                                                      \
                               .nin = 1,                                                           \
                               .nout = 1,                                                          \
                               .flags = (FLAGS) | ST_OP_ALL_DTYPES,                                \
                               .infer = INFER,                                                     \
                               .kernel = kernel_unary,                                             \
                               .pointwise = pointwise_unary,                                       \
                               .saves = (SAVES),                                                   \
                               .samples = samples_unary,                                           \
                               .vjp = (FLAGS)&ST_OP_NONDIFF ? NULL : vjp_unary,                    \
                               .jvp = (FLAGS)&ST_OP_NONDIFF ? NULL : jvp_unary,                    \
                               .vmap = st__vmap_elementwise};
#define UNARY(name, rule, cost, saves, e32, e64, ei64, deriv, ...)                                 \
  UNARY_RECORD(name, FLAGS_##deriv, infer_unary, SAVES_##saves)                                    \
  UNARY_RECORD(name##_, (FLAGS_##deriv) | ST_OP_INPLACE, infer_unary_, SAVES_##saves)
#define X(name)
#include "unary.def"
#undef X
#undef UNARY

#define IN0 ST_SAVE_IN(0)
/* ---------------------------------------------------- clamp, clamp_: bounds.lo, .hi */

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
  st__meta_set(m, clamp_dtype(a->dtype, c->a.bounds.lo, c->a.bounds.hi), a->ndim, a->shape);
  return 0;
}

/* The bounds reach the i64 loop saturated: a bound beyond the i64 range clamps nothing. */
static int kernel_clamp(const st_opcall *c, st_tensor *const *out) {
  double lo = c->a.bounds.lo, hi = c->a.bounds.hi;
  st_dtype dt = clamp_dtype(c->in[0]->dtype, lo, hi);
  if (dt == ST_BOOL) { /* no bound: a copy (a no-op in place) */
    if (out[0] != c->in[0]) st__k_copy(st__view_of(out[0]), st__view_of(c->in[0]));
    return 0;
  }
  st_clamp_params p = {lo, hi, saturate_i64(lo), saturate_i64(hi)};
  dt = st__wide_dtype(dt);
  return run_unary(out[0], dt, c->in[0], dt, ST_UK_clamp, &p, ST_GRAIN_CHEAP);
}

/* In place, the promoted dtype must be storable in self's (no float into i64, no i64 into
   bool: PyTorch's can_cast), and self must not be an expanded tensor. */
static int infer_clamp_(const st_opcall *c, st_meta *m) {
  const st_tensor *self = c->in[0];
  if (st__check_inplace(c, clamp_dtype(self->dtype, c->a.bounds.lo, c->a.bounds.hi))) return -1;
  st__meta_like(m, self);
  return 0;
}

const st_op st__op_clamp = {.id = ST_OP_clamp, .name = "clamp", .nin = 1, .nout = 1,
                            .flags = ST_OP_ALL_DTYPES, .infer = infer_clamp, .kernel = kernel_clamp, .saves = IN0,
                            .vjp = vjp_unary, .jvp = jvp_unary, .vmap = st__vmap_elementwise,
                            .samples = samples_unary};
const st_op st__op_clamp_ = {.id = ST_OP_clamp_, .name = "clamp_", .nin = 1, .nout = 1,
                             .flags = ST_OP_INPLACE | ST_OP_ALL_DTYPES, .infer = infer_clamp_, .kernel = kernel_clamp,
                             .saves = IN0, .vjp = vjp_unary, .jvp = jvp_unary,
                             .vmap = st__vmap_elementwise, .samples = samples_unary};

/* ------------------------------------------------------------- zero_, fill_: scalar.value */

/* Every element gets the same value, so an expanded self is fine here (PyTorch's fill_ allows
   it too). A value an i64 tensor cannot hold is an error rather than undefined behaviour. */
static int infer_fill_(const st_opcall *c, st_meta *m) {
  const st_tensor *self = c->in[0];
  double v = c->a.scalar.value;
  if (!st__value_fits(self->dtype, v))
    return st__op_error(c, ST_ERR_ARG, "value %g cannot be converted to %s without overflow", v,
                        st_dtype_name(self->dtype));
  st__meta_like(m, self);
  return 0;
}

static int kernel_fill_(const st_opcall *c, st_tensor *const *out) {
  st__k_fill(st__view_of(out[0]), c->a.scalar.value);
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
                            .flags = ST_OP_INPLACE | ST_OP_ALL_DTYPES, .infer = infer_fill_, .kernel = kernel_fill_,
                            .vjp = vjp_fill_, .jvp = jvp_fill_, .vmap = st__vmap_elementwise,
                            .samples = samples_unary};
const st_op st__op_fill_ = {.id = ST_OP_fill_, .name = "fill_", .nin = 1, .nout = 1,
                            .flags = ST_OP_INPLACE | ST_OP_ALL_DTYPES, .infer = infer_fill_, .kernel = kernel_fill_,
                            .vjp = vjp_fill_, .jvp = jvp_fill_, .vmap = st__vmap_elementwise,
                            .samples = samples_unary};

/* ------------------------------------------------------------------------ public functions */

/* st_<name>(a) and st_<name>_(self) for each row of unary.def. */
#define UNARY(name, ...)                                                                           \
  st_tensor *st_##name(st_tensor *a) {                                                             \
    st_opcall c = ST_CALL(name, a);                                                                \
    return st__call1(&c);                                                                          \
  }                                                                                                \
  int st_##name##_(st_tensor *self) {                                                              \
    st_opcall c = ST_CALL(name##_, self);                                                          \
    return st__call_inplace(&c);                                                                   \
  }
#define X(name)
#include "unary.def"
#undef X
#undef UNARY

st_tensor *st_clamp(st_tensor *a, double min, double max) {
  st_opcall c = ST_CALL(clamp, a);
  c.a.bounds.lo = min, c.a.bounds.hi = max;
  return st__call1(&c);
}

int st_clamp_(st_tensor *self, double min, double max) {
  st_opcall c = ST_CALL(clamp_, self);
  c.a.bounds.lo = min, c.a.bounds.hi = max;
  return st__call_inplace(&c);
}

int st_zero_(st_tensor *self) {
  st_opcall c = ST_CALL(zero_, self);
  return st__call_inplace(&c);
}

int st_fill_(st_tensor *self, double value) {
  st_opcall c = ST_CALL(fill_, self);
  c.a.scalar.value = value;
  return st__call_inplace(&c);
}
