/* shape_pad.c — the copies of the shape family that place elements by position: pad (constant
   padding, negative pads crop), flip, and tril / triu (zero one side of a diagonal). Shared
   helpers, the family's conventions and its record macro are in shape.h. */
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
static int samples_pad(const st_op *op, st_dtype dt, st_sample *out, int cap);
#define FAMILY_SAMPLES samples_pad

/* ------------------------------------------------------------ pad: list = pads, scalar.value */

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
  double v = c->a.scalar.value;
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
  st__k_pad(st__view_of(out[0]), st__view_of(a), before, c->a.scalar.value);
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
  at.scalar.value = 0;
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

/* ---------------------------------------------------------------- tril, triu: tri.k */

static int infer_tri(const st_opcall *c, st_meta *m) {
  const st_tensor *a = c->in[0];
  if (a->ndim < 2)
    return st__op_error(c, ST_ERR_ARG, "needs at least 2 dims, got shape %s", ST_SHAPE_STR(a));
  st__meta_like(m, a);
  return 0;
}
static int kernel_tri(const st_opcall *c, st_tensor *const *out) {
  st__k_tri(st__view_of(out[0]), st__view_of(c->in[0]), c->a.tri.k, c->op->id == ST_OP_tril);
  return 0;
}
/* derivatives.yaml, tril / triu: grad.tril(diagonal) / grad.triu(diagonal). */
static int vjp_tri(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  bool lower = a->op->id == ST_OP_tril;
  ST_GRAD(0, lower ? st_tril(gout[0], a->a->tri.k) : st_triu(gout[0], a->a->tri.k));
  return 0;
}
const st_op st__op_tril =
    RECORD(tril, 1, infer_tri, kernel_tri, vjp_tri, 0, jvp_linear, vmap_last_dims);
const st_op st__op_triu =
    RECORD(triu, 1, infer_tri, kernel_tri, vjp_tri, 0, jvp_linear, vmap_last_dims);

/* ------------------------------------------------------------------------------- samples */

static int samples_pad(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  st_attrs a;
  switch (op->id) {
  case ST_OP_pad: /* list: pads (last dim first), scalar.value */
    a = LIST(1, 2), a.scalar.value = 0.5, PUSH("contiguous", 1, X(L(2, 3)));
    a = LIST(1, 0, 0, 2), PUSH("non-contiguous", 1, NC(L(3, 2)));
    a = LIST(-1, 1, 0, -1), PUSH("negative pads crop", 1, X(L(3, 4)));
    a = LIST(2, 0), a.scalar.value = -1, PUSH("broadcast", 1, BC(L(2, 3)));
    a = NOLIST, PUSH("0-dim", 1, X0);
    a = LIST(1, 1, 1, 0), PUSH("size-0", 1, X(L(0, 3)));
    a = LIST(1), FAIL("odd pad count", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(1, 1, 1, 1), FAIL("pads for too many dims", ST_ERR_ARG, 1, X(L(3)));
    a = LIST(-2, -2), FAIL("negative size", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_flip: /* list: dims */
    a = LIST(0, 1), PUSH("contiguous", 1, X(L(2, 3)));
    a = LIST(-1), PUSH("non-contiguous", 1, NC(L(3, 4)));
    a = LIST(0), PUSH("broadcast", 1, BC(L(2, 3)));
    a = NOLIST, PUSH("no dims", 1, X(L(2, 3)));
    a = LIST(0), PUSH("0-dim", 1, X0);
    a = LIST(0), PUSH("size-0", 1, X(L(0, 3)));
    a = LIST(0, -2), FAIL("repeated dim", ST_ERR_ARG, 1, X(L(2, 3)));
    a = LIST(2), FAIL("bad dim", ST_ERR_ARG, 1, X(L(2, 3)));
    break;
  case ST_OP_tril:
  case ST_OP_triu: /* k */
    a = (st_attrs){.tri = {0}}, PUSH("contiguous", 1, X(L(3, 4)));
    a = (st_attrs){.tri = {-1}}, PUSH("non-contiguous", 1, NC(L(4, 3)));
    a = (st_attrs){.tri = {1}}, PUSH("broadcast", 1, BC(L(3, 3)));
    a = (st_attrs){.tri = {0}}, PUSH("3-D", 1, X(L(2, 3, 3)));
    a = (st_attrs){.tri = {0}}, PUSH("size-0", 1, X(L(0, 3)));
    a = (st_attrs){.tri = {0}}, FAIL("1-D", ST_ERR_ARG, 1, X(L(3)));
    a = (st_attrs){.tri = {0}}, FAIL("0-dim", ST_ERR_ARG, 1, X0);
    break;
  default: break;
  }
  return n;
}

/* ------------------------------------------------------------------------ public functions */

st_tensor *st_pad(st_tensor *a, int npad, const int64_t *pad, double value) {
  st_opcall c = ST_CALL(pad, a);
  c.a.scalar.value = value;
  return set_list(&c, a, npad, pad, NULL, "pad") ? st__call1(&c) : NULL;
}

st_tensor *st_flip(st_tensor *a, int ndims, const int *dims) {
  st_opcall c = ST_CALL(flip, a);
  return set_list(&c, a, ndims, NULL, dims, "dims") ? st__call1(&c) : NULL;
}

st_tensor *st_tril(st_tensor *a, int64_t k) {
  st_opcall c = ST_CALL(tril, a);
  c.a.tri.k = k;
  return st__call1(&c);
}

st_tensor *st_triu(st_tensor *a, int64_t k) {
  st_opcall c = ST_CALL(triu, a);
  c.a.tri.k = k;
  return st__call1(&c);
}
