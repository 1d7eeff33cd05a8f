/* test_compiled_autograd_ported.c — cases ported from PyTorch's
   test/inductor/test_compiled_autograd.py (TestCompiledAutograd): each runs its steps with
   compiled autograd on and checks the values against torch's eager ones (gen_compiled_autograd.py)
   and the counts (st_compiled_autograd_get_stats) against the test's check_output_and_recompiles
   count where strata's cache behaves as PyTorch's: one capture per graph, one recompile when a
   size changes. Where it differs the case says so: a backward through a custom function runs
   eagerly (a documented fallback: its backward is user C code, so nothing can guard what it reads),
   and a graph does not depend on whether a leaf already has a .grad (the accumulation follows the
   graph), so test_accumulate_without_zero compiles once where PyTorch compiles twice.
   Not ported: the cases about dynamo, bytecode, inductor and C++ extensions, and
   test_tensor_grad_hook3 (a node post-hook that replaces the gradients it sees: strata's post
   hooks observe). */
#include <math.h>
#include <string.h>

#include "conf.h"
#include "expected_compiled_autograd.h"

static st_tensor *leaf_of(const conf_array *a) {
  st_tensor *t = conf_tensor(a);
  st_set_requires_grad(t, true);
  return t;
}

static st_compile_stats ca_stats(void) {
  st_compile_stats s = {0};
  CF_OK(st_compiled_autograd_get_stats(&s));
  return s;
}

/* The counts since s0: calls, compiles, cache hits, fallbacks. */
#define CA_COUNTS(s0, ncalls, ncompiles, nhits, nfallbacks)                                        \
  do {                                                                                             \
    st_compile_stats s1_ = ca_stats();                                                             \
    CF_EQ_INT(s1_.calls - (s0).calls, ncalls);                                                     \
    CF_EQ_INT(s1_.compiles - (s0).compiles, ncompiles);                                            \
    CF_EQ_INT(s1_.cache_hits - (s0).cache_hits, nhits);                                            \
    CF_EQ_INT(s1_.fallbacks - (s0).fallbacks, nfallbacks);                                         \
  } while (0)

/* Linear(4, 4), ReLU, Linear(4, 4), ReLU, summed (p: W0, b0, W2, b2). */
static st_tensor *two_layer_loss(st_tensor *const *p, st_tensor *x) {
  return st_sum_all(st_relu(st_linear(st_relu(st_linear(x, p[0], p[1])), p[2], p[3])));
}

static st_tensor *one_layer_loss(st_tensor *const *p, st_tensor *x) {
  return st_sum_all(st_relu(st_linear(x, p[0], p[1])));
}

/* The first n of a case's inputs as leaves requiring grad, the rest as constants. */
static void inputs_of(const conf_array *in, int n, int nleaves, st_tensor **t) {
  for (int i = 0; i < n; i++) t[i] = i < nleaves ? leaf_of(&in[i]) : CT(in[i]);
}

/* test_basic, test_cache_hit: a new model each iteration, one capture for all. */
static void mlp_iterations(const conf_array *const *in, const conf_array *const *out, int n) {
  for (int it = 0; it < n; it++) {
    st_tensor *t[5];
    inputs_of(in[it], 5, 4, t);
    CF_OK(st_backward(two_layer_loss(t, t[4]), NULL, false, false));
    for (int k = 0; k < 4; k++)
      CF_CHECK(conf_expect(__FILE__, __LINE__, "grad", st_grad_of(t[k]), &out[it][k], CF_RTOL));
  }
}

CONF_TEST(conf_ca_basic) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  mlp_iterations((const conf_array *const[]){ca_basic_0_in},
                 (const conf_array *const[]){ca_basic_0_out}, 1);
  CA_COUNTS(s0, 1, 1, 0, 0);
  st_set_compiled_autograd(prev);
}

CONF_TEST(conf_ca_cache_hit) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  mlp_iterations(
      (const conf_array *const[]){ca_cache_hit_0_in, ca_cache_hit_1_in, ca_cache_hit_2_in},
      (const conf_array *const[]){ca_cache_hit_0_out, ca_cache_hit_1_out, ca_cache_hit_2_out}, 3);
  CA_COUNTS(s0, 3, 1, 2, 0);
  st_set_compiled_autograd(prev);
}

static int times_two(void *user, st_tensor *grad, st_tensor **replace) {
  (void)user;
  *replace = st_mul_scalar(grad, 2);
  return *replace ? 0 : st_last_status();
}

