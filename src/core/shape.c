/* shape.c — dim wrapping, shape validation with overflow checks, broadcasting, formatting. */
#include <stdio.h>

#include "core.h"

int st__wrap_dim(const char *fn, int dim, int ndim) {
  int n = ndim > 0 ? ndim : 1; /* a 0-dim tensor accepts dim 0 and -1, as PyTorch does */
  if (dim < -n || dim >= n) {
    st__error(ST_ERR_ARG, "%s: dim %d is out of range for a tensor with %d dims (expected %d..%d)", fn,
              dim, ndim, -n, n - 1);
    return -1;
  }
  return dim < 0 ? dim + n : dim;
}

int st__check_shape(const char *fn, int ndim, const int64_t *shape, st_dtype dt) {
  if (!st__valid_dtype(dt)) return st__error(ST_ERR_DTYPE, "%s: invalid dtype %d", fn, (int)dt);
  if (ndim < 0 || ndim > ST_MAX_DIMS)
    return st__error(ST_ERR_ARG, "%s: ndim %d is out of range (0..%d)", fn, ndim, ST_MAX_DIMS);
  if (ndim && !shape) return st__error(ST_ERR_ARG, "%s: shape is NULL for ndim %d", fn, ndim);
  /* Strides are products of the sizes with zeros counted as one, so bound that product: a
     shape like [0, 2^62, 2^62] holds no elements but its strides would overflow. */
  int64_t limit = INT64_MAX / (int64_t)st_dtype_size(dt), n = 1;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0)
      return st__error(ST_ERR_ARG, "%s: size %lld of dim %d is negative", fn, (long long)shape[i], i);
    if (shape[i] > 1 && n > limit / shape[i]) {
      char buf[128];
      return st__error(ST_ERR_ARG, "%s: shape %s has too many elements (overflow)", fn,
                       st__fmt_shape(buf, sizeof buf, ndim, shape));
    }
    n *= shape[i] > 1 ? shape[i] : 1;
  }
  return 0;
}

int st__broadcast_shapes(const char *fn, int na, const int64_t *a, int nb, const int64_t *b, int64_t *out) {
  int n = na > nb ? na : nb;
  for (int i = 0; i < n; i++) {
    int64_t sa = i < n - na ? 1 : a[i - (n - na)];
    int64_t sb = i < n - nb ? 1 : b[i - (n - nb)];
    if (sa != sb && sa != 1 && sb != 1) {
      char ba[96], bb[96];
      st__error(ST_ERR_SHAPE, "%s: shapes %s and %s cannot be broadcast (%lld vs %lld at dim %d)", fn,
                st__fmt_shape(ba, sizeof ba, na, a), st__fmt_shape(bb, sizeof bb, nb, b), (long long)sa,
                (long long)sb, i);
      return -1;
    }
    out[i] = sa == 1 ? sb : sa;
  }
  return n;
}

char *st__fmt_shape(char *buf, size_t size, int ndim, const int64_t *shape) {
  size_t k = 0;
  k += (size_t)snprintf(buf + k, size - k, "[");
  for (int i = 0; i < ndim && k < size; i++)
    k += (size_t)snprintf(buf + k, size - k, i ? ", %lld" : "%lld", (long long)shape[i]);
  if (k < size) snprintf(buf + k, size - k, "]");
  return buf;
}
