/* record.c — recording at level 0 (eager) and at a grad level: an op call on tensors that
   require grad there becomes a node that holds the op's vjp rule and the values the rule reads.

   Recording has two steps, so that a failed call changes nothing: st__record_prepare allocates
   everything (the node, its saved values, the outputs' autograd state and, for an in-place op
   on a view, the base's CopySlices node and the view's new grad_fn) before the kernel writes;
   st__record_commit, which cannot fail, attaches it once the kernel has run. */
#include <ctype.h>
#include <string.h>

#include "../ops/op.h"
#include "autograd.h"

typedef struct {
  const st_op *op;
  const st_attrs *a; /* the call's attributes up to their last list entry (after saved) */
  int nin, nout;
  unsigned saves;  /* the slots saved: what the gradients of the inputs that require grad read */
  st_node *slices; /* weak: the CopySlices node holding this one (an in-place op on a view) */
  st_view_step *chain; /* weak: that view's chain (the CopySlices node holds it) */
  st_saved *saved;     /* nin inputs, then nout outputs */
} op_state;

static size_t nsaved(const op_state *s) { return (size_t)(s->nin + s->nout); }

/* The saves bit of slot i (inputs first, then outputs); variadic inputs past 16 have none. */
static unsigned slot_bit(int nin, size_t i) {
  if (i < (size_t)nin) return i < 16 ? ST_SAVE_IN(i) : 0;
  return ST_SAVE_OUT(i - (size_t)nin);
}

/* Whether slot i holds a value the rule reads. */
static bool saves(const op_state *s, size_t i) { return s->saves & slot_bit(s->nin, i); }

static void op_release_saved(st_node *n) {
  op_state *s = n->state;
  if (!s->saved) return;
  for (size_t i = 0; i < nsaved(s); i++) st__saved_release(&s->saved[i]);
}

/* The state, its saved slots and the attributes are one allocation. */
static size_t state_bytes(int nin, int nout, size_t attrs) {
  return sizeof(op_state) + sizeof(st_saved) * (size_t)(nin + nout) + attrs;
}

static void op_destroy(st_node *n) {
  op_state *s = n->state;
  if (!s) return;
  op_release_saved(n);
  st__free(s, state_bytes(s->nin, s->nout, st__attrs_size(s->a)));
}

/* The history a saved output gets back when unpacked under create_graph: this node's, or, for
   an in-place op on a view, the view's own (the chain's transpose over CopySlices), as
   PyTorch's SavedVariable does for is_inplace_on_view. NULL on OOM. */
static st_node *output_owner(st_node *n) {
  op_state *s = n->state;
  if (!s->slices || !st__grad_mode()) {
    st__node_retain(n);
    return n;
  }
  st__node_retain(s->slices);
  return st__view_node_new(s->chain, (st_edge){s->slices, 0});
}

static int op_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  op_state *s = n->state;
  if (!s->op->vjp)
    return st__error(ST_ERR_UNSUPPORTED, "st_%s: the derivative is not implemented (%s)",
                     s->op->name, n->name);
  st_tensor *vals[2 * ST_MAX_OUTS + 16];
  st_tensor **in = vals;
  bool heap = nsaved(s) > sizeof vals / sizeof vals[0];
  if (heap && !(in = st__calloc(nsaved(s), sizeof(st_tensor *)))) return ST_ERR_OOM;
  for (size_t i = 0; !heap && i < nsaved(s); i++) in[i] = NULL;
  st_tensor **out = in + s->nin; /* only once in is the buffer that holds every slot */
  st_node *owner = NULL;
  int rc = 0;
  for (size_t i = 0; i < nsaved(s) && !rc; i++) {
    if (!saves(s, i)) continue;
    if (i >= (size_t)s->nin && !owner && !(owner = output_owner(n))) rc = ST_ERR_OOM;
    if (!rc && !(in[i] = st__unpack(&s->saved[i], i < (size_t)s->nin ? n : owner, (int)i)))
      rc = st__status();
  }
  st__node_release(owner);
  if (!rc) {
    st_vjp_args a = {s->op, s->a, s->nin, s->nout, in, out, n->in_meta, n->out_meta, needs};
    rc = s->op->vjp(&a, gout, gin);
    if (rc && !st__has_error())
      rc = st__error(rc, "%s: the vjp rule failed without a message", n->name);
  }
  for (size_t i = 0; i < nsaved(s); i++) st__drop(in[i]);
  if (heap) st__free(in, sizeof(st_tensor *) * nsaved(s));
  return rc;
}

