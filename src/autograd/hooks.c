/* hooks.c — tensor, node, retains-grad and post-accumulate-grad hooks, run by the engine in
   PyTorch's order (#85849, #92604): tensor pre-hooks, retains-grad, node pre-hooks, the node,
   post-accumulate-grad, node post-hooks. A list is copied before its hooks run, as PyTorch
   does, so a hook that removes another changes the next backward, not this one. */
#include <string.h>

#include "autograd.h"

enum hook_kind { TENSOR_PRE, NODE_PRE, NODE_POST, POST_ACCUMULATE, RETAINS_GRAD };

typedef struct st_hook {
  int64_t id;
  enum hook_kind kind;
  int slot;         /* TENSOR_PRE / RETAINS_GRAD: the node's gradient slot */
  void (*fn)(void); /* cast back by kind */
  void *user;
  st_tensor *tensor; /* RETAINS_GRAD: weak; the tensor unregisters itself when it dies */
  struct st_hook *_Atomic *owner; /* the list head holding it */
  struct st_hook *next;
} st_hook;

/* Every hook list and the handle table are guarded by one lock, whichever thread registers,
   removes or frees (a graph may die on another thread than the one that hooked it). It is
   taken to change a list and to copy one before running it; the engine looks at a list's head
   without it, to skip empty lists on the hot path. Handles are valid on every thread. */
static st_ag_lock registry_lock;
static struct {
  st_hook **by_id; /* index id - 1; NULL once removed */
  int64_t n, cap;
} registry;

static int64_t register_hook(st_hook *_Atomic *owner, enum hook_kind kind, int slot,
                             void (*fn)(void), void *user, st_tensor *tensor) {
  st__ag_lock(&registry_lock);
  int64_t id = -1;
  if (registry.n == registry.cap) {
    int64_t cap = registry.cap ? 2 * registry.cap : 64;
    st_hook **r = st__realloc(registry.by_id, sizeof(st_hook *) * (size_t)registry.cap,
                              sizeof(st_hook *) * (size_t)cap);
    if (!r) goto done;
    registry.by_id = r;
    registry.cap = cap;
  }
  st_hook *h = st__alloc(sizeof *h);
  if (!h) goto done;
  *h = (st_hook){registry.n + 1, kind, slot, fn, user, tensor, owner, NULL};
  st_hook *tail = atomic_load_explicit(owner, memory_order_relaxed);
  if (!tail) {
    atomic_store_explicit(owner, h, memory_order_relaxed);
  } else { /* registration order is run order */
    while (tail->next) tail = tail->next;
    tail->next = h;
  }
  registry.by_id[registry.n++] = h;
  id = h->id;
done:
  st__ag_unlock(&registry_lock);
  return id > 0 ? id : st__status();
}

/* Takes h out of its list (registry lock held). */
static void detach_hook(st_hook *h) {
  st_hook *cur = atomic_load_explicit(h->owner, memory_order_relaxed);
  if (cur == h) {
    atomic_store_explicit(h->owner, h->next, memory_order_relaxed);
  } else {
    while (cur && cur->next != h) cur = cur->next;
    if (cur) cur->next = h->next;
  }
  h->next = NULL;
}

static void unlink_hook(st_hook *h) {
  detach_hook(h);
  if (h->id >= 1 && h->id <= registry.n && registry.by_id[h->id - 1] == h)
    registry.by_id[h->id - 1] = NULL;
  st__free(h, sizeof *h);
}

static void free_list(st_hook *_Atomic *head) {
  if (!atomic_load_explicit(head, memory_order_relaxed)) return;
  st__ag_lock(&registry_lock);
  st_hook *h;
  while ((h = atomic_load_explicit(head, memory_order_relaxed))) unlink_hook(h);
  st__ag_unlock(&registry_lock);
}

bool st_remove_hook(int64_t handle) {
  st__ag_lock(&registry_lock);
  st_hook *h = handle >= 1 && handle <= registry.n ? registry.by_id[handle - 1] : NULL;
  bool removed = h && h->kind != RETAINS_GRAD; /* retains-grad is not a user handle */
  if (removed) unlink_hook(h);
  st__ag_unlock(&registry_lock);
  return removed;
}

int st_hook_error(st_status status, const char *message) {
  return st__error(status, "%s", message ? message : "hook failed");
}

/* ----------------------------------------------------------------------------- registering */

