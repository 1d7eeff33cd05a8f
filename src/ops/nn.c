/* nn.c — the neural-network ops (torch.nn.functional semantics): softmax, log_softmax, the
   losses, layer_norm, dropout, embedding, conv2d and 2-D pooling. Compute loops live in
   src/kernels/{softmax,nn,conv,pool}.c.

   Dtypes: softmax, log_softmax, the losses and layer_norm are float ops, so i64/bool inputs
   compute in f32 (the library's rule for float ops; PyTorch instead rejects integer softmax).
   dropout, conv2d and the pools need f32/f64 inputs, as in PyTorch (conv2d's input, weight and
   bias must share one dtype). embedding copies rows of any dtype.

   Autograd: every op has a vjp rule beside its record, written with public ops only (so that
   rules are themselves differentiable); formulas follow PyTorch's tools/autograd/derivatives.yaml
   and each rule names the entry it follows. max_pool2d and dropout have a second output that
   their rules read, as PyTorch's max_pool2d_with_indices and native_dropout do (the i64 argmax
   positions, the bool mask of kept elements); the public functions return the first output
   only, and src/ops/nn.h gives both. Three internal ops exist as backward ops, each with a rule
   of its own so that double backward works: conv2d_input_backward, conv2d_weight_backward and
   avg_pool2d_backward. */
#include <math.h>
#include <string.h>

#include "../kernels/nn.h"
#include "../kernels/random.h"
#include "nn.h"
#include "op.h"
#include "rules.h"

static st_dtype float_type(st_dtype dt) { return st__is_float(dt) ? dt : ST_F32; }

/* t itself (retained) when it already has dtype dt, else a contiguous copy in dt. */
static st_tensor *as_dtype(st_tensor *t, st_dtype dt) {
  return t->dtype == dt ? st_retain(t) : st__contig_as(t, dt);
}

static void store_scalar(st_tensor *t, double v) {
  if (t->dtype == ST_F32) *(float *)st__data(t) = (float)v;
  else *(double *)st__data(t) = v;
}

/* Element k (row-major) of an i64 tensor, whatever its strides; for checks in infer. */
static int64_t i64_at(const st_tensor *t, int64_t k) {
  int64_t off = 0;
  for (int d = t->ndim - 1; d >= 0; d--) {
    off += k % t->shape[d] * t->strides[d];
    k /= t->shape[d];
  }
  return ((const int64_t *)st__data(t))[off];
}

/* Row-major index of the first element of i64 tensor t outside [0, hi), or -1 (also for a
   transform's wrapper, which has no data of its own: the call at level 0 checks it). Only the
   distinct elements are read: a dim of stride 0 (broadcast) repeats the same values, so it is
   walked at index 0 alone, and a huge broadcast index costs what its storage holds (the first
   bad element in row-major order has index 0 in every such dim). */
static int64_t first_out_of_range(const st_tensor *t, int64_t hi) {
  if (!st__has_data(t) || st__numel(t->ndim, t->shape) == 0) return -1;
  int walk[ST_MAX_DIMS], nwalk = 0;
  for (int d = 0; d < t->ndim; d++)
    if (t->strides[d] != 0 && t->shape[d] > 1) walk[nwalk++] = d;
  const int64_t *data = (const int64_t *)st__data(t);
  int64_t idx[ST_MAX_DIMS] = {0}, off = 0;
  for (;;) {
    if (data[off] < 0 || data[off] >= hi) {
      int64_t pos = 0, step = 1;
      for (int d = t->ndim - 1; d >= 0; d--) pos += idx[d] * step, step *= t->shape[d];
      return pos;
    }
    int k = nwalk - 1;
    for (; k >= 0; k--) { /* the next distinct element: an odometer over the walked dims */
      int d = walk[k];
      off += t->strides[d];
      if (++idx[d] < t->shape[d]) break;
      off -= t->strides[d] * t->shape[d];
      idx[d] = 0;
    }
    if (k < 0) return -1;
  }
}

/* ---------------------------------------------------- helpers of the jvp and batching rules */

/* The same op and attributes on other inputs (tracked). */
static st_tensor *same_op(const st_jvp_args *a, int nin, st_tensor *const *in) {
  st_opcall c = {.op = a->op, .nin = nin, .in = in, .a = *a->a};
  return st__call1(&c);
}

int st__jvp_bilinear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *tb = a->nin > 2 ? tin[2] : NULL, *t = NULL, *u;
  for (int i = 0; i < 2; i++) {
    if (!tin[i]) continue;
    st_tensor *in[3] = {i ? a->in[0] : tin[0], i ? tin[1] : a->in[1], tb};
    ST_TRY(u = same_op(a, tb ? 3 : 2, in));
    tb = NULL; /* the bias tangent rides along in the first term */
    ST_TRY(t = t ? st_add(t, u) : u);
  }
  if (tb) /* only the bias moves: its tangent broadcast over the output (conv2d: per channel) */
    ST_TRY(t = a->op->id == ST_OP_conv2d ? st_reshape(tb, 3, (const int64_t[]){tb->shape[0], 1, 1})
                                         : st__track(st_retain(tb)));
  tout[0] = t;
  return 0;
}

/* The jvp of an op linear in input 0 (the others, if any, are integer indices): op(t0, ...),
   derivatives.yaml's auto_linear. */
static int jvp_linear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *in[2] = {tin[0], a->nin > 1 ? a->in[1] : NULL};
  ST_TRY(tout[0] = same_op(a, a->nin, in));
  return 0;
}

int st__pdim_end(int ndim, int bd, int k) {
  int d = ndim;
  while (k > 0)
    if (--d != bd) k--;
  return d;
}

st_tensor *st__front(st_tensor *t, int bd, int rank) {
  if (bd < 0) return st__track(st_retain(t));
  st_tensor *x = st__movedim(t, bd, 0);
  while (x && x->ndim < rank + 1) x = st_unsqueeze(x, 1);
  return x;
}

st_tensor *st__lanes(st_tensor *t, int64_t lanes) {
  st_tensor *u = st_unsqueeze(t, 0);
  if (!u) return NULL;
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, u->shape, sizeof(int64_t) * (size_t)u->ndim);
  shape[0] = lanes;
  return st_expand(u, u->ndim, shape);
}

/* Dims i and i + 1 of t merge into one without a copy. */
static bool mergeable(const st_tensor *t, int i) {
  int64_t outer = t->shape[i], inner = t->shape[i + 1];
  return outer <= 1 || inner <= 1 || t->strides[i] == t->strides[i + 1] * inner;
}

/* t with dims i and i + 1 merged (a view when mergeable, else a copy). */
static st_tensor *merge_dims(st_tensor *t, int i) {
  int64_t shape[ST_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < t->ndim; d++) {
    if (d == i + 1)
      shape[n - 1] *= t->shape[d];
    else
      shape[n++] = t->shape[d];
  }
  return st_reshape(t, n, shape);
}

int st__fold_batch(st_tensor *x, int bd, int d, int order, bool copy, st_tensor **out,
                   bool *minor) {
  int at = d - (d > bd), first = order >= 0 ? order : 0, last = order >= 0 ? order : 1;
  *out = NULL;
  for (int m = first; m <= last; m++) { /* the lanes just before (major) or after (minor) d */
    st_tensor *p = st__movedim(x, bd, at + m);
    if (!p) return st__rule_failed();
    if (mergeable(p, at)) {
      *minor = m;
      return (*out = merge_dims(p, at)) ? 0 : st__rule_failed();
    }
  }
  if (!copy) return 0;
  *minor = first;
  st_tensor *p = st__movedim(x, bd, at + first);
  return p && (*out = merge_dims(p, at)) ? 0 : st__rule_failed();
}

st_tensor *st__unfold_batch(st_tensor *y, int at, bool minor, int64_t lanes, int64_t n, int *bdim) {
  if (!y) return NULL;
  int64_t shape[ST_MAX_DIMS + 1];
  int k = 0;
  for (int d = 0; d < y->ndim; d++) {
    if (d != at) {
      shape[k++] = y->shape[d];
      continue;
    }
    shape[k++] = minor ? n : lanes;
    shape[k++] = minor ? lanes : n;
  }
  *bdim = at + minor;
  return st_reshape(y, k, shape);
}

/* ------------------------------------------------------- sample inputs (tests/matrix) */

/* Shorthands of the records' samples functions, which name the dtype dt, the array out of cap
   samples and the count n: a float sample of a shape with values in [lo, hi) (their own
   variables), its transposed and stride-0 layouts, a 0-dim one, i64 indices below hi; PUSH
   appends a valid sample with attributes a, FAIL an error sample with its status. */
#define SMP(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP_NC(...) st__sample_noncontig(dt, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP_BC(...) st__sample_broadcast(dt, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP_AS(dtype, ...) st__sample(dtype, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP0() st__sample(dt, 0, NULL, lo, hi)
#define IDX(hi_, ...) st__sample_index(ST_SHAPE(__VA_ARGS__), hi_)
#define IDX0(hi_) st__sample_index(0, NULL, hi_)
#define PUSH(what, nin, ...) n = st__sample_push(out, cap, n, what, ST_OK, &a, nin, __VA_ARGS__)
#define FAIL(what, status, nin, ...)                                                               \
  n = st__sample_push(out, cap, n, what, status, &a, nin, __VA_ARGS__)

/* -------------------------------------------------- softmax, log_softmax: i[0] = the dim */

static int infer_softmax(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  char fn[32];
  snprintf(fn, sizeof fn, "st_%s", c->op->name);
  if (st__wrap_dim(fn, (int)c->a.i[0], x->ndim) < 0) return -1;
  st__meta_set(m, float_type(x->dtype), x->ndim, x->shape);
  return 0;
}

static int kernel_softmax(const st_opcall *c, st_tensor *const *out) {
  st_tensor *x = c->in[0];
  int dim = (int)c->a.i[0] < 0 ? (int)c->a.i[0] + (x->ndim ? x->ndim : 1) : (int)c->a.i[0];
  int64_t outer = 1, n = x->ndim ? x->shape[dim] : 1, inner = 1;
  for (int d = 0; d < dim; d++) outer *= x->shape[d];
  for (int d = dim + 1; d < x->ndim; d++) inner *= x->shape[d];
  st_tensor *xc = st__contig_as(x, out[0]->dtype);
  if (!xc) return -1;
  st__k_softmax(out[0]->dtype, st__data(xc), st__data(out[0]), outer, n, inner,
                c->op->id == ST_OP_log_softmax);
  st__drop(xc);
  return 0;
}

/* derivatives.yaml, _softmax: _softmax_backward_data, y * (g - sum(g * y, dim, keepdim)). */
static st_tensor *softmax_backward(st_tensor *g, st_tensor *y, int dim) {
  st_tensor *gy = st_mul(g, y), *s = st_sum(gy, 1, &dim, true), *d = st_sub(g, s);
  st_tensor *r = st_mul(y, d);
  st_release(gy), st_release(s), st_release(d);
  return r;
}
static int vjp_softmax(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, softmax_backward(gout[0], a->out[0], (int)a->a->i[0]));
  return 0;
}

/* derivatives.yaml, _log_softmax: _log_softmax_backward_data, g - exp(y) * sum(g, dim, keepdim). */
static st_tensor *log_softmax_backward(st_tensor *g, st_tensor *y, int dim) {
  st_tensor *s = st_sum(g, 1, &dim, true), *p = st_exp(y), *ps = st_mul(p, s);
  st_tensor *r = st_sub(g, ps);
  st_release(s), st_release(p), st_release(ps);
  return r;
}
static int vjp_log_softmax(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, log_softmax_backward(gout[0], a->out[0], (int)a->a->i[0]));
  return 0;
}

/* derivatives.yaml, _softmax: "result: result * (self_t - (result * self_t).sum(dim, true))",
   which is softmax_backward with the tangent for the gradient (the Jacobian is symmetric). */
static int jvp_softmax(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  ST_TRY(tout[0] = softmax_backward(tin[0], a->out[0], (int)a->a->i[0]));
  return 0;
}

/* derivatives.yaml, _log_softmax: "result: self_t - logsumexp_jvp(self_p, self_t, {dim}, true)",
   the tangent minus its softmax-weighted sum, t - sum(exp(y) * t, dim, keepdim). */
static int jvp_log_softmax(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  int dim = (int)a->a->i[0];
  st_tensor *s = st_sum(st_mul(st_exp(a->out[0]), tin[0]), 1, &dim, true);
  ST_TRY(tout[0] = st_sub(tin[0], s));
  return 0;
}

/* Both act on one dim: the lanes stay where they are and the dim moves past them. A 0-dim value
   gets a size-1 dim to act on (a dim of [B] would be the lanes). */
