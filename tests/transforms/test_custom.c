/* test_custom.c — custom functions keep their own rules under every transform. SQ32 computes
   x*x but its backward says 32*g*x (the seed's trick), so a derivative that used the real
   rule (2x) would be visible everywhere. */
#include "tx.h"
#include "util.h"

static int sq_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[0]);
  return out[0] ? 0 : -1;
}
static int save_x(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int bwd32(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  gi[0] = st_mul_scalar(st_mul(g[0], st_ctx_saved(ctx, 0)), 32.0);
  return gi[0] ? 0 : -1;
}
static int jvp16(st_ctx *ctx, st_tensor *const *t, st_tensor **to) {
  to[0] = st_mul_scalar(st_mul(t[0], st_ctx_saved(ctx, 0)), 16.0);
  return to[0] ? 0 : -1;
}
static const st_custom_fn SQ32 = {.name = "sq32",
                                  .nin = 1,
                                  .nout = 1,
                                  .forward = sq_fwd,
                                  .setup_context = save_x,
                                  .backward = bwd32,
                                  .generate_vmap_rule = true};
static const st_custom_fn SQ32_JVP16 = {.name = "sq32_jvp16",
                                        .nin = 1,
                                        .nout = 1,
                                        .forward = sq_fwd,
                                        .setup_context = save_x,
                                        .backward = bwd32,
                                        .jvp = jvp16,
                                        .generate_vmap_rule = true};
static const st_custom_fn SQ32_LOOP = {.name = "sq32_loop",
                                       .nin = 1,
                                       .nout = 1,
                                       .forward = sq_fwd,
                                       .setup_context = save_x,
                                       .backward = bwd32};

/* a vmap rule that counts its calls and applies the function again on the physical values, so
   that the levels below keep the custom backward */
static int vmap_calls;
static const st_custom_fn SQ32_VMAP;
static int sq_vmap(void *user, int B, const int *in_dims, st_tensor *const *in, st_tensor **out,
                   int *out_dims) {
  (void)user, (void)B;
  vmap_calls++;
  out_dims[0] = in_dims[0];
  return st_custom_apply(&SQ32_VMAP, in, out);
}
static const st_custom_fn SQ32_VMAP = {.name = "sq32_vmap",
                                       .nin = 1,
                                       .nout = 1,
                                       .forward = sq_fwd,
                                       .setup_context = save_x,
                                       .backward = bwd32,
                                       .vmap = sq_vmap};

/* sum(fn(x)) */
static int loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *y = NULL;
  if (st_custom_apply(ctx, in, &y)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}
static int apply1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return st_custom_apply(ctx, in, out);
}
static int sum_of(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *g = NULL;
  if (st_call(ctx, in, &g)) return -1;
  out[0] = st_sum_all(g);
  return out[0] ? 0 : -1;
}

static const double X3[3] = {1, -2, 0.5};

TEST(custom_eager_backward_and_double_backward) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X3), *y = NULL, *g = NULL, *gg = NULL;
  st_set_requires_grad(x, true);
  CHECK(st_custom_apply(&SQ32, &x, &y) == 0);
  CHECK_CLOSE(y, 0, 1.0, 4.0, 0.25); /* forward is the real x*x */
  CHECK(strcmp(st_node_name(st_grad_fn(y)), "sq32Backward") == 0);
  st_tensor *s = st_sum_all(y);
  st_grad_opts cg = {.create_graph = true};
  CHECK(st_autograd_grad(1, &s, NULL, 1, &x, &g, &cg) == 0);
  CHECK_CLOSE(g, 1e-15, 32.0, -64.0, 16.0);
  st_tensor *gs = st_sum_all(g);
  CHECK(st_autograd_grad(1, &gs, NULL, 1, &x, &gg, NULL) == 0); /* backward is differentiable */
  CHECK_CLOSE(gg, 1e-15, 32.0, 32.0, 32.0);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 32.0, -64.0, 16.0);
  st_scope_pop();
}

/* PyTorch frees a custom function's saved tensors after a backward without retain_graph: a
   second backward is an error (and .grad keeps the first one's); with retain_graph both run;
   a function that saved nothing can run backward twice. A compiled function's node alike. */
