/* main.c — runs every registered test (or those whose name or file contains one of the
   arguments), checks that each one leaves no strata object alive, and ends with
   "N passed, N failed".

   With --oom, each chosen test also runs with its n-th allocation failing, for n = 1, 2, ...
   until a run completes without reaching the failure (SQLite's and Lua's allocation-failure
   sweeps): every such run must leave no object alive and the thread's state as it found it
   (grad mode, inference mode, transform stack, scope depth), and afterwards the test must pass
   again untouched. The test's own assertions are silent during those runs (a failed allocation
   makes them fail by design). --oom=K samples every K-th allocation; a test of more than 2000
   allocations is sampled evenly past its first hundred. --oom-work=W bounds a test's sweep to
   about W allocations in all (runs x the test's allocations; at least 20 runs, spread evenly
   over the whole test), so that a test of many allocations costs no more than a small one
   (CI's sampled sweep). --oom-at=N runs each chosen test once
   with allocation N failing, in this process and with its assertions printed (for a debugger or
   LeakSanitizer, which then names the allocations of what leaked). --compiled-autograd runs
   every chosen test with compiled autograd on (st_set_compiled_autograd), as PyTorch runs its
   autograd tests again under compiled_autograd.enable(). */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdarg.h>

#include "compile/compile.h"
#include "core/scope.h"
#include "dispatch/interp.h"
#include "test.h"

void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

typedef struct {
  const char *file, *name;
  st_test_fn fn;
  int order;
} test_entry;

static test_entry *tests;
static int ntests, cap_tests;
static int current_failures;
static bool quiet; /* assertion failures are counted, not printed (allocation-failure runs) */

void st_test_register(const char *file, const char *name, st_test_fn fn) {
  if (ntests == cap_tests) {
    cap_tests = cap_tests ? 2 * cap_tests : 256;
    tests = realloc(tests, sizeof *tests * (size_t)cap_tests);
    if (!tests) abort();
  }
  tests[ntests] = (test_entry){file, name, fn, ntests};
  ntests++;
}

int st_test_failures(void) { return current_failures; }

void st_test_fail(const char *file, int line, const char *fmt, ...) {
  current_failures++;
  if (quiet) return;
  va_list ap;
  va_start(ap, fmt);
  printf("  FAIL %s:%d: ", file, line);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
}

int st_test_close(const char *file, int line, const st_tensor *t, const double *want, int64_t n, double tol) {
  if (!t) {
    st_test_fail(file, line, "tensor is NULL [last error: %s]", st_last_error());
    return 0;
  }
  if (st_numel(t) != n) {
    st_test_fail(file, line, "numel %lld, expected %lld", (long long)st_numel(t), (long long)n);
    return 0;
  }
  double *got = malloc(sizeof(double) * (size_t)(n ? n : 1));
  st_to_f64(t, got, n);
  for (int64_t i = 0; i < n; i++) {
    bool same = (isnan(got[i]) && isnan(want[i])) || got[i] == want[i] ||
                fabs(got[i] - want[i]) <= tol * (1 + fabs(want[i]));
    if (!same) {
      st_test_fail(file, line, "element %lld: got %.17g, expected %.17g (tol %g)", (long long)i, got[i], want[i], tol);
      free(got);
      return 0;
    }
  }
  free(got);
  return 1;
}

int st_test_shape(const char *file, int line, const st_tensor *t, int ndim, const int64_t *shape) {
  if (!t) {
    st_test_fail(file, line, "tensor is NULL [last error: %s]", st_last_error());
    return 0;
  }
  bool ok = st_ndim(t) == ndim;
  for (int i = 0; ok && i < ndim; i++) ok = st_size(t, i) == shape[i];
  if (!ok) {
    char buf[128] = "[";
    for (int i = 0; i < st_ndim(t); i++)
      snprintf(buf + strlen(buf), sizeof buf - strlen(buf), i ? ", %lld" : "%lld", (long long)st_size(t, i));
    st_test_fail(file, line, "shape %s], expected ndim %d", buf, ndim);
  }
  return ok;
}

static int by_file_then_order(const void *a, const void *b) {
  const test_entry *x = a, *y = b;
  int c = strcmp(x->file, y->file);
  return c ? c : x->order - y->order;
}

static bool compiled_autograd; /* --compiled-autograd: every test with it on */

