/* bench.h — what strata's side of every workload in bench/ shares.
 *
 * A workload program runs its cases one by one. For each case it
 *   1. computes the result once and writes the inputs and the result to
 *      $BENCH_OUT/data/<workload>_<case>.safetensors (tensors "in.<name>" and "out.<name>"), so
 *      the peers (bench/peers/) compute the same thing from the same numbers and compare before
 *      they time anything;
 *   2. times it: warm-up, then the median, min and max of BENCH_RUNS (at least 5) samples, each
 *      the mean of enough calls to last BENCH_MIN_TIME seconds;
 *   3. prints one line per implementation:
 *
 *        RESULT <workload> <case> <size> <impl> <median s> <min s> <max s>
 *
 *      and, for BLAS-bound cases, the floating-point work of the GEMMs they contain:
 *
 *        FLOPS <workload> <case> <flops>
 *
 * bench/report.py merges these lines with the peers' into bench/RESULTS.md.
 */
#ifndef STRATA_BENCH_H
#define STRATA_BENCH_H

#define _POSIX_C_SOURCE 200809L /* clock_gettime, setenv */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strata.h>
#include <sys/stat.h>
#include <time.h>

#define BENCH_FAIL(...)                                                                            \
  do {                                                                                             \
    fprintf(stderr, "bench: ");                                                                    \
    fprintf(stderr, __VA_ARGS__);                                                                  \
    fprintf(stderr, ": %s\n", st_last_error());                                                    \
    exit(1);                                                                                       \
  } while (0)

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int bench_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static inline double bench_env(const char *name, double dflt) {
  const char *s = getenv(name);
  return s && *s ? atof(s) : dflt;
}

/* One iteration of a workload. It may create tensors freely: every call runs in its own scope. */
typedef void (*bench_fn)(void *arg);

typedef struct {
  double med, min, max;
} bench_stat;

/* Warm-up, then BENCH_RUNS samples (default 7, at least 5), each the mean time of `reps` calls,
   with reps chosen so that a sample lasts about BENCH_MIN_TIME seconds (default 0.05). */
static inline bench_stat bench_time(bench_fn fn, void *arg) {
  int runs = (int)bench_env("BENCH_RUNS", 7);
  double min_time = bench_env("BENCH_MIN_TIME", 0.05);
  if (runs < 5) runs = 5;
  if (runs > 64) runs = 64;
  st_scope_push();
  double t0 = bench_now();
  fn(arg); /* warm-up, and the estimate of one call */
  double once = bench_now() - t0;
  st_scope_pop();
  int reps = once > 0 ? (int)(min_time / once) : 1000;
  if (reps < 1) reps = 1;
  double t[64];
  for (int r = 0; r < runs; r++) {
    t0 = bench_now();
    for (int k = 0; k < reps; k++) {
      st_scope_push();
      fn(arg);
      st_scope_pop();
    }
    t[r] = (bench_now() - t0) / reps;
  }
  qsort(t, (size_t)runs, sizeof(double), bench_cmp);
  return (bench_stat){t[runs / 2], t[0], t[runs - 1]};
}

static inline void bench_report(const char *workload, const char *cas, long size, const char *impl,
                                 bench_stat s) {
  printf("RESULT %s %s %ld %s %.6e %.6e %.6e\n", workload, cas, size, impl, s.med, s.min, s.max);
  fflush(stdout);
}

/* Times fn and prints its RESULT line. */
static inline void bench_run(const char *workload, const char *cas, long size, const char *impl,
                             bench_fn fn, void *arg) {
  bench_report(workload, cas, size, impl, bench_time(fn, arg));
}

static inline void bench_flops(const char *workload, const char *cas, double flops) {
  printf("FLOPS %s %s %.6e\n", workload, cas, flops);
  fflush(stdout);
}

/* The exchange file of one case: inputs and results, named "in.<name>" / "out.<name>". */
typedef struct {
  st_dict *d;
  char path[1024];
} bench_data;

static inline bench_data bench_data_new(const char *workload, const char *cas) {
  const char *dir = getenv("BENCH_OUT");
  bench_data b = {st_dict_new(), ""};
  if (!b.d) BENCH_FAIL("dict");
  if (dir && *dir) {
    char sub[512];
    snprintf(sub, sizeof sub, "%s/data", dir);
    mkdir(sub, 0777);
    snprintf(b.path, sizeof b.path, "%s/%s_%s.safetensors", sub, workload, cas);
  }
  return b;
}