static int triple_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 3.0);
  return out[0] ? 0 : -1;
}
static int triple_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  (void)ctx;
  gi[0] = st_mul_scalar(g[0], 3.0);
  return gi[0] ? 0 : -1;
}
static const st_custom_fn TRIPLE_NOSAVE = {
    .name = "triple", .nin = 1, .nout = 1, .forward = triple_fwd, .backward = triple_bwd};
static int sq_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return st_custom_apply(&SQ32, in, out);
}
TEST(custom_saved_tensors_are_freed_by_a_backward_without_retain_graph) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X3), *y = NULL;
  st_set_requires_grad(x, true);
  CHECK(st_custom_apply(&SQ32, &x, &y) == 0);
  st_tensor *s = st_sum_all(y);
  CHECK(st_backward(s, NULL, false, false) == 0);
  CHECK_FAILS(st_backward(s, NULL, false, false) != 0, ST_ERR_AUTOGRAD,
              "sq32: backward through the graph a second time");
  CHECK_CLOSE(st_grad_of(x), 1e-15, 32.0, -64.0, 16.0);
  st_zero_grad(x);
  CHECK(st_custom_apply(&SQ32, &x, &y) == 0);
  s = st_sum_all(y);
  CHECK(st_backward(s, NULL, true, false) == 0);
  CHECK(st_backward(s, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 64.0, -128.0, 32.0);
  st_zero_grad(x);
  CHECK(st_custom_apply(&TRIPLE_NOSAVE, &x, &y) == 0);
  s = st_sum_all(y);
  CHECK(st_backward(s, NULL, false, false) == 0);
  CHECK(st_backward(s, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 6.0, 6.0, 6.0);
  /* through st_compile: the call is one node saving its inputs, freed alike */
  st_func *f = st_func_new(sq_fn, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_zero_grad(x);
    CHECK(st_call(c, &x, &y) == 0);
    s = st_sum_all(y);
    CHECK(st_backward(s, NULL, false, false) == 0);
    CHECK_FAILS(st_backward(s, NULL, false, false) != 0, ST_ERR_AUTOGRAD, "a second time");
    CHECK_CLOSE(st_grad_of(x), 1e-15, 32.0, -64.0, 16.0);
  }
  st_compile_stats st;
  CHECK(st_compile_get_stats(c, &st) == 0 && st.cache_hits == 2 && st.fallbacks == 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* A backward that returns a gradient of a shape the input's broadcasts to: summed down to the
   input's shape, as PyTorch's validate_outputs does; one it does not broadcast to is refused. */
static int wide_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  st_tensor *x = st_ctx_saved(ctx, 0);
  gi[0] = st_expand(st_unsqueeze(st_mul_scalar(st_mul(g[0], x), 2.0), 0), 2, (int64_t[]){2, 3});
  return gi[0] ? 0 : -1;
}
static int narrow_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  (void)ctx;
  gi[0] = st_sum(g[0], 1, (int[]){0}, true); /* [1] for a [3] input */
  return gi[0] ? 0 : -1;
}
static const st_custom_fn SQ_WIDE = {.name = "sq_wide", .nin = 1, .nout = 1, .forward = sq_fwd,
                                     .setup_context = save_x, .backward = wide_bwd};
static const st_custom_fn SQ_NARROW = {.name = "sq_narrow", .nin = 1, .nout = 1,
                                       .forward = sq_fwd, .setup_context = save_x,
                                       .backward = narrow_bwd};

TEST(custom_backward_gradients_that_broadcast_are_summed_to_the_input) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X3), *y = NULL;
  st_set_requires_grad(x, true);
  CHECK(st_custom_apply(&SQ_WIDE, &x, &y) == 0);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 4 * X3[0], 4 * X3[1], 4 * X3[2]);
  CHECK(st_custom_apply(&SQ_NARROW, &x, &y) == 0);
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, false, false) != 0, ST_ERR_AUTOGRAD,
              "invalid gradient at index 0 - got [1] but expected shape [3]");
  st_scope_pop();
}

