/* linalg_decomp.c — torch.linalg's decompositions of general matrices: qr (reduced), eigh, svd
   (reduced) and lstsq, batched over leading dims, f32 and f64 (computed in double). Outputs with
   a gauge freedom are fixed by a sign convention (linalg_dense.h: eigenvectors and left singular
   vectors with their entry of largest magnitude positive), so that they are continuous in A and
   the built-in and LAPACK paths agree. Rules follow PyTorch's FunctionsManual.cpp
   (linalg_qr_backward, linalg_eig_backward for the symmetric case, svd_backward) and JAX's
   jax/_src/lax/linalg.py (qr_jvp_rule, eigh_jvp_rule, svd_jvp_rule), in public ops. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "linalg_dense.h"

static st_tensor *mT(st_tensor *x) { return st__la_mT(x); }

/* The columns [from, to) of the last dim. */
static st_tensor *cols(st_tensor *x, int64_t from, int64_t to) {
  return x ? st_slice(x, -1, from, to, 1) : NULL;
}

/* F with F[i][j] = 1 / (d[j] - d[i]) off the diagonal and 0 on it, for d [..., k]; computed as
   1 / (diff + I) - I so that nothing is infinite, also in its derivatives. */
static st_tensor *inverse_gaps(st_tensor *d) {
  if (!d) return NULL;
  int64_t k = d->shape[d->ndim - 1];
  st_tensor *eye = st_eye(d->dtype, k, k);
  st_tensor *diff = st_sub(st_unsqueeze(d, -2), st_unsqueeze(d, -1));
  return st_sub(st_reciprocal(st_add(diff, eye)), eye);
}

/* F o P, exactly 0 where P is 0: the vectors' term of eigh's and svd's backward, which PyTorch
   adds only when the eigen- or singular vectors have a gradient. Their gradient is the zeros
   the engine fills in when only the values are used (eigvalsh, svdvals), and a repeated value
   (F infinite) must not turn those zeros into NaN: torch's eigvalsh of a matrix with a double
   eigenvalue has a finite gradient. Where P is not 0 it is F o P, infinite as torch's. */
static st_tensor *gap_times(st_tensor *F, st_tensor *P) {
  if (!F || !P) return NULL;
  return st_where(st_eq(P, st_scalar(P->dtype, 0)), P, st_mul(F, P));
}

/* x / d, exactly 0 where x is 0 (the complement terms of svd's backward, skipped by PyTorch for
   a vector without gradient, so a zero singular value does not give 0 / 0). */
static st_tensor *div_or_zero(st_tensor *x, st_tensor *d) {
  if (!x || !d) return NULL;
  return st_where(st_eq(x, st_scalar(x->dtype, 0)), x, st_div(x, d));
}

/* ==================================================================================== qr */

/* The reduced factors of A [..., m, n] with k = min(m, n): left [..., m, k] and right
   [..., k, n] (qr's Q and R, svd's U and Vh). */
static int infer_reduced(const st_opcall *c, st_meta *left, st_meta *right) {
  const st_tensor *A = c->in[0];
  if (st__la_check_matrix(c, A, "A", false)) return -1;
  int nd = A->ndim;
  int64_t rows = A->shape[nd - 2], n = A->shape[nd - 1], k = rows < n ? rows : n;
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, A->shape, sizeof(int64_t) * (size_t)nd);
  shape[nd - 1] = k;
  st__meta_set(left, A->dtype, nd, shape);
  shape[nd - 2] = k;
  shape[nd - 1] = n;
  st__meta_set(right, A->dtype, nd, shape);
  return 0;
}

static int infer_qr(const st_opcall *c, st_meta *m) { return infer_reduced(c, &m[0], &m[1]); }

static int kernel_qr(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0];
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = m < n ? m : n;
  int64_t count = st__numel(nb, A->shape);
  double *a = st__la_gather(A, nb, A->shape, 2, false);
  double *q = a ? st__la_alloc(count * m * k) : NULL, *r = q ? st__la_alloc(count * k * n) : NULL;
  int rc = r ? 0 : ST_ERR_OOM;
  for (int64_t b = 0; !rc && b < count && m > 0 && n > 0; b++)
    rc = st__la_qr(a + b * m * n, m, n, q + b * m * k, r + b * k * n);
  if (!rc) {
    st__la_store(out[0], q);
    st__la_store(out[1], r);
  }
  st__la_free(a, count * m * n);
  st__la_free(q, count * m * k);
  st__la_free(r, count * k * n);
  return rc;
}

