/* test_compile_grad.c — a compiled function under grad levels (st_grad, st_vjp, nested grads,
   jacrev's vmap over the backward): one node of every level whose forward is the compiled graph
   and whose backward is compiled too, against eager's values, with the stats showing that the
   graph served the calls; random draws, in-place writes to inputs and to captured tensors,
   captured tensors under eager autograd at the same time, and the transforms that still run f
   eagerly (vmap, jvp). */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "../test.h"
#include "../util.h"

static bool close_to(st_tensor *a, st_tensor *b, double tol) {
  if (!a || !b || st_ndim(a) != st_ndim(b) || st_dtype_of(a) != st_dtype_of(b)) return false;
  for (int d = 0; d < st_ndim(a); d++)
    if (st_size(a, d) != st_size(b, d)) return false;
  return tu_values_close(a, b, tol);
}

/* loss(x, W) = sum(sin(h) * h + 0.5 * exp(-h^2)) with h = tanh(W x) */
static int f_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = st_tanh(st_matmul(in[1], in[0]));
  st_tensor *t = st_mul_scalar(st_exp(st_neg(st_mul(h, h))), 0.5);
  out[0] = st_sum_all(st_add(st_mul(st_sin(h), h), t));
  return out[0] ? 0 : -1;
}

static const char *const backends[2] = {"interp", "c"};

TEST(compile_under_st_grad_runs_the_graph_and_its_compiled_backward) {
  for (int b = 0; b < 2; b++) {
    st_scope_push();
    st_func *f = st_func_new(f_loss, NULL, 2, 1);
    st_func *c = st_compile(f, &(st_compile_opts){.backend = backends[b], .fullgraph = true});
    st_func *g = st_grad(f, 2, (int[]){0, 1}), *gc = st_grad(c, 2, (int[]){0, 1});
    for (int call = 0; call < 4; call++) {
      st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(3)), st_randn(ST_F64, ST_SHAPE(4, 3))};
      st_tensor *e[2] = {NULL, NULL}, *r[2] = {NULL, NULL};
      CHECK(st_call(g, in, e) == 0 && st_call(gc, in, r) == 0);
      CHECK(close_to(r[0], e[0], 1e-12) && close_to(r[1], e[1], 1e-12));
    }
    st_compile_stats s = tu_compile_stats(c);
    CHECK_EQ_INT(s.calls, 4);
    CHECK_EQ_INT(s.compiles, 1); /* the first call, run on the wrappers, captured level 0 */
    CHECK_EQ_INT(s.cache_hits, 3);
    CHECK_EQ_INT(s.fallbacks, 0);
    /* st_vjp with a pullback called twice, and a cotangent that is not one */
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *W = st_randn(ST_F64, ST_SHAPE(4, 3));
    st_tensor *in[2] = {x, W}, *ye = NULL, *yc = NULL, *de[2] = {0}, *dc[2] = {0};
    st_func *pe = NULL, *pc = NULL;
    CHECK(st_vjp(f, in, &ye, &pe) == 0 && st_vjp(c, in, &yc, &pc) == 0);
    CHECK(close_to(yc, ye, 1e-13));
    st_tensor *ct = st_scalar(ST_F64, -2.5);
    for (int k = 0; k < 2; k++) {
      CHECK(st_call(pe, &ct, de) == 0 && st_call(pc, &ct, dc) == 0);
      CHECK(close_to(dc[0], de[0], 1e-12) && close_to(dc[1], de[1], 1e-12));
    }
    CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
    TU_RELEASE(pe, pc, gc, g, c, f);
    st_scope_pop();
  }
}

/* outer(x, W) = sum(d * sin(d)) with d = grad_x inner(x, W): a grad level inside a grad level */
static int f_outer(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *g = st_grad(ctx, 0, NULL);
  st_tensor *d = NULL;
  int rc = g ? st_call(g, in, &d) : -1;
  st_func_release(g);
  if (rc) return rc;
  out[0] = st_sum_all(st_mul(d, st_sin(d)));
  return out[0] ? 0 : -1;
}

