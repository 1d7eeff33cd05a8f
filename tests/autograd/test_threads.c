/* test_threads.c — eager autograd on several threads at once (API.md, "Threads"): each thread
   its own scope and tensors, plus leaves and a constant that every thread shares. Concurrent
   backward calls accumulate into the shared leaves' .grad, whose sums are exact (integer values:
   no rounding, whatever the order); views of the shared constant feed every thread's graph; a
   post-accumulate hook checks it always sees a whole .grad; a node made once is backwarded
   through by every thread (retain_graph), its output retaining grad. `make tsan` runs this under
   ThreadSanitizer with STRATA_THREADS_ITERS=100; the release suite runs a few iterations. */
#include <pthread.h>
#include <stdatomic.h>

#include "test.h"
#include "util.h"

enum { REPS = 4, N = 4 };

static int iterations(void) {
  const char *s = getenv("STRATA_THREADS_ITERS");
  int n = s ? atoi(s) : 0;
  return n > 0 ? n : 3;
}

typedef struct {
  st_tensor *w;      /* f64 [4], requires grad: every thread adds k * (id + 1) into .grad */
  st_tensor *w32;    /* f32 [4], requires grad: the same, under create_graph (out of place) */
  st_tensor *u;      /* f64 [4], requires grad: uniform gradients, watched by a hook */
  st_tensor *c;      /* f64 [2, 3], no grad: read through views by every thread */
  st_tensor *w3, *h; /* h = w3 * [1, 2, 3, 4], made once: every thread backwards through its
                        node (retain_graph), and h retains its grad */
  pthread_barrier_t start;
  _Atomic int hook_calls, torn_reads, failures;
} shared;

typedef struct {
  shared *s;
  int id;
  int pack_calls; /* this thread's saved-tensor hook */
} worker;

