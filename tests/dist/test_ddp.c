/* test_ddp.c — data-parallel training: DDP on shards equals single-process training on the full
   batch (f64, 1e-10) for several bucket sizes, with and without the progress thread; rank 0's
   values broadcast; unused parameters; no_sync accumulation; a failing rank; bad input;
   priorities. */
#include <math.h>
#include <stdlib.h>

#include "strata_dist.h"
#include "test.h"

enum { NPARAM = 4, BATCH = 6 }; /* BATCH splits into 1, 2 or 3 equal shards */

static int rank_(void) { return st_dist_rank(); }
static int size_(void) { return st_dist_world_size(); }

/* w1 [4, 3], b1 [4], w2 [2, 4], b2 [2]: the same values on every rank, plus offset. */
static void make_params(st_tensor **p, double offset) {
  st_manual_seed(42);
  const int64_t shapes[NPARAM][2] = {{4, 3}, {4, 0}, {2, 4}, {2, 0}};
  for (int i = 0; i < NPARAM; i++) {
    int nd = shapes[i][1] ? 2 : 1;
    p[i] = st_add_scalar(st_mul_scalar(st_randn(ST_F64, nd, shapes[i]), 0.5), offset);
    st_set_requires_grad(p[i], true);
  }
}

static st_tensor *inputs(void) {
  return st_reshape(st_sin(st_arange(ST_F64, 0, BATCH * 3, 1)), ST_SHAPE(BATCH, 3));
}
static st_tensor *targets(void) {
  return st_reshape(st_cos(st_arange(ST_F64, 0, BATCH * 2, 1)), ST_SHAPE(BATCH, 2));
}

/* mean squared error of a 2-layer tanh MLP on rows [from, to) */
static st_tensor *loss_on(st_tensor *const *p, int64_t from, int64_t to) {
  st_tensor *x = st_slice(inputs(), 0, from, to, 1), *y = st_slice(targets(), 0, from, to, 1);
  st_tensor *h = st_tanh(st_linear(x, p[0], p[1]));
  st_tensor *e = st_sub(st_linear(h, p[2], p[3]), y);
  return st_mean_all(st_mul(e, e));
}

static st_tensor *shard_loss(st_tensor *const *p) {
  int64_t k = BATCH / size_();
  return loss_on(p, rank_() * k, (rank_() + 1) * k);
}

/* p -= lr * grad, outside the graph; .grad dropped. */
static void sgd(st_tensor **p, double lr) {
  for (int i = 0; i < NPARAM; i++) {
    st_tensor *g = st_grad_of(p[i]);
    double *w = st_data_ptr(p[i]), gv[16];
    int64_t n = st_numel(p[i]);
    CHECK(g && st_to_f64(g, gv, n) == 0);
    for (int64_t k = 0; g && k < n; k++) w[k] -= lr * gv[k];
    st_zero_grad(p[i]);
  }
}

static double max_diff(st_tensor *const *a, st_tensor *const *b) {
  double worst = 0;
  for (int i = 0; i < NPARAM; i++) {
    double va[16], vb[16];
    int64_t n = st_numel(a[i]);
    st_to_f64(a[i], va, n), st_to_f64(b[i], vb, n);
    for (int64_t k = 0; k < n; k++) worst = fmax(worst, fabs(va[k] - vb[k]));
  }
  return worst;
}

/* .grad of p equals .grad of ref to 1e-10. */
static void check_same_grads(st_tensor *const *p, st_tensor *const *ref) {
  for (int i = 0; i < NPARAM; i++) {
    double gd[16], gr[16];
    int64_t n = st_numel(p[i]);
    CHECK(st_to_f64(st_grad_of(p[i]), gd, n) == 0 && st_to_f64(st_grad_of(ref[i]), gr, n) == 0);
    for (int64_t k = 0; k < n; k++) CHECK_NEAR(gd[k], gr[k], 1e-10);
  }
}

