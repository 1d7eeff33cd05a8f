/* conv.c — conv2d as im2col + GEMM: per image and group, the input windows are unfolded into a
   column matrix [C/groups * kh * kw, oh * ow] so that the convolution is one matrix product with
   the weight seen as [O/groups, C/groups * kh * kw]. 1x1 convolutions skip the unfolding. The
   two backward kernels are the same products transposed: the input gradient is w^T gy folded
   back onto the image (col2im), the weight gradient gy col^T summed over the images. */
#include <string.h>

#include "gemm.h"
#include "nn.h"

#define PAR_WORK 32768
#define COL_TILE (1 << 21) /* elements of column matrix per GEMM: bounds the scratch memory */

/* The output columns ox whose input column ox*stride + off lies inside [0, w): [*lo, *hi). */
static void valid_span(int64_t off, int64_t stride, int64_t w, int64_t ow, int64_t *lo,
                       int64_t *hi) {
  int64_t a = off >= 0 ? 0 : (-off + stride - 1) / stride;
  int64_t b = w - 1 - off < 0 ? 0 : (w - 1 - off) / stride + 1;
  *lo = a < ow ? a : ow;
  *hi = b < ow ? b : ow;
  if (*hi < *lo) *hi = *lo;
}

/* Unfolds output rows [oy0, oy1) of one image's channel group x (strides xs) into col: row
   r = (ci, ki, kj) holds x[ci, oy*sh - ph + ki*dh, ox*sw - pw + kj*dw], 0 in the padding. */
