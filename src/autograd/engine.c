/* engine.c — the backward engine: a graph task over the nodes reachable from the roots, with
   dependency counts, exec_info pruning for st_autograd_grad, needs_input_grad for every node,
   and a ready queue that runs the highest (priority, sequence number) first. */
#include <string.h>

#include "autograd.h"

typedef struct {
  st_node *node;
  st_tensor **buf; /* node->nout incoming gradients (owned, untracked) */
  int deps;        /* edges from relevant nodes not yet run */
  bool needed;     /* runs: on a path to a requested input (always, for st_backward) */
  bool capture;    /* the edge of a requested input points into this node */
} task;

typedef struct {
  task *tasks;
  int ntasks, cap;
  int *slots; /* open-addressing map node -> task index + 1 */
  size_t nslots;
  int *heap;
  int nheap;
  bool create_graph, retain_graph, capture_mode;
  int ninputs;
  st_edge *input_edges;
  st_tensor **captured;
} graph_task;

/* ------------------------------------------------------------------------- the node map */

static size_t hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33, x *= 0xff51afd7ed558ccdull, x ^= x >> 33;
  return (size_t)x;
}

static int find_task(const graph_task *g, const st_node *n) {
  for (size_t i = hash_ptr(n) & (g->nslots - 1);; i = (i + 1) & (g->nslots - 1)) {
    if (!g->slots[i]) return -1;
    if (g->tasks[g->slots[i] - 1].node == n) return g->slots[i] - 1;
  }
}

static int grow(graph_task *g) {
  int cap = g->cap ? 2 * g->cap : 64;
  task *t = st__realloc(g->tasks, sizeof(task) * (size_t)g->cap, sizeof(task) * (size_t)cap);
  if (!t) return ST_ERR_OOM;
  g->tasks = t;
  g->cap = cap;
  size_t nslots = (size_t)cap * 2;
  int *slots = st__calloc(nslots, sizeof(int));
  if (!slots) return ST_ERR_OOM;
  st__free(g->slots, sizeof(int) * g->nslots);
  g->slots = slots;
  g->nslots = nslots;
  for (int k = 0; k < g->ntasks; k++) {
    size_t i = hash_ptr(g->tasks[k].node) & (nslots - 1);
    while (slots[i]) i = (i + 1) & (nslots - 1);
    slots[i] = k + 1;
  }
  return 0;
}

/* Adds a task for n (not yet present); returns its index or -1 on OOM. */
static int add_task(graph_task *g, st_node *n) {
  if (g->ntasks == g->cap && grow(g)) return -1;
  st_tensor **buf = st__calloc((size_t)(n->nout ? n->nout : 1), sizeof(st_tensor *));
  if (!buf) return -1;
  g->tasks[g->ntasks] = (task){n, buf, 0, !g->capture_mode, false};
  size_t i = hash_ptr(n) & (g->nslots - 1);
  while (g->slots[i]) i = (i + 1) & (g->nslots - 1);
  g->slots[i] = ++g->ntasks;
  return g->ntasks - 1;
}

/* --------------------------------------------------------------------------- ready queue */

static bool runs_before(const graph_task *g, int a, int b) {
  const st_node *x = g->tasks[a].node, *y = g->tasks[b].node;
  if (x->priority != y->priority) return x->priority > y->priority;
  return x->sequence_nr > y->sequence_nr;
}

static void heap_push(graph_task *g, int k) {
  int i = g->nheap++;
  g->heap[i] = k;
  while (i > 0 && runs_before(g, g->heap[i], g->heap[(i - 1) / 2])) {
    int p = (i - 1) / 2, tmp = g->heap[p];
    g->heap[p] = g->heap[i], g->heap[i] = tmp, i = p;
  }
}

static int heap_pop(graph_task *g) {
  int top = g->heap[0];
  g->heap[0] = g->heap[--g->nheap];
  for (int i = 0;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < g->nheap && runs_before(g, g->heap[l], g->heap[m])) m = l;
    if (r < g->nheap && runs_before(g, g->heap[r], g->heap[m])) m = r;
    if (m == i) break;
    int tmp = g->heap[m];
    g->heap[m] = g->heap[i], g->heap[i] = tmp, i = m;
  }
  return top;
}

/* ------------------------------------------------------------------------ building the task */

