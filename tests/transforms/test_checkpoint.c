/* test_checkpoint.c — st_checkpoint: activation checkpointing that keeps no intermediates,
   recomputes them in backward with the same random draws, and composes with every transform
   in both orders. Expected values of the compositions come from torch.func on the plain
   function (gen_conform.py); the rest is checked against the same function without
   checkpointing (torch.utils.checkpoint does not compose with torch.func, so there is no
   reference for those orders but the plain function's own values). */
#include "conform_expected.h"
#include "tx.h"
#include "util.h"

#define CHECK_EXP(t, arr, tol)                                                                     \
  st_test_close(__FILE__, __LINE__, (t), (arr), (int64_t)(sizeof(arr) / sizeof(double)), (tol))

/* t's values equal u's (shapes too). */
static void check_same(const char *file, int line, st_tensor *t, st_tensor *u, double tol) {
  if (!t || !u) {
    st_test_fail(file, line, "a tensor is NULL [last error: %s]", st_last_error());
    return;
  }
  int64_t shape[8];
  for (int d = 0; d < st_ndim(u); d++) shape[d] = st_size(u, d);
  if (!st_test_shape(file, line, t, st_ndim(u), shape)) return;
  double *want = tu_values(u);
  st_test_close(file, line, t, want, st_numel(u), tol);
  free(want);
}
#define CHECK_SAME(t, u, tol) check_same(__FILE__, __LINE__, (t), (u), (tol))

/* chain(x, w) = sum(x_4), x_{k+1} = tanh(x_k * w) + 0.1 x_k (gen_conform.py's chain) */
static int chain_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  int steps = ctx ? *(const int *)ctx : 4;
  st_tensor *x = in[0];
  for (int k = 0; k < steps; k++) x = st_add(st_tanh(st_mul(x, in[1])), st_mul_scalar(x, 0.1));
  return (out[0] = st_sum_all(x)) ? 0 : -1;
}

static st_tensor *chain_x(void) { return tu_tensor(ST_F64, ST_SHAPE(6), CKPT_CHAIN_XW_0); }
static st_tensor *chain_w(void) { return tu_tensor(ST_F64, ST_SHAPE(6), CKPT_CHAIN_XW_1); }

static int call(st_func *f, st_tensor *const *in, st_tensor **out) { return st_call(f, in, out); }

/* ------------------------------------------------------------------------- eager autograd */

/* test_utils.py TestCheckpoint.test_checkpoint: the checkpointed run gives the plain values and
   gradients */
TEST(checkpoint_eager_value_and_backward_match_plain) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *y = NULL;
  st_set_requires_grad(in[0], true);
  st_set_requires_grad(in[1], true);
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  CHECK(call(c, in, &y) == 0);
  CHECK_EXP(y, CKPT_CHAIN_VALUE, 1e-14);
  CHECK(st_requires_grad(y));
  CHECK(strcmp(st_node_name(st_grad_fn(y)), "CheckpointBackward") == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_EXP(st_grad_of(in[0]), CKPT_CHAIN_GRAD_0, 1e-13);
  CHECK_EXP(st_grad_of(in[1]), CKPT_CHAIN_GRAD_1, 1e-13);
  st_func_release(c);
  st_func_release(f);
}

/* The checkpointed forward keeps the inputs, the output and one node; the plain forward keeps
   every intermediate the chain's nodes save. */
