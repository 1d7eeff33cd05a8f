/* test_linalg.c — matmul, mm, bmm, dot, outer and linear against naive double references, in
   every rank combination and layout (contiguous, non-contiguous, stride-0 broadcast, size 0),
   f32/f64/i64, with their errors and allocation failures. */
#include "test.h"
#include "util.h"

static double tol_of(st_dtype dt) { return dt == ST_F32 ? 1e-5 : dt == ST_F64 ? 1e-12 : 0; }

/* torch.matmul on row-major doubles, from its documented rules: a 1-D left operand is a row
   [1, k] whose dim is dropped from the result, a 1-D right operand a column [k, 1]; dims before
   the last two are batch dims that broadcast. Writes the output shape to so; returns its ndim. */
static int ref_matmul(int na, const int64_t *sa, const double *a, int nb, const int64_t *sb,
                      const double *b, int64_t *so, double *out) {
  int64_t m = na == 1 ? 1 : sa[na - 2], k = sa[na - 1], n = nb == 1 ? 1 : sb[nb - 1];
  int ba = na > 2 ? na - 2 : 0, bb = nb > 2 ? nb - 2 : 0, nbat = ba > bb ? ba : bb, nd = 0;
  int64_t bshape[ST_MAX_DIMS], batches = 1;
  for (int d = 0; d < nbat; d++) {
    int64_t x = d - (nbat - ba) >= 0 ? sa[d - (nbat - ba)] : 1,
            y = d - (nbat - bb) >= 0 ? sb[d - (nbat - bb)] : 1;
    so[nd++] = bshape[d] = x == 1 ? y : x;
    batches *= bshape[d];
  }
  if (na > 1) so[nd++] = m;
  if (nb > 1) so[nd++] = n;
  for (int64_t t = 0; t < batches; t++) {
    int64_t ia = 0, ib = 0, rest = t, idx[ST_MAX_DIMS];
    for (int d = nbat - 1; d >= 0; d--) idx[d] = rest % bshape[d], rest /= bshape[d];
    for (int d = 0; d < nbat; d++) { /* each operand's own row-major batch index */
      int da = d - (nbat - ba), db = d - (nbat - bb);
      if (da >= 0) ia = ia * sa[da] + (sa[da] == 1 ? 0 : idx[d]);
      if (db >= 0) ib = ib * sb[db] + (sb[db] == 1 ? 0 : idx[d]);
    }
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        double s = 0;
        for (int64_t p = 0; p < k; p++) s += a[ia * m * k + i * k + p] * b[ib * k * n + p * n + j];
        out[t * m * n + i * n + j] = s;
      }
  }
  return nd;
}

static double *random_values(int ndim, const int64_t *shape, st_dtype dt, unsigned seed) {
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
  tu_fill(v, n, -1, 1, seed);
  if (dt == ST_I64)
    for (int64_t i = 0; i < n; i++) v[i] = floor(v[i] * 10);
  return v;
}

static st_tensor *make(int layout, st_dtype dt, int ndim, const int64_t *shape, const double *v) {
  return layout ? tu_noncontig(dt, ndim, shape, v) : tu_tensor(dt, ndim, shape, v);
}

/* st_matmul(a, b) for a of shape sa and b of shape sb against ref_matmul; layout bit 0 makes a
   non-contiguous, bit 1 b. */
static void check_matmul(const char *file, int line, st_dtype dt, int layout, int na,
                         const int64_t *sa, int nb, const int64_t *sb) {
  double *va = random_values(na, sa, dt, 11), *vb = random_values(nb, sb, dt, 12);
  int64_t so[ST_MAX_DIMS], numel = 1;
  double *want = malloc(sizeof(double) * 4096);
  int nd = ref_matmul(na, sa, va, nb, sb, vb, so, want);
  for (int d = 0; d < nd; d++) numel *= so[d];
  st_tensor *r = st_matmul(make(layout & 1, dt, na, sa, va), make(layout >> 1, dt, nb, sb, vb));
  if (st_test_shape(file, line, r, nd, so)) st_test_close(file, line, r, want, numel, tol_of(dt));
  if (r && st_dtype_of(r) != dt)
    st_test_fail(file, line, "dtype %s, expected %s", st_dtype_name(st_dtype_of(r)),
                 st_dtype_name(dt));
  free(va), free(vb), free(want);
}
#define CHECK_MATMUL(dt, layout, sa, sb) check_matmul(__FILE__, __LINE__, dt, layout, sa, sb)

