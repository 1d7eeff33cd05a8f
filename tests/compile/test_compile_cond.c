/* test_compile_cond.c — st_cond inside st_compile: one graph node holding both branches, run on
   the predicate's value at every call (no recompile, no fallback, fullgraph accepted), against
   eager for both predicate values, on both backends; nested conds, random ops and captured
   tensors in branches; and the cases the node refuses (branches of other shapes, a branch that
   reads the function's tensors behind the cond's back or writes its input), each falling back
   with its reason or failing under fullgraph. */
#include <string.h>

#include "../test.h"
#include "../util.h"

static bool equal(st_tensor *a, st_tensor *b) {
  if (!a || !b || st_ndim(a) != st_ndim(b) || st_dtype_of(a) != st_dtype_of(b)) return false;
  for (int d = 0; d < st_ndim(a); d++)
    if (st_size(a, d) != st_size(b, d)) return false;
  return tu_values_close(a, b, 0);
}

static st_compile_stats stats_of(st_func *c) {
  st_compile_stats s = {0};
  CHECK(st_compile_get_stats(c, &s) == 0);
  return s;
}

/* ------------------------------------------------------------------------------ branches */

static int br_sin(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul(st_sin(in[0]), in[1]);
  return out[0] ? 0 : -1;
}

static int br_cos(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(st_cos(in[0]), in[1]);
  return out[0] ? 0 : -1;
}

/* returns its input itself (st_retain, as functions must) and a transposed view of it */
static int br_same(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  out[1] = st_transpose(in[0], 0, 1);
  return out[1] ? 0 : -1;
}

static int br_neg_pair(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_neg(in[0]);
  out[1] = st_contiguous(st_transpose(st_exp(in[0]), 0, 1));
  return out[1] ? 0 : -1;
}

typedef struct {
  st_func *t, *f;
} branches;

/* Releases the compiled function c, f and the branches, and pops the test's scope. */
static void finish(st_func *c, st_func *f, branches *b) {
  st_func_release(c);
  st_func_release(f);
  st_func_release(b->t);
  st_func_release(b->f);
  st_scope_pop();
}

/* out = cond(sum(2 x) > 0, t, f)(2 x, w) + 1 */
static int f_cond(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const branches *b = ctx;
  st_tensor *y = st_mul_scalar(in[0], 2), *o = NULL;
  st_tensor *p = st_gt(st_sum_all(y), st_scalar(ST_F64, 0));
  if (!p || st_cond(p, b->t, b->f, 2, (st_tensor *[]){y, in[1]}, &o)) return -1;
  out[0] = st_add_scalar(o, 1);
  return out[0] ? 0 : -1;
}

/* the call with x of sign `sign`, compiled and eager, equal */
static void check_call(st_func *f, st_func *c, double sign) {
  double xv[6], wv[3];
  tu_fill(xv, 6, 0.1, 1, 3);
  tu_fill(wv, 3, -1, 1, 4);
  for (int k = 0; k < 6; k++) xv[k] *= sign;
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), xv), tu_tensor(ST_F64, ST_SHAPE(3), wv)};
  st_tensor *e = NULL, *r = NULL;
  CHECK(st_call(f, in, &e) == 0);
  CHECK(st_call(c, in, &r) == 0);
  CHECK(equal(r, e));
}

TEST(compile_cond_is_one_node_running_the_branch_the_predicate_picks) {
  const char *backends[] = {"interp", "c"};
  for (int k = 0; k < 2; k++) {
    st_scope_push();
    branches b = {st_func_new(br_sin, NULL, 2, 1), st_func_new(br_cos, NULL, 2, 1)};
    st_func *f = st_func_new(f_cond, &b, 2, 1);
    st_compile_opts o = {.fullgraph = true, .backend = backends[k]};
    st_func *c = st_compile(f, &o);
    double signs[] = {1, -1, -1, 1, -1};
    for (int call = 0; call < 5; call++) check_call(f, c, signs[call]);
    st_compile_stats s = stats_of(c);
    CHECK_EQ_INT(s.calls, 5);
    CHECK_EQ_INT(s.compiles, 1);
    CHECK_EQ_INT(s.cache_hits, 4);
    CHECK_EQ_INT(s.fallbacks, 0);
    static char buf[8192];
    tu_compile_printed(c, buf, sizeof buf);
    CHECK(strstr(buf, "= cond(") != NULL);
    CHECK(strstr(buf, "then graph(") != NULL && strstr(buf, "else graph(") != NULL);
    CHECK(strstr(buf, "sin(") != NULL && strstr(buf, "cos(") != NULL);
    finish(c, f, &b);
  }
}

