/* autograd.h — private declarations of the autograd layer: per-tensor autograd metadata, graph
   nodes with saved values, and the engine. One node type serves eager autograd (level 0) and,
   later, every grad level of the transform stack. */
#ifndef STRATA_AUTOGRAD_H
#define STRATA_AUTOGRAD_H

#include "../core/core.h"

typedef struct st_node st_node;
typedef struct st_ca_desc st_ca_desc; /* compiled autograd's description of a backward */
struct st_attrs;                      /* src/ops/op.h */

/* Where a gradient goes: input slot `input_nr` of `node`. A NULL node means "nowhere". */
typedef struct st_edge {
  st_node *node;
  int input_nr;
} st_edge;

/* A recursive lock for autograd state that threads share: a leaf's metadata (its .grad and
   AccumulateGrad node) and the hook registry. Zero is unlocked; the thread that holds it may take
   it again (a post-accumulate-grad hook reads .grad under its leaf's lock). */
typedef struct st_ag_lock {
  _Atomic uintptr_t owner; /* a token of the holding thread; 0 when free */
  int depth;               /* written only by the holder */
} st_ag_lock;
void st__ag_lock(st_ag_lock *l);
void st__ag_unlock(st_ag_lock *l);

/* A value saved for backward, with the version its storage had, so that an in-place change
   between forward and backward is caught. A node's own output is saved without its grad_fn (a
   reference cycle otherwise) and gets it back when unpacked. Under saved-tensor hooks the value
   is held by what the hooks packed instead (`pack`; t is NULL). Both NULL: nothing saved, or
   freed by a backward without retain_graph. */
typedef struct st_saved {
  st_tensor *t;
  uint64_t version;
  bool is_output; /* of the node that saved it: unpacking re-attaches the node */
  int output_nr;
  struct st_saved_pack *pack;
} st_saved;

/* A differentiable view's way back to its base: the chain of view ops that made it (views.c). */
typedef struct st_view_step st_view_step;

/* Per-tensor autograd state, allocated on first need (by the thread that owns the tensor: the
   calls that create it write the tensor). `lock` guards .grad and grad_accumulator of a leaf
   that threads share, and a view's replay; the hook lists are guarded by the hook registry's
   lock. */
typedef struct st_autograd_meta {
  bool requires_grad; /* set by the user on a leaf */
  bool retains_grad;
  bool owns_accumulator; /* grad_accumulator is a strong reference (an unpacked saved leaf) */
  bool view_nograd;      /* a view made in no-grad mode: not differentiable through its base */
  bool view_multi; /* one of several views a call returned (st_split): not writable in place */
  int output_nr;
  st_node *grad_fn;          /* strong; NULL for leaves */
  st_tensor *grad;           /* accumulated .grad */
  st_node *grad_accumulator; /* weak: the AccumulateGrad node of a leaf, cleared when it dies */
  /* Views (views.c): a view op's output at level 0 in grad mode, at a grad level where the op
     was recorded, at a jvp level, and at a vmap level under a grad or jvp level, knows its base
     (the first tensor of its chain of views, never itself a view) and the steps from it.
     PyTorch's view replay: when the storage version moved since view_version (an in-place write
     through the base or another view), the view's grad_fn (tangent, at a jvp level) is made
     again from the base's. */
  st_tensor *view_base;          /* strong */
  st_view_step *view_fn;         /* strong */
  _Atomic uint64_t view_version; /* the storage version its grad_fn / tangent is current for
                                    (encoded with whether it has one: views.c) */
  struct st_hook *_Atomic hooks; /* a leaf's tensor pre-hooks and post-accumulate-grad hooks */
  st_ag_lock lock;
} st_autograd_meta;

/* What a node computes: grads for its inputs from grads of its outputs. */
typedef struct st_node_ops {
  const char *kind; /* for messages and the graph picture */
  /* gout has n->nout entries (NULL: zero); gin has n->nin entries; fill gin[i] only where
     needs[i]. Returns 0 or a status with the error set. */
  int (*apply)(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs);
  void (*release_saved)(st_node *n); /* drops saved values (after backward without retain) */
  void (*destroy)(st_node *n);       /* frees kind-specific state */
  bool null_grads; /* apply receives NULL for missing output gradients (else zeros) */
  /* Compiled autograd (compiled.c): appends what apply computes with besides the node's edges
     and metas (its attributes, the layouts of its saved values) to the backward's key, and
     the saved values to its inputs. 0, 1 when the node cannot be compiled (the reason in
     d->why), or ST_ERR_OOM. NULL: never compiled (it runs user code or keeps state). */
  int (*describe)(const st_node *n, st_ca_desc *d);
} st_node_ops;

