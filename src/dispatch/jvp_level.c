/* jvp_level.c — the jvp interpreter (forward mode): a call on dual wrappers of its level runs on
   the primal values one level down, the op's jvp rule maps the input tangents to the output
   tangents, and the outputs are wrapped as duals again. Ops without a jvp rule get one from their
   vjp rule by the double-vjp construction: vjp(x)(u) = J^T u is linear in u, so its own vjp
   with cotangent t is J t (the "linear transposition" trick, JAX's jvp-of-vjp in reverse). */
#include <stdio.h>

#include "../autograd/autograd.h"
#include "interp.h"

int st__jvp_from_vjp(const char *who, int nin, int nout, st_tensor *const *vout,
                     const bool *diff_out, st_tensor *const *tin,
                     int (*vjp)(void *arg, st_tensor *const *u, st_tensor **gin), void *arg,
                     st_tensor **tout) {
  st_grad_modes outer; /* the vjp rule records at the fresh level whatever the mode outside */
  int level = st__grad_level_push(who, &outer);
  if (level < 0) return st__status();
  st_tensor *u[ST_MAX_OUTS] = {0}, *small[8], *gsmall[8], *csmall[8];
  st_tensor **gin = st__tmp_array(nin, gsmall, 8), **roots = st__tmp_array(nin, small, 8);
  st_tensor **cots = st__tmp_array(nin, csmall, 8);
  int rc = gin && roots && cots ? 0 : ST_ERR_OOM;
  if (!rc && nout > ST_MAX_OUTS)
    rc = st__error(ST_ERR_UNSUPPORTED, "%s: forward mode through %d outputs", who, nout);
  for (int j = 0; !rc && j < nout; j++) {
    st_tensor *z = st__untrack(st_zeros(vout[j]->dtype, vout[j]->ndim, vout[j]->shape));
    bool var = z && st__is_float(z->dtype) && (!diff_out || diff_out[j]);
    if (!z || !(u[j] = var ? st__wrap(level, z, 0, NULL) : st_retain(z)) ||
        (var && !st__ag_meta(u[j])))
      rc = st__status() ? st__status() : ST_ERR_OOM;
    else if (var)
      u[j]->ag->requires_grad = true;
    st__drop(z);
  }
  if (!rc) {
    rc = st_scope_push();
    if (!rc) rc = vjp(arg, u, gin);
    for (int i = 0; i < nin; i++) st__untrack_top(gin[i]);
    st_scope_pop();
  }
  st__grad_level_pop(level, &outer);
  /* the engine over G's graph: roots g_i with cotangents t_i, variables u; the levels below
     track J t as they track any computation in the caller's grad mode */
  int nroots = 0, nvar = 0, which[ST_MAX_OUTS];
  for (int i = 0; !rc && i < nin; i++) {
    if (!tin[i] || !gin[i] || gin[i]->level != level || !st__requires_grad(gin[i])) continue;
    roots[nroots] = gin[i];
    cots[nroots++] = tin[i];
  }
  st_tensor *vars[ST_MAX_OUTS], *grads[ST_MAX_OUTS] = {0};
  for (int j = 0; !rc && j < nout; j++)
    if (u[j]->level == level) {
      which[nvar] = j;
      vars[nvar++] = u[j];
    }
  if (!rc && nroots && nvar) {
    st_grad_opts o = {.create_graph = st__grad_mode(), .allow_unused = true};
    rc = st_scope_push();
    bool ca = st__ca_suspend();
    if (!rc) rc = st_autograd_grad(nroots, roots, cots, nvar, vars, grads, &o);
    st__ca_resume(ca);
    for (int k = 0; k < nvar; k++) tout[which[k]] = st__untrack_top(grads[k]);
    st_scope_pop();
  }
  for (int j = 0; j < nout; j++) st__drop(u[j]);
  for (int i = 0; gin && i < nin; i++) st__drop(gin[i]);
  st__tmp_free(gin, gsmall, nin);
  st__tmp_free(roots, small, nin);
  st__tmp_free(cots, csmall, nin);
  return rc;
}

/* The op's vjp rule as the linear map u -> J^T u. */
typedef struct {
  const st_opcall *c;
  st_tensor *const *vin, *const *vout, *const *tin;
} op_vjp_arg;

