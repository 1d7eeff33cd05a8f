/* anomaly.c — anomaly mode (#90867): creation sites of nodes and NaN checks of backward
   outputs, plus the current-node marker. */
#include <execinfo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd.h"

_Thread_local st_node *st__tls_current_node;
static _Thread_local bool tls_anomaly, tls_check_nan;
static _Thread_local struct {
  const char *file, *func;
  int line;
} tls_site;

void st_set_anomaly_mode(bool enabled, bool check_nan) {
  tls_anomaly = enabled;
  tls_check_nan = enabled && check_nan;
}
bool st__anomaly_enabled(void) { return tls_anomaly; }

void st_set_site(const char *file, int line, const char *func) {
  tls_site.file = file;
  tls_site.line = line;
  tls_site.func = func;
}

st_node *st_current_node(void) { return st__tls_current_node; }
const char *st_node_creation_site(const st_node *n) { return n && n->site ? n->site : ""; }

/* Without ST_SITE(), the nearest frame outside strata's own functions, as backtrace_symbols
   names it (function names need -rdynamic; otherwise the module and address). */
static void site_from_backtrace(char *buf, size_t size) {
  void *frames[32];
  int n = backtrace(frames, 32);
  char **names = backtrace_symbols(frames, n);
  snprintf(buf, size, "unknown site");
  for (int i = 1; names && i < n; i++) {
    const char *open = strchr(names[i], '(');
    if (open && (strncmp(open + 1, "st_", 3) == 0 || strncmp(open + 1, "st__", 4) == 0)) continue;
    if (strstr(names[i], "libstrata")) continue;
    snprintf(buf, size, "%s", names[i]);
    break;
  }
  free(names); /* allocated by glibc's backtrace_symbols */
}

void st__anomaly_record_site(st_node *n) {
  char buf[256];
  if (tls_site.file) snprintf(buf, sizeof buf, "%s:%d (%s)", tls_site.file, tls_site.line, tls_site.func);
  else site_from_backtrace(buf, sizeof buf);
  size_t len = strlen(buf) + 1;
  if ((n->site = st__alloc(len))) memcpy(n->site, buf, len);
}

static bool has_nan(const st_tensor *t) {
  if (!st__is_float(t->dtype)) return false;
  int64_t n = st__numel(t->ndim, t->shape);
  for (int64_t i = 0; i < n; i++)
    if (isnan(st__get_f64(t, i))) return true;
  return false;
}

int st__anomaly_check(st_node *n, st_tensor *const *gin) {
  if (!tls_check_nan) return 0;
  for (int i = 0; i < n->nin; i++)
    if (gin[i] && has_nan(gin[i]))
      return st__error(ST_ERR_AUTOGRAD, "Function '%s' returned nan values in its %d-th output (node created at %s)",
                       n->name, i, n->site ? n->site : "an unknown site: enable anomaly mode before the forward");
  return 0;
}
