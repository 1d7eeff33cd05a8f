/* aot.c — a compiled function under eager autograd: one node whose forward is the compiled
   graph and whose backward is itself compiled (AOTAutograd's shape, seed 002).

   When an input, or a tensor f captures, requires grad in grad mode, the call becomes a custom
   function (st_custom_apply) over the inputs and those captured tensors:

   - forward runs the forward half of the split below (or, without one, the graph compiled for
     the call's signature); it records nothing, like any custom forward;
   - setup_context saves the residuals and the inputs and captured tensors that the backward
     graph reads (so an in-place change of one before backward is the error eager gives); the
     others are held unchecked, as eager saves nothing of them, and only the joint function,
     which recomputes the forward from them, checks their versions;
   - backward runs the backward half of the joint graph. The joint function (inputs, output
     gradients) -> gradients of the inputs and captured tensors runs f and the engine's backward
     over it at level 0, so its capture is one graph of primitive ops; partition.c splits it
     into a forward that also returns the buffers the backward reads (the residuals, saved by
     the node) and a backward that takes them as inputs (AOTAutograd's partition).
   - Under create_graph (the gradients keep their history), for output gradients laid out
     otherwise than the ones it was captured on after a copy, or when the joint graph could
     not be split, backward calls the compiled joint function instead, which recomputes the
     forward inside its graph (and keeps only the inputs).

   Random ops in the recomputation draw what the forward drew: the backward starts from the
   generator's state at the forward (as torch.utils.checkpoint does) and restores the caller's.

   The joint function is an ordinary function value, so differentiating the backward again
   (create_graph, double backward) goes through the same path one level up. */
#include <pthread.h>
#include <string.h>

#include "../autograd/autograd.h"
#include "../transforms/custom.h" /* MAX_IN, MAX_OUT: a custom node's most inputs and outputs */
#include "compile.h"

/* ------------------------------------------------------------------ the joint function */

typedef struct joint_ctx {
  st_func *f;
  int nin, nout, ndiff;
  bool with_y;      /* f's outputs follow the gradients (the graph cg_split divides) */
  bool *need;       /* nin: the inputs it differentiates (the others get a zero scalar) */
  st_tensor **diff; /* the captured tensors it differentiates (strong) */
} joint_ctx;

static void joint_free(void *p) {
  joint_ctx *j = p;
  for (int k = 0; k < j->ndiff; k++) st__drop(j->diff[k]);
  if (j->diff) st__free(j->diff, sizeof *j->diff * (size_t)j->ndiff);
  st__free(j->need, sizeof *j->need * (size_t)(j->nin ? j->nin : 1));
  st_func_release(j->f);
  st__free(j, sizeof *j);
}

/* The joint function under a transform (an input is a wrapper: a grad level above the node's,
   output gradients batched by vmap), where eager autograd cannot run: st_vjp of f, which every
   transform composes with. The captured tensors' gradients are zero scalars: no level above
   level 0 differentiates them, and aot_backward refuses a call that needs them. */
static int joint_by_vjp(joint_ctx *j, st_tensor *const *in, st_tensor **out) {
  int nin = j->nin, nout = j->nout, rc = 0;
  st_tensor *small[32], **y = st__tmp_array(2 * nout + nin, small, 32);
  if (!y) return ST_ERR_OOM;
  st_tensor **ct = y + nout, **gx = ct + nout;
  st_func *pullback = NULL;
  rc = st_vjp(j->f, in, y, &pullback);
  for (int q = 0; !rc && q < nout; q++) /* an output no gradient reached stays out */
    ct[q] = st__is_float(y[q]->dtype) && st_numel(in[nin + q]) > 0 ? in[nin + q] : NULL;
  if (!rc) rc = st_call(pullback, ct, gx);
  st_func_release(pullback);
  for (int i = 0; !rc && i < nin + j->ndiff; i++) {
    out[i] = i < nin && j->need[i] ? (gx[i] ? gx[i] : st_zeros_like(in[i])) : st_scalar(ST_F32, 0);
    if (!out[i]) rc = st__status();
  }
  for (int q = 0; !rc && j->with_y && q < nout; q++) out[nin + j->ndiff + q] = y[q];
  st__tmp_free(y, small, 2 * nout + nin);
  return rc;
}

