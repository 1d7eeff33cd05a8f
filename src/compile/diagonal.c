/* diagonal.c — st_compile's products with a diagonal matrix: jacrev and jacfwd push an identity
   basis through the function, so their graphs multiply by eye(n) (jacfwd: the tangents into the
   first GEMM) or by an elementwise function of it (jacrev: the cotangents times the derivative,
   tanh_backward(eye, y), before the GEMM with the weights). Such a product is a scaling of the
   other operand's rows or columns, n times less work than the GEMM and no n x n matrix at all.
   Under vmap the basis is batched: F = f(I, u) is [B..., n, n], one diagonal block per input,
   and vmap's GEMM reads it as the blocks side by side, [n, B n] (or stacked, [B n, n]), so R's
   column (row) c is A's column (row) c mod n times the c-th diagonal entry.

   The pass (cg_diagonal, after constant folding) rewrites matmul(A, D) and matmul(D, A), A and
   D 2-D, where D is (a transpose of) the identity, a folded eye(n), or (the blocks of) f(I, u)
   for a binary elementwise f with f(0, u) = 0 * something (mul, tanh_backward,
   sigmoid_backward, threshold_backward, sin_backward: the identity as the gradient operand) and u
   broadcasting against the identity, into one diag_mm node over A and u; the values it no
   longer reads go to dead-code elimination.

   Exactly eager's values: the built-in GEMM seeds each element's accumulation with +0, so with
   finite operands an element is one rounded product, round(a d) (a zero product comes out as
   +0), and every other term is an exact zero. diag_mm computes the diagonal d with f's own loop,
   and R = A d + 0 where A and u are finite; otherwise (an inf or NaN, whose products with the
   zeros are NaN) it builds D with f's loop and runs the GEMM eager runs. */
#include <math.h>
#include <string.h>

#include "../kernels/gemm.h"
#include "compile.h"

/* A diag_mm node's attribute list. */
enum {
  DM_LEFT,   /* D is the left operand: R = D' A, rows scaled (else R = A D', columns scaled) */
  DM_DIAG,   /* D = f(I, u) (input 1 is u; f is the op `ptr` points at), else D = I */
  DM_ID,     /* which input of f the identity is */
  DM_N,      /* D's size */
  DM_ORIENT, /* u along D's columns (0), its rows (1), a single value (2) or the whole (3) */
  DM_TRANS,  /* D is F's blocks transposed: D's rows step 1 (jacrev's cotangents) */
  DM_BLOCKS, /* B: D holds B diagonal blocks (F's leading dims, u's too), the other dim B n */
  DM_COUNT
};

/* ---------------------------------------------------------------------------- the kernel */

static bool all_finite(const st_tensor *t) {
  int64_t idx[ST_MAX_DIMS] = {0}, n = st__numel(t->ndim, t->shape);
  const char *base = st__data(t);
  if (st__is_contiguous(t)) { /* x * 0 is 0 for a finite x and NaN otherwise: sums of them */
    double s[16] = {0};
    int64_t e = 0;
    if (t->dtype == ST_F32)
      for (; e + 16 <= n; e += 16)
        for (int k = 0; k < 16; k++) s[k] += ((const float *)base)[e + k] * 0.0f;
    else
      for (; e + 16 <= n; e += 16)
        for (int k = 0; k < 16; k++) s[k] += ((const double *)base)[e + k] * 0.0;
    for (; e < n; e++) s[0] += st__load_f64(base + e * st__esize(t->dtype), t->dtype) * 0.0;
    for (int k = 1; k < 16; k++) s[0] += s[k];
    return s[0] == s[0];
  }
  if (t->ndim == 2 && t->strides[0] == 1 && t->strides[1] == t->shape[0]) {
    st_tensor tt = *t;
    tt.shape[0] = t->shape[1], tt.shape[1] = t->shape[0];
    tt.strides[0] = t->shape[0], tt.strides[1] = 1;
    return all_finite(&tt);
  }
  for (int64_t e = 0; e < n; e++) {
    int64_t off = 0;
    for (int d = 0; d < t->ndim; d++) off += idx[d] * t->strides[d];
    double x = st__load_f64(base + off * st__esize(t->dtype), t->dtype);
    if (!isfinite(x)) return false;
    for (int d = t->ndim - 1; d >= 0; d--) {
      if (++idx[d] < t->shape[d]) break;
      idx[d] = 0;
    }
  }
  return true;
}

