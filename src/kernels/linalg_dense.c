/* linalg_dense.c — the built-in dense factorizations (Cholesky, LU with partial pivoting,
   triangular solves, Householder QR, Jacobi eigenvalues and SVD) on one row-major double matrix.
   Simple loops: they serve small matrices, where LAPACK's call overhead dominates, and builds
   without LAPACK. */
#include "linalg_dense.h"

#include <float.h>
#include <math.h>
#include <string.h>

int64_t st__k_cholesky(double *a, int64_t n) {
  for (int64_t j = 0; j < n; j++) {
    double *aj = a + j * n, d = aj[j];
    for (int64_t p = 0; p < j; p++) d -= aj[p] * aj[p];
    if (!(d > 0)) return j + 1; /* NaN too */
    d = sqrt(d);
    aj[j] = d;
    for (int64_t i = j + 1; i < n; i++) {
      double *ai = a + i * n, s = ai[j];
      for (int64_t p = 0; p < j; p++) s -= ai[p] * aj[p];
      ai[j] = s / d;
    }
  }
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = i + 1; j < n; j++) a[i * n + j] = 0;
  return 0;
}

int64_t st__k_lu(double *a, int64_t n, int64_t *piv) {
  int64_t info = 0;
  for (int64_t j = 0; j < n; j++) {
    int64_t p = j;
    double best = fabs(a[j * n + j]);
    for (int64_t i = j + 1; i < n; i++)
      if (fabs(a[i * n + j]) > best) best = fabs(a[(p = i) * n + j]);
    piv[j] = p;
    if (p != j)
      for (int64_t c = 0; c < n; c++) {
        double t = a[j * n + c];
        a[j * n + c] = a[p * n + c];
        a[p * n + c] = t;
      }
    double d = a[j * n + j];
    if (d == 0) {
      if (!info) info = j + 1;
      continue;
    }
    for (int64_t i = j + 1; i < n; i++) {
      double *ai = a + i * n, l = ai[j] / d;
      ai[j] = l;
      if (l == 0) continue;
      for (int64_t c = j + 1; c < n; c++) ai[c] -= l * a[j * n + c];
    }
  }
  return info;
}

void st__k_lu_solve(const double *lu, const int64_t *piv, int64_t n, double *b, int64_t k) {
  for (int64_t j = 0; j < n; j++)
    if (piv[j] != j)
      for (int64_t c = 0; c < k; c++) {
        double t = b[j * k + c];
        b[j * k + c] = b[piv[j] * k + c];
        b[piv[j] * k + c] = t;
      }
  st__k_trsm(lu, n, b, k, false, true);
  st__k_trsm(lu, n, b, k, true, false);
}

void st__k_trsm(const double *a, int64_t n, double *b, int64_t k, bool upper, bool unit) {
  for (int64_t t = 0; t < n; t++) {
    int64_t i = upper ? n - 1 - t : t;
    const double *ai = a + i * n;
    double *bi = b + i * k;
    int64_t lo = upper ? i + 1 : 0, hi = upper ? n : i;
    for (int64_t p = lo; p < hi; p++) {
      double l = ai[p];
      if (l == 0) continue;
      const double *bp = b + p * k;
      for (int64_t c = 0; c < k; c++) bi[c] -= l * bp[c];
    }
    if (!unit)
      for (int64_t c = 0; c < k; c++) bi[c] /= ai[i];
  }
}

/* LAPACK dlarfg: the reflector H = I - tau v v^T (v[0] = 1) with H x = beta e_1, beta of the
   opposite sign to x[0], and tau = 0 (H = I) when x[1..] is zero. x is read at stride s; on
   return x[0] = beta and x[1..] = v[1..]. */
static double reflector(double *x, int64_t len, int64_t s) {
  double norm = 0, alpha = x[0];
  for (int64_t i = 1; i < len; i++) norm = hypot(norm, x[i * s]);
  if (norm == 0) return 0;
  double beta = -copysign(hypot(alpha, norm), alpha), scale = 1 / (alpha - beta);
  for (int64_t i = 1; i < len; i++) x[i * s] *= scale;
  x[0] = beta;
  return (beta - alpha) / beta;
}

/* Applies H = I - tau v v^T (v at stride vs, v[0] = 1) to the rows r0.. of columns c0..c1 of the
   row-major m x n matrix c from the left. */
