/* test_misc_ops.c — st_var_mean, st_std_mean, st_meshgrid, st_clamp_tensor (and its in-place
   form) against PyTorch (misc_ops_expected.h, written by gen_misc_ops.py): values, gradients,
   dtypes and error outcomes; gradcheck and gradgradcheck in f64, vmap against a loop, jvp
   against differences and the transposition identity. Also the products' dtype rule (matmul,
   mm, bmm, dot and linear refuse mixed dtypes as torch does; outer promotes). */
#include "../transforms/tx.h"
#include "test.h"
#include "util.h"

#include "misc_ops_expected.h"

static double tol_of(st_dtype dt) { return dt == ST_F64 ? 1e-12 : dt == ST_F32 ? 2e-6 : 1e-3; }

/* ------------------------------------------------------------------------------ var_mean */

static st_tensor *vm_call(const misc_vm_case *k, st_tensor *x, st_tensor **mean) {
  return (k->std ? st_std_mean : st_var_mean)(x, k->ndims, k->ndims ? k->dims : NULL, k->correction,
                                              k->keepdim, mean);
}

static int64_t numel_of(int ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  return n;
}

TEST(var_mean_and_std_mean_match_torch) {
  for (int c = 0; c < MISC_VM_NCASES; c++) {
    const misc_vm_case *k = &MISC_VM_CASES[c];
    st_scope_push();
    double tol = tol_of(k->dtype);
    st_tensor *x = tu_tensor(k->dtype, k->ndim, k->shape, k->x), *mean = NULL;
    st_set_requires_grad(x, true);
    st_tensor *s = vm_call(k, x, &mean);
    int64_t n = numel_of(k->out_ndim, k->out_shape);
    CHECK(s && mean);
    if (s && mean) {
      st_test_shape(__FILE__, __LINE__, s, k->out_ndim, k->out_shape);
      st_test_shape(__FILE__, __LINE__, mean, k->out_ndim, k->out_shape);
      CHECK(st_dtype_of(s) == k->dtype && st_dtype_of(mean) == k->dtype);
      if (!st_test_close(__FILE__, __LINE__, s, k->spread, n, tol) ||
          !st_test_close(__FILE__, __LINE__, mean, k->mean, n, tol))
        fprintf(stderr, "  in case %s\n", k->name);
      if (isfinite(k->spread[0])) { /* the gradient of <gs, spread> + <gm, mean> */
        st_tensor *gs = tu_tensor(k->dtype, k->out_ndim, k->out_shape, k->g_spread);
        st_tensor *gm = tu_tensor(k->dtype, k->out_ndim, k->out_shape, k->g_mean);
        st_tensor *loss = st_add(st_sum_all(st_mul(s, gs)), st_sum_all(st_mul(mean, gm)));
        CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
        st_tensor *gx = st_grad_of(x);
        if (!st_test_close(__FILE__, __LINE__, gx, k->grad, st_numel(x), tol * 10))
          fprintf(stderr, "  in case %s (gradient)\n", k->name);
        st_release(gx);
      }
    }
    st_scope_pop();
  }
}

static int vm_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = vm_call(ctx, in[0], &out[1]);
  return out[0] ? 0 : -1;
}
static int vm_check_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  return vm_fn(ctx, nin, in, nout, out);
}

/* Away from a zero spread and a non-positive divisor, both results are smooth. */
TEST(var_mean_and_std_mean_under_every_transform) {
  int ran = 0;
  for (int c = 0; c < MISC_VM_NCASES; c++) {
    const misc_vm_case *k = &MISC_VM_CASES[c];
    if (k->dtype != ST_F64 || k->ndim == 0 || !isfinite(k->spread[0])) continue;
    ran++;
    st_scope_push();
    st_tensor *x = tu_tensor(ST_F64, k->ndim, k->shape, k->x);
    st_set_requires_grad(x, true);
    if (st_gradcheck(vm_check_fn, (void *)k, 1, &x, 2, 1e-6, 1e-7, 1e-5) ||
        st_gradgradcheck(vm_check_fn, (void *)k, 1, &x, 2, 1e-6, 1e-7, 1e-5))
      st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
    st_tensor *xp = tu_tensor(ST_F64, k->ndim, k->shape, k->x);
    if (!CHECK_VMAP_ALL(vm_fn, (void *)k, 1, &xp, 2, 3, 1e-10) ||
        !CHECK_JVP_FD(vm_fn, (void *)k, 1, &xp, 2, 1e-6, 1e-6) ||
        !CHECK_TRANSPOSE(vm_fn, (void *)k, 1, &xp, 2, 1e-10))
      fprintf(stderr, "  in case %s\n", k->name);
    st_scope_pop();
  }
  CHECK(ran >= 8);
}

