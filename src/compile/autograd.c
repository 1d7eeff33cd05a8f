/* autograd.c — compiled autograd (seed 002: #103822): st_backward and st_autograd_grad, on a
   thread that turned it on, run a compiled graph of the backward instead of the engine's
   node-by-node walk.

   The autograd layer describes each backward by a key (its graph's structure in the engine's
   order, every node's attributes and saved values' layouts) and inputs (the roots' gradients and
   the saved values): src/autograd/compiled.c. Here the key is looked up in one process-wide
   cache. On a miss the engine runs as usual under a closed capture (every tensor read from
   outside must be an input), which records the vjp rules' ops at level 0 into a graph whose
   outputs are the gradients leaving it; the graph is optimized and planned like st_compile's
   (fusion, the arena). On a hit the graph runs on the new inputs, with no node, rule or
   dispatch work. Either way the engine then hands the outputs to the leaves' AccumulateGrad
   nodes (or st_autograd_grad's results) eagerly, so .grad accumulation, stealing and its layout
   are eager's. */
#include <pthread.h>
#include <string.h>

#include "../autograd/autograd.h"
#include "compile.h"

#define CA_MAX_ENTRIES 64

typedef struct ca_entry {
  _Atomic int64_t refcount;
  uint64_t hash;
  uint64_t *key, *sizes; /* sizes: which key words are sizes (a bit each) */
  size_t nkey;
  cg_graph *g;         /* NULL: the capture failed (why); such keys run eagerly */
  cg_graph *raw;       /* a capture's graph before its passes (symbolic sizes), or NULL */
  cg_dyn *dyn;         /* the template of this capture and an earlier one at other sizes, or NULL */
  cg_dyn_words *words; /* with dyn: the key's size words as formulas in its symbols */
  const char *why;     /* static text */
  int *plan;
  int nplan, nout;
  pthread_mutex_t lock; /* one run of g at a time */
  struct ca_entry *next;
} ca_entry;

static struct {
  pthread_mutex_t lock;
  ca_entry *head; /* most recently used first */
  int n;
} cache = {PTHREAD_MUTEX_INITIALIZER, NULL, 0};

static _Thread_local st_compile_stats stats;
static _Thread_local const char *warned[8];

static uint64_t hash_key(const uint64_t *k, size_t n) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  for (size_t i = 0; i < n; i++) {
    h ^= k[i];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h;
}

static size_t size_words(size_t nkey) { return (nkey + 63) / 64 + 1; }

static void entry_release(ca_entry *e) {
  if (!e || atomic_fetch_sub_explicit(&e->refcount, 1, memory_order_acq_rel) != 1) return;
  cg_free(e->g);
  cg_free(e->raw);
  cg_dyn_free(e->dyn);
  cg_dyn_words_free(e->words);
  st__free(e->sizes, size_words(e->nkey) * sizeof *e->sizes);
  st__free(e->key, e->nkey * sizeof *e->key);
  st__free(e->plan, (size_t)e->nplan * sizeof *e->plan);
  pthread_mutex_destroy(&e->lock);
  st__free(e, sizeof *e);
}

/* The entry for the key, moved to the front, as a new reference; NULL when there is none. */
static ca_entry *lookup(uint64_t h, const uint64_t *key, size_t nkey) {
  pthread_mutex_lock(&cache.lock);
  ca_entry **p = &cache.head, *e = NULL;
  for (; *p; p = &(*p)->next) {
    ca_entry *c = *p;
    if (c->hash == h && c->nkey == nkey && !memcmp(c->key, key, nkey * sizeof *key)) {
      *p = c->next;
      c->next = cache.head;
      cache.head = c;
      atomic_fetch_add_explicit(&c->refcount, 1, memory_order_relaxed);
      e = c;
      break;
    }
  }
  pthread_mutex_unlock(&cache.lock);
  return e;
}

/* Adds e (the cache takes the caller's reference); the least recently used goes past the
   limit. */
static void insert(ca_entry *e) {
  ca_entry *old = NULL;
  pthread_mutex_lock(&cache.lock);
  e->next = cache.head;
  cache.head = e;
  if (++cache.n > CA_MAX_ENTRIES) {
    ca_entry **p = &cache.head;
    while ((*p)->next) p = &(*p)->next;
    old = *p;
    *p = NULL;
    cache.n--;
  }
  pthread_mutex_unlock(&cache.lock);
  entry_release(old);
}

