/* shape_index.c — the indexing ops of the shape family: index_select, gather, scatter_add,
   index_add, masked_fill and one_hot, with i64 indices checked in infer before anything is
   allocated. Shared helpers, the family's
   conventions and its record macro are in shape.h. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "../kernels/shape.h"
#include "op.h"
#include "rules.h"
#define STRATA_SHAPE_FAMILY
#include "shape.h"

/* The sample calls of this file's ops, for the test matrix (defined before the public
   functions). */
static int samples_index(const st_op *op, st_dtype dt, st_sample *out, int cap);
#define FAMILY_SAMPLES samples_index

/* ---------------------------------------------------------------------------- index checks */

static int check_index_dtype(const st_opcall *c, const st_tensor *index) {
  if (index->dtype != ST_I64)
    return st__op_error(c, ST_ERR_DTYPE, "index must be i64, not %s", st_dtype_name(index->dtype));
  return 0;
}

/* Every index value must lie in [0, size). Infer reads the index data here (it allocates
   nothing) so that a bad index fails before any output exists. A transform's wrapper has no
   data of its own: the call that reaches level 0 checks the values. */
static int check_index_range(const st_opcall *c, const st_tensor *index, int dim, int64_t size) {
  if (!st__has_data(index) || st__numel(index->ndim, index->shape) == 0) return 0;
  int64_t lo, hi;
  st__k_i64_range(st__view_of(index), &lo, &hi);
  if (lo < 0 || hi >= size)
    return st__op_error(c, ST_ERR_ARG, "index %lld is out of range for dim %d of size %lld",
                        (long long)(lo < 0 ? lo : hi), dim, (long long)size);
  return 0;
}

/* --------------------------------------------------- index_select: in = (a, index), axis.dim */

static int infer_index_select(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *index = c->in[1];
  int d = wrap(c, c->a.axis.dim, a->ndim);
  if (d < 0 || check_index_dtype(c, index)) return -1;
  if (index->ndim > 1)
    return st__op_error(c, ST_ERR_SHAPE, "index must be 1-D, got shape %s", ST_SHAPE_STR(index));
  int64_t n = st__numel(index->ndim, index->shape);
  if (a->ndim == 0 && n != 1)
    return st__op_error(c, ST_ERR_SHAPE, "a 0-dim input takes exactly one index, got %lld",
                        (long long)n);
  if (check_index_range(c, index, d, a->ndim ? a->shape[d] : 1)) return -1;
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  if (a->ndim) shape[d] = n;
  st__meta_set(m, a->dtype, a->ndim, shape);
  return 0;
}
static int kernel_index_select(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  int d = st__wrap_dim("st_index_select", (int)c->a.axis.dim, a->ndim);
  st__k_index_select(st__view_of(out[0]), st__view_of(a), d, st__view_of(c->in[1]));
  return 0;
}
/* Zeros shaped like input m, in g's dtype (what scatter_add into them needs). */
static st_tensor *zeros_for(const st_tensor *g, const st_tensor_meta *m) {
  return st_zeros(g->dtype, m->ndim, m->shape);
}

/* derivatives.yaml, index_select: index_select_backward, i.e. zeros(self.sizes()).index_add_(dim,
   index, grad). index_add along dim equals scatter_add with the index broadcast over the other
   dims of grad, which keeps this rule (and its own derivative) within existing ops. */
static st_tensor *index_select_backward(st_tensor *g, const st_tensor_meta *m, int64_t dim,
                                        st_tensor *index) {
  if (m->ndim == 0) return st_reshape(g, 0, NULL); /* the one index was 0 */
  int d = rule_dim(dim, m->ndim);
  int64_t shape[ST_MAX_DIMS];
  for (int k = 0; k < m->ndim; k++) shape[k] = k == d ? g->shape[d] : 1;
  st_tensor *col = st_reshape(index, m->ndim, shape);
  st_tensor *idx = st_expand(col, g->ndim, g->shape);
  st_tensor *z = zeros_for(g, m);
  st_tensor *r = st_scatter_add(z, d, idx, g);
  st_release(col), st_release(idx), st_release(z);
  return r;
}
static int vjp_index_select(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, index_select_backward(gout[0], &a->in_meta[0], a->a->axis.dim, a->in[1]));
  return 0;
}
/* Batching: with an unbatched index, the op along the logical dim shifted by one. A batched index
   ([B, n], one per lane) is spread over the input's other dims ([B, ..., n, ...]) and gathered
   along that dim. A 0-dim input is lifted to [B, 1] (see bexpand). */
