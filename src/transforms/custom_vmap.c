/* custom_vmap.c — the vmap level's rules for custom functions: the user's vmap rule, the
   generated rule (a derived custom function whose parts run the user's under a vmap level, after
   functorch's generate_vmap_rule), and the per-lane loop. */
#include <limits.h>
#include <string.h>

#include "custom.h"

/* ------------------------------------------------------------------------------------ vmap */

/* The user's batching rule: physical values in, outputs with their out_dims. */
static int user_vmap(const st_custom_fn *fn, int64_t B, st_tensor *const *vin, const int *bdim,
                     st_tensor **vout, int *obdim) {
  int in_dims[MAX_IN];
  for (int i = 0; i < fn->nin; i++) in_dims[i] = bdim[i] >= 0 ? bdim[i] : ST_UNBATCHED;
  for (int j = 0; j < fn->nout; j++) obdim[j] = INT_MAX; /* "not set": out of range below */
  st_clear_error();
  int rc = st_scope_push();
  if (!rc) rc = fn->vmap(fn->user, (int)B, in_dims, vin, vout, obdim);
  for (int j = 0; j < fn->nout; j++) st__untrack_top(vout[j]);
  st_scope_pop();
  if (rc) return st__cf_user_failed(fn, "vmap rule", rc);
  for (int j = 0; j < fn->nout; j++) {
    int d = obdim[j];
    if (!vout[j])
      return st__error(ST_ERR_ARG, "st_custom_apply: %s: the vmap rule returned no output %d",
                       fn->name, j);
    if (d == ST_UNBATCHED) {
      obdim[j] = -1;
      continue;
    }
    if (d < 0) d += vout[j]->ndim;
    if (d < 0 || d >= vout[j]->ndim || vout[j]->shape[d] != B)
      return st__error(ST_ERR_TRANSFORM,
                       "st_custom_apply: %s: the vmap rule returned out_dims[%d] = %d for output "
                       "%d of shape %s, "
                       "which has no dim of size %lld (the batch)",
                       fn->name, j, obdim[j], j, ST_SHAPE_STR(vout[j]), (long long)B);
    obdim[j] = d;
  }
  return 0;
}

/* The derived function of a generated vmap rule: fn's parts run under a vmap level of B lanes.
   Its inputs are the physical values with the batch first (bdim 0) or unbatched; all its
   outputs are batched at 0. Refcounted: the ctxs of lower levels keep it alive, and it keeps
   fn alive when fn is itself a derived function (vmap of vmap). */
typedef struct generated {
  st_custom_fn d; /* first: the derived function's address is the struct's */
  _Atomic int64_t refs;
  const st_custom_fn *fn; /* a reference when st__cf_gen_of(fn) */
  int64_t B;
  int bdim[MAX_IN]; /* 0 or -1 */
} generated;

/* t repeated over B lanes in a new leading dim (a broadcast view); untracked. */
static st_tensor *expand_lanes(st_tensor *t, int64_t B) {
  int64_t shape[ST_MAX_DIMS + 1] = {B};
  for (int d = 0; d < t->ndim; d++) shape[d + 1] = t->shape[d];
  if (st_scope_push()) return NULL;
  st_tensor *e = st_retain(st_expand(st_unsqueeze(t, 0), t->ndim + 1, shape));
  st_scope_pop();
  return e;
}

/* Replaces *t by its expansion over the lanes. */
static int to_lanes(st_tensor **t, int64_t B) {
  st_tensor *e = expand_lanes(*t, B);
  st__drop(*t);
  *t = e;
  return e ? 0 : st__status();
}

void st__cf_gen_retain(generated *g) {
  atomic_fetch_add_explicit(&g->refs, 1, memory_order_relaxed);
}
static int gen_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out);
struct generated *st__cf_gen_of(const st_custom_fn *fn) {
  return fn->forward == gen_forward ? (generated *)fn : NULL;
}
void st__cf_gen_release(generated *g) {
  while (g && atomic_fetch_sub_explicit(&g->refs, 1, memory_order_acq_rel) == 1) {
    generated *inner = st__cf_gen_of(g->fn);
    st__free(g, sizeof *g);
    g = inner;
  }
}

typedef struct {
  const st_custom_fn *fn;
  st_ctx *ctx;                       /* the derived function's ctx (setup, backward, jvp) */
  st_tensor *const *in, *const *out; /* setup_context's arguments */
  int nin, nout;
} lane_arg;

