/* reduce.c — the reduction ops: sum, mean, prod, amax, amin, var, std, logsumexp, norm, argmax
   and argmin, each one record whose _all form is the same record over every dim.

   Attributes every record reads: list[0..nlist) the dims (nlist 0: every dim; argmax/argmin
   pass one dim), keepdim, and reduce.dims_null when the caller passed dims == NULL with ndims > 0.
   var and std also read reduce.correction.

   Dtypes follow PyTorch: sum and prod of i64/bool give i64; amax, amin keep the dtype; mean,
   var, std and norm need a float input (PyTorch rejects integers for all four); logsumexp
   computes integers in f32 (torch.logsumexp promotes them to the default float dtype); argmax
   and argmin give i64. */
#include <float.h>
#include <math.h>

#include "../kernels/reduce.h"
#include "op.h"
#include "rules.h"
#include "samples.h"

static int samples_reduce(const st_op *op, st_dtype dt, st_sample *out, int cap);

/* A record: one tensor in, one out, with its vjp and jvp rules and the values the vjp reads. */
#define REDUCE_ROWS_OP(op, infer_fn, kernel_fn, op_flags, vjp_fn, jvp_fn, save_bits, rows_fn)      \
  {                                                                                                \
    .id = ST_OP_##op, .name = #op, .nin = 1, .nout = 1, .flags = op_flags, .infer = infer_fn,      \
    .kernel = kernel_fn, .saves = (save_bits), .vjp = (vjp_fn), .jvp = (jvp_fn),                   \
    .vmap = st__vmap_reduce, .samples = samples_reduce, .row_reduce = (rows_fn)                    \
  }
#define REDUCE_OP(op, infer_fn, kernel_fn, op_flags, vjp_fn, jvp_fn, save_bits)                    \
  REDUCE_ROWS_OP(op, infer_fn, kernel_fn, op_flags, vjp_fn, jvp_fn, save_bits, NULL)



/* ----------------------------------------------------------------------- shared inference */

/* The reduced dims of input 0 as a bit mask (bit d: dim d). A 0-dim input accepts dim 0 and -1
   (as PyTorch does) and reduces nothing. Returns 0, or non-zero with the error set. */
static int reduced_mask(const st_opcall *c, unsigned *mask) {
  const st_tensor *a = c->in[0];
  int n = c->a.nlist;
  if (n < 0 || n > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "ndims %d is out of range (0..%d)", n, ST_MAX_DIMS);
  if (n > 0 && c->a.reduce.dims_null)
    return st__op_error(c, ST_ERR_ARG, "dims is NULL for ndims %d", n);
  if (n == 0) {
    *mask = (1u << a->ndim) - 1;
    return 0;
  }
  const char *fn = ST_FN(c);
  unsigned seen = 0;
  for (int i = 0; i < n; i++) {
    int d = st__wrap_dim(fn, (int)c->a.list[i], a->ndim);
    if (d < 0) return -1;
    if (seen >> d & 1 && c->a.list[i] == d)
      return st__op_error(c, ST_ERR_ARG, "dim %d appears twice in dims", d);
    if (seen >> d & 1)
      return st__op_error(c, ST_ERR_ARG, "dim %lld (dim %d) appears twice in dims",
                          (long long)c->a.list[i], d);
    seen |= 1u << d;
  }
  *mask = a->ndim ? seen : 0;
  return 0;
}

/* The result: input 0's shape without the reduced dims (size 1 with keepdim). */
static void reduced_meta(const st_opcall *c, unsigned mask, st_dtype dt, st_meta *m) {
  const st_tensor *a = c->in[0];
  int64_t shape[ST_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < a->ndim; d++) {
    if (!(mask >> d & 1))
      shape[n++] = a->shape[d];
    else if (c->a.keepdim)
      shape[n++] = 1;
  }
  st__meta_set(m, dt, n, shape);
}

/* Extremes have no identity, so an empty reduced dim is an error (as in PyTorch). */
static int require_nonempty(const st_opcall *c, unsigned mask) {
  const st_tensor *a = c->in[0];
  for (int d = 0; d < a->ndim; d++)
    if (mask >> d & 1 && a->shape[d] == 0)
      return st__op_error(c, ST_ERR_SHAPE,
                          "cannot reduce dim %d of size 0 (shape %s): %s has no identity", d,
                          ST_SHAPE_STR(a), c->op->name);
  return 0;
}

static int require_float(const st_opcall *c) {
  st_dtype dt = c->in[0]->dtype;
  if (!st__is_float(dt))
    return st__op_error(c, ST_ERR_DTYPE, "input dtype %s is not a float dtype (f32, f64, f16 or bf16)",
                        st_dtype_name(dt));
  return 0;
}

static int infer_sum_prod(const st_opcall *c, st_meta *m) {
  unsigned mask;
  if (reduced_mask(c, &mask)) return -1;
  st_dtype dt = c->in[0]->dtype;
  reduced_meta(c, mask, st__is_float(dt) ? dt : ST_I64, m);
  return 0;
}

static int infer_float_only(const st_opcall *c, st_meta *m) {
  unsigned mask;
  if (require_float(c) || reduced_mask(c, &mask)) return -1;
  reduced_meta(c, mask, c->in[0]->dtype, m);
  return 0;
}

static int infer_var_std(const st_opcall *c, st_meta *m) {
  if (!isfinite(c->a.reduce.correction))
    return st__op_error(c, ST_ERR_ARG, "correction %g is not finite", c->a.reduce.correction);
  return infer_float_only(c, m);
}

