/* test_op_matrix.c — the generated test matrix (issue 6, seed 000's OpInfo tests): every op that
   carries samples, every sample, every check. Cells: forward (f32 against f64), decomposition
   (forced against native), grad (against central differences), vjp_vjp (gradgradcheck), jvp
   (against differences), transpose (<u, J v> = <J^T u, v>), vmap (against a loop for every
   in_dims from {0, -1, unbatched}, and nested), vmap_vjp, vjp_vmap, jvp_vjp, errors (the error
   inputs fail with their status and change nothing), compile (st_compile of the op: the capture
   and the compiled graph equal eager, without an eager fallback) and compile_vjp (the same for
   the op's vjp: forward and backward captured as one graph). Known failures come from the op
   record, with their reason; the summary counts every cell. */
#include "kernels/linalg_dense.h"
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
  COMPILE,
  COMPILE_VJP,
  VJP_COMPILE,
  NCELLS
};
static const char *const cell_names[NCELLS] = {
    "forward",  "decomposition", "grad",    "vjp_vjp", "jvp",     "transpose",  "vmap",
    "vmap_vjp", "vjp_vmap",      "jvp_vjp", "errors",  "compile", "compile_vjp", "vjp_compile"};
typedef enum { NA, VERIFIED, KNOWN, FAILED } verdict;
/* Rows: the op table, then the custom-function database (below), as records of their own. */
enum { NCUSTOM = 6, NFUNCTIONS = 4, NROWS = ST_OP_COUNT + NCUSTOM + NFUNCTIONS };
static verdict table[NROWS][NCELLS];
static const st_custom_fn *custom_of(const st_op *op);
typedef int (*function_call)(int nin, st_tensor *const *in, st_tensor **out);
static function_call function_of(const st_op *op);
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
  /* an op of a symmetric input sees (x + x^T) / 2, so differences perturb symmetric matrices */
  if ((k->op->flags & ST_OP_SYMMETRIC) &&
      !(args[0] = st_mul_scalar(st_add(in[0], st_transpose(in[0], -2, -1)), 0.5)))
    return -1;
  if (custom_of(k->op)) return st_custom_apply(custom_of(k->op), args, out);
  if (function_of(k->op)) return function_of(k->op)(nin, args, out);
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
  return got && want && st_ndim(got) == st_ndim(want) && tu_values_close(got, want, tol);
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

/* st_compile(fn) with each backend: its first call (the capture, run eagerly) and its second
   (the graph) equal fn's values, and neither fell back to eager. Random ops draw from the same
   seed each time. The built-in executor runs the kernels eager runs, so its values are eager's
   exactly; the C backend's generated loops vectorize at other elements than eager's, where the
   vector math library may round differently (a few ulp). */
static bool compile_agrees_with(const char *backend, double tol, st_fn fn, void *ctx, int nin,
                                st_tensor *const *in, int nout) {
  st_func *f = st_func_new(fn, ctx, nin, nout),
          *c = st_compile(f, &(st_compile_opts){.backend = backend});
  st_tensor *e[ST_SAMPLE_MAX_IN + ST_MAX_OUTS] = {0}, *r[ST_SAMPLE_MAX_IN + ST_MAX_OUTS] = {0};
  bool ok = c != NULL;
  for (int call = 0; ok && call < 2; call++) {
    st_manual_seed(11);
    ok = st_call(f, in, e) == 0;
    st_manual_seed(11);
    ok = ok && st_call(c, in, r) == 0;
    for (int j = 0; ok && j < nout; j++)
      ok = (!e[j] && !r[j]) ||
           (st_dtype_of(r[j]) == st_dtype_of(e[j]) && same_values(r[j], e[j], tol));
  }
  st_compile_stats st = {0};
  ok = ok && st_compile_get_stats(c, &st) == 0 && st.fallbacks == 0 && st.compiles == 1 &&
       st.cache_hits == 1;
  st_func_release(c);
  st_func_release(f);
  return ok;
}

static bool compile_agrees(st_fn fn, void *ctx, int nin, st_tensor *const *in, int nout) {
  return compile_agrees_with("interp", 0, fn, ctx, nin, in, nout) &&
         compile_agrees_with("c", 1e-13, fn, ctx, nin, in, nout);
}

/* st_vjp of st_compile(op): the compiled function under the vjp's grad level is one node whose
   forward is its graph and whose backward is compiled too. Its first call (captured while the
   level records the op eagerly) and its second (the graph and the compiled backward) equal
   st_vjp of the op, with no eager fallback. */