static void warn_once(const char *why) {
  size_t k = 0;
  for (; k < sizeof warned / sizeof *warned && warned[k]; k++)
    if (warned[k] == why) return;
  if (k < sizeof warned / sizeof *warned) warned[k] = why;
  fprintf(stderr, "strata: compiled autograd: running the backward eagerly: %s\n", why);
}

static int fallback(const char *why) {
  stats.fallbacks++;
  warn_once(why);
  return 1;
}

static void note_graph(const cg_graph *g) {
  stats.graph_ops = g->live_nodes;
  stats.kernels = g->kernels;
}

/* A hit: the compiled graph on the call's inputs, then finish. */
static int replay(st_ca_call *c, ca_entry *e) {
  if (pthread_mutex_trylock(&e->lock)) return fallback("another thread runs the same backward");
  stats.cache_hits++;
  st_tensor *small[16] = {0}, **out = st__tmp_array(e->nout, small, 16);
  st_tensor *ismall[16] = {0}, **owned = out ? st__tmp_array(c->nin, ismall, 16) : NULL;
  if ((e->nout && !out) || (c->nin && !owned)) {
    st__tmp_free(out, small, e->nout);
    pthread_mutex_unlock(&e->lock);
    return st__error(ST_ERR_OOM, "compiled autograd: out of memory");
  }
  c->plan = e->plan;
  c->nplan = e->nplan;
  /* without retain_graph the graph owns the saved values and drops each after its last use */
  int rc = c->take(c, owned) ? cg_run_owned(e->g, owned, out, st__inference_mode())
                             : cg_run(e->g, c->in, out, st__inference_mode());
  note_graph(e->g);
  pthread_mutex_unlock(&e->lock);
  if (!rc) rc = c->finish(c, e->nout, out, true);
  st__tmp_free(out, small, e->nout);
  st__tmp_free(owned, ismall, c->nin);
  return rc;
}

static bool bit(const uint64_t *m, size_t w) { return m[w / 64] >> w % 64 & 1; }

/* Whether e's key is c's but for sizes: the same backward (nodes, attributes, dtypes, which
   values share storage) at other sizes, strides or offsets. */
static bool same_family(const ca_entry *e, const st_ca_call *c) {
  if (e->nkey != c->nkey) return false;
  for (size_t w = 0; w < c->nkey; w++) {
    bool sized = bit(c->sizes, w);
    if (sized != bit(e->sizes, w) || (!sized && e->key[w] != c->key[w])) return false;
  }
  return true;
}

/* A new entry for c's key (one reference, the caller's), without a graph; NULL on OOM. */
static ca_entry *entry_new(const st_ca_call *c, uint64_t h) {
  ca_entry *e = st__calloc(1, sizeof *e);
  uint64_t *key = e ? st__alloc(c->nkey * sizeof *key) : NULL;
  uint64_t *sizes = key ? st__calloc(size_words(c->nkey), sizeof *sizes) : NULL;
  if (!sizes || pthread_mutex_init(&e->lock, NULL)) {
    st__free(sizes, size_words(c->nkey) * sizeof *sizes);
    st__free(key, c->nkey * sizeof *key);
    st__free(e, sizeof *e);
    return NULL;
  }
  memcpy(key, c->key, c->nkey * sizeof *key);
  memcpy(sizes, c->sizes, (c->nkey + 63) / 64 * sizeof *sizes);
  atomic_init(&e->refcount, 1);
  e->hash = h, e->key = key, e->sizes = sizes, e->nkey = c->nkey;
  return e;
}

/* The cached entry (a new reference) that `want` accepts, or NULL. */
static ca_entry *find(bool (*want)(const ca_entry *x, const void *arg), const void *arg) {
  ca_entry *o = NULL;
  pthread_mutex_lock(&cache.lock);
  for (ca_entry *x = cache.head; x && !o; x = x->next)
    if (want(x, arg)) {
      atomic_fetch_add_explicit(&x->refcount, 1, memory_order_relaxed);
      o = x;
    }
  pthread_mutex_unlock(&cache.lock);
  return o;
}

