/* views.c — differentiable views: what a view knows of its base, view replay (a view's
   grad_fn, or its tangent under st_jvp, made again from its base's after an in-place write),
   and CopySlices, the node an in-place op on a view gives its base.

   PyTorch's design (torch/csrc/autograd/variable.cpp, VariableHooks::grad_fn and
   rebase_history; functions/tensor.cpp, CopySlices): a view holds its base and a way to make
   the view again from it. Here that way is the chain of view ops with their attributes (view
   replay; PyTorch's view_fn), never as_strided, so that replaying works on any level's values
   (a batched tangent, a gradient under vmap) through the ops' own rules. */
#include <math.h>
#include <string.h>

#include "../dispatch/interp.h"
#include "../ops/rules.h"
#include "autograd.h"

struct st_view_step {
  _Atomic int64_t refcount;
  st_view_step *parent; /* strong; NULL for the first view op on the base */
  int depth;            /* steps from the base, this one included */
  const st_op *op;
  st_attrs a;
  st_tensor_meta in, out; /* what the op read and made (logical shapes) */
};

static void step_release(st_view_step *s) {
  while (s && atomic_fetch_sub_explicit(&s->refcount, 1, memory_order_acq_rel) == 1) {
    st_view_step *parent = s->parent;
    st__free(s, sizeof *s);
    st__live_add(-1);
    s = parent;
  }
}

static st_view_step *step_retain(st_view_step *s) {
  if (s) atomic_fetch_add_explicit(&s->refcount, 1, memory_order_relaxed);
  return s;
}

void st__view_fn_release(st_view_step *s) { step_release(s); }

/* The chain's steps, first (applied to the base) to last; `small` holds up to 8. */
static const st_view_step **steps_of(const st_view_step *chain, const st_view_step **small) {
  const st_view_step **s = chain->depth <= 8 ? small : st__calloc((size_t)chain->depth, sizeof *s);
  if (!s) return NULL;
  for (const st_view_step *k = chain; k; k = k->parent) s[k->depth - 1] = k;
  return s;
}
static void steps_free(const st_view_step **s, const st_view_step **small, int n) {
  if (s != small) st__free((void *)s, sizeof *s * (size_t)n);
}

static uint64_t version_of(const st_tensor *t) {
  return atomic_load_explicit(&t->storage->version, memory_order_relaxed);
}

/* view_version is 2 v + 1 when the view's grad_fn (tangent) is current for storage version v,
   2 v when it has none because its base did not require grad at v (so that the base's requiring
   grad later makes one). Stored with release and read with acquire, so that a thread that finds
   a view current sees the grad_fn another thread made for it. */
static uint64_t stamp(uint64_t version, bool made) { return 2 * version + made; }

void st__view_mark_current(st_tensor *view, bool made) {
  atomic_store_explicit(&view->ag->view_version, stamp(version_of(view), made),
                        memory_order_release);
}

/* --------------------------------------------------------------------------- recording */

/* Only a one-input view op whose vjp reads no saved value can be replayed from its record. */
static bool replayable(const st_op *op) { return op->nin == 1 && !op->saves && op->vjp; }

int st__view_track(const st_opcall *c, int alias, st_tensor *out, bool nograd) {
  st_tensor *base = c->in[alias];
  if (!st__is_float(out->dtype) || !replayable(c->op)) return 0;
  const st_autograd_meta *bm = base->ag;
  st_tensor *root = base;
  st_view_step *parent = NULL;
  bool multi = c->a.multi_view; /* a view of such a view is one too (PyTorch's creation meta) */
  bool same = c->a.same_tensor; /* stands for its input: made as in grad mode */
  if (same) nograd = false;
  if (bm && bm->view_base) {
    root = bm->view_base;
    parent = bm->view_fn;
    nograd = nograd || bm->view_nograd;
    multi = multi || bm->view_multi;
  }
  st_view_step *s = st__alloc(sizeof *s);
  if (!s) return ST_ERR_OOM;
  atomic_init(&s->refcount, 1);
  st__live_add(1);
  s->parent = step_retain(parent);
  s->depth = parent ? parent->depth + 1 : 1;
  s->op = c->op;
  s->a = c->a;
  s->a.multi_view = s->a.same_tensor = false; /* a replay makes a plain view */
  st__meta_of(&s->in, base);
  st__meta_of(&s->out, out);
  st_autograd_meta *m = st__ag_meta(out);
  if (!m) {
    step_release(s);
    return ST_ERR_OOM;
  }
  m->view_base = st_retain(root);
  m->view_fn = s;
  m->view_nograd = nograd;
  m->view_multi = multi;
  /* recorded (its grad_fn follows the base's) when the base requires grad, except a view that
     stands for its input made outside grad mode, whose grad_fn is made from the base's when
     first needed; a jvp view's tangent is its base's */
  bool recorded = st__requires_grad(root) && !(same && !st__grad_mode());
  st__view_mark_current(out, recorded || out->wrap == ST_WRAP_JVP);
  return 0;
}

