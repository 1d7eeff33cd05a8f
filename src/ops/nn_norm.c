/* nn_norm.c — the normalizations of torch.nn.functional: layer_norm (affine or not,
   over the last nnorm dims). Float op: i64/bool inputs compute in f32. The loop is st__k_layer_norm
   in src/kernels/nn.c. */
#include <string.h>

#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* ---- layer_norm: in = x[, weight][, bias] (group_norm's too); the norm view: has_weight,
        has_bias, nnorm, has_shape (normalized_shape given), eps; list = normalized_shape */

static st_tensor *ln_weight(const st_opcall *c) { return c->a.norm.has_weight ? c->in[1] : NULL; }
static st_tensor *ln_bias(const st_opcall *c) {
  return c->a.norm.has_bias ? c->in[1 + c->a.norm.has_weight] : NULL;
}

static bool same_shape(const st_tensor *t, int ndim, const int64_t *shape) {
  if (t->ndim != ndim) return false;
  for (int d = 0; d < ndim; d++)
    if (t->shape[d] != shape[d]) return false;
  return true;
}

/* PyTorch: normalized_shape is non-empty and x ends in it; weight and bias have exactly it. */
static int infer_layer_norm(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0], *w = ln_weight(c), *b = ln_bias(c);
  int nnorm = (int)c->a.norm.nnorm;
  const int64_t *ns = c->a.list;
  char want[96];
  if (nnorm < 1 || nnorm > x->ndim)
    return st__op_error(c, ST_ERR_ARG, "nnorm %d must be in 1..%d for input %s", nnorm, x->ndim,
                        ST_SHAPE_STR(x));
  if (!c->a.norm.has_shape) return st__op_error(c, ST_ERR_ARG, "normalized_shape is NULL");
  st__fmt_shape(want, sizeof want, nnorm, ns);
  if (memcmp(x->shape + x->ndim - nnorm, ns, sizeof(int64_t) * (size_t)nnorm) != 0)
    return st__op_error(c, ST_ERR_SHAPE, "input %s does not end in normalized_shape %s",
                        ST_SHAPE_STR(x), want);
  if (w && !same_shape(w, nnorm, ns))
    return st__op_error(c, ST_ERR_SHAPE, "weight %s must have normalized_shape %s", ST_SHAPE_STR(w),
                        want);
  if (b && !same_shape(b, nnorm, ns))
    return st__op_error(c, ST_ERR_SHAPE, "bias %s must have normalized_shape %s", ST_SHAPE_STR(b),
                        want);
  if (!(c->a.norm.eps >= 0))
    return st__op_error(c, ST_ERR_ARG, "eps %g must be non-negative", c->a.norm.eps);
  st_dtype dt = x->dtype;
  if (w) dt = st_promote_types(dt, w->dtype);
  if (b) dt = st_promote_types(dt, b->dtype);
  st__meta_set(m, st__nn_float_type(dt), x->ndim, x->shape);
  return 0;
}

static int kernel_layer_norm(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *x = NULL, *w = NULL, *b = NULL;
  int rc = -1;
  if (!(x = st__contig_as(c->in[0], y->dtype))) return -1;
  if (ln_weight(c) && !(w = st__contig_as(ln_weight(c), y->dtype))) goto fail;
  if (ln_bias(c) && !(b = st__contig_as(ln_bias(c), y->dtype))) goto fail;
  int64_t m = st__numel((int)c->a.norm.nnorm, c->a.list), numel = st__numel(x->ndim, x->shape);
  st__k_layer_norm(y->dtype, st__data(x), m ? numel / m : 0, m, w ? st__data(w) : NULL,
                   b ? st__data(b) : NULL, c->a.norm.eps, st__data(y));
  rc = 0;
fail:
  st__drop(x);
  st__drop(w);
  st__drop(b);
  return rc;
}

/* The normalized dims: the last nnorm of nd. */
static void ln_dims(int nnorm, int nd, int *dims) {
  for (int k = 0; k < nnorm; k++) dims[k] = nd - nnorm + k;
}

