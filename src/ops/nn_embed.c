/* nn_embed.c — embedding (torch.nn.functional.embedding: rows of a [V, D] table by
   i64 index, any dtype), and the index-range checks that it and the class losses share. */
#include <string.h>

#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* Element k (row-major) of an i64 tensor, whatever its strides; for checks in infer. */
int64_t st__i64_at(const st_tensor *t, int64_t k) {
  int64_t off = 0;
  for (int d = t->ndim - 1; d >= 0; d--) {
    off += k % t->shape[d] * t->strides[d];
    k /= t->shape[d];
  }
  return ((const int64_t *)st__data(t))[off];
}

/* Row-major index of the first element of i64 tensor t outside [0, hi), or -1 (also for a
   transform's wrapper, which has no data of its own: the call at level 0 checks it). Only the
   distinct elements are read: a dim of stride 0 (broadcast) repeats the same values, so it is
   walked at index 0 alone, and a huge broadcast index costs what its storage holds (the first
   bad element in row-major order has index 0 in every such dim). */
int64_t st__first_out_of_range(const st_tensor *t, int64_t hi) {
  if (!st__has_data(t) || st__numel(t->ndim, t->shape) == 0) return -1;
  int walk[ST_MAX_DIMS], nwalk = 0;
  for (int d = 0; d < t->ndim; d++)
    if (t->strides[d] != 0 && t->shape[d] > 1) walk[nwalk++] = d;
  const int64_t *data = (const int64_t *)st__data(t);
  int64_t idx[ST_MAX_DIMS] = {0}, off = 0;
  for (;;) {
    if (data[off] < 0 || data[off] >= hi) {
      int64_t pos = 0, step = 1;
      for (int d = t->ndim - 1; d >= 0; d--) pos += idx[d] * step, step *= t->shape[d];
      return pos;
    }
    int k = nwalk - 1;
    for (; k >= 0; k--) { /* the next distinct element: an odometer over the walked dims */
      int d = walk[k];
      off += t->strides[d];
      if (++idx[d] < t->shape[d]) break;
      off -= t->strides[d] * t->shape[d];
      idx[d] = 0;
    }
    if (k < 0) return -1;
  }
}

/* ----------------------------------------------------------- embedding: in = weight, indices */

static int infer_embedding(const st_opcall *c, st_meta *m) {
  const st_tensor *w = c->in[0], *idx = c->in[1];
  if (w->ndim != 2)
    return st__op_error(c, ST_ERR_SHAPE, "weight %s must be 2-D [V, D]", ST_SHAPE_STR(w));
  if (idx->dtype != ST_I64)
    return st__op_error(c, ST_ERR_DTYPE, "indices must be i64, not %s", st_dtype_name(idx->dtype));
  if (idx->ndim + 1 > ST_MAX_DIMS)
    return st__op_error(c, ST_ERR_SHAPE, "indices %s have too many dims for a result of %d + 1",
                        ST_SHAPE_STR(idx), idx->ndim);
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, idx->shape, sizeof(int64_t) * (size_t)idx->ndim);
  shape[idx->ndim] = w->shape[1];
  if (st__check_shape("st_embedding", idx->ndim + 1, shape, w->dtype)) return -1;
  int64_t bad = st__first_out_of_range(idx, w->shape[0]);
  if (bad >= 0)
    return st__op_error(c, ST_ERR_ARG, "index %lld at position %lld is out of range [0, %lld)",
                        (long long)st__i64_at(idx, bad), (long long)bad, (long long)w->shape[0]);
  st__meta_set(m, w->dtype, idx->ndim + 1, shape);
  return 0;
}

static int kernel_embedding(const st_opcall *c, st_tensor *const *out) {
  st_tensor *w = c->in[0], *idx = st__contig_as(c->in[1], ST_I64);
  if (!idx) return -1;
  st__k_embedding(st__data(out[0]), st__data(w), st_dtype_size(w->dtype), w->strides[0],
                  w->strides[1], w->shape[1], (const int64_t *)st__data(idx),
                  st__numel(idx->ndim, idx->shape));
  st__drop(idx);
  return 0;
}

/* derivatives.yaml, embedding: embedding_backward (the dense form, no padding_idx or
   scale_grad_by_freq), which adds every row of g into the weight row its index names: an
   index_add along dim 0, written as scatter_add with the index broadcast over the row. Its own
   derivative in g is a gather of those rows, i.e. the embedding again. */
