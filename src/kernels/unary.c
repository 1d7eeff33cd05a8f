/* unary.c — the inner loops of the unary elementwise ops, one per (kind, dtype). Each has a
   contiguous path that GCC vectorizes (calling libmvec for exp, log, tanh, ...; see
   elementwise.h) and a strided path. */
#include "elementwise.h"

/* The contiguous loops may run in place (y == x): each element is read before it is written
   and no element depends on another, which is exactly what ivdep promises. */
#if defined(__GNUC__) && !defined(__clang__)
#define IVDEP _Pragma("GCC ivdep")
#else
#define IVDEP
#endif

/* fname: y = EXPR for each x, TI in and TO out; PRE runs once before the loop. */
#define UNARY_LOOP(fname, TI, TO, PRE, EXPR)                                                       \
  static void fname(char *const *d, const int64_t *s, int64_t n, const void *ctx) {                \
    TO *y = (TO *)d[0];                                                                            \
    const TI *xs = (const TI *)d[1];                                                               \
    (void)ctx;                                                                                     \
    PRE;                                                                                           \
    if (s[0] == 1 && s[1] == 1) {                                                                  \
      IVDEP for (int64_t i = 0; i < n; i++) {                                                      \
        TI x = xs[i];                                                                              \
        y[i] = (EXPR);                                                                             \
      }                                                                                            \
    } else {                                                                                       \
      for (int64_t i = 0; i < n; i++) {                                                            \
        TI x = xs[i * s[1]];                                                                       \
        y[i * s[0]] = (EXPR);                                                                      \
      }                                                                                            \
    }                                                                                              \
  }

/* --------------------------------------------------------------------------- float-only ops */

/* 1/sqrt(2), for gelu's erf form x * Phi(x) = x/2 * (1 + erf(x/sqrt(2))) (Hendrycks & Gimpel,
   "Gaussian Error Linear Units", 2016; torch.nn.GELU with approximate='none'). */
#define SQRT1_2 0.70710678118654752440

/* name, f32 expression, f64 expression. softplus is log(1 + e^x) rewritten as
   max(x, 0) + log1p(e^-|x|), which neither overflows for large x nor loses digits for very
   negative x. sigmoid and silu use e^-x, which only overflows to inf where the result is 0. */
#define FLOAT_UNARY(X)                                                                             \
  X(exp, expf(x), exp(x))                                                                          \
  X(expm1, expm1f(x), expm1(x))                                                                    \
  X(log, logf(x), log(x))                                                                          \
  X(log1p, log1pf(x), log1p(x))                                                                    \
  X(sqrt, sqrtf(x), sqrt(x))                                                                       \
  X(rsqrt, 1 / sqrtf(x), 1 / sqrt(x))                                                              \
  X(reciprocal, 1 / x, 1 / x)                                                                      \
  X(sin, sinf(x), sin(x))                                                                          \
  X(cos, cosf(x), cos(x))                                                                          \
  X(tan, tanf(x), tan(x))                                                                          \
  X(tanh, tanhf(x), tanh(x))                                                                       \
  X(sigmoid, 1 / (1 + expf(-x)), 1 / (1 + exp(-x)))                                                \
  X(gelu, x * 0.5f * (1 + erff(x * (float)SQRT1_2)), x * 0.5 * (1 + erf(x * SQRT1_2)))             \
  X(silu, x / (1 + expf(-x)), x / (1 + exp(-x)))                                                   \
  X(softplus, (x > 0 ? x : 0) + log1pf(expf(-fabsf(x))), (x > 0 ? x : 0) + log1p(exp(-fabs(x))))   \
  X(erf, erff(x), erf(x))

