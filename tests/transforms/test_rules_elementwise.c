/* test_rules_elementwise.c — jvp and batching rules of the unary, binary, reduce and creation
   families: for every op, samples (f64; contiguous, non-contiguous, stride-0 broadcast, 0-dim,
   size-0 where the op allows) checked with vmap against the loop for every in_dims (and
   nested), jvp against central differences, and jvp against vjp (transposition). Then the
   cases the generic checks do not reach: in-place ops under vmap with self batched, type
   promotion of a batched 0-dim f64 with f32, a batched 0-dim against an unbatched dimensioned
   input, exact tangents at ties and kinks, and jacfwd against jacrev (jvp rules under vmap). */
#include "ops/op.h"
#include "tx.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

/* One op call; tensor inputs arrive through the st_fn. */
typedef struct op op;
struct op {
  const char *name;
  int (*f)(const op *p, st_tensor *const *in, st_tensor **out);
  st_tensor *(*u)(st_tensor *);                                  /* unary */
  st_tensor *(*b)(st_tensor *, st_tensor *);                     /* binary */
  st_tensor *(*s)(st_tensor *, double);                          /* tensor op scalar */
  int (*ib)(st_tensor *, st_tensor *);                           /* in place, tensor other */
  int (*is)(st_tensor *, double);                                /* in place, scalar other */
  st_tensor *(*r)(st_tensor *, int, const int *, bool);          /* sum ... norm */
  st_tensor *(*rc)(st_tensor *, int, const int *, double, bool); /* var, std */
  double s0, s1;
  int ndims, dims[3]; /* reductions: ndims 0 reduces every dim */
  bool keepdim;
  st_dtype dt; /* to_dtype */
};

static int apply(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const op *p = ctx;
  return p->f(p, in, out);
}

#define ONE(expr) return (out[0] = (expr)) ? 0 : -1

static int f_unary(const op *p, st_tensor *const *in, st_tensor **out) { ONE(p->u(in[0])); }
static int f_binary(const op *p, st_tensor *const *in, st_tensor **out) { ONE(p->b(in[0], in[1])); }
static int f_scalar(const op *p, st_tensor *const *in, st_tensor **out) { ONE(p->s(in[0], p->s0)); }
static int f_clamp(const op *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_clamp(in[0], p->s0, p->s1));
}
static int f_where(const op *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  ONE(st_where(in[0], in[1], in[2]));
}
static int f_reduce(const op *p, st_tensor *const *in, st_tensor **out) {
  ONE(p->r(in[0], p->ndims, p->dims, p->keepdim));
}
static int f_var(const op *p, st_tensor *const *in, st_tensor **out) {
  ONE(p->rc(in[0], p->ndims, p->dims, p->s0, p->keepdim));
}
static int f_argmax(const op *p, st_tensor *const *in, st_tensor **out) {
  ONE(p->ndims ? st_argmax(in[0], p->dims[0], p->keepdim) : st_argmax_all(in[0]));
}
static int f_argmin(const op *p, st_tensor *const *in, st_tensor **out) {
  ONE(p->ndims ? st_argmin(in[0], p->dims[0], p->keepdim) : st_argmin_all(in[0]));
}
static int f_to_dtype(const op *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_to_dtype(in[0], p->dt));
}
/* In-place forms write into a copy of input 0 (so that under vmap and jvp self is the
   function's own batched / dual tensor) and return it. */
static int f_inplace(const op *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *z = st_clone(in[0]);
  if (!z || p->ib(z, in[1])) return -1;
  ONE(z);
}
static int f_inplace_scalar(const op *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *z = st_clone(in[0]);
  if (!z || p->is(z, p->s0)) return -1;
  ONE(z);
}
static int f_clamp_(const op *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *z = st_clone(in[0]);
  if (!z || st_clamp_(z, p->s0, p->s1)) return -1;
  ONE(z);
}
/* fill_ / zero_ (s1 != 0: zero_): the filled tensor times x, whose tangent is then fill * t. */
static int f_fill_(const op *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *z = st_clone(in[0]);
  if (!z || (p->s1 ? st_zero_(z) : st_fill_(z, p->s0))) return -1;
  ONE(st_add(st_mul(z, in[0]), z));
}

static bool is_float(st_tensor *t) { return st_dtype_of(t) == ST_F32 || st_dtype_of(t) == ST_F64; }

/* vmap against the loop for every in_dims and nested, jvp against central differences and
   jvp against vjp, for one sample; names the op and sample on a failure. Non-differentiable
   ops (vjp_too false) get the vmap check and a zero-tangent jvp check only. */
static void check_sample(const char *file, int line, const op *p, int nin, st_tensor *const *in,
                         bool vjp_too, double tol) {
  st_scope_push();
  bool ok = CHECK_VMAP_ALL(apply, (void *)p, nin, in, 1, 3, 1e-10);
  bool fl = false;
  for (int i = 0; i < nin; i++) fl = fl || is_float(in[i]);
  if (ok && fl) ok = CHECK_JVP_FD(apply, (void *)p, nin, in, 1, 1e-6, tol);
  if (ok && fl && vjp_too) ok = CHECK_TRANSPOSE(apply, (void *)p, nin, in, 1, 1e-10);
  if (!ok) {
    int64_t shape[16];
    int nd = st_shape(in[0], shape);
    st_test_fail(file, line, "op %s, input 0 of %d dims (first size %lld)", p->name, nd,
                 (long long)(nd ? shape[0] : -1));
  }
  st_scope_pop();
}
#define CHECK_SAMPLE(p, nin, ...)                                                                  \
  check_sample(__FILE__, __LINE__, p, nin, (st_tensor *const[]){__VA_ARGS__}, true, 1e-6)
#define CHECK_NONDIFF(p, nin, ...)                                                                 \
  check_sample(__FILE__, __LINE__, p, nin, (st_tensor *const[]){__VA_ARGS__}, false, 1e-6)

