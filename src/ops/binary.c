/* binary.c — the binary elementwise ops with NumPy broadcasting and PyTorch type promotion
   (add ... atan2), their scalar forms, comparisons, where, logical and/or, and the in-place
   add_ ... copy_: the records of binary.def's rows, which share infer and kernel functions
   parameterized by the row (the table `infos`, made from the same rows), and where, pow_scalar
   and copy_, written out. */
#include <stdio.h>
#include <string.h>

#include "../kernels/elementwise.h"
#include "op.h"
#include "rules.h"
#include "samples.h"

/* How an op maps the promoted dtype of its inputs (st__result_type) to its compute dtype and
   its output dtype (binary.def's rule column, where each is described). */
typedef enum {
  RULE_PROMOTE,  /* computes and returns the promoted dtype (add, mul, maximum, minimum) */
  RULE_SUB,      /* as PROMOTE, but a bool operand is an error (torch.sub) */
  RULE_POW,      /* as PROMOTE, but bool ** bool is an error (no bool pow in PyTorch) */
  RULE_NOBOOL,   /* as PROMOTE, but bool operands are an error (torch.fmod, remainder) */
  RULE_FLOAT,    /* integers and bool compute in f32 (true division, atan2) */
  RULE_BOOL_OUT, /* computes in the promoted dtype, returns bool (comparisons, logical) */
} dtype_rule;

typedef struct {
  st_binary_kind kind;
  dtype_rule rule;
  int64_t grain; /* elements below which a run stays on one thread (iter.h) */
} binary_info;

