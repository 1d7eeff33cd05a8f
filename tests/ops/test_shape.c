/* test_shape.c — shape and indexing ops: views (shape, strides, shared storage) and copies, each
   against a reference computed here by index arithmetic, over dtypes and layouts, plus errors
   and allocation failures. */
#include "test.h"
#include "util.h"

/* Exact comparison: these ops only move values. */
#define CHECK_VALUES(t, want, n) st_test_close(__FILE__, __LINE__, (t), (want), (n), 0)

static const st_dtype all_dtypes[] = {ST_F32, ST_F64, ST_I64, ST_BOOL};
#define NDTYPES 4

typedef enum { CONTIG, NONCONTIG, BROADCAST, NLAYOUTS } layout;

static int64_t numel_of(int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < nd; d++) n *= shape[d];
  return n;
}

static void unravel(int64_t i, int nd, const int64_t *shape, int64_t *idx) {
  for (int d = nd - 1; d >= 0; d--) {
    idx[d] = i % shape[d];
    i /= shape[d];
  }
}

static int64_t ravel(int nd, const int64_t *shape, const int64_t *idx) {
  int64_t r = 0;
  for (int d = 0; d < nd; d++) r = r * shape[d] + idx[d];
  return r;
}

/* Small integers in [-3, 3) so that every dtype (bool included) holds them exactly and varied. */
static void small_ints(double *v, int64_t n, unsigned seed) {
  tu_fill(v, n, -3, 3, seed);
  for (int64_t i = 0; i < n; i++) v[i] = floor(v[i]);
}

/* A tensor of the given shape in a layout; BROADCAST repeats one slice along dim 0 (stride 0). */
static st_tensor *make(st_dtype dt, layout l, int nd, const int64_t *shape, unsigned seed) {
  double v[512];
  int64_t n = numel_of(nd, shape);
  small_ints(v, n, seed);
  if (l == CONTIG || nd == 0) return tu_tensor(dt, nd, shape, v);
  if (l == NONCONTIG) return tu_noncontig(dt, nd, shape, v);
  int64_t one[ST_MAX_DIMS];
  memcpy(one, shape, sizeof(int64_t) * (size_t)nd);
  one[0] = 1;
  return tu_broadcast(tu_tensor(dt, nd, one, v), nd, shape);
}

/* Reference values for bool outputs are truth values. */
static void as_dtype(double *v, int64_t n, st_dtype dt) {
  if (dt == ST_BOOL)
    for (int64_t i = 0; i < n; i++) v[i] = v[i] != 0;
}

/* ===================================================================================== views */

TEST(reshape_of_contiguous_is_a_view) {
  st_tensor *a = st_arange(ST_F64, 0, 6, 1);
  st_tensor *r = st_reshape(a, ST_SHAPE(2, 3));
  CHECK_SHAPE(r, 2, 3);
  CHECK(st_data_ptr(r) == st_data_ptr(a));
  CHECK_EQ_INT(st_stride(r, 0), 3);
  CHECK_CLOSE(r, 0, 0, 1, 2, 3, 4, 5);
}

TEST(reshape_infers_the_minus_one) {
  st_tensor *a = st_arange(ST_F32, 0, 24, 1);
  CHECK_SHAPE(st_reshape(a, ST_SHAPE(2, -1, 4)), 2, 3, 4);
  CHECK_SHAPE(st_reshape(a, ST_SHAPE(-1)), 24);
  CHECK_SHAPE(st_reshape(st_zeros(ST_F32, ST_SHAPE(0, 3)), ST_SHAPE(3, -1)), 3, 0);
}

TEST(reshape_of_transposed_copies_in_logical_order) {
  st_tensor *a = st_arange(ST_F64, 0, 6, 1);
  st_tensor *t = st_transpose(st_reshape(a, ST_SHAPE(2, 3)), 0, 1); /* [[0,3],[1,4],[2,5]] */
  st_tensor *r = st_reshape(t, ST_SHAPE(6));
  CHECK(st_data_ptr(r) != st_data_ptr(a));
  CHECK(st_is_contiguous(r));
  CHECK_CLOSE(r, 0, 0, 3, 1, 4, 2, 5);
  CHECK_CLOSE(st_reshape(t, ST_SHAPE(2, 3)), 0, 0, 3, 1, 4, 2, 5);
}

TEST(reshape_of_noncontiguous_is_a_view_when_chunks_allow) {
  /* [2, 3, 4] permuted to [4, 2, 3]: the last two dims stay one contiguous chunk, so splitting
     or merging them needs no copy; merging across the permuted dim does. */
  st_tensor *a = st_reshape(st_arange(ST_F32, 0, 24, 1), ST_SHAPE(2, 3, 4));
  st_tensor *p = st_permute(a, 3, (int[]){2, 0, 1});
  st_tensor *merged = st_reshape(p, ST_SHAPE(4, 6));
  CHECK(st_data_ptr(merged) == st_data_ptr(a));
  CHECK_EQ_INT(st_stride(merged, 0), 1);
  CHECK_EQ_INT(st_stride(merged, 1), 4);
  st_tensor *split = st_reshape(merged, ST_SHAPE(2, 2, 3, 2));
  CHECK(st_data_ptr(split) == st_data_ptr(a));
  st_tensor *flat = st_reshape(p, ST_SHAPE(24));
  CHECK(st_data_ptr(flat) != st_data_ptr(a));
  double want[24];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++) want[i * 6 + j] = j * 4 + i; /* p[i][j/3][j%3] = a[j/3][j%3][i] */
  CHECK_VALUES(merged, want, 24);
  CHECK_VALUES(flat, want, 24);
  CHECK_VALUES(split, want, 24);
}

TEST(reshape_of_broadcast_views_or_copies) {
  st_tensor *b = tu_broadcast(st_arange(ST_I64, 0, 3, 1), ST_SHAPE(2, 3));
  st_tensor *v = st_reshape(b, ST_SHAPE(2, 1, 3));
  CHECK(st_data_ptr(v) == st_data_ptr(b));
  CHECK_EQ_INT(st_stride(v, 0), 0);
  st_tensor *c = st_reshape(b, ST_SHAPE(6));
  CHECK(st_is_contiguous(c));
  CHECK_CLOSE(c, 0, 0, 1, 2, 0, 1, 2);
}

TEST(reshape_to_and_from_0dim) {
  st_tensor *s = st_scalar(ST_F64, 7);
  st_tensor *one = st_reshape(s, ST_SHAPE(1, 1));
  CHECK_SHAPE(one, 1, 1);
  CHECK(st_data_ptr(one) == st_data_ptr(s));
  st_tensor *back = st_reshape(one, 0, NULL);
  CHECK_EQ_INT(st_ndim(back), 0);
  CHECK_CLOSE(back, 0, 7);
  CHECK_SHAPE(st_reshape(s, ST_SHAPE(-1)), 1);
}

TEST(reshape_moves_size_zero_dims) {
  st_tensor *z = st_zeros(ST_F32, ST_SHAPE(0, 3));
  CHECK_SHAPE(st_reshape(z, ST_SHAPE(3, 0)), 3, 0);
  CHECK_SHAPE(st_reshape(z, ST_SHAPE(0)), 0);
  CHECK_SHAPE(st_reshape(z, ST_SHAPE(2, 0, 5)), 2, 0, 5);
}

