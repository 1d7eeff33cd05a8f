/* custom.c — custom functions (st_custom_apply) as a higher-order op with one rule per
   interpreter kind, after functorch's custom_function_call (seed 000) and the notebook's
   custom_vjp through layers (seed 003):

   - plain (level 0): forward runs without recording; when an input requires grad, a node of
     eager autograd runs the user's backward;
   - grad level L: the call goes one level down first (so every level below keeps the custom
     rules), then a node of level L's graph runs the user's backward on the values below;
   - jvp level L: the call goes down, then the user's jvp, or, without one, J t derived from the
     user's backward (the double-vjp construction);
   - vmap level L: the user's vmap rule; or the generated rule: a derived custom function whose
     forward, setup_context, backward and jvp run the user's under a vmap level; or the loop.

   Each level has its own st_ctx: setup_context runs once per level that records, with that
   level's values. */
#include <limits.h>
#include <string.h>

#include "../ops/rules.h"
#include "transforms.h"

struct st_ctx {
  const st_custom_fn *fn;
  int nin, nout;
  st_saved *saved;       /* with the version at st_ctx_save; NULL entries allowed */
  st_tensor **unpacked;  /* saved outputs re-attached to node during a backward (nsaved) */
  int nsaved;
  st_node *node;         /* weak: the level-0 node that owns this ctx (saved outputs) */
  bool *needs;   /* nin */
  bool *nondiff; /* nout */
  bool materialize;
  void *data;
  void (*free_data)(void *);
  struct generated *gen; /* retained when fn is a generated vmap rule's derived function */
};

static void gen_release(struct generated *g);
static void gen_retain(struct generated *g);
static struct generated *gen_of(const st_custom_fn *fn);

/* ------------------------------------------------------------------------------ the ctx */

static st_ctx *ctx_new(const st_custom_fn *fn) {
  st_ctx *c = st__calloc(1, sizeof *c);
  if (!c) return NULL;
  c->fn = fn;
  c->nin = fn->nin;
  c->nout = fn->nout;
  c->materialize = true;
  c->needs = st__calloc((size_t)(fn->nin ? fn->nin : 1), sizeof(bool));
  c->nondiff = st__calloc((size_t)fn->nout, sizeof(bool));
  if (!c->needs || !c->nondiff) {
    st__free(c->needs, sizeof(bool) * (size_t)(fn->nin ? fn->nin : 1));
    st__free(c->nondiff, sizeof(bool) * (size_t)fn->nout);
    st__free(c, sizeof *c);
    return NULL;
  }
  if ((c->gen = gen_of(fn))) gen_retain(c->gen);
  return c;
}

/* Drops the saved outputs handed out with their history (they hold the node). */
static void ctx_drop_unpacked(st_ctx *c) {
  for (int i = 0; c->unpacked && i < c->nsaved; i++) {
    st__drop(c->unpacked[i]);
    c->unpacked[i] = NULL;
  }
}

static void ctx_clear_saved(st_ctx *c) {
  ctx_drop_unpacked(c);
  for (int i = 0; i < c->nsaved; i++) st__saved_release(&c->saved[i]);
  st__free(c->saved, sizeof(st_saved) * (size_t)(c->nsaved ? c->nsaved : 1));
  if (c->unpacked) st__free(c->unpacked, sizeof(st_tensor *) * (size_t)(c->nsaved ? c->nsaved : 1));
  c->saved = NULL;
  c->unpacked = NULL;
  c->nsaved = 0;
}

static void ctx_free(st_ctx *c) {
  if (!c) return;
  ctx_clear_saved(c);
  if (c->free_data) c->free_data(c->data);
  st__free(c->needs, sizeof(bool) * (size_t)(c->nin ? c->nin : 1));
  st__free(c->nondiff, sizeof(bool) * (size_t)c->nout);
  if (c->gen) gen_release(c->gen);
  st__free(c, sizeof *c);
}

int st_ctx_save(st_ctx *ctx, int n, st_tensor *const *ts) {
  if (!ctx || n < 0 || (n > 0 && !ts))
    return st__error(ST_ERR_ARG, "st_ctx_save: bad arguments (n %d)", n);
  st_saved *s = st__calloc((size_t)(n ? n : 1), sizeof(st_saved));
  if (!s) return ST_ERR_OOM;
  for (int i = 0; i < n; i++) /* the version now, so that an in-place change is caught */
    if (ts[i] && st__save(&s[i], ts[i], false, 0)) { /* OOM, or a saved-tensor hook failed */
      int rc = st__status() ? st__status() : ST_ERR_OOM;
      for (int k = 0; k < i; k++) st__saved_release(&s[k]);
      st__free(s, sizeof(st_saved) * (size_t)(n ? n : 1));
      return rc;
    }
  ctx_clear_saved(ctx);
  ctx->saved = s;
  ctx->nsaved = n;
  st__ok();
  return 0;
}

/* ST_ERR_INPLACE when saved value i was modified in place since st_ctx_save. */
static int saved_check(const st_ctx *c, int i) {
  const st_tensor *t = c->saved[i].t;
  uint64_t now = t ? atomic_load_explicit(&t->storage->version, memory_order_relaxed) : 0;
  if (!t || now == c->saved[i].version) return 0;
  return st__error(ST_ERR_INPLACE,
                   "st_custom_apply: %s: one of the variables needed for gradient computation has "
                   "been modified by an inplace operation: [%s %s] is at version %llu; expected "
                   "version %llu instead. It was saved by st_ctx_save (saved value %d).",
                   c->fn->name, st_dtype_name(t->dtype), ST_SHAPE_STR(t), (unsigned long long)now,
                   (unsigned long long)c->saved[i].version, i);
}

