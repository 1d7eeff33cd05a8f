/* shape_joins.c — the ops of the shape family that join or split pieces: cat and stack (kernels
   in src/kernels/shape.c), repeat, and the composites split and chunk (views of one slice each).
   Shared helpers, the family's conventions and its record macro are in shape.h. */
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
static int samples_joins(const st_op *op, st_dtype dt, st_sample *out, int cap);
#define FAMILY_SAMPLES samples_joins

/* ------------------------------------------------------------ cat: variadic inputs, axis.dim */

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
  int d = wrap(c, c->a.axis.dim, r->ndim);
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
  int d = st__wrap_dim("st_cat", (int)c->a.axis.dim, o->ndim);
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
  int nd = a->out_meta[0].ndim, d = rule_dim(a->a->axis.dim, nd);
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
  int64_t dim = at.axis.dim;
  at.axis.dim = stack ? (dim < 0 ? dim + nd + 1 : dim) + 1 : bshift(dim, nd);
  out_bdim[0] = 0;
  if (!rc) rc = rerun(c->op, n, x, &at, out);
  scratch_free(x, small, c->nin);
  return rc;
}
const st_op st__op_cat =
    RECORD(cat, ST_VARIADIC, infer_cat, kernel_cat, vjp_cat, 0, jvp_pieces, vmap_pieces);

/* ---------------------------------------------------------- stack: variadic inputs, axis.dim */

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
  int d = wrap_new_dim(c, c->a.axis.dim, r->ndim, "tensors");
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
  int d = st__wrap_dim("st_stack", (int)c->a.axis.dim, o->ndim);
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
  int d = (int)(a->a->axis.dim < 0 ? a->a->axis.dim + n + 1 : a->a->axis.dim);
  for (int i = 0; i < a->nin; i++) ST_GRAD(i, st_select(gout[0], d, i));
  return 0;
}
const st_op st__op_stack =
    RECORD(stack, ST_VARIADIC, infer_stack, kernel_stack, vjp_stack, 0, jvp_pieces, vmap_pieces);

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

/* ------------------------------------------------------------------------------- samples */

static int samples_joins(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a;
  switch (op->id) {
  case ST_OP_cat: /* axis.dim */
    a = (st_attrs){.axis = {0}}, PUSH("contiguous", 2, X(L(2, 3)), X(L(1, 3)));
    a = (st_attrs){.axis = {-1}};
    PUSH("non-contiguous, broadcast", 3, NC(L(2, 3)), X(L(2, 2)), BC(L(2, 1)));
    a = (st_attrs){.axis = {0}}, PUSH("size-0 piece", 2, X(L(0, 3)), X(L(2, 3)));
    a = (st_attrs){.axis = {1}}, PUSH("legacy 1-D empty piece", 2, X(L(0)), X(L(2, 3)));
    a = (st_attrs){.axis = {0}}, FAIL("0-dim piece", ST_ERR_ARG, 2, X(L(2)), X0);
    a = (st_attrs){.axis = {0}}, FAIL("shapes differ", ST_ERR_SHAPE, 2, X(L(2, 3)), X(L(2, 2)));
    a = (st_attrs){.axis = {2}}, FAIL("bad dim", ST_ERR_ARG, 2, X(L(2, 3)), X(L(1, 3)));
    break;
  case ST_OP_stack: /* axis.dim */
    a = (st_attrs){.axis = {0}}, PUSH("contiguous", 2, X(L(2, 3)), X(L(2, 3)));
    a = (st_attrs){.axis = {-1}};
    PUSH("non-contiguous, broadcast", 3, NC(L(3, 2)), X(L(3, 2)), BC(L(3, 2)));
    a = (st_attrs){.axis = {0}}, PUSH("0-dim", 2, X0, X0);
    a = (st_attrs){.axis = {1}}, PUSH("size-0", 2, X(L(0, 2)), X(L(0, 2)));
    a = (st_attrs){.axis = {0}}, FAIL("shapes differ", ST_ERR_SHAPE, 2, X(L(2, 3)), X(L(3, 2)));
    a = (st_attrs){.axis = {3}}, FAIL("bad dim", ST_ERR_ARG, 2, X(L(2, 3)), X(L(2, 3)));
    break;
  case ST_OP_repeat: /* list: reps */
    a = LIST(2, 1), PUSH("contiguous", 1, X(L(2, 3)));
    a = LIST(2, 1, 2), PUSH("non-contiguous, new dim", 1, NC(L(3, 2)));
    a = LIST(1, 2), PUSH("broadcast", 1, BC(L(2, 3)));
    a = LIST(2, 3), PUSH("0-dim", 1, X0);
    a = LIST(2, 2), PUSH("size-0", 1, X(L(0, 3)));
    a = LIST(0, 2), PUSH("zero reps", 1, X(L(2, 3)));
    a = LIST(2), FAIL("too few reps", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(-1, 1), FAIL("negative reps", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  default: break;
  }
  return n;
}

/* ------------------------------------------------------------------------ public functions */

/* cat and stack take their tensors as the call's inputs. */
static st_tensor *variadic(st_op_id id, int n, st_tensor *const *ts, int dim) {
  st_opcall c = {.op = st__ops[id], .nin = n, .in = ts, .a = {.axis = {dim}}};
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
    c.a.slice.dim = d, c.a.slice.start = start, c.a.slice.end = end, c.a.slice.step = 1;
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

st_tensor *st_repeat(st_tensor *a, int nreps, const int64_t *reps) {
  st_opcall c = ST_CALL(repeat, a);
  return set_list(&c, a, nreps, reps, NULL, "reps") ? st__call1(&c) : NULL;
}