/* (x[0..nin), ct[0..nout)) -> (dx[0..nin), dW[0..ndiff)): the vjp of f at x, by eager
   autograd; dx[i] is a zero scalar for an input not in need. A cotangent without elements is
   absent (the node's backward passes one for an output no gradient reached): that output is
   not differentiated at all, as eager autograd never reaches a branch nobody used, where a zero
   cotangent would still carry 0 * inf = NaN from it. In grad mode, when an input, an output
   gradient or a captured tensor requires grad (a caller differentiating the backward), the
   gradients keep their history: inputs that require grad are used as they are and the graph
   is created; otherwise (a grad level's backward runs in grad mode on plain values) they are
   plain, as eager's. Under a transform it is joint_by_vjp. */
static int joint_fn(void *ctx, int n, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  joint_ctx *j = ctx;
  for (int i = 0; i < n; i++)
    if (in[i]->level) return joint_by_vjp(j, in, out);
  int nin = j->nin, ntarget = nin + j->ndiff, rc = 0;
  bool create = false; /* the history, as above */
  for (int i = 0; i < n; i++) create |= st__requires_grad(in[i]);
  for (int d = 0; d < j->ndiff; d++) create |= st__requires_grad(j->diff[d]);
  create &= st_is_grad_enabled();
  bool prev = st_set_grad_enabled(true);
  int narr = nin + 3 * j->nout + ntarget;
  st_tensor *small[32], **xs = st__tmp_array(narr, small, 32);
  if (!xs) {
    st_set_grad_enabled(prev);
    return ST_ERR_OOM;
  }
  st_tensor **y = xs + nin, **o = y + j->nout, **cts = o + j->nout, **targets = cts + j->nout;
  st_tensor *const *ct = in + nin;
  for (int i = 0; !rc && i < nin; i++) {
    xs[i] = in[i];
    if (!j->need[i] || (create && st__requires_grad(in[i]))) continue;
    if (!(xs[i] = st_detach(in[i])) || st_set_requires_grad(xs[i], true)) rc = st__status();
  }
  if (!rc) rc = st_call(j->f, xs, y);
  int k = 0; /* the outputs a gradient flows from, with theirs */
  for (int q = 0; !rc && q < j->nout; q++)
    if (st__is_float(y[q]->dtype) && st__requires_grad(y[q]) && st_numel(ct[q]) > 0) {
      o[k] = y[q];
      cts[k++] = ct[q];
    }
  int nt = 0;
  for (int i = 0; i < nin; i++)
    if (j->need[i]) targets[nt++] = xs[i];
  for (int d = 0; d < j->ndiff; d++) targets[nt++] = j->diff[d];
  st_tensor *gsmall[32], **gr = NULL;
  if (!rc && k) {
    gr = st__tmp_array(nt, gsmall, 32);
    st_grad_opts opts = {.create_graph = create, .allow_unused = true, .materialize_grads = true};
    bool ca = st__ca_suspend(); /* st_compile's own backward, as the transforms' */
    cg_capture_mark(); /* captured aside (cg_split_new): what the engine's rules read from here */
    rc = gr ? st_autograd_grad(k, o, cts, nt, targets, gr, &opts) : ST_ERR_OOM;
    st__ca_resume(ca);
  }
  st_set_grad_enabled(prev);
  for (int i = 0, t = 0; !rc && i < ntarget; i++) {
    bool has = i >= nin || j->need[i];
    out[i] = has && k         ? gr[t]
             : has && i < nin ? st_zeros_like(in[i])
             : has            ? st_zeros_like(j->diff[i - nin])
                              : st_scalar(ST_F32, 0);
    t += has;
    if (!out[i]) rc = st__status();
  }
  for (int q = 0; !rc && j->with_y && q < j->nout; q++) out[ntarget + q] = y[q];
  if (gr) st__tmp_free(gr, gsmall, nt);
  st__tmp_free(xs, small, narr);
  return rc;
}