/* The kernel table, from binary.def's rows (the X rows have their own kernels). */
static const binary_info infos[ST_OP_COUNT] = {
#define BINOP(NAME, LOOP, RULE, COST, ...)                                                         \
  [ST_OP_##NAME] = {ST_BK_##LOOP, RULE_##RULE, ST_GRAIN_##COST},
#define BINARY BINOP
#define SCALAR BINOP
#define X(name)
#include "binary.def"
#undef X
#undef SCALAR
#undef BINARY
#undef BINOP
};

/* Compute and output dtypes of an op on operands of dtypes a and b that promote to
   `promoted`. */
static int op_dtypes(const st_opcall *c, st_dtype a, st_dtype b, st_dtype promoted, st_dtype *ct,
                     st_dtype *out) {
  dtype_rule rule = infos[c->op->id].rule;
  if (rule == RULE_SUB && (a == ST_BOOL || b == ST_BOOL))
    return st__op_error(c, ST_ERR_DTYPE,
                        "subtraction with a bool tensor is not supported (%s - %s); use "
                        "st_logical_not to invert a mask",
                        st_dtype_name(a), st_dtype_name(b));
  if (rule == RULE_POW && promoted == ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "pow of bool tensors is not supported");
  if (rule == RULE_NOBOOL && promoted == ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "bool tensors are not supported");
  *ct = rule == RULE_FLOAT && !st__is_float(promoted) ? ST_F32 : promoted;
  *out = rule == RULE_BOOL_OUT ? ST_BOOL : *ct;
  return 0;
}

static int tensor_dtypes(const st_opcall *c, st_dtype *ct, st_dtype *out) {
  return op_dtypes(c, c->in[0]->dtype, c->in[1]->dtype, st__result_type(2, c->in), ct, out);
}

/* `other` broadcasts to self's shape without changing it. */
static int check_broadcasts_to_self(const st_opcall *c) {
  const st_tensor *self = c->in[0], *other = c->in[1];
  bool ok = other->ndim <= self->ndim;
  for (int i = 1; ok && i <= other->ndim; i++) {
    int64_t s = other->shape[other->ndim - i];
    ok = s == 1 || s == self->shape[self->ndim - i];
  }
  if (!ok)
    return st__op_error(c, ST_ERR_SHAPE, "other's shape %s does not broadcast to self's shape %s",
                        ST_SHAPE_STR(other), ST_SHAPE_STR(self));
  return 0;
}

static int broadcast(const st_opcall *c, const st_tensor *a, int nb, const int64_t *b, int64_t *out) {
  const char *fn = ST_FN(c);
  return st__broadcast_shapes(fn, a->ndim, a->shape, nb, b, out);
}

/* out = f(a, b) through info's loop, which reads dtype ct and writes out_dt; a storage-only ct
   computes in its wide dtype (f16 in f32, u8 in i64), the result rounded or wrapped into out's
   dtype once (st__ew_run converts). */
static int run_binary(st_tensor *out, st_view a, st_view b, st_dtype ct, const binary_info *info,
                      st_dtype out_dt) {
  st_view in[2] = {a, b};
  st_dtype wt = st__wide_dtype(ct), dts[2] = {wt, wt};
  return st__ew_run(st__view_of(out), out_dt == ct ? wt : out_dt, 2, in, dts,
                    st__binary_loop(info->kind, wt), NULL, info->grain);
}

/* -------------------------------------------------------------- tensor op tensor: add ... */

static int infer_binary(const st_opcall *c, st_meta *m) {
  int64_t shape[ST_MAX_DIMS];
  int nd = broadcast(c, c->in[0], c->in[1]->ndim, c->in[1]->shape, shape);
  st_dtype ct = ST_F32, out = ST_F32;
  if (nd < 0 || tensor_dtypes(c, &ct, &out)) return -1;
  st__meta_set(m, out, nd, shape);
  return 0;
}

static int kernel_binary(const st_opcall *c, st_tensor *const *out) {
  st_dtype ct = ST_F32, out_dt = ST_F32;
  tensor_dtypes(c, &ct, &out_dt);
  return run_binary(out[0], st__view_of(c->in[0]), st__view_of(c->in[1]), ct, &infos[c->op->id],
                    out_dt);
}

/* For fusion: the row's loop, where both operands already have the compute dtype. */
static bool pointwise_binary(const st_opcall *c, st_pointwise *p) {
  st_dtype ct = ST_F32, out = ST_F32;
  if (tensor_dtypes(c, &ct, &out) || !st__is_compute_dtype(ct) || c->in[0]->dtype != ct ||
      c->in[1]->dtype != ct)
    return false;
  const st_loop_src *f = st__binary_loop_src(infos[c->op->id].kind, ct);
  if (!f) return false;
  *p = (st_pointwise){.loop = f->fn, .c = f, .nops = 3, .src = {0, 0, 1}, .dt = {out, ct, ct}};
  return true;
}

static int infer_binary_(const st_opcall *c, st_meta *m) {
  st_dtype ct = ST_F32, out = ST_F32;
  if (check_broadcasts_to_self(c) || tensor_dtypes(c, &ct, &out) || st__check_inplace(c, out))
    return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}

/* ------------------------------------------------------------------ vjp and jvp rules */

/* The rules follow PyTorch's tools/autograd/derivatives.yaml (and FunctionsManual.cpp for the
   named *_backward helpers), written with public ops so that they are differentiable again.
   Elementwise, each input i contributes g * (d result / d input i) at every element: the vjp
   sums that product with g the output's gradient back to input i's shape (st__sum_to, for a
   broadcast operand), the jvp adds the products over the inputs with g their tangents
   (derivatives.yaml's "result:" formulas are these sums). One function computes the product
   for both rules. The in-place forms share them: the engine hands the vjp the copy of self
   taken before the write when it saves input 0, and the jvp interpreter does the same. */

#define IN0 ST_SAVE_IN(0)
#define IN1 ST_SAVE_IN(1)
#define OUT0 ST_SAVE_OUT(0)

/* A 0-dim zero of t's dtype: the masked-out branch of where(), which broadcasts and does not
   promote a dimensioned tensor. */
static st_tensor *zero_like0(st_tensor *t) { return st_scalar(st_dtype_of(t), 0); }

/* pow by self: pow_backward_self = where(exponent == 0, 0, g * exponent * self^(exponent - 1));
   the mask gives 0 where the formula would give 0 * inf = NaN. */
static st_tensor *pow_by_self(st_tensor *g, st_tensor *x, st_tensor *e) {
  st_tensor *d = st_mul(g, st_mul(e, st_pow(x, st_add_scalar(e, -1))));
  return st_where(st_eq(e, zero_like0(e)), zero_like0(g), d);
}

/* pow by exponent: pow_backward_exponent = where(self == 0 & exponent >= 0, 0,
   g * result * log(self)); the mask gives 0 where the formula would give 0 * log 0 = NaN. */
static st_tensor *pow_by_exponent(st_tensor *g, st_tensor *x, st_tensor *e, st_tensor *y) {
  st_tensor *cond = st_logical_and(st_eq(x, zero_like0(x)), st_ge(e, zero_like0(e)));
  return st_where(cond, zero_like0(g), st_mul(g, st_mul(y, st_log(x))));
}

/* maximum / minimum by `mine`: where(mine == theirs, g / 2, g), masked to 0 where mine loses
   (mine < theirs for maximum, mine > theirs for minimum). Ties split evenly; a NaN operand
   passes g for both, as PyTorch's masks do in the vjp. (PyTorch's jvp, other_t + where(self ==
   other, 0.5, self > other) * (self_t - other_t), agrees except at NaN, where it takes other_t
   alone; following the vjp keeps jvp and vjp transposes of each other there too.) */
static st_tensor *extremum_by(st_tensor *g, st_tensor *mine, st_tensor *theirs, bool is_max) {
  st_tensor *loses = is_max ? st_lt(mine, theirs) : st_gt(mine, theirs);
  st_tensor *tie = st_where(st_eq(mine, theirs), st_mul_scalar(g, 0.5), g);
  return st_where(loses, zero_like0(g), tie);
}

/* FunctionsManual.cpp atan2_backward: g * other / r and g * -self / r with r = self^2 + other^2,
   where 1 / r counts as 0 wherever r == 0 (the origin, or squares that underflow to 0), so the
   derivative at (0, 0) is 0 as in PyTorch, not NaN. The reciprocal itself is unguarded, as
   PyTorch's is, so a second reverse derivative at the origin is NaN there (0 * inf) and a
   forward-over-reverse one is 0 (the mask selects): torch.func's jacrev(jacrev) and hessian. */
static st_tensor *atan2_partial(int i, st_tensor *x, st_tensor *w, st_tensor *g) {
  st_tensor *r = st_add(st_square(x), st_square(w));
  st_tensor *inv = st_where(st_eq(r, zero_like0(r)), zero_like0(r), st_reciprocal(r));
  return i == 0 ? st_mul(st_mul(g, w), inv) : st_mul(st_mul(g, st_neg(x)), inv);
}

/* derivatives.yaml atan2 "result: (-self_p * other_t + other_p * self_t) / (self_p.pow(2) +
   other_p.pow(2))": unguarded, so the tangent at the origin is NaN as in torch.func.jvp. */
static st_tensor *atan2_jvp(st_tensor *x, st_tensor *w, st_tensor *tx, st_tensor *tw) {
  st_tensor *num = tx && tw ? st_sub(st_mul(w, tx), st_mul(x, tw))
                   : tx     ? st_mul(w, tx)
                            : st_neg(st_mul(x, tw));
  return st_div(num, st_add(st_square(x), st_square(w)));
}

/* self / other rounded toward -inf (floored) or toward 0, in the operands' float dtype, as
   torch's div(rounding_mode=...) that remainder's and fmod's derivatives use: "trunc" is
   trunc(x / w); "floor" is exact at a multiple of w (div_floor_floating: the difference
   x - remainder(x, w), a multiple of w, divided by w and rounded, or x / w where w is 0), where
   floor(x / w) could land one below when x / w rounds down (3x / x). */
static st_tensor *quotient(st_tensor *x, st_tensor *w, bool floored) {
  st_tensor *q = st_div(x, w);
  if (!floored) return st_where(st_lt(q, zero_like0(q)), st_ceil(q), st_floor(q));
  st_tensor *exact = st_round(st_div(st_sub(x, st_remainder(x, w)), w));
  return st_where(st_eq(w, zero_like0(w)), q, exact);
}

/* g * (d result / d input i) for the differentiable elementwise op `op` at the inputs `in`
   and the result y (the vjp reads only the values its record saves), before any summing to
   input i's shape. */
static st_tensor *times_partial(const st_op *op, const st_attrs *at, int i, st_tensor *const *in,
                                st_tensor *y, st_tensor *g) {
  st_tensor *x = in[0], *w = op->nin > 1 ? in[1] : NULL;
  switch (op->id) {
  case ST_OP_add:
  case ST_OP_add_:
  case ST_OP_add_scalar:
  case ST_OP_add_scalar_: return st__track(st_retain(g));
  case ST_OP_sub:
  case ST_OP_sub_: return i == 0 ? st__track(st_retain(g)) : st_neg(g);
  case ST_OP_mul: /* mul_tensor_backward: g * other, g * self */
  case ST_OP_mul_: return st_mul(g, i == 0 ? w : x);
  case ST_OP_mul_scalar:
  case ST_OP_mul_scalar_: return st_mul_scalar(g, at->scalar.value);
  case ST_OP_div: /* div_tensor_self_backward g / other, div_tensor_other_backward
                     -g * ((self / other) / other); PyTorch's jvp (self_t - other_t * result)
                     / other is their sum */
  case ST_OP_div_: return i == 0 ? st_div(g, w) : st_mul(st_neg(g), st_div(st_div(x, w), w));
  case ST_OP_pow: return i == 0 ? pow_by_self(g, x, w) : pow_by_exponent(g, x, w, y);
  case ST_OP_pow_scalar: { /* pow_backward: 0 for exponent 0 (0^0 has derivative 0, not NaN) */
    double e = at->scalar.value;
    return e == 0 ? st_zeros_like(g) : st_mul(g, st_mul_scalar(st_pow_scalar(x, e - 1), e));
  }
  case ST_OP_maximum:
  case ST_OP_minimum: return extremum_by(g, in[i], in[1 - i], op->id == ST_OP_maximum);
  case ST_OP_atan2: return atan2_partial(i, x, w, g);
  /* derivatives.yaml: fmod "other: -grad * self.div(other, rounding_mode='trunc')", remainder
     "other: -grad * self.div(other, rounding_mode='floor')"; both pass grad to self */
  case ST_OP_fmod:
  case ST_OP_remainder:
    return i == 0 ? st__track(st_retain(g))
                  : st_mul(st_neg(g), quotient(x, w, op->id == ST_OP_remainder));
  case ST_OP_where: /* g goes to the branch each element came from; cond is bool */
    return i == 1 ? st_where(x, g, zero_like0(g)) : st_where(x, zero_like0(g), g);
  /* The backward ops of tanh, sigmoid, relu (derivatives.yaml): linear in the gradient x, so
     its partial is the op itself; in the result w, -2 x w and x (1 - 2 w), and 0 for relu's
     mask. */
  case ST_OP_tanh_backward:
    return i == 0 ? st__tanh_backward(g, w) : st_mul(g, st_mul_scalar(st_mul(x, w), -2));
  case ST_OP_sigmoid_backward:
    return i == 0 ? st__sigmoid_backward(g, w)
                  : st_mul(g, st_mul(x, st_add_scalar(st_mul_scalar(w, -2), 1)));
  case ST_OP_threshold_backward: return i == 0 ? st__threshold_backward(g, w) : st_zeros_like(g);
  /* sin_backward(x, w) = x cos(w): linear in x again; in w, -x sin(w) */
  case ST_OP_sin_backward:
    return i == 0 ? st__sin_backward(g, w) : st_mul(g, st_neg(st_mul(x, st_sin(w))));
  default: st__error(ST_ERR_AUTOGRAD, "st_%s: no derivative", op->name); return NULL;
  }
}

/* where's cond (input 0) is bool: it has no derivative, and neither gradient nor tangent;
   relu's mask (threshold_backward's input 1) has derivative 0 where it is defined. */
static bool has_derivative(const st_op *op, int i) {
  return !(i == 0 && op->id == ST_OP_where) && !(i == 1 && op->id == ST_OP_threshold_backward);
}

/* vjp of the differentiable elementwise ops: each input's product, summed to its shape. */
static int vjp_elementwise(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  for (int i = 0; i < a->nin; i++)
    if (has_derivative(a->op, i))
      ST_GRAD(i, st__sum_to(times_partial(a->op, a->a, i, a->in, a->out[0], gout[0]),
                            &a->in_meta[i]));
  return 0;
}

/* jvp of the differentiable elementwise ops: the sum of the products of the inputs that have
   a tangent. A lone smaller term broadcasts to the result (the interpreter expands it). */
static int jvp_elementwise(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (a->op->id == ST_OP_atan2) {
    if ((tin[0] || tin[1]) && !(tout[0] = atan2_jvp(a->in[0], a->in[1], tin[0], tin[1])))
      return st__rule_failed();
    return 0;
  }
  st_tensor *sum = NULL;
  for (int i = 0; i < a->nin; i++) {
    if (!tin[i] || !has_derivative(a->op, i)) continue;
    st_tensor *term = times_partial(a->op, a->a, i, a->in, a->out[0], tin[i]);
    if (!term || (sum && !(term = st_add(sum, term)))) return st__rule_failed();
    sum = term;
  }
  tout[0] = sum;
  return 0;
}

/* ------------------------------------------------------------------------------- samples */

/* Sample values for the generated test matrix: where each input of op lies. Divisors and
   atan2's x stay away from 0, pow's base is positive; comparisons get integral values so that
   ties occur, logical ops zeros and ones. */
static void domain(st_op_id id, int i, double *lo, double *hi) {
  *lo = -2.0, *hi = 2.0;
  switch (id) {
  case ST_OP_div: case ST_OP_div_: if (i == 1) *lo = 0.5; return;
  /* negative divisors away from 0, where the two ops differ; no sample sits on a jump */
  case ST_OP_fmod: case ST_OP_remainder: if (i == 1) *lo = -1.7, *hi = -0.6; return;
  case ST_OP_pow: if (i == 0) *lo = 0.5; else *lo = -1.5, *hi = 1.5; return;
  case ST_OP_pow_scalar: *lo = 0.5; return;
  case ST_OP_eq: case ST_OP_ne: case ST_OP_lt: case ST_OP_le: case ST_OP_gt: case ST_OP_ge:
    *lo = 0.0, *hi = 3.0;
    return;
  case ST_OP_logical_and: case ST_OP_logical_or: *lo = 0.0; return;
  default: return;
  }
}

static bool integral_samples(st_op_id id) { return infos[id].rule == RULE_BOOL_OUT; }

/* floor(t) when `floored` (consumes t). */
static st_tensor *maybe_floor(st_tensor *t, bool floored) {
  if (!floored || !t) return t;
  st_tensor *r = st__untrack(st_floor(t));
  st__drop(t);
  return r;
}

/* Input i of op in layout `how` ('c' contiguous, 'n' transposed, 'b' stride-0 broadcast). */
static st_tensor *input(const st_op *op, st_dtype dt, int i, char how, int nd, const int64_t *shape) {
  double lo, hi;
  domain(op->id, i, &lo, &hi);
  st_tensor *t = how == 'n'   ? st__sample_noncontig(dt, nd, shape, lo, hi)
                 : how == 'b' ? st__sample_broadcast(dt, nd, shape, lo, hi)
                              : st__sample(dt, nd, shape, lo, hi);
  return maybe_floor(t, integral_samples(op->id));
}

/* where's condition: a bool mask with both values. */
static st_tensor *mask(int nd, const int64_t *shape) {
  st_tensor *t = maybe_floor(st__sample(ST_F64, nd, shape, 0.0, 2.0), true);
  st_tensor *m = t ? st__untrack(st_to_dtype(t, ST_BOOL)) : NULL;
  st__drop(t);
  return m;
}

/* i64 values 1 .. hi (no zero divisor). */
static st_tensor *index1(int nd, const int64_t *shape, int64_t hi) {
  st_tensor *t = st__sample_index(nd, shape, hi);
  st_tensor *r = t ? st__untrack(st_add_scalar(t, 1)) : NULL;
  st__drop(t);
  return r;
}

/* Two tensors in: every layout, shape broadcasting, a 0-dim operand, an integer operand (which
   promotes), and the shape and dtype errors. In-place ops keep self (input 0) writable and of
   the result's shape; copy_ converts any dtype. */
static int samples_binary(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  bool inplace = op->flags & ST_OP_INPLACE;
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s03[2] = {0, 3}, s21[2] = {2, 1}, s3[1] = {3},
                s43[2] = {4, 3};
  int n = 0;
  st_attrs a = {0}; /* binary ops read no attributes */
#define IN(i, how, nd, shape) input(op, dt, i, how, nd, shape)
  PUSH("contiguous", 2, IN(0, 'c', 2, s23), IN(1, 'c', 2, s23));
  PUSH("non-contiguous", 2, IN(0, 'n', 2, s32), IN(1, 'n', 2, s32));
  PUSH("broadcast", 2, IN(0, 'c', 2, s23), IN(1, 'b', 2, s23));
  if (inplace)
    PUSH("shape broadcast", 2, IN(0, 'c', 2, s23), IN(1, 'c', 2, s21));
  else
    PUSH("shape broadcast", 2, IN(0, 'c', 2, s21), IN(1, 'c', 1, s3));
  PUSH("0-dim", 2, IN(0, 'c', 0, NULL), IN(1, 'c', 0, NULL));
  PUSH("0-dim operand", 2, IN(0, 'c', 2, s23), IN(1, 'c', 0, NULL));
  PUSH("size-0", 2, IN(0, 'c', 2, s03), IN(1, 'c', 1, s3));
  if (op->id == ST_OP_logical_and || op->id == ST_OP_logical_or)
    PUSH("bool operand", 2, IN(0, 'c', 2, s23), mask(1, s3));
  else
    PUSH("i64 operand", 2, IN(0, 'c', 2, s23),
         op->id == ST_OP_copy_ ? st__sample_index(2, s23, 5) : index1(1, s3, 3));
  /* errors */
  if (inplace) {
    FAIL("other does not broadcast to self", ST_ERR_SHAPE, 2, IN(0, 'c', 2, s23),
         IN(1, 'c', 2, s43));
    FAIL("broadcast self", ST_ERR_INPLACE, 2, IN(0, 'b', 2, s23), IN(1, 'c', 2, s23));
    if (op->id != ST_OP_copy_) /* a float result does not fit an i64 self */
      FAIL("float into i64 self", ST_ERR_DTYPE, 2, st__sample_index(2, s23, 5), IN(1, 'c', 2, s23));
  } else {
    FAIL("shapes do not broadcast", ST_ERR_SHAPE, 2, IN(0, 'c', 2, s23), IN(1, 'c', 2, s32));
  }
  if (op->id == ST_OP_sub || op->id == ST_OP_sub_)
    FAIL("bool operand", ST_ERR_DTYPE, 2, IN(0, 'c', 2, s23), mask(2, s23));
  if (op->id == ST_OP_pow) FAIL("bool ** bool", ST_ERR_DTYPE, 2, mask(2, s23), mask(2, s23));
#undef IN
  return n;
}

/* One tensor and the scalar (scalar.value); the in-place forms refuse to write a float into i64,
   the others a scalar an i64 result cannot hold, pow_scalar a negative power of an integer. */
static int samples_scalar(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  bool inplace = op->flags & ST_OP_INPLACE;
  double lo, hi;
  domain(op->id, 0, &lo, &hi);
  st_attrs a = {.scalar = {op->id == ST_OP_pow_scalar                                  ? 2.5
                           : op->id == ST_OP_add_scalar || op->id == ST_OP_add_scalar_ ? 1.5
                                                                                       : -0.75}};
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s03[2] = {0, 3};
  int n = 0;
  PUSH("contiguous", 1, st__sample(dt, 2, s23, lo, hi));
  PUSH("non-contiguous", 1, st__sample_noncontig(dt, 2, s32, lo, hi));
  if (!inplace) PUSH("broadcast", 1, st__sample_broadcast(dt, 2, s23, lo, hi));
  PUSH("0-dim", 1, st__sample(dt, 0, NULL, lo, hi));
  PUSH("size-0", 1, st__sample(dt, 2, s03, lo, hi));
  if (op->id == ST_OP_pow_scalar) { /* an integral exponent, and a negative base with it */
    a.scalar.value = 3.0;
    PUSH("integral exponent", 1, st__sample(dt, 2, s23, -2.0, 2.0));
  }
  if (inplace) {
    FAIL("float into i64 self", ST_ERR_DTYPE, 1, st__sample_index(2, s23, 5));
    FAIL("broadcast self", ST_ERR_INPLACE, 1, st__sample_broadcast(dt, 2, s23, lo, hi));
  } else if (op->id == ST_OP_pow_scalar) {
    a.scalar.value = -1.0;
    FAIL("i64 to a negative power", ST_ERR_ARG, 1, st__sample_index(2, s23, 5));
  } else {
    a.scalar.value = 1e30;
    FAIL("scalar beyond i64", ST_ERR_ARG, 1, st__sample_index(2, s23, 5));
  }
  return n;
}

/* where(cond, a, b): cond is bool, broadcasting among all three. */
static int samples_where(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s03[2] = {0, 3}, s21[2] = {2, 1}, s3[1] = {3};
  int n = 0;
  st_attrs a = {0};
  PUSH("contiguous", 3, mask(2, s23), st__sample(dt, 2, s23, -2, 2), st__sample(dt, 2, s23, -2, 2));
  PUSH("non-contiguous", 3, mask(2, s32), st__sample_noncontig(dt, 2, s32, -2, 2),
       st__sample_noncontig(dt, 2, s32, -2, 2));
  PUSH("broadcast", 3, mask(2, s23), st__sample_broadcast(dt, 2, s23, -2, 2),
       st__sample(dt, 2, s23, -2, 2));
  PUSH("shape broadcast", 3, mask(2, s21), st__sample(dt, 1, s3, -2, 2),
       st__sample(dt, 0, NULL, -2, 2));
  PUSH("0-dim", 3, mask(0, NULL), st__sample(dt, 0, NULL, -2, 2), st__sample(dt, 0, NULL, -2, 2));
  PUSH("size-0", 3, mask(2, s03), st__sample(dt, 2, s03, -2, 2), st__sample(dt, 1, s3, -2, 2));
  PUSH("i64 branch", 3, mask(2, s23), st__sample(dt, 2, s23, -2, 2), st__sample_index(1, s3, 5));
  FAIL("float cond", ST_ERR_DTYPE, 3, st__sample(dt, 2, s23, -2, 2), st__sample(dt, 2, s23, -2, 2),
       st__sample(dt, 2, s23, -2, 2));
  FAIL("shapes do not broadcast", ST_ERR_SHAPE, 3, mask(2, s23), st__sample(dt, 2, s32, -2, 2),
       st__sample(dt, 2, s23, -2, 2));
  return n;
}

/* The matrix's vmap cells try every in_dims combination, among them an unbatched self with a
   batched other: vmap refuses that for an in-place op, by design (PyTorch too). The other
   combinations are checked by tests/ops/test_binary.c. */
/* The mode column: flags, infer and whether the record has the rules. */
#define MODE_FLAGS_DIFF         0
#define MODE_FLAGS_NONDIFF      ST_OP_NONDIFF
#define MODE_FLAGS_INPLACE      ST_OP_INPLACE
#define MODE_INFER_DIFF         infer_binary
#define MODE_INFER_NONDIFF      infer_binary
#define MODE_INFER_INPLACE      infer_binary_
#define MODE_RULE_DIFF(rule)    rule
#define MODE_RULE_NONDIFF(rule) NULL
#define MODE_RULE_INPLACE(rule) rule
#define BINOP(NAME, LOOP, RULE, COST, MODE, SAVES, SAVES_FOR)                                      \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME,                                                 \
                               .name = #NAME,                                                      \
                               .nin = 2,                                                           \
                               .nout = 1,                                                          \
                               .flags = MODE_FLAGS_##MODE | ST_OP_ALL_DTYPES,                      \
                               .infer = MODE_INFER_##MODE,                                         \
                               .kernel = kernel_binary,                                            \
                               .pointwise = pointwise_binary,                                      \
                               .saves = (SAVES),                                                   \
                               .saves_for = (SAVES_FOR),                                           \
                               .vjp = MODE_RULE_##MODE(vjp_elementwise),                           \
                               .jvp = MODE_RULE_##MODE(jvp_elementwise),                           \
                               .vmap = st__vmap_elementwise,                                       \
                               .samples = samples_binary};
