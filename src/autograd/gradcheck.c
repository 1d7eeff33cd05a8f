/* gradcheck.c — analytical gradients against float64 central differences, as
   torch.autograd.gradcheck does: the full Jacobian for small inputs, otherwise v^T J u for
   random directions u and v (its "fast mode"). */
#include <math.h>
#include <string.h>

#include "autograd.h"

#define FULL_JACOBIAN_MAX 256 /* total input elements below which every column is checked */

typedef struct {
  st_check_fn fn;
  void *user;
  int nin, nout;
} check_target;

/* Runs the function; its outputs are new references owned by the caller (untracked). */
static int call(const check_target *f, st_tensor *const *in, st_tensor **out) {
  for (int j = 0; j < f->nout; j++) out[j] = NULL;
  int rc = st_scope_push();
  if (!rc) rc = f->fn(f->user, f->nin, in, f->nout, out);
  for (int j = 0; j < f->nout; j++) {
    if (!rc && !out[j]) rc = st__error(ST_ERR_ARG, "st_gradcheck: the function returned NULL for output %d", j);
    if (out[j]) st_keep(out[j]);
  }
  st_scope_pop();
  if (rc) {
    for (int j = 0; j < f->nout; j++) st_release(out[j]);
    return st__has_error() ? st__status() : st__error(rc, "st_gradcheck: the function failed with status %d", rc);
  }
  for (int j = 0; j < f->nout; j++) st__untrack(out[j]);
  return 0;
}

static double dot_values(const st_tensor *a, const st_tensor *b) {
  int64_t n = st__numel(a->ndim, a->shape);
  double s = 0;
  for (int64_t i = 0; i < n; i++) s += st__get_f64(a, i) * st__get_f64(b, i);
  return s;
}

/* sum_j <v_j, f_j(x + eps * dir) - f_j(x - eps * dir)> / (2 eps) with the direction applied to
   input `which` (element `elem`, or the whole tensor `dir` when elem < 0). */
static int numerical_vjp(const check_target *f, st_tensor *const *x, int which, int64_t elem, st_tensor *dir,
                         st_tensor *const *v, double eps, double *result) {
  double side[2];
  bool prev = st_set_grad_enabled(false);
  int rc = 0;
  for (int s = 0; s < 2 && !rc; s++) {
    double sign = s ? -1.0 : 1.0;
    st_tensor *moved = st__untrack(st_clone(x[which]));
    if (!moved) {
      rc = st__status();
      break;
    }
    double *data = (double *)st__data(moved);
    if (elem >= 0) data[elem] += sign * eps;
    else
      for (int64_t i = 0; i < st__numel(moved->ndim, moved->shape); i++) data[i] += sign * eps * st__get_f64(dir, i);
    st_tensor *args[64], *outs[64];
    for (int i = 0; i < f->nin; i++) args[i] = i == which ? moved : x[i];
    rc = call(f, args, outs);
    side[s] = 0;
    for (int j = 0; !rc && j < f->nout; j++) {
      side[s] += dot_values(v[j], outs[j]);
    }
    for (int j = 0; !rc && j < f->nout; j++) st__drop(outs[j]);
    st__drop(moved);
  }
  st_set_grad_enabled(prev);
  *result = (side[0] - side[1]) / (2 * eps);
  return rc;
}

/* Analytical v^T J for every input that requires grad, as untracked references. */
static int analytical_vjp(const check_target *f, st_tensor *const *x, st_tensor *const *v, st_tensor **grads) {
  st_tensor *outs[64];
  int rc = call(f, x, outs);
  if (rc) return rc;
  st_tensor *wrt[64];
  int map[64], n = 0;
  for (int i = 0; i < f->nin; i++)
    if (st__requires_grad(x[i])) map[n] = i, wrt[n++] = x[i];
  st_tensor *g[64] = {0};
  st_grad_opts o = {.allow_unused = true, .materialize_grads = true};
  int nout = 0;
  st_tensor *douts[64], *dv[64];
  for (int j = 0; j < f->nout; j++)
    if (st__requires_grad(outs[j])) douts[nout] = outs[j], dv[nout++] = v[j];
  if (nout) rc = st_autograd_grad(nout, douts, dv, n, wrt, g, &o);
  for (int k = 0; k < n; k++) {
    grads[map[k]] = nout ? st__untrack(g[k]) : st__untrack(st_zeros_like(x[map[k]]));
    if (!rc && !grads[map[k]]) rc = st__status();
  }
  for (int j = 0; j < f->nout; j++) st__drop(outs[j]);
  return rc;
}

