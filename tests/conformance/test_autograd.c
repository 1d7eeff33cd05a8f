/* test_autograd.c — cases ported from PyTorch's test_autograd.py (TestAutograd,
   TestAutogradInferenceMode): backward and grad, retain_graph, create_graph and double backward,
   detach and requires_grad propagation, no-grad and inference mode, version-counter errors,
   views' requires_grad, leaf rules and the errors PyTorch raises for misuse. Values and outcomes
   (raises or not, requires grad or not) are torch's, from gen_autograd.py. */
#include "conf.h"
#include "expected_autograd.h"

static st_tensor *leaf_of(const conf_array *a) {
  st_tensor *t = conf_tensor(a);
  st_set_requires_grad(t, true);
  return t;
}

static st_tensor *ones(int ndim, const int64_t *shape) { return st_ones(ST_F64, ndim, shape); }

/* Whether an int-returning call failed (clears the error). */
static bool fails(int rc) {
  st_clear_error();
  return rc != 0;
}

/* test_autograd.py TestAutograd.test_backward */
CONF_TEST(conf_ag_backward) {
  st_tensor *v = leaf_of(&ag_backward_v), *x = leaf_of(&ag_backward_x);
  st_tensor *y = leaf_of(&ag_backward_y), *z = leaf_of(&ag_backward_z);
  st_tensor *go = CT(ag_backward_go);
  CF_OK(st_backward(v, go, false, false));
  CF_EXPECT(st_grad_of(v), ag_backward_v_grad);
  st_tensor *a =
      st_add(st_add(x, st_mul(y, z)), st_div(st_mul(st_mul_scalar(st_pow_scalar(z, 2), 4), x), y));
  CF_OK(st_backward(a, go, false, false));
  CF_EXPECT(st_grad_of(x), ag_backward_x_grad);
  CF_EXPECT(st_grad_of(y), ag_backward_y_grad);
  CF_EXPECT(st_grad_of(z), ag_backward_z_grad);
}

/* test_autograd.py TestAutograd.test_backward_badcalls */
CONF_TEST(conf_ag_backward_badcalls) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(1));
  CF_EQ_INT(fails(st_backward(x, NULL, false, false)), AG_BACKWARD_BADCALLS_RAISES);
  CF_FAILS(st_backward(x, NULL, false, false) != 0, ST_ERR_AUTOGRAD, "does not require grad");
}

/* test_autograd.py TestAutograd.test_grad_badcalls */
CONF_TEST(conf_ag_grad_badcalls) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(1)), *g = NULL;
  st_tensor *y = st_pow_scalar(x, 2);
  CF_EQ_INT(fails(st_autograd_grad(1, &x, NULL, 1, &y, &g, NULL)),
            AG_GRAD_BADCALLS_GRAD_X_Y_RAISES);
  CF_EQ_INT(fails(st_autograd_grad(1, &y, NULL, 1, &x, &g, NULL)),
            AG_GRAD_BADCALLS_GRAD_Y_X_RAISES);
  st_set_requires_grad(x, true);
  y = st_pow_scalar(x, 2);
  CF_EQ_INT(!fails(st_autograd_grad(1, &y, NULL, 1, &x, &g, NULL)),
            AG_GRAD_BADCALLS_REQUIRES_GRAD_OK);
  CF_VALUES(g, 2);
}

/* test_autograd.py TestAutograd.test_grad (create_graph through backward, then grad of the
   gradient, and the shape-mismatch error of grad_outputs) */
