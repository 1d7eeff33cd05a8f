/* test_collectives.c — the collectives' values against what every rank computes by hand, their
   derivatives against central differences of the ranks' joint program (f64, every rank stepping
   in lockstep), batching against a loop, and errors that reach every rank. */
#include <math.h>
#include <mpi.h>
#include <stdlib.h>

#include "strata_dist.h"
#include "test.h"

/* a and b have the same shape and values within tol (relative to 1 + |b|). */
static bool same(st_tensor *a, st_tensor *b, double tol) {
  int64_t n = st_numel(a);
  if (!a || !b || n != st_numel(b) || st_ndim(a) != st_ndim(b) || n > 4096) return false;
  double va[4096], vb[4096];
  if (st_to_f64(a, va, n) || st_to_f64(b, vb, n)) return false;
  for (int d = 0; d < st_ndim(a); d++)
    if (st_size(a, d) != st_size(b, d)) return false;
  for (int64_t i = 0; i < n; i++)
    if (!(fabs(va[i] - vb[i]) <= tol * (1 + fabs(vb[i])))) return false;
  return true;
}

static int rank_(void) { return st_dist_rank(); }
static int size_(void) { return st_dist_world_size(); }

/* x0's values, with element i moved by h on rank p only (p < 0: on every rank). */
static st_tensor *nudged(st_tensor *x0, int p, int64_t i, double h) {
  int64_t n = st_numel(x0), shape[ST_MAX_DIMS];
  int nd = st_shape(x0, shape);
  double v[64];
  st_to_f64(x0, v, n);
  if (p < 0 || p == rank_()) v[i] += h;
  return st_from_data(ST_F64, nd, shape, v);
}

/* A rank's scalar program of its input (it may run collectives and backward). */
typedef double (*program)(st_tensor *x);

static double sum_over_ranks(double v) {
  return st_item(st_dist_all_reduce(st_scalar(ST_F64, v), ST_REDUCE_SUM));
}

/* d(sum over ranks of prog)/d(x_p[i]), by central differences: what backward computes on p. */
static double global_partial(program prog, st_tensor *x0, int p, int64_t i) {
  const double h = 1e-6;
  double up = sum_over_ranks(prog(nudged(x0, p, i, h)));
  double down = sum_over_ranks(prog(nudged(x0, p, i, -h)));
  return (up - down) / (2 * h);
}

/* d(prog on this rank)/d(eps) when every rank moves its x[i] by eps: what a jvp computes. */
static double joint_partial(program prog, st_tensor *x0, int64_t i) {
  const double h = 1e-6;
  return (prog(nudged(x0, -1, i, h)) - prog(nudged(x0, -1, i, -h))) / (2 * h);
}

/* The local losses. Each weighs its result with the rank, so that the ranks' losses differ. */
static st_tensor *weighted(st_tensor *y) {
  double w = 1.0 + 0.5 * rank_();
  return st_sum_all(st_mul_scalar(st_sin(y), w));
}
static st_tensor *loss_reduce_sum(st_tensor *x) {
  return weighted(st_dist_all_reduce(st_mul(x, x), ST_REDUCE_SUM));
}
static st_tensor *loss_reduce_mean(st_tensor *x) {
  return weighted(st_dist_all_reduce(st_exp(x), ST_REDUCE_MEAN));
}
static st_tensor *loss_reduce_max(st_tensor *x) {
  return weighted(st_dist_all_reduce(st_mul_scalar(x, 2), ST_REDUCE_MAX));
}
static st_tensor *loss_reduce_min(st_tensor *x) {
  return weighted(st_dist_all_reduce(x, ST_REDUCE_MIN));
}
static st_tensor *loss_gather0(st_tensor *x) { return weighted(st_dist_all_gather(st_tanh(x), 0)); }
static st_tensor *loss_gather1(st_tensor *x) { return weighted(st_dist_all_gather(x, -1)); }
static st_tensor *loss_scatter_sum(st_tensor *x) {
  return weighted(st_dist_reduce_scatter(st_mul(x, x), 0, ST_REDUCE_SUM));
}
static st_tensor *loss_scatter_mean(st_tensor *x) {
  return weighted(st_dist_reduce_scatter(x, 0, ST_REDUCE_MEAN));
}
static st_tensor *loss_scatter_max(st_tensor *x) {
  return weighted(st_dist_reduce_scatter(x, 0, ST_REDUCE_MAX));
}
static st_tensor *loss_broadcast(st_tensor *x) {
  return weighted(st_mul(st_dist_broadcast(x, size_() - 1), x));
}