static void train_matches_full_batch(int64_t bucket_bytes, bool threaded) {
  st_tensor *ref[NPARAM], *p[NPARAM];
  make_params(ref, 0);
  make_params(p, 0.25 * rank_()); /* DDP starts every rank from rank 0's values */
  if (!threaded) setenv("STRATA_DDP_NO_THREAD", "1", 1);
  st_ddp *d = st_ddp_new(NPARAM, p, &(st_ddp_opts){.bucket_bytes = bucket_bytes});
  unsetenv("STRATA_DDP_NO_THREAD");
  CHECK(d != NULL);
  CHECK(max_diff(p, ref) == 0);
  for (int step = 0; d && step < 4; step++) {
    CHECK(st_backward(shard_loss(p), NULL, false, false) == 0);
    CHECK(st_ddp_wait(d) == 0);
    CHECK(st_backward(loss_on(ref, 0, BATCH), NULL, false, false) == 0);
    check_same_grads(p, ref);
    sgd(p, 0.1), sgd(ref, 0.1);
    CHECK(max_diff(p, ref) < 1e-10);
  }
  st_ddp_stats stats;
  CHECK(st_ddp_get_stats(d, &stats) == 0 && stats.steps == 4);
  if (bucket_bytes == 64) CHECK(stats.buckets == NPARAM); /* every parameter over 64 bytes... */
  if (bucket_bytes == 0) CHECK(stats.buckets == 1);
  st_ddp_free(d);
}

TEST(ddp_training_equals_full_batch_one_bucket) { train_matches_full_batch(0, true); }
TEST(ddp_training_equals_full_batch_many_buckets) { train_matches_full_batch(64, true); }
TEST(ddp_training_equals_full_batch_two_buckets) { train_matches_full_batch(200, true); }
TEST(ddp_training_without_progress_thread) { train_matches_full_batch(64, false); }

TEST(ddp_unused_parameters) {
  /* p[3] (b2) is used on rank 0 only: its gradient is rank 0's divided by the world size. An
     extra parameter no rank uses keeps the .grad it had. */
  st_tensor *p[NPARAM + 1];
  make_params(p, 0);
  p[NPARAM] = st_zeros(ST_F64, ST_SHAPE(3));
  st_set_requires_grad(p[NPARAM], true);
  st_set_grad(p[NPARAM], st_full(ST_F64, ST_SHAPE(3), 7));
  st_ddp *d = st_ddp_new(NPARAM + 1, p, &(st_ddp_opts){.bucket_bytes = 64});
  CHECK(d != NULL);
  st_tensor *x = st_slice(inputs(), 0, 0, 2, 1);
  st_tensor *h = st_linear(st_tanh(st_linear(x, p[0], p[1])), p[2], rank_() == 0 ? p[3] : NULL);
  CHECK(st_backward(st_sum_all(h), NULL, false, false) == 0);
  CHECK(st_ddp_wait(d) == 0);
  /* d sum(h) / d b2 = 2 (rows) on rank 0, nothing elsewhere */
  CHECK_CLOSE(st_grad_of(p[3]), 1e-12, 2.0 / size_(), 2.0 / size_());
  CHECK_CLOSE(st_grad_of(p[NPARAM]), 0, 7, 7, 7);
  st_ddp_free(d);
}

TEST(ddp_no_sync_accumulates_then_averages) {
  st_tensor *ref[NPARAM], *p[NPARAM];
  make_params(ref, 0);
  make_params(p, 0);
  st_ddp *d = st_ddp_new(NPARAM, p, NULL);
  CHECK(st_ddp_set_sync(d, false) == true);
  CHECK(st_backward(shard_loss(p), NULL, false, false) == 0);
  CHECK(st_ddp_wait(d) == 0); /* nothing to do */
  CHECK(st_backward(st_mul_scalar(shard_loss(p), 2), NULL, false, false) == 0);
  CHECK(st_ddp_set_sync(d, true) == false);
  CHECK(st_backward(shard_loss(p), NULL, false, false) == 0);
  CHECK(st_ddp_wait(d) == 0);
  /* the average of every rank's 1 + 2 + 1 shard losses = 4 times the full-batch loss */
  CHECK(st_backward(st_mul_scalar(loss_on(ref, 0, BATCH), 4), NULL, false, false) == 0);
  check_same_grads(p, ref);
  st_ddp_free(d);
}

