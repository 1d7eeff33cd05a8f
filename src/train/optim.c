/* optim.c — the optimizers (torch.optim semantics): options, state, one fused update loop per
   parameter tensor, and the state's save and load through an st_dict. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "train.h"

/* Everything one fused loop reads: pointers into contiguous buffers and the scalars of this
   step, computed in double as torch.optim computes them in Python. */
typedef struct {
  void *param;
  const void *grad;
  void *state[3];
  double lr, weight_decay, momentum, dampening, beta1, beta2, eps, alpha;
  double step_size, bc2_sqrt, clr; /* Adam: lr / (1 - beta1^t), sqrt(1 - beta2^t); Adagrad lr */
  bool maximize, nesterov, amsgrad, decoupled, centered;
  bool first; /* SGD: the momentum buffer starts as the gradient */
} optim_args;

#define T       float
#define K(name) name##_f32
#define FMA     fmaf
#define SQRT    sqrtf
#include "optim_kernels.h"
#undef T
#undef K
#undef FMA
#undef SQRT
#define T       double
#define K(name) name##_f64
#define FMA     fma
#define SQRT    sqrt
#include "optim_kernels.h"
#undef T
#undef K
#undef FMA
#undef SQRT

typedef void (*optim_kernel)(const optim_args *a, int64_t lo, int64_t hi);

/* The state buffers of each kind, in the order of optim_args.state. */
static const char *const slot_names[5][3] = {
    [ST_OPTIM_SGD] = {"momentum_buffer", NULL, NULL},
    [ST_OPTIM_ADAM] = {"exp_avg", "exp_avg_sq", "max_exp_avg_sq"},
    [ST_OPTIM_ADAMW] = {"exp_avg", "exp_avg_sq", "max_exp_avg_sq"},
    [ST_OPTIM_RMSPROP] = {"square_avg", "momentum_buffer", "grad_avg"},
    [ST_OPTIM_ADAGRAD] = {"sum", NULL, NULL},
};
static const char *const kind_names[5] = {"SGD", "Adam", "AdamW", "RMSprop", "Adagrad"};

/* The tensors are held by `refs` (an st_dict, whose references no scope can take back: a
   st_release of a user's tensor that a scope records would give back the scope's reference,
   not ours); params and state point into it. */
struct st_optim {
  st_optim_opts o;
  int n;
  st_dict *refs;          /* "p.<i>": parameter i; "s.<i>.<slot>": its state */
  st_tensor **params;     /* borrowed from refs */
  int64_t *steps;         /* updates each parameter has had */
  st_tensor *(*state)[3]; /* borrowed from refs; NULL until needed */
};

/* Puts t into refs under key (the dict retains it). */
static int hold(st_dict *refs, const char *kind, int i, int slot, st_tensor *t) {
  char key[48];
  if (slot < 0)
    snprintf(key, sizeof key, "%s.%d", kind, i);
  else
    snprintf(key, sizeof key, "%s.%d.%d", kind, i, slot);
  return st_dict_set(refs, key, t);
}

st_optim_opts st_optim_defaults(st_optim_kind kind) {
  st_optim_opts o = {.kind = kind};
  switch (kind) {
  case ST_OPTIM_SGD: o.lr = 1e-3; break;
  case ST_OPTIM_ADAM:
  case ST_OPTIM_ADAMW:
    o.lr = 1e-3, o.beta1 = 0.9, o.beta2 = 0.999, o.eps = 1e-8;
    o.weight_decay = kind == ST_OPTIM_ADAMW ? 1e-2 : 0;
    break;
  case ST_OPTIM_RMSPROP: o.lr = 1e-2, o.alpha = 0.99, o.eps = 1e-8; break;
  case ST_OPTIM_ADAGRAD: o.lr = 1e-2, o.eps = 1e-10; break;
  }
  return o;
}

/* Does slot s of this kind exist under these options? */
static bool slot_used(const st_optim_opts *o, int s) {
  switch (o->kind) {
  case ST_OPTIM_SGD: return s == 0 && o->momentum != 0;
  case ST_OPTIM_ADAM:
  case ST_OPTIM_ADAMW: return s < 2 || o->amsgrad;
  case ST_OPTIM_RMSPROP: return s == 0 || (s == 1 && o->momentum > 0) || (s == 2 && o->centered);
  case ST_OPTIM_ADAGRAD: return s == 0;
  }
  return false;
}

