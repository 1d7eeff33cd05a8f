/* nn_loss_pointwise.c — the elementwise losses of torch.nn.functional, each a loss per element
   of the broadcast inputs then an st_reduction (loss.reduction): binary_cross_entropy (in = input,
   target [, weight]; loss.has_weight), binary_cross_entropy_with_logits (in = input, target
   [, weight][, pos_weight]; loss.has_weight, .has_pos_weight), l1_loss, smooth_l1_loss
   (loss.param = beta), huber_loss (loss.param = delta) and kl_div (loss.log_target). Float ops:
   i64/bool inputs compute in f32.

   Shapes: as PyTorch, the two binary cross entropies need a target of the input's shape and
   weights that broadcast to it; the others broadcast input and target. Derivatives follow
   derivatives.yaml (binary_cross_entropy_backward with its 1e-12 floor on x (1 - x), the target
   gradients, smooth_l1_loss_backward, huber_loss_backward), and kl_div's, which PyTorch
   composes from xlogy (a NaN target gradient where target = 0, as torch gives). Every rule is
   one function, `partial`, giving the derivative of the unreduced loss in one input, in public
   ops: the vjp multiplies it by the (reduced) gradient and sums it back to the input's shape,
   the jvp adds it times each tangent and reduces. weight and pos_weight get their gradients
   too, where PyTorch refuses to differentiate them. */
#include <math.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

#define BCE_EPS ((double)1e-12f) /* PyTorch's EPSILON in binary_cross_entropy_backward, a float */

static bool is_bce(const st_op *op) {
  return op->id == ST_OP_binary_cross_entropy || op->id == ST_OP_binary_cross_entropy_with_logits;
}
/* The weight and pos_weight inputs, or NULL. */
static st_tensor *weight_of(const st_opcall *c) {
  return is_bce(c->op) && c->a.loss.has_weight ? c->in[2] : NULL;
}
static st_tensor *pos_weight_of(const st_opcall *c) {
  return c->a.loss.has_pos_weight ? c->in[2 + c->a.loss.has_weight] : NULL;
}

static int infer_pointwise_loss(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0], *t = c->in[1];
  int64_t r = c->a.loss.reduction, shape[ST_MAX_DIMS];
  int nd;
  if (r != ST_REDUCTION_MEAN && r != ST_REDUCTION_SUM && r != ST_REDUCTION_NONE)
    return st__op_error(c, ST_ERR_ARG, "reduction %lld is not ST_REDUCTION_MEAN, _SUM or _NONE",
                        (long long)r);
  if (c->op->id == ST_OP_smooth_l1_loss && !(c->a.loss.param >= 0))
    return st__op_error(c, ST_ERR_ARG, "beta %g must be non-negative", c->a.loss.param);
  if (c->op->id == ST_OP_huber_loss && !(c->a.loss.param > 0))
    return st__op_error(c, ST_ERR_ARG, "delta %g must be positive", c->a.loss.param);
  if (is_bce(c->op)) {
    if (t->ndim != x->ndim || memcmp(t->shape, x->shape, sizeof(int64_t) * (size_t)x->ndim))
      return st__op_error(c, ST_ERR_SHAPE, "target %s must have the input's shape %s",
                          ST_SHAPE_STR(t), ST_SHAPE_STR(x));
    for (int i = 2; i < c->nin; i++) { /* weight, pos_weight broadcast to the input */
      const st_tensor *w = c->in[i];
      nd = st__broadcast_shapes(ST_FN(c), x->ndim, x->shape, w->ndim, w->shape, shape);
      if (nd < 0) return -1;
      if (nd != x->ndim || memcmp(shape, x->shape, sizeof(int64_t) * (size_t)nd))
        return st__op_error(c, ST_ERR_SHAPE, "%s %s does not broadcast to the input's shape %s",
                            weight_of(c) == w ? "weight" : "pos_weight", ST_SHAPE_STR(w),
                            ST_SHAPE_STR(x));
    }
    nd = x->ndim;
    memcpy(shape, x->shape, sizeof(int64_t) * (size_t)nd);
  } else {
    nd = st__broadcast_shapes(ST_FN(c), x->ndim, x->shape, t->ndim, t->shape, shape);
    if (nd < 0) return -1;
  }
  st_dtype dt = st__nn_float_type(st__result_type(c->nin, c->in));
  if (st__check_shape(ST_FN(c), nd, shape, dt)) return -1;
  if (c->op->id == ST_OP_binary_cross_entropy && st__has_data(x)) { /* PyTorch's kernel check */
    int64_t n = st__numel(x->ndim, x->shape);
    for (int64_t i = 0; i < n; i++) {
      double v = st__get_f64(x, i);
      if (!(v >= 0 && v <= 1))
        return st__op_error(c, ST_ERR_ARG,
                            "all elements of input should be between 0 and 1 (element %lld is %g)",
                            (long long)i, v);
    }
  }
  if (r == ST_REDUCTION_NONE) st__meta_set(m, dt, nd, shape);
  else st__meta_set(m, dt, 0, NULL);
  return 0;
}

