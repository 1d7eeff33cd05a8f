/* gemm_avx512.c — AVX-512 micro-kernels for the packed GEMM in gemm.c: a 12x32 f32 and a 12x16
   f64 tile of C held in 24 zmm accumulators (the shape of BLIS's skx kernels, 32x12 column-major
   there). Every element of C takes the same FMA chain in the same order as in the AVX2 kernels
   (one accumulator lane per element, p ascending), so the results are theirs bit for bit; what
   changes is the width: twice the multiply-adds per instruction, which CPUs with full-width
   512-bit FMA units (Zen 5, Intel's server cores) run at the same rate as 256-bit ones. The
   target attribute compiles them in any build; gemm.c calls them only after
   st__k_gemm_have_avx512() says the CPU has AVX-512F. */
#include "gemm.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX512 __attribute__((target("avx512f")))

bool st__k_gemm_have_avx512(void) { return __builtin_cpu_supports("avx512f"); }

/* 12 rows x 2 vectors: 24 accumulators, 2 B vectors and 1 broadcast A value of the 32 zmm
   registers, so the k loop runs from registers with 24 independent FMA chains (2 pipes of
   latency 4 need 8). */
#define ROW_FMA(i, set1, fmadd)                                                                    \
  do {                                                                                             \
    x = set1(a[i]);                                                                                \
    c##i##_0 = fmadd(x, b0, c##i##_0);                                                             \
    c##i##_1 = fmadd(x, b1, c##i##_1);                                                             \
  } while (0)

