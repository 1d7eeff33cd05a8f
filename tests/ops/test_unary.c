/* test_unary.c — unary elementwise ops against double-precision references computed here, over
   dtypes and layouts (contiguous, non-contiguous, stride-0 broadcast, size 0, 0-dim, and a
   run long enough to vectorize and go parallel), plus special values, errors, the in-place
   clamp_/zero_/fill_ and allocation failures. */
#include "core/core.h"
#include "test.h"
#include "util.h"

typedef st_tensor *(*unary_op)(st_tensor *);
typedef double (*ref_fn)(double);

static const double f32_tol = 1e-5, f64_tol = 1e-12;

/* Checks y = f(x) against ref applied to x's values; ref's result is rounded to out_dt's
   precision first, so integer outputs compare exactly. */
static void expect_unary(int line, st_tensor *y, st_tensor *x, ref_fn ref, st_dtype out_dt,
                         double tol) {
  int64_t n = st_numel(x);
  if (!y) {
    st_test_fail(__FILE__, line, "result is NULL: %s", st_last_error());
    return;
  }
  if (st_dtype_of(y) != out_dt)
    st_test_fail(__FILE__, line, "dtype %s, expected %s", st_dtype_name(st_dtype_of(y)),
                 st_dtype_name(out_dt));
  int64_t xs[ST_MAX_DIMS], ys[ST_MAX_DIMS];
  int nd = st_shape(x, xs);
  if (st_shape(y, ys) != nd || memcmp(xs, ys, sizeof(int64_t) * (size_t)nd))
    st_test_fail(__FILE__, line, "shape differs from the input's");
  double *want = tu_values(x); /* what the op actually read */
  for (int64_t i = 0; i < n; i++)
    want[i] = out_dt == ST_F32 ? ref(want[i]) : tu_stored(out_dt, ref(want[i]));
  st_test_close(__FILE__, line, y, want, n, tol);
  free(want);
}

/* f on dtype dt against ref, over every layout; values from [lo, hi) (integers for i64, a
   mix of true and false for bool). */
static void check_unary(int line, unary_op f, ref_fn ref, st_dtype dt, st_dtype out_dt, double lo,
                        double hi, double tol) {
  enum { BIG = 70001 }; /* above 2 * ST_GRAIN_CHEAP: threads, vector body and tail */
  double *v = malloc(sizeof(double) * BIG);
  tu_fill(v, BIG, lo, hi, (unsigned)line);
  for (int64_t i = 0; i < BIG; i++) v[i] = tu_stored(dt, v[i]);
  st_tensor *x[5];
  x[0] = tu_tensor(dt, ST_SHAPE(BIG), v);
  x[1] = tu_noncontig(dt, ST_SHAPE(7, 9), v);
  x[2] = tu_broadcast(tu_tensor(dt, ST_SHAPE(9), v), ST_SHAPE(4, 9));
  x[3] = tu_tensor(dt, ST_SHAPE(0, 3), v);
  x[4] = tu_tensor(dt, 0, NULL, v);
  for (int k = 0; k < 5; k++) expect_unary(line, f(x[k]), x[k], ref, out_dt, tol);
  free(v);
}
#define CHECK_UNARY(f, ref, dt, out_dt, lo, hi, tol)                                               \
  check_unary(__LINE__, f, ref, dt, out_dt, lo, hi, tol)

/* Float ops: f32 and f64 keep their dtype; i64 and bool compute in f32. */
#define CHECK_FLOAT_OP(f, ref, lo, hi)                                                             \
  do {                                                                                             \
    CHECK_UNARY(f, ref, ST_F32, ST_F32, lo, hi, f32_tol);                                          \
    CHECK_UNARY(f, ref, ST_F64, ST_F64, lo, hi, f64_tol);                                          \
    CHECK_UNARY(f, ref, ST_I64, ST_F32, lo, hi, f32_tol);                                          \
    CHECK_UNARY(f, ref, ST_BOOL, ST_F32, -1, 1, f32_tol);                                          \
  } while (0)

/* Ops of f32 and f64 only (torch's activation kernels refuse integers and bools). */
#define CHECK_FLOATONLY_OP(f, ref, lo, hi)                                                         \
  do {                                                                                             \
    CHECK_UNARY(f, ref, ST_F32, ST_F32, lo, hi, f32_tol);                                          \
    CHECK_UNARY(f, ref, ST_F64, ST_F64, lo, hi, f64_tol);                                          \
    CHECK(!f(st_ones(ST_I64, 1, (const int64_t[]){2})) && st_last_status() == ST_ERR_DTYPE);       \
    CHECK(!f(st_ones(ST_BOOL, 1, (const int64_t[]){2})) && st_last_status() == ST_ERR_DTYPE);      \
    st_clear_error();                                                                              \
  } while (0)

