/* passes.c — what st_compile does to a captured graph before it runs it: dead-code elimination,
   common subexpressions, the kind of every buffer and the memory plan (intermediates share one
   arena: a buffer gets a range no other buffer alive at the same time uses), and the readable
   text of st_compile_print. */
#include <stdlib.h>
#include <string.h>

#include "../kernels/elementwise.h" /* st_loop_src: a loop's expression */
#include "../kernels/reduce.h"      /* st__k_reduce_by_rows: which reductions go by rows */
#include "compile.h"

#define CG_ALIGN 64

void cg_free(cg_graph *g) {
  if (!g) return;
  for (int i = 0; g->v && i < g->nv; i++)
    if (g->v[i].rt && !g->v[i].per_call && g->v[i].kind != CG_INPUT && g->v[i].kind != CG_CAPTURED)
      st__drop(g->v[i].rt);
  for (int i = 0; g->n && i < g->nn; i++) {
    if (g->n[i].in) st__free(g->n[i].in, (size_t)g->n[i].nin * sizeof *g->n[i].in);
    if (g->n[i].rt_in) st__free(g->n[i].rt_in, (size_t)g->n[i].nin * sizeof *g->n[i].rt_in);
    cg_cond_release(g->n[i].cond);
  }
  for (int k = 0; g->captured && k < g->ncap; k++) st__drop(g->captured[k]);
  for (int b = 0; g->b && b < g->nb; b++) { /* the graph's own storages, after their headers */
    if (g->b[b].kind == CG_BUF_ARENA && g->b[b].rt) st__free(g->b[b].rt, sizeof *g->b[b].rt);
    if (g->b[b].kind == CG_BUF_CONST && g->b[b].rt) st__storage_release(g->b[b].rt);
  }
  if (g->arena) st__storage_release(g->arena);
  if (g->v) st__free(g->v, (size_t)g->capv * sizeof *g->v);
  if (g->n) st__free(g->n, (size_t)g->capn * sizeof *g->n);
  if (g->b) st__free(g->b, (size_t)g->capb * sizeof *g->b);
  if (g->captured) st__free(g->captured, (size_t)g->capcap * sizeof *g->captured);
  if (g->groups) st__free(g->groups, (size_t)g->capgroups * sizeof *g->groups);
  if (g->bcasts) st__free(g->bcasts, (size_t)g->capbcasts * sizeof *g->bcasts);
  if (g->scratch) st__free_aligned(g->scratch, (size_t)g->nslots * CG_TILE * 8);
  if (g->steps) st__free(g->steps, ((size_t)g->nn + 1) * sizeof *g->steps);
  if (g->bound) st__free(g->bound, ((size_t)g->nv + 1) * sizeof *g->bound);
  if (g->fresh) st__free(g->fresh, ((size_t)g->nb + 1) * sizeof *g->fresh);
  if (g->refresh) st__free(g->refresh, ((size_t)g->nn * 4 + 1) * sizeof *g->refresh);
  if (g->fsteps) st__free(g->fsteps, ((size_t)g->nn + 1) * sizeof *g->fsteps);
  if (g->rel_at) st__free(g->rel_at, ((size_t)g->nn + 2) * sizeof *g->rel_at);
  if (g->rel) st__free(g->rel, ((size_t)g->nv + 1) * sizeof *g->rel);
  if (g->inputs) st__free(g->inputs, (size_t)g->nin * sizeof *g->inputs);
  if (g->outputs) st__free(g->outputs, (size_t)g->nout * sizeof *g->outputs);
  cg_cgen_free(g);
  st__free(g, sizeof *g);
}

/* ------------------------------------------------------------------ dead-code elimination */

/* Backwards from the outputs: a node stays when a later reader (or an output) needs a value it
   makes, when it writes a buffer that is needed later or belongs to an input or a captured
   tensor (a side effect), or when it draws random numbers (the generator advances as in
   eager, so later draws agree). */
static int eliminate_dead(cg_graph *g) {
  bool *need_v = st__calloc((size_t)g->nv + 1, 1), *need_b = st__calloc((size_t)g->nb + 1, 1);
  if (!need_v || !need_b) {
    if (need_v) st__free(need_v, (size_t)g->nv + 1);
    if (need_b) st__free(need_b, (size_t)g->nb + 1);
    return ST_ERR_OOM;
  }
  for (int j = 0; j < g->nout; j++) {
    need_v[g->outputs[j]] = true;
    need_b[g->v[g->outputs[j]].buf] = true;
  }
  for (int i = g->nn - 1; i >= 0; i--) {
    cg_node *n = &g->n[i];
    if (n->dead) continue;
    bool live = (n->op->flags & (ST_OP_RANDOM | ST_OP_EFFECT)) != 0;
    for (int j = 0; !live && j < n->nout; j++) {
      const cg_value *v = &g->v[n->out[j]];
      bool writes = (j == 0 && (n->op->flags & ST_OP_INPLACE)) || g->b[v->buf].def == i;
      live = need_v[n->out[j]] || (writes && (need_b[v->buf] || g->b[v->buf].kind == CG_BUF_ROOT));
    }
    n->dead = !live;
    if (!live) continue;
    for (int k = 0; k < n->nin; k++) {
      need_v[n->in[k]] = true;
      need_b[g->v[n->in[k]].buf] = true;
    }
  }
  st__free(need_v, (size_t)g->nv + 1);
  st__free(need_b, (size_t)g->nb + 1);
  return 0;
}

