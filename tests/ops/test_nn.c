/* test_nn.c — the nn ops against naive double-precision references: softmax, losses,
   layer_norm, dropout, embedding, conv2d and pooling, their errors and allocation failures. */
#include <time.h>

#include "test.h"
#include "util.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define CHECK_ARRAY(t, want, n, tol) st_test_close(__FILE__, __LINE__, (t), (want), (n), (tol))
#define MAXN 8192

static const st_dtype float_types[2] = {ST_F32, ST_F64};
static double tol_of(st_dtype dt) { return dt == ST_F32 ? 1e-5 : 1e-12; }

/* Random values in [lo, hi), rounded to dt so that the reference sees what the tensor holds. */
static void fill_as(st_dtype dt, double *v, int64_t n, double lo, double hi, unsigned seed) {
  tu_fill(v, n, lo, hi, seed);
  for (int64_t i = 0; dt == ST_F32 && i < n; i++) v[i] = (float)v[i];
}

static st_tensor *make(st_dtype dt, bool noncontig, int ndim, const int64_t *shape,
                       const double *v) {
  return noncontig ? tu_noncontig(dt, ndim, shape, v) : tu_tensor(dt, ndim, shape, v);
}

/* ----------------------------------------------------------------------------- references */

/* softmax or log_softmax of row-major x along dim. */
static void ref_softmax(const double *x, int ndim, const int64_t *shape, int dim, bool take_log,
                        double *y) {
  int64_t outer = 1, n = shape[dim], inner = 1;
  for (int d = 0; d < dim; d++) outer *= shape[d];
  for (int d = dim + 1; d < ndim; d++) inner *= shape[d];
  for (int64_t o = 0; o < outer; o++)
    for (int64_t j = 0; j < inner; j++) {
      const double *xs = x + o * n * inner + j;
      double m = -INFINITY, s = 0;
      for (int64_t i = 0; i < n; i++) m = fmax(m, xs[i * inner]);
      for (int64_t i = 0; i < n; i++) s += exp(xs[i * inner] - m);
      for (int64_t i = 0; i < n; i++) {
        double v = xs[i * inner] - m;
        y[o * n * inner + j + i * inner] = take_log ? v - log(s) : exp(v) / s;
      }
    }
}

static double ref_reduce(const double *loss, int64_t n, st_reduction r) {
  double s = 0;
  for (int64_t i = 0; i < n; i++) s += loss[i];
  return r == ST_REDUCTION_MEAN ? s / (double)n : s;
}

typedef struct {
  int64_t n, c, h, w, o, kh, kw, stride[2], pad[2], dil[2], groups;
  bool bias;
} conv_case;

static int64_t conv_out(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d) {
  return (in + 2 * p - d * (k - 1) - 1) / s + 1;
}

/* The direct definition: y[n,o,oy,ox] = b[o] + sum over the group's channels and the kernel. */
static void ref_conv2d(const conv_case *k, const double *x, const double *w, const double *b,
                       double *y) {
  int64_t oh = conv_out(k->h, k->kh, k->stride[0], k->pad[0], k->dil[0]);
  int64_t ow = conv_out(k->w, k->kw, k->stride[1], k->pad[1], k->dil[1]);
  int64_t cg = k->c / k->groups, og = k->o / k->groups;
  for (int64_t n = 0; n < k->n; n++)
    for (int64_t o = 0; o < k->o; o++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          double acc = k->bias ? b[o] : 0;
          for (int64_t ci = 0; ci < cg; ci++)
            for (int64_t i = 0; i < k->kh; i++)
              for (int64_t j = 0; j < k->kw; j++) {
                int64_t ih = oy * k->stride[0] - k->pad[0] + i * k->dil[0];
                int64_t iw = ox * k->stride[1] - k->pad[1] + j * k->dil[1];
                if (ih < 0 || ih >= k->h || iw < 0 || iw >= k->w) continue;
                int64_t c = o / og * cg + ci;
                acc += x[((n * k->c + c) * k->h + ih) * k->w + iw] *
                       w[((o * cg + ci) * k->kh + i) * k->kw + j];
              }
          y[((n * k->o + o) * oh + oy) * ow + ox] = acc;
        }
}

typedef struct {
  int64_t n, c, h, w, kernel[2], stride[2], pad[2];
} pool_case;

/* Max (padding is -inf) or mean with the whole window as divisor (count_include_pad). */
static void ref_pool(const pool_case *k, const double *x, bool max, double *y) {
  int64_t oh = (k->h + 2 * k->pad[0] - k->kernel[0]) / k->stride[0] + 1;
  int64_t ow = (k->w + 2 * k->pad[1] - k->kernel[1]) / k->stride[1] + 1;
  for (int64_t p = 0; p < k->n * k->c; p++)
    for (int64_t oy = 0; oy < oh; oy++)
      for (int64_t ox = 0; ox < ow; ox++) {
        double acc = max ? -INFINITY : 0;
        for (int64_t i = 0; i < k->kernel[0]; i++)
          for (int64_t j = 0; j < k->kernel[1]; j++) {
            int64_t ih = oy * k->stride[0] - k->pad[0] + i, iw = ox * k->stride[1] - k->pad[1] + j;
            if (ih < 0 || ih >= k->h || iw < 0 || iw >= k->w) continue;
            double v = x[(p * k->h + ih) * k->w + iw];
            acc = max ? fmax(acc, v) : acc + v;
          }
        y[(p * oh + oy) * ow + ox] = max ? acc : acc / (double)(k->kernel[0] * k->kernel[1]);
      }
}

/* -------------------------------------------------------------------------------- softmax */

static void check_softmax_dims(bool log) {
  static double x[MAXN], want[MAXN];
  const int64_t shape[3] = {3, 20, 70}; /* rows of 70 (lanes + tail), column blocks of 64 + 6 */
  for (int t = 0; t < 2; t++)
    for (int nc = 0; nc < 2; nc++) {
      st_dtype dt = float_types[t];
      fill_as(dt, x, 4200, -4, 4, 1);
      st_tensor *a = make(dt, nc, 3, shape, x);
      for (int dim = -1; dim < 3; dim++) {
        ref_softmax(x, 3, shape, dim < 0 ? 2 : dim, log, want);
        st_tensor *y = log ? st_log_softmax(a, dim) : st_softmax(a, dim);
        CHECK_SHAPE(y, 3, 20, 70);
        CHECK(st_dtype_of(y) == dt);
        CHECK_ARRAY(y, want, 4200, tol_of(dt));
      }
    }
}

TEST(softmax_matches_reference_along_every_dim) { check_softmax_dims(false); }
TEST(log_softmax_matches_reference_along_every_dim) { check_softmax_dims(true); }