static void apply_reflector(const double *v, int64_t vs, double tau, double *c, int64_t n,
                            int64_t r0, int64_t m, int64_t c0, int64_t c1, double *work) {
  if (tau == 0) return;
  for (int64_t j = c0; j < c1; j++) work[j] = c[r0 * n + j];
  for (int64_t i = r0 + 1; i < m; i++) {
    double vi = v[(i - r0) * vs];
    for (int64_t j = c0; j < c1; j++) work[j] += vi * c[i * n + j];
  }
  for (int64_t j = c0; j < c1; j++) {
    work[j] *= tau;
    c[r0 * n + j] -= work[j];
  }
  for (int64_t i = r0 + 1; i < m; i++) {
    double vi = v[(i - r0) * vs];
    for (int64_t j = c0; j < c1; j++) c[i * n + j] -= vi * work[j];
  }
}

void st__k_qr(double *a, int64_t m, int64_t n, double *q, double *r, double *work) {
  int64_t kk = m < n ? m : n;
  double taus[kk > 0 ? kk : 1];
  for (int64_t j = 0; j < kk; j++) {
    taus[j] = reflector(a + j * n + j, m - j, n);
    apply_reflector(a + j * n + j, n, taus[j], a, n, j, m, j + 1, n, work);
  }
  for (int64_t i = 0; i < kk; i++)
    for (int64_t j = 0; j < n; j++) r[i * n + j] = j < i ? 0 : a[i * n + j];
  /* q = H_0 ... H_{kk-1} applied to the first kk columns of the identity, last reflector first */
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < kk; j++) q[i * kk + j] = i == j;
  for (int64_t j = kk - 1; j >= 0; j--) apply_reflector(a + j * n + j, n, taus[j], q, kk, j, m, j, kk, work);
}

/* Flips column j of the n-column x (rows) and, when y is given, column j of y too, so that x's
   entry of largest magnitude in that column is positive. */
static void fix_sign(double *x, int64_t rows, int64_t n, int64_t j, double *y, int64_t yrows,
                     int64_t yn, int64_t yj) {
  int64_t at = 0;
  for (int64_t i = 1; i < rows; i++)
    if (fabs(x[i * n + j]) > fabs(x[at * n + j])) at = i;
  if (rows == 0 || x[at * n + j] >= 0) return;
  for (int64_t i = 0; i < rows; i++) x[i * n + j] = -x[i * n + j];
  if (y)
    for (int64_t i = 0; i < yrows; i++) y[i * yn + yj] = -y[i * yn + yj];
}

