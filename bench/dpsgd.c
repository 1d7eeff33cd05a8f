/* dpsgd.c — workload 10, one DP-SGD step at batch 256 (Opacus' recipe) on the float32 MLP
 * 784 -> 128 -> 128 -> 10 of workload 3: per-sample gradients (vmap(grad)), each sample's
 * gradient clipped to norm 1 over all six parameters and the clipped gradients summed, Gaussian
 * noise (sigma 1) added, the mean taken, an SGD step. Rows:
 *   step     the whole step; impl "strata"
 *   grads    the per-sample gradients alone: "strata" (st_per_sample_grad)
 *   clip     the clipping and sum alone, from given per-sample gradients: "strata"
 *            (st_clip_per_sample, one fused pass per tensor) and "strata_ops" (the same written
 *            with strata ops, as examples did before st_clip_per_sample)
 * Peers (bench/peers/dpsgd.py): torch.func vmap(grad) plus Opacus-style clipping (per-sample
 * norms stacked, clamp(C / (norm + 1e-6), max=1), einsum), the same parts timed alone. The clip
 * rows are checked equal (no noise in them).
 */
#include "bench.h"

enum { NP = 6, B = 256 };

static int example_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = st_relu(st_linear(in[6], in[0], in[1]));
  h = st_relu(st_linear(h, in[2], in[3]));
  out[0] = st_cross_entropy(st_linear(h, in[4], in[5]), in[7], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

typedef struct {
  st_func *per_sample;
  st_optim *opt;
  st_tensor *in[NP + 2];
  st_tensor *ps[NP]; /* per-sample gradients, for the clip rows */
} dp_arg;

static void grads(void *p) {
  dp_arg *a = p;
  st_tensor *g[NP];
  if (st_call(a->per_sample, a->in, g)) BENCH_FAIL("per-sample gradients");
}

static void clip_fused(void *p) {
  dp_arg *a = p;
  st_tensor *sums[NP];
  if (st_clip_per_sample(NP, a->ps, 1.0, sums, NULL)) BENCH_FAIL("clip");
}

/* The clip and sum with strata ops: norms from sums of squares, factors, a weighted sum over the
   batch as a matrix-vector product. */
static void clip_ops(void *p) {
  dp_arg *a = p;
  st_tensor *sq = NULL;
  for (int i = 0; i < NP; i++) {
    st_tensor *s = st_sum(st_square(st_flatten(a->ps[i], 1, -1)), 1, (int[]){1}, false);
    sq = sq ? st_add(sq, s) : s;
  }
  st_tensor *f = st_clamp(st_reciprocal(st_add_scalar(st_sqrt(sq), 1e-6)), -INFINITY, 1.0);
  for (int i = 0; i < NP; i++)
    if (!st_matmul(st_unsqueeze(f, 0), st_flatten(a->ps[i], 1, -1))) BENCH_FAIL("clip with ops");
}

static void step(void *p) {
  dp_arg *a = p;
  st_tensor *g[NP], *sums[NP];
  if (st_call(a->per_sample, a->in, g) || st_clip_per_sample(NP, g, 1.0, sums, NULL))
    BENCH_FAIL("DP-SGD");
  for (int i = 0; i < NP; i++)
    sums[i] = st_mul_scalar(st_add(sums[i], st_randn_like(sums[i])), 1.0 / B);
  if (st_optim_step_grads(a->opt, sums)) BENCH_FAIL("step");
}

int main(int argc, char **argv) {
  static const char *names[NP] = {"W1", "b1", "W2", "b2", "W3", "b3"};
  st_scope_push();
  st_manual_seed(3);
  dp_arg a = {0};
  st_tensor *p[NP] = {bench_init(128, 784), st_mul_scalar(st_randn(ST_F32, ST_SHAPE(128)), 0.1),
                      bench_init(128, 128), st_mul_scalar(st_randn(ST_F32, ST_SHAPE(128)), 0.1),
                      bench_init(10, 128),  st_mul_scalar(st_randn(ST_F32, ST_SHAPE(10)), 0.1)};
  memcpy(a.in, p, sizeof p);
  a.in[NP] = st_randn(ST_F32, ST_SHAPE(B, 784));
  a.in[NP + 1] = st_randint(ST_I64, 0, 10, ST_SHAPE(B));
  st_func *loss = st_func_new(example_loss, NULL, NP + 2, 1);
  a.per_sample = st_per_sample_grad(loss, NP);
  st_optim_opts sgd = st_optim_defaults(ST_OPTIM_SGD);
  sgd.lr = 0.1;
  /* the step updates copies, so every row sees the same parameters */
  st_tensor *copies[NP];
  for (int i = 0; i < NP; i++) copies[i] = st_clone(p[i]);
  a.opt = st_optim_new(NP, copies, &sgd);
  if (!a.per_sample || st_call(a.per_sample, a.in, a.ps)) BENCH_FAIL("per-sample gradients");

  bench_data d = bench_data_new("dpsgd", "clip");
  for (int i = 0; i < NP; i++) bench_in(&d, names[i], a.in[i]);
  bench_in(&d, "x", a.in[NP]);
  bench_in(&d, "y", a.in[NP + 1]);
  st_tensor *sums[NP];
  if (st_clip_per_sample(NP, a.ps, 1.0, sums, NULL)) BENCH_FAIL("clip");
  for (int i = 0; i < NP; i++) bench_out(&d, names[i], sums[i]);
  bench_data_write(&d);

  if (bench_selected(argc, argv, "grads")) bench_run("dpsgd", "grads", B, "strata", grads, &a);
  if (bench_selected(argc, argv, "clip")) {
    bench_run("dpsgd", "clip", B, "strata", clip_fused, &a);
    bench_run("dpsgd", "clip", B, "strata_ops", clip_ops, &a);
  }
  if (bench_selected(argc, argv, "step")) {
    /* the step's own copy of the model, so the exchange file's parameters stay as they were */
    for (int i = 0; i < NP; i++) a.in[i] = copies[i];
    bench_run("dpsgd", "step", B, "strata", step, &a);
  }
  st_optim_free(a.opt);
  st_func_release(a.per_sample);
  st_func_release(loss);
  st_scope_pop();
  return 0;
}