typedef struct {
  const st_ca_call *c;
  const ca_entry *e;
  const int64_t *words; /* c's size words */
} family_arg;

/* The key's size words, in order; NULL on OOM. */
static int64_t *size_words_of(const uint64_t *key, const uint64_t *sizes, size_t nkey, size_t *n) {
  *n = 0;
  for (size_t w = 0; w < nkey; w++) *n += bit(sizes, w);
  int64_t *v = st__alloc(*n * sizeof *v + 1);
  for (size_t w = 0, k = 0; v && w < nkey; w++)
    if (bit(sizes, w)) v[k++] = (int64_t)key[w];
  return v;
}

/* A template whose symbols the call's inputs give and whose formulas give every size, stride
   and offset the call's key describes (so a saved view whose layout is not a function of the
   sizes, say a slice at another index, is captured instead). */
static bool has_template_for(const ca_entry *x, const void *arg) {
  const family_arg *f = arg;
  return x->dyn && same_family(x, f->c) &&
         cg_dyn_words_fit(x->dyn, x->words, f->c->nin, f->c->in, f->words);
}

static bool earlier_capture(const ca_entry *x, const void *arg) {
  const family_arg *f = arg;
  return x != f->e && x->raw && x->nout == f->e->nout && x->nplan == f->e->nplan &&
         !memcmp(x->plan, f->e->plan, (size_t)x->nplan * sizeof *x->plan) && same_family(x, f->c);
}

/* e's template from an earlier capture o of the same backward at other sizes: its graph with
   the sizes symbolic, and every size word of the key as a formula in them. None when the two
   are not one program or a word has no formula (or OOM). */
static void learn_sizes(ca_entry *e, const ca_entry *o) {
  size_t na, nb;
  int64_t *wa = size_words_of(o->key, o->sizes, o->nkey, &na);
  int64_t *wb = size_words_of(e->key, e->sizes, e->nkey, &nb);
  cg_dyn *d = wa && wb ? cg_dyn_derive(o->raw, e->raw) : NULL;
  cg_dyn_words *w = d ? cg_dyn_fit_words(d, na, wa, wb) : NULL;
  if (w) {
    e->dyn = d;
    e->words = w;
  } else {
    cg_dyn_free(d);
  }
  st__free(wa, na * sizeof *wa + 1);
  st__free(wb, nb * sizeof *wb + 1);
}

/* Symbolic sizes (seed 002: a size that changes becomes dynamic after one recompile): a miss
   whose backward is a cached one's at other sizes instantiates that family's template (the
   graph at the call's sizes, without running the engine) into a new entry; NULL when there is
   none (or it does not fit, or OOM). */
static ca_entry *from_template(const st_ca_call *c, uint64_t h) {
  size_t n;
  int64_t *words = size_words_of(c->key, c->sizes, c->nkey, &n);
  ca_entry *o = words ? find(has_template_for, &(family_arg){c, NULL, words}) : NULL;
  st__free(words, n * sizeof *words + 1);
  if (!o) return NULL;
  cg_graph *g = cg_dyn_instantiate(o->dyn, c->nin, c->in);
  ca_entry *e = g ? entry_new(c, h) : NULL;
  int *plan = e ? st__alloc((size_t)o->nplan * sizeof *plan) : NULL;
  if (!plan || cg_optimize(g) || cg_prepare(g, cg_default_backend())) {
    cg_free(g);
    entry_release(e);
    st__free(plan, (size_t)o->nplan * sizeof *plan);
    entry_release(o);
    return NULL;
  }
  memcpy(plan, o->plan, (size_t)o->nplan * sizeof *plan);
  e->g = g, e->plan = plan, e->nplan = o->nplan, e->nout = o->nout;
  entry_release(o);
  atomic_fetch_add_explicit(&e->refcount, 1, memory_order_relaxed); /* the cache's */
  insert(e);
  return e;
}

/* A miss: the engine runs under capture; its graph becomes a new entry (one that runs eagerly
   when the capture failed). A capture of the same backward at other sizes than an earlier one
   gives the family its template (dynamic.c). */
