/* trace.c — the trace interpreter (seed 003's Logger): every op call is printed as it passes
   each level of the stack, e.g. "[grad L2] t12 [4] = mul(t3, t7)". Tensors are numbered on
   first sight. st_trace_begin / st_trace_end, or STRATA_TRACE=1 for a whole program (stderr). */
#include <stdio.h>
#include <stdlib.h>

#include "interp.h"

bool st__tracing;
static FILE *trace_file;
static _Atomic uint32_t next_trace_id = 1;

static uint32_t id_of(st_tensor *t) {
  if (!t->trace_id)
    t->trace_id = atomic_fetch_add_explicit(&next_trace_id, 1, memory_order_relaxed);
  return t->trace_id;
}

void st__trace_call(int level, const st_opcall *c, st_tensor *const *out) {
  FILE *f = trace_file ? trace_file : stderr;
  const char *kind = level ? st__interp_name(st__interp_at(level)->kind) : "plain";
  char line[512];
  int n = snprintf(line, sizeof line, "[%s L%d] ", kind, level);
  for (int j = 0; j < c->op->nout && n < (int)sizeof line; j++)
    n += snprintf(line + n, sizeof line - (size_t)n, "%st%u %s", j ? ", " : "", id_of(out[j]),
                  ST_SHAPE_STR(out[j]));
  if (n < (int)sizeof line) n += snprintf(line + n, sizeof line - (size_t)n, " = %s(", c->op->name);
  for (int i = 0; i < c->nin && n < (int)sizeof line; i++)
    n += snprintf(line + n, sizeof line - (size_t)n, "%st%u", i ? ", " : "", id_of(c->in[i]));
  if (n < (int)sizeof line) snprintf(line + n, sizeof line - (size_t)n, ")");
  fprintf(f, "%s\n", line);
}

void st_trace_begin(FILE *f) {
  trace_file = f;
  st__tracing = true;
}

void st_trace_end(void) {
  if (trace_file) fflush(trace_file);
  st__tracing = false;
  trace_file = NULL;
}

__attribute__((constructor)) static void trace_from_env(void) {
  const char *v = getenv("STRATA_TRACE");
  if (v && *v && *v != '0') st__tracing = true;
}
