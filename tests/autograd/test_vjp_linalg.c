/* test_vjp_linalg.c — gradients of matmul, mm, bmm, dot, outer and linear against float64
   finite differences (st_gradcheck) and their double backward (st_gradgradcheck), for every
   rank combination of torch.matmul; and needs_input_grad pruning of weight gradients. */
#include <stdlib.h>

#include "test.h"
#include "util.h"

typedef st_tensor *(*binary_fn)(st_tensor *, st_tensor *);

static int apply_binary(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = ((binary_fn)user)(in[0], in[1]);
  return out[0] ? 0 : -1;
}

static int apply_linear(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nout;
  out[0] = st_linear(in[0], in[1], nin > 2 ? in[2] : NULL);
  return out[0] ? 0 : -1;
}

static st_tensor *leaf(int ndim, const int64_t *shape, unsigned seed) {
  double v[256];
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  tu_fill(v, n, -1, 1, seed);
  st_tensor *t = tu_tensor(ST_F64, ndim, shape, v);
  st_set_requires_grad(t, true);
  return t;
}
#define LEAF(seed, ...) leaf(ST_SHAPE(__VA_ARGS__), seed)

static void check_both(binary_fn f, st_tensor *a, st_tensor *b, const char *what) {
  st_tensor *in[2] = {a, b};
  if (st_gradcheck(apply_binary, (void *)f, 2, in, 1, 1e-6, 1e-8, 1e-6))
    st_test_fail(__FILE__, __LINE__, "%s gradcheck: %s", what, st_last_error());
  if (st_gradgradcheck(apply_binary, (void *)f, 2, in, 1, 1e-6, 1e-7, 1e-5))
    st_test_fail(__FILE__, __LINE__, "%s gradgradcheck: %s", what, st_last_error());
  st_clear_error();
}

TEST(vjp_matmul_every_rank_combination) {
  check_both(st_matmul, LEAF(1, 3), LEAF(2, 3), "1-D @ 1-D");
  check_both(st_matmul, LEAF(3, 3), LEAF(4, 3, 2), "1-D @ 2-D");
  check_both(st_matmul, LEAF(5, 2, 3), LEAF(6, 3), "2-D @ 1-D");
  check_both(st_matmul, LEAF(7, 2, 3), LEAF(8, 3, 4), "2-D @ 2-D");
  check_both(st_matmul, LEAF(9, 2, 2, 3), LEAF(10, 3, 2), "3-D @ 2-D (batch broadcast)");
  check_both(st_matmul, LEAF(11, 3), LEAF(12, 2, 3, 2), "1-D @ 3-D");
  check_both(st_matmul, LEAF(13, 2, 1, 2, 3), LEAF(14, 3, 3, 2), "4-D @ 3-D (both broadcast)");
  check_both(st_matmul, st_transpose(LEAF(15, 3, 2), 0, 1), LEAF(16, 3, 2), "transposed operand");
  check_both(st_matmul, LEAF(17, 2, 2, 3), LEAF(18, 3), "3-D @ 1-D (batch folded into rows)");
  check_both(st_matmul, st_transpose(LEAF(19, 3, 2, 2), 0, 2), LEAF(20, 3, 2),
             "non-contiguous 3-D @ 2-D (batch folded into rows)");
}

/* a [B, m, k] @ b [k, n]: b's gradient folds the batch into the rows, one product and no sum. */
TEST(matmul_weight_gradient_folds_the_batch_into_one_product) {
  st_tensor *x = LEAF(51, 3, 2, 4), *w = LEAF(52, 4, 5), *g = NULL;
  st_tensor *y = st_matmul(x, w), *v = st_ones_like(y);
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, &v, 1, &w, &g, NULL) == 0);
  int64_t products = st_profiler_count("matmul"), sums = st_profiler_count("sum");
  st_profiler_stop();
  CHECK_EQ_INT(products, 1);
  CHECK_EQ_INT(sums, 0);
  if (!x || !g) return; /* a failed allocation (the sweep): nothing to read */
  /* With g all ones, grad_w[i, j] is the sum of x[..., i] over the batch and rows. */
  double *xv = tu_values(x), *gv = tu_values(g);
  for (int i = 0; i < 4; i++) {
    double want = 0;
    for (int r = 0; r < 6; r++) want += xv[r * 4 + i];
    for (int j = 0; j < 5; j++) CHECK_NEAR(gv[i * 5 + j], want, 1e-12);
  }
  free(xv);
  free(gv);
}

TEST(vjp_mm_bmm_dot_outer) {
  check_both(st_mm, LEAF(21, 2, 3), LEAF(22, 3, 2), "mm");
  check_both(st_bmm, LEAF(23, 2, 2, 3), LEAF(24, 2, 3, 2), "bmm");
  check_both(st_dot, LEAF(25, 4), LEAF(26, 4), "dot");
  check_both(st_outer, LEAF(27, 3), LEAF(28, 2), "outer");
}

TEST(vjp_linear_with_and_without_bias_and_leading_dims) {
  st_tensor *x = LEAF(31, 2, 2, 3), *w = LEAF(32, 4, 3), *b = LEAF(33, 4);
  st_tensor *in3[3] = {x, w, b}, *in2[2] = {x, w};
  CHECK(st_gradcheck(apply_linear, NULL, 3, in3, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(apply_linear, NULL, 3, in3, 1, 1e-6, 1e-7, 1e-5) == 0);
  CHECK(st_gradcheck(apply_linear, NULL, 2, in2, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(apply_linear, NULL, 2, in2, 1, 1e-6, 1e-7, 1e-5) == 0);
  st_tensor *v[3] = {LEAF(34, 3), w, b};
  CHECK(st_gradcheck(apply_linear, NULL, 3, v, 1, 1e-6, 1e-8, 1e-6) == 0);
  CHECK(st_gradgradcheck(apply_linear, NULL, 3, v, 1, 1e-6, 1e-7, 1e-5) == 0);
}

TEST(linear_skips_the_weight_gradient_when_only_the_input_is_wanted) {
  st_tensor *x = LEAF(41, 4, 3), *w = LEAF(42, 5, 3), *b = LEAF(43, 5), *g = NULL;
  st_tensor *y = st_sum_all(st_linear(x, w, b));
  st_grad_opts keep = {.retain_graph = true};
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, &keep) == 0);
  int64_t only_x = st_profiler_count("matmul");
  st_tensor *all[3] = {x, w, b}, *gs[3] = {0};
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, NULL, 3, all, gs, NULL) == 0);
  int64_t every = st_profiler_count("matmul");
  st_profiler_stop();
  CHECK_EQ_INT(only_x, 1);
  CHECK_EQ_INT(every, 2);
  CHECK_CLOSE(gs[2], 1e-12, 4, 4, 4, 4, 4); /* bias gradient: the batch size */
}