/* ------------------------------------------------------------------ common subexpressions */

/* A node that repeats an earlier live one (same op, the same attributes byte for byte, the same
   input values) is dropped and its outputs read the earlier one's. Not for random or in-place
   ops, nor where a buffer involved is written in place anywhere (the values would differ), holds
   an output (two outputs must not share memory) or has other headers (views, aliases: they
   live on the dropped node's buffer). */
static bool same_call(const cg_node *a, const cg_node *b) {
  return a->op == b->op && a->nin == b->nin && !memcmp(&a->a, &b->a, sizeof a->a) &&
         (!a->nin || !memcmp(a->in, b->in, (size_t)a->nin * sizeof *a->in));
}

static int eliminate_common(cg_graph *g) {
  /* per buffer: 1 written in place somewhere, 2 shared (another header: a view, an alias; or an
     output's): an input must not be written, an output buffer neither written nor shared */
  unsigned char *mark = st__calloc((size_t)g->nb + 1, 1);
  int *remap = st__calloc((size_t)g->nv + 1, sizeof *remap);
  int *nvalues = st__calloc((size_t)g->nb + 1, sizeof *nvalues);
  int *table = NULL;
  size_t cap = 1;
  while (cap < 2 * (size_t)g->nn + 2) cap *= 2;
  table = st__calloc(cap, sizeof *table);
  int rc = mark && remap && nvalues && table ? 0 : ST_ERR_OOM;
  if (rc) goto done;
  for (int i = 0; i < g->nv; i++) nvalues[g->v[i].buf]++;
  for (int i = 0; i < g->nv; i++) {
    remap[i] = i;
    if (nvalues[g->v[i].buf] > 1) mark[g->v[i].buf] |= 2;
  }
  for (int j = 0; j < g->nout; j++) mark[g->v[g->outputs[j]].buf] |= 2;
  for (int i = 0; i < g->nn; i++)
    if (!g->n[i].dead && (g->n[i].op->flags & ST_OP_INPLACE)) mark[g->v[g->n[i].in[0]].buf] |= 1;
  for (int i = 0; i < g->nn; i++) {
    cg_node *n = &g->n[i];
    if (n->dead) continue;
    for (int k = 0; k < n->nin; k++) n->in[k] = remap[n->in[k]];
    if (n->op->flags & (ST_OP_INPLACE | ST_OP_RANDOM | ST_OP_EFFECT)) continue;
    bool ok = true;
    for (int k = 0; ok && k < n->nin; k++) ok = !(mark[g->v[n->in[k]].buf] & 1);
    for (int j = 0; ok && j < n->nout; j++) ok = !mark[g->v[n->out[j]].buf];
    if (!ok) continue;
    uint64_t h = (uintptr_t)n->op;
    for (int k = 0; k < n->nin; k++) h = h * 1000003u ^ (uint64_t)n->in[k];
    size_t s = (size_t)(h * 0x9E3779B97F4A7C15ull) & (cap - 1);
    for (;; s = (s + 1) & (cap - 1)) {
      int e = table[s] - 1;
      if (e < 0) {
        table[s] = i + 1;
        break;
      }
      if (!same_call(&g->n[e], n)) continue;
      for (int j = 0; j < n->nout; j++) remap[n->out[j]] = g->n[e].out[j];
      n->dead = true;
      break;
    }
  }
  for (int j = 0; j < g->nout; j++) g->outputs[j] = remap[g->outputs[j]];
done:
  if (mark) st__free(mark, (size_t)g->nb + 1);
  if (nvalues) st__free(nvalues, ((size_t)g->nb + 1) * sizeof *nvalues);
  if (remap) st__free(remap, ((size_t)g->nv + 1) * sizeof *remap);
  if (table) st__free(table, cap * sizeof *table);
  return rc;
}

/* ---------------------------------------------------------------------- constant folding */

/* A node whose inputs are all constants (a factory: zeros, eye, arange, full; or an op on
   factories' results alone) runs once, when the graph is prepared, into a buffer of its own
   that every call reads: jacrev's identity basis is made once, not per call. Not for random or
   in-place ops, nor into a buffer that is written in place, holds an output (the caller may
   write it) or has alias headers. Captured tensors are not constants: they are read at each
   call. */