static int vmap_index_select(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_attrs at = a->c->a;
  at.axis.dim = r ? bshift(at.axis.dim, r) : 1;
  st_tensor *x[2] = {bexpand(a, 0, true), a->in[1]};
  if (!x[0]) return st__rule_failed();
  if (a->bdim[1] < 0) return run_lifted(a, a->c->op, x, &at, out, out_bdim);
  int nd = x[0]->ndim, d = (int)at.axis.dim;
  int64_t n = st_numel(a->c->in[1]), shape[ST_MAX_DIMS + 1];
  for (int k = 0; k < nd; k++) shape[k] = k == 0 ? a->size : k == d ? n : 1;
  st_tensor *spread = st_reshape(st__bfront(a, 1, 0), nd, shape);
  memcpy(shape, x[0]->shape, sizeof(int64_t) * (size_t)nd);
  shape[d] = n;
  if (!(x[1] = st_expand(spread, nd, shape))) return st__rule_failed();
  return run_lifted(a, st__ops[ST_OP_gather], x, &at, out, out_bdim);
}
const st_op st__op_index_select =
    RECORD(index_select, 2, infer_index_select, kernel_index_select, vjp_index_select,
           ST_SAVE_IN(1), jvp_linear, vmap_index_select);

/* ---------------------------------------------------------- gather: in = (a, index), axis.dim */

/* index's size must not exceed limit's in any dim but `skip` (-1: none). */
static int check_index_fits(const st_opcall *c, const st_tensor *index, const st_tensor *limit,
                            const char *what, int skip) {
  if (index->ndim != limit->ndim)
    return st__op_error(c, ST_ERR_SHAPE,
                        "index has shape %s but %s has %s (the number of dims must match)",
                        ST_SHAPE_STR(index), what, ST_SHAPE_STR(limit));
  for (int d = 0; d < index->ndim; d++)
    if (d != skip && index->shape[d] > limit->shape[d])
      return st__op_error(c, ST_ERR_SHAPE, "index %s is larger than %s %s at dim %d (%lld > %lld)",
                          ST_SHAPE_STR(index), what, ST_SHAPE_STR(limit), d,
                          (long long)index->shape[d], (long long)limit->shape[d]);
  return 0;
}

static int infer_gather(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *index = c->in[1];
  int d = wrap(c, c->a.axis.dim, a->ndim);
  if (d < 0 || check_index_dtype(c, index) || check_index_fits(c, index, a, "input", d)) return -1;
  if (check_index_range(c, index, d, a->ndim ? a->shape[d] : 1)) return -1;
  st__meta_set(m, a->dtype, index->ndim, index->shape);
  return 0;
}
static int kernel_gather(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  int d = st__wrap_dim("st_gather", (int)c->a.axis.dim, a->ndim);
  st__k_gather(st__view_of(out[0]), st__view_of(a), d, st__view_of(c->in[1]));
  return 0;
}
/* derivatives.yaml, gather: gather_backward, i.e. zeros(self.sizes()).scatter_add_(dim, index,
   grad). */
static st_tensor *gather_backward(st_tensor *g, const st_tensor_meta *m, int64_t dim,
                                  st_tensor *index) {
  st_tensor *z = zeros_for(g, m);
  st_tensor *r = st_scatter_add(z, rule_dim(dim, m->ndim), index, g);
  st_release(z);
  return r;
}
static int vjp_gather(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, gather_backward(gout[0], &a->in_meta[0], a->a->axis.dim, a->in[1]));
  return 0;
}
/* Batching for gather and scatter_add: every input with the batch first (unbatched ones expanded
   to it, 0-dim ones lifted to [B, 1]; see bexpand), the op along the logical dim shifted by one:
   lane b then reads and writes only lane b of each input. */
static int vmap_gather(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_tensor *x[3];
  for (int i = 0; i < a->c->nin; i++)
    if (!(x[i] = bexpand(a, i, true))) return st__rule_failed();
  st_attrs at = a->c->a;
  at.axis.dim = r ? bshift(at.axis.dim, r) : 1;
  return run_lifted(a, a->c->op, x, &at, out, out_bdim);
}
const st_op st__op_gather = RECORD(gather, 2, infer_gather, kernel_gather, vjp_gather,
                                   ST_SAVE_IN(1), jvp_linear, vmap_gather);

