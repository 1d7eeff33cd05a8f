/* test_vjp_reduce.c — vjp rules of the reduce family: st_gradcheck of every differentiable
   reduction and of its vjp (double backward, in the input and in the cotangent) over dim sets
   with negative dims, keepdim on and off, every dim, a 0-dim input and a non-contiguous input;
   exact values where PyTorch's semantics matter (ties of amax/amin, zeros of prod, the zero
   norm, a constant std, the correction of var); argmax/argmin being non-differentiable; and the
   rules computing nothing for inputs that need no gradient. */
#include "test.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

typedef enum { SUM, MEAN, PROD, AMAX, AMIN, VAR, STD, LOGSUMEXP, NORM } red_op;

/* One reduction call: the op, its dims (ndims 0: every dim) and keepdim, var/std's correction.
   transposed: the op sees its input with dims 0 and -1 swapped, a non-contiguous layout. */
typedef struct {
  red_op op;
  int ndims;
  int dims[8];
  bool keepdim, transposed;
  double correction;
} prm;

static st_tensor *reduce(const prm *p, st_tensor *x) {
  int n = p->ndims;
  const int *d = p->dims;
  bool k = p->keepdim;
  switch (p->op) {
  case SUM: return st_sum(x, n, d, k);
  case MEAN: return st_mean(x, n, d, k);
  case PROD: return st_prod(x, n, d, k);
  case AMAX: return st_amax(x, n, d, k);
  case AMIN: return st_amin(x, n, d, k);
  case VAR: return st_var(x, n, d, p->correction, k);
  case STD: return st_std(x, n, d, p->correction, k);
  case LOGSUMEXP: return st_logsumexp(x, n, d, k);
  case NORM: return st_norm(x, n, d, k);
  }
  return NULL;
}

static int apply(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const prm *p = user;
  st_tensor *x = p->transposed ? st_transpose(in[0], 0, -1) : in[0];
  out[0] = reduce(p, x);
  return out[0] ? 0 : -1;
}

/* st_gradcheck of the reduction at x, then st_gradgradcheck (double backward, in x and in the
   cotangent). */
static int check_op(const prm *p, st_tensor *x) {
  st_set_requires_grad(x, true);
  int rc = st_gradcheck(apply, (void *)p, 1, &x, 1, 1e-6, 1e-7, 1e-5);
  if (rc) return rc;
  return st_gradgradcheck(apply, (void *)p, 1, &x, 1, 1e-6, 1e-7, 1e-5);
}

#define CHECK_OP(p, x)                                                                             \
  do {                                                                                             \
    if (check_op((p), (x)))                                                                        \
      st_test_fail(__FILE__, __LINE__, "check_op (op %d): %s", (int)(p)->op, st_last_error());     \
  } while (0)

static st_tensor *randn(int ndim, const int64_t *shape) { return st_randn(ST_F64, ndim, shape); }

static st_tensor *leaf(st_tensor *t) {
  st_set_requires_grad(t, true);
  return t;
}

static st_tensor *vals(int ndim, const int64_t *shape, const double *v) {
  return leaf(tu_tensor(ST_F64, ndim, shape, v));
}

/* The gradient of sum(y * w) in x (w NULL: y is one element and w = 1). */
static st_tensor *grad_of(st_tensor *y, st_tensor *w, st_tensor *x) {
  st_tensor *g = NULL;
  if (st_autograd_grad(1, &y, w ? &w : NULL, 1, &x, &g, NULL)) return NULL;
  return g;
}

/* The representative calls every smooth reduction is checked on: one dim, a negative dim set
   with keepdim, every dim, a non-contiguous input, and a 0-dim input. */
static void check_shapes(red_op op, double correction) {
  prm p = {.op = op, .ndims = 1, .dims = {1}, .correction = correction};
  CHECK_OP(&p, randn(ST_SHAPE(2, 3, 4)));
  prm q = {.op = op, .ndims = 2, .dims = {-1, 0}, .keepdim = true, .correction = correction};
  CHECK_OP(&q, randn(ST_SHAPE(2, 3, 4)));
  q.keepdim = false;
  CHECK_OP(&q, randn(ST_SHAPE(2, 3, 4)));
  prm all = {.op = op, .correction = correction};
  CHECK_OP(&all, randn(ST_SHAPE(3, 4)));
  all.keepdim = true;
  CHECK_OP(&all, randn(ST_SHAPE(3, 4)));
  prm t = {.op = op, .ndims = 1, .dims = {-1}, .transposed = true, .correction = correction};
  CHECK_OP(&t, randn(ST_SHAPE(4, 3)));
  t.dims[0] = 0, t.keepdim = true;
  CHECK_OP(&t, randn(ST_SHAPE(4, 2, 3)));
}