TEST(checkpoint_keeps_no_intermediates) {
  int steps = 40;
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(256)), st_randn(ST_F64, ST_SHAPE(256))};
  st_set_requires_grad(in[0], true);
  st_set_requires_grad(in[1], true);
  st_func *f = st_func_new(chain_fn, &steps, 2, 1), *c = st_checkpoint(f);
  int64_t base = st_live_objects();
  st_tensor *y = NULL, *yc = NULL;
  CHECK(call(f, in, &y) == 0);
  int64_t plain = st_live_objects() - base;
  st_release(y);
  CHECK_EQ_INT(st_live_objects(), base); /* the plain graph is gone with its output */
  CHECK(call(c, in, &yc) == 0);
  int64_t ckpt = st_live_objects() - base;
  /* the output and its storage, the node, the leaves' accumulators at most */
  CHECK(ckpt <= 6);
  CHECK(plain > 10 * steps / 2);
  CHECK(st_backward(yc, NULL, false, false) == 0);
  st_tensor *gx = st_grad_of(in[0]), *gw = st_grad_of(in[1]);
  st_zero_grad(in[0]);
  st_zero_grad(in[1]);
  CHECK(call(f, in, &y) == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_SAME(gx, st_grad_of(in[0]), 1e-12);
  CHECK_SAME(gw, st_grad_of(in[1]), 1e-12);
  st_func_release(c);
  st_func_release(f);
}

/* dropout(x * w) summed with weights, so each kept element's gradient is visible */
static int dropout_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *d = st_dropout(st_mul(in[0], in[1]), 0.5, true);
  return (out[0] = st_sum_all(st_mul(st_sin(d), in[1]))) ? 0 : -1;
}

/* test_utils.py TestCheckpoint.test_checkpoint_rng_cpu: the recomputation draws the same mask,
   so the gradients equal the plain run's with the same seed, and the caller's generator is
   where the plain run left it */
TEST(checkpoint_dropout_same_gradients_as_plain) {
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(64)), st_randn(ST_F64, ST_SHAPE(64))}, *y = NULL;
  st_set_requires_grad(in[0], true);
  st_set_requires_grad(in[1], true);
  st_func *f = st_func_new(dropout_fn, NULL, 2, 1), *c = st_checkpoint(f);
  st_manual_seed(11);
  CHECK(call(f, in, &y) == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  double after_plain = st_item(st_rand(ST_F64, ST_SHAPE(1)));
  st_tensor *gx = st_grad_of(in[0]), *gw = st_grad_of(in[1]);
  st_zero_grad(in[0]);
  st_zero_grad(in[1]);
  st_manual_seed(11);
  st_tensor *yc = NULL;
  CHECK(call(c, in, &yc) == 0);
  CHECK_SAME(yc, y, 0);
  CHECK(st_backward(yc, NULL, false, false) == 0);
  CHECK_NEAR(st_item(st_rand(ST_F64, ST_SHAPE(1))), after_plain, 0);
  CHECK_SAME(st_grad_of(in[0]), gx, 0);
  CHECK_SAME(st_grad_of(in[1]), gw, 0);
  /* and through st_grad: same seed, same gradients */
  st_func *g = st_grad(c, 2, (const int[]){0, 1}), *gp = st_grad(f, 2, (const int[]){0, 1});
  st_tensor *r[2] = {0}, *rp[2] = {0};
  st_manual_seed(5);
  CHECK(call(gp, in, rp) == 0);
  st_manual_seed(5);
  CHECK(call(g, in, r) == 0);
  CHECK_SAME(r[0], rp[0], 0);
  CHECK_SAME(r[1], rp[1], 0);
  st_func_release(gp);
  st_func_release(g);
  st_func_release(c);
  st_func_release(f);
}

/* test_autograd.py TestAutograd.test_retain_grad_inplace-style saved-tensor rules for the
   checkpoint node: a second backward without retain_graph fails, with it works */
TEST(checkpoint_backward_twice_needs_retain_graph) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *y = NULL;
  st_set_requires_grad(in[0], true);
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  CHECK(call(c, in, &y) == 0);
  CHECK(st_backward(y, NULL, true, false) == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_AUTOGRAD,
              "backward through the graph a second time");
  double two[6];
  for (int i = 0; i < 6; i++) two[i] = 2 * CKPT_CHAIN_GRAD_0[i];
  st_test_close(__FILE__, __LINE__, st_grad_of(in[0]), two, 6, 1e-13);
  st_func_release(c);
  st_func_release(f);
}

