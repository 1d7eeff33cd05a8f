/* nn_loss.c — the losses of torch.nn.functional: nll_loss, cross_entropy and
   mse_loss, each with an st_reduction (loss.reduction). Float ops: i64/bool inputs compute in f32.
   Loops live in src/kernels/nn.c. */
#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* ------------------------ nll_loss, cross_entropy: in = x, target; loss.reduction */

static int check_reduction(const st_opcall *c) {
  int64_t r = c->a.loss.reduction;
  if (r != ST_REDUCTION_MEAN && r != ST_REDUCTION_SUM && r != ST_REDUCTION_NONE)
    return st__op_error(c, ST_ERR_ARG, "reduction %lld is not ST_REDUCTION_MEAN, _SUM or _NONE",
                        (long long)r);
  return 0;
}

/* Output of a loss over `ndim, shape` elements: that shape for no reduction, else 0-dim. */
static void loss_meta(const st_opcall *c, st_meta *m, st_dtype dt, int ndim, const int64_t *shape) {
  if (c->a.loss.reduction == ST_REDUCTION_NONE)
    st__meta_set(m, dt, ndim, shape);
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
  int64_t bad = st__first_out_of_range(t, classes);
  if (bad >= 0)
    return st__op_error(c, ST_ERR_ARG, "target %lld at index %lld is out of range [0, %lld)",
                        (long long)st__i64_at(t, bad), (long long)bad, (long long)classes);
  loss_meta(c, m, st__nn_float_type(x->dtype), x->ndim - 1, x->shape);
  return 0;
}

static int kernel_class_loss(const st_opcall *c, st_tensor *const *out) {
  st_tensor *t = c->in[1], *y = out[0];
  st_tensor *x = st__nn_as_dtype(c->in[0], y->dtype);
  if (!x) return -1;
  int64_t rows = x->ndim == 2 ? x->shape[0] : 1, classes = x->shape[x->ndim - 1];
  int64_t rs = x->ndim == 2 ? x->strides[0] : 0, cs = x->strides[x->ndim - 1];
  int64_t ts = t->ndim ? t->strides[0] : 0;
  const int64_t *target = (const int64_t *)st__data(t);
  void *losses = c->a.loss.reduction == ST_REDUCTION_NONE ? st__data(y) : NULL;
  double total =
      c->op->id == ST_OP_cross_entropy
          ? st__k_cross_entropy(y->dtype, st__data(x), rows, classes, rs, cs, target, ts, losses)
          : st__k_nll_loss(y->dtype, st__data(x), rows, rs, cs, target, ts, losses);
  if (c->a.loss.reduction == ST_REDUCTION_SUM) st__nn_store_scalar(y, total);
  if (c->a.loss.reduction == ST_REDUCTION_MEAN)
    st__nn_store_scalar(y, total / (double)rows); /* 0/0: NaN, as torch */
  st__drop(x);
  return 0;
}

/* The loss gradient of each row, shaped to broadcast over the classes: g per row with no
   reduction (a trailing dim added), else the one g, over the row count for the mean. */
static st_tensor *row_grad(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *x = &a->in_meta[0];
  if (a->a->loss.reduction == ST_REDUCTION_NONE) return st_unsqueeze(g, -1);
  if (a->a->loss.reduction == ST_REDUCTION_SUM) return st__track(st_retain(g));
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
   nll_loss_forward(self_t, target, weight, reduction, ignore_index))", i.e. st__jvp_linear.
   cross_entropy is log_softmax then nll_loss: the log_softmax tangent t - sum(softmax(x) * t)
   over the classes, through nll_loss. */
static int jvp_cross_entropy(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  int dim = -1;
  if (!tin[0]) return 0;
  st_tensor *s = st_sum(st_mul(st_softmax(a->in[0], -1), tin[0]), 1, &dim, true);
  ST_TRY(tout[0] = st_nll_loss(st_sub(tin[0], s), a->in[1], (st_reduction)a->a->loss.reduction));
  return 0;
}

/* The lanes fold into the rows N (x and target in the same order; unbatched ones repeated), or
   are the rows of per-lane [C] inputs; the loss runs unreduced and each lane reduces its own
   rows after (the mean over that lane's N). */