TEST(compile_under_nested_grads_jacrev_and_hessian_matches_eager) {
  st_scope_push();
  st_func *f = st_func_new(f_loss, NULL, 2, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *W = st_randn(ST_F64, ST_SHAPE(4, 3));
  st_tensor *in[2] = {x, W};
  /* the backward of the inner level runs under the outer one: the joint function, compiled */
  st_func *oe = st_func_new(f_outer, f, 2, 1), *oc = st_func_new(f_outer, c, 2, 1);
  st_func *ge = st_grad(oe, 2, (int[]){0, 1}), *gc = st_grad(oc, 2, (int[]){0, 1});
  for (int call = 0; call < 3; call++) {
    st_tensor *e[2] = {NULL, NULL}, *r[2] = {NULL, NULL};
    CHECK(st_call(ge, in, e) == 0 && st_call(gc, in, r) == 0);
    CHECK(close_to(r[0], e[0], 1e-12) && close_to(r[1], e[1], 1e-12));
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  /* against finite differences of the eager gradient (an independent check of the level) */
  st_func *gx = st_grad(f, 0, NULL);
  st_tensor *r[2] = {NULL, NULL};
  CHECK(st_call(gc, in, r) == 0 && st_numel(r[0]) == 3);
  double *rv = tu_values(r[0]), h = 1e-6;
  for (int i = 0; r[0] && st_numel(r[0]) == 3 && i < 3; i++) {
    double dir[3] = {0, 0, 0};
    dir[i] = h;
    st_tensor *xp = st_add(x, tu_tensor(ST_F64, ST_SHAPE(3), dir));
    st_tensor *xm = st_sub(x, tu_tensor(ST_F64, ST_SHAPE(3), dir));
    st_tensor *dp = NULL, *dm = NULL;
    CHECK(st_call(gx, (st_tensor *[]){xp, W}, &dp) == 0 &&
          st_call(gx, (st_tensor *[]){xm, W}, &dm) == 0);
    double fd = (st_item(st_sum_all(st_mul(dp, st_sin(dp)))) -
                 st_item(st_sum_all(st_mul(dm, st_sin(dm))))) /
                (2 * h);
    CHECK(fabs(fd - rv[i]) < 1e-6 * (1 + fabs(fd)));
  }
  free(rv);
  /* jacrev: vmap over the node's backward runs the joint function through vmap */
  st_func *gxc = st_grad(c, 0, NULL), *je = st_jacrev(gx, 1), *jc = st_jacrev(gxc, 1);
  for (int call = 0; call < 2; call++) {
    st_tensor *e = NULL, *rr = NULL;
    CHECK(st_call(je, in, &e) == 0 && st_call(jc, in, &rr) == 0 && close_to(rr, e, 1e-12));
  }
  /* hessian is jacfwd(jacrev): the jvp level runs f eagerly */
  int64_t fb = tu_compile_stats(c).fallbacks;
  st_func *he = st_hessian(f, 0), *hc = st_hessian(c, 0);
  st_tensor *e = NULL, *rr = NULL;
  CHECK(st_call(he, in, &e) == 0 && st_call(hc, in, &rr) == 0 && close_to(rr, e, 1e-12));
  CHECK(tu_compile_stats(c).fallbacks > fb);
  TU_RELEASE(he, hc, jc, je, gxc, gx, gc, ge, oc, oe, c, f);
  st_scope_pop();
}

/* out = sum(dropout(x * w) * x), w captured */
static int f_dropout(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *w = ctx;
  out[0] = st_sum_all(st_mul(st_dropout(st_mul(in[0], w), 0.5, true), in[0]));
  return out[0] ? 0 : -1;
}

TEST(compile_under_st_grad_draws_what_eager_draws) {
  st_scope_push();
  st_tensor *w = st_randn(ST_F32, ST_SHAPE(64));
  st_func *f = st_func_new(f_dropout, w, 1, 1), *c = st_compile(f, NULL);
  st_func *g = st_grad(f, 0, NULL), *gc = st_grad(c, 0, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(64)), *e = NULL, *r = NULL;
    st_manual_seed(7 + call);
    CHECK(st_call(g, &x, &e) == 0);
    st_tensor *after_e = st_rand(ST_F32, ST_SHAPE(1));
    st_manual_seed(7 + call);
    CHECK(st_call(gc, &x, &r) == 0);
    st_tensor *after_c = st_rand(ST_F32, ST_SHAPE(1));
    CHECK(close_to(r, e, 1e-6) && close_to(after_c, after_e, 0));
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  TU_RELEASE(gc, g, c, f);
  st_scope_pop();
}

/* acc += sin(x); sum(acc * x), acc an input not differentiated: the write carries a tracked
   value into it, which the grad level must see (it lifts acc) */
static int f_writes_input(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  if (st_add_(in[1], st_sin(in[0]))) return -1;
  out[0] = st_sum_all(st_mul(in[1], in[0]));
  return out[0] ? 0 : -1;
}

/* batch_norm in training mode: the running statistics (captured) move once per call */
static int f_bn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor **stats = ctx;
  st_tensor *y = st_batch_norm(in[0], stats[0], stats[1], NULL, NULL, true, 0.1, 1e-5);
  out[0] = st_sum_all(st_mul(y, st_sin(in[0])));
  return out[0] ? 0 : -1;
}

TEST(compile_under_st_grad_with_in_place_writes_matches_eager) {
  st_scope_push();
  st_func *f = st_func_new(f_writes_input, NULL, 2, 1), *c = st_compile(f, NULL);
  st_func *g = st_grad(f, 0, NULL), *gc = st_grad(c, 0, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(5)), *ae = st_randn(ST_F64, ST_SHAPE(5));
    st_tensor *ac = st_clone(ae), *e = NULL, *r = NULL;
    CHECK(st_call(g, (st_tensor *[]){x, ae}, &e) == 0);
    CHECK(st_call(gc, (st_tensor *[]){x, ac}, &r) == 0 && close_to(r, e, 1e-12));
    CHECK(close_to(ac, ae, 0)); /* written once, in both */
  }
  /* a graph that writes its input runs eagerly: every call a fallback (the first too: before,
     it counted as a compile, and the warning came on the second) */
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 3);
  CHECK_EQ_INT(tu_compile_stats(c).compiles, 0);
  TU_RELEASE(gc, g, c, f);
  /* under fullgraph such a signature fails from its first call (it ran f up to the end of its
     capture, as strata.h says), not only from its second */
  f = st_func_new(f_writes_input, NULL, 2, 1);
  c = st_compile(f, &(st_compile_opts){.fullgraph = true});
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(5)), *a = st_randn(ST_F64, ST_SHAPE(5)), *r = NULL;
    st_set_requires_grad(x, true);
    CHECK_FAILS(st_call(c, (st_tensor *[]){x, a}, &r) != 0, ST_ERR_UNSUPPORTED,
                "writes an input or a captured tensor in place while autograd records it");
    CHECK(!r);
  }
  st_compile_stats fs = tu_compile_stats(c);
  CHECK_EQ_INT(fs.compiles, 0);
  CHECK_EQ_INT(fs.fallbacks, 3);
  CHECK_EQ_INT(fs.calls, 3);
  TU_RELEASE(c, f);
  /* running statistics: eager and compiled each update their own copy, once per call */
  st_tensor *se[2] = {st_zeros(ST_F64, ST_SHAPE(3)), st_ones(ST_F64, ST_SHAPE(3))};
  st_tensor *sc[2] = {st_clone(se[0]), st_clone(se[1])};
  st_func *fe = st_func_new(f_bn, se, 1, 1), *fc = st_func_new(f_bn, sc, 1, 1);
  st_func *cc = st_compile(fc, NULL);
  st_func *ge = st_grad(fe, 0, NULL), *gcc = st_grad(cc, 0, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(4, 3)), *e = NULL, *r = NULL;
    CHECK(st_call(ge, &x, &e) == 0 && st_call(gcc, &x, &r) == 0 && close_to(r, e, 1e-12));
    CHECK(close_to(sc[0], se[0], 1e-14) && close_to(sc[1], se[1], 1e-14));
  }
  TU_RELEASE(gcc, ge, cc, fc, fe);
  st_scope_pop();
}

