/* ddp.c — workload 13, data-parallel training: the MLP training step of mlp_train.c (f32, relu,
 * mean cross-entropy, SGD lr 0.01) on every rank with its own batch of B rows (weak scaling: 2
 * ranks train on 2 B rows per step), the gradients averaged by st_ddp (25 MiB buckets). Run by
 * bench/ddp_run under mpirun with 1 and 2 ranks, one thread each:
 *
 *   mpirun -np R bench/out/ddp <case> <mode>      case: b64 | b1024
 *   mode: single  the step without DDP (1 rank: the baseline)
 *         ddp     with st_ddp_new / st_ddp_wait
 *         prio    the same, with st_ddp_prioritize before every backward (seed 002 #114120)
 *
 * Rank 0 prints one line
 *
 *   DDP <case> <ranks> <mode> <step s> <wait s per step> <all-reduce alone s per step>
 *
 * where wait is the time spent in st_ddp_wait (the communication backward did not hide) and the
 * last column the time of the same all-reduces (the same bucket sizes) with nothing else running,
 * so hidden = 1 - wait / alone. Step times are the median over the timed steps of the slowest
 * rank's step.
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strata_dist.h>
#include <time.h>

enum { MAXL = 4 };

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef struct {
  int nl;
  st_tensor *p[2 * MAXL]; /* w0, b0, w1, b1, ... */
  st_tensor *x, *y;
} mlp;

static void fail(const char *what) {
  fprintf(stderr, "bench ddp: %s: %s\n", what, st_last_error());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

static void step(mlp *m, st_ddp *d, bool prio) {
  st_scope_push();
  st_tensor *h = m->x;
  for (int l = 0; l < m->nl; l++) {
    h = st_linear(h, m->p[2 * l], m->p[2 * l + 1]);
    if (l < m->nl - 1) h = st_relu(h);
  }
  st_tensor *loss = st_cross_entropy(h, m->y, ST_REDUCTION_MEAN);
  if (prio && st_ddp_prioritize(d, loss)) fail("prioritize");
  if (st_backward(loss, NULL, false, false)) fail("backward");
  if (d && st_ddp_wait(d)) fail("st_ddp_wait");
  bool prev = st_set_grad_enabled(false);
  for (int i = 0; i < 2 * m->nl; i++) {
    if (st_sub_(m->p[i], st_mul_scalar(st_grad_of(m->p[i]), 0.01))) fail("sgd");
    st_zero_grad(m->p[i]);
  }
  st_set_grad_enabled(prev);
  st_scope_pop();
}

/* The same all-reduces as DDP's buckets (25 MiB each, in f32) with nothing else running. */
static double allreduce_alone(int64_t bytes, int reps) {
  int64_t per = ((int64_t)25 << 20) / 4, total = bytes / 4;
  float *buf = calloc((size_t)total, sizeof *buf);
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now();
    for (int64_t off = 0; off < total; off += per) {
      int n = (int)(total - off < per ? total - off : per);
      MPI_Allreduce(MPI_IN_PLACE, buf + off, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    }
    double t = now() - t0;
    if (t < best) best = t;
  }
  free(buf);
  return best;
}

int main(int argc, char **argv) {
  if (st_dist_init(&argc, &argv)) fail("st_dist_init");
  if (argc < 3) {
    fprintf(stderr, "usage: ddp <b64|b1024> <single|ddp|prio>\n");
    return 1;
  }
  const char *cas = argv[1], *mode = argv[2];
  static const int small[4] = {784, 128, 128, 10}, large[5] = {2048, 2048, 2048, 2048, 10};
  bool big = !strcmp(cas, "b1024");
  const int *sizes = big ? large : small;
  int B = big ? 1024 : 64, nl = big ? 4 : 3, steps = big ? 6 : 300;
  int rank = st_dist_rank(), size = st_dist_world_size();
  st_set_num_threads(1);
  mlp m = {.nl = nl};
  st_manual_seed(2);
  for (int l = 0; l < nl; l++) {
    double scale = 1.0 / sizes[l];
    m.p[2 * l] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1], sizes[l])), scale);
    m.p[2 * l + 1] = st_mul_scalar(st_randn(ST_F32, ST_SHAPE(sizes[l + 1])), 0.1);
  }
  for (int i = 0; i < 2 * nl; i++) st_set_requires_grad(m.p[i], true);
  st_manual_seed(100 + (uint64_t)rank); /* each rank its own batch */
  m.x = st_randn(ST_F32, ST_SHAPE(B, sizes[0]));
  m.y = st_randint(ST_I64, 0, sizes[nl], ST_SHAPE(B));
  bool use_ddp = strcmp(mode, "single") != 0, prio = !strcmp(mode, "prio");
  st_ddp *d = use_ddp ? st_ddp_new(2 * nl, m.p, NULL) : NULL;
  if (use_ddp && !d) fail("st_ddp_new");
  for (int k = 0; k < 2; k++) step(&m, d, prio); /* warm-up */
  st_ddp_stats before = {0}, after = {0};
  if (d) st_ddp_get_stats(d, &before);
  double *t = calloc((size_t)steps, sizeof *t);
  for (int k = 0; k < steps; k++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now();
    step(&m, d, prio);
    double local = now() - t0;
    MPI_Allreduce(&local, &t[k], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  if (d) st_ddp_get_stats(d, &after);
  qsort(t, (size_t)steps, sizeof *t, cmp);
  double wait = d ? (after.wait_seconds - before.wait_seconds) / steps : 0;
  double alone = d && size > 1 ? allreduce_alone(after.bytes, big ? 5 : 50) : 0;
  if (rank == 0)
    printf("DDP %s %d %s %.6g %.6g %.6g\n", cas, size, mode, t[steps / 2], wait, alone);
  free(t);
  st_ddp_free(d);
  for (int i = 0; i < 2 * nl; i++) st_release(m.p[i]);
  st_release(m.x), st_release(m.y);
  return st_dist_finalize();
}
