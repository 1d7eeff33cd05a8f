/* test_binary.c — binary elementwise ops, their scalar forms, comparisons, where, logical ops and
   the in-place forms, against double-precision references computed here: every dtype the op
   accepts, broadcasting layouts (contiguous, non-contiguous, stride 0, size 0, 0-dim, and one
   big enough to go parallel), type promotion, errors and allocation failures. */
#include "core/core.h"
#include "ops/op.h"
#include "test.h"
#include "transforms/tx.h"
#include "util.h"

typedef st_tensor *(*binary_op)(st_tensor *, st_tensor *);
typedef double (*ref2_fn)(double, double);

static const double f32_tol = 1e-5, f64_tol = 1e-12;

/* Element i (row-major over out's shape) of a tensor with values v and shape (nd, shape) that
   broadcasts to out's shape. */
static double at(const double *v, int nd, const int64_t *shape, int ond, const int64_t *oshape,
                 int64_t i) {
  int64_t oidx[ST_MAX_DIMS], k = 0;
  for (int d = ond - 1; d >= 0; d--) {
    oidx[d] = i % oshape[d];
    i /= oshape[d];
  }
  for (int d = 0; d < nd; d++) k = k * shape[d] + (shape[d] == 1 ? 0 : oidx[d + ond - nd]);
  return v[k];
}

/* NumPy broadcast of the shapes of the n tensors ts into out; returns out's ndim. */
static int broadcast_shape(int n, st_tensor **ts, int64_t *out) {
  int nd = 0;
  for (int k = 0; k < n; k++) nd = st_ndim(ts[k]) > nd ? st_ndim(ts[k]) : nd;
  for (int d = 0; d < nd; d++) out[d] = 1;
  for (int k = 0; k < n; k++) {
    int64_t s[ST_MAX_DIMS];
    int kd = st_shape(ts[k], s);
    for (int d = 0; d < kd; d++)
      if (s[d] != 1) out[d + nd - kd] = s[d];
  }
  return nd;
}

/* Checks y = ref applied to the broadcast operands ts (logical values vals[k]); ref's result
   is rounded to out_dt's precision first, so integer and bool outputs compare exactly. */
static void expect_nary(int line, st_tensor *y, int n, st_tensor **ts, double **vals,
                        double (*ref)(const double *), st_dtype out_dt, double tol) {
  if (!y) {
    st_test_fail(__FILE__, line, "result is NULL: %s", st_last_error());
    return;
  }
  if (st_dtype_of(y) != out_dt)
    st_test_fail(__FILE__, line, "dtype %s, expected %s", st_dtype_name(st_dtype_of(y)),
                 st_dtype_name(out_dt));
  int64_t os[ST_MAX_DIMS], ys[ST_MAX_DIMS];
  int ond = broadcast_shape(n, ts, os);
  if (st_shape(y, ys) != ond || memcmp(os, ys, sizeof(int64_t) * (size_t)ond))
    st_test_fail(__FILE__, line, "result shape is not the broadcast shape");
  int64_t numel = st_numel(y);
  double *want = malloc(sizeof(double) * (size_t)(numel ? numel : 1));
  for (int64_t i = 0; i < numel; i++) {
    double args[3];
    for (int k = 0; k < n; k++) {
      int64_t s[ST_MAX_DIMS];
      int kd = st_shape(ts[k], s);
      args[k] = at(vals[k], kd, s, ond, os, i);
    }
    want[i] = out_dt == ST_F32 ? ref(args) : tu_stored(out_dt, ref(args));
  }
  st_test_close(__FILE__, line, y, want, numel, tol);
  free(want);
}

typedef enum { CONTIG, NONCONTIG, EXPANDED } layout;

/* A tensor of dtype dt in layout l with values from [lo, hi) (integers for i64, a mix of true
   and false for bool); its logical values, read back from the tensor, go to *vals (malloc'd).
   EXPANDED repeats one row along dim 0 through stride 0. */
static st_tensor *make(st_dtype dt, layout l, int nd, const int64_t *shape, double lo, double hi,
                       unsigned seed, double **vals) {
  int64_t n = 1;
  for (int d = 0; d < nd; d++) n *= shape[d];
  double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
  tu_fill(v, n, lo, hi, seed);
  for (int64_t i = 0; i < n; i++) v[i] = tu_stored(dt, v[i]);
  st_tensor *t;
  if (l == CONTIG || nd == 0) {
    t = tu_tensor(dt, nd, shape, v);
  } else if (l == NONCONTIG) {
    t = tu_noncontig(dt, nd, shape, v);
  } else {
    int64_t row[ST_MAX_DIMS];
    memcpy(row, shape, sizeof(int64_t) * (size_t)nd);
    row[0] = 1;
    t = tu_broadcast(tu_tensor(dt, nd, row, v), nd, shape);
  }
  free(v);
  *vals = tu_values(t);
  return t;
}

static const struct {
  layout la;
  int na;
  int64_t sa[3];
  layout lb;
  int nb;
  int64_t sb[3];
} cases[] = {
  {CONTIG, 2, {300, 233}, CONTIG, 2, {300, 233}}, /* above 2 * ST_GRAIN_CHEAP: threads */
  {CONTIG, 1, {1001}, CONTIG, 1, {1001}},         /* vector body and tail */
  {NONCONTIG, 2, {5, 7}, NONCONTIG, 2, {5, 7}},
  {CONTIG, 2, {5, 7}, CONTIG, 1, {7}},
  {CONTIG, 2, {5, 1}, NONCONTIG, 2, {1, 7}},
  {NONCONTIG, 3, {2, 3, 4}, CONTIG, 0, {0}},
  {CONTIG, 0, {0}, NONCONTIG, 2, {3, 9}},
  {EXPANDED, 2, {4, 9}, NONCONTIG, 2, {4, 9}},
  {NONCONTIG, 2, {4, 9}, EXPANDED, 2, {4, 9}},
  {CONTIG, 2, {0, 7}, CONTIG, 1, {7}},
  {CONTIG, 1, {0}, CONTIG, 0, {0}},
  {CONTIG, 0, {0}, CONTIG, 0, {0}},
};