/* loss(x) = sum(tanh(W x)), W captured and requiring grad under eager autograd */
static int f_captured(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_tanh(st_matmul(ctx, in[0])), in[0]));
  return out[0] ? 0 : -1;
}

/* (grad_x loss, loss): eager autograd then differentiates the gradient's sum with respect to W */
static int f_grad_then(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *g = st_grad(ctx, 0, NULL);
  int rc = g ? st_call(g, in, out) : -1;
  st_func_release(g);
  return rc;
}

TEST(compile_under_st_grad_and_eager_autograd_of_captured_weights) {
  st_scope_push();
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  st_tensor *We = st_randn(ST_F64, ST_SHAPE(3, 3)), *Wc = st_clone(We);
  st_set_requires_grad(We, true);
  st_set_requires_grad(Wc, true);
  st_func *fe = st_func_new(f_captured, We, 1, 1), *fc = st_func_new(f_captured, Wc, 1, 1);
  st_func *c = st_compile(fc, NULL);
  st_func *te = st_func_new(f_grad_then, fe, 1, 1), *tc = st_func_new(f_grad_then, c, 1, 1);
  for (int call = 0; call < 3; call++) {
    st_tensor *e = NULL, *r = NULL;
    CHECK(st_call(te, &x, &e) == 0 && st_call(tc, &x, &r) == 0 && close_to(r, e, 1e-12));
    /* the gradient depends on W: eager autograd reaches W through it, in both */
    CHECK(st_requires_grad(e) && st_requires_grad(r));
    CHECK(st_backward(st_sum_all(e), NULL, false, false) == 0);
    CHECK(st_backward(st_sum_all(r), NULL, false, false) == 0);
    CHECK(close_to(st_grad_of(Wc), st_grad_of(We), 1e-12));
  }
  TU_RELEASE(tc, te, c, fc, fe);
  st_scope_pop();
}

/* y = x * k with k an integer input (not differentiated), plus sum for grad */
static int f_int_input(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_exp(in[0]), st_to_dtype(in[1], ST_F64)));
  return out[0] ? 0 : -1;
}

TEST(compile_under_transforms_that_run_f_eagerly_matches_eager) {
  st_scope_push();
  st_func *f = st_func_new(f_int_input, NULL, 2, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4));
  st_tensor *k = tu_tensor(ST_I32, ST_SHAPE(4), (double[]){1, -2, 3, 0});
  st_tensor *in[2] = {x, k}, *e = NULL, *r = NULL;
  st_func *g = st_grad(f, 0, NULL), *gc = st_grad(c, 0, NULL);
  for (int call = 0; call < 2; call++)
    CHECK(st_call(g, in, &e) == 0 && st_call(gc, in, &r) == 0 && close_to(r, e, 1e-12));
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  /* vmap over grad: the vmap level runs f eagerly */
  st_tensor *xb = st_randn(ST_F64, ST_SHAPE(5, 4));
  st_func *ve = st_vmap(g, (int[]){0, ST_UNBATCHED}, NULL),
          *vc = st_vmap(gc, (int[]){0, ST_UNBATCHED}, NULL);
  st_tensor *inb[2] = {xb, k};
  CHECK(st_call(ve, inb, &e) == 0 && st_call(vc, inb, &r) == 0 && close_to(r, e, 1e-12));
  CHECK(tu_compile_stats(c).fallbacks > 0);
  /* grad under no-grad: torch.func differentiates anyway; the levels outside do not track */
  bool prev = st_set_grad_enabled(false);
  CHECK(st_call(g, in, &e) == 0 && st_call(gc, in, &r) == 0 && close_to(r, e, 1e-12));
  CHECK(!st_requires_grad(r));
  st_set_grad_enabled(prev);
  TU_RELEASE(vc, ve, gc, g, c, f);
  st_scope_pop();
}

/* (sum(x * x), argmax(x), x, x * 2): a loss, an integer output, the input itself and a float
   output the loss does not use, all after the first as st_grad's aux */
static int f_aux(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(in[0], in[0]));
  out[1] = st_argmax_all(in[0]);
  out[2] = st_retain(in[0]); /* an input returned, as strata.h says */
  out[3] = st_mul_scalar(in[0], 2.0);
  return out[0] && out[1] && out[3] ? 0 : -1;
}

