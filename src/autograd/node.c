/* node.c — graph nodes (refcounted, with edges to the nodes of their inputs), saved values
   with version checks and saved-tensor hooks, and the AccumulateGrad node of a leaf with its
   locked, layout-keeping accumulation into .grad. */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "../dispatch/interp.h"
#include "autograd.h"

static _Thread_local uint64_t tls_sequence_nr;

/* --------------------------------------------------------------------------------- locks */

static _Thread_local char tls_lock_token; /* its address tells threads apart */

void st__ag_lock(st_ag_lock *l) {
  uintptr_t me = (uintptr_t)&tls_lock_token;
  if (atomic_load_explicit(&l->owner, memory_order_relaxed) == me) {
    l->depth++;
    return;
  }
  for (int spins = 0;; spins++) {
    uintptr_t free_owner = 0;
    if (atomic_compare_exchange_weak_explicit(&l->owner, &free_owner, me, memory_order_acquire,
                                              memory_order_relaxed))
      break;
    if (spins >= 64) sched_yield(); /* the holder may be adding a large gradient */
  }
  l->depth = 1;
}

void st__ag_unlock(st_ag_lock *l) {
  if (--l->depth == 0) atomic_store_explicit(&l->owner, 0, memory_order_release);
}

/* ---------------------------------------------------------------------------------- nodes */

/* A node and its edge and meta arrays are one allocation (the recording hot path allocates as
   little as it can). */
static size_t node_bytes(int nin, int nout) {
  return sizeof(st_node) + sizeof(st_edge) * (size_t)nin +
         sizeof(st_tensor_meta) * (size_t)(nin + nout);
}

st_node *st__node_new(const st_node_ops *ops, const char *name, int nin, int nout) {
  st_node *n = st__alloc(node_bytes(nin, nout));
  if (!n) return NULL;
  memset(n, 0, node_bytes(nin, nout));
  n->next = (st_edge *)(n + 1);
  n->in_meta = (st_tensor_meta *)(n->next + nin);
  n->out_meta = n->in_meta + nin;
  atomic_init(&n->refcount, 1);
  n->ops = ops;
  n->name = name;
  n->sequence_nr = tls_sequence_nr++;
  n->nin = nin;
  n->nout = nout;
  st__live_add(1);
  return n;
}

void st__node_retain(st_node *n) {
  if (n) atomic_fetch_add_explicit(&n->refcount, 1, memory_order_relaxed);
}

bool st__node_try_retain(st_node *n) {
  int64_t c = atomic_load_explicit(&n->refcount, memory_order_relaxed);
  while (c > 0)
    if (atomic_compare_exchange_weak_explicit(&n->refcount, &c, c + 1, memory_order_relaxed,
                                              memory_order_relaxed))
      return true;
  return false;
}

/* Releasing a long chain recursively would overflow the stack (a 100k-op graph), so nodes
   whose count drops to zero are freed from an explicit worklist. */
void st__node_release(st_node *n) {
  if (!n) return;
  /* A count of 1 is the caller's: freed without a read-modify-write, except a leaf's
     AccumulateGrad node, which its leaf holds weakly (st__node_try_retain counts on 0). */
  if ((atomic_load_explicit(&n->refcount, memory_order_acquire) != 1 ||
       n->ops == &st__accumulate_ops) &&
      atomic_fetch_sub_explicit(&n->refcount, 1, memory_order_acq_rel) != 1)
    return;
  static _Thread_local st_node *pending; /* nodes to free, linked through next_free */
  static _Thread_local bool draining;
  n->next_free = pending;
  pending = n;
  if (draining) return;
  draining = true;
  while (pending) {
    st_node *d = pending;
    pending = d->next_free;
    if (d->ops->destroy) d->ops->destroy(d);
    st__node_hooks_free(d);
    if (d->site) st__free(d->site, strlen(d->site) + 1);
    for (int i = 0; i < d->nin; i++) st__node_release(d->next[i].node);
    st__free(d, node_bytes(d->nin, d->nout));
    st__live_add(-1);
  }
  draining = false;
}

