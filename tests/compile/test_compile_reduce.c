/* test_compile_reduce.c — reductions as the epilogues of fused groups: sum, mean, prod, amax
   and amin over the last dims of a member's output, reduced tile by tile as the members leave
   it, against eager bit for bit: rows of every length class (one element, short rows in vector
   lanes, rows past the lanes, rows across tile edges, a whole tile, rows longer than a tile),
   keepdim, f32 and f64, a reduced value that is also returned, one and two threads, the C
   backend, new sizes under a dynamic template, and the gradient of a fused reduction through
   st_grad. */
#include <string.h>

#include "../test.h"
#include "../util.h"

typedef struct {
  int kind; /* 0 sum, 1 mean, 2 prod, 3 amax, 4 amin */
  int ndims, dims[2];
  bool keepdim;
} red_case;

static st_tensor *reduce(const red_case *rc, st_tensor *y) {
  switch (rc->kind) {
  case 0: return st_sum(y, rc->ndims, rc->dims, rc->keepdim);
  case 1: return st_mean(y, rc->ndims, rc->dims, rc->keepdim);
  case 2: return st_prod(y, rc->ndims, rc->dims, rc->keepdim);
  case 3: return st_amax(y, rc->ndims, rc->dims, rc->keepdim);
  default: return st_amin(y, rc->ndims, rc->dims, rc->keepdim);
  }
}

/* reduce(exp(x * 0.25 - 0.5) + x) (a loop of the vector math library: its values depend on
   where each element falls in the loop), its factors brought near 1 for a product */
static int f_reduce(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const red_case *rc = ctx;
  st_tensor *x = in[0];
  st_tensor *y = st_add(st_exp(st_add_scalar(st_mul_scalar(x, 0.25), -0.5)), x);
  if (rc->kind == 2) y = st_add_scalar(st_mul_scalar(y, 1e-3), 1.0);
  out[0] = reduce(rc, y);
  return out[0] ? 0 : -1;
}

static int kernels_of(st_func *c) { return (int)tu_compile_stats(c).kernels; }

/* Compiles f_reduce for rc on x, checks two calls against eager bit for bit and returns the
   compiled graph's kernel count. */
static int check_case(const red_case *rc, st_tensor *x, const char *backend) {
  st_func *f = st_func_new(f_reduce, (void *)rc, 1, 1);
  st_func *c = st_compile(f, &(st_compile_opts){.backend = backend, .fullgraph = true});
  st_tensor *e = NULL, *r = NULL;
  for (int call = 0; call < 2; call++) {
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  int k = kernels_of(c);
  TU_RELEASE(c, f);
  return k;
}

TEST(compile_fuses_row_reductions_into_their_group_bit_for_bit) {
  /* shape, dims, whether the reduction joins the group: rows of 1, 2, 5 (vector lanes of four
     rows, across tile edges), 29 and 203 (past the 16 lanes), 512 (a whole tile), 300 (every
     other row across an edge), a 0-dim result, and rows that cannot: 600 (longer than a tile),
     dim 0 of [40, 7] (a kept dim after it) */
  struct {
    int ndim;
    int64_t shape[3];
    int ndims, dims[2];
    bool fused;
  } shapes[] = {
      {2, {8, 1}, 1, {1}, true},        {3, {1000, 5, 2}, 1, {2}, true},
      {2, {37, 5}, 1, {-1}, true},      {3, {3, 7, 29}, 1, {2}, true},
      {3, {3, 7, 29}, 2, {1, 2}, true}, {2, {4, 512}, 1, {1}, true},
      {2, {5, 2}, 0, {0}, true},        {2, {3, 300}, 1, {1}, true},
      {2, {2, 600}, 1, {1}, false},     {2, {40, 7}, 1, {0}, false},
  };
  const st_dtype dts[] = {ST_F64, ST_F32};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (int kind = 0; kind < 5; kind++)
      for (size_t q = 0; q < 2; q++) {
        st_scope_push();
        st_tensor *x = st_to_dtype(st_randn(ST_F64, shapes[s].ndim, shapes[s].shape), dts[q]);
        red_case rc = {kind, shapes[s].ndims, {shapes[s].dims[0], shapes[s].dims[1]},
                       (kind + (int)s) % 2 == 0};
        int k = check_case(&rc, x, "interp");
        /* the group and its epilogue are one kernel; unfused, the reduction is a second */
        CHECK_EQ_INT(k, shapes[s].fused ? 1 : 2);
        st_scope_pop();
      }
}

TEST(compile_epilogue_shows_in_the_graph_and_frees_the_reduced_tile) {
  st_scope_push();
  red_case rc = {0, 1, {1}, false};
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(100, 5)), *r = NULL;
  st_func *f = st_func_new(f_reduce, &rc, 1, 1), *c = st_compile(f, NULL);
  CHECK(st_call(c, &x, &r) == 0 && st_call(c, &x, &r) == 0);
  char buf[4096];
  const char *text = tu_compile_printed(c, buf, sizeof buf);
  CHECK(strstr(text, "reduces rows of 5") != NULL);
  /* the summed value lives in tiles only: no buffer of 100 x 5 doubles */
  const char *add = strstr(text, "= add(");
  const char *eol = add ? strchr(add, '\n') : NULL;
  const char *tiles = add ? strstr(add, "in tiles") : NULL;
  CHECK(add && eol && tiles && tiles < eol);
  TU_RELEASE(c, f);
  st_scope_pop();
}