/* Float64 copies of the inputs that keep requires_grad, and random cotangents. */
static int prepare(const check_target *f, st_tensor *const *inputs, st_tensor **x, st_tensor **v) {
  bool prev = st_set_grad_enabled(false); /* copies without history: fresh leaves */
  int rc = 0;
  for (int i = 0; i < f->nin && !rc; i++) {
    if (!inputs[i]) {
      rc = st__null_error(ST_ERR_ARG, "st_gradcheck: input %d is NULL", i);
      break;
    }
    x[i] = st__untrack(st_to_dtype(inputs[i], st__is_float(inputs[i]->dtype) ? ST_F64 : inputs[i]->dtype));
    if (!x[i]) rc = st__status();
  }
  st_tensor *outs[64];
  if (!rc && !(rc = call(f, x, outs))) {
    for (int j = 0; !rc && j < f->nout; j++) {
      v[j] = st__untrack(st_randn(ST_F64, outs[j]->ndim, outs[j]->shape));
      if (!v[j]) rc = st__status();
    }
    for (int j = 0; j < f->nout; j++) st__drop(outs[j]);
  }
  st_set_grad_enabled(prev);
  for (int i = 0; !rc && i < f->nin; i++)
    if (st__requires_grad(inputs[i])) rc = st_set_requires_grad(x[i], true);
  return rc;
}

static int compare(const char *fn, int input, int64_t elem, double analytical, double numerical, double atol,
                   double rtol) {
  if (fabs(analytical - numerical) <= atol + rtol * fabs(numerical)) return 0;
  if (elem >= 0)
    return st__error(ST_ERR_AUTOGRAD, "%s: gradient mismatch for input %d, element %lld: analytical %.10g, numerical %.10g",
                     fn, input, (long long)elem, analytical, numerical);
  return st__error(ST_ERR_AUTOGRAD, "%s: gradient mismatch for input %d (v^T J u with random u, v): analytical %.10g, "
                                    "numerical %.10g", fn, input, analytical, numerical);
}

static int check(const char *name, const check_target *f, st_tensor *const *inputs, double eps, double atol, double rtol) {
  if (f->nin < 1 || f->nin > 64 || f->nout < 1 || f->nout > 64)
    return st__error(ST_ERR_ARG, "%s: nin %d and nout %d must be in 1..64", name, f->nin, f->nout);
  st_tensor *x[64] = {0}, *v[64] = {0}, *g[64] = {0};
  int rc = prepare(f, inputs, x, v);
  if (!rc) rc = analytical_vjp(f, x, v, g);
  int64_t total = 0;
  for (int i = 0; i < f->nin; i++)
    if (x[i] && st__requires_grad(x[i])) total += st__numel(x[i]->ndim, x[i]->shape);
  for (int i = 0; !rc && i < f->nin; i++) {
    if (!st__requires_grad(x[i])) continue;
    if (total <= FULL_JACOBIAN_MAX) {
      for (int64_t e = 0; !rc && e < st__numel(x[i]->ndim, x[i]->shape); e++) {
        double num;
        rc = numerical_vjp(f, x, i, e, NULL, v, eps, &num);
        if (!rc) rc = compare(name, i, e, st__get_f64(g[i], e), num, atol, rtol);
      }
    } else {
      st_tensor *u = st__untrack(st_randn(ST_F64, x[i]->ndim, x[i]->shape));
      double num = 0;
      rc = u ? numerical_vjp(f, x, i, -1, u, v, eps, &num) : st__status();
      if (!rc) rc = compare(name, i, -1, dot_values(g[i], u), num, atol, rtol);
      st__drop(u);
    }
  }
  for (int i = 0; i < 64; i++) st__drop(x[i]), st__drop(v[i]), st__drop(g[i]);
  if (!rc) st__ok();
  return rc;
}