TEST(var_mean_errors_name_it_and_leave_mean_null) {
  st_scope_push();
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3)), *mean = x;
  CHECK_FAILS(!st_var_mean(x, 1, (const int[]){0}, 1, false, NULL), ST_ERR_ARG,
              "st_var_mean: mean is NULL");
  CHECK_FAILS(!st_var_mean(x, 1, (const int[]){2}, 1, false, &mean), ST_ERR_ARG, "st_var_mean:");
  CHECK(mean == NULL);
  mean = x;
  CHECK_FAILS(!st_std_mean(x, 2, (const int[]){1, -1}, 1, false, &mean), ST_ERR_ARG,
              "st_std_mean: ");
  CHECK(mean == NULL);
  CHECK_FAILS(!st_var_mean(x, 1, (const int[]){0}, INFINITY, false, &mean), ST_ERR_ARG,
              "st_var_mean: correction");
  CHECK_FAILS(!st_var_mean(x, 1, NULL, 1, false, &mean), ST_ERR_ARG, "st_var_mean: dims is NULL");
  /* torch: "var_mean only support floating point and complex dtypes" */
  st_tensor *i = st_arange(ST_I64, 0, 4, 1);
  CHECK_FAILS(!st_var_mean(i, 0, NULL, 1, false, &mean), ST_ERR_DTYPE, "st_var_mean: input dtype");
  CHECK_FAILS(!st_std_mean(i, 0, NULL, 1, false, &mean), ST_ERR_DTYPE, "st_std_mean: input dtype");
  CHECK(mean == NULL);
  CHECK_FAILS(!st_var_mean(NULL, 0, NULL, 1, false, &mean), ST_ERR_ARG, "st_var_mean: argument 1");
  /* ndims 0 with dims NULL reduces every dim, as st_var */
  st_tensor *v = st_var_mean(x, 0, NULL, 0, false, &mean);
  CHECK(v && mean && st_ndim(v) == 0 && st_ndim(mean) == 0);
  CHECK(st_last_status() == ST_OK);
  st_scope_pop();
}

/* Both results are recorded in the caller's scope, and nothing else is left alive. */
TEST(var_mean_results_belong_to_the_caller) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3)), *mean = NULL;
  st_tensor *v = st_var_mean(x, 0, NULL, 1, false, &mean);
  CHECK(v && mean);
  st_release(v), st_release(mean), st_release(x);
}

/* ------------------------------------------------------------------------------ meshgrid */

static st_tensor **mg_inputs(const misc_mg_case *k, st_tensor **in, bool grad) {
  for (int i = 0; i < k->n; i++) {
    in[i] = tu_tensor(k->dtype, k->ndim[i], &k->size[i], k->in[i]);
    if (grad) st_set_requires_grad(in[i], true);
  }
  return in;
}

TEST(meshgrid_matches_torch) {
  for (int c = 0; c < MISC_MG_NCASES; c++) {
    const misc_mg_case *k = &MISC_MG_CASES[c];
    st_scope_push();
    bool fl = k->dtype == ST_F32 || k->dtype == ST_F64;
    st_tensor *in[3], *out[3] = {NULL, NULL, NULL};
    mg_inputs(k, in, fl);
    CHECK_EQ_INT(st_meshgrid(k->n, in, k->indexing, out), k->n);
    int64_t n = numel_of(k->out_ndim, k->out_shape);
    st_tensor *loss = NULL;
    for (int i = 0; i < k->n && out[i]; i++) {
      st_test_shape(__FILE__, __LINE__, out[i], k->out_ndim, k->out_shape);
      CHECK(st_dtype_of(out[i]) == k->dtype);
      if (!st_test_close(__FILE__, __LINE__, out[i], k->out[i], n, 0))
        fprintf(stderr, "  in case %s, output %d\n", k->name, i);
      if (fl) {
        st_tensor *g = tu_tensor(k->dtype, k->out_ndim, k->out_shape, k->g[i]);
        st_tensor *t = st_sum_all(st_mul(out[i], g));
        loss = loss ? st_add(loss, t) : t;
      }
    }
    if (loss && n > 0) {
      CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
      for (int i = 0; i < k->n; i++) {
        st_tensor *gi = st_grad_of(in[i]);
        if (!st_test_close(__FILE__, __LINE__, gi, k->grad[i], st_numel(in[i]), tol_of(k->dtype)))
          fprintf(stderr, "  in case %s, gradient of input %d\n", k->name, i);
        st_release(gi);
      }
    }
    st_scope_pop();
  }
}