TEST(softmax_of_large_values_does_not_overflow) {
  double x[6] = {1000, 1001, 1002, -1000, -1001, -1002}, want[6];
  for (int t = 0; t < 2; t++) {
    st_tensor *a = tu_tensor(float_types[t], ST_SHAPE(2, 3), x);
    ref_softmax(x, 2, (int64_t[]){2, 3}, 1, false, want);
    CHECK_ARRAY(st_softmax(a, 1), want, 6, tol_of(float_types[t]));
    ref_softmax(x, 2, (int64_t[]){2, 3}, 1, true, want);
    CHECK_ARRAY(st_log_softmax(a, -1), want, 6, tol_of(float_types[t]));
  }
}

/* The f32 kernel has its own exp: check it relatively over the range where results are normal
   floats, and that it flushes to 0 below. */
TEST(softmax_f32_is_accurate_across_the_exp_range) {
  double x[200];
  for (int i = 0; i < 200; i++) x[i] = (float)(-0.5 * i - 0.013 * (i % 7)); /* 0 down to -99.6 */
  st_tensor *y = st_softmax(tu_tensor(ST_F32, ST_SHAPE(200), x), 0);
  CHECK(y);
  if (!y) return; /* the allocation sweep failed it: nothing to read */
  double *got = tu_values(y), sum = 0;
  for (int i = 0; i < 200; i++) sum += exp(x[i]);
  int bad = 0;
  for (int i = 0; i < 200; i++) {
    double want = exp(x[i]) / sum;
    if (x[i] > -85 ? fabs(got[i] / want - 1) > 2e-6 : !(got[i] >= 0 && got[i] < 1e-36)) bad++;
  }
  free(got);
  CHECK_EQ_INT(bad, 0);
}

TEST(softmax_gives_zero_to_negative_infinity) {
  for (int t = 0; t < 2; t++) {
    st_tensor *a = tu_tensor(float_types[t], ST_SHAPE(3), (double[]){-INFINITY, 0, log(3.0)});
    CHECK_CLOSE(st_softmax(a, 0), tol_of(float_types[t]), 0, 0.25, 0.75);
    CHECK_CLOSE(st_log_softmax(a, 0), tol_of(float_types[t]), -INFINITY, log(0.25), log(0.75));
  }
}

TEST(softmax_of_broadcast_input) {
  st_tensor *row = tu_tensor(ST_F64, ST_SHAPE(4), (double[]){1, 2, 3, 4});
  st_tensor *a = tu_broadcast(row, ST_SHAPE(3, 4)); /* stride 0 along dim 0 */
  double want[12];
  for (int i = 0; i < 12; i++) want[i] = 1.0 / 3;
  CHECK_ARRAY(st_softmax(a, 0), want, 12, 1e-12);
  ref_softmax((double[]){1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4}, 2, (int64_t[]){3, 4}, 1, false, want);
  CHECK_ARRAY(st_softmax(a, 1), want, 12, 1e-12);
}

TEST(softmax_of_empty_and_zero_dim_tensors) {
  CHECK_SHAPE(st_softmax(st_zeros(ST_F32, ST_SHAPE(0, 4)), 1), 0, 4);
  CHECK_SHAPE(st_log_softmax(st_zeros(ST_F32, ST_SHAPE(3, 0)), 1), 3, 0);
  CHECK_SHAPE(st_softmax(st_zeros(ST_F64, ST_SHAPE(3, 0)), 0), 3, 0);
  st_tensor *s = st_scalar(ST_F64, 5);
  CHECK_CLOSE(st_softmax(s, 0), 0, 1);
  CHECK_CLOSE(st_log_softmax(s, -1), 0, 0);
  CHECK_EQ_INT(st_ndim(st_softmax(s, 0)), 0);
}

TEST(softmax_of_integers_computes_in_f32) {
  st_tensor *y = st_softmax(tu_tensor(ST_I64, ST_SHAPE(2), (double[]){0, 0}), 0);
  CHECK(st_dtype_of(y) == ST_F32);
  CHECK_CLOSE(y, 0, 0.5, 0.5);
  CHECK(st_dtype_of(st_log_softmax(st_ones(ST_BOOL, ST_SHAPE(2)), 0)) == ST_F32);
}

TEST(softmax_does_not_depend_on_thread_count) {
  static double x[65536];
  fill_as(ST_F32, x, 65536, -5, 5, 3);
  st_tensor *a = tu_tensor(ST_F32, ST_SHAPE(64, 1024), x);
  int threads = st_get_num_threads();
  st_set_num_threads(1);
  st_tensor *one = st_softmax(a, 1), *one0 = st_log_softmax(a, 0);
  st_set_num_threads(4);
  st_tensor *many = st_softmax(a, 1), *many0 = st_log_softmax(a, 0);
  st_set_num_threads(threads);
  CHECK(memcmp(st_data_ptr(one), st_data_ptr(many), sizeof(float) * 65536) == 0);
  CHECK(memcmp(st_data_ptr(one0), st_data_ptr(many0), sizeof(float) * 65536) == 0);
  static double want[65536];
  ref_softmax(x, 2, (int64_t[]){64, 1024}, 1, false, want);
  CHECK_ARRAY(many, want, 65536, 1e-5);
}

TEST(softmax_rejects_bad_dims_and_null) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3, 4));
  CHECK_FAILS(!st_softmax(a, 3), ST_ERR_ARG, "st_softmax: dim 3 is out of range");
  CHECK_FAILS(!st_log_softmax(a, -4), ST_ERR_ARG, "st_log_softmax: dim -4 is out of range");
  CHECK_FAILS(!st_softmax(NULL, 0), ST_ERR_ARG, "st_softmax: argument 1 is NULL");
}

/* --------------------------------------------------------------------------------- losses */

static const st_reduction reductions[3] = {ST_REDUCTION_MEAN, ST_REDUCTION_SUM, ST_REDUCTION_NONE};

/* Checks loss(x, target) for each reduction against per-row losses `rows`. */
static void check_reductions(st_tensor *(*loss)(st_tensor *, st_tensor *, st_reduction),
                             st_tensor *x, st_tensor *t, const double *rows, int64_t n,
                             double tol) {
  for (int r = 0; r < 3; r++) {
    st_tensor *y = loss(x, t, reductions[r]);
    if (reductions[r] == ST_REDUCTION_NONE) {
      CHECK_SHAPE(y, n);
      CHECK_ARRAY(y, rows, n, tol);
    } else {
      CHECK_EQ_INT(st_ndim(y), 0);
      CHECK_ARRAY(y, (double[]){ref_reduce(rows, n, reductions[r])}, 1, tol);
    }
  }
}

TEST(cross_entropy_matches_reference_for_each_reduction) {
  double x[20], lsm[20], rows[4];
  const double target[4] = {0, 4, 2, 4};
  st_tensor *t = tu_tensor(ST_I64, ST_SHAPE(4), target);
  for (int k = 0; k < 2; k++)
    for (int nc = 0; nc < 2; nc++) { /* non-contiguous logits have a class stride of 4 */
      fill_as(float_types[k], x, 20, -3, 3, 5);
      ref_softmax(x, 2, (int64_t[]){4, 5}, 1, true, lsm);
      for (int i = 0; i < 4; i++) rows[i] = -lsm[i * 5 + (int)target[i]];
      check_reductions(st_cross_entropy, make(float_types[k], nc, 2, (int64_t[]){4, 5}, x), t, rows,
                       4, tol_of(float_types[k]));
    }
}

