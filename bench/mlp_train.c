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
 *   strata_compiled  the same step with the forward and loss st_compile'd (the weights
 *                captured through ctx): under eager autograd the call is one node whose
 *                backward is compiled too (checked against the eager step's loss and gradients
 *                at the same weights)
 *   strata_compiled_autograd  the eager step with compiled autograd on around st_backward:
 *                the backward is a compiled graph replayed on each step's saved values
 *                (checked against eager's gradients)
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

static st_tensor *forward(const mlp *m, st_tensor *x, st_tensor *y) {
  st_tensor *h = x;
  for (int l = 0; l < m->nl; l++) {
    h = st_linear(h, m->w[l], m->b[l]);
    if (l < m->nl - 1) h = st_relu(h);
  }
  return st_cross_entropy(h, y, ST_REDUCTION_MEAN);
}

static int loss_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = forward(ctx, in[0], in[1]);
  return out[0] ? 0 : -1;
}

static void sgd(mlp *m);

static void step(void *p) {
  mlp *m = p;
  m->loss = forward(m, m->x, m->y);
  if (st_backward(m->loss, NULL, false, false)) BENCH_FAIL("mlp_train backward");
  sgd(m);
}

/* The eager step with compiled autograd on around the backward (PyTorch's usage). */
static void step_compiled_autograd(void *p) {
  mlp *m = p;
  m->loss = forward(m, m->x, m->y);
  bool prev = st_set_compiled_autograd(true);
  if (st_backward(m->loss, NULL, false, false)) BENCH_FAIL("mlp_train compiled backward");
  st_set_compiled_autograd(prev);
  sgd(m);
}

/* Compiled autograd's gradients (a compiled backward, then a replayed one) against eager's at the
   current weights. */
static void check_compiled_autograd(const char *cas, mlp *m) {
  st_tensor *got[2 * MAXL + 1], *want[2 * MAXL + 1];
  for (int k = 0; k < 3; k++) {
    bool prev = st_set_compiled_autograd(k > 0);
    st_tensor **into = k ? got : want;
    into[0] = forward(m, m->x, m->y);
    if (st_backward(into[0], NULL, false, false)) BENCH_FAIL("mlp_train backward");
    st_set_compiled_autograd(prev);
    for (int l = 0; l < m->nl; l++) {
      into[1 + 2 * l] = st_grad_of(m->w[l]);
      into[2 + 2 * l] = st_grad_of(m->b[l]);
      st_zero_grad(m->w[l]);
      st_zero_grad(m->b[l]);
    }
  }
  st_compile_stats s;
  if (st_compiled_autograd_get_stats(&s) || s.fallbacks || s.cache_hits < 1)
    BENCH_FAIL("mlp_train %s: compiled autograd ran eagerly", cas);
  bench_check("mlp_train", cas, "strata_compiled_autograd", 1 + 2 * m->nl, got, want, 1e-4);
}

typedef struct {
  mlp *m;
  st_func *loss;
} compiled_step;

static void step_compiled(void *p) {
  compiled_step *s = p;
  st_tensor *in[2] = {s->m->x, s->m->y};
  if (st_call(s->loss, in, &s->m->loss) || st_backward(s->m->loss, NULL, false, false))
    BENCH_FAIL("mlp_train compiled step: %s", st_last_error());
  sgd(s->m);
}

/* The compiled step's loss and gradients against eager's at the current weights. */
static void check_compiled(const char *cas, mlp *m, st_func *loss) {
  st_tensor *in[2] = {m->x, m->y}, *got[2 * MAXL + 1], *want[2 * MAXL + 1];
  for (int call = 0; call < 2; call++) { /* the second call is the compiled node */
    st_tensor *c = NULL;
    if (st_call(loss, in, &c) || st_backward(c, NULL, false, false))
      BENCH_FAIL("mlp_train compiled: %s", st_last_error());
    got[0] = c;
    for (int l = 0; l < m->nl; l++) {
      got[1 + 2 * l] = st_grad_of(m->w[l]);
      got[2 + 2 * l] = st_grad_of(m->b[l]);
      st_zero_grad(m->w[l]);
      st_zero_grad(m->b[l]);
    }
  }
  want[0] = forward(m, m->x, m->y);
  if (st_backward(want[0], NULL, false, false)) BENCH_FAIL("mlp_train backward");
  for (int l = 0; l < m->nl; l++) {
    want[1 + 2 * l] = st_grad_of(m->w[l]);
    want[2 + 2 * l] = st_grad_of(m->b[l]);
    st_zero_grad(m->w[l]);
    st_zero_grad(m->b[l]);
  }
  bench_check("mlp_train", cas, "strata_compiled", 1 + 2 * m->nl, got, want, 1e-4);
}

static void sgd(mlp *m) {
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
  check_compiled_autograd(cas, &m);
  bench_run("mlp_train", cas, B, "strata_compiled_autograd", step_compiled_autograd, &m);
  st_func *lf = st_func_new(loss_fn, &m, 2, 1);
  compiled_step cs = {&m, st_compile(lf, NULL)};
  check_compiled(cas, &m, cs.loss);
  st_compile_stats st;
  if (st_compile_get_stats(cs.loss, &st) || st.fallbacks)
    BENCH_FAIL("mlp_train %s: st_compile fell back to eager", cas);
  bench_run("mlp_train", cas, B, "strata_compiled", step_compiled, &cs);
  st_func_release(cs.loss);
  st_func_release(lf);
  bench_run("mlp_train", cas, B, "gemm_floor", gemm_floor, &m);
  st_scope_pop();
}

int main(int argc, char **argv) {
  static const int small[4] = {784, 128, 128, 10}, large[5] = {2048, 2048, 2048, 2048, 10};
  if (bench_selected(argc, argv, "b64")) run_case("b64", 64, 3, small);
  if (bench_selected(argc, argv, "b1024")) run_case("b1024", 1024, 4, large);
  return 0;
}
