/* vmap.c — st_vmap and st_vmap_ex: f runs once on whole batches. Batched inputs are wrapped at a
   new vmap level with their batch dim hidden; the ops' batching rules see the physical values.
   With chunk_size, f runs on slices of the batch and the results are concatenated, so peak
   memory follows the chunk and results do not depend on it (random streams are per lane). */
#include <string.h>

#include "../ops/rules.h"
#include "transforms.h"

typedef struct {
  st_func *f;
  int *in_dims, *out_dims; /* nin, nout */
  int64_t chunk_size;
  st_randomness_mode randomness;
} vmap_state;

static void vmap_free(void *p) {
  vmap_state *s = p;
  st__free(s->in_dims, sizeof(int) * (size_t)(s->f->nin ? s->f->nin : 1));
  st__free(s->out_dims, sizeof(int) * (size_t)s->f->nout);
  st_func_release(s->f);
  st__free(s, sizeof *s);
}

/* Normalizes in_dims against the inputs and finds the batch size. */
static int batch_size(const char *who, int nin, st_tensor *const *in, const int *in_dims, int *dims,
                      int64_t *B) {
  int first = -1;
  for (int i = 0; i < nin; i++) {
    int d = in_dims ? in_dims[i] : 0;
    dims[i] = -1;
    if (d == ST_UNBATCHED) continue;
    int r = in[i]->ndim;
    if (d < -r || d >= r || r == 0)
      return st__error(ST_ERR_ARG,
                       "%s: in_dims[%d] = %d is out of range for argument %d of shape %s (%s)", who,
                       i, d, i, ST_SHAPE_STR(in[i]),
                       r == 0 ? "a 0-dim tensor cannot be batched" : "dims count from 0");
    dims[i] = d < 0 ? d + r : d;
    if (first < 0) {
      first = i;
      *B = in[i]->shape[dims[i]];
    } else if (in[i]->shape[dims[i]] != *B) {
      char s0[96];
      return st__error(
          ST_ERR_SHAPE,
          "%s: inconsistent batch sizes: argument %d has %lld lanes (dim %d of %s) but "
          "argument %d has %lld (dim %d of %s)",
          who, first, (long long)*B, dims[first],
          st__fmt_shape(s0, sizeof s0, in[first]->ndim, in[first]->shape), i,
          (long long)in[i]->shape[dims[i]], dims[i], ST_SHAPE_STR(in[i]));
    }
  }
  if (first < 0)
    return st__error(ST_ERR_ARG, "%s: no argument is batched (every in_dims entry is ST_UNBATCHED)",
                     who);
  return 0;
}

/* Output j of one chunk, t (batch dim first when bdim is 0, not batched when -1), with its
   batch dim moved to out_dim. */
static st_tensor *place(const char *who, int j, st_tensor *t, int bdim, int out_dim, int64_t B) {
  if (out_dim == ST_UNBATCHED) {
    if (bdim >= 0)
      st__error(ST_ERR_TRANSFORM, "%s: output %d is batched but out_dims[%d] is ST_UNBATCHED", who,
                j, j);
    return bdim >= 0 ? NULL : st__track(st_retain(t));
  }
  int r = bdim >= 0 ? t->ndim : t->ndim + 1; /* the result's rank */
  if (r > ST_MAX_DIMS) {
    st__error(ST_ERR_SHAPE,
              "%s: output %d (shape %s) does not depend on the batch and would have %d dims once "
              "expanded to it; the maximum is %d",
              who, j, ST_SHAPE_STR(t), r, ST_MAX_DIMS);
    return NULL;
  }
  if (out_dim < -r || out_dim >= r) {
    char ls[96];
    st__error(ST_ERR_ARG, "%s: out_dims[%d] = %d is out of range for output %d of logical shape %s",
              who, j, out_dim, j,
              bdim >= 0 ? st__fmt_shape(ls, sizeof ls, t->ndim - 1, t->shape + 1)
                        : ST_SHAPE_STR(t));
    return NULL;
  }
  if (out_dim < 0) out_dim += r;
  if (bdim >= 0) return st__movedim(t, bdim, out_dim);
  /* an output that does not depend on the batch is expanded to it, as torch.func does */
  int64_t shape[ST_MAX_DIMS];
  for (int d = 0, k = 0; d < r; d++) shape[d] = d == out_dim ? B : t->shape[k++];
  return st_expand(st_unsqueeze(t, out_dim), r, shape);
}

typedef struct {
  const char *who;
  st_func *f;
} call_body;

static int call_f(void *p, st_tensor *const *in, int *nout, st_tensor **out) {
  const call_body *b = p;
  *nout = b->f->nout;
  return st__func_call(b->who, b->f, in, out);
}

