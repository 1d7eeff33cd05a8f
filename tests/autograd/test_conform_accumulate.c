/* test_conform_accumulate.c — gradient accumulation into .grad and the hooks around it, against
   PyTorch's own values (conform_expected.h, written by gen_conform.py): in place without
   create_graph, out of place with it, the gradient layout contract of accumulate_grad.h, stealing,
   retains-grad, and the order and snapshots of hooks. Each case names the test of
   test/test_autograd.py it ports. */
#include "conform_expected.h"
#include "test.h"
#include "util.h"

#define CHECK_ARR(t, arr)                                                                          \
  st_test_close(__FILE__, __LINE__, (t), (arr), sizeof(arr) / sizeof(arr[0]), 1e-12)
#define F64(arr, ...) tu_tensor(ST_F64, ST_SHAPE(__VA_ARGS__), (arr))

static st_tensor *leaf_of(st_tensor *t) {
  st_set_requires_grad(t, true);
  return t;
}

/* ------------------------------------------------------------------------- accumulation */

/* test_autograd.py TestAutograd.test_accumulate_grad */
static void accumulate_grad_case(bool create_graph, const double *ref_want,
                                 const double *now_want) {
  double xs[25];
  for (int i = 0; i < 25; i++) xs[i] = i * 0.25 - 3;
  st_tensor *x = leaf_of(F64(xs, 5, 5)), *go = st_ones(ST_F64, ST_SHAPE(5, 5));
  st_tensor *y = st_add_scalar(x, 2);
  CHECK(st_backward(y, go, true, false) == 0);
  st_tensor *ref = st_grad_of(x), *clone = st_clone(ref);
  CHECK(st_backward(y, go, false, create_graph) == 0);
  st_test_close(__FILE__, __LINE__, ref, ref_want, 25, 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(x), now_want, 25, 0);
  CHECK_CLOSE(st_sum_all(clone), 0, 25);
}

TEST(accumulate_grad_is_in_place_without_create_graph) {
  accumulate_grad_case(false, accumulate_grad_ref_cg0, accumulate_grad_now_cg0);
}

TEST(accumulate_grad_is_out_of_place_under_create_graph) {
  accumulate_grad_case(true, accumulate_grad_ref_cg1, accumulate_grad_now_cg1);
}

/* test_autograd.py TestAutograd.test_accumulate_grad_tensor_reference (dense into dense) */
static void tensor_reference_case(bool create_graph, bool same, const double *grad_want,
                                  const double *saved_want) {
  st_tensor *p = leaf_of(st_full(ST_F64, ST_SHAPE(2), 1.5));
  st_tensor *given = st_full(ST_F64, ST_SHAPE(2), 1.5);
  CHECK(st_set_grad(p, given) == 0);
  st_tensor *saved = st_grad_of(p);
  CHECK(saved == given); /* .grad is the tensor that was set, not a copy */
  CHECK(st_backward(p, st_full(ST_F64, ST_SHAPE(2), 1.5), false, create_graph) == 0);
  st_tensor *now = st_grad_of(p);
  CHECK((now == saved) == same);
  st_test_close(__FILE__, __LINE__, now, grad_want, 2, 0);
  st_test_close(__FILE__, __LINE__, saved, saved_want, 2, 0);
}

TEST(accumulate_into_a_set_grad_keeps_the_reference_without_create_graph) {
  tensor_reference_case(false, tensor_reference_same_cg0, tensor_reference_grad_cg0,
                        tensor_reference_saved_cg0);
}

TEST(accumulate_into_a_set_grad_replaces_it_under_create_graph) {
  tensor_reference_case(true, tensor_reference_same_cg1, tensor_reference_grad_cg1,
                        tensor_reference_saved_cg1);
}

/* test_autograd.py TestAutograd.test_accumulate_grad_with_zero_numel_grad */
TEST(accumulate_grad_with_zero_numel_grad) {
  st_tensor *a = leaf_of(st_rand(ST_F64, ST_SHAPE(4, 0))),
            *b = leaf_of(st_rand(ST_F64, ST_SHAPE(4, 1)));
  st_tensor *c = st_add(a, b);
  CHECK_SHAPE(c, 4, 0);
  CHECK(st_backward(st_sum_all(c), NULL, false, false) == 0);
  CHECK_SHAPE(st_grad_of(b), 4, 1);
  CHECK_CLOSE(st_grad_of(b), 0, 0, 0, 0, 0);
  CHECK_SHAPE(st_grad_of(a), 4, 0);
}

