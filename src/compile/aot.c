/* aot.c — a compiled function under eager autograd: one node whose forward is the compiled
   graph and whose backward is itself compiled (AOTAutograd's shape, seed 002).

   When an input, or a tensor f captures, requires grad in grad mode, the call becomes a custom
   function (st_custom_apply) over the inputs and those captured tensors:

   - forward runs the graph compiled for the call's signature without grad (it records
     nothing, like any custom forward);
   - setup_context saves the inputs and the captured tensors (so an in-place change before
     backward is the error eager gives);
   - backward calls the joint function's compiled form: (inputs, output gradients) -> gradients
     of the inputs and captured tensors. Its capture runs f and the engine's backward over it
     at level 0, so it is one graph of primitive ops, and the passes drop the parts of the
     recomputed forward that the backward does not read. What the backward keeps is the
     inputs: the forward is recomputed inside the backward's graph (full rematerialization,
     the memory-lean end of AOTAutograd's partitions).

   Random ops in the recomputation draw what the forward drew: the backward starts from the
   generator's state at the forward (as torch.utils.checkpoint does) and restores the caller's.

   The joint function is an ordinary function value, so differentiating the backward again
   (create_graph, double backward) goes through the same path one level up. */
#include <string.h>

#include "../autograd/autograd.h"
#include "../transforms/transforms.h"
#include "compile.h"

/* ------------------------------------------------------------------ the joint function */

typedef struct joint_ctx {
  st_func *f;
  int nin, nout, ndiff;
  st_tensor **diff; /* the captured tensors it differentiates (strong) */
} joint_ctx;

static void joint_free(void *p) {
  joint_ctx *j = p;
  for (int k = 0; k < j->ndiff; k++) st__drop(j->diff[k]);
  if (j->diff) st__free(j->diff, sizeof *j->diff * (size_t)j->ndiff);
  st_func_release(j->f);
  st__free(j, sizeof *j);
}

/* (x[0..nin), ct[0..nout)) -> (dx[0..nin), dW[0..ndiff)): the vjp of f at x, by eager
   autograd. In grad mode (a caller differentiating the backward) the gradients keep their
   history: inputs that require grad are used as they are and the graph is created. */
static int joint_fn(void *ctx, int n, st_tensor *const *in, int nout, st_tensor **out) {
  (void)n;
  (void)nout;
  joint_ctx *j = ctx;
  int nin = j->nin, ntarget = nin + j->ndiff, rc = 0;
  bool create = st_is_grad_enabled(), prev = st_set_grad_enabled(true);
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
    if (!st__is_float(in[i]->dtype) || (create && st__requires_grad(in[i]))) continue;
    if (!(xs[i] = st_detach(in[i])) || st_set_requires_grad(xs[i], true)) rc = st__status();
  }
  if (!rc) rc = st_call(j->f, xs, y);
  int k = 0; /* the outputs a gradient flows from, with theirs */
  for (int q = 0; !rc && q < j->nout; q++)
    if (st__is_float(y[q]->dtype) && st__requires_grad(y[q])) {
      o[k] = y[q];
      cts[k++] = ct[q];
    }
  int nt = 0;
  for (int i = 0; i < nin; i++)
    if (st__is_float(in[i]->dtype)) targets[nt++] = xs[i];
  for (int d = 0; d < j->ndiff; d++) targets[nt++] = j->diff[d];
  st_tensor *grads[ST_MAX_OUTS * 8], **gr = NULL;
  if (!rc && k) {
    gr = nt <= (int)(sizeof grads / sizeof *grads) ? grads : st__alloc(sizeof *gr * (size_t)nt);
    st_grad_opts opts = {.create_graph = create, .allow_unused = true, .materialize_grads = true};
    rc = gr ? st_autograd_grad(k, o, cts, nt, targets, gr, &opts) : ST_ERR_OOM;
  }
  st_set_grad_enabled(prev);
  for (int i = 0, t = 0; !rc && i < ntarget; i++) {
    bool has = i >= nin || st__is_float(in[i]->dtype);
    st_tensor *like = i < nin ? in[i] : j->diff[i - nin];
    out[i] = has && k ? gr[t] : st_zeros_like(like);
    t += has;
    if (!out[i]) rc = st__status();
  }
  if (gr && gr != grads) st__free(gr, sizeof *gr * (size_t)nt);
  st__tmp_free(xs, small, narr);
  return rc;
}

