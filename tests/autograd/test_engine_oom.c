/* test_engine_oom.c — every allocation of a backward can fail (DESIGN.md, "Ownership and
   errors"): for each n, the n-th allocation of the call fails, and the call must end with
   ST_ERR_OOM, leak nothing, restore grad mode and the current node, leave each .grad either as
   it was or fully updated (a leaf whose AccumulateGrad already ran keeps its gradient, as in
   PyTorch), and a rerun without failure must give bit-identical results. Swept over st_backward
   (in place, stolen and layout-cloned gradients, retains-grad, hooks), create_graph,
   st_autograd_grad with materialize_grads, st_backward_ex with inputs, is_grads_batched and
   saved-tensor hooks. */
#include "test.h"
#include "util.h"

enum { MODE_BACKWARD, MODE_CREATE_GRAPH, MODE_GRAD, MODE_INPUTS, MODE_BATCHED, MODE_SAVED_HOOKS };

typedef struct {
  st_tensor *leaf[3]; /* a: has a .grad already (in-place add), b: none (stolen), c: transposed */
  st_tensor *h;       /* a non-leaf that retains its grad */
  st_tensor *unused;  /* a leaf no root reaches */
  st_tensor *root;
  st_tensor *out[4]; /* st_autograd_grad's results */
  int post_calls;
} scene;

/* Up to 8 values per result (leaves' and h's .grad, autograd_grad's outputs). */
typedef struct {
  bool has[8];
  double v[8][8];
  int n[8];
} snapshot;

static int double_grad(void *user, st_tensor *g, st_tensor **replace) {
  (void)user;
  *replace = st_mul_scalar(g, 2);
  return *replace ? 0 : st_last_status();
}
static int count_post(void *user, st_tensor *t) {
  (void)t;
  ((scene *)user)->post_calls++;
  return 0;
}
static int pass_pre(void *user, st_node *n, int nout, st_tensor *const *g, st_tensor **replace) {
  (void)user, (void)n;
  for (int j = 0; j < nout; j++)
    if (g[j] && !(replace[j] = st_add_scalar(g[j], 0.25))) return st_last_status();
  return 0;
}
static int keep_pack(void *user, st_tensor *t, st_packed *out) {
  (void)user;
  out->tensor = st_mul_scalar(t, 1);
  return out->tensor ? 0 : st_last_status();
}
static int keep_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  *out = st_mul_scalar(p->tensor, 1);
  return *out ? 0 : st_last_status();
}

static st_tensor *leaf(st_tensor *t) {
  st_set_requires_grad(t, true);
  return t;
}

static void build(scene *s, int mode) {
  memset(s, 0, sizeof *s);
  s->leaf[0] = leaf(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.5, -1, 1.5}));
  s->leaf[1] = leaf(tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.25, 2, -0.75}));
  s->leaf[2] =
      leaf(st_transpose(tu_tensor(ST_F64, ST_SHAPE(3, 2), (double[]){1, 2, 3, 4, 5, 6}), 0, 1));
  st_set_grad(s->leaf[0], tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 1, 1}));
  s->unused = leaf(st_ones(ST_F64, ST_SHAPE(2)));
  s->h = st_mul(s->leaf[0], s->leaf[1]);
  st_retain_grad(s->h);
  st_tensor_register_hook(s->h, double_grad, NULL);
  st_tensor_register_post_accumulate_grad_hook(s->leaf[1], count_post, s);
  st_tensor *cc = st_sum(st_mul(s->leaf[2], s->leaf[2]), 1, (int[]){0}, false); /* [3] */
  st_tensor *y = st_mul(st_tanh(s->h), st_add(st_exp(s->leaf[1]), cc));
  s->root = mode == MODE_BATCHED ? y : st_sum_all(y);
  st_node_register_prehook(st_grad_fn(y), pass_pre, NULL);
}

static int run(scene *s, int mode) {
  st_tensor *in[4] = {s->leaf[0], s->leaf[1], s->leaf[2], NULL};
  switch (mode) {
  case MODE_BACKWARD: return st_backward(s->root, NULL, false, false);
  case MODE_CREATE_GRAPH: return st_backward(s->root, NULL, false, true);
  case MODE_GRAD: {
    in[3] = s->unused; /* materialized */
    st_grad_opts o = {.create_graph = true, .materialize_grads = true};
    return st_autograd_grad(1, &s->root, NULL, 4, in, s->out, &o);
  }
  case MODE_INPUTS: {
    st_tensor *only[2] = {s->leaf[2], s->h};
    st_backward_opts o = {.ninputs = 2, .inputs = only};
    return st_backward_ex(1, &s->root, NULL, &o);
  }
  case MODE_BATCHED: {
    st_tensor *go = tu_tensor(ST_F64, ST_SHAPE(2, 3), (double[]){1, 0, 2, -1, 0.5, 0});
    st_grad_opts o = {.is_grads_batched = true};
    return st_autograd_grad(1, &s->root, &go, 3, in, s->out, &o);
  }
  default: {
    if (st_saved_tensors_hooks_push(keep_pack, keep_unpack, NULL, NULL)) return st_last_status();
    int rc = st_backward(s->root, NULL, false, true);
    st_saved_tensors_hooks_pop();
    return rc;
  }
  }
}

