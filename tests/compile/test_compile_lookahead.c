/* test_compile_lookahead.c — the fusion pass's look-ahead (passes.c): pointwise ops that a
   reduction or an op of another shape cut off from a group join it after all, the group running
   at its first member (what joined is independent of the nodes passed over, which may read the
   members) or at its last (the nodes passed over are independent of the members, and what
   joined may read them); a node that needs both, or an in-place write, is not passed over.
   Values against eager bit for bit (the C backend: within libmvec's rounding), on both
   backends and on one and two threads, and the kernel counts that say the members joined. */
#include <string.h>

#include "../test.h"
#include "../util.h"

/* A group at its first member: a = 2 exp(x); the column sums of a (the look-ahead passes over
   them: they read a member); then c = -a * 3 + x, which joins. Out: the sums, c. */
static int f_first(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_mul_scalar(st_exp(in[0]), 2.0);
  out[0] = st_sum(a, 1, (int[]){0}, false);
  out[1] = st_add(st_mul_scalar(st_neg(a), 3.0), in[0]);
  return out[0] && out[1] ? 0 : -1;
}

/* A group at its last member: a = 2 x; w = v + 1 of another shape (passed over: independent of
   a); then (a - w)^2, which reads w broadcast and joins. */
static int f_last(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_mul_scalar(in[0], 2.0), *w = st_add_scalar(in[1], 1.0);
  st_tensor *c = st_sub(a, w);
  out[0] = st_mul(c, c);
  return out[0] ? 0 : -1;
}

/* A GEMM passed over (acceptance probe): y = 2 exp(x); z = x W; sin(y) + z joins y's group,
   which must then run after the GEMM. in[1] is W here, [M, M]. */
static int f_gemm(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_mul_scalar(st_exp(in[0]), 2.0), *z = st_matmul(in[0], in[2]);
  out[0] = st_add(st_sin(y), z);
  return out[0] ? 0 : -1;
}

/* Both at once: the column sums of a = 2 x read a member (the group must run first), and
   c = a - w reads w = v + 1, passed over too (it would have to run last): c stays out, while
   -a, which needs neither, joins. */
static int f_both(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_mul_scalar(in[0], 2.0);
  out[0] = st_sum(a, 1, (int[]){0}, false);
  st_tensor *w = st_add_scalar(in[1], 1.0);
  out[1] = st_sub(a, w);
  out[2] = st_neg(a);
  return out[0] && out[1] && out[2] ? 0 : -1;
}

/* An in-place write ends the look-ahead: a = 2 x, its column sums, z *= 3 in place, then a + z
   must read the new z. */
static int f_inplace(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_mul_scalar(in[0], 2.0);
  out[0] = st_sum(a, 1, (int[]){0}, false);
  if (st_mul_scalar_(in[2], 3.0)) return -1;
  out[1] = st_add(a, in[2]);
  return out[0] && out[1] ? 0 : -1;
}

/* A group at its last member keeps later groups out of its range: a = 2 x; w = v + 1 (passed
   over); c = a - w joins (the group runs at c); then w + a[0] could join w in a group at w's
   place, before a is made. */
static int f_barrier(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_mul_scalar(in[0], 2.0), *w = st_add_scalar(in[1], 1.0);
  out[0] = st_sub(a, w);
  out[1] = st_add(w, st_select(a, 0, 0));
  return out[0] && out[1] ? 0 : -1;
}

/* The nodes such a group passes over still fuse among themselves, before it runs (hessian_train's
   backward: a [W, W] add at its last member, across [B, W] chains): a = 2 x; w = v + 1 and
   u = exp(w) (passed over: a group of their own); c = a - u joins a's group, which runs at c;
   then u * 3, which would join w's group past c: it stays out (w's group runs before c). */
static int f_inner(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *a = st_mul_scalar(in[0], 2.0), *u = st_exp(st_add_scalar(in[1], 1.0));
  out[0] = st_sub(a, u);
  out[1] = st_mul_scalar(u, 3.0);
  return out[0] && out[1] ? 0 : -1;
}

typedef int (*body)(void *, int, st_tensor *const *, int, st_tensor **);

/* f compiled on backend b against eager, three calls on new values, on `threads` threads: bit
   for bit; returns the compiled graph's kernel count. in[2], which f may write, is copied for
   each of the two runs. */
