/* op.c — helpers every op record uses: error formatting and output descriptions. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../kernels/iter.h"
#include "../kernels/kernels.h"
#include "op.h"

int st__op_error(const st_opcall *c, st_status status, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return st__error(status, "st_%s: %s", c->op->name, msg);
}

int st__check_writable(const st_opcall *c) {
  const st_tensor *self = c->in[0];
  /* an empty tensor has no element to overlap, whatever its strides (PyTorch allows it) */
  int d = st__numel(self->ndim, self->shape) ? st__repeated_dim(self) : -1;
  if (d >= 0)
    return st__op_error(c, ST_ERR_INPLACE, "more than one element of self %s refers to a single "
                                           "memory location (stride 0 in dim %d); clone it first",
                        ST_SHAPE_STR(self), d);
  return 0;
}

int st__check_inplace(const st_opcall *c, st_dtype result) {
  const st_tensor *self = c->in[0];
  if (st__dtype_category(result) > st__dtype_category(self->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "result dtype %s cannot be cast to self's dtype %s",
                        st_dtype_name(result), st_dtype_name(self->dtype));
  return st__check_writable(c);
}

void st__meta_set(st_meta *m, st_dtype dt, int ndim, const int64_t *shape) {
  m->dtype = dt;
  m->ndim = ndim;
  if (ndim) memcpy(m->shape, shape, sizeof(int64_t) * (size_t)ndim);
  m->alias = -1;
  m->offset = 0;
}

void st__meta_like(st_meta *m, const st_tensor *t) { st__meta_set(m, t->dtype, t->ndim, t->shape); }

void st__meta_view(st_meta *m, const st_tensor *t, int alias, int ndim, const int64_t *shape,
                   const int64_t *strides, int64_t offset) {
  st__meta_set(m, t->dtype, ndim, shape);
  m->alias = alias;
  if (ndim) memcpy(m->strides, strides, sizeof(int64_t) * (size_t)ndim);
  m->offset = offset;
}

st_tensor *st__contig_as(st_tensor *t, st_dtype dt) {
  if (t->dtype == dt && st__is_contiguous(t)) return st_retain(t);
  st_tensor *c = st__tensor_empty(dt, t->ndim, t->shape);
  if (c) st__k_copy(st__view_of(c), st__view_of(t));
  return c;
}

int st__composite_begin(const char *fn) {
  if (!st_scope_push()) return 0;
  st_scope_pop();
  return st__error(ST_ERR_OOM, "%s: out of memory", fn);
}

st_tensor *st__composite_end(st_tensor *y) {
  if (y) st_keep(y);
  st_scope_pop();
  return y;
}
