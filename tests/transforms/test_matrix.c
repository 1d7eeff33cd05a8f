/* test_matrix.c — the composition matrix: every pair of transforms, the main triples and depth
   four, each checked against a reference that knows nothing about transforms. A transform T
   maps a function g: R^3 -> tensor to another function of x; its reference computes the same
   value from calls of g alone (central differences in float64, or a loop for vmap). Comparing
   A(B(f)) with ref_A(B(f)) checks A applied to a transformed function, for every A and B. */
#include "tx.h"
#include "util.h"

enum { G, V, J, R, F, M, NT }; /* grad, vjp, jvp, jacrev, jacfwd, vmap */
static const char *const tnames[NT] = {"grad", "vjp", "jvp", "jacrev", "jacfwd", "vmap"};

/* the base function: f(x) = sin(W x) * sum(x^2), R^3 -> R^2 */
static st_tensor *W;
static int base_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_sin(st_matmul(W, in[0])), st_sum_all(st_square(in[0])));
  return out[0] ? 0 : -1;
}

/* a fixed, non-trivial tensor shaped like t: sin(1 + 0.7 k) over its elements */
static st_tensor *pattern_like(st_tensor *t) {
  int64_t shape[16];
  int nd = st_shape(t, shape);
  st_tensor *k = st_arange(ST_F64, 0, (double)st_numel(t), 1);
  return st_reshape(st_sin(st_add_scalar(st_mul_scalar(k, 0.7), 1)), nd, shape);
}

static st_tensor *call1(st_func *g, st_tensor *x) {
  st_tensor *r = NULL;
  return st_call(g, &x, &r) ? NULL : r;
}

/* ----------------------------------------------------------------- transforms as functions */

typedef struct {
  int kind;
  st_func *g; /* the function transformed */
  st_func *t; /* for grad/jacrev/jacfwd: the library's transform of g (or of sum∘g) */
} tfn;

static int sum_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *y = call1(ctx, in[0]);
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}

static int apply_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  tfn *T = ctx;
  st_tensor *x = in[0];
  switch (T->kind) {
  case G:
  case R:
  case F: out[0] = call1(T->t, x); break;
  case V: { /* x -> J^T u with u = pattern */
    st_tensor *y = NULL;
    st_func *pb = NULL;
    if (st_vjp(T->g, &x, &y, &pb)) return -1;
    st_tensor *u = pattern_like(y);
    int rc = st_call(pb, &u, out);
    st_func_release(pb);
    return rc;
  }
  case J: { /* x -> J v with v = pattern */
    st_tensor *y = NULL, *v = pattern_like(x);
    return st_jvp(T->g, &x, &v, &y, out);
  }
  case M: { /* x -> vmap(g) over the lanes (x, 0.5 x + 0.1) */
    st_tensor *lanes[2] = {x, st_add_scalar(st_mul_scalar(x, 0.5), 0.1)};
    st_func *v = st_vmap(T->g, NULL, NULL);
    out[0] = call1(v, st_stack(2, lanes, 0));
    st_func_release(v);
    break;
  }
  }
  return out[0] ? 0 : -1;
}

static void tfn_free(void *p) {
  tfn *T = p;
  st_func_release(T->g);
  st_func_release(T->t);
  free(T);
}

static st_func *transform(int kind, st_func *g) {
  tfn *T = calloc(1, sizeof *T);
  T->kind = kind;
  T->g = st_func_retain(g);
  if (kind == G) {
    st_func *s = st_func_new(sum_fn, g, 1, 1);
    T->t = st_grad(s, 0, NULL);
    st_func_release(s);
  } else if (kind == R) {
    T->t = st_jacrev(g, 0);
  } else if (kind == F) {
    T->t = st_jacfwd(g, 0);
  }
  st_func *f = st_func_new_owned(apply_fn, T, tfn_free, 1, 1);
  if (!f) tfn_free(T); /* a failed st_func_new_owned leaves the context to its caller */
  return f;
}

/* ------------------------------------------------------------------ references from calls */

static const double EPS = 1e-5;

/* rows d g(x) / d x_i by central differences, flattened: [numel(x), numel(g)] */
static st_tensor *fd_rows(st_func *g, st_tensor *x) {
  int64_t n = st_numel(x);
  if (n < 0) return NULL; /* x failed (an allocation, in the sweep) */
  st_tensor **rows = calloc((size_t)n, sizeof(st_tensor *));
  for (int64_t i = 0; i < n; i++) {
    st_tensor *e = st_mul_scalar(st_select(st_eye(ST_F64, n, n), 0, i), EPS);
    st_tensor *d = st_sub(call1(g, st_add(x, e)), call1(g, st_sub(x, e)));
    rows[i] = st_reshape(st_mul_scalar(d, 0.5 / EPS), 1, (const int64_t[]){-1});
  }
  st_tensor *r = st_stack((int)n, rows, 0);
  free(rows);
  return r;
}

