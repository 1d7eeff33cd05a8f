/* test_compile.c — st_compile against eager: values, the cache and its signatures, captured
   tensors read at call time, flat graphs of transforms, the passes (dead code, common
   subexpressions, the arena), fallbacks with their reasons, fullgraph errors, random ops,
   in-place writes to inputs, index checks at every call, and composition with transforms and
   eager autograd. */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "../test.h"
#include "../util.h"

/* Whether a and b have the same shape and dtype and values within tol. */
static bool same(st_tensor *a, st_tensor *b, double tol) {
  if (!a || !b || st_ndim(a) != st_ndim(b) || st_dtype_of(a) != st_dtype_of(b)) return false;
  for (int d = 0; d < st_ndim(a); d++)
    if (st_size(a, d) != st_size(b, d)) return false;
  if (!st_numel(a)) return true;
  st_tensor *fa = st_to_dtype(a, ST_F64), *fb = st_to_dtype(b, ST_F64);
  double diff = st_item(st_amax_all(st_abs(st_sub(fa, fb))));
  return diff <= tol;
}

static st_compile_stats stats_of(st_func *c) {
  st_compile_stats s = {0};
  CHECK(st_compile_get_stats(c, &s) == 0);
  return s;
}

/* f(x, w) = sin(x) * w + x, with a dead branch and a repeated subexpression */
static int f_basic(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *unused = st_exp(st_cos(in[0]));
  (void)unused;
  st_tensor *s1 = st_sin(in[0]), *s2 = st_sin(in[0]);
  out[0] = st_add(st_mul(s1, in[1]), st_add(in[0], st_sub(s2, s1)));
  return out[0] ? 0 : -1;
}

TEST(compile_matches_eager_and_caches_the_graph) {
  st_scope_push();
  st_func *f = st_func_new(f_basic, NULL, 2, 1), *c = st_compile(f, NULL);
  CHECK(c != NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(3, 4)), *w = st_randn(ST_F32, ST_SHAPE(4));
    st_tensor *in[2] = {x, w}, *e = NULL, *r = NULL;
    CHECK(st_call(f, in, &e) == 0);
    CHECK(st_call(c, in, &r) == 0);
    CHECK(same(r, e, 0));
    CHECK(r != x && r != w);
  }
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.calls, 3);
  CHECK_EQ_INT(s.compiles, 1);
  CHECK_EQ_INT(s.cache_hits, 2);
  CHECK_EQ_INT(s.fallbacks, 0);
  /* sin once (CSE), mul, sub, add, add; exp(cos) is dead */
  CHECK_EQ_INT(s.graph_ops, 5);
  CHECK_EQ_INT(s.kernels, 1); /* all five fused: mul reads w broadcast, gathered per tile */
  static char buf[4096];
  tu_compile_printed(c, buf, sizeof buf);
  CHECK(strstr(buf, "= sin(%0)") != NULL);
  CHECK(strstr(buf, "exp") == NULL);
  CHECK(strstr(buf, "5 ops, 1 kernels") != NULL);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(compile_recompiles_for_a_new_signature_and_reuses_old_ones) {
  st_scope_push();
  st_func *f = st_func_new(f_basic, NULL, 2, 1), *c = st_compile(f, NULL);
  int64_t sizes[] = {3, 5, 3, 5, 7};
  for (int k = 0; k < 5; k++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(sizes[k])), *w = st_randn(ST_F64, ST_SHAPE(1));
    st_tensor *in[2] = {x, w}, *e = NULL, *r = NULL;
    CHECK(st_call(f, in, &e) == 0 && st_call(c, in, &r) == 0);
    CHECK(same(r, e, 0));
  }
  /* a transposed (non-contiguous) input is a new signature too */
  st_tensor *x = st_transpose(st_randn(ST_F64, ST_SHAPE(4, 3)), 0, 1),
            *w = st_randn(ST_F64, ST_SHAPE(4));
  st_tensor *in[2] = {x, w}, *e = NULL, *r = NULL;
  CHECK(st_call(f, in, &e) == 0 && st_call(c, in, &r) == 0 && same(r, e, 0));
  st_tensor *xc = st_contiguous(x), *inc[2] = {xc, w};
  CHECK(st_call(c, inc, &r) == 0 && same(r, e, 1e-15)); /* eager rounds by layout */
  /* 3 and 5 are captured (the second capture makes the size symbolic), 7 instantiates that
     template; the transposed input and the contiguous 2-d one are new signatures */
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.compiles, 4);
  CHECK_EQ_INT(s.cache_hits, 3);
  /* the same tensor passed twice is its own signature */
  st_tensor *twice[2] = {w, w};
  CHECK(st_call(f, twice, &e) == 0 && st_call(c, twice, &r) == 0 && same(r, e, 0));
  CHECK(st_call(c, twice, &r) == 0 && same(r, e, 0));
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* a = exp(in[1]), in[0] += 1, then exp(in[1]) - a: 0 for separate inputs, e - 1 where in[0]
   and in[1] are headers over one storage (the write reaches in[1]). Inputs over one storage
   are a signature of their own, run eagerly (the capture refuses them), and a later call on
   separate tensors is compiled as before; before, the graph of separate inputs served the
   shared call (0), and a first shared call made every later separate one run eagerly. */
static int f_write_then_read(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_exp(in[1]);
  if (!a || st_add_scalar_(in[0], 1)) return -1;
  out[0] = st_sub(st_exp(in[1]), a);
  return out[0] ? 0 : -1;
}