static ref2_fn current_ref;
static double apply2(const double *x) { return current_ref(x[0], x[1]); }

/* f on dtype dt against ref over every case; a from [alo, ahi), b from [blo, bhi). */
static void check_binary(int line, binary_op f, ref2_fn ref, st_dtype dt, st_dtype out_dt,
                         double alo, double ahi, double blo, double bhi, double tol) {
  current_ref = ref;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    double *v[2];
    st_tensor *t[2];
    t[0] = make(dt, cases[c].la, cases[c].na, cases[c].sa, alo, ahi, (unsigned)(line + c), &v[0]);
    t[1] = make(dt, cases[c].lb, cases[c].nb, cases[c].sb, blo, bhi, (unsigned)(line * 7 + c),
                &v[1]);
    expect_nary(line, f(t[0], t[1]), 2, t, v, apply2, out_dt, tol);
    st_release(t[0]);
    st_release(t[1]);
    free(v[0]);
    free(v[1]);
  }
}
#define CHECK_BINARY(f, ref, dt, out_dt, alo, ahi, blo, bhi, tol)                                  \
  check_binary(__LINE__, f, ref, dt, out_dt, alo, ahi, blo, bhi, tol)

/* =========================================================================== references */

static double r_add(double a, double b) { return a + b; }
static double r_sub(double a, double b) { return a - b; }
static double r_mul(double a, double b) { return a * b; }
static double r_div(double a, double b) { return a / b; }
static double r_max(double a, double b) { return isnan(a) || isnan(b) ? NAN : a > b ? a : b; }
static double r_min(double a, double b) { return isnan(a) || isnan(b) ? NAN : a < b ? a : b; }
static double r_eq(double a, double b) { return a == b; }
static double r_ne(double a, double b) { return a != b; }
static double r_lt(double a, double b) { return a < b; }
static double r_le(double a, double b) { return a <= b; }
static double r_gt(double a, double b) { return a > b; }
static double r_ge(double a, double b) { return a >= b; }
static double r_and(double a, double b) { return a != 0 && b != 0; }
static double r_or(double a, double b) { return a != 0 || b != 0; }

/* ========================================================================= arithmetic */

TEST(add_matches_reference) {
  CHECK_BINARY(st_add, r_add, ST_F32, ST_F32, -10, 10, -10, 10, f32_tol);
  CHECK_BINARY(st_add, r_add, ST_F64, ST_F64, -10, 10, -10, 10, f64_tol);
  CHECK_BINARY(st_add, r_add, ST_I64, ST_I64, -100, 100, -100, 100, 0);
  CHECK_BINARY(st_add, r_add, ST_BOOL, ST_BOOL, -1, 1, -1, 1, 0); /* or */
}

TEST(sub_matches_reference) {
  CHECK_BINARY(st_sub, r_sub, ST_F32, ST_F32, -10, 10, -10, 10, f32_tol);
  CHECK_BINARY(st_sub, r_sub, ST_F64, ST_F64, -10, 10, -10, 10, f64_tol);
  CHECK_BINARY(st_sub, r_sub, ST_I64, ST_I64, -100, 100, -100, 100, 0);
}

TEST(mul_matches_reference) {
  CHECK_BINARY(st_mul, r_mul, ST_F32, ST_F32, -10, 10, -10, 10, f32_tol);
  CHECK_BINARY(st_mul, r_mul, ST_F64, ST_F64, -10, 10, -10, 10, f64_tol);
  CHECK_BINARY(st_mul, r_mul, ST_I64, ST_I64, -100, 100, -100, 100, 0);
  CHECK_BINARY(st_mul, r_mul, ST_BOOL, ST_BOOL, -1, 1, -1, 1, 0); /* and */
}

TEST(div_is_true_division) {
  CHECK_BINARY(st_div, r_div, ST_F32, ST_F32, -10, 10, 0.5, 4, f32_tol);
  CHECK_BINARY(st_div, r_div, ST_F64, ST_F64, -10, 10, -4, -0.5, f64_tol);
  CHECK_BINARY(st_div, r_div, ST_I64, ST_F32, -100, 100, 1, 9, f32_tol);
  CHECK_BINARY(st_div, r_div, ST_BOOL, ST_F32, -1, 1, -1, 1, f32_tol); /* 1/0 = inf, 0/0 = nan */
}

TEST(pow_matches_reference) {
  CHECK_BINARY(st_pow, pow, ST_F32, ST_F32, 0.1, 4, -3, 3, f32_tol);
  CHECK_BINARY(st_pow, pow, ST_F64, ST_F64, 0.1, 4, -3, 3, f64_tol);
  CHECK_BINARY(st_pow, pow, ST_I64, ST_I64, -6, 6, 0, 5, 0);
}

TEST(maximum_minimum_match_reference) {
  for (st_dtype dt = ST_F32; dt <= ST_BOOL; dt++) {
    double tol = dt == ST_F32 ? f32_tol : dt == ST_F64 ? f64_tol : 0;
    CHECK_BINARY(st_maximum, r_max, dt, dt, -10, 10, -10, 10, tol);
    CHECK_BINARY(st_minimum, r_min, dt, dt, -10, 10, -10, 10, tol);
  }
}