static int infer_logsumexp(const st_opcall *c, st_meta *m) {
  unsigned mask;
  if (reduced_mask(c, &mask)) return -1;
  st_dtype dt = c->in[0]->dtype;
  reduced_meta(c, mask, st__is_float(dt) ? dt : ST_F32, m);
  return 0;
}

static int infer_extreme(const st_opcall *c, st_meta *m) {
  unsigned mask;
  if (reduced_mask(c, &mask) || require_nonempty(c, mask)) return -1;
  reduced_meta(c, mask, c->in[0]->dtype, m);
  return 0;
}

static int infer_arg(const st_opcall *c, st_meta *m) {
  unsigned mask;
  if (reduced_mask(c, &mask) || require_nonempty(c, mask)) return -1;
  reduced_meta(c, mask, ST_I64, m);
  return 0;
}

/* ------------------------------------------------------------------------ kernel helpers */

static unsigned mask_of(const st_opcall *c) {
  unsigned mask = 0;
  reduced_mask(c, &mask); /* infer has checked the dims */
  return mask;
}

static int64_t numel_of(const st_tensor *t) { return st__numel(t->ndim, t->shape); }

static int64_t reduced_count(const st_tensor *a, unsigned mask) {
  int64_t n = 1;
  for (int d = 0; d < a->ndim; d++)
    if (mask >> d & 1) n *= a->shape[d];
  return n;
}

static size_t scratch_bytes(int64_t n) { return 8 * (size_t)(n > 0 ? n : 1); }
static void *scratch(int64_t n) { return st__alloc(scratch_bytes(n)); }
static void scratch_free(void *p, int64_t n) {
  if (p) st__free(p, scratch_bytes(n));
}

/* Where a float reduction accumulates: the result's own data when it is f64, else scratch. */
static double *acc_of(st_tensor *o) {
  return o->dtype == ST_F64 ? (double *)st__data(o) : scratch(numel_of(o));
}
static void acc_done(st_tensor *o, double *acc) {
  if (o->dtype != ST_F64) scratch_free(acc, numel_of(o));
}

/* Writes the finished doubles into o (a no-op when acc already is o's f64 data). */
static void acc_store(st_tensor *o, const double *acc, int64_t n) {
  if (o->dtype == ST_F32)
    for (int64_t i = 0; i < n; i++) ((float *)st__data(o))[i] = (float)acc[i];
}

/* One pass of `kind` over input 0, each result divided by div (1 leaves it exact). */
static int reduce_simple(const st_opcall *c, st_tensor *o, st_red_kind kind, double div) {
  st_tensor *a = c->in[0];
  unsigned mask = mask_of(c);
  int64_t n = numel_of(o);
  if (o->dtype == ST_I64) {
    st__k_reduce(kind, st__view_of(a), mask, st__data(o), NULL, NULL);
    return 0;
  }
  if (o->dtype == ST_BOOL) { /* amax/amin of bool: the integer loops, then back to bool */
    int64_t *acc = scratch(n);
    if (!acc) return -1;
    st__k_reduce(kind, st__view_of(a), mask, acc, NULL, NULL);
    for (int64_t i = 0; i < n; i++) ((bool *)st__data(o))[i] = acc[i] != 0;
    scratch_free(acc, n);
    return 0;
  }
  double *acc = acc_of(o);
  if (!acc) return -1;
  st__k_reduce(kind, st__view_of(a), mask, acc, NULL, NULL);
  if (div != 1)
    for (int64_t i = 0; i < n; i++) acc[i] /= div;
  acc_store(o, acc, n);
  acc_done(o, acc);
  return 0;
}

/* ------------------------------------------------------------------------- vjp helpers */

/* The rules follow PyTorch's tools/autograd/derivatives.yaml and the *_backward helpers of
   FunctionsManual.cpp, written with public ops so that they are differentiable again (double
   backward through the saved input and output). Every rule first puts the output's gradient
   back in the keepdim layout (the reduced dims present with size 1), from where it broadcasts
   against the input. */

#define IN0 ST_SAVE_IN(0)
#define OUT0 ST_SAVE_OUT(0)

/* The reduced dims of the recorded call as a bit mask, read as reduced_mask read them (infer
   has checked them). A 0-dim input reduces nothing. */
static unsigned rule_mask(const st_vjp_args *a) {
  int nd = a->in_meta[0].ndim;
  if (nd == 0) return 0;
  if (a->a->nlist == 0) return (1u << nd) - 1;
  unsigned mask = 0;
  for (int i = 0; i < a->a->nlist; i++) {
    int d = (int)a->a->list[i];
    mask |= 1u << (d < 0 ? d + nd : d);
  }
  return mask;
}

/* The reduced dims as a list for st_sum and friends; returns their count (0 only for a 0-dim
   input, where "every dim" reduces nothing as well). */
static int rule_dims(const st_vjp_args *a, int *dims) {
  unsigned mask = rule_mask(a);
  int n = 0;
  for (int d = 0; d < a->in_meta[0].ndim; d++)
    if (mask >> d & 1) dims[n++] = d;
  return n;
}

/* The number of elements each output reduced over (N in mean, var and std). */
static int64_t rule_count(const st_vjp_args *a) {
  unsigned mask = rule_mask(a);
  int64_t n = 1;
  for (int d = 0; d < a->in_meta[0].ndim; d++)
    if (mask >> d & 1) n *= a->in_meta[0].shape[d];
  return n;
}

/* t (the output's gradient or the output itself) in the keepdim layout: PyTorch's
   unsqueeze_multiple, done as one reshape since only size-1 dims are inserted. With keepdim, t
   itself (borrowed). */
