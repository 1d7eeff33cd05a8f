/* test_compiled_autograd.c — st_set_compiled_autograd against the eager engine: the same
   gradients (and .grad accumulation, stealing, retain_graph) from a compiled and a replayed
   backward; the key, which must tell apart what changes the backward's computation (scalar
   attributes, shapes, strides, which inputs need grads, shared saved storages) and must not
   tell apart new values (saved tensors, indices, root gradients); the fallbacks with their
   reasons; the errors eager gives (freed or modified saved values); threads; and the cache
   kept when it is turned off. The whole engine suite also runs under it:
   `strata_tests --compiled-autograd` (CI). */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "../test.h"
#include "../util.h"

static st_compile_stats ca_stats(void) {
  st_compile_stats s = {0};
  CHECK(st_compiled_autograd_get_stats(&s) == 0);
  return s;
}

/* max |a - b| (0 for two NULLs, infinity when one is NULL or the shapes differ) */
static double maxdiff(st_tensor *a, st_tensor *b) {
  if (!a && !b) return 0;
  if (!a || !b || st_numel(a) != st_numel(b)) return INFINITY;
  return st_item(st_amax_all(st_abs(st_sub(st_to_dtype(a, ST_F64), st_to_dtype(b, ST_F64)))));
}

/* ---------------------------------------------------------------------------- an MLP step */

typedef struct {
  st_tensor *w1, *b1, *w2, *x;
  st_tensor *idx; /* embedding indices, or NULL */
  st_tensor *emb; /* [V, 8] */
  double scale;   /* a scalar attribute of the graph */
} mlp;

static st_tensor *mlp_loss(const mlp *m) {
  st_tensor *x = m->x;
  if (m->idx) x = st_add(x, st_embedding(m->emb, m->idx));
  st_tensor *h = st_relu(st_add(st_matmul(x, m->w1), m->b1));
  st_tensor *y = st_tanh(st_matmul(st_dropout(h, 0.25, true), m->w2));
  return st_mean_all(st_mul_scalar(st_mul(y, st_sigmoid(y)), m->scale));
}

static mlp mlp_new(st_dtype dt, int64_t batch, bool with_emb) {
  mlp m = {st_randn(dt, ST_SHAPE(8, 16)),
           st_randn(dt, ST_SHAPE(16)),
           st_randn(dt, ST_SHAPE(16, 4)),
           st_randn(dt, ST_SHAPE(batch, 8)),
           NULL,
           NULL,
           1.5};
  if (with_emb) {
    m.emb = st_randn(dt, ST_SHAPE(5, 8));
    m.idx =
        st_from_data(ST_I64, ST_SHAPE(batch), (int64_t[]){0, 3, 3, 1, 4, 2, 0, 1}); /* batch <= 8 */
    st_set_requires_grad(m.emb, true);
  }
  st_set_requires_grad(m.w1, true);
  st_set_requires_grad(m.b1, true);
  st_set_requires_grad(m.w2, true);
  return m;
}

static st_tensor **params_of(mlp *m, int *n) {
  static st_tensor *p[4];
  p[0] = m->w1, p[1] = m->b1, p[2] = m->w2, p[3] = m->emb;
  *n = m->emb ? 4 : 3;
  return p;
}

/* One forward and backward with the generator at seed, compiled autograd on or off; the .grad
   of the parameters go to g[] (clones). */
static int step(mlp *m, bool compiled, uint64_t seed, st_tensor **g, bool zero) {
  int n;
  st_tensor **p = params_of(m, &n);
  if (zero)
    for (int i = 0; i < n; i++) st_zero_grad(p[i]);
  bool prev = st_set_compiled_autograd(compiled);
  st_manual_seed(seed);
  int rc = st_backward(mlp_loss(m), NULL, false, false);
  st_set_compiled_autograd(prev);
  for (int i = 0; i < n; i++) g[i] = st_grad_of(p[i]) ? st_clone(st_grad_of(p[i])) : NULL;
  return rc;
}

/* One step eagerly and one compiled from the same seed: the same parameter gradients. */
static void check_step_equals_eager(mlp *m, uint64_t seed) {
  st_tensor *ge[4] = {0}, *gc[4] = {0};
  CHECK(step(m, false, seed, ge, true) == 0);
  CHECK(step(m, true, seed, gc, true) == 0);
  for (int i = 0; i < 4; i++) CHECK(maxdiff(ge[i], gc[i]) <= 1e-13);
}

TEST(compiled_autograd_replays_an_mlp_backward_with_eager_values) {
  bool was = st_set_compiled_autograd(false);
  st_compile_stats s0 = ca_stats();
  mlp m = mlp_new(ST_F64, 6, true);
  for (int it = 0; it < 4; it++) {
    /* new values each iteration: the replay reads this iteration's saved tensors */
    st_copy_(m.x, st_randn(ST_F64, ST_SHAPE(6, 8)));
    st_copy_(m.idx, st_from_data(ST_I64, ST_SHAPE(6), (int64_t[]){it, 4 - it, 2, it, 1, 3}));
    check_step_equals_eager(&m, 10 + (uint64_t)it);
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.calls - s0.calls, 4);
  CHECK_EQ_INT(s.compiles - s0.compiles, 1);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 3);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 0);
  CHECK(s.graph_ops > 10 && s.kernels > 0 && s.kernels <= s.graph_ops);
  st_set_compiled_autograd(was);
}

/* seed 002 (#103822): a size that changes is dynamic after one recompile. The batch of an MLP
   (with embedding, dropout and a bias broadcast over it) changes at every call: the first two
   sizes are captured, and their graphs give a template from which every later size is
   instantiated without running the engine (a hit), with eager's values */
TEST(compiled_autograd_batch_sizes_become_symbolic_after_one_recompile) {
  bool was = st_set_compiled_autograd(false);
  st_compile_stats s0 = ca_stats();
  mlp m = mlp_new(ST_F64, 8, true);
  const int64_t batches[] = {3, 5, 7, 8, 2, 7};
  for (int it = 0; it < 6; it++) {
    int64_t b = batches[it];
    m.x = st_randn(ST_F64, ST_SHAPE(b, 8));
    m.idx = st_slice(st_from_data(ST_I64, ST_SHAPE(8), (int64_t[]){0, 3, 3, 1, 4, 2, 0, 1}), 0, 0,
                     b, 1);
    check_step_equals_eager(&m, 20 + (uint64_t)it);
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.compiles - s0.compiles, 2);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 4);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 0);
  st_set_compiled_autograd(was);
}

/* a template serves only calls whose every described size, stride and offset its formulas
   give: two saved slices of one storage at offsets that follow no formula in the batch are
   captured again (a replay at the formula's offset would read the wrong rows) */