CONF_TEST(conf_ag_grad) {
  st_tensor *x = leaf_of(&ag_grad_x), *y = leaf_of(&ag_grad_y), *hv = NULL;
  st_tensor *z = st_add(st_add(st_pow_scalar(x, 2), st_mul(y, x)), st_pow_scalar(y, 2));
  CF_OK(st_backward(z, ones(ST_SHAPE(2, 2)), false, true));
  st_tensor *xg = st_grad_of(x), *yg = st_grad_of(y);
  CF_EXPECT(xg, ag_grad_x_grad);
  CF_EXPECT(yg, ag_grad_y_grad);
  CF_EQ_INT(st_requires_grad(xg), AG_GRAD_X_GRAD_REQUIRES_GRAD);
  st_tensor *grad_sum = st_add(st_mul_scalar(xg, 2), yg), *go = ones(ST_SHAPE(2, 2));
  st_grad_opts cg = {.create_graph = true};
  CF_OK(st_autograd_grad(1, &grad_sum, &go, 1, &x, &hv, &cg));
  CF_EXPECT(hv, ag_grad_x_hv);
  CF_EXPECT(st_grad_of(x), ag_grad_x_grad); /* grad leaves .grad alone */
  st_tensor *bad = ones(ST_SHAPE(2));
  CF_EQ_INT(fails(st_autograd_grad(1, &grad_sum, &bad, 1, &x, &hv, &cg)), AG_GRAD_MISMATCH_RAISES);
  CF_FAILS(st_autograd_grad(1, &grad_sum, &bad, 1, &x, &hv, &cg) != 0, ST_ERR_SHAPE, "shape");
  /* .grad made under create_graph refers to the graph that refers to the leaf: drop it, as
     PyTorch's documentation of backward(create_graph=True) advises (a reference cycle) */
  st_zero_grad(x);
  st_zero_grad(y);
}

/* test_autograd.py TestAutograd.test_hessian_vector */
CONF_TEST(conf_ag_hessian_vector) {
  st_tensor *x = leaf_of(&ag_hessian_vector_x), *y = leaf_of(&ag_hessian_vector_y);
  st_tensor *z = st_add(st_add(st_pow_scalar(x, 2), st_mul(y, x)), st_pow_scalar(y, 2));
  CF_OK(st_backward(z, ones(ST_SHAPE(2, 2)), false, true));
  st_tensor *grad_sum = st_add(st_mul_scalar(st_grad_of(x), 2), st_grad_of(y));
  CF_OK(st_backward(grad_sum, ones(ST_SHAPE(2, 2)), false, false));
  CF_EXPECT(st_grad_of(x), ag_hessian_vector_x_grad);
  CF_EXPECT(st_grad_of(y), ag_hessian_vector_y_grad);
  st_zero_grad(x); /* the create_graph reference cycle, as in conf_ag_grad */
  st_zero_grad(y);
}

/* test_autograd.py TestAutograd.test_grad_nonleaf */
CONF_TEST(conf_ag_grad_nonleaf) {
  st_tensor *x_init = leaf_of(&ag_grad_nonleaf_x_init), *y = leaf_of(&ag_grad_nonleaf_y);
  st_tensor *x = x_init, *go = ones(ST_SHAPE(2, 2));
  st_grad_opts cg = {.create_graph = true};
  for (int i = 0; i < 5; i++) {
    st_tensor *f = st_add(st_add(st_pow_scalar(x, 2), st_mul(y, x)), st_pow_scalar(y, 2)),
              *gx = NULL;
    CF_OK(st_autograd_grad(1, &f, &go, 1, &x, &gx, &cg));
    CF_CHECK(st_grad_of(y) == NULL && st_grad_of(x) == NULL);
    x = st_add(x, st_mul_scalar(gx, 0.05));
  }
  CF_EXPECT(x, ag_grad_nonleaf_x_final);
  CF_OK(st_backward(x, go, false, false));
  CF_EXPECT(st_grad_of(x_init), ag_grad_nonleaf_x_init_grad);
  CF_EXPECT(st_grad_of(y), ag_grad_nonleaf_y_grad);
}

/* test_autograd.py TestAutograd.test_grad_nonleaf_many_outputs */
CONF_TEST(conf_ag_grad_nonleaf_many_outputs) {
  st_tensor *x = leaf_of(&ag_grad_nonleaf_many_outputs_x), *ab[2] = {0}, *g[2] = {0};
  CF_EQ_INT(st_chunk(x, 2, 0, 2, ab), 2);
  st_tensor *go = CT(ag_grad_nonleaf_many_outputs_go);
  st_tensor *out = st_add(ab[0], st_mul_scalar(ab[1], 2));
  st_grad_opts cg = {.create_graph = true};
  CF_OK(st_autograd_grad(1, &out, &go, 2, ab, g, &cg));
  CF_EXPECT(g[0], ag_grad_nonleaf_many_outputs_ga);
  CF_EXPECT(g[1], ag_grad_nonleaf_many_outputs_gb);
  CF_EQ_INT(st_grad_of(x) == NULL, AG_GRAD_NONLEAF_MANY_OUTPUTS_X_GRAD_NONE);
}

