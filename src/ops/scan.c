/* scan.c — the cumulative reductions cumsum and cumprod (torch.cumsum, torch.cumprod), records of
   the reduce family (reduce.def); loops in src/kernels/scan.c.

   Attributes: axis.dim (a 0-dim input takes 0 and -1 and is its own result). Dtypes as
   PyTorch: floats keep theirs, i64 and bool give i64.

   Autograd follows tools/autograd/derivatives.yaml (cumsum_backward, cumprod_backward,
   cumprod_jvp), written with public ops so that it is differentiable again. Batching moves the
   batch dim first and shifts the dim by one (a 0-dim logical input is lifted to [B, 1]). */
#include <string.h>

#include "../kernels/kernels.h"
#include "../kernels/scan.h"
#include "op.h"
#include "rules.h"
#include "samples.h"

static int samples_scan(const st_op *op, st_dtype dt, st_sample *out, int cap);

/* ------------------------------------------------------------------------------ shared */

static int infer_scan(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int64_t dim = c->a.axis.dim;
  if (dim < -ST_MAX_DIMS || dim > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "dim %lld is out of range for a tensor of shape %s",
                        (long long)dim, ST_SHAPE_STR(a));
  if (st__wrap_dim(ST_FN(c), (int)dim, a->ndim) < 0) return -1;
  st__meta_set(m, st__is_float(a->dtype) ? a->dtype : ST_I64, a->ndim, a->shape);
  return 0;
}

/* The [outer, n, inner] split of shape around dim d (a 0-dim tensor: one line of one). */
static void split_at(const st_tensor *t, int d, int64_t *outer, int64_t *n, int64_t *inner) {
  *outer = 1, *n = t->ndim ? t->shape[d] : 1, *inner = 1;
  for (int k = 0; k < t->ndim; k++) {
    if (k < d) *outer *= t->shape[k];
    if (k > d) *inner *= t->shape[k];
  }
}

static int kernel_scan(const st_opcall *c, st_tensor *const *out) {
  st_tensor *a = c->in[0], *o = out[0];
  bool sum = c->op->id == ST_OP_cumsum;
  int d = st__wrap_dim(ST_FN(c), (int)c->a.axis.dim, a->ndim);
  int64_t outer, n, inner;
  split_at(a, d, &outer, &n, &inner);
  if (o->dtype == ST_I64) {
    st__k_copy(st__view_of(o), st__view_of(a));
    (sum ? st__k_cumsum_i64 : st__k_cumprod_i64)((int64_t *)st__data(o), outer, n, inner);
    return 0;
  }
  /* floats in double: the output itself when f64, else a temporary rounded once at the end */
  st_tensor *acc = o->dtype == ST_F64 ? st_retain(o) : st__empty(ST_F64, o->ndim, o->shape);
  if (!acc) return -1;
  st__k_copy(st__view_of(acc), st__view_of(a));
  (sum ? st__k_cumsum_f64 : st__k_cumprod_f64)((double *)st__data(acc), outer, n, inner);
  if (acc != o) st__k_copy(st__view_of(o), st__view_of(acc));
  st__drop(acc);
  return 0;
}

/* The dim of the recorded call, wrapped (infer checked it); -1 for a 0-dim input. */
static int rule_dim(const st_attrs *at, int ndim) {
  if (ndim == 0) return -1;
  return (int)(at->axis.dim < 0 ? at->axis.dim + ndim : at->axis.dim);
}

/* w summed from each position to the end of its line: flip(cumsum(flip(w))). */
static st_tensor *reversed_cumsum(st_tensor *w, int d) {
  return st_flip(st_cumsum(st_flip(w, 1, &d), d), 1, &d);
}

/* Batching: the input with its batch dim first (a 0-dim one as [B, 1]), the dim shifted by one;
   a lifted result goes back to [B]. */
static int vmap_scan(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_tensor *x = st__bfront(a, 0, r ? r : 1);
  if (!x) return st__rule_failed();
  st_opcall c = *a->c;
  c.a.axis.dim = r ? st__bdim_shift(a, 0, c.a.axis.dim) : 1;
  st_tensor *o[ST_MAX_OUTS];
  if (st__redispatch(&c, &x, o)) return st__rule_failed();
  out_bdim[0] = 0;
  out[0] = r ? o[0] : st_reshape(st__track(o[0]), 1, &a->size);
  return out[0] ? 0 : st__rule_failed();
}

/* ------------------------------------------------------------------------------- cumsum */

/* derivatives.yaml, cumsum: self: cumsum_backward(grad, dim), the gradient summed from each
   position to the end (a 0-dim input: the gradient itself). */