#define DEFINE_FLOAT(name, e32, e64)                                                               \
  UNARY_LOOP(name##_f32, float, float, , e32)                                                      \
  UNARY_LOOP(name##_f64, double, double, , e64)
FLOAT_UNARY(DEFINE_FLOAT)

/* --------------------------------------------------------------- ops that keep integer dtypes */

/* Integer negation and squares wrap around (two's complement) as in PyTorch; unsigned
   arithmetic makes that defined behaviour. relu's `x < 0 ? 0 : x` lets NaN through, as
   torch.relu does. sign(NaN) is 0, as torch.sign gives. round is half to even: nearbyint in the
   default rounding mode. Integer floor, ceil and round are the identity. */
#define KEEP_UNARY(X)                                                                              \
  X(neg, -x, -x, (int64_t)(0 - (uint64_t)x))                                                       \
  X(abs, fabsf(x), fabs(x), x < 0 ? (int64_t)(0 - (uint64_t)x) : x)                                \
  X(sign, (float)((x > 0) - (x < 0)), (double)((x > 0) - (x < 0)), (int64_t)((x > 0) - (x < 0)))   \
  X(square, x * x, x * x, (int64_t)((uint64_t)x * (uint64_t)x))                                    \
  X(relu, x < 0 ? 0 : x, x < 0 ? 0 : x, x < 0 ? 0 : x)                                             \
  X(floor, floorf(x), floor(x), x)                                                                 \
  X(ceil, ceilf(x), ceil(x), x)                                                                    \
  X(round, nearbyintf(x), nearbyint(x), x)

#define DEFINE_KEEP(name, e32, e64, ei64)                                                          \
  UNARY_LOOP(name##_f32, float, float, , e32)                                                      \
  UNARY_LOOP(name##_f64, double, double, , e64)                                                    \
  UNARY_LOOP(name##_i64, int64_t, int64_t, , ei64)
KEEP_UNARY(DEFINE_KEEP)

/* bool inputs are read as bytes: GCC does not vectorize loads of _Bool, and a bool's byte is
   its value (0 or 1). */
UNARY_LOOP(sign_bool, uint8_t, uint8_t, , x)

/* ------------------------------------------------------------------------------ logical_not */

UNARY_LOOP(logical_not_f32, float, bool, , x == 0)
UNARY_LOOP(logical_not_f64, double, bool, , x == 0)
UNARY_LOOP(logical_not_i64, int64_t, bool, , x == 0)
UNARY_LOOP(logical_not_bool, uint8_t, bool, , !x)

/* ------------------------------------------------------------------------------------ clamp */

/* min(max(x, lo), hi) written so that a NaN x stays NaN and lo > hi gives hi (torch.clamp).
   A NaN bound makes every result NaN (numpy.clip), handled before the loop. */
#define CLAMP_PRE(T, LO, HI)                                                                       \
  const st_clamp_params *p = ctx;                                                                  \
  const T lo = (T)(LO), hi = (T)(HI)
#define CLAMP_EXPR (x < lo ? lo : x) > hi ? hi : (x < lo ? lo : x)

UNARY_LOOP(clamp_f32_bounded, float, float, CLAMP_PRE(float, p->lo, p->hi), CLAMP_EXPR)
UNARY_LOOP(clamp_f64_bounded, double, double, CLAMP_PRE(double, p->lo, p->hi), CLAMP_EXPR)
UNARY_LOOP(clamp_i64, int64_t, int64_t, CLAMP_PRE(int64_t, p->ilo, p->ihi), CLAMP_EXPR)
UNARY_LOOP(nan_f32, float, float, , NAN + 0 * x)
UNARY_LOOP(nan_f64, double, double, , NAN + 0 * x)

static void clamp_f32(char *const *d, const int64_t *s, int64_t n, const void *ctx) {
  const st_clamp_params *p = ctx;
  (isnan(p->lo) || isnan(p->hi) ? nan_f32 : clamp_f32_bounded)(d, s, n, ctx);
}
static void clamp_f64(char *const *d, const int64_t *s, int64_t n, const void *ctx) {
  const st_clamp_params *p = ctx;
  (isnan(p->lo) || isnan(p->hi) ? nan_f64 : clamp_f64_bounded)(d, s, n, ctx);
}

/* ------------------------------------------------------------------------------- pow_scalar */

/* Small exponents become multiplications or square roots (as PyTorch's pow does), which are
   exact or correctly rounded; other exponents call pow. */
UNARY_LOOP(pow_general_f32, float, float, const float e = (float)((const st_pow_params *)ctx)->e,
           powf(x, e))
UNARY_LOOP(pow_general_f64, double, double, const double e = ((const st_pow_params *)ctx)->e,
           pow(x, e))
UNARY_LOOP(cube_f32, float, float, , x * x * x)
UNARY_LOOP(cube_f64, double, double, , x * x * x)
UNARY_LOOP(copy_f32, float, float, , x)
UNARY_LOOP(copy_f64, double, double, , x)

#define POW_SCALAR(T, SUFFIX)                                                                      \
  static void pow_scalar_##SUFFIX(char *const *d, const int64_t *s, int64_t n, const void *ctx) { \
    const T e = (T)((const st_pow_params *)ctx)->e;                                                \
    st_loop_fn fn = e == 1     ? copy_##SUFFIX                                                     \
                    : e == 2   ? square_##SUFFIX                                                   \
                    : e == 3   ? cube_##SUFFIX                                                     \
                    : e == 0.5 ? sqrt_##SUFFIX                                                     \
                    : e == -1  ? reciprocal_##SUFFIX                                               \
                    : e == -0.5 ? rsqrt_##SUFFIX                                                   \
                               : pow_general_##SUFFIX;                                             \
    fn(d, s, n, ctx);                                                                              \
  }
POW_SCALAR(float, f32)
POW_SCALAR(double, f64)

/* x^e for e >= 0 by repeated squaring, wrapping around on overflow like PyTorch's integer pow. */
static inline int64_t ipow_nonneg(int64_t x, int64_t e) {
  uint64_t r = 1, b = (uint64_t)x;
  for (; e > 0; e >>= 1) {
    if (e & 1) r *= b;
    b *= b;
  }
  return (int64_t)r;
}
UNARY_LOOP(pow_scalar_i64, int64_t, int64_t, const int64_t e = ((const st_pow_params *)ctx)->ie,
           ipow_nonneg(x, e))

/* -------------------------------------------------------------------------------- the table */

#define ROW_FLOAT(name, e32, e64) [ST_UK_##name] = {[ST_F32] = name##_f32, [ST_F64] = name##_f64},
#define ROW_KEEP(name, e32, e64, ei64)                                                             \
  [ST_UK_##name] = {[ST_F32] = name##_f32, [ST_F64] = name##_f64, [ST_I64] = name##_i64},

static const st_loop_fn unary_loops[ST_UK_COUNT][4] = {
  FLOAT_UNARY(ROW_FLOAT)
  KEEP_UNARY(ROW_KEEP)
  [ST_UK_clamp] = {[ST_F32] = clamp_f32, [ST_F64] = clamp_f64, [ST_I64] = clamp_i64},
  [ST_UK_pow_scalar] = {[ST_F32] = pow_scalar_f32, [ST_F64] = pow_scalar_f64,
                        [ST_I64] = pow_scalar_i64},
  [ST_UK_logical_not] = {[ST_F32] = logical_not_f32, [ST_F64] = logical_not_f64,
                         [ST_I64] = logical_not_i64, [ST_BOOL] = logical_not_bool},
};

st_loop_fn st__unary_loop(st_unary_kind k, st_dtype dt) {
  if ((unsigned)k >= ST_UK_COUNT || (unsigned)dt > ST_BOOL) return NULL;
  if (k == ST_UK_sign && dt == ST_BOOL) return sign_bool;
  return unary_loops[k][dt];
}
