/* ddp.c — data-parallel training (torch.nn.parallel.DistributedDataParallel): rank 0's
   parameters broadcast at the start, then every backward's gradients averaged over the ranks in
   buckets whose all-reduce starts, from the post-accumulate-grad hooks, as soon as the bucket is
   full, overlapping the rest of backward.

   Buckets hold parameters in reverse registration order (the order backward produces them), one
   dtype each, about bucket_bytes each, as flat buffers the hooks copy .grad into. They start in
   bucket order on every rank (bucket k only after k - 1), so the ranks issue the same
   collectives in the same order. MPI progresses a non-blocking collective only inside MPI calls,
   so a progress thread owns DDP's communicator: it starts what the hooks queue and tests what
   runs, sleeping a few microseconds between polls (the engine thread never blocks on MPI). When
   MPI was initialised without MPI_THREAD_MULTIPLE, the hooks and st_ddp_wait do that work
   themselves. Every st_ddp_wait ends with one small all-reduce (MAX) of a status: whether a rank
   failed (then no rank changes a gradient) and which parameters some rank used (one that no
   rank used keeps its .grad, PyTorch's find_unused_parameters). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/core.h"
#include "dist/dist.h"

#define DEFAULT_BUCKET_BYTES ((int64_t)25 << 20)

/* One all-reduce DDP runs: a bucket of gradients (SUM) or the step's status (MAX). */
typedef struct {
  void *buf;
  int64_t count;
  MPI_Datatype type;
  MPI_Op op;
  MPI_Request req;
  bool done;
} reduction;

typedef struct {
  st_dtype dtype;
  size_t esize;
  int first, count; /* its parameters: order[first .. first + count) */
  int pending;      /* of them, those still without a gradient this step */
} bucket;

typedef struct {
  st_ddp *d;
  int index;
} slot;

struct st_ddp {
  int n;
  st_tensor **params;
  int64_t *hooks;
  slot *slots;
  int *order; /* parameter indices, last registered first */
  int *bucket_of;
  int64_t *offset_of; /* element offset in its bucket's buffer */
  bool *ready;        /* got its gradient this step */
  int nbuckets, next_launch;
  bucket *buckets;
  reduction *red;  /* nbuckets gradient buckets, then the status */
  int64_t *status; /* [failed rank + 1 or 0, used[0..n)] */
  bool sync;
  MPI_Comm comm;
  int rank, size;
  /* the progress thread (threaded) or the calling thread runs the reductions queued so far */
  bool threaded, stop, mpi_failed;
  bool waiting; /* st_ddp_wait is blocked: the progress thread polls without sleeping */
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t wake, finished;
  int queued, launched, completed;
  st_ddp_stats stats;
};

/* --------------------------------------------------------------------------------- progress */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Starts the queued reductions (in queue order) and tests the running ones: the one place that
   calls MPI on DDP's communicator after st_ddp_new. Returns whether anything is still running.
   Called with the lock held when threaded; it drops the lock around MPI calls. */
static bool pump(st_ddp *d) {
  while (d->launched < d->queued && !d->mpi_failed) {
    reduction *r = &d->red[d->launched];
    if (d->threaded) pthread_mutex_unlock(&d->lock);
    int rc = MPI_Iallreduce(MPI_IN_PLACE, r->buf, (int)r->count, r->type, r->op, d->comm, &r->req);
    if (d->threaded) pthread_mutex_lock(&d->lock);
    if (rc != MPI_SUCCESS)
      d->mpi_failed = true;
    else
      d->launched++;
  }
  for (int k = d->completed; k < d->launched && !d->mpi_failed; k++) {
    reduction *r = &d->red[k];
    int done = 0;
    if (d->threaded) pthread_mutex_unlock(&d->lock);
    int rc = MPI_Test(&r->req, &done, MPI_STATUS_IGNORE);
    if (d->threaded) pthread_mutex_lock(&d->lock);
    if (rc != MPI_SUCCESS) d->mpi_failed = true;
    if (done) r->done = true;
  }
  while (d->completed < d->launched && d->red[d->completed].done) d->completed++;
  if (d->threaded && (d->completed == d->queued || d->mpi_failed))
    pthread_cond_broadcast(&d->finished);
  return d->completed < d->queued && !d->mpi_failed;
}

