/* test_scan_sort.c — cumsum, cumprod, sort, argsort and topk: values, indices, dtypes and
   gradients against PyTorch (scan_sort_expected.h, written by gen_scan_sort.py: cumprod with
   zeros, sort ties and NaN, topk with k = 0, ported from torch's OpInfo samples and
   test_sort_and_select.py), in contiguous and non-contiguous layouts; gradcheck and
   gradgradcheck in f64; vmap against a loop, jvp against differences and vjp, jacfwd against
   jacrev through each op. */
#include "test.h"
#include "transforms/tx.h"
#include "util.h"

#include "scan_sort_expected.h"

/* The op of case k on x: the values (or argsort's indices) returned, indices in *idx. */
static st_tensor *apply_case(const scan_sort_case *k, st_tensor *x, st_tensor **idx) {
  *idx = NULL;
  switch (k->op) {
  case 0: return st_cumsum(x, k->dim);
  case 1: return st_cumprod(x, k->dim);
  case 2: return st_sort(x, k->dim, k->p1, true, idx);
  case 3: return st_argsort(x, k->dim, k->p1, true);
  default: return st_topk(x, k->p1, k->dim, k->p2, true, idx);
  }
}

static void check_values(const char *file, int line, const scan_sort_case *k, st_tensor *got,
                         const double *want, bool indices) {
  if (!got) {
    st_test_fail(file, line, "%s: failed: %s", k->name, st_last_error());
    return;
  }
  st_test_shape(file, line, got, k->out_ndim, k->out_shape);
  st_dtype want_dt =
      indices || (k->op <= 1 && (k->dtype == ST_I64 || k->dtype == ST_BOOL)) ? ST_I64 : k->dtype;
  if (st_dtype_of(got) != want_dt)
    st_test_fail(file, line, "%s: dtype %s, expected %s", k->name, st_dtype_name(st_dtype_of(got)),
                 st_dtype_name(want_dt));
  double *v = tu_values(got), tol = k->dtype == ST_F32 ? 1e-6 : 1e-12;
  for (int64_t i = 0; i < st_numel(got); i++) {
    bool same = (isnan(v[i]) && isnan(want[i])) || v[i] == want[i] ||
                fabs(v[i] - want[i]) <= tol * fabs(want[i]);
    if (!same) {
      st_test_fail(file, line, "%s: %s %lld is %.17g, torch gives %.17g", k->name,
                   indices ? "index" : "value", (long long)i, v[i], want[i]);
      break;
    }
  }
  free(v);
}

/* Every case in both layouts: torch's values, indices (stable order, ties kept) and dtype. */
TEST(scan_sort_values_and_indices_match_torch) {
  int n = (int)(sizeof SCAN_SORT_CASES / sizeof *SCAN_SORT_CASES);
  for (int c = 0; c < n; c++) {
    const scan_sort_case *k = &SCAN_SORT_CASES[c];
    for (int layout = 0; layout < 2; layout++) {
      st_scope_push();
      st_tensor *x = layout ? tu_noncontig(k->dtype, k->ndim, k->shape, k->x)
                            : tu_tensor(k->dtype, k->ndim, k->shape, k->x);
      st_tensor *idx, *y = apply_case(k, x, &idx);
      if (k->has_values) check_values(__FILE__, __LINE__, k, y, k->values, false);
      if (k->has_indices)
        check_values(__FILE__, __LINE__, k, k->op == 3 ? y : idx, k->indices, true);
      st_scope_pop();
    }
  }
}

/* The gradient of sum(w * values), w = 1, 2, ...: cumprod's with one, two and leading or
   trailing zeros (PyTorch's cumprod_backward), sort's and topk's scattered back. */