static int vmap_softmax(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  st_tensor *x = a->in[0];
  bool scalar = st__lrank(a, 0) == 0;
  if (scalar) ST_TRY(x = st_unsqueeze(x, 1));
  c.a.i[0] = scalar ? 1 : st__pdim(a->bdim[0], st__bdim_shift(a, 0, c.a.i[0]) - 1);
  if (st__redispatch(&c, &x, out)) return st__rule_failed();
  out_bdim[0] = scalar ? 0 : a->bdim[0];
  if (scalar) ST_TRY(out[0] = st_squeeze(st__track(out[0]), 1));
  return 0;
}

/* Along the last, the first and a middle dim; a 0-dim input (dim 0) and an empty one. Errors:
   dims out of range. */
static int samples_softmax(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {.i = {1}};
  PUSH("contiguous", 1, SMP(3, 4));
  PUSH("size-0", 1, SMP(0, 4));
  a.i[0] = -1;
  PUSH("broadcast", 1, SMP_BC(3, 4));
  a.i[0] = 0;
  PUSH("non-contiguous", 1, SMP_NC(3, 4));
  PUSH("0-dim", 1, SMP0());
  a.i[0] = 1;
  PUSH("3-D, middle dim", 1, SMP_NC(2, 3, 2));
  a.i[0] = 2;
  FAIL("dim out of range", ST_ERR_ARG, 1, SMP(3, 4));
  a.i[0] = -3;
  FAIL("negative dim out of range", ST_ERR_ARG, 1, SMP(3, 4));
  return n;
}

const st_op st__op_softmax = {.id = ST_OP_softmax, .name = "softmax", .nin = 1, .nout = 1,
                              .infer = infer_softmax, .kernel = kernel_softmax,
                              .saves = ST_SAVE_OUT(0), .vjp = vjp_softmax, .jvp = jvp_softmax,
                              .vmap = vmap_softmax, .samples = samples_softmax};
const st_op st__op_log_softmax = {.id = ST_OP_log_softmax, .name = "log_softmax", .nin = 1,
                                  .nout = 1, .infer = infer_softmax, .kernel = kernel_softmax,
                                  .saves = ST_SAVE_OUT(0), .vjp = vjp_log_softmax,
                                  .jvp = jvp_log_softmax, .vmap = vmap_softmax,
                                  .samples = samples_softmax};

/* ------------------------ nll_loss, cross_entropy: in = x, target; i[0] = the st_reduction */

static int check_reduction(const st_opcall *c) {
  int64_t r = c->a.i[0];
  if (r != ST_REDUCTION_MEAN && r != ST_REDUCTION_SUM && r != ST_REDUCTION_NONE)
    return st__op_error(c, ST_ERR_ARG, "reduction %lld is not ST_REDUCTION_MEAN, _SUM or _NONE",
                        (long long)r);
  return 0;
}

/* Output of a loss over `ndim, shape` elements: that shape for no reduction, else 0-dim. */
static void loss_meta(const st_opcall *c, st_meta *m, st_dtype dt, int ndim, const int64_t *shape) {
  if (c->a.i[0] == ST_REDUCTION_NONE) st__meta_set(m, dt, ndim, shape);
  else st__meta_set(m, dt, 0, NULL);
}

/* x is [N, C] with target [N], or [C] with a 0-dim target; targets lie in [0, C). No
   ignore_index: every target counts (PyTorch's default -100 is an error here). */
static int infer_class_loss(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0], *t = c->in[1];
  if (check_reduction(c)) return -1;
  if (x->ndim != 1 && x->ndim != 2)
    return st__op_error(c, ST_ERR_SHAPE, "input %s must be [N, C] or [C]", ST_SHAPE_STR(x));
  if (t->dtype != ST_I64)
    return st__op_error(c, ST_ERR_DTYPE, "target must hold i64 class indices, not %s",
                        st_dtype_name(t->dtype));
  int64_t rows = x->ndim == 2 ? x->shape[0] : 1, classes = x->shape[x->ndim - 1];
  if (x->ndim == 2 && (t->ndim != 1 || t->shape[0] != rows))
    return st__op_error(c, ST_ERR_SHAPE, "target %s does not match input %s (expected [%lld])",
                        ST_SHAPE_STR(t), ST_SHAPE_STR(x), (long long)rows);
  if (x->ndim == 1 && t->ndim != 0)
    return st__op_error(c, ST_ERR_SHAPE, "target %s must be 0-dim for unbatched input %s",
                        ST_SHAPE_STR(t), ST_SHAPE_STR(x));
  int64_t bad = first_out_of_range(t, classes);
  if (bad >= 0)
    return st__op_error(c, ST_ERR_ARG, "target %lld at index %lld is out of range [0, %lld)",
                        (long long)i64_at(t, bad), (long long)bad, (long long)classes);
  loss_meta(c, m, float_type(x->dtype), x->ndim - 1, x->shape);
  return 0;
}

static int kernel_class_loss(const st_opcall *c, st_tensor *const *out) {
  st_tensor *t = c->in[1], *y = out[0];
  st_tensor *x = as_dtype(c->in[0], y->dtype);
  if (!x) return -1;
  int64_t rows = x->ndim == 2 ? x->shape[0] : 1, classes = x->shape[x->ndim - 1];
  int64_t rs = x->ndim == 2 ? x->strides[0] : 0, cs = x->strides[x->ndim - 1];
  int64_t ts = t->ndim ? t->strides[0] : 0;
  const int64_t *target = (const int64_t *)st__data(t);
  void *losses = c->a.i[0] == ST_REDUCTION_NONE ? st__data(y) : NULL;
  double total =
      c->op->id == ST_OP_cross_entropy
          ? st__k_cross_entropy(y->dtype, st__data(x), rows, classes, rs, cs, target, ts, losses)
          : st__k_nll_loss(y->dtype, st__data(x), rows, rs, cs, target, ts, losses);
  if (c->a.i[0] == ST_REDUCTION_SUM) store_scalar(y, total);
  if (c->a.i[0] == ST_REDUCTION_MEAN)
    store_scalar(y, total / (double)rows); /* 0/0: NaN, as torch */
  st__drop(x);
  return 0;
}

/* The loss gradient of each row, shaped to broadcast over the classes: g per row with no
   reduction (a trailing dim added), else the one g, over the row count for the mean. */
static st_tensor *row_grad(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *x = &a->in_meta[0];
  if (a->a->i[0] == ST_REDUCTION_NONE) return st_unsqueeze(g, -1);
  if (a->a->i[0] == ST_REDUCTION_SUM) return st__track(st_retain(g));
  int64_t rows = x->ndim == 2 ? x->shape[0] : 1;
  return st_mul_scalar(g, 1 / (double)rows); /* 0 rows: inf times an empty gradient */
}

/* onehot(target) in dtype dt: [N, C], or [C] for a 0-dim target. */
static st_tensor *one_hot(st_tensor *target, int64_t classes, st_dtype dt) {
  st_tensor *col = st_unsqueeze(target, -1), *range = st_arange(ST_I64, 0, (double)classes, 1);
  st_tensor *eq = st_eq(col, range), *r = st_to_dtype(eq, dt);
  st_release(col), st_release(range), st_release(eq);
  return r;
}

/* derivatives.yaml, nll_loss: nll_loss_backward, -g at each row's target class (over N for the
   mean) and 0 elsewhere. It is linear in g and constant in logp: no second derivative in logp. */
static st_tensor *nll_loss_backward(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *x = &a->in_meta[0];
  st_tensor *oh = one_hot(a->in[1], x->shape[x->ndim - 1], a->out_meta[0].dtype);
  st_tensor *rg = row_grad(a, g), *neg = st_neg(rg), *r = st_mul(oh, neg);
  st_release(oh), st_release(rg), st_release(neg);
  return r;
}
static int vjp_nll_loss(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, nll_loss_backward(a, gout[0]));
  return 0; /* none to the i64 target */
}

/* PyTorch's cross_entropy is log_softmax then nll_loss (no derivatives.yaml entry of its own);
   composing their two backward formulas gives (softmax(x) - onehot(target)) * row gradient. */
static st_tensor *cross_entropy_backward(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *x = &a->in_meta[0];
  st_tensor *p = st_softmax(a->in[0], -1);
  st_tensor *oh = one_hot(a->in[1], x->shape[x->ndim - 1], a->out_meta[0].dtype);
  st_tensor *d = st_sub(p, oh), *rg = row_grad(a, g), *r = st_mul(d, rg);
  st_release(p), st_release(oh), st_release(d), st_release(rg);
  return r;
}
static int vjp_cross_entropy(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, cross_entropy_backward(a, gout[0]));
  return 0;
}

/* nll_loss is linear in logp: derivatives.yaml, nll_loss_forward, "output: std::get<0>(
   nll_loss_forward(self_t, target, weight, reduction, ignore_index))", i.e. jvp_linear.
   cross_entropy is log_softmax then nll_loss: the log_softmax tangent t - sum(softmax(x) * t)
   over the classes, through nll_loss. */
static int jvp_cross_entropy(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  int dim = -1;
  if (!tin[0]) return 0;
  st_tensor *s = st_sum(st_mul(st_softmax(a->in[0], -1), tin[0]), 1, &dim, true);
  ST_TRY(tout[0] = st_nll_loss(st_sub(tin[0], s), a->in[1], (st_reduction)a->a->i[0]));
  return 0;
}

/* The lanes fold into the rows N (x and target in the same order; unbatched ones repeated), or
   are the rows of per-lane [C] inputs; the loss runs unreduced and each lane reduces its own
   rows after (the mean over that lane's N). */
static int vmap_class_loss(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int64_t lanes = a->size, n = a->c->in[0]->shape[0];
  int xb = a->bdim[0], tb = a->bdim[1], lb = 0;
  st_reduction red = (st_reduction)c.a.i[0];
  bool rows = st__lrank(a, 0) == 2, minor = false;
  st_tensor *x = a->in[0], *t = a->in[1], *in[2], *l;
  if (xb < 0) {
    ST_TRY(x = st__lanes(x, lanes));
    xb = 0;
  }
  if (tb < 0) {
    ST_TRY(t = st__lanes(t, lanes));
    tb = 0;
  }
  if (!rows) {
    ST_TRY(in[0] = st__movedim(x, xb, 0));
    ST_TRY(in[1] = st__movedim(t, tb, 0));
  } else if (st__fold_batch(x, xb, st__pdim(xb, 0), -1, true, &in[0], &minor) ||
             st__fold_batch(t, tb, st__pdim(tb, 0), minor, true, &in[1], &minor)) {
    return st__rule_failed();
  }
  c.a.i[0] = ST_REDUCTION_NONE;
  if (st__redispatch(&c, in, &l)) return st__rule_failed();
  l = st__track(l);
  if (rows) ST_TRY(l = st__unfold_batch(l, 0, minor, lanes, n, &lb));
  if (rows && red != ST_REDUCTION_NONE) {
    int dim = 1 - lb;
    ST_TRY(l = red == ST_REDUCTION_SUM ? st_sum(l, 1, &dim, false) : st_mean(l, 1, &dim, false));
    lb = 0;
  }
  out[0] = l;
  out_bdim[0] = lb;
  return 0;
}

/* [N, C] logits with [N] targets and [C] logits with a 0-dim target under every reduction, the
   other layouts under one each; an empty batch sums (its mean is 0/0). nll_loss gets log-
   probabilities (negative), cross_entropy logits of both signs. Errors: a target out of range,
   a float target, a 3-D input and an unknown reduction. */
static int samples_class_loss(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  static const char *const what[3][2] = {{"[N, C], mean", "[C], mean"},
                                         {"[N, C], sum", "[C], sum"},
                                         {"[N, C], none", "[C], none"}};
  double lo = op->id == ST_OP_nll_loss ? -3 : -2, hi = op->id == ST_OP_nll_loss ? -0.1 : 2;
  int n = 0;
  st_attrs a = {0};
  for (int r = ST_REDUCTION_MEAN; r <= ST_REDUCTION_NONE; r++) {
    a.i[0] = r;
    PUSH(what[r][0], 2, SMP(3, 4), IDX(4, 3));
    PUSH(what[r][1], 2, SMP(4), IDX0(4));
  }
  a.i[0] = ST_REDUCTION_MEAN;
  PUSH("non-contiguous", 2, SMP_NC(3, 4), IDX(4, 3));
  a.i[0] = ST_REDUCTION_SUM;
  PUSH("broadcast", 2, SMP_BC(3, 4), IDX(4, 3));
  PUSH("size-0", 2, SMP(0, 4), IDX(4, 0));
  a.i[0] = ST_REDUCTION_NONE;
  PUSH("size-0, none", 2, SMP(0, 4), IDX(4, 0));
  a.i[0] = ST_REDUCTION_MEAN;
  FAIL("target out of range", ST_ERR_ARG, 2, SMP(2, 3), IDX(10, 2)); /* 3 of [0, 3) */
  FAIL("float target", ST_ERR_DTYPE, 2, SMP(2, 3), SMP(2));
  FAIL("3-D input", ST_ERR_SHAPE, 2, SMP(2, 2, 3), IDX(3, 2));
  a.i[0] = 7;
  FAIL("bad reduction", ST_ERR_ARG, 2, SMP(2, 3), IDX(3, 2));
  return n;
}