static bool vjp_of_compiled_agrees(call_ctx *k, int nin, st_tensor *const *in, int nout,
                                   st_tensor *const *cots) {
  st_func *f = st_func_new(op_fn, k, nin, nout), *c = st_compile(f, NULL);
  bool ok = c != NULL;
  for (int call = 0; ok && call < 2; call++) {
    st_tensor *ye[ST_MAX_OUTS] = {0}, *yc[ST_MAX_OUTS] = {0};
    st_tensor *ge[ST_SAMPLE_MAX_IN] = {0}, *gc[ST_SAMPLE_MAX_IN] = {0};
    st_func *pe = NULL, *pc = NULL;
    st_manual_seed(11);
    ok = st_vjp(f, in, ye, &pe) == 0 && st_call(pe, cots, ge) == 0;
    st_manual_seed(11);
    ok = ok && st_vjp(c, in, yc, &pc) == 0 && st_call(pc, cots, gc) == 0;
    for (int j = 0; ok && j < nout; j++) ok = same_values(yc[j], ye[j], 1e-12);
    for (int i = 0; ok && i < nin; i++)
      ok = (!ge[i] && !gc[i]) || (ge[i] && gc[i] && same_values(gc[i], ge[i], 1e-12));
    st_func_release(pe);
    st_func_release(pc);
  }
  st_compile_stats st = {0};
  ok = ok && st_compile_get_stats(c, &st) == 0 && st.fallbacks == 0 && st.compiles == 1;
  st_func_release(c);
  st_func_release(f);
  return ok;
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
  st_tensor *o[ST_MAX_OUTS] = {0};
  st_clear_error();
  int rc = custom_of(op)     ? st_custom_apply(custom_of(op), s->in, o)
           : function_of(op) ? function_of(op)(s->nin, s->in, o)
                             : st__dispatch(&c, o);
  if (function_of(op)) rc = rc < 0 ? rc : 0;
  bool ok = rc == (int)s->expect && st_last_status() == s->expect && st_last_error()[0];
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
      if (st__decomp_of(op) && !(op->flags & ST_OP_INPLACE))
        CELL(op, DECOMP, decomposition_agrees(op, &ctx, s));
      /* an in-place op's input 0 is batched whenever another input is (vmap refuses the rest) */
      bool (*vmap_check)(const char *, int, st_fn, void *, int, st_tensor *const *, int, int64_t, double) =
          op->flags & ST_OP_INPLACE ? tx_vmap_all_inplace : tx_vmap_all;
      CELL(op, COMPILE, compile_agrees(op_fn, &ctx, s->nin, s->in, op->nout));
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
          CELL(op, COMPILE_VJP, compile_agrees(vjp_fn, &v, na, args, s->nin));
          CELL(op, VJP_COMPILE, vjp_of_compiled_agrees(&ctx, s->nin, s->in, op->nout, cots));
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

/* ------------------------------------------------------------------- the dtype rows */

/* Every op's valid samples again with their floating inputs in a storage-only dtype (issue 16):
   f16 and bf16, and the integer dtypes where the op takes integers. The reference is the same
   call on the same values in the wide dtype (f32, i64), which is how PyTorch's CPU kernels
   compute half types: forward (the result in the narrow dtype, within a few of its ulp of the
   wide result), grad (each floating input's gradient has the input's dtype and the wide
   gradient's values), jvp (the tangent has the output's dtype and the wide tangent's values),
   vmap (against a loop over the lanes in the narrow dtype) and compile (both backends equal
   eager). Integer rows have no derivative cells. */
enum { DT_FORWARD, DT_GRAD, DT_JVP, DT_VMAP, DT_COMPILE, NDTCELLS };
static const char *const dt_cell_names[NDTCELLS] = {"forward", "grad", "jvp", "vmap", "compile"};
static const st_dtype NARROW[] = {ST_F16, ST_BF16, ST_I32, ST_I16, ST_I8, ST_U8};
enum { NNARROW = sizeof NARROW / sizeof NARROW[0] };
static verdict dtable[ST_OP_COUNT][NNARROW][NDTCELLS];

static bool narrow_float(st_dtype dt) { return dt == ST_F16 || dt == ST_BF16; }

/* A relative tolerance of a few ulp of dt after a short chain of roundings (1 + |want| scaled,
   as tu_values_close measures). */
static double dt_tol(st_dtype dt) {
  return dt == ST_F16 ? 0x1p-10 * 16 : dt == ST_BF16 ? 0x1p-7 * 16 : 0;
}
/* vmap against a loop: the same kernels on other layouts, where vectorized and scalar math may
   round a result apart (an integer op's floating result is f32) */
static double dt_vmap_tol(st_dtype dt) { return narrow_float(dt) ? dt_tol(dt) / 4 : 1e-6; }

/* The sample's inputs in dtype dt (floating ones; integers from rounded floats, non-negative for
   u8), and the same values in the wide dtype: *narrow and *wide get tracked references. Returns
   false when no input changed dtype (the row does not apply to the sample). */
static bool narrow_inputs(st_sample *s, st_dtype dt, st_tensor **narrow, st_tensor **wide) {
  bool any = false;
  for (int i = 0; i < s->nin; i++) {
    st_tensor *x = s->in[i];
    if (!is_float(x)) {
      narrow[i] = wide[i] = x;
      continue;
    }
    if (!narrow_float(dt)) x = st_round(st_mul_scalar(dt == ST_U8 ? st_abs(x) : x, 4));
    narrow[i] = st_to_dtype(x, dt);
    wide[i] = st_to_dtype(narrow[i], narrow_float(dt) ? ST_F32 : ST_I64);
    any = true;
  }
  return any;
}

/* Whether the narrow call's result j is what the wide call gives: the same values and, for a
   floating result, the narrow floating dtype (a wide result of another kind, such as argmax's
   i64 or a comparison's bool, keeps its dtype). */
static bool narrow_result_agrees(st_dtype dt, st_tensor *got, st_tensor *want) {
  if (!got || !want) return false;
  st_dtype wd = st_dtype_of(want), gd = st_dtype_of(got);
  bool dtype_ok =
      narrow_float(dt) && wd == ST_F32 ? gd == dt : gd == wd || (gd == dt && wd == ST_I64);
  /* integers wrap as the conversion of the wide result does (neg of u8 is 256 - x in torch) */
  if (gd == dt && wd == ST_I64) want = st_to_dtype(want, dt);
  return dtype_ok && same_values(got, want, dt_tol(dt));
}

static void dt_mark(const st_op *op, int d, int cell, bool ok) {
  verdict *v = &dtable[op->id][d][cell];
  if (!ok)
    *v = FAILED;
  else if (*v == NA)
    *v = VERIFIED;
}

#define DT_CELL(op, d, cell, expr)                                                                 \
  do {                                                                                             \
    if (dtable[(op)->id][d][cell] != FAILED) {                                                     \
      int fails_ = st_test_failures();                                                             \
      bool ok_ = (expr);                                                                           \
      if (!ok_ && st_test_failures() == fails_)                                                    \
        st_test_fail(__FILE__, __LINE__, "%s / %s %s / sample \"%s\" failed", (op)->name,          \
                     st_dtype_name(NARROW[d]), dt_cell_names[cell], what);                         \
      dt_mark(op, d, cell, ok_ &&st_test_failures() == fails_);                                    \
    }                                                                                              \
  } while (0)

/* forward: the narrow call succeeds exactly where the wide one does, with its values */
static int dt_forward(const st_op *op, call_ctx *k, st_dtype dt, st_tensor **narrow,
                      st_tensor **wide, int nin) {
  st_tensor *a[ST_MAX_OUTS] = {0}, *b[ST_MAX_OUTS] = {0};
  int rn = op_fn(k, nin, narrow, op->nout, a), rw = op_fn(k, nin, wide, op->nout, b);
  st_clear_error();
  if (rn || rw) return rn && rw ? -1 : 0; /* -1: both refuse (the row does not apply) */
  bool ok = true;
  for (int j = 0; j < op->nout; j++) ok = ok && narrow_result_agrees(dt, a[j], b[j]);
  return ok;
}

/* The cotangents (or tangents) for a call's outputs: cos(0.5 + i) in each floating output's dtype,
   zeros for the others, from the outputs o. */
static void probes(st_tensor *const *o, int nout, st_tensor **p) {
  for (int j = 0; j < nout; j++) {
    int64_t shape[ST_MAX_DIMS];
    int nd = st_shape(o[j], shape);
    st_tensor *v = st_cos(
        st_add_scalar(st_reshape(st_arange(ST_F64, 0, (double)st_numel(o[j]), 1), nd, shape), 0.5));
    st_dtype od = st_dtype_of(o[j]);
    p[j] = st_to_dtype(v, od == ST_F32 || od == ST_F64 || narrow_float(od) ? od : ST_F64);
  }
}

/* grad: the vjp of the narrow call against the wide one's, with the same cotangent values */
static bool dt_grad(const st_op *op, call_ctx *k, st_dtype dt, st_tensor **narrow, st_tensor **wide,
                    int nin) {
  st_tensor *g[2][ST_SAMPLE_MAX_IN] = {{0}};
  st_tensor *const *ins[2] = {narrow, wide};
  for (int w = 0; w < 2; w++) {
    st_func *f = st_func_new(op_fn, k, nin, op->nout), *pb = NULL;
    st_tensor *o[ST_MAX_OUTS] = {0}, *cot[ST_MAX_OUTS] = {0};
    int rc = st_vjp(f, ins[w], o, &pb);
    if (!rc) probes(o, op->nout, cot);
    if (!rc && w == 1)
      for (int j = 0; j < op->nout; j++) /* the narrow cotangent's values */
        if (st_dtype_of(cot[j]) == ST_F32) cot[j] = st_to_dtype(st_to_dtype(cot[j], dt), ST_F32);
    if (!rc) rc = st_call(pb, cot, g[w]);
    st_func_release(pb);
    st_func_release(f);
    if (rc) return false;
  }
  bool ok = true;
  for (int i = 0; ok && i < nin; i++) {
    if (!narrow_float(st_dtype_of(narrow[i]))) continue;
    ok = g[0][i] && g[1][i] && st_dtype_of(g[0][i]) == dt &&
         same_values(g[0][i], g[1][i], dt_tol(dt));
  }
  return ok;
}

/* jvp: the narrow tangents' values through both calls */
static bool dt_jvp(const st_op *op, call_ctx *k, st_dtype dt, st_tensor **narrow, st_tensor **wide,
                   int nin) {
  st_tensor *t[2][ST_SAMPLE_MAX_IN] = {{0}}, *o[2][ST_MAX_OUTS] = {{0}},
            *to[2][ST_MAX_OUTS] = {{0}};
  for (int i = 0; i < nin; i++) {
    if (!narrow_float(st_dtype_of(narrow[i]))) continue;
    probes(&narrow[i], 1, &t[0][i]);
    t[1][i] = st_to_dtype(t[0][i], ST_F32);
  }
  st_func *f = st_func_new(op_fn, k, nin, op->nout);
  bool ok = !st_jvp(f, narrow, t[0], o[0], to[0]) && !st_jvp(f, wide, t[1], o[1], to[1]);
  st_func_release(f);
  for (int j = 0; ok && j < op->nout; j++) {
    if (!to[1][j]) continue; /* a non-differentiable output */
    ok = to[0][j] && st_dtype_of(to[0][j]) == st_dtype_of(o[0][j]) &&
         same_values(to[0][j], to[1][j], dt_tol(dt));
  }
  return ok;
}

static void run_op_dtypes(const st_op *op) {
  st_sample s32[16];
  st__sample_seed((unsigned)op->id);
  int n32 = op->samples(op, ST_F32, s32, 16);
  for (int d = 0; d < NNARROW; d++) {
    st_dtype dt = NARROW[d];
    for (int k = 0; k < n32; k++) {
      st_sample *s = &s32[k];
      const char *what = s->what;
      if (s->expect != ST_OK) continue;
      st_scope_push();
      call_ctx ctx = {op, s->a};
      st_tensor *narrow[ST_SAMPLE_MAX_IN], *wide[ST_SAMPLE_MAX_IN];
      int fw =
          narrow_inputs(s, dt, narrow, wide) ? dt_forward(op, &ctx, dt, narrow, wide, s->nin) : -1;
      if (fw >= 0) {
        DT_CELL(op, d, DT_FORWARD, fw == 1);
        bool (*vmap_check)(const char *, int, st_fn, void *, int, st_tensor *const *, int, int64_t,
                           double) = op->flags & ST_OP_INPLACE ? tx_vmap_all_inplace : tx_vmap_all;
        if (!(op->flags & ST_OP_RANDOM))
          DT_CELL(op, d, DT_VMAP,
                  vmap_check(__FILE__, __LINE__, op_fn, &ctx, s->nin, narrow, op->nout, 3,
                             dt_vmap_tol(dt)));
        DT_CELL(op, d, DT_COMPILE, compile_agrees(op_fn, &ctx, s->nin, narrow, op->nout));
        if (narrow_float(dt) && differentiable(op, s)) {
          DT_CELL(op, d, DT_GRAD, dt_grad(op, &ctx, dt, narrow, wide, s->nin));
          DT_CELL(op, d, DT_JVP, dt_jvp(op, &ctx, dt, narrow, wide, s->nin));
        }
      }
      st_scope_pop();
    }
  }
  for (int k = 0; k < n32; k++)
    for (int i = 0; i < s32[k].nin; i++) st__drop(s32[k].in[i]);
}

/* ------------------------------------------------------------- the custom-function database */

/* Custom functions with correct derivatives (so differences can check them), with and without
   jvp and vmap rules; each goes through every cell like an op. */
static int cube_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_pow_scalar(in[0], 3);
  return out[0] ? 0 : -1;
}
static int save_in(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 2, (st_tensor *const[]){in[0], in[0]});
}
static int cube_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  gi[0] = st_mul(g[0], st_mul_scalar(st_square(st_ctx_saved(ctx, 0)), 3)); /* 3 x^2 g */
  return gi[0] ? 0 : -1;
}
static int cube_jvp(st_ctx *ctx, st_tensor *const *t, st_tensor **to) {
  to[0] = st_mul(t[0], st_mul_scalar(st_square(st_ctx_saved(ctx, 1)), 3));
  return to[0] ? 0 : -1;
}
static const st_custom_fn CUBE_VMAP;
static int cube_vmap(void *user, int B, const int *in_dims, st_tensor *const *in, st_tensor **out, int *out_dims) {
  (void)user, (void)B;
  out_dims[0] = in_dims[0];
  return st_custom_apply(&CUBE_VMAP, in, out); /* the levels below keep the custom rules */
}
/* (a b, a + b) with the sum marked non-differentiable... of a sort: its gradient is still
   correct, the mark only stops it from recording */
