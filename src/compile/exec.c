/* exec.c — the built-in executor ("interp"). Intermediates live in the graph's arena behind
   headers made once (cg_prepare), which also lists what a call does; a call binds the inputs'
   and captured tensors' storages, allocates the output buffers, makes the headers over those,
   and runs the steps: a node's kernel from its op record, or a fused group tile by tile through
   its members' pointwise loops (a large group on several threads, each a run of whole tiles). No dispatch, no scope, no reference counting per op. An op
   whose infer checks index values (an integer input) runs its infer first, so a bad index is
   the error eager gives and never an access out of bounds. */
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../kernels/kernels.h"
#include "../kernels/reduce.h"
#include "compile.h"

static bool node_alive(const cg_graph *g, int def) { return def < 0 || !g->n[def].dead; }
static int run_node(cg_graph *g, cg_node *n);

/* Where operand k of fused node n starts: fixed (a scratch tile, the constant, an arena
   tensor) or, for the call's tensors, found at each call (listed in refresh). */
static void operand_base(cg_graph *g, const cg_node *n, cg_fstep *f, int k) {
  const cg_operand *o = &n->opd[k];
  int v = k ? o->value : n->out[0];
  f->step[k] = o->kind == CG_OPD_TILE || o->kind == CG_OPD_WHOLE || o->kind == CG_OPD_BCAST;
  f->adv[k] = o->kind == CG_OPD_WHOLE ? o->esize : 0;
  f->bc[k] = o->kind == CG_OPD_BCAST ? &g->bcasts[o->bc] : NULL;
  f->slot[k] = o->slot;
  f->es[k] = o->esize;
  switch (o->kind) {
  case CG_OPD_TILE: f->base[k] = g->scratch + (size_t)o->slot * CG_TILE * 8; break;
  case CG_OPD_CONST: f->base[k] = (char *)&n->pw.cst; break;
  default: f->base[k] = g->v[v].rt ? st__data(g->v[v].rt) : NULL; break;
  }
}

/* The fused members' loops, packed per group (each group's in one run of fsteps). */
static void pack_group(cg_graph *g, cg_group *G) {
  G->fbegin = g->nfsteps;
  for (int i = G->first; i <= G->last; i++) {
    const cg_node *n = &g->n[i];
    if (n->dead || n->group != (int)(G - g->groups) || i == G->red) continue;
    if (G->red >= 0 && n->out[0] == g->n[G->red].in[0]) G->red_fs = g->nfsteps;
    cg_fstep *f = &g->fsteps[g->nfsteps];
    f->loop = n->pw.loop;
    f->nops = n->pw.nops;
    f->node = i;
    f->plain = true;
    for (int k = 0; k < n->pw.nops; k++) {
      operand_base(g, n, f, k);
      f->plain = f->plain && !f->bc[k];
      const cg_operand *o = &n->opd[k];
      int v = k ? o->value : n->out[0];
      if ((o->kind == CG_OPD_WHOLE || o->kind == CG_OPD_ONE || o->kind == CG_OPD_BCAST) &&
          !g->v[v].rt)
        g->refresh[g->nrefresh++] = g->nfsteps * 4 + k;
    }
    g->nfsteps++;
  }
  G->fend = g->nfsteps;
}

/* cg_run_owned's plan (rel_at, rel): for each input's buffer the last step that reads it (a
   fused group's members read at its step), then its bound values by that step. */