static int fold_constants(cg_graph *g) {
  bool *cv = st__calloc((size_t)g->nv + 1, 1), *unsafe = st__calloc((size_t)g->nb + 1, 1);
  int rc = cv && unsafe ? 0 : ST_ERR_OOM;
  for (int i = 0; !rc && i < g->nn; i++)
    if (!g->n[i].dead && (g->n[i].op->flags & ST_OP_INPLACE))
      unsafe[g->v[g->n[i].in[0]].buf] = true;
  for (int j = 0; !rc && j < g->nout; j++) unsafe[g->v[g->outputs[j]].buf] = true;
  for (int v = 0; !rc && v < g->nv; v++)
    if (g->v[v].kind == CG_ALIAS) unsafe[g->v[v].buf] = true;
  for (int i = 0; !rc && i < g->nn; i++) {
    cg_node *n = &g->n[i];
    if (n->dead || (n->op->flags & (ST_OP_RANDOM | ST_OP_INPLACE | ST_OP_EFFECT))) continue;
    bool ok = true;
    for (int k = 0; ok && k < n->nin; k++) ok = cv[n->in[k]];
    for (int j = 0; ok && j < n->nout; j++) ok = !unsafe[g->v[n->out[j]].buf];
    if (!ok) continue;
    n->folded = true;
    n->fusible = false;
    for (int j = 0; j < n->nout; j++) {
      cv[n->out[j]] = true;
      cg_buf *b = &g->b[g->v[n->out[j]].buf];
      if (b->def == i) b->kind = CG_BUF_CONST;
    }
  }
  if (cv) st__free(cv, (size_t)g->nv + 1);
  if (unsafe) st__free(unsafe, (size_t)g->nb + 1);
  return rc;
}

/* -------------------------------------------------------------------------------- fusion */

/* Consecutive pointwise nodes (the records' pointwise loops) with outputs of one shape become a
   group that runs tile by tile: every member's loop over CG_TILE elements, then the next tile,
   so an intermediate that nothing outside the group reads lives in a scratch tile in L1 and
   needs no buffer. A member's operand is another member's output, a whole contiguous tensor
   of the group's shape, one element (broadcast), its constant, or a tensor made before the
   group that broadcasts to its shape or has it in another layout, gathered tile by tile
   (CG_OPD_BCAST, for members whose loops are exact). View nodes do not interrupt a group (they
   run nothing); any other kernel does. */

static bool same_shape(const cg_value *v, int ndim, const int64_t *shape) {
  return v->ndim == ndim && !memcmp(v->shape, shape, sizeof(int64_t) * (size_t)ndim);
}

bool cg_writes_roots(const cg_graph *g) {
  for (int i = 0; i < g->nn; i++)
    if (!g->n[i].dead && (g->n[i].op->flags & ST_OP_INPLACE) &&
        g->b[g->v[g->n[i].in[0]].buf].kind == CG_BUF_ROOT)
      return true;
  return false;
}

bool cg_contiguous(const cg_value *v) {
  return st__is_contiguous_layout(v->ndim, v->shape, v->strides);
}

/* Whether node n's loop gives every element the same bits on its vector path and its scalar
   one: its expression calls nothing but correctly rounded functions. A loop calling the vector
   math library (exp, sin, tanh, pow) rounds its vector lanes and its scalar tail differently
   (within a few ulp), so a member reading a gathered operand, whose elements reach the loop's
   lanes in other positions than in eager's strided kernel, must be exact for the built-in
   executor's values to stay eager's bit for bit. */
static bool exact_loop(const cg_node *n) {
  static const char *const exact[] = {"fabs",  "fabsf",  "sqrt",      "sqrtf",      "fmin",
                                      "fminf", "fmax",   "fmaxf",     "floor",      "floorf",
                                      "ceil",  "ceilf",  "trunc",     "truncf",     "nearbyint",
                                      "nearbyintf", "rint", "rintf",  "copysign",   "copysignf",
                                      "isnan", "signbit"};
  const char *e = n->pw.c ? n->pw.c->expr : NULL;
  if (!e) return false;
  size_t len;
  for (const char *w; (w = cg_expr_name(&e, &len));) {
    const char *q = e;
    while (*q == ' ') q++;
    if (*q == '(' && !cg_name_listed(w, len, exact, sizeof exact / sizeof exact[0]))
      return false; /* a call of anything else (a variable, a type in a cast: no call) */
  }
  return true;
}

/* Whether v broadcasts to `shape` (NumPy rules, dims right-aligned). */
static bool broadcasts_to(const cg_value *v, int ndim, const int64_t *shape) {
  if (v->ndim > ndim) return false;
  for (int d = 0; d < v->ndim; d++) {
    int64_t n = v->shape[d], m = shape[ndim - v->ndim + d];
    if (n != m && n != 1) return false;
  }
  return true;
}

/* How node n reads operand k when it joins group `gi` of `shape` whose members' outputs are
   marked in `internal`; -1 when it cannot. A tensor read through a layout of its own (a
   broadcast, a transpose) is gathered tile by tile, so it must be complete before the group
   runs: not made by one of its members. */
static int operand_kind(const cg_graph *g, const cg_node *n, int k, int ndim, const int64_t *shape,
                        const bool *internal, int gi) {
  int src = n->pw.src[k];
  if (src < 0) return CG_OPD_CONST;
  const cg_value *v = &g->v[n->in[src]];
  if (internal[n->in[src]]) return CG_OPD_TILE;
  if (st__numel(v->ndim, v->shape) == 1) return CG_OPD_ONE;
  if (same_shape(v, ndim, shape) && cg_contiguous(v)) return CG_OPD_WHOLE;
  int def = g->b[v->buf].def;
  if (broadcasts_to(v, ndim, shape) && (def < 0 || g->n[def].group != gi) &&
      st__esize(v->dtype) <= 8 && exact_loop(n))
    return CG_OPD_BCAST;
  return -1;
}

