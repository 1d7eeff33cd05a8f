/* util.c — test helpers (see util.h). Builds layouts directly from core internals so that op
   tests do not depend on the ops under test. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/half.h"
#include "util.h"

static void store(char *p, st_dtype dt, double v) {
  switch (dt) {
  case ST_F32: *(float *)p = (float)v; break;
  case ST_F64: *(double *)p = v; break;
  case ST_I64: *(int64_t *)p = (int64_t)v; break;
  case ST_BOOL: *(bool *)p = v != 0; break;
  case ST_F16: *(uint16_t *)p = st__f32_to_f16((float)v); break;
  case ST_BF16: *(uint16_t *)p = st__f32_to_bf16((float)v); break;
  case ST_I32: *(int32_t *)p = (int32_t)v; break;
  case ST_I16: *(int16_t *)p = (int16_t)v; break;
  case ST_I8: *(int8_t *)p = (int8_t)v; break;
  case ST_U8: *(uint8_t *)p = (uint8_t)v; break;
  }
}

/* Writes vals into t's logical positions, whatever its strides. */
static void write_values(st_tensor *t, const double *vals) {
  int64_t n = st__numel(t->ndim, t->shape), idx[ST_MAX_DIMS] = {0};
  size_t es = st_dtype_size(t->dtype);
  for (int64_t k = 0; k < n; k++) {
    int64_t off = 0;
    for (int d = 0; d < t->ndim; d++) off += idx[d] * t->strides[d];
    store(st__data(t) + off * (int64_t)es, t->dtype, vals[k]);
    for (int d = t->ndim - 1; d >= 0; d--) {
      if (++idx[d] < t->shape[d]) break;
      idx[d] = 0;
    }
  }
}

st_tensor *tu_tensor(st_dtype dt, int ndim, const int64_t *shape, const double *vals) {
  st_tensor *t = st__tensor_empty(dt, ndim, shape);
  if (!t) return NULL;
  write_values(t, vals);
  return st__track(t);
}

st_tensor *tu_noncontig(st_dtype dt, int ndim, const int64_t *shape, const double *vals) {
  int64_t strides[ST_MAX_DIMS], s = ndim == 1 ? 2 : 1, n = st__numel(ndim, shape);
  for (int d = 0; d < ndim; d++) { /* dim 0 varies fastest in memory */
    strides[d] = s;
    s *= shape[d] > 0 ? shape[d] : 1;
  }
  st_storage *st = st__storage_new((size_t)(2 * n + 1) * st_dtype_size(dt));
  if (!st) return NULL;
  memset(st->data, 0xff, (size_t)(2 * n + 1) * st_dtype_size(dt)); /* garbage in the gaps */
  st_tensor *t = st__tensor_view(st, dt, ndim, shape, strides, 0);
  st__storage_release(st);
  if (!t) return NULL;
  write_values(t, vals);
  return st__track(t);
}

st_tensor *tu_broadcast(st_tensor *t, int ndim, const int64_t *shape) {
  if (!t) return NULL; /* an allocation failed making it */
  int64_t strides[ST_MAX_DIMS];
  for (int d = 0; d < ndim; d++) {
    int src = d - (ndim - t->ndim);
    strides[d] = src < 0 || t->shape[src] == 1 ? 0 : t->strides[src];
  }
  return st__track(st__tensor_view(t->storage, t->dtype, ndim, shape, strides, t->offset));
}

double *tu_values(const st_tensor *t) {
  int64_t n = st_numel(t);
  double *v = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (v && n > 0) st_to_f64(t, v, n);
  return v;
}

void tu_fill(double *v, int64_t n, double lo, double hi, unsigned seed) {
  uint64_t x = 0x9E3779B97F4A7C15ull * (seed + 1);
  for (int64_t i = 0; i < n; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
    v[i] = lo + (hi - lo) * (double)(x >> 11) * 0x1.0p-53;
  }
}

double tu_stored(st_dtype dt, double v) {
  switch (dt) {
  case ST_F32: return (float)v;
  case ST_I64: return round(v) + 0.0; /* no -0.0: an i64 has no sign of zero */
  case ST_BOOL: return v > 0;
  case ST_F16: return st__f16_to_f32(st__f32_to_f16((float)v));
  case ST_BF16: return st__bf16_to_f32(st__f32_to_bf16((float)v));
  case ST_I32:
  case ST_I16:
  case ST_I8:
  case ST_U8: return round(v) + 0.0;
  default: return v;
  }
}

const char *tu_compile_printed(st_func *c, char *buf, size_t n) {
  memset(buf, 0, n);
  FILE *mf = fmemopen(buf, n - 1, "w");
  if (!mf || st_compile_print(c, mf)) buf[0] = 0;
  if (mf) fclose(mf);
  return buf;
}

bool tu_same_bits(st_tensor *a, st_tensor *b) {
  if (!a || !b || st_dtype_of(a) != st_dtype_of(b) || st_ndim(a) != st_ndim(b)) return false;
  for (int d = 0; d < st_ndim(a); d++)
    if (st_size(a, d) != st_size(b, d)) return false;
  double *x = tu_values(a), *y = tu_values(b);
  /* an empty tensor's values are none (its one allocated double is not written) */
  bool same = x && y && memcmp(x, y, sizeof(double) * (size_t)st_numel(a)) == 0;
  free(x);
  free(y);
  return same;
}

void tu_funcs_release(size_t n, st_func *const *fs) {
  for (size_t k = 0; k < n; k++) st_func_release(fs[k]);
}

st_compile_stats tu_compile_stats(st_func *c) {
  st_compile_stats s;
  if (st_compile_get_stats(c, &s)) memset(&s, 0xff, sizeof s); /* -1 everywhere: no check passes */
  return s;
}

int tu_double_and_overflow(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 2);
  out[1] = st_exp(st_mul_scalar(in[0], 1000));
  return out[0] && out[1] ? 0 : -1;
}

bool tu_values_close(st_tensor *got, st_tensor *want, double tol) {
  if (!got || !want || st_numel(got) != st_numel(want)) return false;
  int64_t n = st_numel(want);
  double *g = tu_values(got), *w = tu_values(want);
  bool ok = g && w;
  for (int64_t i = 0; ok && i < n; i++)
    ok =
        (isnan(w[i]) && isnan(g[i])) || g[i] == w[i] || fabs(g[i] - w[i]) <= tol * (1 + fabs(w[i]));
  free(g);
  free(w);
  return ok;
}