/* ---------------------------------------------------------------------------------- kernel */

/* The loss of one element: x input, t target, w weight (1 without), pw pos_weight (1 without). */
static double loss_at(const st_opcall *c, double x, double t, double w, double pw) {
  double d = x - t, ad = fabs(d), p = c->a.loss.param;
  switch (c->op->id) {
  case ST_OP_binary_cross_entropy: /* logs floored at -100, as PyTorch */
    return -w * (t * fmax(log(x), -100) + (1 - t) * fmax(log1p(-x), -100));
  case ST_OP_binary_cross_entropy_with_logits: /* (1 - t) x + (1 + (pw - 1) t) softplus(-x) */
    return w * ((1 - t) * x + (1 + (pw - 1) * t) * (log1p(exp(-fabs(x))) + fmax(-x, 0)));
  case ST_OP_l1_loss: return ad;
  case ST_OP_smooth_l1_loss: return p == 0 ? ad : ad < p ? 0.5 * d * d / p : ad - 0.5 * p;
  case ST_OP_huber_loss: return ad < p ? 0.5 * d * d : p * (ad - 0.5 * p);
  default: /* kl_div: xlogy(t, t) - t x, or exp(t) (t - x) for a log target */
    if (c->a.loss.log_target) return exp(t) * (t - x);
    return (t == 0 ? 0 : t * log(t)) - t * x;
  }
}

/* Input i as a contiguous array of dt in the broadcast shape (a copy); NULL on OOM. */
static st_tensor *broadcast_copy(st_tensor *t, st_dtype dt, int nd, const int64_t *shape) {
  st_tensor *b = st__empty(dt, nd, shape);
  if (!b) return NULL;
  int64_t strides[ST_MAX_DIMS];
  for (int d = 0; d < nd; d++) {
    int src = d - (nd - t->ndim);
    strides[d] = src < 0 || t->shape[src] == 1 ? 0 : t->strides[src];
  }
  st__k_copy(st__view_of(b), (st_view){st__data(t), t->dtype, nd, shape, strides});
  return b;
}

/* Computes in double per element, then stores in the result's dtype (f32 results round once). */
static int kernel_pointwise_loss(const st_opcall *c, st_tensor *const *out) {
  st_tensor *y = out[0], *in[4] = {0};
  const st_tensor *x = c->in[0];
  int64_t shape[ST_MAX_DIMS];
  int nd = is_bce(c->op) ? x->ndim
                         : st__broadcast_shapes(ST_FN(c), x->ndim, x->shape, c->in[1]->ndim,
                                                c->in[1]->shape, shape);
  if (is_bce(c->op)) memcpy(shape, x->shape, sizeof(int64_t) * (size_t)nd);
  int rc = -1;
  for (int i = 0; i < c->nin; i++)
    if (!(in[i] = broadcast_copy(c->in[i], ST_F64, nd, shape))) goto fail;
  int64_t n = st__numel(nd, shape);
  const double *xv = (const double *)st__data(in[0]), *tv = (const double *)st__data(in[1]);
  const double *wv = weight_of(c) ? (const double *)st__data(in[2]) : NULL;
  const double *pv = pos_weight_of(c) ? (const double *)st__data(in[c->nin - 1]) : NULL;
  bool none = c->a.loss.reduction == ST_REDUCTION_NONE;
  double total = 0;
  for (int64_t k = 0; k < n; k++) {
    double l = loss_at(c, xv[k], tv[k], wv ? wv[k] : 1, pv ? pv[k] : 1);
    if (!none) total += l;
    else if (y->dtype == ST_F32) ((float *)st__data(y))[k] = (float)l;
    else ((double *)st__data(y))[k] = l;
  }
  if (c->a.loss.reduction == ST_REDUCTION_SUM) st__nn_store_scalar(y, total);
  if (c->a.loss.reduction == ST_REDUCTION_MEAN)
    st__nn_store_scalar(y, total / (double)n); /* 0/0: NaN */
  rc = 0;
fail:
  for (int i = 0; i < 4; i++) st__drop(in[i]);
  return rc;
}

