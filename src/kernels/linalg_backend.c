/* linalg_backend.c — which implementation runs each dense factorization: the built-in kernels
   (linalg_dense.c) always for now, or when st__linalg_force_builtin is on. */
#include "linalg_dense.h"

#include "../core/core.h"

static _Thread_local bool force_builtin;

bool st__linalg_force_builtin(bool on) {
  bool prev = force_builtin;
  force_builtin = on;
  return prev;
}

bool st__linalg_have_lapack(void) { return false; }

int64_t st__la_cholesky(double *a, int64_t n) { return st__k_cholesky(a, n); }
int64_t st__la_lu(double *a, int64_t n, int64_t *piv) { return st__k_lu(a, n, piv); }
void st__la_lu_solve(const double *lu, const int64_t *piv, int64_t n, double *b, int64_t k) {
  st__k_lu_solve(lu, piv, n, b, k);
}
void st__la_trsm(const double *a, int64_t n, double *b, int64_t k, bool upper, bool unit) {
  st__k_trsm(a, n, b, k, upper, unit);
}

int st__la_qr(double *a, int64_t m, int64_t n, double *q, double *r) {
  int64_t len = (m > n ? m : n) + 1;
  double *work = st__calloc((size_t)len, sizeof(double));
  if (!work) return ST_ERR_OOM;
  st__k_qr(a, m, n, q, r, work);
  st__free(work, sizeof(double) * (size_t)len);
  return 0;
}

int st__la_eigh(double *a, int64_t n, double *w, double *v) {
  st__k_eigh(a, n, w, v);
  return 0;
}

int st__la_svd_tall(double *a, int64_t m, int64_t n, double *u, double *s, double *v) {
  st__k_svd_tall(a, m, n, u, s, v);
  return 0;
}