TEST(compile_inputs_over_one_storage_are_a_signature_of_their_own) {
  st_scope_push();
  st_func *f = st_func_new(f_write_then_read, NULL, 2, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 4; call++) {
    bool shared = call == 1 || call == 3;
    st_tensor *in[2], *r = NULL;
    if (shared) {
      st_tensor *base = st_zeros(ST_F64, ST_SHAPE(3));
      in[0] = base, in[1] = st_reshape(base, 1, (int64_t[]){3});
    } else {
      in[0] = st_zeros(ST_F64, ST_SHAPE(3)), in[1] = st_zeros(ST_F64, ST_SHAPE(3));
    }
    CHECK(st_call(c, in, &r) == 0);
    CHECK_CLOSE(r, 1e-15, shared ? exp(1.0) - 1 : 0, shared ? exp(1.0) - 1 : 0,
                shared ? exp(1.0) - 1 : 0);
  }
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.fallbacks, 2);
  CHECK_EQ_INT(s.compiles, 1);
  CHECK_EQ_INT(s.cache_hits, 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* f(x) = x * w where w is captured */
static int f_captured(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_mul(in[0], (st_tensor *)ctx);
  return out[0] ? 0 : -1;
}

TEST(compile_reads_captured_tensors_at_call_time) {
  st_scope_push();
  st_tensor *w = st_from_data(ST_F64, ST_SHAPE(2), (double[]){2, 3});
  st_func *f = st_func_new(f_captured, w, 1, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 1}), *r = NULL;
  CHECK(st_call(c, &x, &r) == 0);
  CHECK_CLOSE(r, 0, 2, 3);
  CHECK(st_mul_scalar_(w, 10) == 0);
  CHECK(st_call(c, &x, &r) == 0);
  CHECK_CLOSE(r, 0, 20, 30);
  CHECK_EQ_INT(stats_of(c).compiles, 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

static int f_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = st_tanh(st_matmul(in[1], in[0]));
  out[0] = st_sum_all(st_mul(h, h));
  return out[0] ? 0 : -1;
}

TEST(compile_of_transforms_is_one_flat_graph) {
  st_scope_push();
  st_func *f = st_func_new(f_loss, NULL, 2, 1), *g = st_grad(f, 0, NULL);
  st_func *vg = st_vmap(g, (int[]){0, ST_UNBATCHED}, NULL), *h = st_hessian(f, 0);
  st_func *cvg = st_compile(vg, NULL), *ch = st_compile(h, NULL);
  for (int call = 0; call < 2; call++) {
    st_tensor *xs = st_randn(ST_F64, ST_SHAPE(5, 3)), *W = st_randn(ST_F64, ST_SHAPE(4, 3));
    st_tensor *in[2] = {xs, W}, *e = NULL, *r = NULL;
    CHECK(st_call(vg, in, &e) == 0 && st_call(cvg, in, &r) == 0);
    CHECK(same(r, e, 1e-12));
    st_tensor *in1[2] = {st_select(xs, 0, 0), W};
    CHECK(st_call(h, in1, &e) == 0 && st_call(ch, in1, &r) == 0);
    CHECK(same(r, e, 1e-12));
  }
  CHECK_EQ_INT(stats_of(cvg).fallbacks, 0);
  CHECK_EQ_INT(stats_of(cvg).cache_hits, 1);
  CHECK_EQ_INT(stats_of(ch).fallbacks, 0);
  CHECK(stats_of(ch).graph_ops > 3);
  /* the Jacobians' identity bases depend on no input: made once, when the graph is prepared */
  static char buf[16384];
  CHECK(strstr(tu_compile_printed(ch, buf, sizeof buf), "= eye()  # constant") != NULL);
  CHECK(stats_of(ch).kernels < stats_of(ch).graph_ops);
  st_func_release(ch);
  st_func_release(cvg);
  st_func_release(h);
  st_func_release(vg);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}

static int f_reads(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  double s = st_item(st_sum_all(in[0]));
  out[0] = s > 0 ? st_exp(in[0]) : st_neg(in[0]);
  return out[0] ? 0 : -1;
}

static int f_sin2x(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(st_mul_scalar(in[0], 2.0));
  return out[0] ? 0 : -1;
}

/* the sum of its inputs */
static int f_sum_inputs(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nout;
  st_tensor *y = in[0];
  for (int i = 1; i < nin; i++) y = st_add(y, in[i]);
  out[0] = y;
  return y ? 0 : -1;
}

TEST(compile_falls_back_on_host_reads_or_fails_under_fullgraph) {
  st_scope_push();
  st_func *h_fn = st_func_new(f_sin2x, NULL, 1, 1);
  st_func *f = st_func_new(f_reads, NULL, 1, 1), *c = st_compile(f, NULL);
  st_compile_opts o = {.fullgraph = true};
  st_func *cf = st_compile(f, &o);
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *r = NULL;
  st_tensor *y = st_from_data(ST_F64, ST_SHAPE(2), (double[]){-1, -2});
  CHECK(st_call(c, &x, &r) == 0);
  CHECK_CLOSE(r, 1e-15, exp(1), exp(2));
  CHECK(st_call(c, &y, &r) == 0); /* eager: the other branch */
  CHECK_CLOSE(r, 0, 1, 2);
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.fallbacks, 2);
  CHECK_EQ_INT(s.compiles, 0);   /* the capture failed: no graph was compiled */
  CHECK_EQ_INT(s.cache_hits, 0); /* the entry that runs f eagerly serves no call from a graph */
  CHECK_EQ_INT(s.calls, 2);
  CHECK_FAILS(st_call(cf, &x, &r) != 0, ST_ERR_UNSUPPORTED, "st_item");
  CHECK_FAILS(st_call(cf, &x, &r) != 0, ST_ERR_UNSUPPORTED, "fullgraph");
  CHECK_EQ_INT(stats_of(cf).cache_hits, 0);
  CHECK_EQ_INT(stats_of(cf).fallbacks, 2); /* refused calls: no graph served them */
  /* under a jvp level f runs eagerly (the transform sees its ops): under fullgraph, an error */
  st_func *cg = st_compile(h_fn, &o);
  st_tensor *yv = NULL, *tv = NULL;
  CHECK_FAILS(st_jvp(cg, &x, &x, &yv, &tv) != 0, ST_ERR_UNSUPPORTED, "jvp level");
  st_func *cn = st_compile(h_fn, NULL);
  CHECK(st_jvp(cn, &x, &x, &yv, &tv) == 0);
  CHECK_CLOSE(tv, 1e-12, 2 * cos(2.0), 2 * 2 * cos(4.0));
  CHECK_EQ_INT(stats_of(cn).fallbacks, 1);
  /* a call whose function fails (a shape error) ran eagerly: a fallback, not a compile */
  st_func *lf = st_func_new(f_loss, NULL, 2, 1), *lc = st_compile(lf, NULL);
  st_tensor *bad[2] = {st_zeros(ST_F64, ST_SHAPE(2)), st_zeros(ST_F64, ST_SHAPE(4, 3))};
  for (int k = 0; k < 2; k++) CHECK_FAILS(st_call(lc, bad, &r) != 0, ST_ERR_SHAPE, "st_matmul");
  CHECK_EQ_INT(stats_of(lc).compiles, 0);
  CHECK_EQ_INT(stats_of(lc).fallbacks, 2);
  /* 65 inputs requiring grad, more than a compiled node takes: the calls after the capture run
     eagerly, fallbacks and not also hits (before, each counted as both) */
  enum { WIDE = 65 };
  st_func *wf = st_func_new(f_sum_inputs, NULL, WIDE, 1), *wc = st_compile(wf, NULL);
  st_tensor *wide[WIDE];
  for (int i = 0; i < WIDE; i++) {
    wide[i] = st_full(ST_F64, ST_SHAPE(2), i);
    st_set_requires_grad(wide[i], true);
  }
  for (int k = 0; k < 3; k++) {
    CHECK(st_call(wc, wide, &r) == 0);
    CHECK_CLOSE(r, 0, WIDE * (WIDE - 1) / 2.0, WIDE * (WIDE - 1) / 2.0);
    CHECK(st_backward(st_sum_all(r), NULL, false, false) == 0);
  }
  CHECK_CLOSE(st_grad_of(wide[WIDE - 1]), 0, 3.0, 3.0);
  CHECK_EQ_INT(stats_of(wc).cache_hits, 0);
  CHECK_EQ_INT(stats_of(wc).fallbacks, 2);
  st_compile_stats all[6] = {stats_of(c),  stats_of(cf), stats_of(cg),
                             stats_of(cn), stats_of(lc), stats_of(wc)};
  for (int k = 0; k < 6; k++)
    CHECK_EQ_INT(all[k].calls, all[k].compiles + all[k].cache_hits + all[k].fallbacks);
  st_func_release(wc);
  st_func_release(wf);
  st_func_release(lc);
  st_func_release(lf);
  st_func_release(cn);
  st_func_release(cg);
  st_func_release(h_fn);
  CHECK_FAILS(st_compile_print(c, stdout) != 0, ST_ERR_ARG, "no graph compiled yet");
  st_func_release(cf);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(compile_composes_with_transforms_and_eager_autograd) {
  st_scope_push();
  st_func *f = st_func_new(f_loss, NULL, 2, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *W = st_randn(ST_F64, ST_SHAPE(4, 3));
  st_tensor *in[2] = {x, W}, *e = NULL, *r = NULL;
  st_func *g = st_grad(f, 0, NULL), *gc = st_grad(c, 0, NULL);
  CHECK(st_call(g, in, &e) == 0 && st_call(gc, in, &r) == 0 && same(r, e, 0));
  st_func *j = st_jacfwd(f, 1), *jc = st_jacfwd(c, 1);
  CHECK(st_call(j, in, &e) == 0 && st_call(jc, in, &r) == 0 && same(r, e, 0));
  /* eager backward through the outputs */
  st_tensor *xl = st_clone(x);
  st_set_requires_grad(xl, true);
  st_tensor *inl[2] = {xl, W};
  CHECK(st_call(c, inl, &r) == 0);
  CHECK(st_backward(r, NULL, false, false) == 0);
  CHECK(st_call(g, in, &e) == 0 && same(st_grad_of(xl), e, 1e-14));
  CHECK(stats_of(c).fallbacks == 1); /* inside st_jacfwd (st_grad runs the graph) */
  /* under no-grad, the same input compiles */
  bool prev = st_set_grad_enabled(false);
  CHECK(st_call(c, inl, &r) == 0 && !st_requires_grad(r));
  CHECK(st_call(c, inl, &r) == 0);
  st_set_grad_enabled(prev);
  CHECK(stats_of(c).cache_hits >= 1);
  st_func_release(jc);
  st_func_release(j);
  st_func_release(gc);
  st_func_release(g);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* A two-layer network whose weights are captured through ctx (w[0], w[1]), with dropout:
   out[0] = sum(tanh(x @ W1 + b) * dropout(x @ W1)) , out[1] = argmax of the hidden row sums. */
static int f_net(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor **w = ctx;
  st_tensor *h = st_matmul(in[0], w[0]);
  st_tensor *a = st_tanh(st_add(h, w[1]));
  out[0] = st_sum_all(st_mul(st_mul(a, st_dropout(h, 0.25, true)), in[1]));
  out[1] = st_argmax(st_sum(h, 1, (int[]){1}, false), 0, false);
  return out[0] && out[1] ? 0 : -1;
}

/* Leaves for one run: clones of x, s, W1 and b that require grad (all but s). */
static void net_leaves(st_tensor *const *src, st_tensor **dst) {
  for (int i = 0; i < 4; i++) {
    dst[i] = st_clone(src[i]);
    if (i != 1) st_set_requires_grad(dst[i], true);
  }
}

TEST(compile_under_eager_autograd_is_one_node_with_a_compiled_backward) {
  st_scope_push();
  st_tensor *src[4] = {st_randn(ST_F64, ST_SHAPE(5, 3)), st_randn(ST_F64, ST_SHAPE(5, 4)),
                       st_randn(ST_F64, ST_SHAPE(3, 4)), st_randn(ST_F64, ST_SHAPE(4))};
  st_tensor *ev[4], *cv[4];
  net_leaves(src, ev);
  net_leaves(src, cv);
  st_func *fe = st_func_new(f_net, ev + 2, 2, 2), *fc = st_func_new(f_net, cv + 2, 2, 2);
  st_func *c = st_compile(fc, &(st_compile_opts){.fullgraph = true});
  for (int call = 0; call < 4; call++) { /* .grad accumulates over the calls, as in eager */
    st_tensor *re[2] = {NULL, NULL}, *rc[2] = {NULL, NULL};
    st_manual_seed(100 + call);
    CHECK(st_call(fe, ev, re) == 0);
    st_manual_seed(100 + call);
    CHECK(st_call(c, cv, rc) == 0);
    CHECK(same(rc[0], re[0], 1e-12) && same(rc[1], re[1], 0));
    CHECK(st_requires_grad(rc[0]) && !st_requires_grad(rc[1]));
    const char *node = st_node_name(st_grad_fn(rc[0]));
    if (call) /* the first call ran eagerly while it was captured */
      CHECK(node && !strcmp(node, "CompiledFunctionBackward"));
    st_manual_seed(7); /* the backward draws nothing new: it replays the forward's mask */
    CHECK(st_backward(re[0], NULL, false, false) == 0);
    CHECK(st_backward(rc[0], NULL, false, false) == 0);
    for (int i = 0; i < 4; i++)
      if (i != 1) CHECK(same(st_grad_of(cv[i]), st_grad_of(ev[i]), 1e-12));
  }
  st_compile_stats s = stats_of(c);
  CHECK(s.calls == 4 && s.compiles == 1 && s.cache_hits == 3 && s.fallbacks == 0);
  /* a saved input written in place before backward is eager's error */
  st_tensor *rc[2] = {NULL, NULL};
  CHECK(st_call(c, cv, rc) == 0);
  bool prev = st_set_grad_enabled(false);
  CHECK(st_mul_(cv[0], st_scalar(ST_F64, 2)) == 0);
  st_set_grad_enabled(prev);
  CHECK(st_backward(rc[0], NULL, false, false) == ST_ERR_INPLACE);
  st_func_release(c);
  st_func_release(fc);
  st_func_release(fe);
  st_scope_pop();
}

/* out = sum(sin(x) * W) */
static int f_sinw(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor **w = ctx;
  out[0] = st_sum_all(st_mul(st_sin(in[0]), w[0]));
  return out[0] ? 0 : -1;
}

TEST(compile_under_eager_autograd_differentiates_twice) {
  st_scope_push();
  st_tensor *x0 = st_randn(ST_F64, ST_SHAPE(6)), *w0 = st_randn(ST_F64, ST_SHAPE(6));
  st_tensor *w = st_clone(w0);
  st_set_requires_grad(w, true);
  st_func *f = st_func_new(f_sinw, &w, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_clone(x0), *y = NULL, *g = NULL, *gg[2] = {NULL, NULL};
    st_set_requires_grad(x, true);
    CHECK(st_call(c, &x, &y) == 0);
    /* dy/dx = cos(x) * w, with history; d(sum dy/dx)/dx = -sin(x) * w, d/dw = cos(x) */
    CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, &(st_grad_opts){.create_graph = true}) == 0);
    CHECK(same(g, st_mul(st_cos(x0), w0), 1e-12) && st_requires_grad(g));
    st_tensor *sg = st_sum_all(g), *both[2] = {x, w};
    CHECK(st_autograd_grad(1, &sg, NULL, 2, both, gg, NULL) == 0);
    CHECK(same(gg[0], st_neg(st_mul(st_sin(x0), w0)), 1e-12));
    CHECK(same(gg[1], st_cos(x0), 1e-12));
  }
  CHECK(stats_of(c).fallbacks == 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* Equal shapes and values within tol relative, NaN where the other has NaN, inf equal to inf. */
static bool agrees(st_tensor *a, st_tensor *b, double tol) {
  return a && b && st_ndim(a) == st_ndim(b) && tu_values_close(a, b, tol);
}

/* The loss over tu_double_and_overflow's outputs: which ones it uses (bit 0: the sum of out[0],
   bit 1: the sum of out[1], bit 2: out[1]'s first element alone). */
static st_tensor *loss_of(st_tensor *const *out, int uses) {
  st_tensor *l = st_zeros(ST_F64, 0, NULL);
  if (uses & 1) l = st_add(l, st_sum_all(out[0]));
  if (uses & 2) l = st_add(l, st_sum_all(out[1]));
  if (uses & 4) l = st_add(l, st_select(out[1], 0, 0));
  return l;
}

/* x's gradient through tu_double_and_overflow under `uses`, eagerly and compiled (call after
   call: the first captures, the others run the compiled node), for each entry of uses. */
static void check_outputs_used(const double *xv, int n, const int *uses, int nuses, bool finite) {
  st_scope_push();
  st_func *f = st_func_new(tu_double_and_overflow, NULL, 1, 2), *c = st_compile(f, NULL);
  st_tensor *x0 = st_from_data(ST_F64, 1, (int64_t[]){n}, xv);
  for (int call = 0; call < nuses; call++) {
    st_tensor *xe = st_clone(x0), *xc = st_clone(x0), *e[2] = {NULL, NULL}, *r[2] = {NULL, NULL};
    st_set_requires_grad(xe, true);
    st_set_requires_grad(xc, true);
    CHECK(st_call(f, &xe, e) == 0 && st_call(c, &xc, r) == 0);
    const char *node = st_node_name(st_grad_fn(r[0]));
    if (call) CHECK(node && !strcmp(node, "CompiledFunctionBackward"));
    CHECK(st_backward(loss_of(e, uses[call]), NULL, false, false) == 0);
    CHECK(st_backward(loss_of(r, uses[call]), NULL, false, false) == 0);
    CHECK(agrees(st_grad_of(xc), st_grad_of(xe), 1e-12));
    double g[16] = {0};
    CHECK(n <= 16 && st_to_f64(st_grad_of(xc), g, n) == 0);
    for (int k = 0; finite && k < n; k++) CHECK(isfinite(g[k]));
  }
  CHECK(stats_of(c).fallbacks == 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* Eager autograd never differentiates an output the loss leaves out; the compiled node's
   backward must not either (a zero cotangent through exp's inf would be 0 * inf = NaN). */
TEST(compile_under_eager_autograd_leaves_an_unused_output_out_of_the_backward) {
  const double x[3] = {0.001, 0.75, 1.0}; /* out[1] = e, inf, inf */
  const int uses[3] = {1, 1, 1};
  check_outputs_used(x, 3, uses, 3, true); /* x's gradient is 2 everywhere */
}

/* An output used in part gets a zero cotangent where it is not used, in eager as compiled: the
   gradient is NaN where out[1] is inf, as eager's. The uses change from call to call, each set
   of outputs used with a backward of its own. */
TEST(compile_under_eager_autograd_an_output_used_in_part_equals_eager) {
  const double x[3] = {0.001, 0.75, 1.0};
  const int uses[5] = {4, 4, 1, 4 | 1, 1};
  check_outputs_used(x, 3, uses, 5, false);
}

TEST(compile_under_eager_autograd_all_outputs_used_equals_eager) {
  const double x[3] = {0.001, -0.002, 0.003}; /* out[1] finite */
  const int uses[5] = {1 | 2, 1 | 2, 2, 1, 1 | 2};
  check_outputs_used(x, 3, uses, 5, true);
}

/* out = (x * 2, ones): the second does not depend on x */
static int f_double_and_ones(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 2);
  out[1] = st_ones(ST_F64, 1, (int64_t[]){3});
  return out[0] && out[1] ? 0 : -1;
}

/* An output no input requiring grad reaches does not require grad, as eager leaves it: a
   backward from it fails as eager's does, and out[0]'s backward runs the compiled node. */
TEST(compile_under_eager_autograd_an_output_independent_of_the_inputs_does_not_require_grad) {
  st_scope_push();
  st_func *f = st_func_new(f_double_and_ones, NULL, 1, 2), *c = st_compile(f, NULL);
  st_tensor *xe = st_ones(ST_F64, 1, (int64_t[]){3}), *e[2] = {NULL, NULL};
  st_set_requires_grad(xe, true);
  CHECK(st_call(f, &xe, e) == 0);
  CHECK(!st_requires_grad(e[1]));
  int erc = st_backward(st_sum_all(e[1]), NULL, false, false);
  CHECK(erc != 0);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_ones(ST_F64, 1, (int64_t[]){3}), *r[2] = {NULL, NULL};
    st_set_requires_grad(x, true);
    CHECK(st_call(c, &x, r) == 0);
    CHECK(st_requires_grad(r[0]));
    CHECK(!st_requires_grad(r[1]));
    CHECK_EQ_INT(st_backward(st_sum_all(r[1]), NULL, false, false), erc);
    st_clear_error();
    CHECK(st_backward(st_sum_all(r[0]), NULL, false, false) == 0);
    CHECK(same(st_grad_of(x), st_full(ST_F64, 1, (int64_t[]){3}, 2), 0));
  }
  CHECK(stats_of(c).fallbacks == 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* out = (x * y, y * 2, exp(x) > 1 as f64): with y not requiring grad only the first does */
static int f_three_kinds(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[1]);
  out[1] = st_mul_scalar(in[1], 2);
  out[2] = st_to_dtype(st_gt(st_exp(in[0]), st_scalar(ST_F64, 1)), ST_F64);
  return out[0] && out[1] && out[2] ? 0 : -1;
}

/* requires_grad of each output as eager's: through a non-differentiable op (a comparison) or
   from an input that does not require grad, none */
TEST(compile_under_eager_autograd_outputs_require_grad_as_eagers_do) {
  st_scope_push();
  st_func *f = st_func_new(f_three_kinds, NULL, 2, 3), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(4)), st_randn(ST_F64, ST_SHAPE(4))};
    st_set_requires_grad(in[0], true);
    st_tensor *e[3] = {0}, *r[3] = {0};
    CHECK(st_call(f, in, e) == 0 && st_call(c, in, r) == 0);
    for (int j = 0; j < 3; j++) {
      CHECK_EQ_INT(st_requires_grad(r[j]), st_requires_grad(e[j]));
      CHECK(same(r[j], e[j], 0));
    }
  }
  CHECK(stats_of(c).fallbacks == 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* writes a captured counter in place: out = x * 2, counter += 1 */
static int f_counts(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *counter = ctx;
  if (st_add_(counter, st_scalar(ST_F64, 1))) return -1;
  out[0] = st_mul(in[0], st_scalar(ST_F64, 2));
  return out[0] ? 0 : -1;
}

TEST(compile_under_eager_autograd_writes_captured_tensors_once) {
  st_scope_push();
  st_tensor *counter = st_zeros(ST_F64, 0, NULL), *x = st_ones(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(f_counts, counter, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *y = NULL;
    CHECK(st_call(c, &x, &y) == 0);
    CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  }
  CHECK(st_item(counter) == 3);
  CHECK(same(st_grad_of(x), st_full(ST_F64, ST_SHAPE(3), 6), 0));
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

static int f_random(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *noise = st_rand(ST_F32, ST_SHAPE(4));
  st_tensor *unused = st_randn(ST_F32, ST_SHAPE(3)); /* still advances the generator */
  (void)unused;
  out[0] = st_add(st_dropout(in[0], 0.5, true), noise);
  return out[0] ? 0 : -1;
}

TEST(compile_random_ops_draw_what_eager_draws) {
  st_scope_push();
  st_func *f = st_func_new(f_random, NULL, 1, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(4)), *e = NULL, *r = NULL;
  for (int call = 0; call < 3; call++) {
    st_manual_seed(42 + (uint64_t)call);
    CHECK(st_call(f, &x, &e) == 0);
    st_tensor *after_e = st_rand(ST_F32, ST_SHAPE(2));
    st_manual_seed(42 + (uint64_t)call);
    CHECK(st_call(c, &x, &r) == 0);
    st_tensor *after_c = st_rand(ST_F32, ST_SHAPE(2));
    CHECK(same(r, e, 0));
    CHECK(same(after_c, after_e, 0));
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* A random op drawn after f moved the generator (its own seed; st_checkpoint's recomputation
   setting it back) cannot be replayed by the graph: f runs eagerly, with eager's draws. */
static int f_seeds(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_manual_seed(3);
  out[0] = st_add(in[0], st_rand(ST_F32, ST_SHAPE(4)));
  return out[0] ? 0 : -1;
}
static int f_dropout_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_dropout(in[0], 0.5, true), in[0]));
  return out[0] ? 0 : -1;
}

TEST(compile_random_ops_after_the_generator_moves_run_eagerly) {
  st_scope_push();
  st_func *f = st_func_new(f_seeds, NULL, 1, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(4)), *e = NULL, *r = NULL;
  CHECK(st_call(f, &x, &e) == 0);
  for (int call = 0; call < 3; call++) {
    st_manual_seed(100 + (uint64_t)call); /* f seeds again: the same values every call */
    CHECK(st_call(c, &x, &r) == 0);
    CHECK(same(r, e, 0));
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 3);
  st_func_release(c);
  st_func_release(f);
  /* compile(checkpoint(f)): the recomputation's mask is the forward's, as eager's */
  st_func *g = st_func_new(f_dropout_loss, NULL, 1, 1), *k = st_checkpoint(g);
  st_func *ck = st_compile(k, NULL);
  st_tensor *want = NULL;
  for (int call = 0; call < 4; call++) {
    st_tensor *v = st_from_data(ST_F64, ST_SHAPE(6), (double[]){1, 2, 3, 4, 5, 6}), *y = NULL;
    st_set_requires_grad(v, true);
    st_manual_seed(7);
    CHECK(st_call(call ? ck : k, &v, &y) == 0);
    CHECK(st_backward(y, NULL, false, false) == 0);
    /* d/dv sum(mask * v / 0.5 * v) = 4 mask v */
    if (!call) {
      want = st_clone(st_grad_of(v));
      st_keep(want);
      CHECK(st_item(st_sum_all(st_abs(want))) > 0);
    } else {
      CHECK(same(st_grad_of(v), want, 0));
    }
  }
  st_release(want);
  st_func_release(ck);
  st_func_release(k);
  st_func_release(g);
  st_scope_pop();
}

/* writes its input in place and returns a view of it */
static int f_inplace(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  if (st_mul_scalar_(in[0], 2)) return -1;
  out[0] = st_transpose(in[0], 0, 1);
  return out[0] ? 0 : -1;
}

TEST(compile_replays_in_place_writes_to_inputs) {
  st_scope_push();
  st_func *f = st_func_new(f_inplace, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4}), *r = NULL;
    CHECK(st_call(c, &x, &r) == 0);
    CHECK_CLOSE(x, 0, 2, 4, 6, 8);
    CHECK_CLOSE(r, 0, 2, 6, 4, 8);
    CHECK(st_mul_scalar_(r, 0) == 0); /* r views x */
    CHECK_CLOSE(x, 0, 0, 0, 0, 0);
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 0);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

static int f_gather(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_gather(st_exp(in[0]), 0, in[1]);
  return out[0] ? 0 : -1;
}

TEST(compile_checks_indices_at_every_call) {
  st_scope_push();
  st_func *f = st_func_new(f_gather, NULL, 2, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0, 1, 2});
  st_tensor *i0 = st_from_data(ST_I64, ST_SHAPE(2), (int64_t[]){2, 0});
  st_tensor *bad = st_from_data(ST_I64, ST_SHAPE(2), (int64_t[]){1, 7});
  st_tensor *in[2] = {x, i0}, *r = NULL;
  CHECK(st_call(c, in, &r) == 0);
  CHECK_CLOSE(r, 1e-15, exp(2), 1);
  st_tensor *inb[2] = {x, bad};
  CHECK_FAILS(st_call(c, inb, &r) != 0, ST_ERR_ARG, "st_gather");
  CHECK_EQ_INT(stats_of(c).compiles, 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(compile_bad_input_is_a_clean_error_naming_the_compiled_signature) {
  st_scope_push();
  CHECK_FAILS(st_compile(NULL, NULL) == NULL, ST_ERR_ARG, "the function is NULL");
  st_func *f = st_func_new(f_loss, NULL, 2, 1);
  CHECK_FAILS(st_compile(f, &(st_compile_opts){.backend = "cuda"}) == NULL, ST_ERR_ARG, "cuda");
  CHECK_FAILS(st_compile_get_stats(f, &(st_compile_stats){0}) != 0, ST_ERR_ARG, "not a function");
  st_func *c = st_compile(f, &(st_compile_opts){.backend = "c"});
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *W = st_randn(ST_F64, ST_SHAPE(4, 3)), *r = NULL;
  st_tensor *in[2] = {x, W};
  CHECK(st_call(c, in, &r) == 0);
  st_tensor *bad[2] = {st_randn(ST_F64, ST_SHAPE(5)), W};
  CHECK_FAILS(st_call(c, bad, &r) != 0, ST_ERR_SHAPE, "compiled before for (f64[3], f64[4, 3])");
  st_tensor *badd[2] = {st_randn(ST_F32, ST_SHAPE(3)), W};
  CHECK_FAILS(st_call(c, badd, &r) != 0, ST_ERR_DTYPE, "compiled before for");
  CHECK(st_call(c, in, &r) == 0); /* still serves the good signature */
  CHECK_EQ_INT(stats_of(c).cache_hits, 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

typedef struct {
  st_func *c;
  st_tensor *x, *W, *expect;
  bool ok;
} thread_arg;

static void *call_many(void *p) {
  thread_arg *a = p;
  a->ok = true;
  st_scope_push();
  for (int k = 0; k < 200; k++) {
    st_tensor *in[2] = {a->x, a->W}, *r = NULL;
    if (st_call(a->c, in, &r) || !same(r, a->expect, 0)) a->ok = false;
    st_release(r);
  }
  st_scope_pop();
  return NULL;
}

TEST(compile_serves_several_threads) {
  st_scope_push();
  st_func *f = st_func_new(f_loss, NULL, 2, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *W = st_randn(ST_F64, ST_SHAPE(4, 3)), *e = NULL;
  st_tensor *in[2] = {x, W};
  CHECK(st_call(f, in, &e) == 0);
  thread_arg a[2] = {{c, x, W, e, false}, {c, x, W, e, false}};
  pthread_t t[2];
  for (int k = 0; k < 2; k++) pthread_create(&t[k], NULL, call_many, &a[k]);
  for (int k = 0; k < 2; k++) pthread_join(t[k], NULL);
  CHECK(a[0].ok && a[1].ok);
  CHECK_EQ_INT(stats_of(c).calls, 400);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* A call while another thread runs the same graph is served by another instance of it (made
   then, kept for later), not run eagerly: before, the graph ran under the function's lock and
   every call that met it ran f eagerly (35 to 75% of the calls of four threads, found by an
   outside probe). Thread A is held inside its run (in the allocator, at its output buffer)
   while this thread calls, then calls at 16 other sizes, which evict A's entry while its graph
   runs (its run frees it). */
static struct {
  pthread_mutex_t m;
  pthread_cond_t cv;
  pthread_t a;
  bool armed, a_inside, b_done, a_done;
} hold = {.m = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static void *holding_alloc(void *user, size_t size, size_t align) {
  (void)user;
  pthread_mutex_lock(&hold.m);
  if (hold.armed && size >= 4099 * sizeof(double) && pthread_equal(pthread_self(), hold.a)) {
    hold.armed = false;
    hold.a_inside = true;
    pthread_cond_broadcast(&hold.cv);
    while (!hold.b_done) pthread_cond_wait(&hold.cv, &hold.m);
  }
  pthread_mutex_unlock(&hold.m);
  /* Swapped in while objects are alive (in the suite): every block is rounded up to a multiple
     of 16 bytes, so that one made while it is set and freed after the default is back may join
     the default's size-class cache of small blocks. */
  size = (size + 15) / 16 * 16;
  if (align <= _Alignof(max_align_t)) return malloc(size ? size : 16);
  size = (size + align - 1) / align * align;
  return aligned_alloc(align, size ? size : align);
}

static void plain_free(void *user, void *p, size_t size) {
  (void)user, (void)size;
  free(p);
}

static int f_sin2(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(st_mul_scalar(st_sin(in[0]), 2), in[0]);
  return out[0] ? 0 : -1;
}

typedef struct {
  st_func *c;
  st_tensor *x, *r;
} held_call;

static void *call_held(void *p) {
  held_call *h = p;
  st_set_num_threads(1);
  if (st_call(h->c, &h->x, &h->r)) h->r = NULL;
  pthread_mutex_lock(&hold.m);
  hold.a_done = true;
  pthread_cond_broadcast(&hold.cv);
  pthread_mutex_unlock(&hold.m);
  return NULL;
}

TEST(compile_a_call_while_another_thread_runs_the_graph_runs_another_instance) {
  if (!st_test_threads_usable()) return;
  st_scope_push();
  int prev_threads = st_get_num_threads();
  st_set_num_threads(1);
  st_func *f = st_func_new(f_sin2, NULL, 1, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4099)), *e = NULL, *r0 = NULL, *rb = NULL;
  CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r0) == 0); /* compiled here */
  held_call h = {c, x, NULL};
  hold.armed = true, hold.a_inside = hold.b_done = hold.a_done = false;
  st_set_allocator(&(st_allocator){holding_alloc, plain_free, NULL});
  pthread_mutex_lock(&hold.m); /* hold.a is set before A can allocate */
  bool started = pthread_create(&hold.a, NULL, call_held, &h) == 0;
  while (started && !hold.a_inside && !hold.a_done) pthread_cond_wait(&hold.cv, &hold.m);
  bool inside = hold.a_inside;
  pthread_mutex_unlock(&hold.m);
  CHECK(st_call(c, &x, &rb) == 0); /* while A's run waits */
  for (int k = 1; k <= 16; k++) {  /* 16 other sizes: A's entry, the oldest, is evicted */
    st_tensor *xk = st_randn(ST_F64, ST_SHAPE(4099 + k)), *ek = NULL, *rk = NULL;
    CHECK(st_call(f, &xk, &ek) == 0 && st_call(c, &xk, &rk) == 0 && tu_same_bits(rk, ek));
  }
  pthread_mutex_lock(&hold.m);
  hold.armed = false;
  hold.b_done = true;
  pthread_cond_broadcast(&hold.cv);
  pthread_mutex_unlock(&hold.m);
  if (started) pthread_join(hold.a, NULL);
  st_set_allocator(NULL);
  CHECK(inside);
  CHECK(tu_same_bits(r0, e) && tu_same_bits(rb, e) && tu_same_bits(h.r, e));
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.calls, 19);
  CHECK_EQ_INT(s.compiles + s.cache_hits, 19);
  CHECK_EQ_INT(s.fallbacks, 0);
  st_release(h.r);
  st_func_release(c);
  st_func_release(f);
  st_set_num_threads(prev_threads);
  st_scope_pop();
}

/* A pointwise program whose values escape the fused group in every way: an output from the
   middle of the chain, a view of an intermediate, a value read by a non-pointwise op, a
   one-element operand, a comparison (bool) feeding where-free arithmetic. */
static int f_fusion(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0], *s = in[1]; /* s has one element */
  st_tensor *a = st_tanh(st_mul(x, s));
  st_tensor *b = st_add_scalar(st_mul_scalar(a, 0.5), 0.25);
  st_tensor *mask = st_gt(b, st_mul_scalar(s, 0.1));
  st_tensor *c = st_sin(st_sub(b, a));
  st_tensor *total = st_sum_all(c); /* reads c outside the group */
  st_tensor *d = st_mul(st_exp(c), st_add_scalar(total, 1));
  out[0] = st_add(d, st_to_dtype(mask, st_dtype_of(d)));
  out[1] = b;                                 /* from the middle of the chain */
  out[2] = st_reshape(c, 1, (int64_t[]){-1}); /* a view of an intermediate */
  return out[0] && out[1] && out[2] ? 0 : -1;
}

TEST(compile_fused_groups_equal_eager_for_every_way_a_value_escapes) {
  st_scope_push();
  st_func *f = st_func_new(f_fusion, NULL, 2, 3), *c = st_compile(f, NULL);
  int64_t sizes[][2] = {{1, 1}, {3, 5}, {7, 1000}, {1, 1537}};
  st_dtype dts[2] = {ST_F32, ST_F64};
  for (int t = 0; t < 2; t++)
    for (int k = 0; k < 4; k++)
      for (int call = 0; call < 2; call++) {
        st_tensor *x = st_randn(dts[t], ST_SHAPE(sizes[k][0], sizes[k][1]));
        st_tensor *s = st_full(dts[t], ST_SHAPE(1, 1), 0.7 + call);
        st_tensor *in[2] = {x, s}, *e[3] = {0}, *r[3] = {0};
        CHECK(st_call(f, in, e) == 0 && st_call(c, in, r) == 0);
        for (int j = 0; j < 3; j++) CHECK(same(r[j], e[j], 0));
        CHECK(st_mul_scalar_(r[1], 2) == 0); /* outputs own their memory */
        CHECK(st_call(c, in, r) == 0 && same(r[1], e[1], 0));
      }
  st_compile_stats st = stats_of(c);
  CHECK_EQ_INT(st.fallbacks, 0);
  CHECK(st.kernels < st.graph_ops);
  static char buf[8192];
  tu_compile_printed(c, buf, sizeof buf);
  CHECK(strstr(buf, "# fused") != NULL);
  CHECK(strstr(buf, "in tiles") != NULL);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* A chain like bench/overhead.c's: one fused group whose intermediates never reach memory. */
static int f_chain(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = in[0];
  for (int i = 0; i < 50; i++) y = st_sin(st_add_scalar(st_mul_scalar(st_tanh(y), 0.9), 0.05));
  out[0] = y;
  return y ? 0 : -1;
}

TEST(compile_fuses_a_chain_into_one_kernel_without_intermediate_buffers) {
  st_scope_push();
  st_func *f = st_func_new(f_chain, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int k = 0; k < 2; k++) {
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(k ? 4096 : 1)), *e = NULL, *r = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0 && same(r, e, 0));
  }
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.graph_ops, 200);
  CHECK_EQ_INT(s.kernels, 1);
  static char buf[65536];
  tu_compile_printed(c, buf, sizeof buf);
  CHECK(strstr(buf, "arena 0 bytes") != NULL);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* out = (sin(x) * 0.5 + x * x, exp(tanh(x))): a short group, which the C backend generates, with
   two outputs */
static int f_short(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0];
  out[0] = st_add(st_mul_scalar(st_sin(x), 0.5), st_mul(x, x));
  out[1] = st_exp(st_tanh(x));
  return out[0] && out[1] ? 0 : -1;
}

TEST(compile_large_fused_groups_run_on_several_threads_with_the_same_values) {
  const char *backends[] = {"interp", "c"};
  st_fn fns[] = {f_chain, f_short};
  int saved = st_get_num_threads();
  for (int b = 0; b < 2; b++)
    for (int k = 0; k < 2; k++) {
      st_scope_push();
      int nout = k ? 2 : 1;
      st_compile_opts o = {.backend = backends[b]};
      st_func *f = st_func_new(fns[k], NULL, 1, nout), *c = st_compile(f, &o);
      /* 40 tiles and a partial one: each thread takes whole tiles */
      st_tensor *x = st_randn(ST_F32, ST_SHAPE(20001)), *e[2] = {0}, *r1[2] = {0}, *r2[2] = {0};
      CHECK(st_call(f, &x, e) == 0);
      st_set_num_threads(1);
      CHECK(st_call(c, &x, r1) == 0); /* the capture */
      CHECK(st_call(c, &x, r1) == 0);
      st_set_num_threads(st_test_threads_usable() ? 2 : 1);
      CHECK(st_call(c, &x, r2) == 0);
      st_set_num_threads(saved);
      for (int j = 0; j < nout; j++) {
        CHECK(same(r2[j], r1[j], 0)); /* the thread count changes nothing */
        CHECK(b ? tu_values_close(r1[j], e[j], 1e-5) : same(r1[j], e[j], 0));
      }
      CHECK_EQ_INT(stats_of(c).fallbacks, 0);
      st_func_release(c);
      st_func_release(f);
      st_scope_pop();
    }
}

/* The program depends on the size through attributes: a flattening reshape (n * n), arange and
   zeros of the size, a slice to n - 1, a Jacobian (an n x n identity inside jacrev). */
static int f_sized(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0]; /* [n, 3] */
  int64_t n = st_size(x, 0);
  st_tensor *outer = st_matmul(x, st_transpose(x, 0, 1)); /* [n, n] */
  st_tensor *flat = st_reshape(outer, 1, (int64_t[]){n * n});
  st_tensor *ramp = st_arange(st_dtype_of(x), 0, (double)(n * n), 1);
  st_tensor *z = st_add(st_mul(flat, ramp), st_zeros(st_dtype_of(x), 1, (int64_t[]){n * n}));
  st_tensor *head =
      st_slice(st_sum(st_reshape(z, 2, (int64_t[]){n, n}), 1, (int[]){1}, false), 0, 0, n - 1, 1);
  out[0] = st_mul_scalar(st_sum_all(head), 1e-3);
  return out[0] ? 0 : -1;
}

TEST(compile_a_changed_size_becomes_symbolic_after_one_recompile) {
  st_scope_push();
  st_func *f = st_func_new(f_sized, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  st_func *cf = st_compile(f, NULL), *cg = st_compile(g, NULL);
  int64_t sizes[] = {3, 4, 5, 6, 9, 4, 2};
  for (int k = 0; k < 7; k++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(sizes[k], 3)), *e = NULL, *r = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_call(cf, &x, &r) == 0 && same(r, e, 1e-12));
    CHECK(st_call(g, &x, &e) == 0 && st_call(cg, &x, &r) == 0 && same(r, e, 1e-12));
  }
  st_compile_stats s = stats_of(cf), t = stats_of(cg);
  CHECK_EQ_INT(s.compiles, 2); /* 3, then 4 makes n symbolic; 5, 6, 9 and 2 instantiate */
  CHECK_EQ_INT(s.cache_hits, 5);
  CHECK_EQ_INT(s.fallbacks, 0);
  CHECK_EQ_INT(t.compiles, 2);
  CHECK_EQ_INT(t.fallbacks, 0);
  st_func_release(cg);
  st_func_release(cf);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}

/* Sizes f divides (x[n / 2:], a reshape to [n / 2, 2], tril's k = -(n / 2)) fit two captures
   with a line (n - 2 through 3 and 4) or a constant (2 at 4 and 5) that is wrong at other sizes:
   the template is checked at a third size and dropped, so every size is eager's (a 2-element
   result at 5 and 9 before); a size f uses as it is still becomes symbolic after one recompile,
   and so does one behind opts.dynamic. torch.compile and jax.jit give eager's values. */
static int f_halves(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = in[0];
  int64_t n = st_size(x, 0);
  switch (*(const int *)ctx) {
  case 0: out[0] = st_slice(x, 0, n / 2, n, 1); break;
  case 1: out[0] = st_reshape(st_slice(x, 0, 0, 2 * (n / 2), 1), 2, (int64_t[]){n / 2, 2}); break;
  case 2: out[0] = st_tril(st_mul(st_unsqueeze(x, 1), st_unsqueeze(x, 0)), -(n / 2)); break;
  default: out[0] = st_slice(x, 0, 1, n - 1, 1); break; /* n - 2 elements: a line that holds */
  }
  return out[0] ? 0 : -1;
}

TEST(compile_sizes_a_function_divides_are_not_generalized_from_two_captures) {
  for (int which = 0; which < 4; which++)
    for (int dyn = 0; dyn < 2; dyn++) {
      st_scope_push();
      st_func *f = st_func_new(f_halves, &which, 1, 1);
      st_func *c = st_compile(f, &(st_compile_opts){.dynamic = dyn});
      const int64_t sizes[] = {3, 4, 5, 6, 9, 8, 7};
      for (int k = 0; k < 7; k++) {
        st_tensor *x = st_arange(ST_F64, 1, (double)sizes[k] + 1, 1), *e = NULL, *r = NULL;
        CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0);
        if (!tu_same_bits(r, e))
          st_test_fail(__FILE__, __LINE__, "case %d dynamic %d size %lld: not eager's", which, dyn,
                       (long long)sizes[k]);
      }
      st_compile_stats s = stats_of(c);
      CHECK_EQ_INT(s.fallbacks, 0);
      if (which == 3)
        CHECK_EQ_INT(s.compiles, dyn ? 1 : 2);
      else
        CHECK_EQ_INT(s.compiles, 7);
      st_func_release(c);
      st_func_release(f);
      st_scope_pop();
    }
}

