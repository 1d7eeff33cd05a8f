/* test_compose.c — transforms composed in every order: pairs, the main triples and depth 4,
   checked against closed forms and identities (vmap = loop, jacrev = jacfwd, symmetric
   hessians, grad = vjp with cotangent 1, <u, J v> = <J^T u, v>). */
#include "tx.h"
#include "util.h"

/* g(x) = sum(sin(x) * x^2): grad = x^2 cos x + 2x sin x; hessian = diag((2 - x^2) sin x + 4x cos x)
 */
static int g_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_sin(in[0]), st_square(in[0])));
  return out[0] ? 0 : -1;
}
static double g_grad(double x) { return x * x * cos(x) + 2 * x * sin(x); }
static double g_hess(double x) { return (2 - x * x) * sin(x) + 4 * x * cos(x); }

static st_tensor *call1(st_func *f, st_tensor *x) {
  st_tensor *r = NULL;
  return st_call(f, &x, &r) ? NULL : r;
}

static const double XS[3] = {0.3, -1.2, 2.0};

TEST(compose_grad_closed_form) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), XS);
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *dg = st_grad(g, 0, NULL);
  CHECK_CLOSE(call1(dg, x), 1e-12, g_grad(XS[0]), g_grad(XS[1]), g_grad(XS[2]));
  st_func_release(dg);
  st_func_release(g);
  st_scope_pop();
}

/* sum(grad g): its gradient is the hessian's row sums = its diagonal here */
static int sum_grad_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *d = NULL;
  if (st_call(ctx, in, &d)) return -1;
  out[0] = st_sum_all(d);
  return out[0] ? 0 : -1;
}

TEST(compose_grad_of_grad) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), XS);
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *dg = st_grad(g, 0, NULL);
  st_func *s = st_func_new(sum_grad_fn, dg, 1, 1), *ds = st_grad(s, 0, NULL);
  CHECK_CLOSE(call1(ds, x), 1e-12, g_hess(XS[0]), g_hess(XS[1]), g_hess(XS[2]));
  st_func_release(ds);
  st_func_release(s);
  st_func_release(dg);
  st_func_release(g);
  st_scope_pop();
}

TEST(compose_vmap_of_grad_is_per_sample) {
  st_scope_push();
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){0.3, -1.2, 2.0, 0.5, 0.1, -0.7});
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *dg = st_grad(g, 0, NULL);
  st_func *v = st_vmap(dg, NULL, NULL);
  double want[6];
  double xs[6] = {0.3, -1.2, 2.0, 0.5, 0.1, -0.7};
  for (int i = 0; i < 6; i++) want[i] = g_grad(xs[i]);
  st_tensor *r = call1(v, X);
  CHECK(st_test_close(__FILE__, __LINE__, r, want, 6, 1e-12));
  /* in_dims = 1: the batch is the second dim */
  st_func *v1 = st_vmap(dg, (const int[]){1}, NULL);
  st_tensor *r1 = call1(v1, st_transpose(X, 0, 1));
  CHECK(st_test_close(__FILE__, __LINE__, r1, want, 6, 1e-12));
  st_func_release(v1);
  st_func_release(v);
  st_func_release(dg);
  st_func_release(g);
  st_scope_pop();
}

/* h(X) = sum(vmap(g)(X)) */
static int sum_vmap_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *v = st_vmap(ctx, NULL, NULL);
  st_tensor *r = NULL;
  int rc = st_call(v, in, &r);
  st_func_release(v);
  if (rc) return rc;
  out[0] = st_sum_all(r);
  return out[0] ? 0 : -1;
}

TEST(compose_grad_of_vmap) {
  st_scope_push();
  double xs[6] = {0.3, -1.2, 2.0, 0.5, 0.1, -0.7}, want[6];
  for (int i = 0; i < 6; i++) want[i] = g_grad(xs[i]);
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3), xs);
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *h = st_func_new(sum_vmap_fn, g, 1, 1),
          *dh = st_grad(h, 0, NULL);
  CHECK(st_test_close(__FILE__, __LINE__, call1(dh, X), want, 6, 1e-12));
  st_func_release(dh);
  st_func_release(h);
  st_func_release(g);
  st_scope_pop();
}

TEST(compose_jvp_of_grad_is_hvp) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), XS),
            *v = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, -2, 0.5});
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *dg = st_grad(g, 0, NULL);
  st_tensor *o = NULL, *t = NULL;
  CHECK(st_jvp(dg, &x, &v, &o, &t) == 0);
  CHECK_CLOSE(o, 1e-12, g_grad(XS[0]), g_grad(XS[1]), g_grad(XS[2]));
  CHECK_CLOSE(t, 1e-12, g_hess(XS[0]) * 1, g_hess(XS[1]) * -2, g_hess(XS[2]) * 0.5);
  st_func_release(dg);
  st_func_release(g);
  st_scope_pop();
}

/* <grad g(x), v> through jvp: its gradient is H v */
static int jvp_dot_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *o = NULL, *t = NULL;
  if (st_jvp(ctx, &in[0], &in[1], &o, &t)) return -1;
  out[0] = st_sum_all(t);
  return out[0] ? 0 : -1;
}

