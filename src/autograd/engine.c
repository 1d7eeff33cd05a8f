/* engine.c — the backward engine: a graph task over the nodes reachable from the roots, with
   dependency counts, exec_info pruning for st_autograd_grad, needs_input_grad for every node,
   and a ready queue that runs the highest (priority, sequence number) first. */
#include <string.h>

#include "engine.h"

/* ------------------------------------------------------------------------- the node map */

static size_t hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33, x *= 0xff51afd7ed558ccdull, x ^= x >> 33;
  return (size_t)x;
}

int st__engine_find(const graph_task *g, const st_node *n) {
  int h = atomic_load_explicit(&((st_node *)n)->task_hint, memory_order_relaxed);
  if ((unsigned)h < (unsigned)g->ntasks && g->tasks[h].node == n) return h;
  for (size_t i = hash_ptr(n) & (g->nslots - 1);; i = (i + 1) & (g->nslots - 1)) {
    if (!g->slots[i]) return -1;
    if (g->tasks[g->slots[i] - 1].node == n) return g->slots[i] - 1;
  }
}

/* The last graph task's capacity on this thread (up to 4096): the next one starts there, so a
   training loop's backward of the same graph finds its tables the right size at once. */
static _Thread_local int tls_tasks_hint;

static int grow(graph_task *g) {
  int cap = g->cap ? 2 * g->cap : tls_tasks_hint > 64 ? tls_tasks_hint : 64;
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

/* n empty gradient slots from the graph task's chunks (a new chunk, twice the last, when full). */
static st_tensor **task_buf(graph_task *g, size_t n) {
  task_bufs *c = g->bufs;
  if (!c || c->used + n > c->cap) {
    size_t cap = c ? 2 * c->cap : 64;
    if (cap < n) cap = n;
    if (!(c = st__alloc(sizeof *c + sizeof(st_tensor *) * cap))) return NULL;
    *c = (task_bufs){g->bufs, 0, cap};
    g->bufs = c;
  }
  st_tensor **b = c->slot + c->used;
  c->used += n;
  memset(b, 0, sizeof(st_tensor *) * n);
  return b;
}

/* Adds a task for n (not yet present); returns its index or -1 on OOM. */
static int add_task(graph_task *g, st_node *n) {
  if (g->ntasks == g->cap && grow(g)) return -1;
  st_tensor **buf = task_buf(g, (size_t)(n->nout ? n->nout : 1));
  if (!buf) return -1;
  g->tasks[g->ntasks] = (task){n, buf, 0, !g->prune, false, false, false};
  size_t i = hash_ptr(n) & (g->nslots - 1);
  while (g->slots[i]) i = (i + 1) & (g->nslots - 1);
  g->slots[i] = ++g->ntasks;
  atomic_store_explicit(&n->task_hint, g->ntasks - 1, memory_order_relaxed);
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
    if (!roots[r].node || st__engine_find(g, roots[r].node) >= 0) continue;
    if (add_task(g, roots[r].node) < 0) return ST_ERR_OOM;
    if (nstack == cap) {
      int ncap = cap ? 2 * cap : 64;
      int *s = st__realloc(stack, sizeof(int) * (size_t)cap, sizeof(int) * (size_t)ncap);
      if (!s) {
        rc = ST_ERR_OOM;
        break;
      }
      stack = s, cap = ncap;
    }
    stack[nstack++] = g->ntasks - 1;
    while (nstack && !rc) {
      st_node *n = g->tasks[stack[--nstack]].node;
      for (int i = 0; i < n->nin; i++) {
        st_node *c = n->next[i].node;
        if (!c) continue;
        int k = st__engine_find(g, c);
        if (k < 0) {
          if ((k = add_task(g, c)) < 0) {
            rc = ST_ERR_OOM;
            break;
          }
          if (nstack == cap) {
            int ncap = cap ? 2 * cap : 64;
            int *s = st__realloc(stack, sizeof(int) * (size_t)cap, sizeof(int) * (size_t)ncap);
            if (!s) {
              rc = ST_ERR_OOM;
              break;
            }
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

/* exec_info: with inputs, a node runs only if it accumulates for an input (target) or some path
   from it reaches a requested input. Children come before parents in reverse topological
   order, so one pass decides. */
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
      int c = st__engine_find(g, node->next[i].node);
      if (--deps[c] == 0) order[tail++] = c;
    }
  }
  for (int k = tail - 1; k >= 0; k--) {
    task *t = &g->tasks[order[k]];
    t->needed = t->target;
    for (int i = 0; i < t->node->nin && !t->needed; i++) {
      if (!t->node->next[i].node) continue;
      const task *c = &g->tasks[st__engine_find(g, t->node->next[i].node)];
      t->needed = c->needed || c->capture;
    }
  }
  st__free(order, sizeof(int) * (size_t)(n ? n : 1));
  st__free(deps, sizeof(int) * (size_t)(n ? n : 1));
  return 0;
}

static void recount_deps(graph_task *g) {
  for (int k = 0; k < g->ntasks; k++) g->tasks[k].deps = 0;
  for (int k = 0; k < g->ntasks; k++) {
    const task *t = &g->tasks[k];
    if (!t->needed) continue; /* a task that does not run sends nothing */
    for (int i = 0; i < t->node->nin; i++)
      if (t->node->next[i].node) g->tasks[st__engine_find(g, t->node->next[i].node)].deps++;
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

/* Whether the input's shape m broadcasts to the gradient's (its dims right-aligned). */
static bool expands_to(const st_tensor_meta *m, const st_tensor *g) {
  if (m->ndim > g->ndim) return false;
  for (int d = 0; d < m->ndim; d++) {
    int64_t a = m->shape[d], b = g->shape[g->ndim - m->ndim + d];
    if (a != b && a != 1) return false;
  }
  return true;
}

/* g summed down to shape m (expands_to holds): PyTorch's reduce_grad. */
static int sum_to(st_tensor **g, const st_tensor_meta *m) {
  int lead = (*g)->ndim - m->ndim, dims[ST_MAX_DIMS], n = 0;
  for (int d = 0; d < (*g)->ndim; d++)
    if (d < lead || (m->shape[d - lead] == 1 && (*g)->shape[d] != 1)) dims[n++] = d;
  st_tensor *s = n ? st_sum(*g, n, dims, true) : *g;
  st_tensor *r = st__untrack(st_reshape(s, m->ndim, m->shape));
  if (n) st_release(s);
  if (!r) return st__status();
  st__drop(*g);
  *g = r;
  return 0;
}

/* Checks a node's output gradient i against the input it belongs to: one of a shape the
   input's broadcasts to is summed down to it, as PyTorch's validate_outputs does; casts its
   dtype. */
static int validate_grad(st_node *n, int i, st_tensor **g) {
  const st_tensor_meta *m = &n->in_meta[i];
  if (!same_shape(*g, m) && expands_to(m, *g)) {
    int rc = sum_to(g, m);
    if (rc) return rc;
  }
  if (!same_shape(*g, m)) {
    char want[96];
    return st__error(ST_ERR_AUTOGRAD,
                     "%s returned an invalid gradient at index %d - got %s but expected shape %s",
                     n->name, i, ST_SHAPE_STR(*g),
                     st__fmt_shape(want, sizeof want, m->ndim, m->shape));
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

/* The node's pre-hooks, itself and its post-hooks, then its gradients into its children's
   buffers. Gradients the node made but nobody needs stay in the task's scope, which drops them. */
static int run_node(graph_task *g, int k) {
  task *t = &g->tasks[k];
  st_node *n = t->node;
  bool any = false;
  for (int j = 0; j < n->nout; j++) any = any || t->buf[j];
  int nin = n->nin, rc = 0;
  st_tensor *gin_small[16], **gin = gin_small;
  bool needs_small[16], *needs = needs_small;
  if (nin > 16) {
    gin = st__calloc((size_t)nin, sizeof(st_tensor *));
    needs = st__calloc((size_t)nin, sizeof(bool));
    if (!gin || !needs) {
      st__free(gin, sizeof(st_tensor *) * (size_t)nin);
      st__free(needs, sizeof(bool) * (size_t)nin);
      return ST_ERR_OOM;
    }
  }
  for (int i = 0; i < nin; i++) {
    st_node *c = n->next[i].node;
    gin[i] = NULL;
    needs[i] = c && (!g->prune || st__engine_relevant(&g->tasks[st__engine_find(g, c)]));
  }
  if (any) {
    t->ran = true;
    if (atomic_load_explicit(&n->hooks, memory_order_relaxed))
      rc = g->ca ? st__ca_hooks(g, k, ST_CA_PRE_HOOKS, t->buf, NULL) : st__run_pre_hooks(n, t->buf);
    if (!rc && !n->ops->null_grads) rc = fill_zeros(t);
    if (!rc) rc = apply(n, t->buf, gin, needs);
    /* read again: a hook registered while the node ran (an unpack hook may) runs, as in PyTorch */
    if (!rc && atomic_load_explicit(&n->hooks, memory_order_relaxed))
      rc = g->ca ? st__ca_hooks(g, k, ST_CA_POST_HOOKS, t->buf, gin)
                 : st__run_post_hooks(n, gin, t->buf);
    for (int i = 0; i < nin; i++) {
      if (!rc && gin[i] && needs[i])
        st__untrack(gin[i]);
      else
        gin[i] = NULL; /* still recorded in the scope, which releases it */
    }
    if (!g->retain_graph && n->ops->release_saved) {
      n->ops->release_saved(n);
      n->saved_released = true;
    }
  }
  for (int i = 0; i < nin; i++) {
    st_node *c = n->next[i].node;
    if (!c || !needs[i]) continue;
    task *ct = &g->tasks[st__engine_find(g, c)];
    if (!rc && gin[i]) rc = validate_grad(n, i, &gin[i]);
    if (!rc && gin[i])
      rc = accumulate(&ct->buf[n->next[i].input_nr], gin[i]);
    else
      st__drop(gin[i]);
    gin[i] = NULL;
    if (--ct->deps == 0) heap_push(g, (int)(ct - g->tasks));
  }
  if (gin != gin_small) {
    st__free(gin, sizeof(st_tensor *) * (size_t)nin);
    st__free(needs, sizeof(bool) * (size_t)nin);
  }
  return rc;
}

/* A compiled-autograd capture run's gradient leaving the graph: v (owned) for target. */
static int sink(graph_task *g, int k, int target, st_tensor *v) {
  if (g->nsinks == g->capsinks) {
    int cap = g->capsinks ? 2 * g->capsinks : 16;
    st_ca_sink *s = st__realloc(g->sinks, sizeof *s * (size_t)g->capsinks, sizeof *s * (size_t)cap);
    if (s) g->sinks = s;
    st_tensor **u =
        s ? st__realloc(g->sunk, sizeof *u * (size_t)g->capsinks, sizeof *u * (size_t)cap) : NULL;
    if (!u) {
      st__drop(v);
      return ST_ERR_OOM;
    }
    g->sunk = u;
    g->capsinks = cap;
  }
  g->sinks[g->nsinks] = (st_ca_sink){k, target};
  g->sunk[g->nsinks++] = v;
  return 0;
}

static int capture(graph_task *g, int k) {
  task *t = &g->tasks[k];
  for (int i = 0; i < g->ninputs; i++) {
    if (g->input_edges[i].node != t->node) continue;
    st_tensor *v = t->buf[g->input_edges[i].input_nr];
    if (v && g->ca) {
      int rc = sink(g, k, i, st_retain(v));
      if (rc) return rc;
    } else if (v && !g->captured[i]) {
      g->captured[i] = st_retain(v);
    }
  }
  return 0;
}

/* Everything that happens at one node the backward reaches, in one scope and with the node
   current (hooks see it, as in PyTorch): tensor pre-hooks and retains-grad at every reached
   node, then capture and the node itself where they apply. */
static int process(graph_task *g, int k) {
  task *t = &g->tasks[k];
  st_node *prev = st__tls_current_node;
  st__tls_current_node = t->node;
  int rc = st_scope_push();
  if (g->ca && t->needed && !t->capture && st__is_accumulate(t->node)) {
    /* compiled autograd's capture run: the gradient leaves the graph here; its hooks and the
       accumulation run afterwards (st__engine_accumulate) */
    if (!rc && t->buf[0])
      rc = g->ca_accumulate ? st__ca_accumulate(g, k, t->buf[0]) : sink(g, k, -1, t->buf[0]);
    t->buf[0] = NULL;
  } else {
    if (!rc && st__node_hooked(t->node) && g->ca) {
      rc = st__ca_hooks(g, k, ST_CA_TENSOR_HOOKS, t->buf, NULL);
    } else if (!rc && st__node_hooked(t->node)) {
      rc = st__run_tensor_pre_hooks(t->node, t->buf);
      if (!rc) rc = st__run_retains_grad(t->node, t->buf);
    }
    if (!rc && t->capture) rc = capture(g, k);
    if (!rc && t->needed) rc = run_node(g, k);
  }
  st_scope_pop();
  st__tls_current_node = prev;
  for (int j = 0; j < t->node->nout; j++) {
    st__drop(t->buf[j]);
    t->buf[j] = NULL;
  }
  return rc;
}

int st__engine_accumulate(st_node *n, st_tensor *grad) {
  st_tensor *buf[1] = {grad}, *none[1] = {NULL};
  st_node *prev = st__tls_current_node;
  st__tls_current_node = n;
  int rc = st_scope_push();
  if (!rc && st__node_hooked(n)) {
    rc = st__run_tensor_pre_hooks(n, buf);
    if (!rc) rc = st__run_retains_grad(n, buf);
  }
  if (!rc && buf[0]) {
    if (atomic_load_explicit(&n->hooks, memory_order_relaxed)) rc = st__run_pre_hooks(n, buf);
    if (!rc) rc = apply(n, buf, none, (const bool[]){false});
    if (!rc && atomic_load_explicit(&n->hooks, memory_order_relaxed))
      rc = st__run_post_hooks(n, none, buf);
  }
  st_scope_pop();
  st__tls_current_node = prev;
  st__drop(buf[0]);
  return rc;
}

int st__engine_order(graph_task *g, int *order) {
  int n = 0, *deps = st__calloc((size_t)(g->ntasks ? g->ntasks : 1), sizeof(int));
  int *heap = deps ? st__calloc((size_t)(g->ntasks ? g->ntasks : 1), sizeof(int)) : NULL;
  if (!heap) {
    st__free(deps, sizeof(int) * (size_t)(g->ntasks ? g->ntasks : 1));
    return -1;
  }
  int *saved_heap = g->heap, saved_n = g->nheap;
  g->heap = heap, g->nheap = 0;
  for (int k = 0; k < g->ntasks; k++) {
    deps[k] = g->tasks[k].deps;
    if (st__engine_relevant(&g->tasks[k]) && deps[k] == 0) heap_push(g, k);
  }
  while (g->nheap) {
    int k = order[n++] = heap_pop(g);
    const task *t = &g->tasks[k];
    if (!t->needed) continue; /* sends nothing: its children count only running parents */
    for (int i = 0; i < t->node->nin; i++) {
      if (!t->node->next[i].node) continue;
      int c = st__engine_find(g, t->node->next[i].node);
      if (st__engine_relevant(&g->tasks[c]) && --deps[c] == 0) heap_push(g, c);
    }
  }
  g->heap = saved_heap, g->nheap = saved_n;
  st__free(heap, sizeof(int) * (size_t)(g->ntasks ? g->ntasks : 1));
  st__free(deps, sizeof(int) * (size_t)(g->ntasks ? g->ntasks : 1));
  return n;
}

int st__engine_execute(graph_task *g) {
  if (!(g->heap = st__calloc((size_t)(g->ntasks ? g->ntasks : 1), sizeof(int)))) return ST_ERR_OOM;
  for (int k = 0; k < g->ntasks; k++)
    if (st__engine_relevant(&g->tasks[k]) && g->tasks[k].deps == 0) heap_push(g, k);
  while (g->nheap) {
    int rc = process(g, heap_pop(g));
    if (rc) return rc;
  }
  return 0;
}

static void graph_free(graph_task *g) {
  for (int k = 0; k < g->ntasks; k++) {
    int nout = g->tasks[k].node->nout;
    for (int j = 0; j < nout; j++) st__drop(g->tasks[k].buf[j]);
  }
  while (g->bufs) {
    task_bufs *c = g->bufs;
    g->bufs = c->next;
    st__free(c, sizeof *c + sizeof(st_tensor *) * c->cap);
  }
  for (int k = 0; k < g->nsinks; k++) st__drop(g->sunk[k]);
  st__free(g->sinks, sizeof *g->sinks * (size_t)g->capsinks);
  st__free(g->sunk, sizeof *g->sunk * (size_t)g->capsinks);
  st__free(g->tasks, sizeof(task) * (size_t)g->cap);
  if (g->cap) tls_tasks_hint = g->cap < 4096 ? g->cap : 4096;
  st__free(g->slots, sizeof(int) * g->nslots);
  st__free(g->heap, sizeof(int) * (size_t)(g->ntasks ? g->ntasks : 1));
}

/* ------------------------------------------------------------------------------ the roots */

static int check_root(const char *fn, int i, st_tensor *out, st_tensor *grad) {
  if (!out) return st__null_error(ST_ERR_ARG, "%s: output %d is NULL", fn, i);
  if (!st__requires_grad(out))
    return st__error(ST_ERR_AUTOGRAD,
                     "%s: element %d of tensors does not require grad and does not have a grad_fn",
                     fn, i);
  if (!grad) {
    if (st__numel(out->ndim, out->shape) != 1)
      return st__error(ST_ERR_AUTOGRAD,
                       "%s: grad can be implicitly created only for scalar outputs (output %d has "
                       "shape %s)",
                       fn, i, ST_SHAPE_STR(out));
    return 0;
  }
  bool same = grad->ndim == out->ndim;
  for (int d = 0; same && d < out->ndim; d++) same = grad->shape[d] == out->shape[d];
  if (!same) {
    char gs[96];
    return st__error(ST_ERR_SHAPE,
                     "%s: Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has "
                     "a shape of %s",
                     fn, i, st__fmt_shape(gs, sizeof gs, grad->ndim, grad->shape), i,
                     ST_SHAPE_STR(out));
  }
  return 0;
}

/* Seeds the roots' buffers. Each root's edge is a new node reference kept in edges[]. */
static int seed(graph_task *g, const run_args *a, st_edge *edges) {
  for (int i = 0; i < a->nout; i++) {
    st_tensor *go = a->grad_outputs ? a->grad_outputs[i] : NULL;
    if (check_root(a->fn, i, a->outputs[i], go)) return st__status();
    edges[i] = st__gradient_edge(a->outputs[i]);
    if (edges[i].input_nr < 0) return ST_ERR_OOM;
  }
  if (collect(g, edges, a->nout)) return ST_ERR_OOM;
  for (int i = 0; i < a->nout; i++) {
    st_tensor *go = a->grad_outputs ? a->grad_outputs[i] : NULL;
    st_tensor *v = go ? st_retain(go) : st__untrack(st_ones_like(a->outputs[i]));
    if (!v) return st__status();
    if (v->dtype != a->outputs[i]->dtype) {
      st_tensor *c = st__untrack(st_to_dtype(v, a->outputs[i]->dtype));
      st__drop(v);
      if (!(v = c)) return st__status();
    }
    task *t = &g->tasks[st__engine_find(g, edges[i].node)];
    if (accumulate(&t->buf[edges[i].input_nr], v)) return st__status();
  }
  return 0;
}

/* The inputs' edges (a leaf without an AccumulateGrad node is reached by nothing). A captured
   input's node is read; a backward input's node runs, and a non-leaf input retains its grad,
   as torch.autograd.backward(inputs=...) makes it. */
static int find_inputs(graph_task *g, const run_args *a) {
  for (int i = 0; i < a->nin; i++) {
    st_tensor *t = a->inputs[i];
    if (!t) return st__null_error(ST_ERR_ARG, "%s: input %d is NULL", a->fn, i);
    if (!st__requires_grad(t))
      return st__error(ST_ERR_AUTOGRAD,
                       "%s: one of the differentiated tensors (input %d, shape %s) does not "
                       "require grad",
                       a->fn, i, ST_SHAPE_STR(t));
    if (!a->grads && t->ag->grad_fn && !t->ag->retains_grad && st__add_retains_grad(t))
      return st__status();
    g->input_edges[i] = st__existing_gradient_edge(t);
    int k = g->input_edges[i].node ? st__engine_find(g, g->input_edges[i].node) : -1;
    if (k < 0) continue;
    if (a->grads)
      g->tasks[k].capture = true;
    else
      g->tasks[k].target = true;
  }
  return 0;
}

/* st_autograd_grad's results: an input no gradient reached gets zeros (materialize_grads; under
   create_graph they require grad, as torch.autograd.grad makes them) or NULL (allow_unused). */
int st__engine_check_used(const run_args *a, st_tensor *const *captured) {
  for (int i = 0; !a->materialize && !a->allow_unused && i < a->nin; i++)
    if (!captured[i])
      return st__error(ST_ERR_AUTOGRAD,
                       "%s: one of the differentiated tensors (input %d, shape %s) appears to not "
                       "have been used in the graph. Set allow_unused if this is the desired "
                       "behavior",
                       a->fn, i, ST_SHAPE_STR(a->inputs[i]));
  return 0;
}

static int finish_grads(const run_args *a, st_tensor **captured) {
  int rc = st__engine_check_used(a, captured);
  for (int i = 0; !rc && a->materialize && i < a->nin; i++) {
    if (captured[i]) continue;
    if (!(captured[i] = st__untrack(st_zeros_like(a->inputs[i])))) return st__status();
    if (a->create_graph) {
      st_autograd_meta *m = st__ag_meta(captured[i]);
      if (!m) return st__status();
      m->requires_grad = true;
    }
  }
  return rc;
}

static int run_graph(const run_args *a) {
  graph_task g = {
      .retain_graph = a->retain_graph || a->create_graph, .prune = a->nin > 0, .ninputs = a->nin};
  size_t nedges = (size_t)(a->nout + a->nin + 1), ncaptured = (size_t)(a->nin + 1);
  st_edge *edges = st__calloc(nedges, sizeof(st_edge));
  st_tensor **captured = a->grads ? st__calloc(ncaptured, sizeof(st_tensor *)) : NULL;
  bool prev_mode = st_set_grad_enabled(a->create_graph);
  int rc = edges && (captured || !a->grads) ? 0 : ST_ERR_OOM;
  if (!rc) rc = grow(&g);
  if (!rc) rc = seed(&g, a, edges);
  g.input_edges = edges ? edges + a->nout : NULL;
  g.captured = captured;
  if (!rc) rc = find_inputs(&g, a);
  if (!rc && g.prune) rc = mark_needed(&g);
  if (!rc) {
    recount_deps(&g);
    rc = st__ca_enabled() ? st__ca_backward(&g, a) : 1;
    if (rc == 1) rc = st__engine_execute(&g);
  }
  st_set_grad_enabled(prev_mode);
  if (rc && !st__has_error())
    rc = st__error(rc, "%s: a hook failed with status %d and no message", a->fn, rc);
  if (!rc && a->grads) rc = finish_grads(a, captured);
  for (int i = 0; rc && captured && i < a->nin; i++) st__drop(captured[i]);
  if (!rc && captured) {
    for (int i = 0; i < a->nin; i++) a->grads[i] = captured[i];
    rc = st__track_all(a->nin, a->grads);
  }
  graph_free(&g);
  if (edges)
    for (int i = 0; i < a->nout + a->nin; i++) st__node_release(edges[i].node);
  st__free(edges, sizeof(st_edge) * nedges);
  st__free(captured, sizeof(st_tensor *) * ncaptured);
  if (!rc) st__ok();
  return rc;
}

/* ------------------------------------------------------------------------- batched grads */

/* is_grads_batched: PyTorch runs the backward under vmap over the grad_outputs' first dim; so
   does this, through the public st_vmap. The function runs once on the batched cotangents;
   inputs it leaves without a gradient are reported in `used`. */
typedef struct {
  run_args a;
  bool *used;
} batched;

static int batched_backward(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  batched *b = ctx;
  run_args a = b->a;
  a.grad_outputs = in;
  a.grads = out;
  a.allow_unused = true;
  a.materialize = false;
  int rc = run_graph(&a);
  for (int i = 0; !rc && i < nout; i++) {
    b->used[i] = out[i] != NULL;
    if (!out[i] && !(out[i] = st_zeros_like(a.inputs[i]))) rc = st__status();
  }
  if (rc)
    for (int i = 0; i < nout; i++) out[i] = NULL; /* the function's scope releases them */
  return rc;
}

static int check_batched(const run_args *a, int64_t *batch) {
  for (int i = 0; i < a->nout; i++) {
    st_tensor *go = a->grad_outputs ? a->grad_outputs[i] : NULL, *out = a->outputs[i];
    if (!go)
      return st__null_error(ST_ERR_ARG,
                            "%s: is_grads_batched needs every grad_output (grad_output %d is NULL)",
                            a->fn, i);
    if (!out) return st__null_error(ST_ERR_ARG, "%s: output %d is NULL", a->fn, i);
    bool same = go->ndim == out->ndim + 1;
    for (int d = 0; same && d < out->ndim; d++) same = go->shape[d + 1] == out->shape[d];
    if (!same) {
      char gs[96];
      return st__error(ST_ERR_SHAPE,
                       "%s: If is_grads_batched=true, we interpret the first dimension of each "
                       "grad_output as the batch dimension. The sizes of the remaining dimensions "
                       "are expected to match the shape of corresponding output, but a mismatch "
                       "was detected: grad_output[%d] has a shape of %s and output[%d] has a "
                       "shape of %s",
                       a->fn, i, st__fmt_shape(gs, sizeof gs, go->ndim, go->shape), i,
                       ST_SHAPE_STR(out));
    }
    if (i > 0 && go->shape[0] != *batch)
      return st__error(ST_ERR_SHAPE,
                       "%s: is_grads_batched: grad_output %d has a batch of %lld, grad_output 0 "
                       "of %lld",
                       a->fn, i, (long long)go->shape[0], (long long)*batch);
    *batch = go->shape[0];
  }
  return 0;
}

static int grad_batched(const run_args *a) {
  int64_t batch = 0;
  if (check_batched(a, &batch)) return st__status();
  bool *used = st__calloc((size_t)a->nin, sizeof(bool));
  batched b = {*a, used};
  st_func *f = used ? st_func_new(batched_backward, &b, a->nout, a->nin) : NULL;
  st_func *v = f ? st_vmap(f, NULL, NULL) : NULL;
  int rc = v ? st_call(v, a->grad_outputs, a->grads) : st__status();
  st_func_release(v);
  st_func_release(f);
  for (int i = 0; !rc && i < a->nin; i++) {
    if (used[i]) continue;
    st_release(a->grads[i]);
    a->grads[i] = NULL;
    if (a->materialize) {
      int64_t shape[ST_MAX_DIMS + 1] = {batch};
      const st_tensor *x = a->inputs[i];
      memcpy(shape + 1, x->shape, sizeof(int64_t) * (size_t)x->ndim);
      st_autograd_meta *m = NULL;
      if (!(a->grads[i] = st_zeros(x->dtype, x->ndim + 1, shape)) ||
          (a->create_graph && !(m = st__ag_meta(a->grads[i]))))
        rc = st__status();
      else if (m)
        m->requires_grad = true;
    } else if (!a->allow_unused) {
      rc = st__error(ST_ERR_AUTOGRAD,
                     "%s: one of the differentiated tensors (input %d, shape %s) appears to not "
                     "have been used in the graph. Set allow_unused if this is the desired "
                     "behavior",
                     a->fn, i, ST_SHAPE_STR(a->inputs[i]));
    }
  }
  if (rc)
    for (int i = 0; i < a->nin; i++) {
      st_release(a->grads[i]);
      a->grads[i] = NULL;
    }
  st__free(used, sizeof(bool) * (size_t)a->nin);
  if (!rc) st__ok();
  return rc;
}

/* ------------------------------------------------------------------------------ public */

int st_backward(st_tensor *root, st_tensor *grad, bool retain_graph, bool create_graph) {
  if (!root) {
    st__null_arg("st_backward", 1);
    return st__status();
  }
  run_args a = {"st_backward", 1,     &root, grad ? &grad : NULL, 0, NULL, NULL, create_graph,
                retain_graph,  false, false};
  return run_graph(&a);
}

int st_backward_ex(int nroots, st_tensor *const *roots, st_tensor *const *grads,
                   const st_backward_opts *opts) {
  st_backward_opts o = opts ? *opts : (st_backward_opts){0};
  if (nroots < 1 || !roots)
    return st__error(ST_ERR_ARG, "st_backward_ex: needs at least one root (got %d)", nroots);
  if (o.ninputs < 0 || (o.ninputs > 0 && !o.inputs))
    return st__error(ST_ERR_ARG, "st_backward_ex: ninputs is %d but inputs is %s", o.ninputs,
                     o.inputs ? "given" : "NULL");
  run_args a = {"st_backward_ex", nroots,         roots, grads, o.ninputs, o.inputs, NULL,
                o.create_graph,   o.retain_graph, false, false};
  return run_graph(&a);
}

int st_autograd_grad(int nout, st_tensor *const *outputs, st_tensor *const *grad_outputs, int nin,
                     st_tensor *const *inputs, st_tensor **grads, const st_grad_opts *opts) {
  st_grad_opts o = opts ? *opts : (st_grad_opts){0};
  if (nout < 1 || !outputs)
    return st__error(ST_ERR_ARG, "st_autograd_grad: needs at least one output (got %d)", nout);
  if (nin < 1 || !inputs || !grads)
    return st__error(ST_ERR_ARG,
                     "st_autograd_grad: needs at least one input and a grads array (got %d)", nin);
  const char *who = "st_autograd_grad";
  if (st__check_apart(who, "grads", grads, nin, "inputs", inputs, nin) ||
      st__check_apart(who, "grads", grads, nin, "outputs", outputs, nout) ||
      st__check_apart(who, "grads", grads, nin, "grad_outputs", grad_outputs, nout))
    return st__status();
  for (int i = 0; i < nin; i++) grads[i] = NULL;
  run_args a = {
      "st_autograd_grad", nout,           outputs,        grad_outputs,       nin, inputs, grads,
      o.create_graph,     o.retain_graph, o.allow_unused, o.materialize_grads};
  return o.is_grads_batched ? grad_batched(&a) : run_graph(&a);
}