static st_tensor *embedding_backward(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *w = &a->in_meta[0];
  int64_t n = st_numel(a->in[1]), d = w->shape[1];
  st_tensor *rows = st_reshape(g, 2, (int64_t[]){n, d});
  st_tensor *col = st_reshape(a->in[1], 2, (int64_t[]){n, 1});
  st_tensor *idx = st_expand(col, 2, (int64_t[]){n, d}), *z = st_zeros(g->dtype, 2, w->shape);
  st_tensor *r = st_scatter_add(z, 0, idx, rows);
  st_release(rows), st_release(col), st_release(idx), st_release(z);
  return r;
}
static int vjp_embedding(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, embedding_backward(a, gout[0]));
  return 0; /* none to the i64 indices */
}

/* embedding is linear in the weight (derivatives.yaml: auto_linear): st__jvp_linear. For batching,
   a shared table looks the lanes up as one more index dim, where they are. Per-lane tables fold
   into one [B*V, D] (or [V*B, D]) table, each lane's indices offset to its rows. */
static int vmap_embedding(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int wb = a->bdim[0], ib = a->bdim[1], rank = st__lrank(a, 1);
  if (wb < 0) {
    out_bdim[0] = ib;
    return st__redispatch(a->c, a->in, out) ? st__rule_failed() : 0;
  }
  int64_t lanes = a->size, rows = a->c->in[0]->shape[0], shape[ST_MAX_DIMS + 1] = {lanes};
  bool minor;
  st_tensor *in[2], *idx = st__front(a->in[1], ib, rank),
                    *lane = st_arange(ST_I64, 0, (double)lanes, 1);
  if (st__fold_batch(a->in[0], wb, st__pdim(wb, 0), -1, true, &in[0], &minor))
    return st__rule_failed();
  for (int d = 0; d < rank; d++) shape[1 + d] = 1;
  ST_TRY(lane = st_reshape(lane, rank + 1, shape)); /* [B, 1, ..., 1] */
  if (minor)
    in[1] = st_add(st_mul(idx, st_scalar(ST_I64, (double)lanes)), lane); /* i * B + b */
  else
    in[1] = st_add(st_mul(lane, st_scalar(ST_I64, (double)rows)), idx); /* b * V + i */
  ST_TRY(in[1]);
  out_bdim[0] = 0;
  return st__redispatch(a->c, in, out) ? st__rule_failed() : 0;
}

/* A [5, 3] table looked up by 1-D, 2-D (with a repeated index), 0-dim and empty indices, in
   every layout. Errors: an index out of range, a 1-D table and float indices. */
static int samples_embedding(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = {0};
  PUSH("contiguous", 2, SMP(5, 3), IDX(5, 4));
  PUSH("2-D indices", 2, SMP(5, 3), IDX(5, 2, 3));
  PUSH("0-dim index", 2, SMP(5, 3), IDX0(5));
  PUSH("non-contiguous", 2, SMP_NC(5, 3), IDX(5, 4));
  PUSH("broadcast", 2, SMP_BC(5, 3), IDX(5, 2, 2));
  PUSH("size-0", 2, SMP(5, 3), IDX(5, 0));
  FAIL("index out of range", ST_ERR_ARG, 2, SMP(3, 3), IDX(10, 2)); /* 3 of [0, 3) */
  FAIL("1-D weight", ST_ERR_SHAPE, 2, SMP(5), IDX(5, 2));
  FAIL("float indices", ST_ERR_DTYPE, 2, SMP(5, 3), SMP(2));
  return n;
}

const st_op st__op_embedding = {.id = ST_OP_embedding, .name = "embedding", .nin = 2, .nout = 1,
                                .infer = infer_embedding, .kernel = kernel_embedding,
                                .saves = ST_SAVE_IN(1), .vjp = vjp_embedding, .jvp = st__jvp_linear,
                                .vmap = vmap_embedding, .samples = samples_embedding};


/* ------------------------------------------------------------------------ public functions */

st_tensor *st_embedding(st_tensor *weight, st_tensor *indices) {
  st_opcall c = ST_CALL(embedding, weight, indices);
  return st__call1(&c);
}
