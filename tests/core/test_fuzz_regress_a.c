/* test_fuzz_regress_a.c — regression tests for the fuzzer's known bugs 1, 2, 3, 6 and 7
   (tests/fuzz/README.md): eval-mode dropout, non-finite values for integer factories, vmap
   outputs that cannot take a batch dim, backward of ops with many inputs, and safetensors files
   without tensors. */
#include <unistd.h>

#include "test.h"
#include "util.h"

#define VALS(...) (const double[]){__VA_ARGS__}

/* ---------------------------------------------------- bug 1: st_dropout(x, p, false) */

/* Eval mode is the identity after the same checks as training; infer describes both outputs
   (y and the mask), which once overflowed a one-element st_meta. */
TEST(fuzzbug_a_dropout_eval) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), VALS(1, -2, 3, -4, 5, -6));
  for (int k = 0; k < 3; k++) {
    double p = (double[]){0.0, 0.5, 1.0}[k];
    st_tensor *y = st_dropout(x, p, false);
    CHECK(y != x && st_data_ptr(y) == st_data_ptr(x)); /* a view of x, not x (bug 9) */
    CHECK(st_last_error()[0] == '\0');
    CHECK_CLOSE(y, 0, 1, -2, 3, -4, 5, -6);
  }
  st_tensor *nc = tu_noncontig(ST_F32, ST_SHAPE(2, 2), VALS(1, 2, 3, 4));
  CHECK_CLOSE(st_dropout(nc, 0.25, false), 0, 1, 2, 3, 4);
  /* the checks still run, and a failure changes nothing */
  int64_t live = st_live_objects();
  CHECK_FAILS(st_dropout(x, 1.5, false) == NULL, ST_ERR_ARG, "p = 1.5 is not in [0, 1]");
  CHECK_FAILS(st_dropout(x, NAN, false) == NULL, ST_ERR_ARG, "is not in [0, 1]");
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2), VALS(1, 2));
  live = st_live_objects();
  CHECK_FAILS(st_dropout(i, 0.5, false) == NULL, ST_ERR_DTYPE, "must be f32 or f64, not i64");
  CHECK_FAILS(st_dropout(NULL, 0.5, false) == NULL, ST_ERR_ARG, "st_dropout");
  CHECK_EQ_INT(st_live_objects(), live);
  st_scope_pop();
}

/* The identity passes the gradient through unchanged: d sum(w * dropout(x)) / dx = w. */
TEST(fuzzbug_a_dropout_eval_grad) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), VALS(0.5, -1, 2));
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(3), VALS(3, 4, -5));
  st_set_requires_grad(x, true);
  st_tensor *loss = st_sum_all(st_mul(w, st_dropout(x, 0.3, false)));
  CHECK(st_backward(loss, NULL, false, false) == 0);
  st_tensor *g = st_grad_of(x);
  CHECK(g != NULL);
  if (g) CHECK_CLOSE(g, 0, 3, 4, -5);
  st_release(g);
  st_scope_pop();
}

/* ------------------------------------- bug 2: integer factories and non-finite values */

