/* shape.h — internal ops of the shape family: the backward ops of the views slice and diagonal.
   Each places a gradient into zeros of the forward input's sizes through the forward view (the
   adjoint of the view); each is differentiable (its vjp is the view again). Like public calls,
   they record their result in the current scope and set the error on failure. Below them, behind
   STRATA_SHAPE_FAMILY, the helpers the family's files share. */
#ifndef STRATA_OPS_SHAPE_H
#define STRATA_OPS_SHAPE_H

#include "strata.h"

/* Zeros of shape sizes[0..ndim) with g at st_slice(zeros, dim, start, end, step); g must have
   that slice's shape. PyTorch's slice_backward. */
st_tensor *st__slice_backward(st_tensor *g, int ndim, const int64_t *sizes, int dim, int64_t start,
                              int64_t end, int64_t step);
/* Zeros of shape sizes[0..ndim) with g at st_diagonal(zeros, offset, dim1, dim2); g must have that
   diagonal's shape. PyTorch's diagonal_backward. */
st_tensor *st__diagonal_backward(st_tensor *g, int ndim, const int64_t *sizes, int64_t offset,
                                 int dim1, int dim2);

/* ------------------------------------------------------------------ the family's own helpers

   What the family files (shape_views.c, shape_joins.c, shape_index.c, shape_pad.c) share. Each
   defines STRATA_SHAPE_FAMILY before including this header; other users of the internal ops above
   see only their declarations.

   Autograd: every differentiable op has a vjp rule beside its record, written with public ops
   only (so that rules are themselves differentiable). Formulas follow PyTorch's
   tools/autograd/derivatives.yaml; each rule names the entry it follows.

   Transforms: every op is linear in its floating inputs, so its jvp rule is the op itself on the
   tangents (cat, stack and scatter_add fill in zeros for missing ones). The batching rules move
   the batch dim to the front, shift dim attributes by one and run the same op on the physical
   values; unbatched inputs of multi-input ops are expanded to the batch (a stride-0 view). */
#ifdef STRATA_SHAPE_FAMILY

#include <limits.h>
#include <string.h>

#include "op.h"
#include "rules.h"

/* A one-output record with its vjp rule and the values the rule reads (ST_SAVE_IN bits), its
   jvp rule, its batching rule and its file's samples (FAMILY_SAMPLES, which each family file
   defines before its records). */
#define RECORD(op, n_in, infer_fn, kernel_fn, vjp_fn, save_bits, jvp_fn, vmap_fn)                  \
  {                                                                                                \
    .id = ST_OP_##op, .name = #op, .nin = (n_in), .nout = 1, .infer = (infer_fn),                  \
    .kernel = (kernel_fn), .saves = (save_bits), .vjp = (vjp_fn), .jvp = (jvp_fn),                 \
    .vmap = (vmap_fn), .samples = FAMILY_SAMPLES                                                   \
  }

/* Wraps a dim an infer already checked (so it cannot fail) for a rule. */
static inline int rule_dim(int64_t dim, int ndim) { return st__wrap_dim("vjp", (int)dim, ndim); }

/* Wraps dim for this op's messages ("st_<name>: dim 3 is out of range ..."); -1 on error. */
static inline int wrap(const st_opcall *c, int64_t dim, int ndim) {
  const char *fn = ST_FN(c);
  if (dim < INT_MIN || dim > INT_MAX) dim = ndim > 0 ? ndim : 1; /* out of range either way */
  return st__wrap_dim(fn, (int)dim, ndim);
}

/* Wraps the position of a new dim (unsqueeze, stack): dim in [-ndim-1, ndim]; -1 on error. */
static inline int wrap_new_dim(const st_opcall *c, int64_t dim, int ndim, const char *what) {
  if (dim >= -ndim - 1 && dim <= ndim) return (int)(dim < 0 ? dim + ndim + 1 : dim);
  st__op_error(c, ST_ERR_ARG, "dim %lld is out of range for %s with %d dims (expected %d..%d)",
               (long long)dim, what, ndim, -ndim - 1, ndim);
  return -1;
}

static inline int check_shape(const st_opcall *c, int ndim, const int64_t *shape, st_dtype dt) {
  const char *fn = ST_FN(c);
  return st__check_shape(fn, ndim, shape, dt);
}

static inline char *fmt_list(char *buf, int n, const int64_t *v) {
  return st__fmt_shape(buf, 96, n, v);
}
#define LIST_STR(n, v) fmt_list((char[96]){0}, (n), (v))

/* A one-output view of input 0. */
static inline int view(st_meta *m, const st_tensor *a, int ndim, const int64_t *shape,
                       const int64_t *strides, int64_t offset) {
  st__meta_view(m, a, 0, ndim, shape, strides, offset);
  return 0;
}