static st_tensor *kept(const st_vjp_args *a, st_tensor *t) {
  if (a->a->keepdim || !t) return t;
  const st_tensor_meta *m = &a->in_meta[0];
  unsigned mask = rule_mask(a);
  int64_t shape[ST_MAX_DIMS];
  for (int d = 0; d < m->ndim; d++) shape[d] = mask >> d & 1 ? 1 : m->shape[d];
  return st_reshape(t, m->ndim, shape);
}

/* A 0-dim constant of t's dtype: it broadcasts and does not promote a dimensioned tensor. */
static st_tensor *const_like(st_tensor *t, double v) { return st_scalar(st_dtype_of(t), v); }

/* A keepdim-layout tensor broadcast back to the input's shape. */
static st_tensor *expand_to_input(const st_vjp_args *a, st_tensor *t) {
  return st_expand(t, a->in_meta[0].ndim, a->in_meta[0].shape);
}

/* ------------------------------------------------------------------------------ jvp rules */

/* sum, mean: linear, so the tangent goes through the same reduction (derivatives.yaml:
   self_t.sum(dim, keepdim), self_t.mean(dim, keepdim)). */
static int jvp_linear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_opcall c = {.op = a->op, .nin = 1, .in = tin, .a = *a->a};
  if (tin[0] && st__redispatch(&c, tin, tout)) return st__rule_failed();
  return 0;
}

/* The other reductions: each result depends on its own group of elements only, so the vjp rule
   with a gradient of ones gives d, each element's derivative of its group's result, and the
   tangent is sum(d * self_t) over the reduced dims. These are derivatives.yaml's "result:"
   formulas: prod_backward(ones) * self_t summed, amaxamin_jvp (the tangent averaged over the
   ties: the vjp's even split, so jvp and vjp stay transposes), var_jvp, std_jvp,
   logsumexp_jvp and norm_jvp. */
static int jvp_weighted_sum(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor_meta in_meta, out_meta;
  st__meta_of(&in_meta, a->in[0]);
  st__meta_of(&out_meta, a->out[0]);
  bool needs = true;
  st_vjp_args v = {a->op, a->a, 1, 1, a->in, a->out, &in_meta, &out_meta, &needs};
  st_tensor *ones = st_ones_like(a->out[0]), *d = NULL;
  if (!ones || a->op->vjp(&v, &ones, &d) || !d) return st__rule_failed();
  int dims[ST_MAX_DIMS], n = rule_dims(&v, dims);
  st_tensor *terms = st_mul(d, tin[0]);
  if (a->op->id == ST_OP_prod) { /* an infinite d (its product overflows) times a zero tangent
                                    contributes nothing, not NaN, to the others' directions */
    st_tensor *zero = const_like(tin[0], 0);
    terms = st_where(st_eq(tin[0], zero), zero, terms);
  }
  tout[0] = st_sum(terms, n, dims, a->a->keepdim);
  return tout[0] ? 0 : st__rule_failed();
}

/* -------------------------------------------------------------- sum, prod, mean, amax, amin */

static int kernel_sum(const st_opcall *c, st_tensor *const *out) {
  return reduce_simple(c, out[0], ST_RED_SUM, 1);
}
static int kernel_prod(const st_opcall *c, st_tensor *const *out) {
  return reduce_simple(c, out[0], ST_RED_PROD, 1);
}
static int kernel_amax(const st_opcall *c, st_tensor *const *out) {
  return reduce_simple(c, out[0], ST_RED_MAX, 1);
}
static int kernel_amin(const st_opcall *c, st_tensor *const *out) {
  return reduce_simple(c, out[0], ST_RED_MIN, 1);
}
/* An empty mean is 0 / 0 = NaN, as in PyTorch. */
static int kernel_mean(const st_opcall *c, st_tensor *const *out) {
  return reduce_simple(c, out[0], ST_RED_SUM, (double)reduced_count(c->in[0], mask_of(c)));
}

/* For fusion: reduce_simple's pass over rows of a float input, when the reduced dims come last. */
static bool row_reduce(const st_opcall *c, st_row_reduce *r, st_red_kind kind, bool mean) {
  const st_tensor *a = c->in[0];
  if ((a->dtype != ST_F32 && a->dtype != ST_F64) || st__numel(a->ndim, a->shape) == 0) return false;
  unsigned mask = mask_of(c);
  int64_t len = 1;
  bool reduced = false;
  for (int d = 0; d < a->ndim; d++) {
    if (a->shape[d] == 1) continue;
    if (mask >> d & 1)
      len *= a->shape[d], reduced = true;
    else if (reduced)
      return false; /* a kept dim after a reduced one */
  }
  *r = (st_row_reduce){kind, len, mean ? (double)reduced_count(a, mask) : 1};
  return true;
}
static bool rows_sum(const st_opcall *c, st_row_reduce *r) { return row_reduce(c, r, ST_RED_SUM, false); }
static bool rows_prod(const st_opcall *c, st_row_reduce *r) { return row_reduce(c, r, ST_RED_PROD, false); }
static bool rows_amax(const st_opcall *c, st_row_reduce *r) { return row_reduce(c, r, ST_RED_MAX, false); }
static bool rows_amin(const st_opcall *c, st_row_reduce *r) { return row_reduce(c, r, ST_RED_MIN, false); }
static bool rows_mean(const st_opcall *c, st_row_reduce *r) { return row_reduce(c, r, ST_RED_SUM, true); }