static st_tensor *(*current_loss)(st_tensor *);
static double current_value(st_tensor *x) { return st_item(current_loss(x)); }

/* Rank-dependent values with no ties across ranks (MAX / MIN pick one rank per element). The
   first dim is a multiple of the world size (reduce_scatter splits it). */
static st_tensor *distinct_input(void) {
  int n = size_();
  double v[12];
  for (int i = 0; i < 2 * n; i++) v[i] = 0.3 + 0.37 * ((i * 7 + rank_() * 5) % 11) - 0.1 * rank_();
  return st_from_data(ST_F64, ST_SHAPE(2 * n, 1), v);
}

/* Eager backward of the local loss equals the central difference of the ranks' summed losses. */
static void check_backward(st_tensor *(*loss)(st_tensor *)) {
  st_tensor *x0 = distinct_input(), *x = st_clone(x0);
  st_set_requires_grad(x, true);
  CHECK(st_backward(loss(x), NULL, false, false) == 0);
  st_tensor *g = st_grad_of(x);
  double gv[12];
  int64_t m = st_numel(x0);
  CHECK(g && st_to_f64(g, gv, m) == 0);
  current_loss = loss;
  for (int p = 0; p < size_(); p++)
    for (int64_t i = 0; i < m; i++) {
      double num = global_partial(current_value, x0, p, i);
      if (p == rank_()) CHECK_NEAR(gv[i], num, 1e-6);
    }
}

TEST(all_reduce_values) {
  int r = rank_(), n = size_();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){r + 1.0, -2.0 * r, r == 1 ? 9 : 0.5});
  double top = n > 1 ? 9 : 1;
  CHECK_CLOSE(st_dist_all_reduce(x, ST_REDUCE_SUM), 1e-12, n * (n + 1) / 2.0, -1.0 * n * (n - 1),
              (n > 1 ? 9 : 0) + 0.5 * (n - (n > 1)));
  CHECK_CLOSE(st_dist_all_reduce(x, ST_REDUCE_MEAN), 1e-12, (n + 1) / 2.0, -1.0 * (n - 1),
              ((n > 1 ? 9 : 0) + 0.5 * (n - (n > 1))) / n);
  CHECK_CLOSE(st_dist_all_reduce(x, ST_REDUCE_MAX), 1e-12, n, 0, n > 1 ? top : 0.5);
  CHECK_CLOSE(st_dist_all_reduce(x, ST_REDUCE_MIN), 1e-12, 1, -2.0 * (n - 1), 0.5);
}

TEST(all_reduce_dtypes) {
  int r = rank_(), n = size_();
  st_tensor *i = st_full(ST_I64, ST_SHAPE(2), r + 1);
  st_tensor *s = st_dist_all_reduce(i, ST_REDUCE_SUM);
  CHECK(st_dtype_of(s) == ST_I64);
  CHECK_CLOSE(s, 0, n * (n + 1) / 2.0, n * (n + 1) / 2.0);
  st_tensor *h = st_dist_all_reduce(st_full(ST_F16, ST_SHAPE(2), 0.5 * (r + 1)), ST_REDUCE_SUM);
  CHECK(st_dtype_of(h) == ST_F16);
  CHECK_CLOSE(h, 0, n * (n + 1) / 4.0, n * (n + 1) / 4.0);
  st_tensor *u = st_dist_all_reduce(st_full(ST_U8, ST_SHAPE(1), 3 + r), ST_REDUCE_MAX);
  CHECK_CLOSE(u, 0, 2.0 + n);
  st_tensor *f = st_dist_all_reduce(st_full(ST_F32, ST_SHAPE(1), r), ST_REDUCE_MEAN);
  CHECK(st_dtype_of(f) == ST_F32);
  CHECK_CLOSE(f, 1e-6, (n - 1) / 2.0);
}

