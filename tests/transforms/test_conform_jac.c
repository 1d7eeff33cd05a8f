/* test_conform_jac.c — argnums (several, negative) and has_aux for grad, vjp, jvp, jacrev,
   jacfwd and hessian, ported from test/functorch/test_eager_transforms.py (TestGradTransform,
   TestSliceArgnums, TestJac, TestHessian, TestJvp) with expected values from torch.func
   (gen_conform.py). torch.func nests Jacobians as J[output][argnum]; strata returns them
   flat, i-major (API.md). */
#include "conform_expected.h"
#include "tx.h"
#include "util.h"

typedef struct {
  const double *v;
  int64_t n;
} ex;
#define EX(arr)             ((ex){(arr), (int64_t)(sizeof(arr) / sizeof(double))})
#define CHECK_EX(t, e, tol) st_test_close(__FILE__, __LINE__, (t), (e).v, (e).n, (tol))

typedef st_func *(*jac_api)(st_func *f, const st_jac_opts *opts);

static st_tensor *vec3(const double *v) { return tu_tensor(ST_F64, ST_SHAPE(3), v); }

/* Calls f and checks its n outputs against e[0..n). */
static void check_outputs(const char *file, int line, st_func *f, st_tensor *const *in, const ex *e,
                          int n, double tol) {
  st_tensor *out[16] = {0};
  if (st_func_nout(f) != n) {
    st_test_fail(file, line, "the function has %d outputs, expected %d", st_func_nout(f), n);
    return;
  }
  if (st_call(f, in, out)) {
    st_test_fail(file, line, "st_call failed: %s", st_last_error());
    return;
  }
  for (int j = 0; j < n; j++) st_test_close(file, line, out[j], e[j].v, e[j].n, tol);
}
#define CHECK_OUTPUTS(f, in, n, tol, ...)                                                          \
  check_outputs(__FILE__, __LINE__, (f), (in), (const ex[]){__VA_ARGS__}, (n), (tol))

/* ------------------------------------------------------------------------------ functions */

static int mul_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_mul(in[0], in[1])) ? 0 : -1;
}
static int two_outputs_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(st_mul_scalar(in[0], 2), st_mul_scalar(in[1], 3));
  out[1] = st_add(st_mul_scalar(in[0], 4), st_mul_scalar(in[1], 5));
  return out[0] && out[1] ? 0 : -1;
}
static int lin23_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_add(st_mul_scalar(in[0], 2), st_mul_scalar(in[1], 3))) ? 0 : -1;
}
static int first_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  return 0;
}
static int captured_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)in, (void)nin, (void)nout;
  out[0] = st_retain(ctx);
  return 0;
}
static int aux_tensor_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_clone(in[0]);
  out[1] = st_cos(in[0]);
  return out[0] && out[1] ? 0 : -1;
}
static int aux_pytree_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_clone(in[0]);
  out[1] = st_cos(in[0]);
  out[2] = st_tan(in[0]);
  return out[2] ? 0 : -1;
}
/* (x.cos() * x) @ y.sin() */
static int multi_input_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_matmul(st_mul(st_cos(in[0]), in[0]), st_sin(in[1]))) ? 0 : -1;
}
/* (x * x) @ y, x @ (x.sum(1) * y), y.sum() */
static int multi_output_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0], *y = in[1];
  out[0] = st_matmul(st_mul(x, x), y);
  out[1] = st_matmul(x, st_mul(st_sum(x, 1, (const int[]){1}, false), y));
  out[2] = st_sum_all(y);
  return out[0] && out[1] && out[2] ? 0 : -1;
}
static int xyxy_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  for (int j = 0; j < 4; j++) out[j] = st_retain(in[j % 2]);
  return 0;
}
/* x.sum(), y.sum(), x * y */
static int zero_dim_a_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(in[0]);
  out[1] = st_sum_all(in[1]);
  out[2] = st_mul(in[0], in[1]);
  return out[2] ? 0 : -1;
}
static int stack3_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_stack(3, (st_tensor *[]){in[0], in[0], in[0]}, 0)) ? 0 : -1;
}
/* y.sum(), x * y */
static int zero_dim_c_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(in[1]);
  out[1] = st_mul(in[0], in[1]);
  return out[1] ? 0 : -1;
}

/* --------------------------------------------------------------------------- TestJac cases */

/* test_eager_transforms.py TestJac.test_multiple_args */
static void multiple_args(jac_api api, ex e0) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *j = api(f, &(st_jac_opts){.argnum = 1});
  CHECK_OUTPUTS(j, in, 1, 1e-14, e0);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_multiple_outputs_multiple_argnums */
static void multiple_outputs_multiple_argnums(jac_api api, ex e0, ex e1, ex e2, ex e3) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(two_outputs_fn, NULL, 2, 2),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}});
  CHECK_OUTPUTS(j, in, 4, 1e-14, e0, e1, e2, e3);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_multiple_outputs_single_argnums: argnum 0 and (0,) */
static void multiple_outputs_single_argnums(jac_api api, ex e0, ex e1) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(two_outputs_fn, NULL, 2, 2), *j = api(f, NULL),
          *j1 = api(f, &(st_jac_opts){.nargnums = 1, .argnums = (const int[]){0}});
  CHECK_OUTPUTS(j, in, 2, 1e-14, e0, e1);
  CHECK_OUTPUTS(j1, in, 2, 1e-14, e0, e1);
  st_func_release(j1);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_argnums_tuple (and test_argnums_effect_on_return) */
static void argnums_tuple(jac_api api, ex e0, ex e1) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}});
  CHECK_OUTPUTS(j, in, 2, 1e-14, e0, e1);
  st_func_release(j);
  st_func_release(f);
}

/* negative argnums count from the end (TestSliceArgnums.test_flat_args_with_negative_int_argnum
   through jac): (-1, -2) is (y, x) */
static void negative_argnums(jac_api api, ex e0, ex e1) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){-1, -2}}),
          *j1 = api(f, &(st_jac_opts){.argnum = -1});
  CHECK_OUTPUTS(j, in, 2, 1e-14, e0, e1);
  CHECK_OUTPUTS(j1, in, 1, 1e-14, e0);
  st_func_release(j1);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_argnums_defaults_to_zero */
static void defaults_to_zero(jac_api api, ex e0) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(lin23_fn, NULL, 2, 1), *j = api(f, NULL);
  CHECK_OUTPUTS(j, in, 1, 1e-14, e0);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_unrelated_input */
static void unrelated_input(jac_api api, ex e0, ex e1) {
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(2, 3)), st_randn(ST_F64, ST_SHAPE(2, 3))};
  st_func *f = st_func_new(first_fn, NULL, 2, 1),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}});
  st_tensor *out[2] = {0};
  CHECK_OUTPUTS(j, in, 2, 0, e0, e1);
  CHECK(st_call(j, in, out) == 0);
  CHECK_SHAPE(out[1], 2, 3, 2, 3);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_unrelated_output */
