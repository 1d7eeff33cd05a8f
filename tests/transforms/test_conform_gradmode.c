/* test_conform_gradmode.c — grad mode and inference mode under transforms, as torch.func has
   them (test/functorch/test_eager_transforms.py, TestGradTransform): a transform called under
   no-grad or inference mode still differentiates its function but gives results the levels
   outside do not track; grad mode turned off inside a transformed function is respected at
   that level and below; forward mode ignores grad mode. Expected values: gen_conform.py. */
#include "conform_expected.h"
#include "tx.h"
#include "util.h"

#define CHECK_EXP(t, arr, tol)                                                                     \
  st_test_close(__FILE__, __LINE__, (t), (arr), (int64_t)(sizeof(arr) / sizeof(double)), (tol))

static st_tensor *scalar_of(const double *v) { return st_scalar(ST_F64, v[0]); }

/* The first output of f(in). */
static st_tensor *call1(st_func *f, int nin, st_tensor *const *in) {
  st_tensor *out[8] = {0};
  CHECK(st_func_nin(f) == nin);
  return st_call(f, in, out) == 0 ? out[0] : NULL;
}

static st_tensor *grad_of(st_tensor *y, st_tensor *x) {
  st_tensor *z = NULL;
  return st_autograd_grad(1, &y, NULL, 1, &x, &z, NULL) == 0 ? z : NULL;
}

/* --------------------------------------------------------------------- the functions */

static int sin_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_sin(in[0])) ? 0 : -1;
}

/* x**2 - shift, shift = x**2 computed under no-grad */
static int square_minus_nograd(void *ctx, int nin, st_tensor *const *in, int nout,
                               st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = st_square(in[0]);
  st_set_grad_enabled(prev);
  return (out[0] = st_sub(st_square(in[0]), shift)) ? 0 : -1;
}

static int square_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_square(in[0])) ? 0 : -1;
}

static int sum_square_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_sum_all(st_square(in[0]))) ? 0 : -1;
}

static int sum_cube_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_sum_all(st_pow_scalar(in[0], 3))) ? 0 : -1;
}

static int cube_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_pow_scalar(in[0], 3)) ? 0 : -1;
}

static int quarter_x4_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_mul_scalar(st_pow_scalar(in[0], 4), 0.25)) ? 0 : -1;
}

/* h(x) = x**3 - shift, shift = grad(0.25 x**4)(x) under no-grad */
static int h_nested_simple(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *q = st_func_new(quarter_x4_fn, NULL, 1, 1), *gq = st_grad(q, 0, NULL);
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = call1(gq, 1, in);
  st_set_grad_enabled(prev);
  st_func_release(gq);
  st_func_release(q);
  return (out[0] = st_sub(st_pow_scalar(in[0], 3), shift)) ? 0 : -1;
}

static int cube_minus_nograd(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = st_pow_scalar(in[0], 3);
  st_set_grad_enabled(prev);
  return (out[0] = st_sub(st_pow_scalar(in[0], 3), shift)) ? 0 : -1;
}

/* g(x) = grad(f)(x) - shift, shift = grad(f)(x) under no-grad */
static int g_nested_complicated(void *ctx, int nin, st_tensor *const *in, int nout,
                                st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *f = st_func_new(cube_minus_nograd, NULL, 1, 1), *gf = st_grad(f, 0, NULL);
  st_tensor *r1 = call1(gf, 1, in);
  bool prev = st_set_grad_enabled(false);
  st_tensor *shift = call1(gf, 1, in);
  st_set_grad_enabled(prev);
  st_func_release(gf);
  st_func_release(f);
  return (out[0] = st_sub(r1, shift)) ? 0 : -1;
}

