/* main.c — runs every registered test (or those whose name or file contains one of the
   arguments), checks that
   each one leaves no strata object alive, and ends with "N passed, N failed". */
#include <stdarg.h>

#include "test.h"

typedef struct {
  const char *file, *name;
  st_test_fn fn;
  int order;
} test_entry;

static test_entry *tests;
static int ntests, cap_tests;
static int current_failures;

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

int main(int argc, char **argv) {
  bool all = argc < 2;
  qsort(tests, (size_t)ntests, sizeof *tests, by_file_then_order);
  int passed = 0, failed = 0;
  for (int i = 0; i < ntests; i++) {
    bool chosen = all;
    for (int k = 1; !chosen && k < argc; k++)
      chosen = strstr(tests[i].name, argv[k]) || strstr(tests[i].file, argv[k]);
    if (!chosen) continue;
    current_failures = 0;
    int64_t live_before = st_live_objects();
    st_clear_error();
    st_manual_seed(0);
    st_scope_push();
    tests[i].fn();
    st_scope_pop();
    st_debug_fail_alloc_after(0);
    int64_t leaked = st_live_objects() - live_before;
    if (leaked) st_test_fail(tests[i].file, 0, "%lld strata objects leaked", (long long)leaked);
    if (current_failures) {
      failed++;
      printf("FAILED %s (%s)\n", tests[i].name, tests[i].file);
    } else {
      passed++;
    }
  }
  free(tests);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