/* x R^-1 for upper-triangular R. */
static st_tensor *right_rinv(st_tensor *x, st_tensor *R) {
  return st_linalg_solve_triangular(R, x, true, false, false);
}

/* The square (m >= n) case, A = Q R with R n x n. Forward (JAX's qr_jvp_rule): C = Q^T dA R^-1,
   O = tril(C, -1) - tril(C, -1)^T, dQ = Q (O - C) + dA R^-1, dR = (C - O) R. */
static int qr_jvp_tall(st_tensor *Q, st_tensor *R, st_tensor *dA, st_tensor **dQ, st_tensor **dR) {
  st_tensor *dar = right_rinv(dA, R);
  st_tensor *C = st_matmul(mT(Q), dar);
  st_tensor *low = st_tril(C, -1);
  st_tensor *O = st_sub(low, mT(low));
  *dQ = st_add(st_matmul(Q, st_sub(O, C)), dar);
  *dR = st_matmul(st_sub(C, O), R);
  return *dQ && *dR ? 0 : st__rule_failed();
}

/* Reverse of the same: with M = gR R^T - Q^T gQ and N = triu(M) + triu(M, 1)^T,
   gA = (gQ + Q N) R^-T (the transpose of the forward above; FunctionsManual.cpp,
   linalg_qr_backward, m >= n). */
static st_tensor *qr_vjp_tall(st_tensor *Q, st_tensor *R, st_tensor *gQ, st_tensor *gR) {
  st_tensor *M = st_sub(st_matmul(gR, mT(R)), st_matmul(mT(Q), gQ));
  st_tensor *N = M ? st_add(st_triu(M, 0), mT(st_triu(M, 1))) : NULL;
  return st_linalg_solve_triangular(mT(R), st_add(gQ, st_matmul(Q, N)), false, false, false);
}

/* m < n: A = [X | Y] with X = Q U square and Y = Q V (R = [U | V]); X's QR as above, V = Q^T Y. */
static int jvp_qr(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *Q = a->out[0], *R = a->out[1], *dA = tin[0];
  int64_t m = Q->shape[Q->ndim - 2], n = R->shape[R->ndim - 1];
  if (m >= n) return qr_jvp_tall(Q, R, dA, &tout[0], &tout[1]);
  st_tensor *dQ, *dU;
  if (qr_jvp_tall(Q, cols(R, 0, m), cols(dA, 0, m), &dQ, &dU)) return st__rule_failed();
  st_tensor *dV = st_matmul(mT(Q), st_sub(cols(dA, m, n), st_matmul(dQ, cols(R, m, n))));
  ST_TRY(tout[1] = st_cat(2, (st_tensor *const[]){dU, dV}, -1));
  tout[0] = dQ;
  return 0;
}

static int vjp_qr(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *Q = a->out[0], *R = a->out[1], *gQ = gout[0], *gR = gout[1];
  int64_t m = Q->shape[Q->ndim - 2], n = R->shape[R->ndim - 1];
  if (m >= n) {
    ST_GRAD(0, qr_vjp_tall(Q, R, gQ, gR));
    return 0;
  }
  st_tensor *V = cols(R, m, n), *gV = cols(gR, m, n), *Y = st_matmul(Q, V);
  st_tensor *gX = qr_vjp_tall(Q, cols(R, 0, m), st_add(gQ, st_matmul(Y, mT(gV))), cols(gR, 0, m));
  st_tensor *gY = st_matmul(Q, gV);
  ST_GRAD(0, gX && gY ? st_cat(2, (st_tensor *const[]){gX, gY}, -1) : NULL);
  return 0;
}

/* ================================================================================== eigh */

static int infer_eigh(const st_opcall *c, st_meta *m) {
  const st_tensor *A = c->in[0];
  if (st__la_check_matrix(c, A, "A", true)) return -1;
  st__meta_set(&m[0], A->dtype, A->ndim - 1, A->shape);
  st__meta_like(&m[1], A);
  return 0;
}

