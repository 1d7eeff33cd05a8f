/* linalg_backend.c — which implementation runs each dense factorization: LAPACK (reference
   LAPACK or OpenBLAS's, found by CMake: STRATA_HAVE_LAPACK) for matrices of at least
   the orders below, the built-in kernels (linalg_dense.c) under them, where LAPACK's call
   overhead and the layout copies cost more than they save; st__linalg_force_builtin and
   st__linalg_force_lapack override the choice (the tests run both). Buffers are row-major; LAPACK is column-major, so a row-major
   buffer is the transpose to it: each call below says how it uses that. Both paths give the
   same factors up to rounding (same pivoting, Householder and sign conventions). */
#include "linalg_dense.h"

#include <math.h>
#include <string.h>

#include "../core/core.h"

static _Thread_local bool force_builtin, force_lapack;

bool st__linalg_force_builtin(bool on) {
  bool prev = force_builtin;
  force_builtin = on;
  return prev;
}

bool st__linalg_force_lapack(bool on) {
  bool prev = force_lapack;
  force_lapack = on;
  return prev;
}

#ifdef STRATA_HAVE_LAPACK
/* The orders from which LAPACK is used. Measured (x86-64, f64, one matrix): Jacobi eigh and SVD
   lose to syevd/gesdd from n = 16 (39 vs 19 us eigh, 86 vs 58 us svd; 62 vs 6 ms at 128). LU
   and Cholesky: the built-in loops beat reference LAPACK (on reference BLAS) up to n = 512
   (solve 18 vs 37 ms, inv 53 vs 236 ms at 512), so with it they stay built in below 1024; an
   optimized LAPACK (OpenBLAS) takes over from 32. */
#define LAPACK_MIN_DECOMP 16
#ifdef STRATA_LAPACK_OPTIMIZED
#define LAPACK_MIN_FACTOR 32
#else
#define LAPACK_MIN_FACTOR 1024
#endif
/* QR (and lstsq through it) follows LU's orders, not eigh's: on reference LAPACK the built-in
   Householder loops win at every size bench/linalg.c measures (0.11 vs 0.18 ms at n = 64, 70 vs
   240 ms at 512, geqrf + orgqr with the transposing copies). */
#define LAPACK_MIN_QR LAPACK_MIN_FACTOR
bool st__linalg_have_lapack(void) { return true; }
static bool use_lapack_from(int64_t n, int64_t from) {
  if (force_builtin || n < 1 || n >= (1 << 30)) return false;
  return force_lapack || n >= from;
}
static bool use_lapack(int64_t n) { return use_lapack_from(n, LAPACK_MIN_FACTOR); }
static bool use_lapack_decomp(int64_t n) { return use_lapack_from(n, LAPACK_MIN_DECOMP); }
static bool use_lapack_qr(int64_t n) { return use_lapack_from(n, LAPACK_MIN_QR); }

/* The Fortran routines, declared here (LAPACK ships no C header we rely on): column-major,
   every argument by reference, 32-bit integers (the LP64 interface). */
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info);
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info);
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau, double *work,
             const int *lwork, int *info);
void dorgqr_(const int *m, const int *n, const int *k, double *a, const int *lda,
             const double *tau, double *work, const int *lwork, int *info);
void dsyevd_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda,
             double *w, double *work, const int *lwork, int *iwork, const int *liwork, int *info);
void dgesdd_(const char *jobz, const int *m, const int *n, double *a, const int *lda, double *s,
             double *u, const int *ldu, double *vt, const int *ldvt, double *work,
             const int *lwork, int *iwork, int *info);

static void transpose(const double *src, int64_t rows, int64_t cols, double *dst) {
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < cols; j++) dst[j * rows + i] = src[i * cols + j];
}

static void *alloc_bytes(size_t n) { return st__calloc(n ? n : 1, 1); }
static void free_bytes(void *p, size_t n) {
  if (p) st__free(p, n ? n : 1);
}
#else
bool st__linalg_have_lapack(void) { return false; }
static bool use_lapack(int64_t n) {
  (void)n;
  return false;
}
static bool use_lapack_decomp(int64_t n) { return use_lapack(n); }
#endif