/* The op, its attributes and the layouts of the values its rule reads. */
static int op_describe(const st_node *n, st_ca_desc *d) {
  const op_state *s = n->state;
  uint64_t head[4] = {(uint64_t)s->op->id, (uint64_t)s->nin, (uint64_t)s->nout, s->saves};
  int rc = st__ca_put(d, head, sizeof head) || st__ca_put_attrs(d, s->a) ? ST_ERR_OOM : 0;
  for (size_t i = 0; !rc && i < nsaved(s); i++)
    if (saves(s, i)) rc = st__ca_put_saved(d, &s->saved[i], (int)i);
  return rc;
}

static const st_node_ops op_node_ops = {"op",       op_apply, op_release_saved,
                                        op_destroy, false,    op_describe};

/* "log_softmax" -> "LogSoftmaxBackward", as PyTorch names its nodes; made once per op (a race
   between threads writes the same bytes) so that recording does no string work. */
static char node_names[ST_OP_COUNT][48];
static _Atomic bool node_name_ready[ST_OP_COUNT];

static const char *make_node_name(const st_op *op) {
  char *buf = node_names[op->id];
  char tmp[48];
  size_t k = 0;
  bool up = true;
  for (const char *p = op->name; *p && k + 1 < sizeof tmp; p++) {
    if (*p == '_') {
      up = true;
      continue;
    }
    tmp[k++] = up ? (char)toupper((unsigned char)*p) : *p;
    up = false;
  }
  snprintf(tmp + k, sizeof tmp - k, "Backward");
  memcpy(buf, tmp, sizeof tmp);
  atomic_store_explicit(&node_name_ready[op->id], true, memory_order_release);
  return buf;
}

static inline const char *node_name(const st_op *op) {
  if (atomic_load_explicit(&node_name_ready[op->id], memory_order_acquire))
    return node_names[op->id];
  return make_node_name(op);
}

const char *st__node_name(const st_op *op) { return node_name(op); }

/* ---------------------------------------------------------------------------- the checks */

/* Whether t takes part in level `level`'s graph: tensors from lower levels are constants there. */
static bool tracked_at(const st_tensor *t, int level) {
  return t->level == level && st__requires_grad(t);
}

/* A differentiable view: one whose base it can be made again from (not one made in no-grad
   mode). */
static bool is_view(const st_tensor *t) { return t->ag && t->ag->view_base && !t->ag->view_nograd; }

int st__inplace_nograd_view_error(const st_opcall *c, const st_tensor *self) {
  return st__op_error(c, ST_ERR_INPLACE,
                      "a view (shape %s) made in no-grad mode is being modified in place with grad "
                      "mode enabled; take the view and write it both inside or both outside the "
                      "no-grad block",
                      ST_SHAPE_STR(self));
}

/* PyTorch's check_inplace: a leaf that requires grad, or a view of one (including a view taken
   before its base was made to require grad), cannot be written in grad mode; nor can a view made
   in no-grad mode, or one of several views a call returned (st_split, st_chunk), when the write
   would be recorded (handle_view_on_rebase). `any`: an input requires grad here. */
static int check_inplace(const st_opcall *c, bool any) {
  const st_tensor *self = c->in[0];
  const st_autograd_meta *m = self->ag;
  if (!m) return 0;
  if (m->requires_grad && !m->grad_fn)
    return st__op_error(c, ST_ERR_INPLACE,
                        "a leaf tensor of shape %s that requires grad is being used in an "
                        "in-place operation",
                        ST_SHAPE_STR(self));
  if (!m->view_base) return 0;
  const st_tensor *base = m->view_base;
  if (m->view_nograd && (any || st__requires_grad(base)))
    return st__inplace_nograd_view_error(c, self);
  if (m->view_multi && !m->view_nograd && any)
    return st__op_error(c, ST_ERR_INPLACE,
                        "a view (shape %s) that st_split or st_chunk returned among several is "
                        "being modified in place with grad mode enabled, which such views do not "
                        "allow; clone it first, or use the out-of-place op",
                        ST_SHAPE_STR(self));
  if (!m->view_nograd && base->ag && base->ag->requires_grad && !base->ag->grad_fn)
    return st__op_error(c, ST_ERR_INPLACE,
                        "a view (shape %s) of a leaf tensor of shape %s that requires grad is "
                        "being used in an in-place operation",
                        ST_SHAPE_STR(self), ST_SHAPE_STR(base));
  return 0;
}