TEST(custom_grad_vjp_and_their_compositions) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X3), *r = NULL;
  st_func *l = st_func_new(loss, (void *)&SQ32, 1, 1), *g = st_grad(l, 0, NULL);
  CHECK(st_call(g, &x, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 32.0, -64.0, 16.0);
  st_func *s = st_func_new(sum_of, g, 1, 1), *gg = st_grad(s, 0, NULL);
  CHECK(st_call(gg, &x, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 32.0, 32.0, 32.0);
  /* vjp, and vjp of vjp */
  st_func *f = st_func_new(apply1, (void *)&SQ32, 1, 1), *pb = NULL;
  st_tensor *o = NULL, *u = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  CHECK(st_vjp(f, &x, &o, &pb) == 0 && st_call(pb, &u, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 32.0, -128.0, 48.0);
  st_func *pb2 = NULL;
  st_tensor *o2 = NULL;
  CHECK(st_vjp(pb, &u, &o2, &pb2) == 0 && st_call(pb2, &x, &r) == 0); /* d<32 u x, w>/du at w = x */
  CHECK_CLOSE(r, 1e-15, 32.0, 128.0, 8.0);
  st_func *fs[] = {l, g, s, gg, f, pb, pb2};
  for (int i = 0; i < 7; i++) st_func_release(fs[i]);
  st_scope_pop();
}

TEST(custom_forward_mode_from_backward_or_jvp) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X3), *t = st_ones(ST_F64, ST_SHAPE(3)),
            *o = NULL, *to = NULL;
  st_func *f = st_func_new(apply1, (void *)&SQ32, 1, 1),
          *f16 = st_func_new(apply1, (void *)&SQ32_JVP16, 1, 1);
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0); /* no jvp: derived from backward, 32 x t */
  CHECK_CLOSE(to, 1e-15, 32.0, -64.0, 16.0);
  CHECK(st_jvp(f16, &x, &t, &o, &to) == 0); /* its own jvp: 16 x t */
  CHECK_CLOSE(to, 1e-15, 16.0, -32.0, 8.0);
  st_func *jf = st_jacfwd(f, 0), *jr = st_jacrev(f, 0);
  st_tensor *J = NULL;
  CHECK(st_call(jf, &x, &J) == 0);
  CHECK_CLOSE(J, 1e-15, 32.0, 0, 0, 0, -64.0, 0, 0, 0, 16.0);
  CHECK(st_call(jr, &x, &J) == 0);
  CHECK_CLOSE(J, 1e-15, 32.0, 0, 0, 0, -64.0, 0, 0, 0, 16.0);
  st_func *l = st_func_new(loss, (void *)&SQ32, 1, 1), *h = st_hessian(l, 0);
  CHECK(st_call(h, &x, &J) == 0);
  CHECK_CLOSE(J, 1e-15, 32.0, 0, 0, 0, 32.0, 0, 0, 0, 32.0);
  st_func *fs[] = {f, f16, jf, jr, l, h};
  for (int i = 0; i < 6; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* vmap of each flavour against the loop, and composed with grad both ways */
static void check_vmap_flavour(const st_custom_fn *fn) {
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){1, -2, 0.5, 3, 0.25, -1}),
            *r = NULL;
  st_func *f = st_func_new(apply1, (void *)fn, 1, 1), *v = st_vmap(f, NULL, NULL);
  CHECK(st_call(v, &X, &r) == 0);
  CHECK_CLOSE(r, 0, 1.0, 4.0, 0.25, 9.0, 0.0625, 1.0);
  st_tensor *in[1] = {st_from_data(ST_F64, ST_SHAPE(3), X3)};
  CHECK(CHECK_VMAP_ALL(apply1, (void *)fn, 1, in, 1, 3, 1e-14));
  /* vmap(grad) and grad(vmap) use backward: 32 x */
  st_func *l = st_func_new(loss, (void *)fn, 1, 1), *g = st_grad(l, 0, NULL),
          *vg = st_vmap(g, NULL, NULL);
  CHECK(st_call(vg, &X, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 32.0, -64.0, 16.0, 96.0, 8.0, -32.0);
  st_func *s = st_func_new(sum_of, v, 1, 1), *gv = st_grad(s, 0, NULL);
  CHECK(st_call(gv, &X, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 32.0, -64.0, 16.0, 96.0, 8.0, -32.0);
  /* vmap(jvp) through the derived forward mode */
  st_func *j = st_jacfwd(f, 0), *vj = st_vmap(j, NULL, NULL);
  CHECK(st_call(vj, &X, &r) == 0);
  CHECK_SHAPE(r, 2, 3, 3);
  CHECK_NEAR(st_item(st_select(st_select(st_select(r, 0, 1), 0, 0), 0, 0)), 96.0, 1e-15);
  st_func *fs[] = {f, v, l, g, vg, s, gv, j, vj};
  for (int i = 0; i < 9; i++) st_func_release(fs[i]);
}

TEST(custom_vmap_generated_rule) {
  st_scope_push();
  check_vmap_flavour(&SQ32);
  st_scope_pop();
}

TEST(custom_vmap_user_rule) {
  st_scope_push();
  vmap_calls = 0;
  check_vmap_flavour(&SQ32_VMAP);
  CHECK(vmap_calls > 0);
  st_scope_pop();
}

TEST(custom_vmap_loop_fallback) {
  st_scope_push();
  check_vmap_flavour(&SQ32_LOOP);
  st_scope_pop();
}

/* ------------------------------------------------------------------------------- flags */

/* (3x, x > 0 as a float mask marked non-differentiable) */
static int two_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 3);
  out[1] = st_to_dtype(st_gt(in[0], st_scalar(ST_F64, 0)), ST_F64);
  return out[0] && out[1] ? 0 : -1;
}
static bool saw_null;
static int two_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)in, (void)out;
  st_ctx_mark_non_differentiable(ctx, 1);
  st_ctx_set_materialize_grads(ctx, false);
  return 0;
}
static int two_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  (void)ctx;
  saw_null = g[1] == NULL;
  gi[0] = st_mul_scalar(g[0], 3);
  return gi[0] ? 0 : -1;
}
static const st_custom_fn TWO = {.name = "two",
                                 .nin = 1,
                                 .nout = 2,
                                 .forward = two_fwd,
                                 .setup_context = two_setup,
                                 .backward = two_bwd,
                                 .generate_vmap_rule = true};

