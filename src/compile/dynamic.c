/* dynamic.c — graphs with symbolic sizes (seed 002, #103822: dynamic shapes detected from a
   change between calls). Two captures of one function whose input sizes differ (a dim of size
   a in the first is b in the second) and whose programs are the same op for op give a
   template: the first capture, in which every integer that differs between the two (an
   attribute word: a reshape's target, a factory's shape, a slice's end, arange's end; an alias
   header's shape, strides and offset) is a formula in the sizes that changed, the symbols.
   Sizes are matched by value as torch's duck sizing does: dims of equal size in both captures
   are one symbol. A formula is k * s1^e1 * s2^e2 ... (exponents up to 3), or p * s + q for one
   symbol, found from the two points; attribute words that are doubles (arange's bounds) are
   fitted on their values, or as num / a formula (a mean's 1 / count in a vjp rule), each
   division giving the captured double exactly.

   Two points fit more than the program: x[n / 2:] at sizes 3 and 4 gives the line n - 2, at 4
   and 5 the constant 2; x[n % 2:] at 5 and 7 the constant 1; x[n / 2:] of an [n, m] input at
   [5, 2] and [11, 5] the start m (5 = 2 * 2 + 1, and n -> 2 n + 1 keeps that). So a template
   is kept only when, at two more sizes, it gives what a capture there gives (cg_dyn_check;
   compile.c captures aside, on zeros): each symbolic dim at 2 b + 1 (odd), then symbol j at
   (j + 1) b + 1 or + 2, whichever is even (cg_dyn_check_shape): the two differ in parity, and
   the second scales each symbol by another factor, so no relation between sizes that the
   captures share (one size the other's plus one, twice plus one) holds at both.

   A call whose sizes fit the template (same dtypes and ranks, inputs contiguous or dense in
   the template's order of dims (and expanded where it is), the other dims equal, each symbol's dims
   equal and >= 2; an input of another layout, which no symbol may touch, exactly as captured)
   instantiates it without running the function: the formulas give the attributes, every node's
   infer gives its outputs' shapes (ground truth: an inconsistent formula fails there, and the call
   is captured instead), and the graph goes through the passes like a captured one. */
#include <math.h>
#include <string.h>

#include "compile.h"

#define CG_MAX_SYMS 4
#define CG_SMALL    (INT64_C(1) << 40)

typedef struct cg_fit {
  int node;  /* the node whose attribute word it is, or -1 for an alias value's field */
  int value; /* the alias value, for node -1 */
  int word;  /* attribute word, or field (shape d, ST_MAX_DIMS + strides d, 2 ST_MAX_DIMS offset) */
  bool dbl;  /* the word holds a double */
  bool recip; /* dbl: the double num / (the formula), else (the formula) */
  double num;
  bool affine;
  int sym;         /* affine: p * s + q */
  int64_t k, p, q; /* monomial: k * prod s_j^e_j */
  int8_t e[CG_MAX_SYMS];
} cg_fit;

struct cg_dyn {
  cg_graph *tmpl; /* the first capture, raw */
  int nsyms;
  int64_t a[CG_MAX_SYMS], b[CG_MAX_SYMS]; /* each symbol's size in the template, the other */
  /* each symbol's sizes the template was verified over: the captures', the checks', and the
     calls beyond that were captured and agreed (cg_dyn_covers, cg_dyn_verified) */
  int64_t lo[CG_MAX_SYMS], hi[CG_MAX_SYMS];
  int8_t *sym; /* input i, dim d (i * ST_MAX_DIMS + d) -> symbol, or -1 */
  cg_fit *fits;
  int nfits, capfits;
};

/* --------------------------------------------------------------------------- raw copies */