static int lane_forward(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  const lane_arg *a = p;
  *nout = a->fn->nout;
  return st__cf_run_forward(a->fn, in, out);
}

static int gen_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  generated *g = user;
  int ob[MAX_OUT], n = 0;
  lane_arg a = {g->fn, NULL, NULL, NULL, nin, nout};
  int rc = st__vmap_call("st_custom_apply", NULL, g->B, nin, in, g->bdim, lane_forward, &a, nout,
                         &n, out, ob);
  for (int j = 0; !rc && j < nout; j++) /* every output batched at 0 */
    if (ob[j] < 0) rc = to_lanes(&out[j], g->B);
  for (int j = 0; !rc && j < nout; j++) out[j] = st__track(out[j]);
  return rc;
}

/* setup_context per lane: its saved tensors come out batched; its flags and data carry over */
static int lane_setup(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  lane_arg *a = p;
  st_ctx *lane = st__ctx_new(a->fn);
  if (!lane) return ST_ERR_OOM;
  for (int i = 0; i < a->fn->nin; i++) lane->needs[i] = a->ctx->needs[i];
  int rc = st__cf_run_setup(lane, in, in + a->nin);
  if (!rc && lane->nsaved > 32)
    rc = st__error(ST_ERR_UNSUPPORTED, "st_custom_apply: %s saves more than 32 tensors under vmap",
                   a->fn->name);
  *nout = rc ? 0 : lane->nsaved;
  for (int k = 0; k < *nout; k++) out[k] = st_retain(lane->saved[k].t);
  if (!rc) {
    for (int j = 0; j < a->fn->nout; j++) a->ctx->nondiff[j] = lane->nondiff[j];
    a->ctx->materialize = lane->materialize;
    a->ctx->data = lane->data; /* lane-independent by contract: one copy serves every lane */
    a->ctx->free_data = lane->free_data;
    lane->free_data = NULL;
  }
  st__ctx_free(lane);
  return rc;
}

static int gen_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  generated *g = (generated *)ctx->fn;
  int n = g->fn->nin + g->fn->nout, bd[MAX_IN + MAX_OUT], ob[32], nsaved = 0;
  st_tensor *args[MAX_IN + MAX_OUT], *saved[32];
  for (int i = 0; i < g->fn->nin; i++) args[i] = in[i], bd[i] = g->bdim[i];
  for (int j = 0; j < g->fn->nout; j++) args[g->fn->nin + j] = out[j], bd[g->fn->nin + j] = 0;
  lane_arg a = {g->fn, ctx, NULL, NULL, g->fn->nin, g->fn->nout};
  int rc = st__vmap_call("st_custom_apply", NULL, g->B, n, args, bd, lane_setup, &a, 32, &nsaved,
                         saved, ob);
  if (rc) return rc;
  /* saved values that do not depend on the lane are expanded, so backward sees one layout */
  for (int k = 0; !rc && k < nsaved; k++)
    if (saved[k] && ob[k] < 0) rc = to_lanes(&saved[k], g->B);
  if (!rc) rc = st_ctx_save(ctx, nsaved, saved);
  for (int k = 0; k < nsaved; k++) st__drop(saved[k]);
  return rc;
}

/* backward or jvp per lane, with a lane ctx over the batched saved values */
typedef struct {
  st_ctx *outer;
  bool jvp;
} lane_bwd;

static int lane_backward(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  lane_bwd *a = p;
  st_ctx *outer = a->outer;
  const st_custom_fn *fn = ((generated *)outer->fn)->fn;
  int nx = a->jvp ? fn->nin : fn->nout; /* gradients of the outputs, or tangents of the inputs */
  st_ctx *lane = st__ctx_new(fn);
  if (!lane) return ST_ERR_OOM;
  for (int i = 0; i < fn->nin; i++) lane->needs[i] = outer->needs[i];
  for (int j = 0; j < fn->nout; j++) lane->nondiff[j] = outer->nondiff[j];
  lane->materialize = outer->materialize;
  lane->data = outer->data; /* borrowed */
  int rc = st_ctx_save(lane, outer->nsaved, in + nx);
  *nout = a->jvp ? fn->nout : fn->nin;
  if (!rc && a->jvp) {
    rc = st_scope_push();
    if (!rc) rc = fn->jvp(lane, in, out);
    for (int j = 0; j < fn->nout; j++) st__untrack_top(out[j]);
    st_scope_pop();
    if (rc) rc = st__cf_user_failed(fn, "jvp", rc);
  } else if (!rc) {
    rc = st__cf_run_backward(lane, in, out);
  }
  lane->data = NULL;
  st__ctx_free(lane);
  return rc;
}

