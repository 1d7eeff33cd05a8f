/* linalg_dense.c — torch.linalg's square-matrix ops: cholesky, solve_triangular, solve, inv, det
   and slogdet, batched over leading dims, f32 and f64 (computed in double). Kernels gather each
   batch element into a row-major double buffer and factor it (src/kernels/linalg_dense.c, or
   LAPACK through linalg_lapack.c); the rules are the matrix-calculus formulas of PyTorch's
   derivatives.yaml / FunctionsManual.cpp, written with public ops so that they differentiate
   again. Also the helpers linalg_decomp.c shares (linalg_dense.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "linalg_dense.h"

/* ------------------------------------------------------------------------------ buffers */

double *st__la_alloc(int64_t n) { return st__calloc((size_t)(n > 0 ? n : 1), sizeof(double)); }
void st__la_free(double *p, int64_t n) {
  if (p) st__free(p, sizeof(double) * (size_t)(n > 0 ? n : 1));
}

double *st__la_gather(const st_tensor *t, int nb, const int64_t *bshape, int mdims, bool transposed) {
  int64_t shape[ST_MAX_DIMS + 2], src[ST_MAX_DIMS + 2], dst[ST_MAX_DIMS + 2];
  int tb = t->ndim - mdims;
  for (int d = 0; d < nb; d++) {
    int s = d - (nb - tb);
    shape[d] = bshape[d];
    src[d] = s < 0 || t->shape[s] == 1 ? 0 : t->strides[s];
  }
  int64_t rows = t->shape[tb], cols = mdims == 2 ? t->shape[tb + 1] : 1;
  int64_t rs = t->strides[tb], cs = mdims == 2 ? t->strides[tb + 1] : 0;
  shape[nb] = transposed ? cols : rows;
  shape[nb + 1] = transposed ? rows : cols;
  src[nb] = transposed ? cs : rs;
  src[nb + 1] = transposed ? rs : cs;
  int64_t n = st__numel(nb + 2, shape), step = 1;
  for (int d = nb + 1; d >= 0; d--) {
    dst[d] = step;
    step *= shape[d];
  }
  double *buf = st__la_alloc(n);
  if (buf && n)
    st__k_copy((st_view){(char *)buf, ST_F64, nb + 2, shape, dst},
               (st_view){st__data(t), t->dtype, nb + 2, shape, src});
  return buf;
}

static void store(st_tensor *out, const double *buf, bool transposed) {
  int64_t strides[ST_MAX_DIMS], step = 1, n = out->ndim;
  if (!st__numel(out->ndim, out->shape)) return;
  for (int d = (int)n - 1; d >= 0; d--) {
    strides[d] = step;
    step *= out->shape[d];
  }
  if (transposed) { /* buf holds cols x rows: element (i, j) at j * rows + i */
    strides[n - 1] = out->shape[n - 2];
    strides[n - 2] = 1;
  }
  st__k_copy(st__view_of(out), (st_view){(char *)buf, ST_F64, out->ndim, out->shape, strides});
}
void st__la_store(st_tensor *out, const double *buf) { store(out, buf, false); }
void st__la_store_transposed(st_tensor *out, const double *buf) { store(out, buf, true); }

/* ------------------------------------------------------------------------------- shapes */

