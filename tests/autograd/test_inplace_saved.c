/* test_inplace_saved.c — what a node keeps alive: only the values that the gradients of the
   inputs requiring grad read (st_op.saves_for; PyTorch's generated code saves `other` for
   mul only when self requires grad, and the reverse), including the copy of self an in-place
   op takes before writing; and the gradients stay right when only one input requires grad. */
#include "core/core.h"
#include "ops/rules.h"
#include "test.h"
#include "util.h"

static int64_t refs(const st_tensor *t) { return t ? atomic_load(&t->refcount) : -1; }

static st_tensor *vec(int64_t n, double lo, double hi, unsigned seed) {
  double v[64];
  tu_fill(v, n, lo, hi, seed);
  return tu_tensor(ST_F64, ST_SHAPE(n), v);
}
static st_tensor *mat(int64_t r, int64_t c, double lo, double hi, unsigned seed) {
  double v[64];
  tu_fill(v, r * c, lo, hi, seed);
  return tu_tensor(ST_F64, ST_SHAPE(r, c), v);
}

/* A tensor that requires grad through its history (no leaf accumulator holds it). */
static st_tensor *tracked(st_tensor *t) {
  st_tensor *leaf = st_clone(t);
  st_set_requires_grad(leaf, true);
  return st_mul_scalar(leaf, 1);
}

/* derivatives.yaml, mul: "self: mul_tensor_backward(grad, other, self.scalar_type())" reads
   other only for self's gradient, and self only for other's. */
TEST(mul_keeps_only_the_factor_the_other_gradient_reads) {
  st_tensor *x = tracked(vec(3, -1, 1, 1)), *w = vec(3, -1, 1, 2);
  int64_t x0 = refs(x), w0 = refs(w);
  st_tensor *y = st_mul(x, w); /* only x requires grad: dy/dx = w is kept, x is not */
  CHECK_EQ_INT(refs(x), x0);
  CHECK_EQ_INT(refs(w), w0 + 1);
  st_release(y);
  CHECK_EQ_INT(refs(w), w0);
  st_tensor *x2 = vec(3, -1, 1, 1), *w2 = tracked(w);
  x0 = refs(x2), w0 = refs(w2);
  y = st_mul(x2, w2); /* only w: x is kept */
  CHECK_EQ_INT(refs(x2), x0 + 1);
  CHECK_EQ_INT(refs(w2), w0);
  st_tensor *g = NULL;
  CHECK(st_autograd_grad(1, &y, (st_tensor *[]){st_ones(ST_F64, ST_SHAPE(3))}, 1, &w2, &g, NULL) ==
        0);
  double want[3];
  st_to_f64(x2, want, 3);
  st_test_close(__FILE__, __LINE__, g, want, 3, 0);
}

/* The products: each factor's gradient reads the other one only; linear's bias nothing. */
TEST(products_keep_only_the_factor_the_other_gradient_reads) {
  st_tensor *a = mat(2, 3, -1, 1, 3), *b = tracked(mat(3, 4, -1, 1, 4));
  int64_t a0 = refs(a), b0 = refs(b);
  st_tensor *y = st_matmul(a, b); /* grad_b = a^T g: a kept */
  CHECK_EQ_INT(refs(a), a0 + 1);
  CHECK_EQ_INT(refs(b), b0);
  st_release(y);
  st_tensor *w = mat(3, 3, -1, 1, 6), *bias = tracked(vec(3, -1, 1, 5));
  int64_t w0 = refs(w), bias0 = refs(bias);
  y = st_linear(a, w, bias); /* only the bias: nothing kept */
  CHECK_EQ_INT(refs(a), a0);
  CHECK_EQ_INT(refs(w), w0);
  CHECK_EQ_INT(refs(bias), bias0);
  st_release(y);
}

/* An in-place op copies self before writing only when a gradient reads it: mul_ with only self
   requiring grad keeps other and makes no copy of self (one new object, the node). */
TEST(inplace_mul_copies_self_only_when_the_other_gradient_reads_it) {
  st_tensor *self = tracked(vec(3, -1, 1, 7)), *w = vec(3, 0.5, 1.5, 8);
  int64_t w0 = refs(w), live0 = st_live_objects();
  CHECK(st_mul_(self, w) == 0);
  CHECK_EQ_INT(st_live_objects() - live0, 1); /* MulBackward; no copy of self */
  CHECK_EQ_INT(refs(w), w0 + 1);
  /* with w requiring grad, its gradient reads self as it was: a copy (a tensor, its storage and
     its CloneBackward) */
  st_tensor *v = tracked(vec(3, 0.5, 1.5, 9)), *s2 = st_clone(self);
  live0 = st_live_objects();
  CHECK(st_mul_(s2, v) == 0);
  CHECK_EQ_INT(st_live_objects() - live0, 4);
}