/* Cholesky: the row-major lower triangle is LAPACK's upper one (A is symmetric), and the U it
   returns there is L^T: row-major L. */
int64_t st__la_cholesky(double *a, int64_t n) {
#ifdef STRATA_HAVE_LAPACK
  if (use_lapack(n)) {
    int ni = (int)n, info = 0;
    dpotrf_("U", &ni, a, &ni, &info);
    if (info > 0) return info;
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = i + 1; j < n; j++) a[i * n + j] = 0;
    return 0;
  }
#endif
  return st__k_cholesky(a, n);
}

/* LU: LAPACK factors A^T (the row-major buffer), which has A's determinant; the solve below
   then solves with the transpose of those factors. Pivots come back 0-based. */
int64_t st__la_lu(double *a, int64_t n, int64_t *piv) {
#ifdef STRATA_HAVE_LAPACK
  if (use_lapack(n)) {
    int ni = (int)n, info = 0;
    int *ipiv = (int *)piv; /* the ints in piv's own memory, widened from the last down */
    dgetrf_(&ni, &ni, a, &ni, ipiv, &info);
    for (int64_t i = n - 1; i >= 0; i--) piv[i] = (int64_t)ipiv[i] - 1;
    return info > 0 ? info : 0;
  }
#endif
  return st__k_lu(a, n, piv);
}

int st__la_lu_solve(const double *lu, const int64_t *piv, int64_t n, double *b, int64_t k) {
#ifdef STRATA_HAVE_LAPACK
  if (use_lapack(n) && k > 0 && k < (1 << 30)) {
    int ni = (int)n, ki = (int)k, info = 0;
    size_t bytes = sizeof(double) * (size_t)(n * k) + sizeof(int) * (size_t)n;
    double *bt = alloc_bytes(bytes);
    if (!bt) return ST_ERR_OOM;
    int *ipiv = (int *)(bt + n * k);
    for (int64_t i = 0; i < n; i++) ipiv[i] = (int)piv[i] + 1;
    transpose(b, n, k, bt);
    dgetrs_("T", &ni, &ki, lu, &ni, ipiv, bt, &ni, &info);
    transpose(bt, k, n, b);
    free_bytes(bt, bytes);
    return 0;
  }
#endif
  st__k_lu_solve(lu, piv, n, b, k);
  return 0;
}

void st__la_trsm(const double *a, int64_t n, double *b, int64_t k, bool upper, bool unit) {
  st__k_trsm(a, n, b, k, upper, unit);
}

/* QR: geqrf and orgqr on a column-major copy, q and r copied back row-major. */
int st__la_qr(double *a, int64_t m, int64_t n, double *q, double *r) {
#ifdef STRATA_HAVE_LAPACK
  int64_t kk = m < n ? m : n;
  if (use_lapack_qr(kk) && m < (1 << 30) && n < (1 << 30)) {
    int mi = (int)m, ni = (int)n, ki = (int)kk, info = 0, query = -1;
    double wq = 0;
    dgeqrf_(&mi, &ni, a, &mi, NULL, &wq, &query, &info);
    int lwork = (int)wq + n;
    double w2 = 0;
    dorgqr_(&mi, &ki, &ki, a, &mi, NULL, &w2, &query, &info);
    if ((int)w2 + n > lwork) lwork = (int)w2 + n;
    size_t bytes = sizeof(double) * (size_t)(m * n + kk + lwork);
    double *ca = alloc_bytes(bytes);
    if (!ca) return ST_ERR_OOM;
    double *tau = ca + m * n, *work = tau + kk;
    transpose(a, m, n, ca);
    dgeqrf_(&mi, &ni, ca, &mi, tau, work, &lwork, &info);
    for (int64_t i = 0; i < kk; i++) /* R: the upper triangle of the first kk rows */
      for (int64_t j = 0; j < n; j++) r[i * n + j] = j < i ? 0 : ca[j * m + i];
    dorgqr_(&mi, &ki, &ki, ca, &mi, tau, work, &lwork, &info);
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < kk; j++) q[i * kk + j] = ca[j * m + i];
    free_bytes(ca, bytes);
    return 0;
  }