/* Runs backward (grad: gradients of the outputs in x) or jvp (tangents of the inputs in x) per
   lane; results come back batched at 0, or unbatched. */
static int gen_lanes(st_ctx *ctx, bool jvp, st_tensor *const *x, const int *xbdim, int nx,
                     st_tensor **res, int *ob, int nres) {
  generated *g = (generated *)ctx->fn;
  int n = nx + ctx->nsaved, bd[MAX_IN + 32 + MAX_OUT], got = 0;
  st_tensor *args[MAX_IN + 32 + MAX_OUT];
  for (int k = 0; k < nx; k++) args[k] = x[k], bd[k] = xbdim[k];
  for (int k = 0; k < ctx->nsaved; k++) { /* version-checked */
    bool held = ctx->saved[k].t || ctx->saved[k].pack;
    args[nx + k] = st__ctx_saved_get(ctx, k), bd[nx + k] = held ? 0 : -1;
    if (held && !args[nx + k]) return st__status();
  }
  lane_bwd a = {ctx, jvp};
  return st__vmap_call("st_custom_apply", NULL, g->B, n, args, bd, lane_backward, &a, nres, &got,
                       res, ob);
}

static int gen_backward(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  generated *g = (generated *)ctx->fn;
  int nin = g->fn->nin, nout = g->fn->nout, xb[MAX_OUT], ob[MAX_IN];
  for (int j = 0; j < nout; j++) xb[j] = gout[j] ? 0 : -1;
  st_tensor *res[MAX_IN];
  int rc = gen_lanes(ctx, false, gout, xb, nout, res, ob, nin);
  for (int i = 0; !rc && i < nin; i++) {
    if (!res[i]) continue;
    st_tensor *r;
    if (g->bdim[i] >= 0) /* per-lane gradients of a batched input */
      r = st__track(ob[i] >= 0 ? st_retain(res[i]) : expand_lanes(res[i], g->B));
    else /* an input shared by every lane collects the sum over the lanes */
      r = ob[i] >= 0 ? st_sum(res[i], 1, (const int[]){0}, false)
                     : st_mul_scalar(res[i], (double)g->B);
    if (!(gin[i] = r)) rc = st__status();
  }
  st__cf_drop_all(res, nin);
  return rc;
}

static int gen_jvp(st_ctx *ctx, st_tensor *const *tin, st_tensor **tout) {
  generated *g = (generated *)ctx->fn;
  int nin = g->fn->nin, nout = g->fn->nout, xb[MAX_IN], ob[MAX_OUT];
  for (int i = 0; i < nin; i++) xb[i] = tin[i] ? g->bdim[i] : -1;
  st_tensor *res[MAX_OUT];
  int rc = gen_lanes(ctx, true, tin, xb, nin, res, ob, nout);
  for (int j = 0; !rc && j < nout; j++)
    tout[j] = res[j] ? st__track(st_retain(res[j])) : NULL; /* unbatched ones broadcast */
  st__cf_drop_all(res, nout);
  return rc;
}

static int custom_vmap_generated(const st_hop_call *c, int64_t B, st_tensor *const *vin,
                                 const int *bdim, st_tensor **vout) {
  const st_custom_fn *fn = c->payload;
  generated *g = st__calloc(1, sizeof *g);
  if (!g) return ST_ERR_OOM;
  atomic_init(&g->refs, 1);
  g->fn = fn;
  if (st__cf_gen_of(fn)) st__cf_gen_retain(st__cf_gen_of(fn));
  g->B = B;
  g->d = (st_custom_fn){.name = fn->name,
                        .nin = fn->nin,
                        .nout = fn->nout,
                        .user = g,
                        .forward = gen_forward,
                        .setup_context = gen_setup,
                        .backward = fn->backward ? gen_backward : NULL,
                        .jvp = fn->jvp ? gen_jvp : NULL,
                        .generate_vmap_rule = true,
                        .once_differentiable = fn->once_differentiable};
  st_tensor *moved[MAX_IN] = {0};
  int rc = 0;
  for (int i = 0; !rc && i < fn->nin; i++) {
    g->bdim[i] = bdim[i] >= 0 ? 0 : -1;
    moved[i] = bdim[i] >= 0 ? st__untrack(st__movedim(vin[i], bdim[i], 0)) : st_retain(vin[i]);
    if (!moved[i]) rc = st__status();
  }
  st_hop_call down = *c;
  down.in = moved;
  down.payload = &g->d;
  if (!rc) rc = st__dispatch_hop(&down, vout);
  st__cf_drop_all(moved, fn->nin);
  st__cf_gen_release(g);
  return rc;
}

