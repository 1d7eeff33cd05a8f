/* params.c — st_params, a model's named, ordered tensors (parameters, then buffers); how they
   flatten into a function's inputs for the transforms, stack for ensembles, and go to and come
   from st_dicts and safetensors files (with the optimizer state, as one training checkpoint). */
#include <stdlib.h>
#include <string.h>

#include "train.h"

typedef struct {
  char **names;
  st_tensor **ts; /* borrowed from the container's refs */
  int len, cap;
} entries;

/* The references are held by an st_dict (by name): st_release of a caller's tensor that a scope
   records would give back the scope's reference rather than ours, while the dict's are its own. */
struct st_params {
  entries params, buffers;
  st_dict *refs;
};

st_params *st_params_new(void) {
  st_params *p = calloc(1, sizeof *p);
  if (!p) {
    st__tr_error(ST_ERR_OOM, "st_params_new: out of memory");
    return NULL;
  }
  if (!(p->refs = st_dict_new())) {
    free(p);
    return NULL;
  }
  st_clear_error();
  return p;
}

static void entries_free(entries *e) {
  for (int i = 0; i < e->len; i++) free(e->names[i]);
  free(e->names);
  free(e->ts);
}

void st_params_free(st_params *p) {
  if (!p) return;
  entries_free(&p->params);
  entries_free(&p->buffers);
  st_dict_free(p->refs);
  free(p);
}

static int find(const entries *e, const char *name) {
  for (int i = 0; i < e->len; i++)
    if (!strcmp(e->names[i], name)) return i;
  return -1;
}

static int add(st_params *p, entries *e, const char *fn, const char *name, st_tensor *t) {
  if (!p) return st__tr_error(ST_ERR_ARG, "%s: the container is NULL", fn);
  if (!name) return st__tr_error(ST_ERR_ARG, "%s: the name is NULL", fn);
  if (!t) return st__tr_null_arg(fn, 3);
  if (!*name) return st__tr_error(ST_ERR_ARG, "%s: the name is empty", fn);
  if (find(&p->params, name) >= 0 || find(&p->buffers, name) >= 0)
    return st__tr_error(ST_ERR_ARG, "%s: the container already holds \"%s\"", fn, name);
  if (e->len == e->cap) {
    int cap = e->cap ? 2 * e->cap : 8;
    char **names = realloc(e->names, sizeof *names * (size_t)cap);
    if (names) e->names = names;
    st_tensor **ts = names ? realloc(e->ts, sizeof *ts * (size_t)cap) : NULL;
    if (!ts) return st__tr_error(ST_ERR_OOM, "%s: out of memory", fn);
    memset(ts + e->cap, 0, sizeof *ts * (size_t)(cap - e->cap)); /* never a stale pointer */
    e->ts = ts;
    e->cap = cap;
  }
  char *copy = strdup(name);
  if (!copy) return st__tr_error(ST_ERR_OOM, "%s: out of memory", fn);
  int rc = st_dict_set(p->refs, name, t);
  if (rc) {
    free(copy);
    return rc;
  }
  e->names[e->len] = copy;
  e->ts[e->len] = t;
  st_clear_error();
  return e->len++;
}

/* Drops the entries past the first nparams parameters and nbuffers buffers (what a failed
   layer _add had added). Their tensors stay referenced by refs until the container is freed:
   removing them from the dict could fail, this cannot. */
void st__tr_params_truncate(st_params *p, int nparams, int nbuffers) {
  entries *es[2] = {&p->params, &p->buffers};
  int keep[2] = {nparams, nbuffers};
  for (int k = 0; k < 2; k++)
    for (; es[k]->len > keep[k]; es[k]->len--) {
      free(es[k]->names[es[k]->len - 1]);
      es[k]->ts[es[k]->len - 1] = NULL;
    }
}

int st_params_add(st_params *p, const char *name, st_tensor *t) {
  return add(p, p ? &p->params : NULL, "st_params_add", name, t);
}
int st_params_add_buffer(st_params *p, const char *name, st_tensor *t) {
  return add(p, p ? &p->buffers : NULL, "st_params_add_buffer", name, t);
}
int st_params_len(const st_params *p) { return p ? p->params.len : -1; }
int st_params_buffer_len(const st_params *p) { return p ? p->buffers.len : -1; }
st_tensor *const *st_params_tensors(const st_params *p) { return p ? p->params.ts : NULL; }