static int vmap_class_loss(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int64_t lanes = a->size, n = a->c->in[0]->shape[0];
  int xb = a->bdim[0], tb = a->bdim[1], lb = 0;
  st_reduction red = (st_reduction)c.a.loss.reduction;
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
  c.a.loss.reduction = ST_REDUCTION_NONE;
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
    a.loss.reduction = r;
    PUSH(what[r][0], 2, SMP(3, 4), IDX(4, 3));
    PUSH(what[r][1], 2, SMP(4), IDX0(4));
  }
  a.loss.reduction = ST_REDUCTION_MEAN;
  PUSH("non-contiguous", 2, SMP_NC(3, 4), IDX(4, 3));
  a.loss.reduction = ST_REDUCTION_SUM;
  PUSH("broadcast", 2, SMP_BC(3, 4), IDX(4, 3));
  PUSH("size-0", 2, SMP(0, 4), IDX(4, 0));
  a.loss.reduction = ST_REDUCTION_NONE;
  PUSH("size-0, none", 2, SMP(0, 4), IDX(4, 0));
  a.loss.reduction = ST_REDUCTION_MEAN;
  FAIL("target out of range", ST_ERR_ARG, 2, SMP(2, 3), IDX(10, 2)); /* 3 of [0, 3) */
  FAIL("float target", ST_ERR_DTYPE, 2, SMP(2, 3), SMP(2));
  FAIL("3-D input", ST_ERR_SHAPE, 2, SMP(2, 2, 3), IDX(3, 2));
  a.loss.reduction = 7;
  FAIL("bad reduction", ST_ERR_ARG, 2, SMP(2, 3), IDX(3, 2));
  return n;
}

const st_op st__op_nll_loss = {.id = ST_OP_nll_loss, .name = "nll_loss", .nin = 2, .nout = 1,
                               .infer = infer_class_loss, .kernel = kernel_class_loss,
                               .saves = ST_SAVE_IN(1), .vjp = vjp_nll_loss, .jvp = st__jvp_linear,
                               .vmap = vmap_class_loss, .samples = samples_class_loss};
const st_op st__op_cross_entropy = {.id = ST_OP_cross_entropy, .name = "cross_entropy", .nin = 2,
                                    .nout = 1, .infer = infer_class_loss,
                                    .kernel = kernel_class_loss,
                                    .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1),
                                    .vjp = vjp_cross_entropy, .jvp = jvp_cross_entropy,
                                    .vmap = vmap_class_loss, .samples = samples_class_loss};

/* ----------------------------------------------------- mse_loss: loss.reduction */

/* a and b broadcast (PyTorch broadcasts too, with a warning); mean divides by the number of
   broadcast elements. */
static int infer_mse_loss(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *b = c->in[1];
  int64_t shape[ST_MAX_DIMS];
  if (check_reduction(c)) return -1;
  int nd = st__broadcast_shapes("st_mse_loss", a->ndim, a->shape, b->ndim, b->shape, shape);
  if (nd < 0) return -1;
  st_dtype dt = st__nn_float_type(st__result_type(2, c->in));
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
  st_tensor *y = out[0], *a = st__nn_as_dtype(c->in[0], y->dtype), *b = NULL;
  if (!a || !(b = st__nn_as_dtype(c->in[1], y->dtype))) {
    st__drop(a);
    return -1;
  }
  int64_t shape[ST_MAX_DIMS], sa[ST_MAX_DIMS], sb[ST_MAX_DIMS];
  int nd = st__broadcast_shapes("st_mse_loss", a->ndim, a->shape, b->ndim, b->shape, shape);
  broadcast_strides(a, nd, sa);
  broadcast_strides(b, nd, sb);
  void *dst = c->a.loss.reduction == ST_REDUCTION_NONE ? st__data(y) : NULL;
  double total = st__k_squared_error(y->dtype, nd, shape, st__data(a), sa, st__data(b), sb, dst);
  if (c->a.loss.reduction == ST_REDUCTION_SUM) st__nn_store_scalar(y, total);
  if (c->a.loss.reduction == ST_REDUCTION_MEAN)
    st__nn_store_scalar(y, total / (double)st__numel(nd, shape));
  st__drop(a);
  st__drop(b);
  return 0;
}