TEST(ddp_no_sync_gradient_counts_when_the_synced_step_skips_the_parameter) {
  /* b2 gets a gradient under no_sync, then the synced backward does not reach it: its local
     accumulated .grad still goes into the average (PyTorch's DDP reads param.grad). */
  st_tensor *p[NPARAM];
  make_params(p, 0);
  st_ddp *d = st_ddp_new(NPARAM, p, NULL);
  st_ddp_set_sync(d, false);
  st_tensor *x = st_slice(inputs(), 0, 0, 2, 1);
  st_tensor *h = st_tanh(st_linear(x, p[0], p[1]));
  CHECK(st_backward(st_mul_scalar(st_sum_all(st_linear(h, p[2], p[3])), rank_() + 1), NULL, false,
                    false) == 0);
  st_ddp_set_sync(d, true);
  CHECK(st_backward(st_sum_all(st_linear(st_tanh(st_linear(x, p[0], p[1])), p[2], NULL)), NULL,
                    false, false) == 0);
  CHECK(st_ddp_wait(d) == 0);
  /* d/d b2 on rank r: 2 rows times (r + 1); the mean over ranks of 2 (r + 1) = n + 1 */
  CHECK_CLOSE(st_grad_of(p[3]), 1e-12, size_() + 1.0, size_() + 1.0);
  st_ddp_free(d);
}

TEST(ddp_second_gradient_without_no_sync_fails) {
  st_tensor *p[NPARAM];
  make_params(p, 0);
  st_ddp *d = st_ddp_new(NPARAM, p, NULL);
  CHECK(st_backward(shard_loss(p), NULL, false, false) == 0);
  st_clear_error();
  CHECK(st_backward(shard_loss(p), NULL, false, false) != 0);
  CHECK(strstr(st_last_error(), "second gradient before st_ddp_wait"));
  /* every rank failed the same way: st_ddp_wait reports it and the next step works */
  CHECK(st_ddp_wait(d) != 0);
  st_clear_error();
  for (int i = 0; i < NPARAM; i++) st_zero_grad(p[i]);
  CHECK(st_backward(shard_loss(p), NULL, false, false) == 0);
  CHECK(st_ddp_wait(d) == 0);
  st_ddp_free(d);
}

static int fail_hook(void *user, st_tensor *grad, st_tensor **replace) {
  (void)user, (void)grad, (void)replace;
  return st_hook_error(ST_ERR_AUTOGRAD, "this rank's backward fails on purpose");
}

TEST(ddp_failing_rank_fails_every_rank) {
  st_tensor *p[NPARAM];
  make_params(p, 0);
  st_ddp *d = st_ddp_new(NPARAM, p, &(st_ddp_opts){.bucket_bytes = 64});
  bool last = rank_() == size_() - 1;
  st_tensor *h = st_tanh(st_linear(st_slice(inputs(), 0, 0, 2, 1), p[0], p[1]));
  if (last) st_tensor_register_hook(h, fail_hook, NULL); /* fails before p[0], p[1] get grads */
  st_tensor *loss = st_sum_all(st_linear(h, p[2], p[3]));
  st_clear_error();
  int rc = st_backward(loss, NULL, false, false);
  CHECK(last ? rc != 0 : rc == 0);
  /* this rank's own gradient (none where the hook failed first), which DDP must leave */
  st_tensor *local = st_grad_of(p[2]);
  double before[8] = {0}, after[8] = {0};
  if (local) st_to_f64(local, before, 8);
  CHECK(last || local);
  CHECK(st_ddp_wait(d) != 0);
  CHECK(strstr(st_last_error(), last ? "fails on purpose" : "backward failed"));
  st_clear_error();
  st_tensor *now = st_grad_of(p[2]);
  CHECK((now != NULL) == (local != NULL));
  if (now) st_to_f64(now, after, 8);
  for (int k = 0; k < 8; k++) CHECK(after[k] == before[k]);
  st_ddp_free(d);
}