static void *progress_thread(void *arg) {
  st_ddp *d = arg;
  pthread_mutex_lock(&d->lock);
  while (!d->stop) {
    if (!pump(d)) {
      pthread_cond_wait(&d->wake, &d->lock);
      continue;
    }
    /* While backward computes, poll every few tens of microseconds (a sleep leaves the core
       to it); once st_ddp_wait blocks, nothing else runs on this rank: poll flat out. */
    bool spin = d->waiting;
    pthread_mutex_unlock(&d->lock);
    if (!spin) nanosleep(&(struct timespec){0, 20000}, NULL);
    pthread_mutex_lock(&d->lock);
  }
  pthread_mutex_unlock(&d->lock);
  return NULL;
}

/* Queues reduction k (the next one in order). */
static void queue(st_ddp *d) {
  if (d->threaded) {
    pthread_mutex_lock(&d->lock);
    d->queued++;
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->lock);
  } else {
    d->queued++;
    pump(d);
  }
}

/* Queues every full bucket whose predecessors are queued: the same order on every rank. */
static void queue_full_buckets(st_ddp *d) {
  while (d->next_launch < d->nbuckets && d->buckets[d->next_launch].pending == 0) {
    d->next_launch++;
    queue(d);
  }
}

/* Waits until every queued reduction completed, or the timeout: then the process group is
   broken (MPI cannot cancel a collective in flight). */
static int wait_all(st_ddp *d, const char *fn) {
  double deadline = now() + st__dist_timeout();
  bool timed_out = false, failed;
  if (d->threaded) {
    /* the condition variable waits on CLOCK_REALTIME */
    struct timespec at;
    clock_gettime(CLOCK_REALTIME, &at);
    double t = (double)at.tv_sec + 1e-9 * (double)at.tv_nsec + st__dist_timeout();
    at = (struct timespec){(time_t)t, (long)((t - (double)(time_t)t) * 1e9)};
    pthread_mutex_lock(&d->lock);
    d->waiting = true;
    while (d->completed < d->queued && !d->mpi_failed && !timed_out)
      timed_out = pthread_cond_timedwait(&d->finished, &d->lock, &at) != 0 &&
                  d->completed < d->queued && now() >= deadline;
    failed = d->mpi_failed;
    d->waiting = false;
    pthread_mutex_unlock(&d->lock);
  } else {
    long sleep_ns = 1000;
    while (pump(d) && !(timed_out = now() >= deadline)) {
      nanosleep(&(struct timespec){0, sleep_ns}, NULL);
      if (sleep_ns < 50000) sleep_ns *= 2;
    }
    failed = d->mpi_failed;
  }
  if (failed) return st__error(ST_ERR_IO, "%s: MPI failed in a gradient all-reduce", fn);
  if (timed_out) {
    st__dist_mark_broken();
    return st__error(ST_ERR_IO,
                     "%s: timed out after %g s waiting for the other ranks' gradients (a rank "
                     "failed or skipped st_ddp_wait); the process group is unusable from now on",
                     fn, st__dist_timeout());
  }
  return 0;
}

/* ------------------------------------------------------------------------------------ hooks */

static void *slot_address(st_ddp *d, int i) {
  bucket *b = &d->buckets[d->bucket_of[i]];
  return (char *)d->red[d->bucket_of[i]].buf + (size_t)d->offset_of[i] * b->esize;
}

/* Copies parameter i's .grad into its bucket slot, or zeros when it has none; returns whether it
   had one, -1 when a strided .grad could not be made contiguous (out of memory). Public calls'
   results go to the caller's scope when one is open: st_release is theirs. */