static st_func *joint_func(st_func *f, const bool *need, int ndiff, st_tensor *const *diff,
                           bool with_y) {
  joint_ctx *j = st__calloc(1, sizeof *j);
  bool *nd = j ? st__calloc((size_t)(f->nin ? f->nin : 1), sizeof *nd) : NULL;
  st_tensor **df = nd && ndiff ? st__calloc((size_t)ndiff, sizeof *df) : NULL;
  if (!nd || (ndiff && !df)) {
    if (nd) st__free(nd, sizeof *nd * (size_t)(f->nin ? f->nin : 1));
    if (j) st__free(j, sizeof *j);
    st__error(ST_ERR_OOM, "st_compile: out of memory");
    return NULL;
  }
  memcpy(nd, need, sizeof *nd * (size_t)f->nin);
  j->need = nd;
  j->diff = df;
  j->f = st_func_retain(f);
  j->nin = f->nin;
  j->nout = f->nout;
  j->ndiff = ndiff;
  j->with_y = with_y;
  for (int k = 0; k < ndiff; k++) j->diff[k] = st_retain(diff[k]);
  st_func *v = st_func_new_owned(joint_fn, j, joint_free, f->nin + f->nout,
                                 f->nin + ndiff + (with_y ? f->nout : 0));
  if (!v) joint_free(j);
  return v;
}

st_func *cg_joint_func(st_func *f, const bool *need, int ndiff, st_tensor *const *diff) {
  return joint_func(f, need, ndiff, diff, false);
}

/* ------------------------------------------------------------------------- the split */

struct cg_split {
  _Atomic int refs;
  pthread_mutex_t lock; /* one backward at a time runs bwd */
  cg_graph *fwd, *bwd;
  int nres;
  bool reads[MAX_IN]; /* which of the node's inputs (f's, then the captured) bwd reads */
  /* which of them eager's backward reads (a node's saved value, or a view of one): what bwd does
     not read of those (the forward computed what it needed) is still checked as eager checks
     it, so that a write between the call and the backward is eager's error */
  bool eager_reads[MAX_IN];
};

/* Whether a live node of g from `first` on reads buffer b (a view of it included). */
static bool reads_buf_from(const cg_graph *g, int b, int first) {
  for (int i = first; i < g->nn; i++)
    for (int q = 0; !g->n[i].dead && q < g->n[i].nin; q++)
      if (g->v[g->n[i].in[q]].buf == b) return true;
  return false;
}

/* Whether a live node or an output of g reads buffer b. */
static bool reads_buf(const cg_graph *g, int b) {
  for (int j = 0; j < g->nout; j++)
    if (g->v[g->outputs[j]].buf == b) return true;
  return reads_buf_from(g, b, 0);
}

/* Whether g reads the node's input k: f's input k (g's input k), or past nin the captured
   tensor diff[k - nin], which g holds as a captured value (not an input: indexing g's inputs
   there read its cotangents and residuals, or past their end). One g does not hold as a value
   of its own (an alias of an input's storage) counts as read by the backward g (first 0,
   outputs true: its outputs read too); the joint graph's backward, from its mark, reads with
   its nodes only, and a captured tensor it does not hold is not read. */
static bool reads_input(const cg_graph *g, int k, int nin, st_tensor *const *diff, int first,
                        bool outputs) {
  if (k < nin) {
    int b = g->v[g->inputs[k]].buf;
    return outputs ? reads_buf(g, b) : reads_buf_from(g, b, first);
  }
  bool found = false;
  for (int v = 0; v < g->nv; v++) {
    if (g->v[v].kind != CG_CAPTURED || g->captured[g->v[v].src] != diff[k - nin]) continue;
    int b = g->v[v].buf;
    if (outputs ? reads_buf(g, b) : reads_buf_from(g, b, first)) return true;
    found = true;
  }
  return !found && outputs; /* the backward: not held as a value of its own counts as read */
}

void cg_split_release(cg_split *s) {
  if (!s || atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) != 1) return;
  cg_free(s->fwd);
  cg_free(s->bwd);
  pthread_mutex_destroy(&s->lock);
  st__free(s, sizeof *s);
}

/* Captures the joint graph on zero output gradients of g's output types (the call's inputs x;
   the generator, what the run keeps and its errors are put back) and splits it. */