/* The tests that do not apply under --compiled-autograd, with the reason. */
static const char *ca_skip(const char *name) {
  static const char *const skip[][2] = {
      {"checkpoint_recompute_releases_kept_tensors",
       "it counts live objects after a backward, and the cache keeps the compiled graph of the "
       "checkpoint's inner backward"},
      {"conform_allocation_failures_are_clean",
       "it counts live objects around each call, and the cache keeps the compiled graph of the "
       "checkpoint's inner backward"},
  };
  for (size_t k = 0; k < sizeof skip / sizeof skip[0]; k++)
    if (!strcmp(name, skip[k][0])) return skip[k][1];
  return NULL;
}

/* Runs test i once inside a scope; the failure count, and leaked objects through *leaked. */
static int run_test(int i, int64_t fail_at, int64_t *leaked, bool *reached) {
  current_failures = 0;
  int64_t live_before = st_live_objects();
  st_clear_error();
  st_manual_seed(0);
  st_scope_push();
  if (compiled_autograd) st_set_compiled_autograd(true);
  st_debug_fail_alloc_after(fail_at);
  tests[i].fn();
  *reached = fail_at > 0 && st_debug_fail_alloc_remaining() == 0;
  st_debug_fail_alloc_after(0);
  st_scope_pop();
  if (compiled_autograd) st_set_compiled_autograd(false);
  st__compiled_autograd_clear(); /* its graphs are live objects */
  *leaked = st_live_objects() - live_before;
  return current_failures;
}

static const char *oom_test;
static int64_t oom_n;
static bool forked; /* an allocation-failure sweep's child */
bool st_test_threads_usable(void) { return !forked; }
static void oom_died(void) {
  fprintf(stderr, "oom: died in %s with allocation %lld failing\n", oom_test, (long long)oom_n);
}
static void oom_signal(int sig) {
  oom_died();
  signal(sig, SIG_DFL);
  raise(sig);
}

/* What a failed run must leave as it found it, besides live objects. */
static const char *state_damage(int scope_depth) {
  if (!st_is_grad_enabled()) return "grad mode left off";
  if (st_set_inference_mode(false)) return "inference mode left on";
  if (st__interp_top() != 0) return "a transform level left on the stack";
  if (st__scope_depth() != scope_depth) return "the scope depth changed";
  return NULL;
}

/* The allocation-failure sweep of test i; returns the number of problems found. A clean run
   first counts the test's allocations; a test that arms failures itself is not swept. */
static int64_t oom_work; /* --oom-work: 0 for no bound */

static int oom_sweep(int i, int64_t sample) {
  int problems = 0, depth = st__scope_depth();
  int64_t leaked = 0, runs = 0;
  bool reached;
  const int64_t big = INT64_MAX / 4;
  int64_t before = st_debug_alloc_count();
  run_test(i, big, &leaked, &reached);
  int64_t total = st_debug_alloc_count() - before;
  if (reached) {
    printf("  oom %s: arms allocation failures itself, not swept\n", tests[i].name);
    return 0;
  }
  oom_test = tests[i].name;
  /* A test of many allocations (a 100k-node graph) would take quadratic time: past the first
     hundred, every step-th allocation, so that no test takes more than about 2000 runs. */
  int64_t step = sample ? sample : 1;
  if (total / step > 2000) step = (total + 1999) / 2000;
  bool dense_start = !sample; /* every one of the first hundred */
  if (oom_work > 0 && total > 0 && (total / step) > oom_work / total) {
    int64_t most = oom_work / total < 20 ? 20 : oom_work / total;
    if ((total + most - 1) / most > step) step = (total + most - 1) / most;
    dense_start = false;
  }
  for (int64_t n = 1; n <= total; n = n >= 100 || !dense_start ? n + step : n + 1, runs++) {
    oom_n = n;
    quiet = true;
    run_test(i, n, &leaked, &reached);
    quiet = false;
    const char *damage = state_damage(depth);
    if (leaked || damage) {
      problems++;
      printf("  OOM %s: allocation %lld of %lld failing: %s\n", tests[i].name, (long long)n,
             (long long)total, leaked ? "objects leaked" : damage);
      if (leaked) printf("    %lld objects leaked\n", (long long)leaked);
      st_set_grad_enabled(true);
      if (problems > 5) break;
    }
  }
  if (run_test(i, 0, &leaked, &reached) || leaked) {
    problems++;
    printf("  OOM %s: fails when run again after the sweep\n", tests[i].name);
  }
  printf("  oom %s: %lld runs of %lld allocations\n", tests[i].name, (long long)runs, (long long)total);
  return problems;
}

