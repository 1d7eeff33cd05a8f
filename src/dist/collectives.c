/* collectives.c — all_reduce, all_gather, reduce_scatter and broadcast as custom functions:
   forward checks that every rank agrees (waited on with a deadline) and moves the data, and
   backward, jvp and the batching rule are collectives written with the public calls, so they
   are themselves differentiable and compose under every transform (JAX's psum / all_gather /
   psum_scatter rules: the transpose of psum is psum, of all_gather psum_scatter). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "dist/dist.h"

/* What one collective does, beyond its input: the function a node keeps points at one of these
   (custom functions keep their st_custom_fn), so there is one persistent record per
   (collective, reduction, dim or root), made by st__dist_collectives_init. */
typedef struct {
  st_custom_fn fn;
  int kind;
  st_reduce_op op;
  int arg; /* the (non-negative, logical) dim, or the root */
} collective;

static const char *const fn_names[] = {"st_dist_all_reduce", "st_dist_all_gather",
                                       "st_dist_reduce_scatter", "st_dist_broadcast"};

static collective all_reduce_fns[4];
static collective all_gather_fns[ST_MAX_DIMS];
static collective reduce_scatter_fns[4][ST_MAX_DIMS];
static collective *broadcast_fns; /* one per rank; kept for the process's life */
static int nbroadcast_fns;

/* --------------------------------------------------------------------------- moving the data */

/* A view with dim d moved to the front (to_front), or the front moved back to d. */
static st_tensor *move_dim(st_tensor *t, int d, bool to_front) {
  int n = st_ndim(t), perm[ST_MAX_DIMS];
  for (int i = 0; i < n; i++) {
    if (to_front) perm[i] = i == 0 ? d : (i <= d ? i - 1 : i);
    else perm[i] = i < d ? i + 1 : (i == d ? 0 : i);
  }
  return st_permute(t, n, perm);
}

static MPI_Op mpi_op(st_reduce_op op) {
  return op == ST_REDUCE_MAX ? MPI_MAX : op == ST_REDUCE_MIN ? MPI_MIN : MPI_SUM;
}

static st__dist_sig signature(const collective *c, st_tensor *x, int rank) {
  st__dist_sig sig = {.failed = x ? 0 : rank + 1, .kind = c->kind, .arg = c->arg, .op = c->op};
  if (x) {
    sig.dtype = st_dtype_of(x);
    sig.ndim = st_shape(x, sig.shape);
  }
  return sig;
}

/* An empty contiguous tensor of x's dtype whose dim 0 is rows (x's dims after it). */
static st_tensor *like_rows(st_tensor *x, int64_t rows) {
  int64_t shape[ST_MAX_DIMS];
  int n = st_shape(x, shape);
  shape[0] = rows;
  return st_zeros(st_dtype_of(x), n, shape);
}

/* The collective on plain tensors (forward runs at the bottom of the transform stack): x is
   contiguous, of a dtype MPI moves as it is; reduce-scatter and all-gather work along dim 0.
   The data moves with MPI's blocking collectives: the agreement before it (waited on with the
   deadline) has shown every rank present and calling this same collective, and OpenMPI's
   tuned blocking algorithms move a 50 MB all-reduce about 4x faster than its non-blocking
   ones polled to completion. A rank that dies after agreeing ends the job through mpirun. */