static int ctx_check_saved(const st_ctx *c) {
  for (int i = 0; i < c->nsaved; i++)
    if (saved_check(c, i)) return st__status();
  return 0;
}

/* Saved value i (borrowed), after the version check. A saved output of a level-0 node is held
   without history (no cycle); in grad mode it comes back with the node as its grad_fn, so that
   a differentiable backward differentiates through it. */
static st_tensor *saved_get(st_ctx *c, int i) {
  st_saved *s = &c->saved[i];
  if (saved_check(c, i)) return NULL;
  /* a value packed by saved-tensor hooks comes back through unpack (once per backward) */
  if (!s->pack && (!s->t || !s->is_output || !c->node || !st__grad_mode())) return s->t;
  if (!c->unpacked && !(c->unpacked = st__calloc((size_t)c->nsaved, sizeof(st_tensor *))))
    return NULL;
  if (!c->unpacked[i]) {
    st_tensor *u = st__unpack(s, c->node, i);
    if (!u) return NULL;
    c->unpacked[i] = u;
  }
  return c->unpacked[i];
}

st_tensor *st_ctx_saved(st_ctx *ctx, int i) {
  if (!ctx || i < 0 || i >= ctx->nsaved) {
    st__error(ST_ERR_ARG, "st_ctx_saved: index %d is out of range (%d saved)", i,
              ctx ? ctx->nsaved : 0);
    return NULL;
  }
  return saved_get(ctx, i);
}
int st_ctx_num_saved(const st_ctx *ctx) { return ctx ? ctx->nsaved : 0; }
bool st_ctx_needs_input_grad(st_ctx *ctx, int i) {
  return ctx && i >= 0 && i < ctx->nin && ctx->needs[i];
}
void st_ctx_mark_non_differentiable(st_ctx *ctx, int j) {
  if (ctx && j >= 0 && j < ctx->nout) ctx->nondiff[j] = true;
}
void st_ctx_set_materialize_grads(st_ctx *ctx, bool m) {
  if (ctx) ctx->materialize = m;
}
void st_ctx_set_data(st_ctx *ctx, void *data, void (*free_fn)(void *)) {
  if (!ctx) return;
  if (ctx->free_data) ctx->free_data(ctx->data);
  ctx->data = data;
  ctx->free_data = free_fn;
}
void *st_ctx_data(st_ctx *ctx) { return ctx ? ctx->data : NULL; }
void *st_ctx_user(st_ctx *ctx) { return ctx ? ctx->fn->user : NULL; }

static void drop_all(st_tensor **t, int n) {
  for (int j = 0; j < n; j++) {
    st__drop(t[j]);
    t[j] = NULL;
  }
}

/* ------------------------------------------------------------------ calling the user's code */

/* "st_custom_apply: <name>: ..." in front of what the user's code left. */
static int user_failed(const st_custom_fn *fn, const char *what, int rc) {
  char copy[400];
  snprintf(copy, sizeof copy, "%s", st__message());
  st_status s = st__status() ? st__status() : (rc < 0 ? (st_status)rc : ST_ERR_ARG);
  if (!copy[0])
    return st__error(s, "st_custom_apply: %s: %s failed with status %d and no message", fn->name,
                     what, rc);
  return st__error(s, "st_custom_apply: %s: %s: %s", fn->name, what, copy);
}

static int run_forward(const st_custom_fn *fn, st_tensor *const *in, st_tensor **out) {
  for (int j = 0; j < fn->nout; j++) out[j] = NULL;
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = fn->forward(fn->user, fn->nin, in, fn->nout, out);
  for (int j = 0; j < fn->nout; j++) st__untrack_top(out[j]);
  st_scope_pop();
  for (int j = 0; !rc && j < fn->nout; j++)
    if (!out[j])
      rc = st__has_error() ? st__status()
                           : st__error(ST_ERR_ARG, "forward returned no output %d", j);
  if (!rc) return 0;
  for (int j = 0; j < fn->nout; j++) {
    st__drop(out[j]);
    out[j] = NULL;
  }
  return user_failed(fn, "forward", rc);
}

static int run_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  if (!ctx->fn->setup_context) return 0;
  int rc = st_scope_push();
  if (rc) return rc;
  rc = ctx->fn->setup_context(ctx, in, out);
  st_scope_pop();
  return rc ? user_failed(ctx->fn, "setup_context", rc) : 0;
}

/* Output gradients as backward sees them: zeros for missing ones unless materialize is off. */
static int materialized(st_ctx *ctx, const st_tensor_meta *meta, st_tensor *const *gout,
                        st_tensor **g) {
  for (int j = 0; j < ctx->nout; j++) {
    g[j] = gout[j] ? st_retain(gout[j]) : NULL;
    if (!g[j] && ctx->materialize && !(g[j] = st__untrack(st__zeros_meta(&meta[j]))))
      return st__status();
  }
  return 0;
}

/* The user's backward: gin (nin untracked refs, NULL for zero). */
static int run_backward(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  const st_custom_fn *fn = ctx->fn;
  if (!fn->backward)
    return st__error(ST_ERR_UNSUPPORTED, "st_custom_apply: %s has no backward", fn->name);
  for (int i = 0; i < ctx->nin; i++) gin[i] = NULL;
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = fn->backward(ctx, g, gin);
  for (int i = 0; i < ctx->nin; i++) st__untrack_top(gin[i]);
  st_scope_pop();
  if (!rc) return 0;
  for (int i = 0; i < ctx->nin; i++) {
    st__drop(gin[i]);
    gin[i] = NULL;
  }
  return user_failed(fn, "backward", rc);
}

/* --------------------------------------------------------------------------- backward nodes */

