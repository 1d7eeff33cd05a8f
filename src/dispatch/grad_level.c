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

/* Writing a tensor tracked at `level` into one from outside the transform would make the outer
   tensor depend on this level's variables. */
static int check_inplace_target(int level, const st_opcall *c, bool record) {
  if (!(c->op->flags & ST_OP_INPLACE) || !record || c->in[0]->level == level) return 0;
  return st__op_error(
      c, ST_ERR_TRANSFORM,
      "writes a value tracked by st_grad (level %d) into a tensor from outside the transform "
      "(shape %s); use the out-of-place op",
      level, ST_SHAPE_STR(c->in[0]));
}

int st__grad_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out) {
  (void)m;
  const st_op *op = c->op;
  int nout = op->nout;
  bool record = false;
  if (st__needs_record(c, level, &record) || check_inplace_target(level, c, record))
    return st__status();
  st_tensor *small[8], **vin = st__tmp_array(c->nin, small, 8);
  if (!vin) return ST_ERR_OOM;
  for (int i = 0; i < c->nin; i++) vin[i] = st__unwrap_at(c->in[i], level);
  st_tensor *vout[ST_MAX_OUTS] = {0}, *self_before = NULL;
  int rc = 0;
  bool lowered = st__grad_mode_lower(level); /* the levels below, in their grad mode */
  if (record && st__record_wants_self_copy(c) && !(self_before = st__untrack(st_clone(vin[0]))))
    rc = st__status();
  if (!rc) rc = st__redispatch(c, vin, vout);
  st__grad_mode_restore(lowered);
  for (int j = 0; !rc && j < nout; j++) {
    if ((op->flags & ST_OP_INPLACE) && j == 0) {
      out[0] = st_retain(c->in[0]); /* the wrapper; its value was written in place */
      st__drop(vout[0]);
    } else if (record) {
      if (!(out[j] = st__wrap(level, vout[j], 0, NULL))) rc = ST_ERR_OOM;
      st__drop(vout[j]);
    } else {
      out[j] = vout[j]; /* nothing of this level is involved: the value is a constant here */
    }
    vout[j] = NULL;
  }
  if (!rc && record) {
    /* the values below the outputs, for the rule (in-place: input 0's value, as written) */
    st_tensor *save_out[ST_MAX_OUTS];
    for (int j = 0; j < nout; j++) save_out[j] = st__unwrap_at(out[j], level);
    rc = st__record(c, level, out, nout, vin, save_out, self_before);
  }
  for (int j = 0; j < nout; j++) st__drop(vout[j]);
  st__drop(self_before);
  st__tmp_free(vin, small, c->nin);
  return rc;
}