/* An input written in place after the forward cannot be recomputed from: the saved-value
   version check names the node (test_autograd.py TestAutograd.test_inplace_on_view... rule) */
TEST(checkpoint_input_modified_in_place_fails) {
  st_tensor *x = chain_x(), *w = chain_w(), *y = NULL;
  st_set_requires_grad(x, true);
  st_tensor *in[2] = {x, w};
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  CHECK(call(c, in, &y) == 0);
  CHECK(st_add_scalar_(w, 1) == 0);
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_INPLACE, "CheckpointBackward");
  st_func_release(c);
  st_func_release(f);
}

/* create_graph through the checkpoint: the recomputation is recorded, so the gradient is
   differentiable again (a Hessian-vector product equals the plain one) */
TEST(checkpoint_double_backward_matches_plain) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *y = NULL, *yp = NULL;
  st_set_requires_grad(in[0], true);
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  st_tensor *v = st_ones(ST_F64, ST_SHAPE(6)), *g = NULL, *gp = NULL, *h = NULL, *hp = NULL;
  st_grad_opts o = {.create_graph = true};
  CHECK(call(c, in, &y) == 0);
  CHECK(st_autograd_grad(1, &y, NULL, 1, in, &g, &o) == 0);
  CHECK(st_requires_grad(g));
  st_tensor *gv = st_sum_all(st_mul(g, v));
  CHECK(st_autograd_grad(1, &gv, NULL, 1, in, &h, NULL) == 0);
  CHECK(call(f, in, &yp) == 0);
  CHECK(st_autograd_grad(1, &yp, NULL, 1, in, &gp, &o) == 0);
  st_tensor *gvp = st_sum_all(st_mul(gp, v));
  CHECK(st_autograd_grad(1, &gvp, NULL, 1, in, &hp, NULL) == 0);
  CHECK_SAME(g, gp, 1e-13);
  CHECK_SAME(h, hp, 1e-12);
  st_func_release(c);
  st_func_release(f);
}

/* Under no-grad the checkpoint records nothing: the value, untracked */
TEST(checkpoint_under_no_grad_records_nothing) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *y = NULL;
  st_set_requires_grad(in[0], true);
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  bool prev = st_set_grad_enabled(false);
  CHECK(call(c, in, &y) == 0);
  st_set_grad_enabled(prev);
  CHECK_EXP(y, CKPT_CHAIN_VALUE, 1e-14);
  CHECK(!st_requires_grad(y));
  st_func_release(c);
  st_func_release(f);
}

/* f returns its input as is and an integer tensor: the node owns a fresh alias of the input,
   the integer output passes through without history */
static int passthrough_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  out[1] = st_arange(ST_I64, 0, 3, 1);
  return out[1] ? 0 : -1;
}

TEST(checkpoint_returned_input_and_integer_output) {
  st_tensor *x = chain_x(), *out[2] = {0};
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(passthrough_fn, NULL, 1, 2), *c = st_checkpoint(f);
  CHECK(call(c, &x, out) == 0);
  CHECK(out[0] != x);
  CHECK(st_is_leaf(x) && !st_is_leaf(out[0]));
  CHECK(!st_requires_grad(out[1]));
  CHECK_CLOSE(out[1], 0, 0, 1, 2);
  CHECK(st_backward(st_sum_all(st_mul_scalar(out[0], 3)), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 0, 3, 3, 3, 3, 3, 3);
  st_func_release(c);
  st_func_release(f);
}

/* A function that fails gives its error under st_checkpoint's name and leaks nothing */
static int failing_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_matmul(in[0], in[0]);
  return out[0] ? 0 : -1;
}

TEST(checkpoint_errors_are_reported) {
  CHECK_FAILS(st_checkpoint(NULL) == NULL, ST_ERR_ARG, "st_checkpoint: the function is NULL");
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3)), *y = NULL;
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(failing_fn, NULL, 1, 1), *c = st_checkpoint(f);
  CHECK_FAILS(call(c, &x, &y) != 0, ST_ERR_SHAPE, "st_matmul");
  CHECK(y == NULL);
  st_func_release(c);
  st_func_release(f);
}

