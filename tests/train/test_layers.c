/* test_layers.c — the layers against torch.nn (expected values from tests/train/gen_layers.py),
   their default initialization, and their apply functions under the transforms (grad against
   finite differences, vmap against a loop, jvp against differences); the initializers' moments
   and bounds against torch.nn.init's formulas. */
#include "test.h"
#include "transforms/tx.h"
#include "util.h"

/* NULL-safe (a failed call under the allocation-failure sweep returns NULL names). */
static bool streq(const char *a, const char *b) { return a && b && !strcmp(a, b); }
/* Parameter i, or NULL when the container has fewer (after a failed add). */
static st_tensor *param_at_index(const st_params *p, int i) {
  return i >= 0 && i < st_params_len(p) ? st_params_tensors(p)[i] : NULL;
}

#include "layers_expected.h"

/* Copies vals into the container's tensor `name` (outside any graph). */
static void set_param(st_params *p, const char *name, const double *vals) {
  st_tensor *t = st_params_get(p, name);
  CHECK(t != NULL);
  if (!t) return;
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(t, shape);
  bool was = st_set_grad_enabled(false);
  CHECK_EQ_INT(st_copy_(t, tu_tensor(st_dtype_of(t), nd, shape, vals)), 0);
  st_set_grad_enabled(was);
}

static void check_values(st_tensor *y, const double *want, int64_t n, double tol) {
  CHECK(y != NULL);
  if (y) st_test_close(__FILE__, __LINE__, y, want, n, tol);
}

/* module_inputs_torch_nn_Linear: y = x W^T + b. */
TEST(linear_layer_matches_torch_nn_linear) {
  st_params *p = st_params_new();
  st_linear_layer l = {.in = 4, .out = 3, .dtype = ST_F64};
  CHECK_EQ_INT(st_linear_layer_add(&l, p, "fc"), 0);
  CHECK_EQ_INT(l.index, 0);
  set_param(p, "fc.weight", linear_w);
  set_param(p, "fc.bias", linear_b);
  st_tensor *y =
      st_linear_layer_apply(&l, st_params_tensors(p), tu_tensor(ST_F64, ST_SHAPE(2, 4), linear_x));
  check_values(y, linear_y, 6, 1e-14);
  st_params_free(p);
}

/* module_inputs_torch_nn_Conv2d: stride, padding, dilation and groups at once, batched and
   unbatched. */
TEST(conv2d_layer_matches_torch_with_stride_padding_dilation_groups) {
  st_params *p = st_params_new();
  st_conv2d_layer l = {.in = 4,
                       .out = 6,
                       .kernel = {3, 2},
                       .stride = {2, 1},
                       .padding = {1, 1},
                       .dilation = {1, 2},
                       .groups = 2,
                       .dtype = ST_F64};
  CHECK_EQ_INT(st_conv2d_layer_add(&l, p, "conv"), 0);
  CHECK_SHAPE(st_params_get(p, "conv.weight"), 6, 2, 3, 2);
  set_param(p, "conv.weight", conv2d_w);
  set_param(p, "conv.bias", conv2d_b);
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 4, 7, 6), conv2d_x);
  st_tensor *y = st_conv2d_layer_apply(&l, st_params_tensors(p), x);
  st_test_shape(__FILE__, __LINE__, y, 4, conv2d_yshape);
  check_values(y, conv2d_y, 288, 1e-13);
  st_tensor *y0 = st_conv2d_layer_apply(&l, st_params_tensors(p), st_select(x, 0, 0));
  st_test_shape(__FILE__, __LINE__, y0, 3, conv2d_yshape + 1);
  check_values(y0, conv2d_y, 144, 1e-13);
  CHECK_FAILS(st_conv2d_layer_apply(&l, st_params_tensors(p), st_zeros(ST_F64, ST_SHAPE(4, 7))) ==
                  NULL,
              ST_ERR_SHAPE, "st_conv2d_layer_apply");
  st_params_free(p);
}

