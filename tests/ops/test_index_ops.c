/* test_index_ops.c — masked_fill, index_add and one_hot: values, dtypes and gradients against
   PyTorch (index_ops_expected.h, written by gen_index_ops.py from torch's OpInfo samples) in
   contiguous and non-contiguous layouts; gradcheck and gradgradcheck in f64; vmap against a
   loop (with a per-lane index for index_add), jvp against differences and vjp, jacfwd against
   jacrev; one_hot's inferred num_classes and its refusal inside a transform. */
#include "test.h"
#include "transforms/tx.h"
#include "util.h"

#include "index_ops_expected.h"

static st_tensor *make(st_dtype dt, int nd, const int64_t *shape, const double *v, bool nc) {
  return nc ? tu_noncontig(dt, nd, shape, v) : tu_tensor(dt, nd, shape, v);
}

static st_tensor *apply_case(const index_case *k, st_tensor *a, st_tensor *b, st_tensor *c) {
  switch (k->op) {
  case 0: return st_masked_fill(a, b, k->value);
  case 1: return st_index_add(a, k->dim, b, c, k->value);
  default: return st_one_hot(a, (int64_t)k->value);
  }
}

static void check_vals(const char *what, const index_case *k, st_tensor *t, const double *want,
                       int64_t n, double tol) {
  if (!t) {
    st_test_fail(__FILE__, __LINE__, "%s %s: failed: %s", k->name, what, st_last_error());
    return;
  }
  if (st_numel(t) != n) {
    st_test_fail(__FILE__, __LINE__, "%s %s: %lld elements, torch %lld", k->name, what,
                 (long long)st_numel(t), (long long)n);
    return;
  }
  double *v = tu_values(t);
  for (int64_t i = 0; i < n; i++)
    if (!(fabs(v[i] - want[i]) <= tol * (1 + fabs(want[i])))) {
      st_test_fail(__FILE__, __LINE__, "%s %s: element %lld is %.17g, torch gives %.17g", k->name,
                   what, (long long)i, v[i], want[i]);
      break;
    }
  free(v);
}

TEST(index_ops_values_and_gradients_match_torch) {
  int n = (int)(sizeof INDEX_CASES / sizeof *INDEX_CASES);
  for (int ci = 0; ci < n; ci++) {
    const index_case *k = &INDEX_CASES[ci];
    for (int nc = 0; nc < 2; nc++) {
      st_scope_push();
      st_tensor *a = make(k->dtype, k->a_ndim, k->a_shape, k->a, nc);
      st_tensor *b = k->op < 2 ? make(k->b_dtype, k->b_ndim, k->b_shape, k->b, nc) : NULL;
      st_tensor *c = k->op == 1 ? make(k->dtype, k->c_ndim, k->c_shape, k->c, nc) : NULL;
      bool fl = k->dtype == ST_F32 || k->dtype == ST_F64;
      if (fl) st_set_requires_grad(a, true);
      if (fl && c) st_set_requires_grad(c, true);
      st_tensor *y = apply_case(k, a, b, c);
      double tol = k->dtype == ST_F32 ? 1e-6 : 1e-12;
      if (y) {
        st_test_shape(__FILE__, __LINE__, y, k->out_ndim, k->out_shape);
        CHECK(st_dtype_of(y) == (k->op == 2 ? ST_I64 : k->dtype));
      }
      check_vals("result", k, y, k->out, st_numel(y), tol);
      if (y && fl) {
        int64_t m = st_numel(y);
        double *w = malloc(sizeof(double) * (size_t)(m ? m : 1));
        for (int64_t i = 0; i < m; i++) w[i] = (double)(i + 1);
        st_tensor *loss = st_sum_all(st_mul(y, tu_tensor(k->dtype, k->out_ndim, k->out_shape, w)));
        free(w);
        CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
        st_tensor *ga = st_grad_of(a), *gc = c ? st_grad_of(c) : NULL;
        check_vals("grad of input", k, ga, k->ga, k->nga, tol);
        if (c) check_vals("grad of source", k, gc, k->gc, k->ngc, tol);
        st_release(ga), st_release(gc);
      }
      st_scope_pop();
    }
  }
}

/* ------------------------------------------------------------- gradcheck and transforms */

typedef struct {
  int op, dim;
  double value;
  st_tensor *fixed; /* mask or index */
} spec;

static int f_op(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const spec *s = ctx;
  if (s->op == 0)
    out[0] = st_masked_fill(in[0], s->fixed, s->value);
  else
    out[0] = st_index_add(in[0], s->dim, nin > 2 ? in[1] : s->fixed, in[nin - 1], s->value);
  return out[0] ? 0 : st_last_status();
}