/* Two more fits a single third size let through (found by an outside probe): x[n % 2:] at the
   odd sizes 5 and 7 fits the constant start 1, which held at 2 b + 1 = 15 (odd again) and then
   dropped the first row of every even size; x[n / 2:] of an [n, m] input with opts.dynamic fits
   the start m from [5, 2] and its shadow [11, 5] (n = 2 m + 1 there, and at [23, 11]), which
   gave x[2:] at [7, 2]. The template is now checked at a second size of the other parity, each
   symbol scaled by its own factor; such programs are captured per size. A line in two sizes
   (x[1:n - 1] of [n, m]) still becomes symbolic. */
static int f_parity(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = in[0];
  int64_t n = st_size(x, 0);
  switch (*(const int *)ctx) {
  case 0: out[0] = st_sum_all(st_slice(x, 0, n % 2, n, 1)); break;
  case 1: out[0] = st_sum_all(st_slice(x, 0, n / 2, n, 1)); break;
  default: out[0] = st_sum_all(st_slice(x, 0, 1, n - 1, 1)); break;
  }
  return out[0] ? 0 : -1;
}

/* f and its compiled c called on [rows[k], cols[k]] aranges in turn: each call's output and
   input (f may write it) are eager's bits. */
static void check_sizes_against_eager(st_func *f, st_func *c, int which, int dyn, int ncalls,
                                      const int64_t *rows, const int64_t *cols) {
  for (int k = 0; k < ncalls; k++) {
    int64_t n = rows[k], m = cols[k];
    st_tensor *xe = st_reshape(st_arange(ST_F64, 1, (double)(n * m) + 1, 1), 2, (int64_t[]){n, m});
    st_tensor *xc = st_clone(xe), *e = NULL, *r = NULL;
    CHECK(st_call(f, &xe, &e) == 0 && st_call(c, &xc, &r) == 0);
    if (!tu_same_bits(r, e) || !tu_same_bits(xc, xe))
      st_test_fail(__FILE__, __LINE__, "case %d dynamic %d at [%lld, %lld]: not eager's", which,
                   dyn, (long long)n, (long long)m);
  }
}