/* f64 values in [lo, hi) (seeded), every other one negated with `alternate` (which keeps |x| >=
   lo away from kinks at 0), contiguous or (noncontig) stored transposed. */
static st_tensor *vals(int ndim, const int64_t *shape, double lo, double hi, bool alternate,
                       bool noncontig, unsigned seed) {
  double v[64];
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  tu_fill(v, n, lo, hi, seed);
  if (alternate)
    for (int64_t i = 1; i < n; i += 2) v[i] = -v[i];
  return noncontig ? tu_noncontig(ST_F64, ndim, shape, v) : tu_tensor(ST_F64, ndim, shape, v);
}

#define S(...)  ST_SHAPE(__VA_ARGS__)
#define NO_DIMS 0, NULL /* the shape of a 0-dim tensor, as one macro argument */

/* A stride-0 view of a [3] tensor as [2, 3]. */
static st_tensor *bcast23(double lo, double hi, bool alternate, unsigned seed) {
  return tu_broadcast(vals(S(3), lo, hi, alternate, false, seed), S(2, 3));
}

/* ------------------------------------------------------------------------------ unary ops */

/* Every unary op on [2, 3], a transposed [3, 2], a stride-0 [2, 3], 0-dim and [0, 3], with
   values in its domain (lo..hi, alternating sign where the op takes both). */
static void check_unary(op *p, double lo, double hi, bool alternate, bool diff) {
  unsigned k = 1;
  st_tensor *samples[5] = {
      vals(S(2, 3), lo, hi, alternate, false, k), vals(S(3, 2), lo, hi, alternate, true, k + 1),
      bcast23(lo, hi, alternate, k + 2), vals(NO_DIMS, lo, hi, false, false, k + 3),
      vals(S(0, 3), lo, hi, alternate, false, k + 4)};
  for (int i = 0; i < 5; i++) check_sample(__FILE__, __LINE__, p, 1, &samples[i], diff, 1e-6);
}

#define UNARY_CASE(fn, lo, hi, alt, diff)                                                          \
  do {                                                                                             \
    op p = {.name = #fn, .f = f_unary, .u = st_##fn};                                              \
    check_unary(&p, lo, hi, alt, diff);                                                            \
  } while (0)

TEST(rules_unary_math) {
  st_scope_push();
  UNARY_CASE(neg, 0.2, 2, true, true);
  UNARY_CASE(abs, 0.2, 2, true, true);
  UNARY_CASE(exp, 0.2, 2, true, true);
  UNARY_CASE(expm1, 0.2, 2, true, true);
  UNARY_CASE(log, 0.3, 3, false, true);
  UNARY_CASE(log1p, 0.1, 2, false, true);
  UNARY_CASE(sqrt, 0.3, 3, false, true);
  UNARY_CASE(rsqrt, 0.3, 3, false, true);
  UNARY_CASE(square, 0.2, 2, true, true);
  UNARY_CASE(reciprocal, 0.3, 2, true, true);
  UNARY_CASE(sin, 0.1, 3, true, true);
  UNARY_CASE(cos, 0.1, 3, true, true);
  UNARY_CASE(tan, 0.1, 1.2, true, true);
  UNARY_CASE(tanh, 0.1, 2, true, true);
  UNARY_CASE(sigmoid, 0.1, 3, true, true);
  UNARY_CASE(relu, 0.2, 2, true, true);
  UNARY_CASE(gelu, 0.1, 3, true, true);
  UNARY_CASE(silu, 0.1, 3, true, true);
  UNARY_CASE(softplus, 0.1, 3, true, true);
  UNARY_CASE(erf, 0.1, 2, true, true);
  st_scope_pop();
}

/* The NONDIFF unary ops: batched like the others, and their outputs carry a zero tangent
   (central differences away from the jumps agree). */
TEST(rules_unary_nondiff) {
  st_scope_push();
  UNARY_CASE(sign, 0.2, 2, true, false);
  UNARY_CASE(floor, 0.1, 0.4, true, false);
  UNARY_CASE(ceil, 0.1, 0.4, true, false);
  UNARY_CASE(round, 0.1, 0.4, true, false);
  st_tensor *m = st_gt(vals(S(2, 3), 0, 1, true, false, 9), st_scalar(ST_F64, 0));
  op p = {.name = "logical_not", .f = f_unary, .u = st_logical_not};
  CHECK_NONDIFF(&p, 1, m);
  st_scope_pop();
}

TEST(rules_clamp) {
  st_scope_push();
  /* both bounds, one bound each side, none (the identity); values avoid the bounds */
  const double bounds[4][2] = {
      {-0.5, 0.7}, {-0.5, INFINITY}, {-INFINITY, 0.7}, {-INFINITY, INFINITY}};
  for (int b = 0; b < 4; b++) {
    op p = {.name = "clamp", .f = f_clamp, .s0 = bounds[b][0], .s1 = bounds[b][1]};
    double v[6] = {-1.3, -0.2, 0.4, 1.1, 0.05, -0.9};
    CHECK_SAMPLE(&p, 1, tu_tensor(ST_F64, S(2, 3), v));
    CHECK_SAMPLE(&p, 1, tu_noncontig(ST_F64, S(3, 2), v));
    CHECK_SAMPLE(&p, 1, vals(NO_DIMS, 0.9, 1.5, false, false, 3));
    op q = {.name = "clamp_", .f = f_clamp_, .s0 = bounds[b][0], .s1 = bounds[b][1]};
    CHECK_SAMPLE(&q, 1, tu_tensor(ST_F64, S(2, 3), v));
    CHECK_SAMPLE(&q, 1, vals(NO_DIMS, -0.3, 0.3, false, false, 4));
    CHECK_SAMPLE(&q, 1, vals(S(0, 2), -1, 1, false, false, 4));
  }
  st_scope_pop();
}

/* Exact tangents at the kinks: relu'(0) = 0, abs'(0) = 0, clamp passes at its bounds. */
static int f_kinks(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_relu(in[0]);
  out[1] = st_abs(in[0]);
  out[2] = st_clamp(in[0], 0, 1);
  return out[0] && out[1] && out[2] ? 0 : -1;
}

TEST(rules_unary_kinks_exact) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, S(3), (const double[]){0, 1, 2});
  st_tensor *t = tu_tensor(ST_F64, S(3), (const double[]){1, 1, 1});
  st_func *f = st_func_new(f_kinks, NULL, 1, 3);
  st_tensor *o[3] = {0}, *to[3] = {0}; /* NULL when st_jvp fails before it writes */
  CHECK(st_jvp(f, &x, &t, o, to) == 0);
  CHECK_CLOSE(to[0], 0, 0, 1, 1);
  CHECK_CLOSE(to[1], 0, 0, 1, 1);
  CHECK_CLOSE(to[2], 0, 0, 0, 0); /* strictly inside (0, 1) only: torch 2.15 */
  st_func_release(f);
  st_scope_pop();
}

