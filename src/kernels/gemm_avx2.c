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

/* The same tile from operands in place (gemm.h's _s contract, as the AVX-512 kernels): A's
   (i, p) at a[off[i] + p * acs], B's row p at b + p * brs, of which the first nr columns are
   read (a masked load for a narrower panel: the lanes past nr neither load nor fault). Every
   element takes the packed kernel's FMA chain, so the results are the same bits. On Zen 3 this
   skips packing A, a transposing copy that took a quarter of a [6000, 128] x [128, 128] product
   (perf) where A's 6 row streams serve the broadcasts as well as a panel does. */
#define ROW_FMA_S(i, set1, fmadd)                                                                  \
  do {                                                                                             \
    x = set1(ap + off[i]);                                                                         \
    c##i##0 = fmadd(x, b0, c##i##0);                                                               \
    c##i##1 = fmadd(x, b1, c##i##1);                                                               \
  } while (0)

#define ALL6(M, ...)                                                                               \
  M(0, __VA_ARGS__);                                                                               \
  M(1, __VA_ARGS__);                                                                               \
  M(2, __VA_ARGS__);                                                                               \
  M(3, __VA_ARGS__);                                                                               \
  M(4, __VA_ARGS__);                                                                               \
  M(5, __VA_ARGS__)

#define DEFINE_UKR_S(NAME, T, V, W, zero, set1, fmadd, loadu, maskload, storeu, add)               \
  AVX2 void NAME(int64_t kc, const T *a, const int64_t *off, int64_t acs, const T *b, int64_t brs, \
                 int nr, T *c, int64_t rsc, int beta) {                                            \
    V c00 = zero(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;                         \
    V c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00, x;                         \
    if (nr == 2 * (W)) {                                                                           \
      _Pragma("GCC unroll 4") for (int64_t p = 0; p < kc; p++) {                                   \
        const T *ap = a + p * acs, *bp = b + p * brs;                                              \
        V b0 = loadu(bp), b1 = loadu(bp + (W));                                                    \
        ALL6(ROW_FMA_S, set1, fmadd);                                                              \
      }                                                                                            \
    } else {                                                                                       \
      __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);                                    \
      int per = 8 / (W); /* 32-bit mask words per element */                                       \
      __m256i m0 = _mm256_cmpgt_epi32(_mm256_set1_epi32(nr * per), lane);                          \
      __m256i m1 = _mm256_cmpgt_epi32(_mm256_set1_epi32((nr - (W)) * per), lane);                  \
      for (int64_t p = 0; p < kc; p++) {                                                           \
        const T *ap = a + p * acs, *bp = b + p * brs;                                              \
        V b0 = maskload(bp, m0), b1 = maskload(bp + (W), m1);                                      \
        ALL6(ROW_FMA_S, set1, fmadd);                                                              \
      }                                                                                            \
    }                                                                                              \
    ALL6(ROW_STORE, W, loadu, storeu, add);                                                        \
  }

DEFINE_UKR_S(st__k_gemm_ukr_f32_avx2_s, float, __m256, 8, _mm256_setzero_ps, _mm256_broadcast_ss,
             _mm256_fmadd_ps, _mm256_loadu_ps, _mm256_maskload_ps, _mm256_storeu_ps, _mm256_add_ps)
DEFINE_UKR_S(st__k_gemm_ukr_f64_avx2_s, double, __m256d, 4, _mm256_setzero_pd, _mm256_broadcast_sd,
             _mm256_fmadd_pd, _mm256_loadu_pd, _mm256_maskload_pd, _mm256_storeu_pd, _mm256_add_pd)

#else

bool st__k_gemm_have_avx2(void) { return false; }

#endif
