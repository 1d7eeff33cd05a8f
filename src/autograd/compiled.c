/* compiled.c — compiled autograd's side in the autograd layer (seed 002: #103822). A backward
   under st_set_compiled_autograd(true) is described, before anything runs, by

     the key     the relevant tasks in the order the engine would run them, each with its node's
                 kind, edges (as positions in that order), metas and what its describe adds
                 (attributes, saved values' layouts and which input holds their storage), and
                 the layouts of the roots' gradients;
     the inputs  the roots' gradients, then every saved value the nodes read, one per storage.

   The compile layer (src/compile/autograd.c) looks the key up. On a miss it captures a normal
   run of the engine in which the gradients leaving the graph (into a leaf's .grad, or
   st_autograd_grad's results) are recorded, not applied; on a hit it runs the compiled graph on
   the new inputs. Either way `finish` applies those gradients outside the graph, through the
   leaves' own AccumulateGrad nodes. What the graph cannot replay runs eagerly and is counted
   (hooks, create_graph, anomaly mode, a node without describe). */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "../dispatch/interp.h"
#include "../kernels/kernels.h"
#include "engine.h"

int (*_Atomic st__ca_hook)(st_ca_call *c);
_Thread_local bool st__tls_compiled_autograd;

/* ------------------------------------------------------------------------------ the key */

static int reserve(void **p, size_t *cap, size_t n, size_t es) {
  if (n <= *cap) return 0;
  size_t c = *cap ? 2 * *cap : 64;
  while (c < n) c *= 2;
  void *q = st__realloc(*p, *cap * es, c * es);
  if (!q) return ST_ERR_OOM;
  *p = q;
  *cap = c;
  return 0;
}

int st__ca_put(st_ca_desc *d, const void *bytes, size_t n) {
  size_t words = (n + 7) / 8, end = d->nkey + words;
  if (reserve((void **)&d->key, &d->capkey, end, sizeof *d->key) ||
      reserve((void **)&d->sizes, &d->capsizes, (end + 63) / 64, sizeof *d->sizes))
    return ST_ERR_OOM;
  d->key[end - 1] = 0;
  memcpy(d->key + d->nkey, bytes, n);
  for (size_t w = d->nkey; w < end; w++) d->sizes[w / 64] &= ~(UINT64_C(1) << w % 64);
  d->nkey = end;
  return 0;
}

/* Marks key words [from, from + n) as sizes. */
static void sized_at(st_ca_desc *d, size_t from, size_t n) {
  for (size_t w = from; w < from + n && w < d->nkey; w++) d->sizes[w / 64] |= UINT64_C(1) << w % 64;
}

/* Marks the last n words put as sizes. */
static void sized(st_ca_desc *d, size_t n) { sized_at(d, d->nkey - n, n); }

int st__ca_put_attrs(st_ca_desc *d, const st_attrs *attrs) {
  static_assert(offsetof(st_attrs, list) % 8 == 0, "the list starts a key word");
  st_attrs a = {0}; /* the list past nlist is never read (and a node keeps none of it) */
  memcpy(&a, attrs, st__attrs_size(attrs));
  a.ptr = NULL;
  size_t at = d->nkey;
  if (st__ca_put(d, &a, sizeof a)) return ST_ERR_OOM;
  sized_at(d, at + offsetof(st_attrs, list) / 8, ST_MAX_LIST);
  return 0;
}

static int put_word(st_ca_desc *d, uint64_t w) { return st__ca_put(d, &w, sizeof w); }

int st__ca_put_meta(st_ca_desc *d, const st_tensor_meta *m) {
  uint64_t w[2 + ST_MAX_DIMS] = {(uint64_t)m->dtype, (uint64_t)m->ndim};
  for (int i = 0; i < m->ndim; i++) w[2 + i] = (uint64_t)m->shape[i];
  int rc = st__ca_put(d, w, sizeof(uint64_t) * (size_t)(2 + m->ndim));
  if (!rc) sized(d, (size_t)m->ndim);
  return rc;
}