static int plan_release(cg_graph *g) {
  int *last = st__calloc((size_t)g->nb + 1, sizeof *last), *step_of = NULL;
  g->rel_at = st__calloc((size_t)g->nn + 2, sizeof *g->rel_at);
  g->rel = st__calloc((size_t)g->nv + 1, sizeof *g->rel);
  step_of = st__calloc((size_t)g->nn + 1, sizeof *step_of);
  int rc = last && g->rel_at && g->rel && step_of ? 0 : ST_ERR_OOM;
  for (int b = 0; !rc && b < g->nb; b++) last[b] = -1;
  for (int s = 0; !rc && s < g->nsteps; s++) step_of[g->steps[s]] = s;
  for (int i = 0; !rc && i < g->nn; i++) {
    const cg_node *n = &g->n[i];
    if (n->dead || n->view || n->folded) continue;
    int s = step_of[n->group >= 0 ? g->groups[n->group].at : i];
    for (int k = 0; k < n->nin; k++)
      if (last[g->v[n->in[k]].buf] < s) last[g->v[n->in[k]].buf] = s;
  }
  for (int j = 0; !rc && j < g->nout; j++) last[g->v[g->outputs[j]].buf] = g->nsteps;
  /* a counting sort of the listed values by slot (last step + 1) */
  for (int pass = 0; !rc && pass < 2; pass++) {
    for (int k = 0; k < g->nbound; k++) {
      const cg_value *v = &g->v[g->bound[k]];
      const cg_buf *b = &g->b[v->buf];
      if (b->kind != CG_BUF_ROOT || g->v[b->root].kind != CG_INPUT || last[v->buf] == g->nsteps)
        continue;
      int slot = last[v->buf] + 1;
      if (pass == 0)
        g->rel_at[slot + 1]++;
      else
        g->rel[g->rel_at[slot]++] = g->bound[k];
    }
    if (pass == 0) /* offsets, shifted by one slot so that the second pass advances them */
      for (int s = 1; s <= g->nsteps + 1; s++) g->rel_at[s] += g->rel_at[s - 1];
  }
  /* the second pass left rel_at[s] at slot s's end: shift back to starts */
  for (int s = g->nsteps + 1; !rc && s > 0; s--) g->rel_at[s] = g->rel_at[s - 1];
  if (!rc) g->rel_at[0] = 0;
  if (last) st__free(last, ((size_t)g->nb + 1) * sizeof *last);
  if (step_of) st__free(step_of, ((size_t)g->nn + 1) * sizeof *step_of);
  return rc;
}