TEST(compiled_autograd_symbolic_sizes_check_every_described_layout) {
  bool was = st_set_compiled_autograd(false);
  st_tensor *base = st_randn(ST_F64, ST_SHAPE(20, 4));
  /* (batch, row of a, row of c): the second fixes the formulas (a at 2b - 6 rows... c at b + 1),
     the third breaks them, the fourth follows them */
  const int64_t calls[4][3] = {{3, 0, 4}, {5, 1, 6}, {7, 0, 1}, {9, 3, 10}};
  int64_t compiles[4], hits[4];
  for (int it = 0; it < 4; it++) {
    int64_t b = calls[it][0], i = calls[it][1], j = calls[it][2];
    st_tensor *w = st_randn(ST_F64, ST_SHAPE(b, 4));
    st_set_requires_grad(w, true);
    st_tensor *g[2] = {0};
    for (int compiled = 0; compiled < 2; compiled++) {
      st_zero_grad(w);
      st_tensor *a = st_slice(base, 0, i, i + b, 1), *c = st_slice(base, 0, j, j + b, 1);
      bool prev = st_set_compiled_autograd(compiled);
      CHECK(st_backward(st_sum_all(st_mul(st_mul(w, a), c)), NULL, false, false) == 0);
      st_set_compiled_autograd(prev);
      g[compiled] = st_clone(st_grad_of(w));
    }
    CHECK(maxdiff(g[0], g[1]) == 0); /* a * c, row for row */
    compiles[it] = ca_stats().compiles;
    hits[it] = ca_stats().cache_hits;
  }
  CHECK_EQ_INT(compiles[2] - compiles[1], 1); /* captured again */
  CHECK_EQ_INT(compiles[3] - compiles[2], 0); /* the template */
  CHECK_EQ_INT(hits[3] - hits[2], 1);
  st_set_compiled_autograd(was);
}

/* a reshape that flattens the batch (a view in the backward's graph, its target shape in the
   key) is symbolic too: batches 3, 5, 7, 4 compile twice */
TEST(compiled_autograd_a_flattened_batch_becomes_symbolic) {
  bool was = st_set_compiled_autograd(false);
  st_tensor *w = st_randn(ST_F64, ST_SHAPE(8, 3));
  st_set_requires_grad(w, true);
  int64_t c0 = ca_stats().compiles, h0 = ca_stats().cache_hits;
  const int64_t batches[] = {3, 5, 7, 4};
  for (int it = 0; it < 4; it++) {
    int64_t b = batches[it];
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(b, 2, 4)), *g[2] = {0};
    st_set_requires_grad(x, true);
    for (int compiled = 0; compiled < 2; compiled++) {
      st_zero_grad(w);
      st_zero_grad(x);
      bool prev = st_set_compiled_autograd(compiled);
      st_tensor *h = st_reshape(st_mul_scalar(x, 1.5), 2, (int64_t[]){b, -1});
      CHECK(st_backward(st_sum_all(st_tanh(st_matmul(h, w))), NULL, false, false) == 0);
      st_set_compiled_autograd(prev);
      g[compiled] = st_add(st_sum_all(st_grad_of(w)), st_sum_all(st_grad_of(x)));
    }
    CHECK(maxdiff(g[0], g[1]) <= 1e-12);
  }
  CHECK_EQ_INT(ca_stats().compiles - c0, 2);
  CHECK_EQ_INT(ca_stats().cache_hits - h0, 2);
  st_set_compiled_autograd(was);
}

/* The losses and layers a training loop runs at changing batch sizes (seed 002: one recompile,
   then the template): mean reductions, whose vjp rules scale by 1 / count or 2 / count (a
   double the template gives as that division at every size), a variance's 2 / (count - 1),
   batch norm in training mode (it saves its input transposed), a transposed activation and an
   expanded sum the backward saves as they are (dense layouts in another order of dims, or with
   a stride-0 dim). Batches 8, 16, 32, 5, 64: two compiles, three hits, eager's bits. */
enum {
  LOSS_CE,
  LOSS_MSE,
  LOSS_L1,
  LOSS_BCE,
  LOSS_VAR,
  LOSS_BN,
  LOSS_TRANSPOSED,
  LOSS_EXPANDED,
  NLOSS
};

static st_tensor *batch_loss(int which, st_tensor *z, st_tensor *target) {
  switch (which) {
  case LOSS_CE: return st_cross_entropy(z, target, ST_REDUCTION_MEAN);
  case LOSS_MSE: return st_mse_loss(z, st_zeros_like(z), ST_REDUCTION_MEAN);
  case LOSS_L1: return st_l1_loss(z, st_ones_like(z), ST_REDUCTION_MEAN);
  case LOSS_BCE:
    return st_binary_cross_entropy_with_logits(z, st_ones_like(z), NULL, NULL, ST_REDUCTION_MEAN);
  case LOSS_VAR: return st_var_all(z, 1.0);
  case LOSS_BN:
    return st_sum_all(st_mul(st_batch_norm(z, NULL, NULL, NULL, NULL, true, 0.1, 1e-5), z));
  case LOSS_TRANSPOSED: {
    st_tensor *t = st_transpose(st_tanh(z), 0, 1);
    return st_sum_all(st_mul(t, t));
  }
  default: {
    st_tensor *e = st_expand(st_unsqueeze(st_sum(z, 1, (int[]){0}, false), 0), 2,
                             (int64_t[]){st_size(z, 0), 3});
    return st_sum_all(st_mul(e, st_tanh(z)));
  }
  }
}

TEST(compiled_autograd_mean_losses_and_saved_views_become_symbolic) {
  bool was = st_set_compiled_autograd(false);
  const int64_t batches[] = {8, 16, 32, 5, 64};
  for (int which = 0; which < NLOSS; which++) {
    st_manual_seed(40 + (uint64_t)which);
    st_tensor *w = st_randn(ST_F64, ST_SHAPE(6, 3));
    st_set_requires_grad(w, true);
    st_compile_stats s0 = ca_stats();
    for (int it = 0; it < 5; it++) {
      int64_t b = batches[it];
      st_tensor *x = st_randn(ST_F64, ST_SHAPE(b, 6));
      st_tensor *target = st_remainder(st_arange(ST_I64, 0, (double)b, 1), st_scalar(ST_I64, 3));
      st_tensor *g[2] = {0};
      for (int compiled = 0; compiled < 2; compiled++) {
        st_zero_grad(w);
        bool prev = st_set_compiled_autograd(compiled);
        CHECK(st_backward(batch_loss(which, st_matmul(x, w), target), NULL, false, false) == 0);
        st_set_compiled_autograd(prev);
        g[compiled] = st_clone(st_grad_of(w));
      }
      if (maxdiff(g[0], g[1]) != 0)
        st_test_fail(__FILE__, __LINE__, "loss %d batch %lld: not eager's gradient", which,
                     (long long)b);
    }
    st_compile_stats s = ca_stats();
    if (s.compiles - s0.compiles != 2 || s.cache_hits - s0.cache_hits != 3)
      st_test_fail(__FILE__, __LINE__, "loss %d: %lld compiles, %lld hits (want 2, 3)", which,
                   (long long)(s.compiles - s0.compiles),
                   (long long)(s.cache_hits - s0.cache_hits));
  }
  st_set_compiled_autograd(was);
}

