/* test_fuzz_regress_c.c — regressions for the fuzzer's custom-function bugs (tests/fuzz/README.md,
   "Known bugs"): 8 (generated vmap rules under two vmaps and grad), 10 (once_differentiable under
   reverse over forward over reverse mode) and 12 (a saved tensor modified in place). */
#include "tx.h"
#include "util.h"

/* ------------------------------------------------------------------- the custom functions */

static int cube_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(st_mul(in[0], in[0]), in[0]);
  return out[0] ? 0 : -1;
}
static int save_in(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int cube_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  gi[0] = st_mul_scalar(st_mul(g[0], st_square(st_ctx_saved(ctx, 0))), 3.0);
  return gi[0] ? 0 : -1;
}
static int cube_jvp(st_ctx *ctx, st_tensor *const *t, st_tensor **to) {
  to[0] = st_mul_scalar(st_mul(t[0], st_square(st_ctx_saved(ctx, 0))), 3.0);
  return to[0] ? 0 : -1;
}
static const st_custom_fn CUBE_GEN = {.name = "cube_gen", .nin = 1, .nout = 1, .forward = cube_fwd,
                                      .setup_context = save_in, .backward = cube_bwd,
                                      .generate_vmap_rule = true};
static const st_custom_fn CUBE_GEN_JVP = {.name = "cube_gen_jvp", .nin = 1, .nout = 1,
                                          .forward = cube_fwd, .setup_context = save_in,
                                          .backward = cube_bwd, .jvp = cube_jvp,
                                          .generate_vmap_rule = true};
static const st_custom_fn CUBE_ONCE = {.name = "cube_once", .nin = 1, .nout = 1, .forward = cube_fwd,
                                       .setup_context = save_in, .backward = cube_bwd, .jvp = cube_jvp,
                                       .generate_vmap_rule = true, .once_differentiable = true};
static const st_custom_fn CUBE_ONCE_NOJVP = {.name = "cube_once_nojvp", .nin = 1, .nout = 1,
                                             .forward = cube_fwd, .setup_context = save_in,
                                             .backward = cube_bwd, .once_differentiable = true};
static const st_custom_fn CUBE_PLAIN = {.name = "cube_plain", .nin = 1, .nout = 1, .forward = cube_fwd,
                                        .setup_context = save_in, .backward = cube_bwd};

/* a * b (same shapes), both saved */
static int mul_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[1]);
  return out[0] ? 0 : -1;
}
static int save_both(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 2, in);
}
static int mul_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  if (st_ctx_needs_input_grad(ctx, 0) && !(gi[0] = st_mul(g[0], st_ctx_saved(ctx, 1)))) return -1;
  if (st_ctx_needs_input_grad(ctx, 1) && !(gi[1] = st_mul(g[0], st_ctx_saved(ctx, 0)))) return -1;
  return 0;
}
static const st_custom_fn CMUL = {.name = "cmul", .nin = 2, .nout = 1, .forward = mul_fwd,
                                  .setup_context = save_both, .backward = mul_bwd,
                                  .generate_vmap_rule = true};

/* exp(x), saving its output */
static int exp_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_exp(in[0]);
  return out[0] ? 0 : -1;
}
static int save_out(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)in;
  return st_ctx_save(ctx, 1, out);
}
static int exp_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  gi[0] = st_mul(g[0], st_ctx_saved(ctx, 0));
  return gi[0] ? 0 : -1;
}
static const st_custom_fn CEXP = {.name = "cexp", .nin = 1, .nout = 1, .forward = exp_fwd,
                                  .setup_context = save_out, .backward = exp_bwd,
                                  .generate_vmap_rule = true};

/* ------------------------------------------------------------------------ function values */

static int apply1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return st_custom_apply(ctx, in, out);
}
/* sum(fn(x)) */
static int loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *y = NULL;
  if (st_custom_apply(ctx, in, &y)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}
/* sum(f(in)) for the function value f */
static int sum_of(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *r = NULL;
  if (st_call(ctx, in, &r)) return -1;
  out[0] = st_sum_all(r);
  return out[0] ? 0 : -1;
}

static void release_all(st_func **fs, int n) {
  for (int i = 0; i < n; i++) st_func_release(fs[i]);
}

/* ============================================================================== bug 8 */

