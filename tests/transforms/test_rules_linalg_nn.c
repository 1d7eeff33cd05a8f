/* test_rules_linalg_nn.c — the jvp and batching rules of the linalg family (matmul, mm, bmm, dot,
   outer, linear) and the nn family (softmax, log_softmax, the losses, layer_norm, dropout,
   embedding, conv2d and its backward ops, the pools): for every op, samples in f64 (1-D operands,
   batch dims that broadcast, non-contiguous and stride-0 layouts, 0-dim and size-0 where the op
   allows) checked with vmap against a loop for every in_dims combination, jvp against central
   differences, and jvp against vjp (transposition). Then the layout the matmul rule leaves (the
   lanes folded into one GEMM without a copy), dropout's tangent, the rules composed (per-sample
   gradients of a small convnet, jacfwd = jacrev and the hessian of an MLP), and zero lanes. */
#include "ops/nn.h"
#include "tx.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

/* One op call: which op (f) and its parameters; the tensors come from the check. */
typedef struct prm prm;
struct prm {
  int (*f)(const prm *p, st_tensor *const *in, st_tensor **out);
  int nin, nout;
  int dim, nnorm;
  st_reduction red;
  int64_t ns[4];
  double eps, p;
  bool has_w, has_b;
  int64_t stride[2], pad[2], dil[2], groups, kernel[2], size[2];
};

static int apply(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const prm *p = ctx;
  int rc = p->f(p, in, out);
  for (int j = 0; j < p->nout; j++) rc = rc || !out[j];
  return rc ? -1 : 0;
}

/* vmap for every in_dims (3 lanes) and nested, jvp against differences, jvp against vjp. */
static void check_rules(const char *file, int line, prm *p, int nin, st_tensor *const *in) {
  p->nin = nin;
  if (!tx_vmap_all(file, line, apply, p, nin, in, p->nout, 3, 1e-10)) return;
  if (!tx_jvp_fd(file, line, apply, p, nin, in, p->nout, 1e-6, 1e-6)) return;
  tx_transpose(file, line, apply, p, nin, in, p->nout, 1e-9);
}

#define CHECK_RULES(p, ...)                                                                        \
  do {                                                                                             \
    st_tensor *in_[] = {__VA_ARGS__};                                                              \
    check_rules(__FILE__, __LINE__, (p), (int)(sizeof in_ / sizeof in_[0]), in_);                  \
  } while (0)

static st_tensor *rnd(int ndim, const int64_t *shape) { return st_randn(ST_F64, ndim, shape); }
#define RND(...) rnd(ST_SHAPE(__VA_ARGS__))

/* Random values in a non-contiguous (reversed-dims) layout. */
static st_tensor *rnd_nc(int ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
  tu_fill(v, n, -2, 2, (unsigned)(n * 7 + ndim));
  st_tensor *t = tu_noncontig(ST_F64, ndim, shape, v);
  free(v);
  return t;
}
#define RND_NC(...) rnd_nc(ST_SHAPE(__VA_ARGS__))

/* i64 values from a list. */
static st_tensor *ints(int ndim, const int64_t *shape, const double *v) {
  return tu_tensor(ST_I64, ndim, shape, v);
}

/* ------------------------------------------------------------------------------- linalg */

static int f_matmul(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  return !(out[0] = st_matmul(in[0], in[1]));
}
static int f_mm(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  return !(out[0] = st_mm(in[0], in[1]));
}
static int f_bmm(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  return !(out[0] = st_bmm(in[0], in[1]));
}
static int f_dot(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  return !(out[0] = st_dot(in[0], in[1]));
}
static int f_outer(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  return !(out[0] = st_outer(in[0], in[1]));
}
static int f_linear(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_linear(in[0], in[1], p->nin > 2 ? in[2] : NULL));
}

