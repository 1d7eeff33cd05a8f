/* test_errors.c — the error state across NULL-propagating expressions, and scopes whose push
   fails (API.md "Conventions", "Lifetime"). */
#include "core/scope.h"
#include "test.h"

/* Finds the allocation count n at which `st_mul` of two fresh tensors fails inside the nested
   expression, and checks that the expression reports out of memory whichever call failed. */
TEST(oom_inside_nested_expression_stays_oom) {
  st_tensor *a = st_ones(ST_F64, ST_SHAPE(3)), *b = st_ones(ST_F64, ST_SHAPE(3));
  st_tensor *c = st_ones(ST_F64, ST_SHAPE(3));
  int failures = 0;
  for (int64_t n = 1; n < 64; n++) {
    st_clear_error();
    st_debug_fail_alloc_after(n);
    st_tensor *r = st_add(st_mul(a, b), st_exp(c));
    st_debug_fail_alloc_after(0);
    if (r) break;
    failures++;
    CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);
    CHECK(strstr(st_last_error(), "out of memory") != NULL);
  }
  CHECK(failures >= 2); /* at least the first call's and the second's */
}

TEST(null_argument_after_handled_failure_is_an_argument_error) {
  st_tensor *a = st_ones(ST_F64, ST_SHAPE(3));
  st_debug_fail_alloc_after(1);
  CHECK(st_exp(a) == NULL);
  st_debug_fail_alloc_after(0);
  CHECK_EQ_INT(st_last_status(), ST_ERR_OOM); /* read: the failure is handled */
  CHECK(st_neg(a) != NULL);
  CHECK_FAILS(!st_exp(NULL), ST_ERR_ARG, "st_exp: argument 1 is NULL");
}

/* The same with no successful call in between: the failure is still visible, but it was read,
   so the NULL is reported as itself (st_last_error and st_last_status alike). */
TEST(null_argument_right_after_a_read_failure_is_an_argument_error) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3, 4)), *b = st_zeros(ST_F32, ST_SHAPE(5, 6));
  CHECK(st_matmul(a, b) == NULL);
  CHECK(strstr(st_last_error(), "st_matmul") != NULL);
  CHECK(st_add(a, NULL) == NULL);
  CHECK_EQ_INT(st_last_status(), ST_ERR_ARG);
  CHECK(strstr(st_last_error(), "st_add: argument 2 is NULL") != NULL);
  CHECK(st_matmul(a, b) == NULL);
  CHECK_EQ_INT(st_last_status(), ST_ERR_SHAPE);
  CHECK(st_exp(NULL) == NULL);
  CHECK(strstr(st_last_error(), "st_exp: argument 1 is NULL") != NULL);
  CHECK(st_matmul(a, b) == NULL);
  (void)st_last_error();
  CHECK_EQ_INT(st_backward(NULL, NULL, false, false), ST_ERR_ARG);
  /* unread, the first failure is what the expression reports */
  CHECK(st_add(st_matmul(a, b), a) == NULL);
  CHECK_EQ_INT(st_last_status(), ST_ERR_SHAPE);
  st_clear_error();
}

TEST(successful_call_after_failure_leaves_no_visible_error) {
  st_tensor *a = st_ones(ST_F64, ST_SHAPE(3));
  st_debug_fail_alloc_after(1);
  st_tensor *f = st_exp(a);
  st_debug_fail_alloc_after(0);
  st_tensor *g = st_neg(a);
  CHECK(!f && g);
  CHECK_EQ_INT(st_last_status(), ST_OK);
  CHECK(st_last_error()[0] == '\0');
}

TEST(null_propagates_through_transforms_with_the_first_failure) {
  st_tensor *a = st_ones(ST_F64, ST_SHAPE(3));
  st_debug_fail_alloc_after(1);
  st_tensor *x = st_exp(a);
  st_debug_fail_alloc_after(0);
  st_tensor *y = st_sin(a);
  CHECK(y != NULL);
  CHECK(st_backward(x, NULL, false, false) == ST_ERR_OOM);
  CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);
}

TEST(failed_scope_push_opens_nothing_and_its_pop_is_a_no_op) {
  st_scope_push(); /* the caller's scope */
  st_tensor *outer = st_ones(ST_F64, ST_SHAPE(2));
  int pushed = 0, rc = 0;
  while (pushed < 4096) { /* until a push must grow the frames array, and that fails */
    st_debug_fail_alloc_after(1);
    rc = st_scope_push();
    st_debug_fail_alloc_after(0);
    if (rc) break;
    pushed++;
  }
  CHECK_EQ_INT(rc, ST_ERR_OOM);
  st_tensor *kept = st_neg(outer); /* recorded in the innermost real scope */
  CHECK(st_scope_push() == 0);     /* memory is back: a real scope opens */
  CHECK(st_exp(outer) != NULL);
  st_scope_pop(); /* the real inner scope */
  st_scope_pop(); /* the failed push: nothing */
  CHECK_CLOSE(outer, 0, 1, 1);
  CHECK_CLOSE(kept, 0, -1, -1); /* its scope is still open */
  for (int k = 0; k < pushed; k++) st_scope_pop();
  st_scope_pop();
}

