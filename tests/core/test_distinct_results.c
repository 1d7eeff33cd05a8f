/* test_distinct_results.c — every call returns a distinct tensor object, even when it shares
   storage with an argument (strata.h; the fuzzer's bug 9): the calls that could hand back
   their argument (no-op views, st_contiguous of a contiguous tensor, eval-mode dropout) give a
   new view, gradients flow through it, and a function value may return an input with
   st_retain next to such a result without leaking. */
#include "test.h"
#include "util.h"

#define VALS(...)                                                                                  \
  (const double[]) { __VA_ARGS__ }

/* r is a new object (not x) with x's values; `view` says whether it must share x's storage. */
static void check_distinct(const char *file, int line, const char *what, st_tensor *r, st_tensor *x,
                           bool view) {
  if (!r) {
    st_test_fail(file, line, "%s failed: %s", what, st_last_error());
    return;
  }
  if (r == x) st_test_fail(file, line, "%s returned its argument itself", what);
  if (view && st_data_ptr(r) != st_data_ptr(x))
    st_test_fail(file, line, "%s does not share its argument's storage", what);
  if (st_numel(r) != st_numel(x)) {
    st_test_fail(file, line, "%s has %lld elements, not %lld", what, (long long)st_numel(r),
                 (long long)st_numel(x));
    return;
  }
  double *got = tu_values(r), *want = tu_values(x);
  for (int64_t i = 0; i < st_numel(x); i++)
    if (got[i] != want[i]) {
      st_test_fail(file, line, "%s: element %lld is %g, not %g", what, (long long)i, got[i],
                   want[i]);
      break;
    }
  free(got);
  free(want);
}
#define DISTINCT(call, x, view) check_distinct(__FILE__, __LINE__, #call, (call), (x), (view))

TEST(no_public_call_returns_its_argument_itself) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), VALS(1, -2, 3, -4, 5, -6));
  st_tensor *v = tu_tensor(ST_F64, ST_SHAPE(3), VALS(7, 8, 9));
  /* views and copies whose result equals the argument */
  DISTINCT(st_contiguous(x), x, true);
  DISTINCT(st_dropout(x, 0.5, false), x, true);
  DISTINCT(st_dropout(x, 0.0, true), x, false);
  DISTINCT(st_reshape(x, ST_SHAPE(2, 3)), x, true);
  DISTINCT(st_permute(x, 2, (const int[]){0, 1}), x, true);
  DISTINCT(st_transpose(x, 1, 1), x, true);
  DISTINCT(st_expand(x, ST_SHAPE(2, 3)), x, true);
  DISTINCT(st_expand(x, ST_SHAPE(-1, -1)), x, true);
  DISTINCT(st_squeeze(x, 0), x, true);
  DISTINCT(st_squeeze_all(x), x, true);
  DISTINCT(st_slice(x, 1, 0, 3, 1), x, true);
  DISTINCT(st_flatten(v, 0, 0), v, true);
  DISTINCT(st_detach(x), x, true);
  DISTINCT(st_clone(x), x, false);
  DISTINCT(st_to_dtype(x, ST_F64), x, false);
  DISTINCT(st_pad(x, 2, (const int64_t[]){0, 0}, 0.0), x, false);
  DISTINCT(st_repeat(x, 2, (const int64_t[]){1, 1}), x, false);
  DISTINCT(st_flip(x, 0, NULL), x, false);
  DISTINCT(st_cat(1, &x, 0), x, false);
  DISTINCT(st_add_scalar(x, 0), x, false);
  DISTINCT(st_mul_scalar(x, 1), x, false);
  DISTINCT(st_clamp(x, -INFINITY, INFINITY), x, false);
  st_tensor *piece = NULL;
  CHECK_EQ_INT(st_split(v, 3, 0, 1, &piece), 1);
  DISTINCT(piece, v, true);
  CHECK_EQ_INT(st_chunk(v, 1, 0, 1, &piece), 1);
  DISTINCT(piece, v, true);
}

