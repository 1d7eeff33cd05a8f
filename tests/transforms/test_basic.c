/* test_basic.c — first checks of the transform stack on elementwise ops and reductions. */
#include "tx.h"
#include "util.h"

static int f_mul_exp(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_exp(in[0]), in[1]);
  return out[0] ? 0 : -1;
}

static int f_sum_dims(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum(in[0], 1, (const int[]){-1}, false);
  out[1] = st_mean_all(in[0]);
  return out[0] && out[1] ? 0 : -1;
}

TEST(vmap_elementwise_all_in_dims) {
  st_scope_push();
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(2, 3)), st_randn(ST_F64, ST_SHAPE(3))};
  CHECK(CHECK_VMAP_ALL(f_mul_exp, NULL, 2, in, 1, 4, 1e-12));
  st_scope_pop();
}

TEST(vmap_reduce_all_in_dims) {
  st_scope_push();
  st_tensor *in[1] = {st_randn(ST_F64, ST_SHAPE(2, 3))};
  CHECK(CHECK_VMAP_ALL(f_sum_dims, NULL, 1, in, 2, 3, 1e-12));
  st_scope_pop();
}

TEST(jvp_elementwise_and_reduce_fd) {
  st_scope_push();
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(2, 3)), st_randn(ST_F64, ST_SHAPE(3))};
  CHECK(CHECK_JVP_FD(f_mul_exp, NULL, 2, in, 1, 1e-6, 1e-7));
  CHECK(CHECK_TRANSPOSE(f_mul_exp, NULL, 2, in, 1, 1e-10));
  CHECK(CHECK_JVP_FD(f_sum_dims, NULL, 1, in, 2, 1e-6, 1e-7));
  CHECK(CHECK_TRANSPOSE(f_sum_dims, NULL, 1, in, 2, 1e-10));
  st_scope_pop();
}