/* torch.optim's checks of each constructor, with its wording where it has one. */
static int check_opts(const st_optim_opts *o) {
  const char *fn = "st_optim_new";
  if ((unsigned)o->kind > ST_OPTIM_ADAGRAD)
    return st__tr_error(ST_ERR_ARG, "%s: unknown optimizer kind %d", fn, (int)o->kind);
  const char *k = kind_names[o->kind];
  if (!(o->lr >= 0))
    return st__tr_error(ST_ERR_ARG, "%s: %s: invalid learning rate: %g", fn, k, o->lr);
  if (!(o->weight_decay >= 0))
    return st__tr_error(ST_ERR_ARG, "%s: %s: invalid weight_decay value: %g", fn, k,
                        o->weight_decay);
  if (!(o->eps >= 0))
    return st__tr_error(ST_ERR_ARG, "%s: %s: invalid epsilon value: %g", fn, k, o->eps);
  if (!(o->momentum >= 0))
    return st__tr_error(ST_ERR_ARG, "%s: %s: invalid momentum value: %g", fn, k, o->momentum);
  switch (o->kind) {
  case ST_OPTIM_SGD:
    if (o->nesterov && (o->momentum <= 0 || o->dampening != 0))
      return st__tr_error(ST_ERR_ARG,
                          "%s: SGD: nesterov momentum requires a momentum and zero dampening "
                          "(momentum %g, dampening %g)",
                          fn, o->momentum, o->dampening);
    break;
  case ST_OPTIM_ADAM:
  case ST_OPTIM_ADAMW:
    if (!(o->beta1 >= 0 && o->beta1 < 1))
      return st__tr_error(ST_ERR_ARG, "%s: %s: invalid beta parameter at index 0: %g", fn, k,
                          o->beta1);
    if (!(o->beta2 >= 0 && o->beta2 < 1))
      return st__tr_error(ST_ERR_ARG, "%s: %s: invalid beta parameter at index 1: %g", fn, k,
                          o->beta2);
    break;
  case ST_OPTIM_RMSPROP:
    if (!(o->alpha >= 0))
      return st__tr_error(ST_ERR_ARG, "%s: RMSprop: invalid alpha value: %g", fn, o->alpha);
    break;
  case ST_OPTIM_ADAGRAD:
    if (!(o->lr_decay >= 0))
      return st__tr_error(ST_ERR_ARG, "%s: Adagrad: invalid lr_decay value: %g", fn, o->lr_decay);
    if (!(o->initial_accumulator_value >= 0))
      return st__tr_error(ST_ERR_ARG, "%s: Adagrad: invalid initial_accumulator_value value: %g",
                          fn, o->initial_accumulator_value);
    break;
  }
  return 0;
}

static int check_params(int n, st_tensor *const *params) {
  if (n < 0) return st__tr_error(ST_ERR_ARG, "st_optim_new: nparams is %d", n);
  if (n > 0 && !params) return st__tr_null_arg("st_optim_new", 2);
  for (int i = 0; i < n; i++) {
    st_tensor *p = params[i];
    if (!p) return st__tr_error(ST_ERR_ARG, "st_optim_new: parameter %d is NULL", i);
    st_dtype dt = st_dtype_of(p);
    if (dt != ST_F32 && dt != ST_F64)
      return st__tr_error(ST_ERR_DTYPE,
                          "st_optim_new: parameter %d is %s; optimizers update f32 "
                          "and f64 tensors",
                          i, st_dtype_name(dt));
    for (int j = 0; j < i; j++)
      if (params[j] == p || (st_numel(p) > 0 && st_data_ptr(params[j]) == st_data_ptr(p)))
        return st__tr_error(ST_ERR_ARG, "st_optim_new: parameters %d and %d share their storage", j,
                            i);
  }
  return 0;
}

void st_optim_free(st_optim *opt) {
  if (!opt) return;
  st_dict_free(opt->refs);
  free(opt->params);
  free(opt->steps);
  free(opt->state);
  free(opt);
}