static int plus_one(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)user, (void)n, (void)nout;
  replace[0] = st_add_scalar(g[0], 1);
  return replace[0] ? 0 : st_last_status();
}

/* test_tensor_grad_hook1 (a tensor hook on the weight) and test_tensor_grad_hook2 (a pre-hook on
   the root's node): three new models, one capture. */
static void hooked_iterations(bool node_hook, const conf_array *const *in,
                              const conf_array *const *out) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  for (int it = 0; it < 3; it++) {
    st_tensor *t[3];
    inputs_of(in[it], 3, 2, t);
    if (!node_hook) CF_CHECK(st_tensor_register_hook(t[0], times_two, NULL) > 0);
    st_tensor *r = one_layer_loss(t, t[2]);
    if (node_hook) CF_CHECK(st_node_register_prehook(st_grad_fn(r), plus_one, NULL) > 0);
    CF_OK(st_backward(r, NULL, false, false));
    for (int k = 0; k < 2; k++)
      CF_CHECK(conf_expect(__FILE__, __LINE__, "grad", st_grad_of(t[k]), &out[it][k], CF_RTOL));
  }
  CA_COUNTS(s0, 3, 1, 2, 0);
  st_set_compiled_autograd(prev);
}

CONF_TEST(conf_ca_tensor_grad_hook1) {
  hooked_iterations(
      false,
      (const conf_array *const[]){ca_tensor_grad_hook1_0_in, ca_tensor_grad_hook1_1_in,
                                  ca_tensor_grad_hook1_2_in},
      (const conf_array *const[]){ca_tensor_grad_hook1_0_out, ca_tensor_grad_hook1_1_out,
                                  ca_tensor_grad_hook1_2_out});
}

CONF_TEST(conf_ca_tensor_grad_hook2) {
  hooked_iterations(
      true,
      (const conf_array *const[]){ca_tensor_grad_hook2_0_in, ca_tensor_grad_hook2_1_in,
                                  ca_tensor_grad_hook2_2_in},
      (const conf_array *const[]){ca_tensor_grad_hook2_0_out, ca_tensor_grad_hook2_1_out,
                                  ca_tensor_grad_hook2_2_out});
}

/* test_implicit_add: y feeds three ops; its gradients add up inside the graph. */
CONF_TEST(conf_ca_implicit_add) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *y = leaf_of(&ca_implicit_add_y);
  for (int it = 0; it < 3; it++) {
    st_tensor *x = CT(ca_implicit_add_x[it]);
    st_tensor *r = st_sum_all(st_sigmoid(st_add(st_add(st_mul(x, y), st_sin(y)), st_cos(y))));
    CF_OK(st_backward(r, NULL, false, false));
    CF_EXPECT(r, ca_implicit_add_out[2 * it]);
    CF_EXPECT(st_grad_of(y), ca_implicit_add_out[2 * it + 1]);
    st_zero_grad(y);
  }
  CA_COUNTS(s0, 3, 1, 2, 0);
  st_set_compiled_autograd(prev);
}

/* test_output_nodes_all_leaves: autograd.grad to both leaves leaves .grad alone;
   test_no_output_nodes_all_leaves: backward fills .grad; one capture each. */
CONF_TEST(conf_ca_output_nodes_all_leaves) {
  bool prev = st_set_compiled_autograd(true);
  st_tensor *y = leaf_of(&ca_yz_leaves[0]), *z = leaf_of(&ca_yz_leaves[1]);
  for (int pass = 0; pass < 2; pass++) {
    st_compile_stats s0 = ca_stats();
    for (int it = 0; it < 3; it++) {
      st_tensor *x = CT(ca_yz_x[it]);
      st_tensor *r = st_sum_all(st_sigmoid(st_add(st_add(st_mul(x, z), st_sin(y)), st_cos(y))));
      st_tensor *g[2] = {NULL, NULL};
      if (pass == 0) {
        CF_OK(st_autograd_grad(1, &r, NULL, 2, (st_tensor *const[]){y, z}, g, NULL));
        CF_CHECK(!st_grad_of(y) && !st_grad_of(z));
      } else {
        CF_OK(st_backward(r, NULL, false, false));
        g[0] = st_grad_of(y), g[1] = st_grad_of(z);
        st_zero_grad(y);
        st_zero_grad(z);
      }
      CF_EXPECT(g[0], ca_yz_out[2 * it]);
      CF_EXPECT(g[1], ca_yz_out[2 * it + 1]);
    }
    CA_COUNTS(s0, 3, 1, 2, 0);
  }
  st_set_compiled_autograd(prev);
}