/* Ops that keep f32, f64 and i64 (integer results compare exactly). */
#define CHECK_NUMERIC_OP(f, ref, lo, hi)                                                           \
  do {                                                                                             \
    CHECK_UNARY(f, ref, ST_F32, ST_F32, lo, hi, f32_tol);                                          \
    CHECK_UNARY(f, ref, ST_F64, ST_F64, lo, hi, f64_tol);                                          \
    CHECK_UNARY(f, ref, ST_I64, ST_I64, lo, hi, 0);                                                \
  } while (0)

/* =========================================================================== references */

static double r_neg(double x) { return -x; }
static double r_sign(double x) { return (x > 0) - (x < 0); }
static double r_rsqrt(double x) { return 1 / sqrt(x); }
static double r_square(double x) { return x * x; }
static double r_reciprocal(double x) { return 1 / x; }
static double r_sigmoid(double x) { return 1 / (1 + exp(-x)); }
static double r_relu(double x) { return x > 0 ? x : 0; }
static double r_gelu(double x) { return x * 0.5 * (1 + erf(x / sqrt(2.0))); }
static double r_silu(double x) { return x / (1 + exp(-x)); }
static double r_softplus(double x) { return x > 30 ? x : log1p(exp(x)); }
static double r_logical_not(double x) { return x == 0; }
static double r_clamp(double x) { return x < -1.5 ? -1.5 : x > 2 ? 2 : x; }

/* ============================================================================ float ops */

TEST(exp_matches_reference) { CHECK_FLOAT_OP(st_exp, exp, -10, 10); }
TEST(expm1_matches_reference) { CHECK_FLOAT_OP(st_expm1, expm1, -3, 3); }
TEST(log_matches_reference) { CHECK_FLOAT_OP(st_log, log, 0.01, 50); }
TEST(log1p_matches_reference) { CHECK_FLOAT_OP(st_log1p, log1p, -0.9, 20); }
TEST(sqrt_matches_reference) { CHECK_FLOAT_OP(st_sqrt, sqrt, 0, 100); }
TEST(rsqrt_matches_reference) { CHECK_FLOAT_OP(st_rsqrt, r_rsqrt, 0.5, 100); }
TEST(reciprocal_matches_reference) { CHECK_FLOAT_OP(st_reciprocal, r_reciprocal, 0.5, 10); }
TEST(sin_matches_reference) { CHECK_FLOAT_OP(st_sin, sin, -10, 10); }
TEST(cos_matches_reference) { CHECK_FLOAT_OP(st_cos, cos, -10, 10); }
TEST(tan_matches_reference) { CHECK_FLOAT_OP(st_tan, tan, -1.2, 1.2); }
TEST(tanh_matches_reference) { CHECK_FLOAT_OP(st_tanh, tanh, -6, 6); }
TEST(sigmoid_matches_reference) { CHECK_FLOAT_OP(st_sigmoid, r_sigmoid, -20, 20); }
TEST(gelu_matches_reference) { CHECK_FLOATONLY_OP(st_gelu, r_gelu, -6, 6); }
TEST(silu_matches_reference) { CHECK_FLOATONLY_OP(st_silu, r_silu, -20, 20); }
TEST(softplus_matches_reference) { CHECK_FLOATONLY_OP(st_softplus, r_softplus, -30, 30); }
TEST(erf_matches_reference) { CHECK_FLOAT_OP(st_erf, erf, -4, 4); }

/* ================================================================= ops that keep integers */

TEST(neg_matches_reference) { CHECK_NUMERIC_OP(st_neg, r_neg, -100, 100); }
TEST(abs_matches_reference) { CHECK_NUMERIC_OP(st_abs, fabs, -100, 100); }
TEST(square_matches_reference) { CHECK_NUMERIC_OP(st_square, r_square, -100, 100); }
TEST(relu_matches_reference) { CHECK_NUMERIC_OP(st_relu, r_relu, -100, 100); }
TEST(floor_matches_reference) { CHECK_NUMERIC_OP(st_floor, floor, -100, 100); }
TEST(ceil_matches_reference) { CHECK_NUMERIC_OP(st_ceil, ceil, -100, 100); }
TEST(round_matches_reference) { CHECK_NUMERIC_OP(st_round, nearbyint, -100, 100); }