static inline void bench_put(bench_data *b, const char *kind, const char *name, st_tensor *t) {
  char key[128];
  snprintf(key, sizeof key, "%s.%s", kind, name);
  st_tensor *c = st_contiguous(st_detach(t)); /* wrappers and views never reach the file */
  if (!c || st_dict_set(b->d, key, c)) BENCH_FAIL("saving %s", key);
}
#define bench_in(b, name, t) bench_put(b, "in", name, t)
#define bench_out(b, name, t) bench_put(b, "out", name, t)

/* Writes the file (when BENCH_OUT is set) and frees the dict. */
static inline void bench_data_write(bench_data *b) {
  if (b->path[0] && st_save(b->path, b->d)) BENCH_FAIL("writing %s", b->path);
  st_dict_free(b->d);
  b->d = NULL;
}

/* Prints the CHECK line of one of strata's own implementations against the reference outputs
   `want` (the largest error relative to want's largest magnitude); true when it is within tol. */
static inline bool bench_check(const char *workload, const char *cas, const char *impl, int n,
                               st_tensor **got, st_tensor **want, double tol) {
  double err = 0;
  for (int i = 0; i < n; i++) {
    double d = st_item(st_amax_all(st_abs(st_sub(got[i], want[i]))));
    double s = st_item(st_amax_all(st_abs(want[i])));
    err = fmax(err, d / fmax(s, 1e-30));
  }
  bool ok = err <= tol;
  printf("CHECK %s %s %s %s %.3e\n", workload, cas, impl, ok ? "ok" : "MISMATCH", err);
  return ok;
}

/* st_compile's row of a case: st_compile(f) on `in`, its first call (the capture, whose time is
   printed as "COMPILE workload case strata_compiled seconds") and its second checked against
   f's eager results within tol, then timed as impl "strata_compiled". */
typedef struct {
  st_func *f;
  int nin;
  st_tensor *const *in;
  st_tensor *out[16];
} bench_call_arg;

static inline void bench_call(void *p) {
  bench_call_arg *a = p;
  if (st_call(a->f, a->in, a->out)) BENCH_FAIL("st_call: %s", st_last_error());
}

static inline void bench_compiled(const char *workload, const char *cas, long size, st_func *f,
                                  int nin, st_tensor *const *in, double tol) {
  int nout = st_func_nout(f);
  if (nout > 16) BENCH_FAIL("bench_compiled: %d outputs", nout);
  /* one row per backend: the built-in executor, and generated C */
  const char *backends[2] = {"interp", "c"}, *rows[2] = {"strata_compiled", "strata_compiled_c"};
  for (int k = 0; k < 2; k++) {
    st_scope_push();
    st_compile_opts o = {.backend = backends[k]};
    bench_call_arg e = {f, nin, in, {0}}, c = {st_compile(f, &o), nin, in, {0}};
    if (!c.f) BENCH_FAIL("st_compile: %s", st_last_error());
    bench_call(&e);
    double t0 = bench_now();
    bench_call(&c);
    printf("COMPILE %s %s %s %.6e\n", workload, cas, rows[k], bench_now() - t0);
    bench_call(&c);
    bench_check(workload, cas, rows[k], nout, c.out, e.out, tol);
    st_compile_stats st;
    if (st_compile_get_stats(c.f, &st) || st.fallbacks)
      BENCH_FAIL("%s %s: st_compile fell back to eager", workload, cas);
    bench_run(workload, cas, size, rows[k], bench_call, &c);
    st_func_release(c.f);
    st_scope_pop();
  }
}

/* The case filter: argv[1], if given, is a substring every case name to run must contain. */
static inline bool bench_selected(int argc, char **argv, const char *cas) {
  return argc < 2 || strstr(cas, argv[1]) != NULL;
}

/* A weight [out, in] drawn like PyTorch's default scale: N(0, 1/in). */
static inline st_tensor *bench_init(int out, int in) {
  return st_mul_scalar(st_randn(ST_F32, ST_SHAPE(out, in)), 1.0 / sqrt((double)in));
}

#endif