static void unrelated_output(jac_api api, ex e0) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(2, 3)), *y = st_randn(ST_F64, ST_SHAPE(2, 3)), *J = NULL;
  st_func *f = st_func_new(captured_fn, y, 1, 1), *j = api(f, NULL);
  CHECK_OUTPUTS(j, &x, 1, 0, e0);
  CHECK(st_call(j, &x, &J) == 0);
  CHECK_SHAPE(J, 2, 3, 2, 3);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_aux_tensor */
static void aux_tensor(jac_api api, ex e0, ex e1) {
  st_tensor *x = vec3(JAC_XY3_0);
  st_func *f = st_func_new(aux_tensor_fn, NULL, 1, 2), *j = api(f, &(st_jac_opts){.naux = 1});
  CHECK_OUTPUTS(j, &x, 2, 1e-14, e0, e1);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_aux_pytree: the aux pytree {'a': cos, 'b': [tan]}
   flattened into two auxiliary outputs */
static void aux_pytree(jac_api api, ex e0, ex e1, ex e2) {
  st_tensor *x = vec3(JAC_XY3_0);
  st_func *f = st_func_new(aux_pytree_fn, NULL, 1, 3), *j = api(f, &(st_jac_opts){.naux = 2});
  CHECK_OUTPUTS(j, &x, 3, 1e-14, e0, e1, e2);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_against_reference_multi_input */
static void multi_input(jac_api api, ex e0, ex e1, const double *x, const double *y) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), x), tu_tensor(ST_F64, ST_SHAPE(3, 5), y)};
  st_func *f = st_func_new(multi_input_fn, NULL, 2, 1),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}});
  CHECK_OUTPUTS(j, in, 2, 1e-13, e0, e1);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_against_reference_multi_input_multi_output */
static void multi_output(jac_api api, const ex *e, const double *x, const double *y) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(5, 3), x), tu_tensor(ST_F64, ST_SHAPE(3, 5), y)};
  st_func *f = st_func_new(multi_output_fn, NULL, 2, 3),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}});
  CHECK_OUTPUTS(j, in, 6, 1e-12, e[0], e[1], e[2], e[3], e[4], e[5]);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_against_reference_unrelated_outputs */
static void unrelated_outputs(jac_api api, const ex *e) {
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(2)), st_randn(ST_F64, ST_SHAPE(3))};
  st_func *f = st_func_new(xyxy_fn, NULL, 2, 4),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}});
  CHECK_OUTPUTS(j, in, 8, 0, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_against_reference_zero_dim: three sub-cases */
static void zero_dim(jac_api api, const ex *a, ex b, const ex *c, const double *const *xs) {
  st_tensor *in[2] = {vec3(xs[0]), vec3(xs[1])};
  st_jac_opts both = {.nargnums = 2, .argnums = (const int[]){0, 1}};
  st_func *f = st_func_new(zero_dim_a_fn, NULL, 2, 3), *j = api(f, &both);
  CHECK_OUTPUTS(j, in, 6, 1e-14, a[0], a[1], a[2], a[3], a[4], a[5]);
  st_func *g = st_func_new(stack3_fn, NULL, 1, 1), *jg = api(g, NULL);
  st_tensor *x0 = st_scalar(ST_F64, xs[2][0]);
  CHECK_OUTPUTS(jg, &x0, 1, 0, b);
  st_tensor *in2[2] = {st_scalar(ST_F64, xs[3][0]), tu_tensor(ST_F64, ST_SHAPE(1), xs[3] + 1)};
  st_func *h = st_func_new(zero_dim_c_fn, NULL, 2, 2), *jh = api(h, &both);
  CHECK_OUTPUTS(jh, in2, 4, 1e-14, c[0], c[1], c[2], c[3]);
  st_func *fs[] = {jh, h, jg, g, j, f};
  for (int k = 0; k < 6; k++) st_func_release(fs[k]);
}

/* test_eager_transforms.py TestJac.test_dimensionality */
static void dimensionality(jac_api api, ex e0, ex e1) {
  st_func *f = st_func_new(first_fn, NULL, 1, 1), *j = api(f, NULL);
  st_tensor *x0 = st_scalar(ST_F64, 0.5), *x1 = st_ones(ST_F64, ST_SHAPE(1)), *r = NULL;
  CHECK(st_call(j, &x0, &r) == 0);
  CHECK_EQ_INT(st_ndim(r), 0);
  st_test_close(__FILE__, __LINE__, r, e0.v, e0.n, 0);
  CHECK(st_call(j, &x1, &r) == 0);
  CHECK_SHAPE(r, 1, 1);
  st_test_close(__FILE__, __LINE__, r, e1.v, e1.n, 0);
  st_func_release(j);
  st_func_release(f);
}

/* test_eager_transforms.py TestJac.test_empty_argnums / test_out_of_bounds_argnums /
   test_negative_argnums / test_repeated_argnums */
static void argnums_errors(jac_api api) {
  st_func *f = st_func_new(first_fn, NULL, 1, 1), *j = NULL;
  CHECK_FAILS((j = api(f, &(st_jac_opts){.argnum = 2})) == NULL, ST_ERR_ARG,
              "only 1 positional inputs");
  CHECK_FAILS((j = api(f, &(st_jac_opts){.argnum = -2})) == NULL, ST_ERR_ARG,
              "only 1 positional inputs");
  CHECK_FAILS((j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 0}})) == NULL,
              ST_ERR_ARG, "must be unique");
  CHECK_FAILS((j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, -1}})) == NULL,
              ST_ERR_ARG, "must be unique");
  CHECK_FAILS((j = api(f, &(st_jac_opts){.nargnums = 1})) == NULL, ST_ERR_ARG, "with argnums");
  CHECK_FAILS((j = api(f, &(st_jac_opts){.naux = 1})) == NULL, ST_ERR_ARG, "naux 1");
  CHECK_FAILS((j = api(f, &(st_jac_opts){.naux = -1})) == NULL, ST_ERR_ARG, "naux -1");
  CHECK(j == NULL);
  st_func_release(f);
}

