/* contract.c — st_trace and st_cross, composites of public ops (diagonal, sum, select, mul, sub,
   stack), so their derivatives and batching rules are those of their constituents. */
#include "op.h"

/* torch.trace: sum(diagonal(a)). Its gradient, diagonal's backward (the gradient scattered onto
   the main diagonal of zeros), is derivatives.yaml's trace_backward. st_sum gives integers ST_I64
   and keeps f16 / bf16, as torch's trace; torch has no bool kernel, so neither has this. */
st_tensor *st_trace(st_tensor *a) {
  if (!a) return st__null_arg("st_trace", 1), NULL;
  if (a->dtype == ST_BOOL)
    return st__error(ST_ERR_DTYPE, "st_trace: not implemented for bool (as torch.trace)"), NULL;
  if (a->ndim != 2)
    return st__error(ST_ERR_SHAPE, "st_trace: expected a matrix, but got tensor with dim %d",
                     a->ndim), NULL;
  if (st__composite_begin("st_trace")) return NULL;
  return st__composite_end(st_sum_all(st_diagonal(a, 0, 0, 1)));
}

/* torch.linalg.cross's checks, in its order: the same ndim, dim in range, size 3 along dim in
   both, broadcastable shapes, one dtype (its kernel takes no promotion) other than bool. */
static int check_cross(const st_tensor *a, const st_tensor *b, int dim, int *d) {
  const char *fn = "st_cross";
  if (!a || !b) return st__null_arg(fn, a ? 2 : 1), -1;
  if (a->ndim != b->ndim)
    return st__error(ST_ERR_SHAPE, "%s: inputs must have the same number of dimensions (got %s "
                     "and %s)", fn, ST_SHAPE_STR(a), ST_SHAPE_STR(b));
  if (a->ndim == 0)
    return st__error(ST_ERR_ARG, "%s: dim %d specified but the inputs have no dimensions", fn, dim);
  if ((*d = st__wrap_dim(fn, dim, a->ndim)) < 0) return -1;
  if (a->shape[*d] != 3 || b->shape[*d] != 3)
    return st__error(ST_ERR_SHAPE, "%s: inputs dimension %d must have length 3. Got %lld and %lld",
                     fn, dim, (long long)a->shape[*d], (long long)b->shape[*d]);
  int64_t shape[ST_MAX_DIMS];
  if (st__broadcast_shapes(fn, a->ndim, a->shape, b->ndim, b->shape, shape) < 0) return -1;
  if (a->dtype != b->dtype)
    return st__error(ST_ERR_DTYPE, "%s: expected scalar type %s but found %s (inputs must share a "
                     "dtype, as torch.linalg.cross)", fn, st_dtype_name(a->dtype),
                     st_dtype_name(b->dtype));
  if (a->dtype == ST_BOOL)
    return st__error(ST_ERR_DTYPE, "%s: not implemented for bool (as torch.linalg.cross)", fn);
  return 0;
}

/* c = a x b along dim: c0 = a1 b2 - a2 b1, c1 = a2 b0 - a0 b2, c2 = a0 b1 - a1 b0, the
   components selected along dim (size 3 in both, so the other dims broadcast in the products)
   and stacked back there. The gradients follow (derivatives.yaml: linalg_cross's are
   cross(b, g) for a and cross(g, a) for b). */
st_tensor *st_cross(st_tensor *a, st_tensor *b, int dim) {
  int d = 0;
  if (check_cross(a, b, dim, &d)) return NULL;
  if (st__composite_begin("st_cross")) return NULL;
  st_tensor *x[3], *z[3], *c[3];
  for (int i = 0; i < 3; i++) x[i] = st_select(a, d, i), z[i] = st_select(b, d, i);
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    c[i] = st_sub(st_mul(x[j], z[k]), st_mul(x[k], z[j]));
  }
  return st__composite_end(st_stack(3, c, d));
}