TEST(ddp_bad_input_fails_cleanly) {
  st_tensor *p[NPARAM];
  make_params(p, 0);
  CHECK_FAILS(!st_ddp_new(0, p, NULL), ST_ERR_ARG, "at least one parameter");
  CHECK_FAILS(!st_ddp_new(2, NULL, NULL), ST_ERR_ARG, "at least one parameter");
  CHECK_FAILS(!st_ddp_new(2, (st_tensor *const[]){p[0], NULL}, NULL), ST_ERR_ARG, "parameter 1 is NULL");
  CHECK_FAILS(!st_ddp_new(2, (st_tensor *const[]){p[0], p[0]}, NULL), ST_ERR_ARG, "repeats");
  st_tensor *ints = st_zeros(ST_I64, ST_SHAPE(2));
  CHECK_FAILS(!st_ddp_new(1, &ints, NULL), ST_ERR_DTYPE, "f32 and f64");
  st_tensor *frozen = st_zeros(ST_F64, ST_SHAPE(2)), *nonleaf = st_mul_scalar(p[0], 2);
  CHECK_FAILS(!st_ddp_new(1, &frozen, NULL), ST_ERR_ARG, "leaf that requires grad");
  CHECK_FAILS(!st_ddp_new(1, &nonleaf, NULL), ST_ERR_ARG, "leaf that requires grad");
  CHECK_FAILS(!st_ddp_new(1, p, &(st_ddp_opts){.bucket_bytes = -1}), ST_ERR_ARG, "negative");
  CHECK_FAILS(st_ddp_wait(NULL) != 0, ST_ERR_ARG, "d is NULL");
  st_ddp_free(NULL);
  /* a different bucket size on one rank: every rank fails */
  CHECK_FAILS(!st_ddp_new(1, p, &(st_ddp_opts){.bucket_bytes = 1000 + rank_()}), ST_ERR_ARG,
              "bucket_bytes differs across ranks");
  /* one rank with a different parameter set: every rank fails, naming what differs */
  CHECK_FAILS(!st_ddp_new(rank_() == 0 ? 1 : 2, p, NULL), ST_ERR_SHAPE,
              "the parameters differ across ranks");
  /* invalid on one rank only: the others fail naming it */
  st_clear_error();
  CHECK(!st_ddp_new(1, rank_() == 0 ? &ints : p, NULL));
  CHECK(strstr(st_last_error(), rank_() == 0 ? "f32 and f64" : "rank 0 failed"));
  st_clear_error();
}

TEST(ddp_free_without_backward_and_after_a_step) {
  st_tensor *p[NPARAM];
  make_params(p, 0);
  st_ddp_free(st_ddp_new(NPARAM, p, NULL));
  st_ddp *d = st_ddp_new(NPARAM, p, NULL);
  CHECK(st_backward(shard_loss(p), NULL, false, false) == 0);
  st_ddp_free(d); /* the step's all-reduces finish before their buffers go */
}

TEST(ddp_prioritize_raises_the_first_buckets_path) {
  st_tensor *p[NPARAM], *ref[NPARAM];
  make_params(p, 0);
  make_params(ref, 0);
  st_ddp *d = st_ddp_new(NPARAM, p, &(st_ddp_opts){.bucket_bytes = 64}); /* a bucket each */
  st_tensor *loss = shard_loss(p);
  CHECK(st_ddp_prioritize(d, loss) == 0);
  /* the loss's own node leads to bucket 0 (b2, the last parameter): priority 4 */
  CHECK_EQ_INT(st_node_priority(st_grad_fn(loss)), 4);
  CHECK(st_backward(loss, NULL, false, false) == 0);
  CHECK(st_ddp_wait(d) == 0);
  CHECK(st_backward(loss_on(ref, 0, BATCH), NULL, false, false) == 0);
  check_same_grads(p, ref);
  CHECK_FAILS(st_ddp_prioritize(d, NULL) != 0, ST_ERR_ARG, "loss is NULL");
  st_ddp_free(d);
}
