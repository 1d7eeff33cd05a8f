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
                   const float *B, int64_t rsb, int64_t csb, float beta, float *C, int64_t rsc, int64_t csc);
int st__k_gemm_f64(int64_t m, int64_t n, int64_t k, const double *A, int64_t rsa, int64_t csa,
                   const double *B, int64_t rsb, int64_t csb, double beta, double *C, int64_t rsc, int64_t csc);

#endif