/* ------------------------------------------------ scatter_add: in = (a, index, src), axis.dim */

static int infer_scatter_add(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *index = c->in[1], *src = c->in[2];
  int d = wrap(c, c->a.axis.dim, a->ndim);
  if (d < 0 || check_index_dtype(c, index)) return -1;
  if (src->dtype != a->dtype)
    return st__op_error(c, ST_ERR_DTYPE, "src is %s but the input is %s (they must match)",
                        st_dtype_name(src->dtype), st_dtype_name(a->dtype));
  if (check_index_fits(c, index, a, "input", d) || check_index_fits(c, index, src, "src", -1))
    return -1;
  if (check_index_range(c, index, d, a->ndim ? a->shape[d] : 1)) return -1;
  st__meta_like(m, a);
  return 0;
}
static int kernel_scatter_add(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  int d = st__wrap_dim("st_scatter_add", (int)c->a.axis.dim, a->ndim);
  st_view o = st__view_of(out[0]);
  st__k_copy(o, st__view_of(a));
  st__k_scatter_add(o, d, st__view_of(c->in[1]), st__view_of(c->in[2]));
  return 0;
}
/* derivatives.yaml, scatter_add: self: grad; src: grad.gather(dim, index). PyTorch stops there and
   so rejects a src larger than index; the elements of src that index does not reach take no part
   in the result, so their gradient is zero: the gathered gradient is padded up to src's shape. */
static st_tensor *scatter_add_src_backward(st_tensor *g, const st_vjp_args *a) {
  const st_tensor_meta *src = &a->in_meta[2], *index = &a->in_meta[1];
  st_tensor *r = st_gather(g, rule_dim(a->a->axis.dim, g->ndim), a->in[1]);
  int64_t pad[2 * ST_MAX_DIMS] = {0};
  bool grow = false;
  for (int k = 0; k < src->ndim; k++) {
    pad[2 * k + 1] = src->shape[src->ndim - 1 - k] - index->shape[index->ndim - 1 - k];
    grow = grow || pad[2 * k + 1];
  }
  if (!grow || !r) return r;
  st_tensor *p = st_pad(r, 2 * src->ndim, pad, 0);
  st_release(r);
  return p;
}
static int vjp_scatter_add(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st__sum_to(gout[0], &a->in_meta[0])); /* g itself: same shape */
  ST_GRAD(2, scatter_add_src_backward(gout[0], a));
  return 0;
}
/* derivatives.yaml, scatter_add: result: scatter_add(self_t, dim, index, src_t); without src_t
   that is self_t itself. */
static int jvp_scatter_add(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[2]) {
    tout[0] = st__track(st_retain(tin[0]));
    return 0;
  }
  st_tensor *in[3] = {tin[0] ? tin[0] : st_zeros_like(a->in[0]), a->in[1], tin[2]};
  return in[0] ? rerun(a->op, 3, in, a->a, tout) : st__rule_failed();
}
const st_op st__op_scatter_add =
    RECORD(scatter_add, 3, infer_scatter_add, kernel_scatter_add, vjp_scatter_add, ST_SAVE_IN(1),
           jvp_scatter_add, vmap_gather);

/* ------------------------------------------------ masked_fill: in = (a, mask), scalar.value */

/* Strides that read t as the shape [nd] it broadcasts to (0 where it repeats). */
static void broadcast_strides(const st_tensor *t, int nd, const int64_t *shape, int64_t *strides) {
  for (int d = 0; d < nd; d++) {
    int td = d - (nd - t->ndim);
    strides[d] = td < 0 || (t->shape[td] == 1 && shape[d] != 1) ? 0 : t->strides[td];
  }
}

/* torch.masked_fill out of place: self and mask broadcast together (expand_outplace), the
   result keeps self's dtype. */
