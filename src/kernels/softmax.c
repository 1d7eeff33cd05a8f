/* softmax.c — softmax, log_softmax and cross entropy. Every row is shifted by its max so large
   logits never overflow, and the inner loops run in fixed-width lanes (or across columns) so
   the compiler vectorizes them without reassociating floating point. */
#include <math.h>
#include <string.h>

#include "nn.h"

#define LANES 16        /* independent accumulators of a row reduction */
#define COLS 64         /* columns of an [n, inner] block handled together */
#define PAR_WORK 32768  /* below this many elements, one thread */

/* exp(x) for x <= 0 or NaN, in f32, branch-free so it vectorizes: x = k ln2 + r with |r| <=
   ln2/2 (Cody-Waite split of ln2), exp(r) by the minimax polynomial of Cephes' expf (S. Moshier,
   Cephes Math Library), 2^k written into the exponent bits. Below -87 (exp < 2^-125) gives 0. */
static inline float exp_nonpos_f32(float x) {
  bool tiny = x < -87.0f;
  float xc = st__select_f32(tiny, -87.0f, x);
  float big = xc * 1.44269504088896341f + 0x1.8p23f; /* k = round(x / ln2) in the low bits */
  float k = big - 0x1.8p23f;
  uint32_t bits;
  memcpy(&bits, &big, sizeof bits);
  float r = xc - k * 0.693359375f - k * -2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  uint32_t scale_bits = (bits - 0x4b400000u + 127u) << 23; /* k + bias, in the exponent field */
  float scale;
  memcpy(&scale, &scale_bits, sizeof scale);
  return st__select_f32(tiny, 0.0f, p * scale);
}
static inline double exp_nonpos_f64(double x) { return exp(x); }

/* Floats as unsigned integers in the same order (the radix-sort key: flip every bit of a
   negative, the sign bit of a positive), so that a row max is an integer max, which vectorizes.
   A NaN with the sign bit clear is the largest key, so a row holding it gives NaN. */
#define FLOAT_KEYS(T, U, S, SIGN)                                                                  \
  static inline U key_##S(T x) {                                                                   \
    U u;                                                                                           \
    memcpy(&u, &x, sizeof u);                                                                      \
    return u & SIGN ? ~u : u | SIGN;                                                               \
  }                                                                                                \
  static inline T unkey_##S(U k) {                                                                 \
    U u = k & SIGN ? k & ~SIGN : ~k;                                                               \
    T x;                                                                                           \
    memcpy(&x, &u, sizeof x);                                                                      \
    return x;                                                                                      \
  }

FLOAT_KEYS(float, uint32_t, f32, 0x80000000u)
FLOAT_KEYS(double, uint64_t, f64, 0x8000000000000000u)

/* Per dtype: the row max, the sum of exp(x - m) (storing the exps when y is not NULL) in
   LANES independent sums, whole rows, and column blocks of [n, inner]. */
#define ROW_REDUCTIONS(T, U, S)                                                                    \
  static T max_##S(const T *x, int64_t n) {                                                        \
    U acc = key_##S(-INFINITY);                                                                    \
    for (int64_t i = 0; i < n; i++) {                                                              \
      U k = key_##S(x[i]);                                                                         \
      acc = k > acc ? k : acc;                                                                     \
    }                                                                                              \
    return unkey_##S(acc);                                                                         \
  }                                                                                                \
  static T sumexp_##S(const T *x, int64_t n, T m, T *y) {                                          \
    T acc[LANES] = {0};                                                                            \
    int64_t i = 0;                                                                                 \
    if (y) {                                                                                       \
      for (; i + LANES <= n; i += LANES)                                                           \
        for (int j = 0; j < LANES; j++) acc[j] += y[i + j] = exp_nonpos_##S(x[i + j] - m);         \
      for (; i < n; i++) acc[0] += y[i] = exp_nonpos_##S(x[i] - m);                                \
    } else {                                                                                       \
      for (; i + LANES <= n; i += LANES)                                                           \
        for (int j = 0; j < LANES; j++) acc[j] += exp_nonpos_##S(x[i + j] - m);                    \
      for (; i < n; i++) acc[0] += exp_nonpos_##S(x[i] - m);                                       \
    }                                                                                              \
    T s = 0;                                                                                       \
    for (int j = 0; j < LANES; j++) s += acc[j];                                                   \
    return s;                                                                                      \
  }

/* log_softmax is (x - m) - log(sum): subtracting m first keeps the precision of small results
   when m is large (x = 1000 in f32 has an ulp of 6e-5). */
#define SOFTMAX_ROWS(T, S)                                                                         \
  static void softmax_row_##S(const T *x, T *y, int64_t n, bool log) {                             \
    T m = max_##S(x, n);                                                                           \
    if (log) {                                                                                     \
      T ls = (T)logf_##S(sumexp_##S(x, n, m, NULL));                                               \
      for (int64_t i = 0; i < n; i++) y[i] = (x[i] - m) - ls;                                      \
    } else {                                                                                       \
      T inv = 1 / sumexp_##S(x, n, m, y);                                                          \
      for (int64_t i = 0; i < n; i++) y[i] *= inv;                                                 \
    }                                                                                              \
  }