int cg_prepare(cg_graph *g, cg_backend backend) {
  bool any_arena = false; /* zero-size intermediates have headers over the arena too */
  for (int b = 0; b < g->nb; b++)
    any_arena |= g->b[b].kind == CG_BUF_ARENA && node_alive(g, g->b[b].def);
  if (any_arena && !(g->arena = st__storage_new(g->arena_bytes))) return ST_ERR_OOM;
  if (g->nslots && !(g->scratch = st__alloc_aligned((size_t)g->nslots * CG_TILE * 8)))
    return ST_ERR_OOM;
  g->steps = st__calloc((size_t)g->nn + 1, sizeof *g->steps);
  g->bound = st__calloc((size_t)g->nv + 1, sizeof *g->bound);
  g->fresh = st__calloc((size_t)g->nb + 1, sizeof *g->fresh);
  g->refresh = st__calloc((size_t)g->nn * 4 + 1, sizeof *g->refresh);
  g->fsteps = st__calloc((size_t)g->nn + 1, sizeof *g->fsteps);
  if (!g->steps || !g->bound || !g->fresh || !g->refresh || !g->fsteps) return ST_ERR_OOM;
  /* Each arena buffer is a storage of its own over its range (kept by the graph, never given
     back through st__storage_release): kernels tell a view from a copy by comparing storages
     (reshape copies unless its output shares its input's), so two buffers must not share one. */
  for (int b = 0; b < g->nb; b++) {
    cg_buf *B = &g->b[b];
    if (B->kind != CG_BUF_ARENA || !node_alive(g, B->def)) continue;
    if (!(B->rt = st__calloc(1, sizeof *B->rt))) return ST_ERR_OOM;
    atomic_init(&B->rt->refcount, 1);
    atomic_init(&B->rt->version, 0);
    B->rt->data = (char *)g->arena->data + B->off;
    B->rt->nbytes = B->nbytes;
  }
  for (int b = 0; b < g->nb; b++) /* the folded nodes' results, kept for every call */
    if (g->b[b].kind == CG_BUF_CONST && !(g->b[b].rt = st__storage_new(g->b[b].nbytes)))
      return ST_ERR_OOM;
  /* the buffers a call touches: a root nothing reads (an input a split graph does not use) is
     not bound */
  bool *used = st__calloc((size_t)g->nb + 1, 1);
  if (!used) return ST_ERR_OOM;
  for (int i = 0; i < g->nn; i++)
    for (int k = 0; !g->n[i].dead && k < g->n[i].nin; k++) used[g->v[g->n[i].in[k]].buf] = true;
  for (int j = 0; j < g->nout; j++) used[g->v[g->outputs[j]].buf] = true;
  for (int i = 0; i < g->nv; i++) { /* roots first: the per-call headers read their storage */
    cg_value *v = &g->v[i];
    const cg_buf *b = &g->b[v->buf];
    v->per_call = b->kind == CG_BUF_FRESH || (b->kind == CG_BUF_ROOT && b->root != i);
    if ((v->kind == CG_INPUT || v->kind == CG_CAPTURED) && used[v->buf])
      g->bound[g->nbound++] = i;
  }
  bool oom = false;
  for (int i = 0; i < g->nv && !oom; i++) {
    cg_value *v = &g->v[i];
    const cg_buf *b = &g->b[v->buf];
    if (v->per_call && node_alive(g, b->def) && (b->kind != CG_BUF_ROOT || used[v->buf]))
      g->bound[g->nbound++] = i;
    if ((b->kind != CG_BUF_ARENA && b->kind != CG_BUF_CONST) || !node_alive(g, b->def)) continue;
    v->rt = st__tensor_view(g->b[v->buf].rt, v->dtype, v->ndim, v->shape, v->strides, v->offset);
    oom = !v->rt;
  }
  st__free(used, (size_t)g->nb + 1);
  if (oom) return ST_ERR_OOM;
  for (int b = 0; b < g->nb; b++)
    if (g->b[b].kind == CG_BUF_FRESH && node_alive(g, g->b[b].def)) g->fresh[g->nfresh++] = b;
  for (int i = 0; i < g->nn; i++) {
    cg_node *n = &g->n[i];
    if (n->dead || n->view) continue;
    if (!n->folded && (n->group < 0 || g->groups[n->group].at == i)) g->steps[g->nsteps++] = i;
    if (n->group >= 0) {
      if (g->groups[n->group].at == i) pack_group(g, &g->groups[n->group]);
    } else if (n->nin && !(n->rt_in = st__calloc((size_t)n->nin, sizeof *n->rt_in))) {
      return ST_ERR_OOM;
    }
  }
  for (int i = 0; i < g->nn; i++) { /* a st_cond's branches, once for every graph holding them */
    cg_cond *cd = g->n[i].dead ? NULL : g->n[i].cond;
    for (int k = 0; cd && !cd->prepared && k < 2; k++)
      if (cg_optimize(cd->branch[k]) || cg_prepare(cd->branch[k], backend)) return ST_ERR_OOM;
    if (cd) cd->prepared = true;
  }
  if (plan_release(g)) return ST_ERR_OOM;
  for (int i = 0; i < g->nn; i++) /* the constants, once */
    if (!g->n[i].dead && g->n[i].folded && !g->n[i].view && run_node(g, &g->n[i]))
      return st__status() ? st__status() : ST_ERR_OOM;
  g->backend = backend;
  return backend == CG_C ? cg_cgen(g) : 0;
}

/* Drops the per-call headers and output buffers (what the outputs hold stays theirs). */
static void unbind(cg_graph *g) {
  for (int k = 0; k < g->nbound; k++) {
    cg_value *v = &g->v[g->bound[k]];
    if (v->per_call && v->rt) st__drop(v->rt);
    v->rt = NULL;
  }
  for (int k = 0; k < g->nfresh; k++) {
    cg_buf *b = &g->b[g->fresh[k]];
    if (b->rt) st__storage_release(b->rt);
    b->rt = NULL;
  }
}