/* One call of f on lanes [lane0, lane0 + B) of the batched inputs (already sliced). out gets
   tracked references. */
static int run_chunk(const char *who, const vmap_state *s, st_tensor *const *in, const int *dims,
                     int64_t B, int64_t lane0, uint64_t rng_key, st_tensor **out) {
  int nout = s->f->nout, n = 0, osmall[8],
      *ob = nout <= 8 ? osmall : st__alloc(sizeof(int) * (size_t)nout);
  st_tensor *rsmall[8], **raw = st__tmp_array(nout, rsmall, 8);
  int rc = raw && ob ? 0 : ST_ERR_OOM;
  st_interp cfg = {.lane0 = lane0, .randomness = (st_randomness)s->randomness, .rng_key = rng_key};
  call_body body = {who, s->f};
  if (!rc) rc = st__vmap_call(who, &cfg, B, s->f->nin, in, dims, call_f, &body, nout, &n, raw, ob);
  for (int j = 0; !rc && j < nout; j++)
    if (!(out[j] = place(who, j, raw[j], ob[j], s->out_dims ? s->out_dims[j] : 0, B)))
      rc = st__status();
  for (int j = 0; raw && j < nout; j++) st__drop(raw[j]);
  st__tmp_free(raw, rsmall, nout);
  if (ob && ob != osmall) st__free(ob, sizeof(int) * (size_t)nout);
  return rc;
}