TEST(atan2_matches_reference) {
  CHECK_BINARY(st_atan2, atan2, ST_F32, ST_F32, -10, 10, -10, 10, f32_tol);
  CHECK_BINARY(st_atan2, atan2, ST_F64, ST_F64, -10, 10, -10, 10, f64_tol);
  CHECK_BINARY(st_atan2, atan2, ST_I64, ST_F32, -10, 10, -10, 10, f32_tol);
  CHECK_BINARY(st_atan2, atan2, ST_BOOL, ST_F32, -1, 1, -1, 1, f32_tol);
}

TEST(comparisons_match_reference_in_every_dtype) {
  const binary_op ops[] = {st_eq, st_ne, st_lt, st_le, st_gt, st_ge};
  const ref2_fn refs[] = {r_eq, r_ne, r_lt, r_le, r_gt, r_ge};
  for (int k = 0; k < 6; k++)
    for (st_dtype dt = ST_F32; dt <= ST_BOOL; dt++) /* narrow ranges so that ties occur */
      CHECK_BINARY(ops[k], refs[k], dt, ST_BOOL, -2, 2, -2, 2, 0);
}

TEST(logical_and_or_read_truth_values) {
  for (st_dtype dt = ST_F32; dt <= ST_BOOL; dt++) {
    CHECK_BINARY(st_logical_and, r_and, dt, ST_BOOL, -1.4, 1.4, -1.4, 1.4, 0);
    CHECK_BINARY(st_logical_or, r_or, dt, ST_BOOL, -1.4, 1.4, -1.4, 1.4, 0);
  }
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){NAN, 0, -0.0});
  CHECK_CLOSE(st_logical_and(x, st_ones(ST_I64, ST_SHAPE(3))), 0, 1, 0, 0);
}

/* ====================================================================== special values */

TEST(maximum_minimum_propagate_nan) {
  st_tensor *a = tu_tensor(ST_F32, ST_SHAPE(4), (double[]){NAN, 1, NAN, -INFINITY});
  st_tensor *b = tu_tensor(ST_F32, ST_SHAPE(4), (double[]){1, NAN, NAN, 2});
  CHECK_CLOSE(st_maximum(a, b), 0, NAN, NAN, NAN, 2);
  CHECK_CLOSE(st_minimum(a, b), 0, NAN, NAN, NAN, -INFINITY);
}

TEST(integer_pow_handles_negative_exponents_and_wraps) {
  st_tensor *a = tu_tensor(ST_I64, ST_SHAPE(5), (double[]){1, -1, -1, 2, 0});
  st_tensor *b = tu_tensor(ST_I64, ST_SHAPE(5), (double[]){-3, -3, -2, -1, 0});
  CHECK_CLOSE(st_pow(a, b), 0, 1, -1, 1, 0, 1);
  st_tensor *big = st_pow(st_full(ST_I64, ST_SHAPE(1), 2), st_full(ST_I64, ST_SHAPE(1), 64));
  CHECK_CLOSE(big, 0, 0);
}

TEST(integer_add_mul_wrap_around) {
  st_tensor *a = st_full(ST_I64, ST_SHAPE(1), 0);
  ((int64_t *)st_data_ptr(a))[0] = INT64_MAX;
  CHECK(((int64_t *)st_data_ptr(st_add(a, st_ones(ST_I64, ST_SHAPE(1)))))[0] == INT64_MIN);
  CHECK(((int64_t *)st_data_ptr(st_mul(a, st_full(ST_I64, ST_SHAPE(1), 2))))[0] == -2);
}

TEST(float_pow_and_division_follow_ieee) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(5), (double[]){-8, 0, -2, 1, 0});
  st_tensor *b = tu_tensor(ST_F64, ST_SHAPE(5), (double[]){1.0 / 3, -1, 3, NAN, 0});
  CHECK_CLOSE(st_pow(a, b), 0, NAN, INFINITY, -8, 1, 1);
  CHECK_CLOSE(st_div(a, b), 1e-15, -24, -0.0, -2.0 / 3, NAN, NAN);
}

/* ========================================================================= promotion */

TEST(binary_ops_promote_like_pytorch) {
  st_tensor *f32 = st_ones(ST_F32, ST_SHAPE(3)), *f64 = st_ones(ST_F64, ST_SHAPE(3));
  st_tensor *i64 = st_ones(ST_I64, ST_SHAPE(3)), *b = st_ones(ST_BOOL, ST_SHAPE(3));
  CHECK(st_dtype_of(st_add(f32, f64)) == ST_F64);
  CHECK(st_dtype_of(st_add(i64, f32)) == ST_F32);
  CHECK(st_dtype_of(st_mul(b, i64)) == ST_I64);
  CHECK(st_dtype_of(st_add(b, b)) == ST_BOOL);
  CHECK(st_dtype_of(st_div(i64, i64)) == ST_F32);
  CHECK(st_dtype_of(st_div(f64, i64)) == ST_F64);
  CHECK(st_dtype_of(st_atan2(i64, b)) == ST_F32);
  CHECK(st_dtype_of(st_maximum(b, b)) == ST_BOOL);
  CHECK(st_dtype_of(st_pow(b, i64)) == ST_I64);
}

TEST(zero_dim_tensors_promote_only_across_categories) {
  st_tensor *f32 = st_ones(ST_F32, ST_SHAPE(3)), *i64 = st_ones(ST_I64, ST_SHAPE(3));
  CHECK(st_dtype_of(st_add(f32, st_scalar(ST_F64, 2))) == ST_F32);
  CHECK(st_dtype_of(st_add(i64, st_scalar(ST_F64, 0.5))) == ST_F64);
  CHECK_CLOSE(st_add(i64, st_scalar(ST_F64, 0.5)), 0, 1.5, 1.5, 1.5);
  CHECK(st_dtype_of(st_add(st_scalar(ST_F32, 1), st_scalar(ST_F64, 1))) == ST_F64);
}

