/* test_prod_atan2.c — the gradients of prod and atan2 where they are delicate: prod with one,
   two or many zeros in a group and with values near the ends of the dtype's range (finite
   inputs give no NaN, and inf only where the exact gradient is beyond the range), and atan2 at
   the origin (0, as in PyTorch, not NaN). Expected values come from gen_prod_atan2.py
   (prod_atan2_expected.h: exact gradients checked against PyTorch's, atan2 from PyTorch). */
#include "test.h"
#include "util.h"

#include "prod_atan2_expected.h"

/* got[i] equals want[i] to a relative tol (exactly for 0 and inf; NaN never passes). */
static void check_rel(const char *file, int line, const char *what, const st_tensor *t,
                      const double *want, int64_t n, double tol) {
  if (!t) {
    st_test_fail(file, line, "%s: no gradient [%s]", what, st_last_error());
    return;
  }
  if (st_numel(t) != n) {
    st_test_fail(file, line, "%s: %lld elements, not %lld", what, (long long)st_numel(t),
                 (long long)n);
    return;
  }
  double *got = tu_values(t);
  for (int64_t i = 0; i < n; i++) {
    bool ok = got[i] == want[i] || fabs(got[i] - want[i]) <= tol * fabs(want[i]);
    if (!ok) {
      st_test_fail(file, line, "%s: element %lld is %.17g, expected %.17g", what, (long long)i,
                   got[i], want[i]);
      break;
    }
  }
  free(got);
}

static st_tensor *prod_of(const prod_case *k, st_tensor *x) {
  return k->ndims ? st_prod(x, k->ndims, k->dims, k->keepdim) : st_prod_all(x);
}

/* common_methods_invocations.py sample_inputs_prod / sample_inputs_cumprod (prod_single_zero,
   prod_zeros) and large values: eager backward against the exact gradient. */
TEST(prod_gradient_is_exact_with_zeros_and_large_values) {
  int ncases = (int)(sizeof PROD_CASES / sizeof *PROD_CASES);
  for (int c = 0; c < ncases; c++) {
    const prod_case *k = &PROD_CASES[c];
    st_scope_push();
    st_tensor *x = tu_tensor(k->dtype, k->ndim, k->shape, k->x);
    st_set_requires_grad(x, true);
    st_tensor *y = prod_of(k, x);
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(y, shape);
    st_tensor *g = tu_tensor(k->dtype, nd, shape, k->g);
    CHECK(st_numel(g) == k->ng);
    CHECK_EQ_INT(st_backward(y, g, false, false), 0);
    st_tensor *grad = st_grad_of(x);
    check_rel(__FILE__, __LINE__, k->name, grad, k->want, k->n, k->dtype == ST_F32 ? 1e-6 : 1e-12);
    st_release(grad);
    st_scope_pop();
  }
}

/* The same gradients through st_grad (a transform level instead of eager autograd) and the
   jvp (forward mode uses the vjp rule with ones): d/dt prod(x + t v) = sum(others * v). */
typedef struct {
  const prod_case *k;
  const double *g;
} prod_ctx;

static int weighted_prod(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const prod_ctx *p = user;
  st_tensor *y = prod_of(p->k, in[0]);
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(y, shape);
  out[0] = st_sum_all(st_mul(y, tu_tensor(p->k->dtype, nd, shape, p->g)));
  return out[0] ? 0 : st_last_status();
}

TEST(prod_gradient_under_grad_and_jvp_matches_eager) {
  int ncases = (int)(sizeof PROD_CASES / sizeof *PROD_CASES);
  for (int c = 0; c < ncases; c++) {
    const prod_case *k = &PROD_CASES[c];
    st_scope_push();
    prod_ctx p = {k, k->g};
    st_func *f = st_func_new(weighted_prod, &p, 1, 1);
    st_func *df = st_grad(f, 0, NULL);
    st_tensor *x = tu_tensor(k->dtype, k->ndim, k->shape, k->x), *gx = NULL;
    CHECK_EQ_INT(st_call(df, &x, &gx), 0);
    check_rel(__FILE__, __LINE__, k->name, gx, k->want, k->n, k->dtype == ST_F32 ? 1e-6 : 1e-12);
    /* jvp along the one-hot direction of each element with a finite gradient gives it */
    double *onehot = calloc((size_t)k->n, sizeof(double));
    for (int64_t i = 0; onehot && i < k->n; i += 7) {
      if (isinf(k->want[i])) continue;
      onehot[i] = 1;
      st_tensor *v = tu_tensor(k->dtype, k->ndim, k->shape, onehot), *y = NULL, *dy = NULL;
      onehot[i] = 0;
      CHECK_EQ_INT(st_jvp(f, &x, &v, &y, &dy), 0);
      double want = k->want[i];
      if (dy && !(st_item(dy) == want || fabs(st_item(dy) - want) <= 1e-6 * fabs(want)))
        st_test_fail(__FILE__, __LINE__, "%s: jvp at %lld is %.17g, expected %.17g", k->name,
                     (long long)i, st_item(dy), want);
      st_release(y);
      st_release(dy);
    }
    free(onehot);
    st_release(gx);
    st_func_release(df);
    st_func_release(f);
    st_scope_pop();
  }
}

