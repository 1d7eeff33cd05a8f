/* ensemble.c — workload 7, model ensembling: M MLPs 784-128-128-10 (relu) with their weights
 * stacked ([M, 128, 784], [M, 128], ...), all applied to the same batch x [64, 784]:
 *
 *     out[m] = MLP_m(x), out [M, 64, 10]
 *
 * forward only (grad mode off), in float32, cases m10 and m64 (M = 10, 64). Implementations:
 *   strata        st_vmap of one MLP over the stacked weights (in_dims 0), x unbatched
 *   strata_loop   a C loop over the models (st_select of each weight), then st_stack
 *   strata_bmm    hand-batched: st_matmul of x against the stacked W^T (a batched GEMM), bias
 *                 broadcast
 *   gemm_floor    the batched GEMMs of strata_bmm alone
 * strata_loop and strata_bmm are checked against strata here (CHECK lines, the peers'
 * tolerance); the peers (bench/peers/ensemble.py): torch.func vmap, a PyTorch loop, JAX jit of
 * vmap.
 */
#include "bench.h"

enum { NL = 3, NP = 2 * NL, B = 64 };
static const int sizes[NL + 1] = {784, 128, 128, 10};

typedef struct {
  int M;
  st_tensor *p[NP], *x, *out; /* p: W0, b0, W1, b1, W2, b2 stacked along dim 0 */
  st_func *vmapped;
} ens;

/* One MLP: in = W0, b0, W1, b1, W2, b2, x. */
static int mlp(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = in[NP];
  for (int l = 0; l < NL; l++) {
    h = st_linear(h, in[2 * l], in[2 * l + 1]);
    if (l < NL - 1) h = st_relu(h);
  }
  out[0] = h;
  return h ? 0 : -1;
}

static void run_vmap(void *p) {
  ens *e = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *in[NP + 1] = {e->p[0], e->p[1], e->p[2], e->p[3], e->p[4], e->p[5], e->x};
  if (st_call(e->vmapped, in, &e->out)) BENCH_FAIL("ensemble vmap");
  st_set_grad_enabled(prev);
}

static void run_loop(void *p) {
  ens *e = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *outs[64], *in[NP + 1];
  for (int m = 0; m < e->M; m++) {
    for (int i = 0; i < NP; i++) in[i] = st_select(e->p[i], 0, m);
    in[NP] = e->x;
    if (mlp(NULL, NP + 1, in, 1, &outs[m])) BENCH_FAIL("ensemble loop");
  }
  e->out = st_stack(e->M, outs, 0);
  st_set_grad_enabled(prev);
}

static void run_bmm(void *p) {
  ens *e = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *h = e->x; /* [64, 784], broadcast against [M, 784, 128] */
  for (int l = 0; l < NL; l++) {
    h = st_add(st_matmul(h, st_transpose(e->p[2 * l], 1, 2)), st_unsqueeze(e->p[2 * l + 1], 1));
    if (l < NL - 1) h = st_relu(h);
  }
  if (!(e->out = h)) BENCH_FAIL("ensemble bmm");
  st_set_grad_enabled(prev);
}

static void gemm_floor(void *p) {
  ens *e = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *h = e->x;
  for (int l = 0; l < NL; l++) h = st_matmul(h, st_transpose(e->p[2 * l], 1, 2));
  if (!h) BENCH_FAIL("ensemble gemm_floor");
  st_set_grad_enabled(prev);
}

/* Prints the CHECK line of one of strata's own implementations against strata's vmap; true
   when they agree within the peers' float32 tolerance. */
static bool check(const char *cas, const char *impl, st_tensor *got, st_tensor *want) {
  double d = st_item(st_amax_all(st_abs(st_sub(got, want))));
  double err = d / fmax(st_item(st_amax_all(st_abs(want))), 1e-30);
  bool ok = err <= 1e-4;
  printf("CHECK ensemble %s %s %s %.3e\n", cas, impl, ok ? "ok" : "MISMATCH", err);
  return ok;
}

static void run_case(const char *cas, int M) {
  static const char *names[NP] = {"w0", "b0", "w1", "b1", "w2", "b2"};
  st_scope_push();
  st_manual_seed(7);
  ens e = {.M = M};
  bench_data d = bench_data_new("ensemble", cas);
  double flops = 0;
  for (int l = 0; l < NL; l++) {
    e.p[2 * l] =
        st_mul_scalar(st_randn(ST_F32, ST_SHAPE(M, sizes[l + 1], sizes[l])), 1.0 / sqrt(sizes[l]));
    e.p[2 * l + 1] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(M, sizes[l + 1])), 0.1);
    flops += 2.0 * M * B * sizes[l] * sizes[l + 1];
  }
  e.x = st_randn(ST_F32, ST_SHAPE(B, sizes[0]));
  for (int i = 0; i < NP; i++) bench_in(&d, names[i], e.p[i]);
  bench_in(&d, "x", e.x);
  st_func *f = st_func_new(mlp, NULL, NP + 1, 1);
  e.vmapped = st_vmap(f, (const int[]){0, 0, 0, 0, 0, 0, ST_UNBATCHED}, NULL);

  run_vmap(&e);
  st_tensor *want = e.out;
  bench_out(&d, "out", want);
  bench_data_write(&d);
  bench_flops("ensemble", cas, flops);
  bench_run("ensemble", cas, M, "strata", run_vmap, &e);
  st_tensor *args[NP + 1] = {e.p[0], e.p[1], e.p[2], e.p[3], e.p[4], e.p[5], e.x};
  bench_compiled("ensemble", cas, M, e.vmapped, NP + 1, args, 1e-5);
  run_loop(&e);
  if (check(cas, "strata_loop", e.out, want))
    bench_run("ensemble", cas, M, "strata_loop", run_loop, &e);
  run_bmm(&e);
  if (check(cas, "strata_bmm", e.out, want))
    bench_run("ensemble", cas, M, "strata_bmm", run_bmm, &e);
  bench_run("ensemble", cas, M, "gemm_floor", gemm_floor, &e);
  st_func_release(e.vmapped);
  st_func_release(f);
  st_scope_pop();
}

int main(int argc, char **argv) {
  if (bench_selected(argc, argv, "m10")) run_case("m10", 10);
  if (bench_selected(argc, argv, "m64")) run_case("m64", 64);
  return 0;
}