/* ---------------------------------------------------------------- saved-tensor hooks */

/* A value packed by saved-tensor hooks: the user's handle, the hooks that made it, what it
   must unpack to, and how the saved tensor took part in its own level's graph (so that the
   unpacked tensor does too: PyTorch's SavedVariable keeps grad_fn and the grad accumulator). */
typedef struct st_saved_pack {
  st_packed value; /* value.tensor: strong */
  bool packed;     /* pack returned: free_packed owes a call */
  bool shares;     /* value.tensor is on the saved tensor's storage: versions still apply */
  st_unpack_hook unpack;
  st_packed_free free_packed;
  void *user;
  st_tensor_meta meta; /* logical shape and dtype of the saved value */
  int level;           /* and its transform level (0: a plain tensor) */
  uint32_t level_id;
  st_node *grad_fn; /* a saved non-leaf: strong */
  int output_nr;
  st_node *accumulator; /* a saved leaf that requires grad: its AccumulateGrad node, strong */
  st_pack_hook pack;
  st_tensor *pending; /* saved before the kernel wrote it: what pack runs on once it has */
} st_saved_pack;

#define MAX_SAVED_HOOKS 64
typedef struct {
  st_pack_hook pack;
  st_unpack_hook unpack;
  st_packed_free free_packed;
  void *user;
} hooks_entry;
static _Thread_local struct {
  hooks_entry entry[MAX_SAVED_HOOKS];
  int n;
} tls_saved_hooks;

int st_saved_tensors_hooks_push(st_pack_hook pack, st_unpack_hook unpack,
                                st_packed_free free_packed, void *user) {
  if (!pack || !unpack)
    return st__error(ST_ERR_ARG, "st_saved_tensors_hooks_push: %s is NULL",
                     pack ? "unpack" : "pack");
  if (tls_saved_hooks.n == MAX_SAVED_HOOKS)
    return st__error(ST_ERR_ARG, "st_saved_tensors_hooks_push: more than %d pairs are pushed",
                     MAX_SAVED_HOOKS);
  tls_saved_hooks.entry[tls_saved_hooks.n++] = (hooks_entry){pack, unpack, free_packed, user};
  return 0; /* like st_scope_push, the error of an earlier call stays */
}

void st_saved_tensors_hooks_pop(void) {
  if (tls_saved_hooks.n == 0) {
    st__error(ST_ERR_ARG, "st_saved_tensors_hooks_pop: no hooks are pushed on this thread");
    return;
  }
  tls_saved_hooks.n--;
}

static uint64_t version_of(const st_tensor *t) {
  return atomic_load_explicit(&t->storage->version, memory_order_relaxed);
}

/* A hook's failure keeps the hook's own error; one without a message gets one naming it. */
static int hook_failed(int rc, const char *which) {
  if (st__has_error()) return st__status();
  return st__error(rc < 0 && rc >= ST_ERR_IO ? (st_status)rc : ST_ERR_AUTOGRAD,
                   "st_saved_tensors_hooks: the %s hook failed with status %d and no message",
                   which, rc);
}

static void packed_free(st_saved_pack *p) {
  if (!p) return;
  if (p->packed && p->free_packed) p->free_packed(p->user, p->value.handle);
  st__drop(p->value.tensor);
  st__drop(p->pending);
  st__node_release(p->grad_fn);
  st__node_release(p->accumulator);
  st__free(p, sizeof *p);
}