cg_graph *cg_copy_raw(const cg_graph *g) {
  cg_graph *c = st__calloc(1, sizeof *c);
  if (!c) return NULL;
  c->nin = g->nin;
  c->nout = g->nout;
  c->nv = c->capv = g->nv;
  c->nn = c->capn = g->nn;
  c->nb = c->capb = g->nb;
  c->ncap = c->capcap = g->ncap;
  c->inputs = g->nin ? st__calloc((size_t)g->nin, sizeof *c->inputs) : NULL; /* cg_free's sizes */
  c->outputs = st__calloc((size_t)g->nout, sizeof *c->outputs);
  c->v = st__calloc((size_t)g->nv + 1, sizeof *c->v);
  c->n = st__calloc((size_t)g->nn + 1, sizeof *c->n);
  c->b = st__calloc((size_t)g->nb + 1, sizeof *c->b);
  c->captured = st__calloc((size_t)g->ncap + 1, sizeof *c->captured);
  c->capv++, c->capn++, c->capb++, c->capcap++;
  if ((g->nin && !c->inputs) || !c->outputs || !c->v || !c->n || !c->b || !c->captured) {
    c->nn = 0;
    cg_free(c);
    return NULL;
  }
  if (g->nin) memcpy(c->inputs, g->inputs, sizeof *c->inputs * (size_t)g->nin);
  if (g->nout) memcpy(c->outputs, g->outputs, sizeof *c->outputs * (size_t)g->nout);
  if (g->nv) memcpy(c->v, g->v, sizeof *c->v * (size_t)g->nv);
  if (g->nb) memcpy(c->b, g->b, sizeof *c->b * (size_t)g->nb);
  for (int i = 0; i < g->nv; i++) c->v[i].rt = NULL;
  for (int k = 0; k < g->ncap; k++) c->captured[k] = st_retain(g->captured[k]);
  for (int i = 0; i < g->nn; i++) {
    c->n[i] = g->n[i];
    c->n[i].rt_in = NULL;
    c->n[i].in = NULL;
    if (c->n[i].cond) c->n[i].cond->refs++;
  }
  for (int i = 0; i < g->nn; i++) {
    if (!g->n[i].nin) continue;
    if (!(c->n[i].in = st__calloc((size_t)g->n[i].nin, sizeof *c->n[i].in))) {
      cg_free(c);
      return NULL;
    }
    memcpy(c->n[i].in, g->n[i].in, sizeof *c->n[i].in * (size_t)g->n[i].nin);
  }
  return c;
}

/* ------------------------------------------------------------------------------- fitting */

static bool small(int64_t x) { return x > -CG_SMALL && x < CG_SMALL; }

static int64_t power(int64_t s, int e) {
  int64_t r = 1;
  while (e--) r *= s;
  return r;
}

static int64_t eval(const cg_fit *f, const int64_t *s, int nsyms) {
  if (f->affine) return f->p * s[f->sym] + f->q;
  int64_t r = f->k;
  for (int j = 0; j < nsyms; j++) r *= power(s[j], f->e[j]);
  return r;
}

/* x(a) = xa and x(b) = xb as a monomial in the symbols (smallest degree first) or an affine
   function of one of them. */
static bool fit_ints(int64_t xa, int64_t xb, const int64_t *a, const int64_t *b, int nsyms,
                     cg_fit *f) {
  int combos = 1;
  for (int j = 0; j < nsyms; j++) combos *= 4;
  for (int degree = 1; degree <= 3 * nsyms; degree++)
    for (int c = 1; c < combos; c++) {
      int8_t e[CG_MAX_SYMS] = {0};
      int total = 0;
      for (int j = 0, r = c; j < nsyms; j++, r /= 4) total += e[j] = (int8_t)(r % 4);
      if (total != degree) continue;
      int64_t pa = 1, pb = 1;
      for (int j = 0; j < nsyms; j++) {
        pa *= power(a[j], e[j]);
        pb *= power(b[j], e[j]);
      }
      if (!pa || xa % pa) continue;
      int64_t k = xa / pa;
      if (!k || !small(k) || k * pb != xb) continue;
      f->affine = false;
      f->k = k;
      memcpy(f->e, e, sizeof e);
      return true;
    }
  for (int j = 0; j < nsyms; j++) {
    int64_t d = b[j] - a[j];
    if (!d || (xb - xa) % d) continue;
    f->affine = true;
    f->sym = j;
    f->p = (xb - xa) / d;
    f->q = xa - f->p * a[j];
    return true;
  }
  return false;
}

/* A double word num / n at both points, n an integer, each as the division gives it: a mean's
   scale in a vjp rule (1 / count, mse's 2 / count, a variance's 2 / (count - 1)). */
