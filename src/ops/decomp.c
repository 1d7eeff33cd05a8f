/* decomp.c — decompositions (seed 001): ops defined by other public ops. The dispatcher uses one
   when the interpreter of a call has no rule for the op (so the op gets vjp, jvp and batching
   for free), and for every op that has one in forced mode (st_set_force_decompositions), which
   lets the whole test matrix run through the decompositions. A decomposition never calls its
   own op, directly or through another decomposition. Each reads its op's attributes as its
   record documents them. */
#include "rules.h"

/* The reduced dims of a reduction call (list[0..nlist), none: every dim) as ints. */
static int reduce_dims(const st_opcall *c, int *dims) {
  int n = c->a.nlist, r = c->in[0]->ndim;
  if (n == 0) {
    for (int d = 0; d < r; d++) dims[d] = d;
    return r;
  }
  for (int k = 0; k < n; k++) dims[k] = (int)c->a.list[k];
  return n;
}

/* How many elements each result of a reduction over dims sums (a 0-dim input: one, whatever
   dim 0 or -1 names). */
static int64_t reduced_count(const st_tensor *x, int n, const int *dims) {
  int64_t count = 1;
  for (int k = 0; k < n && x->ndim > 0; k++) count *= x->shape[dims[k] < 0 ? dims[k] + x->ndim : dims[k]];
  return count;
}

/* sub(a, b) = a + (-b) */
static int decomp_sub(const st_opcall *c, st_tensor **out) {
  ST_TRY(out[0] = st_add(c->in[0], st_neg(c->in[1])));
  return 0;
}

/* div(a, b) = a * (1 / b), the reciprocal taken in the result's dtype (an integer divisor of an
   f64 dividend must not go through f32, which st_reciprocal of an integer gives) */
static int decomp_div(const st_opcall *c, st_tensor **out) {
  st_dtype rt = st__result_type(2, c->in);
  st_tensor *b = st_to_dtype(c->in[1], st__is_float(rt) ? rt : ST_F32);
  ST_TRY(out[0] = st_mul(c->in[0], st_reciprocal(b)));
  return 0;
}

/* mean = sum / count */
static int decomp_mean(const st_opcall *c, st_tensor **out) {
  int dims[ST_MAX_DIMS], n = reduce_dims(c, dims);
  int64_t count = reduced_count(c->in[0], n, dims);
  ST_TRY(out[0] = st_mul_scalar(st_sum(c->in[0], n, dims, c->a.keepdim), 1.0 / (double)count));
  return 0;
}

/* var = sum((x - mean)^2) / (count - correction) */
static int decomp_var(const st_opcall *c, st_tensor **out) {
  int dims[ST_MAX_DIMS], n = reduce_dims(c, dims);
  int64_t count = reduced_count(c->in[0], n, dims);
  st_tensor *d = st_sub(c->in[0], st_mean(c->in[0], n, dims, true));
  ST_TRY(out[0] = st_mul_scalar(st_sum(st_square(d), n, dims, c->a.keepdim),
                             1.0 / ((double)count - c->a.reduce.correction)));
  return 0;
}

/* std = sqrt(var) */
static int decomp_std(const st_opcall *c, st_tensor **out) {
  int dims[ST_MAX_DIMS], n = reduce_dims(c, dims);
  ST_TRY(out[0] = st_sqrt(st_var(c->in[0], n, dims, c->a.reduce.correction, c->a.keepdim)));
  return 0;
}

/* norm = sqrt(sum(x^2)) */
static int decomp_norm(const st_opcall *c, st_tensor **out) {
  int dims[ST_MAX_DIMS], n = reduce_dims(c, dims);
  ST_TRY(out[0] = st_sqrt(st_sum(st_square(c->in[0]), n, dims, c->a.keepdim)));
  return 0;
}

/* logsumexp = m + log(sum(exp(x - m))) with m the max (its derivative cancels) */
static int decomp_logsumexp(const st_opcall *c, st_tensor **out) {
  int dims[ST_MAX_DIMS], n = reduce_dims(c, dims);
  st_tensor *x = c->in[0], *m = st_amax(x, n, dims, true);
  st_tensor *s = st_log(st_sum(st_exp(st_sub(x, m)), n, dims, c->a.keepdim));
  if (!c->a.keepdim && s) ST_TRY(m = st_reshape(m, s->ndim, s->shape));
  ST_TRY(out[0] = st_add(s, m));
  return 0;
}

/* softmax(x, d) = e / sum(e) with e = exp(x - max) */
static int decomp_softmax(const st_opcall *c, st_tensor **out) {
  int d = (int)c->a.axis.dim;
  st_tensor *x = c->in[0], *e = st_exp(st_sub(x, st_amax(x, 1, &d, true)));
  ST_TRY(out[0] = st_div(e, st_sum(e, 1, &d, true)));
  return 0;
}

/* log_softmax(x, d) = x - logsumexp(x, d) */
static int decomp_log_softmax(const st_opcall *c, st_tensor **out) {
  int d = (int)c->a.axis.dim;
  ST_TRY(out[0] = st_sub(c->in[0], st_logsumexp(c->in[0], 1, &d, true)));
  return 0;
}

/* the reduction of a loss (loss.reduction): mean, sum or none */
static st_tensor *reduce_loss(st_tensor *l, int64_t reduction) {
  return reduction == ST_REDUCTION_MEAN  ? st_mean_all(l)
         : reduction == ST_REDUCTION_SUM ? st_sum_all(l)
                                         : l;
}