static _Atomic unsigned char warned_loop;

/* No rule: one call per lane, stacked. */
static int custom_vmap_loop(const st_hop_call *c, int64_t B, st_tensor *const *vin, const int *bdim,
                            st_tensor **vout) {
  const st_custom_fn *fn = c->payload;
  if (!atomic_exchange_explicit(&warned_loop, 1, memory_order_relaxed))
    fprintf(stderr,
            "strata: warning: custom function %s has no vmap rule and no generate_vmap_rule; "
            "st_vmap runs "
            "it once per lane (slower)\n",
            fn->name);
  if (B == 0)
    return st__error(ST_ERR_UNSUPPORTED,
                     "st_custom_apply: %s: vmap over 0 lanes needs a vmap rule or "
                     "generate_vmap_rule (the output shapes are unknown)",
                     fn->name);
  st_tensor **lanes = st__calloc((size_t)(B * fn->nout), sizeof(st_tensor *)), *lin[MAX_IN];
  int rc = lanes ? 0 : ST_ERR_OOM, pushed = st_scope_push();
  if (!rc) rc = pushed;
  for (int64_t b = 0; !rc && b < B; b++) {
    for (int i = 0; !rc && i < fn->nin; i++)
      if (!(lin[i] = bdim[i] >= 0 ? st_select(vin[i], bdim[i], b) : vin[i])) rc = st__status();
    st_hop_call lane = *c;
    lane.in = lin;
    st_tensor *lo[MAX_OUT] = {0};
    if (!rc) rc = st__dispatch_hop(&lane, lo);
    for (int j = 0; j < fn->nout; j++) lanes[j * B + b] = st__track(lo[j]);
  }
  for (int j = 0; !rc && j < fn->nout; j++)
    if (!(vout[j] = st__untrack(st_stack((int)B, lanes + j * B, 0)))) rc = st__status();
  st_scope_pop();
  st__free(lanes, sizeof(st_tensor *) * (size_t)(B * fn->nout));
  return rc;
}

int st__custom_vmap(int level, const st_hop_call *c, st_tensor **out) {
  const st_custom_fn *fn = c->payload;
  const st_interp *I = st__interp_at(level);
  st_tensor *vin[MAX_IN], *vout[MAX_OUT] = {0};
  int bdim[MAX_IN], obdim[MAX_OUT];
  for (int i = 0; i < fn->nin; i++) {
    bool mine = c->in[i] && c->in[i]->level == level;
    vin[i] = mine ? c->in[i]->value : c->in[i];
    bdim[i] = mine ? c->in[i]->bdim : -1;
  }
  int rc;
  if (fn->vmap && fn->generate_vmap_rule) /* torch.func refuses the ambiguity too */
    return st__error(ST_ERR_ARG,
                     "st_custom_apply: %s: has both a vmap rule and generate_vmap_rule set; under "
                     "st_vmap it must have one or the other",
                     fn->name);
  if (fn->vmap) {
    rc = user_vmap(fn, I->batch, vin, bdim, vout, obdim);
  } else {
    rc = fn->generate_vmap_rule ? custom_vmap_generated(c, I->batch, vin, bdim, vout)
                                : custom_vmap_loop(c, I->batch, vin, bdim, vout);
    for (int j = 0; j < fn->nout; j++) obdim[j] = 0;
  }
  for (int j = 0; !rc && j < fn->nout; j++) {
    out[j] = obdim[j] >= 0 ? st__wrap(level, vout[j], obdim[j], NULL) : st_retain(vout[j]);
    if (!out[j]) rc = ST_ERR_OOM;
  }
  if (rc) st__cf_drop_all(out, fn->nout);
  st__cf_drop_all(vout, fn->nout);
  return rc;
}