static int op_vjp(void *p, st_tensor *const *u, st_tensor **gin) {
  const op_vjp_arg *a = p;
  const st_opcall *c = a->c;
  int nin = c->nin, nout = c->op->nout;
  st_tensor_meta in_meta[16], out_meta[ST_MAX_OUTS];
  bool needs[16];
  if (nin > 16) return st__op_error(c, ST_ERR_UNSUPPORTED, "forward mode through %d inputs", nin);
  for (int i = 0; i < nin; i++) {
    st__meta_of(&in_meta[i], a->vin[i]);
    needs[i] = a->tin[i] != NULL;
  }
  for (int j = 0; j < nout; j++) st__meta_of(&out_meta[j], a->vout[j]);
  st_vjp_args v = {c->op, &c->a, nin, nout, a->vin, a->vout, in_meta, out_meta, needs};
  int rc = c->op->vjp(&v, u, gin);
  if (rc && !st__has_error()) rc = st__op_error(c, rc, "the vjp rule failed without a message");
  return rc;
}

/* J t through the op's vjp rule (the double-vjp construction). */
static int jvp_by_vjp(const st_opcall *c, st_tensor *const *vin, st_tensor *const *vout,
                      st_tensor *const *tin, st_tensor **tout) {
  if (!c->op->vjp)
    return st__op_error(c, ST_ERR_UNSUPPORTED,
                        "has neither a jvp rule nor a vjp rule; it cannot be differentiated "
                        "in forward mode");
  op_vjp_arg a = {c, vin, vout, tin};
  return st__jvp_from_vjp("st_jvp", c->nin, c->op->nout, vout, NULL, tin, op_vjp, &a, tout);
}

int st__fit_tangent(const char *who, int j, const st_tensor *y, st_tensor **t) {
  bool same = (*t)->ndim == y->ndim;
  for (int d = 0; same && d < y->ndim; d++) same = (*t)->shape[d] == y->shape[d];
  st_tensor *r = *t;
  if (!same && !(r = st__untrack(st_expand(r, y->ndim, y->shape)))) {
    char got[96];
    return st__error(
        ST_ERR_SHAPE,
        "%s: the jvp rule's tangent for output %d has shape %s, which does not broadcast to "
        "the output's %s",
        who, j, st__fmt_shape(got, sizeof got, (*t)->ndim, (*t)->shape), ST_SHAPE_STR(y));
  }
  if (r->dtype != y->dtype) {
    st_tensor *cast = st__untrack(st_to_dtype(r, y->dtype));
    if (r != *t) st__drop(r);
    if (!(r = cast)) return st__status();
  }
  if (r != *t) {
    st__drop(*t);
    *t = r;
  }
  return 0;
}

/* The output tangents from the input tangents: the op's jvp rule, else the double vjp. in:
   the primal inputs (an in-place op's self as it was before the write); out: the primal
   outputs. Each tangent is fitted to its output. Untracked references in tout. */
static int tangents_of(const st_opcall *c, st_tensor *const *in, st_tensor *const *out,
                       st_tensor *const *tin, st_tensor **tout) {
  const st_op *op = c->op;
  int rc = 0;
  if (op->jvp) {
    rc = st_scope_push();
    st_jvp_args a = {op, &c->a, c->nin, op->nout, in, out};
    if (!rc) rc = op->jvp(&a, tin, tout);
    for (int j = 0; j < op->nout; j++) st__untrack_top(tout[j]);
    st_scope_pop();
    if (rc && !st__has_error()) rc = st__op_error(c, rc, "the jvp rule failed without a message");
  } else {
    rc = jvp_by_vjp(c, in, out, tin, tout);
  }
  /* A rule that hands an input's tangent through (add_scalar, copies) would share its history
     at the grad levels below; in no-grad mode PyTorch's tangent is a new value those levels do
     not track (vjp(jvp(f)) with add_scalar under no_grad: the fuzzer's s3_3391), so it gets a
     view made in no-grad mode. */
  for (int j = 0; !rc && !st__grad_mode() && j < op->nout; j++)
    for (int i = 0; !rc && tout[j] && i < c->nin; i++)
      if (tin[i] == tout[j]) {
        st_tensor *v = st__untrack(st_expand(tout[j], tout[j]->ndim, tout[j]->shape));
        if (!v) rc = st__status();
        st__drop(tout[j]);
        tout[j] = v;
      }
  char who[48];
  snprintf(who, sizeof who, "st_%s", op->name);
  for (int j = 0; !rc && j < op->nout; j++)
    if (tout[j]) rc = st__fit_tangent(who, j, out[j], &tout[j]);
  if (rc)
    for (int j = 0; j < op->nout; j++) {
      st__drop(tout[j]);
      tout[j] = NULL;
    }
  return rc;
}

