/* test_semantics.c — what the transform stack promises beyond composition: no perturbation
   confusion, the seed notebook's L1 example, training through vmap with st_backward, clear
   errors that leak nothing, vmap's randomness modes and chunking, in-place ops under vmap,
   escaped wrappers, and the trace interpreter. */
#include "tx.h"
#include "util.h"

/* ------------------------------------------------------------------ perturbation confusion */

/* inner(y; x) = x + y, differentiated w.r.t. y: 1 whatever x is */
static int add_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_sum_all(st_add(ctx, in[0]));
  return out[0] ? 0 : -1;
}
/* inner(y; x) = sum(x * y): d/dy = x */
static int mulin_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(ctx, in[0]));
  return out[0] ? 0 : -1;
}
/* outer(x) = x * d/dy inner(y; x) at y = 1, with inner in ctx: x captured by the inner function */
static int outer_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *inner = st_func_new(*(const st_fn *)ctx, in[0], 1, 1), *d = st_grad(inner, 0, NULL);
  st_tensor *y = st_scalar(ST_F64, 1), *dy = NULL;
  int rc = st_call(d, &y, &dy);
  st_func_release(d);
  st_func_release(inner);
  if (rc) return rc;
  out[0] = st_sum_all(st_mul(in[0], dy));
  return out[0] ? 0 : -1;
}

static const st_fn ADD = add_fn, MUL = mulin_fn;

TEST(semantics_no_perturbation_confusion) {
  st_scope_push();
  st_tensor *x = st_scalar(ST_F64, 1), *r = NULL, *o = NULL, *t = NULL;
  st_func *f = st_func_new(outer_fn, (void *)&ADD, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK(st_call(df, &x, &r) == 0);
  CHECK_NEAR(st_item(r), 1.0, 1e-15); /* not 2 */
  /* forward mode over the same function */
  st_tensor *one = st_scalar(ST_F64, 1);
  CHECK(st_jvp(f, &x, &one, &o, &t) == 0);
  CHECK_NEAR(st_item(t), 1.0, 1e-15);
  st_func *m = st_func_new(outer_fn, (void *)&MUL, 1, 1), *dm = st_grad(m, 0, NULL);
  st_tensor *x3 = st_scalar(ST_F64, 3);
  CHECK(st_call(dm, &x3, &r) == 0);
  CHECK_NEAR(st_item(r), 6.0, 1e-15);
  st_func *fs[] = {f, df, m, dm};
  for (int i = 0; i < 4; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* ----------------------------------------------------------------- the seed's L1 example */

/* L0(a, b) = sum((a + b) * b) */
static int L0_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_add(in[0], in[1]), in[1]));
  return out[0] ? 0 : -1;
}
/* L1(a, b) = sum(dL0_da^2 + dL0_db^2) over vmap(grad(L0, argnums (0, 1))) */
static int L1_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *l0 = st_func_new(L0_fn, NULL, 2, 1), *g = st_grad(l0, 2, (const int[]){0, 1}),
          *v = st_vmap(g, NULL, NULL);
  st_tensor *d[2] = {0};
  int rc = st_call(v, in, d);
  st_func_release(v);
  st_func_release(g);
  st_func_release(l0);
  if (rc) return rc;
  out[0] = st_sum_all(st_add(st_square(d[0]), st_square(d[1])));
  return out[0] ? 0 : -1;
}

TEST(semantics_seed_L1_example) {
  st_scope_push();
  double a[8] = {0.4556, 0.6323, 0.3489, 0.4017, 0.0223, 0.1689, 0.2939, 0.5185};
  double b[8] = {0.6977, 0.8000, 0.1610, 0.2823, 0.6816, 0.9152, 0.3971, 0.8742};
  st_tensor *in[2] = {st_from_data(ST_F64, ST_SHAPE(2, 4), a),
                      st_from_data(ST_F64, ST_SHAPE(2, 4), b)};
  st_func *l1 = st_func_new(L1_fn, NULL, 2, 1), *g = st_grad(l1, 2, (const int[]){0, 1});
  st_tensor *d[2] = {0};
  CHECK(st_call(g, in, d) == 0);
  double da[8], db[8];
  for (int i = 0; i < 8; i++) {
    da[i] = 2 * (a[i] + 2 * b[i]);
    db[i] = 4 * a[i] + 10 * b[i];
  }
  CHECK(st_test_close(__FILE__, __LINE__, d[0], da, 8, 1e-12));
  CHECK(st_test_close(__FILE__, __LINE__, d[1], db, 8, 1e-12));
  st_func_release(g);
  st_func_release(l1);
  st_scope_pop();
}