static int64_t check_against_eager(body fn, int nout, int64_t N, int64_t M, const char *b,
                                   int threads) {
  st_scope_push();
  st_func *f = st_func_new(fn, NULL, 3, nout);
  st_func *c = st_compile(f, &(st_compile_opts){.backend = b, .fullgraph = true});
  int saved = st_get_num_threads();
  /* one thread in the allocation-failure sweep's forked children (no thread pool there) */
  st_set_num_threads(st_test_threads_usable() ? threads : 1);
  for (int call = 0; call < 3; call++) { /* new values each call: nothing stale passes */
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(N, M)), *v = st_randn(ST_F64, ST_SHAPE(M)),
              *z = st_randn(ST_F64, ST_SHAPE(N, M));
    st_tensor *e[3] = {0}, *r[3] = {0};
    st_tensor *ein[3] = {x, v, st_clone(z)}, *cin[3] = {x, v, st_clone(z)};
    CHECK(st_call(f, ein, e) == 0 && st_call(c, cin, r) == 0);
    /* the C backend's loops call the vector math library at other elements (strata.h):
       within its rounding; the executor's are eager's own */
    for (int k = 0; k < nout; k++)
      CHECK(strcmp(b, "c") ? tu_same_bits(r[k], e[k]) : tu_values_close(r[k], e[k], 1e-14));
    CHECK(tu_same_bits(cin[2], ein[2]));
  }
  st_set_num_threads(saved);
  st_compile_stats s = tu_compile_stats(c);
  CHECK_EQ_INT(s.fallbacks, 0);
  TU_RELEASE(c, f);
  st_scope_pop();
  return s.kernels;
}

static const char *const backends[] = {"interp", "c"};
/* 300 x 70 x 5 members is past the executor's work for two threads */
static const int64_t sizes[][2] = {{7, 3}, {37, 29}, {300, 70}};

TEST(compile_lookahead_joins_ops_after_a_reduction_of_a_member) {
  for (int b = 0; b < 2; b++)
    for (int z = 0; z < 3; z++)
      for (int t = 1; t <= 2; t++)
        /* one group of exp, mul_scalar, neg, mul_scalar, add; the column sum */
        CHECK_EQ_INT(check_against_eager(f_first, 2, sizes[z][0], sizes[z][1], backends[b], t), 2);
}

TEST(compile_lookahead_joins_ops_that_read_a_node_passed_over) {
  for (int b = 0; b < 2; b++)
    for (int z = 0; z < 3; z++)
      for (int t = 1; t <= 2; t++)
        /* v + 1, then one group of mul_scalar, sub, mul */
        CHECK_EQ_INT(check_against_eager(f_last, 1, sizes[z][0], sizes[z][1], backends[b], t), 2);
}

TEST(compile_lookahead_runs_a_group_after_the_gemm_it_reads) {
  for (int b = 0; b < 2; b++) /* z (in[2]) is [N, M]: square sizes make x z a product */
    for (int z = 0; z < 2; z++) {
      int64_t n = sizes[z][1];
      /* the GEMM, then one group of exp, mul_scalar, sin, add */
      CHECK_EQ_INT(check_against_eager(f_gemm, 1, n, n, backends[b], 1), 2);
    }
}

TEST(compile_lookahead_leaves_out_a_node_that_needs_both_orders) {
  for (int b = 0; b < 2; b++)
    for (int z = 0; z < 3; z++) {
      /* {mul_scalar, neg}, the sum, v + 1, and sub alone */
      CHECK_EQ_INT(check_against_eager(f_both, 3, sizes[z][0], sizes[z][1], backends[b], 1), 4);
      check_against_eager(f_both, 3, sizes[z][0], sizes[z][1], backends[b], 2);
    }
}

TEST(compile_lookahead_starts_no_group_before_a_group_that_runs_last) {
  for (int b = 0; b < 2; b++)
    for (int z = 0; z < 3; z++) /* v + 1, {mul_scalar, sub}, and the add alone */
      CHECK_EQ_INT(check_against_eager(f_barrier, 2, sizes[z][0], sizes[z][1], backends[b], 1), 3);
}

TEST(compile_lookahead_fuses_the_nodes_a_group_that_runs_last_passes_over) {
  for (int b = 0; b < 2; b++)
    for (int z = 0; z < 3; z++) /* {add_scalar, exp}, {mul_scalar, sub}, and u * 3 alone */
      for (int t = 1; t <= 2; t++)
        CHECK_EQ_INT(check_against_eager(f_inner, 2, sizes[z][0], sizes[z][1], backends[b], t), 3);
}

TEST(compile_lookahead_stops_at_an_in_place_write) {
  for (int b = 0; b < 2; b++)
    for (int z = 0; z < 3; z++) check_against_eager(f_inplace, 2, sizes[z][0], sizes[z][1], backends[b], 1);
}

/* The look-ahead's groups under a dynamic size (one recompile, then the symbolic graph) and
   under st_grad (the backward graph is fused by the same pass). */
static int f_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_tensor *o[2];
  if (f_first(ctx, nin, in, 2, o)) return -1;
  out[0] = st_add(st_sum_all(o[0]), st_sum_all(st_mul(o[1], o[1])));
  (void)nout;
  return out[0] ? 0 : -1;
}

TEST(compile_lookahead_groups_under_new_sizes_and_grad) {
  st_scope_push();
  st_func *f = st_func_new(f_loss, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  st_func *c = st_compile(g, NULL);
  for (int64_t n = 3; n <= 6; n++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(n, 5)), *e = NULL, *r = NULL;
    CHECK(st_call(g, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
  }
  st_compile_stats s = tu_compile_stats(c);
  CHECK_EQ_INT(s.fallbacks, 0);
  CHECK(s.compiles <= 2);
  TU_RELEASE(c, g, f);
  st_scope_pop();
}