/* u's step along D's row p or column j it varies with (its dim of size n), and its base. */
static void u_layout(const st_tensor *u, int orient, int64_t *row_step, int64_t *col_step) {
  int nd = u->ndim;
  int64_t rs = nd >= 2 ? u->strides[nd - 2] : 0, cs = nd >= 1 ? u->strides[nd - 1] : 0;
  *row_step = orient == 1 || orient == 3 ? rs : 0;
  *col_step = orient == 0 || orient == 3 ? cs : 0;
}

/* u's offset (elements) at block b of F: b over u's leading dims, which are F's. */
static int64_t u_block(const st_tensor *u, int64_t b) {
  int64_t off = 0;
  for (int d = u->ndim - 3; d >= 0; d--) {
    off += b % u->shape[d] * u->strides[d];
    b /= u->shape[d];
  }
  return off;
}

/* out[q] = f(operand k of each position: the identity's entry e, u's entry) over q < n, through
   f's loop: e has stride es_ (0: one value at e), u stride us. */
static void apply_f(const st_pointwise *pw, int id, char *out, const char *e, int64_t e_step,
                    const char *u, int64_t u_step, int64_t n) {
  char *data[4] = {out};
  int64_t strides[4] = {1};
  for (int k = 1; k < pw->nops; k++) {
    bool ident = pw->src[k] == id;
    data[k] = (char *)(ident ? e : u);
    strides[k] = ident ? e_step : u_step;
  }
  pw->loop(data, strides, n, NULL);
}

/* R = A d + 0 (the +0 is the GEMM's seed: a zero product comes out +0), d scaling R's rows
   (left) or columns, in 32 x 32 tiles: a tile of A is read into t along A's smaller stride, then
   R written along its own, so a transposed A against a row-major R (jacrev's W^T) reads and
   writes whole cache lines, whatever the strides (a stride of 8 KiB kept 32 lines of one L1
   set alive across the tile and evicted them). */
static int scale(st_dtype dt, bool left, int64_t m, int64_t n, const char *A, int64_t ars,
                 int64_t acs, const char *d, char *R, int64_t rrs, int64_t rcs) {
  int64_t rows = left ? n : m, cols = left ? m : n;
  bool a_by_cols = ars < acs, r_by_cols = rrs < rcs;
#define SCALE(T)                                                                                   \
  for (int64_t i0 = 0; i0 < rows; i0 += 32)                                                        \
    for (int64_t j0 = 0; j0 < cols; j0 += 32) {                                                    \
      T t[32][32];                                                                                 \
      const T *a = (const T *)A, *dd = (const T *)d;                                               \
      T *r = (T *)R;                                                                               \
      int64_t ni = rows - i0 < 32 ? rows - i0 : 32, nj = cols - j0 < 32 ? cols - j0 : 32;          \
      if (a_by_cols)                                                                               \
        for (int64_t j = 0; j < nj; j++)                                                           \
          for (int64_t i = 0; i < ni; i++) t[i][j] = a[(i0 + i) * ars + (j0 + j) * acs];           \
      else                                                                                         \
        for (int64_t i = 0; i < ni; i++)                                                           \
          for (int64_t j = 0; j < nj; j++) t[i][j] = a[(i0 + i) * ars + (j0 + j) * acs];           \
      if (r_by_cols)                                                                               \
        for (int64_t j = 0; j < nj; j++)                                                           \
          for (int64_t i = 0; i < ni; i++)                                                         \
            r[(i0 + i) * rrs + (j0 + j) * rcs] = t[i][j] * dd[left ? i0 + i : j0 + j] + (T)0;      \
      else                                                                                         \
        for (int64_t i = 0; i < ni; i++)                                                           \
          for (int64_t j = 0; j < nj; j++)                                                         \
            r[(i0 + i) * rrs + (j0 + j) * rcs] = t[i][j] * dd[left ? i0 + i : j0 + j] + (T)0;      \
    }
  if (dt == ST_F32) {
    SCALE(float)
  } else {
    SCALE(double)
  }
#undef SCALE
  return 0;
}

/* The blocks' product, R'[i, j] = A'[i, j mod n] d[j] + 0 over i < m, j < B n, where R' and A'
   are R and A, transposed when the blocks are stacked (left). A' is packed once along the
   dim R' steps 1 over (every block reads it again), then R' is written along that stride. */
