/* persample.c — workload 3, per-sample gradients: the gradient of one example's cross-entropy
 * loss w.r.t. every parameter, for each of B examples at once,
 *
 *     vmap(grad(loss, params), in_dims = (params: unbatched, x: 0, y: 0))  ->  [B, param shape]...
 *
 * for two float32 models:
 *   mlp_b<B>   MLP 784-128-128-10 with relu (6 parameters), x [B, 784]
 *   cnn_b<B>   small CNN: conv 1->8 3x3, relu, avg-pool 2, linear 8*13*13 -> 10 (4 parameters),
 *              x [B, 1, 28, 28]
 * at B = 64 and 512, y [B] class ids. Impls: "strata" (st_vmap(st_grad)) and "batch_grad" (the
 * floor: st_grad of the mean loss over the whole batch, one gradient per parameter; not checked).
 * Peers (bench/peers/persample.py): torch.func, a PyTorch per-example loop, JAX with and without
 * jit, and PyTorch's own batch gradient.
 */
#include "bench.h"

enum { MAXP = 6 };

/* in: W1 b1 W2 b2 W3 b3 x y; x [784] or [B, 784], y 0-dim or [B] */
static int mlp_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = st_relu(st_linear(in[6], in[0], in[1]));
  h = st_relu(st_linear(h, in[2], in[3]));
  out[0] = st_cross_entropy(st_linear(h, in[4], in[5]), in[7], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

/* in: Wc [8,1,3,3] bc [8] W [10, 8*13*13] b [10] x y; x [1,28,28] or [B,1,28,28] */
static int cnn_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  bool batched = st_ndim(in[4]) == 4;
  st_tensor *x = batched ? in[4] : st_unsqueeze(in[4], 0);
  st_tensor *h = st_relu(st_conv2d(x, in[0], in[1], NULL, NULL, NULL, 1));
  h = st_avg_pool2d(h, (const int64_t[]){2, 2}, NULL, NULL);
  h = st_flatten(h, batched ? 1 : 0, -1);
  out[0] = st_cross_entropy(st_linear(h, in[2], in[3]), in[5], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

typedef struct {
  st_func *f;              /* per-sample (vmap of grad) or batch gradient */
  st_tensor *in[MAXP + 2]; /* parameters, x, y */
  st_tensor *out[MAXP];
} ps_arg;

static void run_grads(void *p) {
  ps_arg *a = p;
  if (st_call(a->f, a->in, a->out)) BENCH_FAIL("persample call");
}

static void bench_case(const char *model, int B) {
  static const char *mlp_names[] = {"W1", "b1", "W2", "b2", "W3", "b3"};
  static const char *cnn_names[] = {"Wc", "bc", "W", "b"};
  bool mlp = !strcmp(model, "mlp");
  int np = mlp ? 6 : 4;
  const char **names = mlp ? mlp_names : cnn_names;
  char cas[32];
  snprintf(cas, sizeof cas, "%s_b%d", model, B);
  st_scope_push();
  st_manual_seed(3);
  ps_arg a = {0};
  if (mlp) {
    st_tensor *p[6] = {bench_init(128, 784), st_mul_scalar(st_randn(ST_F32, ST_SHAPE(128)), 0.1),
                       bench_init(128, 128), st_mul_scalar(st_randn(ST_F32, ST_SHAPE(128)), 0.1),
                       bench_init(10, 128),  st_mul_scalar(st_randn(ST_F32, ST_SHAPE(10)), 0.1)};
    memcpy(a.in, p, sizeof p);
    a.in[6] = st_randn(ST_F32, ST_SHAPE(B, 784));
  } else {
    st_tensor *p[4] = {st_mul_scalar(st_randn(ST_F32, ST_SHAPE(8, 1, 3, 3)), 1.0 / 3),
                       st_mul_scalar(st_randn(ST_F32, ST_SHAPE(8)), 0.1),
                       bench_init(10, 8 * 13 * 13),
                       st_mul_scalar(st_randn(ST_F32, ST_SHAPE(10)), 0.1)};
    memcpy(a.in, p, sizeof p);
    a.in[4] = st_randn(ST_F32, ST_SHAPE(B, 1, 28, 28));
  }
  a.in[np + 1] = st_randint(ST_I64, 0, 10, ST_SHAPE(B));

  int argnums[MAXP], in_dims[MAXP + 2];
  for (int i = 0; i < np; i++) argnums[i] = i, in_dims[i] = ST_UNBATCHED;
  in_dims[np] = in_dims[np + 1] = 0;
  st_func *loss = st_func_new(mlp ? mlp_loss : cnn_loss, NULL, np + 2, 1);
  st_func *batch = st_grad(loss, np, argnums), *per = st_vmap(batch, in_dims, NULL);
  if (!per) BENCH_FAIL("%s: vmap(grad)", cas);

  bench_data d = bench_data_new("persample", cas);
  for (int i = 0; i < np; i++) bench_in(&d, names[i], a.in[i]);
  bench_in(&d, "x", a.in[np]);
  bench_in(&d, "y", a.in[np + 1]);
  a.f = per;
  run_grads(&a);
  for (int i = 0; i < np; i++) bench_out(&d, names[i], a.out[i]);
  bench_data_write(&d);

  bench_run("persample", cas, B, "strata", run_grads, &a);
  bench_compiled("persample", cas, B, per, np + 2, a.in, 1e-4);
  a.f = batch;
  bench_run("persample", cas, B, "batch_grad", run_grads, &a);
  st_func_release(per);
  st_func_release(batch);
  st_func_release(loss);
  st_scope_pop();
}

int main(int argc, char **argv) {
  static const char *models[2] = {"mlp", "cnn"};
  static const int batches[2] = {64, 512};
  for (int s = 0; s < 2; s++)
    for (int m = 0; m < 2; m++) {
      char cas[32];
      snprintf(cas, sizeof cas, "%s_b%d", models[m], batches[s]);
      if (bench_selected(argc, argv, cas)) bench_case(models[m], batches[s]);
    }
  return 0;
}
