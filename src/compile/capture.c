/* capture.c — the tracing mode at level 0. While a capture runs, the function executes eagerly
   (its results are the call's) and dispatch reports every op that reaches level 0: below every
   interpreter, so a function that calls st_vmap(st_grad(g)) is captured as the flat program of
   primitive ops those transforms lowered to. Tensors are values, keyed by their header (every
   header seen is held until the capture ends, so no address is reused meanwhile); storages are
   buffers.

   What a graph cannot replay ends the capture with a reason, and the call's signature then
   runs eagerly: a read of tensor values on the host, eager autograd (a tensor that requires
   grad in grad mode), a random op drawing from vmap's per-lane streams, one_hot inferring its
   size from the values, inputs that share memory, and a storage made outside the op table. */
#include <string.h>

#include "../autograd/autograd.h"
#include "../transforms/transforms.h"
#include "compile.h"

struct cg_capture {
  cg_graph *g;
  uint32_t gen;
  const char *why;
  bool joint;
  bool closed; /* every tensor from outside is an input (compiled autograd) */
  st_ptrmap tensors, storages;
  st_tensor **held;
  int nheld, capheld;
  st_capture_fn prev_fn;
  uint32_t prev_gen;
  const char *prev_read;
};

static _Thread_local cg_capture *tls_cap;
static _Atomic uint32_t next_gen = 1;

bool cg_capturing(void) { return tls_cap != NULL; }