/* xhat = (x - mean) * rstd with rstd = 1 / sqrt(var + eps) (biased variance) over the dims,
   recomputed from x with public ops in the result's dtype dt, as the forward computes. */
static st_tensor *ln_xhat(st_tensor *x, st_dtype dt, int n, const int *dims, double eps,
                          st_tensor **rstd) {
  if (x->dtype != dt) x = st_to_dtype(x, dt);
  st_tensor *mu = st_mean(x, n, dims, true), *var = st_var(x, n, dims, 0, true);
  *rstd = st_rsqrt(st_add_scalar(var, eps));
  return st_mul(st_sub(x, mu), *rstd);
}

/* derivatives.yaml, native_layer_norm: layer_norm_backward. With xhat = (x - mean) * rstd,
   rstd = 1 / sqrt(var + eps) (biased variance) over the normalized dims and gh = g * weight:
     x: rstd * (gh - mean(gh) - xhat * mean(gh * xhat)),  weight: sum(g * xhat),  bias: sum(g),
   the last two over the leading dims. mean and rstd are recomputed here from x with public ops
   rather than saved by the forward, so the gradient is differentiable in x for double backward
   (PyTorch writes layer_norm_double_backward by hand instead). */
static int vjp_layer_norm(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int nnorm = (int)a->a->norm.nnorm, dims[ST_MAX_DIMS];
  bool has_w = a->a->norm.has_weight, has_b = a->a->norm.has_bias;
  int iw = has_w ? 1 : -1, ib = has_b ? 1 + has_w : -1;
  bool need_x = a->needs[0], need_w = iw > 0 && a->needs[iw];
  st_tensor *g = gout[0], *rstd;
  ln_dims(nnorm, a->in_meta[0].ndim, dims);
  if (ib > 0) ST_GRAD(ib, st__sum_to(g, &a->in_meta[ib]));
  if (!need_x && !need_w) return 0;
  st_tensor *xhat = ln_xhat(a->in[0], a->out_meta[0].dtype, nnorm, dims, a->a->norm.eps, &rstd);
  if (need_w) {
    st_tensor *gxhat = st_mul(g, xhat);
    ST_GRAD(iw, st__sum_to(gxhat, &a->in_meta[iw]));
    st_release(gxhat);
  }
  if (need_x) {
    st_tensor *gh = has_w ? st_mul(g, a->in[1]) : g;
    st_tensor *m1 = st_mean(gh, nnorm, dims, true), *ghx = st_mul(gh, xhat);
    st_tensor *m2 = st_mean(ghx, nnorm, dims, true), *t2 = st_mul(xhat, m2);
    st_tensor *d1 = st_sub(gh, m1), *d2 = st_sub(d1, t2);
    ST_GRAD(0, st_mul(rstd, d2));
  }
  return 0;
}

/* derivatives.yaml, native_layer_norm: "result0: layer_norm_jvp(input_p, input_t, weight_p,
   weight_t, bias_p, bias_t, result1, result2, normalized_shape)": with xhat and rstd as above,
     d xhat = rstd * (tx - mean(tx) - xhat * mean(tx * xhat)),  y' = d xhat * w + xhat * tw + tb. */
static int jvp_layer_norm(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  int nnorm = (int)a->a->norm.nnorm, dims[ST_MAX_DIMS];
  bool has_w = a->a->norm.has_weight, has_b = a->a->norm.has_bias;
  st_tensor *tx = tin[0], *tw = has_w ? tin[1] : NULL, *tb = has_b ? tin[1 + has_w] : NULL;
  st_tensor *t = NULL, *rstd = NULL, *xhat = NULL;
  ln_dims(nnorm, a->in[0]->ndim, dims);
  if (tx || tw)
    ST_TRY(xhat = ln_xhat(a->in[0], a->out[0]->dtype, nnorm, dims, a->a->norm.eps, &rstd));
  if (tx) {
    st_tensor *m1 = st_mean(tx, nnorm, dims, true),
              *m2 = st_mean(st_mul(tx, xhat), nnorm, dims, true);
    t = st_mul(rstd, st_sub(st_sub(tx, m1), st_mul(xhat, m2)));
    if (has_w) t = st_mul(t, a->in[1]);
    ST_TRY(t);
  }
  if (tw) ST_TRY(t = t ? st_add(t, st_mul(xhat, tw)) : st_mul(xhat, tw));
  if (tb) ST_TRY(t = t ? st_add(t, tb) : st__track(st_retain(tb))); /* tb alone broadcasts */
  tout[0] = t;
  return 0;
}

