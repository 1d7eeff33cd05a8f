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
  X(sigmoid_backward) X(threshold_backward)

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
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
#if __GLIBC_PREREQ(2, 35)
#define ST__SIMD __attribute__((simd("notinbranch")))
ST__SIMD float expf(float);
ST__SIMD float expm1f(float);
ST__SIMD float logf(float);
ST__SIMD float log1pf(float);
ST__SIMD float sinf(float);
ST__SIMD float cosf(float);
ST__SIMD float tanf(float);
ST__SIMD float tanhf(float);
ST__SIMD float asinf(float);
ST__SIMD float acosf(float);
ST__SIMD float atanf(float);
ST__SIMD float sinhf(float);
ST__SIMD float coshf(float);
ST__SIMD float asinhf(float);
ST__SIMD float acoshf(float);
ST__SIMD float atanhf(float);
ST__SIMD float erff(float);
ST__SIMD float powf(float, float);
ST__SIMD float atan2f(float, float);
ST__SIMD double exp(double);
ST__SIMD double expm1(double);
ST__SIMD double log(double);
ST__SIMD double log1p(double);
ST__SIMD double sin(double);
ST__SIMD double cos(double);
ST__SIMD double tan(double);
ST__SIMD double tanh(double);
ST__SIMD double asin(double);
ST__SIMD double acos(double);
ST__SIMD double atan(double);
ST__SIMD double sinh(double);
ST__SIMD double cosh(double);
ST__SIMD double asinh(double);
ST__SIMD double acosh(double);
ST__SIMD double atanh(double);
ST__SIMD double erf(double);
ST__SIMD double pow(double, double);
ST__SIMD double atan2(double, double);
#undef ST__SIMD
#endif
#endif

#endif