/* zero_ and fill_: self's tangent after the write is zero, so (z * x + z)' = fill * t. */
TEST(rules_fill_zero) {
  st_scope_push();
  op fill = {.name = "fill_", .f = f_fill_, .s0 = 2.5},
     zero = {.name = "zero_", .f = f_fill_, .s1 = 1};
  op *ops[2] = {&fill, &zero};
  for (int k = 0; k < 2; k++) {
    CHECK_SAMPLE(ops[k], 1, vals(S(2, 3), 0.1, 2, true, false, 5));
    CHECK_SAMPLE(ops[k], 1, vals(S(3, 2), 0.1, 2, true, true, 6));
    CHECK_SAMPLE(ops[k], 1, vals(NO_DIMS, 0.1, 2, true, false, 7));
    CHECK_SAMPLE(ops[k], 1, vals(S(0, 3), 0.1, 2, true, false, 8));
  }
  st_scope_pop();
}

/* ----------------------------------------------------------------------------- binary ops */

/* A binary op on broadcast pairs: [2, 3] with [3]; [2, 1] (transposed storage) with [3];
   0-dim with [2, 3]; a transposed [2, 3] with 0-dim; a stride-0 [2, 3] with [2, 3]; [0, 3]
   with [3]. Operand a in (alo, ahi), b in (blo, bhi), alternating signs where asked. */
static void check_binary(op *p, double alo, double ahi, bool aalt, double blo, double bhi,
                         bool balt) {
  st_tensor *pairs[6][2] = {
      {vals(S(2, 3), alo, ahi, aalt, false, 11), vals(S(3), blo, bhi, balt, false, 12)},
      {vals(S(2, 1), alo, ahi, aalt, true, 13), vals(S(3), blo, bhi, balt, false, 14)},
      {vals(NO_DIMS, alo, ahi, false, false, 15), vals(S(2, 3), blo, bhi, balt, false, 16)},
      {vals(S(3, 2), alo, ahi, aalt, true, 17), vals(NO_DIMS, blo, bhi, false, false, 18)},
      {bcast23(alo, ahi, aalt, 19), vals(S(2, 3), blo, bhi, balt, true, 20)},
      {vals(S(0, 3), alo, ahi, aalt, false, 21), vals(S(3), blo, bhi, balt, false, 22)},
  };
  for (int i = 0; i < 6; i++) check_sample(__FILE__, __LINE__, p, 2, pairs[i], true, 1e-6);
}

