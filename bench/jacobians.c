/* jacobians.c — workload 4, Jacobians of
 *
 *     f(x) = tanh(W x),   x in R^n, W in R^{m x n} (a constant to the transforms)
 *
 * for (n, m) = (16, 16), (32, 2048), (2048, 32), (256, 256), float32:
 *   jacrev_<n>_<m>       st_jacrev(f) at one x: J [m, n]
 *   jacfwd_<n>_<m>       st_jacfwd(f) at one x: J [m, n]
 *   vmapjacrev_<n>_<m>   st_vmap(st_jacrev(f)) over B inputs x [B, n]: J [B, m, n]; B = 128,
 *                        except B = 16 for 32 -> 2048, whose basis GEMMs (2 B m^2 n flops, the
 *                        [B, m, m] cotangents materialized) take 34 GFLOP at B = 128: seconds per
 *                        call in every library, minutes for the workload's run
 * Both modes push an identity basis through the linear map: jacrev multiplies the m cotangent
 * basis vectors by W (an [m, m] x [m, n] GEMM per input), jacfwd W by the n tangent basis
 * vectors ([m, n] x [n, n]). Where those GEMMs are at least 10 MFLOP the case prints FLOPS and
 * a "gemm_floor" row: the forward matmul and that GEMM alone, grad mode off.
 * Peers (bench/peers/jacobians.py): torch.func, JAX jit, JAX without jit; strata_compiled is
 * st_compile of the same transform (bench.h's bench_compiled).
 */
#include "bench.h"

#define FLOOR_FLOPS 1e7

static int tanh_linear(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_tanh(st_matmul(ctx, in[0]));
  return out[0] ? 0 : -1;
}

typedef struct {
  st_func *f;
  st_tensor *x, *result;
  st_tensor *w, *a, *b; /* gemm_floor: forward a x w^T (w = W), then b x W or W x b */
  int mode;             /* 0 jacrev, 1 jacfwd, 2 vmap(jacrev) */
} jac_arg;

static void run_jac(void *p) {
  jac_arg *a = p;
  if (st_call(a->f, &a->x, &a->result)) BENCH_FAIL("jacobian");
}

static void run_floor(void *p) {
  jac_arg *a = p;
  bool prev = st_set_grad_enabled(false);
  st_tensor *y = st_mm(a->a, st_transpose(a->w, 0, 1)); /* forward: [k, n] x [n, m] */
  st_tensor *j = a->mode == 1 ? st_mm(a->w, a->b) : st_mm(a->b, a->w); /* the basis GEMM */
  st_set_grad_enabled(prev);
  if (!y || !j) BENCH_FAIL("gemm_floor");
}

int main(int argc, char **argv) {
  static const int shapes[4][3] = {{16, 16, 128}, {32, 2048, 16}, {2048, 32, 128}, {256, 256, 128}};
  static const char *modes[3] = {"jacrev", "jacfwd", "vmapjacrev"};
  for (int s = 0; s < 4; s++) {
    int n = shapes[s][0], m = shapes[s][1], B = shapes[s][2]; /* B: vmapjacrev's batch */
    for (int mode = 0; mode < 3; mode++) {
      char cas[48];
      snprintf(cas, sizeof cas, "%s_%d_%d", modes[mode], n, m);
      if (!bench_selected(argc, argv, cas)) continue;
      st_scope_push();
      st_manual_seed(4);
      jac_arg a = {.w = bench_init(m, n), .mode = mode};
      a.x = mode == 2 ? st_randn(ST_F32, ST_SHAPE(B, n)) : st_randn(ST_F32, ST_SHAPE(n));
      st_func *f = st_func_new(tanh_linear, a.w, 1, 1),
              *j = mode == 1 ? st_jacfwd(f, 0) : st_jacrev(f, 0);
      a.f = mode == 2 ? st_vmap(j, NULL, NULL) : st_func_retain(j);
      if (!a.f) BENCH_FAIL("%s", cas);
      bench_data d = bench_data_new("jacobians", cas);
      bench_in(&d, "W", a.w);
      bench_in(&d, "x", a.x);
      run_jac(&a);
      bench_out(&d, "J", a.result);
      bench_data_write(&d);
      long k = mode == 2 ? B : 1; /* inputs: the size column */
      bench_run("jacobians", cas, k, "strata", run_jac, &a);
      bench_compiled("jacobians", cas, k, a.f, 1, &a.x, 1e-5);
      double basis = 2.0 * k * m * n * (mode == 1 ? n : m);
      if (basis >= FLOOR_FLOPS) {
        bench_flops("jacobians", cas, 2.0 * k * m * n + basis);
        a.a = st_randn(ST_F32, ST_SHAPE(k, n));
        a.b = mode == 1 ? st_randn(ST_F32, ST_SHAPE(n, n)) : st_randn(ST_F32, ST_SHAPE(k * m, m));
        bench_run("jacobians", cas, k, "gemm_floor", run_floor, &a);
      }
      st_func_release(a.f);
      st_func_release(j);
      st_func_release(f);
      st_scope_pop();
    }
  }
  return 0;
}