TEST(sign_matches_reference) {
  CHECK_NUMERIC_OP(st_sign, r_sign, -5, 5);
  CHECK_UNARY(st_sign, r_sign, ST_BOOL, ST_BOOL, 0, 1, 0);
}

TEST(logical_not_reads_any_dtype_as_truth) {
  CHECK_UNARY(st_logical_not, r_logical_not, ST_F32, ST_BOOL, -1, 1, 0);
  CHECK_UNARY(st_logical_not, r_logical_not, ST_F64, ST_BOOL, -1, 1, 0);
  CHECK_UNARY(st_logical_not, r_logical_not, ST_I64, ST_BOOL, -1.4, 1.4, 0);
  CHECK_UNARY(st_logical_not, r_logical_not, ST_BOOL, ST_BOOL, -1, 1, 0);
  CHECK_CLOSE(st_logical_not(tu_tensor(ST_F32, ST_SHAPE(2), (double[]){NAN, -0.0})), 0, 0, 1);
}

static st_tensor *clamp_op(st_tensor *a) { return st_clamp(a, -1.5, 2); }
static double r_clamp_int(double x) { return x < -1 ? -1 : x > 2 ? 2 : x; }
static st_tensor *clamp_int_op(st_tensor *a) { return st_clamp(a, -1, 2); }

TEST(clamp_matches_reference) {
  CHECK_UNARY(clamp_op, r_clamp, ST_F32, ST_F32, -5, 5, f32_tol);
  CHECK_UNARY(clamp_op, r_clamp, ST_F64, ST_F64, -5, 5, f64_tol);
  CHECK_UNARY(clamp_int_op, r_clamp_int, ST_I64, ST_I64, -5, 5, 0);
}

/* ======================================================================= special values */

/* 64 elements with the specials spread through them, so that both the vector body and the
   scalar tail of the contiguous loop meet them. */
static st_tensor *with_specials(st_dtype dt, const double *specials, int ns, double *vals) {
  for (int i = 0; i < 64; i++) vals[i] = 0.5;
  for (int i = 0; i < ns; i++) {
    vals[(i * 17) % 64] = specials[i];
    vals[63 - i] = specials[i];
  }
  return tu_tensor(dt, ST_SHAPE(64), vals);
}

static void check_specials(int line, unary_op f, ref_fn ref, const double *sp, int ns) {
  for (st_dtype dt = ST_F32; dt <= ST_F64; dt++) {
    double v[64];
    st_tensor *x = with_specials(dt, sp, ns, v);
    st_tensor *y = f(x);
    double *got = y ? tu_values(y) : NULL;
    for (int i = 0; got && i < 64; i++) {
      double want = dt == ST_F32 ? (float)ref((float)v[i]) : ref(v[i]);
      bool same = (isnan(want) && isnan(got[i])) || got[i] == want ||
                  fabs(got[i] - want) <= 1e-5 * (1 + fabs(want));
      if (!same || (want == 0 && signbit(want) != signbit(got[i]) && f != st_sign))
        st_test_fail(__FILE__, line, "%s: f(%g) = %g, expected %g", st_dtype_name(dt), v[i],
                     got[i], want);
    }
    free(got);
    CHECK(y != NULL);
  }
}
#define CHECK_SPECIALS(f, ref, ...)                                                                \
  check_specials(__LINE__, f, ref, (const double[]){__VA_ARGS__},                                  \
                 sizeof((const double[]){__VA_ARGS__}) / sizeof(double))

TEST(exp_log_sqrt_special_values_follow_ieee) {
  CHECK_SPECIALS(st_exp, exp, -INFINITY, INFINITY, NAN, -200, 200, 0.0, -0.0);
  CHECK_SPECIALS(st_log, log, 0.0, -0.0, -1, INFINITY, -INFINITY, NAN);
  CHECK_SPECIALS(st_sqrt, sqrt, -1, 0.0, -0.0, INFINITY, NAN);
  CHECK_SPECIALS(st_log1p, log1p, -1, -2, INFINITY, NAN, -0.0);
  CHECK_SPECIALS(st_expm1, expm1, -INFINITY, INFINITY, NAN, -0.0);
  CHECK_SPECIALS(st_rsqrt, r_rsqrt, 0.0, -1, INFINITY, NAN);
}