static int bind(cg_graph *g, st_tensor *const *in, bool inference) {
  for (int i = 0; i < g->nin; i++) g->v[g->inputs[i]].rt = in[i];
  for (int k = 0; k < g->nfresh; k++) {
    cg_buf *b = &g->b[g->fresh[k]];
    b->rt_bias = 0;
    if (!(b->rt = st__storage_new(b->nbytes))) return ST_ERR_OOM;
  }
  for (int k = 0; k < g->nbound; k++) {
    cg_value *v = &g->v[g->bound[k]];
    cg_buf *b = &g->b[v->buf];
    if (!v->per_call) { /* a root: an input, or a captured tensor */
      if (v->kind == CG_CAPTURED) v->rt = g->captured[v->src];
      b->rt = v->rt->storage;
      b->rt_bias = v->rt->offset - v->offset;
      continue;
    }
    v->rt = st__tensor_view(b->rt, v->dtype, v->ndim, v->shape, v->strides, v->offset + b->rt_bias);
    if (!v->rt) return ST_ERR_OOM;
    v->rt->inference = b->kind == CG_BUF_ROOT ? g->v[b->root].rt->inference : inference;
  }
  for (int k = 0; k < g->nrefresh; k++) {
    int fs = g->refresh[k] / 4, op = g->refresh[k] % 4;
    operand_base(g, &g->n[g->fsteps[fs].node], &g->fsteps[fs], op);
    if (g->cargs) g->cargs[g->refresh[k]] = g->fsteps[fs].base[op];
  }
  return 0;
}

/* Where the row holding element t of a CG_OPD_BCAST operand's layout starts (elements from its
   first), with t's index in idx. */
static int64_t bcast_row(const cg_bcast *b, int64_t t, int64_t *idx) {
  int64_t off = 0;
  for (int d = b->nd - 1; d >= 0; d--) {
    idx[d] = t % b->shape[d];
    t /= b->shape[d];
    off += idx[d] * b->stride[d];
  }
  return off - idx[b->nd - 1] * b->stride[b->nd - 1];
}

/* The next row's start after the row at off, idx stepped over the dims outside the rows. */
static int64_t bcast_next_row(const cg_bcast *b, int64_t *idx, int64_t off) {
  for (int d = b->nd - 2; d >= 0; d--) {
    off += b->stride[d];
    if (++idx[d] < b->shape[d]) break;
    off -= b->stride[d] * b->shape[d];
    idx[d] = 0;
  }
  return off;
}

/* Elements [t0, t0 + len) of a CG_OPD_BCAST operand at src, in its group's order, into dst:
   row by row along the last dim of its layout (a run, a repeated element or a strided walk),
   the dims outside it stepped with carry. */
#define GATHER(T)                                                                                  \
  static void gather_##T(T *dst, const T *src, const cg_bcast *b, int64_t t0, int64_t len) {      \
    if (b->nd == 2 && b->shape[1] <= 16) { /* short rows: one pass, a step per element */          \
      int64_t S = b->shape[1], s0 = b->stride[0], s1 = b->stride[1], col = t0 % S;                 \
      const T *row = src + t0 / S * s0;                                                            \
      if (s1 == 0) /* each element repeated S times */                                             \
        for (int64_t i = 0; i < len; i++) {                                                        \
          dst[i] = row[0];                                                                         \
          if (++col == S) col = 0, row += s0;                                                      \
        }                                                                                          \
      else if (s1 == 1) /* a short run, again and again */                                         \
        for (int64_t i = 0; i < len; i++) {                                                        \
          dst[i] = row[col];                                                                       \
          if (++col == S) col = 0, row += s0;                                                      \
        }                                                                                          \
      else                                                                                         \
        for (int64_t i = 0; i < len; i++) {                                                        \
          dst[i] = row[col * s1];                                                                  \
          if (++col == S) col = 0, row += s0;                                                      \
        }                                                                                          \
      return;                                                                                      \
    }                                                                                              \
    int64_t idx[ST_MAX_DIMS], off = bcast_row(b, t0, idx), S = b->shape[b->nd - 1];                \
    int64_t s = b->stride[b->nd - 1], col = idx[b->nd - 1];                                        \
    for (int64_t done = 0;;) {                                                                     \
      int64_t n = S - col < len - done ? S - col : len - done;                                     \
      const T *p = src + off + col * s;                                                            \
      T *o = dst + done;                                                                           \
      if (s == 0) {                                                                                \
        T x = p[0];                                                                                \
        for (int64_t i = 0; i < n; i++) o[i] = x;                                                  \
      } else if (s == 1) {                                                                         \
        memcpy(o, p, (size_t)n * sizeof(T));                                                       \
      } else {                                                                                     \
        for (int64_t i = 0; i < n; i++) o[i] = p[i * s];                                           \
      }                                                                                            \
      if ((done += n) == len) return;                                                              \
      col = 0;                                                                                     \
      off = bcast_next_row(b, idx, off);                                                           \
    }                                                                                              \
  }