/* Whether a vmap interpreter's rule is running (the stack is lowered below a vmap level): the
   values it makes are held only by that level's wrappers, which know their own bases
   (vmap_level.c); a view among them needs its base here only to record an in-place op on it. */
static bool in_vmap_rule(void) {
  if (!st__tls_depth) return false;
  int top = st__interp_top();
  return top < st__tls_depth && st__interp_at(top + 1)->kind == ST_WRAP_VMAP;
}

int st__view_track_outputs(const st_opcall *c, const st_meta *m, st_tensor **out) {
  if (st__inference_mode()) return 0;
  bool grad_mode = st__grad_mode(), own_values = in_vmap_rule();
  for (int j = 0; j < c->op->nout; j++) {
    int alias = m[j].alias;
    if (alias < 0 || ((c->op->flags & ST_OP_INPLACE) && j == 0)) continue;
    /* outside grad mode a view is kept as made in no-grad mode (PyTorch's NO_GRAD_MODE
       creation meta): it is not differentiable, and writing a tracked value into it, or using it
       after its base was written while the base requires grad, is refused in grad mode. The
       values a vmap rule makes are its own (a movedim of its result is no view of the user's) */
    if (own_values && !st__requires_grad(c->in[alias])) continue;
    if (st__view_track(c, alias, out[j], !grad_mode)) return ST_ERR_OOM;
  }
  return 0;
}

void st__view_forget(st_tensor *t) {
  st_autograd_meta *m = t->ag;
  if (!m || !m->view_base) return;
  st__drop(m->view_base);
  step_release(m->view_fn);
  m->view_base = NULL;
  m->view_fn = NULL;
  m->view_nograd = m->view_multi = false;
}

int st__view_inherit(st_tensor *t, st_tensor *base, const st_tensor *view) {
  const st_autograd_meta *vm = view->ag;
  st_autograd_meta *m = st__ag_meta(t);
  if (!m) return ST_ERR_OOM;
  m->view_base = st_retain(base);
  m->view_fn = step_retain(vm->view_fn);
  m->view_nograd = vm->view_nograd;
  m->view_multi = vm->view_multi;
  st__view_mark_current(t, false); /* its grad_fn (tangent) is made from the base's when used */
  return 0;
}

/* ------------------------------------------------------- views that take no new history */

/* PyTorch's handle_view_on_rebase (torch/csrc/autograd/variable.cpp) for a view whose creation
   meta is not DEFAULT: one made in no-grad mode, or one of several views one call returned,
   cannot take a new history once its base or another view of it was written in place (the
   view's grad_fn would have to be made again from the base's). */
bool st__view_rebased(const st_tensor *t) {
  const st_autograd_meta *m = t->ag;
  if (!m || !m->view_base || !(m->view_nograd || m->view_multi)) return false;
  uint64_t v = atomic_load_explicit(&m->view_version, memory_order_acquire);
  if (v / 2 == version_of(t)) return false; /* not written since it was made */
  return st__requires_grad(m->view_base) || m->grad_fn;
}

int st__view_rebased_error(const st_tensor *t, const char *who) {
  const char *what = t->ag->view_nograd ? "made in no-grad mode"
                                        : "that st_split or st_chunk returned among several";
  return st__error(ST_ERR_INPLACE,
                   "%s%sa view (shape %s) %s is used with grad mode enabled after its base or "
                   "another view of its base was modified in place; take the view again after "
                   "the write",
                   who ? who : "", who ? ": " : "", ST_SHAPE_STR(t), what);
}

/* ------------------------------------------------------------------ replaying the chain */

st_tensor *st__view_replay(const st_view_step *chain, st_tensor *x) {
  const st_view_step *small[8], **s = steps_of(chain, small);
  if (!s) return NULL;
  for (int k = 0; x && k < chain->depth; k++) {
    st_opcall c = {.op = s[k]->op, .nin = 1, .in = (st_tensor *const[]){x}, .a = s[k]->a};
    x = st__call1(&c);
  }
  steps_free(s, small, chain->depth);
  return x;
}

