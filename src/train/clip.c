/* clip.c — gradient clipping: the joint norm of the .grad of a model's parameters
   (torch.nn.utils.clip_grad_norm_) and DP-SGD's per-sample clipping (Opacus), the latter as
   one fused pass per tensor. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "train.h"

/* Sum of squares of n values: blocks of 512 summed in the element type over 16 independent
   lanes (so the loop vectorizes instead of waiting on one chain of additions), the blocks'
   sums accumulated in double. */
#define SUM_SQUARES(T)                                                                             \
  static double sum_squares_##T(const T *x, int64_t n) {                                           \
    double total = 0;                                                                              \
    for (int64_t lo = 0; lo < n; lo += 512) {                                                      \
      int64_t hi = lo + 512 < n ? lo + 512 : n, i = lo;                                            \
      T part[16] = {0};                                                                            \
      for (; i + 16 <= hi; i += 16)                                                                \
        for (int k = 0; k < 16; k++) part[k] += x[i + k] * x[i + k];                               \
      for (; i < hi; i++) part[0] += x[i] * x[i];                                                  \
      double block = 0;                                                                            \
      for (int k = 0; k < 16; k++) block += (double)part[k];                                       \
      total += block;                                                                              \
    }                                                                                              \
    return total;                                                                                  \
  }
SUM_SQUARES(float)
SUM_SQUARES(double)

static double sum_squares(const void *data, st_dtype dt, int64_t n) {
  return dt == ST_F32 ? sum_squares_float(data, n) : sum_squares_double(data, n);
}

static double clip_grad_norm(int nparams, st_tensor *const *params, double max_norm,
                             st_tensor **grads) {
  const char *fn = "st_clip_grad_norm";
  double total = 0;
  for (int i = 0; i < nparams; i++) {
    if (!params[i]) return st__tr_error(ST_ERR_ARG, "%s: parameter %d is NULL", fn, i), NAN;
    if (!(grads[i] = st_grad_of(params[i]))) continue;
    st_dtype dt = st_dtype_of(grads[i]);
    if (dt != ST_F32 && dt != ST_F64)
      return st__tr_error(ST_ERR_DTYPE, "%s: the gradient of parameter %d is %s", fn, i,
                          st_dtype_name(dt)),
             NAN;
    st_tensor *c = st_contiguous(grads[i]);
    const void *data = c ? st_data_ptr(c) : NULL;
    if (!data && st_numel(grads[i]) > 0) return st__tr_status(), NAN;
    total += sum_squares(data, dt, st_numel(c));
  }
  total = sqrt(total);
  /* The coefficient as PyTorch computes it, in the gradients' dtype:
     clamp(max_norm / (total + 1e-6), max=1). */
  for (int i = 0; i < nparams; i++) {
    if (!grads[i]) continue;
    double coef;
    if (st_dtype_of(grads[i]) == ST_F32) {
      float c = (float)max_norm / ((float)total + 1e-6f);
      coef = c < 1.0f ? c : 1.0f;
    } else {
      double c = max_norm / (total + 1e-6);
      coef = c < 1.0 ? c : 1.0;
    }
    if (isnan(coef) || coef < 1.0) {
      int rc = st_mul_scalar_(grads[i], coef);
      if (rc) return NAN;
    }
  }
  return total;
}

double st_clip_grad_norm(int nparams, st_tensor *const *params, double max_norm) {
  if (nparams < 0)
    return st__tr_error(ST_ERR_ARG, "st_clip_grad_norm: nparams is %d", nparams), NAN;
  if (nparams > 0 && !params) return st__tr_null_arg("st_clip_grad_norm", 2), NAN;
  if (!(max_norm >= 0))
    return st__tr_error(ST_ERR_ARG, "st_clip_grad_norm: max_norm is %g; it must be >= 0", max_norm),
           NAN;
  st_tensor **grads = calloc(nparams ? (size_t)nparams : 1, sizeof *grads);
  if (!grads) return st__tr_error(ST_ERR_OOM, "st_clip_grad_norm: out of memory"), NAN;
  if (st_scope_push()) {
    st_scope_pop();
    free(grads);
    return NAN;
  }
  bool was = st_set_grad_enabled(false);
  double norm = clip_grad_norm(nparams, params, max_norm, grads);
  st_set_grad_enabled(was);
  st_scope_pop();
  free(grads);
  if (!isnan(norm)) st_clear_error();
  return norm;
}

/* ------------------------------------------------------------------ per-sample clipping */

/* Adds each row's sum of squares (rows of `cols` values) to sq[0..rows). */
static void row_squares(const void *data, st_dtype dt, int64_t rows, int64_t cols, double *sq) {
#ifdef _OPENMP
#pragma omp parallel for schedule(static)                                                          \
    num_threads(st_get_num_threads()) if (rows * cols > (1 << 16))
#endif
  for (int64_t b = 0; b < rows; b++) {
    size_t es = dt == ST_F32 ? sizeof(float) : sizeof(double);
    sq[b] += sum_squares((const char *)data + (size_t)(b * cols) * es, dt, cols);
  }
}

/* out[j] = sum_b factor[b] * g[b, j] over columns lo..hi, accumulated in T, row by row (so the
   block of out stays in cache while every row adds to it). */
static void weighted_block_f32(const float *g, const double *factor, int64_t rows, int64_t cols,
                               int64_t lo, int64_t hi, float *out) {
  for (int64_t j = lo; j < hi; j++) out[j] = 0;
  for (int64_t b = 0; b < rows; b++) {
    const float f = (float)factor[b], *row = g + b * cols;
    for (int64_t j = lo; j < hi; j++) out[j] += f * row[j];
  }
}

