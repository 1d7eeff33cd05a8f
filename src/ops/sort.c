/* sort.c — sort, argsort and topk (torch.sort, torch.argsort, torch.topk) along one dim, records
   of the reduce family (reduce.def); the ordering loop is st__k_argsort (src/kernels/scan.c), the
   values are gathered from the input by the indices it gives.

   Attributes (the sort view): dim (a 0-dim input takes 0 and -1); sort and argsort: descending,
   stable; topk: k, descending (largest), sorted. The order is always stable (equal values
   keep their order, which torch's stable=True promises and stable=False allows); NaN sorts as
   the largest value. topk returns its k values sorted whatever `sorted` says (torch leaves the
   order unspecified when it is false). Dtypes: every dtype keeps its own (bool too, except in
   topk, which torch refuses for bool); indices are i64.

   Autograd (derivatives.yaml, sort / topk: value_selecting_reduction_backward): the gradient of
   the values goes back to the positions the indices name, zeros elsewhere, a scatter into zeros
   (scatter_add: the indices of one line are distinct); the jvp gathers the tangent by the same
   indices. argsort has no derivative. Batching moves the batch dim first and shifts the dim. */
#include <string.h>

#include "../kernels/kernels.h"
#include "../kernels/scan.h"
#include "../kernels/shape.h"
#include "op.h"
#include "rules.h"
#include "samples.h"

static int samples_sort(const st_op *op, st_dtype dt, st_sample *out, int cap);

static bool is_topk(const st_opcall *c) { return c->op->id == ST_OP_topk; }

static int infer_sort(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int64_t dim = c->a.sort.dim;
  if (dim < -ST_MAX_DIMS || dim > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "dim %lld is out of range for a tensor of shape %s",
                        (long long)dim, ST_SHAPE_STR(a));
  int d = st__wrap_dim(ST_FN(c), (int)dim, a->ndim);
  if (d < 0) return -1;
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  if (is_topk(c)) {
    if (a->dtype == ST_BOOL)
      return st__op_error(c, ST_ERR_DTYPE, "bool input is not supported (as in torch.topk)");
    int64_t k = c->a.sort.k, size = a->ndim ? a->shape[d] : 1;
    if (k < 0 || k > size) /* a 0-dim input takes k = 0 too, and gives its element */
      return st__op_error(c, ST_ERR_ARG, "k %lld is out of range for dim %d of size %lld",
                          (long long)k, d, (long long)size);
    if (a->ndim) shape[d] = k;
  }
  int nout = c->op->nout, j = 0;
  if (nout == 2) st__meta_set(&m[j++], a->dtype, a->ndim, shape);
  st__meta_set(&m[j], ST_I64, a->ndim, shape);
  return 0;
}

static int kernel_sort(const st_opcall *c, st_tensor *const *out) {
  st_tensor *a = c->in[0], *idx = out[c->op->nout - 1];
  int d = st__wrap_dim(ST_FN(c), (int)c->a.sort.dim, a->ndim);
  int64_t outer = 1, n = a->ndim ? a->shape[d] : 1, inner = 1;
  for (int k = 0; k < a->ndim; k++) {
    if (k < d) outer *= a->shape[k];
    if (k > d) inner *= a->shape[k];
  }
  int64_t k = is_topk(c) && a->ndim ? c->a.sort.k : n; /* a 0-dim topk gives its element */
  bool descending = c->a.sort.descending;
  if (st__numel(idx->ndim, idx->shape) > 0) {
    bool i64 = a->dtype == ST_I64;
    st_tensor *keys = st__contig_as(a, i64 ? ST_I64 : ST_F64);
    int64_t *tmp = keys ? st__alloc(sizeof(int64_t) * 2 * (size_t)n) : NULL;
    if (!tmp) {
      if (keys) st__drop(keys);
      return -1;
    }
    st__k_argsort(st__data(keys), i64, outer, n, inner, descending, k, (int64_t *)st__data(idx),
                  tmp);
    st__free(tmp, sizeof(int64_t) * 2 * (size_t)n);
    st__drop(keys);
  }
  if (c->op->nout == 2)
    st__k_gather(st__view_of(out[0]), st__view_of(a), a->ndim ? d : 0, st__view_of(idx));
  return 0;
}