TEST(contiguous_of_a_contiguous_tensor_is_a_view_that_shares_writes) {
  st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(3), VALS(1, 2, 3));
  st_tensor *y = st_contiguous(x);
  CHECK(y && y != x && st_is_contiguous(y));
  CHECK_EQ_INT(st_fill_(y, 4), 0); /* a view: x sees the write */
  CHECK_CLOSE(x, 0, 4, 4, 4);
  st_tensor *z = st_contiguous(x);
  CHECK(z != y && z != x); /* each call a new object */
  /* a non-contiguous tensor still gets a contiguous copy */
  st_tensor *nc = tu_noncontig(ST_F32, ST_SHAPE(2, 2), VALS(1, 2, 3, 4));
  st_tensor *c = st_contiguous(nc);
  CHECK(c && st_is_contiguous(c) && st_data_ptr(c) != st_data_ptr(nc));
  CHECK_CLOSE(c, 0, 1, 2, 3, 4);
}

/* d sum(w * contiguous(x)) / dx = w, also through the eval-mode dropout view and twice over. */
TEST(gradient_flows_through_the_view_of_contiguous_and_eval_dropout) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), VALS(0.5, -1, 2));
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(3), VALS(3, 4, -5));
  st_set_requires_grad(x, true);
  st_tensor *y = st_contiguous(st_dropout(st_contiguous(x), 0.2, false));
  CHECK(st_requires_grad(y) && !st_is_leaf(y));
  st_tensor *loss = st_sum_all(st_mul(w, y));
  CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
  st_tensor *g = st_grad_of(x);
  CHECK(g != NULL);
  if (g) CHECK_CLOSE(g, 0, 3, 4, -5);
}

/* ------------------------------------------------ bug 9: an input returned twice over */

/* Returns in[0] three ways: an op's view of it (recorded in the function's scope), the input
   itself with st_retain (the documented rule), and eval-mode dropout; and the sum of squares,
   so that grad has a one-element output. These once left the same object both recorded and
   retained, and st__func_call's untracking leaked a reference. */
static int returns_input_twice(void *ctx, int nin, st_tensor *const *in, int nout,
                               st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_square(in[0]));
  out[1] = st_contiguous(in[0]);
  out[2] = st_retain(in[0]);
  out[3] = st_dropout(in[0], 0.5, false);
  return out[0] && out[1] && out[3] ? 0 : st_last_status();
}

/* Releases and clears: a later call that fails before it writes (st_call of a NULL function
   value, when st_vmap failed) leaves NULL there, not a released tensor. */
static void release_all(st_tensor **t, int n) {
  for (int i = 0; i < n; i++) {
    st_release(t[i]);
    t[i] = NULL;
  }
}