#define IM2COL(T)                                                                                  \
  static void im2col_##T(const st_conv2d_geom *g, const T *x, const int64_t *xs, int64_t oy0,      \
                         int64_t oy1, T *col) {                                                    \
    int64_t cg = g->c / g->groups, kk = g->kh * g->kw, rows = cg * kk, ow = g->ow;                 \
    int64_t tile = (oy1 - oy0) * ow, sw = g->stride[1];                                            \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (rows * tile > PAR_WORK)")         \
    for (int64_t r = 0; r < rows; r++) {                                                           \
      int64_t ci = r / kk, ki = r % kk / g->kw, kj = r % g->kw, lo, hi;                            \
      int64_t off = kj * g->dilation[1] - g->pad[1];                                               \
      valid_span(off, sw, g->w, ow, &lo, &hi);                                                     \
      T *dst = col + r * tile;                                                                     \
      for (int64_t oy = oy0; oy < oy1; oy++, dst += ow) {                                          \
        int64_t ih = oy * g->stride[0] - g->pad[0] + ki * g->dilation[0];                          \
        if (ih < 0 || ih >= g->h) {                                                                \
          memset(dst, 0, sizeof(T) * (size_t)ow);                                                  \
          continue;                                                                                \
        }                                                                                          \
        const T *src = x + ci * xs[1] + ih * xs[2];                                                \
        memset(dst, 0, sizeof(T) * (size_t)lo);                                                    \
        if (sw == 1 && xs[3] == 1)                                                                 \
          memcpy(dst + lo, src + (lo + off), sizeof(T) * (size_t)(hi - lo));                       \
        else                                                                                       \
          for (int64_t ox = lo; ox < hi; ox++) dst[ox] = src[(ox * sw + off) * xs[3]];             \
        memset(dst + hi, 0, sizeof(T) * (size_t)(ow - hi));                                        \
      }                                                                                            \
    }                                                                                              \
  }

IM2COL(float)
IM2COL(double)

/* y[n, o, :, :] += bias[o]. */
#define ADD_BIAS(T)                                                                                \
  do {                                                                                             \
    T *yy = y;                                                                                     \
    const T *bb = bias;                                                                            \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (planes * l > PAR_WORK)")          \
    for (int64_t p = 0; p < planes; p++)                                                           \
      for (int64_t i = 0; i < l; i++) yy[p * l + i] += bb[p % g->o];                               \
  } while (0)

static int gemm(st_dtype dt, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                const void *b, int64_t rsb, void *c, int64_t rsc) {
  if (dt == ST_F32) return st__k_gemm_f32(m, n, k, a, rsa, 1, b, rsb, 1, 0.0f, c, rsc, 1);
  return st__k_gemm_f64(m, n, k, a, rsa, 1, b, rsb, 1, 0.0, c, rsc, 1);
}

/* Output rows per GEMM so that the column tile holds at most COL_TILE elements (at least one). */
static int64_t rows_per_tile(const st_conv2d_geom *g, int64_t kg) {
  int64_t per_row = kg * g->ow, rows = per_row > 0 ? COL_TILE / per_row : g->oh;
  return rows < 1 ? 1 : rows > g->oh ? g->oh : rows;
}

/* One image, one group: im2col tile by tile, each tile one GEMM into the matching output rows. */
static int conv_group(st_dtype dt, const st_conv2d_geom *g, const char *xg, const int64_t *xs,
                      const char *wg, char *yg, void *col, int64_t kg) {
  size_t es = st_dtype_size(dt);
  int64_t og = g->o / g->groups, l = g->oh * g->ow, step = rows_per_tile(g, kg);
  for (int64_t oy0 = 0; oy0 < g->oh; oy0 += step) {
    int64_t oy1 = oy0 + step < g->oh ? oy0 + step : g->oh, tile = (oy1 - oy0) * g->ow;
    if (dt == ST_F32) im2col_float(g, (const float *)xg, xs, oy0, oy1, col);
    else im2col_double(g, (const double *)xg, xs, oy0, oy1, col);
    if (gemm(dt, og, tile, kg, wg, kg, col, tile, yg + (size_t)(oy0 * g->ow) * es, l)) return -1;
  }
  return 0;
}

/* A 1x1 kernel with unit stride, no padding and (h, w) that merge into one unit-stride dim reads
   the input itself as the column matrix. */
static bool is_pointwise(const st_conv2d_geom *g, const int64_t *xs) {
  return g->kh == 1 && g->kw == 1 && g->stride[0] == 1 && g->stride[1] == 1 && g->pad[0] == 0 &&
         g->pad[1] == 0 && xs[3] == 1 && (xs[2] == g->w || g->h == 1);
}

int st__k_conv2d(st_dtype dt, const st_conv2d_geom *g, const void *x, const int64_t *xs,
                 const void *w, const void *bias, void *y) {
  size_t es = st_dtype_size(dt);
  int64_t cg = g->c / g->groups, og = g->o / g->groups, kg = cg * g->kh * g->kw;
  int64_t l = g->oh * g->ow, planes = g->n * g->o;
  if (planes * l == 0) return 0;
  if (kg == 0) { /* no input channels: the output is the bias alone */
    memset(y, 0, (size_t)(planes * l) * es);
  } else {
    bool pointwise = is_pointwise(g, xs);
    size_t col_bytes = pointwise ? 0 : (size_t)(kg * rows_per_tile(g, kg) * g->ow) * es;
    void *col = pointwise ? NULL : st__alloc_aligned(col_bytes);
    if (!pointwise && !col) return -1;
    int rc = 0;
    for (int64_t img = 0; img < g->n && !rc; img++)
      for (int64_t grp = 0; grp < g->groups && !rc; grp++) {
        const char *xg = (const char *)x + (size_t)(img * xs[0] + grp * cg * xs[1]) * es;
        const char *wg = (const char *)w + (size_t)(grp * og * kg) * es;
        char *yg = (char *)y + (size_t)((img * g->o + grp * og) * l) * es;
        rc = pointwise ? gemm(dt, og, l, kg, wg, kg, xg, xs[1], yg, l)
                       : conv_group(dt, g, xg, xs, wg, yg, col, kg);
      }
    st__free_aligned(col, col_bytes);
    if (rc) return rc;
  }
  if (bias && dt == ST_F32) ADD_BIAS(float);
  else if (bias) ADD_BIAS(double);
  return 0;
}

/* ------------------------------------------------------------------------------- backward */

/* C (+)= A B with both operands strided (beta 0 overwrites C, 1 accumulates). */
static int gemm_strided(st_dtype dt, int64_t m, int64_t n, int64_t k, const void *a, int64_t rsa,
                        int64_t csa, const void *b, int64_t rsb, int64_t csb, int beta, void *c,
                        int64_t rsc) {
  if (dt == ST_F32)
    return st__k_gemm_f32(m, n, k, a, rsa, csa, b, rsb, csb, (float)beta, c, rsc, 1);
  return st__k_gemm_f64(m, n, k, a, rsa, csa, b, rsb, csb, (double)beta, c, rsc, 1);
}

/* The adjoint of im2col: adds column rows (ci, ki, kj) of output rows [oy0, oy1) into the
   contiguous [C/groups, h, w] channel group x. Rows of one channel all land in that channel's
   plane, so channels run in parallel without two tasks writing one element. */
#define COL2IM(T)                                                                                  \
  static void col2im_##T(const st_conv2d_geom *g, const T *col, int64_t oy0, int64_t oy1, T *x) { \
    int64_t cg = g->c / g->groups, kk = g->kh * g->kw, ow = g->ow;                                 \
    int64_t tile = (oy1 - oy0) * ow, sw = g->stride[1];                                            \
    _Pragma("omp parallel for num_threads(st__num_threads()) if (cg * kk * tile > PAR_WORK)")      \
    for (int64_t ci = 0; ci < cg; ci++) {                                                          \
      T *plane = x + ci * g->h * g->w;                                                             \
      for (int64_t kij = 0; kij < kk; kij++) {                                                     \
        int64_t ki = kij / g->kw, kj = kij % g->kw, lo, hi;                                        \
        int64_t off = kj * g->dilation[1] - g->pad[1];                                             \
        valid_span(off, sw, g->w, ow, &lo, &hi);                                                   \
        const T *src = col + (ci * kk + kij) * tile;                                               \
        for (int64_t oy = oy0; oy < oy1; oy++, src += ow) {                                        \
          int64_t ih = oy * g->stride[0] - g->pad[0] + ki * g->dilation[0];                        \
          if (ih < 0 || ih >= g->h) continue;                                                      \
          T *dst = plane + ih * g->w + off;                                                        \
          for (int64_t ox = lo; ox < hi; ox++) dst[ox * sw] += src[ox];                            \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
  }

COL2IM(float)
COL2IM(double)

/* gx = conv2d's input gradient. Per image and group: col [kg, tile] = w_g^T gy_g (w_g read
   transposed in place), folded into gx; the pointwise case writes w_g^T gy_g straight into gx. */
int st__k_conv2d_input_backward(st_dtype dt, const st_conv2d_geom *g, const void *gy,
                                const void *w, void *gx) {
  size_t es = st_dtype_size(dt);
  int64_t cg = g->c / g->groups, og = g->o / g->groups, kg = cg * g->kh * g->kw;
  int64_t l = g->oh * g->ow, hw = g->h * g->w;
  memset(gx, 0, (size_t)(g->n * g->c * hw) * es);
  if (l == 0 || kg == 0 || g->n == 0) return 0;
  int64_t xs[4] = {g->c * hw, hw, g->w, 1};
  bool pointwise = is_pointwise(g, xs);
  int64_t step = rows_per_tile(g, kg);
  size_t col_bytes = pointwise ? 0 : (size_t)(kg * step * g->ow) * es;
  void *col = pointwise ? NULL : st__alloc_aligned(col_bytes);
  if (!pointwise && !col) return -1;
  int rc = 0;
  for (int64_t img = 0; img < g->n && !rc; img++)
    for (int64_t grp = 0; grp < g->groups && !rc; grp++) {
      const char *wg = (const char *)w + (size_t)(grp * og * kg) * es;
      const char *yg = (const char *)gy + (size_t)((img * g->o + grp * og) * l) * es;
      char *xg = (char *)gx + (size_t)((img * g->c + grp * cg) * hw) * es;
      if (pointwise) {
        rc = gemm_strided(dt, kg, l, og, wg, 1, kg, yg, l, 1, 0, xg, l);
        continue;
      }
      for (int64_t oy0 = 0; oy0 < g->oh && !rc; oy0 += step) {
        int64_t oy1 = oy0 + step < g->oh ? oy0 + step : g->oh, tile = (oy1 - oy0) * g->ow;
        rc = gemm_strided(dt, kg, tile, og, wg, 1, kg, yg + (size_t)(oy0 * g->ow) * es, l, 1, 0,
                          col, tile);
        if (rc) break;
        if (dt == ST_F32) col2im_float(g, col, oy0, oy1, (float *)xg);
        else col2im_double(g, col, oy0, oy1, (double *)xg);
      }
    }
  st__free_aligned(col, col_bytes);
  return rc;
}

/* gw = conv2d's weight gradient: per group, the sum over images and column tiles of
   gy_g [og, tile] col^T [tile, kg] (col read transposed in place), accumulated into gw. */
int st__k_conv2d_weight_backward(st_dtype dt, const st_conv2d_geom *g, const void *x,
                                 const int64_t *xs, const void *gy, void *gw) {
  size_t es = st_dtype_size(dt);
  int64_t cg = g->c / g->groups, og = g->o / g->groups, kg = cg * g->kh * g->kw;
  int64_t l = g->oh * g->ow;
  memset(gw, 0, (size_t)(g->o * kg) * es);
  if (l == 0 || kg == 0 || og == 0 || g->n == 0) return 0;
  bool pointwise = is_pointwise(g, xs);
  int64_t step = rows_per_tile(g, kg);
  size_t col_bytes = pointwise ? 0 : (size_t)(kg * step * g->ow) * es;
  void *col = pointwise ? NULL : st__alloc_aligned(col_bytes);
  if (!pointwise && !col) return -1;
  int rc = 0;
  for (int64_t img = 0; img < g->n && !rc; img++)
    for (int64_t grp = 0; grp < g->groups && !rc; grp++) {
      const char *xg = (const char *)x + (size_t)(img * xs[0] + grp * cg * xs[1]) * es;
      const char *yg = (const char *)gy + (size_t)((img * g->o + grp * og) * l) * es;
      char *wg = (char *)gw + (size_t)(grp * og * kg) * es;
      if (pointwise) { /* the input itself is the column matrix [cg, l] */
        rc = gemm_strided(dt, og, kg, l, yg, l, 1, xg, 1, xs[1], 1, wg, kg);
        continue;
      }
      for (int64_t oy0 = 0; oy0 < g->oh && !rc; oy0 += step) {
        int64_t oy1 = oy0 + step < g->oh ? oy0 + step : g->oh, tile = (oy1 - oy0) * g->ow;
        if (dt == ST_F32) im2col_float(g, (const float *)xg, xs, oy0, oy1, col);
        else im2col_double(g, (const double *)xg, xs, oy0, oy1, col);
        rc = gemm_strided(dt, og, kg, tile, yg + (size_t)(oy0 * g->ow) * es, l, 1, col, 1, tile,
                          1, wg, kg);
      }
    }
  st__free_aligned(col, col_bytes);
  return rc;
}