TEST(compiled_autograd_accumulates_into_grad_as_eager_does) {
  bool was = st_set_compiled_autograd(false);
  mlp m = mlp_new(ST_F32, 4, false);
  st_tensor *ge[4] = {0}, *gc[4] = {0};
  /* three backwards without zeroing: the first gradient is stolen, the next ones are added in
     place into the same .grad tensor */
  for (int it = 0; it < 3; it++) CHECK(step(&m, false, 7, ge, it == 0) == 0);
  st_tensor *first = NULL;
  for (int it = 0; it < 3; it++) {
    CHECK(step(&m, true, 7, gc, it == 0) == 0);
    if (it == 0) first = st_grad_of(m.w1);
  }
  CHECK(st_grad_of(m.w1) == first); /* a reference fetched earlier sees the sum */
  for (int i = 0; i < 3; i++) CHECK(maxdiff(ge[i], gc[i]) <= 1e-6);
  st_set_compiled_autograd(was);
}

/* ------------------------------------------------------------------------------ the key */

static st_tensor *poly(st_tensor *x, double c) {
  return st_sum_all(st_mul_scalar(st_sin(st_mul(x, x)), c));
}

TEST(compiled_autograd_key_tells_apart_attributes_shapes_and_strides) {
  bool was = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(3, 4)), *b = st_randn(ST_F64, ST_SHAPE(5, 4));
  st_set_requires_grad(a, true);
  st_set_requires_grad(b, true);
  struct {
    st_tensor *x;
    double c;
    int compiles;
  } cases[] = {
      {a, 2.0, 1},  /* new */
      {a, 2.0, 0},  /* replayed */
      {a, -3.0, 1}, /* another scalar: another backward */
      {b, 2.0, 1},  /* another shape */
      {b, 2.0, 0},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    st_tensor *x = cases[k].x;
    st_zero_grad(x);
    int64_t before = ca_stats().compiles;
    CHECK(st_backward(poly(x, cases[k].c), NULL, false, false) == 0);
    CHECK_EQ_INT(ca_stats().compiles - before, cases[k].compiles);
    /* d/dx c sin(x^2) = 2 c x cos(x^2) */
    st_tensor *want = st_mul_scalar(st_mul(x, st_cos(st_mul(x, x))), 2 * cases[k].c);
    CHECK(maxdiff(st_grad_of(x), want) <= 1e-12);
  }
  /* a transposed (strided) saved value is another layout */
  st_tensor *t = st_randn(ST_F64, ST_SHAPE(4, 3));
  st_set_requires_grad(t, true);
  for (int it = 0; it < 2; it++) {
    st_zero_grad(t);
    int64_t before = ca_stats().compiles;
    st_tensor *y = st_sum_all(st_mul(st_transpose(t, 0, 1), st_detach(a)));
    CHECK(st_backward(y, NULL, false, false) == 0);
    CHECK_EQ_INT(ca_stats().compiles - before, it == 0 ? 1 : 0);
    CHECK(maxdiff(st_grad_of(t), st_transpose(st_detach(a), 0, 1)) == 0);
  }
  CHECK_EQ_INT(ca_stats().fallbacks - s0.fallbacks, 0);
  st_set_compiled_autograd(was);
}

/* the root's gradient is an input: new values replay, a new layout compiles */
TEST(compiled_autograd_reads_each_calls_root_gradients) {
  bool was = st_set_compiled_autograd(true);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(2, 3));
  st_set_requires_grad(x, true);
  for (int it = 0; it < 3; it++) {
    st_zero_grad(x);
    st_tensor *g = st_randn(ST_F64, ST_SHAPE(2, 3));
    if (it == 2) g = st_transpose(st_randn(ST_F64, ST_SHAPE(3, 2)), 0, 1);
    int64_t before = ca_stats().compiles;
    CHECK(st_backward(st_exp(x), g, false, false) == 0);
    CHECK_EQ_INT(ca_stats().compiles - before, it == 1 ? 0 : 1);
    CHECK(maxdiff(st_grad_of(x), st_mul(g, st_exp(st_detach(x)))) <= 1e-14);
  }
  st_set_compiled_autograd(was);
}

/* ------------------------------------------------------------- st_autograd_grad and inputs */

TEST(compiled_autograd_grad_and_backward_with_inputs_match_eager) {
  bool was = st_set_compiled_autograd(false);
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(3)), *b = st_randn(ST_F64, ST_SHAPE(3)),
            *u = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(a, true);
  st_set_requires_grad(b, true);
  st_set_requires_grad(u, true);
  for (int mode = 0; mode < 2; mode++) {
    for (int it = 0; it < 2; it++) {
      st_tensor *res[2][3] = {{0}};
      for (int c = 0; c < 2; c++) {
        st_set_compiled_autograd(c == 1);
        st_tensor *h = st_mul(st_sin(a), b);
        st_tensor *y = st_sum_all(st_add(st_mul(h, h), st_exp(b)));
        if (mode == 0) { /* grads of a, b and an unused u, materialized */
          st_grad_opts o = {.allow_unused = true, .materialize_grads = true};
          CHECK(st_autograd_grad(1, &y, NULL, 3, (st_tensor *[]){a, h, u}, res[c], &o) == 0);
        } else { /* backward into b only */
          st_zero_grad(a);
          st_zero_grad(b);
          st_backward_opts o = {.ninputs = 1, .inputs = (st_tensor *[]){b}};
          CHECK(st_backward_ex(1, &y, NULL, &o) == 0);
          CHECK(st_grad_of(a) == NULL);
          res[c][0] = st_clone(st_grad_of(b));
        }
        st_set_compiled_autograd(false);
      }
      for (int i = 0; i < 3; i++) CHECK(maxdiff(res[0][i], res[1][i]) <= 1e-13);
    }
  }
  st_set_compiled_autograd(true);
  st_compile_stats s = ca_stats();
  CHECK(s.cache_hits >= 2);
  st_set_compiled_autograd(was);
}

/* -------------------------------------------------------------------- eager's errors */

TEST(compiled_autograd_frees_saved_values_and_reports_eagers_errors) {
  bool was = st_set_compiled_autograd(true);
  st_tensor *x = st_randn(ST_F32, ST_SHAPE(4));
  st_set_requires_grad(x, true);
  for (int it = 0; it < 2; it++) { /* compiled, then replayed */
    st_tensor *y = st_sum_all(st_exp(st_mul(x, x)));
    CHECK(st_backward(y, NULL, true, false) == 0); /* retain_graph: a second one works */
    CHECK(st_backward(y, NULL, false, false) == 0);
    CHECK_FAILS(st_backward(y, NULL, false, false), ST_ERR_AUTOGRAD, "freed");
  }
  /* a saved value written in place between forward and backward */
  for (int it = 0; it < 2; it++) {
    st_tensor *h = st_mul_scalar(x, 2);
    st_tensor *y = st_sum_all(st_mul(h, h));
    st_mul_scalar_(h, 3);
    CHECK_FAILS(st_backward(y, NULL, false, false), ST_ERR_INPLACE, "modified by an inplace");
  }
  st_set_compiled_autograd(was);
}

