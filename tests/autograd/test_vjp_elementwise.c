/* test_vjp_elementwise.c — vjp rules of the unary and binary elementwise families: st_gradcheck
   of every differentiable op on representative inputs (broadcast, non-contiguous, 0-dim) and of
   its vjp (double backward), the in-place forms, exact values at kinks and ties (relu, abs,
   sqrt, clamp bounds, maximum/minimum ties, pow at 0, where), dtype handling, non-
   differentiable ops, and needs_input_grad. */
#include "test.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

/* One op call: which op (f) and its parameters. Tensor inputs arrive through the check. */
typedef struct prm prm;
struct prm {
  int (*f)(const prm *p, st_tensor *const *in, st_tensor **out);
  st_tensor *(*u)(st_tensor *);              /* unary */
  st_tensor *(*b)(st_tensor *, st_tensor *); /* binary */
  st_tensor *(*bs)(st_tensor *, double);     /* tensor op scalar */
  int (*ib)(st_tensor *, st_tensor *);       /* in place, tensor other */
  int (*is)(st_tensor *, double);            /* in place, scalar other */
  double s0, s1;
  bool noncontig; /* the op sees input 0 transposed (dims 0 and -1): a non-contiguous layout */
  int nin;
};

static int apply(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const prm *p = user;
  st_tensor *args[8];
  for (int i = 0; i < nin; i++) args[i] = in[i];
  if (p->noncontig) args[0] = st_transpose(in[0], 0, -1);
  return p->f(p, args, out);
}

/* st_gradcheck of the op, then st_gradgradcheck (double backward: the vjp differentiated in the
   inputs and in the cotangent, which checks that the rule is itself differentiable). */
static int check_op(prm *p, int nin, st_tensor *const *in) {
  p->nin = nin;
  int rc = st_gradcheck(apply, p, nin, in, 1, 1e-6, 1e-8, 1e-6);
  if (!rc) rc = st_gradgradcheck(apply, p, nin, in, 1, 1e-6, 1e-7, 1e-5);
  return rc;
}

/* A float64 leaf of the given shape with values in [lo, hi); with away0, every other value is
   negated, which keeps |x| >= lo away from a kink at 0. */
static st_tensor *leaf_in(int ndim, const int64_t *shape, double lo, double hi, bool away0,
                          unsigned seed) {
  double v[64];
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  tu_fill(v, n, lo, hi, seed);
  if (away0)
    for (int64_t i = 1; i < n; i += 2) v[i] = -v[i];
  st_tensor *t = st_from_data(ST_F64, ndim, shape, v);
  st_set_requires_grad(t, true);
  return t;
}

static st_tensor *leaf_of(int ndim, const int64_t *shape, const double *v) {
  st_tensor *t = st_from_data(ST_F64, ndim, shape, v);
  st_set_requires_grad(t, true);
  return t;
}

/* Backward from y with a gradient of ones (sum's own rule is another family's). */
static int back_ones(st_tensor *y) { return st_backward(y, st_ones_like(y), false, false); }

#define NO_DIMS 0, NULL /* the shape of a 0-dim tensor, as one macro argument */
#define ONE(expr) return (out[0] = (expr)) ? 0 : -1

static int f_unary(const prm *p, st_tensor *const *in, st_tensor **out) { ONE(p->u(in[0])); }
static int f_binary(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(p->b(in[0], in[1]));
}
static int f_scalar(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(p->bs(in[0], p->s0));
}
static int f_clamp(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_clamp(in[0], p->s0, p->s1));
}
static int f_where(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  ONE(st_where(in[2], in[0], in[1]));
}

/* In-place ops run on a non-leaf copy of input 0 (a leaf that requires grad cannot be written);
   the copy is scaled so that self's own history matters to the gradient. */