const char *st_params_name(const st_params *p, int i) {
  if (!p || i < 0 || i >= p->params.len + p->buffers.len) {
    st__tr_error(ST_ERR_ARG, "st_params_name: index %d is out of range (%d tensors)", i,
                 p ? p->params.len + p->buffers.len : 0);
    return NULL;
  }
  return i < p->params.len ? p->params.names[i] : p->buffers.names[i - p->params.len];
}

st_tensor *st_params_get(const st_params *p, const char *name) {
  if (!p || !name) return NULL;
  int i = find(&p->params, name);
  if (i >= 0) return p->params.ts[i];
  i = find(&p->buffers, name);
  return i >= 0 ? p->buffers.ts[i] : NULL;
}

st_tensor *st_params_buffer(const st_params *p, int i) {
  return p && i >= 0 && i < p->buffers.len ? p->buffers.ts[i] : NULL;
}

int st_params_index(const st_params *p, const char *name) {
  return p && name ? find(&p->params, name) : -1;
}

int64_t st_params_numel(const st_params *p) {
  int64_t n = 0;
  for (int i = 0; p && i < p->params.len; i++) n += st_numel(p->params.ts[i]);
  return n;
}

int st_params_set_requires_grad(st_params *p, bool requires_grad) {
  if (!p) return st__tr_error(ST_ERR_ARG, "st_params_set_requires_grad: the container is NULL");
  for (int i = 0; i < p->params.len; i++) {
    int rc = st_set_requires_grad(p->params.ts[i], requires_grad);
    if (rc) return rc;
  }
  return 0;
}

/* A copy of p's names (and buffers as they are) with new parameter tensors. */
static st_params *with_tensors(const st_params *p, st_tensor *const *ts, const char *fn) {
  st_params *q = st_params_new();
  for (int i = 0; q && i < p->params.len; i++) {
    if (!ts[i]) {
      st__tr_error(ST_ERR_ARG, "%s: tensor %d (\"%s\") is NULL", fn, i, p->params.names[i]);
      goto fail;
    }
    if (st_params_add(q, p->params.names[i], ts[i]) < 0) goto fail;
  }
  for (int i = 0; q && i < p->buffers.len; i++)
    if (st_params_add_buffer(q, p->buffers.names[i], p->buffers.ts[i]) < 0) goto fail;
  return q;
fail:
  st_params_free(q);
  return NULL;
}

st_params *st_params_like(const st_params *p, st_tensor *const *ts) {
  if (!p || (!ts && p->params.len)) {
    st__tr_error(ST_ERR_ARG, "st_params_like: %s is NULL", p ? "ts" : "the container");
    return NULL;
  }
  return with_tensors(p, ts, "st_params_like");
}

/* Stacks entry i of kind `buffers` across the models, after checking the names match. */
static st_tensor *stack_entry(int n, st_params *const *models, bool buffers, int i) {
  st_tensor **ts = malloc(sizeof *ts * (size_t)n);
  if (!ts) return st__tr_error(ST_ERR_OOM, "st_params_stack: out of memory"), NULL;
  const entries *first = buffers ? &models[0]->buffers : &models[0]->params;
  st_tensor *out = NULL;
  for (int m = 0; m < n; m++) {
    const entries *e = buffers ? &models[m]->buffers : &models[m]->params;
    const char *kind = buffers ? "buffer" : "parameter";
    if (e->len != first->len) {
      st__tr_error(ST_ERR_ARG, "st_params_stack: model %d has %d %ss, model 0 has %d", m, e->len,
                   kind, first->len);
      goto done;
    }
    if (strcmp(e->names[i], first->names[i])) {
      st__tr_error(ST_ERR_ARG, "st_params_stack: model %d's %s %d is \"%s\", model 0's is \"%s\"",
                   m, kind, i, e->names[i], first->names[i]);
      goto done;
    }
    ts[m] = e->ts[i];
  }
  out = st_stack(n, ts, 0);
done:
  free(ts);
  return out;
}

st_params *st_params_stack(int n, st_params *const *models) {
  if (n < 1 || !models) {
    st__tr_error(ST_ERR_ARG, "st_params_stack: needs at least one model (n is %d)", n);
    return NULL;
  }
  for (int m = 0; m < n; m++)
    if (!models[m]) return st__tr_error(ST_ERR_ARG, "st_params_stack: model %d is NULL", m), NULL;
  const st_params *m0 = models[0];
  st_params *q = st_params_new();
  if (!q || st_scope_push()) {
    if (q) st_scope_pop();
    st_params_free(q);
    return NULL;
  }
  for (int b = 0; b < 2; b++) {
    const entries *e = b ? &m0->buffers : &m0->params;
    for (int i = 0; i < e->len; i++) {
      st_tensor *t = stack_entry(n, models, b, i);
      if (!t ||
          (b ? st_params_add_buffer(q, e->names[i], t) : st_params_add(q, e->names[i], t)) < 0) {
        st_params_free(q);
        q = NULL;
        goto done;
      }
    }
  }
done:
  st_scope_pop();
  if (q) st_clear_error();
  return q;
}