/* each case runs with jacrev's expected values and with jacfwd's (computed apart by torch) */
TEST(conform_jacrev_multiple_args) { multiple_args(st_jacrev_ex, EX(JACREV_MULTIPLE_ARGS)); }
TEST(conform_jacfwd_multiple_args) { multiple_args(st_jacfwd_ex, EX(JACFWD_MULTIPLE_ARGS)); }
TEST(conform_jacrev_multiple_outputs_multiple_argnums) {
  multiple_outputs_multiple_argnums(st_jacrev_ex, EX(JACREV_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_0),
                                    EX(JACREV_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_1),
                                    EX(JACREV_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_2),
                                    EX(JACREV_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_3));
}
TEST(conform_jacfwd_multiple_outputs_multiple_argnums) {
  multiple_outputs_multiple_argnums(st_jacfwd_ex, EX(JACFWD_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_0),
                                    EX(JACFWD_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_1),
                                    EX(JACFWD_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_2),
                                    EX(JACFWD_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS_3));
}
TEST(conform_jacrev_multiple_outputs_single_argnums) {
  multiple_outputs_single_argnums(st_jacrev_ex, EX(JACREV_MULTIPLE_OUTPUTS_SINGLE_ARGNUMS_0),
                                  EX(JACREV_MULTIPLE_OUTPUTS_SINGLE_ARGNUMS_1));
}
TEST(conform_jacfwd_multiple_outputs_single_argnums) {
  multiple_outputs_single_argnums(st_jacfwd_ex, EX(JACFWD_MULTIPLE_OUTPUTS_SINGLE_ARGNUMS_0),
                                  EX(JACFWD_MULTIPLE_OUTPUTS_SINGLE_ARGNUMS_1));
}
TEST(conform_jacrev_argnums_tuple) {
  argnums_tuple(st_jacrev_ex, EX(JACREV_ARGNUMS_TUPLE_0), EX(JACREV_ARGNUMS_TUPLE_1));
}
TEST(conform_jacfwd_argnums_tuple) {
  argnums_tuple(st_jacfwd_ex, EX(JACFWD_ARGNUMS_TUPLE_0), EX(JACFWD_ARGNUMS_TUPLE_1));
}
TEST(conform_jacrev_negative_argnums) {
  negative_argnums(st_jacrev_ex, EX(JACREV_NEGATIVE_ARGNUMS_0), EX(JACREV_NEGATIVE_ARGNUMS_1));
}
TEST(conform_jacfwd_negative_argnums) {
  negative_argnums(st_jacfwd_ex, EX(JACFWD_NEGATIVE_ARGNUMS_0), EX(JACFWD_NEGATIVE_ARGNUMS_1));
}
TEST(conform_jacrev_defaults_to_zero) {
  defaults_to_zero(st_jacrev_ex, EX(JACREV_DEFAULTS_TO_ZERO));
}
TEST(conform_jacfwd_defaults_to_zero) {
  defaults_to_zero(st_jacfwd_ex, EX(JACFWD_DEFAULTS_TO_ZERO));
}
TEST(conform_jacrev_unrelated_input) {
  unrelated_input(st_jacrev_ex, EX(JACREV_UNRELATED_INPUT_0), EX(JACREV_UNRELATED_INPUT_1));
}
TEST(conform_jacfwd_unrelated_input) {
  unrelated_input(st_jacfwd_ex, EX(JACFWD_UNRELATED_INPUT_0), EX(JACFWD_UNRELATED_INPUT_1));
}
TEST(conform_jacrev_unrelated_output) {
  unrelated_output(st_jacrev_ex, EX(JACREV_UNRELATED_OUTPUT));
}
TEST(conform_jacfwd_unrelated_output) {
  unrelated_output(st_jacfwd_ex, EX(JACFWD_UNRELATED_OUTPUT));
}
TEST(conform_jacrev_aux_tensor) {
  aux_tensor(st_jacrev_ex, EX(JACREV_AUX_TENSOR_0), EX(JACREV_AUX_TENSOR_1));
}
TEST(conform_jacfwd_aux_tensor) {
  aux_tensor(st_jacfwd_ex, EX(JACFWD_AUX_TENSOR_0), EX(JACFWD_AUX_TENSOR_1));
}
TEST(conform_jacrev_aux_pytree) {
  aux_pytree(st_jacrev_ex, EX(JACREV_AUX_PYTREE_0), EX(JACREV_AUX_PYTREE_1),
             EX(JACREV_AUX_PYTREE_2));
}
TEST(conform_jacfwd_aux_pytree) {
  aux_pytree(st_jacfwd_ex, EX(JACFWD_AUX_PYTREE_0), EX(JACFWD_AUX_PYTREE_1),
             EX(JACFWD_AUX_PYTREE_2));
}
TEST(conform_jacrev_against_reference_multi_input) {
  multi_input(st_jacrev_ex, EX(JACREV_MULTI_INPUT_0), EX(JACREV_MULTI_INPUT_1),
              JACREV_MULTI_INPUT_XY_0, JACREV_MULTI_INPUT_XY_1);
}
TEST(conform_jacfwd_against_reference_multi_input) {
  multi_input(st_jacfwd_ex, EX(JACFWD_MULTI_INPUT_0), EX(JACFWD_MULTI_INPUT_1),
              JACFWD_MULTI_INPUT_XY_0, JACFWD_MULTI_INPUT_XY_1);
}
TEST(conform_jacrev_against_reference_multi_input_multi_output) {
  ex e[] = {EX(JACREV_MULTI_OUTPUT_0), EX(JACREV_MULTI_OUTPUT_1), EX(JACREV_MULTI_OUTPUT_2),
            EX(JACREV_MULTI_OUTPUT_3), EX(JACREV_MULTI_OUTPUT_4), EX(JACREV_MULTI_OUTPUT_5)};
  multi_output(st_jacrev_ex, e, JACREV_MULTI_OUTPUT_XY_0, JACREV_MULTI_OUTPUT_XY_1);
}
TEST(conform_jacfwd_against_reference_multi_input_multi_output) {
  ex e[] = {EX(JACFWD_MULTI_OUTPUT_0), EX(JACFWD_MULTI_OUTPUT_1), EX(JACFWD_MULTI_OUTPUT_2),
            EX(JACFWD_MULTI_OUTPUT_3), EX(JACFWD_MULTI_OUTPUT_4), EX(JACFWD_MULTI_OUTPUT_5)};
  multi_output(st_jacfwd_ex, e, JACFWD_MULTI_OUTPUT_XY_0, JACFWD_MULTI_OUTPUT_XY_1);
}
TEST(conform_jacrev_against_reference_unrelated_outputs) {
  ex e[] = {EX(JACREV_UNRELATED_OUTPUTS_0), EX(JACREV_UNRELATED_OUTPUTS_1),
            EX(JACREV_UNRELATED_OUTPUTS_2), EX(JACREV_UNRELATED_OUTPUTS_3),
            EX(JACREV_UNRELATED_OUTPUTS_4), EX(JACREV_UNRELATED_OUTPUTS_5),
            EX(JACREV_UNRELATED_OUTPUTS_6), EX(JACREV_UNRELATED_OUTPUTS_7)};
  unrelated_outputs(st_jacrev_ex, e);
}
TEST(conform_jacfwd_against_reference_unrelated_outputs) {
  ex e[] = {EX(JACFWD_UNRELATED_OUTPUTS_0), EX(JACFWD_UNRELATED_OUTPUTS_1),
            EX(JACFWD_UNRELATED_OUTPUTS_2), EX(JACFWD_UNRELATED_OUTPUTS_3),
            EX(JACFWD_UNRELATED_OUTPUTS_4), EX(JACFWD_UNRELATED_OUTPUTS_5),
            EX(JACFWD_UNRELATED_OUTPUTS_6), EX(JACFWD_UNRELATED_OUTPUTS_7)};
  unrelated_outputs(st_jacfwd_ex, e);
}
TEST(conform_jacrev_against_reference_zero_dim) {
  ex a[] = {EX(JACREV_ZERO_DIM_A_0), EX(JACREV_ZERO_DIM_A_1), EX(JACREV_ZERO_DIM_A_2),
            EX(JACREV_ZERO_DIM_A_3), EX(JACREV_ZERO_DIM_A_4), EX(JACREV_ZERO_DIM_A_5)};
  ex c[] = {EX(JACREV_ZERO_DIM_C_0), EX(JACREV_ZERO_DIM_C_1), EX(JACREV_ZERO_DIM_C_2),
            EX(JACREV_ZERO_DIM_C_3)};
  const double xy[] = {JACREV_ZERO_DIM_C_XY_0[0], JACREV_ZERO_DIM_C_XY_1[0]};
  const double *xs[] = {JACREV_ZERO_DIM_A_XY_0, JACREV_ZERO_DIM_A_XY_1, JACREV_ZERO_DIM_B_X, xy};
  zero_dim(st_jacrev_ex, a, EX(JACREV_ZERO_DIM_B), c, xs);
}
TEST(conform_jacfwd_against_reference_zero_dim) {
  ex a[] = {EX(JACFWD_ZERO_DIM_A_0), EX(JACFWD_ZERO_DIM_A_1), EX(JACFWD_ZERO_DIM_A_2),
            EX(JACFWD_ZERO_DIM_A_3), EX(JACFWD_ZERO_DIM_A_4), EX(JACFWD_ZERO_DIM_A_5)};
  ex c[] = {EX(JACFWD_ZERO_DIM_C_0), EX(JACFWD_ZERO_DIM_C_1), EX(JACFWD_ZERO_DIM_C_2),
            EX(JACFWD_ZERO_DIM_C_3)};
  const double xy[] = {JACFWD_ZERO_DIM_C_XY_0[0], JACFWD_ZERO_DIM_C_XY_1[0]};
  const double *xs[] = {JACFWD_ZERO_DIM_A_XY_0, JACFWD_ZERO_DIM_A_XY_1, JACFWD_ZERO_DIM_B_X, xy};
  zero_dim(st_jacfwd_ex, a, EX(JACFWD_ZERO_DIM_B), c, xs);
}
TEST(conform_jacrev_dimensionality) {
  dimensionality(st_jacrev_ex, EX(JACREV_DIMENSIONALITY_0), EX(JACREV_DIMENSIONALITY_1));
}
TEST(conform_jacfwd_dimensionality) {
  dimensionality(st_jacfwd_ex, EX(JACFWD_DIMENSIONALITY_0), EX(JACFWD_DIMENSIONALITY_1));
}
TEST(conform_jacrev_argnums_errors) { argnums_errors(st_jacrev_ex); }
TEST(conform_jacfwd_argnums_errors) { argnums_errors(st_jacfwd_ex); }
TEST(conform_hessian_argnums_errors) { argnums_errors(st_hessian_ex); }

