/* test_op_matrix.c — the generated test matrix (issue 6, seed 000's OpInfo tests): every op that
   carries samples, every sample, every check. Cells: forward (f32 against f64), decomposition
   (forced against native), grad (against central differences), vjp_vjp (gradgradcheck), jvp
   (against differences), transpose (<u, J v> = <J^T u, v>), vmap (against a loop for every
   in_dims from {0, -1, unbatched}, and nested), vmap_vjp, vjp_vmap, jvp_vjp, errors (the error
   inputs fail with their status and change nothing). Known failures come from the op record,
   with their reason; the summary counts every cell. */
#include "ops/op.h"
#include "transforms/tx.h"
#include "util.h"

enum {
  FORWARD,
  DECOMP,
  GRAD,
  GRADGRAD,
  JVP,
  TRANSPOSE,
  VMAP,
  VMAP_VJP,
  VJP_VMAP,
  JVP_VJP,
  ERRORS,
  NCELLS
};
static const char *const cell_names[NCELLS] = {"forward",  "decomposition", "grad",  "vjp_vjp",
                                               "jvp",      "transpose",     "vmap",  "vmap_vjp",
                                               "vjp_vmap", "jvp_vjp",       "errors"};
typedef enum { NA, VERIFIED, KNOWN, FAILED } verdict;
static verdict table[ST_OP_COUNT][NCELLS];
static int nsamples_total;

/* ------------------------------------------------------------------------- calling an op */

typedef struct {
  const st_op *op;
  st_attrs a;
} call_ctx;

/* The op as a function value; an in-place op works on a clone of input 0 (so that the inputs
   stay as they were and gradients flow to input 0). */
static int op_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  const call_ctx *k = ctx;
  st_tensor *args[ST_SAMPLE_MAX_IN];
  for (int i = 0; i < nin; i++) args[i] = in[i];
  if ((k->op->flags & ST_OP_INPLACE) && !(args[0] = st_clone(in[0]))) return -1;
  st_opcall c = {.op = k->op, .nin = nin, .in = args, .a = k->a};
  st_tensor *o[ST_MAX_OUTS];
  if (st__dispatch(&c, o)) return -1;
  for (int j = 0; j < nout; j++) out[j] = st__track(o[j]);
  return 0;
}

/* The vjp of the op as a function of (inputs..., cotangents...): the input cotangents of the
   floating inputs. */
typedef struct {
  call_ctx k;
  int nin, nout;
} vjp_ctx;
static int vjp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  vjp_ctx *v = ctx;
  st_func *f = st_func_new(op_fn, &v->k, v->nin, v->nout), *pb = NULL;
  st_tensor *o[ST_MAX_OUTS] = {0}, *g[ST_SAMPLE_MAX_IN] = {0};
  int rc = st_vjp(f, in, o, &pb);
  if (!rc) rc = st_call(pb, in + v->nin, g);
  for (int i = 0; !rc && i < v->nin; i++) out[i] = g[i];
  st_func_release(pb);
  st_func_release(f);
  return rc;
}

/* vmap(op) over every input at dim 0, as a function: for vjp_vmap (its transposition) */
static int vmapped_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_func *f = st_func_new(op_fn, ctx, nin, nout), *v = st_vmap(f, NULL, NULL);
  int rc = st_call(v, in, out);
  st_func_release(v);
  st_func_release(f);
  return rc;
}

/* ------------------------------------------------------------------------------- helpers */

static bool is_float(const st_tensor *t) {
  return st_dtype_of(t) == ST_F32 || st_dtype_of(t) == ST_F64;
}

static const char *known_reason(const st_op *op, int cell, char *buf, size_t size) {
  const char *k = op->known_failures;
  size_t n = strlen(cell_names[cell]);
  while (k && *k) {
    while (*k == ' ' || *k == ';') k++;
    const char *end = strchr(k, ';');
    size_t len = end ? (size_t)(end - k) : strlen(k);
    if (!strncmp(k, cell_names[cell], n) && k[n] == ':') {
      snprintf(buf, size, "%.*s", (int)len, k);
      return buf;
    }
    k += len;
  }
  return NULL;
}

