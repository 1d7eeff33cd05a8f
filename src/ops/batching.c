/* batching.c — helpers for batching rules and the generic rules most ops share (functorch's
   BatchRulesHelper: move the batch dim to the front, pad logical ranks for broadcasting). Rules
   compute with public ops on the physical values, so they run again under the levels below. */
#include <string.h>

#include "rules.h"

st_tensor *st__movedim(st_tensor *t, int from, int to) {
  if (!t) return NULL;
  int n = t->ndim;
  if (from < 0) from += n;
  if (to < 0) to += n;
  if (from == to) return st__track(st_retain(t));
  int perm[ST_MAX_DIMS], k = 0;
  for (int d = 0; d < n; d++) {
    if (k == to) perm[k++] = from;
    if (d != from) perm[k++] = d;
  }
  if (k == to) perm[k++] = from;
  return st_permute(t, n, perm);
}

st_tensor *st__bfront(const st_vmap_args *a, int i, int rank) {
  st_tensor *v = a->in[i];
  if (a->bdim[i] < 0) return st__track(st_retain(v));
  st_tensor *x = st__movedim(v, a->bdim[i], 0);
  int r = st__lrank(a, i);
  if (!x || rank <= r) return x;
  if (rank + 1 > ST_MAX_DIMS)
    return st__error(ST_ERR_SHAPE, "st_vmap: st_%s with a batched input of %d dims and another of %d "
                     "dims would need %d dims once batched; the maximum is %d",
                     a->c->op->name, r, rank, rank + 1, ST_MAX_DIMS), NULL;
  int64_t shape[ST_MAX_DIMS];
  shape[0] = x->shape[0];
  for (int d = 0; d < rank - r; d++) shape[1 + d] = 1;
  for (int d = 0; d < r; d++) shape[1 + rank - r + d] = x->shape[1 + d];
  return st_reshape(x, rank + 1, shape);
}

int st__bdim_shift(const st_vmap_args *a, int i, int64_t dim) {
  int r = st__lrank(a, i);
  return (int)(dim < 0 ? dim + r : dim) + 1;
}

/* Operand i of an in-place elementwise op laid out against self's physical value (rank + 1 dims,
   the lanes at bd): a batched one with its lanes moved to bd, an unbatched one padded to rank
   dims with a size-1 dim at bd, so that both broadcast as the logical operands do. */
static st_tensor *against_self(const st_vmap_args *a, int i, int rank, int bd) {
  if (a->bdim[i] >= 0) return st__movedim(st__bfront(a, i, rank), 0, bd);
  st_tensor *v = a->in[i];
  int64_t shape[ST_MAX_DIMS];
  int r = v->ndim;
  for (int d = 0; d < rank - r; d++) shape[d] = 1;
  for (int d = 0; d < r; d++) shape[rank - r + d] = v->shape[d];
  return st_unsqueeze(st_reshape(v, rank, shape), bd);
}

/* An in-place op writes self's own physical value, never a view made of it here: a grad or jvp
   transform above that lifts the written tensor (an untracked one given a tracked value) lifts
   that value, which the vmap wrapper holds; a movedim view of it would be lifted alone, and the
   write would be lost to the function's output. The other operands come to self's layout. */
static int vmap_elementwise_inplace(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int n = a->c->nin, rank = st__lrank(a, 0), bd = a->bdim[0];
  st_dtype rt = st__result_type(n, a->c->in);
  st_tensor *x[4] = {a->in[0]};
  for (int i = 1; i < n; i++) {
    if (!(x[i] = against_self(a, i, rank, bd))) return st__rule_failed();
    /* a batched 0-dim operand weighs like a 0-dim one in type promotion (as below) */
    bool promote = a->bdim[i] >= 0 && st__lrank(a, i) == 0 && st__is_float(x[i]->dtype) &&
                   st__is_float(rt) && x[i]->dtype != rt;
    if (promote && !(x[i] = st_to_dtype(x[i], rt))) return st__rule_failed();
  }
  out_bdim[0] = bd;
  if (st__redispatch(a->c, x, out)) return st__rule_failed();
  st__drop(out[0]);
  out[0] = st__track(st_retain(a->in[0]));
  return out[0] ? 0 : st__rule_failed();
}

int st__vmap_elementwise(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  int n = a->c->nin, rank = 0;
  if ((a->c->op->flags & ST_OP_INPLACE) && n <= 4 && a->bdim[0] > 0)
    return vmap_elementwise_inplace(a, out, out_bdim);
  for (int i = 0; i < n; i++)
    if (st__lrank(a, i) > rank) rank = st__lrank(a, i);
  st_tensor *x[4];
  if (n > 4) return st__op_error(a->c, ST_ERR_UNSUPPORTED, "elementwise batching of %d inputs", n);
  /* a batched 0-dim input weighs like a dimensioned one in type promotion once it has its batch
     dim: compute in the logical result type, as functorch does */
  st_dtype rt = st__result_type(n, a->c->in);
  for (int i = 0; i < n; i++) {
    if (!(x[i] = st__bfront(a, i, rank))) return st__rule_failed();
    bool promote = a->bdim[i] >= 0 && st__lrank(a, i) == 0 && st__is_float(x[i]->dtype) &&
                   st__is_float(rt) && x[i]->dtype != rt &&
                   !((a->c->op->flags & ST_OP_INPLACE) && i == 0);
    if (promote && !(x[i] = st_to_dtype(x[i], rt))) return st__rule_failed();
  }
  out_bdim[0] = 0;
  if (st__redispatch(a->c, x, out)) return st__rule_failed();
  if (a->c->op->flags & ST_OP_INPLACE) { /* the result is x[0], already held by the scope */
    st__drop(out[0]);
    out[0] = x[0];
  }
  return 0;
}