static int infer_masked_fill(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *mask = c->in[1];
  if (mask->dtype != ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "mask must be bool, not %s", st_dtype_name(mask->dtype));
  double v = c->a.scalar.value;
  if (a->dtype == ST_I64 && !(v >= -0x1p63 && v < 0x1p63 && v == (double)(int64_t)v))
    return st__op_error(c, ST_ERR_ARG, "value %g is not an i64 value", v);
  int64_t shape[ST_MAX_DIMS];
  int nd = st__broadcast_shapes(ST_FN(c), a->ndim, a->shape, mask->ndim, mask->shape, shape);
  if (nd < 0) return -1;
  st__meta_set(m, a->dtype, nd, shape);
  return 0;
}
static int kernel_masked_fill(const st_opcall *c, st_tensor *const *out) {
  st_tensor *o = out[0];
  int64_t sa[ST_MAX_DIMS], sm[ST_MAX_DIMS];
  broadcast_strides(c->in[0], o->ndim, o->shape, sa);
  broadcast_strides(c->in[1], o->ndim, o->shape, sm);
  st__k_copy(st__view_of(o), (st_view){st__data(c->in[0]), o->dtype, o->ndim, o->shape, sa});
  st__k_masked_fill(st__view_of(o), (st_view){st__data(c->in[1]), ST_BOOL, o->ndim, o->shape, sm},
                    c->a.scalar.value);
  return 0;
}
/* derivatives.yaml, masked_fill.Scalar: self: grad.masked_fill(mask, 0) (summed back to self's
   shape where it broadcast); mask: non-differentiable. */
static int vjp_masked_fill(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  if (!a->needs[0]) return 0;
  ST_GRAD(0, st__sum_to(st_masked_fill(gout[0], a->in[1], 0), &a->in_meta[0]));
  return 0;
}
/* derivatives.yaml, masked_fill.Scalar: result: self_t.masked_fill(mask, 0). */
static int jvp_masked_fill(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  tout[0] = st_masked_fill(tin[0], a->in[1], 0); /* self_t and mask broadcast as self did */
  return tout[0] ? 0 : st__rule_failed();
}
const st_op st__op_masked_fill = {.id = ST_OP_masked_fill,
                                  .name = "masked_fill",
                                  .nin = 2,
                                  .nout = 1,
                                  .infer = infer_masked_fill,
                                  .kernel = kernel_masked_fill,
                                  .saves = ST_SAVE_IN(1),
                                  .vjp = vjp_masked_fill,
                                  .jvp = jvp_masked_fill,
                                  .vmap = st__vmap_elementwise,
                                  .samples = FAMILY_SAMPLES};

/* ------------------------------- index_add: in = (a, index, source), index_add.dim, .alpha */

/* torch.index_add: a copy of a with alpha * source's slice j added at slice index[j] along dim.
   index is 1-D i64 with one entry per slice of source; source has a's shape but along dim and
   a's dtype (as torch requires). */
