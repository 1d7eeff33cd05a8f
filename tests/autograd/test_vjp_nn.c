/* test_vjp_nn.c — vjp rules of the nn family: st_gradcheck of every op and of its vjp (double
   backward, in the inputs and in the cotangent) on representative inputs (negative dims, every
   reduction, broadcasting, non-contiguous input, absent weight and bias), exact values where
   gradients accumulate, tie, or are masked, the backward ops (conv2d_input_backward,
   conv2d_weight_backward, avg_pool2d_backward) and the second outputs (max_pool2d's indices,
   dropout's mask), and needs_input_grad. */
#include "ops/nn.h"
#include "test.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

/* One op call: which op (f) and its parameters. Tensor inputs arrive through the check. */
typedef struct prm prm;
struct prm {
  st_tensor *(*f)(const prm *p, st_tensor *const *in);
  int dim, nnorm;
  st_reduction red;
  int64_t ns[4];
  double eps, p;
  uint64_t seed;
  int64_t stride[2], pad[2], dil[2], groups, kernel[2], size[2];
  bool has_w, has_b;
  st_tensor *index; /* i64 targets or indices: not an input of the check */
  bool transposed;  /* the op sees input 0 with dims 0 and -1 swapped: a non-contiguous layout */
  int nin;
};

static int apply(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const prm *p = user;
  st_tensor *args[8];
  for (int i = 0; i < nin; i++) args[i] = in[i];
  if (p->transposed) args[0] = st_transpose(in[0], 0, -1);
  out[0] = p->f(p, args);
  return out[0] ? 0 : -1;
}

/* st_gradcheck of the op, then st_gradgradcheck (double backward, in x and in the cotangent). */
static int check_op(prm *p, int nin, st_tensor *const *in) {
  p->nin = nin;
  int rc = st_gradcheck(apply, p, nin, in, 1, 1e-6, 1e-7, 1e-5);
  if (rc) return rc;
  return st_gradgradcheck(apply, p, nin, in, 1, 1e-6, 1e-7, 1e-5);
}

#define CHECK_OP(p, ...)                                                                           \
  do {                                                                                             \
    st_tensor *in_[] = {__VA_ARGS__};                                                              \
    int rc_ = check_op((p), (int)(sizeof in_ / sizeof in_[0]), in_);                               \
    if (rc_) st_test_fail(__FILE__, __LINE__, "check_op: %s", st_last_error());                    \
  } while (0)

static st_tensor *leaf(st_tensor *t) {
  st_set_requires_grad(t, true);
  return t;
}
static st_tensor *randn_leaf(int ndim, const int64_t *shape) {
  return leaf(st_randn(ST_F64, ndim, shape));
}
static st_tensor *ints(int ndim, const int64_t *shape, const int64_t *v) {
  return st_from_data(ST_I64, ndim, shape, v);
}
/* The gradient of sum(y * w) in x, for a fixed weighting w. */
static st_tensor *grad_of(st_tensor *y, st_tensor *w, st_tensor *x) {
  st_tensor *g = NULL;
  if (st_autograd_grad(1, &y, &w, 1, &x, &g, NULL)) return NULL;
  return g;
}

/* ------------------------------------------------------------------------- the op wrappers */

