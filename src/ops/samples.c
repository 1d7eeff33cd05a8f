/* samples.c — building blocks of the op records' sample inputs for the generated test matrix
   (tests/matrix): deterministic values in a range, in every layout the matrix should see. */
#include <stdarg.h>

#include "op.h"

/* Deterministic values in [lo, hi): a fixed irrational stride through the interval, so
   neighbours differ and no two samples repeat. */
static double value(int64_t i, unsigned salt, double lo, double hi) {
  double u = (double)(i + 1) * 0.6180339887498949 + (double)salt * 0.4142135623730951;
  u -= (double)(int64_t)u;
  return lo + (hi - lo) * u;
}

/* Which values the next sample tensor gets: reset per op (st__sample_seed), so that the f32 and
   f64 sample sets of an op hold the same values, and advanced per tensor, so that two inputs of
   one sample differ. */
static _Thread_local unsigned salt;

void st__sample_seed(unsigned seed) { salt = seed * 97u; }

st_tensor *st__sample(st_dtype dt, int ndim, const int64_t *shape, double lo, double hi) {
  st_tensor *t = st__tensor_empty(ST_F64, ndim, shape);
  if (!t) return NULL;
  int64_t n = st__numel(ndim, shape);
  double *v = (double *)st__data(t);
  salt++;
  for (int64_t i = 0; i < n; i++) v[i] = value(i, salt, lo, hi);
  if (dt == ST_F64) return t;
  st_tensor *c = st__untrack(st_to_dtype(t, dt));
  st__drop(t);
  return c;
}

st_tensor *st__sample_noncontig(st_dtype dt, int ndim, const int64_t *shape, double lo, double hi) {
  if (ndim < 2) { /* every other element of a longer vector */
    int64_t n = ndim ? shape[0] : 1;
    st_tensor *base = st__sample(dt, 1, (const int64_t[]){2 * n}, lo, hi);
    st_tensor *v = base ? st__untrack(st_slice(base, 0, 0, 2 * n, 2)) : NULL;
    st__drop(base);
    if (v && ndim == 0) {
      st_tensor *s = st__untrack(st_reshape(v, 0, NULL));
      st__drop(v);
      v = s;
    }
    return v;
  }
  int64_t rev[ST_MAX_DIMS];
  for (int d = 0; d < ndim; d++) rev[d] = shape[ndim - 1 - d];
  int perm[ST_MAX_DIMS];
  for (int d = 0; d < ndim; d++) perm[d] = ndim - 1 - d;
  st_tensor *base = st__sample(dt, ndim, rev, lo, hi);
  st_tensor *t = base ? st__untrack(st_permute(base, ndim, perm)) : NULL;
  st__drop(base);
  return t;
}

st_tensor *st__sample_broadcast(st_dtype dt, int ndim, const int64_t *shape, double lo, double hi) {
  int64_t one[ST_MAX_DIMS];
  for (int d = 0; d < ndim; d++) one[d] = d == ndim - 1 ? shape[d] : 1;
  st_tensor *base = st__sample(dt, ndim, one, lo, hi);
  st_tensor *t = base ? st__untrack(st_expand(base, ndim, shape)) : NULL;
  st__drop(base);
  return t;
}

st_tensor *st__sample_index(int ndim, const int64_t *shape, int64_t hi) {
  st_tensor *t = st__tensor_empty(ST_I64, ndim, shape);
  if (!t) return NULL;
  int64_t n = st__numel(ndim, shape), *v = (int64_t *)st__data(t);
  for (int64_t i = 0; i < n; i++) v[i] = hi > 0 ? (i * 7 + 3) % hi : 0;
  return t;
}

int st__sample_push(st_sample *out, int cap, int n, const char *what, st_status expect,
                    const st_attrs *a, int nin, ...) {
  va_list ap;
  va_start(ap, nin);
  st_sample s = {.what = what, .nin = nin, .expect = expect};
  if (a) s.a = *a;
  bool ok = nin <= ST_SAMPLE_MAX_IN;
  for (int i = 0; i < nin; i++) {
    st_tensor *t = va_arg(ap, st_tensor *);
    ok = ok && t;
    if (i < ST_SAMPLE_MAX_IN) s.in[i] = t;
    else st__drop(t); /* a sample of too many inputs is dropped whole */
  }
  va_end(ap);
  if (ok && n < cap) {
    out[n] = s;
    return n + 1;
  }
  for (int i = 0; i < nin && i < ST_SAMPLE_MAX_IN; i++) st__drop(s.in[i]);
  return n;
}

/* Well-conditioned matrices for the linalg ops (declared in linalg_dense.h): kind 0 general
   (values in [-1, 1) plus 2 + i on diagonal element i, so singular values are spread out), kind
   1 symmetric positive-definite (R R^T / cols plus 1 + i on the diagonal: eigenvalues apart);
   layout 0 contiguous, 1 a transposed view, 2 the first dim a stride-0 broadcast. */
st_tensor *st__sample_matrix(st_dtype dt, int ndim, const int64_t *shape, int kind, int layout) {
  int64_t base_shape[ST_MAX_DIMS];
  for (int d = 0; d < ndim; d++) base_shape[d] = shape[d];
  if (layout == 1) {
    base_shape[ndim - 2] = shape[ndim - 1];
    base_shape[ndim - 1] = shape[ndim - 2];
  }
  if (layout == 2) base_shape[0] = 1;
  int64_t rows = base_shape[ndim - 2], cols = base_shape[ndim - 1];
  st_tensor *t = st__tensor_empty(ST_F64, ndim, base_shape);
  if (!t) return NULL;
  double *v = (double *)st__data(t);
  int64_t count = st__numel(ndim - 2, base_shape);
  salt++;
  for (int64_t b = 0; b < count; b++) {
    double *m = v + b * rows * cols;
    for (int64_t i = 0; i < rows * cols; i++) m[i] = value(b * rows * cols + i, salt, -1, 1);
    if (kind) { /* rows == cols: m m^T / cols, in place through a copy of each row pair */
      double r[rows * cols > 0 ? rows * cols : 1];
      for (int64_t i = 0; i < rows * cols; i++) r[i] = m[i];
      for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < rows; j++) {
          double s = 0;
          for (int64_t k = 0; k < cols; k++) s += r[i * cols + k] * r[j * cols + k];
          m[i * cols + j] = s / (double)cols;
        }
    }
    for (int64_t i = 0; i < rows && i < cols; i++) m[i * cols + i] += kind ? 1.0 + i : 2.0 + i;
  }
  st_tensor *c = t;
  if (dt != ST_F64) {
    c = st__untrack(st_to_dtype(t, dt));
    st__drop(t);
  }
  if (!c || layout == 0) return c;
  st_tensor *r = layout == 1 ? st__untrack(st_transpose(c, -2, -1))
                             : st__untrack(st_expand(c, ndim, shape));
  st__drop(c);
  return r;
}