static int kernel_eigh(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0];
  int nb = A->ndim - 2;
  int64_t n = A->shape[nb], count = st__numel(nb, A->shape);
  double *a = st__la_gather(A, nb, A->shape, 2, false);
  double *w = a ? st__la_alloc(count * n) : NULL, *v = w ? st__la_alloc(count * n * n) : NULL;
  int rc = v ? 0 : ST_ERR_OOM;
  for (int64_t b = 0; !rc && b < count && n; b++)
    rc = st__la_eigh(a + b * n * n, n, w + b * n, v + b * n * n);
  if (!rc) {
    st__la_store(out[0], w);
    st__la_store(out[1], v);
  }
  st__la_free(a, count * n * n);
  st__la_free(w, count * n);
  st__la_free(v, count * n * n);
  return rc;
}

/* eigh reads A's lower triangle and differentiates over symmetric matrices (ST_OP_SYMMETRIC):
   with dA's symmetric part dA_s, P = V^T dA_s V: dw = diag(P), dV = V (F o P) with
   F[i][j] = 1 / (w[j] - w[i]) (JAX's eigh_jvp_rule). */
static int jvp_eigh(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *w = a->out[0], *V = a->out[1];
  st_tensor *P = st_matmul(st_matmul(mT(V), st__la_sym(tin[0])), V);
  ST_TRY(tout[0] = P ? st_diagonal(P, 0, -2, -1) : NULL);
  ST_TRY(tout[1] = st_matmul(V, st_mul(inverse_gaps(w), P)));
  return 0;
}

/* G = V (diag(gw) + F o (V^T gV)) V^T (FunctionsManual.cpp, linalg_eig_backward, Hermitian
   case); its symmetric part, as torch's. */
static int vjp_eigh(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *w = a->out[0], *V = a->out[1];
  st_tensor *inner = st_add(st__la_diag_embed(gout[0]),
                            gap_times(inverse_gaps(w), st_matmul(mT(V), gout[1])));
  ST_GRAD(0, st__la_sym(st_matmul(st_matmul(V, inner), mT(V))));
  return 0;
}

/* =================================================================================== svd */

/* U [..., m, k], S [..., k], Vh [..., k, n] */
static int infer_svd(const st_opcall *c, st_meta *m) {
  if (infer_reduced(c, &m[0], &m[2])) return -1;
  st__meta_set(&m[1], m[2].dtype, m[2].ndim - 1, m[2].shape); /* Vh's shape without its last dim */
  return 0;
}

/* Signs column j of the rows x k matrix u so its entry of largest magnitude is positive, and
   column j of the other x k matrix v along. */
static void sign_pair(double *u, int64_t rows, double *v, int64_t other, int64_t k) {
  for (int64_t j = 0; j < k; j++) {
    int64_t at = 0;
    for (int64_t i = 1; i < rows; i++)
      if (fabs(u[i * k + j]) > fabs(u[at * k + j])) at = i;
    if (u[at * k + j] >= 0) continue;
    for (int64_t i = 0; i < rows; i++) u[i * k + j] = -u[i * k + j];
    for (int64_t i = 0; i < other; i++) v[i * k + j] = -v[i * k + j];
  }
}

/* A tall (m >= n): A = u diag(s) v^T, U = u, Vh = v^T. A wide: the SVD of A^T = u s v^T gives
   U = v, Vh = u^T, re-signed by U's columns. */
static int kernel_svd(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0];
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], count = st__numel(nb, A->shape);
  bool tall = m >= n;
  int64_t big = tall ? m : n, k = tall ? n : m;
  double *a = st__la_gather(A, nb, A->shape, 2, !tall);
  double *u = a ? st__la_alloc(count * big * k) : NULL, *s = u ? st__la_alloc(count * k) : NULL;
  double *v = s ? st__la_alloc(count * k * k) : NULL;
  int rc = v ? 0 : ST_ERR_OOM;
  /* LAPACK's SVD does not converge on NaN or infinities: torch raises, and so does strata */
  for (int64_t i = 0; !rc && i < count * m * n; i++)
    if (!isfinite(a[i]))
      rc = st__op_error(c, ST_ERR_ARG, "The algorithm failed to converge because the input "
                                       "matrix contained non-finite values.");
  for (int64_t b = 0; !rc && b < count && m > 0 && n > 0; b++) {
    rc = st__la_svd_tall(a + b * big * k, big, k, u + b * big * k, s + b * k, v + b * k * k);
    if (!tall) sign_pair(v + b * k * k, k, u + b * big * k, big, k);
  }
  if (!rc) {
    st__la_store(out[0], tall ? u : v);
    st__la_store(out[1], s);
    st__la_store_transposed(out[2], tall ? v : u);
  }
  st__la_free(a, count * m * n);
  st__la_free(u, count * big * k);
  st__la_free(s, count * k);
  st__la_free(v, count * k * k);
  return rc;
}

