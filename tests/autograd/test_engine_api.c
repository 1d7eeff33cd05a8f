/* test_engine_api.c — the edges of the eager-autograd API: NULL arguments, calls that torch.func
   refuses inside a transformed function, st_set_grad's checks, and graph inspection that stays
   linear on a 100k-node chain. */
#include "test.h"
#include "util.h"

static void count_nodes(void *user, st_node *n) {
  (void)n;
  (*(int64_t *)user)++;
}

TEST(accessors_given_null_set_an_argument_error) {
  CHECK_FAILS(st_grad_of(NULL) == NULL, ST_ERR_ARG, "st_grad_of: argument 1 is NULL");
  CHECK_FAILS(st_grad_fn(NULL) == NULL, ST_ERR_ARG, "st_grad_fn: argument 1 is NULL");
  CHECK_FAILS(!st_requires_grad(NULL), ST_ERR_ARG, "st_requires_grad");
  CHECK_FAILS(!st_is_leaf(NULL), ST_ERR_ARG, "st_is_leaf");
  CHECK_FAILS((st_zero_grad(NULL), true), ST_ERR_ARG, "st_zero_grad");
  CHECK_FAILS(st_set_grad(NULL, NULL) != 0, ST_ERR_ARG, "st_set_grad");
  CHECK_FAILS(st_retain_grad(NULL) != 0, ST_ERR_ARG, "st_retain_grad");
  CHECK_FAILS(st_set_requires_grad(NULL, true) != 0, ST_ERR_ARG, "st_set_requires_grad");
  CHECK_FAILS(st_detach(NULL) == NULL, ST_ERR_ARG, "st_detach");
  CHECK_FAILS(st_backward(NULL, NULL, false, false) != 0, ST_ERR_ARG, "st_backward");
  CHECK_FAILS(strcmp(st_node_name(NULL), "") == 0, ST_ERR_ARG, "st_node_name: the node is NULL");
  CHECK_FAILS(st_node_num_next(NULL) == 0, ST_ERR_ARG, "st_node_num_next");
  CHECK_FAILS(st_node_sequence_nr(NULL) == 0, ST_ERR_ARG, "st_node_sequence_nr");
  CHECK_FAILS(st_node_priority(NULL) == 0, ST_ERR_ARG, "st_node_priority");
  CHECK_FAILS((st_node_set_priority(NULL, 3), true), ST_ERR_ARG, "st_node_set_priority");
  CHECK_FAILS(st_node_next(NULL, 0, NULL) == NULL, ST_ERR_ARG, "st_node_next");
  CHECK_FAILS(st_tensor_register_hook(NULL, NULL, NULL) < 0, ST_ERR_ARG, "tensor is NULL");
  st_tensor *roots[1] = {NULL};
  CHECK_FAILS(st_graph_walk(roots, 1, count_nodes, NULL) != 0, ST_ERR_ARG, "root 0 is NULL");
}

TEST(a_null_accessor_argument_reports_the_failure_that_made_it) {
  st_debug_fail_alloc_after(1);
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(2));
  st_debug_fail_alloc_after(0);
  CHECK(x == NULL);
  CHECK(st_grad_of(x) == NULL);
  CHECK_EQ_INT(st_last_status(), ST_ERR_OOM); /* not "argument 1 is NULL" */
  st_clear_error();
}

TEST(set_grad_checks_shape_dtype_and_level) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(2, 3));
  CHECK_FAILS(st_set_grad(x, st_zeros(ST_F64, ST_SHAPE(3, 2))) != 0, ST_ERR_SHAPE,
              "different size");
  CHECK_FAILS(st_set_grad(x, st_zeros(ST_F32, ST_SHAPE(2, 3))) != 0, ST_ERR_DTYPE,
              "different type");
  CHECK(st_grad_of(x) == NULL);
  st_tensor *g = st_ones(ST_F64, ST_SHAPE(2, 3));
  CHECK(st_set_grad(x, g) == 0);
  CHECK(st_grad_of(x) == g);
  CHECK(st_set_grad(x, NULL) == 0);
  CHECK(st_grad_of(x) == NULL);
}

/* torch.func raises for requires_grad_() and retain_grad() inside a transformed function
   (functorch's "You are attempting to call Tensor.requires_grad_() ..."); so does strata. */
