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

/* ------------------------------------------------ properties ported from torch's test_nn.py */

static double item_of(st_tensor *t) { return t ? st_item(t) : NAN; }

/* test_bce_with_logits_gives_same_result_as_sigmoid_and_bce_loss (with and without weight, and
   pos_weight against its expansion), test_bce_loss_always_nonnegative and
   test_bce_with_logits_stability: logits of +-100 give finite losses. */
TEST(bce_properties_from_test_nn) {
  st_manual_seed(4);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(16, 4)), *t = st_rand(ST_F64, ST_SHAPE(16, 4));
  st_tensor *w = st_rand(ST_F64, ST_SHAPE(4));
  CHECK_NEAR(item_of(st_binary_cross_entropy_with_logits(x, t, NULL, NULL, ST_REDUCTION_MEAN)),
             item_of(st_binary_cross_entropy(st_sigmoid(x), t, NULL, ST_REDUCTION_MEAN)), 1e-12);
  CHECK_NEAR(item_of(st_binary_cross_entropy_with_logits(x, t, w, NULL, ST_REDUCTION_SUM)),
             item_of(st_binary_cross_entropy(st_sigmoid(x), t, w, ST_REDUCTION_SUM)), 1e-10);
  /* pos_weight p: -(p t log s + (1 - t) log(1 - s)) */
  st_tensor *p = st_full(ST_F64, ST_SHAPE(4), 3), *s = st_sigmoid(x);
  st_tensor *manual = st_neg(st_add(st_mul(st_mul(p, t), st_log(s)),
                                    st_mul(st_add_scalar(st_neg(t), 1), st_log1p(st_neg(s)))));
  CHECK_NEAR(item_of(st_binary_cross_entropy_with_logits(x, t, NULL, p, ST_REDUCTION_MEAN)),
             item_of(st_mean_all(manual)), 1e-12);
  st_tensor *ones = st_ones(ST_F64, ST_SHAPE(16, 4)), *zeros = st_zeros(ST_F64, ST_SHAPE(16, 4));
  CHECK(item_of(st_binary_cross_entropy(ones, ones, NULL, ST_REDUCTION_SUM)) >= 0);
  CHECK(item_of(st_binary_cross_entropy(zeros, zeros, NULL, ST_REDUCTION_SUM)) >= 0);
  CHECK_NEAR(item_of(st_binary_cross_entropy(ones, zeros, NULL, ST_REDUCTION_MEAN)), 100, 0);
  st_tensor *big = st_from_data(ST_F32, ST_SHAPE(2), (const float[]){10, 100});
  st_tensor *tgt = st_from_data(ST_F32, ST_SHAPE(2), (const float[]){0, 1});
  double l = item_of(st_binary_cross_entropy_with_logits(big, tgt, NULL, NULL, ST_REDUCTION_SUM));
  CHECK(isfinite(l));
  CHECK_NEAR(l, 10.0000454, 1e-5); /* softplus(10) + softplus(-100) */
}

/* test_kl_div_log_softmax_target: a distribution's divergence from itself is 0, with log-
   probabilities as target (log_target) or probabilities. */
TEST(kl_div_of_a_distribution_with_itself_is_zero) {
  st_manual_seed(6);
  st_tensor *a = st_log_softmax(st_randn(ST_F64, ST_SHAPE(2, 5)), 1);
  CHECK_NEAR(item_of(st_kl_div(a, a, ST_REDUCTION_SUM, true)), 0, 1e-15);
  CHECK_NEAR(item_of(st_kl_div(a, st_exp(a), ST_REDUCTION_SUM, false)), 0, 1e-15);
}

/* test_smoothl1loss_intergral_target / beta 0 and huber: smooth_l1(beta) = huber(delta=beta) /
   beta, and beta 0 is l1 (torch's special case). */
TEST(smooth_l1_huber_and_l1_agree) {
  st_manual_seed(8);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 7)), *t = st_randn(ST_F64, ST_SHAPE(3, 7));
  CHECK_NEAR(item_of(st_smooth_l1_loss(x, t, ST_REDUCTION_SUM, 0.5)),
             item_of(st_huber_loss(x, t, ST_REDUCTION_SUM, 0.5)) / 0.5, 1e-12);
  CHECK_NEAR(item_of(st_smooth_l1_loss(x, t, ST_REDUCTION_MEAN, 0)),
             item_of(st_l1_loss(x, t, ST_REDUCTION_MEAN)), 1e-15);
}