static void weighted_block_f64(const double *g, const double *factor, int64_t rows, int64_t cols,
                               int64_t lo, int64_t hi, double *out) {
  for (int64_t j = lo; j < hi; j++) out[j] = 0;
  for (int64_t b = 0; b < rows; b++) {
    const double f = factor[b], *row = g + b * cols;
    for (int64_t j = lo; j < hi; j++) out[j] += f * row[j];
  }
}

static void weighted_sum(st_dtype dt, const void *g, const double *factor, int64_t rows,
                         int64_t cols, void *out) {
  enum { BLOCK = 2048 };
  int64_t nblocks = (cols + BLOCK - 1) / BLOCK;
#ifdef _OPENMP
#pragma omp parallel for schedule(static)                                                          \
    num_threads(st_get_num_threads()) if (rows * cols > (1 << 16))
#endif
  for (int64_t k = 0; k < nblocks; k++) {
    int64_t lo = k * BLOCK, hi = lo + BLOCK < cols ? lo + BLOCK : cols;
    if (dt == ST_F32)
      weighted_block_f32(g, factor, rows, cols, lo, hi, out);
    else
      weighted_block_f64(g, factor, rows, cols, lo, hi, out);
  }
}

static int check_per_sample(int n, st_tensor *const *ps, int64_t *rows) {
  const char *fn = "st_clip_per_sample";
  for (int i = 0; i < n; i++) {
    if (!ps[i]) return st__tr_null_arg(fn, 2);
    st_dtype dt = st_dtype_of(ps[i]);
    if (dt != ST_F32 && dt != ST_F64)
      return st__tr_error(ST_ERR_DTYPE, "%s: per_sample[%d] is %s; it must be f32 or f64", fn, i,
                          st_dtype_name(dt));
    if (st_ndim(ps[i]) < 1)
      return st__tr_error(ST_ERR_SHAPE, "%s: per_sample[%d] is 0-dim; it needs a batch dim", fn, i);
    int64_t b = st_size(ps[i], 0);
    if (i == 0)
      *rows = b;
    else if (b != *rows)
      return st__tr_error(ST_ERR_SHAPE, "%s: per_sample[%d] has %lld samples, per_sample[0] %lld",
                          fn, i, (long long)b, (long long)*rows);
  }
  return 0;
}

static int clip_per_sample(int n, st_tensor *const *ps, double max_norm, st_tensor **sums,
                           st_tensor **norms_out, st_tensor **contig, double *sq, int64_t rows) {
  for (int i = 0; i < n; i++) {
    contig[i] = st_contiguous(ps[i]);
    if (!contig[i] || (st_numel(ps[i]) > 0 && !st_data_ptr(contig[i]))) return st__tr_status();
    int64_t cols = rows ? st_numel(ps[i]) / rows : 0;
    if (rows && cols) row_squares(st_data_ptr(contig[i]), st_dtype_of(ps[i]), rows, cols, sq);
  }
  st_dtype dt0 = st_dtype_of(ps[0]);
  st_tensor *norms = st_zeros(dt0, ST_SHAPE(rows));
  if (!norms) return st__tr_status();
  double *factor = sq; /* reused in place: the norm, then the factor */
  for (int64_t b = 0; b < rows; b++) {
    double norm = sqrt(sq[b]);
    if (dt0 == ST_F32)
      ((float *)st_data_ptr(norms))[b] = (float)norm;
    else
      ((double *)st_data_ptr(norms))[b] = norm;
    double f = max_norm / (norm + 1e-6);
    factor[b] = f < 1 ? f : 1;
  }
  for (int i = 0; i < n; i++) {
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(ps[i], shape);
    if (!(sums[i] = st_zeros(st_dtype_of(ps[i]), nd - 1, shape + 1))) return st__tr_status();
    int64_t cols = st_numel(sums[i]);
    if (cols > 0)
      weighted_sum(st_dtype_of(ps[i]), st_data_ptr(contig[i]), factor, rows, cols,
                   st_data_ptr(sums[i]));
  }
  if (norms_out) *norms_out = norms;
  return 0;
}

int st_clip_per_sample(int n, st_tensor *const *per_sample, double max_norm, st_tensor **sums,
                       st_tensor **norms) {
  const char *fn = "st_clip_per_sample";
  if (n < 1) return st__tr_error(ST_ERR_ARG, "%s: n is %d; it must be at least 1", fn, n);
  if (!per_sample) return st__tr_null_arg(fn, 2);
  if (!sums) return st__tr_null_arg(fn, 4);
  if (!(max_norm >= 0))
    return st__tr_error(ST_ERR_ARG, "%s: max_norm is %g; it must be >= 0", fn, max_norm);
  int64_t rows = 0;
  if (check_per_sample(n, per_sample, &rows)) return st__tr_status();
  st_tensor **contig = calloc((size_t)n, sizeof *contig);
  double *sq = calloc(rows ? (size_t)rows : 1, sizeof *sq);
  st_tensor **out = calloc((size_t)n, sizeof *out), *nrm = NULL;
  int rc = contig && sq && out ? 0 : st__tr_error(ST_ERR_OOM, "%s: out of memory", fn);
  bool pushed = !rc;
  if (pushed && st_scope_push()) rc = ST_ERR_OOM;
  if (!rc) {
    bool was = st_set_grad_enabled(false);
    rc = clip_per_sample(n, per_sample, max_norm, out, &nrm, contig, sq, rows);
    st_set_grad_enabled(was);
    if (!rc) { /* the results go to the caller's scope, the rest with this one */
      for (int i = 0; i < n; i++) sums[i] = st_keep(out[i]);
      if (norms) *norms = st_keep(nrm);
    }
  }
  if (pushed) st_scope_pop();
  free(contig);
  free(sq);
  free(out);
  if (!rc) st_clear_error();
  return rc;
}
