/* checkpoint.c — activation checkpointing (st_checkpoint) as a higher-order op with one rule per
   interpreter kind, like custom functions and st_cond:

   - plain (level 0): f runs without recording, and when an input requires grad one node is
     recorded that saves only the inputs and the random state at the call; its backward
     recomputes f and pulls the output gradients back through the recomputation;
   - grad level L: the call goes one level down first (so every grad level below checkpoints
     too), then the same node at level L, saving the values below L;
   - jvp and vmap levels: f runs at that level (forward mode and batching keep nothing for a
     backward); a grad level below them records f's ops as they come.

   The backward is "the vjp of f at the saved inputs": f runs at a fresh grad level over the
   saved values (st__trace_grad) and the engine pulls the gradients back (st__pull), in the
   grad mode the backward runs in. So the recomputation is tracked by the levels below exactly
   when the backward is (create_graph, grad(grad(...)), a transform outside), and double
   backward, grad of grad and vmap of grad work through it. Random ops see the generator, the
   active stream and every live vmap level's random-op count as they were at the call, so they
   draw the same values (torch.utils.checkpoint preserves the RNG state likewise); the caller's
   random state is restored afterwards.

   The inputs are what the backward differentiates: tensors f captures through its context are
   constants, as under every transform (pass parameters as inputs). */
#include <string.h>

#include "transforms.h"

extern _Thread_local int st__tls_depth;
extern _Thread_local uint32_t st__tls_ids[ST_MAX_LEVELS + 1];

/* ------------------------------------------------------------------------- random state */

/* The random state a call of f starts from: the generator and stream, and the random-op count
   of each vmap level on the stack (its streams are numbered by that count). A node keeps it
   with only the vmap levels there were (vmap points into `levels` or a heap array). */
typedef struct {
  int level;
  uint32_t id;
  uint64_t nrandom;
} vmap_count;
typedef struct {
  st_rng_state gen;
  int nvmap;
  vmap_count levels[ST_MAX_LEVELS];
} rng_snapshot;

static void snapshot_take(rng_snapshot *s) {
  s->gen = st__rng_state_get();
  s->nvmap = 0;
  for (int l = 1; l <= st__tls_depth; l++) {
    st_interp *I = st__interp_at(l);
    if (I->kind == ST_WRAP_VMAP) s->levels[s->nvmap++] = (vmap_count){l, I->id, I->nrandom};
  }
}

/* Puts a snapshot in force on the levels still alive; `now` receives the state it replaced. */
static void snapshot_swap(const st_rng_state *gen, int nvmap, const vmap_count *vmap,
                          rng_snapshot *now) {
  snapshot_take(now);
  st__rng_state_set(gen);
  for (int k = 0; k < nvmap; k++) {
    int l = vmap[k].level;
    if (l <= st__tls_depth && st__tls_ids[l] == vmap[k].id)
      st__interp_at(l)->nrandom = vmap[k].nrandom;
  }
}

static void snapshot_restore(const rng_snapshot *now) {
  st__rng_state_set(&now->gen);
  for (int k = 0; k < now->nvmap; k++)
    st__interp_at(now->levels[k].level)->nrandom = now->levels[k].nrandom;
}

/* ---------------------------------------------------------------------------- the node */

typedef struct {
  st_func *f;
  int nin;
  st_saved *saved; /* the inputs as the forward saw them (the values below a grad level) */
  st_rng_state gen;
  int nvmap;
  vmap_count *vmap; /* nvmap */
} ckpt_state;

static void ckpt_release_saved(st_node *n) {
  ckpt_state *s = n->state;
  for (int i = 0; s && s->saved && i < s->nin; i++) st__saved_release(&s->saved[i]);
}

static void ckpt_destroy(st_node *n) {
  ckpt_state *s = n->state;
  if (!s) return;
  ckpt_release_saved(n);
  st_func_release(s->f);
  st__free(s->saved, sizeof(st_saved) * (size_t)(s->nin ? s->nin : 1));
  st__free(s->vmap, sizeof(vmap_count) * (size_t)(s->nvmap ? s->nvmap : 1));
  st__free(s, sizeof *s);
}