#define SOFTMAX_COLS(T, U, S)                                                                      \
  static void softmax_cols_##S(const T *x, T *y, int64_t n, int64_t inner, int64_t width,          \
                               bool log) {                                                         \
    T mx[COLS], sm[COLS];                                                                          \
    U km[COLS];                                                                                    \
    for (int64_t j = 0; j < width; j++) km[j] = key_##S(-INFINITY), sm[j] = 0;                     \
    for (int64_t r = 0; r < n; r++)                                                                \
      for (int64_t j = 0; j < width; j++) {                                                        \
        U k = key_##S(x[r * inner + j]);                                                           \
        km[j] = k > km[j] ? k : km[j];                                                             \
      }                                                                                            \
    for (int64_t j = 0; j < width; j++) mx[j] = unkey_##S(km[j]);                                  \
    if (log) {                                                                                     \
      for (int64_t r = 0; r < n; r++)                                                              \
        for (int64_t j = 0; j < width; j++) sm[j] += exp_nonpos_##S(x[r * inner + j] - mx[j]);     \
      for (int64_t j = 0; j < width; j++) sm[j] = (T)logf_##S(sm[j]);                              \
      for (int64_t r = 0; r < n; r++)                                                              \
        for (int64_t j = 0; j < width; j++) y[r * inner + j] = (x[r * inner + j] - mx[j]) - sm[j]; \
      return;                                                                                      \
    }                                                                                              \
    for (int64_t r = 0; r < n; r++)                                                                \
      for (int64_t j = 0; j < width; j++)                                                          \
        sm[j] += y[r * inner + j] = exp_nonpos_##S(x[r * inner + j] - mx[j]);                      \
    for (int64_t j = 0; j < width; j++) sm[j] = 1 / sm[j];                                         \
    for (int64_t r = 0; r < n; r++)                                                                \
      for (int64_t j = 0; j < width; j++) y[r * inner + j] *= sm[j];                               \
  }

/* One task per row (inner == 1) or per block of COLS columns of one outer slice. */
#define SOFTMAX_DRIVER(T, S)                                                                       \
  static void softmax_##S(const T *x, T *y, int64_t outer, int64_t n, int64_t inner, bool log) {   \
    int64_t blocks = (inner + COLS - 1) / COLS, tasks = outer * blocks;                            \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (outer * n * inner > PAR_WORK)")   \
    for (int64_t t = 0; t < tasks; t++) {                                                          \
      int64_t o = t / blocks, j0 = (t % blocks) * COLS;                                            \
      const T *xs = x + o * n * inner + j0;                                                        \
      T *ys = y + o * n * inner + j0;                                                              \
      if (inner == 1) softmax_row_##S(xs, ys, n, log);                                             \
      else softmax_cols_##S(xs, ys, n, inner, inner - j0 < COLS ? inner - j0 : COLS, log);         \
    }                                                                                              \
  }

/* loss_i = log(sum exp(x_i - m)) + (m - x_i[t]): m - x_t is exact when they are close, which
   keeps small losses accurate next to large logits. */
#define CROSS_ENTROPY(T, S)                                                                        \
  static double cross_entropy_##S(const T *x, int64_t rows, int64_t classes, int64_t rs,           \
                                  int64_t cs, const int64_t *target, int64_t ts, T *losses) {      \
    double total = 0;                                                                              \
    _Pragma("omp parallel for num_threads(st__num_threads()) reduction(+ : total) \
             if (rows * classes > PAR_WORK)")                                                      \
    for (int64_t i = 0; i < rows; i++) {                                                           \
      const T *xr = x + i * rs;                                                                    \
      T m = -INFINITY, s = 0;                                                                      \
      if (cs == 1) {                                                                               \
        m = max_##S(xr, classes);                                                                  \
        s = sumexp_##S(xr, classes, m, NULL);                                                      \
      } else {                                                                                     \
        for (int64_t c = 0; c < classes; c++) m = xr[c * cs] > m ? xr[c * cs] : m;                 \
        for (int64_t c = 0; c < classes; c++) s += exp_nonpos_##S(xr[c * cs] - m);                 \
      }                                                                                            \
      T loss = (T)logf_##S(s) + (m - xr[target[i * ts] * cs]);                                     \
      if (losses) losses[i] = loss;                                                                \
      total += loss;                                                                               \
    }                                                                                              \
    return total;                                                                                  \
  }

static inline float logf_f32(float x) { return logf(x); }
static inline double logf_f64(double x) { return log(x); }

ROW_REDUCTIONS(float, uint32_t, f32)
ROW_REDUCTIONS(double, uint64_t, f64)
SOFTMAX_ROWS(float, f32)
SOFTMAX_ROWS(double, f64)
SOFTMAX_COLS(float, uint32_t, f32)
SOFTMAX_COLS(double, uint64_t, f64)
SOFTMAX_DRIVER(float, f32)
SOFTMAX_DRIVER(double, f64)
CROSS_ENTROPY(float, f32)
CROSS_ENTROPY(double, f64)

void st__k_softmax(st_dtype dt, const void *x, void *y, int64_t outer, int64_t n, int64_t inner,
                   bool log) {
  if (outer * n * inner == 0) return;
  if (dt == ST_F32) softmax_f32(x, y, outer, n, inner, log);
  else softmax_f64(x, y, outer, n, inner, log);
}

double st__k_cross_entropy(st_dtype dt, const void *x, int64_t rows, int64_t classes, int64_t rs,
                           int64_t cs, const int64_t *target, int64_t ts, void *losses) {
  if (dt == ST_F32) return cross_entropy_f32(x, rows, classes, rs, cs, target, ts, losses);
  return cross_entropy_f64(x, rows, classes, rs, cs, target, ts, losses);
}
