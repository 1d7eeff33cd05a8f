/* nn.c — kernels of nll_loss, mse_loss (squared error), layer_norm, dropout and embedding. */
#include <math.h>
#include <string.h>

#include "nn.h"
#include "random.h"

#define PAR_WORK 32768 /* below this many elements, one thread */
#define LANES 8        /* independent accumulators of a row sum */
#define DROPOUT_CHUNK 8192 /* a multiple of 4, so each chunk starts on a Philox counter */

/* --------------------------------------------------------------------------------- nll_loss */

#define NLL_LOSS(T)                                                                                \
  do {                                                                                             \
    const T *p = logp;                                                                             \
    T *out = losses;                                                                               \
    for (int64_t i = 0; i < rows; i++) {                                                           \
      T loss = -p[i * rs + target[i * ts] * cs];                                                   \
      if (out) out[i] = loss;                                                                      \
      total += loss;                                                                               \
    }                                                                                              \
  } while (0)

double st__k_nll_loss(st_dtype dt, const void *logp, int64_t rows, int64_t rs, int64_t cs,
                      const int64_t *target, int64_t ts, void *losses) {
  double total = 0;
  if (dt == ST_F32) NLL_LOSS(float);
  else NLL_LOSS(double);
  return total;
}

/* ---------------------------------------------------------------------------- squared error */

/* One row of the innermost dim; the unit-stride case is split out so it vectorizes. */
#define SQUARED_ROW(T)                                                                             \
  do {                                                                                             \
    const T *pa = (const T *)a + oa, *pb = (const T *)b + ob;                                      \
    T *po = out ? (T *)out + r * inner : NULL;                                                     \
    double acc = 0;                                                                                \
    if (ia == 1 && ib == 1 && po) {                                                                \
      for (int64_t i = 0; i < inner; i++) po[i] = (pa[i] - pb[i]) * (pa[i] - pb[i]);               \
      for (int64_t i = 0; i < inner; i++) acc += po[i];                                            \
    } else {                                                                                       \
      for (int64_t i = 0; i < inner; i++) {                                                        \
        T d = pa[i * ia] - pb[i * ib];                                                             \
        if (po) po[i] = d * d;                                                                     \
        acc += d * d;                                                                              \
      }                                                                                            \
    }                                                                                              \
    total += acc;                                                                                  \
  } while (0)

double st__k_squared_error(st_dtype dt, int ndim, const int64_t *shape, const void *a,
                           const int64_t *sa, const void *b, const int64_t *sb, void *out) {
  int64_t inner = ndim ? shape[ndim - 1] : 1, numel = st__numel(ndim, shape);
  int64_t ia = ndim ? sa[ndim - 1] : 0, ib = ndim ? sb[ndim - 1] : 0;
  if (numel == 0) return 0;
  int64_t rows = numel / inner;
  double total = 0;
#pragma omp parallel for num_threads(st__num_threads()) reduction(+ : total) if (numel > PAR_WORK)
  for (int64_t r = 0; r < rows; r++) {
    int64_t oa = 0, ob = 0, rest = r;
    for (int d = ndim - 2; d >= 0; d--) { /* unravel the row index over the outer dims */
      int64_t i = rest % shape[d];
      rest /= shape[d];
      oa += i * sa[d];
      ob += i * sb[d];
    }
    if (dt == ST_F32) SQUARED_ROW(float);
    else SQUARED_ROW(double);
  }
  return total;
}

/* ------------------------------------------------------------------------------- layer_norm */

/* Mean and biased variance of a row, two-pass in double (Welford's one pass is not needed when
   the row is in cache, and the two-pass form is the more accurate; Chan et al., 1983). */
#define ROW_MOMENTS(T)                                                                             \
  static void moments_##T(const T *x, int64_t m, double *mean, double *var) {                      \
    double acc[LANES] = {0}, s = 0, q = 0;                                                         \
    int64_t i = 0;                                                                                 \
    for (; i + LANES <= m; i += LANES)                                                             \
      for (int j = 0; j < LANES; j++) acc[j] += x[i + j];                                          \
    for (; i < m; i++) acc[0] += x[i];                                                             \
    for (int j = 0; j < LANES; j++) s += acc[j], acc[j] = 0;                                       \
    double mu = s / (double)m;                                                                     \
    for (i = 0; i + LANES <= m; i += LANES)                                                        \
      for (int j = 0; j < LANES; j++) acc[j] += (x[i + j] - mu) * (x[i + j] - mu);                 \
    for (; i < m; i++) acc[0] += (x[i] - mu) * (x[i] - mu);                                        \
    for (int j = 0; j < LANES; j++) q += acc[j];                                                   \
    *mean = mu;                                                                                    \
    *var = q / (double)m;                                                                          \
  }

