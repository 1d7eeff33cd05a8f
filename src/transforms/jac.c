/* jac.c — Jacobians: jacrev is vmap over the pullback of one vjp, with the rows of the identity
   as cotangents; jacfwd is vmap over jvp with the rows of the identity as tangents. Both take
   a chunk_size (basis vectors per vmap call) that bounds peak memory; hessian = jacfwd(jacrev). */
#include "transforms.h"

typedef struct {
  st_func *f;
  int argnum;
  int64_t chunk_size;
} jac_state;

static void jac_free(void *p) {
  jac_state *s = p;
  st_func_release(s->f);
  st__free(s, sizeof *s);
}

/* The identity over t's elements, shaped [numel] + t.shape. */
static st_tensor *basis_like(const st_tensor *t) {
  int64_t n = st__numel(t->ndim, t->shape), shape[ST_MAX_DIMS + 1] = {n};
  for (int d = 0; d < t->ndim; d++) shape[d + 1] = t->shape[d];
  return st_reshape(st_eye(t->dtype, n, n), t->ndim + 1, shape);
}

/* [a.shape..., b.shape...] */
static int concat_shape(const st_tensor *a, const st_tensor *b, int64_t *shape) {
  for (int d = 0; d < a->ndim; d++) shape[d] = a->shape[d];
  for (int d = 0; d < b->ndim; d++) shape[a->ndim + d] = b->shape[d];
  return a->ndim + b->ndim;
}

static int check_rank(const char *who, int j, const st_tensor *y, const st_tensor *x) {
  if (y->ndim + x->ndim <= ST_MAX_DIMS && st__is_float(y->dtype)) return 0;
  return st__error(
      ST_ERR_SHAPE,
      "%s: output %d (shape %s, %s) and the input (shape %s) give no Jacobian: it needs a "
      "floating point output and at most %d dims in all",
      who, j, ST_SHAPE_STR(y), st_dtype_name(y->dtype), ST_SHAPE_STR(x), ST_MAX_DIMS);
}

/* ----------------------------------------------------------------------------------- jacrev */

typedef struct {
  const st_traced *t;
  int j;
} pull_one;

/* cotangent of output j -> gradient of the variable */
static int pull_one_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  (void)nout;
  pull_one *p = ctx;
  st_tensor *csmall[8], **cots = st__tmp_array(p->t->nout, csmall, 8);
  if (!cots) return ST_ERR_OOM;
  cots[p->j] = in[0];
  int rc = st__pull("st_jacrev", p->t, cots, out);
  st__tmp_free(cots, csmall, p->t->nout);
  if (!rc) out[0] = st__track(out[0]);
  return rc;
}

static int jacrev_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  jac_state *s = ctx;
  st_traced t;
  int rc = st__trace_grad("st_jacrev", s->f, in, 1, &s->argnum, &t);
  if (rc) return rc;
  st_tensor *x = in[s->argnum];
  for (int j = 0; !rc && j < nout; j++) {
    st_tensor *y = t.outs[j];
    if ((rc = check_rank("st_jacrev", j, y, x))) break;
    pull_one p = {&t, j};
    struct st_func g = {.fn = pull_one_call, .ctx = &p, .nin = 1, .nout = 1};
    st_vmap_opts o = {.chunk_size = s->chunk_size};
    st_tensor *rows = NULL, *basis = basis_like(y);
    if (!basis || (rc = st__vmap_run("st_jacrev", &g, &o, &basis, &rows))) {
      rc = rc ? rc : st__status();
      break;
    }
    int64_t shape[ST_MAX_DIMS];
    int n = concat_shape(y, x, shape);
    out[j] = st_reshape(st__track(rows), n, shape);
    if (!out[j]) rc = st__status();
  }
  st__traced_free(&t);
  return rc;
}

/* ----------------------------------------------------------------------------------- jacfwd */

typedef struct {
  st_func *f;
  st_tensor *const *primals;
  int argnum;
} push_one;

/* tangent of the input -> tangents of every output */
static int push_one_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  push_one *p = ctx;
  int n = p->f->nin;
  st_tensor *tsmall[8], **tangents = st__tmp_array(n, tsmall, 8);
  st_tensor *osmall[8], **outs = st__tmp_array(nout, osmall, 8);
  int rc = tangents && outs ? 0 : ST_ERR_OOM;
  if (!rc) {
    tangents[p->argnum] = in[0];
    rc = st__jvp_run("st_jacfwd", p->f, p->primals, tangents, outs, out);
  }
  for (int j = 0; !rc && j < nout; j++) {
    st__drop(outs[j]);
    out[j] = st__track(out[j]);
  }
  st__tmp_free(tangents, tsmall, n);
  st__tmp_free(outs, osmall, nout);
  return rc;
}