static st_tensor *move(const collective *c, st_tensor *x, int size, MPI_Comm comm) {
  st_dtype dt = st_dtype_of(x);
  MPI_Datatype type = MPI_BYTE;
  bool reduces = c->kind == ST__DIST_ALL_REDUCE || c->kind == ST__DIST_REDUCE_SCATTER;
  int64_t count = st_numel(x) * (reduces ? 1 : (int64_t)st_dtype_size(dt));
  if (reduces) st__dist_mpi_type(dt, &type);
  if (count > INT_MAX)
    return st__error(ST_ERR_ARG, "%s: %lld elements is more than one MPI message holds",
                     fn_names[c->kind], (long long)st_numel(x)),
           NULL;
  st_tensor *y = NULL;
  int rc = MPI_SUCCESS;
  void *src = st_data_ptr(x);
  switch (c->kind) {
  case ST__DIST_ALL_REDUCE:
    if (!(y = st_clone(x))) return NULL;
    rc = MPI_Allreduce(MPI_IN_PLACE, st_data_ptr(y), (int)count, type, mpi_op(c->op), comm);
    break;
  case ST__DIST_BROADCAST: /* the root's copy is sent; the others' is written over */
    if (!(y = st_clone(x))) return NULL;
    rc = MPI_Bcast(st_data_ptr(y), (int)count, MPI_BYTE, c->arg, comm);
    break;
  case ST__DIST_ALL_GATHER:
    if (!(y = like_rows(x, st_size(x, 0) * size))) return NULL;
    rc = MPI_Allgather(src, (int)count, MPI_BYTE, st_data_ptr(y), (int)count, MPI_BYTE, comm);
    break;
  default: /* ST__DIST_REDUCE_SCATTER */
    if (!(y = like_rows(x, st_size(x, 0) / size))) return NULL;
    rc = MPI_Reduce_scatter_block(src, st_data_ptr(y), (int)(count / size), type, mpi_op(c->op),
                                  comm);
  }
  if (rc != MPI_SUCCESS) {
    st_release(y);
    return st__error(ST_ERR_IO, "%s: MPI refused the collective (code %d)", fn_names[c->kind], rc),
           NULL;
  }
  if (c->op == ST_REDUCE_MEAN && reduces) {
    st_tensor *mean = st_mul_scalar(y, 1.0 / size);
    st_release(y);
    y = mean;
  }
  return y;
}

/* forward: agree on what every rank was given, then move the data. f16 and bf16 reduce in f32
   (as the elementwise ops compute them); the dim-wise collectives work on dim 0 of a moved view. */
static int forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const collective *c = user;
  MPI_Comm comm = st__dist_comm(fn_names[c->kind]);
  if (comm == MPI_COMM_NULL) return st__status();
  int rank, size, rc;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  st__dist_sig sig = signature(c, in[0], rank);
  if ((rc = st__dist_agree(comm, fn_names[c->kind], &sig))) return rc;
  st_dtype dt = st_dtype_of(in[0]);
  bool along_dim = c->kind == ST__DIST_ALL_GATHER || c->kind == ST__DIST_REDUCE_SCATTER;
  bool widen = (dt == ST_F16 || dt == ST_BF16) &&
               (c->kind == ST__DIST_ALL_REDUCE || c->kind == ST__DIST_REDUCE_SCATTER);
  st_tensor *x = along_dim && st_ndim(in[0]) > 0 ? move_dim(in[0], c->arg, true) : in[0];
  x = st_contiguous(widen ? st_to_dtype(x, ST_F32) : x);
  st_tensor *y = x ? move(c, x, size, comm) : NULL;
  if (y && along_dim) y = move_dim(y, c->arg, false);
  if (y && widen) y = st_to_dtype(y, dt);
  if (y && !st_is_contiguous(y)) y = st_contiguous(st_clone(y));
  out[0] = y;
  return y ? 0 : st__status();
}

/* ------------------------------------------------------------------------------ derivatives */

static int setup_context(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  const collective *c = st_ctx_user(ctx);
  if (c->op == ST_REDUCE_MAX || c->op == ST_REDUCE_MIN) {
    if (c->kind == ST__DIST_ALL_REDUCE || c->kind == ST__DIST_REDUCE_SCATTER)
      return st_ctx_save(ctx, 2, (st_tensor *const[]){in[0], out[0]});
  }
  return 0;
}

/* Where x holds the result of a MAX / MIN (y, all-gathered back to x's shape for a reduce-
   scatter), as x's dtype, and how many ranks hold it there: the gradient splits evenly between
   ties across ranks, as torch.amax splits it within a tensor. */