TEST(compile_under_st_grad_and_value_keeps_every_output_as_eager) {
  st_scope_push();
  st_func *f = st_func_new(f_aux, NULL, 1, 4), *c = st_compile(f, NULL);
  st_func *g = st_grad_and_value(f, 0, NULL), *gc = st_grad_and_value(c, 0, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(6));
  for (int call = 0; call < 3; call++) {
    st_tensor *e[5] = {0}, *r[5] = {0};
    CHECK(st_call(g, &x, e) == 0 && st_call(gc, &x, r) == 0);
    /* (grad, loss, argmax, x, 2x) */
    for (int j = 0; j < 5; j++) CHECK(close_to(r[j], e[j], 1e-14));
    CHECK(st_dtype_of(r[2]) == ST_I64);
    CHECK(r[3] != x); /* the input returned is a new tensor over the same values */
    for (int j = 0; j < 5; j++) CHECK(!st_requires_grad(r[j]));
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  /* another shape under the level: a second capture, and the first graph still serves */
  st_tensor *m = st_randn(ST_F64, ST_SHAPE(2, 3)), *r[5] = {0}, *e[5] = {0};
  CHECK(st_call(gc, &m, r) == 0 && st_call(g, &m, e) == 0 && close_to(r[0], e[0], 1e-14));
  CHECK(st_call(gc, &x, r) == 0);
  CHECK_EQ_INT(tu_compile_stats(c).compiles, 2);
  TU_RELEASE(gc, g, c, f);
  st_scope_pop();
}

/* loss(x) = sum(sin(W x) * W x) with W captured: double backward through W alone (x does not
   require grad), create_graph, as eager */
static int f_w_only(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *h = st_matmul(ctx, in[0]);
  out[0] = st_sum_all(st_mul(st_sin(h), h));
  return out[0] ? 0 : -1;
}

TEST(compile_double_backward_through_a_captured_weight_matches_eager) {
  st_scope_push();
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  st_tensor *We = st_randn(ST_F64, ST_SHAPE(3, 3)), *Wc = st_clone(We);
  st_set_requires_grad(We, true);
  st_set_requires_grad(Wc, true);
  st_func *fe = st_func_new(f_w_only, We, 1, 1), *fc = st_func_new(f_w_only, Wc, 1, 1);
  st_func *c = st_compile(fc, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *ye = NULL, *yc = NULL, *ge = NULL, *gc = NULL;
    CHECK(st_call(fe, &x, &ye) == 0 && st_call(c, &x, &yc) == 0 && close_to(yc, ye, 1e-12));
    st_grad_opts o = {.create_graph = true};
    CHECK(st_autograd_grad(1, &ye, NULL, 1, &We, &ge, &o) == 0);
    CHECK(st_autograd_grad(1, &yc, NULL, 1, &Wc, &gc, &o) == 0);
    CHECK(close_to(gc, ge, 1e-12) && st_requires_grad(gc) && st_requires_grad(ge));
    st_tensor *he = NULL, *hc = NULL; /* d/dW of sum(dW * dW) */
    st_tensor *se = st_sum_all(st_mul(ge, ge)), *sc = st_sum_all(st_mul(gc, gc));
    CHECK(st_autograd_grad(1, &se, NULL, 1, &We, &he, NULL) == 0);
    CHECK(st_autograd_grad(1, &sc, NULL, 1, &Wc, &hc, NULL) == 0 && close_to(hc, he, 1e-10));
  }
  TU_RELEASE(c, fc, fe);
  st_scope_pop();
}

/* Outputs that are views under eager autograd (AOTAutograd's output aliasing): a view of
   another output, of an input that requires grad and of a captured weight are views outside
   the compiled node too, on every call: an in-place change of the view of an output reaches
   the output's history, one of a leaf's view is refused, and gradients equal eager's. */
static st_tensor *view_w;
static int f_view_outputs(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_mul_scalar(in[0], 2.0);
  out[0] = y;
  out[1] = st_slice(y, 0, 0, 2, 1);
  out[2] = st_transpose(st_reshape(in[0], ST_SHAPE(1, 3)), 0, 1);
  out[3] = st_select(view_w, 0, 1);
  return out[1] && out[2] && out[3] ? 0 : -1;
}

TEST(compile_view_outputs_stay_views_under_eager_autograd) {
  view_w = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  st_set_requires_grad(view_w, true);
  st_func *f = st_func_new(f_view_outputs, NULL, 1, 4);
  for (int b = 0; b < 2; b++) {
    st_func *c = st_compile(f, &(st_compile_opts){.backend = backends[b]});
    st_tensor *want_x = NULL, *want_w = NULL;
    for (int call = 0; call < 4; call++) {
      bool eager = call == 0;
      st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}), *o[4] = {0};
      st_set_requires_grad(x, true);
      st_zero_grad(view_w);
      CHECK_EQ_INT(st_call(eager ? f : c, &x, o), 0);
      CHECK(st_data_ptr(o[1]) == st_data_ptr(o[0]));
      CHECK(st_data_ptr(o[2]) == st_data_ptr(x));
      CHECK_EQ_INT(st_mul_scalar_(o[1], 3.0), 0); /* reaches o[0] and its history */
      CHECK_FAILS(st_mul_scalar_(o[2], 2.0) != 0, ST_ERR_INPLACE, "leaf");
      CHECK_FAILS(st_mul_scalar_(o[3], 2.0) != 0, ST_ERR_INPLACE, "leaf");
      st_tensor *l = st_add(st_add(st_sum_all(st_mul(o[0], o[0])), st_sum_all(st_exp(o[2]))),
                            st_sum_all(st_mul(o[3], o[3])));
      CHECK_EQ_INT(st_backward(l, NULL, false, false), 0);
      /* d/dx: out0 = [6x0, 6x1, 2x2], squared: 72 x0, 72 x1, 8 x2; plus exp(x) */
      if (eager) {
        CHECK_CLOSE(st_grad_of(x), 1e-12, 72 + exp(1.0), 144 + exp(2.0), 24 + exp(3.0));
        want_x = st_clone(st_grad_of(x));
        want_w = st_clone(st_grad_of(view_w));
        st_keep(want_x);
        st_keep(want_w);
      } else {
        CHECK(close_to(st_grad_of(x), want_x, 0));
        CHECK(close_to(st_grad_of(view_w), want_w, 0));
      }
    }
    st_compile_stats st;
    CHECK(st_compile_get_stats(c, &st) == 0 && st.cache_hits == 2 && st.fallbacks == 0);
    st_release(want_x);
    st_release(want_w);
    st_func_release(c);
  }
  st_func_release(f);
  st_release(view_w);
}

