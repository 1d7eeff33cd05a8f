/* rules.c — helpers shared by vjp rules, written with public ops (see rules.h). */
#include "rules.h"

int st__rule_failed(void) { return st__has_error() ? st__status() : ST_ERR_AUTOGRAD; }

st_tensor *st__sum_to(st_tensor *g, const st_tensor_meta *m) {
  if (!g) return NULL;
  int lead = g->ndim - m->ndim, dims[ST_MAX_DIMS], n = 0;
  for (int d = 0; d < g->ndim; d++)
    if (d < lead || (m->shape[d - lead] == 1 && g->shape[d] != 1)) dims[n++] = d;
  if (n == 0 && lead == 0) return st__track(st_retain(g));
  st_tensor *s = st_sum(g, n, dims, true);
  st_tensor *r = st_reshape(s, m->ndim, m->shape);
  st_release(s);
  return r;
}

st_tensor *st__zeros_meta(const st_tensor_meta *m) { return st_zeros(m->dtype, m->ndim, m->shape); }