int st__la_check_matrix(const st_opcall *c, const st_tensor *A, const char *name, bool square) {
  if (A->ndim < 2)
    return st__op_error(c, ST_ERR_SHAPE, "The input tensor %s must have at least 2 dimensions, got %s",
                        name, ST_SHAPE_STR(A));
  if (!st__is_float(A->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "Expected a floating point tensor as input, got %s",
                        st_dtype_name(A->dtype));
  int64_t r = A->shape[A->ndim - 2], k = A->shape[A->ndim - 1];
  if (square && r != k)
    return st__op_error(c, ST_ERR_SHAPE,
                        "%s must be batches of square matrices, but they are %lld by %lld matrices",
                        name, (long long)r, (long long)k);
  return 0;
}

int st__la_broadcast(const st_opcall *c, const st_tensor *A, const st_tensor *B, int bdims,
                     int *nb, int64_t *bshape) {
  int na = A->ndim - 2, nbb = B->ndim - bdims;
  *nb = na > nbb ? na : nbb;
  for (int d = 0; d < *nb; d++) {
    int64_t sa = d < *nb - na ? 1 : A->shape[d - (*nb - na)];
    int64_t sb = d < *nb - nbb ? 1 : B->shape[d - (*nb - nbb)];
    if (sa != sb && sa != 1 && sb != 1)
      return st__op_error(c, ST_ERR_SHAPE,
                          "the batch dims of A %s and B %s cannot be broadcast (%lld vs %lld)",
                          ST_SHAPE_STR(A), ST_SHAPE_STR(B), (long long)sa, (long long)sb);
    bshape[d] = sa == 1 ? sb : sa;
  }
  return 0;
}

int64_t st__la_batch_index(const st_tensor *t, int tdims, int nb, const int64_t *bshape,
                           int64_t flat) {
  int tb = t->ndim - tdims;
  int64_t index = 0, step = 1;
  for (int d = nb - 1; d >= 0; d--) {
    int64_t i = flat % bshape[d];
    flat /= bshape[d];
    int s = d - (nb - tb);
    if (s < 0) continue;
    if (t->shape[s] != 1) index += i * step;
    step *= t->shape[s];
  }
  return index;
}

const char *st__la_batch_prefix(char *buf, size_t size, const st_tensor *A, int64_t b) {
  if (A->ndim <= 2) return "";
  snprintf(buf, size, "(Batch element %lld): ", (long long)b);
  return buf;
}

/* Output dtype checks of two-operand ops: torch requires A and B of one floating dtype. */
static int same_dtype(const st_opcall *c, const st_tensor *A, const st_tensor *B) {
  if (!st__is_float(B->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "Expected a floating point tensor as B, got %s",
                        st_dtype_name(B->dtype));
  if (A->dtype != B->dtype)
    return st__op_error(c, ST_ERR_DTYPE,
                        "Expected A and B to have the same dtype, but found A of type %s and B "
                        "of type %s instead",
                        st_dtype_name(A->dtype), st_dtype_name(B->dtype));
  return 0;
}

/* ------------------------------------------------------------------------ rule helpers */

st_tensor *st__la_mT(st_tensor *x) { return st_transpose(x, -2, -1); }

st_tensor *st__la_diag_embed(st_tensor *v) {
  if (!v) return NULL;
  int64_t n = v->shape[v->ndim - 1];
  return st_mul(st_unsqueeze(v, -2), st_eye(v->dtype, n, n));
}

st_tensor *st__la_phi(st_tensor *x) {
  if (!x) return NULL;
  return st_sub(st_tril(x, 0), st__la_diag_embed(st_mul_scalar(st_diagonal(x, 0, -2, -1), 0.5)));
}

st_tensor *st__la_sym(st_tensor *x) {
  if (!x) return NULL;
  return st_mul_scalar(st_add(x, st__la_mT(x)), 0.5);
}

st_tensor *st__la_trace(st_tensor *x) {
  if (!x) return NULL;
  int last = -1;
  return st_sum(st_diagonal(x, 0, -2, -1), 1, &last, false);
}

/* x with two trailing size-1 dims: a [...] per-matrix scalar that scales [..., n, n]. */
static st_tensor *per_matrix(st_tensor *x) {
  return x ? st_unsqueeze(st_unsqueeze(x, -1), -1) : NULL;
}

/* ----------------------------------------------------------------------- batching rules */

int st__la_vmap_unary(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_tensor *x = st__movedim(a->in[0], a->bdim[0], 0);
  if (!x || st__redispatch(a->c, (st_tensor *const[]){x}, out)) return st__rule_failed();
  for (int j = 0; j < a->c->op->nout; j++) out_bdim[j] = 0;
  return 0;
}

/* t (logical rank r, batch at bd or none) as [lanes or 1, 1..., logical dims] with rank logical
   dims: both operands of a pair then have one rank, so no vector rule can misread them. */
static st_tensor *front_padded(st_tensor *t, int bd, int r, int rank) {
  if (!t) return NULL;
  st_tensor *x = bd >= 0 ? st__movedim(t, bd, 0) : st_unsqueeze(t, 0);
  if (!x || rank == r) return x;
  int64_t shape[ST_MAX_DIMS];
  shape[0] = x->shape[0];
  for (int d = 0; d < rank - r; d++) shape[1 + d] = 1;
  for (int d = 0; d < r; d++) shape[1 + rank - r + d] = x->shape[1 + d];
  return st_reshape(x, rank + 1, shape);
}

int st__la_vmap_pair(const st_vmap_args *a, bool vector_b, st_tensor **out, int *out_bdim) {
  int ra = st__lrank(a, 0), rb = st__lrank(a, 1);
  st_tensor *B = a->in[1];
  int bb = a->bdim[1];
  if (vector_b) { /* [..., n] -> [..., n, 1]: a new last dim, after the batch dim */
    ST_TRY(B = st_unsqueeze(B, B->ndim));
    rb++;
  }
  int rank = ra > rb ? ra : rb;
  st_tensor *x[2] = {front_padded(a->in[0], a->bdim[0], ra, rank), front_padded(B, bb, rb, rank)};
  if (!x[0] || !x[1] || st__redispatch(a->c, x, out)) return st__rule_failed();
  if (vector_b) ST_TRY(out[0] = st_squeeze(st__track(out[0]), -1));
  out_bdim[0] = 0;
  return 0;
}

/* torch's rule for a vector right-hand side (linalg_solve_is_vector_rhs): B is [n], or A's shape
   without its last dim. */
bool st__la_vector_rhs(int andim, const int64_t *ashape, int bndim, const int64_t *bshape) {
  if (bndim == 1) return true;
  if (bndim != andim - 1) return false;
  for (int d = 0; d < bndim; d++)
    if (bshape[d] != ashape[d]) return false;
  return true;
}

/* ============================================================================== cholesky */

static int infer_same(const st_opcall *c, st_meta *m) {
  if (st__la_check_matrix(c, c->in[0], "A", true)) return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}

static int kernel_cholesky(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0];
  int nb = A->ndim - 2;
  int64_t n = A->shape[nb], count = st__numel(nb, A->shape), total = count * n * n;
  double *buf = st__la_gather(A, nb, A->shape, 2, false);
  if (!buf) return ST_ERR_OOM;
  for (int64_t b = 0; b < count; b++) {
    int64_t info = st__la_cholesky(buf + b * n * n, n);
    if (info) {
      char pre[48];
      st__la_free(buf, total);
      return st__op_error(c, ST_ERR_ARG,
                          "%sThe factorization could not be completed because the input is not "
                          "positive-definite (the leading minor of order %lld is not "
                          "positive-definite).",
                          st__la_batch_prefix(pre, sizeof pre, A, b), (long long)info);
    }
  }
  st__la_store(out[0], buf);
  st__la_free(buf, total);
  return 0;
}

/* L = chol(A) reads A's lower triangle (as torch's does) and differentiates over symmetric
   matrices (ST_OP_SYMMETRIC): the tangent is dA's symmetric part. Forward (derivatives.yaml,
   linalg_cholesky_ex: "L: cholesky_jvp"): dL = L phi(L^-1 dA L^-T), phi = tril with the
   diagonal halved. */
static int jvp_cholesky(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *L = a->out[0];
  st_tensor *y = st_linalg_solve_triangular(L, st__la_sym(tin[0]), false, true, false);
  st_tensor *z = st_linalg_solve_triangular(st__la_mT(L), y, true, false, false);
  ST_TRY(tout[0] = st_matmul(L, st__la_phi(z)));
  return 0;
}

/* Reverse (FunctionsManual.cpp, cholesky_backward): G = L^-T phi(L^T gL) L^-1, whose symmetric
   part is the gradient over symmetric A: torch's (and JAX's, which symmetrizes its input). */
static int vjp_cholesky(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *L = a->out[0];
  st_tensor *p = st__la_phi(st_matmul(st__la_mT(L), gout[0]));
  st_tensor *w = st_linalg_solve_triangular(st__la_mT(L), p, true, true, false);
  ST_GRAD(0, st__la_sym(st_linalg_solve_triangular(L, w, false, false, false)));
  return 0;
}

/* ====================================================================== solve_triangular */
/* attrs: triangular.upper, .left, .unitriangular */

static int infer_solve_triangular(const st_opcall *c, st_meta *m) {
  const st_tensor *A = c->in[0], *B = c->in[1];
  if (st__la_check_matrix(c, A, "A", true)) return -1;
  if (B->ndim < 2)
    return st__op_error(c, ST_ERR_SHAPE, "The input tensor B must have at least 2 dimensions, got %s",
                        ST_SHAPE_STR(B));
  if (same_dtype(c, A, B)) return -1;
  bool left = c->a.triangular.left;
  int64_t n = A->shape[A->ndim - 1], r = B->shape[B->ndim - 2], k = B->shape[B->ndim - 1];
  if ((left ? r : k) != n)
    return st__op_error(c, ST_ERR_SHAPE,
                        "Incompatible shapes of A and B for the equation %s (%lldx%lld and %lldx%lld)",
                        left ? "AX = B" : "XA = B", (long long)n, (long long)n, (long long)r,
                        (long long)k);
  int nb;
  int64_t shape[ST_MAX_DIMS];
  if (st__la_broadcast(c, A, B, 2, &nb, shape)) return -1;
  shape[nb] = r;
  shape[nb + 1] = k;
  if (st__check_shape(ST_FN(c), nb + 2, shape, A->dtype)) return -1;
  st__meta_set(m, A->dtype, nb + 2, shape);
  return 0;
}

/* X A = B is A^T X^T = B^T: the right-hand form runs on transposed buffers. */
static int kernel_solve_triangular(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0], *B = c->in[1];
  bool upper = c->a.triangular.upper, left = c->a.triangular.left,
       unit = c->a.triangular.unitriangular;
  st_tensor *X = out[0];
  int nb = X->ndim - 2, na = A->ndim - 2;
  int64_t n = A->shape[na], count = st__numel(nb, X->shape);
  int64_t k = left ? X->shape[nb + 1] : X->shape[nb], acount = st__numel(na, A->shape);
  double *a = st__la_gather(A, na, A->shape, 2, !left);
  double *b = a ? st__la_gather(B, nb, X->shape, 2, !left) : NULL;
  if (!b) {
    st__la_free(a, acount * n * n);
    return ST_ERR_OOM;
  }
  for (int64_t t = 0; t < count; t++)
    st__la_trsm(a + st__la_batch_index(A, 2, nb, X->shape, t) * n * n, n, b + t * n * k, k,
                upper != !left, unit);
  if (left) st__la_store(X, b);
  else st__la_store_transposed(X, b);
  st__la_free(a, acount * n * n);
  st__la_free(b, count * n * k);
  return 0;
}