#define LAYER_NORM(T)                                                                              \
  static void layer_norm_##T(const T *x, int64_t rows, int64_t m, const T *w, const T *b,          \
                             double eps, T *y) {                                                   \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (rows * m > PAR_WORK)")            \
    for (int64_t r = 0; r < rows; r++) {                                                           \
      const T *xr = x + r * m;                                                                     \
      T *yr = y + r * m;                                                                           \
      double mean, var;                                                                            \
      moments_##T(xr, m, &mean, &var);                                                             \
      T mu = (T)mean, rstd = (T)(1 / sqrt(var + eps));                                             \
      if (w && b)                                                                                  \
        for (int64_t i = 0; i < m; i++) yr[i] = (xr[i] - mu) * rstd * w[i] + b[i];                 \
      else if (w)                                                                                  \
        for (int64_t i = 0; i < m; i++) yr[i] = (xr[i] - mu) * rstd * w[i];                        \
      else if (b)                                                                                  \
        for (int64_t i = 0; i < m; i++) yr[i] = (xr[i] - mu) * rstd + b[i];                        \
      else                                                                                         \
        for (int64_t i = 0; i < m; i++) yr[i] = (xr[i] - mu) * rstd;                               \
    }                                                                                              \
  }

ROW_MOMENTS(float)
ROW_MOMENTS(double)
LAYER_NORM(float)
LAYER_NORM(double)

void st__k_layer_norm(st_dtype dt, const void *x, int64_t rows, int64_t m, const void *w,
                      const void *b, double eps, void *y) {
  if (rows * m == 0) return;
  if (dt == ST_F32) layer_norm_float(x, rows, m, w, b, eps, y);
  else layer_norm_double(x, rows, m, w, b, eps, y);
}

/* ---------------------------------------------------------------------------------- dropout */

/* The uniforms are drawn into y, then replaced by the result (after the mask of kept elements
   is read from them). Element i always uses the counter st__k_uniform gives it, so the mask does
   not depend on the chunking or the thread count. */
#define DROPOUT_CHUNK_LOOP(T, S)                                                                   \
  do {                                                                                             \
    T *yc = (T *)y + start;                                                                        \
    const T *xc = (const T *)x + start;                                                            \
    bool *mc = mask + start;                                                                       \
    T scale = (T)(p < 1 ? 1 / (1 - p) : 0), thr = threshold_##S(p);                                \
    for (int64_t i = 0; i < len; i++) mc[i] = !(yc[i] < thr);                                      \
    for (int64_t i = 0; i < len; i++) yc[i] = st__select_##S(yc[i] < thr, 0, xc[i] * scale);       \
  } while (0)

/* The least value of the dtype >= p, so that u < threshold exactly when u < p. */
static float threshold_f32(double p) {
  float t = (float)p;
  return (double)t < p ? nextafterf(t, INFINITY) : t;
}
static double threshold_f64(double p) { return p; }

void st__k_dropout(st_dtype dt, const void *x, void *y, bool *mask, int64_t n, double p,
                   uint64_t key, uint64_t first) {
  int64_t chunks = (n + DROPOUT_CHUNK - 1) / DROPOUT_CHUNK;
  size_t es = st_dtype_size(dt);
#pragma omp parallel for num_threads(st__num_threads()) if (n > PAR_WORK)
  for (int64_t k = 0; k < chunks; k++) {
    int64_t start = k * DROPOUT_CHUNK, len = n - start < DROPOUT_CHUNK ? n - start : DROPOUT_CHUNK;
    uint64_t counter = first + st__k_random_counters(ST_DRAW_UNIFORM, dt, start);
    st__k_uniform((char *)y + (size_t)start * es, dt, len, key, counter);
    if (dt == ST_F32) DROPOUT_CHUNK_LOOP(float, f32);
    else DROPOUT_CHUNK_LOOP(double, f64);
  }
}

/* -------------------------------------------------------------------------------- embedding */

void st__k_embedding(void *out, const void *weight, size_t esize, int64_t rs, int64_t cs, int64_t d,
                     const int64_t *index, int64_t n) {
  int64_t es = (int64_t)esize;
#pragma omp parallel for num_threads(st__num_threads()) if (n * d > PAR_WORK)
  for (int64_t k = 0; k < n; k++) {
    const char *src = (const char *)weight + index[k] * rs * es;
    char *dst = (char *)out + k * d * es;
    if (cs == 1) memcpy(dst, src, (size_t)(d * es));
    else
      for (int64_t j = 0; j < d; j++) memcpy(dst + j * es, src + j * cs * es, esize);
  }
}