/* A leaf's .grad that the forward saved (found by an outside probe): eager adds into it in place
   when the leaf accumulates, before the node that saved it runs, and that node fails with the
   version error; compiled autograd accumulated after its graph and returned b.grad from the old
   value. Such a backward runs eagerly (a fallback), with eager's error. */
TEST(compiled_autograd_a_saved_grad_the_backward_adds_into_gives_eagers_error) {
  bool was = st_set_compiled_autograd(true);
  st_tensor *a = st_full(ST_F64, ST_SHAPE(3), 2.0), *b = st_full(ST_F64, ST_SHAPE(3), 3.0);
  st_tensor *c = st_full(ST_F64, ST_SHAPE(3), 5.0);
  st_set_requires_grad(a, true);
  st_set_requires_grad(b, true);
  st_compile_stats s0 = ca_stats();
  for (int it = 0; it < 2; it++) {
    CHECK(st_backward(st_sum_all(st_mul(a, c)), NULL, false, false) == 0); /* a.grad = 5 */
    st_tensor *m1 = st_sum_all(st_mul(b, st_grad_of(a))); /* its MulBackward saves a.grad */
    st_tensor *m2 = st_sum_all(st_mul(a, c));             /* later, so its node runs first */
    CHECK_FAILS(st_backward(st_add(m1, m2), NULL, false, false), ST_ERR_INPLACE,
                "saved by MulBackward (saved value 1)");
    CHECK(st_grad_of(b) == NULL);
    st_zero_grad(a);
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.calls - s0.calls, 4);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 2);
  st_set_compiled_autograd(was);
}

/* A backward that fails at a replay (a hook's error) or on every call (an unused input without
   allow_unused) counts as a fallback, as one that fails at its capture does (found by an outside
   probe: they counted as cache hits). */
static int fail_hook(void *user, st_tensor *grad, st_tensor **replace) {
  (void)grad, (void)replace;
  return *(const bool *)user ? st_hook_error(ST_ERR_ARG, "the hook fails") : 0;
}

TEST(compiled_autograd_a_failing_backward_counts_as_a_fallback) {
  bool was = st_set_compiled_autograd(true), fail = false;
  st_tensor *w = st_ones(ST_F64, ST_SHAPE(3)), *z = st_ones(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(w, true);
  st_set_requires_grad(z, true);
  st_compile_stats s0 = ca_stats();
  for (int it = 0; it < 4; it++) {
    fail = it == 2;
    st_tensor *h = st_mul(w, w);
    st_tensor_register_hook(h, fail_hook, &fail);
    int rc = st_backward(st_sum_all(st_exp(h)), NULL, false, false);
    CHECK_EQ_INT(rc, fail ? ST_ERR_ARG : 0);
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.compiles - s0.compiles, 1);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 2);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 1);
  for (int it = 0; it < 2; it++) {
    st_tensor *y = st_sum_all(st_exp(w)), *g = NULL;
    CHECK_FAILS(st_autograd_grad(1, &y, NULL, 1, &z, &g, NULL), ST_ERR_AUTOGRAD, "allow_unused");
  }
  st_compile_stats s2 = ca_stats();
  CHECK_EQ_INT(s2.fallbacks - s.fallbacks, 2);
  CHECK_EQ_INT(s2.calls - s2.compiles - s2.cache_hits - s2.fallbacks,
               s0.calls - s0.compiles - s0.cache_hits - s0.fallbacks);
  st_set_compiled_autograd(was);
}

/* an in-place op on a view: CopySlices, replayed */
TEST(compiled_autograd_replays_in_place_ops_on_views) {
  bool was = st_set_compiled_autograd(false);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4, 3)), *w = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(x, true);
  st_set_requires_grad(w, true);
  st_tensor *want[2] = {0};
  for (int c = 0; c < 3; c++) {
    st_set_compiled_autograd(c > 0);
    st_zero_grad(x);
    st_zero_grad(w);
    st_tensor *h = st_mul_scalar(x, 1.0);
    st_tensor *row = st_slice(h, 0, 1, 3, 1);
    CHECK(st_mul_(row, w) == 0);
    CHECK(st_backward(st_sum_all(st_mul(h, h)), NULL, false, false) == 0);
    if (c == 0) {
      want[0] = st_clone(st_grad_of(x));
      want[1] = st_clone(st_grad_of(w));
    } else {
      CHECK(maxdiff(st_grad_of(x), want[0]) <= 1e-13);
      CHECK(maxdiff(st_grad_of(w), want[1]) <= 1e-13);
    }
  }
  st_compile_stats s = ca_stats();
  CHECK(s.cache_hits >= 1);
  st_set_compiled_autograd(was);
}

/* -------------------------------------------------------------------------- fallbacks */

TEST(compiled_autograd_runs_create_graph_backwards_eagerly) {
  bool was = st_set_compiled_autograd(true);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(x, true);
  int64_t fb = ca_stats().fallbacks;
  /* create_graph: the gradient has history, so a second derivative works */
  st_tensor *g = NULL;
  st_grad_opts o = {.create_graph = true};
  CHECK(st_autograd_grad(1, (st_tensor *[]){st_sum_all(st_sin(x))}, NULL, 1, &x, &g, &o) == 0);
  CHECK(st_requires_grad(g));
  CHECK(st_backward(st_sum_all(g), NULL, false, false) == 0);
  CHECK(maxdiff(st_grad_of(x), st_neg(st_sin(st_detach(x)))) <= 1e-14);
  CHECK_EQ_INT(ca_stats().fallbacks - fb, 1);
  st_set_compiled_autograd(was);
}

/* ------------------------------------------------------------------ hooks inside the graph */

/* What the hooks saw, in the order they ran: an id and the sum of the gradient (NAN: none). */
typedef struct {
  int n;
  int id[32];
  double v[32];
} hook_log;

static hook_log hlog;
static st_tensor *kept[8]; /* gradients a hook kept (strong) */
static int nkept;
static int bad_hooks; /* 1: a hook returns a gradient of another shape; 2: a hook fails */

static void note(int id, st_tensor *g) {
  if (hlog.n == 32) return;
  hlog.id[hlog.n] = id;
  hlog.v[hlog.n++] = g ? st_item(st_sum_all(g)) : NAN; /* a host read inside a hook */
}

static int twice(void *user, st_tensor *grad, st_tensor **replace) {
  (void)user;
  note(1, grad);
  if (bad_hooks == 2) return ST_ERR_ARG;
  *replace = bad_hooks == 1 ? st_sum_all(grad) : st_mul_scalar(grad, 2);
  return *replace ? 0 : st_last_status();
}

static int keep(void *user, st_tensor *grad, st_tensor **replace) {
  (void)user, (void)replace;
  note(4, grad);
  if (nkept < 8) kept[nkept++] = st_retain(grad);
  return 0;
}