/* The grids are expanded views of the inputs: stride 0 along the other dims, writes through
   the input show, and an in-place write to a grid is refused (as torch's is). */
TEST(meshgrid_outputs_are_expanded_views_that_refuse_writes) {
  st_scope_push();
  st_tensor *a = st_arange(ST_F64, 0, 2, 1), *b = st_arange(ST_F64, 0, 3, 1), *out[2] = {0};
  CHECK_EQ_INT(st_meshgrid(2, (st_tensor *[]){a, b}, "xy", out), 2);
  CHECK_SHAPE(out[0], 3, 2);
  CHECK(st_stride(out[0], 0) == 0 && st_stride(out[0], 1) == 1);
  CHECK(st_stride(out[1], 0) == 1 && st_stride(out[1], 1) == 0);
  CHECK_FAILS(st_add_scalar_(out[0], 1) != 0, ST_ERR_INPLACE, "refers to a single memory location");
  CHECK_CLOSE(a, 0, 0, 1);
  CHECK_EQ_INT(st_fill_(a, 7), 0);
  CHECK_CLOSE(out[0], 0, 7, 7, 7, 7, 7, 7);
  st_scope_pop();
}

static int mg_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const misc_mg_case *k = ctx;
  return st_meshgrid(nin, in, k->indexing, out) == nin ? 0 : -1;
}

TEST(meshgrid_under_every_transform) {
  int ran = 0;
  for (int c = 0; c < MISC_MG_NCASES; c++) {
    const misc_mg_case *k = &MISC_MG_CASES[c];
    if (k->dtype != ST_F64 || numel_of(k->out_ndim, k->out_shape) == 0) continue;
    ran++;
    st_scope_push();
    st_tensor *in[3], *plain[3];
    mg_inputs(k, in, true);
    if (st_gradcheck(mg_fn, (void *)k, k->n, in, k->n, 1e-6, 1e-7, 1e-5) ||
        st_gradgradcheck(mg_fn, (void *)k, k->n, in, k->n, 1e-6, 1e-7, 1e-5))
      st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
    mg_inputs(k, plain, false);
    if (!CHECK_VMAP_ALL(mg_fn, (void *)k, k->n, plain, k->n, 3, 0) ||
        !CHECK_JVP_FD(mg_fn, (void *)k, k->n, plain, k->n, 1e-6, 1e-8) ||
        !CHECK_TRANSPOSE(mg_fn, (void *)k, k->n, plain, k->n, 1e-12))
      fprintf(stderr, "  in case %s\n", k->name);
    st_scope_pop();
  }
  CHECK(ran >= 6);
}