TEST(compose_grad_of_jvp_is_hvp) {
  st_scope_push();
  st_tensor *in[2] = {st_from_data(ST_F64, ST_SHAPE(3), XS),
                      st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, -2, 0.5})};
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *f = st_func_new(jvp_dot_fn, g, 2, 1),
          *df = st_grad(f, 0, NULL);
  st_tensor *r = NULL;
  CHECK(st_call(df, in, &r) == 0);
  CHECK_CLOSE(r, 1e-12, g_hess(XS[0]) * 1, g_hess(XS[1]) * -2, g_hess(XS[2]) * 0.5);
  st_func_release(df);
  st_func_release(f);
  st_func_release(g);
  st_scope_pop();
}

/* f(x) = (tanh(W x), sum(x^3)): two outputs, W captured */
static int two_out_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_tanh(st_matmul(ctx, in[0]));
  out[1] = st_sum_all(st_pow_scalar(in[0], 3));
  return out[0] && out[1] ? 0 : -1;
}

TEST(compose_jacrev_equals_jacfwd) {
  st_scope_push();
  st_manual_seed(3);
  st_tensor *W = st_randn(ST_F64, ST_SHAPE(4, 3)), *x = st_randn(ST_F64, ST_SHAPE(3));
  st_func *f = st_func_new(two_out_fn, W, 1, 2);
  st_func *jr = st_jacrev(f, 0), *jf = st_jacfwd(f, 0);
  st_tensor *a[2] = {0}, *b[2] = {0};
  CHECK(st_call(jr, &x, a) == 0 && st_call(jf, &x, b) == 0);
  CHECK_SHAPE(a[0], 4, 3);
  CHECK_SHAPE(a[1], 3);
  double want[12], xv[3];
  st_to_f64(b[0], want, 12);
  CHECK(st_test_close(__FILE__, __LINE__, a[0], want, 12, 1e-12));
  st_to_f64(x, xv, 3);
  CHECK_CLOSE(a[1], 1e-12, 3 * xv[0] * xv[0], 3 * xv[1] * xv[1], 3 * xv[2] * xv[2]);
  CHECK_CLOSE(b[1], 1e-12, 3 * xv[0] * xv[0], 3 * xv[1] * xv[1], 3 * xv[2] * xv[2]);
  /* chunked Jacobians equal unchunked ones */
  st_func *jr2 = st_jacrev_ex(f, &(st_jac_opts){.chunk_size = 2}),
          *jf2 = st_jacfwd_ex(f, &(st_jac_opts){.chunk_size = 2});
  st_tensor *c[2] = {0}, *d[2] = {0};
  CHECK(st_call(jr2, &x, c) == 0 && st_call(jf2, &x, d) == 0);
  CHECK(st_test_close(__FILE__, __LINE__, c[0], want, 12, 1e-12));
  CHECK(st_test_close(__FILE__, __LINE__, d[0], want, 12, 1e-12));
  st_func_release(jr2);
  st_func_release(jf2);
  st_func_release(jr);
  st_func_release(jf);
  st_func_release(f);
  st_scope_pop();
}

/* a small MLP loss of its input: sum(tanh(W2 tanh(W1 x + b1))) */
typedef struct {
  st_tensor *W1, *b1, *W2;
} mlp;
static int mlp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  mlp *m = ctx;
  st_tensor *h = st_tanh(st_add(st_matmul(m->W1, in[0]), m->b1));
  out[0] = st_sum_all(st_tanh(st_matmul(m->W2, h)));
  return out[0] ? 0 : -1;
}

TEST(compose_hessian_symmetric_and_equal_forms) {
  st_scope_push();
  st_manual_seed(5);
  mlp m = {st_randn(ST_F64, ST_SHAPE(5, 3)), st_randn(ST_F64, ST_SHAPE(5)),
           st_randn(ST_F64, ST_SHAPE(2, 5))};
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  st_func *f = st_func_new(mlp_fn, &m, 1, 1);
  st_func *h = st_hessian(f, 0), *jr = st_jacrev(f, 0), *jrr = st_jacrev(jr, 0),
          *jf = st_jacfwd(f, 0), *jff = st_jacfwd(jf, 0), *jrf = st_jacrev(jf, 0);
  st_tensor *H = call1(h, x);
  CHECK_SHAPE(H, 3, 3);
  double hv[9];
  st_to_f64(H, hv, 9);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) CHECK_NEAR(hv[i * 3 + j], hv[j * 3 + i], 1e-12);
  CHECK(st_test_close(__FILE__, __LINE__, call1(jrr, x), hv, 9, 1e-11));
  CHECK(st_test_close(__FILE__, __LINE__, call1(jff, x), hv, 9, 1e-11));
  CHECK(st_test_close(__FILE__, __LINE__, call1(jrf, x), hv, 9, 1e-11));
  /* chunked hessian */
  st_func *hc = st_hessian_ex(f, &(st_jac_opts){.chunk_size = 1});
  CHECK(st_test_close(__FILE__, __LINE__, call1(hc, x), hv, 9, 1e-11));
  st_func_release(hc);
  st_func *fs[] = {h, jr, jrr, jf, jff, jrf, f};
  for (int i = 0; i < 7; i++) st_func_release(fs[i]);
  st_scope_pop();
}