static int shift_pre(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)user, (void)n;
  for (int j = 0; j < nout; j++) {
    note(20 + j, g[j]);
    if (g[j] && !(replace[j] = st_add_scalar(g[j], 0.5))) return st_last_status();
  }
  return 0;
}

static int watch_post(void *user, st_node *n, int nin, st_tensor *const *gin, int nout,
                      st_tensor *const *gout) {
  (void)user, (void)n;
  for (int i = 0; i < nin; i++) note(30 + i, gin[i]);
  for (int j = 0; j < nout; j++) note(40 + j, gout[j]);
  return 0;
}

typedef struct {
  st_tensor *x, *w;
  st_tensor *gx, *gw, *gh; /* the gradients of a run (clones) */
  hook_log log;
  int rc, status; /* st_backward's, and st_last_status right after it */
  bool message;   /* st_last_error was not empty */
} hooked_run;

/* loss = sum(sigmoid(h * h)), h = tanh(x w): a tensor hook and retains-grad on h, node pre- and
   post-hooks on mul's node, a hook that keeps its argument on the sigmoid's output. */
static void run_hooked(hooked_run *r, bool compiled) {
  st_zero_grad(r->x);
  st_zero_grad(r->w);
  hlog.n = 0;
  bool prev = st_set_compiled_autograd(compiled);
  st_tensor *h = st_tanh(st_matmul(r->x, r->w));
  st_tensor_register_hook(h, twice, NULL);
  CHECK(st_retain_grad(h) == 0);
  st_tensor *z = st_mul(h, h);
  st_node_register_prehook(st_grad_fn(z), shift_pre, NULL);
  st_node_register_hook(st_grad_fn(z), watch_post, NULL);
  st_tensor *y = st_sigmoid(z);
  st_tensor_register_hook(y, keep, NULL);
  r->rc = st_backward(st_sum_all(y), NULL, false, false);
  r->status = st_last_status();
  r->message = st_last_error()[0] != 0;
  st_set_compiled_autograd(prev);
  r->log = hlog;
  r->gx = st_grad_of(r->x) ? st_clone(st_grad_of(r->x)) : NULL;
  r->gw = st_grad_of(r->w) ? st_clone(st_grad_of(r->w)) : NULL;
  r->gh = st_grad_of(h) ? st_clone(st_grad_of(h)) : NULL;
}

static void check_same_run(const hooked_run *a, const hooked_run *b) {
  CHECK_EQ_INT(a->rc, b->rc);
  CHECK(maxdiff(a->gx, b->gx) <= 1e-13);
  CHECK(maxdiff(a->gw, b->gw) <= 1e-13);
  CHECK(maxdiff(a->gh, b->gh) <= 1e-13);
  CHECK_EQ_INT(a->log.n, b->log.n);
  for (int i = 0; i < a->log.n && i < b->log.n; i++) {
    CHECK_EQ_INT(a->log.id[i], b->log.id[i]);
    CHECK((isnan(a->log.v[i]) && isnan(b->log.v[i])) ||
          fabs(a->log.v[i] - b->log.v[i]) <= 1e-12 * (1 + fabs(a->log.v[i])));
  }
}

static void release_kept(void) {
  for (int i = 0; i < nkept; i++) {
    st_release(kept[i]);
    kept[i] = NULL;
  }
  nkept = 0;
}

/* PyTorch's compiled autograd keeps hooks as calls in the graph (#103822): the replay runs them
   in eager's order, on the gradients eager gives them, with what they return */
TEST(compiled_autograd_runs_non_leaf_and_node_hooks_inside_the_graph) {
  hooked_run eager = {.x = st_randn(ST_F64, ST_SHAPE(3, 4)), .w = st_randn(ST_F64, ST_SHAPE(4, 5))};
  st_set_requires_grad(eager.x, true);
  st_set_requires_grad(eager.w, true);
  run_hooked(&eager, false);
  CHECK_EQ_INT(eager.rc, 0);
  /* twice, keep, the pre-hook's two slots... mul's post-hook sees 2 results and 1 gradient */
  CHECK_EQ_INT(eager.log.n, 6);
  st_compile_stats s0 = ca_stats();
  double seen[3];
  for (int it = 0; it < 3; it++) {
    hooked_run r = eager;
    run_hooked(&r, true);
    check_same_run(&eager, &r);
    seen[it] = NAN;
    for (int i = 0; i < r.log.n; i++)
      if (r.log.id[i] == 4) seen[it] = r.log.v[i];
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.compiles - s0.compiles, 1);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 2);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 0);
  /* what a hook kept is its own: later replays do not write it */
  CHECK_EQ_INT(nkept, 4);
  for (int it = 0; it < 3 && nkept == 4; it++)
    CHECK_NEAR(st_item(st_sum_all(kept[1 + it])), seen[it], 1e-12);
  release_kept();
}

/* A node post-hook that scales the node's results in place: what flows on is what it left, on
   replays as in eager (the hook's copies are copied back). */
static int scale_results(void *user, st_node *n, int nin, st_tensor *const *gin, int nout,
                         st_tensor *const *gout) {
  (void)n, (void)nout, (void)gout;
  double f = *(const double *)user;
  for (int i = 0; i < nin; i++)
    if (gin[i] && st_mul_scalar_(gin[i], f)) return st_last_status();
  return 0;
}

TEST(compiled_autograd_post_hooks_change_results_in_place) {
  st_tensor *want = NULL;
  double factor = 10;
  st_compile_stats s0 = ca_stats();
  for (int run = 0; run < 4; run++) {
    st_scope_push();
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, 1});
    st_set_requires_grad(x, true);
    st_tensor *h = st_sin(st_mul_scalar(x, 3));
    CHECK(st_node_register_hook(st_grad_fn(h), scale_results, &factor) >= 0);
    bool prev = st_set_compiled_autograd(run > 0);
    CHECK_EQ_INT(st_backward(st_sum_all(st_mul(h, h)), NULL, false, false), 0);
    st_set_compiled_autograd(prev);
    st_tensor *g = st_grad_of(x);
    if (run == 0) {
      /* d/dx sum(sin(3x)^2) = 3 sin(6x), times the hook's 10 */
      CHECK_NEAR(st_item(st_select(g, 0, 0)), 30 * sin(3.0), 1e-12);
      CHECK_NEAR(st_item(st_select(g, 0, 1)), 30 * sin(6.0), 1e-12);
      want = st_clone(g);
      st_keep(want);
    } else {
      CHECK(maxdiff(g, want) == 0);
    }
    st_scope_pop();
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.compiles - s0.compiles, 1);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 2);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 0);
  st_release(want);
}

/* A backward whose capture fails (a hook fails) ran eagerly: a fallback, no compile; each
   backward is one of compiled, served by the cache or run eagerly. */
static int refuse_grad(void *user, st_tensor *grad, st_tensor **replace) {
  (void)grad, (void)replace;
  return *(bool *)user ? st_hook_error(ST_ERR_ARG, "refused") : 0;
}