/* mse_loss = reduce((a - b)^2) */
static int decomp_mse_loss(const st_opcall *c, st_tensor **out) {
  ST_TRY(out[0] = reduce_loss(st_square(st_sub(c->in[0], c->in[1])), c->a.loss.reduction));
  return 0;
}

/* nll_loss = reduce(-logp[target]) over logp [N, C] with target [N], or [C] with a 0-dim target */
static int decomp_nll_loss(const st_opcall *c, st_tensor **out) {
  st_tensor *logp = c->in[0], *t = c->in[1];
  int cd = logp->ndim == 1 ? 0 : 1;
  st_tensor *idx = st_unsqueeze(t, cd), *picked = st_gather(logp, cd, idx);
  ST_TRY(picked = st_reshape(picked, t->ndim, t->shape));
  ST_TRY(out[0] = reduce_loss(st_neg(picked), c->a.loss.reduction));
  return 0;
}

/* cross_entropy = nll_loss(log_softmax(logits over the class dim)) */
static int decomp_cross_entropy(const st_opcall *c, st_tensor **out) {
  int cd = c->in[0]->ndim == 1 ? 0 : 1;
  ST_TRY(out[0] =
          st_nll_loss(st_log_softmax(c->in[0], cd), c->in[1], (st_reduction)c->a.loss.reduction));
  return 0;
}

/* layer_norm = (x - mean) / sqrt(var + eps) * weight + bias over the last nlist dims;
   norm.has_weight and .has_bias: weight and bias present, norm.eps. It runs in f64, as the native
   kernel does, and is rounded once. */
static int decomp_layer_norm(const st_opcall *c, st_tensor **out) {
  st_tensor *x = c->in[0];
  int k = c->a.nlist, dims[ST_MAX_DIMS];
  for (int j = 0; j < k; j++) dims[j] = x->ndim - k + j;
  st_tensor *xd = x->dtype == ST_F64 ? x : st_to_dtype(x, ST_F64);
  st_tensor *mu = st_mean(xd, k, dims, true), *var = st_var(xd, k, dims, 0.0, true);
  st_tensor *y = st_mul(st_sub(xd, mu), st_rsqrt(st_add_scalar(var, c->a.norm.eps)));
  int next = 1;
  if (c->a.norm.has_weight) y = st_mul(y, st_to_dtype(c->in[next++], ST_F64));
  if (c->a.norm.has_bias) y = st_add(y, st_to_dtype(c->in[next], ST_F64));
  ST_TRY(out[0] = x->dtype == ST_F64 ? y : st_to_dtype(y, x->dtype));
  return 0;
}

/* linear(x, w, b) = x @ w^T + b */
static int decomp_linear(const st_opcall *c, st_tensor **out) {
  st_tensor *y = st_matmul(c->in[0], st_transpose(c->in[1], 0, 1));
  ST_TRY(out[0] = c->nin > 2 ? st_add(y, c->in[2]) : y);
  return 0;
}

/* mm, bmm: matmul of the same operands */
static int decomp_matmul(const st_opcall *c, st_tensor **out) {
  ST_TRY(out[0] = st_matmul(c->in[0], c->in[1]));
  return 0;
}

/* dot(a, b) = sum(a * b) */
static int decomp_dot(const st_opcall *c, st_tensor **out) {
  ST_TRY(out[0] = st_sum_all(st_mul(c->in[0], c->in[1])));
  return 0;
}

/* outer(a, b) = a[:, None] * b[None, :] */
static int decomp_outer(const st_opcall *c, st_tensor **out) {
  ST_TRY(out[0] = st_mul(st_unsqueeze(c->in[0], 1), st_unsqueeze(c->in[1], 0)));
  return 0;
}

/* The unary ops' decompositions are their rows' DECOMP column (unary.def, st__decomp_unary). */
#define UNARY_ENTRY(name, expr) [ST_OP_##name] = st__decomp_unary,
const st_decomp st__decomps[ST_OP_COUNT] = {
#define UNARY(name, rule, cost, saves, e32, e64, ei64, deriv, decomp, ...)                         \
  ST__WITH_DECOMP(name, decomp, UNARY_ENTRY)
#define X(name)
#include "unary.def"
#undef X
#undef UNARY
    [ST_OP_sub] = decomp_sub,
    [ST_OP_div] = decomp_div,
    [ST_OP_mean] = decomp_mean,
    [ST_OP_var] = decomp_var,
    [ST_OP_std] = decomp_std,
    [ST_OP_norm] = decomp_norm,
    [ST_OP_logsumexp] = decomp_logsumexp,
    [ST_OP_softmax] = decomp_softmax,
    [ST_OP_log_softmax] = decomp_log_softmax,
    [ST_OP_mse_loss] = decomp_mse_loss,
    [ST_OP_nll_loss] = decomp_nll_loss,
    [ST_OP_cross_entropy] = decomp_cross_entropy,
    [ST_OP_layer_norm] = decomp_layer_norm,
    [ST_OP_linear] = decomp_linear,
    [ST_OP_mm] = decomp_matmul,
    [ST_OP_bmm] = decomp_matmul,
    [ST_OP_dot] = decomp_dot,
    [ST_OP_outer] = decomp_outer,
};