static int vjp_cumsum(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int d = rule_dim(a->a, a->in_meta[0].ndim);
  ST_GRAD(0, d < 0 ? st_reshape(gout[0], 0, NULL) : reversed_cumsum(gout[0], d));
  return 0;
}
/* derivatives.yaml, cumsum: result: auto_linear, the op on the tangent. */
static int jvp_cumsum(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  tout[0] = st_cumsum(tin[0], (int)a->a->axis.dim);
  return tout[0] ? 0 : st__rule_failed();
}
const st_op st__op_cumsum = {.id = ST_OP_cumsum,
                             .name = "cumsum",
                             .nin = 1,
                             .nout = 1,
                             .infer = infer_scan,
                             .kernel = kernel_scan,
                             .vjp = vjp_cumsum,
                             .jvp = jvp_cumsum,
                             .vmap = vmap_scan,
                             .samples = samples_scan};

/* ------------------------------------------------------------------------------ cumprod */

/* The masks of PyTorch's cumprod_backward (aten/src/ATen/native/ReduceOps.cpp), from the zeros
   of x along d: `before` the positions before a line's first zero, `first` that zero. Constants
   of x (comparisons), so the formulas below are differentiated with them held; `after` the
   positions between the first and the second zero. */
typedef struct {
  st_tensor *before, *first, *after; /* after: past the first zero, before the second */
} zero_masks;

static zero_masks masks_of(st_tensor *x, int d) {
  st_tensor *z = st_eq(x, st_scalar(st_dtype_of(x), 0));
  st_tensor *count = st_cumsum(z, d); /* zeros up to and including each position */
  st_tensor *one_zero = st_eq(count, st_scalar(ST_I64, 1));
  return (zero_masks){st_eq(count, st_scalar(ST_I64, 0)), st_logical_and(z, one_zero),
                      st_logical_and(st_logical_not(z), one_zero)};
}

/* x with its first zero (per line) replaced by 1: cumprod of it at j >= that zero is the
   product of the line's elements up to j other than the zero. */
static st_tensor *first_zero_as_one(st_tensor *x, const zero_masks *k) {
  return st_where(k->first, st_scalar(st_dtype_of(x), 1), x);
}

/* cumprod_backward (ReduceOps.cpp), dF/dx_k = sum_{j >= k} g_j prod_{i <= j, i != k} x_i:
   - before the line's first zero, x_k != 0 and the product is y_j / x_k: the reversed cumsum
     of g * y divided by x_k (y_j = 0 past the zero, so those terms vanish);
   - at the first zero z: sum_{j >= z} g_j cumprod(x with x_z = 1)_j, a reversed cumsum again;
   - past the first zero every product holds x_z = 0, so the gradient is 0, but its derivative
     in x_z is not: up to the line's second zero it is written x_z * (the same sum without x_z),
     x_z * reversed_cumsum(g * cumprod(x with x_z = 1))_k / x_k, whose value is 0 and whose
     derivatives are exact; from the second zero on, 0.
   O(n) like the forward. The masks are constants of x, so the second derivative is exact where
   a line has at most one zero (PyTorch's double backward of cumprod agrees there). */
static st_tensor *cumprod_backward(st_tensor *g, st_tensor *x, st_tensor *y, int d) {
  if (d < 0) return st_reshape(g, 0, NULL); /* a 0-dim input: y = x */
  zero_masks k = masks_of(x, d);
  st_tensor *one = st_scalar(st_dtype_of(x), 1), *zero = st_scalar(st_dtype_of(x), 0);
  st_tensor *safe_x = st_where(st_logical_or(k.before, k.after), x, one);
  st_tensor *grad_before = st_div(reversed_cumsum(st_mul(g, y), d), safe_x);
  st_tensor *at_zero = reversed_cumsum(st_mul(g, st_cumprod(first_zero_as_one(x, &k), d)), d);
  st_tensor *x_zero = st_sum(st_where(k.first, x, zero), 1, &d, true); /* 0, with its derivative */
  st_tensor *after = st_mul(x_zero, st_div(at_zero, safe_x));
  return st_where(k.before, grad_before,
                  st_where(k.first, at_zero, st_where(k.after, after, zero)));
}

static int vjp_cumprod(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int d = rule_dim(a->a, a->in_meta[0].ndim);
  ST_GRAD(0, cumprod_backward(gout[0], a->in[0], a->out[0], d));
  return 0;
}

