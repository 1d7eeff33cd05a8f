/* test_nn_norm.c — conv1d, group_norm and batch_norm against PyTorch (nn_ops_expected.h, from
   gen_nn_ops.py: sample_inputs_conv1d / group_norm / batch_norm and common_nn.py's BatchNorm
   tests, batch_norm's running statistics after a training call included), gradcheck and
   gradgradcheck in f64, vmap against a loop and jacrev against jacfwd (nn_cases.h); batch_norm's
   running statistics outside the graph and under the transforms; the argument errors. */
#include "nn_cases.h"

static st_tensor *nn_call(const nn_case *k, st_tensor *const *in) {
  switch (k->op) {
  case NN_CONV1D:
    return st_conv1d(in[0], in[1], in[2], &k->ip[0], &k->ip[1], &k->ip[2], k->ip[3]);
  case NN_GROUP_NORM: return st_group_norm(in[0], k->ip[0], in[1], in[2], k->p[0]);
  case NN_BATCH_NORM:
    return st_batch_norm(in[0], in[1], in[2], in[3], in[4], k->ip[0] != 0, k->p[0], k->p[1]);
  default: return NULL;
  }
}

TEST(conv1d_matches_torch) { CHECK_NN_OP(NN_CONV1D); }
TEST(group_norm_matches_torch) { CHECK_NN_OP(NN_GROUP_NORM); }
TEST(batch_norm_matches_torch) { CHECK_NN_OP(NN_BATCH_NORM); }

TEST(conv1d_errors) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(1, 4, 5)), *w = st_zeros(ST_F64, ST_SHAPE(2, 2, 3));
  CHECK_FAILS(!st_conv1d(x, w, NULL, NULL, NULL, NULL, 1), ST_ERR_SHAPE,
              "st_conv1d: input [1, 4, 5] has 4 channels");
  CHECK_FAILS(!st_conv1d(st_zeros(ST_F64, ST_SHAPE(1, 1, 4, 5)), w, NULL, NULL, NULL, NULL, 2),
              ST_ERR_SHAPE, "st_conv1d: input [1, 1, 4, 5] must be 3-D");
  CHECK_FAILS(!st_conv1d(x, w, st_zeros(ST_F64, ST_SHAPE(3)), NULL, NULL, NULL, 2), ST_ERR_SHAPE,
              "bias [3] must be [2]");
  CHECK_FAILS(!st_conv1d(x, st_zeros(ST_F32, ST_SHAPE(2, 2, 3)), NULL, NULL, NULL, NULL, 2),
              ST_ERR_DTYPE, "must share a float dtype");
  const int64_t zero = 0, big = 9;
  CHECK_FAILS(!st_conv1d(x, w, NULL, &zero, NULL, NULL, 2), ST_ERR_ARG, "stride 0");
  CHECK_FAILS(!st_conv1d(x, st_zeros(ST_F64, ST_SHAPE(2, 2, 9)), NULL, NULL, NULL, &big, 2),
              ST_ERR_SHAPE, "smaller than the dilated kernel");
  CHECK(st_conv1d(x, w, NULL, NULL, NULL, NULL, 2) != NULL);
}

TEST(group_norm_and_batch_norm_errors) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(2, 6, 3)), *v4 = st_zeros(ST_F64, ST_SHAPE(4));
  CHECK_FAILS(!st_group_norm(x, 4, NULL, NULL, 1e-5), ST_ERR_ARG,
              "the 6 channels of input [2, 6, 3] are not divisible by num_groups 4");
  CHECK_FAILS(!st_group_norm(x, 2, v4, NULL, 1e-5), ST_ERR_SHAPE, "weight [4] must be [6]");
  CHECK_FAILS(!st_group_norm(st_zeros(ST_F64, ST_SHAPE(6)), 2, NULL, NULL, 1e-5), ST_ERR_SHAPE,
              "must be [N, C, *]");
  CHECK_FAILS(!st_batch_norm(x, NULL, NULL, NULL, NULL, false, 0.1, 1e-5), ST_ERR_ARG,
              "evaluation mode needs running_mean and running_var");
  CHECK_FAILS(!st_batch_norm(st_zeros(ST_F64, ST_SHAPE(1, 6)), NULL, NULL, NULL, NULL, true, 0.1,
                             1e-5),
              ST_ERR_SHAPE, "expected more than 1 value per channel when training");
  CHECK_FAILS(!st_batch_norm(x, v4, NULL, NULL, NULL, true, 0.1, 1e-5), ST_ERR_SHAPE,
              "running_mean [4] must be [6]");
}

static int bn_train(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *const *stats = ctx; /* {running_mean, running_var}, or {NULL, NULL} */
  st_tensor *y = st_batch_norm(in[0], stats[0], stats[1], NULL, NULL, true, 0.5, 1e-5);
  out[0] = st_sum_all(st_mul(y, st_square(in[0])));
  return out[0] ? 0 : -1;
}

