/* elementwise.h — the typed inner loops of the elementwise ops (unary.c, binary.c), looked up by
   kind and dtype and run by st__ew_run (iter.h). */
#ifndef STRATA_ELEMENTWISE_H
#define STRATA_ELEMENTWISE_H

#include <math.h>

#include "iter.h"

/* Binary kinds: both inputs share the dtype; the output has it too, except comparisons and
   logical ops (bool out). where reads (bool cond, a, b) and writes a's dtype. */
#define ST_BINARY_KINDS(X)                                                                         \
  X(add) X(sub) X(mul) X(div) X(pow) X(maximum) X(minimum) X(atan2) X(fmod) X(remainder) X(eq)    \
  X(ne) X(lt) X(le) X(gt) X(ge) X(logical_and) X(logical_or) X(where) X(tanh_backward)             \
  X(sigmoid_backward) X(threshold_backward) X(sin_backward)

/* Unary kinds: one per row of src/ops/unary.def, then the loops with parameters (ctx) that
   clamp and pow_scalar run. Out and in share the dtype, except for the LOGICAL rows (any dtype
   in, bool out). */
typedef enum {
#define UNARY(name, ...) ST_UK_##name,
#define X(name)
#include "../ops/unary.def"
#undef X
#undef UNARY
  ST_UK_clamp,
  ST_UK_pow_scalar,
  ST_UK_COUNT
} st_unary_kind;

typedef enum {
#define ST__KIND(name) ST_BK_##name,
  ST_BINARY_KINDS(ST__KIND)
#undef ST__KIND
  ST_BK_COUNT
} st_binary_kind;

/* The loop of kind k for dtype dt, or NULL when the kind does not exist for dt (the op's infer
   rejects or promotes such dtypes first). */
st_loop_fn st__unary_loop(st_unary_kind k, st_dtype dt);
st_loop_fn st__binary_loop(st_binary_kind k, st_dtype dt);

/* A loop's C source, for the C backend (src/compile/cgen.c): y = expr at each element, the
   inputs named x (unary) or a, b (binary) of C type ti, the result of C type to. expr is the
   loop's own expression, stringized after its macros are expanded, so generated code computes
   what the loop computes. Loops whose work is not one expression (where, clamp, pow_scalar)
   have none. */
typedef struct st_loop_src {
  st_loop_fn fn;
  int nin;
  const char *ti, *to, *expr;
} st_loop_src;
const st_loop_src *st__unary_loop_src(st_unary_kind k, st_dtype dt); /* NULL: none */
const st_loop_src *st__binary_loop_src(st_binary_kind k, st_dtype dt);
#define ST__STR(x) #x
#define ST__XSTR(x) ST__STR(x) /* x with its macros expanded, as a string */

/* ctx of ST_UK_clamp: bounds as doubles for f32/f64 and, saturated, as integers for i64. A
   missing bound is -inf/+inf (INT64_MIN/INT64_MAX). */
typedef struct st_clamp_params {
  double lo, hi;
  int64_t ilo, ihi;
} st_clamp_params;

/* ctx of ST_UK_pow_scalar: the exponent, and for i64 the same as a non-negative integer. */
typedef struct st_pow_params {
  double e;
  int64_t ie;
} st_pow_params;

/* Vector math: GCC vectorizes a loop that calls expf only when the declaration says a SIMD
   variant exists, which glibc's math.h does only under -ffast-math. These declarations name
   glibc's libmvec variants (_ZGVdN8v_expf, ...; glibc 2.35 has all of these on x86_64, within
   4 ulp, with IEEE special values) without fast-math's other effects. They take effect in files
   compiled with -fno-math-errno (kernels.cmake), where the calls have no side effect. */
/* (type, name, parameters) of each declaration; the C backend (src/compile/cgen.c) writes the
   same declarations into the code it generates. */
/* clang-format off */
#define ST__SIMD_MATH(X)                                                                           \
  X(float, expf, (float)) X(float, expm1f, (float)) X(float, logf, (float))                        \
  X(float, log1pf, (float)) X(float, sinf, (float)) X(float, cosf, (float))                        \
  X(float, tanf, (float)) X(float, tanhf, (float)) X(float, asinf, (float))                        \
  X(float, acosf, (float)) X(float, atanf, (float)) X(float, sinhf, (float))                       \
  X(float, coshf, (float)) X(float, asinhf, (float)) X(float, acoshf, (float))                     \
  X(float, atanhf, (float)) X(float, erff, (float)) X(float, powf, (float, float))                 \
  X(float, atan2f, (float, float)) X(double, exp, (double)) X(double, expm1, (double))             \
  X(double, log, (double)) X(double, log1p, (double)) X(double, sin, (double))                     \
  X(double, cos, (double)) X(double, tan, (double)) X(double, tanh, (double))                      \
  X(double, asin, (double)) X(double, acos, (double)) X(double, atan, (double))                    \
  X(double, sinh, (double)) X(double, cosh, (double)) X(double, asinh, (double))                   \
  X(double, acosh, (double)) X(double, atanh, (double)) X(double, erf, (double))                   \
  X(double, pow, (double, double)) X(double, atan2, (double, double))
/* clang-format on */
/* tanh of a float for the kernels (tanhf.c): correctly rounded, from exp in double, about twice
   as fast as glibc's tanhf (fdlibm's, through expm1f: 30 ns a call, of a one-element tensor's
   whole op) on its own; with libmvec, its vector variants are libmvec's tanhf, so a vectorized
   loop's lanes compute what they did and only a loop's scalar elements (a short run, a tail)
   take this one. The C backend writes it as tanhf. */
float st__tanhf(float x);

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
#if __GLIBC_PREREQ(2, 35)
#define ST__SIMD __attribute__((simd("notinbranch")))
#define ST__DECLARE_SIMD(T, name, args) ST__SIMD T name args;
ST__SIMD_MATH(ST__DECLARE_SIMD)
ST__SIMD float st__tanhf(float x);
#undef ST__DECLARE_SIMD
#undef ST__SIMD
#endif
#endif

#endif