/* Adagrad's sum exists from the start, filled with initial_accumulator_value. */
static int init_adagrad(st_optim *opt) {
  for (int i = 0; i < opt->n; i++) {
    st_tensor *p = opt->params[i];
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(p, shape);
    st_tensor *sum = st_full(st_dtype_of(p), nd, shape, opt->o.initial_accumulator_value);
    int rc = sum ? hold(opt->refs, "s", i, 0, sum) : st__tr_status();
    opt->state[i][0] = sum;
    st_release(sum); /* made here, so recorded in no scope the caller owns: refs holds it now */
    if (rc) return rc;
  }
  return 0;
}

st_optim *st_optim_new(int nparams, st_tensor *const *params, const st_optim_opts *opts) {
  if (!opts) {
    st__tr_null_arg("st_optim_new", 3);
    return NULL;
  }
  if (check_opts(opts) || check_params(nparams, params)) return NULL;
  st_optim *opt = calloc(1, sizeof *opt);
  size_t n = nparams ? (size_t)nparams : 1;
  if (!opt || !(opt->params = calloc(n, sizeof *opt->params)) ||
      !(opt->steps = calloc(n, sizeof *opt->steps)) ||
      !(opt->state = calloc(n, sizeof *opt->state))) {
    st__tr_error(ST_ERR_OOM, "st_optim_new: out of memory");
    goto fail;
  }
  if (!(opt->refs = st_dict_new())) goto fail;
  opt->o = *opts;
  opt->n = nparams;
  for (int i = 0; i < nparams; i++) {
    if (hold(opt->refs, "p", i, -1, params[i])) goto fail;
    opt->params[i] = params[i];
  }
  if (opts->kind == ST_OPTIM_ADAGRAD && init_adagrad(opt)) goto fail;
  st_clear_error();
  return opt;
fail:
  st_optim_free(opt);
  return NULL;
}

int st_optim_set_lr(st_optim *opt, double lr) {
  if (!opt) return st__tr_error(ST_ERR_ARG, "st_optim_set_lr: the optimizer is NULL");
  if (!(lr >= 0)) return st__tr_error(ST_ERR_ARG, "st_optim_set_lr: invalid learning rate: %g", lr);
  opt->o.lr = lr;
  st_clear_error();
  return 0;
}

double st_optim_get_lr(const st_optim *opt) { return opt ? opt->o.lr : NAN; }

int st_optim_zero_grad(st_optim *opt) {
  if (!opt) return st__tr_error(ST_ERR_ARG, "st_optim_zero_grad: the optimizer is NULL");
  for (int i = 0; i < opt->n; i++) st_zero_grad(opt->params[i]);
  st_clear_error();
  return 0;
}

/* ------------------------------------------------------------------------------------ step */

/* What one parameter's update needs, prepared before anything is written. */
typedef struct {
  st_tensor *grad;     /* contiguous, in the step's scope */
  st_tensor *work;     /* the parameter, or its contiguous copy (in the step's scope) */
  st_tensor *fresh[3]; /* state buffers made by this step (held by refs, used once committed) */
  st_tensor *bump;     /* an empty view of the parameter, for the version counter */
} prepared;

static int check_grad(const char *fn, const st_optim *opt, int i, st_tensor *g) {
  st_tensor *p = opt->params[i];
  char a[96], b[96];
  if (st_dtype_of(g) != st_dtype_of(p))
    return st__tr_error(ST_ERR_DTYPE, "%s: parameter %d is %s but its gradient is %s", fn, i,
                        st_dtype_name(st_dtype_of(p)), st_dtype_name(st_dtype_of(g)));
  int64_t ps[ST_MAX_DIMS], gs[ST_MAX_DIMS];
  int pn = st_shape(p, ps), gn = st_shape(g, gs);
  if (pn != gn || memcmp(ps, gs, sizeof(int64_t) * (size_t)pn))
    return st__tr_error(ST_ERR_SHAPE,
                        "%s: parameter %d has shape %s but its gradient %s", fn, i,
                        st__tr_shape_str(p, a, sizeof a), st__tr_shape_str(g, b, sizeof b));
  return 0;
}