TEST(rules_matmul) {
  st_scope_push();
  prm p = {.f = f_matmul, .nout = 1};
  CHECK_RULES(&p, RND(3, 4), RND(4, 2));
  CHECK_RULES(&p, RND(4), RND(4, 2));       /* a row */
  CHECK_RULES(&p, RND(3, 4), RND(4));       /* a column */
  CHECK_RULES(&p, RND(4), RND(4));          /* a dot product */
  CHECK_RULES(&p, RND(2, 3, 4), RND(4, 2)); /* a batch and a shared matrix */
  CHECK_RULES(&p, RND(3, 4), RND(2, 4, 5)); /* the batch on the right */
  CHECK_RULES(&p, RND(4), RND(2, 4, 3));
  CHECK_RULES(&p, RND(2, 1, 3, 4), RND(3, 4, 2)); /* batch dims that broadcast */
  CHECK_RULES(&p, RND_NC(3, 4), RND_NC(4, 2));
  CHECK_RULES(&p, tu_broadcast(RND(4), ST_SHAPE(3, 4)), RND(4, 2));
  CHECK_RULES(&p, RND(0, 4), RND(4, 2));
  CHECK_RULES(&p, RND(3, 0), RND(0, 2));
  st_scope_pop();
}

TEST(rules_mm_bmm) {
  st_scope_push();
  prm p = {.f = f_mm, .nout = 1};
  CHECK_RULES(&p, RND(3, 4), RND(4, 2));
  CHECK_RULES(&p, RND_NC(2, 3), RND_NC(3, 3));
  CHECK_RULES(&p, RND(3, 0), RND(0, 2));
  p.f = f_bmm;
  CHECK_RULES(&p, RND(2, 3, 4), RND(2, 4, 5));
  CHECK_RULES(&p, RND_NC(2, 2, 3), RND(2, 3, 1));
  CHECK_RULES(&p, RND(0, 2, 3), RND(0, 3, 2));
  st_scope_pop();
}

TEST(rules_dot_outer) {
  st_scope_push();
  prm p = {.f = f_dot, .nout = 1};
  CHECK_RULES(&p, RND(4), RND(4));
  CHECK_RULES(&p, RND_NC(5), tu_broadcast(RND(1), ST_SHAPE(5)));
  CHECK_RULES(&p, RND(0), RND(0));
  p.f = f_outer;
  CHECK_RULES(&p, RND(3), RND(4));
  CHECK_RULES(&p, RND_NC(3), RND(1));
  CHECK_RULES(&p, RND(0), RND(2));
  st_scope_pop();
}

TEST(rules_linear) {
  st_scope_push();
  prm p = {.f = f_linear, .nout = 1};
  CHECK_RULES(&p, RND(3, 4), RND(2, 4), RND(2));
  CHECK_RULES(&p, RND(4), RND(2, 4), RND(2));
  CHECK_RULES(&p, RND(2, 3, 4), RND(2, 4));
  CHECK_RULES(&p, RND_NC(3, 4), RND_NC(5, 4), RND(5));
  CHECK_RULES(&p, RND(0, 4), RND(2, 4), RND(2));
  st_scope_pop();
}

/* ----------------------------------------------------------------------------------- nn */

static int f_softmax(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_softmax(in[0], p->dim));
}
static int f_log_softmax(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_log_softmax(in[0], p->dim));
}

TEST(rules_softmax) {
  st_scope_push();
  for (int k = 0; k < 2; k++) {
    prm p = {.f = k ? f_log_softmax : f_softmax, .nout = 1, .dim = 1};
    CHECK_RULES(&p, RND(3, 4));
    p.dim = 0;
    CHECK_RULES(&p, RND_NC(3, 4));
    p.dim = -1;
    CHECK_RULES(&p, RND(2, 3, 4));
    CHECK_RULES(&p, st_scalar(ST_F64, 0.7)); /* 0-dim */
    p.dim = -2;
    CHECK_RULES(&p, RND(0, 3));
    CHECK_RULES(&p, tu_broadcast(RND(4), ST_SHAPE(3, 4)));
  }
  st_scope_pop();
}

static int f_cross_entropy(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_cross_entropy(in[0], in[1], p->red));
}
static int f_nll_loss(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_nll_loss(in[0], in[1], p->red));
}