/* The input holding t's storage, added on first sight; -1 on OOM. */
static int input_of(st_ca_desc *d, st_tensor *t) {
  int in = st__ptrmap_get(&d->seen, t->storage);
  if (in >= 0) return in;
  if (reserve((void **)&d->in, &d->capin, (size_t)d->nin + 1, sizeof *d->in) ||
      st__ptrmap_put(&d->seen, t->storage, d->nin))
    return -1;
  d->in[d->nin] = t;
  return d->nin++;
}

int st__ca_put_tensor(st_ca_desc *d, st_tensor *t) {
  if (t->level) {
    d->why = "the backward runs inside a transform";
    return 1;
  }
  int in = input_of(d, t);
  if (in < 0) return ST_ERR_OOM;
  uint64_t w[4 + 2 * ST_MAX_DIMS] = {(uint64_t)in, (uint64_t)t->dtype, (uint64_t)t->ndim,
                                     (uint64_t)t->offset};
  for (int i = 0; i < t->ndim; i++) {
    w[4 + 2 * i] = (uint64_t)t->shape[i];
    w[5 + 2 * i] = (uint64_t)t->strides[i];
  }
  int rc = st__ca_put(d, w, sizeof(uint64_t) * (size_t)(4 + 2 * t->ndim));
  if (!rc) sized(d, (size_t)(1 + 2 * t->ndim)); /* the offset, shape and strides */
  return rc;
}

int st__ca_put_saved(st_ca_desc *d, const st_saved *s, int index) {
  if (s->pack) {
    d->why = "a saved value is held by saved-tensor hooks";
    return 1;
  }
  if (!s->t) {
    d->why = "a saved value was freed (an earlier backward without retain_graph)";
    return 1;
  }
  if (atomic_load_explicit(&s->t->storage->version, memory_order_relaxed) != s->version) {
    d->why = "a saved value was modified in place";
    d->modified = s;
    d->modified_index = index;
    return 1;
  }
  uint64_t w[2] = {s->is_output, (uint64_t)s->output_nr};
  return st__ca_put(d, w, sizeof w) ? ST_ERR_OOM : st__ca_put_tensor(d, s->t);
}

static void desc_free(st_ca_desc *d) {
  st__free(d->key, d->capkey * sizeof *d->key);
  st__free(d->sizes, d->capsizes * sizeof *d->sizes);
  st__free(d->in, d->capin * sizeof *d->in);
  st__ptrmap_free(&d->seen);
  *d = (st_ca_desc){0};
}

/* ------------------------------------------------------------------------ the backward */

typedef struct {
  graph_task *g;
  const run_args *a;
  int *order, *pos; /* order: position -> task; pos: task -> position (-1: not relevant) */
  int norder;
  int *plan;
  int nplan;
  bool hooked_inner; /* a node other than a leaf has user hooks: leaves accumulate inside */
} ca_engine;

/* The backward this thread describes, captures or replays: its hook calls find their node in
   it (a hook that runs a backward of its own sets another meanwhile). */
static _Thread_local ca_engine *tls_engine;

enum { LEAF_HOOKED = 16 }; /* a key's hook kinds: a leaf with hooks (past ST_HOOKS_*) */