static int prepare(const char *fn, st_optim *opt, int i, st_tensor *grad, prepared *pr) {
  st_tensor *p = opt->params[i];
  if (check_grad(fn, opt, i, grad)) return st__tr_status();
  pr->grad = st_contiguous(grad);
  pr->work = st_is_contiguous(p) ? p : st_contiguous(p);
  st_tensor *v = st_ndim(p) == 0 ? st_unsqueeze(p, 0) : p;
  pr->bump = st_slice(v, 0, 0, 0, 1);
  if (!pr->grad || !pr->work || !pr->bump) return st__tr_status();
  for (int s = 0; s < 3; s++) {
    if (!slot_used(&opt->o, s) || opt->state[i][s]) continue;
    if (!(pr->fresh[s] = st_zeros_like(p)) || hold(opt->refs, "s", i, s, pr->fresh[s]))
      return st__tr_status();
  }
  return 0;
}

static void run_kernel(const st_optim *opt, int i, const prepared *pr) {
  const st_optim_opts *o = &opt->o;
  st_tensor *p = opt->params[i];
  int64_t t = opt->steps[i] + 1;
  optim_args a = {.param = st_data_ptr(pr->work),
                  .grad = st_data_ptr(pr->grad),
                  .lr = o->lr,
                  .weight_decay = o->weight_decay,
                  .momentum = o->momentum,
                  .dampening = o->dampening,
                  .beta1 = o->beta1,
                  .beta2 = o->beta2,
                  .eps = o->eps,
                  .alpha = o->alpha,
                  .maximize = o->maximize,
                  .nesterov = o->nesterov,
                  .amsgrad = o->amsgrad,
                  .decoupled = o->kind == ST_OPTIM_ADAMW,
                  .centered = o->centered,
                  .first = opt->state[i][0] == NULL};
  for (int s = 0; s < 3; s++) {
    st_tensor *buf = opt->state[i][s] ? opt->state[i][s] : pr->fresh[s];
    a.state[s] = buf ? st_data_ptr(buf) : NULL;
  }
  /* torch.optim computes these in Python floats (double): 1 - beta^step with a float step. */
  a.step_size = o->lr / (1 - pow(o->beta1, (double)t));
  a.bc2_sqrt = pow(1 - pow(o->beta2, (double)t), 0.5);
  a.clr = o->lr / (1 + (double)(t - 1) * o->lr_decay);
  static const optim_kernel kernels[5][2] = {[ST_OPTIM_SGD] = {sgd_f32, sgd_f64},
                                             [ST_OPTIM_ADAM] = {adam_f32, adam_f64},
                                             [ST_OPTIM_ADAMW] = {adam_f32, adam_f64},
                                             [ST_OPTIM_RMSPROP] = {rmsprop_f32, rmsprop_f64},
                                             [ST_OPTIM_ADAGRAD] = {adagrad_f32, adagrad_f64}};
  optim_kernel k = kernels[o->kind][st_dtype_of(p) == ST_F64];
  int64_t n = st_numel(p);
  /* Memory-bound: threads only pay off on large tensors. Blocks are independent (elementwise). */
  enum { BLOCK = 1 << 14 };
  int64_t nblocks = (n + BLOCK - 1) / BLOCK;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(st_get_num_threads()) if (nblocks > 4)
#endif
  for (int64_t b = 0; b < nblocks; b++) {
    int64_t lo = b * BLOCK, hi = lo + BLOCK < n ? lo + BLOCK : n;
    k(&a, lo, hi);
  }
}

/* Phase 1 prepares every update (gradients, copies, new state) and can fail without changing
   anything; phase 2 runs the loops and commits, and cannot fail. */
static int step_with(st_optim *opt, st_tensor *const *grads, const char *fn) {
  if (!opt) return st__tr_error(ST_ERR_ARG, "%s: the optimizer is NULL", fn);
  if (st_scope_push()) {
    st_scope_pop();
    return ST_ERR_OOM;
  }
  prepared *pr = calloc(opt->n ? (size_t)opt->n : 1, sizeof *pr);
  int rc = pr ? 0 : st__tr_error(ST_ERR_OOM, "%s: out of memory", fn);
  bool was = st_set_grad_enabled(false);
  for (int i = 0; !rc && i < opt->n; i++) {
    st_tensor *g = grads ? grads[i] : st_grad_of(opt->params[i]);
    if (g) rc = prepare(fn, opt, i, g, &pr[i]);
  }
  if (!rc) {
    for (int i = 0; i < opt->n; i++) {
      if (!pr[i].grad) continue;
      run_kernel(opt, i, &pr[i]);
      for (int s = 0; s < 3; s++)
        if (pr[i].fresh[s]) opt->state[i][s] = pr[i].fresh[s], pr[i].fresh[s] = NULL;
      opt->steps[i]++;
      /* Writes the parameter the way an in-place op would: through st_copy_ for a copy (which
         counts as the write), else a version bump through an in-place op on an empty view. */
      if (pr[i].work != opt->params[i])
        st_copy_(opt->params[i], pr[i].work);
      else
        st_zero_(pr[i].bump);
    }
  }
  st_set_grad_enabled(was);
  free(pr);
  st_scope_pop();
  if (!rc) st_clear_error();
  return rc;
}