/* The triangle of x that A's triangular solve reads (without the diagonal when unitriangular). */
static st_tensor *tri_part(st_tensor *x, const st_attrs *at) {
  if (!x) return NULL;
  int64_t k = at->triangular.unitriangular ? 1 : 0;
  return at->triangular.upper ? st_triu(x, k) : st_tril(x, -k);
}

static st_tensor *solve_tri(st_tensor *A, st_tensor *B, const st_attrs *at, bool transposed) {
  if (transposed)
    return st_linalg_solve_triangular(st__la_mT(A), B, !at->triangular.upper, at->triangular.left,
                                      at->triangular.unitriangular);
  return st_linalg_solve_triangular(A, B, at->triangular.upper, at->triangular.left,
                                    at->triangular.unitriangular);
}

/* left, X = A^-1 B: dX = A^-1 (dB - dA X); right, X = B A^-1: dX = (dB - X dA) A^-1, dA
   restricted to the triangle read (FunctionsManual.cpp, linalg_solve_triangular_forward_AD). */
static int jvp_solve_triangular(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *X = a->out[0], *rhs = NULL;
  if (tin[1] && !(rhs = st__track(st_retain(tin[1])))) return st__rule_failed();
  if (tin[0]) {
    st_tensor *dA = tri_part(tin[0], a->a);
    st_tensor *prod = a->a->triangular.left ? st_matmul(dA, X) : st_matmul(X, dA);
    rhs = rhs ? st_sub(rhs, prod) : st_neg(prod);
  }
  if (!rhs) return tin[1] ? st__rule_failed() : 0;
  ST_TRY(tout[0] = solve_tri(a->in[0], rhs, a->a, false));
  return 0;
}