static void check_strides(st_tensor *t, const int64_t *want, int n) {
  CHECK_EQ_INT(st_ndim(t), n);
  for (int d = 0; d < n && d < st_ndim(t); d++) CHECK_EQ_INT(st_stride(t, d), want[d]);
}

/* accumulate_grad.h, obeys_layout_contract / clone_obey_contract: .grad has the strides of a
   dense leaf, even when the gradient came as a stride-0 broadcast (sum's backward). */
TEST(grad_of_a_transposed_leaf_has_the_leafs_strides) {
  st_tensor *x = leaf_of(st_transpose(st_zeros(ST_F64, ST_SHAPE(3, 2)), 0, 1));
  CHECK(st_backward(st_sum_all(st_mul_scalar(x, 2)), NULL, false, false) == 0);
  check_strides(st_grad_of(x), layout_transposed_mul_strides, 2);
  CHECK_CLOSE(st_grad_of(x), 0, 2, 2, 2, 2, 2, 2);
  st_tensor *x2 = leaf_of(st_transpose(st_zeros(ST_F64, ST_SHAPE(3, 2)), 0, 1));
  CHECK(st_backward(st_sum_all(x2), NULL, false, false) == 0);
  check_strides(st_grad_of(x2), layout_transposed_sum_strides, 2);
}

TEST(grad_of_an_expanded_leaf_is_contiguous) {
  st_tensor *x = leaf_of(st_expand(st_zeros(ST_F64, ST_SHAPE(1, 3)), 2, (int64_t[]){2, 3}));
  CHECK(st_backward(st_sum_all(st_mul_scalar(x, 2)), NULL, false, false) == 0);
  check_strides(st_grad_of(x), layout_expanded_strides, 2);
}

/* The case: sum's gradient is a stride-0 view; storing it as .grad made the second
   backward's in-place add fail. */
TEST(backward_of_sum_twice_accumulates_into_a_dense_grad) {
  st_tensor *x = leaf_of(st_zeros(ST_F64, ST_SHAPE(2, 3)));
  st_tensor *s = st_sum_all(x);
  CHECK(st_backward(s, NULL, true, false) == 0);
  check_strides(st_grad_of(x), layout_sum_strides, 2);
  CHECK(st_backward(s, NULL, true, false) == 0);
  CHECK_ARR(st_grad_of(x), layout_sum_twice);
}

/* strata's rule beyond PyTorch's: a gradient is stolen only when nothing else holds it or its
   memory, so .grad never aliases the grad_output the user passed (PyTorch would keep a view of
   it here: x.view(4).backward(g) leaves x.grad sharing g's memory). */
TEST(grad_never_aliases_the_users_grad_output) {
  st_tensor *x = leaf_of(st_zeros(ST_F64, ST_SHAPE(2, 2)));
  st_tensor *g = st_ones(ST_F64, ST_SHAPE(4));
  CHECK(st_backward(st_reshape(x, 1, (int64_t[]){4}), g, false, false) == 0);
  CHECK(st_data_ptr(st_grad_of(x)) != st_data_ptr(g));
  CHECK(st_backward(st_reshape(x, 1, (int64_t[]){4}), g, false, false) == 0);
  CHECK_CLOSE(g, 0, 1, 1, 1, 1);
  CHECK_CLOSE(st_grad_of(x), 0, 2, 2, 2, 2);
}

TEST(a_fresh_gradient_is_stolen_not_copied) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(3)));
  st_tensor *w = st_full(ST_F64, ST_SHAPE(3), 2);
  CHECK(st_backward(st_sum_all(st_mul(x, w)), NULL, false, false) == 0);
  /* MulBackward's fresh product is the only reference: it becomes .grad itself, so .grad is
     contiguous and sums later in place */
  st_tensor *g = st_grad_of(x);
  CHECK(st_is_contiguous(g));
  CHECK(st_backward(st_sum_all(st_mul(x, w)), NULL, false, false) == 0);
  CHECK(st_grad_of(x) == g);
  CHECK_CLOSE(g, 0, 4, 4, 4);
}

