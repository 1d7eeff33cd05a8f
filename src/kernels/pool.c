/* pool.c — 2-D max and average pooling over strided input, one (image, channel) plane per task.
   Windows are clipped to the image, which is what -inf (max) or 0 (mean) padding amounts to. */
#include <math.h>

#include "nn.h"

#define PAR_WORK 32768

/* Calls BODY(v) for each value of the window of output (oy, ox) that lies inside the plane. */
#define FOR_WINDOW(T, BODY)                                                                        \
  int64_t h0 = oy * g->stride[0] - g->pad[0], w0 = ox * g->stride[1] - g->pad[1];                  \
  int64_t hs = h0 < 0 ? 0 : h0, ws = w0 < 0 ? 0 : w0;                                              \
  int64_t he = h0 + g->kernel[0] < g->h ? h0 + g->kernel[0] : g->h;                                \
  int64_t we = w0 + g->kernel[1] < g->w ? w0 + g->kernel[1] : g->w;                                \
  for (int64_t ih = hs; ih < he; ih++)                                                             \
    for (int64_t iw = ws; iw < we; iw++) {                                                         \
      T v = xp[ih * xs[2] + iw * xs[3]];                                                           \
      BODY;                                                                                        \
    }

/* One task per plane. INIT starts each output's accumulator, BODY folds in a value v, FINISH is
   what is stored. */
#define POOL(name, T, INIT, BODY, FINISH)                                                          \
  static void name##_##T(const st_pool2d_geom *g, const T *x, const int64_t *xs, T *y) {           \
    int64_t planes = g->n * g->c, out = g->oh * g->ow;                                             \
    double work = (double)(planes * out) * (double)g->kernel[0] * (double)g->kernel[1];            \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (work > PAR_WORK)")                \
    for (int64_t p = 0; p < planes; p++) {                                                         \
      const T *xp = x + p / g->c * xs[0] + p % g->c * xs[1];                                       \
      T *yp = y + p * out;                                                                         \
      for (int64_t oy = 0; oy < g->oh; oy++)                                                       \
        for (int64_t ox = 0; ox < g->ow; ox++) {                                                   \
          T acc = INIT;                                                                            \
          FOR_WINDOW(T, BODY)                                                                      \
          yp[oy * g->ow + ox] = FINISH;                                                            \
        }                                                                                          \
    }                                                                                              \
  }

/* The max and where it is: the flat index ih * w + iw within the plane, as PyTorch's
   max_pool2d_with_indices gives it (the backward scatters the gradient there). As in PyTorch's
   CPU kernel: NaN wins (a later NaN replaces an earlier one), ties keep the first maximum in
   window order, and a window of -inf values points at its first element. */
#define MAX_POOL(T)                                                                                \
  static void max_pool_##T(const st_pool2d_geom *g, const T *x, const int64_t *xs, T *y,           \
                           int64_t *idx) {                                                         \
    int64_t planes = g->n * g->c, out = g->oh * g->ow;                                             \
    double work = (double)(planes * out) * (double)g->kernel[0] * (double)g->kernel[1];            \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (work > PAR_WORK)")                \
    for (int64_t p = 0; p < planes; p++) {                                                         \
      const T *xp = x + p / g->c * xs[0] + p % g->c * xs[1];                                       \
      T *yp = y + p * out;                                                                         \
      int64_t *ip = idx + p * out;                                                                 \
      for (int64_t oy = 0; oy < g->oh; oy++)                                                       \
        for (int64_t ox = 0; ox < g->ow; ox++) {                                                   \
          T acc = -INFINITY;                                                                       \
          int64_t at = -1; /* taking the first value unconditionally is PyTorch's -inf start */   \
          FOR_WINDOW(T, if (at < 0 || v > acc || isnan(v)) {                                       \
            acc = v;                                                                               \
            at = ih * g->w + iw;                                                                   \
          })                                                                                       \
          yp[oy * g->ow + ox] = acc;                                                               \
          ip[oy * g->ow + ox] = at;                                                                \
        }                                                                                          \
    }                                                                                              \
  }

MAX_POOL(float)
MAX_POOL(double)
/* count_include_pad: the divisor is the whole window, padding included (PyTorch's default). */
POOL(avg_pool, float, 0, acc += v, acc / (float)(g->kernel[0] * g->kernel[1]))
POOL(avg_pool, double, 0, acc += v, acc / (double)(g->kernel[0] * g->kernel[1]))

void st__k_max_pool2d(st_dtype dt, const st_pool2d_geom *g, const void *x, const int64_t *xs,
                      void *y, int64_t *idx) {
  if (dt == ST_F32) max_pool_float(g, x, xs, y, idx);
  else max_pool_double(g, x, xs, y, idx);
}

void st__k_avg_pool2d(st_dtype dt, const st_pool2d_geom *g, const void *x, const int64_t *xs,
                      void *y) {
  if (dt == ST_F32) avg_pool_float(g, x, xs, y);
  else avg_pool_double(g, x, xs, y);
}

/* The adjoint of avg_pool: every output's gradient, divided by the whole window, is added to
   the input positions its (clipped) window covers. One plane per task, so no two tasks write
   the same element. */
#define AVG_POOL_BACKWARD(T)                                                                       \
  static void avg_pool_backward_##T(const st_pool2d_geom *g, const T *gy, T *gx) {                 \
    int64_t planes = g->n * g->c, out = g->oh * g->ow, in = g->h * g->w;                           \
    double work = (double)(planes * out) * (double)g->kernel[0] * (double)g->kernel[1];            \
    T div = (T)(g->kernel[0] * g->kernel[1]);                                                      \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (work > PAR_WORK)")                \
    for (int64_t p = 0; p < planes; p++) {                                                         \
      T *xp = gx + p * in;                                                                         \
      const T *yp = gy + p * out;                                                                  \
      for (int64_t i = 0; i < in; i++) xp[i] = 0;                                                  \
      for (int64_t oy = 0; oy < g->oh; oy++)                                                       \
        for (int64_t ox = 0; ox < g->ow; ox++) {                                                   \
          T v = yp[oy * g->ow + ox] / div;                                                         \
          int64_t h0 = oy * g->stride[0] - g->pad[0], w0 = ox * g->stride[1] - g->pad[1];          \
          int64_t hs = h0 < 0 ? 0 : h0, ws = w0 < 0 ? 0 : w0;                                      \
          int64_t he = h0 + g->kernel[0] < g->h ? h0 + g->kernel[0] : g->h;                        \
          int64_t we = w0 + g->kernel[1] < g->w ? w0 + g->kernel[1] : g->w;                        \
          for (int64_t ih = hs; ih < he; ih++)                                                     \
            for (int64_t iw = ws; iw < we; iw++) xp[ih * g->w + iw] += v;                          \
        }                                                                                          \
    }                                                                                              \
  }

AVG_POOL_BACKWARD(float)
AVG_POOL_BACKWARD(double)

void st__k_avg_pool2d_backward(st_dtype dt, const st_pool2d_geom *g, const void *gy, void *gx) {
  if (dt == ST_F32) avg_pool_backward_float(g, gy, gx);
  else avg_pool_backward_double(g, gy, gx);
}