#define ROW_STORE(i, W, loadu, storeu, add)                                                        \
  do {                                                                                             \
    if (beta) {                                                                                    \
      c##i##_0 = add(loadu(c + (i)*rsc), c##i##_0);                                                \
      c##i##_1 = add(loadu(c + (i)*rsc + (W)), c##i##_1);                                          \
    }                                                                                              \
    storeu(c + (i)*rsc, c##i##_0);                                                                 \
    storeu(c + (i)*rsc + (W), c##i##_1);                                                           \
  } while (0)

#define ALL_ROWS(M, ...)                                                                           \
  M(0, __VA_ARGS__);                                                                               \
  M(1, __VA_ARGS__);                                                                               \
  M(2, __VA_ARGS__);                                                                               \
  M(3, __VA_ARGS__);                                                                               \
  M(4, __VA_ARGS__);                                                                               \
  M(5, __VA_ARGS__);                                                                               \
  M(6, __VA_ARGS__);                                                                               \
  M(7, __VA_ARGS__);                                                                               \
  M(8, __VA_ARGS__);                                                                               \
  M(9, __VA_ARGS__);                                                                               \
  M(10, __VA_ARGS__);                                                                              \
  M(11, __VA_ARGS__)

/* The kernel of element type T, vector type V: c (row stride rsc, unit column stride) = the
   packed panels' product over kc, plus c with beta. */
#define DEFINE_UKR(NAME, T, V, NR, W, zero, load, set1, fmadd, loadu, storeu, add)                 \
  AVX512 void NAME(int64_t kc, const T *a, const T *b, T *c, int64_t rsc, int beta) {              \
    V c0_0 = zero(), c0_1 = c0_0, c1_0 = c0_0, c1_1 = c0_0, c2_0 = c0_0, c2_1 = c0_0;              \
    V c3_0 = c0_0, c3_1 = c0_0, c4_0 = c0_0, c4_1 = c0_0, c5_0 = c0_0, c5_1 = c0_0;                \
    V c6_0 = c0_0, c6_1 = c0_0, c7_0 = c0_0, c7_1 = c0_0, c8_0 = c0_0, c8_1 = c0_0;                \
    V c9_0 = c0_0, c9_1 = c0_0, c10_0 = c0_0, c10_1 = c0_0, c11_0 = c0_0, c11_1 = c0_0, x;         \
    for (int i = 0; i < ST_GEMM512_MR; i++)                                                        \
      _mm_prefetch((const char *)(c + i * rsc), _MM_HINT_T0);                                      \
    _Pragma("GCC unroll 4") for (int64_t p = 0; p < kc; p++) {                                     \
      V b0 = load(b), b1 = load(b + (W));                                                          \
      ALL_ROWS(ROW_FMA, set1, fmadd);                                                              \
      a += ST_GEMM512_MR;                                                                          \
      b += (NR);                                                                                   \
    }                                                                                              \
    ALL_ROWS(ROW_STORE, W, loadu, storeu, add);                                                    \
  }

DEFINE_UKR(st__k_gemm_ukr_f32_avx512, float, __m512, ST_GEMM512_NR_F32, 16, _mm512_setzero_ps,
           _mm512_load_ps, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_loadu_ps, _mm512_storeu_ps,
           _mm512_add_ps)
DEFINE_UKR(st__k_gemm_ukr_f64_avx512, double, __m512d, ST_GEMM512_NR_F64, 8, _mm512_setzero_pd,
           _mm512_load_pd, _mm512_set1_pd, _mm512_fmadd_pd, _mm512_loadu_pd, _mm512_storeu_pd,
           _mm512_add_pd)

/* The same tile from operands in place (BLIS's "sup" kernels, for products where packing would
   cost more than the reuse it buys): A's element (i, p) at a[off[i] + p * acs], where off
   repeats the last row's offset past the tile's rows (so nothing past A is read; those rows'
   results are not stored), and B's row p at b + p * brs, read through the mask of its first nr
   columns (the lanes past them neither load nor fault). */
#define ROW_FMA_S(i, set1, fmadd)                                                                  \
  do {                                                                                             \
    x = set1(ap[off[i]]);                                                                          \
    c##i##_0 = fmadd(x, b0, c##i##_0);                                                             \
    c##i##_1 = fmadd(x, b1, c##i##_1);                                                             \
  } while (0)

#define ROW_FMA_AT(i, at, T, set1, fmadd)                                                          \
  do {                                                                                             \
    x = set1(*(const T *)(at));                                                                    \
    c##i##_0 = fmadd(x, b0, c##i##_0);                                                             \
    c##i##_1 = fmadd(x, b1, c##i##_1);                                                             \
  } while (0)

#define DEFINE_UKR_S(NAME, T, V, M, W, zero, maskz_loadu, set1, fmadd, loadu, storeu, add)         \
  AVX512 void NAME(int64_t kc, const T *a, const int64_t *off, int64_t acs, const T *b,            \
                   int64_t brs, int nr, T *c, int64_t rsc, int beta) {                             \
    V c0_0 = zero(), c0_1 = c0_0, c1_0 = c0_0, c1_1 = c0_0, c2_0 = c0_0, c2_1 = c0_0;              \
    V c3_0 = c0_0, c3_1 = c0_0, c4_0 = c0_0, c4_1 = c0_0, c5_0 = c0_0, c5_1 = c0_0;                \
    V c6_0 = c0_0, c6_1 = c0_0, c7_0 = c0_0, c7_1 = c0_0, c8_0 = c0_0, c8_1 = c0_0;                \
    V c9_0 = c0_0, c9_1 = c0_0, c10_0 = c0_0, c10_1 = c0_0, c11_0 = c0_0, c11_1 = c0_0, x;         \
    M m0 = (M)(nr >= (W) ? ~0u : (1u << nr) - 1);                                                  \
    M m1 = (M)(nr >= 2 * (W) ? ~0u : nr <= (W) ? 0u : (1u << (nr - (W))) - 1);                     \
    bool even = true; /* rows a fixed stride apart: four bases and the stride address them */      \
    for (int i = 2; i < ST_GEMM512_MR; i++) even = even && off[i] == i * off[1];                   \
    if (even && off[0] == 0) {                                                                     \
      int64_t R = off[1] * (int64_t)sizeof(T), step = acs * (int64_t)sizeof(T);                    \
      const char *a0 = (const char *)a, *a1 = a0 + R, *a3 = a0 + 3 * R, *a6 = a0 + 6 * R;          \
      for (int64_t p = 0; p < kc; p++) {                                                           \
        const T *bp = b + p * brs;                                                                 \
        V b0 = maskz_loadu(m0, bp), b1 = maskz_loadu(m1, bp + (W));                                \
        ROW_FMA_AT(0, a0, T, set1, fmadd);                                                         \
        ROW_FMA_AT(1, a1, T, set1, fmadd);                                                         \
        ROW_FMA_AT(2, a0 + 2 * R, T, set1, fmadd);                                                 \
        ROW_FMA_AT(3, a3, T, set1, fmadd);                                                         \
        ROW_FMA_AT(4, a0 + 4 * R, T, set1, fmadd);                                                 \
        ROW_FMA_AT(5, a3 + 2 * R, T, set1, fmadd);                                                 \
        ROW_FMA_AT(6, a6, T, set1, fmadd);                                                         \
        ROW_FMA_AT(7, a3 + 4 * R, T, set1, fmadd);                                                 \
        ROW_FMA_AT(8, a0 + 8 * R, T, set1, fmadd);                                                 \
        ROW_FMA_AT(9, a1 + 8 * R, T, set1, fmadd);                                                 \
        ROW_FMA_AT(10, a6 + 4 * R, T, set1, fmadd);                                                \
        ROW_FMA_AT(11, a3 + 8 * R, T, set1, fmadd);                                                \
        a0 += step, a1 += step, a3 += step, a6 += step;                                            \
      }                                                                                            \
    } else {                                                                                       \
      for (int64_t p = 0; p < kc; p++) {                                                           \
        const T *ap = a + p * acs, *bp = b + p * brs;                                              \
        V b0 = maskz_loadu(m0, bp), b1 = maskz_loadu(m1, bp + (W));                                \
        ALL_ROWS(ROW_FMA_S, set1, fmadd);                                                          \
      }                                                                                            \
    }                                                                                              \
    ALL_ROWS(ROW_STORE, W, loadu, storeu, add);                                                    \
  }

DEFINE_UKR_S(st__k_gemm_ukr_f32_avx512_s, float, __m512, __mmask16, 16, _mm512_setzero_ps,
             _mm512_maskz_loadu_ps, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_loadu_ps,
             _mm512_storeu_ps, _mm512_add_ps)
DEFINE_UKR_S(st__k_gemm_ukr_f64_avx512_s, double, __m512d, __mmask8, 8, _mm512_setzero_pd,
             _mm512_maskz_loadu_pd, _mm512_set1_pd, _mm512_fmadd_pd, _mm512_loadu_pd,
             _mm512_storeu_pd, _mm512_add_pd)

/* ------------------------------------------------------------- packing through transposes */

/* 16 rows of 16 floats (v[i]: row i) into 16 columns (v[j]: column j): pairs of rows
   interleaved (unpack ps), then quadruples (unpack pd: lane L of v[4g + q] is column 4L + q of
   rows 4g..4g+3), then 128-bit lanes gathered across the quadruples (two shuffle_f32x4 steps). */
static AVX512 void transpose16(__m512 *v) {
  __m512 t[16], u[16];
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(v[i], v[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(v[i], v[i + 1]);
  }
  for (int g = 0; g < 16; g += 4)
    for (int h = 0; h < 2; h++) {
      __m512d a = _mm512_castps_pd(t[g + h]), b = _mm512_castps_pd(t[g + h + 2]);
      u[g + 2 * h] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, b));
      u[g + 2 * h + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, b));
    }
  for (int q = 0; q < 4; q++) {
    __m512 w0 = _mm512_shuffle_f32x4(u[q], u[4 + q], 0x88),
           w1 = _mm512_shuffle_f32x4(u[q], u[4 + q], 0xdd);
    __m512 x0 = _mm512_shuffle_f32x4(u[8 + q], u[12 + q], 0x88);
    __m512 x1 = _mm512_shuffle_f32x4(u[8 + q], u[12 + q], 0xdd);
    v[q] = _mm512_shuffle_f32x4(w0, x0, 0x88);
    v[8 + q] = _mm512_shuffle_f32x4(w0, x0, 0xdd);
    v[4 + q] = _mm512_shuffle_f32x4(w1, x1, 0x88);
    v[12 + q] = _mm512_shuffle_f32x4(w1, x1, 0xdd);
  }
}