/* Every rank combination from 1-D to 4-D, broadcast batch dims and size-0 dims. */
static void matmul_rank_cases(st_dtype dt, int layout) {
  CHECK_MATMUL(dt, layout, ST_SHAPE(5), ST_SHAPE(5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(4), ST_SHAPE(4, 3));
  CHECK_MATMUL(dt, layout, ST_SHAPE(3, 4), ST_SHAPE(4));
  CHECK_MATMUL(dt, layout, ST_SHAPE(3, 4), ST_SHAPE(4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 3, 4), ST_SHAPE(2, 4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 3, 4), ST_SHAPE(4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(3, 4), ST_SHAPE(2, 4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(4), ST_SHAPE(2, 4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 3, 4), ST_SHAPE(4));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 1, 3, 4), ST_SHAPE(3, 4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 1, 3, 4), ST_SHAPE(1, 3, 4, 2));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 2, 3, 4), ST_SHAPE(4));
  CHECK_MATMUL(dt, layout, ST_SHAPE(4), ST_SHAPE(2, 3, 4, 2));
  CHECK_MATMUL(dt, layout, ST_SHAPE(3, 1, 4), ST_SHAPE(4, 6));
  CHECK_MATMUL(dt, layout, ST_SHAPE(1, 2, 1, 7), ST_SHAPE(3, 1, 7, 2));
  CHECK_MATMUL(dt, layout, ST_SHAPE(0, 4), ST_SHAPE(4, 3));
  CHECK_MATMUL(dt, layout, ST_SHAPE(3, 0), ST_SHAPE(0, 2)); /* k = 0: zeros */
  CHECK_MATMUL(dt, layout, ST_SHAPE(0), ST_SHAPE(0));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 0, 3, 4), ST_SHAPE(4, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(2, 3, 0), ST_SHAPE(2, 0, 5));
  CHECK_MATMUL(dt, layout, ST_SHAPE(4, 9, 20), ST_SHAPE(20, 17)); /* folds into one GEMM */
}

TEST(matmul_2x2_values) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  CHECK_CLOSE(st_matmul(a, a), 0, 7, 10, 15, 22);
}

TEST(matmul_every_rank_combination_f32) {
  for (int layout = 0; layout < 4; layout++) matmul_rank_cases(ST_F32, layout);
}
TEST(matmul_every_rank_combination_f64) {
  for (int layout = 0; layout < 4; layout++) matmul_rank_cases(ST_F64, layout);
}
TEST(matmul_every_rank_combination_i64) {
  matmul_rank_cases(ST_I64, 0);
  matmul_rank_cases(ST_I64, 3);
}

