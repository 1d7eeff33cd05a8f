/* conf.c — the conformance harness (conf.h): per-case failure records judged against
   known_failures.h, expected-value checks, and the runner of program cases. */
#include "conf.h"

#include <stdarg.h>

#include "difffuzz/prog.h"
#include "known_failures.h"

#define MAX_MESSAGES 8

static struct {
  const char *name;
  int failures;
  char messages[MAX_MESSAGES][512];
} current;

void conf_begin(const char *name) {
  current.name = name;
  current.failures = 0;
}

int conf_failures(void) { return current.failures; }

void conf_fail(const char *file, int line, const char *fmt, ...) {
  if (current.failures < MAX_MESSAGES) {
    char *m = current.messages[current.failures];
    int k = snprintf(m, 512, "%s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && k < 512) vsnprintf(m + k, 512 - (size_t)k, fmt, ap);
    va_end(ap);
  }
  current.failures++;
}

static const conf_known_failure *known(const char *name) {
  for (size_t i = 0; i < sizeof conf_known_failures / sizeof *conf_known_failures; i++)
    if (conf_known_failures[i].name && !strcmp(conf_known_failures[i].name, name))
      return &conf_known_failures[i];
  return NULL;
}

void conf_end(void) {
  const conf_known_failure *k = known(current.name);
  if (current.failures && k) {
    printf("  known failure %s [%s]: %s\n", current.name, k->area, k->reason);
    printf("    first check that failed: %s\n", current.messages[0]);
  } else if (current.failures) {
    int n = current.failures < MAX_MESSAGES ? current.failures : MAX_MESSAGES;
    for (int i = 0; i < n; i++) st_test_fail(__FILE__, __LINE__, "%s", current.messages[i]);
    if (current.failures > n)
      st_test_fail(__FILE__, __LINE__, "%d more failed checks", current.failures - n);
  } else if (k) {
    printf("  %s passes but is listed in tests/conformance/known_failures.h: remove it\n",
           current.name);
  }
  current.name = NULL;
}

/* ============================================================================ expectations */

st_tensor *conf_tensor(const conf_array *a) {
  return st_from_data(ST_F64, a->ndim, a->shape, a->data);
}

static bool close_to(double got, double want, double rtol, double scale) {
  if (isnan(got) || isnan(want)) return isnan(got) && isnan(want);
  if (isinf(got) || isinf(want)) return got == want;
  double tol = rtol * fmax(fabs(got), fabs(want)) + 1e-3 * rtol * fmax(1.0, scale);
  return fabs(got - want) <= tol;
}

bool conf_expect_values(const char *file, int line, const char *what, const st_tensor *t, int ndim,
                        const int64_t *shape, const double *want, double rtol) {
  if (!t) {
    conf_fail(file, line, "%s is NULL [last error: %s]", what, st_last_error());
    return false;
  }
  int64_t n = 1;
  if (ndim >= 0) {
    bool same = st_ndim(t) == ndim;
    for (int i = 0; same && i < ndim; i++) same = st_size(t, i) == shape[i];
    if (!same) {
      char got[128] = "", exp[128] = "";
      for (int i = 0; i < st_ndim(t); i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), i ? ", %lld" : "%lld",
                 (long long)st_size(t, i));
      for (int i = 0; i < ndim; i++)
        snprintf(exp + strlen(exp), sizeof exp - strlen(exp), i ? ", %lld" : "%lld",
                 (long long)shape[i]);
      conf_fail(file, line, "%s has shape [%s], expected [%s]", what, got, exp);
      return false;
    }
    for (int i = 0; i < ndim; i++) n *= shape[i];
  } else {
    n = -(int64_t)ndim; /* CF_VALUES passes -count */
    n = st_numel(t) == n ? n : -1;
    if (n < 0) {
      conf_fail(file, line, "%s has %lld elements, expected %d", what, (long long)st_numel(t),
                -ndim);
      return false;
    }
  }
  double *got = malloc(sizeof(double) * (size_t)(n ? n : 1));
  if (!got || st_to_f64(t, got, n)) {
    conf_fail(file, line, "%s: cannot read values: %s", what, st_last_error());
    free(got);
    return false;
  }
  double scale = 0;
  for (int64_t i = 0; i < n; i++)
    if (isfinite(want[i])) scale = fmax(scale, fabs(want[i]));
  bool ok = true;
  for (int64_t i = 0; i < n && ok; i++) {
    if (!close_to(got[i], want[i], rtol, scale)) {
      conf_fail(file, line, "%s element %lld: got %.17g, expected %.17g", what, (long long)i,
                got[i], want[i]);
      ok = false;
    }
  }
  free(got);
  return ok;
}

bool conf_expect(const char *file, int line, const char *what, const st_tensor *t,
                 const conf_array *a, double rtol) {
  return conf_expect_values(file, line, what, t, a->ndim, a->shape, a->data, rtol);
}

/* ========================================================================= program cases */