/* --------------------------------------------------------------------------------- chunks */

/* ((x.sin(), x + y), (x + 2, x.sum())) */
static int chunk_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  out[1] = st_add(in[0], in[1]);
  out[2] = st_add_scalar(in[0], 2);
  out[3] = st_sum_all(in[0]);
  return out[3] ? 0 : -1;
}

/* test_eager_transforms.py TestJac.test_chunk_jacrev (and jacfwd with the same chunks) */
TEST(conform_chunk_jacrev_and_jacfwd_argnums) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(10, 2), CHUNK_JACREV_XY_0),
                      tu_tensor(ST_F64, ST_SHAPE(1, 2), CHUNK_JACREV_XY_1)};
  st_func *f = st_func_new(chunk_fn, NULL, 2, 4);
  int64_t chunks[] = {1, 2, 3, 4, 7, 10, 1000, 0};
  ex e[] = {EX(CHUNK_JACREV_0), EX(CHUNK_JACREV_1), EX(CHUNK_JACREV_2), EX(CHUNK_JACREV_3),
            EX(CHUNK_JACREV_4), EX(CHUNK_JACREV_5), EX(CHUNK_JACREV_6), EX(CHUNK_JACREV_7)};
  for (int c = 0; c < 8; c++) {
    st_jac_opts o = {.chunk_size = chunks[c], .nargnums = 2, .argnums = (const int[]){0, 1}};
    st_func *jr = st_jacrev_ex(f, &o), *jf = st_jacfwd_ex(f, &o);
    CHECK_OUTPUTS(jr, in, 8, 1e-14, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]);
    CHECK_OUTPUTS(jf, in, 8, 1e-14, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]);
    st_func_release(jf);
    st_func_release(jr);
  }
  CHECK_FAILS(st_jacrev_ex(f, &(st_jac_opts){.chunk_size = -2}) == NULL, ST_ERR_ARG,
              "chunk_size -2");
  st_func_release(f);
}

static int chunk1_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  out[1] = st_retain(in[0]);
  out[2] = st_add_scalar(in[0], 2);
  out[3] = st_sum_all(in[0]);
  return out[3] ? 0 : -1;
}

/* test_eager_transforms.py TestJac.test_chunk_jacrev_composition */
TEST(conform_chunk_jacrev_composition) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(10, 2), CHUNK_JACREV_COMPOSITION_X);
  st_func *f = st_func_new(chunk1_fn, NULL, 1, 4);
  st_func *j1 = st_jacrev_ex(f, &(st_jac_opts){.chunk_size = 3}),
          *j2 = st_jacrev_ex(j1, &(st_jac_opts){.chunk_size = 3}), *v = st_vmap(j2, NULL, NULL);
  CHECK_OUTPUTS(v, &x, 4, 1e-13, EX(CHUNK_JACREV_COMPOSITION_0), EX(CHUNK_JACREV_COMPOSITION_1),
                EX(CHUNK_JACREV_COMPOSITION_2), EX(CHUNK_JACREV_COMPOSITION_3));
  st_func *fs[] = {v, j2, j1, f};
  for (int k = 0; k < 4; k++) st_func_release(fs[k]);
}

/* ------------------------------------------------------------------------------ TestHessian */

static int three_x2_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_sum_all(st_mul_scalar(st_square(in[0]), 3))) ? 0 : -1;
}

/* test_eager_transforms.py TestHessian.test_hessian_vectorize_correctness_simple */
TEST(conform_hessian_vectorize_correctness_simple) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3, 5), HESSIAN_SIMPLE_X), *H = NULL;
  st_func *f = st_func_new(three_x2_fn, NULL, 1, 1), *h = st_hessian(f, 0);
  CHECK_OUTPUTS(h, &x, 1, 1e-14, EX(HESSIAN_SIMPLE));
  CHECK(st_call(h, &x, &H) == 0);
  CHECK_SHAPE(H, 2, 3, 5, 2, 3, 5);
  st_func_release(h);
  st_func_release(f);
}

