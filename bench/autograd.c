/* autograd.c — eager autograd benchmarks (issue: eager autograd engine), one line per case:
 *
 *     autograd strata <workload> <size> <seconds>
 *
 *   overhead_*    a chain of 1000 elementwise ops on 16 f32 elements: forward without grad,
 *                 forward recording the graph, forward plus backward (seconds per op)
 *   hessian_*     the seed's #82544 benchmark: MLP 2 -> width x 6 -> 3 with tanh at batch B;
 *                 d2y/dx2 by two st_autograd_grad calls with create_graph, the weights
 *                 requiring grad (wgrad) or not (nowgrad); "train" adds a backward to the weights
 *   mlp_step      B=1024, 2048-wide x 4 layers: forward, cross-entropy, backward, SGD update;
 *   mlp_gemms     the same GEMMs alone (the floor the step is compared with)
 *
 * Build: cc -O2 bench/autograd.c $(PKG_CONFIG_PATH=build pkg-config --cflags --libs --static strata)
 */
#include "bench.h"

/* Median of `runs` timings of fn, after one warm-up. */
static double median(double (*fn)(void *), void *arg, int runs) {
  double t[32];
  fn(arg);
  for (int i = 0; i < runs; i++) t[i] = fn(arg);
  qsort(t, (size_t)runs, sizeof(double), cmp_double);
  return t[runs / 2];
}

#define FAIL(what)                                                                                 \
  do {                                                                                             \
    fprintf(stderr, "bench/autograd: %s: %s\n", what, st_last_error());                            \
    exit(1);                                                                                       \
  } while (0)

/* ------------------------------------------------------------------------------- overhead */

enum { CHAIN = 1000 };
typedef struct {
  int mode; /* 0 no grad, 1 recording, 2 recording + backward */
} overhead_arg;

static double overhead(void *p) {
  int mode = ((overhead_arg *)p)->mode;
  st_scope_push();
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(16));
  st_set_requires_grad(x, mode > 0);
  double t0 = now();
  st_tensor *y = x;
  for (int i = 0; i < CHAIN / 2; i++) {
    st_tensor *a = st_mul_scalar(y, 0.999);
    if (y != x) st_release(y);
    y = st_add_scalar(a, 0.001);
    st_release(a);
  }
  if (mode == 2) {
    st_tensor *s = st_sum_all(y);
    if (st_backward(s, NULL, false, false)) FAIL("overhead backward");
  }
  double t = now() - t0;
  st_scope_pop();
  return t / CHAIN;
}

/* ------------------------------------------------------------------------------- hessian */

typedef struct {
  int width, batch, wgrad, train;
  st_tensor *w[7], *b[7], *x;
} mlp;

static void mlp_init(mlp *m, int width, int batch, int wgrad) {
  st_manual_seed(0);
  int sizes[8] = {2, width, width, width, width, width, width, 3};
  for (int l = 0; l < 7; l++) {
    m->w[l] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1], sizes[l])), 1.0 / sizes[l]);
    m->b[l] = st_zeros(ST_F32, ST_SHAPE(sizes[l + 1]));
    st_set_requires_grad(m->w[l], wgrad);
    st_set_requires_grad(m->b[l], wgrad);
  }
  m->x = st_randn(ST_F32, ST_SHAPE(batch, 2));
  st_set_requires_grad(m->x, true);
  m->width = width, m->batch = batch, m->wgrad = wgrad;
}

static double hessian(void *p) {
  mlp *m = p;
  st_scope_push();
  double t0 = now();
  st_tensor *h = m->x;
  for (int l = 0; l < 7; l++) {
    h = st_linear(h, m->w[l], m->b[l]);
    if (l < 6) h = st_tanh(h);
  }
  st_tensor *ones = st_ones_like(h), *g = NULL, *gg = NULL;
  st_grad_opts cg = {.create_graph = true};
  if (st_autograd_grad(1, &h, &ones, 1, &m->x, &g, &cg)) FAIL("first grad");
  st_tensor *ones2 = st_ones_like(g);
  if (st_autograd_grad(1, &g, &ones2, 1, &m->x, &gg, &cg)) FAIL("second grad");
  if (m->train && st_backward(st_sum_all(gg), NULL, false, false)) FAIL("train backward");
  double t = now() - t0;
  st_scope_pop();
  return t;
}