static int infer_index_add(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *index = c->in[1], *src = c->in[2];
  int d = wrap(c, c->a.index_add.dim, a->ndim);
  if (d < 0 || check_index_dtype(c, index)) return -1;
  if (index->ndim > 1)
    return st__op_error(c, ST_ERR_SHAPE, "index must be 1-D, got shape %s", ST_SHAPE_STR(index));
  if (src->dtype != a->dtype)
    return st__op_error(c, ST_ERR_DTYPE, "source is %s but the input is %s (they must match)",
                        st_dtype_name(src->dtype), st_dtype_name(a->dtype));
  double alpha = c->a.index_add.alpha;
  if (a->dtype != ST_F32 && a->dtype != ST_F64 && alpha != (double)(int64_t)alpha)
    return st__op_error(c, ST_ERR_ARG, "alpha %g must be an integer for %s input", alpha,
                        st_dtype_name(a->dtype));
  bool same_rank = src->ndim == a->ndim || (a->ndim == 0 && src->ndim == 1);
  for (int k = 0; same_rank && k < a->ndim; k++) same_rank = k == d || src->shape[k] == a->shape[k];
  int64_t n = st__numel(index->ndim, index->shape), along = src->ndim ? src->shape[d] : 1;
  if (!same_rank || n != along)
    return st__op_error(c, ST_ERR_SHAPE,
                        "source %s must have the input's shape %s but along dim %d, where it "
                        "needs one slice per index (%lld)",
                        ST_SHAPE_STR(src), ST_SHAPE_STR(a), d, (long long)n);
  if (check_index_range(c, index, d, a->ndim ? a->shape[d] : 1)) return -1;
  st__meta_like(m, a);
  return 0;
}
static int kernel_index_add(const st_opcall *c, st_tensor *const *out) {
  st_tensor *a = c->in[0], *index = c->in[1], *src = c->in[2], *o = out[0];
  int d = a->ndim ? st__wrap_dim(ST_FN(c), (int)c->a.index_add.dim, a->ndim) : 0;
  st__k_copy(st__view_of(o), st__view_of(a));
  st_tensor *scaled = NULL;
  if (c->a.index_add.alpha != 1) { /* alpha * source, in its dtype */
    if (!(scaled = st__empty(src->dtype, src->ndim, src->shape))) return -1;
    st__k_copy(st__view_of(scaled), st__view_of(src));
    int64_t n = st_numel(scaled);
    double alpha = c->a.index_add.alpha;
    for (int64_t k = 0; k < n; k++) {
      char *p = st__data(scaled);
      if (src->dtype == ST_F64)
        ((double *)p)[k] *= alpha;
      else if (src->dtype == ST_F32)
        ((float *)p)[k] = (float)(((float *)p)[k] * alpha);
      else
        ((int64_t *)p)[k] = (int64_t)((uint64_t)((int64_t *)p)[k] * (uint64_t)(int64_t)alpha);
    }
  }
  st_view sv = scaled ? st__view_of(scaled) : st__view_of(src);
  /* index_add along dim is scatter_add with index[j] repeated over source's other dims */
  int64_t istrides[ST_MAX_DIMS] = {0};
  int nd = a->ndim;
  if (nd) istrides[d] = index->ndim ? index->strides[0] : 0;
  if (!nd) sv.ndim = 0;
  st__k_scatter_add(st__view_of(o), d, (st_view){st__data(index), ST_I64, nd, sv.shape, istrides},
                    sv);
  if (scaled) st__drop(scaled);
  return 0;
}
/* derivatives.yaml, index_add: self: grad; source: maybe_multiply(grad.index_select(dim, index)
   .expand_as(source), alpha). */
static int vjp_index_add(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st__sum_to(gout[0], &a->in_meta[0]));
  if (!a->needs[2]) return 0;
  const st_tensor_meta *sm = &a->in_meta[2];
  int nd = a->in_meta[0].ndim;
  st_tensor *g = st_index_select(gout[0], nd ? rule_dim(a->a->index_add.dim, nd) : 0, a->in[1]);
  if (g && sm->ndim != g->ndim) g = st_reshape(g, sm->ndim, sm->shape);
  ST_GRAD(2, a->a->index_add.alpha == 1 || !g ? g : st_mul_scalar(g, a->a->index_add.alpha));
  return 0;
}
/* derivatives.yaml, index_add: result: index_add(self_t, dim, index, source_t, alpha), zeros for
   a missing tangent (self_t alone when source has none). */
static int jvp_index_add(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[2]) {
    tout[0] = tin[0] ? st__track(st_retain(tin[0])) : NULL;
    return 0;
  }
  st_tensor *in[3] = {tin[0] ? tin[0] : st_zeros_like(a->in[0]), a->in[1], tin[2]};
  return in[0] ? rerun(a->op, 3, in, a->a, tout) : st__rule_failed();
}
/* Batching: as scatter_add, which index_add is with index[j] spread over source's other dims: a
   batched index ([B, n]) then differs per lane. Every input has the batch first (0-dim inputs
   lifted to [B, 1], see bexpand), alpha applied to source first. */
static int vmap_index_add(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_tensor *x[3] = {bexpand(a, 0, true), NULL, NULL};
  if (!x[0] || !(x[2] = bexpand(a, 2, true))) return st__rule_failed();
  int d = r ? (int)bshift(a->c->a.index_add.dim, r) : 1, nd = x[2]->ndim;
  int64_t n = st_numel(a->c->in[1]), shape[ST_MAX_DIMS + 1];
  for (int k = 0; k < nd; k++) shape[k] = k == 0 ? (a->bdim[1] >= 0 ? a->size : 1) : k == d ? n : 1;
  st_tensor *col = st_reshape(st__bfront(a, 1, 0), nd, shape);
  if (!col || !(x[1] = st_expand(col, nd, x[2]->shape))) return st__rule_failed();
  if (a->c->a.index_add.alpha != 1 &&
      !(x[2] = st_to_dtype(st_mul_scalar(x[2], a->c->a.index_add.alpha), st_dtype_of(x[0]))))
    return st__rule_failed();
  st_attrs at = {.axis = {d}};
  return run_lifted(a, st__ops[ST_OP_scatter_add], x, &at, out, out_bdim);
}
const st_op st__op_index_add = RECORD(index_add, 3, infer_index_add, kernel_index_add,
                                      vjp_index_add, ST_SAVE_IN(1), jvp_index_add, vmap_index_add);