static bool joins(const cg_graph *g, const cg_node *n, const cg_value *ref, const bool *internal) {
  if (!n->fusible || !same_shape(&g->v[n->out[0]], ref->ndim, ref->shape)) return false;
  for (int k = 1; k < n->pw.nops; k++)
    if (operand_kind(g, n, k, ref->ndim, ref->shape, internal, g->ngroups) < 0) return false;
  return true;
}

/* The layout of value v read as a CG_OPD_BCAST operand of a group of `shape` (g->bcasts). */
static int add_bcast(cg_graph *g, const cg_value *v, int ndim, const int64_t *shape) {
  if (g->nbcasts == g->capbcasts) {
    int c = g->capbcasts ? 2 * g->capbcasts : 8;
    cg_bcast *p = st__realloc(g->bcasts, (size_t)g->capbcasts * sizeof *p, (size_t)c * sizeof *p);
    if (!p) return -1;
    g->bcasts = p;
    g->capbcasts = c;
  }
  cg_bcast *b = &g->bcasts[g->nbcasts];
  b->nd = 0;
  b->esize = (int)st__esize(v->dtype);
  for (int d = 0; d < ndim; d++) {
    if (shape[d] == 1) continue;
    int src = d - (ndim - v->ndim);
    int64_t st = src < 0 || v->shape[src] == 1 ? 0 : v->strides[src];
    if (b->nd && b->stride[b->nd - 1] == st * shape[d]) { /* one step over both */
      b->shape[b->nd - 1] *= shape[d];
      b->stride[b->nd - 1] = st;
    } else {
      b->shape[b->nd] = shape[d];
      b->stride[b->nd++] = st;
    }
  }
  if (!b->nd) b->shape[0] = 1, b->stride[0] = 0, b->nd = 1;
  return g->nbcasts++;
}

/* Whether value v, made by a member of a group, must be written whole: an output, a value with
   other headers on its buffer (a view, an alias), or one read by a node outside the group
   (reads[v] counts every live node's reads, inside[v] the group members'). */
static bool escapes(const cg_graph *g, int v, const int *nvalues, const int *reads,
                    const int *inside) {
  for (int j = 0; j < g->nout; j++)
    if (g->outputs[j] == v) return true;
  return nvalues[g->v[v].buf] > 1 || reads[v] > inside[v];
}

/* Whether node n (the node after a group whose member outputs are marked in `internal`) is the
   group's epilogue: a reduction of rows (the record's row_reduce) of one member's output, of
   the same float dtype, with rows of at most a tile, which the kernels reduce one at a time.
   Each row reduced as the members leave it (a row across two tiles from a copy of its pieces)
   then gets the node's kernel's value, and the tiles keep their places, so every member's loop
   sees each element where eager's does. */
static bool epilogue(const cg_graph *g, const cg_node *n, const bool *internal, int64_t numel) {
  if (!n || n->dead || !n->reduces || n->nin != 1 || n->nout != 1 || !internal[n->in[0]] ||
      g->v[n->out[0]].dtype != g->v[n->in[0]].dtype)
    return false;
  int64_t len = n->rr.len;
  return len >= 1 && len <= CG_TILE && numel % len == 0 && st__k_reduce_by_rows(numel / len, len);
}

/* The fusion pass's look-ahead: how many kernel nodes past the one that ended a group it looks
   at for more members. */
#define CG_LOOKAHEAD 16

/* The node that makes value v's buffer, or -1 for a root or a folded constant (there before
   anything runs). */
static int maker(const cg_graph *g, int v) {
  int d = g->b[g->v[v].buf].def;
  return d >= 0 && !g->n[d].folded ? d : -1;
}

/* When node i ends the open group gi (members from `first`, the last at *last), the nodes after
   it that join the group after all: the pointwise ops of its shape a different-shaped op or a
   reduction had cut off (gmm's backward: neg and mul_scalar of a softmax group's output after
   the sum of its columns). The members must still run in one place, so either every node passed
   over (i included) is independent of the members, and the group runs at its last member, after
   them (a member reads one's output), or the members are independent of them, and the group runs
   at its first, before them (one reads a member's output); a node that would need both, an
   in-place write or a cond ends the look-ahead. A value of a group closed before is there either
   way (it ran before `first`, fuse's barrier). Returns where the group runs; *last and *members
   grow by what joined. */