static void mark(const st_op *op, int cell, bool ok) {
  verdict *v = &table[op->id][cell];
  if (!ok)
    *v = FAILED;
  else if (*v == NA)
    *v = VERIFIED;
}

/* Runs one cell unless the record lists it as a known failure. */
#define CELL(op, cell, expr)                                                                       \
  do {                                                                                             \
    char why_[160];                                                                                \
    if (known_reason(op, cell, why_, sizeof why_)) {                                               \
      table[(op)->id][cell] = KNOWN;                                                               \
    } else if (table[(op)->id][cell] != FAILED) {                                                  \
      int fails_ = st_test_failures();                                                             \
      bool ok_ = (expr);                                                                           \
      if (!ok_ && st_test_failures() == fails_)                                                    \
        st_test_fail(__FILE__, __LINE__, "%s / %s / sample \"%s\" failed", (op)->name,             \
                     cell_names[cell], what);                                                      \
      mark(op, cell, ok_ &&st_test_failures() == fails_);                                          \
    }                                                                                              \
  } while (0)

static bool same_values(st_tensor *got, st_tensor *want, double tol) {
  if (!got || !want || st_numel(got) != st_numel(want) || st_ndim(got) != st_ndim(want))
    return false;
  int64_t n = st_numel(want);
  double *w = malloc(sizeof(double) * (size_t)(n + 1)),
         *g = malloc(sizeof(double) * (size_t)(n + 1));
  st_to_f64(want, w, n);
  st_to_f64(got, g, n);
  bool ok = true;
  for (int64_t i = 0; ok && i < n; i++)
    ok =
        (isnan(w[i]) && isnan(g[i])) || w[i] == g[i] || fabs(g[i] - w[i]) <= tol * (1 + fabs(w[i]));
  free(w);
  free(g);
  return ok;
}

static bool forward_agrees(const st_op *op, call_ctx *k, st_sample *s64, st_sample *s32) {
  st_tensor *a[ST_MAX_OUTS] = {0}, *b[ST_MAX_OUTS] = {0};
  if (op_fn(k, s64->nin, s64->in, op->nout, a) || op_fn(k, s32->nin, s32->in, op->nout, b))
    return false;
  bool ok = true;
  for (int j = 0; j < op->nout; j++) ok = ok && same_values(b[j], a[j], is_float(b[j]) ? 1e-4 : 0);
  return ok;
}

static bool decomposition_agrees(const st_op *op, call_ctx *k, st_sample *s) {
  st_tensor *a[ST_MAX_OUTS] = {0}, *b[ST_MAX_OUTS] = {0};
  bool prev = st_set_force_decompositions(true);
  int rc = op_fn(k, s->nin, s->in, op->nout, b);
  st_set_force_decompositions(prev);
  return !rc && !op_fn(k, s->nin, s->in, op->nout, a) && same_values(b[0], a[0], 1e-12);
}

/* The inputs, with the floating ones as leaves requiring grad (for gradcheck). */
static void as_leaves(st_sample *s, st_tensor **x) {
  for (int i = 0; i < s->nin; i++) {
    x[i] = st_detach(s->in[i]);
    if (is_float(x[i])) st_set_requires_grad(x[i], true);
  }
}

/* The op's outputs as cotangent samples (for the vjp-based cells). */
static int cotangents(const st_op *op, call_ctx *k, st_sample *s, st_tensor **cots) {
  st_tensor *o[ST_MAX_OUTS] = {0};
  if (op_fn(k, s->nin, s->in, op->nout, o)) return -1;
  for (int j = 0; j < op->nout; j++) {
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(o[j], shape);
    cots[j] =
        is_float(o[j])
            ? st_cos(st_add_scalar(
                  st_reshape(st_arange(ST_F64, 0, (double)st_numel(o[j]), 1), nd, shape), 0.5))
            : st_zeros(ST_F64, nd, shape);
  }
  return 0;
}

