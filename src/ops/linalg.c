/* linalg.c — matrix products: matmul (torch.matmul semantics), mm, bmm, dot, outer and linear.
   Each op describes its operands as batches of strided matrices (a plan) and runs them through
   GEMM without copying: a transposed operand is swapped strides, a broadcast batch dim stride 0,
   a 1-D operand a 1-row or 1-column matrix. Dtypes: the operands of matmul, mm, bmm, dot and
   linear (its bias too) must have one dtype, as torch's (which raises "expected m1 and m2 to have
   the same dtype"); outer promotes, as torch.outer does. f32 and f64 run their GEMM, i64 an
   integer GEMM as PyTorch's CPU matmul does; bool is refused. */
#include <string.h>

#include "../kernels/gemm.h"
#include "op.h"
#include "rules.h"

/* One operand as rows x cols matrices, batched over the output's batch dims (stride 0 where
   the operand has no such dim or has size 1 there). */
typedef struct mat {
  const char *data;
  int64_t rows, cols, rs, cs;
  int64_t bstride[ST_MAX_DIMS];
} mat;

typedef struct plan {
  mat a, b; /* a is m x k, b is k x n */
  int nbatch;
  int64_t bshape[ST_MAX_DIMS];
  int ndim; /* the output: batch dims, then m unless a is 1-D, then n unless b is 1-D */
  int64_t shape[ST_MAX_DIMS];
  st_dtype dtype;
} plan;

/* ------------------------------------------------------------------ describing operands */

static mat mat_rows(const st_tensor *t) { /* the last two dims */
  int d = t->ndim;
  return (mat){.data = st__data(t),
               .rows = t->shape[d - 2],
               .cols = t->shape[d - 1],
               .rs = t->strides[d - 2],
               .cs = t->strides[d - 1]};
}
static mat mat_row_vector(const st_tensor *t) {
  return (mat){.data = st__data(t), .rows = 1, .cols = t->shape[0], .cs = t->strides[0]};
}
static mat mat_col_vector(const st_tensor *t) {
  return (mat){.data = st__data(t), .rows = t->shape[0], .cols = 1, .rs = t->strides[0]};
}
static mat mat_transposed(const st_tensor *t) {
  return (mat){.data = st__data(t),
               .rows = t->shape[1],
               .cols = t->shape[0],
               .rs = t->strides[1],
               .cs = t->strides[0]};
}

/* The batch dims of t (all but its last two), right-aligned against p's batch shape. */
static void set_batch_strides(const plan *p, const st_tensor *t, mat *m) {
  int nb = t->ndim > 2 ? t->ndim - 2 : 0;
  for (int d = 0; d < p->nbatch; d++) {
    int src = d - (p->nbatch - nb);
    m->bstride[d] = src < 0 || t->shape[src] == 1 ? 0 : t->strides[src];
  }
}

/* p's batch shape: the broadcast of a's and b's batch dims (those before their last two). */
static int broadcast_batch(const st_opcall *c, const st_tensor *a, const st_tensor *b, plan *p) {
  int na = a->ndim > 2 ? a->ndim - 2 : 0, nb = b->ndim > 2 ? b->ndim - 2 : 0;
  p->nbatch = na > nb ? na : nb;
  for (int d = 0; d < p->nbatch; d++) {
    int64_t sa = d < p->nbatch - na ? 1 : a->shape[d - (p->nbatch - na)];
    int64_t sb = d < p->nbatch - nb ? 1 : b->shape[d - (p->nbatch - nb)];
    if (sa != sb && sa != 1 && sb != 1)
      return st__op_error(c, ST_ERR_SHAPE,
                          "batch dims of %s and %s cannot be broadcast (%lld vs %lld)",
                          ST_SHAPE_STR(a), ST_SHAPE_STR(b), (long long)sa, (long long)sb);
    p->bshape[d] = sa == 1 ? sb : sa;
  }
  return 0;
}

/* matmul, mm, bmm, dot and linear take operands of one dtype (torch raises for f32 @ f64 and
   i64 @ f32 alike); outer alone promotes. Public calls check it before dispatch too, since a
   storage-only dtype (f16 @ f32) would otherwise pass as the wide dtypes it runs in. */
static int check_same_dtype(const st_opcall *c, st_tensor *const *in, int n) {
  if (c->op->id == ST_OP_outer) return 0;
  st_dtype a = in[0]->dtype;
  if (n > 1 && in[1]->dtype != a)
    return st__op_error(c, ST_ERR_DTYPE,
                        "expected both operands to have the same dtype, but got %s and %s",
                        st_dtype_name(a), st_dtype_name(in[1]->dtype));
  if (n > 2 && in[2]->dtype != a)
    return st__op_error(c, ST_ERR_DTYPE, "expected the bias to have the input's dtype %s, got %s",
                        st_dtype_name(a), st_dtype_name(in[2]->dtype));
  return 0;
}