/* Every node reachable from the roots, with dependency counts. */
static int collect(graph_task *g, const st_edge *roots, int nroots) {
  int *stack = NULL, nstack = 0, cap = 0, rc = 0;
  for (int r = 0; r < nroots && !rc; r++) {
    if (!roots[r].node || find_task(g, roots[r].node) >= 0) continue;
    if (add_task(g, roots[r].node) < 0) return ST_ERR_OOM;
    if (nstack == cap) {
      int ncap = cap ? 2 * cap : 64;
      int *s = st__realloc(stack, sizeof(int) * (size_t)cap, sizeof(int) * (size_t)ncap);
      if (!s) { rc = ST_ERR_OOM; break; }
      stack = s, cap = ncap;
    }
    stack[nstack++] = g->ntasks - 1;
    while (nstack && !rc) {
      st_node *n = g->tasks[stack[--nstack]].node;
      for (int i = 0; i < n->nin; i++) {
        st_node *c = n->next[i].node;
        if (!c) continue;
        int k = find_task(g, c);
        if (k < 0) {
          if ((k = add_task(g, c)) < 0) { rc = ST_ERR_OOM; break; }
          if (nstack == cap) {
            int ncap = cap ? 2 * cap : 64;
            int *s = st__realloc(stack, sizeof(int) * (size_t)cap, sizeof(int) * (size_t)ncap);
            if (!s) { rc = ST_ERR_OOM; break; }
            stack = s, cap = ncap;
          }
          stack[nstack++] = k;
        }
        g->tasks[k].deps++;
      }
    }
  }
  st__free(stack, sizeof(int) * (size_t)cap);
  return rc;
}

/* exec_info: in capture mode a node runs only if some path from it reaches a requested input.
   Children come before parents in reverse topological order, so one pass decides. */
static int mark_needed(graph_task *g) {
  int n = g->ntasks, *order = st__calloc((size_t)(n ? n : 1), sizeof(int));
  int *deps = st__calloc((size_t)(n ? n : 1), sizeof(int));
  if (!order || !deps) {
    st__free(order, sizeof(int) * (size_t)(n ? n : 1));
    st__free(deps, sizeof(int) * (size_t)(n ? n : 1));
    return ST_ERR_OOM;
  }
  int head = 0, tail = 0;
  for (int k = 0; k < n; k++) {
    deps[k] = g->tasks[k].deps;
    if (!deps[k]) order[tail++] = k;
  }
  while (head < tail) {
    st_node *node = g->tasks[order[head++]].node;
    for (int i = 0; i < node->nin; i++) {
      if (!node->next[i].node) continue;
      int c = find_task(g, node->next[i].node);
      if (--deps[c] == 0) order[tail++] = c;
    }
  }
  for (int k = tail - 1; k >= 0; k--) {
    task *t = &g->tasks[order[k]];
    for (int i = 0; i < t->node->nin && !t->needed; i++) {
      if (!t->node->next[i].node) continue;
      const task *c = &g->tasks[find_task(g, t->node->next[i].node)];
      t->needed = c->needed || c->capture;
    }
  }
  st__free(order, sizeof(int) * (size_t)(n ? n : 1));
  st__free(deps, sizeof(int) * (size_t)(n ? n : 1));
  return 0;
}

/* A task takes part if it runs or captures; only such tasks count as dependencies. */
static bool relevant(const task *t) { return t->needed || t->capture; }

static void recount_deps(graph_task *g) {
  for (int k = 0; k < g->ntasks; k++) g->tasks[k].deps = 0;
  for (int k = 0; k < g->ntasks; k++) {
    const task *t = &g->tasks[k];
    if (!t->needed) continue; /* a task that does not run sends nothing */
    for (int i = 0; i < t->node->nin; i++)
      if (t->node->next[i].node) g->tasks[find_task(g, t->node->next[i].node)].deps++;
  }
}

/* ------------------------------------------------------------------------------ gradients */

/* Adds g (an owned reference) into *slot. */
static int accumulate(st_tensor **slot, st_tensor *g) {
  if (!*slot) {
    *slot = g;
    return 0;
  }
  st_tensor *sum = st__untrack(st_add(*slot, g));
  st__drop(g);
  if (!sum) return st__status();
  st__drop(*slot);
  *slot = sum;
  return 0;
}

static bool same_shape(const st_tensor *t, const st_tensor_meta *m) {
  if (t->ndim != m->ndim) return false;
  for (int i = 0; i < m->ndim; i++)
    if (t->shape[i] != m->shape[i]) return false;
  return true;
}