/* Differentiating a once_differentiable function's backward again ends here. */
static int once_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  (void)gout, (void)gin, (void)needs;
  return st__error(
      ST_ERR_AUTOGRAD,
      "st_custom_apply: %s is once_differentiable: its backward cannot be differentiated",
      (const char *)n->state);
}
static const st_node_ops once_ops = {"once", once_apply, NULL, NULL, true};

/* Whether a live grad level tracks wrapper t: t, or a value or live tangent under it, requires
   grad at its level (a jvp or vmap wrapper can hide a grad level's variable). `seen` bounds the
   walk when tangents and values share tensors. */
typedef struct {
  const st_tensor *seen[128];
  int n;
} walk_seen;
static bool grad_tracked(const st_tensor *t, walk_seen *w) {
  if (!t || !t->level) return false;
  for (int i = 0; i < w->n; i++)
    if (w->seen[i] == t) return false;
  if (w->n < 128) w->seen[w->n++] = t;
  bool alive = st__wrapper_alive(t);
  if (alive && t->wrap == ST_WRAP_GRAD && st__requires_grad(t)) return true;
  return grad_tracked(t->value, w) ||
         (alive && t->wrap == ST_WRAP_JVP && grad_tracked(t->tangent, w));
}

/* Marks gin so that a further backward through it fails (PyTorch's DelayedError): an alias
   whose node has edges to what the backward read and a gradient could flow to (the output
   gradients and the saved values). Under a transform that differentiates through this backward
   (a saved value or gradient tracked by a grad level, at the top or under jvp and vmap
   wrappers) the error comes at once, since the result computed without recording cannot carry
   it to that level. */
static int mark_once(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  int n_in = ctx->nout + ctx->nsaved;
  st_tensor *small[16], **src = st__tmp_array(n_in, small, 16);
  if (!src) return ST_ERR_OOM;
  bool any = false;
  for (int k = 0; k < n_in; k++) {
    const st_saved *s = k < ctx->nout ? NULL : &ctx->saved[k - ctx->nout];
    st_tensor *t = s ? s->t : g[k];
    if (s && s->is_output) { /* an output of the node: requires grad through it */
      src[k] = t;
      any = true;
      continue;
    }
    if (!t || (t->level ? !grad_tracked(t, &(walk_seen){.n = 0}) : !st__requires_grad(t)))
      continue;
    if (t->level) {
      st__tmp_free(src, small, n_in);
      return st__error(ST_ERR_AUTOGRAD,
                       "st_custom_apply: %s is once_differentiable: its backward cannot be "
                       "differentiated (a transform differentiates through it)",
                       ctx->fn->name);
    }
    src[k] = t;
    any = true;
  }
  st_node *n = any ? st__node_new(&once_ops, "OnceDifferentiableBackward", n_in, 1) : NULL;
  int rc = any && !n ? ST_ERR_OOM : 0;
  if (n) n->state = (void *)ctx->fn->name;
  for (int k = 0; n && !rc && k < n_in; k++) {
    const st_saved *s = k < ctx->nout ? NULL : &ctx->saved[k - ctx->nout];
    if (s && s->is_output) {
      st__node_retain(ctx->node);
      n->next[k] = (st_edge){ctx->node, s->output_nr};
    } else if (src[k] && (n->next[k] = st__gradient_edge(src[k])).input_nr < 0) {
      rc = ST_ERR_OOM;
    }
  }
  for (int i = 0; n && !rc && i < ctx->nin; i++) {
    if (!gin[i] || !st__is_float(gin[i]->dtype) || gin[i]->level) continue;
    st_tensor *t = gin[i];
    st_tensor *alias =
        st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
    if (!alias || !st__ag_meta(alias)) {
      st__drop(alias);
      rc = ST_ERR_OOM;
      break;
    }
    st__node_retain(n);
    alias->ag->grad_fn = n;
    st__meta_of(&n->out_meta[0], alias);
    st__drop(gin[i]);
    gin[i] = alias;
  }
  st__node_release(n);
  st__tmp_free(src, small, n_in);
  return rc;
}

static int custom_node_apply(st_node *n, st_tensor *const *gout, st_tensor **gin,
                             const bool *needs) {
  st_ctx *ctx = n->state;
  for (int i = 0; i < ctx->nin; i++) ctx->needs[i] = needs[i];
  st_tensor *small[8], **g = st__tmp_array(ctx->nout, small, 8);
  int rc = g ? materialized(ctx, n->out_meta, gout, g) : ST_ERR_OOM;
  if (!rc) rc = ctx_check_saved(ctx);
  bool once = ctx->fn->once_differentiable, prev = false;
  if (once) prev = st_set_grad_enabled(false);
  if (!rc) rc = run_backward(ctx, g, gin);
  if (once) st_set_grad_enabled(prev);
  ctx_drop_unpacked(ctx);
  if (!rc && once && prev) rc = mark_once(ctx, g, gin);
  for (int i = 0; !rc && i < ctx->nin; i++) /* a gradient for an integer input means nothing */
    if (gin[i] && !st__is_float(n->in_meta[i].dtype)) {
      st__drop(gin[i]);
      gin[i] = NULL;
    }
  for (int j = 0; g && j < ctx->nout; j++) st__drop(g[j]);
  st__tmp_free(g, small, ctx->nout);
  if (rc) drop_all(gin, ctx->nin); /* untracked: the engine's scope would not release them */
  /* The engine's convention: gradients are recorded in the node's scope, which releases those
     it does not take (not needed, or a later check such as anomaly mode's fails). Untracked,
     a gradient nobody asked for leaked, and the engine's untrack of one the user handed back
     as is (the root gradient) forgot the user's own record of it instead. */
  for (int i = 0; !rc && i < ctx->nin; i++) {
    if (gin[i] && !needs[i]) {
      st__drop(gin[i]);
      gin[i] = NULL;
    } else if (gin[i] && !(gin[i] = st__track(gin[i]))) {
      rc = st__status();
      drop_all(gin + i + 1, ctx->nin - i - 1); /* not tracked yet */
    }
  }
  return rc;
}

