/* meta.c — per-tensor autograd state: requires_grad, .grad, grad_fn, leaves' AccumulateGrad
   nodes, detach and grad modes. */
#include <string.h>

#include "../dispatch/interp.h"
#include "autograd.h"

extern _Thread_local int st__tls_depth; /* interp.c: transforms active on this thread */

_Thread_local bool st__tls_grad_disabled; /* grad mode is on by default */
_Thread_local bool st__tls_inference_mode;
#define tls_grad_disabled st__tls_grad_disabled
#define tls_inference_mode st__tls_inference_mode
/* torch.is_grad_enabled: false in inference mode too (st_set_grad_enabled still returns the
   grad-mode switch itself, so saving and restoring it is unaffected). */
bool st_is_grad_enabled(void) { return !tls_grad_disabled && !tls_inference_mode; }

bool st_set_grad_enabled(bool enabled) {
  bool prev = !tls_grad_disabled;
  tls_grad_disabled = !enabled;
  return prev;
}

bool st_set_inference_mode(bool enabled) {
  bool prev = tls_inference_mode;
  tls_inference_mode = enabled;
  return prev;
}

st_grad_modes st__grad_modes_set(st_grad_modes m) {
  st_grad_modes prev = {!tls_grad_disabled, tls_inference_mode};
  tls_grad_disabled = !m.enabled;
  tls_inference_mode = m.inference;
  return prev;
}

static void ag_free(st_tensor *t) {
  st_autograd_meta *m = t->ag;
  st__tensor_hooks_free(t);
  t->ag = NULL;
  /* A leaf's own AccumulateGrad node holds the leaf, so it is gone by now; an unpacked saved
     leaf (node.c, adopt) holds its leaf's node. */
  if (m->owns_accumulator) st__node_release(m->grad_accumulator);
  st__node_release(m->grad_fn);
  st__drop(m->grad);
  st__drop(m->view_base);
  st__view_fn_release(m->view_fn);
  st__free(m, sizeof *m);
}

st_autograd_meta *st__ag_meta(st_tensor *t) {
  if (t->ag) return t->ag;
  if (atomic_load_explicit(&st__ag_free_hook, memory_order_relaxed) != ag_free)
    atomic_store_explicit(&st__ag_free_hook, ag_free, memory_order_relaxed);
  st_autograd_meta *m = st__alloc(sizeof *m);
  if (!m) return NULL;
  memset(m, 0, sizeof *m);
  t->ag = m;
  return m;
}

/* torch.func refuses requires_grad_() and retain_grad() inside a transformed function: the
   transforms differentiate there. */
static int outside_transforms(const char *fn, const st_tensor *t) {
  if (t->level > 0)
    return st__error(ST_ERR_TRANSFORM,
                     "%s: the tensor (shape %s) belongs to a transform (level %d); inside a "
                     "transformed function differentiate with the transforms (st_grad, st_vjp, "
                     "st_jacrev, ...) instead",
                     fn, ST_SHAPE_STR(t), t->level);
  if (st__tls_depth > 0)
    return st__error(ST_ERR_TRANSFORM,
                     "%s: called inside a function being transformed (%d transforms active); this "
                     "is unsupported: differentiate with the transforms (st_grad, st_vjp, "
                     "st_jacrev, ...) or call it outside the transformed function",
                     fn, st__tls_depth);
  return 0;
}

int st_set_requires_grad(st_tensor *t, bool requires_grad) {
  if (!t) {
    st__null_arg("st_set_requires_grad", 1);
    return st__status();
  }
  if (outside_transforms("st_set_requires_grad", t)) return st__status();
  if (t->ag && t->ag->grad_fn) {
    if (!requires_grad)
      return st__error(ST_ERR_AUTOGRAD,
                       "st_set_requires_grad: a non-leaf tensor of shape %s (grad_fn %s) cannot "
                       "stop requiring grad; use st_detach",
                       ST_SHAPE_STR(t), t->ag->grad_fn->name);
    st__ok();
    return 0;
  }
  if (requires_grad && t->inference && !tls_inference_mode)
    return st__error(ST_ERR_AUTOGRAD,
                     "st_set_requires_grad: an inference tensor (shape %s, made in inference mode) "
                     "cannot require grad outside inference mode; clone it first",
                     ST_SHAPE_STR(t));
  if (requires_grad && !st__is_float(t->dtype))
    return st__error(ST_ERR_DTYPE,
                     "st_set_requires_grad: only floating point tensors can require gradients "
                     "(got %s)",
                     st_dtype_name(t->dtype));
  if (requires_grad || t->ag) {
    st_autograd_meta *m = st__ag_meta(t);
    if (!m) return st__status();
    m->requires_grad = requires_grad;
  }
  st__ok();
  return 0;
}