/* With shared weight and bias the lanes are one more leading dim (moved first only when they sit
   among the normalized dims). Per-lane weight or bias: normalize without them, then apply each
   lane's, lanes first; in the result's dtype, as the kernel computes. */
static int vmap_layer_norm(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int nnorm = (int)c.a.norm.nnorm, xb = a->bdim[0], iw = c.a.norm.has_weight ? 1 : -1,
      ib = c.a.norm.has_bias ? 1 + (iw > 0) : -1;
  bool affine = (iw > 0 && a->bdim[iw] >= 0) || (ib > 0 && a->bdim[ib] >= 0);
  st_tensor *x = a->in[0], *y;
  if (xb >= x->ndim - nnorm) {
    ST_TRY(x = st__movedim(x, xb, 0));
    xb = 0;
  }
  st_tensor *in[3] = {x, c.nin > 1 ? a->in[1] : NULL, c.nin > 2 ? a->in[2] : NULL};
  if (!affine) {
    out_bdim[0] = xb;
    return st__redispatch(&c, in, out) ? st__rule_failed() : 0;
  }
  st_dtype dt = x->dtype;
  for (int i = 1; i < c.nin; i++) dt = st_promote_types(dt, a->in[i]->dtype);
  if (x->dtype != st__nn_float_type(dt)) ST_TRY(in[0] = st_to_dtype(x, st__nn_float_type(dt)));
  c.nin = 1;
  c.a.norm.has_weight = c.a.norm.has_bias = 0;
  if (st__redispatch(&c, in, &y)) return st__rule_failed();
  int rank = st__lrank(a, 0);
  y = st__front(st__track(y), xb, rank);
  if (iw > 0) y = st_mul(y, st__bfront(a, iw, rank));
  if (ib > 0) y = st_add(y, st__bfront(a, ib, rank));
  ST_TRY(out[0] = y);
  out_bdim[0] = 0;
  return 0;
}

/* layer_norm's attributes for one or two normalized dims ns, with or without weight and bias,
   as st_layer_norm sets them. */
static st_attrs ln_attrs(int nnorm, int64_t n0, int64_t n1, bool weight, bool bias) {
  st_attrs a = {.norm = {1e-5, nnorm, weight, bias, true}, .nlist = nnorm, .list = {n0, n1}};
  return a;
}

/* Normalized over the last dim or the last two, affine or not (weight, bias, both), in every
   layout; a 1-D input and an empty batch. A 0-dim input has no dim to normalize. Errors: an
   input that does not end in normalized_shape, a weight of another shape, a 0-dim input and a
   negative eps. */