/* Runs pack on t in a scope of its own with grad mode off; pack must not write t. */
static int call_pack(const hooks_entry *h, st_tensor *t, st_saved_pack *p) {
  uint64_t before = version_of(t);
  int rc = st_scope_push(); /* a failed push still wants its pop */
  if (!rc) {
    bool prev = st_set_grad_enabled(false);
    rc = h->pack(h->user, t, &p->value);
    st_set_grad_enabled(prev);
    if (rc) {
      p->value.tensor = NULL; /* a failed pack cleans up after itself; its scope drops the rest */
      rc = hook_failed(rc, "pack");
    } else {
      st__untrack_top(p->value.tensor); /* made inside pack: strata holds it now */
      p->packed = true;
      p->shares = p->value.tensor && p->value.tensor->storage == t->storage;
    }
  }
  st_scope_pop();
  if (rc) return rc;
  if (version_of(t) != before)
    return st__error(ST_ERR_INPLACE,
                     "st_saved_tensors_hooks: a pack hook modified the tensor it was given (shape "
                     "%s) in place; pack must not write its input",
                     ST_SHAPE_STR(t));
  return 0;
}

/* Saves t through the innermost hooks. An output is handed to pack as an alias without
   history (pack may keep it: no reference cycle through the node). */
static int save_packed(st_saved *s, st_tensor *t, bool is_output, bool later) {
  const hooks_entry *h = &tls_saved_hooks.entry[tls_saved_hooks.n - 1];
  st_saved_pack *p = st__alloc(sizeof *p);
  st_tensor *arg = NULL;
  if (!p) return ST_ERR_OOM;
  *p = (st_saved_pack){.pack = h->pack,
                       .unpack = h->unpack,
                       .free_packed = h->free_packed,
                       .user = h->user,
                       .level = t->level,
                       .level_id = t->level_id};
  st__meta_of(&p->meta, t);
  int rc = 0;
  if (!is_output && st__requires_grad(t)) {
    if (t->ag->grad_fn) {
      st__node_retain(t->ag->grad_fn);
      p->grad_fn = t->ag->grad_fn;
      p->output_nr = t->ag->output_nr;
    } else {
      st_edge e = st__gradient_edge(t);
      if (e.input_nr < 0) rc = ST_ERR_OOM;
      p->accumulator = e.node;
    }
  }
  if (!rc && is_output)
    arg = st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
  else if (!rc)
    arg = st_retain(t);
  if (!rc && !arg) rc = ST_ERR_OOM;
  if (!rc && later) {
    p->pending = arg; /* st__saved_finish packs it */
    s->pack = p;
    return 0;
  }
  if (!rc) rc = call_pack(h, arg, p);
  st__drop(arg);
  if (rc) {
    packed_free(p);
    return rc;
  }
  s->pack = p;
  return 0;
}

/* ---------------------------------------------------------------------------- saved values */

/* The plain tensor under t's wrappers: what holds the data (and is or is not an inference
   tensor). */
static const st_tensor *bottom_of(const st_tensor *t) {
  while (t->wrap != ST_WRAP_NONE) t = t->value;
  return t;
}

static int save(st_saved *s, st_tensor *t, bool is_output, int output_nr, bool later) {
  if (bottom_of(t)->inference)
    return st__error(ST_ERR_AUTOGRAD,
                     "an inference tensor (shape %s, made in inference mode) cannot be saved for "
                     "backward; clone it outside inference mode to get a normal tensor",
                     ST_SHAPE_STR(t));
  s->is_output = is_output;
  s->output_nr = output_nr;
  s->pack = NULL;
  s->t = NULL;
  s->version = version_of(t);
  if (tls_saved_hooks.n) return save_packed(s, t, is_output, later);
  if (!is_output) {
    s->t = st_retain(t);
    return 0;
  }
  /* An alias without autograd state: the output holds this node, so holding the output
     itself would be a cycle. */
  s->t = st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
  return s->t ? 0 : ST_ERR_OOM;
}

int st__save(st_saved *s, st_tensor *t, bool is_output, int output_nr) {
  return save(s, t, is_output, output_nr, false);
}

int st__save_later(st_saved *s, st_tensor *t, bool is_output, int output_nr) {
  return save(s, t, is_output, output_nr, true);
}

