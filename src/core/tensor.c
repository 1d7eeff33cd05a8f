/* tensor.c — tensor headers: creation, refcounting, scope tracking and inspection. */
#include <math.h>
#include <string.h>

#include "core.h"
#include "half.h"
#include "scope.h"

void (*_Atomic st__ag_free_hook)(st_tensor *t);

void st__meta_of(st_tensor_meta *m, const st_tensor *t) {
  m->dtype = t->dtype;
  m->ndim = t->ndim;
  st__copy_dims(m->shape, t->shape, t->ndim);
}

/* Freed headers wait in a short per-thread list: creating a tensor is then no malloc at all.
   Off in sanitizer builds, like the storage cache. */
#define HEADER_CACHE 256
static _Thread_local struct {
  st_tensor *free[HEADER_CACHE];
  int n;
} tls_headers;

static st_tensor *header_get(void) {
#ifndef STRATA_NO_CACHE
  if (tls_headers.n > 0) {
    if (st__inject_failure(sizeof(st_tensor))) return NULL;
    return tls_headers.free[--tls_headers.n];
  }
#endif
  return st__alloc(sizeof(st_tensor));
}

static void header_put(st_tensor *t) {
#ifndef STRATA_NO_CACHE
  if (tls_headers.n < HEADER_CACHE) {
    st__thread_cache_register();
    tls_headers.free[tls_headers.n++] = t;
    return;
  }
#endif
  st__free(t, sizeof *t);
}

void st__tensor_headers_drain(void) {
  while (tls_headers.n > 0) st__free(tls_headers.free[--tls_headers.n], sizeof(st_tensor));
}

static void tensor_drop(void *p);

static void tensor_free(st_tensor *t) {
  if (t->ag) atomic_load_explicit(&st__ag_free_hook, memory_order_relaxed)(t);
  if (t->value) tensor_drop(t->value);
  if (t->tangent) tensor_drop(t->tangent);
  st__storage_release(t->storage);
  header_put(t);
  st__live_add(-1);
}

/* Releases one reference without consulting scopes (the scope's own drop). */
static void tensor_drop(void *p) {
  st_tensor *t = p;
  /* A count of 1 is the caller's own reference: no other thread holds one to retain or release
     (st__storage_release says the same of storages). */
  if ((atomic_load_explicit(&t->refcount, memory_order_acquire) == 1 && !t->weak) ||
      atomic_fetch_sub_explicit(&t->refcount, 1, memory_order_acq_rel) == 1)
    tensor_free(t);
}

void st__drop(st_tensor *t) {
  if (t) tensor_drop(t);
}

st_tensor *st__untrack(st_tensor *t) {
  if (t) st__scope_forget(t);
  return t;
}

st_tensor *st__untrack_top(st_tensor *t) {
  if (t) st__scope_forget_top(t);
  return t;
}

st_tensor *st_retain(st_tensor *t) {
  if (t) atomic_fetch_add_explicit(&t->refcount, 1, memory_order_relaxed);
  return t;
}

void st_release(st_tensor *t) {
  if (!t) return;
  st__scope_forget(t);
  tensor_drop(t);
}

st_tensor *st_keep(st_tensor *t) {
  if (t) st__scope_keep(t, tensor_drop);
  return t;
}

int st__track_all(int n, st_tensor **ts) {
  if (st__scope_reserve((size_t)n)) {
    for (int i = 0; i < n; i++) {
      st__drop(ts[i]);
      ts[i] = NULL;
    }
    return ST_ERR_OOM;
  }
  for (int i = 0; i < n; i++) st__track(ts[i]); /* cannot fail now */
  return 0;
}

st_tensor *st__track(st_tensor *t) {
  if (t && st__scope_record(t, tensor_drop)) {
    tensor_drop(t);
    return NULL;
  }
  return t;
}

