/* grad_level.c — the grad interpreter (seed 003's Autograd dispatcher): a call on wrappers of
   its level runs on their values one level down, and its outputs are wrapped again with a node
   of this level's graph. The node saves values from below, so the backward, which runs after
   the transform has popped this level, computes at the levels below: that is what makes
   grad(grad(f)) and vmap(grad(f)) work. One node type and one engine serve every level.

   Grad mode is per level, as in torch.func (its NOTE "grad and vjp interaction with no_grad"):
   a grad level differentiates its function whatever the mode outside (its push turns grad mode
   on and inference mode off), and turning grad mode off inside the function is respected at
   that level and every level below; while a level lowers a call, the levels below run under the
   mode the level was entered with, so a transform called under no-grad or inference mode gives
   results that the levels outside it do not track. */
#include "../autograd/autograd.h"
#include "interp.h"

int st__grad_level_push(const char *who, st_grad_modes *saved) {
  int level = st__interp_push(who, ST_WRAP_GRAD);
  if (level < 0) return level;
  st__interp_at(level)->prev_grad_mode = st__grad_mode();
  *saved = st__grad_modes_set((st_grad_modes){.enabled = true, .inference = false});
  return level;
}

void st__grad_level_pop(int level, const st_grad_modes *saved) {
  st__grad_modes_set(*saved);
  st__interp_pop(level);
}

bool st__grad_mode_lower(int level) {
  if (!st__grad_mode() || st__interp_at(level)->prev_grad_mode) return false;
  st_set_grad_enabled(false);
  return true;
}

void st__grad_mode_restore(bool lowered) {
  if (lowered) st_set_grad_enabled(true);
}

/* Dispatch lifts a tensor from below into this level before a tracked value is written into it
   (dispatch.c); this is what remains when it could not. */
static int check_inplace_target(int level, const st_opcall *c, bool record) {
  if (!(c->op->flags & ST_OP_INPLACE) || !record || c->in[0]->level == level) return 0;
  return st__op_error(
      c, ST_ERR_TRANSFORM,
      "writes a value tracked by st_grad (level %d) into a tensor from outside the transform "
      "(shape %s); use the out-of-place op",
      level, ST_SHAPE_STR(c->in[0]));
}

/* An in-place op: its node is prepared before the values below are written, and attached after,
   so that a failure leaves self's value, version and history as they were. */
static int run_inplace(int level, const st_opcall *c, st_tensor *const *vin, st_tensor *self_before,
                       st_tensor **out) {
  st_tensor *self[1] = {c->in[0]}, *save_out[1] = {vin[0]}, *vout[ST_MAX_OUTS] = {0};
  st_record r;
  int rc = st__record_prepare(&r, c, level, self, 1, vin, save_out, self_before);
  if (rc) return rc;
  bool lowered = st__grad_mode_lower(level); /* the levels below, in their grad mode */
  rc = st__redispatch(c, vin, vout);
  st__grad_mode_restore(lowered);
  if (!rc) rc = st__record_finish(&r);
  if (rc) {
    st__drop(vout[0]);
    st__record_abort(&r);
    return rc;
  }
  st__drop(vout[0]);
  out[0] = st_retain(c->in[0]); /* the wrapper; its value was written in place */
  st__record_commit(&r);
  return 0;
}

/* A view made in no-grad mode of a tensor this level tracks: a wrapper of this level that knows
   its base, as at level 0 (so that writing it, or using it after its base was written, with grad
   mode on is refused as PyTorch refuses it); it does not require grad. */
static bool nograd_view(int level, const st_opcall *c, const st_meta *m, int j) {
  return !st__grad_mode() && m[j].alias >= 0 && c->in[m[j].alias]->level == level &&
         st__requires_grad(c->in[m[j].alias]) && st__is_float(m[j].dtype);
}

/* Any other call: the outputs are this level's wrappers when the call is recorded (views among
   them know their base at this level), else the values from below, constants here. */
static int run(int level, const st_opcall *c, const st_meta *m, st_tensor *const *vin,
               st_tensor *self_before, bool record, st_tensor **out) {
  const st_op *op = c->op;
  int nout = op->nout;
  st_tensor *vout[ST_MAX_OUTS] = {0};
  bool lowered = st__grad_mode_lower(level); /* the levels below, in their grad mode */
  int rc = st__redispatch(c, vin, vout);
  st__grad_mode_restore(lowered);
  for (int j = 0; !rc && j < nout; j++) {
    if ((op->flags & ST_OP_INPLACE) && j == 0) {
      out[0] = st_retain(c->in[0]);
      st__drop(vout[0]);
    } else if (!record && nograd_view(level, c, m, j)) {
      if (!(out[j] = st__wrap(level, vout[j], 0, NULL)) ||
          st__view_track(c, m[j].alias, out[j], true))
        rc = ST_ERR_OOM;
      st__drop(vout[j]);
    } else if (record) {
      if (!(out[j] = st__wrap(level, vout[j], 0, NULL))) rc = ST_ERR_OOM;
      st__drop(vout[j]);
    } else {
      out[j] = vout[j];
    }
    vout[j] = NULL;
  }
  for (int j = 0; j < nout; j++) st__drop(vout[j]);
  if (rc || !record) return rc;
  /* the values below the outputs, for the rule */
  st_tensor *save_out[ST_MAX_OUTS];
  for (int j = 0; j < nout; j++) save_out[j] = st__unwrap_at(out[j], level);
  if (st__view_track_outputs(c, m, out)) return ST_ERR_OOM;
  return st__record(c, level, out, nout, vin, save_out, self_before);
}

int st__grad_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out) {
  bool record = false;
  if (st__needs_record(c, level, &record) || check_inplace_target(level, c, record))
    return st__status();
  st_tensor *small[8], **vin = st__tmp_array(c->nin, small, 8);
  if (!vin) return ST_ERR_OOM;
  for (int i = 0; i < c->nin; i++) vin[i] = st__unwrap_at(c->in[i], level);
  st_tensor *self_before = NULL;
  int rc = 0;
  bool lowered = st__grad_mode_lower(level); /* the copy is computed below, like the op */
  if (record && st__record_wants_self_copy(c, level) &&
      !(self_before = st__untrack(st_clone(vin[0]))))
    rc = st__status();
  st__grad_mode_restore(lowered);
  /* every in-place op has one output */
  bool inplace = (c->op->flags & ST_OP_INPLACE) && record && c->op->nout == 1;
  if (!rc)
    rc = inplace ? run_inplace(level, c, vin, self_before, out)
                 : run(level, c, m, vin, self_before, record, out);
  st__drop(self_before);
  st__tmp_free(vin, small, c->nin);
  return rc;
}