/* sum: sum_backward, the gradient expanded over the reduced dims. */
static int vjp_sum(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, expand_to_input(a, kept(a, gout[0])));
  return 0;
}

/* mean: mean_backward = sum_backward(grad) / N. An empty reduction (N = 0) has an empty input,
   so the division's inf never reaches a value. */
static int vjp_mean(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *g = gout[0];
  ST_GRAD(0, expand_to_input(a, kept(a, st_div(g, const_like(g, (double)rule_count(a))))));
  return 0;
}

/* prod: PyTorch's prod_backward (FunctionsManual.cpp) gives each element the product of the
   other elements of its group: result / x where the group has no zero, else exclusive
   cumulative products (which need no division). Here one branch-free expression, exact for any
   number of zeros and differentiable again exactly, with z = (x == 0) frozen, nz the group's
   count of zeros, P the product of its non-zeros and Q the product of its zeros (1 when none):
   - x_j != 0: P / x_j when nz == 0 (PyTorch's result / x); else P / x_j * Q, identically
     prod_{k != j} x_k as a function of x, whose value is 0 and whose derivative in the zero
     (nz == 1) is P / x_j;
   - x_j == 0: P * R_j with R_j the product of the other zeros: 1 when nz == 1, the other zero
     when nz == 2 (its value 0, derivative 1), else 0 (a product of two or more zeros, also to
     first order).
   No factor may overflow where the result is finite: an f32 input computes in f64 (P of f32
   values overflows f32 long before f64), and where a product that is multiplied by 0 is
   infinite it counts as 0 (its value there is 0 exactly), so finite inputs never give NaN and
   give inf only where the gradient itself is beyond the dtype's range (PyTorch's f32 gradient
   overflows already when P does). */
static st_tensor *prod_others(const st_vjp_args *a, st_tensor *x) {
  st_tensor *one = const_like(x, 1), *zero = const_like(x, 0), *inf = const_like(x, INFINITY);
  int dims[ST_MAX_DIMS], n = rule_dims(a, dims);
  st_tensor *z = st_eq(x, zero);
  st_tensor *nz = st_sum(z, n, dims, true);
  st_tensor *nonzeros = st_where(z, one, x);
  st_tensor *p = st_prod(nonzeros, n, dims, true);
  st_tensor *q = st_prod(st_where(z, x, one), n, dims, true);
  st_tensor *ratio = st_div(p, nonzeros);
  st_tensor *finite_ratio = st_where(st_eq(st_abs(ratio), inf), zero, ratio);
  st_tensor *others_of_nonzero =
      st_where(st_eq(nz, const_like(nz, 0)), ratio, st_mul(finite_ratio, q));
  st_tensor *finite_p = st_where(st_eq(st_abs(p), inf), zero, p);
  st_tensor *zsum = st_sum(st_where(z, x, zero), n, dims, true);
  st_tensor *others_of_zero =
      st_where(st_eq(nz, const_like(nz, 1)), p,
               st_mul(finite_p, st_where(st_eq(nz, const_like(nz, 2)), st_sub(zsum, x), zero)));
  return st_where(z, others_of_zero, others_of_nonzero);
}

static st_tensor *prod_grad(const st_vjp_args *a, st_tensor *g) {
  st_tensor *x = a->in[0];
  if (st_dtype_of(x) != ST_F32) return st_mul(kept(a, g), prod_others(a, x));
  st_tensor *wide = st_mul(st_to_dtype(kept(a, g), ST_F64), prod_others(a, st_to_dtype(x, ST_F64)));
  return st_to_dtype(wide, ST_F32);
}

static int vjp_prod(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, prod_grad(a, gout[0]));
  return 0;
}

/* amax, amin: scale_grad_by_count(grad, result == self, dim) = grad / count * mask, the
   gradient split evenly among the elements that tie for the extreme. */
static int vjp_extreme(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  if (!a->needs[0]) return 0;
  int dims[ST_MAX_DIMS], n = rule_dims(a, dims);
  st_tensor *mask = st_eq(a->in[0], kept(a, a->out[0]));
  st_tensor *count = st_sum(mask, n, dims, true);
  ST_GRAD(0, st_mul(st_div(kept(a, gout[0]), count), mask));
  return 0;
}

const st_op st__op_sum =
    REDUCE_ROWS_OP(sum, infer_sum_prod, kernel_sum, 0, vjp_sum, jvp_linear, 0, rows_sum);
const st_op st__op_prod = REDUCE_ROWS_OP(prod, infer_sum_prod, kernel_prod, 0, vjp_prod,
                                         jvp_weighted_sum, IN0, rows_prod);
const st_op st__op_mean =
    REDUCE_ROWS_OP(mean, infer_float_only, kernel_mean, 0, vjp_mean, jvp_linear, 0, rows_mean);
const st_op st__op_amax = REDUCE_ROWS_OP(amax, infer_extreme, kernel_amax, 0, vjp_extreme,
                                         jvp_weighted_sum, IN0 | OUT0, rows_amax);
const st_op st__op_amin = REDUCE_ROWS_OP(amin, infer_extreme, kernel_amin, 0, vjp_extreme,
                                         jvp_weighted_sum, IN0 | OUT0, rows_amin);

/* ------------------------------------------------------------------------------- var, std */

/* The mean, refined once by the mean of the deviations from it, then the squared deviations
   from that: a large mean costs no accuracy, unlike the one-pass E[x^2] - E[x]^2 (Chan, Golub,
   LeVeque, "Algorithms for computing the sample variance", 1983), and equal values give a
   variance of exactly 0, as PyTorch's Welford does (the first mean can be an ulp off; the
   refinement lands on the value, so std's derivative takes its masked 0 there, not the ratio
   of two rounding errors). var = sum (x - mean)^2 / max(0, N - correction), PyTorch's
   definition: a correction >= N divides by 0 and gives inf (or NaN for 0 / 0). */