/* h(x) = x**3 - value, (gvalue, value) = grad_and_value(x**3)(x) under no-grad */
static int h_value(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *c = st_func_new(cube_fn, NULL, 1, 1), *gv = st_grad_and_value(c, 0, NULL);
  st_tensor *r[2] = {0};
  bool prev = st_set_grad_enabled(false);
  int rc = st_call(gv, in, r);
  st_set_grad_enabled(prev);
  st_func_release(gv);
  st_func_release(c);
  if (rc) return rc;
  return (out[0] = st_sub(st_pow_scalar(in[0], 3), r[1])) ? 0 : -1;
}

/* ---------------------------------------------------------------- TestGradTransform no_grad */

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside */
TEST(conform_no_grad_outside_grad_differentiates_untracked) {
  st_tensor *x = scalar_of(NO_GRAD_OUTSIDE_X);
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(sin_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  bool prev = st_set_grad_enabled(false);
  st_tensor *y = call1(g, 1, &x);
  st_set_grad_enabled(prev);
  CHECK_EXP(y, NO_GRAD_OUTSIDE_Y, 1e-14);
  CHECK_EQ_INT(st_requires_grad(y), NO_GRAD_OUTSIDE_RG[0]);
  CHECK(st_is_grad_enabled());
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_inside */
TEST(conform_no_grad_inside_is_respected_at_every_level) {
  st_tensor *x = scalar_of(NO_GRAD_INSIDE_X);
  st_func *f = st_func_new(square_minus_nograd, NULL, 1, 1), *g = st_grad(f, 0, NULL),
          *gg = st_grad(g, 0, NULL);
  CHECK_EXP(call1(g, 1, &x), NO_GRAD_INSIDE_G, 1e-14);
  CHECK_EXP(call1(gg, 1, &x), NO_GRAD_INSIDE_GG, 1e-14);
  st_tensor *xr = st_detach(x);
  st_set_requires_grad(xr, true);
  st_tensor *y = call1(g, 1, &xr);
  CHECK_EXP(grad_of(y, xr), NO_GRAD_INSIDE_Z, 1e-14);
  st_func_release(gg);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_mixed */
TEST(conform_no_grad_mixed) {
  st_tensor *x = scalar_of(NO_GRAD_MIXED_X);
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(square_minus_nograd, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  bool prev = st_set_grad_enabled(false);
  st_tensor *y = call1(g, 1, &x);
  st_set_grad_enabled(prev);
  CHECK_EXP(y, NO_GRAD_MIXED_Y, 1e-14);
  CHECK_EQ_INT(st_requires_grad(y), NO_GRAD_MIXED_RG[0]);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_nested_simple */
TEST(conform_no_grad_nested_simple) {
  st_tensor *x = st_scalar(ST_F64, 1.5);
  st_set_requires_grad(x, true);
  st_func *h = st_func_new(h_nested_simple, NULL, 1, 1), *g = st_grad(h, 0, NULL);
  st_tensor *y = call1(g, 1, &x);
  CHECK_EXP(y, NO_GRAD_NESTED_SIMPLE_Y, 1e-14);
  CHECK_EXP(grad_of(y, x), NO_GRAD_NESTED_SIMPLE_Z, 1e-14);
  st_func_release(g);
  st_func_release(h);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_nested_complicated */
TEST(conform_no_grad_nested_complicated) {
  st_tensor *x = scalar_of(NO_GRAD_NESTED_COMPLICATED_X);
  st_set_requires_grad(x, true);
  st_func *gn = st_func_new(g_nested_complicated, NULL, 1, 1), *g = st_grad(gn, 0, NULL);
  st_tensor *y = call1(g, 1, &x);
  CHECK_EXP(y, NO_GRAD_NESTED_COMPLICATED_Y, 1e-13);
  CHECK_EXP(grad_of(y, x), NO_GRAD_NESTED_COMPLICATED_Z, 1e-13);
  st_func_release(g);
  st_func_release(gn);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_value */
TEST(conform_no_grad_value_is_a_constant_outside) {
  st_tensor *x = st_scalar(ST_F64, 1.6);
  st_set_requires_grad(x, true);
  st_func *h = st_func_new(h_value, NULL, 1, 1), *g = st_grad(h, 0, NULL);
  st_tensor *y = call1(g, 1, &x);
  CHECK_EXP(y, NO_GRAD_VALUE_Y, 1e-14);
  CHECK_EXP(grad_of(y, x), NO_GRAD_VALUE_Z, 1e-14);
  st_func_release(g);
  st_func_release(h);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside_vjp */
TEST(conform_no_grad_outside_vjp) {
  st_tensor *x = st_scalar(ST_F64, 2.0), *out = NULL, *y = NULL, *one = st_scalar(ST_F64, 1);
  st_set_requires_grad(x, true);
  st_func *h = st_func_new(square_fn, NULL, 1, 1), *pb = NULL;
  bool prev = st_set_grad_enabled(false);
  CHECK(st_vjp(h, &x, &out, &pb) == 0);
  CHECK(st_call(pb, &one, &y) == 0);
  st_set_grad_enabled(prev);
  CHECK_EXP(y, NO_GRAD_OUTSIDE_VJP_Y, 1e-14);
  CHECK_EQ_INT(st_requires_grad(y), NO_GRAD_OUTSIDE_VJP_RG_0[0]);
  CHECK_EQ_INT(st_requires_grad(out), NO_GRAD_OUTSIDE_VJP_RG_1[0]);
  st_func_release(pb);
  st_func_release(h);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside_vjp_fn */
TEST(conform_no_grad_outside_vjp_fn) {
  st_tensor *x = st_scalar(ST_F64, 3.14), *out = NULL, *y = NULL, *one = st_scalar(ST_F64, 1);
  st_set_requires_grad(x, true);
  st_func *h = st_func_new(square_fn, NULL, 1, 1), *pb = NULL;
  CHECK(st_vjp(h, &x, &out, &pb) == 0);
  bool prev = st_set_grad_enabled(false);
  CHECK(st_call(pb, &one, &y) == 0);
  st_set_grad_enabled(prev);
  CHECK_EXP(y, NO_GRAD_OUTSIDE_VJP_FN_Y, 1e-14);
  CHECK_EQ_INT(st_requires_grad(y), NO_GRAD_OUTSIDE_VJP_FN_RG_0[0]);
  CHECK_EQ_INT(st_requires_grad(out), NO_GRAD_OUTSIDE_VJP_FN_RG_1[0]);
  CHECK_EXP(grad_of(out, x), NO_GRAD_OUTSIDE_VJP_FN_Z, 1e-14);
  st_func_release(pb);
  st_func_release(h);
}

/* test_eager_transforms.py TestGradTransform.test_no_grad_outside_vjp_only */
TEST(conform_no_grad_outside_vjp_only) {
  st_tensor *x = st_scalar(ST_F64, 3.14), *out = NULL, *y = NULL, *one = st_scalar(ST_F64, 1);
  st_set_requires_grad(x, true);
  st_func *h = st_func_new(square_fn, NULL, 1, 1), *pb = NULL;
  bool prev = st_set_grad_enabled(false);
  CHECK(st_vjp(h, &x, &out, &pb) == 0);
  st_set_grad_enabled(prev);
  CHECK(st_call(pb, &one, &y) == 0);
  CHECK_EXP(y, NO_GRAD_OUTSIDE_VJP_ONLY_Y, 1e-14);
  CHECK_EQ_INT(st_requires_grad(out), NO_GRAD_OUTSIDE_VJP_ONLY_RG_1[0]);
  CHECK_EQ_INT(st_requires_grad(y), NO_GRAD_OUTSIDE_VJP_ONLY_RG_0[0]); /* "a little weird" */
  CHECK_EXP(grad_of(y, x), NO_GRAD_OUTSIDE_VJP_ONLY_Z, 1e-14);
  st_func_release(pb);
  st_func_release(h);
}

/* the pullback called under inference mode gives the value, untracked (torch.func's vjp_fn) */
TEST(conform_vjp_pullback_under_inference_mode) {
  st_tensor *x = st_scalar(ST_F64, 3.14), *out = NULL, *y = NULL, *one = st_scalar(ST_F64, 1);
  st_set_requires_grad(x, true);
  st_func *h = st_func_new(square_fn, NULL, 1, 1), *pb = NULL;
  CHECK(st_vjp(h, &x, &out, &pb) == 0);
  bool prev = st_set_inference_mode(true);
  CHECK(st_call(pb, &one, &y) == 0);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_VJP_FN_Y, 1e-14);
  CHECK_EQ_INT(st_requires_grad(y), INFERENCE_MODE_VJP_FN_RG[0]);
  st_func_release(pb);
  st_func_release(h);
}

/* ------------------------------------------------------------ TestGradTransform inference_mode */

static st_tensor *inference_x(void) { return tu_tensor(ST_F64, ST_SHAPE(3), INFERENCE_X); }

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_grad */
TEST(conform_inference_mode_outside_grad_is_not_zero) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  bool prev = st_set_inference_mode(true);
  st_tensor *y = call1(g, 1, &x);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_OUTSIDE_GRAD, 1e-14);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_nograd_outside_grad */
TEST(conform_inference_mode_and_no_grad_outside_grad) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  bool prev = st_set_inference_mode(true), prev_grad = st_set_grad_enabled(false);
  st_tensor *y = call1(g, 1, &x);
  st_set_grad_enabled(prev_grad);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_NOGRAD_OUTSIDE_GRAD, 1e-14);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_vjp */
TEST(conform_inference_mode_outside_vjp) {
  st_tensor *x = inference_x(), *out = NULL, *y = NULL;
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1), *pb = NULL;
  bool prev = st_set_inference_mode(true);
  CHECK(st_vjp(f, &x, &out, &pb) == 0);
  st_tensor *one = st_scalar(ST_F64, 1);
  CHECK(st_call(pb, &one, &y) == 0);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_OUTSIDE_VJP, 1e-14);
  st_func_release(pb);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_jvp */
TEST(conform_inference_mode_outside_jvp) {
  st_tensor *x = inference_x(), *t = st_ones(ST_F64, ST_SHAPE(3)), *out = NULL, *tout = NULL;
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1);
  bool prev = st_set_inference_mode(true);
  CHECK(st_jvp(f, &x, &t, &out, &tout) == 0);
  st_set_inference_mode(prev);
  CHECK_EXP(tout, INFERENCE_MODE_OUTSIDE_JVP, 1e-14);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_jacrev */
TEST(conform_inference_mode_outside_jacrev) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(square_fn, NULL, 1, 1), *j = st_jacrev(f, 0);
  bool prev = st_set_inference_mode(true);
  st_tensor *y = call1(j, 1, &x);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_OUTSIDE_JACREV, 1e-14);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_vmap_grad */
TEST(conform_inference_mode_outside_vmap_grad) {
  st_tensor *xs = tu_tensor(ST_F64, ST_SHAPE(5, 3), INFERENCE_XS);
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL),
          *v = st_vmap(g, NULL, NULL);
  bool prev = st_set_inference_mode(true);
  st_tensor *y = call1(v, 1, &xs);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_OUTSIDE_VMAP_GRAD, 1e-14);
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
}

static int vmap_sum_square_sum(void *ctx, int nin, st_tensor *const *in, int nout,
                               st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1), *v = st_vmap(f, NULL, NULL);
  st_tensor *r = call1(v, 1, in);
  st_func_release(v);
  st_func_release(f);
  return (out[0] = st_sum_all(r)) ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_outside_grad_vmap */
TEST(conform_inference_mode_outside_grad_vmap) {
  st_tensor *xs = tu_tensor(ST_F64, ST_SHAPE(5, 3), INFERENCE_XS);
  st_func *f = st_func_new(vmap_sum_square_sum, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  bool prev = st_set_inference_mode(true);
  st_tensor *y = call1(g, 1, &xs);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_OUTSIDE_GRAD_VMAP, 1e-14);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_nested_grad */
TEST(conform_inference_mode_nested_grad) {
  st_tensor *x = scalar_of(INFERENCE_X0);
  st_func *f = st_func_new(cube_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL),
          *gg = st_grad(g, 0, NULL);
  bool prev = st_set_inference_mode(true);
  st_tensor *y = call1(gg, 1, &x);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_NESTED_GRAD, 1e-14);
  st_func_release(gg);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_jacrev_grad */
TEST(conform_inference_mode_jacrev_grad) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(sum_cube_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL), *j = st_jacrev(g, 0);
  bool prev = st_set_inference_mode(true);
  st_tensor *H = call1(j, 1, &x);
  st_set_inference_mode(prev);
  CHECK_EXP(H, INFERENCE_MODE_JACREV_GRAD, 1e-14);
  st_func_release(j);
  st_func_release(g);
  st_func_release(f);
}

/* the hessian (jacfwd over jacrev) in inference mode: forward mode's derived rules too */
TEST(conform_inference_mode_hessian) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(sum_cube_fn, NULL, 1, 1), *h = st_hessian(f, 0);
  bool prev = st_set_inference_mode(true);
  st_tensor *H = call1(h, 1, &x);
  st_set_inference_mode(prev);
  CHECK_EXP(H, INFERENCE_MODE_HESSIAN, 1e-14);
  st_func_release(h);
  st_func_release(f);
}

/* x - c, c = x**2 computed in inference mode, summed */
static int inference_inside_fn(void *ctx, int nin, st_tensor *const *in, int nout,
                               st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool prev = st_set_inference_mode(true);
  st_tensor *c = st_square(in[0]);
  st_set_inference_mode(prev);
  return (out[0] = st_sum_all(st_sub(in[0], c))) ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_inside_grad */
TEST(conform_inference_mode_inside_grad_is_a_constant) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(inference_inside_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  bool prev = st_set_inference_mode(true);
  st_tensor *y = call1(g, 1, &x);
  st_set_inference_mode(prev);
  CHECK_EXP(y, INFERENCE_MODE_INSIDE_GRAD, 1e-14);
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_inference_mode_restored */
TEST(conform_inference_mode_restored_after_grad) {
  st_tensor *x = inference_x();
  st_func *f = st_func_new(sum_square_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  CHECK(!st_set_inference_mode(true));
  CHECK(call1(g, 1, &x) != NULL);
  CHECK(st_set_inference_mode(false)); /* still on after the transform */
  bool prev = st_set_grad_enabled(false);
  CHECK(call1(g, 1, &x) != NULL);
  CHECK(!st_set_grad_enabled(prev)); /* still off */
  st_func_release(g);
  st_func_release(f);
}

/* -------------------------------------------------------------------------- forward mode */

/* forward mode ignores no-grad (torch.func's NOTE "grad and vjp interaction with no_grad"):
   the tangent of x**2 - nograd(x**2) is 0 */
TEST(conform_jvp_ignores_no_grad_inside) {
  st_tensor *x = scalar_of(JVP_NO_GRAD_INSIDE_X), *t = st_scalar(ST_F64, 1), *out = NULL,
            *tout = NULL;
  st_func *f = st_func_new(square_minus_nograd, NULL, 1, 1);
  CHECK(st_jvp(f, &x, &t, &out, &tout) == 0);
  CHECK_EXP(out, JVP_NO_GRAD_INSIDE_0, 1e-14);
  CHECK_EXP(tout, JVP_NO_GRAD_INSIDE_1, 1e-14);
  st_func_release(f);
}

static int cube_fwd(void *u, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)u, (void)nin, (void)nout;
  return (out[0] = st_pow_scalar(in[0], 3)) ? 0 : -1;
}
static int cube_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int cube_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  st_tensor *x = st_ctx_saved(ctx, 0);
  return (gin[0] = st_mul(g[0], st_mul_scalar(st_square(x), 3))) ? 0 : -1;
}
static const st_custom_fn CUBE_NO_JVP = {.name = "cube_no_jvp",
                                         .nin = 1,
                                         .nout = 1,
                                         .forward = cube_fwd,
                                         .setup_context = cube_setup,
                                         .backward = cube_bwd};

static int custom_under_no_grad(void *ctx, int nin, st_tensor *const *in, int nout,
                                st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool prev = st_set_grad_enabled(false);
  int rc = st_custom_apply(&CUBE_NO_JVP, in, out);
  st_set_grad_enabled(prev);
  return rc;
}

/* The observation: jvp of a function that turns grad mode off and calls a custom
   function without a jvp rule gave tangent 0; the double-vjp construction now records at its
   own grad level whatever the mode. Reference: torch.func.jvp of x**3 (gen_conform.py). */
TEST(conform_jvp_custom_without_jvp_under_no_grad) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), JVP_NO_GRAD_CUSTOM_X);
  st_tensor *t = tu_tensor(ST_F64, ST_SHAPE(3), JVP_NO_GRAD_CUSTOM_T), *out = NULL, *tout = NULL;
  st_func *f = st_func_new(custom_under_no_grad, NULL, 1, 1);
  CHECK(st_jvp(f, &x, &t, &out, &tout) == 0);
  CHECK_EXP(out, JVP_NO_GRAD_CUSTOM_0, 1e-14);
  CHECK_EXP(tout, JVP_NO_GRAD_CUSTOM_1, 1e-14);
  bool prev = st_set_inference_mode(true); /* and in inference mode */
  CHECK(st_jvp(f, &x, &t, &out, &tout) == 0);
  st_set_inference_mode(prev);
  CHECK_EXP(tout, JVP_NO_GRAD_CUSTOM_1, 1e-14);
  st_func_release(f);
}