TEST(compiled_autograd_counts_every_backward_once) {
  bool refuse = true;
  st_compile_stats s0 = ca_stats();
  for (int run = 0; run < 3; run++) {
    st_scope_push();
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
    st_set_requires_grad(x, true);
    st_tensor *h = st_exp(st_mul_scalar(x, 1.5));
    CHECK(st_tensor_register_hook(h, refuse_grad, &refuse) >= 0);
    bool prev = st_set_compiled_autograd(true);
    int rc = st_backward(st_sum_all(st_mul(h, h)), NULL, false, false);
    st_set_compiled_autograd(prev);
    CHECK(run == 0 ? rc == ST_ERR_ARG : rc == 0);
    refuse = false;
    st_scope_pop();
  }
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.calls - s0.calls, 3);
  CHECK_EQ_INT(s.compiles - s0.compiles, 1); /* the second backward */
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 1);
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 1); /* the failed capture */
}

/* a hook that behaves otherwise at a replay than at the capture: eager's outcome where it can
   be had, else a clear error; the .grad untouched and the next backward right */
TEST(compiled_autograd_hooks_that_change_or_fail_give_clean_errors) {
  hooked_run eager = {.x = st_randn(ST_F64, ST_SHAPE(2, 3)), .w = st_randn(ST_F64, ST_SHAPE(3, 2))};
  st_set_requires_grad(eager.x, true);
  st_set_requires_grad(eager.w, true);
  run_hooked(&eager, false);
  hooked_run r = eager;
  run_hooked(&r, true); /* the capture */
  check_same_run(&eager, &r);
  for (bad_hooks = 1; bad_hooks <= 2; bad_hooks++) {
    /* eager: the shape check of the hook's result, or the hook's own failure */
    hooked_run e2 = eager;
    run_hooked(&e2, false);
    CHECK_EQ_INT(e2.rc, bad_hooks == 1 ? ST_ERR_SHAPE : ST_ERR_ARG);
    CHECK(e2.message);
    CHECK(!e2.gx && !e2.gw); /* the hook runs before any leaf's accumulation */
    /* a replay: the same status, a message, and no .grad */
    st_compile_stats s0 = ca_stats();
    hooked_run c2 = eager;
    run_hooked(&c2, true);
    CHECK_EQ_INT(c2.rc, e2.rc);
    CHECK_EQ_INT(c2.status, e2.rc);
    CHECK(c2.message);
    /* the replay ran and failed: a fallback, as strata.h counts a backward a hook fails */
    CHECK_EQ_INT(ca_stats().cache_hits - s0.cache_hits, 0);
    CHECK_EQ_INT(ca_stats().fallbacks - s0.fallbacks, 1);
    CHECK(!c2.gx && !c2.gw);
    st_clear_error();
  }
  bad_hooks = 0;
  hooked_run again = eager;
  run_hooked(&again, true);
  check_same_run(&eager, &again);
  release_kept();
}

/* the key holds which kinds of hooks a node has: removing one compiles again */
TEST(compiled_autograd_key_tells_apart_which_hooks_a_node_has) {
  bool was = st_set_compiled_autograd(true);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4));
  st_set_requires_grad(x, true);
  int64_t compiles = ca_stats().compiles;
  for (int it = 0; it < 4; it++) {
    st_zero_grad(x);
    hlog.n = 0;
    st_tensor *h = st_sin(x);
    if (it < 2) st_tensor_register_hook(h, twice, NULL);
    CHECK(st_backward(st_sum_all(h), NULL, false, false) == 0);
    CHECK(maxdiff(st_grad_of(x), st_mul_scalar(st_cos(st_detach(x)), it < 2 ? 2 : 1)) <= 1e-14);
    CHECK_EQ_INT(hlog.n, it < 2 ? 1 : 0);
  }
  CHECK_EQ_INT(ca_stats().compiles - compiles, 2);
  st_set_compiled_autograd(was);
}

/* notes w's .grad (NAN: none yet) */
static int reads_w_grad(void *user, st_tensor *grad, st_tensor **replace) {
  (void)grad, (void)replace;
  note(60, st_grad_of(user));
  return 0;
}

static int leaf_seen(void *user, st_tensor *t) {
  (void)user;
  note(70, st_grad_of(t));
  return 0;
}

static int leaf_twice(void *user, st_tensor *grad, st_tensor **replace) {
  (void)user;
  note(50, grad);
  *replace = st_mul_scalar(grad, 2);
  return *replace ? 0 : st_last_status();
}

/* a node pre-hook sees NULL for an output no gradient reaches (eigh's eigenvectors); with hooks
   on other nodes the leaves accumulate inside the graph, so their hooks, the others' and what
   they see of .grad keep eager's order */
TEST(compiled_autograd_hooks_see_undefined_gradients_and_keep_eagers_order_with_leaves) {
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(4, 4));
  a = st_add(a, st_transpose(a, 0, 1));
  st_set_requires_grad(a, true);
  hook_log logs[3];
  st_tensor *grads[3];
  for (int it = 0; it < 3; it++) {
    st_zero_grad(a);
    hlog.n = 0;
    bool prev = st_set_compiled_autograd(it > 0);
    st_tensor *vals = NULL, *vecs = NULL;
    CHECK(st_linalg_eigh(a, &vals, &vecs) == 0);
    st_node_register_prehook(st_grad_fn(vals), shift_pre, NULL);
    CHECK(st_backward(st_sum_all(st_mul(vals, vals)), NULL, false, false) == 0);
    st_set_compiled_autograd(prev);
    logs[it] = hlog;
    grads[it] = st_clone(st_grad_of(a));
  }
  CHECK_EQ_INT(logs[0].n, 2);
  CHECK(isnan(logs[0].v[1])); /* eigenvectors: none */
  for (int it = 1; it < 3; it++) {
    CHECK(maxdiff(grads[it], grads[0]) <= 1e-12);
    CHECK_EQ_INT(logs[it].n, 2);
    CHECK_NEAR(logs[it].v[0], logs[0].v[0], 1e-12);
    CHECK(isnan(logs[it].v[1]));
  }
  /* a leaf's hooks, a non-leaf's hook that reads another leaf's .grad, and a post-accumulate
     hook: loss = sum(exp(x)) + sum(w * w), where w's accumulation runs first */
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *w = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(x, true);
  st_set_requires_grad(w, true);
  st_tensor_register_hook(x, leaf_twice, NULL);
  st_tensor_register_post_accumulate_grad_hook(x, leaf_seen, NULL);
  hook_log want = {0};
  st_tensor *gx[3] = {0};
  int64_t fb = ca_stats().fallbacks, hits = ca_stats().cache_hits;
  for (int it = 0; it < 3; it++) {
    st_zero_grad(x);
    st_zero_grad(w);
    hlog.n = 0;
    bool prev = st_set_compiled_autograd(it > 0);
    st_tensor *h = st_exp(x);
    st_tensor_register_hook(h, reads_w_grad, w);
    st_tensor *loss = st_add(st_sum_all(st_mul(w, w)), st_sum_all(h));
    CHECK(st_backward(loss, NULL, false, false) == 0);
    st_set_compiled_autograd(prev);
    gx[it] = st_clone(st_grad_of(x));
    if (it == 0) want = hlog;
    CHECK_EQ_INT(hlog.n, want.n);
    for (int i = 0; i < hlog.n && i < want.n; i++) {
      CHECK_EQ_INT(hlog.id[i], want.id[i]);
      CHECK_NEAR(hlog.v[i], want.v[i], 1e-12);
    }
  }
  CHECK_EQ_INT(want.n, 3); /* h's hook (w.grad already there), x's hook, x's post hook */
  CHECK_EQ_INT(want.id[0], 60);
  CHECK_EQ_INT(want.id[1], 50);
  CHECK_EQ_INT(want.id[2], 70);
  CHECK_EQ_INT(ca_stats().fallbacks - fb, 0);
  CHECK_EQ_INT(ca_stats().cache_hits - hits, 1);
  for (int it = 1; it < 3; it++) CHECK(maxdiff(gx[it], gx[0]) <= 1e-13);
}