#define BINARY_CASE(fn, alo, ahi, aalt, blo, bhi, balt)                                            \
  do {                                                                                             \
    op p = {.name = #fn, .f = f_binary, .b = st_##fn};                                             \
    check_binary(&p, alo, ahi, aalt, blo, bhi, balt);                                              \
  } while (0)

TEST(rules_binary) {
  st_scope_push();
  BINARY_CASE(add, 0.1, 2, true, 0.1, 2, true);
  BINARY_CASE(sub, 0.1, 2, true, 0.1, 2, true);
  BINARY_CASE(mul, 0.1, 2, true, 0.1, 2, true);
  BINARY_CASE(div, 0.1, 2, true, 0.4, 2, true);
  BINARY_CASE(pow, 0.3, 2, false, 0.1, 2, true);
  BINARY_CASE(maximum, 0.1, 2, true, 0.15, 2.1, true);
  BINARY_CASE(minimum, 0.1, 2, true, 0.15, 2.1, true);
  BINARY_CASE(atan2, 0.2, 2, true, 0.3, 2, true);
  st_scope_pop();
}

TEST(rules_binary_nondiff) {
  st_scope_push();
  static st_tensor *(*const cmp[6])(st_tensor *, st_tensor *) = {st_eq, st_ne, st_lt,
                                                                 st_le, st_gt, st_ge};
  static const char *names[6] = {"eq", "ne", "lt", "le", "gt", "ge"};
  /* small integers in f64, so that equal pairs occur */
  st_tensor *a = st_round(vals(S(2, 3), 0, 3, false, false, 23));
  st_tensor *b = st_round(vals(S(3), 0, 3, false, false, 24));
  for (int k = 0; k < 6; k++) {
    op p = {.name = names[k], .f = f_binary, .b = cmp[k]};
    CHECK_NONDIFF(&p, 2, a, b);
    CHECK_NONDIFF(&p, 2, st_scalar(ST_F64, 1), a);
  }
  st_tensor *ma = st_gt(a, st_scalar(ST_F64, 1)), *mb = st_lt(b, st_scalar(ST_F64, 2));
  op land = {.name = "logical_and", .f = f_binary, .b = st_logical_and};
  op lor = {.name = "logical_or", .f = f_binary, .b = st_logical_or};
  CHECK_NONDIFF(&land, 2, ma, mb);
  CHECK_NONDIFF(&lor, 2, ma, mb);
  st_scope_pop();
}

TEST(rules_scalar_ops) {
  st_scope_push();
  struct {
    const char *name;
    st_tensor *(*s)(st_tensor *, double);
    double s0, lo;
  } cases[] = {
      {"add_scalar", st_add_scalar, 1.5, -2},  {"mul_scalar", st_mul_scalar, -2.5, -2},
      {"pow_scalar", st_pow_scalar, 3, -2},    {"pow_scalar", st_pow_scalar, 2, -2},
      {"pow_scalar", st_pow_scalar, 0.5, 0.3}, {"pow_scalar", st_pow_scalar, -1.5, 0.3},
      {"pow_scalar", st_pow_scalar, 0, -2},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    op p = {.name = cases[k].name, .f = f_scalar, .s = cases[k].s, .s0 = cases[k].s0};
    double lo = cases[k].lo;
    CHECK_SAMPLE(&p, 1, vals(S(2, 3), lo, 2, false, false, 25));
    CHECK_SAMPLE(&p, 1, vals(S(3, 2), lo, 2, false, true, 26));
    CHECK_SAMPLE(&p, 1, vals(NO_DIMS, lo, 2, false, false, 27));
    CHECK_SAMPLE(&p, 1, vals(S(0, 3), lo, 2, false, false, 28));
  }
  st_scope_pop();
}

TEST(rules_where) {
  st_scope_push();
  op p = {.name = "where", .f = f_where};
  st_tensor *c23 = st_gt(vals(S(2, 3), 0.1, 1, true, false, 29), st_scalar(ST_F64, 0));
  st_tensor *c3 = st_lt(vals(S(3), 0.1, 1, true, false, 30), st_scalar(ST_F64, 0));
  CHECK_SAMPLE(&p, 3, c23, vals(S(3), -2, 2, false, false, 31),
               vals(S(2, 3), -2, 2, false, true, 32));
  CHECK_SAMPLE(&p, 3, c3, vals(S(2, 1), -2, 2, false, false, 33),
               vals(NO_DIMS, -2, 2, false, false, 34));
  CHECK_SAMPLE(&p, 3, st_scalar(ST_BOOL, 1), vals(NO_DIMS, -2, 2, false, false, 35),
               vals(S(2, 3), -2, 2, false, false, 36));
  CHECK_SAMPLE(&p, 3, st_gt(vals(S(0, 3), 0, 1, false, false, 1), st_scalar(ST_F64, 0)),
               vals(S(3), -2, 2, false, false, 37), vals(S(0, 1), -2, 2, false, false, 38));
  st_scope_pop();
}

/* Exact tangents at ties: maximum / minimum split evenly between equal operands. */
TEST(rules_extremum_ties_exact) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, S(3), (const double[]){1, 2, 3});
  st_tensor *y = tu_tensor(ST_F64, S(3), (const double[]){1, 3, 2});
  st_tensor *tx = tu_tensor(ST_F64, S(3), (const double[]){1, 1, 1});
  st_tensor *ty = tu_tensor(ST_F64, S(3), (const double[]){3, 3, 3});
  op pmax = {.name = "maximum", .f = f_binary, .b = st_maximum};
  op pmin = {.name = "minimum", .f = f_binary, .b = st_minimum};
  st_func *fmax = st_func_new(apply, &pmax, 2, 1), *fmin = st_func_new(apply, &pmin, 2, 1);
  st_tensor *o = NULL, *t = NULL; /* left NULL by a call that fails before it writes */
  CHECK(st_jvp(fmax, (st_tensor *const[]){x, y}, (st_tensor *const[]){tx, ty}, &o, &t) == 0);
  CHECK_CLOSE(t, 0, 2, 3, 1);
  t = NULL;
  CHECK(st_jvp(fmin, (st_tensor *const[]){x, y}, (st_tensor *const[]){tx, ty}, &o, &t) == 0);
  CHECK_CLOSE(t, 0, 2, 1, 3);
  /* the transposition identity holds at ties too */
  CHECK(CHECK_TRANSPOSE(apply, &pmax, 2, ((st_tensor *const[]){x, y}), 1, 1e-12));
  CHECK(CHECK_TRANSPOSE(apply, &pmin, 2, ((st_tensor *const[]){x, y}), 1, 1e-12));
  st_func_release(fmax);
  st_func_release(fmin);
  st_scope_pop();
}

/* ------------------------------------------------------------------------- in-place ops */

/* B lanes of x (float lanes scaled by 1 + 0.05 b, as tx.c does) stacked at dim d. */
static st_tensor *lanes_of(st_tensor *x, int d, int64_t B) {
  st_tensor *lanes[8];
  for (int64_t b = 0; b < B; b++)
    lanes[b] = is_float(x) ? st_mul_scalar(x, 1.0 + 0.05 * (double)b) : x;
  return st_stack((int)B, lanes, d < 0 ? st_ndim(x) + 1 + d : d);
}

/* vmap of fn (an in-place op on a copy of input 0) against the loop for every in_dims with
   self (input 0) batched at 0 or -1 and the other input batched at 0, -1 or not at all; then
   an unbatched self with a batched other, which vmap refuses (the result would need a batch
   dim that self does not have). */