/* ((x.relu() * x) @ y.sin() @ z).sum() */
static int hess_multi_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_matmul(st_matmul(st_mul(st_relu(in[0]), in[0]), st_sin(in[1])), in[2]);
  return (out[0] = st_sum_all(a)) ? 0 : -1;
}

/* test_eager_transforms.py TestHessian.test_hessian_vectorize_correctness_multi_input: the 3x3
   nested blocks H[a][b] at a * 3 + b */
TEST(conform_hessian_vectorize_correctness_multi_input) {
  st_tensor *in[3] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), HESSIAN_MULTI_INPUT_XYZ_0),
                      tu_tensor(ST_F64, ST_SHAPE(3, 5), HESSIAN_MULTI_INPUT_XYZ_1),
                      tu_tensor(ST_F64, ST_SHAPE(5, 5), HESSIAN_MULTI_INPUT_XYZ_2)};
  st_func *f = st_func_new(hess_multi_fn, NULL, 3, 1),
          *h = st_hessian_ex(f, &(st_jac_opts){.nargnums = 3, .argnums = (const int[]){0, 1, 2}});
  CHECK_OUTPUTS(h, in, 9, 1e-12, EX(HESSIAN_MULTI_INPUT_0), EX(HESSIAN_MULTI_INPUT_1),
                EX(HESSIAN_MULTI_INPUT_2), EX(HESSIAN_MULTI_INPUT_3), EX(HESSIAN_MULTI_INPUT_4),
                EX(HESSIAN_MULTI_INPUT_5), EX(HESSIAN_MULTI_INPUT_6), EX(HESSIAN_MULTI_INPUT_7),
                EX(HESSIAN_MULTI_INPUT_8));
  st_tensor *H[9] = {0};
  CHECK(st_call(h, in, H) == 0);
  CHECK_SHAPE(H[1], 2, 3, 3, 5);
  CHECK_SHAPE(H[5], 3, 5, 5, 5);
  st_func_release(h);
  st_func_release(f);
}

static int x2_sum_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_sum_all(st_square(in[0]))) ? 0 : -1;
}
static int ones_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout, (void)in;
  return (out[0] = st_ones(ST_F64, 0, NULL)) ? 0 : -1;
}

/* test_eager_transforms.py TestHessian.test_hessian_vectorize_correctness_unrelated_outputs */
TEST(conform_hessian_unrelated_outputs) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2), HESSIAN_UNRELATED_XY_0),
                      tu_tensor(ST_F64, ST_SHAPE(3), HESSIAN_UNRELATED_XY_1)};
  st_jac_opts both = {.nargnums = 2, .argnums = (const int[]){0, 1}};
  st_func *f = st_func_new(x2_sum_fn, NULL, 2, 1), *h = st_hessian_ex(f, &both);
  CHECK_OUTPUTS(h, in, 4, 1e-14, EX(HESSIAN_UNRELATED_0), EX(HESSIAN_UNRELATED_1),
                EX(HESSIAN_UNRELATED_2), EX(HESSIAN_UNRELATED_3));
  st_func *g = st_func_new(ones_fn, NULL, 2, 1), *hg = st_hessian_ex(g, &both);
  st_tensor *H[4] = {0};
  CHECK(st_call(hg, in, H) == 0);
  CHECK_SHAPE(H[1], 2, 3);
  CHECK_CLOSE(st_sum_all(st_abs(H[3])), 0, 0.0);
  st_func *fs[] = {hg, g, h, f};
  for (int k = 0; k < 4; k++) st_func_release(fs[k]);
}

/* ((A @ x1.T).T - x2)**2 summed */
static int levels_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *hat = st_transpose(st_matmul(in[0], st_transpose(in[1], 0, 1)), 0, 1);
  return (out[0] = st_sum_all(st_square(st_sub(in[2], hat)))) ? 0 : -1;
}

/* test_eager_transforms.py TestHessian.test_jacfwd_different_levels (functorch issue 597) */
TEST(conform_hessian_jacfwd_different_levels) {
  st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(4, 2, 2), HESSIAN_LEVELS_AX_0);
  st_tensor *x1 = tu_tensor(ST_F64, ST_SHAPE(4, 6, 2), HESSIAN_LEVELS_AX_1);
  st_tensor *in[3] = {A, x1, x1}, *H1 = NULL, *H2 = NULL;
  st_func *f = st_func_new(levels_loss, NULL, 3, 1), *h = st_hessian(f, 0),
          *vh = st_vmap(h, NULL, NULL), *r1 = st_jacrev(f, 0), *r2 = st_jacrev(r1, 0),
          *vr = st_vmap(r2, NULL, NULL);
  CHECK_OUTPUTS(vh, in, 1, 1e-12, EX(HESSIAN_LEVELS));
  CHECK(st_call(vh, in, &H1) == 0);
  CHECK(st_call(vr, in, &H2) == 0);
  CHECK_SHAPE(H1, 4, 2, 2, 2, 2);
  double *h2 = tu_values(H2);
  st_test_close(__FILE__, __LINE__, H1, h2, st_numel(H2), 1e-12);
  free(h2);
  st_func *fs[] = {vr, r2, r1, vh, h, f};
  for (int k = 0; k < 6; k++) st_func_release(fs[k]);
}

static int cube_sum_aux_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_pow_scalar(in[0], 3));
  out[1] = st_cos(in[0]);
  return out[1] ? 0 : -1;
}

/* has_aux through the hessian: jacfwd(jacrev(f, has_aux=True), has_aux=True) */
TEST(conform_hessian_has_aux) {
  st_tensor *x = vec3(HESSIAN_AUX_X);
  st_func *f = st_func_new(cube_sum_aux_fn, NULL, 1, 2),
          *h = st_hessian_ex(f, &(st_jac_opts){.naux = 1});
  CHECK_OUTPUTS(h, &x, 2, 1e-14, EX(HESSIAN_AUX_0), EX(HESSIAN_AUX_1));
  st_func_release(h);
  st_func_release(f);
}

/* (a * b).sum()**2, (a.sin() * b).sum() */
static int two_out_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_square(st_sum_all(st_mul(in[0], in[1])));
  out[1] = st_sum_all(st_mul(st_sin(in[0]), in[1]));
  return out[1] ? 0 : -1;
}

/* the hessian's order for several outputs and argnums: H[i][a][b] at (i * 2 + a) * 2 + b, as
   jacfwd(jacrev(f, argnums), argnums) nests them */
TEST(conform_hessian_two_outputs_two_argnums_order) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2), HESSIAN_TWO_OUT_XY_0),
                      tu_tensor(ST_F64, ST_SHAPE(2), HESSIAN_TWO_OUT_XY_1)};
  st_func *f = st_func_new(two_out_fn, NULL, 2, 2),
          *h = st_hessian_ex(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, -1}});
  CHECK_OUTPUTS(h, in, 8, 1e-13, EX(HESSIAN_TWO_OUT_0), EX(HESSIAN_TWO_OUT_1),
                EX(HESSIAN_TWO_OUT_2), EX(HESSIAN_TWO_OUT_3), EX(HESSIAN_TWO_OUT_4),
                EX(HESSIAN_TWO_OUT_5), EX(HESSIAN_TWO_OUT_6), EX(HESSIAN_TWO_OUT_7));
  st_func_release(h);
  st_func_release(f);
}

