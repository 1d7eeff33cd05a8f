/* compile.c — st_compile: a function value that captures f on its first call for an input
   signature (capture.c), optimizes the graph (passes.c) and runs it on later calls with that
   signature (exec.c).

   A signature is what the captured program depends on: each input's dtype, shape and strides,
   which inputs are the same tensor, the thread's grad and inference modes and whether
   decompositions are forced. Captured tensors are read at every call and guarded by the
   capture itself (a header's shape and strides never change). In grad mode the capture lets
   eager autograd record as usual; a later call that autograd differentiates becomes one node
   whose backward is compiled too (aot.c). Under grad levels only, the signature is the inputs'
   values at level 0 and the call the same node at every level (a custom function's rules take
   it through them); the first call runs f on the wrappers while the capture sees what the
   levels run at level 0. Under vmap levels only, the signature also holds where each input is
   batched, the graph is the batched program the levels run at level 0, and its outputs are
   wrapped where the first call's were batched. Calls that a graph does not serve run f eagerly
   and count as fallbacks: under a jvp level or a mixed stack (so those transforms see f's own
   ops), on a signature
   that could not be captured (a one-time warning names why; an error under fullgraph), a
   differentiated call of a program that writes its roots, and while another thread
   runs the same graph. A call made while another function is being captured inlines f into
   that capture. */
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "../transforms/custom.h" /* MAX_IN, MAX_OUT: a custom node's most inputs and outputs */
#include "compile.h"

#define CG_MAX_ENTRIES 16
#define CG_SPARES      7 /* instances of a graph beside its own: 8 concurrent calls */
#define CG_MAX_DYNAMIC 4

typedef struct cg_sig {
  st_dtype dtype;
  int ndim, same; /* same: the first input that is this same tensor, or -1 */
  int shares;     /* the first other input over the same storage, or -1 */
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
} cg_sig;

typedef struct cg_entry {
  struct cg_entry *next;
  int nin;
  cg_sig *sig;
  bool grad_mode, inference, force_decomp;
  cg_graph *g;   /* NULL: this signature runs eagerly */
  cg_graph *raw; /* g as captured, before its passes (for dynamic templates); may be NULL */
  /* Calls on other threads while g runs (outside the function's lock) run other instances of
     it, made from proto (g before its passes: raw itself where the entry keeps one) when first
     needed: busy bit 0 is g's, bit 1 + k spare[k]'s. users: the runs outside the lock; an entry
     evicted meanwhile is freed by the last of them. */
  cg_graph *proto;
  cg_graph *spare[CG_SPARES];
  int nspare, users;
  uint32_t busy;
  bool evicted;
  const char *why;   /* why not (static text) */
  bool writes_roots; /* g writes an input or captured tensor in place */
  /* f leaves grad mode or inference mode changed (st_set_grad_enabled(false) without a
     restore): each run of g does as f did */
  bool sets_modes;
  st_grad_modes modes_after;
  /* under eager autograd (aot.c): the compiled joint function, for the captured tensors diff
     (strong) that required grad when it was made */
  st_func *joint;
  st_tensor **diff;
  int ndiff;
  bool *need; /* nin: the inputs that required grad when it was made */
  /* nin + ncap + nout, at the capture under eager autograd (record_requires_grad): which inputs
     and captured tensors required grad, then which outputs eager made require grad; or NULL */
  bool *cap_rg;
  bool *reach;     /* g->nout: the outputs those and diff reach (cg_differentiable_outputs) */
  uint64_t *from;  /* g->nout: the node's inputs each output is computed from (the same) */
  cg_split *split; /* the joint graph split in two, or NULL (aot.c) */
  /* captured under vmap levels (cg_modes): the inputs' batch dims, then the outputs' (as the
     graph's outputs are wrapped at each call), (nin + nout) * vdepth */
  int vdepth;
  int8_t *vdims;
  size_t nvdims;
} cg_entry;

typedef struct cg_fn {
  st_func *f;
  st_compile_opts opts;
  cg_backend backend;
  pthread_mutex_t lock;
  cg_entry *entries; /* most recently compiled first */
  int nentries;
  cg_graph *last;                 /* the last compiled graph (owned by its entry) */
  cg_dyn *dyn[CG_MAX_DYNAMIC];    /* templates with symbolic sizes, newest first */
  bool unchecked[CG_MAX_DYNAMIC]; /* not checked at the check sizes yet (holds_at_check_sizes) */
  int ndyn;
  bool warned;
  bool joint; /* the joint function of another compiled one (aot.c): autograd runs inside */
  _Atomic int64_t calls, compiles, hits, fallbacks;
} cg_fn;

/* ---------------------------------------------------------------------------- signatures */

/* What a capture depends on besides the inputs' layouts: the thread's modes, and under vmap
   levels (vdepth of them, the whole stack) where each input is batched: vin[i * vdepth + l - 1]
   is its batch dim at level l, or -1 where it is not batched there. */
typedef struct cg_modes {
  bool grad_mode, inference, force_decomp;
  int vdepth;
  const int8_t *vin;
} cg_modes;

static cg_modes current_modes(void) {
  return (cg_modes){st__grad_mode(), st__inference_mode(), st__force_decompositions(), 0, NULL};
}

/* How input i pairs with those before it, one pass: *same the first that is the same tensor,
   *shares the first other tensor over its storage (-1: none). Inputs that share memory are
   another program (a write through one is seen by the other; the capture of such a call runs
   eagerly), so they are a signature of their own, as the same tensor twice is. */
static void pairing(st_tensor *const *in, int i, int *same, int *shares) {
  const st_storage *st = in[i]->storage;
  *same = *shares = -1;
  for (int k = 0; k < i && (*same < 0 || *shares < 0); k++) {
    if (in[k] == in[i]) {
      if (*same < 0) *same = k;
    } else if (*shares < 0 && st && st->nbytes && in[k]->storage == st) {
      *shares = k;
    }
  }
}

