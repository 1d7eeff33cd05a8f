/* gemm.h — general matrix multiply on strided operands: the kernel behind matmul, linear,
   conv2d and every batching rule that folds into one GEMM. */
#ifndef STRATA_KERNELS_GEMM_H
#define STRATA_KERNELS_GEMM_H

#include "kernels.h"

/* C = A @ B + beta * C, where A is m x k with element (i, p) at A[i*rsa + p*csa], B is k x n
   with (p, j) at B[p*rsb + j*csb], and C is m x n with (i, j) at C[i*rsc + j*csc]. Strides are
   in elements, any sign-free layout (transposed operands need no copy). beta is 0 or 1; with
   beta 0, C is overwritten (never read, so it may hold garbage or NaN). Returns 0, or ST_ERR_OOM
   when a packing buffer cannot be allocated (C is then unchanged). Threads internally. */
int st__k_gemm_f32(int64_t m, int64_t n, int64_t k, const float *A, int64_t rsa, int64_t csa,
                   const float *B, int64_t rsb, int64_t csb, float beta, float *C, int64_t rsc,
                   int64_t csc);
int st__k_gemm_f64(int64_t m, int64_t n, int64_t k, const double *A, int64_t rsa, int64_t csa,
                   const double *B, int64_t rsb, int64_t csb, double beta, double *C, int64_t rsc,
                   int64_t csc);

/* Which micro-kernels the built-in GEMM may take: the widest the CPU has (AVX-512, else AVX2),
   AVX2 at most, or the plain C ones. */
typedef enum { ST_GEMM_WIDEST, ST_GEMM_AVX2, ST_GEMM_PORTABLE } st_gemm_isa;

/* The same with BLAS bypassed (for tests and benchmarks of the built-in GEMM), on the
   micro-kernels isa allows. */
int st__k_gemm_builtin_f32(st_gemm_isa isa, int64_t m, int64_t n, int64_t k, const float *A,
                           int64_t rsa, int64_t csa, const float *B, int64_t rsb, int64_t csb,
                           float beta, float *C, int64_t rsc, int64_t csc);
int st__k_gemm_builtin_f64(st_gemm_isa isa, int64_t m, int64_t n, int64_t k, const double *A,
                           int64_t rsa, int64_t csa, const double *B, int64_t rsb, int64_t csb,
                           double beta, double *C, int64_t rsc, int64_t csc);

/* Integer GEMM with the same layout rules, in plain loops (wrapping on overflow, as PyTorch's
   integer matmul does). Never fails. */
void st__k_gemm_i64(int64_t m, int64_t n, int64_t k, const int64_t *A, int64_t rsa, int64_t csa,
                    const int64_t *B, int64_t rsb, int64_t csb, int64_t beta, int64_t *C,
                    int64_t rsc, int64_t csc);

/* ---------------------------------------- micro-kernels (gemm_avx2.c, gemm_avx512.c) */

/* The register tile: ST_GEMM_MR rows by ST_GEMM_NR_* columns of C per micro-kernel call. */
#define ST_GEMM_MR 6
#define ST_GEMM_NR_F32 16
#define ST_GEMM_NR_F64 8

/* c (row stride rsc, unit column stride) = sum over p < kc of a[p*MR + i] * b[p*NR + j], plus
   c when beta is set. a and b are packed panels; b is 32-byte aligned. Only callable when the
   CPU has AVX2 and FMA (st__k_gemm_have_avx2). */
void st__k_gemm_ukr_f32_avx2(int64_t kc, const float *a, const float *b, float *c, int64_t rsc,
                             int beta);
void st__k_gemm_ukr_f64_avx2(int64_t kc, const double *a, const double *b, double *c, int64_t rsc,
                             int beta);
bool st__k_gemm_have_avx2(void);
/* The 6-row tile from operands in place, as the AVX-512 _s kernels below (ST_GEMM_MR offsets). */
void st__k_gemm_ukr_f32_avx2_s(int64_t kc, const float *a, const int64_t *off, int64_t acs,
                               const float *b, int64_t brs, int nr, float *c, int64_t rsc,
                               int beta);
void st__k_gemm_ukr_f64_avx2_s(int64_t kc, const double *a, const int64_t *off, int64_t acs,
                               const double *b, int64_t brs, int nr, double *c, int64_t rsc,
                               int beta);

/* The AVX-512 tile: ST_GEMM512_MR rows by ST_GEMM512_NR_* columns; b is 64-byte aligned. Only
   callable when the CPU has AVX-512F (st__k_gemm_have_avx512). */
#define ST_GEMM512_MR 12
#define ST_GEMM512_NR_F32 32
#define ST_GEMM512_NR_F64 16
void st__k_gemm_ukr_f32_avx512(int64_t kc, const float *a, const float *b, float *c, int64_t rsc,
                               int beta);
void st__k_gemm_ukr_f64_avx512(int64_t kc, const double *a, const double *b, double *c,
                               int64_t rsc, int beta);
/* The same tile from operands in place: A's (i, p) at a[off[i] + p * acs] (off: ST_GEMM512_MR
   offsets), B's row p at b + p * brs with unit column stride, only its first nr columns read;
   c as above (every tile column is stored: a caller with nr < NR stores into a tile). */
void st__k_gemm_ukr_f32_avx512_s(int64_t kc, const float *a, const int64_t *off, int64_t acs,
                                 const float *b, int64_t brs, int nr, float *c, int64_t rsc,
                                 int beta);
void st__k_gemm_ukr_f64_avx512_s(int64_t kc, const double *a, const int64_t *off, int64_t acs,
                                 const double *b, int64_t brs, int nr, double *c, int64_t rsc,
                                 int beta);
/* gemm.c's panel packing for a block whose rows have unit stride: dst[p * r + i] =
   src[i * rs + p] (i < rows <= r, p < cols), zeros for rows rows..r-1. */
void st__k_gemm_pack_t_f32_avx512(int64_t rows, int64_t cols, const float *src, int64_t rs, int r,
                                  float *dst);
void st__k_gemm_pack_t_f64_avx512(int64_t rows, int64_t cols, const double *src, int64_t rs,
                                  int r, double *dst);
bool st__k_gemm_have_avx512(void);

/* The largest register tile of any micro-kernel, in bytes. */
#define ST_GEMM_TILE_BYTES (ST_GEMM512_MR * ST_GEMM512_NR_F32 * 4)

#endif
