/* tx.c — see tx.h. */
#include "tx.h"

#define TX_MAX 8

static bool same_values(const char *file, int line, const char *what, int j, st_tensor *got,
                        st_tensor *want, double tol) {
  if (!got || !want) {
    st_test_fail(file, line, "%s: output %d is NULL [%s]", what, j, st_last_error());
    return false;
  }
  int64_t gs[16], ws[16];
  int gn = st_shape(got, gs), wn = st_shape(want, ws);
  bool ok = gn == wn;
  for (int d = 0; ok && d < gn; d++) ok = gs[d] == ws[d];
  if (!ok) {
    st_test_fail(file, line,
                 "%s: output %d has %d dims (shape mismatch with the reference's %d dims, first "
                 "sizes %lld vs %lld)",
                 what, j, gn, wn, (long long)(gn ? gs[0] : -1), (long long)(wn ? ws[0] : -1));
    return false;
  }
  int64_t n = st_numel(want);
  double *w = malloc(sizeof(double) * (size_t)(n ? n : 1));
  st_to_f64(want, w, n);
  char label[160];
  snprintf(label, sizeof label, "%s output %d", what, j);
  ok = st_test_close(file, line, got, w, n, tol) != 0;
  free(w);
  if (!ok) st_test_fail(file, line, "%s: values differ", label);
  return ok;
}

static int call(st_fn fn, void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_func *f = st_func_new(fn, ctx, nin, nout);
  int rc = st_call(f, in, out);
  st_func_release(f);
  return rc;
}

bool tx_vmap_loop(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *in,
                  const int *in_dims, int nout, double tol) {
  st_scope_push();
  bool ok = true;
  int64_t B = -1;
  for (int i = 0; i < nin; i++)
    if (in_dims[i] != ST_UNBATCHED) B = st_size(in[i], in_dims[i]);
  st_func *f = st_func_new(fn, ctx, nin, nout);
  st_func *vf = st_vmap(f, in_dims, NULL);
  st_tensor *got[TX_MAX] = {0};
  if (st_call(vf, in, got)) {
    st_test_fail(file, line, "vmap failed: %s", st_last_error());
    ok = false;
  }
  if (B < 0) ok = false; /* a batched input was not made (an allocation failed) */
  st_tensor **lanes = ok ? calloc((size_t)(B * nout + 1), sizeof(st_tensor *)) : NULL;
  if (!lanes) ok = false;
  for (int64_t b = 0; ok && b < B; b++) {
    st_tensor *x[TX_MAX];
    for (int i = 0; i < nin; i++)
      x[i] = in_dims[i] == ST_UNBATCHED ? in[i] : st_select(in[i], in_dims[i], b);
    st_tensor *o[TX_MAX] = {0};
    if (st_call(f, x, o)) {
      st_test_fail(file, line, "lane %lld failed: %s", (long long)b, st_last_error());
      ok = false;
    }
    for (int j = 0; j < nout; j++) lanes[j * B + b] = o[j];
  }
  for (int j = 0; ok && j < nout; j++) {
    st_tensor *want = B ? st_stack((int)B, lanes + j * B, 0) : NULL;
    if (B == 0) continue; /* shapes only: the loop has no lanes to stack */
    char what[64];
    snprintf(what, sizeof what, "vmap vs loop (in_dims[0]=%d)", in_dims[0]);
    ok = same_values(file, line, what, j, got[j], want, tol) && ok;
  }
  free(lanes);
  st_func_release(vf);
  st_func_release(f);
  st_scope_pop();
  return ok;
}

/* lanes of a sample, batched at dim d (d may be -1) */
static st_tensor *batch_sample(st_tensor *x, int d, int64_t B) {
  st_tensor **lanes = calloc((size_t)B, sizeof(st_tensor *));
  st_dtype dt = st_dtype_of(x);
  bool fl = dt == ST_F32 || dt == ST_F64 || dt == ST_F16 || dt == ST_BF16;
  for (int64_t b = 0; b < B; b++) lanes[b] = fl ? st_mul_scalar(x, 1.0 + 0.05 * (double)b) : x;
  st_tensor *r = st_stack((int)B, lanes, d < 0 ? st_ndim(x) + 1 + d : d);
  free(lanes);
  return r;
}

typedef struct {
  st_fn fn;
  void *ctx;
  int nin, nout;
  const int *in_dims;
} inner_vmap;

static int call_inner_vmap(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  inner_vmap *v = ctx;
  (void)nin;
  (void)nout;
  st_func *f = st_func_new(v->fn, v->ctx, v->nin, v->nout);
  st_func *vf = st_vmap(f, v->in_dims, NULL);
  int rc = st_call(vf, in, out);
  st_func_release(vf);
  st_func_release(f);
  return rc;
}

static bool vmap_all(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *samples,
                     int nout, int64_t B, double tol, bool self_batched);

bool tx_vmap_all(const char *file, int line, st_fn fn, void *ctx, int nin,
                 st_tensor *const *samples, int nout, int64_t B, double tol) {
  return vmap_all(file, line, fn, ctx, nin, samples, nout, B, tol, false);
}

bool tx_vmap_all_inplace(const char *file, int line, st_fn fn, void *ctx, int nin,
                         st_tensor *const *samples, int nout, int64_t B, double tol) {
  return vmap_all(file, line, fn, ctx, nin, samples, nout, B, tol, true);
}