/* ------------------------------------------------------------ eager autograd through vmap */

/* per-example loss: sum(tanh(W x)) with W a leaf of eager autograd */
static int loss_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_sum_all(st_tanh(st_matmul(ctx, in[0])));
  return out[0] ? 0 : -1;
}

TEST(semantics_backward_through_vmap) {
  st_scope_push();
  st_manual_seed(7);
  st_tensor *W = st_randn(ST_F64, ST_SHAPE(3, 4)), *X = st_randn(ST_F64, ST_SHAPE(5, 4));
  st_set_requires_grad(W, true);
  st_func *f = st_func_new(loss_fn, W, 1, 1), *v = st_vmap(f, NULL, NULL);
  st_tensor *losses = NULL;
  CHECK(st_call(v, &X, &losses) == 0);
  CHECK_SHAPE(losses, 5);
  CHECK(st_requires_grad(losses));
  CHECK(st_backward(st_sum_all(losses), NULL, false, false) == 0);
  st_tensor *gv = st_grad_of(W);
  /* the same through the plain batch */
  st_tensor *W2 = st_detach(W);
  st_set_requires_grad(W2, true);
  CHECK(st_backward(st_sum_all(st_tanh(st_matmul(X, st_transpose(W2, 0, 1)))), NULL, false,
                    false) == 0);
  double want[12];
  st_to_f64(st_grad_of(W2), want, 12);
  CHECK(st_test_close(__FILE__, __LINE__, gv, want, 12, 1e-12));
  st_func_release(v);
  st_func_release(f);
  st_scope_pop();
}

static int cube_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_pow_scalar(in[0], 3));
  return out[0] ? 0 : -1;
}

TEST(semantics_backward_through_grad) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *g = NULL;
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(cube_fn, NULL, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK(st_call(df, &x, &g) == 0); /* 3 x^2, recorded by eager autograd */
  CHECK(st_requires_grad(g));
  CHECK(st_backward(st_sum_all(g), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-12, 6.0, 12.0);
  st_func_release(df);
  st_func_release(f);
  st_scope_pop();
}

/* ------------------------------------------------------------------------------- errors */

static int vec_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  return out[0] ? 0 : -1;
}
static int pair_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(in[0], in[1]);
  return out[0] ? 0 : -1;
}
static int failing_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout, (void)in;
  out[0] = st_zeros(ST_F64, ST_SHAPE(2)); /* made, then abandoned by the failure */
  return 7;
}
static int item_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  double v[3];
  if (st_to_f64(in[0], v, st_numel(in[0]))) return -1;
  out[0] = st_retain(in[0]);
  return 0;
}
static int rand_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_add(in[0], st_rand(ST_F64, ST_SHAPE(3)));
  return out[0] ? 0 : -1;
}