static int pair_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[1]);
  out[1] = st_sin(st_add(in[0], in[1]));
  return out[0] && out[1] ? 0 : -1;
}
static int pair_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 2, in);
}
static int pair_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  st_tensor *a = st_ctx_saved(ctx, 0), *b = st_ctx_saved(ctx, 1), *c = st_cos(st_add(a, b));
  st_tensor *gc = g[1] ? st_mul(g[1], c) : NULL;
  if (st_ctx_needs_input_grad(ctx, 0)) gi[0] = gc ? st_add(st_mul(g[0], b), gc) : st_mul(g[0], b);
  if (st_ctx_needs_input_grad(ctx, 1)) gi[1] = gc ? st_add(st_mul(g[0], a), gc) : st_mul(g[0], a);
  return 0;
}
static int softsign_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_div(in[0], st_add_scalar(st_abs(in[0]), 1));
  return out[0] ? 0 : -1;
}
static int softsign_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) { /* g / (1 + |x|)^2 */
  gi[0] = st_div(g[0], st_square(st_add_scalar(st_abs(st_ctx_saved(ctx, 0)), 1)));
  return gi[0] ? 0 : -1;
}

static const st_custom_fn CUBE = {.name = "cube", .nin = 1, .nout = 1, .forward = cube_fwd,
                                  .setup_context = save_in, .backward = cube_bwd, .generate_vmap_rule = true};