static bool fit_reciprocal(double da, double db, const cg_dyn *d, const int64_t *b, cg_fit *f) {
  static const double nums[] = {1, 2, -1, -2};
  for (size_t k = 0; k < sizeof nums / sizeof *nums; k++) {
    double ma = nums[k] / da, mb = nums[k] / db;
    if (!(fabs(ma) < CG_SMALL && fabs(mb) < CG_SMALL)) continue;
    int64_t ia = (int64_t)llround(ma), ib = (int64_t)llround(mb);
    if (!ia || !ib || nums[k] / (double)ia != da || nums[k] / (double)ib != db ||
        !fit_ints(ia, ib, d->a, b, d->nsyms, f))
      continue;
    f->recip = true;
    f->num = nums[k];
    return true;
  }
  return false;
}

/* An attribute word: equal (nothing to fit), an integer, or a double holding an integer or
   num / an integer. */
static int fit_word(int64_t wa, int64_t wb, const cg_dyn *d, const int64_t *b, cg_fit *f) {
  if (wa == wb) return 0;
  if (small(wa) && small(wb)) return fit_ints(wa, wb, d->a, b, d->nsyms, f) ? 1 : -1;
  double da, db;
  memcpy(&da, &wa, sizeof da);
  memcpy(&db, &wb, sizeof db);
  if (!isfinite(da) || !isfinite(db)) return -1;
  f->dbl = true;
  if (da == floor(da) && db == floor(db) && fabs(da) < CG_SMALL && fabs(db) < CG_SMALL &&
      fit_ints((int64_t)da, (int64_t)db, d->a, b, d->nsyms, f))
    return 1;
  return fit_reciprocal(da, db, d, b, f) ? 1 : -1;
}

static int add_fit(cg_dyn *d, const cg_fit *f) {
  if (d->nfits == d->capfits) {
    int cap = d->capfits ? 2 * d->capfits : 16;
    cg_fit *p = st__realloc(d->fits, sizeof *p * (size_t)d->capfits, sizeof *p * (size_t)cap);
    if (!p) return ST_ERR_OOM;
    d->fits = p;
    d->capfits = cap;
  }
  d->fits[d->nfits++] = *f;
  return 0;
}

static bool same_layout(const cg_value *a, const cg_value *b) {
  size_t n = sizeof(int64_t) * (size_t)a->ndim;
  return a->ndim == b->ndim && !memcmp(a->shape, b->shape, n) && !memcmp(a->strides, b->strides, n);
}

/* The two captures are the same program: the same nodes on the same values and buffers. */
static bool same_structure(const cg_graph *x, const cg_graph *y) {
  if (x->nin != y->nin || x->nout != y->nout || x->nv != y->nv || x->nn != y->nn ||
      x->nb != y->nb || x->ncap != y->ncap)
    return false;
  if (memcmp(x->inputs, y->inputs, sizeof *x->inputs * (size_t)x->nin) ||
      memcmp(x->outputs, y->outputs, sizeof *x->outputs * (size_t)x->nout))
    return false;
  for (int k = 0; k < x->ncap; k++)
    if (x->captured[k] != y->captured[k]) return false;
  for (int i = 0; i < x->nv; i++) {
    const cg_value *a = &x->v[i], *b = &y->v[i];
    if (a->kind != b->kind || a->src != b->src || a->out != b->out || a->buf != b->buf ||
        a->dtype != b->dtype || a->ndim != b->ndim)
      return false;
  }
  for (int i = 0; i < x->nb; i++) {
    const cg_buf *a = &x->b[i], *b = &y->b[i];
    if (a->kind != b->kind || a->root != b->root || a->def != b->def || a->esize != b->esize)
      return false;
  }
  for (int i = 0; i < x->nn; i++) {
    const cg_node *a = &x->n[i], *b = &y->n[i];
    if (a->cond || b->cond) return false; /* a st_cond's branches have fixed sizes */
    if (a->op != b->op || a->nin != b->nin || a->nout != b->nout || a->view != b->view ||
        memcmp(a->out, b->out, sizeof a->out) ||
        (a->nin && memcmp(a->in, b->in, sizeof *a->in * (size_t)a->nin)))
      return false;
  }
  return true;
}

/* A dense layout's dims, outermost first, and which are expanded (stride 0): a permutation of
   a contiguous layout, some dims perhaps expanded, every dim of size >= 2 (a transposed
   activation or an expanded sum that compiled autograd saves). */
typedef struct {
  int8_t perm[ST_MAX_DIMS];
  uint32_t expanded;
  int n; /* dims in perm; -1: not such a layout */
} dense_layout;