#define FAIL_IF(cond)                                                                              \
  do {                                                                                             \
    if (cond) {                                                                                    \
      atomic_fetch_add(&s->failures, 1);                                                           \
      fprintf(stderr, "thread check failed: %s [%s]\n", #cond, st_last_error());                   \
    }                                                                                              \
  } while (0)

/* Sees u's .grad under u's accumulation lock: every element must be the same. */
static int watch_uniform(void *user, st_tensor *t) {
  shared *s = user;
  atomic_fetch_add(&s->hook_calls, 1);
  st_tensor *g = st_grad_of(t);
  double v[N];
  if (!g || st_to_f64(g, v, N)) return st_hook_error(ST_ERR_AUTOGRAD, "no .grad in the hook");
  for (int i = 1; i < N; i++)
    if (v[i] != v[0]) atomic_fetch_add(&s->torn_reads, 1);
  st_release(g);
  return 0;
}

static int count_pack(void *user, st_tensor *t, st_packed *out) {
  ((worker *)user)->pack_calls++;
  out->tensor = st_retain(t);
  return 0;
}
static int unpack_same(void *user, const st_packed *packed, st_tensor **out) {
  (void)user;
  *out = st_retain(packed->tensor);
  return 0;
}

static bool equals(st_tensor *t, const double *want, int n) {
  double v[16];
  if (!t || n > 16 || st_to_f64(t, v, n)) return false;
  for (int i = 0; i < n; i++)
    if (v[i] != want[i]) return false;
  return true;
}

static void one_rep(worker *me, int rep) {
  shared *s = me->s;
  double k = me->id + 1;
  /* its own leaf and graph */
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(N), (double[]){k, k + 1, k + 2, k + 3});
  FAIL_IF(st_set_requires_grad(x, true));
  FAIL_IF(st_backward(st_sum_all(st_mul(x, x)), NULL, false, false));
  FAIL_IF(!equals(st_grad_of(x), (double[]){2 * k, 2 * k + 2, 2 * k + 4, 2 * k + 6}, N));
  /* the shared leaves: accumulate k * [1, 2, 3, 4] */
  st_tensor *kv = st_from_data(ST_F64, ST_SHAPE(N), (double[]){k, 2 * k, 3 * k, 4 * k});
  FAIL_IF(st_backward(st_sum_all(st_mul(s->w, kv)), NULL, false, false));
  st_tensor *kv32 = st_to_dtype(kv, ST_F32);
  FAIL_IF(st_backward(st_sum_all(st_mul(s->w32, kv32)), NULL, false, true));
  FAIL_IF(st_backward(st_sum_all(st_mul_scalar(s->u, k)), NULL, false, false));
  FAIL_IF(st_backward(st_sum_all(st_mul(s->h, kv)), NULL, true, false));
  /* st_autograd_grad on the shared leaf reads w and leaves .grad alone */
  st_tensor *gw = NULL, *y = st_sum_all(st_mul(st_mul(s->w, s->w), kv));
  FAIL_IF(st_autograd_grad(1, &y, NULL, 1, &s->w, &gw, NULL));
  FAIL_IF(!equals(gw, (double[]){2 * k, 2 * 2 * 2 * k, 2 * 3 * 3 * k, 2 * 4 * 4 * k}, N));
  /* views of the shared constant c = [[1, 2, 3], [4, 5, 6]] in this thread's graph */
  st_tensor *ct = st_transpose(s->c, 0, 1);                                    /* [3, 2] */
  st_tensor *row = st_select(s->c, 0, 1);                                      /* [4, 5, 6] */
  st_tensor *flat = st_slice(st_reshape(s->c, 1, (int64_t[]){6}), 0, 1, 5, 1); /* [2, 3, 4, 5] */
  st_tensor *z = st_add(st_mul(x, flat), st_sum_all(st_mul(ct, ct)));
  st_tensor *zs = st_sum_all(st_mul(z, st_expand(st_slice(row, 0, 0, 1, 1), 1, (int64_t[]){N})));
  st_tensor *gx = NULL;
  FAIL_IF(st_autograd_grad(1, &zs, NULL, 1, &x, &gx, NULL));
  FAIL_IF(!equals(gx, (double[]){8, 12, 16, 20}, N)); /* flat * 4 */
  FAIL_IF(!equals(ct, (double[]){1, 4, 2, 5, 3, 6}, 6));
  /* saved-tensor hooks are per thread: x * x saves x twice */
  int before = me->pack_calls;
  FAIL_IF(st_saved_tensors_hooks_push(count_pack, unpack_same, NULL, me));
  st_tensor *q = st_sum_all(st_mul(x, x));
  st_saved_tensors_hooks_pop();
  FAIL_IF(me->pack_calls - before != 2);
  FAIL_IF(st_backward(q, NULL, false, false));
  FAIL_IF(!equals(st_grad_of(x), (double[]){4 * k, 4 * k + 4, 4 * k + 8, 4 * k + 12}, N));
  (void)rep;
}

static void *work(void *arg) {
  worker *me = arg;
  shared *s = me->s;
  if (st_scope_push()) atomic_fetch_add(&s->failures, 1);
  pthread_barrier_wait(&s->start);
  for (int rep = 0; rep < REPS; rep++) {
    st_scope_push();
    one_rep(me, rep);
    st_scope_pop();
  }
  st_scope_pop();
  return NULL;
}