static const st_custom_fn CUBE_JVP = {.name = "cube_jvp", .nin = 1, .nout = 1, .forward = cube_fwd,
                                      .setup_context = save_in, .backward = cube_bwd, .jvp = cube_jvp,
                                      .generate_vmap_rule = true};
static const st_custom_fn CUBE_VMAP = {.name = "cube_vmap", .nin = 1, .nout = 1, .forward = cube_fwd,
                                       .setup_context = save_in, .backward = cube_bwd, .vmap = cube_vmap};
static const st_custom_fn CUBE_LOOP = {.name = "cube_loop", .nin = 1, .nout = 1, .forward = cube_fwd,
                                       .setup_context = save_in, .backward = cube_bwd};
static const st_custom_fn PAIR = {.name = "pair", .nin = 2, .nout = 2, .forward = pair_fwd,
                                  .setup_context = pair_setup, .backward = pair_bwd, .generate_vmap_rule = true};
static const st_custom_fn SOFTSIGN = {.name = "softsign_once", .nin = 1, .nout = 1, .forward = softsign_fwd,
                                      .setup_context = save_in, .backward = softsign_bwd,
                                      .generate_vmap_rule = true, .once_differentiable = true};
static const st_custom_fn *const CUSTOM[NCUSTOM] = {&CUBE, &CUBE_JVP, &CUBE_VMAP, &CUBE_LOOP, &PAIR, &SOFTSIGN};

