/* test_contract.c — st_trace and st_cross against PyTorch (einsum_expected.h, gen_einsum.py:
   torch.trace of square, wide, tall and empty matrices; torch.linalg.cross along every dim
   with broadcasting), their gradients, gradgradcheck, jvp, vmap against a loop, dtypes and the
   errors of torch, which change nothing. */
#include "../transforms/tx.h"
#include "test.h"
#include "util.h"

#include "einsum_expected.h"

#include "ein_check.h"

static st_tensor *call(const ein_case *k, st_tensor *const *in) {
  return k->nops == 1 ? st_trace(in[0]) : st_cross(in[0], in[1], k->dim);
}
static int case_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = call(ctx, in);
  return out[0] ? 0 : -1;
}

/* Value in f64 and f32 (contiguous and strided) and the f64 gradients against torch; then
   gradcheck, gradgradcheck, jvp and vmap where the case is not empty. */
static void check_cases(const ein_case *cases, int n) {
  for (int c = 0; c < n; c++) {
    const ein_case *k = &cases[c];
    int64_t nout = numel_of(k->out_ndim, k->out_shape);
    for (int mode = 0; mode < 3; mode++)
      check_case_with(k, mode == 1 ? ST_F32 : ST_F64, mode == 2, call);
    if (nout == 0) continue;
    st_scope_push();
    st_tensor *in[EIN_MAX_OPS];
    case_inputs(k, ST_F64, false, false, in);
    if (!CHECK_JVP_FD(case_fn, (void *)k, k->nops, in, 1, 1e-6, 1e-7) ||
        !CHECK_TRANSPOSE(case_fn, (void *)k, k->nops, in, 1, 1e-10) ||
        !CHECK_VMAP_ALL(case_fn, (void *)k, k->nops, in, 1, 3, 1e-10))
      fprintf(stderr, "  in case '%s'\n", k->name);
    for (int i = 0; i < k->nops; i++) st_set_requires_grad(in[i], true);
    if (st_gradcheck(case_fn, (void *)k, k->nops, in, 1, 1e-6, 1e-7, 1e-5) ||
        st_gradgradcheck(case_fn, (void *)k, k->nops, in, 1, 1e-6, 1e-7, 1e-5))
      st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
    st_scope_pop();
  }
}

TEST(trace_matches_torch_under_every_transform) {
  CHECK(N_TRACE_CASES >= 6);
  check_cases(TRACE_CASES, N_TRACE_CASES);
}

TEST(cross_matches_torch_under_every_transform) {
  CHECK(N_CROSS_CASES >= 9);
  check_cases(CROSS_CASES, N_CROSS_CASES);
}

/* torch.trace's gradient is the identity-shaped scatter (trace_backward): ones on the main
   diagonal of a non-square matrix too. */
TEST(trace_gradient_is_the_identity_pattern) {
  st_tensor *a = st_ones(ST_F64, 2, (int64_t[]){3, 4});
  st_set_requires_grad(a, true);
  CHECK(st_backward(st_trace(a), NULL, false, false) == 0);
  st_tensor *g = st_grad_of(a);
  CHECK_CLOSE(g, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0);
  st_release(g);
}

/* Integers give i64 (torch.sum's rule), i32 and u8 too; f16 and bf16 keep their dtype; bool
   and anything but 2-D are refused, with torch's message. */
TEST(trace_dtypes_and_errors_match_torch) {
  st_tensor *m = st_reshape(st_arange(ST_F64, 0, 6, 1), 2, (int64_t[]){2, 3});
  st_dtype in[] = {ST_I64, ST_I32, ST_U8, ST_F16, ST_BF16, ST_F32};
  st_dtype out[] = {ST_I64, ST_I64, ST_I64, ST_F16, ST_BF16, ST_F32};
  for (int i = 0; i < 6; i++) {
    st_tensor *y = st_trace(st_to_dtype(m, in[i]));
    CHECK(y && st_dtype_of(y) == out[i] && st_item(y) == 4);
  }
  CHECK_FAILS(!st_trace(st_to_dtype(m, ST_BOOL)), ST_ERR_DTYPE, "st_trace: not implemented for bool");
  CHECK_FAILS(!st_trace(st_ones(ST_F32, 1, (int64_t[]){3})), ST_ERR_SHAPE,
              "st_trace: expected a matrix, but got tensor with dim 1");
  CHECK_FAILS(!st_trace(st_ones(ST_F32, 3, (int64_t[]){2, 3, 4})), ST_ERR_SHAPE, "got tensor with dim 3");
  CHECK_FAILS(!st_trace(st_scalar(ST_F32, 1)), ST_ERR_SHAPE, "got tensor with dim 0");
  CHECK_FAILS(!st_trace(NULL), ST_ERR_ARG, "st_trace: argument 1 is NULL");
}