/* An input that no differentiated output is computed from gets no gradient through the
   compiled node, as in eager (where the backward never reaches it): st_autograd_grad gives
   NULL with allow_unused, the error naming the unused input without it, and .grad stays
   NULL; not zeros on cache hits. */
static int f_two_outputs(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_exp(in[0]));
  out[1] = st_mul_scalar(in[1], 2.0);
  return out[0] && out[1] ? 0 : -1;
}

TEST(compile_unused_inputs_get_no_gradient_as_in_eager) {
  st_func *f = st_func_new(f_two_outputs, NULL, 2, 2), *c = st_compile(f, NULL);
  for (int call = 0; call < 4; call++) {
    st_func *fn = call ? c : f;
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, -1, 2});
    st_tensor *y = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2});
    st_set_requires_grad(x, true);
    st_set_requires_grad(y, true);
    st_tensor *in[2] = {x, y}, *o[2] = {0}, *g[2] = {0};
    CHECK_EQ_INT(st_call(fn, in, o), 0);
    st_grad_opts unused = {.allow_unused = true, .retain_graph = true};
    CHECK_EQ_INT(st_autograd_grad(1, o, NULL, 2, in, g, &unused), 0);
    CHECK_CLOSE(g[0], 1e-12, exp(0.5), exp(-1.0), exp(2.0));
    CHECK(g[1] == NULL);
    CHECK_FAILS(st_autograd_grad(1, o, NULL, 2, in, g, NULL) != 0, ST_ERR_AUTOGRAD,
                "not have been used");
    CHECK_EQ_INT(st_call(fn, in, o), 0);
    CHECK_EQ_INT(st_backward(o[0], NULL, false, false), 0);
    CHECK(st_grad_of(y) == NULL);
    CHECK_CLOSE(st_grad_of(x), 1e-12, exp(0.5), exp(-1.0), exp(2.0));
  }
  st_compile_stats st;
  CHECK(st_compile_get_stats(c, &st) == 0 && st.fallbacks == 0 && st.cache_hits >= 4);
  st_func_release(c);
  st_func_release(f);
}

/* The same view outputs under a grad level (st_vjp): the regenerated views are the level's
   views, and the pullback equals eager's. */
static int f_views_of_input(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_sin(in[0]);
  out[0] = y;
  out[1] = st_transpose(st_reshape(y, ST_SHAPE(2, 3)), 0, 1);
  out[2] = st_slice(in[0], 0, 1, 4, 1);
  return out[1] && out[2] ? 0 : -1;
}

TEST(compile_view_outputs_under_st_vjp_match_eager) {
  st_func *f = st_func_new(f_views_of_input, NULL, 1, 3), *c = st_compile(f, NULL);
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(6), (double[]){0.1, 0.2, 0.3, 0.4, 0.5, 0.6});
  st_tensor *ct[3] = {st_from_data(ST_F64, ST_SHAPE(6), (double[]){1, 2, 3, 4, 5, 6}),
                      st_ones(ST_F64, ST_SHAPE(3, 2)),
                      st_from_data(ST_F64, ST_SHAPE(3), (double[]){-1, 2, -3})};
  st_tensor *want = NULL;
  for (int call = 0; call < 4; call++) {
    st_tensor *y[3] = {0}, *g = NULL;
    st_func *pb = NULL;
    CHECK_EQ_INT(st_vjp(call ? c : f, &x, y, &pb), 0);
    CHECK_EQ_INT(st_call(pb, ct, &g), 0);
    st_func_release(pb);
    if (!call) {
      want = g;
      /* cos(x) * (ct0 + 1) + the slice's cotangent at 1..3 */
      CHECK_NEAR(st_item(st_select(g, 0, 1)), cos(0.2) * 3 - 1, 1e-12);
    } else {
      CHECK(close_to(g, want, 0));
    }
  }
  st_compile_stats st;
  CHECK(st_compile_get_stats(c, &st) == 0 && st.fallbacks == 0 && st.cache_hits == 2);
  st_func_release(c);
  st_func_release(f);
}

/* An input written in place after the call: the compiled node saves only the inputs its
   backward reads, so y * 2 and exp(y) backward as eager does (nothing saved y), while y * y,
   whose backward reads y, gives eager's in-place error. */
static int f_twice(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(st_mul_scalar(in[0], 2.0), st_exp(in[0]));
  return out[0] ? 0 : -1;
}
static int f_square(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[0]);
  return out[0] ? 0 : -1;
}

TEST(compile_inputs_written_after_the_call_backward_as_in_eager) {
  st_func *f = st_func_new(f_twice, NULL, 1, 1), *c = st_compile(f, NULL);
  st_func *q = st_func_new(f_square, NULL, 1, 1), *cq = st_compile(q, NULL);
  for (int call = 0; call < 4; call++) {
    bool eager = call == 0;
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, 1, 2}), *o = NULL;
    st_set_requires_grad(x, true);
    st_tensor *y = st_mul_scalar(x, 1.5);
    CHECK_EQ_INT(st_call(eager ? f : c, &y, &o), 0);
    CHECK_EQ_INT(st_add_scalar_(y, 1.0), 0);
    CHECK_EQ_INT(st_backward(st_sum_all(o), NULL, false, false), 0);
    /* d/dx (2y + exp(y)) at y = 1.5 x before the write */
    CHECK_CLOSE(st_grad_of(x), 1e-12, 1.5 * (2 + exp(0.75)), 1.5 * (2 + exp(1.5)),
                1.5 * (2 + exp(3.0)));
    st_tensor *z = st_mul_scalar(x, 1.0), *s = NULL;
    CHECK_EQ_INT(st_call(eager ? q : cq, &z, &s), 0);
    CHECK_EQ_INT(st_mul_scalar_(z, 2.0), 0);
    CHECK_FAILS(st_backward(st_sum_all(s), NULL, false, false) != 0, ST_ERR_INPLACE,
                "modified by an inplace operation");
  }
  st_compile_stats st;
  CHECK(st_compile_get_stats(c, &st) == 0 && st.cache_hits == 2 && st.fallbacks == 0);
  st_func_release(cq);
  st_func_release(q);
  st_func_release(c);
  st_func_release(f);
}

