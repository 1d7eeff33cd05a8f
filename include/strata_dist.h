/* strata_dist.h — differentiable MPI collectives and data-parallel training (optional module).
 *
 * Built when CMake finds MPI: library strata_dist (libstrata_dist.{a,so}), pkg-config file
 * strata-dist.pc, CMake component `dist` (find_package(strata COMPONENTS dist), target
 * strata::strata_dist). The core library never depends on it.
 *
 *   #include <strata_dist.h>
 *   int main(int argc, char **argv) {
 *     st_dist_init(&argc, &argv);                      // mpirun -np 2 ./prog
 *     st_tensor *x = st_full(ST_F64, ST_SHAPE(3), st_dist_rank() + 1.0);
 *     st_tensor *s = st_dist_all_reduce(x, ST_REDUCE_SUM);   // 3, 3, 3 on both ranks
 *     ...
 *     st_dist_finalize();
 *   }
 *
 * The model is SPMD, as JAX's collectives and torch.distributed: every rank calls the same
 * collectives in the same order, with tensors of the same shape and dtype. Before any data
 * moves, the ranks compare what they were given (the collective, shape, dtype, dim, root,
 * reduction and whether the rank already failed): a mismatch, or a NULL argument on one rank,
 * is an error on every rank (ST_ERR_ARG, naming what differs), never a hang or a truncated
 * message. A rank that never arrives (it crashed, or took another path) makes the others fail
 * with ST_ERR_IO after the timeout (st_dist_set_timeout; STRATA_DIST_TIMEOUT in seconds; 300 s
 * by default), after which MPI cannot be trusted: every later collective fails at once and
 * st_dist_finalize ends the job with MPI_Abort (MPI cannot cancel a collective in flight).
 *
 * Differentiation follows the per-rank-loss convention of JAX's psum: each rank's loss is a
 * function of its own inputs and of the collective's result on that rank, and the gradient of
 * the sum of all ranks' losses is what backward computes. So the vjp of an all-reduce sum is an
 * all-reduce sum, of an all-gather a reduce-scatter sum, of a reduce-scatter sum an all-gather,
 * of a broadcast a sum reduced to the root (zero elsewhere). MAX and MIN send the gradient to
 * the elements equal to the result, split evenly between ties across ranks (as torch.amax does
 * within a tensor). The rules are collectives too, so backward is collective: every rank runs
 * the same backward. jvp and batching rules make st_grad, st_jvp, st_vmap, jacobians and
 * hessians of programs with collectives work; under st_vmap every rank must map the same way.
 */
#ifndef STRATA_DIST_H
#define STRATA_DIST_H

#include "strata.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================ process group */

/* MPI_Init_thread (MPI_THREAD_MULTIPLE) unless MPI is initialised already, in which case the
   caller's MPI is used as it is (and finalize leaves it alone). argc/argv may be NULL. Calling
   it again is a no-op. Returns 0 or a status. */
int st_dist_init(int *argc, char ***argv);
/* Finalizes MPI if st_dist_init initialised it; after a timed-out collective, MPI_Abort. */
int st_dist_finalize(void);
int st_dist_rank(void);       /* -1 (ST_ERR_ARG) before st_dist_init */
int st_dist_world_size(void); /* -1 (ST_ERR_ARG) before st_dist_init */
/* Seconds a rank waits for the others in one collective before failing with ST_ERR_IO.
   seconds <= 0 restores the default (STRATA_DIST_TIMEOUT, else 300). Returns the previous. */
double st_dist_set_timeout(double seconds);

/* ============================================================================== collectives */

typedef enum { ST_REDUCE_SUM, ST_REDUCE_MEAN, ST_REDUCE_MAX, ST_REDUCE_MIN } st_reduce_op;

/* Every rank gets the elementwise reduction of all ranks' t (same shape and dtype on every
   rank). Floating dtypes are differentiable; f16/bf16 reduce in f32; integer dtypes reduce
   exactly (MEAN rounds toward zero, as integer division); bool is refused. */
