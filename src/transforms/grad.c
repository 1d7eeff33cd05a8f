/* grad.c — reverse mode: st_grad, st_grad_and_value and st_vjp. f runs with its variables
   wrapped at a new grad level; when f returns the level is popped and the engine walks that
   level's graph, whose rules compute on the values below (so a transform outside this one, or
   eager autograd, records the backward: grad(grad(f)), vmap(grad(f)), st_backward through it). */
#include <string.h>

#include "../ops/rules.h"
#include "transforms.h"

int st__trace_grad(const char *who, st_func *f, st_tensor *const *in, int nvar, const int *var_idx,
                   st_traced *t) {
  memset(t, 0, sizeof *t);
  int nin = f->nin;
  if (st__check_args(who, nin, in)) return st__status();
  for (int k = 0; k < nvar; k++) {
    const st_tensor *x = in[var_idx[k]];
    if (!st__is_float(x->dtype))
      return st__error(
          ST_ERR_DTYPE,
          "%s: argument %d has dtype %s; only floating point inputs can be differentiated", who,
          var_idx[k], st_dtype_name(x->dtype));
  }
  st_tensor *small[8], **args = st__tmp_array(nin, small, 8);
  t->vars = st__calloc((size_t)(nvar ? nvar : 1), sizeof(st_tensor *));
  t->outs = st__calloc((size_t)f->nout, sizeof(st_tensor *));
  t->nvar = nvar;
  t->nout = f->nout;
  if (!args || !t->vars || !t->outs) {
    st__tmp_free(args, small, nin);
    st__traced_free(t);
    return ST_ERR_OOM;
  }
  st_grad_modes outer; /* grad works inside no-grad and inference code, as in torch.func */
  int level = st__grad_level_push(who, &outer);
  int rc = level < 0 ? st__status() : 0;
  t->level = level;
  t->id = level > 0 ? st__interp_at(level)->id : 0;
  for (int i = 0; i < nin; i++) args[i] = in[i];
  for (int k = 0; !rc && k < nvar; k++) {
    st_tensor *w = st__wrap(level, in[var_idx[k]], 0, NULL);
    if (!w || !st__ag_meta(w)) {
      st__drop(w);
      rc = ST_ERR_OOM;
      break;
    }
    w->ag->requires_grad = true;
    t->vars[k] = args[var_idx[k]] = w;
  }
  if (!rc) rc = st__func_call(who, f, args, t->outs);
  if (level > 0) st__grad_level_pop(level, &outer);
  st__tmp_free(args, small, nin);
  if (rc) st__traced_free(t);
  return rc;
}

void st__traced_free(st_traced *t) {
  for (int k = 0; t->vars && k < t->nvar; k++) st__drop(t->vars[k]);
  for (int j = 0; t->outs && j < t->nout; j++) st__drop(t->outs[j]);
  st__free(t->vars, sizeof(st_tensor *) * (size_t)(t->nvar ? t->nvar : 1));
  st__free(t->outs, sizeof(st_tensor *) * (size_t)(t->nout ? t->nout : 1));
  t->vars = t->outs = NULL;
}

static bool of_level(const st_traced *t, const st_tensor *x) {
  return x->level == t->level && x->level_id == t->id;
}

st_tensor *st__unwrap_out(const st_traced *t, st_tensor *out) {
  return st_retain(of_level(t, out) ? out->value : out);
}

int st__pull(const char *who, const st_traced *t, st_tensor *const *cots, st_tensor **grads) {
  int nroot = 0, rc = 0;
  st_tensor *small[8], *csmall[8];
  st_tensor **roots = st__tmp_array(t->nout, small, 8), **rcots = st__tmp_array(t->nout, csmall, 8);
  if (!roots || !rcots) rc = ST_ERR_OOM;
  for (int j = 0; !rc && j < t->nout; j++) {
    st_tensor *o = t->outs[j], *c = cots ? cots[j] : NULL;
    if (c &&
        (c->ndim != o->ndim || memcmp(c->shape, o->shape, sizeof(int64_t) * (size_t)o->ndim))) {
      char cs[96];
      rc = st__error(ST_ERR_SHAPE, "%s: cotangent %d has shape %s but output %d has shape %s", who,
                     j, st__fmt_shape(cs, sizeof cs, c->ndim, c->shape), j, ST_SHAPE_STR(o));
    } else if (c && of_level(t, o) && st__requires_grad(o)) {
      roots[nroot] = o;
      rcots[nroot++] = c;
    } else if (c && of_level(t, o) && st__view_rebased(o)) {
      rc = st__view_rebased_error(o, who); /* PyTorch reads its grad_fn, which refuses */
    }
  }
  for (int k = 0; k < t->nvar; k++) grads[k] = NULL;
  if (!rc && nroot) {
    /* the levels below track the backward in the caller's grad mode (torch.func: vjp_fn's
       create_graph is is_grad_enabled() where it is called) */
    st_grad_opts o = {.create_graph = st__grad_mode(), .retain_graph = true, .allow_unused = true};
    rc = st_scope_push();
    bool ca = st__ca_suspend();
    if (!rc) rc = st_autograd_grad(nroot, roots, rcots, t->nvar, t->vars, grads, &o);
    st__ca_resume(ca);
    for (int k = 0; k < t->nvar; k++) st__untrack_top(grads[k]);
    st_scope_pop();
  }
  for (int k = 0; !rc && k < t->nvar; k++) /* unreached variables: zeros, as torch.func */
    if (!grads[k] && !(grads[k] = st__untrack(st_zeros_like(t->vars[k])))) rc = st__status();
  if (rc)
    for (int k = 0; k < t->nvar; k++) {
      st__drop(grads[k]);
      grads[k] = NULL;
    }
  st__tmp_free(roots, small, t->nout);
  st__tmp_free(rcots, csmall, t->nout);
  return rc;
}

