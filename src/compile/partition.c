/* partition.c — the joint graph of a compiled call under eager autograd, split in two
   (AOTAutograd's partition): a forward that also returns what the backward reads, and a backward
   that takes those values as inputs instead of recomputing them.

   The joint graph J(x[nin], ct[nct]) -> (d[nd], y[ny]) holds f's forward and the engine's
   backward over it. A node belongs to the backward when it reads a buffer that the output
   gradients ct reach (through values or in-place writes); every other node is the forward's. A
   forward node whose inputs are all made inside the graph by such nodes, without randomness
   (factories and what is computed from them alone), is free: both halves keep it and nothing
   is saved for it; a buffer written in place is never free (y = zeros_like(x); y.copy_(x): the
   backward recomputing the factory would read zeros where the forward wrote x). The residuals
   are the buffers of the other forward nodes that a backward node reads (or that hold a
   gradient): the forward returns each whole, and in the backward each becomes an input whose
   views are headers over it.

   The split is refused (NULL) when the halves would not replay J: a backward node that writes a
   forward buffer or a root, or a forward node that writes a buffer after a backward node read
   it. */
#include <string.h>

#include "compile.h"

typedef struct split {
  bool *bwd, *free_n;             /* per node */
  bool *tainted, *free_b, *saved, *written; /* per buffer */
  int *base;                      /* per buffer: the value of the node that made it */
} split;

static void split_free(split *s, const cg_graph *g) {
  st__free(s->bwd, (size_t)g->nn + 1);
  st__free(s->free_n, (size_t)g->nn + 1);
  st__free(s->tainted, (size_t)g->nb + 1);
  st__free(s->free_b, (size_t)g->nb + 1);
  st__free(s->saved, (size_t)g->nb + 1);
  st__free(s->written, (size_t)g->nb + 1);
  st__free(s->base, sizeof *s->base * ((size_t)g->nb + 1));
}

/* Classifies J's nodes and buffers; false when J cannot be split (or OOM). */
static bool classify(const cg_graph *g, int nin, int nct, int nd, split *s) {
  for (int q = 0; q < nct; q++) s->tainted[g->v[g->inputs[nin + q]].buf] = true;
  for (int b = 0; b < g->nb; b++) s->base[b] = -1;
  for (int i = 0; i < g->nn; i++)
    if (g->n[i].op->flags & ST_OP_INPLACE) s->written[g->v[g->n[i].in[0]].buf] = true;
  for (int i = 0; i < g->nn; i++) {
    const cg_node *n = &g->n[i];
    bool t = false, fr = !(n->op->flags & (ST_OP_RANDOM | ST_OP_EFFECT));
    for (int k = 0; k < n->nin; k++) {
      int b = g->v[n->in[k]].buf;
      t |= s->tainted[b];
      fr &= s->free_b[b];
    }
    for (int j = 0; j < n->nout; j++) /* it makes a buffer written in place: not free */
      fr &= !(s->written[g->v[n->out[j]].buf] && g->b[g->v[n->out[j]].buf].def == i);
    bool inplace = (n->op->flags & ST_OP_INPLACE) != 0;
    int wb = inplace ? g->v[n->in[0]].buf : -1;
    if (t) {
      s->bwd[i] = true;
      if (inplace && !s->tainted[wb]) return false; /* writes a forward buffer or a root */
      for (int k = 0; k < n->nin; k++) s->saved[g->v[n->in[k]].buf] = true;
    } else {
      s->free_n[i] = fr;
      if (inplace && s->saved[wb]) return false; /* a backward node read it before */
    }
    for (int j = 0; j < n->nout; j++) {
      const cg_value *v = &g->v[n->out[j]];
      if (g->b[v->buf].def != i) continue;
      s->tainted[v->buf] = t;
      s->free_b[v->buf] = !t && fr;
      s->base[v->buf] = n->out[j];
    }
  }
  for (int j = 0; j < nd; j++) s->saved[g->v[g->outputs[j]].buf] = true;
  for (int j = nd; j < g->nout; j++)
    if (s->tainted[g->v[g->outputs[j]].buf]) return false; /* f's output from the backward? */
  for (int b = 0; b < g->nb; b++) /* only what a forward node made, and not for free */
    s->saved[b] = s->saved[b] && !s->tainted[b] && !s->free_b[b] && g->b[b].kind != CG_BUF_ROOT &&
                  s->base[b] >= 0;
  return true;
}