static int winners(const collective *c, st_tensor *x, st_tensor *y, st_tensor **mask,
                   st_tensor **count) {
  st_tensor *full = c->kind == ST__DIST_REDUCE_SCATTER ? st_dist_all_gather(y, c->arg) : y;
  *mask = st_to_dtype(st_eq(x, full), st_dtype_of(x));
  *count = c->kind == ST__DIST_REDUCE_SCATTER
               ? st_dist_reduce_scatter(*mask, c->arg, ST_REDUCE_SUM)
               : st_dist_all_reduce(*mask, ST_REDUCE_SUM);
  return *count ? 0 : st__status();
}

/* Per-rank-loss convention: d(sum of every rank's loss)/d(this rank's input). The rules call
   collectives whatever needs_input_grad says here: the other ranks are waiting for them. */
static int backward(st_ctx *ctx, st_tensor *const *grad_out, st_tensor **grad_in) {
  const collective *c = st_ctx_user(ctx);
  st_tensor *g = grad_out[0];
  int rank = st_dist_rank(), size = st_dist_world_size();
  if (rank < 0) return st__status();
  bool linear = c->op == ST_REDUCE_SUM || c->op == ST_REDUCE_MEAN;
  switch (c->kind) {
  case ST__DIST_ALL_REDUCE:
    if (linear) grad_in[0] = st_dist_all_reduce(g, c->op);
    break;
  case ST__DIST_ALL_GATHER: grad_in[0] = st_dist_reduce_scatter(g, c->arg, ST_REDUCE_SUM); break;
  case ST__DIST_REDUCE_SCATTER:
    if (linear) grad_in[0] = st_dist_all_gather(g, c->arg);
    if (c->op == ST_REDUCE_MEAN) grad_in[0] = st_mul_scalar(grad_in[0], 1.0 / size);
    break;
  default: { /* broadcast: root's input reached every rank's result */
    /* The other ranks get a zero that stays connected to the all-reduce (never NULL): the
       engine skips what receives no gradient, and the collectives' rules upstream, and their
       own rules under double backward, must run on every rank alike. */
    st_tensor *total = st_dist_all_reduce(g, ST_REDUCE_SUM);
    grad_in[0] = rank == c->arg ? total : st_mul_scalar(total, 0);
    return grad_in[0] ? 0 : st__status();
  }
  }
  if (!linear) {
    st_tensor *x = st_ctx_saved(ctx, 0), *y = st_ctx_saved(ctx, 1), *mask, *count;
    if (!x || !y || winners(c, x, y, &mask, &count)) return st__status();
    st_tensor *total = c->kind == ST__DIST_REDUCE_SCATTER ? st_dist_all_gather(g, c->arg)
                                                          : st_dist_all_reduce(g, ST_REDUCE_SUM);
    grad_in[0] = st_div(st_mul(total, mask), c->kind == ST__DIST_REDUCE_SCATTER
                                                  ? st_dist_all_gather(count, c->arg)
                                                  : count);
  }
  return grad_in[0] ? 0 : st__status();
}

/* The collectives are linear in their input but for MAX / MIN, whose tangent is the tangents'
   mean over the ranks holding the result. */