static const double X24[24] = {0.5, -1,  1.5,  2,    -0.25, 0.75, 1,    -2,   0.3, -0.7, 1.2, -1.1,
                               0.9, 0.1, -0.4, 1.25, -1.5,  0.6,  -0.8, 0.45, 2.2, -0.3, 0.2, 1.7};

/* grad(sum(vmap(vmap(cube)))) is 3 x^2: each level's node keeps the generated rule it runs */
TEST(fuzzbug_c_grad_of_vmap_vmap_generated_rule) {
  st_scope_push();
  const st_custom_fn *fns[] = {&CUBE_GEN, &CUBE_GEN_JVP, &CUBE_ONCE};
  for (int k = 0; k < 3; k++) {
    st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3, 4), X24), *r = NULL;
    st_func *f = st_func_new(apply1, (void *)fns[k], 1, 1), *v = st_vmap(f, NULL, NULL),
            *vv = st_vmap(v, NULL, NULL), *s = st_func_new(sum_of, vv, 1, 1),
            *g = st_grad(s, 0, NULL);
    CHECK(st_call(g, &X, &r) == 0);
    double want[24];
    for (int i = 0; i < 24; i++) want[i] = 3 * X24[i] * X24[i];
    CHECK(st_test_close(__FILE__, __LINE__, r, want, 24, 1e-14));
    /* three vmaps, and the pullback called after st_vjp returned */
    st_func *vvv = st_vmap(vv, NULL, NULL), *pb = NULL;
    st_tensor *X4 = st_reshape(X, ST_SHAPE(2, 3, 2, 2)), *o = NULL,
              *u = st_full(ST_F64, ST_SHAPE(2, 3, 2, 2), 0.5);
    CHECK(st_vjp(vvv, &X4, &o, &pb) == 0 && st_call(pb, &u, &r) == 0);
    for (int i = 0; i < 24; i++) want[i] = 1.5 * X24[i] * X24[i];
    CHECK(st_test_close(__FILE__, __LINE__, r, want, 24, 1e-14));
    st_func *fs[] = {f, v, vv, s, g, vvv, pb};
    release_all(fs, 7);
  }
  st_scope_pop();
}

/* two inputs, one batched by both vmaps and one by neither (its gradient sums the lanes), and
   one batched only by the inner vmap */
TEST(fuzzbug_c_grad_of_vmap_vmap_generated_rule_unbatched_input) {
  st_scope_push();
  double bv[4] = {1.5, -0.5, 2, 0.25};
  st_tensor *A = st_from_data(ST_F64, ST_SHAPE(2, 3, 4), X24),
            *b = st_from_data(ST_F64, ST_SHAPE(4), bv), *r[2] = {0};
  st_func *f = st_func_new(apply1, (void *)&CMUL, 2, 1),
          *v = st_vmap(f, (const int[]){0, ST_UNBATCHED}, NULL),
          *vv = st_vmap(v, (const int[]){0, ST_UNBATCHED}, NULL),
          *s = st_func_new(sum_of, vv, 2, 1), *g = st_grad(s, 2, (const int[]){0, 1});
  CHECK(st_call(g, (st_tensor *[]){A, b}, r) == 0);
  double ga[24], gb[4] = {0};
  for (int i = 0; i < 24; i++) ga[i] = bv[i % 4], gb[i % 4] += X24[i];
  CHECK(st_test_close(__FILE__, __LINE__, r[0], ga, 24, 1e-14));
  CHECK(st_test_close(__FILE__, __LINE__, r[1], gb, 4, 1e-14));
  /* b batched by the inner vmap only: [3, 4], shared by the outer lanes */
  st_tensor *B = st_from_data(ST_F64, ST_SHAPE(3, 4), X24 + 12);
  st_func *v0 = st_vmap(f, (const int[]){0, 0}, NULL),
          *vv0 = st_vmap(v0, (const int[]){0, ST_UNBATCHED}, NULL),
          *s0 = st_func_new(sum_of, vv0, 2, 1), *g0 = st_grad(s0, 2, (const int[]){0, 1});
  CHECK(st_call(g0, (st_tensor *[]){A, B}, r) == 0);
  double gB[12];
  for (int i = 0; i < 24; i++) ga[i] = X24[12 + i % 12];
  for (int i = 0; i < 12; i++) gB[i] = X24[i] + X24[12 + i];
  CHECK(st_test_close(__FILE__, __LINE__, r[0], ga, 24, 1e-14));
  CHECK(st_test_close(__FILE__, __LINE__, r[1], gB, 12, 1e-14));
  st_func *fs[] = {f, v, vv, s, g, v0, vv0, s0, g0};
  release_all(fs, 9);
  st_scope_pop();
}