static void check_all(const char *file, int line, spec s, int nin, st_tensor *const *in) {
  st_scope_push();
  if (st_gradcheck(f_op, &s, nin, in, 1, 1e-6, 1e-7, 1e-6))
    st_test_fail(file, line, "gradcheck: %s", st_last_error());
  if (st_gradgradcheck(f_op, &s, nin, in, 1, 1e-6, 1e-6, 1e-5))
    st_test_fail(file, line, "gradgradcheck: %s", st_last_error());
  tx_vmap_all(file, line, f_op, &s, nin, in, 1, 3, 1e-12);
  tx_jvp_fd(file, line, f_op, &s, nin, in, 1, 1e-6, 1e-7);
  tx_transpose(file, line, f_op, &s, nin, in, 1, 1e-10);
  st_func *f = st_func_new(f_op, &s, nin, 1), *fwd = st_jacfwd(f, 0), *rev = st_jacrev(f, 0);
  st_tensor *jf = NULL, *jr = NULL;
  if (st_call(fwd, in, &jf) || st_call(rev, in, &jr)) {
    st_test_fail(file, line, "jacfwd or jacrev failed: %s", st_last_error());
  } else {
    double *want = tu_values(jr);
    st_test_close(file, line, jf, want, st_numel(jr), 1e-12);
    free(want);
  }
  st_func_release(fwd), st_func_release(rev), st_func_release(f);
  st_scope_pop();
}
#define INS(...) ((st_tensor *const[]){__VA_ARGS__})

TEST(index_ops_gradcheck_vmap_jvp_and_jacobians) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 4)), *row = st_randn(ST_F64, ST_SHAPE(4));
  st_tensor *mask = st_gt(st_randn(ST_F64, ST_SHAPE(3, 4)), st_scalar(ST_F64, 0));
  st_tensor *mask_row = st_gt(row, st_scalar(ST_F64, 0));
  check_all(__FILE__, __LINE__, (spec){0, 0, -2.5, mask}, 1, INS(x));
  check_all(__FILE__, __LINE__, (spec){0, 0, 1.0, mask_row}, 1, INS(x));
  check_all(__FILE__, __LINE__, (spec){0, 0, 0.5, mask}, 1, INS(row)); /* mask larger */
  st_tensor *idx = tu_tensor(ST_I64, ST_SHAPE(5), (const double[]){2, 0, 2, 1, 2});
  st_tensor *src = st_randn(ST_F64, ST_SHAPE(5, 4)), *src_c = st_randn(ST_F64, ST_SHAPE(3, 5));
  check_all(__FILE__, __LINE__, (spec){1, 0, 1.0, idx}, 2, INS(x, src));
  check_all(__FILE__, __LINE__,
            (spec){1, -1, -0.5, tu_tensor(ST_I64, ST_SHAPE(5), (const double[]){3, 0, 3, 1, 2})}, 2,
            INS(x, src_c));
  /* the index as an input, so vmap batches it too: a different index per lane */
  check_all(__FILE__, __LINE__, (spec){1, 0, 2.0, NULL}, 3, INS(x, idx, src));
  st_tensor *x0 = st_scalar(ST_F64, 0.3), *i0 = tu_tensor(ST_I64, ST_SHAPE(1), (const double[]){0});
  check_all(__FILE__, __LINE__, (spec){1, 0, 1.0, i0}, 2, INS(x0, st_scalar(ST_F64, -1.2)));
}

static int f_one_hot(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_one_hot(in[0], *(const int64_t *)ctx);
  return out[0] ? 0 : st_last_status();
}

TEST(one_hot_vmap_and_inferred_classes) {
  st_tensor *cls = tu_tensor(ST_I64, ST_SHAPE(2, 3), (const double[]){0, 3, 1, 2, 3, 0});
  int64_t five = 5, infer = -1;
  tx_vmap_all(__FILE__, __LINE__, f_one_hot, &five, 1, &cls, 1, 3, 0);
  /* num_classes -1 reads the values: refused under a transform (torch.func refuses it too) */
  st_func *f = st_func_new(f_one_hot, &infer, 1, 1), *v = st_vmap(f, (const int[]){0}, NULL);
  st_tensor *out = NULL;
  CHECK(st_call(v, &cls, &out) == ST_ERR_TRANSFORM);
  st_func_release(v), st_func_release(f);
  CHECK_FAILS(st_one_hot(tu_tensor(ST_I64, ST_SHAPE(2), (const double[]){-1, 0}), 3) == NULL,
              ST_ERR_ARG, "non-negative");
  CHECK_FAILS(st_one_hot(cls, 3) == NULL, ST_ERR_ARG, "not smaller than num_classes 3");
  CHECK_FAILS(st_masked_fill(cls, cls, 1) == NULL, ST_ERR_DTYPE, "mask must be bool");
}