TEST(all_reduce_keeps_input_and_strided_views) {
  int r = rank_(), n = size_();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *xt = st_add_scalar(st_transpose(x, 0, 1), r); /* [[1,3],[2,4]] + r */
  st_tensor *y = st_dist_all_reduce(st_transpose(xt, 0, 1), ST_REDUCE_SUM);
  double base = n * (n - 1) / 2.0;
  CHECK_CLOSE(y, 1e-12, n + base, 2.0 * n + base, 3.0 * n + base, 4.0 * n + base);
  CHECK_CLOSE(x, 0, 1, 2, 3, 4);
}

TEST(all_gather_values) {
  int r = rank_(), n = size_();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){r, 10 + r, 20 + r, 30 + r});
  st_tensor *g0 = st_dist_all_gather(x, 0), *g1 = st_dist_all_gather(x, 1);
  CHECK_SHAPE(g0, 2 * n, 2);
  CHECK_SHAPE(g1, 2, 2 * n);
  for (int p = 0; p < n; p++) {
    CHECK_NEAR(st_item(st_select(st_select(g0, 0, 2 * p + 1), 0, 1)), 30 + p, 0);
    CHECK_NEAR(st_item(st_select(st_select(g1, 0, 1), 0, 2 * p)), 20 + p, 0);
  }
  st_tensor *b = st_dist_all_gather(st_full(ST_BOOL, ST_SHAPE(1), r % 2), 0);
  CHECK(b && st_dtype_of(b) == ST_BOOL);
  CHECK_NEAR(st_item(st_sum_all(b)), n / 2, 0);
}

TEST(reduce_scatter_values) {
  int r = rank_(), n = size_();
  double v[6];
  for (int i = 0; i < 2 * n; i++) v[i] = i + 100.0 * r;
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2, n), v); /* [[0..n), [n..2n)] + 100 r */
  st_tensor *y = st_dist_reduce_scatter(x, 1, ST_REDUCE_SUM);
  CHECK_SHAPE(y, 2, 1);
  double offset = 100.0 * n * (n - 1) / 2.0;
  CHECK_CLOSE(y, 1e-12, n * (double)r + offset, n * (double)(n + r) + offset);
  st_tensor *m = st_dist_reduce_scatter(x, -1, ST_REDUCE_MAX);
  CHECK_CLOSE(m, 0, r + 100.0 * (n - 1), n + r + 100.0 * (n - 1));
  st_tensor *a = st_dist_reduce_scatter(st_transpose(x, 0, 1), 0, ST_REDUCE_MEAN);
  CHECK_CLOSE(a, 1e-12, r + offset / n, n + r + offset / n);
}

TEST(broadcast_values) {
  int r = rank_(), n = size_();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){r, -r});
  CHECK_CLOSE(st_dist_broadcast(x, 0), 0, 0, 0);
  CHECK_CLOSE(st_dist_broadcast(x, n - 1), 0, n - 1, 1 - n);
  CHECK_CLOSE(st_dist_broadcast(st_scalar(ST_I64, 7 * r), n - 1), 0, 7.0 * (n - 1));
}