/* The second derivative is exact at zeros too (prod is a polynomial, so central differences
   in f64 are accurate): one zero and two zeros in a group, and a group with none. */
static int prod_dim1(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_prod(in[0], 1, (const int[]){1}, false);
  return out[0] ? 0 : st_last_status();
}

TEST(prod_double_backward_matches_finite_differences_at_zeros) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3, 4),
                           (const double[]){0, 2, 0, 3, 1.5, 0, -2, 0.5, 1, 2, -3, 0.25});
  st_set_requires_grad(x, true);
  CHECK_EQ_INT(st_gradcheck(prod_dim1, NULL, 1, &x, 1, 1e-6, 1e-8, 1e-6), 0);
  CHECK_EQ_INT(st_gradgradcheck(prod_dim1, NULL, 1, &x, 1, 1e-6, 1e-7, 1e-5), 0);
}

/* ------------------------------------------------------------------------------------ atan2 */

/* FunctionsManual.cpp atan2_backward: PyTorch's gradients, including the origin (0, not NaN,
   for every sign of zero) and squares that underflow to 0. */
TEST(atan2_gradient_matches_pytorch_including_the_origin) {
  int ncases = (int)(sizeof ATAN2_CASES / sizeof *ATAN2_CASES);
  for (int c = 0; c < ncases; c++) {
    const atan2_case *k = &ATAN2_CASES[c];
    st_scope_push();
    int64_t n = k->n;
    st_tensor *y = st_from_data(ST_F64, 1, &n, k->y), *x = st_from_data(ST_F64, 1, &n, k->x);
    st_set_requires_grad(y, true);
    st_set_requires_grad(x, true);
    st_tensor *loss = st_sum_all(st_mul(st_atan2(y, x), st_from_data(ST_F64, 1, &n, k->g)));
    CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
    st_tensor *gy = st_grad_of(y), *gx = st_grad_of(x);
    check_rel(__FILE__, __LINE__, k->name, gy, k->want_y, n, 1e-14);
    check_rel(__FILE__, __LINE__, k->name, gx, k->want_x, n, 1e-14);
    st_release(gy);
    st_release(gx);
    st_scope_pop();
  }
  /* f32 at the origin too */
  st_tensor *z = st_zeros(ST_F32, ST_SHAPE(2));
  st_set_requires_grad(z, true);
  CHECK_EQ_INT(
      st_backward(st_sum_all(st_atan2(z, st_zeros(ST_F32, ST_SHAPE(2)))), NULL, false, false), 0);
  st_tensor *gz = st_grad_of(z);
  CHECK_CLOSE(gz, 0, 0, 0);
  st_release(gz);
}

static int atan2_sum(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_sum_all(st_atan2(in[0], in[1]));
  return out[0] ? 0 : st_last_status();
}

/* At the origin, as torch.func 2.15 gives (values checked with the venv's torch): hessian
   (jacfwd over jacrev) 0, jacrev over jacrev NaN (the unguarded reciprocal, 0 * inf), and the
   jvp NaN (derivatives.yaml's forward formula has no guard). */
TEST(atan2_derivatives_at_the_origin_match_torch_func) {
  st_tensor *in[2] = {st_zeros(ST_F64, ST_SHAPE(2)), st_zeros(ST_F64, ST_SHAPE(2))};
  st_func *f = st_func_new(atan2_sum, NULL, 2, 1);
  st_func *h = st_hessian(f, 0), *jr = st_jacrev(f, 0), *jrjr = st_jacrev(jr, 0);
  st_tensor *hy = NULL, *rr = NULL;
  CHECK_EQ_INT(st_call(h, in, &hy), 0);
  CHECK_CLOSE(hy, 0, 0, 0, 0, 0);
  CHECK_EQ_INT(st_call(jrjr, in, &rr), 0);
  CHECK_CLOSE(rr, 0, NAN, NAN, NAN, NAN);
  st_release(hy);
  st_release(rr);
  st_func_release(jrjr), st_func_release(jr), st_func_release(h);
  st_tensor *t[2] = {st_ones(ST_F64, ST_SHAPE(2)), st_ones(ST_F64, ST_SHAPE(2))}, *o = NULL,
            *dout = NULL;
  CHECK_EQ_INT(st_jvp(f, in, t, &o, &dout), 0);
  CHECK_CLOSE(dout, 0, NAN);
  st_release(o);
  st_release(dout);
  /* away from the origin the second derivative matches differences */
  st_tensor *p[2] = {tu_tensor(ST_F64, ST_SHAPE(3), (const double[]){0.5, -1, 2}),
                     tu_tensor(ST_F64, ST_SHAPE(3), (const double[]){1, 0.25, -2})};
  st_set_requires_grad(p[0], true);
  st_set_requires_grad(p[1], true);
  CHECK_EQ_INT(st_gradgradcheck(atan2_sum, NULL, 2, p, 1, 1e-6, 1e-7, 1e-5), 0);
  st_func_release(f);
}
