/* test_conform_custom.c — custom-function backward gradients that used to leak (one for an
   input that needs none, the caller's own root gradient handed back, anomaly mode's NaN
   failure), and tensors kept with st_keep inside transformed functions: they belong to the
   scope around the public call and stay valid after it (an escaped vmap wrapper then gives
   ST_ERR_TRANSFORM in any op). The runner's live-object check and ASan see what leaks. */
#include "conform_expected.h"
#include "tx.h"
#include "util.h"

/* ------------------------------------------------------------------- backward gradients */

static int mul_fwd(void *u, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)u, (void)nin, (void)nout;
  return (out[0] = st_mul(in[0], in[1])) ? 0 : -1;
}
static int save_inputs(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 2, in);
}
static bool seen_needs[2];
/* returns both gradients whatever needs_input_grad says */
static int mul_bwd_both(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  seen_needs[0] = st_ctx_needs_input_grad(ctx, 0);
  seen_needs[1] = st_ctx_needs_input_grad(ctx, 1);
  gin[0] = st_mul(g[0], st_ctx_saved(ctx, 1));
  gin[1] = st_mul(g[0], st_ctx_saved(ctx, 0));
  return gin[0] && gin[1] ? 0 : -1;
}
static const st_custom_fn MUL_BOTH = {.name = "A",
                                      .nin = 2,
                                      .nout = 1,
                                      .forward = mul_fwd,
                                      .setup_context = save_inputs,
                                      .backward = mul_bwd_both};

static int apply_mul(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return st_custom_apply(ctx, in, out);
}

/* test_eager_transforms.py TestAutogradFunction.test_needs_input_grads: backward sees which
   inputs need a gradient; a gradient returned for one that needs none is dropped, not leaked */
TEST(custom_backward_gradient_for_unneeded_input_is_dropped) {
  st_tensor *in[2] = {st_scalar(ST_F64, 2), st_scalar(ST_F64, 3)}, *r = NULL;
  st_func *f = st_func_new(apply_mul, (void *)&MUL_BOTH, 2, 1), *g = st_grad(f, 0, NULL),
          *gg = st_grad(g, 0, NULL);
  CHECK(st_call(g, in, &r) == 0);
  CHECK(seen_needs[0] && !seen_needs[1]);
  CHECK_CLOSE(r, 0, 3.0);
  CHECK(st_call(gg, in, &r) == 0);
  CHECK_CLOSE(r, 0, 0.0);
  /* eagerly: b needs no gradient */
  st_set_requires_grad(in[0], true);
  st_tensor *o = NULL;
  CHECK(st_custom_apply(&MUL_BOTH, in, &o) == 0);
  CHECK(st_backward(o, NULL, false, false) == 0);
  CHECK(seen_needs[0] && !seen_needs[1]);
  CHECK_CLOSE(st_grad_of(in[0]), 0, 3.0);
  CHECK(st_grad_of(in[1]) == NULL);
  st_func_release(gg);
  st_func_release(g);
  st_func_release(f);
}

static int twice_fwd(void *u, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)u, (void)nin, (void)nout;
  return (out[0] = st_mul_scalar(in[0], 2)) ? 0 : -1;
}
/* returns the incoming gradient as is */
static int pass_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  (void)ctx;
  gin[0] = st_retain(g[0]);
  return 0;
}
static const st_custom_fn PASS = {
    .name = "Pass", .nin = 1, .nout = 1, .forward = twice_fwd, .backward = pass_bwd};

/* test_eager_transforms.py TestAutogradFunction.test_set_materialize_grads' backward returns
   its gradients as is; here the gradient is the caller's own root gradient, which must stay
   the caller's (recorded in its scope, neither leaked nor released early) */
TEST(custom_backward_returning_the_root_gradient) {
  st_tensor *a = st_ones(ST_F64, ST_SHAPE(2)), *o = NULL;
  st_set_requires_grad(a, true);
  CHECK(st_custom_apply(&PASS, &a, &o) == 0);
  st_tensor *g = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){5, 7});
  CHECK(st_backward(o, g, true, false) == 0);
  CHECK_CLOSE(st_grad_of(a), 0, 5, 7);
  CHECK_CLOSE(g, 0, 5, 7); /* still alive and unchanged */
  st_tensor *ga = NULL;
  CHECK(st_autograd_grad(1, &o, &g, 1, &a, &ga, NULL) == 0);
  CHECK_CLOSE(ga, 0, 5, 7);
  CHECK_CLOSE(g, 0, 5, 7);
}