/* gB = A^-T gX (left) or gX A^-T (right); gA = -gB X^T or -X^T gB on the triangle read
   (FunctionsManual.cpp, linalg_solve_triangular_backward), both summed over broadcast dims. */
static int vjp_solve_triangular(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *gB = solve_tri(a->in[0], gout[0], a->a, true);
  if (!gB) return st__rule_failed();
  if (a->needs[0]) {
    st_tensor *X = a->out[0];
    st_tensor *p =
        a->a->triangular.left ? st_matmul(gB, st__la_mT(X)) : st_matmul(st__la_mT(X), gB);
    ST_GRAD(0, st__sum_to(tri_part(st_neg(p), a->a), &a->in_meta[0]));
  }
  ST_GRAD(1, st__sum_to(gB, &a->in_meta[1]));
  return 0;
}

static int vmap_solve_triangular(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return st__la_vmap_pair(a, false, out, out_bdim);
}

/* ================================================================================= solve */

static int infer_solve(const st_opcall *c, st_meta *m) {
  const st_tensor *A = c->in[0], *B = c->in[1];
  if (st__la_check_matrix(c, A, "A", true)) return -1;
  if (B->ndim < 1)
    return st__op_error(c, ST_ERR_SHAPE, "The input tensor B must have at least 1 dimension, got []");
  if (same_dtype(c, A, B)) return -1;
  bool vec = ST__LA_VECTOR_RHS(A, B);
  int64_t n = A->shape[A->ndim - 1];
  int64_t r = vec ? B->shape[B->ndim - 1] : B->shape[B->ndim - 2];
  int64_t k = vec ? 1 : B->shape[B->ndim - 1];
  if (r != n)
    return st__op_error(c, ST_ERR_SHAPE,
                        "Incompatible shapes of A and B for the equation AX = B (%lldx%lld and "
                        "%lldx%lld)",
                        (long long)n, (long long)n, (long long)r, (long long)k);
  int nb;
  int64_t shape[ST_MAX_DIMS];
  if (st__la_broadcast(c, A, B, vec ? 1 : 2, &nb, shape)) return -1;
  shape[nb] = n;
  if (!vec) shape[nb + 1] = k;
  if (st__check_shape(ST_FN(c), nb + 2 - vec, shape, A->dtype)) return -1;
  st__meta_set(m, A->dtype, nb + 2 - vec, shape);
  return 0;
}

/* LU factors of every matrix of A (its own batch), or an error naming the singular one. */
static double *factor_all(const st_opcall *c, const st_tensor *A, int64_t **piv_out,
                          const char *what) {
  int na = A->ndim - 2;
  int64_t n = A->shape[na], count = st__numel(na, A->shape);
  double *lu = st__la_gather(A, na, A->shape, 2, false);
  int64_t *piv = lu ? st__calloc((size_t)(count * n + 1), sizeof(int64_t)) : NULL;
  if (!piv) {
    st__la_free(lu, count * n * n);
    return NULL;
  }
  for (int64_t b = 0; b < count; b++) {
    int64_t info = st__la_lu(lu + b * n * n, n, piv + b * n);
    if (info && what) {
      char pre[48];
      st__la_free(lu, count * n * n);
      st__free(piv, sizeof(int64_t) * (size_t)(count * n + 1));
      if (c->op->id == ST_OP_linalg_inv)
        st__op_error(c, ST_ERR_ARG,
                     "%sThe diagonal element %lld is zero, the inversion could not be completed "
                     "because the input matrix is singular.",
                     st__la_batch_prefix(pre, sizeof pre, A, b), (long long)info);
      else
        st__op_error(c, ST_ERR_ARG, "%s%s", st__la_batch_prefix(pre, sizeof pre, A, b), what);
      return NULL;
    }
  }
  *piv_out = piv;
  return lu;
}