/* ------------------------------------------------------------------------------- derivatives */

/* The derivative of the unreduced loss in input i (0 input, 1 target, 2.. weight and
   pos_weight), elementwise in the broadcast shape, computed in dtype dt with public ops. */
static st_tensor *partial(const st_op *op, const st_attrs *at, st_tensor *const *in, int nin,
                          int i) {
  bool bce = is_bce(op);
  st_tensor *x = in[0], *t = in[1], *w = bce && at->loss.has_weight ? in[2] : NULL, *r = NULL;
  st_tensor *pw = bce && at->loss.has_pos_weight ? in[nin - 1] : NULL;
  double p = at->loss.param;
  switch (op->id) {
  case ST_OP_binary_cross_entropy:
    if (i == 0) { /* binary_cross_entropy_backward: (x - t) / max(x (1 - x), 1e-12) */
      st_tensor *den = st_clamp(st_mul(x, st_add_scalar(st_neg(x), 1)), BCE_EPS, INFINITY);
      r = st_div(st_sub(x, t), den);
    } else if (i == 1) { /* binary_cross_entropy_target_backward: log(1 - x) - log(x) */
      r = st_sub(st_log1p(st_neg(x)), st_log(x));
    } else { /* the weight: the unweighted loss */
      st_tensor *lx = st_clamp(st_log(x), -100, INFINITY);
      st_tensor *l1x = st_clamp(st_log1p(st_neg(x)), -100, INFINITY);
      r = st_neg(st_add(st_mul(t, lx), st_mul(st_add_scalar(st_neg(t), 1), l1x)));
      return r; /* not weighted by itself */
    }
    break;
  case ST_OP_binary_cross_entropy_with_logits: {
    /* with lw = 1 + (pw - 1) t: loss (1 - t) x + lw softplus(-x); d/dx = lw sigmoid(x) - pw t,
       d/dt = -(x + (pw - 1) logsigmoid(x)), d/dpw = t softplus(-x) */
    st_tensor *sp = st_softplus(st_neg(x));
    if (i == 0) {
      st_tensor *lw = pw ? st_add_scalar(st_mul(st_add_scalar(pw, -1), t), 1) : NULL;
      st_tensor *s = st_sigmoid(x);
      r = pw ? st_sub(st_mul(lw, s), st_mul(pw, t)) : st_sub(s, t); /* a failed lw: NULL */
    } else if (i == 1) {
      r = pw ? st_neg(st_sub(x, st_mul(st_add_scalar(pw, -1), sp))) : st_neg(x);
    } else if (w && i == 2) { /* the weight: the unweighted loss */
      st_tensor *lw = pw ? st_add_scalar(st_mul(st_add_scalar(pw, -1), t), 1) : NULL;
      return st_add(st_mul(st_add_scalar(st_neg(t), 1), x), pw ? st_mul(lw, sp) : sp);
    } else {
      r = st_mul(t, sp);
    }
    break;
  }
  case ST_OP_l1_loss: r = st_sign(st_sub(x, t)); break;
  case ST_OP_smooth_l1_loss: /* smooth_l1_loss_backward: d / beta clamped to [-1, 1] */
    r = p == 0 ? st_sign(st_sub(x, t)) : st_clamp(st_mul_scalar(st_sub(x, t), 1 / p), -1, 1);
    break;
  case ST_OP_huber_loss: r = st_clamp(st_sub(x, t), -p, p); break; /* huber_loss_backward */
  default:
    if (at->loss.log_target) { /* kl_div, log target: exp(t) (t - x) */
      st_tensor *e = st_exp(t);
      r = i == 0 ? st_neg(e) : st_mul(e, st_add_scalar(st_sub(t, x), 1));
    } else if (i == 0) { /* xlogy(t, t) - t x */
      r = st_neg(t);
    } else { /* xlogy's two gradients, log(t) (0 where t = 0) and t / t, then -x */
      st_tensor *nz = st_ne(t, st_scalar(t->dtype, 0));
      st_tensor *lg = st_where(nz, st_log(t), st_zeros_like(t));
      r = st_sub(st_add(lg, st_div(t, t)), x);
    }
    return r; /* kl_div and the l1 family do not negate for the target below */
  }
  if (op->id == ST_OP_l1_loss || op->id == ST_OP_smooth_l1_loss || op->id == ST_OP_huber_loss)
    return i == 1 ? st_neg(r) : r;
  if (w && r && i != 2) r = st_mul(r, w); /* the weight scales every other gradient */
  return r;
}