struct st_node {
  _Atomic int64_t refcount;
  const st_node_ops *ops;
  const char *name;     /* "MulBackward": static, or held by the node's state */
  uint64_t sequence_nr; /* later-created nodes run first */
  int64_t priority;     /* raised by the user: runs before lower priorities */
  int nout;             /* gradients flowing in: one per output of the forward op */
  int nin;              /* edges: one per input of the forward op */
  /* the engine: the node's task in the graph task that last added it, a hint that a lookup
     checks (another backward may have added the node since) before its hash map */
  _Atomic int task_hint;
  st_edge *next;                 /* nin edges */
  st_tensor_meta *in_meta;       /* nin */
  st_tensor_meta *out_meta;      /* nout */
  bool saved_released;           /* backward ran without retain_graph */
  void *state;                   /* kind-specific */
  st_node *next_free;            /* st__node_release's worklist */
  struct st_hook *_Atomic hooks; /* pre/post hooks, non-leaf tensor pre-hooks, retains-grad */
  char *site;                    /* creation site in anomaly mode */
};

st_autograd_meta *st__ag_meta(st_tensor *t); /* creates it on first use; NULL on OOM */
/* A view requires grad when its base does (PyTorch's DifferentiableViewMeta::requires_grad),
   even before its grad_fn is made (st__view_refresh). */
static inline bool st__requires_grad(const st_tensor *t) {
  const st_autograd_meta *m = t->ag;
  if (!m) return false;
  if (m->requires_grad || m->grad_fn) return true;
  const st_tensor *b = m->view_base;
  return b && !m->view_nograd && b->ag && (b->ag->requires_grad || b->ag->grad_fn);
}
/* The edge a gradient for t flows along: its grad_fn, or its leaf's AccumulateGrad node
   (created on first use), as a new reference to the node. {NULL, 0} when t does not require
   grad; {NULL, -1} on OOM. */
st_edge st__gradient_edge(st_tensor *t);
/* The same without creating an AccumulateGrad node: {NULL, 0} for a leaf that has none (no
   graph reaches it). */
st_edge st__existing_gradient_edge(st_tensor *t);

/* Nodes. */
/* name must outlive the node: a static string, or one its state holds (not copied). */
st_node *st__node_new(const st_node_ops *ops, const char *name, int nin, int nout);
void st__node_retain(st_node *n);
/* A new reference unless n is already being destroyed (its count reached zero): the caller must
   keep n's memory valid (hold the lock that its destruction takes). */
bool st__node_try_retain(st_node *n);
void st__node_release(st_node *n);

/* Saved values. */
int st__save(st_saved *s, st_tensor *t, bool is_output, int output_nr);
/* The same for a value its kernel has not written yet (an op's output, self before an in-place
   write below a grad level): an active pack hook runs in st__saved_finish, once it has
   (PyTorch packs after the forward computed the value). */
int st__save_later(st_saved *s, st_tensor *t, bool is_output, int output_nr);
int st__saved_finish(st_saved *s); /* 0 when nothing was pending */
/* Returns a tensor for the saved value (a new untracked reference), re-attaching `owner` as the
   grad_fn of a saved output; NULL with ST_ERR_AUTOGRAD when the value was freed or modified in
   place since it was saved. */
st_tensor *st__unpack(const st_saved *s, st_node *owner, int index);
void st__saved_release(st_saved *s);

/* Hooks (hooks.c), in the engine's order at a node: tensor pre-hooks and retains-grad for
   every node the backward reaches, then for a node that runs its pre-hooks, the node (an
   AccumulateGrad node runs the post-accumulate-grad hooks under its leaf's lock) and its post
   hooks. Each list is copied before its hooks run, so that a hook removed (or added) by another
   hook takes effect from the next backward on, as in PyTorch. */