/* Output dtype: the operands' one dtype (outer: promoted); bool has no multiply-add. */
static int promote(const st_opcall *c, st_tensor *const *in, int n, st_dtype *dt) {
  if (check_same_dtype(c, in, n)) return -1;
  st_dtype r = in[0]->dtype;
  for (int i = 1; i < n; i++) r = st_promote_types(r, in[i]->dtype);
  if (r == ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "bool tensors are not supported (got bool inputs)");
  *dt = r;
  return 0;
}

static int check_inner(const st_opcall *c, const st_tensor *a, const st_tensor *b, const plan *p) {
  if (p->a.cols == p->b.rows) return 0;
  return st__op_error(c, ST_ERR_SHAPE, "cannot multiply %s by %s (%lld != %lld)", ST_SHAPE_STR(a),
                      ST_SHAPE_STR(b), (long long)p->a.cols, (long long)p->b.rows);
}

/* The output shape: batch dims, then m and n unless the operand they come from is 1-D. */
static int set_out_shape(const st_opcall *c, plan *p, bool a_vector, bool b_vector) {
  p->ndim = p->nbatch;
  memcpy(p->shape, p->bshape, sizeof(int64_t) * (size_t)p->nbatch);
  if (!a_vector) p->shape[p->ndim++] = p->a.rows;
  if (!b_vector) p->shape[p->ndim++] = p->b.cols;
  const char *fn = ST_FN(c);
  return st__check_shape(fn, p->ndim, p->shape, p->dtype);
}

/* ------------------------------------------------------------------- one plan per op */

static int shape_error(const st_opcall *c, const char *want, const st_tensor *a, const st_tensor *b) {
  return st__op_error(c, ST_ERR_SHAPE, "expected %s, got %s and %s", want, ST_SHAPE_STR(a),
                      ST_SHAPE_STR(b));
}

/* torch.matmul: 1-D @ 1-D is a dot product; a 1-D left operand is a row (its dim dropped from
   the result), a 1-D right operand a column; more than 2 dims are batches that broadcast. */
static int plan_matmul(const st_opcall *c, st_tensor *const *in, plan *p) {
  const st_tensor *a = in[0], *b = in[1];
  if (a->ndim == 0 || b->ndim == 0) return shape_error(c, "tensors with at least 1 dim", a, b);
  if (broadcast_batch(c, a, b, p) || promote(c, in, 2, &p->dtype)) return -1;
  p->a = a->ndim == 1 ? mat_row_vector(a) : mat_rows(a);
  p->b = b->ndim == 1 ? mat_col_vector(b) : mat_rows(b);
  if (check_inner(c, a, b, p)) return -1;
  set_batch_strides(p, a, &p->a);
  set_batch_strides(p, b, &p->b);
  return set_out_shape(c, p, a->ndim == 1, b->ndim == 1);
}

static int plan_mm(const st_opcall *c, st_tensor *const *in, plan *p) {
  if (in[0]->ndim != 2 || in[1]->ndim != 2) return shape_error(c, "2-D tensors", in[0], in[1]);
  return plan_matmul(c, in, p);
}

static int plan_bmm(const st_opcall *c, st_tensor *const *in, plan *p) {
  const st_tensor *a = in[0], *b = in[1];
  if (a->ndim != 3 || b->ndim != 3) return shape_error(c, "3-D tensors", a, b);
  if (a->shape[0] != b->shape[0])
    return st__op_error(c, ST_ERR_SHAPE, "batch sizes of %s and %s differ (%lld != %lld)",
                        ST_SHAPE_STR(a), ST_SHAPE_STR(b), (long long)a->shape[0],
                        (long long)b->shape[0]);
  return plan_matmul(c, in, p);
}

static int plan_dot(const st_opcall *c, st_tensor *const *in, plan *p) {
  if (in[0]->ndim != 1 || in[1]->ndim != 1) return shape_error(c, "1-D tensors", in[0], in[1]);
  return plan_matmul(c, in, p);
}

/* a[n] outer b[m]: the column a times the row b, an [n, m] product over k = 1. */
static int plan_outer(const st_opcall *c, st_tensor *const *in, plan *p) {
  if (in[0]->ndim != 1 || in[1]->ndim != 1) return shape_error(c, "1-D tensors", in[0], in[1]);
  if (promote(c, in, 2, &p->dtype)) return -1;
  p->nbatch = 0;
  p->a = mat_col_vector(in[0]);
  p->b = mat_row_vector(in[1]);
  return set_out_shape(c, p, false, false);
}

/* x [..., in] @ W^T with W [out, in]: W's transpose is its swapped strides. The bias [out]
   (input 2 when given) is added by the kernel. */