static void custom_node_destroy(st_node *n) { ctx_free(n->state); }
static const st_node_ops custom_node_ops = {"custom", custom_node_apply, NULL, custom_node_destroy,
                                            true};

/* A tensor the node can own as an output: a fresh alias when forward returned an input or a
   tensor that already has history. */
static int own_output(st_tensor *const *in, int nin, st_tensor **t) {
  bool alias = (*t)->ag && ((*t)->ag->grad_fn || (*t)->ag->requires_grad);
  for (int i = 0; i < nin; i++) alias = alias || in[i] == *t;
  if (!alias) return 0;
  st_tensor *a = *t,
            *v = st__tensor_view(a->storage, a->dtype, a->ndim, a->shape, a->strides, a->offset);
  if (!v) return ST_ERR_OOM;
  st__drop(a);
  *t = v;
  return 0;
}

/* At level 0, a saved output of node n would hold n through its grad_fn (a cycle): it is held
   as an alias without history instead, marked as the node's output (saved_get re-attaches n). */
static int own_saved_outputs(st_ctx *ctx, st_node *n, st_tensor *const *out) {
  ctx->node = n;
  for (int k = 0; k < ctx->nsaved; k++) {
    st_saved *s = &ctx->saved[k];
    for (int j = 0; s->t && !s->is_output && j < ctx->nout; j++) {
      if (s->t != out[j] || !out[j]->ag || out[j]->ag->grad_fn != n) continue;
      st_tensor *t = s->t;
      st_tensor *a = st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
      if (!a) return ST_ERR_OOM;
      st__drop(t);
      s->t = a;
      s->is_output = true;
      s->output_nr = j;
    }
  }
  return 0;
}

/* Records the call at `level`: setup_context on the values, a node with edges to the arguments
   of that level, outputs attached (at a grad level: new wrappers of vout; at level 0: vout
   itself, or an alias). out receives untracked references; vout keeps its own. */
static int record(const st_custom_fn *fn, int level, st_tensor *const *in, st_tensor *const *vin,
                  st_tensor **vout, st_tensor **out) {
  st_ctx *ctx = ctx_new(fn);
  if (!ctx) return ST_ERR_OOM;
  for (int i = 0; i < fn->nin; i++)
    ctx->needs[i] = in[i] && in[i]->level == level && st__requires_grad(in[i]);
  int rc = run_setup(ctx, vin, vout);
  char name[48];
  snprintf(name, sizeof name, "%.38sBackward", fn->name);
  st_node *n = rc ? NULL : st__node_new(&custom_node_ops, name, fn->nin, fn->nout);
  if (!rc && !n) rc = ST_ERR_OOM;
  if (n)
    n->state = ctx;
  else
    ctx_free(ctx);
  for (int i = 0; !rc && i < fn->nin; i++) {
    if (!in[i]) continue;
    st__meta_of(&n->in_meta[i], in[i]);
    if (in[i]->level == level && (n->next[i] = st__gradient_edge(in[i])).input_nr < 0)
      rc = ST_ERR_OOM;
  }
  for (int j = 0; !rc && j < fn->nout; j++) {
    bool diff = st__is_float(vout[j]->dtype) && !ctx->nondiff[j];
    if (!diff)
      out[j] = st_retain(vout[j]);
    else if (level)
      out[j] = st__wrap(level, vout[j], 0, NULL);
    else if (!(rc = own_output(in, fn->nin, &vout[j])))
      out[j] = st_retain(vout[j]);
    if (!rc && !out[j]) rc = ST_ERR_OOM;
    if (rc || !diff) continue;
    st__meta_of(&n->out_meta[j], out[j]);
    st_autograd_meta *m = st__ag_meta(out[j]);
    if (!m) {
      rc = ST_ERR_OOM;
      break;
    }
    st__node_retain(n);
    m->grad_fn = n;
    m->output_nr = j;
  }
  if (!rc && !level) rc = own_saved_outputs(ctx, n, out);
  if (!rc && st__anomaly_enabled()) st__anomaly_record_site(n);
  for (int j = 0; rc && j < fn->nout; j++) {
    st__drop(out[j]);
    out[j] = NULL;
  }
  /* A saved output not yet made an alias holds its grad_fn, n: a cycle, unless it goes now. */
  if (rc && n) ctx_clear_saved(ctx);
  st__node_release(n);
  return rc;
}

/* ------------------------------------------------------------------------ the level rules */

static bool any_tracked(const st_hop_call *c, int level) {
  if (!st__grad_mode()) return false;
  for (int i = 0; i < c->nin; i++)
    if (c->in[i] && c->in[i]->level == level && st__requires_grad(c->in[i])) return true;
  return false;
}

/* An input that forward returned as is goes out as a new alias of it: every call returns a
   distinct object (strata.h). For the untracked path; record() aliases the tracked one. */
static int alias_inputs(const st_hop_call *c, int nout, st_tensor **out) {
  for (int j = 0; j < nout; j++)
    for (int i = 0; i < c->nin; i++) {
      if (out[j] != c->in[i]) continue;
      st_tensor *a = out[j], *v = st__tensor_view(a->storage, a->dtype, a->ndim, a->shape,
                                                  a->strides, a->offset);
      if (!v) {
        drop_all(out, nout);
        return ST_ERR_OOM;
      }
      st__drop(a);
      out[j] = v;
      break;
    }
  return 0;
}