TEST(mixed_dtype_operands_are_converted_correctly) {
  st_tensor *i = tu_noncontig(ST_I64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  st_tensor *f = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.5, 0.25, 0.125});
  CHECK_CLOSE(st_mul(i, f), 0, 0.5, 0.5, 0.375, 2, 1.25, 0.75);
  st_tensor *b = tu_tensor(ST_BOOL, ST_SHAPE(2, 1), (double[]){1, 0});
  CHECK_CLOSE(st_add(b, tu_tensor(ST_F32, ST_SHAPE(2), (double[]){0.5, 2})), 0, 1.5, 3, 0.5, 2);
}

TEST(comparisons_compare_in_the_promoted_dtype) {
  /* 2^24 + 1 is not an f32: in f32 it rounds to 2^24, so PyTorch calls them equal. */
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){16777217, 3});
  st_tensor *f = tu_tensor(ST_F32, ST_SHAPE(2), (double[]){16777216, 3.5});
  CHECK_CLOSE(st_eq(i, f), 0, 1, 0);
  CHECK_CLOSE(st_lt(i, f), 0, 0, 1);
  CHECK_CLOSE(st_eq(i, tu_tensor(ST_F64, ST_SHAPE(2), (double[]){16777216, 3})), 0, 0, 1);
  CHECK_CLOSE(st_ne(st_ones(ST_BOOL, ST_SHAPE(1)), st_full(ST_F32, ST_SHAPE(1), 1)), 0, 0);
}

/* ====================================================================== scalar forms */

TEST(scalar_forms_promote_like_python_numbers) {
  st_tensor *f32 = st_ones(ST_F32, ST_SHAPE(2)), *i64 = st_ones(ST_I64, ST_SHAPE(2));
  st_tensor *b = st_ones(ST_BOOL, ST_SHAPE(2));
  CHECK(st_dtype_of(st_add_scalar(f32, 1e100)) == ST_F32);
  CHECK(st_dtype_of(st_add_scalar(i64, 2)) == ST_I64);
  CHECK(st_dtype_of(st_add_scalar(i64, 0.5)) == ST_F32);
  CHECK(st_dtype_of(st_mul_scalar(b, 1)) == ST_I64);
  CHECK(st_dtype_of(st_mul_scalar(b, 0.5)) == ST_F32);
  CHECK(st_dtype_of(st_pow_scalar(i64, 2)) == ST_I64);
  CHECK(st_dtype_of(st_pow_scalar(i64, 0.5)) == ST_F32);
  CHECK(st_dtype_of(st_pow_scalar(b, 2)) == ST_I64);
}

TEST(add_and_mul_scalar_match_reference) {
  double v[6] = {-3, -1.5, 0, 0.25, 2, 7};
  st_tensor *f = tu_noncontig(ST_F64, ST_SHAPE(2, 3), v);
  CHECK_CLOSE(st_add_scalar(f, 0.5), 0, -2.5, -1, 0.5, 0.75, 2.5, 7.5);
  CHECK_CLOSE(st_mul_scalar(f, -2), 0, 6, 3, -0.0, -0.5, -4, -14);
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(3), (double[]){-2, 0, 5});
  CHECK_CLOSE(st_add_scalar(i, 3), 0, 1, 3, 8);
  CHECK_CLOSE(st_mul_scalar(i, 2.5), 1e-6, -5, 0, 12.5);
  CHECK_CLOSE(st_add_scalar(tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0}), 1), 0, 2, 1);
  CHECK_CLOSE(st_mul_scalar(st_scalar(ST_F32, 3), 2), 0, 6);
  CHECK_EQ_INT(st_numel(st_add_scalar(st_zeros(ST_F32, ST_SHAPE(0, 2)), 1)), 0);
}

TEST(scalar_forms_broadcast_over_a_large_contiguous_tensor) {
  enum { N = 100003 };
  double *v = malloc(sizeof(double) * N);
  tu_fill(v, N, -4, 4, 3);
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(N), v);
  double *a = tu_values(st_add_scalar(x, 1.5)), *m = tu_values(st_mul_scalar(x, 3));
  double *p = tu_values(st_pow_scalar(x, 2));
  for (int i = 0; i < N; i++) {
    double xf = (float)v[i];
    CHECK_NEAR(a[i], xf + 1.5, 1e-6);
    CHECK_NEAR(m[i], xf * 3, 1e-6);
    CHECK_NEAR(p[i], xf * xf, 1e-6);
    if (fabs(a[i] - (xf + 1.5)) > 1e-5) break;
  }
  free(v);
  free(a);
  free(m);
  free(p);
}

TEST(pow_scalar_matches_reference_for_special_and_general_exponents) {
  double v[5] = {0.25, 1, 2.5, 9, 0};
  const double exps[] = {1, 2, 3, 0.5, -1, -0.5, 2.5, -1.75, 0};
  for (st_dtype dt = ST_F32; dt <= ST_F64; dt++) {
    st_tensor *x = tu_noncontig(dt, ST_SHAPE(5), v);
    for (size_t k = 0; k < sizeof exps / sizeof exps[0]; k++) {
      double want[5];
      for (int i = 0; i < 5; i++) want[i] = pow(v[i], exps[k]);
      double tol = dt == ST_F32 ? 1e-6 : 1e-14;
      st_test_close(__FILE__, __LINE__, st_pow_scalar(x, exps[k]), want, 5, tol);
    }
  }
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(4), (double[]){-3, 0, 2, 7});
  CHECK_CLOSE(st_pow_scalar(i, 3), 0, -27, 0, 8, 343);
  CHECK_CLOSE(st_pow_scalar(i, 0), 0, 1, 1, 1, 1);
  CHECK_CLOSE(st_pow_scalar(tu_tensor(ST_I64, ST_SHAPE(2), (double[]){-1, 1}), 1e30), 0, 1, 1);
}