#define BINARY BINOP
#define SCALAR(name, ...)
#define X(name)
#include "binary.def"
#undef X
#undef SCALAR
#undef BINARY
#undef BINOP

/* -------------------------------------- tensor op scalar: add_scalar, mul_scalar (scalar.value) */

typedef union {
  float f;
  double d;
  int64_t i;
} scalar_slot;

/* The scalar as a 0-dim view of dtype dt, which the loops broadcast through stride 0. */
static st_view scalar_view(scalar_slot *slot, st_dtype dt, double s) {
  if (dt == ST_F32) slot->f = (float)s;
  else if (dt == ST_F64) slot->d = s;
  else slot->i = (int64_t)s;
  return (st_view){(char *)slot, dt, 0, NULL, NULL};
}

/* A Python-like scalar promotes through st__result_type_scalar (never to bool); an integer
   result must hold the scalar exactly. */
static int scalar_dtype(const st_opcall *c, double s, st_dtype *ct) {
  *ct = st__result_type_scalar(c->in[0]->dtype, s);
  if (*ct == ST_I64 && !(s >= -0x1p63 && s < 0x1p63))
    return st__op_error(c, ST_ERR_ARG, "scalar %g cannot be converted to i64 without overflow", s);
  return 0;
}

static int infer_scalar(const st_opcall *c, st_meta *m) {
  st_dtype ct = ST_F32;
  if (scalar_dtype(c, c->a.scalar.value, &ct)) return -1;
  st__meta_set(m, ct, c->in[0]->ndim, c->in[0]->shape);
  return 0;
}

