/* text.c — a growable text buffer (st_text, core.h): safetensors' JSON header, the C backend's
   generated source. An allocation failure marks the buffer failed and later appends do nothing,
   so a caller checks once at the end. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

/* Room for n more bytes and the terminating NUL; false (failed) when it cannot be had. */
static bool reserve(st_text *t, size_t n) {
  if (t->failed) return false;
  if (t->len + n + 1 <= t->cap) return true;
  size_t cap = t->cap ? t->cap : 256;
  while (cap < t->len + n + 1) cap *= 2;
  char *data = st__realloc(t->data, t->cap, cap);
  if (!data) {
    t->failed = true;
    return false;
  }
  t->data = data;
  t->cap = cap;
  return true;
}

void st__text_add(st_text *t, const char *s, size_t n) {
  if (!reserve(t, n)) return;
  memcpy(t->data + t->len, s, n);
  t->len += n;
  t->data[t->len] = '\0';
}

void st__text_printf(st_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (k < 0) t->failed = true;
  if (k < 0 || !reserve(t, (size_t)k)) return;
  va_start(ap, fmt);
  vsnprintf(t->data + t->len, (size_t)k + 1, fmt, ap);
  va_end(ap);
  t->len += (size_t)k;
}

void st__text_free(st_text *t) {
  if (t->data) st__free(t->data, t->cap);
  *t = (st_text){0};
}