static int copy_grad(st_ddp *d, int i) {
  size_t bytes = (size_t)st_numel(d->params[i]) * d->buckets[d->bucket_of[i]].esize;
  st_tensor *g = st_grad_of(d->params[i]), *flat = g && !st_is_contiguous(g) ? st_clone(g) : g;
  if (flat)
    memcpy(slot_address(d, i), st_data_ptr(flat), bytes);
  else
    memset(slot_address(d, i), 0, bytes);
  if (g && !flat) {
    st_release(g);
    return -1;
  }
  if (flat != g) st_release(flat);
  st_release(g);
  return g != NULL;
}

/* Copies parameter i's .grad into its bucket; the bucket's all-reduce starts when it is full. */
static int on_gradient(void *user, st_tensor *param) {
  (void)param; /* the slot's d->params[i] */
  slot *s = user;
  st_ddp *d = s->d;
  int i = s->index;
  if (!d->sync) return 0;
  if (d->ready[i]) {
    char msg[200];
    snprintf(msg, sizeof msg,
             "st_ddp: parameter %d got a second gradient before st_ddp_wait (accumulate over "
             "several backwards with st_ddp_set_sync(d, false))",
             i);
    return st_hook_error(ST_ERR_AUTOGRAD, msg);
  }
  if (copy_grad(d, i) < 0)
    return st_hook_error(ST_ERR_OOM, "st_ddp: out of memory copying a gradient");
  d->ready[i] = true;
  if (--d->buckets[d->bucket_of[i]].pending == 0) queue_full_buckets(d);
  return 0;
}

/* ---------------------------------------------------------------------------- construction */

static int check_params(const char *fn, int n, st_tensor *const *params, const st_ddp_opts *opts) {
  if (n <= 0 || !params)
    return st__error(ST_ERR_ARG, "%s: needs at least one parameter (got %d%s)", fn, n,
                     params ? "" : ", params NULL");
  if (opts && opts->bucket_bytes < 0)
    return st__error(ST_ERR_ARG, "%s: bucket_bytes %lld is negative", fn,
                     (long long)opts->bucket_bytes);
  for (int i = 0; i < n; i++) {
    st_tensor *p = params[i];
    if (!p) return st__null_error(ST_ERR_ARG, "%s: parameter %d is NULL", fn, i);
    st_dtype dt = st_dtype_of(p);
    if (dt != ST_F32 && dt != ST_F64)
      return st__error(ST_ERR_DTYPE, "%s: parameter %d is %s; DDP averages f32 and f64 gradients",
                       fn, i, st_dtype_name(dt));
    if (!st_is_leaf(p) || !st_requires_grad(p))
      return st__error(ST_ERR_ARG, "%s: parameter %d must be a leaf that requires grad", fn, i);
    for (int j = 0; j < i; j++)
      if (params[j] == p)
        return st__error(ST_ERR_ARG, "%s: parameter %d repeats parameter %d", fn, i, j);
  }
  return 0;
}

/* What every rank must agree on: the count, sizes and dtypes of the parameters and the bucket
   size (a hash of the shapes and dtypes, so that any difference shows). */
static st__dist_sig signature(int n, st_tensor *const *params, int64_t bucket_bytes, int failed) {
  st__dist_sig sig = {.failed = failed, .kind = ST__DIST_DDP, .ndim = 3, .arg = bucket_bytes};
  uint64_t h = 1469598103934665603u;
  int64_t total = 0;
  for (int i = 0; failed == 0 && i < n; i++) {
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(params[i], shape);
    h = (h ^ (uint64_t)(nd * 16 + (int)st_dtype_of(params[i]))) * 1099511628211u;
    for (int k = 0; k < nd; k++) h = (h ^ (uint64_t)shape[k]) * 1099511628211u;
    total += st_numel(params[i]);
  }
  sig.shape[0] = n, sig.shape[1] = total, sig.shape[2] = (int64_t)(h >> 1);
  return sig;
}

/* Rank 0's values into every rank's parameters (a strided leaf through a contiguous copy,
   written back outside the graph). */