TEST(trig_and_erf_special_values_follow_ieee) {
  CHECK_SPECIALS(st_sin, sin, INFINITY, -INFINITY, NAN, -0.0);
  CHECK_SPECIALS(st_cos, cos, INFINITY, NAN, 0.0);
  CHECK_SPECIALS(st_tan, tan, INFINITY, NAN, -0.0);
  CHECK_SPECIALS(st_tanh, tanh, INFINITY, -INFINITY, NAN, -0.0, 30, -30);
  CHECK_SPECIALS(st_erf, erf, INFINITY, -INFINITY, NAN, -0.0, 10, -10);
}

TEST(activations_saturate_without_overflow) {
  CHECK_SPECIALS(st_sigmoid, r_sigmoid, INFINITY, -INFINITY, NAN, 100, -100, 1000, -1000);
  CHECK_SPECIALS(st_softplus, r_softplus, INFINITY, -INFINITY, NAN, 100, -100, 1000, -1000);
  CHECK_SPECIALS(st_gelu, r_gelu, INFINITY, -INFINITY, NAN, 50, -50);
  CHECK_SPECIALS(st_silu, r_silu, INFINITY, NAN, 100, -100, -1000);
}

TEST(softplus_is_stable_far_from_zero) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(4), (double[]){-800, -40, 40, 800});
  CHECK_CLOSE(st_softplus(x), 1e-14, 0, exp(-40), 40 + log1p(exp(-40)), 800);
  CHECK(st_item(st_softplus(st_scalar(ST_F64, -800))) >= 0);
}

TEST(relu_clamp_abs_propagate_nan) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){NAN, -1, 3});
  CHECK_CLOSE(st_relu(x), 0, NAN, 0, 3);
  CHECK_CLOSE(st_clamp(x, 0, 2), 0, NAN, 0, 2);
  CHECK_CLOSE(st_abs(x), 0, NAN, 1, 3);
  CHECK_CLOSE(st_neg(x), 0, NAN, 1, -3);
}

TEST(sign_of_nan_and_zero_is_zero) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(5), (double[]){NAN, -0.0, 0.0, -INFINITY, 2});
  CHECK_CLOSE(st_sign(x), 0, 0, 0, 0, -1, 1);
}

TEST(round_is_half_to_even) {
  double v[] = {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999, 2.5001};
  for (st_dtype dt = ST_F32; dt <= ST_F64; dt++)
    CHECK_CLOSE(st_round(tu_tensor(dt, ST_SHAPE(8), v)), 0, 0, 2, 2, -0.0, -2, -2, 2, 3);
}

TEST(floor_ceil_round_of_integers_are_identity) {
  st_tensor *x = tu_tensor(ST_I64, ST_SHAPE(3), (double[]){-7, 0, (double)(1LL << 53)});
  CHECK(st_dtype_of(st_floor(x)) == ST_I64);
  CHECK_CLOSE(st_floor(x), 0, -7, 0, (double)(1LL << 53));
  CHECK_CLOSE(st_ceil(x), 0, -7, 0, (double)(1LL << 53));
  CHECK_CLOSE(st_round(x), 0, -7, 0, (double)(1LL << 53));
}

TEST(integer_neg_abs_square_wrap_around) {
  st_tensor *x = st_full(ST_I64, ST_SHAPE(1), 0);
  ((int64_t *)st_data_ptr(x))[0] = INT64_MIN;
  CHECK(((int64_t *)st_data_ptr(st_neg(x)))[0] == INT64_MIN);
  CHECK(((int64_t *)st_data_ptr(st_abs(x)))[0] == INT64_MIN);
  CHECK(((int64_t *)st_data_ptr(st_square(st_full(ST_I64, ST_SHAPE(1), 1LL << 32))))[0] == 0);
}

/* ========================================================================= dtype rules */

TEST(square_of_bool_is_i64) {
  st_tensor *y = st_square(tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0}));
  CHECK(st_dtype_of(y) == ST_I64);
  CHECK_CLOSE(y, 0, 1, 0);
}