static void free_factors(const st_tensor *A, double *lu, int64_t *piv) {
  int na = A->ndim - 2;
  int64_t n = A->shape[na], count = st__numel(na, A->shape);
  st__la_free(lu, count * n * n);
  st__free(piv, sizeof(int64_t) * (size_t)(count * n + 1));
}

static int kernel_solve(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0], *B = c->in[1];
  st_tensor *X = out[0];
  bool vec = ST__LA_VECTOR_RHS(A, B);
  int nb = X->ndim - (vec ? 1 : 2);
  int64_t n = A->shape[A->ndim - 1], k = vec ? 1 : X->shape[X->ndim - 1];
  int64_t count = st__numel(nb, X->shape), *piv = NULL;
  double *lu = factor_all(c, A, &piv, "The solver failed because the input matrix is singular.");
  if (!lu) return -1;
  double *b = st__la_gather(B, nb, X->shape, vec ? 1 : 2, false);
  if (!b) {
    free_factors(A, lu, piv);
    return ST_ERR_OOM;
  }
  int rc = 0;
  for (int64_t t = 0; !rc && t < count; t++) {
    int64_t ia = st__la_batch_index(A, 2, nb, X->shape, t);
    rc = st__la_lu_solve(lu + ia * n * n, piv + ia * n, n, b + t * n * k, k);
  }
  if (!rc) st__la_store(X, b);
  st__la_free(b, count * n * k);
  free_factors(A, lu, piv);
  return rc;
}

/* x as a matrix: a vector right-hand side (or solution) gets a trailing column dim. */
static st_tensor *as_column(st_tensor *x, bool vec) {
  if (!x) return NULL;
  return vec ? st_unsqueeze(x, -1) : st__track(st_retain(x));
}
static st_tensor *from_column(st_tensor *x, bool vec) {
  if (!x) return NULL;
  return vec ? st_squeeze(x, -1) : x;
}

/* X = A^-1 B: dX = A^-1 (dB - dA X) (FunctionsManual.cpp, linalg_solve_jvp). */
static int jvp_solve(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  bool vec = ST__LA_VECTOR_RHS(a->in[0], a->in[1]);
  st_tensor *X = as_column(a->out[0], vec), *rhs = NULL;
  if (!X || (tin[1] && !(rhs = as_column(tin[1], vec)))) return st__rule_failed();
  if (tin[0]) {
    st_tensor *p = st_matmul(tin[0], X);
    rhs = rhs ? st_sub(rhs, p) : st_neg(p);
  }
  if (!rhs) return tin[0] || tin[1] ? st__rule_failed() : 0;
  ST_TRY(tout[0] = from_column(st_linalg_solve(a->in[0], rhs), vec));
  return 0;
}

/* gB = A^-T gX, gA = -gB X^T (derivatives.yaml, linalg_solve: linalg_solve_backward), summed
   over broadcast dims; a vector B in matrix form. */
static int vjp_solve(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  bool vec = ST__LA_VECTOR_RHS(&a->in_meta[0], &a->in_meta[1]);
  st_tensor *gB = st_linalg_solve(st__la_mT(a->in[0]), as_column(gout[0], vec));
  if (!gB) return st__rule_failed();
  if (a->needs[0]) {
    st_tensor *X = as_column(a->out[0], vec);
    ST_GRAD(0, st__sum_to(st_neg(st_matmul(gB, st__la_mT(X))), &a->in_meta[0]));
  }
  ST_GRAD(1, st__sum_to(from_column(gB, vec), &a->in_meta[1]));
  return 0;
}

static int vmap_solve(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return st__la_vmap_pair(a, ST__LA_VECTOR_RHS(a->c->in[0], a->c->in[1]), out, out_bdim);
}

/* =================================================================================== inv */

static int kernel_inv(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0];
  int na = A->ndim - 2;
  int64_t n = A->shape[na], count = st__numel(na, A->shape), *piv = NULL;
  double *lu = factor_all(c, A, &piv, "");
  if (!lu) return -1;
  double *y = st__la_alloc(count * n * n);
  if (!y) {
    free_factors(A, lu, piv);
    return ST_ERR_OOM;
  }
  int rc = 0;
  for (int64_t b = 0; !rc && b < count; b++) {
    double *yb = y + b * n * n;
    for (int64_t i = 0; i < n; i++) yb[i * n + i] = 1;
    rc = st__la_lu_solve(lu + b * n * n, piv + b * n, n, yb, n);
  }
  if (!rc) st__la_store(out[0], y);
  st__la_free(y, count * n * n);
  free_factors(A, lu, piv);
  return rc;
}

/* Y = A^-1: dY = -Y dA Y, gA = -Y^T gY Y^T (derivatives.yaml, linalg_inv_ex). */
static int jvp_inv(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  ST_TRY(tout[0] = st_neg(st_matmul(st_matmul(a->out[0], tin[0]), a->out[0])));
  return 0;
}

static int vjp_inv(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *yt = st__la_mT(a->out[0]);
  ST_GRAD(0, st_neg(st_matmul(st_matmul(yt, gout[0]), yt)));
  return 0;
}

