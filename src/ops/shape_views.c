/* shape_views.c — the view ops of the shape family: reshape, permute, transpose, expand,
   squeeze, squeeze_all, unsqueeze, slice, select and diagonal only rewrite shape, strides and
   offset (reshape copies when no view exists), and the backward ops slice_backward and
   diagonal_backward place a gradient into zeros through the forward view (their own vjp is that
   view again). Also the composite flatten and st__same_tensor. Shared helpers, the family's
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
static int samples_views(const st_op *op, st_dtype dt, st_sample *out, int cap);
#define FAMILY_SAMPLES samples_views

/* ------------------------------------------------------------- reshape: list = the new shape */

/* PyTorch's computeStride (aten/src/ATen/TensorUtils.cpp): the old dims split, from the last, into
   chunks whose dims step through memory contiguously relative to each other (stride[d-1] ==
   stride[d] * size[d]; size-1 dims join any chunk). A view exists iff every chunk is covered
   exactly by a run of new dims, which then step through the chunk at its base stride. Returns
   false when no view exists. */
static bool view_strides(const st_tensor *a, int nn, const int64_t *ns, int64_t *out) {
  int on = a->ndim;
  const int64_t *os = a->shape, *ost = a->strides;
  if (on == 0) {
    for (int v = 0; v < nn; v++) out[v] = 1;
    return true;
  }
  if (st__numel(on, os) == 0) { /* any strides do; NumPy keeps them when the shape is unchanged */
    if (on == nn && !memcmp(os, ns, sizeof(int64_t) * (size_t)on)) {
      memcpy(out, ost, sizeof(int64_t) * (size_t)on);
      return true;
    }
    /* Strides of an empty tensor are never used to address anything; wrapping is harmless. */
    for (int v = nn - 1; v >= 0; v--) {
      out[v] = 1;
      if (v < nn - 1) __builtin_mul_overflow(out[v + 1], ns[v + 1] > 1 ? ns[v + 1] : 1, &out[v]);
    }
    return true;
  }
  int v = nn - 1;
  int64_t base = ost[on - 1], chunk = 1, covered = 1;
  for (int d = on - 1; d >= 0; d--) {
    chunk *= os[d];
    bool chunk_ends = d == 0 || (os[d - 1] != 1 && ost[d - 1] != chunk * base);
    if (!chunk_ends) continue;
    for (; v >= 0 && (covered < chunk || ns[v] == 1); v--) {
      out[v] = covered * base;
      covered *= ns[v];
    }
    if (covered != chunk) return false;
    if (d > 0) base = ost[d - 1], chunk = 1, covered = 1;
  }
  return v == -1;
}

/* Resolves the one -1 of the requested shape into shape; checks the element count. */
static int resolve_shape(const st_opcall *c, const st_tensor *a, int64_t *shape) {
  int n = c->a.nlist, unknown = -1;
  if (n < 0 || n > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "ndim %d is out of range (0..%d)", n, ST_MAX_DIMS);
  const int64_t *req = c->a.list;
  int64_t known = 1, numel = st__numel(a->ndim, a->shape);
  bool overflow = false;
  for (int d = 0; d < n; d++) {
    shape[d] = req[d];
    if (req[d] == -1) {
      if (unknown >= 0)
        return st__op_error(c, ST_ERR_ARG, "only one size can be -1, got %s", LIST_STR(n, req));
      unknown = d;
    } else if (req[d] < 0) {
      return st__op_error(c, ST_ERR_ARG, "size %lld of dim %d in %s is negative", (long long)req[d],
                          d, LIST_STR(n, req));
    } else {
      overflow |= __builtin_mul_overflow(known, req[d], &known);
    }
  }
  if (unknown >= 0) {
    if (known == 0)
      return st__op_error(c, ST_ERR_SHAPE,
                          "cannot reshape %s into %s: the -1 is ambiguous with 0 elements",
                          ST_SHAPE_STR(a), LIST_STR(n, req));
    if (!overflow && numel % known == 0)
      shape[unknown] = numel / known;
    else
      overflow = true;
  } else {
    overflow |= known != numel;
  }
  if (overflow)
    return st__op_error(c, ST_ERR_SHAPE, "cannot reshape %s (%lld elements) into %s",
                        ST_SHAPE_STR(a), (long long)numel, LIST_STR(n, req));
  return 0;
}

static int infer_reshape(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  if (resolve_shape(c, a, shape)) return -1;
  if (view_strides(a, c->a.nlist, shape, strides))
    return view(m, a, c->a.nlist, shape, strides, a->offset);
  st__meta_set(m, a->dtype, c->a.nlist, shape); /* no view: a contiguous copy */
  return 0;
}
/* Dispatch runs the kernel for views too; only a fresh output needs filling, in a's logical
   order: its buffer viewed with a's shape and contiguous strides (same element count). */
static int kernel_reshape(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  if (out[0]->storage == a->storage) return 0;
  int64_t strides[ST_MAX_DIMS];
  st__contiguous_strides(a->ndim, a->shape, strides);
  st__k_copy((st_view){st__data(out[0]), out[0]->dtype, a->ndim, a->shape, strides},
             st__view_of(a));
  return 0;
}
/* The gradient of every op that only changes how the same elements are shaped (reshape, squeeze,
   squeeze_all, unsqueeze) is g reshaped to the input's shape: derivatives.yaml's
   grad.reshape_symint(self.sym_sizes()) for view/_reshape_alias, and unsqueeze_to / squeeze for
   squeeze and unsqueeze, which amount to the same reshape. */