/* A custom identity whose backward must never run (the tests' UnreachableBwd). */
static int ident_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_clone(in[0]);
  return out[0] ? 0 : -1;
}
static int unreachable_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  (void)ctx, (void)g, (void)gi;
  return st_hook_error(ST_ERR_AUTOGRAD, "UnreachableBwd ran");
}
static const st_custom_fn unreachable = {.name = "UnreachableBwd",
                                         .nin = 1,
                                         .nout = 1,
                                         .forward = ident_fwd,
                                         .backward = unreachable_bwd};

static st_tensor *unreachable_of(st_tensor *t) {
  st_tensor *out = NULL;
  CF_OK(st_custom_apply(&unreachable, &t, &out));
  return out;
}

/* test_output_nodes_some_leaves (autograd.grad to z past an unreachable custom function on y)
   and test_no_output_nodes_some_leaves (backward with inputs = [y, z], the custom function on a):
   the pruned custom node neither runs nor keeps the graph from being compiled. */
CONF_TEST(conf_ca_some_leaves) {
  bool prev = st_set_compiled_autograd(true);
  st_tensor *y = leaf_of(&ca_some_leaves_leaves[0]), *z = leaf_of(&ca_some_leaves_leaves[1]);
  st_tensor *a = leaf_of(&ca_some_leaves_leaves[2]);
  st_compile_stats s0 = ca_stats();
  for (int it = 0; it < 3; it++) {
    st_tensor *x = CT(ca_some_leaves_x[it]), *gz = NULL;
    st_tensor *r = st_sum_all(st_sigmoid(st_mul(unreachable_of(y), z)));
    CF_OK(st_autograd_grad(1, &r, NULL, 1, &z, &gz, NULL));
    CF_EXPECT(gz, ca_some_leaves_out[3 * it]);
    r = st_sum_all(st_sigmoid(st_mul(st_mul(st_mul(x, y), z), unreachable_of(a))));
    st_backward_opts o = {.ninputs = 2, .inputs = (st_tensor *const[]){y, z}};
    CF_OK(st_backward_ex(1, &r, NULL, &o));
    CF_CHECK(!st_grad_of(a));
    CF_EXPECT(st_grad_of(y), ca_some_leaves_out[3 * it + 1]);
    CF_EXPECT(st_grad_of(z), ca_some_leaves_out[3 * it + 2]);
    st_zero_grad(y);
    st_zero_grad(z);
  }
  CA_COUNTS(s0, 6, 2, 4, 0);
  st_set_compiled_autograd(prev);
}

/* test_no_output_nodes_different_leaves_will_recompile: the same graph accumulating into x, then
   into y, is two graphs (PyTorch: count 2). */
CONF_TEST(conf_ca_different_leaves_recompile) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *t[3];
  inputs_of(ca_different_leaves_in, 3, 3, t);
  for (int k = 0; k < 2; k++) {
    st_tensor *loss = st_sum_all(st_mul(st_mul(t[0], t[1]), t[2]));
    st_backward_opts o = {.ninputs = 1, .inputs = &t[k]};
    CF_OK(st_backward_ex(1, &loss, NULL, &o));
    CF_EXPECT(st_grad_of(t[k]), ca_different_leaves_out[k]);
    CF_CHECK(!st_grad_of(t[2]) && !st_grad_of(t[1 - k]));
    st_zero_grad(t[k]);
  }
  CA_COUNTS(s0, 2, 2, 0, 0);
  st_set_compiled_autograd(prev);
}

/* test_dynamic_shapes: batches 10, 20, ..., 90; the second size makes the batch symbolic
   (PyTorch: count 2), every later one is a hit. */
CONF_TEST(conf_ca_dynamic_shapes) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *p[4];
  inputs_of(ca_dynamic_shapes_params, 4, 4, p);
  for (int it = 0; it < 9; it++) {
    CF_OK(st_backward(two_layer_loss(p, CT(ca_dynamic_shapes_x[it])), NULL, false, false));
    for (int k = 0; k < 4; k++) {
      CF_CHECK(conf_expect(__FILE__, __LINE__, "grad", st_grad_of(p[k]),
                           &ca_dynamic_shapes_out[4 * it + k], CF_RTOL));
      st_zero_grad(p[k]);
    }
  }
  CA_COUNTS(s0, 9, 2, 7, 0);
  st_set_compiled_autograd(prev);
}

