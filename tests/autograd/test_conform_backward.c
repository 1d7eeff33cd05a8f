/* test_conform_backward.c — st_backward_ex (several roots, `inputs`), st_autograd_grad's
   materialize_grads and is_grads_batched, against PyTorch's values (conform_expected.h, from
   gen_conform.py). Each case names the test of test/test_autograd.py it ports. */
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

/* x**2 + y*x + y**2 */
static st_tensor *quad(st_tensor *x, st_tensor *y) {
  return st_add(st_add(st_pow_scalar(x, 2), st_mul(y, x)), st_pow_scalar(y, 2));
}

/* ------------------------------------------------------------------ backward with inputs */

/* test_autograd.py TestAutograd.test_backward_with_inputs */
TEST(backward_with_inputs_accumulates_only_into_them) {
  st_tensor *x = leaf_of(F64(x22, 2, 2)), *y = leaf_of(F64(y22, 2, 2));
  st_tensor *go = st_ones(ST_F64, ST_SHAPE(2, 2));
  st_tensor *both[2] = {x, y};
  st_backward_opts o = {.ninputs = 2, .inputs = both};
  st_tensor *z = quad(x, y);
  CHECK(st_backward_ex(1, &z, &go, &o) == 0);
  CHECK_ARR(st_grad_of(x), backward_inputs_x);
  CHECK_ARR(st_grad_of(y), backward_inputs_y);
  st_zero_grad(x);
  st_zero_grad(y);
  o = (st_backward_opts){.ninputs = 1, .inputs = &x};
  z = quad(x, y);
  CHECK(st_backward_ex(1, &z, &go, &o) == 0);
  CHECK_ARR(st_grad_of(x), backward_inputs_x);
  CHECK(st_grad_of(y) == NULL);
  o = (st_backward_opts){.ninputs = 1, .inputs = &y};
  z = quad(x, y);
  CHECK(st_backward_ex(1, &z, &go, &o) == 0);
  CHECK_ARR(st_grad_of(y), backward_inputs_y);
  CHECK_ARR(st_grad_of(x), backward_inputs_x); /* unchanged */
}

/* test_autograd.py TestAutograd.test_backward_with_nonleaf_inputs */
TEST(backward_with_a_non_leaf_input_fills_its_grad_and_ignores_unreached_inputs) {
  st_tensor *x = leaf_of(F64(x22, 2, 2)), *y = leaf_of(F64(y22, 2, 2));
  st_tensor *z = leaf_of(st_randn(ST_F64, ST_SHAPE(2, 2)));
  st_tensor *xn = st_mul_scalar(x, 1);
  st_tensor *o = quad(xn, y), *go = st_ones(ST_F64, ST_SHAPE(2, 2));
  st_tensor *in[3] = {x, y, xn};
  st_backward_opts opts = {.create_graph = true, .ninputs = 3, .inputs = in};
  CHECK(st_backward_ex(1, &o, &go, &opts) == 0);
  CHECK_ARR(st_grad_of(x), nonleaf_inputs_x);
  CHECK_ARR(st_grad_of(y), nonleaf_inputs_y);
  CHECK_ARR(st_grad_of(xn), nonleaf_inputs_xn);
  opts = (st_backward_opts){.create_graph = true, .ninputs = 1, .inputs = &z};
  CHECK(st_backward_ex(1, &o, &go, &opts) == 0); /* allow_unused is implied */
  CHECK((st_grad_of(z) == NULL) == nonleaf_inputs_z_none);
  st_zero_grad(x); /* create_graph grads hold graphs that hold x */
  st_zero_grad(y);
  st_zero_grad(xn);
}

/* test_autograd.py TestAutograd.test_backward_with_scalar_input */
TEST(backward_with_a_zero_dim_input) {
  st_tensor *x = leaf_of(st_scalar(ST_F64, 0.75));
  st_tensor *y = st_pow_scalar(x, 2);
  st_backward_opts o = {.ninputs = 1, .inputs = &x};
  CHECK(st_backward_ex(1, &y, NULL, &o) == 0);
  CHECK_ARR(st_grad_of(x), scalar_input_grad);
}

/* test_autograd.py TestAutograd.test_grad_unreachable_discovery (its backward part) */
TEST(backward_with_an_input_no_root_reaches_leaves_it_alone) {
  st_tensor *x = st_mul_scalar(leaf_of(st_randn(ST_F64, ST_SHAPE(1))), 2);
  st_tensor *y = leaf_of(st_randn(ST_F64, ST_SHAPE(1)));
  st_backward_opts o = {.ninputs = 1, .inputs = &y};
  CHECK(st_backward_ex(1, &x, NULL, &o) == 0);
  CHECK(st_grad_of(y) == NULL);
}