static st_tensor *f_softmax(const prm *p, st_tensor *const *in) {
  return st_softmax(in[0], p->dim);
}
static st_tensor *f_log_softmax(const prm *p, st_tensor *const *in) {
  return st_log_softmax(in[0], p->dim);
}
static st_tensor *f_cross_entropy(const prm *p, st_tensor *const *in) {
  return st_cross_entropy(in[0], p->index, p->red);
}
static st_tensor *f_nll_loss(const prm *p, st_tensor *const *in) {
  return st_nll_loss(in[0], p->index, p->red);
}
static st_tensor *f_mse_loss(const prm *p, st_tensor *const *in) {
  return st_mse_loss(in[0], in[1], p->red);
}
static st_tensor *f_layer_norm(const prm *p, st_tensor *const *in) {
  st_tensor *w = p->has_w ? in[1] : NULL, *b = p->has_b ? in[1 + p->has_w] : NULL;
  return st_layer_norm(in[0], p->nnorm, p->ns, w, b, p->eps);
}
/* The generator is reseeded on every call, so each evaluation draws the same mask. */
static st_tensor *f_dropout(const prm *p, st_tensor *const *in) {
  st_manual_seed(p->seed);
  return st_dropout(in[0], p->p, true);
}
static st_tensor *f_embedding(const prm *p, st_tensor *const *in) {
  return st_embedding(in[0], p->index);
}
static st_tensor *f_conv2d(const prm *p, st_tensor *const *in) {
  return st_conv2d(in[0], in[1], p->has_b ? in[2] : NULL, p->stride, p->pad, p->dil, p->groups);
}
static st_tensor *f_conv_input_backward(const prm *p, st_tensor *const *in) {
  return st__conv2d_input_backward(in[0], in[1], p->size, p->stride, p->pad, p->dil, p->groups);
}
static st_tensor *f_conv_weight_backward(const prm *p, st_tensor *const *in) {
  return st__conv2d_weight_backward(in[0], in[1], p->size, p->stride, p->pad, p->dil, p->groups);
}
/* A zero stride stands for NULL: the kernel size. */
static st_tensor *f_max_pool2d(const prm *p, st_tensor *const *in) {
  return st_max_pool2d(in[0], p->kernel, p->stride[0] ? p->stride : NULL, p->pad);
}
static st_tensor *f_avg_pool2d(const prm *p, st_tensor *const *in) {
  return st_avg_pool2d(in[0], p->kernel, p->stride[0] ? p->stride : NULL, p->pad);
}
static st_tensor *f_avg_pool2d_backward(const prm *p, st_tensor *const *in) {
  return st__avg_pool2d_backward(in[0], p->size, p->kernel, p->stride, p->pad);
}

/* ------------------------------------------------------------------- softmax, log_softmax */

TEST(vjp_softmax_and_log_softmax_along_each_dim) {
  for (int k = 0; k < 2; k++) {
    prm p = {.f = k ? f_log_softmax : f_softmax};
    p.dim = -1;
    CHECK_OP(&p, randn_leaf(ST_SHAPE(3, 4)));
    p.dim = 0;
    CHECK_OP(&p, randn_leaf(ST_SHAPE(3, 4)));
    p.dim = -2;
    CHECK_OP(&p, randn_leaf(ST_SHAPE(2, 3, 4)));
    p.dim = 1, p.transposed = true; /* sees [4, 3, 2] transposed to [2, 3, 4] */
    CHECK_OP(&p, randn_leaf(ST_SHAPE(4, 3, 2)));
    p.dim = 0, p.transposed = false;
    CHECK_OP(&p, randn_leaf(0, NULL));
  }
}

TEST(vjp_softmax_values) {
  /* y = softmax([0, ln 3]) = [1/4, 3/4]; with g = [1, 0]: y * (g - <g, y>) = [3/16, -3/16]. */
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(2), (double[]){0, log(3)}));
  st_tensor *g = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 0});
  CHECK_CLOSE(grad_of(st_softmax(x, 0), g, x), 1e-12, 3.0 / 16, -3.0 / 16);
  /* log_softmax: g - y' * sum(g) with y' = [1/4, 3/4]. */
  CHECK_CLOSE(grad_of(st_log_softmax(x, -1), g, x), 1e-12, 0.75, -0.75);
}

/* ------------------------------------------------------------------------ the class losses */

TEST(vjp_cross_entropy_and_nll_loss_for_each_reduction) {
  st_tensor *target = ints(ST_SHAPE(4), (int64_t[]){2, 0, 4, 2});
  st_tensor *one = ints(0, NULL, (int64_t[]){3});
  const st_reduction reds[3] = {ST_REDUCTION_MEAN, ST_REDUCTION_SUM, ST_REDUCTION_NONE};
  for (int k = 0; k < 2; k++)
    for (int r = 0; r < 3; r++) {
      prm p = {.f = k ? f_nll_loss : f_cross_entropy, .red = reds[r], .index = target};
      CHECK_OP(&p, randn_leaf(ST_SHAPE(4, 5)));
      p.transposed = true;
      CHECK_OP(&p, randn_leaf(ST_SHAPE(5, 4)));
      p.transposed = false, p.index = one;
      CHECK_OP(&p, randn_leaf(ST_SHAPE(5)));
    }
}