/* jvp, jacfwd and grad-of-grad over the nested generated rules */
TEST(fuzzbug_c_vmap_vmap_generated_rule_other_modes) {
  st_scope_push();
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3, 4), X24), *o = NULL, *to = NULL, *r = NULL;
  st_tensor *T = st_full(ST_F64, ST_SHAPE(2, 3, 4), 2.0);
  double want[24];
  const st_custom_fn *fns[] = {&CUBE_GEN, &CUBE_GEN_JVP};
  for (int k = 0; k < 2; k++) {
    st_func *f = st_func_new(apply1, (void *)fns[k], 1, 1), *v = st_vmap(f, NULL, NULL),
            *vv = st_vmap(v, NULL, NULL);
    CHECK(st_jvp(vv, &X, &T, &o, &to) == 0);
    for (int i = 0; i < 24; i++) want[i] = 6 * X24[i] * X24[i];
    CHECK(st_test_close(__FILE__, __LINE__, to, want, 24, 1e-14));
    /* grad(sum(grad(sum(vmap(vmap(cube)))))): 6 x */
    st_func *s = st_func_new(sum_of, vv, 1, 1), *g = st_grad(s, 0, NULL),
            *s2 = st_func_new(sum_of, g, 1, 1), *gg = st_grad(s2, 0, NULL);
    CHECK(st_call(gg, &X, &r) == 0);
    for (int i = 0; i < 24; i++) want[i] = 6 * X24[i];
    CHECK(st_test_close(__FILE__, __LINE__, r, want, 24, 1e-13));
    st_func *fs[] = {f, v, vv, s, g, s2, gg};
    release_all(fs, 7);
  }
  st_scope_pop();
}

/* ============================================================================= bug 10 */

/* jvp(g, x, v)'s tangent for the function value g */
typedef struct {
  st_func *g;
  st_tensor *v;
} jvp_arg;
static int jvp_of(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  jvp_arg *a = ctx;
  st_tensor *o = NULL;
  if (st_jvp(a->g, in, &a->v, &o, out)) return -1;
  return 0;
}

/* `rc` and r: either the error naming the once_differentiable function, or r == want. */
static void check_once_result(const char *file, int line, int rc, const char *name,
                              const st_tensor *r, const double *want, int64_t n) {
  if (rc) {
    if (st_last_status() != ST_ERR_AUTOGRAD || !strstr(st_last_error(), name) ||
        !strstr(st_last_error(), "is once_differentiable"))
      st_test_fail(file, line, "status %d, message '%s'", (int)st_last_status(), st_last_error());
    st_clear_error();
    return;
  }
  st_test_close(file, line, r, want, n, 1e-12);
}

/* vjp(jvp(grad(sum(cube)))): the backward 3 x^2 g is differentiated forward (6 x v) and then
   reverse; the result must be the error or 6 u v, never a silent zero */