st_func *cg_joint_func(st_func *f, int ndiff, st_tensor *const *diff) {
  joint_ctx *j = st__calloc(1, sizeof *j);
  if (j && ndiff && !(j->diff = st__calloc((size_t)ndiff, sizeof *j->diff))) {
    st__free(j, sizeof *j);
    j = NULL;
  }
  if (!j) {
    st__error(ST_ERR_OOM, "st_compile: out of memory");
    return NULL;
  }
  j->f = st_func_retain(f);
  j->nin = f->nin;
  j->nout = f->nout;
  j->ndiff = ndiff;
  for (int k = 0; k < ndiff; k++) j->diff[k] = st_retain(diff[k]);
  st_func *v = st_func_new_owned(joint_fn, j, joint_free, f->nin + f->nout, f->nin + ndiff);
  if (!v) joint_free(j);
  return v;
}

/* ----------------------------------------------------------------------- the node */

typedef struct aot_call {
  _Atomic int refs;
  st_custom_fn fn;
  cg_graph *g; /* the forward graph: read only while the call runs */
  st_func *bwd;
  int nin, nout;
  st_rng_state rng; /* the generator at the forward: the recomputation draws what it drew */
} aot_call;

static void aot_release(void *p) {
  aot_call *a = p;
  if (atomic_fetch_sub_explicit(&a->refs, 1, memory_order_acq_rel) != 1) return;
  st_func_release(a->bwd);
  st__free(a, sizeof *a);
}

static int aot_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  (void)nout;
  aot_call *a = user;
  a->rng = st__rng_state_get();
  return cg_run(a->g, in, out, false);
}

static int aot_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  aot_call *a = st_ctx_user(ctx);
  for (int j = 0; j < a->nout; j++)
    if (!st__is_float(out[j]->dtype)) st_ctx_mark_non_differentiable(ctx, j);
  int rc = st_ctx_save(ctx, a->fn.nin, in);
  if (rc) return rc;
  atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
  st_ctx_set_data(ctx, a, aot_release);
  return 0;
}

static int aot_backward(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  aot_call *a = st_ctx_data(ctx);
  int nin = a->nin, nb = a->fn.nin, rc = 0;
  st_tensor *small[32], **args = st__tmp_array(nin + a->nout + nb, small, 32);
  if (!args) return ST_ERR_OOM;
  st_tensor **res = args + nin + a->nout;
  for (int i = 0; !rc && i < nin; i++)
    if (!(args[i] = st_ctx_saved(ctx, i))) rc = st__status();
  for (int q = 0; !rc && q < a->nout; q++) /* no gradient for an integer output */
    if (!(args[nin + q] = gout[q] ? gout[q] : st_scalar(ST_F32, 0))) rc = st__status();
  if (!rc) {
    st_rng_state now = st__rng_state_get();
    st__rng_state_set(&a->rng);
    rc = st__func_call("st_compile: backward", a->bwd, args, res);
    st__rng_state_set(&now);
  }
  for (int i = 0; !rc && i < nb; i++) {
    if (st_ctx_needs_input_grad(ctx, i))
      gin[i] = res[i];
    else
      st__drop(res[i]);
  }
  st__tmp_free(args, small, nin + a->nout + nb);
  return rc;
}

int cg_aot_apply(cg_graph *g, st_func *bwd, int nin, st_tensor *const *in, int ndiff,
                 st_tensor *const *diff, int nout, st_tensor **out) {
  aot_call *a = st__calloc(1, sizeof *a);
  st_tensor *small[16], **args = a ? st__tmp_array(nin + ndiff, small, 16) : NULL;
  if (!args) {
    if (a) st__free(a, sizeof *a);
    return st__error(ST_ERR_OOM, "st_compile: out of memory");
  }
  atomic_init(&a->refs, 1);
  a->g = g;
  a->bwd = st_func_retain(bwd);
  a->nin = nin;
  a->nout = nout;
  a->fn = (st_custom_fn){.name = "CompiledFunction",
                         .nin = nin + ndiff,
                         .nout = nout,
                         .user = a,
                         .forward = aot_forward,
                         .setup_context = aot_setup,
                         .backward = aot_backward};
  memcpy(args, in, sizeof *args * (size_t)nin);
  memcpy(args + nin, diff, sizeof *args * (size_t)ndiff);
  int rc = st_custom_apply(&a->fn, args, out);
  a->g = NULL; /* the nodes keep only what backward reads */
  aot_release(a);
  st__tmp_free(args, small, nin + ndiff);
  return rc;
}