/* Checks a node's output gradient i against the input it belongs to; casts its dtype. */
static int validate_grad(st_node *n, int i, st_tensor **g) {
  const st_tensor_meta *m = &n->in_meta[i];
  if (!same_shape(*g, m)) {
    char want[96];
    return st__error(ST_ERR_AUTOGRAD, "%s returned an invalid gradient at index %d - got %s but expected shape %s",
                     n->name, i, ST_SHAPE_STR(*g), st__fmt_shape(want, sizeof want, m->ndim, m->shape));
  }
  if ((*g)->dtype == m->dtype) return 0;
  st_tensor *c = st__untrack(st_to_dtype(*g, m->dtype));
  if (!c) return st__status();
  st__drop(*g);
  *g = c;
  return 0;
}

/* Zeros for the missing output gradients of a multi-output node. */
static int fill_zeros(task *t) {
  for (int j = 0; j < t->node->nout; j++) {
    if (t->buf[j]) continue;
    const st_tensor_meta *m = &t->node->out_meta[j];
    if (!(t->buf[j] = st__untrack(st_zeros(m->dtype, m->ndim, m->shape)))) return st__status();
  }
  return 0;
}

/* The node's own computation, with the current-node marker, the profiler and anomaly mode. */
static int apply(st_node *n, st_tensor *const *gout, st_tensor **gin, const bool *needs) {
  uint64_t t0 = st__profiler_begin();
  int rc = n->ops->apply(n, gout, gin, needs);
  st__profiler_end(n->name, 1, t0);
  if (!rc && st__anomaly_enabled()) rc = st__anomaly_check(n, gin);
  return rc;
}

static int run_node(graph_task *g, int k) {
  task *t = &g->tasks[k];
  st_node *n = t->node;
  bool any = false;
  for (int j = 0; j < n->nout; j++) any = any || t->buf[j];
  int nin = n->nin, rc = 0;
  st_tensor *gin_small[16] = {0}, **gin = gin_small;
  bool needs_small[16], *needs = needs_small;
  if (nin > 16) {
    gin = st__calloc((size_t)nin, sizeof(st_tensor *));
    needs = st__calloc((size_t)nin, sizeof(bool));
    if (!gin || !needs) rc = ST_ERR_OOM;
  }
  for (int i = 0; !rc && i < nin; i++) {
    st_node *c = n->next[i].node;
    needs[i] = c && (!g->capture_mode || relevant(&g->tasks[find_task(g, c)]));
  }
  if (!rc && any) {
    st_node *prev = st__tls_current_node; /* hooks and the node see it, as in PyTorch */
    st__tls_current_node = n;
    rc = st_scope_push();
    if (!rc) rc = st__run_pre_hooks(n, t->buf);
    if (!rc) rc = st__run_retains_grad(n, t->buf);
    if (!rc && !n->ops->null_grads) rc = fill_zeros(t);
    if (!rc) rc = apply(n, t->buf, gin, needs);
    if (!rc) rc = st__run_post_accumulate_hooks(n);
    if (!rc) rc = st__run_post_hooks(n, gin, t->buf);
    for (int i = 0; i < nin; i++) {
      if (!rc && gin[i] && needs[i]) st__untrack(gin[i]);
      else if (gin[i]) gin[i] = NULL; /* still recorded in the scope, which releases it */
    }
    st_scope_pop();
    st__tls_current_node = prev;
    if (!g->retain_graph && n->ops->release_saved) {
      n->ops->release_saved(n);
      n->saved_released = true;
    }
  }
  for (int i = 0; i < nin; i++) {
    st_node *c = n->next[i].node;
    if (!c || !needs[i]) {
      st__drop(gin[i]);
      continue;
    }
    task *ct = &g->tasks[find_task(g, c)];
    if (!rc && gin[i]) rc = validate_grad(n, i, &gin[i]);
    if (!rc && gin[i]) rc = accumulate(&ct->buf[n->next[i].input_nr], gin[i]);
    else st__drop(gin[i]);
    gin[i] = NULL;
    if (--ct->deps == 0) heap_push(g, (int)(ct - g->tasks));
  }
  if (gin != gin_small) {
    st__free(gin, sizeof(st_tensor *) * (size_t)nin);
    st__free(needs, sizeof(bool) * (size_t)nin);
  }
  return rc;
}