TEST(bool_is_rejected_by_neg_abs_relu_floor_ceil_round) {
  st_tensor *b = st_ones(ST_BOOL, ST_SHAPE(2));
  CHECK_FAILS(!st_neg(b), ST_ERR_DTYPE, "st_neg: negation of a bool tensor is not supported");
  CHECK_FAILS(!st_abs(b), ST_ERR_DTYPE, "st_abs: bool tensors are not supported");
  CHECK_FAILS(!st_relu(b), ST_ERR_DTYPE, "st_relu: bool");
  CHECK_FAILS(!st_floor(b), ST_ERR_DTYPE, "st_floor: bool");
  CHECK_FAILS(!st_ceil(b), ST_ERR_DTYPE, "st_ceil: bool");
  CHECK_FAILS(!st_round(b), ST_ERR_DTYPE, "st_round: bool");
}

TEST(clamp_promotes_integers_with_fractional_bounds) {
  st_tensor *x = tu_tensor(ST_I64, ST_SHAPE(3), (double[]){-2, 1, 5});
  st_tensor *y = st_clamp(x, 0.5, INFINITY);
  CHECK(st_dtype_of(y) == ST_F32);
  CHECK_CLOSE(y, 0, 0.5, 1, 5);
  CHECK(st_dtype_of(st_clamp(x, -1, 3)) == ST_I64);
  CHECK(st_dtype_of(st_clamp(x, -INFINITY, INFINITY)) == ST_I64);
  CHECK_CLOSE(st_clamp(x, -1e30, 1e30), 0, -2, 1, 5); /* bounds beyond i64 saturate */
}

TEST(clamp_of_bool_stays_bool_without_bounds) {
  st_tensor *b = tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0});
  st_tensor *y = st_clamp(b, -INFINITY, INFINITY);
  CHECK(st_dtype_of(y) == ST_BOOL);
  CHECK_CLOSE(y, 0, 1, 0);
  y = st_clamp(b, 0, 0);
  CHECK(st_dtype_of(y) == ST_I64);
  CHECK_CLOSE(y, 0, 0, 0);
}

TEST(clamp_min_above_max_gives_max) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){-5, 1, 5});
  CHECK_CLOSE(st_clamp(x, 3, 1), 0, 1, 1, 1);
  CHECK_CLOSE(st_clamp(x, -INFINITY, -10), 0, -10, -10, -10);
  CHECK_CLOSE(st_clamp(tu_tensor(ST_I64, ST_SHAPE(2), (double[]){-5, 5}), 3, 1), 0, 1, 1);
}

TEST(clamp_with_nan_bound_gives_nan) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(2), (double[]){-5, 5});
  CHECK_CLOSE(st_clamp(x, NAN, 1), 0, NAN, NAN);
  CHECK_CLOSE(st_clamp(x, 0, NAN), 0, NAN, NAN);
}

/* ============================================================================== in place */

static uint64_t version_of(st_tensor *t) { return atomic_load(&t->storage->version); }

TEST(clamp_in_place_writes_self_and_bumps_version) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){-3, 0.5, 2, 9});
  uint64_t v0 = version_of(x);
  CHECK_EQ_INT(st_clamp_(x, 0, 1), 0);
  CHECK_CLOSE(x, 0, 0, 0.5, 1, 1);
  CHECK(version_of(x) == v0 + 1);
  st_tensor *nc = tu_noncontig(ST_I64, ST_SHAPE(2, 3), (double[]){-3, 0, 2, 9, 4, -1});
  CHECK_EQ_INT(st_clamp_(nc, 0, 3), 0);
  CHECK_CLOSE(nc, 0, 0, 0, 2, 3, 3, 0);
}

TEST(clamp_in_place_refuses_a_float_result_in_i64) {
  st_tensor *x = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){-3, 4});
  uint64_t v0 = version_of(x);
  CHECK_FAILS(st_clamp_(x, 0.5, 2) != 0, ST_ERR_DTYPE, "st_clamp_: result dtype f32");
  CHECK_CLOSE(x, 0, -3, 4);
  CHECK(version_of(x) == v0);
  st_tensor *b = st_ones(ST_BOOL, ST_SHAPE(2));
  CHECK_FAILS(st_clamp_(b, 0, 1) != 0, ST_ERR_DTYPE, "cannot be cast to self's dtype bool");
  CHECK_EQ_INT(st_clamp_(b, -INFINITY, INFINITY), 0);
}

TEST(clamp_in_place_refuses_an_expanded_self) {
  st_tensor *base = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){-1, 0, 5});
  st_tensor *x = tu_broadcast(base, ST_SHAPE(2, 3));
  CHECK_FAILS(st_clamp_(x, 0, 1) != 0, ST_ERR_INPLACE,
              "st_clamp_: more than one element of self [2, 3] refers to a single memory location");
  CHECK_CLOSE(base, 0, -1, 0, 5);
}