TEST(pow_scalar_refuses_negative_integer_powers_of_integers) {
  st_tensor *i = st_ones(ST_I64, ST_SHAPE(2));
  CHECK_FAILS(!st_pow_scalar(i, -1), ST_ERR_ARG,
              "st_pow_scalar: integers to negative integer powers are not allowed (i64 tensor, "
              "exponent -1)");
  CHECK(st_dtype_of(st_pow_scalar(i, -0.5)) == ST_F32);
}

TEST(scalar_forms_refuse_scalars_an_i64_cannot_hold) {
  st_tensor *i = st_ones(ST_I64, ST_SHAPE(2));
  CHECK_FAILS(!st_add_scalar(i, 1e19), ST_ERR_ARG,
              "st_add_scalar: scalar 1e+19 cannot be converted to i64");
  CHECK_FAILS(st_mul_scalar_(i, -1e20) != 0, ST_ERR_ARG, "st_mul_scalar_: scalar -1e+20");
}

/* ============================================================================= where */

static double r_where(const double *x) { return x[0] != 0 ? x[1] : x[2]; }

TEST(where_matches_reference_with_three_way_broadcast) {
  for (st_dtype dt = ST_F32; dt <= ST_BOOL; dt++) {
    double *v[3];
    st_tensor *t[3];
    t[0] = make(ST_BOOL, NONCONTIG, 3, (const int64_t[]){2, 1, 5}, -1, 1, 1, &v[0]);
    t[1] = make(dt, CONTIG, 2, (const int64_t[]){3, 5}, -9, 9, 2, &v[1]);
    t[2] = make(dt, EXPANDED, 3, (const int64_t[]){2, 3, 1}, -9, 9, 3, &v[2]);
    expect_nary(__LINE__, st_where(t[0], t[1], t[2]), 3, t, v, r_where, dt, 0);
    for (int k = 0; k < 3; k++) free(v[k]);
    t[0] = make(ST_BOOL, CONTIG, 1, (const int64_t[]){70001}, -1, 1, 4, &v[0]);
    t[1] = make(dt, CONTIG, 1, (const int64_t[]){70001}, -9, 9, 5, &v[1]);
    t[2] = make(dt, CONTIG, 0, NULL, -9, 9, 6, &v[2]);
    expect_nary(__LINE__, st_where(t[0], t[1], t[2]), 3, t, v, r_where, dt, 0);
    for (int k = 0; k < 3; k++) free(v[k]);
  }
}

TEST(where_promotes_a_and_b) {
  st_tensor *c = tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0});
  st_tensor *a = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *y = st_where(c, a, st_scalar(ST_F32, 0.5));
  CHECK(st_dtype_of(y) == ST_F32);
  CHECK_CLOSE(y, 0, 1, 0.5);
  CHECK_EQ_INT(st_numel(st_where(st_ones(ST_BOOL, ST_SHAPE(0)), st_ones(ST_F32, ST_SHAPE(1)),
                                 st_ones(ST_F32, ST_SHAPE(0)))), 0);
}

TEST(where_refuses_a_non_bool_condition) {
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(2));
  CHECK_FAILS(!st_where(x, x, x), ST_ERR_DTYPE, "st_where: cond must be bool, not f32");
  CHECK_FAILS(!st_where(st_ones(ST_I64, ST_SHAPE(2)), x, x), ST_ERR_DTYPE, "not i64");
}

/* =========================================================================== in place */

static uint64_t version_of(st_tensor *t) { return atomic_load(&t->storage->version); }

/* A view of t's storage with the given shape, strides and offset: a transpose, a row, ... */
static st_tensor *strided(st_tensor *t, int nd, const int64_t *shape, const int64_t *strides,
                          int64_t offset) {
  return st__track(st__tensor_view(t->storage, t->dtype, nd, shape, strides, offset));
}

TEST(in_place_binary_ops_write_self_with_broadcast_other) {
  st_tensor *x = tu_noncontig(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  st_tensor *row = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){10, 20, 30});
  uint64_t v0 = version_of(x);
  CHECK_EQ_INT(st_add_(x, row), 0);
  CHECK_CLOSE(x, 0, 11, 22, 33, 14, 25, 36);
  CHECK(version_of(x) == v0 + 1);
  CHECK_EQ_INT(st_sub_(x, st_scalar(ST_F64, 1)), 0);
  CHECK_CLOSE(x, 0, 10, 21, 32, 13, 24, 35);
  CHECK_EQ_INT(st_mul_(x, tu_tensor(ST_F64, ST_SHAPE(2, 1), (double[]){2, -1})), 0);
  CHECK_CLOSE(x, 0, 20, 42, 64, -13, -24, -35);
  CHECK_EQ_INT(st_div_(x, row), 0);
  CHECK_CLOSE(x, 1e-15, 2, 2.1, 64.0 / 30, -1.3, -1.2, -35.0 / 30);
}

