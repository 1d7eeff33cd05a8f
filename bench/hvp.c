/* hvp.c — workload 6, Hessian-vector products of an MLP loss w.r.t. its parameters:
 *
 *     L(p) = cross_entropy(MLP_p(x), y) (mean), tanh between the layers,
 *     p = (W0, b0, W1, b1, ...) a list of tensors, v a random list of the same shapes,
 *     H v = d/dt grad L(p + t v) at t = 0, one tensor per parameter
 *
 * in float32, two cases:
 *   b64    B=64,  784-128-128-10
 *   b256   B=256, 2048-2048-2048-2048-10 ("2048-wide x 4"; B=256 keeps the run short)
 * Implementations:
 *   strata          forward-over-reverse, st_jvp(st_grad(L)) (the recommended way)
 *   strata_revrev   reverse-over-reverse, the pullback of st_vjp(st_grad(L)) applied to v
 *   strata_double   eager double backward: g = dL/dp with create_graph, then d<g, v>/dp
 *   gemm_floor      the GEMMs forward-over-reverse contains, alone with grad mode off
 * x and y are constants (captured by L), so no gradient flows to x. The two other strata
 * implementations are checked against the first here (CHECK lines, the peers' tolerance); the
 * peers (bench/peers/hvp.py): torch.func jvp(grad), PyTorch double backward, JAX jvp(grad) with
 * and without jit.
 */
#include "bench.h"

enum { MAXL = 4, MAXP = 2 * MAXL };

typedef struct {
  int nl, np;
  st_tensor *p[MAXP], *v[MAXP], *x, *y, *hv[MAXP];
  st_tensor *leaf[MAXP]; /* p's values as leaves requiring grad, for the double backward */
  st_func *loss, *grad;
} net;

static int loss_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  net *n = ctx;
  st_tensor *h = n->x;
  for (int l = 0; l < n->nl; l++) {
    h = st_linear(h, in[2 * l], in[2 * l + 1]);
    if (l < n->nl - 1) h = st_tanh(h);
  }
  out[0] = st_cross_entropy(h, n->y, ST_REDUCTION_MEAN);
  return out[0] ? 0 : -1;
}

static void fwd_over_rev(void *p) {
  net *n = p;
  st_tensor *g[MAXP];
  if (st_jvp(n->grad, n->p, n->v, g, n->hv)) BENCH_FAIL("hvp jvp(grad)");
}

/* hvp(p..., v...) = jvp(grad L)(p; v), as a function value for st_compile */
static int hvp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  net *n = ctx;
  st_tensor *g[MAXP];
  return st_jvp(n->grad, in, in + n->np, g, out);
}

static void rev_over_rev(void *p) {
  net *n = p;
  st_tensor *g[MAXP];
  st_func *pullback = NULL;
  if (st_vjp(n->grad, n->p, g, &pullback) || st_call(pullback, n->v, n->hv))
    BENCH_FAIL("hvp vjp(grad)");
  st_func_release(pullback);
}

static void double_backward(void *p) {
  net *n = p;
  st_tensor *loss, *g[MAXP], *dot = NULL;
  st_grad_opts cg = {.create_graph = true};
  if (loss_fn(n, n->np, n->leaf, 1, &loss) ||
      st_autograd_grad(1, &loss, NULL, n->np, n->leaf, g, &cg))
    BENCH_FAIL("hvp first backward");
  for (int i = 0; i < n->np; i++) {
    st_tensor *d = st_sum_all(st_mul(g[i], n->v[i]));
    dot = dot ? st_add(dot, d) : d;
  }
  if (st_autograd_grad(1, &dot, NULL, n->np, n->leaf, n->hv, NULL))
    BENCH_FAIL("hvp second backward");
}

/* Forward-over-reverse's GEMMs: the primal forward, weight and input gradients, and the tangent
   of each (two GEMMs per product, one where a factor is the constant x). */