/* One task's part of the key. 0, 1 (d->why) or ST_ERR_OOM. */
static int describe_task(st_ca_desc *d, ca_engine *e, int k) {
  const graph_task *g = e->g;
  const task *t = &g->tasks[k];
  st_node *n = t->node;
  /* a leaf's hooks run with its accumulation, after the graph (st__engine_accumulate); any other
     node's are calls inside the graph (st__ca_hooks), at most 64 gradients a side */
  unsigned kinds = 0;
  if (st__node_hooked(n) && st__is_accumulate(n)) {
    if (t->capture) {
      d->why = "st_autograd_grad's input is a leaf with hooks";
      return 1;
    }
    /* its hooks may write what later nodes saved (an optimizer step in a post-accumulate-grad
       hook): it accumulates at its place in the graph, as in eager */
    kinds = LEAF_HOOKED;
    e->hooked_inner = true;
  } else if (st__node_hooked(n)) {
    kinds = st__node_hook_kinds(n);
    e->hooked_inner |= (kinds & ~(unsigned)ST_HOOKS_RETAINS) != 0;
    if (n->nin > 64 || n->nout > 64) {
      d->why = "a node with hooks has more than 64 gradients";
      return 1;
    }
  }
  uint64_t head[5] = {(uint64_t)(uintptr_t)n->ops, (uint64_t)n->nin, (uint64_t)n->nout,
                      (uint64_t)(t->needed | t->capture << 1 | t->target << 2), kinds};
  int rc = st__ca_put(d, head, sizeof head);
  for (int i = 0; !rc && i < n->nin; i++) {
    st_node *c = n->next[i].node;
    int ck = c ? st__engine_find(g, c) : -1;
    uint64_t w[2] = {(uint64_t)(ck >= 0 ? e->pos[ck] : -1), (uint64_t)n->next[i].input_nr};
    rc = st__ca_put(d, w, sizeof w);
    if (!rc) rc = st__ca_put_meta(d, &n->in_meta[i]);
  }
  for (int j = 0; !rc && j < n->nout; j++) {
    rc = st__ca_put_meta(d, &n->out_meta[j]);
    if (!rc) rc = put_word(d, t->buf[j] != NULL);
    if (!rc && t->buf[j]) rc = st__ca_put_tensor(d, t->buf[j]); /* a root's gradient */
  }
  if (rc || st__is_accumulate(n)) return rc;
  if (!n->ops->describe) {
    d->why = "a node the backward reaches runs user code (a custom function or a checkpoint)";
    return 1;
  }
  return n->ops->describe(n, d);
}

/* A leaf's .grad that a node of this backward saved (a forward that read st_grad_of(leaf), or
   st_set_grad's tensor): eager adds into it in place when the leaf accumulates, so a node that
   reads it after fails with eager's version error, one before sees the old value. The graph
   accumulates after (or where) it reads it, without that check: such a backward runs eagerly.
   1 (d->why) or 0. */
static int grads_saved(st_ca_desc *d, const ca_engine *e) {
  const graph_task *g = e->g;
  for (int p = 0; p < e->norder; p++) {
    const st_node *n = g->tasks[e->order[p]].node;
    st_autograd_meta *m = st__is_accumulate(n) ? ((st_tensor *)n->state)->ag : NULL;
    if (!m) continue;
    st__ag_lock(&m->lock);
    bool saved = m->grad && st__ptrmap_get(&d->seen, m->grad->storage) >= 0;
    st__ag_unlock(&m->lock);
    if (saved) {
      d->why = "a saved value is a leaf's .grad, which the backward adds into in place";
      return 1;
    }
  }
  return 0;
}

