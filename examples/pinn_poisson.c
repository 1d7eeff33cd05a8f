/* pinn_poisson.c — a physics-informed network (Raissi, Perdikaris, Karniadakis, 2019) for the
 * Poisson problem  -laplace(u) = f  on the unit square with u = 0 on its boundary, where
 * f = 2 pi^2 sin(pi x) sin(pi y), whose solution is u = sin(pi x) sin(pi y).
 *
 * u(x) = x (1 - x) y (1 - y) N(x, y) meets the boundary condition by construction, with N an MLP
 * 2 -> 32 -> 32 -> 1 (tanh). The loss is the mean squared residual of the PDE at random interior
 * points; the Laplacian of u at every point is the trace of st_vmap(st_hessian(u)), and the
 * loss's gradient w.r.t. the parameters differentiates through that (grad of vmap of
 * jacfwd(jacrev)).
 *
 *   ./build/pinn_poisson [--steps N] [--points N]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strata.h>

#define FAIL(what)                                                                                 \
  do {                                                                                             \
    fprintf(stderr, "pinn_poisson: %s: %s\n", what, st_last_error());                              \
    exit(1);                                                                                       \
  } while (0)

static const double PI = 3.14159265358979323846;

typedef struct {
  st_mlp net;
  int np;             /* parameters */
  st_func *laplacian; /* vmap(hessian(u)) over points, then built into the loss */
} pinn;

/* u at one point: in = parameters, then x [2]. */
static int u_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const pinn *m = ctx;
  st_tensor *x = in[nin - 1], *x0 = st_select(x, 0, 0), *x1 = st_select(x, 0, 1);
  st_tensor *bump =
      st_mul(st_mul(x0, st_add_scalar(st_neg(x0), 1)), st_mul(x1, st_add_scalar(st_neg(x1), 1)));
  out[0] = st_mul(bump, st_squeeze(st_mlp_apply(&m->net, in, x), 0));
  return out[0] ? 0 : -1;
}

/* mean over the points of (laplace(u) + f)^2: in = parameters, then points [n, 2], f [n]. */
static int loss_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const pinn *m = ctx;
  st_tensor *h = NULL; /* [n, 2, 2] */
  if (st_call(m->laplacian, in, &h)) return -1;
  st_tensor *lap = st_sum(st_diagonal(h, 0, -2, -1), 1, (int[]){-1}, false);
  out[0] = st_mean_all(st_square(st_add(lap, in[nin - 1])));
  return out[0] ? 0 : -1;
}

/* f = 2 pi^2 sin(pi x) sin(pi y) and the exact u at points [n, 2]. */
static st_tensor *exact_u(st_tensor *pts) {
  return st_mul(st_sin(st_mul_scalar(st_select(pts, 1, 0), PI)),
                st_sin(st_mul_scalar(st_select(pts, 1, 1), PI)));
}

int main(int argc, char **argv) {
  int steps = 1000;
  int64_t npts = 256;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--steps"))
      steps = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--points"))
      npts = atoll(argv[i + 1]);
    else {
      fprintf(stderr, "usage: %s [--steps N] [--points N]\n", argv[0]);
      return 2;
    }
  }
  st_scope_push();
  st_manual_seed(3);
  pinn m;
  st_params *p = st_params_new();
  if (st_mlp_add(&m.net, p, "net", 4, (int64_t[]){2, 32, 32, 1}, ST_ACT_TANH, ST_F64))
    FAIL("building the network");
  st_params_set_requires_grad(p, false);
  m.np = st_params_len(p);

  /* hessian of u w.r.t. the point (input np), vmapped over the points; the loss's gradient */
  st_func *u = st_func_new(u_fn, &m, m.np + 1, 1);
  st_func *hess = st_hessian(u, m.np);
  m.laplacian = st_vmap_params(hess, m.np, ST_UNBATCHED, 0);
  st_func *loss = st_func_new(loss_fn, &m, m.np + 2, 1);
  st_func *grad = st_grad_params(loss, m.np);
  st_optim_opts opts = st_optim_defaults(ST_OPTIM_ADAM);
  opts.lr = 5e-3;
  st_optim *opt = st_optim_new(m.np, st_params_tensors(p), &opts);
  if (!m.laplacian || !grad || !opt) FAIL("setting up");

  st_tensor *pts = st_rand(ST_F64, ST_SHAPE(npts, 2));
  st_tensor *f = st_mul_scalar(exact_u(pts), 2 * PI * PI);
  /* the error of u on a 21 x 21 grid, relative to the exact solution's norm */
  st_tensor *g = st_linspace(ST_F64, 0, 1, 21);
  st_tensor *grid =
      st_stack(2,
               (st_tensor *[]){st_flatten(st_expand(st_unsqueeze(g, 1), ST_SHAPE(21, 21)), 0, -1),
                               st_flatten(st_expand(st_unsqueeze(g, 0), ST_SHAPE(21, 21)), 0, -1)},
               1);
  st_func *u_grid = st_vmap_params(u, m.np, ST_UNBATCHED, 0);
  st_tensor *want = exact_u(grid);
  for (int step = 0; step <= steps; step++) {
    st_scope_push();
    st_tensor *grads[8];
    if (step == steps || step % 200 == 0) {
      st_tensor *value = NULL, *ug = NULL;
      if (st_params_call(loss, p, 2, (st_tensor *[]){pts, f}, &value) ||
          st_params_call(u_grid, p, 1, &grid, &ug))
        FAIL("evaluating");
      double err = st_item(st_norm_all(st_sub(ug, want))) / st_item(st_norm_all(want));
      printf("step %5d  PDE residual loss %.3e  relative L2 error of u %.3e\n", step,
             st_item(value), err);
    }
    if (step < steps) {
      if (st_params_call(grad, p, 2, (st_tensor *[]){pts, f}, grads)) FAIL("the gradient");
      if (st_optim_step_grads(opt, grads)) FAIL("the optimizer step");
    }
    st_scope_pop();
  }
  st_optim_free(opt);
  st_func_release(u_grid);
  st_func_release(grad);
  st_func_release(loss);
  st_func_release(m.laplacian);
  st_func_release(hess);
  st_func_release(u);
  st_params_free(p);
  st_scope_pop();
  return 0;
}