/* ---------------------------------------------------------------------- grad, grad_and_value */

typedef struct {
  st_func *f;
  int nargnums;
  int *argnums;
  bool with_value;
} grad_state;

static void grad_free(void *p) {
  grad_state *s = p;
  st_func_release(s->f);
  st__free(s->argnums, sizeof(int) * (size_t)s->nargnums);
  st__free(s, sizeof *s);
}

static int grad_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  grad_state *s = ctx;
  const char *who = s->with_value ? "st_grad_and_value" : "st_grad";
  st_traced t;
  int rc = st__trace_grad(who, s->f, in, s->nargnums, s->argnums, &t);
  if (rc) return rc;
  st_tensor *y = t.outs[0];
  if (st__numel(y->ndim, y->shape) != 1 || !st__is_float(y->dtype))
    rc = st__error(
        ST_ERR_SHAPE,
        "%s: the function's first output must be a floating point tensor with one element "
        "(got shape %s, dtype %s); use st_vjp or st_jacrev for other outputs",
        who, ST_SHAPE_STR(y), st_dtype_name(y->dtype));
  st_tensor *one = NULL;
  if (!rc && !(one = st__untrack(st_ones(y->dtype, y->ndim, y->shape)))) rc = st__status();
  st_tensor *csmall[8], **cots = st__tmp_array(t.nout, csmall, 8);
  if (!rc && !cots) rc = ST_ERR_OOM;
  if (!rc) {
    cots[0] = one;
    rc = st__pull(who, &t, cots, out);
  }
  int k = s->nargnums;
  for (int j = s->with_value ? 0 : 1; !rc && j < t.nout; j++)
    out[k++] = st__track(st__unwrap_out(&t, t.outs[j]));
  for (int j = 0; !rc && j < s->nargnums; j++) out[j] = st__track(out[j]);
  (void)nout;
  st__tmp_free(cots, csmall, t.nout);
  st__drop(one);
  st__traced_free(&t);
  return rc;
}

static st_func *make_grad(const char *who, st_func *f, int nargnums, const int *argnums,
                          bool with_value) {
  if (!f) {
    st__error(ST_ERR_ARG, "%s: the function is NULL", who);
    return NULL;
  }
  int n = argnums ? nargnums : 1;
  if (argnums == NULL && nargnums != 0 && nargnums != 1) {
    st__error(ST_ERR_ARG, "%s: %d argnums but argnums is NULL (NULL means {0})", who, nargnums);
    return NULL;
  }
  int small[8], *norm = n <= 8 ? small : st__alloc(sizeof(int) * (size_t)n);
  if (!norm) return NULL;
  int rc = st__argnums(who, f->nin, n, argnums ? argnums : (const int[]){0}, norm);
  if (norm != small && rc) st__free(norm, sizeof(int) * (size_t)n);
  if (rc) return NULL;
  grad_state *s = st__calloc(1, sizeof *s);
  int *nums = norm != small ? norm : st__alloc(sizeof(int) * (size_t)n);
  if (!s || !nums) {
    st__free(s, sizeof *s);
    st__free(nums, sizeof(int) * (size_t)n);
    return NULL;
  }
  if (nums != norm) memcpy(nums, norm, sizeof(int) * (size_t)n);
  *s = (grad_state){st_func_retain(f), n, nums, with_value};
  int nout = n + f->nout - (with_value ? 0 : 1);
  return st__func_make(who, grad_call, s, grad_free, f->nin, nout);
}

st_func *st_grad(st_func *f, int nargnums, const int *argnums) {
  return make_grad("st_grad", f, nargnums, argnums, false);
}

st_func *st_grad_and_value(st_func *f, int nargnums, const int *argnums) {
  return make_grad("st_grad_and_value", f, nargnums, argnums, true);
}

/* -------------------------------------------------------------------------------------- vjp */

/* The pullback holds the traced run; integer inputs are constants whose cotangent is zero. It
   takes cotangents for f's first outputs (its nin; the rest are auxiliary: has_aux). */
typedef struct {
  st_traced t;
  int nin;
  int *var_of; /* per input: its variable index, or -1 */
  st_tensor_meta *in_meta;
} pullback_state;

