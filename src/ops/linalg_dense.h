/* linalg_dense.h — what the dense linear-algebra families (linalg_dense.c: cholesky, triangular
   and general solves, inv, det, slogdet; linalg_decomp.c: qr, eigh, svd, lstsq) share: gathering
   batches of matrices into double buffers, the shape checks torch.linalg makes, the batching
   rules, and the public-op helpers their derivative rules are written with. */
#ifndef STRATA_OPS_LINALG_DENSE_H
#define STRATA_OPS_LINALG_DENSE_H

#include "../kernels/linalg_dense.h"
#include "op.h"
#include "rules.h"


/* Sample matrices for the test matrix (samples.c): well-conditioned, layout 0 contiguous, 1 a
   transposed view, 2 the first dim a stride-0 broadcast. General: values in [-1, 1) plus a
   growing diagonal (distinct singular values); spd: M M^T plus a growing diagonal (distinct
   eigenvalues). Untracked new references. */
enum { ST_LA_GENERAL, ST_LA_SPD };
st_tensor *st__sample_matrix(st_dtype dt, int ndim, const int64_t *shape, int kind, int layout);


/* ---- buffers: every batch element's matrix, row-major doubles, one after another */

/* t's last `mdims` dims (2: a matrix; 1: a vector, read as one column) for every index of the
   batch shape bshape[0..nb), t's leading dims right-aligned against it and broadcast; with
   `transposed` each matrix is stored transposed. NULL (OOM set) on failure; st__free_doubles. */
double *st__la_gather(const st_tensor *t, int nb, const int64_t *bshape, int mdims, bool transposed);
/* out's elements from a buffer laid out in out's shape (row-major). */
void st__la_store(st_tensor *out, const double *buf);
/* Like st__la_store with each trailing rows x cols matrix of buf transposed (buf holds
   cols x rows matrices). */
void st__la_store_transposed(st_tensor *out, const double *buf);
double *st__la_alloc(int64_t n);
void st__la_free(double *p, int64_t n);

/* ---- shapes */

/* A must be [..., n, n] (square unless `any_shape`) of f32 or f64; errors follow torch's. */
int st__la_check_matrix(const st_opcall *c, const st_tensor *A, const char *name, bool square);
/* The broadcast of the leading dims of A (all but 2) and of B (all but bdims), into bshape; *nb
   receives the count. */
int st__la_broadcast(const st_opcall *c, const st_tensor *A, const st_tensor *B, int bdims,
                     int *nb, int64_t *bshape);
/* The index into t's own batch of the flat index `flat` of the broadcast batch bshape[0..nb). */
int64_t st__la_batch_index(const st_tensor *t, int tdims, int nb, const int64_t *bshape,
                           int64_t flat);
/* "(Batch element 3): " when A has batch dims, else "" (torch's prefix of per-matrix errors). */
const char *st__la_batch_prefix(char *buf, size_t size, const st_tensor *A, int64_t b);

/* torch's rule for a vector right-hand side B of A (solve, lstsq): B is [n], or A's shape
   without its last dim. ST__LA_VECTOR_RHS takes tensors or tensor metas alike. */
bool st__la_vector_rhs(int andim, const int64_t *ashape, int bndim, const int64_t *bshape);
#define ST__LA_VECTOR_RHS(A, B) st__la_vector_rhs((A)->ndim, (A)->shape, (B)->ndim, (B)->shape)

/* ---- public-op helpers for the rules (tracked references, NULL on error) */

st_tensor *st__la_mT(st_tensor *x);                 /* transpose of the last two dims */
st_tensor *st__la_diag_embed(st_tensor *v);          /* [..., n] -> [..., n, n] */
st_tensor *st__la_phi(st_tensor *x);                 /* tril(x) with its diagonal halved */
st_tensor *st__la_trace(st_tensor *x);               /* sum of the diagonal, [...] */
/* (x + x^T) / 2: a tangent or gradient of an ST_OP_SYMMETRIC op, taken over symmetric
   matrices (the ops read A's lower triangle, and differentiate as torch and JAX do). */
st_tensor *st__la_sym(st_tensor *x);

/* ---- batching rules */

/* One matrix input: the batch dim moved first, the op run again, every output batched at 0. */
int st__la_vmap_unary(const st_vmap_args *a, st_tensor **out, int *out_bdim);
/* Two inputs whose leading dims broadcast (solve, solve_triangular, lstsq): both with the batch
   first and their ranks padded alike; `vector_b`: B is a vector, made a column and the
   result's last dim dropped again. */
int st__la_vmap_pair(const st_vmap_args *a, bool vector_b, st_tensor **out, int *out_bdim);

#endif
