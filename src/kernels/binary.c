/* binary.c — the inner loops of the binary elementwise ops and where, one per (kind, dtype).
   Each has vectorizable paths for contiguous operands and for one scalar-broadcast operand
   (stride 0: a row of a [n, m] + [m] broadcast, or the scalar of st_add_scalar), and a strided
   path for the rest. */
#include "elementwise.h"

/* The contiguous loops may run in place (y == a or y == b, never a partial overlap: st__ew_run
   copies such inputs first): no element depends on another, which is what ivdep promises. */
#if defined(__GNUC__) && !defined(__clang__)
#define IVDEP _Pragma("GCC ivdep")
#else
#define IVDEP
#endif

/* fname: y = EXPR for each (a, b), TI in and TO out. */
#define BINARY_LOOP(fname, TI, TO, EXPR)                                                           \
  static void fname(char *const *d, const int64_t *s, int64_t n, const void *ctx) {                \
    TO *y = (TO *)d[0];                                                                            \
    const TI *as = (const TI *)d[1], *bs = (const TI *)d[2];                                       \
    (void)ctx;                                                                                     \
    if (s[0] == 1 && s[1] == 1 && s[2] == 1) {                                                     \
      IVDEP for (int64_t i = 0; i < n; i++) {                                                      \
        TI a = as[i], b = bs[i];                                                                   \
        y[i] = (EXPR);                                                                             \
      }                                                                                            \
    } else if (s[0] == 1 && s[1] == 1 && s[2] == 0) {                                              \
      const TI b = bs[0];                                                                          \
      IVDEP for (int64_t i = 0; i < n; i++) {                                                      \
        TI a = as[i];                                                                              \
        y[i] = (EXPR);                                                                             \
      }                                                                                            \
    } else if (s[0] == 1 && s[1] == 0 && s[2] == 1) {                                              \
      const TI a = as[0];                                                                          \
      IVDEP for (int64_t i = 0; i < n; i++) {                                                      \
        TI b = bs[i];                                                                              \
        y[i] = (EXPR);                                                                             \
      }                                                                                            \
    } else {                                                                                       \
      for (int64_t i = 0; i < n; i++) {                                                            \
        TI a = as[i * s[1]], b = bs[i * s[2]];                                                     \
        y[i * s[0]] = (EXPR);                                                                      \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  static const st_loop_src fname##_src = {fname, 2, #TI, #TO, ST__XSTR(EXPR)};

/* maximum/minimum propagate NaN from either side (torch.maximum); for integers x != x is
   false and the compiler drops the tests. */
#define MAX_NAN(a, b) ((a) != (a) ? (a) : (b) != (b) ? (b) : (a) > (b) ? (a) : (b))
#define MIN_NAN(a, b) ((a) != (a) ? (a) : (b) != (b) ? (b) : (a) < (b) ? (a) : (b))

/* Integer a^b as PyTorch computes it: repeated squaring that wraps on overflow; a negative b
   gives 1 for a == 1, +-1 for a == -1 and 0 otherwise (the integer part of a^b). */
static inline int64_t ipow(int64_t a, int64_t b) {
  if (b < 0) return a == 1 ? 1 : a == -1 ? (b % 2 ? -1 : 1) : 0;
  uint64_t r = 1, x = (uint64_t)a;
  for (; b > 0; b >>= 1) {
    if (b & 1) r *= x;
    x *= x;
  }
  return (int64_t)r;
}

/* Loops read bool operands as bytes: GCC does not vectorize loads of _Bool, and a bool's byte
   is its value (0 or 1). */
typedef uint8_t bool8;

/* Integer add, sub and mul wrap around (two's complement) through unsigned arithmetic. */
#define WRAP(a, op, b) (int64_t)((uint64_t)(a)op(uint64_t)(b))

/* -------------------------------------------------------------------------------- arithmetic */

/* remainder from fmod's m: the sign of the divisor b, as Python's % and torch.remainder (m + b
   where m is nonzero and of the other sign). */
#define REMAINDER(m, b) ((m) != 0 && (((b) < 0) != ((m) < 0)) ? (m) + (b) : (m))

#define ARITH_FLOAT(T, SUFFIX, POW, ATAN2, FMOD)                                                       \
  BINARY_LOOP(add_##SUFFIX, T, T, a + b)                                                           \
  BINARY_LOOP(sub_##SUFFIX, T, T, a - b)                                                           \
  BINARY_LOOP(mul_##SUFFIX, T, T, a * b)                                                           \
  BINARY_LOOP(div_##SUFFIX, T, T, a / b)                                                           \
  BINARY_LOOP(pow_##SUFFIX, T, T, POW(a, b))                                                       \
  BINARY_LOOP(maximum_##SUFFIX, T, T, MAX_NAN(a, b))                                               \
  BINARY_LOOP(minimum_##SUFFIX, T, T, MIN_NAN(a, b))                                               \
  BINARY_LOOP(atan2_##SUFFIX, T, T, ATAN2(a, b))                                                   \
  BINARY_LOOP(fmod_##SUFFIX, T, T, FMOD(a, b))                                                     \
  BINARY_LOOP(remainder_##SUFFIX, T, T, REMAINDER(FMOD(a, b), b))
ARITH_FLOAT(float, f32, powf, atan2f, fmodf)
ARITH_FLOAT(double, f64, pow, atan2, fmod)

BINARY_LOOP(add_i64, int64_t, int64_t, WRAP(a, +, b))
BINARY_LOOP(sub_i64, int64_t, int64_t, WRAP(a, -, b))
BINARY_LOOP(mul_i64, int64_t, int64_t, WRAP(a, *, b))
BINARY_LOOP(pow_i64, int64_t, int64_t, ipow(a, b))
BINARY_LOOP(maximum_i64, int64_t, int64_t, a > b ? a : b)
BINARY_LOOP(minimum_i64, int64_t, int64_t, a < b ? a : b)
/* Integer fmod and remainder by 0 give 0 (torch raises ZeroDivisionError; a kernel cannot
   fail), and by -1 give 0 (INT64_MIN % -1 is undefined in C). */
#define IMOD(a, b) ((b) == 0 || (b) == -1 ? 0 : (a) % (b))
BINARY_LOOP(fmod_i64, int64_t, int64_t, IMOD(a, b))
BINARY_LOOP(remainder_i64, int64_t, int64_t, REMAINDER(IMOD(a, b), b))

/* bool + bool is or, bool * bool is and, as in PyTorch. */
BINARY_LOOP(add_bool, bool8, bool8, a | b)
BINARY_LOOP(mul_bool, bool8, bool8, a & b)
BINARY_LOOP(maximum_bool, bool8, bool8, a | b)
BINARY_LOOP(minimum_bool, bool8, bool8, a & b)

/* --------------------------------------------------------------- comparisons, logical ops */

#define COMPARE(T, SUFFIX)                                                                         \
  BINARY_LOOP(eq_##SUFFIX, T, bool, a == b)                                                        \
  BINARY_LOOP(ne_##SUFFIX, T, bool, a != b)                                                        \
  BINARY_LOOP(lt_##SUFFIX, T, bool, a < b)                                                         \
  BINARY_LOOP(le_##SUFFIX, T, bool, a <= b)                                                        \
  BINARY_LOOP(gt_##SUFFIX, T, bool, a > b)                                                         \
  BINARY_LOOP(ge_##SUFFIX, T, bool, a >= b)                                                        \
  BINARY_LOOP(logical_and_##SUFFIX, T, bool, (a != 0) & (b != 0))                                  \
  BINARY_LOOP(logical_or_##SUFFIX, T, bool, (a != 0) | (b != 0))
COMPARE(float, f32)
COMPARE(double, f64)
COMPARE(int64_t, i64)
COMPARE(bool8, bool)

/* ------------------------------------------------------------------------------------ where */

#define WHERE_LOOP(T, SUFFIX)                                                                      \
  static void where_##SUFFIX(char *const *d, const int64_t *s, int64_t n, const void *ctx) {       \
    T *y = (T *)d[0];                                                                              \
    const bool8 *c = (const bool8 *)d[1];                                                          \
    const T *as = (const T *)d[2], *bs = (const T *)d[3];                                          \
    (void)ctx;                                                                                     \
    if (s[0] == 1 && s[1] == 1 && s[2] == 1 && s[3] == 1) {                                        \
      IVDEP for (int64_t i = 0; i < n; i++) {                                                      \
        T a = as[i], b = bs[i]; /* both loaded, so the choice is a blend */                        \
        y[i] = c[i] ? a : b;                                                                       \
      }                                                                                            \
    } else {                                                                                       \
      for (int64_t i = 0; i < n; i++) y[i * s[0]] = c[i * s[1]] ? as[i * s[2]] : bs[i * s[3]];     \
    }                                                                                              \
  }                                                                                                \
  static const st_loop_src where_##SUFFIX##_src = {where_##SUFFIX, 3, #T, #T, NULL};
WHERE_LOOP(float, f32)
WHERE_LOOP(double, f64)
WHERE_LOOP(int64_t, i64)
WHERE_LOOP(bool8, bool)

/* -------------------------------------------------------------------------------- the table */

/* The table holds each loop's source (st_loop_src), whose fn is the loop. */
#define ALL4(name)                                                                                 \
  [ST_BK_##name] = {[ST_F32] = &name##_f32_src, [ST_F64] = &name##_f64_src,                        \
                    [ST_I64] = &name##_i64_src, [ST_BOOL] = &name##_bool_src}
#define NUM3(name)                                                                                 \
  [ST_BK_##name] = {[ST_F32] = &name##_f32_src, [ST_F64] = &name##_f64_src,                        \
                    [ST_I64] = &name##_i64_src}
#define FLOAT2(name) [ST_BK_##name] = {[ST_F32] = &name##_f32_src, [ST_F64] = &name##_f64_src}

/* The derivatives of tanh, sigmoid and relu from their results y, times the gradient g (a):
   PyTorch's tanh_backward, sigmoid_backward and threshold_backward(g, y, 0), which masks
   where y <= 0: a NaN result passes the gradient, as in torch. */
#define BACKWARD_FLOAT(T, SUFFIX)                                                                  \
  BINARY_LOOP(tanh_backward_##SUFFIX, T, T, a * (1 - b * b))                                       \
  BINARY_LOOP(sigmoid_backward_##SUFFIX, T, T, a * b * (1 - b))                                    \
  BINARY_LOOP(threshold_backward_##SUFFIX, T, T, b <= 0 ? 0 : a)
BACKWARD_FLOAT(float, f32)
BACKWARD_FLOAT(double, f64)
/* sin's derivative times the gradient: g cos(x), each product rounded from cos's rounded value,
   as cos then mul would give it. */
BINARY_LOOP(sin_backward_f32, float, float, a * cosf(b))
BINARY_LOOP(sin_backward_f64, double, double, a * cos(b))

static const st_loop_src *const binary_loops[ST_BK_COUNT][4] = {
  ALL4(add), NUM3(sub), ALL4(mul), FLOAT2(div), NUM3(pow), ALL4(maximum), ALL4(minimum),
  FLOAT2(atan2), NUM3(fmod), NUM3(remainder), ALL4(eq), ALL4(ne), ALL4(lt), ALL4(le), ALL4(gt), ALL4(ge), ALL4(logical_and),
  ALL4(logical_or), ALL4(where), FLOAT2(tanh_backward), FLOAT2(sigmoid_backward),
  FLOAT2(threshold_backward), FLOAT2(sin_backward),
};

const st_loop_src *st__binary_loop_src(st_binary_kind k, st_dtype dt) {
  if ((unsigned)k >= ST_BK_COUNT || (unsigned)dt > ST_BOOL) return NULL;
  return binary_loops[k][dt];
}

st_loop_fn st__binary_loop(st_binary_kind k, st_dtype dt) {
  const st_loop_src *s = st__binary_loop_src(k, dt);
  return s ? s->fn : NULL;
}