static st_tensor *self_copy(st_tensor *x) { return st_mul_scalar(x, 1.5); }
static int f_inplace_tensor(const prm *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *h = self_copy(in[0]);
  if (!h || p->ib(h, in[1])) return -1;
  ONE(h);
}
static int f_inplace_scalar(const prm *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *h = self_copy(in[0]);
  if (!h || p->is(h, p->s0)) return -1;
  ONE(h);
}
static int f_clamp_(const prm *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *h = self_copy(in[0]);
  if (!h || st_clamp_(h, p->s0, p->s1)) return -1;
  ONE(h);
}
/* zero_ / fill_ erase self; adding x * x keeps a non-zero gradient flowing to x. */
static int f_zero_(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  st_tensor *h = self_copy(in[0]);
  if (!h || st_zero_(h)) return -1;
  ONE(st_add(h, st_mul(in[0], in[0])));
}
static int f_fill_(const prm *p, st_tensor *const *in, st_tensor **out) {
  st_tensor *h = self_copy(in[0]);
  if (!h || st_fill_(h, p->s0)) return -1;
  ONE(st_add(h, st_mul(in[0], in[0])));
}

/* --------------------------------------------------------------------------- unary ops */

typedef struct {
  const char *name;
  st_tensor *(*fn)(st_tensor *);
  double lo, hi;
  bool away0;
} unary_case;

static const unary_case unary_cases[] = {
  {"neg", st_neg, -2, 2, false},         {"abs", st_abs, 0.2, 2, true},
  {"exp", st_exp, -2, 2, false},         {"expm1", st_expm1, -2, 2, false},
  {"log", st_log, 0.3, 3, false},        {"log1p", st_log1p, -0.5, 2, false},
  {"sqrt", st_sqrt, 0.3, 3, false},      {"rsqrt", st_rsqrt, 0.3, 3, false},
  {"square", st_square, -2, 2, false},   {"reciprocal", st_reciprocal, 0.3, 2, true},
  {"sin", st_sin, -3, 3, false},         {"cos", st_cos, -3, 3, false},
  {"tan", st_tan, -1.2, 1.2, false},     {"tanh", st_tanh, -2, 2, false},
  {"sigmoid", st_sigmoid, -3, 3, false}, {"relu", st_relu, 0.2, 2, true},
  {"gelu", st_gelu, -3, 3, false},       {"silu", st_silu, -3, 3, false},
  {"softplus", st_softplus, -3, 3, false}, {"erf", st_erf, -2, 2, false},
};

TEST(vjp_unary_ops_pass_gradcheck_and_gradgradcheck) {
  for (size_t k = 0; k < sizeof unary_cases / sizeof unary_cases[0]; k++) {
    const unary_case *c = &unary_cases[k];
    prm p = {.f = f_unary, .u = c->fn};
    int rc = check_op(&p, 1, (st_tensor *[]){leaf_in(ST_SHAPE(2, 3), c->lo, c->hi, c->away0, 1)});
    if (rc) st_test_fail(__FILE__, __LINE__, "%s (contiguous): %s", c->name, st_last_error());
    p.noncontig = true;
    rc = check_op(&p, 1, (st_tensor *[]){leaf_in(ST_SHAPE(3, 2), c->lo, c->hi, c->away0, 2)});
    if (rc) st_test_fail(__FILE__, __LINE__, "%s (non-contiguous): %s", c->name, st_last_error());
    p.noncontig = false;
    rc = check_op(&p, 1, (st_tensor *[]){leaf_in(0, NULL, c->lo, c->hi, false, 3)});
    if (rc) st_test_fail(__FILE__, __LINE__, "%s (0-dim): %s", c->name, st_last_error());
  }
}

TEST(vjp_clamp_passes_gradcheck_with_one_or_two_bounds) {
  /* Values stay at least 0.05 from every bound used below. */
  double v[6] = {-1.3, -0.7, -0.2, 0.1, 0.45, 0.9};
  prm p = {.f = f_clamp, .s0 = -0.5, .s1 = 0.5};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(2, 3), v)}) == 0);
  p.noncontig = true;
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(3, 2), v)}) == 0);
  p = (prm){.f = f_clamp, .s0 = -INFINITY, .s1 = 0.3};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(6), v)}) == 0);
  p = (prm){.f = f_clamp, .s0 = 0, .s1 = INFINITY};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(6), v)}) == 0);
  p = (prm){.f = f_clamp, .s0 = -INFINITY, .s1 = INFINITY};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(6), v)}) == 0);
}

/* -------------------------------------------------------------------------- binary ops */