static int plan_linear(const st_opcall *c, st_tensor *const *in, plan *p) {
  const st_tensor *x = in[0], *w = in[1], *bias = c->nin > 2 ? in[2] : NULL;
  if (c->nin < 2 || c->nin > 3)
    return st__op_error(c, ST_ERR_ARG, "expected 2 or 3 tensors, got %d", c->nin);
  if (x->ndim == 0) return st__op_error(c, ST_ERR_SHAPE, "input must have at least 1 dim, got []");
  if (w->ndim != 2)
    return st__op_error(c, ST_ERR_SHAPE, "weight must be 2-D [out, in], got %s", ST_SHAPE_STR(w));
  int64_t features = x->shape[x->ndim - 1];
  if (features != w->shape[1])
    return st__op_error(c, ST_ERR_SHAPE, "input %s has %lld features but weight %s expects %lld",
                        ST_SHAPE_STR(x), (long long)features, ST_SHAPE_STR(w),
                        (long long)w->shape[1]);
  if (bias && (bias->ndim != 1 || bias->shape[0] != w->shape[0]))
    return st__op_error(c, ST_ERR_SHAPE, "bias must be [%lld] to match weight %s, got %s",
                        (long long)w->shape[0], ST_SHAPE_STR(w), ST_SHAPE_STR(bias));
  if (promote(c, in, c->nin, &p->dtype)) return -1;
  p->nbatch = x->ndim > 2 ? x->ndim - 2 : 0;
  memcpy(p->bshape, x->shape, sizeof(int64_t) * (size_t)p->nbatch);
  p->a = x->ndim == 1 ? mat_row_vector(x) : mat_rows(x);
  p->b = mat_transposed(w);
  set_batch_strides(p, x, &p->a);
  set_batch_strides(p, w, &p->b); /* none: W is 2-D */
  return set_out_shape(c, p, x->ndim == 1, false);
}

static int make_plan(const st_opcall *c, st_tensor *const *in, plan *p) {
  switch (c->op->id) {
  case ST_OP_mm: return plan_mm(c, in, p);
  case ST_OP_bmm: return plan_bmm(c, in, p);
  case ST_OP_dot: return plan_dot(c, in, p);
  case ST_OP_outer: return plan_outer(c, in, p);
  case ST_OP_linear: return plan_linear(c, in, p);
  default: return plan_matmul(c, in, p);
  }
}

static int infer_product(const st_opcall *c, st_meta *m) {
  plan p;
  if (make_plan(c, c->in, &p)) return -1;
  st__meta_set(m, p.dtype, p.ndim, p.shape);
  return 0;
}

/* ------------------------------------------------------------------------------ kernel */

/* Below this many multiply-adds per matrix, a batch runs on one thread and the batches are
   shared out instead (the GEMM itself threads above it). */
#define GEMM_THREADS_WORK (1 << 20)
#define BATCH_PARALLEL_WORK (1 << 15)

static int gemm(st_dtype dt, int64_t m, int64_t n, int64_t k, const mat *a, int64_t oa,
                const mat *b, int64_t ob, int beta, char *C, int64_t rsc) {
  int64_t es = (int64_t)st_dtype_size(dt);
  const void *A = a->data + oa * es, *B = b->data + ob * es;
  switch (dt) {
  case ST_F32:
    return st__k_gemm_f32(m, n, k, A, a->rs, a->cs, B, b->rs, b->cs, (float)beta, (float *)C, rsc,
                          1);
  case ST_F64:
    return st__k_gemm_f64(m, n, k, A, a->rs, a->cs, B, b->rs, b->cs, beta, (double *)C, rsc, 1);
  default:
    st__k_gemm_i64(m, n, k, A, a->rs, a->cs, B, b->rs, b->cs, beta, (int64_t *)C, rsc, 1);
    return 0;
  }
}

/* When b is the same matrix for every batch and a's batches sit one after another at a's row
   stride (a contiguous [B, m, k] @ [k, n], or x @ W^T in linear), the batch folds into m and the
   whole product is one GEMM. Returns the row stride of the folded a, or -1. */
static int64_t folded_row_stride(const plan *p) {
  int64_t rs = p->a.rs, next = p->a.rows > 1 ? p->a.rs * p->a.rows : -1;
  for (int d = p->nbatch - 1; d >= 0; d--) {
    if (p->bshape[d] == 1) continue;
    if (p->b.bstride[d] != 0) return -1;
    if (next < 0) next = rs = p->a.bstride[d]; /* a single row: its stride is free to choose */
    if (p->a.bstride[d] != next) return -1;
    next *= p->bshape[d];
  }
  return rs;
}