int st__saved_finish(st_saved *s) {
  st_saved_pack *p = s->pack;
  if (!p || !p->pending) return 0;
  hooks_entry h = {p->pack, p->unpack, p->free_packed, p->user};
  st_tensor *arg = p->pending;
  p->pending = NULL;
  int rc = call_pack(&h, arg, p);
  st__drop(arg);
  return rc;
}

/* PyTorch frees a graph's saved values after a backward through it unless retain_graph. */
static int saved_freed_error(const st_node *owner, int index) {
  return st__error(ST_ERR_AUTOGRAD,
                   "backward through the graph a second time: saved value %d of %s was freed by "
                   "the backward that first ran through it; pass retain_graph = true to "
                   "st_backward / st_autograd_grad for every backward but the last",
                   index, owner ? owner->name : "a node");
}

/* A tensor header of our own over what u shows (u is held by someone else too). */
static st_tensor *shallow_copy(st_tensor *u) {
  if (u->wrap == ST_WRAP_NONE)
    return st__tensor_view(u->storage, u->dtype, u->ndim, u->shape, u->strides, u->offset);
  return st__wrap(u->level, u->value, u->bdim, u->tangent);
}

/* Gives the unpacked value the saved tensor's place in its graph: the owner node for a saved
   output (in grad mode), else the saved tensor's grad_fn or AccumulateGrad node. Takes u. */
static st_tensor *adopt(st_tensor *u, const st_saved *s, st_node *owner) {
  const st_saved_pack *p = s->pack;
  bool output = s->is_output && st__grad_mode() && st__is_float(u->dtype);
  if (!output && !p->grad_fn && !p->accumulator) return u;
  st_tensor *v = u;
  if (atomic_load_explicit(&u->refcount, memory_order_acquire) != 1 || u->ag) {
    v = shallow_copy(u);
    st__drop(u);
    if (!v) return NULL;
  }
  st_autograd_meta *m = st__ag_meta(v);
  if (!m) {
    st__drop(v);
    return NULL;
  }
  if (output || p->grad_fn) {
    m->grad_fn = output ? owner : p->grad_fn;
    m->output_nr = output ? s->output_nr : p->output_nr;
    st__node_retain(m->grad_fn);
  } else {
    st__node_retain(p->accumulator);
    m->requires_grad = true;
    m->grad_accumulator = p->accumulator;
    m->owns_accumulator = true;
  }
  return v;
}

static bool same_meta(const st_tensor *t, const st_tensor_meta *m) {
  if (t->dtype != m->dtype || t->ndim != m->ndim) return false;
  for (int d = 0; d < m->ndim; d++)
    if (t->shape[d] != m->shape[d]) return false;
  return true;
}

static int version_error(const st_tensor *t, uint64_t now, uint64_t saved, const char *name,
                         int index) {
  return st__error(ST_ERR_INPLACE,
                   "one of the variables needed for gradient computation has been modified by an "
                   "inplace operation: [%s %s] is at version %llu; expected version %llu instead. "
                   "It was saved by %s (saved value %d).",
                   st_dtype_name(t->dtype), ST_SHAPE_STR(t), (unsigned long long)now,
                   (unsigned long long)saved, name, index);
}