static int describe(st_ca_desc *d, ca_engine *e) {
  const run_args *a = e->a;
  if (a->create_graph) {
    d->why = "create_graph (the backward is itself recorded)";
    return 1;
  }
  if (st__anomaly_enabled()) {
    d->why = "anomaly mode";
    return 1;
  }
  if (st__interp_top()) {
    d->why = "the backward runs inside a transform";
    return 1;
  }
  graph_task *g = e->g;
  size_t n = (size_t)(g->ntasks ? g->ntasks : 1);
  e->order = st__calloc(n, sizeof *e->order);
  e->pos = e->order ? st__calloc(n, sizeof *e->pos) : NULL;
  if (!e->pos || (e->norder = st__engine_order(g, e->order)) < 0) return ST_ERR_OOM;
  for (int k = 0; k < g->ntasks; k++) e->pos[k] = -1;
  for (int p = 0; p < e->norder; p++) e->pos[e->order[p]] = p;
  uint64_t head[3] = {(uint64_t)e->norder, (uint64_t)g->ninputs, g->prune};
  int rc = st__ca_put(d, head, sizeof head);
  /* st_autograd_grad's inputs: the position and slot their gradient is read from */
  for (int i = 0; !rc && i < g->ninputs; i++) {
    const st_edge *ed = &g->input_edges[i];
    int k = ed->node ? st__engine_find(g, ed->node) : -1;
    uint64_t w[2] = {(uint64_t)(k >= 0 ? e->pos[k] : -1), (uint64_t)ed->input_nr};
    rc = st__ca_put(d, w, sizeof w);
  }
  for (int p = 0; !rc && p < e->norder; p++) rc = describe_task(d, e, e->order[p]);
  return rc ? rc : grads_saved(d, e);
}

static void free_engine(ca_engine *e) {
  size_t n = (size_t)(e->g->ntasks ? e->g->ntasks : 1);
  st__free(e->order, n * sizeof *e->order);
  st__free(e->pos, n * sizeof *e->pos);
  st__free(e->plan, (size_t)(e->nplan ? e->nplan : 1) * sizeof *e->plan);
}

/* The capture run. Its plan: nsinks, then (position, target) per sink, then the positions of
   the nodes that ran. */
static int ca_run(st_ca_call *c, int *nout, st_tensor ***out) {
  ca_engine *e = c->engine;
  graph_task *g = e->g;
  *nout = 0;
  *out = NULL;
  g->ca = true;
  g->ca_accumulate = e->hooked_inner;
  int rc = st__engine_execute(g);
  g->ca = g->ca_accumulate = false;
  if (rc) return rc;
  int nran = 0;
  for (int p = 0; p < e->norder; p++) nran += g->tasks[e->order[p]].ran;
  e->nplan = 1 + 2 * g->nsinks + nran;
  if (!(e->plan = st__calloc((size_t)e->nplan, sizeof *e->plan))) return ST_ERR_OOM;
  int *q = e->plan;
  *q++ = g->nsinks;
  for (int s = 0; s < g->nsinks; s++) {
    *q++ = e->pos[g->sinks[s].task];
    *q++ = g->sinks[s].target;
  }
  for (int p = 0; p < e->norder; p++)
    if (g->tasks[e->order[p]].ran) *q++ = p;
  c->plan = e->plan;
  c->nplan = e->nplan;
  *nout = g->nsinks;
  *out = g->sunk; /* the task's array: finish consumes the references, graph_free the rest */
  return 0;
}

/* The saved values of the nodes the plan ran (a second call does nothing). */
static void release_ran(st_ca_call *c) {
  ca_engine *e = c->engine;
  for (int k = 1 + 2 * c->plan[0]; k < c->nplan; k++) {
    st_node *n = e->g->tasks[e->order[c->plan[k]]].node;
    if (n->ops->release_saved) n->ops->release_saved(n);
    n->saved_released = true;
  }
}

static bool ca_take(st_ca_call *c, st_tensor **owned) {
  if (((ca_engine *)c->engine)->g->retain_graph) return false;
  for (int i = 0; i < c->nin; i++) owned[i] = st_retain(c->in[i]);
  release_ran(c);
  return true;
}

static int ca_finish(st_ca_call *c, int nout, st_tensor **out, bool replay) {
  ca_engine *e = c->engine;
  graph_task *g = e->g;
  const int *q = c->plan + 1;
  int rc = 0;
  for (int s = 0; s < nout; s++, q += 2) {
    st_tensor *v = out[s];
    out[s] = NULL;
    if (rc || !v) {
      st__drop(v);
      continue;
    }
    if (q[1] >= 0) {
      if (!g->captured[q[1]])
        g->captured[q[1]] = v;
      else
        st__drop(v);
      continue;
    }
    rc = st__engine_accumulate(g->tasks[e->order[q[0]]].node, v);
  }
  /* an unused input's error fails this call, so that it counts as a fallback (the engine would
     report it after) */
  if (!rc && e->a->grads) rc = st__engine_check_used(e->a, g->captured);
  if (!rc && replay && !g->retain_graph) release_ran(c);
  return rc;
}