TEST(matmul_broadcast_views_with_zero_strides) {
  double va[12], vb[40], want[2 * 3 * 5], rows_want[3 * 5];
  tu_fill(va, 12, -1, 1, 1), tu_fill(vb, 40, -1, 1, 2);
  int64_t so[3];
  for (int dt = ST_F32; dt <= ST_F64; dt++) {
    /* a's batch dim is stride 0: both batches multiply the same [3, 4] */
    st_tensor *a = tu_broadcast(tu_tensor(dt, ST_SHAPE(3, 4), va), ST_SHAPE(2, 3, 4));
    ref_matmul(ST_SHAPE(3, 4), va, ST_SHAPE(2, 4, 5), vb, so, want);
    st_test_close(__FILE__, __LINE__, st_matmul(a, tu_tensor(dt, ST_SHAPE(2, 4, 5), vb)), want, 30,
                  tol_of(dt));
    /* a row broadcast down the rows (row stride 0): every output row is the same */
    st_tensor *rows = tu_broadcast(tu_tensor(dt, ST_SHAPE(4), va), ST_SHAPE(3, 4));
    ref_matmul(ST_SHAPE(4), va, ST_SHAPE(4, 5), vb, so, want);
    for (int i = 0; i < 15; i++) rows_want[i] = want[i % 5];
    st_test_close(__FILE__, __LINE__, st_matmul(rows, tu_tensor(dt, ST_SHAPE(4, 5), vb)), rows_want,
                  15, tol_of(dt));
    /* both batch dims broadcast: [2, 1, 3, 4] against [1, 2, 4, 5] views */
    st_tensor *a4 = tu_broadcast(tu_tensor(dt, ST_SHAPE(3, 4), va), ST_SHAPE(2, 1, 3, 4));
    st_tensor *b4 = tu_broadcast(tu_tensor(dt, ST_SHAPE(4, 5), vb), ST_SHAPE(1, 2, 4, 5));
    ref_matmul(ST_SHAPE(3, 4), va, ST_SHAPE(4, 5), vb, so, want);
    st_tensor *r = st_matmul(a4, b4);
    CHECK_SHAPE(r, 2, 2, 3, 5);
    double *got = tu_values(r);
    for (int i = 0; r && i < 60; i++) CHECK_NEAR(got[i], want[i % 15], tol_of(dt));
    free(got);
  }
}

TEST(matmul_batched_small_matrices_in_parallel_match_one_thread) {
  enum { B = 64, N = 16 };
  double *va = malloc(sizeof(double) * B * N * N), *vb = malloc(sizeof(double) * B * N * N);
  double *want = malloc(sizeof(double) * B * N * N);
  tu_fill(va, B * N * N, -1, 1, 21), tu_fill(vb, B * N * N, -1, 1, 22);
  st_tensor *a = tu_tensor(ST_F32, ST_SHAPE(B, N, N), va);
  st_tensor *b = tu_noncontig(ST_F32, ST_SHAPE(B, N, N), vb); /* no fold: one GEMM per batch */
  st_set_num_threads(1);
  st_tensor *r1 = st_matmul(a, b);
  st_set_num_threads(2);
  st_tensor *r2 = st_matmul(a, b);
  st_set_num_threads(0);
  double *v1 = tu_values(r1), *v2 = tu_values(r2);
  int64_t so[3];
  ref_matmul(ST_SHAPE(B, N, N), va, ST_SHAPE(B, N, N), vb, so, want);
  CHECK(memcmp(v1, v2, sizeof(double) * B * N * N) == 0);
  st_test_close(__FILE__, __LINE__, r1, want, B * N * N, 1e-5);
  free(v1), free(v2), free(va), free(vb), free(want);
}

TEST(matmul_large_transposed_operands) { /* above the threading threshold, no copies */
  double *va = malloc(sizeof(double) * 120 * 130), *vb = malloc(sizeof(double) * 130 * 140);
  double *want = malloc(sizeof(double) * 120 * 140);
  tu_fill(va, 120 * 130, -1, 1, 23), tu_fill(vb, 130 * 140, -1, 1, 24);
  int64_t so[2];
  ref_matmul(ST_SHAPE(120, 130), va, ST_SHAPE(130, 140), vb, so, want);
  for (int dt = ST_F32; dt <= ST_F64; dt++) { /* column-major layouts: transposed views */
    st_tensor *r = st_matmul(tu_noncontig(dt, ST_SHAPE(120, 130), va),
                             tu_noncontig(dt, ST_SHAPE(130, 140), vb));
    CHECK_SHAPE(r, 120, 140);
    st_test_close(__FILE__, __LINE__, r, want, 120 * 140, tol_of(dt));
  }
  free(va), free(vb), free(want);
}

/* torch refuses mixed dtypes in matmul ("expected m1 and m2 to have the same dtype, but got:
   float != double", and the like for i64 @ f32 and i64 @ bool); torch.outer promotes. */