TEST(vjp_class_loss_values) {
  /* Two rows of two equal logits: softmax is 1/2 each; the mean divides by 2 rows. */
  st_tensor *x = leaf(st_zeros(ST_F64, ST_SHAPE(2, 2)));
  st_tensor *t = ints(ST_SHAPE(2), (int64_t[]){1, 0}), *one = st_scalar(ST_F64, 1);
  CHECK_CLOSE(grad_of(st_cross_entropy(x, t, ST_REDUCTION_MEAN), one, x), 1e-12, 0.25, -0.25,
              -0.25, 0.25);
  CHECK_CLOSE(grad_of(st_nll_loss(x, t, ST_REDUCTION_SUM), one, x), 0, 0, -1, -1, 0);
  st_tensor *g = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){2, 3});
  CHECK_CLOSE(grad_of(st_nll_loss(x, t, ST_REDUCTION_NONE), g, x), 0, 0, -2, -3, 0);
  /* The i64 target has no edge: it never receives a gradient. */
  CHECK(st_node_next(st_grad_fn(st_nll_loss(x, t, ST_REDUCTION_SUM)), 1, NULL) == NULL);
}

/* -------------------------------------------------------------------------------- mse_loss */

TEST(vjp_mse_loss_for_each_reduction_and_broadcast) {
  const st_reduction reds[3] = {ST_REDUCTION_MEAN, ST_REDUCTION_SUM, ST_REDUCTION_NONE};
  for (int r = 0; r < 3; r++) {
    prm p = {.f = f_mse_loss, .red = reds[r]};
    CHECK_OP(&p, randn_leaf(ST_SHAPE(3, 4)), randn_leaf(ST_SHAPE(3, 4)));
    CHECK_OP(&p, randn_leaf(ST_SHAPE(3, 1)), randn_leaf(ST_SHAPE(4)));
    p.transposed = true;
    CHECK_OP(&p, randn_leaf(ST_SHAPE(4, 3)), st_randn(ST_F64, ST_SHAPE(3, 4)));
  }
}

TEST(vjp_mse_loss_values) {
  st_tensor *a = leaf(tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 4}));
  st_tensor *b = leaf(tu_tensor(ST_F64, ST_SHAPE(1), (double[]){2}));
  st_tensor *y = st_mse_loss(a, b, ST_REDUCTION_MEAN), *g[2] = {0};
  /* d = [-1, 2]: a gets 2 d / 2, b the negative summed over the broadcast. */
  CHECK(st_autograd_grad(1, &y, NULL, 2, (st_tensor *[]){a, b}, g, NULL) == 0);
  CHECK_CLOSE(g[0], 1e-12, -1, 2);
  CHECK_CLOSE(g[1], 1e-12, -1);
  st_release(g[0]), st_release(g[1]);
}

/* ------------------------------------------------------------------------------ layer_norm */

TEST(vjp_layer_norm_with_and_without_weight_and_bias) {
  for (int wb = 0; wb < 4; wb++) {
    prm p = {.f = f_layer_norm, .nnorm = 1, .ns = {4}, .eps = 1e-5};
    p.has_w = wb & 1, p.has_b = wb & 2;
    st_tensor *in[3] = {randn_leaf(ST_SHAPE(2, 3, 4))};
    int n = 1;
    if (p.has_w) in[n++] = randn_leaf(ST_SHAPE(4));
    if (p.has_b) in[n++] = randn_leaf(ST_SHAPE(4));
    CHECK(check_op(&p, n, in) == 0);
    /* Two normalized dims, input 0 non-contiguous: [4, 3, 2] seen as [2, 3, 4]. */
    p.nnorm = 2, p.ns[0] = 3, p.ns[1] = 4, p.transposed = true;
    in[0] = randn_leaf(ST_SHAPE(4, 3, 2));
    for (int i = 1; i < n; i++) in[i] = randn_leaf(ST_SHAPE(3, 4));
    CHECK(check_op(&p, n, in) == 0);
  }
}

