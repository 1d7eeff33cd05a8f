/* contract.c — trace and cross: composite records (ST_OP_COMPOSITE) whose implementation is
   their decomposition in public ops (diagonal, sum, select, mul, sub, stack), so their
   derivatives and batching rules are those of their constituents; infer does torch's checks. */
#include "op.h"
#include "samples.h"

/* ----------------------------------------------------------------------------------- trace */

/* torch.trace: sum(diagonal(a)). Its gradient, diagonal's backward (the gradient scattered onto
   the main diagonal of zeros), is derivatives.yaml's trace_backward. st_sum gives integers ST_I64
   and keeps f16 / bf16, as torch's trace; torch has no bool kernel, so neither has this. */
static int infer_trace(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  if (a->dtype == ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "not implemented for bool (as torch.trace)");
  if (a->ndim != 2)
    return st__op_error(c, ST_ERR_SHAPE, "expected a matrix, but got tensor with dim %d", a->ndim);
  st__meta_set(m, st__is_float(a->dtype) ? a->dtype : ST_I64, 0, NULL);
  return 0;
}

static int decomp_trace(const st_opcall *c, st_tensor **out) {
  out[0] = st_sum_all(st_diagonal(c->in[0], 0, 0, 1));
  return out[0] ? 0 : st__status();
}

/* Rectangular both ways, every layout, 1 x 1 and empty matrices, integers; the wrong rank and
   bool. */
static int samples_trace(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  int n = 0;
  st_attrs a = {0};
  PUSH("contiguous", 1, st__sample(dt, ST_SHAPE(3, 4), -2, 2));
  PUSH("non-contiguous", 1, st__sample_noncontig(dt, ST_SHAPE(4, 3), -2, 2));
  PUSH("broadcast", 1, st__sample_broadcast(dt, ST_SHAPE(3, 3), -2, 2));
  PUSH("1 x 1", 1, st__sample(dt, ST_SHAPE(1, 1), -2, 2));
  PUSH("size-0", 1, st__sample(dt, ST_SHAPE(0, 3), -2, 2));
  PUSH("i64 input", 1, st__sample_index(ST_SHAPE(3, 3), 5));
  FAIL("1-d", ST_ERR_SHAPE, 1, st__sample(dt, ST_SHAPE(3), -2, 2));
  FAIL("3-d", ST_ERR_SHAPE, 1, st__sample(dt, ST_SHAPE(2, 2, 2), -2, 2));
  FAIL("bool", ST_ERR_DTYPE, 1, st__sample(ST_BOOL, ST_SHAPE(2, 2), 0, 2));
  return n;
}

ST_COMPOSITE_OP(trace, 1, 1, ST_OP_ALL_DTYPES);

st_tensor *st_trace(st_tensor *a) { return st__call1(&ST_CALL(trace, a)); }

/* ----------------------------------------------------------------------------------- cross */

/* torch.linalg.cross's checks, in its order: the same ndim, dim in range, size 3 along dim in
   both, broadcastable shapes, one dtype (its kernel takes no promotion) other than bool. */
static int infer_cross(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *b = c->in[1];
  int dim = c->a.axis.dim;
  if (a->ndim != b->ndim)
    return st__op_error(c, ST_ERR_SHAPE,
                        "inputs must have the same number of dimensions (got %s "
                        "and %s)",
                        ST_SHAPE_STR(a), ST_SHAPE_STR(b));
  if (a->ndim == 0)
    return st__op_error(c, ST_ERR_ARG, "dim %d specified but the inputs have no dimensions", dim);
  int d = st__wrap_dim(ST_FN(c), dim, a->ndim);
  if (d < 0) return -1;
  if (a->shape[d] != 3 || b->shape[d] != 3)
    return st__op_error(c, ST_ERR_SHAPE,
                        "inputs dimension %d must have length 3. Got %lld and %lld", dim,
                        (long long)a->shape[d], (long long)b->shape[d]);
  int64_t shape[ST_MAX_DIMS];
  int nd = st__broadcast_shapes(ST_FN(c), a->ndim, a->shape, b->ndim, b->shape, shape);
  if (nd < 0) return -1;
  if (a->dtype != b->dtype)
    return st__op_error(c, ST_ERR_DTYPE,
                        "expected scalar type %s but found %s (inputs must share "
                        "a dtype, as torch.linalg.cross)",
                        st_dtype_name(a->dtype), st_dtype_name(b->dtype));
  if (a->dtype == ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "not implemented for bool (as torch.linalg.cross)");
  st__meta_set(m, a->dtype, nd, shape);
  return 0;
}