TEST(all_reduce_backward_is_all_reduce) {
  check_backward(loss_reduce_sum);
  check_backward(loss_reduce_mean);
}
TEST(all_reduce_max_min_backward) {
  check_backward(loss_reduce_max);
  check_backward(loss_reduce_min);
}
TEST(all_gather_backward_is_reduce_scatter) {
  check_backward(loss_gather0);
  check_backward(loss_gather1);
}
TEST(reduce_scatter_backward_is_all_gather) {
  check_backward(loss_scatter_sum);
  check_backward(loss_scatter_mean);
  check_backward(loss_scatter_max);
}
TEST(broadcast_backward_reaches_root) { check_backward(loss_broadcast); }

TEST(all_reduce_max_splits_ties) {
  /* Every rank holds the maximum: each gets 1/n of the summed gradient, as torch.amax. */
  int n = size_();
  st_tensor *x = st_full(ST_F64, ST_SHAPE(1), 2.0);
  st_set_requires_grad(x, true);
  CHECK(st_backward(st_sum_all(st_dist_all_reduce(x, ST_REDUCE_MAX)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 1.0); /* n ranks' losses, each share 1/n */
  (void)n;
}

/* ------------------------------------------------------------------------------ transforms */

static int fn_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *(*loss)(st_tensor *) = (st_tensor * (*)(st_tensor *)) ctx;
  out[0] = loss(in[0]);
  return out[0] ? 0 : st_last_status();
}

static st_func *loss_func(st_tensor *(*loss)(st_tensor *)) {
  return st_func_new(fn_loss, (void *)loss, 1, 1);
}

TEST(grad_transform_equals_backward) {
  st_tensor *(*losses[])(st_tensor *) = {loss_reduce_sum, loss_gather1, loss_scatter_max,
                                         loss_broadcast};
  for (int k = 0; k < 4; k++) {
    st_tensor *x0 = distinct_input(), *x = st_clone(x0), *g = NULL;
    st_set_requires_grad(x, true);
    CHECK(st_backward(losses[k](x), NULL, false, false) == 0);
    st_func *f = loss_func(losses[k]), *gf = st_grad(f, 0, NULL);
    CHECK(st_call(gf, &x0, &g) == 0);
    CHECK(same(g, st_grad_of(x), 1e-12));
    st_func_release(gf);
    st_func_release(f);
  }
}

/* y = sin(all_reduce(x^2)) elementwise; jvp with tangent t on every rank at once. */
static st_tensor *vec_reduce(st_tensor *x) {
  return st_sin(st_dist_all_reduce(st_mul(x, x), ST_REDUCE_SUM));
}
static st_tensor *vec_gather(st_tensor *x) { return st_exp(st_dist_all_gather(x, 0)); }
static st_tensor *vec_scatter_max(st_tensor *x) {
  return st_dist_reduce_scatter(st_mul_scalar(x, 3), 0, ST_REDUCE_MAX);
}
static st_tensor *(*current_vec)(st_tensor *);
static int64_t current_out;
static double picked_output(st_tensor *x) {
  st_tensor *y = st_reshape(current_vec(x), 1, (int64_t[]){-1});
  return st_item(st_select(y, 0, current_out));
}

static int fn_vec(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = ((st_tensor * (*)(st_tensor *)) ctx)(in[0]);
  return out[0] ? 0 : st_last_status();
}

/* jacfwd column i: every rank moves x[i] (a jvp with the same tangent everywhere); jacrev row j:
   the sum over ranks of output j, as a function of this rank's x (a vjp with the same
   cotangent everywhere). Both against central differences of the ranks' joint program. */
TEST(jacfwd_and_jacrev_of_collectives) {
  st_tensor *(*vecs[])(st_tensor *) = {vec_reduce, vec_gather, vec_scatter_max};
  for (int k = 0; k < 3; k++) {
    st_tensor *x0 = distinct_input(), *jf = NULL, *jr = NULL;
    st_func *f = st_func_new(fn_vec, (void *)vecs[k], 1, 1);
    st_func *fwd = st_jacfwd(f, 0), *rev = st_jacrev(f, 0);
    CHECK(st_call(fwd, &x0, &jf) == 0 && st_call(rev, &x0, &jr) == 0);
    int64_t m = st_numel(x0), nout = jf ? st_numel(jf) / m : 0;
    double vf[256], vr[256];
    CHECK(st_to_f64(jf, vf, nout * m) == 0 && st_to_f64(jr, vr, nout * m) == 0);
    current_vec = vecs[k];
    for (int64_t j = 0; j < nout; j++) {
      current_out = j;
      for (int64_t i = 0; i < m; i++) {
        CHECK_NEAR(vf[j * m + i], joint_partial(picked_output, x0, i), 1e-6);
        for (int p = 0; p < size_(); p++) {
          double num = global_partial(picked_output, x0, p, i);
          if (p == rank_()) CHECK_NEAR(vr[j * m + i], num, 1e-6);
        }
      }
    }
    st_func_release(fwd);
    st_func_release(rev);
    st_func_release(f);
  }
}

/* The gradient's own derivative (hessian = jacfwd(jacrev)): row i is the change of this rank's
   gradient when every rank moves x[i]; double backward runs the collectives' rules' rules. */
static int64_t current_in;
static double gradient_element(st_tensor *x) {
  st_tensor *xr = st_clone(x);
  st_set_requires_grad(xr, true);
  st_backward(current_loss(xr), NULL, false, false);
  return st_item(st_select(st_reshape(st_grad_of(xr), 1, (int64_t[]){-1}), 0, current_in));
}

TEST(hessian_of_collectives) {
  st_tensor *(*losses[])(st_tensor *) = {loss_reduce_sum, loss_reduce_mean, loss_gather0,
                                         loss_scatter_sum, loss_broadcast};
  for (int k = 0; k < 5; k++) {
    st_tensor *x0 = distinct_input(), *h = NULL;
    st_func *f = loss_func(losses[k]), *hf = st_hessian(f, 0);
    CHECK(st_call(hf, &x0, &h) == 0);
    int64_t m = st_numel(x0);
    double hv[144];
    CHECK(st_to_f64(h, hv, m * m) == 0);
    current_loss = losses[k];
    for (int64_t a = 0; a < m; a++) {
      current_in = a;
      for (int64_t b = 0; b < m; b++)
        CHECK_NEAR(hv[a * m + b], joint_partial(gradient_element, x0, b), 1e-5);
    }
    st_func_release(hf);
    st_func_release(f);
  }
}

TEST(double_backward_through_collectives) {
  /* d/dx_r of sum over ranks of <grad_r, v>: backward of a backward (create_graph). */
  st_tensor *x0 = distinct_input(), *x = st_clone(x0), *g = NULL;
  st_set_requires_grad(x, true);
  CHECK(st_autograd_grad(1, (st_tensor *const[]){loss_scatter_sum(x)}, NULL, 1, &x, &g,
                         &(st_grad_opts){.create_graph = true}) == 0);
  st_tensor *v = st_add_scalar(st_mul_scalar(x0, 0.5), 1), *gg = NULL;
  CHECK(st_autograd_grad(1, (st_tensor *const[]){st_sum_all(st_mul(g, v))}, NULL, 1, &x, &gg,
                         NULL) == 0);
  double ggv[12], vv[12];
  int64_t m = st_numel(x0);
  CHECK(st_to_f64(gg, ggv, m) == 0 && st_to_f64(v, vv, m) == 0);
  current_loss = loss_scatter_sum;
  for (int p = 0; p < size_(); p++)
    for (int64_t i = 0; i < m; i++) {
      /* sum_r <grad_r(x), v_r> moved by rank p's x[i] */
      const double h = 1e-5;
      double s[2];
      for (int sgn = 0; sgn < 2; sgn++) {
        st_tensor *xs = st_clone(nudged(x0, p, i, sgn ? -h : h)), *gs = NULL;
        st_set_requires_grad(xs, true);
        st_autograd_grad(1, (st_tensor *const[]){loss_scatter_sum(xs)}, NULL, 1, &xs, &gs, NULL);
        s[sgn] = sum_over_ranks(st_item(st_sum_all(st_mul(gs, v))));
      }
      if (p == rank_()) CHECK_NEAR(ggv[i], (s[0] - s[1]) / (2 * h), 1e-5);
    }
}

/* vmap of each collective equals a loop over the lanes (each lane its own collective). */
static int fn_collective(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  int which = (int)(intptr_t)ctx;
  st_tensor *x = in[0];
  switch (which) {
  case 0: out[0] = st_dist_all_reduce(x, ST_REDUCE_SUM); break;
  case 1: out[0] = st_dist_all_reduce(x, ST_REDUCE_MAX); break;
  case 2: out[0] = st_dist_all_gather(x, 1); break;
  case 3: out[0] = st_dist_reduce_scatter(x, 0, ST_REDUCE_SUM); break;
  case 4: out[0] = st_dist_reduce_scatter(x, -1, ST_REDUCE_MEAN); break;
  default: out[0] = st_dist_broadcast(x, 0); break;
  }
  return out[0] ? 0 : st_last_status();
}

TEST(vmap_equals_loop) {
  int n = size_();
  for (int which = 0; which < 6; which++)
    for (int in_dim = 0; in_dim < 2; in_dim++) {
      /* lanes of [n, n] along in_dim; 3 lanes */
      st_tensor *xs = st_add_scalar(st_randn(ST_F64, ST_SHAPE(3, n, n)), rank_());
      st_tensor *x = in_dim ? st_contiguous(st_permute(xs, 3, (int[]){1, 0, 2})) : xs;
      st_func *f = st_func_new(fn_collective, (void *)(intptr_t)which, 1, 1);
      st_func *vf = st_vmap(f, &in_dim, NULL);
      st_tensor *batched = NULL;
      CHECK(st_call(vf, &x, &batched) == 0);
      st_tensor *lanes[3];
      for (int b = 0; b < 3; b++) {
        st_tensor *lane = st_select(xs, 0, b);
        CHECK(st_call(f, &lane, &lanes[b]) == 0);
      }
      st_tensor *loop = st_stack(3, lanes, 0);
      CHECK(same(batched, loop, 1e-12));
      st_func_release(vf);
      st_func_release(f);
    }
}

TEST(vmap_of_grad_of_collective) {
  /* per-lane gradients of a loss with a collective: vmap(grad) against a loop of grad */
  st_tensor *xs = st_add_scalar(st_randn(ST_F64, ST_SHAPE(2, 2 * size_(), 1)), 0.1 * rank_());
  st_func *f = loss_func(loss_scatter_sum), *gf = st_grad(f, 0, NULL);
  st_func *vg = st_vmap(gf, NULL, NULL);
  st_tensor *batched = NULL, *lanes[2];
  CHECK(st_call(vg, &xs, &batched) == 0);
  for (int b = 0; b < 2; b++) {
    st_tensor *lane = st_select(xs, 0, b);
    CHECK(st_call(gf, &lane, &lanes[b]) == 0);
  }
  CHECK(same(batched, st_stack(2, lanes, 0), 1e-12));
  st_func_release(vg);
  st_func_release(gf);
  st_func_release(f);
}

/* ----------------------------------------------------------------------------------- errors */

TEST(shape_mismatch_fails_on_every_rank) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(2 + rank_()));
  CHECK_FAILS(!st_dist_all_reduce(x, ST_REDUCE_SUM), ST_ERR_SHAPE, "shapes differ across ranks");
  /* the group still works afterwards */
  CHECK_CLOSE(st_dist_all_reduce(st_ones(ST_F64, ST_SHAPE(1)), ST_REDUCE_SUM), 0, size_());
}

