/* jvp.c — forward mode: st_jvp and st_linearize. f runs with its inputs wrapped as duals
   (primal, tangent) at a new jvp level; each op's jvp rule carries the tangents along. */
#include <string.h>

#include "transforms.h"

static int check_tangent(const char *who, int i, const st_tensor *x, const st_tensor *t) {
  if (!t) return 0;
  if (t->ndim != x->ndim || memcmp(t->shape, x->shape, sizeof(int64_t) * (size_t)x->ndim)) {
    char ts[96];
    return st__error(ST_ERR_SHAPE, "%s: tangent %d has shape %s but primal %d has shape %s", who, i,
                     st__fmt_shape(ts, sizeof ts, t->ndim, t->shape), i, ST_SHAPE_STR(x));
  }
  if (t->dtype != x->dtype)
    return st__error(ST_ERR_DTYPE, "%s: tangent %d has dtype %s but primal %d has dtype %s", who, i,
                     st_dtype_name(t->dtype), i, st_dtype_name(x->dtype));
  if (!st__is_float(x->dtype))
    return st__error(ST_ERR_DTYPE,
                     "%s: primal %d has dtype %s; only floating point inputs have tangents", who, i,
                     st_dtype_name(x->dtype));
  return 0;
}

/* outs receive f->nout and touts the first ndiff (the rest are auxiliary: has_aux) untracked
   references. */
static int jvp_run(const char *who, st_func *f, int ndiff, st_tensor *const *primals,
                   st_tensor *const *tangents, st_tensor **outs, st_tensor **touts) {
  int nin = f->nin, nout = f->nout;
  for (int j = 0; j < nout; j++) outs[j] = NULL;
  for (int j = 0; j < ndiff; j++) touts[j] = NULL;
  if (st__check_args(who, nin, primals)) return st__status();
  if (nin > 0 && !tangents) return st__error(ST_ERR_ARG, "%s: tangents is NULL", who);
  for (int i = 0; i < nin; i++)
    if (check_tangent(who, i, primals[i], tangents[i])) return st__status();
  st_tensor *small[8], **args = st__tmp_array(nin, small, 8);
  st_tensor *rsmall[8], **raw = st__tmp_array(nout, rsmall, 8);
  if (!args || !raw) {
    st__tmp_free(args, small, nin);
    return ST_ERR_OOM;
  }
  int level = st__interp_push(who, ST_WRAP_JVP), rc = level < 0 ? st__status() : 0;
  uint32_t id = level > 0 ? st__interp_at(level)->id : 0;
  for (int i = 0; !rc && i < nin; i++) {
    args[i] = tangents[i] ? st__wrap(level, primals[i], 0, tangents[i]) : st_retain(primals[i]);
    if (!args[i]) rc = ST_ERR_OOM;
  }
  if (!rc) rc = st__func_call(who, f, args, raw);
  if (level > 0) st__interp_pop(level);
  for (int j = 0; !rc && j < nout; j++) {
    st_tensor *o = raw[j];
    bool mine = o->level == level && o->level_id == id;
    outs[j] = st_retain(mine ? o->value : o);
    if (j >= ndiff) continue;
    if (mine && o->tangent)
      touts[j] = st_retain(o->tangent);
    else if (!(touts[j] = st__untrack(st_zeros_like(o))))
      rc = st__status();
  }
  for (int i = 0; i < nin; i++) st__drop(args[i]);
  for (int j = 0; j < nout; j++) st__drop(raw[j]);
  if (rc)
    for (int j = 0; j < nout; j++) {
      st__drop(outs[j]);
      outs[j] = NULL;
      if (j >= ndiff) continue;
      st__drop(touts[j]);
      touts[j] = NULL;
    }
  st__tmp_free(args, small, nin);
  st__tmp_free(raw, rsmall, nout);
  return rc;
}

int st__jvp_run(const char *who, st_func *f, int ndiff, st_tensor *const *primals,
                st_tensor *const *tangents, st_tensor **outs, st_tensor **touts) {
  return jvp_run(who, f, ndiff, primals, tangents, outs, touts);
}

int st_jvp(st_func *f, st_tensor *const *primals, st_tensor *const *tangents, st_tensor **outs,
           st_tensor **tangent_outs) {
  return st_jvp_ex(f, primals, tangents, outs, tangent_outs, NULL);
}