TEST(meshgrid_errors_write_nothing) {
  st_scope_push();
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(2)), *b = st_ones(ST_F64, ST_SHAPE(3));
  st_tensor *m = st_ones(ST_F32, ST_SHAPE(2, 2)), *sentinel = a;
  st_tensor *out[3] = {sentinel, sentinel, sentinel};
  /* torch: "meshgrid expects a non-empty TensorList" */
  CHECK_FAILS(st_meshgrid(0, (st_tensor *[]){a}, "ij", out) < 0, ST_ERR_ARG, "st_meshgrid:");
  /* torch: "meshgrid expects all tensors to have the same dtype" */
  CHECK_FAILS(st_meshgrid(2, (st_tensor *[]){a, b}, "ij", out) < 0, ST_ERR_DTYPE,
              "st_meshgrid: all tensors must have the same dtype");
  /* torch: "Expected 0D or 1D tensor in the tensor list" */
  CHECK_FAILS(st_meshgrid(2, (st_tensor *[]){a, m}, NULL, out) < 0, ST_ERR_SHAPE,
              "st_meshgrid: tensor 1 must be 0-D or 1-D");
  /* torch: 'indexing must be one of "xy" or "ij"' */
  CHECK_FAILS(st_meshgrid(2, (st_tensor *[]){a, a}, "yx", out) < 0, ST_ERR_ARG,
              "st_meshgrid: indexing must be");
  CHECK_FAILS(st_meshgrid(2, (st_tensor *[]){a, NULL}, "ij", out) < 0, ST_ERR_ARG,
              "st_meshgrid: argument 2 is NULL");
  CHECK_FAILS(st_meshgrid(2, (st_tensor *[]){a, a}, "ij", NULL) < 0, ST_ERR_ARG,
              "st_meshgrid: out is NULL");
  CHECK(out[0] == sentinel && out[1] == sentinel && out[2] == sentinel);
  /* NULL indexing is "ij" */
  CHECK_EQ_INT(st_meshgrid(2, (st_tensor *[]){a, st_ones(ST_F32, ST_SHAPE(3))}, NULL, out), 2);
  CHECK_SHAPE(out[0], 2, 3);
  st_scope_pop();
}

/* ------------------------------------------------------------------------------- clamp */

static void cl_inputs(const misc_cl_case *k, st_tensor **in, bool grad, bool as_f64) {
  for (int i = 0; i < 3; i++) {
    in[i] = NULL;
    if (!k->has[i]) continue;
    st_dtype dt = as_f64 ? ST_F64 : k->dtype[i];
    in[i] = tu_tensor(dt, k->ndim[i], k->shape[i], k->in[i]);
    if (grad && (dt == ST_F32 || dt == ST_F64 || dt == ST_F16)) st_set_requires_grad(in[i], true);
  }
}

TEST(clamp_tensor_matches_torch) {
  for (int c = 0; c < MISC_CL_NCASES; c++) {
    const misc_cl_case *k = &MISC_CL_CASES[c];
    st_scope_push();
    st_tensor *in[3];
    cl_inputs(k, in, true, false);
    st_tensor *y = st_clamp_tensor(in[0], in[1], in[2]);
    int64_t n = numel_of(k->out_ndim, k->out_shape);
    double tol = tol_of(k->out_dtype);
    CHECK(y != NULL);
    if (y) {
      st_test_shape(__FILE__, __LINE__, y, k->out_ndim, k->out_shape);
      if (st_dtype_of(y) != k->out_dtype)
        st_test_fail(__FILE__, __LINE__, "%s: dtype %s, torch's %s", k->name,
                     st_dtype_name(st_dtype_of(y)), st_dtype_name(k->out_dtype));
      if (!st_test_close(__FILE__, __LINE__, y, k->want, n, 0))
        fprintf(stderr, "  in case %s\n", k->name);
      bool any = false;
      for (int i = 0; i < 3; i++) any = any || (in[i] && st_requires_grad(in[i]));
      if (any) {
        st_tensor *g = tu_tensor(k->out_dtype, k->out_ndim, k->out_shape, k->g);
        CHECK_EQ_INT(st_backward(y, g, false, false), 0);
        for (int i = 0; i < 3; i++) {
          if (!in[i] || !st_requires_grad(in[i])) continue;
          st_tensor *gi = st_grad_of(in[i]);
          if (!st_test_close(__FILE__, __LINE__, gi, k->grad[i], st_numel(in[i]), tol))
            fprintf(stderr, "  in case %s, gradient of input %d\n", k->name, i);
          st_release(gi);
        }
      }
    }
    st_scope_pop();
  }
}

/* The present inputs of the case, in order (a, then min and/or max). */
static int cl_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const misc_cl_case *k = ctx;
  st_tensor *a = in[0], *lo = k->has[1] ? in[1] : NULL, *hi = k->has[2] ? in[1 + k->has[1]] : NULL;
  out[0] = st_clamp_tensor(a, lo, hi);
  return out[0] ? 0 : -1;
}

/* The case's present inputs packed in order (by the case, so a NULL from a failed allocation
   stays in its place). */
static int cl_present(const misc_cl_case *k, st_tensor **in, st_tensor **packed) {
  int n = 0;
  for (int i = 0; i < 3; i++)
    if (k->has[i]) packed[n++] = in[i];
  return n;
}

