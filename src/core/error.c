/* error.c — the thread-local error state behind st_last_status / st_last_error. */
#include <stdarg.h>
#include <stdio.h>

#include "core.h"

_Thread_local int st__tls_status;
static _Thread_local char tls_message[512];

st_status st_last_status(void) { return (st_status)st__tls_status; }
const char *st_last_error(void) { return tls_message; }
bool st__has_error(void) { return st__tls_status != 0; }

void st_clear_error(void) {
  st__tls_status = 0;
  tls_message[0] = '\0';
}

int st__error(st_status status, const char *fmt, ...) {
  st__tls_status = status;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tls_message, sizeof tls_message, fmt, ap);
  va_end(ap);
  return status;
}

void st__null_arg(const char *fn, int index) {
  if (!st__tls_status) st__error(ST_ERR_ARG, "%s: argument %d is NULL", fn, index);
}

const char *st_status_name(st_status s) {
  switch (s) {
#define ST__STATUS_CASE(name, value, text) \
  case ST_##name:                          \
    return text;
    ST_STATUS_MAP(ST__STATUS_CASE)
#undef ST__STATUS_CASE
  }
  return "unknown status";
}
