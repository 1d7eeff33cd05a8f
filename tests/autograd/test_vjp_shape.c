/* test_vjp_shape.c — vjp rules of the shape family: st_gradcheck of every op (and of the
   composites flatten, split and chunk) on representative inputs and of its vjp (double backward),
   exact values where duplicates accumulate or elements drop out, the backward ops slice_backward
   and diagonal_backward, and needs_input_grad. */
#include "ops/shape.h"
#include "test.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

/* One op call: which op (f) and its parameters. Tensor inputs arrive through the check. */
typedef struct prm prm;
struct prm {
  int (*f)(const prm *p, st_tensor *const *in, st_tensor **out);
  int i0, i1, i2;
  int64_t j0, j1, j2;
  int n;
  int64_t list[16];
  int ilist[16];
  double value;
  st_tensor *index;
  bool noncontig; /* the op sees input 0 transposed (dims 0 and -1): a non-contiguous layout */
  int nin, nout;
};

static int apply(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const prm *p = user;
  st_tensor *args[8];
  for (int i = 0; i < nin; i++) args[i] = in[i];
  if (p->noncontig) args[0] = st_transpose(in[0], 0, -1);
  return p->f(p, args, out);
}

/* st_gradcheck of the op, then st_gradgradcheck (double backward, in x and in the cotangent). */
static int check_op(prm *p, int nin, st_tensor *const *in, int nout) {
  p->nin = nin, p->nout = nout;
  int rc = st_gradcheck(apply, p, nin, in, nout, 1e-6, 1e-8, 1e-6);
  if (rc) return rc;
  return st_gradgradcheck(apply, p, nin, in, nout, 1e-6, 1e-8, 1e-6);
}

static st_tensor *leaf(int ndim, const int64_t *shape) {
  st_tensor *t = st_randn(ST_F64, ndim, shape);
  st_set_requires_grad(t, true);
  return t;
}

static st_tensor *ints(int ndim, const int64_t *shape, const int64_t *v) {
  return st_from_data(ST_I64, ndim, shape, v);
}

/* Backward from y with a gradient of ones (sum's own rule is another family's). */
static int back_ones(st_tensor *y) { return st_backward(y, st_ones_like(y), false, false); }

#define ONE(expr) return (out[0] = (expr)) ? 0 : -1

/* ------------------------------------------------------------------------- the op wrappers */

static int f_reshape(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_reshape(in[0], p->n, p->list));
}
static int f_flatten(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_flatten(in[0], p->i0, p->i1));
}
static int f_permute(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_permute(in[0], p->n, p->ilist));
}
static int f_transpose(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_transpose(in[0], p->i0, p->i1));
}
static int f_expand(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_expand(in[0], p->n, p->list));
}
static int f_squeeze(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_squeeze(in[0], p->i0));
}
static int f_squeeze_all(const prm *p, st_tensor *const *in, st_tensor **out) {
  (void)p;
  ONE(st_squeeze_all(in[0]));
}
static int f_unsqueeze(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_unsqueeze(in[0], p->i0));
}
static int f_slice(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_slice(in[0], p->i0, p->j0, p->j1, p->j2));
}
static int f_select(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_select(in[0], p->i0, p->j0));
}
static int f_diagonal(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_diagonal(in[0], p->j0, p->i0, p->i1));
}
static int f_cat(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_cat(p->nin, in, p->i0));
}
static int f_stack(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_stack(p->nin, in, p->i0));
}
static int f_index_select(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_index_select(in[0], p->i0, p->index));
}
static int f_gather(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_gather(in[0], p->i0, p->index));
}
static int f_scatter_add(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_scatter_add(in[0], p->i0, p->index, in[1]));
}
static int f_pad(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_pad(in[0], p->n, p->list, p->value));
}
static int f_flip(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_flip(in[0], p->n, p->ilist));
}
static int f_repeat(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_repeat(in[0], p->n, p->list));
}
static int f_tril(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_tril(in[0], p->j0));
}
static int f_triu(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st_triu(in[0], p->j0));
}
static int f_split(const prm *p, st_tensor *const *in, st_tensor **out) {
  return st_split(in[0], p->j0, p->i0, p->nout, out) == p->nout ? 0 : -1;
}
static int f_chunk(const prm *p, st_tensor *const *in, st_tensor **out) {
  return st_chunk(in[0], p->i0, p->i1, p->nout, out) == p->nout ? 0 : -1;
}
static int f_slice_backward(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st__slice_backward(in[0], p->n, p->list, p->i0, p->j0, p->j1, p->j2));
}
static int f_diagonal_backward(const prm *p, st_tensor *const *in, st_tensor **out) {
  ONE(st__diagonal_backward(in[0], p->n, p->list, p->j0, p->i0, p->i1));
}