TEST(nll_loss_matches_reference_for_each_reduction) {
  double x[12], rows[3];
  const double target[3] = {2, 0, 3};
  st_tensor *t = tu_noncontig(ST_I64, ST_SHAPE(3), target);
  for (int k = 0; k < 2; k++)
    for (int nc = 0; nc < 2; nc++) {
      fill_as(float_types[k], x, 12, -3, 0, 6);
      for (int i = 0; i < 3; i++) rows[i] = -x[i * 4 + (int)target[i]];
      check_reductions(st_nll_loss, make(float_types[k], nc, 2, (int64_t[]){3, 4}, x), t, rows, 3,
                       tol_of(float_types[k]));
    }
}

TEST(cross_entropy_equals_nll_loss_of_log_softmax) {
  double x[30];
  fill_as(ST_F64, x, 30, -2, 2, 7);
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(6, 5), x);
  st_tensor *t = tu_tensor(ST_I64, ST_SHAPE(6), (double[]){1, 1, 0, 4, 3, 2});
  double want = st_item(st_nll_loss(st_log_softmax(a, 1), t, ST_REDUCTION_MEAN));
  CHECK_NEAR(st_item(st_cross_entropy(a, t, ST_REDUCTION_MEAN)), want, 1e-13);
}

TEST(cross_entropy_of_unbatched_input_is_zero_dim) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){0, 0, log(2.0)});
  st_tensor *t = st_scalar(ST_I64, 2);
  for (int r = 0; r < 3; r++) {
    st_tensor *y = st_cross_entropy(x, t, reductions[r]);
    CHECK_EQ_INT(st_ndim(y), 0);
    CHECK_CLOSE(y, 1e-6, log(2.0));
  }
  CHECK_CLOSE(st_nll_loss(x, t, ST_REDUCTION_NONE), 0, -(double)(float)log(2.0));
}

TEST(cross_entropy_of_large_logits_is_stable) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(2, 2), (double[]){1000, 1000, -1000, 1000});
  st_tensor *t = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){0, 1});
  CHECK_CLOSE(st_cross_entropy(x, t, ST_REDUCTION_NONE), 1e-6, log(2.0), 0);
}

TEST(class_losses_of_an_empty_batch) {
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(0, 3)), *t = st_zeros(ST_I64, ST_SHAPE(0));
  CHECK(isnan(st_item(st_cross_entropy(x, t, ST_REDUCTION_MEAN)))); /* 0 / 0, as torch */
  CHECK_CLOSE(st_nll_loss(x, t, ST_REDUCTION_SUM), 0, 0);
  CHECK_SHAPE(st_cross_entropy(x, t, ST_REDUCTION_NONE), 0);
}

TEST(class_losses_of_integer_logits_compute_in_f32) {
  st_tensor *x = tu_tensor(ST_I64, ST_SHAPE(1, 2), (double[]){3, 3});
  st_tensor *y =
      st_cross_entropy(x, tu_tensor(ST_I64, ST_SHAPE(1), (double[]){1}), ST_REDUCTION_SUM);
  CHECK(st_dtype_of(y) == ST_F32);
  CHECK_CLOSE(y, 1e-6, log(2.0));
}

TEST(class_losses_reject_bad_targets_and_shapes) {
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(3, 4));
  st_tensor *t = tu_tensor(ST_I64, ST_SHAPE(3), (double[]){0, 4, 1});
  CHECK_FAILS(!st_cross_entropy(x, t, ST_REDUCTION_MEAN), ST_ERR_ARG,
              "st_cross_entropy: target 4 at index 1 is out of range [0, 4)");
  t = tu_noncontig(ST_I64, ST_SHAPE(3), (double[]){0, 1, -1});
  CHECK_FAILS(!st_nll_loss(x, t, ST_REDUCTION_SUM), ST_ERR_ARG,
              "st_nll_loss: target -1 at index 2");
  CHECK_FAILS(!st_nll_loss(x, st_zeros(ST_F32, ST_SHAPE(3)), ST_REDUCTION_SUM), ST_ERR_DTYPE,
              "st_nll_loss: target must hold i64 class indices, not f32");
  CHECK_FAILS(!st_cross_entropy(x, st_zeros(ST_I64, ST_SHAPE(4)), ST_REDUCTION_SUM), ST_ERR_SHAPE,
              "st_cross_entropy: target [4] does not match input [3, 4] (expected [3])");
  CHECK_FAILS(!st_cross_entropy(st_zeros(ST_F32, ST_SHAPE(4)), st_zeros(ST_I64, ST_SHAPE(1)),
                                ST_REDUCTION_SUM),
              ST_ERR_SHAPE, "target [1] must be 0-dim for unbatched input [4]");
  CHECK_FAILS(!st_cross_entropy(st_zeros(ST_F32, ST_SHAPE(2, 3, 4)), st_zeros(ST_I64, ST_SHAPE(2)),
                                ST_REDUCTION_SUM),
              ST_ERR_SHAPE, "st_cross_entropy: input [2, 3, 4] must be [N, C] or [C]");
  CHECK_FAILS(!st_cross_entropy(x, st_zeros(ST_I64, ST_SHAPE(3)), (st_reduction)7), ST_ERR_ARG,
              "st_cross_entropy: reduction 7 is not");
  CHECK_FAILS(!st_nll_loss(x, NULL, ST_REDUCTION_SUM), ST_ERR_ARG,
              "st_nll_loss: argument 2 is NULL");
}

TEST(mse_loss_matches_reference_for_each_reduction) {
  double a[12], b[12], rows[12];
  for (int k = 0; k < 2; k++)
    for (int nc = 0; nc < 2; nc++) {
      fill_as(float_types[k], a, 12, -2, 2, 8);
      fill_as(float_types[k], b, 12, -2, 2, 9);
      for (int i = 0; i < 12; i++) rows[i] = (a[i] - b[i]) * (a[i] - b[i]);
      st_tensor *ta = make(float_types[k], nc, 2, (int64_t[]){3, 4}, a);
      st_tensor *tb = tu_tensor(float_types[k], ST_SHAPE(3, 4), b);
      CHECK_ARRAY(st_mse_loss(ta, tb, ST_REDUCTION_NONE), rows, 12, tol_of(float_types[k]));
      CHECK_NEAR(st_item(st_mse_loss(ta, tb, ST_REDUCTION_SUM)),
                 ref_reduce(rows, 12, ST_REDUCTION_SUM), tol_of(float_types[k]));
      CHECK_NEAR(st_item(st_mse_loss(ta, tb, ST_REDUCTION_MEAN)),
                 ref_reduce(rows, 12, ST_REDUCTION_MEAN), tol_of(float_types[k]));
    }
}