/* Training mode writes the running statistics outside the graph: under st_grad they take the
   batch's values (the primal), the gradient is the batch statistics' one, and the buffers keep
   no history; under st_vmap the batched statistics cannot go into them (torch.func refuses the
   same), and nothing is written. */
TEST(batch_norm_running_stats_under_transforms) {
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3, 2), (const double[]){1, -1, 2, 0, 4, 3});
  st_tensor *stats[2] = {st_zeros(ST_F64, ST_SHAPE(2)), st_ones(ST_F64, ST_SHAPE(2))};
  st_func *f = st_func_new(bn_train, stats, 1, 1), *g = st_grad(f, 1, (const int[]){0});
  st_tensor *none[2] = {NULL, NULL}, *gx = NULL, *want = NULL;
  st_func *f0 = st_func_new(bn_train, none, 1, 1), *g0 = st_grad(f0, 1, (const int[]){0});
  CHECK_EQ_INT(st_call(g, &x, &gx), 0);
  CHECK_EQ_INT(st_call(g0, &x, &want), 0);
  double *w = tu_values(want);
  CHECK(st_test_close(__FILE__, __LINE__, gx, w, 6, 1e-12));
  free(w);
  /* mean (7/3, 2/3), unbiased var (7/3, 13/3): halfway from (0, 1) */
  CHECK_CLOSE(stats[0], 1e-12, 7.0 / 6, 1.0 / 3);
  CHECK_CLOSE(stats[1], 1e-12, 5.0 / 3, 8.0 / 3);
  CHECK(!st_requires_grad(stats[0]) && st_grad_fn(stats[0]) == NULL);
  st_tensor *xs = st_stack(2, (st_tensor *const[]){x, x}, 0), *y = NULL;
  st_func *v = st_vmap(f, (const int[]){0}, (const int[]){0});
  st_clear_error();
  CHECK(st_call(v, &xs, &y) != 0);
  CHECK(st_last_status() != ST_OK);
  CHECK_CLOSE(stats[0], 1e-12, 7.0 / 6, 1.0 / 3);
  st_func_release(v), st_func_release(g), st_func_release(f), st_func_release(g0),
      st_func_release(f0);
}

/* torch's batch-size check refuses exactly one value per channel, not none: an empty batch in
   training gives an empty result and leaves the running statistics alone (difffuzz s3_789,
   vmap over a size-0 slice). */
TEST(batch_norm_of_an_empty_batch_in_training) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(0, 3, 2));
  st_tensor *rm = st_full(ST_F64, ST_SHAPE(3), 0.5), *rv = st_full(ST_F64, ST_SHAPE(3), 2);
  st_tensor *y = st_batch_norm(x, rm, rv, NULL, NULL, true, 0.1, 1e-5);
  CHECK_SHAPE(y, 0, 3, 2);
  CHECK_CLOSE(rm, 0, 0.5, 0.5, 0.5);
  CHECK_CLOSE(rv, 0, 2, 2, 2);
  CHECK_FAILS(!st_batch_norm(st_zeros(ST_F64, ST_SHAPE(1, 3)), NULL, NULL, NULL, NULL, true, 0.1,
                             1e-5),
              ST_ERR_SHAPE, "expected more than 1 value per channel");
}

/* A composite op's result made in no-grad mode is a new tensor, as PyTorch's (difffuzz s7_941):
   written in place in grad mode with a tracked value it takes the write's history, where a view
   of the op's intermediate (group_norm's last reshape, batch_norm's transpose) was refused as "a
   view made in no-grad mode". */
TEST(norm_results_made_in_no_grad_mode_are_written_in_place_in_grad_mode) {
  st_tensor *w = st_randn(ST_F64, ST_SHAPE(2, 4, 3));
  st_set_requires_grad(w, true);
  bool prev = st_set_grad_enabled(false);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(2, 4, 3));
  st_tensor *g = st_group_norm(x, 2, NULL, NULL, 1e-5);
  st_tensor *b = st_batch_norm(x, NULL, NULL, NULL, NULL, true, 0.1, 1e-5);
  st_tensor *c = st_conv1d(x, st_randn(ST_F64, ST_SHAPE(2, 4, 1)), NULL, NULL, NULL, NULL, 1);
  st_set_grad_enabled(prev);
  CHECK_EQ_INT(st_add_(g, w), 0);
  CHECK_EQ_INT(st_add_(b, w), 0);
  CHECK_EQ_INT(st_add_(c, st_slice(w, 1, 0, 2, 1)), 0);
  CHECK_EQ_INT(st_backward(st_sum_all(st_add(st_add(g, b), st_sum(c, 1, (const int[]){1}, true))), NULL,
                           false, false),
               0);
  /* g and b: 1 per element of w (2 x 24); c: its 12 elements each broadcast over 4 channels */
  CHECK_CLOSE(st_sum_all(st_grad_of(w)), 1e-12, 2 * 24 + 12 * 4);
}
