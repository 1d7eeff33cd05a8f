/* dispatch.c — the one entry every public op call goes through, and the one place the dispatch
   rule of DESIGN.md lives:

   1. level = the highest level among the arguments' live wrappers (random ops also see the
      innermost vmap, whose randomness mode decides what they draw);
   2. level 0: infer, allocate, run the kernel, record an autograd node (eager autograd);
   3. level L > 0: infer on the logical shapes, then the interpreter at L processes the call
      and lowers it to L - 1 (interp.h), with the effective top of the stack at L - 1 meanwhile.

   A wrapper whose transform has returned is dead: a grad or jvp wrapper then stands for its
   value (its primal), a vmap wrapper is an error (its batch has no meaning any more). */
#include <string.h>

#include "../autograd/autograd.h"
#include "interp.h"

/* A NULL argument fails the call; *narrow says whether an input has a storage-only dtype (f16,
   bf16, i32, i16, i8, u8), found in the same pass. */
static int check_inputs(const st_opcall *c, bool *narrow) {
  bool any = false;
  for (int i = 0; i < c->nin; i++) {
    if (!c->in[i]) {
      return st__null_error(ST_ERR_ARG, "%s: argument %d is NULL", ST_FN(c), i + 1);
    }
    any |= !st__is_compute_dtype(c->in[i]->dtype);
  }
  *narrow = any;
  return 0;
}

/* ------------------------------------------------- storage-only dtypes through wide ones */

/* Whether the call has a storage-only dtype (narrow_input, or a factory's) that the op's kernel
   does not compute (no ST_OP_ALL_DTYPES; views read no data). */
static bool needs_widening(const st_opcall *c, bool narrow_input) {
  if ((c->op->flags & ST_OP_ALL_DTYPES) || !c->op->kernel) return false;
  if (c->op->flags & ST_OP_FACTORY)
    return st__valid_dtype(c->a.dtype) && !st__is_compute_dtype(c->a.dtype);
  return narrow_input;
}

/* The dtype the results return to: the promotion of the storage-only and float inputs (integer
   compute inputs are indices and masks: gather's i64 index does not make a u8 result i64), or
   a factory's dtype. */
static st_dtype widening_reference(const st_opcall *c) {
  if (c->op->flags & ST_OP_FACTORY) return c->a.dtype;
  bool any = false;
  st_dtype r = ST_BOOL;
  for (int i = 0; i < c->nin; i++) {
    st_dtype d = c->in[i]->dtype;
    if (st__is_compute_dtype(d) && !st__is_float(d)) continue;
    r = any ? st_promote_types(r, d) : d;
    any = true;
  }
  return r;
}

/* An op whose kernel computes f32, f64, i64 and bool only, called with a storage-only dtype,
   runs on the inputs converted to their wide dtype (f16 and bf16 to f32, integers to i64), and
   each result comes back in the dtype the op's own infer gives for the original inputs (sum
   and matmul of f16 are f16, amax of u8 is u8 while argmax and topk's indices stay i64), where
   that infer accepts them (sum and cumsum of u8 say i64, as torch's); otherwise each result of
   the wide reference dtype goes back to the reference. All of it is
   public ops (st_to_dtype has every rule), so autograd and the transforms see a composition, as
   PyTorch computes half types in f32 inside its CPU kernels. An in-place op writes the wide copy
   of self, which is then copied into self. */
