/* test.h — the test framework: self-registering tests, assertions that print both values, and
   a live-object check after every test. */
#ifndef STRATA_TEST_H
#define STRATA_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata.h"

typedef void (*st_test_fn)(void);
void st_test_register(const char *file, const char *name, st_test_fn fn);
void st_test_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Failures reported so far in the running test. */
int st_test_failures(void);
/* Compares t with want[0..n) (relative tol, NaN equals NaN); prints the first mismatch. */
int st_test_close(const char *file, int line, const st_tensor *t, const double *want, int64_t n, double tol);
/* The shape of t equals shape[0..ndim). */
int st_test_shape(const char *file, int line, const st_tensor *t, int ndim, const int64_t *shape);
/* Whether OpenMP may run more than one thread here: false in the allocation-failure sweep's
   forked children, where the parent's thread pool does not exist (a parallel region hangs). */
bool st_test_threads_usable(void);

/* a and b are the same string; false when either is NULL (a call that failed). */
static inline bool st_test_streq(const char *a, const char *b) {
  return a && b && strcmp(a, b) == 0;
}

/* A test is a function registered before main runs. */
#define TEST(name)                                                                                 \
  static void test_##name(void);                                                                   \
  __attribute__((constructor)) static void register_##name(void) {                                 \
    st_test_register(__FILE__, #name, test_##name);                                                \
  }                                                                                                \
  static void test_##name(void)

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) st_test_fail(__FILE__, __LINE__, "CHECK(%s) [last error: %s]", #cond, st_last_error()); \
  } while (0)
#define CHECK_EQ_INT(a, b)                                                                         \
  do {                                                                                             \
    long long va_ = (long long)(a), vb_ = (long long)(b);                                          \
    if (va_ != vb_) st_test_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld", #a, #b, va_, vb_);  \
  } while (0)
#define CHECK_NEAR(a, b, tol)                                                                      \
  do {                                                                                             \
    double va_ = (double)(a), vb_ = (double)(b);                                                   \
    if (!(fabs(va_ - vb_) <= (tol) * (1 + fabs(vb_))) && !(isnan(va_) && isnan(vb_)))              \
      st_test_fail(__FILE__, __LINE__, "%s ~ %s: %.17g != %.17g", #a, #b, va_, vb_);               \
  } while (0)
/* CHECK_CLOSE(t, tol, v0, v1, ...) */
#define CHECK_CLOSE(t, tol, ...)                                                                   \
  st_test_close(__FILE__, __LINE__, (t), (const double[]){__VA_ARGS__},                            \
                sizeof((const double[]){__VA_ARGS__}) / sizeof(double), (tol))
#define CHECK_SHAPE(t, ...) st_test_shape(__FILE__, __LINE__, (t), ST_SHAPE(__VA_ARGS__))
/* The call failed with `status` and a message containing `needle`. Clears the error. */
#define CHECK_FAILS(expr, status, needle)                                                          \
  do {                                                                                             \
    st_clear_error();                                                                              \
    bool failed_ = (expr);                                                                         \
    if (!failed_) st_test_fail(__FILE__, __LINE__, "expected %s to fail", #expr);                  \
    else if (st_last_status() != (status))                                                         \
      st_test_fail(__FILE__, __LINE__, "%s: status %d (%s), expected %d; message: %s", #expr,      \
                   (int)st_last_status(), st_status_name(st_last_status()), (int)(status),          \
                   st_last_error());                                                               \
    else if (!strstr(st_last_error(), (needle)))                                                   \
      st_test_fail(__FILE__, __LINE__, "%s: message '%s' lacks '%s'", #expr, st_last_error(), (needle)); \
    st_clear_error();                                                                              \
  } while (0)

#endif