void st__k_eigh(double *a, int64_t n, double *w, double *v) {
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = i + 1; j < n; j++) a[i * n + j] = a[j * n + i];
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) v[i * n + j] = i == j;
  for (int sweep = 0; sweep < 100; sweep++) {
    bool rotated = false;
    for (int64_t p = 0; p < n; p++)
      for (int64_t q = p + 1; q < n; q++) {
        double apq = a[p * n + q], app = a[p * n + p], aqq = a[q * n + q];
        if (fabs(apq) <= DBL_EPSILON * 0.5 * sqrt(fabs(app * aqq)) || apq == 0) {
          a[p * n + q] = a[q * n + p] = 0;
          continue;
        }
        rotated = true;
        /* the rotation that zeroes a[p][q] (Golub & Van Loan, Algorithm 8.5.1: sym.schur2) */
        double theta = (aqq - app) / (2 * apq);
        double t = (theta >= 0 ? 1 : -1) / (fabs(theta) + sqrt(theta * theta + 1));
        double c = 1 / sqrt(t * t + 1), s = t * c;
        for (int64_t k = 0; k < n; k++) { /* columns p, q */
          double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (int64_t k = 0; k < n; k++) { /* rows p, q */
          double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        a[p * n + q] = a[q * n + p] = 0;
        for (int64_t k = 0; k < n; k++) {
          double vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    if (!rotated) break;
  }
  for (int64_t i = 0; i < n; i++) w[i] = a[i * n + i];
  for (int64_t i = 1; i < n; i++) /* insertion sort, ascending, columns of v along */
    for (int64_t j = i; j > 0 && w[j - 1] > w[j]; j--) {
      double t = w[j];
      w[j] = w[j - 1];
      w[j - 1] = t;
      for (int64_t k = 0; k < n; k++) {
        t = v[k * n + j];
        v[k * n + j] = v[k * n + j - 1];
        v[k * n + j - 1] = t;
      }
    }
  for (int64_t j = 0; j < n; j++) fix_sign(v, n, n, j, NULL, 0, 0, 0);
}

static double column_dot(const double *x, int64_t m, int64_t n, int64_t p, int64_t q) {
  double s = 0;
  for (int64_t i = 0; i < m; i++) s += x[i * n + p] * x[i * n + q];
  return s;
}

/* Replaces column j of the m x n u (j >= the columns already orthonormal, those in done) by a
   unit vector orthogonal to them: a zero singular value's left vector. */
static void complete_column(double *u, int64_t m, int64_t n, int64_t j, const bool *done) {
  for (int64_t e = 0; e < m; e++) {
    for (int64_t i = 0; i < m; i++) u[i * n + j] = i == e;
    for (int pass = 0; pass < 2; pass++)
      for (int64_t c = 0; c < n; c++) {
        if (!done[c]) continue;
        double d = column_dot(u, m, n, c, j);
        for (int64_t i = 0; i < m; i++) u[i * n + j] -= d * u[i * n + c];
      }
    double norm = sqrt(column_dot(u, m, n, j, j));
    if (norm > 0.5) {
      for (int64_t i = 0; i < m; i++) u[i * n + j] /= norm;
      return;
    }
  }
}

void st__k_svd_tall(double *a, int64_t m, int64_t n, double *u, double *s, double *v) {
  memcpy(u, a, sizeof(double) * (size_t)(m * n));
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) v[i * n + j] = i == j;
  /* one-sided Jacobi (Hestenes; Demmel & Veselic 1992): rotate column pairs of u until all are
     orthogonal to working precision, applying the same rotations to v */
  for (int sweep = 0; sweep < 100; sweep++) {
    bool rotated = false;
    for (int64_t p = 0; p < n; p++)
      for (int64_t q = p + 1; q < n; q++) {
        double alpha = column_dot(u, m, n, p, p), beta = column_dot(u, m, n, q, q);
        double gamma = column_dot(u, m, n, p, q);
        if (gamma == 0 || fabs(gamma) <= DBL_EPSILON * sqrt(alpha * beta)) continue;
        rotated = true;
        double zeta = (beta - alpha) / (2 * gamma);
        double t = (zeta >= 0 ? 1 : -1) / (fabs(zeta) + sqrt(1 + zeta * zeta));
        double c = 1 / sqrt(1 + t * t), sn = c * t;
        for (int64_t i = 0; i < m; i++) {
          double up = u[i * n + p], uq = u[i * n + q];
          u[i * n + p] = c * up - sn * uq;
          u[i * n + q] = sn * up + c * uq;
        }
        for (int64_t i = 0; i < n; i++) {
          double vp = v[i * n + p], vq = v[i * n + q];
          v[i * n + p] = c * vp - sn * vq;
          v[i * n + q] = sn * vp + c * vq;
        }
      }
    if (!rotated) break;
  }
  for (int64_t j = 0; j < n; j++) s[j] = sqrt(column_dot(u, m, n, j, j));
  for (int64_t i = 1; i < n; i++) /* descending, columns of u and v along */
    for (int64_t j = i; j > 0 && s[j - 1] < s[j]; j--) {
      double t = s[j];
      s[j] = s[j - 1];
      s[j - 1] = t;
      for (int64_t k = 0; k < m; k++) {
        t = u[k * n + j];
        u[k * n + j] = u[k * n + j - 1];
        u[k * n + j - 1] = t;
      }
      for (int64_t k = 0; k < n; k++) {
        t = v[k * n + j];
        v[k * n + j] = v[k * n + j - 1];
        v[k * n + j - 1] = t;
      }
    }
  bool done[n > 0 ? n : 1];
  double tiny = (s[0] > 0 ? s[0] : 1) * DBL_EPSILON * (double)(m > n ? m : n);
  for (int64_t j = 0; j < n; j++) {
    done[j] = s[j] > tiny;
    if (done[j])
      for (int64_t i = 0; i < m; i++) u[i * n + j] /= s[j];
  }
  for (int64_t j = 0; j < n; j++)
    if (!done[j]) {
      complete_column(u, m, n, j, done);
      done[j] = true;
    }
  for (int64_t j = 0; j < n; j++) fix_sign(u, m, n, j, v, n, n, j);
}