TEST(backward_with_inputs_rejects_bad_arguments) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(2))), *c = st_ones(ST_F64, ST_SHAPE(2));
  st_tensor *s = st_sum_all(st_mul(x, c));
  st_backward_opts o = {.ninputs = 1, .inputs = &c};
  CHECK_FAILS(st_backward_ex(1, &s, NULL, &o) != 0, ST_ERR_AUTOGRAD, "does not require grad");
  o = (st_backward_opts){.ninputs = 2, .inputs = NULL};
  CHECK_FAILS(st_backward_ex(1, &s, NULL, &o) != 0, ST_ERR_ARG, "inputs is NULL");
  o = (st_backward_opts){.ninputs = -1};
  CHECK_FAILS(st_backward_ex(1, &s, NULL, &o) != 0, ST_ERR_ARG, "ninputs is -1");
  CHECK_FAILS(st_backward_ex(0, &s, NULL, NULL) != 0, ST_ERR_ARG, "at least one root");
  st_tensor *none = NULL;
  o = (st_backward_opts){.ninputs = 1, .inputs = &none};
  CHECK_FAILS(st_backward_ex(1, &s, NULL, &o) != 0, ST_ERR_ARG, "input 0 is NULL");
  CHECK(st_grad_of(x) == NULL);                  /* nothing ran */
  CHECK(st_backward_ex(1, &s, NULL, NULL) == 0); /* the graph is intact */
  CHECK_CLOSE(st_grad_of(x), 0, 1, 1);
}

/* ------------------------------------------------------------------------ several roots */

/* test_autograd.py TestAutograd.test_multi_backward */
TEST(backward_of_several_roots_sums_their_gradients) {
  const double *v[5] = {multi_v0, multi_v1, multi_v2, multi_v3, multi_v4};
  st_tensor *t[5];
  for (int i = 0; i < 5; i++) t[i] = leaf_of(tu_tensor(ST_F64, ST_SHAPE(2, 2), v[i]));
  st_tensor *x = t[0], *y = t[1], *q = t[2], *a = t[3], *b = t[4];
  st_tensor *q2 = st_mul_scalar(q, 2);
  st_tensor *roots[2] = {st_add(st_add(x, y), q2), st_add(st_mul(a, b), q2)};
  st_tensor *grads[2] = {F64(multi_grad_z, 2, 2), F64(multi_grad_c, 2, 2)};
  CHECK(st_backward_ex(2, roots, grads, NULL) == 0);
  CHECK_ARR(st_grad_of(x), multi_x_grad);
  CHECK_ARR(st_grad_of(y), multi_y_grad);
  CHECK_ARR(st_grad_of(q), multi_q_grad);
  CHECK_ARR(st_grad_of(a), multi_a_grad);
  CHECK_ARR(st_grad_of(b), multi_b_grad);
}

/* test_autograd.py TestAutograd.test_multi_backward_no_grad */
TEST(backward_of_several_roots_fails_when_one_does_not_require_grad) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(2))), *y = st_ones(ST_F64, ST_SHAPE(2));
  st_tensor *roots[2] = {st_add(x, y), st_mul_scalar(y, 2)};
  st_tensor *grads[2] = {st_ones(ST_F64, ST_SHAPE(2)), st_ones(ST_F64, ST_SHAPE(2))};
  CHECK_FAILS(st_backward_ex(2, roots, grads, NULL) != 0, ST_ERR_AUTOGRAD, "element 1");
  CHECK(st_grad_of(x) == NULL);
}

/* test_autograd.py TestAutograd.test_dependent_backward */
TEST(backward_of_roots_that_depend_on_each_other) {
  st_tensor *x = leaf_of(F64(dependent_x, 10));
  st_tensor *y = st_pow_scalar(x, 2), *z = st_pow_scalar(y, 3);
  st_tensor *roots[2] = {y, z}, *grads[2] = {F64(dependent_go_y, 10), F64(dependent_go_z, 10)};
  CHECK(st_backward_ex(2, roots, grads, NULL) == 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(x), dependent_x_grad, 10, 1e-12);
}

/* test_autograd.py TestAutograd.test_sharded_grad: d loss / d intermediates in shards, then the
   rest of the backward from the intermediates with those gradients */
TEST(sharded_backward_through_intermediates) {
  st_tensor *leaves[10], *inter[10], *loss = NULL;
  for (int i = 0; i < 10; i++) {
    leaves[i] = leaf_of(st_zeros(ST_F64, ST_SHAPE(5, 5)));
    inter[i] = st_add(st_mul_scalar(leaves[i], i), st_mul(leaves[i], leaves[i]));
    st_tensor *term = st_mul_scalar(inter[i], i);
    loss = loss ? st_add(loss, term) : term;
  }
  loss = st_sum_all(loss);
  st_tensor *d[10];
  st_grad_opts keep = {.retain_graph = true};
  for (int i = 0; i < 10; i += 2)
    CHECK(st_autograd_grad(1, &loss, NULL, 2, inter + i, d + i, &keep) == 0);
  CHECK(st_backward_ex(10, inter, d, NULL) == 0);
  for (int i = 0; i < 10; i++) CHECK_CLOSE(st_sum_all(st_grad_of(leaves[i])), 0, 25.0 * i * i);
}

