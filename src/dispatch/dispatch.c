/* dispatch.c — the one entry every public op call goes through. At this stage it holds level 0
   (plain tensors): infer, allocate, run the kernel, and record an autograd node when an input
   requires grad. The interpreter stack (grad, jvp, vmap levels) hooks in here; see DESIGN.md,
   "The dispatch rule". */
#include "../autograd/autograd.h"
#include "../ops/op.h"

static int check_inputs(const st_opcall *c) {
  for (int i = 0; i < c->nin; i++) {
    if (!c->in[i]) {
      if (!st__has_error()) st__op_error(c, ST_ERR_ARG, "argument %d is NULL", i + 1);
      return st_last_status();
    }
  }
  return 0;
}

static void release_outputs(st_tensor **out, int n) {
  for (int i = 0; i < n; i++) {
    st__drop(out[i]);
    out[i] = NULL;
  }
}

static int allocate_outputs(const st_opcall *c, const st_meta *m, st_tensor **out) {
  int nout = c->op->nout;
  for (int i = 0; i < nout; i++) {
    if (c->op->flags & ST_OP_INPLACE && i == 0) {
      out[i] = st_retain(c->in[0]);
    } else if (m[i].alias >= 0) {
      const st_tensor *base = c->in[m[i].alias];
      out[i] = st__tensor_view(base->storage, m[i].dtype, m[i].ndim, m[i].shape, m[i].strides, m[i].offset);
    } else {
      out[i] = st__tensor_empty(m[i].dtype, m[i].ndim, m[i].shape);
    }
    if (!out[i]) {
      release_outputs(out, i);
      return ST_ERR_OOM;
    }
  }
  return 0;
}

/* A copy of input 0 taken before an in-place kernel overwrites it, for rules that read it. It
   is a recorded clone, so double backward differentiates through the value the rule reads. */
static int copy_self(const st_opcall *c, st_tensor **copy) {
  *copy = st__untrack(st_clone(c->in[0]));
  return *copy ? 0 : st_last_status();
}

int st__dispatch(const st_opcall *c, st_tensor **out) {
  const st_op *op = c->op;
  st_meta m[ST_MAX_OUTS];
  st_tensor *self_before = NULL;
  bool record = false;
  for (int i = 0; i < op->nout; i++) out[i] = NULL;
  if (check_inputs(c) || op->infer(c, m) || st__needs_record(c, &record)) return st_last_status();
  if (record && st__record_wants_self_copy(c) && copy_self(c, &self_before)) return st_last_status();
  if (allocate_outputs(c, m, out)) goto fail;
  bool all_views = true; /* a view needs no kernel (reshape decides per call) */
  for (int i = 0; i < op->nout; i++) all_views = all_views && m[i].alias >= 0;
  uint64_t t0 = st__profiler_begin();
  if (op->kernel && !all_views && op->kernel(c, out)) {
    if (!st__has_error()) st__error(ST_ERR_OOM, "st_%s: kernel failed", op->name);
    goto fail;
  }
  st__profiler_end(op->name, 0, t0);
  if ((op->flags & ST_OP_INPLACE) && !st__inference_mode())
    atomic_fetch_add_explicit(&out[0]->storage->version, 1, memory_order_relaxed);
  if (record && st__record(c, out, op->nout, self_before)) goto fail;
  st__drop(self_before);
  return 0;
fail:
  st__drop(self_before);
  release_outputs(out, op->nout);
  return st_last_status();
}

st_tensor *st__call1(const st_opcall *c) {
  st_tensor *out[ST_MAX_OUTS];
  if (st__dispatch(c, out)) return NULL;
  for (int i = 1; i < c->op->nout; i++) st__drop(out[i]);
  st_tensor *t = st__track(out[0]);
  if (t) st__ok();
  return t;
}

int st__call_inplace(const st_opcall *c) {
  st_tensor *out[ST_MAX_OUTS];
  int rc = st__dispatch(c, out);
  if (rc) return rc;
  for (int i = 0; i < c->op->nout; i++) st__drop(out[i]);
  st__ok();
  return 0;
}
