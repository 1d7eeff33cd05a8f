/* test_oom_ops.c — every op's valid samples (the matrix's database) called with their n-th
   allocation failing, for every n until a call completes: the call fails with ST_ERR_OOM or
   succeeds with the values of a clean call, its inputs keep their bytes, version and history,
   and nothing is left alive (API.md: "a failed call changes none of its inputs and leaks
   nothing, whichever allocation fails"). Modes: plain, recording (float inputs are leaves that
   require grad), and through st_grad, st_vmap and st_jvp of the op.

   The sweep is exhaustive: every allocation of every call. */
#include "core/core.h"
#include "ops/op.h"
#include "test.h"

enum { MODE_PLAIN, MODE_RECORD, MODE_GRAD, MODE_VMAP, MODE_JVP, NMODES };
static const char *const mode_names[NMODES] = {"plain", "recording", "grad", "vmap", "jvp"};

typedef struct {
  const st_op *op;
  const st_sample *s;
  int mode;
} oom_case;

static bool is_float(const st_tensor *t) { return st__is_float(t->dtype); }

/* The op on in[] as a function value (used directly and under the transforms). */
static int op_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  const oom_case *k = ctx;
  st_opcall c = {.op = k->op, .nin = nin, .in = in, .a = k->s->a};
  st_tensor *o[ST_MAX_OUTS];
  if (st__dispatch(&c, o)) return st__status();
  int rc = 0;
  for (int j = 0; j < nout; j++) /* a failed record drops the reference */
    if (!(out[j] = st__track(o[j])) && !rc) rc = st__status();
  return rc;
}

/* grad's function: the sum of the op's first output. */
static int sum_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const oom_case *k = ctx;
  st_tensor *o[ST_MAX_OUTS] = {0};
  int rc = op_fn(ctx, nin, in, k->op->nout, o);
  if (!rc) out[0] = st_sum_all(o[0]);
  return rc ? rc : out[0] ? 0 : st__status();
}

/* A snapshot of an input: its values, storage version and history. */
typedef struct {
  double *values;
  int64_t n;
  uint64_t version;
  st_node *grad_fn;
  bool requires_grad;
} snapshot;

static void take(snapshot *p, const st_tensor *t) {
  p->n = st_numel(t);
  p->values = malloc(sizeof(double) * (size_t)(p->n + 1));
  st_to_f64(t, p->values, p->n);
  p->version = atomic_load(&t->storage->version);
  p->grad_fn = st_grad_fn(t);
  p->requires_grad = st_requires_grad(t);
}

static bool unchanged(const snapshot *p, const st_tensor *t) {
  double *now = malloc(sizeof(double) * (size_t)(p->n + 1));
  st_to_f64(t, now, p->n);
  bool same = !memcmp(now, p->values, sizeof(double) * (size_t)p->n) &&
              atomic_load(&t->storage->version) == p->version && st_grad_fn(t) == p->grad_fn &&
              st_requires_grad(t) == p->requires_grad;
  free(now);
  return same;
}

/* Calls the case on in[]; out receives untracked references (NULL on failure). */
static int call(oom_case *k, st_tensor *const *in, st_tensor **out, int *nout) {
  const st_op *op = k->op;
  int nin = k->s->nin, rc = 0;
  st_func *f = NULL, *t = NULL;
  *nout = op->nout;
  for (int j = 0; j < 2 * ST_MAX_OUTS; j++) out[j] = NULL; /* jvp mode fills 2 * nout */
  if (st_scope_push()) return st__status();
  switch (k->mode) {
  case MODE_PLAIN:
  case MODE_RECORD:
    if (op->flags & ST_OP_INPLACE) { /* as st_add_ and the like: nothing recorded in a scope */
      st_opcall c = {.op = op, .nin = nin, .in = in, .a = k->s->a};
      rc = st__call_inplace(&c);
      if (!rc) {
        out[0] = st_retain(in[0]); /* the written input is the result, untracked */
        *nout = 1;
      }
      st_scope_pop();
      return rc;
    }
    rc = op_fn(k, nin, in, op->nout, out);
    break;
  case MODE_GRAD:
    *nout = 1;
    f = st_func_new(sum_fn, k, nin, 1);
    t = f ? st_grad(f, 1, (const int[]){0}) : NULL;
    rc = t ? st_call(t, in, out) : st__status();
    break;
  case MODE_VMAP:
    f = st_func_new(op_fn, k, nin, op->nout);
    t = f ? st_vmap(f, NULL, NULL) : NULL;
    rc = t ? st_call(t, in, out) : st__status();
    break;
  default: {
    st_tensor *tangents[ST_SAMPLE_MAX_IN] = {0};
    for (int i = 0; !rc && i < nin; i++)
      if (is_float(in[i]) && !(tangents[i] = st_ones_like(in[i]))) rc = st__status();
    f = rc ? NULL : st_func_new(op_fn, k, nin, op->nout);
    st_tensor *tout[ST_MAX_OUTS] = {0};
    rc = rc ? rc : f ? st_jvp(f, in, tangents, out, tout) : st__status();
    for (int j = 0; !rc && j < op->nout; j++) out[op->nout + j] = tout[j];
    *nout = 2 * op->nout;
  }
  }
  for (int j = 0; j < *nout; j++) st_keep(out[j]);
  st_func_release(t);
  st_func_release(f);
  st_scope_pop();
  if (!rc) return 0;
  for (int j = 0; j < *nout; j++) {
    st_release(out[j]);
    out[j] = NULL;
  }
  return rc;
}