static int run_plan(const plan *p, char *C, int beta) {
  int64_t m = p->a.rows, n = p->b.cols, k = p->a.cols, nb = st__numel(p->nbatch, p->bshape);
  if (m == 0 || n == 0 || nb == 0) return 0;
  int64_t rs = folded_row_stride(p);
  if (rs >= 0) {
    mat a = p->a;
    a.rs = rs;
    return gemm(p->dtype, m * nb, n, k, &a, 0, &p->b, 0, beta, C, n);
  }
  int64_t work = m * n * k, es = (int64_t)st_dtype_size(p->dtype);
  int nt = work < GEMM_THREADS_WORK && work * nb >= BATCH_PARALLEL_WORK ? st__num_threads() : 1,
      failed = 0;
#pragma omp parallel for num_threads(nt) if (nt > 1) schedule(static) reduction(| : failed)
  for (int64_t t = 0; t < nb; t++) {
    int64_t oa = 0, ob = 0, rest = t;
    for (int d = p->nbatch - 1; d >= 0; d--) {
      int64_t i = rest % p->bshape[d];
      rest /= p->bshape[d];
      oa += i * p->a.bstride[d];
      ob += i * p->b.bstride[d];
    }
    failed |= gemm(p->dtype, m, n, k, &p->a, oa, &p->b, ob, beta, C + t * m * n * es, n) != 0;
  }
  return failed ? ST_ERR_OOM : 0;
}

/* linear's bias, broadcast along every row of the output, which the GEMM then adds to. */
static void fill_bias(st_tensor *out, const st_tensor *bias) {
  int64_t strides[ST_MAX_DIMS] = {0};
  strides[out->ndim - 1] = bias->strides[0];
  st_view src = {st__data(bias), bias->dtype, out->ndim, out->shape, strides};
  st__k_copy(st__view_of(out), src);
}

static int kernel_product(const st_opcall *c, st_tensor *const *out) {
  st_tensor *in[3] = {NULL, NULL, NULL};
  st_dtype dt = out[0]->dtype;
  int rc = ST_ERR_OOM;
  for (int i = 0; i < c->nin; i++) /* mixed dtypes: convert the odd ones out */
    if (!(in[i] = c->in[i]->dtype == dt ? st_retain(c->in[i]) : st__contig_as(c->in[i], dt)))
      goto done;
  plan p;
  make_plan(c, in, &p); /* infer already checked the same shapes */
  bool bias = c->op->id == ST_OP_linear && c->nin == 3;
  if (bias) fill_bias(out[0], in[2]);
  rc = run_plan(&p, st__data(out[0]), bias);
done:
  for (int i = 0; i < c->nin; i++) st__drop(in[i]);
  return rc;
}

/* ---------------------------------------------------------------------------- vjp rules */

/* matmul (and mm, bmm): d(a @ b) = g @ b^T for a and a^T @ g for b (derivatives.yaml), each
   summed over broadcast batch dims. A 1-D a is a row [1, k] and a 1-D b a column [k, 1], as
   in the forward, so g gets those dims back first. One st_matmul per needed gradient: with
   needs_input_grad the weight gradient of a layer is never computed when nobody wants it. */
static st_tensor_meta as_matrix(const st_tensor_meta *m, bool row) {
  st_tensor_meta r = *m;
  if (m->ndim == 1) {
    r.ndim = 2;
    r.shape[0] = row ? 1 : m->shape[0];
    r.shape[1] = row ? m->shape[0] : 1;
  }
  return r;
}

static st_tensor *matrix_view(st_tensor *t, bool row) {
  return t->ndim == 1 ? st_unsqueeze(t, row ? 0 : 1) : st__track(st_retain(t));
}

/* Sums g over broadcast dims to the matrix form m2, then reshapes to the input's shape m. */
static st_tensor *reduce_to(st_tensor *g, const st_tensor_meta *m2, const st_tensor_meta *m) {
  st_tensor *s = st__sum_to(g, m2);
  st_release(g);
  if (!s || m2->ndim == m->ndim) return s;
  st_tensor *r = st_reshape(s, m->ndim, m->shape);
  st_release(s);
  return r;
}

/* The product of all dims of m but the last: the rows of m folded into a matrix. */
static int64_t leading_rows(const st_tensor_meta *m) {
  return m->ndim ? st__numel(m->ndim - 1, m->shape) : 1;
}

/* x^T @ g for the saved a (x, of shape ma) and g in matrix form. When b has no batch dims but a
   has (a [B..., m, k] @ b [k, n], the usual layer), the batch folds into the rows: one
   [k, B*m] @ [B*m, n] product instead of B products and a sum over them, as the forward folds. */
static st_tensor *matmul_grad_b(st_tensor *x, st_tensor *g, const st_tensor_meta *ma,
                                const st_tensor_meta *b2) {
  if (ma->ndim > 2 && b2->ndim == 2) {
    int64_t rows = leading_rows(ma); /* not -1: ambiguous when a dim is empty */
    st_tensor *x2 = st_reshape(x, 2, (const int64_t[]){rows, ma->shape[ma->ndim - 1]});
    st_tensor *g2 = st_reshape(g, 2, (const int64_t[]){rows, b2->shape[1]});
    return st_matmul(st_transpose(x2, 0, 1), g2);
  }
  return st_matmul(st_transpose(matrix_view(x, true), -1, -2), g);
}