TEST(conv1d_layer_matches_torch_as_conv2d_over_a_unit_height) {
  st_params *p = st_params_new();
  st_conv1d_layer l = {.in = 2,
                       .out = 4,
                       .kernel = 3,
                       .stride = 2,
                       .padding = 2,
                       .dilation = 2,
                       .groups = 2,
                       .no_bias = true,
                       .dtype = ST_F64};
  CHECK_EQ_INT(st_conv1d_layer_add(&l, p, "c1"), 0);
  CHECK_EQ_INT(st_params_len(p), 1);
  CHECK_SHAPE(st_params_get(p, "c1.weight"), 4, 1, 3);
  set_param(p, "c1.weight", conv1d_w);
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3, 2, 9), conv1d_x);
  st_tensor *y = st_conv1d_layer_apply(&l, st_params_tensors(p), x);
  st_test_shape(__FILE__, __LINE__, y, 3, conv1d_yshape);
  check_values(y, conv1d_y, 60, 1e-13);
  st_tensor *y0 = st_conv1d_layer_apply(&l, st_params_tensors(p), st_select(x, 0, 0));
  st_test_shape(__FILE__, __LINE__, y0, 2, conv1d_yshape + 1);
  check_values(y0, conv1d_y, 20, 1e-13);
  st_params_free(p);
}

TEST(layer_norm_layer_matches_torch_over_two_dims) {
  st_params *p = st_params_new();
  st_layer_norm_layer l = {.nnorm = 2, .shape = {3, 4}, .dtype = ST_F64};
  CHECK_EQ_INT(st_layer_norm_layer_add(&l, p, "ln"), 0);
  CHECK_CLOSE(st_sum_all(st_params_get(p, "ln.weight")), 0, 12); /* ones */
  set_param(p, "ln.weight", layer_norm_w);
  set_param(p, "ln.bias", layer_norm_b);
  st_tensor *y = st_layer_norm_layer_apply(&l, st_params_tensors(p),
                                           tu_tensor(ST_F64, ST_SHAPE(2, 3, 4), layer_norm_x));
  check_values(y, layer_norm_y, 24, 1e-12);
  st_params_free(p);
}

/* Two training steps (outputs and running statistics), then eval mode, as torch.nn.BatchNorm. */
static void check_batch_norm(int nd, const int64_t *shape, int64_t n, const double *w,
                             const double *b, const double *x1, const double *x2, const double *y1,
                             const double *y2, const double *rm, const double *rv,
                             const double *yeval, st_dtype dt) {
  double tol = dt == ST_F64 ? 1e-12 : 2e-5;
  st_params *p = st_params_new();
  st_batch_norm_layer l = {.features = 3, .dtype = dt};
  CHECK_EQ_INT(st_batch_norm_layer_add(&l, p, "bn"), 0);
  CHECK_EQ_INT(st_params_len(p), 2);
  CHECK_EQ_INT(st_params_buffer_len(p), 3);
  CHECK(st_params_get(p, "bn.running_var") == l.running_var);
  set_param(p, "bn.weight", w);
  set_param(p, "bn.bias", b);
  st_tensor *const *ps = st_params_tensors(p);
  check_values(st_batch_norm_layer_apply(&l, ps, tu_tensor(dt, nd, shape, x1), true), y1, n, tol);
  check_values(st_batch_norm_layer_apply(&l, ps, tu_tensor(dt, nd, shape, x2), true), y2, n, tol);
  check_values(l.running_mean, rm, 3, tol);
  check_values(l.running_var, rv, 3, tol);
  CHECK_NEAR(st_item(l.num_batches_tracked), 2, 0);
  check_values(st_batch_norm_layer_apply(&l, ps, tu_tensor(dt, nd, shape, x1), false), yeval, n,
               tol);
  CHECK_NEAR(st_item(l.num_batches_tracked), 2, 0); /* eval does not count */
  st_params_free(p);
}

TEST(batch_norm_training_running_stats_and_eval_match_torch) {
  for (int d = 0; d < 2; d++) {
    st_dtype dt = d ? ST_F64 : ST_F32;
    check_batch_norm(4, (int64_t[]){4, 3, 2, 2}, 48, bn2d_w, bn2d_b, bn2d_x1, bn2d_x2, bn2d_y1,
                     bn2d_y2, bn2d_running_mean, bn2d_running_var, bn2d_yeval, dt);
    check_batch_norm(2, (int64_t[]){5, 3}, 15, bn1d_w, bn1d_b, bn1d_x1, bn1d_x2, bn1d_y1, bn1d_y2,
                     bn1d_running_mean, bn1d_running_var, bn1d_yeval, dt);
  }
}