/* The sweep in a child process, so that a crash is reported and the other tests still run. */
static int oom_sweep_isolated(int i, int64_t sample) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    st_set_num_threads(1); /* OpenMP's thread pool does not survive fork */
    forked = true;
    int problems = oom_sweep(i, sample);
    fflush(stdout); /* _exit does not flush */
    _exit(problems ? 1 : 0);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) return oom_sweep(i, sample);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  printf("  OOM %s: the sweep crashed (signal %d)\n", tests[i].name, WTERMSIG(status));
  return 1;
}

/* --oom-at=N: one run of test i with allocation N failing; 1 when it leaked or left damage. */
static int oom_once(int i, int64_t n) {
  int64_t leaked;
  bool reached;
  int depth = st__scope_depth();
  int failures = run_test(i, n, &leaked, &reached);
  const char *damage = state_damage(depth);
  printf("  oom-at %s: allocation %lld %s, %d assertions failed, status %s\n", tests[i].name,
         (long long)n, reached ? "failed" : "not reached", failures,
         st_status_name(st_last_status()));
  if (leaked) printf("  OOM %s: %lld objects leaked\n", tests[i].name, (long long)leaked);
  if (damage) printf("  OOM %s: %s\n", tests[i].name, damage);
  fflush(stdout); /* before LeakSanitizer's report at exit */
  return leaked || damage;
}

int main(int argc, char **argv) {
  bool oom = false;
  int64_t sample = 0, oom_at = 0;
  int nfilters = 0;
  for (int k = 1; k < argc; k++) {
    if (!strncmp(argv[k], "--oom-at=", 9)) {
      oom_at = atoll(argv[k] + 9);
    } else if (!strncmp(argv[k], "--oom-work=", 11)) {
      oom_work = atoll(argv[k] + 11);
    } else if (!strcmp(argv[k], "--compiled-autograd")) {
      compiled_autograd = true;
    } else if (!strncmp(argv[k], "--oom", 5)) {
      oom = true;
      sample = argv[k][5] == '=' ? atoll(argv[k] + 6) : 0;
    } else {
      argv[1 + nfilters++] = argv[k];
    }
  }
  if (oom && __sanitizer_set_death_callback) __sanitizer_set_death_callback(oom_died);
  else if (oom)
    for (int sig = 0; sig < 4; sig++) signal((int[]){SIGSEGV, SIGBUS, SIGABRT, SIGFPE}[sig], oom_signal);
  bool all = nfilters == 0;
  qsort(tests, (size_t)ntests, sizeof *tests, by_file_then_order);
  int passed = 0, failed = 0;
  for (int i = 0; i < ntests; i++) {
    bool chosen = all;
    for (int k = 1; !chosen && k <= nfilters; k++)
      chosen = strstr(tests[i].name, argv[k]) || strstr(tests[i].file, argv[k]);
    if (!chosen) continue;
    int64_t leaked;
    bool reached;
    const char *skip = compiled_autograd ? ca_skip(tests[i].name) : NULL;
    if (skip) {
      printf("  skipped under compiled autograd: %s: %s\n", tests[i].name, skip);
      continue;
    }
    if (oom_at > 0) {
      if (oom_once(i, oom_at)) failed++;
      else passed++;
      continue;
    }
    run_test(i, 0, &leaked, &reached);
    if (leaked) st_test_fail(tests[i].file, 0, "%lld strata objects leaked", (long long)leaked);
    if (!current_failures && oom) current_failures += oom_sweep_isolated(i, sample);
    if (current_failures) {
      failed++;
      printf("FAILED %s (%s)\n", tests[i].name, tests[i].file);
    } else {
      passed++;
    }
  }
  free(tests);
  if (compiled_autograd) {
    st_compile_stats cs = {0};
    st_compiled_autograd_get_stats(&cs);
    printf("compiled autograd: %lld backwards, %lld compiled, %lld replayed, %lld eager\n",
           (long long)cs.calls, (long long)cs.compiles, (long long)cs.cache_hits,
           (long long)cs.fallbacks);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