static int scale_blocks(st_dtype dt, bool left, int64_t m, int64_t n, int64_t B, const char *A,
                        int64_t ars, int64_t acs, const char *d, char *R, int64_t rrs,
                        int64_t rcs) {
  int64_t ai = left ? acs : ars, aq = left ? ars : acs, ri = left ? rcs : rrs,
          rj = left ? rrs : rcs;
  bool by_j = rj <= ri; /* R' rows along j: A' packed row-major, [m][n]; else [n][m] */
  int64_t es = st__esize(dt), pi = by_j ? n : 1, pq = by_j ? 1 : m;
  char *P = st__alloc((size_t)(m * n * es));
  if (!P) return ST_ERR_OOM;
#define BLOCKS(T)                                                                                  \
  {                                                                                                \
    const T *a = (const T *)A, *dd = (const T *)d;                                                 \
    T *p = (T *)P, *r = (T *)R;                                                                    \
    if (ai < aq)                                                                                   \
      for (int64_t q = 0; q < n; q++)                                                              \
        for (int64_t i = 0; i < m; i++) p[i * pi + q * pq] = a[i * ai + q * aq];                   \
    else                                                                                           \
      for (int64_t i = 0; i < m; i++)                                                              \
        for (int64_t q = 0; q < n; q++) p[i * pi + q * pq] = a[i * ai + q * aq];                   \
    if (by_j)                                                                                      \
      for (int64_t i = 0; i < m; i++)                                                              \
        for (int64_t b = 0; b < B; b++) {                                                          \
          const T *pr = p + i * n, *db = dd + b * n;                                               \
          T *rr = r + i * ri + b * n * rj;                                                         \
          for (int64_t q = 0; q < n; q++) rr[q * rj] = pr[q] * db[q] + (T)0;                       \
        }                                                                                          \
    else                                                                                           \
      for (int64_t j = 0; j < B * n; j++) {                                                        \
        const T *pc = p + j % n * m;                                                               \
        T *rr = r + j * rj, dj = dd[j];                                                            \
        for (int64_t i = 0; i < m; i++) rr[i * ri] = pc[i] * dj + (T)0;                            \
      }                                                                                            \
  }
  if (dt == ST_F32)
    BLOCKS(float)
  else
    BLOCKS(double)
#undef BLOCKS
  st__free(P, (size_t)(m * n * es));
  return 0;
}

static int kernel_diag_mm(const st_opcall *c, st_tensor *const *out) {
  const int64_t *L = c->a.list;
  bool left = L[DM_LEFT], diag = L[DM_DIAG];
  int id = (int)L[DM_ID], orient = (int)L[DM_ORIENT];
  int64_t n = L[DM_N], B = L[DM_BLOCKS], nd = B * n; /* D's other dim */
  const st_tensor *A = c->in[0], *u = diag ? c->in[1] : NULL;
  st_tensor *R = out[0];
  st_dtype dt = R->dtype;
  int64_t es = st__esize(dt), m = left ? A->shape[1] : A->shape[0];
  st_pointwise pw = {0};
  if (diag) {
    st_opcall fc = {
        .op = c->a.ptr, .nin = 2, .in = (st_tensor *[]){(st_tensor *)u, (st_tensor *)u}};
    if (!fc.op->pointwise(&fc, &pw))
      return st__error(ST_ERR_OOM, "st_compile: diag_mm lost its loop");
  }
  double one64 = 1, zero64 = 0;
  float one32 = 1, zero32 = 0;
  const char *one = dt == ST_F32 ? (const char *)&one32 : (const char *)&one64;
  const char *zero = dt == ST_F32 ? (const char *)&zero32 : (const char *)&zero64;
  int64_t urs = 0, ucs = 0;
  if (diag) u_layout(u, orient, &urs, &ucs);
  if (all_finite(A) && (!u || all_finite(u))) {
    char *d = st__alloc((size_t)(nd * es));
    if (!d) return ST_ERR_OOM;
    for (int64_t b = 0; b < B; b++)
      if (diag) /* the diagonal: f(1, u_qq) */
        apply_f(&pw, id, d + b * n * es, one, 0, st__data(u) + u_block(u, b) * es, urs + ucs, n);
    if (!diag) /* D = I: d = 1 */
      for (int64_t q = 0; q < n; q++) memcpy(d + q * es, one, (size_t)es);
    int64_t ars = A->strides[0], acs = A->strides[1], rrs = R->strides[0], rcs = R->strides[1];
    int rc = B > 1
                 ? scale_blocks(dt, left, m, n, B, st__data(A), ars, acs, d, st__data(R), rrs, rcs)
                 : scale(dt, left, m, n, st__data(A), ars, acs, d, st__data(R), rrs, rcs);
    st__free(d, (size_t)(nd * es));
    return rc;
  }
  /* an inf or NaN: F itself, block by block, and eager's GEMM over it */
  char *F = st__alloc((size_t)(nd * n * es)), *erow = st__alloc((size_t)(n * es));
  if (!F || !erow) {
    st__free(F, (size_t)(nd * n * es));
    st__free(erow, (size_t)(n * es));
    return ST_ERR_OOM;
  }
  for (int64_t b = 0; b < B; b++)
    for (int64_t p = 0; p < n; p++) {
      char *row = F + (b * n + p) * n * es;
      for (int64_t j = 0; j < n; j++) memcpy(erow + j * es, j == p ? one : zero, (size_t)es);
      if (diag)
        apply_f(&pw, id, row, erow, 1, st__data(u) + (u_block(u, b) + p * urs) * es, ucs, n);
      else
        memcpy(row, erow, (size_t)(n * es));
    }
  /* D: F's rows along the contracted dim (TRANS) or along the other */
  int64_t drs = L[DM_TRANS] ? 1 : n, dcs = L[DM_TRANS] ? n : 1;
  const char *X = left ? F : st__data(A), *Y = left ? st__data(A) : F;
  int64_t xrs = left ? drs : A->strides[0], xcs = left ? dcs : A->strides[1];
  int64_t yrs = left ? A->strides[0] : drs, ycs = left ? A->strides[1] : dcs;
  int64_t rows = left ? nd : m, cols = left ? m : nd;
  int rc = dt == ST_F32
               ? st__k_gemm_f32(rows, cols, n, (const float *)X, xrs, xcs, (const float *)Y, yrs,
                                ycs, 0, (float *)st__data(R), R->strides[0], R->strides[1])
               : st__k_gemm_f64(rows, cols, n, (const double *)X, xrs, xcs, (const double *)Y, yrs,
                                ycs, 0, (double *)st__data(R), R->strides[0], R->strides[1]);
  st__free(F, (size_t)(nd * n * es));
  st__free(erow, (size_t)(n * es));
  return rc;
}