/* The transpose of the replay: each step's vjp rule from the last to the first, so g (shaped
   like the view) lands in the view's elements of a base-shaped tensor of zeros (view ops are
   injective except expand, and an expanded tensor cannot be written in place). */
st_tensor *st__view_embed(const st_view_step *chain, st_tensor *g) {
  const st_view_step *small[8], **s = steps_of(chain, small);
  if (!s) return NULL;
  for (int k = chain->depth - 1; g && k >= 0; k--) {
    const st_view_step *st = s[k];
    st_tensor *none[1] = {NULL}, *gin[1] = {NULL};
    bool needs[1] = {true};
    st_vjp_args a = {st->op, &st->a, 1, 1, none, none, &st->in, &st->out, needs};
    int rc = st->op->vjp(&a, (st_tensor *const[]){g}, gin);
    if (!rc && !gin[0]) gin[0] = st__zeros_meta(&st->in); /* a zero gradient */
    if (rc && !st__has_error())
      st__error(ST_ERR_AUTOGRAD, "st_%s: the vjp rule failed", st->op->name);
    g = rc ? NULL : gin[0];
  }
  steps_free(s, small, chain->depth);
  return g;
}

/* Whether an element of the base shows in several of the view's (an expand step replicates). */
static bool replicates(const st_view_step *chain) {
  for (const st_view_step *k = chain; k; k = k->parent)
    if (k->op->id == ST_OP_expand &&
        st__numel(k->out.ndim, k->out.shape) > st__numel(k->in.ndim, k->in.shape))
      return true;
  return false;
}

st_tensor *st__view_embed_written(const st_view_step *chain, st_tensor *x) {
  st_tensor *e = st__view_embed(chain, x);
  if (!e || !replicates(chain)) return e;
  /* an expanded view written in place (fill_, zero_: the same value in every copy) leaves each
     base element the value of its copies, which the transpose summed: their mean instead */
  const st_tensor_meta *out = &chain->out;
  st_tensor *count = st__view_embed(chain, st_ones(out->dtype, out->ndim, out->shape));
  return st_div(e, st_clamp(count, 1, INFINITY));
}

/* -------------------------------------------------------------- the view's own grad_fn */

/* apply: the chain's transpose. state: the chain (strong). */
static int view_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  if (needs[0] && !(gin[0] = st__view_embed(n->state, gout[0]))) return st__status();
  return 0;
}

static void view_destroy(st_node *n) { step_release(n->state); }

int st__ca_put_chain(st_ca_desc *d, const st_view_step *chain) {
  for (const st_view_step *k = chain; k; k = k->parent) {
    uint64_t id = (uint64_t)k->op->id;
    if (st__ca_put(d, &id, sizeof id) || st__ca_put_attrs(d, &k->a) || st__ca_put_meta(d, &k->in) ||
        st__ca_put_meta(d, &k->out))
      return ST_ERR_OOM;
  }
  return 0;
}

static int view_describe(const st_node *n, st_ca_desc *d) { return st__ca_put_chain(d, n->state); }

static const st_node_ops view_node_ops = {"view",       view_apply, NULL,
                                          view_destroy, false,      view_describe};

st_node *st__view_node_new(st_view_step *chain, st_edge base_edge) {
  st_node *n = st__node_new(&view_node_ops, st__node_name(chain->op), 1, 1);
  if (!n) {
    st__node_release(base_edge.node);
    return NULL;
  }
  n->next[0] = base_edge;
  const st_view_step *first = chain;
  while (first->parent) first = first->parent;
  n->in_meta[0] = first->in;
  n->out_meta[0] = chain->out;
  n->state = step_retain(chain);
  return n;
}

/* ---------------------------------------------------------------------- view replay */

/* Threads that use a view after its base was written may all find it stale: the new grad_fn
   (tangent) is made outside the lock, which guards only the swap (and is never held while an op
   runs: making a tangent dispatches ops, which may refresh other views). */
static atomic_flag refresh_flag = ATOMIC_FLAG_INIT;
static void refresh_lock(void) {
  while (atomic_flag_test_and_set_explicit(&refresh_flag, memory_order_acquire)) {
  }
}
static void refresh_unlock(void) {
  atomic_flag_clear_explicit(&refresh_flag, memory_order_release);
}

/* Whether a view's grad_fn must be made again: the storage was written since, or it has none and
   its base requires grad now. */
static bool stale(const st_autograd_meta *m, uint64_t now, bool base_tracked) {
  uint64_t v = atomic_load_explicit(&m->view_version, memory_order_acquire);
  return !(v == stamp(now, true) || (v == stamp(now, false) && !base_tracked));
}