/* A 0-dim input: dims {} or {0} reduce nothing. */
static void check_scalar(red_op op) {
  prm p = {.op = op};
  CHECK_OP(&p, randn(0, NULL));
  prm q = {.op = op, .ndims = 1, .dims = {-1}, .keepdim = true};
  CHECK_OP(&q, randn(0, NULL));
}

/* ------------------------------------------------------------------------ sum and mean */

TEST(vjp_sum_and_mean) {
  check_shapes(SUM, 0);
  check_shapes(MEAN, 0);
  check_scalar(SUM);
  check_scalar(MEAN);
}

TEST(vjp_sum_and_mean_values) {
  /* Each element receives the gradient of its own output: the row's weight (/ 3 for mean). */
  st_tensor *x = leaf(st_zeros(ST_F64, ST_SHAPE(2, 3)));
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){2, 5});
  st_tensor *g = grad_of(st_sum(x, 1, (int[]){-1}, false), w, x);
  CHECK_SHAPE(g, 2, 3);
  CHECK_CLOSE(g, 0, 2, 2, 2, 5, 5, 5);
  g = grad_of(st_mean(x, 1, (int[]){1}, false), w, x);
  CHECK_CLOSE(g, 1e-15, 2.0 / 3, 2.0 / 3, 2.0 / 3, 5.0 / 3, 5.0 / 3, 5.0 / 3);
  CHECK_CLOSE(grad_of(st_sum_all(x), NULL, x), 0, 1, 1, 1, 1, 1, 1);
  CHECK_CLOSE(grad_of(st_mean_all(x), NULL, x), 1e-15, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6,
              1.0 / 6, 1.0 / 6);
  /* An empty reduction: mean is NaN, the (empty) input's gradient is empty. */
  st_tensor *e = leaf(st_zeros(ST_F64, ST_SHAPE(3, 0)));
  st_tensor *m = st_mean(e, 1, (int[]){1}, false);
  g = grad_of(m, st_ones(ST_F64, ST_SHAPE(3)), e);
  CHECK_SHAPE(g, 3, 0);
}

TEST(vjp_sum_gives_a_float32_input_a_float32_gradient) {
  st_tensor *x = leaf(st_ones(ST_F32, ST_SHAPE(2, 2)));
  CHECK(st_backward(st_sum(x, 1, (int[]){0}, true), st_ones(ST_F32, ST_SHAPE(1, 2)), false,
                    false) == 0);
  CHECK(st_dtype_of(st_grad_of(x)) == ST_F32);
  CHECK_CLOSE(st_grad_of(x), 0, 1, 1, 1, 1);
}

/* ---------------------------------------------------------------------------------- prod */

TEST(vjp_prod) {
  check_shapes(PROD, 0);
  check_scalar(PROD);
}

TEST(vjp_prod_with_zeros) {
  /* Rows with no, one, two and three zeros, reduced along dim 1 and everything: the gradient
     and its derivative are exact at every zero count. */
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(4, 3),
                           (double[]){1.5, -2, 0.5, 0, 3, -1.25, 0, 2, 0, 0, 0, 0});
  prm p = {.op = PROD, .ndims = 1, .dims = {1}};
  CHECK_OP(&p, st_clone(x));
  prm t = {.op = PROD, .ndims = 1, .dims = {0}, .transposed = true};
  CHECK_OP(&t, st_clone(x));
  prm all = {.op = PROD};
  CHECK_OP(&all, tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){2, 0, -3, 0.5}));
  CHECK_OP(&all, tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){2, 0, -3, 0}));
}

TEST(vjp_prod_values) {
  /* The product of the others: grad * prod / x without zeros; one zero gets the product of the
     rest and the others 0; two or more zeros give 0 everywhere. */
  st_tensor *a = vals(ST_SHAPE(3), (double[]){2, 4, 3});
  CHECK_CLOSE(grad_of(st_prod_all(a), NULL, a), 1e-15, 12, 6, 8);
  st_tensor *b = vals(ST_SHAPE(3), (double[]){2, 0, 3});
  CHECK_CLOSE(grad_of(st_prod_all(b), NULL, b), 0, 0, 6, 0);
  st_tensor *c = vals(ST_SHAPE(3), (double[]){0, 0, 3});
  CHECK_CLOSE(grad_of(st_prod_all(c), NULL, c), 0, 0, 0, 0);
  st_tensor *x = vals(ST_SHAPE(3, 2), (double[]){2, 0, 5, 7, 0, 0});
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 10, 100});
  CHECK_CLOSE(grad_of(st_prod(x, 1, (int[]){-1}, false), w, x), 1e-15, 0, 2, 70, 50, 0, 0);
  /* Second order with one zero: d/dx0 of the gradient of x1 (zero) is x2. */
  st_tensor *z = vals(ST_SHAPE(3), (double[]){2, 0, 3}), *g = NULL;
  st_tensor *y = st_prod_all(z);
  st_grad_opts o = {.create_graph = true};
  CHECK(st_autograd_grad(1, &y, NULL, 1, &z, &g, &o) == 0);
  st_tensor *pick = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0, 1, 0});
  CHECK_CLOSE(grad_of(st_sum_all(st_mul(g, pick)), NULL, z), 0, 3, 0, 2);
  /* With two zeros the second derivative between them is the remaining factor. */
  st_tensor *zz = vals(ST_SHAPE(3), (double[]){0, 0, 3});
  y = st_prod_all(zz);
  CHECK(st_autograd_grad(1, &y, NULL, 1, &zz, &g, &o) == 0);
  CHECK_CLOSE(grad_of(st_sum_all(st_mul(g, pick)), NULL, zz), 0, 3, 0, 0);
}