TEST(matmul_refuses_mixed_dtypes_outer_promotes) {
  st_tensor *a32 = tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *b64 = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){0.5, 0.25});
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2, 2), (double[]){1, 0, 0, 1});
  st_tensor *flags = tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 1});
  CHECK_FAILS(!st_matmul(a32, b64), ST_ERR_DTYPE,
              "st_matmul: expected both operands to have the same dtype, but got f32 and f64");
  CHECK_FAILS(!st_matmul(i, a32), ST_ERR_DTYPE, "got i64 and f32");
  CHECK_FAILS(!st_matmul(i, flags), ST_ERR_DTYPE, "got i64 and bool");
  st_tensor *r = st_matmul(i, st_to_dtype(flags, ST_I64));
  CHECK(st_dtype_of(r) == ST_I64);
  CHECK_CLOSE(r, 0, 1, 1);
  r = st_outer(st_select(a32, 0, 1), b64);
  CHECK(st_dtype_of(r) == ST_F64);
  CHECK_CLOSE(r, 1e-12, 1.5, 0.75, 2, 1);
  CHECK_FAILS(!st_matmul(flags, flags), ST_ERR_DTYPE, "st_matmul: bool tensors are not supported");
}

TEST(matmul_errors_name_the_shapes) {
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(3, 4)), *b = st_ones(ST_F32, ST_SHAPE(5, 6));
  CHECK_FAILS(!st_matmul(a, b), ST_ERR_SHAPE,
              "st_matmul: cannot multiply [3, 4] by [5, 6] (4 != 5)");
  CHECK_FAILS(!st_matmul(st_ones(ST_F32, ST_SHAPE(3)), st_ones(ST_F32, ST_SHAPE(4))), ST_ERR_SHAPE,
              "st_matmul: cannot multiply [3] by [4] (3 != 4)");
  CHECK_FAILS(!st_matmul(st_scalar(ST_F32, 1), st_ones(ST_F32, ST_SHAPE(3))), ST_ERR_SHAPE,
              "st_matmul: expected tensors with at least 1 dim, got [] and [3]");
  CHECK_FAILS(!st_matmul(st_ones(ST_F32, ST_SHAPE(2, 3, 4)), st_ones(ST_F32, ST_SHAPE(3, 4, 5))),
              ST_ERR_SHAPE,
              "st_matmul: batch dims of [2, 3, 4] and [3, 4, 5] cannot be broadcast (2 vs 3)");
  CHECK_FAILS(!st_matmul(a, NULL), ST_ERR_ARG, "st_matmul: argument 2 is NULL");
  CHECK_FAILS(!st_matmul(NULL, a), ST_ERR_ARG, "st_matmul: argument 1 is NULL");
}

/* ------------------------------------------------------------------------------- mm, bmm */

TEST(mm_matches_reference_in_every_layout) {
  double va[3 * 4], vb[4 * 5], want[15];
  tu_fill(va, 12, -1, 1, 3), tu_fill(vb, 20, -1, 1, 4);
  int64_t so[2];
  ref_matmul(ST_SHAPE(3, 4), va, ST_SHAPE(4, 5), vb, so, want);
  for (int dt = ST_F32; dt <= ST_F64; dt++)
    for (int layout = 0; layout < 4; layout++) {
      st_tensor *r = st_mm(make(layout & 1, dt, ST_SHAPE(3, 4), va),
                           make(layout >> 1, dt, ST_SHAPE(4, 5), vb));
      CHECK_SHAPE(r, 3, 5);
      st_test_close(__FILE__, __LINE__, r, want, 15, tol_of(dt));
    }
}

TEST(mm_rejects_other_ranks) {
  CHECK_FAILS(!st_mm(st_ones(ST_F32, ST_SHAPE(3)), st_ones(ST_F32, ST_SHAPE(3, 4))), ST_ERR_SHAPE,
              "st_mm: expected 2-D tensors, got [3] and [3, 4]");
  CHECK_FAILS(!st_mm(st_ones(ST_F32, ST_SHAPE(2, 3)), st_ones(ST_F32, ST_SHAPE(4, 5))),
              ST_ERR_SHAPE, "st_mm: cannot multiply [2, 3] by [4, 5] (3 != 4)");
  CHECK_FAILS(!st_mm(NULL, st_ones(ST_F32, ST_SHAPE(4, 5))), ST_ERR_ARG,
              "st_mm: argument 1 is NULL");
}