static int run_widened(const st_opcall *c, st_tensor **out) {
  const st_op *op = c->op;
  st_dtype ref = widening_reference(c);
  st_meta m[ST_MAX_OUTS];
  bool inferred = op->infer(c, m) == 0; /* metadata only: the dtypes of a narrow call */
  /* a dtype the op refuses is refused as the caller gave it (mean of u8 names u8, not i64) */
  if (!inferred && st__status() == ST_ERR_DTYPE) return ST_ERR_DTYPE;
  st__clear_visible();
  st_dtype target[ST_MAX_OUTS];
  for (int j = 0; j < op->nout; j++) {
    target[j] = inferred ? m[j].dtype : ref;
    if (st__is_compute_dtype(target[j])) target[j] = (st_dtype)-1; /* nothing to convert back */
  }
  st_tensor *small[8], **in = c->nin ? st__tmp_array(c->nin, small, 8) : small;
  if (!in) return st__error(ST_ERR_OOM, "%s: out of memory", ST_FN(c));
  int rc = st_scope_push();
  for (int i = 0; !rc && i < c->nin; i++) {
    st_dtype d = c->in[i]->dtype;
    in[i] = st__is_compute_dtype(d) ? c->in[i] : st_to_dtype(c->in[i], st__wide_dtype(d));
    if (!in[i]) rc = st__status();
  }
  st_opcall w = *c;
  w.in = in;
  if (op->flags & ST_OP_FACTORY) w.a.dtype = st__wide_dtype(ref);
  if (!rc) rc = st__dispatch(&w, out);
  for (int j = 0; !rc && j < op->nout; j++) {
    st_tensor *r = NULL;
    if (j == 0 && (op->flags & ST_OP_INPLACE) && !st__is_compute_dtype(c->in[0]->dtype)) {
      /* the wide copy of self holds the result: into self (PyTorch's can_cast already held) */
      if (st_copy_(c->in[0], out[0])) rc = st__status();
      else r = st_retain(c->in[0]);
    } else if ((int)target[j] >= 0 && out[j] && out[j]->dtype == st__wide_dtype(target[j])) {
      if ((r = st_to_dtype(out[j], target[j]))) st_retain(r);
      else rc = st__status();
    }
    if (r) {
      st__drop(out[j]);
      out[j] = r;
    }
  }
  st_scope_pop();
  if (c->nin) st__tmp_free(in, small, c->nin);
  if (rc) {
    for (int j = 0; j < op->nout; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
    return st__has_error() ? st__status() : rc;
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
      out[i] = st__tensor_view(base->storage, m[i].dtype, m[i].ndim, m[i].shape, m[i].strides,
                               m[i].offset);
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
  return *copy ? 0 : st__status();
}

_Thread_local st_capture_fn st__capture_op;
_Thread_local st_capture_cond_fn st__capture_cond;

/* Level 0: plain tensors. Everything the call allocates (outputs, the node and what it
   saves) is made before the kernel writes, so that a failed in-place op leaves self as it was. */
static int run_plain(const st_opcall *c, st_tensor **out) {
  const st_op *op = c->op;
  st_meta m[ST_MAX_OUTS];
  st_tensor *self_before = NULL;
  st_record r;
  bool record = false, prepared = false;
  if (op->infer(c, m) || st__needs_record(c, 0, &record)) return st__status();
  bool inference = st__inference_mode();
  if ((op->flags & ST_OP_INPLACE) && c->in[0]->inference && !inference)
    return st__op_error(c, ST_ERR_INPLACE,
                        "in-place update to an inference tensor (shape %s, made in inference mode) "
                        "outside inference mode is not allowed; clone it to get a normal tensor",
                        ST_SHAPE_STR(c->in[0]));
  if (record && st__record_wants_self_copy(c, 0) && copy_self(c, &self_before))
    return st__status();
  if (allocate_outputs(c, m, out)) goto fail;
  /* A view needs no kernel (reshape decides per call). A view is an inference tensor when its
     base is (in any mode: PyTorch's view of a normal tensor made in inference mode stays
     normal); any other new tensor is one when it is made in inference mode. */
  bool all_views = true, any_view = false;
  for (int i = 0; i < op->nout; i++) {
    bool view = m[i].alias >= 0;
    all_views = all_views && view;
    any_view = any_view || view;
    if (i > 0 || !(op->flags & ST_OP_INPLACE)) /* self keeps what it is */
      out[i]->inference = view ? c->in[m[i].alias]->inference : inference;
  }
  if (any_view && st__view_track_outputs(c, m, out)) goto fail;
  if (record) {
    if (st__record_prepare(&r, c, 0, out, op->nout, c->in, out, self_before)) goto fail;
    prepared = true;
  }
  uint64_t t0 = st__profiler_begin();
  if (op->kernel && !all_views && op->kernel(c, out)) {
    if (!st__has_error()) st__error(ST_ERR_OOM, "st_%s: kernel failed", op->name);
    goto fail;
  }
  st__profiler_end(op->name, 0, t0);
  /* PyTorch counts versions of normal tensors in inference mode too; inference tensors have none */
  if ((op->flags & ST_OP_INPLACE) && !out[0]->inference)
    atomic_fetch_add_explicit(&out[0]->storage->version, 1, memory_order_relaxed);
  if (prepared && st__record_finish(&r)) goto fail;
  if (prepared) st__record_commit(&r);
  st__drop(self_before);
  if (st__tracing) st__trace_call(0, c, out);
  if (st__capture_op) st__capture_op(c, m, out);
  return 0;
fail:
  if (prepared) st__record_abort(&r);
  st__drop(self_before);
  release_outputs(out, op->nout);
  return st__status();
}

/* Level L > 0: the interpreter at L. */
static int run_level(const st_opcall *c, int level, st_tensor **out) {
  st_meta m[ST_MAX_OUTS];
  if (c->op->infer(c, m)) return st__status();
  int prev = st__interp_lower(level);
  int rc;
  switch (st__interp_at(level)->kind) {
  case ST_WRAP_GRAD: rc = st__grad_process(level, c, m, out); break;
  case ST_WRAP_JVP: rc = st__jvp_process(level, c, m, out); break;
  default: rc = st__vmap_process(level, c, m, out); break;
  }
  st__interp_restore(prev);
  if (rc) {
    release_outputs(out, c->op->nout);
    return st__status() ? st__status() : rc;
  }
  if (st__tracing) st__trace_call(level, c, out);
  return 0;
}

/* The innermost vmap at or below the effective top, or 0. */
static int vmap_level(void) {
  for (int l = st__interp_top(); l > 0; l--)
    if (st__interp_at(l)->kind == ST_WRAP_VMAP) return l;
  return 0;
}

/* A dead wrapper stands for its value; a dead vmap wrapper cannot. */
static st_tensor *revive(const char *name, int i, st_tensor *t) {
  while (t->level && !st__wrapper_alive(t)) {
    if (t->wrap == ST_WRAP_VMAP) {
      st__error(ST_ERR_TRANSFORM,
                "st_%s: argument %d is a tensor batched by a st_vmap (level %d) that has already "
                "returned; "
                "return it from the vmapped function instead of keeping it",
                name, i + 1, t->level);
      return NULL;
    }
    t = t->value;
  }
  return t;
}

/* The highest live level among the arguments; *dead when some argument is a dead wrapper. */
static int arg_level(int nin, st_tensor *const *in, bool *dead) {
  int level = 0;
  *dead = false;
  for (int i = 0; i < nin; i++) {
    const st_tensor *t = in[i];
    if (!t || !t->level) continue;
    if (!st__wrapper_alive(t))
      *dead = true;
    else if (t->level > level)
      level = t->level;
  }
  return level;
}

/* Calls again(ctx, revived inputs) with every dead wrapper replaced by its value. */
static int with_revived(const char *name, int nin, st_tensor *const *in,
                        int (*again)(const void *, st_tensor *const *, st_tensor **),
                        const void *ctx, st_tensor **out) {
  st_tensor *small[8], **r = st__tmp_array(nin, small, 8);
  int rc = r ? 0 : ST_ERR_OOM;
  for (int i = 0; !rc && i < nin; i++)
    if (in[i] && !(r[i] = revive(name, i, in[i]))) rc = st__status();
  if (!rc) rc = again(ctx, r, out);
  st__tmp_free(r, small, nin);
  return rc;
}

static int redispatch_cb(const void *c, st_tensor *const *in, st_tensor **out) {
  return st__redispatch(c, in, out);
}

/* ------------------------------------------------------------------------ decompositions */

static _Thread_local bool tls_force_decomp;

bool st__force_decompositions(void) { return tls_force_decomp; }

bool st_set_force_decompositions(bool force) {
  bool prev = tls_force_decomp;
  tls_force_decomp = force;
  return prev;
}

/* Whether the call at `level` runs its decomposition: always in forced mode, otherwise when the
   interpreter there has no rule for the op (rule 4 of the dispatch rule). */
static bool use_decomposition(const st_op *op, int level) {
  if (!st__decomp_of(op) || (op->flags & ST_OP_INPLACE)) return false;
  if (tls_force_decomp || (op->flags & ST_OP_COMPOSITE)) return true;
  if (!level) return false;
  switch (st__interp_at(level)->kind) {
  case ST_WRAP_GRAD: return !op->vjp && !(op->flags & ST_OP_NONDIFF);
  case ST_WRAP_JVP: return !op->jvp && !(op->flags & ST_OP_NONDIFF);
  default: return !op->vmap && !(op->flags & ST_OP_RANDOM);
  }
}

/* Whether t shares memory with one of c's inputs. */
static bool shares_an_input(const st_opcall *c, const st_tensor *t) {
  for (int i = 0; i < c->nin; i++)
    if (c->in[i]->storage == t->storage) return true;
  return false;
}

/* The decomposition runs at the current top, not lowered: its ops go through every level. A
   plain result that is a view of the decomposition's own intermediate (group_norm's last reshape,
   conv1d's squeeze) is a new tensor of the op, not a view: written in place in grad mode after
   it was made in no-grad mode, it is no "view made in no-grad mode", as PyTorch's isn't. */
static int run_decomposition(const st_opcall *c, st_tensor **out) {
  st_meta m[ST_MAX_OUTS];
  if (c->op->infer(c, m)) return st__status(); /* the op's own checks and messages */
  int rc = st_scope_push();
  if (!rc) rc = st__decomp_of(c->op)(c, out);
  for (int j = 0; j < c->op->nout; j++) st__untrack_top(out[j]);
  for (int j = 0; !rc && j < c->op->nout; j++)
    if (out[j] && !out[j]->level && !shares_an_input(c, out[j])) st__view_forget(out[j]);
  st_scope_pop();
  if (rc) {
    for (int j = 0; j < c->op->nout; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
    return st__has_error() ? st__status() : rc;
  }
  return 0;
}

/* ------------------------------------------------------------- in-place ops on aliases */

/* Whether an input other than self shares self's storage (t.mul_(t), t.mul_(t.expand(...))).
   Self itself passed again to an op whose rules read no value (t.copy_(t), t.add_(t)) is not
   copied: the kernel reads each element where it writes it, and t.copy_(t) stays the no-op
   that PyTorch's is (allowed even on an expanded t). */
static bool reads_self(const st_opcall *c) {
  if (!(c->op->flags & ST_OP_INPLACE)) return false;
  bool reads_values = c->op->saves || c->op->saves_for;
  for (int i = 1; i < c->nin; i++)
    if (c->in[i]->storage == c->in[0]->storage && (reads_values || c->in[i] != c->in[0]))
      return true;
  return false;
}

/* The clone's error (a stale view, say) under the op's own name. */
static int clone_failed(const st_opcall *c) {
  char msg[512];
  const char *p = "st_to_dtype: ";
  snprintf(msg, sizeof msg, "%s", st__message());
  bool cut = !strncmp(msg, p, strlen(p));
  return st__op_error(c, st__status() ? st__status() : ST_ERR_OOM, "%s",
                      cut ? msg + strlen(p) : msg);
}

/* An in-place op reads its other inputs as they were before the write. One that shares self's
   storage is replaced by a copy taken first (a recorded clone, so its gradient reaches the
   input's history), which the kernel, the node and the jvp rule all read; without it the rules
   would read the written value. Only where something differentiates: at level 0 without a node
   to record, the kernel alone handles the overlap. */
static int run_on_copies(const st_opcall *c, int level, st_tensor **out) {
  st_meta m[ST_MAX_OUTS];
  bool record = true;
  if (c->op->infer(c, m) || (!level && st__needs_record(c, 0, &record))) return st__status();
  if (!record) return run_plain(c, out);
  st_tensor *small[8], **r = st__tmp_array(c->nin, small, 8);
  int rc = r ? 0 : ST_ERR_OOM;
  for (int i = 0; r && i < c->nin; i++) r[i] = NULL; /* a failed clone leaves the rest NULL */
  for (int i = 0; !rc && i < c->nin; i++) {
    bool copy = i > 0 && c->in[i]->storage == c->in[0]->storage;
    if (!(r[i] = copy ? st__untrack(st_clone(c->in[i])) : st_retain(c->in[i])))
      rc = clone_failed(c);
  }
  if (!rc) rc = st__redispatch(c, r, out);
  for (int i = 0; r && i < c->nin; i++) st__drop(r[i]);
  st__tmp_free(r, small, c->nin);
  return rc;
}

/* ------------------------------------------------------------------------------ lifting */

/* An in-place op that writes a value a grad or jvp transform tracks into a tensor the
   transform does not track (one made inside the function, an input it does not differentiate,
   a view of either) lifts that tensor into the transform's level first: a wrapper of the level
   over it, which the tensor stands for until the transform returns (interp.h, st_lift). The
   write is then recorded (grad) or gets its tangent (jvp) like any other, and later calls on
   the tensor see the wrapper. torch.func gets the same result by wrapping every tensor made or
   passed inside a transform. */

static bool is_view(const st_tensor *t) {
  return t->ag && t->ag->view_base && !t->ag->view_nograd;
}

/* key as a wrapper at `level` over what it stands for below; a view of its base lifted too,
   so that the write reaches the base's history (tangent). Borrowed from the level's table;
   NULL with the error set. */
static st_tensor *lift(st_tensor *key, int level) {
  st_tensor *below = st__lifted(key, level - 1), *base = NULL;
  if (is_view(below)) {
    st_tensor *bkey = st__lift_key(below->ag->view_base);
    base = st__lift_level(bkey, level) == level ? st__lifted(bkey, level) : lift(bkey, level);
    if (!base) return NULL;
  }
  st_tensor *w = st__wrap(level, below, 0, NULL);
  int rc = w ? 0 : ST_ERR_OOM;
  if (!rc && base) rc = st__view_inherit(w, base, below);
  if (!rc) rc = st__lift_add(level, key, w);
  st__drop(w);
  return rc ? NULL : st__lifted(key, level);
}

/* Whether the write of call c (at `level`, self below it) must be tracked there. */
static bool wants_lift(const st_opcall *c, int level) {
  const st_interp *I = st__interp_at(level);
  if ((c->op->flags & ST_OP_NONDIFF) || I->kind == ST_WRAP_VMAP || !st__is_float(c->in[0]->dtype))
    return false;
  for (int i = 1; i < c->nin; i++) {
    const st_tensor *t = c->in[i];
    if (t->level != level) continue;
    if (I->kind == ST_WRAP_GRAD ? st__grad_mode() && st__requires_grad(t)
                                : t->tangent || is_view(t))
      return true;
  }
  return false;
}

static int run_lifted(const st_opcall *c, int level, st_tensor **out) {
  int before = st__interp_at(level)->nlifts;
  st_tensor *key = st__lift_key(c->in[0]), *below = st__lifted(key, level - 1);
  /* a view made in no-grad mode takes no tracked write in grad mode, at any level (PyTorch) */
  if (st__interp_at(level)->kind == ST_WRAP_GRAD && below->ag && below->ag->view_base &&
      below->ag->view_nograd)
    return st__inplace_nograd_view_error(c, below);
  st_tensor *self = lift(key, level);
  st_tensor *small[8], **r = self ? st__tmp_array(c->nin, small, 8) : NULL;
  int rc = r ? 0 : st__status() ? st__status() : ST_ERR_OOM;
  for (int i = 0; !rc && i < c->nin; i++) r[i] = i ? c->in[i] : self;
  if (!rc) rc = st__redispatch(c, r, out);
  st__tmp_free(r, small, c->nin);
  if (rc) st__lift_truncate(level, before); /* the call changed nothing */
  return rc;
}

/* A transform's wrapper of a tensor that was written through that tensor itself, captured from
   outside and lifted (torch.func refuses the write: "mutate a captured Tensor"); the wrapper's
   history would miss the write. */
static int check_captured(const char *fn, int i, const st_tensor *t) {
  if (!t || !t->level || t->wrap == ST_WRAP_VMAP || !st__wrapper_alive(t) ||
      st__lift_level(t->value, t->level) != t->level || st__lifted(t->value, t->level) == t)
    return 0;
  return st__error(ST_ERR_TRANSFORM,
                   "%s: argument %d (shape %s) is an input of a transform (level %d) that was "
                   "written in place through the tensor itself, captured from outside the "
                   "transform; pass the tensor to the transform instead of capturing it",
                   fn, i + 1, ST_SHAPE_STR(t), t->level);
}

/* The inputs as the levels up to the effective top see them: lifted tensors replaced by their
   wrappers, and a view of a lifted base lifted too. *changed when one was replaced. */
static int substitute(const char *fn, int nin, st_tensor *const *in, st_tensor **r,
                      bool *changed) {
  int top = st__interp_top();
  *changed = false;
  for (int i = 0; i < nin; i++) {
    st_tensor *t = in[i], *s = st__lifted(t, top);
    if (check_captured(fn, i, t)) return st__status();
    /* a view made in no-grad mode of a base a tracked write lifted into a grad level: PyTorch's
       CreationMeta refuses its use in grad mode (the write gave the base a history the view
       cannot share) */
    if (t && s == t && t->ag && t->ag->view_base && t->ag->view_nograd && st__grad_mode()) {
      int l = st__lift_level(t->ag->view_base, top);
      if (l > t->level && st__interp_at(l)->kind == ST_WRAP_GRAD)
        return st__view_rebased_error(t, fn);
    }
    if (t && s == t && is_view(t)) {
      int l = st__lift_level(t->ag->view_base, top);
      if (l > t->level && !(s = lift(t, l))) return st__status() ? st__status() : ST_ERR_OOM;
    }
    r[i] = s;
    *changed = *changed || s != t;
  }
  return 0;
}

/* Calls again(ctx, substitutes, out) when an input stands for a lifted tensor (*ran); else the
   caller goes on with its inputs. Returns again's status, or a failed substitution's. */
static int with_substitutes(const char *fn, int nin, st_tensor *const *in,
                            int (*again)(const void *, st_tensor *const *, st_tensor **),
                            const void *ctx, st_tensor **out, bool *ran) {
  st_tensor *small[8], **r = st__tmp_array(nin, small, 8);
  bool changed = false;
  int rc = r ? substitute(fn, nin, in, r, &changed) : ST_ERR_OOM;
  *ran = rc || changed;
  if (!rc && changed) rc = again(ctx, r, out);
  st__tmp_free(r, small, nin);
  return rc;
}

int st__settle_output(st_tensor **t) {
  if (!*t) return 0;
  if (st__tls_nlifts) {
    st_tensor *r[1];
    bool changed;
    if (substitute("a transformed function's output", 1, t, r, &changed)) return st__status();
    if (changed) {
      st_retain(r[0]);
      st__drop(*t);
      *t = r[0];
    }
  }
  if ((*t)->wrap == ST_WRAP_JVP && st__wrapper_alive(*t)) return st__view_refresh(*t);
  return 0;
}

/* out[0..n) = NULL for n <= ST_MAX_OUTS, as stores (a loop becomes a call to memset). */
static inline void clear_outputs(st_tensor **out, int n) {
  _Static_assert(ST_MAX_OUTS == 4, "one case per output");
  switch (n) {
  case 4: out[3] = NULL; /* fall through */
  case 3: out[2] = NULL; /* fall through */
  case 2: out[1] = NULL; /* fall through */
  case 1: out[0] = NULL; /* fall through */
  default: break;
  }
}

int st__dispatch(const st_opcall *c, st_tensor **out) {
  const st_op *op = c->op;
  clear_outputs(out, op->nout);
  bool narrow = false;
  if (check_inputs(c, &narrow)) return st__status();
  if (needs_widening(c, narrow)) return run_widened(c, out);
  bool ran = false;
  if (st__tls_nlifts) {
    int rc = with_substitutes(ST_FN(c), c->nin, c->in, redispatch_cb, c, out, &ran);
    if (ran) return rc;
  }
  bool dead;
  int level = arg_level(c->nin, c->in, &dead);
  if (dead) return with_revived(op->name, c->nin, c->in, redispatch_cb, c, out);
  if ((op->flags & ST_OP_RANDOM) && st__interp_top()) {
    int v = vmap_level();
    if (v > level) level = v;
  }
  if ((op->flags & ST_OP_INPLACE) && level && c->in[0]->level < level && wants_lift(c, level))
    return run_lifted(c, level, out);
  if (reads_self(c)) return run_on_copies(c, level, out);
  if (use_decomposition(op, level)) return run_decomposition(c, out);
  return level ? run_level(c, level, out) : run_plain(c, out);
}

/* ------------------------------------------------------------------------ higher-order ops */

static int hop_again(const void *c, st_tensor *const *in, st_tensor **out) {
  st_hop_call lowered = *(const st_hop_call *)c;
  lowered.in = in;
  return st__dispatch_hop(&lowered, out);
}

int st__dispatch_hop(const st_hop_call *c, st_tensor **out) {
  for (int j = 0; j < c->nout; j++) out[j] = NULL;
  bool ran = false;
  if (st__tls_nlifts) {
    char fn[48];
    snprintf(fn, sizeof fn, "st_%s", c->hop->name);
    int rc = with_substitutes(fn, c->nin, c->in, hop_again, c, out, &ran);
    if (ran) return rc;
  }
  for (int i = 0; i < c->nin; i++) /* the rules read jvp tangents directly */
    if (c->in[i] && c->in[i]->wrap == ST_WRAP_JVP && st__view_refresh(c->in[i]))
      return st__status();
  bool dead;
  int level = arg_level(c->nin, c->in, &dead);
  if (dead) return with_revived(c->hop->name, c->nin, c->in, hop_again, c, out);
  if (!level) return c->hop->plain(c, out);
  int prev = c->hop->at_top ? st__interp_top() : st__interp_lower(level);
  int rc;
  switch (st__interp_at(level)->kind) {
  case ST_WRAP_GRAD: rc = c->hop->grad(level, c, out); break;
  case ST_WRAP_JVP: rc = c->hop->jvp(level, c, out); break;
  default: rc = c->hop->vmap(level, c, out); break;
  }
  st__interp_restore(prev);
  if (rc) {
    for (int j = 0; j < c->nout; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
    return st__status() ? st__status() : rc;
  }
  return 0;
}

int st__redispatch(const st_opcall *c, st_tensor *const *in, st_tensor **out) {
  st_opcall lowered = *c;
  lowered.in = in;
  return st__dispatch(&lowered, out);
}

st_tensor *st__call1(const st_opcall *c) {
  st_tensor *out[ST_MAX_OUTS];
  if (st__dispatch(c, out)) return NULL;
  for (int i = 1; i < c->op->nout; i++) st__drop(out[i]);
  st_tensor *t = st__track(out[0]);
  if (t) st__ok();
  return t;
}

int st__call_n(const st_opcall *c, st_tensor **outs) {
  st_tensor *o[ST_MAX_OUTS];
  int rc = st__dispatch(c, o);
  if (!rc) rc = st__track_all(c->op->nout, o);
  if (rc) return rc;
  for (int j = 0; j < c->op->nout; j++) outs[j] = o[j];
  st__ok();
  return 0;
}

int st__call_inplace(const st_opcall *c) {
  st_tensor *out[ST_MAX_OUTS];
  int rc = st__dispatch(c, out);
  if (rc) return rc;
  for (int i = 0; i < c->op->nout; i++) st__drop(out[i]);
  st__ok();
  return 0;
}