/* out = (sum(y, -1), y) with y = exp(x) * x: the reduced member's output is also returned */
static int f_sum_and_value(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_mul(st_exp(in[0]), in[0]);
  out[0] = st_sum(y, 1, (int[]){-1}, false);
  out[1] = y;
  return out[0] && out[1] ? 0 : -1;
}

TEST(compile_epilogue_reads_a_member_output_that_is_returned_too) {
  st_scope_push();
  st_tensor *x = st_randn(ST_F32, ST_SHAPE(333, 17)), *e[2] = {0}, *r[2] = {0};
  st_func *f = st_func_new(f_sum_and_value, NULL, 1, 2), *c = st_compile(f, NULL);
  for (int call = 0; call < 2; call++) {
    CHECK(st_call(f, &x, e) == 0 && st_call(c, &x, r) == 0);
    CHECK(tu_same_bits(r[0], e[0]) && tu_same_bits(r[1], e[1]));
  }
  CHECK_EQ_INT(kernels_of(c), 1);
  TU_RELEASE(c, f);
  st_scope_pop();
}

TEST(compile_epilogue_does_not_depend_on_the_thread_count) {
  if (!st_test_threads_usable()) return;
  st_scope_push();
  red_case rc = {1, 1, {1}, true};
  st_tensor *x = st_randn(ST_F32, ST_SHAPE(4096, 100)), *r1 = NULL, *r2 = NULL, *e = NULL;
  st_func *f = st_func_new(f_reduce, &rc, 1, 1), *c = st_compile(f, NULL);
  int saved = st_get_num_threads();
  st_set_num_threads(1);
  CHECK(st_call(c, &x, &r1) == 0 && st_call(f, &x, &e) == 0);
  st_set_num_threads(2);
  CHECK(st_call(c, &x, &r2) == 0);
  st_set_num_threads(saved);
  CHECK(tu_same_bits(r1, r2) && tu_same_bits(r1, e));
  TU_RELEASE(c, f);
  st_scope_pop();
}

TEST(compile_epilogue_groups_stay_on_the_executor_under_the_c_backend) {
  st_scope_push();
  red_case rc = {3, 1, {1}, false};
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(64, 9));
  CHECK_EQ_INT(check_case(&rc, x, "c"), 1); /* bit for bit: the group runs on tiles */
  st_scope_pop();
}

TEST(compile_epilogue_follows_new_sizes_of_a_dynamic_template) {
  st_scope_push();
  red_case rc = {0, 1, {-1}, false};
  st_func *f = st_func_new(f_reduce, &rc, 1, 1);
  st_func *c = st_compile(f, &(st_compile_opts){.dynamic = true});
  /* [64, 700] is past the sizes the template was verified at (its shadow and checks): captured,
     it agrees and widens them, so [5, 600] is an instantiation */
  const int64_t rows[] = {3, 4, 64, 7, 5}, cols[] = {5, 6, 700, 9, 600};
  for (int i = 0; i < 5; i++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(rows[i], cols[i])), *e = NULL, *r = NULL;
    CHECK(st_call(f, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
    /* rows of 600 are longer than a tile: the instantiated graph keeps the reduction apart */
    CHECK_EQ_INT(kernels_of(c), cols[i] >= 600 ? 2 : 1);
  }
  CHECK_EQ_INT(tu_compile_stats(c).compiles, 2);
  TU_RELEASE(c, f);
  st_scope_pop();
}

/* the mean of exp(x * 0.25 - 0.5) + x over the last dim, summed: its gradient */
static int f_mean_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  red_case rc = {1, 1, {-1}, false};
  st_tensor *m = NULL;
  if (f_reduce(&rc, 1, in, 1, &m)) return -1;
  out[0] = st_sum_all(st_square(m));
  return out[0] ? 0 : -1;
}

TEST(compile_grad_of_a_fused_reduction_equals_eager) {
  st_scope_push();
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(50, 7)), *e = NULL, *r = NULL;
  st_func *f = st_func_new(f_mean_loss, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  st_func *c = st_compile(g, NULL), *cf = st_compile(f, NULL), *cg = st_grad(cf, 0, NULL);
  for (int call = 0; call < 2; call++) {
    CHECK(st_call(g, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
    CHECK(st_call(cg, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  TU_RELEASE(cg, cf, c, g, f);
  st_scope_pop();
}
