/* select.c — loops behind masked_fill, one_hot and cross (declared in shape.h). */
#include <string.h>

#include "shape.h"

/* Visits every element of a view in row-major order, keeping the offsets of two operands. */
#define FOR_EACH2(nd, shape, s0, s1, o0, o1, body)                                                 \
  do {                                                                                             \
    int64_t idx_[ST_MAX_DIMS] = {0}, n_ = st__numel(nd, shape), o0 = 0, o1 = 0;                    \
    for (int64_t k_ = 0; k_ < n_; k_++) {                                                          \
      body;                                                                                        \
      for (int d_ = (nd)-1; d_ >= 0; d_--) {                                                       \
        o0 += (s0)[d_], o1 += (s1)[d_];                                                            \
        if (++idx_[d_] < (shape)[d_]) break;                                                       \
        o0 -= (s0)[d_] * (shape)[d_], o1 -= (s1)[d_] * (shape)[d_];                                \
        idx_[d_] = 0;                                                                              \
      }                                                                                            \
    }                                                                                              \
  } while (0)

void st__k_masked_fill(st_view out, st_view mask, double value) {
  const bool *m = (const bool *)mask.data;
  switch (out.dtype) {
  case ST_F32: {
    float *o = (float *)out.data, v = (float)value;
    FOR_EACH2(out.ndim, out.shape, out.strides, mask.strides, oo, mo, if (m[mo]) o[oo] = v);
    break;
  }
  case ST_F64: {
    double *o = (double *)out.data;
    FOR_EACH2(out.ndim, out.shape, out.strides, mask.strides, oo, mo, if (m[mo]) o[oo] = value);
    break;
  }
  case ST_I64: {
    int64_t *o = (int64_t *)out.data, v = (int64_t)value;
    FOR_EACH2(out.ndim, out.shape, out.strides, mask.strides, oo, mo, if (m[mo]) o[oo] = v);
    break;
  }
  default: {
    bool *o = (bool *)out.data, v = value != 0;
    FOR_EACH2(out.ndim, out.shape, out.strides, mask.strides, oo, mo, if (m[mo]) o[oo] = v);
    break;
  }
  }
}

void st__k_one_hot(int64_t *out, st_view a, int64_t classes) {
  const int64_t *x = (const int64_t *)a.data;
  int64_t k = 0;
  FOR_EACH2(a.ndim, a.shape, a.strides, a.strides, ao, unused, (void)unused;
            out[k * classes + x[ao]] = 1; k++);
}

#define CROSS(T)                                                                                   \
  do {                                                                                             \
    T *o = out;                                                                                    \
    const T *x = a, *y = b;                                                                        \
    for (int64_t p = 0; p < outer; p++)                                                            \
      for (int64_t i = 0; i < inner; i++) {                                                        \
        int64_t b0 = p * 3 * inner + i, b1 = b0 + inner, b2 = b1 + inner;                          \
        o[b0] = MINUS(MUL(x[b1], y[b2]), MUL(x[b2], y[b1]));                                       \
        o[b1] = MINUS(MUL(x[b2], y[b0]), MUL(x[b0], y[b2]));                                       \
        o[b2] = MINUS(MUL(x[b0], y[b1]), MUL(x[b1], y[b0]));                                       \
      }                                                                                            \
  } while (0)

void st__k_cross(void *out, const void *a, const void *b, bool i64, int64_t outer, int64_t inner) {
  if (i64) {
#define MUL(u, v)   ((int64_t)((uint64_t)(u) * (uint64_t)(v)))
#define MINUS(u, v) ((int64_t)((uint64_t)(u) - (uint64_t)(v)))
    CROSS(int64_t);
#undef MUL
#undef MINUS
  } else {
#define MUL(u, v)   ((u) * (v))
#define MINUS(u, v) ((u) - (v))
    CROSS(double);
#undef MUL
#undef MINUS
  }
}
