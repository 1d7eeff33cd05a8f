/* core.h — private declarations of the core layer: tensors, storage, errors, memory, shapes. */
#ifndef STRATA_CORE_H
#define STRATA_CORE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "strata.h"

#define ST_ALIGN 64

/* ------------------------------------------------------------------------------ error state */

/* Sets the thread-local error; returns `status` so that `return st__error(...)` reads well. */
int st__error(st_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* True when an error is set on this thread. */
bool st__has_error(void);
/* The visible status, else the held one (a failure not yet read or cleared), else 0. */
int st__held_status(void);
/* The visible status and message, for internal code: unlike st_last_status / st_last_error they
   do not end the held error's life (error.c). */
extern _Thread_local int st__tls_status;
static inline st_status st__status(void) { return (st_status)st__tls_status; }
const char *st__message(void);
/* A successful public call clears the visible error (the held copy stays, error.c); the check
   keeps the hot path to one load. Internal code that must see whether a callee failed clears
   with st__clear_visible too, never with st_clear_error. */
void st__clear_visible(void);
static inline void st__ok(void) {
  if (st__tls_status) st__clear_visible();
}
/* A NULL tensor argument: an error already visible stays unless it was read (st_last_error,
   st_last_status); else the held failure that produced the NULL comes back; else this error is
   set. Returns the status now set. */
int st__null_error(st_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same for a callee of the library's own that failed (a rule, a backward): its visible
   error stays even when user code in between (a hook) read it. */
int st__callee_error(st_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* While muted (calls nest), st__error sets nothing: for allocations whose failure is no error,
   such as an optional index that a slower path replaces. */
void st__error_mute(bool mute);
/* "fn: argument N is NULL" through st__null_error (NULL propagation). */
void st__null_arg(const char *fn, int index);
/* A public call's array it writes (out, n_out entries) must not overlap one it reads or also
   writes (in, n_in entries): clearing out on entry would erase what it reads, and two outputs in
   one slot lose a reference. 0, or ST_ERR_ARG "who: out_name and in_name overlap". */
int st__check_apart(const char *who, const char *out_name, st_tensor *const *out, int n_out,
                    const char *in_name, st_tensor *const *in, int n_in);

/* ----------------------------------------------------------------------------------- memory */

/* Every allocation passes through these (the allocator hook plus failure injection). They set
   ST_ERR_OOM on failure. */
void *st__alloc(size_t size);
void *st__alloc_aligned(size_t size); /* ST_ALIGN-aligned */
void st__free(void *p, size_t size);
void st__free_aligned(void *p, size_t size);
void *st__calloc(size_t n, size_t size);
/* Counts one allocation for failure injection; true (and ST_ERR_OOM set) when it must fail.
   Caches that hand out memory without calling st__alloc call it, so injection sees every one. */
bool st__inject_failure(size_t size);
void *st__realloc(void *p, size_t old_size, size_t new_size);

/* Live objects (tensors, storages, nodes, ...), for st_live_objects(): each thread counts its
   own in a counter only it writes (a locked read-modify-write per object made and freed cost
   more than a tenth of a small op's time), and st_live_objects() adds them up with what exited
   threads left. An object may die on another thread than the one that made it: only the sum
   means anything. */
typedef struct st_live_count {
  _Atomic int64_t n;          /* written by its thread only (plain load and store), read by any */
  struct st_live_count *next; /* every counter ever made, for the sum; a free one is reused */
  bool used;
} st_live_count;
extern _Thread_local st_live_count *st__tls_live;
void st__live_slow(int64_t d); /* the thread's first count: registers its counter */
static inline void st__live_add(int64_t d) {
  st_live_count *c = st__tls_live;
  if (c) atomic_store_explicit(&c->n, atomic_load_explicit(&c->n, memory_order_relaxed) + d,
                               memory_order_relaxed);
  else st__live_slow(d);
}

/* A growable text buffer (text.c). An allocation failure sets `failed` (and ST_ERR_OOM) and
   makes later appends no-ops, so a caller checks once at the end; data is NUL-terminated. */
typedef struct st_text {
  char *data;
  size_t len, cap;
  bool failed;
} st_text;
void st__text_add(st_text *t, const char *s, size_t n);
void st__text_printf(st_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void st__text_free(st_text *t);

/* A map from addresses to ints, open addressing, grown at half full (ptrmap.c): st_compile's
   capture (tensors and storages to values and buffers), compiled autograd (storages to
   inputs). Zero-initialized is empty. */
typedef struct st_ptrmap {
  struct st_ptrmap_slot *s;
  size_t cap, n;
} st_ptrmap;
int st__ptrmap_get(const st_ptrmap *m, const void *key); /* -1 when absent */
int st__ptrmap_put(st_ptrmap *m, const void *key, int id); /* 0 or ST_ERR_OOM */
void st__ptrmap_free(st_ptrmap *m);

/* ---------------------------------------------------------------------------------- storage */

typedef struct st_storage {
  _Atomic int64_t refcount;
  _Atomic uint64_t version; /* bumped by every in-place write (autograd's saved-value check) */
  void *data;               /* ST_ALIGN-aligned, just after this header in the same block */
  size_t nbytes;            /* the block's capacity, header included */
  uint32_t capture_gen;     /* st__capture_gen where it was made (src/compile/capture.c) */
} st_storage;

st_storage *st__storage_new(size_t nbytes); /* uninitialized data; NULL + OOM error on failure */
/* While st_compile captures a call on this thread (src/compile/capture.c), st__capture_gen is
   the capture's number (0 otherwise): storages made meanwhile carry it, so that one the op
   table did not make is recognised; st__capture_read names the first call that read tensor
   values on the host meanwhile (st_item, st_to_f64, st_data_ptr, st_print), which a graph cannot
   replay. */
extern _Thread_local uint32_t st__capture_gen;
extern _Thread_local const char *st__capture_read;
static inline void st__note_host_read(const char *fn) {
  if (st__capture_gen && !st__capture_read) st__capture_read = fn;
}
/* Ends the running capture with a reason (a sentence, static text) as a host read does:
   compiled autograd's hooks returning what a graph cannot hold. */
static inline void st__capture_refuse(const char *why) { st__note_host_read(why); }
/* Code that reads values only to choose a faster path (det's backward skipping its SVD when no
   matrix is singular) takes the path that reads none while a capture runs. */
static inline bool st__capturing(void) { return st__capture_gen != 0; }
/* Per-thread caches (storage blocks, tensor headers) are drained when their thread exits;
   a cache calls this before holding its first entry. */
void st__thread_cache_register(void);
void st__tensor_headers_drain(void);
void st__small_drain(void); /* alloc.c's small-block lists */
/* Empties every cache of this thread (storage blocks, headers, small blocks, scope arrays):
   before the allocator changes, so that nothing allocated by the old one is freed by the new. */
void st__thread_caches_drain(void);
void st__storage_retain(st_storage *s);
void st__storage_release(st_storage *s);

/* ----------------------------------------------------------------------------------- tensor */

struct st_autograd_meta;

struct st_tensor {
  _Atomic int64_t refcount;
  st_dtype dtype;
  int ndim;
  int64_t offset; /* in elements */
  int64_t shape[ST_MAX_DIMS];
  int64_t strides[ST_MAX_DIMS]; /* in elements; 0 for broadcast dims */
  st_storage *storage;
  struct st_autograd_meta *ag; /* NULL until autograd needs it (src/autograd) */
  /* Transform wrappers (src/dispatch/interp.c). A plain tensor has level 0. A wrapper belongs to
     the interpreter at depth `level` whose instance id is `level_id`; it holds the tensor one
     level down (`value`) and shows its logical shape and dtype in the fields above. Its storage
     is the storage of the plain tensor at the bottom of the chain, so version counters and view
     aliasing work at every level; its data is never read through it. */
  uint8_t wrap;       /* st_wrap_kind */
  int8_t bdim;        /* ST_WRAP_VMAP: the batch dim of value */
  int16_t level;
  uint32_t level_id;
  st_tensor *value;   /* strong */
  st_tensor *tangent; /* ST_WRAP_JVP: strong; NULL is a zero tangent */
  /* Made in inference mode (not as a view of a normal tensor): PyTorch's inference tensor. Its
     version is not counted, autograd refuses to save it, and it cannot be written in place
     outside inference mode (dispatch.c, node.c, meta.c). */
  bool inference;
  /* A weak reference to it exists (a retains-grad hook's, src/autograd/hooks.c), which takes a
     reference only while the count is above 0: its last release must count down to 0. Set by
     a holder of a reference and never cleared; without it, the holder of the last reference
     frees the tensor without a read-modify-write of the count. */
  bool weak;
  uint32_t trace_id;  /* the N of "tN" in traces, given on first print */
};

typedef enum { ST_WRAP_NONE, ST_WRAP_GRAD, ST_WRAP_JVP, ST_WRAP_VMAP } st_wrap_kind;

/* The plain tensor under a chain of grad/jvp wrappers (their primal value); NULL with
   ST_ERR_TRANSFORM naming fn when a vmap wrapper is in the chain (a batched tensor has no single
   value). Returns t itself for a plain tensor. Borrowed. */
const st_tensor *st__plain(const char *fn, const st_tensor *t);

/* Set once by the autograd layer when it first attaches metadata, so that freeing a tensor
   frees its autograd state without core calling upward. */
extern void (*_Atomic st__ag_free_hook)(st_tensor *t); /* set by the autograd, from any thread */

/* Shape and dtype of a tensor, kept where the tensor itself must not be (autograd nodes). */
typedef struct st_tensor_meta {
  st_dtype dtype;
  int ndim;
  int64_t shape[ST_MAX_DIMS];
} st_tensor_meta;
void st__meta_of(st_tensor_meta *m, const st_tensor *t);

/* Copies n dims (a shape or strides). Most have at most 4, which this copies without the call
   to memcpy that costs more than the copy on the per-op path. */
static inline void st__copy_dims(int64_t *d, const int64_t *s, int n) {
  switch (n) {
  case 4: d[3] = s[3]; /* fall through */
  case 3: d[2] = s[2]; /* fall through */
  case 2: d[1] = s[1]; /* fall through */
  case 1: d[0] = s[0]; /* fall through */
  case 0: return;
  default: memcpy(d, s, sizeof *d * (size_t)n);
  }
}

/* A new tensor header viewing `storage` (retained). Not recorded in any scope. */
st_tensor *st__tensor_view(st_storage *storage, st_dtype dt, int ndim, const int64_t *shape,
                           const int64_t *strides, int64_t offset);
/* A new contiguous tensor with uninitialized data. Not recorded in any scope. */
st_tensor *st__tensor_empty(st_dtype dt, int ndim, const int64_t *shape);
/* Records a reference returned to the user in the innermost scope; returns t (NULL passes). On
   OOM the reference is dropped and NULL returned. */
st_tensor *st__track(st_tensor *t);
/* Records the n references ts[] (NULL entries allowed) as one step: all of them, or, when the
   scope cannot grow, none (each is dropped and set to NULL) and ST_ERR_OOM. For calls that
   return several results, so that a failure never returns some of them. */
int st__track_all(int n, st_tensor **ts);
/* Scope rule for internal code: a reference you took with st_retain (or got untracked from
   st__dispatch) is given back with st__drop, which never touches scopes; a reference a public
   call returned to you is given back with st_release, or taken out of its scope with
   st__untrack when you keep it beyond the scope. */
void st__drop(st_tensor *t);
st_tensor *st__untrack(st_tensor *t);
/* Takes t out of the innermost scope only (a reference a user function returned: one it made
   inside the scope is untracked, one it st_retain-ed was never tracked). */
st_tensor *st__untrack_top(st_tensor *t);

/* st_dtype_size for valid dtypes (8 for others), inline for the hot path. Every dtype's: st__data
   scales a view's offset by it, so a slice of an f16 or i32 tensor starts at its own element. */
static inline int64_t st__esize(st_dtype dt) {
  static const int8_t size[] = {[ST_F32] = 4, [ST_F64] = 8, [ST_I64] = 8, [ST_BOOL] = 1, [ST_F16] = 2,
                                [ST_BF16] = 2, [ST_I32] = 4, [ST_I16] = 2, [ST_I8] = 1, [ST_U8] = 1};
  return (unsigned)dt < sizeof size ? size[dt] : 8;
}
static inline char *st__data(const st_tensor *t) {
  return (char *)t->storage->data + t->offset * st__esize(t->dtype);
}
static inline int64_t st__numel(int ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < ndim; i++) n *= shape[i];
  return n;
}
bool st__is_contiguous(const st_tensor *t);
/* The same test on a layout held elsewhere (a compiled graph's values). */
bool st__is_contiguous_layout(int ndim, const int64_t *shape, const int64_t *strides);
void st__contiguous_strides(int ndim, const int64_t *shape, int64_t *strides);
/* Reads element i (in row-major logical order) as a double; for tests and printing. */
double st__get_f64(const st_tensor *t, int64_t i);
/* The element of dtype dt at p as a double (exact for every dtype but i64 beyond 2^53). */
double st__load_f64(const char *p, st_dtype dt);

/* ----------------------------------------------------------------------------------- shapes */

/* Wraps a possibly negative dim into [0, ndim); sets ST_ERR_ARG naming fn and returns -1. */
int st__wrap_dim(const char *fn, int dim, int ndim);
/* Checks 0 <= ndim <= ST_MAX_DIMS, sizes >= 0 and numel * elem_size without overflow. */
int st__check_shape(const char *fn, int ndim, const int64_t *shape, st_dtype dt);
/* NumPy broadcast of two shapes into out (ST_MAX_DIMS); returns out ndim or -1 + ST_ERR_SHAPE. */
int st__broadcast_shapes(const char *fn, int na, const int64_t *a, int nb, const int64_t *b,
                         int64_t *out);
/* "[2, 3]" into buf; returns buf. */
char *st__fmt_shape(char *buf, size_t size, int ndim, const int64_t *shape);
#define ST_SHAPE_STR(t) st__fmt_shape((char[96]){0}, 96, (t)->ndim, (t)->shape)

/* ------------------------------------------------------------------------------------ dtype */

static inline bool st__is_float(st_dtype dt) {
  return dt == ST_F32 || dt == ST_F64 || dt == ST_F16 || dt == ST_BF16;
}
bool st__valid_dtype(st_dtype dt);
/* 0 bool, 1 integer, 2 float: PyTorch's promotion categories. */
static inline int st__dtype_category(st_dtype dt) {
  return dt == ST_BOOL ? 0 : st__is_float(dt) ? 2 : 1;
}
/* The dtypes the compute kernels have loops for (f32, f64, i64, bool); the others are stored
   and converted, and elementwise ops compute them in their wide dtype (st__wide_dtype). */
static inline bool st__is_compute_dtype(st_dtype dt) { return (unsigned)dt <= ST_BOOL; }
/* f16 and bf16 compute in f32, the narrow integers in i64; the compute dtypes are their own. */
static inline st_dtype st__wide_dtype(st_dtype dt) {
  return st__is_compute_dtype(dt) ? dt : st__is_float(dt) ? ST_F32 : ST_I64;
}
/* Whether a tensor of dtype dt can hold v without overflow (as PyTorch checks a fill value):
   integers within their range (NaN and infinities never), f16 and bf16 finite values within
   their range (infinities and NaN do fit), f32, f64 and bool anything. */
bool st__value_fits(st_dtype dt, double v);
/* Result dtype of several tensors under PyTorch's rules (0-dim tensors weigh less). */
st_dtype st__result_type(int n, st_tensor *const *ts);
/* Result dtype of a tensor with a Python-like scalar (see st_add_scalar). */
st_dtype st__result_type_scalar(st_dtype dt, double s);

/* ---------------------------------------------------------------------------------- threads */

int st__num_threads(void);

/* -------------------------------------------------------------------------------------- rng */

/* Reserves n counters of this thread's generator; returns the key and first counter. */
void st__rng_reserve(uint64_t n, uint64_t *key, uint64_t *counter);
/* A stream: while set, reservations come from (key, 0, 1, ...) instead of the generator. vmap
   sets one per random op and lane, so draws do not depend on chunking. */
typedef struct st_rng_stream {
  bool active;
  uint64_t key, offset;
} st_rng_stream;
st_rng_stream st__rng_stream_set(uint64_t key); /* returns the previous state */
void st__rng_stream_restore(st_rng_stream prev);
uint64_t st__rng_mix(uint64_t a, uint64_t b); /* a well-mixed key from two integers */
/* This thread's whole generator state (the generator and the active stream), to replay draws:
   activation checkpointing recomputes a function's random ops exactly (PyTorch preserves the
   RNG state for it too). */
typedef struct st_rng_state {
  uint64_t seed, offset;
  st_rng_stream stream;
} st_rng_state;
st_rng_state st__rng_state_get(void);
void st__rng_state_set(const st_rng_state *s);
/* How often this thread's generator was moved to another position (st_manual_seed, or
   st__rng_state_set to another state): a graph's random op draws where the generator stands,
   so a capture refuses a draw after a move it could not replay (st_checkpoint's recomputation
   sets the generator back). */
extern _Thread_local uint64_t st__rng_moves;
/* Philox 4x32-10: four 32-bit words for (key, counter). */
void st__philox(uint64_t key, uint64_t counter, uint32_t out[4]);

#endif /* STRATA_CORE_H */