/* ------------------------------------------------------------------------------ mlp step */

typedef struct {
  st_tensor *w[4], *b[4], *x, *target;
  int gemms_only;
} train;

static double mlp_step(void *p) {
  train *m = p;
  st_scope_push();
  double t0 = now();
  st_tensor *h = m->x;
  if (m->gemms_only) { /* forward GEMMs, then the two backward GEMMs per layer */
    bool prev = st_set_grad_enabled(false);
    for (int l = 0; l < 4; l++) {
      st_tensor *y = st_matmul(h, st_transpose(m->w[l], 0, 1));
      st_matmul(y, m->w[l]);                        /* input gradient */
      st_matmul(st_transpose(y, 0, 1), h);          /* weight gradient */
      h = y;
    }
    st_set_grad_enabled(prev);
  } else {
    for (int l = 0; l < 4; l++) {
      h = st_linear(h, m->w[l], m->b[l]);
      if (l < 3) h = st_relu(h);
    }
    st_tensor *loss = st_cross_entropy(h, m->target, ST_REDUCTION_MEAN);
    if (st_backward(loss, NULL, false, false)) FAIL("mlp backward");
    bool prev = st_set_grad_enabled(false);
    for (int l = 0; l < 4; l++) {
      st_tensor *gw = st_grad_of(m->w[l]), *gb = st_grad_of(m->b[l]);
      st_mul_scalar_(gw, -0.01);
      st_add_(m->w[l], gw);
      st_mul_scalar_(gb, -0.01);
      st_add_(m->b[l], gb);
      st_zero_grad(m->w[l]);
      st_zero_grad(m->b[l]);
    }
    st_set_grad_enabled(prev);
  }
  double t = now() - t0;
  st_scope_pop();
  return t;
}

int main(int argc, char **argv) {
  (void)argv;
  int quick = argc > 1; /* any argument: small sizes only, for a smoke run */
  st_scope_push();
  const char *names[3] = {"overhead_forward_nograd", "overhead_forward_record", "overhead_forward_backward"};
  for (int mode = 0; mode < 3; mode++) {
    overhead_arg a = {mode};
    printf("autograd strata %s 16 %.6e\n", names[mode], median(overhead, &a, 7));
  }
  int widths[2] = {128, 512}, batches[2] = {1000, 10000};
  for (int s = 0; s < (quick ? 1 : 2); s++) {
    for (int wgrad = 0; wgrad < 2; wgrad++) {
      for (int tr = 0; tr < 1 + wgrad; tr++) {
        st_scope_push();
        mlp m = {0};
        mlp_init(&m, widths[s], batches[s], wgrad);
        m.train = tr;
        printf("autograd strata hessian_%s%s_w%d %d %.6e\n", wgrad ? "wgrad" : "nowgrad", tr ? "_train" : "",
               widths[s], batches[s], median(hessian, &m, 5));
        st_scope_pop();
      }
    }
  }
  if (!quick) {
    train m = {0};
    st_manual_seed(1);
    int in = 2048;
    for (int l = 0; l < 4; l++) {
      int out = l == 3 ? 10 : 2048;
      m.w[l] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(out, in)), 0.02);
      m.b[l] = st_zeros(ST_F32, ST_SHAPE(out));
      st_set_requires_grad(m.w[l], true);
      st_set_requires_grad(m.b[l], true);
      in = out;
    }
    m.x = st_randn(ST_F32, ST_SHAPE(1024, 2048));
    m.target = st_randint(ST_I64, 0, 10, ST_SHAPE(1024));
    printf("autograd strata mlp_step 1024 %.6e\n", median(mlp_step, &m, 5));
    m.gemms_only = 1;
    printf("autograd strata mlp_gemms 1024 %.6e\n", median(mlp_step, &m, 5));
  }
  st_scope_pop();
  return 0;
}