st_tensor *st_dist_all_reduce(st_tensor *t, st_reduce_op op);
/* The ranks' t concatenated along dim, in rank order (t has the same shape on every rank). */
st_tensor *st_dist_all_gather(st_tensor *t, int dim);
/* Rank r gets block r (of world_size equal blocks along dim) of the reduction of all ranks' t;
   size(dim) must be divisible by world_size. */
st_tensor *st_dist_reduce_scatter(st_tensor *t, int dim, st_reduce_op op);
/* Every rank gets root's t (t has the same shape and dtype on every rank). */
st_tensor *st_dist_broadcast(st_tensor *t, int root);

/* A sharded Jacobian: the rows of st_jacrev(f, argnum)'s Jacobian of f's single output, split
   into world_size contiguous blocks of the flattened output, each rank computing its block by
   vjps against its basis rows (vmapped, chunk_size rows at a time; 0: all at once), then
   gathered. Every rank gets the whole Jacobian [out.shape..., in.shape...], equal to
   st_jacrev's. */
st_tensor *st_dist_jacrev(st_func *f, int argnum, st_tensor *const *inputs, int64_t chunk_size);

/* ==================================================================== data-parallel training */

typedef struct st_ddp st_ddp;
typedef struct {
  int64_t bucket_bytes; /* 0: 25 MiB */
} st_ddp_opts;
/* torch.nn.parallel.DistributedDataParallel for the leaves params (floating, requiring grad,
   the same count, shapes and dtypes on every rank): rank 0's values are broadcast into params,
   then during every backward the gradients are averaged over the ranks in buckets of about
   bucket_bytes (filled in reverse registration order, the order backward produces them). A
   bucket's non-blocking all-reduce starts from the post-accumulate-grad hooks as soon as all of
   its parameters have their gradients, overlapping the rest of backward. opts may be NULL. */
st_ddp *st_ddp_new(int nparams, st_tensor *const *params, const st_ddp_opts *opts);
/* After backward: waits for every bucket and writes the averaged gradients into .grad. A
   parameter that got no gradient on this rank counts as zero; one no rank used keeps its .grad
   (PyTorch's find_unused_parameters). When a rank's backward failed (its error still set, or
   not yet read, when it calls st_ddp_wait: call it right after the failed backward), every
   rank's st_ddp_wait fails (that rank's with its own error, the others with ST_ERR_AUTOGRAD
   naming it) and DDP writes no .grad. A rank that never calls it makes the others fail after
   the timeout. A progress thread drives the all-reduces when MPI gives MPI_THREAD_MULTIPLE
   (STRATA_DDP_NO_THREAD=1 in the environment makes the hooks and st_ddp_wait drive them). One
   backward at a time per st_ddp. */
int st_ddp_wait(st_ddp *d);
void st_ddp_free(st_ddp *d);
/* Not in the contract. PyTorch's no_sync: while sync is false, backward only accumulates into
   .grad locally (no communication, st_ddp_wait returns at once); the first backward after sync
   is turned back on averages the accumulated gradients. Every rank must do the same. Returns
   the previous setting. */
bool st_ddp_set_sync(st_ddp *d, bool sync);
/* Not in the contract: what a DDP instance did, for benchmarks. wait_seconds is the time spent
   in st_ddp_wait (the communication backward did not hide, plus the status exchange). */
typedef struct {
  int64_t steps;   /* st_ddp_wait calls that communicated */
  int64_t buckets; /* gradient buckets */
  int64_t bytes;   /* gradient bytes all-reduced per step */
  double wait_seconds;
} st_ddp_stats;
int st_ddp_get_stats(st_ddp *d, st_ddp_stats *stats);
/* Not in the contract (seed 002 #114120): raises the priority of the nodes of loss's graph that
   lead to the first buckets' parameters, so that the engine computes those gradients, and
   starts their all-reduce, before the rest of backward. Call it before st_backward(loss). */
int st_ddp_prioritize(st_ddp *d, st_tensor *loss);

#ifdef __cplusplus
}
#endif
#endif