/* test_accumulate_without_zero: ten backwards adding into the same .grad. PyTorch's count is 2
   (its first graph steals into an empty .grad, later ones add); here the accumulation follows
   the graph, so one graph serves all ten. */
CONF_TEST(conf_ca_accumulate_without_zero) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *p[4];
  inputs_of(ca_accumulate_params, 4, 4, p);
  for (int it = 0; it < 10; it++) {
    CF_OK(st_backward(two_layer_loss(p, CT(ca_accumulate_x[it])), NULL, false, false));
    for (int k = 0; k < 4; k++)
      CF_CHECK(conf_expect(__FILE__, __LINE__, "grad", st_grad_of(p[k]),
                           &ca_accumulate_out[4 * it + k], CF_RTOL));
  }
  CA_COUNTS(s0, 10, 1, 9, 0);
  st_set_compiled_autograd(prev);
}

/* test_inplace_grad_update: .grad set to a fresh tensor before each backward, which adds into
   that very tensor (PyTorch: count 1). */
CONF_TEST(conf_ca_inplace_grad_update) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *p[2];
  inputs_of(ca_inplace_grad_params, 2, 2, p);
  for (int it = 0; it < 10; it++) {
    st_tensor *wg = CT(ca_inplace_grad_in[3 * it]), *bg = CT(ca_inplace_grad_in[3 * it + 1]);
    CF_OK(st_set_grad(p[0], wg));
    CF_OK(st_set_grad(p[1], bg));
    CF_OK(st_backward(one_layer_loss(p, CT(ca_inplace_grad_in[3 * it + 2])), NULL, false, false));
    st_tensor *gw = st_grad_of(p[0]), *gb = st_grad_of(p[1]);
    CF_CHECK(gw == wg && gb == bg);
    CF_EXPECT(wg, ca_inplace_grad_out[2 * it]);
    CF_EXPECT(bg, ca_inplace_grad_out[2 * it + 1]);
  }
  CA_COUNTS(s0, 10, 1, 9, 0);
  st_set_compiled_autograd(prev);
}

/* test_keep_graph_simple and test_keep_graph_usage_after_compiled: a retained graph run again
   and again, eagerly and compiled in turn, gives dy/dx = 4 at x = 2 each time. */
CONF_TEST(conf_ca_keep_graph) {
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(1), (double[]){2});
  st_set_requires_grad(x, true);
  st_tensor *y = st_pow_scalar(x, 2);
  bool was = st_set_compiled_autograd(false); /* the first backward is eager's */
  CF_OK(st_backward(y, NULL, true, false));
  st_set_compiled_autograd(was);
  CF_VALUES(st_grad_of(x), 4);
  st_compile_stats s0 = ca_stats();
  for (int it = 0; it < 5; it++) {
    for (int compiled = 1; compiled >= 0; compiled--) {
      bool prev = st_set_compiled_autograd(compiled);
      CF_OK(st_set_grad(x, st_zeros(ST_F64, ST_SHAPE(1))));
      CF_OK(st_backward(y, NULL, true, false));
      CF_VALUES(st_grad_of(x), 4);
      st_set_compiled_autograd(prev);
    }
  }
  CA_COUNTS(s0, 5, 1, 4, 0);
}

/* test_accumulate_grad_accuracy: Linear(2, 1) then Linear(1, 2) without biases. */
CONF_TEST(conf_ca_accumulate_grad_accuracy) {
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *t[3];
  inputs_of(ca_accuracy_in, 3, 2, t);
  CF_OK(st_backward(st_sum_all(st_linear(st_linear(t[2], t[0], NULL), t[1], NULL)), NULL, false,
                    false));
  CF_EXPECT(st_grad_of(t[0]), ca_accuracy_out[0]);
  CF_EXPECT(st_grad_of(t[1]), ca_accuracy_out[1]);
  CA_COUNTS(s0, 1, 1, 0, 0);
  st_set_compiled_autograd(prev);
}