TEST(batch_norm_refuses_a_single_value_per_channel_in_training) {
  st_params *p = st_params_new();
  st_batch_norm_layer l = {.features = 3};
  CHECK_EQ_INT(st_batch_norm_layer_add(&l, p, "bn"), 0);
  CHECK_FAILS(st_batch_norm_layer_apply(&l, st_params_tensors(p), st_ones(ST_F32, ST_SHAPE(1, 3)),
                                        true) == NULL,
              ST_ERR_SHAPE, "more than 1 value per channel");
  CHECK_FAILS(st_batch_norm_layer_apply(&l, st_params_tensors(p), st_ones(ST_F32, ST_SHAPE(2, 4)),
                                        true) == NULL,
              ST_ERR_SHAPE, "[N, 3]");
  CHECK_NEAR(st_item(l.num_batches_tracked), 0, 0);
  st_params_free(p);
}

TEST(embedding_layer_matches_torch) {
  st_params *p = st_params_new();
  st_embedding_layer l = {.num = 5, .dim = 3, .dtype = ST_F64};
  CHECK_EQ_INT(st_embedding_layer_add(&l, p, "emb"), 0);
  set_param(p, "emb.weight", embedding_w);
  st_tensor *idx = tu_tensor(ST_I64, ST_SHAPE(2, 2), (double[]){0, 4, 2, 2});
  check_values(st_embedding_layer_apply(&l, st_params_tensors(p), idx), embedding_y, 12, 0);
  st_params_free(p);
}

TEST(mlp_matches_torch_sequential_of_linear_and_tanh) {
  st_params *p = st_params_new();
  st_mlp m;
  CHECK_EQ_INT(st_mlp_add(&m, p, "mlp", 4, (int64_t[]){3, 5, 4, 2}, ST_ACT_TANH, ST_F64), 0);
  CHECK_EQ_INT(st_params_len(p), 6);
  CHECK(streq(st_params_name(p, 2), "mlp.1.weight"));
  const double *vals[6] = {mlp_w0, mlp_b0, mlp_w1, mlp_b1, mlp_w2, mlp_b2};
  for (int i = 0; i < 6; i++) set_param(p, st_params_name(p, i), vals[i]);
  st_tensor *y = st_mlp_apply(&m, st_params_tensors(p), tu_tensor(ST_F64, ST_SHAPE(4, 3), mlp_x));
  check_values(y, mlp_y, 8, 1e-14);
  st_params_free(p);
}

/* torch.nn.Linear.reset_parameters / Conv2d: U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for weight and
   bias; parameters require grad, under torch's names. */
TEST(layers_initialize_as_torch_nn_with_its_names) {
  st_manual_seed(1);
  st_params *p = st_params_new();
  st_linear_layer fc = {.in = 64, .out = 200};
  st_conv2d_layer conv = {.in = 4, .out = 300, .kernel = {3, 3}, .groups = 2};
  CHECK_EQ_INT(st_linear_layer_add(&fc, p, "fc"), 0);
  CHECK_EQ_INT(st_conv2d_layer_add(&conv, p, "conv"), 0);
  CHECK_EQ_INT(conv.index, 2);
  const char *names[4] = {"fc.weight", "fc.bias", "conv.weight", "conv.bias"};
  double bounds[4] = {1 / 8.0, 1 / 8.0, 1 / sqrt(18.0), 1 / sqrt(18.0)};
  for (int i = 0; i < 4; i++) {
    st_tensor *t = param_at_index(p, i);
    CHECK(streq(st_params_name(p, i), names[i]));
    CHECK(st_requires_grad(t) && st_is_leaf(t));
    CHECK(st_dtype_of(t) == ST_F32);
    double hi = st_item(st_amax_all(t)), lo = st_item(st_amin_all(t));
    CHECK(hi <= bounds[i] && lo >= -bounds[i]);
    CHECK(hi > 0.9 * bounds[i] && lo < -0.9 * bounds[i]); /* it fills the interval */
  }
  CHECK_EQ_INT(st_params_numel(p), 64 * 200 + 200 + 300 * 2 * 9 + 300);
  CHECK_FAILS(st_linear_layer_add(&fc, p, "fc") != 0, ST_ERR_ARG, "already holds \"fc.weight\"");
  st_linear_layer bad = {.in = 0, .out = 3};
  CHECK_FAILS(st_linear_layer_add(&bad, p, "bad") != 0, ST_ERR_ARG, "in 0 and out 3");
  st_conv2d_layer badg = {.in = 3, .out = 4, .kernel = {1, 1}, .groups = 2};
  CHECK_FAILS(st_conv2d_layer_add(&badg, p, "g") != 0, ST_ERR_ARG, "groups 2");
  CHECK_EQ_INT(st_params_len(p), 4);
  st_params_free(p);
}

