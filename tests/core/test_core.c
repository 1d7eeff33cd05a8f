/* test_core.c — errors, lifetime, scopes, allocation hooks, creation and inspection. */
#include "test.h"

TEST(from_data_roundtrip_f64) {
  st_tensor *a = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  CHECK_SHAPE(a, 2, 3);
  CHECK_CLOSE(a, 0, 1, 2, 3, 4, 5, 6);
  CHECK(st_dtype_of(a) == ST_F64);
  CHECK_EQ_INT(st_stride(a, 0), 3);
  CHECK(st_is_contiguous(a));
}

TEST(factories_fill_values) {
  CHECK_CLOSE(st_zeros(ST_F32, ST_SHAPE(3)), 0, 0, 0, 0);
  CHECK_CLOSE(st_ones(ST_I64, ST_SHAPE(2)), 0, 1, 1);
  CHECK_CLOSE(st_full(ST_F64, ST_SHAPE(2, 1), 2.5), 0, 2.5, 2.5);
  CHECK_CLOSE(st_scalar(ST_BOOL, 3.0), 0, 1);
  CHECK_EQ_INT(st_ndim(st_scalar(ST_F32, 1)), 0);
  CHECK_CLOSE(st_arange(ST_F64, 0, 1, 0.25), 0, 0, 0.25, 0.5, 0.75);
  CHECK_CLOSE(st_arange(ST_I64, 5, 0, -2), 0, 5, 3, 1);
  CHECK_CLOSE(st_linspace(ST_F64, 0, 1, 5), 1e-15, 0, 0.25, 0.5, 0.75, 1);
  CHECK_CLOSE(st_eye(ST_F32, 2, 3), 0, 1, 0, 0, 0, 1, 0);
  CHECK_SHAPE(st_zeros_like(st_eye(ST_F32, 2, 3)), 2, 3);
}

TEST(size_zero_tensors_are_fine) {
  st_tensor *z = st_zeros(ST_F32, ST_SHAPE(0, 4));
  CHECK_SHAPE(z, 0, 4);
  CHECK_EQ_INT(st_numel(z), 0);
  CHECK(st_to_f64(z, NULL, 0) == 0);
  CHECK_EQ_INT(st_numel(st_arange(ST_F32, 3, 3, 1)), 0);
}

TEST(errors_name_the_function_and_values) {
  CHECK_FAILS(!st_zeros(ST_F32, ST_SHAPE(2, -1)), ST_ERR_ARG, "st_full: size -1 of dim 1 is negative");
  CHECK_FAILS(!st_zeros(ST_F32, ST_SHAPE((int64_t)1 << 62, 4)), ST_ERR_ARG, "overflow");
  CHECK_FAILS(!st_zeros((st_dtype)42, ST_SHAPE(2)), ST_ERR_DTYPE, "invalid dtype");
  CHECK_FAILS(!st_zeros(ST_F32, ST_SHAPE(0, (int64_t)1 << 62, (int64_t)1 << 62)), ST_ERR_ARG, "overflow");
  CHECK_FAILS(!st_arange(ST_F32, 0, 1, 0), ST_ERR_ARG, "st_arange");
  CHECK_FAILS(!st_randint(ST_I64, 3, 3, ST_SHAPE(2)), ST_ERR_ARG, "low 3 must be below high 3");
  CHECK_FAILS(!st_rand(ST_I64, ST_SHAPE(2)), ST_ERR_DTYPE, "st_rand");
  CHECK_FAILS(isnan(st_item(st_zeros(ST_F32, ST_SHAPE(2)))), ST_ERR_SHAPE, "st_item");
  CHECK_FAILS(st_size(st_zeros(ST_F32, ST_SHAPE(2)), 1) < 0, ST_ERR_ARG, "dim 1 is out of range");
}

/* A 0-dim tensor has no dim to ask about (torch.tensor(1.).size(0) and .stride(-1) raise
   IndexError); before, st_size and st_stride read past the shape there and set no error. */
TEST(size_and_stride_of_a_0_dim_tensor_are_errors) {
  st_tensor *s = st_scalar(ST_F32, 2);
  const int dims[] = {0, -1, 1};
  for (int k = 0; k < 3; k++) {
    CHECK_FAILS(st_size(s, dims[k]) == -1, ST_ERR_ARG, "st_size: dim");
    CHECK_FAILS(st_stride(s, dims[k]) == -1, ST_ERR_ARG, "st_stride: dim");
  }
  CHECK_EQ_INT(st_ndim(s), 0);
  CHECK_EQ_INT(st_size(st_zeros(ST_F32, ST_SHAPE(3, 2)), -1), 2);
}

/* Inspection calls report a NULL tensor like every call (and keep an earlier failure's error,
   whose NULL it is); on success they leave the error alone. */
