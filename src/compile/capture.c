/* capture.c — the tracing mode at level 0. While a capture runs, the function executes eagerly
   (its results are the call's) and dispatch reports every op that reaches level 0: below every
   interpreter, so a function that calls st_vmap(st_grad(g)) is captured as the flat program of
   primitive ops those transforms lowered to. Tensors are values, keyed by their header (every
   header seen is held until the capture ends, so no address is reused meanwhile); storages are
   buffers.

   What a graph cannot replay ends the capture with a reason, and the call's signature then
   runs eagerly: a read of tensor values on the host, eager autograd (a tensor that requires
   grad in grad mode), a random op drawing from vmap's per-lane streams, one_hot inferring its
   size from the values, inputs that share memory, and a storage made outside the op table.

   st_cond below every transform becomes one node (cg_cond) instead of a read of its predicate:
   the branch the predicate picks runs for real under a capture of its own, nested in this one,
   and the other runs aside, on copies of the inputs, as torch.cond traces both branches. A branch
   must not read the function's tensors other than through the cond's inputs (a capture knows the
   captures around it), nor write its inputs or captured tensors in place, and both must give
   the same dtypes and shapes; otherwise the capture fails with that reason. */
#include <string.h>

#include "../autograd/autograd.h"
#include "../kernels/kernels.h"
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
  st_capture_cond_fn prev_cond;
  uint32_t prev_gen;
  const char *prev_read;
  cg_capture *outer;  /* the capture this one is nested in (a st_cond's branch), or NULL */
  uint64_t rng_moves; /* st__rng_moves at the start */
};

static _Thread_local cg_capture *tls_cap;
static _Atomic uint32_t next_gen = 1;

bool cg_capturing(void) { return tls_cap != NULL; }

void cg_capture_mark(void) {
  if (tls_cap && tls_cap->g) tls_cap->g->marked = tls_cap->g->nn + 1;
}

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
  if (v < 0 || st__ptrmap_put(&cap->tensors, t, v) ||
      st__ptrmap_put(&cap->storages, t->storage, b) || hold(cap, t))
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
  for (const cg_capture *o = cap->outer; o; o = o->outer) { /* a branch's capture */
    int ov = st__ptrmap_get(&o->tensors, t);
    if (ov >= 0
            ? o->g->v[ov].kind != CG_CAPTURED
            : st__ptrmap_get(&o->storages, t->storage) >= 0 || t->storage->capture_gen == o->gen) {
      fail(cap, "a st_cond branch reads a tensor of the function other than the cond's inputs");
      return -1;
    }
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
    fail(cap, "a random op draws from vmap's streams (randomness \"different\" or \"same\")");
    return;
  }
  if ((op->flags & ST_OP_RANDOM) && st__rng_moves != cap->rng_moves) {
    fail(cap, "a random op draws after the generator was moved inside the function (a seed, or "
              "st_checkpoint's recomputation)");
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
  n->reduces = !view && op->row_reduce && op->row_reduce(c, &n->rr);
}

/* ------------------------------------------------------------------------------ st_cond */

const st_op cg_cond_op = {
    .id = ST_OP_COUNT, .name = "cond", .nin = ST_VARIADIC, .flags = ST_OP_EFFECT};

void cg_cond_release(cg_cond *c) {
  if (!c || --c->refs) return;
  cg_free(c->branch[0]);
  cg_free(c->branch[1]);
  st__free(c, sizeof *c);
}

/* A copy of t with its strides on a storage of its own, just large enough (the branch not
   taken runs on these; a graph's roots may start at another offset than traced). */
static st_tensor *copy_like(const st_tensor *t) {
  int64_t span = 1;
  for (int d = 0; d < t->ndim; d++) span += (t->shape[d] - 1) * t->strides[d];
  if (st__numel(t->ndim, t->shape) == 0) span = 0;
  st_storage *s = st__storage_new((size_t)span * st__esize(t->dtype));
  st_tensor *c = s ? st__tensor_view(s, t->dtype, t->ndim, t->shape, t->strides, 0) : NULL;
  if (s) st__storage_release(s);
  if (c) st__k_copy(st__view_of(c), st__view_of(t));
  return c;
}

/* Output j of the taken branch as the node's output: a new contiguous tensor the branch made,
   else a clone of it (made under the branch's capture, so that its graph holds the copy). */
static int own_output(const cg_capture *ic, st_tensor **out, int j) {
  st_tensor *t = out[j];
  bool fresh = t->storage->capture_gen == ic->gen && t->offset == 0 && st__is_contiguous(t);
  for (int k = 0; fresh && k < j; k++) fresh = out[k]->storage != t->storage;
  if (fresh) return 0;
  st_tensor *c = st__untrack(st_clone(t));
  if (!c) return st__status();
  st__drop(t);
  out[j] = c;
  return 0;
}

/* The node over pred and in[] giving out[] (the graph owns cd from here, or releases it). -1 on
   OOM. */