/* derivatives.yaml, mse_loss: mse_loss_backward, 2 (a - b) g (over the element count for the
   mean) for a, its negative for b, each summed back to its input's shape (broadcasting). */
static int vjp_mse_loss(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *d = st_sub(a->in[0], a->in[1]);
  double scale = 2;
  if (d && a->a->loss.reduction == ST_REDUCTION_MEAN)
    scale /= (double)st_numel(d); /* 0: an empty d */
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
  int64_t red = a->a->loss.reduction;
  ST_TRY(tout[0] = red == ST_REDUCTION_NONE  ? e
                   : red == ST_REDUCTION_SUM ? st_sum_all(e)
                                             : st_mean_all(e));
  return 0;
}

/* Elementwise without the reduction, then each lane reduces its own elements. */
static int vmap_mse_loss(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  c.a.loss.reduction = ST_REDUCTION_NONE;
  st_vmap_args none = {&c, a->in, a->bdim, a->size};
  if (st__vmap_elementwise(&none, out, out_bdim)) return st__rule_failed();
  if (a->c->a.loss.reduction == ST_REDUCTION_NONE) return 0;
  st_tensor *e = st__track(out[0]), *flat; /* [B, ...] */
  int dim = 1;
  ST_TRY(flat = e->ndim == 1 ? st_unsqueeze(e, 1) : st_flatten(e, 1, -1));
  out[0] = a->c->a.loss.reduction == ST_REDUCTION_SUM ? st_sum(flat, 1, &dim, false)
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
  st_attrs a = {.loss = {ST_REDUCTION_MEAN}};
  PUSH("contiguous, mean", 2, SMP(3, 4), SMP(3, 4));
  PUSH("non-contiguous", 2, SMP_NC(3, 4), SMP_NC(3, 4));
  PUSH("broadcasting shapes", 2, SMP(3, 4), SMP(4));
  PUSH("0-dim", 2, SMP0(), SMP0());
  a.loss.reduction = ST_REDUCTION_SUM;
  PUSH("contiguous, sum", 2, SMP(3, 4), SMP(3, 4));
  PUSH("broadcast", 2, SMP_BC(3, 4), SMP(3, 4));
  PUSH("size-0", 2, SMP(0, 4), SMP(0, 4));
  a.loss.reduction = ST_REDUCTION_NONE;
  PUSH("contiguous, none", 2, SMP(3, 4), SMP(3, 4));
  PUSH("broadcasting shapes, none", 2, SMP(3, 1), SMP_NC(2, 3, 4));
  FAIL("shapes that do not broadcast", ST_ERR_SHAPE, 2, SMP(3, 4), SMP(3));
  a.loss.reduction = -1;
  FAIL("bad reduction", ST_ERR_ARG, 2, SMP(3, 4), SMP(3, 4));
  return n;
}

const st_op st__op_mse_loss = {.id = ST_OP_mse_loss, .name = "mse_loss", .nin = 2, .nout = 1,
                               .infer = infer_mse_loss, .kernel = kernel_mse_loss,
                               .saves = ST_SAVE_IN(0) | ST_SAVE_IN(1), .vjp = vjp_mse_loss,
                               .jvp = jvp_mse_loss, .vmap = vmap_mse_loss,
                               .samples = samples_mse_loss};


/* ------------------------------------------------------------------------ public functions */

st_tensor *st_cross_entropy(st_tensor *logits, st_tensor *target, st_reduction reduction) {
  st_opcall c = ST_CALL(cross_entropy, logits, target);
  c.a.loss.reduction = (int)reduction; /* a bad value keeps its sign for the message */
  return st__call1(&c);
}
st_tensor *st_nll_loss(st_tensor *logp, st_tensor *target, st_reduction reduction) {
  st_opcall c = ST_CALL(nll_loss, logp, target);
  c.a.loss.reduction = (int)reduction; /* a bad value keeps its sign for the message */
  return st__call1(&c);
}
st_tensor *st_mse_loss(st_tensor *a, st_tensor *b, st_reduction reduction) {
  st_opcall c = ST_CALL(mse_loss, a, b);
  c.a.loss.reduction = (int)reduction; /* a bad value keeps its sign for the message */
  return st__call1(&c);
}