/* The number of elements the loss reduces: those of the broadcast input and target. */
static int64_t loss_count(const st_tensor_meta *x, const st_tensor_meta *t) {
  int64_t shape[ST_MAX_DIMS];
  int nd = st__broadcast_shapes("loss", x->ndim, x->shape, t->ndim, t->shape, shape);
  return nd < 0 ? 0 : st__numel(nd, shape);
}

static int vjp_pointwise_loss(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *g = gout[0];
  const st_tensor_meta *x = &a->in_meta[0], *t = &a->in_meta[1];
  int64_t shape[ST_MAX_DIMS];
  int nd = st__broadcast_shapes(ST_FN(a), x->ndim, x->shape, t->ndim, t->shape, shape);
  if (a->a->loss.reduction == ST_REDUCTION_MEAN) /* 0 elements: inf times an empty gradient */
    ST_TRY(g = st_mul_scalar(g, 1 / (double)loss_count(&a->in_meta[0], &a->in_meta[1])));
  for (int i = 0; i < a->nin; i++) {
    if (!a->needs[i]) continue;
    st_tensor *d = st_mul(partial(a->op, a->a, a->in, a->nin, i), g);
    if (d && (d->ndim != nd || memcmp(d->shape, shape, sizeof(int64_t) * (size_t)nd)))
      d = st_expand(d, nd, shape); /* kl_div's -t, smaller than a broadcast input */
    ST_GRAD(i, st__sum_to(d, &a->in_meta[i]));
  }
  return 0;
}

/* derivatives.yaml's forward formulas: the backward functions on the tangents, added, then
   apply_loss_reduction. */
static int jvp_pointwise_loss(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *t = NULL;
  for (int i = 0; i < a->nin; i++) {
    if (!tin[i]) continue;
    st_tensor *u = st_mul(partial(a->op, a->a, a->in, a->nin, i), tin[i]);
    ST_TRY(t = t ? st_add(t, u) : u);
  }
  if (!t) return 0;
  int64_t red = a->a->loss.reduction;
  if (red == ST_REDUCTION_NONE) { /* a tangent of the target alone may be smaller: broadcast */
    const st_tensor *y = a->out[0];
    ST_TRY(t = st_expand(t, y->ndim, y->shape));
  }
  ST_TRY(tout[0] = red == ST_REDUCTION_NONE  ? t
                   : red == ST_REDUCTION_SUM ? st_sum_all(t)
                                             : st_mean_all(t));
  return 0;
}

/* Unreduced on [B, ...] values: batched inputs with their lanes first and padded to the
   input's rank, an unbatched input or target repeated per lane (the binary cross entropies need
   the target in the input's shape), weights as they are (they broadcast); then each lane
   reduces its own elements. */
static int vmap_pointwise_loss(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int rank = st__lrank(a, 0) > st__lrank(a, 1) ? st__lrank(a, 0) : st__lrank(a, 1);
  st_tensor *in[4], *e;
  for (int i = 0; i < c.nin; i++) {
    if (a->bdim[i] >= 0) ST_TRY(in[i] = st__bfront(a, i, i < 2 ? rank : st__lrank(a, 0)));
    else if (i < 2 && is_bce(c.op)) ST_TRY(in[i] = st__lanes(a->in[i], a->size));
    else in[i] = a->in[i];
  }
  c.a.loss.reduction = ST_REDUCTION_NONE;
  if (st__redispatch(&c, in, &e)) return st__rule_failed();
  e = st__track(e);
  out_bdim[0] = 0;
  if (a->c->a.loss.reduction == ST_REDUCTION_NONE) {
    out[0] = e;
    return 0;
  }
  int dim = 1;
  st_tensor *flat;
  ST_TRY(flat = e->ndim == 1 ? st_unsqueeze(e, 1) : st_flatten(e, 1, -1));
  ST_TRY(out[0] = a->c->a.loss.reduction == ST_REDUCTION_SUM ? st_sum(flat, 1, &dim, false)
                                                             : st_mean(flat, 1, &dim, false));
  return 0;
}

/* ----------------------------------------------------------------------------------- samples */

/* Input and target ranges inside each loss's domain: probabilities in (0, 1) for
   binary_cross_entropy, log-probabilities and positive targets for kl_div (log-targets with
   log_target); the l1 family's differences stay away from their kinks (0, +-beta) by far more
   than the finite differences' step. */
