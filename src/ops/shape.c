/* shape.c — the shape and indexing ops: views that only rewrite shape, strides and offset (no
   kernel), copies with kernels in src/kernels/shape.c, and the composites flatten, split and
   chunk. Each record says which attributes it reads.

   Autograd: every differentiable op has a vjp rule beside its record, written with public ops
   only (so that rules are themselves differentiable). Formulas follow PyTorch's
   tools/autograd/derivatives.yaml; each rule names the entry it follows. Two internal ops exist
   only as backward ops: slice_backward and diagonal_backward, placing a gradient into zeros
   through the forward view (their own vjp is that view again).

   Transforms: every op is linear in its floating inputs, so its jvp rule is the op itself on the
   tangents (cat, stack and scatter_add fill in zeros for missing ones). The batching rules move
   the batch dim to the front, shift dim attributes by one and run the same op on the physical
   values; unbatched inputs of multi-input ops are expanded to the batch (a stride-0 view). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "../kernels/shape.h"
#include "op.h"
#include "rules.h"
#include "shape.h"

/* ------------------------------------------------------------------------------- helpers */

/* A one-output record with its vjp rule and the values the rule reads (ST_SAVE_IN bits), its
   jvp rule, its batching rule and the family's samples. */
#define RECORD(op, n_in, infer_fn, kernel_fn, vjp_fn, save_bits, jvp_fn, vmap_fn)                  \
  {                                                                                                \
    .id = ST_OP_##op, .name = #op, .nin = (n_in), .nout = 1, .infer = (infer_fn),                  \
    .kernel = (kernel_fn), .saves = (save_bits), .vjp = (vjp_fn), .jvp = (jvp_fn),                 \
    .vmap = (vmap_fn), .samples = samples_shape                                                    \
  }

/* The sample calls of every shape op, for the test matrix (defined before the public functions). */
static int samples_shape(const st_op *op, st_dtype dt, st_sample *out, int cap);

/* Wraps a dim an infer already checked (so it cannot fail) for a rule. */
static int rule_dim(int64_t dim, int ndim) { return st__wrap_dim("vjp", (int)dim, ndim); }

/* Wraps dim for this op's messages ("st_<name>: dim 3 is out of range ..."); -1 on error. */
static int wrap(const st_opcall *c, int64_t dim, int ndim) {
  const char *fn = ST_FN(c);
  if (dim < INT_MIN || dim > INT_MAX) dim = ndim > 0 ? ndim : 1; /* out of range either way */
  return st__wrap_dim(fn, (int)dim, ndim);
}

/* Wraps the position of a new dim (unsqueeze, stack): dim in [-ndim-1, ndim]; -1 on error. */
static int wrap_new_dim(const st_opcall *c, int64_t dim, int ndim, const char *what) {
  if (dim >= -ndim - 1 && dim <= ndim) return (int)(dim < 0 ? dim + ndim + 1 : dim);
  st__op_error(c, ST_ERR_ARG, "dim %lld is out of range for %s with %d dims (expected %d..%d)",
               (long long)dim, what, ndim, -ndim - 1, ndim);
  return -1;
}

static int check_shape(const st_opcall *c, int ndim, const int64_t *shape, st_dtype dt) {
  const char *fn = ST_FN(c);
  return st__check_shape(fn, ndim, shape, dt);
}

static char *fmt_list(char *buf, int n, const int64_t *v) { return st__fmt_shape(buf, 96, n, v); }
#define LIST_STR(n, v) fmt_list((char[96]){0}, (n), (v))

/* A one-output view of input 0. */
static int view(st_meta *m, const st_tensor *a, int ndim, const int64_t *shape,
                const int64_t *strides, int64_t offset) {
  st__meta_view(m, a, 0, ndim, shape, strides, offset);
  return 0;
}

/* Copies a's shape and strides without dim `skip` (-1 keeps all); returns the new ndim. */
static int drop_dim(const st_tensor *a, int skip, int64_t *shape, int64_t *strides) {
  int n = 0;
  for (int d = 0; d < a->ndim; d++) {
    if (d == skip) continue;
    shape[n] = a->shape[d], strides[n] = a->strides[d];
    n++;
  }
  return n;
}

/* ------------------------------------------------------------ jvp and batching helpers */

/* Runs op on inputs in with attributes at (a rule running its own op again on tangents or
   physical values, or with changed attributes); *out gets the untracked result. */
static int rerun(const st_op *op, int nin, st_tensor *const *in, const st_attrs *at,
                 st_tensor **out) {
  st_opcall c = {.op = op, .nin = nin, .in = in, .a = *at};
  return st__dispatch(&c, out) ? st__rule_failed() : 0;
}

/* Scratch for n tensor pointers (cat and stack pieces): `small` (8 entries) when n fits. */
static st_tensor **scratch(int n, st_tensor **small) {
  return n <= 8 ? small : st__calloc((size_t)n, sizeof(st_tensor *));
}
static void scratch_free(st_tensor **p, st_tensor **small, int n) {
  if (p && p != small) st__free(p, sizeof(st_tensor *) * (size_t)n);
}

/* The jvp of an op linear in input 0, run with attributes at: the op itself on the tangent, the
   other inputs (an index) as they are. derivatives.yaml's "result: auto_linear" of the views,
   flip, repeat, tril, triu, index_select, gather and the backward views. */
static int linear_jvp(const st_jvp_args *a, st_tensor *t, const st_attrs *at, st_tensor **tout) {
  if (!t) return 0; /* a zero tangent stays zero */
  st_tensor *in[2] = {t, a->nin > 1 ? a->in[1] : NULL};
  return rerun(a->op, a->nin, in, at, tout);
}
static int jvp_linear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  return linear_jvp(a, tin[0], a->a, tout);
}

/* A logical dim (checked by infer) of a tensor with rank > 0 dims, as a dim of its value with
   the batch dim first. */
static int64_t bshift(int64_t dim, int rank) { return (dim < 0 ? dim + rank : dim) + 1; }

/* Batching rule tail for one-input ops: the call with attributes at on input 0 with its batch
   dim first (size-1 dims inserted after it up to `rank` logical dims, see st__bfront); the
   result has its batch dim first. */
static int vmap_front(const st_vmap_args *a, const st_attrs *at, int rank, st_tensor **out,
                      int *out_bdim) {
  st_tensor *x = st__bfront(a, 0, rank);
  out_bdim[0] = 0;
  return x ? rerun(a->c->op, 1, &x, at, out) : st__rule_failed();
}

/* Input i with its batch dim first, for ops whose inputs must all carry the batch (cat, stack,
   gather, scatter_add): an unbatched input is expanded to it (a stride-0 view). With `lift`, a
   0-dim logical input comes as [B, 1]: the gathers need the dim they index to exist. */
static st_tensor *bexpand(const st_vmap_args *a, int i, bool lift) {
  int r = st__lrank(a, i), rank = lift && r == 0 ? 1 : r;
  if (a->bdim[i] >= 0) return st__bfront(a, i, rank);
  st_tensor *v = a->in[i];
  int64_t shape[ST_MAX_DIMS + 1] = {a->size};
  for (int d = 0; d < rank; d++) shape[1 + d] = d < rank - r ? 1 : v->shape[d - (rank - r)];
  return st_expand(v, rank + 1, shape);
}

/* Batching rule tail for the gathers: op on the batched inputs x; the result of lifted 0-dim
   inputs ([B, 1]) goes back to [B]. */
static int run_lifted(const st_vmap_args *a, const st_op *op, st_tensor *const *x,
                      const st_attrs *at, st_tensor **out, int *out_bdim) {
  st_tensor *o[ST_MAX_OUTS];
  if (rerun(op, a->c->nin, x, at, o)) return st__rule_failed();
  out_bdim[0] = 0;
  out[0] = st__lrank(a, 0) ? o[0] : st_reshape(st__track(o[0]), 1, &a->size);
  return out[0] ? 0 : st__rule_failed();
}

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

/* ------------------------------------------------------------ transpose: i[0] dim0, i[1] dim1 */

