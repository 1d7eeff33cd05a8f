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

/* Elements a strided loop gathers at a time (a transposed input, a column of a matrix), so that
   transcendental rows run through libmvec there too instead of one libm call per element. */
#define STRIDED_BLOCK 64

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
    } else { /* strided: gathered into a block that the vector code computes, then scattered */    \
      TI xt[STRIDED_BLOCK];                                                                        \
      TO yt[STRIDED_BLOCK];                                                                        \
      for (int64_t i0 = 0; i0 < n; i0 += STRIDED_BLOCK) {                                          \
        int m = n - i0 < STRIDED_BLOCK ? (int)(n - i0) : STRIDED_BLOCK;                            \
        for (int i = 0; i < m; i++) xt[i] = xs[(i0 + i) * s[1]];                                   \
        IVDEP for (int i = 0; i < m; i++) {                                                        \
          TI x = xt[i];                                                                            \
          yt[i] = (EXPR);                                                                          \
        }                                                                                          \
        for (int i = 0; i < m; i++) y[(i0 + i) * s[0]] = yt[i];                                    \
      }                                                                                            \
    }                                                                                              \
  }

/* A row's loop, with its source (st_loop_src). */
#define ROW_LOOP(fname, TI, TO, EXPR)                                                              \
  UNARY_LOOP(fname, TI, TO, , EXPR)                                                                \
  static const st_loop_src fname##_src = {fname, 1, #TI, #TO, ST__XSTR(EXPR)};
/* A loop whose work is not one expression of x: no source. */
#define NO_SRC(fname, T) static const st_loop_src fname##_src = {fname, 1, #T, #T, NULL};

/* ------------------------------------------------------------------ the rows of unary.def */

/* 1/sqrt(2), for gelu's erf form. */
#define SQRT1_2 0.70710678118654752440

/* Each row's loops, per its dtype rule: FLOAT and FLOATONLY compute in f32 and f64 (st__ew_run
   converts integer and bool inputs of FLOAT ops to f32 first); NUMERIC and SQUARE also in i64; ANY also on bool, read
   as bytes (GCC does not vectorize loads of _Bool, and a bool's byte is its value) through the
   i64 column; LOGICAL reads every dtype and writes bool. */
#define LOOPS_FLOAT(name, e32, e64, ei64)                                                          \
  ROW_LOOP(name##_f32, float, float, e32)                                                      \
  ROW_LOOP(name##_f64, double, double, e64)
#define LOOPS_NUMERIC(name, e32, e64, ei64)                                                        \
  LOOPS_FLOAT(name, e32, e64, ei64)                                                                \
  ROW_LOOP(name##_i64, int64_t, int64_t, ei64)
#define LOOPS_SQUARE LOOPS_NUMERIC
#define LOOPS_FLOATONLY LOOPS_FLOAT
#define LOOPS_ANY(name, e32, e64, ei64)                                                            \
  LOOPS_NUMERIC(name, e32, e64, ei64)                                                              \
  static inline int64_t name##_of_i64(int64_t x) { return ei64; }                                  \
  ROW_LOOP(name##_bool, uint8_t, uint8_t, (uint8_t)name##_of_i64(x))
#define LOOPS_LOGICAL(name, e32, e64, ei64)                                                        \
  ROW_LOOP(name##_f32, float, bool, e32)                                                       \
  ROW_LOOP(name##_f64, double, bool, e64)                                                      \
  ROW_LOOP(name##_i64, int64_t, bool, ei64)                                                    \
  ROW_LOOP(name##_bool, uint8_t, bool, ei64)

#define UNARY(name, rule, cost, saves, e32, e64, ei64, ...) LOOPS_##rule(name, e32, e64, ei64)
#define X(name)
#include "../ops/unary.def"
#undef X
#undef UNARY

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
NO_SRC(clamp_f32, float)
NO_SRC(clamp_f64, double)
NO_SRC(clamp_i64, int64_t)
NO_SRC(pow_scalar_f32, float)
NO_SRC(pow_scalar_f64, double)

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
NO_SRC(pow_scalar_i64, int64_t)

/* -------------------------------------------------------------------------------- the table */

/* The table holds each loop's source (st_loop_src), whose fn is the loop. */
#define ROW_FLOAT(name) [ST_UK_##name] = {[ST_F32] = &name##_f32_src, [ST_F64] = &name##_f64_src},
#define ROW_NUMERIC(name)                                                                          \
  [ST_UK_##name] = {[ST_F32] = &name##_f32_src, [ST_F64] = &name##_f64_src,                        \
                    [ST_I64] = &name##_i64_src},
#define ROW_SQUARE ROW_NUMERIC
#define ROW_FLOATONLY ROW_FLOAT
#define ROW_ANY(name)                                                                              \
  [ST_UK_##name] = {[ST_F32] = &name##_f32_src, [ST_F64] = &name##_f64_src,                        \
                    [ST_I64] = &name##_i64_src, [ST_BOOL] = &name##_bool_src},
#define ROW_LOGICAL ROW_ANY

static const st_loop_src *const unary_loops[ST_UK_COUNT][4] = {
#define UNARY(name, rule, ...) ROW_##rule(name)
#define X(name)
#include "../ops/unary.def"
#undef X
#undef UNARY
  [ST_UK_clamp] = {[ST_F32] = &clamp_f32_src, [ST_F64] = &clamp_f64_src, [ST_I64] = &clamp_i64_src},
  [ST_UK_pow_scalar] = {[ST_F32] = &pow_scalar_f32_src, [ST_F64] = &pow_scalar_f64_src,
                        [ST_I64] = &pow_scalar_i64_src},
};

const st_loop_src *st__unary_loop_src(st_unary_kind k, st_dtype dt) {
  if ((unsigned)k >= ST_UK_COUNT || (unsigned)dt > ST_BOOL) return NULL;
  return unary_loops[k][dt];
}

st_loop_fn st__unary_loop(st_unary_kind k, st_dtype dt) {
  const st_loop_src *s = st__unary_loop_src(k, dt);
  return s ? s->fn : NULL;
}