TEST(fuzzbug_9_function_returning_an_input_and_a_view_of_it_does_not_leak) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), VALS(1, 2, 3));
  st_func *f = st_func_new(returns_input_twice, NULL, 1, 4);
  int64_t live = st_live_objects();
  st_tensor *out[4] = {0};
  /* plain */
  CHECK_EQ_INT(st_call(f, &x, out), 0);
  CHECK_CLOSE(out[0], 0, 14);
  for (int j = 1; j < 4; j++) CHECK_CLOSE(out[j], 0, 1, 2, 3);
  /* st_call returns distinct objects too: the retained input goes out as a view of it */
  for (int j = 1; j < 4; j++) CHECK(out[j] != x && st_data_ptr(out[j]) == st_data_ptr(x));
  CHECK(out[1] != out[2] && out[2] != out[3]);
  release_all(out, 4);
  CHECK_EQ_INT(st_live_objects(), live);
  /* grad: 2x, then the three aux outputs */
  st_func *g = st_grad(f, 0, NULL);
  st_tensor *gout[4] = {0};
  CHECK_EQ_INT(st_call(g, &x, gout), 0);
  CHECK_CLOSE(gout[0], 0, 2, 4, 6);
  for (int j = 1; j < 4; j++) CHECK_CLOSE(gout[j], 0, 1, 2, 3);
  release_all(gout, 4);
  st_func_release(g);
  CHECK_EQ_INT(st_live_objects(), live);
  /* vjp: cotangents through every output reach x */
  st_func *pullback = NULL;
  CHECK_EQ_INT(st_vjp(f, &x, out, &pullback), 0);
  st_tensor *cot[4] = {st_scalar(ST_F64, 1), st_ones(ST_F64, ST_SHAPE(3)),
                       st_ones(ST_F64, ST_SHAPE(3)), st_ones(ST_F64, ST_SHAPE(3))};
  st_tensor *gx = NULL;
  CHECK_EQ_INT(st_call(pullback, cot, &gx), 0);
  CHECK_CLOSE(gx, 0, 5, 7, 9); /* 2x + 3 */
  release_all(out, 4);
  release_all(cot, 4);
  st_release(gx);
  st_func_release(pullback);
  CHECK_EQ_INT(st_live_objects(), live);
  /* jvp: tangent 2x . t for the sum of squares, t for the rest */
  st_tensor *t = tu_tensor(ST_F64, ST_SHAPE(3), VALS(1, 0, -1));
  st_tensor *tout[4] = {0};
  live = st_live_objects();
  CHECK_EQ_INT(st_jvp(f, &x, &t, out, tout), 0);
  CHECK_CLOSE(tout[0], 0, -4);
  for (int j = 1; j < 4; j++) CHECK_CLOSE(tout[j], 0, 1, 0, -1);
  release_all(out, 4);
  release_all(tout, 4);
  CHECK_EQ_INT(st_live_objects(), live);
  /* vmap over the rows of a [2, 3] batch */
  st_tensor *xb = tu_tensor(ST_F64, ST_SHAPE(2, 3), VALS(1, 2, 3, 4, 5, 6));
  live = st_live_objects();
  st_func *vf = st_vmap(f, NULL, NULL);
  CHECK_EQ_INT(st_call(vf, &xb, out), 0);
  CHECK_CLOSE(out[0], 0, 14, 77);
  for (int j = 1; j < 4; j++) CHECK_CLOSE(out[j], 0, 1, 2, 3, 4, 5, 6);
  release_all(out, 4);
  st_func_release(vf);
  CHECK_EQ_INT(st_live_objects(), live);
  st_func_release(f);
}

/* The calls that run a function value hand back what it returned; an input it returned with
   st_retain comes back as a view of that input, never as the caller's own argument. */
static int identity(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  return 0;
}

static int forward_identity(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  return 0;
}

static int backward_identity(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  (void)ctx;
  gin[0] = st_retain(g[0]);
  return 0;
}

TEST(calls_of_function_values_return_distinct_objects) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), VALS(1, 2, 3));
  st_tensor *t = tu_tensor(ST_F64, ST_SHAPE(3), VALS(4, 5, 6));
  st_func *f = st_func_new(identity, NULL, 1, 1);
  st_tensor *o = NULL, *to = NULL, *g = NULL;
  CHECK_EQ_INT(st_call(f, &x, &o), 0);
  DISTINCT(o, x, true);
  st_func *pullback = NULL;
  CHECK_EQ_INT(st_vjp(f, &x, &o, &pullback), 0);
  DISTINCT(o, x, true);
  CHECK_EQ_INT(st_call(pullback, &t, &g), 0);
  DISTINCT(g, t, false); /* the cotangent passes through */
  st_func_release(pullback);
  CHECK_EQ_INT(st_jvp(f, &x, &t, &o, &to), 0);
  DISTINCT(o, x, true);
  DISTINCT(to, t, false);
  st_func *vf = st_vmap(f, NULL, NULL);
  CHECK_EQ_INT(st_call(vf, &x, &o), 0);
  DISTINCT(o, x, true);
  st_func_release(vf);
  st_tensor *pred = st_scalar(ST_BOOL, 1);
  CHECK_EQ_INT(st_cond(pred, f, f, 1, &x, &o), 0);
  DISTINCT(o, x, true);
  st_custom_fn id = {.name = "identity",
                     .nin = 1,
                     .nout = 1,
                     .forward = forward_identity,
                     .backward = backward_identity};
  CHECK_EQ_INT(st_custom_apply(&id, &x, &o), 0);
  DISTINCT(o, x, true);
  st_func_release(f);
}
