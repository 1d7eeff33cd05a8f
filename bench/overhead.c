/* overhead.c — workload 1, per-op overhead: a chain of 1000 elementwise ops,
 *
 *     y = x; 250 times: y = sin(tanh(y) * 0.9 + 0.05)
 *
 * on 1 and 4096 float32 elements, three ways:
 *   fwd_n<N>      forward only, no graph recorded (grad mode off)
 *   record_n<N>   forward recording the graph (x requires grad), no backward
 *   fwdbwd_n<N>   forward, sum, backward: dx
 * Peers (bench/peers/overhead.py): PyTorch eager, JAX eager, JAX jit. The map is a contraction,
 * so the libraries' last-bit differences do not grow along the chain. strata_compiled runs the
 * same chain through st_compile (forward: the chain; forward + backward: st_grad of its sum),
 * JAX jit's counterpart; recording a graph has no compiled form.
 */
#include "bench.h"

enum { LINKS = 250 }; /* 4 ops each */

typedef struct {
  st_tensor *x;
  int mode; /* 0 forward, 1 recording, 2 forward + backward */
  st_tensor *result;
} chain_arg;

static st_tensor *chain(st_tensor *x) {
  st_tensor *y = x;
  for (int i = 0; i < LINKS; i++) y = st_sin(st_add_scalar(st_mul_scalar(st_tanh(y), 0.9), 0.05));
  return y;
}

static void run_chain(void *p) {
  chain_arg *a = p;
  if (a->mode == 0) {
    bool prev = st_set_grad_enabled(false);
    a->result = chain(a->x);
    st_set_grad_enabled(prev);
  } else if (a->mode == 1) {
    a->result = chain(a->x);
  } else {
    st_tensor *dx = NULL;
    st_tensor *s = st_sum_all(chain(a->x));
    if (st_autograd_grad(1, &s, NULL, 1, &a->x, &dx, NULL)) BENCH_FAIL("overhead backward");
    a->result = dx;
  }
  if (!a->result) BENCH_FAIL("overhead chain");
}

static int chain_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = chain(in[0]);
  return out[0] ? 0 : -1;
}

static int loss_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(chain(in[0]));
  return out[0] ? 0 : -1;
}

typedef struct {
  st_func *f;
  st_tensor *x, *result;
} compiled_arg;

static void run_compiled(void *p) {
  compiled_arg *a = p;
  if (st_call(a->f, &a->x, &a->result)) BENCH_FAIL("overhead compiled");
}

int main(int argc, char **argv) {
  static const char *modes[3] = {"fwd", "record", "fwdbwd"};
  static const int sizes[2] = {1, 4096};
  for (int s = 0; s < 2; s++) {
    for (int mode = 0; mode < 3; mode++) {
      char cas[32];
      snprintf(cas, sizeof cas, "%s_n%d", modes[mode], sizes[s]);
      if (!bench_selected(argc, argv, cas)) continue;
      st_scope_push();
      st_manual_seed(1);
      chain_arg a = {st_rand(ST_F32, ST_SHAPE(sizes[s])), mode, NULL};
      st_set_requires_grad(a.x, mode > 0);
      bench_data d = bench_data_new("overhead", cas);
      bench_in(&d, "x", a.x);
      run_chain(&a);
      bench_out(&d, "y", a.result);
      bench_data_write(&d);
      bench_run("overhead", cas, sizes[s], "strata", run_chain, &a);
      if (mode != 1) {
        st_func *f = st_func_new(mode ? loss_fn : chain_fn, NULL, 1, 1);
        st_func *g = mode ? st_grad(f, 0, NULL) : st_func_retain(f);
        /* one row per backend: the built-in executor, and generated C */
        const char *backends[2] = {"interp", "c"},
                   *rows[2] = {"strata_compiled", "strata_compiled_c"};
        for (int k = 0; k < 2; k++) {
          st_compile_opts o = {.backend = backends[k]};
          compiled_arg c = {st_compile(g, &o), st_detach(a.x), NULL};
          run_chain(&a); /* eager's result again (bench_run's scopes released the last) */
          bool prev = st_set_grad_enabled(false);
          run_compiled(&c); /* the capture */
          run_compiled(&c); /* the graph */
          bench_check("overhead", cas, rows[k], 1, &c.result, &a.result, 1e-6);
          bench_run("overhead", cas, sizes[s], rows[k], run_compiled, &c);
          st_set_grad_enabled(prev);
          st_func_release(c.f);
        }
        st_func_release(g);
        st_func_release(f);
      }
      st_scope_pop();
    }
  }
  return 0;
}