static int jvp(st_ctx *ctx, st_tensor *const *tangent_in, st_tensor **tangent_out) {
  const collective *c = st_ctx_user(ctx);
  st_tensor *t = tangent_in[0];
  if (c->op == ST_REDUCE_MAX || c->op == ST_REDUCE_MIN) {
    st_tensor *x = st_ctx_saved(ctx, 0), *y = st_ctx_saved(ctx, 1), *mask, *count;
    if (!x || !y || winners(c, x, y, &mask, &count)) return st__status();
    st_tensor *picked = st_mul(t, mask);
    picked = c->kind == ST__DIST_REDUCE_SCATTER
                 ? st_dist_reduce_scatter(picked, c->arg, ST_REDUCE_SUM)
                 : st_dist_all_reduce(picked, ST_REDUCE_SUM);
    tangent_out[0] = st_div(picked, count);
  } else if (c->kind == ST__DIST_ALL_REDUCE) {
    tangent_out[0] = st_dist_all_reduce(t, c->op);
  } else if (c->kind == ST__DIST_ALL_GATHER) {
    tangent_out[0] = st_dist_all_gather(t, c->arg);
  } else if (c->kind == ST__DIST_REDUCE_SCATTER) {
    tangent_out[0] = st_dist_reduce_scatter(t, c->arg, c->op);
  } else {
    tangent_out[0] = st_dist_broadcast(t, c->arg);
  }
  return tangent_out[0] ? 0 : st__status();
}

/* The batching rule: elementwise collectives run on the physical tensor as it is; the dim-wise
   ones on the batch moved to the front, along dim + 1. Every rank must map the same way (the
   shape check sees the batch). */
static int vmap_rule(void *user, int batch_size, const int *in_dims, st_tensor *const *in,
                     st_tensor **out, int *out_dims) {
  (void)batch_size;
  const collective *c = user;
  st_tensor *x = in[0];
  int dim = c->arg;
  out_dims[0] = in_dims[0];
  if (in_dims[0] != ST_UNBATCHED &&
      (c->kind == ST__DIST_ALL_GATHER || c->kind == ST__DIST_REDUCE_SCATTER)) {
    x = move_dim(x, in_dims[0], true);
    dim++;
    out_dims[0] = 0;
  }
  switch (c->kind) {
  case ST__DIST_ALL_REDUCE: out[0] = st_dist_all_reduce(x, c->op); break;
  case ST__DIST_ALL_GATHER: out[0] = st_dist_all_gather(x, dim); break;
  case ST__DIST_REDUCE_SCATTER: out[0] = st_dist_reduce_scatter(x, dim, c->op); break;
  default: out[0] = st_dist_broadcast(x, c->arg);
  }
  return out[0] ? 0 : st__status();
}

/* ------------------------------------------------------------------------------- the records */

static void make(collective *c, int kind, st_reduce_op op, int arg) {
  *c = (collective){.kind = kind, .op = op, .arg = arg};
  c->fn = (st_custom_fn){.name = fn_names[kind],
                         .nin = 1,
                         .nout = 1,
                         .user = c,
                         .forward = forward,
                         .setup_context = setup_context,
                         .backward = backward,
                         .jvp = jvp,
                         .vmap = vmap_rule};
}

int st__dist_collectives_init(int world_size) {
  for (int op = 0; op < 4; op++) {
    make(&all_reduce_fns[op], ST__DIST_ALL_REDUCE, (st_reduce_op)op, 0);
    for (int d = 0; d < ST_MAX_DIMS; d++)
      make(&reduce_scatter_fns[op][d], ST__DIST_REDUCE_SCATTER, (st_reduce_op)op, d);
  }
  for (int d = 0; d < ST_MAX_DIMS; d++) make(&all_gather_fns[d], ST__DIST_ALL_GATHER, 0, d);
  if (world_size <= nbroadcast_fns) return 0;
  collective *fns = calloc((size_t)world_size, sizeof *fns);
  if (!fns) return st__error(ST_ERR_OOM, "st_dist_init: out of memory");
  for (int r = 0; r < world_size; r++) make(&fns[r], ST__DIST_BROADCAST, ST_REDUCE_SUM, r);
  broadcast_fns = fns; /* an earlier, smaller table stays: nodes may still point into it */
  nbroadcast_fns = world_size;
  return 0;
}

/* ------------------------------------------------------------------------------ public calls */

/* A call that fails its checks on this rank still takes part in the shape check, so the other
   ranks fail with it instead of waiting for data that never comes. */