static void capture(graph_task *g, int k) {
  task *t = &g->tasks[k];
  for (int i = 0; i < g->ninputs; i++) {
    if (g->input_edges[i].node != t->node) continue;
    st_tensor *v = t->buf[g->input_edges[i].input_nr];
    if (v && !g->captured[i]) g->captured[i] = st_retain(v);
  }
}

static int execute(graph_task *g) {
  if (!(g->heap = st__calloc((size_t)(g->ntasks ? g->ntasks : 1), sizeof(int)))) return ST_ERR_OOM;
  for (int k = 0; k < g->ntasks; k++)
    if (relevant(&g->tasks[k]) && g->tasks[k].deps == 0) heap_push(g, k);
  while (g->nheap) {
    int k = heap_pop(g);
    int rc = st__run_tensor_pre_hooks(g->tasks[k].node, g->tasks[k].buf);
    if (rc) return rc;
    if (g->tasks[k].capture) capture(g, k);
    if (g->tasks[k].needed) {
      rc = run_node(g, k);
      if (rc) return rc;
    }
    for (int j = 0; j < g->tasks[k].node->nout; j++) {
      st__drop(g->tasks[k].buf[j]);
      g->tasks[k].buf[j] = NULL;
    }
  }
  return 0;
}

static void graph_free(graph_task *g) {
  for (int k = 0; k < g->ntasks; k++) {
    for (int j = 0; j < g->tasks[k].node->nout; j++) st__drop(g->tasks[k].buf[j]);
    st__free(g->tasks[k].buf, sizeof(st_tensor *) * (size_t)(g->tasks[k].node->nout ? g->tasks[k].node->nout : 1));
  }
  st__free(g->tasks, sizeof(task) * (size_t)g->cap);
  st__free(g->slots, sizeof(int) * g->nslots);
  st__free(g->heap, sizeof(int) * (size_t)(g->ntasks ? g->ntasks : 1));
}

/* ------------------------------------------------------------------------------ the roots */

static int check_root(const char *fn, int i, st_tensor *out, st_tensor *grad) {
  if (!out) return st__null_error(ST_ERR_ARG, "%s: output %d is NULL", fn, i);
  if (!st__requires_grad(out))
    return st__error(ST_ERR_AUTOGRAD, "%s: element %d of tensors does not require grad and does not have a grad_fn",
                     fn, i);
  if (!grad) {
    if (st__numel(out->ndim, out->shape) != 1)
      return st__error(ST_ERR_AUTOGRAD, "%s: grad can be implicitly created only for scalar outputs (output %d has shape %s)",
                       fn, i, ST_SHAPE_STR(out));
    return 0;
  }
  bool same = grad->ndim == out->ndim;
  for (int d = 0; same && d < out->ndim; d++) same = grad->shape[d] == out->shape[d];
  if (!same) {
    char gs[96];
    return st__error(ST_ERR_SHAPE, "%s: Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has a shape of %s",
                     fn, i, st__fmt_shape(gs, sizeof gs, grad->ndim, grad->shape), i, ST_SHAPE_STR(out));
  }
  return 0;
}

/* Seeds the roots' buffers. Each root's edge is a new node reference kept in edges[]. */
static int seed(graph_task *g, const char *fn, int nout, st_tensor *const *outputs, st_tensor *const *grad_outputs,
                st_edge *edges) {
  for (int i = 0; i < nout; i++) {
    st_tensor *go = grad_outputs ? grad_outputs[i] : NULL;
    if (check_root(fn, i, outputs[i], go)) return st__status();
    edges[i] = st__gradient_edge(outputs[i]);
    if (edges[i].input_nr < 0) return ST_ERR_OOM;
  }
  if (collect(g, edges, nout)) return ST_ERR_OOM;
  for (int i = 0; i < nout; i++) {
    st_tensor *go = grad_outputs ? grad_outputs[i] : NULL;
    st_tensor *v = go ? st_retain(go) : st__untrack(st_ones_like(outputs[i]));
    if (!v) return st__status();
    if (v->dtype != outputs[i]->dtype) {
      st_tensor *c = st__untrack(st_to_dtype(v, outputs[i]->dtype));
      st__drop(v);
      if (!(v = c)) return st__status();
    }
    task *t = &g->tasks[find_task(g, edges[i].node)];
    if (accumulate(&t->buf[edges[i].input_nr], v)) return st__status();
  }
  return 0;
}

