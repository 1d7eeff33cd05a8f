/* gemm.c — GFLOP/s of st_matmul on square f32 and f64 matrices, on one thread and on all.
   Build against a build tree and run:
     cc -O2 bench/gemm.c $(PKG_CONFIG_PATH=build pkg-config --cflags --libs --static strata)
     ./a.out            (or ./a.out 1024 for one size)
   Prints one line per case: name size threads seconds GFLOP/s (the median of the runs). */
#include "bench.h"

#define RUNS 7

/* Median seconds of RUNS products of two n x n matrices, after one warm-up run. */
static double time_matmul(st_dtype dt, int64_t n, int threads) {
  double t[RUNS];
  st_set_num_threads(threads);
  st_scope_push();
  st_manual_seed(1);
  st_tensor *a = st_randn(dt, 2, (const int64_t[]){n, n}),
            *b = st_randn(dt, 2, (const int64_t[]){n, n});
  st_release(st_matmul(a, b));
  for (int r = 0; r < RUNS; r++) {
    double t0 = now();
    st_tensor *c = st_matmul(a, b);
    t[r] = now() - t0;
    if (!c) {
      fprintf(stderr, "st_matmul failed: %s\n", st_last_error());
      exit(1);
    }
    st_release(c);
  }
  st_scope_pop();
  qsort(t, RUNS, sizeof t[0], cmp_double);
  return t[RUNS / 2];
}

int main(int argc, char **argv) {
  const int64_t sizes[] = {256, 512, 1024, 2048};
  int64_t only = argc > 1 ? atoll(argv[1]) : 0;
  int all = st_get_num_threads();
  printf("# strata %s, %d threads available; name size threads seconds GFLOP/s\n", st_version(),
         all);
  for (int d = 0; d < 2; d++) {
    st_dtype dt = d ? ST_F64 : ST_F32;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      int64_t n = sizes[s];
      if (only && n != only) continue;
      for (int threads = 1; threads <= all; threads = threads == all ? all + 1 : all) {
        double sec = time_matmul(dt, n, threads);
        printf("matmul_%s %lld %d %.6f %.2f\n", st_dtype_name(dt), (long long)n, threads, sec,
               2.0 * (double)n * (double)n * (double)n / sec * 1e-9);
        fflush(stdout);
      }
    }
  }
  return 0;
}