TEST(rules_class_losses) {
  st_scope_push();
  st_tensor *t3 = ints(ST_SHAPE(3), (const double[]){2, 0, 3}),
            *t0 = ints(0, NULL, (const double[]){1});
  st_tensor *none = ints(ST_SHAPE(0), NULL);
  for (int k = 0; k < 2; k++) {
    for (int r = 0; r < 3; r++) {
      prm p = {.f = k ? f_nll_loss : f_cross_entropy, .nout = 1, .red = (st_reduction)r};
      CHECK_RULES(&p, RND(3, 4), t3);
      CHECK_RULES(&p, RND_NC(3, 4), t3);
      CHECK_RULES(&p, RND(4), t0);
      if (r != ST_REDUCTION_MEAN) CHECK_RULES(&p, RND(0, 4), none); /* the mean of nothing is NaN */
    }
  }
  st_scope_pop();
}

static int f_mse(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_mse_loss(in[0], in[1], p->red));
}

TEST(rules_mse_loss) {
  st_scope_push();
  for (int r = 0; r < 3; r++) {
    prm p = {.f = f_mse, .nout = 1, .red = (st_reduction)r};
    CHECK_RULES(&p, RND(3, 4), RND(3, 4));
    CHECK_RULES(&p, RND_NC(3, 4), RND(4)); /* broadcast: the mean over 12 elements */
    CHECK_RULES(&p, st_scalar(ST_F64, 0.3), st_scalar(ST_F64, -1.2));
    if (r != ST_REDUCTION_MEAN) CHECK_RULES(&p, RND(0, 2), RND(2));
  }
  st_scope_pop();
}

static int f_layer_norm(const prm *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *w = p->has_w ? in[1] : NULL, *b = p->has_b ? in[1 + p->has_w] : NULL;
  return !(out[0] = st_layer_norm(in[0], p->nnorm, p->ns, w, b, p->eps));
}

TEST(rules_layer_norm) {
  st_scope_push();
  prm p = {.f = f_layer_norm,
           .nout = 1,
           .nnorm = 1,
           .ns = {4},
           .eps = 1e-5,
           .has_w = true,
           .has_b = true};
  CHECK_RULES(&p, RND(3, 4), RND(4), RND(4));
  CHECK_RULES(&p, RND_NC(3, 4), RND(4), RND(4));
  CHECK_RULES(&p, RND(4), RND(4), RND(4));
  p.has_b = false;
  p.nnorm = 2;
  p.ns[0] = 3, p.ns[1] = 4;
  CHECK_RULES(&p, RND(2, 3, 4), RND(3, 4));
  p.has_w = false;
  CHECK_RULES(&p, RND(2, 3, 4));
  p.has_b = true;
  p.nnorm = 1;
  p.ns[0] = 4;
  CHECK_RULES(&p, RND(0, 4), RND(4));
  st_scope_pop();
}

static int f_embedding(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  return !(out[0] = st_embedding(in[0], in[1]));
}

TEST(rules_embedding) {
  st_scope_push();
  prm p = {.f = f_embedding, .nout = 1};
  CHECK_RULES(&p, RND(5, 3), ints(ST_SHAPE(4), (const double[]){4, 0, 2, 4}));
  CHECK_RULES(&p, RND_NC(5, 3), ints(ST_SHAPE(2, 3), (const double[]){1, 1, 0, 3, 2, 4}));
  CHECK_RULES(&p, RND(5, 2), ints(0, NULL, (const double[]){3}));
  CHECK_RULES(&p, RND(5, 2), ints(ST_SHAPE(0), NULL));
  st_scope_pop();
}

static int f_conv2d(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_conv2d(in[0], in[1], p->nin > 2 ? in[2] : NULL, p->stride, p->pad, p->dil,
                              p->groups));
}
static int f_conv_in(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st__conv2d_input_backward(in[0], in[1], p->size, p->stride, p->pad, p->dil,
                                              p->groups));
}
static int f_conv_w(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st__conv2d_weight_backward(in[0], in[1], p->size, p->stride, p->pad, p->dil,
                                               p->groups));
}

