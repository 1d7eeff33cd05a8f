/* test_unary_rows.c — every row of src/ops/unary.def against PyTorch (unary_rows_expected.h,
   written by gen_unary_rows.py, which reads the op list from the rows): values in f64 and f32 at
   ordinary and special points (signed zeros, infinities, NaN, points outside the domain), the
   f64 gradient there, the dtype and values of i64 and bool inputs, and the in-place form on
   every dtype (allowed or refused as torch, and the values it leaves). */
#include <math.h>
#include <string.h>

#include "test.h"
#include "util.h"

#include "unary_rows_expected.h"

/* got equals want: both NaN, equal (a zero's sign included), or within tol relative to want
   or tol * 1e-2 absolute (values that cancel to near 0: tanh'(10) = 1 - tanh(10)^2 moves by a
   relative 1e-8 with one ulp of tanh(10), in torch as here). */
static bool same(double got, double want, double tol) {
  if (isnan(want) || isnan(got)) return isnan(want) && isnan(got);
  if (got == want) return got != 0 || signbit(got) == signbit(want);
  if (isinf(want) || isinf(got)) return false;
  return fabs(got - want) <= tol * fabs(want) + tol * 1e-2;
}

/* alt: a second acceptable value per element, or NULL. */
static void check_values2(const char *what, const char *name, const st_tensor *t, st_dtype dt,
                          const double *want, const double *alt, int n, double tol) {
  if (!t) {
    st_test_fail(__FILE__, __LINE__, "st_%s %s: failed [%s]", name, what, st_last_error());
    return;
  }
  if (st_dtype_of(t) != dt) {
    st_test_fail(__FILE__, __LINE__, "st_%s %s: dtype %s, torch gives %s", name, what,
                 st_dtype_name(st_dtype_of(t)), st_dtype_name(dt));
    return;
  }
  double *got = tu_values(t);
  for (int i = 0; i < n; i++)
    if (!same(got[i], want[i], tol) && !(alt && same(got[i], alt[i], tol))) {
      st_test_fail(__FILE__, __LINE__, "st_%s %s: element %d is %.17g, torch gives %.17g", name,
                   what, i, got[i], want[i]);
      break;
    }
  free(got);
}

static void check_values(const char *what, const char *name, const st_tensor *t, st_dtype dt,
                         const double *want, int n, double tol) {
  check_values2(what, name, t, dt, want, NULL, n, tol);
}

/* f32 results through libmvec (glibc: within 4 ulp) against torch's own vector math, or against
   the f64 value where torch's f32 is the less accurate (gelu(-3): torch's 1 + erf(x / sqrt 2)
   cancels to a relative error of 1e-4, strata's is 2e-7). */
#define TOL_F32 4e-6
#define TOL_F64 1e-13

TEST(unary_rows_values_match_torch) {
  const int64_t n[1] = {UR_NPOINTS};
  for (size_t k = 0; k < sizeof ur_cases / sizeof ur_cases[0]; k++) {
    const ur_case *c = &ur_cases[k];
    st_scope_push();
    check_values("f64", c->name, c->f(tu_tensor(ST_F64, 1, n, ur_points)), c->dt64, c->f64,
                 UR_NPOINTS, TOL_F64);
    check_values2("f32", c->name, c->f(tu_tensor(ST_F32, 1, n, ur_points)), c->dt32, c->f32,
                  c->f64, UR_NPOINTS, TOL_F32);
    st_scope_pop();
  }
}

/* d/dx sum(f(x)) by backward, at every point, special ones included (sqrt'(0) = inf, NaN
   beyond the domain), against torch.autograd. */
TEST(unary_rows_gradients_match_torch) {
  const int64_t n[1] = {UR_NPOINTS};
  for (size_t k = 0; k < sizeof ur_cases / sizeof ur_cases[0]; k++) {
    const ur_case *c = &ur_cases[k];
    if (!strcmp(c->name, "logical_not")) continue; /* not differentiable */
    st_scope_push();
    st_tensor *x = tu_tensor(ST_F64, 1, n, ur_points);
    CHECK(st_set_requires_grad(x, true) == 0);
    st_tensor *y = st_sum_all(c->f(x));
    CHECK(y && st_backward(y, NULL, false, false) == 0);
    check_values("gradient", c->name, st_grad_of(x), ST_F64, c->grad, UR_NPOINTS, TOL_F64);
    st_scope_pop();
  }
}

/* alt: the values of a second acceptable outcome (see TOL_F32), or NULL. */
static void check_outcome(const char *what, const char *name, st_tensor *got,
                          const ur_outcome *want, const double *alt, int n) {
  if (!want->ok) {
    if (got)
      st_test_fail(__FILE__, __LINE__, "st_%s %s: succeeded where torch raises", name, what);
    else if (st_last_status() != ST_ERR_DTYPE)
      st_test_fail(__FILE__, __LINE__, "st_%s %s: status %s, expected ST_ERR_DTYPE (%s)", name,
                   what, st_status_name(st_last_status()), st_last_error());
    st_clear_error();
    return;
  }
  check_values2(what, name, got, want->dt, want->v, alt, n, TOL_F32);
}

TEST(unary_rows_integer_and_bool_inputs_match_torch) {
  const int64_t ni[1] = {UR_NINTS}, nb[1] = {UR_NBOOLS};
  for (size_t k = 0; k < sizeof ur_cases / sizeof ur_cases[0]; k++) {
    const ur_case *c = &ur_cases[k];
    st_scope_push();
    check_outcome("of i64", c->name, c->f(tu_tensor(ST_I64, 1, ni, ur_ints)), &c->i64, NULL, UR_NINTS);
    check_outcome("of bool", c->name, c->f(tu_tensor(ST_BOOL, 1, nb, ur_bools)), &c->bool_, NULL,
                  UR_NBOOLS);
    st_scope_pop();
  }
}

/* In place on each dtype: allowed and the values it leaves, or refused with self unchanged. */
TEST(unary_rows_inplace_matches_torch) {
  static const st_dtype dts[4] = {ST_F32, ST_F64, ST_I64, ST_BOOL};
  for (size_t k = 0; k < sizeof ur_cases / sizeof ur_cases[0]; k++) {
    const ur_case *c = &ur_cases[k];
    for (int d = 0; d < 4; d++) {
      st_scope_push();
      const double *vals = d < 2 ? ur_points : d == 2 ? ur_ints : ur_bools;
      int len = d < 2 ? UR_NPOINTS : d == 2 ? UR_NINTS : UR_NBOOLS;
      const int64_t n[1] = {len};
      st_tensor *self = tu_tensor(dts[d], 1, n, vals);
      char what[64];
      snprintf(what, sizeof what, "in place on %s", st_dtype_name(dts[d]));
      int rc = c->f_(self);
      const ur_outcome *want = &c->inplace[d];
      if (want->ok && rc != 0)
        st_test_fail(__FILE__, __LINE__, "st_%s_ %s: failed where torch succeeds [%s]", c->name,
                     what, st_last_error());
      const double *alt = d == 0 && c->inplace[1].ok ? c->inplace[1].v : NULL; /* f32: f64's */
      check_outcome(what, c->name, rc == 0 ? self : NULL, want, alt, len);
      if (!want->ok && rc != 0) { /* refused: self unchanged */
        double stored[UR_NPOINTS];
        for (int i = 0; i < len; i++) stored[i] = tu_stored(dts[d], vals[i]);
        check_values("left by a refused write", c->name, self, dts[d], stored, len, 0);
      }
      st_scope_pop();
    }
  }
}