TEST(scan_sort_gradients_match_torch) {
  int n = (int)(sizeof SCAN_SORT_CASES / sizeof *SCAN_SORT_CASES);
  for (int c = 0; c < n; c++) {
    const scan_sort_case *k = &SCAN_SORT_CASES[c];
    if (!k->ngrad) continue;
    st_scope_push();
    st_tensor *x = tu_tensor(k->dtype, k->ndim, k->shape, k->x), *idx;
    st_set_requires_grad(x, true);
    st_tensor *y = apply_case(k, x, &idx);
    int64_t m = st_numel(y);
    double *w = malloc(sizeof(double) * (size_t)(m ? m : 1));
    for (int64_t i = 0; i < m; i++) w[i] = (double)(i + 1);
    st_tensor *loss = st_sum_all(st_mul(y, tu_tensor(k->dtype, k->out_ndim, k->out_shape, w)));
    free(w);
    CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
    st_tensor *g = st_grad_of(x);
    if (!g) {
      st_test_fail(__FILE__, __LINE__, "%s: no gradient", k->name);
    } else {
      double *v = tu_values(g), tol = k->dtype == ST_F32 ? 1e-5 : 1e-12;
      for (int i = 0; i < k->ngrad; i++)
        if (!(fabs(v[i] - k->grad[i]) <= tol * (1 + fabs(k->grad[i])))) {
          st_test_fail(__FILE__, __LINE__, "%s: grad %d is %.17g, torch gives %.17g", k->name, i,
                       v[i], k->grad[i]);
          break;
        }
      free(v);
      st_release(g);
    }
    st_scope_pop();
  }
}

/* ------------------------------------------------------------- gradcheck and transforms */

typedef struct {
  int op, dim, p1, p2;
} spec;

static int f_op(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const spec *s = ctx;
  scan_sort_case k = {.op = s->op, .dim = s->dim, .p1 = s->p1, .p2 = s->p2};
  st_tensor *idx;
  out[0] = apply_case(&k, in[0], &idx);
  return out[0] ? 0 : st_last_status();
}

static st_tensor *vec(int ndim, const int64_t *shape, const double *v) {
  return tu_tensor(ST_F64, ndim, shape, v);
}

static void check_grads(const char *file, int line, spec s, st_tensor *x, bool gradgrad) {
  if (st_gradcheck(f_op, &s, 1, &x, 1, 1e-6, 1e-7, 1e-6))
    st_test_fail(file, line, "gradcheck op %d: %s", s.op, st_last_error());
  if (gradgrad && st_gradgradcheck(f_op, &s, 1, &x, 1, 1e-6, 1e-6, 1e-5))
    st_test_fail(file, line, "gradgradcheck op %d: %s", s.op, st_last_error());
}

TEST(scan_sort_gradcheck_and_gradgradcheck_f64) {
  const double distinct[12] = {0.9, -1.3, 0.4, 1.7, -0.2, 1.1, -1.8, 0.6, 1.4, -0.7, 0.25, -1.05};
  const double zeros[12] = {0.9, 0, 0.4, 1.7, 0, 1.1, 0, 0.6, 1.4, -0.7, 0.25, 0};
  st_tensor *x = vec(ST_SHAPE(3, 4), distinct), *xz = vec(ST_SHAPE(3, 4), zeros);
  st_tensor *x0 = st_scalar(ST_F64, 0.7);
  for (int dim = -2; dim < 2; dim++) {
    check_grads(__FILE__, __LINE__, (spec){0, dim, 0, 0}, x, true);
    check_grads(__FILE__, __LINE__, (spec){1, dim, 0, 0}, x, true);
    check_grads(__FILE__, __LINE__, (spec){1, dim, 0, 0}, xz, false); /* zeros: first order */
    check_grads(__FILE__, __LINE__, (spec){2, dim, dim & 1, 0}, x, true);
    check_grads(__FILE__, __LINE__, (spec){4, dim, 2, dim & 1}, x, true);
  }
  check_grads(__FILE__, __LINE__, (spec){0, 0, 0, 0}, x0, true);
  check_grads(__FILE__, __LINE__, (spec){1, -1, 0, 0}, x0, true);
  check_grads(__FILE__, __LINE__, (spec){2, 0, 1, 0}, x0, true);
  check_grads(__FILE__, __LINE__, (spec){4, 0, 1, 1}, x0, true);
}

/* cumprod's second derivative across a zero: y = cumprod([a, b, 0, d]), L = sum(w * y) with
   w = 1..4, so L = a + 2ab + 3abc + 4abcd at c = 0. The Hessian is exact, entries through the zero
   included; torch 2.15's double backward gives the same matrix (computed with
   torch.autograd.grad(create_graph=True) at x = [1.5, -2, 0, 3]). */
static int cumprod_sum_w(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(4), (const double[]){1, 2, 3, 4});
  out[0] = st_sum_all(st_mul(st_cumprod(in[0], 0), w));
  return out[0] ? 0 : st_last_status();
}