TEST(reshape_errors_name_the_shapes) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3));
  CHECK_FAILS(!st_reshape(a, ST_SHAPE(4, 2)), ST_ERR_SHAPE,
              "st_reshape: cannot reshape [2, 3] (6 elements) into [4, 2]");
  CHECK_FAILS(!st_reshape(a, ST_SHAPE(4, -1)), ST_ERR_SHAPE, "[4, -1]");
  CHECK_FAILS(!st_reshape(a, ST_SHAPE(-1, -1)), ST_ERR_ARG,
              "only one size can be -1, got [-1, -1]");
  CHECK_FAILS(!st_reshape(a, ST_SHAPE(-2, -3)), ST_ERR_ARG, "size -2 of dim 0");
  CHECK_FAILS(!st_reshape(st_zeros(ST_F32, ST_SHAPE(0)), ST_SHAPE(0, -1)), ST_ERR_SHAPE,
              "ambiguous");
  CHECK_FAILS(!st_reshape(a, 17, (int64_t[]){1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 1}),
              ST_ERR_ARG, "ndim 17 is out of range");
  CHECK_FAILS(!st_reshape(a, 2, NULL), ST_ERR_ARG, "st_reshape: shape is NULL");
  CHECK_FAILS(!st_reshape(NULL, ST_SHAPE(2)), ST_ERR_ARG, "st_reshape: argument 1 is NULL");
}

TEST(flatten_merges_a_range_of_dims) {
  st_tensor *a = st_reshape(st_arange(ST_F32, 0, 24, 1), ST_SHAPE(2, 3, 4));
  CHECK_SHAPE(st_flatten(a, 0, -1), 24);
  CHECK_SHAPE(st_flatten(a, 1, 2), 2, 12);
  CHECK_SHAPE(st_flatten(a, 0, 1), 6, 4);
  CHECK_SHAPE(st_flatten(a, -2, -2), 2, 3, 4);
  CHECK_SHAPE(st_flatten(st_scalar(ST_F32, 1), 0, -1), 1);
  st_tensor *t = st_flatten(st_transpose(a, 0, 2), 0, -1);
  CHECK_CLOSE(st_select(t, 0, 1), 0, 12);
  CHECK_FAILS(!st_flatten(a, 2, 1), ST_ERR_ARG, "st_flatten: start_dim 2 comes after end_dim 1");
  CHECK_FAILS(!st_flatten(a, 0, 3), ST_ERR_ARG, "st_flatten: dim 3 is out of range");
}

TEST(permute_reorders_dims_as_a_view) {
  st_tensor *a = st_reshape(st_arange(ST_F64, 0, 24, 1), ST_SHAPE(2, 3, 4));
  st_tensor *p = st_permute(a, 3, (int[]){-1, 0, 1});
  CHECK_SHAPE(p, 4, 2, 3);
  CHECK(st_data_ptr(p) == st_data_ptr(a));
  double want[24];
  int64_t idx[3];
  for (int64_t i = 0; i < 24; i++) {
    unravel(i, 3, (int64_t[]){4, 2, 3}, idx);
    want[i] = (double)(idx[1] * 12 + idx[2] * 4 + idx[0]);
  }
  CHECK_VALUES(p, want, 24);
  CHECK_EQ_INT(st_ndim(st_permute(st_scalar(ST_F32, 1), 0, NULL)), 0);
}

TEST(permute_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3));
  CHECK_FAILS(!st_permute(a, 1, (int[]){0}), ST_ERR_ARG,
              "st_permute: perm [0] has 1 entries for a tensor of shape [2, 3]");
  CHECK_FAILS(!st_permute(a, 2, (int[]){1, -1}), ST_ERR_ARG, "perm [1, -1] repeats dim 1");
  CHECK_FAILS(!st_permute(a, 2, (int[]){0, 2}), ST_ERR_ARG, "st_permute: dim 2 is out of range");
  CHECK_FAILS(!st_permute(a, 2, NULL), ST_ERR_ARG, "perm is NULL");
}

TEST(transpose_swaps_strides) {
  st_tensor *a = tu_noncontig(ST_F32, ST_SHAPE(2, 3), (double[]){0, 1, 2, 3, 4, 5});
  st_tensor *t = st_transpose(a, -1, 0);
  CHECK_SHAPE(t, 3, 2);
  CHECK(st_data_ptr(t) == st_data_ptr(a));
  CHECK_EQ_INT(st_stride(t, 0), st_stride(a, 1));
  CHECK_CLOSE(t, 0, 0, 3, 1, 4, 2, 5);
  CHECK_EQ_INT(st_ndim(st_transpose(st_scalar(ST_F32, 1), 0, -1)), 0);
  CHECK_FAILS(!st_transpose(a, 0, 2), ST_ERR_ARG,
              "st_transpose: dim 2 is out of range for a tensor with 2 dims");
}

TEST(expand_broadcasts_with_zero_strides) {
  st_tensor *a = st_from_data(ST_I64, ST_SHAPE(3, 1), (int64_t[]){1, 2, 3});
  st_tensor *e = st_expand(a, ST_SHAPE(2, -1, 4));
  CHECK_SHAPE(e, 2, 3, 4);
  CHECK(st_data_ptr(e) == st_data_ptr(a));
  CHECK_EQ_INT(st_stride(e, 0), 0);
  CHECK_EQ_INT(st_stride(e, 1), 1);
  CHECK_EQ_INT(st_stride(e, 2), 0);
  double want[24];
  for (int i = 0; i < 24; i++) want[i] = 1 + (i / 4) % 3;
  CHECK_VALUES(e, want, 24);
  CHECK_SHAPE(st_expand(st_scalar(ST_F32, 2), ST_SHAPE(3)), 3);
  CHECK_SHAPE(st_expand(st_ones(ST_F32, ST_SHAPE(1)), ST_SHAPE(0)), 0);
}

TEST(expand_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3, 1));
  CHECK_FAILS(!st_expand(a, ST_SHAPE(4, 4)), ST_ERR_SHAPE,
              "st_expand: cannot expand [3, 1] to [4, 4]: size 3 at dim 0 is not 1");
  CHECK_FAILS(!st_expand(a, ST_SHAPE(4)), ST_ERR_ARG, "need 2..16 sizes, got 1");
  CHECK_FAILS(!st_expand(a, ST_SHAPE(-1, 3, 1)), ST_ERR_ARG, "new leading dim");
  CHECK_FAILS(!st_expand(a, ST_SHAPE(3, -2)), ST_ERR_ARG, "size -2 at dim 1 is invalid");
}

TEST(squeeze_drops_size_one_dims) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(1, 3, 1));
  CHECK_SHAPE(st_squeeze(a, 0), 3, 1);
  CHECK_SHAPE(st_squeeze(a, -1), 1, 3);
  CHECK_SHAPE(st_squeeze(a, 1), 1, 3, 1); /* size 3: a no-op view */
  CHECK(st_data_ptr(st_squeeze(a, 0)) == st_data_ptr(a));
  CHECK_SHAPE(st_squeeze_all(a), 3);
  CHECK_EQ_INT(st_ndim(st_squeeze_all(st_zeros(ST_F32, ST_SHAPE(1, 1)))), 0);
  CHECK_EQ_INT(st_ndim(st_squeeze(st_scalar(ST_F32, 1), 0)), 0);
  CHECK_SHAPE(st_squeeze_all(st_zeros(ST_F32, ST_SHAPE(0, 1))), 0);
  CHECK_FAILS(!st_squeeze(a, 3), ST_ERR_ARG, "st_squeeze: dim 3 is out of range");
  CHECK_FAILS(!st_squeeze_all(NULL), ST_ERR_ARG, "st_squeeze_all: argument 1 is NULL");
}