static int look_ahead(cg_graph *g, int gi, int first, int i, const cg_value *ref, bool *internal,
                      int *last, int *members) {
  int mode = 0; /* 1: the group runs at its first member, 2: at its last */
  for (int j = i, seen = 0; j < g->nn && seen < CG_LOOKAHEAD; j++) {
    cg_node *y = &g->n[j];
    if (y->dead || y->view || y->folded || (y->group >= 0 && y->group != gi)) continue;
    seen++;
    if ((y->op->flags & ST_OP_INPLACE) || y->op == &cg_cond_op) break;
    bool member_in = false, passed_in = false;
    for (int k = 0; k < y->nin; k++) {
      int d = maker(g, y->in[k]);
      if (d >= 0 && g->n[d].group == gi)
        member_in = true;
      else if (d >= i && g->n[d].group < 0)
        passed_in = true;
    }
    if (j > i && !(passed_in && mode == 1) && joins(g, y, ref, internal)) {
      if (passed_in) mode = 2;
      y->group = gi;
      internal[y->out[0]] = true;
      *last = j;
      ++*members;
      continue;
    }
    if (member_in && mode == 2) break;
    if (member_in) mode = 1;
  }
  return mode == 2 ? *last : first;
}

/* Whether node n reads a value made by a member of group gi. */
static bool reads_group(const cg_graph *g, const cg_node *n, int gi) {
  for (int k = 0; gi >= 0 && k < n->nin; k++) {
    int d = maker(g, n->in[k]);
    if (d >= 0 && g->n[d].group == gi) return true;
  }
  return false;
}

static int add_group(cg_graph *g, int first, int last, int64_t numel) {
  int cap = g->capgroups;
  if (g->ngroups == cap) {
    int c = cap ? 2 * cap : 8;
    cg_group *p = st__realloc(g->groups, (size_t)cap * sizeof *p, (size_t)c * sizeof *p);
    if (!p) return ST_ERR_OOM;
    g->groups = p;
    g->capgroups = c;
  }
  g->groups[g->ngroups++] =
      (cg_group){.first = first, .last = last, .at = first, .numel = numel, .red = -1};
  return 0;
}

/* Scratch slots within group gi: a member's tile output takes the lowest free slot, and a slot
   is free again after the member that reads its value last. */
static int assign_slots(cg_graph *g, int gi, const int *last_read) {
  const cg_group *G = &g->groups[gi];
  size_t cap = (size_t)(G->last - G->first + 1);
  int *owner = st__calloc(cap, sizeof *owner); /* the value each slot holds, -1: free */
  if (!owner) return ST_ERR_OOM;
  int nslots = 0;
  for (int i = G->first; i <= G->last; i++) {
    cg_node *n = &g->n[i];
    if (n->group != gi || i == G->red) continue;
    if (n->opd[0].kind == CG_OPD_TILE) {
      int s = 0;
      while (s < nslots && owner[s] >= 0) s++;
      if (s == nslots) owner[nslots++] = -1;
      owner[s] = n->out[0];
      n->opd[0].slot = s;
    }
    for (int k = 1; k < n->pw.nops; k++)
      if (n->opd[k].kind == CG_OPD_TILE) {
        int v = n->opd[k].value;
        for (int s = 0; s < nslots; s++)
          if (owner[s] == v) n->opd[k].slot = s;
      }
    for (int s = 0; s < nslots; s++)
      if (owner[s] >= 0 && last_read[owner[s]] <= i && owner[s] != n->out[0]) owner[s] = -1;
    if (n->opd[0].kind == CG_OPD_TILE && last_read[n->out[0]] <= i) owner[n->opd[0].slot] = -1;
  }
  /* a gathered operand k lives only while its member runs: the slots past the tiles', one per
     operand position */
  int extra = 0;
  for (int i = G->first; i <= G->last; i++)
    for (int k = 1; g->n[i].group == gi && i != G->red && k < g->n[i].pw.nops; k++)
      if (g->n[i].opd[k].kind == CG_OPD_BCAST) {
        g->n[i].opd[k].slot = nslots + k - 1;
        if (k > extra) extra = k;
      }
  nslots += extra;
  if (G->red >= 0) g->groups[gi].carry = nslots++; /* the epilogue's row across tiles */
  if (nslots > g->nslots) g->nslots = nslots;
  st__free(owner, cap * sizeof *owner);
  return 0;
}

