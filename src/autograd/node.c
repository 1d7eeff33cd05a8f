/* node.c — graph nodes (refcounted, with edges to the nodes of their inputs), saved values
   with version checks, and the AccumulateGrad node of a leaf. */
#include <stdio.h>
#include <string.h>

#include "autograd.h"

static _Thread_local uint64_t tls_sequence_nr;

/* A node and its edge and meta arrays are one allocation (the recording hot path allocates as
   little as it can). */
static size_t node_bytes(int nin, int nout) {
  return sizeof(st_node) + sizeof(st_edge) * (size_t)nin + sizeof(st_tensor_meta) * (size_t)(nin + nout);
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
  size_t len = strlen(name);
  if (len >= sizeof n->name) len = sizeof n->name - 1;
  memcpy(n->name, name, len);
  n->sequence_nr = tls_sequence_nr++;
  n->nin = nin;
  n->nout = nout;
  atomic_fetch_add_explicit(&st__live, 1, memory_order_relaxed);
  return n;
}

void st__node_retain(st_node *n) {
  if (n) atomic_fetch_add_explicit(&n->refcount, 1, memory_order_relaxed);
}

/* Releasing a long chain recursively would overflow the stack (a 100k-op graph), so nodes
   whose count drops to zero are freed from an explicit worklist. */
void st__node_release(st_node *n) {
  if (!n || atomic_fetch_sub_explicit(&n->refcount, 1, memory_order_acq_rel) != 1) return;
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
    atomic_fetch_sub_explicit(&st__live, 1, memory_order_relaxed);
  }
  draining = false;
}

/* ---------------------------------------------------------------------------- saved values */

int st__save(st_saved *s, st_tensor *t, bool is_output, int output_nr) {
  s->is_output = is_output;
  s->output_nr = output_nr;
  s->version = atomic_load_explicit(&t->storage->version, memory_order_relaxed);
  if (!is_output) {
    s->t = st_retain(t);
    return 0;
  }
  /* An alias without autograd state: the output holds this node, so holding the output
     itself would be a cycle. */
  s->t = st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
  return s->t ? 0 : ST_ERR_OOM;
}

st_tensor *st__unpack(const st_saved *s, st_node *owner, int index) {
  if (!s->t) {
    st__error(ST_ERR_AUTOGRAD,
              "Trying to backward through the graph a second time (or directly access saved tensors after "
              "they have already been freed). Saved intermediate values of the graph are freed when you call "
              "st_backward() or st_autograd_grad(). Specify retain_graph=true if you need to backward through "
              "the graph a second time or if you need to access saved tensors after calling backward.");
    return NULL;
  }
  uint64_t now = atomic_load_explicit(&s->t->storage->version, memory_order_relaxed);
  if (now != s->version) {
    st__error(ST_ERR_INPLACE,
              "one of the variables needed for gradient computation has been modified by an inplace operation: "
              "[%s %s] is at version %llu; expected version %llu instead. It was saved by %s (saved value %d).",
              st_dtype_name(s->t->dtype), ST_SHAPE_STR(s->t), (unsigned long long)now,
              (unsigned long long)s->version, owner->name, index);
    return NULL;
  }
  if (!s->is_output) return st_retain(s->t);
  st_tensor *t = st__tensor_view(s->t->storage, s->t->dtype, s->t->ndim, s->t->shape, s->t->strides, s->t->offset);
  if (!t) return NULL;
  /* Re-attach the owner so that create_graph differentiates through it; like attach_output,
     only float outputs have history (a bool mask or i64 indices never require grad). */
  if (st__grad_mode() && st__is_float(t->dtype)) {
    st_autograd_meta *m = st__ag_meta(t);
    if (!m) {
      st__drop(t);
      return NULL;
    }
    st__node_retain(owner);
    m->grad_fn = owner;
    m->output_nr = s->output_nr;
  }
  return t;
}

void st__saved_release(st_saved *s) {
  st__drop(s->t);
  s->t = NULL;
}

/* ------------------------------------------------------------------------ AccumulateGrad */

/* state: the leaf (strong). PyTorch's AccumulateGrad: the first gradient is stolen when nothing
   else holds it (else copied, so .grad never aliases another tensor); later ones are added in
   place unless create_graph needs the sum's history or the buffer is shared. */
static bool unshared(const st_tensor *g) {
  return atomic_load(&g->refcount) == 1 && atomic_load(&g->storage->refcount) == 1 && !g->ag;
}

static int accumulate_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  (void)gin;
  (void)needs;
  st_tensor *leaf = n->state;
  if (!leaf || !gout[0]) return 0;
  st_autograd_meta *m = leaf->ag;
  st_tensor *g = gout[0];
  if (!m->grad) {
    m->grad = !st__grad_mode() && unshared(g) ? st_retain(g) : st__untrack(st_clone(g));
    return m->grad ? 0 : st__status();
  }
  if (!st__grad_mode() && unshared(m->grad)) return st_add_(m->grad, g);
  st_tensor *sum = st__untrack(st_add(m->grad, g));
  if (!sum) return st__status();
  st__drop(m->grad);
  m->grad = sum;
  return 0;
}

static void accumulate_destroy(st_node *n) {
  st_tensor *leaf = n->state;
  if (!leaf) return;
  if (leaf->ag && leaf->ag->grad_accumulator == n) leaf->ag->grad_accumulator = NULL;
  st__drop(leaf);
}

static const st_node_ops accumulate_ops = {"AccumulateGrad", accumulate_apply, NULL, accumulate_destroy, false};

bool st__is_accumulate(const st_node *n) { return n->ops == &accumulate_ops; }

/* Returns a new reference to the edge's node. */
st_edge st__gradient_edge(st_tensor *t) {
  if (t->ag && t->ag->view_base && st__view_refresh(t)) return (st_edge){NULL, -1}; /* a view */
  if (!st__requires_grad(t)) return (st_edge){NULL, 0};
  st_autograd_meta *m = t->ag;
  if (m->grad_fn) {
    st__node_retain(m->grad_fn);
    return (st_edge){m->grad_fn, m->output_nr};
  }
  if (!m->grad_accumulator) {
    st_node *n = st__node_new(&accumulate_ops, "AccumulateGrad", 0, 1);
    if (!n) return (st_edge){NULL, -1};
    st__meta_of(&n->out_meta[0], t);
    n->state = st_retain(t);
    m->grad_accumulator = n; /* weak: the graph holds it */
    return (st_edge){n, 0};
  }
  st__node_retain(m->grad_accumulator);
  return (st_edge){m->grad_accumulator, 0};
}
