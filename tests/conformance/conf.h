/* conf.h — the conformance suite's harness: cases ported from PyTorch's own tests
   (test_autograd.py, functorch's test_eager_transforms.py and test_vmap.py), each a TEST of the
   runner, checked against values torch computed (the generators gen_*.py beside this file write
   them into expected_*.h).

   A case runs between conf_begin and conf_end (CONF_TEST does both). Its checks (CF_*) record
   failures instead of reporting them at once; conf_end then looks the case up in
   known_failures.h: a failure of a listed case is printed once, with its reason and the library
   area it belongs to, and does not fail the suite; a failure of any other case fails it; a listed
   case that passes is reported, so that the list shrinks. */
#ifndef STRATA_CONF_H
#define STRATA_CONF_H

#include <stdbool.h>
#include <stdint.h>

#include "test.h"

void conf_begin(const char *name);
void conf_end(void);
void conf_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Failures the running case recorded so far. */
int conf_failures(void);

/* A case: a TEST whose checks are judged by conf_end. */
#define CONF_TEST(name)                                                                            \
  static void conf_body_##name(void);                                                              \
  TEST(name) {                                                                                     \
    conf_begin(#name);                                                                             \
    conf_body_##name();                                                                            \
    conf_end();                                                                                    \
  }                                                                                                \
  static void conf_body_##name(void)

/* An array of expected values (or inputs) with its shape, as the generators write them. */
typedef struct {
  int ndim;
  const int64_t *shape;
  const double *data;
} conf_array;

/* A new f64 tensor holding a (recorded in the current scope). */
st_tensor *conf_tensor(const conf_array *a);
/* t has a's shape and values: |t - a| <= rtol max(|t|, |a|) + 1e-3 rtol max(1, max|a|), NaN
   equals NaN. Records a failure naming what, the element and both values otherwise. */
bool conf_expect(const char *file, int line, const char *what, const st_tensor *t,
                 const conf_array *a, double rtol);
/* t's shape is shape[0..ndim) and its values want (same tolerance); ndim < 0: t has -ndim
   elements, whatever its shape. */
bool conf_expect_values(const char *file, int line, const char *what, const st_tensor *t, int ndim,
                        const int64_t *shape, const double *want, double rtol);

#define CF_RTOL 1e-9

#define CF_CHECK(cond)                                                                             \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      conf_fail(__FILE__, __LINE__, "CHECK(%s) [last error: %s]", #cond, st_last_error());         \
  } while (0)
#define CF_EQ_INT(a, b)                                                                            \
  do {                                                                                             \
    long long va_ = (long long)(a), vb_ = (long long)(b);                                          \
    if (va_ != vb_) conf_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld", #a, #b, va_, vb_);     \
  } while (0)
#define CF_NEAR(a, b)                                                                              \
  do {                                                                                             \
    double va_ = (double)(a), vb_ = (double)(b);                                                   \
    if (!(fabs(va_ - vb_) <= CF_RTOL * (1 + fabs(vb_))) && !(isnan(va_) && isnan(vb_)))            \
      conf_fail(__FILE__, __LINE__, "%s ~ %s: %.17g != %.17g", #a, #b, va_, vb_);                  \
  } while (0)
/* CF_EXPECT(t, name): t equals the generated array `name` (see CT). */
#define CF_EXPECT(t, name) conf_expect(__FILE__, __LINE__, #t, (t), &(name), CF_RTOL)
/* CF_VALUES(t, v0, v1, ...): t's values (any shape). */
#define CF_VALUES(t, ...)                                                                          \
  conf_expect_values(__FILE__, __LINE__, #t, (t),                                                  \
                     -(int)(sizeof((const double[]){__VA_ARGS__}) / sizeof(double)), NULL,         \
                     (const double[]){__VA_ARGS__}, CF_RTOL)
#define CF_OK(expr)                                                                                \
  do {                                                                                             \
    int rc_ = (expr);                                                                              \
    if (rc_) conf_fail(__FILE__, __LINE__, "%s returned %d: %s", #expr, rc_, st_last_error());     \
  } while (0)
/* The call failed with `status` and a message containing `needle` (NULL: any message). */
#define CF_FAILS(expr, status, needle)                                                             \
  do {                                                                                             \
    st_clear_error();                                                                              \
    bool failed_ = (expr);                                                                         \
    st_status st_ = st_last_status();                                                              \
    const char *msg_ = st_last_error(), *needle_ = (needle);                                       \
    if (!failed_)                                                                                  \
      conf_fail(__FILE__, __LINE__, "expected %s to fail", #expr);                                 \
    else if ((int)(status) != 0 && st_ != (status))                                                \
      conf_fail(__FILE__, __LINE__, "%s: status %d (%s), expected %d; message: %s", #expr,         \
                (int)st_, st_status_name(st_), (int)(status), msg_);                               \
    else if (needle_ && !strstr(msg_, needle_))                                                    \
      conf_fail(__FILE__, __LINE__, "%s: message '%s' lacks '%s'", #expr, msg_, needle_);          \
    st_clear_error();                                                                              \
  } while (0)

/* A generated array as a tensor: CT(name). */
#define CT(name) conf_tensor(&(name))

/* ----------------------------------------------------------------------- program cases */

/* Program cases (tests/difffuzz/prog.h's language) with torch's outputs:
     CONF_STACK   the program with its transform layers (st_call of df_func);
     CONF_EAGER   eager autograd: every input requires grad, y = the body's first output,
                  g = autograd.grad(y, inputs, v, create_graph) for the direction v of y, then
                  gg = autograd.grad(sum_i <g_i, u_i>, inputs) (zeros where unused) for the
                  directions u_i of the inputs; outputs y, g..., gg...;
     CONF_VMAP    as CONF_STACK, and the outermost vmap also against a loop over its lanes.
   fails: torch raised, so strata must fail too. */
typedef enum { CONF_STACK, CONF_EAGER, CONF_VMAP } conf_mode;
void conf_run_program(const char *name, conf_mode mode, const char *text, const conf_array *in,
                      int nin, const conf_array *out, int nout, bool fails);

/* One TEST per program case; the expected_*.h headers are lists of CONF_PROG lines. */
#define CONF_PROG(name, source, mode, text, in, nin, out, nout, fails)                             \
  TEST(name) {                                                                                     \
    conf_begin(#name);                                                                             \
    conf_run_program(#name, mode, text, in, nin, out, nout, fails);                                \
    conf_end();                                                                                    \
  }

#endif