static int cond_node(cg_capture *cap, st_tensor *pred, int nin, st_tensor *const *in, int nout,
                     st_tensor **out, cg_cond *cd) {
  cg_graph *g = cap->g;
  int *ids = st__calloc((size_t)nin + 1, sizeof *ids);
  if (!ids || reserve((void **)&g->n, &g->capn, g->nn + 1, sizeof *g->n)) {
    if (ids) st__free(ids, ((size_t)nin + 1) * sizeof *ids);
    cg_cond_release(cd);
    return -1;
  }
  cg_node *n = &g->n[g->nn];
  memset(n, 0, sizeof *n);
  n->op = &cg_cond_op;
  n->nin = nin + 1;
  n->nout = nout;
  n->in = ids;
  n->group = -1;
  n->cond = cd;
  int self = g->nn++; /* owned by the graph from here (cg_free frees in and cond) */
  for (int i = 0; i <= nin; i++)
    if ((n->in[i] = value_of(cap, i ? in[i - 1] : pred)) < 0) return -1;
  for (int j = 0; j < nout; j++) {
    st_tensor *t = out[j];
    size_t bytes = (size_t)st__numel(t->ndim, t->shape) * (size_t)st__esize(t->dtype);
    int b = new_buf(cap, CG_BUF_ARENA, -1, self, bytes, t->dtype);
    int v = b < 0 ? -1 : new_value(cap, CG_NODE, self, j, b, t);
    if (v < 0 || st__ptrmap_put(&cap->storages, t->storage, b) ||
        st__ptrmap_put(&cap->tensors, t, v) || hold(cap, t))
      return -1;
    g->n[self].out[j] = v;
  }
  return 0;
}

/* st__capture_cond: st_cond at level 0 while this thread captures. */
static int capture_cond(st_tensor *pred, st_func *tf, st_func *ff, int nin, st_tensor *const *in,
                        st_tensor **out) {
  cg_capture *cap = tls_cap;
  int nout = tf->nout;
  if (cap->why || cap->closed) return 1; /* as before: its predicate read ends the capture */
  if (st__tls_depth) {
    fail(cap, "st_cond under a transform inside the function reads its predicate");
    return 1;
  }
  if (nout > ST_MAX_OUTS) {
    fail(cap, "st_cond with more than 4 outputs reads its predicate");
    return 1;
  }
  bool taken = st__load_f64(st__data(pred), pred->dtype) != 0;
  cg_capture *ic = cg_capture_begin(nin, in, false);
  if (!ic) {
    fail(cap, "out of memory");
    return 1;
  }
  int rc = st__func_call("st_cond", taken ? tf : ff, in, out);
  for (int j = 0; !rc && j < nout; j++) rc = own_output(ic, out, j);
  cg_graph *gt = NULL, *gf = NULL;
  const char *why = NULL;
  if (cg_capture_end(ic, rc ? 0 : nout, out, &gt, &why) && !rc)
    fail(cap, why ? why : "out of memory");
  if (rc || cap->why) {
    cg_free(gt);
    return rc;
  }
  if (cg_writes_roots(gt))
    fail(cap, "a st_cond branch writes its inputs or a captured tensor in place");
  /* the other branch, aside, on copies of the inputs */
  st_tensor *small[8], **copies = st__tmp_array(nin, small, 8);
  bool ok = !cap->why && (copies || !nin);
  for (int i = 0; ok && i < nin; i++) ok = (copies[i] = copy_like(in[i])) != NULL;
  if (ok) gf = cg_capture_aside(taken ? ff : tf, copies, false, &why);
  for (int i = 0; copies && i < nin; i++) st__drop(copies[i]);
  st__tmp_free(copies, small, nin);
  if (!cap->why && !gf) fail(cap, why ? why : "out of memory");
  if (gf && cg_writes_roots(gf))
    fail(cap, "a st_cond branch writes its inputs or a captured tensor in place");
  for (int j = 0; gf && !cap->why && j < nout; j++) {
    const cg_value *v = &gf->v[gf->outputs[j]];
    if (v->dtype != out[j]->dtype || v->ndim != out[j]->ndim ||
        memcmp(v->shape, out[j]->shape, sizeof(int64_t) * (size_t)v->ndim))
      fail(cap, "st_cond's branches give outputs of other dtypes or shapes");
  }
  cg_cond *cd = cap->why ? NULL : st__calloc(1, sizeof *cd);
  if (!cap->why && !cd) fail(cap, "out of memory");
  if (cap->why) {
    cg_free(gt);
    cg_free(gf);
    return 0; /* the call's results stand; the capture has failed */
  }
  cd->refs = 1;
  cd->branch[!taken] = gt;
  cd->branch[taken] = gf;
  if (cond_node(cap, pred, nin, in, nout, out, cd)) fail(cap, "out of memory");
  return 0;
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
  cap->prev_cond = st__capture_cond;
  cap->prev_gen = st__capture_gen;
  cap->prev_read = st__capture_read;
  cap->outer = tls_cap;
  cap->rng_moves = st__rng_moves;
  st__capture_op = on_op;
  st__capture_cond = capture_cond;
  st__capture_gen = cap->gen;
  st__capture_read = NULL;
  tls_cap = cap;
  return cap;
oom:
  cap->why = "out of memory";
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
  st__capture_cond = cap->prev_cond;
  st__capture_gen = cap->prev_gen;
  st__capture_read = cap->prev_read;
  tls_cap = cap->outer;
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

cg_graph *cg_capture_aside(st_func *f, st_tensor *const *in, bool joint, const char **whyp) {
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
      if (rc) why = "it fails on the traced inputs";
    }
    for (int j = 0; !rc && j < nout; j++) st__drop(out[j]);
    if (g && st__escape_mark() != mark) { /* a graph returns its outputs only */
      cg_free(g);
      g = NULL;
      why = "it keeps tensors with st_keep";
    }
  }
  st__escape_drop(mark);
  st__rng_state_set(&rng);
  st_clear_error();
  st__tmp_free(out, small, nout);
  if (whyp) *whyp = why;
  return g;
}