/* One-input op on a fresh leaf of the given shape. */
#define CHECK1(p, ...)                                                                             \
  CHECK(check_op(&(p), 1, (st_tensor *[]){leaf(ST_SHAPE(__VA_ARGS__))}, 1) == 0)
#define CHECK0D(p) CHECK(check_op(&(p), 1, (st_tensor *[]){leaf(0, NULL)}, 1) == 0)

/* --------------------------------------------------------------------------- view ops */

TEST(vjp_reshape_and_flatten) {
  prm p = {.f = f_reshape, .n = 2, .list = {4, -1}};
  CHECK1(p, 2, 3, 4);
  p.noncontig = true; /* [4, 3, 2] transposed: no view exists, reshape copies */
  p.list[0] = 6;
  CHECK1(p, 2, 3, 4);
  prm s = {.f = f_reshape, .n = 2, .list = {1, 1}};
  CHECK0D(s);
  prm f = {.f = f_flatten, .i0 = 1, .i1 = -1};
  CHECK1(f, 2, 3, 4);
  f.i0 = 0, f.noncontig = true;
  CHECK1(f, 2, 3, 4);
  prm f0 = {.f = f_flatten, .i0 = 0, .i1 = -1};
  CHECK0D(f0);
}

TEST(vjp_permute_and_transpose) {
  prm p = {.f = f_permute, .n = 3, .ilist = {2, 0, 1}};
  CHECK1(p, 2, 3, 4);
  prm q = {.f = f_permute, .n = 3, .ilist = {-1, 0, -2}, .noncontig = true};
  CHECK1(q, 2, 3, 4);
  prm t = {.f = f_transpose, .i0 = 0, .i1 = -1};
  CHECK1(t, 2, 3, 4);
  prm t0 = {.f = f_transpose, .i0 = 0, .i1 = -1};
  CHECK0D(t0);
}

TEST(vjp_expand_sums_over_broadcast_dims) {
  prm p = {.f = f_expand, .n = 3, .list = {2, 3, 4}};
  CHECK1(p, 3, 1);
  prm q = {.f = f_expand, .n = 3, .list = {2, -1, 5}};
  CHECK1(q, 3, 1);
  prm s = {.f = f_expand, .n = 2, .list = {2, 3}};
  CHECK0D(s);
  /* Exact: every element of x is used 2 * 4 times. */
  st_tensor *x = leaf(ST_SHAPE(3, 1));
  CHECK(back_ones(st_expand(x, ST_SHAPE(2, 3, 4))) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 8, 8, 8);
  CHECK_SHAPE(st_grad_of(x), 3, 1);
}

TEST(vjp_squeeze_and_unsqueeze) {
  prm p = {.f = f_squeeze, .i0 = 1};
  CHECK1(p, 2, 1, 3);
  p.i0 = -2;
  CHECK1(p, 2, 1, 3);
  p.i0 = 0; /* size 2: a no-op */
  CHECK1(p, 2, 1, 3);
  prm a = {.f = f_squeeze_all};
  CHECK1(a, 1, 2, 1, 3);
  CHECK0D(a);
  prm u = {.f = f_unsqueeze, .i0 = 1};
  CHECK1(u, 2, 3);
  u.i0 = -1, u.noncontig = true;
  CHECK1(u, 2, 3);
  prm u0 = {.f = f_unsqueeze, .i0 = 0};
  CHECK0D(u0);
}

