/* transforms.c — function-transform benchmarks (issue: composable transforms), one line each:
 *
 *     transforms strata <workload> <size> <seconds>
 *
 *   persample_mlp      per-example gradients of an MLP 784-128-128-10 (cross-entropy) at B=64:
 *                      vmap(grad(loss w.r.t. the 6 parameters)), in_dims (unbatched x6, 0, 0)
 *   batchgrad_mlp      the floor: one gradient of the mean loss over the same batch
 *   persample_cnn      the same for a small CNN: conv 1->8 3x3, relu, avg-pool 2, linear -> 10
 *   batchgrad_cnn      its floor
 *   hessian_w<W>       the seed's hessian benchmark: MLP 2 -> W x 6 -> 3 with tanh, the hessian
 *                      of every output w.r.t. the input through vmap(jacfwd(jacrev(f))) at batch B
 *   jacrev_<n>_<m>, jacfwd_<n>_<m>   Jacobian of tanh(W x) for x in R^n, W in R^{m x n}
 *   overhead_grad<d>   one call of grad nested d times on sum(sin(x) * x), x of 4 elements
 *   overhead_plain     the same first derivative with eager autograd (st_autograd_grad)
 *
 * Build: cc -O2 bench/transforms.c $(PKG_CONFIG_PATH=build pkg-config --cflags --libs --static
 * strata)
 */
#include "bench.h"

#define FAIL(what)                                                                                 \
  do {                                                                                             \
    fprintf(stderr, "bench/transforms: %s: %s\n", what, st_last_error());                          \
    exit(1);                                                                                       \
  } while (0)

/* Median seconds of `runs` calls of f on in (after one warm-up), `reps` calls per timing. */
static double time_call(st_func *f, st_tensor *const *in, int runs, int reps) {
  double t[32];
  int nout = st_func_nout(f);
  st_tensor *out[16];
  for (int r = -1; r < runs; r++) {
    st_scope_push();
    double t0 = now();
    for (int k = 0; k < reps; k++)
      if (st_call(f, in, out)) FAIL("call");
    double dt = (now() - t0) / reps;
    st_scope_pop();
    if (r >= 0) t[r] = dt;
  }
  (void)nout;
  qsort(t, (size_t)runs, sizeof(double), cmp_double);
  return t[runs / 2];
}

static st_tensor *init(int out, int in) {
  return st_mul_scalar(st_randn(ST_F32, ST_SHAPE(out, in)), 1.0 / (double)in);
}

/* --------------------------------------------------------------------- per-sample gradients */

/* in: W1 b1 W2 b2 W3 b3 x y (x [784] or [B, 784], y 0-dim or [B] class ids) */
static int mlp_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = st_relu(st_linear(in[6], in[0], in[1]));
  h = st_relu(st_linear(h, in[2], in[3]));
  out[0] = st_cross_entropy(st_linear(h, in[4], in[5]), in[7], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

/* in: Wc [8,1,3,3] bc [8] W [10, 8*13*13] b [10] x [1,28,28] or [B,1,28,28], y */
static int cnn_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool batched = st_ndim(in[4]) == 4;
  st_tensor *x = batched ? in[4] : st_unsqueeze(in[4], 0);
  st_tensor *h = st_relu(st_conv2d(x, in[0], in[1], (const int64_t[]){1, 1},
                                   (const int64_t[]){0, 0}, (const int64_t[]){1, 1}, 1));
  h = st_avg_pool2d(h, (const int64_t[]){2, 2}, (const int64_t[]){2, 2}, (const int64_t[]){0, 0});
  h = batched ? st_flatten(h, 1, -1) : st_flatten(h, 0, -1);
  out[0] = st_cross_entropy(st_linear(h, in[2], in[3]), in[5], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

static void persample(const char *name, st_fn loss, int nparam, st_tensor **in, int B) {
  int argnums[8], in_dims[8];
  for (int i = 0; i < nparam; i++) argnums[i] = i, in_dims[i] = ST_UNBATCHED;
  in_dims[nparam] = in_dims[nparam + 1] = 0;
  st_func *f = st_func_new(loss, NULL, nparam + 2, 1);
  st_func *g = st_grad(f, nparam, argnums), *v = st_vmap(g, in_dims, NULL);
  printf("transforms strata persample_%s %d %.6e\n", name, B, time_call(v, in, 7, 1));
  printf("transforms strata batchgrad_%s %d %.6e\n", name, B, time_call(g, in, 7, 1));
  fflush(stdout);
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
}

static void per_sample_benchmarks(void) {
  enum { B = 64 };
  st_scope_push();
  st_manual_seed(0);
  st_tensor *y = st_randint(ST_I64, 0, 10, ST_SHAPE(B));
  st_tensor *mlp_in[8] = {init(128, 784),
                          st_zeros(ST_F32, ST_SHAPE(128)),
                          init(128, 128),
                          st_zeros(ST_F32, ST_SHAPE(128)),
                          init(10, 128),
                          st_zeros(ST_F32, ST_SHAPE(10)),
                          st_randn(ST_F32, ST_SHAPE(B, 784)),
                          y};
  persample("mlp", mlp_loss, 6, mlp_in, B);
  st_tensor *cnn_in[6] = {st_mul_scalar(st_randn(ST_F32, ST_SHAPE(8, 1, 3, 3)), 1.0 / 3),
                          st_zeros(ST_F32, ST_SHAPE(8)),
                          init(10, 8 * 13 * 13),
                          st_zeros(ST_F32, ST_SHAPE(10)),
                          st_randn(ST_F32, ST_SHAPE(B, 1, 28, 28)),
                          y};
  persample("cnn", cnn_loss, 4, cnn_in, B);
  st_scope_pop();
}

/* ----------------------------------------------------------------------- seed hessian */

typedef struct {
  st_tensor *w[7], *b[7];
} mlp7;

/* x [2] -> [3] */
static int mlp7_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  mlp7 *m = ctx;
  st_tensor *h = in[0];
  for (int l = 0; l < 7; l++) {
    h = st_linear(h, m->w[l], m->b[l]);
    if (l < 6) h = st_tanh(h);
  }
  out[0] = h;
  return h ? 0 : -1;
}

static void hessian_benchmarks(void) {
  const int widths[2] = {128, 512}, batches[2] = {1000, 10000};
  for (int s = 0; s < 2; s++) {
    st_scope_push();
    st_manual_seed(0);
    mlp7 m;
    int sizes[8] = {2, widths[s], widths[s], widths[s], widths[s], widths[s], widths[s], 3};
    for (int l = 0; l < 7; l++) {
      m.w[l] = init(sizes[l + 1], sizes[l]);
      m.b[l] = st_zeros(ST_F32, ST_SHAPE(sizes[l + 1]));
    }
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(batches[s], 2));
    st_func *f = st_func_new(mlp7_fn, &m, 1, 1), *jr = st_jacrev(f, 0), *jf = st_jacfwd(jr, 0),
            *v = st_vmap(jf, NULL, NULL);
    printf("transforms strata hessian_w%d %d %.6e\n", widths[s], batches[s],
           time_call(v, &x, s ? 3 : 5, 1));
    fflush(stdout);
    st_func_release(v);
    st_func_release(jf);
    st_func_release(jr);
    st_func_release(f);
    st_scope_pop();
  }
}