static int infer_scalar_(const st_opcall *c, st_meta *m) {
  st_dtype ct = ST_F32;
  if (scalar_dtype(c, c->a.scalar.value, &ct) || st__check_inplace(c, ct)) return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}

static int kernel_scalar(const st_opcall *c, st_tensor *const *out) {
  st_dtype ct = st__result_type_scalar(c->in[0]->dtype, c->a.scalar.value);
  scalar_slot slot;
  return run_binary(out[0], st__view_of(c->in[0]),
                    scalar_view(&slot, st__wide_dtype(ct), c->a.scalar.value), ct,
                    &infos[c->op->id], ct);
}

/* For fusion: the row's loop with the scalar as the constant operand, where self already has
   the compute dtype. */
static bool pointwise_scalar(const st_opcall *c, st_pointwise *p) {
  st_dtype ct = st__result_type_scalar(c->in[0]->dtype, c->a.scalar.value);
  if (!st__is_compute_dtype(ct) || c->in[0]->dtype != ct) return false;
  const st_loop_src *f = st__binary_loop_src(infos[c->op->id].kind, ct);
  if (!f) return false;
  *p = (st_pointwise){.loop = f->fn, .c = f, .nops = 3, .src = {0, 0, -1}, .dt = {ct, ct, ct}};
  scalar_slot slot;
  scalar_view(&slot, ct, c->a.scalar.value);
  memcpy(&p->cst, &slot, sizeof slot);
  return true;
}