TEST(vjp_layer_norm_values) {
  /* x = [-1, 1]: mean 0, var 1, xhat = x (eps 0). With g = [1, 0]: gh - mean(gh) = [1/2, -1/2],
     mean(gh * xhat) = -1/2, so dx = [1/2, -1/2] + x / 2 = [0, 0]; dweight = g * xhat; dbias = g. */
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(1, 2), (double[]){-1, 1}));
  st_tensor *w = leaf(st_ones(ST_F64, ST_SHAPE(2))), *b = leaf(st_zeros(ST_F64, ST_SHAPE(2)));
  st_tensor *y = st_layer_norm(x, 1, (int64_t[]){2}, w, b, 0), *g[3] = {0};
  st_tensor *go = tu_tensor(ST_F64, ST_SHAPE(1, 2), (double[]){1, 0});
  CHECK(st_autograd_grad(1, &y, &go, 3, (st_tensor *[]){x, w, b}, g, NULL) == 0);
  CHECK_CLOSE(g[0], 1e-12, 0, 0);
  CHECK_CLOSE(g[1], 1e-12, -1, 0);
  CHECK_CLOSE(g[2], 1e-12, 1, 0);
  for (int i = 0; i < 3; i++) st_release(g[i]);
}

/* --------------------------------------------------------------------------------- dropout */

TEST(vjp_dropout) {
  prm p = {.f = f_dropout, .p = 0.4, .seed = 11};
  CHECK_OP(&p, randn_leaf(ST_SHAPE(3, 5)));
  p.transposed = true;
  CHECK_OP(&p, randn_leaf(ST_SHAPE(5, 3)));
}

TEST(vjp_dropout_scales_by_the_mask) {
  st_tensor *x = leaf(st_randn(ST_F64, ST_SHAPE(200))), *mask = NULL;
  st_tensor *g = st_randn(ST_F64, ST_SHAPE(200));
  st_manual_seed(3);
  st_tensor *y = st__native_dropout(x, 0.25, &mask);
  CHECK(y && mask && st_dtype_of(mask) == ST_BOOL);
  st_manual_seed(3);
  st_tensor *y2 = st_dropout(x, 0.25, true); /* the public form draws the same mask */
  st_tensor *d = grad_of(y, g, x);
  if (!y || !mask || !y2 || !d) return; /* a failed allocation (the sweep): nothing to read */
  double *vy = tu_values(y), *vy2 = tu_values(y2), *vx = tu_values(x), *vm = tu_values(mask);
  double *vg = tu_values(g), *vd = tu_values(d);
  int bad = 0, kept = 0;
  for (int i = 0; i < 200; i++) {
    kept += vm[i] != 0;
    bad += vy[i] != vy2[i] || fabs(vy[i] - vx[i] * vm[i] / 0.75) > 1e-15 * fabs(vx[i]);
    bad += fabs(vd[i] - vg[i] * vm[i] / 0.75) > 1e-15 * fabs(vg[i]);
  }
  free(vy), free(vy2), free(vx), free(vm), free(vg), free(vd);
  CHECK_EQ_INT(bad, 0);
  CHECK(kept > 100 && kept < 200);
  /* p = 1 drops everything: a zero gradient, not 0 * inf = NaN; p = 0 passes g through. */
  st_tensor *g1 = grad_of(st_dropout(x, 1, true), g, x), *g0 = grad_of(st_dropout(x, 0, true), g, x);
  if (!g1 || !g0) return;
  double *d1 = tu_values(g1), *d0 = tu_values(g0), *vg0 = tu_values(g);
  for (int i = 0; i < 200; i++) bad += d1[i] != 0 || d0[i] != vg0[i];
  free(d1), free(d0), free(vg0);
  CHECK_EQ_INT(bad, 0);
}

/* ------------------------------------------------------------------------------- embedding */

TEST(vjp_embedding_accumulates_repeated_rows) {
  st_tensor *idx = ints(ST_SHAPE(2, 3), (int64_t[]){1, 4, 1, 0, 1, 3});
  prm p = {.f = f_embedding, .index = idx};
  CHECK_OP(&p, randn_leaf(ST_SHAPE(5, 3)));
  p.transposed = true;
  CHECK_OP(&p, randn_leaf(ST_SHAPE(3, 5)));
  p.transposed = false, p.index = ints(0, NULL, (int64_t[]){2});
  CHECK_OP(&p, randn_leaf(ST_SHAPE(5, 3)));
  st_tensor *w = leaf(st_zeros(ST_F64, ST_SHAPE(5, 2)));
  st_tensor *y = st_embedding(w, ints(ST_SHAPE(4), (int64_t[]){1, 4, 1, 1}));
  st_tensor *g = tu_tensor(ST_F64, ST_SHAPE(4, 2), (double[]){1, 2, 3, 4, 5, 6, 7, 8});
  CHECK_CLOSE(grad_of(y, g, w), 0, 0, 0, 13, 16, 0, 0, 0, 0, 3, 4);
}