/* Away from ties and NaN, clamp is smooth in each input. */
TEST(clamp_tensor_under_every_transform) {
  int ran = 0;
  for (int c = 0; c < MISC_CL_NCASES; c++) {
    const misc_cl_case *k = &MISC_CL_CASES[c];
    if (k->kink) continue;
    ran++;
    st_scope_push();
    st_tensor *in[3], *p[3];
    cl_inputs(k, in, true, true);
    int n = cl_present(k, in, p);
    if (st_gradcheck(cl_fn, (void *)k, n, p, 1, 1e-6, 1e-7, 1e-5) ||
        st_gradgradcheck(cl_fn, (void *)k, n, p, 1, 1e-6, 1e-7, 1e-5))
      st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
    cl_inputs(k, in, false, true);
    n = cl_present(k, in, p);
    if (!CHECK_VMAP_ALL(cl_fn, (void *)k, n, p, 1, 3, 1e-12) ||
        !CHECK_JVP_FD(cl_fn, (void *)k, n, p, 1, 1e-6, 1e-7) ||
        !CHECK_TRANSPOSE(cl_fn, (void *)k, n, p, 1, 1e-12))
      fprintf(stderr, "  in case %s\n", k->name);
    st_scope_pop();
  }
  CHECK(ran >= 3);
}

/* vmap of the kink cases too: the lanes' values come from the same rule. */
TEST(clamp_tensor_vmap_matches_a_loop_at_ties_and_nan) {
  for (int c = 0; c < MISC_CL_NCASES; c++) {
    const misc_cl_case *k = &MISC_CL_CASES[c];
    if (!k->kink || k->dtype[0] != ST_F64) continue;
    st_scope_push();
    st_tensor *in[3], *p[3];
    cl_inputs(k, in, false, false);
    int n = cl_present(k, in, p);
    if (!CHECK_VMAP_ALL(cl_fn, (void *)k, n, p, 1, 2, 0))
      fprintf(stderr, "  in case %s\n", k->name);
    st_scope_pop();
  }
}

TEST(clamp_tensor_inplace_matches_torch) {
  for (int c = 0; c < MISC_CL_NCASES; c++) {
    const misc_cl_case *k = &MISC_CL_CASES[c];
    st_scope_push();
    st_tensor *in[3];
    cl_inputs(k, in, false, false);
    double *before = tu_values(in[0]);
    int rc = st_clamp_tensor_(in[0], in[1], in[2]);
    if (k->inplace_ok) {
      if (rc)
        st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
      else if (!st_test_close(__FILE__, __LINE__, in[0], k->inplace, st_numel(in[0]), 0))
        fprintf(stderr, "  in case %s\n", k->name);
      CHECK(st_dtype_of(in[0]) == k->dtype[0]);
    } else {
      if (rc == 0) st_test_fail(__FILE__, __LINE__, "%s: torch refuses it in place", k->name);
      st_clear_error();
      if (!st_test_close(__FILE__, __LINE__, in[0], before, st_numel(in[0]), 0))
        fprintf(stderr, "  in case %s: self changed by a failed call\n", k->name);
    }
    free(before);
    st_scope_pop();
  }
}

/* In place on a non-leaf and on a view of one: the gradient is the out-of-place one (through
   st_copy_'s history and CopySlices), and the base sees the write. */