/* test_autograd.py TestAutograd.test_grad_unreachable */
CONF_TEST(conf_ag_grad_unreachable) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(1)), *y = st_ones(ST_F64, ST_SHAPE(1)), *g[2] = {0};
  st_set_requires_grad(x, true);
  st_set_requires_grad(y, true);
  st_tensor *in[2] = {x, y}, *out = st_mul_scalar(x, 2);
  CF_OK(st_autograd_grad(1, &out, NULL, 2, in, g, &(st_grad_opts){.allow_unused = true}));
  CF_EXPECT(g[0], ag_grad_unreachable_gx);
  CF_EQ_INT(g[1] == NULL, AG_GRAD_UNREACHABLE_GY_NONE);
  CF_EQ_INT(fails(st_autograd_grad(1, &out, NULL, 2, in, g, NULL)),
            AG_GRAD_UNREACHABLE_NOT_ALLOWED_RAISES);
  CF_FAILS(st_autograd_grad(1, &out, NULL, 2, in, g, NULL) != 0, ST_ERR_AUTOGRAD, "allow_unused");
}

/* test_autograd.py TestAutograd.test_multi_backward (two roots, through autograd.grad) */
CONF_TEST(conf_ag_multi_backward) {
  st_tensor *x = leaf_of(&ag_multi_backward_x), *y = leaf_of(&ag_multi_backward_y);
  st_tensor *q = leaf_of(&ag_multi_backward_q), *a = leaf_of(&ag_multi_backward_a);
  st_tensor *b = leaf_of(&ag_multi_backward_b);
  st_tensor *q2 = st_mul_scalar(q, 2);
  st_tensor *roots[2] = {st_add(st_add(x, y), q2), st_add(st_mul(a, b), q2)};
  st_tensor *gos[2] = {CT(ag_multi_backward_gz), CT(ag_multi_backward_gc)};
  st_tensor *in[5] = {x, y, q, a, b}, *g[5] = {0};
  CF_OK(st_autograd_grad(2, roots, gos, 5, in, g, NULL));
  CF_EXPECT(g[0], ag_multi_backward_x_grad);
  CF_EXPECT(g[1], ag_multi_backward_y_grad);
  CF_EXPECT(g[2], ag_multi_backward_q_grad);
  CF_EXPECT(g[3], ag_multi_backward_a_grad);
  CF_EXPECT(g[4], ag_multi_backward_b_grad);
}

/* test_autograd.py TestAutograd.test_multi_backward_no_grad (a root that does not require
   grad is an error) */
CONF_TEST(conf_ag_multi_backward_no_grad) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5, 5)), *y = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(x, true);
  st_tensor *roots[2] = {st_add(x, y), st_mul_scalar(y, 2)}, *g = NULL;
  st_tensor *gos[2] = {ones(ST_SHAPE(5, 5)), ones(ST_SHAPE(5, 5))};
  CF_EQ_INT(fails(st_autograd_grad(2, roots, gos, 1, &x, &g, NULL)),
            AG_MULTI_BACKWARD_NO_GRAD_RAISES);
}

/* test_autograd.py TestAutograd.test_duplicate_backward_root */
CONF_TEST(conf_ag_duplicate_backward_root) {
  st_tensor *a = leaf_of(&ag_duplicate_backward_root_a),
            *b = leaf_of(&ag_duplicate_backward_root_b);
  st_tensor *go = CT(ag_duplicate_backward_root_go), *x = st_mul(a, b);
  st_tensor *roots[2] = {x, x}, *gos[2] = {go, go}, *in[2] = {a, b}, *g[2] = {0};
  CF_OK(st_autograd_grad(2, roots, gos, 2, in, g, NULL));
  CF_EXPECT(g[0], ag_duplicate_backward_root_a_grad);
  CF_EXPECT(g[1], ag_duplicate_backward_root_b_grad);
}

/* test_autograd.py TestAutograd.test_backward_no_grad (a non-scalar root needs a gradient) */
CONF_TEST(conf_ag_backward_no_grad) {
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(a, true);
  st_tensor *b = st_add_scalar(a, 2);
  CF_EQ_INT(fails(st_backward(b, NULL, false, false)), AG_BACKWARD_NO_GRAD_RAISES);
  CF_FAILS(st_backward(b, NULL, false, false) != 0, ST_ERR_AUTOGRAD, "scalar");
}