/* out = cond(x[0, 0] > 0, br_same, br_neg_pair)(x): outputs that alias the input in one branch */
static int f_alias(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const branches *b = ctx;
  st_tensor *p = st_gt(st_select(st_select(in[0], 0, 0), 0, 0), st_scalar(ST_F32, 0));
  return p ? st_cond(p, b->t, b->f, 1, in, out) : -1;
}

TEST(compile_cond_outputs_are_new_tensors_even_where_a_branch_returns_its_input) {
  st_scope_push();
  branches b = {st_func_new(br_same, NULL, 1, 2), st_func_new(br_neg_pair, NULL, 1, 2)};
  st_func *f = st_func_new(f_alias, &b, 1, 2), *c = st_compile(f, NULL);
  for (int call = 0; call < 4; call++) {
    double sign = call % 2 ? -1 : 1, v[6] = {1, 2, 3, 4, 5, 6};
    for (int k = 0; k < 6; k++) v[k] *= sign;
    st_tensor *x = tu_tensor(ST_F32, ST_SHAPE(2, 3), v), *e[2] = {0}, *r[2] = {0};
    CHECK(st_call(f, &x, e) == 0);
    CHECK(st_call(c, &x, r) == 0);
    CHECK(equal(r[0], e[0]) && equal(r[1], e[1]));
    /* writing a result leaves the input as it was */
    CHECK(st_fill_(r[0], 7) == 0 && st_fill_(r[1], 7) == 0);
    CHECK_CLOSE(x, 0, sign, 2 * sign, 3 * sign, 4 * sign, 5 * sign, 6 * sign);
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 0);
  CHECK_EQ_INT(stats_of(c).compiles, 1);
  finish(c, f, &b);
}

/* an inner cond on the sign of the first row's sum, inside the outer's true branch */
static int br_nested(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const branches *b = ctx;
  st_tensor *p = st_gt(st_sum_all(st_select(in[0], 0, 0)), st_scalar(ST_F64, 0));
  st_tensor *o = NULL;
  if (!p || st_cond(p, b->t, b->f, 2, in, &o)) return -1;
  out[0] = st_mul_scalar(o, 3);
  return out[0] ? 0 : -1;
}

static int br_tanh(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sub(st_tanh(in[0]), in[1]);
  return out[0] ? 0 : -1;
}

TEST(compile_cond_nested_in_a_branch_is_a_node_of_the_branch) {
  st_scope_push();
  branches inner = {st_func_new(br_sin, NULL, 2, 1), st_func_new(br_cos, NULL, 2, 1)};
  branches outer = {st_func_new(br_nested, &inner, 2, 1), st_func_new(br_tanh, NULL, 2, 1)};
  st_func *f = st_func_new(f_cond, &outer, 2, 1);
  st_compile_opts o = {.fullgraph = true};
  st_func *c = st_compile(f, &o);
  /* the outer predicate is the sum's sign, the inner one the first row's */
  double xs[][6] = {{1, 1, 1, 1, 1, 1}, {-1, -2, -3, 4, 5, 6}, {-1, -1, -1, -1, -1, -1}, {1, 1, 1, 1, 1, 1}};
  double w[3] = {0.5, -2, 3};
  for (int call = 0; call < 4; call++) {
    st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), xs[call]),
                        tu_tensor(ST_F64, ST_SHAPE(3), w)};
    st_tensor *e = NULL, *r = NULL;
    CHECK(st_call(f, in, &e) == 0);
    CHECK(st_call(c, in, &r) == 0);
    CHECK(equal(r, e));
  }
  CHECK_EQ_INT(stats_of(c).compiles, 1);
  CHECK_EQ_INT(stats_of(c).fallbacks, 0);
  static char buf[16384];
  tu_compile_printed(c, buf, sizeof buf);
  const char *inner_node = strstr(buf, "then graph(");
  CHECK(inner_node && strstr(inner_node + 1, "= cond(") != NULL);
  st_func_release(c);
  st_func_release(f);
  st_func_release(outer.t);
  st_func_release(outer.f);
  st_func_release(inner.t);
  st_func_release(inner.f);
  st_scope_pop();
}

/* a random draw in one branch only */
static int br_noise(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(in[0], st_mul(st_randn(ST_F64, ST_SHAPE(3)), in[1]));
  return out[0] ? 0 : -1;
}