/* ------------------------------------------------------ one_hot: in = (a), count.n: num_classes */

/* F.one_hot: i64 classes in [0, num_classes) give a.shape + [num_classes] of 0 and 1 (i64);
   num_classes -1 is the largest class + 1, read from the values (so not through a transform's
   input, which shows no values, and not for an empty input, as in torch). */
static int infer_one_hot(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  if (a->dtype != ST_I64)
    return st__op_error(c, ST_ERR_DTYPE, "input must be i64 class indices, not %s",
                        st_dtype_name(a->dtype));
  int64_t classes = c->a.count.n, n = st__numel(a->ndim, a->shape), lo = 0, hi = -1;
  if (classes < -1)
    return st__op_error(c, ST_ERR_ARG, "num_classes %lld must be -1 or >= 0", (long long)classes);
  if (n && st__has_data(a)) st__k_i64_range(st__view_of(a), &lo, &hi);
  if (classes == -1) {
    if (!st__has_data(a))
      return st__op_error(c, ST_ERR_TRANSFORM,
                          "num_classes -1 needs the values, which a transform's input does not "
                          "show; pass num_classes");
    if (!n) return st__op_error(c, ST_ERR_ARG, "cannot infer num_classes from an empty tensor");
    classes = hi + 1;
  }
  if (lo < 0)
    return st__op_error(c, ST_ERR_ARG, "class values must be non-negative, got %lld",
                        (long long)lo);
  if (hi >= classes)
    return st__op_error(c, ST_ERR_ARG, "class value %lld is not smaller than num_classes %lld",
                        (long long)hi, (long long)classes);
  if (a->ndim == ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "%s already has the maximum of %d dims", ST_SHAPE_STR(a),
                        ST_MAX_DIMS);
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  shape[a->ndim] = classes;
  if (check_shape(c, a->ndim + 1, shape, ST_I64)) return -1;
  st__meta_set(m, ST_I64, a->ndim + 1, shape);
  return 0;
}
static int kernel_one_hot(const st_opcall *c, st_tensor *const *out) {
  st__k_fill(st__view_of(out[0]), 0);
  st__k_one_hot((int64_t *)st__data(out[0]), st__view_of(c->in[0]),
                out[0]->shape[out[0]->ndim - 1]);
  return 0;
}
/* Batching: the classes of every lane at once; the new dim is last, past the batch dim. */
static int vmap_one_hot(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return vmap_front(a, &a->c->a, 0, out, out_bdim);
}
const st_op st__op_one_hot = {.id = ST_OP_one_hot,
                              .name = "one_hot",
                              .nin = 1,
                              .nout = 1,
                              .flags = ST_OP_NONDIFF,
                              .infer = infer_one_hot,
                              .kernel = kernel_one_hot,
                              .vmap = vmap_one_hot,
                              .samples = FAMILY_SAMPLES};

/* ------------------------------------------------------------------------------- samples */