static int custom_plain(const st_hop_call *c, st_tensor **out) {
  const st_custom_fn *fn = c->payload;
  if (!any_tracked(c, 0)) {
    int rc = run_forward(fn, c->in, out);
    return rc ? rc : alias_inputs(c, fn->nout, out);
  }
  bool prev = st_set_grad_enabled(false);
  st_tensor *vout[ST_MAX_OUTS * 4] = {0};
  int rc = run_forward(fn, c->in, vout);
  st_set_grad_enabled(prev);
  if (!rc) rc = record(fn, 0, c->in, c->in, vout, out);
  drop_all(vout, fn->nout);
  return rc;
}

/* The call one level down, on the values (in the grad mode of the levels below a grad level). */
static int lower(const st_hop_call *c, int level, st_tensor **vin, st_tensor **vout) {
  for (int i = 0; i < c->nin; i++) vin[i] = c->in[i] ? st__unwrap_at(c->in[i], level) : NULL;
  st_hop_call down = *c;
  down.in = vin;
  bool lowered = st__interp_at(level)->kind == ST_WRAP_GRAD && st__grad_mode_lower(level);
  int rc = st__dispatch_hop(&down, vout);
  st__grad_mode_restore(lowered);
  return rc;
}

static int custom_grad(int level, const st_hop_call *c, st_tensor **out) {
  const st_custom_fn *fn = c->payload;
  st_tensor *vin[64], *vout[ST_MAX_OUTS * 4] = {0};
  int rc = lower(c, level, vin, vout);
  if (!rc && !any_tracked(c, level)) {
    for (int j = 0; j < fn->nout; j++) out[j] = vout[j];
    return 0;
  }
  if (!rc) rc = record(fn, level, c->in, vin, vout, out);
  drop_all(vout, fn->nout);
  return rc;
}

/* backward as the linear map u -> J^T u, for forward mode without a jvp */
static int ctx_vjp(void *arg, st_tensor *const *u, st_tensor **gin) {
  st_ctx *ctx = arg;
  st_tensor *small[8], **g = st__tmp_array(ctx->nout, small, 8);
  int rc = g ? 0 : ST_ERR_OOM;
  for (int j = 0; !rc && j < ctx->nout; j++) g[j] = u[j];
  if (!rc) rc = run_backward(ctx, g, gin);
  st__tmp_free(g, small, ctx->nout);
  return rc;
}

static int custom_jvp(int level, const st_hop_call *c, st_tensor **out) {
  const st_custom_fn *fn = c->payload;
  st_tensor *vin[64], *tin[64], *vout[ST_MAX_OUTS * 4] = {0}, *tout[ST_MAX_OUTS * 4] = {0};
  bool any = false;
  for (int i = 0; i < c->nin; i++) {
    tin[i] = c->in[i] && c->in[i]->level == level ? c->in[i]->tangent : NULL;
    any = any || tin[i];
  }
  int rc = lower(c, level, vin, vout);
  if (!rc && !any) {
    for (int j = 0; j < fn->nout; j++) out[j] = vout[j];
    return 0;
  }
  st_ctx *ctx = rc ? NULL : ctx_new(fn);
  if (!rc && !ctx) rc = ST_ERR_OOM;
  for (int i = 0; !rc && i < fn->nin; i++) ctx->needs[i] = tin[i] != NULL;
  if (!rc) rc = run_setup(ctx, vin, vout);
  if (!rc && fn->jvp) {
    st_clear_error();
    rc = st_scope_push();
    if (!rc) rc = fn->jvp(ctx, tin, tout);
    for (int j = 0; j < fn->nout; j++) st__untrack_top(tout[j]);
    st_scope_pop();
    if (rc) rc = user_failed(fn, "jvp", rc);
  } else if (!rc) {
    bool diff[ST_MAX_OUTS * 4];
    for (int j = 0; j < fn->nout; j++) diff[j] = !ctx->nondiff[j];
    rc =
        st__jvp_from_vjp("st_custom_apply", fn->nin, fn->nout, vout, diff, tin, ctx_vjp, ctx, tout);
  }
  for (int j = 0; !rc && j < fn->nout; j++) {
    bool diff = st__is_float(vout[j]->dtype) && !ctx->nondiff[j];
    if (diff && tout[j]) {
      char who[64];
      snprintf(who, sizeof who, "st_custom_apply: %s", fn->name);
      rc = st__fit_tangent(who, j, vout[j], &tout[j]);
    }
    if (!rc) out[j] = diff ? st__wrap(level, vout[j], 0, tout[j]) : st_retain(vout[j]);
    if (!rc && !out[j]) rc = ST_ERR_OOM;
  }
  if (rc) drop_all(out, fn->nout);
  ctx_free(ctx);
  drop_all(vout, fn->nout);
  drop_all(tout, fn->nout);
  return rc;
}

/* ------------------------------------------------------------------------------------ vmap */

#define MAX_IN  64
#define MAX_OUT (ST_MAX_OUTS * 4)