static int samples_layer_norm(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = ln_attrs(1, 4, 0, false, false);
  PUSH("contiguous", 1, SMP(3, 4));
  PUSH("1-D input", 1, SMP(4));
  a = ln_attrs(1, 4, 0, true, true);
  PUSH("weight and bias", 3, SMP(3, 4), SMP(4), SMP(4));
  PUSH("non-contiguous", 3, SMP_NC(3, 4), SMP_NC(4), SMP_NC(4));
  PUSH("broadcast", 3, SMP_BC(3, 4), SMP(4), SMP(4));
  PUSH("size-0", 3, SMP(0, 4), SMP(4), SMP(4));
  a = ln_attrs(1, 4, 0, true, false);
  PUSH("weight only", 2, SMP(3, 4), SMP(4));
  a = ln_attrs(1, 4, 0, false, true);
  PUSH("bias only", 2, SMP(3, 4), SMP(4));
  a = ln_attrs(2, 2, 3, true, true);
  PUSH("2 normalized dims", 3, SMP_NC(2, 2, 3), SMP(2, 3), SMP(2, 3));
  a = ln_attrs(1, 3, 0, false, false);
  FAIL("input does not end in normalized_shape", ST_ERR_SHAPE, 1, SMP(3, 4));
  a = ln_attrs(1, 4, 0, true, false);
  FAIL("weight shape", ST_ERR_SHAPE, 2, SMP(3, 4), SMP(3));
  a = ln_attrs(1, 1, 0, false, false);
  FAIL("0-dim input", ST_ERR_ARG, 1, SMP0());
  a = ln_attrs(1, 4, 0, false, false);
  a.norm.eps = -1;
  FAIL("negative eps", ST_ERR_ARG, 1, SMP(3, 4));
  return n;
}

const st_op st__op_layer_norm = {.id = ST_OP_layer_norm, .name = "layer_norm", .nin = ST_VARIADIC,
                                 .nout = 1, .infer = infer_layer_norm, .kernel = kernel_layer_norm,
                                 .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_layer_norm,
                                 .jvp = jvp_layer_norm, .vmap = vmap_layer_norm,
                                 .samples = samples_layer_norm};


/* ------------------------------------------------------------------------ public functions */

st_tensor *st_layer_norm(st_tensor *x, int nnorm, const int64_t *normalized_shape,
                         st_tensor *weight, st_tensor *bias, double eps) {
  st_tensor *in[3] = {x};
  int nin = 1;
  if (weight) in[nin++] = weight;
  if (bias) in[nin++] = bias;
  st_opcall c = {.op = st__ops[ST_OP_layer_norm], .nin = nin, .in = in};
  c.a.norm.has_weight = weight != NULL;
  c.a.norm.has_bias = bias != NULL;
  c.a.norm.nnorm = nnorm;
  c.a.norm.has_shape = normalized_shape != NULL;
  c.a.norm.eps = eps;
  if (normalized_shape && nnorm > 0 && nnorm <= ST_MAX_DIMS) {
    c.a.nlist = nnorm;
    memcpy(c.a.list, normalized_shape, sizeof(int64_t) * (size_t)nnorm);
  }
  return st__call1(&c);
}

/* ------------------------------------------------------------ group_norm and batch_norm */

/* v [C] as [C, 1, ..., 1]: how a per-channel vector broadcasts against x [N, C, ...] (nd dims). */
static st_tensor *per_channel(st_tensor *v, int nd) {
  int64_t shape[ST_MAX_DIMS];
  shape[0] = v ? st_numel(v) : 0;
  for (int d = 1; d < nd - 1; d++) shape[d] = 1;
  return st_reshape(v, nd - 1 > 0 ? nd - 1 : 1, shape);
}

/* y * weight + bias per channel (either may be NULL). */
static st_tensor *affine(st_tensor *y, st_tensor *w, st_tensor *b, int nd) {
  if (w) y = st_mul(y, per_channel(w, nd));
  if (b) y = st_add(y, per_channel(b, nd));
  return y;
}

/* A per-channel vector ([C], of x's float kind) for `what`, or NULL allowed. */
static int check_channel_vec(const char *fn, const char *what, const st_tensor *v, int64_t c) {
  if (v && (v->ndim != 1 || v->shape[0] != c))
    return st__error(ST_ERR_SHAPE, "%s: %s %s must be [%lld], one value per channel", fn, what,
                     ST_SHAPE_STR(v), (long long)c);
  return 0;
}

/* group_norm is a composite record (ST_OP_COMPOSITE): x [N, C, *] of a float dtype, C divisible
   by norm.groups, weight and bias [C] of x's dtype (each optional), eps >= 0. */