static void sig_of(int nin, st_tensor *const *in, cg_sig *s) {
  for (int i = 0; i < nin; i++) {
    const st_tensor *t = in[i];
    s[i].dtype = t->dtype;
    s[i].ndim = t->ndim;
    pairing(in, i, &s[i].same, &s[i].shares);
    memcpy(s[i].shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    memcpy(s[i].strides, t->strides, sizeof(int64_t) * (size_t)t->ndim);
  }
}

static bool sig_matches(const cg_entry *e, int nin, st_tensor *const *in, cg_modes m) {
  if (e->grad_mode != m.grad_mode || e->inference != m.inference ||
      e->force_decomp != m.force_decomp || e->vdepth != m.vdepth ||
      (m.vdepth && memcmp(e->vdims, m.vin, (size_t)(nin * m.vdepth))))
    return false;
  for (int i = 0; i < nin; i++) {
    const st_tensor *t = in[i];
    const cg_sig *s = &e->sig[i];
    if (t->dtype != s->dtype || t->ndim != s->ndim) return false;
    size_t n = sizeof(int64_t) * (size_t)t->ndim;
    if (memcmp(t->shape, s->shape, n) || memcmp(t->strides, s->strides, n)) return false;
    int same, shares;
    pairing(in, i, &same, &shares);
    if (same != s->same || shares != s->shares) return false;
  }
  return true;
}

/* "(f32[3], f64[2, 2])" into buf (cap >= 16), the inputs that do not fit as ", ...)". */
static void sig_text(const cg_sig *s, int nin, char *buf, size_t cap) {
  size_t n = 1;
  buf[0] = '(';
  for (int i = 0; i < nin; i++) {
    char shape[256], item[300];
    size_t len =
        (size_t)snprintf(item, sizeof item, "%s%s%s", i ? ", " : "", st_dtype_name(s[i].dtype),
                         st__fmt_shape(shape, sizeof shape, s[i].ndim, s[i].shape));
    if (len >= sizeof item || n + len + 7 > cap) {
      snprintf(buf + n, cap - n, "%s...)", i ? ", " : "");
      return;
    }
    memcpy(buf + n, item, len);
    n += len;
  }
  snprintf(buf + n, cap - n, ")");
}

/* The error of a signature whose capture failed, under fullgraph: a call no graph served, so it
   counts as a fallback (calls = compiles + cache_hits + fallbacks). */
static int fullgraph_error(cg_fn *c, const cg_entry *e, const char *why) {
  atomic_fetch_add_explicit(&c->fallbacks, 1, memory_order_relaxed);
  char sig[256];
  sig_text(e->sig, e->nin, sig, sizeof sig);
  return st__error(ST_ERR_UNSUPPORTED,
                   "st_compile: cannot capture the function for %s: %s (fullgraph)", sig, why);
}

static void drop_bwd(cg_entry *e) {
  st_func_release(e->joint);
  cg_split_release(e->split);
  e->split = NULL;
  for (int k = 0; k < e->ndiff; k++) st__drop(e->diff[k]);
  if (e->diff) st__free(e->diff, sizeof *e->diff * (size_t)e->ndiff);
  if (e->reach) st__free(e->reach, (size_t)e->g->nout + 1);
  if (e->from) st__free(e->from, ((size_t)e->g->nout + 1) * sizeof *e->from);
  e->from = NULL;
  e->joint = NULL;
  e->diff = NULL;
  e->reach = NULL;
  e->ndiff = 0;
}

static void entry_free(cg_entry *e) {
  drop_bwd(e);
  for (int k = 0; k < e->nspare; k++) cg_free(e->spare[k]);
  if (e->proto != e->raw) cg_free(e->proto);
  if (e->cap_rg) st__free(e->cap_rg, (size_t)(e->nin + e->g->ncap + e->g->nout) + 1);
  if (e->need) st__free(e->need, sizeof *e->need * (size_t)(e->nin ? e->nin : 1));
  cg_free(e->g);
  cg_free(e->raw);
  if (e->sig) st__free(e->sig, sizeof *e->sig * (size_t)(e->nin ? e->nin : 1));
  if (e->vdims) st__free(e->vdims, e->nvdims);
  st__free(e, sizeof *e);
}

static cg_entry *entry_new(int nin, st_tensor *const *in, cg_modes m) {
  cg_entry *e = st__calloc(1, sizeof *e);
  if (e && !(e->sig = st__calloc((size_t)(nin ? nin : 1), sizeof *e->sig))) {
    st__free(e, sizeof *e);
    return NULL;
  }
  if (!e) return NULL;
  e->nin = nin;
  sig_of(nin, in, e->sig);
  e->grad_mode = m.grad_mode;
  e->inference = m.inference;
  e->force_decomp = m.force_decomp;
  return e;
}

/* Under vmap levels: keeps the inputs' batch dims and room for the outputs'. */
static int entry_vmap(cg_entry *e, int nout, cg_modes m) {
  if (!m.vdepth) return 0;
  e->nvdims = (size_t)((e->nin + nout) * m.vdepth);
  if (!(e->vdims = st__alloc(e->nvdims))) return ST_ERR_OOM;
  memset(e->vdims, -1, e->nvdims);
  memcpy(e->vdims, m.vin, (size_t)(e->nin * m.vdepth));
  e->vdepth = m.vdepth;
  return 0;
}

/* Where t is batched at each of the vdepth vmap levels (dims[l - 1], -1 where it is not), and
   its value under them; false when a wrapper on the way is not a live vmap wrapper. */
static bool vmap_layout(st_tensor *t, int vdepth, int8_t *dims, st_tensor **value) {
  for (int l = vdepth; l >= 1; l--) {
    dims[l - 1] = -1;
    if (t->level != l) continue;
    if (t->wrap != ST_WRAP_VMAP || !st__wrapper_alive(t)) return false;
    dims[l - 1] = t->bdim;
    t = t->value;
  }
  *value = t;
  return t->level == 0;
}

/* A graph output under the vmap levels of entry e: output j's value wrapped at each level
   where the eager call's output was batched (consumes v). */
static st_tensor *vmap_wrap(const cg_entry *e, int j, st_tensor *v) {
  const int8_t *d = e->vdims + (size_t)((e->nin + j) * e->vdepth);
  for (int l = 1; v && l <= e->vdepth; l++) {
    if (d[l - 1] < 0) continue;
    st_tensor *w = st__wrap(l, v, d[l - 1], NULL);
    st__drop(v);
    v = w;
  }
  return v;
}

/* ------------------------------------------------------------------------------- calling */

static int run_eager(cg_fn *c, st_tensor *const *in, st_tensor **out) {
  return st__func_call("st_compile", c->f, in, out);
}

static int fallback(cg_fn *c, st_tensor *const *in, st_tensor **out) {
  atomic_fetch_add_explicit(&c->fallbacks, 1, memory_order_relaxed);
  return run_eager(c, in, out);
}

static bool inside_transform(int nin, st_tensor *const *in) {
  for (int i = 0; i < nin; i++)
    if (in[i]->level) return true;
  return false;
}

static void add_entry(cg_fn *c, cg_entry *e) {
  if (e->g) c->last = e->g;
  e->next = c->entries;
  c->entries = e;
  if (++c->nentries > CG_MAX_ENTRIES) { /* the oldest goes */
    cg_entry **p = &c->entries;
    while ((*p)->next) p = &(*p)->next;
    if ((*p)->g == c->last) c->last = NULL;
    if ((*p)->users)
      (*p)->evicted = true; /* its last run frees it */
    else
      entry_free(*p);
    *p = NULL;
    c->nentries--;
  }
}

static void add_template(cg_fn *c, cg_dyn *d, bool unchecked) { /* newest first; the oldest goes */
  if (c->ndyn == CG_MAX_DYNAMIC) cg_dyn_free(c->dyn[--c->ndyn]);
  memmove(c->dyn + 1, c->dyn, sizeof *c->dyn * (size_t)c->ndyn);
  memmove(c->unchecked + 1, c->unchecked, sizeof *c->unchecked * (size_t)c->ndyn);
  c->dyn[0] = d;
  c->unchecked[0] = unchecked;
  c->ndyn++;
}

static void drop_template(cg_fn *c, int k) {
  cg_dyn_free(c->dyn[k]);
  c->ndyn--;
  memmove(c->dyn + k, c->dyn + k + 1, sizeof *c->dyn * (size_t)(c->ndyn - k));
  memmove(c->unchecked + k, c->unchecked + k + 1, sizeof *c->unchecked * (size_t)(c->ndyn - k));
}

/* Whether template d, made from two captures, gives at two more sizes what f does there (see
   dynamic.c: floor division and remainders fit two points and no more): f captured aside on
   zeros at each of cg_dyn_check_shape's sizes (from the second capture's, in), against the
   template instantiated there. A program that writes an input or a captured tensor in place
   cannot run aside (the run would write it), nor one with an input of another layout than
   contiguous: their templates are unchecked (CG_UNCHECKED) until a call at sizes they fit as far
   out (cg_dyn_fits_far) is captured as usual and compared (test_templates); none serves a
   call before (the calls between are captured). */
enum { CG_FAILS, CG_HOLDS, CG_UNCHECKED };
/* f captured aside on zero-filled inputs of in's dtypes and the shapes shape[i] (contiguous
   inputs only), which sin receives in the caller's scope; NULL when that fails. */
static cg_graph *capture_on_zeros(cg_fn *c, st_tensor *const *in, int64_t (*shape)[ST_MAX_DIMS],
                                  st_tensor **sin) {
  for (int i = 0; i < c->f->nin; i++)
    if (!st__is_contiguous(in[i]) || !(sin[i] = st_zeros(in[i]->dtype, in[i]->ndim, shape[i])))
      return NULL;
  return cg_capture_aside(c->f, sin, c->joint || st__grad_mode(), NULL);
}

static int holds_at_check_sizes(cg_fn *c, cg_dyn *d, const cg_graph *raw, st_tensor *const *in) {
  int nin = c->f->nin;
  if (cg_writes_roots(raw) || nin > 16) return CG_UNCHECKED;
  for (int i = 0; i < nin; i++)
    if (!st__is_contiguous(in[i])) return CG_UNCHECKED;
  bool ok = true;
  for (int check = 0; ok && check < 3; check++) {
    st_tensor *sin[16] = {0};
    int64_t shape[16][ST_MAX_DIMS];
    for (int i = 0; i < nin; i++)
      cg_dyn_check_shape(d, check, i, in[i]->ndim, in[i]->shape, shape[i]);
    bool pushed = st_scope_push() == 0; /* a failed push opens nothing, and its pop does nothing */
    cg_graph *g3 = pushed ? capture_on_zeros(c, in, shape, sin) : NULL;
    bool agrees = g3 && cg_dyn_check(d, g3, nin, sin);
    if (agrees) cg_dyn_verified(d, nin, sin);
    ok = agrees || check == 2; /* the smallest sizes only widen what it serves */
    cg_free(g3);
    st_scope_pop();
    st_clear_error();
  }
  return ok ? CG_HOLDS : CG_FAILS;
}

/* The templates a new capture e (of the call's inputs in) tests: an unchecked one it fits as far
   out as the aside checks go (a third size), a checked one it fits (beyond the sizes it was
   verified at, or where its instantiation failed). Each that gives e's program is checked and
   serves e's sizes from now on; the others go (an extrapolation that was wrong: x[n / 16:] from
   sizes 3 and 4 at 16). Whether one agreed. */
static bool test_templates(cg_fn *c, const cg_entry *e, st_tensor *const *in) {
  bool agreed = false;
  int nin = c->f->nin;
  for (int k = c->ndyn - 1; k >= 0; k--) {
    cg_dyn *d = c->dyn[k];
    if (c->unchecked[k] ? !cg_dyn_fits_far(d, nin, in) : !cg_dyn_fits(d, nin, in)) continue;
    if (cg_dyn_check(d, e->raw, nin, in)) {
      c->unchecked[k] = false;
      cg_dyn_verified(d, nin, in);
      agreed = true;
    } else {
      drop_template(c, k);
    }
  }
  return agreed;
}

/* A new capture e (of the call's inputs in, at level 0) whose program is an earlier one's at
   other sizes gives a template with those sizes symbolic (dynamic.c), so that later sizes
   instantiate it instead of capturing, when it holds at two more sizes. */
static void learn_sizes(cg_fn *c, const cg_entry *e, st_tensor *const *in) {
  if (test_templates(c, e, in)) return;
  for (const cg_entry *o = e->next; o; o = o->next) {
    if (!o->raw || o->grad_mode != e->grad_mode || o->inference != e->inference ||
        o->force_decomp != e->force_decomp)
      continue;
    cg_dyn *d = cg_dyn_derive(o->raw, e->raw);
    if (!d) continue;
    int holds = holds_at_check_sizes(c, d, e->raw, in);
    if (holds != CG_FAILS)
      add_template(c, d, holds == CG_UNCHECKED);
    else
      cg_dyn_free(d);
    return;
  }
}

/* opts.dynamic: the first capture of a signature is followed by a shadow one at other sizes
   (each distinct size n >= 2 of the inputs becomes 2n + 1; sizes 0 and 1 stay, as torch
   specializes them) on zero-filled inputs, so that the template exists from the first call. Not
   when the program writes an input or a captured tensor in place (the shadow run would write it
   too); the generator's state and what the run kept are restored, its results and errors
   dropped. When that run fails or captures another program (a size that must match a captured
   weight or a constant: x W with W captured), each distinct size is tried alone, and the sizes
   that can change are changed together; the others stay static. */

/* A shadow capture with the sizes in grow[] (of the nsz distinct sizes sz[]) at 2n + 1: its
   template, or NULL. */
static cg_dyn *shadow_template(cg_fn *c, const cg_graph *raw, st_tensor *const *in,
                               const int64_t *sz, const bool *grow, int nsz) {
  int nin = c->f->nin;
  st_tensor *sin[16] = {0};
  int64_t shape[16][ST_MAX_DIMS];
  for (int i = 0; i < nin; i++)
    for (int d = 0; d < in[i]->ndim; d++) {
      int64_t n = in[i]->shape[d];
      shape[i][d] = n;
      for (int k = 0; k < nsz; k++)
        if (grow[k] && sz[k] == n) shape[i][d] = 2 * n + 1;
    }
  bool ok = st_scope_push() == 0; /* a failed push opens nothing, and its pop does nothing */
  cg_graph *g2 = ok ? capture_on_zeros(c, in, shape, sin) : NULL;
  cg_dyn *d = g2 ? cg_dyn_derive(raw, g2) : NULL;
  cg_free(g2);
  st_scope_pop();
  st_clear_error();
  return d;
}

static void shadow_sizes(cg_fn *c, const cg_graph *raw, st_tensor *const *in) {
  int nin = c->f->nin, nsz = 0;
  if (cg_writes_roots(raw) || nin > 16) return;
  int64_t sz[16];
  bool grow[16], alone[16] = {0};
  for (int i = 0; i < nin; i++)
    for (int d = 0; d < in[i]->ndim; d++) {
      int64_t n = in[i]->shape[d];
      int k = 0;
      while (k < nsz && sz[k] != n) k++;
      if (n >= 2 && k == nsz && nsz < 16) grow[nsz] = true, sz[nsz++] = n;
    }
  if (!nsz) return;
  cg_dyn *d = shadow_template(c, raw, in, sz, grow, nsz);
  if (!d && nsz > 1) { /* each size alone; the first that holds is the template if it is the only */
    int n_alone = 0;
    for (int k = 0; k < nsz; k++) {
      for (int j = 0; j < nsz; j++) grow[j] = j == k;
      cg_dyn *one = shadow_template(c, raw, in, sz, grow, nsz);
      n_alone += alone[k] = one != NULL;
      if (!d)
        d = one;
      else
        cg_dyn_free(one);
    }
    if (n_alone > 1) {
      cg_dyn_free(d);
      d = shadow_template(c, raw, in, sz, alone, nsz);
    }
  }
  int holds = d ? holds_at_check_sizes(c, d, raw, in) : CG_FAILS;
  if (holds != CG_FAILS)
    add_template(c, d, holds == CG_UNCHECKED);
  else
    cg_dyn_free(d);
}

/* A template that fits the call, instantiated into a new entry; NULL when none does. */
static cg_entry *from_template(cg_fn *c, st_tensor *const *in, cg_modes m) {
  int nin = c->f->nin;
  for (int k = 0; k < c->ndyn; k++) {
    if (c->unchecked[k] || !cg_dyn_covers(c->dyn[k], nin, in)) continue;
    cg_graph *g = cg_dyn_instantiate(c->dyn[k], nin, in);
    if (!g) continue;
    cg_entry *e = entry_new(nin, in, m);
    cg_graph *proto = e ? cg_copy_raw(g) : NULL; /* NULL (OOM): no other instances */
    if (!e || cg_optimize(g) || cg_prepare(g, c->backend)) {
      cg_free(g);
      cg_free(proto);
      if (e) entry_free(e);
      return NULL;
    }
    e->g = g;
    e->proto = proto;
    e->writes_roots = cg_writes_roots(g);
    add_entry(c, e);
    return e;
  }
  return NULL;
}

static void warn_once(cg_fn *c, const cg_entry *e, const char *why) {
  if (c->warned) return;
  char sig[256];
  sig_text(e->sig, e->nin, sig, sizeof sig);
  c->warned = true;
  fprintf(stderr, "strata: st_compile: running the function eagerly for inputs %s: %s\n", sig, why);
}

/* warn_once for a call that no entry describes (under a jvp level or a mixed stack). */
static void warn_once_call(cg_fn *c, int nin, st_tensor *const *in, const char *why) {
  cg_entry e = {.nin = nin,
                .sig = c->warned ? NULL : st__calloc((size_t)(nin ? nin : 1), sizeof *e.sig)};
  if (!e.sig) return;
  sig_of(nin, in, e.sig);
  warn_once(c, &e, why);
  st__free(e.sig, sizeof *e.sig * (size_t)(nin ? nin : 1));
}

/* Work on the inputs' values at level 0 aside from the call (a shadow or joint capture) under
   grad levels (on): the effective top is level 0 and grad mode level 0's, as for the ops the
   levels lower there; level0_leave restores both. */
typedef struct cg_level0 {
  bool on, grad;
  int top;
} cg_level0;
static cg_level0 level0_enter(bool on, bool grad0) {
  cg_level0 s = {on, false, 0};
  if (on) {
    s.top = st__interp_lower(1);
    s.grad = st_set_grad_enabled(grad0);
  }
  return s;
}
static void level0_leave(cg_level0 s) {
  if (!s.on) return;
  st_set_grad_enabled(s.grad);
  st__interp_restore(s.top);
}

/* t's value at level 0 (t itself when it is no wrapper). */
static st_tensor *base_of(st_tensor *t) {
  while (t->level) t = t->value;
  return t;
}

/* Captures f on this call (which runs eagerly and gives the call's results) into a new entry.
   Under grad levels (base: the inputs' values at level 0, else in itself) f runs on the
   wrappers, so that every level records it as eager does, while the capture sees the ops the
   levels run at level 0 on base; m are the modes there. */
/* What eager autograd did at the capture (level 0, grad mode on): which inputs and captured
   tensors required grad, and which outputs it made require grad. An output f makes with grad
   mode off (st_set_grad_enabled(false) around it) has no history in eager, which the graph
   alone cannot tell: custom functions and checkpoints run their ops with grad mode off too,
   behind a node that differentiates them. */
static void record_requires_grad(cg_entry *e, st_tensor *const *in, st_tensor *const *out) {
  if (!(e->cap_rg = st__alloc((size_t)(e->nin + e->g->ncap + e->g->nout) + 1))) return;
  bool *p = e->cap_rg; /* on OOM the graph's analysis alone marks the outputs */
  for (int i = 0; i < e->nin; i++) *p++ = st__requires_grad(in[i]);
  for (int k = 0; k < e->g->ncap; k++) *p++ = st__requires_grad(e->g->captured[k]);
  for (int j = 0; j < e->g->nout; j++) *p++ = st__requires_grad(out[j]);
}

/* An output eager did not make require grad at the capture is not differentiable on a call
   whose inputs and captured tensors require grad as they did there. */
static void reach_as_captured(const cg_entry *e, const bool *need) {
  const bool *p = e->cap_rg;
  for (int i = 0; i < e->nin; i++)
    if (*p++ != need[i]) return;
  for (int k = 0; k < e->g->ncap; k++)
    if (*p++ != st__requires_grad(e->g->captured[k])) return;
  for (int j = 0; j < e->g->nout; j++) e->reach[j] &= p[j];
}

static bool differentiated(const cg_graph *g, int nin, st_tensor *const *in, bool grad0,
                           bool *need);
static const char why_writes[] =
    "it writes an input or a captured tensor in place while autograd records it";

/* Whether a call differentiates a graph that writes an input or captured tensor (e->g), which
   then runs eagerly (the backward's recomputation would write them again). */
static bool writes_while_recording(cg_fn *c, const cg_entry *e, st_tensor *const *in, cg_modes m) {
  int nin = c->f->nin;
  bool small[16], *need = nin > 16 ? st__calloc((size_t)nin, sizeof *need) : small;
  bool diff = need && differentiated(e->g, nin, in, m.grad_mode, need);
  if (need != small) st__free(need, sizeof *need * (size_t)nin);
  return diff;
}

static int compile_call(cg_fn *c, st_tensor *const *in, st_tensor *const *base, st_tensor **out,
                        cg_modes m) {
  int nin = c->f->nin, nout = c->f->nout;
  cg_entry *e = entry_new(nin, base, m);
  if (e && entry_vmap(e, nout, m)) {
    entry_free(e);
    e = NULL;
  }
  if (!e) return st__error(ST_ERR_OOM, "st_compile: out of memory");
  /* in grad mode eager autograd records the run as usual (its results are the call's) */
  st_tensor *small[16], **vout = st__tmp_array(nout, small, 16);
  cg_capture *cap = vout ? cg_capture_begin(nin, base, c->joint || m.grad_mode) : NULL;
  if (!cap) {
    st__tmp_free(vout, small, nout);
    entry_free(e);
    return st__error(ST_ERR_OOM, "st_compile: out of memory");
  }
  size_t kept = st__escape_mark();
  st_grad_modes before = {!st__tls_grad_disabled, st__tls_inference_mode};
  int rc = run_eager(c, in, out);
  e->modes_after = (st_grad_modes){!st__tls_grad_disabled, st__tls_inference_mode};
  e->sets_modes =
      e->modes_after.enabled != before.enabled || e->modes_after.inference != before.inference;
  bool laid_out = true; /* under vmap levels: every output's batch dims are known */
  for (int j = 0; !rc && j < nout; j++) {
    vout[j] = base_of(out[j]);
    if (m.vdepth)
      laid_out &=
          vmap_layout(out[j], m.vdepth, e->vdims + (size_t)((nin + j) * m.vdepth), &vout[j]);
  }
  cg_graph *g = NULL;
  const char *why = NULL;
  int captured = cg_capture_end(cap, rc ? 0 : nout, vout, &g, &why); /* 0: g, else why */
  st__tmp_free(vout, small, nout);
  if (!captured && !laid_out) {
    cg_free(g);
    g = NULL;
    captured = 1;
    why = "an output under vmap is wrapped by another transform";
  }
  if (!captured && st__escape_mark() != kept) { /* a graph returns its outputs only */
    cg_free(g);
    g = NULL;
    captured = 1;
    why = "it keeps tensors with st_keep";
  }
  if (rc) { /* f failed: the call ran eagerly (calls = compiles + cache_hits + fallbacks) */
    atomic_fetch_add_explicit(&c->fallbacks, 1, memory_order_relaxed);
    cg_free(g);
    entry_free(e);
    if (c->entries) { /* name what the function was compiled for */
      char was[256], msg[512];
      sig_text(c->entries->sig, nin, was, sizeof was);
      snprintf(msg, sizeof msg, "%s", st__message());
      st__error(st__status() ? st__status() : ST_ERR_ARG, "%s (st_compile: compiled before for %s)",
                msg, was);
    }
    return st__status() ? st__status() : rc;
  }
  /* NULL (OOM, or under vmap levels, whose entries have no templates): no template */
  cg_graph *raw = captured == 0 && !m.vdepth ? cg_copy_raw(g) : NULL;
  /* the spares' source: raw, or a copy of its own under vmap levels (NULL on OOM: no spares) */
  cg_graph *proto = raw ? raw : captured == 0 ? cg_copy_raw(g) : NULL;
  if (captured == 0 && (cg_optimize(g) || cg_prepare(g, c->backend))) {
    cg_free(g);
    g = NULL;
    why = "out of memory while planning its buffers";
  }
  e->g = g;
  e->raw = raw;
  e->proto = g ? proto : NULL;
  if (!g && proto != raw) cg_free(proto);
  e->why = g ? NULL : why;
  e->writes_roots = g && cg_writes_roots(g);
  /* a signature whose graph would not serve its calls (they run f eagerly) counts its first
     call as a fallback too, and warns there; under fullgraph it fails from the first */
  bool unserved = e->writes_roots && writes_while_recording(c, e, in, m);
  bool refused = unserved && c->opts.fullgraph;
  if (g && !unserved) atomic_fetch_add_explicit(&c->compiles, 1, memory_order_relaxed);
  if (g && m.grad_mode && base == in && !m.vdepth) record_requires_grad(e, in, out);
  add_entry(c, e);
  if (raw) {
    cg_level0 l0 = level0_enter(base != in, m.grad_mode);
    learn_sizes(c, e, base);
    level0_leave(l0);
  }
  if (raw && c->opts.dynamic) {
    bool fits = false;
    for (int k = 0; k < c->ndyn; k++) fits |= cg_dyn_fits(c->dyn[k], nin, base);
    if (!fits) {
      cg_level0 l0 = level0_enter(base != in, m.grad_mode);
      shadow_sizes(c, raw, base);
      level0_leave(l0);
    }
  }
  if (!g) {
    if (!c->opts.fullgraph) atomic_fetch_add_explicit(&c->fallbacks, 1, memory_order_relaxed);
    if (c->opts.fullgraph) {
      for (int j = 0; j < nout; j++) {
        st__drop(out[j]);
        out[j] = NULL;
      }
      return fullgraph_error(c, e, why);
    }
    warn_once(c, e, why);
  }
  if (refused) {
    for (int j = 0; j < nout; j++) {
      st__drop(out[j]);
      out[j] = NULL;
    }
    return fullgraph_error(c, e, why_writes);
  }
  if (unserved) {
    atomic_fetch_add_explicit(&c->fallbacks, 1, memory_order_relaxed);
    warn_once(c, e, why_writes);
  }
  return 0;
}

/* Whether a level differentiates input t: a grad wrapper on its way to level 0 that requires
   grad at its level, or, when eager autograd records there (grad0), its value at level 0. */
static bool tracked(const st_tensor *t, bool grad0) {
  for (; t->level; t = t->value)
    if (st__requires_grad(t)) return true;
  return grad0 && st__requires_grad(t);
}

/* need[i]: whether input i is differentiated; true when any is, or a tensor the graph captures
   requires grad under eager autograd (grad0). */
static bool differentiated(const cg_graph *g, int nin, st_tensor *const *in, bool grad0,
                           bool *need) {
  bool any = false;
  for (int i = 0; i < nin; i++) any |= need[i] = tracked(in[i], grad0);
  for (int k = 0; grad0 && k < g->ncap; k++) any |= st__requires_grad(g->captured[k]);
  return any;
}

/* A signature that runs eagerly: an error under fullgraph, else a counted fallback with a
   one-time warning naming why. */
static int eager_entry(cg_fn *c, const cg_entry *e, const char *why, st_tensor *const *in,
                       st_tensor **out) {
  if (c->opts.fullgraph) return fullgraph_error(c, e, why);
  warn_once(c, e, why);
  return fallback(c, in, out);
}

/* The call as one node of eager autograd, and of every grad level above it (aot.c: a custom
   function, whose rules take it through the levels); in: the call's inputs, base their values
   at level 0, need the inputs differentiated. The joint function for those and the captured
   tensors that eager autograd differentiates (grad0) is compiled once per entry (again when
   that set changes). */
static int run_differentiated(cg_fn *c, cg_entry *e, st_tensor *const *in, st_tensor *const *base,
                              const bool *need, bool grad0, st_tensor **out) {
  const cg_graph *g = e->g;
  int ndiff = 0, nin = c->f->nin;
  if (!e->need && !(e->need = st__calloc((size_t)(nin ? nin : 1), sizeof *e->need)))
    return st__error(ST_ERR_OOM, "st_compile: out of memory");
  st_tensor *small[16], **diff = st__tmp_array(g->ncap, small, 16);
  if (g->ncap && !diff) return st__error(ST_ERR_OOM, "st_compile: out of memory");
  for (int k = 0; grad0 && k < g->ncap; k++)
    if (st__requires_grad(g->captured[k])) diff[ndiff++] = g->captured[k];
  if (nin + ndiff > MAX_IN) {
    st__tmp_free(diff, small, g->ncap);
    return eager_entry(c, e,
                       "it has more inputs and captured tensors that require grad than a "
                       "compiled node takes (64)",
                       in, out);
  }
  bool same = e->joint && e->ndiff == ndiff;
  for (int k = 0; same && k < ndiff; k++) same = e->diff[k] == diff[k];
  for (int i = 0; same && i < nin; i++) same = e->need[i] == need[i];
  if (!same) {
    drop_bwd(e);
    memcpy(e->need, need, sizeof *need * (size_t)nin);
    st_func *joint = cg_joint_func(c->f, e->need, ndiff, diff);
    e->joint = joint ? cg_compile_joint(joint, c->backend) : NULL;
    st_func_release(joint);
    e->diff = ndiff ? st__calloc((size_t)ndiff, sizeof *e->diff) : NULL;
    e->reach = st__alloc((size_t)g->nout + 1);
    e->from = st__alloc(((size_t)g->nout + 1) * sizeof *e->from);
    if (!e->joint || (ndiff && !e->diff) || !e->reach || !e->from ||
        cg_differentiable_outputs(g, e->need, e->reach, e->from)) {
      drop_bwd(e);
      st__tmp_free(diff, small, g->ncap);
      return st__error(ST_ERR_OOM, "st_compile: out of memory");
    }
    if (e->cap_rg && base == in) reach_as_captured(e, e->need);
    for (int k = 0; k < ndiff; k++) e->diff[k] = st_retain(diff[k]);
    e->ndiff = ndiff;
    cg_level0 l0 = level0_enter(base != in, grad0);
    e->split = cg_split_new(c->f, e->need, ndiff, diff, e->g, base, c->backend);
    level0_leave(l0);
  }
  atomic_fetch_add_explicit(&c->hits, 1, memory_order_relaxed);
  int rc = cg_aot_apply(e->g, e->split, e->joint, e->reach, e->from, nin, in, ndiff, diff,
                        c->f->nout, out);
  st__tmp_free(diff, small, g->ncap);
  return rc;
}

/* Under grad levels only (every interpreter on the stack a grad level, every input a plain
   tensor or a chain of live grad wrappers): base receives the inputs' values at level 0, and
   the modes there (a grad level turns grad mode off below it when it was off where the level
   was pushed). Anything else (a vmap or jvp level, a dead wrapper) returns false: the call runs
   f eagerly, so that every transform sees f's own ops. */
static bool under_grad_levels(int nin, st_tensor *const *in, st_tensor **base, cg_modes *m) {
  bool grad0 = m->grad_mode;
  for (int l = 1; l <= st__tls_depth; l++) {
    const st_interp *I = st__interp_at(l);
    if (I->kind != ST_WRAP_GRAD) return false;
    grad0 &= I->prev_grad_mode;
  }
  for (int i = 0; i < nin; i++) {
    for (const st_tensor *t = in[i]; t->level; t = t->value)
      if (t->wrap != ST_WRAP_GRAD || !st__wrapper_alive(t)) return false;
    base[i] = base_of(in[i]);
  }
  m->grad_mode = grad0;
  return true;
}

/* Under vmap levels only (every interpreter on the stack a vmap level, at most 8, every input a
   plain tensor or a chain of live vmap wrappers, at most 16 inputs): base receives the inputs'
   values at level 0 and vin (16 * 8) where each is batched, which m then describes. The first
   call for such a signature runs f on the wrappers while the capture sees the batched ops the
   levels run at level 0; later calls run that graph on the values and wrap its outputs where
   the first call's were batched, as jax.jit of a vmapped function does. */
static bool under_vmap_levels(int nin, st_tensor *const *in, st_tensor **base, int8_t *vin,
                              cg_modes *m) {
  int depth = st__tls_depth;
  if (depth > 8 || nin > 16) return false;
  for (int l = 1; l <= depth; l++)
    if (st__interp_at(l)->kind != ST_WRAP_VMAP) return false;
  for (int i = 0; i < nin; i++)
    if (!vmap_layout(in[i], depth, vin + i * depth, &base[i])) return false;
  m->vdepth = depth;
  m->vin = vin;
  return true;
}

/* An instance of e's graph no other call runs (made from e->proto when every one is busy), or
   NULL; c->lock held. */
static cg_graph *take_instance(cg_fn *c, cg_entry *e) {
  if (!(e->busy & 1)) {
    e->busy |= 1;
    return e->g;
  }
  for (int k = 0; k < e->nspare; k++)
    if (!(e->busy & (2u << k))) {
      e->busy |= 2u << k;
      return e->spare[k];
    }
  if (e->nspare == CG_SPARES || !e->proto) return NULL;
  cg_graph *g = cg_copy_raw(e->proto);
  if (!g || cg_optimize(g) || cg_prepare(g, c->backend)) {
    cg_free(g);
    st_clear_error();
    return NULL;
  }
  e->spare[e->nspare] = g;
  e->busy |= 2u << e->nspare++;
  return g;
}

static void give_instance(cg_entry *e, const cg_graph *g) {
  if (g == e->g) e->busy &= ~1u;
  for (int k = 0; k < e->nspare; k++)
    if (g == e->spare[k]) e->busy &= ~(2u << k);
}

/* Runs e's graph on base outside c->lock (held on entry and on return), so that calls on other
   threads run meanwhile, each on an instance of its own; 1 when every instance is busy (the
   call then runs f eagerly). */
static int run_graph(cg_fn *c, cg_entry *e, st_tensor *const *base, bool inference,
                     st_tensor **out) {
  cg_graph *g = take_instance(c, e);
  if (!g) return 1;
  e->users++;
  pthread_mutex_unlock(&c->lock);
  int rc = cg_run(g, base, out, inference);
  pthread_mutex_lock(&c->lock);
  give_instance(e, g);
  e->users--;
  return rc;
}

/* The call for entry e (in: the inputs, base their values at level 0, m the modes there). */
static int run_entry(cg_fn *c, cg_entry *e, st_tensor *const *in, st_tensor *const *base,
                     cg_modes m, st_tensor **out) {
  int nin = c->f->nin;
  if (!e->g) return c->opts.fullgraph ? fullgraph_error(c, e, e->why) : fallback(c, in, out);
  /* a hit is a call the cached graph serves: the entries that run f eagerly count as fallbacks */
  bool small[16], *need = nin > 16 ? st__calloc((size_t)nin, sizeof *need) : small;
  if (!need) return st__error(ST_ERR_OOM, "st_compile: out of memory");
  int rc;
  bool diff = differentiated(e->g, nin, in, m.grad_mode, need);
  if (e->vdepth && diff) { /* a custom function's node under vmap runs f's forward batched */
    rc = fallback(c, in, out);
  } else if (e->vdepth) {
    rc = run_graph(c, e, base, m.inference, out);
    if (rc == 1) {
      rc = fallback(c, in, out); /* f on the wrappers: its outputs are batched already */
    } else {
      atomic_fetch_add_explicit(&c->hits, 1, memory_order_relaxed);
      for (int j = 0; !rc && j < c->f->nout; j++)
        if (!(out[j] = vmap_wrap(e, j, out[j])))
          rc = st__error(ST_ERR_OOM, "st_compile: out of memory");
      if (rc)
        for (int j = 0; j < c->f->nout; j++) {
          st__drop(out[j]);
          out[j] = NULL;
        }
    }
  } else if (e->writes_roots && diff) { /* the backward's recomputation would write them again */
    rc = eager_entry(c, e, why_writes, in, out);
  } else if (diff) {
    rc = run_differentiated(c, e, in, base, need, m.grad_mode, out); /* counts its hit there */
  } else {
    rc = run_graph(c, e, base, m.inference, out);
    if (rc == 1)
      rc = fallback(c, in, out);
    else
      atomic_fetch_add_explicit(&c->hits, 1, memory_order_relaxed);
  }
  if (!rc && e->sets_modes && !e->vdepth) st__grad_modes_set(e->modes_after); /* as f left them */
  if (need != small) st__free(need, sizeof *need * (size_t)nin);
  return rc;
}

/* The function's lock, waited for a little: another thread holds it while it looks up its
   entry (briefly), compiles a signature or runs one under eager autograd (then this call runs f
   eagerly rather than wait). Never waited for without bound: f may call compiled functions
   (eagerly, or in a backward's recomputation) whose lock another thread holds while it waits
   for this one. */
static bool lock_briefly(cg_fn *c) {
  for (int k = 0; k < 64; k++) {
    if (!pthread_mutex_trylock(&c->lock)) return true;
    sched_yield();
  }
  return false;
}

static int compiled_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  cg_fn *c = ctx;
  /* inlined into the outer capture: its ops are that graph's, and the call is the outer one's */
  if (cg_capturing()) return run_eager(c, in, out);
  atomic_fetch_add_explicit(&c->calls, 1, memory_order_relaxed);
  cg_modes m = current_modes();
  if (m.force_decomp) return fallback(c, in, out);
  st_tensor *small[16], **base = (st_tensor **)in;
  int8_t vin[16 * 8]; /* the inputs' batch dims under vmap levels (under_vmap_levels) */
  if (inside_transform(nin, in)) {
    if (!(base = st__tmp_array(nin, small, 16)))
      return st__error(ST_ERR_OOM, "st_compile: out of memory");
    if (!under_grad_levels(nin, in, base, &m) && !under_vmap_levels(nin, in, base, vin, &m)) {
      st__tmp_free(base, small, nin);
      if (c->opts.fullgraph) {
        atomic_fetch_add_explicit(&c->fallbacks, 1, memory_order_relaxed);
        return st__error(ST_ERR_UNSUPPORTED,
                         "st_compile: cannot serve a call under a jvp level or a stack that "
                         "mixes transforms (fullgraph): there f runs eagerly, so the transforms "
                         "see its ops");
      }
      warn_once_call(c, nin, in,
                     "it is called under a jvp level or a stack that mixes "
                     "transforms, where f runs eagerly so that they see its ops");
      return fallback(c, in, out);
    }
  }
  int rc;
  if (!lock_briefly(c)) {
    rc = fallback(c, in, out);
  } else {
    cg_entry *e = c->entries;
    while (e && !sig_matches(e, nin, base, m)) e = e->next;
    if (!e && !m.vdepth) e = from_template(c, base, m);
    if (!e) {
      rc = compile_call(c, in, base, out, m);
    } else {
      rc = run_entry(c, e, in, base, m, out);
      if (e->evicted && !e->users) entry_free(e); /* evicted while its graph ran unlocked */
    }
    pthread_mutex_unlock(&c->lock);
  }
  if (base != in) st__tmp_free(base, small, nin);
  return rc;
}

