/* copy.c — strided copy with dtype conversion, and fill: the kernels behind contiguous,
   to_dtype, clone, copy_, fill_ and every materialized view. */
#include <string.h>

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
  }

/* One inner row: n elements, destination stride ds, source stride ss (elements). */
static void copy_row(char *dp, st_dtype dt, int64_t ds, const char *sp, st_dtype st, int64_t ss, int64_t n) {
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
  } v;
  st_dtype vt = dst.dtype;
  switch (vt) {
  case ST_F32: v.f = (float)value; break;
  case ST_F64: v.d = value; break;
  case ST_I64: v.i = to_i64(value); break; /* the ops reject values i64 cannot hold */
  case ST_BOOL: v.b = value != 0; break;
  }
  int64_t zeros[ST_MAX_DIMS] = {0};
  st__k_copy(dst, (st_view){(char *)&v, vt, dst.ndim, dst.shape, zeros});
}