TEST(clamp_tensor_inplace_is_differentiable_through_views) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), (const double[]){-2, -0.5, 0.1, 0.4, 0.9, 3});
  st_tensor *lo = tu_tensor(ST_F64, ST_SHAPE(3), (const double[]){-1, -0.2, 0.3});
  st_tensor *hi = tu_tensor(ST_F64, ST_SHAPE(1), (const double[]){0.8});
  st_set_requires_grad(x, true), st_set_requires_grad(lo, true), st_set_requires_grad(hi, true);
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2, 3), (const double[]){1, 2, 3, 4, 5, 6});
  /* reference: out of place on row 1 only */
  st_tensor *r1 = st_clamp_tensor(st_select(x, 0, 1), lo, hi);
  st_tensor *ref = st_stack(2, (st_tensor *[]){st_select(x, 0, 0), r1}, 0);
  st_tensor *grads_ref[3] = {0}, *grads[3] = {0};
  CHECK_EQ_INT(st_autograd_grad(1, (st_tensor *[]){st_sum_all(st_mul(ref, w))}, NULL, 3,
                                (st_tensor *[]){x, lo, hi}, grads_ref, NULL),
               0);
  st_tensor *y = st_mul_scalar(x, 1);
  st_tensor *row = st_select(y, 0, 1);
  CHECK_EQ_INT(st_clamp_tensor_(row, lo, hi), 0);
  CHECK_CLOSE(y, 0, -2, -0.5, 0.1, 0.4, 0.8, 0.8);
  CHECK_EQ_INT(st_autograd_grad(1, (st_tensor *[]){st_sum_all(st_mul(y, w))}, NULL, 3,
                                (st_tensor *[]){x, lo, hi}, grads, NULL),
               0);
  for (int i = 0; i < 3; i++) {
    double *want = tu_values(grads_ref[i]);
    CHECK(st_test_close(__FILE__, __LINE__, grads[i], want, st_numel(grads_ref[i]), 1e-15));
    free(want);
    st_release(grads[i]), st_release(grads_ref[i]);
  }
  /* a leaf that requires grad cannot be written in place */
  CHECK_FAILS(st_clamp_tensor_(x, lo, NULL) != 0, ST_ERR_INPLACE, "");
  st_scope_pop();
}

static int cl_inplace_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *self = st_clone(in[0]);
  if (st_clamp_tensor_(self, in[1], in[2])) return -1;
  out[0] = self;
  return 0;
}

TEST(clamp_tensor_inplace_under_vmap_and_grad) {
  st_scope_push();
  st_tensor *in[3] = {
      tu_tensor(ST_F64, ST_SHAPE(2, 3), (const double[]){-2, -0.5, 0.1, 0.4, 0.9, 3}),
      tu_tensor(ST_F64, ST_SHAPE(3), (const double[]){-1, -0.2, 0.3}),
      tu_tensor(ST_F64, ST_SHAPE(2, 3), (const double[]){0.5, 0.6, 0.7, 0.8, 0.85, 2})};
  CHECK(tx_vmap_all_inplace(__FILE__, __LINE__, cl_inplace_fn, NULL, 3, in, 1, 3, 0));
  for (int i = 0; i < 3; i++) st_set_requires_grad(in[i], true);
  if (st_gradcheck(cl_inplace_fn, NULL, 3, in, 1, 1e-6, 1e-7, 1e-5) ||
      st_gradgradcheck(cl_inplace_fn, NULL, 3, in, 1, 1e-6, 1e-7, 1e-5))
    st_test_fail(__FILE__, __LINE__, "%s", st_last_error());
  st_scope_pop();
}

TEST(clamp_tensor_errors_change_nothing) {
  st_scope_push();
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(3)), *b4 = st_zeros(ST_F32, ST_SHAPE(4));
  int e = 0;
  CHECK(MISC_CL_ERRORS_RAISE[e++]);
  CHECK_FAILS(!st_clamp_tensor(a, NULL, NULL), ST_ERR_ARG,
              "st_clamp_tensor: at least one of min and max");
  CHECK(MISC_CL_ERRORS_RAISE[e++]);
  CHECK_FAILS(!st_clamp_tensor(a, b4, NULL), ST_ERR_SHAPE, "st_clamp_tensor: shapes [3] and [4]");
  CHECK(MISC_CL_ERRORS_RAISE[e++]);
  st_tensor *i = st_arange(ST_I64, 0, 4, 1);
  CHECK_FAILS(st_clamp_tensor_(i, st_full(ST_F32, ST_SHAPE(1), 1.5), NULL) != 0, ST_ERR_DTYPE,
              "st_clamp_tensor_: result dtype f32 cannot be cast to self's dtype i64");
  CHECK_CLOSE(i, 0, 0, 1, 2, 3);
  CHECK(MISC_CL_ERRORS_RAISE[e++]);
  CHECK_FAILS(st_clamp_tensor_(a, st_zeros(ST_F32, ST_SHAPE(2, 3)), NULL) != 0, ST_ERR_SHAPE,
              "st_clamp_tensor_: self [3] does not match the broadcast shape [2, 3]");
  CHECK_CLOSE(a, 0, 1, 1, 1);
  CHECK_FAILS(st_clamp_tensor_(st_expand(st_ones(ST_F32, ST_SHAPE(1)), ST_SHAPE(3)), b4, NULL) != 0,
              ST_ERR_SHAPE, "st_clamp_tensor_");
  CHECK_FAILS(st_clamp_tensor_(st_expand(st_ones(ST_F32, ST_SHAPE(1)), ST_SHAPE(3)), a, NULL) != 0,
              ST_ERR_INPLACE, "st_clamp_tensor_: more than one element");
  CHECK_FAILS(!st_clamp_tensor(NULL, a, NULL), ST_ERR_ARG, "st_clamp_tensor: argument 1 is NULL");
  st_scope_pop();
}