static int infer_group_norm(const st_opcall *c, st_meta *m) {
  const char *fn = ST_FN(c);
  const st_tensor *x = c->in[0];
  if (c->nin != 1 + c->a.norm.has_weight + c->a.norm.has_bias)
    return st__error(ST_ERR_ARG, "%s: %d tensors for the inputs that has_weight and has_bias name",
                     fn, c->nin);
  const st_tensor *w = ln_weight(c), *b = ln_bias(c);
  if (x->ndim < 2)
    return st__error(ST_ERR_SHAPE, "%s: input %s must be [N, C, *]", fn, ST_SHAPE_STR(x));
  int64_t ch = x->shape[1], groups = c->a.norm.groups;
  if (groups < 1 || ch % groups != 0)
    return st__error(ST_ERR_ARG,
                     "%s: the %lld channels of input %s are not divisible by "
                     "num_groups %lld",
                     fn, (long long)ch, ST_SHAPE_STR(x), (long long)groups);
  if (check_channel_vec(fn, "weight", w, ch) || check_channel_vec(fn, "bias", b, ch)) return -1;
  if (!st__is_float(x->dtype) || (w && w->dtype != x->dtype) || (b && b->dtype != x->dtype))
    return st__error(ST_ERR_DTYPE,
                     "%s: input (%s), weight (%s) and bias (%s) must share a float "
                     "dtype",
                     fn, st_dtype_name(x->dtype), w ? st_dtype_name(w->dtype) : "none",
                     b ? st_dtype_name(b->dtype) : "none");
  if (!(c->a.norm.eps >= 0))
    return st__error(ST_ERR_ARG, "%s: eps %g must be non-negative", fn, c->a.norm.eps);
  st__meta_like(m, x);
  return 0;
}

/* x [N, C, *] split into num_groups groups of C / num_groups channels, each normalized over its
   channels and the spatial dims: layer_norm of x seen as [N, G, C/G * prod(*)] (one fused
   kernel and its rules), then the per-channel affine, as torch.nn.functional.group_norm. */
static int decomp_group_norm(const st_opcall *c, st_tensor **out) {
  st_tensor *x = c->in[0], *w = ln_weight(c), *b = ln_bias(c);
  int64_t groups = c->a.norm.groups, n = x->shape[0];
  int64_t m = st__numel(x->ndim - 1, x->shape + 1) / groups;
  st_tensor *g = st_reshape(x, 3, (const int64_t[]){n, groups, m});
  st_tensor *y = st_layer_norm(g, 1, (const int64_t[]){m}, NULL, NULL, c->a.norm.eps);
  out[0] = affine(st_reshape(y, x->ndim, x->shape), w, b, x->ndim);
  return out[0] ? 0 : st__status();
}

static st_attrs gn_attrs(int64_t groups, bool weight, bool bias) {
  return (st_attrs){
      .norm = {.eps = 1e-5, .has_weight = weight, .has_bias = bias, .groups = groups}};
}

/* Groups of one channel, of several and of all; affine or not; spatial dims or none; every
   layout and an empty batch. Errors: channels not divisible by the groups, a weight of another
   size, a 1-D input, an integer input and a negative eps. */
