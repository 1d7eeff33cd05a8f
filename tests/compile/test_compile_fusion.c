/* test_compile_fusion.c — fused groups that read tensors in a layout of their own: broadcasts
   (a row, a column, a repeated inner element, a middle dim), a transposed operand of the
   group's shape, across tile boundaries, in every element size, on one and two threads and on
   both backends, against eager bit for bit; and a view of a member's own output, which must
   not be gathered before the group has written it. */
#include <string.h>

#include "../test.h"
#include "../util.h"



/* in: x [N, M, D], row [D], col [N, 1, 1], mid [N, 1, D], t [D, M, N] (t^T has x's shape):
   ((x - row) * col + mid) * transpose(t) - 3 x, then the maximum with row (exact ops only) */
static int f_bcast(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0], *tt = st_permute(in[4], 3, (int[]){2, 1, 0});
  st_tensor *y = st_mul(st_add(st_mul(st_sub(x, in[1]), in[2]), in[3]), tt);
  out[0] = st_maximum(st_sub(y, st_mul_scalar(x, 3.0)), in[1]);
  return out[0] ? 0 : -1;
}

static st_tensor *randn_as(st_dtype dt, int ndim, const int64_t *shape) {
  st_tensor *r = st_mul_scalar(st_randn(ST_F64, ndim, shape), 10.0);
  return dt == ST_F64 ? r : st_to_dtype(st_round(r), dt);
}

TEST(compile_fuses_broadcast_and_transposed_operands_bit_for_bit) {
  const st_dtype dts[] = {ST_F64, ST_F32, ST_I64, ST_I32};
  /* D >= 128: the row and mid operands are read in place, a row at a time, their rows across
     tile edges (300) or on them (128) */
  const int64_t sizes[][3] = {{37, 5, 2}, {3, 7, 29}, {1, 1, 1}, {200, 3, 9}, {5, 3, 300}, {4, 2, 128}};
  const char *const backends[] = {"interp", "c"};
  for (size_t q = 0; q < sizeof dts / sizeof dts[0]; q++)
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
      for (int b = 0; b < 2; b++) {
        st_scope_push();
        int64_t N = sizes[z][0], M = sizes[z][1], D = sizes[z][2];
        st_tensor *in[5] = {randn_as(dts[q], 3, (int64_t[]){N, M, D}),
                            randn_as(dts[q], 1, (int64_t[]){D}),
                            randn_as(dts[q], 3, (int64_t[]){N, 1, 1}),
                            randn_as(dts[q], 3, (int64_t[]){N, 1, D}),
                            randn_as(dts[q], 3, (int64_t[]){D, M, N})};
        st_func *f = st_func_new(f_bcast, NULL, 5, 1);
        st_func *c = st_compile(f, &(st_compile_opts){.backend = backends[b], .fullgraph = true});
        st_tensor *e = NULL, *r = NULL;
        for (int call = 0; call < 2; call++) {
          CHECK(st_call(f, in, &e) == 0 && st_call(c, in, &r) == 0);
          CHECK(tu_same_bits(r, e));
        }
        /* one kernel (i32 computes through i64 loops after a conversion, which no group
           takes) */
        if (dts[q] != ST_I32) CHECK_EQ_INT(tu_compile_stats(c).kernels, 1);
        CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
        st_func_release(c);
        st_func_release(f);
        st_scope_pop();
      }
}

static void gathered_on_threads(int64_t D) {
  st_scope_push();
  int64_t N = D > 100 ? 30 : 300;
  st_tensor *in[5] = {st_randn(ST_F32, ST_SHAPE(N, 70, D)), st_randn(ST_F32, ST_SHAPE(D)),
                      st_randn(ST_F32, ST_SHAPE(N, 1, 1)), st_randn(ST_F32, ST_SHAPE(N, 1, D)),
                      st_randn(ST_F32, ST_SHAPE(D, 70, N))};
  st_func *f = st_func_new(f_bcast, NULL, 5, 1), *c = st_compile(f, NULL);
  int saved = st_get_num_threads();
  st_tensor *r1 = NULL, *r2 = NULL, *e = NULL;
  st_set_num_threads(1);
  CHECK(st_call(c, in, &r1) == 0 && st_call(f, in, &e) == 0);
  st_set_num_threads(2);
  CHECK(st_call(c, in, &r2) == 0);
  st_set_num_threads(saved);
  CHECK(tu_same_bits(r1, r2) && tu_same_bits(r1, e));
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(compile_gathered_operands_do_not_depend_on_the_thread_count) {
  if (!st_test_threads_usable()) return;
  for (int64_t D = 9; D <= 300; D += 291) /* gathered rows; rows read in place, from mid-row */
    gathered_on_threads(D);
}

/* y = x * 2 + 1 (a group), then y + y^T: the transposed view of the group's own output cannot
   be gathered while the group runs */
static int f_own_view(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_add_scalar(st_mul_scalar(in[0], 2.0), 1.0);
  out[0] = st_mul(st_add(y, st_transpose(y, 0, 1)), in[0]);
  return out[0] ? 0 : -1;
}

TEST(compile_never_gathers_a_view_of_its_own_groups_output) {
  st_scope_push();
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(40, 40)), *e = NULL, *r = NULL;
  st_func *f = st_func_new(f_own_view, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 2; call++) {
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
  }
  CHECK(tu_compile_stats(c).kernels >= 2);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* exp(x - m) with m [N, 1]: exp reads a tile, the subtraction gathers m */
static int f_softmax_num(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *m = st_amax(in[0], 1, (int[]){1}, true);
  out[0] = st_div(st_exp(st_sub(in[0], m)), st_sum(st_exp(st_sub(in[0], m)), 1, (int[]){1}, true));
  return out[0] ? 0 : -1;
}

TEST(compile_softmax_groups_read_the_row_statistics_gathered) {
  st_scope_push();
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(1000, 5)), *e = NULL, *r = NULL;
  st_func *f = st_func_new(f_softmax_num, NULL, 1, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 2; call++) {
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
  }
  /* amax, the group sub + exp, sum, div: four, where each op alone was six */
  CHECK(tu_compile_stats(c).kernels <= 4);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}
