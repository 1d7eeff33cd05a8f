/* test_cond.c — st_cond under every transform: the taken branch under eager autograd, grad and
   jvp; a per-lane select under vmap with a batched predicate; Jacobians through it. */
#include "tx.h"
#include "util.h"

static int br_sin(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_sin(in[0]), in[1]);
  return out[0] ? 0 : -1;
}
static int br_sq(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_square(in[0]), in[1]);
  return out[0] ? 0 : -1;
}

/* f(x, w) = sum(cond(sum(x) > 0, sin(x) w, x^2 w)) */
static int f_cond(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *t = st_func_new(br_sin, NULL, 2, 1), *f = st_func_new(br_sq, NULL, 2, 1);
  st_tensor *r = NULL;
  int rc = st_cond(st_gt(st_sum_all(in[0]), st_scalar(ST_F64, 0)), t, f, 2, in, &r);
  st_func_release(t);
  st_func_release(f);
  if (rc) return rc;
  out[0] = st_sum_all(r);
  return out[0] ? 0 : -1;
}

TEST(cond_eager_takes_one_branch_and_differentiates_it) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, 1.0}),
            *w = st_from_data(ST_F64, ST_SHAPE(2), (double[]){2, 3});
  st_set_requires_grad(x, true);
  st_tensor *in[2] = {x, w}, *r = NULL;
  CHECK(f_cond(NULL, 2, in, 1, &r) == 0);
  CHECK_NEAR(st_item(r), 2 * sin(0.5) + 3 * sin(1.0), 1e-15);
  CHECK(st_backward(r, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 2 * cos(0.5), 3 * cos(1.0));
  st_tensor *xn = st_from_data(ST_F64, ST_SHAPE(2), (double[]){-0.5, -1.0}), *in2[2] = {xn, w};
  CHECK(f_cond(NULL, 2, in2, 1, &r) == 0);
  CHECK_NEAR(st_item(r), 2 * 0.25 + 3 * 1.0, 1e-15);
  st_scope_pop();
}

TEST(cond_grad_jvp_and_jacobians) {
  st_scope_push();
  st_tensor *in[2] = {st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, 1.0}),
                      st_from_data(ST_F64, ST_SHAPE(2), (double[]){2, 3})};
  st_func *f = st_func_new(f_cond, NULL, 2, 1), *g = st_grad(f, 0, NULL);
  st_tensor *r = NULL;
  CHECK(st_call(g, in, &r) == 0);
  CHECK_CLOSE(r, 1e-15, 2 * cos(0.5), 3 * cos(1.0));
  CHECK(CHECK_JVP_FD(f_cond, NULL, 2, in, 1, 1e-6, 1e-8));
  CHECK(CHECK_TRANSPOSE(f_cond, NULL, 2, in, 1, 1e-12));
  st_func *h = st_hessian(f, 0);
  CHECK(st_call(h, in, &r) == 0);
  CHECK_CLOSE(r, 1e-15, -2 * sin(0.5), 0.0, 0.0, -3 * sin(1.0));
  st_func_release(h);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}

TEST(cond_vmap_batched_predicate_selects_per_lane) {
  st_scope_push();
  /* lanes with sum(x) > 0 and < 0: each must take its own branch */
  st_tensor *in[2] = {st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, -1.0, 2.0}),
                      st_from_data(ST_F64, ST_SHAPE(3), (double[]){2, 3, -1})};
  CHECK(CHECK_VMAP_LOOP(
      f_cond, NULL, 2,
      ((st_tensor *const[]){
          st_from_data(ST_F64, ST_SHAPE(3, 3), (double[]){0.5, -1, 2, -3, 1, 0.5, 1, 1, 1}),
          in[1]}),
      ((const int[]){0, ST_UNBATCHED}), 1, 1e-14));
  CHECK(CHECK_VMAP_ALL(f_cond, NULL, 2, in, 1, 3, 1e-14));
  /* per-sample gradients through a batched predicate */
  st_func *f = st_func_new(f_cond, NULL, 2, 1), *g = st_grad(f, 0, NULL),
          *v = st_vmap(g, (const int[]){0, ST_UNBATCHED}, NULL);
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){0.5, -1, 2, -3, 1, 0.5}),
            *r = NULL, *args[2] = {X, in[1]};
  CHECK(st_call(v, args, &r) == 0);
  CHECK_CLOSE(r, 1e-14, 2 * cos(0.5), 3 * cos(-1.0), -cos(2.0), 2 * 2 * -3.0, 2 * 3 * 1.0,
              2 * -1 * 0.5);
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}

static int br_shape(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(in[0]);
  return out[0] ? 0 : -1;
}
static int f_mismatch(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *t = st_func_new(br_sin, NULL, 2, 1), *f = st_func_new(br_shape, NULL, 2, 1);
  int rc = st_cond(st_gt(st_sum_all(in[0]), st_scalar(ST_F64, 0)), t, f, 2, in, out);
  st_func_release(t);
  st_func_release(f);
  return rc;
}

TEST(cond_errors) {
  st_scope_push();
  st_tensor *X = st_ones(ST_F64, ST_SHAPE(2, 3)), *w = st_ones(ST_F64, ST_SHAPE(3)), *r = NULL,
            *args[2] = {X, w};
  st_func *f = st_func_new(f_mismatch, NULL, 2, 1),
          *v = st_vmap(f, (const int[]){0, ST_UNBATCHED}, NULL);
  CHECK_FAILS(st_call(v, args, &r) != 0, ST_ERR_SHAPE,
              "output 0 is [3] f64 in the true branch but [] f64 in the false branch");
  st_func *t = st_func_new(br_sin, NULL, 2, 1);
  CHECK_FAILS(st_cond(X, t, t, 2, args, &r) != 0, ST_ERR_SHAPE,
              "st_cond: the predicate must have one element (got shape [2, 3])");
  st_func *one = st_func_new(br_shape, NULL, 1, 1);
  CHECK_FAILS(st_cond(st_scalar(ST_BOOL, 1), t, one, 2, args, &r) != 0, ST_ERR_ARG,
              "st_cond: the branches take 2 and 1 inputs");
  st_func_release(one);
  st_func_release(t);
  st_func_release(v);
  st_func_release(f);
  st_scope_pop();
}
