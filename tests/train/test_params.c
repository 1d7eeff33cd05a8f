/* test_params.c — the parameter container: order and names, flattening into transforms
   (per-sample gradients, ensembles), save and load alone and with the optimizer state as one
   resumable checkpoint. */
#include <unistd.h>

#include "test.h"
#include "util.h"

/* NULL-safe (a failed call under the allocation-failure sweep returns NULL names). */
static bool streq(const char *a, const char *b) { return a && b && !strcmp(a, b); }
/* Parameter i, or NULL when the container has fewer (after a failed add). */
static st_tensor *param_at_index(const st_params *p, int i) {
  return i >= 0 && i < st_params_len(p) ? st_params_tensors(p)[i] : NULL;
}

static void temp_path(char *buf, size_t size) {
  const char *dir = getenv("TMPDIR");
  snprintf(buf, size, "%s/strata-params-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(buf);
  CHECK(fd >= 0);
  close(fd);
}

TEST(params_keep_insertion_order_names_and_buffers_apart) {
  st_params *p = st_params_new();
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3)), *b = st_ones(ST_F32, ST_SHAPE(3));
  st_tensor *buf = st_zeros(ST_F32, ST_SHAPE(3));
  CHECK_EQ_INT(st_params_add(p, "layer.weight", a), 0);
  CHECK_EQ_INT(st_params_add_buffer(p, "layer.running_mean", buf), 0);
  CHECK_EQ_INT(st_params_add(p, "layer.bias", b), 1);
  CHECK_EQ_INT(st_params_len(p), 2);
  CHECK_EQ_INT(st_params_buffer_len(p), 1);
  CHECK(st_params_len(p) == 2 && param_at_index(p, 0) == a && param_at_index(p, 1) == b);
  CHECK(streq(st_params_name(p, 1), "layer.bias"));
  CHECK(streq(st_params_name(p, 2), "layer.running_mean")); /* buffers after parameters */
  CHECK(st_params_get(p, "layer.running_mean") == buf);
  CHECK(st_params_buffer(p, 0) == buf);
  CHECK_EQ_INT(st_params_index(p, "layer.bias"), 1);
  CHECK_EQ_INT(st_params_index(p, "layer.running_mean"), -1);
  CHECK_EQ_INT(st_params_numel(p), 9);
  CHECK_FAILS(st_params_add(p, "layer.bias", b) < 0, ST_ERR_ARG, "already holds \"layer.bias\"");
  CHECK_FAILS(st_params_add(p, "x", NULL) < 0, ST_ERR_ARG, "argument 3 is NULL");
  CHECK_EQ_INT(st_params_len(p), 2);
  /* the container holds its own references: releasing ours early is fine */
  st_release(a);
  if (st_params_len(p) > 0) CHECK_SHAPE(param_at_index(p, 0), 2, 3);
  st_params_free(p);
}

TEST(params_like_and_stack_keep_the_names) {
  st_params *p = st_params_new();
  st_params_add(p, "w", tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 2}));
  st_params_add(p, "b", st_scalar(ST_F64, 3));
  st_params *q =
      st_params_like(p, (st_tensor *[]){st_zeros(ST_F64, ST_SHAPE(2)), st_scalar(ST_F64, 4)});
  CHECK(q && streq(st_params_name(q, 1), "b"));
  CHECK_CLOSE(st_params_get(q, "b"), 0, 4);
  st_params *s = st_params_stack(2, (st_params *[]){p, q});
  CHECK_SHAPE(st_params_get(s, "w"), 2, 2);
  CHECK_CLOSE(st_params_get(s, "w"), 0, 1, 2, 0, 0);
  CHECK_CLOSE(st_params_get(s, "b"), 0, 3, 4);
  st_params *r = st_params_new();
  st_params_add(r, "other", st_scalar(ST_F64, 1));
  st_params_add(r, "b", st_scalar(ST_F64, 1));
  CHECK_FAILS(st_params_stack(2, (st_params *[]){p, r}) == NULL, ST_ERR_ARG, "model 1");
  st_params_free(p);
  st_params_free(q);
  st_params_free(s);
  st_params_free(r);
}