/* An id list of n entries (NULL when n is 0, as cg_free expects); false on OOM. */
static bool new_ids(int n, int **p) {
  *p = n ? st__calloc((size_t)n, sizeof(int)) : NULL;
  return !n || *p;
}

static void free_ids(int *p, int n) {
  if (p) st__free(p, sizeof(int) * (size_t)n);
}

/* Replaces g's input list (nin entries) by ids[0..n). */
static void set_inputs(cg_graph *g, int *ids, int n) {
  if (g->inputs) st__free(g->inputs, (size_t)g->nin * sizeof *g->inputs);
  g->inputs = ids;
  g->nin = n;
}

static void set_outputs(cg_graph *g, int *ids, int n) {
  if (g->outputs) st__free(g->outputs, (size_t)g->nout * sizeof *g->outputs);
  g->outputs = ids;
  g->nout = n;
}

int cg_partition(const cg_graph *j, int nin, int nct, int nd, cg_graph **fwd, cg_graph **bwd,
                 int *nres) {
  *fwd = *bwd = NULL;
  *nres = 0;
  split s = {
      .bwd = st__calloc((size_t)j->nn + 1, 1),
      .free_n = st__calloc((size_t)j->nn + 1, 1),
      .tainted = st__calloc((size_t)j->nb + 1, 1),
      .free_b = st__calloc((size_t)j->nb + 1, 1),
      .saved = st__calloc((size_t)j->nb + 1, 1),
      .written = st__calloc((size_t)j->nb + 1, 1),
      .base = st__calloc((size_t)j->nb + 1, sizeof *s.base),
  };
  int ny = j->nout - nd, rc = 0, n = 0;
  if (!s.bwd || !s.free_n || !s.tainted || !s.free_b || !s.saved || !s.written || !s.base)
    rc = ST_ERR_OOM;
  if (!rc && (ny < 0 || !classify(j, nin, nct, nd, &s))) rc = 1;
  for (int b = 0; !rc && b < j->nb; b++) n += s.saved[b];
  cg_graph *F = rc ? NULL : cg_copy_raw(j), *B = rc ? NULL : cg_copy_raw(j);
  int *fin = NULL, *fout = NULL, *bin = NULL, *bout = NULL;
  if (!rc && (!F || !B || !new_ids(nin, &fin) || !new_ids(ny + n, &fout) ||
              !new_ids(nin + nct + n, &bin) || !new_ids(nd, &bout)))
    rc = ST_ERR_OOM;
  if (!rc) {
    /* the forward: x -> (y, residuals); the output gradients are inputs nothing reads */
    for (int i = 0; i < j->nn; i++) F->n[i].dead = s.bwd[i];
    if (nin) memcpy(fin, j->inputs, sizeof *fin * (size_t)nin);
    if (ny) memcpy(fout, j->outputs + nd, sizeof *fout * (size_t)ny);
    /* the backward: (x, ct, residuals) -> d */
    for (int i = 0; i < j->nn; i++) B->n[i].dead = !s.bwd[i] && !s.free_n[i];
    if (nin + nct) memcpy(bin, j->inputs, sizeof *bin * (size_t)(nin + nct));
    if (nd) memcpy(bout, j->outputs, sizeof *bout * (size_t)nd);
    for (int b = 0, r = 0; b < j->nb; b++) {
      if (!s.saved[b]) continue;
      int v = s.base[b];
      fout[ny + r] = v;
      bin[nin + nct + r] = v;
      B->v[v].kind = CG_INPUT;
      B->v[v].src = nin + nct + r;
      B->b[b].kind = CG_BUF_ROOT;
      B->b[b].root = v;
      B->b[b].def = -1;
      r++;
    }
    set_inputs(F, fin, nin);
    set_outputs(F, fout, ny + n);
    set_inputs(B, bin, nin + nct + n);
    set_outputs(B, bout, nd);
    fin = fout = bin = bout = NULL;
    *fwd = F;
    *bwd = B;
    *nres = n;
    F = B = NULL;
  }
  free_ids(fin, nin);
  free_ids(fout, ny + n);
  free_ids(bin, nin + nct + n);
  free_ids(bout, nd);
  cg_free(F);
  cg_free(B);
  split_free(&s, j);
  return rc;
}