static int fuse(cg_graph *g) {
  bool *internal = st__calloc((size_t)g->nv + 1, 1);
  int *nvalues = st__calloc((size_t)g->nb + 1, sizeof *nvalues);
  int *last_read = st__calloc((size_t)g->nv + 1, sizeof *last_read);
  int *reads = st__calloc((size_t)g->nv + 1, sizeof *reads);
  int *inside = st__calloc((size_t)g->nv + 1, sizeof *inside);
  int rc = internal && nvalues && last_read && reads && inside ? 0 : ST_ERR_OOM;
  if (rc) goto done;
  for (int v = 0; v < g->nv; v++) nvalues[g->v[v].buf]++;
  for (int i = 0; i < g->nn; i++)
    for (int k = 0; !g->n[i].dead && k < g->n[i].nin; k++) {
      last_read[g->n[i].in[k]] = i;
      reads[g->n[i].in[k]]++;
    }
  /* barrier: the last member of group `late`, which runs there, after the nodes its look-ahead
     passed over (a group that runs at its first member runs before any node after it; the
     members it took from later are skipped like views). A group of nodes it passed over (an
     inner group) runs before it, at its own first member, so it takes no member that reads one
     of late's, none past the barrier and none by look-ahead. */
  int first = -1, last = -1, members = 0, barrier = -1, late = -1;
  const cg_value *ref = NULL;
  for (int i = 0; i <= g->nn && !rc; i++) {
    cg_node *n = i < g->nn ? &g->n[i] : NULL;
    if (n && (n->dead || n->view || n->folded || (n->group >= 0 && n->group < g->ngroups)))
      continue;
    bool inner = ref && first <= barrier; /* the open group is an inner group */
    bool may = !n || i > barrier || !reads_group(g, n, late); /* n may join or start a group */
    if (n && ref && may && !(inner && i > barrier) && joins(g, n, ref, internal)) {
      n->group = g->ngroups;
      internal[n->out[0]] = true;
      last = i;
      members++;
      continue;
    }
    int64_t numel = ref ? st__numel(ref->ndim, ref->shape) : 0;
    bool epi = members >= 1 && !(inner && i > barrier) && epilogue(g, n, internal, numel);
    int at = first;
    if (n && members >= 1 && !epi && !inner) {
      at = look_ahead(g, g->ngroups, first, i, ref, internal, &last, &members);
      if (at > first) barrier = at, late = g->ngroups; /* the nodes passed over run before it */
    }
    if (members >= 2 || epi) { /* close the group */
      int gi = g->ngroups;
      rc = add_group(g, first, epi ? i : last, numel);
      if (!rc) g->groups[gi].at = epi ? first : at;
      if (!rc && epi) { /* the reduction runs in the group: its read of the member is inside */
        n->group = gi;
        g->groups[gi].red = i;
        last = i;
      }
      for (int m = first; m <= last; m++)
        for (int k = 0; g->n[m].group == gi && k < g->n[m].nin; k++) inside[g->n[m].in[k]]++;
      for (int m = first; !rc && m <= last; m++) {
        cg_node *M = &g->n[m];
        if (M->group != gi || (epi && m == i)) continue;
        for (int k = 0; k < M->pw.nops; k++) {
          int src = k ? M->pw.src[k] : 0;
          int v = !k ? M->out[0] : src >= 0 ? M->in[src] : -1;
          cg_opd_kind kind =
              k ? operand_kind(g, M, k, ref->ndim, ref->shape, internal, gi) : CG_OPD_TILE;
          M->opd[k] = (cg_operand){kind, v, -1, (int)st__esize(M->pw.dt[k]), -1};
          if (kind == CG_OPD_BCAST &&
              (M->opd[k].bc = add_bcast(g, &g->v[v], ref->ndim, ref->shape)) < 0)
            rc = ST_ERR_OOM;
        }
        if (escapes(g, M->out[0], nvalues, reads, inside))
          M->opd[0].kind = CG_OPD_WHOLE;
        else
          g->b[g->v[M->out[0]].buf].kind = CG_BUF_TILE;
      }
      /* an operand that is a member's output written whole is read whole */
      for (int m = first; !rc && m <= last; m++) {
        cg_node *M = &g->n[m];
        for (int k = 1; M->group == gi && !(epi && m == i) && k < M->pw.nops; k++)
          if (M->opd[k].kind == CG_OPD_TILE && g->b[g->v[M->opd[k].value].buf].kind != CG_BUF_TILE)
            M->opd[k].kind = CG_OPD_WHOLE;
      }
      if (!rc) rc = assign_slots(g, gi, last_read);
      for (int m = first; m <= last; m++)
        for (int k = 0; g->n[m].group == gi && k < g->n[m].nin; k++) inside[g->n[m].in[k]] = 0;
    } else if (members == 1) {
      g->n[first].group = -1;
    }
    for (int m = first; m >= 0 && m <= last; m++) internal[g->n[m].out[0]] = false;
    members = 0;
    ref = NULL;
    first = last = -1;
    /* this node may start the next group (unless it ended this one, or was passed over) */
    may = !n || i > barrier || !reads_group(g, n, late); /* the barrier may have moved */
    if (n && !epi && may && n->group < 0 && n->fusible &&
        joins(g, n, &g->v[n->out[0]], internal)) {
      n->group = g->ngroups;
      internal[n->out[0]] = true;
      ref = &g->v[n->out[0]];
      first = last = i;
      members = 1;
    }
  }
done:
  if (internal) st__free(internal, (size_t)g->nv + 1);
  if (nvalues) st__free(nvalues, ((size_t)g->nb + 1) * sizeof *nvalues);
  if (last_read) st__free(last_read, ((size_t)g->nv + 1) * sizeof *last_read);
  if (reads) st__free(reads, ((size_t)g->nv + 1) * sizeof *reads);
  if (inside) st__free(inside, ((size_t)g->nv + 1) * sizeof *inside);
  return rc;
}

/* ------------------------------------------------------------------------- the memory plan */

static size_t round_up(size_t n) { return (n + CG_ALIGN - 1) / CG_ALIGN * CG_ALIGN; }

typedef struct {
  size_t lo, hi;
} range;

