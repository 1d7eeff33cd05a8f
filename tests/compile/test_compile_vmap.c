/* test_compile_vmap.c — a compiled function under vmap levels: the first call runs f on the
   batched wrappers while the capture sees the batched ops below them; later calls run that
   graph and wrap its outputs where eager's were batched (jax.jit of a vmapped function). Values
   against eager's, bit for bit: in_dims and out_dims, unbatched inputs and outputs, nested
   vmaps, chunks (a signature per chunk size), random ops, in-place writes, and eager autograd
   through the batched call (which runs f eagerly). */
#include <string.h>

#include "../test.h"
#include "../util.h"



/* (x [n], W [m, n]) -> (tanh(W x) * sum(x), sum(x)): a matrix product, a reduction, a broadcast */
static int f_layer(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *s = st_sum_all(in[0]);
  out[0] = st_mul(st_tanh(st_matmul(in[1], in[0])), s);
  out[1] = st_mul_scalar(s, 1.0);
  return out[0] && out[1] ? 0 : -1;
}

TEST(compile_under_vmap_runs_the_batched_graph) {
  st_scope_push();
  st_func *f = st_func_new(f_layer, NULL, 2, 2), *c = st_compile(f, NULL);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(5, 3)), *xt = st_randn(ST_F64, ST_SHAPE(3, 5));
  st_tensor *W = st_randn(ST_F64, ST_SHAPE(4, 3));
  /* W unbatched; x batched along dim 0, then along dim 1; the second output along dim 0, then
     dim 1 */
  const int in_dims[2][2] = {{0, ST_UNBATCHED}, {1, ST_UNBATCHED}};
  const int out_dims[2][2] = {{0, 0}, {1, 0}};
  for (int v = 0; v < 2; v++) {
    st_func *ve = st_vmap(f, in_dims[v], out_dims[v]), *vc = st_vmap(c, in_dims[v], out_dims[v]);
    st_tensor *in[2] = {v ? xt : x, W};
    for (int call = 0; call < 3; call++) {
      st_tensor *e[2] = {0}, *r[2] = {0};
      CHECK(st_call(ve, in, e) == 0 && st_call(vc, in, r) == 0);
      CHECK(tu_same_bits(r[0], e[0]) && tu_same_bits(r[1], e[1]));
    }
    st_func_release(vc);
    st_func_release(ve);
  }
  st_compile_stats s = tu_compile_stats(c);
  CHECK_EQ_INT(s.compiles, 2); /* one per batched layout */
  CHECK_EQ_INT(s.cache_hits, 4);
  CHECK_EQ_INT(s.fallbacks, 0);
  /* the plain call is another signature: f on the whole [5, 3] is another program */
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(3)), W}, *e[2] = {0}, *r[2] = {0};
  CHECK(st_call(f, in, e) == 0 && st_call(c, in, r) == 0 && tu_same_bits(r[0], e[0]));
  CHECK_EQ_INT(tu_compile_stats(c).compiles, 3);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