/* jacrev under no-grad: the Jacobian, not tracked by eager autograd */
TEST(conform_no_grad_outside_jacrev_untracked) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), NO_GRAD_JACREV_X);
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(sin_fn, NULL, 1, 1), *j = st_jacrev(f, 0);
  bool prev = st_set_grad_enabled(false);
  st_tensor *J = call1(j, 1, &x);
  st_set_grad_enabled(prev);
  CHECK_EXP(J, NO_GRAD_JACREV, 1e-14);
  CHECK_EQ_INT(st_requires_grad(J), NO_GRAD_JACREV_RG[0]);
  /* with grad mode on the same call is tracked: a second derivative through it */
  J = call1(j, 1, &x);
  CHECK(st_requires_grad(J));
  st_func_release(j);
  st_func_release(f);
}

/* jacrev entered under no-grad is untracked outside; a custom function called with grad mode
   off inside the transformed function is a constant to it (its Jacobian is zero) */
TEST(conform_no_grad_inside_custom_is_a_constant) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), JVP_NO_GRAD_CUSTOM_X);
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(custom_under_no_grad, NULL, 1, 1);
  st_func *cf = st_func_new(cube_fn, NULL, 1, 1), *jc = st_jacrev(cf, 0);
  bool prev = st_set_grad_enabled(false);
  st_tensor *J = call1(jc, 1, &x);
  st_set_grad_enabled(prev);
  CHECK(!st_requires_grad(J));
  /* grad mode off inside the function: the custom function is a constant to jacrev */
  st_func *jf = st_jacrev(f, 0);
  st_tensor *Jf = call1(jf, 1, &x);
  CHECK_CLOSE(st_sum_all(st_abs(Jf)), 0, 0.0);
  st_func_release(jf);
  st_func_release(jc);
  st_func_release(cf);
  st_func_release(f);
}