static st_tensor *unpack_packed(const st_saved *s, st_node *owner, int index) {
  const st_saved_pack *p = s->pack;
  const char *name = owner ? owner->name : "st_ctx_saved";
  st_tensor *u = NULL;
  /* a packed copy keeps the value the forward saw; a packed alias of the saved memory sees
     in-place writes, which are then errors as without hooks */
  if (p->shares && version_of(p->value.tensor) != s->version) {
    version_error(p->value.tensor, version_of(p->value.tensor), s->version, name, index);
    return NULL;
  }
  int rc = st_scope_push(); /* a failed push still wants its pop */
  if (!rc) {
    bool prev = st_set_grad_enabled(false);
    rc = p->unpack(p->user, &p->value, &u);
    st_set_grad_enabled(prev);
    st__untrack_top(u);
    if (rc) rc = hook_failed(rc, "unpack");
  }
  st_scope_pop();
  char want[96];
  if (rc) {
    st__drop(u);
    return NULL;
  }
  if (!u) {
    st__error(ST_ERR_AUTOGRAD,
              "st_saved_tensors_hooks: the unpack hook returned no tensor for "
              "saved value %d of %s",
              index, name);
    return NULL;
  }
  if (!same_meta(u, &p->meta) || u->level != p->level || (p->level && u->level_id != p->level_id)) {
    st__error(ST_ERR_AUTOGRAD,
              "st_saved_tensors_hooks: the unpack hook returned a %s tensor of shape %s (level "
              "%d) for saved value %d of %s, which was a %s tensor of shape %s (level %d)",
              st_dtype_name(u->dtype), ST_SHAPE_STR(u), u->level, index, name,
              st_dtype_name(p->meta.dtype),
              st__fmt_shape(want, sizeof want, p->meta.ndim, p->meta.shape), p->level);
    st__drop(u);
    return NULL;
  }
  return adopt(u, s, owner);
}

st_tensor *st__unpack(const st_saved *s, st_node *owner, int index) {
  if (s->pack) return unpack_packed(s, owner, index);
  if (!s->t) {
    saved_freed_error(owner, index);
    return NULL;
  }
  uint64_t now = version_of(s->t);
  if (now != s->version) {
    version_error(s->t, now, s->version, owner->name, index);
    return NULL;
  }
  /* a saved output is an alias without history: shared as it is unless it gets its node back */
  if (!s->is_output || !st__grad_mode() || !st__is_float(s->t->dtype)) return st_retain(s->t);
  st_tensor *t = st__tensor_view(s->t->storage, s->t->dtype, s->t->ndim, s->t->shape, s->t->strides,
                                 s->t->offset);
  if (!t) return NULL;
  /* Re-attach the owner so that create_graph differentiates through it; like attach_output,
     only float outputs have history (a bool mask or i64 indices never require grad). */
  st_autograd_meta *m = st__ag_meta(t);
  if (!m) {
    st__drop(t);
    return NULL;
  }
  st__node_retain(owner);
  m->grad_fn = owner;
  m->output_nr = s->output_nr;
  return t;
}

void st__saved_release(st_saved *s) {
  st__drop(s->t);
  s->t = NULL;
  if (s->pack) {
    packed_free(s->pack);
    s->pack = NULL;
  }
}

/* ------------------------------------------------------------------------ AccumulateGrad */

/* PyTorch's accumulateGrad (torch/csrc/autograd/functions/accumulate_grad.h), with its
   gradient layout contract: .grad has the leaf's strides when the leaf is non-overlapping and
   dense, else it is contiguous; it never has stride 0 or overlapping elements. */

/* t's dims of size > 1 by increasing stride into order; their count, or -1 when one has a
   stride <= 0 (a broadcast or reversed dim: neither dense nor free of overlap). */
static int dims_by_stride(const st_tensor *t, int *order) {
  int n = 0;
  for (int d = 0; d < t->ndim; d++) {
    if (t->shape[d] < 2) continue;
    if (t->strides[d] <= 0) return -1;
    int k = n++;
    while (k > 0 && t->strides[order[k - 1]] > t->strides[d]) order[k] = order[k - 1], k--;
    order[k] = d;
  }
  return n;
}

static bool dense(const st_tensor *t) {
  int order[ST_MAX_DIMS], n = dims_by_stride(t, order);
  if (n < 0) return false;
  int64_t want = 1;
  for (int k = 0; k < n; k++) {
    if (t->strides[order[k]] != want) return false;
    want *= t->shape[order[k]];
  }
  return true;
}

static bool obeys_layout(const st_tensor *g, const st_tensor *leaf) {
  if (!dense(leaf)) {
    if (!st__is_contiguous(g)) return false;
  } else {
    for (int d = 0; d < leaf->ndim; d++)
      if (leaf->shape[d] != 1 && g->strides[d] != leaf->strides[d]) return false;
  }
  for (int d = 0; d < g->ndim; d++) /* a size-1 dim of stride 0 is a broadcast view */
    if (g->strides[d] == 0 && g->shape[d] == 1) return false;
  return true;
}