static int samples_group_norm(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = gn_attrs(2, true, true);
  PUSH("contiguous", 3, SMP(2, 4, 3), SMP(4), SMP(4));
  PUSH("non-contiguous", 3, SMP_NC(2, 4, 3), SMP_NC(4), SMP(4));
  PUSH("broadcast", 3, SMP_BC(2, 4, 3), SMP(4), SMP(4));
  PUSH("size-0", 3, SMP(0, 4, 3), SMP(4), SMP(4));
  PUSH("2 spatial dims", 3, SMP(1, 4, 2, 2), SMP(4), SMP(4));
  FAIL("weight size", ST_ERR_SHAPE, 3, SMP(2, 4, 3), SMP(3), SMP(4));
  a = gn_attrs(1, false, false);
  PUSH("one group, no affine", 1, SMP(2, 3, 4));
  PUSH("no spatial dims", 1, SMP(3, 4));
  FAIL("1-D input", ST_ERR_SHAPE, 1, SMP(4));
  FAIL("i64 input", ST_ERR_DTYPE, 1, IDX(5, 2, 4, 3));
  a = gn_attrs(4, true, false);
  PUSH("a group per channel, weight only", 2, SMP(2, 4, 3), SMP(4));
  a = gn_attrs(3, false, false);
  FAIL("channels not divisible", ST_ERR_ARG, 1, SMP(2, 4, 3));
  a = gn_attrs(2, false, false);
  a.norm.eps = -1;
  FAIL("negative eps", ST_ERR_ARG, 1, SMP(2, 4, 3));
  return n;
}

ST_COMPOSITE_OP(group_norm, ST_VARIADIC, 1, 0);

st_tensor *st_group_norm(st_tensor *x, int64_t num_groups, st_tensor *weight, st_tensor *bias,
                         double eps) {
  st_tensor *in[3] = {x};
  int nin = 1;
  if (weight) in[nin++] = weight;
  if (bias) in[nin++] = bias;
  st_opcall c = {.op = st__ops[ST_OP_group_norm], .nin = nin, .in = in};
  c.a = gn_attrs(num_groups, weight != NULL, bias != NULL);
  c.a.norm.eps = eps;
  return st__call1(&c);
}

/* running = momentum * batch + (1 - momentum) * running, the variance unbiased (n / (n - 1)),
   as torch's batch_norm updates its buffers: in no-grad mode from the detached batch values,
   so no graph links them (under st_vmap a batched statistic cannot go into the unbatched
   buffers: the write fails, as in torch.func). */
static int update_running(st_tensor *x, const int *dims, st_tensor *rm, st_tensor *rv,
                          double momentum) {
  int nd = x->ndim - 1, rc = -1;
  bool was = st_set_grad_enabled(false);
  st_tensor *xd = st_detach(x), *m = NULL, *v = NULL; /* both computed before either is written */
  if (rm) m = st_add(st_mul_scalar(st_mean(xd, nd, dims, false), momentum),
                     st_mul_scalar(rm, 1 - momentum));
  if (rv) v = st_add(st_mul_scalar(st_var(xd, nd, dims, 1, false), momentum),
                     st_mul_scalar(rv, 1 - momentum));
  if ((!rm || m) && (!rv || v)) rc = (rm ? st_copy_(rm, m) : 0) || (rv ? st_copy_(rv, v) : 0);
  st_set_grad_enabled(was);
  return rc;
}

/* batch_norm is a composite record (ST_OP_COMPOSITE) without side effects: in = x, then in
   evaluation mode running_mean and running_var, then weight and bias where has_weight and
   has_bias say; the norm view's training and eps. st_batch_norm updates the running statistics
   of training mode itself, before the call, so every transform sees a pure function. */
static st_tensor *bn_input(const st_opcall *c, int k) { /* 0: rm, 1: rv, 2: weight, 3: bias */
  bool stats = !c->a.norm.training;
  bool has[4] = {stats, stats, c->a.norm.has_weight, c->a.norm.has_bias};
  if (!has[k]) return NULL;
  int i = 1;
  for (int j = 0; j < k; j++) i += has[j];
  return c->in[i];
}

/* torch's checks of batch_norm: x [N, C, *] of a float dtype, each per-channel vector [C] of
   x's dtype, the running statistics given in evaluation mode, more than one value per channel
   in training mode, eps >= 0. */