#endif
  int64_t len = (m > n ? m : n) + 1;
  double *work = st__calloc((size_t)len, sizeof(double));
  if (!work) return ST_ERR_OOM;
  st__k_qr(a, m, n, q, r, work);
  st__free(work, sizeof(double) * (size_t)len);
  return 0;
}

#ifdef STRATA_HAVE_LAPACK
/* Column j of the rows x k row-major x signed so that its entry of largest magnitude is
   positive (the first such entry on a tie), column j of y (yrows x k) flipped along. */
static void sign_columns(double *x, int64_t rows, int64_t k, double *y, int64_t yrows) {
  for (int64_t j = 0; j < k; j++) {
    int64_t at = 0;
    for (int64_t i = 1; i < rows; i++)
      if (fabs(x[i * k + j]) > fabs(x[at * k + j])) at = i;
    if (rows == 0 || x[at * k + j] >= 0) continue;
    for (int64_t i = 0; i < rows; i++) x[i * k + j] = -x[i * k + j];
    for (int64_t i = 0; y && i < yrows; i++) y[i * k + j] = -y[i * k + j];
  }
}
#endif

/* eigh: syevd on the lower triangle (LAPACK's upper one); its column-major eigenvectors are
   transposed back, then signed as the built-in kernel signs them. */
int st__la_eigh(double *a, int64_t n, double *w, double *v) {
#ifdef STRATA_HAVE_LAPACK
  if (use_lapack_decomp(n)) {
    int ni = (int)n, info = 0, query = -1, iq = 0;
    double wq = 0;
    dsyevd_("V", "U", &ni, a, &ni, w, &wq, &query, &iq, &query, &info);
    int lwork = (int)wq + 1, liwork = iq + 1;
    size_t bytes = sizeof(double) * (size_t)lwork + sizeof(int) * (size_t)liwork;
    double *work = alloc_bytes(bytes);
    if (!work) return ST_ERR_OOM;
    dsyevd_("V", "U", &ni, a, &ni, w, work, &lwork, (int *)(work + lwork), &liwork, &info);
    free_bytes(work, bytes);
    transpose(a, n, n, v); /* a holds the eigenvectors as rows (column-major columns) */
    sign_columns(v, n, n, NULL, 0);
    return 0;
  }
#endif
  st__k_eigh(a, n, w, v);
  return 0;
}

/* Thin SVD of a tall m x n: gesdd on the column-major copy; u (m x n) and v (n x n) back
   row-major, signed by u's columns. */
int st__la_svd_tall(double *a, int64_t m, int64_t n, double *u, double *s, double *v) {
#ifdef STRATA_HAVE_LAPACK
  if (use_lapack_decomp(n) && m < (1 << 20)) {
    int mi = (int)m, ni = (int)n, info = 0, query = -1;
    double wq = 0;
    dgesdd_("S", &mi, &ni, a, &mi, s, u, &mi, v, &ni, &wq, &query, NULL, &info);
    int lwork = (int)wq + 1;
    size_t bytes = sizeof(double) * (size_t)(2 * m * n + n * n + lwork) + sizeof(int) * (size_t)(8 * n);
    double *ca = alloc_bytes(bytes);
    if (!ca) return ST_ERR_OOM;
    double *cu = ca + m * n, *cvt = cu + m * n, *work = cvt + n * n;
    transpose(a, m, n, ca);
    dgesdd_("S", &mi, &ni, ca, &mi, s, cu, &mi, cvt, &ni, work, &lwork, (int *)(work + lwork),
            &info);
    transpose(cu, n, m, u);   /* column-major m x n -> row-major */
    for (int64_t i = 0; i < n; i++) /* v = vt^T: row-major v[i][j] = vt[j][i] = cvt[i * n + j] */
      for (int64_t j = 0; j < n; j++) v[i * n + j] = cvt[i * n + j];
    sign_columns(u, m, n, v, n);
    free_bytes(ca, bytes);
    return 0;
  }
#endif
  st__k_svd_tall(a, m, n, u, s, v);
  return 0;
}