/* ---------------------------------------------------------------------------------- conv2d */

TEST(vjp_conv2d_with_groups_strides_padding_dilation) {
  prm p = {.f = f_conv2d, .stride = {2, 1}, .pad = {1, 0}, .dil = {1, 2}, .groups = 2};
  p.has_b = true;
  CHECK_OP(&p, randn_leaf(ST_SHAPE(2, 4, 5, 6)), randn_leaf(ST_SHAPE(6, 2, 3, 2)),
           randn_leaf(ST_SHAPE(6)));
  p.has_b = false; /* unbatched, no bias */
  CHECK_OP(&p, randn_leaf(ST_SHAPE(4, 5, 6)), randn_leaf(ST_SHAPE(2, 2, 2, 2)));
  prm q = {.f = f_conv2d, .stride = {1, 1}, .dil = {1, 1}, .groups = 1, .has_b = true};
  /* 1x1 pointwise kernel; the input [6, 3, 4, 2] is seen transposed as [2, 3, 4, 6]. */
  q.transposed = true;
  CHECK_OP(&q, randn_leaf(ST_SHAPE(6, 3, 4, 2)), randn_leaf(ST_SHAPE(2, 3, 1, 1)),
           randn_leaf(ST_SHAPE(2)));
  q.transposed = false, q.stride[0] = 2, q.pad[1] = 2; /* a stride that skips input rows */
  CHECK_OP(&q, randn_leaf(ST_SHAPE(1, 2, 6, 3)), randn_leaf(ST_SHAPE(3, 2, 2, 3)),
           randn_leaf(ST_SHAPE(3)));
}

typedef struct {
  int64_t n, c, h, w, o, kh, kw, stride[2], pad[2], dil[2], groups;
} conv_case;

static int64_t conv_out(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d) {
  return (in + 2 * p - d * (k - 1) - 1) / s + 1;
}

/* The direct definition of both adjoints: every product x * w that builds y[n, o, oy, ox] sends
   gy * w to gx and gy * x to gw. */
static void ref_conv_backward(const conv_case *k, const double *x, const double *w,
                              const double *gy, double *gx, double *gw) {
  int64_t oh = conv_out(k->h, k->kh, k->stride[0], k->pad[0], k->dil[0]);
  int64_t ow = conv_out(k->w, k->kw, k->stride[1], k->pad[1], k->dil[1]);
  int64_t cg = k->c / k->groups, og = k->o / k->groups;
  memset(gx, 0, sizeof(double) * (size_t)(k->n * k->c * k->h * k->w));
  memset(gw, 0, sizeof(double) * (size_t)(k->o * cg * k->kh * k->kw));
  for (int64_t n = 0; n < k->n; n++)
    for (int64_t o = 0; o < k->o; o++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++)
          for (int64_t ci = 0; ci < cg; ci++)
            for (int64_t i = 0; i < k->kh; i++)
              for (int64_t j = 0; j < k->kw; j++) {
                int64_t ih = oy * k->stride[0] - k->pad[0] + i * k->dil[0];
                int64_t iw = ox * k->stride[1] - k->pad[1] + j * k->dil[1];
                if (ih < 0 || ih >= k->h || iw < 0 || iw >= k->w) continue;
                int64_t xi = ((n * k->c + o / og * cg + ci) * k->h + ih) * k->w + iw;
                int64_t wi = ((o * cg + ci) * k->kh + i) * k->kw + j;
                double g = gy[((n * k->o + o) * oh + oy) * ow + ox];
                gx[xi] += g * w[wi];
                gw[wi] += g * x[xi];
              }
}