int st_optim_step(st_optim *opt) { return step_with(opt, NULL, "st_optim_step"); }

int st_optim_step_grads(st_optim *opt, st_tensor *const *grads) {
  if (opt && opt->n > 0 && !grads) return st__tr_null_arg("st_optim_step_grads", 2);
  return step_with(opt, grads, "st_optim_step_grads");
}

/* --------------------------------------------------------------------------- state dicts */

static int put(st_dict *d, const char *key, st_tensor *t) {
  st_tensor *c = st_clone(t);
  int rc = c ? st_dict_set(d, key, c) : st__tr_status();
  st_release(c);
  return rc;
}

static int put_scalar(st_dict *d, const char *key, st_dtype dt, double v) {
  st_tensor *t = st_scalar(dt, v);
  int rc = t ? st_dict_set(d, key, t) : st__tr_status();
  st_release(t);
  return rc;
}

int st_optim_state_save(st_optim *opt, st_dict *into) {
  if (!opt) return st__tr_error(ST_ERR_ARG, "st_optim_state_save: the optimizer is NULL");
  if (!into) return st__tr_null_arg("st_optim_state_save", 2);
  /* Built in a separate dict first, so a failure leaves `into` as it was. */
  st_dict *d = st_dict_new();
  int rc = d ? 0 : st__tr_status();
  bool was = st_set_grad_enabled(false);
  char key[64];
  if (!rc) rc = put_scalar(d, "optim.kind", ST_I64, (double)opt->o.kind);
  if (!rc) rc = put_scalar(d, "optim.nparams", ST_I64, (double)opt->n);
  if (!rc) rc = put_scalar(d, "optim.lr", ST_F64, opt->o.lr);
  for (int i = 0; !rc && i < opt->n; i++) {
    snprintf(key, sizeof key, "optim.%d.step", i);
    rc = put_scalar(d, key, ST_I64, (double)opt->steps[i]);
    for (int s = 0; !rc && s < 3; s++) {
      if (!opt->state[i][s]) continue;
      snprintf(key, sizeof key, "optim.%d.%s", i, slot_names[opt->o.kind][s]);
      rc = put(d, key, opt->state[i][s]);
    }
  }
  for (int i = 0; !rc && i < st_dict_len(d); i++) {
    const char *name = st_dict_name(d, i);
    rc = st_dict_set(into, name, st_dict_get(d, name));
  }
  st_set_grad_enabled(was);
  st_dict_free(d);
  if (!rc) st_clear_error();
  return rc;
}

/* A 0-dim (or one-element) integer-valued entry, or an error naming it. */
static int get_count(const st_dict *d, const char *key, int64_t *out) {
  st_tensor *t = st_dict_get(d, key);
  if (!t) return st__tr_error(ST_ERR_ARG, "st_optim_state_load: the state has no \"%s\"", key);
  double v = st_numel(t) == 1 ? st_item(t) : NAN;
  if (!(v == floor(v) && fabs(v) < 9e15))
    return st__tr_error(ST_ERR_ARG, "st_optim_state_load: \"%s\" is not one integer", key);
  *out = (int64_t)v;
  return 0;
}

static int check_buffer(const st_optim *opt, int i, const char *key, st_tensor *t) {
  st_tensor *p = opt->params[i];
  char a[96], b[96];
  int64_t ps[ST_MAX_DIMS], ts[ST_MAX_DIMS];
  int pn = st_shape(p, ps), tn = st_shape(t, ts);
  if (st_dtype_of(t) != st_dtype_of(p) || pn != tn || memcmp(ps, ts, sizeof(int64_t) * (size_t)pn))
    return st__tr_error(ST_ERR_SHAPE,
                        "st_optim_state_load: \"%s\" is %s %s but parameter %d is %s %s", key,
                        st_dtype_name(st_dtype_of(t)), st__tr_shape_str(t, a, sizeof a), i,
                        st_dtype_name(st_dtype_of(p)), st__tr_shape_str(p, b, sizeof b));
  return 0;
}