/* torch.linalg.cross: one dtype (no promotion: i32 x i64 and f32 x f64 are errors), integers
   wrap as torch's, bool refused; the checks in torch's order. */
TEST(cross_dtypes_and_errors_match_torch) {
  st_tensor *a = tu_tensor(ST_F64, 1, (int64_t[]){3}, (double[]){1, 2, 3});
  st_tensor *b = tu_tensor(ST_F64, 1, (int64_t[]){3}, (double[]){4, 5, 7});
  st_dtype dts[] = {ST_I64, ST_I32, ST_U8, ST_F16, ST_F32};
  for (int i = 0; i < 5; i++) {
    st_tensor *y = st_cross(st_to_dtype(a, dts[i]), st_to_dtype(b, dts[i]), 0);
    CHECK(y && st_dtype_of(y) == dts[i]);
    /* (2*7 - 3*5, 3*4 - 1*7, 1*5 - 2*4) = (-1, 5, -3); u8 wraps -1 and -3 to 255 and 253 */
    if (dts[i] == ST_U8) CHECK_CLOSE(y, 0, 255, 5, 253);
    else CHECK_CLOSE(y, 0, -1, 5, -3);
  }
  CHECK_FAILS(!st_cross(st_to_dtype(a, ST_F32), b, -1), ST_ERR_DTYPE, "expected scalar type f32 but found f64");
  CHECK_FAILS(!st_cross(st_to_dtype(a, ST_I32), st_to_dtype(b, ST_I64), -1), ST_ERR_DTYPE, "i32 but found i64");
  CHECK_FAILS(!st_cross(st_to_dtype(a, ST_BOOL), st_to_dtype(b, ST_BOOL), -1), ST_ERR_DTYPE, "not implemented for bool");
  st_tensor *m23 = st_ones(ST_F32, 2, (int64_t[]){2, 3}), *m32 = st_ones(ST_F32, 2, (int64_t[]){3, 2});
  CHECK_FAILS(!st_cross(m23, m23, 0), ST_ERR_SHAPE, "st_cross: inputs dimension 0 must have length 3. Got 2 and 2");
  CHECK_FAILS(!st_cross(m32, st_ones(ST_F32, 2, (int64_t[]){1, 2}), 0), ST_ERR_SHAPE, "Got 3 and 1");
  CHECK_FAILS(!st_cross(st_ones(ST_F32, 1, (int64_t[]){3}), m23, -1), ST_ERR_SHAPE, "inputs must have the same number of dimensions");
  CHECK_FAILS(!st_cross(m23, st_ones(ST_F64, 2, (int64_t[]){4, 3}), -1), ST_ERR_SHAPE, "st_cross");
  CHECK_FAILS(!st_cross(st_ones(ST_F32, 1, (int64_t[]){3}), st_ones(ST_F32, 1, (int64_t[]){3}), 1), ST_ERR_ARG, "out of range");
  CHECK_FAILS(!st_cross(st_scalar(ST_F32, 1), st_scalar(ST_F32, 1), -1), ST_ERR_ARG, "no dimensions");
  CHECK_FAILS(!st_cross(NULL, a, -1), ST_ERR_ARG, "st_cross: argument 1 is NULL");
  CHECK_FAILS(!st_cross(a, NULL, -1), ST_ERR_ARG, "st_cross: argument 2 is NULL");
  CHECK_CLOSE(a, 0, 1, 2, 3);
}
