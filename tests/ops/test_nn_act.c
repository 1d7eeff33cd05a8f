/* test_nn_act.c — leaky_relu, elu, hardtanh and logsigmoid against PyTorch (nn_ops_expected.h,
   from gen_nn_ops.py: sample_inputs_leaky_relu / elu / hardtanh, the kinks at 0 and at the
   hardtanh bounds, logsigmoid at large |x|), gradcheck and gradgradcheck in f64, vmap against a
   loop and jacrev against jacfwd (nn_cases.h); and the argument errors. */
#include "nn_cases.h"

static st_tensor *nn_call(const nn_case *k, st_tensor *const *in) {
  switch (k->op) {
  case NN_LEAKY_RELU: return st_leaky_relu(in[0], k->p[0]);
  case NN_ELU: return st_elu(in[0], k->p[0]);
  case NN_HARDTANH: return st_hardtanh(in[0], k->p[0], k->p[1]);
  case NN_LOGSIGMOID: return st_logsigmoid(in[0]);
  default: return NULL;
  }
}

TEST(leaky_relu_matches_torch) { CHECK_NN_OP(NN_LEAKY_RELU); }
TEST(elu_matches_torch) { CHECK_NN_OP(NN_ELU); }
TEST(hardtanh_matches_torch) { CHECK_NN_OP(NN_HARDTANH); }
TEST(logsigmoid_matches_torch) { CHECK_NN_OP(NN_LOGSIGMOID); }

/* F.hardtanh raises ValueError for min_val > max_val; equal bounds give a constant whose
   gradient is 0 everywhere (no x lies strictly between them). */
TEST(hardtanh_bounds) {
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (const double[]){-1, 0, 1});
  CHECK_FAILS(!st_hardtanh(x, 1, -1), ST_ERR_ARG, "min_val 1 cannot be greater than max_val -1");
  st_set_requires_grad(x, true);
  st_tensor *y = st_hardtanh(x, 0, 0);
  CHECK_CLOSE(y, 0, 0, 0, 0);
  CHECK_EQ_INT(st_backward(st_sum_all(y), NULL, false, false), 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 0);
}

/* An i64 input computes in f32 (the library's float-op rule). */
TEST(activations_of_integers_are_f32) {
  st_tensor *x = st_from_data(ST_I64, ST_SHAPE(3), (const int64_t[]){-2, 0, 3});
  st_tensor *y = st_leaky_relu(x, 0.5);
  CHECK(st_dtype_of(y) == ST_F32);
  CHECK_CLOSE(y, 0, -1, 0, 3);
  CHECK_CLOSE(st_hardtanh(x, -1, 2), 0, -1, 0, 2);
}

/* torch's out-of-place elu saves its input, not its result (derivatives.yaml: elu_backward with
   is_result false), so the result may be written in place before backward; the gradient is
   alpha e^x where x <= 0 (difffuzz program s1_89 found strata refusing the write). */
TEST(elu_result_written_in_place_still_differentiates) {
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (const double[]){-1, 0, 2});
  st_set_requires_grad(x, true);
  st_tensor *y = st_elu(x, 1.5);
  CHECK_EQ_INT(st_add_scalar_(y, -0.5), 0);
  CHECK_EQ_INT(st_backward(st_sum_all(y), NULL, false, false), 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 1.5 * exp(-1), 1.5, 1);
}