static int check_batch_norm(const char *fn, const st_tensor *x, st_tensor *const vec[4],
                            bool training, double eps) {
  static const char *const names[4] = {"running_mean", "running_var", "weight", "bias"};
  if (x->ndim < 2)
    return st__error(ST_ERR_SHAPE, "%s: input %s must be [N, C, *]", fn, ST_SHAPE_STR(x));
  int64_t c = x->shape[1];
  for (int k = 0; k < 4; k++) {
    if (check_channel_vec(fn, names[k], vec[k], c)) return -1;
    /* torch's CPU kernel also takes f32 parameters with a half input (mixed type) */
    bool mixed = (x->dtype == ST_F16 || x->dtype == ST_BF16) && vec[k] && vec[k]->dtype == ST_F32;
    if (vec[k] && vec[k]->dtype != x->dtype && !mixed)
      return st__error(ST_ERR_DTYPE, "%s: %s (%s) must have the input's dtype (%s)", fn, names[k],
                       st_dtype_name(vec[k]->dtype), st_dtype_name(x->dtype));
  }
  if (!st__is_float(x->dtype))
    return st__error(ST_ERR_DTYPE, "%s: input must have a float dtype, got %s", fn,
                     st_dtype_name(x->dtype));
  if (!training && (!vec[0] || !vec[1]))
    return st__error(ST_ERR_ARG, "%s: evaluation mode needs running_mean and running_var", fn);
  /* torch's _verify_batch_size: exactly one value per channel (N times the spatial sizes) */
  if (training && x->shape[0] * st__numel(x->ndim - 2, x->shape + 2) == 1)
    return st__error(ST_ERR_SHAPE, "%s: expected more than 1 value per channel when training, "
                     "got input %s", fn, ST_SHAPE_STR(x));
  if (!(eps >= 0)) return st__error(ST_ERR_ARG, "%s: eps %g must be non-negative", fn, eps);
  return 0;
}

static int infer_batch_norm(const st_opcall *c, st_meta *m) {
  bool training = c->a.norm.training;
  int want = 1 + 2 * !training + c->a.norm.has_weight + c->a.norm.has_bias;
  if (c->nin != want)
    return st__error(ST_ERR_ARG, "%s: %d tensors for the %d inputs that training, has_weight and "
                     "has_bias name", ST_FN(c), c->nin, want);
  st_tensor *const vec[4] = {bn_input(c, 0), bn_input(c, 1), bn_input(c, 2), bn_input(c, 3)};
  if (check_batch_norm(ST_FN(c), c->in[0], vec, training, c->a.norm.eps)) return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}

/* Training: x normalized per channel over N and the spatial dims with the batch's biased
   variance, layer_norm of x seen as [C, N * prod(*)] (one copy to bring the channels first);
   evaluation: with the running statistics, (x - mean) / sqrt(var + eps). Then the affine; a
   half input with f32 parameters computes in f32 and returns to the input's dtype. */
static int decomp_batch_norm(const st_opcall *c, st_tensor **out) {
  st_tensor *x = c->in[0], *w = bn_input(c, 2), *b = bn_input(c, 3), *y;
  int nd = x->ndim;
  double eps = c->a.norm.eps;
  if (!c->a.norm.training) {
    st_tensor *inv = st_rsqrt(st_add_scalar(per_channel(bn_input(c, 1), nd), eps));
    y = affine(st_mul(st_sub(x, per_channel(bn_input(c, 0), nd)), inv), w, b, nd);
  } else {
    st_tensor *xt = st_transpose(x, 0, 1);
    int64_t ch = x->shape[1], m = x->shape[0] * st__numel(nd - 2, x->shape + 2);
    st_tensor *flat = st_reshape(xt, 2, (const int64_t[]){ch, m});
    st_tensor *n = st_layer_norm(flat, 1, (const int64_t[]){m}, NULL, NULL, eps);
    st_tensor *nt = xt ? st_reshape(n, nd, xt->shape) : NULL;
    y = affine(st_transpose(nt, 0, 1), w, b, nd);
  }
  if (y && st_dtype_of(y) != x->dtype) y = st_to_dtype(y, x->dtype);
  out[0] = y;
  return out[0] ? 0 : st__status();
}

