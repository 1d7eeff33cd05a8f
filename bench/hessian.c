/* hessian.c — workload 5, the seed's hessian benchmark (PyTorch PR #82544): an MLP
 *
 *     f(x) = L7(tanh(L6(... tanh(L1(x))))),   2 -> W x 6 -> 3,   L(h) = h A^T + c
 *
 * at W = 128 and 512, B = 1000 inputs x [B, 2], float32, four ways:
 *   vmapjacfwdjacrev_w<W>  st_vmap(st_jacfwd(st_jacrev(f))): every example's hessian [B, 3, 2, 2]
 *   double_w<W>            double backward with eager autograd (create_graph both times), the
 *                          weights not requiring grad: g = d(sum y)/dx, then d(sum g)/dx [B, 2]
 *   double_wgrad_w<W>      the same with the weights requiring grad
 *   hessian_train_w<W>     double_wgrad, then a backward of sum(d(sum g)/dx) to the 14 weights
 *                          and biases: the second derivative and the 14 gradients
 * The seed runs W = 512 at B = 10000 (BENCH_HESSIAN_B512=10000): the same work per example, but
 * 2 to 30 s per call in each library and over 10 minutes for this workload's run.
 *
 * Every case is BLAS-bound. FLOPS counts the [B, W] x [W, W] products by the five hidden weights
 * (the 2 -> W and W -> 3 layers are left out), per hidden layer:
 *   vmapjacfwdjacrev  12: forward 1, its 2 tangents, backward 3 (one per output), their 6 tangents
 *   double(_wgrad)     4: forward, backward, 2 in the backward of the backward
 *   hessian_train     12: those 4, then each one's input and weight gradient
 * "gemm_floor" runs as many flops as one [k B, W] x [W, W] GEMM per hidden layer, grad mode off.
 *
 * Peers (bench/peers/hessian.py): torch.func and JAX jit for the first; PyTorch (autograd.grad
 * twice) for the double backward ones; PyTorch and JAX jit (the weights' gradient of the summed
 * second derivative) for hessian_train. strata_compiled: st_compile of the first's transform, and
 * for the others of a function of x and the weights that runs the same backwards inside (on
 * detached copies that require grad, as jax.jit of the grads), so the engine's backward ops, the
 * double backward's included, are captured into the one graph.
 */
#include "bench.h"

enum { LAYERS = 7 };
enum { VMAP, DOUBLE, DOUBLE_WGRAD, TRAIN }; /* the four cases */

typedef struct {
  st_tensor *p[2 * LAYERS]; /* A1..A7, c1..c7 */
  st_tensor *x;             /* [B, 2] */
  int mode;
  st_func *hess;                  /* vmap(jacfwd(jacrev(f))) */
  st_tensor *rows;                /* gemm_floor: [k B, W], one GEMM by each hidden weight */
  st_tensor *out[1 + 2 * LAYERS]; /* result, then the parameters' gradients (train) */
} hs_arg;

static st_tensor *mlp(st_tensor *const *p, st_tensor *h) {
  for (int l = 0; l < LAYERS; l++) {
    h = st_linear(h, p[l], p[LAYERS + l]);
    if (l < LAYERS - 1) h = st_tanh(h);
  }
  return h;
}

static int mlp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = mlp(((hs_arg *)ctx)->p, in[0]);
  return out[0] ? 0 : -1;
}

/* The double backward of the mode (and for TRAIN the weights' gradient of its sum) at x and the
   weights p: out[0] the second derivative, out[1 + i] the gradients. */
static int double_backward(int mode, st_tensor *const *p, st_tensor *x, st_tensor **out) {
  st_grad_opts cg = {.create_graph = true};
  st_tensor *y = mlp(p, x), *g = NULL, *gg = NULL;
  if (st_autograd_grad(1, &y, (st_tensor *[]){st_ones_like(y)}, 1, &x, &g, &cg) ||
      st_autograd_grad(1, &g, (st_tensor *[]){st_ones_like(g)}, 1, &x, &gg, &cg))
    return -1;
  out[0] = gg;
  if (mode != TRAIN) return 0;
  /* The last bias does not reach the second derivative: its gradient is zeros. */
  st_grad_opts unused = {.allow_unused = true, .materialize_grads = true};
  st_tensor *s = st_sum_all(gg);
  return st_autograd_grad(1, &s, NULL, 2 * LAYERS, p, out + 1, &unused);
}

static void run_hessian(void *p) {
  hs_arg *a = p;
  if (a->mode == VMAP) {
    if (st_call(a->hess, &a->x, a->out)) BENCH_FAIL("vmap(jacfwd(jacrev))");
    return;
  }
  if (double_backward(a->mode, a->p, a->x, a->out)) BENCH_FAIL("double backward");
}