const st_op st__op_nll_loss = {.id = ST_OP_nll_loss, .name = "nll_loss", .nin = 2, .nout = 1,
                               .infer = infer_class_loss, .kernel = kernel_class_loss,
                               .saves = ST_SAVE_IN(1), .vjp = vjp_nll_loss, .jvp = jvp_linear,
                               .vmap = vmap_class_loss, .samples = samples_class_loss};
const st_op st__op_cross_entropy = {.id = ST_OP_cross_entropy, .name = "cross_entropy", .nin = 2,
                                    .nout = 1, .infer = infer_class_loss,
                                    .kernel = kernel_class_loss,
                                    .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1),
                                    .vjp = vjp_cross_entropy, .jvp = jvp_cross_entropy,
                                    .vmap = vmap_class_loss, .samples = samples_class_loss};

/* ----------------------------------------------------- mse_loss: i[0] = the st_reduction */

/* a and b broadcast (PyTorch broadcasts too, with a warning); mean divides by the number of
   broadcast elements. */
static int infer_mse_loss(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *b = c->in[1];
  int64_t shape[ST_MAX_DIMS];
  if (check_reduction(c)) return -1;
  int nd = st__broadcast_shapes("st_mse_loss", a->ndim, a->shape, b->ndim, b->shape, shape);
  if (nd < 0) return -1;
  st_dtype dt = float_type(st__result_type(2, c->in));
  if (st__check_shape("st_mse_loss", nd, shape, dt)) return -1;
  loss_meta(c, m, dt, nd, shape);
  return 0;
}

/* t's strides aligned to the broadcast shape (nd dims): 0 where t has no dim or size 1. */
static void broadcast_strides(const st_tensor *t, int nd, int64_t *strides) {
  for (int d = 0; d < nd; d++) {
    int src = d - (nd - t->ndim);
    strides[d] = src < 0 || t->shape[src] == 1 ? 0 : t->strides[src];
  }
}

static int kernel_mse_loss(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *a = as_dtype(c->in[0], y->dtype), *b = NULL;
  if (!a || !(b = as_dtype(c->in[1], y->dtype))) {
    st__drop(a);
    return -1;
  }
  int64_t shape[ST_MAX_DIMS], sa[ST_MAX_DIMS], sb[ST_MAX_DIMS];
  int nd = st__broadcast_shapes("st_mse_loss", a->ndim, a->shape, b->ndim, b->shape, shape);
  broadcast_strides(a, nd, sa);
  broadcast_strides(b, nd, sb);
  void *dst = c->a.i[0] == ST_REDUCTION_NONE ? st__data(y) : NULL;
  double total = st__k_squared_error(y->dtype, nd, shape, st__data(a), sa, st__data(b), sb, dst);
  if (c->a.i[0] == ST_REDUCTION_SUM) store_scalar(y, total);
  if (c->a.i[0] == ST_REDUCTION_MEAN) store_scalar(y, total / (double)st__numel(nd, shape));
  st__drop(a);
  st__drop(b);
  return 0;
}

/* derivatives.yaml, mse_loss: mse_loss_backward, 2 (a - b) g (over the element count for the
   mean) for a, its negative for b, each summed back to its input's shape (broadcasting). */
static int vjp_mse_loss(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *d = st_sub(a->in[0], a->in[1]);
  double scale = 2;
  if (d && a->a->i[0] == ST_REDUCTION_MEAN) scale /= (double)st_numel(d); /* 0: an empty d */
  st_tensor *gs = st_mul_scalar(gout[0], scale), *gd = st_mul(d, gs);
  ST_GRAD(0, st__sum_to(gd, &a->in_meta[0]));
  if (a->needs[1]) {
    st_tensor *neg = st_neg(gd);
    ST_GRAD(1, st__sum_to(neg, &a->in_meta[1]));
    st_release(neg);
  }
  st_release(d), st_release(gs), st_release(gd);
  return 0;
}

/* derivatives.yaml, mse_loss: "result: apply_loss_reduction(mse_loss_backward(self_t, self_p,
   target_p, None) - mse_loss_backward(target_t, self_p, target_p, None), reduction)", that is
   2 (a - b)(ta - tb), summed or averaged over every element for the reductions. */
static int jvp_mse_loss(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *td = !tin[1] ? tin[0] : !tin[0] ? st_neg(tin[1]) : st_sub(tin[0], tin[1]);
  st_tensor *e = st_mul(st_mul_scalar(st_sub(a->in[0], a->in[1]), 2), td);
  int64_t red = a->a->i[0];
  ST_TRY(tout[0] = red == ST_REDUCTION_NONE  ? e
                   : red == ST_REDUCTION_SUM ? st_sum_all(e)
                                             : st_mean_all(e));
  return 0;
}

/* Elementwise without the reduction, then each lane reduces its own elements. */
static int vmap_mse_loss(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  c.a.i[0] = ST_REDUCTION_NONE;
  st_vmap_args none = {&c, a->in, a->bdim, a->size};
  if (st__vmap_elementwise(&none, out, out_bdim)) return st__rule_failed();
  if (a->c->a.i[0] == ST_REDUCTION_NONE) return 0;
  st_tensor *e = st__track(out[0]), *flat; /* [B, ...] */
  int dim = 1;
  ST_TRY(flat = e->ndim == 1 ? st_unsqueeze(e, 1) : st_flatten(e, 1, -1));
  out[0] = a->c->a.i[0] == ST_REDUCTION_SUM ? st_sum(flat, 1, &dim, false)
                                            : st_mean(flat, 1, &dim, false);
  ST_TRY(out[0]);
  return 0;
}

/* Every reduction, every layout, shapes that broadcast; an empty input sums (its mean is 0/0).
   Errors: shapes that do not broadcast and an unknown reduction. */
static int samples_mse_loss(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {.i = {ST_REDUCTION_MEAN}};
  PUSH("contiguous, mean", 2, SMP(3, 4), SMP(3, 4));
  PUSH("non-contiguous", 2, SMP_NC(3, 4), SMP_NC(3, 4));
  PUSH("broadcasting shapes", 2, SMP(3, 4), SMP(4));
  PUSH("0-dim", 2, SMP0(), SMP0());
  a.i[0] = ST_REDUCTION_SUM;
  PUSH("contiguous, sum", 2, SMP(3, 4), SMP(3, 4));
  PUSH("broadcast", 2, SMP_BC(3, 4), SMP(3, 4));
  PUSH("size-0", 2, SMP(0, 4), SMP(0, 4));
  a.i[0] = ST_REDUCTION_NONE;
  PUSH("contiguous, none", 2, SMP(3, 4), SMP(3, 4));
  PUSH("broadcasting shapes, none", 2, SMP(3, 1), SMP_NC(2, 3, 4));
  FAIL("shapes that do not broadcast", ST_ERR_SHAPE, 2, SMP(3, 4), SMP(3));
  a.i[0] = -1;
  FAIL("bad reduction", ST_ERR_ARG, 2, SMP(3, 4), SMP(3, 4));
  return n;
}

const st_op st__op_mse_loss = {.id = ST_OP_mse_loss, .name = "mse_loss", .nin = 2, .nout = 1,
                               .infer = infer_mse_loss, .kernel = kernel_mse_loss,
                               .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_mse_loss,
                               .jvp = jvp_mse_loss, .vmap = vmap_mse_loss,
                               .samples = samples_mse_loss};

/* ---- layer_norm: in = x[, weight][, bias]; i[0] has weight, i[1] has bias, i[2] nnorm,
        i[3] normalized_shape given; list = normalized_shape; f[0] = eps */

static st_tensor *ln_weight(const st_opcall *c) { return c->a.i[0] ? c->in[1] : NULL; }
static st_tensor *ln_bias(const st_opcall *c) {
  return c->a.i[1] ? c->in[1 + (c->a.i[0] != 0)] : NULL;
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
  int nnorm = (int)c->a.i[2];
  const int64_t *ns = c->a.list;
  char want[96];
  if (nnorm < 1 || nnorm > x->ndim)
    return st__op_error(c, ST_ERR_ARG, "nnorm %d must be in 1..%d for input %s", nnorm, x->ndim,
                        ST_SHAPE_STR(x));
  if (!c->a.i[3]) return st__op_error(c, ST_ERR_ARG, "normalized_shape is NULL");
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
  if (!(c->a.f[0] >= 0))
    return st__op_error(c, ST_ERR_ARG, "eps %g must be non-negative", c->a.f[0]);
  st_dtype dt = x->dtype;
  if (w) dt = st_promote_types(dt, w->dtype);
  if (b) dt = st_promote_types(dt, b->dtype);
  st__meta_set(m, float_type(dt), x->ndim, x->shape);
  return 0;
}

static int kernel_layer_norm(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *x = NULL, *w = NULL, *b = NULL;
  int rc = -1;
  if (!(x = st__contig_as(c->in[0], y->dtype))) return -1;
  if (ln_weight(c) && !(w = st__contig_as(ln_weight(c), y->dtype))) goto fail;
  if (ln_bias(c) && !(b = st__contig_as(ln_bias(c), y->dtype))) goto fail;
  int64_t m = st__numel((int)c->a.i[2], c->a.list), numel = st__numel(x->ndim, x->shape);
  st__k_layer_norm(y->dtype, st__data(x), m ? numel / m : 0, m, w ? st__data(w) : NULL,
                   b ? st__data(b) : NULL, c->a.f[0], st__data(y));
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
  int nnorm = (int)a->a->i[2], dims[ST_MAX_DIMS];
  bool has_w = a->a->i[0], has_b = a->a->i[1];
  int iw = has_w ? 1 : -1, ib = has_b ? 1 + has_w : -1;
  bool need_x = a->needs[0], need_w = iw > 0 && a->needs[iw];
  st_tensor *g = gout[0], *rstd;
  ln_dims(nnorm, a->in_meta[0].ndim, dims);
  if (ib > 0) ST_GRAD(ib, st__sum_to(g, &a->in_meta[ib]));
  if (!need_x && !need_w) return 0;
  st_tensor *xhat = ln_xhat(a->in[0], a->out_meta[0].dtype, nnorm, dims, a->a->f[0], &rstd);
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
  int nnorm = (int)a->a->i[2], dims[ST_MAX_DIMS];
  bool has_w = a->a->i[0], has_b = a->a->i[1];
  st_tensor *tx = tin[0], *tw = has_w ? tin[1] : NULL, *tb = has_b ? tin[1 + has_w] : NULL;
  st_tensor *t = NULL, *rstd = NULL, *xhat = NULL;
  ln_dims(nnorm, a->in[0]->ndim, dims);
  if (tx || tw) ST_TRY(xhat = ln_xhat(a->in[0], a->out[0]->dtype, nnorm, dims, a->a->f[0], &rstd));
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
  int nnorm = (int)c.a.i[2], xb = a->bdim[0], iw = c.a.i[0] ? 1 : -1,
      ib = c.a.i[1] ? 1 + (iw > 0) : -1;
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
  if (x->dtype != float_type(dt)) ST_TRY(in[0] = st_to_dtype(x, float_type(dt)));
  c.nin = 1;
  c.a.i[0] = c.a.i[1] = 0;
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
  st_attrs a = {.i = {weight, bias, nnorm, 1}, .f = {1e-5}, .nlist = nnorm, .list = {n0, n1}};
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
  a.f[0] = -1;
  FAIL("negative eps", ST_ERR_ARG, 1, SMP(3, 4));
  return n;
}

const st_op st__op_layer_norm = {.id = ST_OP_layer_norm, .name = "layer_norm", .nin = ST_VARIADIC,
                                 .nout = 1, .infer = infer_layer_norm, .kernel = kernel_layer_norm,
                                 .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_layer_norm,
                                 .jvp = jvp_layer_norm, .vmap = vmap_layer_norm,
                                 .samples = samples_layer_norm};

/* ------------------------------ dropout: f[0] = p, i[0] = train; outputs y and the bool mask */

