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
    if (!rc) rc = st_autograd_grad(nroots, roots, cots, nvar, vars, grads, &o);
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

/* Tangents are shared: a rule may hand an input's tangent through (add_scalar, add of a
   constant, copies), st_jvp's inputs hold the caller's tangents, and a view's tangent is a view
   of its base's. A wrapper owns its tangent (tangent_own) when the tangent's storage belongs to
   the wrapper's value: computed for it, or its base's when it is a view of that base. Only an
   owned tangent is written in place by an in-place op, so that the write reaches the tangent of
   the base and of its other views and no one else's; any other is copied on write (replaced). */

/* Before a view op: an input whose tangent is not its own gets a copy of it, so that the view's
   tangent (a view of it) is owned by the input and the view together. */
static int own_viewed_tangents(int level, const st_opcall *c, const st_meta *m, st_tensor **tin) {
  for (int j = (c->op->flags & ST_OP_INPLACE) ? 1 : 0; j < c->op->nout; j++) {
    int i = m[j].alias;
    if (i < 0 || i >= c->nin || !tin[i] || c->in[i]->level != level || c->in[i]->tangent_own)
      continue;
    st_tensor *copy = st__untrack(st_clone(tin[i]));
    if (!copy) return st__status();
    st__drop(c->in[i]->tangent);
    c->in[i]->tangent = tin[i] = copy;
    c->in[i]->tangent_own = true;
  }
  return 0;
}

/* Makes *t, the new tangent of output j (j = 0 of an in-place op: self's replacement), fit to be
   held: a tangent that shares the storage of an input's owned tangent is copied (the owner and
   its views write that one in place), except a view output's tangent that is a view of its
   base's. *own: whether the output owns the result: new, or the view of its base's owned one. */
static int claim_tangent(const st_opcall *c, const st_meta *m, int j, st_tensor *const *tin,
                         st_tensor **t, bool *own) {
  bool view = !((c->op->flags & ST_OP_INPLACE) && j == 0) && m[j].alias >= 0;
  bool of_base = false, other_owned = false, other = false;
  for (int i = 0; i < c->nin; i++) {
    if (!tin[i] || tin[i]->storage != (*t)->storage) continue;
    if (view && i == m[j].alias) of_base = true;
    else if (c->in[i]->tangent_own) other_owned = true;
    else other = true;
  }
  if (other_owned) {
    st_tensor *copy = st__untrack(st_clone(*t));
    if (!copy) return st__status();
    st__drop(*t);
    *t = copy;
    *own = true;
    return 0;
  }
  *own = !other && (!of_base || c->in[m[j].alias]->tangent_own);
  return 0;
}

/* The tangent of an in-place op's self changes with its value: an owned dense tangent is
   overwritten in place (zeroed for a zero tangent), so that a view's write reaches its base's
   tangent; else it is replaced. */
static bool dense(const st_tensor *t) {
  for (int d = 0; d < t->ndim; d++)
    if (t->strides[d] == 0 && t->shape[d] > 1) return false;
  return true;
}
static int update_tangent(const st_opcall *c, const st_meta *m, st_tensor *const *tin,
                          st_tensor *self, st_tensor **t, st_tensor **old) {
  bool own_dense = self->tangent_own && self->tangent && dense(self->tangent);
  if (own_dense && !*t) return st_zero_(self->tangent); /* fill_, zero_ */
  if (own_dense && self->tangent->dtype == (*t)->dtype)
    return *t == self->tangent ? 0 : st_copy_(self->tangent, *t);
  bool own = false;
  if (*t && claim_tangent(c, m, 0, tin, t, &own)) return st__status();
  *old = self->tangent; /* tin[0]: dropped once nothing reads tin */
  self->tangent = *t;
  self->tangent_own = own;
  *t = NULL;
  return 0;
}

/* An in-place op on a tensor from outside the transform would give it a tangent of this level. */
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
  int nin = c->nin, nout = op->nout;
  bool inplace = op->flags & ST_OP_INPLACE;
  st_tensor *small[8], *tsmall[8];
  st_tensor **vin = st__tmp_array(nin, small, 8), **tin = st__tmp_array(nin, tsmall, 8);
  int rc = vin && tin ? 0 : ST_ERR_OOM;
  bool any = false;
  for (int i = 0; !rc && i < nin; i++) {
    vin[i] = st__unwrap_at(c->in[i], level);
    tin[i] = c->in[i]->level == level ? c->in[i]->tangent : NULL;
    any = any || tin[i];
  }
  if (op->flags & ST_OP_NONDIFF) any = false;
  if (!rc) rc = check_inplace_target(level, c, any);
  if (!rc && any) rc = own_viewed_tangents(level, c, m, tin);
  st_tensor *vout[ST_MAX_OUTS] = {0}, *tout[ST_MAX_OUTS] = {0}, *self_before = NULL;
  st_tensor *old_tangent = NULL;
  if (!rc && any && inplace && !(self_before = st__untrack(st_clone(vin[0]))))
    rc = st__status();
  if (!rc) rc = st__redispatch(c, vin, vout);
  if (!rc && any) {
    st_tensor *const *pin = vin;
    st_tensor *before_small[8], **before = NULL;
    if (self_before) { /* the rule sees input 0 as it was */
      before = st__tmp_array(nin, before_small, 8);
      if (!before) rc = ST_ERR_OOM;
      for (int i = 0; !rc && i < nin; i++) before[i] = i ? vin[i] : self_before;
      pin = before;
    }
    if (!rc && op->jvp) {
      rc = st_scope_push();
      st_jvp_args a = {op, &c->a, nin, nout, pin, vout};
      if (!rc) rc = op->jvp(&a, tin, tout);
      for (int j = 0; j < nout; j++) st__untrack_top(tout[j]);
      st_scope_pop();
      if (rc && !st__has_error()) rc = st__op_error(c, rc, "the jvp rule failed without a message");
    } else if (!rc) {
      rc = jvp_by_vjp(c, pin, vout, tin, tout);
    }
    st__tmp_free(before, before_small, nin);
    char who[48];
    snprintf(who, sizeof who, "st_%s", op->name);
    for (int j = 0; !rc && j < nout; j++)
      if (tout[j]) rc = st__fit_tangent(who, j, vout[j], &tout[j]);
  }
  for (int j = 0; !rc && j < nout; j++) {
    if (inplace && j == 0) {
      out[0] = st_retain(c->in[0]);
      if (out[0]->level == level) rc = update_tangent(c, m, tin, out[0], &tout[0], &old_tangent);
    } else if (any && st__is_float(vout[j]->dtype)) {
      bool own = false;
      if (tout[j] && (rc = claim_tangent(c, m, j, tin, &tout[j], &own))) break;
      if (!(out[j] = st__wrap(level, vout[j], 0, tout[j]))) rc = ST_ERR_OOM;
      else out[j]->tangent_own = own;
    } else {
      out[j] = st_retain(vout[j]);
    }
  }
  for (int j = 0; j < nout; j++) {
    st__drop(vout[j]);
    st__drop(tout[j]);
  }
  st__drop(self_before);
  st__drop(old_tangent);
  st__tmp_free(vin, small, nin);
  st__tmp_free(tin, tsmall, nin);
  return rc;
}