/* The squared gaps F[i][j] = 1 / (s[j]^2 - s[i]^2), 0 on the diagonal. */
static st_tensor *square_gaps(st_tensor *s) { return s ? inverse_gaps(st_mul(s, s)) : NULL; }

/* JAX's svd_jvp_rule: dP = U^T dA V, dS = diag(dP), dU = U (F o (dP S + S dP^T)) plus, for m > n,
   (I - U U^T) dA V S^-1; dV = V (F o (S dP + dP^T S)) plus, for n > m, (I - V V^T) dA^T U S^-1. */
static int jvp_svd(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *U = a->out[0], *s = a->out[1], *V = mT(a->out[2]), *dA = tin[0];
  int64_t m = U->shape[U->ndim - 2], n = a->out[2]->shape[a->out[2]->ndim - 1];
  st_tensor *dP = st_matmul(st_matmul(mT(U), dA), V), *F = square_gaps(s);
  st_tensor *row = st_unsqueeze(s, -2), *col = st_unsqueeze(s, -1);
  st_tensor *dPS = st_mul(dP, row), *SdP = st_mul(col, dP);
  st_tensor *dU = st_matmul(U, st_mul(F, st_add(dPS, mT(dPS))));
  st_tensor *dV = st_matmul(V, st_mul(F, st_add(SdP, mT(SdP))));
  if (m > n) {
    st_tensor *dAV = st_matmul(dA, V);
    dU = st_add(dU, st_div(st_sub(dAV, st_matmul(U, st_matmul(mT(U), dAV))), row));
  }
  if (n > m) {
    st_tensor *dAU = st_matmul(mT(dA), U);
    dV = st_add(dV, st_div(st_sub(dAU, st_matmul(V, st_matmul(mT(V), dAU))), row));
  }
  ST_TRY(tout[0] = dU);
  ST_TRY(tout[1] = dP ? st_diagonal(dP, 0, -2, -1) : NULL);
  ST_TRY(tout[2] = mT(dV));
  return 0;
}

/* FunctionsManual.cpp, svd_backward (real case): with skew(X) = X - X^T and E[j][k] =
   s[k]^2 - s[j]^2, gA = U [(skew(U^T gU) / E) S + S (skew(V^T gV) / E) + diag(gS)] V^T
   + (I - U U^T) gU S^-1 V^T + U S^-1 gV^T (I - V V^T); 1 / E is F above. */
static int vjp_svd(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *U = a->out[0], *s = a->out[1], *Vh = a->out[2], *V = mT(Vh);
  st_tensor *gU = gout[0], *gS = gout[1], *gVh = gout[2];
  st_tensor *F = square_gaps(s), *row = st_unsqueeze(s, -2), *col = st_unsqueeze(s, -1);
  st_tensor *utgu = st_matmul(mT(U), gU), *vtgv = st_matmul(Vh, mT(gVh));
  st_tensor *inner = st_add(st_add(st_mul(gap_times(F, st_sub(utgu, mT(utgu))), row),
                                   st_mul(col, gap_times(F, st_sub(vtgv, mT(vtgv))))),
                            st__la_diag_embed(gS));
  st_tensor *g = st_matmul(st_matmul(U, inner), Vh);
  /* The projections onto the complements are zero unless U (m > n) or V (n > m) is not square;
     left out otherwise, so that a zero singular value of a square A (det's rule at a singular
     matrix) does not turn 0 / 0 into NaN. */
  int64_t m = U->shape[U->ndim - 2], n = Vh->shape[Vh->ndim - 1];
  if (m > n) {
    st_tensor *left = div_or_zero(st_sub(gU, st_matmul(U, utgu)), row); /* (I - UU^T) gU S^-1 */
    g = st_add(g, st_matmul(left, Vh));
  }
  if (n > m) {
    st_tensor *right = st_sub(gVh, st_matmul(st_matmul(gVh, V), Vh)); /* gV^T (I - VV^T) */
    g = st_add(g, st_matmul(U, div_or_zero(right, col))); /* U S^-1 gV^T (I - VV^T) */
  }
  ST_GRAD(0, g);
  return 0;
}

/* ================================================================================= lstsq */