static void take(snapshot *p, int i, const st_tensor *t) {
  p->has[i] = t != NULL;
  p->n[i] = t ? (int)st_numel(t) : 0;
  if (t) st_to_f64(t, p->v[i], p->n[i]);
}

static void collect(scene *s, snapshot *p) {
  memset(p, 0, sizeof *p);
  for (int i = 0; i < 3; i++) take(p, i, st_grad_of(s->leaf[i])); /* the scope releases them */
  take(p, 3, st_grad_of(s->h));
  for (int i = 0; i < 4; i++) take(p, 4 + i, s->out[i]);
}

static bool same(const snapshot *p, const snapshot *q, int i) {
  return p->has[i] == q->has[i] && p->n[i] == q->n[i] &&
         !memcmp(p->v[i], q->v[i], sizeof(double) * (size_t)p->n[i]);
}

/* create_graph leaves .grad holding graphs that hold the leaves: let go of them. */
static void teardown(scene *s) {
  for (int i = 0; i < 3; i++) st_zero_grad(s->leaf[i]);
  st_zero_grad(s->h);
}

static void sweep(int mode) {
  scene s;
  snapshot before, after, now;
  int64_t live = st_live_objects();
  st_scope_push();
  build(&s, mode);
  collect(&s, &before);
  CHECK(run(&s, mode) == 0);
  collect(&s, &after);
  teardown(&s);
  st_scope_pop();
  /* under --compiled-autograd the first backward leaves its compiled graph in the cache */
  bool compiled = st_set_compiled_autograd(false);
  st_set_compiled_autograd(compiled);
  if (compiled) live = st_live_objects();
  CHECK_EQ_INT(st_live_objects(), live);
  int failures = 0;
  for (int n = 1; n < 100000 && !st_test_failures(); n++) {
    st_scope_push();
    build(&s, mode);
    st_debug_fail_alloc_after(n);
    int rc = run(&s, mode);
    st_debug_fail_alloc_after(0);
    if (rc == 0) { /* n is past the last allocation */
      collect(&s, &now);
      for (int i = 0; i < 8; i++) CHECK(same(&now, &after, i));
      teardown(&s);
      st_scope_pop();
      break;
    }
    failures++;
    if (rc != ST_ERR_OOM || st_last_status() != ST_ERR_OOM)
      st_test_fail(__FILE__, __LINE__, "mode %d, allocation %d: status %d, message %s", mode, n, rc,
                   st_last_error());
    st_clear_error();
    CHECK(st_is_grad_enabled());
    CHECK(st_current_node() == NULL);
    collect(&s, &now);
    for (int i = 0; i < 4; i++) /* .grad: as it was, or fully updated */
      if (!same(&now, &before, i) && !same(&now, &after, i))
        st_test_fail(__FILE__, __LINE__, "mode %d, allocation %d: result %d is torn", mode, n, i);
    for (int i = 4; i < 8; i++) CHECK(!now.has[i]); /* a failed st_autograd_grad returns none */
    teardown(&s);
    st_scope_pop();
    CHECK_EQ_INT(st_live_objects(), live);
    st_scope_push(); /* and again, without failure */
    build(&s, mode);
    CHECK(run(&s, mode) == 0);
    collect(&s, &now);
    for (int i = 0; i < 8; i++) CHECK(same(&now, &after, i));
    teardown(&s);
    st_scope_pop();
  }
  CHECK(failures > 20);
}

TEST(backward_fails_cleanly_at_every_allocation) { sweep(MODE_BACKWARD); }
TEST(create_graph_backward_fails_cleanly_at_every_allocation) { sweep(MODE_CREATE_GRAPH); }
TEST(autograd_grad_with_materialize_fails_cleanly_at_every_allocation) { sweep(MODE_GRAD); }
TEST(backward_with_inputs_fails_cleanly_at_every_allocation) { sweep(MODE_INPUTS); }
TEST(batched_autograd_grad_fails_cleanly_at_every_allocation) { sweep(MODE_BATCHED); }
TEST(backward_with_saved_tensor_hooks_fails_cleanly_at_every_allocation) {
  sweep(MODE_SAVED_HOOKS);
}