TEST(compile_size_templates_are_checked_at_two_sizes_of_either_parity) {
  static const int64_t rows[] = {5, 7, 2, 6, 10, 3, 4, 5, 7, 9, 10};
  static const int64_t cols[] = {1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2};
  for (int which = 0; which < 3; which++)
    for (int dyn = 0; dyn < 2; dyn++) {
      st_scope_push();
      st_func *f = st_func_new(f_parity, &which, 1, 1);
      st_func *c = st_compile(f, &(st_compile_opts){.dynamic = dyn});
      check_sizes_against_eager(f, c, which, dyn, 11, rows, cols);
      st_compile_stats s = stats_of(c);
      CHECK_EQ_INT(s.fallbacks, 0);
      /* [5, 1], [7, 1] (or its shadow), [3, 2], [4, 2] (or its shadow), and [10, 2], past the
         sizes the second template was verified at (2 to 9) without opts.dynamic */
      if (which == 2) CHECK(s.compiles <= 5);
      st_func_release(c);
      st_func_release(f);
      st_scope_pop();
    }
}

/* A template serves only sizes within those it was verified at (its two captures, its checks,
   later captures that agreed), never extrapolating past them (found by an outside probe, every
   case silently wrong before): x[n / 16:] and x + n % 13 fit n's line or 0 at sizes 3 to 9 and
   were served at 16, 17 and 32; split(x, 5)'s first piece is x itself at sizes 3 and 2 and at
   their checks (5, 4, 2), and was served whole at 6, 9 and 12; an [n, m] program writing
   x[n / 3:] in place, with n and m changing separately, got m - 1 as its start at [26, 4]. */
