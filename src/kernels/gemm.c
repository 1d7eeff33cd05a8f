/* gemm.c — matrix multiply on strided operands (see gemm.h). Reference loops for now. */
#include "gemm.h"

#define GEMM_REF(T)                                                                                \
  for (int64_t i = 0; i < m; i++)                                                                  \
    for (int64_t j = 0; j < n; j++) {                                                              \
      T acc = 0;                                                                                   \
      for (int64_t p = 0; p < k; p++) acc += A[i * rsa + p * csa] * B[p * rsb + j * csb];          \
      C[i * rsc + j * csc] = beta != 0 ? C[i * rsc + j * csc] + acc : acc;                         \
    }

int st__k_gemm_f32(int64_t m, int64_t n, int64_t k, const float *A, int64_t rsa, int64_t csa,
                   const float *B, int64_t rsb, int64_t csb, float beta, float *C, int64_t rsc, int64_t csc) {
  GEMM_REF(float)
  return 0;
}

int st__k_gemm_f64(int64_t m, int64_t n, int64_t k, const double *A, int64_t rsa, int64_t csa,
                   const double *B, int64_t rsb, int64_t csb, double beta, double *C, int64_t rsc, int64_t csc) {
  GEMM_REF(double)
  return 0;
}