TEST(semantics_errors_name_transform_and_shapes) {
  st_scope_push();
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3)), *r = NULL,
            *in2[2] = {st_ones(ST_F64, ST_SHAPE(2, 3)), st_ones(ST_F64, ST_SHAPE(4, 3))};
  st_func *f = st_func_new(vec_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  CHECK_FAILS(st_call(g, &x, &r) != 0, ST_ERR_SHAPE,
              "st_grad: the function's first output must be");
  CHECK_FAILS(st_call(g, &x, &r) != 0, ST_ERR_SHAPE, "[3]");
  st_func *p = st_func_new(pair_fn, NULL, 2, 1), *vp = st_vmap(p, NULL, NULL);
  CHECK_FAILS(st_call(vp, in2, &r) != 0, ST_ERR_SHAPE,
              "st_vmap: inconsistent batch sizes: argument 0 has 2 lanes (dim 0 of [2, 3]) but "
              "argument 1 has 4");
  st_func *vbad = st_vmap(f, (const int[]){2}, NULL);
  CHECK_FAILS(st_call(vbad, &x, &r) != 0, ST_ERR_ARG,
              "st_vmap: in_dims[0] = 2 is out of range for argument 0 of shape [3]");
  st_tensor *o = NULL, *t = NULL, *bad_t = st_ones(ST_F64, ST_SHAPE(2));
  CHECK_FAILS(st_jvp(f, &x, &bad_t, &o, &t) != 0, ST_ERR_SHAPE,
              "st_jvp: tangent 0 has shape [2] but primal 0 has shape [3]");
  st_func *bad = st_func_new(failing_fn, NULL, 1, 1), *vb = st_vmap(bad, NULL, NULL);
  CHECK_FAILS(st_call(vb, &in2[0], &r) != 0, ST_ERR_ARG,
              "st_vmap: the function failed with status 7");
  CHECK(r == NULL);
  st_func *it = st_func_new(item_fn, NULL, 1, 1), *vit = st_vmap(it, NULL, NULL);
  CHECK_FAILS(st_call(vit, &in2[0], &r) != 0, ST_ERR_TRANSFORM,
              "has no single value inside the vmap");
  st_func *vun = st_vmap(f, NULL, (const int[]){ST_UNBATCHED});
  CHECK_FAILS(st_call(vun, &in2[0], &r) != 0, ST_ERR_TRANSFORM,
              "output 0 is batched but out_dims[0] is ST_UNBATCHED");
  st_func *rf = st_func_new(rand_fn, NULL, 1, 1), *vr = st_vmap(rf, NULL, NULL);
  CHECK_FAILS(st_call(vr, &in2[0], &r) != 0, ST_ERR_TRANSFORM,
              "st_rand: random operation inside st_vmap");
  CHECK(st_grad(f, 1, (const int[]){1}) == NULL && st_last_status() == ST_ERR_ARG);
  st_func *fs[] = {f, g, p, vp, vbad, bad, vb, it, vit, vun, rf, vr};
  for (int i = 0; i < 12; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* ------------------------------------------------------------------- randomness, chunks */

TEST(semantics_vmap_randomness_modes_and_chunks) {
  st_scope_push();
  st_tensor *X = st_zeros(ST_F64, ST_SHAPE(5, 3)), *r[4] = {0};
  st_func *rf = st_func_new(rand_fn, NULL, 1, 1);
  st_func *diff = st_vmap_ex(rf, &(st_vmap_opts){.randomness = ST_RANDOMNESS_DIFFERENT});
  st_func *diff2 =
      st_vmap_ex(rf, &(st_vmap_opts){.randomness = ST_RANDOMNESS_DIFFERENT, .chunk_size = 2});
  st_func *same =
      st_vmap_ex(rf, &(st_vmap_opts){.randomness = ST_RANDOMNESS_SAME, .chunk_size = 3});
  st_manual_seed(11);
  CHECK(st_call(diff, &X, &r[0]) == 0);
  st_manual_seed(11);
  CHECK(st_call(diff2, &X, &r[1]) == 0);
  st_manual_seed(11);
  CHECK(st_call(same, &X, &r[2]) == 0);
  double a[15], b[15], s[15];
  st_to_f64(r[0], a, 15);
  st_to_f64(r[1], b, 15);
  st_to_f64(r[2], s, 15);
  CHECK(st_test_close(__FILE__, __LINE__, r[1], a, 15, 0)); /* independent of chunk_size */
  CHECK(a[0] != a[3] && a[3] != a[6]);                      /* lanes differ */
  for (int i = 0; i < 15; i++) CHECK(s[i] == s[i % 3]);     /* lanes equal */
  for (int i = 0; i < 15; i++) CHECK(a[i] >= 0 && a[i] < 1);
  /* a different seed gives different draws */
  st_manual_seed(12);
  CHECK(st_call(diff, &X, &r[3]) == 0);
  CHECK(st_item(st_select(st_select(r[3], 0, 0), 0, 0)) != a[0]);
  st_func *fs[] = {rf, diff, diff2, same};
  for (int i = 0; i < 4; i++) st_func_release(fs[i]);
  st_scope_pop();
}

TEST(semantics_vmap_chunks_equal_whole) {
  st_scope_push();
  st_manual_seed(2);
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(7, 3)), st_randn(ST_F64, ST_SHAPE(3))};
  st_func *p = st_func_new(pair_fn, NULL, 2, 1);
  st_func *v = st_vmap(p, (const int[]){0, ST_UNBATCHED}, NULL);
  st_func *vc =
      st_vmap_ex(p, &(st_vmap_opts){.in_dims = (const int[]){0, ST_UNBATCHED}, .chunk_size = 3});
  st_func *vc1 = st_vmap_ex(p, &(st_vmap_opts){.in_dims = (const int[]){0, ST_UNBATCHED},
                                               .out_dims = (const int[]){1},
                                               .chunk_size = 2});
  st_tensor *a = NULL, *b = NULL, *c = NULL;
  CHECK(st_call(v, in, &a) == 0 && st_call(vc, in, &b) == 0 && st_call(vc1, in, &c) == 0);
  double want[21];
  st_to_f64(a, want, 21);
  CHECK(st_test_close(__FILE__, __LINE__, b, want, 21, 0));
  CHECK_SHAPE(c, 3, 7);
  st_to_f64(st_transpose(a, 0, 1), want, 21);
  CHECK(st_test_close(__FILE__, __LINE__, c, want, 21, 0));
  st_func *fs[] = {p, v, vc, vc1};
  for (int i = 0; i < 4; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* --------------------------------------------------------------------- in-place under vmap */

static int inplace_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *c = st_add(in[0], st_mul_scalar(in[1], 0)); /* batched when either input is */
  if (st_mul_(c, in[1])) return -1;
  out[0] = c; /* recorded in the function's scope: returned as is, the scope lets go of it */
  return 0;
}
static int inplace_outer_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  if (st_add_(ctx, in[0])) return -1; /* writes a batched value into an unbatched tensor */
  out[0] = st_retain(in[0]);
  return 0;
}