int st__run_tensor_pre_hooks(st_node *n, st_tensor **buf);
int st__run_retains_grad(st_node *n, st_tensor *const *buf);
int st__run_pre_hooks(st_node *n, st_tensor **buf);
int st__run_post_accumulate_hooks(st_tensor *leaf);
int st__run_post_hooks(st_node *n, st_tensor *const *gin, st_tensor *const *gout);
void st__node_hooks_free(st_node *n);
int st__add_retains_grad(st_tensor *t);
extern const st_node_ops st__accumulate_ops;
static inline bool st__is_accumulate(const st_node *n) { return n->ops == &st__accumulate_ops; }
/* Whether any hook may run at n: its own lists, or for an AccumulateGrad node its leaf's. A
   look at the heads without the registry lock, so that the engine skips hookless nodes cheaply
   (registering a hook while another thread runs backward through the node is the caller's
   race). */
static inline bool st__node_hooked(const st_node *n) {
  if (atomic_load_explicit(&n->hooks, memory_order_relaxed)) return true;
  const st_tensor *leaf = st__is_accumulate(n) ? (const st_tensor *)n->state : NULL;
  return leaf && leaf->ag && atomic_load_explicit(&leaf->ag->hooks, memory_order_relaxed);
}
/* Which kinds of hooks a node's own list holds (compiled autograd's key). */
enum { ST_HOOKS_TENSOR = 1, ST_HOOKS_RETAINS = 2, ST_HOOKS_PRE = 4, ST_HOOKS_POST = 8 };
unsigned st__node_hook_kinds(st_node *n);
void st__tensor_hooks_free(st_tensor *t);
/* An in-place op moved t's history from `from` to `to`: retains-grad follows it. */
void st__move_retains_grad(st_tensor *t, st_node *from, st_node *to);

/* Compiled autograd (seed 002: #103822). A backward is described by a key (the structure of
   the graph it runs, in the engine's order, with every node's kind, attributes and saved values'
   layouts) and inputs (the roots' gradients, then the saved values, one per storage). The
   compile layer (src/compile/autograd.c) keeps the compiled backwards by key: on a miss it asks
   for a capture run (the engine as usual, the gradients leaving the graph recorded as the
   capture's outputs), on a hit it runs the compiled graph on the inputs; both hand the outputs
   to `finish` (.grad accumulation, st_autograd_grad's results, freeing saved values). */
struct st_ca_desc {
  uint64_t *key;
  size_t nkey, capkey;
  uint64_t *sizes; /* bit w: key word w is a size, stride or offset (symbolic sizes may vary it) */
  size_t capsizes;
  st_tensor **in; /* the inputs (borrowed), one per storage */
  int nin;
  size_t capin;
  st_ptrmap seen;           /* storage -> input */
  const char *why;          /* set when the backward cannot be compiled */
  const st_saved *modified; /* with why: the saved value modified in place */
  int modified_index;       /* its index among its node's saved values */
};
/* Appends n bytes (a multiple of 8 after zero padding) to the key; 0 or ST_ERR_OOM. */
int st__ca_put(st_ca_desc *d, const void *bytes, size_t n);
int st__ca_put_meta(st_ca_desc *d, const st_tensor_meta *m);
/* An op's attributes (without ptr); the words of its list (a reshape's or expand's target
   shape, which may follow the sizes: a flattened batch) are marked as sizes, which symbolic
   sizes may vary provided each follows the template's formulas (src/compile/autograd.c), as
   put_meta's and put_tensor's are. */
int st__ca_put_attrs(st_ca_desc *d, const struct st_attrs *a);
/* A tensor the backward reads: its layout and the input its storage is (added on first sight).
   1 (with why) for a tensor inside a transform. */
int st__ca_put_tensor(st_ca_desc *d, st_tensor *t);
/* Saved value `index` of a node: 1 (with why) when freed, held by saved-tensor hooks, or
   modified in place since it was saved (the engine then runs and reports it). */
int st__ca_put_saved(st_ca_desc *d, const st_saved *s, int index);
int st__ca_put_chain(st_ca_desc *d, const st_view_step *chain); /* views.c */

