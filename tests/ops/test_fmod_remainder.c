/* test_fmod_remainder.c — st_fmod and st_remainder against torch (fmod_remainder_expected.h,
   from gen_fmod_remainder.py): values of every sign combination in f64, f32 and i64, special
   operands, the gradients of both operands, and the refused bool operands. */
#include <math.h>

#include "test.h"
#include "util.h"

#include "fmod_remainder_expected.h"

static void check(const char *what, st_tensor *t, const double *want, int n) {
  if (!t) {
    st_test_fail(__FILE__, __LINE__, "%s: failed [%s]", what, st_last_error());
    return;
  }
  double *got = tu_values(t);
  for (int i = 0; i < n; i++) {
    bool ok = (isnan(got[i]) && isnan(want[i])) ||
              (got[i] == want[i] && signbit(got[i]) == signbit(want[i])) ||
              fabs(got[i] - want[i]) <= 1e-6 * fabs(want[i]);
    if (!ok) {
      st_test_fail(__FILE__, __LINE__, "%s: element %d is %.17g, torch gives %.17g", what, i,
                   got[i], want[i]);
      break;
    }
  }
  free(got);
}

typedef st_tensor *(*bin)(st_tensor *, st_tensor *);

static void check_op(const char *name, bin f, const double *f64, const double *f32,
                     const double *i64, const double *ga, const double *gb) {
  st_scope_push();
  const int64_t n[1] = {FR_N}, ni[1] = {FR_NI}, ng[1] = {FR_NG};
  char what[64];
  snprintf(what, sizeof what, "st_%s f64", name);
  check(what, f(tu_tensor(ST_F64, 1, n, fr_a), tu_tensor(ST_F64, 1, n, fr_b)), f64, FR_N);
  snprintf(what, sizeof what, "st_%s f32", name);
  check(what, f(tu_tensor(ST_F32, 1, n, fr_a), tu_tensor(ST_F32, 1, n, fr_b)), f32, FR_N);
  snprintf(what, sizeof what, "st_%s i64", name);
  st_tensor *r = f(tu_tensor(ST_I64, 1, ni, fr_ia), tu_tensor(ST_I64, 1, ni, fr_ib));
  CHECK(r && st_dtype_of(r) == ST_I64);
  check(what, r, i64, FR_NI);
  st_tensor *a = tu_tensor(ST_F64, 1, ng, fr_ga), *b = tu_tensor(ST_F64, 1, ng, fr_gb);
  CHECK(st_set_requires_grad(a, true) == 0 && st_set_requires_grad(b, true) == 0);
  CHECK(st_backward(st_sum_all(f(a, b)), NULL, false, false) == 0);
  snprintf(what, sizeof what, "st_%s gradient of a", name);
  check(what, st_grad_of(a), ga, FR_NG);
  snprintf(what, sizeof what, "st_%s gradient of b", name);
  check(what, st_grad_of(b), gb, FR_NG);
  st_tensor *m = st_ones(ST_BOOL, 1, n);
  CHECK_FAILS(f(m, m) == NULL, ST_ERR_DTYPE, "bool tensors are not supported");
  st_scope_pop();
}

TEST(fmod_matches_torch) {
  check_op("fmod", st_fmod, fr_fmod_f64, fr_fmod_f32, fr_fmod_i64, fr_fmod_ga, fr_fmod_gb);
}

TEST(remainder_matches_torch) {
  check_op("remainder", st_remainder, fr_remainder_f64, fr_remainder_f32, fr_remainder_i64,
           fr_remainder_ga, fr_remainder_gb);
}

/* An integer divisor of 0 gives 0 rather than undefined behaviour (torch raises). */
TEST(fmod_remainder_integer_by_zero_is_zero) {
  st_scope_push();
  st_tensor *a = tu_tensor(ST_I64, 1, (const int64_t[]){2}, (const double[]){7, -7});
  st_tensor *z = st_zeros(ST_I64, 1, (const int64_t[]){2});
  st_tensor *m1 = st_full(ST_I64, 1, (const int64_t[]){1}, -1);
  CHECK_CLOSE(st_fmod(a, z), 0, 0, 0);
  CHECK_CLOSE(st_remainder(a, z), 0, 0, 0);
  CHECK_CLOSE(st_remainder(a, m1), 0, 0, 0);
  st_scope_pop();
}

/* b's gradient of remainder(a, b) at a = 3|b| rounded: torch's floor division (exact there:
   the multiple a - remainder(a, b), divided by b) gives -floor(a / b) of the exact quotient,
   where floor of the rounded a / b lands one off (difffuzz s3_1184). */
TEST(remainder_gradient_at_multiples_matches_torch) {
  st_tensor *a = tu_tensor(ST_F64, 1, (const int64_t[]){FR_NM}, fr_ma);
  st_tensor *b = tu_tensor(ST_F64, 1, (const int64_t[]){FR_NM}, fr_mb);
  st_set_requires_grad(b, true);
  CHECK_EQ_INT(st_backward(st_sum_all(st_remainder(a, b)), NULL, false, false), 0);
  st_test_close(__FILE__, __LINE__, st_grad_of(b), fr_remainder_mult_gb, FR_NM, 0);
}
