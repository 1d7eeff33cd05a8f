/* test_engine.c — eager autograd semantics, mirroring PyTorch's test_autograd categories:
   backward and grad, retain_graph, create_graph, allow_unused, accumulation, pruning, priority,
   hooks and their order, in-place and version errors, anomaly mode, grad modes, threads. */
#include <pthread.h>
#include <unistd.h>

#include "test.h"
#include "util.h"

static st_tensor *leaf(int n, const double *v) {
  st_tensor *t = st_from_data(ST_F64, 1, (const int64_t[]){n}, v);
  st_set_requires_grad(t, true);
  return t;
}
#define LEAF(...) leaf(sizeof((double[]){__VA_ARGS__}) / sizeof(double), (double[]){__VA_ARGS__})

TEST(backward_of_sum_of_squares_is_twice_x) {
  st_tensor *x = LEAF(1, 2, 3);
  CHECK(st_backward(st_sum_all(st_mul(x, x)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 2, 4, 6);
}

TEST(gradients_accumulate_across_backward_calls) {
  st_tensor *x = LEAF(1, 2);
  CHECK(st_backward(st_sum_all(st_mul_scalar(x, 3)), NULL, false, false) == 0);
  CHECK(st_backward(st_sum_all(st_mul_scalar(x, 3)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 6, 6);
  st_zero_grad(x);
  CHECK(st_grad_of(x) == NULL);
}

TEST(backward_with_explicit_grad_output) {
  st_tensor *x = LEAF(1, 2, 3);
  st_tensor *y = st_mul(x, x);
  st_tensor *g = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 0.5, -1});
  CHECK(st_backward(y, g, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 2, 2, -6);
}

TEST(backward_needs_scalar_or_grad) {
  st_tensor *x = LEAF(1, 2, 3);
  CHECK_FAILS(st_backward(st_mul(x, x), NULL, false, false) != 0, ST_ERR_AUTOGRAD, "only for scalar outputs");
  CHECK_FAILS(st_backward(st_mul(x, x), st_ones(ST_F64, ST_SHAPE(2)), false, false) != 0, ST_ERR_SHAPE,
              "Mismatch in shape");
  st_tensor *c = st_ones(ST_F64, ST_SHAPE(1));
  CHECK_FAILS(st_backward(c, NULL, false, false) != 0, ST_ERR_AUTOGRAD, "does not require grad");
}

TEST(second_backward_without_retain_graph_fails) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *y = st_sum_all(st_mul(x, x));
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK(st_backward(y, NULL, false, false) != 0);
  CHECK_EQ_INT(st_last_status(), ST_ERR_AUTOGRAD);
  CHECK(strstr(st_last_error(), "backward through the graph a second time") != NULL);
  CHECK(strstr(st_last_error(), "saved value 0 of MulBackward") != NULL); /* which value */
  CHECK(strstr(st_last_error(), "retain_graph = true") != NULL);          /* and the remedy */
  st_clear_error();
}

TEST(retain_graph_allows_a_second_backward) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *y = st_sum_all(st_mul(x, x));
  CHECK(st_backward(y, NULL, true, false) == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 4, 8);
}

TEST(create_graph_gives_second_derivatives) {
  st_tensor *x = LEAF(1, 2, 3), *g = NULL, *h = NULL;
  st_tensor *z = st_sum_all(st_pow_scalar(x, 3.0));
  st_grad_opts cg = {.create_graph = true};
  CHECK(st_autograd_grad(1, &z, NULL, 1, &x, &g, &cg) == 0);
  CHECK_CLOSE(g, 1e-12, 3, 12, 27);
  CHECK(st_requires_grad(g));
  st_tensor *gs = st_sum_all(g);
  CHECK(st_autograd_grad(1, &gs, NULL, 1, &x, &h, NULL) == 0);
  CHECK_CLOSE(h, 1e-12, 6, 12, 18);
  CHECK(st_grad_of(x) == NULL); /* st_autograd_grad never touches .grad */
}

TEST(unused_input_fails_unless_allowed) {
  st_tensor *x = LEAF(1, 2), *w = LEAF(5), *g[2] = {0};
  st_tensor *y = st_sum_all(st_mul(x, x));
  st_tensor *in[2] = {x, w};
  st_grad_opts keep = {.retain_graph = true};
  CHECK_FAILS(st_autograd_grad(1, &y, NULL, 2, in, g, &keep) != 0, ST_ERR_AUTOGRAD, "not have been used");
  st_grad_opts allow = {.retain_graph = true, .allow_unused = true};
  CHECK(st_autograd_grad(1, &y, NULL, 2, in, g, &allow) == 0);
  CHECK(g[1] == NULL);
  CHECK_CLOSE(g[0], 1e-12, 2, 4);
  st_grad_opts zeros = {.materialize_grads = true};
  CHECK(st_autograd_grad(1, &y, NULL, 2, in, g, &zeros) == 0);
  CHECK_CLOSE(g[1], 0, 0);
}

TEST(grad_of_an_intermediate_tensor) {
  st_tensor *x = LEAF(1, 2), *g = NULL;
  st_tensor *h = st_mul_scalar(x, 2);
  st_tensor *y = st_sum_all(st_mul(h, h)); /* dy/dh = 2h = 4x */
  CHECK(st_autograd_grad(1, &y, NULL, 1, &h, &g, NULL) == 0);
  CHECK_CLOSE(g, 1e-12, 4, 8);
}

TEST(non_differentiable_ops_do_not_require_grad) {
  st_tensor *x = LEAF(1, 2);
  CHECK(!st_requires_grad(st_lt(x, x)));
  CHECK(!st_requires_grad(st_argmax(x, 0, false)));
  CHECK(st_requires_grad(st_floor(x))); /* PyTorch: floor's output requires grad, gradient 0 */
  CHECK(st_requires_grad(st_mul(x, x)));
}

TEST(no_grad_and_inference_modes_record_nothing) {
  st_tensor *x = LEAF(1, 2);
  bool prev = st_set_grad_enabled(false);
  CHECK(!st_requires_grad(st_mul(x, x)));
  st_set_grad_enabled(prev);
  CHECK(st_is_grad_enabled());
  st_set_inference_mode(true);
  CHECK(!st_requires_grad(st_mul(x, x)));
  st_set_inference_mode(false);
}

/* test_autograd.py TestAutogradInferenceMode.test_inference_mode_existing_autograd_session: a
   normal tensor written in inference mode still counts its version, so a backward that saved it
   fails; inference tensors count none and autograd refuses them outside inference mode
   (test_inference_mode_inf_tensor_in_normal_mode_*). */
TEST(inference_mode_counts_versions_of_normal_tensors_only) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *h = st_mul_scalar(x, 1);
  st_tensor *y = st_sum_all(st_mul(h, x)); /* MulBackward saves h */
  st_set_inference_mode(true);
  CHECK(!st_is_grad_enabled());
  CHECK(st_add_scalar_(h, 0) == 0);
  st_tensor *inf = st_ones(ST_F64, ST_SHAPE(2));
  CHECK(st_add_scalar_(inf, 1) == 0); /* inside inference mode an inference tensor is writable */
  st_set_inference_mode(false);
  CHECK(st_is_grad_enabled());
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_INPLACE,
              "modified by an inplace operation");
  CHECK(st_add(inf, x) != NULL); /* functional use is fine */
  CHECK_FAILS(!st_mul(inf, x), ST_ERR_AUTOGRAD, "cannot be saved for backward");
  CHECK_FAILS(st_add_scalar_(inf, 1) != 0, ST_ERR_INPLACE, "outside inference mode");
  CHECK_FAILS(st_set_requires_grad(inf, true) != 0, ST_ERR_AUTOGRAD, "inference tensor");
  CHECK_CLOSE(inf, 0, 2, 2); /* the refused write changed nothing */
  CHECK_FAILS(st_add_scalar_(st_slice(inf, 0, 0, 1, 1), 1) != 0, ST_ERR_INPLACE,
              "outside inference mode"); /* a view of an inference tensor is one */
  st_tensor *normal = st_clone(inf); /* a clone outside inference mode is normal */
  CHECK(st_mul(normal, x) != NULL);
}