static dense_layout dense_order(int ndim, const int64_t *shape, const int64_t *strides) {
  dense_layout d = {.n = 0};
  for (int k = 0; k < ndim; k++) {
    if (shape[k] < 2) return (dense_layout){.n = -1};
    if (!strides[k]) {
      d.expanded |= UINT32_C(1) << k;
      continue;
    }
    int j = d.n++; /* insertion by stride, largest first */
    while (j > 0 && strides[d.perm[j - 1]] < strides[k]) d.perm[j] = d.perm[j - 1], j--;
    d.perm[j] = (int8_t)k;
  }
  for (int j = 0; j < d.n; j++) {
    int64_t inner = j + 1 < d.n ? strides[d.perm[j + 1]] * shape[d.perm[j + 1]] : 1;
    if (strides[d.perm[j]] != inner) return (dense_layout){.n = -1};
  }
  return d;
}

/* Whether both are dense layouts with the same order and expanded dims. */
static bool same_dense(int ndim, const int64_t *shape, const int64_t *strides, const cg_value *v) {
  dense_layout a = dense_order(ndim, shape, strides),
               b = dense_order(v->ndim, v->shape, v->strides);
  return a.n >= 0 && a.n == b.n && a.expanded == b.expanded && !memcmp(a.perm, b.perm, (size_t)a.n);
}

void cg_dyn_free(cg_dyn *d) {
  if (!d) return;
  if (d->sym) st__free(d->sym, (size_t)(d->tmpl ? d->tmpl->nin : 0) * ST_MAX_DIMS + 1);
  cg_free(d->tmpl);
  if (d->fits) st__free(d->fits, sizeof *d->fits * (size_t)d->capfits);
  st__free(d, sizeof *d);
}

cg_dyn *cg_dyn_derive(const cg_graph *ga, const cg_graph *gb) {
  if (!same_structure(ga, gb)) return NULL;
  cg_dyn *d = st__calloc(1, sizeof *d);
  size_t nsym = (size_t)ga->nin * ST_MAX_DIMS + 1;
  if (!d || !(d->sym = st__alloc(nsym))) {
    if (d) st__free(d, sizeof *d);
    return NULL;
  }
  int64_t b[CG_MAX_SYMS];
  memset(d->sym, -1, nsym);
  bool ok = true;
  for (int i = 0; ok && i < ga->nin; i++) {
    const cg_value *va = &ga->v[ga->inputs[i]], *vb = &gb->v[gb->inputs[i]];
    /* a symbolic input is contiguous, or dense in the same order of its dims with the same
       dims expanded (compiled autograd's saved transposed activations and expanded sums); one
       of another layout keeps it */
    ok = (cg_contiguous(va) && cg_contiguous(vb)) || same_layout(va, vb) ||
         same_dense(va->ndim, va->shape, va->strides, vb);
    for (int k = 0; ok && k < va->ndim; k++) {
      int64_t sa = va->shape[k], sb = vb->shape[k];
      if (sa == sb) continue;
      ok = sa >= 2 && sb >= 2;
      int s = 0;
      while (s < d->nsyms && !(d->a[s] == sa && b[s] == sb)) s++;
      if (ok && s == d->nsyms) {
        ok = d->nsyms < CG_MAX_SYMS;
        if (ok) {
          d->a[s] = sa;
          b[s] = sb;
          d->nsyms++;
        }
      }
      d->sym[i * ST_MAX_DIMS + k] = (int8_t)s;
    }
  }
  ok = ok && d->nsyms > 0;
  for (int s = 0; ok && s < d->nsyms; s++) {
    d->lo[s] = d->a[s] < b[s] ? d->a[s] : b[s];
    d->hi[s] = d->a[s] < b[s] ? b[s] : d->a[s];
  }
  enum { WORDS = sizeof(st_attrs) / sizeof(int64_t) };
  for (int i = 0; ok && i < ga->nn; i++) {
    int64_t wa[WORDS], wb[WORDS];
    memcpy(wa, &ga->n[i].a, sizeof wa);
    memcpy(wb, &gb->n[i].a, sizeof wb);
    for (int w = 0; ok && w < WORDS; w++) {
      cg_fit f = {.node = i, .value = -1, .word = w};
      int r = fit_word(wa[w], wb[w], d, b, &f);
      ok = r >= 0 && (r == 0 || !add_fit(d, &f));
    }
  }
  for (int i = 0; ok && i < ga->nv; i++) {
    const cg_value *va = &ga->v[i], *vb = &gb->v[i];
    if (va->kind != CG_ALIAS) continue;
    for (int field = 0; ok && field <= 2 * ST_MAX_DIMS; field++) {
      int dim = field % ST_MAX_DIMS;
      if (field < 2 * ST_MAX_DIMS && dim >= va->ndim) continue;
      const int64_t *pa = field < ST_MAX_DIMS       ? va->shape
                          : field < 2 * ST_MAX_DIMS ? va->strides
                                                    : &va->offset;
      const int64_t *pb = field < ST_MAX_DIMS       ? vb->shape
                          : field < 2 * ST_MAX_DIMS ? vb->strides
                                                    : &vb->offset;
      int at = field < 2 * ST_MAX_DIMS ? dim : 0;
      cg_fit f = {.node = -1, .value = i, .word = field};
      int r = pa[at] == pb[at] ? 0 : fit_ints(pa[at], pb[at], d->a, b, d->nsyms, &f) ? 1 : -1;
      ok = r >= 0 && (r == 0 || !add_fit(d, &f));
    }
  }
  memcpy(d->b, b, sizeof b);
  if (ok && !(d->tmpl = cg_copy_raw(ga))) ok = false;
  if (!ok) {
    st__free(d->sym, nsym);
    d->sym = NULL;
    cg_dyn_free(d);
    return NULL;
  }
  return d;
}