/* test_autograd.py TestAutograd.test_hessian_vector */
TEST(hessian_vector_accumulates_with_history_under_create_graph) {
  st_tensor *x = leaf_of(F64(x22, 2, 2)), *y = leaf_of(F64(y22, 2, 2));
  st_tensor *z = st_add(st_add(st_pow_scalar(x, 2), st_mul(y, x)), st_pow_scalar(y, 2));
  CHECK(st_backward(z, st_ones(ST_F64, ST_SHAPE(2, 2)), false, true) == 0);
  CHECK_ARR(st_grad_of(x), hessian_vector_xgrad1);
  CHECK_ARR(st_grad_of(y), hessian_vector_ygrad1);
  CHECK(st_requires_grad(st_grad_of(x)) == hessian_vector_grad_requires_grad);
  st_tensor *grad_sum = st_add(st_mul_scalar(st_grad_of(x), 2), st_grad_of(y));
  CHECK(st_backward(grad_sum, st_ones(ST_F64, ST_SHAPE(2, 2)), false, false) == 0);
  CHECK_ARR(st_grad_of(x), hessian_vector_xgrad2);
  CHECK_ARR(st_grad_of(y), hessian_vector_ygrad2);
  st_zero_grad(x); /* the grads hold graphs that hold x: break the cycle, as PyTorch's test does */
  st_zero_grad(y);
}