/* The grad_fn of a stale view is the chain's transpose over the base's current history. */
static int refresh_grad_fn(st_tensor *t, uint64_t now) {
  st_autograd_meta *m = t->ag;
  st_tensor *b = m->view_base;
  bool base_tracked = st__requires_grad(b);
  if (!stale(m, now, base_tracked)) return 0;
  if (st__view_rebased(t)) return st__view_rebased_error(t, NULL);
  st_node *n = NULL;
  if (base_tracked) {
    st_edge e = st__gradient_edge(b);
    if (e.input_nr < 0 || !(n = st__view_node_new(m->view_fn, e))) return ST_ERR_OOM;
  }
  refresh_lock();
  if (stale(m, now, base_tracked)) {
    if (m->retains_grad && m->grad_fn && n) st__move_retains_grad(t, m->grad_fn, n);
    st_node *old = m->grad_fn;
    m->grad_fn = n;
    m->output_nr = 0;
    atomic_store_explicit(&m->view_version, stamp(now, base_tracked), memory_order_release);
    n = old;
  }
  refresh_unlock();
  st__node_release(n); /* the old grad_fn, or the new one when another thread was first */
  return 0;
}

/* A jvp wrapper's tangent: the view of its base's tangent (none when the base has none). */
static int refresh_tangent(st_tensor *t, uint64_t now) {
  st_autograd_meta *m = t->ag;
  if (atomic_load_explicit(&m->view_version, memory_order_acquire) == stamp(now, true)) return 0;
  st_tensor *bt = m->view_base->tangent, *nt = NULL;
  if (bt) {
    int rc = st_scope_push();
    if (!rc && !(nt = st__untrack_top(st__view_replay(m->view_fn, bt)))) rc = st__status();
    st_scope_pop();
    if (rc) return rc;
  }
  refresh_lock();
  if (atomic_load_explicit(&m->view_version, memory_order_acquire) != stamp(now, true)) {
    st_tensor *old = t->tangent;
    t->tangent = nt;
    atomic_store_explicit(&m->view_version, stamp(now, true), memory_order_release);
    nt = old;
  }
  refresh_unlock();
  st__drop(nt);
  return 0;
}

int st__view_refresh(st_tensor *t) {
  st_autograd_meta *m = t->ag;
  if (!m || !m->view_base) return 0;
  if (m->view_nograd) /* no grad_fn to make; PyTorch's grad_fn getter refuses a stale one */
    return t->wrap != ST_WRAP_JVP && st__view_rebased(t) ? st__view_rebased_error(t, NULL) : 0;
  uint64_t now = version_of(t);
  return t->wrap == ST_WRAP_JVP ? refresh_tangent(t, now) : refresh_grad_fn(t, now);
}

/* ----------------------------------------------------------------------- saved views */

st_tensor *st__view_saved(st_tensor *t) {
  const st_autograd_meta *m = t->ag;
  if (!m || !m->view_base || m->requires_grad) return st_retain(t);
  st_tensor *s = st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
  if (!s || !m->grad_fn) return s;
  st_autograd_meta *sm = st__ag_meta(s);
  if (!sm) {
    st__drop(s);
    return NULL;
  }
  st__node_retain(m->grad_fn);
  sm->grad_fn = m->grad_fn;
  sm->output_nr = m->output_nr;
  return s;
}

/* ------------------------------------------------------------------------- CopySlices */

/* An in-place op on a view records the op's node `fn` as usual (input 0: the view before the
   write) inside a CopySlices node that becomes the base's grad_fn. Its edge 0 goes to the
   base's old history, the others are fn's. Backward, for g the gradient of the new base:
   fn's gradients from the view's part of g; the base's old values get g outside the view and
   fn's gradient of its input 0 inside: where(embed(1), embed(fn_grad_0), g). PyTorch's
   CopySlices::apply writes that into a copy of g; here it is one expression in public ops, so
   that it is differentiable again and batches under vmap without writing a batched gradient
   into an unbatched buffer. */
typedef struct {
  st_node *fn;         /* strong */
  st_view_step *chain; /* strong */
  bool overlaps;       /* the view shows a base element more than once (an expanded view) */
} slices_state;

/* Whether several elements of t share one memory location (a stride-0 dim of size > 1). */
static bool self_overlapping(const st_tensor *t) {
  bool repeated = false;
  for (int d = 0; d < t->ndim; d++) {
    if (t->shape[d] == 0) return false;
    repeated = repeated || (t->strides[d] == 0 && t->shape[d] > 1);
  }
  return repeated;
}