TEST(rules_conv2d) {
  st_scope_push();
  prm p = {.f = f_conv2d, .nout = 1, .stride = {1, 1}, .dil = {1, 1}, .groups = 1};
  CHECK_RULES(&p, RND(2, 3, 5, 5), RND(4, 3, 3, 3), RND(4));
  CHECK_RULES(&p, RND(3, 4, 4), RND(2, 3, 2, 2), RND(2)); /* one unbatched image */
  CHECK_RULES(&p, RND_NC(2, 2, 4, 4), RND(3, 2, 3, 3));
  p.groups = 2;
  p.stride[0] = 2, p.pad[1] = 1, p.dil[1] = 2;
  CHECK_RULES(&p, RND(1, 4, 5, 5), RND(4, 2, 3, 2), RND(4));
  CHECK_RULES(&p, RND(4, 5, 5), RND(2, 2, 2, 2));
  st_scope_pop();
}

TEST(rules_conv2d_backward_ops) {
  st_scope_push();
  prm p = {.f = f_conv_in, .nout = 1, .stride = {1, 1}, .dil = {1, 1}, .groups = 1, .size = {5, 5}};
  CHECK_RULES(&p, RND(2, 4, 3, 3), RND(4, 3, 3, 3));
  CHECK_RULES(&p, RND_NC(1, 2, 4, 4), RND(2, 3, 2, 2));
  p.groups = 2;
  p.stride[1] = 2, p.pad[0] = 1;
  CHECK_RULES(&p, RND(2, 4, 5, 2), RND(4, 1, 3, 3));
  p = (prm){.f = f_conv_w, .nout = 1, .stride = {1, 1}, .dil = {1, 1}, .groups = 1, .size = {3, 3}};
  CHECK_RULES(&p, RND(2, 3, 5, 5), RND(2, 4, 3, 3));
  CHECK_RULES(&p, RND_NC(1, 2, 4, 4), RND(1, 3, 2, 2));
  p.groups = 2;
  p.dil[0] = 2, p.pad[1] = 1;
  CHECK_RULES(&p, RND(2, 4, 6, 5), RND(2, 2, 2, 5));
  st_scope_pop();
}

static int f_max_pool(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st__max_pool2d_with_indices(in[0], p->kernel, p->stride, p->pad, &out[1]));
}
static int f_avg_pool(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_avg_pool2d(in[0], p->kernel, p->stride, p->pad));
}
static int f_avg_pool_bw(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st__avg_pool2d_backward(in[0], p->size, p->kernel, p->stride, p->pad));
}

TEST(rules_pools) {
  st_scope_push();
  for (int k = 0; k < 2; k++) {
    prm p = {
        .f = k ? f_avg_pool : f_max_pool, .nout = k ? 1 : 2, .kernel = {2, 2}, .stride = {2, 2}};
    CHECK_RULES(&p, RND(2, 3, 4, 4));
    CHECK_RULES(&p, RND_NC(2, 4, 5));
    p.kernel[0] = 3, p.stride[0] = 2, p.pad[0] = 1;
    CHECK_RULES(&p, RND(1, 2, 5, 4));
    CHECK_RULES(&p, RND(0, 2, 4, 4));
  }
  prm p = {.f = f_avg_pool_bw, .nout = 1, .kernel = {2, 2}, .stride = {2, 2}, .size = {4, 5}};
  CHECK_RULES(&p, RND(2, 3, 2, 2));
  CHECK_RULES(&p, RND_NC(3, 2, 2));
  p.kernel[1] = 3, p.stride[1] = 1, p.pad[1] = 1;
  CHECK_RULES(&p, RND(1, 2, 2, 5));
  st_scope_pop();
}

/* ------------------------------------------------------------------------ layouts and dropout */

/* vmap over x [n, B, k] (in_dims 1) @ a shared w: the lanes fold after the rows ([n*B, k], a view),
   so the result is a view of one [n, B, m] GEMM output: in the returned [B, n, m] the lanes step
   by m and the rows by B * m. With in_dims 0 ([B, n, k]) the result is contiguous. */