TEST(semantics_inplace_under_vmap) {
  st_scope_push();
  st_manual_seed(4);
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(3)), st_randn(ST_F64, ST_SHAPE(3))};
  CHECK(CHECK_VMAP_ALL(inplace_fn, NULL, 2, in, 1, 4, 1e-12));
  st_tensor *acc = st_zeros(ST_F64, ST_SHAPE(3)), *X = st_ones(ST_F64, ST_SHAPE(2, 3)), *r = NULL;
  st_func *f = st_func_new(inplace_outer_fn, acc, 1, 1), *v = st_vmap(f, NULL, NULL);
  CHECK_FAILS(st_call(v, &X, &r) != 0, ST_ERR_TRANSFORM,
              "in-place operation on a tensor that is not batched");
  CHECK_CLOSE(acc, 0, 0.0, 0.0, 0.0); /* unchanged */
  st_func_release(v);
  st_func_release(f);
  st_scope_pop();
}

/* --------------------------------------------------------------------- escaped wrappers */

static st_tensor *escaped;
static int escape_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_mul_scalar(in[0], 2);
  escaped = st_keep(y); /* kept past the transform: it lands in the scope around st_call */
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}

TEST(semantics_escaped_wrappers) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *r = NULL;
  st_func *f = st_func_new(escape_fn, NULL, 1, 1), *g = st_grad(f, 0, NULL);
  escaped = NULL; /* not a previous run's */
  int rc = st_call(g, &x, &r);
  CHECK(rc == 0);
  if (rc) escaped = NULL; /* a failed call (an allocation, in the sweep) took it along */
  /* a grad wrapper that escaped behaves as its value */
  CHECK_CLOSE(st_add_scalar(escaped, 1), 1e-15, 3.0, 5.0);
  CHECK_NEAR(st_item(st_sum_all(escaped)), 6.0, 1e-15);
  st_release(escaped);
  escaped = NULL;
  /* a vmap wrapper that escaped is an error */
  st_func *v = st_vmap(f, NULL, NULL);
  st_tensor *X = st_ones(ST_F64, ST_SHAPE(2, 2));
  rc = st_call(v, &X, &r);
  CHECK(rc == 0);
  if (rc) escaped = NULL;
  if (escaped) CHECK_FAILS(st_add_scalar(escaped, 1) == NULL, ST_ERR_TRANSFORM,
              "a st_vmap (level 1) that has already returned");
  st_release(escaped);
  escaped = NULL;
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
}