TEST(detach_shares_storage_without_history) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *y = st_mul(x, x);
  st_tensor *d = st_detach(y);
  CHECK(!st_requires_grad(d) && st_is_leaf(d));
  CHECK(st_data_ptr(d) == st_data_ptr(y));
}

TEST(grad_fn_names_and_edges) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *y = st_mul(st_exp(x), x);
  st_node *n = st_grad_fn(y);
  CHECK(strcmp(st_node_name(n), "MulBackward") == 0);
  CHECK_EQ_INT(st_node_num_next(n), 2);
  CHECK(strcmp(st_node_name(st_node_next(n, 0, NULL)), "ExpBackward") == 0);
  CHECK(strcmp(st_node_name(st_node_next(n, 1, NULL)), "AccumulateGrad") == 0);
  CHECK(st_grad_fn(x) == NULL && st_is_leaf(x) && !st_is_leaf(y));
  CHECK(st_node_sequence_nr(n) > st_node_sequence_nr(st_node_next(n, 0, NULL)));
}

/* ------------------------------------------------------------------------------- pruning */

TEST(pruning_halves_matmul_kernels_when_only_the_input_gradient_is_wanted) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4, 8)), *w1 = st_randn(ST_F64, ST_SHAPE(8, 8)),
            *w2 = st_randn(ST_F64, ST_SHAPE(8, 8)), *g = NULL;
  st_set_requires_grad(x, true);
  st_set_requires_grad(w1, true);
  st_set_requires_grad(w2, true);
  st_tensor *y = st_sum_all(st_matmul(st_tanh(st_matmul(x, w1)), w2));
  st_grad_opts keep = {.retain_graph = true};
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, &keep) == 0);
  int64_t only_input = st_profiler_count("matmul");
  st_tensor *all[3] = {x, w1, w2}, *gs[3] = {0};
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, NULL, 3, all, gs, NULL) == 0);
  int64_t everything = st_profiler_count("matmul");
  st_profiler_stop();
  CHECK_EQ_INT(only_input, 2);
  CHECK_EQ_INT(everything, 4);
  CHECK(st_grad_of(w1) == NULL);
}