TEST(rules_matmul_folds_lanes_without_copy) {
  st_scope_push();
  prm p = {.f = f_matmul, .nout = 1};
  st_tensor *x = RND(3, 4, 5), *w = RND(5, 2), *got = NULL;
  st_func *f = st_func_new(apply, &p, 2, 1);
  st_func *v1 = st_vmap(f, (const int[]){1, ST_UNBATCHED}, NULL);
  CHECK(st_call(v1, (st_tensor *const[]){x, w}, &got) == 0);
  CHECK_SHAPE(got, 4, 3, 2);
  CHECK_EQ_INT(st_stride(got, 0), 2);
  CHECK_EQ_INT(st_stride(got, 1), 8);
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2, ((st_tensor *const[]){x, w}),
                        ((const int[]){1, ST_UNBATCHED}), 1, 1e-12));
  st_func *v0 = st_vmap(f, (const int[]){0, ST_UNBATCHED}, NULL);
  CHECK(st_call(v0, (st_tensor *const[]){x, w}, &got) == 0);
  CHECK(st_is_contiguous(got));
  st_func_release(v1), st_func_release(v0), st_func_release(f);
  st_scope_pop();
}

static int f_dropout(const prm *p, st_tensor *const *in, st_tensor **out) {
  return !(out[0] = st_dropout(in[0], p->p, true));
}

/* dropout's tangent is t * mask / (1 - p): with y = x * mask / (1 - p), exactly t * y / x. */
TEST(rules_dropout_jvp) {
  st_scope_push();
  for (int k = 0; k < 3; k++) {
    prm p = {.f = f_dropout, .nout = 1, .p = k == 0 ? 0.3 : k == 1 ? 0 : 1};
    st_tensor *x = st_add_scalar(st_rand(ST_F64, ST_SHAPE(4, 5)), 0.5), *t = RND(4, 5), *y = NULL,
              *ty = NULL;
    st_func *f = st_func_new(apply, &p, 1, 1);
    CHECK(st_jvp(f, &x, &t, &y, &ty) == 0);
    st_tensor *want = st_div(st_mul(t, y), x);
    double *w = tu_values(want);
    CHECK(st_test_close(__FILE__, __LINE__, ty, w, 20, 1e-12));
    free(w);
    st_func_release(f);
  }
  st_scope_pop();
}

/* ------------------------------------------------------------------------ composed transforms */

/* A small classifier on one image x [1, 2, 6, 6]: conv2d, tanh, max_pool2d, avg_pool2d, linear,
   layer_norm, cross_entropy. in = w [3, 2, 3, 3], b [3], x, t [1] (i64), wl [4, 3]. */