/* loss(w, b, x, y) for one example: (w . x + b - y)^2 */
static int example_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *pred = st_add(st_sum_all(st_mul(in[0], in[2])), in[1]);
  out[0] = st_square(st_sub(pred, in[3]));
  return out[0] ? 0 : -1;
}

/* torch.func's per-sample-gradients recipe (vmap(grad(loss), in_dims=(None, None, 0, 0))) is
   one call: gradient i of example k is 2 (w . x_k + b - y_k) x_k (and without x_k for b). */
TEST(per_sample_grad_gives_each_examples_gradient) {
  st_params *p = st_params_new();
  st_params_add(p, "w", tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.5, -1, 2}));
  st_params_add(p, "b", st_scalar(ST_F64, 0.25));
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, -1, 0, 1});
  st_tensor *y = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, -2});
  st_func *f = st_func_new(example_loss, NULL, 4, 1), *psg = st_per_sample_grad(f, 2);
  st_tensor *g[2] = {0}; /* NULL when the call fails before it writes (the sweep) */
  CHECK_EQ_INT(st_params_call(psg, p, 2, (st_tensor *[]){x, y}, g), 0);
  /* residuals: 0.5 - 2 + 6 + 0.25 - 1 = 3.75; -0.5 + 2 + 0.25 + 2 = 3.75 */
  CHECK_SHAPE(g[0], 2, 3);
  CHECK_CLOSE(g[0], 1e-14, 7.5, 15, 22.5, -7.5, 0, 7.5);
  CHECK_CLOSE(g[1], 1e-14, 7.5, 7.5);
  st_func *gp = st_grad_params(f, 2);
  CHECK(gp != NULL);
  CHECK_FAILS(st_grad_params(f, 5) == NULL, ST_ERR_ARG, "nparams is 5 for a function of 4 inputs");
  st_func_release(gp);
  st_func_release(psg);
  st_func_release(f);
  st_params_free(p);
}

TEST(params_save_and_load_round_trip_through_safetensors) {
  char path[256];
  temp_path(path, sizeof path);
  st_params *p = st_params_new();
  st_params_add(p, "w", tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4}));
  st_params_add_buffer(p, "count", st_scalar(ST_I64, 7));
  CHECK_EQ_INT(st_params_save(p, path), 0);
  st_params *q = st_params_new();
  st_tensor *w = st_zeros(ST_F32, ST_SHAPE(2, 2));
  st_set_requires_grad(w, true);
  st_params_add(q, "w", w);
  st_params_add_buffer(q, "count", st_scalar(ST_I64, 0));
  CHECK_EQ_INT(st_params_load(q, path), 0);
  CHECK_CLOSE(w, 0, 1, 2, 3, 4);
  CHECK(st_is_leaf(w) && st_requires_grad(w));
  CHECK_CLOSE(st_params_get(q, "count"), 0, 7);
  /* a model of another shape: refused, nothing changes */
  st_params *r = st_params_new();
  st_params_add(r, "w", st_zeros(ST_F32, ST_SHAPE(4)));
  st_params_add_buffer(r, "count", st_scalar(ST_I64, 0));
  CHECK_FAILS(st_params_load(r, path) != 0, ST_ERR_SHAPE,
              "\"model.w\" is f32 [2, 2], the model's tensor f32 [4]");
  CHECK_CLOSE(st_params_get(r, "w"), 0, 0, 0, 0, 0);
  st_params_free(p);
  st_params_free(q);
  st_params_free(r);
  unlink(path);
}

/* A 10-tensor model trained 3 steps with AdamW, checkpointed to one file, trained 3 more; a new
   model and optimizer loaded from the checkpoint reach the same values bit for bit
   (test/test_optim.py TestOptimRenewed.test_load_nontensor_step / state_dict round trips). */