cg_split *cg_split_new(st_func *f, const bool *need, int ndiff, st_tensor *const *diff,
                       const cg_graph *g, st_tensor *const *x, cg_backend backend) {
  int nin = f->nin, nout = f->nout, nd = nin + ndiff;
  st_func *jf = joint_func(f, need, ndiff, diff, true);
  st_tensor *small[32], **args = jf ? st__tmp_array(nin + nout, small, 32) : NULL;
  cg_graph *J = NULL, *F = NULL, *B = NULL;
  bool prev = st_set_grad_enabled(false);
  bool ok = args && st_scope_push() == 0;
  for (int i = 0; ok && i < nin; i++) args[i] = x[i];
  for (int q = 0; ok && q < nout; q++) {
    const cg_value *v = &g->v[g->outputs[q]];
    args[nin + q] =
        st__is_float(v->dtype) ? st_zeros(v->dtype, v->ndim, v->shape) : st_scalar(ST_F32, 0);
    ok = args[nin + q] != NULL;
  }
  if (ok) J = cg_capture_aside(jf, args, true, NULL);
  if (args) st_scope_pop();
  st_set_grad_enabled(prev);
  st_clear_error();
  st__tmp_free(args, small, nin + nout);
  st_func_release(jf);
  cg_split *s = NULL;
  int nres = 0;
  /* the residuals are outputs of the node: past its most outputs the node recomputes */
  bool eager_reads[MAX_IN] = {0}; /* before the partition, on J as captured */
  for (int k = 0; J && J->marked && k < nd && k < MAX_IN; k++)
    eager_reads[k] = reads_input(J, k, nin, diff, J->marked - 1, false);
  if (J && !cg_partition(J, nin, nout, nd, &F, &B, &nres) && nout + nres <= MAX_OUT &&
      !cg_optimize(F) && !cg_prepare(F, backend) && !cg_optimize(B) && !cg_prepare(B, backend) &&
      (s = st__calloc(1, sizeof *s)) && pthread_mutex_init(&s->lock, NULL) == 0) {
    atomic_init(&s->refs, 1);
    s->fwd = F;
    s->bwd = B;
    s->nres = nres;
    for (int k = 0; k < nd && k < MAX_IN; k++) {
      s->reads[k] = reads_input(B, k, nin, diff, 0, true);
      s->eager_reads[k] = eager_reads[k];
    }
    F = B = NULL;
  } else if (s) {
    st__free(s, sizeof *s);
    s = NULL;
  }
  cg_free(J);
  cg_free(F);
  cg_free(B);
  st_clear_error();
  return s;
}

int cg_split_print(const cg_split *s, FILE *f) {
  if (fprintf(f, "# forward\n") < 0 || cg_print(s->fwd, f) || fprintf(f, "# backward\n") < 0)
    return 1;
  return cg_print(s->bwd, f);
}

/* ----------------------------------------------------------------------- the node */

/* One call: its custom function (outputs: f's, then the split's residuals), what backward
   runs, and the generator at the forward. */
typedef struct aot_call {
  _Atomic int refs;
  st_custom_fn fn;
  cg_graph *g;            /* the forward graph: read only while the call runs */
  const bool *reach;      /* and which of f's outputs an input requiring grad reaches */
  uint64_t from[MAX_OUT]; /* the node's inputs each of f's outputs is computed from */
  cg_split *split;        /* the split graphs, or NULL: backward runs the joint function */
  st_func *joint;
  int nin, nout, nres;
  bool float_out[MAX_OUT];          /* which of f's outputs are differentiable */
  bool alias[MAX_OUT];              /* outputs regenerated as views outside the node (regenerate) */
  st_tensor_meta out_meta[MAX_OUT]; /* f's outputs' */
  st_rng_state rng; /* the generator at the forward: a recomputation draws what it drew */
  /* The node's inputs that the split's backward does not read are not saved (an in-place
     write of one after the call is no error, as in eager, where nothing saved it); they are
     held here for the joint function, which recomputes the forward from them and checks
     their versions first. */
  int nheld;
  st_tensor **held;  /* nheld: NULL where the input is saved */
  uint64_t *version; /* of each held input at the forward */
} aot_call;

static void aot_release(void *p) {
  aot_call *a = p;
  if (atomic_fetch_sub_explicit(&a->refs, 1, memory_order_acq_rel) != 1) return;
  for (int k = 0; k < a->nheld; k++) st__drop(a->held[k]);
  if (a->held) st__free(a->held, sizeof *a->held * (size_t)a->nheld);
  if (a->version) st__free(a->version, sizeof *a->version * (size_t)a->nheld);
  cg_split_release(a->split);
  st_func_release(a->joint);
  st__free(a, sizeof *a);
}

