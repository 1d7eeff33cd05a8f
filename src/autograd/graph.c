/* graph.c — inspecting the backward graph: nodes and edges, a breadth-first walk from the
   roots (#87507), and a Graphviz picture. */
#include <string.h>

#include "autograd.h"

/* A view whose base was written gets its grad_fn made again first (views.c). */
st_node *st_grad_fn(const st_tensor *t) {
  if (t && st__view_refresh((st_tensor *)t)) return NULL;
  return t && t->ag ? t->ag->grad_fn : NULL;
}
const char *st_node_name(const st_node *n) { return n ? n->name : ""; }
int st_node_num_next(const st_node *n) { return n ? n->nin : 0; }
uint64_t st_node_sequence_nr(const st_node *n) { return n ? n->sequence_nr : 0; }
int64_t st_node_priority(const st_node *n) { return n ? n->priority : 0; }
void st_node_set_priority(st_node *n, int64_t priority) {
  if (n) n->priority = priority;
}

st_node *st_node_next(const st_node *n, int i, int *input_nr) {
  if (!n || i < 0 || i >= n->nin) {
    st__error(ST_ERR_ARG, "st_node_next: edge %d is out of range for %s with %d edges", i, n ? n->name : "NULL",
              n ? n->nin : 0);
    return NULL;
  }
  if (input_nr) *input_nr = n->next[i].input_nr;
  return n->next[i].node;
}

/* Every node reachable from the roots' grad_fns (or leaves' accumulators), breadth-first. */
static int reachable(st_tensor *const *roots, int nroots, st_node ***out, int *count) {
  st_node **seen = NULL;
  int n = 0, cap = 0;
  for (int r = 0; r < nroots; r++) {
    if (roots[r] && st__view_refresh(roots[r])) goto oom;
    const st_autograd_meta *m = roots[r] ? roots[r]->ag : NULL;
    st_node *start = m ? (m->grad_fn ? m->grad_fn : m->grad_accumulator) : NULL;
    if (!start) continue;
    bool dup = false;
    for (int k = 0; k < n && !dup; k++) dup = seen[k] == start;
    if (dup) continue;
    if (n == cap) {
      int ncap = cap ? 2 * cap : 32;
      st_node **s = st__realloc(seen, sizeof(st_node *) * (size_t)cap, sizeof(st_node *) * (size_t)ncap);
      if (!s) goto oom;
      seen = s, cap = ncap;
    }
    seen[n++] = start;
  }
  for (int head = 0; head < n; head++) {
    st_node *node = seen[head];
    for (int i = 0; i < node->nin; i++) {
      st_node *c = node->next[i].node;
      bool dup = !c;
      for (int k = 0; k < n && !dup; k++) dup = seen[k] == c;
      if (dup) continue;
      if (n == cap) {
        int ncap = cap ? 2 * cap : 32;
        st_node **s = st__realloc(seen, sizeof(st_node *) * (size_t)cap, sizeof(st_node *) * (size_t)ncap);
        if (!s) goto oom;
        seen = s, cap = ncap;
      }
      seen[n++] = c;
    }
  }
  *out = seen;
  *count = n;
  return cap;
oom:
  st__free(seen, sizeof(st_node *) * (size_t)cap);
  return -1;
}

int st_graph_walk(st_tensor *const *roots, int nroots, void (*visit)(void *user, st_node *n), void *user) {
  if (!roots || nroots < 0 || !visit) return st__error(ST_ERR_ARG, "st_graph_walk: roots and visit must be given");
  st_node **nodes;
  int n, cap = reachable(roots, nroots, &nodes, &n);
  if (cap < 0) return st__status();
  for (int i = 0; i < n; i++) visit(user, nodes[i]);
  st__free(nodes, sizeof(st_node *) * (size_t)cap);
  st__ok();
  return 0;
}

int st_graph_to_dot(st_tensor *const *roots, int nroots, FILE *f) {
  if (!roots || nroots < 0 || !f) return st__error(ST_ERR_ARG, "st_graph_to_dot: roots and a FILE must be given");
  st_node **nodes;
  int n, cap = reachable(roots, nroots, &nodes, &n);
  if (cap < 0) return st__status();
  fprintf(f, "digraph strata {\n  rankdir=BT;\n  node [shape=box, fontname=\"monospace\"];\n");
  for (int i = 0; i < n; i++) {
    st_node *node = nodes[i];
    char ins[256] = "";
    for (int j = 0; j < node->nin && strlen(ins) < sizeof ins - 40; j++) {
      char sh[96];
      snprintf(ins + strlen(ins), sizeof ins - strlen(ins), "%s%s", j ? ", " : "",
               st__fmt_shape(sh, sizeof sh, node->in_meta[j].ndim, node->in_meta[j].shape));
    }
    fprintf(f, "  n%p [label=\"%s\\ninputs: %s\"%s];\n", (void *)node, node->name, ins,
            st__is_accumulate(node) ? ", style=filled, fillcolor=lightblue" : "");
    for (int j = 0; j < node->nin; j++)
      if (node->next[j].node) fprintf(f, "  n%p -> n%p [label=\"%d\"];\n", (void *)node, (void *)node->next[j].node, j);
  }
  fprintf(f, "}\n");
  st__free(nodes, sizeof(st_node *) * (size_t)cap);
  st__ok();
  return 0;
}