/* A new header over storage, taking the caller's reference to it (released on failure). */
static st_tensor *tensor_over(st_storage *storage, st_dtype dt, int ndim, const int64_t *shape,
                              const int64_t *strides, int64_t offset) {
  st_tensor *t = header_get();
  if (!t) {
    st__storage_release(storage);
    return NULL;
  }
  t->ag = NULL;
  t->wrap = ST_WRAP_NONE;
  t->bdim = 0;
  t->level = 0;
  t->level_id = 0;
  t->value = t->tangent = NULL;
  t->trace_id = 0;
  t->inference = false;
  t->weak = false;
  atomic_init(&t->refcount, 1);
  t->dtype = dt;
  t->ndim = ndim;
  t->offset = offset;
  st__copy_dims(t->shape, shape, ndim);
  st__copy_dims(t->strides, strides, ndim);
  t->storage = storage;
  st__live_add(1);
  return t;
}

st_tensor *st__tensor_view(st_storage *storage, st_dtype dt, int ndim, const int64_t *shape,
                           const int64_t *strides, int64_t offset) {
  st__storage_retain(storage);
  return tensor_over(storage, dt, ndim, shape, strides, offset);
}

void st__contiguous_strides(int ndim, const int64_t *shape, int64_t *strides) {
  int64_t s = 1;
  for (int i = ndim - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i] > 0 ? shape[i] : 1;
  }
}

st_tensor *st__tensor_empty(st_dtype dt, int ndim, const int64_t *shape) {
  int64_t strides[ST_MAX_DIMS];
  st__contiguous_strides(ndim, shape, strides);
  size_t nbytes = (size_t)st__numel(ndim, shape) * st_dtype_size(dt);
  st_storage *s = st__storage_new(nbytes);
  return s ? tensor_over(s, dt, ndim, shape, strides, 0) : NULL;
}

bool st__is_contiguous_layout(int ndim, const int64_t *shape, const int64_t *strides) {
  int64_t s = 1;
  for (int i = ndim - 1; i >= 0; i--) {
    if (shape[i] == 1) continue;
    if (shape[i] == 0) return true;
    if (strides[i] != s) return false;
    s *= shape[i];
  }
  return true;
}

bool st__is_contiguous(const st_tensor *t) {
  return st__is_contiguous_layout(t->ndim, t->shape, t->strides);
}

/* ------------------------------------------------------------------------------ inspection */

/* The accessors below report a NULL tensor (or a bad argument) with an error as every call
   does, through st__null_arg so that a failure which produced the NULL keeps its own message.
   On success they leave the error state alone: reading a property between a failed call and
   st_last_error must not hide the failure. */

int st_ndim(const st_tensor *t) {
  if (!t) st__null_arg("st_ndim", 1);
  return t ? t->ndim : -1;
}

/* t's dim `dim` (negative from the end), or -1 with the error set: a 0-dim tensor has none
   (PyTorch: "dimension specified as 0 but tensor has no dimensions"), unlike the ops whose dim
   argument accepts 0 and -1 there. */
static int size_dim(const char *fn, const st_tensor *t, int dim) {
  if (!t) {
    st__null_arg(fn, 1);
    return -1;
  }
  if (!t->ndim) {
    st__error(ST_ERR_ARG, "%s: dim %d given for a tensor with no dims", fn, dim);
    return -1;
  }
  return st__wrap_dim(fn, dim, t->ndim);
}

int64_t st_size(const st_tensor *t, int dim) {
  int d = size_dim("st_size", t, dim);
  return d < 0 ? -1 : t->shape[d];
}

int64_t st_stride(const st_tensor *t, int dim) {
  int d = size_dim("st_stride", t, dim);
  return d < 0 ? -1 : t->strides[d];
}

int64_t st_numel(const st_tensor *t) {
  if (!t) st__null_arg("st_numel", 1);
  return t ? st__numel(t->ndim, t->shape) : -1;
}

st_dtype st_dtype_of(const st_tensor *t) {
  if (!t) st__null_arg("st_dtype_of", 1);
  return t ? t->dtype : ST_F32;
}

bool st_is_contiguous(const st_tensor *t) {
  if (!t) st__null_arg("st_is_contiguous", 1);
  return t && st__is_contiguous(t);
}