#define MODE_SCALAR_INFER_DIFF    infer_scalar
#define MODE_SCALAR_INFER_INPLACE infer_scalar_
#define SCALAR(NAME, LOOP, RULE, COST, MODE)                                                       \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME,                                                 \
                               .name = #NAME,                                                      \
                               .nin = 1,                                                           \
                               .nout = 1,                                                          \
                               .flags = MODE_FLAGS_##MODE | ST_OP_ALL_DTYPES,                      \
                               .infer = MODE_SCALAR_INFER_##MODE,                                  \
                               .kernel = kernel_scalar,                                            \
                               .pointwise = pointwise_scalar,                                      \
                               .vjp = vjp_elementwise,                                             \
                               .jvp = jvp_elementwise,                                             \
                               .vmap = st__vmap_elementwise,                                       \
                               .samples = samples_scalar};
#define BINOP(name, ...)
#define BINARY(name, ...)
#define X(name)
#include "binary.def"
#undef X
#undef BINARY
#undef BINOP
#undef SCALAR

/* ------------------------------------------------------ pow_scalar: scalar.value, the exponent */

/* Integer powers stay integers (torch.pow(int_tensor, 2)); a negative exponent would not,
   which PyTorch refuses too. The exponent is never stored in the result's dtype, so any
   integral value is fine. */