static int vjp_matmul(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_tensor_meta *ma = &a->in_meta[0], *mb = &a->in_meta[1];
  st_tensor_meta a2 = as_matrix(ma, true), b2 = as_matrix(mb, false);
  st_tensor *g = st__track(st_retain(gout[0]));
  if (mb->ndim == 1 && g) g = st_unsqueeze(g, g->ndim);     /* [..., n] -> [..., n, 1] */
  if (ma->ndim == 1 && g) g = st_unsqueeze(g, g->ndim - 1); /* [..., m] -> [..., 1, m] */
  if (!g) return st__rule_failed();
  if (a->needs[0]) {
    st_tensor *bm = matrix_view(a->in[1], false);
    gin[0] = reduce_to(st_matmul(g, st_transpose(bm, -1, -2)), &a2, ma);
    if (!gin[0]) return st__rule_failed();
  }
  if (a->needs[1]) {
    gin[1] = reduce_to(matmul_grad_b(a->in[0], g, ma, &b2), &b2, mb);
    if (!gin[1]) return st__rule_failed();
  }
  return 0;
}

/* dot: g is 0-dim, so each gradient is g times the other vector. */
static int vjp_dot(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st_mul(gout[0], a->in[1]));
  ST_GRAD(1, st_mul(gout[0], a->in[0]));
  return 0;
}

/* outer: y[i, j] = a[i] b[j], so grad_a = g @ b and grad_b = g^T @ a. */
static int vjp_outer(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st_matmul(gout[0], a->in[1]));
  ST_GRAD(1, st_matmul(st_transpose(gout[0], 0, 1), a->in[0]));
  return 0;
}

/* linear: y = x W^T + b. grad_x = g W; grad_W = g^T x with the leading dims folded into
   rows; grad_b = g summed over the leading dims. */
static int vjp_linear(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *g = gout[0];
  ST_GRAD(0, st_matmul(g, a->in[1]));
  if (a->needs[1]) {
    int64_t out = a->in_meta[1].shape[0], in = a->in_meta[1].shape[1];
    int64_t rows = leading_rows(&a->in_meta[0]);
    st_tensor *g2 = st_reshape(g, 2, (const int64_t[]){rows, out});
    st_tensor *x2 = st_reshape(a->in[0], 2, (const int64_t[]){rows, in});
    if (!(gin[1] = st_matmul(st_transpose(g2, 0, 1), x2))) return st__rule_failed();
  }
  if (a->nin > 2) ST_GRAD(2, st__sum_to(g, &a->in_meta[2]));
  return 0;
}

/* ----------------------------------------------------------------------- batching rules */

/* A 1-D operand (batch at *bd) as a matrix: a size-1 logical dim inserted before its dim (a
   row) or after it (a column). */
static st_tensor *unit_dim(st_tensor *t, int *bd, bool column) {
  int d = st__pdim_end(t->ndim, *bd, 1) + column;
  if (*bd >= d) (*bd)++;
  return st_unsqueeze(t, d);
}

/* Drops the size-1 logical dim k-th from the end of r (batch at *bd). */
static st_tensor *drop_unit(st_tensor *r, int *bd, int k) {
  if (!r) return NULL;
  int d = st__pdim_end(r->ndim, *bd, k);
  if (*bd > d) (*bd)--;
  return st_squeeze(r, d);
}

/* x [..., m, k] @ y [..., k, n] on physical values, each batched at xb / yb or not (-1):
   - x alone batched: the lanes fold into x's rows, [..., B*m, k] @ y, when that is a view, so
     a shared y meets all lanes in one GEMM and nothing is copied (functorch #989 lost 25% to
     a copy here);
   - y alone batched: the lanes fold into y's columns, x @ [..., k, B*n], likewise;
   - otherwise both with the batch first and their ranks padded to line up: a batched (bmm-like)
     product, which the kernel still runs as one GEMM when y is shared and x's batches follow
     each other in memory. */
static int batched_matmul(st_tensor *x, int xb, st_tensor *y, int yb, int64_t lanes, st_tensor **r,
                          int *rb) {
  st_tensor *f;
  bool minor;
  if (xb >= 0 && yb < 0) {
    int d = st__pdim_end(x->ndim, xb, 2);
    if (st__fold_batch(x, xb, d, -1, false, &f, &minor)) return st__rule_failed();
    if (f) {
      st_tensor *p = st_matmul(f, y);
      ST_TRY(*r = st__unfold_batch(p, p ? p->ndim - 2 : 0, minor, lanes, x->shape[d], rb));
      return 0;
    }
  }
  if (yb >= 0 && xb < 0) {
    int d = st__pdim_end(y->ndim, yb, 1);
    if (st__fold_batch(y, yb, d, -1, false, &f, &minor)) return st__rule_failed();
    if (f) {
      st_tensor *p = st_matmul(x, f);
      ST_TRY(*r = st__unfold_batch(p, p ? p->ndim - 1 : 0, minor, lanes, y->shape[d], rb));
      return 0;
    }
  }
  int rx = x->ndim - (xb >= 0), ry = y->ndim - (yb >= 0), rank = rx > ry ? rx : ry;
  ST_TRY(*r = st_matmul(st__front(x, xb, rank), st__front(y, yb, rank)));
  *rb = 0;
  return 0;
}