typedef struct {
  int pre, post;
  double seen; /* .grad's first element when the post-accumulate hook ran */
} leaf_log;

static int leaf_pre(void *user, st_tensor *grad, st_tensor **replace) {
  ((leaf_log *)user)->pre++;
  *replace = st_mul_scalar(grad, 3);
  return *replace ? 0 : -1;
}

static int leaf_post(void *user, st_tensor *t) {
  leaf_log *l = user;
  l->post++;
  l->seen = st_item(st_slice(st_grad_of(t), 0, 0, 1, 1));
  return 0;
}

/* a leaf's hooks run with its accumulation, after the compiled graph: replayed, not eager */
TEST(compiled_autograd_runs_leaf_hooks_around_the_accumulation) {
  bool was = st_set_compiled_autograd(true);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(x, true);
  leaf_log log = {0};
  int64_t h1 = st_tensor_register_hook(x, leaf_pre, &log);
  int64_t h2 = st_tensor_register_post_accumulate_grad_hook(x, leaf_post, &log);
  st_compile_stats s0 = ca_stats();
  for (int it = 0; it < 3; it++) {
    CHECK(st_backward(st_sum_all(st_mul(x, x)), NULL, false, false) == 0);
    /* .grad = sum over the iterations of 3 * 2x */
    CHECK(maxdiff(st_grad_of(x), st_mul_scalar(st_detach(x), 6.0 * (it + 1))) <= 1e-13);
    CHECK_NEAR(log.seen, 6.0 * (it + 1) * st_item(st_slice(st_detach(x), 0, 0, 1, 1)), 1e-12);
  }
  CHECK_EQ_INT(log.pre, 3);
  CHECK_EQ_INT(log.post, 3);
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.fallbacks - s0.fallbacks, 0);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 2);
  st_remove_hook(h1);
  st_remove_hook(h2);
  st_set_compiled_autograd(was);
}

/* An optimizer step in a post-accumulate-grad hook (p -= 0.1 p.grad, "optimizer in backward")
   while a node that runs after p's accumulation saved p (through a detached view, which shares
   its version): eager and PyTorch refuse the backward at that node's unpack; so do the capture
   and the replays (before, compiled autograd accumulated leaves after the graph, or checked
   versions only before it, and gave x.grad from the old p). When the hook writes a tensor no
   later node saved (q), the backward runs compiled, with eager's values. */
static int sgd_step(void *user, st_tensor *p) {
  (void)user;
  bool prev = st_set_grad_enabled(false);
  int rc = st_sub_(p, st_mul_scalar(st_grad_of(p), 0.1));
  st_set_grad_enabled(prev);
  return rc;
}

static int hooked_step(bool compiled, int which, double *gx) {
  st_scope_push();
  st_tensor *p = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, -1, 2});
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.2, 0.4, -0.6});
  st_set_requires_grad(p, true);
  st_set_requires_grad(x, true);
  st_tensor_register_post_accumulate_grad_hook(p, sgd_step, NULL);
  st_tensor *saved = which ? st_detach(st_mul_scalar(p, 1.0)) : st_detach(p);
  st_tensor *s1 = st_sum_all(st_mul(x, saved)); /* made first: its node runs after p's */
  st_tensor *s2 = st_sum_all(st_mul(p, p));
  st_tensor *l = st_add(s1, s2);
  bool prev = st_set_compiled_autograd(compiled);
  int rc = st_backward(l, NULL, false, false);
  /* eager's message, word for word (compiled autograd's named no saved value before) */
  if (rc && !strstr(st_last_error(), "[f64 [3]] is at version 1; expected version 0 instead. It "
                                     "was saved by MulBackward (saved value 1)."))
    rc = -100;
  st_set_compiled_autograd(prev);
  if (!rc) rc = st_to_f64(st_grad_of(x), gx, 3);
  st_scope_pop(); /* clears the error */
  return rc;
}

TEST(compiled_autograd_a_hook_writing_a_value_a_later_node_saved_is_eagers_error) {
  double ge[3], gc[3];
  CHECK_EQ_INT(hooked_step(false, 0, ge), ST_ERR_INPLACE);
  for (int it = 0; it < 3; it++) CHECK_EQ_INT(hooked_step(true, 0, gc), ST_ERR_INPLACE);
  st_compile_stats s0 = ca_stats();
  CHECK(hooked_step(false, 1, ge) == 0);
  for (int it = 0; it < 3; it++) {
    CHECK(hooked_step(true, 1, gc) == 0);
    for (int i = 0; i < 3; i++) CHECK_NEAR(gc[i], ge[i], 0);
  }
  CHECK_NEAR(ge[0], 0.5, 0); /* the old p: its copy was saved */
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.compiles - s0.compiles, 1);
  CHECK_EQ_INT(s.cache_hits - s0.cache_hits, 2);
}

/* A backward run from a hook while compiled autograd captures the outer one runs eagerly and
   counts (a call and a fallback: calls = compiles + hits + fallbacks); before, it was not
   counted at all, while the same backward from a replay's hook was. */
static int nested_backward(void *user, st_tensor *p) {
  (void)p;
  st_tensor *z = st_full(ST_F64, ST_SHAPE(2), 0.5);
  st_set_requires_grad(z, true);
  bool prev = st_set_grad_enabled(true);
  int rc = st_backward(st_sum_all(st_exp(z)), NULL, false, false);
  st_set_grad_enabled(prev);
  if (!rc) *(double *)user += st_item(st_sum_all(st_grad_of(z)));
  return rc;
}

