/* error.c — the thread-local error state behind st_last_status / st_last_error.

   Two slots. The visible error is what st_last_status / st_last_error report: a failing call
   sets it and a successful call clears it. The held error is a copy of the latest failure that
   a successful call does not clear: when a call is then given a NULL tensor argument (the
   result of that failure) and no error is visible, the held one comes back. So in
   st_add(st_mul(a, b), st_exp(c)), an out-of-memory inside st_mul is still reported as out of
   memory after st_exp succeeds, not as "argument 1 is NULL". Reading the error or clearing it
   through the public calls ends the expression: the held copy goes, and a visible error that
   was read is not given to a later NULL argument either (that call reports the NULL). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

_Thread_local int st__tls_status;
static _Thread_local char tls_message[512];
static _Thread_local int tls_held_status;
static _Thread_local char tls_held_message[512];
static _Thread_local bool tls_read; /* the visible error was read */

st_status st_last_status(void) {
  tls_held_status = 0;
  tls_read = true;
  return (st_status)st__tls_status;
}
const char *st_last_error(void) {
  tls_held_status = 0;
  tls_read = true;
  return tls_message;
}
const char *st__message(void) { return tls_message; }
bool st__has_error(void) { return st__tls_status != 0; }
int st__held_status(void) { return st__tls_status ? st__tls_status : tls_held_status; }

void st__clear_visible(void) {
  st__tls_status = 0;
  tls_message[0] = '\0';
}

void st_clear_error(void) {
  st__clear_visible();
  tls_held_status = 0;
}

static _Thread_local int tls_muted;
void st__error_mute(bool mute) { tls_muted += mute ? 1 : -1; }

int st__error(st_status status, const char *fmt, ...) {
  if (tls_muted) return status;
  st__tls_status = status;
  tls_read = false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tls_message, sizeof tls_message, fmt, ap);
  va_end(ap);
  tls_held_status = status;
  memcpy(tls_held_message, tls_message, strlen(tls_message) + 1);
  return status;
}

/* The error of a failure that produced a NULL, or this one. A visible error counts unless
   `unread_only` and it was read. */
static int vnull_error(bool unread_only, st_status status, const char *fmt, va_list ap) {
  if (st__tls_status && !(unread_only && tls_read)) return st__tls_status;
  if (tls_held_status) {
    st__tls_status = tls_held_status;
    tls_read = false;
    memcpy(tls_message, tls_held_message, strlen(tls_held_message) + 1);
    return st__tls_status;
  }
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  return st__error(status, "%s", msg);
}

int st__null_error(st_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = vnull_error(true, status, fmt, ap);
  va_end(ap);
  return rc;
}

int st__callee_error(st_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = vnull_error(false, status, fmt, ap);
  va_end(ap);
  return rc;
}

int st__check_apart(const char *who, const char *out_name, st_tensor *const *out, int n_out,
                    const char *in_name, st_tensor *const *in, int n_in) {
  if (!out || !in || n_out < 1 || n_in < 1) return 0;
  uintptr_t o = (uintptr_t)out, i = (uintptr_t)in, size = sizeof *out;
  if (o >= i + (uintptr_t)n_in * size || i >= o + (uintptr_t)n_out * size) return 0;
  return st__error(ST_ERR_ARG, "%s: %s and %s overlap (give %s an array of its own)", who, out_name,
                   in_name, out_name);
}

void st__null_arg(const char *fn, int index) {
  st__null_error(ST_ERR_ARG, "%s: argument %d is NULL", fn, index);
}

const char *st_status_name(st_status s) {
  switch (s) {
#define ST__STATUS_CASE(name, value, text)                                                         \
  case ST_##name: return text;
    ST_STATUS_MAP(ST__STATUS_CASE)
#undef ST__STATUS_CASE
  }
  return "unknown status";
}