TEST(bmm_matches_reference) {
  double va[2 * 3 * 4], vb[2 * 4 * 5], want[2 * 3 * 5];
  tu_fill(va, 24, -1, 1, 5), tu_fill(vb, 40, -1, 1, 6);
  int64_t so[3];
  ref_matmul(ST_SHAPE(2, 3, 4), va, ST_SHAPE(2, 4, 5), vb, so, want);
  for (int dt = ST_F32; dt <= ST_F64; dt++)
    for (int layout = 0; layout < 4; layout++) {
      st_tensor *r = st_bmm(make(layout & 1, dt, ST_SHAPE(2, 3, 4), va),
                            make(layout >> 1, dt, ST_SHAPE(2, 4, 5), vb));
      CHECK_SHAPE(r, 2, 3, 5);
      st_test_close(__FILE__, __LINE__, r, want, 30, tol_of(dt));
    }
  CHECK_SHAPE(st_bmm(st_ones(ST_F32, ST_SHAPE(0, 3, 4)), st_ones(ST_F32, ST_SHAPE(0, 4, 5))), 0, 3,
              5);
}

TEST(bmm_rejects_bad_shapes) {
  CHECK_FAILS(!st_bmm(st_ones(ST_F32, ST_SHAPE(2, 3)), st_ones(ST_F32, ST_SHAPE(2, 3, 4))),
              ST_ERR_SHAPE, "st_bmm: expected 3-D tensors, got [2, 3] and [2, 3, 4]");
  CHECK_FAILS(!st_bmm(st_ones(ST_F32, ST_SHAPE(2, 3, 4)), st_ones(ST_F32, ST_SHAPE(1, 4, 5))),
              ST_ERR_SHAPE, "st_bmm: batch sizes of [2, 3, 4] and [1, 4, 5] differ (2 != 1)");
  CHECK_FAILS(!st_bmm(st_ones(ST_F32, ST_SHAPE(2, 3, 4)), st_ones(ST_F32, ST_SHAPE(2, 5, 6))),
              ST_ERR_SHAPE, "st_bmm: cannot multiply [2, 3, 4] by [2, 5, 6] (4 != 5)");
}

/* ----------------------------------------------------------------------------- dot, outer */

TEST(dot_matches_reference) {
  double va[37], vb[37], want = 0;
  tu_fill(va, 37, -1, 1, 7), tu_fill(vb, 37, -1, 1, 8);
  for (int i = 0; i < 37; i++) want += va[i] * vb[i];
  for (int dt = ST_F32; dt <= ST_F64; dt++)
    for (int layout = 0; layout < 4; layout++) {
      st_tensor *r =
          st_dot(make(layout & 1, dt, ST_SHAPE(37), va), make(layout >> 1, dt, ST_SHAPE(37), vb));
      CHECK_EQ_INT(st_ndim(r), 0);
      CHECK_NEAR(st_item(r), want, tol_of(dt));
    }
  double sum = 0;
  for (int i = 0; i < 37; i++) sum += vb[i];
  st_tensor *ones = tu_broadcast(tu_tensor(ST_F64, ST_SHAPE(1), (double[]){1}), ST_SHAPE(37));
  CHECK_NEAR(st_item(st_dot(ones, tu_tensor(ST_F64, ST_SHAPE(37), vb))), sum, 1e-12);
  CHECK_CLOSE(st_dot(tu_tensor(ST_I64, ST_SHAPE(3), (double[]){1, 2, 3}),
                     tu_tensor(ST_I64, ST_SHAPE(3), (double[]){4, 5, 6})),
              0, 32);
  CHECK_CLOSE(st_dot(st_zeros(ST_F32, ST_SHAPE(0)), st_zeros(ST_F32, ST_SHAPE(0))), 0, 0);
}

TEST(dot_rejects_bad_shapes) {
  CHECK_FAILS(!st_dot(st_ones(ST_F32, ST_SHAPE(3)), st_ones(ST_F32, ST_SHAPE(4))), ST_ERR_SHAPE,
              "st_dot: cannot multiply [3] by [4] (3 != 4)");
  CHECK_FAILS(!st_dot(st_ones(ST_F32, ST_SHAPE(2, 2)), st_ones(ST_F32, ST_SHAPE(4))), ST_ERR_SHAPE,
              "st_dot: expected 1-D tensors, got [2, 2] and [4]");
  CHECK_FAILS(!st_dot(st_ones(ST_F32, ST_SHAPE(3)), NULL), ST_ERR_ARG,
              "st_dot: argument 2 is NULL");
}