/* c = a x b along dim: c0 = a1 b2 - a2 b1, c1 = a2 b0 - a0 b2, c2 = a0 b1 - a1 b0, the
   components selected along dim (size 3 in both, so the other dims broadcast in the products)
   and stacked back there. The gradients follow (derivatives.yaml: linalg_cross's are
   cross(b, g) for a and cross(g, a) for b). */
static int decomp_cross(const st_opcall *c, st_tensor **out) {
  int d = c->a.axis.dim < 0 ? c->a.axis.dim + c->in[0]->ndim : c->a.axis.dim;
  st_tensor *x[3], *z[3], *r[3];
  for (int i = 0; i < 3; i++) x[i] = st_select(c->in[0], d, i), z[i] = st_select(c->in[1], d, i);
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    r[i] = st_sub(st_mul(x[j], z[k]), st_mul(x[k], z[j]));
  }
  out[0] = st_stack(3, r, d);
  return out[0] ? 0 : st__status();
}

/* The last dim and others (negative and not), every layout, shapes that broadcast, a batch of
   3-vectors, integers; mixed dtypes, a size other than 3, unequal ranks, a dim out of range. */
static int samples_cross(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  int n = 0;
  st_attrs a = {.axis = {-1}};
  PUSH("contiguous, dim -1", 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -2, 2));
  PUSH("broadcast operand", 2, st__sample(dt, ST_SHAPE(4, 3), -2, 2),
       st__sample_broadcast(dt, ST_SHAPE(1, 3), -2, 2));
  PUSH("i64 operands", 2, st__sample_index(ST_SHAPE(2, 3), 5), st__sample_index(ST_SHAPE(2, 3), 4));
  FAIL("mixed dtypes", ST_ERR_DTYPE, 2, st__sample(dt, ST_SHAPE(3), -2, 2),
       st__sample_index(ST_SHAPE(3), 5));
  FAIL("unequal ranks", ST_ERR_SHAPE, 2, st__sample(dt, ST_SHAPE(3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -2, 2));
  a.axis.dim = 0;
  PUSH("non-contiguous, dim 0", 2, st__sample_noncontig(dt, ST_SHAPE(3, 2), -2, 2),
       st__sample(dt, ST_SHAPE(3, 2), -2, 2));
  PUSH("shapes broadcast, dim 0", 2, st__sample(dt, ST_SHAPE(3, 1, 2), -2, 2),
       st__sample(dt, ST_SHAPE(3, 4, 1), -2, 2));
  FAIL("size 2 along dim", ST_ERR_SHAPE, 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -2, 2));
  a.axis.dim = 1;
  PUSH("3-d, middle dim", 2, st__sample(dt, ST_SHAPE(2, 3, 2), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3, 2), -2, 2));
  a.axis.dim = 2;
  FAIL("dim out of range", ST_ERR_ARG, 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -2, 2));
  return n;
}

ST_COMPOSITE_OP(cross, 2, 1, ST_OP_ALL_DTYPES);

st_tensor *st_cross(st_tensor *a, st_tensor *b, int dim) {
  st_opcall c = ST_CALL(cross, a, b);
  c.a.axis.dim = dim;
  return st__call1(&c);
}