/* ---------------------------------------------------------------------- autograd.grad */

/* test_autograd.py TestAutograd.test_grad_materialize_grads: the zeros of an unused input
   require grad under create_graph, so they can be differentiated again */
TEST(materialized_zeros_require_grad_under_create_graph) {
  st_tensor *x = leaf_of(st_scalar(ST_F64, 0.5)), *a = leaf_of(st_scalar(ST_F64, 1));
  st_tensor *y = st_mul(x, a), *dydx = NULL, *d2 = NULL, *d2_none = NULL, *d3 = NULL;
  st_grad_opts cg = {.create_graph = true};
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &dydx, &cg) == 0);
  st_grad_opts unused = {.create_graph = true, .allow_unused = true};
  CHECK(st_autograd_grad(1, &dydx, NULL, 1, &x, &d2_none, &unused) == 0);
  CHECK(d2_none == NULL);
  st_grad_opts mat = {.create_graph = true, .allow_unused = true, .materialize_grads = true};
  CHECK(st_autograd_grad(1, &dydx, NULL, 1, &x, &d2, &mat) == 0);
  CHECK(st_requires_grad(d2) == materialize_d2_requires_grad);
  st_grad_opts mat_only = {.materialize_grads = true};
  CHECK(st_autograd_grad(1, &d2, NULL, 1, &x, &d3, &mat_only) == 0);
  CHECK_NEAR(st_item(d2), materialize_d2_d3[0], 0);
  CHECK_NEAR(st_item(d3), materialize_d2_d3[1], 0);
}

/* test_autograd.py TestAutograd.test_unused_grad_requires_grad_with_materialize */
TEST(materialized_zeros_do_not_require_grad_without_create_graph) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(10))),
            *y = leaf_of(st_ones(ST_F64, ST_SHAPE(10)));
  st_tensor *z = st_sum_all(st_pow_scalar(x, 2)), *in[2] = {x, y}, *g[2];
  st_grad_opts mat = {.allow_unused = true, .materialize_grads = true};
  CHECK(st_autograd_grad(1, &z, NULL, 2, in, g, &mat) == 0);
  CHECK(!st_requires_grad(g[0]) && !st_requires_grad(g[1]));
  CHECK_CLOSE(st_sum_all(g[1]), 0, 0);
}

/* The zeros the engine fills for an output of a node that received no gradient (one piece of
   a split) never require grad; the gradient they enter still has its history under
   create_graph, as in PyTorch. */
TEST(engine_zeros_for_missing_output_gradients_under_create_graph) {
  st_tensor *x = leaf_of(tu_tensor(ST_F64, ST_SHAPE(4), (double[]){1, 2, 3, 4}));
  st_tensor *pieces[2] = {0};
  CHECK(st_chunk(x, 2, 0, 2, pieces) == 2);
  st_tensor *y = st_sum_all(st_mul(pieces[0], pieces[0])), *g = NULL, *h = NULL;
  st_grad_opts cg = {.create_graph = true};
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, &cg) == 0);
  CHECK_CLOSE(g, 0, 2, 4, 0, 0);
  CHECK(st_requires_grad(g));
  st_tensor *gs = st_sum_all(g);
  CHECK(st_autograd_grad(1, &gs, NULL, 1, &x, &h, NULL) == 0);
  CHECK_CLOSE(h, 0, 2, 2, 0, 0);
}

/* test_autograd.py TestAutograd.test_grad_unreachable */
TEST(grad_of_an_unreachable_input_is_null_when_allowed) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(1))), *y = leaf_of(st_ones(ST_F64, ST_SHAPE(1)));
  st_tensor *zz = st_mul_scalar(x, 2), *w = st_mul_scalar(y, 2); /* both get accumulators */
  (void)zz, (void)w;
  st_tensor *out = st_mul_scalar(x, 2), *in[2] = {x, y}, *g[2];
  st_grad_opts allow = {.allow_unused = true, .retain_graph = true};
  CHECK(st_autograd_grad(1, &out, NULL, 2, in, g, &allow) == 0);
  CHECK_CLOSE(g[0], 0, 2);
  CHECK(g[1] == NULL);
  st_tensor *fresh = leaf_of(st_ones(ST_F64, ST_SHAPE(1))); /* no accumulator at all */
  in[1] = fresh;
  CHECK(st_autograd_grad(1, &out, NULL, 2, in, g, &allow) == 0);
  CHECK(g[1] == NULL);
  CHECK_FAILS(st_autograd_grad(1, &out, NULL, 2, in, g, NULL) != 0, ST_ERR_AUTOGRAD,
              "allow_unused");
}