/* What f keeps with st_keep while it is recomputed in backward is released there */
static int keeping_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_keep(st_exp(in[0]));
  return (out[0] = st_sum_all(st_sin(in[0]))) ? 0 : -1;
}

TEST(checkpoint_recompute_releases_kept_tensors) {
  st_tensor *x = chain_x(), *y = NULL;
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(keeping_fn, NULL, 1, 1), *c = st_checkpoint(f);
  st_scope_push();
  CHECK(call(c, &x, &y) == 0);
  st_keep(y);
  st_scope_pop(); /* the forward's kept tensor went to this scope */
  int64_t live = st_live_objects();
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK(st_live_objects() <= live + 2); /* x's .grad (a tensor and its storage) */
  st_func_release(c);
  st_func_release(f);
}

/* Nested checkpoints and anomaly mode's creation site */
TEST(checkpoint_nested_and_anomaly_site) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *y = NULL;
  st_set_requires_grad(in[1], true);
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f), *cc = st_checkpoint(c);
  st_set_anomaly_mode(true, false);
  ST_SITE();
  CHECK(call(cc, in, &y) == 0);
  st_set_anomaly_mode(false, false);
  CHECK(strstr(st_node_creation_site(st_grad_fn(y)), "test_checkpoint.c") != NULL);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_EXP(st_grad_of(in[1]), CKPT_CHAIN_GRAD_1, 1e-13);
  st_func_release(cc);
  st_func_release(c);
  st_func_release(f);
}

/* ---------------------------------------------------------------------------- transforms */

/* st_grad(st_checkpoint(f)), both argnums */
TEST(checkpoint_grad_of_checkpoint) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *g[2] = {0};
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f),
          *gc = st_grad(c, 2, (const int[]){0, -1});
  CHECK(call(gc, in, g) == 0);
  CHECK_EXP(g[0], CKPT_CHAIN_GRAD_0, 1e-13);
  CHECK_EXP(g[1], CKPT_CHAIN_GRAD_1, 1e-13);
  st_func_release(gc);
  st_func_release(c);
  st_func_release(f);
}

static int sum_of_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  st_tensor *r[2] = {0};
  if (st_call(ctx, in, r)) return -1;
  (void)nin;
  return (out[0] = st_sum_all(r[0])) ? 0 : -1;
}

/* st_checkpoint(st_grad(f)) eagerly, and st_grad over it: grad of grad (gen_conform.py's
   CKPT_GRAD_OF_GRAD = d/dx sum(d chain / dx)) */
TEST(checkpoint_of_grad_and_grad_of_it) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *gx = NULL;
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *g = st_grad(f, 0, NULL), *cg = st_checkpoint(g);
  st_set_requires_grad(in[0], true);
  CHECK(call(cg, in, &gx) == 0);
  CHECK_EXP(gx, CKPT_CHAIN_GRAD_0, 1e-13);
  CHECK(st_backward(st_sum_all(gx), NULL, false, false) == 0);
  CHECK_EXP(st_grad_of(in[0]), CKPT_GRAD_OF_GRAD, 1e-12);
  st_func *s = st_func_new(sum_of_fn, cg, 2, 1), *gs = st_grad(s, 0, NULL);
  st_tensor *r = NULL;
  CHECK(call(gs, in, &r) == 0);
  CHECK_EXP(r, CKPT_GRAD_OF_GRAD, 1e-12);
  st_func_release(gs);
  st_func_release(s);
  st_func_release(cg);
  st_func_release(g);
  st_func_release(f);
}

