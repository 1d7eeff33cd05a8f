/* copy.c — strided copy with dtype conversion, and fill: the kernels behind contiguous,
   to_dtype, clone, copy_, fill_ and every materialized view. */
#include <string.h>

#include "../core/half.h"
#include "kernels.h"

/* Merges adjacent dims that are contiguous with each other in both operands, so that most
   copies become one long inner loop. Returns the new ndim. */
static int coalesce2(int ndim, int64_t *shape, int64_t *sa, int64_t *sb) {
  if (ndim == 0) return 0;
  int k = 0;
  for (int i = 1; i < ndim; i++) {
    if (shape[i] == 1) continue;
    if (shape[k] == 1) {
      shape[k] = shape[i], sa[k] = sa[i], sb[k] = sb[i];
      continue;
    }
    if (sa[k] == sa[i] * shape[i] && sb[k] == sb[i] * shape[i]) {
      shape[k] *= shape[i];
      sa[k] = sa[i], sb[k] = sb[i];
    } else {
      k++;
      shape[k] = shape[i], sa[k] = sa[i], sb[k] = sb[i];
    }
  }
  return k + 1;
}

#define COPY_LOOP(TD, TS, CONV)                                                                    \
  do {                                                                                             \
    TD *d = (TD *)dp;                                                                              \
    const TS *s = (const TS *)sp;                                                                  \
    if (ds == 1 && ss == 1)                                                                        \
      for (int64_t i = 0; i < n; i++) d[i] = CONV(s[i]);                                           \
    else if (ss == 0) {                                                                            \
      TD v = CONV(s[0]);                                                                           \
      for (int64_t i = 0; i < n; i++) d[i * ds] = v;                                               \
    } else                                                                                         \
      for (int64_t i = 0; i < n; i++) d[i * ds] = CONV(s[i * ss]);                                 \
  } while (0)

#define AS_BOOL(x) ((x) != 0)

/* A float outside int64's range (or NaN) has no defined C conversion; give what x86's
   cvttsd2si gives, as PyTorch does in practice, instead of undefined behaviour. */
static inline int64_t to_i64(double x) {
  return x >= -9223372036854775808.0 && x < 9223372036854775808.0 ? (int64_t)x : INT64_MIN;
}

#define FROM_SRC(TD, CONV)                                                                         \
  switch (st) {                                                                                    \
  case ST_F32: COPY_LOOP(TD, float, CONV); break;                                                  \
  case ST_F64: COPY_LOOP(TD, double, CONV); break;                                                 \
  case ST_I64: COPY_LOOP(TD, int64_t, CONV); break;                                                \
  case ST_BOOL: COPY_LOOP(TD, bool, CONV); break;                                                  \
  default: break;                                                                                  \
  }

/* ---------------------------------------------------------------- the storage-only dtypes */

/* An element in a pivot that holds every value of its source exactly: integers (and bool) as
   int64, floats as double. */
typedef struct {
  bool is_int;
  int64_t i;
  double d;
} pivot;

static inline pivot load(const char *p, st_dtype t) {
  switch (t) {
  case ST_F32: return (pivot){false, 0, *(const float *)p};
  case ST_F64: return (pivot){false, 0, *(const double *)p};
  case ST_F16: return (pivot){false, 0, st__f16_to_f32(*(const uint16_t *)p)};
  case ST_BF16: return (pivot){false, 0, st__bf16_to_f32(*(const uint16_t *)p)};
  case ST_I64: return (pivot){true, *(const int64_t *)p, 0};
  case ST_I32: return (pivot){true, *(const int32_t *)p, 0};
  case ST_I16: return (pivot){true, *(const int16_t *)p, 0};
  case ST_I8: return (pivot){true, *(const int8_t *)p, 0};
  case ST_U8: return (pivot){true, *(const uint8_t *)p, 0};
  case ST_BOOL: return (pivot){true, *(const bool *)p, 0};
  }
  return (pivot){false, 0, 0};
}

/* A float into a 32-bit or narrower integer: truncation as x86's cvttsd2si gives it (INT32_MIN
   outside int32's range or for NaN), then the low bits, as PyTorch's casts behave on this
   hardware (300.0 to u8 is 44, -1.0 is 255). */
static inline int64_t float_to_narrow(double x) {
  return x > -2147483649.0 && x < 2147483648.0 ? (int64_t)x : INT32_MIN;
}