/* --------------------------------------------------------------- layers under transforms */

/* in: the parameters, then x; out: a layer's output. ctx: which layer. */
typedef struct {
  int kind; /* 0 linear, 1 conv2d, 2 layer norm, 3 mlp, 4 batch norm eval, 5 conv1d */
  st_linear_layer fc;
  st_conv2d_layer conv;
  st_layer_norm_layer ln;
  st_mlp mlp;
  st_batch_norm_layer bn;
  st_conv1d_layer c1;
  int np;
} layer_ctx;

static int apply_layer(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  layer_ctx *c = ctx;
  (void)nout;
  st_tensor *x = in[nin - 1];
  switch (c->kind) {
  case 0: out[0] = st_linear_layer_apply(&c->fc, in, x); break;
  case 1: out[0] = st_conv2d_layer_apply(&c->conv, in, x); break;
  case 2: out[0] = st_layer_norm_layer_apply(&c->ln, in, x); break;
  case 3: out[0] = st_mlp_apply(&c->mlp, in, x); break;
  case 4: out[0] = st_batch_norm_layer_apply(&c->bn, in, x, false); break;
  default: out[0] = st_conv1d_layer_apply(&c->c1, in, x); break;
  }
  return out[0] ? 0 : -1;
}

static int sum_of_layer(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  int rc = apply_layer(ctx, nin, in, nout, out);
  if (!rc) out[0] = st_sum_all(st_tanh(out[0]));
  return out[0] ? 0 : -1;
}

/* Builds layer `kind` in f64 (parameters not requiring grad) and its input sample. */
static st_params *build(layer_ctx *c, int kind, st_tensor **x) {
  st_params *p = st_params_new();
  c->kind = kind;
  switch (kind) {
  case 0:
    c->fc = (st_linear_layer){.in = 3, .out = 2, .dtype = ST_F64};
    st_linear_layer_add(&c->fc, p, "fc");
    *x = st_randn(ST_F64, ST_SHAPE(3));
    break;
  case 1:
    c->conv =
        (st_conv2d_layer){.in = 2, .out = 2, .kernel = {2, 2}, .padding = {1, 0}, .dtype = ST_F64};
    st_conv2d_layer_add(&c->conv, p, "conv");
    *x = st_randn(ST_F64, ST_SHAPE(2, 3, 3));
    break;
  case 2:
    c->ln = (st_layer_norm_layer){.nnorm = 1, .shape = {4}, .dtype = ST_F64};
    st_layer_norm_layer_add(&c->ln, p, "ln");
    *x = st_randn(ST_F64, ST_SHAPE(4));
    break;
  case 3:
    st_mlp_add(&c->mlp, p, "mlp", 3, (int64_t[]){3, 4, 2}, ST_ACT_GELU, ST_F64);
    *x = st_randn(ST_F64, ST_SHAPE(3));
    break;
  case 4:
    c->bn = (st_batch_norm_layer){.features = 2, .dtype = ST_F64};
    st_batch_norm_layer_add(&c->bn, p, "bn");
    *x = st_randn(ST_F64, ST_SHAPE(3, 2));
    break;
  default:
    c->c1 = (st_conv1d_layer){.in = 2, .out = 3, .kernel = 2, .stride = 2, .dtype = ST_F64};
    st_conv1d_layer_add(&c->c1, p, "c1");
    *x = st_randn(ST_F64, ST_SHAPE(2, 5));
    break;
  }
  st_params_set_requires_grad(p, false);
  c->np = st_params_len(p);
  return p;
}