TEST(fuzzbug_a_full_i64_out_of_range) {
  st_scope_push();
  const double bad[] = {INFINITY, -INFINITY, NAN, 0x1p63, -0x1p64, 1e300};
  const char *names[] = {"value inf", "value -inf", "value nan", "value 9.22337e+18",
                         "value -1.84467e+19", "value 1e+300"};
  st_tensor *i64 = tu_tensor(ST_I64, ST_SHAPE(2), VALS(1, 2));
  int64_t live = st_live_objects();
  for (int k = 0; k < 6; k++) {
    CHECK_FAILS(st_scalar(ST_I64, bad[k]) == NULL, ST_ERR_ARG, "st_full: ");
    CHECK_FAILS(st_scalar(ST_I64, bad[k]) == NULL, ST_ERR_ARG, names[k]);
    CHECK_FAILS(st_full(ST_I64, ST_SHAPE(2, 3), bad[k]) == NULL, ST_ERR_ARG,
                "cannot be converted to i64 without overflow");
    CHECK_FAILS(st_full(ST_I64, ST_SHAPE(0), bad[k]) == NULL, ST_ERR_ARG, names[k]);
    CHECK_FAILS(st_full_like(i64, bad[k]) == NULL, ST_ERR_ARG, names[k]);
    /* the other paths that store a user double into i64 */
    CHECK_FAILS(st_fill_(i64, bad[k]) != 0, ST_ERR_ARG, "cannot be converted to i64");
    CHECK_FAILS(st_pad(i64, 2, (const int64_t[]){1, 1}, bad[k]) == NULL, ST_ERR_ARG, "i64");
  }
  CHECK_EQ_INT(st_live_objects(), live);
  CHECK_CLOSE(i64, 0, 1, 2);
  /* the ends of the range, and truncation toward zero as in a C cast */
  CHECK_CLOSE(st_scalar(ST_I64, -0x1p63), 0, -0x1p63);
  st_tensor *top = st_scalar(ST_I64, 0x1p63 - 1024);
  CHECK(top && *(const int64_t *)st_data_ptr(top) == INT64_MAX - 1023);
  CHECK_CLOSE(st_full(ST_I64, ST_SHAPE(2), 2.7), 0, 2, 2);
  CHECK_CLOSE(st_full(ST_I64, ST_SHAPE(2), -2.7), 0, -2, -2);
  /* float and bool dtypes take any value: bool is true for anything nonzero, NaN included */
  CHECK_CLOSE(st_scalar(ST_F64, -INFINITY), 0, -INFINITY);
  CHECK_CLOSE(st_full(ST_F32, ST_SHAPE(2), NAN), 0, NAN, NAN);
  CHECK_CLOSE(st_full(ST_BOOL, ST_SHAPE(3), NAN), 0, 1, 1, 1);
  CHECK_CLOSE(st_scalar(ST_BOOL, INFINITY), 0, 1);
  CHECK_CLOSE(st_scalar(ST_BOOL, 0), 0, 0);
  st_scope_pop();
}

TEST(fuzzbug_a_arange_linspace_i64_out_of_range) {
  st_scope_push();
  int64_t live = st_live_objects();
  /* 9.2e18 fits, 9.25e18 (the second value) does not */
  CHECK_FAILS(st_arange(ST_I64, 9.2e18, 9.3e18, 5e16) == NULL, ST_ERR_ARG,
              "st_arange: values from 9.2e+18 to 9.25e+18 cannot be converted to i64");
  CHECK_FAILS(st_arange(ST_I64, -1e300, -9e299, 1e299) == NULL, ST_ERR_ARG, "i64");
  CHECK_FAILS(st_arange(ST_I64, 0x1p63, 0, -0x1p62) == NULL, ST_ERR_ARG, "i64");
  CHECK_FAILS(st_linspace(ST_I64, NAN, 1, 3) == NULL, ST_ERR_ARG,
              "st_linspace: start nan and end 1 cannot be converted to i64");
  CHECK_FAILS(st_linspace(ST_I64, 0, INFINITY, 2) == NULL, ST_ERR_ARG, "end inf");
  CHECK_FAILS(st_linspace(ST_I64, -1e19, 0, 1) == NULL, ST_ERR_ARG, "i64");
  CHECK_EQ_INT(st_live_objects(), live);
  /* the same values as floats are fine, and in-range integers work */
  CHECK_CLOSE(st_arange(ST_F64, 9.2e18, 9.3e18, 5e16), 0, 9.2e18, 9.25e18);
  CHECK_CLOSE(st_linspace(ST_F64, -1e300, 1e300, 3), 0, -1e300, 0, 1e300);
  CHECK_CLOSE(st_arange(ST_I64, -3, 3, 2.5), 0, -3, 0, 2);
  CHECK_CLOSE(st_arange(ST_I64, -0x1p63, -0x1p63 + 0x1p62, 0x1p61), 0, -0x1p63, -0x1p63 + 0x1p61);
  CHECK_CLOSE(st_linspace(ST_I64, 0, 10, 5), 0, 0, 2, 5, 7, 10);
  CHECK_CLOSE(st_linspace(ST_I64, -0x1p63, 0, 2), 0, -0x1p63, 0);
  st_tensor *empty = st_linspace(ST_I64, NAN, NAN, 0); /* no value to convert */
  CHECK(empty && st_numel(empty) == 0);
  st_scope_pop();
}