/* ------------------------------------------------------------------------------ priority */

static char order_log[256];
static int log_node(void *user, st_node *n, int nin, st_tensor *const *gi, int nout, st_tensor *const *go) {
  (void)n, (void)nin, (void)gi, (void)nout, (void)go;
  strcat(order_log, (const char *)user);
  return 0;
}

TEST(ready_nodes_run_later_created_first_unless_prioritized) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *a = st_exp(x), *b = st_sin(x); /* both ready after the add */
  st_tensor *y = st_sum_all(st_add(a, b));
  st_node_register_hook(st_grad_fn(a), log_node, "a");
  st_node_register_hook(st_grad_fn(b), log_node, "b");
  order_log[0] = 0;
  CHECK(st_backward(y, NULL, true, false) == 0);
  CHECK(strcmp(order_log, "ba") == 0);
  st_node_set_priority(st_grad_fn(a), 10);
  CHECK_EQ_INT(st_node_priority(st_grad_fn(a)), 10);
  order_log[0] = 0;
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK(strcmp(order_log, "ab") == 0);
}

/* --------------------------------------------------------------------------------- hooks */

static int tensor_hook_log(void *user, st_tensor *g, st_tensor **replace) {
  (void)g, (void)replace;
  strcat(order_log, (const char *)user);
  return 0;
}
static int pre_hook_log(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)n, (void)nout, (void)g, (void)replace;
  strcat(order_log, (const char *)user);
  return 0;
}
static int post_acc_log(void *user, st_tensor *t) {
  (void)t;
  strcat(order_log, (const char *)user);
  return 0;
}

TEST(hooks_run_in_pytorch_order) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *h = st_mul_scalar(x, 2);
  st_tensor *y = st_sum_all(st_mul(h, h));
  st_node *hn = st_grad_fn(h);
  st_node_register_hook(hn, log_node, "[post]");
  st_node_register_prehook(hn, pre_hook_log, "[pre]");
  CHECK(st_retain_grad(h) == 0);
  st_tensor_register_hook(h, tensor_hook_log, "[tensor]");
  st_tensor_register_hook(x, tensor_hook_log, "[leaf]");
  st_tensor_register_post_accumulate_grad_hook(x, post_acc_log, "[acc]");
  order_log[0] = 0;
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK(strcmp(order_log, "[tensor][pre][post][leaf][acc]") == 0);
  CHECK_CLOSE(st_grad_of(h), 1e-12, 4, 8); /* retains-grad saw the gradient */
  CHECK_CLOSE(st_grad_of(x), 1e-12, 8, 16);
}

static int double_it(void *user, st_tensor *g, st_tensor **replace) {
  (void)user;
  *replace = st_mul_scalar(g, 2);
  return *replace ? 0 : -1;
}