/* 8 rows of 8 doubles into 8 columns: pairs interleaved, then 128-bit lanes gathered twice. */
static AVX512 void transpose8(__m512d *v) {
  __m512d t[8], u[8];
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm512_unpacklo_pd(v[i], v[i + 1]); /* columns 0 2 4 6 of rows i, i + 1 */
    t[i + 1] = _mm512_unpackhi_pd(v[i], v[i + 1]);
  }
  for (int g = 0; g < 8; g += 4)
    for (int h = 0; h < 2; h++) {
      u[g + 2 * h] = _mm512_shuffle_f64x2(t[g + h], t[g + h + 2], 0x88);
      u[g + 2 * h + 1] = _mm512_shuffle_f64x2(t[g + h], t[g + h + 2], 0xdd);
    }
  /* u[g + 2h + e]: columns h + 2e (lanes 0 and 2 of its halves) and h + 2e + 4 of rows g..g+3 */
  for (int h = 0; h < 2; h++)
    for (int e = 0; e < 2; e++) {
      v[h + 2 * e] = _mm512_shuffle_f64x2(u[2 * h + e], u[4 + 2 * h + e], 0x88);
      v[h + 2 * e + 4] = _mm512_shuffle_f64x2(u[2 * h + e], u[4 + 2 * h + e], 0xdd);
    }
}