/* test_autograd.py TestAutograd.test_backward_twice_with_saved_values */
CONF_TEST(conf_ag_backward_twice_with_saved_values) {
  st_tensor *b = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(b, true);
  st_tensor *c = st_mul(b, b);
  CF_OK(st_backward(c, ones(ST_SHAPE(3)), false, false));
  CF_EQ_INT(fails(st_backward(c, ones(ST_SHAPE(3)), false, false)),
            AG_BACKWARD_TWICE_WITH_SAVED_VALUES_RAISES);
  CF_FAILS(st_backward(c, ones(ST_SHAPE(3)), false, false) != 0, ST_ERR_AUTOGRAD, "retain_graph");
}

/* test_autograd.py TestAutograd.test_backward_twice_retained_graph_with_saved_values */
CONF_TEST(conf_ag_backward_twice_retained_graph_with_saved_values) {
  st_tensor *b = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(b, true);
  st_tensor *c = st_mul(b, b);
  CF_OK(st_backward(c, ones(ST_SHAPE(3)), true, false));
  CF_EQ_INT(fails(st_backward(c, ones(ST_SHAPE(3)), false, false)),
            AG_BACKWARD_TWICE_RETAINED_GRAPH_WITH_SAVED_VALUES_RAISES);
}

/* test_autograd.py TestAutograd.test_backward_twice_without_saved_values (add saves nothing, so
   a second backward works without retain_graph) */
CONF_TEST(conf_ag_backward_twice_without_saved_values) {
  st_tensor *b = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(b, true);
  st_tensor *c = st_add_scalar(b, 1);
  CF_OK(st_backward(c, ones(ST_SHAPE(3)), false, false));
  CF_EQ_INT(fails(st_backward(c, ones(ST_SHAPE(3)), false, false)),
            AG_BACKWARD_TWICE_WITHOUT_SAVED_VALUES_RAISES);
  CF_EXPECT(st_grad_of(b), ag_backward_twice_without_saved_values_b_grad);
}

/* test_autograd.py TestAutograd.test_next_functions */
CONF_TEST(conf_ag_next_functions) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5, 5)), *y = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(x, true);
  st_set_requires_grad(y, true);
  st_tensor *a = st_add(x, y);
  st_node *n = st_grad_fn(a);
  CF_CHECK(n != NULL);
  CF_EQ_INT(st_node_num_next(n), 2);
  for (int i = 0; i < 2; i++) {
    int nr = -1;
    st_node *e = st_node_next(n, i, &nr);
    CF_CHECK(e && !strcmp(st_node_name(e), "AccumulateGrad"));
    CF_EQ_INT(nr, 0);
  }
  st_tensor *b = st_add(a, st_full(ST_F64, ST_SHAPE(5, 5), 5.0));
  CF_CHECK(st_node_next(st_grad_fn(b), 0, NULL) == n);
  CF_CHECK(st_node_next(st_grad_fn(b), 1, NULL) == NULL);
}

/* test_autograd.py TestAutograd.test_requires_grad (and the same for views and detach) */
CONF_TEST(conf_ag_requires_grad) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5, 5)), *y = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_tensor *z = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(z, true);
  st_tensor *a = st_add(x, y), *b = st_add(a, z);
  CF_EQ_INT(st_requires_grad(a), AG_REQUIRES_GRAD_A);
  CF_EQ_INT(st_requires_grad(b), AG_REQUIRES_GRAD_B);
  CF_EQ_INT(st_is_leaf(a), AG_REQUIRES_GRAD_A_IS_LEAF);
  CF_EQ_INT(st_is_leaf(b), AG_REQUIRES_GRAD_B_IS_LEAF);
  st_tensor *v = st_slice(z, 0, 1, 3, 1);
  CF_EQ_INT(st_requires_grad(v), AG_REQUIRES_GRAD_VIEW_OF_LEAF);
  CF_EQ_INT(st_is_leaf(v), AG_REQUIRES_GRAD_VIEW_OF_LEAF_IS_LEAF);
  CF_EQ_INT(st_requires_grad(st_slice(x, 0, 1, 3, 1)), AG_REQUIRES_GRAD_VIEW_OF_PLAIN);
  CF_EQ_INT(st_requires_grad(st_detach(z)), AG_REQUIRES_GRAD_DETACH_OF_LEAF);
  CF_OK(st_backward(b, ones(ST_SHAPE(5, 5)), false, false));
  CF_CHECK(st_grad_of(x) == NULL && st_grad_of(a) == NULL); /* never reached */
}