static int broadcast_params(st_ddp *d, const char *fn) {
  for (int i = 0; i < d->n; i++) {
    st_tensor *p = d->params[i];
    int64_t bytes = st_numel(p) * (int64_t)st_dtype_size(st_dtype_of(p));
    if (bytes > INT32_MAX)
      return st__error(ST_ERR_ARG, "%s: parameter %d is too big for one message", fn, i);
    st_tensor *c = st_is_contiguous(p) ? p : st_clone(p);
    if (!c) return st__status();
    MPI_Request req;
    int rc = MPI_Ibcast(st_data_ptr(c), (int)bytes, MPI_BYTE, 0, d->comm, &req) == MPI_SUCCESS
                 ? st__dist_wait_all(1, &req, fn, "the broadcast of the parameters")
                 : st__error(ST_ERR_IO, "%s: MPI_Ibcast failed", fn);
    if (!rc && c != p) {
      bool prev = st_set_grad_enabled(false);
      rc = st_copy_(p, c);
      st_set_grad_enabled(prev);
    }
    if (c != p) st_release(c);
    if (rc) return rc;
  }
  return 0;
}

/* Buckets of about bucket_bytes, parameters last registered first, one dtype each. */
static int make_buckets(st_ddp *d, int64_t bucket_bytes) {
  d->buckets = calloc((size_t)d->n, sizeof *d->buckets);
  d->red = calloc((size_t)d->n + 1, sizeof *d->red);
  if (!d->buckets || !d->red) return ST_ERR_OOM;
  int k = -1;
  int64_t bytes = 0;
  for (int j = 0; j < d->n; j++) {
    int i = d->n - 1 - j;
    d->order[j] = i;
    st_dtype dt = st_dtype_of(d->params[i]);
    size_t esize = st_dtype_size(dt);
    int64_t size = st_numel(d->params[i]) * (int64_t)esize;
    if (k < 0 || d->buckets[k].dtype != dt || (bytes > 0 && bytes + size > bucket_bytes)) {
      d->buckets[++k] = (bucket){.dtype = dt, .esize = esize, .first = j};
      d->red[k] = (reduction){.type = dt == ST_F64 ? MPI_DOUBLE : MPI_FLOAT, .op = MPI_SUM};
      bytes = 0;
    }
    d->bucket_of[i] = k;
    d->offset_of[i] = d->red[k].count;
    d->red[k].count += st_numel(d->params[i]);
    d->buckets[k].count++;
    bytes += size;
  }
  d->nbuckets = k + 1;
  for (k = 0; k < d->nbuckets; k++) {
    if (d->red[k].count > INT32_MAX) return ST_ERR_ARG;
    d->buckets[k].pending = d->buckets[k].count;
    d->red[k].buf = calloc((size_t)(d->red[k].count ? d->red[k].count : 1), d->buckets[k].esize);
    if (!d->red[k].buf) return ST_ERR_OOM;
    d->stats.bytes += d->red[k].count * (int64_t)d->buckets[k].esize;
  }
  d->red[d->nbuckets] =
      (reduction){.buf = d->status, .count = d->n + 1, .type = MPI_INT64_T, .op = MPI_MAX};
  d->stats.buckets = d->nbuckets;
  return 0;
}

static void release(st_ddp *d) {
  if (!d) return;
  if (d->threaded) {
    pthread_mutex_lock(&d->lock);
    d->stop = true;
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->lock);
    pthread_join(d->thread, NULL);
    pthread_mutex_destroy(&d->lock);
    pthread_cond_destroy(&d->wake);
    pthread_cond_destroy(&d->finished);
  }
  for (int i = 0; d->hooks && i < d->n; i++)
    if (d->hooks[i] > 0) st_remove_hook(d->hooks[i]);
  for (int i = 0; d->params && i < d->n; i++) st__drop(d->params[i]); /* our own references */
  for (int k = 0; d->red && k < d->nbuckets; k++) free(d->red[k].buf);
  /* after a timeout requests may still be pending on it: st_dist_finalize aborts the job */
  if (d->comm != MPI_COMM_NULL && !st__dist_broken()) MPI_Comm_free(&d->comm);
  free(d->params), free(d->hooks), free(d->slots), free(d->order), free(d->bucket_of);
  free(d->offset_of), free(d->ready), free(d->buckets), free(d->red), free(d->status);
  free(d);
}