static int vjp_reshape(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st_reshape(gout[0], a->in_meta[0].ndim, a->in_meta[0].shape));
  return 0;
}
/* Batching: reshape to [B] + the logical shape, its -1 resolved from the logical input (with
   B = 0 lanes a -1 in [B] + shape would be ambiguous). */
static int vmap_reshape(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_attrs at = a->c->a;
  at.list[0] = a->size;
  if (resolve_shape(a->c, a->c->in[0], at.list + 1)) return st__rule_failed();
  at.nlist++;
  return vmap_front(a, &at, 0, out, out_bdim);
}
const st_op st__op_reshape =
    RECORD(reshape, 1, infer_reshape, kernel_reshape, vjp_reshape, 0, jvp_linear, vmap_reshape);

/* ------------------------------------------------------------------- permute: list = perm */

static int infer_permute(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int n = c->a.nlist;
  if (n != a->ndim)
    return st__op_error(c, ST_ERR_ARG, "perm %s has %d entries for a tensor of shape %s (%d dims)",
                        LIST_STR(n, c->a.list), n, ST_SHAPE_STR(a), a->ndim);
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  bool seen[ST_MAX_DIMS] = {false};
  for (int i = 0; i < n; i++) {
    int d = wrap(c, c->a.list[i], n);
    if (d < 0) return -1;
    if (seen[d])
      return st__op_error(c, ST_ERR_ARG, "perm %s repeats dim %d", LIST_STR(n, c->a.list), d);
    seen[d] = true;
    shape[i] = a->shape[d], strides[i] = a->strides[d];
  }
  return view(m, a, n, shape, strides, a->offset);
}
/* derivatives.yaml, permute: permute_backwards(grad, dims), the inverse permutation. */
static int vjp_permute(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int n = a->a->nlist, inv[ST_MAX_DIMS];
  for (int i = 0; i < n; i++) inv[rule_dim(a->a->list[i], n)] = i;
  ST_GRAD(0, st_permute(gout[0], n, inv));
  return 0;
}
/* Batching: the batch dim stays first, the logical permutation shifted by one after it. */
static int vmap_permute(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_attrs at = a->c->a;
  at.list[0] = 0;
  for (int k = 0; k < r; k++) at.list[1 + k] = bshift(a->c->a.list[k], r);
  at.nlist = r + 1;
  return vmap_front(a, &at, 0, out, out_bdim);
}
const st_op st__op_permute =
    RECORD(permute, 1, infer_permute, NULL, vjp_permute, 0, jvp_linear, vmap_permute);

/* ----------------------------------------------------------- transpose: transpose.dim0, .dim1 */

static int infer_transpose(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int d0 = wrap(c, c->a.transpose.dim0, a->ndim);
  int d1 = d0 < 0 ? -1 : wrap(c, c->a.transpose.dim1, a->ndim);
  if (d1 < 0) return -1;
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  int n = drop_dim(a, -1, shape, strides);
  if (n) {
    shape[d0] = a->shape[d1], strides[d0] = a->strides[d1];
    shape[d1] = a->shape[d0], strides[d1] = a->strides[d0];
  }
  return view(m, a, n, shape, strides, a->offset);
}
/* derivatives.yaml, transpose.int: grad.transpose(dim0, dim1). */
static int vjp_transpose(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st_transpose(gout[0], (int)a->a->transpose.dim0, (int)a->a->transpose.dim1));
  return 0;
}
/* Batching for the ops whose attributes name dims (transpose, slice, select, diagonal, and the
   backward views, whose dims refer to the sizes in list, which get the batch first): the dims
   shift by one past the batch dim. A 0-dim transpose (dims 0 and -1) is the identity: it
   becomes transpose(0, 0). */
static int vmap_dims(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_op_id id = a->c->op->id;
  st_attrs at = a->c->a;
  int rank = st__lrank(a, 0);
  if (id == ST_OP_slice_backward || id == ST_OP_diagonal_backward) {
    rank = at.nlist++;
    memmove(at.list + 1, at.list, sizeof(int64_t) * (size_t)rank);
    at.list[0] = a->size;
  }
  int64_t *dims[2] = {NULL, NULL};
  switch (id) {
  case ST_OP_transpose: dims[0] = &at.transpose.dim0, dims[1] = &at.transpose.dim1; break;
  case ST_OP_select: dims[0] = &at.select.dim; break;
  case ST_OP_diagonal:
  case ST_OP_diagonal_backward: dims[0] = &at.diagonal.dim1, dims[1] = &at.diagonal.dim2; break;
  default: dims[0] = &at.slice.dim; break; /* slice, slice_backward */
  }
  for (int k = 0; k < 2 && dims[k]; k++) *dims[k] = rank ? bshift(*dims[k], rank) : 0;
  return vmap_front(a, &at, 0, out, out_bdim);
}
const st_op st__op_transpose =
    RECORD(transpose, 1, infer_transpose, NULL, vjp_transpose, 0, jvp_linear, vmap_dims);

/* ------------------------------------------------------------- expand: list = the new shape */

