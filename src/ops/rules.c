/* rules.c — helpers shared by vjp and jvp rules, written with public ops (see rules.h). */
#include "rules.h"

/* The error of the call that failed, even when later calls in the rule succeeded and cleared
   it (the held failure of NULL propagation, error.c); a rule that failed without any error set
   says so. */
int st__rule_failed(void) {
  return st__callee_error(ST_ERR_AUTOGRAD, "a derivative or batching rule failed");
}

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

/* The same op and attributes on other inputs (tracked). */
static st_tensor *same_op(const st_jvp_args *a, int nin, st_tensor *const *in) {
  st_opcall c = {.op = a->op, .nin = nin, .in = in, .a = *a->a};
  return st__call1(&c);
}

int st__jvp_bilinear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *tb = a->nin > 2 ? tin[2] : NULL, *t = NULL, *u;
  for (int i = 0; i < 2; i++) {
    if (!tin[i]) continue;
    st_tensor *in[3] = {i ? a->in[0] : tin[0], i ? tin[1] : a->in[1], tb};
    ST_TRY(u = same_op(a, tb ? 3 : 2, in));
    tb = NULL; /* the bias tangent rides along in the first term */
    ST_TRY(t = t ? st_add(t, u) : u);
  }
  if (tb) /* only the bias moves: its tangent broadcast over the output (conv2d: per channel) */
    ST_TRY(t = a->op->id == ST_OP_conv2d ? st_reshape(tb, 3, (const int64_t[]){tb->shape[0], 1, 1})
                                         : st__track(st_retain(tb)));
  tout[0] = t;
  return 0;
}

/* The jvp of an op linear in input 0: op(t0, ...), derivatives.yaml's auto_linear. */
int st__jvp_linear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0]) return 0;
  st_tensor *in[2] = {tin[0], a->nin > 1 ? a->in[1] : NULL};
  ST_TRY(tout[0] = same_op(a, a->nin, in));
  return 0;
}