TEST(compiled_autograd_counts_a_backward_run_from_a_hook_during_a_capture) {
  bool was = st_set_compiled_autograd(true);
  st_compile_stats s0 = ca_stats();
  double seen = 0;
  for (int it = 0; it < 3; it++) {
    st_tensor *a = st_full(ST_F64, ST_SHAPE(3), 0.25);
    st_set_requires_grad(a, true);
    st_tensor_register_post_accumulate_grad_hook(a, nested_backward, &seen);
    CHECK(st_backward(st_sum_all(st_sin(a)), NULL, false, false) == 0);
  }
  CHECK_NEAR(seen, 3 * 2 * exp(0.5), 1e-12);
  st_compile_stats s = ca_stats();
  CHECK_EQ_INT(s.calls - s0.calls, 6); /* 3 outer, 3 nested */
  CHECK_EQ_INT(s.calls - s0.calls, (s.compiles - s0.compiles) + (s.cache_hits - s0.cache_hits) +
                                       (s.fallbacks - s0.fallbacks));
  CHECK(s.fallbacks - s0.fallbacks >= 1); /* the nested one inside the capture */
  st_set_compiled_autograd(was);
}

/* ---------------------------------------------------------------------------- threads */

typedef struct {
  st_tensor *w;
  st_tensor *grad;
  int rc;
  st_compile_stats stats; /* the thread's own */
} worker;

static void *ca_worker(void *p) {
  worker *wk = p;
  st_compile_stats s0;
  st_compiled_autograd_get_stats(&s0);
  st_set_compiled_autograd(true);
  st_scope_push();
  st_tensor *x = st_detach(wk->w); /* a leaf of its own, same values */
  st_set_requires_grad(x, true);
  for (int it = 0; it < 20 && !wk->rc; it++) {
    st_zero_grad(x);
    wk->rc = st_backward(st_sum_all(st_tanh(st_matmul(x, x))), NULL, false, false);
  }
  wk->grad = st_clone(st_grad_of(x));
  st_keep(wk->grad);
  st_scope_pop();
  st_set_compiled_autograd(false);
  st_compiled_autograd_get_stats(&wk->stats);
  wk->stats.calls -= s0.calls, wk->stats.compiles -= s0.compiles;
  wk->stats.cache_hits -= s0.cache_hits, wk->stats.fallbacks -= s0.fallbacks;
  return NULL;
}

TEST(compiled_autograd_threads_share_the_cache) {
  st_tensor *w = st_randn(ST_F64, ST_SHAPE(6, 6));
  worker wk[3] = {{.w = w}, {.w = w}, {.w = w}};
  pthread_t th[3];
  for (int k = 0; k < 3; k++) CHECK(pthread_create(&th[k], NULL, ca_worker, &wk[k]) == 0);
  for (int k = 0; k < 3; k++) pthread_join(th[k], NULL);
  st_tensor *x = st_detach(w);
  st_set_requires_grad(x, true);
  CHECK(st_backward(st_sum_all(st_tanh(st_matmul(x, x))), NULL, false, false) == 0);
  for (int k = 0; k < 3; k++) {
    CHECK_EQ_INT(wk[k].rc, 0);
    CHECK(maxdiff(wk[k].grad, st_grad_of(x)) <= 1e-13);
    st_release(wk[k].grad);
    /* each backward is one of: compiled, served by the cache, run eagerly (another thread
       replaying the same graph included) */
    const st_compile_stats *t = &wk[k].stats;
    CHECK_EQ_INT(t->calls, 20);
    CHECK_EQ_INT(t->calls, t->compiles + t->cache_hits + t->fallbacks);
  }
}

/* PyTorch's usage turns it on around each backward: the cache outlives turning it off */
TEST(compiled_autograd_keeps_its_cache_when_turned_off) {
  bool was = st_set_compiled_autograd(false);
  CHECK(st_set_compiled_autograd(true) == false);
  CHECK(st_set_compiled_autograd(true) == true);
  st_set_compiled_autograd(false);
  st_tensor *x = st_randn(ST_F32, ST_SHAPE(5));
  st_set_requires_grad(x, true);
  int64_t compiles = ca_stats().compiles, hits = ca_stats().cache_hits;
  for (int it = 0; it < 3; it++) {
    st_set_compiled_autograd(true);
    CHECK(st_backward(st_sum_all(st_mul(st_sin(x), x)), NULL, false, false) == 0);
    st_set_compiled_autograd(false);
  }
  CHECK_EQ_INT(ca_stats().compiles - compiles, 1);
  CHECK_EQ_INT(ca_stats().cache_hits - hits, 2);
  /* with it off nothing is counted */
  CHECK(st_backward(st_sum_all(st_mul(st_sin(x), x)), NULL, false, false) == 0);
  CHECK_EQ_INT(ca_stats().cache_hits - hits, 2);
  CHECK(st_compiled_autograd_get_stats(NULL) == ST_ERR_ARG);
  st_set_compiled_autograd(was);
}

/* ------------------------------------------------------------------ saved values' lifetime */

static int64_t live_seen;
static int see_live(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)user, (void)n, (void)nout, (void)g, (void)replace;
  live_seen = st_live_objects();
  return 0;
}

/* sum(tanh^16(x)), whose activations only the graph's nodes hold; the hook sees how many objects
   live when the last node (the first tanh's) is about to run */
static st_tensor *tanh_chain(st_tensor *x) {
  st_scope_push();
  st_tensor *h = st_tanh(x);
  st_node_register_prehook(st_grad_fn(h), see_live, NULL);
  for (int k = 0; k < 15; k++) h = st_tanh(h);
  st_tensor *loss = st_sum_all(h);
  st_keep(loss);
  st_scope_pop();
  return loss;
}

/* the boxed calling convention (#103822): without retain_graph a replay frees each saved value
   after the last step that reads it, as eager frees a node's saved values after it runs */
TEST(compiled_autograd_frees_each_saved_value_after_its_last_use) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(64));
  st_set_requires_grad(x, true);
  int64_t seen[3];
  for (int it = 0; it < 3; it++) { /* the capture, then two replays */
    bool prev = st_set_compiled_autograd(true);
    st_tensor *loss = tanh_chain(x);
    CHECK(st_backward(loss, NULL, false, false) == 0);
    st_release(loss); /* and its graph */
    st_set_compiled_autograd(prev);
    seen[it] = live_seen;
  }
  /* retain_graph: the replay leaves the saved values to the nodes */
  bool prev = st_set_compiled_autograd(true);
  int64_t hits = ca_stats().cache_hits;
  st_tensor *loss = tanh_chain(x);
  CHECK(st_backward(loss, NULL, true, false) == 0);
  st_release(loss);
  CHECK_EQ_INT(ca_stats().cache_hits - hits, 1);
  st_set_compiled_autograd(prev);
  int64_t retained = live_seen;
  st_tensor *g_compiled = st_clone(st_grad_of(x));
  st_zero_grad(x);
  loss = tanh_chain(x);
  CHECK(st_backward(loss, NULL, false, false) == 0); /* eager, the same cache around */
  st_release(loss);
  int64_t eager = live_seen;
  /* eager has freed 15 activations by then (a tensor and a storage each); so has a replay,
     give or take the hook's copy of its gradient */
  CHECK(seen[1] <= eager + 4);
  CHECK(seen[2] <= eager + 4);
  CHECK(retained >= eager + 30);
  CHECK(maxdiff(st_mul_scalar(st_grad_of(x), 4), g_compiled) <= 1e-12);
}