/* torch.linalg.lstsq takes B of A's rank or one less, a vector by solve's rule
   (ST__LA_VECTOR_RHS). */

static int infer_lstsq(const st_opcall *c, st_meta *m) {
  const st_tensor *A = c->in[0], *B = c->in[1];
  if (st__la_check_matrix(c, A, "A", false)) return -1;
  if (B->ndim < 1)
    return st__op_error(c, ST_ERR_SHAPE, "The input tensor B must have at least 1 dimension, got []");
  if (!st__is_float(B->dtype) || A->dtype != B->dtype)
    return st__op_error(c, ST_ERR_DTYPE,
                        "Expected A and B to have the same floating dtype, but found A of type %s "
                        "and B of type %s instead",
                        st_dtype_name(A->dtype), st_dtype_name(B->dtype));
  if (B->ndim > A->ndim || A->ndim - B->ndim > 1)
    return st__op_error(c, ST_ERR_SHAPE,
                        "B %s must have A's number of dims or one less (A %s): torch's "
                        "input.dim() - other.dim() in {0, 1}",
                        ST_SHAPE_STR(B), ST_SHAPE_STR(A));
  bool vec = ST__LA_VECTOR_RHS(A, B);
  int64_t rows = A->shape[A->ndim - 2], n = A->shape[A->ndim - 1];
  int64_t brows = vec ? B->shape[B->ndim - 1] : B->shape[B->ndim - 2];
  if (brows != rows)
    return st__op_error(c, ST_ERR_SHAPE,
                        "A %s and B %s must have the same number of rows (%lld != %lld)",
                        ST_SHAPE_STR(A), ST_SHAPE_STR(B), (long long)rows, (long long)brows);
  int nb;
  int64_t shape[ST_MAX_DIMS];
  if (st__la_broadcast(c, A, B, vec ? 1 : 2, &nb, shape)) return -1;
  shape[nb] = n;
  if (!vec) shape[nb + 1] = B->shape[B->ndim - 1];
  if (st__check_shape(ST_FN(c), nb + 2 - vec, shape, A->dtype)) return -1;
  st__meta_set(m, A->dtype, nb + 2 - vec, shape);
  return 0;
}

/* x = a b, or a^T b with trans, for a row-major ar x ac matrix a and b of k columns. */
static void small_gemm(const double *a, int64_t ar, int64_t ac, bool trans, const double *b,
                       int64_t k, double *x) {
  int64_t rows = trans ? ac : ar, inner = trans ? ar : ac;
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < k; j++) {
      double acc = 0;
      for (int64_t p = 0; p < inner; p++)
        acc += (trans ? a[p * ac + i] : a[i * ac + p]) * b[p * k + j];
      x[i * k + j] = acc;
    }
}

/* The minimum-norm least-squares solution through the SVD, for a rank-deficient system: t is A
   (m >= n) or A^T (m < n), big x small; singular values at most rcond * s_max count as zero.
   That is the solution LAPACK's gelsy (torch's default driver on the CPU) and gelsd return. */
static int lstsq_min_norm(const double *t, int64_t m, int64_t n, const double *b, int64_t k,
                          double *x, double rcond) {
  bool tall = m >= n;
  int64_t big = tall ? m : n, small = tall ? n : m;
  int64_t len = 2 * big * small + small + small * small + small * k;
  double *c = st__la_alloc(len);
  if (!c) return ST_ERR_OOM;
  double *u = c + big * small, *s = u + big * small, *v = s + small, *y = v + small * small;
  memcpy(c, t, sizeof(double) * (size_t)(big * small));
  int rc = st__la_svd_tall(c, big, small, u, s, v);
  if (!rc) {
    /* A = u s v^T (tall) or v s u^T (wide): X = R diag(1/s) L^T B with L, R = (u, v) or (v, u) */
    const double *L = tall ? u : v, *R = tall ? v : u;
    int64_t lrows = tall ? big : small, rrows = tall ? small : big;
    double tol = small ? rcond * s[0] : 0;
    small_gemm(L, lrows, small, true, b, k, y);
    for (int64_t i = 0; i < small; i++) {
      double w = s[i] > tol ? 1 / s[i] : 0;
      for (int64_t j = 0; j < k; j++) y[i * k + j] *= w;
    }
    small_gemm(R, rrows, small, false, y, k, x);
  }
  st__la_free(c, len);
  return rc;
}