/* test_autograd.py TestAutograd.test_requires_grad_ */
CONF_TEST(conf_ag_requires_grad_) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5, 5)), *y = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(y, true);
  st_tensor *z = st_mul(x, y);
  CF_EQ_INT(fails(st_set_requires_grad(z, false)), AG_REQUIRES_GRAD__NONLEAF_FALSE_RAISES);
  CF_EQ_INT(!fails(st_set_requires_grad(z, true)), AG_REQUIRES_GRAD__NONLEAF_TRUE_OK);
  CF_OK(st_set_requires_grad(x, true));
  CF_OK(st_set_requires_grad(y, false));
  CF_EQ_INT(st_requires_grad(x), AG_REQUIRES_GRAD__X);
  CF_EQ_INT(st_requires_grad(y), AG_REQUIRES_GRAD__Y);
}

/* test_autograd.py TestAutograd.test_set_requires_grad_only_for_floats */
CONF_TEST(conf_ag_set_requires_grad_only_for_floats) {
  CF_EQ_INT(fails(st_set_requires_grad(st_ones(ST_I64, ST_SHAPE(3)), true)),
            AG_SET_REQUIRES_GRAD_ONLY_FOR_FLOATS_I64_RAISES);
  CF_EQ_INT(fails(st_set_requires_grad(st_ones(ST_BOOL, ST_SHAPE(3)), true)),
            AG_SET_REQUIRES_GRAD_ONLY_FOR_FLOATS_BOOL_RAISES);
  CF_EQ_INT(!fails(st_set_requires_grad(st_ones(ST_F32, ST_SHAPE(3)), true)),
            AG_SET_REQUIRES_GRAD_ONLY_FOR_FLOATS_F32_OK);
}

/* test_autograd.py TestAutograd.test_requires_grad_inplace */
CONF_TEST(conf_ag_requires_grad_inplace) {
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(5, 5)), *b = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(b, true);
  CF_OK(st_add_(a, b));
  CF_EQ_INT(st_requires_grad(a), AG_REQUIRES_GRAD_INPLACE_LEAF);
  a = st_add_scalar(st_randn(ST_F64, ST_SHAPE(5, 5)), 0);
  CF_OK(st_add_(a, b));
  CF_EQ_INT(st_requires_grad(a), AG_REQUIRES_GRAD_INPLACE_NONLEAF);
}

/* test_autograd.py TestAutograd.test_no_requires_grad_inplace */
CONF_TEST(conf_ag_no_requires_grad_inplace) {
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(2, 3));
  CF_OK(st_add_scalar_(a, 5));
  CF_OK(st_set_requires_grad(a, true));
  CF_OK(st_backward(st_sum_all(a), NULL, false, false));
  CF_EXPECT(st_grad_of(a), ag_no_requires_grad_inplace_grad);
  a = st_randn(ST_F64, ST_SHAPE(2, 3));
  st_tensor *b = st_slice(a, 0, 0, 2, 1);
  CF_OK(st_add_scalar_(b, 5));
  CF_OK(st_set_requires_grad(a, true));
  CF_OK(st_backward(st_sum_all(a), NULL, false, false));
  CF_EXPECT(st_grad_of(a), ag_no_requires_grad_inplace_view_grad);
  a = st_randn(ST_F64, ST_SHAPE(2, 3));
  b = st_slice(a, 0, 0, 2, 1);
  CF_OK(st_set_requires_grad(a, true));
  CF_EQ_INT(fails(st_add_scalar_(a, 5)), AG_NO_REQUIRES_GRAD_INPLACE_LEAF_INPLACE_RAISES);
  CF_EQ_INT(fails(st_add_scalar_(b, 5)), AG_NO_REQUIRES_GRAD_INPLACE_VIEW_INPLACE_RAISES);
}