/* test_mismatch_fake_tensor_mode: out = x + y with y.grad dropped first; y.grad is ones. */
CONF_TEST(conf_ca_add_of_a_constant) {
  bool prev = st_set_compiled_autograd(true);
  st_tensor *x = st_rand(ST_F64, ST_SHAPE(8, 16)), *y = st_rand(ST_F64, ST_SHAPE(8, 16));
  st_set_requires_grad(y, true);
  for (int it = 0; it < 2; it++) {
    st_zero_grad(y);
    CF_OK(st_backward(st_sum_all(st_add(x, y)), NULL, false, false));
    CF_CHECK(st_item(st_amin_all(st_grad_of(y))) == 1 && st_item(st_amax_all(st_grad_of(y))) == 1);
  }
  st_set_compiled_autograd(prev);
}

/* ----------------------------------------------------------------- custom functions */

static int sin_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nout;
  for (int i = 0; i < nin; i++)
    if (!(out[i] = st_sin(in[i]))) return -1;
  return 0;
}
static int save_inputs(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, st_ctx_user(ctx) ? 2 : 1, in);
}
static int sin_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  for (int i = 0; i < st_ctx_num_saved(ctx); i++)
    if (!(gi[i] = st_mul(g[i], st_cos(st_ctx_saved(ctx, i))))) return -1;
  return 0;
}
static int sum_and_y_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_add(in[0], in[1]);
  out[1] = st_clone(in[1]);
  return out[0] && out[1] ? 0 : -1;
}
static int pass_through_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  (void)ctx;
  gi[0] = st_clone(g[0]);
  gi[1] = st_clone(g[1]);
  return gi[0] && gi[1] ? 0 : -1;
}

/* test_custom_fn_saved_tensors (MySin), test_custom_fn_saved_multiple_tensors and
   test_custom_fn_multiple_grads at sizes 10, 100, 10, 15, 20, 25: torch's values; each backward
   through a custom function runs eagerly, counted as a fallback (PyTorch compiles them, count 2,
   tracing the Python backward; a C backward cannot be guarded). */
CONF_TEST(conf_ca_custom_fns) {
  static const st_custom_fn my_sin = {.name = "MySin",
                                      .nin = 1,
                                      .nout = 1,
                                      .forward = sin_fwd,
                                      .setup_context = save_inputs,
                                      .backward = sin_bwd};
  static int two = 2;
  static const st_custom_fn two_sins = {.name = "TwoSins",
                                        .nin = 2,
                                        .nout = 2,
                                        .user = &two,
                                        .forward = sin_fwd,
                                        .setup_context = save_inputs,
                                        .backward = sin_bwd};
  static const st_custom_fn sum_and_y = {.name = "SumAndY",
                                         .nin = 2,
                                         .nout = 2,
                                         .forward = sum_and_y_fwd,
                                         .backward = pass_through_bwd};
  bool prev = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  static const int sizes[6] = {10, 100, 10, 15, 20, 25};
  for (int it = 0; it < 6; it++) {
    const conf_array *want = &ca_custom_out[4 * it];
    st_tensor *x = st_arange(ST_F64, 0, sizes[it], 1), *o[2] = {NULL, NULL};
    st_set_requires_grad(x, true);
    CF_OK(st_custom_apply(&my_sin, &x, o));
    CF_OK(st_backward(st_sum_all(o[0]), NULL, false, false));
    CF_CHECK(conf_expect(__FILE__, __LINE__, "MySin", st_grad_of(x), &want[0], CF_RTOL));
    st_tensor *xy[2] = {st_arange(ST_F64, 0, sizes[it], 1), st_arange(ST_F64, 0, sizes[it], 1)};
    for (int k = 0; k < 2; k++) st_set_requires_grad(xy[k], true);
    CF_OK(st_custom_apply(&two_sins, xy, o));
    CF_OK(st_backward(st_sum_all(st_mul(o[0], o[1])), NULL, false, false));
    CF_CHECK(conf_expect(__FILE__, __LINE__, "TwoSins", st_grad_of(xy[0]), &want[1], CF_RTOL));
    for (int k = 0; k < 2; k++) st_zero_grad(xy[k]);
    CF_OK(st_custom_apply(&sum_and_y, xy, o));
    CF_OK(st_backward(st_sum_all(st_add(o[0], o[1])), NULL, false, false));
    CF_CHECK(conf_expect(__FILE__, __LINE__, "SumAndY x", st_grad_of(xy[0]), &want[2], CF_RTOL));
    CF_CHECK(conf_expect(__FILE__, __LINE__, "SumAndY y", st_grad_of(xy[1]), &want[3], CF_RTOL));
  }
  CA_COUNTS(s0, 18, 0, 0, 18);
  st_set_compiled_autograd(prev);
}