int st__needs_record(const st_opcall *c, int level, bool *needed) {
  *needed = false;
  if (!st__grad_mode()) return 0;
  bool any = false;
  for (int i = 0; i < c->nin; i++) any = any || tracked_at(c->in[i], level);
  if ((c->op->flags & ST_OP_INPLACE) && c->in[0]->level == level && check_inplace(c, any))
    return st__status();
  /* an input whose history would be made again from its base's, which such a view refuses */
  for (int i = 0; i < c->nin && !(c->op->flags & ST_OP_NONDIFF); i++)
    if (c->in[i]->level == level && st__view_rebased(c->in[i])) {
      char who[48];
      snprintf(who, sizeof who, "st_%s", c->op->name);
      return st__view_rebased_error(c->in[i], who);
    }
  /* an in-place op writing an integer or bool tensor makes nothing that has a gradient */
  bool inplace_int = (c->op->flags & ST_OP_INPLACE) && !st__is_float(c->in[0]->dtype);
  *needed = any && !(c->op->flags & ST_OP_NONDIFF) && !inplace_int;
  return 0;
}

/* The values the node keeps: what the gradients of the inputs tracked at `level` read. */
static unsigned saved_mask(const st_opcall *c, int level) {
  unsigned m = 0;
  for (int i = 0; i < c->nin; i++)
    if (tracked_at(c->in[i], level)) m |= st__saves_for(c->op, i);
  return m;
}

bool st__record_wants_self_copy(const st_opcall *c, int level) {
  return (c->op->flags & ST_OP_INPLACE) && (saved_mask(c, level) & ST_SAVE_IN(0));
}

/* ------------------------------------------------------------------------------ recording */

/* Whether the call is an in-place op whose self is a view at this level: the node then goes
   into a CopySlices node on the base. */
static bool on_view(const st_record *r) {
  return (r->c->op->flags & ST_OP_INPLACE) && r->c->in[0]->level == r->level &&
         is_view(r->c->in[0]);
}

/* The node's inputs: metas, edges to inputs of this level (not to the view an in-place op on a
   view writes: its CopySlices node takes the base's history instead), saved values. */
static int prepare_inputs(st_record *r, op_state *s, st_tensor *const *save_in,
                          st_tensor *self_before) {
  const st_opcall *c = r->c;
  st_node *n = r->node;
  for (int i = 0; i < c->nin; i++) {
    st_tensor *value = i == 0 && self_before ? self_before : save_in[i];
    st__meta_of(&n->in_meta[i], i == 0 && self_before ? self_before : c->in[i]);
    if (c->in[i]->level == r->level && !(i == 0 && on_view(r))) {
      n->next[i] = st__gradient_edge(c->in[i]);
      if (n->next[i].input_nr < 0) return ST_ERR_OOM;
    }
    if (!saves(s, (size_t)i)) continue;
    /* at level 0 a saved view must not hold its base (a cycle when the base's history comes to
       include this node); below a grad level's wrappers nothing holds this level's nodes */
    const st_autograd_meta *vm = value->ag;
    bool alias = r->level == 0 && vm && vm->view_base && !vm->requires_grad;
    st_tensor *keep = alias ? st__view_saved(value) : value;
    int rc = keep ? st__save(&s->saved[i], keep, false, 0) : ST_ERR_OOM;
    if (alias) st__drop(keep);
    if (rc) return rc;
  }
  return 0;
}

/* At level 0 an output is saved without its node (it holds the node); at a grad level the saved
   value is the one below the wrapper, which holds nothing of this level. The outputs' autograd
   state is made here so that commit cannot fail. */
static int prepare_outputs(st_record *r, op_state *s, st_tensor *const *save_out) {
  st_node *n = r->node;
  for (int j = 0; j < r->nout; j++) {
    st__meta_of(&n->out_meta[j], r->out[j]);
    size_t k = (size_t)(r->c->nin + j);
    if (saves(s, k) && st__save_later(&s->saved[k], save_out[j], r->level == 0, j))
      return ST_ERR_OOM;
    if (st__is_float(r->out[j]->dtype) && !st__ag_meta(r->out[j])) return ST_ERR_OOM;
  }
  return 0;
}

/* An in-place op on a view: CopySlices becomes the base's grad_fn, the chain's transpose over
   it the view's (PyTorch's rebase_history for a view). */