/* No two elements share memory, so adding in place is exact. */
static bool no_overlap(const st_tensor *t) {
  int order[ST_MAX_DIMS], n = dims_by_stride(t, order);
  if (n < 0) return false;
  for (int k = 1; k < n; k++)
    if (t->strides[order[k]] < t->strides[order[k - 1]] * t->shape[order[k - 1]]) return false;
  return true;
}

/* PyTorch's clone_obey_contract: a copy of g laid out like the leaf when it is dense (size-1
   dims get the stride a contiguous layout would give them), else contiguous. Under
   create_graph the copy is recorded, so the new .grad keeps g's history. */
static st_tensor *clone_obeying(st_tensor *g, const st_tensor *leaf) {
  if (g->level || !dense(leaf) || st__is_contiguous(leaf)) return st__untrack(st_clone(g));
  int64_t strides[ST_MAX_DIMS], numel = st__numel(leaf->ndim, leaf->shape);
  for (int d = leaf->ndim - 1; d >= 0; d--)
    strides[d] = leaf->shape[d] != 1  ? leaf->strides[d]
                 : d + 1 < leaf->ndim ? strides[d + 1] * leaf->shape[d + 1]
                                      : 1;
  st_storage *s = st__storage_new((size_t)numel * (size_t)st__esize(g->dtype));
  st_tensor *t = s ? st__tensor_view(s, g->dtype, leaf->ndim, leaf->shape, strides, 0) : NULL;
  st__storage_release(s);
  if (t && st_copy_(t, g)) {
    st__drop(t);
    t = NULL;
  }
  return t;
}

/* A first gradient is stolen, as in PyTorch, when nothing else holds it (the engine's buffer
   is its only reference) and it obeys the layout contract; strata also asks that nothing else
   holds its memory, so .grad never aliases a tensor the user can write. */
static bool can_steal(const st_tensor *g, const st_tensor *leaf) {
  return g->level == 0 && !g->ag && atomic_load(&g->refcount) == 1 &&
         atomic_load(&g->storage->refcount) == 1 && obeys_layout(g, leaf);
}

/* Adds g into leaf's .grad: without grad mode in place, so a reference fetched earlier sees the
   sum (test_autograd.py test_accumulate_grad); under create_graph out of place, so the sum has
   history. Returns 0 with the leaf's lock held (its post-accumulate hooks run under it);
   references to drop once it is released go to garbage[]. Sums are computed outside the lock
   and installed only if .grad did not change meanwhile, else computed again. */
static int accumulate(st_tensor *leaf, st_autograd_meta *m, st_tensor *g, st_tensor **garbage) {
  bool grad_mode = st__grad_mode();
  st_tensor *next = NULL, *seen = NULL;
  for (;;) {
    st__ag_lock(&m->lock);
    st_tensor *cur = m->grad;
    if (next) {
      if (cur == seen) {
        m->grad = next;
        garbage[0] = cur; /* .grad's reference, and ours */
        garbage[1] = seen;
        return 0;
      }
      st__ag_unlock(&m->lock);
      st__drop(next);
      st__drop(seen);
      next = seen = NULL;
      continue;
    }
    if (!grad_mode && !cur && can_steal(g, leaf)) {
      m->grad = st_retain(g);
      return 0;
    }
    if (!grad_mode && cur && cur->level == 0 && no_overlap(cur)) {
      int rc = st_add_(cur, g);
      if (rc) st__ag_unlock(&m->lock);
      return rc;
    }
    seen = st_retain(cur);
    st__ag_unlock(&m->lock);
    next = seen ? st__untrack(st_add(seen, g)) : clone_obeying(g, leaf);
    if (!next) {
      st__drop(seen);
      return st__status() ? st__status() : ST_ERR_OOM;
    }
  }
}