static int infer_diag_mm(const st_opcall *c, st_meta *m) {
  const st_tensor *A = c->in[0];
  int64_t nd = c->a.list[DM_N] * c->a.list[DM_BLOCKS];
  bool left = c->a.list[DM_LEFT];
  st__meta_set(m, A->dtype, 2, (int64_t[]){left ? nd : A->shape[0], left ? A->shape[1] : nd});
  return 0;
}

const st_op cg_diag_mm_op = {.id = ST_OP_COUNT,
                             .name = "diag_mm",
                             .nin = ST_VARIADIC,
                             .nout = 1,
                             .flags = ST_OP_NONDIFF,
                             .infer = infer_diag_mm,
                             .kernel = kernel_diag_mm};

/* ------------------------------------------------------------------------------ the pass */

/* v as an n x n matrix that is itself or its transpose (trans) over its buffer's start. */
static bool square(const cg_value *v, int64_t n, bool *trans) {
  if (v->ndim != 2 || v->shape[0] != n || v->shape[1] != n || v->offset) return false;
  *trans = v->strides[0] == 1 && v->strides[1] == n;
  return *trans || (v->strides[0] == n && v->strides[1] == 1);
}

/* Whether v is an identity: (a transposed view of) a folded eye(n, n). */
static bool identity(const cg_graph *g, const cg_value *v, int64_t n) {
  const cg_buf *b = &g->b[v->buf];
  if (b->kind != CG_BUF_CONST || b->def < 0 || !st__is_float(v->dtype)) return false;
  const cg_node *e = &g->n[b->def];
  bool trans;
  return !e->dead && e->op->id == ST_OP_eye && e->a.eye.shape[0] == n && e->a.eye.shape[1] == n &&
         square(v, n, &trans);
}

/* Where u (broadcast against the identity into F) varies over F's last two dims: along
   columns (0), rows (1), nowhere (2), both (3); -1 for other sizes, or leading dims that are
   not F's (u's leading dims are F's batch of blocks). */
static int orientation(const cg_value *u, const cg_value *F, int64_t n) {
  if (u->ndim > 2 && u->ndim != F->ndim) return -1;
  for (int d = 0; d + 2 < u->ndim; d++)
    if (u->shape[d] != F->shape[d]) return -1;
  int64_t r = u->ndim >= 2 ? u->shape[u->ndim - 2] : 1,
          c = u->ndim >= 1 ? u->shape[u->ndim - 1] : 1;
  if ((r != 1 && r != n) || (c != 1 && c != n)) return -1;
  return r == 1 ? (c == 1 ? 2 : 0) : (c == 1 ? 1 : 3);
}

static bool zero_keeping(st_op_id id) {
  return id == ST_OP_mul || id == ST_OP_tanh_backward || id == ST_OP_sigmoid_backward ||
         id == ST_OP_threshold_backward || id == ST_OP_sin_backward;
}

