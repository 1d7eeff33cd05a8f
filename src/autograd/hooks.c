/* hooks.c — tensor, node, retains-grad and post-accumulate-grad hooks, run by the engine in
   PyTorch's order (#85849, #92604): tensor pre-hooks, node pre-hooks, retains-grad, the node,
   post-accumulate-grad, node post-hooks. */
#include "autograd.h"

enum hook_kind { TENSOR_PRE, NODE_PRE, NODE_POST, POST_ACCUMULATE, RETAINS_GRAD };

typedef struct st_hook {
  int64_t id;
  enum hook_kind kind;
  int slot;          /* TENSOR_PRE / RETAINS_GRAD: the node's gradient slot */
  void (*fn)(void);  /* cast back by kind */
  void *user;
  st_tensor *tensor; /* RETAINS_GRAD: weak; the tensor unregisters itself when it dies */
  struct st_hook **owner; /* the list head holding it */
  struct st_hook *next;
} st_hook;

/* Handles are looked up per thread; a hook is removed on the thread that registered it. */
static _Thread_local struct {
  st_hook **by_id; /* index id - 1; NULL once removed */
  int64_t n, cap;
} tls_registry;

static int64_t register_hook(st_hook **owner, enum hook_kind kind, int slot, void (*fn)(void), void *user,
                             st_tensor *tensor) {
  if (tls_registry.n == tls_registry.cap) {
    int64_t cap = tls_registry.cap ? 2 * tls_registry.cap : 64;
    st_hook **r = st__realloc(tls_registry.by_id, sizeof(st_hook *) * (size_t)tls_registry.cap,
                              sizeof(st_hook *) * (size_t)cap);
    if (!r) return st__status();
    tls_registry.by_id = r;
    tls_registry.cap = cap;
  }
  st_hook *h = st__alloc(sizeof *h);
  if (!h) return st__status();
  *h = (st_hook){tls_registry.n + 1, kind, slot, fn, user, tensor, owner, NULL};
  st_hook **tail = owner;
  while (*tail) tail = &(*tail)->next;
  *tail = h; /* registration order is run order */
  tls_registry.by_id[tls_registry.n++] = h;
  return h->id;
}

static void unregister(st_hook *h) {
  if (h->id >= 1 && h->id <= tls_registry.n && tls_registry.by_id[h->id - 1] == h) tls_registry.by_id[h->id - 1] = NULL;
}

static void unlink_hook(st_hook *h) {
  for (st_hook **p = h->owner; *p; p = &(*p)->next)
    if (*p == h) {
      *p = h->next;
      break;
    }
  unregister(h);
  st__free(h, sizeof *h);
}

static void free_list(st_hook **head) {
  while (*head) unlink_hook(*head);
}

bool st_remove_hook(int64_t handle) {
  if (handle < 1 || handle > tls_registry.n || !tls_registry.by_id[handle - 1]) return false;
  st_hook *h = tls_registry.by_id[handle - 1];
  if (h->kind == RETAINS_GRAD) return false; /* not a user handle */
  unlink_hook(h);
  return true;
}

int st_hook_error(st_status status, const char *message) {
  return st__error(status, "%s", message ? message : "hook failed");
}

/* ----------------------------------------------------------------------------- registering */