/* derivatives.yaml, cumprod: result: cumprod_jvp, dy_j = sum_{k <= j} t_k prod_{i <= j, i != k}
   x_i, with the same masks: before the first zero y_j * cumsum(t / x)_j; from the first zero z
   on only k = z keeps a non-zero product: t_z * cumprod(x with x_z = 1)_j. */
static int jvp_cumprod(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *x = a->in[0], *y = a->out[0], *t = tin[0];
  int d = rule_dim(a->a, x->ndim);
  if (d < 0) {
    tout[0] = st_reshape(t, 0, NULL);
    return tout[0] ? 0 : st__rule_failed();
  }
  zero_masks k = masks_of(x, d);
  st_tensor *zero = st_scalar(st_dtype_of(x), 0);
  st_tensor *safe_x = st_where(k.before, x, st_scalar(st_dtype_of(x), 1));
  st_tensor *dy_before = st_mul(y, st_cumsum(st_div(st_where(k.before, t, zero), safe_x), d));
  st_tensor *t_zero = st_sum(st_where(k.first, t, zero), 1, &d, true);
  st_tensor *dy_after = st_mul(t_zero, st_cumprod(first_zero_as_one(x, &k), d));
  tout[0] = st_where(k.before, dy_before, dy_after);
  return tout[0] ? 0 : st__rule_failed();
}
const st_op st__op_cumprod = {.id = ST_OP_cumprod,
                              .name = "cumprod",
                              .nin = 1,
                              .nout = 1,
                              .infer = infer_scan,
                              .kernel = kernel_scan,
                              .saves = ST_SAVE_IN(0) | ST_SAVE_OUT(0),
                              .vjp = vjp_cumprod,
                              .jvp = jvp_cumprod,
                              .vmap = vmap_scan,
                              .samples = samples_scan};

/* ------------------------------------------------------------------------------- samples */

/* Every layout, a negative dim, 0-dim and size-0 inputs, i64 and bool inputs (i64 results), and
   a dim out of range. cumprod's values stay in [0.5, 1.5) so that long lines neither vanish nor
   blow up; the zeros are tested beside it (tests/ops/test_scan_sort.c). */
static int samples_scan(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double lo = op->id == ST_OP_cumprod ? 0.5 : -2, hi = op->id == ST_OP_cumprod ? 1.5 : 2;
  st_attrs a = {0};
  int n = 0;
#define ALONG(what, expect, d, t) (a.axis.dim = (d), SAMPLE(what, expect, 1, t))
  ALONG("contiguous", ST_OK, 1, st__sample(dt, ST_SHAPE(3, 4), lo, hi));
  ALONG("non-contiguous, dim 0", ST_OK, 0, st__sample_noncontig(dt, ST_SHAPE(4, 3), lo, hi));
  ALONG("broadcast, dim -2", ST_OK, -2, st__sample_broadcast(dt, ST_SHAPE(3, 4), lo, hi));
  ALONG("3-d, middle dim", ST_OK, 1, st__sample(dt, ST_SHAPE(2, 3, 2), lo, hi));
  ALONG("0-dim", ST_OK, 0, st__sample(dt, 0, NULL, lo, hi));
  ALONG("0-dim, dim -1", ST_OK, -1, st__sample(dt, 0, NULL, lo, hi));
  ALONG("size-0", ST_OK, 1, st__sample(dt, ST_SHAPE(0, 3), lo, hi));
  ALONG("size-0 along dim", ST_OK, 0, st__sample(dt, ST_SHAPE(0, 3), lo, hi));
  ALONG("i64 input", ST_OK, 1, st__sample_index(ST_SHAPE(3, 4), 5));
  ALONG("bool input", ST_OK, 0, st__sample(ST_BOOL, ST_SHAPE(3, 2), 0, 2));
  ALONG("dim out of range", ST_ERR_ARG, 2, st__sample(dt, ST_SHAPE(3, 4), lo, hi));
  ALONG("0-dim, dim 1", ST_ERR_ARG, 1, st__sample(dt, 0, NULL, lo, hi));
#undef ALONG
  return n;
}

/* ------------------------------------------------------------------------ public functions */

static st_tensor *scan_call(st_op_id id, st_tensor *a, int dim) {
  st_opcall c = {.op = st__ops[id], .nin = 1, .in = (st_tensor *const[]){a}};
  c.a.axis.dim = dim;
  return st__call1(&c);
}

st_tensor *st_cumsum(st_tensor *a, int dim) { return scan_call(ST_OP_cumsum, a, dim); }
st_tensor *st_cumprod(st_tensor *a, int dim) { return scan_call(ST_OP_cumprod, a, dim); }