/* clamp's bounds reach the i64 loop saturated; a NaN bound (result dtype float) is never cast. */
TEST(fuzzbug_a_clamp_bounds_i64) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2), VALS(1, 2));
  CHECK_CLOSE(st_clamp(x, NAN, 1.5), 0, NAN, NAN);
  CHECK_CLOSE(st_clamp(x, -INFINITY, NAN), 0, NAN, NAN);
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(3), VALS(-5, 0, 5));
  st_tensor *c = st_clamp(i, -1e300, 1e300);
  CHECK(c && st_dtype_of(c) == ST_I64);
  CHECK_CLOSE(c, 0, -5, 0, 5);
  CHECK_CLOSE(st_clamp(i, -INFINITY, 2), 0, -5, 0, 2);
  c = st_clamp(i, NAN, 2);
  CHECK(c && st_dtype_of(c) == ST_F32);
  CHECK_CLOSE(c, 0, NAN, NAN, NAN);
  st_scope_pop();
}

/* ------------------------------- bug 3: vmap outputs that do not depend on the batch */

typedef struct {
  int ndim;
} const_ctx;

/* x -> a constant of ndim ones-sized dims (value 2), independent of x */
static int const_out(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout, (void)in;
  const const_ctx *c = ctx;
  int64_t shape[ST_MAX_DIMS];
  for (int d = 0; d < c->ndim; d++) shape[d] = d == 0 ? 2 : 1;
  out[0] = st_full(ST_F64, c->ndim, shape, 2.0);
  return out[0] ? 0 : st_last_status();
}

/* y has ndim dims, the first of size `first` and the rest 1. */
static bool ones_shape(const st_tensor *y, int ndim, int64_t first) {
  bool ok = y && st_ndim(y) == ndim;
  for (int d = 0; ok && d < ndim; d++) ok = st_size(y, d) == (d == 0 ? first : 1);
  return ok;
}

TEST(fuzzbug_a_vmap_unbatched_output_max_dims) {
  enum { M = ST_MAX_DIMS };
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), VALS(1, 2, 3));
  const_ctx cm = {M}, cm1 = {M - 1};
  st_func *fm = st_func_new(const_out, &cm, 1, 1), *fm1 = st_func_new(const_out, &cm1, 1, 1);
  st_func *vm = st_vmap(fm, NULL, NULL), *vm1 = st_vmap(fm1, NULL, (const int[]){-1});
  st_tensor *y = NULL;
  int64_t live = st_live_objects();
  char want[160];
  snprintf(want, sizeof want, "does not depend on the batch and would have %d dims once expanded "
           "to it; the maximum is %d", M + 1, M);
  CHECK_FAILS(st_call(vm, &x, &y) != 0, ST_ERR_SHAPE, want);
  CHECK(y == NULL);
  CHECK_EQ_INT(st_live_objects(), live);
  /* M - 1 dims take the batch dim, wherever out_dims puts it */
  CHECK(st_call(vm1, &x, &y) == 0);
  if (y) {
    CHECK(st_ndim(y) == M && st_size(y, 0) == 2 && st_size(y, M - 1) == 3);
    CHECK_CLOSE(st_sum_all(y), 0, 2.0 * 2 * 3);
    st_release(y);
  }
  /* ST_UNBATCHED keeps the output as it is, so M dims are fine there */
  st_func *um = st_vmap(fm, NULL, (const int[]){ST_UNBATCHED});
  y = NULL;
  CHECK(st_call(um, &x, &y) == 0);
  CHECK(ones_shape(y, M, 2));
  st_release(y);
  st_func_release(um), st_func_release(vm), st_func_release(vm1);
  st_func_release(fm), st_func_release(fm1);
  st_scope_pop();
}

/* x -> 2 x: jacrev's output out.shape + x.shape does not depend on x, so hessian's jacfwd finds
   an unbatched output of twice x's dims. */
static int twice(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 2.0);
  return out[0] ? 0 : st_last_status();
}

/* sum(x^3): the Hessian is diag(6 x). */
static int sum_cubes(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_pow_scalar(in[0], 3.0));
  return out[0] ? 0 : st_last_status();
}