static st_tensor *refuse(int kind, st_reduce_op op, int arg) {
  int rank = st_dist_rank();
  if (rank < 0) return NULL;
  collective c = {.kind = kind, .op = op, .arg = arg};
  st__dist_sig sig = signature(&c, NULL, rank);
  MPI_Comm comm = st__dist_comm(fn_names[kind]);
  if (comm != MPI_COMM_NULL) st__dist_agree(comm, fn_names[kind], &sig);
  return NULL;
}

static st_tensor *apply(const collective *c, st_tensor *t) {
  st_tensor *out = NULL;
  return st_custom_apply(&c->fn, (st_tensor *const[]){t}, &out) ? NULL : out;
}

static bool valid_op(const char *fn, st_reduce_op op, st_tensor *t) {
  if ((unsigned)op > ST_REDUCE_MIN)
    return st__error(ST_ERR_ARG, "%s: %d is not an st_reduce_op", fn, (int)op), false;
  st_dtype dt = st_dtype_of(t);
  if (dt == ST_BOOL)
    return st__error(ST_ERR_DTYPE, "%s: cannot reduce a bool tensor", fn), false;
  if (op == ST_REDUCE_MEAN && !(dt == ST_F32 || dt == ST_F64 || dt == ST_F16 || dt == ST_BF16))
    return st__error(ST_ERR_DTYPE, "%s: the mean of a %s tensor (use ST_REDUCE_SUM)", fn,
                     st_dtype_name(dt)),
           false;
  return true;
}

static bool valid_dim(const char *fn, st_tensor *t, int *dim) {
  int n = st_ndim(t);
  if (*dim < -n || *dim >= n)
    return st__error(ST_ERR_ARG, "%s: dim %d is out of range for a %d-dim tensor", fn, *dim, n),
           false;
  if (*dim < 0) *dim += n;
  return true;
}

st_tensor *st_dist_all_reduce(st_tensor *t, st_reduce_op op) {
  const char *fn = fn_names[ST__DIST_ALL_REDUCE];
  if (!t) st__null_arg(fn, 0);
  if (!t || !valid_op(fn, op, t)) return refuse(ST__DIST_ALL_REDUCE, op, 0);
  return apply(&all_reduce_fns[op], t);
}

st_tensor *st_dist_all_gather(st_tensor *t, int dim) {
  const char *fn = fn_names[ST__DIST_ALL_GATHER];
  if (!t) st__null_arg(fn, 0);
  if (!t || !valid_dim(fn, t, &dim)) return refuse(ST__DIST_ALL_GATHER, ST_REDUCE_SUM, dim);
  return apply(&all_gather_fns[dim], t);
}

st_tensor *st_dist_reduce_scatter(st_tensor *t, int dim, st_reduce_op op) {
  const char *fn = fn_names[ST__DIST_REDUCE_SCATTER];
  int size = st_dist_world_size();
  if (!t) st__null_arg(fn, 0);
  if (size < 0) return NULL;
  if (!t || !valid_op(fn, op, t) || !valid_dim(fn, t, &dim))
    return refuse(ST__DIST_REDUCE_SCATTER, op, dim);
  if (st_size(t, dim) % size)
    return st__error(ST_ERR_SHAPE, "%s: size %lld of dim %d does not split into %d ranks' blocks",
                     fn, (long long)st_size(t, dim), dim, size),
           refuse(ST__DIST_REDUCE_SCATTER, op, dim);
  return apply(&reduce_scatter_fns[op][dim], t);
}

st_tensor *st_dist_broadcast(st_tensor *t, int root) {
  const char *fn = fn_names[ST__DIST_BROADCAST];
  int size = st_dist_world_size();
  if (!t) st__null_arg(fn, 0);
  if (size < 0) return NULL;
  if (!t || root < 0 || root >= size) {
    if (t) st__error(ST_ERR_ARG, "%s: root %d is not a rank (world size %d)", fn, root, size);
    return refuse(ST__DIST_BROADCAST, ST_REDUCE_SUM, root);
  }
  return apply(&broadcast_fns[root], t);
}