static int aot_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  (void)nout;
  aot_call *a = user;
  a->rng = st__rng_state_get();
  return cg_run(a->g, in, out, false);
}

int cg_differentiable_outputs(const cg_graph *g, const bool *need, bool *out, uint64_t *from) {
  uint64_t *tv = st__calloc((size_t)g->nv + 1, sizeof *tv);
  uint64_t *tb = st__calloc((size_t)g->nb + 1, sizeof *tb);
  if (!tv || !tb) {
    st__free(tv, ((size_t)g->nv + 1) * sizeof *tv);
    st__free(tb, ((size_t)g->nb + 1) * sizeof *tb);
    return ST_ERR_OOM;
  }
  int *bit = st__calloc((size_t)g->ncap + 1, sizeof *bit); /* captured k -> its bit */
  if (!bit) {
    st__free(tv, ((size_t)g->nv + 1) * sizeof *tv);
    st__free(tb, ((size_t)g->nb + 1) * sizeof *tb);
    return ST_ERR_OOM;
  }
  for (int k = 0, d = 0; k < g->ncap; k++)
    bit[k] = st_requires_grad(g->captured[k]) ? g->nin + d++ : -1;
  for (int v = 0; v < g->nv; v++) {
    const cg_value *x = &g->v[v];
    int b = x->kind == CG_INPUT && need[x->src] ? x->src
            : x->kind == CG_CAPTURED            ? bit[x->src]
                                                : -1;
    if (b >= 0 && b < 64) tv[v] = tb[x->buf] = UINT64_C(1) << b;
  }
  for (int i = 0; i < g->nn; i++) {
    const cg_node *n = &g->n[i];
    uint64_t any = 0;
    for (int k = 0; k < n->nin; k++) any |= tv[n->in[k]] | tb[g->v[n->in[k]].buf];
    if (n->dead || !any || (n->op->flags & ST_OP_NONDIFF)) continue;
    for (int j = 0; j < n->nout; j++) {
      tv[n->out[j]] |= any;
      tb[g->v[n->out[j]].buf] |= any;
    }
    if (n->op->flags & ST_OP_INPLACE) tv[n->in[0]] |= any;
  }
  for (int j = 0; j < g->nout; j++) {
    from[j] = tv[g->outputs[j]] | tb[g->v[g->outputs[j]].buf];
    out[j] = from[j] != 0;
  }
  st__free(bit, ((size_t)g->ncap + 1) * sizeof *bit);
  st__free(tv, ((size_t)g->nv + 1) * sizeof *tv);
  st__free(tb, ((size_t)g->nb + 1) * sizeof *tb);
  return 0;
}

/* Saves the inputs, the captured tensors and the residuals (outputs nout and on). Output
   gradients are not materialized: backward must tell an output nobody used (NULL) from one
   whose gradient is zero. An output that eager would not make require grad (an integer one,
   one that no input requiring grad reaches) is marked non-differentiable, as eager leaves it. */
static int aot_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  aot_call *a = st_ctx_user(ctx);
  st_ctx_set_materialize_grads(ctx, false);
  for (int j = 0; j < a->fn.nout; j++) {
    if (j < a->nout) {
      a->float_out[j] = st__is_float(out[j]->dtype) && a->reach[j] && !a->alias[j];
      st__meta_of(&a->out_meta[j], out[j]);
    }
    if (j >= a->nout || !a->float_out[j]) st_ctx_mark_non_differentiable(ctx, j);
  }
  int n = a->fn.nin + a->nres, nd = a->fn.nin, rc = 0;
  bool hold = false; /* some input the backward graph does not read */
  for (int i = 0; a->split && nd <= MAX_IN && i < nd; i++) hold |= !a->split->reads[i];
  if (hold) {
    a->held = st__calloc((size_t)nd, sizeof *a->held);
    a->version = st__calloc((size_t)nd, sizeof *a->version);
    if (!a->held || !a->version) {
      st__free(a->held, sizeof *a->held * (size_t)nd);
      st__free(a->version, sizeof *a->version * (size_t)nd);
      a->held = NULL, a->version = NULL;
      return ST_ERR_OOM;
    }
    a->nheld = nd;
  }
  st_tensor *small[32], **keep = st__tmp_array(n, small, 32);
  if (!keep) return ST_ERR_OOM;
  for (int i = 0; i < nd; i++) {
    if (hold && !a->split->reads[i]) {
      a->held[i] = st_retain(in[i]);
      a->version[i] = atomic_load_explicit(&in[i]->storage->version, memory_order_relaxed);
    } else {
      keep[i] = in[i];
    }
  }
  for (int r = 0; r < a->nres; r++) keep[nd + r] = out[a->nout + r];
  rc = st_ctx_save(ctx, n, keep);
  st__tmp_free(keep, small, n);
  if (rc) return rc;
  atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
  st_ctx_set_data(ctx, a, aot_release);
  return 0;
}

