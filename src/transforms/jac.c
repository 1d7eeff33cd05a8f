/* jac.c — Jacobians: jacrev is vmap over the pullback of one vjp, with the rows of the identity
   as cotangents; jacfwd is vmap over jvp with the rows of the identity as tangents. Both take
   a chunk_size (basis vectors per vmap call) that bounds peak memory, several argnums and
   auxiliary outputs (has_aux); hessian = jacfwd(jacrev(f, argnums), argnums), as torch.func.

   Output order (API.md): for each differentiated output i (f's first nout - naux), for each
   argnum j, J[i][j] of shape out_i.shape + in_j.shape (i-major, as torch.func nests them); then
   the naux auxiliary outputs as f returned them. */
#include <string.h>

#include "transforms.h"

typedef struct {
  st_func *f;
  int nargnums;
  int *argnums; /* normalized: 0 <= argnums[k] < nin, distinct */
  int naux;
  int64_t chunk_size;
} jac_state;

static void jac_free(void *p) {
  jac_state *s = p;
  st_func_release(s->f);
  st__free(s->argnums, sizeof(int) * (size_t)s->nargnums);
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

static int check_float_args(const char *who, const jac_state *s, st_tensor *const *in) {
  for (int k = 0; k < s->nargnums; k++) {
    const st_tensor *x = in[s->argnums[k]];
    if (!st__is_float(x->dtype))
      return st__error(ST_ERR_DTYPE,
                       "%s: argument %d has dtype %s; only floating point inputs can be "
                       "differentiated",
                       who, s->argnums[k], st_dtype_name(x->dtype));
  }
  return 0;
}

/* ----------------------------------------------------------------------------------- jacrev */

typedef struct {
  const st_traced *t;
  int j;
} pull_one;

/* cotangent of output j -> the gradients of every variable */
static int pull_one_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  pull_one *p = ctx;
  st_tensor *csmall[8], **cots = st__tmp_array(p->t->nout, csmall, 8);
  if (!cots) return ST_ERR_OOM;
  cots[p->j] = in[0];
  int rc = st__pull("st_jacrev", p->t, cots, out);
  st__tmp_free(cots, csmall, p->t->nout);
  for (int k = 0; !rc && k < nout; k++) out[k] = st__track(out[k]);
  return rc;
}

static int jacrev_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  jac_state *s = ctx;
  int na = s->nargnums, ndiff = s->f->nout - s->naux;
  st_traced t;
  int rc = st__trace_grad("st_jacrev", s->f, in, na, s->argnums, &t);
  if (rc) return rc;
  st_tensor *small[8], **rows = st__tmp_array(na, small, 8);
  if (!rows) rc = ST_ERR_OOM;
  for (int j = 0; !rc && j < ndiff; j++) {
    st_tensor *y = t.outs[j];
    for (int k = 0; !rc && k < na; k++) rc = check_rank("st_jacrev", j, y, in[s->argnums[k]]);
    if (rc) break;
    pull_one p = {&t, j};
    struct st_func g = {.fn = pull_one_call, .ctx = &p, .nin = 1, .nout = na};
    st_vmap_opts o = {.chunk_size = s->chunk_size};
    st_tensor *basis = basis_like(y);
    if (!basis || (rc = st__vmap_run("st_jacrev", &g, &o, &basis, rows))) {
      rc = rc ? rc : st__status();
      break;
    }
    for (int k = 0; k < na; k++) { /* [numel(y), x.shape] -> y.shape + x.shape */
      int64_t shape[ST_MAX_DIMS];
      int n = concat_shape(y, in[s->argnums[k]], shape);
      st_tensor *r = st__track(rows[k]); /* the function's scope releases it on failure */
      rows[k] = NULL;
      if (!rc && !(out[j * na + k] = st_reshape(r, n, shape))) rc = st__status();
    }
  }
  for (int a = 0; !rc && a < s->naux; a++)
    out[ndiff * na + a] = st__track(st__unwrap_out(&t, t.outs[ndiff + a]));
  st__tmp_free(rows, small, na);
  st__traced_free(&t);
  return rc;
}

/* ----------------------------------------------------------------------------------- jacfwd */

typedef struct {
  const jac_state *s;
  st_tensor *const *primals;
} push_one;

/* the tangents of the argnums (one basis row each) -> the tangents of the differentiated
   outputs, then the auxiliary outputs (which do not depend on the tangents) */
static int push_one_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  push_one *p = ctx;
  const jac_state *s = p->s;
  int n = s->f->nin, nf = s->f->nout, ndiff = nf - s->naux;
  st_tensor *tsmall[8], **tangents = st__tmp_array(n, tsmall, 8);
  st_tensor *osmall[8], **outs = st__tmp_array(nf, osmall, 8);
  int rc = tangents && outs ? 0 : ST_ERR_OOM;
  for (int k = 0; !rc && k < s->nargnums; k++) tangents[s->argnums[k]] = in[k];
  if (!rc) rc = st__jvp_run("st_jacfwd", s->f, ndiff, p->primals, tangents, outs, out);
  for (int j = 0; !rc && j < nout; j++) {
    if (j < ndiff) {
      st__drop(outs[j]);
      out[j] = st__track(out[j]);
    } else {
      out[j] = st__track(outs[j]);
    }
  }
  st__tmp_free(tangents, tsmall, n);
  st__tmp_free(outs, osmall, nf);
  return rc;
}

/* The rows of the identity over all argnums' elements together (N of them), split per argnum:
   basis[k] is [N, x_k.shape], the identity's columns of x_k's elements (zero outside them), so
   one vmap over N rows pushes every argnum's tangents at once (torch.func's jacfwd). */
