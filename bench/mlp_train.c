/* mlp_train.c — workload 2, one training step of an MLP with eager autograd:
 *
 *     logits = MLP(x); loss = cross_entropy(logits, y) (mean); loss.backward();
 *     every weight and bias p -= 0.01 * p.grad; grads dropped (set to none)
 *
 * in float32, two cases:
 *   b64     B=64,   784-128-128-10, relu
 *   b1024   B=1024, 2048-2048-2048-2048-10 ("2048-wide x 4"), relu
 * Implementations:
 *   strata       the step above (st_backward, st_grad_of, in-place SGD)
 *   gemm_floor   the GEMMs the step contains, alone with grad mode off: per layer the forward
 *                x W^T, the weight gradient g^T x and, except in the first layer (x needs no
 *                gradient), the input gradient g W
 * The check is the first step from the initial weights: the loss and the updated weights; the
 * timed steps then keep training from there. (The gradients themselves are not compared: a relu
 * pre-activation within rounding of 0 can fall on the other side in another library's GEMM, whose
 * summation order differs, and that changes a whole row of the gradients below it by a few %;
 * the update, 0.01 times the gradient, moves the weights by far less than the tolerance.)
 * Peers (bench/peers/mlp_train.py): PyTorch eager with the same manual SGD, JAX jit of
 * value_and_grad plus the update.
 */
#include "bench.h"

enum { MAXL = 4 };

typedef struct {
  int nl;
  st_tensor *w[MAXL], *b[MAXL], *x, *y; /* w, b: the training state (leaves requiring grad) */
  st_tensor *loss;
} mlp;

static void step(void *p) {
  mlp *m = p;
  st_tensor *h = m->x;
  for (int l = 0; l < m->nl; l++) {
    h = st_linear(h, m->w[l], m->b[l]);
    if (l < m->nl - 1) h = st_relu(h);
  }
  m->loss = st_cross_entropy(h, m->y, ST_REDUCTION_MEAN);
  if (st_backward(m->loss, NULL, false, false)) BENCH_FAIL("mlp_train backward");
  bool prev = st_set_grad_enabled(false);
  for (int l = 0; l < m->nl; l++) {
    if (st_sub_(m->w[l], st_mul_scalar(st_grad_of(m->w[l]), 0.01)) ||
        st_sub_(m->b[l], st_mul_scalar(st_grad_of(m->b[l]), 0.01)))
      BENCH_FAIL("mlp_train sgd");
    st_zero_grad(m->w[l]);
    st_zero_grad(m->b[l]);
  }
  st_set_grad_enabled(prev);
}

static void gemm_floor(void *p) {
  mlp *m = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *h = m->x;
  for (int l = 0; l < m->nl; l++) {
    st_tensor *y = st_matmul(h, st_transpose(m->w[l], 0, 1)); /* forward */
    st_matmul(st_transpose(y, 0, 1), h);                      /* weight gradient */
    if (l > 0) st_matmul(y, m->w[l]);                         /* input gradient */
    if (!y) BENCH_FAIL("mlp_train gemm_floor");
    h = y;
  }
  st_set_grad_enabled(prev);
}

static void run_case(const char *cas, int B, int nl, const int *sizes) {
  st_scope_push();
  st_manual_seed(2);
  mlp m = {.nl = nl};
  bench_data d = bench_data_new("mlp_train", cas);
  double flops = 0;
  char name[16];
  for (int l = 0; l < nl; l++) {
    m.w[l] = bench_init(sizes[l + 1], sizes[l]);
    m.b[l] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1])), 0.1);
    flops += (l > 0 ? 3 : 2) * 2.0 * B * sizes[l] * sizes[l + 1];
    snprintf(name, sizeof name, "w%d", l);
    bench_in(&d, name, st_clone(m.w[l])); /* copies: the steps update w and b in place */
    snprintf(name, sizeof name, "b%d", l);
    bench_in(&d, name, st_clone(m.b[l]));
    st_set_requires_grad(m.w[l], true);
    st_set_requires_grad(m.b[l], true);
  }
  m.x = st_randn(ST_F32, ST_SHAPE(B, sizes[0]));
  m.y = st_randint(ST_I64, 0, sizes[nl], ST_SHAPE(B));
  bench_in(&d, "x", m.x);
  bench_in(&d, "y", m.y);

  step(&m); /* the check: the first step's loss and updated weights */
  bench_out(&d, "loss", m.loss);
  for (int l = 0; l < nl; l++) {
    snprintf(name, sizeof name, "w%d", l);
    bench_out(&d, name, st_clone(m.w[l]));
    snprintf(name, sizeof name, "b%d", l);
    bench_out(&d, name, st_clone(m.b[l]));
  }
  bench_data_write(&d);
  bench_flops("mlp_train", cas, flops);
  bench_run("mlp_train", cas, B, "strata", step, &m);
  bench_run("mlp_train", cas, B, "gemm_floor", gemm_floor, &m);
  st_scope_pop();
}

int main(int argc, char **argv) {
  static const int small[4] = {784, 128, 128, 10}, large[5] = {2048, 2048, 2048, 2048, 10};
  if (bench_selected(argc, argv, "b64")) run_case("b64", 64, 3, small);
  if (bench_selected(argc, argv, "b1024")) run_case("b1024", 1024, 4, large);
  return 0;
}