static int load_header(const st_optim *opt, const st_dict *from, double *lr) {
  int64_t kind = -1, n = -1;
  if (get_count(from, "optim.kind", &kind) || get_count(from, "optim.nparams", &n))
    return st__tr_status();
  if (kind != opt->o.kind)
    return st__tr_error(ST_ERR_ARG,
                        "st_optim_state_load: the state is of optimizer %s, this optimizer is %s",
                        kind >= 0 && kind < 5 ? kind_names[kind] : "of an unknown kind",
                        kind_names[opt->o.kind]);
  if (n != opt->n)
    return st__tr_error(ST_ERR_ARG,
                        "st_optim_state_load: the state has %lld parameters, this "
                        "optimizer %d",
                        (long long)n, opt->n);
  st_tensor *t = st_dict_get(from, "optim.lr");
  *lr = t && st_numel(t) == 1 ? st_item(t) : NAN;
  if (!(*lr >= 0)) return st__tr_error(ST_ERR_ARG, "st_optim_state_load: no valid \"optim.lr\"");
  return 0;
}

/* Reads parameter i's step and buffers from `from` into a new dict of references. */
static int load_param_state(const st_optim *opt, const st_dict *from, int i, st_dict *refs,
                            int64_t *step, st_tensor **state) {
  char key[64];
  snprintf(key, sizeof key, "optim.%d.step", i);
  if (get_count(from, key, step)) return st__tr_status();
  if (*step < 0) return st__tr_error(ST_ERR_ARG, "st_optim_state_load: \"%s\" is negative", key);
  for (int s = 0; s < 3; s++) {
    if (!slot_used(&opt->o, s)) continue;
    snprintf(key, sizeof key, "optim.%d.%s", i, slot_names[opt->o.kind][s]);
    st_tensor *t = st_dict_get(from, key);
    bool needed = *step > 0 || opt->o.kind == ST_OPTIM_ADAGRAD;
    if (!t && needed)
      return st__tr_error(ST_ERR_ARG, "st_optim_state_load: the state has no \"%s\"", key);
    if (!t) continue;
    if (check_buffer(opt, i, key, t)) return st__tr_status();
    if (!(state[s] = st_clone(t)) || hold(refs, "s", i, s, state[s])) return st__tr_status();
  }
  return 0;
}

/* Everything is read into a new dict of references, which replaces the old one only when the
   whole state was read. */
int st_optim_state_load(st_optim *opt, const st_dict *from) {
  if (!opt) return st__tr_error(ST_ERR_ARG, "st_optim_state_load: the optimizer is NULL");
  if (!from) return st__tr_null_arg("st_optim_state_load", 2);
  size_t n = opt->n ? (size_t)opt->n : 1;
  int64_t *steps = calloc(n, sizeof *steps);
  st_tensor *(*state)[3] = calloc(n, sizeof *state);
  st_dict *refs = st_dict_new();
  double lr = 0;
  int rc = steps && state ? 0 : st__tr_error(ST_ERR_OOM, "st_optim_state_load: out of memory");
  if (!rc && !refs) rc = st__tr_status();
  bool pushed = !rc, was = st_set_grad_enabled(false);
  if (pushed && st_scope_push()) rc = ST_ERR_OOM;
  if (!rc) rc = load_header(opt, from, &lr);
  for (int i = 0; !rc && i < opt->n; i++) {
    rc = hold(refs, "p", i, -1, opt->params[i]);
    if (!rc) rc = load_param_state(opt, from, i, refs, &steps[i], state[i]);
  }
  if (pushed) st_scope_pop(); /* the clones live on in refs */
  st_set_grad_enabled(was);
  if (!rc) {
    st_dict *old = opt->refs;
    opt->refs = refs;
    refs = old;
    memcpy(opt->steps, steps, sizeof *steps * (size_t)opt->n);
    memcpy(opt->state, state, sizeof *state * (size_t)opt->n);
    opt->o.lr = lr;
  }
  st_dict_free(refs);
  free(steps);
  free(state);
  if (!rc) st_clear_error();
  return rc;
}