/* matmul, mm, bmm, dot, outer: 1-D operands become matrices (for the products a row on the
   left and a column on the right; for outer a column times a row), the batched product above,
   then the dims the 1-D operands added are dropped again. mm, bmm and dot are matmul on their
   shapes, and a batched one needs matmul's broadcasting anyway. Two batched vectors (dot,
   outer, matmul of 1-D operands) are a multiply and a sum instead: B GEMMs of a single
   element or of rank one cost 3 to 30 times more. */
static int vmap_product(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  bool outer = a->c->op->id == ST_OP_outer;
  bool xv = st__lrank(a, 0) == 1, yv = st__lrank(a, 1) == 1;
  st_tensor *x = a->in[0], *y = a->in[1], *r;
  int xb = a->bdim[0], yb = a->bdim[1], rb;
  if (xb >= 0 && yb >= 0 && xv && yv) { /* lanes of dot or outer products: elementwise work */
    ST_TRY(x = st__movedim(x, xb, 0));
    ST_TRY(y = st__movedim(y, yb, 0));
    int last = 1;
    ST_TRY(out[0] = outer ? st_mul(st_unsqueeze(x, 2), st_unsqueeze(y, 1))
                          : st_sum(st_mul(x, y), 1, &last, false));
    out_bdim[0] = 0;
    return 0;
  }
  if (xv) ST_TRY(x = unit_dim(x, &xb, outer));
  if (yv) ST_TRY(y = unit_dim(y, &yb, !outer));
  if (batched_matmul(x, xb, y, yb, a->size, &r, &rb)) return st__rule_failed();
  if (!outer && yv) ST_TRY(r = drop_unit(r, &rb, 1));
  if (!outer && xv) ST_TRY(r = drop_unit(r, &rb, yv ? 1 : 2));
  out[0] = r;
  out_bdim[0] = rb;
  return 0;
}

/* linear, y = x W^T + b. With a shared weight the lanes are one more leading dim of x, left where
   they are (moved first only from the feature dim), so that the kernel folds them into the rows
   of one GEMM; with per-lane weights it is the batched product x @ W^T. A bias that is batched,
   or that meets per-lane weights, is added after, lanes first. */
static int vmap_linear(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_tensor *x = a->in[0], *w = a->in[1], *bias = a->c->nin > 2 ? a->in[2] : NULL, *r;
  int xb = a->bdim[0], wb = a->bdim[1], bb = bias ? a->bdim[2] : -1, rb = -1;
  if (wb < 0) {
    if (xb >= 0 && xb == x->ndim - 1) {
      ST_TRY(x = st__movedim(x, xb, 0));
      xb = 0;
    }
    ST_TRY(r = st_linear(x, w, bb < 0 ? bias : NULL));
    rb = xb;
    if (bb < 0) bias = NULL; /* done */
  } else {
    bool xv = st__lrank(a, 0) == 1;
    st_tensor *wt = st_transpose(w, st__pdim_end(w->ndim, wb, 2), st__pdim_end(w->ndim, wb, 1));
    ST_TRY(wt);
    if (xv) ST_TRY(x = unit_dim(x, &xb, false));
    if (batched_matmul(x, xb, wt, wb, a->size, &r, &rb)) return st__rule_failed();
    if (xv) ST_TRY(r = drop_unit(r, &rb, 2));
  }
  if (bias && bb < 0 && rb != r->ndim - 1) {
    ST_TRY(r = st_add(r, bias));
  } else if (bias) {
    int rank = r->ndim - (rb >= 0);
    ST_TRY(r = st_add(st__front(r, rb, rank), st__front(bias, bb, rank)));
    rb = 0;
  }
  out[0] = r;
  out_bdim[0] = rb;
  return 0;
}

/* ------------------------------------------------------------------------------- samples */

/* A stride-0 vector: one value expanded to [n] (the 1-D form of a broadcast sample). */
static st_tensor *sample_bvec(st_dtype dt, int64_t n) {
  st_tensor *one = st__sample(dt, 1, (const int64_t[]){1}, -2, 2);
  st_tensor *t = one ? st__untrack(st_expand(one, 1, (const int64_t[]){n})) : NULL;
  st__drop(one);
  return t;
}