static void check_conv_backward_ops(const conv_case *k, st_dtype dt, double tol) {
  int64_t oh = conv_out(k->h, k->kh, k->stride[0], k->pad[0], k->dil[0]);
  int64_t ow = conv_out(k->w, k->kw, k->stride[1], k->pad[1], k->dil[1]);
  int64_t nx = k->n * k->c * k->h * k->w, nw = k->o * (k->c / k->groups) * k->kh * k->kw;
  int64_t ny = k->n * k->o * oh * ow;
  double *x = malloc(sizeof(double) * (size_t)nx), *w = malloc(sizeof(double) * (size_t)nw);
  double *gy = malloc(sizeof(double) * (size_t)ny), *gx = malloc(sizeof(double) * (size_t)nx);
  double *gw = malloc(sizeof(double) * (size_t)nw);
  tu_fill(x, nx, -1, 1, 1);
  tu_fill(w, nw, -1, 1, 2);
  tu_fill(gy, ny, -1, 1, 3);
  for (int64_t i = 0; dt == ST_F32 && i < nx; i++) x[i] = (float)x[i];
  for (int64_t i = 0; dt == ST_F32 && i < nw; i++) w[i] = (float)w[i];
  for (int64_t i = 0; dt == ST_F32 && i < ny; i++) gy[i] = (float)gy[i];
  ref_conv_backward(k, x, w, gy, gx, gw);
  st_tensor *tx = tu_noncontig(dt, ST_SHAPE(k->n, k->c, k->h, k->w), x);
  st_tensor *tw = tu_tensor(dt, ST_SHAPE(k->o, k->c / k->groups, k->kh, k->kw), w);
  st_tensor *tg = tu_noncontig(dt, ST_SHAPE(k->n, k->o, oh, ow), gy);
  st_tensor *rx = st__conv2d_input_backward(tg, tw, (int64_t[]){k->h, k->w}, k->stride, k->pad,
                                            k->dil, k->groups);
  st_tensor *rw = st__conv2d_weight_backward(tx, tg, (int64_t[]){k->kh, k->kw}, k->stride,
                                             k->pad, k->dil, k->groups);
  CHECK(rx && rw);
  if (rx && rw) {
    st_test_close(__FILE__, __LINE__, rx, gx, nx, tol);
    st_test_close(__FILE__, __LINE__, rw, gw, nw, tol);
  }
  free(x), free(w), free(gy), free(gx), free(gw);
}

TEST(conv2d_backward_ops_match_direct_reference) {
  const conv_case cases[] = {
      {2, 4, 5, 6, 6, 3, 2, {2, 1}, {1, 0}, {1, 2}, 2},
      {1, 3, 4, 4, 2, 1, 1, {1, 1}, {0, 0}, {1, 1}, 1}, /* pointwise */
      {1, 2, 7, 5, 4, 3, 3, {3, 2}, {2, 1}, {2, 1}, 1},
      {3, 2, 3, 3, 2, 3, 3, {1, 1}, {1, 1}, {1, 1}, 2}, /* depthwise */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    check_conv_backward_ops(&cases[i], ST_F64, 1e-12);
    check_conv_backward_ops(&cases[i], ST_F32, 1e-5);
  }
  /* A large image: several column tiles, some of them threaded. */
  conv_case big = {1, 2, 300, 260, 2, 3, 3, {1, 1}, {1, 1}, {1, 1}, 1};
  check_conv_backward_ops(&big, ST_F64, 1e-12);
}

TEST(vjp_conv2d_backward_ops) {
  prm p = {.f = f_conv_input_backward, .stride = {2, 1}, .pad = {1, 0}, .dil = {1, 2}};
  p.groups = 2, p.size[0] = 5, p.size[1] = 6;
  CHECK_OP(&p, randn_leaf(ST_SHAPE(2, 6, 3, 4)), randn_leaf(ST_SHAPE(6, 2, 3, 2)));
  /* stride 2 over 6 rows: the last input row is in no window and gets zero gradient. */
  p.size[0] = 6;
  CHECK_OP(&p, randn_leaf(ST_SHAPE(2, 6, 3, 4)), randn_leaf(ST_SHAPE(6, 2, 3, 2)));
  prm q = p;
  q.f = f_conv_weight_backward, q.size[0] = 3, q.size[1] = 2;
  CHECK_OP(&q, randn_leaf(ST_SHAPE(2, 4, 5, 6)), randn_leaf(ST_SHAPE(2, 6, 3, 4)));
}