static void check_inplace_vmap(const char *file, int line, const char *name, st_fn fn, void *ctx,
                               st_tensor *self, st_tensor *other, double tol) {
  static const int choices[3] = {0, -1, ST_UNBATCHED};
  const int64_t B = 3;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) {
      st_scope_push();
      int dims[2] = {choices[i], choices[j]};
      st_tensor *in[2] = {lanes_of(self, dims[0], B),
                          dims[1] == ST_UNBATCHED ? other : lanes_of(other, dims[1], B)};
      if (!CHECK_VMAP_LOOP(fn, ctx, 2, in, dims, 1, tol))
        st_test_fail(file, line, "op %s, in_dims %d, %d", name, dims[0], dims[1]);
      st_scope_pop();
    }
  st_scope_push();
  st_func *f = st_func_new(fn, ctx, 2, 1);
  st_func *vf = st_vmap(f, (const int[]){ST_UNBATCHED, 0}, NULL);
  st_tensor *o = NULL;
  CHECK_FAILS(st_call(vf, (st_tensor *const[]){self, lanes_of(other, 0, B)}, &o) != 0,
              ST_ERR_TRANSFORM, "not batched");
  st_func_release(vf);
  st_func_release(f);
  st_scope_pop();
}
#define CHECK_INPLACE_VMAP(p, self, other, tol)                                                    \
  check_inplace_vmap(__FILE__, __LINE__, (p)->name, apply, (void *)(p), self, other, tol)

TEST(rules_inplace_binary) {
  st_scope_push();
  struct {
    const char *name;
    int (*ib)(st_tensor *, st_tensor *);
    double blo;
  } cases[] = {{"add_", st_add_, 0.1},
               {"sub_", st_sub_, 0.1},
               {"mul_", st_mul_, 0.1},
               {"div_", st_div_, 0.4},
               {"copy_", st_copy_, 0.1}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    op p = {.name = cases[k].name, .f = f_inplace, .ib = cases[k].ib};
    double blo = cases[k].blo;
    st_tensor *self = vals(S(2, 3), 0.1, 2, true, false, 40);
    st_tensor *pairs[4][2] = {
        {self, vals(S(3), blo, 2, true, false, 41)},
        {vals(S(3, 2), 0.1, 2, true, true, 42), vals(S(3, 1), blo, 2, true, true, 43)},
        {vals(NO_DIMS, 0.1, 2, false, false, 44), vals(NO_DIMS, blo, 2, false, false, 45)},
        {vals(S(0, 3), 0.1, 2, true, false, 46), vals(S(1, 3), blo, 2, true, false, 47)},
    };
    for (int i = 0; i < 4; i++) {
      CHECK(CHECK_JVP_FD(apply, &p, 2, pairs[i], 1, 1e-6, 1e-6));
      CHECK(CHECK_TRANSPOSE(apply, &p, 2, pairs[i], 1, 1e-10));
      CHECK_INPLACE_VMAP(&p, pairs[i][0], pairs[i][1], 1e-12);
    }
  }
  st_scope_pop();
}

TEST(rules_inplace_scalar) {
  st_scope_push();
  op cases[2] = {{.name = "add_scalar_", .f = f_inplace_scalar, .is = st_add_scalar_, .s0 = 1.5},
                 {.name = "mul_scalar_", .f = f_inplace_scalar, .is = st_mul_scalar_, .s0 = -2.5}};
  for (int k = 0; k < 2; k++) {
    CHECK_SAMPLE(&cases[k], 1, vals(S(2, 3), 0.1, 2, true, false, 50));
    CHECK_SAMPLE(&cases[k], 1, vals(S(3, 2), 0.1, 2, true, true, 51));
    CHECK_SAMPLE(&cases[k], 1, vals(NO_DIMS, 0.1, 2, true, false, 52));
    CHECK_SAMPLE(&cases[k], 1, vals(S(0, 3), 0.1, 2, true, false, 53));
  }
  st_scope_pop();
}

/* copy_ from another dtype: the tangent is cast to self's (f32 source), or there is none (an
   i64 source: the result does not depend on x). */
static int f_copy_from(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *z = st_clone(in[0]);
  if (!z || st_copy_(z, in[1])) return -1;
  ONE(st_mul(z, in[0]));
}

TEST(rules_copy_dtypes) {
  st_scope_push();
  st_tensor *x = vals(S(2, 3), 0.1, 2, true, false, 54);
  st_tensor *s32 = st_to_dtype(vals(S(3), 0.1, 2, true, false, 55), ST_F32);
  st_tensor *si = tu_tensor(ST_I64, S(3), (const double[]){1, -2, 3});
  st_func *f = st_func_new(f_copy_from, NULL, 2, 1);
  st_tensor *tx = st_ones_like(x), *t32 = st_ones_like(s32), *o = NULL, *t = NULL;
  /* (z * x)' = t_src * x + z * t_x with z = src */
  CHECK(st_jvp(f, (st_tensor *const[]){x, s32}, (st_tensor *const[]){tx, t32}, &o, &t) == 0);
  st_tensor *want = st_add(x, st_to_dtype(s32, ST_F64));
  double *w = tu_values(want);
  CHECK(st_test_close(__FILE__, __LINE__, t, w, 6, 1e-7));
  free(w);
  CHECK(st_jvp(f, (st_tensor *const[]){x, si}, (st_tensor *const[]){tx, NULL}, &o, &t) == 0);
  CHECK_CLOSE(t, 0, 1, -2, 3, 1, -2, 3);
  check_inplace_vmap(__FILE__, __LINE__, "copy_", f_copy_from, NULL, x, s32, 1e-12);
  check_inplace_vmap(__FILE__, __LINE__, "copy_", f_copy_from, NULL, x, si, 1e-12);
  st_func_release(f);
  st_scope_pop();
}

/* ---------------------------------------------------------------------------- reductions */

/* One reduction over [2, 3, 4] (every dim, with and without keepdim; dim 1; dim -1 with
   keepdim; dims 0 and 2 of a transposed input), 0-dim (every dim; dim 0 with keepdim) and
   [0, 3] over dim 1 (an empty result; no reduced dim is empty, which amax and amin reject).
   Without scalar_too the 0-dim samples are skipped: var and std with correction 1 have no
   degree of freedom there and are NaN, tangent included. */