static int custom_samples(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2};
  int n = 0, nin = op->nin;
  st_tensor *b = nin > 1 ? st__sample(dt, 2, s23, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "contiguous", ST_OK, NULL, nin, st__sample(dt, 2, s23, -1.5, 1.5), b);
  b = nin > 1 ? st__sample_broadcast(dt, 2, s23, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "non-contiguous", ST_OK, NULL, nin, st__sample_noncontig(dt, 2, s23, -1.5, 1.5), b);
  b = nin > 1 ? st__sample(dt, 0, NULL, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "0-dim", ST_OK, NULL, nin, st__sample(dt, 0, NULL, -1.5, 1.5), b);
  b = nin > 1 ? st__sample(dt, 2, s23, -1, 1) : NULL; /* shapes that do not broadcast */
  if (nin > 1) n = st__sample_push(out, cap, n, "shape mismatch", ST_ERR_SHAPE, NULL, nin, st__sample(dt, 2, s32, -1, 1), b);
  return n;
}

/* once_differentiable refuses every second differentiation, by design */
#define ONCE_KNOWN                                                                                 \
  "vjp_vjp: once_differentiable: a second derivative is refused by design; "                       \
  "jvp_vjp: once_differentiable: the jvp of its vjp differentiates backward again"
static st_op custom_ops[NCUSTOM];