/* ------------------------------------------------------------------- hooks in the graph */

/* A hooked node's hooks of one phase are one opaque call of the graph ("hooks"): its inputs are
   the gradients the hooks see, its outputs the gradients they leave (tensor and pre-hooks: the
   node's output gradients; post-hooks: its results, which a hook may change in place), in
   contiguous buffers of the node's metas. It runs the hooks on the backward's own node, found
   by position, so the hooks registered on the graph of each call run (as the key promises,
   their kinds match). Its attributes: the position, the phase, mask[0] the gradient slots
   defined before (post: the node's gradients, buf), mask[1] those defined after (post: its
   results, gin). The hooks get copies, so one that keeps its argument keeps no graph buffer. */

/* A capture run's user code (hooks, a leaf's accumulation and its hooks) runs with the capture
   paused: its ops are not the graph's, and it may read values on the host. */
typedef struct {
  st_capture_fn fn;
  uint32_t gen;
  const char *read;
} paused;

static paused pause_capture(void) {
  paused p = {st__capture_op, st__capture_gen, st__capture_read};
  st__capture_op = NULL;
  st__capture_gen = 0;
  st__capture_read = NULL;
  return p;
}

static void resume_capture(paused p) {
  st__capture_op = p.fn;
  st__capture_gen = p.gen;
  st__capture_read = p.read;
}

/* After user code at position pos (hooks, a leaf's accumulation and its hooks), the values the
   nodes after it saved must be as they were, or their rules would read what eager refuses to
   (engine.c unpacks a node's saved values when it runs): the error eager gives there. */
static int later_saved_current(const ca_engine *e, int64_t pos) {
  int rc = 0;
  for (int64_t p = pos + 1; !rc && e && p < e->norder; p++) {
    st_node *n = e->g->tasks[e->order[p]].node;
    if (st__is_accumulate(n) || !n->ops->describe) continue;
    st_ca_desc d = {0};
    if (n->ops->describe(n, &d) == 1 && d.modified) {
      const st_tensor *t = d.modified->t;
      rc = st__error(
          ST_ERR_INPLACE,
          "one of the variables needed for gradient computation has been modified "
          "by an inplace operation: [%s %s] is at version %llu; expected version %llu "
          "instead. It was saved by %s (saved value %d).",
          st_dtype_name(t->dtype), ST_SHAPE_STR(t),
          (unsigned long long)atomic_load_explicit(&t->storage->version, memory_order_relaxed),
          (unsigned long long)d.modified->version, n->name, d.modified_index);
    }
    desc_free(&d);
  }
  return rc;
}

/* A replay's failing hook without a message gets eager's (engine.c). */
static int hook_failed(int rc) {
  if (rc && !st__has_error())
    st__error(rc, "%s: a hook failed with status %d and no message", tls_engine->a->fn, rc);
  return rc;
}

static int run_phase(st_node *n, st_ca_hook_phase phase, st_tensor **buf, st_tensor *const *gin) {
  switch (phase) {
  case ST_CA_TENSOR_HOOKS: {
    int rc = st__run_tensor_pre_hooks(n, buf);
    return rc ? rc : st__run_retains_grad(n, buf);
  }
  case ST_CA_PRE_HOOKS: return st__run_pre_hooks(n, buf);
  default: return st__run_post_hooks(n, gin, buf);
  }
}

static uint64_t defined(int n, st_tensor *const *t) {
  uint64_t m = 0;
  for (int i = 0; i < n; i++) m |= (uint64_t)(t[i] != NULL) << i;
  return m;
}