/* A buffer made by a factory and then written in place inside f (y = zeros_like(x);
   y.copy_(x), an accumulator acc += tanh(x_t W), a slice written) is a residual of the split,
   not recomputed from the factory in the backward: on cache hits the gradients are eager's
   (they were zeros, or x's instead of 2x, from the second call on). Under eager autograd
   through the compiled node, and under st_grad of it. */
static int f_written_factories(void *ctx, int nin, st_tensor *const *in, int nout,
                               st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = in[0], *W = in[1], *b;
  switch (*(const int *)ctx) {
  case 0:
    b = st_zeros_like(x);
    st_copy_(b, x);
    break;
  case 1:
    b = st_ones_like(x);
    st_mul_(b, x);
    break;
  case 2:
    b = st_zeros(ST_F64, ST_SHAPE(2, 3));
    st_add_(b, x);
    break; /* x broadcast */
  case 3:
    b = st_zeros(ST_F64, ST_SHAPE(4));
    st_copy_(st_slice(b, 0, 1, 4, 1), x);
    break;
  default: /* an accumulator over the rows of x W^T */
    b = st_zeros(ST_F64, ST_SHAPE(2));
    for (int t = 0; t < 3; t++) st_add_(b, st_tanh(st_matmul(W, st_mul_scalar(x, t + 1.0))));
    break;
  }
  out[0] = st_sum_all(st_mul(st_mul(b, b), st_sin(b)));
  return out[0] ? 0 : -1;
}

TEST(compile_factory_buffers_written_in_place_reach_the_backward) {
  for (int which = 0; which < 5; which++) {
    st_scope_push();
    st_func *f = st_func_new(f_written_factories, &which, 2, 1), *c = st_compile(f, NULL);
    st_func *ge = st_grad(f, 2, (int[]){0, 1}), *gc = st_grad(c, 2, (int[]){0, 1});
    for (int call = 0; call < 3; call++) {
      st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, -1.25, 2.0 + call});
      st_tensor *W =
          st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){0.3, -0.2, 0.1, 0.7, 0.4, -0.5});
      st_tensor *in[2] = {x, W}, *e[2] = {NULL, NULL}, *r[2] = {NULL, NULL};
      CHECK(st_call(ge, in, e) == 0 && st_call(gc, in, r) == 0);
      CHECK(close_to(r[0], e[0], 1e-13) && close_to(r[1], e[1], 1e-13));
      /* eager autograd through f and through the compiled node (W unused: no .grad) */
      st_tensor *leaf[2][2];
      for (int k = 0; k < 2; k++) {
        st_tensor *o = NULL;
        leaf[k][0] = st_detach(x), leaf[k][1] = st_detach(W);
        st_set_requires_grad(leaf[k][0], true), st_set_requires_grad(leaf[k][1], true);
        CHECK_EQ_INT(st_call(k ? c : f, leaf[k], &o), 0);
        CHECK_EQ_INT(st_backward(o, NULL, false, false), 0);
      }
      CHECK(close_to(st_grad_of(leaf[1][0]), st_grad_of(leaf[0][0]), 1e-13));
      if (which == 4)
        CHECK(close_to(st_grad_of(leaf[1][1]), st_grad_of(leaf[0][1]), 1e-13));
      else
        CHECK(!st_grad_of(leaf[0][1]) && !st_grad_of(leaf[1][1]));
    }
    st_compile_stats s = tu_compile_stats(c);
    CHECK(s.fallbacks == 0 && s.cache_hits >= 4);
    st_func_release(gc);
    st_func_release(ge);
    st_func_release(c);
    st_func_release(f);
    st_scope_pop();
  }
}

/* Under eager autograd an output that is a captured tensor as it is comes back as that tensor,
   as eager's f returns it: a leaf that stays a leaf with its own .grad (on cache hits it was a
   new CompiledFunctionBackward output whose .grad was NULL); an input returned comes back as
   st_call gives it for f (a view of the input). */
static int f_returns_its_tensors(void *ctx, int nin, st_tensor *const *in, int nout,
                                 st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *w = ctx;
  out[0] = st_sum_all(st_mul(in[0], w));
  out[1] = st_retain(w);
  out[2] = st_retain(in[0]);
  return out[0] ? 0 : -1;
}

TEST(compile_returns_a_captured_tensor_itself_under_eager_autograd) {
  st_scope_push();
  st_tensor *w = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_set_requires_grad(w, true);
  st_func *f = st_func_new(f_returns_its_tensors, w, 1, 3), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, -1, 2}), *o[3] = {0};
    st_set_requires_grad(x, true);
    CHECK_EQ_INT(st_call(c, &x, o), 0);
    CHECK(o[1] == w && !st_grad_fn(o[1]));
    st_set_grad(w, NULL);
    CHECK_EQ_INT(st_backward(st_add(o[0], st_sum_all(st_mul(o[1], o[2]))), NULL, false, false), 0);
    CHECK_CLOSE(st_grad_of(o[1]), 0, 1.0, -2.0, 4.0); /* 2x: through out[0] and the product */
    CHECK_CLOSE(st_grad_of(x), 0, 2.0, 4.0, 6.0);
  }
  CHECK_EQ_INT(tu_compile_stats(c).cache_hits, 2);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* f computes out[1] with grad mode off and out[2] from it with grad mode on again; out[0] is
   3x. torch.compile (and eager) give out[1] no history and out[2] = x * exp(x) the gradient of
   a constant exp(x) times x; before, cache hits made out[1] require grad (a backward through
   it wrote zeros to x.grad instead of eager's error). */
static int f_no_grad_inside(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 3.0);
  bool prev = st_set_grad_enabled(false);
  out[1] = st_exp(in[0]);
  st_set_grad_enabled(prev);
  out[2] = st_mul(in[0], out[1]);
  return out[2] ? 0 : -1;
}