typedef struct st_ca_call {
  const uint64_t *key;
  size_t nkey;
  const uint64_t *sizes; /* (nkey + 63) / 64 words: which key words are sizes */
  int nin;
  st_tensor *const *in;
  const char *why; /* not compilable: why (key and inputs are empty) */
  /* The capture run: the engine runs the backward; the nout gradients leaving the graph are
     out[] (the engine's array: finish consumes them, the engine drops what is left). Sets
     plan. */
  int (*run)(struct st_ca_call *c, int *nout, st_tensor ***out);
  /* Hands out[nout] (consumed) to the leaves and results by plan; replay: frees the saved
     values as the run did. */
  int (*finish)(struct st_ca_call *c, int nout, st_tensor **out, bool replay);
  /* Before a replay by plan, without retain_graph: new references to the inputs in owned[nin],
   and the saved values of the nodes the plan runs freed, so that the replay can drop each after
   its last use (eager frees them node by node). false with retain_graph (owned untouched). */
  bool (*take)(struct st_ca_call *c, st_tensor **owned);
  int *plan; /* where each output goes and which nodes ran, as the capture run found them */
  int nplan;
  void *engine;
} st_ca_call;
/* Set by st_set_compiled_autograd: the compile layer's entry (0: done, 1: run eagerly). */
extern int (*_Atomic st__ca_hook)(st_ca_call *c);
extern _Thread_local bool st__tls_compiled_autograd;
static inline bool st__ca_enabled(void) { return st__tls_compiled_autograd; }
/* The transforms' own backwards (grad, vjp, jvp's double vjp) bypass compiled autograd, as
   torch.func's do: off around them, then the caller's setting back. */
static inline bool st__ca_suspend(void) {
  bool prev = st__tls_compiled_autograd;
  st__tls_compiled_autograd = false;
  return prev;
}
static inline void st__ca_resume(bool prev) { st__tls_compiled_autograd = prev; }

/* Anomaly mode and the profiler (anomaly.c, profiler.c). */
bool st__anomaly_enabled(void);
int st__anomaly_check(st_node *n, st_tensor *const *gin);
void st__anomaly_record_site(st_node *n);
extern _Thread_local st_node *st__tls_current_node;
/* Profiler spans: begin returns a timestamp (0 when the profiler is off); end records
   (name, backward?) with its duration. */
uint64_t st__profiler_begin(void);
void st__profiler_end(const char *name, int backward, uint64_t t0);

/* Grad mode. */
/* The thread's switches (meta.c), read inline on the dispatch hot path. */
extern _Thread_local bool st__tls_grad_disabled, st__tls_inference_mode;
static inline bool st__grad_mode(void) { return !st__tls_grad_disabled && !st__tls_inference_mode; }
static inline bool st__inference_mode(void) { return st__tls_inference_mode; }
/* The thread's two switches together, for a transform that sets its own and restores the
   caller's (torch.func's "grad and vjp interaction with no_grad"): st__grad_modes_set returns
   the previous pair. */
typedef struct st_grad_modes {
  bool enabled;   /* st_set_grad_enabled */
  bool inference; /* st_set_inference_mode */
} st_grad_modes;
st_grad_modes st__grad_modes_set(st_grad_modes m);

/* Recording, called by dispatch at level 0 and by the grad interpreter at its level
   (record.c). st__needs_record says whether a call must record a node (grad mode on,
   differentiable op, an input of this level requiring grad) after checking the in-place rules
   (a leaf that requires grad, a view of one, a view made in no-grad mode). Edges go only to
   inputs of `level` (lower ones are constants there). The node saves save_in / save_out (the
   values the rule computes with: the tensors themselves at level 0, the values below the
   wrappers at a grad level), and of those only what the gradients of the inputs that require
   grad read (st_op.saves_for). For an in-place op whose node reads input 0, `self_before` is a
   copy of input 0's value taken before the kernel (st__record_wants_self_copy).

   st__record_prepare allocates everything before the kernel runs (outputs must exist: an
   in-place op's is input 0); st__record_commit attaches it after and cannot fail;
   st__record_abort frees a prepared record (the call failed). An in-place op on a view gives
   the view's base a CopySlices node and the view its grad_fn again from it. */
struct st_opcall;
typedef struct st_record {
  const struct st_opcall *c;
  int level, nout;
  st_tensor **out;
  st_node *node;    /* the op's node */
  st_node *slices;  /* an in-place op on a view: the base's new grad_fn (holds node) */
  st_node *view_fn; /* ... and the view's */
} st_record;
int st__needs_record(const struct st_opcall *c, int level, bool *needed);
/* The error of writing a view made in no-grad mode (self) with grad mode on (ST_ERR_INPLACE). */
int st__inplace_nograd_view_error(const struct st_opcall *c, const st_tensor *self);
bool st__record_wants_self_copy(const struct st_opcall *c, int level);
int st__record_prepare(st_record *r, const struct st_opcall *c, int level, st_tensor **out,
                       int nout, st_tensor *const *save_in, st_tensor *const *save_out,
                       st_tensor *self_before);