/* ========================================================================= det, slogdet */

static int infer_det(const st_opcall *c, st_meta *m) {
  const st_tensor *A = c->in[0];
  if (st__la_check_matrix(c, A, "A", true)) return -1;
  for (int j = 0; j < c->op->nout; j++) st__meta_set(&m[j], A->dtype, A->ndim - 2, A->shape);
  return 0;
}

/* det from LU: the product of U's diagonal, negated once per row swap; a zero pivot gives 0
   (torch: the determinant of a singular matrix is 0, its slogdet (0, -inf)). */
static int kernel_det(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *A = c->in[0];
  int na = A->ndim - 2;
  int64_t n = A->shape[na], count = st__numel(na, A->shape), *piv = NULL;
  bool slog = c->op->id == ST_OP_linalg_slogdet;
  double *lu = factor_all(c, A, &piv, NULL);
  double *r = lu ? st__la_alloc(2 * count) : NULL;
  if (!r) {
    if (lu) free_factors(A, lu, piv);
    return ST_ERR_OOM;
  }
  for (int64_t b = 0; b < count; b++) {
    const double *m = lu + b * n * n;
    double det = 1, sign = 1, logabs = 0; /* the sign apart: det may underflow, logabs not */
    for (int64_t i = 0; i < n; i++) {
      double d = piv[b * n + i] != i ? -m[i * n + i] : m[i * n + i];
      det *= d;
      sign *= (d > 0) - (d < 0);
      logabs += log(fabs(d));
    }
    r[b] = slog ? sign : det;
    r[count + b] = logabs;
  }
  st__la_store(out[0], r);
  if (slog) st__la_store(out[1], r + count);
  st__la_free(r, 2 * count);
  free_factors(A, lu, piv);
  return 0;
}

/* Whether t is batched by a vmap anywhere in its chain of wrappers (then it has no one value to
   read). */
static bool under_vmap(const st_tensor *t) {
  for (; t && t->wrap != ST_WRAP_NONE; t = t->value)
    if (t->wrap == ST_WRAP_VMAP) return true;
  return false;
}

/* The cofactor matrix adj(A)^T = det(A) A^-T, the derivative of det at A for every A, singular
   ones included (det is a polynomial). Where det(A) != 0: det A^-T (derivatives.yaml,
   linalg_det: linalg_det_backward). Where det(A) == 0 (a zero pivot), PyTorch's formula for
   singular inputs (FunctionsManual.cpp, linalg_det_backward, the SVD branch; torch takes it
   when it differentiates with create_graph, while its first-order path returns zeros there):
   with A = U diag(s) Vh, adj(A)^T = det(U) det(Vh) U diag(c) Vh, c_i = prod_{j != i} s_j, which
   is the cofactor matrix at rank n - 1 and zero below. The two branches are joined by where on
   safe inputs (the identity for the inverse, diag(1..n) for the SVD, whose singular values are
   distinct) so that neither branch's derivative is ever infinite; when det's values can be read
   (no vmap, no st_compile capture, whose graph must serve every value) and none is zero, the
   SVD is skipped. */
static st_tensor *cofactor_t(st_tensor *A, st_tensor *det) {
  if (!A || !det) return NULL;
  st_tensor *s = per_matrix(det);
  bool any_zero = true;
  if (!under_vmap(det) && !st__capturing()) {
    double least = st_numel(det) > 0 ? st_item(st_amin_all(st_abs(det))) : 1;
    any_zero = !(least > 0); /* NaN (unreadable or a NaN input) too: the safe way */
  }
  if (!any_zero) return st_mul(s, st__la_mT(st_linalg_inv(A)));
  int64_t n = A->shape[A->ndim - 1];
  st_tensor *eye = st_eye(A->dtype, n, n);
  st_tensor *zero = per_matrix(st_eq(det, st_zeros_like(det)));
  st_tensor *regular = st_mul(s, st__la_mT(st_linalg_inv(st_where(zero, eye, A))));
  st_tensor *distinct = st__la_diag_embed(st_add_scalar(st_arange(A->dtype, 0, (double)n, 1), 1));
  st_tensor *U = NULL, *S = NULL, *Vh = NULL;
  if (st_linalg_svd(st_where(zero, A, distinct), &U, &S, &Vh)) return NULL;
  int last = -1;
  /* c_i = prod_j M[i][j] with M = s broadcast along the rows and ones on the diagonal */
  st_tensor *M = st_add(st_mul(st_unsqueeze(S, -2), st_sub(st_ones_like(eye), eye)), eye);
  st_tensor *c = st_prod(M, 1, &last, false);
  st_tensor *alpha = per_matrix(st_mul(st_linalg_det(U), st_linalg_det(Vh)));
  st_tensor *singular = st_mul(alpha, st_matmul(st_mul(U, st_unsqueeze(c, -2)), Vh));
  return st_where(zero, singular, regular);
}

/* d det = tr(adj(A) dA) = sum(adj(A)^T o dA) (det tr(A^-1 dA) where A is invertible); the
   gradient gA = g adj(A)^T. */