/* test_autograd.py TestAutograd.test_detach */
CONF_TEST(conf_ag_detach) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(10, 10));
  st_set_requires_grad(x, true);
  st_tensor *y = st_detach(st_add_scalar(x, 2));
  st_tensor *z = st_add_scalar(st_mul_scalar(y, 4), 2);
  CF_EQ_INT(st_requires_grad(y), AG_DETACH_Y);
  CF_EQ_INT(st_requires_grad(z), AG_DETACH_Z);
  x = st_randn(ST_F64, ST_SHAPE(10, 10));
  st_set_requires_grad(x, true);
  y = st_detach(st_mul_scalar(x, 2));
  CF_EQ_INT(st_grad_fn(y) == NULL, AG_DETACH_Y_GRAD_FN_NONE);
  CF_OK(st_backward(st_sum_all(st_add(x, y)), NULL, false, false));
  CF_EXPECT(st_grad_of(x), ag_detach_x_grad);
}

/* test_autograd.py TestAutograd.test_no_grad */
CONF_TEST(conf_ag_no_grad) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(x, true);
  st_tensor *y = st_full(ST_F64, ST_SHAPE(5, 5), 4);
  bool prev = st_set_grad_enabled(false);
  st_tensor *w = st_add(x, y);
  CF_CHECK(!st_is_grad_enabled());
  st_set_grad_enabled(prev);
  CF_EQ_INT(st_requires_grad(w), AG_NO_GRAD_W);
  CF_EQ_INT(st_grad_fn(w) == NULL, AG_NO_GRAD_W_GRAD_FN_NONE);
  CF_EQ_INT(fails(st_backward(w, ones(ST_SHAPE(5, 5)), false, false)), AG_NO_GRAD_BACKWARD_RAISES);
}

/* test_autograd.py TestAutograd.test_set_grad_enabled */
CONF_TEST(conf_ag_set_grad_enabled) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(1));
  st_set_requires_grad(x, true);
  bool prev = st_set_grad_enabled(false);
  CF_EQ_INT(st_requires_grad(st_mul_scalar(x, 2)), AG_SET_GRAD_ENABLED_OFF);
  st_set_grad_enabled(true);
  CF_EQ_INT(st_requires_grad(st_mul_scalar(x, 2)), AG_SET_GRAD_ENABLED_ON);
  st_set_grad_enabled(false);
  st_set_grad_enabled(true);
  CF_EQ_INT(st_requires_grad(st_mul_scalar(x, 2)), AG_SET_GRAD_ENABLED_OFF_THEN_ON);
  CF_EQ_INT(st_set_grad_enabled(prev), 1);
}

/* test_autograd.py TestAutograd.test_no_grad_modifies_version */
CONF_TEST(conf_ag_no_grad_modifies_version) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5)), *y = st_randn(ST_F64, ST_SHAPE(5));
  st_set_requires_grad(x, true);
  st_set_requires_grad(y, true);
  st_tensor *z = st_sum_all(st_mul(x, y));
  bool prev = st_set_grad_enabled(false);
  CF_OK(st_mul_scalar_(x, 2));
  st_set_grad_enabled(prev);
  CF_EQ_INT(AG_NO_GRAD_MODIFIES_VERSION_RAISES, 1);
  CF_FAILS(st_backward(z, NULL, false, false) != 0, ST_ERR_INPLACE, NULL);
}

/* test_autograd.py TestAutograd.test_no_grad_assignment */
CONF_TEST(conf_ag_no_grad_assignment) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5, 5)), *y = st_randn(ST_F64, ST_SHAPE(5));
  st_set_requires_grad(x, true);
  bool prev = st_set_grad_enabled(false);
  CF_OK(st_copy_(st_select(x, 0, 0), y));
  st_set_grad_enabled(prev);
  CF_EQ_INT(st_requires_grad(x), AG_NO_GRAD_ASSIGNMENT_REQUIRES_GRAD);
  CF_EQ_INT(st_grad_fn(x) == NULL, AG_NO_GRAD_ASSIGNMENT_GRAD_FN_NONE);
}