/* ------------------------------------------------------------------------- instantiation */

/* The symbols' sizes in a call, or false when the call does not fit the template. */
static bool sizes_of(const cg_dyn *d, int nin, st_tensor *const *in, int64_t *s) {
  const cg_graph *t = d->tmpl;
  if (nin != t->nin) return false;
  for (int j = 0; j < d->nsyms; j++) s[j] = -1;
  for (int i = 0; i < nin; i++) {
    const cg_value *v = &t->v[t->inputs[i]];
    if (in[i]->dtype != v->dtype || in[i]->ndim != v->ndim) return false;
    for (int k = 0; k < i; k++) /* the same tensor twice, as in the template */
      if ((in[k] == in[i]) != (t->inputs[k] == t->inputs[i])) return false;
    bool symbolic = false;
    for (int k = 0; k < v->ndim; k++) symbolic |= d->sym[i * ST_MAX_DIMS + k] >= 0;
    if (cg_contiguous(v)) {
      if (!st__is_contiguous(in[i])) return false;
    } else if (symbolic) { /* dense in the template's order */
      if (!same_dense(in[i]->ndim, in[i]->shape, in[i]->strides, v)) return false;
    } else { /* a fixed layout */
      if (memcmp(in[i]->shape, v->shape, sizeof(int64_t) * (size_t)v->ndim) ||
          memcmp(in[i]->strides, v->strides, sizeof(int64_t) * (size_t)v->ndim))
        return false;
      continue;
    }
    for (int k = 0; k < v->ndim; k++) {
      int sym = d->sym[i * ST_MAX_DIMS + k];
      int64_t n = in[i]->shape[k];
      if (sym < 0) {
        if (n != v->shape[k]) return false;
      } else if (s[sym] < 0) {
        if (n < 2) return false;
        s[sym] = n;
      } else if (s[sym] != n) {
        return false;
      }
    }
  }
  return true;
}

bool cg_dyn_fits(const cg_dyn *d, int nin, st_tensor *const *in) {
  int64_t s[CG_MAX_SYMS];
  return sizes_of(d, nin, in, s);
}

bool cg_dyn_covers(const cg_dyn *d, int nin, st_tensor *const *in) {
  int64_t s[CG_MAX_SYMS];
  if (!sizes_of(d, nin, in, s)) return false;
  for (int j = 0; j < d->nsyms; j++)
    if (s[j] < d->lo[j] || s[j] > d->hi[j]) return false;
  return true;
}

void cg_dyn_verified(cg_dyn *d, int nin, st_tensor *const *in) {
  int64_t s[CG_MAX_SYMS];
  if (!sizes_of(d, nin, in, s)) return;
  for (int j = 0; j < d->nsyms; j++) {
    if (s[j] < d->lo[j]) d->lo[j] = s[j];
    if (s[j] > d->hi[j]) d->hi[j] = s[j];
  }
}