/* x -> x * w + x.T-free shapes: y = sin(x) * 2, an input written in place (acc += y) */
static int f_acc(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = st_mul_scalar(st_sin(in[0]), 2.0);
  if (!y || st_add_(in[1], y)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}

TEST(compile_under_nested_vmaps_chunks_and_in_place_writes_matches_eager) {
  st_scope_push();
  st_func *f = st_func_new(f_acc, NULL, 2, 1), *c = st_compile(f, NULL);
  st_func *ie = st_vmap(f, NULL, NULL), *ic = st_vmap(c, NULL, NULL);
  st_func *ve = st_vmap(ie, (int[]){1, 1}, NULL), *vc = st_vmap(ic, (int[]){1, 1}, NULL);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(4, 3, 2)), *ae = st_randn(ST_F32, ST_SHAPE(4, 3, 2));
    st_tensor *ac = st_clone(ae), *e = NULL, *r = NULL;
    CHECK(st_call(ve, (st_tensor *[]){x, ae}, &e) == 0);
    CHECK(st_call(vc, (st_tensor *[]){x, ac}, &r) == 0);
    CHECK(tu_same_bits(r, e) && tu_same_bits(ac, ae)); /* the accumulator written once, in both */
  }
  CHECK_EQ_INT(tu_compile_stats(c).fallbacks, 0);
  CHECK_EQ_INT(tu_compile_stats(c).compiles, 1);
  /* chunks of 3 over 7 lanes: sizes 3 and 1, each its own signature */
  st_vmap_opts o = {.chunk_size = 3};
  st_func *ke = st_vmap_ex(ie, &o), *kc = st_vmap_ex(ic, &o);
  for (int call = 0; call < 2; call++) {
    st_tensor *x = st_randn(ST_F32, ST_SHAPE(7, 2)), *ae = st_zeros(ST_F32, ST_SHAPE(7, 2));
    st_tensor *ac = st_clone(ae), *e = NULL, *r = NULL;
    CHECK(st_call(ke, (st_tensor *[]){x, ae}, &e) == 0);
    CHECK(st_call(kc, (st_tensor *[]){x, ac}, &r) == 0 && tu_same_bits(r, e) && tu_same_bits(ac, ae));
  }
  TU_RELEASE(kc, ke, vc, ve, ic, ie, c, f);
  st_scope_pop();
}

/* dropout under vmap: 'different' draws per lane from vmap's streams (not captured: f runs
   eagerly), 'same' one draw for every lane */
static int f_drop(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_dropout(in[0], 0.5, true);
  return out[0] ? 0 : -1;
}

TEST(compile_under_vmap_draws_what_eager_draws) {
  st_scope_push();
  st_func *f = st_func_new(f_drop, NULL, 1, 1), *c = st_compile(f, NULL);
  const st_randomness_mode modes[] = {ST_RANDOMNESS_DIFFERENT, ST_RANDOMNESS_SAME};
  for (int k = 0; k < 2; k++) {
    st_vmap_opts o = {.randomness = modes[k]};
    st_func *ve = st_vmap_ex(f, &o), *vc = st_vmap_ex(c, &o);
    for (int call = 0; call < 3; call++) {
      st_tensor *x = st_randn(ST_F32, ST_SHAPE(6, 50)), *e = NULL, *r = NULL;
      st_manual_seed(40 + call);
      CHECK(st_call(ve, &x, &e) == 0);
      st_manual_seed(40 + call);
      CHECK(st_call(vc, &x, &r) == 0 && tu_same_bits(r, e));
    }
    st_func_release(vc);
    st_func_release(ve);
  }
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(compile_under_vmap_with_eager_autograd_runs_f_eagerly) {
  st_scope_push();
  st_func *f = st_func_new(f_layer, NULL, 2, 2), *c = st_compile(f, NULL);
  st_tensor *W = st_randn(ST_F64, ST_SHAPE(4, 3)), *x = st_randn(ST_F64, ST_SHAPE(5, 3));
  st_tensor *We = st_clone(W), *Wc = st_clone(W);
  st_set_requires_grad(We, true);
  st_set_requires_grad(Wc, true);
  st_func *ve = st_vmap(f, (int[]){0, ST_UNBATCHED}, NULL);
  st_func *vc = st_vmap(c, (int[]){0, ST_UNBATCHED}, NULL);
  st_tensor *e[2] = {0}, *r[2] = {0};
  CHECK(st_call(ve, (st_tensor *[]){x, We}, e) == 0 && st_call(vc, (st_tensor *[]){x, Wc}, r) == 0);
  CHECK(tu_same_bits(r[0], e[0]) && st_requires_grad(r[0]));
  CHECK(st_backward(st_sum_all(e[0]), NULL, false, false) == 0);
  CHECK(st_backward(st_sum_all(r[0]), NULL, false, false) == 0);
  CHECK(tu_same_bits(st_grad_of(Wc), st_grad_of(We)));
  TU_RELEASE(vc, ve, c, f);
  st_scope_pop();
}