TEST(compile_cond_random_draws_are_eagers_for_either_branch) {
  st_scope_push();
  branches b = {st_func_new(br_noise, NULL, 2, 1), st_func_new(br_cos, NULL, 2, 1)};
  st_func *f = st_func_new(f_cond, &b, 2, 1), *c = st_compile(f, NULL);
  double signs[] = {-1, 1, 1, -1, 1};
  for (int call = 0; call < 5; call++) {
    double xv[6], wv[3] = {1, 2, 3};
    tu_fill(xv, 6, 0.1, 1, 7);
    for (int k = 0; k < 6; k++) xv[k] *= signs[call];
    st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), xv), tu_tensor(ST_F64, ST_SHAPE(3), wv)};
    st_tensor *e = NULL, *r = NULL;
    st_manual_seed(9 + (uint64_t)call);
    CHECK(st_call(f, in, &e) == 0);
    st_tensor *after_e = st_rand(ST_F64, ST_SHAPE(2));
    st_manual_seed(9 + (uint64_t)call);
    CHECK(st_call(c, in, &r) == 0);
    st_tensor *after_c = st_rand(ST_F64, ST_SHAPE(2));
    CHECK(equal(r, e));
    CHECK(equal(after_c, after_e)); /* the branch not taken drew nothing */
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 0);
  finish(c, f, &b);
}

/* a branch reading a weight captured through its ctx */
static int br_weight(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_mul(in[0], (st_tensor *)ctx);
  return out[0] ? 0 : -1;
}

TEST(compile_cond_branches_read_captured_tensors_at_call_time) {
  st_scope_push();
  st_tensor *W = st_keep(st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}));
  branches b = {st_func_new(br_weight, W, 2, 1), st_func_new(br_cos, NULL, 2, 1)};
  st_func *f = st_func_new(f_cond, &b, 2, 1), *c = st_compile(f, NULL);
  for (int call = 0; call < 4; call++) {
    check_call(f, c, call == 2 ? -1 : 1);
    CHECK(st_mul_scalar_(W, 2) == 0); /* seen by the next call */
  }
  CHECK_EQ_INT(stats_of(c).fallbacks, 0);
  CHECK_EQ_INT(stats_of(c).compiles, 1);
  st_release(W);
  finish(c, f, &b);
}

/* ------------------------------------------------------------------- what the node refuses */

static int br_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(in[0]);
  return out[0] ? 0 : -1;
}

/* stashes a tensor of the function for br_stashed, which reads it behind the cond's back */
static st_tensor *stash;
static int br_stashed(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(in[0], stash);
  return out[0] ? 0 : -1;
}

static int f_stash(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  stash = st_exp(in[1]);
  return f_cond(ctx, 2, in, 1, out);
}

static int br_writes(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  if (st_mul_scalar_(in[0], 3)) return -1;
  out[0] = st_add(in[0], in[1]);
  return out[0] ? 0 : -1;
}

TEST(compile_cond_the_node_refuses_falls_back_with_its_reason) {
  struct {
    st_fn t, outer;
    const char *why;
  } cases[] = {
      {br_sum, f_cond, "other dtypes or shapes"},
      {br_stashed, f_stash, "other than the cond's inputs"},
      {br_writes, f_cond, "in place"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    st_scope_push();
    branches b = {st_func_new(cases[k].t, NULL, 2, 1), st_func_new(br_cos, NULL, 2, 1)};
    st_func *f = st_func_new(cases[k].outer, &b, 2, 1), *c = st_compile(f, NULL);
    st_compile_opts o = {.fullgraph = true};
    st_func *cf = st_compile(f, &o);
    /* the eager fallback gives eager's values for either predicate */
    for (int call = 0; call < 3; call++) check_call(f, c, call == 1 ? 1 : -1);
    CHECK_EQ_INT(stats_of(c).fallbacks, 3);
    double xv[6] = {1, 1, 1, 1, 1, 1}, wv[3] = {1, 1, 1};
    st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), xv), tu_tensor(ST_F64, ST_SHAPE(3), wv)};
    st_tensor *r = NULL;
    CHECK_FAILS(st_call(cf, in, &r) != 0, ST_ERR_UNSUPPORTED, cases[k].why);
    st_func_release(cf);
    finish(c, f, &b);
  }
}

/* ------------------------------------------------------------------------------ composition */

/* sum(f_cond(x, w)): a scalar for st_grad */
static int f_cond_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_tensor *y = NULL;
  if (f_cond(ctx, nin, in, nout, &y)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}