/* Whether F is [B..., n, n], row-major from its buffer's start. */
static bool blocks_of(const cg_value *F, int64_t n, int64_t B) {
  if (F->ndim < 2 || F->offset || F->shape[F->ndim - 1] != n || F->shape[F->ndim - 2] != n)
    return false;
  int64_t step = 1, count = 1;
  for (int d = F->ndim - 1; d >= 0; d--) {
    if (F->shape[d] != 1 && F->strides[d] != step) return false;
    step *= F->shape[d];
    if (d < F->ndim - 2) count *= F->shape[d];
  }
  return count == B;
}

/* Whether v, the product's D operand (left: [B n, n], else [n, B n]; n contracted), is a
   diagonal matrix or B diagonal blocks the kernel can stand for: the identity, or f(I, u) made
   by a live pointwise node; a (the node's attributes) says which. */
static bool diagonal(const cg_graph *g, const cg_value *v, int64_t n, bool left, st_attrs *a,
                     int *u) {
  /* n = 1 is the GEMM's outer product, whose zero products keep their sign (no +0 seed) */
  if (v->ndim != 2 || v->offset || (v->dtype != ST_F32 && v->dtype != ST_F64) || n < 2)
    return false;
  int64_t other = v->shape[left ? 0 : 1], B = other / n;
  bool trans;
  if (other == n) {
    if (!square(v, n, &trans)) return false;
  } else { /* blocks side by side (stacked): the other dim steps over F's rows, n apart */
    if (other % n || v->strides[left ? 0 : 1] != n || v->strides[left ? 1 : 0] != 1) return false;
    trans = !left;
  }
  *a = (st_attrs){.nlist = DM_COUNT};
  a->list[DM_N] = n;
  a->list[DM_TRANS] = trans;
  a->list[DM_BLOCKS] = B;
  *u = -1;
  if (B == 1 && identity(g, v, n)) return true;
  const cg_buf *b = &g->b[v->buf];
  if (b->kind != CG_BUF_ARENA || b->def < 0) return false;
  const cg_node *f = &g->n[b->def];
  const cg_value *F = &g->v[f->out[0]];
  if (f->dead || f->folded || !f->fusible || f->nin != 2 || f->nout != 1 ||
      !zero_keeping(f->op->id) || F->buf != v->buf || !blocks_of(F, n, B))
    return false;
  for (int k = 0; k < 2; k++) {
    if (k == 1 && f->op->id != ST_OP_mul) break; /* the others take the identity as gradient */
    const cg_value *e = &g->v[f->in[k]], *w = &g->v[f->in[1 - k]];
    if (!identity(g, e, n) || w->dtype != v->dtype) continue;
    int orient = orientation(w, F, n);
    if (orient < 0) continue;
    for (int j = 0; j < f->pw.nops; j++)
      if (f->pw.dt[j] != v->dtype) return false;
    a->list[DM_DIAG] = 1;
    a->list[DM_ID] = k;
    a->list[DM_ORIENT] = orient;
    a->ptr = f->op;
    *u = f->in[1 - k];
    return true;
  }
  return false;
}

/* Below this size a GEMM with D costs no more than the scaling's pass over A (and its check
   for infinities): D's n^2 multiply-adds per row of A against n; with B blocks, F's B n^2
   values are made and packed too, so the size is B n. */
#define DIAG_MIN_N 64

int cg_diagonal(cg_graph *g) {
  for (int i = 0; i < g->nn; i++) {
    cg_node *n = &g->n[i];
    if (n->dead || n->folded || n->nin != 2 || n->nout != 1 ||
        (n->op->id != ST_OP_matmul && n->op->id != ST_OP_mm) || n->op == &cg_diag_mm_op)
      continue;
    const cg_value *x = &g->v[n->in[0]], *y = &g->v[n->in[1]];
    if (x->ndim != 2 || y->ndim != 2 || x->dtype != y->dtype) continue;
    for (int left = 0; left < 2; left++) {
      const cg_value *d = left ? x : y;
      int64_t size = d->shape[left ? 1 : 0]; /* D's n: the contracted size */
      st_attrs a;
      int u;
      if (d->shape[left ? 0 : 1] < DIAG_MIN_N || !diagonal(g, d, size, left, &a, &u)) continue;
      a.list[DM_LEFT] = left;
      int other = n->in[left ? 1 : 0];
      n->op = &cg_diag_mm_op;
      n->a = a;
      n->in[0] = other;
      n->nin = u >= 0 ? 2 : 1;
      if (u >= 0) n->in[1] = u;
      n->fusible = n->reduces = n->reinfer = false;
      break;
    }
  }
  return 0;
}