static int jvp_det(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  int dims[2] = {-2, -1};
  ST_TRY(tout[0] = st_sum(st_mul(cofactor_t(a->in[0], a->out[0]), tin[0]), 2, dims, false));
  return 0;
}

static int vjp_det(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st_mul(per_matrix(gout[0]), cofactor_t(a->in[0], a->out[0])));
  return 0;
}

/* At a singular A, log |det| is -inf and its derivative unbounded: torch returns infinities and
   NaNs from its LU there; strata refuses with an error that says so. */
static int singular_logdet(void) {
  if (st__status() != ST_ERR_ARG) return st__rule_failed();
  return st__error(ST_ERR_ARG, "st_linalg_slogdet: the derivative of logabsdet is infinite at a "
                               "singular matrix (logabsdet = -inf)");
}

/* slogdet: the sign is locally constant; d logabsdet = tr(A^-1 dA), gA = g A^-T
   (derivatives.yaml, linalg_slogdet: slogdet_backward, real case). */
static int jvp_slogdet(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *x = st_linalg_solve(a->in[0], tin[0]);
  if (!x) return singular_logdet();
  ST_TRY(tout[1] = st__la_trace(x));
  return 0;
}

static int vjp_slogdet(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  if (!a->needs[0]) return 0;
  st_tensor *inv = st_linalg_inv(a->in[0]);
  if (!inv) return singular_logdet();
  ST_GRAD(0, st_mul(per_matrix(gout[1]), st__la_mT(inv)));
  return 0;
}

/* =============================================================================== samples */

#include "linalg_samples.h"
#include "samples.h"

/* Well-conditioned inputs (general: values in [-1, 1) plus a growing diagonal; spd: M M^T plus a
   growing diagonal) in three layouts: contiguous, a transposed view, a stride-0 batch dim.
   Errors: non-square, 1-D, i64, a matrix that is singular or not positive-definite. */
static int samples_square(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a = {0};
  bool spd = op->id == ST_OP_linalg_cholesky;
  PUSH("contiguous", 1, spd ? P(3, 3) : M(3, 3));
  PUSH("transposed", 1, spd ? PT(4, 4) : MT(4, 4));
  PUSH("batched", 1, spd ? P(2, 3, 3) : M(2, 3, 3));
  PUSH("broadcast batch", 1, spd ? PB(2, 3, 3) : MB(2, 3, 3));
  PUSH("1x1", 1, spd ? P(1, 1) : M(1, 1));
  PUSH("size-0 matrices", 1, S(2, 0, 0));
  PUSH("size-0 batch", 1, S(0, 3, 3));
  FAIL("non-square", ST_ERR_SHAPE, 1, S(2, 3));
  FAIL("1-D", ST_ERR_SHAPE, 1, S(3));
  FAIL("i64", ST_ERR_DTYPE, 1, I64(2, 2));
  if (spd) FAIL("not positive-definite", ST_ERR_ARG, 1, st__untrack(st_full(dt, ST_SHAPE(2, 2, 2), -1.0)));
  if (op->id == ST_OP_linalg_inv) FAIL("singular", ST_ERR_ARG, 1, st__untrack(st_zeros(dt, ST_SHAPE(2, 2))));
  return n;
}

static int samples_solve(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a = {0};
  (void)op;
  PUSH("contiguous", 2, M(3, 3), S(3, 2));
  PUSH("transposed", 2, MT(3, 3), st__sample_noncontig(dt, ST_SHAPE(3, 2), -1, 1));
  PUSH("vector B", 2, M(3, 3), S(3));
  PUSH("batched vector B", 2, M(2, 3, 3), S(2, 3));
  PUSH("batch broadcast", 2, M(2, 1, 3, 3), S(3, 3, 2));
  PUSH("stride-0 batch", 2, MB(2, 3, 3), S(3, 1));
  PUSH("size-0", 2, S(0, 3, 3), S(0, 3, 1));
  PUSH("size-0 matrices", 2, S(0, 0), S(0, 2));
  FAIL("rows mismatch", ST_ERR_SHAPE, 2, M(3, 3), S(4, 1));
  FAIL("batch mismatch", ST_ERR_SHAPE, 2, M(2, 3, 3), S(3, 3, 1));
  FAIL("dtype mismatch", ST_ERR_DTYPE, 2, M(3, 3), st__sample(dt == ST_F64 ? ST_F32 : ST_F64, ST_SHAPE(3, 1), -1, 1));
  FAIL("singular", ST_ERR_ARG, 2, st__untrack(st_zeros(dt, ST_SHAPE(2, 2, 2))), S(2, 2, 1));
  return n;
}