/* Tangents are shared, and never written in place: a rule may hand an input's tangent through
   (add_scalar, copies), st_jvp's inputs hold the caller's tangents, a view's tangent is a view
   of its base's. An in-place op gives its wrapper a new tangent instead; on a view, the base
   gets a new one too (the view's part replaced, in public ops), and the base's other views
   make theirs again from it when they are next used (st__view_refresh, as PyTorch's forward AD
   keeps a view's tangent a view of its base's). Computing the new tangent never writes a lower
   level either, so it may be batched or tracked where the old one was not (vmap(jacfwd(f)),
   grad(jacfwd(f)) of an in-place op). */

/* The base's tangent with the part the view (chain) shows replaced by t (NULL: zero):
   bt + embed(t - view(bt)), or embed(t) when the base has none. An untracked reference, NULL
   for a zero tangent; *failed on error. */
static st_tensor *base_tangent(const st_tensor *view, st_tensor *t, bool *failed) {
  const st_autograd_meta *m = view->ag;
  st_tensor *bt = m->view_base->tangent, *r = NULL;
  *failed = false;
  if (!bt && !t) return NULL;
  if (st_scope_push()) {
    *failed = true;
    return NULL;
  }
  st_tensor *inside = t;
  if (bt) {
    st_tensor *old = st__view_replay(m->view_fn, bt);
    inside = t ? st_sub(t, old) : st_neg(old);
  }
  st_tensor *e = inside ? st__view_embed_written(m->view_fn, inside) : NULL;
  r = st__untrack_top(bt && e ? st_add(bt, e) : e);
  st_scope_pop();
  *failed = !r;
  return r;
}

/* Whether a grad level (or eager autograd) tracks t, at t's level or below. */
static bool tracked_below(const st_tensor *t) {
  for (; t; t = t->level ? t->value : NULL)
    if ((!t->level || t->wrap == ST_WRAP_GRAD) && st__requires_grad(t)) return true;
  return false;
}

/* Whether t carries a vmap batch that old does not (old cannot take t's values in place). */
static bool batched_beyond(const st_tensor *t, const st_tensor *old) {
  for (; t && t->level; t = t->value) {
    if (t->wrap != ST_WRAP_VMAP || !st__wrapper_alive(t)) continue;
    const st_tensor *o = old;
    while (o && o->level > t->level) o = o->value;
    if (!o || o->level != t->level || o->wrap != ST_WRAP_VMAP) return true;
  }
  return false;
}

/* PyTorch writes the new tangent into the old one; in no-grad mode the grad levels below do not
   record that write, so the tangent keeps the old one's history with the new values. Here: a
   clone of the old tangent recorded in grad mode (its history), into which the new values are
   copied in no-grad mode (the levels below still see the copy as the write it is). *t: the new
   tangent (NULL: zero), replaced when old is tracked below and can take its values. */
static int keep_history(st_tensor *old, st_tensor **t) {
  if (st__grad_mode() || !old || !tracked_below(old) || (*t && batched_beyond(*t, old))) return 0;
  int rc = st_scope_push();
  if (rc) return rc;
  st_set_grad_enabled(true);
  st_tensor *kept = st_clone(old);
  st_set_grad_enabled(false);
  if (!kept || (*t ? st_copy_(kept, *t) : st_zero_(kept))) rc = st__status();
  if (!rc) {
    st__drop(*t);
    *t = st__untrack_top(kept);
  }
  st_scope_pop();
  return rc;
}

/* An in-place op on a dual: the new value and its tangent are computed first, on copies of
   self's value (the rule's graph below must not hold self, which is written next); only then is
   self written (the op itself again, one level down: it fails as a whole or not at all) and the
   tangents replaced, which cannot fail. */