static int infer_transpose(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int d0 = wrap(c, c->a.i[0], a->ndim), d1 = d0 < 0 ? -1 : wrap(c, c->a.i[1], a->ndim);
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
  ST_GRAD(0, st_transpose(gout[0], (int)a->a->i[0], (int)a->a->i[1]));
  return 0;
}
/* Batching for the ops whose attributes i[first..first+count) are dims (transpose, slice, select,
   diagonal, and the backward views, whose dims refer to the sizes in list, which get the batch
   first): the dims shift by one past the batch dim. A 0-dim transpose (dims 0 and -1) is the
   identity: it becomes transpose(0, 0). */
static int vmap_dims(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_op_id id = a->c->op->id;
  st_attrs at = a->c->a;
  int first = id == ST_OP_diagonal || id == ST_OP_diagonal_backward ? 1 : 0;
  int count = id == ST_OP_transpose || first ? 2 : 1, rank = st__lrank(a, 0);
  if (id == ST_OP_slice_backward || id == ST_OP_diagonal_backward) {
    rank = at.nlist++;
    memmove(at.list + 1, at.list, sizeof(int64_t) * (size_t)rank);
    at.list[0] = a->size;
  }
  for (int k = first; k < first + count; k++) at.i[k] = rank ? bshift(at.i[k], rank) : 0;
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

/* ------------------------------------------------------------------------ squeeze: i[0] dim */

static int infer_squeeze(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int d = wrap(c, c->a.i[0], a->ndim);
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
  int d = all || !t->ndim ? -1 : (int)(a->c->a.i[0] < 0 ? a->c->a.i[0] + t->ndim : a->c->a.i[0]);
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

/* ---------------------------------------------------------------------- unsqueeze: i[0] dim */

static int infer_unsqueeze(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int d = wrap_new_dim(c, c->a.i[0], a->ndim, "a tensor");
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
  at.i[0] = (at.i[0] < 0 ? at.i[0] + st__lrank(a, 0) + 1 : at.i[0]) + 1;
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

/* ------------------------------------------- slice: i[0] dim, i[1] start, i[2] end, i[3] step */

/* Python's clamping of a slice bound into [0, size]. */
static int64_t clamp_bound(int64_t b, int64_t size) {
  if (b < 0) b = b < -size ? 0 : b + size;
  return b > size ? size : b;
}

/* The slice of layout a that c's attributes describe. */
static int slice_layout(const st_opcall *c, const layout *a, layout *o) {
  if (a->ndim == 0) return st__op_error(c, ST_ERR_ARG, "cannot slice a 0-dim tensor");
  int d = wrap(c, c->a.i[0], a->ndim);
  if (d < 0) return -1;
  int64_t step = c->a.i[3], size = a->shape[d];
  if (step <= 0) return st__op_error(c, ST_ERR_ARG, "step %lld must be positive", (long long)step);
  int64_t start = clamp_bound(c->a.i[1], size), end = clamp_bound(c->a.i[2], size);
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
  const int64_t *i = a->a->i;
  ST_GRAD(0, st__slice_backward(gout[0], m->ndim, m->shape, (int)i[0], i[1], i[2], i[3]));
  return 0;
}
const st_op st__op_slice = RECORD(slice, 1, infer_slice, NULL, vjp_slice, 0, jvp_linear, vmap_dims);

/* ----------------------------------------------------------------- select: i[0] dim, i[1] index */

static int infer_select(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  if (a->ndim == 0) return st__op_error(c, ST_ERR_ARG, "cannot select from a 0-dim tensor");
  int d = wrap(c, c->a.i[0], a->ndim);
  if (d < 0) return -1;
  int64_t index = c->a.i[1], size = a->shape[d];
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
  ST_GRAD(0, select_backward(gout[0], &a->in_meta[0], a->a->i[0], a->a->i[1]));
  return 0;
}
const st_op st__op_select =
    RECORD(select, 1, infer_select, NULL, vjp_select, 0, jvp_linear, vmap_dims);

/* ------------------------------------------------- diagonal: i[0] offset, i[1] dim1, i[2] dim2 */

/* torch.diagonal: element j of the diagonal is a[..., j, ..., j + offset, ...] (dims dim1, dim2),
   the diagonal becoming the last dim. */
static int diagonal_layout(const st_opcall *c, const layout *a, layout *o) {
  if (a->ndim < 2)
    return st__op_error(c, ST_ERR_ARG, "needs at least 2 dims, got shape %s", ST_SHAPE_STR(a));
  int d1 = wrap(c, c->a.i[1], a->ndim), d2 = d1 < 0 ? -1 : wrap(c, c->a.i[2], a->ndim);
  if (d2 < 0) return -1;
  if (d1 == d2) return st__op_error(c, ST_ERR_ARG, "dim1 and dim2 are both %d", d1);
  int64_t k = c->a.i[0], s1 = a->shape[d1], s2 = a->shape[d2];
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
  const int64_t *i = a->a->i;
  ST_GRAD(0, st__diagonal_backward(gout[0], m->ndim, m->shape, i[0], (int)i[1], (int)i[2]));
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
  const int64_t *i = a->a->i;
  ST_GRAD(0, st_slice(gout[0], (int)i[0], i[1], i[2], i[3]));
  return 0;
}
const st_op st__op_slice_backward =
    RECORD(slice_backward, 1, infer_view_backward, kernel_view_backward, vjp_slice_backward, 0,
           jvp_linear, vmap_dims);

/* derivatives.yaml, diagonal_backward: grad_output: grad.diagonal(offset, dim1, dim2). */
static int vjp_diagonal_backward(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const int64_t *i = a->a->i;
  ST_GRAD(0, st_diagonal(gout[0], i[0], (int)i[1], (int)i[2]));
  return 0;
}
const st_op st__op_diagonal_backward =
    RECORD(diagonal_backward, 1, infer_view_backward, kernel_view_backward, vjp_diagonal_backward,
           0, jvp_linear, vmap_dims);

/* ------------------------------------------------------------ cat: variadic inputs, i[0] dim */

/* PyTorch still accepts (and skips) 1-D empty tensors in cat whatever the other shapes are. */
static bool legacy_empty(const st_tensor *t) { return t->ndim == 1 && t->shape[0] == 0; }

static int check_cat_entry(const st_opcall *c, int i, int ref, int d) {
  const st_tensor *t = c->in[i], *r = c->in[ref];
  if (t->ndim != r->ndim)
    return st__op_error(c, ST_ERR_SHAPE,
                        "tensor %d has shape %s but tensor %d has %s (different number of dims)", i,
                        ST_SHAPE_STR(t), ref, ST_SHAPE_STR(r));
  for (int j = 0; j < r->ndim; j++)
    if (j != d && t->shape[j] != r->shape[j])
      return st__op_error(
          c, ST_ERR_SHAPE,
          "tensor %d has shape %s but tensor %d has %s (sizes must match except in dim %d)", i,
          ST_SHAPE_STR(t), ref, ST_SHAPE_STR(r), d);
  return 0;
}

static int infer_cat(const st_opcall *c, st_meta *m) {
  if (c->nin < 1) return st__op_error(c, ST_ERR_ARG, "needs at least one tensor, got %d", c->nin);
  int ref = -1;
  for (int i = 0; i < c->nin; i++) {
    if (c->in[i]->ndim == 0)
      return st__op_error(c, ST_ERR_ARG, "tensor %d is 0-dim and cannot be concatenated", i);
    if (ref < 0 && !legacy_empty(c->in[i])) ref = i;
  }
  const st_tensor *r = c->in[ref < 0 ? 0 : ref];
  int d = wrap(c, c->a.i[0], r->ndim);
  if (d < 0) return -1;
  int64_t shape[ST_MAX_DIMS], total = 0;
  memcpy(shape, r->shape, sizeof(int64_t) * (size_t)r->ndim);
  for (int i = 0; ref >= 0 && i < c->nin; i++) {
    if (legacy_empty(c->in[i]) && r->ndim != 1) continue;
    if (check_cat_entry(c, i, ref, d)) return -1;
    if (__builtin_add_overflow(total, c->in[i]->shape[d], &total))
      return st__op_error(c, ST_ERR_ARG, "the result is too large along dim %d (overflow)", d);
  }
  shape[d] = total;
  st_dtype dt = st__result_type(c->nin, c->in);
  if (check_shape(c, r->ndim, shape, dt)) return -1;
  st__meta_set(m, dt, r->ndim, shape);
  return 0;
}
static int kernel_cat(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *o = out[0];
  int d = st__wrap_dim("st_cat", (int)c->a.i[0], o->ndim);
  int64_t es = (int64_t)st_dtype_size(o->dtype), at = 0;
  for (int i = 0; i < c->nin; i++) {
    const st_tensor *t = c->in[i];
    /* Skips legacy empties (whose dims need not match) and every other empty input. */
    if (st__numel(t->ndim, t->shape) == 0) continue;
    st_view dst = {st__data(o) + at * o->strides[d] * es, o->dtype, o->ndim, t->shape, o->strides};
    st__k_copy(dst, st__view_of(t));
    at += t->shape[d];
  }
  return 0;
}
/* derivatives.yaml, cat: cat_tensors_backward: input i gets the slice of grad along dim at its
   own position. A legacy empty input (1-D [0] beside inputs of other ndim) took no part in the
   result and gets no gradient. */
static int vjp_cat(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int nd = a->out_meta[0].ndim, d = rule_dim(a->a->i[0], nd);
  int64_t at = 0;
  for (int i = 0; i < a->nin; i++) {
    const st_tensor_meta *m = &a->in_meta[i];
    if (m->ndim != nd) continue;
    ST_GRAD(i, st_slice(gout[0], d, at, at + m->shape[d], 1));
    at += m->shape[d];
  }
  return 0;
}
/* derivatives.yaml, cat / stack: result: cat_jvp / stack_jvp, the op on the pieces' tangents,
   zeros for the pieces without one. */
static int jvp_pieces(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *small[8], **t = scratch(a->nin, small);
  int rc = t ? 0 : ST_ERR_OOM;
  for (int i = 0; !rc && i < a->nin; i++)
    if (!(t[i] = tin[i] ? tin[i] : st_zeros_like(a->in[i]))) rc = st__rule_failed();
  if (!rc) rc = rerun(a->op, a->nin, t, a->a, tout);
  scratch_free(t, small, a->nin);
  return rc;
}
/* Batching for cat and stack: every piece with the batch first (unbatched pieces expanded to
   it), the op along the logical dim shifted by one. cat leaves out the legacy empty pieces it
   skips (1-D [0] beside pieces of another rank): batched, they would be 2-D and not skipped. */
static int vmap_pieces(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  const st_opcall *c = a->c;
  bool stack = c->op->id == ST_OP_stack;
  int nd = c->in[0]->ndim; /* the rank of the pieces that count */
  for (int i = 0; !stack && i < c->nin; i++)
    if (!legacy_empty(c->in[i])) {
      nd = c->in[i]->ndim;
      break;
    }
  st_tensor *small[8], **x = scratch(c->nin, small);
  int n = 0, rc = x ? 0 : ST_ERR_OOM;
  for (int i = 0; !rc && i < c->nin; i++)
    if (c->in[i]->ndim == nd && !(x[n++] = bexpand(a, i, false))) rc = st__rule_failed();
  st_attrs at = c->a;
  int64_t dim = at.i[0];
  at.i[0] = stack ? (dim < 0 ? dim + nd + 1 : dim) + 1 : bshift(dim, nd);
  out_bdim[0] = 0;
  if (!rc) rc = rerun(c->op, n, x, &at, out);
  scratch_free(x, small, c->nin);
  return rc;
}
const st_op st__op_cat =
    RECORD(cat, ST_VARIADIC, infer_cat, kernel_cat, vjp_cat, 0, jvp_pieces, vmap_pieces);

/* ---------------------------------------------------------- stack: variadic inputs, i[0] dim */

static int infer_stack(const st_opcall *c, st_meta *m) {
  if (c->nin < 1) return st__op_error(c, ST_ERR_ARG, "needs at least one tensor, got %d", c->nin);
  const st_tensor *r = c->in[0];
  for (int i = 1; i < c->nin; i++) {
    const st_tensor *t = c->in[i];
    if (t->ndim != r->ndim || memcmp(t->shape, r->shape, sizeof(int64_t) * (size_t)r->ndim))
      return st__op_error(c, ST_ERR_SHAPE,
                          "tensor %d has shape %s but tensor 0 has %s (all must match)", i,
                          ST_SHAPE_STR(t), ST_SHAPE_STR(r));
  }
  int d = wrap_new_dim(c, c->a.i[0], r->ndim, "tensors");
  if (d < 0) return -1;
  if (r->ndim == ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "stacking %s would exceed %d dims", ST_SHAPE_STR(r),
                        ST_MAX_DIMS);
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, r->shape, sizeof(int64_t) * (size_t)d);
  shape[d] = c->nin;
  memcpy(shape + d + 1, r->shape + d, sizeof(int64_t) * (size_t)(r->ndim - d));
  st_dtype dt = st__result_type(c->nin, c->in);
  if (check_shape(c, r->ndim + 1, shape, dt)) return -1;
  st__meta_set(m, dt, r->ndim + 1, shape);
  return 0;
}
static int kernel_stack(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *o = out[0];
  int d = st__wrap_dim("st_stack", (int)c->a.i[0], o->ndim);
  int64_t es = (int64_t)st_dtype_size(o->dtype), strides[ST_MAX_DIMS], unused[ST_MAX_DIMS];
  drop_dim(o, d, unused, strides); /* out's strides without the new dim: entry i's layout */
  for (int i = 0; i < c->nin; i++) {
    const st_tensor *t = c->in[i];
    st_view dst = {st__data(o) + i * o->strides[d] * es, o->dtype, t->ndim, t->shape, strides};
    st__k_copy(dst, st__view_of(t));
  }
  return 0;
}
/* derivatives.yaml, stack: stack_tensors_backward: input i gets grad.select(dim, i). */
static int vjp_stack(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int n = a->in_meta[0].ndim;
  int d = (int)(a->a->i[0] < 0 ? a->a->i[0] + n + 1 : a->a->i[0]);
  for (int i = 0; i < a->nin; i++) ST_GRAD(i, st_select(gout[0], d, i));
  return 0;
}
const st_op st__op_stack =
    RECORD(stack, ST_VARIADIC, infer_stack, kernel_stack, vjp_stack, 0, jvp_pieces, vmap_pieces);

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

/* --------------------------------------------------- index_select: in = (a, index), i[0] dim */

static int infer_index_select(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *index = c->in[1];
  int d = wrap(c, c->a.i[0], a->ndim);
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
  int d = st__wrap_dim("st_index_select", (int)c->a.i[0], a->ndim);
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
  ST_GRAD(0, index_select_backward(gout[0], &a->in_meta[0], a->a->i[0], a->in[1]));
  return 0;
}
/* Batching: with an unbatched index, the op along the logical dim shifted by one. A batched index
   ([B, n], one per lane) is spread over the input's other dims ([B, ..., n, ...]) and gathered
   along that dim. A 0-dim input is lifted to [B, 1] (see bexpand). */
static int vmap_index_select(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_attrs at = a->c->a;
  at.i[0] = r ? bshift(at.i[0], r) : 1;
  st_tensor *x[2] = {bexpand(a, 0, true), a->in[1]};
  if (!x[0]) return st__rule_failed();
  if (a->bdim[1] < 0) return run_lifted(a, a->c->op, x, &at, out, out_bdim);
  int nd = x[0]->ndim, d = (int)at.i[0];
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

/* ---------------------------------------------------------- gather: in = (a, index), i[0] dim */

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
  int d = wrap(c, c->a.i[0], a->ndim);
  if (d < 0 || check_index_dtype(c, index) || check_index_fits(c, index, a, "input", d)) return -1;
  if (check_index_range(c, index, d, a->ndim ? a->shape[d] : 1)) return -1;
  st__meta_set(m, a->dtype, index->ndim, index->shape);
  return 0;
}
static int kernel_gather(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  int d = st__wrap_dim("st_gather", (int)c->a.i[0], a->ndim);
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
  ST_GRAD(0, gather_backward(gout[0], &a->in_meta[0], a->a->i[0], a->in[1]));
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
  at.i[0] = r ? bshift(at.i[0], r) : 1;
  return run_lifted(a, a->c->op, x, &at, out, out_bdim);
}
const st_op st__op_gather = RECORD(gather, 2, infer_gather, kernel_gather, vjp_gather,
                                   ST_SAVE_IN(1), jvp_linear, vmap_gather);

/* ------------------------------------------------ scatter_add: in = (a, index, src), i[0] dim */

static int infer_scatter_add(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0], *index = c->in[1], *src = c->in[2];
  int d = wrap(c, c->a.i[0], a->ndim);
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
  int d = st__wrap_dim("st_scatter_add", (int)c->a.i[0], a->ndim);
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
  st_tensor *r = st_gather(g, rule_dim(a->a->i[0], g->ndim), a->in[1]);
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

/* ------------------------------------------------------------ pad: list = pads, f[0] = value */

/* F.pad's pairs run from the last dim backwards: list[2k], list[2k+1] pad dim ndim-1-k before and
   after. */
static int infer_pad(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int npad = c->a.nlist;
  const int64_t *pad = c->a.list;
  if (npad % 2 || npad / 2 > a->ndim)
    return st__op_error(c, ST_ERR_ARG,
                        "pad %s must hold an even number of sizes, at most 2 per dim of %s",
                        LIST_STR(npad, pad), ST_SHAPE_STR(a));
  double v = c->a.f[0];
  if (a->dtype == ST_I64 && !(v >= -0x1p63 && v < 0x1p63))
    return st__op_error(c, ST_ERR_ARG, "value %g does not fit in i64", v);
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  for (int k = 0; k < npad / 2; k++) {
    int d = a->ndim - 1 - k;
    int64_t size;
    bool overflow = __builtin_add_overflow(a->shape[d], pad[2 * k], &size) ||
                    __builtin_add_overflow(size, pad[2 * k + 1], &size);
    if (overflow || size < 0)
      return st__op_error(
          c, ST_ERR_ARG, "pads (%lld, %lld) on dim %d of size %lld give an invalid size",
          (long long)pad[2 * k], (long long)pad[2 * k + 1], d, (long long)a->shape[d]);
    shape[d] = size;
  }
  if (check_shape(c, a->ndim, shape, a->dtype)) return -1;
  st__meta_set(m, a->dtype, a->ndim, shape);
  return 0;
}
static int kernel_pad(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  int64_t before[ST_MAX_DIMS] = {0};
  for (int k = 0; k < c->a.nlist / 2; k++) before[a->ndim - 1 - k] = c->a.list[2 * k];
  st__k_pad(st__view_of(out[0]), st__view_of(a), before, c->a.f[0]);
  return 0;
}
/* derivatives.yaml, constant_pad_nd: constant_pad_nd_backward, the pad with every size negated:
   that crops what was padded, and pads with zeros what a negative pad cropped (those elements
   took no part in the result). */
static int vjp_pad(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int64_t neg[ST_MAX_LIST];
  for (int k = 0; k < a->a->nlist; k++) neg[k] = -a->a->list[k];
  ST_GRAD(0, st_pad(gout[0], a->a->nlist, neg, 0));
  return 0;
}
/* derivatives.yaml, constant_pad_nd: result: constant_pad_nd(self_t, pad, 0); the padding value
   is a constant. */
static int jvp_pad(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_attrs at = *a->a;
  at.f[0] = 0;
  return linear_jvp(a, tin[0], &at, tout);
}
/* Batching for the ops that work on the last dims, which never reach the batch dim put first
   (pad: at most the logical rank; tril, triu: the last two): the same call on that value. */
static int vmap_last_dims(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return vmap_front(a, &a->c->a, 0, out, out_bdim);
}
const st_op st__op_pad = RECORD(pad, 1, infer_pad, kernel_pad, vjp_pad, 0, jvp_pad, vmap_last_dims);

/* ------------------------------------------------------------------------ flip: list = dims */

/* Marks the dims in c's list; fails on a bad or repeated dim. */
static int flip_dims(const st_opcall *c, int ndim, bool *flip) {
  for (int d = 0; d < ST_MAX_DIMS; d++) flip[d] = false;
  for (int i = 0; i < c->a.nlist; i++) {
    int d = wrap(c, c->a.list[i], ndim);
    if (d < 0) return -1;
    if (flip[d])
      return st__op_error(c, ST_ERR_ARG, "dims %s repeat dim %d", LIST_STR(c->a.nlist, c->a.list),
                          d);
    flip[d] = true;
  }
  return 0;
}

static int infer_flip(const st_opcall *c, st_meta *m) {
  bool flip[ST_MAX_DIMS];
  if (flip_dims(c, c->in[0]->ndim, flip)) return -1;
  st__meta_like(m, c->in[0]);
  return 0;
}
static int kernel_flip(const st_opcall *c, st_tensor *const *out) {
  bool flip[ST_MAX_DIMS];
  flip_dims(c, c->in[0]->ndim, flip); /* checked by infer */
  st__k_flip(st__view_of(out[0]), st__view_of(c->in[0]), flip);
  return 0;
}
/* derivatives.yaml, flip: grad.flip(dims). */
static int vjp_flip(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  int dims[ST_MAX_LIST];
  for (int k = 0; k < a->a->nlist; k++) dims[k] = (int)a->a->list[k];
  ST_GRAD(0, st_flip(gout[0], a->a->nlist, dims));
  return 0;
}
/* Batching: the flipped dims shifted by one past the batch dim (a 0-dim flip flips nothing). */
static int vmap_flip(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int r = st__lrank(a, 0);
  st_attrs at = a->c->a;
  if (!r) at.nlist = 0;
  for (int k = 0; k < at.nlist; k++) at.list[k] = bshift(at.list[k], r);
  return vmap_front(a, &at, 0, out, out_bdim);
}
const st_op st__op_flip =
    RECORD(flip, 1, infer_flip, kernel_flip, vjp_flip, 0, jvp_linear, vmap_flip);

/* ---------------------------------------------------------------------- repeat: list = reps */

static int infer_repeat(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  int n = c->a.nlist, lead = n - a->ndim;
  const int64_t *reps = c->a.list;
  if (n < a->ndim || n > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_ARG, "reps %s must have %d..%d entries for a tensor of shape %s",
                        LIST_STR(n, reps), a->ndim, ST_MAX_DIMS, ST_SHAPE_STR(a));
  int64_t shape[ST_MAX_DIMS];
  for (int d = 0; d < n; d++) {
    if (reps[d] < 0)
      return st__op_error(c, ST_ERR_ARG, "reps %s has a negative count at %d", LIST_STR(n, reps),
                          d);
    if (__builtin_mul_overflow(d < lead ? 1 : a->shape[d - lead], reps[d], &shape[d]))
      return st__op_error(c, ST_ERR_ARG, "repeating %s by %s overflows", ST_SHAPE_STR(a),
                          LIST_STR(n, reps));
  }
  if (check_shape(c, n, shape, a->dtype)) return -1;
  st__meta_set(m, a->dtype, n, shape);
  return 0;
}
static int kernel_repeat(const st_opcall *c, st_tensor *const *out) {
  const st_tensor *a = c->in[0];
  int n = out[0]->ndim, lead = n - a->ndim;
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  for (int d = 0; d < n; d++) { /* a with leading size-1 dims */
    shape[d] = d < lead ? 1 : a->shape[d - lead];
    strides[d] = d < lead ? 0 : a->strides[d - lead];
  }
  st__k_repeat(st__view_of(out[0]), (st_view){st__data(a), a->dtype, n, shape, strides});
  return 0;
}
/* derivatives.yaml, repeat: repeat_backward(grad, repeats, self.sizes()): the leading dims the
   repeat added are summed away, then every dim d of size s repeated r times is viewed as
   [before, r, s, after] and summed over r. Four dims at most, whatever the input's ndim. */
static st_tensor *repeat_backward(st_tensor *g, const st_vjp_args *a) {
  const st_tensor_meta *m = &a->in_meta[0];
  const int64_t *reps = a->a->list;
  int lead = a->a->nlist - m->ndim, dims[ST_MAX_DIMS];
  for (int k = 0; k < lead; k++) dims[k] = k;
  st_tensor *t = lead ? st_sum(g, lead, dims, false) : st_reshape(g, g->ndim, g->shape);
  for (int d = 0; t && d < m->ndim; d++) {
    int64_t r = reps[lead + d], before = 1, after = 1, shape[ST_MAX_DIMS];
    if (r == 1) continue;
    for (int k = 0; k < m->ndim; k++) {
      shape[k] = k == d ? m->shape[d] : t->shape[k];
      if (k < d) before *= t->shape[k];
      if (k > d) after *= t->shape[k];
    }
    st_tensor *split = st_reshape(t, ST_SHAPE(before, r, m->shape[d], after));
    st_tensor *sum = st_sum(split, 1, (const int[]){1}, false);
    st_release(t), st_release(split);
    t = st_reshape(sum, m->ndim, shape);
    st_release(sum);
  }
  return t;
}
static int vjp_repeat(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, repeat_backward(gout[0], a));
  return 0;
}
/* Batching: input 0 padded with size-1 dims to the rank of reps, repeated [1] + reps. */
static int vmap_repeat(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_attrs at = a->c->a;
  memmove(at.list + 1, at.list, sizeof(int64_t) * (size_t)at.nlist);
  at.list[0] = 1;
  at.nlist++;
  return vmap_front(a, &at, a->c->a.nlist, out, out_bdim);
}
const st_op st__op_repeat =
    RECORD(repeat, 1, infer_repeat, kernel_repeat, vjp_repeat, 0, jvp_linear, vmap_repeat);

/* ---------------------------------------------------------------- tril, triu: i[0] = k */

static int infer_tri(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  if (a->ndim < 2)
    return st__op_error(c, ST_ERR_ARG, "needs at least 2 dims, got shape %s", ST_SHAPE_STR(a));
  st__meta_like(m, a);
  return 0;
}
static int kernel_tri(const st_opcall *c, st_tensor *const *out) {
  st__k_tri(st__view_of(out[0]), st__view_of(c->in[0]), c->a.i[0], c->op->id == ST_OP_tril);
  return 0;
}
/* derivatives.yaml, tril / triu: grad.tril(diagonal) / grad.triu(diagonal). */
static int vjp_tri(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  bool lower = a->op->id == ST_OP_tril;
  ST_GRAD(0, lower ? st_tril(gout[0], a->a->i[0]) : st_triu(gout[0], a->a->i[0]));
  return 0;
}
const st_op st__op_tril =
    RECORD(tril, 1, infer_tri, kernel_tri, vjp_tri, 0, jvp_linear, vmap_last_dims);
const st_op st__op_triu =
    RECORD(triu, 1, infer_tri, kernel_tri, vjp_tri, 0, jvp_linear, vmap_last_dims);

/* ------------------------------------------------------------------------------- samples */

/* Every op here is linear in its floating inputs, so any values do (no domain, no kinks): they
   lie in [-2, 2). Index inputs are i64 from st__sample_index, with duplicates where the index is
   longer than its range (the gradients then accumulate). Attributes are set as the public
   functions below set them. */
static st_tensor *smp(st_dtype dt, int nd, const int64_t *shape) {
  return st__sample(dt, nd, shape, -2, 2);
}
static st_tensor *smp_nc(st_dtype dt, int nd, const int64_t *shape) {
  return st__sample_noncontig(dt, nd, shape, -2, 2);
}
static st_tensor *smp_bc(st_dtype dt, int nd, const int64_t *shape) {
  return st__sample_broadcast(dt, nd, shape, -2, 2);
}
/* attrs with i[0..3] (dims, offsets, slice bounds) */
static st_attrs at_i(int64_t i0, int64_t i1, int64_t i2, int64_t i3) {
  return (st_attrs){.i = {i0, i1, i2, i3}};
}
/* attrs with a list (a shape, a perm, dims, pads, reps, or the backward views' input sizes) and
   i[0..3] */
static st_attrs at_list(int n, const int64_t *v, int64_t i0, int64_t i1, int64_t i2, int64_t i3) {
  st_attrs a = at_i(i0, i1, i2, i3);
  a.nlist = n;
  if (n) memcpy(a.list, v, sizeof(int64_t) * (size_t)n);
  return a;
}
#define L(...)       ST_SHAPE(__VA_ARGS__)
#define LIST(...)    at_list(L(__VA_ARGS__), 0, 0, 0, 0)
#define NOLIST       at_list(0, NULL, 0, 0, 0, 0)
#define X(...)       smp(dt, __VA_ARGS__)
#define NC(...)      smp_nc(dt, __VA_ARGS__)
#define BC(...)      smp_bc(dt, __VA_ARGS__)
#define X0           smp(dt, 0, NULL)
#define IDX(hi, ...) st__sample_index(L(__VA_ARGS__), hi)
#define IDX0         st__sample_index(0, NULL, 1)
#define PUSH(what, expect, nin, ...)                                                               \
  (n = st__sample_push(out, cap, n, what, expect, &a, nin, __VA_ARGS__))

static int samples_shape(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a;
  st_dtype other = dt == ST_F64 ? ST_F32 : ST_F64;
  switch (op->id) {
  case ST_OP_reshape:
    a = LIST(3, 2), PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = LIST(-1), PUSH("non-contiguous (a copy), -1", ST_OK, 1, NC(L(2, 3)));
    a = LIST(2, 1, 3), PUSH("non-contiguous (a view)", ST_OK, 1, NC(L(2, 3)));
    a = LIST(3, -1), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = LIST(1, 1), PUSH("0-dim", ST_OK, 1, X0);
    a = NOLIST, PUSH("to 0-dim", ST_OK, 1, X(L(1, 1)));
    a = LIST(3, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = LIST(4), PUSH("wrong element count", ST_ERR_SHAPE, 1, X(L(2, 3)));
    a = LIST(-1, -1), PUSH("two -1", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(-1, 0), PUSH("ambiguous -1", ST_ERR_SHAPE, 1, X(L(0, 3)));
    break;
  case ST_OP_permute:
    a = LIST(2, 0, 1), PUSH("contiguous", ST_OK, 1, X(L(2, 3, 2)));
    a = LIST(1, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 4)));
    a = LIST(-1, 0), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = NOLIST, PUSH("0-dim", ST_OK, 1, X0);
    a = LIST(1, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = LIST(0), PUSH("perm too short", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(0, 0), PUSH("repeated dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_transpose:
    a = at_i(0, 1, 0, 0), PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = at_i(0, -1, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(2, 3, 2)));
    a = at_i(1, 0, 0, 0), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = at_i(0, -1, 0, 0), PUSH("0-dim", ST_OK, 1, X0);
    a = at_i(0, 1, 0, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = at_i(0, 2, 0, 0), PUSH("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_expand:
    a = LIST(2, 3), PUSH("contiguous", ST_OK, 1, X(L(1, 3)));
    a = LIST(2, -1, 2), PUSH("non-contiguous, -1", ST_OK, 1, NC(L(3, 1)));
    a = LIST(2, 2, 3), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = LIST(2, 3), PUSH("0-dim", ST_OK, 1, X0);
    a = LIST(2, 0, 3), PUSH("size-0", ST_OK, 1, X(L(0, 1)));
    a = LIST(0, 3), PUSH("to size 0", ST_OK, 1, X(L(1, 3)));
    a = LIST(4, 3), PUSH("size not 1", ST_ERR_SHAPE, 1, X(L(2, 3)));
    a = LIST(3), PUSH("fewer dims", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_squeeze:
    a = at_i(1, 0, 0, 0), PUSH("contiguous", ST_OK, 1, X(L(2, 1, 3)));
    a = at_i(-1, 0, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 1)));
    a = at_i(0, 0, 0, 0), PUSH("dim not of size 1", ST_OK, 1, X(L(2, 3)));
    a = at_i(1, 0, 0, 0), PUSH("broadcast", ST_OK, 1, BC(L(2, 1, 3)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_OK, 1, X0);
    a = at_i(1, 0, 0, 0), PUSH("size-0", ST_OK, 1, X(L(0, 1)));
    a = at_i(2, 0, 0, 0), PUSH("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_squeeze_all: /* takes every tensor: no error input */
    a = NOLIST, PUSH("contiguous", ST_OK, 1, X(L(1, 2, 1, 3)));
    PUSH("non-contiguous", ST_OK, 1, NC(L(3, 1)));
    PUSH("broadcast", ST_OK, 1, BC(L(2, 1, 3)));
    PUSH("all size 1", ST_OK, 1, X(L(1, 1)));
    PUSH("0-dim", ST_OK, 1, X0);
    PUSH("size-0", ST_OK, 1, X(L(0, 1)));
    break;
  case ST_OP_unsqueeze:
    a = at_i(1, 0, 0, 0), PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = at_i(-1, 0, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 2)));
    a = at_i(0, 0, 0, 0), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_OK, 1, X0);
    a = at_i(2, 0, 0, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = at_i(3, 0, 0, 0), PUSH("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    a = at_i(-4, 0, 0, 0), PUSH("bad negative dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_slice: /* dim, start, end, step */
    a = at_i(0, 1, 4, 2), PUSH("contiguous", ST_OK, 1, X(L(4, 3)));
    a = at_i(-1, -3, 100, 1), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 4)));
    a = at_i(1, 0, 5, 2), PUSH("broadcast", ST_OK, 1, BC(L(2, 5)));
    a = at_i(0, -4, -1, 2), PUSH("1-D, negative bounds", ST_OK, 1, X(L(5)));
    a = at_i(1, 0, 2, 1), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = at_i(1, 3, 1, 1), PUSH("empty slice", ST_OK, 1, X(L(3, 4)));
    a = at_i(0, 1, 4, 10), PUSH("step past the end", ST_OK, 1, X(L(4, 3)));
    a = at_i(0, 0, 1, 1), PUSH("0-dim", ST_ERR_ARG, 1, X0);
    a = at_i(0, 0, 2, 0), PUSH("step 0", ST_ERR_ARG, 1, X(L(3, 4)));
    a = at_i(2, 0, 2, 1), PUSH("bad dim", ST_ERR_ARG, 1, X(L(3, 4)));
    break;
  case ST_OP_select: /* dim, index */
    a = at_i(0, 1, 0, 0), PUSH("contiguous", ST_OK, 1, X(L(3, 4)));
    a = at_i(-1, -1, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 4)));
    a = at_i(0, 1, 0, 0), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = at_i(0, 2, 0, 0), PUSH("to 0-dim", ST_OK, 1, X(L(4)));
    a = at_i(1, 2, 0, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_ERR_ARG, 1, X0);
    a = at_i(0, 3, 0, 0), PUSH("index out of range", ST_ERR_ARG, 1, X(L(3, 4)));
    break;
  case ST_OP_diagonal: /* offset, dim1, dim2 */
    a = at_i(0, 0, 1, 0), PUSH("contiguous", ST_OK, 1, X(L(3, 4)));
    a = at_i(1, 1, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 4)));
    a = at_i(-1, 1, 2, 0), PUSH("3-D", ST_OK, 1, X(L(2, 3, 3)));
    a = at_i(0, 0, 1, 0), PUSH("broadcast", ST_OK, 1, BC(L(3, 3)));
    a = at_i(0, 0, 1, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = at_i(5, 0, 1, 0), PUSH("offset past the end", ST_OK, 1, X(L(3, 4)));
    a = at_i(0, 0, 1, 0), PUSH("1-D", ST_ERR_ARG, 1, X(L(3)));
    a = at_i(0, 1, -1, 0), PUSH("same dims", ST_ERR_ARG, 1, X(L(3, 4)));
    break;
  case ST_OP_slice_backward: /* list: input sizes; dim, start, end, step */
    a = at_list(L(4, 3), 0, 1, 4, 2), PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = at_list(L(3, 5), -1, -3, 100, 1), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 3)));
    a = at_list(L(2, 5), 1, 0, 5, 2), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = at_list(L(5), 0, -4, -1, 2), PUSH("1-D, negative bounds", ST_OK, 1, X(L(2)));
    a = at_list(L(0, 3), 1, 0, 2, 1), PUSH("size-0", ST_OK, 1, X(L(0, 2)));
    a = at_list(L(3, 4), 1, 3, 1, 1), PUSH("empty slice", ST_OK, 1, X(L(3, 0)));
    a = at_list(L(4, 3), 0, 1, 4, 10), PUSH("step past the end", ST_OK, 1, X(L(1, 3)));
    a = at_list(L(4, 3), 0, 1, 4, 2), PUSH("grad of the wrong shape", ST_ERR_SHAPE, 1, X(L(3, 3)));
    a = at_list(L(4, 3), 0, 1, 4, 0), PUSH("step 0", ST_ERR_ARG, 1, X(L(2, 3)));
    a = at_list(0, NULL, 0, 0, 1, 1), PUSH("0-dim sizes", ST_ERR_ARG, 1, X0);
    break;
  case ST_OP_diagonal_backward: /* list: input sizes; offset, dim1, dim2 */
    a = at_list(L(3, 4), 0, 0, 1, 0), PUSH("contiguous", ST_OK, 1, X(L(3)));
    a = at_list(L(3, 4), 1, 1, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(2)));
    a = at_list(L(2, 3, 3), -1, 1, 2, 0), PUSH("3-D, non-contiguous", ST_OK, 1, NC(L(2, 2)));
    a = at_list(L(2, 3, 4), 0, 1, 2, 0), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = at_list(L(0, 3), 0, 0, 1, 0), PUSH("size-0", ST_OK, 1, X(L(0)));
    a = at_list(L(3, 4), 5, 0, 1, 0), PUSH("offset past the end", ST_OK, 1, X(L(0)));
    a = at_list(L(3, 4), 0, 0, 1, 0), PUSH("grad of the wrong shape", ST_ERR_SHAPE, 1, X(L(4)));
    a = at_list(L(3), 0, 0, 1, 0), PUSH("1-D sizes", ST_ERR_ARG, 1, X(L(3)));
    a = at_list(L(3, 4), 0, 1, 1, 0), PUSH("same dims", ST_ERR_ARG, 1, X(L(3)));
    break;
  case ST_OP_cat: /* dim */
    a = at_i(0, 0, 0, 0), PUSH("contiguous", ST_OK, 2, X(L(2, 3)), X(L(1, 3)));
    a = at_i(-1, 0, 0, 0);
    PUSH("non-contiguous, broadcast", ST_OK, 3, NC(L(2, 3)), X(L(2, 2)), BC(L(2, 1)));
    a = at_i(0, 0, 0, 0), PUSH("size-0 piece", ST_OK, 2, X(L(0, 3)), X(L(2, 3)));
    a = at_i(1, 0, 0, 0), PUSH("legacy 1-D empty piece", ST_OK, 2, X(L(0)), X(L(2, 3)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim piece", ST_ERR_ARG, 2, X(L(2)), X0);
    a = at_i(0, 0, 0, 0), PUSH("shapes differ", ST_ERR_SHAPE, 2, X(L(2, 3)), X(L(2, 2)));
    a = at_i(2, 0, 0, 0), PUSH("bad dim", ST_ERR_ARG, 2, X(L(2, 3)), X(L(1, 3)));
    break;
  case ST_OP_stack: /* dim */
    a = at_i(0, 0, 0, 0), PUSH("contiguous", ST_OK, 2, X(L(2, 3)), X(L(2, 3)));
    a = at_i(-1, 0, 0, 0);
    PUSH("non-contiguous, broadcast", ST_OK, 3, NC(L(3, 2)), X(L(3, 2)), BC(L(3, 2)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_OK, 2, X0, X0);
    a = at_i(1, 0, 0, 0), PUSH("size-0", ST_OK, 2, X(L(0, 2)), X(L(0, 2)));
    a = at_i(0, 0, 0, 0), PUSH("shapes differ", ST_ERR_SHAPE, 2, X(L(2, 3)), X(L(3, 2)));
    a = at_i(3, 0, 0, 0), PUSH("bad dim", ST_ERR_ARG, 2, X(L(2, 3)), X(L(2, 3)));
    break;
  case ST_OP_index_select: /* (a, index), dim */
    a = at_i(0, 0, 0, 0), PUSH("contiguous, repeated index", ST_OK, 2, X(L(3, 4)), IDX(3, 4));
    a = at_i(-1, 0, 0, 0), PUSH("non-contiguous", ST_OK, 2, NC(L(3, 4)), IDX(4, 2));
    a = at_i(0, 0, 0, 0), PUSH("broadcast", ST_OK, 2, BC(L(2, 3)), IDX(2, 3));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_OK, 2, X0, IDX0);
    a = at_i(-1, 0, 0, 0), PUSH("0-dim, 1-D index", ST_OK, 2, X0, IDX(1, 1));
    a = at_i(1, 0, 0, 0), PUSH("empty index", ST_OK, 2, X(L(3, 4)), IDX(4, 0));
    a = at_i(1, 0, 0, 0), PUSH("size-0", ST_OK, 2, X(L(0, 3)), IDX(3, 2));
    a = at_i(0, 0, 0, 0), PUSH("floating index", ST_ERR_DTYPE, 2, X(L(3, 4)), X(L(2)));
    a = at_i(0, 0, 0, 0), PUSH("2-D index", ST_ERR_SHAPE, 2, X(L(3, 4)), IDX(3, 2, 2));
    a = at_i(0, 0, 0, 0), PUSH("index out of range", ST_ERR_ARG, 2, X(L(3, 4)), IDX(5, 4));
    break;
  case ST_OP_gather: /* (a, index), dim */
    a = at_i(0, 0, 0, 0), PUSH("contiguous", ST_OK, 2, X(L(3, 4)), IDX(3, 2, 4));
    a = at_i(1, 0, 0, 0), PUSH("non-contiguous", ST_OK, 2, NC(L(4, 3)), IDX(3, 4, 2));
    a = at_i(-1, 0, 0, 0), PUSH("broadcast, smaller index", ST_OK, 2, BC(L(3, 4)), IDX(4, 2, 3));
    a = at_i(0, 0, 0, 0), PUSH("longer along dim, repeated", ST_OK, 2, X(L(3, 2)), IDX(3, 4, 2));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_OK, 2, X0, IDX0);
    a = at_i(0, 0, 0, 0), PUSH("size-0", ST_OK, 2, X(L(3, 4)), IDX(3, 0, 4));
    a = at_i(0, 0, 0, 0), PUSH("floating index", ST_ERR_DTYPE, 2, X(L(3, 4)), X(L(2, 4)));
    a = at_i(0, 0, 0, 0), PUSH("index of other rank", ST_ERR_SHAPE, 2, X(L(3, 4)), IDX(3, 4));
    a = at_i(0, 0, 0, 0), PUSH("index out of range", ST_ERR_ARG, 2, X(L(3, 4)), IDX(5, 2, 4));
    break;
  case ST_OP_scatter_add: /* (a, index, src), dim */
    a = at_i(0, 0, 0, 0);
    PUSH("contiguous", ST_OK, 3, X(L(3, 4)), IDX(3, 2, 4), X(L(2, 4)));
    a = at_i(1, 0, 0, 0);
    PUSH("non-contiguous, src larger", ST_OK, 3, NC(L(4, 3)), IDX(3, 3, 2), NC(L(4, 3)));
    a = at_i(0, 0, 0, 0);
    PUSH("broadcast", ST_OK, 3, BC(L(3, 4)), IDX(3, 2, 3), BC(L(2, 3)));
    a = at_i(0, 0, 0, 0);
    PUSH("repeated index (accumulates)", ST_OK, 3, X(L(2, 3)), IDX(2, 4, 3), X(L(4, 3)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_OK, 3, X0, IDX0, X0);
    a = at_i(-1, 0, 0, 0);
    PUSH("size-0", ST_OK, 3, X(L(3, 4)), IDX(4, 3, 0), X(L(3, 0)));
    a = at_i(0, 0, 0, 0);
    PUSH("src of another dtype", ST_ERR_DTYPE, 3, X(L(3, 4)), IDX(3, 2, 4),
         st__sample(other, L(2, 4), -2, 2));
    a = at_i(0, 0, 0, 0);
    PUSH("index larger than the input", ST_ERR_SHAPE, 3, X(L(3, 4)), IDX(3, 2, 5), X(L(2, 5)));
    a = at_i(0, 0, 0, 0);
    PUSH("index out of range", ST_ERR_ARG, 3, X(L(3, 4)), IDX(5, 2, 4), X(L(2, 4)));
    break;
  case ST_OP_pad: /* list: pads (last dim first), f[0]: value */
    a = LIST(1, 2), a.f[0] = 0.5, PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = LIST(1, 0, 0, 2), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 2)));
    a = LIST(-1, 1, 0, -1), PUSH("negative pads crop", ST_OK, 1, X(L(3, 4)));
    a = LIST(2, 0), a.f[0] = -1, PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = NOLIST, PUSH("0-dim", ST_OK, 1, X0);
    a = LIST(1, 1, 1, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = LIST(1), PUSH("odd pad count", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(1, 1, 1, 1), PUSH("pads for too many dims", ST_ERR_ARG, 1, X(L(3)));
    a = LIST(-2, -2), PUSH("negative size", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_flip: /* list: dims */
    a = LIST(0, 1), PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = LIST(-1), PUSH("non-contiguous", ST_OK, 1, NC(L(3, 4)));
    a = LIST(0), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = NOLIST, PUSH("no dims", ST_OK, 1, X(L(2, 3)));
    a = LIST(0), PUSH("0-dim", ST_OK, 1, X0);
    a = LIST(0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = LIST(0, -2), PUSH("repeated dim", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(2), PUSH("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_repeat: /* list: reps */
    a = LIST(2, 1), PUSH("contiguous", ST_OK, 1, X(L(2, 3)));
    a = LIST(2, 1, 2), PUSH("non-contiguous, new dim", ST_OK, 1, NC(L(3, 2)));
    a = LIST(1, 2), PUSH("broadcast", ST_OK, 1, BC(L(2, 3)));
    a = LIST(2, 3), PUSH("0-dim", ST_OK, 1, X0);
    a = LIST(2, 2), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = LIST(0, 2), PUSH("zero reps", ST_OK, 1, X(L(2, 3)));
    a = LIST(2), PUSH("too few reps", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(-1, 1), PUSH("negative reps", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_tril:
  case ST_OP_triu: /* k */
    a = at_i(0, 0, 0, 0), PUSH("contiguous", ST_OK, 1, X(L(3, 4)));
    a = at_i(-1, 0, 0, 0), PUSH("non-contiguous", ST_OK, 1, NC(L(4, 3)));
    a = at_i(1, 0, 0, 0), PUSH("broadcast", ST_OK, 1, BC(L(3, 3)));
    a = at_i(0, 0, 0, 0), PUSH("3-D", ST_OK, 1, X(L(2, 3, 3)));
    a = at_i(0, 0, 0, 0), PUSH("size-0", ST_OK, 1, X(L(0, 3)));
    a = at_i(0, 0, 0, 0), PUSH("1-D", ST_ERR_ARG, 1, X(L(3)));
    a = at_i(0, 0, 0, 0), PUSH("0-dim", ST_ERR_ARG, 1, X0);
    break;
  default: break;
  }
  return n;
}
#undef L
#undef LIST
#undef NOLIST
#undef X
#undef NC
#undef BC
#undef X0
#undef IDX
#undef IDX0
#undef PUSH

/* ------------------------------------------------------------------------ public functions */

/* Puts a list argument into c->a.list. The NULL-tensor check comes first so that an error an
   earlier call left stays in place (NULL propagation). */
static bool set_list(st_opcall *c, st_tensor *a, int n, const int64_t *v, const int *iv,
                     const char *what) {
  const char *fn = ST_FN(c);
  if (!a) {
    st__null_arg(fn, 1);
    return false;
  }
  if (n < 0 || n > ST_MAX_LIST) {
    st__op_error(c, ST_ERR_ARG, "%d %s entries is out of range (0..%d)", n, what, ST_MAX_LIST);
    return false;
  }
  if (n && !v && !iv) {
    st__op_error(c, ST_ERR_ARG, "%s is NULL but has %d entries", what, n);
    return false;
  }
  c->a.nlist = n;
  for (int i = 0; i < n; i++) c->a.list[i] = v ? v[i] : iv[i];
  return true;
}

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
  c.a.i[0] = dim0, c.a.i[1] = dim1;
  return st__call1(&c);
}

st_tensor *st_expand(st_tensor *a, int ndim, const int64_t *shape) {
  st_opcall c = ST_CALL(expand, a);
  return set_list(&c, a, ndim, shape, NULL, "shape") ? st__call1(&c) : NULL;
}

st_tensor *st_squeeze(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(squeeze, a);
  c.a.i[0] = dim;
  return st__call1(&c);
}

st_tensor *st_squeeze_all(st_tensor *a) {
  st_opcall c = ST_CALL(squeeze_all, a);
  return st__call1(&c);
}

st_tensor *st_unsqueeze(st_tensor *a, int dim) {
  st_opcall c = ST_CALL(unsqueeze, a);
  c.a.i[0] = dim;
  return st__call1(&c);
}

st_tensor *st_slice(st_tensor *a, int dim, int64_t start, int64_t end, int64_t step) {
  st_opcall c = ST_CALL(slice, a);
  c.a.i[0] = dim, c.a.i[1] = start, c.a.i[2] = end, c.a.i[3] = step;
  return st__call1(&c);
}

st_tensor *st_select(st_tensor *a, int dim, int64_t index) {
  st_opcall c = ST_CALL(select, a);
  c.a.i[0] = dim, c.a.i[1] = index;
  return st__call1(&c);
}

st_tensor *st_diagonal(st_tensor *a, int64_t offset, int dim1, int dim2) {
  st_opcall c = ST_CALL(diagonal, a);
  c.a.i[0] = offset, c.a.i[1] = dim1, c.a.i[2] = dim2;
  return st__call1(&c);
}

/* cat and stack take their tensors as the call's inputs. */
static st_tensor *variadic(st_op_id id, int n, st_tensor *const *ts, int dim) {
  st_opcall c = {.op = st__ops[id], .nin = n, .in = ts, .a = {.i = {dim}}};
  if (n < 0 || (n > 0 && !ts)) {
    st__op_error(&c, ST_ERR_ARG, n < 0 ? "n %d is negative" : "ts is NULL but n is %d", n);
    return NULL;
  }
  return st__call1(&c);
}
st_tensor *st_cat(int n, st_tensor *const *ts, int dim) { return variadic(ST_OP_cat, n, ts, dim); }
st_tensor *st_stack(int n, st_tensor *const *ts, int dim) {
  return variadic(ST_OP_stack, n, ts, dim);
}

/* Releases out[0..n) (on failure, so that no piece is left allocated). */
static int release_pieces(st_tensor **out, int n) {
  st_status s = st__status();
  for (int i = 0; i < n; i++) {
    st_release(out[i]);
    out[i] = NULL;
  }
  return s ? s : ST_ERR_OOM;
}

/* Slices of a along d: piece i starts at i * size and has `size` elements (the last may be
   smaller); count pieces, each marked as one of several views (PyTorch's split outputs refuse
   in-place writes in grad mode). Fails cleanly when count > max_out. */
static int pieces(const char *fn, st_tensor *a, int d, int64_t size, int64_t count, int max_out,
                  st_tensor **out) {
  if (count > max_out)
    return st__error(ST_ERR_ARG, "%s: %s along dim %d gives %lld pieces but max_out is %d", fn,
                     ST_SHAPE_STR(a), d, (long long)count, max_out);
  if (count > 0 && !out) return st__error(ST_ERR_ARG, "%s: out is NULL", fn);
  int64_t dim_size = a->shape[d];
  for (int i = 0; i < count; i++) {
    int64_t start = i * size < dim_size ? i * size : dim_size;
    int64_t end = dim_size - start < size ? dim_size : start + size;
    st_opcall c = ST_CALL(slice, a);
    c.a.i[0] = d, c.a.i[1] = start, c.a.i[2] = end, c.a.i[3] = 1;
    c.a.multi_view = true;
    if (!(out[i] = st__call1(&c))) return release_pieces(out, i);
  }
  st__ok();
  return (int)count;
}

/* Checks a and dim for split and chunk; returns the wrapped dim or -1. */
static int piece_dim(const char *fn, st_tensor *a, int dim) {
  if (!a) {
    st__null_arg(fn, 1);
    return -1;
  }
  if (a->ndim == 0) {
    st__error(ST_ERR_ARG, "%s: needs at least 1 dim, got a 0-dim tensor", fn);
    return -1;
  }
  return st__wrap_dim(fn, dim, a->ndim);
}

int st_split(st_tensor *a, int64_t split_size, int dim, int max_out, st_tensor **out) {
  int d = piece_dim("st_split", a, dim);
  if (d < 0) return st__status();
  int64_t n = a->shape[d];
  if (split_size < 0 || (split_size == 0 && n > 0))
    return st__error(ST_ERR_ARG,
                     "st_split: split_size %lld must be positive for dim %d of size %lld",
                     (long long)split_size, d, (long long)n);
  /* torch.split: an empty dim still gives one (empty) piece. */
  int64_t count = split_size == 0 || n == 0 ? 1 : (n - 1) / split_size + 1;
  return pieces("st_split", a, d, split_size, count, max_out, out);
}

int st_chunk(st_tensor *a, int chunks, int dim, int max_out, st_tensor **out) {
  int d = piece_dim("st_chunk", a, dim);
  if (d < 0) return st__status();
  if (chunks <= 0) return st__error(ST_ERR_ARG, "st_chunk: chunks %d must be positive", chunks);
  int64_t n = a->shape[d], size = (n + chunks - 1) / chunks;
  /* torch.chunk: pieces of ceil(n / chunks), so fewer than `chunks` may result; an empty dim gives
     `chunks` empty pieces. */
  int64_t count = n == 0 ? chunks : (n - 1) / size + 1;
  return pieces("st_chunk", a, d, size, count, max_out, out);
}

st_tensor *st_index_select(st_tensor *a, int dim, st_tensor *index) {
  st_opcall c = ST_CALL(index_select, a, index);
  c.a.i[0] = dim;
  return st__call1(&c);
}

st_tensor *st_gather(st_tensor *a, int dim, st_tensor *index) {
  st_opcall c = ST_CALL(gather, a, index);
  c.a.i[0] = dim;
  return st__call1(&c);
}

st_tensor *st_scatter_add(st_tensor *a, int dim, st_tensor *index, st_tensor *src) {
  st_opcall c = ST_CALL(scatter_add, a, index, src);
  c.a.i[0] = dim;
  return st__call1(&c);
}

st_tensor *st_pad(st_tensor *a, int npad, const int64_t *pad, double value) {
  st_opcall c = ST_CALL(pad, a);
  c.a.f[0] = value;
  return set_list(&c, a, npad, pad, NULL, "pad") ? st__call1(&c) : NULL;
}

st_tensor *st_flip(st_tensor *a, int ndims, const int *dims) {
  st_opcall c = ST_CALL(flip, a);
  return set_list(&c, a, ndims, NULL, dims, "dims") ? st__call1(&c) : NULL;
}

st_tensor *st_repeat(st_tensor *a, int nreps, const int64_t *reps) {
  st_opcall c = ST_CALL(repeat, a);
  return set_list(&c, a, nreps, reps, NULL, "reps") ? st__call1(&c) : NULL;
}

st_tensor *st_tril(st_tensor *a, int64_t k) {
  st_opcall c = ST_CALL(tril, a);
  c.a.i[0] = k;
  return st__call1(&c);
}

st_tensor *st_triu(st_tensor *a, int64_t k) {
  st_opcall c = ST_CALL(triu, a);
  c.a.i[0] = k;
  return st__call1(&c);
}

/* ------------------------------------------------------------- internal ops (ops/shape.h) */

st_tensor *st__slice_backward(st_tensor *g, int ndim, const int64_t *sizes, int dim, int64_t start,
                              int64_t end, int64_t step) {
  st_opcall c = ST_CALL(slice_backward, g);
  c.a.i[0] = dim, c.a.i[1] = start, c.a.i[2] = end, c.a.i[3] = step;
  return set_list(&c, g, ndim, sizes, NULL, "sizes") ? st__call1(&c) : NULL;
}

st_tensor *st__diagonal_backward(st_tensor *g, int ndim, const int64_t *sizes, int64_t offset,
                                 int dim1, int dim2) {
  st_opcall c = ST_CALL(diagonal_backward, g);
  c.a.i[0] = offset, c.a.i[1] = dim1, c.a.i[2] = dim2;
  return set_list(&c, g, ndim, sizes, NULL, "sizes") ? st__call1(&c) : NULL;
}