#define S(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), -2, 2)
#define NC(...) st__sample_noncontig(dt, ST_SHAPE(__VA_ARGS__), -2, 2)
#define BC(...) st__sample_broadcast(dt, ST_SHAPE(__VA_ARGS__), -2, 2)
#define I64(...) st__sample(ST_I64, ST_SHAPE(__VA_ARGS__), -4, 4)
#define BOOL(...) st__sample(ST_BOOL, ST_SHAPE(__VA_ARGS__), 0, 2)
#include "samples.h"

/* The products read no attributes. matmul sees every rank combination of 1-D to 3-D operands,
   batch dims that broadcast (size 1 against 2, and missing against present), both operands
   transposed, a stride-0 operand and empty m and k; the others their own shapes, and i64
   operands (the integer GEMM). Values in [-2, 2): the products are smooth everywhere. Errors:
   mismatched inner or batch sizes, the wrong rank, bool operands and mixed dtypes. */
static int samples_product(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a = {0}; /* the products read no attributes */
  switch (op->id) {
  case ST_OP_matmul:
    PUSH("contiguous", 2, S(2, 3), S(3, 4));
    PUSH("non-contiguous", 2, NC(2, 3), NC(3, 4));
    PUSH("broadcast", 2, BC(2, 3), S(3, 4));
    PUSH("1-D @ 1-D", 2, S(3), NC(3));
    PUSH("1-D @ 2-D", 2, S(3), S(3, 4));
    PUSH("2-D @ 1-D", 2, S(2, 3), S(3));
    PUSH("1-D @ 3-D", 2, S(3), S(2, 3, 2));
    PUSH("3-D @ 1-D", 2, NC(2, 2, 3), S(3));
    PUSH("2-D @ 3-D", 2, S(2, 3), S(2, 3, 2));
    PUSH("3-D @ 2-D", 2, S(2, 2, 3), S(3, 2));
    PUSH("3-D @ 3-D, batch 1 broadcast", 2, S(1, 2, 3), NC(2, 3, 2));
    PUSH("size-0", 2, S(0, 3), S(3, 4));
    PUSH("size-0 inner", 2, S(2, 0), S(0, 3));
    FAIL("inner size mismatch", ST_ERR_SHAPE, 2, S(2, 3), S(4, 2));
    FAIL("batch dims mismatch", ST_ERR_SHAPE, 2, S(2, 2, 3), S(3, 3, 2));
    FAIL("0-dim operand", ST_ERR_SHAPE, 2, st__sample(dt, 0, NULL, -2, 2), S(3));
    break;
  case ST_OP_mm:
    PUSH("contiguous", 2, S(2, 3), S(3, 4));
    PUSH("non-contiguous", 2, NC(2, 3), NC(3, 4));
    PUSH("broadcast", 2, S(2, 3), BC(3, 4));
    PUSH("size-0", 2, S(0, 3), S(3, 2));
    PUSH("i64 operands", 2, I64(2, 3), I64(3, 2));
    FAIL("i64 with a float operand", ST_ERR_DTYPE, 2, S(2, 3), I64(3, 2));
    FAIL("1-D operand", ST_ERR_SHAPE, 2, S(3), S(3, 4));
    FAIL("inner size mismatch", ST_ERR_SHAPE, 2, S(2, 3), S(2, 3));
    FAIL("bool operands", ST_ERR_DTYPE, 2, BOOL(2, 3), BOOL(3, 2));
    break;
  case ST_OP_bmm:
    PUSH("contiguous", 2, S(2, 2, 3), S(2, 3, 4));
    PUSH("non-contiguous", 2, NC(2, 2, 3), NC(2, 3, 4));
    PUSH("broadcast", 2, BC(2, 2, 3), S(2, 3, 2));
    PUSH("size-0", 2, S(0, 2, 3), S(0, 3, 2));
    PUSH("i64 operands", 2, I64(2, 2, 3), I64(2, 3, 2));
    FAIL("batch size mismatch", ST_ERR_SHAPE, 2, S(2, 2, 3), S(3, 3, 2));
    FAIL("2-D operand", ST_ERR_SHAPE, 2, S(2, 3), S(2, 3, 2));
    FAIL("bool operands", ST_ERR_DTYPE, 2, BOOL(2, 2, 3), BOOL(2, 3, 2));
    break;
  case ST_OP_dot:
    PUSH("contiguous", 2, S(4), S(4));
    PUSH("non-contiguous", 2, NC(4), NC(4));
    PUSH("broadcast", 2, sample_bvec(dt, 4), S(4));
    PUSH("size-0", 2, S(0), S(0));
    FAIL("size mismatch", ST_ERR_SHAPE, 2, S(3), S(4));
    FAIL("2-D operand", ST_ERR_SHAPE, 2, S(2, 3), S(3));
    FAIL("bool operands", ST_ERR_DTYPE, 2, BOOL(3), BOOL(3));
    break;
  case ST_OP_outer:
    PUSH("contiguous", 2, S(3), S(4));
    PUSH("non-contiguous", 2, NC(3), NC(4));
    PUSH("broadcast", 2, S(3), sample_bvec(dt, 4));
    PUSH("size-0", 2, S(0), S(3));
    FAIL("2-D operand", ST_ERR_SHAPE, 2, S(2, 3), S(3));
    FAIL("bool operands", ST_ERR_DTYPE, 2, BOOL(3), BOOL(2));
    break;
  default: /* linear: x, W [out, in], optional bias [out] */
    PUSH("contiguous", 3, S(2, 3), S(4, 3), S(4));
    PUSH("without bias", 2, S(2, 3), S(4, 3));
    PUSH("non-contiguous", 3, NC(2, 3), NC(4, 3), NC(4));
    PUSH("broadcast", 3, BC(2, 3), S(4, 3), sample_bvec(dt, 4));
    PUSH("1-D input", 3, S(3), S(4, 3), S(4));
    PUSH("3-D input", 3, NC(2, 2, 3), S(4, 3), S(4));
    PUSH("3-D input without bias", 2, S(2, 2, 3), NC(4, 3));
    PUSH("size-0", 3, S(0, 3), S(4, 3), S(4));
    FAIL("feature mismatch", ST_ERR_SHAPE, 3, S(2, 3), S(4, 2), S(4));
    FAIL("bias shape", ST_ERR_SHAPE, 3, S(2, 3), S(4, 3), S(3));
    FAIL("0-dim input", ST_ERR_SHAPE, 2, st__sample(dt, 0, NULL, -2, 2), S(4, 3));
    break;
  }
  return n;
}
#undef S
#undef NC
#undef BC
#undef I64
#undef BOOL
#undef PUSH
#undef FAIL