static int rule_dim(const st_attrs *at, int ndim) {
  if (ndim == 0) return 0;
  return (int)(at->sort.dim < 0 ? at->sort.dim + ndim : at->sort.dim);
}

/* value_selecting_reduction_backward: zeros of the input's shape with g at the indices. */
static int vjp_sort(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_tensor_meta *m = &a->in_meta[0];
  if (!a->needs[0]) return 0;
  st_tensor *z = st_zeros(st_dtype_of(gout[0]), m->ndim, m->shape);
  ST_GRAD(0, st_scatter_add(z, rule_dim(a->a, m->ndim), a->out[1], gout[0]));
  return 0;
}
/* derivatives.yaml, sort / topk: values: gather_with_keepdimed_indices, the tangent gathered by
   the indices; the indices have no tangent. */
static int jvp_sort(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  tout[0] = st_gather(tin[0], rule_dim(a->a, a->in[0]->ndim), a->out[1]);
  return tout[0] ? 0 : st__rule_failed();
}

/* Batching: the input with its batch dim first (a 0-dim one as [B, 1]), the dim shifted by one;
   lifted results go back to [B]. */
static int vmap_sort(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0), nout = a->c->op->nout;
  st_tensor *x = st__bfront(a, 0, r ? r : 1);
  if (!x) return st__rule_failed();
  st_opcall c = *a->c;
  c.a.sort.dim = r ? st__bdim_shift(a, 0, c.a.sort.dim) : 1;
  if (!r && c.op->id == ST_OP_topk) c.a.sort.k = 1; /* a 0-dim topk gives its element, k 0 or 1 */
  st_tensor *o[ST_MAX_OUTS];
  if (st__redispatch(&c, &x, o)) return st__rule_failed();
  if (r) {
    for (int j = 0; j < nout; j++) out[j] = o[j], out_bdim[j] = 0;
    return 0;
  }
  if (st__track_all(nout, o)) return st__rule_failed();
  for (int j = 0; j < nout; j++) {
    out_bdim[j] = 0;
    if (!(out[j] = st_reshape(o[j], 1, &a->size))) return st__rule_failed();
  }
  return 0;
}

/* sort and topk: values and indices, differentiable through the values */
#define SORT_RECORD(NAME)                                                                          \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME,                                                 \
                               .name = #NAME,                                                      \
                               .nin = 1,                                                           \
                               .nout = 2,                                                          \
                               .infer = infer_sort,                                                \
                               .kernel = kernel_sort,                                              \
                               .saves = ST_SAVE_OUT(1),                                            \
                               .vjp = vjp_sort,                                                    \
                               .jvp = jvp_sort,                                                    \
                               .vmap = vmap_sort,                                                  \
                               .samples = samples_sort};
SORT_RECORD(sort)
SORT_RECORD(topk)
#undef SORT_RECORD
const st_op st__op_argsort = {.id = ST_OP_argsort,
                              .name = "argsort",
                              .nin = 1,
                              .nout = 1,
                              .flags = ST_OP_NONDIFF,
                              .infer = infer_sort,
                              .kernel = kernel_sort,
                              .vmap = vmap_sort,
                              .samples = samples_sort};

/* ------------------------------------------------------------------------------- samples */

/* Every layout along either dim, descending (largest) and ascending, 0-dim and size-0 inputs,
   topk with k = 0 and k = the whole dim, i64 and bool inputs, and the errors: a dim out of
   range, k out of range, a bool topk. The sample values are distinct along every line sorted
   (a broadcast input is sorted along its last dim), so sort is differentiable there; ties are
   tested beside (tests/ops/test_scan_sort.c). */