static int infer_pow_scalar(const st_opcall *c, st_meta *m) {
  double e = c->a.scalar.value;
  st_dtype ct = st__result_type_scalar(c->in[0]->dtype, e);
  if (st__dtype_category(ct) == 1 && e < 0)
    return st__op_error(c, ST_ERR_ARG,
                        "integers to negative integer powers are not allowed (%s tensor, "
                        "exponent %g)",
                        st_dtype_name(c->in[0]->dtype), e);
  st__meta_set(m, ct, c->in[0]->ndim, c->in[0]->shape);
  return 0;
}

/* An exponent of 2^62 or more is even and beyond any result that does not wrap around, so it
   can be capped there. */
static int kernel_pow_scalar(const st_opcall *c, st_tensor *const *out) {
  double e = c->a.scalar.value;
  st_dtype ct = st__wide_dtype(out[0]->dtype);
  st_pow_params p = {e, ct == ST_I64 ? (e >= 0x1p62 ? (int64_t)0x1p62 : (int64_t)e) : 0};
  st_view v = st__view_of(c->in[0]);
  return st__ew_run(st__view_of(out[0]), ct, 1, &v, &ct, st__unary_loop(ST_UK_pow_scalar, ct), &p,
                    ST_GRAIN_MATH);
}

const st_op st__op_pow_scalar = {.id = ST_OP_pow_scalar, .name = "pow_scalar", .nin = 1, .nout = 1,
                                 .flags = ST_OP_ALL_DTYPES, .infer = infer_pow_scalar, .kernel = kernel_pow_scalar,
                                 .saves = IN0, .vjp = vjp_elementwise,
                                 .jvp = jvp_elementwise, .vmap = st__vmap_elementwise,
                                 .samples = samples_scalar};

