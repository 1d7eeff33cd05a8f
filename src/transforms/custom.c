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
   level's values. The ctx and the calls into the user's code live in custom_ctx.c, the vmap rules
   in custom_vmap.c (custom.h). */
#include <string.h>

#include "custom.h"

/* --------------------------------------------------------------------------- backward nodes */

/* Differentiating a once_differentiable function's backward again ends here. */
static int once_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  (void)gout, (void)gin, (void)needs;
  return st__error(
      ST_ERR_AUTOGRAD,
      "st_custom_apply: %s is once_differentiable: its backward cannot be differentiated",
      (const char *)n->state);
}
static const st_node_ops once_ops = {"once", once_apply, NULL, NULL, true, NULL};

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
  int rc = g ? st__cf_materialized(ctx, n->out_meta, gout, g) : ST_ERR_OOM;
  if (!rc) rc = st__ctx_check_saved(ctx);
  bool once = ctx->fn->once_differentiable, prev = false;
  if (once) prev = st_set_grad_enabled(false);
  if (!rc) rc = st__cf_run_backward(ctx, g, gin);
  if (once) st_set_grad_enabled(prev);
  st__ctx_drop_unpacked(ctx);
  if (!rc && once && prev) rc = mark_once(ctx, g, gin);
  for (int i = 0; !rc && i < ctx->nin; i++) /* a gradient for an integer input means nothing */
    if (gin[i] && !st__is_float(n->in_meta[i].dtype)) {
      st__drop(gin[i]);
      gin[i] = NULL;
    }
  for (int j = 0; g && j < ctx->nout; j++) st__drop(g[j]);
  st__tmp_free(g, small, ctx->nout);
  if (rc) st__cf_drop_all(gin, ctx->nin); /* untracked: the engine's scope would not release them */
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
      st__cf_drop_all(gin + i + 1, ctx->nin - i - 1); /* not tracked yet */
    }
  }
  return rc;
}

static void custom_node_release_saved(st_node *n) { st__ctx_free_saved(n->state); }
static void custom_node_destroy(st_node *n) { st__ctx_free(n->state); }
static const st_node_ops custom_node_ops = {
    "custom", custom_node_apply, custom_node_release_saved, custom_node_destroy, true, NULL};

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
  st_ctx *ctx = st__ctx_new(fn);
  if (!ctx) return ST_ERR_OOM;
  for (int i = 0; i < fn->nin; i++)
    ctx->needs[i] = in[i] && in[i]->level == level && st__requires_grad(in[i]);
  int rc = st__cf_run_setup(ctx, vin, vout);
  snprintf(ctx->node_name, sizeof ctx->node_name, "%.38sBackward", fn->name);
  st_node *n = rc ? NULL : st__node_new(&custom_node_ops, ctx->node_name, fn->nin, fn->nout);
  if (!rc && !n) rc = ST_ERR_OOM;
  if (n)
    n->state = ctx;
  else
    st__ctx_free(ctx);
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
  if (rc && n) st__ctx_clear_saved(ctx);
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
        st__cf_drop_all(out, nout);
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
    int rc = st__cf_run_forward(fn, c->in, out);
    return rc ? rc : alias_inputs(c, fn->nout, out);
  }
  bool prev = st_set_grad_enabled(false);
  st_tensor *vout[ST_MAX_OUTS * 4] = {0};
  int rc = st__cf_run_forward(fn, c->in, vout);
  st_set_grad_enabled(prev);
  if (!rc) rc = record(fn, 0, c->in, c->in, vout, out);
  st__cf_drop_all(vout, fn->nout);
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
  st__cf_drop_all(vout, fn->nout);
  return rc;
}

/* backward as the linear map u -> J^T u, for forward mode without a jvp */
static int ctx_vjp(void *arg, st_tensor *const *u, st_tensor **gin) {
  st_ctx *ctx = arg;
  st_tensor *small[8], **g = st__tmp_array(ctx->nout, small, 8);
  int rc = g ? 0 : ST_ERR_OOM;
  for (int j = 0; !rc && j < ctx->nout; j++) g[j] = u[j];
  if (!rc) rc = st__cf_run_backward(ctx, g, gin);
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
  st_ctx *ctx = rc ? NULL : st__ctx_new(fn);
  if (!rc && !ctx) rc = ST_ERR_OOM;
  for (int i = 0; !rc && i < fn->nin; i++) ctx->needs[i] = tin[i] != NULL;
  if (!rc) rc = st__cf_run_setup(ctx, vin, vout);
  if (!rc && fn->jvp) {
    st_clear_error();
    rc = st_scope_push();
    if (!rc) rc = fn->jvp(ctx, tin, tout);
    for (int j = 0; j < fn->nout; j++) st__untrack_top(tout[j]);
    st_scope_pop();
    if (rc) rc = st__cf_user_failed(fn, "jvp", rc);
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
  if (rc) st__cf_drop_all(out, fn->nout);
  st__ctx_free(ctx);
  st__cf_drop_all(vout, fn->nout);
  st__cf_drop_all(tout, fn->nout);
  return rc;
}

/* ------------------------------------------------------------------------------ the entry */

static const st_hop custom_hop = {"custom_apply", false,      custom_plain,
                                  custom_grad,    custom_jvp, st__custom_vmap};

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
  if (st__check_args("st_custom_apply", fn->nin, in) ||
      st__check_apart("st_custom_apply", "out", out, fn->nout, "in", in, fn->nin))
    return st__status();
  for (int j = 0; j < fn->nout; j++) out[j] = NULL;
  st_hop_call c = {&custom_hop, fn->nin, fn->nout, in, fn};
  int rc = st__dispatch_hop(&c, out);
  if (rc || (rc = st__track_all(fn->nout, out))) return rc;
  st__ok();
  return 0;
}