TEST(dtype_and_argument_mismatch_fail_on_every_rank) {
  st_tensor *x = st_zeros(rank_() == 0 ? ST_F32 : ST_F64, ST_SHAPE(2));
  CHECK_FAILS(!st_dist_all_reduce(x, ST_REDUCE_SUM), ST_ERR_ARG, "dtypes differ");
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(2, 2));
  CHECK_FAILS(!st_dist_all_gather(y, rank_() == 0 ? 0 : 1), ST_ERR_ARG, "dim differs");
  CHECK_FAILS(!st_dist_all_reduce(y, rank_() == 0 ? ST_REDUCE_MAX : ST_REDUCE_SUM), ST_ERR_ARG,
              "reduction differs");
}

TEST(one_rank_failing_fails_every_rank) {
  int last = size_() - 1;
  st_tensor *x = rank_() == last ? NULL : st_ones(ST_F64, ST_SHAPE(2));
  st_clear_error();
  st_tensor *y = st_dist_all_reduce(x, ST_REDUCE_SUM);
  CHECK(!y);
  if (rank_() != last) CHECK(strstr(st_last_error(), "failed before the collective"));
  st_clear_error();
  /* a bad dim on one rank only: that rank names the dim, the others the failing rank */
  st_tensor *z = st_ones(ST_F64, ST_SHAPE(2));
  st_clear_error();
  CHECK(!st_dist_all_gather(z, rank_() == 0 ? 5 : 0));
  CHECK(strstr(st_last_error(), rank_() == 0 ? "out of range" : "rank 0 failed"));
  st_clear_error();
  CHECK_CLOSE(st_dist_broadcast(z, 0), 0, 1, 1);
}

