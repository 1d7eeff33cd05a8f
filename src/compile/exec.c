/* exec.c — the built-in executor ("interp"). Intermediates live in the graph's arena behind
   headers made once (cg_prepare); a call binds the inputs' and captured tensors' storages,
   allocates the output buffers, makes the headers over those, and runs each live node's kernel
   from the op record: no dispatch, no scope, no reference counting per op. An op whose infer
   checks index values (an integer input) runs its infer first, so a bad index is the error
   eager gives and never an access out of bounds. */
#include <string.h>

#include "compile.h"

int cg_prepare(cg_graph *g) {
  if (g->arena_bytes && !(g->arena = st__storage_new(g->arena_bytes))) return ST_ERR_OOM;
  for (int i = 0; i < g->nv; i++) {
    cg_value *v = &g->v[i];
    const cg_buf *b = &g->b[v->buf];
    v->per_call = b->kind == CG_BUF_FRESH || (b->kind == CG_BUF_ROOT && b->root != i);
    if (b->kind != CG_BUF_ARENA || (b->def >= 0 && g->n[b->def].dead)) continue;
    v->rt = st__tensor_view(g->arena, v->dtype, v->ndim, v->shape, v->strides,
                            (int64_t)(b->off / (size_t)b->esize) + v->offset);
    if (!v->rt) return ST_ERR_OOM;
  }
  for (int i = 0; i < g->nn; i++) {
    cg_node *n = &g->n[i];
    if (n->dead || n->view || !n->nin) continue;
    if (!(n->rt_in = st__calloc((size_t)n->nin, sizeof *n->rt_in))) return ST_ERR_OOM;
  }
  return 0;
}

/* Drops the per-call headers and output buffers (what the outputs hold stays theirs). */
static void unbind(cg_graph *g) {
  for (int i = 0; i < g->nv; i++) {
    cg_value *v = &g->v[i];
    if (v->per_call && v->rt) st__drop(v->rt);
    if (v->per_call || v->kind == CG_INPUT || v->kind == CG_CAPTURED) v->rt = NULL;
  }
  for (int b = 0; b < g->nb; b++) {
    if (g->b[b].kind == CG_BUF_FRESH && g->b[b].rt) st__storage_release(g->b[b].rt);
    if (g->b[b].kind != CG_BUF_ARENA) g->b[b].rt = NULL;
  }
}

static void bind_root(cg_graph *g, int v, st_tensor *t) {
  g->v[v].rt = t;
  cg_buf *b = &g->b[g->v[v].buf];
  b->rt = t->storage;
  b->rt_bias = t->offset - g->v[v].offset;
}

static int bind(cg_graph *g, st_tensor *const *in, bool inference) {
  for (int i = 0; i < g->nin; i++) bind_root(g, g->inputs[i], in[i]);
  for (int i = 0; i < g->nv; i++)
    if (g->v[i].kind == CG_CAPTURED) bind_root(g, i, g->captured[g->v[i].src]);
  for (int b = 0; b < g->nb; b++) {
    cg_buf *B = &g->b[b];
    if (B->kind != CG_BUF_FRESH) continue;
    B->rt_bias = 0;
    if (!(B->rt = st__storage_new(B->nbytes))) return ST_ERR_OOM;
  }
  for (int i = 0; i < g->nv; i++) {
    cg_value *v = &g->v[i];
    if (!v->per_call) continue;
    const cg_buf *b = &g->b[v->buf];
    if (b->kind == CG_BUF_FRESH && g->n[b->def].dead) continue;
    v->rt = st__tensor_view(b->rt, v->dtype, v->ndim, v->shape, v->strides, v->offset + b->rt_bias);
    if (!v->rt) return ST_ERR_OOM;
    v->rt->inference = b->kind == CG_BUF_ROOT ? g->v[b->root].rt->inference : inference;
  }
  return 0;
}

static int run_nodes(cg_graph *g) {
  for (int i = 0; i < g->nn; i++) {
    cg_node *n = &g->n[i];
    if (n->dead || n->view) continue;
    for (int k = 0; k < n->nin; k++) n->rt_in[k] = g->v[n->in[k]].rt;
    st_tensor *out[ST_MAX_OUTS];
    for (int j = 0; j < n->nout; j++) out[j] = g->v[n->out[j]].rt;
    st_opcall c = {.op = n->op, .nin = n->nin, .in = n->rt_in, .a = n->a};
    if (n->reinfer) {
      st_meta m[ST_MAX_OUTS];
      if (n->op->infer(&c, m)) return st__status();
    }
    if (n->op->kernel(&c, out))
      return st__has_error() ? st__status()
                             : st__error(ST_ERR_OOM, "st_%s: kernel failed", n->op->name);
    if ((n->op->flags & ST_OP_INPLACE) && !out[0]->inference)
      atomic_fetch_add_explicit(&out[0]->storage->version, 1, memory_order_relaxed);
  }
  return 0;
}

int cg_run(cg_graph *g, st_tensor *const *in, st_tensor **out, bool inference) {
  for (int j = 0; j < g->nout; j++) out[j] = NULL;
  int rc = bind(g, in, inference);
  if (!rc) rc = run_nodes(g);
  for (int j = 0; !rc && j < g->nout; j++) {
    const cg_value *v = &g->v[g->outputs[j]];
    st_tensor *t = v->rt;
    /* an input or captured tensor returned is a new header over it, as eager's view */
    out[j] = v->per_call
                 ? st_retain(t)
                 : st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
    if (!out[j])
      rc = ST_ERR_OOM;
    else if (!v->per_call)
      out[j]->inference = t->inference;
  }
  unbind(g);
  if (rc) {
    for (int j = 0; j < g->nout; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
    if (!st__has_error()) st__error(ST_ERR_OOM, "st_compile: out of memory running the graph");
    return st__status();
  }
  return 0;
}