static int infer_dropout(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  double p = c->a.f[0];
  if (!(p >= 0 && p <= 1))
    return st__op_error(c, ST_ERR_ARG, "probability p = %g is not in [0, 1]", p);
  if (!st__is_float(x->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "input must be f32 or f64, not %s",
                        st_dtype_name(x->dtype));
  st__meta_like(m, x);
  st__meta_set(&m[1], ST_BOOL, x->ndim, x->shape);
  return 0;
}

/* Draws from the generator even when p is 0 or 1, so the stream advances by the same amount
   whatever p is. */
static int kernel_dropout(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *x = st__contig_as(c->in[0], y->dtype);
  if (!x) return -1;
  int64_t n = st__numel(y->ndim, y->shape);
  uint64_t key, first;
  st__rng_reserve(st__k_random_counters(ST_DRAW_UNIFORM, y->dtype, n), &key, &first);
  st__k_dropout(y->dtype, st__data(x), st__data(y), (bool *)st__data(out[1]), n, c->a.f[0], key,
                first);
  st__drop(x);
  return 0;
}

/* derivatives.yaml, native_dropout: native_dropout_backward(grad, mask, scale), g * mask *
   scale with scale = 1 / (1 - p), and 0 for p = 1 (where 1 / (1 - p) would turn the masked
   zeros into NaN). The mask is detached: a saved output comes back attached to this node, and
   a bool tensor must not take part in the graph. */
static st_tensor *dropout_backward(double p, st_tensor *mask_out, st_tensor *g) {
  st_tensor *mask = st_detach(mask_out), *kept = st_mul(g, mask);
  st_tensor *r = st_mul_scalar(kept, p < 1 ? 1 / (1 - p) : 0);
  st_release(mask), st_release(kept);
  return r;
}
static int vjp_dropout(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, dropout_backward(a->a->f[0], a->out[1], gout[0]));
  return 0;
}

/* derivatives.yaml, native_dropout: "result0: (p == 1 ? 0.0 : 1.0 / (1.0 - p)) * input_t *
   result1", the same masking as the backward; the bool mask has no tangent. No batching rule:
   the RANDOM flag sends dropout to the vmap interpreter's randomness modes. */
static int jvp_dropout(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  ST_TRY(tout[0] = dropout_backward(a->a->f[0], a->out[1], tin[0]));
  return 0;
}

/* Random: the matrix runs forward only (f32 against f64), so the samples keep every element
   (p = 0, in training and not) or none (p = 1), which needs no shared generator state. Errors:
   p outside [0, 1] and an i64 input. */
static int samples_dropout(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {.f = {0}, .i = {1}};
  PUSH("p = 0, train", 1, SMP(3, 4));
  PUSH("non-contiguous", 1, SMP_NC(3, 4));
  PUSH("broadcast", 1, SMP_BC(3, 4));
  PUSH("0-dim", 1, SMP0());
  PUSH("size-0", 1, SMP(0, 4));
  a.i[0] = 0;
  PUSH("p = 0, eval", 1, SMP(3, 4));
  a.f[0] = 1, a.i[0] = 1;
  PUSH("p = 1, train", 1, SMP(3, 4));
  a.f[0] = 1.5;
  FAIL("p out of range", ST_ERR_ARG, 1, SMP(3, 4));
  a.f[0] = 0.5;
  FAIL("i64 input", ST_ERR_DTYPE, 1, SMP_AS(ST_I64, 3, 4));
  return n;
}

const st_op st__op_dropout = {.id = ST_OP_dropout, .name = "dropout", .nin = 1, .nout = 2,
                              .flags = ST_OP_RANDOM, .infer = infer_dropout,
                              .kernel = kernel_dropout, .saves = ST_SAVE_OUT(1), .vjp = vjp_dropout,
                              .jvp = jvp_dropout, .samples = samples_dropout};

/* ----------------------------------------------------------- embedding: in = weight, indices */

static int infer_embedding(const st_opcall *c, st_meta *m) {
  const st_tensor *w = c->in[0], *idx = c->in[1];
  if (w->ndim != 2)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s must be 2-D [V, D]", ST_SHAPE_STR(w));
  if (idx->dtype != ST_I64)
    return st__op_error(c, ST_ERR_DTYPE, "indices must be i64, not %s", st_dtype_name(idx->dtype));
  if (idx->ndim + 1 > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_SHAPE, "indices %s have too many dims for a result of %d + 1",
                        ST_SHAPE_STR(idx), idx->ndim);
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, idx->shape, sizeof(int64_t) * (size_t)idx->ndim);
  shape[idx->ndim] = w->shape[1];
  if (st__check_shape("st_embedding", idx->ndim + 1, shape, w->dtype)) return -1;
  int64_t bad = first_out_of_range(idx, w->shape[0]);
  if (bad >= 0)
    return st__op_error(c, ST_ERR_ARG, "index %lld at position %lld is out of range [0, %lld)",
                        (long long)i64_at(idx, bad), (long long)bad, (long long)w->shape[0]);
  st__meta_set(m, w->dtype, idx->ndim + 1, shape);
  return 0;
}

static int kernel_embedding(const st_opcall *c, st_tensor *const *out) {
  st_tensor *w = c->in[0], *idx = st__contig_as(c->in[1], ST_I64);
  if (!idx) return -1;
  st__k_embedding(st__data(out[0]), st__data(w), st_dtype_size(w->dtype), w->strides[0],
                  w->strides[1], w->shape[1], (const int64_t *)st__data(idx),
                  st__numel(idx->ndim, idx->shape));
  st__drop(idx);
  return 0;
}

/* derivatives.yaml, embedding: embedding_backward (the dense form, no padding_idx or
   scale_grad_by_freq), which adds every row of g into the weight row its index names: an
   index_add along dim 0, written as scatter_add with the index broadcast over the row. Its own
   derivative in g is a gather of those rows, i.e. the embedding again. */
static st_tensor *embedding_backward(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *w = &a->in_meta[0];
  int64_t n = st_numel(a->in[1]), d = w->shape[1];
  st_tensor *rows = st_reshape(g, 2, (int64_t[]){n, d});
  st_tensor *col = st_reshape(a->in[1], 2, (int64_t[]){n, 1});
  st_tensor *idx = st_expand(col, 2, (int64_t[]){n, d}), *z = st_zeros(g->dtype, 2, w->shape);
  st_tensor *r = st_scatter_add(z, 0, idx, rows);
  st_release(rows), st_release(col), st_release(idx), st_release(z);
  return r;
}
static int vjp_embedding(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, embedding_backward(a, gout[0]));
  return 0; /* none to the i64 indices */
}

/* embedding is linear in the weight (derivatives.yaml: auto_linear): jvp_linear. For batching,
   a shared table looks the lanes up as one more index dim, where they are. Per-lane tables fold
   into one [B*V, D] (or [V*B, D]) table, each lane's indices offset to its rows. */
static int vmap_embedding(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int wb = a->bdim[0], ib = a->bdim[1], rank = st__lrank(a, 1);
  if (wb < 0) {
    out_bdim[0] = ib;
    return st__redispatch(a->c, a->in, out) ? st__rule_failed() : 0;
  }
  int64_t lanes = a->size, rows = a->c->in[0]->shape[0], shape[ST_MAX_DIMS + 1] = {lanes};
  bool minor;
  st_tensor *in[2], *idx = st__front(a->in[1], ib, rank),
                    *lane = st_arange(ST_I64, 0, (double)lanes, 1);
  if (st__fold_batch(a->in[0], wb, st__pdim(wb, 0), -1, true, &in[0], &minor))
    return st__rule_failed();
  for (int d = 0; d < rank; d++) shape[1 + d] = 1;
  ST_TRY(lane = st_reshape(lane, rank + 1, shape)); /* [B, 1, ..., 1] */
  if (minor)
    in[1] = st_add(st_mul(idx, st_scalar(ST_I64, (double)lanes)), lane); /* i * B + b */
  else
    in[1] = st_add(st_mul(lane, st_scalar(ST_I64, (double)rows)), idx); /* b * V + i */
  ST_TRY(in[1]);
  out_bdim[0] = 0;
  return st__redispatch(a->c, in, out) ? st__rule_failed() : 0;
}

/* A [5, 3] table looked up by 1-D, 2-D (with a repeated index), 0-dim and empty indices, in
   every layout. Errors: an index out of range, a 1-D table and float indices. */
static int samples_embedding(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {0};
  PUSH("contiguous", 2, SMP(5, 3), IDX(5, 4));
  PUSH("2-D indices", 2, SMP(5, 3), IDX(5, 2, 3));
  PUSH("0-dim index", 2, SMP(5, 3), IDX0(5));
  PUSH("non-contiguous", 2, SMP_NC(5, 3), IDX(5, 4));
  PUSH("broadcast", 2, SMP_BC(5, 3), IDX(5, 2, 2));
  PUSH("size-0", 2, SMP(5, 3), IDX(5, 0));
  FAIL("index out of range", ST_ERR_ARG, 2, SMP(3, 3), IDX(10, 2)); /* 3 of [0, 3) */
  FAIL("1-D weight", ST_ERR_SHAPE, 2, SMP(5), IDX(5, 2));
  FAIL("float indices", ST_ERR_DTYPE, 2, SMP(5, 3), SMP(2));
  return n;
}

const st_op st__op_embedding = {.id = ST_OP_embedding, .name = "embedding", .nin = 2, .nout = 1,
                                .infer = infer_embedding, .kernel = kernel_embedding,
                                .saves = ST_SAVE_IN(1), .vjp = vjp_embedding, .jvp = jvp_linear,
                                .vmap = vmap_embedding, .samples = samples_embedding};

/* --------------------------------------------------------------------- sliding-window sizes */

/* floor((in + 2 pad - span) / stride) + 1 with span = dilation * (k - 1) + 1, the output size in
   the torch.nn.Conv2d / MaxPool2d docs. Sets *span; returns INT64_MIN on overflow and a value
   <= 0 when the padded input is smaller than the span. */
static int64_t window_count(int64_t in, int64_t pad, int64_t k, int64_t dilation, int64_t stride,
                            int64_t *span) {
  int64_t padded, num;
  if (__builtin_mul_overflow(dilation, k - 1, span) || __builtin_add_overflow(*span, 1, span) ||
      __builtin_mul_overflow(pad, 2, &padded) || __builtin_add_overflow(padded, in, &padded) ||
      __builtin_sub_overflow(padded, *span, &num))
    return INT64_MIN;
  if (num < 0) return -(-num / stride + (-num % stride != 0)) + 1; /* floor division */
  return num / stride == INT64_MAX ? INT64_MIN : num / stride + 1;
}

/* Output height and width into out[2]; 0 or the error. `what` names the window ("kernel"). */
static int window_sizes(const st_opcall *c, const st_tensor *x, const int64_t *k,
                        const int64_t *stride, const int64_t *pad, const int64_t *dil,
                        const char *what, int64_t *out) {
  int64_t span[2], h = x->shape[x->ndim - 2], w = x->shape[x->ndim - 1];
  out[0] = window_count(h, pad[0], k[0], dil[0], stride[0], &span[0]);
  out[1] = window_count(w, pad[1], k[1], dil[1], stride[1], &span[1]);
  if (out[0] == INT64_MIN || out[1] == INT64_MIN)
    return st__op_error(c, ST_ERR_ARG, "%s [%lld, %lld] with padding and dilation overflows", what,
                        (long long)k[0], (long long)k[1]);
  if (out[0] <= 0 || out[1] <= 0)
    return st__op_error(c, ST_ERR_SHAPE,
                        "output size [%lld, %lld] is too small: input [%lld, %lld] padded by "
                        "[%lld, %lld] is smaller than the %s [%lld, %lld]",
                        (long long)out[0], (long long)out[1], (long long)h, (long long)w,
                        (long long)pad[0], (long long)pad[1], what, (long long)span[0],
                        (long long)span[1]);
  return 0;
}

/* A {h, w} pair of kernel, stride or dilation (min 1) or padding (min 0). */
static int check_pair(const st_opcall *c, const char *name, const int64_t *v, int64_t min) {
  if (v[0] < min || v[1] < min)
    return st__op_error(c, ST_ERR_ARG, "%s [%lld, %lld] must be %s", name, (long long)v[0],
                        (long long)v[1], min ? "positive" : "non-negative");
  return 0;
}

/* ----- conv2d: in = x, weight[, bias]; list = stride[2], padding[2], dilation[2], groups */