static void free_compiled(void *ctx) {
  cg_fn *c = ctx;
  for (int k = 0; k < c->ndyn; k++) cg_dyn_free(c->dyn[k]);
  while (c->entries) {
    cg_entry *e = c->entries;
    c->entries = e->next;
    entry_free(e);
  }
  st_func_release(c->f);
  pthread_mutex_destroy(&c->lock);
  st__free(c, sizeof *c);
}

/* ------------------------------------------------------------------------------- public */

static st_func *compile_fn(st_func *f, const st_compile_opts *opts, bool joint,
                           cg_backend backend) {
  if (!f) {
    st__error(ST_ERR_ARG, "st_compile: the function is NULL");
    return NULL;
  }
  st_compile_opts o = opts ? *opts : (st_compile_opts){0};
  if (o.backend && strcmp(o.backend, "interp") && strcmp(o.backend, "c")) {
    st__error(ST_ERR_ARG, "st_compile: unknown backend \"%s\" (\"interp\" or \"c\")", o.backend);
    return NULL;
  }
  if (o.backend) backend = strcmp(o.backend, "c") ? CG_INTERP : CG_C;
  o.backend = NULL; /* the caller's string need not outlive the call */
  cg_fn *c = st__calloc(1, sizeof *c);
  if (!c) {
    st__error(ST_ERR_OOM, "st_compile: out of memory");
    return NULL;
  }
  if (pthread_mutex_init(&c->lock, NULL)) {
    st__free(c, sizeof *c);
    st__error(ST_ERR_OOM, "st_compile: cannot make a lock");
    return NULL;
  }
  c->f = st_func_retain(f);
  c->opts = o;
  c->backend = backend;
  c->joint = joint;
  return st__func_make("st_compile", compiled_fn, c, free_compiled, f->nin, f->nout);
}