static const st_custom_fn *custom_of(const st_op *op) {
  int k = (int)op->id - ST_OP_COUNT;
  return k >= 0 && k < NCUSTOM ? CUSTOM[k] : NULL;
}

static void make_custom_records(void) {
  for (int k = 0; k < NCUSTOM; k++)
    custom_ops[k] = (st_op){.id = (st_op_id)(ST_OP_COUNT + k), .name = CUSTOM[k]->name, .nin = CUSTOM[k]->nin,
                            .nout = CUSTOM[k]->nout, .samples = custom_samples,
                            .known_failures = CUSTOM[k]->once_differentiable ? ONCE_KNOWN : NULL};
}

/* ---------------------------------------------- public functions of a variable output count */

/* st_meshgrid, st_split and st_chunk return as many tensors as their arguments ask for, which a
   record (of a fixed output count) cannot describe: each is a composition of recorded views
   (reshape and expand, slice), and a row per arity here runs it through every cell like an op. */
static int meshgrid_ij(int nin, st_tensor *const *in, st_tensor **out) {
  int n = st_meshgrid(nin, in, "ij", out);
  return n < 0 ? n : 0;
}
static int meshgrid_xy(int nin, st_tensor *const *in, st_tensor **out) {
  int n = st_meshgrid(nin, in, "xy", out);
  return n < 0 ? n : 0;
}
static int split_3(int nin, st_tensor *const *in, st_tensor **out) { /* dim -1 of 5: 2, 2, 1 */
  (void)nin;
  int n = st_split(in[0], 2, -1, 3, out);
  return n < 0 ? n : n == 3 ? 0 : st_last_status();
}
static int chunk_2(int nin, st_tensor *const *in, st_tensor **out) { /* dim 0 of 3: 2, 1 */
  (void)nin;
  int n = st_chunk(in[0], 2, 0, 2, out);
  return n < 0 ? n : n == 2 ? 0 : st_last_status();
}

static int meshgrid_samples(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  const int64_t s2[1] = {2}, s3[1] = {3}, s4[1] = {4}, s0[1] = {0}, s22[2] = {2, 2};
  bool three = op->nin == 3;
  st_tensor *c = three ? st__sample(dt, 1, s4, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "1-D", ST_OK, NULL, op->nin, st__sample(dt, 1, s3, -1, 1),
                      st__sample(dt, 1, s2, -1, 1), c);
  c = three ? st__sample(dt, 0, NULL, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "0-dim and non-contiguous", ST_OK, NULL, op->nin,
                      st__sample(dt, 0, NULL, -1, 1), st__sample_noncontig(dt, 1, s4, -1, 1), c);
  c = three ? st__sample(dt, 1, s2, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "size-0", ST_OK, NULL, op->nin, st__sample(dt, 1, s0, -1, 1),
                      st__sample(dt, 1, s3, -1, 1), c);
  c = three ? st__sample(dt, 1, s2, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "2-D input", ST_ERR_SHAPE, NULL, op->nin,
                      st__sample(dt, 2, s22, -1, 1), st__sample(dt, 1, s3, -1, 1), c);
  c = three ? st__sample(dt, 1, s2, -1, 1) : NULL;
  n = st__sample_push(out, cap, n, "dtypes differ", ST_ERR_DTYPE, NULL, op->nin,
                      st__sample(dt, 1, s3, -1, 1),
                      st__sample(dt == ST_F64 ? ST_F32 : ST_F64, 1, s3, -1, 1), c);
  return n;
}