st_ddp *st_ddp_new(int nparams, st_tensor *const *params, const st_ddp_opts *opts) {
  const char *fn = "st_ddp_new";
  int rank = st_dist_rank();
  if (rank < 0) return NULL;
  int64_t bucket_bytes = opts && opts->bucket_bytes > 0 ? opts->bucket_bytes : DEFAULT_BUCKET_BYTES;
  int bad = check_params(fn, nparams, params, opts);
  MPI_Comm world = st__dist_comm(fn);
  if (world == MPI_COMM_NULL) return NULL;
  /* a rank whose arguments are wrong still takes part, so the others fail too */
  st__dist_sig sig = signature(nparams, params, bucket_bytes, bad ? rank + 1 : 0);
  if (st__dist_agree(world, fn, &sig) || bad) return NULL;
  st_ddp *d = calloc(1, sizeof *d);
  if (!d) return st__error(ST_ERR_OOM, "%s: out of memory", fn), NULL;
  d->n = nparams, d->sync = true, d->comm = MPI_COMM_NULL, d->rank = rank;
  d->params = calloc((size_t)nparams, sizeof *d->params);
  d->hooks = calloc((size_t)nparams, sizeof *d->hooks);
  d->slots = calloc((size_t)nparams, sizeof *d->slots);
  d->order = calloc((size_t)nparams, sizeof *d->order);
  d->bucket_of = calloc((size_t)nparams, sizeof *d->bucket_of);
  d->offset_of = calloc((size_t)nparams, sizeof *d->offset_of);
  d->ready = calloc((size_t)nparams, sizeof *d->ready);
  d->status = calloc((size_t)nparams + 1, sizeof *d->status);
  int rc = d->params && d->hooks && d->slots && d->order && d->bucket_of && d->offset_of &&
                   d->ready && d->status
               ? 0
               : ST_ERR_OOM;
  for (int i = 0; !rc && i < nparams; i++) d->params[i] = st_retain(params[i]);
  if (!rc) rc = make_buckets(d, bucket_bytes);
  if (rc == ST_ERR_ARG) rc = st__error(rc, "%s: a bucket holds more than 2^31 - 1 elements", fn);
  if (rc == ST_ERR_OOM) rc = st__error(rc, "%s: out of memory", fn);
  /* the steps below are collective: every rank reaches them, or failed in the check above */
  if (!rc) rc = st__dist_comm_dup(fn, &d->comm);
  if (!rc) MPI_Comm_size(d->comm, &d->size);
  if (!rc) rc = broadcast_params(d, fn);
  for (int i = 0; !rc && i < nparams; i++) {
    d->slots[i] = (slot){d, i};
    d->hooks[i] =
        st_tensor_register_post_accumulate_grad_hook(d->params[i], on_gradient, &d->slots[i]);
    if (d->hooks[i] <= 0) rc = st__status() ? st__status() : ST_ERR_OOM;
  }
  if (!rc && st__dist_thread_multiple() && !getenv("STRATA_DDP_NO_THREAD")) {
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->wake, NULL);
    pthread_cond_init(&d->finished, NULL);
    d->threaded = pthread_create(&d->thread, NULL, progress_thread, d) == 0;
    if (!d->threaded) {
      pthread_mutex_destroy(&d->lock);
      pthread_cond_destroy(&d->wake);
      pthread_cond_destroy(&d->finished);
    }
  }
  if (rc) {
    release(d);
    return NULL;
  }
  st__ok();
  return d;
}

/* ------------------------------------------------------------------------------- each step */