static void ranges(const st_op *op, bool log_target, double *r) {
  static const double wide[4] = {-2, 2, -2, 2};
  memcpy(r, wide, sizeof wide);
  if (op->id == ST_OP_binary_cross_entropy) r[0] = 0.05, r[1] = 0.85, r[2] = 0, r[3] = 1;
  if (op->id == ST_OP_binary_cross_entropy_with_logits) r[2] = 0, r[3] = 1;
  if (op->id == ST_OP_kl_div) r[0] = -3, r[1] = -0.1, r[2] = log_target ? -3 : 0.05,
                              r[3] = log_target ? -0.1 : 1;
}

#define X_(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), r[0], r[1])
#define T_(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), r[2], r[3])
#define XNC(...) st__sample_noncontig(dt, ST_SHAPE(__VA_ARGS__), r[0], r[1])
#define TNC(...) st__sample_noncontig(dt, ST_SHAPE(__VA_ARGS__), r[2], r[3])
#define XBC(...) st__sample_broadcast(dt, ST_SHAPE(__VA_ARGS__), r[0], r[1])
#define W_(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), 0.5, 1.5)

/* Every reduction and layout, 0-dim and empty inputs, per-op parameters (beta, delta,
   log_target), the binary cross entropies with weight and pos_weight (broadcast [4] and full
   shapes), the others with shapes that broadcast. Errors: an unknown reduction, a target of
   another shape (binary cross entropies) or shapes that do not broadcast, the per-op parameter
   checks, and a probability outside [0, 1]. */
static int samples_pointwise_loss(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double r[4];
  int n = 0;
  bool bce = is_bce(op), logits = op->id == ST_OP_binary_cross_entropy_with_logits;
  st_attrs a = {.loss = {ST_REDUCTION_MEAN, .param = op->id == ST_OP_huber_loss ? 1.0 : 0.7}};
  ranges(op, false, r);
  PUSH("contiguous, mean", 2, X_(3, 4), T_(3, 4));
  PUSH("non-contiguous", 2, XNC(3, 4), TNC(3, 4));
  PUSH("broadcast", 2, XBC(3, 4), T_(3, 4));
  /* ST_SHAPE() with no dims is not 0-dim (an empty argument counts as one): spelled out */
  PUSH("0-dim", 2, st__sample(dt, 0, NULL, r[0], r[1]), st__sample(dt, 0, NULL, r[2], r[3]));
  a.loss.reduction = ST_REDUCTION_SUM;
  PUSH("contiguous, sum", 2, X_(3, 4), T_(3, 4));
  PUSH("size-0", 2, X_(0, 4), T_(0, 4));
  a.loss.reduction = ST_REDUCTION_NONE;
  PUSH("contiguous, none", 2, X_(3, 4), T_(3, 4));
  if (!bce) {
    PUSH("broadcasting shapes, none", 2, X_(3, 1), TNC(2, 3, 4));
    a.loss.reduction = ST_REDUCTION_MEAN;
    PUSH("broadcasting shapes", 2, X_(3, 4), T_(4));
    FAIL("shapes that do not broadcast", ST_ERR_SHAPE, 2, X_(3, 4), T_(3));
  } else {
    a.loss.reduction = ST_REDUCTION_MEAN, a.loss.has_weight = true;
    PUSH("weight", 3, X_(3, 4), T_(3, 4), W_(3, 4));
    a.loss.reduction = ST_REDUCTION_NONE;
    PUSH("broadcast weight, none", 3, XNC(3, 4), T_(3, 4), W_(4));
    a.loss.reduction = ST_REDUCTION_MEAN;
    FAIL("target shape", ST_ERR_SHAPE, 2, X_(3, 4), T_(4));
    FAIL("weight does not broadcast", ST_ERR_SHAPE, 3, X_(3, 4), T_(3, 4), W_(2, 3, 4));
    a.loss.has_weight = false;
  }
  if (logits) {
    a.loss.has_pos_weight = true;
    PUSH("pos_weight", 3, X_(3, 4), T_(3, 4), W_(4));
    a.loss.has_weight = true, a.loss.reduction = ST_REDUCTION_SUM;
    PUSH("weight and pos_weight", 4, X_(3, 4), T_(3, 4), W_(3, 1), W_(4));
    a.loss.has_weight = a.loss.has_pos_weight = false, a.loss.reduction = ST_REDUCTION_MEAN;
  }
  if (op->id == ST_OP_binary_cross_entropy)
    FAIL("input outside [0, 1]", ST_ERR_ARG, 2, st__sample(dt, ST_SHAPE(3), 0.5, 1.5), T_(3));
  if (op->id == ST_OP_smooth_l1_loss) {
    a.loss.param = 0;
    PUSH("beta 0", 2, X_(3, 4), T_(3, 4));
    a.loss.param = -1;
    FAIL("negative beta", ST_ERR_ARG, 2, X_(3, 4), T_(3, 4));
    a.loss.param = 0.7;
  }
  if (op->id == ST_OP_huber_loss) {
    a.loss.param = 0.4;
    PUSH("delta 0.4", 2, X_(3, 4), T_(3, 4));
    a.loss.param = 0;
    FAIL("delta 0", ST_ERR_ARG, 2, X_(3, 4), T_(3, 4));
    a.loss.param = 1;
  }
  if (op->id == ST_OP_kl_div) {
    a.loss.log_target = true;
    ranges(op, true, r);
    PUSH("log_target", 2, X_(3, 4), T_(3, 4));
    a.loss.reduction = ST_REDUCTION_NONE;
    PUSH("log_target, none", 2, XNC(3, 4), T_(4));
    a.loss.log_target = false;
  }
  a.loss.reduction = 9;
  FAIL("bad reduction", ST_ERR_ARG, 2, X_(3, 4), T_(3, 4));
  return n;
}
#undef X_
#undef T_
#undef XNC
#undef TNC
#undef XBC
#undef W_

