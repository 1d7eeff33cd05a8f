/* test_inplace_views.c — in-place ops on views in eager autograd (PyTorch's CopySlices and view
   replay): the base's history gets the write, a view taken before the write differentiates
   through it, and the in-place checks on views (a view of a leaf, a view made in no-grad mode).
   Expected values come from PyTorch (gen_inplace_views.py writes inplace_views_expected.h); each
   case names the test of test/test_autograd.py it ports. */
#include <pthread.h>

#include "test.h"
#include "util.h"

#include "inplace_views_expected.h"

#define T2(vals) tu_tensor(ST_F64, ST_SHAPE(2, 2), vals)

static st_tensor *leaf(st_tensor *t) {
  st_set_requires_grad(t, true);
  return t;
}

static st_tensor *narrow(st_tensor *t, int dim, int64_t start, int64_t len) {
  return st_slice(t, dim, start, start + len, 1);
}

static const char *grad_fn_name(st_tensor *t) { return st_node_name(st_grad_fn(t)); }

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_backprop_base */
TEST(inplace_view_write_backprops_through_the_base) {
  st_tensor *root = leaf(T2(IV_ROOT)), *x = st_clone(root);
  CHECK(st_mul_scalar_(narrow(x, 0, 0, 1), 2) == 0);
  CHECK_CLOSE(x, 0, iv_backprop_base_x[0], iv_backprop_base_x[1], iv_backprop_base_x[2],
              iv_backprop_base_x[3]);
  CHECK(strcmp(grad_fn_name(x), "CopySlices") == 0);
  CHECK(st_backward(st_sum_all(x), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(root), iv_backprop_base_grad, 4, 1e-15);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_backprop_view_of_view */
TEST(inplace_view_write_reaches_another_view_of_the_base) {
  st_tensor *root = leaf(T2(IV_ROOT)), *x = st_clone(root);
  st_tensor *v1 = narrow(x, 0, 0, 1), *v2 = narrow(x, 0, 0, 1);
  CHECK(st_mul_scalar_(v1, 2) == 0);
  CHECK(st_backward(st_sum_all(v2), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(root), iv_backprop_view_of_view_grad, 4, 1e-15);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_of_view */
TEST(inplace_write_of_a_view_of_a_view_backprops_through_the_base) {
  st_tensor *root = leaf(T2(IV_ROOT)), *x = st_clone(root);
  CHECK(st_mul_scalar_(narrow(narrow(x, 0, 0, 1), 1, 1, 1), 2) == 0);
  CHECK(st_backward(st_sum_all(x), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(root), iv_of_view_grad, 4, 1e-15);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_then_no_grad: the view's grad_fn
   is made again while grad mode is off */
TEST(inplace_view_grad_fn_made_again_in_no_grad_mode_still_backprops) {
  st_tensor *a = leaf(st_ones(ST_F64, ST_SHAPE(3, 1)));
  st_tensor *b = st_mul_scalar(a, 2), *c = st_reshape(b, 2, (int64_t[]){3, 1});
  CHECK(st_fill_(st_select(st_select(c, 0, 0), 0, 0), 3) == 0);
  bool prev = st_set_grad_enabled(false);
  CHECK(st_grad_fn(c) != NULL);
  st_set_grad_enabled(prev);
  CHECK(st_backward(st_sum_all(c), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(a), iv_then_no_grad_grad, 3, 1e-15);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_gradcheck */
static int gradcheck_func(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  st_tensor *x = st_clone(in[0]);
  if (st_mul_(narrow(narrow(x, 1, 2, 2), 0, 1, 2), in[1]) ||
      st_mul_(narrow(narrow(x, 1, 0, 2), 0, 1, 2), in[1]))
    return st_last_status();
  out[0] = x;
  return 0;
}

TEST(inplace_view_writes_pass_gradcheck_and_gradgradcheck) {
  st_tensor *a = leaf(tu_tensor(ST_F64, ST_SHAPE(4, 4), IV_A44));
  st_tensor *b = leaf(tu_tensor(ST_F64, ST_SHAPE(2, 2), IV_B22)), *in[2] = {a, b};
  CHECK(st_gradcheck(gradcheck_func, NULL, 2, in, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(gradcheck_func, NULL, 2, in, 1, 1e-6, 1e-7, 1e-5) == 0);
  /* and PyTorch's values, to second order */
  st_tensor *x = NULL, *go = tu_tensor(ST_F64, ST_SHAPE(4, 4), IV_GO44), *g[2] = {0}, *gg[2] = {0};
  CHECK(gradcheck_func(NULL, 2, in, 1, &x) == 0);
  st_test_close(__FILE__, __LINE__, x, iv_on_view_gradcheck_x, 16, 1e-14);
  st_grad_opts o = {.create_graph = true};
  CHECK(st_autograd_grad(1, &x, &go, 2, in, g, &o) == 0);
  st_test_close(__FILE__, __LINE__, g[0], iv_on_view_gradcheck_ga, 16, 1e-14);
  st_test_close(__FILE__, __LINE__, g[1], iv_on_view_gradcheck_gb, 4, 1e-14);
  st_tensor *s = st_add(st_sum_all(st_mul(g[0], g[0])), st_sum_all(st_mul(g[1], g[1])));
  CHECK(st_autograd_grad(1, &s, NULL, 2, in, gg, NULL) == 0);
  st_test_close(__FILE__, __LINE__, gg[0], iv_on_view_gradcheck_gga, 16, 1e-13);
  st_test_close(__FILE__, __LINE__, gg[1], iv_on_view_gradcheck_ggb, 4, 1e-13);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_makes_base_require_grad */
static int base_require_func(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = st_clone(in[0]);
  bool *before = user;
  if (before) *before = st_requires_grad(x);
  if (st_mul_(narrow(x, 1, 2, 2), in[1])) return st_last_status();
  out[0] = x;
  return 0;
}

TEST(inplace_view_write_of_a_tracked_value_makes_the_base_require_grad) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(4, 4), IV_A44);
  st_tensor *b = leaf(tu_tensor(ST_F64, ST_SHAPE(4, 2), IV_B42)), *in[2] = {a, b};
  bool before = true;
  st_tensor *x = NULL, *gb = NULL, *go = tu_tensor(ST_F64, ST_SHAPE(4, 4), IV_GO44);
  CHECK(base_require_func(&before, 2, in, 1, &x) == 0);
  CHECK(!before && st_requires_grad(x));
  st_test_close(__FILE__, __LINE__, x, iv_makes_base_require_grad_x, 16, 1e-15);
  CHECK(st_autograd_grad(1, &x, &go, 1, &b, &gb, NULL) == 0);
  st_test_close(__FILE__, __LINE__, gb, iv_makes_base_require_grad_gb, 8, 1e-14);
  CHECK(st_gradcheck(base_require_func, NULL, 2, in, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(base_require_func, NULL, 2, in, 1, 1e-6, 1e-7, 1e-5) == 0);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_backprop_view */
TEST(inplace_view_write_backprops_through_the_view_itself) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){2, 5});
  st_tensor *b = leaf(tu_tensor(ST_F64, ST_SHAPE(1), (double[]){3})), *res = narrow(a, 0, 1, 1);
  CHECK(st_mul_(res, b) == 0);
  CHECK(st_backward(st_sum_all(res), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(b), iv_backprop_view_gb, 1, 0);
  st_test_close(__FILE__, __LINE__, a, iv_backprop_view_a, 2, 0);
  CHECK(st_grad_of(a) == NULL);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_modify_base: an earlier view of a
   base that an in-place op made require grad requires grad too */
static int modify_base_func(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(5)), *v = st_select(x, 0, 1);
  bool *checks = user;
  if (checks) checks[0] = !st_requires_grad(v) && st_grad_fn(v) == NULL;
  if (st_add_(x, in[0])) return st_last_status();
  if (checks) checks[1] = st_requires_grad(v);
  out[0] = v;
  return 0;
}

TEST(inplace_write_of_the_base_makes_an_earlier_view_require_grad) {
  st_tensor *r = leaf(st_ones(ST_F64, ST_SHAPE(1))), *v = NULL, *g = NULL;
  bool checks[2] = {false, false};
  CHECK(modify_base_func(checks, 1, &r, 1, &v) == 0);
  CHECK(checks[0] && checks[1]);
  st_test_close(__FILE__, __LINE__, v, iv_modify_base_v, 1, 0);
  CHECK(st_autograd_grad(1, &v, NULL, 1, &r, &g, NULL) == 0);
  st_test_close(__FILE__, __LINE__, g, iv_modify_base_g, 1, 0);
  CHECK(st_gradcheck(modify_base_func, NULL, 1, &r, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(modify_base_func, NULL, 1, &r, 1, 1e-6, 1e-7, 1e-5) == 0);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_non_contig */
TEST(inplace_view_write_on_a_non_contiguous_base) {
  st_tensor *root = st_transpose(st_select(st_ones(ST_F64, ST_SHAPE(2, 3, 2)), 2, 1), 0, 1);
  root = leaf(st_detach(root)); /* a non-contiguous leaf of shape [3, 2] */
  st_tensor *x = st_clone(root);
  CHECK(st_mul_scalar_(narrow(narrow(x, 0, 0, 1), 1, 1, 1), 2) == 0);
  CHECK(st_backward(st_sum_all(x), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(root), iv_non_contig_grad, 6, 0);
}

/* test_autograd.py TestAutograd.test_retain_grad_inplace_over_view: retains-grad moves to the
   view's new grad_fn, for the view written and for another view of the same base */
TEST(inplace_view_write_moves_retains_grad_of_both_views) {
  st_tensor *base = st_clone(leaf(st_ones(ST_F64, ST_SHAPE(1))));
  st_tensor *view = narrow(base, 0, 0, 1), *view2 = narrow(base, 0, 0, 1);
  CHECK(st_retain_grad(view) == 0 && st_retain_grad(view2) == 0);
  CHECK(st_mul_scalar_(view, 2) == 0);
  CHECK(st_backward(st_sum_all(st_add(view, view2)), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(view), iv_retain_grad_inplace_over_view_g1, 1, 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(view2), iv_retain_grad_inplace_over_view_g2, 1, 0);
}

/* test_autograd.py TestAutograd.test_tensor_hooks_inplace_over_view: hooks registered on a view
   stay with its old grad_fn; one registered after the write sees the new one */
static int hook_fails(void *user, st_tensor *grad, st_tensor **replace) {
  (void)user, (void)grad, (void)replace;
  return st_hook_error(ST_ERR_AUTOGRAD, "a hook of the old grad_fn ran");
}
static int hook_counts(void *user, st_tensor *grad, st_tensor **replace) {
  (void)replace;
  double g = 0;
  st_to_f64(grad, &g, 1);
  if (g == 1.0) ++*(int *)user;
  return 0;
}

TEST(inplace_view_write_leaves_old_hooks_on_the_old_grad_fn) {
  st_tensor *base = st_clone(leaf(st_ones(ST_F64, ST_SHAPE(1))));
  st_tensor *view = narrow(base, 0, 0, 1), *view2 = narrow(base, 0, 0, 1);
  int count = 0;
  CHECK(st_tensor_register_hook(view, hook_fails, NULL) > 0);
  CHECK(st_tensor_register_hook(view2, hook_fails, NULL) > 0);
  CHECK(st_mul_scalar_(view, 2) == 0);
  CHECK(st_tensor_register_hook(view2, hook_counts, &count) > 0);
  CHECK(st_backward(st_sum_all(st_add(view, view2)), NULL, false, false) == 0);
  CHECK_EQ_INT(count, 1);
}

/* test_autograd.py TestAutograd.test_leaf_assignment: x[0] = y, x[1] = 2 z into a tensor that
   does not require grad */
TEST(inplace_copies_into_views_of_an_untracked_tensor_track_it) {
  st_tensor *x = st_reshape(st_linspace(ST_F64, -1, 1, 25), 2, (int64_t[]){5, 5});
  st_tensor *y = leaf(tu_tensor(ST_F64, ST_SHAPE(5), IV_Y5));
  st_tensor *z = leaf(tu_tensor(ST_F64, ST_SHAPE(5), IV_Z5));
  CHECK(st_copy_(st_select(x, 0, 0), y) == 0);
  CHECK(st_copy_(st_select(x, 0, 1), st_mul_scalar(z, 2)) == 0);
  CHECK(st_requires_grad(x) && st_grad_fn(x) != NULL);
  st_test_close(__FILE__, __LINE__, x, iv_leaf_assignment_x, 25, 1e-15);
  CHECK(st_backward(st_sum_all(x), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(y), iv_leaf_assignment_gy, 5, 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(z), iv_leaf_assignment_gz, 5, 0);
}

/* view replay: the grad_fn of a view taken before its base was written is made from the base's
   new history when the view is a backward root */
TEST(inplace_view_taken_before_the_write_as_a_root_differentiates_through_it) {
  st_tensor *root = leaf(T2(IV_ROOT)), *x = st_mul_scalar(root, 1), *v = st_select(x, 0, 1);
  CHECK(st_mul_(x, st_add_scalar(st_detach(x), 1)) == 0);
  st_test_close(__FILE__, __LINE__, v, iv_view_after_base_write_root_v, 2, 1e-15);
  CHECK(st_backward(st_sum_all(st_mul(v, v)), NULL, false, false) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(root), iv_view_after_base_write_root_grad, 4, 1e-14);
}

/* PyTorch's check_inplace (torch/csrc/autograd/VariableTypeUtils.h): "a view of a leaf Variable
   that requires grad is being used in an in-place operation" */
TEST(inplace_on_a_view_of_a_leaf_that_requires_grad_fails) {
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3})), *v = narrow(x, 0, 0, 2);
  CHECK_FAILS(
      st_mul_scalar_(v, 2) != 0, ST_ERR_INPLACE,
      "st_mul_scalar_: a view (shape [2]) of a leaf tensor of shape [3] that requires grad");
  CHECK_FAILS(st_copy_(v, st_ones(ST_F64, ST_SHAPE(2))) != 0, ST_ERR_INPLACE, "a view (shape [2])");
  CHECK_CLOSE(x, 0, 1, 2, 3);
  CHECK(st_grad_fn(x) == NULL && st_grad_fn(v) != NULL);
  bool prev = st_set_grad_enabled(false); /* what an optimizer step does */
  CHECK(st_mul_scalar_(v, 2) == 0);
  st_set_grad_enabled(prev);
  CHECK_CLOSE(x, 0, 2, 4, 3);
}

/* The same when the base was made to require grad after the view was taken (PyTorch refuses
   it too: the view requires grad through its base). */
TEST(inplace_on_a_view_of_a_base_made_to_require_grad_later_fails) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(3)), *v = narrow(x, 0, 0, 2);
  CHECK(!st_requires_grad(v));
  CHECK(st_set_requires_grad(x, true) == 0);
  CHECK(st_requires_grad(v));
  CHECK_FAILS(st_mul_scalar_(v, 2) != 0, ST_ERR_INPLACE, "a view (shape [2]) of a leaf tensor");
  /* out of place, the view differentiates to its base */
  CHECK(st_backward(st_sum_all(st_mul_scalar(v, 3)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 3, 3, 0);
}

/* test/cpp/api/autograd.cpp (views made in no_grad mode): "A view was created in no_grad mode
   and is being modified inplace with grad mode enabled". Unlike PyTorch, such a view does not
   require grad itself (it is an alias of its base, as st_detach's). */
TEST(inplace_on_a_view_made_in_no_grad_mode_fails_when_grad_is_on) {
  for (int requires = 0; requires < 2; requires ++) {
    st_tensor *s = st_ones(ST_F64, ST_SHAPE(1, 2, 3));
    if (requires) leaf(s);
    st_tensor *a = st_clone(s);
    bool prev = st_set_grad_enabled(false);
    st_tensor *view_out = st_reshape(a, 2, (int64_t[]){2, 3});
    st_set_grad_enabled(prev);
    CHECK(!st_requires_grad(view_out));
    if (requires) {
      CHECK_FAILS(st_mul_scalar_(view_out, 2) != 0, ST_ERR_INPLACE,
                  "a view (shape [2, 3]) made in no-grad mode is being modified in place");
      CHECK_CLOSE(a, 0, 1, 1, 1, 1, 1, 1);
    } else {
      CHECK(st_mul_scalar_(view_out, 2) == 0);
      CHECK_CLOSE(a, 0, 2, 2, 2, 2, 2, 2);
    }
  }
}

/* A node that saves a view keeps its history but not its base: here the base's history comes to
   include that node (b[1:3] += v * v), which would otherwise be a reference cycle that the
   runner reports as a leak (no backward here: it would free the saved values and break it). */
TEST(inplace_node_saving_a_view_does_not_hold_the_base) {
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}));
  st_tensor *b = st_mul_scalar(x, 2), *v = narrow(b, 0, 0, 2);
  st_tensor *y = st_mul(v, v); /* MulBackward saves v */
  CHECK(st_add_(narrow(b, 0, 1, 2), y) == 0);
  CHECK_CLOSE(b, 0, 2, 8, 22);
  CHECK(strcmp(grad_fn_name(b), "CopySlices") == 0);
}

/* The write invalidates the saved view, as in PyTorch. */
TEST(inplace_view_write_invalidates_a_saved_view_of_the_base) {
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}));
  st_tensor *b = st_mul_scalar(x, 2), *v = narrow(b, 0, 0, 2);
  CHECK(st_add_(narrow(b, 0, 1, 2), st_mul(v, v)) == 0);
  CHECK_FAILS(st_backward(st_sum_all(b), NULL, false, false) != 0, ST_ERR_INPLACE,
              "modified by an inplace operation");
}

/* Threads that use a view after its base was written make its grad_fn again at once: one of
   them installs it, the other's is dropped (PyTorch guards this with a mutex in the view's
   autograd meta). */
static void *use_view(void *p) {
  for (int k = 0; k < 50; k++) st_grad_fn(p);
  return NULL;
}

TEST(inplace_stale_view_made_current_by_two_threads_at_once) {
  st_tensor *x = leaf(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}));
  st_tensor *b = st_mul_scalar(x, 1), *v = narrow(b, 0, 0, 2);
  for (int round = 0; round < 100; round++) {
    CHECK(st_mul_scalar_(b, 1) == 0); /* v is stale */
    pthread_t t1, t2;
    pthread_create(&t1, NULL, use_view, v);
    pthread_create(&t2, NULL, use_view, v);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
  }
  CHECK(strcmp(grad_fn_name(v), "SliceBackward") == 0);
  CHECK(st_backward(st_sum_all(st_mul_scalar(v, 2)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 2, 2, 0);
}

/* test_autograd.py TestAutograd.test_copy_slices_graph_task_updates: CopySlices runs only the
   gradients the graph task needs (y_safe's node fails when it runs, like PyTorch's DelayedError
   node), and a view's old grad_fn that no requested input depends on does not run. */
static int boom(void *user, st_node *n, int nout, st_tensor *const *grad_outputs,
                st_tensor **replace) {
  (void)user, (void)n, (void)nout, (void)grad_outputs, (void)replace;
  return st_hook_error(ST_ERR_AUTOGRAD, "Boom!");
}
static int never(void *user, st_tensor *grad, st_tensor **replace) {
  (void)grad, (void)replace;
  ++*(int *)user;
  return 0;
}

static st_tensor *copy_slices_f(st_tensor *x, st_tensor *y, bool f2) {
  st_tensor *out = st_reshape(st_clone(x), 1, (int64_t[]){-1}),
            *b = f2 ? st_mul_scalar(out, 2) : NULL;
  if (st_add_(out, y)) return NULL;
  return f2 ? st_add(out, b) : out;
}

TEST(inplace_copy_slices_runs_only_the_gradients_the_graph_task_needs) {
  st_tensor *x = leaf(st_rand(ST_F64, ST_SHAPE(2))), *y = leaf(st_rand(ST_F64, ST_SHAPE(2)));
  for (int f2 = 0; f2 < 2; f2++) {
    st_tensor *y_safe = st_mul_scalar(y, 1), *g[2] = {0};
    CHECK(st_node_register_prehook(st_grad_fn(y_safe), boom, NULL) > 0);
    CHECK_FAILS(st_backward(st_sum_all(copy_slices_f(x, y_safe, f2)), NULL, false, false) != 0,
                ST_ERR_AUTOGRAD, "Boom!");
    st_tensor *s = st_sum_all(copy_slices_f(x, y_safe, f2));
    CHECK_FAILS(st_autograd_grad(1, &s, NULL, 1, &y, g, NULL) != 0, ST_ERR_AUTOGRAD, "Boom!");
    s = st_sum_all(copy_slices_f(x, y_safe, f2)); /* not asking for y: no call of its hook */
    CHECK(st_autograd_grad(1, &s, NULL, 1, &x, g, NULL) == 0);
    CHECK_CLOSE(g[0], 0, f2 ? 3 : 1, f2 ? 3 : 1);
    s = st_sum_all(copy_slices_f(x, y_safe, f2));
    CHECK(st_autograd_grad(1, &s, NULL, 1, &y_safe, g, NULL) == 0);
    CHECK_CLOSE(g[0], 0, 1, 1);
    st_zero_grad(x);
  }
  /* f3: the hook of out's old grad_fn must not run */
  int calls = 0;
  st_tensor *y_safe = st_mul_scalar(y, 1), *out = st_reshape(st_clone(x), 1, (int64_t[]){-1});
  CHECK(st_tensor_register_hook(out, never, &calls) > 0);
  st_tensor *b = st_add(out, y_safe), *g[2] = {0};
  CHECK(st_add_(out, y_safe) == 0);
  st_tensor *s = st_sum_all(st_add(out, b));
  CHECK(st_autograd_grad(1, &s, NULL, 2, (st_tensor *[]){b, y_safe}, g, NULL) == 0);
  CHECK_EQ_INT(calls, 0);
  CHECK_CLOSE(g[0], 0, 1, 1);
  CHECK_CLOSE(g[1], 0, 2, 2);
}

/* The base's gradient takes fn's gradient inside the view in place of g, as PyTorch's
   CopySlices copies it: an infinite g there (sqrt at the zero the write left) gives the
   write's 0, not inf - inf = NaN (difffuzz s6_1591). */
TEST(inplace_view_write_replaces_an_infinite_gradient_inside_the_view) {
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (const double[]){1.5, 4});
  st_set_requires_grad(x, true);
  st_tensor *y = st_mul_scalar(x, 1);
  CHECK_EQ_INT(st_zero_(st_select(y, 0, 0)), 0);
  CHECK_EQ_INT(st_backward(st_sum_all(st_sqrt(y)), NULL, false, false), 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0.25);
}