/* ---------------------------------------------------------------- grad argnums (TestGrad) */

static st_tensor *arg_x(void) { return st_scalar(ST_F64, ARGNUMS_XY_0[0]); }
static st_tensor *arg_y(void) { return st_scalar(ST_F64, ARGNUMS_XY_1[0]); }

/* test_eager_transforms.py TestGradTransform.test_argnums */
TEST(conform_grad_argnums) {
  st_tensor *in[2] = {arg_x(), arg_y()};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *g0 = st_grad(f, 1, (const int[]){0}),
          *g1 = st_grad(f, 1, (const int[]){1}), *g01 = st_grad(f, 2, (const int[]){0, 1});
  CHECK_OUTPUTS(g0, in, 1, 0, EX(ARGNUMS_MUL_0));
  CHECK_OUTPUTS(g1, in, 1, 0, EX(ARGNUMS_MUL_1));
  CHECK_OUTPUTS(g01, in, 2, 0, EX(ARGNUMS_MUL_0), EX(ARGNUMS_MUL_1));
  st_func *fs[] = {g01, g1, g0, f};
  for (int k = 0; k < 4; k++) st_func_release(fs[k]);
}

/* test_eager_transforms.py TestGradTransform.test_out_of_order_argnums */
TEST(conform_grad_out_of_order_argnums) {
  st_tensor *in[2] = {arg_x(), arg_y()};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *g = st_grad(f, 2, (const int[]){1, 0});
  CHECK_OUTPUTS(g, in, 2, 0, EX(ARGNUMS_OUT_OF_ORDER_0), EX(ARGNUMS_OUT_OF_ORDER_1));
  st_func_release(g);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_negative_argnums */
TEST(conform_grad_negative_argnums) {
  st_tensor *in[2] = {arg_x(), arg_y()};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *g = st_grad(f, 2, (const int[]){-2, -1}),
          *g1 = st_grad(f, 1, (const int[]){-1}), *gv = st_grad_and_value(f, 1, (const int[]){-1});
  CHECK_OUTPUTS(g, in, 2, 0, EX(ARGNUMS_NEGATIVE_0), EX(ARGNUMS_NEGATIVE_1));
  CHECK_OUTPUTS(g1, in, 1, 0, EX(ARGNUMS_NEGATIVE_ONE));
  CHECK_OUTPUTS(gv, in, 2, 0, EX(ARGNUMS_GRAD_AND_VALUE_0_0), EX(ARGNUMS_GRAD_AND_VALUE_1));
  st_func *fs[] = {gv, g1, g, f};
  for (int k = 0; k < 4; k++) st_func_release(fs[k]);
}

/* test_eager_transforms.py TestGradTransform.test_invalid_argnums, TestSliceArgnums
   .test_out_of_bounds_argnum_values / test_not_enough_argnums / test_duplicate_argnums */
TEST(conform_grad_invalid_argnums) {
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *g = NULL;
  CHECK_FAILS((g = st_grad(f, 1, (const int[]){-3})) == NULL, ST_ERR_ARG,
              "but the function has only 2");
  CHECK_FAILS((g = st_grad(f, 1, (const int[]){2})) == NULL, ST_ERR_ARG,
              "but the function has only 2");
  CHECK_FAILS((g = st_grad(f, 2, (const int[]){0, 0})) == NULL, ST_ERR_ARG, "must be unique");
  CHECK_FAILS((g = st_grad(f, 2, (const int[]){0, -2})) == NULL, ST_ERR_ARG, "must be unique");
  CHECK_FAILS((g = st_grad(f, 0, (const int[]){0})) == NULL, ST_ERR_ARG, "must be non-empty");
  CHECK_FAILS((g = st_grad_and_value(f, 1, (const int[]){5})) == NULL, ST_ERR_ARG,
              "st_grad_and_value: got argnum 5");
  CHECK(g == NULL);
  st_func_release(f);
}

static int sum5_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nout;
  st_tensor *s = st_mul_scalar(in[0], 1);
  for (int i = 1; i < nin; i++) s = st_add(s, st_mul_scalar(in[i], i + 1));
  return (out[0] = s) ? 0 : -1;
}

/* test_eager_transforms.py TestSliceArgnums.test_flat_args_with_negative_int_argnum and
   .test_flat_args_with_tuple_argnum: -1 is the last of five, -5 the first, (0, -3) the first
   and the third */
TEST(conform_grad_negative_argnums_five_inputs) {
  st_tensor *in[5];
  for (int i = 0; i < 5; i++) in[i] = st_scalar(ST_F64, 0.1 + i);
  st_func *f = st_func_new(sum5_fn, NULL, 5, 1), *g1 = st_grad(f, 1, (const int[]){-1}),
          *g5 = st_grad(f, 1, (const int[]){-5}), *g03 = st_grad(f, 2, (const int[]){0, -3});
  st_tensor *r[2] = {0};
  CHECK(st_call(g1, in, r) == 0);
  CHECK_CLOSE(r[0], 0, 5.0);
  CHECK(st_call(g5, in, r) == 0);
  CHECK_CLOSE(r[0], 0, 1.0);
  CHECK(st_call(g03, in, r) == 0);
  CHECK_CLOSE(r[0], 0, 1.0);
  CHECK_CLOSE(r[1], 0, 3.0);
  st_func *fs[] = {g03, g5, g1, f};
  for (int k = 0; k < 4; k++) st_func_release(fs[k]);
}

/* --------------------------------------------------------------------- has_aux: vjp, jvp */

static int sin_cos_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  out[1] = st_cos(in[0]);
  return out[1] ? 0 : -1;
}
static int sin_cos_tan_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  out[1] = st_cos(in[0]);
  out[2] = st_tan(in[0]);
  return out[2] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_vjp_aux_tensor */
TEST(conform_vjp_aux_tensor) {
  st_tensor *x = vec3(VJP_AUX_XV_0), *v = vec3(VJP_AUX_XV_1), *outs[2] = {0}, *g = NULL;
  st_func *f = st_func_new(sin_cos_fn, NULL, 1, 2), *pb = NULL;
  CHECK(st_vjp_ex(f, &x, outs, &pb, &(st_vjp_opts){.naux = 1}) == 0);
  CHECK_EQ_INT(st_func_nin(pb), 1);
  CHECK_EX(outs[0], EX(VJP_AUX_TENSOR_0), 1e-14);
  CHECK_EX(outs[1], EX(VJP_AUX_TENSOR_1), 1e-14);
  CHECK(st_call(pb, &v, &g) == 0);
  CHECK_EX(g, EX(VJP_AUX_TENSOR_2), 1e-14);
  st_func_release(pb);
  st_func_release(f);
}

