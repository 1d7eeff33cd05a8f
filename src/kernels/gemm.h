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

/* The same with BLAS bypassed (for tests and benchmarks of the built-in GEMM); `portable`
   also bypasses the AVX2 micro-kernels for the plain C ones. */
int st__k_gemm_builtin_f32(bool portable, int64_t m, int64_t n, int64_t k, const float *A,
                           int64_t rsa, int64_t csa, const float *B, int64_t rsb, int64_t csb,
                           float beta, float *C, int64_t rsc, int64_t csc);
int st__k_gemm_builtin_f64(bool portable, int64_t m, int64_t n, int64_t k, const double *A,
                           int64_t rsa, int64_t csa, const double *B, int64_t rsb, int64_t csb,
                           double beta, double *C, int64_t rsc, int64_t csc);

/* Integer GEMM with the same layout rules, in plain loops (wrapping on overflow, as PyTorch's
   integer matmul does). Never fails. */
void st__k_gemm_i64(int64_t m, int64_t n, int64_t k, const int64_t *A, int64_t rsa, int64_t csa,
                    const int64_t *B, int64_t rsb, int64_t csb, int64_t beta, int64_t *C,
                    int64_t rsc, int64_t csc);

/* ------------------------------------------------------------ micro-kernels (gemm_avx2.c) */

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

#endif