static int infer_expand(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int n = c->a.nlist, lead = n - a->ndim;
  const int64_t *req = c->a.list;
  if (n < a->ndim || n > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "cannot expand %s to %s: need %d..%d sizes, got %d",
                        ST_SHAPE_STR(a), LIST_STR(n, req), a->ndim, ST_MAX_DIMS, n);
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  for (int d = 0; d < n; d++) {
    int64_t want = req[d], have = d < lead ? 1 : a->shape[d - lead];
    if (want == -1 && d >= lead) want = have;
    if (want < 0)
      return st__op_error(c, ST_ERR_ARG, "cannot expand %s to %s: size %lld at dim %d is invalid%s",
                          ST_SHAPE_STR(a), LIST_STR(n, req), (long long)want, d,
                          d < lead ? " for a new leading dim" : "");
    if (want != have && have != 1)
      return st__op_error(c, ST_ERR_SHAPE, "cannot expand %s to %s: size %lld at dim %d is not 1",
                          ST_SHAPE_STR(a), LIST_STR(n, req), (long long)have, d);
    shape[d] = want;
    strides[d] = d < lead || want != have ? 0 : a->strides[d - lead];
  }
  if (check_shape(c, n, shape, a->dtype)) return -1;
  return view(m, a, n, shape, strides, a->offset);
}
/* derivatives.yaml, expand: at::sum_to(grad, self.sym_sizes()). */
static int vjp_expand(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, st__sum_to(gout[0], &a->in_meta[0]));
  return 0;
}
/* Batching: input 0 padded with size-1 dims to the rank of the new shape, expanded to [B] +
   shape (a -1 keeps a size, as in the logical call). */
static int vmap_expand(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_attrs at = a->c->a;
  memmove(at.list + 1, at.list, sizeof(int64_t) * (size_t)at.nlist);
  at.list[0] = a->size;
  at.nlist++;
  return vmap_front(a, &at, a->c->a.nlist, out, out_bdim);
}
const st_op st__op_expand =
    RECORD(expand, 1, infer_expand, NULL, vjp_expand, 0, jvp_linear, vmap_expand);

/* ------------------------------------------------------------------------ squeeze: axis.dim */

static int infer_squeeze(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int d = wrap(c, c->a.axis.dim, a->ndim);
  if (d < 0) return -1;
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  int n = drop_dim(a, a->ndim && a->shape[d] == 1 ? d : -1, shape, strides);
  return view(m, a, n, shape, strides, a->offset);
}
/* Batching for squeeze and squeeze_all: a reshape of [B] + the logical shape to [B] + the logical
   shape without the squeezed dims (always a view: only size-1 dims go). Squeezing the value
   itself could drop a batch dim of size 1. */
static int vmap_squeeze(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  const st_tensor *t = a->c->in[0];
  bool all = a->c->op->id == ST_OP_squeeze_all;
  int64_t dim = a->c->a.axis.dim;
  int d = all || !t->ndim ? -1 : (int)(dim < 0 ? dim + t->ndim : dim);
  int64_t shape[ST_MAX_DIMS + 1] = {a->size};
  int n = 1;
  for (int k = 0; k < t->ndim; k++)
    if (t->shape[k] != 1 || (!all && k != d)) shape[n++] = t->shape[k];
  st_tensor *x = st__bfront(a, 0, 0);
  out[0] = st_reshape(x, n, shape);
  out_bdim[0] = 0;
  return out[0] ? 0 : st__rule_failed();
}
const st_op st__op_squeeze =
    RECORD(squeeze, 1, infer_squeeze, NULL, vjp_reshape, 0, jvp_linear, vmap_squeeze);

/* ------------------------------------------------------------------ squeeze_all: no attrs */

static int infer_squeeze_all(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < a->ndim; d++) {
    if (a->shape[d] == 1) continue;
    shape[n] = a->shape[d], strides[n] = a->strides[d];
    n++;
  }
  return view(m, a, n, shape, strides, a->offset);
}
const st_op st__op_squeeze_all =
    RECORD(squeeze_all, 1, infer_squeeze_all, NULL, vjp_reshape, 0, jvp_linear, vmap_squeeze);

/* ---------------------------------------------------------------------- unsqueeze: axis.dim */

static int infer_unsqueeze(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int d = wrap_new_dim(c, c->a.axis.dim, a->ndim, "a tensor");
  if (d < 0) return -1;
  if (a->ndim == ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "%s already has the maximum of %d dims", ST_SHAPE_STR(a),
                        ST_MAX_DIMS);
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  drop_dim(a, -1, shape, strides);
  memmove(shape + d + 1, shape + d, sizeof(int64_t) * (size_t)(a->ndim - d));
  memmove(strides + d + 1, strides + d, sizeof(int64_t) * (size_t)(a->ndim - d));
  /* The stride PyTorch gives the new dim: the span of the dim it precedes, 1 at the end. */
  shape[d] = 1;
  strides[d] = d < a->ndim ? a->shape[d] * a->strides[d] : 1;
  return view(m, a, a->ndim + 1, shape, strides, a->offset);
}
/* Batching: the new dim's position (in [-ndim-1, ndim]) shifted by one past the batch dim. */
static int vmap_unsqueeze(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_attrs at = a->c->a;
  int64_t *d = &at.axis.dim;
  *d = (*d < 0 ? *d + st__lrank(a, 0) + 1 : *d) + 1;
  return vmap_front(a, &at, 0, out, out_bdim);
}
const st_op st__op_unsqueeze =
    RECORD(unsqueeze, 1, infer_unsqueeze, NULL, vjp_reshape, 0, jvp_linear, vmap_unsqueeze);