TEST(conv2d_backward_ops_reject_mismatched_shapes) {
  st_tensor *g = st_zeros(ST_F64, ST_SHAPE(1, 2, 3, 3));
  st_tensor *w = st_zeros(ST_F64, ST_SHAPE(2, 1, 3, 3));
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(1, 1, 5, 5));
  CHECK(st__conv2d_input_backward(g, w, (int64_t[]){5, 5}, NULL, NULL, NULL, 1) != NULL);
  CHECK(st__conv2d_weight_backward(x, g, (int64_t[]){3, 3}, NULL, NULL, NULL, 1) != NULL);
  CHECK_FAILS(!st__conv2d_input_backward(g, w, (int64_t[]){6, 5}, NULL, NULL, NULL, 1),
              ST_ERR_SHAPE, "does not match the output size [4, 3] of an input [6, 5]");
  CHECK_FAILS(!st__conv2d_input_backward(g, w, NULL, NULL, NULL, NULL, 1), ST_ERR_ARG,
              "st_conv2d_input_backward: the input size is NULL");
  CHECK_FAILS(!st__conv2d_weight_backward(x, g, (int64_t[]){2, 3}, NULL, NULL, NULL, 1),
              ST_ERR_SHAPE, "grad [1, 2, 3, 3] does not match the output size [4, 3]");
  CHECK_FAILS(!st__conv2d_weight_backward(st_zeros(ST_F32, ST_SHAPE(1, 1, 5, 5)), g,
                                          (int64_t[]){3, 3}, NULL, NULL, NULL, 1),
              ST_ERR_DTYPE, "input (f32) and grad (f64) must share a dtype");
  CHECK_FAILS(!st__conv2d_input_backward(st_zeros(ST_F64, ST_SHAPE(1, 3, 3, 3)), w,
                                         (int64_t[]){5, 5}, NULL, NULL, NULL, 1),
              ST_ERR_SHAPE, "weight [2, 1, 3, 3] does not match grad [1, 3, 3, 3] with groups 1");
}

/* ------------------------------------------------------------------------------- the pools */

TEST(vjp_max_pool2d_with_overlap_and_padding) {
  prm p = {.f = f_max_pool2d, .kernel = {3, 2}, .stride = {1, 2}, .pad = {1, 1}};
  CHECK_OP(&p, randn_leaf(ST_SHAPE(2, 2, 5, 4)));
  p.transposed = true; /* unbatched [C, H, W] = [2, 5, 4] seen through [4, 5, 2] */
  CHECK_OP(&p, randn_leaf(ST_SHAPE(4, 5, 2)));
  prm q = {.f = f_max_pool2d, .kernel = {2, 2}};
  CHECK_OP(&q, randn_leaf(ST_SHAPE(1, 3, 4, 6)));
}

TEST(max_pool2d_indices_ties_and_nan) {
  /* Ties keep the first maximum in window order; NaN wins; windows overlap (stride 1), so an
     element that is the max of several windows collects all their gradients. */
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(1, 3, 3), (double[]){1, 5, 5, 5, 2, 0, 3, 1, 9}));
  st_tensor *idx = NULL;
  st_tensor *y = st__max_pool2d_with_indices(x, (int64_t[]){2, 2}, (int64_t[]){1, 1}, NULL, &idx);
  CHECK_CLOSE(y, 0, 5, 5, 5, 9);
  CHECK_CLOSE(idx, 0, 1, 1, 3, 8);
  CHECK_CLOSE(grad_of(y, st_ones_like(y), x), 0, 0, 2, 0, 1, 0, 0, 0, 0, 1);
  st_tensor *n = tu_tensor(ST_F64, ST_SHAPE(1, 2, 2), (double[]){NAN, 4, NAN, 1});
  CHECK_CLOSE(st__max_pool2d_with_indices(n, (int64_t[]){2, 2}, NULL, NULL, &idx), 0, NAN);
  CHECK_CLOSE(idx, 0, 2);
  /* Padding: the window at the corner holds x[0, 0] only. */
  st_tensor *pad = tu_tensor(ST_F32, ST_SHAPE(1, 1, 2, 2), (double[]){-3, -1, -2, -4});
  y = st__max_pool2d_with_indices(pad, (int64_t[]){2, 2}, NULL, (int64_t[]){1, 1}, &idx);
  CHECK_CLOSE(y, 0, -3, -1, -2, -4);
  CHECK_CLOSE(idx, 0, 0, 1, 2, 3);
  /* A window of -inf points at its first element (PyTorch starts from there). */
  st_tensor *inf = st_full(ST_F32, ST_SHAPE(1, 2, 2), -INFINITY);
  CHECK_CLOSE(st__max_pool2d_with_indices(inf, (int64_t[]){2, 2}, NULL, NULL, &idx), 0, -INFINITY);
  CHECK_CLOSE(idx, 0, 0);
}