TEST(bad_arguments_fail_cleanly) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3 * size_() + 1));
  CHECK_FAILS(!st_dist_reduce_scatter(x, 1, ST_REDUCE_SUM), ST_ERR_SHAPE, "does not split");
  CHECK_FAILS(!st_dist_all_reduce(st_ones(ST_BOOL, ST_SHAPE(1)), ST_REDUCE_SUM), ST_ERR_DTYPE,
              "bool");
  CHECK_FAILS(!st_dist_all_reduce(st_ones(ST_I64, ST_SHAPE(1)), ST_REDUCE_MEAN), ST_ERR_DTYPE,
              "mean");
  CHECK_FAILS(!st_dist_all_reduce(x, (st_reduce_op)7), ST_ERR_ARG, "st_reduce_op");
  CHECK_FAILS(!st_dist_broadcast(x, size_()), ST_ERR_ARG, "not a rank");
  CHECK_FAILS(!st_dist_all_gather(st_scalar(ST_F64, 1), 0), ST_ERR_ARG, "out of range");
  CHECK(st_dist_all_reduce(NULL, ST_REDUCE_SUM) == NULL);
  st_clear_error();
  CHECK_CLOSE(st_dist_all_reduce(st_ones(ST_F64, ST_SHAPE(1)), ST_REDUCE_SUM), 0, size_());
}