/* The vjp of f at the saved inputs, for the inputs that need a gradient. */
static int ckpt_apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  ckpt_state *s = n->state;
  int nin = s->nin, nvar = 0, rc = 0;
  st_tensor *small[8], **in = st__tmp_array(nin, small, 8), *gsmall[8];
  int vsmall[8], *vars = nin <= 8 ? vsmall : st__alloc(sizeof(int) * (size_t)nin);
  if (!in || !vars) rc = ST_ERR_OOM;
  for (int i = 0; !rc && i < nin; i++) {
    if (!(in[i] = st__unpack(&s->saved[i], n, i)))
      rc = st__status();
    else if (needs[i])
      vars[nvar++] = i;
  }
  st_tensor **g = rc ? NULL : st__tmp_array(nvar, gsmall, 8);
  if (!rc && !g) rc = ST_ERR_OOM;
  if (!rc && nvar) {
    rng_snapshot now;
    st_traced t;
    size_t kept = st__escape_mark();
    snapshot_swap(&s->gen, s->nvmap, s->vmap, &now);
    rc = st__trace_grad("st_checkpoint", s->f, in, nvar, vars, &t);
    snapshot_restore(&now);
    st__escape_drop(kept); /* what the recomputation kept is nobody's */
    if (!rc) {
      rc = st__pull("st_checkpoint: the recomputed function", &t, gout, g);
      st__traced_free(&t);
    }
  }
  for (int k = 0; !rc && k < nvar; k++) { /* the engine's convention: recorded in its scope */
    if (!(gin[vars[k]] = st__track(g[k]))) rc = st__status();
    g[k] = NULL;
  }
  for (int k = 0; g && k < nvar; k++) st__drop(g[k]);
  for (int i = 0; in && i < nin; i++) st__drop(in[i]);
  st__tmp_free(g, gsmall, nvar);
  st__tmp_free(in, small, nin);
  if (vars && vars != vsmall) st__free(vars, sizeof(int) * (size_t)nin);
  return rc;
}

static const st_node_ops ckpt_ops = {"checkpoint", ckpt_apply, ckpt_release_saved,
                                     ckpt_destroy, true,       NULL};

/* ------------------------------------------------------------------------------- recording */

/* A tensor the node can own as an output: a fresh alias when f returned an input or a tensor
   that already has autograd state (a captured one). */
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

/* Records the call at `level`: a node saving vin (the arguments' values below the level) and
   the random state, with edges to the arguments of that level; out receives the outputs (at a
   grad level new wrappers of vout, at level 0 vout itself or an alias) as untracked
   references. vout keeps its own. */