int st_jvp_ex(st_func *f, st_tensor *const *primals, st_tensor *const *tangents, st_tensor **outs,
              st_tensor **tangent_outs, const st_jvp_opts *opts) {
  const char *who = opts ? "st_jvp_ex" : "st_jvp";
  if (!f || !outs || !tangent_outs)
    return st__error(ST_ERR_ARG, "%s: %s is NULL", who,
                     !f      ? "the function"
                     : !outs ? "outs"
                             : "tangent_outs");
  int naux = opts ? opts->naux : 0;
  if (st__check_naux(who, f, naux)) return st__status();
  int nin = f->nin, nout = f->nout, ndiff = nout - naux;
  if (st__check_apart(who, "outs", outs, nout, "primals", primals, nin) ||
      st__check_apart(who, "outs", outs, nout, "tangents", tangents, nin) ||
      st__check_apart(who, "tangent_outs", tangent_outs, ndiff, "primals", primals, nin) ||
      st__check_apart(who, "tangent_outs", tangent_outs, ndiff, "tangents", tangents, nin) ||
      st__check_apart(who, "tangent_outs", tangent_outs, ndiff, "outs", outs, nout))
    return st__status();
  size_t kept = st__escape_mark();
  int rc = jvp_run(who, f, ndiff, primals, tangents, outs, tangent_outs);
  st__escape_flush(kept);
  if (rc || (rc = st__track_all(f->nout, outs))) {
    for (int j = 0; rc && j < f->nout - naux; j++) { /* the tangents of failed outputs */
      st__drop(tangent_outs[j]);
      tangent_outs[j] = NULL;
    }
    return rc;
  }
  if ((rc = st__track_all(f->nout - naux, tangent_outs))) {
    for (int j = 0; j < f->nout; j++) {
      st_release(outs[j]);
      outs[j] = NULL;
    }
    return rc;
  }
  st__ok();
  return 0;
}

/* ------------------------------------------------------------------------------- linearize */

/* The linear map t -> J t at fixed primals. It runs jvp again on each call (torch.func
   linearize traces once and replays; here the primal work is repeated). */
typedef struct {
  st_func *f;
  int nin;
  st_tensor **primals;
} linearize_state;

static void linearize_free(void *p) {
  linearize_state *s = p;
  for (int i = 0; i < s->nin; i++) st__drop(s->primals[i]);
  st__free(s->primals, sizeof(st_tensor *) * (size_t)(s->nin ? s->nin : 1));
  st_func_release(s->f);
  st__free(s, sizeof *s);
}

static int linearize_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  linearize_state *s = ctx;
  st_tensor *small[8], **outs = st__tmp_array(nout, small, 8);
  int rc = outs ? jvp_run("st_linearize", s->f, nout, s->primals, in, outs, out) : ST_ERR_OOM;
  for (int j = 0; !rc && j < nout; j++) {
    st__drop(outs[j]);
    out[j] = st__track(out[j]);
  }
  st__tmp_free(outs, small, nout);
  return rc;
}

int st_linearize(st_func *f, st_tensor *const *primals, st_tensor **outs, st_func **jvp_fn) {
  if (jvp_fn) *jvp_fn = NULL; /* also when f is NULL: a failed st_func_new, say */
  if (!f || !outs || !jvp_fn)
    return st__error(ST_ERR_ARG, "st_linearize: %s is NULL",
                     !f      ? "the function"
                     : !outs ? "outs"
                             : "jvp_fn");
  if (st__check_apart("st_linearize", "outs", outs, f->nout, "primals", primals, f->nin))
    return st__status();
  for (int j = 0; j < f->nout; j++) outs[j] = NULL;
  if (st__check_args("st_linearize", f->nin, primals)) return st__status();
  size_t kept = st__escape_mark();
  int rc = st__func_call("st_linearize", f, primals, outs);
  st__escape_flush(kept);
  if (rc) return rc;
  linearize_state *s = st__calloc(1, sizeof *s);
  st_tensor **ps = s ? st__calloc((size_t)(f->nin ? f->nin : 1), sizeof(st_tensor *)) : NULL;
  if (ps) {
    *s = (linearize_state){st_func_retain(f), f->nin, ps};
    for (int i = 0; i < f->nin; i++) ps[i] = st_retain(primals[i]);
  } else {
    st__free(s, sizeof *s);
    s = NULL;
  }
  *jvp_fn = st__func_make("st_linearize", linearize_call, s, linearize_free, f->nin, f->nout);
  if (!*jvp_fn) {
    for (int j = 0; j < f->nout; j++) {
      st__drop(outs[j]);
      outs[j] = NULL;
    }
    return st__status() ? st__status() : ST_ERR_OOM;
  }
  int rc2 = st__track_all(f->nout, outs);
  if (rc2) {
    st_func_release(*jvp_fn);
    *jvp_fn = NULL;
    return rc2;
  }
  st__ok();
  return 0;
}