TEST(compile_cond_composes_with_transforms_and_eager_autograd) {
  st_scope_push();
  branches b = {st_func_new(br_sin, NULL, 2, 1), st_func_new(br_cos, NULL, 2, 1)};
  st_func *f = st_func_new(f_cond_sum, &b, 2, 1), *c = st_compile(f, NULL);
  st_func *gfe = st_grad(f, 2, (int[]){0, 1}), *gfc = st_grad(c, 2, (int[]){0, 1});
  st_func *vfe = st_vmap(f, (int[]){0, ST_UNBATCHED}, NULL), *vfc = st_vmap(c, (int[]){0, ST_UNBATCHED}, NULL);
  st_func *cv = st_compile(vfe, NULL); /* a cond under vmap inside the compiled function */
  for (int call = 0; call < 3; call++) {
    double sign = call == 1 ? -1 : 1, xv[6], wv[3];
    tu_fill(xv, 6, 0.1, 1, 11);
    tu_fill(wv, 3, -1, 1, 12);
    xv[0] = -2; /* vmap's lanes: the first row's sum is negative, the second's positive */
    for (int k = 0; k < 6; k++) xv[k] *= sign;
    st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), xv), *w = tu_tensor(ST_F64, ST_SHAPE(3), wv);
    /* eager autograd through the compiled call */
    st_tensor *xe = st_detach(x), *xc = st_detach(x), *ye = NULL, *yc = NULL;
    CHECK(st_set_requires_grad(xe, true) == 0 && st_set_requires_grad(xc, true) == 0);
    CHECK(st_call(f, (st_tensor *[]){xe, w}, &ye) == 0);
    CHECK(st_call(c, (st_tensor *[]){xc, w}, &yc) == 0);
    CHECK(equal(yc, ye));
    CHECK(st_backward(ye, NULL, false, false) == 0);
    CHECK(st_backward(yc, NULL, false, false) == 0);
    CHECK(equal(st_grad_of(xc), st_grad_of(xe)));
    /* st_grad and st_vmap of the compiled function, st_compile of st_vmap */
    st_tensor *ge[2] = {0}, *gc[2] = {0}, *ve = NULL, *vc = NULL, *vcc = NULL;
    CHECK(st_call(gfe, (st_tensor *[]){x, w}, ge) == 0);
    CHECK(st_call(gfc, (st_tensor *[]){x, w}, gc) == 0);
    CHECK(equal(gc[0], ge[0]) && equal(gc[1], ge[1]));
    CHECK(st_call(vfe, (st_tensor *[]){x, w}, &ve) == 0);
    CHECK(st_call(vfc, (st_tensor *[]){x, w}, &vc) == 0);
    CHECK(st_call(cv, (st_tensor *[]){x, w}, &vcc) == 0);
    CHECK(equal(vc, ve) && equal(vcc, ve));
  }
  CHECK_EQ_INT(stats_of(cv).fallbacks, 0);
  CHECK_EQ_INT(stats_of(cv).compiles, 1);
  /* under a grad level the cond reads its predicate: a fullgraph call says so (not a host read
     of the caller's) */
  st_func *cf = st_compile(f, &(st_compile_opts){.fullgraph = true}),
          *gcf = st_grad(cf, 2, (int[]){0, 1});
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3)), *w = st_ones(ST_F64, ST_SHAPE(3)), *g2[2];
  CHECK_FAILS(st_call(gcf, (st_tensor *[]){x, w}, g2) != 0, ST_ERR_UNSUPPORTED,
              "st_cond under a transform level");
  st_func_release(gcf);
  st_func_release(cf);
  st_func_release(cv);
  st_func_release(vfe);
  st_func_release(vfc);
  st_func_release(gfe);
  st_func_release(gfc);
  finish(c, f, &b);
}

/* out = cond(p, sin, cos)(x): the predicate is an input */
static int br_sin1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  return out[0] ? 0 : -1;
}

static int br_cos1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_cos(in[0]);
  return out[0] ? 0 : -1;
}

static int f_pred_input(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const branches *b = ctx;
  return st_cond(in[0], b->t, b->f, 1, in + 1, out);
}

TEST(compile_cond_predicate_input_and_sizes_that_change) {
  st_scope_push();
  branches b = {st_func_new(br_sin1, NULL, 1, 1), st_func_new(br_cos1, NULL, 1, 1)};
  st_func *f = st_func_new(f_pred_input, &b, 2, 1);
  st_compile_opts o = {.dynamic = true, .fullgraph = true};
  st_func *c = st_compile(f, &o);
  int64_t sizes[] = {3, 3, 5, 5, 7, 3};
  for (int call = 0; call < 6; call++) {
    double v[7] = {0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.7};
    st_tensor *in[2] = {st_scalar(ST_BOOL, call % 2), tu_tensor(ST_F64, ST_SHAPE(sizes[call]), v)};
    st_tensor *e = NULL, *r = NULL;
    CHECK(st_call(f, in, &e) == 0);
    CHECK(st_call(c, in, &r) == 0);
    CHECK(equal(r, e));
  }
  st_compile_stats s = stats_of(c);
  CHECK_EQ_INT(s.fallbacks, 0);
  CHECK_EQ_INT(s.compiles, 3); /* one per size: a graph with a cond node has no template */
  finish(c, f, &b);
}