/* ------------------------------------------------------------------------- sharded jacobian */

/* f(x, w) = tanh(A x) * sum(w) + x[0] w: 7 outputs (not a multiple of 2 or 3 ranks). */
static int fn_two_inputs(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_reshape(st_arange(ST_F64, -1, 2.5, 0.1), ST_SHAPE(7, 5));
  st_tensor *ax = st_tanh(st_matmul(a, in[0]));
  out[0] = st_add(st_mul(ax, st_sum_all(in[1])), st_mul(st_select(in[0], 0, 0), in[1]));
  return out[0] ? 0 : st_last_status();
}

TEST(dist_jacrev_equals_jacrev) {
  st_tensor *x = st_linspace(ST_F64, -1, 1, 5), *w = st_linspace(ST_F64, 0.5, 2, 7);
  st_func *f = st_func_new(fn_two_inputs, NULL, 2, 1);
  for (int argnum = -1; argnum < 2; argnum++)
    for (int64_t chunk = 0; chunk < 3; chunk++) {
      st_tensor *want = NULL;
      st_func *jr = st_jacrev(f, argnum);
      CHECK(st_call(jr, (st_tensor *const[]){x, w}, &want) == 0);
      st_tensor *got = st_dist_jacrev(f, argnum, (st_tensor *const[]){x, w}, chunk);
      CHECK(got && st_ndim(got) == 2 && same(got, want, 1e-12));
      st_func_release(jr);
    }
  st_func_release(f);
}