/* test_autograd.py TestAutograd.test_retain_grad */
TEST(retain_grad_accumulates_and_is_a_no_op_on_leaves) {
  st_tensor *in = leaf_of(F64(retain_grad_input, 1, 3));
  st_tensor *h1 = st_mul_scalar(in, 3);
  st_tensor *out = st_sum_all(st_mul(h1, h1));
  CHECK(st_retain_grad(h1) == 0);
  CHECK(st_retain_grad(h1) == 0);
  CHECK(st_backward(out, NULL, true, false) == 0);
  CHECK_ARR(st_grad_of(h1), retain_grad_h1_1);
  CHECK(st_backward(out, NULL, true, false) == 0);
  CHECK_ARR(st_grad_of(h1), retain_grad_h1_2);
  bool prev = st_set_grad_enabled(false);
  CHECK(st_zero_(st_grad_of(in)) == 0);
  st_set_grad_enabled(prev);
  CHECK(st_retain_grad(in) == 0);
  CHECK(st_retain_grad(in) == 0);
  CHECK(st_backward(out, NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(in), retain_grad_input_grad);
}

/* test_autograd.py TestAutograd.test_retain_grad_inplace */
TEST(retain_grad_follows_in_place_ops) {
  st_tensor *a = st_clone(leaf_of(st_ones(ST_F64, ST_SHAPE(1))));
  CHECK(st_retain_grad(a) == 0);
  CHECK(st_mul_scalar_(a, 2) == 0);
  CHECK(st_mul_scalar_(a, 2) == 0);
  CHECK(st_backward(st_sum_all(a), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(a), retain_grad_inplace);
}

/* ---------------------------------------------------------------------------------- hooks */

static int times2(void *user, st_tensor *g, st_tensor **replace) {
  (void)user;
  *replace = st_mul_scalar(g, 2);
  return *replace ? 0 : st_last_status();
}

/* test_autograd.py TestAutograd.test_retains_grad_can_always_observe_tensor_prehook */
TEST(retained_grad_sees_every_tensor_pre_hook) {
  st_tensor *a = leaf_of(st_scalar(ST_F64, 1));
  st_tensor *b = st_clone(a);
  st_tensor_register_hook(b, times2, NULL);
  CHECK(st_retain_grad(b) == 0);
  st_tensor_register_hook(b, times2, NULL);
  CHECK(st_backward(st_clone(b), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(b), retains_observe_1);
  st_tensor *a2 = leaf_of(st_scalar(ST_F64, 1));
  st_tensor *b2 = st_clone(a2);
  CHECK(st_retain_grad(b2) == 0);
  st_tensor_register_hook(b2, times2, NULL);
  CHECK(st_backward(st_clone(b2), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(b2), retains_observe_2);
}

/* test_autograd.py TestAutograd.test_prehook_ordering */
static int64_t order[16];
static int norder;
static int hook1_times3(void *user, st_tensor *g, st_tensor **replace) {
  (void)user;
  order[norder++] = 1;
  *replace = st_mul_scalar(g, 3);
  return 0;
}
static int hook2_times2(void *user, st_node *n, int nout, st_tensor *const *g,
                        st_tensor **replace) {
  (void)user, (void)n;
  order[norder++] = 2;
  for (int j = 0; j < nout; j++) replace[j] = g[j] ? st_mul_scalar(g[j], 2) : NULL;
  return 0;
}
static void check_order(const int64_t *want, int n) {
  CHECK_EQ_INT(norder, n);
  for (int i = 0; i < n && i < norder; i++) CHECK_EQ_INT(order[i], want[i]);
  norder = 0;
}
#define CHECK_ORDER(arr) check_order((arr), (int)(sizeof(arr) / sizeof(arr[0])))

TEST(tensor_pre_hooks_run_before_node_pre_hooks_and_grad_runs_only_tensor_hooks_of_leaves) {
  st_tensor *a = leaf_of(st_scalar(ST_F64, 1));
  st_tensor *b = st_clone(a);
  st_node_register_prehook(st_grad_fn(b), hook2_times2, NULL);
  st_tensor_register_hook(b, hook1_times3, NULL);
  st_node_register_prehook(st_grad_fn(b), hook2_times2, NULL);
  st_node *acc = st_node_next(st_grad_fn(b), 0, NULL);
  st_tensor_register_hook(a, hook1_times3, NULL);
  st_node_register_prehook(acc, hook2_times2, NULL);
  st_tensor_register_hook(a, hook1_times3, NULL);
  norder = 0;
  CHECK(st_backward(st_sum_all(b), NULL, true, false) == 0);
  CHECK_ORDER(prehook_ordering_backward);
  CHECK_ARR(st_grad_of(a), prehook_ordering_a_grad);
  st_tensor *ga = NULL, *s = st_sum_all(b);
  st_grad_opts keep = {.retain_graph = true};
  CHECK(st_autograd_grad(1, &s, NULL, 1, &a, &ga, &keep) == 0);
  CHECK_ORDER(prehook_ordering_grad);
  CHECK_ARR(ga, prehook_ordering_ga);
  st_backward_opts only_b = {.ninputs = 1, .inputs = &b};
  CHECK(st_backward_ex(1, &s, NULL, &only_b) == 0);
  CHECK_ORDER(prehook_ordering_inputs);
  CHECK_ARR(st_grad_of(b), prehook_ordering_b_grad); /* retains-grad saw hook1, not hook2 */
}

/* test_autograd.py TestAutograd.test_post_accumulate_grad_hook_ordering */
static st_tensor *ordering_leaf;
static int sub2(void *user, st_tensor *g, st_tensor **replace) {
  (void)user;
  *replace = st_add_scalar(g, -2.0);
  return 0;
}
static int div5(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)user, (void)n, (void)nout;
  replace[0] = st_mul_scalar(g[0], 0.2);
  return 0;
}
static int add_half_to_grad(void *user, st_tensor *t) {
  (void)user;
  st_tensor *g = st_grad_of(t);
  int rc = st_add_scalar_(g, 0.5);
  st_release(g);
  return rc;
}
static int set_grad_times10(void *user, st_node *n, int nin, st_tensor *const *gin, int nout,
                            st_tensor *const *gout) {
  (void)user, (void)n, (void)nin, (void)gin, (void)nout;
  return st_set_grad(ordering_leaf, st_mul_scalar(gout[0], 10));
}

TEST(post_accumulate_hook_runs_between_the_accumulation_and_the_node_post_hook) {
  st_tensor *t = leaf_of(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.25, 0.5, 0.75}));
  ordering_leaf = t;
  st_tensor_register_hook(t, sub2, NULL);
  st_node *acc = st_node_next(st_grad_fn(st_mul_scalar(t, 1)), 0, NULL);
  st_node_register_prehook(acc, div5, NULL);
  st_tensor_register_post_accumulate_grad_hook(t, add_half_to_grad, NULL);
  st_node_register_hook(acc, set_grad_times10, NULL);
  CHECK(st_backward(st_sum_all(t), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(t), post_accumulate_ordering, 3, 1e-12);
}

/* test_autograd.py TestAutograd.test_post_accumulate_grad_hook_multiple_hooks */
static int sub_grad(void *user, st_tensor *t) {
  (void)user;
  st_tensor *g = st_grad_of(t);
  int rc = st_sub_(t, g);
  st_release(g);
  return rc;
}
static int mul4(void *user, st_tensor *t) {
  (void)user;
  return st_mul_scalar_(t, 4);
}

TEST(post_accumulate_hooks_run_in_registration_order) {
  st_tensor *t = leaf_of(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.25, 0.5, 0.75}));
  st_tensor_register_post_accumulate_grad_hook(t, sub_grad, NULL);
  st_tensor_register_post_accumulate_grad_hook(t, mul4, NULL);
  CHECK(st_backward(st_sum_all(t), NULL, false, false) == 0);
  CHECK_ARR(t, post_accumulate_multiple);
}