TEST(fuzzbug_a_jacfwd_hessian_constant_output_max_dims) {
  enum { M = ST_MAX_DIMS };
  st_scope_push();
  int64_t ones[M];
  for (int d = 0; d < M; d++) ones[d] = 1;
  st_tensor *xh = st_full(ST_F64, M / 2, ones, 0.5); /* hessian: M dims, plus the batch */
  st_func *f = st_func_new(twice, NULL, 1, 1), *h = st_hessian(f, 0);
  st_tensor *y = NULL;
  char want[64];
  snprintf(want, sizeof want, "would have %d dims", M + 1);
  CHECK_FAILS(st_call(h, &xh, &y) != 0, ST_ERR_SHAPE, want);
  CHECK(y == NULL);
  /* jacfwd of an (M - 1)-dim output that does not depend on x: zeros of out.shape + x.shape */
  const_ctx cm1 = {M - 1};
  st_func *g = st_func_new(const_out, &cm1, 1, 1), *jg = st_jacfwd(g, 0);
  st_tensor *x1 = tu_tensor(ST_F64, ST_SHAPE(1), VALS(0.25));
  CHECK(st_call(jg, &x1, &y) == 0);
  CHECK(ones_shape(y, M, 2));
  if (y) {
    CHECK_CLOSE(st_sum_all(st_abs(y)), 0, 0);
    st_release(y);
  }
  const_ctx cm = {M};
  st_func *gm = st_func_new(const_out, &cm, 1, 1), *jgm = st_jacfwd(gm, 0);
  y = NULL;
  CHECK_FAILS(st_call(jgm, &x1, &y) != 0, ST_ERR_SHAPE, "st_jacfwd: output 0");
  /* and a Hessian that fits */
  st_func *s = st_func_new(sum_cubes, NULL, 1, 1), *hs = st_hessian(s, 0);
  st_tensor *x2 = tu_tensor(ST_F64, ST_SHAPE(2), VALS(0.5, -2));
  y = NULL;
  CHECK(st_call(hs, &x2, &y) == 0);
  if (y) {
    CHECK_SHAPE(y, 2, 2);
    CHECK_CLOSE(y, 1e-12, 3, 0, 0, -12);
    st_release(y);
  }
  st_func_release(hs), st_func_release(s), st_func_release(jgm), st_func_release(gm);
  st_func_release(jg), st_func_release(g), st_func_release(h), st_func_release(f);
  st_scope_pop();
}

/* A Jacobian of a function of 8-dim tensors: 16 dims (the case). */
static int sin8(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  return out[0] ? 0 : st_last_status();
}

TEST(jacobian_of_an_eight_dim_function_has_sixteen_dims) {
  st_tensor *x = st_full(ST_F64, ST_SHAPE(2, 1, 1, 1, 1, 1, 1, 1), 0.5);
  st_func *f = st_func_new(sin8, NULL, 1, 1), *jr = st_jacrev(f, 0), *jf = st_jacfwd(f, 0);
  st_tensor *a = NULL, *b = NULL;
  CHECK(st_call(jr, &x, &a) == 0);
  CHECK(st_call(jf, &x, &b) == 0);
  CHECK(st_ndim(a) == 16 && st_size(a, 0) == 2 && st_size(a, 8) == 2);
  double c = cos(0.5);
  CHECK_CLOSE(st_reshape(a, ST_SHAPE(4)), 1e-15, c, 0, 0, c);
  CHECK_CLOSE(st_reshape(b, ST_SHAPE(4)), 1e-15, c, 0, 0, c);
  st_func_release(jr), st_func_release(jf), st_func_release(f);
}

/* ------------------------------------- bug 6: backward of ops with > 24 inputs + outputs */

/* cat / stack of n leaves x_i = [i, -i] (f64), loss = sum(w * y) with w = 1..2n: the gradient
   of x_i is w's slice {2i + 1, 2i + 2}. n = 23 fills the 24 stack slots exactly, 24 and 30
   need the heap. */
static void check_many(int n, bool stack) {
  st_tensor *xs[30];
  for (int i = 0; i < n; i++) {
    xs[i] = tu_tensor(ST_F64, ST_SHAPE(2), VALS(i, -i));
    st_set_requires_grad(xs[i], true);
  }
  st_tensor *y = stack ? st_stack(n, xs, 0) : st_cat(n, xs, 0);
  st_tensor *w = st_arange(ST_F64, 1, 2 * n + 1, 1);
  if (stack) w = st_reshape(w, 2, (const int64_t[]){n, 2});
  CHECK(st_backward(st_sum_all(st_mul(w, y)), NULL, false, false) == 0);
  for (int i = 0; i < n; i++) {
    st_tensor *g = st_grad_of(xs[i]);
    CHECK(g != NULL);
    bool ok = g && CHECK_CLOSE(g, 0, 2 * i + 1, 2 * i + 2);
    st_release(g);
    if (!ok) return; /* one report per call */
  }
}