static int nan_fwd(void *u, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)u, (void)nin, (void)nout;
  return (out[0] = st_sum(in[0], 1, (const int[]){0}, true)) ? 0 : -1;
}
/* gI = gO expanded, with gI[0] = 0 / 0, returned for input 0 or input 1 */
static int nan_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  bool fail_0th = *(const bool *)st_ctx_user(ctx);
  st_tensor *mask = tu_tensor(ST_F64, ST_SHAPE(10), (double[]){1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  st_tensor *gi = st_add(st_expand(g[0], 1, (const int64_t[]){10}),
                         st_div(st_mul_scalar(mask, 0), st_mul_scalar(mask, 0)));
  gin[fail_0th ? 0 : 1] = gi;
  return gi ? 0 : -1;
}
static bool fail0 = true, fail1 = false;
static const st_custom_fn NAN0 = {
    .name = "MyFunc", .nin = 2, .nout = 1, .user = &fail0, .forward = nan_fwd, .backward = nan_bwd};
static const st_custom_fn NAN1 = {
    .name = "MyFunc", .nin = 2, .nout = 1, .user = &fail1, .forward = nan_fwd, .backward = nan_bwd};

/* test_autograd.py TestAutograd.test_anomaly_detect_nan: fine without anomaly mode, an error
   naming the node and the output with it (and the creation site when the forward ran in
   anomaly mode); nothing leaks on that failure */
TEST(custom_anomaly_nan_failure_names_node_and_leaks_nothing) {
  st_tensor *inp = tu_tensor(ST_F64, ST_SHAPE(10), ANOMALY_NAN_INP), *out = NULL;
  st_set_requires_grad(inp, true);
  st_tensor *in[2] = {inp, inp};
  CHECK(st_custom_apply(&NAN0, in, &out) == 0);
  CHECK(st_backward(out, NULL, true, false) == 0); /* should not fail */
  st_set_anomaly_mode(true, true);
  CHECK_FAILS(st_backward(out, NULL, false, false) != 0, ST_ERR_AUTOGRAD,
              "Function 'MyFuncBackward' returned nan values in its 0-th output");
  ST_SITE();
  CHECK(st_custom_apply(&NAN1, in, &out) == 0);
  CHECK_FAILS(st_backward(out, NULL, false, false) != 0, ST_ERR_AUTOGRAD,
              "returned nan values in its 1-th output (node created at");
  st_set_anomaly_mode(true, true);
  CHECK(st_custom_apply(&NAN1, in, &out) == 0);
  st_clear_error();
  CHECK(st_backward(out, NULL, false, false) != 0);
  CHECK(strstr(st_last_error(), "test_conform_custom.c") != NULL);
  st_set_anomaly_mode(false, false);
}

/* ------------------------------------------------------------------------- kept tensors */

static st_tensor *kept;
static int keep_sin(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  kept = st_keep(st_sin(in[0]));
  return (out[0] = st_sum_all(st_mul(kept, in[0]))) ? 0 : -1;
}

/* The case: a kept intermediate of a vmapped function outlives vmap, and any op on it
   is the documented ST_ERR_TRANSFORM (it was read after it was freed) */
TEST(keep_inside_vmap_stays_valid_and_is_a_transform_error) {
  kept = NULL; /* not the previous run's (a run whose call fails before keep_sin) */
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3, 2)), *y = NULL;
  st_func *f = st_func_new(keep_sin, NULL, 1, 1), *v = st_vmap(f, NULL, NULL),
          *vc = st_vmap_ex(f, &(st_vmap_opts){.chunk_size = 1});
  int64_t before = st_live_objects();
  int rc = st_call(v, &x, &y);
  CHECK(rc == 0);
  if (rc) goto done; /* a failed allocation (the sweep): what f kept went with the call */
  CHECK_EQ_INT(st_ndim(kept), 1); /* the wrapper's logical shape */
  CHECK_FAILS(st_add(kept, kept) == NULL, ST_ERR_TRANSFORM, "has already returned");
  double v0;
  CHECK_FAILS(st_to_f64(kept, &v0, 1) != 0, ST_ERR_TRANSFORM, "");
  st_release(kept); /* the caller's scope recorded it: released early, forgotten there */
  st_release(y);
  CHECK_EQ_INT(st_live_objects(), before);
  kept = NULL;
  rc = st_call(vc, &x, &y); /* chunked: each chunk's kept wrapper escapes */
  CHECK(rc == 0);
  if (!rc) CHECK_FAILS(st_neg(kept) == NULL, ST_ERR_TRANSFORM, "has already returned");