bool cg_dyn_fits_far(const cg_dyn *d, int nin, st_tensor *const *in) {
  int64_t s[CG_MAX_SYMS];
  if (!sizes_of(d, nin, in, s)) return false;
  for (int j = 0; j < d->nsyms; j++)
    if (s[j] < 2 * d->b[j] + 1) return false;
  return true;
}

static void fake_of(st_tensor *f, const cg_value *v, st_storage *s) {
  memset(f, 0, sizeof *f);
  f->dtype = v->dtype;
  f->ndim = v->ndim;
  memcpy(f->shape, v->shape, sizeof(int64_t) * (size_t)v->ndim);
  memcpy(f->strides, v->strides, sizeof(int64_t) * (size_t)v->ndim);
  f->offset = v->offset;
  f->storage = s;
  f->level = 1; /* infer reads no values of it (st__has_data) */
}

/* Every node's outputs from its infer on the values before it. */
static bool infer_all(cg_graph *g, st_tensor *fake, st_storage *stor) {
  for (int i = 0; i < g->nv; i++)
    if (g->v[i].kind != CG_NODE) fake_of(&fake[i], &g->v[i], &stor[g->v[i].buf]);
  for (int i = 0; i < g->nn; i++) {
    cg_node *n = &g->n[i];
    st_tensor *small[16], **args = st__tmp_array(n->nin, small, 16);
    if (!args) return false;
    for (int k = 0; k < n->nin; k++) args[k] = &fake[n->in[k]];
    st_opcall c = {.op = n->op, .nin = n->nin, .in = args, .a = n->a};
    st_meta m[ST_MAX_OUTS];
    bool inferred = n->op->infer(&c, m) == 0;
    if (inferred && n->fusible && !n->op->pointwise(&c, &n->pw)) n->fusible = false;
    if (inferred && n->reduces && !n->op->row_reduce(&c, &n->rr)) n->reduces = false;
    st__tmp_free(args, small, n->nin);
    if (!inferred) {
      st__clear_visible();
      return false;
    }
    for (int j = 0; j < n->nout; j++) {
      if (j == 0 && (n->op->flags & ST_OP_INPLACE)) continue;
      cg_value *v = &g->v[n->out[j]];
      cg_buf *b = &g->b[v->buf];
      bool view = m[j].alias >= 0;
      if (view != (b->def != i) || m[j].dtype != v->dtype || m[j].ndim != v->ndim) return false;
      v->ndim = m[j].ndim;
      memcpy(v->shape, m[j].shape, sizeof(int64_t) * (size_t)m[j].ndim);
      if (view) {
        memcpy(v->strides, m[j].strides, sizeof(int64_t) * (size_t)m[j].ndim);
        v->offset = m[j].offset;
      } else {
        st__contiguous_strides(v->ndim, v->shape, v->strides); /* st__tensor_empty's */
        v->offset = 0;
        b->nbytes = (size_t)st__numel(v->ndim, v->shape) * (size_t)b->esize;
      }
      fake_of(&fake[n->out[j]], v, &stor[v->buf]);
    }
  }
  return true;
}

cg_graph *cg_dyn_instantiate(const cg_dyn *d, int nin, st_tensor *const *in) {
  int64_t s[CG_MAX_SYMS];
  if (!sizes_of(d, nin, in, s)) return NULL;
  cg_graph *g = cg_copy_raw(d->tmpl);
  if (!g) return NULL;
  for (int i = 0; i < nin; i++) cg_value_layout(&g->v[g->inputs[i]], in[i]);
  for (int k = 0; k < d->nfits; k++) {
    const cg_fit *f = &d->fits[k];
    int64_t x = eval(f, s, d->nsyms);
    if (f->node >= 0) {
      int64_t w = x;
      if (f->dbl) {
        double dx = f->recip ? f->num / (double)x : (double)x;
        memcpy(&w, &dx, sizeof w);
      }
      memcpy((char *)&g->n[f->node].a + sizeof(int64_t) * (size_t)f->word, &w, sizeof w);
    } else {
      cg_value *v = &g->v[f->value];
      int dim = f->word % ST_MAX_DIMS;
      if (f->word < ST_MAX_DIMS)
        v->shape[dim] = x;
      else if (f->word < 2 * ST_MAX_DIMS)
        v->strides[dim] = x;
      else
        v->offset = x;
    }
  }
  st_tensor *fake = st__calloc((size_t)g->nv + 1, sizeof *fake);
  st_storage *stor = st__calloc((size_t)g->nb + 1, sizeof *stor);
  bool ok = fake && stor && infer_all(g, fake, stor);
  if (fake) st__free(fake, sizeof *fake * ((size_t)g->nv + 1));
  if (stor) st__free(stor, sizeof *stor * ((size_t)g->nb + 1));
  if (!ok) {
    cg_free(g);
    return NULL;
  }
  return g;
}