/* ------------------------------------------------------------------------------ layouts */

/* A strided layout in elements: what slice and diagonal compute from their input's layout, and
   what their backward ops compute on a fresh contiguous buffer of the input's sizes. */
typedef struct {
  int ndim;
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS], offset;
} layout;

static layout layout_of(const st_tensor *t) {
  layout l = {.ndim = t->ndim, .offset = t->offset};
  drop_dim(t, -1, l.shape, l.strides);
  return l;
}

static int view_as(st_meta *m, const st_tensor *a, const layout *l) {
  return view(m, a, l->ndim, l->shape, l->strides, l->offset);
}

/* ------------------------------------------------------ slice: slice.dim, .start, .end, .step */

/* Python's clamping of a slice bound into [0, size]. */
static int64_t clamp_bound(int64_t b, int64_t size) {
  if (b < 0) b = b < -size ? 0 : b + size;
  return b > size ? size : b;
}

/* The slice of layout a that c's attributes describe. */
static int slice_layout(const st_opcall *c, const layout *a, layout *o) {
  if (a->ndim == 0) return st__op_error(c, ST_ERR_ARG, "cannot slice a 0-dim tensor");
  int d = wrap(c, c->a.slice.dim, a->ndim);
  if (d < 0) return -1;
  int64_t step = c->a.slice.step, size = a->shape[d];
  if (step <= 0) return st__op_error(c, ST_ERR_ARG, "step %lld must be positive", (long long)step);
  int64_t start = clamp_bound(c->a.slice.start, size), end = clamp_bound(c->a.slice.end, size);
  int64_t len = end > start ? (end - start - 1) / step + 1 : 0;
  *o = *a;
  o->shape[d] = len;
  o->strides[d] = len > 1 ? a->strides[d] * step : a->strides[d]; /* a huge step leaves len <= 1 */
  o->offset = a->offset + (len ? start * a->strides[d] : 0);
  return 0;
}

static int infer_slice(const st_opcall *c, st_meta *m) {
  layout a = layout_of(c->in[0]), o;
  return slice_layout(c, &a, &o) ? -1 : view_as(m, c->in[0], &o);
}

/* derivatives.yaml, slice.Tensor: slice_backward(grad, self.sizes(), dim, start, end, step). */
static int vjp_slice(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_tensor_meta *m = &a->in_meta[0];
  const st_attrs *at = a->a;
  ST_GRAD(0, st__slice_backward(gout[0], m->ndim, m->shape, (int)at->slice.dim, at->slice.start,
                                at->slice.end, at->slice.step));
  return 0;
}
const st_op st__op_slice = RECORD(slice, 1, infer_slice, NULL, vjp_slice, 0, jvp_linear, vmap_dims);

/* ------------------------------------------------------------------- select: select.dim, .index */

static int infer_select(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  if (a->ndim == 0) return st__op_error(c, ST_ERR_ARG, "cannot select from a 0-dim tensor");
  int d = wrap(c, c->a.select.dim, a->ndim);
  if (d < 0) return -1;
  int64_t index = c->a.select.index, size = a->shape[d];
  if (index < -size || index >= size)
    return st__op_error(c, ST_ERR_ARG, "index %lld is out of range for dim %d of size %lld",
                        (long long)index, d, (long long)size);
  if (index < 0) index += size;
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  int n = drop_dim(a, d, shape, strides);
  return view(m, a, n, shape, strides, a->offset + index * a->strides[d]);
}

/* derivatives.yaml, select.int: select_backward(grad, self.sizes(), dim, index). A select is the
   one-element slice [index, index + 1) with that dim dropped, so its backward is slice_backward
   of the gradient with the dim put back. */
static st_tensor *select_backward(st_tensor *g, const st_tensor_meta *m, int64_t dim,
                                  int64_t index) {
  int d = rule_dim(dim, m->ndim);
  if (index < 0) index += m->shape[d];
  st_tensor *u = st_unsqueeze(g, d);
  st_tensor *r = st__slice_backward(u, m->ndim, m->shape, d, index, index + 1, 1);
  st_release(u);
  return r;
}
static int vjp_select(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, select_backward(gout[0], &a->in_meta[0], a->a->select.dim, a->a->select.index));
  return 0;
}
const st_op st__op_select =
    RECORD(select, 1, infer_select, NULL, vjp_select, 0, jvp_linear, vmap_dims);

/* ----------------------------------------------------- diagonal: diagonal.offset, .dim1, .dim2 */

/* torch.diagonal: element j of the diagonal is a[..., j, ..., j + offset, ...] (dims dim1, dim2),
   the diagonal becoming the last dim. */