TEST(in_place_converts_other_and_result_to_self_dtype) {
  st_tensor *f = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){1, 2, 3});
  CHECK_EQ_INT(st_add_(f, tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.1, 0.2, 0.3})), 0);
  CHECK(st_dtype_of(f) == ST_F32);
  CHECK_CLOSE(f, 1e-6, 1.1, 2.2, 3.3);
  CHECK_EQ_INT(st_mul_(f, tu_tensor(ST_I64, ST_SHAPE(3), (double[]){2, 3, 4})), 0);
  CHECK_CLOSE(f, 1e-6, 2.2, 6.6, 13.2);
  CHECK_EQ_INT(st_div_(f, st_full(ST_I64, ST_SHAPE(1), 2)), 0);
  CHECK_CLOSE(f, 1e-6, 1.1, 3.3, 6.6);
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){5, 6});
  CHECK_EQ_INT(st_add_(i, tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0})), 0);
  CHECK_CLOSE(i, 0, 6, 6);
  st_tensor *b = tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){0, 0});
  CHECK_EQ_INT(st_add_(b, tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0})), 0);
  CHECK_CLOSE(b, 0, 1, 0);
}

TEST(in_place_with_self_as_other_and_overlapping_views) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  CHECK_EQ_INT(st_add_(x, x), 0);
  CHECK_CLOSE(x, 0, 2, 4, 6, 8);
  /* x += x^T reads every element of x^T before it is overwritten */
  st_tensor *xt = strided(x, 2, (int64_t[]){2, 2}, (int64_t[]){1, 2}, 0);
  CHECK_EQ_INT(st_add_(x, xt), 0);
  CHECK_CLOSE(x, 0, 4, 10, 10, 16);
  /* x += x[0] broadcast over the rows */
  st_tensor *row = strided(x, 1, (int64_t[]){2}, (int64_t[]){1}, 0);
  CHECK_EQ_INT(st_mul_(x, row), 0);
  CHECK_CLOSE(x, 0, 16, 100, 40, 160);
}

TEST(in_place_refuses_other_that_does_not_broadcast_to_self) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){1, 2, 3});
  uint64_t v0 = version_of(x);
  CHECK_FAILS(st_add_(x, st_ones(ST_F32, ST_SHAPE(2, 3))) != 0, ST_ERR_SHAPE,
              "st_add_: other's shape [2, 3] does not broadcast to self's shape [3]");
  CHECK_FAILS(st_mul_(x, st_ones(ST_F32, ST_SHAPE(2))) != 0, ST_ERR_SHAPE, "[2]");
  CHECK_FAILS(st_copy_(st_scalar(ST_F32, 0), st_ones(ST_F32, ST_SHAPE(1))) != 0, ST_ERR_SHAPE,
              "st_copy_: other's shape [1] does not broadcast to self's shape []");
  CHECK_CLOSE(x, 0, 1, 2, 3);
  CHECK(version_of(x) == v0);
}

TEST(in_place_refuses_a_result_self_cannot_hold) {
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *f = st_ones(ST_F32, ST_SHAPE(2));
  CHECK_FAILS(st_add_(i, f) != 0, ST_ERR_DTYPE,
              "st_add_: result dtype f32 cannot be cast to self's dtype i64");
  CHECK_FAILS(st_div_(i, st_ones(ST_I64, ST_SHAPE(2))) != 0, ST_ERR_DTYPE,
              "st_div_: result dtype f32");
  CHECK_FAILS(st_add_scalar_(i, 0.5) != 0, ST_ERR_DTYPE, "st_add_scalar_: result dtype f32");
  st_tensor *b = st_ones(ST_BOOL, ST_SHAPE(2));
  CHECK_FAILS(st_mul_(b, i) != 0, ST_ERR_DTYPE,
              "result dtype i64 cannot be cast to self's dtype bool");
  CHECK_FAILS(st_mul_scalar_(b, 2) != 0, ST_ERR_DTYPE, "st_mul_scalar_");
  CHECK_CLOSE(i, 0, 1, 2);
  CHECK_CLOSE(b, 0, 1, 1);
}

TEST(in_place_refuses_an_expanded_self) {
  st_tensor *base = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *x = tu_broadcast(base, ST_SHAPE(2, 3));
  const char *msg = "more than one element of self [2, 3] refers to a single memory location "
                    "(stride 0 in dim 0)";
  CHECK_FAILS(st_add_(x, st_ones(ST_F32, ST_SHAPE(2, 3))) != 0, ST_ERR_INPLACE, msg);
  CHECK_FAILS(st_mul_scalar_(x, 2) != 0, ST_ERR_INPLACE, "st_mul_scalar_: more than one element");
  CHECK_FAILS(st_copy_(x, st_ones(ST_F32, ST_SHAPE(2, 3))) != 0, ST_ERR_INPLACE,
              "st_copy_: more than");
  CHECK_CLOSE(base, 0, 1, 2, 3);
  CHECK_EQ_INT(st_add_(tu_broadcast(base, ST_SHAPE(1, 3)), st_ones(ST_F32, ST_SHAPE(3))), 0);
}

TEST(in_place_sub_refuses_bool) {
  st_tensor *b = st_ones(ST_BOOL, ST_SHAPE(2));
  CHECK_FAILS(st_sub_(b, b) != 0, ST_ERR_DTYPE, "st_sub_: subtraction with a bool tensor");
}

TEST(in_place_scalar_forms_write_self) {
  st_tensor *x = tu_noncontig(ST_F32, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  CHECK_EQ_INT(st_add_scalar_(x, 0.5), 0);
  CHECK_CLOSE(x, 0, 1.5, 2.5, 3.5, 4.5);
  CHECK_EQ_INT(st_mul_scalar_(x, 2), 0);
  CHECK_CLOSE(x, 0, 3, 5, 7, 9);
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){1, 2});
  CHECK_EQ_INT(st_mul_scalar_(i, -3), 0);
  CHECK_CLOSE(i, 0, -3, -6);
}