static int prepare_slices(st_record *r, op_state *s) {
  st_tensor *view = r->c->in[0], *base = view->ag->view_base;
  if (!st__ag_meta(base) || !(r->slices = st__copy_slices_new(base, view, r->node)))
    return ST_ERR_OOM;
  s->slices = r->slices;
  s->chain = view->ag->view_fn;
  st__node_retain(r->slices);
  if (!(r->view_fn = st__view_node_new(view->ag->view_fn, (st_edge){r->slices, 0})))
    return ST_ERR_OOM;
  return 0;
}

int st__record_prepare(st_record *r, const st_opcall *c, int level, st_tensor **out, int nout,
                       st_tensor *const *save_in, st_tensor *const *save_out,
                       st_tensor *self_before) {
  *r = (st_record){.c = c, .level = level, .nout = nout, .out = out};
  st_node *n = r->node = st__node_new(&op_node_ops, node_name(c->op), c->nin, nout);
  size_t attrs = st__attrs_size(&c->a);
  op_state *s = n ? st__alloc(state_bytes(c->nin, nout, attrs)) : NULL;
  if (!s) goto fail;
  st_saved *saved = (st_saved *)(s + 1);
  st_attrs *a = (st_attrs *)(saved + c->nin + nout);
  *s = (op_state){c->op, a, c->nin, nout, saved_mask(c, level), NULL, NULL, saved};
  memset(s->saved, 0, sizeof(st_saved) * nsaved(s));
  memcpy(a, &c->a, attrs);
  n->state = s;
  if (prepare_inputs(r, s, save_in, self_before) || prepare_outputs(r, s, save_out)) goto fail;
  if (on_view(r) && prepare_slices(r, s)) goto fail;
  if (st__anomaly_enabled()) st__anomaly_record_site(r->slices ? r->slices : n);
  return 0;
fail:
  st__record_abort(r);
  return st__status() ? st__status() : ST_ERR_OOM;
}

int st__record_finish(st_record *r) {
  op_state *s = r->node->state;
  for (int j = 0; j < r->nout; j++) {
    int rc = st__saved_finish(&s->saved[r->c->nin + j]);
    if (rc) return rc;
  }
  return 0;
}

void st__record_abort(st_record *r) {
  st__node_release(r->view_fn);
  st__node_release(r->slices);
  st__node_release(r->node);
  r->view_fn = r->slices = r->node = NULL;
}

/* t's grad_fn becomes n, with the reference *held (prepare's, which *held then drops) or a new
   one; its retains-grad hook follows. */
static void set_history(st_tensor *t, st_node *n, int output_nr, st_node **held) {
  st_autograd_meta *m = t->ag;
  if (*held == n)
    *held = NULL;
  else
    st__node_retain(n);
  m->output_nr = output_nr;
  if (m->retains_grad) st__move_retains_grad(t, m->grad_fn, n);
  st__node_release(m->grad_fn); /* an in-place op rebases self's history */
  m->grad_fn = n;
}

void st__record_commit(st_record *r) {
  const st_opcall *c = r->c;
  op_state *s = r->node->state;
  bool slices = r->slices != NULL;
  if (c->op->flags & ST_OP_INPLACE) { /* values saved from self were saved as written */
    st_storage *self = c->in[0]->storage;
    uint64_t now = atomic_load_explicit(&self->version, memory_order_relaxed);
    for (size_t k = 0; k < nsaved(s); k++)
      if (s->saved[k].t && s->saved[k].t->storage == self) s->saved[k].version = now;
  }
  st_node *node = r->node; /* the first output takes prepare's reference */
  for (int j = 0; j < r->nout; j++)
    if (st__is_float(r->out[j]->dtype) && !(slices && j == 0))
      set_history(r->out[j], node, j, &r->node);
  if (slices) {
    st_tensor *view = c->in[0];
    set_history(view->ag->view_base, r->slices, 0, &r->slices);
    set_history(view, r->view_fn, 0, &r->view_fn);
    st__view_mark_current(view, true);
  }
  st__record_abort(r); /* drops the references prepare held that no tensor took */
}

int st__record(const st_opcall *c, int level, st_tensor **out, int nout, st_tensor *const *save_in,
               st_tensor *const *save_out, st_tensor *self_before) {
  st_record r;
  if (st__record_prepare(&r, c, level, out, nout, save_in, save_out, self_before))
    return st__status() ? st__status() : ST_ERR_OOM;
  int rc = st__record_finish(&r);
  if (rc) {
    st__record_abort(&r);
    return rc;
  }
  st__record_commit(&r);
  return 0;
}
