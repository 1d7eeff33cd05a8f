/* dp_sgd.c — differentially private SGD (Abadi et al., "Deep Learning with Differential
 * Privacy", 2016) the way Opacus does it: per-sample gradients from st_vmap(st_grad(loss))
 * (st_per_sample_grad), each sample's gradient clipped to norm C and summed
 * (st_clip_per_sample, one fused pass), Gaussian noise of std sigma * C added, the mean taken,
 * and an optimizer step with those gradients.
 *
 *   ./build/dp_sgd [--steps N] [--batch B] [--sigma S] [--clip C]
 *
 * The data is synthetic (10 Gaussian classes in 20 dims), so the example needs no download.
 * It prints accuracy as it trains and how the time of a step splits between the per-sample
 * gradients and the clipping. No privacy accountant here: (epsilon, delta) for given sigma,
 * batch rate and steps comes from an RDP accountant such as Opacus'.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <strata.h>

#define FAIL(what)                                                                                 \
  do {                                                                                             \
    fprintf(stderr, "dp_sgd: %s: %s\n", what, st_last_error());                                    \
    exit(1);                                                                                       \
  } while (0)

enum { DIM = 20, CLASSES = 10 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One example's loss: in = the MLP's parameters, then x [DIM] and its class y (0-dim). */
static int example_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const st_mlp *mlp = ctx;
  st_tensor *logits = st_mlp_apply(mlp, in, in[nin - 2]);
  out[0] = st_cross_entropy(logits, in[nin - 1], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

/* n examples: class c's points are centers[c] + N(0, 1). */
static void make_data(st_tensor *centers, int64_t n, st_tensor **x, st_tensor **y) {
  *y = st_randint(ST_I64, 0, CLASSES, ST_SHAPE(n));
  *x = st_add(st_index_select(centers, 0, *y), st_randn(ST_F32, ST_SHAPE(n, DIM)));
  if (!*x) FAIL("making the data");
}

static double accuracy(const st_mlp *mlp, st_params *p, st_tensor *x, st_tensor *y) {
  st_scope_push();
  st_tensor *hits =
      st_sum_all(st_eq(st_argmax(st_mlp_apply(mlp, st_params_tensors(p), x), 1, false), y));
  double acc = st_item(hits) / (double)st_numel(y);
  st_scope_pop();
  return acc;
}

int main(int argc, char **argv) {
  int steps = 300;
  int64_t batch = 256;
  double sigma = 1.0, clip = 1.0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--steps"))
      steps = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--batch"))
      batch = atoll(argv[i + 1]);
    else if (!strcmp(argv[i], "--sigma"))
      sigma = atof(argv[i + 1]);
    else if (!strcmp(argv[i], "--clip"))
      clip = atof(argv[i + 1]);
    else {
      fprintf(stderr, "usage: %s [--steps N] [--batch B] [--sigma S] [--clip C]\n", argv[0]);
      return 2;
    }
  }
  st_scope_push();
  st_manual_seed(1);
  st_tensor *centers = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(CLASSES, DIM)), 0.6);
  st_tensor *xtrain, *ytrain, *xtest, *ytest;
  make_data(centers, 8192, &xtrain, &ytrain);
  make_data(centers, 2048, &xtest, &ytest);

  st_params *p = st_params_new();
  st_mlp mlp;
  if (st_mlp_add(&mlp, p, "mlp", 3, (int64_t[]){DIM, 64, CLASSES}, ST_ACT_TANH, ST_F32))
    FAIL("building the model");
  st_params_set_requires_grad(p, false); /* functional training: no eager graph */
  int np = st_params_len(p);

  /* the whole per-sample machinery: one function value */
  st_func *loss = st_func_new(example_loss, &mlp, np + 2, 1);
  st_func *per_sample = st_per_sample_grad(loss, np);
  st_optim_opts opts = st_optim_defaults(ST_OPTIM_SGD);
  opts.lr = 0.5, opts.momentum = 0.9;
  st_optim *opt = st_optim_new(np, st_params_tensors(p), &opts);
  st_batches *batches = st_batches_new(2, (st_tensor *[]){xtrain, ytrain}, batch, true, 7, true);
  if (!per_sample || !opt || !batches) FAIL("setting up");

  printf("DP-SGD: batch %lld, clip %.2f, noise multiplier %.2f, %d steps\n", (long long)batch, clip,
         sigma, steps);
  double t_grad = 0, t_clip = 0;
  for (int step = 1; step <= steps; step++) {
    st_scope_push();
    st_tensor *b[2];
    if (st_batches_next(batches, b) != 1 && st_batches_next(batches, b) != 1) FAIL("batches");
    st_tensor *g[8], *sums[8];
    double t0 = now();
    if (st_params_call(per_sample, p, 2, b, g)) FAIL("per-sample gradients");
    double t1 = now();
    if (st_clip_per_sample(np, g, clip, sums, NULL)) FAIL("clipping");
    t_grad += t1 - t0, t_clip += now() - t1;
    /* noisy mean: (sum of clipped gradients + N(0, (sigma C)^2)) / B */
    for (int i = 0; i < np; i++)
      sums[i] = st_mul_scalar(st_add(sums[i], st_mul_scalar(st_randn_like(sums[i]), sigma * clip)),
                              1.0 / (double)batch);
    if (st_optim_step_grads(opt, sums)) FAIL("optimizer step");
    if (step % 50 == 0 || step == steps)
      printf("step %4d  train acc %5.1f%%  test acc %5.1f%%\n", step,
             100 * accuracy(&mlp, p, xtrain, ytrain), 100 * accuracy(&mlp, p, xtest, ytest));
    st_scope_pop();
  }
  printf("time per step: per-sample gradients %.3f ms, clipping %.3f ms (clipping / gradients = "
         "%.2f)\n",
         1e3 * t_grad / steps, 1e3 * t_clip / steps, t_clip / t_grad);
  st_batches_free(batches);
  st_optim_free(opt);
  st_func_release(per_sample);
  st_func_release(loss);
  st_params_free(p);
  st_scope_pop();
  return 0;
}