TEST(unsqueeze_inserts_a_size_one_dim) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3));
  CHECK_SHAPE(st_unsqueeze(a, 0), 1, 2, 3);
  CHECK_SHAPE(st_unsqueeze(a, 2), 2, 3, 1);
  CHECK_SHAPE(st_unsqueeze(a, -1), 2, 3, 1);
  CHECK_SHAPE(st_unsqueeze(a, -3), 1, 2, 3);
  CHECK_EQ_INT(st_stride(st_unsqueeze(a, 1), 1), 3);
  CHECK(st_data_ptr(st_unsqueeze(a, 1)) == st_data_ptr(a));
  CHECK_SHAPE(st_unsqueeze(st_scalar(ST_F32, 1), 0), 1);
  CHECK_SHAPE(st_unsqueeze(st_scalar(ST_F32, 1), -1), 1);
  CHECK_FAILS(!st_unsqueeze(a, 3), ST_ERR_ARG,
              "st_unsqueeze: dim 3 is out of range for a tensor with 2 dims (expected -3..2)");
  CHECK_FAILS(!st_unsqueeze(a, -4), ST_ERR_ARG, "dim -4");
  st_tensor *big = st_zeros(ST_F32, ST_SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
  CHECK_FAILS(!st_unsqueeze(big, 0), ST_ERR_ARG, "maximum of 16 dims");
}

/* Python's range(n)[start:end:step]. */
static int py_slice(int64_t n, int64_t start, int64_t end, int64_t step, double *out) {
  if (start < 0) start = start + n < 0 ? 0 : start + n;
  if (end < 0) end = end + n < 0 ? 0 : end + n;
  if (start > n) start = n;
  if (end > n) end = n;
  int k = 0;
  for (int64_t i = start; i < end; i += step) {
    out[k++] = (double)i;
    if (step > n) break; /* keeps i + step from overflowing */
  }
  return k;
}

TEST(slice_follows_python_semantics) {
  st_tensor *a = st_arange(ST_F64, 0, 7, 1);
  const int64_t cases[][3] = {
      {0, 7, 1},  {2, 5, 1},   {1, 7, 2}, {-3, 7, 1},        {-100, 100, 3},    {5, 2, 1},
      {6, -1, 4}, {-2, -1, 1}, {7, 9, 1}, {0, INT64_MAX, 1}, {INT64_MIN, 3, 2}, {0, 7, INT64_MAX}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    double want[8];
    int n = py_slice(7, cases[c][0], cases[c][1], cases[c][2], want);
    st_tensor *s = st_slice(a, 0, cases[c][0], cases[c][1], cases[c][2]);
    CHECK_EQ_INT(st_size(s, 0), n);
    CHECK_VALUES(s, want, n);
  }
}

TEST(slice_is_a_view_with_offset_and_stride) {
  st_tensor *a = st_reshape(st_arange(ST_F32, 0, 12, 1), ST_SHAPE(3, 4));
  st_tensor *s = st_slice(a, -1, 1, 4, 2);
  CHECK_SHAPE(s, 3, 2);
  CHECK(st_data_ptr(s) == (float *)st_data_ptr(a) + 1);
  CHECK_EQ_INT(st_stride(s, 1), 2);
  CHECK_CLOSE(s, 0, 1, 3, 5, 7, 9, 11);
  st_tensor *n =
      st_slice(tu_noncontig(ST_F64, ST_SHAPE(3, 2), (double[]){0, 1, 2, 3, 4, 5}), 0, 1, 3, 1);
  CHECK_CLOSE(n, 0, 2, 3, 4, 5);
}

TEST(slice_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3));
  CHECK_FAILS(!st_slice(a, 0, 0, 3, 0), ST_ERR_ARG, "st_slice: step 0 must be positive");
  CHECK_FAILS(!st_slice(a, 0, 0, 3, -1), ST_ERR_ARG, "step -1");
  CHECK_FAILS(!st_slice(a, 1, 0, 3, 1), ST_ERR_ARG, "st_slice: dim 1 is out of range");
  CHECK_FAILS(!st_slice(st_scalar(ST_F32, 0), 0, 0, 1, 1), ST_ERR_ARG,
              "cannot slice a 0-dim tensor");
}

TEST(select_drops_the_dim_and_wraps_negative_indices) {
  st_tensor *a = st_reshape(st_arange(ST_I64, 0, 12, 1), ST_SHAPE(3, 4));
  st_tensor *r = st_select(a, 0, -1);
  CHECK_SHAPE(r, 4);
  CHECK(st_data_ptr(r) == (int64_t *)st_data_ptr(a) + 8);
  CHECK_CLOSE(r, 0, 8, 9, 10, 11);
  CHECK_CLOSE(st_select(a, 1, 2), 0, 2, 6, 10);
  CHECK_EQ_INT(st_ndim(st_select(st_select(a, 0, 1), 0, 3)), 0);
  CHECK_FAILS(!st_select(a, 0, 3), ST_ERR_ARG,
              "st_select: index 3 is out of range for dim 0 of size 3");
  CHECK_FAILS(!st_select(a, 1, -5), ST_ERR_ARG, "index -5 is out of range for dim 1 of size 4");
  CHECK_FAILS(!st_select(st_scalar(ST_F32, 0), 0, 0), ST_ERR_ARG, "0-dim");
}

TEST(diagonal_follows_torch_diagonal) {
  st_tensor *a = st_reshape(st_arange(ST_F64, 0, 12, 1), ST_SHAPE(3, 4));
  st_tensor *d = st_diagonal(a, 0, 0, 1);
  CHECK(st_data_ptr(d) == st_data_ptr(a));
  CHECK_EQ_INT(st_stride(d, 0), 5);
  CHECK_CLOSE(d, 0, 0, 5, 10);
  CHECK_CLOSE(st_diagonal(a, 1, 0, 1), 0, 1, 6, 11);
  CHECK_CLOSE(st_diagonal(a, 2, 0, 1), 0, 2, 7);
  CHECK_CLOSE(st_diagonal(a, -1, 0, 1), 0, 4, 9);
  CHECK_CLOSE(st_diagonal(a, 1, 1, 0), 0, 4, 9); /* swapped dims: the offset counts along dim 0 */
  CHECK_SHAPE(st_diagonal(a, 5, 0, 1), 0);
  CHECK_SHAPE(st_diagonal(a, -7, 0, 1), 0);
  /* Batched: dims removed, diagonal last. */
  st_tensor *b = st_reshape(st_arange(ST_F32, 0, 24, 1), ST_SHAPE(2, 3, 4));
  st_tensor *bd = st_diagonal(b, 0, 0, 2);
  CHECK_SHAPE(bd, 3, 2);
  CHECK_CLOSE(bd, 0, 0, 13, 4, 17, 8, 21); /* bd[j][i] = b[i][j][i] */
}

TEST(diagonal_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3, 4));
  CHECK_FAILS(!st_diagonal(a, 0, 1, -1), ST_ERR_ARG, "st_diagonal: dim1 and dim2 are both 1");
  CHECK_FAILS(!st_diagonal(a, 0, 0, 2), ST_ERR_ARG, "dim 2 is out of range");
  CHECK_FAILS(!st_diagonal(st_zeros(ST_F32, ST_SHAPE(3)), 0, 0, 1), ST_ERR_ARG,
              "needs at least 2 dims, got shape [3]");
}