/* One system. m >= n: A = QR, X = R^-1 Q^T B. m < n (minimum norm): A^T = QR, X = Q R^-T B.
   When R's diagonal suggests a rank deficiency (an entry at most sqrt(rcond) times the
   largest), the SVD's minimum-norm solution instead, which is the least-squares solution too
   when no singular value falls below rcond. b is m x k, x n x k; a is destroyed. */
static int lstsq_one(double *a, int64_t m, int64_t n, const double *b, int64_t k, double *x,
                     double rcond) {
  bool tall = m >= n;
  int64_t big = tall ? m : n, small = tall ? n : m;
  int64_t len = 2 * big * small + small * small + small * k + 1;
  double *q = st__la_alloc(len), *r = q + big * small, *y = r + small * small, *t = y + small * k;
  if (!q) return ST_ERR_OOM;
  int rc = 0;
  if (!tall) { /* a^T, in place through q as scratch */
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) q[j * m + i] = a[i * n + j];
    memcpy(a, q, sizeof(double) * (size_t)(m * n));
  }
  memcpy(t, a, sizeof(double) * (size_t)(m * n)); /* for the rank-deficient path */
  rc = st__la_qr(a, big, small, q, r);
  double dmax = 0, dmin = INFINITY;
  for (int64_t i = 0; i < small; i++) {
    dmax = fmax(dmax, fabs(r[i * small + i]));
    dmin = fmin(dmin, fabs(r[i * small + i]));
  }
  /* R's diagonal without pivoting only hints at the rank (a dependent column can leave a few
     ulps there, above rcond): below sqrt(rcond) the SVD decides, on singular values */
  if (!rc && !(dmin > sqrt(rcond) * dmax)) rc = lstsq_min_norm(t, m, n, b, k, x, rcond);
  else if (!rc && tall) { /* y = Q^T b, then R y = ... */
    small_gemm(q, m, n, true, b, k, x);
    st__la_trsm(r, n, x, k, true, false);
  } else if (!rc) { /* R^T y = b, x = Q y */
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < m; j++) a[i * m + j] = r[j * m + i];
    memcpy(y, b, sizeof(double) * (size_t)(m * k));
    st__la_trsm(a, m, y, k, false, false);
    small_gemm(q, n, m, false, y, k, x);
  }
  st__la_free(q, len);
  return rc;
}

static int kernel_lstsq(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0], *B = c->in[1];
  st_tensor *X = out[0];
  bool vec = ST__LA_VECTOR_RHS(A, B);
  int nb = X->ndim - (vec ? 1 : 2), na = A->ndim - 2;
  int64_t m = A->shape[na], n = A->shape[na + 1], k = vec ? 1 : X->shape[X->ndim - 1];
  int64_t count = st__numel(nb, X->shape);
  double *a = st__la_gather(A, nb, X->shape, 2, false);
  double *b = a ? st__la_gather(B, nb, X->shape, vec ? 1 : 2, false) : NULL;
  double *x = b ? st__la_alloc(count * n * k) : NULL;
  int rc = x ? 0 : ST_ERR_OOM;
  /* torch's default rcond: the machine epsilon of A's dtype times max(m, n) */
  double rcond = (A->dtype == ST_F64 ? DBL_EPSILON : (double)FLT_EPSILON) * (double)(m > n ? m : n);
  for (int64_t t = 0; !rc && t < count && m > 0 && n > 0 && k > 0; t++)
    rc = lstsq_one(a + t * m * n, m, n, b + t * m * k, k, x + t * n * k, rcond);
  if (!rc) st__la_store(X, x);
  st__la_free(a, count * m * n);
  st__la_free(b, count * m * k);
  st__la_free(x, count * n * k);
  return rc;
}

static st_tensor *column(st_tensor *x, bool vec) {
  if (!x) return NULL;
  return vec ? st_unsqueeze(x, -1) : st__track(st_retain(x));
}

/* X = A+ B, the minimum-norm solution through A's pseudo-inverse A+, whose derivative (Golub
   and Pereyra 1973; PyTorch's pinv_jvp / pinv_backward, which its lstsq rules use) holds at
   every A of the same rank, full or deficient:
     dA+ = -A+ dA A+ + A+ A+^T dA^T (I - A A+) + (I - A+ A) dA^T A+^T A+,
   so with the residual E = B - A X and the projector P = I - A+ A onto A's null space,
     dX = A+ (dB - dA X) + A+ A+^T dA^T E + P dA^T A+^T X.
   Every product with A+ is a least-squares solve (A+ Y = lstsq(A, Y), A+^T Y = lstsq(A^T, Y)),
   so the rules are lstsq itself and differentiate again. With full column rank P = 0 and
   A+ A+^T = (A^T A)^-1; with full row rank E = 0: the normal equations' derivatives. */