static int record(st_func *f, int level, st_tensor *const *in, st_tensor *const *vin,
                  st_tensor **vout, const rng_snapshot *rng, st_tensor **out) {
  int nin = f->nin, nout = f->nout, rc = 0;
  st_node *n = st__node_new(&ckpt_ops, "CheckpointBackward", nin, nout);
  ckpt_state *s = n ? st__calloc(1, sizeof *s) : NULL;
  if (s) {
    s->f = st_func_retain(f);
    s->nin = nin;
    s->gen = rng->gen;
    s->nvmap = rng->nvmap;
    s->saved = st__calloc((size_t)(nin ? nin : 1), sizeof(st_saved));
    s->vmap = st__alloc(sizeof(vmap_count) * (size_t)(rng->nvmap ? rng->nvmap : 1));
    if (s->vmap) memcpy(s->vmap, rng->levels, sizeof(vmap_count) * (size_t)rng->nvmap);
    n->state = s;
  }
  if (!s || !s->saved || !s->vmap) rc = ST_ERR_OOM;
  for (int i = 0; !rc && i < nin; i++) {
    st__meta_of(&n->in_meta[i], in[i]);
    if (st__save(&s->saved[i], vin[i], false, 0))
      rc = ST_ERR_OOM;
    else if (in[i]->level == level && (n->next[i] = st__gradient_edge(in[i])).input_nr < 0)
      rc = ST_ERR_OOM;
  }
  for (int j = 0; !rc && j < nout; j++) {
    bool diff = st__is_float(vout[j]->dtype);
    if (!diff)
      out[j] = st_retain(vout[j]);
    else if (level)
      out[j] = st__wrap(level, vout[j], 0, NULL);
    else if (!(rc = own_output(in, nin, &vout[j])))
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
  if (!rc && st__anomaly_enabled()) st__anomaly_record_site(n);
  for (int j = 0; rc && j < nout; j++) {
    st__drop(out[j]);
    out[j] = NULL;
  }
  st__node_release(n);
  return rc ? (st__status() ? st__status() : rc) : 0;
}

/* ------------------------------------------------------------------------ the level rules */

static bool any_tracked(const st_hop_call *c, int level) {
  if (!st__grad_mode()) return false;
  for (int i = 0; i < c->nin; i++)
    if (c->in[i]->level == level && st__requires_grad(c->in[i])) return true;
  return false;
}

static void drop_all(st_tensor **t, int n) {
  for (int j = 0; j < n; j++) {
    st__drop(t[j]);
    t[j] = NULL;
  }
}

/* f runs without recording (the node stands for it); nothing of f's is kept. */
static int ckpt_plain(const st_hop_call *c, st_tensor **out) {
  st_func *f = (st_func *)c->payload;
  bool rec = any_tracked(c, 0);
  rng_snapshot rng;
  if (rec) snapshot_take(&rng);
  bool prev = st_set_grad_enabled(false);
  st_tensor *small[8], **vout = st__tmp_array(c->nout, small, 8);
  int rc = vout ? st__func_call("st_checkpoint", f, c->in, vout) : ST_ERR_OOM;
  st_set_grad_enabled(prev);
  if (!rc && !rec) {
    for (int j = 0; j < c->nout; j++) out[j] = vout[j];
  } else if (!rc) {
    rc = record(f, 0, c->in, c->in, vout, &rng, out);
    drop_all(vout, c->nout);
  }
  st__tmp_free(vout, small, c->nout);
  return rc;
}

static int ckpt_grad(int level, const st_hop_call *c, st_tensor **out) {
  st_func *f = (st_func *)c->payload;
  rng_snapshot rng;
  snapshot_take(&rng);
  st_tensor *small[8], **vin = st__tmp_array(c->nin, small, 8);
  st_tensor *osmall[8], **vout = st__tmp_array(c->nout, osmall, 8);
  int rc = vin && vout ? 0 : ST_ERR_OOM;
  if (!rc) {
    for (int i = 0; i < c->nin; i++) vin[i] = st__unwrap_at(c->in[i], level);
    st_hop_call down = *c;
    down.in = vin;
    bool lowered = st__grad_mode_lower(level);
    rc = st__dispatch_hop(&down, vout);
    st__grad_mode_restore(lowered);
  }
  if (!rc && !any_tracked(c, level)) {
    for (int j = 0; j < c->nout; j++) out[j] = vout[j];
  } else if (!rc) {
    rc = record(f, level, c->in, vin, vout, &rng, out);
    drop_all(vout, c->nout);
  }
  st__tmp_free(vin, small, c->nin);
  st__tmp_free(vout, osmall, c->nout);
  return rc;
}

/* Forward mode and batching save nothing: f runs at the level as it is. */
static int ckpt_run(int level, const st_hop_call *c, st_tensor **out) {
  (void)level;
  return st__func_call("st_checkpoint", (st_func *)c->payload, c->in, out);
}

/* The rules run with the stack as it is: f is user code that must see every level (a random
   factory inside it draws per lane under vmap, as without checkpointing). */
static const st_hop ckpt_hop = {"checkpoint", true, ckpt_plain, ckpt_grad, ckpt_run, ckpt_run};

/* ------------------------------------------------------------------------------ the entry */

static int checkpoint_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_func *f = ctx;
  st_hop_call c = {&ckpt_hop, nin, nout, in, f};
  int rc = st__dispatch_hop(&c, out);
  for (int j = 0; !rc && j < nout; j++) out[j] = st__track(out[j]);
  return rc;
}

static void checkpoint_free(void *ctx) { st_func_release(ctx); }

st_func *st_checkpoint(st_func *f) {
  if (!f) {
    st__error(ST_ERR_ARG, "st_checkpoint: the function is NULL");
    return NULL;
  }
  return st__func_make("st_checkpoint", checkpoint_call, st_func_retain(f), checkpoint_free, f->nin,
                       f->nout);
}