static int mse(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  st_mlp *m = ctx;
  out[0] = st_mse_loss(st_mlp_apply(m, in, in[nin - 2]), in[nin - 1], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

static void train_steps(st_mlp *m, st_params *p, st_optim *opt, st_tensor *x, st_tensor *y, int k) {
  st_func *f = st_func_new(mse, m, st_params_len(p) + 2, 1),
          *g = st_grad_params(f, st_params_len(p));
  for (int s = 0; s < k; s++) {
    st_tensor *grads[10] = {0};
    int rc = st_params_call(g, p, 2, (st_tensor *[]){x, y}, grads);
    CHECK_EQ_INT(rc, 0);
    if (rc) break;
    CHECK_EQ_INT(st_optim_step_grads(opt, grads), 0);
  }
  st_func_release(g);
  st_func_release(f);
}

TEST(train_checkpoint_of_a_ten_tensor_model_resumes_bit_identically) {
  char path[256];
  temp_path(path, sizeof path);
  st_manual_seed(8);
  int64_t sizes[6] = {4, 8, 8, 8, 8, 2};
  st_mlp m;
  st_params *p = st_params_new();
  CHECK_EQ_INT(st_mlp_add(&m, p, "mlp", 6, sizes, ST_ACT_TANH, ST_F32), 0);
  CHECK_EQ_INT(st_params_len(p), 10);
  st_params_set_requires_grad(p, false);
  st_tensor *x = st_randn(ST_F32, ST_SHAPE(16, 4)), *y = st_randn(ST_F32, ST_SHAPE(16, 2));
  st_optim_opts o = st_optim_defaults(ST_OPTIM_ADAMW);
  o.lr = 0.01, o.amsgrad = true;
  st_optim *opt = st_optim_new(st_params_len(p), st_params_tensors(p), &o);
  train_steps(&m, p, opt, x, y, 3);
  CHECK_EQ_INT(st_train_save(path, p, opt), 0);
  train_steps(&m, p, opt, x, y, 3);
  /* a fresh model (other initial values) and optimizer, resumed from the file */
  st_manual_seed(99);
  st_mlp m2;
  st_params *q = st_params_new();
  st_mlp_add(&m2, q, "mlp", 6, sizes, ST_ACT_TANH, ST_F32);
  st_params_set_requires_grad(q, false);
  st_optim *opt2 = st_optim_new(st_params_len(q), st_params_tensors(q), &o);
  CHECK_EQ_INT(st_train_load(path, q, opt2), 0);
  train_steps(&m2, q, opt2, x, y, 3);
  for (int i = 0; i < 10 && st_params_len(p) == 10 && st_params_len(q) == 10; i++) {
    st_tensor *a = param_at_index(p, i), *b = param_at_index(q, i);
    if (memcmp(st_data_ptr(a), st_data_ptr(b), (size_t)st_numel(a) * 4))
      st_test_fail(__FILE__, __LINE__, "parameter %s differs after resuming", st_params_name(p, i));
  }
  /* an optimizer of another kind cannot load it, and neither model nor optimizer changes */
  st_optim_opts sgd = st_optim_defaults(ST_OPTIM_SGD);
  st_optim *opt3 = st_optim_new(st_params_len(q), st_params_tensors(q), &sgd);
  double before = st_item(st_sum_all(st_params_len(q) > 0 ? param_at_index(q, 0) : NULL));
  CHECK_FAILS(st_train_load(path, q, opt3) != 0, ST_ERR_ARG, "this optimizer is SGD");
  CHECK_NEAR(st_item(st_sum_all(st_params_len(q) > 0 ? param_at_index(q, 0) : NULL)), before, 0);
  st_optim_free(opt);
  st_optim_free(opt2);
  st_optim_free(opt3);
  st_params_free(p);
  st_params_free(q);
  unlink(path);
}