static bool vmap_all(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *samples,
                     int nout, int64_t B, double tol, bool self_batched) {
  static const int choices[3] = {0, -1, ST_UNBATCHED};
  int total = 1;
  for (int i = 0; i < nin; i++) total *= 3;
  bool ok = true;
  for (int code = 0; code < total && ok; code++) {
    int dims[TX_MAX], c = code;
    bool any = false;
    for (int i = 0; i < nin; i++) {
      dims[i] = choices[c % 3];
      c /= 3;
      any = any || dims[i] != ST_UNBATCHED;
    }
    if (!any || (self_batched && dims[0] == ST_UNBATCHED)) continue;
    st_scope_push();
    st_tensor *in[TX_MAX];
    for (int i = 0; i < nin; i++)
      in[i] = dims[i] == ST_UNBATCHED ? samples[i] : batch_sample(samples[i], dims[i], B);
    ok = tx_vmap_loop(file, line, fn, ctx, nin, in, dims, nout, tol);
    st_scope_pop();
  }
  /* nested: vmap(vmap(fn)) over [B, 2, ...] inputs, every input batched at 0 */
  if (ok) {
    st_scope_push();
    int zeros[TX_MAX] = {0};
    inner_vmap v = {fn, ctx, nin, nout, zeros};
    st_tensor *in[TX_MAX];
    for (int i = 0; i < nin; i++) in[i] = batch_sample(batch_sample(samples[i], 0, 2), 0, B);
    ok = tx_vmap_loop(file, line, call_inner_vmap, &v, nin, in, zeros, nout, tol);
    st_scope_pop();
  }
  return ok;
}

static bool is_float(st_tensor *t) { return st_dtype_of(t) == ST_F32 || st_dtype_of(t) == ST_F64; }

bool tx_jvp_fd(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *in,
               int nout, double eps, double tol) {
  st_scope_push();
  bool ok = true;
  st_tensor *t[TX_MAX], *xp[TX_MAX], *xm[TX_MAX];
  int64_t shape[16];
  for (int i = 0; i < nin; i++) {
    int nd = st_shape(in[i], shape);
    t[i] = is_float(in[i]) ? st_randn(st_dtype_of(in[i]), nd, shape) : NULL;
    xp[i] = t[i] ? st_add(in[i], st_mul_scalar(t[i], eps)) : in[i];
    xm[i] = t[i] ? st_sub(in[i], st_mul_scalar(t[i], eps)) : in[i];
  }
  st_func *f = st_func_new(fn, ctx, nin, nout);
  st_tensor *o[TX_MAX] = {0}, *to[TX_MAX] = {0}, *op[TX_MAX] = {0}, *om[TX_MAX] = {0};
  if (st_jvp(f, in, t, o, to) || call(fn, ctx, nin, xp, nout, op) ||
      call(fn, ctx, nin, xm, nout, om)) {
    st_test_fail(file, line, "jvp or a perturbed call failed: %s", st_last_error());
    ok = false;
  }
  for (int j = 0; ok && j < nout; j++) {
    if (!is_float(o[j])) continue;
    st_tensor *fd = st_mul_scalar(st_sub(op[j], om[j]), 0.5 / eps);
    ok = same_values(file, line, "jvp vs central differences", j, to[j], fd, tol);
  }
  st_func_release(f);
  st_scope_pop();
  return ok;
}

static double dot_all(st_tensor *a, st_tensor *b) { return st_item(st_sum_all(st_mul(a, b))); }

bool tx_transpose(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *in,
                  int nout, double tol) {
  st_scope_push();
  bool ok = true;
  st_tensor *v[TX_MAX], *u[TX_MAX] = {0}, *o[TX_MAX] = {0}, *jv[TX_MAX] = {0}, *jtu[TX_MAX] = {0};
  int64_t shape[16];
  for (int i = 0; i < nin; i++) {
    int nd = st_shape(in[i], shape);
    v[i] = is_float(in[i]) ? st_randn(st_dtype_of(in[i]), nd, shape) : NULL;
  }
  st_func *f = st_func_new(fn, ctx, nin, nout), *pb = NULL;
  if (st_jvp(f, in, v, o, jv)) {
    st_test_fail(file, line, "jvp failed: %s", st_last_error());
    ok = false;
  }
  for (int j = 0; ok && j < nout; j++) {
    int nd = st_shape(o[j], shape);
    u[j] = is_float(o[j]) ? st_randn(st_dtype_of(o[j]), nd, shape) : NULL;
  }
  st_tensor *o2[TX_MAX] = {0};
  if (ok && (st_vjp(f, in, o2, &pb) || st_call(pb, u, jtu))) {
    st_test_fail(file, line, "vjp failed: %s", st_last_error());
    ok = false;
  }
  if (ok) {
    double lhs = 0, rhs = 0;
    for (int j = 0; j < nout; j++)
      if (u[j]) lhs += dot_all(u[j], jv[j]);
    for (int i = 0; i < nin; i++)
      if (v[i]) rhs += dot_all(jtu[i], v[i]);
    if (!(fabs(lhs - rhs) <= tol * (1 + fabs(lhs)))) {
      st_test_fail(file, line, "<u, J v> = %.17g but <J^T u, v> = %.17g", lhs, rhs);
      ok = false;
    }
  }
  st_func_release(pb);
  st_func_release(f);
  st_scope_pop();
  return ok;
}