static st_node *hooked_node(const st_opcall *c) {
  const ca_engine *e = tls_engine;
  int64_t pos = c->a.hooks.pos;
  if (e && pos >= 0 && pos < e->norder) return e->g->tasks[e->order[pos]].node;
  st__error(ST_ERR_AUTOGRAD, "compiled autograd: a graph's hook call runs outside its backward");
  return NULL;
}

/* Output o: the o-th slot of mask[1], contiguous, with the node's meta (post-hooks: of its
   inputs, whose gradients the slots are). */
static void out_meta(const st_node *n, const st_attrs *a, st_meta *m) {
  bool post = a->hooks.phase == ST_CA_POST_HOOKS;
  int o = 0;
  for (int j = 0; j < (post ? n->nin : n->nout); j++) {
    if (!(a->hooks.mask[1] >> j & 1)) continue;
    const st_tensor_meta *x = post ? &n->in_meta[j] : &n->out_meta[j];
    m[o] = (st_meta){.dtype = x->dtype, .ndim = x->ndim, .alias = -1};
    memcpy(m[o].shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
    st__contiguous_strides(x->ndim, x->shape, m[o].strides);
    o++;
  }
}

static int hooks_infer(const st_opcall *c, st_meta *m) {
  const st_node *n = hooked_node(c);
  if (!n) return ST_ERR_AUTOGRAD;
  out_meta(n, &c->a, m);
  return 0;
}

static bool meta_is(const st_tensor *t, const st_tensor_meta *m) {
  return t->dtype == m->dtype && t->ndim == m->ndim &&
         !memcmp(t->shape, m->shape, sizeof(int64_t) * (size_t)m->ndim);
}

/* The replay: the hooks on copies of the inputs, their gradients into the outputs; or a leaf's
   accumulation of a copy of its gradient. */
static int hooks_kernel(const st_opcall *c, st_tensor *const *out) {
  st_node *n = hooked_node(c);
  if (!n) return ST_ERR_AUTOGRAD;
  st_ca_hook_phase phase = (st_ca_hook_phase)c->a.hooks.phase;
  if (phase == ST_CA_ACCUMULATE) {
    st_tensor *grad = st__untrack(st_clone(c->in[0]));
    int rc = hook_failed(grad ? st__engine_accumulate(n, grad) : st__status());
    return rc ? rc : later_saved_current(tls_engine, c->a.hooks.pos);
  }
  bool post = phase == ST_CA_POST_HOOKS;
  const uint64_t *mask = c->a.hooks.mask;
  st_tensor *bsmall[16], *gsmall[16];
  st_tensor **buf = st__tmp_array(n->nout, bsmall, 16);
  st_tensor **gin = post ? st__tmp_array(n->nin, gsmall, 16) : NULL;
  int rc = buf && (gin || !post) ? 0 : ST_ERR_OOM, i = 0;
  for (int j = 0; !rc && j < n->nout; j++)
    if ((mask[0] >> j & 1) && !(buf[j] = st__untrack(st_clone(c->in[i++])))) rc = st__status();
  for (int j = 0; !rc && post && j < n->nin; j++)
    if ((mask[1] >> j & 1) && !(gin[j] = st__untrack(st_clone(c->in[i++])))) rc = st__status();
  st_node *prev = st__tls_current_node;
  st__tls_current_node = n;
  if (!rc && !(rc = st_scope_push())) {
    rc = hook_failed(run_phase(n, phase, buf, gin));
    if (!rc) rc = later_saved_current(tls_engine, c->a.hooks.pos);
    if (!rc && !post && defined(n->nout, buf) != mask[1])
      rc = st__error(ST_ERR_AUTOGRAD,
                     "compiled autograd: the hooks of %s returned gradients for other outputs "
                     "than when its backward was compiled",
                     n->name);
    for (int j = 0, o = 0; !rc && !post && j < n->nout; j++) {
      if (!buf[j]) continue;
      if (!meta_is(buf[j], &n->out_meta[j]))
        rc = st__error(ST_ERR_SHAPE,
                       "compiled autograd: a hook of %s returned a gradient of dtype %s and shape "
                       "%s for output %d, which has dtype %s",
                       n->name, st_dtype_name(buf[j]->dtype), ST_SHAPE_STR(buf[j]), j,
                       st_dtype_name(n->out_meta[j].dtype));
      else
        st__k_copy(st__view_of(out[o++]), st__view_of(buf[j]));
    }
    for (int j = 0, o = 0; !rc && post && j < n->nin; j++) /* what the hooks left in place */
      if (gin[j]) st__k_copy(st__view_of(out[o++]), st__view_of(gin[j]));
    st_scope_pop();
  }
  st__tls_current_node = prev;
  for (int j = 0; buf && j < n->nout; j++) st__drop(buf[j]);
  for (int j = 0; gin && j < n->nin; j++) st__drop(gin[j]);
  st__tmp_free(buf, bsmall, n->nout);
  if (gin) st__tmp_free(gin, gsmall, n->nin);
  return rc;
}

#define HOOKS_OP(NOUT)                                                                             \
  {                                                                                                \
    .id = ST_OP_COUNT, .name = "hooks", .nin = ST_VARIADIC, .nout = (NOUT),                        \
    .flags = ST_OP_EFFECT | ST_OP_NONDIFF, .infer = hooks_infer, .kernel = hooks_kernel            \
  }
static const st_op accumulate_op = {.id = ST_OP_COUNT,
                                    .name = "accumulate_grad",
                                    .nin = 1,
                                    .nout = 0,
                                    .flags = ST_OP_EFFECT | ST_OP_NONDIFF,
                                    .infer = hooks_infer,
                                    .kernel = hooks_kernel};
static_assert(ST_MAX_OUTS == 4, "one hook call record per number of outputs");
static const st_op hooks_ops[ST_MAX_OUTS + 1] = {HOOKS_OP(0), HOOKS_OP(1), HOOKS_OP(2), HOOKS_OP(3),
                                                 HOOKS_OP(4)};

/* The hooks' gradients (slots `after` of buf, of metas[0..count)) as new contiguous tensors
   out[]: 0, 1 (after st__capture_refuse: the graph cannot hold them) or ST_ERR_OOM. */
static int fresh_outputs(int count, const st_tensor_meta *metas, st_tensor *const *buf,
                         uint64_t after, st_tensor **out, int *nout) {
  for (int j = 0; j < count; j++) {
    if (!(after >> j & 1)) continue;
    if (*nout == ST_MAX_OUTS) {
      st__capture_refuse("hooks pass on more than 4 gradients of one node");
      return 1;
    }
    if (!meta_is(buf[j], &metas[j])) {
      st__capture_refuse("a hook returned a gradient of another dtype or shape than its node's");
      return 1;
    }
    const st_tensor_meta *x = &metas[j];
    if (!(out[*nout] = st__tensor_empty(x->dtype, x->ndim, x->shape))) return ST_ERR_OOM;
    st__k_copy(st__view_of(out[*nout]), st__view_of(buf[j]));
    (*nout)++;
  }
  return 0;
}

int st__ca_hooks(graph_task *g, int k, st_ca_hook_phase phase, st_tensor **buf, st_tensor **gin) {
  st_node *n = g->tasks[k].node;
  const ca_engine *e = tls_engine;
  static const unsigned kinds[] = {ST_HOOKS_TENSOR | ST_HOOKS_RETAINS, ST_HOOKS_PRE, ST_HOOKS_POST};
  if (!(st__node_hook_kinds(n) & kinds[phase])) return 0; /* none of this phase: no call */
  bool post = phase == ST_CA_POST_HOOKS;
  uint64_t m0 = defined(n->nout, buf), m1 = post ? defined(n->nin, gin) : 0;
  int nin = __builtin_popcountll(m0) + __builtin_popcountll(m1), i = 0;
  st_tensor *small[16], **in = st__tmp_array(nin, small, 16);
  if (!in) return ST_ERR_OOM;
  for (int j = 0; j < n->nout; j++)
    if (buf[j]) in[i++] = st_retain(buf[j]);
  for (int j = 0; post && j < n->nin; j++)
    if (gin[j]) in[i++] = st_retain(gin[j]);
  /* the hooks are user code: their own ops are not the graph's, and they may read values */
  paused p = pause_capture();
  int rc = run_phase(n, phase, buf, gin);
  resume_capture(p);
  if (!rc && e) rc = later_saved_current(e, e->pos[k]);
  st_tensor *out[ST_MAX_OUTS] = {0};
  st_meta m[ST_MAX_OUTS];
  int nout = 0;
  uint64_t after = post ? m1 : defined(n->nout, buf);
  if (!rc)
    rc = post ? fresh_outputs(n->nin, n->in_meta, gin, after, out, &nout)
              : fresh_outputs(n->nout, n->out_meta, buf, after, out, &nout);
  if (!rc && st__capture_op && e) {
    st_attrs a = {.hooks = {e->pos[k], phase, {m0, after}}};
    out_meta(n, &a, m);
    st__capture_op(&(st_opcall){.op = &hooks_ops[nout], .nin = nin, .in = in, .a = a}, m, out);
  }
  for (int j = 0, o = 0; !rc && j < (post ? n->nin : n->nout);
       j++) /* the engine goes on with them */
    if (after >> j & 1) {
      st_tensor **slot = post ? &gin[j] : &buf[j];
      if (post) { /* the node's results are recorded in its scope, which drops them */
        if (!(*slot = st__track(out[o]))) rc = st__status();
      } else {
        st__drop(*slot);
        *slot = out[o];
      }
      out[o++] = NULL;
    }
  for (int o = 0; o < ST_MAX_OUTS; o++) st__drop(out[o]);
  for (i = 0; i < nin; i++) st__drop(in[i]);
  st__tmp_free(in, small, nin);
  return rc == 1 ? 0 : rc;
}

int st__ca_accumulate(graph_task *g, int k, st_tensor *grad) {
  const ca_engine *e = tls_engine;
  if (e && st__capture_op) { /* recorded first: the accumulation may steal the gradient */
    st_attrs a = {.hooks = {e->pos[k], ST_CA_ACCUMULATE, {1, 0}}};
    st__capture_op(&(st_opcall){.op = &accumulate_op, .nin = 1, .in = &grad, .a = a}, NULL, NULL);
  }
  paused p = pause_capture();
  int rc = st__engine_accumulate(g->tasks[k].node, grad);
  resume_capture(p);
  return rc || !e ? rc : later_saved_current(e, e->pos[k]);
}

int st__ca_backward(graph_task *g, const run_args *a) {
  int (*hook)(st_ca_call *) = atomic_load_explicit(&st__ca_hook, memory_order_acquire);
  if (!hook) return 1;
  ca_engine e = {.g = g, .a = a};
  st_ca_desc d = {0};
  int rc = describe(&d, &e);
  if (rc == ST_ERR_OOM) {
    desc_free(&d);
    free_engine(&e);
    return st__error(ST_ERR_OOM, "%s: out of memory", a->fn);
  }
  st_ca_call c = {.key = d.key,
                  .nkey = d.nkey,
                  .sizes = d.sizes,
                  .nin = d.nin,
                  .in = d.in,
                  .why = rc ? d.why : NULL,
                  .run = ca_run,
                  .finish = ca_finish,
                  .take = ca_take,
                  .engine = &e};
  ca_engine *prev = tls_engine;
  tls_engine = &e;
  rc = hook(&c);
  tls_engine = prev;
  desc_free(&d);
  free_engine(&e);
  return rc;
}