static int compile_run(st_ca_call *c, uint64_t h) {
  ca_entry *e = entry_new(c, h);
  cg_capture *cap = e ? cg_capture_begin(c->nin, c->in, false) : NULL;
  if (!cap) {
    entry_release(e);
    return st__error(ST_ERR_OOM, "compiled autograd: out of memory");
  }
  cg_capture_close(cap);
  int nout = 0;
  st_tensor **out = NULL;
  int rc = c->run(c, &nout, &out);
  cg_graph *g = NULL;
  const char *why = NULL;
  cg_capture_end(cap, rc ? 0 : nout, out, &g, &why);
  cg_graph *raw = !rc && g ? cg_copy_raw(g) : NULL; /* NULL (OOM): no template */
  if (!rc && g && (cg_optimize(g) || cg_prepare(g, cg_default_backend()))) {
    cg_free(g);
    g = NULL;
    why = "out of memory while planning its buffers";
  }
  int *plan = !rc ? st__alloc((size_t)c->nplan * sizeof *plan) : NULL;
  if (rc || !plan) {
    cg_free(g);
    cg_free(raw);
    st__free(plan, (size_t)c->nplan * sizeof *plan);
    entry_release(e);
    if (!rc) rc = st__error(ST_ERR_OOM, "compiled autograd: out of memory");
    stats.fallbacks++; /* the backward ran eagerly, and failed: no graph compiled */
  } else {
    memcpy(plan, c->plan, (size_t)c->nplan * sizeof *plan);
    e->g = g, e->why = g ? NULL : why;
    e->plan = plan, e->nplan = c->nplan, e->nout = nout;
    if (g) {
      e->raw = raw;
      ca_entry *o = raw ? find(earlier_capture, &(family_arg){c, e, NULL}) : NULL;
      if (o) learn_sizes(e, o);
      entry_release(o);
    } else {
      cg_free(raw);
    }
    insert(e);
    if (g) {
      stats.compiles++;
      note_graph(g);
    } else {
      fallback(why ? why : "out of memory while capturing it");
    }
  }
  /* the run's own gradients; after a failure the engine drops what the run left */
  return rc ? rc : c->finish(c, nout, out, false);
}

static int hook(st_ca_call *c) {
  stats.calls++;
  /* a backward inside a capture (st_compile's of a function that calls st_backward, or a hook
     that runs one while compiled autograd captures another) runs eagerly: a fallback */
  if (cg_capturing()) {
    stats.fallbacks++;
    return 1;
  }
  if (c->why) return fallback(c->why);
  uint64_t h = hash_key(c->key, c->nkey);
  ca_entry *e = lookup(h, c->key, c->nkey);
  if (!e) e = from_template(c, h);
  st_compile_stats before = stats;
  int rc;
  if (!e) {
    rc = compile_run(c, h);
  } else {
    rc = e->g ? replay(c, e) : fallback(e->why); /* a hit: a call the cached graph serves */
    entry_release(e);
  }
  /* a backward that fails (a hook's error, an unused input) is a fallback, however it ran */
  if (rc < 0 && stats.fallbacks == before.fallbacks) {
    if (stats.cache_hits > before.cache_hits) stats.cache_hits--;
    else if (stats.compiles > before.compiles) stats.compiles--;
    stats.fallbacks++;
  }
  return rc;
}

void st__compiled_autograd_clear(void) {
  pthread_mutex_lock(&cache.lock);
  ca_entry *e = cache.head;
  cache.head = NULL;
  cache.n = 0;
  pthread_mutex_unlock(&cache.lock);
  while (e) {
    ca_entry *next = e->next;
    entry_release(e);
    e = next;
  }
}

bool st_set_compiled_autograd(bool enabled) {
  bool prev = st__tls_compiled_autograd;
  if (enabled) atomic_store_explicit(&st__ca_hook, hook, memory_order_release);
  st__tls_compiled_autograd = enabled;
  st__ok();
  return prev;
}

int st_compiled_autograd_get_stats(st_compile_stats *s) {
  if (!s) return st__error(ST_ERR_ARG, "st_compiled_autograd_get_stats: stats is NULL");
  *s = stats;
  st__ok();
  return 0;
}