/* st_grad of sum(tanh(layer)) w.r.t. every parameter and the input, against st_gradcheck's
   central differences of the eager graph; jvp against differences; vmap over the input (one
   example per lane) against a loop. */
TEST(layer_apply_functions_work_under_grad_jvp_and_vmap) {
  st_manual_seed(11);
  for (int kind = 0; kind < 6; kind++) {
    layer_ctx c;
    st_tensor *x;
    st_params *p = build(&c, kind, &x);
    if (c.np < 0 || !x) { /* an allocation failed (the sweep) */
      st_params_free(p);
      continue;
    }
    int nin = c.np + 1;
    st_tensor *in[8];
    for (int i = 0; i < c.np; i++) in[i] = param_at_index(p, i);
    in[c.np] = x;
    /* grad through st_grad_params (all parameters) against gradcheck's numerical gradient */
    for (int i = 0; i < nin; i++) {
      in[i] = st_detach(in[i]);
      st_set_requires_grad(in[i], true);
    }
    if (st_gradcheck(sum_of_layer, &c, nin, in, 1, 1e-6, 1e-6, 1e-5))
      st_test_fail(__FILE__, __LINE__, "layer %d: gradcheck: %s", kind, st_last_error());
    st_func *f = st_func_new(sum_of_layer, &c, nin, 1), *g = st_grad_params(f, c.np);
    st_tensor *grads[8] = {0}, *loss = NULL, *want[8] = {0};
    int rc_grads = st_call(g, in, grads), rc_want = -1;
    CHECK_EQ_INT(rc_grads, 0);
    CHECK_EQ_INT(st_call(f, in, &loss), 0); /* eager: the inputs require grad */
    if (loss) CHECK_EQ_INT(rc_want = st_autograd_grad(1, &loss, NULL, c.np, in, want, NULL), 0);
    for (int i = 0; !rc_grads && !rc_want && i < c.np; i++) { /* both sides exist (the sweep) */
      double *w = tu_values(want[i]);
      st_test_close(__FILE__, __LINE__, grads[i], w, st_numel(grads[i]), 1e-12);
      free(w);
    }
    st_func_release(g);
    st_func_release(f);
    CHECK(CHECK_JVP_FD(apply_layer, &c, nin, in, 1, 1e-6, 1e-6));
    int in_dims[8];
    for (int i = 0; i < c.np; i++) in_dims[i] = ST_UNBATCHED;
    in_dims[c.np] = 0;
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(x, shape);
    for (int d = nd; d > 0; d--) shape[d] = shape[d - 1];
    shape[0] = 3;
    in[c.np] = st_randn(ST_F64, nd + 1, shape);
    CHECK(CHECK_VMAP_LOOP(apply_layer, &c, nin, in, in_dims, 1, 1e-12));
    st_params_free(p);
  }
}

/* Ensembles: vmap over stacked parameters (in_dims 0 for them, the input shared). */
TEST(mlp_ensemble_by_vmap_over_stacked_parameters_equals_each_model) {
  st_manual_seed(12);
  layer_ctx c = {.kind = 3};
  st_params *models[3];
  for (int m = 0; m < 3; m++) {
    models[m] = st_params_new();
    st_mlp_add(&c.mlp, models[m], "mlp", 3, (int64_t[]){4, 5, 2}, ST_ACT_RELU, ST_F64);
    st_params_set_requires_grad(models[m], false);
  }
  st_params *stacked = st_params_stack(3, models);
  CHECK(stacked != NULL);
  CHECK_SHAPE(st_params_get(stacked, "mlp.0.weight"), 3, 5, 4);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(6, 4));
  st_func *f = st_func_new(apply_layer, &c, 5, 1), *ens = st_vmap_params(f, 4, 0, ST_UNBATCHED);
  st_tensor *y = NULL;
  CHECK_EQ_INT(st_params_call(ens, stacked, 1, &x, &y), 0);
  CHECK_SHAPE(y, 3, 6, 2);
  for (int m = 0; m < 3; m++) {
    double *want = tu_values(st_mlp_apply(&c.mlp, st_params_tensors(models[m]), x));
    st_test_close(__FILE__, __LINE__, st_select(y, 0, m), want, 12, 1e-13);
    free(want);
  }
  st_func_release(ens);
  st_func_release(f);
  for (int m = 0; m < 3; m++) st_params_free(models[m]);
  st_params_free(stacked);
}