static int classifier(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_tanh(st_conv2d(in[2], in[0], in[1], NULL, (const int64_t[]){1, 1}, NULL, 1));
  y = st_max_pool2d(y, (const int64_t[]){2, 2}, NULL, NULL); /* [1, 3, 3, 3] */
  y = st_avg_pool2d(y, (const int64_t[]){3, 3}, NULL, NULL); /* [1, 3, 1, 1] */
  y = st_linear(st_flatten(y, 1, -1), in[4], NULL);          /* [1, 4] */
  y = st_layer_norm(y, 1, (const int64_t[]){4}, NULL, NULL, 1e-5);
  out[0] = st_cross_entropy(y, in[3], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

/* Its gradient in the weights and in the image. */
static int classifier_grads(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nout;
  st_func *f = st_func_new(classifier, NULL, nin, 1), *g = st_grad(f, 3, (const int[]){0, 2, 4});
  int rc = st_call(g, in, out);
  st_func_release(g), st_func_release(f);
  return rc;
}

/* vmap(grad): per-sample gradients, which run the backward ops (conv2d_input_backward,
   conv2d_weight_backward with both sides batched, avg_pool2d_backward) under vmap. */
TEST(rules_per_sample_gradients) {
  st_scope_push();
  st_tensor *in[5] = {RND(3, 2, 3, 3), RND(3), RND(4, 1, 2, 6, 6),
                      ints(ST_SHAPE(4, 1), (const double[]){0, 3, 1, 3}), RND(4, 3)};
  const int dims[5] = {ST_UNBATCHED, ST_UNBATCHED, 0, 0, ST_UNBATCHED};
  CHECK(CHECK_VMAP_LOOP(classifier_grads, NULL, 5, in, dims, 3, 1e-10));
  st_scope_pop();
}

/* An MLP loss in W1 (the rest captured): linear, softmax, matmul, log_softmax, nll_loss, mse. */
static int mlp(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *const *c = ctx; /* x [3, 4], b1 [5], W2 [5, 2], target [3] */
  st_tensor *h = st_softmax(st_linear(c[0], in[0], c[1]), -1);
  st_tensor *z = st_log_softmax(st_matmul(h, c[2]), 1);
  out[0] = st_add(st_nll_loss(z, c[3], ST_REDUCTION_SUM),
                  st_mse_loss(h, st_mul_scalar(h, 0.5), ST_REDUCTION_MEAN));
  return out[0] ? 0 : -1;
}

/* jacfwd runs the jvp rules under vmap, jacrev the vjp rules under vmap; hessian is jacfwd of
   jacrev (jvp rules of the backward formulas, under vmap). */
TEST(rules_jacobians_and_hessian) {
  st_scope_push();
  st_tensor *ctx[4] = {RND(3, 4), RND(5), RND(5, 2), ints(ST_SHAPE(3), (const double[]){1, 0, 1})};
  st_tensor *w = RND(5, 4), *jf = NULL, *jr = NULL, *h = NULL, *hr = NULL;
  st_func *f = st_func_new(mlp, ctx, 1, 1), *fwd = st_jacfwd(f, 0), *rev = st_jacrev(f, 0);
  st_func *hess = st_hessian(f, 0), *rr = st_jacrev(rev, 0);
  CHECK(st_call(fwd, &w, &jf) == 0 && st_call(rev, &w, &jr) == 0);
  CHECK(st_call(hess, &w, &h) == 0 && st_call(rr, &w, &hr) == 0);
  double *want = tu_values(jr);
  CHECK(st_test_close(__FILE__, __LINE__, jf, want, 20, 1e-10));
  free(want);
  want = tu_values(hr);
  CHECK(st_test_close(__FILE__, __LINE__, h, want, 400, 1e-9));
  free(want);
  st_func_release(rr), st_func_release(hess), st_func_release(rev), st_func_release(fwd),
      st_func_release(f);
  st_scope_pop();
}

/* No lanes at all: every rule still returns the logical shapes with a batch of 0 (the
   interpreter checks them), whichever input carries the empty batch. */
TEST(rules_zero_lanes) {
  st_scope_push();
  const int d0u[2] = {0, ST_UNBATCHED}, du0[2] = {ST_UNBATCHED, 0}, d00[2] = {0, 0};
  prm p = {.f = f_matmul, .nout = 1};
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2, ((st_tensor *const[]){RND(0, 3, 4), RND(4, 2)}), d0u, 1, 0));
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2, ((st_tensor *const[]){RND(4), RND(0, 4, 2)}), du0, 1, 0));
  p = (prm){.f = f_conv2d, .nout = 1, .nin = 2, .stride = {1, 1}, .dil = {1, 1}, .groups = 1};
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2, ((st_tensor *const[]){RND(2, 3, 4, 4), RND(0, 2, 3, 2, 2)}),
                        du0, 1, 0));
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2, ((st_tensor *const[]){RND(0, 1, 3, 4, 4), RND(2, 3, 2, 2)}),
                        d0u, 1, 0));
  p = (prm){.f = f_cross_entropy, .nout = 1, .red = ST_REDUCTION_MEAN};
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2,
                        ((st_tensor *const[]){RND(0, 3, 4), st_zeros(ST_I64, ST_SHAPE(0, 3))}), d00,
                        1, 0));
  p = (prm){.f = f_embedding, .nout = 1};
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2,
                        ((st_tensor *const[]){RND(0, 5, 3), st_zeros(ST_I64, ST_SHAPE(2))}), d0u, 1,
                        0));
  p = (prm){.f = f_layer_norm, .nout = 1, .nnorm = 1, .ns = {4}, .eps = 1e-5, .has_w = true};
  CHECK(CHECK_VMAP_LOOP(apply, &p, 2, ((st_tensor *const[]){RND(3, 4), RND(0, 4)}), du0, 1, 0));
  st_scope_pop();
}