int st__vmap_reduce(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  st_opcall c = *a->c;
  int r = st__lrank(a, 0);
  st_tensor *x = st__bfront(a, 0, 0);
  if (!x) return st__rule_failed();
  if (r == 0 || c.a.nlist == 0) {
    /* every logical dim: flatten them into one (a 0-dim value gets a size-1 dim) and reduce it;
       keepdim then restores the logical rank of ones */
    int64_t rest = 1; /* not -1: with 0 lanes it would be ambiguous */
    for (int d = 1; d < x->ndim; d++) rest *= x->shape[d];
    st_tensor *flat = st_reshape(x, 2, (const int64_t[]){x->shape[0], rest});
    if (!flat) return st__rule_failed();
    c.a.nlist = 1;
    c.a.list[0] = 1;
    st_tensor *o[ST_MAX_OUTS];
    if (st__redispatch(&c, (st_tensor *const[]){flat}, o)) return st__rule_failed();
    out[0] = o[0];
    out_bdim[0] = 0;
    if (c.a.keepdim && r != 1) { /* [B, 1] -> [B, 1, ..., 1] with r ones */
      int64_t shape[ST_MAX_DIMS] = {x->shape[0]};
      for (int d = 0; d < r; d++) shape[1 + d] = 1;
      out[0] = st_reshape(st__track(o[0]), r + 1, shape);
      if (!out[0]) return st__rule_failed();
    }
    return 0;
  }
  for (int k = 0; k < c.a.nlist; k++) c.a.list[k] = st__bdim_shift(a, 0, c.a.list[k]);
  out_bdim[0] = 0;
  if (st__redispatch(&c, (st_tensor *const[]){x}, out)) return st__rule_failed();
  return 0;
}

int st__pdim_end(int ndim, int bd, int k) {
  int d = ndim;
  while (k > 0)
    if (--d != bd) k--;
  return d;
}

st_tensor *st__front(st_tensor *t, int bd, int rank) {
  if (bd < 0) return st__track(st_retain(t));
  st_tensor *x = st__movedim(t, bd, 0);
  while (x && x->ndim < rank + 1) x = st_unsqueeze(x, 1);
  return x;
}

st_tensor *st__lanes(st_tensor *t, int64_t lanes) {
  st_tensor *u = st_unsqueeze(t, 0);
  if (!u) return NULL;
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, u->shape, sizeof(int64_t) * (size_t)u->ndim);
  shape[0] = lanes;
  return st_expand(u, u->ndim, shape);
}

/* Dims i and i + 1 of t merge into one without a copy. */
static bool mergeable(const st_tensor *t, int i) {
  int64_t outer = t->shape[i], inner = t->shape[i + 1];
  return outer <= 1 || inner <= 1 || t->strides[i] == t->strides[i + 1] * inner;
}

/* t with dims i and i + 1 merged (a view when mergeable, else a copy). */
static st_tensor *merge_dims(st_tensor *t, int i) {
  int64_t shape[ST_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < t->ndim; d++) {
    if (d == i + 1)
      shape[n - 1] *= t->shape[d];
    else
      shape[n++] = t->shape[d];
  }
  return st_reshape(t, n, shape);
}

int st__fold_batch(st_tensor *x, int bd, int d, int order, bool copy, st_tensor **out,
                   bool *minor) {
  int at = d - (d > bd), first = order >= 0 ? order : 0, last = order >= 0 ? order : 1;
  *out = NULL;
  for (int m = first; m <= last; m++) { /* the lanes just before (major) or after (minor) d */
    st_tensor *p = st__movedim(x, bd, at + m);
    if (!p) return st__rule_failed();
    if (mergeable(p, at)) {
      *minor = m;
      return (*out = merge_dims(p, at)) ? 0 : st__rule_failed();
    }
  }
  if (!copy) return 0;
  *minor = first;
  st_tensor *p = st__movedim(x, bd, at + first);
  return p && (*out = merge_dims(p, at)) ? 0 : st__rule_failed();
}

st_tensor *st__unfold_batch(st_tensor *y, int at, bool minor, int64_t lanes, int64_t n, int *bdim) {
  if (!y) return NULL;
  int64_t shape[ST_MAX_DIMS + 1];
  int k = 0;
  for (int d = 0; d < y->ndim; d++) {
    if (d != at) {
      shape[k++] = y->shape[d];
      continue;
    }
    shape[k++] = minor ? n : lanes;
    shape[k++] = minor ? lanes : n;
  }
  *bdim = at + minor;
  return st_reshape(y, k, shape);
}