/* Node input i: saved (its version checked), or held (aot_call.held). */
static st_tensor *input_of(st_ctx *ctx, const aot_call *a, int i) {
  return i < a->nheld && a->held[i] ? a->held[i] : st_ctx_saved(ctx, i);
}

/* The joint function recomputes the forward from the inputs: one written in place since the
   forward is eager's error (its value is gone). The split's backward (split) reads none of
   them, but one that eager's backward reads (cg_split.eager_reads) is checked as eager does. */
static int check_held(const aot_call *a, bool split) {
  for (int i = 0; i < a->nheld; i++) {
    const st_tensor *t = split && i < MAX_IN && !a->split->eager_reads[i] ? NULL : a->held[i];
    uint64_t now = t ? atomic_load_explicit(&t->storage->version, memory_order_relaxed) : 0;
    if (t && now != a->version[i])
      return st__error(ST_ERR_INPLACE,
                       "st_compile: one of the variables needed for gradient computation has "
                       "been modified by an inplace operation: input %d of the compiled call "
                       "is at version %llu; expected version %llu instead",
                       i, (unsigned long long)now, (unsigned long long)a->version[i]);
  }
  return 0;
}

/* The split's backward graph on (x, ct, residuals), or, when the gradients must keep their
   history (create_graph), nothing was split or an output has no gradient, the compiled joint
   function on (x, ct). The backward graph was captured with every output's cotangent, so an
   output nobody used (its gradient NULL) would enter it as zeros and carry 0 * inf = NaN from
   a branch eager autograd never runs; the joint function leaves such an output out instead (an
   empty cotangent), at the cost of recomputing the forward, and its compiled form keeps one
   graph per set of outputs used (their signatures differ). */