/* ---------------------------------------------------------------------------- amax, amin */

TEST(vjp_amax_and_amin) {
  /* randn has no ties: every group has one extreme. */
  check_shapes(AMAX, 0);
  check_shapes(AMIN, 0);
  check_scalar(AMAX);
  check_scalar(AMIN);
}

TEST(vjp_amax_and_amin_split_ties_evenly) {
  st_tensor *x = vals(ST_SHAPE(2, 4), (double[]){1, 3, 3, 2, 5, 5, 5, -1});
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 6});
  CHECK_CLOSE(grad_of(st_amax(x, 1, (int[]){-1}, false), w, x), 1e-15, 0, 0.5, 0.5, 0, 2, 2, 2,
              0);
  CHECK_CLOSE(grad_of(st_amax_all(x), NULL, x), 1e-15, 0, 0, 0, 0, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0);
  st_tensor *m = vals(ST_SHAPE(2, 2), (double[]){-1, 4, -1, -1});
  CHECK_CLOSE(grad_of(st_amin_all(m), NULL, m), 1e-15, 1.0 / 3, 0, 1.0 / 3, 1.0 / 3);
  st_tensor *wk = tu_tensor(ST_F64, ST_SHAPE(1, 2), (double[]){2, 8});
  CHECK_CLOSE(grad_of(st_amin(m, 1, (int[]){0}, true), wk, m), 1e-15, 1, 0, 1, 8);
}

/* ------------------------------------------------------------------------------ var, std */

TEST(vjp_var_and_std_with_corrections) {
  check_shapes(VAR, 1);
  check_shapes(VAR, 0);
  check_shapes(STD, 1);
  check_shapes(STD, 0);
  prm v = {.op = VAR, .ndims = 1, .dims = {-1}, .correction = 2.5};
  CHECK_OP(&v, randn(ST_SHAPE(3, 5)));
  prm s = {.op = STD, .ndims = 2, .dims = {0, 2}, .correction = 2.5, .keepdim = true};
  CHECK_OP(&s, randn(ST_SHAPE(2, 3, 4)));
}

TEST(vjp_var_and_std_values) {
  /* mean 2.5; var (correction 1) = 5/3; its gradient 2 / 3 * (x - 2.5). */
  st_tensor *x = vals(ST_SHAPE(4), (double[]){1, 2, 3, 4});
  CHECK_CLOSE(grad_of(st_var_all(x, 1), NULL, x), 1e-14, -1, -1.0 / 3, 1.0 / 3, 1);
  /* correction 0: 2 / 4 * (x - 2.5). */
  CHECK_CLOSE(grad_of(st_var_all(x, 0), NULL, x), 1e-14, -0.75, -0.25, 0.25, 0.75);
  /* std = sqrt(5/3): the var gradient / (2 std). */
  double s = sqrt(5.0 / 3);
  CHECK_CLOSE(grad_of(st_std_all(x, 1), NULL, x), 1e-14, -1 / (2 * s), -1 / (6 * s),
              1 / (6 * s), 1 / (2 * s));
  /* A constant group has std 0: its gradient is 0, not NaN (PyTorch masks it); the other row
     is unaffected. */
  st_tensor *c = vals(ST_SHAPE(2, 2), (double[]){3, 3, 0, 2});
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 1});
  double s1 = sqrt(2.0); /* std of {0, 2} with correction 1 */
  CHECK_CLOSE(grad_of(st_std(c, 1, (int[]){1}, 1, false), w, c), 1e-14, 0, 0, -1 / s1, 1 / s1);
  /* ...and so is its second derivative, where a division by the zero std would give NaN. */
  st_tensor *k = leaf(st_full(ST_F64, ST_SHAPE(3), 2)), *g = NULL;
  st_tensor *y = st_std_all(k, 1);
  st_grad_opts o = {.create_graph = true};
  CHECK(st_autograd_grad(1, &y, NULL, 1, &k, &g, &o) == 0);
  CHECK_CLOSE(g, 0, 0, 0, 0);
  CHECK_CLOSE(grad_of(st_sum_all(g), NULL, k), 0, 0, 0, 0);
  /* A correction >= N divides by 0: the variance is inf and so is its gradient. */
  st_tensor *two = vals(ST_SHAPE(2), (double[]){0, 1});
  g = grad_of(st_var_all(two, 2), NULL, two);
  CHECK_CLOSE(g, 0, -INFINITY, INFINITY);
}