TEST(copy_converts_broadcasts_and_handles_overlap) {
  st_tensor *x = st_zeros(ST_I64, ST_SHAPE(2, 3));
  CHECK_EQ_INT(st_copy_(x, tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1.9, -2.5, 3})), 0);
  CHECK_CLOSE(x, 0, 1, -2, 3, 1, -2, 3);
  st_tensor *b = st_zeros(ST_BOOL, ST_SHAPE(2));
  CHECK_EQ_INT(st_copy_(b, tu_tensor(ST_F32, ST_SHAPE(2), (double[]){0.1, 0})), 0);
  CHECK_CLOSE(b, 0, 1, 0);
  st_tensor *m = tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *mt = strided(m, 2, (int64_t[]){2, 2}, (int64_t[]){1, 2}, 0);
  uint64_t v0 = version_of(m);
  CHECK_EQ_INT(st_copy_(m, mt), 0);
  CHECK_CLOSE(m, 0, 1, 3, 2, 4);
  CHECK(version_of(m) == v0 + 1);
  CHECK_EQ_INT(st_copy_(st_zeros(ST_F32, ST_SHAPE(0, 2)), st_ones(ST_F64, ST_SHAPE(2))), 0);
}

/* ============================================================================ errors */

TEST(incompatible_shapes_name_both_shapes) {
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(2, 3)), *b = st_ones(ST_F32, ST_SHAPE(4));
  CHECK_FAILS(!st_add(a, b), ST_ERR_SHAPE, "st_add: shapes [2, 3] and [4] cannot be broadcast");
  CHECK_FAILS(!st_lt(a, b), ST_ERR_SHAPE, "st_lt: shapes [2, 3] and [4]");
  CHECK_FAILS(!st_logical_or(b, a), ST_ERR_SHAPE, "st_logical_or: shapes [4] and [2, 3]");
  st_tensor *c = st_ones(ST_BOOL, ST_SHAPE(5));
  CHECK_FAILS(!st_where(c, a, a), ST_ERR_SHAPE, "st_where: shapes [5] and [2, 3]");
  CHECK_FAILS(!st_where(st_ones(ST_BOOL, ST_SHAPE(3)), a, b), ST_ERR_SHAPE,
              "st_where: shapes [4] and [2, 3]");
}

TEST(sub_with_a_bool_tensor_fails) {
  st_tensor *b = st_ones(ST_BOOL, ST_SHAPE(2)), *f = st_ones(ST_F32, ST_SHAPE(2));
  CHECK_FAILS(!st_sub(b, b), ST_ERR_DTYPE,
              "st_sub: subtraction with a bool tensor is not supported (bool - bool)");
  CHECK_FAILS(!st_sub(f, b), ST_ERR_DTYPE, "(f32 - bool)");
  CHECK_FAILS(!st_pow(b, b), ST_ERR_DTYPE, "st_pow: pow of bool tensors is not supported");
}

TEST(binary_null_arguments_fail) {
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(2));
  CHECK_FAILS(!st_add(NULL, a), ST_ERR_ARG, "st_add: argument 1 is NULL");
  CHECK_FAILS(!st_mul(a, NULL), ST_ERR_ARG, "st_mul: argument 2 is NULL");
  CHECK_FAILS(!st_where(NULL, a, a), ST_ERR_ARG, "st_where: argument 1 is NULL");
  CHECK_FAILS(!st_where(st_ones(ST_BOOL, ST_SHAPE(2)), a, NULL), ST_ERR_ARG,
              "st_where: argument 3");
  CHECK_FAILS(!st_add_scalar(NULL, 1), ST_ERR_ARG, "st_add_scalar: argument 1 is NULL");
  CHECK_FAILS(!st_pow_scalar(NULL, 2), ST_ERR_ARG, "st_pow_scalar: argument 1 is NULL");
  CHECK_FAILS(st_add_(NULL, a) != 0, ST_ERR_ARG, "st_add_: argument 1 is NULL");
  CHECK_FAILS(st_copy_(a, NULL) != 0, ST_ERR_ARG, "st_copy_: argument 2 is NULL");
  CHECK_FAILS(st_mul_scalar_(NULL, 2) != 0, ST_ERR_ARG, "st_mul_scalar_: argument 1 is NULL");
}

/* ============================================================================ memory */

/* For n = 1, 2, ...: the n-th allocation of expr fails; expr either succeeds or fails with
   ST_ERR_OOM (the runner checks that nothing leaked). */
#define CHECK_OOM_CLEAN(expr, max_n)                                                               \
  for (int n_ = 1; n_ <= (max_n); n_++) {                                                          \
    st_debug_fail_alloc_after(n_);                                                                 \
    st_tensor *r_ = (expr);                                                                        \
    st_debug_fail_alloc_after(0);                                                                  \
    if (!r_) CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);                                           \
    st_release(r_);                                                                                \
    st_clear_error();                                                                              \
  }

/* The same for an in-place call, which must also leave self unchanged when it fails. */
#define CHECK_OOM_CLEAN_INPLACE(call, self, max_n)                                                 \
  for (int n_ = 1; n_ <= (max_n); n_++) {                                                          \
    st_tensor *before_ = st_clone(self);                                                           \
    double *want_ = tu_values(before_);                                                            \
    st_debug_fail_alloc_after(n_);                                                                 \
    int rc_ = (call);                                                                              \
    st_debug_fail_alloc_after(0);                                                                  \
    if (rc_) {                                                                                     \
      CHECK_EQ_INT(rc_, ST_ERR_OOM);                                                               \
      st_test_close(__FILE__, __LINE__, (self), want_, st_numel(self), 0);                         \
    }                                                                                              \
    free(want_);                                                                                   \
    st_release(before_);                                                                           \
    st_clear_error();                                                                              \
  }