TEST(outer_matches_reference) {
  double va[5], vb[7], want[35];
  tu_fill(va, 5, -1, 1, 9), tu_fill(vb, 7, -1, 1, 10);
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++) want[i * 7 + j] = va[i] * vb[j];
  for (int dt = ST_F32; dt <= ST_I64; dt++)
    for (int layout = 0; layout < 4; layout++) {
      st_tensor *r =
          st_outer(make(layout & 1, dt, ST_SHAPE(5), va), make(layout >> 1, dt, ST_SHAPE(7), vb));
      CHECK_SHAPE(r, 5, 7);
      if (dt != ST_I64) st_test_close(__FILE__, __LINE__, r, want, 35, tol_of(dt));
    }
  CHECK_SHAPE(st_outer(st_ones(ST_F32, ST_SHAPE(0)), st_ones(ST_F32, ST_SHAPE(3))), 0, 3);
  st_tensor *twos = tu_broadcast(tu_tensor(ST_F64, ST_SHAPE(1), (double[]){2}), ST_SHAPE(3));
  CHECK_CLOSE(st_outer(twos, tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 3})), 0, 2, 6, 2, 6, 2,
              6);
}

TEST(outer_rejects_bad_shapes) {
  CHECK_FAILS(!st_outer(st_scalar(ST_F32, 1), st_ones(ST_F32, ST_SHAPE(3))), ST_ERR_SHAPE,
              "st_outer: expected 1-D tensors, got [] and [3]");
  CHECK_FAILS(!st_outer(st_ones(ST_BOOL, ST_SHAPE(2)), st_ones(ST_BOOL, ST_SHAPE(3))), ST_ERR_DTYPE,
              "st_outer: bool");
}

/* --------------------------------------------------------------------------------- linear */

/* x [rows, in] W^T + b, rows-major doubles. */
static void ref_linear(int64_t rows, int64_t in, int64_t out, const double *x, const double *w,
                       const double *b, double *y) {
  for (int64_t r = 0; r < rows; r++)
    for (int64_t o = 0; o < out; o++) {
      double s = b ? b[o] : 0;
      for (int64_t i = 0; i < in; i++) s += x[r * in + i] * w[o * in + i];
      y[r * out + o] = s;
    }
}

TEST(linear_with_and_without_bias_matches_reference) {
  double vx[2 * 3 * 6], vw[4 * 6], vb[4], want[2 * 3 * 4];
  tu_fill(vx, 36, -1, 1, 13), tu_fill(vw, 24, -1, 1, 14), tu_fill(vb, 4, -1, 1, 15);
  for (int dt = ST_F32; dt <= ST_F64; dt++)
    for (int layout = 0; layout < 4; layout++)
      for (int with_bias = 0; with_bias < 2; with_bias++) {
        st_tensor *x = make(layout & 1, dt, ST_SHAPE(2, 3, 6), vx),
                  *w = make(layout >> 1, dt, ST_SHAPE(4, 6), vw);
        st_tensor *b = with_bias ? make(layout & 1, dt, ST_SHAPE(4), vb) : NULL;
        ref_linear(6, 6, 4, vx, vw, with_bias ? vb : NULL, want);
        st_tensor *r = st_linear(x, w, b);
        CHECK_SHAPE(r, 2, 3, 4);
        st_test_close(__FILE__, __LINE__, r, want, 24, tol_of(dt));
        r = st_linear(make(layout & 1, dt, ST_SHAPE(6), vx), w, b); /* 1-D input: [out] */
        CHECK_SHAPE(r, 4);
        st_test_close(__FILE__, __LINE__, r, want, 4, tol_of(dt));
      }
}