TEST(tensor_hook_replaces_the_gradient_and_can_be_removed) {
  st_tensor *x = LEAF(1, 2);
  int64_t handle = st_tensor_register_hook(x, double_it, NULL);
  CHECK(handle > 0);
  CHECK(st_backward(st_sum_all(st_mul_scalar(x, 3)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 6, 6);
  CHECK(st_remove_hook(handle));
  CHECK(!st_remove_hook(handle));
  st_zero_grad(x);
  CHECK(st_backward(st_sum_all(st_mul_scalar(x, 3)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 3, 3);
}

TEST(tensor_hooks_run_for_inputs_of_autograd_grad) {
  st_tensor *x = LEAF(1, 2), *g = NULL;
  st_tensor_register_hook(x, double_it, NULL);
  st_tensor *y = st_sum_all(st_mul_scalar(x, 3));
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, NULL) == 0);
  CHECK_CLOSE(g, 1e-12, 6, 6);
}

static int failing_hook(void *user, st_tensor *g, st_tensor **replace) {
  (void)user, (void)g, (void)replace;
  return st_hook_error(ST_ERR_ARG, "my hook refused");
}

TEST(a_failing_hook_fails_backward_with_its_message) {
  st_tensor *x = LEAF(1, 2);
  st_tensor_register_hook(x, failing_hook, NULL);
  CHECK_FAILS(st_backward(st_sum_all(st_mul_scalar(x, 3)), NULL, false, false) != 0, ST_ERR_ARG, "my hook refused");
}

static st_node *seen_node;
static int remember_current(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)user, (void)n, (void)nout, (void)g, (void)replace;
  seen_node = st_current_node();
  return 0;
}

TEST(current_node_is_set_only_during_backward) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *y = st_exp(x);
  st_node *n = st_grad_fn(y);
  CHECK(st_current_node() == NULL);
  st_node_register_prehook(n, remember_current, NULL);
  seen_node = NULL;
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK(seen_node == n); /* hooks run while their node is current */
  CHECK(st_current_node() == NULL);
}

/* ------------------------------------------------------------------------------- in-place */

TEST(modifying_a_saved_tensor_fails_backward_naming_shape_node_and_versions) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *h = st_mul_scalar(x, 1);
  st_tensor *y = st_sum_all(st_mul(h, h)); /* MulBackward saves h */
  bool prev = st_set_grad_enabled(false);
  CHECK(st_add_scalar_(h, 1) == 0);
  st_set_grad_enabled(prev);
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_INPLACE, "modified by an inplace operation");
  st_clear_error();
  st_tensor *y2 = st_sum_all(st_mul(h, h));
  prev = st_set_grad_enabled(false);
  st_add_scalar_(h, 1);
  st_set_grad_enabled(prev);
  CHECK(st_backward(y2, NULL, false, false) != 0);
  CHECK(strstr(st_last_error(), "[2]") && strstr(st_last_error(), "MulBackward") &&
        strstr(st_last_error(), "version 2; expected version 1"));
  st_clear_error();
}

TEST(in_place_on_a_leaf_that_requires_grad_fails) {
  st_tensor *x = LEAF(1, 2);
  CHECK_FAILS(st_add_scalar_(x, 1) != 0, ST_ERR_INPLACE, "leaf");
  CHECK_CLOSE(x, 0, 1, 2);
  bool prev = st_set_grad_enabled(false); /* what an optimizer step does */
  CHECK(st_add_scalar_(x, 1) == 0);
  st_set_grad_enabled(prev);
  CHECK_CLOSE(x, 0, 2, 3);
}

TEST(in_place_on_a_non_leaf_rebases_its_history) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *h = st_sin(x); /* saves x, not its output */
  CHECK(st_mul_scalar_(h, 3) == 0);
  CHECK(strcmp(st_node_name(st_grad_fn(h)), "MulScalarBackward") == 0);
  CHECK(st_backward(st_sum_all(h), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 3 * cos(1), 3 * cos(2));
}

TEST(in_place_on_a_saved_output_fails_as_in_pytorch) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *h = st_exp(x); /* ExpBackward saves h itself */
  CHECK(st_mul_scalar_(h, 3) == 0);
  CHECK_FAILS(st_backward(st_sum_all(h), NULL, false, false) != 0, ST_ERR_INPLACE, "ExpBackward");
}