static int requires_grad_inside(void *ctx, int nin, st_tensor *const *in, int nout,
                                st_tensor **out) {
  (void)nin, (void)nout;
  int *statuses = ctx;
  st_tensor *plain = st_ones(ST_F64, ST_SHAPE(3));
  statuses[0] = st_set_requires_grad(plain, true);
  statuses[1] = st_set_requires_grad(in[0], true);
  statuses[2] = st_retain_grad(st_mul_scalar(in[0], 2));
  st_clear_error();
  out[0] = st_sum_all(st_mul(in[0], in[0]));
  return out[0] ? 0 : st_last_status();
}

TEST(requires_grad_and_retain_grad_inside_a_transform_are_transform_errors) {
  int statuses[3] = {0};
  st_func *f = st_func_new(requires_grad_inside, statuses, 1, 1);
  st_func *g = st_grad(f, 0, NULL), *v = st_vmap(f, NULL, NULL);
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3)), *out = NULL;
  CHECK(st_call(g, &x, &out) == 0);
  for (int i = 0; i < 3; i++) CHECK_EQ_INT(statuses[i], ST_ERR_TRANSFORM);
  CHECK_CLOSE(out, 0, 2, 2, 2);
  statuses[0] = statuses[1] = statuses[2] = 0;
  st_tensor *xs = st_ones(ST_F64, ST_SHAPE(2, 3));
  CHECK(st_call(v, &xs, &out) == 0);
  CHECK_EQ_INT(statuses[0], ST_ERR_TRANSFORM);
  CHECK_EQ_INT(statuses[1], ST_ERR_TRANSFORM);
  CHECK(st_set_requires_grad(x, true) == 0); /* outside again: fine */
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
}

static int escape(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  *(st_tensor **)ctx = st_retain(st_mul_scalar(in[0], 2)); /* outlives the function's scope */
  out[0] = st_sum_all(in[0]);
  return out[0] ? 0 : st_last_status();
}

TEST(requires_grad_on_an_escaped_wrapper_is_a_transform_error) {
  st_tensor *escaped = NULL, *x = st_ones(ST_F64, ST_SHAPE(2)), *out = NULL;
  st_func *f = st_func_new(escape, &escaped, 1, 1), *g = st_grad(f, 0, NULL);
  st_scope_push();
  CHECK(st_call(g, &x, &out) == 0);
  st_scope_pop();
  CHECK(escaped != NULL);
  CHECK_FAILS(st_set_requires_grad(escaped, true) != 0, ST_ERR_TRANSFORM, "belongs to a transform");
  st_release(escaped);
  st_func_release(g);
  st_func_release(f);
}

/* #87507's walk, made linear: a 100k-node chain (a quadratic walk took 6 s; minutes at this
   size with the extra reads of graph_to_dot). */
TEST(graph_walk_and_dot_of_a_100k_node_chain) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(1));
  st_set_requires_grad(x, true);
  st_tensor *y = x;
  enum { CHAIN = 100000 };
  for (int i = 0; i < CHAIN; i++) {
    st_tensor *next = st_mul_scalar(y, 1.0);
    if (y != x) st_release(y);
    y = next;
  }
  int64_t count = 0;
  CHECK(st_graph_walk(&y, 1, count_nodes, &count) == 0);
  CHECK_EQ_INT(count, CHAIN + 1); /* and x's AccumulateGrad */
  FILE *f = fopen("/dev/null", "w");
  CHECK(st_graph_to_dot(&y, 1, f) == 0);
  fclose(f);
  st_tensor *roots[3] = {y, y, x}; /* repeated roots and a leaf: each node once */
  count = 0;
  CHECK(st_graph_walk(roots, 3, count_nodes, &count) == 0);
  CHECK_EQ_INT(count, CHAIN + 1);
  st_release(y);
}

TEST(graph_walk_of_a_leaf_root_visits_its_accumulator) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(1));
  st_set_requires_grad(x, true);
  int64_t count = 0;
  CHECK(st_graph_walk(&x, 1, count_nodes, &count) == 0);
  CHECK_EQ_INT(count, 0); /* no op used x yet: no node */
  st_tensor *y = st_mul_scalar(x, 2);
  CHECK(st_graph_walk(&x, 1, count_nodes, &count) == 0);
  CHECK_EQ_INT(count, 1);
  (void)y;
}