static int var_std(const st_opcall *c, st_tensor *o, bool take_sqrt) {
  st_tensor *a = c->in[0];
  unsigned mask = mask_of(c);
  int64_t n = numel_of(o), count = reduced_count(a, mask);
  double *mean = scratch(2 * n), *acc = mean ? acc_of(o) : NULL;
  if (!acc) {
    scratch_free(mean, 2 * n);
    return -1;
  }
  double *dev = mean + n;
  st__k_reduce(ST_RED_SUM, st__view_of(a), mask, mean, NULL, NULL);
  for (int64_t i = 0; i < n; i++) mean[i] /= (double)count;
  st__k_reduce(ST_RED_DEV, st__view_of(a), mask, dev, mean, NULL);
  for (int64_t i = 0; i < n; i++) mean[i] += dev[i] / (double)count;
  st__k_reduce(ST_RED_SQDEV, st__view_of(a), mask, acc, mean, NULL);
  double dof = fmax(0.0, (double)count - c->a.reduce.correction);
  for (int64_t i = 0; i < n; i++) {
    double v = count ? acc[i] / dof : NAN;
    acc[i] = take_sqrt ? sqrt(v) : v;
  }
  acc_store(o, acc, n);
  acc_done(o, acc);
  scratch_free(mean, 2 * n);
  return 0;
}
static int kernel_var(const st_opcall *c, st_tensor *const *out) { return var_std(c, out[0], false); }
static int kernel_std(const st_opcall *c, st_tensor *const *out) { return var_std(c, out[0], true); }

/* var: var_backward = 2 / (N - correction) * grad * (x - mean(x)). The divisor is the
   forward's max(0, N - correction): where it is 0 the variance is inf (or NaN) and so is its
   gradient, as in PyTorch. gk is the gradient in the keepdim layout. */
static st_tensor *var_grad(const st_vjp_args *a, st_tensor *gk) {
  st_tensor *x = a->in[0];
  int dims[ST_MAX_DIMS], n = rule_dims(a, dims);
  double dof = fmax(0.0, (double)rule_count(a) - a->a->reduce.correction);
  st_tensor *dev = st_sub(x, st_mean(x, n, dims, true));
  return st_mul(st_mul_scalar(gk, 2.0 / dof), dev);
}

static int vjp_var(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, var_grad(a, kept(a, gout[0])));
  return 0;
}

/* std: std_backward = var_backward(grad / (2 * result)), with 0 where result == 0 (PyTorch's
   masked_fill_: a constant group has no direction to move in). The divisor is 1 there, so
   that the masked branch holds no inf whose 0 * inf would make double backward NaN. */
static int vjp_std(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  if (!a->needs[0]) return 0;
  st_tensor *y = kept(a, a->out[0]), *g = kept(a, gout[0]);
  st_tensor *zero = st_eq(y, const_like(y, 0));
  st_tensor *half = st_div(g, st_where(zero, const_like(y, 1), st_mul_scalar(y, 2)));
  ST_GRAD(0, var_grad(a, st_where(zero, const_like(half, 0), half)));
  return 0;
}

const st_op st__op_var =
    REDUCE_OP(var, infer_var_std, kernel_var, 0, vjp_var, jvp_weighted_sum, IN0);
const st_op st__op_std =
    REDUCE_OP(std, infer_var_std, kernel_std, 0, vjp_std, jvp_weighted_sum, IN0 | OUT0);

/* ---------------------------------------------------------------------------- logsumexp */

/* log sum exp(x) = m + log sum exp(x - m) with m the max, so nothing overflows. Where m is not
   finite the result is m itself: all -inf (or empty) gives -inf, any +inf gives +inf, NaN
   propagates; the shifted pass's value there is never read. */
static int kernel_logsumexp(const st_opcall *c, st_tensor *const *out) {
  st_tensor *o = out[0], *in = c->in[0];
  st_tensor *a = st__is_float(in->dtype) ? st_retain(in) : st__contig_as(in, ST_F32);
  if (!a) return -1;
  unsigned mask = mask_of(c);
  int64_t n = numel_of(o);
  double *mx = scratch(n), *acc = mx ? acc_of(o) : NULL;
  if (!acc) {
    scratch_free(mx, n);
    st__drop(a);
    return -1;
  }
  st__k_reduce(ST_RED_MAX, st__view_of(a), mask, mx, NULL, NULL);
  st__k_reduce(ST_RED_EXPDEV, st__view_of(a), mask, acc, mx, NULL);
  for (int64_t i = 0; i < n; i++) acc[i] = isfinite(mx[i]) ? mx[i] + log(acc[i]) : mx[i];
  acc_store(o, acc, n);
  acc_done(o, acc);
  scratch_free(mx, n);
  st__drop(a);
  return 0;
}

/* The softmax over the reduced dims, e / sum(e) with e = exp(x - max) (the max a constant: the
   ratio does not depend on it), kept (keepdim) for the input's shape. Its weights sum to 1 to
   the last ulp; exp(x - result) (PyTorch's logsumexp_backward) is off by the rounding of the
   result, 1e-14 of a large one, which the polynomial factors of higher derivatives magnify:
   jacfwd / jacrev of f through a large logsumexp gave third and fourth derivatives of 1e-9 to
   1e-4 that are 1e-21 (the fuzzer's crash of 2026-11-24). An empty input has no max: there the
   weights are exp(x - result) (none). */