/* After the kernel, before commit: the saved outputs' pack hooks run on what it wrote (a hook's
   failure fails the call; abort then). */
int st__record_finish(st_record *r);
void st__record_commit(st_record *r);
void st__record_abort(st_record *r);
/* prepare and commit at once (nothing to write in between) */
int st__record(const struct st_opcall *c, int level, st_tensor **out, int nout,
               st_tensor *const *save_in, st_tensor *const *save_out, st_tensor *self_before);

/* "log_softmax" -> "LogSoftmaxBackward", as PyTorch names its nodes (record.c). */
struct st_op;
const char *st__node_name(const struct st_op *op);

/* Views (views.c). st__view_track makes output `out` of view call c (a view of input `alias`)
   a differentiable view: its base (the input's own base when that is a view) and the chain of
   view ops from it; `nograd` marks a view made outside grad mode. st__view_track_outputs does
   it for every view output of a call at level 0 (metas from infer), in grad mode (outside it
   only for views of tensors that require grad). st__view_inherit makes t a view of `base`
   with the chain of `view` (a tensor lifted into a transform, dispatch.c). */
struct st_meta;
int st__view_track(const struct st_opcall *c, int alias, st_tensor *out, bool nograd);
int st__view_track_outputs(const struct st_opcall *c, const struct st_meta *m, st_tensor **out);
int st__view_inherit(st_tensor *t, st_tensor *base, const st_tensor *view);
/* t (new, level 0) stops being a view: its base is a temporary nothing else reaches (a
   composite op's result is a view of its own intermediate, where PyTorch's op makes a new
   tensor); its history, or none, stays. */
void st__view_forget(st_tensor *t);
void st__view_fn_release(st_view_step *s);
/* View replay: a view's grad_fn (a jvp wrapper's tangent) made again from its base's when the
   storage was written since it was last made, or when it has none and its base now requires
   grad. A no-op for other tensors. Returns 0 or ST_ERR_OOM. */
int st__view_refresh(st_tensor *t);
/* Whether t is a view made in no-grad mode or one of several views a call returned, whose base
   or another view was written in place since it was made, with a history it would need (its
   base requires grad): PyTorch refuses to use it with grad mode on (CreationMeta). The error
   names `who` (NULL: no function), ST_ERR_INPLACE. */
bool st__view_rebased(const st_tensor *t);
int st__view_rebased_error(const st_tensor *t, const char *who);
/* view's grad_fn (or tangent) is current for its storage's version: `made` when it has one for
   a base that requires grad (after an in-place op on the view, true). */
void st__view_mark_current(st_tensor *view, bool made);
/* The chain's view ops on x, shaped like the base (the view's part of x), and the transpose:
   g, shaped like the view, placed in a base-shaped tensor of zeros. Public ops: tracked
   references in the current scope; NULL with the error set. */
st_tensor *st__view_replay(const st_view_step *chain, st_tensor *x);
st_tensor *st__view_embed(const st_view_step *chain, st_tensor *g);
/* The embedding of x, the view's new values after an in-place write, where each base element
   takes the value of the view's elements that show it: the transpose divided by their count
   (which is 1 unless the chain expands). Same conventions. */
st_tensor *st__view_embed_written(const st_view_step *chain, st_tensor *x);
/* A node whose gradient is the chain's transpose, with base_edge (consumed) as its one edge:
   the grad_fn of a view made again from its base. NULL on OOM. */
st_node *st__view_node_new(st_view_step *chain, st_edge base_edge);
/* What a node keeps of a view it saves at level 0: an alias carrying its grad_fn but not its
   base (which would hold the graph the node is part of). t itself for other tensors. New
   untracked reference; NULL on OOM. */
st_tensor *st__view_saved(st_tensor *t);
/* CopySlices: the new grad_fn of `base` after an in-place op on `view` recorded as node fn
   (whose edge 0 is unused: the node's edge 0 is the base's current history). NULL on OOM. */
st_node *st__copy_slices_new(st_tensor *base, st_tensor *view, st_node *fn);

#endif /* STRATA_AUTOGRAD_H */