TEST(views_share_storage_with_their_input) {
  st_tensor *a = st_zeros(ST_F64, ST_SHAPE(2, 3));
  st_tensor *views[] = {st_transpose(a, 0, 1),
                        st_slice(a, 1, 1, 3, 1),
                        st_select(a, 0, 0),
                        st_reshape(a, ST_SHAPE(6)),
                        st_expand(st_unsqueeze(a, 0), ST_SHAPE(2, 2, 3)),
                        st_diagonal(a, 1, 0, 1),
                        st_squeeze_all(st_unsqueeze(a, 1))};
  double *p = st_data_ptr(a);
  p[1] = 42; /* element [0][1] */
  CHECK_NEAR(st_item(st_select(st_select(views[0], 0, 1), 0, 0)), 42, 0);
  CHECK_NEAR(st_item(st_select(st_select(views[1], 0, 0), 0, 0)), 42, 0);
  CHECK_NEAR(st_item(st_select(views[2], 0, 1)), 42, 0);
  CHECK_NEAR(st_item(st_select(views[3], 0, 1)), 42, 0);
  CHECK_NEAR(st_item(st_select(st_select(st_select(views[4], 0, 1), 0, 0), 0, 1)), 42, 0);
  CHECK_NEAR(st_item(st_select(views[5], 0, 0)), 42, 0);
  CHECK_NEAR(st_item(st_select(st_select(views[6], 0, 0), 0, 1)), 42, 0);
  for (size_t i = 0; i < sizeof views / sizeof views[0]; i++)
    CHECK(st_dtype_of(views[i]) == ST_F64);
}

/* ===================================================================================== copies */

/* cat along dim of pieces with the given sizes there (other dims from base), every dtype and
   layout, against the reference. */
static void check_cat(int nd, const int64_t *base, int dim, int n, const int64_t *sizes) {
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++) {
      st_tensor *in[4];
      double *vals[4];
      int64_t shape[ST_MAX_DIMS], total = 0;
      for (int i = 0; i < n; i++) {
        memcpy(shape, base, sizeof(int64_t) * (size_t)nd);
        shape[dim] = sizes[i];
        in[i] =
            make(all_dtypes[t], (layout)((l + i) % NLAYOUTS), nd, shape, (unsigned)(10 * i + t));
        vals[i] = tu_values(in[i]);
        total += sizes[i];
      }
      memcpy(shape, base, sizeof(int64_t) * (size_t)nd);
      shape[dim] = total;
      int64_t numel = numel_of(nd, shape), idx[ST_MAX_DIMS], isz[ST_MAX_DIMS];
      double want[512];
      for (int64_t k = 0; k < numel; k++) {
        unravel(k, nd, shape, idx);
        int i = 0;
        while (idx[dim] >= sizes[i]) idx[dim] -= sizes[i++];
        memcpy(isz, base, sizeof(int64_t) * (size_t)nd);
        isz[dim] = sizes[i];
        want[k] = vals[i][ravel(nd, isz, idx)];
      }
      st_tensor *out = st_cat(n, in, dim - nd * (l == BROADCAST)); /* also a negative dim */
      CHECK(st_dtype_of(out) == all_dtypes[t]);
      if (st_test_shape(__FILE__, __LINE__, out, nd, shape)) CHECK_VALUES(out, want, numel);
      for (int i = 0; i < n; i++) free(vals[i]);
    }
}

TEST(cat_matches_reference) {
  check_cat(2, (int64_t[]){2, 3}, 0, 3, (int64_t[]){2, 1, 3});
  check_cat(2, (int64_t[]){2, 3}, 1, 2, (int64_t[]){3, 4});
  check_cat(3, (int64_t[]){2, 3, 2}, 2, 3, (int64_t[]){1, 0, 2});
  check_cat(1, (int64_t[]){1}, 0, 2, (int64_t[]){5, 2});
}

TEST(cat_promotes_dtypes) {
  st_tensor *in[] = {st_ones(ST_I64, ST_SHAPE(2)), st_full(ST_F32, ST_SHAPE(1), 2.5),
                     st_ones(ST_BOOL, ST_SHAPE(1))};
  st_tensor *c = st_cat(3, in, 0);
  CHECK(st_dtype_of(c) == ST_F32);
  CHECK_CLOSE(c, 0, 1, 1, 2.5, 1);
  st_tensor *in2[] = {st_ones(ST_F32, ST_SHAPE(1)), st_full(ST_F64, ST_SHAPE(1), 0.1)};
  st_tensor *d = st_cat(2, in2, 0);
  CHECK(st_dtype_of(d) == ST_F64);
  CHECK_CLOSE(d, 0, 1, 0.1);
}

TEST(cat_skips_legacy_empty_1d_tensors) {
  st_tensor *a = st_reshape(st_arange(ST_F32, 0, 6, 1), ST_SHAPE(2, 3));
  st_tensor *in[] = {st_zeros(ST_F32, ST_SHAPE(0)), a, st_zeros(ST_F32, ST_SHAPE(0)), a};
  st_tensor *c = st_cat(4, in, 1);
  CHECK_SHAPE(c, 2, 6);
  CHECK_CLOSE(c, 0, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5);
  st_tensor *empties[] = {st_zeros(ST_F32, ST_SHAPE(0)), st_zeros(ST_F64, ST_SHAPE(0))};
  st_tensor *e = st_cat(2, empties, 0);
  CHECK_SHAPE(e, 0);
  CHECK(st_dtype_of(e) == ST_F64);
}

TEST(cat_of_size_zero_inputs) {
  st_tensor *in[] = {st_zeros(ST_F32, ST_SHAPE(0, 3)), st_ones(ST_F32, ST_SHAPE(2, 3))};
  CHECK_CLOSE(st_cat(2, in, 0), 0, 1, 1, 1, 1, 1, 1);
  st_tensor *in2[] = {st_zeros(ST_F32, ST_SHAPE(0, 3)), st_zeros(ST_F32, ST_SHAPE(0, 2))};
  CHECK_SHAPE(st_cat(2, in2, 1), 0, 5);
}

TEST(cat_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3)), *b = st_zeros(ST_F32, ST_SHAPE(2, 4));
  CHECK_FAILS(!st_cat(2, (st_tensor *[]){a, b}, 0), ST_ERR_SHAPE,
              "st_cat: tensor 1 has shape [2, 4] but tensor 0 has [2, 3] (sizes must match except "
              "in dim 0)");
  CHECK_FAILS(!st_cat(2, (st_tensor *[]){a, st_zeros(ST_F32, ST_SHAPE(2, 3, 1))}, 0), ST_ERR_SHAPE,
              "different number of dims");
  CHECK_FAILS(!st_cat(2, (st_tensor *[]){a, st_scalar(ST_F32, 1)}, 0), ST_ERR_ARG,
              "tensor 1 is 0-dim");
  CHECK_FAILS(!st_cat(2, (st_tensor *[]){a, a}, 2), ST_ERR_ARG, "st_cat: dim 2 is out of range");
  CHECK_FAILS(!st_cat(0, (st_tensor *[]){a}, 0), ST_ERR_ARG, "st_cat: needs at least one tensor");
  CHECK_FAILS(!st_cat(2, (st_tensor *[]){a, NULL}, 0), ST_ERR_ARG, "st_cat: argument 2 is NULL");
  CHECK_FAILS(!st_cat(2, NULL, 0), ST_ERR_ARG, "st_cat: ts is NULL");
}