static int check_conv_shapes(const st_opcall *c) {
  const st_tensor *x = c->in[0], *w = c->in[1], *b = c->nin > 2 ? c->in[2] : NULL;
  int64_t groups = c->a.list[6];
  if (x->ndim != 3 && x->ndim != 4)
    return st__op_error(c, ST_ERR_SHAPE, "input %s must be 4-D [N, C, H, W] or 3-D [C, H, W]",
                        ST_SHAPE_STR(x));
  if (w->ndim != 4)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s must be 4-D [O, C/groups, kh, kw]",
                        ST_SHAPE_STR(w));
  if (groups < 1)
    return st__op_error(c, ST_ERR_ARG, "groups %lld must be positive", (long long)groups);
  if (w->shape[0] % groups != 0)
    return st__op_error(c, ST_ERR_SHAPE,
                        "weight %s: %lld output channels are not divisible by groups %lld",
                        ST_SHAPE_STR(w), (long long)w->shape[0], (long long)groups);
  int64_t ch = x->shape[x->ndim - 3];
  if (w->shape[1] > INT64_MAX / groups || ch != w->shape[1] * groups)
    return st__op_error(c, ST_ERR_SHAPE,
                        "input %s has %lld channels, but weight %s with groups %lld "
                        "expects %lld * %lld",
                        ST_SHAPE_STR(x), (long long)ch, ST_SHAPE_STR(w), (long long)groups,
                        (long long)w->shape[1], (long long)groups);
  if (w->shape[2] < 1 || w->shape[3] < 1)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s has an empty kernel", ST_SHAPE_STR(w));
  if (b && (b->ndim != 1 || b->shape[0] != w->shape[0]))
    return st__op_error(c, ST_ERR_SHAPE, "bias %s must be [%lld], one value per output channel",
                        ST_SHAPE_STR(b), (long long)w->shape[0]);
  return 0;
}