static void gemm_floor(void *p) {
  net *n = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *h = n->x;
  for (int l = 0; l < n->nl; l++) {
    st_tensor *w = n->p[2 * l], *y = NULL;
    int k = l ? 3 : 2;
    for (int i = 0; i < k; i++) y = st_matmul(h, st_transpose(w, 0, 1)); /* forward */
    for (int i = 0; i < k; i++) st_matmul(st_transpose(y, 0, 1), h);     /* weight gradient */
    for (int i = 0; i < k && l; i++) st_matmul(y, w);                    /* input gradient */
    if (!y) BENCH_FAIL("hvp gemm_floor");
    h = y;
  }
  st_set_grad_enabled(prev);
}

static void run_case(const char *cas, int B, int nl, const int *sizes) {
  static const char *names[2] = {"w", "b"};
  st_scope_push();
  st_manual_seed(6);
  net n = {.nl = nl, .np = 2 * nl};
  bench_data d = bench_data_new("hvp", cas);
  double flops = 0;
  char name[16];
  for (int l = 0; l < nl; l++) {
    n.p[2 * l] = bench_init(sizes[l + 1], sizes[l]);
    n.p[2 * l + 1] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1])), 0.1);
    flops += (l ? 9 : 4) * 2.0 * B * sizes[l] * sizes[l + 1];
  }
  for (int i = 0; i < n.np; i++) {
    n.v[i] = st_randn_like(n.p[i]);
    snprintf(name, sizeof name, "%s%d", names[i % 2], i / 2);
    bench_in(&d, name, n.p[i]);
    snprintf(name, sizeof name, "v%s%d", names[i % 2], i / 2);
    bench_in(&d, name, n.v[i]);
    n.leaf[i] = st_detach(n.p[i]);
    st_set_requires_grad(n.leaf[i], true);
  }
  n.x = st_randn(ST_F32, ST_SHAPE(B, sizes[0]));
  n.y = st_randint(ST_I64, 0, sizes[nl], ST_SHAPE(B));
  bench_in(&d, "x", n.x);
  bench_in(&d, "y", n.y);
  n.loss = st_func_new(loss_fn, &n, n.np, 1);
  n.grad = st_grad(n.loss, n.np, (const int[]){0, 1, 2, 3, 4, 5, 6, 7});

  st_tensor *want[MAXP];
  fwd_over_rev(&n);
  for (int i = 0; i < n.np; i++) {
    want[i] = n.hv[i];
    snprintf(name, sizeof name, "h%s%d", names[i % 2], i / 2);
    bench_out(&d, name, want[i]);
  }
  bench_data_write(&d);
  bench_flops("hvp", cas, flops);
  bench_run("hvp", cas, B, "strata", fwd_over_rev, &n);
  st_func *hvp = st_func_new(hvp_fn, &n, 2 * n.np, n.np);
  st_tensor *args[2 * MAXP];
  for (int i = 0; i < n.np; i++) args[i] = n.p[i], args[n.np + i] = n.v[i];
  bench_compiled("hvp", cas, B, hvp, 2 * n.np, args, 1e-4);
  st_func_release(hvp);
  rev_over_rev(&n);
  if (bench_check("hvp", cas, "strata_revrev", n.np, n.hv, want, 1e-4))
    bench_run("hvp", cas, B, "strata_revrev", rev_over_rev, &n);
  double_backward(&n);
  if (bench_check("hvp", cas, "strata_double", n.np, n.hv, want, 1e-4))
    bench_run("hvp", cas, B, "strata_double", double_backward, &n);
  bench_run("hvp", cas, B, "gemm_floor", gemm_floor, &n);
  st_func_release(n.grad);
  st_func_release(n.loss);
  st_scope_pop();
}

int main(int argc, char **argv) {
  static const int small[4] = {784, 128, 128, 10}, large[5] = {2048, 2048, 2048, 2048, 10};
  if (bench_selected(argc, argv, "b64")) run_case("b64", 64, 3, small);
  if (bench_selected(argc, argv, "b256")) run_case("b256", 256, 4, large);
  return 0;
}