TEST(vjp_avg_pool2d_and_its_backward_op) {
  prm p = {.f = f_avg_pool2d, .kernel = {3, 2}, .stride = {2, 1}, .pad = {1, 1}};
  CHECK_OP(&p, randn_leaf(ST_SHAPE(2, 2, 5, 4)));
  p.transposed = true;
  CHECK_OP(&p, randn_leaf(ST_SHAPE(4, 5, 2)));
  prm q = p;
  q.f = f_avg_pool2d_backward, q.transposed = false, q.size[0] = 5, q.size[1] = 4;
  CHECK_OP(&q, randn_leaf(ST_SHAPE(2, 2, 3, 5)));
  q.size[0] = 6; /* stride 2 over 6 padded rows leaves the last one out of every window */
  CHECK_OP(&q, randn_leaf(ST_SHAPE(2, 3, 5)));
}

TEST(avg_pool2d_backward_values_and_errors) {
  /* kernel 2, stride 1, padding 1 over a 2x2 input: each element lies in 4 windows of 4. */
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(1, 2, 2), (double[]){1, 2, 3, 4}));
  st_tensor *y = st_avg_pool2d(x, (int64_t[]){2, 2}, (int64_t[]){1, 1}, (int64_t[]){1, 1});
  CHECK_SHAPE(y, 1, 3, 3);
  CHECK_CLOSE(grad_of(y, st_ones_like(y), x), 1e-15, 1, 1, 1, 1);
  st_tensor *g = tu_tensor(ST_F32, ST_SHAPE(1, 1, 1, 2), (double[]){4, 8});
  st_tensor *gx = st__avg_pool2d_backward(g, (int64_t[]){2, 5}, (int64_t[]){2, 2}, NULL, NULL);
  CHECK_CLOSE(gx, 0, 1, 1, 2, 2, 0, 1, 1, 2, 2, 0);
  CHECK_FAILS(!st__avg_pool2d_backward(g, (int64_t[]){2, 7}, (int64_t[]){2, 2}, NULL, NULL),
              ST_ERR_SHAPE, "grad [1, 1, 1, 2] does not match the pooled size [1, 3]");
  CHECK_FAILS(!st__avg_pool2d_backward(g, NULL, (int64_t[]){2, 2}, NULL, NULL), ST_ERR_ARG,
              "st_avg_pool2d_backward: the input size is NULL");
}

/* ------------------------------------------------------------------------ needs_input_grad */

TEST(vjp_nn_rules_compute_only_needed_gradients) {
  st_tensor *x = randn_leaf(ST_SHAPE(1, 2, 4, 4)), *w = st_randn(ST_F64, ST_SHAPE(3, 2, 3, 3));
  st_tensor *b = randn_leaf(ST_SHAPE(3));
  st_profiler_start();
  st_tensor *y = st_conv2d(x, w, b, NULL, NULL, NULL, 1), *g[2] = {0};
  CHECK(st_autograd_grad(1, &y, (st_tensor *[]){st_ones_like(y)}, 2, (st_tensor *[]){x, b}, g,
                         NULL) == 0);
  CHECK_EQ_INT(st_profiler_count("conv2d_input_backward"), 1);
  CHECK_EQ_INT(st_profiler_count("conv2d_weight_backward"), 0);
  st_release(g[0]), st_release(g[1]);
  /* Only the bias of layer_norm requires grad: no statistics are recomputed. */
  st_tensor *ln = st_randn(ST_F64, ST_SHAPE(2, 4)), *lb = randn_leaf(ST_SHAPE(4));
  st_tensor *z = st_layer_norm(ln, 1, (int64_t[]){4}, NULL, lb, 1e-5);
  st_tensor *gb = grad_of(z, st_ones_like(z), lb);
  CHECK_EQ_INT(st_profiler_count("var"), 0);
  CHECK_CLOSE(gb, 0, 2, 2, 2, 2);
  st_profiler_stop();
}