static int vmap_run(const char *who, const vmap_state *s, st_tensor *const *in, st_tensor **out) {
  int nin = s->f->nin, nout = s->f->nout;
  for (int j = 0; j < nout; j++) out[j] = NULL;
  if (st__check_args(who, nin, in)) return st__status();
  int dsmall[8], *dims = nin <= 8 ? dsmall : st__alloc(sizeof(int) * (size_t)nin);
  if (!dims) return ST_ERR_OOM;
  int64_t B = 0;
  int rc = batch_size(who, nin, in, s->in_dims, dims, &B);
  uint64_t rng_key = 0;
  if (!rc && s->randomness != ST_RANDOMNESS_ERROR) { /* one draw from the generator per call */
    uint64_t key, ctr;
    st__rng_reserve(1, &key, &ctr);
    rng_key = st__rng_mix(key, ctr);
  }
  int64_t chunk = s->chunk_size > 0 && s->chunk_size < B ? s->chunk_size : B;
  int64_t nchunks = chunk ? (B + chunk - 1) / chunk : 1;
  st_tensor **pieces = rc ? NULL : st__calloc((size_t)(nchunks * nout), sizeof(st_tensor *));
  st_tensor *small[8], **sliced = st__tmp_array(nin, small, 8);
  if (!rc && (!pieces || !sliced)) rc = ST_ERR_OOM;
  int pushed = st_scope_push(); /* failed: no scope, and the pop below does nothing */
  if (!rc) rc = pushed;
  for (int64_t c = 0; !rc && c < nchunks; c++) {
    int64_t lo = c * chunk, n = nchunks == 1 ? B : (lo + chunk <= B ? chunk : B - lo);
    for (int i = 0; !rc && i < nin; i++) {
      sliced[i] = dims[i] >= 0 && nchunks > 1 ? st_slice(in[i], dims[i], lo, lo + n, 1) : in[i];
      if (!sliced[i]) rc = st__status();
    }
    if (!rc) rc = run_chunk(who, s, sliced, dims, n, lo, rng_key, pieces + c * nout);
  }
  for (int j = 0; !rc && j < nout; j++) {
    int od = s->out_dims ? s->out_dims[j] : 0;
    st_tensor *r;
    if (nchunks == 1 || od == ST_UNBATCHED) {
      r = pieces[j];
    } else {
      st_tensor **col = st__calloc((size_t)nchunks, sizeof(st_tensor *));
      for (int64_t c = 0; col && c < nchunks; c++) col[c] = pieces[c * nout + j];
      r = col ? st_cat((int)nchunks, col, od < 0 ? od + pieces[j]->ndim : od) : NULL;
      st__free(col, sizeof(st_tensor *) * (size_t)nchunks);
    }
    if (!r || !(out[j] = st_retain(r))) rc = st__status() ? st__status() : ST_ERR_OOM;
  }
  st_scope_pop();
  if (rc)
    for (int j = 0; j < nout; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
  st__free(pieces, sizeof(st_tensor *) * (size_t)(nchunks * nout));
  st__tmp_free(sliced, small, nin);
  if (dims != dsmall) st__free(dims, sizeof(int) * (size_t)nin);
  return rc;
}

int st__vmap_call(const char *who, const st_interp *cfg, int64_t B, int nin, st_tensor *const *in,
                  const int *bdim,
                  int (*body)(void *arg, st_tensor *const *in, int *nout, st_tensor **out),
                  void *arg, int cap, int *nout, st_tensor **out, int *obdim) {
  *nout = 0;
  for (int j = 0; j < cap; j++) out[j] = NULL;
  st_tensor *small[8], **args = st__tmp_array(nin, small, 8), *rsmall[8],
                       **raw = st__tmp_array(cap, rsmall, 8);
  int level = args && raw ? st__interp_push(who, ST_WRAP_VMAP) : -1;
  int rc = level < 0 ? (st__status() ? st__status() : ST_ERR_OOM) : 0;
  uint32_t id = 0;
  if (!rc) {
    st_interp *I = st__interp_at(level);
    I->batch = B;
    I->lane0 = cfg ? cfg->lane0 : 0;
    I->randomness = cfg ? cfg->randomness : ST_RANDOM_ERROR;
    I->rng_key = cfg ? cfg->rng_key : 0;
    I->nrandom = 0;
    id = I->id;
  }
  for (int i = 0; !rc && i < nin; i++) {
    if (!in[i]) continue;
    args[i] = bdim[i] >= 0 ? st__wrap(level, in[i], bdim[i], NULL) : st_retain(in[i]);
    if (!args[i]) rc = ST_ERR_OOM;
  }
  if (!rc) {
    rc = st_scope_push();
    if (!rc) rc = body(arg, args, nout, raw);
    for (int j = 0; j < *nout; j++) st__untrack_top(raw[j]);
    st_scope_pop();
  }
  if (level > 0) st__interp_pop(level);
  for (int j = 0; !rc && j < *nout; j++) {
    st_tensor *o = raw[j];
    obdim[j] = -1;
    if (!o) continue;
    if (o->level == level && o->level_id == id) {
      out[j] = st__untrack(st__movedim(o->value, o->bdim, 0));
      obdim[j] = 0;
      if (!out[j]) rc = st__status();
    } else {
      out[j] = st_retain(o);
    }
  }
  for (int i = 0; args && i < nin; i++) st__drop(args[i]);
  for (int j = 0; raw && j < cap; j++) st__drop(raw[j]);
  if (rc)
    for (int j = 0; j < cap; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
  st__tmp_free(args, small, nin);
  st__tmp_free(raw, rsmall, cap);
  return rc;
}

static int vmap_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  int rc = vmap_run("st_vmap", ctx, in, out);
  for (int j = 0; !rc && j < nout; j++) out[j] = st__track(out[j]);
  return rc;
}

int st__vmap_run(const char *who, st_func *f, const st_vmap_opts *o, st_tensor *const *in,
                 st_tensor **out) {
  vmap_state s = {f, (int *)o->in_dims, (int *)o->out_dims, o->chunk_size, o->randomness};
  return vmap_run(who, &s, in, out);
}

st_func *st_vmap_ex(st_func *f, const st_vmap_opts *opts) {
  st_vmap_opts o = opts ? *opts : (st_vmap_opts){0};
  if (!f) {
    st__error(ST_ERR_ARG, "st_vmap: the function is NULL");
    return NULL;
  }
  if (o.chunk_size < 0 || o.randomness < ST_RANDOMNESS_ERROR ||
      o.randomness > ST_RANDOMNESS_DIFFERENT) {
    st__error(ST_ERR_ARG,
              "st_vmap: chunk_size %lld must be >= 0 and randomness a st_randomness_mode (got %d)",
              (long long)o.chunk_size, (int)o.randomness);
    return NULL;
  }
  vmap_state *s = st__calloc(1, sizeof *s);
  if (!s) return NULL;
  s->in_dims = st__alloc(sizeof(int) * (size_t)(f->nin ? f->nin : 1));
  s->out_dims = st__alloc(sizeof(int) * (size_t)f->nout);
  s->f = st_func_retain(f);
  s->chunk_size = o.chunk_size;
  s->randomness = o.randomness;
  if (!s->in_dims || !s->out_dims) {
    vmap_free(s);
    return NULL;
  }
  for (int i = 0; i < f->nin; i++) s->in_dims[i] = o.in_dims ? o.in_dims[i] : 0;
  for (int j = 0; j < f->nout; j++) s->out_dims[j] = o.out_dims ? o.out_dims[j] : 0;
  return st__func_make("st_vmap", vmap_call, s, vmap_free, f->nin, f->nout);
}

st_func *st_vmap(st_func *f, const int *in_dims, const int *out_dims) {
  st_vmap_opts o = {.in_dims = in_dims, .out_dims = out_dims};
  return st_vmap_ex(f, &o);
}