/* With only one input requiring grad, every op whose record says what each gradient reads
   still differentiates right (central differences), to second order. */
typedef struct {
  int op;
} which_op;
enum {
  MUL,
  DIV,
  POW,
  MATMUL,
  MM,
  BMM,
  DOT,
  OUTER,
  LINEAR,
  LINEAR_BIAS,
  TANH_BW,
  SIGMOID_BW,
  THRESHOLD_BW,
  MUL_,
  DIV_,
  NOP
};
static const char *const NAMES[NOP] = {"mul",
                                       "div",
                                       "pow",
                                       "matmul",
                                       "mm",
                                       "bmm",
                                       "dot",
                                       "outer",
                                       "linear",
                                       "linear+bias",
                                       "tanh_backward",
                                       "sigmoid_backward",
                                       "threshold_backward",
                                       "mul_",
                                       "div_"};

static int op_fn(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const which_op *w = user;
  st_tensor *a = in[0], *b = in[1], *t = NULL;
  switch (w->op) {
  case MUL: out[0] = st_mul(a, b); break;
  case DIV: out[0] = st_div(a, b); break;
  case POW: out[0] = st_pow(a, b); break;
  case MATMUL:
  case MM: out[0] = w->op == MM ? st_mm(a, b) : st_matmul(a, b); break;
  case BMM: out[0] = st_bmm(a, b); break;
  case DOT: out[0] = st_dot(a, b); break;
  case OUTER: out[0] = st_outer(a, b); break;
  case LINEAR: out[0] = st_linear(a, b, NULL); break;
  case LINEAR_BIAS: out[0] = st_linear(a, b, in[2]); break;
  case TANH_BW: out[0] = st__tanh_backward(a, b); break;
  case SIGMOID_BW: out[0] = st__sigmoid_backward(a, b); break;
  case THRESHOLD_BW: out[0] = st__threshold_backward(a, b); break;
  default:
    t = st_mul_scalar(a, 1);
    if ((w->op == MUL_ ? st_mul_(t, b) : st_div_(t, b))) return st_last_status();
    out[0] = t;
  }
  return out[0] ? 0 : st_last_status();
}

static int nargs(int op) { return op == LINEAR_BIAS ? 3 : 2; }

static void make_args(int op, st_tensor **in) {
  switch (op) {
  case MATMUL:
  case MM: in[0] = mat(2, 3, -1, 1, 10), in[1] = mat(3, 2, -1, 1, 11); return;
  case BMM:
    in[0] = st_reshape(vec(12, -1, 1, 12), 3, (int64_t[]){2, 2, 3});
    in[1] = st_reshape(vec(12, -1, 1, 13), 3, (int64_t[]){2, 3, 2});
    return;
  case DOT:
  case OUTER: in[0] = vec(3, -1, 1, 14), in[1] = vec(3, -1, 1, 15); return;
  case LINEAR:
  case LINEAR_BIAS:
    in[0] = mat(2, 3, -1, 1, 16), in[1] = mat(4, 3, -1, 1, 17), in[2] = vec(4, -1, 1, 18);
    return;
  default: /* elementwise; pow's base and the divisors positive */
    in[0] = mat(2, 3, 0.5, 1.5, 19), in[1] = mat(2, 3, 0.5, 1.5, 20);
  }
}

TEST(ops_with_one_input_requiring_grad_pass_gradcheck_and_gradgradcheck) {
  for (int op = 0; op < NOP; op++) {
    for (int i = 0; i < nargs(op); i++) {
      st_scope_push();
      st_tensor *in[3] = {0};
      make_args(op, in);
      st_set_requires_grad(in[i], true);
      which_op w = {op};
      /* mul_ / div_ write a copy of input 0; threshold_backward's mask has derivative 0 */
      if (st_gradcheck(op_fn, &w, nargs(op), in, 1, 1e-6, 1e-8, 1e-6) ||
          st_gradgradcheck(op_fn, &w, nargs(op), in, 1, 1e-6, 1e-7, 1e-5))
        st_test_fail(__FILE__, __LINE__, "%s with input %d requiring grad: %s", NAMES[op], i,
                     st_last_error());
      st_clear_error();
      st_scope_pop();
    }
  }
}