static int f_far(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *x = in[0], *piece[8] = {NULL};
  int64_t n = st_size(x, 0);
  switch (*(const int *)ctx) {
  case 0: out[0] = st_slice(x, 0, n / 16, n, 1); break;
  case 1: out[0] = st_add_scalar(x, (double)(n % 13)); break;
  case 2: out[0] = st_split(x, 5, 0, 8, piece) > 0 ? st_mul_scalar(piece[0], 3) : NULL; break;
  default:
    if (st_mul_scalar_(st_slice(x, 0, n / 3, n, 1), 2)) return -1;
    out[0] = st_mul_scalar(x, 3);
  }
  return out[0] ? 0 : -1;
}

TEST(compile_size_templates_serve_only_sizes_they_were_verified_at) {
  static const int64_t sizes[3][8] = {
      {3, 4, 5, 16, 17, 32, 9, 40}, {3, 2, 6, 9, 12, 4, 13, 7}, {8, 5, 2, 11, 14, 26, 29, 40}};
  static const int64_t cols[8] = {3, 2, 6, 4, 5, 4, 2, 3};
  for (int which = 0; which < 4; which++)
    for (int dyn = 0; dyn < 2; dyn++) {
      st_scope_push();
      st_func *f = st_func_new(f_far, &which, 1, 1);
      st_func *c = st_compile(f, &(st_compile_opts){.dynamic = dyn});
      static const int64_t ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
      check_sizes_against_eager(f, c, which, dyn, 8, sizes[which < 2 ? 0 : which - 1],
                                which == 3 ? cols : ones);
      st_compile_stats s = stats_of(c);
      CHECK_EQ_INT(s.fallbacks, 0);
      CHECK_EQ_INT(s.calls, s.compiles + s.cache_hits);
      st_func_release(c);
      st_func_release(f);
      st_scope_pop();
    }
}