TEST(stack_matches_reference) {
  const int64_t shape[] = {2, 3};
  for (int t = 0; t < NDTYPES; t++)
    for (int dim = -3; dim <= 2; dim++) {
      st_tensor *in[3];
      double *vals[3];
      for (int i = 0; i < 3; i++) {
        in[i] = make(all_dtypes[t], (layout)i, 2, shape, (unsigned)(i + 7 * t));
        vals[i] = tu_values(in[i]);
      }
      int d = dim < 0 ? dim + 3 : dim;
      int64_t oshape[3], idx[3];
      for (int k = 0, j = 0; k < 3; k++) oshape[k] = k == d ? 3 : shape[j++];
      double want[18];
      for (int64_t k = 0; k < 18; k++) {
        unravel(k, 3, oshape, idx);
        int64_t sub[2];
        for (int q = 0, j = 0; q < 3; q++)
          if (q != d) sub[j++] = idx[q];
        want[k] = vals[idx[d]][ravel(2, shape, sub)];
      }
      st_tensor *out = st_stack(3, in, dim);
      if (st_test_shape(__FILE__, __LINE__, out, 3, oshape)) CHECK_VALUES(out, want, 18);
      for (int i = 0; i < 3; i++) free(vals[i]);
    }
}

TEST(stack_of_0dim_and_empty_tensors) {
  st_tensor *s[] = {st_scalar(ST_F32, 1), st_scalar(ST_F64, 2)};
  st_tensor *v = st_stack(2, s, 0);
  CHECK_SHAPE(v, 2);
  CHECK(st_dtype_of(v) == ST_F64);
  CHECK_CLOSE(v, 0, 1, 2);
  st_tensor *z[] = {st_zeros(ST_I64, ST_SHAPE(0, 2)), st_zeros(ST_I64, ST_SHAPE(0, 2))};
  CHECK_SHAPE(st_stack(2, z, 1), 0, 2, 2);
}

TEST(stack_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3)), *b = st_zeros(ST_F32, ST_SHAPE(3, 2));
  CHECK_FAILS(!st_stack(2, (st_tensor *[]){a, b}, 0), ST_ERR_SHAPE,
              "st_stack: tensor 1 has shape [3, 2] but tensor 0 has [2, 3]");
  CHECK_FAILS(!st_stack(2, (st_tensor *[]){a, a}, 3), ST_ERR_ARG,
              "st_stack: dim 3 is out of range for tensors with 2 dims (expected -3..2)");
  CHECK_FAILS(!st_stack(0, NULL, 0), ST_ERR_ARG, "st_stack: needs at least one tensor");
  CHECK_FAILS(!st_stack(-1, NULL, 0), ST_ERR_ARG, "st_stack: n -1 is negative");
  st_tensor *big = st_zeros(ST_F32, ST_SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
  CHECK_FAILS(!st_stack(1, &big, 0), ST_ERR_ARG, "exceed 16 dims");
}

TEST(split_gives_views_with_a_smaller_last_piece) {
  st_tensor *a = st_reshape(st_arange(ST_F32, 0, 14, 1), ST_SHAPE(2, 7));
  st_tensor *out[4];
  CHECK_EQ_INT(st_split(a, 3, -1, 4, out), 3);
  CHECK_SHAPE(out[0], 2, 3);
  CHECK_SHAPE(out[2], 2, 1);
  CHECK(st_data_ptr(out[1]) == (float *)st_data_ptr(a) + 3);
  CHECK_CLOSE(out[2], 0, 6, 13);
  CHECK_EQ_INT(st_split(a, 7, 1, 1, out), 1);
  CHECK_SHAPE(out[0], 2, 7);
  CHECK_EQ_INT(st_split(a, 100, 0, 1, out), 1);
  CHECK_EQ_INT(st_split(st_zeros(ST_F32, ST_SHAPE(0)), 0, 0, 1, out), 1);
  CHECK_SHAPE(out[0], 0);
}

TEST(chunk_can_give_fewer_pieces) {
  st_tensor *a = st_arange(ST_I64, 0, 6, 1);
  st_tensor *out[5];
  CHECK_EQ_INT(st_chunk(a, 4, 0, 5, out), 3); /* pieces of ceil(6/4) = 2 */
  CHECK_CLOSE(out[2], 0, 4, 5);
  CHECK_EQ_INT(st_chunk(a, 5, 0, 5, out), 3);
  CHECK_EQ_INT(st_chunk(a, 3, -1, 5, out), 3);
  CHECK_CLOSE(out[1], 0, 2, 3);
  CHECK_EQ_INT(st_chunk(st_arange(ST_I64, 0, 5, 1), 2, 0, 5, out), 2);
  CHECK_CLOSE(out[1], 0, 3, 4);
  CHECK_EQ_INT(st_chunk(st_zeros(ST_F32, ST_SHAPE(0, 2)), 3, 0, 5, out), 3);
  CHECK_SHAPE(out[2], 0, 2);
}

TEST(split_and_chunk_errors_leave_nothing_allocated) {
  st_tensor *a = st_arange(ST_F32, 0, 6, 1);
  st_tensor *out[2] = {NULL, NULL};
  int64_t before = st_live_objects();
  CHECK_FAILS(st_split(a, 2, 0, 2, out) < 0, ST_ERR_ARG,
              "st_split: [6] along dim 0 gives 3 pieces but max_out is 2");
  CHECK_FAILS(st_chunk(a, 6, 0, 2, out) < 0, ST_ERR_ARG,
              "st_chunk: [6] along dim 0 gives 6 pieces");
  CHECK_EQ_INT(st_live_objects(), before);
  CHECK(out[0] == NULL && out[1] == NULL);
  CHECK_FAILS(st_split(a, 0, 0, 2, out) < 0, ST_ERR_ARG, "split_size 0 must be positive");
  CHECK_FAILS(st_split(a, -1, 0, 2, out) < 0, ST_ERR_ARG, "split_size -1");
  CHECK_FAILS(st_chunk(a, 0, 0, 2, out) < 0, ST_ERR_ARG, "st_chunk: chunks 0 must be positive");
  CHECK_FAILS(st_split(a, 2, 1, 2, out) < 0, ST_ERR_ARG, "st_split: dim 1 is out of range");
  CHECK_FAILS(st_chunk(st_scalar(ST_F32, 1), 1, 0, 2, out) < 0, ST_ERR_ARG, "0-dim");
  CHECK_FAILS(st_split(a, 6, 0, 1, NULL) < 0, ST_ERR_ARG, "out is NULL");
  CHECK_FAILS(st_split(NULL, 6, 0, 1, out) < 0, ST_ERR_ARG, "st_split: argument 1 is NULL");
}