static st_tensor *softmax_weights(st_tensor *x, st_tensor *result, int n, const int *dims) {
  if (st_numel(x) == 0) return st_exp(st_sub(x, result));
  st_tensor *e = st_exp(st_sub(x, st_detach(st_amax(x, n, dims, true))));
  return st_div(e, st_sum(e, n, dims, true));
}

/* logsumexp: logsumexp_backward = grad * softmax over the reduced dims. */
static int vjp_logsumexp(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int dims[ST_MAX_DIMS], n = rule_dims(a, dims);
  ST_GRAD(0, st_mul(kept(a, gout[0]),
                    softmax_weights(a->in[0], kept(a, a->out[0]), n, dims)));
  return 0;
}

/* logsumexp_jvp: sum(softmax * self_t) over the reduced dims, with the softmax above (PyTorch
   normalizes it the same way). */
static int jvp_logsumexp(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor_meta in_meta;
  st__meta_of(&in_meta, a->in[0]);
  st_vjp_args v = {a->op, a->a, 1, 1, a->in, a->out, &in_meta, NULL, NULL};
  int dims[ST_MAX_DIMS], n = rule_dims(&v, dims);
  st_tensor *w = softmax_weights(a->in[0], kept(&v, a->out[0]), n, dims);
  tout[0] = st_sum(st_mul(w, tin[0]), n, dims, a->a->keepdim);
  return tout[0] ? 0 : st__rule_failed();
}

const st_op st__op_logsumexp = REDUCE_OP(logsumexp, infer_logsumexp, kernel_logsumexp, 0,
                                         vjp_logsumexp, jvp_logsumexp, IN0 | OUT0);

/* --------------------------------------------------------------------------------- norm */

/* sqrt(sum x^2) in double. f32 squares cannot overflow or underflow a double; an f64 sum of
   squares that overflowed or fell where squares lose bits (below 2^-960) is redone scaled by
   a power of two near max |x| (exact), as LAPACK's dnrm2 scales to avoid over/underflow. */
static bool needs_scaling(const double *ss, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (!(ss[i] >= 0x1p-960 && ss[i] <= DBL_MAX) && !isnan(ss[i])) return true;
  return false;
}

/* Writes the norms into acc. */
static int norm_scaled(st_tensor *a, unsigned mask, double *acc, int64_t n) {
  double *amax = scratch(n), *k = amax ? scratch(n) : NULL;
  if (!k) {
    scratch_free(amax, n);
    return -1;
  }
  st__k_reduce(ST_RED_MAXABS, st__view_of(a), mask, amax, NULL, NULL);
  for (int64_t i = 0; i < n; i++) {
    int e = amax[i] > 0 && isfinite(amax[i]) ? ilogb(amax[i]) : 0;
    k[i] = ldexp(1.0, -(e < -1000 ? -1000 : e > 1000 ? 1000 : e));
  }
  st__k_reduce(ST_RED_SQDEV, st__view_of(a), mask, acc, NULL, k);
  for (int64_t i = 0; i < n; i++) /* 0, inf and NaN maxima are the norm itself */
    acc[i] = amax[i] > 0 && isfinite(amax[i]) ? sqrt(acc[i]) / k[i] : amax[i];
  scratch_free(amax, n);
  scratch_free(k, n);
  return 0;
}

static int kernel_norm(const st_opcall *c, st_tensor *const *out) {
  st_tensor *o = out[0];
  unsigned mask = mask_of(c);
  int64_t n = numel_of(o);
  double *acc = acc_of(o);
  if (!acc) return -1;
  st__k_reduce(ST_RED_SQDEV, st__view_of(c->in[0]), mask, acc, NULL, NULL);
  int rc = 0;
  if (c->in[0]->dtype == ST_F64 && needs_scaling(acc, n))
    rc = norm_scaled(c->in[0], mask, acc, n);
  else
    for (int64_t i = 0; i < n; i++) acc[i] = sqrt(acc[i]);
  acc_store(o, acc, n);
  acc_done(o, acc);
  return rc;
}

/* norm (p = 2): norm_backward = x * grad / result, with 0 where result == 0 (PyTorch's
   masked_fill_: the subgradient 0 at the origin). The divisor is 1 there, so double backward
   meets no 0 * inf. */
static int vjp_norm(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  if (!a->needs[0]) return 0;
  st_tensor *y = kept(a, a->out[0]), *g = kept(a, gout[0]);
  st_tensor *zero = st_eq(y, const_like(y, 0));
  st_tensor *scale = st_div(g, st_where(zero, const_like(y, 1), y));
  ST_GRAD(0, st_mul(a->in[0], st_where(zero, const_like(scale, 0), scale)));
  return 0;
}

const st_op st__op_norm =
    REDUCE_OP(norm, infer_float_only, kernel_norm, 0, vjp_norm, jvp_weighted_sum, IN0 | OUT0);

/* ------------------------------------------------------------------------ argmax, argmin */

static int kernel_argmax(const st_opcall *c, st_tensor *const *out) {
  st__k_argreduce(st__view_of(c->in[0]), mask_of(c), true, (int64_t *)st__data(out[0]));
  return 0;
}
static int kernel_argmin(const st_opcall *c, st_tensor *const *out) {
  st__k_argreduce(st__view_of(c->in[0]), mask_of(c), false, (int64_t *)st__data(out[0]));
  return 0;
}
/* Integer positions: no derivative. */
const st_op st__op_argmax =
    REDUCE_OP(argmax, infer_arg, kernel_argmax, ST_OP_NONDIFF, NULL, NULL, 0);