TEST(mse_loss_broadcasts_and_promotes) {
  st_tensor *a = tu_tensor(ST_F32, ST_SHAPE(3, 1), (double[]){1, 2, 3});
  st_tensor *b = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){0, 1});
  st_tensor *y = st_mse_loss(a, b, ST_REDUCTION_NONE);
  CHECK_SHAPE(y, 3, 2);
  CHECK(st_dtype_of(y) == ST_F64);
  CHECK_CLOSE(y, 0, 1, 0, 4, 1, 9, 4);
  CHECK_CLOSE(st_mse_loss(a, b, ST_REDUCTION_MEAN), 1e-12, 19.0 / 6);
  st_tensor *wide = tu_broadcast(b, ST_SHAPE(3, 2)); /* stride-0 rows */
  CHECK_CLOSE(st_mse_loss(wide, a, ST_REDUCTION_SUM), 1e-12, 19);
  st_tensor *ints =
      st_mse_loss(st_ones(ST_I64, ST_SHAPE(2)), st_zeros(ST_BOOL, ST_SHAPE(2)), ST_REDUCTION_SUM);
  CHECK(st_dtype_of(ints) == ST_F32);
  CHECK_CLOSE(ints, 0, 2);
}

TEST(mse_loss_of_empty_and_zero_dim_inputs) {
  st_tensor *e = st_zeros(ST_F32, ST_SHAPE(0, 2));
  CHECK(isnan(st_item(st_mse_loss(e, e, ST_REDUCTION_MEAN))));
  CHECK_CLOSE(st_mse_loss(e, e, ST_REDUCTION_SUM), 0, 0);
  CHECK_SHAPE(st_mse_loss(e, e, ST_REDUCTION_NONE), 0, 2);
  st_tensor *y = st_mse_loss(st_scalar(ST_F64, 3), st_scalar(ST_F64, 1), ST_REDUCTION_NONE);
  CHECK_EQ_INT(st_ndim(y), 0);
  CHECK_CLOSE(y, 0, 4);
}

TEST(mse_loss_rejects_bad_shapes_and_reductions) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(3)), *b = st_zeros(ST_F32, ST_SHAPE(4));
  CHECK_FAILS(!st_mse_loss(a, b, ST_REDUCTION_MEAN), ST_ERR_SHAPE,
              "st_mse_loss: shapes [3] and [4] cannot be broadcast");
  CHECK_FAILS(!st_mse_loss(a, a, (st_reduction)-1), ST_ERR_ARG, "st_mse_loss: reduction -1 is not");
  CHECK_FAILS(!st_mse_loss(NULL, a, ST_REDUCTION_SUM), ST_ERR_ARG,
              "st_mse_loss: argument 1 is NULL");
}

/* ----------------------------------------------------------------------------- layer_norm */

/* Normalizes rows of m values; w and b (m values) may be NULL. */
static void ref_layer_norm(const double *x, int64_t rows, int64_t m, const double *w,
                           const double *b, double eps, double *y) {
  for (int64_t r = 0; r < rows; r++) {
    double mean = 0, var = 0;
    for (int64_t i = 0; i < m; i++) mean += x[r * m + i] / (double)m;
    for (int64_t i = 0; i < m; i++)
      var += (x[r * m + i] - mean) * (x[r * m + i] - mean) / (double)m;
    for (int64_t i = 0; i < m; i++) {
      double v = (x[r * m + i] - mean) / sqrt(var + eps);
      y[r * m + i] = v * (w ? w[i] : 1) + (b ? b[i] : 0);
    }
  }
}

TEST(layer_norm_without_affine_matches_reference) {
  double x[60], want[60];
  for (int k = 0; k < 2; k++)
    for (int nc = 0; nc < 2; nc++)
      for (int nnorm = 1; nnorm <= 3; nnorm++) {
        const int64_t shape[3] = {3, 4, 5};
        int64_t m = nnorm == 1 ? 5 : nnorm == 2 ? 20 : 60;
        fill_as(float_types[k], x, 60, -3, 5, 10);
        ref_layer_norm(x, 60 / m, m, NULL, NULL, 1e-5, want);
        st_tensor *y = st_layer_norm(make(float_types[k], nc, 3, shape, x), nnorm,
                                     shape + 3 - nnorm, NULL, NULL, 1e-5);
        CHECK(st_dtype_of(y) == float_types[k]);
        CHECK_ARRAY(y, want, 60, float_types[k] == ST_F32 ? 1e-5 : 1e-11);
      }
}

TEST(layer_norm_with_weight_and_or_bias_matches_reference) {
  double x[24], w[8], b[8], want[24];
  fill_as(ST_F64, x, 24, -1, 1, 11);
  fill_as(ST_F64, w, 8, 0.5, 2, 12);
  fill_as(ST_F64, b, 8, -1, 1, 13);
  st_tensor *tx = tu_tensor(ST_F64, ST_SHAPE(3, 2, 4), x);
  st_tensor *tw = tu_noncontig(ST_F64, ST_SHAPE(2, 4), w),
            *tb = tu_tensor(ST_F64, ST_SHAPE(2, 4), b);
  const int64_t ns[2] = {2, 4};
  for (int mask = 1; mask < 4; mask++) {
    ref_layer_norm(x, 3, 8, mask & 1 ? w : NULL, mask & 2 ? b : NULL, 1e-3, want);
    st_tensor *y = st_layer_norm(tx, 2, ns, mask & 1 ? tw : NULL, mask & 2 ? tb : NULL, 1e-3);
    CHECK_SHAPE(y, 3, 2, 4);
    CHECK_ARRAY(y, want, 24, 1e-12);
  }
}

TEST(layer_norm_of_constant_and_empty_rows) {
  st_tensor *y = st_layer_norm(st_full(ST_F32, ST_SHAPE(2, 3), 7), 1, (int64_t[]){3}, NULL,
                               st_full(ST_F32, ST_SHAPE(3), 0.5), 1e-5);
  CHECK_CLOSE(y, 0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5);
  CHECK_SHAPE(st_layer_norm(st_zeros(ST_F32, ST_SHAPE(0, 3)), 1, (int64_t[]){3}, NULL, NULL, 1e-5),
              0, 3);
  CHECK_SHAPE(st_layer_norm(st_zeros(ST_F32, ST_SHAPE(2, 0)), 1, (int64_t[]){0}, NULL, NULL, 1e-5),
              2, 0);
  CHECK(st_dtype_of(st_layer_norm(st_ones(ST_I64, ST_SHAPE(2)), 1, (int64_t[]){2}, NULL, NULL,
                                  0)) == ST_F32);
}