/* v rounded or wrapped to dtype t (integers wrap modulo 2^bits, f16/bf16 round from f32). */
static inline void store(char *p, st_dtype t, pivot v) {
  int64_t i = v.is_int ? v.i : t == ST_I64 ? to_i64(v.d) : float_to_narrow(v.d);
  double d = v.is_int ? (double)v.i : v.d;
  switch (t) {
  case ST_F32: *(float *)p = (float)d; break;
  case ST_F64: *(double *)p = d; break;
  case ST_F16: *(uint16_t *)p = st__f32_to_f16((float)d); break;
  case ST_BF16: *(uint16_t *)p = st__f32_to_bf16((float)d); break;
  case ST_I64: *(int64_t *)p = i; break;
  case ST_I32: *(int32_t *)p = (int32_t)(uint32_t)i; break;
  case ST_I16: *(int16_t *)p = (int16_t)(uint16_t)i; break;
  case ST_I8: *(int8_t *)p = (int8_t)(uint8_t)i; break;
  case ST_U8: *(uint8_t *)p = (uint8_t)i; break;
  case ST_BOOL: *(bool *)p = v.is_int ? v.i != 0 : v.d != 0; break;
  }
}

/* One row where either side is a storage-only dtype: element by element through the pivot. */
static void convert_row(char *dp, st_dtype dt, int64_t ds, const char *sp, st_dtype st, int64_t ss,
                        int64_t n) {
  int64_t de = (int64_t)st_dtype_size(dt), se = (int64_t)st_dtype_size(st);
  for (int64_t k = 0; k < n; k++) store(dp + k * ds * de, dt, load(sp + k * ss * se, st));
}

/* One inner row: n elements, destination stride ds, source stride ss (elements). */
static void copy_row(char *dp, st_dtype dt, int64_t ds, const char *sp, st_dtype st, int64_t ss, int64_t n) {
  if (!st__is_compute_dtype(dt) || !st__is_compute_dtype(st)) {
    convert_row(dp, dt, ds, sp, st, ss, n);
    return;
  }
  switch (dt) {
  case ST_F32: FROM_SRC(float, (float)); break;
  case ST_F64: FROM_SRC(double, (double)); break;
  case ST_I64:
    if (st == ST_F32 || st == ST_F64) {
      FROM_SRC(int64_t, to_i64);
    } else {
      FROM_SRC(int64_t, (int64_t));
    }
    break;
  case ST_BOOL: FROM_SRC(bool, AS_BOOL); break;
  default: break;
  }
}

void st__k_copy(st_view dst, st_view src) {
  int64_t shape[ST_MAX_DIMS], sd[ST_MAX_DIMS], ss[ST_MAX_DIMS];
  int64_t numel = 1;
  for (int i = 0; i < dst.ndim; i++) {
    shape[i] = dst.shape[i], sd[i] = dst.strides[i], ss[i] = src.strides[i];
    numel *= shape[i];
  }
  if (numel == 0) return;
  int nd = coalesce2(dst.ndim, shape, sd, ss);
  if (nd == 0) {
    copy_row(dst.data, dst.dtype, 1, src.data, src.dtype, 1, 1);
    return;
  }
  size_t de = st_dtype_size(dst.dtype), se = st_dtype_size(src.dtype);
  if (nd == 1 && sd[0] == 1 && ss[0] == 1 && dst.dtype == src.dtype) {
    memcpy(dst.data, src.data, (size_t)shape[0] * de);
    return;
  }
  int64_t rows = numel / shape[nd - 1], idx[ST_MAX_DIMS] = {0};
  int64_t od = 0, os = 0; /* element offsets of the current row */
  for (int64_t r = 0; r < rows; r++) {
    copy_row(dst.data + od * (int64_t)de, dst.dtype, sd[nd - 1], src.data + os * (int64_t)se, src.dtype,
             ss[nd - 1], shape[nd - 1]);
    for (int d = nd - 2; d >= 0; d--) {
      od += sd[d], os += ss[d];
      if (++idx[d] < shape[d]) break;
      od -= sd[d] * shape[d], os -= ss[d] * shape[d];
      idx[d] = 0;
    }
  }
}

void st__k_fill(st_view dst, double value) {
  /* A one-element source broadcast over dst through zero strides. */
  union {
    float f;
    double d;
    int64_t i;
    bool b;
    char bytes[8];
  } v;
  st_dtype vt = dst.dtype;
  switch (vt) {
  case ST_F32: v.f = (float)value; break;
  case ST_F64: v.d = value; break;
  case ST_I64: v.i = to_i64(value); break; /* the ops reject values i64 cannot hold */
  case ST_BOOL: v.b = value != 0; break;
  default: store(v.bytes, vt, (pivot){false, 0, value}); break;
  }
  int64_t zeros[ST_MAX_DIMS] = {0};
  st__k_copy(dst, (st_view){(char *)&v, vt, dst.ndim, dst.shape, zeros});
}