TEST(fuzzbug_a_backward_many_inputs) {
  st_scope_push();
  const int ns[] = {23, 24, 30};
  for (int k = 0; k < 3; k++) {
    check_many(ns[k], false);
    check_many(ns[k], true);
  }
  st_scope_pop();
}

/* A rule that reads saved inputs: sum of products through 30 inputs of one node (st_stack),
   differentiated twice with create_graph, against the closed form. */
TEST(fuzzbug_a_backward_many_inputs_double) {
  st_scope_push();
  enum { N = 30 };
  st_tensor *xs[N];
  for (int i = 0; i < N; i++) {
    xs[i] = tu_tensor(ST_F64, 0, NULL, VALS(0.1 * (i + 1)));
    st_set_requires_grad(xs[i], true);
  }
  /* loss = sum(stack(x)^3): d/dx_i = 3 x_i^2; then sum_i d/dx_i = sum 3 x_i^2 and its
     gradient is 6 x_i */
  st_tensor *loss = st_sum_all(st_pow_scalar(st_stack(N, xs, 0), 3.0));
  st_tensor *g[N] = {0};
  CHECK(st_autograd_grad(1, &loss, NULL, N, xs, g, &(st_grad_opts){.create_graph = true}) == 0);
  for (int i = 0; i < N; i++) CHECK_NEAR(g[i] ? st_item(g[i]) : NAN, 3 * 0.01 * (i + 1) * (i + 1), 1e-12);
  st_tensor *s = st_sum_all(st_stack(N, g, 0));
  CHECK(st_backward(s, NULL, false, false) == 0);
  for (int i = 0; i < N; i++) {
    st_tensor *gg = st_grad_of(xs[i]);
    CHECK_NEAR(gg ? st_item(gg) : NAN, 6 * 0.1 * (i + 1), 1e-12);
    st_release(gg);
    st_release(g[i]);
  }
  st_scope_pop();
}

/* --------------------------------------------- bug 7: safetensors without tensor entries */

static void temp_path(char *path) {
  strcpy(path, "/tmp/strata_fuzz_a_XXXXXX");
  int fd = mkstemp(path);
  if (fd >= 0) close(fd);
}

/* The 8-byte little-endian header size, the header as given and n zero bytes of buffer. */
static void write_raw(const char *path, const char *header, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return;
  size_t len = strlen(header);
  for (int i = 0; i < 8; i++) fputc((int)(((uint64_t)len >> (8 * i)) & 0xff), f);
  fwrite(header, 1, len, f);
  for (size_t i = 0; i < n; i++) fputc(0, f);
  fclose(f);
}

TEST(fuzzbug_a_safetensors_empty_dict) {
  st_scope_push();
  char path[32];
  temp_path(path);
  /* st_save of an empty dict writes "{}" padded to 8 bytes; st_load reads it back empty */
  st_dict *d = st_dict_new();
  CHECK(st_save(path, d) == 0);
  st_dict_free(d);
  FILE *f = fopen(path, "rb");
  unsigned char bytes[32] = {0};
  size_t n = f ? fread(bytes, 1, sizeof bytes, f) : 0;
  if (f) fclose(f);
  CHECK_EQ_INT(n, 16);
  CHECK_EQ_INT(bytes[0], 8);
  CHECK(memcmp(bytes + 8, "{}      ", 8) == 0);
  st_dict *e = st_load(path);
  CHECK(e != NULL);
  CHECK_EQ_INT(st_dict_len(e), 0);
  CHECK(st_last_error()[0] == '\0');
  st_dict_free(e);
  /* unpadded, and with metadata only */
  write_raw(path, "{}", 0);
  e = st_load(path);
  CHECK(e && st_dict_len(e) == 0);
  st_dict_free(e);
  write_raw(path, "{\"__metadata__\":{\"format\":\"pt\"}}", 0);
  e = st_load(path);
  CHECK(e && st_dict_len(e) == 0);
  st_dict_free(e);
  /* bytes after an empty header belong to no tensor */
  write_raw(path, "{}", 4);
  int64_t live = st_live_objects();
  CHECK_FAILS(st_load(path) == NULL, ST_ERR_IO, "bytes [0, 4) of the buffer belong to no tensor");
  CHECK_EQ_INT(st_live_objects(), live);
  remove(path);
  st_scope_pop();
}
