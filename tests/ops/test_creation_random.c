/* test_creation_random.c — st_rand_uniform, st_randn_normal and st_randperm: torch's uniform_ /
   normal_ / randperm semantics (the generators differ, so values are checked by construction
   and by their statistics, not against torch's draws), repeatability under st_manual_seed, the
   argument errors, and vmap's randomness modes (error by default, same, different independent
   of chunk_size). */
#include <math.h>

#include "test.h"
#include "util.h"

/* The scaled draws consume what st_rand / st_randn consume: the same seed gives the same
   variates, scaled (torch's uniform_: low + (high - low) u; normal_: mean + std z). */
TEST(rand_uniform_and_randn_normal_scale_rand_and_randn) {
  st_manual_seed(5);
  st_tensor *u = st_rand(ST_F64, ST_SHAPE(4, 5)), *z = st_randn(ST_F64, ST_SHAPE(4, 5));
  st_manual_seed(5);
  st_tensor *a = st_rand_uniform(ST_F64, ST_SHAPE(4, 5), -2, 3);
  st_tensor *b = st_randn_normal(ST_F64, ST_SHAPE(4, 5), 1.5, 0.25);
  double uv[20], zv[20], want_a[20], want_b[20];
  st_to_f64(u, uv, 20);
  st_to_f64(z, zv, 20);
  for (int i = 0; i < 20; i++) want_a[i] = -2 + 5 * uv[i], want_b[i] = 1.5 + 0.25 * zv[i];
  CHECK(st_test_close(__FILE__, __LINE__, a, want_a, 20, 0));
  CHECK(st_test_close(__FILE__, __LINE__, b, want_b, 20, 0));
  CHECK(st_dtype_of(st_rand_uniform(ST_F32, ST_SHAPE(2), 0, 1)) == ST_F32);
  st_tensor *c = st_randn_normal(ST_F32, ST_SHAPE(3), 7, 0); /* std 0: the mean */
  CHECK_CLOSE(c, 0, 7, 7, 7);
}

/* Range and the first two moments over 200000 draws (4.5 standard errors). */
TEST(rand_uniform_and_randn_normal_statistics) {
  st_manual_seed(7);
  for (int d = 0; d < 2; d++) {
    st_dtype dt = d ? ST_F64 : ST_F32;
    int64_t n = 200000;
    double *v = tu_values(st_rand_uniform(dt, ST_SHAPE(n), -2, 3)), s = 0, s2 = 0, lo = 9, hi = -9;
    for (int64_t i = 0; i < n; i++) {
      s += v[i], s2 += v[i] * v[i];
      lo = fmin(lo, v[i]), hi = fmax(hi, v[i]);
    }
    free(v);
    double mean = s / n, var = s2 / n - mean * mean;
    CHECK(lo >= -2 && hi < 3);
    CHECK_NEAR(mean, 0.5, 4.5 * sqrt(25.0 / 12 / n));
    CHECK_NEAR(var, 25.0 / 12, 0.02);
    v = tu_values(st_randn_normal(dt, ST_SHAPE(n), -1, 2));
    s = s2 = 0;
    for (int64_t i = 0; i < n; i++) s += v[i], s2 += v[i] * v[i];
    free(v);
    mean = s / n, var = s2 / n - mean * mean;
    CHECK_NEAR(mean, -1, 4.5 * 2 / sqrt((double)n));
    CHECK_NEAR(var, 4, 0.05);
  }
}

static bool is_permutation(const st_tensor *p, int64_t n) {
  if (st_dtype_of(p) != ST_I64 || st_numel(p) != n || st_ndim(p) != 1) return false;
  int64_t *v = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  bool *seen = calloc((size_t)(n ? n : 1), 1), ok = true;
  memcpy(v, st_data_ptr(p), sizeof(int64_t) * (size_t)n);
  for (int64_t i = 0; i < n && ok; i++) {
    ok = v[i] >= 0 && v[i] < n && !seen[v[i]];
    if (ok) seen[v[i]] = true;
  }
  free(v), free(seen);
  return ok;
}

/* torch.randperm: an i64 permutation of 0..n-1 (n = 0 gives an empty one); every permutation of
   three elements about equally often; repeatable under a seed. */
