/* test_inplace_lift.c — a tensor a grad or jvp transform does not track (made inside the
   function, an input not differentiated, one captured from outside) into which an in-place op
   writes a tracked value is lifted into the transform: it stands for a wrapper of the transform's
   level from then on, as the output of the function, inside a nested transform, and when a view
   taken before the write is used; the caller's tensor keeps only the written values. Also the
   tangent of a view taken before its base was written, where a transform reads it directly. */
#include "tx.h"
#include "util.h"

static const double X3[3] = {0.5, -1.5, 2.0};

static st_tensor *x3(void) { return tu_tensor(ST_F64, ST_SHAPE(3), X3); }

/* f(x) = y where y = zeros(3); y.copy_(x): the lifted tensor itself is the output */
static int copy_into_zeros(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(3));
  if (st_copy_(y, st_mul_scalar(in[0], 2))) return st_last_status();
  out[0] = y;
  return 0;
}

/* test_eager_transforms.py TestJac / TestJvp on a function whose output is a tensor it made and
   wrote: the jacobian of y = 2x is 2I in both modes */
TEST(lifted_tensor_returned_as_the_output_is_differentiated) {
  st_scope_push();
  st_tensor *x = x3(), *j = NULL;
  st_func *f = st_func_new(copy_into_zeros, NULL, 1, 1), *jr = st_jacrev(f, 0),
          *jf = st_jacfwd(f, 0);
  const double two_eye[9] = {2, 0, 0, 0, 2, 0, 0, 0, 2};
  CHECK(st_call(jr, &x, &j) == 0);
  st_test_close(__FILE__, __LINE__, j, two_eye, 9, 0);
  CHECK(st_call(jf, &x, &j) == 0);
  st_test_close(__FILE__, __LINE__, j, two_eye, 9, 0);
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(3)), *o = NULL, *to = NULL;
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0);
  CHECK_CLOSE(o, 0, 1, -3, 4);
  CHECK_CLOSE(to, 0, 2, 2, 2);
  st_func_release(jf);
  st_func_release(jr);
  st_func_release(f);
  st_scope_pop();
}

/* g(x, w): w.copy_(x * x); returns sum(w): w is the caller's tensor */
static int write_other(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  if (st_copy_(in[1], st_mul(in[0], in[0]))) return st_last_status();
  out[0] = st_sum_all(in[1]);
  return out[0] ? 0 : st_last_status();
}

/* The input not differentiated keeps the written values after the transform returned, and
   nothing of the transform (it is a plain tensor, not tracked). */
TEST(lifted_input_is_plain_again_with_the_written_values_after_the_transform) {
  st_scope_push();
  st_tensor *x = x3(), *w = st_zeros(ST_F64, ST_SHAPE(3)), *g = NULL;
  st_func *f = st_func_new(write_other, NULL, 2, 1), *df = st_grad(f, 0, NULL);
  CHECK(st_call(df, (st_tensor *[]){x, w}, &g) == 0);
  CHECK_CLOSE(g, 0, 1, -3, 4); /* d sum(x^2) / dx */
  CHECK_CLOSE(w, 0, 0.25, 2.25, 4);
  CHECK(!st_requires_grad(w) && st_grad_fn(w) == NULL && st_is_leaf(w));
  /* and it can be written again, eagerly, with a value that requires grad */
  st_set_requires_grad(x, true);
  CHECK(st_copy_(w, x) == 0 && st_requires_grad(w));
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* h(x) = sum(grad(t -> sum(t * t))(y)) with y = zeros.copy_(x): a nested transform wraps the
   lifted tensor, so the outer one sees d/dx sum(2 x) = 2 */
static int sq_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(in[0], in[0]));
  return out[0] ? 0 : st_last_status();
}
static int nested(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(3)), *gy = NULL;
  if (st_copy_(y, in[0])) return st_last_status();
  st_func *f = st_func_new(sq_sum, NULL, 1, 1), *df = st_grad(f, 0, NULL);
  int rc = st_call(df, &y, &gy);
  st_func_release(df);
  st_func_release(f);
  if (rc) return rc;
  out[0] = st_sum_all(gy);
  return out[0] ? 0 : st_last_status();
}