static int slices_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  slices_state *s = n->state;
  st_node *fn = s->fn;
  st_tensor *g = gout[0];
  /* PyTorch's CopySlices writes fn's gradient into the view's elements of the base's gradient,
     which it refuses for a view whose elements overlap */
  if (s->overlaps)
    return st__error(ST_ERR_INPLACE,
                     "%s: the view written in place (by %s) has several elements in one memory "
                     "location (an expanded tensor), so the gradient of its base is not defined; "
                     "clone the view before writing it",
                     n->name, fn->name);
  st_tensor *gs = st__view_replay(s->chain, g);
  if (!gs) return st__status();
  st_tensor *small[16] = {0}, **fgin = small;
  bool nsmall[16], *fneeds = nsmall;
  int nin = fn->nin, rc = 0;
  if (nin > 16) {
    fgin = st__calloc((size_t)nin, sizeof *fgin);
    fneeds = st__calloc((size_t)nin, sizeof *fneeds);
    if (!fgin || !fneeds) rc = ST_ERR_OOM;
  }
  for (int i = 0; !rc && i < nin; i++) fneeds[i] = needs[i];
  if (!rc) rc = fn->ops->apply(fn, (st_tensor *const[]){gs}, fgin, fneeds);
  if (!rc && needs[0]) { /* g outside the view, fn's gradient inside: selected, not added (an
                            infinite g less itself would be NaN where PyTorch's copy gives 0) */
    st_tensor *ones = st__view_embed(s->chain, st_ones_like(gs));
    st_tensor *mask = ones ? st_ne(ones, st_scalar(ones->dtype, 0)) : NULL;
    st_tensor *inside = fgin[0] ? st__view_embed(s->chain, fgin[0]) : st_zeros_like(g);
    if (!(gin[0] = st_where(mask, inside, g))) rc = st__status();
  }
  for (int i = 1; !rc && i < nin; i++) gin[i] = fgin[i]; /* fn filled only what needs asks */
  if (fgin != small) {
    st__free(fgin, sizeof *fgin * (size_t)nin);
    st__free(fneeds, sizeof *fneeds * (size_t)nin);
  }
  return rc;
}

static void slices_release_saved(st_node *n) {
  slices_state *s = n->state;
  if (s->fn->ops->release_saved) s->fn->ops->release_saved(s->fn);
  s->fn->saved_released = true;
}

static void slices_destroy(st_node *n) {
  slices_state *s = n->state;
  if (!s) return;
  st__node_release(s->fn);
  step_release(s->chain);
  st__free(s, sizeof *s);
}

/* The chain, and the op node it holds with that node's metas. */
static int slices_describe(const st_node *n, st_ca_desc *d) {
  const slices_state *s = n->state;
  const st_node *fn = s->fn;
  uint64_t head[3] = {s->overlaps, (uint64_t)fn->nin, (uint64_t)fn->nout};
  int rc = st__ca_put(d, head, sizeof head) || st__ca_put_chain(d, s->chain) ? ST_ERR_OOM : 0;
  for (int i = 0; !rc && i < fn->nin; i++) rc = st__ca_put_meta(d, &fn->in_meta[i]);
  for (int j = 0; !rc && j < fn->nout; j++) rc = st__ca_put_meta(d, &fn->out_meta[j]);
  if (!rc && !fn->ops->describe) {
    d->why = "an in-place op on a view whose node cannot be compiled";
    return 1;
  }
  return rc ? rc : fn->ops->describe(fn, d);
}

static const st_node_ops slices_ops = {"CopySlices",   slices_apply, slices_release_saved,
                                       slices_destroy, false,        slices_describe};

st_node *st__copy_slices_new(st_tensor *base, st_tensor *view, st_node *fn) {
  st_node *n = st__node_new(&slices_ops, "CopySlices", fn->nin, 1);
  slices_state *s = n ? st__alloc(sizeof *s) : NULL;
  if (!s) {
    st__node_release(n);
    return NULL;
  }
  st__node_retain(fn);
  *s = (slices_state){fn, step_retain(view->ag->view_fn), self_overlapping(view)};
  n->state = s;
  n->next[0] = st__gradient_edge(base);
  if (n->next[0].input_nr < 0) {
    n->next[0] = (st_edge){NULL, 0};
    st__node_release(n);
    return NULL;
  }
  st__meta_of(&n->in_meta[0], base);
  st__meta_of(&n->out_meta[0], base);
  for (int i = 1; i < fn->nin; i++) {
    n->next[i] = fn->next[i];
    st__node_retain(fn->next[i].node);
    n->in_meta[i] = fn->in_meta[i];
  }
  return n;
}