TEST(compile_outputs_made_with_grad_mode_off_inside_f_carry_no_gradient) {
  st_scope_push();
  st_func *f = st_func_new(f_no_grad_inside, NULL, 1, 3), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, -1}), *o[3] = {0};
    st_set_requires_grad(x, true);
    CHECK_EQ_INT(st_call(c, &x, o), 0);
    CHECK(st_requires_grad(o[0]) && !st_requires_grad(o[1]) && st_is_leaf(o[1]));
    CHECK(st_requires_grad(o[2]));
    CHECK_FAILS(st_backward(st_sum_all(o[1]), NULL, false, false) != 0, ST_ERR_AUTOGRAD,
                "does not require grad");
    CHECK(!st_grad_of(x));
    CHECK_EQ_INT(st_backward(st_sum_all(o[2]), NULL, false, false), 0);
    CHECK_CLOSE(st_grad_of(x), 1e-15, exp(0.5), exp(-1.0)); /* exp(x) held constant */
  }
  CHECK_EQ_INT(tu_compile_stats(c).cache_hits, 2);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* f turns grad mode off and leaves it so: every compiled call does as f does (torch.compile
   too); before, only the capture did. */
static int f_leaves_grad_off(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_set_grad_enabled(false);
  out[0] = st_exp(in[0]);
  return out[0] ? 0 : -1;
}

TEST(compile_a_grad_mode_f_leaves_changed_is_left_changed_by_every_call) {
  st_scope_push();
  st_func *f = st_func_new(f_leaves_grad_off, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, -1}), *y = NULL;
    st_set_grad_enabled(true);
    CHECK_EQ_INT(st_call(c, &x, &y), 0);
    CHECK(!st_is_grad_enabled());
  }
  st_set_grad_enabled(true);
  CHECK_EQ_INT(tu_compile_stats(c).cache_hits, 2);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* f runs st_backward inside (a train step returning the loss): a leaf's .grad is a side effect
   a graph does not replay, so f runs eagerly and every call fills .grad as eager does (before,
   cache hits returned the loss and left w.grad NULL: training stopped silently). torch.compile
   (aot_eager) fills it on every call. */
static int f_backward_inside(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *w = ctx, *loss = st_sum_all(st_mul(st_mul(w, w), st_mul(in[0], in[0])));
  if (!loss || st_backward(loss, NULL, false, false)) return -1;
  out[0] = st_detach(loss);
  return out[0] ? 0 : -1;
}

/* A hook registered inside f on an intermediate scales its gradient by a factor f reads from
   ctx on every backward (a gradient reversal layer with a schedule): hooks are user code, so
   the backward through the compiled call runs them (its joint function eagerly) instead of
   replaying the factor of the capture (before: the first factor from the third call on). */
typedef struct {
  double lambda;
} reversal;
static int scale_by_lambda(void *user, st_tensor *g, st_tensor **replace) {
  *replace = st_mul_scalar(g, -((reversal *)user)->lambda);
  return *replace ? 0 : -1;
}
static int f_reversal(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *h = st_tanh(in[0]);
  if (!h || st_tensor_register_hook(h, scale_by_lambda, ctx) < 0) return -1;
  out[0] = st_sum_all(st_mul(h, h));
  return out[0] ? 0 : -1;
}

TEST(compile_of_a_function_with_side_effects_on_grad_runs_it_eagerly) {
  st_scope_push();
  st_tensor *w = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2});
  st_set_requires_grad(w, true);
  st_func *f = st_func_new(f_backward_inside, w, 1, 1), *c = st_compile(f, NULL);
  for (int call = 1; call <= 3; call++) {
    st_tensor *x = st_full(ST_F64, ST_SHAPE(2), call), *loss = NULL;
    st_set_grad(w, NULL);
    CHECK_EQ_INT(st_call(c, &x, &loss), 0);
    CHECK_CLOSE(loss, 0, 5.0 * call * call);
    CHECK_CLOSE(st_grad_of(w), 0, 2.0 * call * call, 4.0 * call * call); /* 2 x^2 w */
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 3);
  TU_RELEASE(c, f);
  reversal r = {0.5};
  f = st_func_new(f_reversal, &r, 1, 1);
  c = st_compile(f, NULL);
  st_func *fe = st_func_new(f_reversal, &r, 1, 1);
  for (int call = 0; call < 4; call++, r.lambda += 0.5) {
    st_tensor *g[2] = {0};
    for (int k = 0; k < 2; k++) {
      st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.3, -0.7}), *y = NULL;
      st_set_requires_grad(x, true);
      CHECK_EQ_INT(st_call(k ? c : fe, &x, &y), 0);
      CHECK_EQ_INT(st_backward(y, NULL, false, false), 0);
      g[k] = st_grad_of(x);
    }
    CHECK(close_to(g[1], g[0], 0));
  }
  TU_RELEASE(fe, c, f);
  st_scope_pop();
}

/* Captured weights requiring grad under eager autograd, more of them than the backward graph
   has inputs (sum(x + w1 + ... + w6): no residuals, so the backward takes x and the output's
   gradient only): which of them the backward reads is asked of its captured values. Before, it
   indexed the backward's inputs by the weights' positions, past their end (bench/mlp_train's
   compiled b1024 step faulted there once size templates served it). A weight the backward does
   not read may change in place before the backward, as in eager; one it reads (x * w) may not. */