void cg_dyn_check_shape(const cg_dyn *d, int check, int i, int ndim, const int64_t *shape,
                        int64_t *out) {
  for (int k = 0; k < ndim; k++) {
    int sym = d->sym[i * ST_MAX_DIMS + k];
    int64_t b = sym >= 0 ? d->b[sym] : 0, m = sym + 1;
    if (sym < 0)
      out[k] = shape[k];
    else if (check == 0)
      out[k] = 2 * b + 1;
    else if (check == 1) /* (sym + 1) b + 1 or + 2, whichever is even */
      out[k] = m * b + 1 + (m * b + 1) % 2;
    else /* the smallest sizes, told apart */
      out[k] = 1 + m;
  }
}

/* The same attribute words, and the same alias layouts, node for node and value for value. */
static bool same_words(const cg_graph *x, const cg_graph *y) {
  for (int i = 0; i < x->nn; i++)
    if (memcmp(&x->n[i].a, &y->n[i].a, sizeof x->n[i].a)) return false;
  for (int i = 0; i < x->nv; i++) {
    const cg_value *a = &x->v[i], *b = &y->v[i];
    if (a->kind == CG_ALIAS && (!same_layout(a, b) || a->offset != b->offset)) return false;
  }
  return true;
}

bool cg_dyn_check(const cg_dyn *d, const cg_graph *gc, int nin, st_tensor *const *in) {
  if (!same_structure(d->tmpl, gc)) return false;
  cg_graph *g = cg_dyn_instantiate(d, nin, in);
  bool ok = g && same_words(g, gc);
  cg_free(g);
  return ok;
}

/* -------------------------------------------------------------------- described sizes */

struct cg_dyn_words {
  size_t n;
  int64_t *equal; /* the word where both captures agree, else INT64_MIN */
  cg_fit *fits;   /* the formula where they differ */
};

void cg_dyn_words_free(cg_dyn_words *w) {
  if (!w) return;
  st__free(w->equal, w->n * sizeof *w->equal + 1);
  st__free(w->fits, w->n * sizeof *w->fits + 1);
  st__free(w, sizeof *w);
}

cg_dyn_words *cg_dyn_fit_words(const cg_dyn *d, size_t n, const int64_t *wa, const int64_t *wb) {
  cg_dyn_words *w = st__calloc(1, sizeof *w);
  if (!w) return NULL;
  w->n = n;
  w->equal = st__alloc(n * sizeof *w->equal + 1);
  w->fits = st__calloc(1, n * sizeof *w->fits + 1);
  bool ok = w->equal && w->fits;
  for (size_t k = 0; ok && k < n; k++) {
    w->equal[k] = wa[k] == wb[k] && wa[k] != INT64_MIN ? wa[k] : INT64_MIN;
    ok = wa[k] == wb[k] ? wa[k] != INT64_MIN
                        : small(wa[k]) && small(wb[k]) &&
                              fit_ints(wa[k], wb[k], d->a, d->b, d->nsyms, &w->fits[k]);
  }
  if (!ok) {
    cg_dyn_words_free(w);
    return NULL;
  }
  return w;
}

bool cg_dyn_words_fit(const cg_dyn *d, const cg_dyn_words *w, int nin, st_tensor *const *in,
                      const int64_t *wc) {
  int64_t s[CG_MAX_SYMS];
  if (!sizes_of(d, nin, in, s)) return false;
  for (size_t k = 0; k < w->n; k++)
    if (wc[k] != (w->equal[k] != INT64_MIN ? w->equal[k] : eval(&w->fits[k], s, d->nsyms)))
      return false;
  return true;
}