/* --------------------------------------------------------------------------------- where */

static int infer_where(const st_opcall *c, st_meta *m) {
  const st_tensor *cond = c->in[0];
  if (cond->dtype != ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "cond must be bool, not %s", st_dtype_name(cond->dtype));
  int64_t s1[ST_MAX_DIMS], s2[ST_MAX_DIMS];
  int n1 = broadcast(c, cond, c->in[1]->ndim, c->in[1]->shape, s1);
  if (n1 < 0) return -1;
  int n2 = broadcast(c, c->in[2], n1, s1, s2);
  if (n2 < 0) return -1;
  st__meta_set(m, st__result_type(2, c->in + 1), n2, s2);
  return 0;
}

static int kernel_where(const st_opcall *c, st_tensor *const *out) {
  st_dtype ct = st__wide_dtype(out[0]->dtype);
  st_view in[3] = {st__view_of(c->in[0]), st__view_of(c->in[1]), st__view_of(c->in[2])};
  st_dtype dts[3] = {ST_BOOL, ct, ct};
  return st__ew_run(st__view_of(out[0]), ct, 3, in, dts, st__binary_loop(ST_BK_where, ct), NULL,
                    ST_GRAIN_CHEAP);
}

const st_op st__op_where = {.id = ST_OP_where, .name = "where", .nin = 3, .nout = 1,
                            .flags = ST_OP_ALL_DTYPES, .infer = infer_where, .kernel = kernel_where, .saves = IN0,
                            .vjp = vjp_elementwise, .jvp = jvp_elementwise,
                            .vmap = st__vmap_elementwise, .samples = samples_where};

/* --------------------------------------------------------------------------------- copy_ */

/* Any dtype converts (as torch.Tensor.copy_); only the shape and self's layout are checked. A
   copy of self into itself writes every element its own value, so an expanded self is fine
   there (PyTorch's copy_ returns at once for src.is_same(self)). */
