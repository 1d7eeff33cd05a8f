/* test_nn_loss.c — binary_cross_entropy (with its floor of the logs at -100), binary_cross_
   entropy_with_logits (weight, pos_weight, large logits), l1_loss, smooth_l1_loss, huber_loss and
   kl_div against PyTorch (nn_ops_expected.h, from gen_nn_ops.py: common_methods_invocations.py's
   loss samples and common_nn.py's BCEWithLogitsLoss cases), gradcheck and gradgradcheck in f64,
   vmap against a loop and jacrev against jacfwd (nn_cases.h); the argument errors; and the
   gradients of weight and pos_weight, which PyTorch does not give, against finite differences. */
#include "nn_cases.h"

static st_tensor *nn_call(const nn_case *k, st_tensor *const *in) {
  st_reduction r = (st_reduction)k->p[0];
  switch (k->op) {
  case NN_BCE: return st_binary_cross_entropy(in[0], in[1], in[2], r);
  case NN_BCE_LOGITS: return st_binary_cross_entropy_with_logits(in[0], in[1], in[2], in[3], r);
  case NN_L1: return st_l1_loss(in[0], in[1], r);
  case NN_SMOOTH_L1: return st_smooth_l1_loss(in[0], in[1], r, k->p[1]);
  case NN_HUBER: return st_huber_loss(in[0], in[1], r, k->p[1]);
  case NN_KL_DIV: return st_kl_div(in[0], in[1], r, k->p[1] != 0);
  default: return NULL;
  }
}

TEST(binary_cross_entropy_matches_torch) { CHECK_NN_OP(NN_BCE); }
TEST(binary_cross_entropy_with_logits_matches_torch) { CHECK_NN_OP(NN_BCE_LOGITS); }
TEST(l1_loss_matches_torch) { CHECK_NN_OP(NN_L1); }
TEST(smooth_l1_loss_matches_torch) { CHECK_NN_OP(NN_SMOOTH_L1); }
TEST(huber_loss_matches_torch) { CHECK_NN_OP(NN_HUBER); }
TEST(kl_div_matches_torch) { CHECK_NN_OP(NN_KL_DIV); }

/* PyTorch's messages, as errors that change nothing. */
TEST(pointwise_loss_errors) {
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (const double[]){0.2, 1.5, 0.5});
  st_tensor *t = st_from_data(ST_F64, ST_SHAPE(3), (const double[]){0, 1, 1});
  CHECK_FAILS(!st_binary_cross_entropy(x, t, NULL, ST_REDUCTION_MEAN), ST_ERR_ARG,
              "all elements of input should be between 0 and 1 (element 1 is 1.5)");
  CHECK_FAILS(!st_binary_cross_entropy_with_logits(x, st_ones(ST_F64, ST_SHAPE(1)), NULL, NULL,
                                                   ST_REDUCTION_MEAN),
              ST_ERR_SHAPE, "target [1] must have the input's shape [3]");
  CHECK_FAILS(!st_smooth_l1_loss(x, t, ST_REDUCTION_SUM, -1), ST_ERR_ARG, "beta -1");
  CHECK_FAILS(!st_huber_loss(x, t, ST_REDUCTION_SUM, 0), ST_ERR_ARG, "delta 0 must be positive");
  CHECK_FAILS(!st_l1_loss(x, st_ones(ST_F64, ST_SHAPE(2)), ST_REDUCTION_SUM), ST_ERR_SHAPE, "");
  CHECK_FAILS(!st_kl_div(x, t, (st_reduction)5, false), ST_ERR_ARG, "reduction 5");
}

static int bce_weights(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_binary_cross_entropy_with_logits(in[0], in[1], in[2], in[3], ST_REDUCTION_SUM);
  return out[0] ? 0 : -1;
}

/* weight and pos_weight are differentiable here (PyTorch refuses): their gradients and second
   derivatives against finite differences, broadcast as in common_nn.py's pos_weight case. */
TEST(bce_with_logits_weight_gradients) {
  double xv[6] = {-1.5, 0.3, 2.2, -0.7, 1.1, -2.4}, tv[6] = {0, 1, 0.5, 1, 0.25, 0};
  st_tensor *in[4] = {st_from_data(ST_F64, ST_SHAPE(2, 3), xv),
                      st_from_data(ST_F64, ST_SHAPE(2, 3), tv),
                      st_from_data(ST_F64, ST_SHAPE(2, 1), (const double[]){0.7, 1.3}),
                      st_from_data(ST_F64, ST_SHAPE(3), (const double[]){0.5, 2, 3})};
  for (int i = 0; i < 4; i++) st_set_requires_grad(in[i], true);
  CHECK_EQ_INT(st_gradcheck(bce_weights, NULL, 4, in, 1, 1e-6, 1e-7, 1e-5), 0);
  CHECK_EQ_INT(st_gradgradcheck(bce_weights, NULL, 4, in, 1, 1e-6, 1e-7, 1e-5), 0);
}
