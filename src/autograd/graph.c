/* graph.c — inspecting the backward graph: nodes and edges, a breadth-first walk from the
   roots (#87507), and a Graphviz picture. */
#include <string.h>

#include "autograd.h"

/* A view whose base was written gets its grad_fn made again first (views.c). */
st_node *st_grad_fn(const st_tensor *t) {
  if (!t) {
    st__null_arg("st_grad_fn", 1);
    return NULL;
  }
  if (st__view_refresh((st_tensor *)t)) return NULL;
  return t->ag ? t->ag->grad_fn : NULL;
}

static bool given(const char *fn, const st_node *n) {
  if (!n) st__error(ST_ERR_ARG, "%s: the node is NULL", fn);
  return n != NULL;
}

const char *st_node_name(const st_node *n) { return given("st_node_name", n) ? n->name : ""; }
int st_node_num_next(const st_node *n) { return given("st_node_num_next", n) ? n->nin : 0; }
st_tensor *st_node_variable(const st_node *n) {
  return given("st_node_variable", n) && st__is_accumulate(n) ? (st_tensor *)n->state : NULL;
}
uint64_t st_node_sequence_nr(const st_node *n) {
  return given("st_node_sequence_nr", n) ? n->sequence_nr : 0;
}
int64_t st_node_priority(const st_node *n) {
  return given("st_node_priority", n) ? n->priority : 0;
}
void st_node_set_priority(st_node *n, int64_t priority) {
  if (given("st_node_set_priority", n)) n->priority = priority;
}

st_node *st_node_next(const st_node *n, int i, int *input_nr) {
  if (!n || i < 0 || i >= n->nin) {
    st__error(ST_ERR_ARG, "st_node_next: edge %d is out of range for %s with %d edges", i,
              n ? n->name : "NULL", n ? n->nin : 0);
    return NULL;
  }
  if (input_nr) *input_nr = n->next[i].input_nr;
  return n->next[i].node;
}

/* The nodes reachable from the roots' grad_fns (or leaves' accumulators), breadth-first, each
   once: a hash set of the nodes seen keeps the walk linear (#87507 asks for 100k-node graphs).
   The roots' own nodes are held (a leaf's accumulator may die on another thread); everything
   below them lives as long as they do. */
typedef struct {
  st_node **order; /* breadth-first */
  int n, cap;
  st_node **set; /* open addressing, power-of-two size */
  size_t nset;
  int nroots; /* order[0..nroots) are held */
} walk;

static size_t slot_of(const st_node *n, size_t size) {
  uint64_t x = (uint64_t)(uintptr_t)n;
  x ^= x >> 33, x *= 0xff51afd7ed558ccdull, x ^= x >> 33;
  return (size_t)x & (size - 1);
}

/* Adds n unless seen; 0, or ST_ERR_OOM. */
static int visit_once(walk *w, st_node *n) {
  if (2 * (size_t)(w->n + 1) > w->nset) { /* keep the set at most half full */
    size_t nset = w->nset ? 2 * w->nset : 64;
    st_node **set = st__calloc(nset, sizeof(st_node *));
    if (!set) return ST_ERR_OOM;
    for (int k = 0; k < w->n; k++) {
      size_t i = slot_of(w->order[k], nset);
      while (set[i]) i = (i + 1) & (nset - 1);
      set[i] = w->order[k];
    }
    st__free(w->set, sizeof(st_node *) * w->nset);
    w->set = set;
    w->nset = nset;
  }
  size_t i = slot_of(n, w->nset);
  for (; w->set[i]; i = (i + 1) & (w->nset - 1))
    if (w->set[i] == n) return 0;
  if (w->n == w->cap) {
    int cap = w->cap ? 2 * w->cap : 64;
    st_node **o =
        st__realloc(w->order, sizeof(st_node *) * (size_t)w->cap, sizeof(st_node *) * (size_t)cap);
    if (!o) return ST_ERR_OOM;
    w->order = o;
    w->cap = cap;
  }
  w->set[i] = n;
  w->order[w->n++] = n;
  return 1;
}

static void walk_free(walk *w) {
  for (int k = 0; k < w->nroots; k++) st__node_release(w->order[k]);
  st__free(w->order, sizeof(st_node *) * (size_t)w->cap);
  st__free(w->set, sizeof(st_node *) * w->nset);
}

static int reachable(const char *fn, st_tensor *const *roots, int nroots, walk *w) {
  *w = (walk){0};
  for (int r = 0; r < nroots; r++) {
    if (!roots[r]) return st__null_error(ST_ERR_ARG, "%s: root %d is NULL", fn, r);
    if (st__view_refresh(roots[r])) return ST_ERR_OOM;
    st_edge e = st__existing_gradient_edge(roots[r]);
    if (!e.node) continue;
    int rc = visit_once(w, e.node);
    if (rc == 1)
      w->nroots++;
    else
      st__node_release(e.node); /* seen already, or OOM */
    if (rc < 0) return rc;
  }
  for (int head = 0; head < w->n; head++) {
    st_node *node = w->order[head];
    for (int i = 0; i < node->nin; i++)
      if (node->next[i].node && visit_once(w, node->next[i].node) < 0) return ST_ERR_OOM;
  }
  return 0;
}

int st_graph_walk(st_tensor *const *roots, int nroots, void (*visit)(void *user, st_node *n),
                  void *user) {
  if (!roots || nroots < 0 || !visit)
    return st__error(ST_ERR_ARG, "st_graph_walk: roots and visit must be given");
  walk w;
  int rc = reachable("st_graph_walk", roots, nroots, &w);
  for (int i = 0; !rc && i < w.n; i++) visit(user, w.order[i]);
  walk_free(&w);
  if (!rc) st__ok();
  return rc;
}

int st_graph_to_dot(st_tensor *const *roots, int nroots, FILE *f) {
  if (!roots || nroots < 0 || !f)
    return st__error(ST_ERR_ARG, "st_graph_to_dot: roots and a FILE must be given");
  walk w;
  int rc = reachable("st_graph_to_dot", roots, nroots, &w);
  if (rc) {
    walk_free(&w);
    return rc;
  }
  fprintf(f, "digraph strata {\n  rankdir=BT;\n  node [shape=box, fontname=\"monospace\"];\n");
  for (int i = 0; i < w.n; i++) {
    st_node *node = w.order[i];
    char ins[256] = "";
    size_t len = 0;
    for (int j = 0; j < node->nin && len < sizeof ins - 40; j++) {
      char sh[96];
      int k = snprintf(ins + len, sizeof ins - len, "%s%s", j ? ", " : "",
                       st__fmt_shape(sh, sizeof sh, node->in_meta[j].ndim, node->in_meta[j].shape));
      len = k < 0 ? len : len + (size_t)k < sizeof ins ? len + (size_t)k : sizeof ins - 1;
    }
    fprintf(f, "  n%p [label=\"%s\\ninputs: %s\"%s];\n", (void *)node, node->name, ins,
            st__is_accumulate(node) ? ", style=filled, fillcolor=lightblue" : "");
    for (int j = 0; j < node->nin; j++)
      if (node->next[j].node)
        fprintf(f, "  n%p -> n%p [label=\"%d\"];\n", (void *)node, (void *)node->next[j].node, j);
  }
  fprintf(f, "}\n");
  walk_free(&w);
  st__ok();
  return 0;
}
