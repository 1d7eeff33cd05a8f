/* record.c — level-0 recording: an op call on tensors that require grad becomes a node that
   holds the op's vjp rule and the values the rule reads. */
#include <ctype.h>
#include <string.h>

#include "../ops/op.h"
#include "autograd.h"

typedef struct {
  const st_op *op;
  st_attrs a;
  int nin, nout;
  st_saved *saved; /* nin inputs, then nout outputs */
} op_state;

static size_t nsaved(const op_state *s) { return (size_t)(s->nin + s->nout); }

/* Whether slot i (inputs first, then outputs) holds a value the rule reads. */
static bool saves(const op_state *s, size_t i) {
  if (i < (size_t)s->nin) return i < 16 && (s->op->saves & ST_SAVE_IN(i));
  return s->op->saves & ST_SAVE_OUT(i - (size_t)s->nin);
}

static void op_release_saved(st_node *n) {
  op_state *s = n->state;
  if (!s->saved) return;
  for (size_t i = 0; i < nsaved(s); i++) st__saved_release(&s->saved[i]);
}

/* The state and its saved slots are one allocation. */
static size_t state_bytes(int nin, int nout) { return sizeof(op_state) + sizeof(st_saved) * (size_t)(nin + nout); }

static void op_destroy(st_node *n) {
  op_state *s = n->state;
  if (!s) return;
  op_release_saved(n);
  st__free(s, state_bytes(s->nin, s->nout));
}

static int op_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  op_state *s = n->state;
  if (!s->op->vjp)
    return st__error(ST_ERR_UNSUPPORTED, "st_%s: the derivative is not implemented (%s)", s->op->name, n->name);
  st_tensor *vals[2 * ST_MAX_OUTS + 16] = {0};
  st_tensor **in = vals;
  bool heap = nsaved(s) > sizeof vals / sizeof vals[0];
  if (heap && !(in = st__calloc(nsaved(s), sizeof(st_tensor *)))) return ST_ERR_OOM;
  st_tensor **out = in + s->nin; /* only once in is the buffer that holds every slot */
  int rc = 0;
  for (size_t i = 0; i < nsaved(s) && !rc; i++) {
    if (!saves(s, i)) continue;
    in[i] = st__unpack(&s->saved[i], n, (int)i);
    if (!in[i]) rc = st__status();
  }
  if (!rc) {
    st_vjp_args a = {s->op, &s->a, s->nin, s->nout, in, out, n->in_meta, n->out_meta, needs};
    rc = s->op->vjp(&a, gout, gin);
    if (rc && !st__has_error()) rc = st__error(rc, "%s: the vjp rule failed without a message", n->name);
  }
  for (size_t i = 0; i < nsaved(s); i++) st__drop(in[i]);
  if (heap) st__free(in, sizeof(st_tensor *) * nsaved(s));
  return rc;
}

static const st_node_ops op_node_ops = {"op", op_apply, op_release_saved, op_destroy, false};

/* "log_softmax" -> "LogSoftmaxBackward", as PyTorch names its nodes; made once per op (a race
   between threads writes the same bytes) so that recording does no string work. */
static const char *node_name(const st_op *op) {
  static char names[ST_OP_COUNT][48];
  static _Atomic bool ready[ST_OP_COUNT];
  char *buf = names[op->id];
  if (atomic_load_explicit(&ready[op->id], memory_order_acquire)) return buf;
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
  atomic_store_explicit(&ready[op->id], true, memory_order_release);
  return buf;
}

/* ---------------------------------------------------------------------------- the checks */

static int check_view_fresh(const st_opcall *c, const st_tensor *t) {
  const st_autograd_meta *m = t->ag;
  if (!m || !m->view_base) return 0;
  if (atomic_load_explicit(&t->storage->version, memory_order_relaxed) == m->view_version) return 0;
  return st__op_error(c, ST_ERR_INPLACE,
                      "a view of shape %s was used after its base was modified in place; its gradient would "
                      "be wrong. Take the view again after the in-place operation",
                      ST_SHAPE_STR(t));
}

/* Whether t takes part in level `level`'s graph: tensors from lower levels are constants there. */
static bool tracked_at(const st_tensor *t, int level) { return t->level == level && st__requires_grad(t); }