GATHER(uint8_t)
GATHER(uint16_t)
GATHER(uint32_t)
GATHER(uint64_t)

static void gather(char *dst, const char *src, const cg_bcast *b, int64_t t0, int64_t len) {
  switch (b->esize) {
  case 1: gather_uint8_t((uint8_t *)dst, (const uint8_t *)src, b, t0, len); break;
  case 2: gather_uint16_t((uint16_t *)dst, (const uint16_t *)src, b, t0, len); break;
  case 4: gather_uint32_t((uint32_t *)dst, (const uint32_t *)src, b, t0, len); break;
  default: gather_uint64_t((uint64_t *)dst, (const uint64_t *)src, b, t0, len); break;
  }
}

/* Where fused step f's operand k is for the tile at t0: a scratch tile (stride 1, no advance), or
   the data at the tile's start. */
static char *tile_data(const cg_graph *g, const cg_fstep *f, int k, int64_t t0, char *scratch) {
  return f->step[k] && !f->adv[k] ? scratch + (f->base[k] - g->scratch) : f->base[k] + t0 * f->adv[k];
}

/* Rows [r, r + n) of reduction R from the n rows at x, as its kernel finishes them
   (reduce_simple's division and rounding). */
static void reduce_rows(const cg_graph *g, const cg_node *R, const char *x, int64_t r, int64_t n) {
  const cg_value *o = &g->v[R->out[0]];
  double tmp[CG_TILE], *acc = o->dtype == ST_F64 ? (double *)st__data(o->rt) + r : tmp;
  st__k_reduce_rows((st_red_kind)R->rr.kind, g->v[R->in[0]].dtype, x, n, R->rr.len, acc);
  if (R->rr.div != 1)
    for (int64_t i = 0; i < n; i++) acc[i] /= R->rr.div;
  if (o->dtype == ST_F32)
    for (int64_t i = 0; i < n; i++) ((float *)st__data(o->rt))[r + i] = (float)acc[i];
}

/* The group's epilogue on the tile [t0, t0 + len): the reduced member's rows in it, each from
   the tile itself, and a row the tile's edge cuts from its pieces gathered in the carry slot
   (the head waits there for the next tile of the same range, which starts with the rest). */
static void run_epilogue(const cg_graph *g, const cg_group *G, int64_t t0, int64_t len,
                         char *scratch) {
  const cg_node *R = &g->n[G->red];
  int64_t L = R->rr.len, es = st__esize(g->v[R->in[0]].dtype);
  const char *x = tile_data(g, &g->fsteps[G->red_fs], 0, t0, scratch);
  char *carry = scratch + (size_t)G->carry * CG_TILE * 8;
  int64_t row = (t0 + L - 1) / L, head = row * L - t0; /* the first row starting in the tile */
  if (head > 0) {
    memcpy(carry + (L - head) * es, x, (size_t)(head * es));
    reduce_rows(g, R, carry, row - 1, 1);
  }
  int64_t full = (len - head) / L, rest = len - head - full * L;
  if (full) reduce_rows(g, R, x + head * es, row, full);
  if (rest) memcpy(carry, x + (head + full * L) * es, (size_t)(rest * es));
}

/* A fused group's elements [b, e) (b a multiple of CG_TILE, and of its epilogue's rows): its
   generated loop, or each member's loop over one tile, then its epilogue, then the next tile;
   scratch: the tiles of the thread running it (g->scratch, or another area of the same
   layout). */
/* A broadcast operand whose rows are runs of at least this many elements is read where it is,
   one row at a time, instead of copied into a scratch tile (x * y * y + y, y a row, one thread:
   rows of 256 and 512 28% faster; of 40 and 64, the calls per row cost more than the copy). */