typedef struct {
  const char *name;
  st_tensor *(*fn)(st_tensor *, st_tensor *);
  double alo, ahi, blo, bhi;
  bool bawy0;
} binary_case;

static const binary_case binary_cases[] = {
  {"add", st_add, -2, 2, -2, 2, false},        {"sub", st_sub, -2, 2, -2, 2, false},
  {"mul", st_mul, -2, 2, -2, 2, false},        {"div", st_div, -2, 2, 0.5, 2, true},
  {"pow", st_pow, 0.5, 2, -1.5, 2, false},     {"maximum", st_maximum, -2, 2, -2, 2, false},
  {"minimum", st_minimum, -2, 2, -2, 2, false}, {"atan2", st_atan2, -2, 2, 0.3, 2, true},
};

TEST(vjp_binary_ops_pass_gradcheck_and_gradgradcheck_with_broadcasting) {
  for (size_t k = 0; k < sizeof binary_cases / sizeof binary_cases[0]; k++) {
    const binary_case *c = &binary_cases[k];
    prm p = {.f = f_binary, .b = c->fn};
#define BIN(what, sa, sb)                                                                          \
  do {                                                                                             \
    st_tensor *a_ = leaf_in(sa, c->alo, c->ahi, false, 11), *b_ = leaf_in(sb, c->blo, c->bhi,    \
                                                                          c->bawy0, 12);         \
    if (check_op(&p, 2, (st_tensor *[]){a_, b_}))                                                  \
      st_test_fail(__FILE__, __LINE__, "%s (%s): %s", c->name, what, st_last_error());             \
  } while (0)
    BIN("same shape", ST_SHAPE(2, 3), ST_SHAPE(2, 3));
    BIN("[2,3] with [3]", ST_SHAPE(2, 3), ST_SHAPE(3));
    BIN("[2,1] with [1,3]", ST_SHAPE(2, 1), ST_SHAPE(1, 3));
    BIN("[3] with [2,3]", ST_SHAPE(3), ST_SHAPE(2, 3));
    BIN("[2,3] with 0-dim", ST_SHAPE(2, 3), NO_DIMS);
    p.noncontig = true;
    BIN("non-contiguous [3,2]^T with [2,3]", ST_SHAPE(3, 2), ST_SHAPE(2, 3));
#undef BIN
  }
}

TEST(vjp_binary_ops_differentiate_one_operand_only) {
  /* The other operand does not require grad: the check sees a one-input function. */
  for (size_t k = 0; k < sizeof binary_cases / sizeof binary_cases[0]; k++) {
    const binary_case *c = &binary_cases[k];
    prm p = {.f = f_binary, .b = c->fn};
    st_tensor *a = leaf_in(ST_SHAPE(2, 3), c->alo, c->ahi, false, 21);
    st_tensor *b = leaf_in(ST_SHAPE(3), c->blo, c->bhi, c->bawy0, 22);
    st_set_requires_grad(b, false);
    if (check_op(&p, 2, (st_tensor *[]){a, b}))
      st_test_fail(__FILE__, __LINE__, "%s (a only): %s", c->name, st_last_error());
    st_set_requires_grad(a, false);
    st_set_requires_grad(b, true);
    if (check_op(&p, 2, (st_tensor *[]){a, b}))
      st_test_fail(__FILE__, __LINE__, "%s (b only): %s", c->name, st_last_error());
  }
}

TEST(vjp_scalar_ops_pass_gradcheck_and_gradgradcheck) {
  prm p = {.f = f_scalar, .bs = st_add_scalar, .s0 = 2.5};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_in(ST_SHAPE(2, 3), -2, 2, false, 31)}) == 0);
  p = (prm){.f = f_scalar, .bs = st_mul_scalar, .s0 = -1.5, .noncontig = true};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_in(ST_SHAPE(3, 2), -2, 2, false, 32)}) == 0);
  /* pow_scalar: integer, fractional, negative, one, zero exponents. */
  const double exps[] = {3, 2.5, -1.5, 1, 0.5, 0};
  for (size_t k = 0; k < sizeof exps / sizeof exps[0]; k++) {
    p = (prm){.f = f_scalar, .bs = st_pow_scalar, .s0 = exps[k], .noncontig = k % 2 == 1};
    st_tensor *x = k % 2 ? leaf_in(ST_SHAPE(3, 2), 0.3, 2, false, 33)
                         : leaf_in(ST_SHAPE(2, 3), 0.3, 2, false, 34);
    if (check_op(&p, 1, (st_tensor *[]){x}))
      st_test_fail(__FILE__, __LINE__, "pow_scalar(x, %g): %s", exps[k], st_last_error());
  }
  p = (prm){.f = f_scalar, .bs = st_pow_scalar, .s0 = 3};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_in(ST_SHAPE(2, 3), -2, 2, false, 35)}) == 0);
}