/* test_autograd.py TestAutograd.test_post_accumulate_grad_hook_on_non_leaf */
TEST(post_accumulate_hook_on_a_non_leaf_fails) {
  st_tensor *leaf = leaf_of(st_rand(ST_F64, ST_SHAPE(3)));
  st_tensor *non_leaf = st_mul_scalar(leaf, 2);
  CHECK_FAILS(st_tensor_register_post_accumulate_grad_hook(non_leaf, sub_grad, NULL) < 0,
              ST_ERR_AUTOGRAD, "cannot be registered on non-leaf tensors");
}

/* test_autograd.py TestAutograd.test_grad_nonleaf_register_hook: the outputs of one node
   (here, the views of a select each) backward one at a time */
static int captured_count;
static int capture_hook(void *user, st_tensor *g, st_tensor **replace) {
  (void)user, (void)g, (void)replace;
  captured_count++;
  return 0;
}

TEST(backward_of_one_piece_at_a_time_fills_grad_piece_by_piece) {
  st_tensor *x = leaf_of(tu_tensor(ST_F64, ST_SHAPE(5), (double[]){1, 2, 3, 4, 5}));
  st_tensor *xs[5];
  for (int i = 0; i < 5; i++) xs[i] = st_select(x, 0, i);
  captured_count = 0;
  st_tensor_register_hook(xs[0], capture_hook, NULL);
  CHECK(st_backward(xs[0], NULL, false, false) == 0);
  CHECK_EQ_INT(captured_count, 1);
  CHECK_ARR(st_grad_of(x), nonleaf_hook_first);
  CHECK(st_grad_of(xs[0]) == NULL);
  for (int i = 1; i < 5; i++) CHECK(st_backward(xs[i], NULL, false, false) == 0);
  CHECK_EQ_INT(captured_count, 1);
  CHECK_ARR(st_grad_of(x), nonleaf_hook_all);
}

/* test_autograd.py TestAutograd.test_hooks */
static int bump(void *user, st_tensor *g, st_tensor **replace) {
  (void)g, (void)replace;
  captured_count += (int)(intptr_t)user;
  return 0;
}

TEST(tensor_hooks_count_replace_and_remove) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(5, 5)));
  st_tensor *y = leaf_of(st_full(ST_F64, ST_SHAPE(5, 5), 4));
  st_tensor *z = st_add(st_add(st_add(st_pow_scalar(x, 2), st_mul_scalar(x, 2)), st_mul(x, y)), y);
  st_tensor *go = st_ones(ST_F64, ST_SHAPE(5, 5));
  int64_t counts[3];
  captured_count = 0;
  st_tensor_register_hook(x, bump, (void *)0);
  int64_t test = st_tensor_register_hook(z, bump, (void *)1);
  CHECK(st_backward(z, go, true, false) == 0);
  counts[0] = captured_count;
  int64_t test2 = st_tensor_register_hook(z, bump, (void *)2);
  CHECK(st_backward(z, go, true, false) == 0);
  counts[1] = captured_count;
  CHECK(st_remove_hook(test2));
  CHECK(st_backward(z, go, true, false) == 0);
  counts[2] = captured_count;
  for (int i = 0; i < 3; i++) CHECK_EQ_INT(counts[i], hooks_counters[i]);
  CHECK(st_remove_hook(test));
  st_tensor_register_hook(z, times2, NULL);
  bool prev = st_set_grad_enabled(false);
  st_zero_(st_grad_of(y));
  st_set_grad_enabled(prev);
  CHECK(st_backward(z, go, true, false) == 0);
  CHECK_ARR(st_grad_of(y), hooks_y_grad_modified);
  st_tensor_register_hook(y, times2, NULL);
  prev = st_set_grad_enabled(false);
  st_zero_(st_grad_of(y));
  st_set_grad_enabled(prev);
  CHECK(st_backward(z, go, false, false) == 0);
  CHECK_ARR(st_grad_of(y), hooks_y_grad_modified_twice);
}