/* st_vmap(st_grad(st_checkpoint(f))): per-sample gradients */
TEST(checkpoint_vmap_of_grad) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(4, 6), CKPT_CHAIN_XS), chain_w()}, *r = NULL;
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f), *g = st_grad(c, 0, NULL),
          *v = st_vmap(g, (const int[]){0, ST_UNBATCHED}, NULL);
  CHECK(call(v, in, &r) == 0);
  CHECK_EXP(r, CKPT_CHAIN_VMAP_GRAD, 1e-13);
  st_func_release(v);
  st_func_release(g);
  st_func_release(c);
  st_func_release(f);
}

/* st_grad over st_vmap(st_checkpoint(f)): the vmap level runs f, the grad level records it */
TEST(checkpoint_grad_of_vmap) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(4, 6), CKPT_CHAIN_XS), chain_w()}, *r = NULL;
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f),
          *vc = st_vmap(c, (const int[]){0, ST_UNBATCHED}, NULL),
          *vf = st_vmap(f, (const int[]){0, ST_UNBATCHED}, NULL);
  st_func *sc = st_func_new(sum_of_fn, vc, 2, 1), *sf = st_func_new(sum_of_fn, vf, 2, 1);
  st_func *gc = st_grad(sc, 2, (const int[]){0, 1}), *gf = st_grad(sf, 2, (const int[]){0, 1});
  st_tensor *rc[2] = {0}, *rf[2] = {0};
  CHECK(call(gc, in, rc) == 0);
  CHECK(call(gf, in, rf) == 0);
  CHECK_SAME(rc[0], rf[0], 1e-13);
  CHECK_SAME(rc[1], rf[1], 1e-13);
  CHECK_EXP(rc[0], CKPT_CHAIN_VMAP_GRAD, 1e-13);
  st_func *fs[] = {gf, gc, sf, sc, vf, vc, c, f};
  for (int i = 0; i < 8; i++) st_func_release(fs[i]);
  (void)r;
}

/* st_jvp(st_checkpoint(f)) and st_checkpoint under st_jvp's level */
TEST(checkpoint_jvp) {
  st_tensor *in[2] = {chain_x(), chain_w()},
            *t[2] = {tu_tensor(ST_F64, ST_SHAPE(6), CKPT_CHAIN_T), NULL};
  st_tensor *out = NULL, *tout = NULL;
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  CHECK(st_jvp(c, in, t, &out, &tout) == 0);
  CHECK_EXP(out, CKPT_CHAIN_JVP_0, 1e-14);
  CHECK_EXP(tout, CKPT_CHAIN_JVP_1, 1e-13);
  st_func_release(c);
  st_func_release(f);
}

/* st_jacrev and st_jacfwd of st_checkpoint(f), both argnums */
TEST(checkpoint_jacrev_and_jacfwd) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *J[2] = {0};
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  st_jac_opts o = {.nargnums = 2, .argnums = (const int[]){0, 1}};
  st_func *jr = st_jacrev_ex(c, &o), *jf = st_jacfwd_ex(c, &o);
  CHECK(call(jr, in, J) == 0);
  CHECK_EXP(J[0], CKPT_CHAIN_GRAD_0, 1e-13);
  CHECK_EXP(J[1], CKPT_CHAIN_GRAD_1, 1e-13);
  CHECK(call(jf, in, J) == 0);
  CHECK_EXP(J[0], CKPT_CHAIN_GRAD_0, 1e-13);
  CHECK_EXP(J[1], CKPT_CHAIN_GRAD_1, 1e-13);
  st_func_release(jf);
  st_func_release(jr);
  st_func_release(c);
  st_func_release(f);
}

/* st_hessian(st_checkpoint(f)) and st_checkpoint(st_hessian(f)) */
TEST(checkpoint_hessian_both_orders) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *H = NULL;
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f), *hc = st_hessian(c, 0),
          *h = st_hessian(f, 0), *ch = st_checkpoint(h);
  CHECK(call(hc, in, &H) == 0);
  CHECK_EXP(H, CKPT_CHAIN_HESSIAN, 1e-12);
  CHECK(call(ch, in, &H) == 0);
  CHECK_EXP(H, CKPT_CHAIN_HESSIAN, 1e-12);
  st_func *fs[] = {ch, h, hc, c, f};
  for (int i = 0; i < 5; i++) st_func_release(fs[i]);
}