/* state: the leaf (strong). */
static int accumulate_apply(st_node *n, st_tensor *const *gout, st_tensor **gin,
                            const bool *needs) {
  /* a leaf's .grad written inside st_compile's capture (st_backward inside f) is a side effect
     the graph would not replay: f runs eagerly instead */
  st__capture_refuse("it accumulates into a leaf's .grad (st_backward inside the function), "
                     "which a graph does not replay");
  (void)gin;
  (void)needs;
  st_tensor *leaf = n->state;
  if (!leaf || !gout[0]) return 0;
  st_autograd_meta *m = leaf->ag;
  /* a leaf whose requires_grad was turned off after the graph was built gets nothing (PyTorch's
     AccumulateGrad returns early too, before its post-accumulate hooks) */
  if (!m || !m->requires_grad) return 0;
  st_tensor *garbage[2] = {0};
  int rc = accumulate(leaf, m, gout[0], garbage);
  if (!rc) {
    if (atomic_load_explicit(&m->hooks, memory_order_relaxed))
      rc = st__run_post_accumulate_hooks(leaf);
    st__ag_unlock(&m->lock);
  }
  st__drop(garbage[0]);
  st__drop(garbage[1]);
  return rc;
}

static void accumulate_destroy(st_node *n) {
  st_tensor *leaf = n->state;
  if (!leaf) return;
  st_autograd_meta *m = leaf->ag;
  st__ag_lock(&m->lock);
  if (m->grad_accumulator == n) m->grad_accumulator = NULL;
  st__ag_unlock(&m->lock);
  st__drop(leaf);
}

const st_node_ops st__accumulate_ops = {
    "AccumulateGrad", accumulate_apply, NULL, accumulate_destroy, false, NULL};

/* A leaf's AccumulateGrad node, made once: under the leaf's lock, and a node whose count already
   reached zero on another thread (being destroyed, waiting for this lock to unlink itself) is
   never handed out again but replaced. */
static st_edge leaf_edge(st_tensor *t, bool create) {
  st_autograd_meta *m = t->ag;
  st__ag_lock(&m->lock);
  st_node *n = m->grad_accumulator;
  if (n && st__node_try_retain(n)) {
    st__ag_unlock(&m->lock);
    return (st_edge){n, 0};
  }
  if (!create) {
    st__ag_unlock(&m->lock);
    return (st_edge){NULL, 0};
  }
  n = st__node_new(&st__accumulate_ops, "AccumulateGrad", 0, 1);
  if (!n) {
    st__ag_unlock(&m->lock);
    return (st_edge){NULL, -1};
  }
  st__meta_of(&n->out_meta[0], t);
  /* PyTorch's AccumulateGrad takes the largest sequence number (accumulate_grad.cpp), so a
     leaf's gradient is accumulated as soon as it is complete, however old the leaf's node is */
  n->sequence_nr = UINT64_MAX;
  n->state = st_retain(t);
  m->grad_accumulator = n; /* weak: the graph holds it */
  st__ag_unlock(&m->lock);
  return (st_edge){n, 0};
}

/* Returns a new reference to the edge's node. */
st_edge st__gradient_edge(st_tensor *t) {
  if (t->ag && t->ag->view_base && st__view_refresh(t)) return (st_edge){NULL, -1}; /* a view */
  if (!st__requires_grad(t)) return (st_edge){NULL, 0};
  st_autograd_meta *m = t->ag;
  if (m->grad_fn) {
    st__node_retain(m->grad_fn);
    return (st_edge){m->grad_fn, m->output_nr};
  }
  return leaf_edge(t, true);
}

st_edge st__existing_gradient_edge(st_tensor *t) {
  if (!st__requires_grad(t)) return (st_edge){NULL, 0};
  if (t->ag->grad_fn) {
    st__node_retain(t->ag->grad_fn);
    return (st_edge){t->ag->grad_fn, t->ag->output_nr};
  }
  return leaf_edge(t, false);
}