void cg_value_layout(cg_value *v, const st_tensor *t) {
  v->ndim = t->ndim;
  memcpy(v->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
  memcpy(v->strides, t->strides, sizeof(int64_t) * (size_t)t->ndim);
  v->offset = t->offset;
}

/* ------------------------------------------------------------------------------ helpers */

/* Grows *p (of *cap elements of size es) to hold n; 0 or ST_ERR_OOM. */
static int reserve(void **p, int *cap, int n, size_t es) {
  if (n <= *cap) return 0;
  int c = *cap ? 2 * *cap : 16;
  while (c < n) c *= 2;
  void *q = st__realloc(*p, (size_t)*cap * es, (size_t)c * es);
  if (!q) return ST_ERR_OOM;
  *p = q;
  *cap = c;
  return 0;
}

const char cg_why_autograd[] =
    "eager autograd would record it (a tensor that requires grad, in grad mode)";

/* Whether eager autograd would record an op on t that the graph could not replay. */
static bool recorded(const cg_capture *cap, const st_tensor *t) {
  return !cap->joint && st__grad_mode() && st__requires_grad(t);
}

static void fail(cg_capture *cap, const char *why) {
  if (!cap->why) cap->why = why;
}

static int hold(cg_capture *cap, st_tensor *t) {
  if (reserve((void **)&cap->held, &cap->capheld, cap->nheld + 1, sizeof *cap->held))
    return ST_ERR_OOM;
  cap->held[cap->nheld++] = st_retain(t);
  return 0;
}

static int new_value(cg_capture *cap, cg_kind kind, int src, int out, int buf, const st_tensor *t) {
  cg_graph *g = cap->g;
  if (reserve((void **)&g->v, &g->capv, g->nv + 1, sizeof *g->v)) return -1;
  cg_value *v = &g->v[g->nv];
  memset(v, 0, sizeof *v);
  v->kind = kind;
  v->src = src;
  v->out = out;
  v->buf = buf;
  v->dtype = t->dtype;
  cg_value_layout(v, t);
  return g->nv++;
}

static int new_buf(cg_capture *cap, cg_buf_kind kind, int root, int def, size_t nbytes,
                   st_dtype dt) {
  cg_graph *g = cap->g;
  if (reserve((void **)&g->b, &g->capb, g->nb + 1, sizeof *g->b)) return -1;
  g->b[g->nb] = (cg_buf){.kind = kind,
                         .root = root,
                         .def = def,
                         .last = def,
                         .nbytes = nbytes,
                         .esize = (int)st__esize(dt)};
  return g->nb++;
}

/* A root: an input (kind CG_INPUT, src its index) or a captured tensor, on a buffer of its own. */
static int new_root(cg_capture *cap, cg_kind kind, int src, st_tensor *t) {
  cg_graph *g = cap->g;
  int b = new_buf(cap, CG_BUF_ROOT, g->nv, -1, 0, t->dtype);
  int v = b < 0 ? -1 : new_value(cap, kind, src, 0, b, t);
  if (v < 0 || st__ptrmap_put(&cap->tensors, t, v) || st__ptrmap_put(&cap->storages, t->storage, b) ||
      hold(cap, t))
    return -1;
  return v;
}

static int capture_tensor(cg_capture *cap, st_tensor *t) {
  cg_graph *g = cap->g;
  if (reserve((void **)&g->captured, &g->capcap, g->ncap + 1, sizeof *g->captured)) return -1;
  int v = new_root(cap, CG_CAPTURED, g->ncap, t);
  if (v >= 0) g->captured[g->ncap++] = st_retain(t);
  return v;
}

/* The value t is: seen before, another header over a known buffer, or captured from outside.
   -1 when it cannot be (cap->why says why) or on OOM. */
static int value_of(cg_capture *cap, st_tensor *t) {
  if (recorded(cap, t)) {
    fail(cap, cg_why_autograd);
    return -1;
  }
  int v = st__ptrmap_get(&cap->tensors, t);
  if (v >= 0) return v;
  int b = st__ptrmap_get(&cap->storages, t->storage);
  if (b >= 0) {
    if (cap->g->b[b].esize != st__esize(t->dtype)) {
      fail(cap, "a header of another element size over a tensor's storage");
      return -1;
    }
    v = new_value(cap, CG_ALIAS, -1, 0, b, t);
    if (v < 0 || st__ptrmap_put(&cap->tensors, t, v) || hold(cap, t)) return -1;
    return v;
  }
  if (t->storage->capture_gen == cap->gen) {
    fail(cap, "a tensor made outside the op table inside the function");
    return -1;
  }
  if (cap->closed) {
    fail(cap, "it reads a tensor that is not one of its inputs");
    return -1;
  }
  return capture_tensor(cap, t);
}

/* ------------------------------------------------------------------------------ the hook */

static void on_op(const st_opcall *c, const st_meta *m, st_tensor *const *out) {
  cg_capture *cap = tls_cap;
  if (!cap || cap->why) return;
  const st_op *op = c->op;
  cg_graph *g = cap->g;
  if (c->a.ptr) { /* st_from_data: host data, a constant of the graph */
    if (capture_tensor(cap, out[0]) < 0) fail(cap, "out of memory");
    return;
  }
  if ((op->flags & ST_OP_RANDOM) && st__rng_state_get().stream.active) {
    fail(cap, "a random op draws from vmap's per-lane streams");
    return;
  }
  if (op->id == ST_OP_one_hot && c->a.count.n == -1) {
    fail(cap, "one_hot's num_classes -1 reads the values");
    return;
  }
  if (reserve((void **)&g->n, &g->capn, g->nn + 1, sizeof *g->n)) {
    fail(cap, "out of memory");
    return;
  }
  cg_node *n = &g->n[g->nn];
  memset(n, 0, sizeof *n);
  n->op = op;
  n->a = c->a;
  n->nin = c->nin;
  n->nout = op->nout;
  n->in = c->nin ? st__calloc((size_t)c->nin, sizeof *n->in) : NULL;
  if (c->nin && !n->in) {
    fail(cap, "out of memory");
    return;
  }
  g->nn++; /* owned by the graph from here (cg_free frees in) */
  bool view = !(op->flags & ST_OP_INPLACE);
  for (int i = 0; i < c->nin; i++) {
    if ((n->in[i] = value_of(cap, c->in[i])) < 0) {
      fail(cap, "out of memory");
      return;
    }
    if (!st__is_float(c->in[i]->dtype) && c->in[i]->dtype != ST_BOOL) n->reinfer = true;
  }
  int self = g->nn - 1;
  for (int j = 0; j < op->nout; j++) {
    st_tensor *t = out[j];
    if (recorded(cap, t)) {
      fail(cap, cg_why_autograd);
      return;
    }
    int v;
    if (j == 0 && (op->flags & ST_OP_INPLACE)) {
      v = n->in[0];
    } else if (m[j].alias >= 0) {
      int b = g->v[n->in[m[j].alias]].buf;
      if (g->b[b].esize != st__esize(t->dtype)) {
        fail(cap, "a view of another element size");
        return;
      }
      v = new_value(cap, CG_NODE, self, j, b, t);
    } else {
      view = false;
      size_t bytes = (size_t)st__numel(t->ndim, t->shape) * (size_t)st__esize(t->dtype);
      int b = new_buf(cap, CG_BUF_ARENA, -1, self, bytes, t->dtype);
      v = b < 0 ? -1 : new_value(cap, CG_NODE, self, j, b, t);
      if (v >= 0 && st__ptrmap_put(&cap->storages, t->storage, b)) v = -1;
    }
    if (v < 0 || st__ptrmap_put(&cap->tensors, t, v) || hold(cap, t)) {
      fail(cap, "out of memory");
      return;
    }
    n->out[j] = v;
  }
  n->view = view && op->nout > 0; /* an op without outputs (a hook call) still runs */
  n->group = -1;
  n->fusible = !view && !(op->flags & (ST_OP_INPLACE | ST_OP_RANDOM)) && op->pointwise &&
               op->pointwise(c, &n->pw);
}

/* ------------------------------------------------------------------------- begin and end */

cg_capture *cg_capture_begin(int nin, st_tensor *const *in, bool joint) {
  cg_capture *cap = st__calloc(1, sizeof *cap);
  cg_graph *g = cap ? st__calloc(1, sizeof *g) : NULL;
  if (!g) {
    if (cap) st__free(cap, sizeof *cap);
    return NULL;
  }
  cap->g = g;
  cap->joint = joint;
  g->nin = nin;
  g->inputs = nin ? st__calloc((size_t)nin, sizeof *g->inputs) : NULL;
  if (nin && !g->inputs) goto oom;
  for (int i = 0; i < nin; i++) {
    int v = st__ptrmap_get(&cap->tensors, in[i]);
    if (v < 0 && st__ptrmap_get(&cap->storages, in[i]->storage) >= 0) {
      fail(cap, "two inputs share memory");
      v = 0;
    }
    if (v < 0 && (v = new_root(cap, CG_INPUT, i, in[i])) < 0) goto oom;
    g->inputs[i] = v;
  }
  cap->gen = atomic_fetch_add_explicit(&next_gen, 1, memory_order_relaxed);
  if (!cap->gen) cap->gen = atomic_fetch_add_explicit(&next_gen, 1, memory_order_relaxed);
  cap->prev_fn = st__capture_op;
  cap->prev_gen = st__capture_gen;
  cap->prev_read = st__capture_read;
  st__capture_op = on_op;
  st__capture_gen = cap->gen;
  st__capture_read = NULL;
  tls_cap = cap;
  return cap;
oom:
  cap->why = "out of memory";
  tls_cap = NULL;
  for (int i = 0; i < cap->nheld; i++) st__drop(cap->held[i]);
  if (cap->held) st__free(cap->held, (size_t)cap->capheld * sizeof *cap->held);
  st__ptrmap_free(&cap->tensors);
  st__ptrmap_free(&cap->storages);
  cg_free(g);
  st__free(cap, sizeof *cap);
  return NULL;
}

void cg_capture_close(cg_capture *cap) { cap->closed = true; }

int cg_capture_end(cg_capture *cap, int nout, st_tensor *const *out, cg_graph **gp,
                   const char **why) {
  const char *read = st__capture_read;
  st__capture_op = cap->prev_fn;
  st__capture_gen = cap->prev_gen;
  st__capture_read = cap->prev_read;
  tls_cap = NULL;
  cg_graph *g = cap->g;
  *gp = NULL;
  if (read && !cap->why) {
    static const char *const reads[][2] = {
        {"st_item", "it reads tensor values on the host (st_item)"},
        {"st_to_f64", "it reads tensor values on the host (st_to_f64)"},
        {"st_data_ptr", "it reads tensor values on the host (st_data_ptr)"},
        {"st_print", "it reads tensor values on the host (st_print)"}};
    /* a function's name is a host read; anything else is st__capture_refuse's reason */
    cap->why = strncmp(read, "st_", 3) ? read : "it reads tensor values on the host";
    for (size_t k = 0; k < sizeof reads / sizeof reads[0]; k++)
      if (!strcmp(read, reads[k][0])) cap->why = reads[k][1];
  }
  if (!cap->why) {
    g->nout = nout;
    g->outputs = st__calloc((size_t)nout, sizeof *g->outputs);
    if (!g->outputs) fail(cap, "out of memory");
    for (int j = 0; !cap->why && j < nout; j++)
      if ((g->outputs[j] = value_of(cap, out[j])) < 0) fail(cap, "out of memory");
  }
  for (int i = 0; i < cap->nheld; i++) st__drop(cap->held[i]);
  if (cap->held) st__free(cap->held, (size_t)cap->capheld * sizeof *cap->held);
  st__ptrmap_free(&cap->tensors);
  st__ptrmap_free(&cap->storages);
  *why = cap->why;
  bool ok = !cap->why;
  st__free(cap, sizeof *cap);
  if (!ok) {
    cg_free(g);
    return 1;
  }
  *gp = g;
  return 0;
}

cg_graph *cg_capture_aside(st_func *f, st_tensor *const *in, bool joint) {
  int nout = f->nout;
  st_tensor *small[16], **out = st__tmp_array(nout, small, 16);
  if (!out) return NULL;
  st_rng_state rng = st__rng_state_get();
  size_t mark = st__escape_mark();
  cg_graph *g = NULL;
  const char *why = NULL;
  cg_capture *cap = cg_capture_begin(f->nin, in, joint);
  if (cap) {
    int rc = st__func_call("st_compile", f, in, out); /* out: all NULL when it fails */
    if (cg_capture_end(cap, rc ? 0 : nout, out, &g, &why) || rc) {
      cg_free(g);
      g = NULL;
    }
    for (int j = 0; !rc && j < nout; j++) st__drop(out[j]);
  }
  st__escape_drop(mark);
  st__rng_state_set(&rng);
  st_clear_error();
  st__tmp_free(out, small, nout);
  return g;
}