TEST(fuzzbug_c_once_differentiable_rev_over_fwd_over_rev) {
  st_scope_push();
  const double xv[3] = {0.5, -1.5, 2}, vv[3] = {1, -2, 0.25}, uv[3] = {0.3, 1.1, -0.7};
  double want[3];
  for (int i = 0; i < 3; i++) want[i] = 6 * uv[i] * vv[i];
  const st_custom_fn *fns[] = {&CUBE_ONCE, &CUBE_ONCE_NOJVP, &CUBE_PLAIN};
  for (int k = 0; k < 3; k++) {
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), xv), *u = st_from_data(ST_F64, ST_SHAPE(3), uv),
              *o = NULL, *r = NULL;
    jvp_arg a = {NULL, st_from_data(ST_F64, ST_SHAPE(3), vv)};
    st_func *l = st_func_new(loss, (void *)fns[k], 1, 1), *g = st_grad(l, 0, NULL);
    a.g = g;
    st_func *h = st_func_new(jvp_of, &a, 1, 1), *pb = NULL;
    /* jvp(grad) alone differentiates the backward forward only: 6 x v */
    CHECK(st_call(h, &x, &r) == 0);
    CHECK_CLOSE(r, 1e-14, 6 * xv[0] * vv[0], 6 * xv[1] * vv[1], 6 * xv[2] * vv[2]);
    int rc = st_vjp(h, &x, &o, &pb);
    if (!rc) rc = st_call(pb, &u, &r);
    if (k < 2)
      check_once_result(__FILE__, __LINE__, rc, fns[k]->name, r, want, 3);
    else {
      CHECK(rc == 0); /* the differentiable one gives the value */
      CHECK(st_test_close(__FILE__, __LINE__, r, want, 3, 1e-12));
    }
    /* grad(sum(jvp(grad))) and jacrev(jacfwd(grad)) are the same derivative */
    st_func *s = st_func_new(sum_of, h, 1, 1), *gs = st_grad(s, 0, NULL);
    rc = st_call(gs, &x, &r);
    if (k < 2)
      check_once_result(__FILE__, __LINE__, rc, fns[k]->name, r, (double[]){6 * vv[0], 6 * vv[1], 6 * vv[2]}, 3);
    else
      CHECK(rc == 0 && CHECK_CLOSE(r, 1e-12, 6 * vv[0], 6 * vv[1], 6 * vv[2]));
    st_func *jf = st_jacfwd(g, 0), *sj = st_func_new(sum_of, jf, 1, 1), *jr = st_jacrev(sj, 0);
    rc = st_call(jr, &x, &r); /* sum of the hessian diag(6 x): 6 everywhere */
    if (k < 2)
      check_once_result(__FILE__, __LINE__, rc, fns[k]->name, r, (double[]){6, 6, 6}, 3);
    else
      CHECK(rc == 0 && CHECK_CLOSE(r, 1e-12, 6, 6, 6));
    st_func *fs[] = {l, g, h, pb, s, gs, jf, sj, jr};
    release_all(fs, 9);
  }
  st_scope_pop();
}

/* the backward's saved value under a vmap (or jvp) wrapper over the grad level that
   differentiates it: grad(sum(vmap(grad(sum(cube))))) must give the error or 6 x */
TEST(fuzzbug_c_once_differentiable_grad_through_vmap_of_grad) {
  st_scope_push();
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3), X24), *r = NULL;
  double want[6];
  for (int i = 0; i < 6; i++) want[i] = 6 * X24[i];
  const st_custom_fn *fns[] = {&CUBE_ONCE, &CUBE_ONCE_NOJVP};
  for (int k = 0; k < 2; k++) {
    st_func *l = st_func_new(loss, (void *)fns[k], 1, 1), *g = st_grad(l, 0, NULL),
            *v = st_vmap(g, NULL, NULL), *s = st_func_new(sum_of, v, 1, 1), *gs = st_grad(s, 0, NULL);
    int rc = st_call(gs, &X, &r);
    check_once_result(__FILE__, __LINE__, rc, fns[k]->name, r, want, 6);
    /* the first derivative under the same stack still works */
    CHECK(st_call(v, &X, &r) == 0);
    for (int i = 0; i < 6; i++) want[i] = 3 * X24[i] * X24[i];
    CHECK(st_test_close(__FILE__, __LINE__, r, want, 6, 1e-14));
    for (int i = 0; i < 6; i++) want[i] = 6 * X24[i];
    st_func *fs[] = {l, g, v, s, gs};
    release_all(fs, 5);
  }
  st_scope_pop();
}

/* ============================================================================= bug 12 */

#define INPLACE_MSG "modified by an inplace operation"

