/* autograd.h — private declarations of the autograd layer: per-tensor autograd metadata, graph
   nodes with saved values, and the engine. One node type serves eager autograd (level 0) and,
   later, every grad level of the transform stack. */
#ifndef STRATA_AUTOGRAD_H
#define STRATA_AUTOGRAD_H

#include "../core/core.h"

typedef struct st_node st_node;

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

/* Per-tensor autograd state, allocated on first need (by the thread that owns the tensor: the
   calls that create it write the tensor). `lock` guards .grad and grad_accumulator of a leaf
   that threads share; the hook lists are guarded by the hook registry's lock. */
typedef struct st_autograd_meta {
  bool requires_grad; /* set by the user on a leaf */
  bool retains_grad;
  bool owns_accumulator; /* grad_accumulator is a strong reference (an unpacked saved leaf) */
  int output_nr;
  st_node *grad_fn;              /* strong; NULL for leaves */
  st_tensor *grad;               /* accumulated .grad */
  st_node *grad_accumulator;     /* weak: the AccumulateGrad node of a leaf, cleared when it dies */
  st_tensor *view_base;          /* set when this is a view of a tensor that requires grad */
  uint64_t view_version;         /* the storage version when the view was made */
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
} st_node_ops;

struct st_node {
  _Atomic int64_t refcount;
  const st_node_ops *ops;
  char name[48];                 /* "MulBackward" */
  uint64_t sequence_nr;          /* later-created nodes run first */
  int64_t priority;              /* raised by the user: runs before lower priorities */
  int nout;                      /* gradients flowing in: one per output of the forward op */
  int nin;                       /* edges: one per input of the forward op */
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
static inline bool st__requires_grad(const st_tensor *t) {
  return t->ag && (t->ag->requires_grad || t->ag->grad_fn);
}
/* The edge a gradient for t flows along: its grad_fn, or its leaf's AccumulateGrad node
   (created on first use), as a new reference to the node. {NULL, 0} when t does not require
   grad; {NULL, -1} on OOM. */
st_edge st__gradient_edge(st_tensor *t);
/* The same without creating an AccumulateGrad node: {NULL, 0} for a leaf that has none (no
   graph reaches it). */
st_edge st__existing_gradient_edge(st_tensor *t);

/* Nodes. */
st_node *st__node_new(const st_node_ops *ops, const char *name, int nin, int nout);
void st__node_retain(st_node *n);
/* A new reference unless n is already being destroyed (its count reached zero): the caller must
   keep n's memory valid (hold the lock that its destruction takes). */
bool st__node_try_retain(st_node *n);
void st__node_release(st_node *n);

/* Saved values. */
int st__save(st_saved *s, st_tensor *t, bool is_output, int output_nr);
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
void st__tensor_hooks_free(st_tensor *t);
/* An in-place op moved t's history from `from` to `to`: retains-grad follows it. */
void st__move_retains_grad(st_tensor *t, st_node *from, st_node *to);

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
bool st__grad_mode(void);
bool st__inference_mode(void);
/* The thread's two switches together, for a transform that sets its own and restores the
   caller's (torch.func's "grad and vjp interaction with no_grad"): st__grad_modes_set returns
   the previous pair. */
typedef struct st_grad_modes {
  bool enabled;   /* st_set_grad_enabled */
  bool inference; /* st_set_inference_mode */
} st_grad_modes;
st_grad_modes st__grad_modes_set(st_grad_modes m);

/* Recording, called by dispatch at level 0 and by the grad interpreter at its level:
   st__needs_record says whether a call must record a node (grad mode on, differentiable op, an
   input of this level requiring grad) after checking in-place and view rules; st__record then
   builds the node once the outputs exist. Edges go only to inputs of `level` (lower ones are
   constants there). The node saves save_in / save_out (the values the rule computes with: the
   tensors themselves at level 0, the values below the wrappers at a grad level). For an
   in-place op whose rule reads input 0, `self_before` is a copy of input 0's value taken before
   the kernel. */
struct st_opcall;
int st__needs_record(const struct st_opcall *c, int level, bool *needed);
bool st__record_wants_self_copy(const struct st_opcall *c);
int st__record(const struct st_opcall *c, int level, st_tensor **out, int nout,
               st_tensor *const *save_in, st_tensor *const *save_out, st_tensor *self_before);

#endif /* STRATA_AUTOGRAD_H */
