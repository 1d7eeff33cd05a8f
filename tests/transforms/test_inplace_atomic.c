/* test_inplace_atomic.c — an in-place op that fails leaves its input as it was: for every n, the
   n-th allocation of the op fails (st_debug_fail_alloc_after), in eager mode and under each
   transform and some compositions, and the op either succeeds or fails with ST_ERR_OOM having
   changed nothing: not the bytes of the tensor written (of its base, for a view), not its storage
   version, not its history at any level (grad_fn, jvp tangent), and nothing leaks (the runner
   checks st_live_objects after every test). */
#include "autograd/autograd.h"
#include "tx.h"
#include "util.h"

enum {
  OP_ADD,
  OP_SUB,
  OP_MUL,
  OP_DIV,
  OP_ADD_SCALAR,
  OP_MUL_SCALAR,
  OP_COPY,
  OP_CLAMP,
  OP_ZERO,
  OP_FILL,
  NOPS
};
static const char *const OP_NAMES[NOPS] = {"add_",        "sub_",  "mul_",   "div_",  "add_scalar_",
                                           "mul_scalar_", "copy_", "clamp_", "zero_", "fill_"};
/* what is written: a tensor made from x, a view of one, a fresh tensor the transform does not
   track (lifted into it by the write), a view of a fresh tensor */
enum { TARGET_WHOLE, TARGET_VIEW, TARGET_FRESH, TARGET_FRESH_VIEW, NTARGETS };

/* Everything a failed op must leave as it was: the bytes and version of the storage written,
   and at every level of the written tensor and of its base, the grad_fn and the tangent. */
#define ST_MAX_LEVELS_TESTED 4
typedef struct {
  double *bytes;
  int64_t n;
  uint64_t version;
  const void *history[2][2 * ST_MAX_LEVELS_TESTED];
} snapshot;

static const st_tensor *plain_of(const st_tensor *t) {
  while (t->level) t = t->value;
  return t;
}

static void record_history(const void **h, const st_tensor *t) {
  for (int k = 0; k < ST_MAX_LEVELS_TESTED; k++) {
    h[2 * k] = t && t->ag ? (const void *)t->ag->grad_fn : NULL;
    h[2 * k + 1] = t ? (const void *)t->tangent : NULL;
    t = t && t->level ? t->value : NULL;
  }
}

static void take(snapshot *s, const st_tensor *base, const st_tensor *t) {
  const st_tensor *p = plain_of(base);
  s->n = st_numel(p);
  s->bytes = malloc(sizeof(double) * (size_t)(s->n ? s->n : 1));
  st_to_f64(p, s->bytes, s->n);
  s->version = atomic_load(&p->storage->version);
  memset(s->history, 0, sizeof s->history);
  record_history(s->history[0], base);
  record_history(s->history[1], t);
}

/* What differs from the snapshot ("" when nothing). */
static const char *differs(snapshot *s, const st_tensor *base, const st_tensor *t) {
  snapshot now;
  take(&now, base, t);
  const char *why = "";
  if (now.version != s->version)
    why = "the storage version changed";
  else if (memcmp(now.bytes, s->bytes, sizeof(double) * (size_t)s->n))
    why = "the values changed";
  else if (memcmp(now.history, s->history, sizeof s->history))
    why = "the history changed";
  free(now.bytes);
  return why;
}

typedef struct {
  int op, target;
  int64_t n;      /* the allocation that fails */
  int rc;         /* the op's status */
  char what[160]; /* what changed when it failed ("" when nothing) */
} injection;

static int apply_op(int op, st_tensor *t, st_tensor *other) {
  switch (op) {
  case OP_ADD: return st_add_(t, other);
  case OP_SUB: return st_sub_(t, other);
  case OP_MUL: return st_mul_(t, other);
  case OP_DIV: return st_div_(t, st_add_scalar(st_mul(other, other), 1));
  case OP_ADD_SCALAR: return st_add_scalar_(t, 0.5);
  case OP_MUL_SCALAR: return st_mul_scalar_(t, 3);
  case OP_COPY: return st_copy_(t, other);
  case OP_CLAMP: return st_clamp_(t, -0.5, 0.5);
  case OP_ZERO: return st_zero_(t);
  default: return st_fill_(t, 2);
  }
}

/* f(x): writes into a target made from x (or fresh) with a value of x, the n-th allocation of the
   op failing; returns sum(base * base). */
static int f_inject(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  injection *j = ctx;
  st_tensor *x = in[0], *other = st_sin(x), *base, *t;
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(x, shape);
  if (j->target == TARGET_WHOLE || j->target == TARGET_VIEW)
    base = st_mul_scalar(x, 1);
  else
    base = st_zeros(ST_F64, nd, shape);
  t = base;
  if (j->target == TARGET_VIEW || j->target == TARGET_FRESH_VIEW) {
    t = st_slice(base, nd - 1, 1, shape[nd - 1], 1);
    other = st_slice(other, nd - 1, 1, shape[nd - 1], 1);
  }
  if (!t || !other) return st_last_status();
  snapshot s;
  take(&s, base, t);
  st_debug_fail_alloc_after(j->n);
  j->rc = apply_op(j->op, t, other);
  st_debug_fail_alloc_after(0);
  j->what[0] = 0;
  if (j->rc) snprintf(j->what, sizeof j->what, "%s", differs(&s, base, t));
  free(s.bytes);
  st_clear_error();
  out[0] = st_sum_all(st_mul(base, base));
  return out[0] ? 0 : st_last_status();
}