TEST(index_select_matches_reference) {
  const int64_t shape[] = {3, 20}; /* dim 0: long slices; dim 1: single elements */
  const double rows[] = {2, 0, 2, 1}, cols[] = {2, 0, 2, 1, 3};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int dim = 0; dim < 2; dim++) {
        st_tensor *a = make(all_dtypes[t], (layout)l, 2, shape, (unsigned)(3 * t + l));
        double *av = tu_values(a);
        int64_t n = dim == 0 ? 4 : 5;
        const double *iv = dim == 0 ? rows : cols;
        st_tensor *index =
            l == NONCONTIG ? tu_noncontig(ST_I64, 1, &n, iv) : tu_tensor(ST_I64, 1, &n, iv);
        int64_t oshape[2] = {shape[0], shape[1]}, idx[2];
        oshape[dim] = n;
        double want[128];
        for (int64_t k = 0; k < numel_of(2, oshape); k++) {
          unravel(k, 2, oshape, idx);
          idx[dim] = (int64_t)iv[idx[dim]];
          want[k] = av[ravel(2, shape, idx)];
        }
        st_tensor *out = st_index_select(a, dim - 2 * (l == BROADCAST), index);
        if (st_test_shape(__FILE__, __LINE__, out, 2, oshape))
          CHECK_VALUES(out, want, numel_of(2, oshape));
        CHECK(st_dtype_of(out) == all_dtypes[t]);
        free(av);
      }
}

TEST(index_select_of_0dim_and_empty) {
  st_tensor *zero = st_from_data(ST_I64, ST_SHAPE(1), (int64_t[]){0});
  CHECK_CLOSE(st_index_select(st_scalar(ST_F32, 5), 0, zero), 0, 5);
  st_tensor *e = st_index_select(st_ones(ST_F32, ST_SHAPE(2, 3)), 1, st_zeros(ST_I64, ST_SHAPE(0)));
  CHECK_SHAPE(e, 2, 0);
  CHECK_CLOSE(st_index_select(st_arange(ST_F64, 0, 4, 1), 0, st_scalar(ST_I64, 3)), 0, 3);
}

TEST(index_select_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3, 4));
  st_tensor *i = st_from_data(ST_I64, ST_SHAPE(2), (int64_t[]){1, 7});
  CHECK_FAILS(!st_index_select(a, 0, i), ST_ERR_ARG,
              "st_index_select: index 7 is out of range for dim 0 of size 3");
  CHECK_FAILS(!st_index_select(a, 1, st_from_data(ST_I64, ST_SHAPE(1), (int64_t[]){-1})),
              ST_ERR_ARG, "index -1 is out of range for dim 1 of size 4");
  CHECK_FAILS(!st_index_select(a, 0, st_zeros(ST_F32, ST_SHAPE(2))), ST_ERR_DTYPE,
              "st_index_select: index must be i64, not f32");
  CHECK_FAILS(!st_index_select(a, 0, st_zeros(ST_I64, ST_SHAPE(1, 2))), ST_ERR_SHAPE,
              "index must be 1-D, got shape [1, 2]");
  CHECK_FAILS(!st_index_select(a, 2, st_zeros(ST_I64, ST_SHAPE(1))), ST_ERR_ARG,
              "dim 2 is out of range");
  CHECK_FAILS(!st_index_select(a, 0, NULL), ST_ERR_ARG, "st_index_select: argument 2 is NULL");
}

/* gather and scatter_add: an index of shape ishape with values in [0, n). */
static st_tensor *make_index(int nd, const int64_t *ishape, int64_t n, bool noncontig,
                             unsigned seed) {
  double v[64];
  int64_t k = numel_of(nd, ishape);
  tu_fill(v, k, 0, (double)n, seed);
  for (int64_t i = 0; i < k; i++) v[i] = floor(v[i]);
  return noncontig ? tu_noncontig(ST_I64, nd, ishape, v) : tu_tensor(ST_I64, nd, ishape, v);
}

TEST(gather_matches_reference) {
  const int64_t shape[] = {3, 4, 2};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int dim = 0; dim < 3; dim++) {
        st_tensor *a = make(all_dtypes[t], (layout)l, 3, shape, (unsigned)(5 * t + l));
        int64_t is[3] = {2, 4, 2};
        if (dim == 1) is[0] = 3, is[1] = 6; /* beyond a's size only along dim */
        st_tensor *index = make_index(3, is, shape[dim], l == NONCONTIG, (unsigned)(dim + 11 * t));
        double *av = tu_values(a), *iv = tu_values(index), want[64];
        int64_t p[3];
        for (int64_t k = 0; k < numel_of(3, is); k++) {
          unravel(k, 3, is, p);
          p[dim] = (int64_t)iv[k];
          want[k] = av[ravel(3, shape, p)];
        }
        st_tensor *out = st_gather(a, dim - 3 * (l == BROADCAST), index);
        if (st_test_shape(__FILE__, __LINE__, out, 3, is)) CHECK_VALUES(out, want, numel_of(3, is));
        free(av);
        free(iv);
      }
}

TEST(gather_of_0dim_and_empty) {
  CHECK_CLOSE(st_gather(st_scalar(ST_F64, 4), 0, st_scalar(ST_I64, 0)), 0, 4);
  CHECK_SHAPE(st_gather(st_ones(ST_F32, ST_SHAPE(2, 3)), 1, st_zeros(ST_I64, ST_SHAPE(2, 0))), 2,
              0);
}

TEST(gather_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3, 4));
  CHECK_FAILS(!st_gather(a, 0, st_full(ST_I64, ST_SHAPE(1, 4), 3)), ST_ERR_ARG,
              "st_gather: index 3 is out of range for dim 0 of size 3");
  CHECK_FAILS(!st_gather(a, 0, st_zeros(ST_I64, ST_SHAPE(1, 5))), ST_ERR_SHAPE,
              "st_gather: index [1, 5] is larger than input [3, 4] at dim 1 (5 > 4)");
  CHECK_FAILS(!st_gather(a, 0, st_zeros(ST_I64, ST_SHAPE(4))), ST_ERR_SHAPE,
              "the number of dims must match");
  CHECK_FAILS(!st_gather(a, 0, st_zeros(ST_BOOL, ST_SHAPE(1, 1))), ST_ERR_DTYPE,
              "index must be i64, not bool");
  CHECK_FAILS(!st_gather(a, -3, st_zeros(ST_I64, ST_SHAPE(1, 1))), ST_ERR_ARG,
              "dim -3 is out of range");
}

TEST(scatter_add_matches_reference_with_duplicates) {
  const int64_t shape[] = {3, 4}, sshape[] = {4, 5};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int dim = 0; dim < 2; dim++) {
        st_dtype dt = all_dtypes[t];
        st_tensor *a = make(dt, (layout)l, 2, shape, (unsigned)(2 * t + l));
        st_tensor *src = make(dt, (layout)((l + 1) % NLAYOUTS), 2, sshape, (unsigned)(9 * t + l));
        int64_t is[2] = {dim == 0 ? 4 : 3, dim == 0 ? 4 : 5}; /* 4 rows into 3: duplicates */
        st_tensor *index = make_index(2, is, shape[dim], l == NONCONTIG, (unsigned)(t + dim));
        double *av = tu_values(a), *sv = tu_values(src), *iv = tu_values(index);
        int64_t p[2];
        for (int64_t k = 0; k < is[0] * is[1]; k++) {
          unravel(k, 2, is, p);
          double s = sv[ravel(2, sshape, p)];
          p[dim] = (int64_t)iv[k];
          av[ravel(2, shape, p)] += s;
        }
        as_dtype(av, 12, dt);
        st_tensor *out = st_scatter_add(a, dim, index, src);
        CHECK(st_dtype_of(out) == dt);
        if (CHECK_SHAPE(out, 3, 4)) CHECK_VALUES(out, av, 12);
        free(av);
        free(sv);
        free(iv);
      }
}