TEST(linear_broadcast_bias_and_empty_inputs) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *w = tu_tensor(ST_F32, ST_SHAPE(3, 2), (double[]){1, 0, 0, 1, 1, 1});
  st_tensor *b = tu_broadcast(tu_tensor(ST_F32, ST_SHAPE(1), (double[]){10}), ST_SHAPE(3));
  CHECK_CLOSE(st_linear(x, w, b), 0, 11, 12, 13, 13, 14, 17);
  CHECK_SHAPE(st_linear(st_ones(ST_F32, ST_SHAPE(0, 2)), w, b), 0, 3);
  /* in = 0: the output is the bias */
  CHECK_CLOSE(st_linear(st_ones(ST_F64, ST_SHAPE(2, 0)), st_ones(ST_F64, ST_SHAPE(3, 0)),
                        st_ones(ST_F64, ST_SHAPE(3))),
              0, 1, 1, 1, 1, 1, 1);
  CHECK_FAILS(!st_linear(x, st_to_dtype(w, ST_F64), NULL), ST_ERR_DTYPE, /* as torch */
              "st_linear: expected both operands to have the same dtype, but got f32 and f64");
}

TEST(linear_rejects_bad_shapes) {
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(2, 3)), *w = st_ones(ST_F32, ST_SHAPE(4, 3));
  CHECK_FAILS(!st_linear(x, st_ones(ST_F32, ST_SHAPE(4, 5)), NULL), ST_ERR_SHAPE,
              "st_linear: input [2, 3] has 3 features but weight [4, 5] expects 5");
  CHECK_FAILS(!st_linear(x, st_ones(ST_F32, ST_SHAPE(3)), NULL), ST_ERR_SHAPE,
              "st_linear: weight must be 2-D [out, in], got [3]");
  CHECK_FAILS(!st_linear(x, w, st_ones(ST_F32, ST_SHAPE(3))), ST_ERR_SHAPE,
              "st_linear: bias must be [4] to match weight [4, 3], got [3]");
  CHECK_FAILS(!st_linear(st_scalar(ST_F32, 1), w, NULL), ST_ERR_SHAPE,
              "st_linear: input must have at least 1 dim");
  CHECK_FAILS(!st_linear(NULL, w, NULL), ST_ERR_ARG, "st_linear: argument 1 is NULL");
  CHECK_FAILS(!st_linear(x, NULL, NULL), ST_ERR_ARG, "st_linear: argument 2 is NULL");
  CHECK_FAILS(!st_linear(st_ones(ST_BOOL, ST_SHAPE(2, 3)), st_ones(ST_BOOL, ST_SHAPE(4, 3)), NULL),
              ST_ERR_DTYPE, "st_linear: bool tensors are not supported");
}

/* ------------------------------------------------------------------------ allocation failure */

TEST(linalg_allocation_failure_fails_cleanly) {
  double *v = malloc(sizeof(double) * 3 * 64 * 64);
  tu_fill(v, 3 * 64 * 64, -1, 1, 31);
  st_tensor *a = tu_tensor(ST_F32, ST_SHAPE(64, 64), v),
            *b = tu_tensor(ST_F32, ST_SHAPE(3, 64, 64), v);
  st_tensor *bt = tu_noncontig(ST_F32, ST_SHAPE(3, 64, 64), v); /* one GEMM per batch */
  st_tensor *b64 = tu_tensor(ST_F64, ST_SHAPE(64), v), *bias = tu_tensor(ST_F32, ST_SHAPE(64), v);
  free(v);
  for (int64_t n = 1; n <= 8; n++)
    for (int op = 0; op < 5; op++) {
      st_debug_fail_alloc_after(n);
      st_tensor *r = op == 0   ? st_matmul(a, a)
                     : op == 1 ? st_matmul(b, bt)
                     : op == 2 ? st_outer(bias, b64) /* converts bias to f64 first */
                     : op == 3 ? st_linear(b, a, bias)
                               : st_bmm(b, bt);
      st_debug_fail_alloc_after(0);
      if (!r)
        CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);
      else
        CHECK_EQ_INT(st_numel(r), op == 0 || op == 2 ? 64 * 64 : 3 * 64 * 64);
      st_release(r);
      st_clear_error();
    }
}