static int jacfwd_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  jac_state *s = ctx;
  st_tensor *x = in[s->argnum];
  if (!st__is_float(x->dtype))
    return st__error(ST_ERR_DTYPE,
                     "st_jacfwd: argument %d has dtype %s; only floating point inputs can be "
                     "differentiated",
                     s->argnum, st_dtype_name(x->dtype));
  push_one p = {s->f, in, s->argnum};
  struct st_func g = {.fn = push_one_call, .ctx = &p, .nin = 1, .nout = nout};
  int osmall[8], *out_dims = nout <= 8 ? osmall : st__alloc(sizeof(int) * (size_t)nout);
  st_tensor *csmall[8], **cols = st__tmp_array(nout, csmall, 8);
  int rc = out_dims && cols ? 0 : ST_ERR_OOM;
  for (int j = 0; !rc && j < nout; j++) out_dims[j] = -1;
  st_tensor *basis = rc ? NULL : basis_like(x);
  if (!rc && !basis) rc = st__status();
  st_vmap_opts o = {.out_dims = out_dims, .chunk_size = s->chunk_size};
  if (!rc) rc = st__vmap_run("st_jacfwd", &g, &o, &basis, cols);
  for (int j = 0; !rc && j < nout; j++) {
    st_tensor *c = st__track(cols[j]); /* [y.shape..., numel(x)] */
    cols[j] = NULL;
    int64_t shape[ST_MAX_DIMS];
    if (c->ndim - 1 + x->ndim > ST_MAX_DIMS) {
      rc = st__error(ST_ERR_SHAPE,
                     "st_jacfwd: output %d with the input's shape %s needs more than %d dims", j,
                     ST_SHAPE_STR(x), ST_MAX_DIMS);
      break;
    }
    for (int d = 0; d < c->ndim - 1; d++) shape[d] = c->shape[d];
    for (int d = 0; d < x->ndim; d++) shape[c->ndim - 1 + d] = x->shape[d];
    if (!(out[j] = st_reshape(c, c->ndim - 1 + x->ndim, shape))) rc = st__status();
  }
  for (int j = 0; cols && j < nout; j++) st__drop(cols[j]);
  st__tmp_free(cols, csmall, nout);
  if (out_dims && out_dims != osmall) st__free(out_dims, sizeof(int) * (size_t)nout);
  return rc;
}

/* ---------------------------------------------------------------------------- constructors */

static st_func *make_jac(const char *who, st_fn fn, st_func *f, const st_jac_opts *opts) {
  st_jac_opts o = opts ? *opts : (st_jac_opts){0};
  if (!f) {
    st__error(ST_ERR_ARG, "%s: the function is NULL", who);
    return NULL;
  }
  if (o.argnum < 0 || o.argnum >= f->nin || o.chunk_size < 0) {
    st__error(ST_ERR_ARG,
              "%s: argnum %d is out of range for a function of %d inputs, or chunk_size %lld < 0",
              who, o.argnum, f->nin, (long long)o.chunk_size);
    return NULL;
  }
  jac_state *s = st__alloc(sizeof *s);
  if (s) *s = (jac_state){st_func_retain(f), o.argnum, o.chunk_size};
  return st__func_make(who, fn, s, jac_free, f->nin, f->nout);
}

st_func *st_jacrev_ex(st_func *f, const st_jac_opts *opts) {
  return make_jac("st_jacrev", jacrev_call, f, opts);
}
st_func *st_jacfwd_ex(st_func *f, const st_jac_opts *opts) {
  return make_jac("st_jacfwd", jacfwd_call, f, opts);
}

st_func *st_hessian_ex(st_func *f, const st_jac_opts *opts) {
  st_func *r = st_jacrev_ex(f, opts);
  if (!r) return NULL;
  st_func *h = st_jacfwd_ex(r, opts);
  st_func_release(r);
  return h;
}

st_func *st_jacrev(st_func *f, int argnum) {
  return st_jacrev_ex(f, &(st_jac_opts){.argnum = argnum});
}
st_func *st_jacfwd(st_func *f, int argnum) {
  return st_jacfwd_ex(f, &(st_jac_opts){.argnum = argnum});
}
st_func *st_hessian(st_func *f, int argnum) {
  return st_hessian_ex(f, &(st_jac_opts){.argnum = argnum});
}