TEST(failed_scope_push_without_any_scope_is_balanced) {
  st_scope_pop();    /* the runner's scope: the state is now no scope at all */
  st__scope_drain(); /* and no frames array, so the next push must allocate */
  st_debug_fail_alloc_after(1);
  int rc = st_scope_push();
  st_debug_fail_alloc_after(0);
  CHECK_EQ_INT(rc, ST_ERR_OOM);
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(2)); /* untracked: no scope is open */
  st_scope_pop();                              /* no-op */
  CHECK_CLOSE(t, 0, 1, 1);
  st_release(t);
  st_scope_push(); /* give the runner its scope back */
}

TEST(keep_moves_entry_without_allocating) {
  st_scope_push();
  st_scope_push();
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(2));
  st_tensor *u = st_zeros(ST_F64, ST_SHAPE(2));
  st_debug_fail_alloc_after(1);
  st_keep(t);
  st_debug_fail_alloc_after(0);
  st_scope_pop();
  CHECK_CLOSE(t, 0, 1, 1);
  (void)u;
  st_scope_pop();
}

TEST(release_of_recorded_and_unrecorded_references) {
  st_scope_push();
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(2));
  st_tensor *extra = st_retain(t); /* unrecorded reference */
  st_release(t);                   /* gives back the recorded one: the scope forgets it */
  st_release(extra);               /* the last one */
  st_tensor *u = st_ones(ST_F64, ST_SHAPE(2)), *v = st_ones(ST_F64, ST_SHAPE(2));
  /* The first release gives back u's recorded reference; the rest find no record. */
  for (int i = 0; i < 1000; i++) st_release(st_retain(u));
  CHECK_CLOSE(v, 0, 1, 1);
  st_scope_pop(); /* releases v, not u */
  CHECK_CLOSE(u, 0, 1, 1);
  st_release(u);
}

/* An output array that overlaps an input array or another output array of the same call (the
   probe's st_jvp(f, x, t, o, o) leaked the primal outputs and then crashed; st_call(f, in, in)
   erased in and reported "input 0 is NULL") is ST_ERR_ARG naming both, and the call changes
   neither array. */
static int two_of_two(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_tanh(st_mul(in[0], in[1]));
  out[1] = st_exp(in[1]);
  return out[0] && out[1] ? 0 : -1;
}

static int fwd_two(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  return two_of_two(user, nin, in, nout, out);
}

static int bwd_none(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  (void)ctx, (void)gout, (void)gin;
  return 0;
}

TEST(output_arrays_that_overlap_the_calls_other_arrays_are_an_argument_error) {
  st_func *f = st_func_new(two_of_two, NULL, 2, 2);
  st_custom_fn cf = {.name = "two", .nin = 2, .nout = 2, .forward = fwd_two, .backward = bwd_none};
  for (int k = 0; k < 9; k++) {
    st_tensor *x[3] = {st_randn(ST_F64, ST_SHAPE(4)), st_randn(ST_F64, ST_SHAPE(4)), NULL};
    st_tensor *t[3] = {st_randn(ST_F64, ST_SHAPE(4)), st_randn(ST_F64, ST_SHAPE(4)), NULL};
    st_set_requires_grad(x[0], true);
    st_tensor *y = st_sum_all(st_mul(x[0], x[1])), *ys[2] = {y, NULL};
    st_tensor *xs[3] = {x[0], x[1], x[2]}, *ts[3] = {t[0], t[1], t[2]}, *o[3] = {NULL};
    st_func *pb = NULL;
    const char *names = NULL;
    int rc = 0;
    switch (k) {
    case 0: rc = st_call(f, x, x), names = "out and in"; break;
    case 1: rc = st_call(f, x, x + 1), names = "out and in"; break; /* a partial overlap */
    case 2: rc = st_jvp(f, x, t, o, o), names = "tangent_outs and outs"; break;
    case 3: rc = st_jvp(f, x, t, t, o), names = "outs and tangents"; break;
    case 4: rc = st_jvp(f, x, t, o, x + 1), names = "tangent_outs and primals"; break;
    case 5: rc = st_vjp(f, x, x, &pb), names = "outs and primals"; break;
    case 6: rc = st_autograd_grad(1, &y, NULL, 1, x, x, NULL), names = "grads and inputs"; break;
    case 7: rc = st_autograd_grad(1, ys, NULL, 1, x, ys, NULL), names = "grads and outputs"; break;
    default: rc = st_custom_apply(&cf, x, x), names = "out and in"; break;
    }
    CHECK_EQ_INT(rc, ST_ERR_ARG);
    if (!strstr(st_last_error(), names) || !strstr(st_last_error(), "overlap"))
      st_test_fail(__FILE__, __LINE__, "case %d: %s", k, st_last_error());
    CHECK(pb == NULL && ys[0] == y && !o[0] && !o[1] && !o[2]);
    for (int i = 0; i < 3; i++) CHECK(x[i] == xs[i] && t[i] == ts[i]);
  }
  st_func_release(f);
}