static int joint_basis(const jac_state *s, st_tensor *const *in, st_tensor **basis, int64_t *N) {
  *N = 0;
  for (int k = 0; k < s->nargnums; k++) {
    const st_tensor *x = in[s->argnums[k]];
    *N += st__numel(x->ndim, x->shape);
  }
  int64_t off = 0;
  for (int k = 0; k < s->nargnums; k++) {
    const st_tensor *x = in[s->argnums[k]];
    int64_t n = st__numel(x->ndim, x->shape), shape[ST_MAX_DIMS + 1] = {*N};
    for (int d = 0; d < x->ndim; d++) shape[d + 1] = x->shape[d];
    basis[k] =
        st_reshape(st_slice(st_eye(x->dtype, *N, *N), 1, off, off + n, 1), x->ndim + 1, shape);
    if (!basis[k]) return st__status();
    off += n;
  }
  return 0;
}

static int jacfwd_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  jac_state *s = ctx;
  int na = s->nargnums, nf = s->f->nout, ndiff = nf - s->naux;
  if (check_float_args("st_jacfwd", s, in)) return st__status();
  push_one p = {s, in};
  struct st_func g = {.fn = push_one_call, .ctx = &p, .nin = na, .nout = nf};
  int osmall[8], *out_dims = nf <= 8 ? osmall : st__alloc(sizeof(int) * (size_t)nf);
  st_tensor *csmall[8], **cols = st__tmp_array(nf, csmall, 8);
  st_tensor *bsmall[8], **basis = st__tmp_array(na, bsmall, 8);
  int rc = out_dims && cols && basis ? 0 : ST_ERR_OOM;
  for (int j = 0; !rc && j < nf; j++) out_dims[j] = j < ndiff ? -1 : ST_UNBATCHED;
  int64_t N = 0;
  if (!rc) rc = joint_basis(s, in, basis, &N);
  st_vmap_opts o = {.out_dims = out_dims, .chunk_size = s->chunk_size};
  if (!rc) rc = st__vmap_run("st_jacfwd", &g, &o, basis, cols);
  for (int j = 0; !rc && j < ndiff; j++) {
    st_tensor *c = st__track(cols[j]); /* [y.shape..., N] */
    cols[j] = NULL;
    if (!c) {
      rc = st__status();
      break;
    }
    int64_t off = 0;
    for (int k = 0; !rc && k < na; k++) {
      const st_tensor *x = in[s->argnums[k]];
      int64_t n = st__numel(x->ndim, x->shape), shape[ST_MAX_DIMS];
      if (c->ndim - 1 + x->ndim > ST_MAX_DIMS) {
        rc = st__error(ST_ERR_SHAPE,
                       "st_jacfwd: output %d with the input's shape %s needs more than %d dims", j,
                       ST_SHAPE_STR(x), ST_MAX_DIMS);
        break;
      }
      for (int d = 0; d < c->ndim - 1; d++) shape[d] = c->shape[d];
      for (int d = 0; d < x->ndim; d++) shape[c->ndim - 1 + d] = x->shape[d];
      st_tensor *block = na == 1 ? c : st_slice(c, c->ndim - 1, off, off + n, 1);
      if (!(out[j * na + k] = st_reshape(block, c->ndim - 1 + x->ndim, shape))) rc = st__status();
      off += n;
    }
  }
  for (int a = 0; !rc && a < s->naux; a++) {
    out[ndiff * na + a] = st__track(cols[ndiff + a]);
    cols[ndiff + a] = NULL;
  }
  for (int j = 0; cols && j < nf; j++) st__drop(cols[j]);
  st__tmp_free(cols, csmall, nf);
  st__tmp_free(basis, bsmall, na);
  if (out_dims && out_dims != osmall) st__free(out_dims, sizeof(int) * (size_t)nf);
  return rc;
}

/* ---------------------------------------------------------------------------- constructors */

static st_func *make_jac(const char *who, st_fn fn, st_func *f, const st_jac_opts *opts) {
  st_jac_opts o = opts ? *opts : (st_jac_opts){0};
  if (!f) {
    st__error(ST_ERR_ARG, "%s: the function is NULL", who);
    return NULL;
  }
  if (o.chunk_size < 0 || o.nargnums < 0 || (o.nargnums > 0 && !o.argnums)) {
    st__error(ST_ERR_ARG, "%s: chunk_size %lld must be >= 0 and nargnums %d >= 0 with argnums", who,
              (long long)o.chunk_size, o.nargnums);
    return NULL;
  }
  if (st__check_naux(who, f, o.naux)) return NULL;
  int na = o.nargnums ? o.nargnums : 1;
  jac_state *s = st__calloc(1, sizeof *s);
  int *nums = st__alloc(sizeof(int) * (size_t)na);
  if (!s || !nums || st__argnums(who, f->nin, na, o.nargnums ? o.argnums : &o.argnum, nums)) {
    st__free(s, sizeof *s);
    st__free(nums, sizeof(int) * (size_t)na);
    return NULL;
  }
  *s = (jac_state){st_func_retain(f), na, nums, o.naux, o.chunk_size};
  int ndiff = f->nout - o.naux;
  return st__func_make(who, fn, s, jac_free, f->nin, ndiff * na + o.naux);
}

st_func *st_jacrev_ex(st_func *f, const st_jac_opts *opts) {
  return make_jac("st_jacrev", jacrev_call, f, opts);
}
st_func *st_jacfwd_ex(st_func *f, const st_jac_opts *opts) {
  return make_jac("st_jacfwd", jacfwd_call, f, opts);
}

/* jacfwd(jacrev(f, argnums), argnums): the inner function's outputs are J[i][a] (i-major) and
   the auxiliary ones, so the outer one's are H[i][a][b] = d J[i][a] / d x_b, then the aux. */
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