/* vmap with randomness 'different' over grad of a checkpointed dropout: the recomputation
   replays each lane's stream, so the per-sample gradients equal the plain ones */
TEST(checkpoint_vmap_grad_dropout_replays_lane_streams) {
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(3, 8)), st_randn(ST_F64, ST_SHAPE(8))};
  st_func *f = st_func_new(dropout_fn, NULL, 2, 1), *c = st_checkpoint(f);
  st_func *gf = st_grad(f, 0, NULL), *gc = st_grad(c, 0, NULL);
  st_vmap_opts o = {.in_dims = (const int[]){0, ST_UNBATCHED},
                    .randomness = ST_RANDOMNESS_DIFFERENT};
  st_func *vf = st_vmap_ex(gf, &o), *vc = st_vmap_ex(gc, &o);
  st_tensor *rf = NULL, *rc = NULL;
  st_manual_seed(3);
  CHECK(call(vf, in, &rf) == 0);
  st_manual_seed(3);
  CHECK(call(vc, in, &rc) == 0);
  CHECK_SAME(rc, rf, 0);
  st_func *fs[] = {vc, vf, gc, gf, c, f};
  for (int i = 0; i < 6; i++) st_func_release(fs[i]);
}

/* vjp of st_checkpoint: the pullback recomputes f at each call */
TEST(checkpoint_vjp_pullback_twice) {
  st_tensor *in[2] = {chain_x(), chain_w()}, *out = NULL, *g[2] = {0};
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f), *pb = NULL;
  CHECK(st_vjp(c, in, &out, &pb) == 0);
  st_tensor *one = st_scalar(ST_F64, 1), *two = st_scalar(ST_F64, 2);
  CHECK(call(pb, &one, g) == 0);
  CHECK_EXP(g[1], CKPT_CHAIN_GRAD_1, 1e-13);
  CHECK(call(pb, &two, g) == 0);
  double want[6];
  for (int i = 0; i < 6; i++) want[i] = 2 * CKPT_CHAIN_GRAD_0[i];
  st_test_close(__FILE__, __LINE__, g[0], want, 6, 1e-13);
  st_func_release(pb);
  st_func_release(c);
  st_func_release(f);
}

/* A tensor f captures through ctx is a constant: the gradient flows to f's inputs only */
static int captured_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return (out[0] = st_sum_all(st_mul(in[0], ctx))) ? 0 : -1;
}