void *st_data_ptr(const st_tensor *t) {
  if (!t) {
    st__null_arg("st_data_ptr", 1);
    return NULL;
  }
  const st_tensor *p = st__plain("st_data_ptr", t);
  st__note_host_read("st_data_ptr");
  return p ? st__data(p) : NULL;
}

const st_tensor *st__plain(const char *fn, const st_tensor *t) {
  const st_tensor *p = t;
  while (p->wrap != ST_WRAP_NONE && p->wrap != ST_WRAP_VMAP) p = p->value;
  if (p->wrap == ST_WRAP_NONE) return p;
  st__error(ST_ERR_TRANSFORM, "%s: a tensor batched by st_vmap (level %d, logical shape %s) has no single value "
                              "inside the vmap; compute with it and read the result after st_vmap returns",
            fn, p->level, ST_SHAPE_STR(p));
  return NULL;
}

int st_shape(const st_tensor *t, int64_t *shape) {
  if (!t || !shape) {
    if (!t)
      st__null_arg("st_shape", 1);
    else
      st__error(ST_ERR_ARG, "st_shape: the shape array (argument 2) is NULL");
    return -1;
  }
  memcpy(shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
  return t->ndim;
}

double st__load_f64(const char *p, st_dtype dt) {
  switch (dt) {
  case ST_F32: return *(const float *)p;
  case ST_F64: return *(const double *)p;
  case ST_I64: return (double)*(const int64_t *)p;
  case ST_BOOL: return *(const bool *)p ? 1.0 : 0.0;
  case ST_F16: return st__f16_to_f32(*(const uint16_t *)p);
  case ST_BF16: return st__bf16_to_f32(*(const uint16_t *)p);
  case ST_I32: return *(const int32_t *)p;
  case ST_I16: return *(const int16_t *)p;
  case ST_I8: return *(const int8_t *)p;
  case ST_U8: return *(const uint8_t *)p;
  }
  return NAN;
}

double st__get_f64(const st_tensor *t, int64_t i) {
  int64_t off = 0;
  for (int d = t->ndim - 1; d >= 0; d--) {
    int64_t n = t->shape[d];
    off += (i % n) * t->strides[d];
    i /= n;
  }
  return st__load_f64(st__data(t) + off * (int64_t)st_dtype_size(t->dtype), t->dtype);
}

int st_to_f64(const st_tensor *t, double *dst, int64_t n) {
  if (!t) {
    st__null_arg("st_to_f64", 1);
    return st__status();
  }
  if (!(t = st__plain("st_to_f64", t))) return st__status();
  int64_t numel = st__numel(t->ndim, t->shape);
  if (n != numel)
    return st__error(ST_ERR_ARG, "st_to_f64: destination holds %lld values but the tensor %s has %lld",
                     (long long)n, ST_SHAPE_STR(t), (long long)numel);
  if (numel && !dst) return st__error(ST_ERR_ARG, "st_to_f64: destination is NULL");
  st__note_host_read("st_to_f64");
  /* Walk with an index counter instead of a division per element. */
  int64_t idx[ST_MAX_DIMS] = {0};
  const char *base = st__data(t);
  size_t es = st_dtype_size(t->dtype);
  int64_t off = 0;
  for (int64_t k = 0; k < numel; k++) {
    dst[k] = st__load_f64(base + off * (int64_t)es, t->dtype);
    for (int d = t->ndim - 1; d >= 0; d--) {
      off += t->strides[d];
      if (++idx[d] < t->shape[d]) break;
      off -= t->strides[d] * t->shape[d];
      idx[d] = 0;
    }
  }
  st__ok();
  return 0;
}

double st_item(const st_tensor *t) {
  if (!t) {
    st__null_arg("st_item", 1);
    return NAN;
  }
  if (!(t = st__plain("st_item", t))) return NAN;
  if (st__numel(t->ndim, t->shape) != 1) {
    st__error(ST_ERR_SHAPE, "st_item: a tensor of shape %s has %lld elements, not one",
              ST_SHAPE_STR(t), (long long)st__numel(t->ndim, t->shape));
    return NAN;
  }
  st__ok();
  st__note_host_read("st_item");
  return st__load_f64(st__data(t), t->dtype);
}