done:
  st_func_release(vc);
  st_func_release(v);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_escaped_wrappers_are_ignored: a kept grad
   wrapper stands for its value */
TEST(keep_inside_grad_vjp_jvp_stands_for_the_value) {
  kept = NULL;
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){0.5, 1.5}), *r = NULL, *t = NULL;
  st_func *f = st_func_new(keep_sin, NULL, 1, 1), *g = st_grad(f, 0, NULL), *pb = NULL;
  /* a call that fails (an allocation, in the sweep) takes what f kept with it */
  int rc = st_call(g, &x, &r);
  CHECK(rc == 0);
  if (!rc) CHECK_CLOSE(st_add_scalar(kept, 0), 1e-15, sin(0.5), sin(1.5));
  if (!rc) CHECK((rc = st_vjp(f, &x, &r, &pb)) == 0);
  if (!rc) CHECK_CLOSE(st_mul_scalar(kept, 2), 1e-15, 2 * sin(0.5), 2 * sin(1.5));
  if (!rc) CHECK((rc = st_jvp(f, &x, &x, &r, &t)) == 0);
  if (!rc) CHECK_CLOSE(st_neg(kept), 1e-15, -sin(0.5), -sin(1.5));
  st_func_release(pb);
  st_func_release(g);
  st_func_release(f);
}

static st_tensor *inner_kept;
static int keep_inner(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  inner_kept = st_keep(st_exp(in[0]));
  return (out[0] = st_sum_all(in[0])) ? 0 : -1;
}
static int call_inner(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *g = st_grad(ctx, 0, NULL);
  st_tensor *r = NULL;
  int rc = st_call(g, in, &r);
  st_func_release(g);
  if (rc) return rc;
  /* valid in this function's scope: it adds 0 (checked outside, where values can be read) */
  st_tensor *zero = st_mul_scalar(st_sum_all(st_sub(inner_kept, st_exp(in[0]))), 1000);
  return (out[0] = st_add(st_sum_all(st_mul(r, in[0])), zero)) ? 0 : -1;
}

/* A tensor kept by a function that another function calls through st_call lands in the
   calling function's scope, which releases it when that function returns */
TEST(keep_in_nested_call_lands_in_the_callers_scope) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2)), *r = NULL;
  st_func *h = st_func_new(keep_inner, NULL, 1, 1), *f = st_func_new(call_inner, h, 1, 1),
          *vf = st_vmap(f, NULL, NULL);
  int64_t before = st_live_objects();
  CHECK(st_call(f, &x, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 2.0);
  st_release(r);
  r = NULL; /* a later call that fails before it writes (vf NULL in the sweep) leaves NULL */
  CHECK_EQ_INT(st_live_objects(), before); /* the inner kept tensor went with f's scope */
  st_tensor *X = st_ones(ST_F64, ST_SHAPE(3, 2));
  before = st_live_objects();
  CHECK(st_call(vf, &X, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 2.0, 2.0, 2.0);
  st_release(r);
  CHECK_EQ_INT(st_live_objects(), before);
  st_func_release(vf);
  st_func_release(f);
  st_func_release(h);
}

static int keep_output(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_keep(st_sum_all(st_square(in[0]))); /* a kept output is simply the output */
  return 0;
}
static int keep_then_fail(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  kept = st_keep(st_cos(in[0]));
  out[0] = st_keep(st_sin(in[0]));
  return st_hook_error(ST_ERR_ARG, "failed on purpose");
}

/* A kept output is the output's one reference; what a failing function kept (outputs too)
   stays the caller's */
TEST(keep_of_an_output_and_on_failure) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *r = NULL;
  st_func *f = st_func_new(keep_output, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  int64_t before = st_live_objects();
  CHECK(st_call(g, &x, &r) == 0);
  CHECK_CLOSE(r, 0, 2, 4);
  st_release(r);
  CHECK_EQ_INT(st_live_objects(), before);
  st_func *bad = st_func_new(keep_then_fail, NULL, 1, 1), *gb = st_grad(bad, 0, NULL);
  kept = NULL; /* not a previous run's */
  CHECK(st_call(gb, &x, &r) != 0);
  /* the function's own failure; one of an allocation (the sweep) may take what it kept along */
  bool own = st_last_status() == ST_ERR_ARG && strstr(st_last_error(), "failed on purpose");
  CHECK(own);
  if (own) CHECK_CLOSE(st_add_scalar(kept, 0), 1e-15, cos(1.0), cos(2.0));
  st_clear_error();
  st_func_release(gb);
  st_func_release(bad);
  st_func_release(g);
  st_func_release(f);
}
