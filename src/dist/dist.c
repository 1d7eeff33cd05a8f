/* dist.c — the process group: MPI's initialisation and end, the collectives' communicator,
   waiting for the other ranks with a deadline, and the check that every rank called the same
   collective with the same shapes before any data moves. */
#include "dist/dist.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/core.h"

/* MPI's state is the process's, not a thread's: this is the one process-wide record. ready and
   broken are read by every thread that calls a collective; they change only in init, finalize
   and a timeout, which the SPMD model makes happen at the same point of every thread's work. */
static struct {
  bool ready, owns_mpi, broken, thread_multiple;
  int rank, size;
  MPI_Comm comm;
  double timeout;
} group = {.comm = MPI_COMM_NULL};

static double default_timeout(void) {
  const char *env = getenv("STRATA_DIST_TIMEOUT");
  double t = env ? strtod(env, NULL) : 0;
  return t > 0 ? t : 300;
}

int st_dist_init(int *argc, char ***argv) {
  if (group.ready) {
    st__ok();
    return 0;
  }
  int initialised = 0, finalized = 0, provided = MPI_THREAD_SINGLE;
  MPI_Finalized(&finalized);
  if (finalized) return st__error(ST_ERR_ARG, "st_dist_init: MPI was finalized already");
  MPI_Initialized(&initialised);
  if (!initialised) {
    if (MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
      return st__error(ST_ERR_IO, "st_dist_init: MPI_Init_thread failed");
    group.owns_mpi = true;
  } else {
    MPI_Query_thread(&provided);
  }
  /* Errors come back as codes (st_status), never as MPI's default abort. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (MPI_Comm_dup(MPI_COMM_WORLD, &group.comm) != MPI_SUCCESS)
    return st__error(ST_ERR_IO, "st_dist_init: MPI_Comm_dup failed");
  MPI_Comm_rank(group.comm, &group.rank);
  MPI_Comm_size(group.comm, &group.size);
  group.thread_multiple = provided >= MPI_THREAD_MULTIPLE;
  int rc = st__dist_collectives_init(group.size);
  if (rc) return rc;
  if (group.timeout <= 0) group.timeout = default_timeout();
  group.broken = false;
  group.ready = true;
  st__ok();
  return 0;
}

int st_dist_finalize(void) {
  if (!group.ready) return st__error(ST_ERR_ARG, "st_dist_finalize: st_dist_init has not run");
  group.ready = false;
  if (group.broken) {
    /* A collective is still in flight on some rank and MPI cannot cancel it: MPI_Finalize
       could wait for it forever. */
    fprintf(stderr, "strata_dist: a collective timed out earlier; ending the job (MPI_Abort)\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_free(&group.comm);
  if (group.owns_mpi && MPI_Finalize() != MPI_SUCCESS)
    return st__error(ST_ERR_IO, "st_dist_finalize: MPI_Finalize failed");
  group.owns_mpi = false;
  st__ok();
  return 0;
}

int st_dist_rank(void) {
  if (!group.ready) return st__error(ST_ERR_ARG, "st_dist_rank: st_dist_init has not run"), -1;
  return group.rank;
}

int st_dist_world_size(void) {
  if (!group.ready) return st__error(ST_ERR_ARG, "st_dist_world_size: st_dist_init has not run"), -1;
  return group.size;
}

double st_dist_set_timeout(double seconds) {
  double previous = group.timeout > 0 ? group.timeout : default_timeout();
  group.timeout = seconds > 0 ? seconds : default_timeout();
  return previous;
}

double st__dist_timeout(void) { return group.timeout > 0 ? group.timeout : default_timeout(); }
bool st__dist_broken(void) { return group.broken; }
void st__dist_mark_broken(void) { group.broken = true; }
bool st__dist_thread_multiple(void) { return group.thread_multiple; }

static bool usable(const char *fn) {
  if (!group.ready) return st__error(ST_ERR_ARG, "%s: st_dist_init has not run", fn), false;
  if (group.broken)
    return st__error(ST_ERR_IO, "%s: an earlier collective timed out; the process group is unusable",
                     fn),
           false;
  return true;
}

MPI_Comm st__dist_comm(const char *fn) { return usable(fn) ? group.comm : MPI_COMM_NULL; }

int st__dist_comm_dup(const char *fn, MPI_Comm *out) {
  if (!usable(fn)) return st__status();
  if (MPI_Comm_dup(group.comm, out) != MPI_SUCCESS)
    return st__error(ST_ERR_IO, "%s: MPI_Comm_dup failed", fn);
  return 0;
}

/* Polls rather than blocking in MPI_Waitall, so that a rank that never arrives costs a bounded
   time. OpenMPI moves a message only while a process is inside an MPI call, so a big transfer
   needs polls without pause: for the first 100 ms the loop polls and yields (sched_yield leaves
   the core to whatever else is runnable, as when ranks are oversubscribed), then it sleeps
   between polls, up to 1 ms, for a rank that is waiting for a slow peer. */
int st__dist_wait_all(int n, MPI_Request *reqs, const char *fn, const char *what) {
  double start = MPI_Wtime(), timeout = st__dist_timeout();
  long sleep_ns = 1000;
  for (;;) {
    int done = 0;
    if (MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE) != MPI_SUCCESS)
      return st__error(ST_ERR_IO, "%s: MPI failed during %s", fn, what);
    if (done) return 0;
    double waited = MPI_Wtime() - start;
    if (waited > timeout) {
      group.broken = true;
      return st__error(ST_ERR_IO,
                       "%s: timed out after %g s waiting for the other ranks in %s (a rank failed "
                       "or called another collective); the process group is unusable from now on",
                       fn, timeout, what);
    }
    if (waited < 0.1) {
      sched_yield();
      continue;
    }
    nanosleep(&(struct timespec){0, sleep_ns}, NULL);
    if (sleep_ns < 1000000) sleep_ns *= 2;
  }
}

bool st__dist_mpi_type(st_dtype dt, MPI_Datatype *out) {
  switch (dt) {
  case ST_F32: *out = MPI_FLOAT; return true;
  case ST_F64: *out = MPI_DOUBLE; return true;
  case ST_I64: *out = MPI_INT64_T; return true;
  case ST_I32: *out = MPI_INT32_T; return true;
  case ST_I16: *out = MPI_INT16_T; return true;
  case ST_I8: *out = MPI_INT8_T; return true;
  case ST_U8: *out = MPI_UINT8_T; return true;
  default: return false;
  }
}

static const char *const kind_names[] = {"all_reduce", "all_gather", "reduce_scatter", "broadcast",
                                         "ddp"};
static const char *const op_names[] = {"sum", "mean", "max", "min"};

static const char *name_of(const char *const *names, int n, int64_t i) {
  return i >= 0 && i < n ? names[i] : "?";
}

static void shape_text(const st__dist_sig *sig, char *buf, size_t cap) {
  size_t used = (size_t)snprintf(buf, cap, "[");
  for (int64_t i = 0; i < sig->ndim && i < 16 && used < cap; i++)
    used += (size_t)snprintf(buf + used, cap - used, i ? ", %lld" : "%lld", (long long)sig->shape[i]);
  if (used < cap) snprintf(buf + used, cap - used, "]");
}

/* One all-reduce (MAX) of the signature and its negation gives every rank the largest and the
   smallest value of each field: they are equal everywhere exactly when the ranks agree. */
int st__dist_agree(MPI_Comm comm, const char *fn, const st__dist_sig *sig) {
  enum { N = sizeof(st__dist_sig) / sizeof(int64_t) };
  int64_t both[2 * N];
  const int64_t *fields = (const int64_t *)sig;
  for (int i = 0; i < N; i++) both[i] = fields[i], both[N + i] = -fields[i];
  MPI_Request req;
  if (MPI_Iallreduce(MPI_IN_PLACE, both, 2 * N, MPI_INT64_T, MPI_MAX, comm, &req) != MPI_SUCCESS)
    return st__error(ST_ERR_IO, "%s: MPI_Iallreduce failed", fn);
  int rc = st__dist_wait_all(1, &req, fn, "the shape check");
  if (rc) return rc;
  st__dist_sig hi, lo;
  int64_t *h = (int64_t *)&hi, *l = (int64_t *)&lo;
  for (int i = 0; i < N; i++) h[i] = both[i], l[i] = -both[N + i];
  if (hi.failed) {
    if (sig->failed) return st__status() ? st__status() : ST_ERR_ARG; /* its own error stands */
    return st__error(ST_ERR_ARG, "%s: rank %lld failed before the collective; no data moved", fn,
                     (long long)hi.failed - 1);
  }
  char here[160];
  shape_text(sig, here, sizeof here);
  if (hi.kind != lo.kind)
    return st__error(ST_ERR_ARG, "%s: the ranks called different collectives (%s on this rank)", fn,
                     name_of(kind_names, 5, sig->kind));
  if (hi.dtype != lo.dtype)
    return st__error(ST_ERR_ARG, "%s: dtypes differ across ranks (%s on this rank)", fn,
                     st_dtype_name((st_dtype)sig->dtype));
  bool ddp = sig->kind == ST__DIST_DDP; /* shape: count, total size, hash of the parameters */
  if (hi.ndim != lo.ndim || memcmp(hi.shape, lo.shape, sizeof hi.shape))
    return ddp ? st__error(ST_ERR_SHAPE,
                           "%s: the parameters differ across ranks (%lld of %lld "
                           "elements on this rank, or their shapes or dtypes)",
                           fn, (long long)sig->shape[0], (long long)sig->shape[1])
               : st__error(ST_ERR_SHAPE, "%s: shapes differ across ranks (%s on this rank)", fn,
                           here);
  if (hi.arg != lo.arg)
    return st__error(ST_ERR_ARG, "%s: %s differs across ranks (%lld on this rank)", fn,
                     ddp                               ? "bucket_bytes"
                     : sig->kind == ST__DIST_BROADCAST ? "root"
                                                       : "dim",
                     (long long)sig->arg);
  if (hi.op != lo.op)
    return st__error(ST_ERR_ARG, "%s: the reduction differs across ranks (%s on this rank)", fn,
                     name_of(op_names, 4, sig->op));
  return 0;
}