static st_attrs bn_attrs(bool training, bool weight, bool bias) {
  return (st_attrs){
      .norm = {.eps = 1e-5, .has_weight = weight, .has_bias = bias, .training = training}};
}

/* Both modes, affine or not, with spatial dims or none, every layout, an empty batch in
   evaluation mode. Errors: a 1-D input, a weight of another size, one value per channel in
   training, an integer input, a running statistic of another dtype, a negative eps. Running
   variances are positive (lo..hi shifted up). */
static int samples_batch_norm(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = bn_attrs(false, true, true);
  PUSH("evaluation, contiguous", 5, SMP(2, 3, 4), SMP(3), st__sample(dt, ST_SHAPE(3), 0.5, 2),
       SMP(3), SMP(3));
  PUSH("evaluation, size-0", 5, SMP(0, 3), SMP(3), st__sample(dt, ST_SHAPE(3), 0.5, 2), SMP(3),
       SMP(3));
  a = bn_attrs(false, false, false);
  PUSH("evaluation, non-contiguous, no affine", 3, SMP_NC(4, 3), SMP(3),
       st__sample(dt, ST_SHAPE(3), 0.5, 2));
  FAIL("running_var of another dtype", ST_ERR_DTYPE, 3, SMP(4, 3), SMP(3),
       st__sample(dt == ST_F64 ? ST_F32 : ST_F64, ST_SHAPE(3), 0.5, 2));
  a = bn_attrs(true, true, true);
  PUSH("training, contiguous", 3, SMP(4, 3), SMP(3), SMP(3));
  PUSH("training, broadcast", 3, SMP_BC(2, 3, 2), SMP(3), SMP(3));
  FAIL("weight size", ST_ERR_SHAPE, 3, SMP(4, 3), SMP(2), SMP(3));
  FAIL("one value per channel", ST_ERR_SHAPE, 3, SMP(1, 3), SMP(3), SMP(3));
  a = bn_attrs(true, false, false);
  PUSH("training, 2 spatial dims, no affine", 1, SMP(2, 3, 2, 2));
  PUSH("training, non-contiguous", 1, SMP_NC(3, 2));
  FAIL("1-D input", ST_ERR_SHAPE, 1, SMP(4));
  FAIL("i64 input", ST_ERR_DTYPE, 1, IDX(5, 4, 3));
  a = bn_attrs(true, false, true);
  a.norm.eps = -1;
  FAIL("negative eps", ST_ERR_ARG, 2, SMP(4, 3), SMP(3));
  return n;
}

ST_COMPOSITE_OP(batch_norm, ST_VARIADIC, 1, 0);

st_tensor *st_batch_norm(st_tensor *x, st_tensor *running_mean, st_tensor *running_var,
                         st_tensor *weight, st_tensor *bias, bool training, double momentum,
                         double eps) {
  const char *fn = "st_batch_norm";
  if (!x) return st__null_arg(fn, 1), NULL;
  st_tensor *const vec[4] = {running_mean, running_var, weight, bias};
  if (check_batch_norm(fn, x, vec, training, eps)) return NULL;
  /* an empty batch leaves the running statistics alone, as torch's batch_norm does */
  if (training && (running_mean || running_var) && st__numel(x->ndim, x->shape) > 0) {
    int dims[ST_MAX_DIMS] = {0};
    for (int d = 2; d < x->ndim; d++) dims[d - 1] = d;
    if (st_scope_push()) return NULL;
    int rc = update_running(x, dims, running_mean, running_var, momentum);
    st_scope_pop();
    if (rc) return NULL;
  }
  st_tensor *in[5] = {x};
  int nin = 1;
  if (!training) in[nin++] = running_mean, in[nin++] = running_var;
  if (weight) in[nin++] = weight;
  if (bias) in[nin++] = bias;
  st_opcall c = {.op = st__ops[ST_OP_batch_norm], .nin = nin, .in = in};
  c.a = bn_attrs(training, weight != NULL, bias != NULL);
  c.a.norm.eps = eps;
  return st__call1(&c);
}
