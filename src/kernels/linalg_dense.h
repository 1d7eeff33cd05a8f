/* linalg_dense.h — the built-in dense factorizations on one row-major double matrix at a time
   (contiguous, leading dimension = its column count). The ops (src/ops/linalg_dense.c,
   linalg_decomp.c) gather every batch element into such buffers, in double whatever the dtype,
   and call these; LAPACK (linalg_lapack.c) stands in for them when present. */
#ifndef STRATA_KERNELS_LINALG_DENSE_H
#define STRATA_KERNELS_LINALG_DENSE_H

#include <stdbool.h>
#include <stdint.h>

/* Cholesky: the lower triangle of a (n x n) becomes L with a = L L^T, the upper triangle zeros.
   Returns 0, or the order (1-based) of the first leading minor that is not positive-definite. */
int64_t st__k_cholesky(double *a, int64_t n);

/* LU with partial pivoting in place (LAPACK getrf's convention: row i was swapped with
   piv[i] >= i, applied in order). A zero pivot leaves its column and goes on. Returns 0, or the
   1-based index of the first zero diagonal element of U. */
int64_t st__k_lu(double *a, int64_t n, int64_t *piv);
/* Solves (LU) X = B for the n x k b in place, given st__k_lu's factors. */
void st__k_lu_solve(const double *lu, const int64_t *piv, int64_t n, double *b, int64_t k);

/* Solves A X = B in place for the n x k b, A triangular (upper or lower; unit: ones assumed on
   the diagonal, which is not read). A zero diagonal gives infinities and NaNs, as LAPACK trtrs
   would not: that is torch.linalg.solve_triangular's behaviour. */
void st__k_trsm(const double *a, int64_t n, double *b, int64_t k, bool upper, bool unit);

/* Householder QR of the m x n a (destroyed), LAPACK geqrf/orgqr's conventions: q is m x kk and
   r kk x n with kk = min(m, n). work holds m doubles. */
void st__k_qr(double *a, int64_t m, int64_t n, double *q, double *r, double *work);

/* Symmetric eigendecomposition by cyclic Jacobi of the n x n a (its lower triangle is read; a is
   destroyed): w ascending, v's columns the eigenvectors, each signed so that its entry of
   largest magnitude is positive. */
void st__k_eigh(double *a, int64_t n, double *w, double *v);

/* Thin SVD of the m x n a (destroyed), m >= n, by one-sided Jacobi: a = u diag(s) v^T with u
   m x n, s descending, v n x n. */
void st__k_svd_tall(double *a, int64_t m, int64_t n, double *u, double *s, double *v);

/* ---- the backend (linalg_backend.c): each factorization through LAPACK when it is linked and
   the matrix is large enough to gain from it, else the built-in kernel above; same layouts and
   results (up to rounding). */

/* Makes every linalg op use the built-in kernels even where LAPACK is linked (so the tests run
   both paths in one binary); per thread. Returns the previous setting. */
bool st__linalg_force_builtin(bool on);
/* Makes them use LAPACK at every size where it is linked (force_builtin wins); per thread. */
bool st__linalg_force_lapack(bool on);
/* Whether LAPACK routines are linked into this build. */
bool st__linalg_have_lapack(void);

int64_t st__la_cholesky(double *a, int64_t n);
int64_t st__la_lu(double *a, int64_t n, int64_t *piv);
int st__la_lu_solve(const double *lu, const int64_t *piv, int64_t n, double *b, int64_t k); /* 0 or OOM */
void st__la_trsm(const double *a, int64_t n, double *b, int64_t k, bool upper, bool unit);
int st__la_qr(double *a, int64_t m, int64_t n, double *q, double *r);
int st__la_eigh(double *a, int64_t n, double *w, double *v);
int st__la_svd_tall(double *a, int64_t m, int64_t n, double *u, double *s, double *v);

#endif