TEST(checkpoint_captured_tensors_are_constants) {
  st_tensor *x = chain_x(), *w = chain_w(), *y = NULL;
  st_set_requires_grad(x, true);
  st_set_requires_grad(w, true);
  st_func *f = st_func_new(captured_fn, w, 1, 1), *c = st_checkpoint(f);
  CHECK(call(c, &x, &y) == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_EXP(st_grad_of(x), CKPT_CHAIN_XW_1, 0);
  CHECK(st_grad_of(w) == NULL);
  st_func_release(c);
  st_func_release(f);
}

/* The remaining orders against the same composition of the plain function: st_vmap of it
   alone, st_checkpoint(st_vmap(f)) under eager backward, jvp over grad (forward-over-reverse,
   a Hessian-vector product), and grad in inference mode */
TEST(checkpoint_more_orders_match_plain) {
  st_tensor *xs = tu_tensor(ST_F64, ST_SHAPE(4, 6), CKPT_CHAIN_XS), *w = chain_w();
  st_tensor *in[2] = {xs, w}, *a = NULL, *b = NULL;
  st_func *f = st_func_new(chain_fn, NULL, 2, 1), *c = st_checkpoint(f);
  const int dims[] = {0, ST_UNBATCHED};
  st_func *vf = st_vmap(f, dims, NULL), *vc = st_vmap(c, dims, NULL), *cvf = st_checkpoint(vf);
  CHECK(call(vf, in, &a) == 0);
  CHECK(call(vc, in, &b) == 0);
  CHECK_SAME(b, a, 1e-14);
  /* checkpoint of the vmapped function, eagerly differentiated */
  st_set_requires_grad(w, true);
  CHECK(call(cvf, in, &b) == 0);
  CHECK(st_backward(st_sum_all(b), NULL, false, false) == 0);
  st_tensor *gw = st_grad_of(w);
  st_zero_grad(w);
  CHECK(call(vf, in, &a) == 0);
  CHECK(st_backward(st_sum_all(a), NULL, false, false) == 0);
  CHECK_SAME(gw, st_grad_of(w), 1e-13);
  /* forward over reverse: jvp of grad(checkpoint(f)) in x is H t */
  st_tensor *x = chain_x(), *t = tu_tensor(ST_F64, ST_SHAPE(6), CKPT_CHAIN_T);
  st_tensor *pin[2] = {x, chain_w()}, *tin[2] = {t, NULL}, *o = NULL, *hv = NULL;
  st_func *gc = st_grad(c, 0, NULL);
  CHECK(st_jvp(gc, pin, tin, &o, &hv) == 0);
  CHECK_EXP(o, CKPT_CHAIN_GRAD_0, 1e-13);
  double want[6] = {0};
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++) want[i] += CKPT_CHAIN_HESSIAN[i * 6 + j] * CKPT_CHAIN_T[j];
  st_test_close(__FILE__, __LINE__, hv, want, 6, 1e-12);
  /* grad of the checkpoint in inference mode: the gradient, never zeros */
  bool prev = st_set_inference_mode(true);
  CHECK(call(gc, pin, &o) == 0);
  st_set_inference_mode(prev);
  CHECK_EXP(o, CKPT_CHAIN_GRAD_0, 1e-13);
  st_func *fs[] = {gc, cvf, vc, vf, c, f};
  for (int k = 0; k < 6; k++) st_func_release(fs[k]);
}

static int sq_fwd(void *u, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)u, (void)nin, (void)nout;
  return (out[0] = st_square(in[0])) ? 0 : -1;
}
static int sq_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int sq_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  return (gin[0] = st_mul(g[0], st_mul_scalar(st_ctx_saved(ctx, 0), 2))) ? 0 : -1;
}
static const st_custom_fn SQ = {.name = "sq",
                                .nin = 1,
                                .nout = 1,
                                .forward = sq_fwd,
                                .setup_context = sq_setup,
                                .backward = sq_bwd};

static int with_custom_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *s = NULL;
  if (st_custom_apply(&SQ, in, &s)) return -1;
  return (out[0] = st_sum_all(st_sin(s))) ? 0 : -1;
}

/* A custom function inside the checkpointed function: its own backward runs in the
   recomputation, eagerly and under st_grad and st_hessian */
TEST(checkpoint_of_a_custom_function) {
  st_tensor *x = chain_x(), *y = NULL, *r = NULL, *rp = NULL;
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(with_custom_fn, NULL, 1, 1), *c = st_checkpoint(f);
  CHECK(call(c, &x, &y) == 0);
  CHECK(st_backward(y, NULL, false, false) == 0);
  double want[6];
  for (int i = 0; i < 6; i++)
    want[i] = cos(CKPT_CHAIN_XW_0[i] * CKPT_CHAIN_XW_0[i]) * 2 * CKPT_CHAIN_XW_0[i];
  st_test_close(__FILE__, __LINE__, st_grad_of(x), want, 6, 1e-13);
  st_func *hc = st_hessian(c, 0), *hf = st_hessian(f, 0);
  CHECK(call(hc, &x, &r) == 0);
  CHECK(call(hf, &x, &rp) == 0);
  CHECK_SAME(r, rp, 1e-13);
  st_func_release(hf);
  st_func_release(hc);
  st_func_release(c);
  st_func_release(f);
}