int st_gradcheck(st_check_fn fn, void *user, int nin, st_tensor *const *inputs, int nout, double eps, double atol,
                 double rtol) {
  if (!fn || !inputs) return st__error(ST_ERR_ARG, "st_gradcheck: fn and inputs must be given");
  check_target f = {fn, user, nin, nout};
  return check("st_gradcheck", &f, inputs, eps, atol, rtol);
}

/* gradgradcheck checks the function (x, w) -> vjp(f, x, w) in both x and the cotangents w,
   as PyTorch's gradgradcheck does: the first derivative of the rule in w, the second of f in x. */
typedef struct {
  check_target inner;
  bool diff[64]; /* the inputs of f that are differentiated */
} vjp_target;

/* Called by the numerical pass too, which runs with grad mode off on plain copies: the vjp
   needs grad mode and leaves, so it makes them. */
static int vjp_fn(void *user, int nargs, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nargs, (void)nout;
  vjp_target *t = user;
  int nin = t->inner.nin;
  bool prev = st_set_grad_enabled(true);
  st_tensor *x[64], *wrt[64], *outs[64];
  int map[64], n = 0, rc = 0;
  for (int i = 0; i < nin && !rc; i++) {
    x[i] = in[i];
    if (!t->diff[i]) continue;
    if (!st__requires_grad(x[i])) {
      if (!(x[i] = st_detach(in[i]))) rc = st__status();
      else rc = st_set_requires_grad(x[i], true);
    }
    map[n] = i, wrt[n++] = x[i];
  }
  if (!rc) rc = call(&t->inner, x, outs);
  st_tensor *g[64] = {0};
  if (!rc) { /* outputs without a gradient (integer indices, say) take no cotangent */
    st_grad_opts o = {.create_graph = true, .allow_unused = true, .materialize_grads = true};
    st_tensor *douts[64], *dv[64];
    int nd = 0;
    for (int j = 0; j < t->inner.nout; j++)
      if (st__requires_grad(outs[j])) douts[nd] = outs[j], dv[nd++] = in[nin + j];
    if (nd) rc = st_autograd_grad(nd, douts, dv, n, wrt, g, &o);
    for (int k = 0; !rc && !nd && k < n; k++) /* nothing differentiable came out: zero */
      if (!(g[k] = st_zeros_like(wrt[k]))) rc = st__status();
    for (int j = 0; j < t->inner.nout; j++) st__drop(outs[j]);
  }
  st_set_grad_enabled(prev);
  for (int i = 0, k = 0; i < nin; i++) {
    out[i] = k < n && map[k] == i ? g[k++] : (rc ? NULL : st_zeros_like(in[i]));
    if (!rc && !out[i]) rc = st__status(); /* out of memory, not a function that returned NULL */
  }
  return rc;
}

int st_gradgradcheck(st_check_fn fn, void *user, int nin, st_tensor *const *inputs, int nout, double eps, double atol,
                     double rtol) {
  if (!fn || !inputs || nin < 1 || nout < 1 || nin + nout > 64)
    return st__error(ST_ERR_ARG, "st_gradgradcheck: fn, inputs, nin and nout (nin + nout <= 64) must be given");
  vjp_target t = {{fn, user, nin, nout}, {0}};
  st_tensor *args[64] = {0};
  for (int i = 0; i < nin; i++) t.diff[i] = inputs[i] && st__requires_grad(inputs[i]);
  /* The cotangents: random, shaped like f's outputs, differentiated too. */
  int rc = prepare(&t.inner, inputs, args, args + nin);
  for (int j = 0; !rc && j < nout; j++)
    if (st__is_float(args[nin + j]->dtype)) rc = st_set_requires_grad(args[nin + j], true);
  check_target outer = {vjp_fn, &t, nin + nout, nin};
  if (!rc) rc = check("st_gradgradcheck", &outer, args, eps, atol, rtol);
  for (int i = 0; i < 64; i++) st__drop(args[i]);
  return rc;
}