static st_tensor *pinv_apply(st_tensor *A, st_tensor *Y, bool transposed) {
  return st_linalg_lstsq(transposed ? mT(A) : A, Y);
}

/* P W = W - A+ A W */
static st_tensor *null_projection(st_tensor *A, st_tensor *W) {
  return st_sub(W, pinv_apply(A, st_matmul(A, W), false));
}

static int jvp_lstsq(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0] && !tin[1]) return 0;
  st_tensor *A = a->in[0];
  bool vec = ST__LA_VECTOR_RHS(a->in[0], a->in[1]);
  st_tensor *B = column(a->in[1], vec), *X = column(a->out[0], vec);
  st_tensor *dB = tin[1] ? column(tin[1], vec) : NULL, *r;
  if (!B || !X || (tin[1] && !dB)) return st__rule_failed();
  if (tin[0]) {
    st_tensor *dA = tin[0], *dAt = mT(dA), *E = st_sub(B, st_matmul(A, X));
    st_tensor *rhs = st_matmul(dA, X);
    rhs = dB ? st_sub(dB, rhs) : st_neg(rhs);
    r = st_add(pinv_apply(A, rhs, false),
               pinv_apply(A, pinv_apply(A, st_matmul(dAt, E), true), false));
    r = st_add(r, null_projection(A, st_matmul(dAt, pinv_apply(A, X, true))));
  } else {
    r = pinv_apply(A, dB, false);
  }
  ST_TRY(r);
  ST_TRY(tout[0] = vec ? st_squeeze(r, -1) : r);
  return 0;
}

/* The transposes: gB = A+^T gX; gA = E (A+ gB)^T - gB X^T + (A+^T X) (P gX)^T. Both summed over
   broadcast dims. */
static int vjp_lstsq(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *A = a->in[0];
  bool vec = ST__LA_VECTOR_RHS(&a->in_meta[0], &a->in_meta[1]);
  st_tensor *B = column(a->in[1], vec), *X = column(a->out[0], vec), *gX = column(gout[0], vec);
  if (!B || !X || !gX) return st__rule_failed();
  st_tensor *gB = pinv_apply(A, gX, true);
  if (a->needs[0]) {
    st_tensor *E = st_sub(B, st_matmul(A, X)), *Z = pinv_apply(A, gB, false);
    st_tensor *gA = st_sub(st_matmul(E, mT(Z)), st_matmul(gB, mT(X)));
    gA = st_add(gA, st_matmul(pinv_apply(A, X, true), mT(null_projection(A, gX))));
    ST_GRAD(0, st__sum_to(gA, &a->in_meta[0]));
  }
  ST_GRAD(1, st__sum_to(vec ? st_squeeze(gB, -1) : gB, &a->in_meta[1]));
  return 0;
}

static int vmap_lstsq(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return st__la_vmap_pair(a, ST__LA_VECTOR_RHS(a->c->in[0], a->c->in[1]), out, out_bdim);
}

/* =============================================================================== samples */

#include "linalg_samples.h"
#include "samples.h"

/* qr and svd: tall, wide and square (well-conditioned, distinct singular values), transposed,
   batched with a stride-0 batch, empty; eigh: symmetric with distinct eigenvalues. */
static int samples_decomp(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a = {0};
  if (op->id == ST_OP_linalg_eigh) {
    PUSH("contiguous", 1, P(3, 3));
    PUSH("transposed", 1, PT(4, 4));
    PUSH("batched", 1, P(2, 3, 3));
    PUSH("broadcast batch", 1, PB(2, 3, 3));
    PUSH("1x1", 1, P(1, 1));
    PUSH("size-0 matrices", 1, S(2, 0, 0));
    FAIL("non-square", ST_ERR_SHAPE, 1, S(2, 3));
  } else {
    PUSH("tall", 1, M(4, 3));
    PUSH("wide", 1, M(2, 4));
    PUSH("square transposed", 1, MT(3, 3));
    PUSH("batched", 1, M(2, 3, 2));
    PUSH("broadcast batch", 1, MB(2, 2, 3));
    PUSH("1x1", 1, M(1, 1));
    PUSH("size-0", 1, S(0, 3));
  }
  FAIL("1-D", ST_ERR_SHAPE, 1, S(3));
  FAIL("i64", ST_ERR_DTYPE, 1, I64(2, 2));
  return n;
}