static int aot_backward(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  aot_call *a = st_ctx_data(ctx);
  int nin = a->nin, nout = a->nout, nres = a->nres, nd = a->fn.nin, rc = 0;
  int narg = nin + nout + nres;
  st_tensor *small[32], **args = st__tmp_array(narg + nd, small, 32);
  if (!args) return ST_ERR_OOM;
  st_tensor **res = args + narg;
  for (int k = 0; k < nd; k++) res[k] = NULL;
  for (int i = 0; !rc && i < nin; i++)
    if (!(args[i] = input_of(ctx, a, i))) rc = st__status();
  bool absent = false; /* a differentiable output without a gradient */
  for (int q = 0; !rc && q < nout; q++) {
    const st_tensor_meta *m = &a->out_meta[q];
    absent |= a->float_out[q] && !gout[q];
    /* a non-differentiable output's cotangent reaches no input: zeros of its layout, which the
       backward graph was captured with (a scalar for an integer output) */
    args[nin + q] = gout[q]                  ? gout[q]
                    : a->float_out[q]        ? st_zeros(ST_F32, 1, (int64_t[]){0})
                    : st__is_float(m->dtype) ? st_zeros(m->dtype, m->ndim, m->shape)
                                             : st_scalar(ST_F32, 0);
    if (!args[nin + q]) rc = st__status();
  }
  for (int r = 0; !rc && r < nres; r++)
    if (!(args[nin + nout + r] = st_ctx_saved(ctx, nd + r))) rc = st__status();
  /* the backward graph was captured on contiguous output gradients: others are copied (an
     expanded one from a sum, say), and what still differs runs the joint function */
  /* The joint function, through every transform and autograd, when an argument is a wrapper
     (a grad level above this one, batched output gradients) or the gradients keep their
     history (create_graph) */
  bool wrapped = false, history = false;
  for (int k = 0; !rc && k < narg; k++) {
    wrapped |= args[k]->level != 0;
    history |= st__requires_grad(args[k]);
  }
  for (int k = nin; !rc && k < nd; k++) { /* the captured tensors the node differentiates */
    const st_tensor *w = input_of(ctx, a, k);
    if (!w)
      rc = st__status();
    else
      history |= st__requires_grad(w);
  }
  for (int k = nin; !rc && wrapped && k < nd; k++)
    if (st_ctx_needs_input_grad(ctx, k))
      rc = st__error(ST_ERR_UNSUPPORTED,
                     "st_compile: the gradient of a captured tensor, by a backward that runs "
                     "under a transform, is not supported (pass the tensor as an input)");
  bool fits = a->split && !wrapped && !(history && st_is_grad_enabled()) && !absent;
  for (int k = 0; !rc && fits && k < narg; k++) {
    if (cg_input_fits(a->split->bwd, k, args[k])) continue;
    st_tensor *t = k >= nin && k < nin + nout ? st_contiguous(args[k]) : NULL;
    fits = t && cg_input_fits(a->split->bwd, k, t);
    if (fits) args[k] = t;
  }
  if (!rc && fits && !(rc = check_held(a, true))) {
    pthread_mutex_lock(&a->split->lock);
    rc = cg_run(a->split->bwd, args, res, false);
    pthread_mutex_unlock(&a->split->lock);
  } else if (!rc && !(rc = check_held(a, false))) {
    st_rng_state now = st__rng_state_get();
    st__rng_state_set(&a->rng);
    rc = st__func_call("st_compile: backward", a->joint, args, res);
    st__rng_state_set(&now);
  }
  /* an input that no output with a gradient is computed from gets none (NULL), as in eager,
     where the backward never reaches it: not zeros */
  uint64_t used = 0;
  for (int q = 0; q < nout; q++)
    if (gout[q]) used |= a->from[q];
  for (int i = 0; !rc && i < nd; i++) {
    if (st_ctx_needs_input_grad(ctx, i) && (i >= 64 || (used >> i & 1)))
      gin[i] = res[i];
    else
      st__drop(res[i]);
  }
  st__tmp_free(args, small, narg + nd);
  return rc;
}

/* Output aliasing (AOTAutograd's): an output that is a view of an input, of a captured tensor
   or of another output is regenerated outside the node, by replaying its view ops on that base
   through the dispatcher, so eager autograd sees the view eager gives: an in-place change of it
   reaches its base's history (and of a leaf's view is refused), and its gradient flows through
   the view. Inside the node such an output is non-differentiable (a zero cotangent); the
   gradient it carried arrives through its base. */
enum { MAX_CHAIN = 16 };

typedef struct view_plan {
  int len; /* view nodes from the base, last first (0: not regenerated) */
  int chain[MAX_CHAIN];
  cg_kind base_kind; /* CG_INPUT, CG_CAPTURED, or CG_NODE: output base_idx */
  int base_idx;
} view_plan;

static view_plan plan_view(const cg_graph *g, int j) {
  view_plan p = {0};
  int v = g->outputs[j];
  while (g->v[v].kind == CG_NODE && p.len < MAX_CHAIN) {
    const cg_node *n = &g->n[g->v[v].src];
    if (!n->view || n->nin != 1 || n->nout != 1 || g->v[n->in[0]].buf != g->v[v].buf) break;
    p.chain[p.len++] = g->v[v].src;
    v = n->in[0];
  }
  const cg_value *b = &g->v[v];
  p.base_kind = b->kind;
  p.base_idx = b->src;
  if (b->kind == CG_NODE) { /* another output, made by a node that is not a view */
    p.base_idx = -1;
    for (int q = 0; q < g->nout; q++)
      if (q != j && g->outputs[q] == v) p.base_idx = q;
    if (p.base_idx < 0) p.len = 0; /* an intermediate's view: the node's output is all there is */
  }
  if (g->v[v].kind == CG_NODE && g->n[g->v[v].src].view) p.len = 0; /* chain too long */
  return p;
}

/* Whether output j comes from outside the node: a view of a base (len > 0), or an input or
   captured tensor returned as it is (the tensor itself, as eager returns it: a leaf stays a
   leaf, its .grad is its own). */