/* eager: a saved input (cmul saves both) modified in place, as the built-in mul refuses */
TEST(fuzzbug_c_ctx_saved_modified_in_place_eager) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X24), *w = st_from_data(ST_F64, ST_SHAPE(3), X24 + 3),
            *y = NULL;
  st_set_requires_grad(x, true);
  st_tensor *yb = st_mul(x, w); /* the built-in reference */
  CHECK(st_custom_apply(&CMUL, (st_tensor *[]){x, w}, &y) == 0);
  CHECK(st_mul_scalar_(w, 2) == 0);
  CHECK_FAILS(st_backward(st_sum_all(yb), NULL, false, false) != 0, ST_ERR_INPLACE, INPLACE_MSG);
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, true, false) != 0, ST_ERR_INPLACE, INPLACE_MSG);
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, false, false) != 0, ST_ERR_INPLACE,
              "st_custom_apply: cmul: one of the variables needed for gradient computation has been "
              "modified by an inplace operation: [f64 [3]] is at version 1; expected version 0");
  CHECK(st_grad_of(x) == NULL); /* nothing accumulated */
  /* unchanged since saved: the right gradient, w */
  st_tensor *w2 = st_from_data(ST_F64, ST_SHAPE(3), X24 + 3);
  CHECK(st_custom_apply(&CMUL, (st_tensor *[]){x, w2}, &y) == 0);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK(st_test_close(__FILE__, __LINE__, st_grad_of(x), X24 + 3, 3, 0));
  st_scope_pop();
}

/* eager: an intermediate saved by cube, and a saved output (cexp saves exp(x)), modified in place */
TEST(fuzzbug_c_ctx_saved_output_modified_in_place_eager) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X24), *y = NULL;
  st_set_requires_grad(x, true);
  st_tensor *z = st_mul_scalar(x, 1.0);
  CHECK(st_custom_apply(&CUBE_PLAIN, &z, &y) == 0);
  CHECK(st_add_scalar_(z, 1) == 0);
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, false, false) != 0, ST_ERR_INPLACE, "cube_plain");
  CHECK(st_custom_apply(&CEXP, &x, &y) == 0);
  CHECK(st_mul_scalar_(y, 2) == 0); /* the output itself */
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, false, false) != 0, ST_ERR_INPLACE, INPLACE_MSG);
  CHECK(st_grad_of(x) == NULL);
  /* a saved output left alone: exp(x), and its backward differentiates through the output
     (d/dx of g exp(x) is exp(x) again); no reference cycle (the runner counts objects) */
  CHECK(st_custom_apply(&CEXP, &x, &y) == 0);
  st_tensor *s = st_sum_all(y), *g = NULL, *gg = NULL;
  CHECK(st_autograd_grad(1, &s, NULL, 1, &x, &g, &(st_grad_opts){.create_graph = true}) == 0);
  CHECK_CLOSE(g, 1e-14, exp(X24[0]), exp(X24[1]), exp(X24[2]));
  st_tensor *gs = st_sum_all(g);
  CHECK(st_autograd_grad(1, &gs, NULL, 1, &x, &gg, NULL) == 0);
  CHECK_CLOSE(gg, 1e-14, exp(X24[0]), exp(X24[1]), exp(X24[2]));
  /* that second backward went through the node without retain_graph and freed its saved
     output, so a third one is the error PyTorch gives ("backward through the graph a second
     time"); a new call backwards again */
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, false, false) != 0, ST_ERR_AUTOGRAD,
              "a second time");
  CHECK(st_grad_of(x) == NULL);
  CHECK(st_custom_apply(&CEXP, &x, &y) == 0);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-14, exp(X24[0]), exp(X24[1]), exp(X24[2]));
  st_scope_pop();
}

/* f(x) = sum(fn(x * 1)) where the saved value (input mode 0, output mode 1) is then modified in
   place; mode 2: nothing modified */
typedef struct {
  const st_custom_fn *fn;
  int mode;
  bool builtin; /* x*x*x with the built-in ops instead of fn */
} inplace_arg;
static int inplace_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const inplace_arg *a = ctx;
  st_tensor *z = st_mul_scalar(in[0], 1.0), *y = NULL;
  if (a->builtin)
    y = st_mul(st_mul(z, z), z);
  else if (st_custom_apply(a->fn, &z, &y))
    return -1;
  if (a->mode == 0 && st_add_scalar_(z, 1)) return -1;
  if (a->mode == 1 && st_mul_scalar_(y, 2)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}