int st__needs_record(const st_opcall *c, int level, bool *needed) {
  *needed = false;
  if (!st__grad_mode()) return 0;
  bool any = false;
  for (int i = 0; i < c->nin; i++) any = any || tracked_at(c->in[i], level);
  if ((c->op->flags & ST_OP_INPLACE) && c->in[0]->level == level) {
    st_tensor *self = c->in[0];
    if (self->ag && self->ag->requires_grad && !self->ag->grad_fn)
      return st__op_error(c, ST_ERR_INPLACE,
                          "a leaf tensor of shape %s that requires grad is being used in an in-place operation",
                          ST_SHAPE_STR(self));
    if (self->ag && self->ag->view_base)
      return st__op_error(c, ST_ERR_INPLACE,
                          "in-place modification of a view (shape %s) of a tensor that requires grad is not "
                          "supported; clone the view first",
                          ST_SHAPE_STR(self));
  }
  if (!any || (c->op->flags & ST_OP_NONDIFF)) return 0;
  for (int i = 0; i < c->nin; i++)
    if (check_view_fresh(c, c->in[i])) return st__status();
  *needed = true;
  return 0;
}

bool st__record_wants_self_copy(const st_opcall *c) {
  return (c->op->flags & ST_OP_INPLACE) && (c->op->saves & ST_SAVE_IN(0));
}

/* ------------------------------------------------------------------------------ recording */

static int attach_output(st_tensor *t, st_node *n, int output_nr, const st_opcall *c, int alias) {
  if (!st__is_float(t->dtype)) return 0;
  st_autograd_meta *m = st__ag_meta(t);
  if (!m) return ST_ERR_OOM;
  st__node_retain(n);
  m->output_nr = output_nr;
  if (m->retains_grad) st__move_retains_grad(t, m->grad_fn, n);
  st__node_release(m->grad_fn); /* an in-place op rebases self's history onto n */
  m->grad_fn = n;
  if (alias >= 0 && !(c->op->flags & ST_OP_INPLACE)) {
    st_tensor *base = c->in[alias];
    if (base->ag && base->ag->view_base) base = base->ag->view_base;
    m->view_base = st_retain(base);
    m->view_version = atomic_load_explicit(&t->storage->version, memory_order_relaxed);
  }
  return 0;
}

/* Which input a view output aliases: views share the storage of their input. */
static int alias_of(const st_opcall *c, const st_tensor *out) {
  for (int i = 0; i < c->nin; i++)
    if (c->in[i]->storage == out->storage) return i;
  return -1;
}

int st__record(const st_opcall *c, int level, st_tensor **out, int nout, st_tensor *const *save_in,
               st_tensor *const *save_out, st_tensor *self_before) {
  st_node *n = st__node_new(&op_node_ops, node_name(c->op), c->nin, nout);
  op_state *s = n ? st__alloc(state_bytes(c->nin, nout)) : NULL;
  if (!s) goto fail;
  *s = (op_state){c->op, c->a, c->nin, nout, (st_saved *)(s + 1)};
  memset(s->saved, 0, sizeof(st_saved) * nsaved(s));
  n->state = s;
  for (int i = 0; i < c->nin; i++) {
    st__meta_of(&n->in_meta[i], i == 0 && self_before ? self_before : c->in[i]);
    if (c->in[i]->level == level) {
      n->next[i] = st__gradient_edge(c->in[i]);
      if (n->next[i].input_nr < 0) goto fail;
    }
    if (saves(s, (size_t)i) &&
        st__save(&s->saved[i], i == 0 && self_before ? self_before : save_in[i], false, 0))
      goto fail;
  }
  /* At level 0 an output is saved without its node (it holds the node); at a grad level the
     saved value is the one below the wrapper, which holds nothing of this level. */
  for (int j = 0; j < nout; j++) {
    st__meta_of(&n->out_meta[j], out[j]);
    if (saves(s, (size_t)(c->nin + j)) && st__save(&s->saved[c->nin + j], save_out[j], level == 0, j)) goto fail;
  }
  for (int j = 0; j < nout; j++)
    if (attach_output(out[j], n, j, c, alias_of(c, out[j]))) goto fail;
  if (st__anomaly_enabled()) st__anomaly_record_site(n);
  st__node_release(n); /* the outputs hold it */
  return 0;
fail:
  st__node_release(n);
  return st__status() ? st__status() : ST_ERR_OOM;
}