static int samples_solve_triangular(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a = {.triangular = {true, true, false}};
  (void)op;
  PUSH("upper, left", 2, M(3, 3), S(3, 2));
  a.triangular.upper = 0;
  PUSH("lower, left, transposed", 2, MT(3, 3), st__sample_noncontig(dt, ST_SHAPE(3, 2), -1, 1));
  a.triangular.unitriangular = 1;
  PUSH("lower, left, unitriangular", 2, M(2, 3, 3), S(3, 1));
  a.triangular.left = 0;
  PUSH("lower, right, unitriangular", 2, M(3, 3), S(2, 3));
  a.triangular.upper = 1;
  a.triangular.unitriangular = 0;
  PUSH("upper, right, batch broadcast", 2, MB(2, 1, 3, 3), S(3, 2, 3));
  PUSH("size-0", 2, S(0, 0), S(2, 0));
  a.triangular.left = 1;
  FAIL("1-D B", ST_ERR_SHAPE, 2, M(3, 3), S(3));
  FAIL("rows mismatch", ST_ERR_SHAPE, 2, M(3, 3), S(2, 3));
  FAIL("i64", ST_ERR_DTYPE, 2, I64(2, 2), I64(2, 1));
  return n;
}

static int samples_det(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = samples_square(op, dt, out, cap);
  st_attrs a = {0};
  /* a negative determinant: the general sample with two rows swapped */
  st_tensor *m = M(3, 3);
  PUSH("negative determinant", 1, m ? st__untrack(st_flip(m, 1, (const int[]){0})) : NULL);
  st__drop(m);
  return n;
}

const st_op st__op_linalg_cholesky = {
    .id = ST_OP_linalg_cholesky, .name = "linalg_cholesky", .nin = 1, .nout = 1,
    .flags = ST_OP_SYMMETRIC,
    .infer = infer_same, .kernel = kernel_cholesky, .saves = ST_SAVE_OUT(0),
    .vjp = vjp_cholesky, .jvp = jvp_cholesky, .vmap = st__la_vmap_unary,
    .samples = samples_square};
const st_op st__op_linalg_solve_triangular = {
    .id = ST_OP_linalg_solve_triangular, .name = "linalg_solve_triangular", .nin = 2, .nout = 1,
    .infer = infer_solve_triangular, .kernel = kernel_solve_triangular,
    .saves = ST_SAVE_IN(0) | ST_SAVE_OUT(0), .vjp = vjp_solve_triangular,
    .jvp = jvp_solve_triangular, .vmap = vmap_solve_triangular,
    .samples = samples_solve_triangular};
const st_op st__op_linalg_solve = {
    .id = ST_OP_linalg_solve, .name = "linalg_solve", .nin = 2, .nout = 1, .infer = infer_solve,
    .kernel = kernel_solve, .saves = ST_SAVE_IN(0) | ST_SAVE_OUT(0), .vjp = vjp_solve,
    .jvp = jvp_solve, .vmap = vmap_solve, .samples = samples_solve};
const st_op st__op_linalg_inv = {
    .id = ST_OP_linalg_inv, .name = "linalg_inv", .nin = 1, .nout = 1, .infer = infer_same,
    .kernel = kernel_inv, .saves = ST_SAVE_OUT(0), .vjp = vjp_inv, .jvp = jvp_inv,
    .vmap = st__la_vmap_unary, .samples = samples_square};
const st_op st__op_linalg_det = {
    .id = ST_OP_linalg_det, .name = "linalg_det", .nin = 1, .nout = 1, .infer = infer_det,
    .kernel = kernel_det, .saves = ST_SAVE_IN(0) | ST_SAVE_OUT(0), .vjp = vjp_det,
    .jvp = jvp_det, .vmap = st__la_vmap_unary, .samples = samples_det};
const st_op st__op_linalg_slogdet = {
    .id = ST_OP_linalg_slogdet, .name = "linalg_slogdet", .nin = 1, .nout = 2,
    .infer = infer_det, .kernel = kernel_det, .saves = ST_SAVE_IN(0), .vjp = vjp_slogdet,
    .jvp = jvp_slogdet, .vmap = st__la_vmap_unary, .samples = samples_det};

/* ------------------------------------------------------------------------ public functions */

st_tensor *st_linalg_cholesky(st_tensor *A) {
  st_opcall c = ST_CALL(linalg_cholesky, A);
  return st__call1(&c);
}
st_tensor *st_linalg_solve_triangular(st_tensor *A, st_tensor *B, bool upper, bool left,
                                      bool unitriangular) {
  st_opcall c = ST_CALL(linalg_solve_triangular, A, B);
  c.a.triangular.upper = upper;
  c.a.triangular.left = left;
  c.a.triangular.unitriangular = unitriangular;
  return st__call1(&c);
}
st_tensor *st_linalg_solve(st_tensor *A, st_tensor *B) {
  st_opcall c = ST_CALL(linalg_solve, A, B);
  return st__call1(&c);
}
st_tensor *st_linalg_inv(st_tensor *A) {
  st_opcall c = ST_CALL(linalg_inv, A);
  return st__call1(&c);
}
st_tensor *st_linalg_det(st_tensor *A) {
  st_opcall c = ST_CALL(linalg_det, A);
  return st__call1(&c);
}
int st_linalg_slogdet(st_tensor *A, st_tensor **sign, st_tensor **logabsdet) {
  st_opcall c = ST_CALL(linalg_slogdet, A);
  st_tensor *o[2] = {NULL, NULL};
  int rc = st__call_n(&c, o);
  if (sign) *sign = o[0];
  if (logabsdet) *logabsdet = o[1];
  return rc;
}