const st_op st__op_argmin =
    REDUCE_OP(argmin, infer_arg, kernel_argmin, ST_OP_NONDIFF, NULL, NULL, 0);

/* ------------------------------------------------------------------------------- samples */

/* A sample's attributes: the dims (none: every dim), keepdim and var/std's correction. */
static st_attrs dims_attrs(int n, const int64_t *dims, bool keepdim, double correction) {
  st_attrs a = {.nlist = n, .keepdim = keepdim, .reduce = {correction}};
  for (int i = 0; i < n; i++) a.list[i] = dims[i];
  return a;
}

/* Every layout with every way of naming dims (all, one, several, negative, keepdim), a 0-dim
   and a size-0 input, and the errors: a dim out of range, a repeated dim, an empty reduction
   for the ops without identity, an integer input for the float-only ones, and a non-finite
   correction. The sample values are distinct (no ties for amax/argmax, no zero norm); argmax
   and argmin take one dim, as their public functions do. */
static int samples_reduce(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  st_op_id id = op->id;
  bool arg = id == ST_OP_argmax || id == ST_OP_argmin;
  bool var = id == ST_OP_var || id == ST_OP_std || id == ST_OP_var_mean || id == ST_OP_std_mean;
  bool no_identity = arg || id == ST_OP_amax || id == ST_OP_amin;
  bool float_only = var || id == ST_OP_mean || id == ST_OP_norm;
  const int64_t s34[2] = {3, 4}, s43[2] = {4, 3}, s232[3] = {2, 3, 2}, s03[2] = {0, 3};
  const int64_t d1[1] = {1}, dm1[1] = {-1}, dm2[1] = {-2}, d0[1] = {0}, d02[2] = {0, 2}, d0m2[2] = {0, -2},
                d2[1] = {2};
  const double lo = -2.0, hi = 2.0;
  st_attrs a;
  int n = 0;
  a = dims_attrs(0, NULL, false, 1);
  PUSH("contiguous, every dim", 1, st__sample(dt, 2, s34, lo, hi));
  a = dims_attrs(1, d1, false, 1);
  PUSH("non-contiguous", 1, st__sample_noncontig(dt, 2, s43, lo, hi));
  a = dims_attrs(1, dm1, true, 1); /* the broadcast dim 0 holds equal values: reduce the last */
  PUSH("broadcast, keepdim", 1, st__sample_broadcast(dt, 2, s34, lo, hi));
  a = arg ? dims_attrs(1, dm2, true, 0) : dims_attrs(2, d02, false, 0);
  PUSH(arg ? "3-d, one dim" : "3-d, two dims", 1, st__sample(dt, 3, s232, lo, hi));
  a = dims_attrs(0, NULL, false, 0); /* one element: correction 0 keeps var finite */
  PUSH("0-dim", 1, st__sample(dt, 0, NULL, lo, hi));
  a = dims_attrs(1, dm1, true, 0);
  PUSH("0-dim, dim -1", 1, st__sample(dt, 0, NULL, lo, hi));
  a = dims_attrs(1, d1, false, 1);
  PUSH("size-0", 1, st__sample(dt, 2, s03, lo, hi));
  if (id == ST_OP_sum || id == ST_OP_prod) { /* the identity */
    a = dims_attrs(1, d0, true, 0);
    PUSH("empty reduction", 1, st__sample(dt, 2, s03, lo, hi));
  }
  /* distinct i64 values (7 i + 3 mod 13) */
  a = dims_attrs(1, d0, false, 1);
  if (!float_only)
    PUSH("i64 input", 1, st__sample_index(2, s34, 13));
  else
    FAIL("i64 input", ST_ERR_DTYPE, 1, st__sample_index(2, s34, 13));
  a = dims_attrs(1, d2, false, 1);
  FAIL("dim out of range", ST_ERR_ARG, 1, st__sample(dt, 2, s34, lo, hi));
  if (!arg) {
    a = dims_attrs(2, d0m2, false, 1);
    FAIL("repeated dim", ST_ERR_ARG, 1, st__sample(dt, 2, s34, lo, hi));
  }
  if (no_identity) {
    a = dims_attrs(1, d0, false, 1);
    FAIL("empty reduction", ST_ERR_SHAPE, 1, st__sample(dt, 2, s03, lo, hi));
  }
  if (var) {
    a = dims_attrs(1, d1, false, INFINITY);
    FAIL("infinite correction", ST_ERR_ARG, 1, st__sample(dt, 2, s34, lo, hi));
  }
  return n;
}

/* ------------------------------------------------------------ var_mean, std_mean (composite) */

/* torch.var_mean, torch.std_mean: the spread and the mean over the same dims, two outputs of one
   composite record (ST_OP_COMPOSITE): var's checks, and the two public reductions as its
   implementation, so their rules carry every transform. */
static int infer_spread_mean(const st_opcall *c, st_meta *m) {
  if (infer_var_std(c, m)) return -1;
  m[1] = m[0];
  return 0;
}

static int decomp_spread_mean(const st_opcall *c, st_tensor **out) {
  int dims[ST_MAX_DIMS], nd = c->a.nlist;
  for (int i = 0; i < nd; i++) dims[i] = (int)c->a.list[i];
  st_tensor *x = c->in[0];
  double correction = c->a.reduce.correction;
  out[0] = c->op->id == ST_OP_std_mean ? st_std(x, nd, dims, correction, c->a.keepdim)
                                       : st_var(x, nd, dims, correction, c->a.keepdim);
  if (!out[0]) return st__status(); /* before the mean's success clears it */
  out[1] = st_mean(x, nd, dims, c->a.keepdim);
  return out[1] ? 0 : st__status();
}