/* BatchNorm in training mode under st_grad normalizes with the batch statistics and still
   updates the running ones (from the primal values); under st_vmap it is refused with a message
   saying what to do (torch.func asks the same: eval mode or no running statistics). */
static int bn_train_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  st_batch_norm_layer *bn = ctx;
  out[0] = st_sum_all(st_square(st_batch_norm_layer_apply(bn, in, in[nin - 1], true)));
  return out[0] ? 0 : -1;
}

TEST(batch_norm_training_works_under_grad_and_is_refused_under_vmap) {
  st_params *p = st_params_new();
  st_batch_norm_layer bn = {.features = 2, .dtype = ST_F64};
  st_batch_norm_layer_add(&bn, p, "bn");
  st_params_set_requires_grad(p, false);
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3, 2), (double[]){1, 2, 3, 5, 8, 13});
  st_tensor *in[3] = {param_at_index(p, 0), param_at_index(p, 1), x};
  st_func *f = st_func_new(bn_train_loss, &bn, 3, 1), *g = st_grad_params(f, 2);
  st_tensor *grads[2] = {0};
  CHECK_EQ_INT(st_call(g, in, grads), 0);
  /* sum of squares of a normalized batch: 3 per channel (var 1, biased), so d/dweight = 2 * 3,
     and d/dbias = 2 * sum(normalized) = 0 */
  CHECK_CLOSE(grads[0], 1e-4, 6, 6);
  CHECK_CLOSE(grads[1], 1e-9, 0, 0);
  CHECK_CLOSE(bn.running_mean, 1e-12, 0.1 * 4, 0.1 * 20.0 / 3);
  CHECK_NEAR(st_item(bn.num_batches_tracked), 1, 0);
  st_tensor *xs = st_stack(2, (st_tensor *[]){x, x}, 0);
  st_func *v = st_vmap(f, (int[]){ST_UNBATCHED, ST_UNBATCHED, 0}, NULL);
  st_tensor *y;
  CHECK_FAILS(st_call(v, (st_tensor *[]){in[0], in[1], xs}, &y) != 0, ST_ERR_TRANSFORM,
              "no_running_stats");
  CHECK_NEAR(st_item(bn.num_batches_tracked), 1, 0);
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
  st_params_free(p);
}

/* Dropout is st_dropout: under vmap with randomness "different" every lane draws its own mask. */
static int dropout_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_dropout(in[0], 0.5, true);
  return out[0] ? 0 : -1;
}

TEST(dropout_under_vmap_draws_a_mask_per_lane) {
  st_manual_seed(4);
  st_func *f = st_func_new(dropout_fn, NULL, 1, 1);
  st_func *v = st_vmap_ex(f, &(st_vmap_opts){.randomness = ST_RANDOMNESS_DIFFERENT});
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(2, 256)), *y = NULL;
  CHECK_EQ_INT(st_call(v, &x, &y), 0);
  if (!y) { /* an allocation failed (the sweep) */
    st_func_release(v);
    st_func_release(f);
    return;
  }
  double *vals = tu_values(y);
  int zeros = 0, twos = 0, same = 0;
  for (int i = 0; i < 512; i++) zeros += vals[i] == 0, twos += vals[i] == 2;
  for (int i = 0; i < 256; i++) same += vals[i] == vals[256 + i];
  CHECK_EQ_INT(zeros + twos, 512);
  CHECK(zeros > 200 && zeros < 312);
  CHECK(same < 200); /* the two lanes' masks differ */
  free(vals);
  st_func_release(v);
  st_func_release(f);
}

/* ----------------------------------------------------------------------------- initializers */

/* Mean and variance of t's values. */
static void moments(st_tensor *t, double *mean, double *var) {
  int64_t n = st_numel(t);
  double *v = tu_values(t), s = 0, q = 0;
  for (int64_t i = 0; i < n; i++) s += v[i];
  *mean = s / (double)n;
  for (int64_t i = 0; i < n; i++) q += (v[i] - *mean) * (v[i] - *mean);
  *var = q / (double)(n - 1);
  free(v);
}