static int lower_first(const void *a, const void *b) {
  const range *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

/* An arena buffer to place: its size and id, sorted largest first, ties by id (stable). */
typedef struct {
  size_t nbytes;
  int id;
} to_place;

static int larger_first(const void *a, const void *b) {
  const to_place *x = a, *y = b;
  if (x->nbytes != y->nbytes) return x->nbytes > y->nbytes ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

/* Places the n arena buffers of order (largest first) for g->arena_bytes: each at the lowest
   offset where it overlaps no placed buffer alive at the same time (their ranges sorted by
   offset, then one sweep). The placed buffers are indexed by time, in buckets of TIME_BUCKET
   nodes, so that each buffer meets only those alive around its own lifetime: a graph of
   thousands of buffers (a triple jacrev) made the scan of every placed buffer quadratic, and the
   move-until-free loop before it cubic. */
#define TIME_BUCKET 32
static int place_arena(cg_graph *g, const to_place *order, int n) {
  int nbk = g->nn / TIME_BUCKET + 1, rc = ST_ERR_OOM;
  int *start = st__calloc((size_t)nbk + 1, sizeof *start);
  int *fill = st__calloc((size_t)nbk, sizeof *fill), *stamp = st__calloc((size_t)n + 1, sizeof *stamp);
  range *live = st__calloc((size_t)n + 1, sizeof *live);
  int *slots = NULL, total = 0;
  if (!start || !fill || !stamp || !live) goto done;
  for (int i = 0; i < n; i++) {
    const cg_buf *B = &g->b[order[i].id];
    for (int k = B->born / TIME_BUCKET; k <= B->last / TIME_BUCKET; k++) start[k + 1]++;
  }
  for (int k = 0; k < nbk; k++) start[k + 1] += start[k];
  total = start[nbk];
  if (!(slots = st__calloc((size_t)total + 1, sizeof *slots))) goto done;
  for (int k = 0; k < nbk; k++) fill[k] = start[k];
  for (int i = 0; i < n; i++) stamp[i] = -1;
  size_t top = 0;
  for (int i = 0; i < n; i++) {
    cg_buf *B = &g->b[order[i].id];
    size_t size = round_up(B->nbytes), off = 0;
    int m = 0, b0 = B->born / TIME_BUCKET, b1 = B->last / TIME_BUCKET;
    for (int k = b0; k <= b1; k++)
      for (int at = start[k]; at < fill[k]; at++) {
        int j = slots[at];
        const cg_buf *P = &g->b[order[j].id];
        if (stamp[j] == i || !(P->born <= B->last && B->born <= P->last)) continue;
        stamp[j] = i;
        live[m++] = (range){P->off, P->off + round_up(P->nbytes)};
      }
    qsort(live, (size_t)m, sizeof *live, lower_first);
    for (int k = 0; k < m && live[k].lo < off + size; k++)
      if (live[k].hi > off) off = live[k].hi;
    B->off = off;
    if (off + size > top) top = off + size;
    for (int k = b0; k <= b1; k++) slots[fill[k]++] = i;
  }
  g->arena_bytes = top;
  rc = 0;
done:
  st__free(slots, ((size_t)total + 1) * sizeof *slots);
  st__free(live, ((size_t)n + 1) * sizeof *live);
  st__free(stamp, ((size_t)n + 1) * sizeof *stamp);
  st__free(fill, (size_t)nbk * sizeof *fill);
  st__free(start, ((size_t)nbk + 1) * sizeof *start);
  return rc;
}

/* Buffers that hold an output are allocated for each call (they go to the caller); the other
   intermediates get arena ranges, largest first, each at the lowest offset that no buffer alive
   at the same time uses. eager_bytes is the sum of the intermediates: what eager holds when the
   function's scope keeps them to its end. */
static int plan(cg_graph *g) {
  for (int b = 0; b < g->nb; b++) g->b[b].last = g->b[b].born = g->b[b].def;
  g->live_nodes = g->kernels = 0;
  for (int i = 0; i < g->nn; i++) {
    const cg_node *n = &g->n[i];
    if (n->dead) continue;
    g->live_nodes++;
    g->kernels += !n->view && !n->folded && (n->group < 0 || g->groups[n->group].at == i);
    /* a group's members run together: each buffer they touch is alive over the whole group */
    int t0 = n->group >= 0 ? g->groups[n->group].first : i;
    int t1 = n->group >= 0 ? g->groups[n->group].last : i;
    for (int k = 0; k < n->nin; k++) {
      cg_buf *b = &g->b[g->v[n->in[k]].buf];
      if (b->last < t1) b->last = t1;
    }
    for (int j = 0; j < n->nout; j++) {
      cg_buf *b = &g->b[g->v[n->out[j]].buf];
      if (b->last < t1) b->last = t1;
      if (b->def == i && b->born > t0) b->born = t0;
    }
  }
  for (int j = 0; j < g->nout; j++) {
    cg_buf *b = &g->b[g->v[g->outputs[j]].buf];
    if (b->kind == CG_BUF_ARENA) b->kind = CG_BUF_FRESH;
  }
  to_place *order = st__calloc((size_t)g->nb + 1, sizeof *order);
  int n = 0;
  if (!order) return ST_ERR_OOM;
  g->eager_bytes = 0;
  for (int b = 0; b < g->nb; b++) {
    cg_buf *B = &g->b[b];
    if (B->kind == CG_BUF_ROOT || g->n[B->def].dead) continue;
    g->eager_bytes += B->nbytes;
    if (B->kind == CG_BUF_ARENA) order[n++] = (to_place){B->nbytes, b};
  }
  qsort(order, (size_t)n, sizeof *order, larger_first);
  int rc = place_arena(g, order, n);
  st__free(order, ((size_t)g->nb + 1) * sizeof *order);
  return rc;
}

int cg_optimize(cg_graph *g) {
  int rc = eliminate_dead(g);
  if (!rc) rc = eliminate_common(g);
  if (!rc) rc = eliminate_dead(g);
  if (!rc) rc = fold_constants(g);
  if (!rc) rc = cg_diagonal(g); /* diagonal.c: products with an identity basis */
  if (!rc) rc = eliminate_dead(g);
  if (!rc) rc = fuse(g);
  if (!rc) rc = plan(g);
  return rc;
}

/* ------------------------------------------------------------------------------ printing */

static void print_type(const cg_value *v, FILE *f) {
  char shape[256];
  fprintf(f, "%s%s", st_dtype_name(v->dtype),
          st__fmt_shape(shape, sizeof shape, v->ndim, v->shape));
}

/* g's text, every line after the first indented by `ind` spaces (a st_cond's branches, under
   their node). */
static void print_graph(const cg_graph *g, FILE *f, int ind) {
  fprintf(f, "graph(");
  for (int i = 0; i < g->nin; i++) {
    fprintf(f, "%s%%%d: ", i ? ", " : "", g->inputs[i]);
    print_type(&g->v[g->inputs[i]], f);
  }
  fprintf(f, "):\n");
  for (int i = 0; i < g->nv; i++) {
    if (g->v[i].kind != CG_CAPTURED) continue;
    fprintf(f, "%*s  %%%d: ", ind, "", i);
    print_type(&g->v[i], f);
    fprintf(f, " = captured\n");
  }
  for (int i = 0; i < g->nn; i++) {
    const cg_node *n = &g->n[i];
    if (n->dead) continue;
    fprintf(f, "%*s  ", ind, "");
    for (int j = 0; j < n->nout; j++) {
      fprintf(f, "%s%%%d: ", j ? ", " : "", n->out[j]);
      print_type(&g->v[n->out[j]], f);
    }
    fprintf(f, " = %s(", n->op->name);
    for (int k = 0; k < n->nin; k++) fprintf(f, "%s%%%d", k ? ", " : "", n->in[k]);
    fprintf(f, ")");
    for (int k = 0; k < n->a.nlist; k++) /* the shape, permutation or dims it was given */
      fprintf(f, "%s%lld%s", k ? ", " : " [", (long long)n->a.list[k],
              k + 1 == n->a.nlist ? "]" : "");
    if (n->folded)
      fprintf(f, "  # constant");
    else if (n->group >= 0 && g->groups[n->group].red == i)
      fprintf(f, "  # fused %d, reduces rows of %lld", n->group, (long long)n->rr.len);
    else if (n->group >= 0)
      fprintf(f, "  # fused %d%s", n->group, n->opd[0].kind == CG_OPD_TILE ? ", in tiles" : "");
    else if (n->view)
      fprintf(f, "  # view");
    else if (n->op->flags & ST_OP_INPLACE)
      fprintf(f, "  # in place");
    fprintf(f, "\n");
    for (int k = 0; n->cond && k < 2; k++) {
      fprintf(f, "%*s    %s ", ind, "", k ? "else" : "then");
      print_graph(n->cond->branch[k], f, ind + 4);
    }
  }
  for (int i = 0; i < g->nv; i++) {
    if (g->v[i].kind != CG_ALIAS) continue;
    fprintf(f, "%*s  # %%%d: ", ind, "", i);
    print_type(&g->v[i], f);
    fprintf(f, " is another header over the buffer of %%%d\n",
            g->b[g->v[i].buf].root >= 0 ? g->b[g->v[i].buf].root
                                        : g->n[g->b[g->v[i].buf].def].out[0]);
  }
  fprintf(f, "%*s  return (", ind, "");
  for (int j = 0; j < g->nout; j++) fprintf(f, "%s%%%d", j ? ", " : "", g->outputs[j]);
  fprintf(f, ")\n%*s# %d ops, %d kernels; arena %zu bytes (intermediates %zu bytes)\n", ind, "",
          g->live_nodes, g->kernels, g->arena_bytes, g->eager_bytes);
  if (g->backend == CG_C)
    fprintf(f, "%*s# backend c: %d of %d fused groups run generated C\n", ind, "", g->cgroups,
            g->ngroups);
}

int cg_print(const cg_graph *g, FILE *f) {
  print_graph(g, f, 0);
  return ferror(f) ? ST_ERR_IO : 0;
}
