/* test_eager_transforms.c — API cases ported from functorch's test_eager_transforms.py: grad
   modes and inference mode around and inside transforms (TestGradTransform), transforms
   composed with eager autograd, escaped wrappers, vjp's pullback, jvp's errors (TestJvp),
   linearize (TestLinearize) and jacrev's chunk size (TestJac). Values and outcomes are
   torch.func's, from gen_transforms.py. (Per-function derivatives are program cases:
   test_transforms.c.) */
#include "conf.h"
#include "expected_eager_transforms.h"

static st_tensor *leaf_of(const conf_array *a) {
  st_tensor *t = conf_tensor(a);
  st_set_requires_grad(t, true);
  return t;
}

#define FN(name, expr)                                                                             \
  static int name(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {           \
    (void)ctx, (void)nin, (void)nout;                                                              \
    st_tensor *x = in[0];                                                                          \
    out[0] = (expr);                                                                               \
    return out[0] ? 0 : -1;                                                                        \
  }

FN(f_sin, st_sin(x))
FN(f_square, st_pow_scalar(x, 2))
FN(f_cube, st_pow_scalar(x, 3))
FN(f_quarter_x4, st_mul_scalar(st_pow_scalar(x, 4), 0.25))
FN(f_sum_square, st_sum_all(st_pow_scalar(x, 2)))
FN(f_sum_cube, st_sum_all(st_pow_scalar(x, 3)))
FN(f_cos, st_cos(x))
FN(f_silly_sin, st_sin(st_reshape(x, 0, NULL)))

/* x^p - (x^p under no-grad) */
static int f_shift(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  double p = *(const double *)ctx;
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = st_pow_scalar(in[0], p);
  st_set_grad_enabled(prev);
  out[0] = st_sub(st_pow_scalar(in[0], p), shift);
  return out[0] ? 0 : -1;
}

/* One call of f on x: the first output (a reference of the current scope). */
static st_tensor *call1(st_func *f, st_tensor *x) {
  st_tensor *out[4] = {0};
  int rc = f ? st_call(f, &x, out) : -1;
  return rc ? NULL : out[0];
}

static st_tensor *grad_of_fn(st_fn fn, void *ctx, st_tensor *x) {
  st_func *f = st_func_new(fn, ctx, 1, 1), *g = st_grad(f, 0, NULL);
  st_tensor *r = call1(g, x);
  st_func_release(g);
  st_func_release(f);
  return r;
}

static st_tensor *autograd1(st_tensor *y, st_tensor *x) {
  st_tensor *g = NULL;
  return st_autograd_grad(1, &y, NULL, 1, &x, &g, NULL) ? NULL : g;
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside */
CONF_TEST(conf_tx_no_grad_outside) {
  st_tensor *x = leaf_of(&tx_no_grad_outside_x);
  bool prev = st_set_grad_enabled(false);
  st_tensor *y = grad_of_fn(f_sin, NULL, x);
  st_set_grad_enabled(prev);
  CF_EXPECT(y, tx_no_grad_outside_y);
  CF_EQ_INT(st_requires_grad(y), TX_NO_GRAD_OUTSIDE_REQUIRES_GRAD);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_mixed */
CONF_TEST(conf_tx_no_grad_mixed) {
  static const double two = 2;
  st_tensor *x = leaf_of(&tx_no_grad_mixed_x);
  bool prev = st_set_grad_enabled(false);
  st_tensor *y = grad_of_fn(f_shift, (void *)&two, x);
  st_set_grad_enabled(prev);
  CF_EXPECT(y, tx_no_grad_mixed_y);
  CF_EQ_INT(st_requires_grad(y), TX_NO_GRAD_MIXED_REQUIRES_GRAD);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_inside (the eager half) */
CONF_TEST(conf_tx_no_grad_inside_eager) {
  static const double two = 2;
  st_tensor *x = leaf_of(&tx_no_grad_inside_x);
  st_tensor *y = grad_of_fn(f_shift, (void *)&two, x);
  CF_EXPECT(y, tx_no_grad_inside_y);
  CF_EXPECT(autograd1(y, x), tx_no_grad_inside_z);
}

/* x^3 - grad(0.25 x^4)(x) under no-grad */
static int h_nested(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = grad_of_fn(f_quarter_x4, NULL, in[0]);
  st_set_grad_enabled(prev);
  out[0] = st_sub(st_pow_scalar(in[0], 3), shift);
  return out[0] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_nested_simple */
CONF_TEST(conf_tx_no_grad_nested_simple) {
  st_tensor *x = st_scalar(ST_F64, 1.5);
  st_set_requires_grad(x, true);
  st_tensor *y = grad_of_fn(h_nested, NULL, x);
  CF_EXPECT(y, tx_no_grad_nested_simple_y);
  CF_EXPECT(autograd1(y, x), tx_no_grad_nested_simple_z);
}

/* grad(f)(x) - grad(f)(x) under no-grad, f = x^3 - (x^3 under no-grad) */
static int g_nested(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  static const double three = 3;
  st_tensor *r1 = grad_of_fn(f_shift, (void *)&three, in[0]);
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = grad_of_fn(f_shift, (void *)&three, in[0]);
  st_set_grad_enabled(prev);
  out[0] = st_sub(r1, shift);
  return out[0] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_nested_complicated */
CONF_TEST(conf_tx_no_grad_nested_complicated) {
  st_tensor *x = leaf_of(&tx_no_grad_nested_complicated_x);
  st_tensor *y = grad_of_fn(g_nested, NULL, x);
  CF_EXPECT(y, tx_no_grad_nested_complicated_y);
  CF_EXPECT(autograd1(y, x), tx_no_grad_nested_complicated_z);
}

/* x^3 - value of grad_and_value(x^3)(x) under no-grad */
static int h_value(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *f = st_func_new(f_cube, NULL, 1, 1), *gv = st_grad_and_value(f, 0, NULL);
  st_tensor *gvout[2] = {0};
  bool prev = st_set_grad_enabled(false);
  int rc = gv ? st_call(gv, in, gvout) : -1;
  st_set_grad_enabled(prev);
  st_func_release(gv);
  st_func_release(f);
  out[0] = rc ? NULL : st_sub(st_pow_scalar(in[0], 3), gvout[1]);
  return out[0] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_value */
CONF_TEST(conf_tx_no_grad_value) {
  st_tensor *x = st_scalar(ST_F64, 1.6);
  st_set_requires_grad(x, true);
  st_tensor *y = grad_of_fn(h_value, NULL, x);
  CF_EXPECT(y, tx_no_grad_value_y);
  CF_EXPECT(autograd1(y, x), tx_no_grad_value_z);
}

/* vjp of x^2 at x; the pullback applied to 1 (each step under grad mode `mode_vjp` /
   `mode_pullback`). */
static void vjp_square(st_tensor *x, bool mode_vjp, bool mode_pullback, st_tensor **out,
                       st_tensor **y) {
  st_func *f = st_func_new(f_square, NULL, 1, 1), *pb = NULL;
  bool prev = st_set_grad_enabled(mode_vjp);
  int rc = st_vjp(f, &x, out, &pb);
  st_set_grad_enabled(mode_pullback);
  st_tensor *one = st_scalar(ST_F64, 1);
  if (!rc) rc = st_call(pb, &one, y);
  st_set_grad_enabled(prev);
  if (rc) *y = NULL;
  st_func_release(pb);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside_vjp */
CONF_TEST(conf_tx_no_grad_outside_vjp) {
  st_tensor *x = st_scalar(ST_F64, 2.0), *out = NULL, *y = NULL;
  st_set_requires_grad(x, true);
  vjp_square(x, false, false, &out, &y);
  CF_EXPECT(y, tx_no_grad_outside_vjp_y);
  CF_EQ_INT(st_requires_grad(y), TX_NO_GRAD_OUTSIDE_VJP_Y_REQUIRES_GRAD);
  CF_EQ_INT(st_requires_grad(out), TX_NO_GRAD_OUTSIDE_VJP_OUT_REQUIRES_GRAD);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside_vjp_fn */
CONF_TEST(conf_tx_no_grad_outside_vjp_fn) {
  st_tensor *x = st_scalar(ST_F64, 3.14), *out = NULL, *y = NULL;
  st_set_requires_grad(x, true);
  vjp_square(x, true, false, &out, &y);
  CF_EXPECT(y, tx_no_grad_outside_vjp_fn_y);
  CF_EQ_INT(st_requires_grad(y), TX_NO_GRAD_OUTSIDE_VJP_FN_Y_REQUIRES_GRAD);
  CF_EQ_INT(st_requires_grad(out), TX_NO_GRAD_OUTSIDE_VJP_FN_OUT_REQUIRES_GRAD);
  CF_EXPECT(autograd1(out, x), tx_no_grad_outside_vjp_fn_z);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside_vjp_only */
CONF_TEST(conf_tx_no_grad_outside_vjp_only) {
  st_tensor *x = st_scalar(ST_F64, 3.14), *out = NULL, *y = NULL;
  st_set_requires_grad(x, true);
  vjp_square(x, false, true, &out, &y);
  CF_EXPECT(y, tx_no_grad_outside_vjp_only_y);
  CF_EQ_INT(st_requires_grad(out), TX_NO_GRAD_OUTSIDE_VJP_ONLY_OUT_REQUIRES_GRAD);
  CF_EQ_INT(st_requires_grad(y), TX_NO_GRAD_OUTSIDE_VJP_ONLY_Y_REQUIRES_GRAD);
  CF_EXPECT(autograd1(y, x), tx_no_grad_outside_vjp_only_z);
}

/* A transform of fn applied to x, in inference mode (and no-grad when asked). */
static st_tensor *in_inference(st_func *(*make)(st_func *), st_fn fn, st_tensor *x, bool nograd) {
  st_func *f = st_func_new(fn, NULL, 1, 1), *t = make(f);
  bool prev_inf = st_set_inference_mode(true), prev_grad = st_set_grad_enabled(!nograd);
  st_tensor *r = call1(t, x);
  st_set_grad_enabled(prev_grad);
  st_set_inference_mode(prev_inf);
  st_func_release(t);
  st_func_release(f);
  return r;
}
static st_func *make_grad(st_func *f) { return st_grad(f, 0, NULL); }
static st_func *make_jacrev(st_func *f) { return st_jacrev(f, 0); }
static st_func *make_vmap_grad(st_func *f) {
  st_func *g = st_grad(f, 0, NULL), *v = st_vmap(g, NULL, NULL);
  st_func_release(g);
  return v;
}
static st_func *make_grad_grad(st_func *f) {
  st_func *g = st_grad(f, 0, NULL), *gg = st_grad(g, 0, NULL);
  st_func_release(g);
  return gg;
}
static st_func *make_jacrev_grad(st_func *f) {
  st_func *g = st_grad(f, 0, NULL), *j = st_jacrev(g, 0);
  st_func_release(g);
  return j;
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_grad */
CONF_TEST(conf_tx_inference_mode_outside_grad) {
  st_tensor *x = CT(tx_inference_x);
  CF_EXPECT(in_inference(make_grad, f_sum_square, x, false), tx_inference_outside_grad);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_nograd_outside_grad */
CONF_TEST(conf_tx_inference_mode_nograd_outside_grad) {
  st_tensor *x = CT(tx_inference_x);
  CF_EXPECT(in_inference(make_grad, f_sum_square, x, true), tx_inference_nograd_outside_grad);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_vjp */
CONF_TEST(conf_tx_inference_mode_outside_vjp) {
  st_tensor *x = CT(tx_inference_x), *out = NULL, *y = NULL, *one = st_scalar(ST_F64, 1);
  st_func *f = st_func_new(f_sum_square, NULL, 1, 1), *pb = NULL;
  bool prev = st_set_inference_mode(true);
  int rc = st_vjp(f, &x, &out, &pb);
  if (!rc) rc = st_call(pb, &one, &y);
  st_set_inference_mode(prev);
  CF_EQ_INT(rc, 0);
  CF_EXPECT(y, tx_inference_outside_vjp);
  st_func_release(pb);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_jvp */
CONF_TEST(conf_tx_inference_mode_outside_jvp) {
  st_tensor *x = CT(tx_inference_x), *t = st_ones(ST_F64, ST_SHAPE(3)), *out = NULL, *tout = NULL;
  st_func *f = st_func_new(f_sum_square, NULL, 1, 1);
  bool prev = st_set_inference_mode(true);
  CF_OK(st_jvp(f, &x, &t, &out, &tout));
  st_set_inference_mode(prev);
  CF_EXPECT(tout, tx_inference_outside_jvp);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_jacrev */
CONF_TEST(conf_tx_inference_mode_outside_jacrev) {
  st_tensor *x = CT(tx_inference_x);
  CF_EXPECT(in_inference(make_jacrev, f_square, x, false), tx_inference_outside_jacrev);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_vmap_grad */
CONF_TEST(conf_tx_inference_mode_outside_vmap_grad) {
  st_tensor *xs = CT(tx_inference_xs);
  CF_EXPECT(in_inference(make_vmap_grad, f_sum_square, xs, false), tx_inference_outside_vmap_grad);
}

/* sum over the lanes of vmap(sum(x^2)) of x's elements */
static int f_vmap_inside(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *f = st_func_new(f_sum_square, NULL, 1, 1), *v = st_vmap(f, NULL, NULL);
  st_tensor *r = call1(v, in[0]);
  st_func_release(v);
  st_func_release(f);
  out[0] = st_sum_all(r);
  return out[0] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_grad_vmap */
CONF_TEST(conf_tx_inference_mode_outside_grad_vmap) {
  st_tensor *x = CT(tx_inference_x);
  CF_EXPECT(in_inference(make_grad, f_vmap_inside, x, false), tx_inference_outside_grad_vmap);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_nested_grad */
CONF_TEST(conf_tx_inference_mode_nested_grad) {
  st_tensor *x0 = st_select(CT(tx_inference_x), 0, 0);
  CF_EXPECT(in_inference(make_grad_grad, f_cube, x0, false), tx_inference_nested_grad);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_jacrev_grad */
CONF_TEST(conf_tx_inference_mode_jacrev_grad) {
  st_tensor *x = CT(tx_inference_x);
  CF_EXPECT(in_inference(make_jacrev_grad, f_sum_cube, x, false), tx_inference_jacrev_grad);
}

/* sum(x - x^2 computed in inference mode) */
static int f_inference_inside(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool prev = st_set_inference_mode(true);
  st_tensor *c = st_pow_scalar(in[0], 2);
  st_set_inference_mode(prev);
  out[0] = st_sum_all(st_sub(in[0], c));
  return out[0] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_inside_grad */
CONF_TEST(conf_tx_inference_mode_inside_grad) {
  st_tensor *x = CT(tx_inference_x);
  CF_EXPECT(in_inference(make_grad, f_inference_inside, x, false), tx_inference_inside_grad);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_restored */
CONF_TEST(conf_tx_inference_mode_restored) {
  st_tensor *x = CT(tx_inference_x);
  bool prev = st_set_inference_mode(true);
  st_func *f = st_func_new(f_sum_square, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  CF_CHECK(call1(g, x) != NULL);
  CF_EQ_INT(st_set_inference_mode(prev), TX_INFERENCE_RESTORED);
  CF_CHECK(!st_set_inference_mode(false));
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_composed_with_autograd */
CONF_TEST(conf_tx_composed_with_autograd) {
  st_tensor *x = leaf_of(&tx_composed_with_autograd_x);
  st_tensor *y = grad_of_fn(f_sin, NULL, x);
  CF_EXPECT(autograd1(y, x), tx_composed_with_autograd_r);
}

/* test_eager_transforms.py TestGradTransform.test_views */
CONF_TEST(conf_tx_views) {
  st_tensor *x = leaf_of(&tx_views_x), *y = leaf_of(&tx_views_y), *g[2] = {0};
  st_tensor *res = st_add(grad_of_fn(f_silly_sin, NULL, x), st_cos(y)), *in[2] = {x, y};
  CF_OK(st_autograd_grad(1, &res, NULL, 2, in, g, NULL));
  CF_EXPECT(g[0], tx_views_gx);
  CF_EXPECT(g[1], tx_views_gy);
}

static st_tensor *escaped;
static int f_escape(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  escaped = st_retain(out[0]);
  return out[0] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_escaped_wrappers_are_ignored */
CONF_TEST(conf_tx_escaped_wrappers_are_ignored) {
  st_tensor *x = CT(tx_escaped_x);
  CF_CHECK(grad_of_fn(f_escape, NULL, x) != NULL);
  st_tensor *s = st_sum_all(escaped);
  CF_EXPECT(s, tx_escaped_sum);
  CF_CHECK(!st_requires_grad(s));
  st_release(escaped);
  escaped = NULL;
}

/* test_eager_transforms.py TestGradTransform.test_vjp (a pullback may be called again) */
CONF_TEST(conf_tx_vjp_pullback_twice) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *out = NULL, *g1 = NULL, *g2 = NULL;
  st_tensor *v = st_randn(ST_F64, ST_SHAPE(3));
  st_func *f = st_func_new(f_sin, NULL, 1, 1), *pb = NULL;
  CF_OK(st_vjp(f, &x, &out, &pb));
  CF_OK(st_call(pb, &v, &g1));
  CF_OK(st_call(pb, &v, &g2));
  double a[3], b[3], c[3], xv[3];
  st_to_f64(g1, a, 3);
  st_to_f64(g2, b, 3);
  st_to_f64(v, c, 3);
  st_to_f64(x, xv, 3);
  for (int i = 0; i < 3; i++) {
    CF_NEAR(a[i], b[i]);
    CF_NEAR(a[i], c[i] * cos(xv[i])); /* v * cos(x), the test's own identity */
  }
  st_func_release(pb);
  st_func_release(f);
}

/* test_eager_transforms.py TestJvp (a tangent of another shape than its primal is an error).
   Deliberate difference: torch.func accepts a tangent of another dtype (TX_JVP_DTYPE_MISMATCH_
   RAISES is 0); strata.h requires each tangent "shaped and typed like its primal" and refuses. */
CONF_TEST(conf_tx_jvp_tangent_mismatch) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(2, 3)), *out = NULL, *tout = NULL;
  st_tensor *bad_shape = st_randn(ST_F64, ST_SHAPE(3, 2)), *f32 = st_randn(ST_F32, ST_SHAPE(2, 3));
  st_func *f = st_func_new(f_sin, NULL, 1, 1);
  st_clear_error();
  CF_EQ_INT(st_jvp(f, &x, &bad_shape, &out, &tout) != 0, TX_JVP_SHAPE_MISMATCH_RAISES);
  st_clear_error();
  CF_EQ_INT(TX_JVP_DTYPE_MISMATCH_RAISES, 0);
  CF_FAILS(st_jvp(f, &x, &f32, &out, &tout) != 0, 0, NULL);
  st_clear_error();
  st_func_release(f);
}

static int f_cos_and_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_cos(in[0]);
  out[1] = st_sum_all(in[0]);
  return out[0] && out[1] ? 0 : -1;
}

/* test_eager_transforms.py TestLinearize.test_linearize_basic */
CONF_TEST(conf_tx_linearize_basic) {
  st_tensor *x = CT(tx_linearize_x), *t = CT(tx_linearize_t), *out = NULL, *tj = NULL;
  st_func *f = st_func_new(f_cos, NULL, 1, 1), *jfn = NULL;
  CF_OK(st_linearize(f, &x, &out, &jfn));
  CF_EXPECT(out, tx_linearize_basic_out);
  CF_OK(jfn ? st_call(jfn, &t, &tj) : -1);
  CF_EXPECT(tj, tx_linearize_basic_jvp);
  st_func_release(jfn);
  st_func_release(f);
}

/* test_eager_transforms.py TestLinearize.test_linearize_return */
CONF_TEST(conf_tx_linearize_return) {
  st_tensor *x = CT(tx_linearize_x), *t = CT(tx_linearize_t), *out[2] = {0}, *tj[2] = {0};
  st_func *f = st_func_new(f_cos_and_sum, NULL, 1, 2), *jfn = NULL;
  CF_OK(st_linearize(f, &x, out, &jfn));
  CF_EXPECT(out[0], tx_linearize_return_out0);
  CF_EXPECT(out[1], tx_linearize_return_out1);
  CF_OK(jfn ? st_call(jfn, &t, tj) : -1);
  CF_EXPECT(tj[0], tx_linearize_return_jvp0);
  CF_EXPECT(tj[1], tx_linearize_return_jvp1);
  st_func_release(jfn);
  st_func_release(f);
}

/* test_eager_transforms.py TestLinearize.test_linearize_composition_vmap */
CONF_TEST(conf_tx_linearize_composition_vmap) {
  st_tensor *x = CT(tx_linearize_x), *tb = CT(tx_linearize_tb), *out[2] = {0}, *bj[2] = {0};
  st_func *f = st_func_new(f_cos_and_sum, NULL, 1, 2), *jfn = NULL, *v = NULL;
  CF_OK(st_linearize(f, &x, out, &jfn));
  v = jfn ? st_vmap(jfn, NULL, NULL) : NULL;
  CF_OK(v ? st_call(v, &tb, bj) : -1);
  CF_EXPECT(bj[0], tx_linearize_vmap_jvp0);
  CF_EXPECT(bj[1], tx_linearize_vmap_jvp1);
  st_func_release(v);
  st_func_release(jfn);
  st_func_release(f);
}

static int f_ones_dot_sin(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_dot(st_ones(ST_F64, ST_SHAPE(3)), st_sin(in[0]));
  return out[0] ? 0 : -1;
}
FN(f_grad_of_dot, grad_of_fn(f_ones_dot_sin, NULL, x))

/* test_eager_transforms.py TestLinearize.test_linearize_composition_grad (with sin) */
CONF_TEST(conf_tx_linearize_composition_grad) {
  st_tensor *x = CT(tx_linearize_x3), *t = CT(tx_linearize_t3), *out = NULL, *tj = NULL;
  st_func *f = st_func_new(f_grad_of_dot, NULL, 1, 1), *jfn = NULL;
  CF_OK(st_linearize(f, &x, &out, &jfn));
  CF_OK(jfn ? st_call(jfn, &t, &tj) : -1);
  CF_EXPECT(tj, tx_linearize_grad_jvp);
  st_func_release(jfn);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_chunk_jacrev (a negative chunk size is an error;
   strata's 0 means "all at once", torch's None) */
CONF_TEST(conf_tx_jacrev_negative_chunk_size) {
  st_func *f = st_func_new(f_sin, NULL, 1, 1);
  st_clear_error();
  st_func *j = st_jacrev_ex(f, &(st_jac_opts){.chunk_size = -2});
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  bool failed = !j || !call1(j, x);
  CF_EQ_INT(failed, TX_JACREV_NEGATIVE_CHUNK_RAISES);
  st_clear_error();
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_manual_seed_inside_grad (random ops under
   grad draw what they would draw eagerly: grad equals autograd of the same function) */
static int f_seeded_noise(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_manual_seed(0);
  out[0] = st_sum_all(st_mul(in[0], st_randn_like(in[0])));
  return out[0] ? 0 : -1;
}

CONF_TEST(conf_tx_manual_seed_inside_grad) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4));
  st_tensor *g = grad_of_fn(f_seeded_noise, NULL, x);
  st_tensor *xl = st_clone(x), *y = NULL;
  st_set_requires_grad(xl, true);
  st_func *f = st_func_new(f_seeded_noise, NULL, 1, 1);
  CF_OK(st_call(f, &xl, &y));
  st_tensor *e = autograd1(y, xl);
  double a[4], b[4];
  CF_CHECK(g && e && !st_to_f64(g, a, 4) && !st_to_f64(e, b, 4));
  for (int i = 0; i < 4; i++) CF_NEAR(a[i], b[i]);
  st_func_release(f);
}