TEST(dist_jacrev_bad_input_fails_every_rank) {
  st_tensor *x = st_linspace(ST_F64, -1, 1, 5), *w = st_linspace(ST_F64, 0.5, 2, 7);
  st_func *f = st_func_new(fn_two_inputs, NULL, 2, 1);
  CHECK_FAILS(!st_dist_jacrev(f, 2, (st_tensor *const[]){x, w}, 0), ST_ERR_ARG, "out of range");
  CHECK_FAILS(!st_dist_jacrev(f, 0, (st_tensor *const[]){x, w}, -1), ST_ERR_ARG, "chunk_size");
  /* only the last rank is given a NULL input: the others fail in the gather, naming it */
  st_clear_error();
  bool last = st_dist_rank() == st_dist_world_size() - 1;
  CHECK(!st_dist_jacrev(f, 0, (st_tensor *const[]){last ? NULL : x, w}, 0));
  CHECK(strstr(st_last_error(), last ? "input 0 is NULL" : "failed before the collective"));
  st_clear_error();
  st_func_release(f);
}

/* ------------------------------------------------------------------------------ the timeout */

/* Run on its own by tests/dist/run (STRATA_DIST_TIMEOUT_TEST=1): it leaves the group broken,
   and the job then ends with MPI_Abort from st_dist_finalize. Rank 0 skips a collective; the
   others fail with ST_ERR_IO after the timeout, not a hang, and every later collective fails at
   once. */
TEST(never_arriving_rank_times_out) {
  if (!getenv("STRATA_DIST_TIMEOUT_TEST")) return;
  double previous = st_dist_set_timeout(1);
  if (st_dist_rank() != 0) {
    double start = MPI_Wtime();
    CHECK_FAILS(!st_dist_all_reduce(st_ones(ST_F64, ST_SHAPE(2)), ST_REDUCE_SUM), ST_ERR_IO,
                "timed out after 1 s");
    double waited = MPI_Wtime() - start;
    CHECK(waited >= 0.9 && waited < 10);
    CHECK_FAILS(!st_dist_broadcast(st_ones(ST_F64, ST_SHAPE(2)), 0), ST_ERR_IO, "unusable");
    printf("rank %d: the collective timed out after %.2f s\n", st_dist_rank(), waited);
  }
  st_dist_set_timeout(previous);
}

TEST(chain_of_collectives_backward_runs_on_every_rank) {
  /* broadcast's non-root ranks pass a zero gradient on, so the collectives before it still run
     their rules on every rank (a NULL would let the engine skip them there and leave the root
     waiting). x -> max -> gather -> scatter -> broadcast(root 1 or 0). */
  int r = rank_(), n = size_(), root = n - 1;
  st_tensor *x = st_full(ST_F64, ST_SHAPE(2, 2), r + 1.0);
  st_set_requires_grad(x, true);
  st_tensor *a = st_dist_all_reduce(x, ST_REDUCE_MAX);
  st_tensor *g = st_dist_all_gather(a, 1);
  st_tensor *s = st_dist_reduce_scatter(g, 1, ST_REDUCE_SUM);
  st_tensor *b = st_dist_broadcast(s, root);
  CHECK(st_backward(st_sum_all(b), NULL, false, false) == 0);
  /* L = n * sum(broadcast) = n * sum over blocks; d/dx on the max's rank only: the root's
     scatter block gets n from every rank's loss; reduce_scatter sums n copies of each a. */
  st_tensor *gx = st_grad_of(x);
  double want = r == n - 1 ? (double)n * n : 0;
  CHECK_CLOSE(gx, 1e-12, want, want, want, want);
}