static st_tensor *reference(int kind, st_func *g, st_tensor *x) {
  st_tensor *y = call1(g, x);
  int64_t shape[16];
  int nd = st_shape(y, shape);
  if (nd < 0) return NULL; /* y failed (an allocation, in the sweep) */
  switch (kind) {
  case G: /* d sum(g) / dx */ return st_sum(fd_rows(g, x), 1, (const int[]){1}, false);
  case V: /* sum_k u_k d g_k / dx */
    return st_matmul(fd_rows(g, x), st_reshape(pattern_like(y), 1, (const int64_t[]){-1}));
  case J: { /* (g(x + eps v) - g(x - eps v)) / 2 eps */
    st_tensor *v = st_mul_scalar(pattern_like(x), EPS);
    return st_mul_scalar(st_sub(call1(g, st_add(x, v)), call1(g, st_sub(x, v))), 0.5 / EPS);
  }
  case R:
  case F: /* g.shape + x.shape (x is a vector) */
    shape[nd] = st_numel(x);
    return st_reshape(st_transpose(fd_rows(g, x), 0, 1), nd + 1, shape);
  case M: {
    st_tensor *lanes[2] = {y, call1(g, st_add_scalar(st_mul_scalar(x, 0.5), 0.1))};
    return st_stack(2, lanes, 0);
  }
  }
  return NULL;
}

/* transforms[0](transforms[1](...(f))) against reference_{transforms[0]} of the rest */
static void check_chain(const char *file, int line, int n, const int *kinds) {
  st_scope_push();
  st_func *inner = st_func_new(base_fn, NULL, 1, 1);
  for (int k = n - 1; k >= 1; k--) {
    st_func *t = transform(kinds[k], inner);
    st_func_release(inner);
    inner = t;
  }
  st_func *outer = transform(kinds[0], inner);
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.4, -0.8, 1.1});
  st_tensor *got = call1(outer, x), *want = reference(kinds[0], inner, x);
  char what[128] = "";
  for (int k = 0; k < n; k++)
    snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s", k ? "." : "",
             tnames[kinds[k]]);
  if (!got || !want) {
    st_test_fail(file, line, "%s: %s", what, st_last_error());
  } else {
    int64_t gs[16], ws[16];
    int gn = st_shape(got, gs), wn = st_shape(want, ws);
    bool same = gn == wn;
    for (int d = 0; same && d < gn; d++) same = gs[d] == ws[d];
    double *w = malloc(sizeof(double) * (size_t)(st_numel(want) + 1));
    st_to_f64(want, w, st_numel(want));
    if (!same)
      st_test_fail(file, line, "%s: result has %d dims, the reference %d", what, gn, wn);
    else if (!st_test_close(file, line, got, w, st_numel(want), 1e-6))
      st_test_fail(file, line, "%s differs", what);
    free(w);
  }
  st_func_release(outer);
  st_func_release(inner);
  st_scope_pop();
}
#define CHECK_CHAIN(...)                                                                           \
  check_chain(__FILE__, __LINE__, sizeof((const int[]){__VA_ARGS__}) / sizeof(int),                \
              (const int[]){__VA_ARGS__})

static void setup(void) {
  W = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){0.3, -0.5, 0.8, 1.1, 0.2, -0.4});
}

TEST(matrix_single_transforms) {
  setup();
  for (int a = 0; a < NT; a++) CHECK_CHAIN(a);
}

TEST(matrix_every_pair) {
  setup();
  for (int a = 0; a < NT; a++)
    for (int b = 0; b < NT; b++) CHECK_CHAIN(a, b);
}

TEST(matrix_main_triples) {
  setup();
  CHECK_CHAIN(M, G, G); /* per-sample second derivatives */
  CHECK_CHAIN(F, R, G); /* third derivatives */
  CHECK_CHAIN(G, M, F);
  CHECK_CHAIN(J, G, G);
  CHECK_CHAIN(R, F, M);
  CHECK_CHAIN(V, J, M);
  CHECK_CHAIN(G, V, J);
  CHECK_CHAIN(M, R, F); /* batched hessians, the seed benchmark's shape */
  CHECK_CHAIN(M, M, G);
}

TEST(matrix_depth_four) {
  setup();
  CHECK_CHAIN(M, J, G, R);
  CHECK_CHAIN(G, M, F, V);
  CHECK_CHAIN(R, G, M, J);
}