TEST(in_place_mul_with_a_tensor_uses_the_value_before_the_write) {
  st_tensor *x = LEAF(2, 3), *w = LEAF(5, 7);
  st_tensor *h = st_mul_scalar(x, 1);
  CHECK(st_mul_(h, w) == 0); /* h = x * w */
  CHECK(st_backward(st_sum_all(h), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 5, 7);
  CHECK_CLOSE(st_grad_of(w), 1e-12, 2, 3);
}

TEST(retains_grad_moves_to_the_rebased_node) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *h = st_mul_scalar(x, 2);
  st_retain_grad(h);
  st_add_scalar_(h, 1);
  CHECK(st_backward(st_sum_all(st_mul(h, h)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(h), 1e-12, 6, 10); /* 2 * (2x + 1) */
}

/* test_autograd.py TestAutograd.test_inplace_on_view_backward (the base's history gets the
   write: CopySlices) */
TEST(in_place_through_a_view_writes_the_base_and_its_history) {
  st_tensor *x = LEAF(1, 2, 3);
  st_tensor *h = st_mul_scalar(x, 1);
  st_tensor *v = st_slice(h, 0, 0, 2, 1);
  CHECK(st_mul_scalar_(v, 2) == 0);
  CHECK_CLOSE(h, 0, 2, 4, 3);
  CHECK(strcmp(st_node_name(st_grad_fn(h)), "CopySlices") == 0);
  CHECK(st_backward(st_sum_all(h), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 2, 2, 1);
}

/* test_autograd.py TestAutograd.test_inplace_on_view_of_view (view replay: a view taken before
   its base was written differentiates through the write) */
TEST(a_view_taken_before_its_base_changed_sees_the_write) {
  st_tensor *x = LEAF(1, 2, 3);
  st_tensor *h = st_mul_scalar(x, 1);
  st_tensor *v = st_slice(h, 0, 0, 2, 1);
  CHECK(st_mul_scalar_(h, 2) == 0);
  st_tensor *y = st_sum_all(st_mul(v, v)); /* v = 2 x[0:2] */
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 8, 16, 0);
}

/* -------------------------------------------------------------------------------- anomaly */

TEST(anomaly_mode_names_the_node_and_its_site_on_nan) {
  st_set_anomaly_mode(true, true);
  st_tensor *x = LEAF(0, 1);
  ST_SITE();
  st_tensor *y = st_sum_all(st_mul_scalar(st_sqrt(x), 0)); /* 0 * d sqrt(0) = 0 * inf = nan */
  CHECK(strstr(st_node_creation_site(st_grad_fn(y)), "test_engine.c") != NULL);
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_AUTOGRAD, "SqrtBackward");
  st_set_anomaly_mode(false, false);
  st_set_site(NULL, 0, NULL);
}

TEST(graph_to_dot_draws_nodes_and_edges) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *y = st_sum_all(st_mul(st_exp(x), x));
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  CHECK(st_graph_to_dot(&y, 1, f) == 0);
  fclose(f);
  CHECK(strstr(buf, "MulBackward") && strstr(buf, "ExpBackward") && strstr(buf, "AccumulateGrad") && strstr(buf, "->"));
  free(buf);
}

static void count_node(void *user, st_node *n) {
  (void)n;
  (*(int *)user)++;
}

TEST(graph_walk_visits_every_node_once) {
  st_tensor *x = LEAF(1, 2);
  st_tensor *e = st_exp(x);
  st_tensor *y = st_sum_all(st_mul(e, e));
  int count = 0;
  CHECK(st_graph_walk(&y, 1, count_node, &count) == 0);
  CHECK_EQ_INT(count, 4); /* SumAll, Mul, Exp, AccumulateGrad */
}

/* -------------------------------------------------------------------------------- threads */

static void *thread_grad(void *arg) {
  double *result = arg;
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){result[0], result[1], result[2]});
  st_set_requires_grad(x, true);
  for (int i = 0; i < 200; i++) {
    st_tensor *y = st_sum_all(st_mul(st_tanh(x), st_exp(x)));
    if (st_backward(y, NULL, false, false)) break;
    st_release(y);
  }
  st_tensor *g = st_grad_of(x);
  if (g) st_to_f64(g, result, 3);
  st_scope_pop();
  return NULL;
}

TEST(independent_graphs_on_two_threads_match_sequential_results) {
  double a[3] = {0.1, 0.2, 0.3}, b[3] = {-1, 0.5, 2}, a2[3] = {0.1, 0.2, 0.3}, b2[3] = {-1, 0.5, 2};
  pthread_t t1, t2;
  pthread_create(&t1, NULL, thread_grad, a);
  pthread_create(&t2, NULL, thread_grad, b);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  thread_grad(a2);
  thread_grad(b2);
  for (int i = 0; i < 3; i++) {
    CHECK_NEAR(a[i], a2[i], 1e-12);
    CHECK_NEAR(b[i], b2[i], 1e-12);
  }
}