TEST(binary_ops_fail_cleanly_when_allocation_fails) {
  st_tensor *f = tu_noncontig(ST_F32, ST_SHAPE(3, 4), (double[12]){1, 2, 3});
  st_tensor *d = tu_tensor(ST_F64, ST_SHAPE(4), (double[4]){1, 2});
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(3, 1), (double[3]){1, 2});
  st_tensor *c = tu_tensor(ST_BOOL, ST_SHAPE(3, 4), (double[12]){1, 0, 1});
  CHECK_OOM_CLEAN(st_add(f, d), 4);
  CHECK_OOM_CLEAN(st_div(i, i), 4);
  CHECK_OOM_CLEAN(st_lt(i, d), 5);
  CHECK_OOM_CLEAN(st_where(c, i, d), 5);
  CHECK_OOM_CLEAN(st_pow_scalar(c, 2), 4);
  CHECK_OOM_CLEAN(st_add_scalar(i, 0.5), 4);
  st_tensor *self = tu_tensor(ST_F32, ST_SHAPE(3, 4), (double[12]){1, 2, 3});
  CHECK_OOM_CLEAN_INPLACE(st_add_(self, d), self, 4); /* f64 result into f32 self: temporaries */
  CHECK_OOM_CLEAN_INPLACE(st_mul_(self, i), self, 4);
  CHECK_OOM_CLEAN_INPLACE(st_copy_(self, f), self, 4);
  st_tensor *sq = tu_tensor(ST_F32, ST_SHAPE(4, 4), (double[16]){1, 2, 3});
  st_tensor *sqt = strided(sq, 2, (int64_t[]){4, 4}, (int64_t[]){1, 4}, 0);
  CHECK_OOM_CLEAN_INPLACE(st_add_(sq, sqt), sq, 4); /* overlap: a copy of other first */
}

/* ------------------------------------------------ in-place ops under vmap: the matrix samples */

/* The op matrix runs vmap over every in_dims combination, among them an unbatched self with a
   batched other, which vmap refuses for an in-place op (as PyTorch does: the result would need a
   batch dim that self has not), so its records list vmap and vmap_vjp as known failures. Here
   the same samples run under every combination with a batched self: the op on a clone of self,
   and its vjp. */
static int inplace_on_clone(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  st_tensor *args[2] = {st_clone(in[0]), in[1]}, *o[ST_MAX_OUTS];
  st_opcall c = {.op = ctx, .nin = nin, .in = args};
  if (!args[0] || st__dispatch(&c, o)) return -1;
  out[0] = st__track(o[0]);
  return 0;
}

/* (self, other, cotangent) -> the cotangents of self and other. */
static int inplace_vjp(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *f = st_func_new(inplace_on_clone, ctx, 2, 1), *pb = NULL;
  st_tensor *o[1] = {0};
  int rc = st_vjp(f, in, o, &pb);
  if (!rc) rc = st_call(pb, in + 2, out);
  st_func_release(pb);
  st_func_release(f);
  return rc;
}

/* B = 2 lanes of x (float lanes differ), stacked at d. */
static st_tensor *lanes_at(st_tensor *x, int d) {
  bool fl = st_dtype_of(x) == ST_F32 || st_dtype_of(x) == ST_F64;
  st_tensor *l[2] = {x, fl ? st_mul_scalar(x, 0.75) : x};
  return st_stack(2, l, d < 0 ? st_ndim(x) + 1 + d : d);
}

TEST(inplace_binary_ops_vmap_the_matrix_samples_with_a_batched_self) {
  const st_op_id ids[] = {ST_OP_add_, ST_OP_sub_, ST_OP_mul_, ST_OP_div_, ST_OP_copy_};
  const int choices[3] = {0, -1, ST_UNBATCHED};
  for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
    const st_op *op = st__ops[ids[k]];
    st_sample s[16];
    int n = op->samples(op, ST_F64, s, 16);
    for (int j = 0; j < n; j++) {
      if (s[j].expect != ST_OK) continue;
      st_scope_push();
      int64_t shape[ST_MAX_DIMS];
      int nd = st_shape(s[j].in[0], shape);
      st_tensor *cot = st_cos(st_reshape(st_arange(ST_F64, 0, (double)st_numel(s[j].in[0]), 1), nd, shape));
      st_tensor *base[3] = {s[j].in[0], s[j].in[1], cot};
      for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++)
          for (int c = 0; c < 3; c++) {
            int dims[3] = {choices[a], choices[b], choices[c]};
            st_tensor *in[3];
            for (int i = 0; i < 3; i++) in[i] = dims[i] == ST_UNBATCHED ? base[i] : lanes_at(base[i], dims[i]);
            if (c == 0 && !CHECK_VMAP_LOOP(inplace_on_clone, (void *)op, 2, in, dims, 1, 1e-12))
              st_test_fail(__FILE__, __LINE__, "%s, sample \"%s\", in_dims (%d, %d)", op->name, s[j].what,
                           dims[0], dims[1]);
            if (!CHECK_VMAP_LOOP(inplace_vjp, (void *)op, 3, in, dims, 2, 1e-12))
              st_test_fail(__FILE__, __LINE__, "vjp of %s, sample \"%s\", in_dims (%d, %d, %d)", op->name,
                           s[j].what, dims[0], dims[1], dims[2]);
          }
      st_scope_pop();
    }
    for (int j = 0; j < n; j++)
      for (int i = 0; i < s[j].nin; i++) st__drop(s[j].in[i]);
  }
}