static int diagonal_layout(const st_opcall *c, const layout *a, layout *o) {
  if (a->ndim < 2)
    return st__op_error(c, ST_ERR_ARG, "needs at least 2 dims, got shape %s", ST_SHAPE_STR(a));
  int d1 = wrap(c, c->a.diagonal.dim1, a->ndim);
  int d2 = d1 < 0 ? -1 : wrap(c, c->a.diagonal.dim2, a->ndim);
  if (d2 < 0) return -1;
  if (d1 == d2) return st__op_error(c, ST_ERR_ARG, "dim1 and dim2 are both %d", d1);
  int64_t k = c->a.diagonal.offset, s1 = a->shape[d1], s2 = a->shape[d2];
  int64_t len = k >= 0 ? (s2 - k < s1 ? s2 - k : s1) : (s1 + k < s2 ? s1 + k : s2);
  if (len < 0) len = 0;
  o->offset = a->offset;
  if (len > 0) o->offset += k >= 0 ? k * a->strides[d2] : -k * a->strides[d1];
  int n = 0;
  for (int d = 0; d < a->ndim; d++) {
    if (d == d1 || d == d2) continue;
    o->shape[n] = a->shape[d], o->strides[n] = a->strides[d];
    n++;
  }
  o->shape[n] = len, o->strides[n] = a->strides[d1] + a->strides[d2];
  o->ndim = n + 1;
  return 0;
}

static int infer_diagonal(const st_opcall *c, st_meta *m) {
  layout a = layout_of(c->in[0]), o;
  return diagonal_layout(c, &a, &o) ? -1 : view_as(m, c->in[0], &o);
}

/* derivatives.yaml, diagonal: diagonal_backward(grad, self.sizes(), offset, dim1, dim2). */
static int vjp_diagonal(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_tensor_meta *m = &a->in_meta[0];
  const st_attrs *at = a->a;
  ST_GRAD(0, st__diagonal_backward(gout[0], m->ndim, m->shape, at->diagonal.offset,
                                   (int)at->diagonal.dim1, (int)at->diagonal.dim2));
  return 0;
}
const st_op st__op_diagonal =
    RECORD(diagonal, 1, infer_diagonal, NULL, vjp_diagonal, 0, jvp_linear, vmap_dims);

/* ------------------------- slice_backward, diagonal_backward: in = (g), list = the input sizes,
   i[] as the forward view's */

/* The forward view of a contiguous buffer of the sizes in c's list. */
static int place_layout(const st_opcall *c, const layout *base, layout *o) {
  return c->op->id == ST_OP_slice_backward ? slice_layout(c, base, o) : diagonal_layout(c, base, o);
}

/* Zeros of the forward input's sizes with g written through the forward view: the adjoint of
   the view (PyTorch's slice_backward and diagonal_backward). */
static int infer_view_backward(const st_opcall *c, st_meta *m) {
  const st_tensor *g = c->in[0];
  int n = c->a.nlist;
  if (check_shape(c, n, c->a.list, g->dtype)) return -1;
  layout base = {.ndim = n}, o;
  memcpy(base.shape, c->a.list, sizeof(int64_t) * (size_t)n);
  st__contiguous_strides(n, base.shape, base.strides);
  if (place_layout(c, &base, &o)) return -1;
  if (o.ndim != g->ndim || memcmp(o.shape, g->shape, sizeof(int64_t) * (size_t)g->ndim))
    return st__op_error(c, ST_ERR_SHAPE, "grad has shape %s but the view of %s has shape %s",
                        ST_SHAPE_STR(g), LIST_STR(n, c->a.list), ST_SHAPE_STR(&o));
  st__meta_set(m, g->dtype, n, c->a.list);
  return 0;
}
static int kernel_view_backward(const st_opcall *c, st_tensor *const *out) {
  layout base = layout_of(out[0]), o;
  base.offset = 0;            /* relative to out's first element */
  place_layout(c, &base, &o); /* checked by infer */
  st__k_fill(st__view_of(out[0]), 0);
  char *at = st__data(out[0]) + o.offset * (int64_t)st_dtype_size(out[0]->dtype);
  st__k_copy((st_view){at, out[0]->dtype, o.ndim, o.shape, o.strides}, st__view_of(c->in[0]));
  return 0;
}

/* derivatives.yaml, slice_backward: grad_output: grad.slice(dim, start, end, step). */
static int vjp_slice_backward(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_attrs *at = a->a;
  ST_GRAD(0, st_slice(gout[0], (int)at->slice.dim, at->slice.start, at->slice.end, at->slice.step));
  return 0;
}
const st_op st__op_slice_backward =
    RECORD(slice_backward, 1, infer_view_backward, kernel_view_backward, vjp_slice_backward, 0,
           jvp_linear, vmap_dims);

/* derivatives.yaml, diagonal_backward: grad_output: grad.diagonal(offset, dim1, dim2). */
static int vjp_diagonal_backward(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_attrs *at = a->a;
  ST_GRAD(
      0, st_diagonal(gout[0], at->diagonal.offset, (int)at->diagonal.dim1, (int)at->diagonal.dim2));
  return 0;
}
const st_op st__op_diagonal_backward =
    RECORD(diagonal_backward, 1, infer_view_backward, kernel_view_backward, vjp_diagonal_backward,
           0, jvp_linear, vmap_dims);

/* ------------------------------------------------------------------------------- samples */