/* double_backward as a function of (x, A1..A7, c1..c7) for st_compile: the inputs do not require
   grad; their detached copies inside do (the weights only for the modes where they do), and the
   outputs are detached, as jax.jit(grad(...)) gives plain arrays. */
static int double_backward_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  int mode = *(const int *)ctx;
  st_tensor *x = st_detach(in[0]), *p[2 * LAYERS];
  if (st_set_requires_grad(x, true)) return -1;
  for (int i = 0; i < 2 * LAYERS; i++)
    if (!(p[i] = st_detach(in[1 + i])) || st_set_requires_grad(p[i], mode >= DOUBLE_WGRAD)) return -1;
  if (double_backward(mode, p, x, out)) return -1;
  for (int j = 0; j < nout; j++)
    if (!(out[j] = st_detach(out[j]))) return -1;
  return 0;
}

static void run_floor(void *p) {
  hs_arg *a = p;
  bool prev = st_set_grad_enabled(false);
  for (int l = 1; l < LAYERS - 1; l++)
    if (!st_mm(a->rows, a->p[l])) BENCH_FAIL("gemm_floor");
  st_set_grad_enabled(prev);
}

int main(int argc, char **argv) {
  static const int gemms[] = {12, 4, 4, 12}; /* [B, W] x [W, W] products per hidden layer */
  const int widths[2] = {128, 512}, batches[2] = {1000, (int)bench_env("BENCH_HESSIAN_B512", 1000)};
  static const char *names[] = {"vmapjacfwdjacrev", "double", "double_wgrad", "hessian_train"};
  for (int s = 0; s < 2; s++) {
    for (int mode = VMAP; mode <= TRAIN; mode++) {
      int width = widths[s], B = batches[s];
      char cas[48];
      snprintf(cas, sizeof cas, "%s_w%d", names[mode], width);
      if (!bench_selected(argc, argv, cas)) continue;
      st_scope_push();
      st_manual_seed(5);
      hs_arg a = {.mode = mode};
      int sizes[LAYERS + 1] = {2, width, width, width, width, width, width, 3};
      for (int l = 0; l < LAYERS; l++) {
        a.p[l] = bench_init(sizes[l + 1], sizes[l]);
        a.p[LAYERS + l] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1])), 0.1);
        for (int k = 0; k < 2; k++) st_set_requires_grad(a.p[k * LAYERS + l], mode >= DOUBLE_WGRAD);
      }
      a.x = st_randn(ST_F32, ST_SHAPE(B, 2));
      st_set_requires_grad(a.x, mode != VMAP);
      st_func *f = st_func_new(mlp_fn, &a, 1, 1), *jr = st_jacrev(f, 0), *jf = st_jacfwd(jr, 0);
      a.hess = st_vmap(jf, NULL, NULL);
      if (!a.hess) BENCH_FAIL("%s", cas);

      bench_data d = bench_data_new("hessian", cas);
      char key[16];
      for (int i = 0; i < 2 * LAYERS; i++) {
        snprintf(key, sizeof key, "%c%d", i < LAYERS ? 'A' : 'c', i % LAYERS + 1);
        bench_in(&d, key, a.p[i]);
      }
      bench_in(&d, "x", a.x);
      run_hessian(&a);
      bench_out(&d, mode == VMAP ? "H" : "d2", a.out[0]);
      for (int i = 0; mode == TRAIN && i < 2 * LAYERS; i++) {
        snprintf(key, sizeof key, "d%c%d", i < LAYERS ? 'A' : 'c', i % LAYERS + 1);
        bench_out(&d, key, a.out[1 + i]);
      }
      bench_data_write(&d);
      bench_run("hessian", cas, B, "strata", run_hessian, &a);
      if (mode == VMAP) {
        bench_compiled("hessian", cas, B, a.hess, 1, &a.x, 1e-4);
      } else {
        st_tensor *in[1 + 2 * LAYERS] = {st_detach(a.x)};
        for (int i = 0; i < 2 * LAYERS; i++) in[1 + i] = st_detach(a.p[i]);
        st_func *db = st_func_new(double_backward_fn, &a.mode, 1 + 2 * LAYERS,
                                  mode == TRAIN ? 1 + 2 * LAYERS : 1);
        bench_compiled("hessian", cas, B, db, 1 + 2 * LAYERS, in, 1e-4);
        st_func_release(db);
      }
      bench_flops("hessian", cas, 2.0 * gemms[mode] * B * width * width * (LAYERS - 2));
      a.rows = st_randn(ST_F32, ST_SHAPE(gemms[mode] * B, width));
      bench_run("hessian", cas, B, "gemm_floor", run_floor, &a);
      st_func_release(a.hess);
      st_func_release(jf);
      st_func_release(jr);
      st_func_release(f);
      st_scope_pop();
    }
  }
  return 0;
}