/* A slice bound the op clamps to the size (x[n - 8 : 8 - n]: x at 3 and 4, x[2:3] at 5, empty
   from 6 to 8, x[n - 8 : 8] after) is fitted as the bound f passed, not as the clamped one its
   view has, so a template serves every size eager's way, with and without opts.dynamic. */
static int f_clamped(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  int64_t n = st_size(in[0], 0);
  out[0] = st_mul_scalar(st_slice(in[0], 0, n - 8, 8 - n, 1), 2);
  return out[0] ? 0 : -1;
}

TEST(compile_a_slice_bound_clamped_to_the_size_is_eagers_at_every_size) {
  static const int64_t rows[12] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 2, 13, 20};
  static const int64_t ones[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  for (int dyn = 0; dyn < 2; dyn++) {
    st_scope_push();
    st_func *f = st_func_new(f_clamped, NULL, 1, 1);
    st_func *c = st_compile(f, &(st_compile_opts){.dynamic = dyn});
    check_sizes_against_eager(f, c, 0, dyn, 12, rows, ones);
    st_compile_stats s = stats_of(c);
    CHECK_EQ_INT(s.fallbacks, 0);
    CHECK(s.cache_hits > 0); /* a template served sizes */
    st_func_release(c);
    st_func_release(f);
    st_scope_pop();
  }
}