int64_t st_tensor_register_hook(st_tensor *t, st_tensor_hook fn, void *user) {
  if (!t || !fn)
    return st__error(ST_ERR_ARG, "st_tensor_register_hook: %s is NULL", t ? "fn" : "tensor");
  if (st__view_refresh(t)) return st__status();
  if (!st__requires_grad(t))
    return st__error(ST_ERR_AUTOGRAD,
                     "st_tensor_register_hook: cannot register a hook on a tensor (shape %s) that "
                     "does not require grad",
                     ST_SHAPE_STR(t));
  st_autograd_meta *m = t->ag;
  int64_t id = m->grad_fn ? register_hook(&m->grad_fn->hooks, TENSOR_PRE, m->output_nr,
                                          (void (*)(void))fn, user, NULL)
                          : register_hook(&m->hooks, TENSOR_PRE, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

int64_t st_tensor_register_post_accumulate_grad_hook(st_tensor *t, st_post_accumulate_hook fn,
                                                     void *user) {
  if (!t || !fn)
    return st__error(ST_ERR_ARG, "st_tensor_register_post_accumulate_grad_hook: %s is NULL",
                     t ? "fn" : "tensor");
  if (!st__requires_grad(t) || t->ag->grad_fn)
    return st__error(ST_ERR_AUTOGRAD,
                     "st_tensor_register_post_accumulate_grad_hook: post accumulate grad hooks "
                     "cannot be registered on non-leaf tensors, nor on tensors that do not "
                     "require grad (shape %s)",
                     ST_SHAPE_STR(t));
  int64_t id = register_hook(&t->ag->hooks, POST_ACCUMULATE, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

int64_t st_node_register_prehook(st_node *n, st_node_pre_hook fn, void *user) {
  if (!n || !fn)
    return st__error(ST_ERR_ARG, "st_node_register_prehook: %s is NULL", n ? "fn" : "node");
  int64_t id = register_hook(&n->hooks, NODE_PRE, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

int64_t st_node_register_hook(st_node *n, st_node_post_hook fn, void *user) {
  if (!n || !fn)
    return st__error(ST_ERR_ARG, "st_node_register_hook: %s is NULL", n ? "fn" : "node");
  int64_t id = register_hook(&n->hooks, NODE_POST, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

static st_hook *find_retains(st_node *n, const st_tensor *t) {
  for (st_hook *h = atomic_load_explicit(&n->hooks, memory_order_relaxed); h; h = h->next)
    if (h->kind == RETAINS_GRAD && h->tensor == t) return h;
  return NULL;
}

/* Called by st_retain_grad on a non-leaf (and by backward for a non-leaf input). */
int st__add_retains_grad(st_tensor *t) {
  st_node *n = t->ag->grad_fn;
  int rc = 0;
  st__ag_lock(&registry_lock);
  if (!find_retains(n, t)) {
    rc = register_hook(&n->hooks, RETAINS_GRAD, t->ag->output_nr, NULL, NULL, t) > 0 ? 0
                                                                                     : st__status();
  }
  if (!rc) t->ag->retains_grad = t->weak = true; /* the hook holds t weakly */
  st__ag_unlock(&registry_lock);
  return rc;
}

/* Moves the entry itself to the new node's list: nothing to allocate, so nothing can fail. */
void st__move_retains_grad(st_tensor *t, st_node *from, st_node *to) {
  if (!from || !to) return;
  st__ag_lock(&registry_lock);
  st_hook *h = find_retains(from, t);
  if (h) {
    detach_hook(h);
    h->owner = &to->hooks;
    h->slot = t->ag->output_nr;
    st_hook *tail = atomic_load_explicit(&to->hooks, memory_order_relaxed);
    if (!tail) {
      atomic_store_explicit(&to->hooks, h, memory_order_relaxed);
    } else {
      while (tail->next) tail = tail->next;
      tail->next = h;
    }
  }
  st__ag_unlock(&registry_lock);
}

void st__node_hooks_free(st_node *n) {
  /* A dying node's retains-grad entries point at tensors that outlive it: nothing to tell them. */
  free_list(&n->hooks);
}

void st__tensor_hooks_free(st_tensor *t) {
  free_list(&t->ag->hooks);
  if (t->ag->retains_grad && t->ag->grad_fn) {
    st__ag_lock(&registry_lock);
    st_hook *h = find_retains(t->ag->grad_fn, t);
    if (h) unlink_hook(h);
    st__ag_unlock(&registry_lock);
  }
}

/* ------------------------------------------------------------------------------- copies */

/* A hook as it was when its list was copied: what running it needs, and for retains-grad a
   reference to its tensor (a tensor that was already dying is left out). */
typedef struct {
  enum hook_kind kind;
  int slot;
  void (*fn)(void);
  void *user;
  st_tensor *tensor;
} hook_copy;

typedef struct {
  hook_copy small[8];
  hook_copy *items;
  int n, cap;
} hook_list;

static bool tensor_try_retain(st_tensor *t) {
  int64_t c = atomic_load_explicit(&t->refcount, memory_order_relaxed);
  while (c > 0)
    if (atomic_compare_exchange_weak_explicit(&t->refcount, &c, c + 1, memory_order_relaxed,
                                              memory_order_relaxed))
      return true;
  return false;
}

/* Copies the hooks of `kind` in the list at head (slot >= 0: only that slot). */
static int copy_hooks(st_hook *_Atomic *head, enum hook_kind kind, int slot, hook_list *out) {
  out->items = out->small;
  out->n = 0;
  out->cap = 8;
  if (!atomic_load_explicit(head, memory_order_relaxed)) return 0;
  st__ag_lock(&registry_lock);
  int count = 0, rc = 0;
  for (st_hook *h = atomic_load_explicit(head, memory_order_relaxed); h; h = h->next)
    count += h->kind == kind && (slot < 0 || h->slot == slot);
  if (count > out->cap) {
    if (!(out->items = st__calloc((size_t)count, sizeof(hook_copy)))) {
      out->items = out->small;
      rc = ST_ERR_OOM;
    } else {
      out->cap = count;
    }
  }
  for (st_hook *h = atomic_load_explicit(head, memory_order_relaxed); !rc && h; h = h->next) {
    if (h->kind != kind || (slot >= 0 && h->slot != slot)) continue;
    if (h->tensor && !tensor_try_retain(h->tensor)) continue;
    out->items[out->n++] = (hook_copy){h->kind, h->slot, h->fn, h->user, h->tensor};
  }
  st__ag_unlock(&registry_lock);
  /* inside st_compile's capture a hook is user code (what it reads on the host, a .grad it
     writes) that the graph would not replay: f runs eagerly instead. Compiled autograd runs
     hooks with its capture paused, as calls of their own. */
  if (out->n)
    st__capture_refuse("a hook or retain_grad runs inside the function (its code and the .grad it "
                       "writes are not replayed by a graph)");
  return rc;
}

static void hook_list_free(hook_list *l) {
  for (int i = 0; i < l->n; i++) st__drop(l->items[i].tensor);
  if (l->items != l->small) st__free(l->items, sizeof(hook_copy) * (size_t)l->cap);
}

/* ---------------------------------------------------------------------------------- running */

/* A hook's replacement for *slot (taken; NULL keeps it). As PyTorch checks a hook's result
   (check_variable_result, python_hook.cpp): same dtype and shape, and no tensor for an
   undefined gradient; otherwise an error and *slot as it was. */
static int replace_with(st_tensor **slot, st_tensor *replacement) {
  if (!replacement) return 0;
  st__untrack(replacement);
  st_tensor *was = *slot;
  int rc = !was ? st__error(ST_ERR_ARG, "a hook can't replace an undefined gradient with a tensor")
           : replacement->dtype != was->dtype
               ? st__error(ST_ERR_DTYPE, "a hook changed the dtype of a gradient (was %s, got %s)",
                           st_dtype_name(was->dtype), st_dtype_name(replacement->dtype))
           : replacement->ndim != was->ndim ||
                   memcmp(replacement->shape, was->shape, sizeof(int64_t) * (size_t)was->ndim)
               ? st__error(ST_ERR_SHAPE, "a hook changed the size of a gradient (was %s, got %s)",
                           ST_SHAPE_STR(was), ST_SHAPE_STR(replacement))
               : 0;
  if (rc) {
    st__drop(replacement);
    return rc;
  }
  st__drop(was);
  *slot = replacement;
  return 0;
}

static int run_tensor_hooks(st_hook *_Atomic *head, int slot, st_tensor **g) {
  hook_list l;
  int rc = copy_hooks(head, TENSOR_PRE, slot, &l);
  for (int i = 0; !rc && i < l.n && *g; i++) {
    st_tensor *replace = NULL;
    rc = ((st_tensor_hook)l.items[i].fn)(l.items[i].user, *g, &replace);
    if (!rc)
      rc = replace_with(g, replace);
    else
      st__drop(st__untrack(replace));
  }
  hook_list_free(&l);
  return rc;
}

unsigned st__node_hook_kinds(st_node *n) {
  unsigned kinds = 0;
  if (!atomic_load_explicit(&n->hooks, memory_order_relaxed)) return 0;
  st__ag_lock(&registry_lock);
  for (st_hook *h = atomic_load_explicit(&n->hooks, memory_order_relaxed); h; h = h->next)
    kinds |= h->kind == NODE_PRE       ? ST_HOOKS_PRE
             : h->kind == NODE_POST    ? ST_HOOKS_POST
             : h->kind == RETAINS_GRAD ? ST_HOOKS_RETAINS
                                       : ST_HOOKS_TENSOR;
  st__ag_unlock(&registry_lock);
  return kinds;
}

int st__run_tensor_pre_hooks(st_node *n, st_tensor **buf) {
  st_tensor *leaf = st__is_accumulate(n) ? n->state : NULL;
  for (int j = 0; j < n->nout; j++) {
    if (!buf[j]) continue;
    int rc = run_tensor_hooks(&n->hooks, j, &buf[j]);
    if (!rc && leaf && leaf->ag) rc = run_tensor_hooks(&leaf->ag->hooks, 0, &buf[j]);
    if (rc) return rc;
  }
  return 0;
}

/* PyTorch's retain_grad hook: .grad = a contiguous copy, then .grad + g, out of place. The sum
   is installed only if no other thread changed .grad meanwhile. */
static int retain_into(st_tensor *t, st_tensor *g) {
  st_autograd_meta *m = t->ag;
  for (;;) {
    st__ag_lock(&m->lock);
    st_tensor *seen = st_retain(m->grad);
    st__ag_unlock(&m->lock);
    st_tensor *next = st__untrack(seen ? st_add(seen, g) : st_clone(g));
    if (!next) {
      st__drop(seen);
      return st__status() ? st__status() : ST_ERR_OOM;
    }
    st__ag_lock(&m->lock);
    bool installed = m->grad == seen;
    st_tensor *old = NULL;
    if (installed) {
      old = m->grad;
      m->grad = next;
    }
    st__ag_unlock(&m->lock);
    st__drop(seen);
    if (installed) {
      st__drop(old);
      return 0;
    }
    st__drop(next);
  }
}

int st__run_retains_grad(st_node *n, st_tensor *const *buf) {
  hook_list l;
  int rc = copy_hooks(&n->hooks, RETAINS_GRAD, -1, &l);
  for (int i = 0; !rc && i < l.n; i++)
    if (buf[l.items[i].slot]) rc = retain_into(l.items[i].tensor, buf[l.items[i].slot]);
  hook_list_free(&l);
  return rc;
}

int st__run_pre_hooks(st_node *n, st_tensor **buf) {
  hook_list l;
  int rc = copy_hooks(&n->hooks, NODE_PRE, -1, &l);
  st_tensor *small[8], **replace = small;
  if (!rc && l.n && n->nout > 8 && !(replace = st__calloc((size_t)n->nout, sizeof(st_tensor *))))
    rc = ST_ERR_OOM;
  for (int i = 0; !rc && i < l.n; i++) {
    for (int j = 0; j < n->nout; j++) replace[j] = NULL;
    rc = ((st_node_pre_hook)l.items[i].fn)(l.items[i].user, n, n->nout, buf, replace);
    for (int j = 0; j < n->nout; j++) {
      if (!rc)
        rc = replace_with(&buf[j], replace[j]);
      else
        st__drop(st__untrack(replace[j]));
    }
  }
  if (replace && replace != small) st__free(replace, sizeof(st_tensor *) * (size_t)n->nout);
  hook_list_free(&l);
  return rc;
}

int st__run_post_accumulate_hooks(st_tensor *leaf) {
  hook_list l;
  int rc = copy_hooks(&leaf->ag->hooks, POST_ACCUMULATE, -1, &l);
  for (int i = 0; !rc && i < l.n; i++)
    rc = ((st_post_accumulate_hook)l.items[i].fn)(l.items[i].user, leaf);
  hook_list_free(&l);
  return rc;
}

int st__run_post_hooks(st_node *n, st_tensor *const *gin, st_tensor *const *gout) {
  hook_list l;
  int rc = copy_hooks(&n->hooks, NODE_POST, -1, &l);
  for (int i = 0; !rc && i < l.n; i++)
    rc = ((st_node_post_hook)l.items[i].fn)(l.items[i].user, n, n->nin, gin, n->nout, gout);
  hook_list_free(&l);
  return rc;
}