TEST(custom_non_differentiable_and_materialize) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, -1}), *o[2] = {0};
  st_set_requires_grad(x, true);
  CHECK(st_custom_apply(&TWO, &x, o) == 0);
  CHECK(st_requires_grad(o[0]) && !st_requires_grad(o[1]));
  saw_null = false;
  CHECK(st_backward(st_sum_all(o[0]), NULL, false, false) == 0);
  CHECK(saw_null);
  CHECK_CLOSE(st_grad_of(x), 0, 3.0, 3.0);
  st_scope_pop();
}

static const st_custom_fn ONCE = {.name = "once",
                                  .nin = 1,
                                  .nout = 1,
                                  .forward = sq_fwd,
                                  .setup_context = save_x,
                                  .backward = bwd32,
                                  .once_differentiable = true};

TEST(custom_once_differentiable) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *r = NULL;
  st_func *l = st_func_new(loss, (void *)&ONCE, 1, 1), *g = st_grad(l, 0, NULL);
  CHECK(st_call(g, &x, &r) == 0);
  CHECK_CLOSE(r, 0, 32.0, 64.0);
  st_func *s = st_func_new(sum_of, g, 1, 1), *gg = st_grad(s, 0, NULL);
  CHECK_FAILS(st_call(gg, &x, &r) != 0, ST_ERR_AUTOGRAD, "once is once_differentiable");
  st_func *fs[] = {l, g, s, gg};
  for (int i = 0; i < 4; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* ---------------------------------------------------------------------------- validation */

static int bad_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  (void)ctx, (void)g;
  gi[0] = st_zeros(ST_F64, ST_SHAPE(5));
  return 0;
}
static int null_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout, (void)in;
  out[0] = NULL;
  return 0;
}
static int bad_vmap(void *user, int B, const int *in_dims, st_tensor *const *in, st_tensor **out,
                    int *out_dims) {
  (void)user, (void)B, (void)in_dims;
  out[0] = st_mul(in[0], in[0]);
  out_dims[0] = 7;
  return out[0] ? 0 : -1;
}
static const st_custom_fn BAD_BWD = {
    .name = "bad_bwd", .nin = 1, .nout = 1, .forward = sq_fwd, .backward = bad_bwd};