/* The same with f writing its input first, or its input transposed: f cannot run aside, so the
   two captures' template is checked on the first call at a third size far enough out (2 b + 1),
   captured as usual, and serves no call before; x[n / 2:] fails that check and every size is
   eager's (before, the template of sizes 5 and 6 gave x[n - 3:] at 7, 10 and 13); the line
   x[1:n - 1] passes it and serves the sizes after. */
static int f_halves_written(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  int which = *(const int *)ctx;
  if (which < 2 && st_add_scalar_(in[0], 1)) return -1;
  st_tensor *x = which < 2 ? in[0] : st_transpose(in[0], 0, 1);
  int64_t n = st_size(x, 0);
  out[0] = st_mul_scalar(which % 2 ? st_slice(x, 0, 1, n - 1, 1) : st_slice(x, 0, n / 2, n, 1), 2);
  (void)nin, (void)nout;
  return out[0] ? 0 : -1;
}

TEST(compile_unchecked_templates_serve_calls_only_after_a_capture_at_a_third_size_agrees) {
  for (int which = 0; which < 4; which++) {
    st_scope_push();
    st_func *f = st_func_new(f_halves_written, &which, 1, 1), *c = st_compile(f, NULL);
    const int64_t sizes[] = {5, 6, 7, 10, 13, 14, 9};
    for (int k = 0; k < 7; k++) {
      int64_t n = sizes[k];
      st_tensor *base = st_arange(ST_F64, 1, (double)(2 * n) + 1, 1);
      st_tensor *xe = st_reshape(base, 2, (int64_t[]){n, 2}), *xc = st_clone(xe);
      if (which >= 2) /* [2, n], strides (1, 2) */
        xe = st_transpose(xe, 0, 1), xc = st_transpose(xc, 0, 1);
      st_tensor *e = NULL, *r = NULL;
      CHECK(st_call(f, &xe, &e) == 0 && st_call(c, &xc, &r) == 0);
      if (!tu_same_bits(r, e))
        st_test_fail(__FILE__, __LINE__, "case %d size %lld: not eager's", which, (long long)n);
    }
    st_compile_stats s = stats_of(c);
    CHECK_EQ_INT(s.fallbacks, 0);
    /* the line: 5 and 6 make the template, 7 and 10 are captured, 13 checks it, 14, past the
       sizes it was verified at, is captured and widens them, 9 hits */
    CHECK_EQ_INT(s.compiles, (which % 2 ? 6 : 7));
    st_func_release(c);
    st_func_release(f);
    st_scope_pop();
  }
}