/* test_eager_transforms.py TestGradTransform.test_vjp_aux_pytree */
TEST(conform_vjp_aux_pytree) {
  st_tensor *x = vec3(VJP_AUX_XV_0), *v = vec3(VJP_AUX_XV_1), *outs[3] = {0}, *g = NULL;
  st_func *f = st_func_new(sin_cos_tan_fn, NULL, 1, 3), *pb = NULL;
  CHECK(st_vjp_ex(f, &x, outs, &pb, &(st_vjp_opts){.naux = 2}) == 0);
  CHECK_EQ_INT(st_func_nin(pb), 1);
  CHECK_EX(outs[0], EX(VJP_AUX_PYTREE_0), 1e-14);
  CHECK_EX(outs[1], EX(VJP_AUX_PYTREE_1), 1e-14);
  CHECK_EX(outs[2], EX(VJP_AUX_PYTREE_2), 1e-14);
  CHECK(st_call(pb, &v, &g) == 0);
  CHECK_EX(g, EX(VJP_AUX_PYTREE_3), 1e-14);
  st_func_release(pb);
  CHECK_FAILS(st_vjp_ex(f, &x, outs, &pb, &(st_vjp_opts){.naux = 3}) != 0, ST_ERR_ARG,
              "st_vjp_ex: naux 3");
  CHECK(pb == NULL);
  st_func_release(f);
}

/* test_eager_transforms.py TestJvp.test_aux_tensor */
TEST(conform_jvp_aux_tensor) {
  st_tensor *x = vec3(VJP_AUX_XV_0), *t = vec3(VJP_AUX_XV_1), *outs[2] = {0}, *touts[1] = {0};
  st_func *f = st_func_new(sin_cos_fn, NULL, 1, 2);
  CHECK(st_jvp_ex(f, &x, &t, outs, touts, &(st_jvp_opts){.naux = 1}) == 0);
  CHECK_EX(outs[0], EX(JVP_AUX_TENSOR_0), 1e-14);
  CHECK_EX(touts[0], EX(JVP_AUX_TENSOR_1), 1e-14);
  CHECK_EX(outs[1], EX(JVP_AUX_TENSOR_2), 1e-14);
  st_func_release(f);
}

/* test_eager_transforms.py TestJvp.test_aux_pytree */
TEST(conform_jvp_aux_pytree) {
  st_tensor *x = vec3(VJP_AUX_XV_0), *t = vec3(VJP_AUX_XV_1), *outs[3] = {0}, *touts[1] = {0};
  st_func *f = st_func_new(sin_cos_tan_fn, NULL, 1, 3);
  CHECK(st_jvp_ex(f, &x, &t, outs, touts, &(st_jvp_opts){.naux = 2}) == 0);
  CHECK_EX(outs[0], EX(JVP_AUX_PYTREE_0), 1e-14);
  CHECK_EX(touts[0], EX(JVP_AUX_PYTREE_1), 1e-14);
  CHECK_EX(outs[1], EX(JVP_AUX_PYTREE_2), 1e-14);
  CHECK_EX(outs[2], EX(JVP_AUX_PYTREE_3), 1e-14);
  CHECK_FAILS(st_jvp_ex(f, &x, &t, outs, touts, &(st_jvp_opts){.naux = -1}) != 0, ST_ERR_ARG,
              "st_jvp_ex: naux -1");
  st_func_release(f);
}

static int sum_sin_cos_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_sin(in[0]));
  out[1] = st_cos(in[0]);
  return out[1] ? 0 : -1;
}

/* test_eager_transforms.py TestGradTransform.test_grad_aux_tensor */
TEST(conform_grad_aux_tensor) {
  st_tensor *x = vec3(VJP_AUX_XV_0);
  st_func *f = st_func_new(sum_sin_cos_fn, NULL, 1, 2), *g = st_grad(f, 0, NULL);
  CHECK_OUTPUTS(g, &x, 2, 1e-14, EX(GRAD_AUX_TENSOR_0), EX(GRAD_AUX_TENSOR_1));
  st_func_release(g);
  st_func_release(f);
}

static int unrelated_vjp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_retain(ctx);
  out[1] = st_retain(ctx);
  out[2] = st_retain(in[1]);
  return 0;
}

/* test_eager_transforms.py TestGradTransform.test_unrelated_vjp_multiple_inputs_outputs */
TEST(conform_unrelated_vjp_multiple_inputs_outputs) {
  st_tensor *y = st_scalar(ST_F64, 2), *in[2] = {st_scalar(ST_F64, 3), st_scalar(ST_F64, 4)};
  st_tensor *outs[3] = {0}, *g[2] = {0}, *v = st_scalar(ST_F64, 1);
  st_func *f = st_func_new(unrelated_vjp_fn, y, 2, 3), *pb = NULL;
  CHECK(st_vjp(f, in, outs, &pb) == 0);
  CHECK(st_call(pb, (st_tensor *[]){v, v, v}, g) == 0);
  CHECK_EX(g[0], EX(UNRELATED_VJP_MULTI_0), 0);
  CHECK_EX(g[1], EX(UNRELATED_VJP_MULTI_1), 0);
  st_func_release(pb);
  st_func_release(f);
}

/* ------------------------------------------------------------------ allocation failures */

static int sin_prod_aux_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_sin(in[0]), in[1]);
  if (!out[0]) return -1; /* a later success would clear the error */
  out[1] = st_cos(in[1]);
  return out[1] ? 0 : -1;
}
static int keep_sum_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_keep(st_exp(in[0]));
  return (out[0] = st_sum_all(st_mul(st_tanh(in[0]), in[1]))) ? 0 : -1;
}

/* Every allocation of the new calls failing in turn: each call fails with ST_ERR_OOM or
   succeeds, and leaves nothing alive (DESIGN.md: a failed call leaks nothing) */