static int infer_copy_(const st_opcall *c, st_meta *m) {
  if (check_broadcasts_to_self(c) || (c->in[1] != c->in[0] && st__check_writable(c))) return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}

/* A source that shares self's storage is copied out first, so that a.copy_(a.T) reads no
   element after it was overwritten. */
static int kernel_copy_(const st_opcall *c, st_tensor *const *out) {
  st_tensor *self = out[0], *src = c->in[1], *tmp = NULL;
  if (src->storage == self->storage) {
    if (!(tmp = st__empty(src->dtype, src->ndim, src->shape))) return -1;
    st__k_copy(st__view_of(tmp), st__view_of(src));
    src = tmp;
  }
  int64_t strides[ST_MAX_DIMS];
  for (int d = 0; d < self->ndim; d++) {
    int s = d - (self->ndim - src->ndim);
    strides[d] = s < 0 || src->shape[s] == 1 ? 0 : src->strides[s];
  }
  st_view from = {st__data(src), src->dtype, self->ndim, self->shape, strides};
  st__k_copy(st__view_of(self), from);
  st__drop(tmp);
  return 0;
}

/* copy_: self's old values are overwritten, so self gets zeros_like(grad) (derivatives.yaml:
   zeros rather than no gradient, so self's history still receives one); src gets grad summed
   to its shape (it broadcasts to self). The engine casts it to src's dtype. */
static int vjp_copy_(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st__zeros_meta(&a->in_meta[0]));
  ST_GRAD(1, st__sum_to(gout[0], &a->in_meta[1]));
  return 0;
}

/* copy_: self's new tangent is src's (derivatives.yaml: self_t.copy_(src_t)), broadcast to
   self's shape and cast to its dtype by the interpreter; none when src has none. */
static int jvp_copy_(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  (void)a;
  tout[0] = tin[1] ? st__track(st_retain(tin[1])) : NULL;
  return 0;
}

const st_op st__op_copy_ = {.id = ST_OP_copy_, .name = "copy_", .nin = 2, .nout = 1,
                            .flags = ST_OP_INPLACE | ST_OP_ALL_DTYPES, .infer = infer_copy_, .kernel = kernel_copy_,
                            .vjp = vjp_copy_, .jvp = jvp_copy_,
                            .vmap = st__vmap_elementwise, .samples = samples_binary};

/* ------------------------------------------------------------------------ public functions */

/* fname(a, b) calls op `name` (internal backward ops are st__<name>). */
#define BINARY_FN(fname, name)                                                                     \
  st_tensor *fname(st_tensor *a, st_tensor *b) {                                                   \
    st_opcall c = ST_CALL(name, a, b);                                                             \
    return st__call1(&c);                                                                          \
  }
#define BINARY_PUBLIC(name) BINARY_FN(st_##name, name)
BINARY_PUBLIC(add)
BINARY_PUBLIC(sub)
BINARY_PUBLIC(mul)
BINARY_PUBLIC(div)
BINARY_PUBLIC(pow)
BINARY_PUBLIC(maximum)
BINARY_PUBLIC(minimum)
BINARY_PUBLIC(atan2)
BINARY_PUBLIC(fmod)
BINARY_PUBLIC(remainder)
BINARY_PUBLIC(eq)
BINARY_PUBLIC(ne)
BINARY_PUBLIC(lt)
BINARY_PUBLIC(le)
BINARY_PUBLIC(gt)
BINARY_PUBLIC(ge)
BINARY_PUBLIC(logical_and)
BINARY_PUBLIC(logical_or)

BINARY_FN(st__tanh_backward, tanh_backward)
BINARY_FN(st__sin_backward, sin_backward)
BINARY_FN(st__sigmoid_backward, sigmoid_backward)
BINARY_FN(st__threshold_backward, threshold_backward)

#define INPLACE_PUBLIC(name)                                                                       \
  int st_##name(st_tensor *self, st_tensor *other) {                                               \
    st_opcall c = ST_CALL(name, self, other);                                                        \
    return st__call_inplace(&c);                                                                   \
  }
INPLACE_PUBLIC(add_)
INPLACE_PUBLIC(sub_)
INPLACE_PUBLIC(mul_)
INPLACE_PUBLIC(div_)
INPLACE_PUBLIC(copy_)

#define SCALAR_PUBLIC(name)                                                                        \
  st_tensor *st_##name(st_tensor *a, double s) {                                                   \
    st_opcall c = ST_CALL(name, a);                                                                \
    c.a.scalar.value = s;                                                                          \
    return st__call1(&c);                                                                          \
  }
SCALAR_PUBLIC(add_scalar)
SCALAR_PUBLIC(mul_scalar)
SCALAR_PUBLIC(pow_scalar)

#define SCALAR_INPLACE_PUBLIC(name)                                                                \
  int st_##name(st_tensor *self, double s) {                                                       \
    st_opcall c = ST_CALL(name, self);                                                             \
    c.a.scalar.value = s;                                                                          \
    return st__call_inplace(&c);                                                                   \
  }
SCALAR_INPLACE_PUBLIC(add_scalar_)
SCALAR_INPLACE_PUBLIC(mul_scalar_)

st_tensor *st_where(st_tensor *cond, st_tensor *a, st_tensor *b) {
  st_opcall c = ST_CALL(where, cond, a, b);
  return st__call1(&c);
}