/* ------------------------------------------------------------------------------ gradcheck */

static int tanh_exp(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(st_tanh(in[0]), st_exp(in[1]));
  return out[0] ? 0 : -1;
}
static int wrong_grad(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], st_detach(in[0])); /* analytical 1*x, numerical 2*x */
  return out[0] ? 0 : -1;
}

TEST(gradcheck_accepts_correct_and_rejects_wrong_gradients) {
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(3)), *b = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(a, true);
  st_set_requires_grad(b, true);
  st_tensor *in[2] = {a, b};
  CHECK(st_gradcheck(tanh_exp, NULL, 2, in, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(tanh_exp, NULL, 2, in, 1, 1e-6, 1e-7, 1e-5) == 0);
  CHECK_FAILS(st_gradcheck(wrong_grad, NULL, 1, in, 1, 1e-6, 1e-8, 1e-6) != 0, ST_ERR_AUTOGRAD, "input 0");
}

/* ------------------------------------------------------------------------------- profiler */

TEST(profiler_counts_forward_ops_and_backward_nodes_and_writes_a_trace) {
  st_tensor *x = LEAF(1, 2);
  st_profiler_start();
  st_tensor *y = st_sum_all(st_mul(st_exp(x), x));
  CHECK(st_backward(y, NULL, false, false) == 0);
  st_profiler_stop();
  CHECK_EQ_INT(st_profiler_count("exp"), 1);
  CHECK_EQ_INT(st_profiler_count("ExpBackward"), 1);
  CHECK_EQ_INT(st_profiler_count("MulBackward"), 1);
  char *table = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&table, &len);
  st_profiler_print(f);
  fclose(f);
  CHECK(strstr(table, "ExpBackward") && strstr(table, "backward") && strstr(table, "forward"));
  free(table);
  char path[] = "/tmp/strata_trace_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  close(fd);
  CHECK(st_profiler_write_trace(path) == 0);
  FILE *r = fopen(path, "r");
  char buf[4096] = {0};
  size_t got = r ? fread(buf, 1, sizeof buf - 1, r) : 0;
  if (r) fclose(r);
  remove(path);
  CHECK(got > 0 && strstr(buf, "\"traceEvents\"") && strstr(buf, "\"ph\": \"X\"") && strstr(buf, "MulBackward"));
  CHECK_FAILS(st_profiler_write_trace("/nonexistent/dir/trace.json") != 0, ST_ERR_IO, "cannot open");
}

static int mask_not_requiring_grad(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)n, (void)nout, (void)g, (void)replace;
  *(int *)user += 1;
  return 0;
}

TEST(saved_integer_outputs_never_get_history_under_create_graph) {
  /* max_pool2d saves its i64 indices; unpacking them in grad mode must not attach a grad_fn. */
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(1, 1, 4, 4)), *g = NULL;
  st_set_requires_grad(x, true);
  st_tensor *y = st_sum_all(st_max_pool2d(x, (const int64_t[]){2, 2}, NULL, NULL));
  int calls = 0;
  st_node_register_prehook(st_grad_fn(y), mask_not_requiring_grad, &calls);
  st_grad_opts cg = {.create_graph = true};
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, &cg) == 0);
  CHECK_EQ_INT(calls, 1);
  CHECK_EQ_INT(st_numel(g), 16);
  CHECK_CLOSE(st_sum_all(g), 1e-12, 4); /* one max per 2x2 window */
}

/* A leaf whose requires_grad is turned off after its graph was built gets no .grad, as
   PyTorch's AccumulateGrad returns early; the other leaf of the graph still gets its own. */
TEST(backward_skips_a_leaf_that_stopped_requiring_grad) {
  st_tensor *p = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *q = st_from_data(ST_F64, ST_SHAPE(3), (double[]){4, 5, 6});
  st_set_requires_grad(p, true);
  st_set_requires_grad(q, true);
  st_tensor *l = st_sum_all(st_mul(p, q));
  CHECK_EQ_INT(st_set_requires_grad(p, false), 0);
  CHECK_EQ_INT(st_backward(l, NULL, false, false), 0);
  CHECK(st_grad_of(p) == NULL);
  CHECK_CLOSE(st_grad_of(q), 0, 1, 2, 3);
}