/* test_autograd.py TestAutograd.test_tensor_hooks_inplace */
static int counts2[2];
static int count_and_double(void *user, st_tensor *g, st_tensor **replace) {
  counts2[(intptr_t)user]++;
  *replace = st_mul_scalar(g, 2);
  return 0;
}

TEST(a_tensor_hook_registered_after_an_in_place_op_sees_the_new_node) {
  st_tensor *a = leaf_of(st_ones(ST_F64, ST_SHAPE(1)));
  st_tensor *b = st_clone(a);
  counts2[0] = counts2[1] = 0;
  st_tensor_register_hook(b, count_and_double, (void *)0);
  CHECK(st_mul_scalar_(b, 2) == 0);
  st_tensor_register_hook(b, count_and_double, (void *)1);
  CHECK(st_backward(st_sum_all(b), NULL, false, false) == 0);
  CHECK_EQ_INT(counts2[0], tensor_hooks_inplace_counts[0]);
  CHECK_EQ_INT(counts2[1], tensor_hooks_inplace_counts[1]);
  CHECK_ARR(st_grad_of(a), tensor_hooks_inplace_a_grad);
}

/* test_autograd.py TestAutograd.test_grad_fn_prehooks_remove_hooks: a hook removed by another
   hook during backward still runs in that pass (the list was copied before it ran) */
static int64_t handle2, handle3;
static int prehook_remover(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **r) {
  (void)user, (void)n, (void)nout, (void)g, (void)r;
  st_remove_hook(handle2);
  st_remove_hook(handle3); /* already removed: fine */
  return 0;
}
static int prehook_counter(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **r) {
  (void)user, (void)n, (void)nout, (void)g, (void)r;
  captured_count++;
  return 0;
}

TEST(a_pre_hook_removed_during_backward_still_runs_in_that_pass) {
  st_tensor *a = leaf_of(tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){0.5, 1, 1.5, 2}));
  st_tensor *b = st_mul_scalar(a, 2);
  captured_count = 0;
  st_node_register_prehook(st_grad_fn(b), prehook_remover, NULL);
  handle2 = st_node_register_prehook(st_grad_fn(b), prehook_counter, NULL);
  handle3 = st_node_register_prehook(st_grad_fn(b), prehook_counter, NULL);
  CHECK(st_remove_hook(handle3));
  CHECK(st_backward(st_sum_all(b), NULL, true, false) == 0);
  CHECK_EQ_INT(captured_count, prehooks_remove_counter[0]);
  CHECK_ARR(st_grad_of(a), prehooks_remove_a_grad);
  CHECK(st_backward(st_sum_all(b), NULL, false, false) == 0); /* removed from now on */
  CHECK_EQ_INT(captured_count, prehooks_remove_counter[0]);
}

static int64_t post_handle;
static int post_counter(void *user, st_node *n, int nin, st_tensor *const *gi, int nout,
                        st_tensor *const *go) {
  (void)user, (void)n, (void)nin, (void)gi, (void)nout, (void)go;
  captured_count++;
  return 0;
}
static int post_remover(void *user, st_node *n, int nin, st_tensor *const *gi, int nout,
                        st_tensor *const *go) {
  (void)user, (void)n, (void)nin, (void)gi, (void)nout, (void)go;
  st_remove_hook(post_handle);
  return 0;
}
static int64_t tensor_handle;
static int tensor_remover(void *user, st_tensor *g, st_tensor **replace) {
  (void)user, (void)g, (void)replace;
  st_remove_hook(tensor_handle);
  return 0;
}

TEST(post_hooks_and_tensor_hooks_removed_during_backward_still_run_in_that_pass) {
  st_tensor *a = leaf_of(st_ones(ST_F64, ST_SHAPE(2)));
  st_tensor *b = st_mul_scalar(a, 2);
  captured_count = 0;
  st_node_register_hook(st_grad_fn(b), post_remover, NULL);
  post_handle = st_node_register_hook(st_grad_fn(b), post_counter, NULL);
  st_tensor_register_hook(b, tensor_remover, NULL);
  tensor_handle = st_tensor_register_hook(b, bump, (void *)10);
  CHECK(st_backward(st_sum_all(b), NULL, true, false) == 0);
  CHECK_EQ_INT(captured_count, 11);
  CHECK(st_backward(st_sum_all(b), NULL, false, false) == 0);
  CHECK_EQ_INT(captured_count, 11);
}