static int samples_index(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a;
  st_dtype other = dt == ST_F64 ? ST_F32 : ST_F64;
  switch (op->id) {
  case ST_OP_index_select: /* (a, index), dim */
    a = (st_attrs){.axis = {0}}, PUSH("contiguous, repeated index", 2, X(L(3, 4)), IDX(3, 4));
    a = (st_attrs){.axis = {-1}}, PUSH("non-contiguous", 2, NC(L(3, 4)), IDX(4, 2));
    a = (st_attrs){.axis = {0}}, PUSH("broadcast", 2, BC(L(2, 3)), IDX(2, 3));
    a = (st_attrs){.axis = {0}}, PUSH("0-dim", 2, X0, IDX0);
    a = (st_attrs){.axis = {-1}}, PUSH("0-dim, 1-D index", 2, X0, IDX(1, 1));
    a = (st_attrs){.axis = {1}}, PUSH("empty index", 2, X(L(3, 4)), IDX(4, 0));
    a = (st_attrs){.axis = {1}}, PUSH("size-0", 2, X(L(0, 3)), IDX(3, 2));
    a = (st_attrs){.axis = {0}}, FAIL("floating index", ST_ERR_DTYPE, 2, X(L(3, 4)), X(L(2)));
    a = (st_attrs){.axis = {0}}, FAIL("2-D index", ST_ERR_SHAPE, 2, X(L(3, 4)), IDX(3, 2, 2));
    a = (st_attrs){.axis = {0}}, FAIL("index out of range", ST_ERR_ARG, 2, X(L(3, 4)), IDX(5, 4));
    break;
  case ST_OP_gather: /* (a, index), dim */
    a = (st_attrs){.axis = {0}}, PUSH("contiguous", 2, X(L(3, 4)), IDX(3, 2, 4));
    a = (st_attrs){.axis = {1}}, PUSH("non-contiguous", 2, NC(L(4, 3)), IDX(3, 4, 2));
    a = (st_attrs){.axis = {-1}}, PUSH("broadcast, smaller index", 2, BC(L(3, 4)), IDX(4, 2, 3));
    a = (st_attrs){.axis = {0}}, PUSH("longer along dim, repeated", 2, X(L(3, 2)), IDX(3, 4, 2));
    a = (st_attrs){.axis = {0}}, PUSH("0-dim", 2, X0, IDX0);
    a = (st_attrs){.axis = {0}}, PUSH("size-0", 2, X(L(3, 4)), IDX(3, 0, 4));
    a = (st_attrs){.axis = {0}}, FAIL("floating index", ST_ERR_DTYPE, 2, X(L(3, 4)), X(L(2, 4)));
    a = (st_attrs){.axis = {0}},
    FAIL("index of other rank", ST_ERR_SHAPE, 2, X(L(3, 4)), IDX(3, 4));
    a = (st_attrs){.axis = {0}},
    FAIL("index out of range", ST_ERR_ARG, 2, X(L(3, 4)), IDX(5, 2, 4));
    break;
  case ST_OP_scatter_add: /* (a, index, src), dim */
    a = (st_attrs){.axis = {0}};
    PUSH("contiguous", 3, X(L(3, 4)), IDX(3, 2, 4), X(L(2, 4)));
    a = (st_attrs){.axis = {1}};
    PUSH("non-contiguous, src larger", 3, NC(L(4, 3)), IDX(3, 3, 2), NC(L(4, 3)));
    a = (st_attrs){.axis = {0}};
    PUSH("broadcast", 3, BC(L(3, 4)), IDX(3, 2, 3), BC(L(2, 3)));
    a = (st_attrs){.axis = {0}};
    PUSH("repeated index (accumulates)", 3, X(L(2, 3)), IDX(2, 4, 3), X(L(4, 3)));
    a = (st_attrs){.axis = {0}}, PUSH("0-dim", 3, X0, IDX0, X0);
    a = (st_attrs){.axis = {-1}};
    PUSH("size-0", 3, X(L(3, 4)), IDX(4, 3, 0), X(L(3, 0)));
    a = (st_attrs){.axis = {0}};
    FAIL("src of another dtype", ST_ERR_DTYPE, 3, X(L(3, 4)), IDX(3, 2, 4),
         st__sample(other, L(2, 4), -2, 2));
    a = (st_attrs){.axis = {0}};
    FAIL("index larger than the input", ST_ERR_SHAPE, 3, X(L(3, 4)), IDX(3, 2, 5), X(L(2, 5)));
    a = (st_attrs){.axis = {0}};
    FAIL("index out of range", ST_ERR_ARG, 3, X(L(3, 4)), IDX(5, 2, 4), X(L(2, 4)));
    break;
  case ST_OP_masked_fill: /* (a, mask), scalar.value */
    a = (st_attrs){.scalar = {-0.5}};
    PUSH("contiguous", 2, X(L(3, 4)), st__sample(ST_BOOL, L(3, 4), 0, 2));
    PUSH("non-contiguous, mask broadcast", 2, NC(L(3, 4)), st__sample(ST_BOOL, L(4), 0, 2));
    PUSH("broadcast, larger mask", 2, BC(L(4)), st__sample(ST_BOOL, L(3, 4), 0, 2));
    PUSH("0-dim", 2, X0, st__sample(ST_BOOL, 0, NULL, 0, 2));
    PUSH("size-0", 2, X(L(0, 3)), st__sample(ST_BOOL, L(3), 0, 2));
    a.scalar.value = 3;
    PUSH("i64 input", 2, IDX(5, 2, 3), st__sample(ST_BOOL, L(2, 3), 0, 2));
    FAIL("float mask", ST_ERR_DTYPE, 2, X(L(3, 4)), X(L(3, 4)));
    FAIL("shapes do not broadcast", ST_ERR_SHAPE, 2, X(L(3, 4)), st__sample(ST_BOOL, L(3), 0, 2));
    break;
  case ST_OP_index_add: /* (a, index, source), index_add.dim and .alpha */
    a = (st_attrs){.index_add = {0, 1}};
    PUSH("contiguous, repeated index", 3, X(L(3, 4)), IDX(3, 5), X(L(5, 4)));
    a = (st_attrs){.index_add = {-1, -2}};
    PUSH("non-contiguous, alpha", 3, NC(L(3, 4)), IDX(4, 2), NC(L(3, 2)));
    a = (st_attrs){.index_add = {1, 0.5}};
    PUSH("broadcast", 3, BC(L(2, 3)), IDX(3, 4), BC(L(2, 4)));
    a = (st_attrs){.index_add = {0, 1}};
    PUSH("0-dim", 3, X0, IDX(1, 1), X0);
    PUSH("empty index", 3, X(L(3, 4)), IDX(3, 0), X(L(0, 4)));
    PUSH("size-0", 3, X(L(2, 0)), IDX(2, 3), X(L(3, 0)));
    FAIL("floating index", ST_ERR_DTYPE, 3, X(L(3, 4)), X(L(2)), X(L(2, 4)));
    FAIL("source of another dtype", ST_ERR_DTYPE, 3, X(L(3, 4)), IDX(3, 2),
         st__sample(other, L(2, 4), -2, 2));
    FAIL("source of the wrong shape", ST_ERR_SHAPE, 3, X(L(3, 4)), IDX(3, 2), X(L(3, 4)));
    FAIL("index out of range", ST_ERR_ARG, 3, X(L(3, 4)), IDX(5, 4), X(L(4, 4)));
    break;
  case ST_OP_one_hot: /* (a i64), count.n: num_classes */
    a = (st_attrs){.count = {5}};
    PUSH("contiguous", 1, IDX(5, 3, 4));
    a = (st_attrs){.count = {3}};
    PUSH("0-dim", 1, IDX0);
    PUSH("size-0", 1, IDX(3, 0, 2));
    FAIL("floating input", ST_ERR_DTYPE, 1, X(L(3)));
    a = (st_attrs){.count = {2}};
    FAIL("class too large", ST_ERR_ARG, 1, IDX(5, 4));
    a = (st_attrs){.count = {-1}};
    FAIL("inferred from empty", ST_ERR_ARG, 1, IDX(3, 0));
    break;
  default: break;
  }
  return n;
}