#define CG_ROW_DIRECT 128

static bool reads_rows(const cg_bcast *b) {
  return b->stride[b->nd - 1] == 1 && b->shape[b->nd - 1] >= CG_ROW_DIRECT;
}

/* Member f's loop on the tile at t0, its operand k (a broadcast of long unit-stride rows) read
   in place: one call per run of a row in the tile, the other operands at the run's place in
   theirs. The member's loop is exact (a broadcast operand's condition), so values do not depend
   on where a call starts. */
static void run_along_rows(const cg_fstep *f, int k, char *const *d, int64_t t0, int64_t len) {
  const cg_bcast *b = f->bc[k];
  int64_t idx[ST_MAX_DIMS], off = bcast_row(b, t0, idx), S = b->shape[b->nd - 1];
  int64_t col = idx[b->nd - 1], step[4];
  memcpy(step, f->step, sizeof step);
  step[k] = 1;
  for (int64_t done = 0;;) {
    int64_t n = S - col < len - done ? S - col : len - done;
    char *p[4];
    for (int j = 0; j < f->nops; j++) p[j] = d[j] + done * f->step[j] * f->es[j];
    p[k] = f->base[k] + (off + col) * b->esize;
    f->loop(p, step, n, NULL);
    if ((done += n) == len) return;
    col = 0;
    off = bcast_next_row(b, idx, off);
  }
}

static void run_group_range(const cg_graph *g, const cg_group *G, int64_t b, int64_t e,
                            char *scratch) {
  const cg_fstep *first = g->fsteps + G->fbegin, *end = g->fsteps + G->fend;
  if (G->cfn) {
    if (b == 0) {
      G->cfn(g->cargs + 4 * G->fbegin, e);
      return;
    }
    char *P[4 * 32]; /* a generated group has at most 32 members */
    for (const cg_fstep *f = first; f < end; f++)
      for (int k = 0; k < 4; k++) {
        char *base = g->cargs[4 * (G->fbegin + (f - first)) + k];
        P[4 * (f - first) + k] = base ? base + b * f->adv[k] : NULL;
      }
    G->cfn(P, e - b);
    return;
  }
  for (int64_t t0 = b; t0 < e; t0 += CG_TILE) {
    int64_t len = e - t0 < CG_TILE ? e - t0 : CG_TILE;
    for (const cg_fstep *f = first; f < end; f++) {
      char *d[4];
      if (f->plain && scratch == g->scratch) { /* the common member: no layout to look at */
        for (int k = 0; k < f->nops; k++) d[k] = f->base[k] + t0 * f->adv[k];
        f->loop(d, f->step, len, NULL);
        continue;
      }
      int direct = -1;
      for (int k = 0; k < f->nops; k++) {
        if (f->bc[k] && direct < 0 && reads_rows(f->bc[k])) {
          direct = k;
          d[k] = NULL;
        } else if (f->bc[k]) {
          d[k] = scratch + (size_t)f->slot[k] * CG_TILE * 8;
          gather(d[k], f->base[k], f->bc[k], t0, len);
        } else {
          d[k] = tile_data(g, f, k, t0, scratch);
        }
      }
      if (direct >= 0)
        run_along_rows(f, direct, d, t0, len);
      else
        f->loop(d, f->step, len, NULL);
    }
    if (G->red >= 0) run_epilogue(g, G, t0, len, scratch);
  }
}

/* Member-elements of work from which a fused group runs on several threads: each takes a run of
   whole tiles (so every element goes through the same loop positions as on one thread, and the
   values do not depend on the thread count) with scratch tiles of its own. */
#define CG_PAR_WORK (1 << 16)

#ifdef _OPENMP
static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }
#endif