st_func *st_compile(st_func *f, const st_compile_opts *opts) {
  return compile_fn(f, opts, false, cg_default_backend());
}

st_func *cg_compile_joint(st_func *joint, cg_backend backend) {
  return compile_fn(joint, NULL, true, backend);
}

static cg_fn *compiled_of(const char *who, st_func *f) {
  if (!f || f->fn != compiled_fn) {
    st__error(ST_ERR_ARG, "%s: %s", who,
              !f ? "the function is NULL" : "not a function st_compile returned");
    return NULL;
  }
  return f->ctx;
}

int st_compile_get_stats(st_func *compiled, st_compile_stats *stats) {
  cg_fn *c = compiled_of("st_compile_get_stats", compiled);
  if (!c) return st__status();
  if (!stats) return st__error(ST_ERR_ARG, "st_compile_get_stats: stats is NULL");
  pthread_mutex_lock(&c->lock);
  *stats = (st_compile_stats){
      .calls = atomic_load(&c->calls),
      .compiles = atomic_load(&c->compiles),
      .cache_hits = atomic_load(&c->hits),
      .fallbacks = atomic_load(&c->fallbacks),
      .graph_ops = c->last ? c->last->live_nodes : 0,
      .kernels = c->last ? c->last->kernels : 0,
  };
  pthread_mutex_unlock(&c->lock);
  st__ok();
  return 0;
}

int st_compile_print(st_func *compiled, FILE *f) {
  cg_fn *c = compiled_of("st_compile_print", compiled);
  if (!c) return st__status();
  if (!f) return st__error(ST_ERR_ARG, "st_compile_print: the stream is NULL");
  pthread_mutex_lock(&c->lock);
  int rc = c->last ? cg_print(c->last, f) : 1;
  pthread_mutex_unlock(&c->lock);
  if (rc == 1)
    return st__error(ST_ERR_ARG,
                     "st_compile_print: no graph compiled yet (call the function first)");
  if (rc) return st__error(ST_ERR_IO, "st_compile_print: writing to the stream failed");
  st__ok();
  return 0;
}