TEST(layer_norm_rejects_bad_shapes_and_eps) {
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(2, 3, 4));
  const int64_t ns[2] = {3, 4};
  CHECK_FAILS(!st_layer_norm(x, 0, ns, NULL, NULL, 1e-5), ST_ERR_ARG,
              "st_layer_norm: nnorm 0 must be in 1..3 for input [2, 3, 4]");
  const int64_t ns4[4] = {2, 2, 3, 4}; /* nnorm entries are read, so there are 4 */
  CHECK_FAILS(!st_layer_norm(x, 4, ns4, NULL, NULL, 1e-5), ST_ERR_ARG, "nnorm 4 must be in 1..3");
  CHECK_FAILS(!st_layer_norm(x, 2, NULL, NULL, NULL, 1e-5), ST_ERR_ARG, "normalized_shape is NULL");
  CHECK_FAILS(!st_layer_norm(x, 2, (int64_t[]){4, 4}, NULL, NULL, 1e-5), ST_ERR_SHAPE,
              "st_layer_norm: input [2, 3, 4] does not end in normalized_shape [4, 4]");
  CHECK_FAILS(!st_layer_norm(x, 2, ns, st_ones(ST_F32, ST_SHAPE(4)), NULL, 1e-5), ST_ERR_SHAPE,
              "weight [4] must have normalized_shape [3, 4]");
  CHECK_FAILS(!st_layer_norm(x, 1, ns + 1, NULL, st_ones(ST_F32, ST_SHAPE(1, 4)), 1e-5),
              ST_ERR_SHAPE, "bias [1, 4] must have normalized_shape [4]");
  CHECK_FAILS(!st_layer_norm(x, 1, ns + 1, NULL, NULL, -1), ST_ERR_ARG,
              "eps -1 must be non-negative");
  CHECK_FAILS(!st_layer_norm(NULL, 1, ns, NULL, NULL, 1e-5), ST_ERR_ARG,
              "st_layer_norm: argument 1 is NULL");
}

/* -------------------------------------------------------------------------------- dropout */

TEST(dropout_zeroes_about_p_and_scales_the_rest) {
  st_manual_seed(42);
  for (int k = 0; k < 2; k++) {
    st_dtype dt = float_types[k];
    st_tensor *y = st_dropout(st_ones(dt, ST_SHAPE(20000)), 0.3, true);
    double *v = tu_values(y);
    int64_t zeros = 0, bad = 0;
    double kept = dt == ST_F32 ? (double)(float)(1 / (1 - 0.3)) : 1 / (1 - 0.3);
    for (int i = 0; i < 20000; i++) {
      zeros += v[i] == 0;
      bad += v[i] != 0 && v[i] != kept;
    }
    free(v);
    CHECK_NEAR((double)zeros / 20000, 0.3, 0.02); /* 6 standard deviations */
    CHECK_EQ_INT(bad, 0);
  }
}

TEST(dropout_is_reproducible_with_manual_seed) {
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(1000));
  st_manual_seed(7);
  st_tensor *a = st_dropout(x, 0.5, true);
  st_manual_seed(7);
  st_tensor *b = st_dropout(x, 0.5, true);
  st_manual_seed(8);
  st_tensor *c = st_dropout(x, 0.5, true);
  CHECK(memcmp(st_data_ptr(a), st_data_ptr(b), 4000) == 0);
  CHECK(memcmp(st_data_ptr(a), st_data_ptr(c), 4000) != 0);
}

TEST(dropout_mask_does_not_depend_on_thread_count) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(50000));
  int threads = st_get_num_threads();
  st_set_num_threads(1);
  st_manual_seed(9);
  st_tensor *a = st_dropout(x, 0.5, true);
  st_set_num_threads(4);
  st_manual_seed(9);
  st_tensor *b = st_dropout(x, 0.5, true);
  st_set_num_threads(threads);
  CHECK(memcmp(st_data_ptr(a), st_data_ptr(b), sizeof(double) * 50000) == 0);
}

TEST(dropout_with_p_zero_or_one_and_without_train) {
  double v[6] = {1, -2, 3, -4, 5, -6};
  st_tensor *x = tu_noncontig(ST_F32, ST_SHAPE(2, 3), v);
  CHECK_CLOSE(st_dropout(x, 0, true), 0, 1, -2, 3, -4, 5, -6);
  CHECK_CLOSE(st_dropout(x, 1, true), 0, 0, 0, 0, 0, 0, 0);
  st_tensor *same = st_dropout(x, 0.5, false);
  CHECK(same != x && st_data_ptr(same) == st_data_ptr(x)); /* a view: a distinct object */
  CHECK_CLOSE(same, 0, 1, -2, 3, -4, 5, -6);
  CHECK_SHAPE(st_dropout(st_zeros(ST_F64, ST_SHAPE(0, 3)), 0.5, true), 0, 3);
  CHECK_EQ_INT(st_ndim(st_dropout(st_scalar(ST_F64, 1), 0.5, true)), 0);
}

TEST(dropout_of_noncontiguous_input_keeps_its_values) {
  double v[64];
  fill_as(ST_F32, v, 64, 1, 2, 14);
  st_tensor *y = st_dropout(tu_noncontig(ST_F32, ST_SHAPE(8, 8), v), 0.25, true);
  double *got = tu_values(y);
  int bad = 0;
  for (int i = 0; i < 64; i++) bad += got[i] != 0 && fabs(got[i] - v[i] / 0.75) > 1e-6 * v[i];
  free(got);
  CHECK_EQ_INT(bad, 0);
}

TEST(dropout_rejects_bad_p_and_dtypes) {
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(3));
  CHECK_FAILS(!st_dropout(x, 1.5, true), ST_ERR_ARG,
              "st_dropout: probability p = 1.5 is not in [0, 1]");
  CHECK_FAILS(!st_dropout(x, -0.1, false), ST_ERR_ARG, "p = -0.1 is not in [0, 1]");
  CHECK_FAILS(!st_dropout(x, NAN, true), ST_ERR_ARG, "is not in [0, 1]");
  CHECK_FAILS(!st_dropout(st_ones(ST_I64, ST_SHAPE(3)), 0.5, true), ST_ERR_DTYPE,
              "st_dropout: input must be f32 or f64, not i64");
  CHECK_FAILS(!st_dropout(NULL, 0.5, false), ST_ERR_ARG, "st_dropout: argument 1 is NULL");
  CHECK_FAILS(!st_dropout(NULL, 0.5, true), ST_ERR_ARG, "st_dropout: argument 1 is NULL");
}

/* ------------------------------------------------------------------------------ embedding */