/* The user's batching rule: physical values in, outputs with their out_dims. */
static int user_vmap(const st_custom_fn *fn, int64_t B, st_tensor *const *vin, const int *bdim,
                     st_tensor **vout, int *obdim) {
  int in_dims[MAX_IN];
  for (int i = 0; i < fn->nin; i++) in_dims[i] = bdim[i] >= 0 ? bdim[i] : ST_UNBATCHED;
  for (int j = 0; j < fn->nout; j++) obdim[j] = INT_MAX; /* "not set": out of range below */
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = fn->vmap(fn->user, (int)B, in_dims, vin, vout, obdim);
  for (int j = 0; j < fn->nout; j++) st__untrack_top(vout[j]);
  st_scope_pop();
  if (rc) return user_failed(fn, "vmap rule", rc);
  for (int j = 0; j < fn->nout; j++) {
    int d = obdim[j];
    if (!vout[j])
      return st__error(ST_ERR_ARG, "st_custom_apply: %s: the vmap rule returned no output %d",
                       fn->name, j);
    if (d == ST_UNBATCHED) {
      obdim[j] = -1;
      continue;
    }
    if (d < 0) d += vout[j]->ndim;
    if (d < 0 || d >= vout[j]->ndim || vout[j]->shape[d] != B)
      return st__error(ST_ERR_TRANSFORM,
                       "st_custom_apply: %s: the vmap rule returned out_dims[%d] = %d for output "
                       "%d of shape %s, "
                       "which has no dim of size %lld (the batch)",
                       fn->name, j, obdim[j], j, ST_SHAPE_STR(vout[j]), (long long)B);
    obdim[j] = d;
  }
  return 0;
}

/* The derived function of a generated vmap rule: fn's parts run under a vmap level of B lanes.
   Its inputs are the physical values with the batch first (bdim 0) or unbatched; all its
   outputs are batched at 0. Refcounted: the ctxs of lower levels keep it alive, and it keeps
   fn alive when fn is itself a derived function (vmap of vmap). */
typedef struct generated {
  st_custom_fn d; /* first: the derived function's address is the struct's */
  _Atomic int64_t refs;
  const st_custom_fn *fn; /* a reference when gen_of(fn) */
  int64_t B;
  int bdim[MAX_IN]; /* 0 or -1 */
} generated;

/* t repeated over B lanes in a new leading dim (a broadcast view); untracked. */
static st_tensor *expand_lanes(st_tensor *t, int64_t B) {
  int64_t shape[ST_MAX_DIMS + 1] = {B};
  for (int d = 0; d < t->ndim; d++) shape[d + 1] = t->shape[d];
  if (st_scope_push()) return NULL;
  st_tensor *e = st_retain(st_expand(st_unsqueeze(t, 0), t->ndim + 1, shape));
  st_scope_pop();
  return e;
}

/* Replaces *t by its expansion over the lanes. */
static int to_lanes(st_tensor **t, int64_t B) {
  st_tensor *e = expand_lanes(*t, B);
  st__drop(*t);
  *t = e;
  return e ? 0 : st__status();
}

static void gen_retain(generated *g) {
  atomic_fetch_add_explicit(&g->refs, 1, memory_order_relaxed);
}
static int gen_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out);
static struct generated *gen_of(const st_custom_fn *fn) {
  return fn->forward == gen_forward ? (generated *)fn : NULL;
}
static void gen_release(generated *g) {
  while (g && atomic_fetch_sub_explicit(&g->refs, 1, memory_order_acq_rel) == 1) {
    generated *inner = gen_of(g->fn);
    st__free(g, sizeof *g);
    g = inner;
  }
}

typedef struct {
  const st_custom_fn *fn;
  st_ctx *ctx;                       /* the derived function's ctx (setup, backward, jvp) */
  st_tensor *const *in, *const *out; /* setup_context's arguments */
  int nin, nout;
} lane_arg;

static int lane_forward(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  const lane_arg *a = p;
  *nout = a->fn->nout;
  return run_forward(a->fn, in, out);
}

static int gen_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  generated *g = user;
  int ob[MAX_OUT], n = 0;
  lane_arg a = {g->fn, NULL, NULL, NULL, nin, nout};
  int rc = st__vmap_call("st_custom_apply", NULL, g->B, nin, in, g->bdim, lane_forward, &a, nout,
                         &n, out, ob);
  for (int j = 0; !rc && j < nout; j++) /* every output batched at 0 */
    if (ob[j] < 0) rc = to_lanes(&out[j], g->B);
  for (int j = 0; !rc && j < nout; j++) out[j] = st__track(out[j]);
  return rc;
}

/* setup_context per lane: its saved tensors come out batched; its flags and data carry over */
static int lane_setup(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  lane_arg *a = p;
  st_ctx *lane = ctx_new(a->fn);
  if (!lane) return ST_ERR_OOM;
  for (int i = 0; i < a->fn->nin; i++) lane->needs[i] = a->ctx->needs[i];
  int rc = run_setup(lane, in, in + a->nin);
  if (!rc && lane->nsaved > 32)
    rc = st__error(ST_ERR_UNSUPPORTED, "st_custom_apply: %s saves more than 32 tensors under vmap",
                   a->fn->name);
  *nout = rc ? 0 : lane->nsaved;
  for (int k = 0; k < *nout; k++) out[k] = st_retain(lane->saved[k].t);
  if (!rc) {
    for (int j = 0; j < a->fn->nout; j++) a->ctx->nondiff[j] = lane->nondiff[j];
    a->ctx->materialize = lane->materialize;
    a->ctx->data = lane->data; /* lane-independent by contract: one copy serves every lane */
    a->ctx->free_data = lane->free_data;
    lane->free_data = NULL;
  }
  ctx_free(lane);
  return rc;
}

static int gen_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  generated *g = (generated *)ctx->fn;
  int n = g->fn->nin + g->fn->nout, bd[MAX_IN + MAX_OUT], ob[32], nsaved = 0;
  st_tensor *args[MAX_IN + MAX_OUT], *saved[32];
  for (int i = 0; i < g->fn->nin; i++) args[i] = in[i], bd[i] = g->bdim[i];
  for (int j = 0; j < g->fn->nout; j++) args[g->fn->nin + j] = out[j], bd[g->fn->nin + j] = 0;
  lane_arg a = {g->fn, ctx, NULL, NULL, g->fn->nin, g->fn->nout};
  int rc = st__vmap_call("st_custom_apply", NULL, g->B, n, args, bd, lane_setup, &a, 32, &nsaved,
                         saved, ob);
  if (rc) return rc;
  /* saved values that do not depend on the lane are expanded, so backward sees one layout */
  for (int k = 0; !rc && k < nsaved; k++)
    if (saved[k] && ob[k] < 0) rc = to_lanes(&saved[k], g->B);
  if (!rc) rc = st_ctx_save(ctx, nsaved, saved);
  for (int k = 0; k < nsaved; k++) st__drop(saved[k]);
  return rc;
}