static int check_conv_dtypes(const st_opcall *c) {
  const st_tensor *x = c->in[0], *w = c->in[1], *b = c->nin > 2 ? c->in[2] : NULL;
  if (!st__is_float(x->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "input must be f32 or f64, not %s",
                        st_dtype_name(x->dtype));
  if (w->dtype != x->dtype || (b && b->dtype != x->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "input (%s), weight (%s) and bias (%s) must share a dtype",
                        st_dtype_name(x->dtype), st_dtype_name(w->dtype),
                        b ? st_dtype_name(b->dtype) : "none");
  return 0;
}

static int infer_conv2d(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0], *w = c->in[1];
  const int64_t *l = c->a.list;
  int64_t hw[2];
  if (check_conv_shapes(c) || check_conv_dtypes(c) || check_pair(c, "stride", l, 1) ||
      check_pair(c, "padding", l + 2, 0) || check_pair(c, "dilation", l + 4, 1) ||
      window_sizes(c, x, w->shape + 2, l, l + 2, l + 4, "dilated kernel", hw))
    return -1;
  int64_t shape[4];
  int nd = 0;
  if (x->ndim == 4) shape[nd++] = x->shape[0];
  shape[nd++] = w->shape[0];
  shape[nd++] = hw[0];
  shape[nd++] = hw[1];
  if (st__check_shape("st_conv2d", nd, shape, x->dtype)) return -1;
  /* The column matrix of one image: [C/groups * kh * kw, oh * ow]. */
  int64_t col[2] = {w->shape[1] * w->shape[2] * w->shape[3], hw[0] * hw[1]};
  if (st__check_shape("st_conv2d", 2, col, x->dtype)) return -1;
  st__meta_set(m, x->dtype, nd, shape);
  return 0;
}

static int kernel_conv2d(const st_opcall *c, st_tensor *const *out) {
  st_tensor *x = c->in[0], *y = out[0];
  st_tensor *w = st__contig_as(c->in[1], x->dtype), *b = NULL;
  if (!w || (c->nin > 2 && !(b = st__contig_as(c->in[2], x->dtype)))) {
    st__drop(w);
    return -1;
  }
  const int64_t *l = c->a.list;
  bool batched = x->ndim == 4;
  int k = batched ? 1 : 0; /* index of C in x */
  st_conv2d_geom g = {.n = batched ? x->shape[0] : 1,
                      .c = x->shape[k],
                      .h = x->shape[k + 1],
                      .w = x->shape[k + 2],
                      .o = w->shape[0],
                      .kh = w->shape[2],
                      .kw = w->shape[3],
                      .groups = l[6],
                      .oh = y->shape[y->ndim - 2],
                      .ow = y->shape[y->ndim - 1],
                      .stride = {l[0], l[1]},
                      .pad = {l[2], l[3]},
                      .dilation = {l[4], l[5]}};
  int64_t xs[4] = {batched ? x->strides[0] : 0, x->strides[k], x->strides[k + 1],
                   x->strides[k + 2]};
  int rc =
      st__k_conv2d(x->dtype, &g, st__data(x), xs, st__data(w), b ? st__data(b) : NULL, st__data(y));
  st__drop(w);
  st__drop(b);
  return rc;
}

/* derivatives.yaml, convolution: convolution_backward gives the input gradient (a transposed
   convolution: conv2d_input_backward), the weight gradient (conv2d_weight_backward) and, for the
   bias, g summed over all but the channel dim. Unbatched [C, H, W] input goes through the
   backward ops as a batch of one. */
static int vjp_conv2d(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const int64_t *l = a->a->list;
  const st_tensor_meta *xm = &a->in_meta[0], *wm = &a->in_meta[1];
  bool unbatched = xm->ndim == 3;
  st_tensor *g = unbatched ? st_unsqueeze(gout[0], 0) : gout[0];
  if (a->needs[0]) {
    st_tensor *gx =
        st__conv2d_input_backward(g, a->in[1], xm->shape + xm->ndim - 2, l, l + 2, l + 4, l[6]);
    ST_GRAD(0, unbatched ? st_squeeze(gx, 0) : gx);
  }
  if (a->needs[1]) {
    st_tensor *x = unbatched ? st_unsqueeze(a->in[0], 0) : a->in[0];
    ST_GRAD(1, st__conv2d_weight_backward(x, g, wm->shape + 2, l, l + 2, l + 4, l[6]));
  }
  if (a->nin > 2) ST_GRAD(2, st_sum(g, 3, (const int[]){0, 2, 3}, false));
  return 0;
}

/* Batching of the ops on images [N, ...] (or one unbatched image, `full` - 1 dims) whose other
   inputs are shared: the lanes fold into N (a view when the layout allows: [B, N, ...] or
   [N, B, ...]), or become N for unbatched images. Runs call c (a->c, or a variant) on them and
   gives every output its lanes back. */
static int vmap_fold_n(const st_vmap_args *a, const st_opcall *c, int full, st_tensor **out,
                       int *out_bdim) {
  st_tensor *in[3] = {NULL, c->nin > 1 ? a->in[1] : NULL, c->nin > 2 ? a->in[2] : NULL},
            *o[ST_MAX_OUTS];
  bool has_n = st__lrank(a, 0) == full, minor = false;
  int bd = a->bdim[0];
  if (!has_n)
    ST_TRY(in[0] = st__movedim(a->in[0], bd, 0));
  else if (st__fold_batch(a->in[0], bd, st__pdim(bd, 0), -1, true, &in[0], &minor))
    return st__rule_failed();
  if (st__redispatch(c, in, o)) return st__rule_failed();
  bool tracked = true; /* every output goes to the scope, even after one record failed */
  for (int j = 0; j < c->op->nout; j++) tracked = (out[j] = st__track(o[j])) && tracked;
  if (!tracked) return st__rule_failed();
  for (int j = 0; j < c->op->nout; j++) {
    out_bdim[j] = 0;
    if (has_n)
      ST_TRY(out[j] =
                 st__unfold_batch(out[j], 0, minor, a->size, a->c->in[0]->shape[0], &out_bdim[j]));
  }
  return 0;
}

/* Input i folded for a grouped convolution: the lanes major in its dim d (logical), an unbatched
   input repeated for every lane first (a copy). */
static int fold_lanes(const st_vmap_args *a, int i, int d, st_tensor **out) {
  st_tensor *t = a->in[i];
  int bd = a->bdim[i];
  bool minor;
  if (bd < 0 && !(t = st__lanes(t, a->size))) return st__rule_failed();
  return st__fold_batch(t, bd < 0 ? 0 : bd, st__pdim(bd < 0 ? 0 : bd, d), 0, true, out, &minor);
}

/* conv2d. A shared weight: the lanes fold into N (vmap_fold_n), one convolution of B*N images.
   Per-lane weights: the lanes fold into the channels and the groups (functorch's batching rule
   for convolution): x [N, B*C, H, W] with weight [B*O, C/g, kh, kw] and B*g groups gives
   [N, B*O, oh, ow]; with groups 1 a shared x needs no such fold (B*O output channels over the
   same input), otherwise it is repeated per lane. A per-lane bias with a shared weight is added
   after the convolution. */
static int vmap_conv2d(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int xb = a->bdim[0], wb = a->bdim[1], bb = c.nin > 2 ? a->bdim[2] : -1, ch = st__lrank(a, 0) - 3;
  int64_t lanes = a->size, groups = c.a.list[6], o = a->c->in[1]->shape[0];
  st_tensor *in[3] = {a->in[0], NULL, NULL}, *y;
  if (wb < 0 && bb < 0) return vmap_fold_n(a, &c, 4, out, out_bdim);
  if (wb < 0) { /* a per-lane bias alone */
    int yb = -1;
    c.nin = 2;
    if (xb >= 0 && vmap_fold_n(a, &c, 4, &y, &yb)) return st__rule_failed();
    if (xb < 0 && st__redispatch(&c, a->in, &y)) return st__rule_failed();
    if (xb < 0) y = st__track(y);
    int64_t shape[5] = {lanes, 1, 1, 1, 1};
    shape[1 + ch] = o;
    st_tensor *bias = st_reshape(st__front(a->in[2], bb, 1), 4 + ch, shape); /* [B, (1,) O, 1, 1] */
    ST_TRY(out[0] = st_add(st__front(y, yb, 3 + ch), bias));
    out_bdim[0] = 0;
    return 0;
  }
  if (xb >= 0 || groups > 1) {
    if (fold_lanes(a, 0, ch, &in[0])) return st__rule_failed();
    c.a.list[6] = groups * lanes;
  }
  if (fold_lanes(a, 1, 0, &in[1]) || (c.nin > 2 && fold_lanes(a, 2, 0, &in[2])))
    return st__rule_failed();
  if (st__redispatch(&c, in, &y)) return st__rule_failed();
  ST_TRY(out[0] = st__unfold_batch(st__track(y), ch, false, lanes, o, &out_bdim[0]));
  return 0;
}

/* The conv ops' attributes with square stride, padding and dilation (st_conv2d's list), and a
   {h, w} size for the backward ops (size 0: none given). */
static st_attrs conv_attrs(int64_t stride, int64_t padding, int64_t dilation, int64_t groups,
                           int64_t size) {
  st_attrs a = {.nlist = size ? 9 : 7,
                .list = {stride, stride, padding, padding, dilation, dilation, groups, size, size},
                .i = {size != 0}};
  return a;
}

/* Tiny, as gradgradcheck on convolutions is the matrix's slowest cell: [1, 2, 5, 5] images and
   3x3 kernels with 2 output channels, with and without bias, strided and padded, dilated,
   grouped, unbatched, in every layout, and an empty batch. Errors: channels that do not match
   the weight, a zero stride and a weight of another dtype. */
static int samples_conv2d(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -1, hi = 1;
  int n = 0;
  st_dtype other = dt == ST_F64 ? ST_F32 : ST_F64;
  st_attrs a = conv_attrs(1, 0, 1, 1, 0);
  PUSH("contiguous", 3, SMP(1, 2, 5, 5), SMP(2, 2, 3, 3), SMP(2));
  PUSH("without bias", 2, SMP(1, 2, 5, 5), SMP(2, 2, 3, 3));
  PUSH("unbatched", 3, SMP(2, 5, 5), SMP(2, 2, 3, 3), SMP(2));
  PUSH("non-contiguous", 3, SMP_NC(1, 2, 5, 5), SMP_NC(2, 2, 3, 3), SMP_NC(2));
  PUSH("broadcast", 3, SMP_BC(1, 2, 5, 5), SMP(2, 2, 3, 3), SMP(2));
  PUSH("size-0", 3, SMP(0, 2, 5, 5), SMP(2, 2, 3, 3), SMP(2));
  FAIL("channel mismatch", ST_ERR_SHAPE, 2, SMP(1, 2, 5, 5), SMP(2, 3, 3, 3));
  FAIL("weight dtype", ST_ERR_DTYPE, 2, SMP(1, 2, 5, 5), SMP_AS(other, 2, 2, 3, 3));
  a = conv_attrs(2, 1, 1, 1, 0);
  PUSH("stride 2, padding 1", 3, SMP(1, 2, 5, 5), SMP(2, 2, 3, 3), SMP(2));
  a = conv_attrs(1, 1, 2, 1, 0);
  PUSH("dilation 2", 2, SMP(1, 2, 5, 5), SMP(2, 2, 3, 3));
  a = conv_attrs(1, 0, 1, 2, 0);
  PUSH("groups 2", 3, SMP(1, 2, 5, 5), SMP(2, 1, 3, 3), SMP(2));
  a = conv_attrs(0, 0, 1, 1, 0);
  FAIL("zero stride", ST_ERR_ARG, 2, SMP(1, 2, 5, 5), SMP(2, 2, 3, 3));
  return n;
}

const st_op st__op_conv2d = {.id = ST_OP_conv2d, .name = "conv2d", .nin = ST_VARIADIC, .nout = 1,
                             .infer = infer_conv2d, .kernel = kernel_conv2d,
                             .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_conv2d,
                             .jvp = st__jvp_bilinear, .vmap = vmap_conv2d,
                             .samples = samples_conv2d};

/* --------------- conv2d's backward ops: list as conv2d's, then list[7..8] = a {h, w} size (the
   input's for the input gradient, the kernel's for the weight gradient); i[0] = size given */

static int check_conv_params(const st_opcall *c) {
  const int64_t *l = c->a.list;
  if (check_pair(c, "stride", l, 1) || check_pair(c, "padding", l + 2, 0) ||
      check_pair(c, "dilation", l + 4, 1))
    return -1;
  if (l[6] < 1) return st__op_error(c, ST_ERR_ARG, "groups %lld must be positive", (long long)l[6]);
  if (!c->a.i[0])
    return st__op_error(c, ST_ERR_ARG, "the %s size is NULL",
                        c->op->id == ST_OP_conv2d_input_backward ? "input" : "kernel");
  return 0;
}

static int check_4d_pair(const st_opcall *c, const char *an, const char *ad, const char *bn,
                         const char *bd) {
  const st_tensor *a = c->in[0], *b = c->in[1];
  if (a->ndim != 4)
    return st__op_error(c, ST_ERR_SHAPE, "%s %s must be 4-D %s", an, ST_SHAPE_STR(a), ad);
  if (b->ndim != 4)
    return st__op_error(c, ST_ERR_SHAPE, "%s %s must be 4-D %s", bn, ST_SHAPE_STR(b), bd);
  if (!st__is_float(a->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "%s must be f32 or f64, not %s", an,
                        st_dtype_name(a->dtype));
  if (b->dtype != a->dtype)
    return st__op_error(c, ST_ERR_DTYPE, "%s (%s) and %s (%s) must share a dtype", an,
                        st_dtype_name(a->dtype), bn, st_dtype_name(b->dtype));
  return 0;
}

/* The convolution of an input of spatial size in_hw with a kernel k must give g's {oh, ow}. */
static int check_conv_out(const st_opcall *c, const int64_t *in_hw, const int64_t *k,
                          const st_tensor *g) {
  const int64_t *l = c->a.list;
  int64_t span, out[2];
  for (int d = 0; d < 2; d++)
    out[d] = window_count(in_hw[d], l[2 + d], k[d], l[4 + d], l[d], &span);
  if (out[0] != g->shape[2] || out[1] != g->shape[3])
    return st__op_error(c, ST_ERR_SHAPE,
                        "grad %s does not match the output size [%lld, %lld] of an input [%lld, "
                        "%lld] and a kernel [%lld, %lld]",
                        ST_SHAPE_STR(g), (long long)out[0], (long long)out[1], (long long)in_hw[0],
                        (long long)in_hw[1], (long long)k[0], (long long)k[1]);
  return 0;
}

/* A result and the column matrix of one image (as conv2d's infer) within the size limits. */
static int conv_backward_meta(const st_opcall *c, st_meta *m, st_dtype dt, const int64_t *shape,
                              const int64_t *col) {
  char fn[48];
  snprintf(fn, sizeof fn, "st__%s", c->op->name);
  if (st__check_shape(fn, 4, shape, dt) || st__check_shape(fn, 2, col, dt)) return -1;
  st__meta_set(m, dt, 4, shape);
  return 0;
}

static st_conv2d_geom conv_geom(const int64_t *l, const int64_t *x, const int64_t *w,
                                const int64_t *y) {
  return (st_conv2d_geom){.n = x[0], .c = x[1], .h = x[2], .w = x[3], .o = w[0], .kh = w[2],
                          .kw = w[3], .groups = l[6], .oh = y[2], .ow = y[3],
                          .stride = {l[0], l[1]}, .pad = {l[2], l[3]}, .dilation = {l[4], l[5]}};
}

/* in = g [N, O, oh, ow], weight [O, C/groups, kh, kw]; result [N, C, h, w]. */
static int infer_conv2d_input_backward(const st_opcall *c, st_meta *m) {
  const st_tensor *g = c->in[0], *w = c->in[1];
  const int64_t *l = c->a.list, groups = l[6];
  if (check_4d_pair(c, "grad", "[N, O, oh, ow]", "weight", "[O, C/groups, kh, kw]") ||
      check_conv_params(c))
    return -1;
  if (l[7] < 0 || l[8] < 0)
    return st__op_error(c, ST_ERR_ARG, "input size [%lld, %lld] must be non-negative",
                        (long long)l[7], (long long)l[8]);
  if (w->shape[0] != g->shape[1] || w->shape[0] % groups != 0 || w->shape[1] > INT64_MAX / groups)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s does not match grad %s with groups %lld",
                        ST_SHAPE_STR(w), ST_SHAPE_STR(g), (long long)groups);
  if (w->shape[2] < 1 || w->shape[3] < 1)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s has an empty kernel", ST_SHAPE_STR(w));
  if (check_conv_out(c, l + 7, w->shape + 2, g)) return -1;
  int64_t shape[4] = {g->shape[0], w->shape[1] * groups, l[7], l[8]};
  int64_t col[2] = {w->shape[1] * w->shape[2] * w->shape[3], g->shape[2] * g->shape[3]};
  return conv_backward_meta(c, m, g->dtype, shape, col);
}

static int kernel_conv2d_input_backward(const st_opcall *c, st_tensor *const *out) {
  st_tensor *gx = out[0], *g = st__contig_as(c->in[0], gx->dtype), *w = NULL;
  if (!g || !(w = st__contig_as(c->in[1], gx->dtype))) {
    st__drop(g);
    return -1;
  }
  st_conv2d_geom geo = conv_geom(c->a.list, gx->shape, w->shape, g->shape);
  int rc = st__k_conv2d_input_backward(gx->dtype, &geo, st__data(g), st__data(w), st__data(gx));
  st__drop(g);
  st__drop(w);
  return rc;
}

/* <conv2d_input_backward(g, w), gg> = <g, conv2d(gg, w)> = <conv2d_weight_backward(gg, g), w>:
   the op is linear in each argument, with these adjoints (the g and weight terms of PyTorch's
   _convolution_double_backward). */
static int vjp_conv2d_input_backward(const st_vjp_args *a, st_tensor *const *gout,
                                     st_tensor **gin) {
  const int64_t *l = a->a->list;
  ST_GRAD(0, st_conv2d(gout[0], a->in[1], NULL, l, l + 2, l + 4, l[6]));
  ST_GRAD(1, st__conv2d_weight_backward(gout[0], a->in[0], a->in_meta[1].shape + 2, l, l + 2,
                                        l + 4, l[6]));
  return 0;
}

/* conv2d_input_backward(g, weight) -> [N, C, h, w], linear in each argument (jvp: the product
   rule). A shared weight: the lanes fold into N. Per-lane weights: with groups 1 and a shared g
   the lanes fold into the weight's input channels ([O, B*C, kh, kw]: B*C result channels);
   otherwise both fold into their channels with B*g groups, as conv2d's rule. */
static int vmap_conv2d_input_backward(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int64_t lanes = a->size, groups = c.a.list[6], ch = a->c->in[1]->shape[1] * groups;
  st_tensor *in[2] = {a->in[0], NULL}, *y;
  if (a->bdim[1] < 0) return vmap_fold_n(a, &c, 4, out, out_bdim);
  if (a->bdim[0] < 0 && groups == 1) {
    if (fold_lanes(a, 1, 1, &in[1])) return st__rule_failed();
  } else {
    if (fold_lanes(a, 0, 1, &in[0]) || fold_lanes(a, 1, 0, &in[1])) return st__rule_failed();
    c.a.list[6] = groups * lanes;
  }
  if (st__redispatch(&c, in, &y)) return st__rule_failed();
  ST_TRY(out[0] = st__unfold_batch(st__track(y), 1, false, lanes, ch, &out_bdim[0]));
  return 0;
}

/* The input gradients of conv2d's samples: g [1, 2, 3, 3] with a [2, 2, 3, 3] weight for a 5x5
   input; strided (to a 6x6 input, whose last row and column no window reads), dilated, grouped,
   in every layout, an empty batch. Errors: a weight that does not match g, no input size and
   an input size whose convolution is not g's size. */
static int samples_conv2d_input_backward(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -1, hi = 1;
  int n = 0;
  st_attrs a = conv_attrs(1, 0, 1, 1, 5);
  PUSH("contiguous", 2, SMP(1, 2, 3, 3), SMP(2, 2, 3, 3));
  PUSH("non-contiguous", 2, SMP_NC(1, 2, 3, 3), SMP_NC(2, 2, 3, 3));
  PUSH("broadcast", 2, SMP_BC(1, 2, 3, 3), SMP(2, 2, 3, 3));
  PUSH("size-0", 2, SMP(0, 2, 3, 3), SMP(2, 2, 3, 3));
  FAIL("weight does not match grad", ST_ERR_SHAPE, 2, SMP(1, 2, 3, 3), SMP(3, 2, 3, 3));
  a = conv_attrs(1, 0, 1, 1, 7);
  FAIL("grad size mismatch", ST_ERR_SHAPE, 2, SMP(1, 2, 3, 3), SMP(2, 2, 3, 3));
  a = conv_attrs(1, 0, 1, 1, 5);
  a.i[0] = 0;
  FAIL("no input size", ST_ERR_ARG, 2, SMP(1, 2, 3, 3), SMP(2, 2, 3, 3));
  a = conv_attrs(2, 1, 1, 1, 6);
  PUSH("stride 2, padding 1", 2, SMP(1, 2, 3, 3), SMP(2, 2, 3, 3));
  a = conv_attrs(1, 1, 2, 1, 5);
  PUSH("dilation 2", 2, SMP(1, 2, 3, 3), SMP(2, 2, 3, 3));
  a = conv_attrs(1, 0, 1, 2, 5);
  PUSH("groups 2", 2, SMP(1, 2, 3, 3), SMP(2, 1, 3, 3));
  return n;
}

const st_op st__op_conv2d_input_backward = {
    .id = ST_OP_conv2d_input_backward, .name = "conv2d_input_backward", .nin = 2, .nout = 1,
    .infer = infer_conv2d_input_backward, .kernel = kernel_conv2d_input_backward,
    .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_conv2d_input_backward,
    .jvp = st__jvp_bilinear, .vmap = vmap_conv2d_input_backward,
    .samples = samples_conv2d_input_backward};

/* in = x [N, C, H, W], g [N, O, oh, ow]; result [O, C/groups, kh, kw]. */
static int infer_conv2d_weight_backward(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0], *g = c->in[1];
  const int64_t *l = c->a.list, groups = l[6];
  if (check_4d_pair(c, "input", "[N, C, H, W]", "grad", "[N, O, oh, ow]") || check_conv_params(c))
    return -1;
  if (l[7] < 1 || l[8] < 1)
    return st__op_error(c, ST_ERR_ARG, "kernel size [%lld, %lld] must be positive",
                        (long long)l[7], (long long)l[8]);
  if (x->shape[0] != g->shape[0] || x->shape[1] % groups != 0 || g->shape[1] % groups != 0)
    return st__op_error(c, ST_ERR_SHAPE,
                        "input %s and grad %s need one batch size and channels divisible by "
                        "groups %lld",
                        ST_SHAPE_STR(x), ST_SHAPE_STR(g), (long long)groups);
  if (check_conv_out(c, x->shape + 2, l + 7, g)) return -1;
  int64_t shape[4] = {g->shape[1], x->shape[1] / groups, l[7], l[8]};
  int64_t col[2] = {shape[1] * l[7] * l[8], g->shape[2] * g->shape[3]};
  return conv_backward_meta(c, m, x->dtype, shape, col);
}

static int kernel_conv2d_weight_backward(const st_opcall *c, st_tensor *const *out) {
  st_tensor *gw = out[0], *x = c->in[0], *g = st__contig_as(c->in[1], gw->dtype);
  if (!g) return -1;
  st_conv2d_geom geo = conv_geom(c->a.list, x->shape, gw->shape, g->shape);
  int rc = st__k_conv2d_weight_backward(gw->dtype, &geo, st__data(x), x->strides, st__data(g),
                                        st__data(gw));
  st__drop(g);
  return rc;
}

/* <conv2d_weight_backward(x, g), gg> = <g, conv2d(x, gg)> = <conv2d_input_backward(g, gg), x>:
   the adjoints in x and in g (the input and g terms of _convolution_double_backward). */
