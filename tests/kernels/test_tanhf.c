/* test_tanhf.c — st__tanhf, the kernels' scalar tanh of a float: correctly rounded (against
   tanh in double, rounded once) over a sweep of every magnitude, tanh's special values, and the
   f32 tanh op equal to it element by element wherever a loop computes elements one at a time
   (a run shorter than a vector) and within libmvec's bound (4 ulp) where its lanes do. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernels/elementwise.h"
#include "test.h"
#include "util.h"

static float from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static int64_t ulps(float a, float b) {
  int32_t ia, ib;
  memcpy(&ia, &a, 4);
  memcpy(&ib, &b, 4);
  if ((ia < 0) != (ib < 0)) return a == b ? 0 : INT32_MAX; /* +0 and -0 are equal here */
  return ia > ib ? (int64_t)ia - ib : (int64_t)ib - ia;
}

TEST(tanhf_is_correctly_rounded_over_every_magnitude) {
  int64_t worst = 0, n = 0;
  for (uint32_t u = 0; u < 0x7f800000u; u += 4099)
    for (int s = 0; s < 2; s++) {
      float x = s ? -from_bits(u) : from_bits(u);
      int64_t e = ulps(st__tanhf(x), (float)tanh((double)x));
      if (e > worst) worst = e;
      n++;
    }
  CHECK(n > 1000000);
  CHECK_EQ_INT(worst, 0);
}

TEST(tanhf_special_values_are_tanhs) {
  CHECK(st__tanhf(0.0f) == 0.0f && !signbit(st__tanhf(0.0f)));
  CHECK(st__tanhf(-0.0f) == 0.0f && signbit(st__tanhf(-0.0f)));
  CHECK(st__tanhf(INFINITY) == 1.0f && st__tanhf(-INFINITY) == -1.0f);
  CHECK(isnan(st__tanhf(NAN)));
  CHECK(st__tanhf(20.0f) == 1.0f && st__tanhf(-1e30f) == -1.0f);
  CHECK(st__tanhf(0x1p-126f) == 0x1p-126f && st__tanhf(-0x1p-149f) == -0x1p-149f); /* tiny */
  CHECK(st__tanhf(0x1p-13f) == (float)tanh(0x1p-13)); /* the polynomial's side of 2^-12 */
}

/* Floats that (e - 1) / (e + 1) with e = exp(2x) rounded to the wrong side (the cancellation in
   e - 1), found by comparing every float below 20 with (float)tanhl(x); expm1 gets them right.
   The reference is long double's tanh here, which double's tanh misrounds near such points. */
TEST(tanhf_is_correctly_rounded_where_exp_cancels) {
  static const float xs[] = {0x1.71373cp-12f, 0x1.713742p-12f, 0x1.713746p-12f, 0x1.71374cp-12f,
                             0x1.713752p-12f, 0x1.713758p-12f, 0x1.4f7478p-11f, 0x1.bcee74p-11f,
                             0x1.bcee76p-11f, 0x1.e3cf4ap-11f};
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    float want = (float)tanhl((long double)xs[i]);
    CHECK(st__tanhf(xs[i]) == want);
    CHECK(st__tanhf(-xs[i]) == -want);
  }
  /* both sides of the switch to exp at 2^-5, densely */
  int64_t worst = 0;
  for (uint32_t u = 0x3cf00000u; u < 0x3d100000u; u += 3) {
    float x = from_bits(u);
    int64_t e = ulps(st__tanhf(x), (float)tanhl((long double)x));
    if (e > worst) worst = e;
  }
  CHECK_EQ_INT(worst, 0);
}

TEST(tanh_op_takes_the_scalar_for_short_runs_and_libmvec_within_its_bound) {
  st_scope_push();
  float xs[200];
  for (int i = 0; i < 200; i++) xs[i] = (float)(i - 100) / 17.0f;
  st_tensor *x = st_from_data(ST_F32, 1, (int64_t[]){200}, xs);
  const float *all = st_data_ptr(st_tanh(x));
  for (int i = 0; i < 200; i++) {
    st_tensor *one = st_from_data(ST_F32, 1, (int64_t[]){1}, &xs[i]);
    const float *v = st_data_ptr(st_tanh(one));
    CHECK(v && all);
    if (!v || !all) break;
    CHECK(v[0] == st__tanhf(xs[i])); /* one element: the scalar path */
    CHECK(ulps(all[i], v[0]) <= 4);
  }
  st_scope_pop();
}