static bool regenerated(const view_plan *p) {
  return p->len > 0 || p->base_kind == CG_INPUT || p->base_kind == CG_CAPTURED;
}

/* Output j again as plan p's views of its base (out: the node's outputs), or NULL with the
   error set when a step fails or the view's layout is not the traced one. */
static st_tensor *replay_view(const cg_graph *g, const view_plan *p, int j, st_tensor *const *in,
                              st_tensor *const *out) {
  st_tensor *t = p->base_kind == CG_INPUT      ? in[p->base_idx]
                 : p->base_kind == CG_CAPTURED ? g->captured[p->base_idx]
                                               : out[p->base_idx];
  t = st_retain(t);
  for (int k = p->len - 1; t && k >= 0; k--) {
    const cg_node *n = &g->n[p->chain[k]];
    st_tensor *o[ST_MAX_OUTS] = {0};
    int rc = st__dispatch(&(st_opcall){.op = n->op, .nin = 1, .in = &t, .a = n->a}, o);
    st__drop(t);
    t = rc ? NULL : o[0];
  }
  const cg_value *v = &g->v[g->outputs[j]];
  size_t dims = sizeof(int64_t) * (size_t)v->ndim;
  if (t && (t->dtype != v->dtype || t->ndim != v->ndim || memcmp(t->shape, v->shape, dims) ||
            memcmp(t->strides, v->strides, dims))) {
    st__drop(t);
    t = NULL;
    st__error(ST_ERR_AUTOGRAD,
              "st_compile: output %d, a view, came out in another layout than "
              "when it was captured",
              j);
  }
  return t;
}

int cg_aot_apply(cg_graph *g, cg_split *split, st_func *joint, const bool *reach,
                 const uint64_t *from, int nin, st_tensor *const *in, int ndiff,
                 st_tensor *const *diff, int nout, st_tensor **out) {
  int nres = split ? split->nres : 0;
  aot_call *a = st__calloc(1, sizeof *a);
  st_tensor *small[16], **args = a ? st__tmp_array(nin + ndiff + nout + nres, small, 16) : NULL;
  if (!args) {
    if (a) st__free(a, sizeof *a);
    return st__error(ST_ERR_OOM, "st_compile: out of memory");
  }
  st_tensor **all = args + nin + ndiff;
  atomic_init(&a->refs, 1);
  a->g = split ? split->fwd : g;
  a->reach = reach;
  memcpy(a->from, from, sizeof *from * (size_t)(nout < MAX_OUT ? nout : MAX_OUT));
  if (split) atomic_fetch_add_explicit(&split->refs, 1, memory_order_relaxed);
  a->split = split;
  a->joint = st_func_retain(joint);
  a->nin = nin;
  a->nout = nout;
  a->nres = nres;
  a->fn = (st_custom_fn){.name = "CompiledFunction",
                         .nin = nin + ndiff,
                         .nout = nout + nres,
                         .user = a,
                         .forward = aot_forward,
                         .setup_context = aot_setup,
                         .backward = aot_backward};
  view_plan plan[MAX_OUT];
  for (int j = 0; j < nout && j < MAX_OUT; j++) {
    plan[j] = plan_view(g, j);
    a->alias[j] = regenerated(&plan[j]);
  }
  memcpy(args, in, sizeof *args * (size_t)nin);
  if (ndiff) memcpy(args + nin, diff, sizeof *args * (size_t)ndiff);
  int rc = st_custom_apply(&a->fn, args, all);
  a->g = NULL; /* the nodes keep only what backward reads */
  a->reach = NULL;
  for (int j = 0; !rc && j < nout; j++) {
    if (!regenerated(&plan[j])) continue;
    st_tensor *v = replay_view(g, &plan[j], j, in, all);
    st_release(all[j]);
    if (!(all[j] = st__track(v))) rc = st__status() ? st__status() : ST_ERR_OOM;
  }
  aot_release(a);
  for (int j = 0; j < nout + nres; j++) { /* the residuals stay with the node */
    if (j < nout && !rc)
      out[j] = all[j];
    else if (all[j])
      st_release(all[j]);
  }
  st__tmp_free(args, small, nin + ndiff + nout + nres);
  return rc;
}