TEST(fuzzbug_c_ctx_saved_modified_in_place_grad_and_vjp) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X24), *r = NULL, *o = NULL,
            *one = st_scalar(ST_F64, 1);
  const inplace_arg args[] = {{NULL, 0, true},        {&CUBE_PLAIN, 0, false}, {&CUBE_GEN, 0, false},
                              {&CEXP, 1, false},      {&CUBE_PLAIN, 2, false}, {&CEXP, 2, false}};
  for (int k = 0; k < 6; k++) {
    st_func *f = st_func_new(inplace_loss, (void *)&args[k], 1, 1), *g = st_grad(f, 0, NULL),
            *pb = NULL;
    if (args[k].mode == 2) { /* unmodified: 3 x^2 and exp(x) */
      CHECK(st_call(g, &x, &r) == 0);
      bool cube = args[k].fn != &CEXP;
      double want[3];
      for (int i = 0; i < 3; i++) want[i] = cube ? 3 * X24[i] * X24[i] : exp(X24[i]);
      CHECK(st_test_close(__FILE__, __LINE__, r, want, 3, 1e-14));
    } else {
      CHECK_FAILS(st_call(g, &x, &r) != 0, ST_ERR_INPLACE, INPLACE_MSG);
      /* vjp: the forward succeeds, the pullback fails */
      CHECK(st_vjp(f, &x, &o, &pb) == 0);
      CHECK_FAILS(st_call(pb, &one, &r) != 0, ST_ERR_INPLACE, INPLACE_MSG);
      if (!args[k].builtin) /* names the function */
        CHECK_FAILS(st_call(pb, &one, &r) != 0, ST_ERR_INPLACE, args[k].fn->name);
    }
    st_func *fs[] = {f, g, pb};
    release_all(fs, 3);
  }
  st_scope_pop();
}

/* a constant captured by the function and modified after st_vjp returned, before the pullback */
static int mul_by_captured(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *w = ctx, *y = NULL;
  if (st_custom_apply(&CMUL, (st_tensor *[]){in[0], w}, &y)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}
TEST(fuzzbug_c_ctx_saved_modified_between_vjp_and_pullback) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X24), *w = st_from_data(ST_F64, ST_SHAPE(3), X24 + 3),
            *o = NULL, *r = NULL, *one = st_scalar(ST_F64, 1);
  st_func *f = st_func_new(mul_by_captured, w, 1, 1), *pb = NULL;
  CHECK(st_vjp(f, &x, &o, &pb) == 0);
  CHECK(st_call(pb, &one, &r) == 0);
  CHECK(st_test_close(__FILE__, __LINE__, r, X24 + 3, 3, 0));
  CHECK(st_mul_scalar_(w, 2) == 0);
  CHECK_FAILS(st_call(pb, &one, &r) != 0, ST_ERR_INPLACE, "cmul");
  /* under vmap with the generated rule: the saved w is shared by the lanes */
  st_func *v = st_vmap(f, NULL, NULL), *pbv = NULL;
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3), X24), *ones = st_ones(ST_F64, ST_SHAPE(2));
  CHECK(st_vjp(v, &X, &o, &pbv) == 0);
  CHECK(st_call(pbv, &ones, &r) == 0);
  CHECK_CLOSE(r, 0, 2 * X24[3], 2 * X24[4], 2 * X24[5], 2 * X24[3], 2 * X24[4], 2 * X24[5]);
  CHECK(st_add_scalar_(w, 1) == 0);
  CHECK_FAILS(st_call(pbv, &ones, &r) != 0, ST_ERR_INPLACE, INPLACE_MSG);
  st_func *fs[] = {f, pb, v, pbv};
  release_all(fs, 4);
  st_scope_pop();
}

/* st_ctx_saved out of range is an error, not a silent NULL */
static int bad_index_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  gi[0] = st_mul(g[0], st_ctx_saved(ctx, 3));
  return gi[0] ? 0 : -1;
}
static const st_custom_fn BAD_INDEX = {.name = "bad_index", .nin = 1, .nout = 1, .forward = cube_fwd,
                                       .setup_context = save_in, .backward = bad_index_bwd};
TEST(fuzzbug_c_ctx_saved_index_out_of_range) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), X24), *y = NULL;
  st_set_requires_grad(x, true);
  CHECK(st_custom_apply(&BAD_INDEX, &x, &y) == 0);
  CHECK_FAILS(st_backward(st_sum_all(y), NULL, false, false) != 0, ST_ERR_ARG,
              "st_custom_apply: bad_index: backward: st_ctx_saved: index 3 is out of range (1 saved)");
  st_scope_pop();
}