/* A program whose ops change with the size (a loop as long as the first dim) is captured again
   for each size: the two captures are not the same program, so no template is made. */
static int f_unrolled(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = in[0];
  for (int64_t k = 0; k < st_size(in[0], 0); k++) y = st_sin(y);
  out[0] = y;
  return y ? 0 : -1;
}

TEST(compile_a_program_that_changes_with_the_size_is_captured_per_size) {
  st_scope_push();
  st_func *f = st_func_new(f_unrolled, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int64_t n = 2; n < 6; n++) {
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(n)), *e = NULL, *r = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0 && same(r, e, 0));
  }
  CHECK_EQ_INT(stats_of(c).compiles, 4);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* tanh(x W) + arange(4) with W [4, 3] captured: the 4 must stay, the batch may change */
static int f_layer(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_add(st_tanh(st_matmul(in[0], (st_tensor *)ctx)), st_arange(ST_F64, 0, 3, 1));
  return out[0] ? 0 : -1;
}

TEST(compile_dynamic_keeps_the_sizes_a_captured_weight_fixes) {
  st_scope_push();
  st_tensor *w = st_randn(ST_F64, ST_SHAPE(4, 3));
  st_func *f = st_func_new(f_layer, w, 1, 1);
  st_func *c = st_compile(f, &(st_compile_opts){.dynamic = true});
  const int64_t batch[] = {5, 3, 8, 17, 2};
  for (int k = 0; k < 5; k++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(batch[k], 4)), *e = NULL, *r = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0 && tu_same_bits(r, e));
  }
  /* one compile: the shadow capture at [11, 9] fails (9 against W's 4), at [11, 4] it holds */
  CHECK_EQ_INT(stats_of(c).compiles, 1);
  CHECK_EQ_INT(stats_of(c).cache_hits, 4);
  st_tensor *bad = st_randn(ST_F64, ST_SHAPE(5, 6)), *r = NULL;
  CHECK_FAILS(st_call(c, &bad, &r) != 0, ST_ERR_SHAPE, "");
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(compile_dynamic_makes_sizes_symbolic_from_the_first_call) {
  st_scope_push();
  st_func *f = st_func_new(f_sized, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  st_compile_opts o = {.dynamic = true};
  st_func *cf = st_compile(f, &o), *cg = st_compile(g, &o);
  /* from [5, 3] the shadow capture is at [11, 7]: two symbols (a first call at [3, 3] would
     make one, duck sizing, and [4, 3] would not fit it) */
  int64_t sizes[] = {5, 4, 3, 9, 2};
  st_manual_seed(3);
  for (int k = 0; k < 5; k++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(sizes[k], 3)), *e = NULL, *r = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_call(cf, &x, &r) == 0 && same(r, e, 1e-12));
    CHECK(st_call(g, &x, &e) == 0 && st_call(cg, &x, &r) == 0 && same(r, e, 1e-12));
  }
  st_tensor *after = st_randn(ST_F64, ST_SHAPE(1)); /* the shadow capture restored the generator */
  st_manual_seed(3);
  for (int k = 0; k < 5; k++) st_randn(ST_F64, ST_SHAPE(sizes[k], 3));
  CHECK(same(st_randn(ST_F64, ST_SHAPE(1)), after, 0));
  CHECK_EQ_INT(stats_of(cf).compiles, 1);
  CHECK_EQ_INT(stats_of(cf).cache_hits, 4);
  CHECK_EQ_INT(stats_of(cg).compiles, 1);
  /* a program that writes its input gets no shadow capture, and its template of sizes 2 and 3
     serves calls only once a call at a third size, 7 = 2 * 3 + 1 or more, captured as usual,
     gave the same program (4 stays a capture of its own); then the sizes up to 7 */
  st_func *w = st_func_new(f_inplace, NULL, 1, 1), *cw = st_compile(w, &o);
  const int64_t wn[] = {2, 3, 4, 7, 5, 6};
  for (int k = 0; k < 6; k++) {
    int64_t n = wn[k];
    st_tensor *x = st_ones(ST_F64, ST_SHAPE(n, n)), *r = NULL;
    CHECK(st_call(cw, &x, &r) == 0);
    CHECK(same(x, st_full(ST_F64, ST_SHAPE(n, n), 2), 0));
  }
  CHECK_EQ_INT(stats_of(cw).compiles, 4);
  CHECK_EQ_INT(stats_of(cw).cache_hits, 2);
  st_func_release(cw);
  st_func_release(w);
  st_func_release(cg);
  st_func_release(cf);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}

/* keeps an intermediate for the caller (st_keep), which a graph would not replay */
static int f_keeps(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor **slot = ctx;
  *slot = st_keep(st_exp(in[0]));
  out[0] = st_neg(*slot);
  return out[0] ? 0 : -1;
}

TEST(compile_a_function_that_keeps_tensors_runs_eagerly) {
  st_scope_push();
  st_tensor *kept = NULL;
  st_func *f = st_func_new(f_keeps, &kept, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 2; call++) {
    st_tensor *x = st_full(ST_F64, ST_SHAPE(2), call), *r = NULL;
    kept = NULL;
    bool ok = st_call(c, &x, &r) == 0;
    CHECK(ok);
    if (ok) CHECK(kept != NULL && same(kept, st_exp(x), 0)); /* after a failure it is gone */
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 2);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* A compiled node takes at most 64 inputs and captured tensors that require grad (st_custom_apply's
   limit): a model with more parameters runs eagerly, with a counted fallback and eager's
   gradients. */
#define MANY 70
static int f_many(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *const *w = ctx, *acc = in[0];
  for (int k = 0; k < MANY; k++) acc = st_add(st_mul(acc, w[k]), w[k]);
  out[0] = st_sum_all(acc);
  return out[0] ? 0 : -1;
}

TEST(compile_with_more_differentiable_inputs_than_a_node_takes_runs_eagerly) {
  st_scope_push();
  st_tensor *w[MANY];
  for (int k = 0; k < MANY; k++) {
    w[k] = st_full(ST_F64, ST_SHAPE(3), 1 + 0.01 * k);
    st_set_requires_grad(w[k], true);
  }
  st_func *f = st_func_new(f_many, w, 1, 1), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *r = NULL;
  for (int call = 0; call < 2; call++) {
    for (int k = 0; k < MANY; k++) st_zero_grad(w[k]);
    CHECK(st_call(c, &x, &r) == 0 && st_backward(r, NULL, false, false) == 0);
    st_tensor *g0 = st_grad_of(w[0]), *g69 = st_grad_of(w[MANY - 1]);
    /* d/dw_69 of sum(acc_68 * w_69 + w_69) = acc_68 + 1, and w_0's through the chain */
    CHECK(g0 != NULL && g69 != NULL);
    for (int k = 0; k < MANY; k++) st_zero_grad(w[k]);
    st_tensor *e = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_backward(e, NULL, false, false) == 0);
    CHECK(same(g0, st_grad_of(w[0]), 1e-12) && same(g69, st_grad_of(w[MANY - 1]), 1e-12));
  }
  CHECK(stats_of(c).fallbacks >= 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* An unknown $STRATA_COMPILE_BACKEND is the built-in executor (with a one-time warning), not an
   error: the option names are checked, the environment only picks a default. */
static int f_exp2(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul_scalar(st_exp(in[0]), 2.0);
  return out[0] ? 0 : -1;
}

TEST(compile_unknown_backend_in_the_environment_runs_the_executor) {
  st_scope_push();
  const char *old = getenv("STRATA_COMPILE_BACKEND");
  char saved[64] = "";
  if (old) snprintf(saved, sizeof saved, "%s", old);
  setenv("STRATA_COMPILE_BACKEND", "C++", 1);
  st_func *f = st_func_new(f_exp2, NULL, 1, 1), *c = st_compile(f, NULL);
  if (old)
    setenv("STRATA_COMPILE_BACKEND", saved, 1);
  else
    unsetenv("STRATA_COMPILE_BACKEND");
  CHECK(c != NULL);
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *r = NULL, *e = NULL;
  for (int k = 0; c && k < 2; k++)
    CHECK(st_call(c, &x, &r) == 0 && st_call(f, &x, &e) == 0 && tu_same_bits(r, e));
  CHECK_EQ_INT(stats_of(c).cache_hits, 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}