/* test_autograd.py TestAutograd.test_inplace (version counters of saved values) */
CONF_TEST(conf_ag_inplace) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(5, 5)), *y = st_full(ST_F64, ST_SHAPE(5, 5), 4);
  st_set_requires_grad(x, true);
  st_set_requires_grad(y, true);
  st_tensor *z = st_mul(x, y), *q = st_add(z, y), *w = st_mul(z, y);
  CF_OK(st_add_scalar_(z, 2));
  CF_EQ_INT(fails(st_backward(q, ones(ST_SHAPE(5, 5)), true, false)), AG_INPLACE_Q_BACKWARD_RAISES);
  CF_EQ_INT(fails(st_backward(w, ones(ST_SHAPE(5, 5)), false, false)),
            AG_INPLACE_W_BACKWARD_RAISES);
  z = st_mul(x, y);
  q = st_mul(z, y);
  st_tensor *r = st_add(z, y);
  CF_OK(st_add_(z, y));
  CF_EQ_INT(fails(st_backward(z, ones(ST_SHAPE(5, 5)), true, false)),
            AG_INPLACE_W2_BACKWARD_RAISES);
  CF_EQ_INT(fails(st_backward(r, ones(ST_SHAPE(5, 5)), true, false)),
            AG_INPLACE_R2_BACKWARD_RAISES);
  CF_EQ_INT(fails(st_backward(q, ones(ST_SHAPE(5, 5)), false, false)),
            AG_INPLACE_Q2_BACKWARD_RAISES);
  st_tensor *lf = st_ones(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(lf, true);
  x = st_clone(lf);
  CF_OK(st_add_scalar_(x, 10));
  CF_EXPECT(x, ag_inplace_x_after_add);
  y = st_add_scalar(x, 2);
  CF_OK(st_backward(y, ones(ST_SHAPE(5, 5)), false, false));
  CF_EXPECT(st_grad_of(lf), ag_inplace_leaf_grad);
  z = st_mul(x, y);
  CF_OK(st_add_scalar_(x, 2));
  CF_EQ_INT(fails(st_backward(z, ones(ST_SHAPE(5, 5)), false, false)),
            AG_INPLACE_Z_BACKWARD_RAISES);
}

/* test_autograd.py TestAutograd.test_leaf_assignment (x[0] = y into a tensor that does not
   require grad gives it history) */
CONF_TEST(conf_ag_leaf_assignment) {
  st_tensor *x = CT(ag_leaf_assignment_x);
  st_tensor *y = leaf_of(&ag_leaf_assignment_y), *z = leaf_of(&ag_leaf_assignment_z);
  CF_OK(st_copy_(st_select(x, 0, 0), y));
  CF_OK(st_copy_(st_select(x, 0, 1), st_mul_scalar(z, 2)));
  CF_EQ_INT(st_requires_grad(x), AG_LEAF_ASSIGNMENT_REQUIRES_GRAD);
  CF_OK(st_backward(st_sum_all(x), NULL, false, false));
  CF_EXPECT(st_grad_of(y), ag_leaf_assignment_y_grad);
  CF_EXPECT(st_grad_of(z), ag_leaf_assignment_z_grad);
}

/* test_autograd.py TestAutograd.test_type_conversions (_test_type_conversion_backward) */
CONF_TEST(conf_ag_type_conversion_backward) {
  st_tensor *f = st_randn(ST_F32, ST_SHAPE(5, 5));
  st_set_requires_grad(f, true);
  CF_OK(st_backward(st_sum_all(st_to_dtype(f, ST_F64)), NULL, false, false));
  CF_EXPECT(st_grad_of(f), ag_type_conversion_backward_f_grad);
  CF_EQ_INT(st_dtype_of(st_grad_of(f)) == ST_F32, AG_TYPE_CONVERSION_BACKWARD_F_GRAD_IS_F32);
  st_tensor *d = st_randn(ST_F64, ST_SHAPE(5, 5));
  st_set_requires_grad(d, true);
  CF_OK(st_backward(st_sum_all(st_to_dtype(d, ST_F32)), NULL, false, false));
  CF_EQ_INT(st_dtype_of(st_grad_of(d)) == ST_F64, AG_TYPE_CONVERSION_BACKWARD_D_GRAD_IS_F64);
}