static void check_reduce(op p, double lo, double hi, bool alternate, bool scalar_too) {
  st_tensor *x = vals(S(2, 3, 4), lo, hi, alternate, false, 60);
  st_tensor *xt = vals(S(4, 3, 2), lo, hi, alternate, true, 61);
  st_tensor *x0 = vals(NO_DIMS, lo, hi, false, false, 62);
  st_tensor *xe = vals(S(0, 3), lo, hi, false, false, 63);
  struct {
    st_tensor *x;
    int ndims, d0, d1;
    bool keepdim;
  } cfg[] = {{x, 0, 0, 0, false},  {x, 0, 0, 0, true},   {x, 1, 1, 0, false}, {x, 2, -1, 0, true},
             {xt, 2, 0, 2, false}, {x0, 0, 0, 0, false}, {x0, 1, 0, 0, true}, {xe, 1, 1, 0, false}};
  for (size_t k = 0; k < sizeof cfg / sizeof cfg[0]; k++) {
    if (cfg[k].x == x0 && !scalar_too) continue;
    p.ndims = cfg[k].ndims;
    p.dims[0] = cfg[k].d0;
    p.dims[1] = cfg[k].d1;
    p.keepdim = cfg[k].keepdim;
    check_sample(__FILE__, __LINE__, &p, 1, &cfg[k].x, true, 1e-6);
  }
}

TEST(rules_reduce) {
  st_scope_push();
  check_reduce((op){.name = "sum", .f = f_reduce, .r = st_sum}, -2, 2, false, true);
  check_reduce((op){.name = "mean", .f = f_reduce, .r = st_mean}, -2, 2, false, true);
  check_reduce((op){.name = "prod", .f = f_reduce, .r = st_prod}, 0.5, 1.5, true, true);
  check_reduce((op){.name = "amax", .f = f_reduce, .r = st_amax}, -2, 2, false, true);
  check_reduce((op){.name = "amin", .f = f_reduce, .r = st_amin}, -2, 2, false, true);
  check_reduce((op){.name = "logsumexp", .f = f_reduce, .r = st_logsumexp}, -2, 2, false, true);
  check_reduce((op){.name = "norm", .f = f_reduce, .r = st_norm}, 0.1, 2, true, true);
  check_reduce((op){.name = "var", .f = f_var, .rc = st_var, .s0 = 1}, -2, 2, false, false);
  check_reduce((op){.name = "var", .f = f_var, .rc = st_var, .s0 = 0}, -2, 2, false, true);
  check_reduce((op){.name = "std", .f = f_var, .rc = st_std, .s0 = 1}, -2, 2, false, false);
  check_reduce((op){.name = "std", .f = f_var, .rc = st_std, .s0 = 0}, -2, 2, false, true);
  st_scope_pop();
}

TEST(rules_reduce_prod_zeros) {
  st_scope_push();
  op p = {.name = "prod", .f = f_reduce, .r = st_prod, .ndims = 1, .dims = {1}};
  /* row 0 has one zero, row 1 two, row 2 none */
  st_tensor *x = tu_tensor(ST_F64, S(3, 3), (const double[]){0, 2, 3, 0, 0, 4, 1, -2, 3});
  CHECK_SAMPLE(&p, 1, x);
  st_scope_pop();
}

TEST(rules_argmax_argmin) {
  st_scope_push();
  st_tensor *x = vals(S(2, 3, 4), -2, 2, false, false, 64),
            *x0 = vals(NO_DIMS, -2, 2, false, false, 65);
  for (int k = 0; k < 2; k++) {
    op p = {.name = k ? "argmin" : "argmax", .f = k ? f_argmin : f_argmax};
    CHECK_NONDIFF(&p, 1, x);
    CHECK_NONDIFF(&p, 1, x0);
    p.ndims = 1, p.dims[0] = 1;
    CHECK_NONDIFF(&p, 1, x);
    p.dims[0] = -1, p.keepdim = true;
    CHECK_NONDIFF(&p, 1, x);
    p.dims[0] = 0;
    CHECK_NONDIFF(&p, 1, x0);
  }
  st_scope_pop();
}

/* amax / amin at ties: the tangent is the mean of the tied elements' tangents (the vjp's even
   split), and jvp and vjp stay transposes. */
TEST(rules_reduce_ties_exact) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, S(2, 3), (const double[]){3, 1, 3, -1, 2, -1});
  st_tensor *t = tu_tensor(ST_F64, S(2, 3), (const double[]){1, 5, 2, 4, 7, 8});
  op pmax = {.name = "amax", .f = f_reduce, .r = st_amax, .ndims = 1, .dims = {1}};
  op pmin = {.name = "amin", .f = f_reduce, .r = st_amin, .ndims = 1, .dims = {1}};
  st_func *fmax = st_func_new(apply, &pmax, 1, 1), *fmin = st_func_new(apply, &pmin, 1, 1);
  st_tensor *o = NULL, *to = NULL; /* left NULL by a call that fails before it writes */
  CHECK(st_jvp(fmax, &x, &t, &o, &to) == 0);
  CHECK_CLOSE(to, 0, 1.5, 7);
  to = NULL;
  CHECK(st_jvp(fmin, &x, &t, &o, &to) == 0);
  CHECK_CLOSE(to, 0, 5, 6);
  CHECK(CHECK_TRANSPOSE(apply, &pmax, 1, &x, 1, 1e-12));
  CHECK(CHECK_TRANSPOSE(apply, &pmin, 1, &x, 1, 1e-12));
  st_func_release(fmax);
  st_func_release(fmin);
  st_scope_pop();
}

/* ------------------------------------------------------------------------------- to_dtype */

