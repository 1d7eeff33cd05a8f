/* nn_conv.c — conv2d (torch.nn.functional.conv2d: f32/f64 input, weight and bias
   of one dtype) and its two backward ops, conv2d_input_backward and conv2d_weight_backward, each
   with rules of its own so that double backward works. Loops live in src/kernels/conv.c. */
#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* ----- conv2d: in = x, weight[, bias]; the conv view: stride, padding, dilation, groups */

static int check_conv_shapes(const st_opcall *c) {
  const st_tensor *x = c->in[0], *w = c->in[1], *b = c->nin > 2 ? c->in[2] : NULL;
  int64_t groups = c->a.conv.groups;
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

/* stride and dilation >= 1, padding >= 0 */
static int check_conv_pairs(const st_opcall *c) {
  return st__check_pair(c, "stride", c->a.conv.stride, 1) ||
         st__check_pair(c, "padding", c->a.conv.padding, 0) ||
         st__check_pair(c, "dilation", c->a.conv.dilation, 1);
}

static int infer_conv2d(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0], *w = c->in[1];
  int64_t hw[2];
  if (check_conv_shapes(c) || check_conv_dtypes(c) || check_conv_pairs(c) ||
      st__window_sizes(c, x, w->shape + 2, c->a.conv.stride, c->a.conv.padding,
                       c->a.conv.dilation, "dilated kernel", hw))
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

/* The kernels' geometry of x [N, C, h, w] and weight [O, C/groups, kh, kw] into y [.., oh, ow],
   with the conv view's pairs and groups. */
static st_conv2d_geom conv_geom(const st_attrs *a, const int64_t *x, const int64_t *w,
                                const int64_t *y) {
  const int64_t *sp = a->conv.stride, *pp = a->conv.padding, *dp = a->conv.dilation;
  return (st_conv2d_geom){.n = x[0], .c = x[1], .h = x[2], .w = x[3], .o = w[0], .kh = w[2],
                          .kw = w[3], .groups = a->conv.groups, .oh = y[2], .ow = y[3],
                          .stride = {sp[0], sp[1]}, .pad = {pp[0], pp[1]},
                          .dilation = {dp[0], dp[1]}};
}

static int kernel_conv2d(const st_opcall *c, st_tensor *const *out) {
  st_tensor *x = c->in[0], *y = out[0];
  st_tensor *w = st__contig_as(c->in[1], x->dtype), *b = NULL;
  if (!w || (c->nin > 2 && !(b = st__contig_as(c->in[2], x->dtype)))) {
    st__drop(w);
    return -1;
  }
  bool batched = x->ndim == 4;
  int k = batched ? 1 : 0; /* index of C in x */
  const int64_t xd[4] = {batched ? x->shape[0] : 1, x->shape[k], x->shape[k + 1], x->shape[k + 2]},
                yd[4] = {0, 0, y->shape[y->ndim - 2], y->shape[y->ndim - 1]};
  st_conv2d_geom g = conv_geom(&c->a, xd, w->shape, yd);
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
  const int64_t *sp = a->a->conv.stride, *pp = a->a->conv.padding, *dp = a->a->conv.dilation,
                groups = a->a->conv.groups;
  const st_tensor_meta *xm = &a->in_meta[0], *wm = &a->in_meta[1];
  bool unbatched = xm->ndim == 3;
  st_tensor *g = unbatched ? st_unsqueeze(gout[0], 0) : gout[0];
  if (a->needs[0]) {
    st_tensor *gx =
        st__conv2d_input_backward(g, a->in[1], xm->shape + xm->ndim - 2, sp, pp, dp, groups);
    ST_GRAD(0, unbatched ? st_squeeze(gx, 0) : gx);
  }
  if (a->needs[1]) {
    st_tensor *x = unbatched ? st_unsqueeze(a->in[0], 0) : a->in[0];
    ST_GRAD(1, st__conv2d_weight_backward(x, g, wm->shape + 2, sp, pp, dp, groups));
  }
  if (a->nin > 2) ST_GRAD(2, st_sum(g, 3, (const int[]){0, 2, 3}, false));
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

/* conv2d. A shared weight: the lanes fold into N (st__vmap_fold_n), one convolution of B*N images.
   Per-lane weights: the lanes fold into the channels and the groups (functorch's batching rule
   for convolution): x [N, B*C, H, W] with weight [B*O, C/g, kh, kw] and B*g groups gives
   [N, B*O, oh, ow]; with groups 1 a shared x needs no such fold (B*O output channels over the
   same input), otherwise it is repeated per lane. A per-lane bias with a shared weight is added
   after the convolution. */
static int vmap_conv2d(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int xb = a->bdim[0], wb = a->bdim[1], bb = c.nin > 2 ? a->bdim[2] : -1, ch = st__lrank(a, 0) - 3;
  int64_t lanes = a->size, groups = c.a.conv.groups, o = a->c->in[1]->shape[0];
  st_tensor *in[3] = {a->in[0], NULL, NULL}, *y;
  if (wb < 0 && bb < 0) return st__vmap_fold_n(a, &c, 4, out, out_bdim);
  if (wb < 0) { /* a per-lane bias alone */
    int yb = -1;
    c.nin = 2;
    if (xb >= 0 && st__vmap_fold_n(a, &c, 4, &y, &yb)) return st__rule_failed();
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
    c.a.conv.groups = groups * lanes;
  }
  if (fold_lanes(a, 1, 0, &in[1]) || (c.nin > 2 && fold_lanes(a, 2, 0, &in[2])))
    return st__rule_failed();
  if (st__redispatch(&c, in, &y)) return st__rule_failed();
  ST_TRY(out[0] = st__unfold_batch(st__track(y), ch, false, lanes, o, &out_bdim[0]));
  return 0;
}

/* The conv ops' attributes with square stride, padding and dilation, and a {h, w} size for the
   backward ops (size 0: none given). */
static st_attrs conv_attrs(int64_t stride, int64_t padding, int64_t dilation, int64_t groups,
                           int64_t size) {
  st_attrs a = {.conv = {.stride = {stride, stride},
                         .padding = {padding, padding},
                         .dilation = {dilation, dilation},
                         .groups = groups,
                         .has_size = size != 0},
                .nlist = size ? 2 : 0,
                .list = {size, size}};
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

/* --------------- conv2d's backward ops: the conv view as conv2d's, and the list a {h, w} size
   (the input's for the input gradient, the kernel's for the weight gradient); conv.has_size */

static int check_conv_params(const st_opcall *c) {
  int64_t groups = c->a.conv.groups;
  if (check_conv_pairs(c)) return -1;
  if (groups < 1)
    return st__op_error(c, ST_ERR_ARG, "groups %lld must be positive", (long long)groups);
  if (!c->a.conv.has_size)
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
  const int64_t *sp = c->a.conv.stride, *pp = c->a.conv.padding, *dp = c->a.conv.dilation;
  int64_t span, out[2];
  for (int d = 0; d < 2; d++) out[d] = st__window_count(in_hw[d], pp[d], k[d], dp[d], sp[d], &span);
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



/* in = g [N, O, oh, ow], weight [O, C/groups, kh, kw]; result [N, C, h, w]. */
static int infer_conv2d_input_backward(const st_opcall *c, st_meta *m) {
  const st_tensor *g = c->in[0], *w = c->in[1];
  const int64_t *hw = c->a.list, groups = c->a.conv.groups;
  if (check_4d_pair(c, "grad", "[N, O, oh, ow]", "weight", "[O, C/groups, kh, kw]") ||
      check_conv_params(c))
    return -1;
  if (hw[0] < 0 || hw[1] < 0)
    return st__op_error(c, ST_ERR_ARG, "input size [%lld, %lld] must be non-negative",
                        (long long)hw[0], (long long)hw[1]);
  if (w->shape[0] != g->shape[1] || w->shape[0] % groups != 0 || w->shape[1] > INT64_MAX / groups)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s does not match grad %s with groups %lld",
                        ST_SHAPE_STR(w), ST_SHAPE_STR(g), (long long)groups);
  if (w->shape[2] < 1 || w->shape[3] < 1)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s has an empty kernel", ST_SHAPE_STR(w));
  if (check_conv_out(c, hw, w->shape + 2, g)) return -1;
  int64_t shape[4] = {g->shape[0], w->shape[1] * groups, hw[0], hw[1]};
  int64_t col[2] = {w->shape[1] * w->shape[2] * w->shape[3], g->shape[2] * g->shape[3]};
  return conv_backward_meta(c, m, g->dtype, shape, col);
}

static int kernel_conv2d_input_backward(const st_opcall *c, st_tensor *const *out) {
  st_tensor *gx = out[0], *g = st__contig_as(c->in[0], gx->dtype), *w = NULL;
  if (!g || !(w = st__contig_as(c->in[1], gx->dtype))) {
    st__drop(g);
    return -1;
  }
  st_conv2d_geom geo = conv_geom(&c->a, gx->shape, w->shape, g->shape);
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
  const int64_t *sp = a->a->conv.stride, *pp = a->a->conv.padding, *dp = a->a->conv.dilation,
                groups = a->a->conv.groups;
  ST_GRAD(0, st_conv2d(gout[0], a->in[1], NULL, sp, pp, dp, groups));
  ST_GRAD(1, st__conv2d_weight_backward(gout[0], a->in[0], a->in_meta[1].shape + 2, sp, pp, dp,
                                        groups));
  return 0;
}

/* conv2d_input_backward(g, weight) -> [N, C, h, w], linear in each argument (jvp: the product
   rule). A shared weight: the lanes fold into N. Per-lane weights: with groups 1 and a shared g
   the lanes fold into the weight's input channels ([O, B*C, kh, kw]: B*C result channels);
   otherwise both fold into their channels with B*g groups, as conv2d's rule. */
static int vmap_conv2d_input_backward(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int64_t lanes = a->size, groups = c.a.conv.groups, ch = a->c->in[1]->shape[1] * groups;
  st_tensor *in[2] = {a->in[0], NULL}, *y;
  if (a->bdim[1] < 0) return st__vmap_fold_n(a, &c, 4, out, out_bdim);
  if (a->bdim[0] < 0 && groups == 1) {
    if (fold_lanes(a, 1, 1, &in[1])) return st__rule_failed();
  } else {
    if (fold_lanes(a, 0, 1, &in[0]) || fold_lanes(a, 1, 0, &in[1])) return st__rule_failed();
    c.a.conv.groups = groups * lanes;
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
  a.conv.has_size = 0;
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
  const int64_t *k = c->a.list, groups = c->a.conv.groups;
  if (check_4d_pair(c, "input", "[N, C, H, W]", "grad", "[N, O, oh, ow]") || check_conv_params(c))
    return -1;
  if (k[0] < 1 || k[1] < 1)
    return st__op_error(c, ST_ERR_ARG, "kernel size [%lld, %lld] must be positive",
                        (long long)k[0], (long long)k[1]);
  if (x->shape[0] != g->shape[0] || x->shape[1] % groups != 0 || g->shape[1] % groups != 0)
    return st__op_error(c, ST_ERR_SHAPE,
                        "input %s and grad %s need one batch size and channels divisible by "
                        "groups %lld",
                        ST_SHAPE_STR(x), ST_SHAPE_STR(g), (long long)groups);
  if (check_conv_out(c, x->shape + 2, k, g)) return -1;
  int64_t shape[4] = {g->shape[1], x->shape[1] / groups, k[0], k[1]};
  int64_t col[2] = {shape[1] * k[0] * k[1], g->shape[2] * g->shape[3]};
  return conv_backward_meta(c, m, x->dtype, shape, col);
}

static int kernel_conv2d_weight_backward(const st_opcall *c, st_tensor *const *out) {
  st_tensor *gw = out[0], *x = c->in[0], *g = st__contig_as(c->in[1], gw->dtype);
  if (!g) return -1;
  st_conv2d_geom geo = conv_geom(&c->a, x->shape, gw->shape, g->shape);
  int rc = st__k_conv2d_weight_backward(gw->dtype, &geo, st__data(x), x->strides, st__data(g),
                                        st__data(gw));
  st__drop(g);
  return rc;
}

/* <conv2d_weight_backward(x, g), gg> = <g, conv2d(x, gg)> = <conv2d_input_backward(g, gg), x>:
   the adjoints in x and in g (the input and g terms of _convolution_double_backward). */
static int vjp_conv2d_weight_backward(const st_vjp_args *a, st_tensor *const *gout,
                                      st_tensor **gin) {
  const int64_t *sp = a->a->conv.stride, *pp = a->a->conv.padding, *dp = a->a->conv.dilation,
                groups = a->a->conv.groups;
  ST_GRAD(0, st__conv2d_input_backward(a->in[1], gout[0], a->in_meta[0].shape + 2, sp, pp, dp,
                                       groups));
  ST_GRAD(1, st_conv2d(a->in[0], gout[0], NULL, sp, pp, dp, groups));
  return 0;
}

/* conv2d_weight_backward(x, g) -> [O, C/g, kh, kw], linear in each argument (jvp: the product
   rule). The lanes fold into the channels: with groups 1 and one side shared, only the batched
   side folds (x: [O, B*C, kh, kw] results; g: [B*O, C, kh, kw]); otherwise both fold with B*g
   groups, giving [B*O, C/g, kh, kw] (the per-sample weight gradients of vmap(grad(conv))). */
static int vmap_conv2d_weight_backward(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int64_t lanes = a->size, groups = c.a.conv.groups;
  int xb = a->bdim[0], gb = a->bdim[1], at = 0;
  st_tensor *in[2] = {a->in[0], a->in[1]}, *y;
  if (groups == 1 && gb < 0) {
    if (fold_lanes(a, 0, 1, &in[0])) return st__rule_failed();
    at = 1;
  } else if (groups == 1 && xb < 0) {
    if (fold_lanes(a, 1, 1, &in[1])) return st__rule_failed();
  } else {
    if (fold_lanes(a, 0, 1, &in[0]) || fold_lanes(a, 1, 1, &in[1])) return st__rule_failed();
    c.a.conv.groups = groups * lanes;
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
  a.list[0] = 0;
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


/* ------------------------------------------------------------------------ public functions */

/* The conv ops' shared attributes: the conv view's pairs (NULL: the default) and groups. */
static void put_conv_params(st_attrs *a, const int64_t *stride, const int64_t *padding,
                            const int64_t *dilation, int64_t groups) {
  st__put_pair(a->conv.stride, stride, 1);
  st__put_pair(a->conv.padding, padding, 0);
  st__put_pair(a->conv.dilation, dilation, 1);
  a->conv.groups = groups;
}

st_tensor *st_conv2d(st_tensor *x, st_tensor *weight, st_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *dilation, int64_t groups) {
  st_tensor *in[3] = {x, weight, bias};
  st_opcall c = {.op = st__ops[ST_OP_conv2d], .nin = bias ? 3 : 2, .in = in};
  put_conv_params(&c.a, stride, padding, dilation, groups);
  return st__call1(&c);
}

st_tensor *st__conv2d_input_backward(st_tensor *g, st_tensor *weight, const int64_t *input_hw,
                                     const int64_t *stride, const int64_t *padding,
                                     const int64_t *dilation, int64_t groups) {
  st_opcall c = ST_CALL(conv2d_input_backward, g, weight);
  put_conv_params(&c.a, stride, padding, dilation, groups);
  st__put_pair(c.a.list, input_hw, 0);
  c.a.nlist = 2;
  c.a.conv.has_size = input_hw != NULL;
  return st__call1(&c);
}

st_tensor *st__conv2d_weight_backward(st_tensor *x, st_tensor *g, const int64_t *kernel_hw,
                                      const int64_t *stride, const int64_t *padding,
                                      const int64_t *dilation, int64_t groups) {
  st_opcall c = ST_CALL(conv2d_weight_backward, x, g);
  put_conv_params(&c.a, stride, padding, dilation, groups);
  st__put_pair(c.a.list, kernel_hw, 0);
  c.a.nlist = 2;
  c.a.conv.has_size = kernel_hw != NULL;
  return st__call1(&c);
}

/* ------------------------------------------------------------------------------------ conv1d */

/* conv1d is a composite record (ST_OP_COMPOSITE): its checks, with its names and 1-D shapes,
   and conv2d of views as its implementation. Its inputs are x, weight and bias (optional:
   nin 2 or 3); element 0 of the conv view's pairs and its groups. x [N, C, L] or [C, L],
   weight [O, C/groups, k], bias [O], one float dtype, stride and dilation >= 1, padding >= 0,
   and a dilated kernel that fits the padded input. */
static int infer_conv1d(const st_opcall *c, st_meta *m) {
  const char *fn = ST_FN(c);
  const st_tensor *x = c->in[0], *w = c->nin > 1 ? c->in[1] : NULL,
                  *b = c->nin > 2 ? c->in[2] : NULL;
  const int64_t stride = c->a.conv.stride[0], pad = c->a.conv.padding[0],
                dil = c->a.conv.dilation[0], groups = c->a.conv.groups;
  if (!w || c->nin > 3)
    return st__error(ST_ERR_ARG, "%s: takes input, weight and an optional bias (%d tensors given)",
                     fn, c->nin);
  if (x->ndim != 2 && x->ndim != 3)
    return st__error(ST_ERR_SHAPE, "%s: input %s must be 3-D [N, C, L] or 2-D [C, L]", fn,
                     ST_SHAPE_STR(x));
  if (w->ndim != 3)
    return st__error(ST_ERR_SHAPE, "%s: weight %s must be 3-D [O, C/groups, k]", fn,
                     ST_SHAPE_STR(w));
  if (groups < 1) return st__error(ST_ERR_ARG, "%s: groups %lld must be positive", fn, (long long)groups);
  int64_t ch = x->shape[x->ndim - 2];
  if (w->shape[0] % groups != 0 || w->shape[1] > INT64_MAX / groups || ch != w->shape[1] * groups)
    return st__error(ST_ERR_SHAPE,
                     "%s: input %s has %lld channels and weight %s %lld output channels; with "
                     "groups %lld they must be %lld * groups and divisible by groups",
                     fn, ST_SHAPE_STR(x), (long long)ch, ST_SHAPE_STR(w), (long long)w->shape[0],
                     (long long)groups, (long long)w->shape[1]);
  if (w->shape[2] < 1) return st__error(ST_ERR_SHAPE, "%s: weight %s has an empty kernel", fn, ST_SHAPE_STR(w));
  if (b && (b->ndim != 1 || b->shape[0] != w->shape[0]))
    return st__error(ST_ERR_SHAPE, "%s: bias %s must be [%lld], one value per output channel", fn,
                     ST_SHAPE_STR(b), (long long)w->shape[0]);
  if (!st__is_float(x->dtype) || w->dtype != x->dtype || (b && b->dtype != x->dtype))
    return st__error(ST_ERR_DTYPE, "%s: input (%s), weight (%s) and bias (%s) must share a float "
                     "dtype", fn, st_dtype_name(x->dtype), st_dtype_name(w->dtype),
                     b ? st_dtype_name(b->dtype) : "none");
  if (stride < 1 || pad < 0 || dil < 1)
    return st__error(ST_ERR_ARG, "%s: stride %lld, padding %lld and dilation %lld must be >= 1, "
                     ">= 0 and >= 1", fn, (long long)stride, (long long)pad, (long long)dil);
  int64_t span, len = x->shape[x->ndim - 1];
  int64_t out = st__window_count(len, pad, w->shape[2], dil, stride, &span);
  if (out == INT64_MIN)
    return st__error(ST_ERR_ARG, "%s: kernel %lld with padding and dilation overflows", fn,
                     (long long)w->shape[2]);
  if (out <= 0)
    return st__error(ST_ERR_SHAPE, "%s: output length %lld is too small: input length %lld padded "
                     "by %lld is smaller than the dilated kernel %lld", fn, (long long)out,
                     (long long)len, (long long)pad, (long long)span);
  int64_t shape[3] = {x->shape[0], w->shape[0], out};
  if (x->ndim == 2) shape[0] = w->shape[0], shape[1] = out;
  st__meta_set(m, x->dtype, x->ndim, shape);
  return 0;
}

/* As PyTorch computes it (at::convolution views 3-D input and weight as 4-D, view4d): the 2-D
   convolution of x [N, C, 1, L] with weight [O, C/groups, 1, k], stride {1, s}, padding {0, p},
   dilation {1, d}, so conv2d's kernel, rules and batching serve it, through views. */
static int decomp_conv1d(const st_opcall *c, st_tensor **out) {
  const int64_t stride[2] = {1, c->a.conv.stride[0]}, pad[2] = {0, c->a.conv.padding[0]},
                dil[2] = {1, c->a.conv.dilation[0]};
  st_tensor *x = c->in[0], *w = c->in[1], *b = c->nin > 2 ? c->in[2] : NULL;
  st_tensor *y = st_conv2d(st_unsqueeze(x, -2), st_unsqueeze(w, 2), b, stride, pad, dil,
                           c->a.conv.groups);
  out[0] = st_squeeze(y, -2);
  return out[0] ? 0 : st__status();
}

static st_attrs conv1d_attrs(int64_t stride, int64_t padding, int64_t dilation, int64_t groups) {
  return (st_attrs){
      .conv = {.stride = {stride}, .padding = {padding}, .dilation = {dilation}, .groups = groups}};
}

/* With and without bias, batched and not, every layout, an empty batch; stride, padding,
   dilation and groups; errors: channels that do not match, mixed dtypes, a zero stride and a
   kernel longer than the padded input. */
static int samples_conv1d(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -1, hi = 1;
  int n = 0;
  st_dtype other = dt == ST_F64 ? ST_F32 : ST_F64;
  st_attrs a = conv1d_attrs(1, 0, 1, 1);
  PUSH("contiguous", 3, SMP(2, 2, 6), SMP(3, 2, 3), SMP(3));
  PUSH("without bias", 2, SMP(2, 2, 6), SMP(3, 2, 3));
  PUSH("unbatched", 3, SMP(2, 6), SMP(3, 2, 3), SMP(3));
  PUSH("non-contiguous", 3, SMP_NC(2, 2, 6), SMP_NC(3, 2, 3), SMP(3));
  PUSH("broadcast", 2, SMP_BC(2, 2, 6), SMP(3, 2, 3));
  PUSH("size-0", 2, SMP(0, 2, 6), SMP(3, 2, 3));
  FAIL("channel mismatch", ST_ERR_SHAPE, 2, SMP(2, 2, 6), SMP(3, 3, 3));
  FAIL("weight dtype", ST_ERR_DTYPE, 2, SMP(2, 2, 6), SMP_AS(other, 3, 2, 3));
  FAIL("kernel longer than the input", ST_ERR_SHAPE, 2, SMP(2, 2, 2), SMP(3, 2, 3));
  a = conv1d_attrs(2, 1, 2, 1);
  PUSH("stride 2, padding 1, dilation 2", 3, SMP(1, 2, 7), SMP(3, 2, 2), SMP(3));
  a = conv1d_attrs(1, 0, 1, 2);
  PUSH("groups 2", 3, SMP(1, 4, 5), SMP(2, 2, 3), SMP(2));
  a = conv1d_attrs(0, 0, 1, 1);
  FAIL("zero stride", ST_ERR_ARG, 2, SMP(2, 2, 6), SMP(3, 2, 3));
  return n;
}

ST_COMPOSITE_OP(conv1d, ST_VARIADIC, 1, 0);

st_tensor *st_conv1d(st_tensor *x, st_tensor *weight, st_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *dilation, int64_t groups) {
  st_tensor *in[3] = {x, weight, bias};
  st_opcall c = {.op = st__ops[ST_OP_conv1d], .nin = bias ? 3 : 2, .in = in};
  c.a = conv1d_attrs(stride ? stride[0] : 1, padding ? padding[0] : 0, dilation ? dilation[0] : 1,
                     groups);
  return st__call1(&c);
}