/* test/test_nn.py TestNNInit: the distributions' bounds and moments (kaiming: std = gain /
   sqrt(fan); xavier: gain * sqrt(2 / (fan_in + fan_out)); uniform bounds sqrt(3) std). */
TEST(initializers_have_torch_nn_init_bounds_and_moments) {
  st_manual_seed(21);
  st_tensor *w = st_zeros(ST_F32, ST_SHAPE(200, 50, 3)); /* fan_in 150, fan_out 600 */
  int64_t fi, fo;
  CHECK_EQ_INT(st_init_fans(w, &fi, &fo), 0);
  CHECK_EQ_INT(fi, 150);
  CHECK_EQ_INT(fo, 600);
  double mean, var, std;
  /* kaiming_uniform, relu, fan_in */
  CHECK_EQ_INT(st_init_kaiming_uniform_(w, 0, ST_FAN_IN, ST_GAIN_RELU), 0);
  std = sqrt(2.0) / sqrt(150.0);
  moments(w, &mean, &var);
  CHECK(fabs(mean) < 0.01 * std * 10);
  CHECK_NEAR(sqrt(var), std, 0.02);
  CHECK(st_item(st_amax_all(st_abs(w))) <= sqrt(3.0) * std * (1 + 1e-6));
  /* kaiming_normal, leaky relu 0.2, fan_out */
  CHECK_EQ_INT(st_init_kaiming_normal_(w, 0.2, ST_FAN_OUT, ST_GAIN_LEAKY_RELU), 0);
  moments(w, &mean, &var);
  CHECK_NEAR(sqrt(var), sqrt(2.0 / 1.04) / sqrt(600.0), 0.02);
  /* xavier_uniform with tanh's gain */
  CHECK_EQ_INT(st_init_xavier_uniform_(w, st_init_gain(ST_GAIN_TANH, 0)), 0);
  std = 5.0 / 3 * sqrt(2.0 / 750);
  moments(w, &mean, &var);
  CHECK_NEAR(sqrt(var), std, 0.02);
  CHECK(st_item(st_amax_all(st_abs(w))) <= sqrt(3.0) * std * (1 + 1e-6));
  CHECK_EQ_INT(st_init_xavier_normal_(w, 1.0), 0);
  moments(w, &mean, &var);
  CHECK_NEAR(sqrt(var), sqrt(2.0 / 750), 0.02);
  /* uniform and normal */
  CHECK_EQ_INT(st_init_uniform_(w, -2, 3), 0);
  CHECK(st_item(st_amin_all(w)) >= -2 && st_item(st_amax_all(w)) < 3);
  moments(w, &mean, &var);
  CHECK_NEAR(mean, 0.5, 0.02);
  CHECK_NEAR(var, 25.0 / 12, 0.02);
  CHECK_EQ_INT(st_init_normal_(w, 1, 0.5), 0);
  moments(w, &mean, &var);
  CHECK_NEAR(mean, 1, 0.01);
  CHECK_NEAR(sqrt(var), 0.5, 0.01);
}

/* trunc_normal_: every value in [a, b], and the moments of the truncated distribution:
   mean = mu + sigma (phi(alpha) - phi(beta)) / Z, var = sigma^2 (1 + (alpha phi(alpha) -
   beta phi(beta)) / Z - ((phi(alpha) - phi(beta)) / Z)^2). */
TEST(trunc_normal_stays_in_bounds_with_the_truncated_moments) {
  st_manual_seed(22);
  st_tensor *w = st_zeros(ST_F64, ST_SHAPE(100000));
  double mu = 0.5, sigma = 1.0, a = -0.5, b = 1.0;
  CHECK_EQ_INT(st_init_trunc_normal_(w, mu, sigma, a, b), 0);
  CHECK(st_item(st_amin_all(w)) >= a && st_item(st_amax_all(w)) <= b);
  double al = (a - mu) / sigma, be = (b - mu) / sigma;
  double pa = exp(-al * al / 2) / sqrt(2 * M_PI), pb = exp(-be * be / 2) / sqrt(2 * M_PI);
  double z = (erf(be / sqrt(2.0)) - erf(al / sqrt(2.0))) / 2;
  double want_mean = mu + sigma * (pa - pb) / z;
  double want_var = sigma * sigma * (1 + (al * pa - be * pb) / z - pow((pa - pb) / z, 2));
  double mean, var;
  moments(w, &mean, &var);
  CHECK_NEAR(mean, want_mean, 0.005);
  CHECK_NEAR(var, want_var, 0.01);
  /* torch's default: N(0, 1) cut at [-2, 2] */
  st_tensor *s = st_zeros(ST_F32, ST_SHAPE(64, 64));
  CHECK_EQ_INT(st_init_trunc_normal_(s, 0, 1, -2, 2), 0);
  CHECK(st_item(st_amax_all(st_abs(s))) <= 2);
}

