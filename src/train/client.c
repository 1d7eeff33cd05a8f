/* client.c — how the train layer uses the public API: setting errors, owning tensors outside
   scopes, and writing tensors in place outside any graph. */
#include <stdarg.h>
#include <stdio.h>

#include "train.h"

int st__tr_error(st_status status, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return st_hook_error(status, msg);
}

int st__tr_null_arg(const char *fn, int index) {
  st_status s = st_last_status();
  if (s != ST_OK) return s;
  return st__tr_error(ST_ERR_ARG, "%s: argument %d is NULL", fn, index);
}

int st__tr_status(void) {
  st_status s = st_last_status();
  return s != ST_OK ? s : ST_ERR_OOM;
}

st_tensor *st__tr_own(st_tensor *t) {
  if (!t) return NULL;
  st_retain(t);
  st_release(t); /* gives back the reference a scope recorded, if one did */
  return t;
}

/* An empty view of t along its first dim (a 0-dim t is first viewed as [1]). */
static st_tensor *empty_view(st_tensor *t) {
  st_tensor *v = st_ndim(t) == 0 ? st_unsqueeze(t, 0) : t;
  return st_slice(v, 0, 0, 0, 1);
}

int st__tr_bump_version(st_tensor *t) {
  if (st_scope_push()) {
    st_scope_pop();
    return ST_ERR_OOM;
  }
  bool was = st_set_grad_enabled(false);
  st_tensor *e = empty_view(t);
  int rc = e ? st_zero_(e) : st__tr_status();
  st_set_grad_enabled(was);
  st_scope_pop();
  return rc;
}

int st__tr_assign(st_tensor *dst, st_tensor *src) {
  bool was = st_set_grad_enabled(false);
  int rc = st_copy_(dst, src);
  st_set_grad_enabled(was);
  return rc;
}

const char *st__tr_shape_str(const st_tensor *t, char *buf, size_t size) {
  int64_t shape[ST_MAX_DIMS];
  int nd = t ? st_shape(t, shape) : -1;
  size_t used = (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < nd && used < size; d++)
    used += (size_t)snprintf(buf + used, size - used, d ? ", %lld" : "%lld", (long long)shape[d]);
  if (used < size) snprintf(buf + used, size - used, "]");
  return buf;
}