TEST(lifted_tensor_passed_to_a_nested_transform_stays_tracked) {
  st_scope_push();
  st_tensor *x = x3(), *g = NULL;
  st_func *f = st_func_new(nested, NULL, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK(st_call(df, &x, &g) == 0);
  CHECK_CLOSE(g, 0, 2, 2, 2);
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(3)), *o = NULL, *to = NULL;
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0);
  CHECK_NEAR(st_item(to), 6.0, 0);
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* test_eager_transforms.py TestGradTransform.test_inplace_on_captures: torch.func refuses to
   write a captured tensor ("mutate a captured Tensor"); strata lifts it like a tensor made inside
   the function, so the gradient goes through the write: d/dx sum(x * x) = 2 x. */
static int write_captured(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *captured = ctx;
  if (st_copy_(captured, in[0])) return st_last_status();
  out[0] = st_sum_all(st_mul(in[0], captured));
  return out[0] ? 0 : st_last_status();
}

TEST(lifted_captured_tensor_is_differentiated_through_the_write) {
  st_scope_push();
  st_tensor *x = x3(), *captured = st_zeros(ST_F64, ST_SHAPE(3)), *g = NULL;
  st_func *f = st_func_new(write_captured, captured, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK(st_call(df, &x, &g) == 0);
  CHECK_CLOSE(g, 0, 1, -3, 4);
  CHECK_CLOSE(captured, 0, 0.5, -1.5, 2);
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* The captured tensor being the transform's own input, its wrapper would miss the write: refused
   where the wrapper is used next, under grad and jvp alike. */
static int write_captured_input(void *ctx, int nin, st_tensor *const *in, int nout,
                                st_tensor **out) {
  (void)nin, (void)nout;
  if (st_copy_(ctx, st_sin(in[0]))) return st_last_status();
  out[0] = st_sum_all(st_mul(in[0], in[0]));
  return out[0] ? 0 : st_last_status();
}

TEST(lifted_captured_input_of_the_transform_is_refused_where_its_wrapper_is_used) {
  st_scope_push();
  st_tensor *x = x3(), *g = NULL;
  st_func *f = st_func_new(write_captured_input, x, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK_FAILS(st_call(df, &x, &g) != 0, ST_ERR_TRANSFORM,
              "st_mul: argument 1 (shape [3]) is an input of a transform (level 1) that was "
              "written in place through the tensor itself");
  st_tensor *t = st_ones(ST_F64, ST_SHAPE(3)), *o = NULL, *to = NULL;
  CHECK_FAILS(st_jvp(f, &x, &t, &o, &to) != 0, ST_ERR_TRANSFORM, "written in place through");
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* v = c[0:2] taken before c *= x: under st_jvp the output v's tangent is made from c's new one
   (d/dx (x * x)[0:2] t = 2 x t) where the transform reads it directly. */
static int view_output(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *c = st_clone(in[0]), *v = st_slice(c, 0, 0, 2, 1);
  if (st_mul_(c, in[0])) return st_last_status();
  out[0] = v;
  return 0;
}

TEST(view_taken_before_the_write_has_the_new_tangent_as_an_output) {
  st_scope_push();
  st_tensor *x = x3(), *t = tu_tensor(ST_F64, ST_SHAPE(2 + 1), (double[]){1, 2, 3});
  st_tensor *o = NULL, *to = NULL;
  st_func *f = st_func_new(view_output, NULL, 1, 1);
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0);
  CHECK_CLOSE(o, 0, 0.25, 2.25);
  CHECK_CLOSE(to, 0, 1, -6);
  st_func_release(f);
  st_scope_pop();
}

/* A custom function's jvp rule reads its input's tangent directly: a view taken before its base
   was written gives it the new one. */
static int twice_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 2);
  return out[0] ? 0 : st_last_status();
}
static int twice_backward(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  (void)ctx;
  gin[0] = st_mul_scalar(gout[0], 2);
  return gin[0] ? 0 : st_last_status();
}
static int twice_jvp(st_ctx *ctx, st_tensor *const *tin, st_tensor **tout) {
  (void)ctx;
  tout[0] = tin[0] ? st_mul_scalar(tin[0], 2) : NULL;
  return 0;
}
static const st_custom_fn TWICE = {.name = "twice",
                                   .nin = 1,
                                   .nout = 1,
                                   .forward = twice_forward,
                                   .backward = twice_backward,
                                   .jvp = twice_jvp};

static int view_into_custom(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *c = st_clone(in[0]), *v = st_slice(c, 0, 0, 2, 1);
  if (st_mul_scalar_(c, 3)) return st_last_status();
  return st_custom_apply(&TWICE, &v, out);
}

TEST(view_taken_before_the_write_gives_a_custom_jvp_rule_the_new_tangent) {
  st_scope_push();
  st_tensor *x = x3(), *t = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *o = NULL, *to = NULL;
  st_func *f = st_func_new(view_into_custom, NULL, 1, 1);
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0);
  CHECK_CLOSE(o, 0, 3, -9);
  CHECK_CLOSE(to, 0, 6, 12);
  st_func_release(f);
  st_scope_pop();
}