TEST(randperm_is_a_uniform_permutation) {
  st_manual_seed(3);
  int64_t sizes[] = {0, 1, 2, 5, 1000};
  for (int k = 0; k < 5; k++) CHECK(is_permutation(st_randperm(sizes[k]), sizes[k]));
  int counts[9] = {0}, draws = 6000;
  for (int i = 0; i < draws; i++) {
    st_scope_push();
    const int64_t *v = st_data_ptr(st_randperm(3));
    counts[v[0] * 3 + v[1]]++;
    st_scope_pop();
  }
  int perms = 0;
  for (int i = 0; i < 9; i++) {
    if (!counts[i]) continue;
    perms++;
    CHECK(counts[i] > 850 && counts[i] < 1150); /* 1000 +- 4.9 standard deviations */
  }
  CHECK_EQ_INT(perms, 6);
  st_manual_seed(9);
  st_tensor *a = st_randperm(50);
  st_manual_seed(9);
  double *want = tu_values(a);
  CHECK(st_test_close(__FILE__, __LINE__, st_randperm(50), want, 50, 0));
  free(want);
}

TEST(random_creation_errors) {
  CHECK_FAILS(!st_rand_uniform(ST_F64, ST_SHAPE(2), 3, 1), ST_ERR_ARG,
              "st_rand_uniform: expects a finite range [low, high), got [3, 1)");
  CHECK_FAILS(!st_rand_uniform(ST_F64, ST_SHAPE(2), 0, INFINITY), ST_ERR_ARG, "finite range");
  CHECK_FAILS(!st_rand_uniform(ST_I64, ST_SHAPE(2), 0, 1), ST_ERR_DTYPE, "f32 or f64");
  CHECK_FAILS(!st_randn_normal(ST_F64, ST_SHAPE(2), 0, -1), ST_ERR_ARG, "std >= 0");
  CHECK_FAILS(!st_randn_normal(ST_BOOL, ST_SHAPE(2), 0, 1), ST_ERR_DTYPE, "f32 or f64");
  CHECK_FAILS(!st_randperm(-1), ST_ERR_ARG, "st_randperm: n must be non-negative, got -1");
}

static int draw_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  int which = *(const int *)ctx;
  st_tensor *r = which == 0   ? st_rand_uniform(ST_F64, ST_SHAPE(3), -1, 1)
                 : which == 1 ? st_randn_normal(ST_F64, ST_SHAPE(3), 2, 3)
                              : st_to_dtype(st_randperm(3), ST_F64);
  out[0] = st_add(in[0], r);
  return out[0] ? 0 : -1;
}

/* As st_rand under st_vmap: refused by default (torch.func's randomness="error"); 'same' gives
   every lane one draw, 'different' each its own, the same whatever the chunk size. */
TEST(random_creation_follows_vmap_randomness) {
  st_tensor *X = st_zeros(ST_F64, ST_SHAPE(4, 3));
  for (int which = 0; which < 3; which++) {
    st_scope_push();
    st_func *f = st_func_new(draw_fn, &which, 1, 1), *err = st_vmap(f, NULL, NULL);
    st_func *same = st_vmap_ex(f, &(st_vmap_opts){.randomness = ST_RANDOMNESS_SAME});
    st_func *diff = st_vmap_ex(f, &(st_vmap_opts){.randomness = ST_RANDOMNESS_DIFFERENT});
    st_func *diff2 =
        st_vmap_ex(f, &(st_vmap_opts){.randomness = ST_RANDOMNESS_DIFFERENT, .chunk_size = 3});
    st_tensor *r[3] = {0};
    CHECK_FAILS(st_call(err, &X, &r[0]) != 0, ST_ERR_TRANSFORM, "random operation inside st_vmap");
    st_manual_seed(21);
    CHECK_EQ_INT(st_call(same, &X, &r[0]), 0);
    st_manual_seed(21);
    CHECK_EQ_INT(st_call(diff, &X, &r[1]), 0);
    st_manual_seed(21);
    CHECK_EQ_INT(st_call(diff2, &X, &r[2]), 0);
    double s[12], d[12];
    st_to_f64(r[0], s, 12);
    st_to_f64(r[1], d, 12);
    for (int i = 0; i < 12; i++) CHECK(s[i] == s[i % 3]);
    bool differ = false;
    for (int i = 3; i < 12; i++) differ = differ || d[i] != d[i % 3];
    CHECK(differ);
    CHECK(st_test_close(__FILE__, __LINE__, r[2], d, 12, 0));
    st_func *fs[] = {f, err, same, diff, diff2};
    for (int i = 0; i < 5; i++) st_func_release(fs[i]);
    st_scope_pop();
  }
}