static int run_inplace(const st_opcall *c, st_tensor *const *vin, st_tensor *const *tin,
                       st_tensor **out) {
  const st_op *op = c->op;
  int nin = c->nin;
  st_tensor *self = c->in[0], *res = NULL, *before = NULL, *t = NULL, *bt = NULL;
  st_tensor *small[8], **rin = st__tmp_array(nin, small, 8), *done[ST_MAX_OUTS] = {0};
  int rc = rin ? 0 : ST_ERR_OOM;
  if (!rc && (!(res = st__untrack(st_clone(vin[0]))) || !(before = st__untrack(st_clone(vin[0])))))
    rc = st__status();
  for (int i = 0; !rc && i < nin; i++) rin[i] = i ? vin[i] : res;
  st_tensor *rout[ST_MAX_OUTS] = {0};
  if (!rc) rc = st__redispatch(c, rin, rout); /* res holds the new value */
  for (int j = 0; j < op->nout; j++) st__drop(rout[j]);
  st_tensor *tout[ST_MAX_OUTS] = {0};
  if (!rc) rin[0] = before; /* the rule sees self as it was */
  if (!rc) rc = tangents_of(c, rin, (st_tensor *const[]){res}, tin, tout);
  t = tout[0];
  for (int j = 1; j < op->nout; j++) st__drop(tout[j]);
  bool view = self->ag && self->ag->view_base && !self->ag->view_nograd, failed = false;
  if (!rc && view && (bt = base_tangent(self, t, &failed), failed)) rc = st__status();
  if (!rc) rc = keep_history(self->tangent, &t);
  if (!rc && view) rc = keep_history(self->ag->view_base->tangent, &bt);
  if (!rc) rc = st__redispatch(c, vin, done);
  for (int j = 0; j < op->nout; j++) st__drop(done[j]);
  if (!rc) {
    if (view) {
      st_tensor *base = self->ag->view_base;
      st__drop(base->tangent);
      base->tangent = bt;
      bt = NULL;
      st__view_mark_current(self, true);
    }
    st__drop(self->tangent);
    self->tangent = t;
    t = NULL;
    out[0] = st_retain(self);
  }
  st__drop(t);
  st__drop(bt);
  st__drop(res);
  st__drop(before);
  st__tmp_free(rin, small, nin);
  return rc;
}

/* Any other call: the op on the primals, the tangents from the rule; float outputs are duals
   when an input has a tangent (a view among them knows its base at this level). */
static int run(int level, const st_opcall *c, const st_meta *m, st_tensor *const *vin,
               st_tensor *const *tin, bool any, st_tensor **out) {
  const st_op *op = c->op;
  int nout = op->nout;
  st_tensor *vout[ST_MAX_OUTS] = {0}, *tout[ST_MAX_OUTS] = {0};
  int rc = st__redispatch(c, vin, vout);
  if (!rc && any) rc = tangents_of(c, vin, vout, tin, tout);
  for (int j = 0; !rc && j < nout; j++) {
    if ((op->flags & ST_OP_INPLACE) && j == 0) {
      out[0] = st_retain(c->in[0]); /* no tangent anywhere: self's stays none */
    } else if (any && st__is_float(vout[j]->dtype)) {
      if (!(out[j] = st__wrap(level, vout[j], 0, tout[j])))
        rc = ST_ERR_OOM;
      else if (m[j].alias >= 0 && st__view_track(c, m[j].alias, out[j], false))
        rc = ST_ERR_OOM;
    } else {
      out[j] = st_retain(vout[j]);
    }
  }
  for (int j = 0; j < nout; j++) {
    st__drop(vout[j]);
    st__drop(tout[j]);
  }
  return rc;
}

/* Dispatch lifts a tensor from below into this level before a value with a tangent is written
   into it (dispatch.c); this is what remains when it could not. */
static int check_inplace_target(int level, const st_opcall *c, bool any_tangent) {
  if (!(c->op->flags & ST_OP_INPLACE) || !any_tangent || c->in[0]->level == level) return 0;
  return st__op_error(
      c, ST_ERR_TRANSFORM,
      "writes a value with a tangent of st_jvp (level %d) into a tensor from outside the transform "
      "(shape %s); use the out-of-place op",
      level, ST_SHAPE_STR(c->in[0]));
}

int st__jvp_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out) {
  const st_op *op = c->op;
  int nin = c->nin;
  st_tensor *small[8], *tsmall[8];
  st_tensor **vin = st__tmp_array(nin, small, 8), **tin = st__tmp_array(nin, tsmall, 8);
  int rc = vin && tin ? 0 : ST_ERR_OOM;
  bool any = false;
  for (int i = 0; !rc && i < nin; i++) {
    st_tensor *x = c->in[i];
    if (x->level == level && x->ag && st__view_refresh(x)) rc = st__status(); /* a view's tangent */
    vin[i] = st__unwrap_at(x, level);
    tin[i] = x->level == level ? x->tangent : NULL;
    any = any || tin[i];
  }
  /* nothing differentiable comes out (an in-place op on an integer or bool tensor included) */
  if ((op->flags & ST_OP_NONDIFF) ||
      (!rc && (op->flags & ST_OP_INPLACE) && !st__is_float(vin[0]->dtype)))
    any = false;
  if (!rc) rc = check_inplace_target(level, c, any);
  bool inplace = (op->flags & ST_OP_INPLACE) && any && op->nout == 1;
  if (!rc) rc = inplace ? run_inplace(c, vin, tin, out) : run(level, c, m, vin, tin, any, out);
  st__tmp_free(vin, small, nin);
  st__tmp_free(tin, tsmall, nin);
  return rc;
}