static int f_sum_weights(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *const *w = ctx, *y = in[0];
  for (int k = 0; k < 6; k++) y = st_add(y, w[k]);
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}
static int f_times_weight(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(in[0], *(st_tensor *const *)ctx));
  return out[0] ? 0 : -1;
}

TEST(compile_under_eager_autograd_asks_the_backward_which_captured_weights_it_reads) {
  st_scope_push();
  st_tensor *w[6];
  for (int k = 0; k < 6; k++) {
    w[k] = st_full(ST_F64, ST_SHAPE(3), k);
    st_set_requires_grad(w[k], true);
  }
  st_func *f = st_func_new(f_sum_weights, w, 1, 1), *c = st_compile(f, NULL);
  st_func *g = st_func_new(f_times_weight, w, 1, 1), *cg = st_compile(g, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_ones(ST_F64, ST_SHAPE(3)), *y = NULL;
    st_set_requires_grad(x, true);
    for (int k = 0; k < 6; k++) st_set_grad(w[k], NULL);
    CHECK_EQ_INT(st_call(c, &x, &y), 0);
    bool prev = st_set_grad_enabled(false);
    CHECK_EQ_INT(st_add_scalar_(w[3], 1), 0); /* read by no backward */
    st_set_grad_enabled(prev);
    CHECK_EQ_INT(st_backward(y, NULL, false, false), 0);
    CHECK_CLOSE(st_grad_of(w[5]), 0, 1.0, 1.0, 1.0);
    CHECK_CLOSE(st_grad_of(x), 0, 1.0, 1.0, 1.0);
    CHECK_EQ_INT(st_call(cg, &x, &y), 0);
    prev = st_set_grad_enabled(false);
    CHECK_EQ_INT(st_add_scalar_(w[0], 1), 0); /* dx reads w[0] */
    st_set_grad_enabled(prev);
    CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_INPLACE, "modified by an inplace");
  }
  CHECK_EQ_INT(tu_compile_stats(c).cache_hits, 2);
  TU_RELEASE(cg, g, c, f);
  st_scope_pop();
}

/* A backward through a compiled call's joint function (create_graph) on a thread of its own:
   the function call's list of kept tensors is allocated only when something is kept, so the
   thread leaves nothing behind (LeakSanitizer in `make asan` saw 64 bytes per thread). */
static void *joint_on_a_thread(void *p) {
  st_func *c = p;
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, 1, 2}), *y = NULL, *g = NULL;
  st_set_requires_grad(x, true);
  int rc = st_call(c, &x, &y);
  st_grad_opts cg = {.create_graph = true};
  if (!rc) rc = st_autograd_grad(1, &y, NULL, 1, &x, &g, &cg);
  if (!rc && !(fabs(st_item(st_select(g, 0, 0)) - exp(0.5) * 1.5) < 1e-12)) rc = -1;
  st_scope_pop();
  return (void *)(intptr_t)rc;
}
static int f_sum_exp(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_exp(in[0]), in[0]));
  return out[0] ? 0 : -1;
}

TEST(compile_joint_backward_on_threads_leaves_nothing) {
  if (!st_test_threads_usable()) return;
  st_func *f = st_func_new(f_sum_exp, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int k = 0; k < 3; k++) {
    pthread_t t;
    void *rc = NULL;
    CHECK(pthread_create(&t, NULL, joint_on_a_thread, c) == 0);
    CHECK(pthread_join(t, &rc) == 0);
    CHECK(rc == NULL);
  }
  st_func_release(c);
  st_func_release(f);
}

/* An input written in place after the call (through a view output) that eager's backward saved
   (logsumexp's input) is eager's ST_ERR_INPLACE on every call; before, cache hits ran the split
   backward, which reads the forward's residual instead, and succeeded with the old values (the
   capture, run eagerly, gave the error: the same call failed or not with the cache; found by an
   outside probe). An input only a scalar multiple reads (nothing saved) may still be written. */
static int f_view_and_reduce(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = in[0];
  out[0] = st_slice(x, 1, 0, 2, 1);
  out[1] =
      *(const int *)ctx ? st_sum_all(st_mul_scalar(x, 2)) : st_logsumexp(x, 1, (int[]){-1}, false);
  return out[0] && out[1] ? 0 : -1;
}

TEST(compile_a_saved_input_written_after_the_call_is_eagers_error_on_every_call) {
  for (int which = 0; which < 2; which++) {
    st_func *f = st_func_new(f_view_and_reduce, &which, 1, 2), *c = st_compile(f, NULL);
    for (int k = 0; k < 4; k++) {
      st_scope_push();
      st_tensor *leaf = st_randn(ST_F64, ST_SHAPE(3, 4));
      st_set_requires_grad(leaf, true);
      st_tensor *x = st_mul_scalar(leaf, 1.0), *o[2] = {NULL, NULL};
      CHECK(st_call(k ? c : f, &x, o) == 0); /* k = 0: eager */
      CHECK(st_mul_scalar_(o[0], 5.0) == 0);
      int rc = st_backward(st_sum_all(o[1]), NULL, false, false);
      if (which == 0) {
        CHECK_EQ_INT(rc, ST_ERR_INPLACE);
        CHECK(strstr(st_last_error(), "modified by an inplace operation") != NULL);
      } else {
        CHECK(rc == 0);
        st_tensor *g = st_grad_of(leaf);
        CHECK(g && st_item(st_amin_all(g)) == 2 && st_item(st_amax_all(g)) == 2);
      }
      st_scope_pop();
    }
    st_compile_stats s = tu_compile_stats(c);
    CHECK_EQ_INT(s.compiles, 1);
    CHECK_EQ_INT(s.cache_hits, 2);
    st_func_release(c);
    st_func_release(f);
  }
}