/* ------------------------------------------------------------------------------ logsumexp */

TEST(vjp_logsumexp) {
  check_shapes(LOGSUMEXP, 0);
  check_scalar(LOGSUMEXP);
  /* Large values: the rule uses the saved result, never exp(x) itself. */
  prm p = {.op = LOGSUMEXP, .ndims = 1, .dims = {0}};
  CHECK_OP(&p, tu_tensor(ST_F64, ST_SHAPE(3), (double[]){800, 801, 799.5}));
}

TEST(vjp_logsumexp_is_the_softmax) {
  /* Row 2's result 1000 + log 2 is rounded to its ulp (1e-13): exp(x - y) is 1/2 to ~1e-13. */
  st_tensor *x = vals(ST_SHAPE(2, 2), (double[]){0, log(3), 1000, 1000});
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2, 1), (double[]){1, 2});
  CHECK_CLOSE(grad_of(st_logsumexp(x, 1, (int[]){1}, true), w, x), 1e-12, 0.25, 0.75, 1, 1);
}

/* ----------------------------------------------------------------------------------- norm */

TEST(vjp_norm) {
  check_shapes(NORM, 0);
  check_scalar(NORM);
}

TEST(vjp_norm_values_and_zero_norm) {
  /* x / |x|: [3, 4] / 5. A zero vector gets 0 (PyTorch's subgradient), not NaN. */
  st_tensor *x = vals(ST_SHAPE(2, 2), (double[]){3, 4, 0, 0});
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 1});
  CHECK_CLOSE(grad_of(st_norm(x, 1, (int[]){-1}, false), w, x), 1e-15, 0.6, 0.8, 0, 0);
  st_tensor *z = leaf(st_zeros(ST_F64, ST_SHAPE(3))), *g = NULL;
  st_tensor *y = st_norm_all(z);
  st_grad_opts o = {.create_graph = true};
  CHECK(st_autograd_grad(1, &y, NULL, 1, &z, &g, &o) == 0);
  CHECK_CLOSE(g, 0, 0, 0, 0);
  CHECK_CLOSE(grad_of(st_sum_all(g), NULL, z), 0, 0, 0, 0); /* no NaN in double backward */
}

/* ------------------------------------------------------------------------ argmax, argmin */

TEST(vjp_argmax_and_argmin_are_not_differentiable) {
  st_tensor *x = leaf(randn(ST_SHAPE(2, 3)));
  st_tensor *i = st_argmax(x, 1, false), *j = st_argmin_all(x);
  CHECK(!st_requires_grad(i) && !st_requires_grad(j));
  CHECK(st_grad_fn(i) == NULL && st_grad_fn(j) == NULL);
}

/* ------------------------------------------------------------------------ needs_input_grad */

TEST(vjp_reduce_rules_run_only_for_inputs_that_need_a_gradient) {
  /* y = var(x) + sum(b): asking for b's gradient only never runs var's rule (which calls
     st_mean); asking for x's runs it once. */
  st_tensor *x = leaf(randn(ST_SHAPE(4))), *b = leaf(randn(ST_SHAPE(3))), *g = NULL;
  st_tensor *y = st_add(st_var_all(x, 1), st_sum_all(b));
  st_grad_opts keep = {.retain_graph = true};
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, NULL, 1, &b, &g, &keep) == 0);
  CHECK_EQ_INT(st_profiler_count("VarBackward"), 0);
  CHECK_EQ_INT(st_profiler_count("mean"), 0);
  CHECK_CLOSE(g, 0, 1, 1, 1);
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, NULL, 1, &x, &g, NULL) == 0);
  CHECK_EQ_INT(st_profiler_count("VarBackward"), 1);
  CHECK_EQ_INT(st_profiler_count("mean"), 1);
  st_profiler_stop();
  /* A reduction of a tensor that needs no gradient records nothing. */
  st_tensor *c = randn(ST_SHAPE(2, 2));
  CHECK(st_grad_fn(st_prod_all(c)) == NULL && !st_requires_grad(st_norm_all(c)));
}