/* Writes bucket values / world size into parameter i's .grad (made when it has none). */
static int write_gradient(st_ddp *d, int i) {
  st_tensor *p = d->params[i], *g = st_grad_of(p);
  if (!g) {
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(p, shape);
    g = st_zeros(st_dtype_of(p), nd, shape);
    if (!g || st_set_grad(p, g)) {
      st_release(g);
      return st__status();
    }
  }
  int64_t n = st_numel(p);
  double scale = 1.0 / d->size;
  const void *src = slot_address(d, i);
  st_tensor *dst = st_is_contiguous(g) ? g : st_zeros_like(g);
  if (!dst) {
    st_release(g);
    return st__status();
  }
  if (st_dtype_of(p) == ST_F64) {
    const double *s = src;
    double *t = st_data_ptr(dst);
    for (int64_t k = 0; k < n; k++) t[k] = s[k] * scale;
  } else {
    const float *s = src;
    float *t = st_data_ptr(dst);
    for (int64_t k = 0; k < n; k++) t[k] = (float)(s[k] * scale);
  }
  int rc = 0;
  if (dst != g) {
    bool prev = st_set_grad_enabled(false);
    rc = st_copy_(g, dst);
    st_set_grad_enabled(prev);
  }
  if (dst != g) st_release(dst);
  st_release(g);
  return rc;
}

/* The step is over: every bucket empty again. */
static void reset_step(st_ddp *d) {
  for (int i = 0; i < d->n; i++) d->ready[i] = false;
  for (int k = 0; k < d->nbuckets; k++) {
    d->buckets[k].pending = d->buckets[k].count;
    d->red[k].done = false;
  }
  d->red[d->nbuckets].done = false;
  d->next_launch = 0;
  if (d->threaded) pthread_mutex_lock(&d->lock);
  d->queued = d->launched = d->completed = 0;
  if (d->threaded) pthread_mutex_unlock(&d->lock);
}

int st_ddp_wait(st_ddp *d) {
  const char *fn = "st_ddp_wait";
  if (!d) return st__error(ST_ERR_ARG, "%s: d is NULL", fn);
  /* this rank's backward failed: its error is still visible, or held (not yet read) */
  int failed = st__held_status();
  if (failed) failed = st__callee_error(ST_ERR_AUTOGRAD, "%s: backward failed", fn);
  if (!d->sync) return failed;
  if (st__dist_broken())
    return st__error(ST_ERR_IO,
                     "%s: an earlier collective timed out; the process group is "
                     "unusable",
                     fn);
  double start = now();
  /* What no hook filled (a parameter this step's backward did not reach on this rank) is its
     .grad when it has one, as PyTorch's DDP takes param.grad (gradients accumulated under
     no_sync), else zero. */
  for (int i = 0; i < d->n; i++) {
    if (d->ready[i]) continue;
    d->ready[i] = copy_grad(d, i) > 0; /* none, or out of memory: zero */
    d->buckets[d->bucket_of[i]].pending--;
  }
  queue_full_buckets(d);
  d->status[0] = failed ? d->rank + 1 : 0;
  for (int i = 0; i < d->n; i++) d->status[1 + i] = d->ready[i];
  queue(d);
  int rc = wait_all(d, fn);
  d->stats.wait_seconds += now() - start;
  d->stats.steps++;
  if (!rc && d->status[0] && !failed)
    rc = st__error(ST_ERR_AUTOGRAD, "%s: rank %lld's backward failed; no gradient changed", fn,
                   (long long)d->status[0] - 1);
  for (int i = 0; !rc && !failed && i < d->n; i++)
    if (d->status[1 + i]) rc = write_gradient(d, i);
  if (rc != ST_ERR_IO || !st__dist_broken()) reset_step(d);
  if (failed) return failed;
  if (!rc) st__ok();
  return rc;
}

bool st_ddp_set_sync(st_ddp *d, bool sync) {
  if (!d) return st__error(ST_ERR_ARG, "st_ddp_set_sync: d is NULL"), false;
  bool prev = d->sync;
  d->sync = sync;
  return prev;
}