static void run_group(const cg_graph *g, const cg_group *G) {
#ifdef _OPENMP
  /* each thread's run of tiles starts a row of the epilogue: runs of lcm(CG_TILE, rows) */
  int64_t L = G->red >= 0 ? g->n[G->red].rr.len : 1, unit = CG_TILE / gcd64(CG_TILE, L) * L;
  int64_t tiles = (G->numel + unit - 1) / unit;
  int nt = 1;
  if (tiles >= 2 && G->numel * (G->fend - G->fbegin) >= CG_PAR_WORK && !omp_in_parallel()) {
    nt = st__num_threads();
    if (nt > tiles) nt = (int)tiles;
  }
  size_t area = (size_t)g->nslots * CG_TILE * 8;
  char *more = nt > 1 && area ? st__alloc_aligned(area * (size_t)(nt - 1)) : NULL;
  if (nt > 1 && area && !more) { /* no memory for more tiles: one thread */
    st_clear_error();
    nt = 1;
  }
  if (nt > 1) {
    int64_t per = (tiles + nt - 1) / nt * unit;
#pragma omp parallel for num_threads(nt) schedule(static)
    for (int t = 0; t < nt; t++) {
      int64_t b = t * per, e = b + per < G->numel ? b + per : G->numel;
      if (b < e) run_group_range(g, G, b, e, t ? more + area * (size_t)(t - 1) : g->scratch);
    }
    if (more) st__free_aligned(more, area * (size_t)(nt - 1));
    return;
  }
#endif
  run_group_range(g, G, 0, G->numel, g->scratch);
}

/* A st_cond: the branch its predicate picks, run as a graph of its own, its results copied into
   the node's output buffers. */
static int run_cond(cg_graph *g, cg_node *n) {
  const st_tensor *p = g->v[n->in[0]].rt;
  cg_graph *br = n->cond->branch[st__load_f64(st__data(p), p->dtype) == 0];
  st_tensor *res[ST_MAX_OUTS];
  int rc = cg_run(br, n->rt_in + 1, res, g->inference);
  for (int j = 0; !rc && j < n->nout; j++) {
    st__k_copy(st__view_of(g->v[n->out[j]].rt), st__view_of(res[j]));
    st__drop(res[j]);
  }
  return rc;
}

static int run_node(cg_graph *g, cg_node *n) {
  for (int k = 0; k < n->nin; k++) n->rt_in[k] = g->v[n->in[k]].rt;
  if (n->cond) return run_cond(g, n);
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
  return 0;
}

bool cg_input_fits(const cg_graph *g, int i, const st_tensor *t) {
  const cg_value *v = &g->v[g->inputs[i]];
  size_t n = sizeof(int64_t) * (size_t)v->ndim;
  return t->dtype == v->dtype && t->ndim == v->ndim && !memcmp(t->shape, v->shape, n) &&
         !memcmp(t->strides, v->strides, n);
}

/* Drops the values of release slot `slot` (owned: in[] holds the inputs' references). */
static void release_slot(cg_graph *g, int slot, st_tensor **owned) {
  for (int k = g->rel_at[slot]; k < g->rel_at[slot + 1]; k++) {
    cg_value *v = &g->v[g->rel[k]];
    if (v->per_call) {
      st__drop(v->rt);
    } else {
      st__drop(owned[v->src]);
      owned[v->src] = NULL;
    }
    v->rt = NULL;
  }
}

static int run(cg_graph *g, st_tensor *const *in, st_tensor **owned, st_tensor **out,
               bool inference) {
  for (int j = 0; j < g->nout; j++) out[j] = NULL;
  g->inference = inference;
  int rc = bind(g, in, inference);
  if (!rc && owned) release_slot(g, 0, owned);
  for (int s = 0; !rc && s < g->nsteps; s++) {
    cg_node *n = &g->n[g->steps[s]];
    if (n->group >= 0)
      run_group(g, &g->groups[n->group]);
    else
      rc = run_node(g, n);
    if (!rc && owned) release_slot(g, s + 1, owned);
  }
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
  for (int i = 0; owned && i < g->nin; i++) {
    st__drop(owned[i]);
    owned[i] = NULL;
  }
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

int cg_run(cg_graph *g, st_tensor *const *in, st_tensor **out, bool inference) {
  return run(g, in, NULL, out, inference);
}

int cg_run_owned(cg_graph *g, st_tensor **in, st_tensor **out, bool inference) {
  return run(g, in, in, out, inference);
}