int st_params_call(st_func *f, const st_params *p, int nextra, st_tensor *const *extra,
                   st_tensor **out) {
  if (!f || !p || !out || nextra < 0 || (nextra && !extra))
    return st__tr_error(ST_ERR_ARG, "st_params_call: %s",
                        !f     ? "f is NULL"
                        : !p   ? "the container is NULL"
                        : !out ? "out is NULL"
                               : "bad extra inputs");
  int n = p->params.len + nextra;
  if (n != st_func_nin(f))
    return st__tr_error(ST_ERR_ARG,
                        "st_params_call: %d parameters and %d extra inputs for a "
                        "function of %d inputs",
                        p->params.len, nextra, st_func_nin(f));
  st_tensor **in = malloc(sizeof *in * (size_t)(n ? n : 1));
  if (!in) return st__tr_error(ST_ERR_OOM, "st_params_call: out of memory");
  if (p->params.len) memcpy(in, p->params.ts, sizeof *in * (size_t)p->params.len);
  if (nextra) memcpy(in + p->params.len, extra, sizeof *in * (size_t)nextra);
  int rc = st_call(f, in, out);
  free(in);
  return rc;
}

/* ------------------------------------------------------------------------- dicts and files */

static int key_of(char *buf, size_t size, const char *prefix, const char *name, const char *fn) {
  int n = snprintf(buf, size, "%s%s", prefix ? prefix : "", name);
  if (n < 0 || (size_t)n >= size)
    return st__tr_error(ST_ERR_ARG, "%s: the name \"%s%s\" is too long", fn, prefix ? prefix : "",
                        name);
  return 0;
}

int st_params_save_dict(const st_params *p, st_dict *into, const char *prefix) {
  const char *fn = "st_params_save_dict";
  if (!p || !into)
    return st__tr_error(ST_ERR_ARG, "%s: %s is NULL", fn, p ? "the dict" : "the container");
  st_dict *d = st_dict_new(); /* built aside, so a failure leaves `into` as it was */
  int rc = d ? 0 : st__tr_status();
  bool was = st_set_grad_enabled(false);
  char key[512];
  for (int b = 0; !rc && b < 2; b++) {
    const entries *e = b ? &p->buffers : &p->params;
    for (int i = 0; !rc && i < e->len; i++) {
      if ((rc = key_of(key, sizeof key, prefix, e->names[i], fn))) break;
      st_tensor *c = st_clone(e->ts[i]);
      rc = c ? st_dict_set(d, key, c) : st__tr_status();
      st_release(c);
    }
  }
  for (int i = 0; !rc && i < st_dict_len(d); i++)
    rc = st_dict_set(into, st_dict_name(d, i), st_dict_get(d, st_dict_name(d, i)));
  st_set_grad_enabled(was);
  st_dict_free(d);
  if (!rc) st_clear_error();
  return rc;
}

static int check_entry(const char *fn, const char *key, st_tensor *want, st_tensor *got) {
  char a[96], b[96];
  if (!got) return st__tr_error(ST_ERR_ARG, "%s: \"%s\" is missing", fn, key);
  int64_t ws[ST_MAX_DIMS], gs[ST_MAX_DIMS];
  int wn = st_shape(want, ws), gn = st_shape(got, gs);
  if (st_dtype_of(want) != st_dtype_of(got) || wn != gn ||
      memcmp(ws, gs, sizeof(int64_t) * (size_t)wn))
    return st__tr_error(ST_ERR_SHAPE, "%s: \"%s\" is %s %s, the model's tensor %s %s", fn, key,
                        st_dtype_name(st_dtype_of(got)), st__tr_shape_str(got, a, sizeof a),
                        st_dtype_name(st_dtype_of(want)), st__tr_shape_str(want, b, sizeof b));
  return 0;
}

/* Every entry there with the right shape and dtype, before anything is written. */
static int check_dict(const st_params *p, const st_dict *from, const char *prefix, const char *fn) {
  char key[512];
  for (int b = 0; b < 2; b++) {
    const entries *e = b ? &p->buffers : &p->params;
    for (int i = 0; i < e->len; i++)
      if (key_of(key, sizeof key, prefix, e->names[i], fn) ||
          check_entry(fn, key, e->ts[i], st_dict_get(from, key)))
        return st__tr_status();
  }
  return 0;
}