TEST(vjp_where_passes_gradcheck_with_broadcasting) {
  st_tensor *cond = st_from_data(ST_BOOL, ST_SHAPE(2, 3), (bool[]){1, 0, 0, 1, 1, 0});
  prm p = {.f = f_where};
  CHECK(check_op(&p, 3, (st_tensor *[]){leaf_in(ST_SHAPE(2, 3), -2, 2, false, 41),
                                         leaf_in(ST_SHAPE(2, 3), -2, 2, false, 42), cond}) == 0);
  CHECK(check_op(&p, 3, (st_tensor *[]){leaf_in(ST_SHAPE(3), -2, 2, false, 43),
                                         leaf_in(ST_SHAPE(2, 1), -2, 2, false, 44), cond}) == 0);
  p.noncontig = true;
  CHECK(check_op(&p, 3, (st_tensor *[]){leaf_in(ST_SHAPE(3, 2), -2, 2, false, 45),
                                         leaf_in(0, NULL, -2, 2, false, 46), cond}) == 0);
}

/* -------------------------------------------------------------------------- in place */

TEST(vjp_in_place_binary_ops_pass_gradcheck_and_gradgradcheck) {
  int (*ops[])(st_tensor *, st_tensor *) = {st_add_, st_sub_, st_mul_, st_div_, st_copy_};
  const char *names[] = {"add_", "sub_", "mul_", "div_", "copy_"};
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    prm p = {.f = f_inplace_tensor, .ib = ops[k]};
    st_tensor *self = leaf_in(ST_SHAPE(2, 3), -2, 2, false, 51);
    if (check_op(&p, 2, (st_tensor *[]){self, leaf_in(ST_SHAPE(2, 3), 0.5, 2, true, 52)}))
      st_test_fail(__FILE__, __LINE__, "%s: %s", names[k], st_last_error());
    if (check_op(&p, 2, (st_tensor *[]){self, leaf_in(ST_SHAPE(3), 0.5, 2, true, 53)}))
      st_test_fail(__FILE__, __LINE__, "%s (broadcast other): %s", names[k], st_last_error());
    p.noncontig = true; /* self's source transposed; other non-contiguous through broadcasting */
    if (check_op(&p, 2, (st_tensor *[]){leaf_in(ST_SHAPE(3, 2), -2, 2, false, 54),
                                        leaf_in(ST_SHAPE(2, 1), 0.5, 2, true, 55)}))
      st_test_fail(__FILE__, __LINE__, "%s (non-contiguous): %s", names[k], st_last_error());
  }
}

TEST(vjp_in_place_scalar_and_unary_ops_pass_gradcheck_and_gradgradcheck) {
  double v[6] = {-1.3, -0.7, -0.2, 0.1, 0.45, 0.9}; /* 1.5 v stays 0.05 away from +-0.5 */
  prm p = {.f = f_inplace_scalar, .is = st_add_scalar_, .s0 = -0.75};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(2, 3), v)}) == 0);
  p = (prm){.f = f_inplace_scalar, .is = st_mul_scalar_, .s0 = 3, .noncontig = true};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(3, 2), v)}) == 0);
  p = (prm){.f = f_clamp_, .s0 = -0.5, .s1 = 0.5};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(2, 3), v)}) == 0);
  p = (prm){.f = f_fill_, .s0 = 4};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(2, 3), v)}) == 0);
  p = (prm){.f = f_zero_};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf_of(ST_SHAPE(6), v)}) == 0);
}

