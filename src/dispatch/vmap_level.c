/* vmap_level.c — the vmap interpreter (seed 003's Batched dispatcher, with functorch's
   BatchedTensor wrappers): a call on wrappers of its level runs the op's batching rule on the
   physical values, which carry the batch in dimension `bdim`, and wraps the results with the
   batch dims the rule reports. Ops without a rule run once per lane and the lanes are stacked
   (with a one-time warning naming the op). Random ops follow the level's randomness mode. */
#include <stdio.h>

#include "../autograd/autograd.h"
#include "interp.h"

static _Atomic unsigned char warned[ST_OP_COUNT];

static void warn_fallback(const st_op *op) {
  if (atomic_exchange_explicit(&warned[op->id], 1, memory_order_relaxed)) return;
  fprintf(
      stderr,
      "strata: warning: st_%s has no batching rule; st_vmap runs it once per lane and stacks the "
      "results (slower)\n",
      op->name);
}

/* The key of a random op's stream: per op call under this vmap, and per lane for 'different'. */
static uint64_t stream_key(const st_interp *I, uint64_t k, int64_t lane) {
  uint64_t key = st__rng_mix(I->rng_key, k);
  return I->randomness == ST_RANDOM_DIFFERENT ? st__rng_mix(key, (uint64_t)(I->lane0 + lane)) : key;
}

/* The loop fallback: out[j] = stack over lanes of op(lane b of each batched input). With
   `random`, each lane draws from its own stream (or all from one, in mode 'same'). */
static int run_lanes(const st_interp *I, const st_opcall *c, const st_meta *m,
                     st_tensor *const *vin, const int *bdim, bool random, uint64_t k,
                     st_tensor **out, int *obdim) {
  const st_op *op = c->op;
  int nin = c->nin, nout = op->nout;
  int64_t B = I->batch;
  bool inplace = op->flags & ST_OP_INPLACE;
  for (int j = 0; j < nout; j++) obdim[j] = 0;
  if (B == 0) { /* nothing to run: the outputs are empty batches of the logical shape */
    for (int j = 0; j < nout; j++) {
      if (inplace && j == 0) {
        out[0] = st_retain(vin[0]);
        obdim[0] = bdim[0];
        continue;
      }
      int64_t shape[ST_MAX_DIMS + 1] = {0};
      for (int d = 0; d < m[j].ndim; d++) shape[d + 1] = m[j].shape[d];
      if (!(out[j] = st_zeros(m[j].dtype, m[j].ndim + 1, shape))) return st__status();
    }
    return 0;
  }
  st_tensor *small[8], **lane_in = st__tmp_array(nin, small, 8);
  st_tensor **lanes = st__calloc((size_t)(B * nout), sizeof(st_tensor *));
  int rc = lane_in && lanes ? 0 : ST_ERR_OOM;
  for (int64_t b = 0; !rc && b < B; b++) {
    for (int i = 0; !rc && i < nin; i++)
      if (!(lane_in[i] = bdim[i] >= 0 ? st_select(vin[i], bdim[i], b) : vin[i]))
        rc = st__status();
    st_tensor *lo[ST_MAX_OUTS] = {0};
    st_rng_stream prev = {0};
    if (!rc && random) prev = st__rng_stream_set(stream_key(I, k, b));
    if (!rc) rc = st__redispatch(c, lane_in, lo);
    if (random) st__rng_stream_restore(prev);
    for (int j = 0; j < nout; j++) lanes[j * B + b] = st__track(lo[j]);
  }
  for (int j = 0; !rc && j < nout; j++) {
    if (inplace && j == 0) { /* the lanes wrote into views of input 0 */
      out[0] = st_retain(vin[0]);
      obdim[0] = bdim[0];
    } else if (!(out[j] = st_stack((int)B, lanes + j * B, 0))) {
      rc = st__status();
    }
  }
  st__tmp_free(lane_in, small, nin);
  st__free(lanes, sizeof(st_tensor *) * (size_t)(B * nout));
  return rc;
}

static int run_random(st_interp *I, const st_opcall *c, const st_meta *m, st_tensor *const *vin,
                      const int *bdim, bool batched, st_tensor **out, int *obdim) {
  if (I->randomness == ST_RANDOM_ERROR)
    return st__op_error(
        c, ST_ERR_TRANSFORM,
        "random operation inside st_vmap, whose randomness mode is 'error' (the default); pass "
        "randomness ST_RANDOMNESS_SAME or ST_RANDOMNESS_DIFFERENT through st_vmap_ex");
  uint64_t k = I->nrandom++;
  if (I->randomness == ST_RANDOM_SAME && !batched) { /* one draw shared by every lane */
    st_rng_stream prev = st__rng_stream_set(stream_key(I, k, 0));
    st_tensor *raw[ST_MAX_OUTS] = {0};
    int rc = st__redispatch(c, vin, raw);
    st__rng_stream_restore(prev);
    if (!rc) rc = st__track_all(c->op->nout, raw);
    for (int j = 0; j < c->op->nout; j++) {
      out[j] = raw[j];
      obdim[j] = -1;
    }
    return rc;
  }
  return run_lanes(I, c, m, vin, bdim, true, k, out, obdim);
}