int st_ddp_get_stats(st_ddp *d, st_ddp_stats *stats) {
  if (!d || !stats) return st__error(ST_ERR_ARG, "st_ddp_get_stats: %s is NULL", d ? "stats" : "d");
  *stats = d->stats;
  st__ok();
  return 0;
}

/* ------------------------------------------------------------------------------ priorities */

typedef struct {
  const void *key;
  int index;
} entry;

static int by_key(const void *a, const void *b) {
  const void *x = ((const entry *)a)->key, *y = ((const entry *)b)->key;
  return x < y ? -1 : x > y;
}

/* The index of key in a sorted table, or -1. */
static int lookup(const entry *table, int n, const void *key) {
  entry probe = {key, 0};
  const entry *e = bsearch(&probe, table, (size_t)n, sizeof *table, by_key);
  return e ? e->index : -1;
}

typedef struct {
  st_node **nodes;
  int n, cap;
  bool oom;
} node_list;

static void collect(void *user, st_node *node) {
  node_list *l = user;
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 64;
    st_node **grown = realloc(l->nodes, (size_t)cap * sizeof *grown);
    if (!grown) {
      l->oom = true;
      return;
    }
    l->nodes = grown, l->cap = cap;
  }
  l->nodes[l->n++] = node;
}

/* Each node of loss's graph gets priority nbuckets - b, b the first bucket among the
   parameters it leads to: the engine then runs first what the first all-reduce waits for. */
int st_ddp_prioritize(st_ddp *d, st_tensor *loss) {
  const char *fn = "st_ddp_prioritize";
  if (!d || !loss) return st__error(ST_ERR_ARG, "%s: %s is NULL", fn, d ? "loss" : "d");
  node_list l = {0};
  int rc = st_graph_walk(&loss, 1, collect, &l);
  entry *nodes = malloc((size_t)(l.n ? l.n : 1) * sizeof *nodes);
  entry *params = malloc((size_t)d->n * sizeof *params);
  int *first = malloc((size_t)(l.n ? l.n : 1) * sizeof *first);
  if (!rc && (l.oom || !nodes || !params || !first))
    rc = st__error(ST_ERR_OOM, "%s: out of memory", fn);
  for (int k = 0; !rc && k < l.n; k++) nodes[k] = (entry){l.nodes[k], k};
  for (int i = 0; !rc && i < d->n; i++) params[i] = (entry){d->params[i], i};
  if (!rc) {
    qsort(nodes, (size_t)l.n, sizeof *nodes, by_key);
    qsort(params, (size_t)d->n, sizeof *params, by_key);
    for (int k = 0; k < l.n; k++) {
      int i = lookup(params, d->n, st_node_variable(l.nodes[k]));
      first[k] = i >= 0 ? d->bucket_of[i] : d->nbuckets;
    }
    /* the walk is breadth-first from the loss: backwards, most edges are settled in one pass */
    for (bool changed = true; changed;) {
      changed = false;
      for (int k = l.n - 1; k >= 0; k--)
        for (int e = 0; e < st_node_num_next(l.nodes[k]); e++) {
          int j = lookup(nodes, l.n, st_node_next(l.nodes[k], e, NULL));
          if (j >= 0 && first[j] < first[k]) first[k] = first[j], changed = true;
        }
    }
    for (int k = 0; k < l.n; k++)
      if (first[k] < d->nbuckets) st_node_set_priority(l.nodes[k], d->nbuckets - first[k]);
  }
  free(l.nodes), free(nodes), free(params), free(first);
  if (!rc) st__ok();
  return rc;
}

void st_ddp_free(st_ddp *d) {
  if (!d) return;
  /* a step still in flight: its buffers must outlive its all-reduces */
  if (d->queued > 0 && !st__dist_broken()) {
    int keep = st__status();
    wait_all(d, "st_ddp_free");
    if (!keep) st_clear_error();
  }
  release(d);
}
