/* tanhf.c — st__tanhf (elementwise.h): tanh of a float, correctly rounded, for the kernels'
   scalar elements, and its SIMD variants, which forward to libmvec's tanhf.

   In double: e / (e + 2) with e = expm1(2|x|) below |x| = 2^-5, (e - 1) / (e + 1) with
   e = exp(2|x|) above (the cancellation in e - 1 costs a relative 2^-53 / (2|x|): up to 1e-13
   near 2^-12, enough to misround 12 floats there; glibc's expm1 takes twice exp's time, so only
   where that matters), x - x^3 / 3 below 2^-12 (exact to double precision); past |x| = 20 tanh
   rounds to +-1 in float (and e would overflow the formula's range). Against
   (float)tanhl((long double)x) on every positive float below 20: 0 ulp (glibc's tanhf: up to
   2). Signed zeros, infinities and NaN come through as tanh's. */
#include <math.h>

/* Not elementwise.h: a definition under its SIMD declaration would make GCC clone st__tanhf into
   vector variants of its own, where these forward to libmvec's (and the file stays out of
   link-time optimization, kernels.cmake, so no clone is made there either). */
float st__tanhf(float xf);

float st__tanhf(float xf) {
  double a = fabs((double)xf), t;
  if (a < 0x1p-12)
    t = a - a * a * a / 3;
  else if (a < 0x1p-5) {
    double e = expm1(2 * a);
    t = e / (e + 2);
  } else if (a < 20) {
    double e = exp(2 * a);
    t = (e - 1) / (e + 1);
  } else {
    t = a == a ? 1 : a; /* +-inf: +-1; NaN stays */
  }
  return (float)copysign(t, (double)xf);
}

/* The vector variants GCC calls for st__tanhf in vectorized loops (x86-64's vector function ABI:
   SSE, AVX, AVX2 and AVX-512 widths), declared where elementwise.h declares the SIMD math:
   libmvec's tanhf, lane for lane what the loops computed before st__tanhf. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
#if __GLIBC_PREREQ(2, 35)
#include <immintrin.h>

#define FORWARD(isa, V, tgt)                                                                       \
  V isa##_tanhf(V);                                                                                \
  __attribute__((target(tgt))) V isa##_st__tanhf(V x) { return isa##_tanhf(x); }
FORWARD(_ZGVbN4v, __m128, "sse2")
FORWARD(_ZGVcN8v, __m256, "avx")
FORWARD(_ZGVdN8v, __m256, "avx2")
FORWARD(_ZGVeN16v, __m512, "avx512f")
#endif
#endif