static int pieces_samples(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  int n = 0;
  bool split = op->nout == 3;
  const int64_t s25[2] = {2, 5}, s32[2] = {3, 2}, s27[2] = {2, 7};
  const int64_t *shape = split ? s25 : s32;
  n = st__sample_push(out, cap, n, "contiguous", ST_OK, NULL, 1, st__sample(dt, 2, shape, -1, 1));
  n = st__sample_push(out, cap, n, "non-contiguous", ST_OK, NULL, 1,
                      st__sample_noncontig(dt, 2, shape, -1, 1));
  n = st__sample_push(out, cap, n, "broadcast", ST_OK, NULL, 1,
                      st__sample_broadcast(dt, 2, shape, -1, 1));
  n = st__sample_push(out, cap, n, "0-dim", ST_ERR_ARG, NULL, 1, st__sample(dt, 0, NULL, -1, 1));
  if (split) /* 4 pieces, more than the caller's room (max_out 3) */
    n = st__sample_push(out, cap, n, "too many pieces", ST_ERR_ARG, NULL, 1,
                        st__sample(dt, 2, s27, -1, 1));
  return n;
}

static const struct {
  const char *name;
  int nin, nout;
  function_call call;
  int (*samples)(const st_op *op, st_dtype dt, st_sample *out, int cap);
} FUNCTIONS[NFUNCTIONS] = {
    {"meshgrid_ij", 2, 2, meshgrid_ij, meshgrid_samples},
    {"meshgrid_xy", 3, 3, meshgrid_xy, meshgrid_samples},
    {"split", 1, 3, split_3, pieces_samples},
    {"chunk", 1, 2, chunk_2, pieces_samples},
};
static st_op function_ops[NFUNCTIONS];

static function_call function_of(const st_op *op) {
  int k = (int)op->id - ST_OP_COUNT - NCUSTOM;
  return k >= 0 && k < NFUNCTIONS ? FUNCTIONS[k].call : NULL;
}

static void make_function_records(void) {
  for (int k = 0; k < NFUNCTIONS; k++)
    function_ops[k] = (st_op){.id = (st_op_id)(ST_OP_COUNT + NCUSTOM + k),
                              .name = FUNCTIONS[k].name,
                              .nin = FUNCTIONS[k].nin,
                              .nout = FUNCTIONS[k].nout,
                              .samples = FUNCTIONS[k].samples};
}

static const char *row_kind(int i) {
  return i < ST_OP_COUNT ? "" : i < ST_OP_COUNT + NCUSTOM ? "custom: " : "function: ";
}

static const st_op *row_op(int i) {
  return i < ST_OP_COUNT             ? st__ops[i]
         : i < ST_OP_COUNT + NCUSTOM ? &custom_ops[i - ST_OP_COUNT]
                                     : &function_ops[i - ST_OP_COUNT - NCUSTOM];
}

/* The summary: printed, and written as markdown to $STRATA_MATRIX_SUMMARY when it is set (make
   coverage puts it into docs/COVERAGE.md). */