TEST(compose_grad_equals_vjp_with_one) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), XS), *o = NULL, *r = NULL;
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *pb = NULL;
  CHECK(st_vjp(g, &x, &o, &pb) == 0);
  st_tensor *one = st_scalar(ST_F64, 1);
  CHECK(st_call(pb, &one, &r) == 0);
  CHECK_CLOSE(r, 1e-12, g_grad(XS[0]), g_grad(XS[1]), g_grad(XS[2]));
  /* the pullback can be called again, and under vmap (rows of cotangents) */
  st_tensor *two = st_scalar(ST_F64, 2), *r2 = NULL;
  CHECK(st_call(pb, &two, &r2) == 0);
  CHECK_CLOSE(r2, 1e-12, 2 * g_grad(XS[0]), 2 * g_grad(XS[1]), 2 * g_grad(XS[2]));
  st_func *vpb = st_vmap(pb, NULL, NULL);
  st_tensor *cots = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, -1}), *rows = NULL;
  CHECK(st_call(vpb, &cots, &rows) == 0);
  CHECK_CLOSE(rows, 1e-12, g_grad(XS[0]), g_grad(XS[1]), g_grad(XS[2]), -g_grad(XS[0]),
              -g_grad(XS[1]), -g_grad(XS[2]));
  st_func_release(vpb);
  st_func_release(pb);
  st_func_release(g);
  st_scope_pop();
}

/* vjp of the pullback: the pullback is linear in its cotangent and its gradient w.r.t. x is the
   hessian applied to the cotangent direction */
static int pull_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *pb = NULL;
  st_tensor *o = NULL;
  int rc = st_vjp(g, in, &o, &pb);
  st_tensor *one = st_scalar(ST_F64, 1);
  if (!rc) rc = st_call(pb, &one, out);
  st_func_release(pb);
  st_func_release(g);
  return rc;
}

TEST(compose_vjp_of_vjp) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), XS), *o = NULL, *r = NULL;
  st_func *p = st_func_new(pull_fn, NULL, 1, 1), *pb = NULL;
  CHECK(st_vjp(p, &x, &o, &pb) == 0);
  CHECK_CLOSE(o, 1e-12, g_grad(XS[0]), g_grad(XS[1]), g_grad(XS[2]));
  st_tensor *u = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  CHECK(st_call(pb, &u, &r) == 0);
  CHECK_CLOSE(r, 1e-12, g_hess(XS[0]), 2 * g_hess(XS[1]), 3 * g_hess(XS[2]));
  st_func_release(pb);
  st_func_release(p);
  st_scope_pop();
}

/* x^5 summed: the fourth derivative is 120 x, through four nested grads */
static int pow5_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_pow_scalar(in[0], 5));
  return out[0] ? 0 : -1;
}

TEST(compose_depth_four) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, -1.5});
  st_func *f = st_func_new(pow5_fn, NULL, 1, 1), *d[5] = {f};
  for (int k = 1; k <= 4; k++) {
    st_func *s = st_func_new(sum_grad_fn, k == 1 ? NULL : d[k - 1], 1, 1);
    if (k == 1) {
      st_func_release(s);
      d[1] = st_grad(f, 0, NULL);
      continue;
    }
    d[k] = st_grad(s, 0, NULL);
    st_func_release(s);
  }
  CHECK_CLOSE(call1(d[4], x), 1e-10, 120 * 0.5, 120 * -1.5);
  /* vmap(jvp(grad(grad))): depth four with every kind of level */
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){0.5, -1.5, 1.0, 2.0});
  st_func *v = st_vmap(d[3], NULL, NULL); /* third derivative: 60 x^2 */
  CHECK_CLOSE(call1(v, X), 1e-10, 60 * 0.25, 60 * 2.25, 60.0, 240.0);
  st_tensor *o = NULL, *t = NULL, *one = st_ones(ST_F64, ST_SHAPE(2));
  CHECK(st_jvp(d[3], &x, &one, &o, &t) == 0);
  CHECK_CLOSE(t, 1e-10, 120 * 0.5, 120 * -1.5);
  st_func_release(v);
  for (int k = 0; k < 5; k++) st_func_release(d[k]);
  st_scope_pop();
}

TEST(compose_vmap_of_vmap_and_jvp_of_vmap) {
  st_scope_push();
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(2, 3)), st_randn(ST_F64, ST_SHAPE(3))};
  /* vmap(vmap(f)) with every in_dims choice is in CHECK_VMAP_ALL; jvp of vmap: */
  st_func *g = st_func_new(g_fn, NULL, 1, 1), *h = st_func_new(sum_vmap_fn, g, 1, 1);
  CHECK(CHECK_JVP_FD(sum_vmap_fn, g, 1, in, 1, 1e-6, 1e-7));
  CHECK(CHECK_TRANSPOSE(sum_vmap_fn, g, 1, in, 1, 1e-10));
  st_func_release(h);
  st_func_release(g);
  st_scope_pop();
}