/* Copies a's shape and strides without dim `skip` (-1 keeps all); returns the new ndim. */
static inline int drop_dim(const st_tensor *a, int skip, int64_t *shape, int64_t *strides) {
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
static inline int rerun(const st_op *op, int nin, st_tensor *const *in, const st_attrs *at,
                        st_tensor **out) {
  st_opcall c = {.op = op, .nin = nin, .in = in, .a = *at};
  return st__dispatch(&c, out) ? st__rule_failed() : 0;
}

/* Scratch for n tensor pointers (cat and stack pieces): `small` (8 entries) when n fits. */
static inline st_tensor **scratch(int n, st_tensor **small) {
  return n <= 8 ? small : st__calloc((size_t)n, sizeof(st_tensor *));
}
static inline void scratch_free(st_tensor **p, st_tensor **small, int n) {
  if (p && p != small) st__free(p, sizeof(st_tensor *) * (size_t)n);
}

/* The jvp of an op linear in input 0, run with attributes at: the op itself on the tangent, the
   other inputs (an index) as they are. derivatives.yaml's "result: auto_linear" of the views,
   flip, repeat, tril, triu, index_select, gather and the backward views. */
static inline int linear_jvp(const st_jvp_args *a, st_tensor *t, const st_attrs *at,
                             st_tensor **tout) {
  if (!t) return 0; /* a zero tangent stays zero */
  st_tensor *in[2] = {t, a->nin > 1 ? a->in[1] : NULL};
  return rerun(a->op, a->nin, in, at, tout);
}
static inline int jvp_linear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  return linear_jvp(a, tin[0], a->a, tout);
}

/* A logical dim (checked by infer) of a tensor with rank > 0 dims, as a dim of its value with
   the batch dim first. */
static inline int64_t bshift(int64_t dim, int rank) { return (dim < 0 ? dim + rank : dim) + 1; }

/* Batching rule tail for one-input ops: the call with attributes at on input 0 with its batch
   dim first (size-1 dims inserted after it up to `rank` logical dims, see st__bfront); the
   result has its batch dim first. */
static inline int vmap_front(const st_vmap_args *a, const st_attrs *at, int rank, st_tensor **out,
                             int *out_bdim) {
  st_tensor *x = st__bfront(a, 0, rank);
  out_bdim[0] = 0;
  return x ? rerun(a->c->op, 1, &x, at, out) : st__rule_failed();
}

/* Input i with its batch dim first, for ops whose inputs must all carry the batch (cat, stack,
   gather, scatter_add): an unbatched input is expanded to it (a stride-0 view). With `lift`, a
   0-dim logical input comes as [B, 1]: the gathers need the dim they index to exist. */
static inline st_tensor *bexpand(const st_vmap_args *a, int i, bool lift) {
  int r = st__lrank(a, i), rank = lift && r == 0 ? 1 : r;
  if (a->bdim[i] >= 0) return st__bfront(a, i, rank);
  st_tensor *v = a->in[i];
  int64_t shape[ST_MAX_DIMS + 1] = {a->size};
  for (int d = 0; d < rank; d++) shape[1 + d] = d < rank - r ? 1 : v->shape[d - (rank - r)];
  return st_expand(v, rank + 1, shape);
}

/* Batching rule tail for the gathers: op on the batched inputs x; the result of lifted 0-dim
   inputs ([B, 1]) goes back to [B]. */
static inline int run_lifted(const st_vmap_args *a, const st_op *op, st_tensor *const *x,
                             const st_attrs *at, st_tensor **out, int *out_bdim) {
  st_tensor *o[ST_MAX_OUTS];
  if (rerun(op, a->c->nin, x, at, o)) return st__rule_failed();
  out_bdim[0] = 0;
  out[0] = st__lrank(a, 0) ? o[0] : st_reshape(st__track(o[0]), 1, &a->size);
  return out[0] ? 0 : st__rule_failed();
}

/* Puts a list argument into c->a.list. The NULL-tensor check comes first so that an error an
   earlier call left stays in place (NULL propagation). */
static inline bool set_list(st_opcall *c, st_tensor *a, int n, const int64_t *v, const int *iv,
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

/* Every op here is linear in its floating inputs, so any values do (no domain, no kinks): they
   lie in [-2, 2). Index inputs are i64 from st__sample_index, with duplicates where the index is
   longer than its range (the gradients then accumulate). Attributes are set as the public
   functions below set them. */
static inline st_tensor *smp(st_dtype dt, int nd, const int64_t *shape) {
  return st__sample(dt, nd, shape, -2, 2);
}
static inline st_tensor *smp_nc(st_dtype dt, int nd, const int64_t *shape) {
  return st__sample_noncontig(dt, nd, shape, -2, 2);
}
static inline st_tensor *smp_bc(st_dtype dt, int nd, const int64_t *shape) {
  return st__sample_broadcast(dt, nd, shape, -2, 2);
}
/* a's attributes with a list (a shape, a perm, dims, pads, reps, or the backward views' input
   sizes) */
static inline st_attrs with_list(st_attrs a, int n, const int64_t *v) {
  a.nlist = n;
  if (n) memcpy(a.list, v, sizeof(int64_t) * (size_t)n);
  return a;
}
#define L(...)       ST_SHAPE(__VA_ARGS__)
#define LIST(...)    with_list((st_attrs){0}, L(__VA_ARGS__))
#define NOLIST       ((st_attrs){0})
#define X(...)       smp(dt, __VA_ARGS__)
#define NC(...)      smp_nc(dt, __VA_ARGS__)
#define BC(...)      smp_bc(dt, __VA_ARGS__)
#define X0           smp(dt, 0, NULL)
#define IDX(hi, ...) st__sample_index(L(__VA_ARGS__), hi)
#define IDX0         st__sample_index(0, NULL, 1)
#include "samples.h"

#endif /* STRATA_SHAPE_FAMILY */

#endif