static int vjp_conv2d_weight_backward(const st_vjp_args *a, st_tensor *const *gout,
                                      st_tensor **gin) {
  const int64_t *l = a->a->list;
  ST_GRAD(0, st__conv2d_input_backward(a->in[1], gout[0], a->in_meta[0].shape + 2, l, l + 2,
                                       l + 4, l[6]));
  ST_GRAD(1, st_conv2d(a->in[0], gout[0], NULL, l, l + 2, l + 4, l[6]));
  return 0;
}

/* conv2d_weight_backward(x, g) -> [O, C/g, kh, kw], linear in each argument (jvp: the product
   rule). The lanes fold into the channels: with groups 1 and one side shared, only the batched
   side folds (x: [O, B*C, kh, kw] results; g: [B*O, C, kh, kw]); otherwise both fold with B*g
   groups, giving [B*O, C/g, kh, kw] (the per-sample weight gradients of vmap(grad(conv))). */
static int vmap_conv2d_weight_backward(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int64_t lanes = a->size, groups = c.a.list[6];
  int xb = a->bdim[0], gb = a->bdim[1], at = 0;
  st_tensor *in[2] = {a->in[0], a->in[1]}, *y;
  if (groups == 1 && gb < 0) {
    if (fold_lanes(a, 0, 1, &in[0])) return st__rule_failed();
    at = 1;
  } else if (groups == 1 && xb < 0) {
    if (fold_lanes(a, 1, 1, &in[1])) return st__rule_failed();
  } else {
    if (fold_lanes(a, 0, 1, &in[0]) || fold_lanes(a, 1, 1, &in[1])) return st__rule_failed();
    c.a.list[6] = groups * lanes;
  }
  if (st__redispatch(&c, in, &y)) return st__rule_failed();
  int64_t n = at ? a->c->in[0]->shape[1] : a->c->in[1]->shape[1];
  ST_TRY(out[0] = st__unfold_batch(st__track(y), at, false, lanes, n, &out_bdim[0]));
  return 0;
}

/* The weight gradients of conv2d's samples: x [1, 2, 5, 5] and g [1, 2, 3, 3] for a 3x3 kernel;
   strided, dilated, grouped, in every layout, an empty batch. Errors: batch sizes that differ,
   an empty kernel and a 3-D input. */
static int samples_conv2d_weight_backward(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -1, hi = 1;
  int n = 0;
  st_attrs a = conv_attrs(1, 0, 1, 1, 3);
  PUSH("contiguous", 2, SMP(1, 2, 5, 5), SMP(1, 2, 3, 3));
  PUSH("non-contiguous", 2, SMP_NC(1, 2, 5, 5), SMP_NC(1, 2, 3, 3));
  PUSH("broadcast", 2, SMP_BC(1, 2, 5, 5), SMP(1, 2, 3, 3));
  PUSH("size-0", 2, SMP(0, 2, 5, 5), SMP(0, 2, 3, 3));
  FAIL("batch sizes differ", ST_ERR_SHAPE, 2, SMP(2, 2, 5, 5), SMP(1, 2, 3, 3));
  FAIL("3-D input", ST_ERR_SHAPE, 2, SMP(2, 5, 5), SMP(1, 2, 3, 3));
  a.list[7] = 0;
  FAIL("empty kernel", ST_ERR_ARG, 2, SMP(1, 2, 5, 5), SMP(1, 2, 3, 3));
  a = conv_attrs(2, 1, 1, 1, 3);
  PUSH("stride 2, padding 1", 2, SMP(1, 2, 5, 5), SMP(1, 2, 3, 3));
  a = conv_attrs(1, 1, 2, 1, 3);
  PUSH("dilation 2", 2, SMP(1, 2, 5, 5), SMP(1, 2, 3, 3));
  a = conv_attrs(1, 0, 1, 2, 3);
  PUSH("groups 2", 2, SMP(1, 2, 5, 5), SMP(1, 2, 3, 3));
  return n;
}

const st_op st__op_conv2d_weight_backward = {
    .id = ST_OP_conv2d_weight_backward, .name = "conv2d_weight_backward", .nin = 2, .nout = 1,
    .infer = infer_conv2d_weight_backward, .kernel = kernel_conv2d_weight_backward,
    .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_conv2d_weight_backward,
    .jvp = st__jvp_bilinear, .vmap = vmap_conv2d_weight_backward,
    .samples = samples_conv2d_weight_backward};

/* ---- max_pool2d, avg_pool2d: list = kernel[2], stride[2], padding[2]; i[0] = kernel given.
   max_pool2d has a second output, the i64 position of each maximum in its plane. */

/* A 4-D [N, C, H, W] or 3-D [C, H, W] float tensor x (named `what`) and the window. PyTorch's
   rules: padding at most half the kernel, so every window holds an input value. */
static int check_pool_args(const st_opcall *c, const st_tensor *x, const char *what) {
  const int64_t *l = c->a.list;
  if (x->ndim != 3 && x->ndim != 4)
    return st__op_error(c, ST_ERR_SHAPE, "%s %s must be 4-D [N, C, H, W] or 3-D [C, H, W]", what,
                        ST_SHAPE_STR(x));
  if (!st__is_float(x->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "%s must be f32 or f64, not %s", what,
                        st_dtype_name(x->dtype));
  if (!c->a.i[0]) return st__op_error(c, ST_ERR_ARG, "kernel is NULL");
  if (check_pair(c, "kernel", l, 1) || check_pair(c, "stride", l + 2, 1) ||
      check_pair(c, "padding", l + 4, 0))
    return -1;
  if (l[4] > l[0] / 2 || l[5] > l[1] / 2)
    return st__op_error(c, ST_ERR_ARG,
                        "padding [%lld, %lld] must be at most half the kernel [%lld, %lld]",
                        (long long)l[4], (long long)l[5], (long long)l[0], (long long)l[1]);
  return 0;
}

static int infer_pool2d(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  const int64_t *l = c->a.list, ones[2] = {1, 1};
  int64_t hw[2];
  if (check_pool_args(c, x, "input")) return -1;
  if (window_sizes(c, x, l, l + 2, l + 4, ones, "kernel", hw)) return -1;
  int64_t shape[4];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[x->ndim - 2] = hw[0];
  shape[x->ndim - 1] = hw[1];
  st__meta_set(m, x->dtype, x->ndim, shape);
  if (c->op->id == ST_OP_max_pool2d) st__meta_set(&m[1], ST_I64, x->ndim, shape);
  return 0;
}

static int kernel_pool2d(const st_opcall *c, st_tensor *const *out) {
  st_tensor *x = c->in[0], *y = out[0];
  const int64_t *l = c->a.list;
  bool batched = x->ndim == 4;
  int k = batched ? 1 : 0;
  st_pool2d_geom g = {.n = batched ? x->shape[0] : 1,
                      .c = x->shape[k],
                      .h = x->shape[k + 1],
                      .w = x->shape[k + 2],
                      .oh = y->shape[y->ndim - 2],
                      .ow = y->shape[y->ndim - 1],
                      .kernel = {l[0], l[1]},
                      .stride = {l[2], l[3]},
                      .pad = {l[4], l[5]}};
  int64_t xs[4] = {batched ? x->strides[0] : 0, x->strides[k], x->strides[k + 1],
                   x->strides[k + 2]};
  if (c->op->id == ST_OP_max_pool2d)
    st__k_max_pool2d(x->dtype, &g, st__data(x), xs, st__data(y), (int64_t *)st__data(out[1]));
  else st__k_avg_pool2d(x->dtype, &g, st__data(x), xs, st__data(y));
  return 0;
}

/* derivatives.yaml, max_pool2d_with_indices: max_pool2d_with_indices_backward, which adds each g
   at its window's maximum (the saved positions): a scatter_add into zeros of the flattened
   planes. Its own derivative is the gather of those positions in g and none in x (the positions
   are constant where the max is differentiable). The indices are detached as in dropout's rule. */
static st_tensor *max_pool2d_backward(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *x = &a->in_meta[0];
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[x->ndim - 2] *= shape[x->ndim - 1];
  st_tensor *z = st_zeros(g->dtype, x->ndim - 1, shape), *at = st_detach(a->out[1]);
  st_tensor *idx = st_flatten(at, -2, -1), *src = st_flatten(g, -2, -1);
  st_tensor *flat = st_scatter_add(z, -1, idx, src), *r = st_reshape(flat, x->ndim, x->shape);
  st_release(z), st_release(at), st_release(idx), st_release(src), st_release(flat);
  return r;
}
static int vjp_max_pool2d(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, max_pool2d_backward(a, gout[0]));
  return 0;
}

/* derivatives.yaml, avg_pool2d: avg_pool2d_backward, the adjoint of the (linear) pooling. */
static int vjp_avg_pool2d(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_tensor_meta *x = &a->in_meta[0];
  const int64_t *l = a->a->list;
  ST_GRAD(0, st__avg_pool2d_backward(gout[0], x->shape + x->ndim - 2, l, l + 2, l + 4));
  return 0;
}

/* derivatives.yaml, max_pool2d_with_indices: "result0: gather(self_t.flatten(-2), -1,
   result1.flatten(-2)).view_as(result1)", the tangent at each window's maximum; the indices
   have none. avg_pool2d is linear (auto_linear): jvp_linear. */
static int jvp_max_pool2d(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *at = st_flatten(a->out[1], -2, -1);
  st_tensor *g = st_gather(st_flatten(tin[0], -2, -1), -1, at);
  ST_TRY(tout[0] = st_reshape(g, a->out[0]->ndim, a->out[0]->shape));
  return 0;
}

/* The pools act on each [H, W] plane: the lanes fold into N. */
static int vmap_pool2d(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return vmap_fold_n(a, a->c, 4, out, out_bdim);
}

/* The pools' attributes (st_max_pool2d's list): kernel {kh, kw}, stride {sh, sw}, padding p,
   and for avg_pool2d_backward an input size {size, size} (0: none). */
static st_attrs pool_sample_attrs(int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t p,
                                  int64_t size) {
  st_attrs a = {.i = {1, size != 0},
                .nlist = size ? 8 : 6,
                .list = {kh, kw, sh, sw, p, p, size, size}};
  return a;
}

/* [1, 2, 4, 4] images (or unbatched [2, 4, 4]) with 2x2 windows, overlapping padded 3x3 ones and
   an empty batch. The sample values are distinct, so every window has one maximum, away from a
   tie by far more than the finite differences' step; the stride-0 layout repeats rows, so its
   windows lie within a row there (1x2). Errors: padding over half the kernel, a 2-D input and
   an i64 input (max_pool2d), no kernel (avg_pool2d). */
static int samples_pool2d(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = pool_sample_attrs(2, 2, 2, 2, 0, 0);
  PUSH("contiguous", 1, SMP(1, 2, 4, 4));
  PUSH("unbatched", 1, SMP(2, 4, 4));
  PUSH("non-contiguous", 1, SMP_NC(1, 2, 4, 4));
  PUSH("size-0", 1, SMP(0, 2, 4, 4));
  FAIL("2-D input", ST_ERR_SHAPE, 1, SMP(4, 4));
  if (op->id == ST_OP_max_pool2d) FAIL("i64 input", ST_ERR_DTYPE, 1, SMP_AS(ST_I64, 1, 2, 4, 4));
  a.i[0] = 0;
  if (op->id == ST_OP_avg_pool2d) FAIL("no kernel", ST_ERR_ARG, 1, SMP(1, 2, 4, 4));
  a = pool_sample_attrs(1, 2, 1, 2, 0, 0);
  PUSH("broadcast", 1, SMP_BC(1, 2, 4, 4));
  a = pool_sample_attrs(3, 3, 1, 1, 1, 0);
  PUSH("kernel 3, stride 1, padding 1", 1, SMP(1, 2, 4, 4));
  a = pool_sample_attrs(2, 3, 1, 2, 0, 0);
  PUSH("kernel 2x3, stride 1x2", 1, SMP_NC(2, 4, 5));
  a = pool_sample_attrs(2, 2, 2, 2, 2, 0);
  FAIL("padding over half the kernel", ST_ERR_ARG, 1, SMP(1, 2, 4, 4));
  return n;
}

const st_op st__op_max_pool2d = {.id = ST_OP_max_pool2d, .name = "max_pool2d", .nin = 1, .nout = 2,
                                 .infer = infer_pool2d, .kernel = kernel_pool2d,
                                 .saves = ST_SAVE_OUT(1), .vjp = vjp_max_pool2d,
                                 .jvp = jvp_max_pool2d, .vmap = vmap_pool2d,
                                 .samples = samples_pool2d};