/* gemm.c's pack for rows of unit stride: dst[p * r + i] = src[i * rs + p] for i < rows,
   p < cols, zeros for rows..r-1; whole W x W blocks through register transposes (the copy is
   the same values), the rest element by element. */
#define DEFINE_PACK_T(NAME, T, V, W, loadu, storeu, transpose)                                     \
  AVX512 void NAME(int64_t rows, int64_t cols, const T *src, int64_t rs, int r, T *dst) {          \
    int64_t i0 = 0, fullp = cols / (W) * (W);                                                      \
    for (; i0 + (W) <= rows; i0 += (W))                                                            \
      for (int64_t p0 = 0; p0 < fullp; p0 += (W)) {                                                \
        V v[W];                                                                                    \
        for (int i = 0; i < (W); i++) v[i] = loadu(src + (i0 + i) * rs + p0);                      \
        transpose(v);                                                                              \
        for (int j = 0; j < (W); j++) storeu(dst + (p0 + j) * r + i0, v[j]);                       \
      }                                                                                            \
    for (int64_t i = 0; i < rows; i++)                                                             \
      for (int64_t p = i < i0 ? fullp : 0; p < cols; p++) dst[p * r + i] = src[i * rs + p];        \
    for (int64_t p = 0; p < cols; p++)                                                             \
      for (int64_t i = rows; i < r; i++) dst[p * r + i] = 0;                                       \
  }

DEFINE_PACK_T(st__k_gemm_pack_t_f32_avx512, float, __m512, 16, _mm512_loadu_ps, _mm512_storeu_ps,
              transpose16)
DEFINE_PACK_T(st__k_gemm_pack_t_f64_avx512, double, __m512d, 8, _mm512_loadu_pd, _mm512_storeu_pd,
              transpose8)

#else

bool st__k_gemm_have_avx512(void) { return false; }

#endif