static int samples_lstsq(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a = {0};
  (void)op;
  PUSH("tall", 2, M(4, 2), S(4, 2));
  PUSH("square", 2, MT(3, 3), S(3, 1));
  PUSH("wide", 2, M(2, 3), S(2, 2));
  PUSH("vector B", 2, M(3, 2), S(3));
  PUSH("batch broadcast", 2, MB(2, 3, 2), S(1, 3, 1));
  PUSH("batched vector B", 2, M(2, 3, 2), S(2, 3));
  PUSH("size-0 batch", 2, S(0, 3, 2), S(0, 3, 1));
  FAIL("rows mismatch", ST_ERR_SHAPE, 2, M(3, 2), S(4, 1));
  FAIL("dtype mismatch", ST_ERR_DTYPE, 2, M(3, 2), I64(3, 1));
  return n;
}

const st_op st__op_linalg_qr = {
    .id = ST_OP_linalg_qr, .name = "linalg_qr", .nin = 1, .nout = 2, .infer = infer_qr,
    .kernel = kernel_qr, .saves = ST_SAVE_OUT(0) | ST_SAVE_OUT(1), .vjp = vjp_qr, .jvp = jvp_qr,
    .vmap = st__la_vmap_unary, .samples = samples_decomp};
const st_op st__op_linalg_eigh = {
    .id = ST_OP_linalg_eigh, .name = "linalg_eigh", .nin = 1, .nout = 2, .flags = ST_OP_SYMMETRIC,
    .infer = infer_eigh,
    .kernel = kernel_eigh, .saves = ST_SAVE_OUT(0) | ST_SAVE_OUT(1), .vjp = vjp_eigh,
    .jvp = jvp_eigh, .vmap = st__la_vmap_unary, .samples = samples_decomp};
const st_op st__op_linalg_svd = {
    .id = ST_OP_linalg_svd, .name = "linalg_svd", .nin = 1, .nout = 3, .infer = infer_svd,
    .kernel = kernel_svd, .saves = ST_SAVE_OUT(0) | ST_SAVE_OUT(1) | ST_SAVE_OUT(2),
    .vjp = vjp_svd, .jvp = jvp_svd, .vmap = st__la_vmap_unary, .samples = samples_decomp};
const st_op st__op_linalg_lstsq = {
    .id = ST_OP_linalg_lstsq, .name = "linalg_lstsq", .nin = 2, .nout = 1, .infer = infer_lstsq,
    .kernel = kernel_lstsq, .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1) | ST_SAVE_OUT(0),
    .vjp = vjp_lstsq, .jvp = jvp_lstsq, .vmap = vmap_lstsq, .samples = samples_lstsq};

/* ------------------------------------------------------------------------ public functions */

int st_linalg_qr(st_tensor *A, st_tensor **Q, st_tensor **R) {
  st_opcall c = ST_CALL(linalg_qr, A);
  st_tensor *o[2] = {NULL, NULL};
  int rc = st__call_n(&c, o);
  if (Q) *Q = o[0];
  if (R) *R = o[1];
  return rc;
}
int st_linalg_eigh(st_tensor *A, st_tensor **eigenvalues, st_tensor **eigenvectors) {
  st_opcall c = ST_CALL(linalg_eigh, A);
  st_tensor *o[2] = {NULL, NULL};
  int rc = st__call_n(&c, o);
  if (eigenvalues) *eigenvalues = o[0];
  if (eigenvectors) *eigenvectors = o[1];
  return rc;
}
int st_linalg_svd(st_tensor *A, st_tensor **U, st_tensor **S, st_tensor **Vh) {
  st_opcall c = ST_CALL(linalg_svd, A);
  st_tensor *o[3] = {NULL, NULL, NULL};
  int rc = st__call_n(&c, o);
  if (U) *U = o[0];
  if (S) *S = o[1];
  if (Vh) *Vh = o[2];
  return rc;
}
st_tensor *st_linalg_lstsq(st_tensor *A, st_tensor *B) {
  st_opcall c = ST_CALL(linalg_lstsq, A, B);
  return st__call1(&c);
}