TEST(scatter_add_leaves_its_input_unchanged) {
  st_tensor *a = st_zeros(ST_F64, ST_SHAPE(3));
  st_tensor *out = st_scatter_add(a, 0, st_from_data(ST_I64, ST_SHAPE(3), (int64_t[]){1, 1, 0}),
                                  st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 4}));
  CHECK_CLOSE(out, 0, 4, 3, 0);
  CHECK_CLOSE(a, 0, 0, 0, 0);
  CHECK_CLOSE(st_scatter_add(st_scalar(ST_F32, 1), 0, st_scalar(ST_I64, 0), st_scalar(ST_F32, 2)),
              0, 3);
}

TEST(scatter_add_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3, 4)), *src = st_ones(ST_F32, ST_SHAPE(2, 4));
  CHECK_FAILS(!st_scatter_add(a, 0, st_full(ST_I64, ST_SHAPE(2, 4), 5), src), ST_ERR_ARG,
              "st_scatter_add: index 5 is out of range for dim 0 of size 3");
  CHECK_FAILS(!st_scatter_add(a, 0, st_zeros(ST_I64, ST_SHAPE(3, 4)), src), ST_ERR_SHAPE,
              "index [3, 4] is larger than src [2, 4] at dim 0 (3 > 2)");
  CHECK_FAILS(
      !st_scatter_add(a, 0, st_zeros(ST_I64, ST_SHAPE(2, 4)), st_ones(ST_F64, ST_SHAPE(2, 4))),
      ST_ERR_DTYPE, "src is f64 but the input is f32");
  CHECK_FAILS(!st_scatter_add(a, 0, st_zeros(ST_F32, ST_SHAPE(2, 4)), src), ST_ERR_DTYPE,
              "index must be i64");
  CHECK_FAILS(
      !st_scatter_add(a, 1, st_zeros(ST_I64, ST_SHAPE(4, 1)), st_ones(ST_F32, ST_SHAPE(4, 1))),
      ST_ERR_SHAPE, "larger than input");
  CHECK_FAILS(!st_scatter_add(a, 0, st_zeros(ST_I64, ST_SHAPE(2)), src), ST_ERR_SHAPE,
              "number of dims");
  CHECK_FAILS(!st_scatter_add(a, 0, st_zeros(ST_I64, ST_SHAPE(2, 4)), NULL), ST_ERR_ARG,
              "argument 3 is NULL");
}

TEST(pad_matches_reference) {
  const int64_t shape[] = {2, 3, 4};
  const int64_t pads[][6] = {{1, 2}, {0, 0, 2, 1, 1, 0}, {-1, 1, 1, -2}, {-4, 0}};
  const int npads[] = {2, 6, 4, 2};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int c = 0; c < 4; c++) {
        st_tensor *a = make(all_dtypes[t], (layout)l, 3, shape, (unsigned)(t + 4 * l));
        double *av = tu_values(a), want[256];
        int64_t oshape[3], before[3] = {0, 0, 0}, q[3];
        for (int d = 0; d < 3; d++) oshape[d] = shape[d];
        for (int k = 0; k < npads[c] / 2; k++) {
          before[2 - k] = pads[c][2 * k];
          oshape[2 - k] += pads[c][2 * k] + pads[c][2 * k + 1];
        }
        for (int64_t k = 0; k < numel_of(3, oshape); k++) {
          unravel(k, 3, oshape, q);
          bool inside = true;
          for (int d = 0; d < 3; d++) {
            q[d] -= before[d];
            inside &= q[d] >= 0 && q[d] < shape[d];
          }
          want[k] = inside ? av[ravel(3, shape, q)] : -2;
        }
        as_dtype(want, numel_of(3, oshape), all_dtypes[t]);
        st_tensor *out = st_pad(a, npads[c], pads[c], -2);
        if (st_test_shape(__FILE__, __LINE__, out, 3, oshape))
          CHECK_VALUES(out, want, numel_of(3, oshape));
        free(av);
      }
}

TEST(pad_of_0dim_and_to_empty) {
  CHECK_CLOSE(st_pad(st_scalar(ST_F32, 3), 0, NULL, 0), 0, 3);
  CHECK_SHAPE(st_pad(st_ones(ST_F32, ST_SHAPE(2, 3)), 2, (int64_t[]){-2, -1}, 0), 2, 0);
  CHECK_CLOSE(st_pad(st_zeros(ST_F64, ST_SHAPE(0)), 2, (int64_t[]){1, 1}, 7), 0, 7, 7);
}

TEST(pad_errors) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3));
  CHECK_FAILS(!st_pad(a, 3, (int64_t[]){1, 1, 1}, 0), ST_ERR_ARG,
              "st_pad: pad [1, 1, 1] must hold an even number");
  CHECK_FAILS(!st_pad(a, 6, (int64_t[]){1, 1, 1, 1, 1, 1}, 0), ST_ERR_ARG,
              "at most 2 per dim of [2, 3]");
  CHECK_FAILS(!st_pad(a, 2, (int64_t[]){-2, -2}, 0), ST_ERR_ARG,
              "pads (-2, -2) on dim 1 of size 3 give an invalid size");
  CHECK_FAILS(!st_pad(a, 2, (int64_t[]){INT64_MAX, 1}, 0), ST_ERR_ARG, "invalid size");
  CHECK_FAILS(!st_pad(st_zeros(ST_I64, ST_SHAPE(2)), 2, (int64_t[]){1, 1}, NAN), ST_ERR_ARG,
              "value nan does not fit in i64");
  CHECK_FAILS(!st_pad(a, 2, NULL, 0), ST_ERR_ARG, "pad is NULL");
}

TEST(flip_matches_reference) {
  const int64_t shape[] = {2, 3, 4};
  const int dimsets[][3] = {{0}, {2}, {0, -1}, {1, 0, 2}};
  const int ndims[] = {1, 1, 2, 3};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int c = 0; c < 4; c++) {
        st_tensor *a = make(all_dtypes[t], (layout)l, 3, shape, (unsigned)(t + 6 * l + c));
        double *av = tu_values(a), want[24];
        bool flipped[3] = {false, false, false};
        for (int i = 0; i < ndims[c]; i++) flipped[(dimsets[c][i] + 3) % 3] = true;
        int64_t q[3];
        for (int64_t k = 0; k < 24; k++) {
          unravel(k, 3, shape, q);
          for (int d = 0; d < 3; d++)
            if (flipped[d]) q[d] = shape[d] - 1 - q[d];
          want[k] = av[ravel(3, shape, q)];
        }
        CHECK_VALUES(st_flip(a, ndims[c], dimsets[c]), want, 24);
        free(av);
      }
}

TEST(flip_of_0dim_empty_and_no_dims) {
  CHECK_CLOSE(st_flip(st_scalar(ST_F32, 2), 1, (int[]){0}), 0, 2);
  CHECK_SHAPE(st_flip(st_zeros(ST_F32, ST_SHAPE(0, 3)), 2, (int[]){0, 1}), 0, 3);
  st_tensor *a = st_arange(ST_F32, 0, 3, 1), *f = st_flip(a, 0, NULL);
  CHECK_CLOSE(f, 0, 0, 1, 2);
  CHECK(st_data_ptr(f) != st_data_ptr(a));
  CHECK_FAILS(!st_flip(a, 2, (int[]){0, -1}), ST_ERR_ARG, "st_flip: dims [0, -1] repeat dim 0");
  CHECK_FAILS(!st_flip(a, 1, (int[]){1}), ST_ERR_ARG, "st_flip: dim 1 is out of range");
}