#define LOSS(NAME)                                                                                 \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME, .name = #NAME, .nin = ST_VARIADIC, .nout = 1,   \
                               .infer = infer_pointwise_loss, .kernel = kernel_pointwise_loss,     \
                               .saves = ST_SAVE_ALL_IN, .vjp = vjp_pointwise_loss,                 \
                               .jvp = jvp_pointwise_loss, .vmap = vmap_pointwise_loss,             \
                               .samples = samples_pointwise_loss};
LOSS(binary_cross_entropy)
LOSS(binary_cross_entropy_with_logits)
LOSS(l1_loss)
LOSS(smooth_l1_loss)
LOSS(huber_loss)
LOSS(kl_div)
#undef LOSS

/* ------------------------------------------------------------------------ public functions */

static st_tensor *loss_call(st_op_id id, st_tensor *x, st_tensor *t, st_tensor *w, st_tensor *pw,
                            st_reduction reduction, double p, bool log_target) {
  st_tensor *in[4] = {x, t};
  int nin = 2;
  if (w) in[nin++] = w;
  if (pw) in[nin++] = pw;
  st_opcall c = {.op = st__ops[id], .nin = nin, .in = in};
  c.a.loss.reduction = (int)reduction; /* a bad value keeps its sign for the message */
  c.a.loss.has_weight = w != NULL, c.a.loss.has_pos_weight = pw != NULL;
  c.a.loss.log_target = log_target;
  c.a.loss.param = p;
  return st__call1(&c);
}

st_tensor *st_binary_cross_entropy(st_tensor *input, st_tensor *target, st_tensor *weight,
                                   st_reduction reduction) {
  return loss_call(ST_OP_binary_cross_entropy, input, target, weight, NULL, reduction, 0, false);
}
st_tensor *st_binary_cross_entropy_with_logits(st_tensor *input, st_tensor *target,
                                               st_tensor *weight, st_tensor *pos_weight,
                                               st_reduction reduction) {
  return loss_call(ST_OP_binary_cross_entropy_with_logits, input, target, weight, pos_weight,
                   reduction, 0, false);
}
st_tensor *st_l1_loss(st_tensor *input, st_tensor *target, st_reduction reduction) {
  return loss_call(ST_OP_l1_loss, input, target, NULL, NULL, reduction, 0, false);
}
st_tensor *st_smooth_l1_loss(st_tensor *input, st_tensor *target, st_reduction reduction,
                             double beta) {
  return loss_call(ST_OP_smooth_l1_loss, input, target, NULL, NULL, reduction, beta, false);
}
st_tensor *st_huber_loss(st_tensor *input, st_tensor *target, st_reduction reduction,
                         double delta) {
  return loss_call(ST_OP_huber_loss, input, target, NULL, NULL, reduction, delta, false);
}
st_tensor *st_kl_div(st_tensor *input, st_tensor *target, st_reduction reduction,
                     bool log_target) {
  return loss_call(ST_OP_kl_div, input, target, NULL, NULL, reduction, 0, log_target);
}
