/* smoke_dist.c — every call of API.md's "Distributed" section, built as an outside program
   through build/strata-dist.pc and run by `make smoke` under mpirun with 2 ranks. Exits 0 when
   each call did what the contract says. */
#include <math.h>
#include <stdio.h>
#include <strata_dist.h>

#define EXPECT(cond)                                                                               \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "rank %d: %s:%d: %s failed [%s]\n", st_dist_rank(), __FILE__, __LINE__,      \
              #cond, st_last_error());                                                             \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int failures;

static double value(st_tensor *t, int i) {
  double v[64] = {0};
  st_to_f64(t, v, st_numel(t));
  return v[i];
}

int main(int argc, char **argv) {
  if (st_dist_init(&argc, &argv)) return fprintf(stderr, "%s\n", st_last_error()), 1;
  int r = st_dist_rank(), n = st_dist_world_size();
  EXPECT(r >= 0 && r < n);
  st_scope_push();

  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){r, r + 1, 2 * r, 3});
  EXPECT(fabs(value(st_dist_all_reduce(x, ST_REDUCE_SUM), 0) - n * (n - 1) / 2.0) < 1e-12);
  EXPECT(fabs(value(st_dist_all_reduce(x, ST_REDUCE_MEAN), 3) - 3) < 1e-12);
  EXPECT(value(st_dist_all_reduce(x, ST_REDUCE_MAX), 1) == n);
  EXPECT(value(st_dist_all_reduce(x, ST_REDUCE_MIN), 2) == 0);
  st_tensor *g = st_dist_all_gather(x, 0);
  EXPECT(g && st_size(g, 0) == 2 * n && value(g, 2 * 2 * (n - 1)) == n - 1);
  st_tensor *big = st_dist_all_gather(x, 1); /* [2, 2n] */
  st_tensor *s = st_dist_reduce_scatter(big, 1, ST_REDUCE_SUM);
  EXPECT(s && st_size(s, 1) == 2 && fabs(value(s, 1) - n * (r + 1.0)) < 1e-12);
  EXPECT(value(st_dist_broadcast(x, n - 1), 0) == n - 1);

  /* Data-parallel least squares: each rank fits its shard; DDP averages the gradients. */
  st_tensor *w = st_full(ST_F64, ST_SHAPE(3), r); /* rank 0's zeros are broadcast */
  st_set_requires_grad(w, true);
  st_ddp *ddp = st_ddp_new(1, &w, NULL);
  EXPECT(ddp && value(w, 0) == 0);
  st_tensor *xs = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){1, r, 0, 0, 1, r});
  st_tensor *ys = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, -r});
  for (int step = 0; step < 3; step++) {
    st_tensor *err = st_sub(st_matmul(xs, w), ys);
    EXPECT(st_backward(st_mean_all(st_mul(err, err)), NULL, false, false) == 0);
    EXPECT(st_ddp_wait(ddp) == 0);
    st_tensor *grad = st_grad_of(w), *mean = st_dist_all_reduce(grad, ST_REDUCE_MEAN);
    /* the .grad every rank holds is already the mean: averaging again changes nothing */
    EXPECT(grad && fabs(value(mean, 0) - value(grad, 0)) < 1e-12);
    st_set_grad_enabled(false);
    st_tensor *next = st_sub(w, st_mul_scalar(grad, 0.1));
    st_set_grad_enabled(true);
    double v[3];
    st_to_f64(next, v, 3);
    for (int i = 0; i < 3; i++) ((double *)st_data_ptr(w))[i] = v[i];
    st_zero_grad(w);
  }
  st_tensor *w_all = st_dist_all_gather(st_detach(w), 0);
  EXPECT(w_all && value(w_all, 0) == value(w_all, 3 * (n - 1))); /* replicas stay equal */
  st_ddp_free(ddp);

  st_scope_pop();
  int any = failures;
  st_tensor *f = st_dist_all_reduce(st_scalar(ST_F64, failures), ST_REDUCE_SUM);
  any = f ? (int)st_item(f) : 1;
  st_release(f);
  if (st_dist_finalize()) return 1;
  if (r == 0) printf("smoke_dist: %s (%d ranks)\n", any ? "FAILED" : "ok", n);
  return any != 0;
}