TEST(cumprod_hessian_across_a_zero_matches_torch) {
  st_tensor *x = vec(ST_SHAPE(4), (const double[]){1.5, -2, 0, 3});
  st_func *f = st_func_new(cumprod_sum_w, NULL, 1, 1), *h = st_hessian(f, 0);
  st_func *jr = st_jacrev(f, 0), *jrjr = st_jacrev(jr, 0);
  const double want[16] = {0, 2, -30, 0, 2, 0, 22.5, 0, -30, 22.5, 0, -12, 0, 0, -12, 0};
  st_tensor *H = NULL, *H2 = NULL;
  CHECK_EQ_INT(st_call(h, &x, &H), 0);
  CHECK_EQ_INT(st_call(jrjr, &x, &H2), 0);
  CHECK_CLOSE(H, 1e-12, 0, 2, -30, 0, 2, 0, 22.5, 0, -30, 22.5, 0, -12, 0, 0, -12, 0);
  st_test_close(__FILE__, __LINE__, H2, want, 16, 1e-12);
  st_func_release(h), st_func_release(jrjr), st_func_release(jr), st_func_release(f);
}

static void check_rules(const char *file, int line, spec s, st_tensor *x) {
  st_scope_push();
  tx_vmap_all(file, line, f_op, &s, 1, &x, 1, 3, 1e-12);
  tx_jvp_fd(file, line, f_op, &s, 1, &x, 1, 1e-6, 1e-7);
  tx_transpose(file, line, f_op, &s, 1, &x, 1, 1e-10);
  st_func *f = st_func_new(f_op, &s, 1, 1), *fwd = st_jacfwd(f, 0), *rev = st_jacrev(f, 0);
  st_tensor *jf = NULL, *jr = NULL;
  if (st_call(fwd, &x, &jf) || st_call(rev, &x, &jr)) {
    st_test_fail(file, line, "op %d: jacfwd or jacrev failed: %s", s.op, st_last_error());
  } else {
    double *want = tu_values(jr);
    st_test_close(file, line, jf, want, st_numel(jr), 1e-12);
    free(want);
  }
  st_func_release(fwd), st_func_release(rev), st_func_release(f);
  st_scope_pop();
}

TEST(scan_sort_vmap_jvp_and_jacobians) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 4)), *x3 = st_randn(ST_F64, ST_SHAPE(2, 3, 2));
  st_tensor *pos = st_add_scalar(st_rand(ST_F64, ST_SHAPE(3, 4)), 0.5);
  st_tensor *x0 = st_scalar(ST_F64, -0.3), *e = st_zeros(ST_F64, ST_SHAPE(0, 3));
  st_tensor *xz = vec(ST_SHAPE(2, 3), (const double[]){0.5, 0, 2, 1.5, -1, 0});
  for (int dim = -1; dim < 2; dim++) {
    check_rules(__FILE__, __LINE__, (spec){0, dim, 0, 0}, x);
    check_rules(__FILE__, __LINE__, (spec){1, dim, 0, 0}, pos);
    check_rules(__FILE__, __LINE__, (spec){2, dim, dim != 0, 0}, x3);
    check_rules(__FILE__, __LINE__, (spec){4, dim, 2, dim != 1}, x);
  }
  check_rules(__FILE__, __LINE__, (spec){1, 1, 0, 0}, xz); /* zeros: first-order rules */
  check_rules(__FILE__, __LINE__, (spec){4, 1, 0, 1}, x);  /* k = 0 */
  for (int op = 0; op < 5; op++) {
    if (op == 3) continue; /* argsort: no derivative (its vmap is in the matrix) */
    check_rules(__FILE__, __LINE__, (spec){op, 0, op == 4 ? 1 : 0, 1}, x0);
    check_rules(__FILE__, __LINE__, (spec){op, 1, 0, 1}, e);
  }
}

TEST(sort_errors_name_the_problem) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 4));
  CHECK_FAILS(st_cumsum(x, 2) == NULL, ST_ERR_ARG, "dim 2 is out of range");
  CHECK_FAILS(st_topk(x, 5, 1, true, true, NULL) == NULL, ST_ERR_ARG, "k 5 is out of range");
  st_tensor *b = st_gt(x, st_scalar(ST_F64, 0));
  CHECK_FAILS(st_topk(b, 1, 1, true, true, NULL) == NULL, ST_ERR_DTYPE, "bool");
  CHECK_FAILS(st_sort(x, -3, false, false, NULL) == NULL, ST_ERR_ARG, "out of range");
  CHECK(st_argsort(NULL, 0, false, false) == NULL);
}
