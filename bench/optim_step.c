/* optim_step.c — workload 9, one optimizer step on a model of ten parameter tensors (an MLP
 * 784 -> 512 -> 512 -> 512 -> 512 -> 10: five weights and five biases, 1.33 M float32 values),
 * from given gradients:
 *   adam   Adam (lr 1e-3, betas 0.9 / 0.999, eps 1e-8), after 3 warm-up steps
 *   sgd    SGD with momentum 0.9, nesterov, weight decay 1e-4
 * Impl "strata": st_optim_step_grads (one fused loop per tensor). Peers (bench/peers/
 * optim_step.py): torch.optim with foreach=True (the multi-tensor kernels) and foreach=False,
 * and JAX under jit with optax's update formulas written out (optax itself is not installed).
 * The exchange file holds the parameters, gradients and the state before the timed step, and
 * the parameters after it.
 */
#include "bench.h"

enum { NP = 10 };
static const int64_t sizes[6] = {784, 512, 512, 512, 512, 10};

typedef struct {
  st_optim *opt;
  st_tensor *grads[NP];
} step_arg;

static void run_step(void *p) {
  step_arg *a = p;
  if (st_optim_step_grads(a->opt, a->grads)) BENCH_FAIL("optimizer step");
}

static void bench_case(const char *cas, st_optim_opts opts) {
  st_scope_push();
  st_manual_seed(9);
  st_tensor *params[NP];
  step_arg a = {0};
  for (int l = 0; l < 5; l++) {
    params[2 * l] = st_keep(bench_init((int)sizes[l + 1], (int)sizes[l]));
    params[2 * l + 1] = st_keep(st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1])), 0.1));
    a.grads[2 * l] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1], sizes[l])), 1e-2);
    a.grads[2 * l + 1] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1])), 1e-2);
  }
  a.opt = st_optim_new(NP, params, &opts);
  if (!a.opt) BENCH_FAIL("optimizer");
  for (int s = 0; s < 3; s++) run_step(&a); /* state that is not all zeros */
  bench_data d = bench_data_new("optim_step", cas);
  st_dict *state = st_dict_new();
  if (st_optim_state_save(a.opt, state)) BENCH_FAIL("state");
  char name[64];
  for (int i = 0; i < NP; i++) {
    snprintf(name, sizeof name, "p%d", i);
    bench_in(&d, name, st_clone(params[i])); /* a copy: the parameters change in place */
    snprintf(name, sizeof name, "g%d", i);
    bench_in(&d, name, a.grads[i]);
    const char *slots[2] = {opts.kind == ST_OPTIM_ADAM ? "exp_avg" : "momentum_buffer",
                            "exp_avg_sq"};
    for (int s = 0; s < (opts.kind == ST_OPTIM_ADAM ? 2 : 1); s++) {
      char key[64];
      snprintf(key, sizeof key, "optim.%d.%s", i, slots[s]);
      snprintf(name, sizeof name, "s%d_%d", s, i);
      bench_in(&d, name, st_dict_get(state, key));
    }
  }
  st_dict_free(state);
  run_step(&a); /* step 4: the one the peers check */
  for (int i = 0; i < NP; i++) {
    snprintf(name, sizeof name, "p%d", i);
    bench_out(&d, name, params[i]);
  }
  bench_data_write(&d);
  int64_t n = 0;
  for (int i = 0; i < NP; i++) n += st_numel(params[i]);
  bench_run("optim_step", cas, (long)n, "strata", run_step, &a);
  st_optim_free(a.opt);
  for (int i = 0; i < NP; i++) st_release(params[i]);
  st_scope_pop();
}

int main(int argc, char **argv) {
  if (bench_selected(argc, argv, "adam")) bench_case("adam", st_optim_defaults(ST_OPTIM_ADAM));
  st_optim_opts sgd = st_optim_defaults(ST_OPTIM_SGD);
  sgd.lr = 1e-2, sgd.momentum = 0.9, sgd.nesterov = true, sgd.weight_decay = 1e-4;
  if (bench_selected(argc, argv, "sgd")) bench_case("sgd", sgd);
  return 0;
}
