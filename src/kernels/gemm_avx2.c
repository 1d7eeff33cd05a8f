/* gemm_avx2.c — AVX2+FMA micro-kernels for the packed GEMM in gemm.c: a 6x16 f32 and a 6x8 f64
   tile of C held in 12 ymm accumulators, the shape of BLIS's Haswell/Zen kernels. The target
   attribute compiles them for AVX2 even in a portable build; gemm.c calls them only after
   st__k_gemm_have_avx2() says the CPU has AVX2 and FMA. */
#include "gemm.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

bool st__k_gemm_have_avx2(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

/* 6 rows x 2 vectors: with the 2 B vectors and 1 broadcast A value, 15 of the 16 ymm registers,
   so the k loop runs from registers and the FMA pipes (2 on Zen 3, latency 4) stay busy with
   12 independent chains. */
#define ROW_FMA(i, set1, fmadd)                                                                    \
  do {                                                                                             \
    x = set1(a + (i));                                                                             \
    c##i##0 = fmadd(x, b0, c##i##0);                                                               \
    c##i##1 = fmadd(x, b1, c##i##1);                                                               \
  } while (0)

#define ROW_STORE(i, W, loadu, storeu, add)                                                        \
  do {                                                                                             \
    if (beta) {                                                                                    \
      c##i##0 = add(loadu(c + (i)*rsc), c##i##0);                                                  \
      c##i##1 = add(loadu(c + (i)*rsc + (W)), c##i##1);                                            \
    }                                                                                              \
    storeu(c + (i)*rsc, c##i##0);                                                                  \
    storeu(c + (i)*rsc + (W), c##i##1);                                                            \
  } while (0)

AVX2 void st__k_gemm_ukr_f32_avx2(int64_t kc, const float *a, const float *b, float *c, int64_t rsc,
                                  int beta) {
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00, x;
  for (int i = 0; i < ST_GEMM_MR; i++) _mm_prefetch((const char *)(c + i * rsc), _MM_HINT_T0);
#pragma GCC unroll 4
  for (int64_t p = 0; p < kc; p++) {
    __m256 b0 = _mm256_load_ps(b), b1 = _mm256_load_ps(b + 8);
    ROW_FMA(0, _mm256_broadcast_ss, _mm256_fmadd_ps);
    ROW_FMA(1, _mm256_broadcast_ss, _mm256_fmadd_ps);
    ROW_FMA(2, _mm256_broadcast_ss, _mm256_fmadd_ps);
    ROW_FMA(3, _mm256_broadcast_ss, _mm256_fmadd_ps);
    ROW_FMA(4, _mm256_broadcast_ss, _mm256_fmadd_ps);
    ROW_FMA(5, _mm256_broadcast_ss, _mm256_fmadd_ps);
    a += ST_GEMM_MR;
    b += ST_GEMM_NR_F32;
  }
  ROW_STORE(0, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_add_ps);
  ROW_STORE(1, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_add_ps);
  ROW_STORE(2, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_add_ps);
  ROW_STORE(3, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_add_ps);
  ROW_STORE(4, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_add_ps);
  ROW_STORE(5, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_add_ps);
}

AVX2 void st__k_gemm_ukr_f64_avx2(int64_t kc, const double *a, const double *b, double *c,
                                  int64_t rsc, int beta) {
  __m256d c00 = _mm256_setzero_pd(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m256d c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00, x;
  for (int i = 0; i < ST_GEMM_MR; i++) _mm_prefetch((const char *)(c + i * rsc), _MM_HINT_T0);
#pragma GCC unroll 4
  for (int64_t p = 0; p < kc; p++) {
    __m256d b0 = _mm256_load_pd(b), b1 = _mm256_load_pd(b + 4);
    ROW_FMA(0, _mm256_broadcast_sd, _mm256_fmadd_pd);
    ROW_FMA(1, _mm256_broadcast_sd, _mm256_fmadd_pd);
    ROW_FMA(2, _mm256_broadcast_sd, _mm256_fmadd_pd);
    ROW_FMA(3, _mm256_broadcast_sd, _mm256_fmadd_pd);
    ROW_FMA(4, _mm256_broadcast_sd, _mm256_fmadd_pd);
    ROW_FMA(5, _mm256_broadcast_sd, _mm256_fmadd_pd);
    a += ST_GEMM_MR;
    b += ST_GEMM_NR_F64;
  }
  ROW_STORE(0, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_add_pd);
  ROW_STORE(1, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_add_pd);
  ROW_STORE(2, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_add_pd);
  ROW_STORE(3, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_add_pd);
  ROW_STORE(4, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_add_pd);
  ROW_STORE(5, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_add_pd);
}

#else

bool st__k_gemm_have_avx2(void) { return false; }

#endif