/* ------------------------------------------------------------------------ public functions */

st_tensor *st_index_select(st_tensor *a, int dim, st_tensor *index) {
  st_opcall c = ST_CALL(index_select, a, index);
  c.a.axis.dim = dim;
  return st__call1(&c);
}

st_tensor *st_gather(st_tensor *a, int dim, st_tensor *index) {
  st_opcall c = ST_CALL(gather, a, index);
  c.a.axis.dim = dim;
  return st__call1(&c);
}

st_tensor *st_scatter_add(st_tensor *a, int dim, st_tensor *index, st_tensor *src) {
  st_opcall c = ST_CALL(scatter_add, a, index, src);
  c.a.axis.dim = dim;
  return st__call1(&c);
}

st_tensor *st_masked_fill(st_tensor *a, st_tensor *mask, double value) {
  st_opcall c = ST_CALL(masked_fill, a, mask);
  c.a.scalar.value = value;
  return st__call1(&c);
}

st_tensor *st_index_add(st_tensor *a, int dim, st_tensor *index, st_tensor *source, double alpha) {
  st_opcall c = ST_CALL(index_add, a, index, source);
  c.a.index_add.dim = dim, c.a.index_add.alpha = alpha;
  return st__call1(&c);
}

st_tensor *st_one_hot(st_tensor *a, int64_t num_classes) {
  st_opcall c = ST_CALL(one_hot, a);
  c.a.count.n = num_classes;
  return st__call1(&c);
}