TEST(embedding_gathers_rows_for_any_index_shape) {
  double w[15];
  for (int i = 0; i < 15; i++) w[i] = i;
  for (int nc = 0; nc < 2; nc++) {
    st_tensor *weight = make(ST_F64, nc, 2, (int64_t[]){5, 3}, w);
    st_tensor *idx = make(ST_I64, nc, 2, (int64_t[]){2, 2}, (double[]){4, 0, 2, 4});
    st_tensor *y = st_embedding(weight, idx);
    CHECK_SHAPE(y, 2, 2, 3);
    CHECK_CLOSE(y, 0, 12, 13, 14, 0, 1, 2, 6, 7, 8, 12, 13, 14);
    CHECK_CLOSE(st_embedding(weight, st_scalar(ST_I64, 1)), 0, 3, 4, 5);
    CHECK_SHAPE(st_embedding(weight, st_zeros(ST_I64, ST_SHAPE(0))), 0, 3);
  }
  st_tensor *iw = tu_tensor(ST_I64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *y = st_embedding(iw, tu_tensor(ST_I64, ST_SHAPE(3), (double[]){1, 1, 0}));
  CHECK(st_dtype_of(y) == ST_I64);
  CHECK_CLOSE(y, 0, 3, 4, 3, 4, 1, 2);
}

TEST(embedding_rejects_bad_indices_and_weights) {
  st_tensor *w = st_zeros(ST_F32, ST_SHAPE(5, 3));
  CHECK_FAILS(!st_embedding(w, tu_tensor(ST_I64, ST_SHAPE(3), (double[]){0, 1, 5})), ST_ERR_ARG,
              "st_embedding: index 5 at position 2 is out of range [0, 5)");
  CHECK_FAILS(!st_embedding(w, st_scalar(ST_I64, -1)), ST_ERR_ARG, "index -1 at position 0");
  CHECK_FAILS(!st_embedding(w, st_zeros(ST_F32, ST_SHAPE(2))), ST_ERR_DTYPE,
              "st_embedding: indices must be i64, not f32");
  CHECK_FAILS(!st_embedding(st_zeros(ST_F32, ST_SHAPE(5)), st_zeros(ST_I64, ST_SHAPE(2))),
              ST_ERR_SHAPE, "st_embedding: weight [5] must be 2-D [V, D]");
  CHECK_FAILS(!st_embedding(w, st_zeros(ST_I64, ST_SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))), ST_ERR_SHAPE,
              "too many dims");
  CHECK_FAILS(!st_embedding(NULL, st_zeros(ST_I64, ST_SHAPE(2))), ST_ERR_ARG, "argument 1 is NULL");
}

/* The index check reads each distinct element once: broadcast dims (stride 0) repeat values,
   so a huge broadcast index is checked at the cost of its storage, and the call fails quickly
   (out of memory for the result, or the bad index at its first row-major position). */
TEST(embedding_checks_a_huge_broadcast_index_quickly) {
  st_tensor *w = tu_tensor(ST_F32, ST_SHAPE(5, 2), (double[]){0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  int64_t huge = (int64_t)1 << 40;
  st_tensor *one = st_expand(st_full(ST_I64, ST_SHAPE(1), 1), 1, &huge);
  st_tensor *seven = st_expand(st_full(ST_I64, ST_SHAPE(1), 7), 1, &huge);
  int64_t live = st_live_objects();
  clock_t start = clock();
  /* 2^40 x 2 floats: out of memory. ASan aborts on a request that size (unless
     allocator_may_return_null), so there only the index check runs. */
  if (!UNDER_ASAN) CHECK_FAILS(!st_embedding(w, one), ST_ERR_OOM, "cannot allocate");
  CHECK_FAILS(!st_embedding(w, seven), ST_ERR_ARG, "index 7 at position 0 is out of range [0, 5)");
  double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
  CHECK_EQ_INT(st_live_objects(), live); /* the failed calls left nothing behind */
  CHECK(seconds < 1.0);
  /* the first bad position in row-major order, across broadcast and walked dims */
  st_tensor *col = tu_tensor(ST_I64, ST_SHAPE(3, 1), (double[]){0, 9, 2});
  CHECK_FAILS(!st_embedding(w, st_expand(col, ST_SHAPE(3, 1000))), ST_ERR_ARG,
              "index 9 at position 1000 is out of range");
  st_tensor *row = tu_tensor(ST_I64, ST_SHAPE(1, 3), (double[]){4, 3, -2});
  CHECK_FAILS(!st_embedding(w, st_expand(row, ST_SHAPE(1000, 3))), ST_ERR_ARG,
              "index -2 at position 2 is out of range");
  CHECK_FAILS(!st_embedding(w, st_transpose(st_expand(row, ST_SHAPE(4, 3)), 0, 1)), ST_ERR_ARG,
              "index -2 at position 8 is out of range");
  /* valid broadcast indices still gather */
  st_tensor *threes = st_expand(st_full(ST_I64, ST_SHAPE(1), 3), ST_SHAPE(2));
  CHECK_CLOSE(st_embedding(w, threes), 0, 6, 7, 6, 7);
}

/* --------------------------------------------------------------------------------- conv2d */

static void check_conv_case(const conv_case *k, st_dtype dt, bool noncontig, bool batched) {
  static double x[MAXN], w[MAXN], b[64], want[MAXN];
  int64_t cg = k->c / k->groups, nx = k->n * k->c * k->h * k->w, nw = k->o * cg * k->kh * k->kw;
  int64_t oh = conv_out(k->h, k->kh, k->stride[0], k->pad[0], k->dil[0]);
  int64_t ow = conv_out(k->w, k->kw, k->stride[1], k->pad[1], k->dil[1]);
  fill_as(dt, x, nx, -1, 1, 20);
  fill_as(dt, w, nw, -1, 1, 21);
  fill_as(dt, b, k->o, -1, 1, 22);
  ref_conv2d(k, x, w, b, want);
  st_tensor *tx = batched ? make(dt, noncontig, 4, (int64_t[]){k->n, k->c, k->h, k->w}, x)
                          : make(dt, noncontig, 3, (int64_t[]){k->c, k->h, k->w}, x);
  st_tensor *tw = tu_tensor(dt, ST_SHAPE(k->o, cg, k->kh, k->kw), w);
  st_tensor *tb = k->bias ? tu_tensor(dt, ST_SHAPE(k->o), b) : NULL;
  st_tensor *y = st_conv2d(tx, tw, tb, k->stride, k->pad, k->dil, k->groups);
  if (batched) CHECK_SHAPE(y, k->n, k->o, oh, ow);
  else CHECK_SHAPE(y, k->o, oh, ow);
  CHECK_ARRAY(y, want, k->n * k->o * oh * ow, dt == ST_F32 ? 1e-5 : 1e-12);
}

static const conv_case conv_cases[] = {
    /* n  c  h  w  o kh kw stride  pad     dil    groups bias */
    {1, 2, 5, 5, 3, 3, 3, {1, 1}, {0, 0}, {1, 1}, 1, true},
    {3, 2, 6, 7, 4, 3, 3, {2, 2}, {1, 1}, {1, 1}, 1, true},
    {2, 3, 7, 6, 2, 3, 2, {1, 2}, {1, 0}, {2, 1}, 1, false},
    {3, 4, 6, 6, 6, 2, 3, {1, 1}, {0, 1}, {1, 2}, 2, true},
    {1, 4, 5, 5, 4, 3, 3, {2, 1}, {2, 2}, {2, 2}, 4, false}, /* depthwise */
    {2, 3, 4, 5, 5, 1, 1, {1, 1}, {0, 0}, {1, 1}, 1, true},  /* 1x1: no unfolding when contiguous */
    {2, 4, 4, 4, 2, 1, 1, {2, 2}, {1, 0}, {1, 1}, 2, false}, /* 1x1 with stride and padding */
};

TEST(conv2d_matches_direct_reference) {
  for (size_t i = 0; i < sizeof conv_cases / sizeof *conv_cases; i++)
    for (int k = 0; k < 2; k++) check_conv_case(&conv_cases[i], float_types[k], false, true);
}

TEST(conv2d_of_noncontiguous_input_matches_reference) {
  for (size_t i = 0; i < sizeof conv_cases / sizeof *conv_cases; i++)
    check_conv_case(&conv_cases[i], ST_F32, true, true);
}

TEST(conv2d_of_unbatched_input_matches_reference) {
  conv_case k = {1, 2, 5, 6, 4, 3, 3, {1, 2}, {1, 1}, {1, 1}, 2, true};
  check_conv_case(&k, ST_F64, false, false);
  check_conv_case(&k, ST_F32, true, false);
}

TEST(conv2d_defaults_and_empty_batch) {
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(1, 1, 3, 3)), *w = st_ones(ST_F32, ST_SHAPE(1, 1, 2, 2));
  CHECK_CLOSE(st_conv2d(x, w, NULL, NULL, NULL, NULL, 1), 0, 4, 4, 4, 4);
  st_tensor *y = st_conv2d(st_zeros(ST_F32, ST_SHAPE(0, 1, 3, 3)), w, NULL, NULL, NULL, NULL, 1);
  CHECK_SHAPE(y, 0, 1, 2, 2);
}

/* The column matrix of a 180x180 image with 72 rows exceeds one tile, so the output is
   computed in several GEMMs. */
TEST(conv2d_of_a_large_image_matches_reference) {
  enum { H = 180, C = 8 };
  static double x[C * H * H], w[2 * C * 9], want[2 * H * H];
  conv_case k = {1, C, H, H, 2, 3, 3, {1, 1}, {1, 1}, {1, 1}, 1, false};
  fill_as(ST_F32, x, C * H * H, -1, 1, 23);
  fill_as(ST_F32, w, 2 * C * 9, -1, 1, 24);
  ref_conv2d(&k, x, w, NULL, want);
  st_tensor *y =
      st_conv2d(tu_tensor(ST_F32, ST_SHAPE(1, C, H, H), x),
                tu_tensor(ST_F32, ST_SHAPE(2, C, 3, 3), w), NULL, k.stride, k.pad, k.dil, 1);
  CHECK_ARRAY(y, want, 2 * H * H, 1e-5);
}

TEST(conv2d_rejects_mismatched_shapes_and_groups) {
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(1, 4, 5, 5)),
            *w = st_zeros(ST_F32, ST_SHAPE(6, 2, 3, 3));
  CHECK_FAILS(!st_conv2d(st_zeros(ST_F32, ST_SHAPE(4, 5)), w, NULL, NULL, NULL, NULL, 2),
              ST_ERR_SHAPE, "st_conv2d: input [4, 5] must be 4-D [N, C, H, W] or 3-D [C, H, W]");
  CHECK_FAILS(!st_conv2d(x, st_zeros(ST_F32, ST_SHAPE(6, 2, 3)), NULL, NULL, NULL, NULL, 2),
              ST_ERR_SHAPE, "weight [6, 2, 3] must be 4-D");
  CHECK_FAILS(!st_conv2d(x, w, NULL, NULL, NULL, NULL, 0), ST_ERR_ARG,
              "st_conv2d: groups 0 must be positive");
  CHECK_FAILS(!st_conv2d(x, w, NULL, NULL, NULL, NULL, 4), ST_ERR_SHAPE,
              "weight [6, 2, 3, 3]: 6 output channels are not divisible by groups 4");
  CHECK_FAILS(
      !st_conv2d(x, w, NULL, NULL, NULL, NULL, 1), ST_ERR_SHAPE,
      "input [1, 4, 5, 5] has 4 channels, but weight [6, 2, 3, 3] with groups 1 expects 2 * 1");
  CHECK_FAILS(!st_conv2d(x, w, st_zeros(ST_F32, ST_SHAPE(4)), NULL, NULL, NULL, 2), ST_ERR_SHAPE,
              "bias [4] must be [6]");
  CHECK_FAILS(!st_conv2d(x, st_zeros(ST_F32, ST_SHAPE(6, 2, 0, 3)), NULL, NULL, NULL, NULL, 2),
              ST_ERR_SHAPE, "has an empty kernel");
  CHECK_FAILS(
      !st_conv2d(x, w, NULL, NULL, NULL, (int64_t[]){3, 1}, 2), ST_ERR_SHAPE,
      "st_conv2d: output size [-1, 3] is too small: input [5, 5] padded by [0, 0] is smaller than "
      "the dilated kernel [7, 3]");
  CHECK_FAILS(!st_conv2d(x, NULL, NULL, NULL, NULL, NULL, 2), ST_ERR_ARG,
              "st_conv2d: argument 2 is NULL");
}