/* ---------------------------------------------------------------------------------- trace */

TEST(semantics_trace_prints_levels) {
  st_scope_push();
  FILE *f = tmpfile();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *r = NULL;
  st_func *fn = st_func_new(cube_fn, NULL, 1, 1), *g = st_grad(fn, 0, NULL),
          *v = st_vmap(g, NULL, NULL);
  st_tensor *X = st_ones(ST_F64, ST_SHAPE(2, 2));
  st_trace_begin(f);
  CHECK(st_call(g, &x, &r) == 0);
  CHECK(st_call(v, &X, &r) == 0);
  st_trace_end();
  char text[8192] = {0};
  rewind(f);
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  CHECK(strstr(text, "[grad L1] t") != NULL);
  CHECK(strstr(text, "= pow_scalar(t") != NULL);
  CHECK(strstr(text, "[grad L2]") != NULL && strstr(text, "[vmap L1]") != NULL);
  CHECK(strstr(text, "[plain L0]") != NULL);
  st_func_release(v);
  st_func_release(g);
  st_func_release(fn);
  st_scope_pop();
}

/* --------------------------------------------------------------------------- linearize etc */

TEST(semantics_linearize_and_grad_and_value) {
  st_scope_push();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}), *o = NULL, *t = NULL;
  st_func *f = st_func_new(cube_fn, NULL, 1, 1), *lin = NULL;
  CHECK(st_linearize(f, &x, &o, &lin) == 0);
  CHECK_NEAR(st_item(o), 9.0, 1e-15);
  st_tensor *v = st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, -1});
  CHECK(st_call(lin, &v, &t) == 0);
  CHECK_NEAR(st_item(t), 3.0 - 12.0, 1e-12);
  st_func *gv = st_grad_and_value(f, 0, NULL);
  st_tensor *r[2] = {0};
  CHECK(st_call(gv, &x, r) == 0);
  CHECK_CLOSE(r[0], 1e-12, 3.0, 12.0);
  CHECK_NEAR(st_item(r[1]), 9.0, 1e-15);
  /* argnums: gradient w.r.t. the second input only; aux outputs follow */
  st_func *p = st_func_new(L0_fn, NULL, 2, 1), *gp = st_grad(p, 1, (const int[]){1});
  st_tensor *in[2] = {st_from_data(ST_F64, ST_SHAPE(2), (double[]){1, 2}),
                      st_from_data(ST_F64, ST_SHAPE(2), (double[]){3, 4})};
  CHECK(st_call(gp, in, r) == 0);
  CHECK_CLOSE(r[0], 1e-12, 1 + 2 * 3.0, 2 + 2 * 4.0);
  st_func *fs[] = {f, lin, gv, p, gp};
  for (int i = 0; i < 5; i++) st_func_release(fs[i]);
  st_scope_pop();
}

TEST(semantics_vmap_batch_size_zero) {
  st_scope_push();
  st_tensor *X = st_zeros(ST_F64, ST_SHAPE(0, 3)), *r = NULL;
  st_func *f = st_func_new(vec_fn, NULL, 1, 1), *v = st_vmap(f, NULL, NULL);
  CHECK(st_call(v, &X, &r) == 0);
  CHECK_SHAPE(r, 0, 3);
  st_func_release(v);
  st_func_release(f);
  st_scope_pop();
}