static int run_graph(const char *fn, int nout, st_tensor *const *outputs, st_tensor *const *grad_outputs, int nin,
                     st_tensor *const *inputs, st_tensor **grads, const st_grad_opts *o) {
  graph_task g = {.create_graph = o->create_graph, .retain_graph = o->retain_graph || o->create_graph,
                  .capture_mode = inputs != NULL, .ninputs = nin};
  st_edge *edges = st__calloc((size_t)(nout + nin + 1), sizeof(st_edge));
  st_tensor **captured = st__calloc((size_t)(nin + 1), sizeof(st_tensor *));
  bool prev_mode = st_set_grad_enabled(o->create_graph);
  int rc = edges && captured ? 0 : ST_ERR_OOM;
  if (!rc) rc = grow(&g);
  if (!rc) rc = seed(&g, fn, nout, outputs, grad_outputs, edges);
  g.input_edges = edges + nout;
  g.captured = captured;
  for (int i = 0; !rc && i < nin; i++) {
    if (!inputs[i]) rc = st__null_error(ST_ERR_ARG, "%s: input %d is NULL", fn, i);
    else if (!st__requires_grad(inputs[i]))
      rc = st__error(ST_ERR_AUTOGRAD, "%s: one of the differentiated tensors (input %d, shape %s) does not require grad",
                     fn, i, ST_SHAPE_STR(inputs[i]));
    else if ((g.input_edges[i] = st__gradient_edge(inputs[i])).input_nr < 0) rc = ST_ERR_OOM;
    else {
      int k = find_task(&g, g.input_edges[i].node);
      if (k >= 0) g.tasks[k].capture = true;
    }
  }
  if (!rc && g.capture_mode) rc = mark_needed(&g);
  if (!rc) {
    recount_deps(&g);
    rc = execute(&g);
  }
  st_set_grad_enabled(prev_mode);
  if (rc && !st__has_error()) rc = st__error(rc, "%s: a hook failed with status %d and no message", fn, rc);
  for (int i = 0; !rc && i < nin; i++) {
    if (captured[i]) continue;
    if (o->materialize_grads) {
      if (!(captured[i] = st__untrack(st_zeros_like(inputs[i])))) rc = st__status();
    } else if (!o->allow_unused) {
      rc = st__error(ST_ERR_AUTOGRAD, "%s: one of the differentiated tensors (input %d, shape %s) appears to not have "
                                      "been used in the graph. Set allow_unused if this is the desired behavior",
                     fn, i, ST_SHAPE_STR(inputs[i]));
    }
  }
  for (int i = 0; i < nin; i++) {
    if (rc) st__drop(captured[i]);
    else grads[i] = st__track(captured[i]);
  }
  graph_free(&g);
  if (edges)
    for (int i = 0; i < nout + nin; i++) st__node_release(edges[i].node);
  st__free(edges, sizeof(st_edge) * (size_t)(nout + nin + 1));
  st__free(captured, sizeof(st_tensor *) * (size_t)(nin + 1));
  if (!rc) st__ok();
  return rc;
}

int st_backward(st_tensor *root, st_tensor *grad, bool retain_graph, bool create_graph) {
  if (!root) {
    st__null_arg("st_backward", 1);
    return st__status();
  }
  st_grad_opts o = {.retain_graph = retain_graph, .create_graph = create_graph};
  return run_graph("st_backward", 1, &root, grad ? &grad : NULL, 0, NULL, NULL, &o);
}

int st_autograd_grad(int nout, st_tensor *const *outputs, st_tensor *const *grad_outputs, int nin,
                     st_tensor *const *inputs, st_tensor **grads, const st_grad_opts *opts) {
  st_grad_opts o = opts ? *opts : (st_grad_opts){0};
  if (nout < 1 || !outputs) return st__error(ST_ERR_ARG, "st_autograd_grad: needs at least one output (got %d)", nout);
  if (nin < 1 || !inputs || !grads)
    return st__error(ST_ERR_ARG, "st_autograd_grad: needs at least one input and a grads array (got %d)", nin);
  for (int i = 0; i < nin; i++) grads[i] = NULL;
  return run_graph("st_autograd_grad", nout, outputs, grad_outputs, nin, inputs, grads, &o);
}