/* ------------------------------------------------------------------- is_grads_batched */

/* test_autograd.py TestAutograd.test_grad_batched_grad */
TEST(batched_grad_outputs_give_one_gradient_per_row) {
  st_tensor *x = leaf_of(F64(x22, 2, 2)), *g = NULL;
  st_tensor *out = st_clone(x), *bg = F64(batched_clone_go, 3, 2, 2);
  st_grad_opts batched = {.is_grads_batched = true, .retain_graph = true};
  CHECK(st_autograd_grad(1, &out, &bg, 1, &x, &g, &batched) == 0);
  CHECK_SHAPE(g, 3, 2, 2);
  CHECK_ARR(g, batched_clone_grad);
  st_tensor *unbatched = st_ones(ST_F64, ST_SHAPE(2, 2));
  CHECK_FAILS(st_autograd_grad(1, &out, &unbatched, 1, &x, &g, &batched) != 0, ST_ERR_SHAPE,
              "interpret the first dimension");
  st_tensor *s = st_sum_all(x), *rows = st_arange(ST_F64, 0, 3, 1);
  CHECK(st_autograd_grad(1, &s, &rows, 1, &x, &g, &batched) == 0);
  CHECK_SHAPE(g, 3, 2, 2);
  CHECK_ARR(g, batched_scalar_grad);
  st_tensor *sized1 = st_ones(ST_F64, ST_SHAPE(2, 1)); /* [2, 1] is not a batch of 0-dim */
  CHECK_FAILS(st_autograd_grad(1, &s, &sized1, 1, &x, &g, &batched) != 0, ST_ERR_SHAPE,
              "interpret the first dimension");
  CHECK_FAILS(st_autograd_grad(1, &s, NULL, 1, &x, &g, &batched) != 0, ST_ERR_ARG,
              "needs every grad_output");
}

/* is_grads_batched equals a loop of single backward calls, and under create_graph its result
   is differentiable again (PyTorch's values: gen_conform.py) */
TEST(batched_grad_matches_a_loop_and_is_differentiable_under_create_graph) {
  st_tensor *x = leaf_of(F64(batched_tanh_x, 4)), *gos = F64(batched_tanh_go, 3, 4), *g = NULL;
  st_tensor *y = st_mul(st_tanh(x), x);
  st_grad_opts o = {.is_grads_batched = true, .create_graph = true};
  CHECK(st_autograd_grad(1, &y, &gos, 1, &x, &g, &o) == 0);
  CHECK_ARR(g, batched_tanh_grad);
  CHECK(st_requires_grad(g));
  for (int b = 0; b < 3; b++) {
    st_tensor *row = st_select(gos, 0, b), *gb = NULL;
    st_grad_opts keep = {.retain_graph = true};
    CHECK(st_autograd_grad(1, &y, &row, 1, &x, &gb, &keep) == 0);
    double want[4], got[4];
    st_to_f64(gb, want, 4);
    st_to_f64(st_select(g, 0, b), got, 4);
    for (int i = 0; i < 4; i++) CHECK_NEAR(got[i], want[i], 1e-14);
  }
  CHECK(st_backward(st_sum_all(g), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(x), batched_tanh_second);
}

TEST(batched_grad_of_an_unused_input_is_null_or_batched_zeros) {
  st_tensor *x = leaf_of(st_ones(ST_F64, ST_SHAPE(2))), *w = leaf_of(st_ones(ST_F64, ST_SHAPE(3)));
  st_tensor *y = st_mul_scalar(x, 3), *go = st_ones(ST_F64, ST_SHAPE(4, 2)), *in[2] = {x, w}, *g[2];
  st_grad_opts o = {.is_grads_batched = true, .allow_unused = true, .retain_graph = true};
  CHECK(st_autograd_grad(1, &y, &go, 2, in, g, &o) == 0);
  CHECK_SHAPE(g[0], 4, 2);
  CHECK(g[1] == NULL);
  o.materialize_grads = true;
  CHECK(st_autograd_grad(1, &y, &go, 2, in, g, &o) == 0);
  CHECK_SHAPE(g[1], 4, 3);
  CHECK_CLOSE(st_sum_all(g[1]), 0, 0);
  o = (st_grad_opts){.is_grads_batched = true};
  CHECK_FAILS(st_autograd_grad(1, &y, &go, 2, in, g, &o) != 0, ST_ERR_AUTOGRAD, "allow_unused");
}