static bool differentiable(const st_op *op, st_sample *s) {
  if (op->flags & (ST_OP_NONDIFF | ST_OP_RANDOM)) return false;
  for (int i = 0; i < s->nin; i++)
    if (is_float(s->in[i])) return true;
  return false;
}

static bool error_fails_cleanly(const st_op *op, st_sample *s) {
  double before[ST_SAMPLE_MAX_IN][64];
  for (int i = 0; i < s->nin; i++)
    if (st_numel(s->in[i]) <= 64) st_to_f64(s->in[i], before[i], st_numel(s->in[i]));
  st_opcall c = {.op = op, .nin = s->nin, .in = s->in, .a = s->a};
  st_tensor *o[ST_MAX_OUTS];
  st_clear_error();
  bool ok =
      st__dispatch(&c, o) == (int)s->expect && st_last_status() == s->expect && st_last_error()[0];
  for (int i = 0; ok && i < s->nin; i++) /* a failed call changes none of its inputs */
    if (st_numel(s->in[i]) <= 64)
      ok = same_values(st_reshape(s->in[i], 1, (const int64_t[]){-1}),
                       tu_tensor(ST_F64, 1, (const int64_t[]){st_numel(s->in[i])}, before[i]), 0);
  st_clear_error();
  return ok;
}

/* ---------------------------------------------------------------------------- the matrix */

static void run_op(const st_op *op) {
  st_sample s64[16], s32[16];
  st__sample_seed((unsigned)op->id);
  int n64 = op->samples(op, ST_F64, s64, 16);
  st__sample_seed((unsigned)op->id);
  int n32 = op->samples(op, ST_F32, s32, 16);
  for (int k = 0; k < n64; k++) {
    const char *what = s64[k].what;
    st_sample *s = &s64[k];
    call_ctx ctx = {op, s->a};
    nsamples_total++;
    st_scope_push();
    if (s->expect != ST_OK) {
      CELL(op, ERRORS, error_fails_cleanly(op, s));
    } else {
      if (k < n32 && s32[k].expect == ST_OK)
        CELL(op, FORWARD, forward_agrees(op, &ctx, s, &s32[k]));
      if (st__decomps[op->id] && !(op->flags & ST_OP_INPLACE))
        CELL(op, DECOMP, decomposition_agrees(op, &ctx, s));
      /* an in-place op's input 0 is batched whenever another input is (vmap refuses the rest) */
      bool (*vmap_check)(const char *, int, st_fn, void *, int, st_tensor *const *, int, int64_t, double) =
          op->flags & ST_OP_INPLACE ? tx_vmap_all_inplace : tx_vmap_all;
      if (!(op->flags & ST_OP_RANDOM))
        CELL(op, VMAP, vmap_check(__FILE__, __LINE__, op_fn, &ctx, s->nin, s->in, op->nout, 3, 1e-12));
      if (differentiable(op, s)) {
        st_tensor *x[ST_SAMPLE_MAX_IN], *cots[ST_MAX_OUTS] = {0};
        as_leaves(s, x);
        CELL(op, GRAD, st_gradcheck(op_fn, &ctx, s->nin, x, op->nout, 1e-6, 1e-7, 1e-5) == 0);
        CELL(op, GRADGRAD,
             st_gradgradcheck(op_fn, &ctx, s->nin, x, op->nout, 1e-6, 1e-6, 1e-4) == 0);
        CELL(op, JVP,
             tx_jvp_fd(__FILE__, __LINE__, op_fn, &ctx, s->nin, s->in, op->nout, 1e-6, 1e-6));
        CELL(op, TRANSPOSE,
             tx_transpose(__FILE__, __LINE__, op_fn, &ctx, s->nin, s->in, op->nout, 1e-10));
        if (!cotangents(op, &ctx, s, cots)) {
          vjp_ctx v = {ctx, s->nin, op->nout};
          st_tensor *args[ST_SAMPLE_MAX_IN + ST_MAX_OUTS];
          for (int i = 0; i < s->nin; i++) args[i] = s->in[i];
          for (int j = 0; j < op->nout; j++) args[s->nin + j] = cots[j];
          int na = s->nin + op->nout;
          CELL(op, VMAP_VJP,
               vmap_check(__FILE__, __LINE__, vjp_fn, &v, na, args, s->nin, 2, 1e-12));
          CELL(op, JVP_VJP,
               tx_jvp_fd(__FILE__, __LINE__, vjp_fn, &v, na, args, s->nin, 1e-6, 1e-6));
        }
        st_tensor *batched[ST_SAMPLE_MAX_IN];
        for (int i = 0; i < s->nin; i++) {
          st_tensor *lanes[2] = {s->in[i],
                                 is_float(s->in[i]) ? st_mul_scalar(s->in[i], 0.75) : s->in[i]};
          batched[i] = st_stack(2, lanes, 0);
        }
        CELL(op, VJP_VMAP,
             tx_transpose(__FILE__, __LINE__, vmapped_fn, &ctx, s->nin, batched, op->nout, 1e-10));
      }
    }
    st_scope_pop();
  }
  for (int k = 0; k < n64; k++)
    for (int i = 0; i < s64[k].nin; i++) st__drop(s64[k].in[i]);
  for (int k = 0; k < n32; k++)
    for (int i = 0; i < s32[k].nin; i++) st__drop(s32[k].in[i]);
}