bool st_requires_grad(const st_tensor *t) {
  if (!t) st__null_arg("st_requires_grad", 1);
  return t && st__requires_grad(t);
}

bool st_is_leaf(const st_tensor *t) {
  if (!t) st__null_arg("st_is_leaf", 1);
  return t && !(t->ag && t->ag->grad_fn);
}

/* Detach stops gradients at every level, like JAX's stop_gradient: a grad or jvp wrapper gives
   way to its (detached) value, which is a constant at that level; a vmap wrapper keeps its
   batch around the detached value. Untracked result. */
static st_tensor *detach(st_tensor *t) {
  if (t->wrap == ST_WRAP_GRAD || t->wrap == ST_WRAP_JVP) return detach(t->value);
  if (t->wrap == ST_WRAP_VMAP) {
    st_tensor *v = detach(t->value);
    st_tensor *w = v && st__wrapper_alive(t) ? st__wrap(t->level, v, t->bdim, NULL) : NULL;
    st__drop(v);
    if (!w && !st__has_error())
      st__error(ST_ERR_TRANSFORM,
                "st_detach: a tensor batched by a st_vmap (level %d) that has already returned",
                t->level);
    return w;
  }
  st_tensor *d = st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
  if (d) d->inference = t->inference; /* a view of an inference tensor is one */
  return d;
}

st_tensor *st_detach(st_tensor *t) {
  if (!t) {
    st__null_arg("st_detach", 1);
    return NULL;
  }
  st_tensor *d = detach(t);
  if (d) st__ok();
  return st__track(d);
}

st_tensor *st_grad_of(const st_tensor *t) {
  if (!t) {
    st__null_arg("st_grad_of", 1);
    return NULL;
  }
  st_autograd_meta *m = t->ag;
  if (!m) return NULL;
  st__ag_lock(&m->lock); /* another thread's create_graph backward may replace .grad */
  st_tensor *g = st_retain(m->grad);
  st__ag_unlock(&m->lock);
  return st__track(g);
}

void st_zero_grad(st_tensor *t) {
  if (!t) {
    st__null_arg("st_zero_grad", 1);
    return;
  }
  st_autograd_meta *m = t->ag;
  if (!m) return;
  st__ag_lock(&m->lock);
  st_tensor *g = m->grad;
  m->grad = NULL;
  st__ag_unlock(&m->lock);
  st__drop(g);
}

int st_set_grad(st_tensor *t, st_tensor *grad) {
  if (!t) {
    st__null_arg("st_set_grad", 1);
    return st__status();
  }
  if (!grad) {
    st_zero_grad(t);
    st__ok();
    return 0;
  }
  if (t->level > 0 || grad->level > 0)
    return st__error(ST_ERR_TRANSFORM,
                     "st_set_grad: %s is a tensor of a transform (level %d); .grad belongs to "
                     "eager autograd",
                     t->level > 0 ? "the tensor" : "the gradient",
                     t->level > 0 ? t->level : grad->level);
  bool same = grad->ndim == t->ndim;
  for (int d = 0; same && d < t->ndim; d++) same = grad->shape[d] == t->shape[d];
  if (!same)
    return st__error(ST_ERR_SHAPE,
                     "st_set_grad: assigned grad has data of a different size: the tensor has "
                     "shape %s, the gradient %s",
                     ST_SHAPE_STR(t), ST_SHAPE_STR(grad));
  if (grad->dtype != t->dtype)
    return st__error(ST_ERR_DTYPE,
                     "st_set_grad: assigned grad has data of a different type: the tensor is %s, "
                     "the gradient %s",
                     st_dtype_name(t->dtype), st_dtype_name(grad->dtype));
  st_autograd_meta *m = st__ag_meta(t);
  if (!m) return st__status();
  st__ag_lock(&m->lock);
  st_tensor *old = m->grad;
  m->grad = st_retain(grad);
  st__ag_unlock(&m->lock);
  st__drop(old);
  st__ok();
  return 0;
}

int st_retain_grad(st_tensor *t) {
  if (!t) {
    st__null_arg("st_retain_grad", 1);
    return st__status();
  }
  if (outside_transforms("st_retain_grad", t)) return st__status();
  if (st__view_refresh(t)) return st__status();
  if (!st__requires_grad(t))
    return st__error(ST_ERR_AUTOGRAD, "st_retain_grad: a tensor of shape %s does not require grad",
                     ST_SHAPE_STR(t));
  if (t->ag->grad_fn && !t->ag->retains_grad) { /* leaves keep .grad anyway */
    int rc = st__add_retains_grad(t);
    if (rc) return rc;
  }
  st__ok();
  return 0;
}