#define infer_var_mean   infer_spread_mean
#define infer_std_mean   infer_spread_mean
#define decomp_var_mean  decomp_spread_mean
#define decomp_std_mean  decomp_spread_mean
#define samples_var_mean samples_reduce
#define samples_std_mean samples_reduce
ST_COMPOSITE_OP(var_mean, 1, 2, 0);
ST_COMPOSITE_OP(std_mean, 1, 2, 0);

/* ------------------------------------------------------------------------ public functions */

/* Dims travel in a.list; bad counts and a NULL list are reported by infer, after dispatch has
   had its say about a NULL tensor. */
static st_opcall reduce_opcall(st_op_id id, st_tensor *const *a, int ndims, const int *dims,
                               bool keepdim, double correction) {
  st_opcall c = {.op = st__ops[id], .nin = 1, .in = a};
  c.a.nlist = ndims;
  c.a.keepdim = keepdim;
  c.a.reduce.correction = correction;
  c.a.reduce.dims_null = ndims > 0 && !dims;
  if (dims && ndims > 0 && ndims <= ST_MAX_DIMS)
    for (int i = 0; i < ndims; i++) c.a.list[i] = dims[i];
  return c;
}

static st_tensor *reduce_call(st_op_id id, st_tensor *a, int ndims, const int *dims, bool keepdim,
                              double correction) {
  st_opcall c = reduce_opcall(id, &a, ndims, dims, keepdim, correction);
  return st__call1(&c);
}

/* The spread, with the mean in *mean (both NULL on failure). */
static st_tensor *spread_mean(st_op_id id, st_tensor *a, int ndims, const int *dims,
                              double correction, bool keepdim, st_tensor **mean) {
  if (!mean) return st__error(ST_ERR_ARG, "%s: mean is NULL", st__op_fns[id]), NULL;
  *mean = NULL;
  st_opcall c = reduce_opcall(id, &a, ndims, dims, keepdim, correction);
  st_tensor *o[2];
  if (st__call_n(&c, o)) return NULL;
  *mean = o[1];
  return o[0];
}

st_tensor *st_var_mean(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim,
                       st_tensor **mean) {
  return spread_mean(ST_OP_var_mean, a, ndims, dims, correction, keepdim, mean);
}

st_tensor *st_std_mean(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim,
                       st_tensor **mean) {
  return spread_mean(ST_OP_std_mean, a, ndims, dims, correction, keepdim, mean);
}

st_tensor *st_sum(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_sum, a, ndims, dims, keepdim, 0);
}
st_tensor *st_sum_all(st_tensor *a) { return reduce_call(ST_OP_sum, a, 0, NULL, false, 0); }
st_tensor *st_mean(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_mean, a, ndims, dims, keepdim, 0);
}
st_tensor *st_mean_all(st_tensor *a) { return reduce_call(ST_OP_mean, a, 0, NULL, false, 0); }
st_tensor *st_prod(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_prod, a, ndims, dims, keepdim, 0);
}
st_tensor *st_prod_all(st_tensor *a) { return reduce_call(ST_OP_prod, a, 0, NULL, false, 0); }
st_tensor *st_amax(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_amax, a, ndims, dims, keepdim, 0);
}
st_tensor *st_amax_all(st_tensor *a) { return reduce_call(ST_OP_amax, a, 0, NULL, false, 0); }
st_tensor *st_amin(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_amin, a, ndims, dims, keepdim, 0);
}
st_tensor *st_amin_all(st_tensor *a) { return reduce_call(ST_OP_amin, a, 0, NULL, false, 0); }
st_tensor *st_var(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim) {
  return reduce_call(ST_OP_var, a, ndims, dims, keepdim, correction);
}
st_tensor *st_var_all(st_tensor *a, double correction) {
  return reduce_call(ST_OP_var, a, 0, NULL, false, correction);
}
st_tensor *st_std(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim) {
  return reduce_call(ST_OP_std, a, ndims, dims, keepdim, correction);
}
st_tensor *st_std_all(st_tensor *a, double correction) {
  return reduce_call(ST_OP_std, a, 0, NULL, false, correction);
}
st_tensor *st_logsumexp(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_logsumexp, a, ndims, dims, keepdim, 0);
}
st_tensor *st_logsumexp_all(st_tensor *a) {
  return reduce_call(ST_OP_logsumexp, a, 0, NULL, false, 0);
}
st_tensor *st_norm(st_tensor *a, int ndims, const int *dims, bool keepdim) {
  return reduce_call(ST_OP_norm, a, ndims, dims, keepdim, 0);
}
st_tensor *st_norm_all(st_tensor *a) { return reduce_call(ST_OP_norm, a, 0, NULL, false, 0); }
st_tensor *st_argmax(st_tensor *a, int dim, bool keepdim) {
  return reduce_call(ST_OP_argmax, a, 1, &dim, keepdim, 0);
}
st_tensor *st_argmax_all(st_tensor *a) { return reduce_call(ST_OP_argmax, a, 0, NULL, false, 0); }
st_tensor *st_argmin(st_tensor *a, int dim, bool keepdim) {
  return reduce_call(ST_OP_argmin, a, 1, &dim, keepdim, 0);
}
st_tensor *st_argmin_all(st_tensor *a) { return reduce_call(ST_OP_argmin, a, 0, NULL, false, 0); }