TEST(conv2d_rejects_bad_strides_and_dtypes) {
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(1, 2, 5, 5)),
            *w = st_zeros(ST_F32, ST_SHAPE(3, 2, 3, 3));
  CHECK_FAILS(!st_conv2d(x, w, NULL, (int64_t[]){0, 1}, NULL, NULL, 1), ST_ERR_ARG,
              "st_conv2d: stride [0, 1] must be positive");
  CHECK_FAILS(!st_conv2d(x, w, NULL, NULL, (int64_t[]){1, -1}, NULL, 1), ST_ERR_ARG,
              "padding [1, -1] must be non-negative");
  CHECK_FAILS(!st_conv2d(x, w, NULL, NULL, NULL, (int64_t[]){1, 0}, 1), ST_ERR_ARG,
              "dilation [1, 0] must be positive");
  CHECK_FAILS(!st_conv2d(x, st_zeros(ST_F64, ST_SHAPE(3, 2, 3, 3)), NULL, NULL, NULL, NULL, 1),
              ST_ERR_DTYPE,
              "st_conv2d: input (f32), weight (f64) and bias (none) must share a dtype");
  CHECK_FAILS(!st_conv2d(x, w, st_zeros(ST_F64, ST_SHAPE(3)), NULL, NULL, NULL, 1), ST_ERR_DTYPE,
              "bias (f64)");
  CHECK_FAILS(!st_conv2d(st_zeros(ST_I64, ST_SHAPE(1, 2, 5, 5)), w, NULL, NULL, NULL, NULL, 1),
              ST_ERR_DTYPE, "st_conv2d: input must be f32 or f64, not i64");
}

/* -------------------------------------------------------------------------------- pooling */

static void check_pool_case(const pool_case *k, st_dtype dt, bool noncontig, bool max,
                            bool default_stride) {
  static double x[MAXN], want[MAXN];
  int64_t n = k->n * k->c * k->h * k->w;
  int64_t oh = (k->h + 2 * k->pad[0] - k->kernel[0]) / k->stride[0] + 1;
  int64_t ow = (k->w + 2 * k->pad[1] - k->kernel[1]) / k->stride[1] + 1;
  fill_as(dt, x, n, -3, 3, 30);
  ref_pool(k, x, max, want);
  st_tensor *tx = make(dt, noncontig, 4, (int64_t[]){k->n, k->c, k->h, k->w}, x);
  const int64_t *stride = default_stride ? NULL : k->stride;
  st_tensor *y = max ? st_max_pool2d(tx, k->kernel, stride, k->pad)
                     : st_avg_pool2d(tx, k->kernel, stride, k->pad);
  CHECK_SHAPE(y, k->n, k->c, oh, ow);
  CHECK_ARRAY(y, want, k->n * k->c * oh * ow, tol_of(dt));
}