TEST(rules_to_dtype) {
  st_scope_push();
  st_tensor *x = vals(S(2, 3), -2, 2, false, false, 66),
            *xt = vals(S(3, 2), -2, 2, false, true, 67);
  st_tensor *x0 = vals(NO_DIMS, -2, 2, false, false, 68),
            *xe = vals(S(0, 3), -2, 2, false, false, 69);
  st_tensor *samples[4] = {x, xt, x0, xe};
  op to64 = {.name = "to_dtype f64", .f = f_to_dtype, .dt = ST_F64};
  op to32 = {.name = "to_dtype f32", .f = f_to_dtype, .dt = ST_F32};
  op toi = {.name = "to_dtype i64", .f = f_to_dtype, .dt = ST_I64};
  for (int i = 0; i < 4; i++) {
    CHECK_SAMPLE(&to64, 1, samples[i]); /* the clone form */
    CHECK_NONDIFF(&toi, 1, samples[i]); /* no tangent */
    /* f64 -> f32 and back: linear, so wide differences are exact up to f32 rounding */
    st_tensor *in32 = st_to_dtype(samples[i], ST_F32);
    CHECK(CHECK_VMAP_ALL(apply, &to32, 1, &samples[i], 1, 3, 1e-7));
    CHECK(CHECK_JVP_FD(apply, &to32, 1, &samples[i], 1, 1e-2, 1e-5));
    CHECK(CHECK_TRANSPOSE(apply, &to32, 1, &samples[i], 1, 1e-6));
    CHECK(CHECK_JVP_FD(apply, &to64, 1, &in32, 1, 1e-2, 1e-5));
    CHECK(CHECK_TRANSPOSE(apply, &to64, 1, &in32, 1, 1e-6));
  }
  st_scope_pop();
}

/* --------------------------------------------------------- batching: broadcast and dtypes */

/* A batched 0-dim input against an unbatched dimensioned one: under vmap the 0-dim value is
   [B] physically and must broadcast as a logical scalar, not against the last dim. */
TEST(rules_vmap_batched_scalar_broadcast) {
  st_scope_push();
  op add = {.name = "add", .f = f_binary, .b = st_add},
     pw = {.name = "pow", .f = f_binary, .b = st_pow};
  op where = {.name = "where", .f = f_where};
  st_tensor *s = vals(NO_DIMS, 0.5, 1.5, false, false, 70),
            *x = vals(S(3), 0.5, 2, false, false, 71);
  for (int k = 0; k < 2; k++) {
    op *p = k ? &pw : &add;
    /* B = 3 lanes against a dimension of size 3: a wrong broadcast would not fail on shapes */
    CHECK(CHECK_VMAP_LOOP(apply, p, 2, ((st_tensor *const[]){lanes_of(s, 0, 3), x}),
                          ((const int[]){0, ST_UNBATCHED}), 1, 1e-12));
    CHECK(CHECK_VMAP_LOOP(apply, p, 2, ((st_tensor *const[]){x, lanes_of(s, 0, 3)}),
                          ((const int[]){ST_UNBATCHED, 0}), 1, 1e-12));
  }
  st_tensor *c = st_scalar(ST_BOOL, 1);
  CHECK(CHECK_VMAP_LOOP(apply, &where, 3,
                        ((st_tensor *const[]){lanes_of(c, 0, 3), x, lanes_of(s, 0, 3)}),
                        ((const int[]){0, ST_UNBATCHED, 0}), 1, 1e-12));
  st_scope_pop();
}

/* f32 with a 0-dim f64: the result is f32 (a 0-dim tensor does not weigh in promotion), also
   when the 0-dim input is batched and physically has a dimension. */
TEST(rules_vmap_type_promotion) {
  st_scope_push();
  st_tensor *x32 = st_to_dtype(vals(S(2, 3), 0.5, 2, true, false, 72), ST_F32);
  st_tensor *s64 = vals(NO_DIMS, 0.5, 1.5, false, false, 73);
  static st_tensor *(*const fns[])(st_tensor *, st_tensor *) = { /* binary.def's BINOP rows */
#define X(name)
#define BINOP(name, ...) st_##name,
#include "ops/binary.def"
#undef BINOP
#undef X
  };
  for (size_t k = 0; k < sizeof fns / sizeof *fns; k++) {
    op p = {.name = "promotion", .f = f_binary, .b = fns[k]};
    CHECK(CHECK_VMAP_ALL(apply, &p, 2, ((st_tensor *const[]){x32, s64}), 1, 3, 1e-6));
    CHECK(CHECK_VMAP_ALL(apply, &p, 2, ((st_tensor *const[]){s64, x32}), 1, 3, 1e-6));
  }
  op w = {.name = "where", .f = f_where};
  st_tensor *c = st_gt(vals(S(2, 3), 0.1, 1, true, false, 74), st_scalar(ST_F64, 0));
  CHECK(CHECK_VMAP_ALL(apply, &w, 3, ((st_tensor *const[]){c, x32, s64}), 1, 3, 1e-6));
  /* in place: self f32 batched, other a 0-dim f64, batched or not */
  op add_ = {.name = "add_", .f = f_inplace, .ib = st_add_};
  op mul_ = {.name = "mul_", .f = f_inplace, .ib = st_mul_};
  CHECK_INPLACE_VMAP(&add_, x32, s64, 1e-6);
  CHECK_INPLACE_VMAP(&mul_, x32, s64, 1e-6);
  st_scope_pop();
}

/* ---------------------------------------------------------------- jvp rules under vmap */

/* A function through many rules, whose Jacobian jacfwd (jvp rules under vmap) and jacrev (vjp
   rules under vmap) must agree on. */