/* test_autograd.py TestAutograd.test_isolated_node (an integer branch in the graph) */
CONF_TEST(conf_ag_isolated_node) {
  st_tensor *x = leaf_of(&ag_isolated_node_x), *y = leaf_of(&ag_isolated_node_y);
  st_tensor *a = st_add(x, y);
  st_tensor *b = st_to_dtype(st_repeat(st_argmax(a, 1, true), 2, (int64_t[]){1, 5}), ST_F64);
  CF_OK(st_backward(st_sum_all(st_add(b, a)), NULL, false, false));
  CF_EXPECT(st_grad_of(x), ag_isolated_node_x_grad);
}

/* test_autograd.py TestAutograd.test_no_unnecessary_save (x * ft does not save x when ft needs
   no gradient, so writing x again is no error) */
CONF_TEST(conf_ag_no_unnecessary_save) {
  st_tensor *mu = st_ones(ST_F64, ST_SHAPE(1)), *x = st_zeros(ST_F64, ST_SHAPE(1));
  st_set_requires_grad(mu, true);
  st_tensor *loss = st_scalar(ST_F64, 0);
  for (int i = 0; i < 3; i++) {
    CF_OK(st_copy_(x, st_add_scalar(mu, i)));
    st_tensor *ft = st_full(ST_F64, ST_SHAPE(1), i);
    loss = st_add(loss, st_sum_all(st_mul(x, ft)));
  }
  CF_EQ_INT(fails(st_backward(loss, NULL, false, false)), AG_NO_UNNECESSARY_SAVE_RAISES);
  CF_EXPECT(st_grad_of(mu), ag_no_unnecessary_save_mu_grad);
}

/* test_autograd.py TestAutogradInferenceMode.test_inference_mode_context_manager */
CONF_TEST(conf_ag_inference_mode_context_manager) {
  CF_EQ_INT(st_set_inference_mode(true), AG_INFERENCE_MODE_ENABLED_INITIALLY);
  CF_EQ_INT(st_is_grad_enabled(), AG_INFERENCE_MODE_GRAD_ENABLED_INSIDE);
  CF_EQ_INT(st_set_inference_mode(false), AG_INFERENCE_MODE_ENABLED_INSIDE);
  CF_EQ_INT(st_set_inference_mode(false), AG_INFERENCE_MODE_NESTED_FALSE);
  CF_CHECK(st_is_grad_enabled());
}

/* test_autograd.py TestAutogradInferenceMode.test_inference_mode_existing_autograd_session
   (an in-place change in inference mode of a value saved for backward is still an error) */
CONF_TEST(conf_ag_inference_mode_existing_autograd_session) {
  st_tensor *s = st_ones(ST_F64, ST_SHAPE(1, 2, 3));
  st_set_requires_grad(s, true);
  st_set_inference_mode(true);
  CF_EQ_INT(st_requires_grad(st_mul_scalar(s, 2)), AG_INFERENCE_MODE_OP_REQUIRES_GRAD);
  st_set_inference_mode(false);
  st_tensor *a = st_clone(s), *out = st_mul(a, a);
  st_set_inference_mode(true);
  CF_OK(st_add_scalar_(a, 2));
  st_set_inference_mode(false);
  CF_EQ_INT(fails(st_backward(st_sum_all(out), NULL, false, false)),
            AG_INFERENCE_MODE_EXISTING_SESSION_INPLACE_RAISES);
}

/* test_autograd.py TestAutogradInferenceMode.test_inference_mode_inf_tensor_in_normal_mode_*
   (an inference tensor cannot be saved for backward nor written in place outside inference
   mode; functional use is fine) */
CONF_TEST(conf_ag_inference_mode_inference_tensor_outside) {
  st_set_inference_mode(true);
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(2, 3));
  st_set_inference_mode(false);
  st_tensor *w = st_ones(ST_F64, ST_SHAPE(2, 3));
  st_set_requires_grad(w, true);
  st_tensor *sum = st_add(t, w);
  CF_EQ_INT(sum != NULL, AG_INFERENCE_MODE_INFERENCE_TENSOR_FUNCTIONAL_OK);
  st_tensor *prod = st_mul(t, w);
  CF_EQ_INT(prod == NULL, AG_INFERENCE_MODE_INFERENCE_TENSOR_SAVED_RAISES);
  st_clear_error();
  CF_EQ_INT(fails(st_add_scalar_(t, 1)), AG_INFERENCE_MODE_INFERENCE_TENSOR_INPLACE_OUTSIDE_RAISES);
}