TEST(accessors_given_null_report_an_error) {
  int64_t shape[ST_MAX_DIMS];
  CHECK_FAILS(st_ndim(NULL) == -1, ST_ERR_ARG, "st_ndim: argument 1 is NULL");
  CHECK_FAILS(st_size(NULL, 0) == -1, ST_ERR_ARG, "st_size: argument 1 is NULL");
  CHECK_FAILS(st_stride(NULL, 0) == -1, ST_ERR_ARG, "st_stride: argument 1 is NULL");
  CHECK_FAILS(st_numel(NULL) == -1, ST_ERR_ARG, "st_numel: argument 1 is NULL");
  CHECK_FAILS(st_dtype_of(NULL) == ST_F32, ST_ERR_ARG, "st_dtype_of: argument 1 is NULL");
  CHECK_FAILS(st_shape(NULL, shape) == -1, ST_ERR_ARG, "st_shape: argument 1 is NULL");
  CHECK_FAILS(!st_is_contiguous(NULL), ST_ERR_ARG, "st_is_contiguous: argument 1 is NULL");
  CHECK_FAILS(!st_data_ptr(NULL), ST_ERR_ARG, "st_data_ptr: argument 1 is NULL");
  CHECK_FAILS(st_dict_len(NULL) == -1, ST_ERR_ARG, "st_dict_len: argument 1 is NULL");
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(2, 3));
  CHECK_FAILS(st_shape(x, NULL) == -1, ST_ERR_ARG,
              "st_shape: the shape array (argument 2) is NULL");
  CHECK_FAILS(st_stride(x, 2) == -1, ST_ERR_ARG, "st_stride: dim 2 is out of range");
  /* the NULL of a failed call: its own error stays, and success changes nothing */
  st_tensor *bad = st_zeros(ST_F32, ST_SHAPE(-1));
  CHECK_EQ_INT(st_ndim(bad), -1);
  CHECK_EQ_INT(st_numel(bad), -1);
  CHECK_EQ_INT(st_ndim(x), 2);
  CHECK_EQ_INT(st_numel(x), 6);
  CHECK(st_dtype_of(x) == ST_F32 && st_is_contiguous(x) && st_data_ptr(x));
  CHECK(st_last_status() == ST_ERR_ARG && strstr(st_last_error(), "size -1 of dim 0"));
  st_clear_error();
}

TEST(success_clears_the_error_and_null_propagates) {
  CHECK(st_zeros(ST_F32, ST_SHAPE(-1)) == NULL);
  CHECK(st_clone(NULL) == NULL);
  CHECK(strstr(st_last_error(), "size -1") != NULL); /* the first error stays */
  CHECK(st_last_status() == ST_ERR_ARG);
  CHECK(st_zeros(ST_F32, ST_SHAPE(1)) != NULL);
  CHECK(st_last_status() == ST_OK && strcmp(st_last_error(), "") == 0);
  CHECK_FAILS(!st_clone(NULL), ST_ERR_ARG, "st_clone: argument 1 is NULL");
}

TEST(scope_releases_unkept_and_keep_moves_out) {
  int64_t before = st_live_objects();
  st_tensor *kept;
  st_scope_push();
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(4));
  st_scope_push();
  kept = st_keep(st_clone(a));
  st_scope_pop();
  CHECK_CLOSE(kept, 0, 1, 1, 1, 1);
  st_scope_pop();
  CHECK_EQ_INT(st_live_objects(), before);
}

TEST(explicit_release_inside_a_scope_is_not_doubled) {
  int64_t before = st_live_objects();
  st_scope_push();
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(4));
  st_tensor *b = st_clone(a);
  st_release(b); /* the scope forgets b */
  (void)a;
  st_scope_pop();
  CHECK_EQ_INT(st_live_objects(), before);
}

TEST(keep_in_outermost_scope_hands_ownership_to_caller) {
  int64_t before = st_live_objects();
  st_scope_push();
  st_tensor *a = st_keep(st_ones(ST_F32, ST_SHAPE(2)));
  st_scope_pop();
  CHECK_EQ_INT(st_live_objects(), before + 2); /* tensor and storage */
  st_release(a);
  CHECK_EQ_INT(st_live_objects(), before);
}

TEST(allocation_failure_is_clean) {
  int64_t before = st_live_objects();
  for (int n = 1; n <= 3; n++) {
    st_debug_fail_alloc_after(n);
    st_tensor *t = st_ones(ST_F64, ST_SHAPE(8));
    st_debug_fail_alloc_after(0);
    if (!t) CHECK(st_last_status() == ST_ERR_OOM);
    else st_release(t);
    st_clear_error();
  }
  CHECK_EQ_INT(st_live_objects(), before);
}

TEST(rng_is_reproducible_and_plausible) {
  st_manual_seed(123);
  st_tensor *a = st_rand(ST_F64, ST_SHAPE(1000));
  st_manual_seed(123);
  st_tensor *b = st_rand(ST_F64, ST_SHAPE(1000));
  double va[1000], vb[1000], mean = 0;
  st_to_f64(a, va, 1000);
  st_to_f64(b, vb, 1000);
  for (int i = 0; i < 1000; i++) {
    CHECK(va[i] == vb[i] && va[i] >= 0 && va[i] < 1);
    mean += va[i] / 1000;
  }
  CHECK_NEAR(mean, 0.5, 0.06);
  st_tensor *n = st_randn(ST_F32, ST_SHAPE(4001));
  double vn[4001], m2 = 0, m1 = 0;
  st_to_f64(n, vn, 4001);
  for (int i = 0; i < 4001; i++) m1 += vn[i] / 4001, m2 += vn[i] * vn[i] / 4001;
  CHECK_NEAR(m1, 0, 0.08);
  CHECK_NEAR(m2, 1, 0.08);
  st_tensor *r = st_randint(ST_I64, -2, 3, ST_SHAPE(500));
  double vr[500];
  st_to_f64(r, vr, 500);
  for (int i = 0; i < 500; i++) CHECK(vr[i] >= -2 && vr[i] < 3 && vr[i] == floor(vr[i]));
}

TEST(version_number_matches_macro) {
  CHECK_EQ_INT(st_version_number(), ST_VERSION_NUMBER);
  CHECK(strcmp(st_version(), ST_VERSION) == 0);
}

TEST(type_promotion_follows_pytorch) {
  CHECK(st_promote_types(ST_F32, ST_F64) == ST_F64);
  CHECK(st_promote_types(ST_I64, ST_F32) == ST_F32);
  CHECK(st_promote_types(ST_BOOL, ST_I64) == ST_I64);
}