/* backward or jvp per lane, with a lane ctx over the batched saved values */
typedef struct {
  st_ctx *outer;
  bool jvp;
} lane_bwd;

static int lane_backward(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  lane_bwd *a = p;
  st_ctx *outer = a->outer;
  const st_custom_fn *fn = ((generated *)outer->fn)->fn;
  int nx = a->jvp ? fn->nin : fn->nout; /* gradients of the outputs, or tangents of the inputs */
  st_ctx *lane = ctx_new(fn);
  if (!lane) return ST_ERR_OOM;
  for (int i = 0; i < fn->nin; i++) lane->needs[i] = outer->needs[i];
  for (int j = 0; j < fn->nout; j++) lane->nondiff[j] = outer->nondiff[j];
  lane->materialize = outer->materialize;
  lane->data = outer->data; /* borrowed */
  int rc = st_ctx_save(lane, outer->nsaved, in + nx);
  *nout = a->jvp ? fn->nout : fn->nin;
  if (!rc && a->jvp) {
    rc = st_scope_push();
    if (!rc) rc = fn->jvp(lane, in, out);
    for (int j = 0; j < fn->nout; j++) st__untrack_top(out[j]);
    st_scope_pop();
    if (rc) rc = user_failed(fn, "jvp", rc);
  } else if (!rc) {
    rc = run_backward(lane, in, out);
  }
  lane->data = NULL;
  ctx_free(lane);
  return rc;
}

/* Runs backward (grad: gradients of the outputs in x) or jvp (tangents of the inputs in x) per
   lane; results come back batched at 0, or unbatched. */
static int gen_lanes(st_ctx *ctx, bool jvp, st_tensor *const *x, const int *xbdim, int nx,
                     st_tensor **res, int *ob, int nres) {
  generated *g = (generated *)ctx->fn;
  int n = nx + ctx->nsaved, bd[MAX_IN + 32 + MAX_OUT], got = 0;
  st_tensor *args[MAX_IN + 32 + MAX_OUT];
  for (int k = 0; k < nx; k++) args[k] = x[k], bd[k] = xbdim[k];
  for (int k = 0; k < ctx->nsaved; k++) { /* version-checked */
    bool held = ctx->saved[k].t || ctx->saved[k].pack;
    args[nx + k] = saved_get(ctx, k), bd[nx + k] = held ? 0 : -1;
    if (held && !args[nx + k]) return st__status();
  }
  lane_bwd a = {ctx, jvp};
  return st__vmap_call("st_custom_apply", NULL, g->B, n, args, bd, lane_backward, &a, nres, &got,
                       res, ob);
}

static int gen_backward(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  generated *g = (generated *)ctx->fn;
  int nin = g->fn->nin, nout = g->fn->nout, xb[MAX_OUT], ob[MAX_IN];
  for (int j = 0; j < nout; j++) xb[j] = gout[j] ? 0 : -1;
  st_tensor *res[MAX_IN];
  int rc = gen_lanes(ctx, false, gout, xb, nout, res, ob, nin);
  for (int i = 0; !rc && i < nin; i++) {
    if (!res[i]) continue;
    st_tensor *r;
    if (g->bdim[i] >= 0) /* per-lane gradients of a batched input */
      r = st__track(ob[i] >= 0 ? st_retain(res[i]) : expand_lanes(res[i], g->B));
    else /* an input shared by every lane collects the sum over the lanes */
      r = ob[i] >= 0 ? st_sum(res[i], 1, (const int[]){0}, false)
                     : st_mul_scalar(res[i], (double)g->B);
    if (!(gin[i] = r)) rc = st__status();
  }
  drop_all(res, nin);
  return rc;
}

static int gen_jvp(st_ctx *ctx, st_tensor *const *tin, st_tensor **tout) {
  generated *g = (generated *)ctx->fn;
  int nin = g->fn->nin, nout = g->fn->nout, xb[MAX_IN], ob[MAX_OUT];
  for (int i = 0; i < nin; i++) xb[i] = tin[i] ? g->bdim[i] : -1;
  st_tensor *res[MAX_OUT];
  int rc = gen_lanes(ctx, true, tin, xb, nin, res, ob, nout);
  for (int j = 0; !rc && j < nout; j++)
    tout[j] = res[j] ? st__track(st_retain(res[j])) : NULL; /* unbatched ones broadcast */
  drop_all(res, nout);
  return rc;
}

static int custom_vmap_generated(const st_hop_call *c, int64_t B, st_tensor *const *vin,
                                 const int *bdim, st_tensor **vout) {
  const st_custom_fn *fn = c->payload;
  generated *g = st__calloc(1, sizeof *g);
  if (!g) return ST_ERR_OOM;
  atomic_init(&g->refs, 1);
  g->fn = fn;
  if (gen_of(fn)) gen_retain(gen_of(fn));
  g->B = B;
  g->d = (st_custom_fn){.name = fn->name,
                        .nin = fn->nin,
                        .nout = fn->nout,
                        .user = g,
                        .forward = gen_forward,
                        .setup_context = gen_setup,
                        .backward = fn->backward ? gen_backward : NULL,
                        .jvp = fn->jvp ? gen_jvp : NULL,
                        .generate_vmap_rule = true,
                        .once_differentiable = fn->once_differentiable};
  st_tensor *moved[MAX_IN] = {0};
  int rc = 0;
  for (int i = 0; !rc && i < fn->nin; i++) {
    g->bdim[i] = bdim[i] >= 0 ? 0 : -1;
    moved[i] = bdim[i] >= 0 ? st__untrack(st__movedim(vin[i], bdim[i], 0)) : st_retain(vin[i]);
    if (!moved[i]) rc = st__status();
  }
  st_hop_call down = *c;
  down.in = moved;
  down.payload = &g->d;
  if (!rc) rc = st__dispatch_hop(&down, vout);
  drop_all(moved, fn->nin);
  gen_release(g);
  return rc;
}