/* ---------------------------------------------------------------------------- products */

static st_tensor *pd_call(const misc_pd_case *k, st_tensor *a, st_tensor *b, const char **fn) {
  switch (k->op) {
  case MISC_MATMUL: return *fn = "st_matmul", st_matmul(a, b);
  case MISC_MM: return *fn = "st_mm", st_mm(a, b);
  case MISC_BMM: return *fn = "st_bmm", st_bmm(a, b);
  case MISC_DOT: return *fn = "st_dot", st_dot(a, b);
  case MISC_OUTER: return *fn = "st_outer", st_outer(a, b);
  case MISC_LINEAR: return *fn = "st_linear", st_linear(a, b, NULL);
  default: {
    *fn = "st_linear";
    st_tensor *w = st_ones(k->dtype[0], k->ndim[1], k->shape[1]);
    return st_linear(a, w, st_ones(k->dtype[1], 1, k->shape[1]));
  }
  }
}

TEST(products_refuse_mixed_dtypes_as_torch) {
  int checked = 0;
  for (int c = 0; c < MISC_PD_NCASES; c++) {
    const misc_pd_case *k = &MISC_PD_CASES[c];
    st_scope_push();
    st_tensor *a = st_ones(k->dtype[0], k->ndim[0], k->shape[0]);
    st_tensor *b = st_ones(k->dtype[1], k->ndim[1], k->shape[1]);
    const char *fn = "";
    st_clear_error();
    st_tensor *r = pd_call(k, a, b, &fn);
    char what[128];
    snprintf(what, sizeof what, "%s %s (%s, %s)", fn, k->label, st_dtype_name(k->dtype[0]),
             st_dtype_name(k->dtype[1]));
    if (k->ok && !r)
      st_test_fail(__FILE__, __LINE__, "%s: torch accepts it, strata: %s", what, st_last_error());
    else if (k->ok && st_dtype_of(r) != k->out_dtype)
      st_test_fail(__FILE__, __LINE__, "%s: dtype %s, torch's %s", what,
                   st_dtype_name(st_dtype_of(r)), st_dtype_name(k->out_dtype));
    else if (!k->ok && r)
      st_test_fail(__FILE__, __LINE__, "%s: torch refuses it, strata gives %s", what,
                   st_dtype_name(st_dtype_of(r)));
    else if (!k->ok &&
             (st_last_status() != ST_ERR_DTYPE || strncmp(st_last_error(), fn, strlen(fn))))
      st_test_fail(__FILE__, __LINE__, "%s: status %d, message '%s'", what, (int)st_last_status(),
                   st_last_error());
    st_clear_error();
    checked++;
    st_scope_pop();
  }
  CHECK(checked > 200);
}

TEST(matmul_dtype_message_names_both) {
  st_scope_push();
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(2, 3)), *b = st_ones(ST_F64, ST_SHAPE(3, 2));
  CHECK_FAILS(!st_matmul(a, b), ST_ERR_DTYPE,
              "st_matmul: expected both operands to have the same dtype, but got f32 and f64");
  CHECK_FAILS(!st_dot(st_ones(ST_I64, ST_SHAPE(3)), st_ones(ST_F32, ST_SHAPE(3))), ST_ERR_DTYPE,
              "st_dot: expected both operands to have the same dtype, but got i64 and f32");
  CHECK_FAILS(!st_linear(a, st_ones(ST_F32, ST_SHAPE(4, 3)), st_ones(ST_F64, ST_SHAPE(4))),
              ST_ERR_DTYPE, "st_linear: expected the bias to have the input's dtype f32, got f64");
  st_scope_pop();
}