TEST(vjp_in_place_ops_read_self_before_the_write) {
  st_tensor *x = leaf_of(ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *w = leaf_of(ST_SHAPE(3), (double[]){4, 5, 6});
  st_tensor *h = st_add_scalar(x, 0);
  CHECK(st_mul_(h, w) == 0);
  CHECK(back_ones(h) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 4, 5, 6);
  CHECK_CLOSE(st_grad_of(w), 1e-12, 1, 2, 3);
  st_zero_grad(x), st_zero_grad(w);
  h = st_add_scalar(x, 0);
  CHECK(st_div_(h, w) == 0); /* d/dw (x / w) = -x / w^2 with x before the write */
  CHECK(back_ones(h) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 1.0 / 4, 1.0 / 5, 1.0 / 6);
  CHECK_CLOSE(st_grad_of(w), 1e-12, -1.0 / 16, -2.0 / 25, -3.0 / 36);
  st_zero_grad(x);
  h = st_mul_scalar(x, 1);
  CHECK(st_clamp_(h, 1.5, 3) == 0); /* reads x (1, 2, 3), not the clamped (1.5, 2, 3) */
  CHECK(back_ones(h) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 1, 0); /* torch 2.15: 0 at a bound */
}

TEST(vjp_fill_zero_and_copy_give_self_a_zero_gradient) {
  st_tensor *x = leaf_of(ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *src = leaf_of(ST_SHAPE(2), (double[]){7, 8});
  st_tensor *h = st_mul_scalar(x, 2);
  CHECK(st_copy_(h, src) == 0);
  CHECK(back_ones(st_mul(h, h)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 0, 0); /* zeros, as PyTorch: not a missing gradient */
  CHECK_CLOSE(st_grad_of(src), 1e-12, 28, 32);
  st_zero_grad(x);
  h = st_mul_scalar(x, 2);
  CHECK(st_fill_(h, 3) == 0);
  CHECK(back_ones(h) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 0, 0);
  st_zero_grad(x);
  h = st_mul_scalar(x, 2);
  CHECK(st_zero_(h) == 0);
  CHECK(back_ones(h) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 0, 0);
  /* A float32 source copied into a float64 self gets a float32 gradient. */
  st_tensor *s32 = st_from_data(ST_F32, ST_SHAPE(2), (float[]){1, 2});
  st_set_requires_grad(s32, true);
  h = st_mul_scalar(x, 1);
  CHECK(st_copy_(h, s32) == 0);
  CHECK(back_ones(h) == 0);
  st_tensor *g = st_grad_of(s32);
  CHECK(st_dtype_of(g) == ST_F32);
  CHECK_CLOSE(g, 0, 2, 2);
}

/* ---------------------------------------------------------------- kinks, ties, masks */

static st_tensor *grad_of_unary(st_tensor *(*fn)(st_tensor *), int n, const double *v) {
  st_tensor *x = leaf_of(1, (int64_t[]){n}, v);
  if (back_ones(fn(x))) return NULL;
  return st_grad_of(x);
}

TEST(vjp_kinks_match_pytorch) {
  double v[3] = {-1, 0, 2};
  CHECK_CLOSE(grad_of_unary(st_relu, 3, v), 0, 0, 0, 1); /* relu'(0) = 0 */
  CHECK_CLOSE(grad_of_unary(st_abs, 3, v), 0, -1, 0, 1); /* abs'(0) = 0 */
  double s[2] = {0, 4};
  CHECK_CLOSE(grad_of_unary(st_sqrt, 2, s), 1e-12, INFINITY, 0.25); /* sqrt'(0) = inf */
  /* clamp passes the gradient strictly inside its bounds (torch 2.15: 0 on a bound); none when
     min > max. */
  double c[5] = {-1, -0.5, 0, 0.5, 1};
  st_tensor *x = leaf_of(ST_SHAPE(5), c);
  CHECK(back_ones(st_clamp(x, -0.5, 0.5)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 1, 0, 0);
  st_zero_grad(x);
  CHECK(back_ones(st_clamp(x, 0.5, -0.5)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 0, 0, 0);
  st_zero_grad(x);
  CHECK(back_ones(st_clamp(x, -INFINITY, 0)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 1, 1, 0, 0, 0);
  /* A NaN input gets no gradient through clamp (PyTorch's mask is false for NaN). */
  st_tensor *n = leaf_of(ST_SHAPE(2), (double[]){NAN, 0});
  CHECK(back_ones(st_clamp(n, -1, 1)) == 0);
  CHECK_CLOSE(st_grad_of(n), 0, 0, 1);
}

TEST(vjp_maximum_and_minimum_split_ties_evenly) {
  st_tensor *a = leaf_of(ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *b = leaf_of(ST_SHAPE(3), (double[]){1, 0, 5});
  CHECK(back_ones(st_maximum(a, b)) == 0);
  CHECK_CLOSE(st_grad_of(a), 0, 0.5, 1, 0);
  CHECK_CLOSE(st_grad_of(b), 0, 0.5, 0, 1);
  st_zero_grad(a), st_zero_grad(b);
  CHECK(back_ones(st_minimum(a, b)) == 0);
  CHECK_CLOSE(st_grad_of(a), 0, 0.5, 0, 1);
  CHECK_CLOSE(st_grad_of(b), 0, 0.5, 1, 0);
  /* Broadcast: b [1] against a [3] ties once and wins once. */
  st_zero_grad(a);
  st_tensor *c = leaf_of(ST_SHAPE(1), (double[]){2});
  CHECK(back_ones(st_maximum(a, c)) == 0);
  CHECK_CLOSE(st_grad_of(a), 0, 0, 0.5, 1);
  CHECK_CLOSE(st_grad_of(c), 0, 1.5);
}

TEST(vjp_pow_masks_a_zero_base_as_pytorch) {
  st_tensor *x = leaf_of(ST_SHAPE(4), (double[]){0, 0, 2, 0});
  st_tensor *e = leaf_of(ST_SHAPE(4), (double[]){0, 2, 3, 0.5});
  CHECK(back_ones(st_pow(x, e)) == 0);
  /* d/dx: exponent 0 gives 0 (not 0 * 0^-1 = NaN); 2 * 0 = 0; 3 * 2^2; 0.5 * 0^-0.5 = inf. */
  CHECK_CLOSE(st_grad_of(x), 1e-12, 0, 0, 12, INFINITY);
  /* d/de: a zero base with exponent >= 0 gives 0 (not 0 * log 0); 2^3 * log 2. */
  CHECK_CLOSE(st_grad_of(e), 1e-12, 0, 0, 8 * log(2.0), 0);
  /* pow_scalar: exponent 0 has a zero gradient everywhere, 0 included. */
  st_tensor *y = leaf_of(ST_SHAPE(2), (double[]){0, 3});
  CHECK(back_ones(st_pow_scalar(y, 0)) == 0);
  CHECK_CLOSE(st_grad_of(y), 0, 0, 0);
  st_zero_grad(y);
  CHECK(back_ones(st_pow_scalar(y, 2)) == 0);
  CHECK_CLOSE(st_grad_of(y), 0, 0, 6);
}

TEST(vjp_where_sends_the_gradient_to_the_selected_branch) {
  st_tensor *cond = st_from_data(ST_BOOL, ST_SHAPE(3), (bool[]){1, 0, 1});
  st_tensor *a = leaf_of(ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *b = leaf_of(ST_SHAPE(1), (double[]){9});
  CHECK(st_backward(st_where(cond, a, b), st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 4}),
                    false, false) == 0);
  CHECK_CLOSE(st_grad_of(a), 0, 1, 0, 4);
  CHECK_CLOSE(st_grad_of(b), 0, 2);
  CHECK(!st_requires_grad(cond));
}

/* ------------------------------------------------------------------------ dtypes */

TEST(vjp_mixed_dtypes_give_each_input_its_own_dtype) {
  st_tensor *x = st_from_data(ST_F32, ST_SHAPE(2), (float[]){1, 2});
  st_tensor *y = leaf_of(ST_SHAPE(2), (double[]){3, 4});
  st_set_requires_grad(x, true);
  CHECK(back_ones(st_mul(x, y)) == 0);
  st_tensor *gx = st_grad_of(x), *gy = st_grad_of(y);
  CHECK(st_dtype_of(gx) == ST_F32 && st_dtype_of(gy) == ST_F64);
  CHECK_CLOSE(gx, 0, 3, 4);
  CHECK_CLOSE(gy, 0, 1, 2);
  /* An integer operand gets no gradient; the float one sees its values. */
  st_tensor *k = st_from_data(ST_I64, ST_SHAPE(2), (int64_t[]){5, 6});
  st_tensor *z = leaf_of(ST_SHAPE(2), (double[]){1, 2});
  CHECK(back_ones(st_div(z, k)) == 0);
  CHECK_CLOSE(st_grad_of(z), 1e-12, 0.2, 1.0 / 6);
  /* float32 gradients are computed in float32. */
  st_tensor *f = st_from_data(ST_F32, ST_SHAPE(2), (float[]){0.5f, -1});
  st_set_requires_grad(f, true);
  CHECK(back_ones(st_tanh(f)) == 0);
  CHECK(st_dtype_of(st_grad_of(f)) == ST_F32);
  CHECK_CLOSE(st_grad_of(f), 1e-6, 1 - tanh(0.5) * tanh(0.5), 1 - tanh(1.0) * tanh(1.0));
}

/* --------------------------------------------------------------- non-differentiable ops */

/* test_autograd.py TestAutograd (sign, floor, ceil, round: derivatives.yaml "zeros_like(grad)"):
   their outputs require grad and carry a zero gradient; comparisons and logical ops do not. */
TEST(vjp_non_differentiable_elementwise_ops_do_not_require_grad) {
  st_tensor *x = leaf_of(ST_SHAPE(3), (double[]){-1.5, 0.2, 2.5});
  st_tensor *(*step[])(st_tensor *) = {st_sign, st_floor, st_ceil, st_round};
  for (size_t k = 0; k < sizeof step / sizeof step[0]; k++) {
    st_tensor *y = step[k](x), *g = NULL;
    CHECK(st_requires_grad(y));
    CHECK(st_autograd_grad(1, (st_tensor *[]){st_sum_all(y)}, NULL, 1, &x, &g, NULL) == 0);
    CHECK_CLOSE(g, 0, 0, 0, 0);
  }
  CHECK(!st_requires_grad(st_logical_not(x)));
  st_tensor *(*bin[])(st_tensor *, st_tensor *) = {st_eq, st_ne, st_lt, st_le, st_gt, st_ge,
                                                    st_logical_and, st_logical_or};
  for (size_t k = 0; k < sizeof bin / sizeof bin[0]; k++) CHECK(!st_requires_grad(bin[k](x, x)));
  /* Used as a factor, sign contributes no gradient of its own: d(x * sign(x)) = sign(x). */
  CHECK(back_ones(st_mul(x, st_sign(x))) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, -1, 1, 1);
}

/* ------------------------------------------------------------------ needs_input_grad */

TEST(vjp_elementwise_rules_compute_only_the_needed_gradients) {
  st_tensor *x = leaf_of(ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *w = st_from_data(ST_F64, ST_SHAPE(3), (double[]){4, 5, 6});
  /* mul: one product per operand that needs a gradient. */
  st_tensor *y = st_mul(x, w);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("mul"), 1);
  st_set_requires_grad(w, true);
  y = st_mul(x, w);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("mul"), 2);
  /* Asking st_autograd_grad for x alone prunes w's gradient too. */
  y = st_mul(x, w);
  st_tensor *g = NULL;
  st_profiler_start();
  CHECK(st_autograd_grad(1, &y, (st_tensor *[]){st_ones_like(y)}, 1, &x, &g, NULL) == 0);
  CHECK_EQ_INT(st_profiler_count("mul"), 1);
  CHECK_CLOSE(g, 0, 4, 5, 6);
  /* pow: the exponent's gradient (a log) only when the exponent needs one. */
  st_tensor *e = st_from_data(ST_F64, ST_SHAPE(3), (double[]){2, 2, 2});
  y = st_pow(x, e);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("log"), 0);
  st_set_requires_grad(e, true);
  y = st_pow(x, e);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("log"), 1);
  st_profiler_stop();
}