enum {
  CTX_EAGER,
  CTX_GRAD,
  CTX_JVP,
  CTX_VMAP,
  CTX_JACREV,
  CTX_JACFWD,
  CTX_VMAP_GRAD,
  CTX_GRAD_JVP,
  NCTX
};
static const char *const CTX_NAMES[NCTX] = {"eager",  "grad",   "jvp",        "vmap",
                                            "jacrev", "jacfwd", "vmap(grad)", "grad(jvp)"};

/* the tangent of f along ones: a function for grad(jvp) */
static int f_jvp(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *f = st_func_new(f_inject, ctx, 1, 1);
  st_tensor *o = NULL, *t = st_ones_like(in[0]);
  int rc = st_jvp(f, in, &t, &o, out);
  st_func_release(f);
  return rc;
}

static int run_context(int ctx, injection *j) {
  st_scope_push();
  double xv[6] = {0.3, -0.7, 1.2, 0.9, -0.2, 0.45};
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), xv), *out[2] = {0}, *t = NULL;
  st_func *f = st_func_new(f_inject, j, 1, 1), *g = NULL, *h = NULL;
  int rc = 0;
  switch (ctx) {
  case CTX_EAGER:
    st_set_requires_grad(x, true);
    rc = st_call(f, &x, out);
    if (!rc && st_requires_grad(out[0])) rc = st_backward(out[0], NULL, false, false);
    break;
  case CTX_GRAD: rc = st_call(g = st_grad(f, 0, NULL), &x, out); break;
  case CTX_JVP:
    t = st_ones_like(x);
    rc = st_jvp(f, &x, &t, out, out + 1);
    break;
  case CTX_VMAP:
    rc = st_call(g = st_vmap(f, NULL, NULL), (st_tensor *[]){st_stack(2, (st_tensor *[]){x, x}, 0)},
                 out);
    break;
  case CTX_JACREV: rc = st_call(g = st_jacrev(f, 0), &x, out); break;
  case CTX_JACFWD: rc = st_call(g = st_jacfwd(f, 0), &x, out); break;
  case CTX_VMAP_GRAD:
    h = st_grad(f, 0, NULL);
    rc = st_call(g = st_vmap(h, NULL, NULL), (st_tensor *[]){st_stack(2, (st_tensor *[]){x, x}, 0)},
                 out);
    break;
  default: h = st_func_new(f_jvp, j, 1, 1); rc = st_call(g = st_grad(h, 0, NULL), &x, out);
  }
  st_func_release(g);
  st_func_release(h);
  st_func_release(f);
  st_scope_pop();
  return rc;
}

/* A fresh tensor the transform does not track cannot take a batched value under vmap (refused,
   as torch.func does); eager mode has no transform to lift it into. */
static bool applies(int ctx, int target) {
  bool fresh = target == TARGET_FRESH || target == TARGET_FRESH_VIEW;
  return !(fresh && (ctx == CTX_VMAP || ctx == CTX_VMAP_GRAD));
}

/* Every n until the op succeeds; returns how many failed. */
static int inject_all(int ctx, int op, int target) {
  injection j = {.op = op, .target = target};
  int failures = 0;
  for (j.n = 1; j.n <= 2000; j.n++) {
    st_clear_error();
    j.rc = -1;
    int rc = run_context(ctx, &j);
    if (rc) {
      st_test_fail(__FILE__, __LINE__, "%s %s target %d n=%lld: the transform failed: %s",
                   CTX_NAMES[ctx], OP_NAMES[op], target, (long long)j.n, st_last_error());
      return failures;
    }
    if (!j.rc) return failures;
    failures++;
    if (j.rc != ST_ERR_OOM || j.what[0])
      st_test_fail(__FILE__, __LINE__, "%s %s target %d: allocation %lld failed: status %d, %s",
                   CTX_NAMES[ctx], OP_NAMES[op], target, (long long)j.n, j.rc,
                   j.what[0] ? j.what : "nothing changed");
  }
  st_test_fail(__FILE__, __LINE__, "%s %s: still failing after 2000 allocations", CTX_NAMES[ctx],
               OP_NAMES[op]);
  return failures;
}

static void check_context(int ctx) {
  int total = 0;
  for (int op = 0; op < NOPS; op++)
    for (int target = 0; target < NTARGETS; target++)
      if (applies(ctx, target)) total += inject_all(ctx, op, target);
  CHECK(total > 0); /* the ops did allocate, and each failure was clean */
  if (getenv("INPLACE_ATOMIC_VERBOSE"))
    printf("%s: %d failed allocations\n", CTX_NAMES[ctx], total);
  st_clear_error();
}

TEST(inplace_op_failing_eagerly_leaves_self_base_and_history_unchanged) {
  check_context(CTX_EAGER);
}
TEST(inplace_op_failing_under_grad_leaves_everything_unchanged) { check_context(CTX_GRAD); }
TEST(inplace_op_failing_under_jvp_leaves_value_and_tangents_unchanged) { check_context(CTX_JVP); }
TEST(inplace_op_failing_under_vmap_leaves_every_lane_unchanged) { check_context(CTX_VMAP); }
TEST(inplace_op_failing_under_jacrev_leaves_everything_unchanged) { check_context(CTX_JACREV); }
TEST(inplace_op_failing_under_jacfwd_leaves_everything_unchanged) { check_context(CTX_JACFWD); }
TEST(inplace_op_failing_under_vmap_of_grad_leaves_everything_unchanged) {
  check_context(CTX_VMAP_GRAD);
}
TEST(inplace_op_failing_under_grad_of_jvp_leaves_everything_unchanged) {
  check_context(CTX_GRAD_JVP);
}