static int f_mix(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0];
  st_tensor *a = st_mul(st_tanh(x), st_exp(st_mul_scalar(x, 0.3)));
  st_tensor *b =
      st_div(st_pow(st_add_scalar(st_abs(x), 1), st_sigmoid(x)), st_add_scalar(st_square(x), 1));
  st_tensor *c = st_maximum(st_sin(x), st_clamp(st_gelu(x), -0.2, 0.8));
  st_tensor *z = st_clone(a);
  if (!z || st_mul_(z, b) || st_add_scalar_(z, 0.5)) return -1;
  st_tensor *r1 = st_logsumexp(st_add(z, c), 1, (const int[]){1}, false);
  st_tensor *r2 = st_std(st_atan2(a, st_add_scalar(b, 2)), 1, (const int[]){0}, 1, false);
  st_tensor *r3 =
      st_mul(st_amax(c, 1, (const int[]){1}, false), st_norm(b, 1, (const int[]){1}, false));
  st_tensor *r4 =
      st_prod(st_where(st_gt(x, st_scalar(ST_F64, 0)), a, b), 1, (const int[]){1}, false);
  st_tensor *r5 = st_sum(st_mul(st_var(c, 1, (const int[]){0}, 0, true), st_amin(b, 0, NULL, true)),
                         1, (const int[]){-1}, false);
  ONE(st_add(st_add(st_add(r1, st_mean(r2, 0, NULL, false)), st_add(r3, st_to_dtype(r4, ST_F64))),
             r5));
}

TEST(rules_jacfwd_matches_jacrev) {
  st_scope_push();
  st_tensor *x = vals(S(3, 4), 0.2, 1.5, true, false, 75);
  st_func *f = st_func_new(f_mix, NULL, 1, 1);
  st_func *jf = st_jacfwd(f, 0), *jr = st_jacrev(f, 0);
  st_tensor *a = NULL, *b = NULL;
  CHECK(st_call(jf, &x, &a) == 0);
  CHECK(st_call(jr, &x, &b) == 0);
  if (a && b) {
    CHECK_SHAPE(a, 3, 3, 4);
    double *w = tu_values(b);
    CHECK(st_test_close(__FILE__, __LINE__, a, w, st_numel(b), 1e-10));
    free(w);
  }
  st_func_release(jf);
  st_func_release(jr);
  st_func_release(f);
  st_scope_pop();
}

/* ------------------------------------------------------------------------------ coverage */

/* Every op of these families has a batching rule, and a jvp rule unless it is NONDIFF (so no
   differentiable op falls back to the double-vjp construction). */
TEST(rules_elementwise_families_covered) {
  static const st_op_id ids[] = {
#define X(name) ST_OP_##name,
#include "ops/binary.def"
#include "ops/reduce.def"
#include "ops/unary.def"
#undef X
      ST_OP_to_dtype};
  for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
    const st_op *op = st__ops[ids[k]];
    if (!op->vmap) st_test_fail(__FILE__, __LINE__, "st_%s has no batching rule", op->name);
    if (!(op->flags & ST_OP_NONDIFF) && !op->jvp)
      st_test_fail(__FILE__, __LINE__, "st_%s has no jvp rule", op->name);
  }
}

/* hessian = jacfwd(jacrev(f)): the jvp rules run on the ops of the vjp rules, under vmap;
   against jacrev(jacrev(f)). */
static int f_mix_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  if (f_mix(ctx, nin, in, nout, out)) return -1;
  ONE(st_sum_all(out[0]));
}

TEST(rules_hessian_matches_jacrev2) {
  st_scope_push();
  st_tensor *x = vals(S(2, 3), 0.2, 1.5, true, false, 76);
  st_func *f = st_func_new(f_mix_sum, NULL, 1, 1);
  st_func *h = st_hessian(f, 0), *jr = st_jacrev(f, 0), *jr2 = st_jacrev(jr, 0);
  st_tensor *a = NULL, *b = NULL;
  CHECK(st_call(h, &x, &a) == 0);
  CHECK(st_call(jr2, &x, &b) == 0);
  if (a && b) {
    CHECK_SHAPE(a, 2, 3, 2, 3);
    double *w = tu_values(b);
    CHECK(st_test_close(__FILE__, __LINE__, a, w, st_numel(b), 1e-9));
    free(w);
  }
  st_func_release(h);
  st_func_release(jr2);
  st_func_release(jr);
  st_func_release(f);
  st_scope_pop();
}

/* logsumexp's softmax weights are normalized by their own sum (PyTorch's logsumexp_jvp), not
   exp(x - result), whose sum is off by the rounding of a large result: through
   logsumexp((x - sum x)^2) at |x - sum x| ~ 22, with two equal largest elements, the third
   derivative of f is 1e-25 (f is quadratic there up to weights of 1e-39), and was 5e-9 in
   both modes (the fuzzer's crash of 2026-11-24: a fourth-order composition off by 1e-4). */
static int lse_of_duplicates(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0], *st = st_stack(2, (st_tensor *[]){x, x}, 0);
  out[0] = st_logsumexp(st_square(st_sub(st, st_sum_all(x))), 0, NULL, false);
  return out[0] ? 0 : -1;
}

TEST(rules_logsumexp_higher_derivatives_at_large_values) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, S(3, 4), (const double[]){-3.9975, -3.999, -3.9965, -1.9336,
                                                              -3.9996, -1.2552, 0.3562, -2.7058,
                                                              2.5184, -0.6122, 1.0033, -1.9015});
  st_func *f = st_func_new(lse_of_duplicates, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  st_func *hf = st_jacfwd(g, 0), *hr = st_jacrev(g, 0);
  st_func *tf = st_jacfwd(hf, 0), *tr = st_jacrev(hr, 0);
  st_tensor *a = NULL, *b = NULL;
  CHECK(st_call(tf, &x, &a) == 0);
  CHECK(st_call(tr, &x, &b) == 0);
  CHECK(st_item(st_amax(st_abs(a), 0, NULL, false)) < 1e-20);
  CHECK(st_item(st_amax(st_abs(b), 0, NULL, false)) < 1e-20);
  st_func_release(tr);
  st_func_release(tf);
  st_func_release(hr);
  st_func_release(hf);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}