static bool same_bits(st_tensor *a, st_tensor *b) {
  if (!a || !b) return a == b;
  int64_t n = st_numel(a);
  if (n != st_numel(b) || st_ndim(a) != st_ndim(b)) return false;
  double *x = malloc(sizeof(double) * (size_t)(n + 1)), *y = malloc(sizeof(double) * (size_t)(n + 1));
  st_to_f64(a, x, n);
  st_to_f64(b, y, n);
  bool same = true;
  for (int64_t i = 0; same && i < n; i++) same = x[i] == y[i] || (isnan(x[i]) && isnan(y[i]));
  free(x);
  free(y);
  return same;
}

/* The inputs of one run: fresh copies (an in-place op writes input 0; recording makes float
   inputs leaves that require grad; vmap stacks two lanes), made outside the armed region. */
static void inputs_for(oom_case *k, st_tensor **in) {
  for (int i = 0; i < k->s->nin; i++) {
    st_tensor *x = k->s->in[i];
    if (k->mode == MODE_VMAP) {
      in[i] = st_stack(2, (st_tensor *const[]){x, x}, 0);
    } else {
      in[i] = st_clone(x);
      if (k->mode == MODE_RECORD && is_float(x) && !(i == 0 && (k->op->flags & ST_OP_INPLACE)))
        st_set_requires_grad(in[i], true);
    }
    st_keep(in[i]);
  }
}

static bool sweep_full;

/* Sweeps one case; returns false (after reporting) at the first broken promise. */
static bool sweep(oom_case *k) {
  int nin = k->s->nin, nout;
  st_tensor *in[ST_SAMPLE_MAX_IN], *ref[2 * ST_MAX_OUTS], *got[2 * ST_MAX_OUTS];
  st_scope_push();
  inputs_for(k, in);
  st_scope_pop();
  int rc = call(k, in, ref, &nout);
  for (int i = 0; i < nin; i++) st_release(in[i]);
  if (rc) { /* a cell the op does not support in this mode: nothing to sweep */
    st_clear_error();
    return true;
  }
  bool ok = true, reached = true;
  for (int64_t n = 1; ok && reached; n += sweep_full || n < 6 ? 1 : 7) {
    snapshot snap[ST_SAMPLE_MAX_IN];
    int64_t live = st_live_objects(); /* before the inputs: a node on an input lives with it */
    st_scope_push();
    inputs_for(k, in);
    st_scope_pop();
    for (int i = 0; i < nin; i++) take(&snap[i], in[i]);
    st_debug_fail_alloc_after(n);
    rc = call(k, in, got, &nout);
    reached = st_debug_fail_alloc_remaining() == 0;
    st_debug_fail_alloc_after(0);
    const char *broken = NULL;
    if (rc && st__status() != ST_ERR_OOM) broken = "failed with another status than ST_ERR_OOM";
    for (int j = 0; !rc && !broken && j < nout; j++)
      if (!same_bits(got[j], ref[j])) broken = "succeeded with other values than a clean call";
    for (int i = 0; !broken && i < nin; i++)
      if (rc && !unchanged(&snap[i], in[i])) broken = "failed and changed an input";
    if (!rc)
      for (int j = 0; j < nout; j++) st_release(got[j]);
    for (int i = 0; i < nin; i++) {
      free(snap[i].values);
      st_release(in[i]);
    }
    if (!broken && st_live_objects() != live) broken = "left objects alive";
    if (broken) {
      st_test_fail(__FILE__, __LINE__, "%s, sample \"%s\", %s, allocation %lld failing: %s [%s]",
                   k->op->name, k->s->what, mode_names[k->mode], (long long)n, broken,
                   st__message());
      ok = false;
    }
    st_clear_error();
  }
  for (int j = 0; j < nout; j++) st_release(ref[j]);
  return ok;
}

/* Reports the first broken sample of each op and mode, and goes on with the others. */
TEST(every_op_fails_cleanly_whichever_allocation_fails) {
  sweep_full = true; /* about a second even under the sanitizers: every allocation, always */
  int cases = 0, broken = 0;
  for (int id = 0; id < ST_OP_COUNT; id++) {
    const st_op *op = st__ops[id];
    if (!op->samples || (op->flags & ST_OP_RANDOM)) continue;
    st_sample s[16];
    st__sample_seed((unsigned)id);
    int ns = op->samples(op, ST_F64, s, 16);
    bool inplace = op->flags & ST_OP_INPLACE;
    for (int mode = 0; mode < NMODES; mode++) {
      if (inplace && mode != MODE_PLAIN && mode != MODE_RECORD) continue;
      for (int k = 0; k < ns; k++) {
        if (s[k].expect != ST_OK) continue;
        if (mode == MODE_GRAD && (!is_float(s[k].in[0]) || (op->flags & ST_OP_NONDIFF))) continue;
        oom_case c = {op, &s[k], mode};
        cases++;
        if (!sweep(&c)) {
          broken++;
          break;
        }
      }
    }
    for (int k = 0; k < ns; k++)
      for (int i = 0; i < s[k].nin; i++) st__drop(s[k].in[i]);
  }
  printf("oom ops: %d cases swept, %d ops x modes broken\n", cases, broken);
}