#define SAVES_BOTH (ST_SAVE_IN(0) | ST_SAVE_IN(1))
/* Each factor's gradient reads the other factor only (linear's bias reads nothing). */
#define SAVES_OTHER ST_SAVES_FOR(ST_SAVE_IN(1), ST_SAVE_IN(0), 0)

/* Records read no attributes; all share infer and kernel. linear takes 2 tensors, or 3 with
   the bias. */
#define PRODUCT(op, n_in, rule, batching)                                                          \
  {                                                                                                \
    .id = ST_OP_##op, .name = #op, .nin = (n_in), .nout = 1, .infer = infer_product,               \
    .kernel = kernel_product, .saves = SAVES_BOTH, .saves_for = SAVES_OTHER,                      \
    .vjp = (rule), .jvp = st__jvp_bilinear,                                                        \
    .vmap = (batching), .samples = samples_product                                                 \
  }
/* Every product is bilinear, so its jvp is the product rule (derivatives.yaml, mm: "result:
   at::mm(self_t, mat2_p) + at::mm(self_p, mat2_t)"; linear adds bias_t). */
const st_op st__op_matmul = PRODUCT(matmul, 2, vjp_matmul, vmap_product);
const st_op st__op_mm = PRODUCT(mm, 2, vjp_matmul, vmap_product);
const st_op st__op_bmm = PRODUCT(bmm, 2, vjp_matmul, vmap_product);
const st_op st__op_dot = PRODUCT(dot, 2, vjp_dot, vmap_product);
const st_op st__op_outer = PRODUCT(outer, 2, vjp_outer, vmap_product);
const st_op st__op_linear = PRODUCT(linear, ST_VARIADIC, vjp_linear, vmap_linear);

/* ------------------------------------------------------------------------ public functions */

/* The dtype rule before dispatch (see check_same_dtype); NULL arguments are dispatch's to
   report. */
static st_tensor *call_product(st_opcall *c) {
  for (int i = 0; i < c->nin; i++)
    if (!c->in[i]) return st__call1(c);
  return check_same_dtype(c, c->in, c->nin) ? NULL : st__call1(c);
}

st_tensor *st_matmul(st_tensor *a, st_tensor *b) {
  st_opcall c = ST_CALL(matmul, a, b);
  return call_product(&c);
}
st_tensor *st_mm(st_tensor *a, st_tensor *b) {
  st_opcall c = ST_CALL(mm, a, b);
  return call_product(&c);
}
st_tensor *st_bmm(st_tensor *a, st_tensor *b) {
  st_opcall c = ST_CALL(bmm, a, b);
  return call_product(&c);
}
st_tensor *st_dot(st_tensor *a, st_tensor *b) {
  st_opcall c = ST_CALL(dot, a, b);
  return call_product(&c);
}
st_tensor *st_outer(st_tensor *a, st_tensor *b) {
  st_opcall c = ST_CALL(outer, a, b);
  return st__call1(&c);
}
st_tensor *st_linear(st_tensor *x, st_tensor *w, st_tensor *b) {
  st_opcall c = b ? ST_CALL(linear, x, w, b) : ST_CALL(linear, x, w);
  return call_product(&c);
}