static int samples_sort(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  bool topk = op->id == ST_OP_topk;
  st_attrs a = {0};
  int n = 0;
#define SORTED(what, expect, d, i1, i2, t)                                                         \
  (a.sort.dim = (d), a.sort.k = topk ? (i1) : 0, a.sort.descending = (topk ? (i2) : (i1)) > 0,     \
   a.sort.stable = !topk && (i2), a.sort.sorted = true, SAMPLE(what, expect, 1, t))
#define S(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), -2, 2)
  /* sort, argsort: (descending, stable); topk: (k, largest) */
  SORTED("contiguous", ST_OK, 1, topk ? 2 : 0, 1, S(3, 4));
  SORTED("non-contiguous, dim 0", ST_OK, 0, topk ? 3 : 1, 0,
         st__sample_noncontig(dt, ST_SHAPE(4, 3), -2, 2));
  SORTED("broadcast, dim -1", ST_OK, -1, topk ? 1 : 1, 1,
         st__sample_broadcast(dt, ST_SHAPE(3, 4), -2, 2));
  SORTED("3-d, middle dim", ST_OK, 1, topk ? 3 : 0, topk, S(2, 3, 2));
  SORTED("0-dim", ST_OK, 0, topk ? 1 : 0, 1, st__sample(dt, 0, NULL, -2, 2));
  SORTED("0-dim, dim -1", ST_OK, -1, 0, 0, st__sample(dt, 0, NULL, -2, 2));
  SORTED("size-0", ST_OK, 1, topk ? 2 : 0, 1, S(0, 3));
  SORTED("size-0 along dim", ST_OK, 0, 0, 1, S(0, 3));
  SORTED("i64 input", ST_OK, 1, topk ? 2 : 1, 1, st__sample_index(ST_SHAPE(3, 4), 100));
  if (topk) {
    SORTED("k = 0", ST_OK, 1, 0, 1, S(3, 4));
    SORTED("bool input", ST_ERR_DTYPE, 1, 1, 1, st__sample(ST_BOOL, ST_SHAPE(3, 2), 0, 2));
    SORTED("k too large", ST_ERR_ARG, 1, 5, 1, S(3, 4));
    SORTED("negative k", ST_ERR_ARG, 1, -1, 1, S(3, 4));
  } else {
    SORTED("bool input", ST_OK, 0, 0, 1, st__sample(ST_BOOL, ST_SHAPE(3, 2), 0, 2));
  }
  SORTED("dim out of range", ST_ERR_ARG, 2, topk ? 1 : 0, 1, S(3, 4));
#undef S
#undef SORTED
  return n;
}

/* ------------------------------------------------------------------------ public functions */

/* Dispatches a two-output call: the first output returned, the second in *second when it is not
   NULL (else released); both are recorded in the scope together. */
static st_tensor *call2(const st_opcall *c, st_tensor **second) {
  if (!second) return st__call1(c); /* which releases the second */
  st_tensor *out[ST_MAX_OUTS];
  *second = NULL;
  if (st__call_n(c, out)) return NULL;
  *second = out[1];
  return out[0];
}

st_tensor *st_sort(st_tensor *a, int dim, bool descending, bool stable, st_tensor **indices) {
  st_opcall c = ST_CALL(sort, a);
  c.a.sort.dim = dim, c.a.sort.descending = descending, c.a.sort.stable = stable;
  return call2(&c, indices);
}

st_tensor *st_argsort(st_tensor *a, int dim, bool descending, bool stable) {
  st_opcall c = ST_CALL(argsort, a);
  c.a.sort.dim = dim, c.a.sort.descending = descending, c.a.sort.stable = stable;
  return st__call1(&c);
}

st_tensor *st_topk(st_tensor *a, int64_t k, int dim, bool largest, bool sorted,
                   st_tensor **indices) {
  st_opcall c = ST_CALL(topk, a);
  c.a.sort.dim = dim, c.a.sort.k = k, c.a.sort.descending = largest, c.a.sort.sorted = sorted;
  return call2(&c, indices);
}