int64_t st_tensor_register_hook(st_tensor *t, st_tensor_hook fn, void *user) {
  if (!t || !fn) return st__error(ST_ERR_ARG, "st_tensor_register_hook: %s is NULL", t ? "fn" : "tensor");
  if (st__view_refresh(t)) return st__status();
  if (!st__requires_grad(t))
    return st__error(ST_ERR_AUTOGRAD, "st_tensor_register_hook: cannot register a hook on a tensor (shape %s) "
                                      "that does not require grad", ST_SHAPE_STR(t));
  st_autograd_meta *m = t->ag;
  int64_t id = m->grad_fn ? register_hook(&m->grad_fn->hooks, TENSOR_PRE, m->output_nr, (void (*)(void))fn, user, NULL)
                          : register_hook(&m->hooks, TENSOR_PRE, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

int64_t st_tensor_register_post_accumulate_grad_hook(st_tensor *t, st_post_accumulate_hook fn, void *user) {
  if (!t || !fn) return st__error(ST_ERR_ARG, "st_tensor_register_post_accumulate_grad_hook: %s is NULL", t ? "fn" : "tensor");
  if (!st__requires_grad(t) || t->ag->grad_fn)
    return st__error(ST_ERR_AUTOGRAD, "st_tensor_register_post_accumulate_grad_hook: only leaf tensors that require "
                                      "grad accumulate gradients (shape %s)", ST_SHAPE_STR(t));
  int64_t id = register_hook(&t->ag->hooks, POST_ACCUMULATE, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

int64_t st_node_register_prehook(st_node *n, st_node_pre_hook fn, void *user) {
  if (!n || !fn) return st__error(ST_ERR_ARG, "st_node_register_prehook: %s is NULL", n ? "fn" : "node");
  int64_t id = register_hook(&n->hooks, NODE_PRE, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

int64_t st_node_register_hook(st_node *n, st_node_post_hook fn, void *user) {
  if (!n || !fn) return st__error(ST_ERR_ARG, "st_node_register_hook: %s is NULL", n ? "fn" : "node");
  int64_t id = register_hook(&n->hooks, NODE_POST, 0, (void (*)(void))fn, user, NULL);
  if (id > 0) st__ok();
  return id;
}

/* Called by st_retain_grad on a non-leaf. */
int st__add_retains_grad(st_tensor *t) {
  st_node *n = t->ag->grad_fn;
  for (st_hook *h = n->hooks; h; h = h->next)
    if (h->kind == RETAINS_GRAD && h->tensor == t) return 0;
  return register_hook(&n->hooks, RETAINS_GRAD, t->ag->output_nr, NULL, NULL, t) > 0 ? 0 : st__status();
}

/* Relinks the hook itself: recording calls it where nothing may fail (record.c). */
void st__move_retains_grad(st_tensor *t, st_node *from, st_node *to) {
  if (!from || !to) return;
  for (st_hook **p = &from->hooks; *p; p = &(*p)->next) {
    st_hook *h = *p;
    if (h->kind != RETAINS_GRAD || h->tensor != t) continue;
    *p = h->next;
    h->next = NULL;
    h->owner = &to->hooks;
    h->slot = t->ag->output_nr;
    st_hook **tail = &to->hooks;
    while (*tail) tail = &(*tail)->next;
    *tail = h;
    return;
  }
}

void st__node_hooks_free(st_node *n) {
  /* A dying node's retains-grad entries point at tensors that outlive it: nothing to tell them. */
  free_list(&n->hooks);
}

void st__tensor_hooks_free(st_tensor *t) {
  free_list(&t->ag->hooks);
  if (t->ag->retains_grad && t->ag->grad_fn) {
    for (st_hook *h = t->ag->grad_fn->hooks; h; h = h->next)
      if (h->kind == RETAINS_GRAD && h->tensor == t) {
        unlink_hook(h);
        break;
      }
  }
}

/* ---------------------------------------------------------------------------------- running */

static int replace_with(st_tensor **slot, st_tensor *replacement) {
  if (!replacement) return 0;
  st__untrack(replacement);
  st__drop(*slot);
  *slot = replacement;
  return 0;
}

static int run_tensor_hooks(st_hook *list, int slot, st_tensor **g) {
  for (st_hook *h = list; h && *g; h = h->next) {
    if (h->kind != TENSOR_PRE || h->slot != slot) continue;
    st_tensor *replace = NULL;
    int rc = ((st_tensor_hook)h->fn)(h->user, *g, &replace);
    if (rc) return rc;
    replace_with(g, replace);
  }
  return 0;
}

int st__run_tensor_pre_hooks(st_node *n, st_tensor **buf) {
  for (int j = 0; j < n->nout; j++) {
    if (!buf[j]) continue;
    int rc = run_tensor_hooks(n->hooks, j, &buf[j]);
    st_tensor *leaf = st__is_accumulate(n) ? n->state : NULL;
    if (!rc && leaf && leaf->ag) rc = run_tensor_hooks(leaf->ag->hooks, 0, &buf[j]);
    if (rc) return rc;
  }
  return 0;
}

int st__run_pre_hooks(st_node *n, st_tensor **buf) {
  for (st_hook *h = n->hooks; h; h = h->next) {
    if (h->kind != NODE_PRE) continue;
    st_tensor *replace[8] = {0};
    if (n->nout > (int)(sizeof replace / sizeof replace[0])) return st__error(ST_ERR_UNSUPPORTED, "too many outputs");
    int rc = ((st_node_pre_hook)h->fn)(h->user, n, n->nout, buf, replace);
    for (int j = 0; j < n->nout; j++) replace_with(&buf[j], replace[j]);
    if (rc) return rc;
  }
  return 0;
}

int st__run_retains_grad(st_node *n, st_tensor *const *buf) {
  for (st_hook *h = n->hooks; h; h = h->next) {
    if (h->kind != RETAINS_GRAD || !buf[h->slot]) continue;
    st_autograd_meta *m = h->tensor->ag;
    st_tensor *g = m->grad ? st_add(m->grad, buf[h->slot]) : st_clone(buf[h->slot]);
    if (!g) return st__status();
    st__drop(m->grad);
    m->grad = st__untrack(g);
  }
  return 0;
}

int st__run_post_accumulate_hooks(st_node *n) {
  st_tensor *leaf = st__is_accumulate(n) ? n->state : NULL;
  if (!leaf || !leaf->ag) return 0;
  for (st_hook *h = leaf->ag->hooks; h; h = h->next) {
    if (h->kind != POST_ACCUMULATE) continue;
    int rc = ((st_post_accumulate_hook)h->fn)(h->user, leaf);
    if (rc) return rc;
  }
  return 0;
}

int st__run_post_hooks(st_node *n, st_tensor *const *gin, st_tensor *const *gout) {
  for (st_hook *h = n->hooks; h; h = h->next) {
    if (h->kind != NODE_POST) continue;
    int rc = ((st_node_post_hook)h->fn)(h->user, n, n->nin, gin, n->nout, gout);
    if (rc) return rc;
  }
  return 0;
}