TEST(conform_allocation_failures_are_clean) {
  st_tensor *in[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_func *f = st_func_new(sin_prod_aux_fn, NULL, 2, 2), *k = st_func_new(keep_sum_fn, NULL, 2, 1);
  st_jac_opts o = {.nargnums = 2, .argnums = (const int[]){-1, 0}, .naux = 1};
  st_func *c = st_checkpoint(k);
  st_func *fs[] = {st_jacrev_ex(f, &o), st_jacfwd_ex(f, &o), st_hessian_ex(f, &o),
                   st_checkpoint(k),    st_grad(c, 0, NULL), st_vmap(k, NULL, NULL)};
  st_tensor *leaf[2] = {vec3(JAC_XY3_0), vec3(JAC_XY3_1)};
  st_set_requires_grad(leaf[0], true);
  st_set_requires_grad(leaf[1], true);
  for (int which = 0; which < 9; which++) {
    int failures = 0;
    for (int n = 1; n <= 1500; n++) {
      int64_t live = st_live_objects();
      st_scope_push();
      st_tensor *out[16] = {0}, *touts[2] = {0};
      st_func *pb = NULL;
      st_debug_fail_alloc_after(n);
      int rc;
      if (which < 6)
        rc = st_call(fs[which], in, out);
      else if (which == 6)
        rc = st_vjp_ex(f, in, out, &pb, &(st_vjp_opts){.naux = 1});
      else if (which == 7)
        rc = st_jvp_ex(f, in, in, out, touts, &(st_jvp_opts){.naux = 1});
      else if (!(rc = st_call(fs[3], leaf, out))) /* a checkpoint node and its backward */
        rc = st_backward(out[0], NULL, false, false);
      if (!rc && pb) rc = st_call(pb, in, out + 2);
      st_debug_fail_alloc_after(0);
      if (rc) {
        failures++;
        if (st_last_status() != ST_ERR_OOM)
          st_test_fail(__FILE__, __LINE__, "call %d, allocation %d: status %d (%s)", which, n,
                       (int)st_last_status(), st_last_error());
      }
      st_clear_error();
      st_func_release(pb);
      st_zero_grad(leaf[0]);
      st_zero_grad(leaf[1]);
      st_scope_pop();
      if (st_live_objects() != live) {
        st_test_fail(__FILE__, __LINE__, "call %d, allocation %d: %lld objects leaked", which, n,
                     (long long)(st_live_objects() - live));
        break;
      }
    }
    CHECK(failures > 0);
  }
  for (int j = 0; j < 6; j++) st_func_release(fs[j]);
  st_func_release(c);
  st_func_release(k);
  st_func_release(f);
}

/* ------------------------------------------------------------------------- compositions */

static st_tensor *compose_x(void) { return tu_tensor(ST_F64, ST_SHAPE(4, 3), COMPOSE_XY_0); }
static st_tensor *compose_y(void) { return tu_tensor(ST_F64, ST_SHAPE(4, 3), COMPOSE_XY_1); }

/* vmap(jacrev(f, argnums=(0, 1), has_aux=True)): per-sample Jacobians and the batched aux */
static void vmap_of_jac_aux(jac_api api, ex j0, ex j1, ex aux) {
  st_tensor *in[2] = {compose_x(), compose_y()};
  st_func *f = st_func_new(sin_prod_aux_fn, NULL, 2, 2),
          *j = api(f, &(st_jac_opts){.nargnums = 2, .argnums = (const int[]){0, 1}, .naux = 1}),
          *v = st_vmap(j, NULL, NULL);
  CHECK_OUTPUTS(v, in, 3, 1e-14, j0, j1, aux);
  st_func_release(v);
  st_func_release(j);
  st_func_release(f);
}
TEST(conform_vmap_of_jacrev_argnums_aux) {
  vmap_of_jac_aux(st_jacrev_ex, EX(COMPOSE_VMAP_JACREV_0), EX(COMPOSE_VMAP_JACREV_1),
                  EX(COMPOSE_VMAP_JACREV_2));
}
TEST(conform_vmap_of_jacfwd_argnums_aux) {
  vmap_of_jac_aux(st_jacfwd_ex, EX(COMPOSE_VMAP_JACFWD_0), EX(COMPOSE_VMAP_JACFWD_1),
                  EX(COMPOSE_VMAP_JACFWD_2));
}

static int jvp_aux_lane(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *f = st_func_new(sin_cos_fn, NULL, 1, 2);
  st_tensor *outs[2] = {0}, *tout = NULL;
  int rc = st_jvp_ex(f, in, in + 1, outs, &tout, &(st_jvp_opts){.naux = 1});
  st_func_release(f);
  out[0] = outs[0], out[1] = tout, out[2] = outs[1];
  return rc;
}

/* vmap over jvp with has_aux: the primal, the tangent, the aux, per lane */
TEST(conform_vmap_of_jvp_aux) {
  st_tensor *in[2] = {compose_x(), compose_y()};
  st_func *f = st_func_new(jvp_aux_lane, NULL, 2, 3), *v = st_vmap(f, NULL, NULL);
  CHECK_OUTPUTS(v, in, 3, 1e-14, EX(COMPOSE_VMAP_JVP_AUX_0), EX(COMPOSE_VMAP_JVP_AUX_1),
                EX(COMPOSE_VMAP_JVP_AUX_2));
  st_func_release(v);
  st_func_release(f);
}

static int xsinx_aux_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_sin(in[0]), in[0]);
  if (!out[0]) return -1;
  out[1] = st_cos(in[0]);
  return out[1] ? 0 : -1;
}
/* (pullback(v)[0] ** 2).sum() with vjp(has_aux=True) inside */
static int pull_sum_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *f = st_func_new(xsinx_aux_fn, NULL, 1, 2), *pb = NULL;
  st_tensor *outs[2] = {0}, *g = NULL;
  int rc = st_vjp_ex(f, in, outs, &pb, &(st_vjp_opts){.naux = 1});
  if (!rc) rc = st_call(pb, in + 1, &g);
  st_func_release(pb);
  st_func_release(f);
  if (rc) return rc;
  return (out[0] = st_sum_all(st_square(g))) ? 0 : -1;
}

/* grad through a vjp pullback with has_aux, w.r.t. the primal and the cotangent */
TEST(conform_grad_of_vjp_aux_pullback) {
  st_tensor *in[2] = {st_select(compose_x(), 0, 0), st_select(compose_y(), 0, 0)};
  st_func *f = st_func_new(pull_sum_fn, NULL, 2, 1), *g = st_grad(f, 2, (const int[]){0, 1});
  CHECK_OUTPUTS(g, in, 2, 1e-13, EX(COMPOSE_GRAD_VJP_AUX_0), EX(COMPOSE_GRAD_VJP_AUX_1));
  st_func_release(g);
  st_func_release(f);
}

static int int_aux_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 2);
  if (!out[0]) return -1;
  out[1] = st_arange(ST_I64, 0, 3, 1);
  return out[1] ? 0 : -1;
}

/* an auxiliary output need not be differentiable: an integer tensor comes back as it is */
TEST(conform_jac_integer_aux) {
  st_tensor *x = vec3(JAC_XY3_0), *r[2] = {0};
  st_func *f = st_func_new(int_aux_fn, NULL, 1, 2);
  st_jac_opts o = {.naux = 1};
  st_func *fs[] = {st_jacrev_ex(f, &o), st_jacfwd_ex(f, &o), st_hessian_ex(f, &o)};
  for (int k = 0; k < 3; k++) {
    CHECK(st_call(fs[k], &x, r) == 0);
    CHECK(st_dtype_of(r[1]) == ST_I64);
    CHECK_CLOSE(r[1], 0, 0, 1, 2);
    if (k < 2)
      CHECK_SHAPE(r[0], 3, 3);
    else
      CHECK_SHAPE(r[0], 3, 3, 3);
    st_func_release(fs[k]);
  }
  /* without naux the integer output is differentiated, which is an error */
  st_func *j = st_jacrev(f, 0);
  CHECK_FAILS(st_call(j, &x, r) != 0, ST_ERR_SHAPE, "floating point output");
  st_func_release(j);
  st_func_release(f);
}