const st_op st__op_avg_pool2d = {.id = ST_OP_avg_pool2d, .name = "avg_pool2d", .nin = 1, .nout = 1,
                                 .infer = infer_pool2d, .kernel = kernel_pool2d,
                                 .vjp = vjp_avg_pool2d, .jvp = jvp_linear, .vmap = vmap_pool2d,
                                 .samples = samples_pool2d};

/* ---- avg_pool2d_backward: in = g; list as the pools, then list[6..7] = the input's {h, w};
        i[0] = kernel given, i[1] = input size given */

static int infer_avg_pool2d_backward(const st_opcall *c, st_meta *m) {
  const st_tensor *g = c->in[0];
  const int64_t *l = c->a.list;
  int64_t span, shape[4];
  if (check_pool_args(c, g, "grad")) return -1;
  if (!c->a.i[1]) return st__op_error(c, ST_ERR_ARG, "the input size is NULL");
  if (l[6] < 0 || l[7] < 0)
    return st__op_error(c, ST_ERR_ARG, "input size [%lld, %lld] must be non-negative",
                        (long long)l[6], (long long)l[7]);
  int64_t oh = window_count(l[6], l[4], l[0], 1, l[2], &span);
  int64_t ow = window_count(l[7], l[5], l[1], 1, l[3], &span);
  if (oh != g->shape[g->ndim - 2] || ow != g->shape[g->ndim - 1])
    return st__op_error(c, ST_ERR_SHAPE,
                        "grad %s does not match the pooled size [%lld, %lld] of an input [%lld, "
                        "%lld]",
                        ST_SHAPE_STR(g), (long long)oh, (long long)ow, (long long)l[6],
                        (long long)l[7]);
  memcpy(shape, g->shape, sizeof(int64_t) * (size_t)g->ndim);
  shape[g->ndim - 2] = l[6];
  shape[g->ndim - 1] = l[7];
  if (st__check_shape("st__avg_pool2d_backward", g->ndim, shape, g->dtype)) return -1;
  st__meta_set(m, g->dtype, g->ndim, shape);
  return 0;
}

static int kernel_avg_pool2d_backward(const st_opcall *c, st_tensor *const *out) {
  st_tensor *gx = out[0], *g = st__contig_as(c->in[0], gx->dtype);
  if (!g) return -1;
  const int64_t *l = c->a.list;
  int k = g->ndim == 4 ? 1 : 0;
  st_pool2d_geom geo = {.n = k ? g->shape[0] : 1,
                        .c = g->shape[k],
                        .h = l[6],
                        .w = l[7],
                        .oh = g->shape[k + 1],
                        .ow = g->shape[k + 2],
                        .kernel = {l[0], l[1]},
                        .stride = {l[2], l[3]},
                        .pad = {l[4], l[5]}};
  st__k_avg_pool2d_backward(gx->dtype, &geo, st__data(g), st__data(gx));
  st__drop(g);
  return 0;
}

/* It is linear in g, and its adjoint is the pooling itself (avg_pool2d_backward's entry in
   derivatives.yaml: grad_output gets avg_pool2d(grad)). */
static int vjp_avg_pool2d_backward(const st_vjp_args *a, st_tensor *const *gout,
                                   st_tensor **gin) {
  const int64_t *l = a->a->list;
  ST_GRAD(0, st_avg_pool2d(gout[0], l, l + 2, l + 4));
  return 0;
}

/* The gradients of avg_pool2d's samples: 2x2 windows of a 4x4 input and of a 5x5 one (whose last
   row and column no window reads), overlapping padded 3x3 windows, unbatched, in every layout,
   an empty batch. Errors: a grad that is not the pooled size and no input size. */
static int samples_avg_pool2d_backward(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = pool_sample_attrs(2, 2, 2, 2, 0, 4);
  PUSH("contiguous", 1, SMP(1, 2, 2, 2));
  PUSH("unbatched", 1, SMP(2, 2, 2));
  PUSH("non-contiguous", 1, SMP_NC(1, 2, 2, 2));
  PUSH("broadcast", 1, SMP_BC(1, 2, 2, 2));
  PUSH("size-0", 1, SMP(0, 2, 2, 2));
  FAIL("grad is not the pooled size", ST_ERR_SHAPE, 1, SMP(1, 2, 3, 3));
  a.i[1] = 0;
  FAIL("no input size", ST_ERR_ARG, 1, SMP(1, 2, 2, 2));
  a = pool_sample_attrs(2, 2, 2, 2, 0, 5);
  PUSH("input 5x5", 1, SMP(1, 2, 2, 2));
  a = pool_sample_attrs(3, 3, 1, 1, 1, 4);
  PUSH("kernel 3, stride 1, padding 1", 1, SMP(1, 2, 4, 4));
  return n;
}

const st_op st__op_avg_pool2d_backward = {
    .id = ST_OP_avg_pool2d_backward, .name = "avg_pool2d_backward", .nin = 1, .nout = 1,
    .infer = infer_avg_pool2d_backward, .kernel = kernel_avg_pool2d_backward,
    .vjp = vjp_avg_pool2d_backward, .jvp = jvp_linear, .vmap = vmap_pool2d,
    .samples = samples_avg_pool2d_backward};

#undef SMP
#undef SMP_NC
#undef SMP_BC
#undef SMP_AS
#undef SMP0
#undef IDX
#undef IDX0
#undef PUSH
#undef FAIL

/* ------------------------------------------------------------------------ public functions */

st_tensor *st_softmax(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(softmax, a);
  c.a.i[0] = dim;
  return st__call1(&c);
}
st_tensor *st_log_softmax(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(log_softmax, a);
  c.a.i[0] = dim;
  return st__call1(&c);
}

st_tensor *st_cross_entropy(st_tensor *logits, st_tensor *target, st_reduction reduction) {
  st_opcall c = ST_CALL(cross_entropy, logits, target);
  c.a.i[0] = (int)reduction; /* a bad value keeps its sign for the message */
  return st__call1(&c);
}
st_tensor *st_nll_loss(st_tensor *logp, st_tensor *target, st_reduction reduction) {
  st_opcall c = ST_CALL(nll_loss, logp, target);
  c.a.i[0] = (int)reduction; /* a bad value keeps its sign for the message */
  return st__call1(&c);
}
st_tensor *st_mse_loss(st_tensor *a, st_tensor *b, st_reduction reduction) {
  st_opcall c = ST_CALL(mse_loss, a, b);
  c.a.i[0] = (int)reduction; /* a bad value keeps its sign for the message */
  return st__call1(&c);
}

st_tensor *st_layer_norm(st_tensor *x, int nnorm, const int64_t *normalized_shape,
                         st_tensor *weight, st_tensor *bias, double eps) {
  st_tensor *in[3] = {x};
  int nin = 1;
  if (weight) in[nin++] = weight;
  if (bias) in[nin++] = bias;
  st_opcall c = {.op = st__ops[ST_OP_layer_norm], .nin = nin, .in = in};
  c.a.i[0] = weight != NULL;
  c.a.i[1] = bias != NULL;
  c.a.i[2] = nnorm;
  c.a.i[3] = normalized_shape != NULL;
  c.a.f[0] = eps;
  if (normalized_shape && nnorm > 0 && nnorm <= ST_MAX_DIMS) {
    c.a.nlist = nnorm;
    memcpy(c.a.list, normalized_shape, sizeof(int64_t) * (size_t)nnorm);
  }
  return st__call1(&c);
}

/* The tail of a two-output call: like st__call1, with the second output in *second. */
static st_tensor *call2(const st_opcall *c, st_tensor **second) {
  st_tensor *out[ST_MAX_OUTS];
  *second = NULL;
  if (st__dispatch(c, out)) return NULL;
  st_tensor *y = st__track(out[0]), *s = st__track(out[1]);
  if (!y || !s) {
    st_release(y);
    st_release(s);
    return NULL;
  }
  *second = s;
  st__ok();
  return y;
}

st_tensor *st__native_dropout(st_tensor *x, double p, st_tensor **mask) {
  st_opcall c = ST_CALL(dropout, x);
  c.a.f[0] = p;
  c.a.i[0] = true;
  return call2(&c, mask);
}

/* Without train, the identity after the same argument checks. It needs no op of its own: a view
   of x (a distinct object, as every call returns; PyTorch returns x itself). */
st_tensor *st_dropout(st_tensor *x, double p, bool train) {
  st_opcall c = ST_CALL(dropout, x);
  st_meta m[ST_MAX_OUTS]; /* infer describes both outputs, y and the mask */
  c.a.f[0] = p;
  c.a.i[0] = train;
  if (train) return st__call1(&c);
  if (!x) {
    st__null_arg("st_dropout", 1);
    return NULL;
  }
  if (c.op->infer(&c, m)) return NULL;
  return st__same_tensor(x); /* torch's eval-mode dropout returns its input */
}

st_tensor *st_embedding(st_tensor *weight, st_tensor *indices) {
  st_opcall c = ST_CALL(embedding, weight, indices);
  return st__call1(&c);
}

/* Copies an optional {h, w} pair into list[at..at+1], or the default. */
static void put_pair(st_attrs *a, int at, const int64_t *v, int64_t dflt) {
  a->list[at] = v ? v[0] : dflt;
  a->list[at + 1] = v ? v[1] : dflt;
}

/* The conv ops' shared attributes: list[0..6) stride, padding, dilation pairs, list[6] groups. */
static void put_conv_params(st_attrs *a, const int64_t *stride, const int64_t *padding,
                            const int64_t *dilation, int64_t groups) {
  put_pair(a, 0, stride, 1);
  put_pair(a, 2, padding, 0);
  put_pair(a, 4, dilation, 1);
  a->list[6] = groups;
}

st_tensor *st_conv2d(st_tensor *x, st_tensor *weight, st_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *dilation, int64_t groups) {
  st_tensor *in[3] = {x, weight, bias};
  st_opcall c = {.op = st__ops[ST_OP_conv2d], .nin = bias ? 3 : 2, .in = in};
  put_conv_params(&c.a, stride, padding, dilation, groups);
  c.a.nlist = 7;
  return st__call1(&c);
}

st_tensor *st__conv2d_input_backward(st_tensor *g, st_tensor *weight, const int64_t *input_hw,
                                     const int64_t *stride, const int64_t *padding,
                                     const int64_t *dilation, int64_t groups) {
  st_opcall c = ST_CALL(conv2d_input_backward, g, weight);
  put_conv_params(&c.a, stride, padding, dilation, groups);
  put_pair(&c.a, 7, input_hw, 0);
  c.a.nlist = 9;
  c.a.i[0] = input_hw != NULL;
  return st__call1(&c);
}

st_tensor *st__conv2d_weight_backward(st_tensor *x, st_tensor *g, const int64_t *kernel_hw,
                                      const int64_t *stride, const int64_t *padding,
                                      const int64_t *dilation, int64_t groups) {
  st_opcall c = ST_CALL(conv2d_weight_backward, x, g);
  put_conv_params(&c.a, stride, padding, dilation, groups);
  put_pair(&c.a, 7, kernel_hw, 0);
  c.a.nlist = 9;
  c.a.i[0] = kernel_hw != NULL;
  return st__call1(&c);
}

static void pool_attrs(st_attrs *a, const int64_t *kernel, const int64_t *stride,
                       const int64_t *padding) {
  a->i[0] = kernel != NULL;
  put_pair(a, 0, kernel, 1);
  put_pair(a, 2, stride ? stride : kernel, 1);
  put_pair(a, 4, padding, 0);
  a->nlist = 6;
}

static st_tensor *pool2d(st_op_id id, st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding) {
  st_opcall c = {.op = st__ops[id], .nin = 1, .in = (st_tensor *const[]){x}};
  pool_attrs(&c.a, kernel, stride, padding);
  return st__call1(&c);
}

st_tensor *st__max_pool2d_with_indices(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                                       const int64_t *padding, st_tensor **indices) {
  st_opcall c = ST_CALL(max_pool2d, x);
  pool_attrs(&c.a, kernel, stride, padding);
  return call2(&c, indices);
}

st_tensor *st__avg_pool2d_backward(st_tensor *g, const int64_t *input_hw, const int64_t *kernel,
                                   const int64_t *stride, const int64_t *padding) {
  st_opcall c = ST_CALL(avg_pool2d_backward, g);
  pool_attrs(&c.a, kernel, stride, padding);
  put_pair(&c.a, 6, input_hw, 0);
  c.a.nlist = 8;
  c.a.i[1] = input_hw != NULL;
  return st__call1(&c);
}

st_tensor *st_max_pool2d(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding) {
  return pool2d(ST_OP_max_pool2d, x, kernel, stride, padding);
}
st_tensor *st_avg_pool2d(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding) {
  return pool2d(ST_OP_avg_pool2d, x, kernel, stride, padding);
}