/* The summary: printed, and written as markdown to $STRATA_MATRIX_SUMMARY when it is set (make
   coverage puts it into docs/COVERAGE.md). */
static void summary(FILE *f, bool md, int ops, int *counts) {
  fprintf(f,
          "%s%d ops with samples (of %d), %d samples; cells: %d verified, %d known failures, %d "
          "failed\n",
          md ? "" : "matrix: ", ops, ST_OP_COUNT, nsamples_total, counts[VERIFIED], counts[KNOWN],
          counts[FAILED]);
  if (md) {
    fprintf(f, "\n| op |");
    for (int c = 0; c < NCELLS; c++) fprintf(f, " %s |", cell_names[c]);
    fprintf(f, "\n|---|");
    for (int c = 0; c < NCELLS; c++) fprintf(f, "---|");
    fprintf(f, "\n");
  }
  static const char *const marks[4] = {"", "ok", "known", "FAILED"};
  for (int i = 0; i < ST_OP_COUNT; i++) {
    if (!st__ops[i]->samples) continue;
    if (md) {
      fprintf(f, "| %s |", st__ops[i]->name);
      for (int c = 0; c < NCELLS; c++) fprintf(f, " %s |", marks[table[i][c]]);
      fprintf(f, "\n");
    }
  }
  if (md) fprintf(f, "\n");
  for (int i = 0; i < ST_OP_COUNT; i++)
    for (int c = 0; c < NCELLS; c++) {
      char why[160];
      if (table[i][c] == KNOWN)
        fprintf(f, "%sknown failure: %s %s\n", md ? "- " : "  ", st__ops[i]->name,
                known_reason(st__ops[i], c, why, sizeof why));
    }
}

TEST(matrix_ops_under_every_transform) {
  int ops = 0, counts[4] = {0};
  for (int i = 0; i < ST_OP_COUNT; i++) {
    if (!st__ops[i]->samples) continue;
    ops++;
    run_op(st__ops[i]);
  }
  for (int i = 0; i < ST_OP_COUNT; i++)
    if (st__ops[i]->samples)
      for (int c = 0; c < NCELLS; c++) counts[table[i][c]] += table[i][c] != NA;
  summary(stdout, false, ops, counts);
  const char *path = getenv("STRATA_MATRIX_SUMMARY");
  FILE *f = path ? fopen(path, "w") : NULL;
  if (f) {
    summary(f, true, ops, counts);
    fclose(f);
  }
}
