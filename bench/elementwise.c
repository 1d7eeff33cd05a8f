/* elementwise.c — times strata's elementwise ops (add, mul, exp, tanh, sigmoid, relu, and a
   row-broadcast add) on contiguous f32 tensors of 2^20 and 2^24 elements.
   Build: cc -O2 bench/elementwise.c
            $(PKG_CONFIG_PATH=build pkg-config --cflags --libs --static strata)
   Run:   ./a.out [threads]    (default: strata's default, the number of cores)
   Prints one line per case: name size seconds GB/s ns/element, where seconds is the median
   over several runs, size the number of output elements, and GB/s counts the bytes read and
   written once each (the traffic a streaming kernel cannot avoid). */
#include "bench.h"

enum { RUNS = 9 };

typedef st_tensor *(*unary_op)(st_tensor *);
typedef st_tensor *(*binary_op)(st_tensor *, st_tensor *);

/* One call of u(a) or f(a, b), result released at once; returns seconds. */
static double time_once(unary_op u, binary_op f, st_tensor *a, st_tensor *b) {
  double t0 = now();
  st_tensor *y = f ? f(a, b) : u(a);
  double t1 = now();
  if (!y) {
    fprintf(stderr, "elementwise: %s\n", st_last_error());
    exit(1);
  }
  st_release(y);
  return t1 - t0;
}

/* Median of RUNS timed calls after warm-up calls (which also fill the allocator cache). */
static void bench(const char *name, unary_op u, binary_op f, st_tensor *a, st_tensor *b,
                  double bytes) {
  double t[RUNS];
  for (int r = 0; r < 3; r++) time_once(u, f, a, b);
  for (int r = 0; r < RUNS; r++) t[r] = time_once(u, f, a, b);
  qsort(t, RUNS, sizeof t[0], cmp_double);
  double s = t[RUNS / 2], n = (double)st_numel(a); /* a is never the broadcast operand */
  printf("%-14s %9.0f %.6f %7.2f %7.3f\n", name, n, s, bytes / s * 1e-9, s / n * 1e9);
}

int main(int argc, char **argv) {
  if (argc > 1) st_set_num_threads(atoi(argv[1]));
  st_manual_seed(0);
  printf("# name size seconds GB/s ns/element (f32, contiguous, %d threads)\n",
         st_get_num_threads());
  const int64_t sizes[] = {(int64_t)1 << 20, (int64_t)1 << 24};
  /* Wakes the cores and the thread pool before anything is timed. */
  st_tensor *w = st_ones(ST_F32, 1, &sizes[1]);
  for (double t0 = now(); now() - t0 < 0.2;) st_release(st_add(w, w));
  st_release(w);
  for (int k = 0; k < 2; k++) {
    st_scope_push();
    int64_t n = sizes[k];
    st_tensor *a = st_randn(ST_F32, 1, &n), *b = st_randn(ST_F32, 1, &n);
    double one = 4.0 * (double)n; /* bytes of one f32 operand */
    bench("add", NULL, st_add, a, b, 3 * one);
    bench("mul", NULL, st_mul, a, b, 3 * one);
    bench("exp", st_exp, NULL, a, NULL, 2 * one);
    bench("tanh", st_tanh, NULL, a, NULL, 2 * one);
    bench("sigmoid", st_sigmoid, NULL, a, NULL, 2 * one);
    bench("relu", st_relu, NULL, a, NULL, 2 * one);
    /* [n/1024, 1024] + [1024]: the row is re-read from cache, so it adds no traffic to count */
    int64_t shape[2] = {n / 1024, 1024};
    st_tensor *m = st_reshape(a, 2, shape), *row = st_randn(ST_F32, 1, &shape[1]);
    bench("add_broadcast", NULL, st_add, m, row, 2 * one);
    st_scope_pop();
  }
  return 0;
}