/* An in-place write of a tracked value into a bool tensor makes nothing differentiable (PyTorch:
   the result does not require grad): not lifted, no tangent, a zero derivative through it
   (a fuzz-found case: jvp gave the bool result the cast tangent). */
static int write_into_bool(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *mask = st_lt(in[0], st_zeros(ST_F64, ST_SHAPE(3)));
  if (st_copy_(mask, in[0])) return st_last_status();
  out[0] = st_sum_all(st_mul(st_to_dtype(mask, ST_F64), in[0]));
  return out[0] ? 0 : st_last_status();
}

TEST(inplace_write_into_a_bool_tensor_is_not_differentiated) {
  st_scope_push();
  st_tensor *x = x3(), *g = NULL, *t = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *o = NULL, *to = NULL;
  st_func *f = st_func_new(write_into_bool, NULL, 1, 1), *df = st_grad(f, 0, NULL);
  /* the mask is all true after the write (x has no zero): f = sum(x), df/dx = 1 */
  CHECK(st_call(df, &x, &g) == 0);
  CHECK_CLOSE(g, 0, 1, 1, 1);
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0);
  CHECK_NEAR(st_item(to), 6.0, 0);
  st_set_requires_grad(x, true);
  CHECK(write_into_bool(NULL, 1, &x, 1, &o) == 0);
  CHECK(st_backward(o, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 1, 1, 1);
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* A view of a fresh tensor taken before the tensor was lifted (written with a tracked value) is
   lifted with it when next used, its history made from the lifted base's: d/dx sum(x[0:2]^2). */
static int view_before_lift(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(3)), *v = st_slice(y, 0, 0, 2, 1);
  if (st_copy_(y, in[0])) return st_last_status();
  out[0] = st_sum_all(st_mul(v, v));
  return out[0] ? 0 : st_last_status();
}

TEST(view_taken_before_its_base_was_lifted_follows_the_base) {
  st_scope_push();
  st_tensor *x = x3(), *g = NULL, *t = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *o = NULL, *to = NULL;
  st_func *f = st_func_new(view_before_lift, NULL, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK(st_call(df, &x, &g) == 0);
  CHECK_CLOSE(g, 0, 1, -3, 0);
  CHECK(st_jvp(f, &x, &t, &o, &to) == 0);
  CHECK_NEAR(st_item(to), 2 * 0.5 * 1 + 2 * -1.5 * 2, 1e-15);
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* y = softmax(x.detach()); y.mul_(x): y is untracked until the write lifts it */
static int softmax_detached_times(void *ctx, int nin, st_tensor *const *in, int nout,
                                  st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_softmax(st_detach(in[0]), -1);
  if (st_mul_(y, in[0])) return st_last_status();
  out[0] = y;
  return 0;
}
static int sum_of_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *o = NULL;
  if (st_call(ctx, in, &o)) return st_last_status();
  out[0] = st_sum_all(o);
  return out[0] ? 0 : st_last_status();
}

/* Under st_vmap with the lanes at dim 1, inside st_grad: the batching rule of the in-place op
   wrote into a movedim view of the untracked tensor, and the lift of that view missed the
   tensor itself, so the gradient was 0 (difffuzz s6_1263; torch gives softmax(x)). The lift now
   reaches the tensor the vmap wrapper holds: d sum(softmax(x.detach()) * x) / dx = softmax(x). */
TEST(lifted_write_under_vmap_with_lanes_off_the_front_reaches_the_output) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 2, 4));
  st_func *f = st_func_new(softmax_detached_times, NULL, 1, 1);
  st_func *v = st_vmap(f, (const int[]){1}, NULL);
  st_func *s = st_func_new(sum_of_call, v, 1, 1), *g = st_grad(s, 1, NULL);
  st_tensor *G = NULL;
  CHECK(st_call(g, &x, &G) == 0);
  CHECK(G && tu_values_close(G, st_softmax(x, -1), 1e-12));
  st_func_release(g), st_func_release(s), st_func_release(v), st_func_release(f);
}