/* Copies the checked entries in (in-place copies: no allocation, so no failure midway). */
static int assign_dict(st_params *p, const st_dict *from, const char *prefix) {
  char key[512];
  for (int b = 0; b < 2; b++) {
    const entries *e = b ? &p->buffers : &p->params;
    for (int i = 0; i < e->len; i++) {
      snprintf(key, sizeof key, "%s%s", prefix ? prefix : "", e->names[i]);
      int rc = st__tr_assign(e->ts[i], st_dict_get(from, key));
      if (rc) return rc;
    }
  }
  return 0;
}

int st_params_load_dict(st_params *p, const st_dict *from, const char *prefix) {
  const char *fn = "st_params_load_dict";
  if (!p || !from)
    return st__tr_error(ST_ERR_ARG, "%s: %s is NULL", fn, p ? "the dict" : "the container");
  int rc = check_dict(p, from, prefix, fn);
  if (!rc) rc = assign_dict(p, from, prefix);
  if (!rc) st_clear_error();
  return rc;
}

int st_params_save(const st_params *p, const char *path) { return st_train_save(path, p, NULL); }

int st_params_load(st_params *p, const char *path) {
  if (!path) return st__tr_null_arg("st_params_load", 2);
  st_dict *d = st_load(path);
  if (!d) return st__tr_status();
  int rc = st_params_load_dict(p, d, "model.");
  st_dict_free(d);
  return rc;
}

int st_train_save(const char *path, const st_params *p, st_optim *opt) {
  if (!path || !p)
    return st__tr_error(ST_ERR_ARG, "st_train_save: %s is NULL", path ? "the container" : "path");
  st_dict *d = st_dict_new();
  int rc = d ? st_params_save_dict(p, d, "model.") : st__tr_status();
  if (!rc && opt) rc = st_optim_state_save(opt, d);
  if (!rc) rc = st_save(path, d);
  st_dict_free(d);
  return rc;
}

int st_train_load(const char *path, st_params *p, st_optim *opt) {
  if (!path || !p)
    return st__tr_error(ST_ERR_ARG, "st_train_load: %s is NULL", path ? "the container" : "path");
  st_dict *d = st_load(path);
  if (!d) return st__tr_status();
  /* The parameters are checked first, then the optimizer state loads (it changes nothing when it
     fails), then the parameters' values are copied in (in place: nothing left to fail). */
  int rc = check_dict(p, d, "model.", "st_train_load");
  if (!rc && opt) rc = st_optim_state_load(opt, d);
  if (!rc) rc = assign_dict(p, d, "model.");
  if (!rc) st_clear_error();
  st_dict_free(d);
  return rc;
}

/* ------------------------------------------------------------------------------ transforms */

st_func *st_grad_params(st_func *f, int nparams) {
  if (!f || nparams < 1 || nparams > st_func_nin(f)) {
    st__tr_error(ST_ERR_ARG, "st_grad_params: nparams is %d for a function of %d inputs", nparams,
                 f ? st_func_nin(f) : 0);
    return NULL;
  }
  int *argnums = malloc(sizeof *argnums * (size_t)nparams);
  if (!argnums) return st__tr_error(ST_ERR_OOM, "st_grad_params: out of memory"), NULL;
  for (int i = 0; i < nparams; i++) argnums[i] = i;
  st_func *g = st_grad(f, nparams, argnums);
  free(argnums);
  return g;
}

st_func *st_vmap_params(st_func *f, int nparams, int params_dim, int rest_dim) {
  int nin = f ? st_func_nin(f) : 0;
  if (!f || nparams < 0 || nparams > nin) {
    st__tr_error(ST_ERR_ARG, "st_vmap_params: nparams is %d for a function of %d inputs", nparams,
                 nin);
    return NULL;
  }
  int *in_dims = malloc(sizeof *in_dims * (size_t)(nin ? nin : 1));
  if (!in_dims) return st__tr_error(ST_ERR_OOM, "st_vmap_params: out of memory"), NULL;
  for (int i = 0; i < nin; i++) in_dims[i] = i < nparams ? params_dim : rest_dim;
  st_func *v = st_vmap(f, in_dims, NULL);
  free(in_dims);
  return v;
}

st_func *st_per_sample_grad(st_func *f, int nparams) {
  st_func *g = st_grad_params(f, nparams);
  st_func *v = g ? st_vmap_params(g, nparams, ST_UNBATCHED, 0) : NULL;
  st_func_release(g);
  return v;
}