/* --------------------------------------------------------------------------- jacobians */

static int tanh_linear(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_tanh(st_matmul(ctx, in[0]));
  return out[0] ? 0 : -1;
}

static void jacobian_benchmarks(void) {
  const int shapes[3][2] = {{32, 2048}, {2048, 32}, {256, 256}};
  for (int s = 0; s < 3; s++) {
    st_scope_push();
    st_manual_seed(0);
    int n = shapes[s][0], m = shapes[s][1];
    st_tensor *W = init(m, n), *x = st_randn(ST_F32, ST_SHAPE(n));
    st_func *f = st_func_new(tanh_linear, W, 1, 1), *jr = st_jacrev(f, 0), *jf = st_jacfwd(f, 0);
    printf("transforms strata jacrev_%d_%d %d %.6e\n", n, m, n * m, time_call(jr, &x, 7, 1));
    printf("transforms strata jacfwd_%d_%d %d %.6e\n", n, m, n * m, time_call(jf, &x, 7, 1));
    fflush(stdout);
    st_func_release(jr);
    st_func_release(jf);
    st_func_release(f);
    st_scope_pop();
  }
}

/* ---------------------------------------------------------------------------- overhead */

static int tiny(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_sin(in[0]), in[0]));
  return out[0] ? 0 : -1;
}
static int sum_of(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *g = NULL;
  if (st_call(ctx, in, &g)) return -1;
  out[0] = st_sum_all(g);
  return out[0] ? 0 : -1;
}
static int plain_grad(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = st_detach(in[0]);
  st_set_requires_grad(x, true);
  st_tensor *y = st_sum_all(st_mul(st_sin(x), x));
  return st_autograd_grad(1, &y, NULL, 1, &x, out, NULL);
}

static void overhead_benchmarks(void) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F32, ST_SHAPE(4), (float[]){0.1f, 0.2f, 0.3f, 0.4f});
  st_func *f = st_func_new(tiny, NULL, 1, 1), *g[4] = {f}, *s[4] = {0};
  for (int d = 1; d <= 3; d++) {
    g[d] = st_grad(d == 1 ? f : s[d - 1], 0, NULL);
    s[d] = st_func_new(sum_of, g[d], 1, 1);
    printf("transforms strata overhead_grad%d 4 %.6e\n", d, time_call(g[d], &x, 9, 2000));
  }
  st_func *p = st_func_new(plain_grad, NULL, 1, 1);
  printf("transforms strata overhead_plain 4 %.6e\n", time_call(p, &x, 9, 2000));
  st_func_release(p);
  for (int d = 1; d <= 3; d++) {
    st_func_release(s[d]);
    st_func_release(g[d]);
  }
  st_func_release(f);
  st_scope_pop();
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  if (!*only || only[0] == 'o') overhead_benchmarks();
  if (!*only || only[0] == 'p') per_sample_benchmarks();
  if (!*only || only[0] == 'j') jacobian_benchmarks();
  if (!*only || only[0] == 'h') hessian_benchmarks();
  return 0;
}