static const pool_case pool_cases[] = {
    {2, 3, 6, 6, {2, 2}, {2, 2}, {0, 0}},
    {1, 2, 7, 7, {3, 3}, {2, 2}, {1, 1}},
    {2, 2, 5, 6, {3, 2}, {1, 2}, {1, 0}},
    {1, 1, 4, 5, {4, 4}, {3, 3}, {2, 2}},
};

static void check_pools(bool max) {
  for (size_t i = 0; i < sizeof pool_cases / sizeof *pool_cases; i++)
    for (int k = 0; k < 2; k++)
      for (int nc = 0; nc < 2; nc++)
        check_pool_case(&pool_cases[i], float_types[k], nc, max, false);
  check_pool_case(&pool_cases[0], ST_F32, false, max, true); /* stride NULL: the kernel */
}

TEST(max_pool2d_matches_reference) { check_pools(true); }
TEST(avg_pool2d_matches_reference_counting_padding) { check_pools(false); }

TEST(pools_of_unbatched_input_and_nan) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(1, 2, 4), (double[]){1, 5, 2, 0, 3, NAN, 4, -1});
  st_tensor *y = st_max_pool2d(x, (int64_t[]){2, 2}, NULL, NULL);
  CHECK_SHAPE(y, 1, 1, 2);
  CHECK_CLOSE(y, 0, NAN, 4);
  CHECK_CLOSE(st_avg_pool2d(x, (int64_t[]){1, 2}, NULL, (int64_t[]){0, 1}), 0, 0.5, 3.5, 0, 1.5,
              NAN, -0.5);
}

TEST(pools_reject_bad_windows_and_inputs) {
  st_tensor *x = st_zeros(ST_F32, ST_SHAPE(1, 1, 3, 3));
  const int64_t k2[2] = {2, 2};
  CHECK_FAILS(!st_max_pool2d(x, NULL, NULL, NULL), ST_ERR_ARG, "st_max_pool2d: kernel is NULL");
  CHECK_FAILS(!st_avg_pool2d(x, (int64_t[]){0, 2}, NULL, NULL), ST_ERR_ARG,
              "st_avg_pool2d: kernel [0, 2] must be positive");
  CHECK_FAILS(!st_max_pool2d(x, k2, (int64_t[]){1, 0}, NULL), ST_ERR_ARG,
              "stride [1, 0] must be positive");
  CHECK_FAILS(!st_max_pool2d(x, k2, NULL, (int64_t[]){-1, 0}), ST_ERR_ARG,
              "padding [-1, 0] must be non-negative");
  CHECK_FAILS(!st_max_pool2d(x, (int64_t[]){3, 3}, NULL, (int64_t[]){2, 0}), ST_ERR_ARG,
              "st_max_pool2d: padding [2, 0] must be at most half the kernel [3, 3]");
  CHECK_FAILS(
      !st_avg_pool2d(x, (int64_t[]){4, 1}, NULL, NULL), ST_ERR_SHAPE,
      "st_avg_pool2d: output size [0, 3] is too small: input [3, 3] padded by [0, 0] is smaller "
      "than the kernel [4, 1]");
  CHECK_FAILS(!st_max_pool2d(st_zeros(ST_I64, ST_SHAPE(1, 3, 3)), k2, NULL, NULL), ST_ERR_DTYPE,
              "st_max_pool2d: input must be f32 or f64, not i64");
  CHECK_FAILS(!st_avg_pool2d(st_zeros(ST_F32, ST_SHAPE(3, 3)), k2, NULL, NULL), ST_ERR_SHAPE,
              "st_avg_pool2d: input [3, 3] must be 4-D");
  CHECK_FAILS(!st_max_pool2d(NULL, k2, NULL, NULL), ST_ERR_ARG,
              "st_max_pool2d: argument 1 is NULL");
}

/* ------------------------------------------------------------------------ allocation failure */

/* Runs expr with the n-th allocation failing: it succeeds or fails with ST_ERR_OOM. */
#define TRY_FAILING_AT(n, expr)                                                                    \
  do {                                                                                             \
    st_debug_fail_alloc_after(n);                                                                  \
    st_tensor *r_ = (expr);                                                                        \
    st_debug_fail_alloc_after(0);                                                                  \
    if (!r_) CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);                                           \
    st_release(r_);                                                                                \
    st_clear_error();                                                                              \
  } while (0)

TEST(nn_ops_fail_cleanly_when_allocation_fails) {
  double v[64];
  fill_as(ST_F32, v, 64, -1, 1, 40);
  st_tensor *x = tu_noncontig(ST_F32, ST_SHAPE(2, 4, 6), v),
            *xi = st_ones(ST_I64, ST_SHAPE(2, 4, 6));
  st_tensor *img = tu_noncontig(ST_F32, ST_SHAPE(1, 2, 4, 6), v),
            *w = st_ones(ST_F32, ST_SHAPE(3, 2, 3, 3));
  st_tensor *wt = tu_noncontig(ST_F32, ST_SHAPE(3, 2, 3, 3), v), *b = st_ones(ST_F32, ST_SHAPE(3));
  st_tensor *t = tu_noncontig(ST_I64, ST_SHAPE(4), (double[]){0, 1, 2, 3});
  st_tensor *logits = st_zeros(ST_I64, ST_SHAPE(4, 6)), *dbl = st_ones(ST_F64, ST_SHAPE(6));
  st_tensor *table = tu_noncontig(ST_F64, ST_SHAPE(5, 3), v);
  for (int n = 1; n <= 6; n++) {
    TRY_FAILING_AT(n, st_softmax(x, 1));
    TRY_FAILING_AT(n, st_log_softmax(xi, 0));
    TRY_FAILING_AT(n, st_layer_norm(xi, 1, (int64_t[]){6}, NULL, dbl, 1e-5));
    TRY_FAILING_AT(n, st_conv2d(img, w, b, NULL, (int64_t[]){1, 1}, NULL, 1));
    TRY_FAILING_AT(n, st_conv2d(img, wt, NULL, NULL, NULL, NULL, 1));
    TRY_FAILING_AT(n, st_cross_entropy(logits, t, ST_REDUCTION_MEAN));
    TRY_FAILING_AT(n, st_dropout(x, 0.5, true));
    TRY_FAILING_AT(n, st_embedding(table, t));
    TRY_FAILING_AT(n, st_mse_loss(x, dbl, ST_REDUCTION_NONE));
    TRY_FAILING_AT(n, st_max_pool2d(img, (int64_t[]){2, 2}, NULL, NULL));
  }
}