static _Atomic unsigned char warned_loop;

/* No rule: one call per lane, stacked. */
static int custom_vmap_loop(const st_hop_call *c, int64_t B, st_tensor *const *vin, const int *bdim,
                            st_tensor **vout) {
  const st_custom_fn *fn = c->payload;
  if (!atomic_exchange_explicit(&warned_loop, 1, memory_order_relaxed))
    fprintf(stderr,
            "strata: warning: custom function %s has no vmap rule and no generate_vmap_rule; "
            "st_vmap runs "
            "it once per lane (slower)\n",
            fn->name);
  if (B == 0)
    return st__error(ST_ERR_UNSUPPORTED,
                     "st_custom_apply: %s: vmap over 0 lanes needs a vmap rule or "
                     "generate_vmap_rule (the output shapes are unknown)",
                     fn->name);
  st_tensor **lanes = st__calloc((size_t)(B * fn->nout), sizeof(st_tensor *)), *lin[MAX_IN];
  int rc = lanes ? 0 : ST_ERR_OOM, pushed = st_scope_push();
  if (!rc) rc = pushed;
  for (int64_t b = 0; !rc && b < B; b++) {
    for (int i = 0; !rc && i < fn->nin; i++)
      if (!(lin[i] = bdim[i] >= 0 ? st_select(vin[i], bdim[i], b) : vin[i])) rc = st__status();
    st_hop_call lane = *c;
    lane.in = lin;
    st_tensor *lo[MAX_OUT] = {0};
    if (!rc) rc = st__dispatch_hop(&lane, lo);
    for (int j = 0; j < fn->nout; j++) lanes[j * B + b] = st__track(lo[j]);
  }
  for (int j = 0; !rc && j < fn->nout; j++)
    if (!(vout[j] = st__untrack(st_stack((int)B, lanes + j * B, 0)))) rc = st__status();
  st_scope_pop();
  st__free(lanes, sizeof(st_tensor *) * (size_t)(B * fn->nout));
  return rc;
}

static int custom_vmap(int level, const st_hop_call *c, st_tensor **out) {
  const st_custom_fn *fn = c->payload;
  const st_interp *I = st__interp_at(level);
  st_tensor *vin[MAX_IN], *vout[MAX_OUT] = {0};
  int bdim[MAX_IN], obdim[MAX_OUT];
  for (int i = 0; i < fn->nin; i++) {
    bool mine = c->in[i] && c->in[i]->level == level;
    vin[i] = mine ? c->in[i]->value : c->in[i];
    bdim[i] = mine ? c->in[i]->bdim : -1;
  }
  int rc;
  if (fn->vmap && fn->generate_vmap_rule) /* torch.func refuses the ambiguity too */
    return st__error(ST_ERR_ARG,
                     "st_custom_apply: %s: has both a vmap rule and generate_vmap_rule set; under "
                     "st_vmap it must have one or the other",
                     fn->name);
  if (fn->vmap) {
    rc = user_vmap(fn, I->batch, vin, bdim, vout, obdim);
  } else {
    rc = fn->generate_vmap_rule ? custom_vmap_generated(c, I->batch, vin, bdim, vout)
                                : custom_vmap_loop(c, I->batch, vin, bdim, vout);
    for (int j = 0; j < fn->nout; j++) obdim[j] = 0;
  }
  for (int j = 0; !rc && j < fn->nout; j++) {
    out[j] = obdim[j] >= 0 ? st__wrap(level, vout[j], obdim[j], NULL) : st_retain(vout[j]);
    if (!out[j]) rc = ST_ERR_OOM;
  }
  if (rc) drop_all(out, fn->nout);
  drop_all(vout, fn->nout);
  return rc;
}

/* ------------------------------------------------------------------------------ the entry */

static const st_hop custom_hop = {"custom_apply", false,      custom_plain,
                                  custom_grad,    custom_jvp, custom_vmap};

int st_custom_apply(const st_custom_fn *fn, st_tensor *const *in, st_tensor **out) {
  if (!fn || !out)
    return st__error(ST_ERR_ARG, "st_custom_apply: %s is NULL", !fn ? "the function" : "out");
  const char *name = fn->name ? fn->name : "(unnamed)";
  if (!fn->name || !fn->forward || fn->nin < 0 || fn->nin > MAX_IN || fn->nout < 1 ||
      fn->nout > MAX_OUT)
    return st__error(ST_ERR_ARG,
                     "st_custom_apply: %s: needs a name, a forward, 0..%d inputs and 1..%d outputs "
                     "(got %d and %d)",
                     name, MAX_IN, MAX_OUT, fn->nin, fn->nout);
  if (st__check_args("st_custom_apply", fn->nin, in)) return st__status();
  for (int j = 0; j < fn->nout; j++) out[j] = NULL;
  st_hop_call c = {&custom_hop, fn->nin, fn->nout, in, fn};
  int rc = st__dispatch_hop(&c, out);
  if (rc || (rc = st__track_all(fn->nout, out))) return rc;
  st__ok();
  return 0;
}