/* Whether a grad or jvp interpreter sits above `level` (one that may lift its tensors). */
static bool lifts_above(int level) {
  for (int l = level + 1; l <= st__tls_depth; l++)
    if (st__interp_at(l)->kind != ST_WRAP_VMAP) return true;
  return false;
}

/* A rule's output must be the logical output with one batch dim. */
static int check_rule_output(const st_opcall *c, int j, const st_meta *m, const st_tensor *t,
                             int bdim, int64_t B) {
  bool ok = bdim < 0 ? t->ndim == m->ndim
                     : (bdim < t->ndim && t->ndim == m->ndim + 1 && t->shape[bdim] == B);
  for (int d = 0, k = 0; ok && d < t->ndim; d++) {
    if (d == bdim) continue;
    ok = t->shape[d] == m->shape[k++];
  }
  if (ok) return 0;
  char want[96];
  return st__op_error(
      c, ST_ERR_TRANSFORM,
      "the batching rule returned shape %s with batch dim %d for output %d; the logical shape "
      "is %s with %lld lanes",
      ST_SHAPE_STR(t), bdim, j, st__fmt_shape(want, sizeof want, m->ndim, m->shape), (long long)B);
}

int st__vmap_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out) {
  st_interp *I = st__interp_at(level);
  const st_op *op = c->op;
  int nin = c->nin, nout = op->nout;
  st_tensor *small[8], **vin = st__tmp_array(nin, small, 8);
  int bsmall[8], *bdim = nin <= 8 ? bsmall : st__calloc((size_t)nin, sizeof(int));
  if (!vin || !bdim) {
    st__tmp_free(vin, small, nin);
    return ST_ERR_OOM;
  }
  bool batched = false, others = false;
  for (int i = 0; i < nin; i++) {
    bool mine = c->in[i]->level == level;
    vin[i] = mine ? c->in[i]->value : c->in[i];
    bdim[i] = mine ? c->in[i]->bdim : -1;
    batched = batched || mine;
    others = others || (mine && i > 0);
  }
  int rc = 0;
  if ((op->flags & ST_OP_INPLACE) && bdim[0] < 0 && others)
    rc = st__op_error(
        c, ST_ERR_TRANSFORM,
        "in-place operation on a tensor that is not batched (shape %s) with a batched argument "
        "under st_vmap (level %d); the result would need a batch dim the tensor does not have. Use "
        "the out-of-place op",
        ST_SHAPE_STR(c->in[0]), level);
  st_tensor *vout[ST_MAX_OUTS] = {0};
  int obdim[ST_MAX_OUTS];
  int pushed = st_scope_push();
  if (!rc) rc = pushed;
  if (rc) {
  } else if (op->flags & ST_OP_RANDOM) {
    rc = run_random(I, c, m, vin, bdim, batched, vout, obdim);
  } else if (op->vmap) {
    st_vmap_args a = {c, vin, bdim, I->batch};
    rc = op->vmap(&a, vout, obdim);
    if (rc && !st__has_error())
      rc = st__op_error(c, rc, "the batching rule failed without a message");
  } else {
    warn_fallback(op);
    rc = run_lanes(I, c, m, vin, bdim, false, 0, vout, obdim);
  }
  for (int j = 0; j < nout; j++) st__untrack_top(vout[j]);
  st_scope_pop();
  for (int j = 0; !rc && j < nout; j++) {
    if (!vout[j])
      rc = st__op_error(c, ST_ERR_TRANSFORM, "the batching rule returned no output %d", j);
    else
      rc = check_rule_output(c, j, &m[j], vout[j], obdim[j], I->batch);
    if (!rc && vout[j]->dtype != m[j].dtype && !((op->flags & ST_OP_INPLACE) && j == 0)) {
      /* a batched 0-dim input weighs like a dimensioned one in type promotion: restore the
         logical result type */
      st_tensor *cast = st__untrack(st_to_dtype(vout[j], m[j].dtype));
      if (!cast) rc = st__status();
      st__drop(vout[j]);
      vout[j] = cast;
    }
  }
  for (int j = 0; !rc && j < nout; j++) {
    if ((op->flags & ST_OP_INPLACE) && j == 0)
      out[0] = st_retain(c->in[0]);
    else if (obdim[j] < 0)
      out[j] = st_retain(vout[j]);
    else if (!(out[j] = st__wrap(level, vout[j], obdim[j], NULL)))
      rc = ST_ERR_OOM;
    /* a view of a batched tensor knows its base here, so that a grad or jvp transform above
       that lifts it lifts the base too (dispatch.c) */
    else if (m[j].alias >= 0 && c->in[m[j].alias]->level == level && lifts_above(level) &&
             !st__inference_mode() && st__view_track(c, m[j].alias, out[j], false))
      rc = ST_ERR_OOM;
  }
  for (int j = 0; j < nout; j++) st__drop(vout[j]);
  st__tmp_free(vin, small, nin);
  if (bdim != bsmall) st__free(bdim, sizeof(int) * (size_t)nin);
  return rc;
}