TEST(vjp_slice) {
  prm p = {.f = f_slice, .i0 = 0, .j0 = 1, .j1 = 5, .j2 = 2};
  CHECK1(p, 5, 4);
  prm q = {.f = f_slice, .i0 = -1, .j0 = -3, .j1 = 100, .j2 = 1};
  CHECK1(q, 5, 4);
  q.noncontig = true;
  CHECK1(q, 5, 4);
  prm e = {.f = f_slice, .i0 = 1, .j0 = 3, .j1 = 1, .j2 = 1}; /* empty: zero gradient */
  CHECK1(e, 2, 4);
  prm big = {.f = f_slice, .i0 = 1, .j0 = 1, .j1 = 4, .j2 = 7}; /* one element */
  CHECK1(big, 2, 4);
  /* Exact: the rows not sliced get zero. */
  st_tensor *x = leaf(ST_SHAPE(5));
  CHECK(back_ones(st_slice(x, 0, 1, 5, 2)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 1, 0, 1, 0);
}

TEST(vjp_select) {
  prm p = {.f = f_select, .i0 = 1, .j0 = -1};
  CHECK1(p, 3, 4);
  prm q = {.f = f_select, .i0 = 0, .j0 = 2, .noncontig = true};
  CHECK1(q, 3, 4);
  prm r = {.f = f_select, .i0 = 0, .j0 = 1};
  CHECK1(r, 3); /* to 0-dim */
  st_tensor *x = leaf(ST_SHAPE(2, 2));
  CHECK(back_ones(st_select(x, 1, -1)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 1, 0, 1);
}

TEST(vjp_diagonal) {
  prm p = {.f = f_diagonal, .j0 = 0, .i0 = 0, .i1 = 1};
  CHECK1(p, 3, 4);
  p.j0 = 1;
  CHECK1(p, 3, 4);
  prm q = {.f = f_diagonal, .j0 = -1, .i0 = 1, .i1 = 2};
  CHECK1(q, 2, 3, 3);
  prm r = {.f = f_diagonal, .j0 = 1, .i0 = -1, .i1 = 0, .noncontig = true};
  CHECK1(r, 3, 2, 4);
  prm e = {.f = f_diagonal, .j0 = 5, .i0 = 0, .i1 = 1}; /* empty diagonal */
  CHECK1(e, 2, 3);
  st_tensor *x = leaf(ST_SHAPE(2, 3));
  CHECK(back_ones(st_diagonal(x, 1, 0, 1)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 1, 0, 0, 0, 1);
}

/* ---------------------------------------------------------------------------- joins */

TEST(vjp_cat) {
  prm p = {.f = f_cat, .i0 = -1};
  st_tensor *a = leaf(ST_SHAPE(2, 1)), *b = leaf(ST_SHAPE(2, 3)), *c = leaf(ST_SHAPE(2, 2));
  CHECK(check_op(&p, 3, (st_tensor *[]){a, b, c}, 1) == 0);
  prm q = {.f = f_cat, .i0 = 0, .noncontig = true}; /* input 0 [3, 1] seen as [1, 3] */
  CHECK(check_op(&q, 2, (st_tensor *[]){leaf(ST_SHAPE(3, 1)), leaf(ST_SHAPE(2, 3))}, 1) == 0);
  /* Only one input differentiable; a legacy empty input gets a zero gradient. */
  st_tensor *nd = st_randn(ST_F64, ST_SHAPE(1, 3)), *empty = leaf(ST_SHAPE(0));
  CHECK(check_op(&q, 3, (st_tensor *[]){leaf(ST_SHAPE(3, 1)), nd, empty}, 1) == 0);
  st_tensor *x = leaf(ST_SHAPE(2)), *e = leaf(ST_SHAPE(0)), *y = leaf(ST_SHAPE(1, 2));
  st_tensor *r = st_cat(3, (st_tensor *[]){st_unsqueeze(x, 0), e, y}, 0);
  st_tensor *w = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  CHECK(st_backward(r, w, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 1, 2);
  CHECK_CLOSE(st_grad_of(y), 0, 3, 4);
  CHECK(st_grad_of(e) == NULL || st_numel(st_grad_of(e)) == 0);
}

TEST(vjp_cat_casts_each_gradient_to_its_input_dtype) {
  st_tensor *x = st_ones(ST_F32, ST_SHAPE(2)), *y = st_ones(ST_F64, ST_SHAPE(1));
  st_set_requires_grad(x, true), st_set_requires_grad(y, true);
  st_tensor *r = st_cat(2, (st_tensor *[]){x, y}, 0);
  CHECK(st_dtype_of(r) == ST_F64);
  CHECK(st_backward(r, st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}), false, false) == 0);
  CHECK(st_dtype_of(st_grad_of(x)) == ST_F32);
  CHECK_CLOSE(st_grad_of(x), 0, 1, 2);
  CHECK_CLOSE(st_grad_of(y), 0, 3);
}

TEST(vjp_stack) {
  st_tensor *in[3] = {leaf(ST_SHAPE(2, 3)), leaf(ST_SHAPE(2, 3)), leaf(ST_SHAPE(2, 3))};
  prm p = {.f = f_stack, .i0 = 0};
  CHECK(check_op(&p, 3, in, 1) == 0);
  p.i0 = -1;
  CHECK(check_op(&p, 3, in, 1) == 0);
  p.i0 = 1, p.noncontig = true;
  CHECK(check_op(&p, 2, (st_tensor *[]){leaf(ST_SHAPE(3, 2)), st_randn(ST_F64, ST_SHAPE(2, 3))},
                 1) == 0);
}

/* ---------------------------------------------------------------------------- indexing */

TEST(vjp_index_select) {
  prm p = {.f = f_index_select, .i0 = 0, .index = ints(ST_SHAPE(3), (int64_t[]){2, 0, 2})};
  CHECK1(p, 4, 3);
  p.noncontig = true;
  CHECK1(p, 4, 3);
  prm q = {.f = f_index_select, .i0 = -1, .index = ints(0, NULL, (int64_t[]){1})};
  CHECK1(q, 4, 3);
  prm s = {.f = f_index_select, .i0 = 0, .index = ints(0, NULL, (int64_t[]){0})};
  CHECK0D(s);
  /* Exact: a duplicated index accumulates. */
  st_tensor *x = leaf(ST_SHAPE(3));
  CHECK(back_ones(st_index_select(x, 0, p.index)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 1, 0, 2);
}

TEST(vjp_gather) {
  int64_t iv[] = {0, 0, 3, 1, 2, 2};
  prm p = {.f = f_gather, .i0 = 1, .index = ints(ST_SHAPE(3, 2), iv)};
  CHECK1(p, 3, 4);
  prm q = {.f = f_gather, .i0 = 0, .index = ints(ST_SHAPE(2, 3), (int64_t[]){1, 0, 2, 1, 1, 0})};
  CHECK1(q, 3, 4);
  q.noncontig = true;
  CHECK1(q, 4, 3);
  prm s = {.f = f_gather, .i0 = 0, .index = ints(0, NULL, (int64_t[]){0})};
  CHECK0D(s);
  st_tensor *x = leaf(ST_SHAPE(1, 4));
  st_tensor *y = st_gather(x, -1, ints(ST_SHAPE(1, 3), (int64_t[]){3, 0, 3}));
  CHECK(st_backward(y, st_from_data(ST_F64, ST_SHAPE(1, 3), (double[]){1, 2, 4}), false, false) ==
        0);
  CHECK_CLOSE(st_grad_of(x), 0, 2, 0, 0, 5);
}

TEST(vjp_scatter_add) {
  /* src larger than index: the elements index does not reach get zero gradient. */
  prm p = {
      .f = f_scatter_add, .i0 = 1, .index = ints(ST_SHAPE(2, 3), (int64_t[]){0, 3, 0, 1, 2, 1})};
  st_tensor *a = leaf(ST_SHAPE(3, 4)), *src = leaf(ST_SHAPE(2, 5));
  CHECK(check_op(&p, 2, (st_tensor *[]){a, src}, 1) == 0);
  prm q = {.f = f_scatter_add, .i0 = -2, .index = ints(ST_SHAPE(2, 2), (int64_t[]){2, 0, 2, 2})};
  CHECK(check_op(&q, 2, (st_tensor *[]){leaf(ST_SHAPE(3, 2)), leaf(ST_SHAPE(2, 2))}, 1) == 0);
  q.noncontig = true; /* a [2, 3] seen as [3, 2]; a not differentiable */
  st_tensor *fixed = st_randn(ST_F64, ST_SHAPE(2, 3));
  CHECK(check_op(&q, 2, (st_tensor *[]){fixed, leaf(ST_SHAPE(2, 2))}, 1) == 0);
  prm z = {.f = f_scatter_add, .i0 = -1, .index = ints(0, NULL, (int64_t[]){0})};
  CHECK(check_op(&z, 2, (st_tensor *[]){leaf(0, NULL), leaf(0, NULL)}, 1) == 0);
  st_tensor *x = leaf(ST_SHAPE(1, 2)), *s = leaf(ST_SHAPE(1, 3));
  st_tensor *y = st_scatter_add(x, 1, ints(ST_SHAPE(1, 2), (int64_t[]){1, 1}), s);
  CHECK(st_backward(y, st_from_data(ST_F64, ST_SHAPE(1, 2), (double[]){3, 5}), false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 3, 5);
  CHECK_CLOSE(st_grad_of(s), 0, 5, 5, 0);
}

/* ------------------------------------------------------------------ copies with a kernel */

TEST(vjp_pad) {
  prm p = {.f = f_pad, .n = 2, .list = {1, 2}, .value = 3.5};
  CHECK1(p, 2, 3);
  prm q = {.f = f_pad, .n = 4, .list = {1, -1, 2, 0}, .noncontig = true};
  CHECK1(q, 3, 2);
  prm c = {.f = f_pad, .n = 2, .list = {-1, -1}}; /* a crop: the cropped ends get zero */
  CHECK1(c, 2, 4);
  st_tensor *x = leaf(ST_SHAPE(4));
  CHECK(back_ones(st_pad(x, 2, (int64_t[]){-1, 2}, 7)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 1, 1, 1);
}

TEST(vjp_flip) {
  prm p = {.f = f_flip, .n = 2, .ilist = {0, 2}};
  CHECK1(p, 2, 3, 4);
  prm q = {.f = f_flip, .n = 1, .ilist = {-1}, .noncontig = true};
  CHECK1(q, 2, 3);
  prm e = {.f = f_flip, .n = 0};
  CHECK1(e, 2, 3);
}

TEST(vjp_repeat) {
  prm p = {.f = f_repeat, .n = 3, .list = {2, 1, 3}};
  CHECK1(p, 2, 3);
  prm q = {.f = f_repeat, .n = 2, .list = {1, 1}, .noncontig = true};
  CHECK1(q, 2, 3);
  prm z = {.f = f_repeat, .n = 2, .list = {2, 0}}; /* an empty result: zero gradient */
  CHECK1(z, 3);
  prm s = {.f = f_repeat, .n = 2, .list = {2, 3}};
  CHECK0D(s);
  prm w = {.f = f_repeat, .n = 8, .list = {2, 1, 2, 1, 2, 1, 2, 3}}; /* 8 dims */
  CHECK1(w, 1, 1, 1, 1, 1, 1, 2, 2);
  st_tensor *x = leaf(ST_SHAPE(2));
  st_tensor *y = st_repeat(x, 2, (int64_t[]){1, 2});
  CHECK(st_backward(y, st_from_data(ST_F64, ST_SHAPE(1, 4), (double[]){1, 2, 4, 8}), false,
                    false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 5, 10);
}

TEST(vjp_tril_triu) {
  for (int64_t k = -1; k <= 1; k++) {
    prm p = {.f = f_tril, .j0 = k};
    CHECK1(p, 3, 4);
    prm q = {.f = f_triu, .j0 = k, .noncontig = true};
    CHECK1(q, 4, 2, 3);
  }
  st_tensor *x = leaf(ST_SHAPE(2, 2));
  CHECK(back_ones(st_triu(x, 1)) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 1, 0, 0);
}

/* ------------------------------------------------------------------------ composites */

TEST(vjp_split_and_chunk) {
  prm p = {.f = f_split, .j0 = 2, .i0 = 0};
  CHECK(check_op(&p, 1, (st_tensor *[]){leaf(ST_SHAPE(5, 2))}, 3) == 0);
  prm q = {.f = f_chunk, .i0 = 3, .i1 = -1, .noncontig = true};
  CHECK(check_op(&q, 1, (st_tensor *[]){leaf(ST_SHAPE(6, 2))}, 3) == 0);
  /* Only one piece used: the others contribute zero. */
  st_tensor *x = leaf(ST_SHAPE(4)), *pieces[2];
  CHECK(st_chunk(x, 2, 0, 2, pieces) == 2);
  CHECK(back_ones(pieces[1]) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 0, 0, 1, 1);
}

/* ----------------------------------------------------------------- the backward ops */

TEST(slice_backward_places_the_gradient_into_zeros) {
  st_tensor *g = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  st_tensor *r = st__slice_backward(g, ST_SHAPE(2, 5), -1, 1, 5, 2);
  CHECK_SHAPE(r, 2, 5);
  CHECK_CLOSE(r, 0, 0, 1, 0, 2, 0, 0, 3, 0, 4, 0);
  CHECK_FAILS(st__slice_backward(g, ST_SHAPE(2, 5), 1, 0, 5, 1) == NULL, ST_ERR_SHAPE,
              "st_slice_backward: grad has shape [2, 2] but the view of [2, 5] has shape [2, 5]");
  CHECK_FAILS(st__slice_backward(g, ST_SHAPE(2, 5), 1, 0, 5, 0) == NULL, ST_ERR_ARG, "step 0");
  prm p = {.f = f_slice_backward, .n = 3, .list = {2, 5, 3}, .i0 = 1, .j0 = -4, .j1 = 5, .j2 = 2};
  CHECK1(p, 2, 2, 3);
  p.noncontig = true;
  CHECK1(p, 3, 2, 2);
}

TEST(diagonal_backward_places_the_gradient_into_zeros) {
  st_tensor *g = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *r = st__diagonal_backward(g, ST_SHAPE(2, 3), 1, 0, 1);
  CHECK_SHAPE(r, 2, 3);
  CHECK_CLOSE(r, 0, 0, 1, 0, 0, 0, 2);
  r = st__diagonal_backward(g, ST_SHAPE(3, 2), 1, -1, -2); /* dims swapped: a[j + 1, j] */
  CHECK_CLOSE(r, 0, 0, 0, 1, 0, 0, 2);
  CHECK_FAILS(st__diagonal_backward(g, ST_SHAPE(3, 3), 0, 0, 1) == NULL, ST_ERR_SHAPE,
              "has shape [3]");
  prm p = {.f = f_diagonal_backward, .n = 3, .list = {3, 2, 4}, .j0 = 1, .i0 = 0, .i1 = 2};
  CHECK1(p, 2, 3);
  p.noncontig = true;
  CHECK1(p, 3, 2);
}

/* ------------------------------------------------------------------ needs_input_grad */

TEST(vjp_shape_rules_compute_only_the_needed_gradients) {
  /* scatter_add: src's gradient is a gather; none when src needs none. */
  st_tensor *a = leaf(ST_SHAPE(2, 2)), *src = st_randn(ST_F64, ST_SHAPE(2, 2));
  st_tensor *index = ints(ST_SHAPE(2, 2), (int64_t[]){1, 0, 0, 1});
  st_tensor *y = st_scatter_add(a, 0, index, src);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("gather"), 0);
  st_set_requires_grad(src, true);
  y = st_scatter_add(a, 0, index, src);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("gather"), 1);
  /* cat: one slice per input that needs a gradient. */
  st_tensor *x = leaf(ST_SHAPE(2)), *c = st_randn(ST_F64, ST_SHAPE(3)), *z = leaf(ST_SHAPE(1));
  y = st_cat(3, (st_tensor *[]){x, c, z}, 0);
  st_profiler_start();
  CHECK(back_ones(y) == 0);
  CHECK_EQ_INT(st_profiler_count("slice"), 2);
  st_profiler_stop();
  CHECK_CLOSE(st_grad_of(z), 0, 1);
}