static void summary(FILE *f, bool md, int ops, int *counts) {
  fprintf(f,
          "%s%d ops with samples (of %d), %d custom functions and %d public functions of a "
          "variable output count, %d samples; cells: %d verified, %d known failures, %d failed\n",
          md ? "" : "matrix: ", ops, ST_OP_COUNT, NCUSTOM, NFUNCTIONS, nsamples_total,
          counts[VERIFIED],
          counts[KNOWN], counts[FAILED]);
  if (md) {
    fprintf(f, "\n| op |");
    for (int c = 0; c < NCELLS; c++) fprintf(f, " %s |", cell_names[c]);
    fprintf(f, "\n|---|");
    for (int c = 0; c < NCELLS; c++) fprintf(f, "---|");
    fprintf(f, "\n");
  }
  static const char *const marks[4] = {"", "ok", "known", "FAILED"};
  for (int i = 0; i < NROWS; i++) {
    if (!row_op(i)->samples) continue;
    if (md) {
      fprintf(f, "| %s%s |", row_kind(i), row_op(i)->name);
      for (int c = 0; c < NCELLS; c++) fprintf(f, " %s |", marks[table[i][c]]);
      fprintf(f, "\n");
    }
  }
  if (md) fprintf(f, "\n");
  for (int i = 0; i < NROWS; i++)
    for (int c = 0; c < NCELLS; c++) {
      char why[160];
      if (table[i][c] == KNOWN)
        fprintf(f, "%sknown failure: %s %s\n", md ? "- " : "  ", row_op(i)->name,
                known_reason(row_op(i), c, why, sizeof why));
    }
}

/* The dtype rows' summary: one line of counts, and in markdown a table of every op with a cell
   that applies, one column group per dtype. */
static void dtype_summary(FILE *f, bool md) {
  int counts[4] = {0};
  for (int i = 0; i < ST_OP_COUNT; i++)
    for (int d = 0; d < NNARROW; d++)
      for (int c = 0; c < NDTCELLS; c++) counts[dtable[i][d][c]] += dtable[i][d][c] != NA;
  fprintf(f, "%sdtype rows (%d dtypes): %d cells verified, %d failed\n",
          md ? "\n" : "matrix: ", NNARROW, counts[VERIFIED], counts[FAILED]);
  if (!md) return;
  fprintf(f, "\n| op |");
  for (int d = 0; d < NNARROW; d++)
    for (int c = 0; c < NDTCELLS; c++)
      if (narrow_float(NARROW[d]) || (c != DT_GRAD && c != DT_JVP))
        fprintf(f, " %s %s |", st_dtype_name(NARROW[d]), dt_cell_names[c]);
  fprintf(f, "\n|---|");
  for (int d = 0; d < NNARROW; d++)
    for (int c = 0; c < NDTCELLS; c++)
      if (narrow_float(NARROW[d]) || (c != DT_GRAD && c != DT_JVP)) fprintf(f, "---|");
  fprintf(f, "\n");
  static const char *const marks[4] = {"", "ok", "known", "FAILED"};
  for (int i = 0; i < ST_OP_COUNT; i++) {
    bool any = false;
    for (int d = 0; d < NNARROW; d++)
      for (int c = 0; c < NDTCELLS; c++) any = any || dtable[i][d][c] != NA;
    if (!any) continue;
    fprintf(f, "| %s |", st__ops[i]->name);
    for (int d = 0; d < NNARROW; d++)
      for (int c = 0; c < NDTCELLS; c++)
        if (narrow_float(NARROW[d]) || (c != DT_GRAD && c != DT_JVP))
          fprintf(f, " %s |", marks[dtable[i][d][c]]);
    fprintf(f, "\n");
  }
}

TEST(matrix_ops_under_every_transform) {
  int ops = 0, counts[4] = {0};
  make_custom_records();
  make_function_records();
  for (int i = 0; i < NROWS; i++) {
    if (!row_op(i)->samples) continue;
    ops += i < ST_OP_COUNT;
    run_op(row_op(i));
    if (i < ST_OP_COUNT && !strncmp(row_op(i)->name, "linalg_", 7)) {
      /* the linalg ops again through LAPACK (the built-in kernels again where it is not linked):
         the samples are small, so the first run took the built-in path */
      bool builtin = st__linalg_force_builtin(false), lapack = st__linalg_force_lapack(true);
      run_op(row_op(i));
      st__linalg_force_lapack(lapack);
      st__linalg_force_builtin(builtin);
    }
    if (i < ST_OP_COUNT) run_op_dtypes(row_op(i));
  }
  for (int i = 0; i < NROWS; i++)
    if (row_op(i)->samples)
      for (int c = 0; c < NCELLS; c++) counts[table[i][c]] += table[i][c] != NA;
  summary(stdout, false, ops, counts);
  dtype_summary(stdout, false);
  const char *path = getenv("STRATA_MATRIX_SUMMARY");
  FILE *f = path ? fopen(path, "w") : NULL;
  if (f) {
    summary(f, true, ops, counts);
    dtype_summary(f, true);
    fclose(f);
  }
}