static void pullback_free(void *p) {
  pullback_state *s = p;
  st__traced_free(&s->t);
  st__free(s->var_of, sizeof(int) * (size_t)(s->nin ? s->nin : 1));
  st__free(s->in_meta, sizeof(st_tensor_meta) * (size_t)(s->nin ? s->nin : 1));
  st__free(s, sizeof *s);
}

static int pullback_call(void *ctx, int ncot, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  pullback_state *s = ctx;
  st_tensor *small[8], **g = st__tmp_array(s->t.nvar, small, 8);
  st_tensor *csmall[8], **cots = st__tmp_array(s->t.nout, csmall, 8); /* aux: NULL */
  int rc = g && cots ? 0 : ST_ERR_OOM;
  for (int j = 0; !rc && j < ncot; j++) cots[j] = in ? in[j] : NULL;
  if (!rc) rc = st__pull("st_vjp pullback", &s->t, cots, g);
  for (int i = 0; !rc && i < s->nin; i++) {
    int k = s->var_of[i];
    out[i] = k >= 0 ? st__track(g[k]) : st__zeros_meta(&s->in_meta[i]);
    if (k >= 0) g[k] = NULL;
    if (!out[i]) rc = st__status();
  }
  /* A failure part way leaves the gradients not yet handed out: they are released here. */
  for (int k = 0; g && k < s->t.nvar; k++) st__drop(g[k]);
  st__tmp_free(g, small, s->t.nvar);
  st__tmp_free(cots, csmall, s->t.nout);
  return rc;
}

/* f's number of auxiliary outputs, checked: at least one output is differentiated. */
int st__check_naux(const char *who, const st_func *f, int naux) {
  if (naux >= 0 && naux < f->nout) return 0;
  return st__error(ST_ERR_ARG,
                   "%s: naux %d is out of range for a function of %d outputs (0 <= naux < nout: "
                   "the first nout - naux outputs are differentiated)",
                   who, naux, f->nout);
}

static int vjp_run(const char *who, st_func *f, st_tensor *const *primals, int naux,
                   st_tensor **outs, st_func **pullback) {
  *pullback = NULL;
  for (int j = 0; j < f->nout; j++) outs[j] = NULL;
  if (st__check_naux(who, f, naux) || st__check_args(who, f->nin, primals)) return st__status();
  int nin = f->nin, nvar = 0;
  size_t cap = (size_t)(nin ? nin : 1);
  pullback_state *s = st__calloc(1, sizeof *s);
  int *vars = st__alloc(sizeof(int) * cap);
  if (s) {
    s->nin = nin;
    s->var_of = st__alloc(sizeof(int) * cap);
    s->in_meta = st__alloc(sizeof(st_tensor_meta) * cap);
  }
  int rc = s && vars && s->var_of && s->in_meta ? 0 : ST_ERR_OOM;
  for (int i = 0; !rc && i < nin; i++) {
    st__meta_of(&s->in_meta[i], primals[i]);
    s->var_of[i] = st__is_float(primals[i]->dtype) ? nvar : -1;
    if (s->var_of[i] >= 0) vars[nvar++] = i;
  }
  if (!rc) rc = st__trace_grad(who, f, primals, nvar, vars, &s->t);
  st__free(vars, sizeof(int) * cap);
  if (rc) {
    if (s) pullback_free(s);
    return rc;
  }
  for (int j = 0; j < f->nout; j++) outs[j] = st__unwrap_out(&s->t, s->t.outs[j]);
  *pullback = st__func_make(who, pullback_call, s, pullback_free, f->nout - naux, nin);
  if (*pullback) (*pullback)->null_inputs = true; /* a NULL cotangent is zero */
  if (!*pullback) rc = st__status();
  if (!rc) rc = st__track_all(f->nout, outs); /* all outputs, or none and the pullback goes */
  if (rc) {
    for (int j = 0; j < f->nout; j++) {
      st__drop(outs[j]);
      outs[j] = NULL;
    }
    st_func_release(*pullback);
    *pullback = NULL;
    return rc;
  }
  st__ok();
  return 0;
}

int st_vjp(st_func *f, st_tensor *const *primals, st_tensor **outs, st_func **pullback) {
  return st_vjp_ex(f, primals, outs, pullback, NULL);
}

int st_vjp_ex(st_func *f, st_tensor *const *primals, st_tensor **outs, st_func **pullback,
              const st_vjp_opts *opts) {
  const char *who = opts ? "st_vjp_ex" : "st_vjp";
  if (pullback) *pullback = NULL; /* also when f is NULL: a failed st_func_new, say */
  if (!f || !outs || !pullback)
    return st__error(ST_ERR_ARG, "%s: %s is NULL", who,
                     !f      ? "the function"
                     : !outs ? "outs"
                             : "pullback");
  if (st__check_apart(who, "outs", outs, f->nout, "primals", primals, f->nin)) return st__status();
  size_t kept = st__escape_mark();
  int rc = vjp_run(who, f, primals, opts ? opts->naux : 0, outs, pullback);
  st__escape_flush(kept);
  return rc;
}