/* Eager autograd over the body (conf.h, CONF_EAGER): outputs y, g..., gg... */
static int run_eager(const df_prog *p, st_tensor **x, st_tensor **out) {
  st_tensor *y[DF_MAX_OUT] = {0}, *g[DF_MAX_IN] = {0}, *gg[DF_MAX_IN] = {0};
  int nin = p->nin, rc;
  for (int i = 0; i < nin; i++)
    if ((rc = st_set_requires_grad(x[i], true))) return rc;
  st_func *body = df_body(p);
  rc = body ? st_call(body, x, y) : st_last_status();
  st_func_release(body);
  if (rc) return rc;
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(y[0], shape);
  st_tensor *v = df_direction(nd, shape, 1);
  st_grad_opts first = {.create_graph = true, .allow_unused = true, .materialize_grads = true};
  if ((rc = st_autograd_grad(1, &y[0], &v, nin, x, g, &first))) return rc;
  st_tensor *s = st_scalar(ST_F64, 0.0);
  for (int i = 0; i < nin; i++) {
    nd = st_shape(x[i], shape);
    s = st_add(s, st_sum_all(st_mul(g[i], df_direction(nd, shape, 20 + i))));
  }
  if (!s) return st_last_status();
  if (st_requires_grad(s)) {
    st_grad_opts second = {.allow_unused = true, .materialize_grads = true};
    if ((rc = st_autograd_grad(1, &s, NULL, nin, x, gg, &second))) return rc;
  } else {
    for (int i = 0; i < nin; i++)
      if (!(gg[i] = st_zeros_like(x[i]))) return st_last_status();
  }
  out[0] = y[0];
  for (int i = 0; i < nin; i++) out[1 + i] = g[i], out[1 + nin + i] = gg[i];
  return 0;
}

/* The outermost vmap of p against running the stack below it on every lane and stacking. */
static void check_vmap_loop(const df_prog *p, st_tensor **x, st_tensor **got, int nout) {
  const df_layer *L = &p->layers[0];
  df_prog *inner = malloc(sizeof *inner);
  if (!inner) return;
  *inner = *p;
  inner->nlayers--;
  memmove(inner->layers, inner->layers + 1, sizeof(df_layer) * (size_t)inner->nlayers);
  int64_t B = -1;
  for (int i = 0; i < p->nin; i++)
    if (L->in_dims[i] != ST_UNBATCHED) B = st_size(x[i], L->in_dims[i]);
  st_tensor *lanes[DF_MAX_OUT][8] = {{0}};
  for (int64_t b = 0; b < B && b < 8; b++) {
    st_tensor *xl[DF_MAX_IN], *yl[DF_MAX_OUT] = {0};
    for (int i = 0; i < p->nin; i++)
      xl[i] = L->in_dims[i] == ST_UNBATCHED ? x[i] : st_select(x[i], L->in_dims[i], b);
    if (df_run(inner, xl, yl)) {
      conf_fail(__FILE__, __LINE__, "lane %lld of the loop failed: %s", (long long)b,
                st_last_error());
      free(inner);
      return;
    }
    for (int j = 0; j < nout; j++) lanes[j][b] = yl[j];
  }
  for (int j = 0; j < nout; j++) {
    int od = L->out_dims[j];
    st_tensor *want = od == ST_UNBATCHED ? lanes[j][0] : st_stack((int)B, lanes[j], od);
    double *w = NULL;
    int64_t n = st_numel(want), shape[ST_MAX_DIMS];
    int nd = st_shape(want, shape);
    if (want && (w = malloc(sizeof(double) * (size_t)(n ? n : 1))) && !st_to_f64(want, w, n)) {
      char what[64];
      snprintf(what, sizeof what, "vmap output %d against the loop", j);
      conf_expect_values(__FILE__, __LINE__, what, got[j], nd, shape, w, 1e-12);
    } else {
      conf_fail(__FILE__, __LINE__, "cannot stack the loop's output %d: %s", j, st_last_error());
    }
    free(w);
  }
  free(inner);
}

void conf_run_program(const char *name, conf_mode mode, const char *text, const conf_array *in,
                      int nin, const conf_array *out, int nout, bool fails) {
  df_prog *p = malloc(sizeof *p);
  char err[256];
  if (!p || df_parse(text, p, err, sizeof err) <= 0) {
    conf_fail(__FILE__, __LINE__, "%s: cannot parse the program: %s", name, p ? err : "no memory");
    free(p);
    return;
  }
  st_scope_push();
  st_tensor *x[DF_MAX_IN] = {0}, *y[DF_MAX_OUT * 2 + 2] = {0};
  for (int i = 0; i < nin; i++) x[i] = conf_tensor(&in[i]);
  bool mode_was = st_is_grad_enabled();
  int rc = mode == CONF_EAGER ? run_eager(p, x, y) : df_run(p, x, y);
  st_set_grad_enabled(mode_was);
  if (fails) {
    if (!rc)
      conf_fail(__FILE__, __LINE__, "%s: torch raises, strata succeeds", name);
    else if (!st_last_error()[0])
      conf_fail(__FILE__, __LINE__, "%s failed without a message", name);
  } else if (rc) {
    conf_fail(__FILE__, __LINE__, "%s: failed (status %d): %s", name, rc, st_last_error());
  } else {
    int got = mode == CONF_EAGER ? 1 + 2 * p->nin : df_num_outputs(p);
    if (got != nout) conf_fail(__FILE__, __LINE__, "%s: %d outputs, expected %d", name, got, nout);
    for (int j = 0; j < nout && j < got; j++) {
      char what[64];
      snprintf(what, sizeof what, "output %d", j);
      conf_expect(__FILE__, __LINE__, what, y[j], &out[j], CF_RTOL);
    }
    if (mode == CONF_VMAP && p->nlayers && p->layers[0].kind == DF_VMAP && got == nout)
      check_vmap_loop(p, x, y, nout);
  }
  st_clear_error();
  st_scope_pop();
  free(p);
}