static const st_custom_fn NULL_FWD = {
    .name = "null_fwd", .nin = 1, .nout = 1, .forward = null_fwd, .backward = bad_bwd};
static const st_custom_fn BAD_VMAP = {.name = "bad_vmap",
                                      .nin = 1,
                                      .nout = 1,
                                      .forward = sq_fwd,
                                      .backward = bwd32,
                                      .vmap = bad_vmap};

TEST(custom_validation_errors) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}),
            *X = st_ones(ST_F64, ST_SHAPE(3, 2)), *r = NULL;
  st_func *l = st_func_new(loss, (void *)&BAD_BWD, 1, 1), *g = st_grad(l, 0, NULL);
  CHECK_FAILS(
      st_call(g, &x, &r) != 0, ST_ERR_AUTOGRAD,
      "bad_bwdBackward returned an invalid gradient at index 0 - got [5] but expected shape [2]");
  CHECK_FAILS(st_custom_apply(&NULL_FWD, &x, &r) != 0, ST_ERR_ARG,
              "st_custom_apply: null_fwd: forward");
  st_func *f = st_func_new(apply1, (void *)&BAD_VMAP, 1, 1), *v = st_vmap(f, NULL, NULL);
  CHECK_FAILS(st_call(v, &X, &r) != 0, ST_ERR_TRANSFORM,
              "bad_vmap: the vmap rule returned out_dims[0] = 7 for output 0 of shape [3, 2]");
  st_func *fs[] = {l, g, f, v};
  for (int i = 0; i < 4; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* ----------------------------------------------------------------------- allocation failure */

static int exp_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_exp(in[0]);
  return out[0] ? 0 : -1;
}
static int save_y(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)in;
  return st_ctx_save(ctx, 1, out);
}
static int exp_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  gi[0] = st_mul(g[0], st_ctx_saved(ctx, 0));
  return gi[0] ? 0 : -1;
}
static const st_custom_fn EXP_SAVES_Y = {
    .name = "exp_saves_y", .nin = 1, .nout = 1, .forward = exp_fwd, .setup_context = save_y,
    .backward = exp_bwd};

/* Recording a custom function that saves its output (or its input) fails cleanly whichever
   allocation fails: ST_ERR_OOM, nothing left alive (a saved output still holding its node was
   a cycle), and the next call works. */
TEST(custom_apply_fails_cleanly_whichever_allocation_fails) {
  const st_custom_fn *fns[2] = {&EXP_SAVES_Y, &SQ32};
  for (int k = 0; k < 2; k++) {
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X3), *y = NULL;
    st_set_requires_grad(x, true);
    int64_t live = st_live_objects();
    bool completed = false;
    for (int64_t n = 1; !completed && n < 1000; n++) {
      st_debug_fail_alloc_after(n);
      int rc = st_custom_apply(fns[k], &x, &y);
      completed = st_debug_fail_alloc_remaining() > 0;
      st_debug_fail_alloc_after(0);
      if (rc && st_last_status() != ST_ERR_OOM)
        st_test_fail(__FILE__, __LINE__, "%s, allocation %lld: %s", fns[k]->name, (long long)n,
                     st_last_error());
      CHECK(rc ? y == NULL : completed);
      st_release(y);
      y = NULL;
      if (st_live_objects() != live)
        st_test_fail(__FILE__, __LINE__, "%s, allocation %lld failing: %lld objects left",
                     fns[k]->name, (long long)n, (long long)(st_live_objects() - live));
    }
    CHECK(completed);
    CHECK(st_custom_apply(fns[k], &x, &y) == 0);
    CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
    st_release(y);
    st_release(x);
  }
}
