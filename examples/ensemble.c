/* ensemble.c — model ensembling (torch.func's "model ensembling" tutorial; Lakshminarayanan et
 * al., "Simple and scalable predictive uncertainty estimation using deep ensembles", 2017):
 * N small MLPs with different initializations are trained at once. Their parameters are
 * stacked (st_params_stack), the loss's gradient is vmapped over the stack
 * (st_vmap_params(st_grad_params(loss), n, 0, ST_UNBATCHED)), and one Adam updates the stacked
 * tensors, which is N independent Adams since every update is elementwise. The ensemble's spread
 * then shows where the data did not pin the function down.
 *
 *   ./build/ensemble [--models N] [--steps N]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strata.h>

#define FAIL(what)                                                                                 \
  do {                                                                                             \
    fprintf(stderr, "ensemble: %s: %s\n", what, st_last_error());                                  \
    exit(1);                                                                                       \
  } while (0)

/* in = one model's parameters, then x [n, 1] and y [n, 1] */
static int mse(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  out[0] = st_mse_loss(st_mlp_apply(ctx, in, in[nin - 2]), in[nin - 1], ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

static int predict(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  out[0] = st_mlp_apply(ctx, in, in[nin - 1]);
  return out[0] ? 0 : -1;
}

int main(int argc, char **argv) {
  int nmodels = 8, steps = 1500;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--models"))
      nmodels = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--steps"))
      steps = atoi(argv[i + 1]);
    else {
      fprintf(stderr, "usage: %s [--models N] [--steps N]\n", argv[0]);
      return 2;
    }
  }
  if (nmodels < 1 || nmodels > 64) FAIL("--models must be in 1..64");
  st_scope_push();
  st_manual_seed(2);
  /* data on [-1, 1] only: y = sin(3x) + noise */
  st_tensor *x = st_add_scalar(st_mul_scalar(st_rand(ST_F32, ST_SHAPE(64, 1)), 2), -1);
  st_tensor *y =
      st_add(st_sin(st_mul_scalar(x, 3)), st_mul_scalar(st_randn(ST_F32, ST_SHAPE(64, 1)), 0.05));

  /* n models, each initialized by its own draws, then stacked along a new dim 0 */
  st_mlp mlp;
  st_params *models[64];
  for (int m = 0; m < nmodels; m++) {
    models[m] = st_params_new();
    if (st_mlp_add(&mlp, models[m], "mlp", 3, (int64_t[]){1, 32, 1}, ST_ACT_TANH, ST_F32))
      FAIL("building a model");
  }
  st_params *stack = st_params_stack(nmodels, models);
  for (int m = 0; m < nmodels; m++) st_params_free(models[m]);
  if (!stack) FAIL("stacking");
  int np = st_params_len(stack);

  st_func *loss = st_func_new(mse, &mlp, np + 2, 1), *grad = st_grad_params(loss, np);
  st_func *grads_all = st_vmap_params(grad, np, 0, ST_UNBATCHED); /* per model, shared data */
  st_func *pred = st_func_new(predict, &mlp, np + 1, 1);
  st_func *pred_all = st_vmap_params(pred, np, 0, ST_UNBATCHED);
  st_optim_opts opts = st_optim_defaults(ST_OPTIM_ADAM);
  opts.lr = 1e-2;
  st_optim *opt = st_optim_new(np, st_params_tensors(stack), &opts);
  if (!grads_all || !pred_all || !opt) FAIL("setting up");

  for (int step = 1; step <= steps; step++) {
    st_scope_push();
    st_tensor *g[8];
    if (st_params_call(grads_all, stack, 2, (st_tensor *[]){x, y}, g)) FAIL("gradients");
    if (st_optim_step_grads(opt, g)) FAIL("step");
    st_scope_pop();
  }
  /* mean and spread of the n predictions inside and outside the data */
  st_tensor *xs = st_reshape(st_linspace(ST_F32, -2, 2, 9), ST_SHAPE(9, 1)), *ys = NULL;
  if (st_params_call(pred_all, stack, 1, &xs, &ys)) FAIL("predicting"); /* [n, 9, 1] */
  st_tensor *mean = st_mean(ys, 1, (int[]){0}, false), *std = st_std(ys, 1, (int[]){0}, 1, false);
  double xv[9], mv[9], sv[9];
  st_to_f64(xs, xv, 9), st_to_f64(mean, mv, 9), st_to_f64(std, sv, 9);
  printf("%d models trained together for %d steps (data on [-1, 1] only)\n", nmodels, steps);
  printf("    x    sin(3x)   ensemble mean   spread (std)\n");
  for (int i = 0; i < 9; i++)
    printf("%5.1f  %8.3f   %13.3f   %12.3f%s\n", xv[i], sin(3 * xv[i]), mv[i], sv[i],
           fabs(xv[i]) > 1 ? "   (outside the data)" : "");
  st_optim_free(opt);
  st_func_release(pred_all), st_func_release(pred), st_func_release(grads_all);
  st_func_release(grad), st_func_release(loss);
  st_params_free(stack);
  st_scope_pop();
  return 0;
}