TEST(repeat_matches_reference) {
  const int64_t shape[] = {2, 3};
  const int64_t reps[][4] = {{1, 1}, {2, 3}, {3, 1, 2}, {2, 1, 1, 4}, {2, 0}};
  const int nreps[] = {2, 2, 3, 4, 2};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int c = 0; c < 5; c++) {
        st_tensor *a = make(all_dtypes[t], (layout)l, 2, shape, (unsigned)(t + 3 * l));
        double *av = tu_values(a), want[512];
        int n = nreps[c];
        int64_t oshape[4], q[4], s[4];
        for (int d = 0; d < n; d++) {
          s[d] = d < n - 2 ? 1 : shape[d - (n - 2)];
          oshape[d] = s[d] * reps[c][d];
        }
        for (int64_t k = 0; k < numel_of(n, oshape); k++) {
          unravel(k, n, oshape, q);
          for (int d = 0; d < n; d++) q[d] %= s[d];
          want[k] = av[ravel(2, shape, q + n - 2)];
        }
        st_tensor *out = st_repeat(a, n, reps[c]);
        if (st_test_shape(__FILE__, __LINE__, out, n, oshape))
          CHECK_VALUES(out, want, numel_of(n, oshape));
        free(av);
      }
}

TEST(repeat_of_0dim_and_errors) {
  CHECK_CLOSE(st_repeat(st_scalar(ST_I64, 5), 1, (int64_t[]){3}), 0, 5, 5, 5);
  CHECK_EQ_INT(st_ndim(st_repeat(st_scalar(ST_I64, 5), 0, NULL)), 0);
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3));
  CHECK_FAILS(!st_repeat(a, 1, (int64_t[]){2}), ST_ERR_ARG,
              "st_repeat: reps [2] must have 2..16 entries for a tensor of shape [2, 3]");
  CHECK_FAILS(!st_repeat(a, 2, (int64_t[]){2, -1}), ST_ERR_ARG,
              "reps [2, -1] has a negative count at 1");
  CHECK_FAILS(!st_repeat(a, 2, (int64_t[]){INT64_MAX, 1}), ST_ERR_ARG, "overflows");
}

TEST(tril_and_triu_match_reference) {
  const int64_t shape[] = {2, 3, 4};
  for (int t = 0; t < NDTYPES; t++)
    for (int l = 0; l < NLAYOUTS; l++)
      for (int64_t k = -4; k <= 5; k++)
        for (int lower = 0; lower < 2; lower++) {
          st_tensor *a = make(all_dtypes[t], (layout)l, 3, shape, (unsigned)(t + 2 * l));
          double *av = tu_values(a), want[24];
          int64_t q[3];
          for (int64_t i = 0; i < 24; i++) {
            unravel(i, 3, shape, q);
            bool keep = lower ? q[2] - q[1] <= k : q[2] - q[1] >= k;
            want[i] = keep ? av[i] : 0;
          }
          CHECK_VALUES(lower ? st_tril(a, k) : st_triu(a, k), want, 24);
          free(av);
        }
}

TEST(tril_and_triu_extreme_k_and_errors) {
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(2, 2));
  CHECK_CLOSE(st_tril(a, INT64_MAX), 0, 1, 1, 1, 1);
  CHECK_CLOSE(st_tril(a, INT64_MIN), 0, 0, 0, 0, 0);
  CHECK_CLOSE(st_triu(a, INT64_MIN), 0, 1, 1, 1, 1);
  CHECK_CLOSE(st_triu(a, INT64_MAX), 0, 0, 0, 0, 0);
  CHECK_SHAPE(st_triu(st_zeros(ST_F32, ST_SHAPE(0, 3)), 0), 0, 3);
  CHECK_FAILS(!st_tril(st_ones(ST_F32, ST_SHAPE(3)), 0), ST_ERR_ARG,
              "st_tril: needs at least 2 dims, got shape [3]");
  CHECK_FAILS(!st_triu(st_scalar(ST_F32, 1), 0), ST_ERR_ARG,
              "st_triu: needs at least 2 dims, got shape []");
}

TEST(large_copies_match_on_several_threads) {
  /* Big enough for the threaded paths of index_select, gather and tril. */
  enum { R = 300, C = 200 };
  st_set_num_threads(4);
  st_tensor *a = st_reshape(st_arange(ST_F32, 0, R * C, 1), ST_SHAPE(R, C));
  int64_t *iv = malloc(sizeof(int64_t) * R * C);
  double *want = malloc(sizeof(double) * R * C);
  for (int i = 0; i < R; i++) iv[i] = R - 1 - i;
  for (int i = 0; i < R * C; i++) want[i] = (R - 1 - i / C) * C + i % C;
  CHECK_VALUES(st_index_select(a, 0, st_from_data(ST_I64, ST_SHAPE(R), iv)), want, R * C);
  for (int i = 0; i < R * C; i++) iv[i] = (i % C * 7 + i / C) % C;
  for (int i = 0; i < R * C; i++) want[i] = i / C * C + iv[i];
  CHECK_VALUES(st_gather(a, 1, st_from_data(ST_I64, ST_SHAPE(R, C), iv)), want, R * C);
  for (int i = 0; i < R * C; i++) want[i] = i % C - i / C <= 3 ? i : 0;
  CHECK_VALUES(st_tril(a, 3), want, R * C);
  free(iv);
  free(want);
  st_set_num_threads(0);
}

/* ========================================================================= allocation failure */

TEST(allocation_failure_is_clean_for_shape_ops) {
  st_tensor *a = st_reshape(st_arange(ST_F64, 0, 24, 1), ST_SHAPE(2, 3, 4));
  st_tensor *t = st_transpose(a, 0, 2);
  st_tensor *i1 = st_from_data(ST_I64, ST_SHAPE(2), (int64_t[]){1, 0});
  st_tensor *ig = st_zeros(ST_I64, ST_SHAPE(2, 3, 4));
  for (int op = 0; op < 12; op++)
    for (int n = 1; n <= 6; n++) {
      st_tensor *pieces[4] = {NULL, NULL, NULL, NULL}, *r = NULL;
      int count = 0;
      st_debug_fail_alloc_after(n);
      switch (op) {
      case 0: r = st_reshape(t, ST_SHAPE(24)); break;
      case 1: r = st_cat(2, (st_tensor *[]){t, t}, 0); break;
      case 2: r = st_stack(2, (st_tensor *[]){a, a}, 1); break;
      case 3: r = st_index_select(t, 0, i1); break;
      case 4: r = st_gather(a, 1, ig); break;
      case 5: r = st_scatter_add(a, 0, ig, a); break;
      case 6: r = st_pad(t, 2, (int64_t[]){1, 1}, 0); break;
      case 7: r = st_flip(t, 1, (int[]){0}); break;
      case 8: r = st_repeat(t, 3, (int64_t[]){1, 2, 1}); break;
      case 9: r = st_tril(t, 0); break;
      case 10: count = st_split(a, 1, 0, 4, pieces); break;
      default: count = st_chunk(a, 3, 1, 4, pieces); break;
      }
      st_debug_fail_alloc_after(0);
      bool failed = op < 10 ? r == NULL : count < 0;
      if (failed) {
        CHECK(st_last_status() == ST_ERR_OOM);
        for (int k = 0; k < 4; k++) CHECK(pieces[k] == NULL);
      }
      st_clear_error();
      st_release(r);
      for (int k = 0; k < count; k++) st_release(pieces[k]);
    }
}
