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