/* test_autograd.py TestAutograd.test_hook_edge_case_when_called_with_grad */
static int tensor_count, pre_count, post_count;
static int count_tensor(void *user, st_tensor *g, st_tensor **r) {
  (void)user, (void)g, (void)r;
  tensor_count++;
  return 0;
}
static int count_pre(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **r) {
  (void)user, (void)n, (void)nout, (void)g, (void)r;
  pre_count++;
  return 0;
}
static int count_post(void *user, st_node *n, int nin, st_tensor *const *gi, int nout,
                      st_tensor *const *go) {
  (void)user, (void)n, (void)nin, (void)gi, (void)nout, (void)go;
  post_count++;
  return 0;
}
static void check_counts(int t, int pre, int post) {
  CHECK_EQ_INT(tensor_count, t);
  CHECK_EQ_INT(pre_count, pre);
  CHECK_EQ_INT(post_count, post);
  tensor_count = pre_count = post_count = 0;
}

TEST(grad_runs_tensor_hooks_of_what_it_reads_but_node_hooks_only_of_what_runs) {
  st_tensor *a = leaf_of(st_scalar(ST_F64, 1));
  st_tensor *b = st_mul_scalar(a, 2), *c = st_mul_scalar(b, 2);
  st_tensor_register_hook(a, count_tensor, NULL);
  st_tensor_register_hook(b, count_tensor, NULL);
  st_node *acc = st_node_next(st_grad_fn(b), 0, NULL);
  st_node_register_hook(acc, count_post, NULL);
  st_node_register_prehook(acc, count_pre, NULL);
  st_node_register_hook(st_grad_fn(b), count_post, NULL);
  st_node_register_prehook(st_grad_fn(b), count_pre, NULL);
  st_grad_opts keep = {.retain_graph = true};
  st_tensor *g[2];
  tensor_count = pre_count = post_count = 0;
  CHECK(st_autograd_grad(1, &c, NULL, 1, &b, g, &keep) == 0);
  check_counts(1, 0, 0);
  st_tensor *ab[2] = {a, b};
  CHECK(st_autograd_grad(1, &c, NULL, 2, ab, g, &keep) == 0);
  check_counts(2, 1, 1);
  CHECK(st_backward(c, NULL, true, false) == 0);
  check_counts(2, 2, 2);
  st_backward_opts in = {.retain_graph = true, .ninputs = 2, .inputs = ab};
  CHECK(st_backward_ex(1, &c, NULL, &in) == 0);
  check_counts(2, 2, 2);
}

/* test_autograd.py TestAutograd.test_accumulate_grad_posthooks_should_not_execute */
static int refuse(void *user, st_tensor *g, st_tensor **r) {
  (void)user, (void)g, (void)r;
  return st_hook_error(ST_ERR_AUTOGRAD, "must not run");
}
static int refuse_post(void *user, st_node *n, int nin, st_tensor *const *gi, int nout,
                       st_tensor *const *go) {
  (void)user, (void)n, (void)nin, (void)gi, (void)nout, (void)go;
  return st_hook_error(ST_ERR_AUTOGRAD, "must not run");
}

TEST(backward_with_inputs_runs_no_hook_of_other_leaves) {
  st_tensor *a = leaf_of(st_scalar(ST_F64, 1)), *b = leaf_of(st_scalar(ST_F64, 1));
  st_tensor_register_hook(a, refuse, NULL);
  st_tensor *c = st_clone(a);
  st_node_register_hook(st_node_next(st_grad_fn(c), 0, NULL), refuse_post, NULL);
  st_tensor *out = st_add(st_add(a, b), c);
  st_backward_opts only_b = {.ninputs = 1, .inputs = &b};
  CHECK(st_backward_ex(1, &out, NULL, &only_b) == 0);
  CHECK_CLOSE(st_grad_of(b), 0, 1);
  CHECK(st_grad_of(a) == NULL);
}