TEST(fill_and_zero_write_every_element) {
  st_tensor *x = tu_noncontig(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  CHECK_EQ_INT(st_fill_(x, 2.5), 0);
  CHECK_CLOSE(x, 0, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5);
  CHECK_EQ_INT(st_zero_(x), 0);
  CHECK_CLOSE(x, 0, 0, 0, 0, 0, 0, 0);
  st_tensor *i = st_zeros(ST_I64, ST_SHAPE(2));
  CHECK_EQ_INT(st_fill_(i, -7.9), 0);
  CHECK_CLOSE(i, 0, -7, -7);
  st_tensor *b = st_zeros(ST_BOOL, ST_SHAPE(2));
  CHECK_EQ_INT(st_fill_(b, 0.25), 0);
  CHECK_CLOSE(b, 0, 1, 1);
  CHECK_EQ_INT(st_fill_(st_zeros(ST_F32, ST_SHAPE(0)), 1), 0);
  st_tensor *s = st_scalar(ST_F32, 1);
  CHECK_EQ_INT(st_fill_(s, 4), 0);
  CHECK_CLOSE(s, 0, 4);
}

TEST(fill_accepts_an_expanded_self) {
  st_tensor *base = st_zeros(ST_F32, ST_SHAPE(3));
  CHECK_EQ_INT(st_fill_(tu_broadcast(base, ST_SHAPE(4, 3)), 2), 0);
  CHECK_CLOSE(base, 0, 2, 2, 2);
}

TEST(fill_refuses_values_an_i64_cannot_hold) {
  st_tensor *i = st_zeros(ST_I64, ST_SHAPE(2));
  CHECK_FAILS(st_fill_(i, NAN) != 0, ST_ERR_ARG, "st_fill_: value nan cannot be converted to i64");
  CHECK_FAILS(st_fill_(i, 1e19) != 0, ST_ERR_ARG, "1e+19");
  CHECK_CLOSE(i, 0, 0, 0);
}

/* ================================================================ errors, threads, memory */

TEST(unary_null_argument_fails) {
  CHECK_FAILS(!st_exp(NULL), ST_ERR_ARG, "st_exp: argument 1 is NULL");
  CHECK_FAILS(!st_clamp(NULL, 0, 1), ST_ERR_ARG, "st_clamp: argument 1 is NULL");
  CHECK_FAILS(st_clamp_(NULL, 0, 1) != 0, ST_ERR_ARG, "st_clamp_: argument 1 is NULL");
  CHECK_FAILS(st_fill_(NULL, 1) != 0, ST_ERR_ARG, "st_fill_: argument 1 is NULL");
  CHECK_FAILS(st_zero_(NULL) != 0, ST_ERR_ARG, "st_zero_: argument 1 is NULL");
  CHECK_FAILS(!st_tanh(st_sigmoid(NULL)), ST_ERR_ARG, "st_sigmoid: argument 1 is NULL");
}

TEST(unary_results_do_not_depend_on_thread_count) {
  enum { N = 200003 };
  double *v = malloc(sizeof(double) * N);
  tu_fill(v, N, -5, 5, 7);
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(N), v);
  free(v);
  int saved = st_get_num_threads();
  st_set_num_threads(1);
  st_tensor *one = st_tanh(x);
  st_set_num_threads(3);
  st_tensor *three = st_tanh(x);
  st_set_num_threads(saved);
  CHECK(one && three && !memcmp(st_data_ptr(one), st_data_ptr(three), sizeof(float) * N));
}

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

TEST(unary_ops_fail_cleanly_when_allocation_fails) {
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(4, 5), (double[20]){1, 2, 3});
  st_tensor *f = tu_noncontig(ST_F32, ST_SHAPE(4, 5), (double[20]){1, 2, 3});
  st_tensor *b = tu_tensor(ST_BOOL, ST_SHAPE(2, 3), (double[6]){1, 0});
  CHECK_OOM_CLEAN(st_exp(i), 4); /* i64 -> f32 staging */
  CHECK_OOM_CLEAN(st_sigmoid(f), 4);
  CHECK_OOM_CLEAN(st_clamp(b, 0, 1), 4); /* bool -> i64 staging */
  CHECK_OOM_CLEAN(st_logical_not(f), 4);
  CHECK_OOM_CLEAN(st_square(b), 4);
}