static int samples_views(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a;
  switch (op->id) {
  case ST_OP_reshape:
    a = LIST(3, 2), PUSH("contiguous", 1, X(L(2, 3)));
    a = LIST(-1), PUSH("non-contiguous (a copy), -1", 1, NC(L(2, 3)));
    a = LIST(2, 1, 3), PUSH("non-contiguous (a view)", 1, NC(L(2, 3)));
    a = LIST(3, -1), PUSH("broadcast", 1, BC(L(2, 3)));
    a = LIST(1, 1), PUSH("0-dim", 1, X0);
    a = NOLIST, PUSH("to 0-dim", 1, X(L(1, 1)));
    a = LIST(3, 0), PUSH("size-0", 1, X(L(0, 3)));
    a = LIST(4), FAIL("wrong element count", ST_ERR_SHAPE, 1, X(L(2, 3)));
    a = LIST(-1, -1), FAIL("two -1", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(-1, 0), FAIL("ambiguous -1", ST_ERR_SHAPE, 1, X(L(0, 3)));
    break;
  case ST_OP_permute:
    a = LIST(2, 0, 1), PUSH("contiguous", 1, X(L(2, 3, 2)));
    a = LIST(1, 0), PUSH("non-contiguous", 1, NC(L(3, 4)));
    a = LIST(-1, 0), PUSH("broadcast", 1, BC(L(2, 3)));
    a = NOLIST, PUSH("0-dim", 1, X0);
    a = LIST(1, 0), PUSH("size-0", 1, X(L(0, 3)));
    a = LIST(0), FAIL("perm too short", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(0, 0), FAIL("repeated dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_transpose:
    a = (st_attrs){.transpose = {0, 1}}, PUSH("contiguous", 1, X(L(2, 3)));
    a = (st_attrs){.transpose = {0, -1}}, PUSH("non-contiguous", 1, NC(L(2, 3, 2)));
    a = (st_attrs){.transpose = {1, 0}}, PUSH("broadcast", 1, BC(L(2, 3)));
    a = (st_attrs){.transpose = {0, -1}}, PUSH("0-dim", 1, X0);
    a = (st_attrs){.transpose = {0, 1}}, PUSH("size-0", 1, X(L(0, 3)));
    a = (st_attrs){.transpose = {0, 2}}, FAIL("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_expand:
    a = LIST(2, 3), PUSH("contiguous", 1, X(L(1, 3)));
    a = LIST(2, -1, 2), PUSH("non-contiguous, -1", 1, NC(L(3, 1)));
    a = LIST(2, 2, 3), PUSH("broadcast", 1, BC(L(2, 3)));
    a = LIST(2, 3), PUSH("0-dim", 1, X0);
    a = LIST(2, 0, 3), PUSH("size-0", 1, X(L(0, 1)));
    a = LIST(0, 3), PUSH("to size 0", 1, X(L(1, 3)));
    a = LIST(4, 3), FAIL("size not 1", ST_ERR_SHAPE, 1, X(L(2, 3)));
    a = LIST(3), FAIL("fewer dims", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_squeeze:
    a = (st_attrs){.axis = {1}}, PUSH("contiguous", 1, X(L(2, 1, 3)));
    a = (st_attrs){.axis = {-1}}, PUSH("non-contiguous", 1, NC(L(3, 1)));
    a = (st_attrs){.axis = {0}}, PUSH("dim not of size 1", 1, X(L(2, 3)));
    a = (st_attrs){.axis = {1}}, PUSH("broadcast", 1, BC(L(2, 1, 3)));
    a = (st_attrs){.axis = {0}}, PUSH("0-dim", 1, X0);
    a = (st_attrs){.axis = {1}}, PUSH("size-0", 1, X(L(0, 1)));
    a = (st_attrs){.axis = {2}}, FAIL("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_squeeze_all: /* takes every tensor: no error input */
    a = NOLIST, PUSH("contiguous", 1, X(L(1, 2, 1, 3)));
    PUSH("non-contiguous", 1, NC(L(3, 1)));
    PUSH("broadcast", 1, BC(L(2, 1, 3)));
    PUSH("all size 1", 1, X(L(1, 1)));
    PUSH("0-dim", 1, X0);
    PUSH("size-0", 1, X(L(0, 1)));
    break;
  case ST_OP_unsqueeze:
    a = (st_attrs){.axis = {1}}, PUSH("contiguous", 1, X(L(2, 3)));
    a = (st_attrs){.axis = {-1}}, PUSH("non-contiguous", 1, NC(L(3, 2)));
    a = (st_attrs){.axis = {0}}, PUSH("broadcast", 1, BC(L(2, 3)));
    a = (st_attrs){.axis = {0}}, PUSH("0-dim", 1, X0);
    a = (st_attrs){.axis = {2}}, PUSH("size-0", 1, X(L(0, 3)));
    a = (st_attrs){.axis = {3}}, FAIL("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    a = (st_attrs){.axis = {-4}}, FAIL("bad negative dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_slice: /* dim, start, end, step */
    a = (st_attrs){.slice = {0, 1, 4, 2}}, PUSH("contiguous", 1, X(L(4, 3)));
    a = (st_attrs){.slice = {-1, -3, 100, 1}}, PUSH("non-contiguous", 1, NC(L(3, 4)));
    a = (st_attrs){.slice = {1, 0, 5, 2}}, PUSH("broadcast", 1, BC(L(2, 5)));
    a = (st_attrs){.slice = {0, -4, -1, 2}}, PUSH("1-D, negative bounds", 1, X(L(5)));
    a = (st_attrs){.slice = {1, 0, 2, 1}}, PUSH("size-0", 1, X(L(0, 3)));
    a = (st_attrs){.slice = {1, 3, 1, 1}}, PUSH("empty slice", 1, X(L(3, 4)));
    a = (st_attrs){.slice = {0, 1, 4, 10}}, PUSH("step past the end", 1, X(L(4, 3)));
    a = (st_attrs){.slice = {0, 0, 1, 1}}, FAIL("0-dim", ST_ERR_ARG, 1, X0);
    a = (st_attrs){.slice = {0, 0, 2, 0}}, FAIL("step 0", ST_ERR_ARG, 1, X(L(3, 4)));
    a = (st_attrs){.slice = {2, 0, 2, 1}}, FAIL("bad dim", ST_ERR_ARG, 1, X(L(3, 4)));
    break;
  case ST_OP_select: /* dim, index */
    a = (st_attrs){.select = {0, 1}}, PUSH("contiguous", 1, X(L(3, 4)));
    a = (st_attrs){.select = {-1, -1}}, PUSH("non-contiguous", 1, NC(L(3, 4)));
    a = (st_attrs){.select = {0, 1}}, PUSH("broadcast", 1, BC(L(2, 3)));
    a = (st_attrs){.select = {0, 2}}, PUSH("to 0-dim", 1, X(L(4)));
    a = (st_attrs){.select = {1, 2}}, PUSH("size-0", 1, X(L(0, 3)));
    a = (st_attrs){.select = {0, 0}}, FAIL("0-dim", ST_ERR_ARG, 1, X0);
    a = (st_attrs){.select = {0, 3}}, FAIL("index out of range", ST_ERR_ARG, 1, X(L(3, 4)));
    break;
  case ST_OP_diagonal: /* offset, dim1, dim2 */
    a = (st_attrs){.diagonal = {0, 0, 1}}, PUSH("contiguous", 1, X(L(3, 4)));
    a = (st_attrs){.diagonal = {1, 1, 0}}, PUSH("non-contiguous", 1, NC(L(3, 4)));
    a = (st_attrs){.diagonal = {-1, 1, 2}}, PUSH("3-D", 1, X(L(2, 3, 3)));
    a = (st_attrs){.diagonal = {0, 0, 1}}, PUSH("broadcast", 1, BC(L(3, 3)));
    a = (st_attrs){.diagonal = {0, 0, 1}}, PUSH("size-0", 1, X(L(0, 3)));
    a = (st_attrs){.diagonal = {5, 0, 1}}, PUSH("offset past the end", 1, X(L(3, 4)));
    a = (st_attrs){.diagonal = {0, 0, 1}}, FAIL("1-D", ST_ERR_ARG, 1, X(L(3)));
    a = (st_attrs){.diagonal = {0, 1, -1}}, FAIL("same dims", ST_ERR_ARG, 1, X(L(3, 4)));
    break;
  case ST_OP_slice_backward: /* list: input sizes; dim, start, end, step */
    a = with_list((st_attrs){.slice = {0, 1, 4, 2}}, L(4, 3)), PUSH("contiguous", 1, X(L(2, 3)));
    a = with_list((st_attrs){.slice = {-1, -3, 100, 1}}, L(3, 5)),
    PUSH("non-contiguous", 1, NC(L(3, 3)));
    a = with_list((st_attrs){.slice = {1, 0, 5, 2}}, L(2, 5)), PUSH("broadcast", 1, BC(L(2, 3)));
    a = with_list((st_attrs){.slice = {0, -4, -1, 2}}, L(5)),
    PUSH("1-D, negative bounds", 1, X(L(2)));
    a = with_list((st_attrs){.slice = {1, 0, 2, 1}}, L(0, 3)), PUSH("size-0", 1, X(L(0, 2)));
    a = with_list((st_attrs){.slice = {1, 3, 1, 1}}, L(3, 4)), PUSH("empty slice", 1, X(L(3, 0)));
    a = with_list((st_attrs){.slice = {0, 1, 4, 10}}, L(4, 3)),
    PUSH("step past the end", 1, X(L(1, 3)));
    a = with_list((st_attrs){.slice = {0, 1, 4, 2}}, L(4, 3)),
    FAIL("grad of the wrong shape", ST_ERR_SHAPE, 1, X(L(3, 3)));
    a = with_list((st_attrs){.slice = {0, 1, 4, 0}}, L(4, 3)),
    FAIL("step 0", ST_ERR_ARG, 1, X(L(2, 3)));
    a = with_list((st_attrs){.slice = {0, 0, 1, 1}}, 0, NULL),
    FAIL("0-dim sizes", ST_ERR_ARG, 1, X0);
    break;
  case ST_OP_diagonal_backward: /* list: input sizes; offset, dim1, dim2 */
    a = with_list((st_attrs){.diagonal = {0, 0, 1}}, L(3, 4)), PUSH("contiguous", 1, X(L(3)));
    a = with_list((st_attrs){.diagonal = {1, 1, 0}}, L(3, 4)), PUSH("non-contiguous", 1, NC(L(2)));
    a = with_list((st_attrs){.diagonal = {-1, 1, 2}}, L(2, 3, 3)),
    PUSH("3-D, non-contiguous", 1, NC(L(2, 2)));
    a = with_list((st_attrs){.diagonal = {0, 1, 2}}, L(2, 3, 4)), PUSH("broadcast", 1, BC(L(2, 3)));
    a = with_list((st_attrs){.diagonal = {0, 0, 1}}, L(0, 3)), PUSH("size-0", 1, X(L(0)));
    a = with_list((st_attrs){.diagonal = {5, 0, 1}}, L(3, 4)),
    PUSH("offset past the end", 1, X(L(0)));
    a = with_list((st_attrs){.diagonal = {0, 0, 1}}, L(3, 4)),
    FAIL("grad of the wrong shape", ST_ERR_SHAPE, 1, X(L(4)));
    a = with_list((st_attrs){.diagonal = {0, 0, 1}}, L(3)),
    FAIL("1-D sizes", ST_ERR_ARG, 1, X(L(3)));
    a = with_list((st_attrs){.diagonal = {0, 1, 1}}, L(3, 4)),
    FAIL("same dims", ST_ERR_ARG, 1, X(L(3)));
    break;
  default: break;
  }
  return n;
}

/* ------------------------------------------------------------------------ public functions */

st_tensor *st_reshape(st_tensor *a, int ndim, const int64_t *shape) {
  st_opcall c = ST_CALL(reshape, a);
  return set_list(&c, a, ndim, shape, NULL, "shape") ? st__call1(&c) : NULL;
}

st_tensor *st__same_tensor(st_tensor *t) {
  st_opcall c = ST_CALL(reshape, t);
  c.a.same_tensor = true;
  return set_list(&c, t, t ? t->ndim : 0, t ? t->shape : NULL, NULL, "shape") ? st__call1(&c)
                                                                              : NULL;
}

st_tensor *st_flatten(st_tensor *a, int start_dim, int end_dim) {
  if (!a) {
    st__null_arg("st_flatten", 1);
    return NULL;
  }
  int s = st__wrap_dim("st_flatten", start_dim, a->ndim),
      e = s < 0 ? -1 : st__wrap_dim("st_flatten", end_dim, a->ndim);
  if (e < 0) return NULL;
  if (s > e) {
    st__error(ST_ERR_ARG, "st_flatten: start_dim %d comes after end_dim %d", start_dim, end_dim);
    return NULL;
  }
  if (a->ndim == 0)
    return st_reshape(a, ST_SHAPE(1)); /* torch.flatten gives 0-dim tensors one dim */
  if (s == e) return st__same_tensor(a); /* torch.flatten returns self */
  int64_t shape[ST_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < a->ndim; d++) {
    if (d <= s || d > e)
      shape[n++] = a->shape[d];
    else if (__builtin_mul_overflow(shape[n - 1], a->shape[d], &shape[n - 1])) {
      st__error(ST_ERR_ARG, "st_flatten: flattening %s overflows", ST_SHAPE_STR(a));
      return NULL;
    }
  }
  return st_reshape(a, n, shape);
}

st_tensor *st_permute(st_tensor *a, int ndim, const int *perm) {
  st_opcall c = ST_CALL(permute, a);
  return set_list(&c, a, ndim, NULL, perm, "perm") ? st__call1(&c) : NULL;
}

st_tensor *st_transpose(st_tensor *a, int dim0, int dim1) {
  st_opcall c = ST_CALL(transpose, a);
  c.a.transpose.dim0 = dim0, c.a.transpose.dim1 = dim1;
  return st__call1(&c);
}

st_tensor *st_expand(st_tensor *a, int ndim, const int64_t *shape) {
  st_opcall c = ST_CALL(expand, a);
  return set_list(&c, a, ndim, shape, NULL, "shape") ? st__call1(&c) : NULL;
}

st_tensor *st_squeeze(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(squeeze, a);
  c.a.axis.dim = dim;
  return st__call1(&c);
}

st_tensor *st_squeeze_all(st_tensor *a) {
  st_opcall c = ST_CALL(squeeze_all, a);
  return st__call1(&c);
}

st_tensor *st_unsqueeze(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(unsqueeze, a);
  c.a.axis.dim = dim;
  return st__call1(&c);
}

st_tensor *st_slice(st_tensor *a, int dim, int64_t start, int64_t end, int64_t step) {
  st_opcall c = ST_CALL(slice, a);
  c.a.slice.dim = dim, c.a.slice.start = start, c.a.slice.end = end, c.a.slice.step = step;
  return st__call1(&c);
}

st_tensor *st_select(st_tensor *a, int dim, int64_t index) {
  st_opcall c = ST_CALL(select, a);
  c.a.select.dim = dim, c.a.select.index = index;
  return st__call1(&c);
}

st_tensor *st_diagonal(st_tensor *a, int64_t offset, int dim1, int dim2) {
  st_opcall c = ST_CALL(diagonal, a);
  c.a.diagonal.offset = offset, c.a.diagonal.dim1 = dim1, c.a.diagonal.dim2 = dim2;
  return st__call1(&c);
}

/* ------------------------------------------------------------- internal ops (ops/shape.h) */

st_tensor *st__slice_backward(st_tensor *g, int ndim, const int64_t *sizes, int dim, int64_t start,
                              int64_t end, int64_t step) {
  st_opcall c = ST_CALL(slice_backward, g);
  c.a.slice.dim = dim, c.a.slice.start = start, c.a.slice.end = end, c.a.slice.step = step;
  return set_list(&c, g, ndim, sizes, NULL, "sizes") ? st__call1(&c) : NULL;
}

st_tensor *st__diagonal_backward(st_tensor *g, int ndim, const int64_t *sizes, int64_t offset,
                                 int dim1, int dim2) {
  st_opcall c = ST_CALL(diagonal_backward, g);
  c.a.diagonal.offset = offset, c.a.diagonal.dim1 = dim1, c.a.diagonal.dim2 = dim2;
  return set_list(&c, g, ndim, sizes, NULL, "sizes") ? st__call1(&c) : NULL;
}