static void run_iteration(int nthreads) {
  shared s = {0};
  s.w = st_from_data(ST_F64, ST_SHAPE(N), (double[]){1, 2, 3, 4});
  s.w32 = st_zeros(ST_F32, ST_SHAPE(N));
  s.u = st_zeros(ST_F64, ST_SHAPE(N));
  s.c = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  s.w3 = st_from_data(ST_F64, ST_SHAPE(N), (double[]){1, 2, 3, 4});
  st_set_requires_grad(s.w3, true);
  s.h = st_mul(s.w3, st_from_data(ST_F64, ST_SHAPE(N), (double[]){1, 2, 3, 4}));
  CHECK(st_retain_grad(s.h) == 0);
  st_set_requires_grad(s.w, true);
  st_set_requires_grad(s.w32, true);
  st_set_requires_grad(s.u, true);
  CHECK(st_tensor_register_post_accumulate_grad_hook(s.u, watch_uniform, &s) > 0);
  pthread_barrier_init(&s.start, NULL, (unsigned)nthreads);
  pthread_t th[8];
  worker w[8];
  for (int t = 0; t < nthreads; t++) {
    w[t] = (worker){&s, t, 0};
    CHECK(pthread_create(&th[t], NULL, work, &w[t]) == 0);
  }
  for (int t = 0; t < nthreads; t++) pthread_join(th[t], NULL);
  pthread_barrier_destroy(&s.start);
  /* sum over threads of (id + 1) * REPS */
  double ksum = REPS * nthreads * (nthreads + 1) / 2.0;
  CHECK_CLOSE(st_grad_of(s.w), 0, ksum, 2 * ksum, 3 * ksum, 4 * ksum);
  CHECK_CLOSE(st_grad_of(s.w32), 0, ksum, 2 * ksum, 3 * ksum, 4 * ksum);
  CHECK_CLOSE(st_grad_of(s.u), 0, ksum, ksum, ksum, ksum);
  CHECK_CLOSE(st_grad_of(s.w3), 0, ksum, 4 * ksum, 9 * ksum, 16 * ksum);
  CHECK_CLOSE(st_grad_of(s.h), 0, ksum, 2 * ksum, 3 * ksum, 4 * ksum);
  CHECK_EQ_INT(atomic_load(&s.hook_calls), nthreads * REPS);
  CHECK_EQ_INT(atomic_load(&s.torn_reads), 0);
  CHECK_EQ_INT(atomic_load(&s.failures), 0);
  for (int t = 0; t < nthreads; t++) CHECK_EQ_INT(w[t].pack_calls, 2 * REPS);
}

/* API.md "Threads"; PyTorch's TestMultithreading.test_simple_backward_same_input and
   test_multithread_saved_tensors_hooks, with exact integer sums. */
TEST(threads_share_leaves_and_constants_and_accumulate_exact_sums) {
  int n = iterations();
  for (int it = 0; it < n && !st_test_failures(); it++) {
    st_scope_push();
    run_iteration(2 + it % 7); /* 2..8 threads */
    st_scope_pop();
  }
}

/* A leaf whose AccumulateGrad node is made, dropped and made again by threads racing: each
   backward frees its graph (and with it, when it is the last, the node), while other threads
   record new ops on the leaf. */
typedef struct {
  st_tensor *leaf;
  pthread_barrier_t start;
  _Atomic int failures;
} churn;

static void *churn_work(void *arg) {
  churn *c = arg;
  st_scope_push();
  pthread_barrier_wait(&c->start);
  for (int i = 0; i < 50; i++) {
    st_scope_push();
    st_tensor *y = st_sum_all(st_mul_scalar(c->leaf, 1));
    if (!y || st_backward(y, NULL, false, false)) atomic_fetch_add(&c->failures, 1);
    st_scope_pop();
  }
  st_scope_pop();
  return NULL;
}

TEST(threads_racing_on_a_leafs_accumulator_never_lose_a_gradient) {
  int n = iterations();
  for (int it = 0; it < n && !st_test_failures(); it++) {
    int nthreads = 2 + it % 7;
    churn c = {.leaf = st_zeros(ST_F64, ST_SHAPE(3))};
    st_set_requires_grad(c.leaf, true);
    pthread_barrier_init(&c.start, NULL, (unsigned)nthreads);
    pthread_t th[8];
    for (int t = 0; t < nthreads; t++) pthread_create(&th[t], NULL, churn_work, &c);
    for (int t = 0; t < nthreads; t++) pthread_join(th[t], NULL);
    pthread_barrier_destroy(&c.start);
    double want = 50.0 * nthreads;
    CHECK_CLOSE(st_grad_of(c.leaf), 0, want, want, want);
    CHECK_EQ_INT(atomic_load(&c.failures), 0);
    st_release(c.leaf);
  }
}
