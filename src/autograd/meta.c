/* meta.c — per-tensor autograd state: requires_grad, .grad, grad_fn, leaves' AccumulateGrad
   nodes, detach and grad modes. */
#include <string.h>

#include "../dispatch/interp.h"
#include "autograd.h"

static _Thread_local bool tls_grad_disabled;    /* grad mode is on by default */
static _Thread_local bool tls_inference_mode;

bool st__grad_mode(void) { return !tls_grad_disabled && !tls_inference_mode; }
bool st__inference_mode(void) { return tls_inference_mode; }
bool st_is_grad_enabled(void) { return !tls_grad_disabled; }

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

static void ag_free(st_tensor *t) {
  st_autograd_meta *m = t->ag;
  st__tensor_hooks_free(t);
  t->ag = NULL;
  if (m->grad_accumulator) m->grad_accumulator->state = NULL; /* the node outlives its leaf */
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

int st_set_requires_grad(st_tensor *t, bool requires_grad) {
  if (!t) {
    st__null_arg("st_set_requires_grad", 1);
    return st__status();
  }
  if (t->ag && t->ag->grad_fn) {
    if (!requires_grad)
      return st__error(ST_ERR_AUTOGRAD,
                       "st_set_requires_grad: a non-leaf tensor of shape %s (grad_fn %s) cannot stop "
                       "requiring grad; use st_detach",
                       ST_SHAPE_STR(t), t->ag->grad_fn->name);
    st__ok();
    return 0;
  }
  if (requires_grad && !st__is_float(t->dtype))
    return st__error(ST_ERR_DTYPE,
                     "st_set_requires_grad: only floating point tensors can require gradients (got %s)",
                     st_dtype_name(t->dtype));
  if (requires_grad || t->ag) {
    st_autograd_meta *m = st__ag_meta(t);
    if (!m) return st__status();
    m->requires_grad = requires_grad;
  }
  st__ok();
  return 0;
}

bool st_requires_grad(const st_tensor *t) { return t && st__requires_grad(t); }
bool st_is_leaf(const st_tensor *t) { return t && !(t->ag && t->ag->grad_fn); }

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
      st__error(ST_ERR_TRANSFORM, "st_detach: a tensor batched by a st_vmap (level %d) that has already returned",
                t->level);
    return w;
  }
  return st__tensor_view(t->storage, t->dtype, t->ndim, t->shape, t->strides, t->offset);
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
  if (!t || !t->ag || !t->ag->grad) return NULL;
  return st__track(st_retain(t->ag->grad));
}

void st_zero_grad(st_tensor *t) {
  if (!t || !t->ag) return;
  st__drop(t->ag->grad);
  t->ag->grad = NULL;
}

int st_retain_grad(st_tensor *t) {
  if (!t) {
    st__null_arg("st_retain_grad", 1);
    return st__status();
  }
  if (st__view_refresh(t)) return st__status();
  if (!st__requires_grad(t))
    return st__error(ST_ERR_AUTOGRAD, "st_retain_grad: a tensor of shape %s does not require grad", ST_SHAPE_STR(t));
  if (t->ag->grad_fn && !t->ag->retains_grad) { /* leaves keep .grad anyway */
    int rc = st__add_retains_grad(t);
    if (rc) return rc;
    t->ag->retains_grad = true;
  }
  st__ok();
  return 0;
}