TEST(initializers_reject_what_they_cannot_fill) {
  st_tensor *v = st_zeros(ST_F32, ST_SHAPE(5));
  CHECK_FAILS(st_init_kaiming_uniform_(v, 0, ST_FAN_IN, ST_GAIN_RELU) != 0, ST_ERR_SHAPE,
              "at least 2 dims");
  st_tensor *i = st_zeros(ST_I64, ST_SHAPE(2, 2));
  CHECK_FAILS(st_init_xavier_uniform_(i, 1) != 0, ST_ERR_DTYPE, "i64");
  CHECK_FAILS(st_init_trunc_normal_(v, 0, 1, 2, -2) != 0, ST_ERR_ARG, "bounds [2, -2]");
  CHECK_FAILS(st_init_uniform_(v, 1, 0) != 0, ST_ERR_ARG, "[1, 0]");
  CHECK_NEAR(st_item(st_sum_all(v)), 0, 0); /* unchanged */
  CHECK_NEAR(st_init_gain(ST_GAIN_SELU, 0), 0.75, 0);
  CHECK_NEAR(st_init_gain(ST_GAIN_LEAKY_RELU, sqrt(5.0)), sqrt(1.0 / 3), 1e-15);
}

/* An initializer writes a leaf that requires grad in place, outside the graph, and moves its
   version counter (a graph that saved the old value refuses its backward). */
TEST(initializers_write_leaves_in_place_and_bump_their_version) {
  st_tensor *w = st_zeros(ST_F64, ST_SHAPE(3, 3));
  st_set_requires_grad(w, true);
  st_tensor *saved = st_sum_all(st_mul(w, w));
  CHECK_EQ_INT(st_init_normal_(w, 0, 1), 0);
  CHECK(st_is_leaf(w) && st_requires_grad(w));
  CHECK_FAILS(st_backward(saved, NULL, false, false) != 0, ST_ERR_INPLACE, "");
}

/* st_params_stack says which model differs and how; an initializer names itself. */
TEST(params_stack_and_init_errors_name_what_differs) {
  st_params *a = st_params_new(), *b = st_params_new(), *c = st_params_new();
  st_params_add(a, "w", st_zeros(ST_F32, ST_SHAPE(2)));
  st_params_add(b, "w", st_zeros(ST_F32, ST_SHAPE(2)));
  st_params_add(b, "extra", st_zeros(ST_F32, ST_SHAPE(2)));
  st_params_add(c, "v", st_zeros(ST_F32, ST_SHAPE(2)));
  st_params *s1 = NULL, *s2 = NULL; /* made when an add failed (the sweep): freed below */
  CHECK_FAILS((s1 = st_params_stack(2, (st_params *[]){a, b})) == NULL, ST_ERR_ARG,
              "st_params_stack: model 1 has 2 parameters, model 0 has 1");
  CHECK_FAILS((s2 = st_params_stack(2, (st_params *[]){a, c})) == NULL, ST_ERR_ARG,
              "st_params_stack: model 1's parameter 0 is \"v\", model 0's is \"w\"");
  st_params_free(s1);
  st_params_free(s2);
  st_params_free(a);
  st_params_free(b);
  st_params_free(c);
  st_tensor *v = st_zeros(ST_F32, ST_SHAPE(3));
  CHECK_FAILS(st_init_kaiming_normal_(v, 0, ST_FAN_IN, ST_GAIN_RELU) != 0, ST_ERR_SHAPE,
              "st_init_kaiming_normal_: fan in and fan out need a tensor of at least 2 dims");
  CHECK_FAILS(st_init_xavier_uniform_(v, 1) != 0, ST_ERR_SHAPE, "st_init_xavier_uniform_:");
}
