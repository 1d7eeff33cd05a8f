/* fuzz_program.c — libFuzzer target: random tensor programs under random transform stacks.

   The input bytes decode to
     - a dtype (f32 or f64) and 1-3 input tensors (0-3 dims of sizes 0-4, values from the bytes:
       small numbers with a tiny per-element jitter, or now and then 0, -0, +-inf, NaN, huge);
     - a program of up to 12 ops drawn from the public API (unary, binary with broadcasting,
       scalar ops, reductions, shape ops and views, linear algebra, nn ops, where, st_cond,
       custom functions, factories, in-place ops) whose arguments come from the bytes and are
       sometimes invalid (bad dims, mismatched shapes, bad sizes);
     - a stack of up to 3 transforms: grad / grad_and_value (the first output summed to one
       element), vjp, jvp, vmap (random in_dims, out_dims, chunk size, batch size 0-3), jacrev,
       jacfwd, hessian.
   The program runs plainly (on the unbatched inputs and on every lane of the batched ones) and
   once under the whole stack. Checked:
     - no crash, no sanitizer report (the build has ASan + UBSan, leaks are fatal);
     - every failed call returns NULL / non-zero and leaves a non-empty st_last_error() with a
       non-zero st_last_status(); every successful call leaves the error clear;
     - st_live_objects() is back to its value before the run;
     - an op that failed plainly does not succeed on the same logical shapes under a transform;
     - f64 programs whose plain values stay finite and moderate: when the outermost transform
       is vmap, its result equals stacking the function below it over the lanes (1e-9
       relative), and the whole stack satisfies <u, J v> (jvp) = <J^T u, v> (vjp) to 1e-8;
     - st_compile of the stack (and of the program, on the unbatched inputs: a second
       signature) fails where eager fails and otherwise equals it bit for bit, captured and
       replayed;
     - one program in 16 (C_EVERY, picked by a hash of the input bytes, so a reproducer
       repeats it; a new graph costs a compiler run of ~50 ms) also goes through st_compile's
       "c" backend, alternately with two compilers: clang, whose code calls the scalar libm this
       clang-built library's loops call, bit for bit; the system compiler (STRATA_CC, else cc),
       whose vectorized loops may call libmvec, up to rounding: within 16 ulp relative plus 16
       ulp of the largest value flowing through the program, or else a difference that eager
       itself shows when its inputs move by many ulp (skipped as rounding noise), with NaN and
       inf in the same places. The generated objects go to a cache folder of the run's own
       under /tmp, removed at exit; a compiler that is not there skips the check (counted).
   A failed check prints what failed and calls abort(), which libFuzzer reports as a crash.
   For time (about 6-7 ms a run on average under the sanitizers), a stack differentiates at most
   3 times, its jacobians use at most 16 basis vectors in all, and op results of more than 512
   elements are not kept.
   FUZZ_VERBOSE=1 in the environment prints the decoded program and stack (for reducing a
   crash to a C reproducer); FUZZ_STATS=1 prints at exit how often each check ran and the
   time per run. */
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "strata.h"

/* Constructs that found a library bug not fixed yet are skipped unless built with
   -DKNOWN_BUGS=1 (see tests/fuzz/README.md; bugs 1-12 are fixed and fuzzed). What remains
   under the switch is the in-place restriction below (registers whose storage nothing made
   after them shares), which KNOWN_BUGS=1 lifts to fuzz the wider case. */
#ifndef KNOWN_BUGS
#define KNOWN_BUGS 0
#endif

#define MAX_IN 3
#define MAX_OPS 12
#define ARG_BYTES 12
#define MAX_REGS (MAX_IN + 2 * MAX_OPS + 4)
#define MAX_OUT 8
#define MAX_LAYERS 3
#define TAME 1e4  /* plain intermediate values above this skip the identities */
#define HUGE_OUT 1e8
#define MAX_NUMEL 512 /* larger op results are not kept as registers (run time) */

/* ============================================================================ byte reader */

typedef struct {
  const uint8_t *p;
  size_t n, i;
} reader;

static unsigned u8(reader *r) { return r->i < r->n ? r->p[r->i++] : 0; }
static unsigned pick(reader *r, unsigned k) { return u8(r) % k; }

static bool verbose;

/* FUZZ_STATS=1: how often each check ran, printed at exit */
static struct {
  long runs, plain_ok, stacks, stack_ok, vmap_checks, transpose_checks, noise_skips, over_10ms;
  long compile_checks;
  long c_checks, c_exact_checks, c_rounded, c_noise_skips, c_no_compiler, c_objects;
  double total_ms, max_ms;
} stats;
static void print_stats(void) {
  fprintf(stderr,
          "fuzz_program stats: %ld runs, %ld plain runs succeeded, %ld with a transform stack (%ld "
          "succeeded), %ld vmap identity checks, %ld transposition identity checks (%ld "
          "differences skipped as rounding noise), %ld compiled checks\n",
          stats.runs, stats.plain_ok, stats.stacks, stats.stack_ok, stats.vmap_checks,
          stats.transpose_checks, stats.noise_skips, stats.compile_checks);
  fprintf(stderr,
          "fuzz_program stats: backend \"c\": %ld checks with the system compiler (%ld within "
          "the tolerance but not bit-exact, %ld with differences skipped as rounding noise), %ld "
          "bit-exact checks with clang, %ld skipped (no compiler); %ld shared objects built\n",
          stats.c_checks, stats.c_rounded, stats.c_noise_skips, stats.c_exact_checks,
          stats.c_no_compiler, stats.c_objects);
  fprintf(stderr, "fuzz_program stats: %.2f ms per run on average, %.1f ms at most, %ld runs over 10 ms\n",
          stats.runs ? stats.total_ms / (double)stats.runs : 0.0, stats.max_ms, stats.over_10ms);
}

#define FAIL(...)                                                                                  \
  do {                                                                                             \
    fprintf(stderr, "fuzz_program: check failed: ");                                               \
    fprintf(stderr, __VA_ARGS__);                                                                  \
    fprintf(stderr, "\n");                                                                         \
    abort();                                                                                       \
  } while (0)

/* The error contract after a call: failure leaves a non-empty message and a status. */
static void check_failed(const char *what) {
  const char *e = st_last_error();
  if (!e || !e[0] || st_last_status() == ST_OK)
    FAIL("%s failed without an error (status %d, message '%s')", what, (int)st_last_status(), e ? e : "(null)");
}
static void check_ok(const char *what) {
  const char *e = st_last_error();
  if (st_last_status() != ST_OK || !e || e[0])
    FAIL("%s succeeded but left an error (status %d, message '%s')", what, (int)st_last_status(), e ? e : "(null)");
}

/* ================================================================================ program */

typedef enum {
  K_UNARY,
  K_CLAMP,
  K_BINARY,
  K_SCALAR,
  K_WHERE,
  K_REDUCE,
  K_REDUCE_ALL,
  K_ARG,
  K_RESHAPE,
  K_FLATTEN,
  K_PERMUTE,
  K_TRANSPOSE,
  K_EXPAND,
  K_SQUEEZE,
  K_UNSQUEEZE,
  K_SLICE,
  K_SELECT,
  K_DIAGONAL,
  K_CAT,
  K_STACK,
  K_SPLIT,
  K_INDEX_SELECT,
  K_GATHER,
  K_SCATTER_ADD,
  K_PAD,
  K_FLIP,
  K_REPEAT,
  K_TRI,
  K_COPY,
  K_MATMUL,
  K_LINEAR,
  K_SOFTMAX,
  K_LOSS,
  K_LAYER_NORM,
  K_CROSS_ENTROPY,
  K_EMBEDDING,
  K_CONV_POOL,
  K_INPLACE,
  K_INPLACE_SCALAR,
  K_CREATE,
  K_COND,
  K_CUSTOM,
  K_COUNT
} op_kind;

static const char *const KIND_NAMES[K_COUNT] = {
    "unary", "clamp", "binary", "scalar", "where", "reduce", "reduce_all", "argmax/argmin", "reshape",
    "flatten", "permute", "transpose", "expand", "squeeze", "unsqueeze", "slice", "select", "diagonal",
    "cat", "stack", "split/chunk", "index_select", "gather", "scatter_add", "pad", "flip", "repeat",
    "tril/triu", "copy", "matmul", "linear", "softmax", "loss", "layer_norm", "cross_entropy",
    "embedding", "conv/pool", "inplace", "inplace_scalar", "create", "cond", "custom"};

typedef struct {
  uint8_t kind;
  uint8_t a[ARG_BYTES];
} op_rec;

typedef struct {
  st_dtype dt;
  int nin, nout, nops;
  op_rec ops[MAX_OPS];
  uint8_t out_sel[2];
} program;

/* Run state. The plain run on the unbatched inputs records which ops succeeded (mask); the
   other runs compare against it. */
enum { RUN_RECORD, RUN_PLAIN, RUN_TRANSFORMED };
static struct {
  const program *prog;
  int mode;
  bool mask[MAX_OPS];
  bool tame;  /* every plain intermediate finite and below TAME */
  bool lossy; /* the program rounds through f32 */
  bool data_dependent; /* st_cond: the ops that follow may see other shapes on other lanes */
  int64_t numel_limit; /* run time: outputs of more elements fail (numel_limit_of) */
  int vmap_levels;     /* bug 8: vmap levels the stack may put the program under */
  bool fwd_over_rev;   /* bug 10: the stack has forward mode over reverse mode */
  int order;           /* derivative order of the stack: the identity's tolerance grows with it */
  double magnitude;    /* the largest finite |value| of the plain intermediates */
  bool compiling;      /* st_compile checks: no host reads, which would end every capture */
} S;

typedef struct {
  const uint8_t *a;
  int i;
} args;
static unsigned ab(args *x) { return x->i < ARG_BYTES ? x->a[x->i++] : 0; }

static const double SCALARS[] = {2, -1, 0.5, 0, 3, -0.25, 1.5, 1, -2, 1e-3, 10, -INFINITY, INFINITY};
#define NSCALARS (sizeof SCALARS / sizeof *SCALARS)
static const double POWS[] = {2, 3, 0.5, -1, 0, 1.5, -2, 1};
static double scalar_arg(args *x) { return SCALARS[ab(x) % NSCALARS]; }
static int dim_arg(args *x) { return (int)(ab(x) % 9) - 4; }

/* The unary, binary and reduction ops are the rows of src/ops/unary.def, binary.def (BINOP) and
   reduce.def (REDUCTION). An argument byte picks one by rendezvous hashing on its name (the row
   whose hash mixed with the byte is largest), so a corpus entry keeps its op when rows are
   reordered, and a new row takes only the bytes it wins (about one in the number of rows).
   gen_corpus checks that every row is reached by some byte. */
typedef st_tensor *(*unary_fn)(st_tensor *);
typedef struct {
  const char *name;
  unary_fn f;
} unary_op;
static const unary_op UNARY_OPS[] = {
#define UNARY(name, ...) {#name, st_##name},
#define X(name)
#include "../../src/ops/unary.def"
#undef X
#undef UNARY
};
#define NUNARY (sizeof UNARY_OPS / sizeof *UNARY_OPS)

typedef st_tensor *(*binary_fn)(st_tensor *, st_tensor *);
typedef struct {
  const char *name;
  binary_fn f;
} binary_op;
static const binary_op BINARY_OPS[] = {
#define BINOP(name, ...) {#name, st_##name},
#define X(name)
#include "../../src/ops/binary.def"
#undef X
#undef BINOP
};
#define NBINARY (sizeof BINARY_OPS / sizeof *BINARY_OPS)

/* A reduction with its dims form and its _all form; var and std take a correction. */
typedef struct {
  const char *name;
  st_tensor *(*dims)(st_tensor *, int, const int *, bool);
  st_tensor *(*all)(st_tensor *);
  st_tensor *(*dims_corr)(st_tensor *, int, const int *, double, bool);
  st_tensor *(*all_corr)(st_tensor *, double);
} reduce_op;
#define REDUCE_ROW_0(name) {#name, st_##name, st_##name##_all, NULL, NULL},
#define REDUCE_ROW_1(name) {#name, NULL, NULL, st_##name, st_##name##_all},
static const reduce_op REDUCE_OPS[] = {
#define REDUCTION(name, correction) REDUCE_ROW_##correction(name)
#define X(name)
#include "../../src/ops/reduce.def"
#undef X
#undef REDUCTION
};
#undef REDUCE_ROW_0
#undef REDUCE_ROW_1
#define NREDUCE (sizeof REDUCE_OPS / sizeof *REDUCE_OPS)

static uint32_t name_hash(const char *s) { /* FNV-1a */
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

static uint32_t mix32(uint32_t h) { /* MurmurHash3's finalizer */
  h ^= h >> 16, h *= 0x85ebca6bu, h ^= h >> 13, h *= 0xc2b2ae35u;
  return h ^ (h >> 16);
}

/* The index of the row whose name wins the byte; rows are `stride` bytes apart, each starting
   with its name. */
static size_t rendezvous(const void *rows, size_t n, size_t stride, unsigned byte) {
  size_t pick = 0;
  uint32_t best = 0;
  for (size_t k = 0; k < n; k++) {
    const char *name = *(const char *const *)((const char *)rows + k * stride);
    const char *held = *(const char *const *)((const char *)rows + pick * stride);
    uint32_t w = mix32(name_hash(name) ^ ((byte & 0xffu) * 0x9e3779b9u));
    if (k == 0 || w > best || (w == best && strcmp(name, held) < 0)) best = w, pick = k;
  }
  return pick;
}
static const unary_op *unary_pick(unsigned byte) {
  return &UNARY_OPS[rendezvous(UNARY_OPS, NUNARY, sizeof *UNARY_OPS, byte)];
}
static const binary_op *binary_pick(unsigned byte) {
  return &BINARY_OPS[rendezvous(BINARY_OPS, NBINARY, sizeof *BINARY_OPS, byte)];
}
static const reduce_op *reduce_pick(unsigned byte) {
  return &REDUCE_OPS[rendezvous(REDUCE_OPS, NREDUCE, sizeof *REDUCE_OPS, byte)];
}

/* ------------------------------------------------------------------------ branch functions */

static int br_neg(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_neg(in[0]);
  return out[0] ? 0 : -1;
}
static int br_sin(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  return out[0] ? 0 : -1;
}
static int br_square(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_square(in[0]);
  return out[0] ? 0 : -1;
}
static int br_sum(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_sum_all(in[0]); /* a different shape: fine unless the predicate is batched */
  return out[0] ? 0 : -1;
}
static int br_identity(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  return 0;
}
static const st_fn BRANCHES[] = {br_neg, br_sin, br_square, br_sum, br_identity};

/* ------------------------------------------------------------------------ custom functions */

static int cube_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(st_mul(in[0], in[0]), in[0]);
  return out[0] ? 0 : -1;
}
static int save_in(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int cube_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  st_tensor *x = st_ctx_saved(ctx, 0);
  gi[0] = st_mul_scalar(st_mul(g[0], st_square(x)), 3.0);
  return gi[0] ? 0 : -1;
}
static int cube_jvp(st_ctx *ctx, st_tensor *const *t, st_tensor **to) {
  st_tensor *x = st_ctx_saved(ctx, 0);
  to[0] = st_mul_scalar(st_mul(t[0], st_square(x)), 3.0);
  return to[0] ? 0 : -1;
}
static const st_custom_fn CUBE_JVP = {.name = "cube_jvp", .nin = 1, .nout = 1, .forward = cube_fwd,
                                      .setup_context = save_in, .backward = cube_bwd, .jvp = cube_jvp,
                                      .generate_vmap_rule = true};
static const st_custom_fn CUBE_GEN = {.name = "cube_gen", .nin = 1, .nout = 1, .forward = cube_fwd,
                                      .setup_context = save_in, .backward = cube_bwd,
                                      .generate_vmap_rule = true};
static const st_custom_fn CUBE_LOOP = {.name = "cube_loop", .nin = 1, .nout = 1, .forward = cube_fwd,
                                       .setup_context = save_in, .backward = cube_bwd};
static const st_custom_fn CUBE_ONCE = {.name = "cube_once", .nin = 1, .nout = 1, .forward = cube_fwd,
                                       .setup_context = save_in, .backward = cube_bwd, .jvp = cube_jvp,
                                       .generate_vmap_rule = true, .once_differentiable = true};
/* a * b for inputs of the same shape (a broadcast would give gradients of the wrong shape,
   which the library must refuse cleanly) */
static int mul_fwd(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[1]);
  return out[0] ? 0 : -1;
}
static int save_both(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 2, in);
}
static int mul_bwd(st_ctx *ctx, st_tensor *const *g, st_tensor **gi) {
  if (st_ctx_needs_input_grad(ctx, 0) && !(gi[0] = st_mul(g[0], st_ctx_saved(ctx, 1)))) return -1;
  if (st_ctx_needs_input_grad(ctx, 1) && !(gi[1] = st_mul(g[0], st_ctx_saved(ctx, 0)))) return -1;
  return 0;
}
static const st_custom_fn CMUL = {.name = "cmul", .nin = 2, .nout = 1, .forward = mul_fwd,
                                  .setup_context = save_both, .backward = mul_bwd, .generate_vmap_rule = true};
static const st_custom_fn *const CUSTOMS[] = {&CUBE_JVP, &CUBE_GEN, &CUBE_LOOP, &CUBE_ONCE, &CMUL};

/* ---------------------------------------------------------------------------- registers */

typedef struct {
  st_tensor *t[MAX_REGS];
  bool alias_in[MAX_REGS]; /* may share storage with an input: never written in place */
  bool priv[MAX_REGS];     /* its jvp tangent is its own (bug 5): see tangent_kind */
  int group[MAX_REGS];     /* registers that may share storage have the same group */
  bool saved[MAX_REGS];    /* by group: a custom function saved it for backward (bug 12) */
  int n;
  int read[8], nread; /* the registers the current op reads */
} regs;

static int reg_index(regs *R, args *x) {
  int i = R->n - 1 - (int)(ab(x) % (unsigned)R->n);
  if (R->nread < 8) R->read[R->nread++] = i;
  return i;
}

static bool is_float_dt(st_dtype d) { return d == ST_F32 || d == ST_F64; }

static void print_shape(FILE *f, st_tensor *t) {
  int64_t s[ST_MAX_DIMS];
  int nd = st_shape(t, s);
  fprintf(f, "%s[", st_dtype_name(st_dtype_of(t)));
  for (int d = 0; d < nd; d++) fprintf(f, d ? ", %lld" : "%lld", (long long)s[d]);
  fprintf(f, "]");
}

/* Values of a plain tensor: finite and moderate? Marks the run untame otherwise. Also keeps
   the largest finite magnitude, the scale of the c backend's absolute tolerance. */
static void check_tame(st_tensor *t) {
  if (!is_float_dt(st_dtype_of(t))) return;
  int64_t n = st_numel(t);
  if (n <= 0) return;
  double *v = malloc(sizeof(double) * (size_t)n);
  if (st_to_f64(t, v, n) == 0) {
    for (int64_t k = 0; k < n; k++) {
      if (!isfinite(v[k]) || fabs(v[k]) > TAME) S.tame = false;
      if (isfinite(v[k])) S.magnitude = fmax(S.magnitude, fabs(v[k]));
    }
  } else {
    st_clear_error();
  }
  free(v);
}

static st_tensor *const_index(args *x, int64_t len, int64_t hi) {
  int64_t v[8];
  if (len > 8) len = 8;
  for (int64_t k = 0; k < len; k++) v[k] = (int64_t)(ab(x) % (unsigned)(hi + 2)) - 1; /* -1 .. hi */
  return st_from_data(ST_I64, 1, (int64_t[]){len}, v);
}

/* One op. Returns the new tensor (or NULL with the error set); *alias says whether it may
   share storage with an input; *made says whether the op makes a new register. For in-place
   ops the result is the written register itself and *made is false. */
static st_tensor *run_op(const program *P, const op_rec *op, regs *R, bool *alias, int *src, bool *made,
                         int *rc_out) {
  args x = {op->a, 0};
  st_dtype dt = P->dt;
  *alias = false;
  *src = -1;
  *made = true;
  *rc_out = 0;
  int ia = reg_index(R, &x);
  st_tensor *a = R->t[ia];
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(a, shape);
  switch ((op_kind)op->kind) {
  case K_UNARY: return unary_pick(ab(&x))->f(a);
  case K_CLAMP: {
    double lo = scalar_arg(&x), hi = scalar_arg(&x);
    return st_clamp(a, lo, hi);
  }
  case K_BINARY: {
    const binary_op *op2 = binary_pick(ab(&x));
    st_tensor *b = R->t[reg_index(R, &x)];
    return op2->f(a, b);
  }
  case K_SCALAR: {
    unsigned w = ab(&x) % 3;
    if (w == 2) return st_pow_scalar(a, POWS[ab(&x) % 8]);
    double s = scalar_arg(&x);
    return w ? st_mul_scalar(a, s) : st_add_scalar(a, s);
  }
  case K_WHERE: {
    st_tensor *b = R->t[reg_index(R, &x)], *c = R->t[reg_index(R, &x)];
    st_tensor *cond = (ab(&x) & 3) ? st_lt(a, c) : c; /* c itself: an error unless bool */
    if (!cond) return NULL;
    return (ab(&x) & 1) ? st_where(cond, a, b) : st_where(cond, b, a);
  }
  case K_REDUCE: {
    const reduce_op *r = reduce_pick(ab(&x));
    int dims[3], n = (int)(ab(&x) % 4);
    for (int k = 0; k < n; k++) dims[k] = dim_arg(&x);
    if (n == 3 && (ab(&x) & 1)) n = 0; /* ndims 0: every dim */
    bool keep = ab(&x) & 1;
    if (r->dims_corr) return r->dims_corr(a, n, dims, (double)(ab(&x) % 3), keep);
    return r->dims(a, n, dims, keep);
  }
  case K_REDUCE_ALL: {
    const reduce_op *r = reduce_pick(ab(&x));
    if (r->all_corr) return r->all_corr(a, (double)(ab(&x) % 3));
    return r->all(a);
  }
  case K_ARG: {
    unsigned w = ab(&x) % 4;
    int d = dim_arg(&x);
    bool keep = ab(&x) & 1;
    switch (w) {
    case 0: return st_argmax(a, d, keep);
    case 1: return st_argmin(a, d, keep);
    case 2: return st_argmax_all(a);
    default: return st_argmin_all(a);
    }
  }
  case K_RESHAPE: {
    *alias = R->alias_in[ia], *src = ia;
    int64_t numel = st_numel(a), s[4];
    int n;
    switch (ab(&x) % 5) {
    case 0: n = 1, s[0] = -1; break;
    case 1: n = 2, s[0] = numel % 2 == 0 ? 2 : 1, s[1] = -1; break;
    case 2: n = 3, s[0] = -1, s[1] = 1, s[2] = numel % 2 == 0 && numel ? 2 : 1; break;
    case 3: n = 0; break; /* 0-dim: valid when numel is 1 */
    default:
      n = (int)(ab(&x) % 4);
      for (int k = 0; k < n; k++) s[k] = (int64_t)(ab(&x) % 6) - 1; /* -1 .. 4 */
    }
    return st_reshape(a, n, n ? s : NULL);
  }
  case K_FLATTEN: {
    *alias = R->alias_in[ia], *src = ia;
    int s = dim_arg(&x), e = dim_arg(&x);
    return st_flatten(a, s, e);
  }
  case K_PERMUTE: {
    *alias = R->alias_in[ia], *src = ia;
    int perm[ST_MAX_DIMS], n = nd;
    for (int k = 0; k < n; k++) perm[k] = k;
    for (int k = n - 1; k > 0; k--) {
      int j = (int)(ab(&x) % (unsigned)(k + 1)), t = perm[k];
      perm[k] = perm[j];
      perm[j] = t;
    }
    unsigned bad = ab(&x) % 8;
    if (bad == 0 && n > 1) perm[0] = perm[1];         /* repeated */
    else if (bad == 1 && n > 0) perm[n - 1] = -1;     /* negative: allowed, may repeat */
    else if (bad == 2) n = n ? n - 1 : 1, perm[0] = 0; /* wrong length */
    return st_permute(a, n, perm);
  }
  case K_TRANSPOSE: {
    *alias = R->alias_in[ia], *src = ia;
    int d0 = dim_arg(&x), d1 = dim_arg(&x);
    return st_transpose(a, d0, d1);
  }
  case K_EXPAND: {
    *alias = R->alias_in[ia], *src = ia;
    int extra = (int)(ab(&x) % 3), n = nd + extra;
    if (n > ST_MAX_DIMS) n = ST_MAX_DIMS, extra = n - nd;
    int64_t s[ST_MAX_DIMS];
    for (int k = 0; k < extra; k++) s[k] = (int64_t)(ab(&x) % 4); /* new dims: 0..3 */
    for (int k = 0; k < nd; k++) {
      unsigned c = ab(&x) % 6;
      s[extra + k] = shape[k] == 1 ? (int64_t)c - 1 /* -1 .. 4 */ : c == 5 ? shape[k] + 1 : c >= 3 ? -1 : shape[k];
    }
    return st_expand(a, n, s);
  }
  case K_SQUEEZE: {
    *alias = R->alias_in[ia], *src = ia;
    return ab(&x) % 3 ? st_squeeze(a, dim_arg(&x)) : st_squeeze_all(a);
  }
  case K_UNSQUEEZE: {
    *alias = R->alias_in[ia], *src = ia;
    return st_unsqueeze(a, dim_arg(&x));
  }
  case K_SLICE: {
    *alias = R->alias_in[ia], *src = ia;
    int d = dim_arg(&x);
    int64_t start = (int64_t)(ab(&x) % 9) - 4, end = (int64_t)(ab(&x) % 10) - 4;
    if (end == 5) end = INT64_MAX;
    int64_t step = (int64_t)(ab(&x) % 4); /* 0 is invalid */
    return st_slice(a, d, start, end, step);
  }
  case K_SELECT: {
    *alias = R->alias_in[ia], *src = ia;
    int d = dim_arg(&x);
    return st_select(a, d, (int64_t)(ab(&x) % 9) - 4);
  }
  case K_DIAGONAL: {
    *alias = R->alias_in[ia], *src = ia;
    int64_t off = (int64_t)(ab(&x) % 5) - 2;
    int d1 = dim_arg(&x), d2 = dim_arg(&x);
    return st_diagonal(a, off, d1, d2);
  }
  case K_CAT:
  case K_STACK: {
    st_tensor *ts[3] = {a, NULL, NULL};
    ts[1] = R->t[reg_index(R, &x)];
    ts[2] = R->t[reg_index(R, &x)];
    int n = 1 + (int)(ab(&x) % 3), d = dim_arg(&x);
    return op->kind == K_CAT ? st_cat(n, ts, d) : st_stack(n, ts, d);
  }
  case K_SPLIT: {
    *alias = R->alias_in[ia], *src = ia;
    st_tensor *out[8] = {0};
    int d = dim_arg(&x), piece = (int)(ab(&x) % 4), max_out = 1 + (int)(ab(&x) % 8);
    int64_t size = (int64_t)(ab(&x) % 4); /* 0 is invalid */
    int cnt = ab(&x) & 1 ? st_split(a, size, d, max_out, out) : st_chunk(a, (int)size, d, max_out, out);
    if (cnt < 0) return NULL;
    check_ok("st_split/st_chunk");
    if (piece >= cnt) {
      *made = false; /* nothing to add; the pieces stay in the scope */
      return a;
    }
    return out[piece]; /* every piece is recorded in the scope */
  }
  case K_INDEX_SELECT: {
    int d = dim_arg(&x);
    int64_t len = (int64_t)(ab(&x) % 5), hi = nd ? shape[((d % nd) + nd) % nd] : 1;
    st_tensor *idx = const_index(&x, len, hi);
    if (!idx) return NULL;
    return st_index_select(a, d, idx);
  }
  case K_GATHER:
  case K_SCATTER_ADD: {
    int d = dim_arg(&x);
    int64_t is[ST_MAX_DIMS], n = 1;
    int ind = nd;
    if (ab(&x) % 8 == 0) ind = nd ? nd - 1 : 1; /* wrong rank */
    for (int k = 0; k < ind; k++) {
      int64_t s = k < nd ? shape[k] : 1;
      is[k] = s ? (int64_t)(ab(&x) % (unsigned)(s + 1)) : 0;
      n *= is[k];
    }
    int64_t *v = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    int64_t hi = nd ? shape[((d % nd) + nd) % nd] : 1;
    for (int64_t k = 0; k < n; k++) {
      v[k] = (int64_t)(ab(&x) % (unsigned)(hi + 1));
      if (ab(&x) % 16 == 0) v[k] = -v[k] - 1; /* out of range now and then */
    }
    st_tensor *idx = st_from_data(ST_I64, ind, is, v);
    free(v);
    if (!idx) return NULL;
    if (op->kind == K_GATHER) return st_gather(a, d, idx);
    st_tensor *src = ab(&x) & 1 ? a : R->t[reg_index(R, &x)];
    return st_scatter_add(a, d, idx, src);
  }
  case K_PAD: {
    int np = 2 * (int)(ab(&x) % 3);
    np += ab(&x) % 8 == 0; /* sometimes odd */
    int64_t pad[6];
    for (int k = 0; k < np; k++) pad[k] = (int64_t)(ab(&x) % 5) - 2;
    return st_pad(a, np, pad, scalar_arg(&x));
  }
  case K_FLIP: {
    int dims[3], n = (int)(ab(&x) % 4);
    for (int k = 0; k < n; k++) dims[k] = dim_arg(&x);
    return st_flip(a, n, dims);
  }
  case K_REPEAT: {
    int n = nd + (int)(ab(&x) % 3);
    n -= ab(&x) % 8 == 0; /* sometimes too few */
    if (n < 0) n = 0;
    if (n > 5) n = 5;
    int64_t reps[5];
    for (int k = 0; k < n; k++) reps[k] = (int64_t)(ab(&x) % 3);
    return st_repeat(a, n, reps);
  }
  case K_TRI: {
    int64_t k = (int64_t)(ab(&x) % 5) - 2;
    return ab(&x) & 1 ? st_tril(a, k) : st_triu(a, k);
  }
  case K_COPY: {
    switch (ab(&x) % 5) {
    case 0: *alias = R->alias_in[ia], *src = ia; return st_contiguous(a);
    case 1: return st_clone(a);
    case 2: *alias = R->alias_in[ia], *src = ia; return st_detach(a);
    case 3: S.lossy |= dt == ST_F64; return st_to_dtype(a, dt == ST_F64 ? ST_F32 : ST_F64);
    default: /* eval-mode dropout: a view of a (bugs 1 and 9) */
      *alias = R->alias_in[ia], *src = ia;
      return st_dropout(a, (double)(ab(&x) % 5) / 4, false);
    }
  }
  case K_MATMUL: {
    st_tensor *b = R->t[reg_index(R, &x)];
    switch (ab(&x) % 5) {
    case 0: return st_mm(a, b);
    case 1: return st_bmm(a, b);
    case 2: return st_dot(a, b);
    case 3: return st_outer(a, b);
    default: return st_matmul(a, b);
    }
  }
  case K_LINEAR: {
    st_tensor *w = R->t[reg_index(R, &x)], *b = R->t[reg_index(R, &x)];
    return st_linear(a, w, ab(&x) & 1 ? b : NULL);
  }
  case K_SOFTMAX: {
    int d = dim_arg(&x);
    return ab(&x) & 1 ? st_softmax(a, d) : st_log_softmax(a, d);
  }
  case K_LOSS: {
    st_tensor *b = R->t[reg_index(R, &x)];
    return st_mse_loss(a, b, (st_reduction)(ab(&x) % 3));
  }
  case K_LAYER_NORM: {
    int nn = (int)(ab(&x) % 3);
    if (nn > nd) nn = nd;
    int64_t ns[3];
    for (int k = 0; k < nn; k++) ns[k] = shape[nd - nn + k];
    if (nn && ab(&x) % 8 == 0) ns[0] += 1; /* mismatch */
    st_tensor *w = NULL, *b = NULL;
    unsigned m = ab(&x);
    if (m & 1) w = R->t[reg_index(R, &x)];
    if (m & 2) b = R->t[reg_index(R, &x)];
    if ((m & 4) && nn) w = st_ones(dt, nn, ns);
    return st_layer_norm(a, nn, ns, w, b, 1e-5);
  }
  case K_CROSS_ENTROPY: {
    int64_t n = nd >= 2 ? shape[0] : 0, c = nd ? shape[nd - 1] : 1;
    int tnd = nd >= 2 ? 1 : 0;
    if (ab(&x) % 8 == 0) tnd = 1 - tnd;
    int64_t v[8];
    int64_t tn = tnd ? (n > 8 ? 8 : n) : 1;
    for (int64_t k = 0; k < tn; k++) {
      v[k] = (int64_t)(ab(&x) % (unsigned)(c + 1)); /* c itself is out of range */
      if (ab(&x) % 16 == 0) v[k] = -1;
    }
    st_tensor *t = st_from_data(ST_I64, tnd, tnd ? (int64_t[]){tn} : NULL, v);
    if (!t) return NULL;
    st_reduction red = (st_reduction)(ab(&x) % 3);
    return ab(&x) & 1 ? st_cross_entropy(a, t, red) : st_nll_loss(a, t, red);
  }
  case K_EMBEDDING: {
    int64_t v = nd ? shape[0] : 1;
    st_tensor *idx = const_index(&x, (int64_t)(ab(&x) % 4), v);
    if (!idx) return NULL;
    return st_embedding(a, idx);
  }
  case K_CONV_POOL: {
    /* x and the weight lifted to 4-D with leading 1s */
    st_tensor *w = R->t[reg_index(R, &x)];
    st_tensor *x4 = a, *w4 = w;
    for (int k = nd; k < 4; k++) x4 = x4 ? st_unsqueeze(x4, 0) : NULL;
    for (int k = st_ndim(w); k < 4; k++) w4 = w4 ? st_unsqueeze(w4, 0) : NULL;
    if (!x4 || !w4) return NULL;
    int64_t stride[2], pad[2], dil[2] = {1, 1}, kern[2];
    for (int k = 0; k < 2; k++) {
      stride[k] = 1 + ab(&x) % 2;
      pad[k] = ab(&x) % 2;
      kern[k] = 1 + ab(&x) % 3;
    }
    dil[0] = 1 + ab(&x) % 2;
    if (ab(&x) % 8 == 0) stride[0] = 0; /* invalid */
    switch (ab(&x) % 3) {
    case 0: return st_conv2d(x4, w4, NULL, stride, pad, dil, 1);
    case 1: return st_max_pool2d(x4, kern, ab(&x) & 1 ? stride : NULL, pad);
    default: return st_avg_pool2d(x4, kern, ab(&x) & 1 ? stride : NULL, pad);
    }
  }
  case K_INPLACE:
  case K_INPLACE_SCALAR: {
    /* only registers that cannot alias an input: the caller's tensors stay as they were; and
       (bug 5) only registers whose tangent under jvp is not shared with another tensor's;
       (bug 12) and nothing a custom function saved */
    if (R->alias_in[ia] || (!KNOWN_BUGS && !R->priv[ia])) {
      *made = false;
      return a;
    }
    *made = false;
    int rc;
    if (op->kind == K_INPLACE) {
      st_tensor *b = R->t[reg_index(R, &x)];
      unsigned w = ab(&x) % 5;
      switch (w) {
      case 0: rc = st_add_(a, b); break;
      case 1: rc = st_sub_(a, b); break;
      case 2: rc = st_mul_(a, b); break;
      case 3: rc = st_div_(a, b); break;
      default: rc = st_copy_(a, b);
      }
    } else {
      double s = scalar_arg(&x), s2 = scalar_arg(&x);
      switch (ab(&x) % 5) {
      case 0: rc = st_add_scalar_(a, s); break;
      case 1: rc = st_mul_scalar_(a, s); break;
      case 2: rc = st_clamp_(a, s, s2); break;
      case 3: rc = st_zero_(a); break;
      default: rc = st_fill_(a, s);
      }
    }
    *rc_out = rc ? rc : 0;
    return rc ? NULL : a;
  }
  case K_CREATE: {
    st_dtype cdt = ab(&x) % 8 ? dt : (st_dtype)(ab(&x) % 4);
    switch (ab(&x) % 7) {
    case 0: return st_zeros_like(a);
    case 1: return st_ones_like(a);
    case 2: return st_full_like(a, scalar_arg(&x));
    case 3: {
      double v = scalar_arg(&x);
      return st_scalar(cdt, v);
    }
    case 4: {
      int64_t n = (int64_t)(ab(&x) % 5) - 1, m = (int64_t)(ab(&x) % 4);
      return st_eye(cdt, n, m);
    }
    case 5: {
      double start = (double)(ab(&x) % 5) - 2, end = (double)(ab(&x) % 6), step = (double)(ab(&x) % 4) - 1;
      return st_arange(cdt, start, end, step);
    }
    default: return st_linspace(cdt, -1, 2, (int64_t)(ab(&x) % 6) - 1);
    }
  }
  case K_COND: {
    st_tensor *pred;
    unsigned m = ab(&x);
    if (m % 4 == 0) pred = a; /* an error unless one element */
    else {
      st_tensor *s = st_sum_all(a);
      pred = s ? st_gt(s, st_scalar(st_dtype_of(s), 0.25)) : NULL;
    }
    if (!pred) return NULL;
    int iin = reg_index(R, &x);
    st_tensor *in = R->t[iin], *out = NULL;
    st_func *t = st_func_new(BRANCHES[ab(&x) % 5], NULL, 1, 1);
    st_func *f = st_func_new(BRANCHES[ab(&x) % 5], NULL, 1, 1);
    int rc = st_cond(pred, t, f, 1, &in, &out);
    st_func_release(t);
    st_func_release(f);
    if (rc) return NULL;
    /* out is a new reference recorded in the scope; a view of `in` (identity branch) */
    *alias = true;
    *src = iin;
    return out;
  }
  case K_CUSTOM: {
    const st_custom_fn *fn = CUSTOMS[ab(&x) % 5];
    st_tensor *in[2] = {a, R->t[reg_index(R, &x)]}, *out = NULL;
    if (st_custom_apply(fn, in, &out)) return NULL;
    return out;
  }
  default: return NULL;
  }
}

/* Bug 5: st_jvp updates an in-place target's tangent in place, and some jvp rules hand their
   input's tangent through as the output's (add_scalar, add / sub with a constant, copies), so
   the write lands in another tensor's tangent too. A register's tangent is its own (priv)
   when an op computed it (FRESH) and no op passed it through since (PASS marks what it read);
   a view's tangent is a view of its base's, as it should be (VIEW inherits the flag); after
   a binary in-place op the target may hold `other`'s tangent (it is PASS). */
enum { FRESH, VIEW, PASS, NONE };
static int tangent_kind(const op_rec *op) {
  switch ((op_kind)op->kind) {
  case K_BINARY: { /* add and sub pass their operands' tangents through */
    const char *name = binary_pick(op->a[1])->name;
    return strcmp(name, "add") && strcmp(name, "sub") ? FRESH : PASS;
  }
  case K_SCALAR: return op->a[1] % 3 != 0 ? FRESH : PASS;       /* add_scalar passes */
  case K_UNARY:
  case K_CLAMP:
  case K_WHERE:
  case K_REDUCE:
  case K_REDUCE_ALL:
  case K_ARG:
  case K_MATMUL:
  case K_LINEAR:
  case K_SOFTMAX:
  case K_LOSS:
  case K_LAYER_NORM:
  case K_CROSS_ENTROPY:
  case K_CONV_POOL:
  case K_CUSTOM:
  case K_CREATE:
  case K_TRI:
  case K_GATHER:
  case K_INDEX_SELECT:
  case K_EMBEDDING: return FRESH;
  case K_RESHAPE:
  case K_FLATTEN:
  case K_PERMUTE:
  case K_TRANSPOSE:
  case K_EXPAND:
  case K_SQUEEZE:
  case K_UNSQUEEZE:
  case K_SLICE:
  case K_SELECT:
  case K_DIAGONAL:
  case K_SPLIT: return VIEW;
  case K_INPLACE_SCALAR: return NONE; /* self's own tangent is updated from itself */
  default: return PASS;
  }
}

/* The program as an st_fn: ctx is the program. */
static int program_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  const program *P = ctx;
  regs R = {.n = 0};
  for (int i = 0; i < nin; i++) {
    R.group[R.n] = R.n;
    R.t[R.n] = in[i];
    R.alias_in[R.n++] = true;
  }
  bool print = verbose && S.mode == RUN_RECORD;
  for (int k = 0; k < P->nops; k++) {
    const op_rec *op = &P->ops[k];
    bool alias, made;
    int rc, src;
    st_clear_error();
    int tk = tangent_kind(op);
    bool priv = tk == FRESH || (tk == VIEW && R.priv[R.n - 1 - (int)(op->a[0] % (unsigned)R.n)]);
    R.nread = 0;
    st_tensor *r = run_op(P, op, &R, &alias, &src, &made, &rc);
    if (tk == PASS)
      for (int i = 0; i < R.nread; i++) R.priv[R.read[i]] = false;
    if (op->kind == K_CUSTOM)
      for (int i = 0; i < R.nread; i++) R.saved[R.group[R.read[i]]] = true;
    char what[64];
    snprintf(what, sizeof what, "op %d (%s)", k, KIND_NAMES[op->kind]);
    if (!r) check_failed(what);
    else if (made || rc == 0) check_ok(what);
    if (print) {
      const char *sub = op->kind == K_UNARY    ? unary_pick(op->a[1])->name
                        : op->kind == K_BINARY   ? binary_pick(op->a[1])->name
                        : op->kind == K_REDUCE   ? reduce_pick(op->a[1])->name
                        : op->kind == K_REDUCE_ALL ? reduce_pick(op->a[1])->name
                                                 : "";
      fprintf(stderr, "  op %2d %-14s %-11s args", k, KIND_NAMES[op->kind], sub);
      for (int j = 0; j < ARG_BYTES; j++) fprintf(stderr, " %3u", op->a[j]);
      if (r) {
        fprintf(stderr, " -> r%d ", made ? R.n : -1);
        print_shape(stderr, r);
        fprintf(stderr, "\n");
      } else {
        fprintf(stderr, " -> error: %s\n", st_last_error());
      }
    }
    /* f32 results in an f64 program come from casts and from promotions (a bool or an integer
       operand of a float op gives the default dtype, f32, as in PyTorch) */
    if (S.mode == RUN_RECORD && r && P->dt == ST_F64 && st_dtype_of(r) == ST_F32) S.lossy = true;
    if (S.mode == RUN_RECORD) S.mask[k] = r != NULL;
    else if (!r && S.mask[k]) return st_last_status(); /* fails only here: a transform limit */
    else if (r && !S.mask[k]) {
      if (S.mode == RUN_TRANSFORMED && !S.data_dependent)
        FAIL("op %d (%s) failed plainly but succeeded under the transforms (shape validation differs)", k,
             KIND_NAMES[op->kind]);
      return ST_ERR_ARG; /* lanes: keep the plain structure */
    }
    if (!r) continue;
    if (made && st_numel(r) > MAX_NUMEL) continue; /* too big to keep (run time): dropped, in every run alike */
    if (S.mode != RUN_TRANSFORMED && !S.compiling) check_tame(r);
    if (made) {
      if (R.n == MAX_REGS) return ST_ERR_ARG;
      R.t[R.n] = r;
      R.priv[R.n] = priv;
      R.group[R.n] = src >= 0 ? R.group[src] : R.n;
      R.alias_in[R.n++] = alias;
    }
  }
  for (int j = 0; j < nout; j++) {
    int k = R.n - 1 - (int)(P->out_sel[j] % (unsigned)R.n);
    if (st_numel(R.t[k]) > S.numel_limit) return ST_ERR_UNSUPPORTED; /* run time */
  }
  /* outputs: fresh references. An input goes out as st_retain (the documented rule: no call
     returns its argument itself, so no op's record in this scope is the input); a tensor
     already given out goes through st_contiguous, a new view recorded in the scope. */
  for (int j = 0; j < nout; j++) {
    int k = R.n - 1 - (int)(P->out_sel[j] % (unsigned)R.n);
    st_tensor *t = R.t[k];
    bool given = false;
    for (int i = 0; i < j; i++) given |= t == out[i];
    out[j] = given ? st_contiguous(t) : k < nin ? st_retain(t) : t;
    if (!out[j]) return st_last_status() ? st_last_status() : ST_ERR_ARG;
  }
  return 0;
}

/* ================================================================================ stack */

typedef enum { T_GRAD, T_VJP, T_JVP, T_VMAP, T_JACREV, T_JACFWD, T_HESSIAN, T_COUNT } tkind;
static const char *const T_NAMES[T_COUNT] = {"grad", "vjp", "jvp", "vmap", "jacrev", "jacfwd", "hessian"};

typedef struct layer {
  tkind kind;
  int nin, nout; /* of this layer's function */
  st_func *below; /* the function this layer transforms (borrowed from the stack) */
  st_func *f;     /* this layer's function (owned) */
  st_func *aux;   /* a helper function value (owned), e.g. the summed function under grad */
  int mode;       /* grad: 0 grad 1 grad_and_value; vjp/jvp: cotangent / tangent choice */
  int nargnums, argnums[2];
  int in_dims[MAX_IN], out_dims[MAX_OUT];
  bool out_dims_set;
  int64_t B, chunk;
  int argnum;
} layer;

/* f with its first output summed to one element (for grad). */
static int sumfirst_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  layer *L = ctx;
  st_tensor *o[MAX_OUT] = {0};
  int rc = st_call(L->below, in, o);
  if (rc) return rc;
  out[0] = st_sum_all(o[0]);
  for (int j = 1; j < nout; j++) out[j] = o[j];
  return out[0] ? 0 : st_last_status();
}

/* the vjp of f at the inputs, pulled back along a cotangent made from f's outputs */
static int vjp_layer_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  layer *L = ctx;
  int no = st_func_nout(L->below);
  st_tensor *o[MAX_OUT] = {0}, *u[MAX_OUT] = {0}, *g[MAX_IN] = {0};
  st_func *pb = NULL;
  int rc = st_vjp(L->below, in, o, &pb);
  if (rc) {
    check_failed("st_vjp");
    return rc;
  }
  check_ok("st_vjp");
  for (int j = 0; j < no; j++) {
    bool fl = is_float_dt(st_dtype_of(o[j]));
    u[j] = !fl ? NULL : L->mode == 0 ? o[j] : L->mode == 1 ? st_ones_like(o[j]) : (j % 2 ? NULL : o[j]);
  }
  rc = st_call(pb, u, g);
  if (rc) check_failed("the vjp's pullback");
  st_func_release(pb);
  if (rc) return rc;
  for (int i = 0; i < nin; i++) out[i] = g[i] ? g[i] : st_zeros_like(in[i]);
  for (int i = 0; i < nin; i++)
    if (!out[i]) return st_last_status();
  return 0;
}

static int jvp_layer_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  layer *L = ctx;
  int no = st_func_nout(L->below);
  st_tensor *t[MAX_IN] = {0}, *o[MAX_OUT] = {0}, *to[MAX_OUT] = {0};
  for (int i = 0; i < nin; i++) {
    int m = (L->mode >> (2 * i)) & 3;
    /* the primal itself as its tangent (st_jvp must not write into it) */
    t[i] = m == 0 ? in[i]
           : m == 1 ? st_ones_like(in[i]) : m == 2 ? NULL : st_mul_scalar(in[i], -0.5);
  }
  int rc = st_jvp(L->below, in, t, o, to);
  if (rc) {
    check_failed("st_jvp");
    return rc;
  }
  check_ok("st_jvp");
  for (int j = 0; j < no; j++) {
    out[j] = to[j] ? to[j] : st_zeros_like(o[j]);
    if (nout > no) out[no + j] = o[j];
  }
  for (int j = 0; j < nout; j++)
    if (!out[j]) return st_last_status();
  return 0;
}

/* Decodes a layer over `below` (nin inputs, nout_below outputs); builds its function value.
   Returns false when the transform refused (its error checked), which ends the stack there. */
/* The product of the jacobians' basis sizes along a stack: keeps runs short (and above 24, so
   that a backward of more than 24 inputs and outputs is seen: bug 6, fixed). */
#define JAC_WORK 32

static bool make_layer(reader *r, layer *L, st_func *below, int nin, const int64_t *numel, int64_t *jac_work) {
  int nb = st_func_nout(below);
  memset(L, 0, sizeof *L);
  L->kind = (tkind)pick(r, T_COUNT);
  L->below = below;
  L->nin = nin;
  unsigned p = u8(r), q = u8(r), s = u8(r);
  switch (L->kind) {
  case T_GRAD: {
    L->mode = p & 1;
    int na = (int)((p >> 1) % 4); /* 0: NULL (argnum 0), 1-2: that many, 3: 1 */
    if (na == 3) na = 1;
    L->nargnums = na;
    L->argnums[0] = (int)(q % (unsigned)(nin + (q % 16 == 0))); /* sometimes out of range */
    L->argnums[1] = (int)(s % (unsigned)nin);
    int ng = na ? na : 1;
    L->nout = ng + nb - 1 + L->mode;
    if (L->nout > MAX_OUT) return false;
    L->aux = st_func_new(sumfirst_fn, L, nin, nb);
    L->f = L->mode ? st_grad_and_value(L->aux, na, na ? L->argnums : NULL)
                   : st_grad(L->aux, na, na ? L->argnums : NULL);
    break;
  }
  case T_VJP:
    L->mode = (int)(p % 3);
    L->nout = nin;
    L->f = st_func_new(vjp_layer_fn, L, nin, nin);
    break;
  case T_JVP:
    L->mode = (int)p;
    L->nout = (q & 1) && 2 * nb <= MAX_OUT ? 2 * nb : nb;
    L->f = st_func_new(jvp_layer_fn, L, nin, L->nout);
    break;
  case T_VMAP: {
    static const int DIMS[8] = {0, 0, 1, -1, ST_UNBATCHED, 2, -2, 7};
    L->in_dims[0] = DIMS[p % 8];
    if (nin > 1) L->in_dims[1] = DIMS[(p / 8) % 8];
    if (nin > 2) L->in_dims[2] = DIMS[q % 8];
    L->B = (int64_t)((q / 8) % 4);
    if (L->B == 0 && (q / 32) % 2) L->B = 2; /* B = 0 on 1/8 */
    L->chunk = (int64_t)(s % 3);
    L->out_dims_set = (s / 4) % 2;
    for (int j = 0; j < nb; j++) {
      unsigned c = (s / 8 + (unsigned)j) % 8;
      L->out_dims[j] = c < 5 ? 0 : c < 7 ? -1 : (s % 64 == 63 ? ST_UNBATCHED : 1);
    }
    L->nout = nb;
    st_vmap_opts o = {.in_dims = L->in_dims, .out_dims = L->out_dims_set ? L->out_dims : NULL,
                      .chunk_size = L->chunk};
    L->f = st_vmap_ex(below, &o);
    break;
  }
  case T_JACREV:
  case T_JACFWD:
  case T_HESSIAN: {
    L->argnum = (int)(p % (unsigned)(nin + (p % 16 == 0)));
    if (L->argnum < nin) {
      int64_t basis = numel[L->argnum] ? numel[L->argnum] : 1;
      /* jacfwd's basis is its input; jacrev's is its output (checked at run time, numel_limit) */
      int64_t w = *jac_work * (L->kind == T_HESSIAN ? basis : L->kind == T_JACFWD ? basis : 1);
      if (w > JAC_WORK) return false;
      *jac_work = w;
    }
    L->chunk = (int64_t)(q % 3);
    L->nout = nb;
    st_jac_opts o = {.argnum = L->argnum, .chunk_size = L->chunk};
    L->f = L->kind == T_JACREV ? st_jacrev_ex(below, &o)
           : L->kind == T_JACFWD ? st_jacfwd_ex(below, &o)
                                 : st_hessian_ex(below, &o);
    break;
  }
  default: return false;
  }
  if (!L->f) {
    check_failed(T_NAMES[L->kind]);
    return false;
  }
  check_ok(T_NAMES[L->kind]);
  return true;
}

static void print_layer(const layer *L) {
  fprintf(stderr, "  %s", T_NAMES[L->kind]);
  switch (L->kind) {
  case T_GRAD:
    fprintf(stderr, "%s argnums", L->mode ? "_and_value" : "");
    if (!L->nargnums) fprintf(stderr, " NULL");
    for (int k = 0; k < L->nargnums; k++) fprintf(stderr, " %d", L->argnums[k]);
    break;
  case T_VJP: fprintf(stderr, " cotangent mode %d", L->mode); break;
  case T_JVP: fprintf(stderr, " tangent modes %d, nout %d", L->mode, L->nout); break;
  case T_VMAP:
    fprintf(stderr, " B %lld chunk %lld in_dims", (long long)L->B, (long long)L->chunk);
    for (int i = 0; i < L->nin; i++) fprintf(stderr, " %d", L->in_dims[i]);
    if (L->out_dims_set) {
      fprintf(stderr, " out_dims");
      for (int j = 0; j < L->nout; j++) fprintf(stderr, " %d", L->out_dims[j]);
    }
    break;
  default: fprintf(stderr, " argnum %d chunk %lld", L->argnum, (long long)L->chunk);
  }
  fprintf(stderr, " (nout %d)\n", L->nout);
}

/* ============================================================================== inputs */

static double value_of(reader *r, uint64_t *h, int64_t k) {
  static const double SPECIAL[8] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1e300, 3e38, -1e-310};
  unsigned b;
  if (r->i < r->n) {
    b = u8(r);
  } else {
    *h = *h * 6364136223846793005ULL + 1442695040888963407ULL;
    b = (unsigned)(*h >> 56) % 248;
  }
  if (b >= 248) return SPECIAL[b - 248];
  /* small values, jittered so that distinct elements are rarely exactly equal */
  uint32_t j = (uint32_t)((uint64_t)(k + 1) * 2654435761u) >> 20;
  return ((double)b - 124.0) / 31.0 + (double)j * 1e-6;
}

/* Position where a vmap in_dim inserts the batch dim into a tensor of nd dims, or -1. */
static int batch_pos(int d, int nd) {
  if (d == ST_UNBATCHED) return -1;
  int p = d < 0 ? nd + 1 + d : d;
  return p >= 0 && p <= nd ? p : -1;
}

/* x with a batch of B lanes at position pos: lane b = x * (1 - 0.3 b) + 0.07 b (level + 1). */
static st_tensor *batched(st_tensor *x, int pos, int64_t B, int level) {
  int64_t s[ST_MAX_DIMS + 1];
  int nd = st_shape(x, s);
  if (nd >= ST_MAX_DIMS) return st_clone(x);
  if (B == 0) {
    memmove(s + pos + 1, s + pos, sizeof(int64_t) * (size_t)(nd - pos));
    s[pos] = 0;
    return st_zeros(st_dtype_of(x), nd + 1, s);
  }
  st_tensor *lanes[4];
  for (int64_t b = 0; b < B; b++)
    lanes[b] = st_add_scalar(st_mul_scalar(x, 1.0 - 0.3 * (double)b), 0.07 * (double)b * (level + 1));
  return st_stack((int)B, lanes, pos);
}

/* ============================================================================ identities */

static bool read_all(st_tensor *t, double **v, int64_t *n) {
  *n = st_numel(t);
  *v = malloc(sizeof(double) * (size_t)(*n > 0 ? *n : 1));
  if (st_to_f64(t, *v, *n)) {
    st_clear_error();
    free(*v);
    *v = NULL;
    return false;
  }
  return true;
}

static bool moderate(const double *v, int64_t n) {
  for (int64_t k = 0; k < n; k++)
    if (!isfinite(v[k]) || fabs(v[k]) > HUGE_OUT) return false;
  return true;
}

static bool same_shape(st_tensor *a, st_tensor *b) {
  int64_t sa[ST_MAX_DIMS], sb[ST_MAX_DIMS];
  int na = st_shape(a, sa), nb = st_shape(b, sb);
  if (na != nb) return false;
  for (int d = 0; d < na; d++)
    if (sa[d] != sb[d]) return false;
  return true;
}

/* vmap(f)(X) against stacking f over the lanes (f: the function below the top layer). */
static void check_vmap_identity(const layer *L, st_tensor *const *X, st_tensor *const *got) {
  if (L->B == 0) return;
  for (int j = 0; j < L->nout; j++)
    if (L->out_dims_set && L->out_dims[j] == ST_UNBATCHED) return;
  st_scope_push();
  int pos[MAX_IN];
  for (int i = 0; i < L->nin; i++) pos[i] = batch_pos(L->in_dims[i], st_ndim(X[i]) - 1);
  st_tensor *lanes[MAX_OUT][4] = {{0}};
  bool ok = true;
  for (int64_t b = 0; ok && b < L->B; b++) {
    st_tensor *xb[MAX_IN];
    for (int i = 0; i < L->nin; i++) xb[i] = pos[i] < 0 ? X[i] : st_select(X[i], pos[i], b);
    st_tensor *o[MAX_OUT] = {0};
    if (st_call(L->below, xb, o)) {
      /* the batched call succeeded but a lane failed: a validation difference, not a value one */
      if (verbose) fprintf(stderr, "vmap identity: lane %lld failed: %s\n", (long long)b, st_last_error());
      ok = false;
      break;
    }
    for (int j = 0; j < L->nout; j++) lanes[j][b] = o[j];
  }
  for (int j = 0; ok && j < L->nout; j++) {
    int od = L->out_dims_set ? L->out_dims[j] : 0;
    st_tensor *want = st_stack((int)L->B, lanes[j], od);
    if (!want) FAIL("stacking the lanes of output %d failed: %s", j, st_last_error());
    if (st_dtype_of(want) != st_dtype_of(got[j]) || !same_shape(want, got[j])) {
      fprintf(stderr, "vmap: ");
      print_shape(stderr, got[j]);
      fprintf(stderr, " loop: ");
      print_shape(stderr, want);
      fprintf(stderr, "\n");
      FAIL("vmap output %d differs in dtype or shape from stacking the lanes", j);
    }
    double *g = NULL, *w = NULL;
    int64_t n, n2;
    if (!read_all(got[j], &g, &n) || !read_all(want, &w, &n2) || !moderate(g, n) || !moderate(w, n2)) {
      free(g);
      free(w);
      continue;
    }
    double scale = 1;
    stats.vmap_checks += j == 0;
    for (int64_t k = 0; k < n; k++) scale = fmax(scale, fabs(w[k]));
    for (int64_t k = 0; k < n; k++)
      if (fabs(g[k] - w[k]) > 1e-9 * scale)
        FAIL("vmap output %d element %lld is %.17g but the loop over the lanes gives %.17g", j, (long long)k,
             g[k], w[k]);
    free(g);
    free(w);
  }
  st_scope_pop();
}

static double dot_terms(st_tensor *a, st_tensor *b, double *abs_sum, bool *ok) {
  double *x = NULL, *y = NULL;
  int64_t n, m;
  double s = 0;
  if (!read_all(a, &x, &n) || !read_all(b, &y, &m) || n != m || !moderate(x, n) || !moderate(y, m)) {
    *ok = false;
  } else {
    for (int64_t k = 0; k < n; k++) {
      s += x[k] * y[k];
      *abs_sum += fabs(x[k] * y[k]);
    }
  }
  free(x);
  free(y);
  return s;
}

/* The two sides of the transposition identity at X: lhs = <u, J v> by st_jvp, rhs = <J^T u, v>
   by st_vjp, and scale = the sum of the magnitudes of every term of both inner products. u is
   drawn on the first call (after the jvp has given the output shapes) and reused. `checked`
   reports the error contract of each call (on the first evaluation only). ok is false when a
   value is not finite or too large to compare. Returns non-zero when a call failed. */
typedef struct {
  double lhs, rhs, scale;
  bool ok;
} identity_sides;

static int transposition_sides(st_func *F, int nin, st_tensor *const *X, int nout,
                               st_tensor *const *v, st_tensor **u, bool checked,
                               identity_sides *r) {
  st_tensor *o[MAX_OUT] = {0}, *jv[MAX_OUT] = {0}, *o2[MAX_OUT] = {0}, *jtu[MAX_IN] = {0};
  st_tensor *vt[MAX_IN]; /* the tangents themselves: st_jvp must not write into them */
  st_func *pb = NULL;
  int64_t s[ST_MAX_DIMS];
  int rc = 0;
  *r = (identity_sides){0, 0, 0, true};
  for (int i = 0; i < nin; i++) vt[i] = v[i];
  st_scope_push();
  if (st_jvp(F, X, vt, o, jv)) {
    if (checked) check_failed("st_jvp (identity)");
    rc = -1;
    goto done;
  }
  if (checked) check_ok("st_jvp (identity)");
  bool any = false;
  for (int j = 0; j < nout; j++) {
    if (!is_float_dt(st_dtype_of(o[j]))) continue;
    if (!u[j]) {
      int nd = st_shape(o[j], s);
      u[j] = st_keep(st_randn(st_dtype_of(o[j]), nd, s));
    }
    any = true;
  }
  if (!any) {
    rc = -1;
    goto done;
  }
  if (st_vjp(F, X, o2, &pb)) {
    if (checked) check_failed("st_vjp (identity)");
    rc = -1;
    goto done;
  }
  if (checked) check_ok("st_vjp (identity)");
  if (st_call(pb, u, jtu)) {
    if (checked) check_failed("the pullback (identity)");
    rc = -1;
    goto done;
  }
  for (int j = 0; j < nout; j++)
    if (u[j] && jv[j]) r->lhs += dot_terms(u[j], jv[j], &r->scale, &r->ok);
  for (int i = 0; i < nin; i++)
    if (jtu[i]) r->rhs += dot_terms(jtu[i], v[i], &r->scale, &r->ok);
  for (int j = 0; verbose && checked && j < nout; j++) {
    if (!u[j] || !jv[j]) continue;
    fprintf(stderr, "  output %d: u and J v\n", j);
    st_print(u[j], stderr);
    st_print(jv[j], stderr);
  }
  for (int i = 0; verbose && checked && i < nin; i++) {
    if (!jtu[i]) continue;
    fprintf(stderr, "  input %d: J^T u and v\n", i);
    st_print(jtu[i], stderr);
    st_print(v[i], stderr);
  }
done:
  st_func_release(pb);
  st_scope_pop();
  return rc;
}

/* A factor in [-1, 1) from the bits of |x|: equal magnitudes get equal factors. */
static double magnitude_hash(double x, unsigned pattern) {
  double a = fabs(x);
  uint64_t b;
  memcpy(&b, &a, sizeof b);
  b ^= 0x9e3779b97f4a7c15ull * pattern;
  b ^= b >> 33, b *= 0xff51afd7ed558ccdull, b ^= b >> 33, b *= 0xc4ceb9fe1a85ec53ull, b ^= b >> 33;
  return (double)(b >> 11) / (double)(1ull << 52) - 1;
}

/* X with every float element scaled by 1 + rel h, h from magnitude_hash: zeros, signs, ties
   and exact cancellations (x + -x) stay as they are, so no kink or branch of the program is
   crossed, while every rounding in it changes (rel is many ulp of the dtype: 1e-12 in f64).
   NULL when a copy fails. */
static bool perturbed_inputs(int nin, st_tensor *const *X, unsigned pattern, double rel,
                             st_tensor **out) {
  int64_t s[ST_MAX_DIMS];
  for (int i = 0; i < nin; i++) {
    double *x = NULL;
    int64_t n;
    out[i] = NULL;
    if (!is_float_dt(st_dtype_of(X[i])) || !read_all(X[i], &x, &n)) return false;
    for (int64_t k = 0; k < n; k++) x[k] *= 1 + rel * magnitude_hash(x[k], pattern);
    int nd = st_shape(X[i], s);
    out[i] = st_to_dtype(st_from_data(ST_F64, nd, s, x), st_dtype_of(X[i]));
    free(x);
    if (!out[i]) return false;
  }
  return true;
}

/* <u, J v> (jvp) = <J^T u, v> (vjp) for the whole stack F, to a tolerance relative to the
   magnitudes of the terms of the two inner products.

   Rounding noise is not a disagreement. When a program computes a quantity that cancels to
   rounding noise inside J (log((exp(a) exp(b) - exp(a + b))^2), a sum of terms that cancel
   before a division), forward and reverse mode round differently and both sides are noise
   of the size of the terms, so they differ far beyond any tolerance although both rules are
   right. Such a result is also unstable: a relative change of the inputs of 1e-12, far below
   what any smooth quantity notices, reorders its roundings and moves it by as much. So a
   disagreement is reported only when it is larger than ten times what either side moves
   under two such perturbations of the inputs (which keep zeros, signs and ties, so no kink is
   crossed); a wrong rule gives a difference of the size of the result itself, which such a
   perturbation does not move (it moves a smooth quantity by about 1e-12 times its condition
   number). */
static void check_transpose_identity(st_func *F, int nin, st_tensor *const *X, int nout) {
  st_scope_push();
  st_manual_seed(1234);
  int64_t s[ST_MAX_DIMS];
  st_tensor *v[MAX_IN], *u[MAX_OUT] = {0};
  for (int i = 0; i < nin; i++) {
    int nd = st_shape(X[i], s);
    v[i] = st_randn(st_dtype_of(X[i]), nd, s);
  }
  identity_sides r;
  if (transposition_sides(F, nin, X, nout, v, u, true, &r)) goto done;
  stats.transpose_checks += r.ok;
  if (verbose)
    fprintf(stderr, "transposition identity: <u, J v> = %.17g, <J^T u, v> = %.17g%s\n", r.lhs,
            r.rhs, r.ok ? "" : " (skipped: values not finite or too large)");
  /* 1e-8 for a program; rounding grows with each derivative taken (terms of 1e7 cancelling in
     a 4th derivative lose ~8 digits): 10x looser per order of the stack */
  double tol = 1e-8 * pow(10.0, S.order), diff = fabs(r.lhs - r.rhs);
  if (!r.ok || diff <= tol * (1 + r.scale)) goto done;
  double moved = 0;
  for (unsigned pattern = 1; pattern <= 2 && isfinite(moved); pattern++) {
    st_tensor *Xp[MAX_IN];
    identity_sides q;
    if (!perturbed_inputs(nin, X, pattern, 1e-12, Xp) ||
        transposition_sides(F, nin, Xp, nout, v, u, false, &q) || !q.ok)
      moved = INFINITY; /* unstable enough to leave the finite values behind */
    else
      moved = fmax(moved, fmax(fabs(q.lhs - r.lhs), fabs(q.rhs - r.rhs)));
    st_clear_error();
  }
  if (verbose)
    fprintf(stderr, "transposition identity: the sides differ by %.3g and move by %.3g when the "
                    "inputs change by 1e-12\n", diff, moved);
  if (10 * moved >= diff) {
    stats.noise_skips++;
    goto done;
  }
  FAIL("<u, J v> = %.17g (jvp) but <J^T u, v> = %.17g (vjp); sum of |terms| %.3g, tolerance %g; "
       "a 1e-12 change of the inputs moves them by %.3g only", r.lhs, r.rhs, r.scale, tol, moved);
done:
  st_scope_pop();
}

/* Plain runs of the program on every lane of the batched inputs (vmap layers from the top),
   for tameness. */
static void plain_lanes(const program *P, st_func *prog, layer *Ls, int top, st_tensor *const *X, int *budget) {
  if (*budget <= 0) return;
  while (top >= 0 && Ls[top].kind != T_VMAP) top--;
  if (top < 0) {
    (*budget)--;
    st_tensor *o[MAX_OUT] = {0};
    if (st_call(prog, X, o) == 0) check_ok("st_call (lane)");
    else st_clear_error();
    return;
  }
  const layer *L = &Ls[top];
  int pos[MAX_IN];
  for (int i = 0; i < P->nin; i++) pos[i] = batch_pos(L->in_dims[i], st_ndim(X[i]) - 1);
  for (int64_t b = 0; b < L->B; b++) {
    st_scope_push();
    st_tensor *xb[MAX_IN];
    for (int i = 0; i < P->nin; i++) xb[i] = pos[i] < 0 ? X[i] : st_select(X[i], pos[i], b);
    plain_lanes(P, prog, Ls, top - 1, xb, budget);
    st_scope_pop();
  }
}

/* The product of the jacobians' basis sizes along the stack when the program's outputs have
   at most N elements: jacfwd's basis is its input, jacrev's its output (the largest one). */
static int64_t smul(int64_t a, int64_t b) { /* saturating at 2^40 */
  const int64_t cap = (int64_t)1 << 40;
  if (a <= 0 || b <= 0) return a * b;
  return a > cap / b ? cap : a * b;
}

static int64_t jac_work_of(const layer *Ls, int nl, const int64_t *base_numel, int nin, int64_t N) {
  int64_t in[MAX_IN], cur = N, work = 1;
  for (int i = 0; i < nin; i++) in[i] = base_numel[i];
  for (int k = 0; k < nl; k++) {
    const layer *L = &Ls[k];
    int64_t max_in = 0, a = L->argnum >= 0 && L->argnum < nin ? in[L->argnum] : 0;
    for (int i = 0; i < nin; i++) max_in = in[i] > max_in ? in[i] : max_in;
    int64_t b = L->B ? L->B : 1, ra = a > 1 ? a : 1;
    switch (L->kind) {
    case T_GRAD: cur = cur > max_in ? cur : max_in; break;
    case T_VJP: cur = max_in; break;
    case T_VMAP:
      cur = smul(cur, b);
      for (int i = 0; i < nin; i++)
        if (L->in_dims[i] != ST_UNBATCHED) in[i] = smul(in[i], b);
      break;
    case T_JACREV: work = smul(work, cur > 1 ? cur : 1), cur = smul(cur, ra); break;
    case T_JACFWD: work = smul(work, ra), cur = smul(cur, ra); break;
    case T_HESSIAN: /* jacfwd(jacrev(f)) */
      work = smul(work, cur > 1 ? cur : 1), cur = smul(cur, ra);
      work = smul(work, ra), cur = smul(cur, ra);
      break;
    default: break;
    }
  }
  return work;
}

/* The largest number of elements of a program output that keeps jac_work_of <= JAC_WORK. */
static int64_t numel_limit_of(const layer *Ls, int nl, const int64_t *base_numel, int nin) {
  if (jac_work_of(Ls, nl, base_numel, nin, (int64_t)1 << 20) <= JAC_WORK) return INT64_MAX;
  int64_t N = 0;
  while (N < 4096 && jac_work_of(Ls, nl, base_numel, nin, N + 1) <= JAC_WORK) N++;
  return N;
}

/* =============================================================================== driver */

/* Two tensors with the same dtype, shape and bytes of values (NaN equal to NaN). */
static bool identical(st_tensor *a, st_tensor *b) {
  if (!a || !b) return a == b;
  if (st_dtype_of(a) != st_dtype_of(b) || !same_shape(a, b)) return false;
  double *va, *vb;
  int64_t na, nb;
  if (!read_all(a, &va, &na)) return false;
  if (!read_all(b, &vb, &nb)) {
    free(va);
    return false;
  }
  bool ok = na == nb;
  for (int64_t k = 0; ok && k < na; k++) ok = va[k] == vb[k] || (isnan(va[k]) && isnan(vb[k]));
  free(va);
  free(vb);
  return ok;
}

/* ========================================================================= st_compile */

/* How a compiled call's outputs must agree with eager's: bit for bit (the built-in executor
   runs the ops' own loops; the "c" backend's code does too when its compiler calls the same
   scalar libm), or up to the vector math library's rounding (the "c" backend's code under a
   compiler that vectorizes calls into it: glibc's libmvec under gcc rounds a few ulp away from
   scalar libm, and only at the elements the vector loop covers). */
typedef enum { SAME_BITS, SAME_UP_TO_ROUNDING } agreement;

/* An absolute and relative tolerance of C_TOL ulp of the dtype: the vector math library's
   error bound (4 ulp in glibc), plus scalar libm's, carried through a few operations. */
#define C_TOL 16.0

/* What eager's outputs do when the inputs move by many ulp (perturbed_inputs, two patterns),
   the noise check of the "c" backend's differences: moved[j][k] is the largest change of
   element k of output j, infinite where it changes between finite and not, or NaN and inf, or
   where the perturbed call fails or gives other shapes. Computed on the first difference
   beyond the tolerance, then reused for both compiled calls. */
typedef struct {
  bool done;
  double *moved[MAX_OUT];
} movement;

/* An ulp of the precision a value was computed in: an f64 program that rounds through f32 (a
   cast, or a promotion to the default dtype) has f32's, whatever its outputs' dtype. */
static double eps_of(st_dtype dt) { return dt == ST_F32 || S.lossy ? 0x1p-23 : 0x1p-52; }

static int value_class(double v) { return isnan(v) ? 0 : isinf(v) ? (v > 0 ? 1 : 2) : 3; }

static void measure_movement(st_func *F, st_tensor *const *X, int nout, st_tensor *const *e,
                             movement *mv) {
  int nin = st_func_nin(F);
  mv->done = true;
  st_scope_push();
  double *ev[MAX_OUT] = {0};
  int64_t n[MAX_OUT] = {0};
  for (int j = 0; j < nout; j++) {
    if (!e[j] || !read_all(e[j], &ev[j], &n[j])) continue;
    mv->moved[j] = calloc((size_t)(n[j] > 0 ? n[j] : 1), sizeof(double));
  }
  /* many ulp of the working precision: 1e-12 in f64 (as the transposition check), 2^-16 in f32
     or in an f64 program that rounds through f32 */
  double rel = st_dtype_of(X[0]) == ST_F32 || S.lossy ? 0x1p-16 : 1e-12;
  for (unsigned pattern = 1; pattern <= 2; pattern++) {
    st_tensor *Xp[MAX_IN], *o[MAX_OUT] = {0};
    st_manual_seed(11);
    bool ok = perturbed_inputs(nin, X, pattern, rel, Xp) && st_call(F, Xp, o) == 0;
    st_clear_error();
    for (int j = 0; j < nout; j++) {
      if (!mv->moved[j]) continue;
      double *pv = NULL;
      int64_t pn = 0;
      bool same = ok && o[j] && st_dtype_of(o[j]) == st_dtype_of(e[j]) && same_shape(o[j], e[j]) &&
                  read_all(o[j], &pv, &pn);
      for (int64_t k = 0; k < n[j]; k++) {
        double d = !same || value_class(pv[k]) != value_class(ev[j][k]) ? INFINITY
                   : isfinite(pv[k])                                    ? fabs(pv[k] - ev[j][k])
                                                                        : 0;
        mv->moved[j][k] = fmax(mv->moved[j][k], d);
      }
      free(pv);
    }
  }
  for (int j = 0; j < nout; j++) free(ev[j]);
  st_scope_pop();
}

/* The largest finite magnitude among the tensors' values. */
static double magnitude_of(int n, st_tensor *const *t) {
  double m = 0;
  for (int i = 0; i < n; i++) {
    double *v = NULL;
    int64_t nv;
    if (!t[i] || !is_float_dt(st_dtype_of(t[i])) || !read_all(t[i], &v, &nv)) continue;
    for (int64_t k = 0; k < nv; k++)
      if (isfinite(v[k])) m = fmax(m, fabs(v[k]));
    free(v);
  }
  return m;
}

/* Output j of a "c" call (got) against eager's (want), up to the vector math library's
   rounding. An element passes when it is equal (NaN to NaN), or finite on both sides and within
   C_TOL ulp relative to it plus C_TOL ulp of mag, the largest value flowing through the program
   (what a few-ulp error of an intermediate becomes after it cancels). Beyond that, a difference
   is rounding noise only when eager itself moves by a tenth of it or more when its inputs move
   by many ulp (the transposition check's argument: a wrong value is of the size of the result,
   which such a perturbation does not move; a value amplified from rounding moves by as much).
   NaN and inf positions must match unless eager leaves or enters them under the perturbation.
   Returns whether a difference was skipped as noise; *rounded says one was within tolerance. */
static bool check_close(st_func *F, st_tensor *const *X, int nout, st_tensor *const *e, int j,
                        st_tensor *got, double mag, movement *mv, int call, bool *rounded) {
  st_tensor *want = e[j];
  if (!got || !want || st_dtype_of(got) != st_dtype_of(want) || !same_shape(got, want))
    FAIL("backend \"c\", call %d: output %d differs from eager in dtype or shape", call, j);
  double *g = NULL, *w = NULL;
  int64_t n, n2;
  if (!read_all(got, &g, &n) || !read_all(want, &w, &n2))
    FAIL("backend \"c\", call %d: reading output %d failed", call, j);
  double eps = is_float_dt(st_dtype_of(want)) ? eps_of(st_dtype_of(want)) : 0;
  bool noise = false;
  for (int64_t k = 0; k < n; k++) {
    if (g[k] == w[k] || (isnan(g[k]) && isnan(w[k]))) continue;
    bool finite = isfinite(g[k]) && isfinite(w[k]);
    double diff = finite ? fabs(g[k] - w[k]) : INFINITY;
    if (finite && diff <= C_TOL * eps * (fabs(w[k]) + mag)) {
      *rounded = true;
      continue;
    }
    if (!mv->done) measure_movement(F, X, nout, e, mv);
    double moved = mv->moved[j] ? mv->moved[j][k] : INFINITY;
    if (verbose)
      fprintf(stderr,
              "backend \"c\", call %d: output %d element %lld is %.17g, eager %.17g; eager "
              "moves by %.3g under a perturbation of its inputs\n",
              call, j, (long long)k, g[k], w[k], moved);
    if (10 * moved >= diff) {
      noise = true;
      continue;
    }
    FAIL("backend \"c\", call %d: output %d element %lld is %.17g but eager gives %.17g "
         "(tolerance %.3g; eager moves by %.3g only when its inputs move by many ulp)",
         call, j, (long long)k, g[k], w[k], C_TOL * eps * (fabs(w[k]) + mag), moved);
  }
  free(g);
  free(w);
  return noise;
}

/* st_compile(F, opts) on X: its first call (the capture, which runs F) and its second (the
   graph, or eager again where the capture fell back) fail where F fails and otherwise agree
   with F's results as `how` says; each starts from the same generator state. */
static void check_compiled_with(st_func *F, st_tensor *const *X, const st_compile_opts *opts,
                                agreement how) {
  int nout = st_func_nout(F);
  const char *backend = opts && opts->backend ? opts->backend : "interp";
  S.compiling = true;
  st_func *C = st_compile(F, opts);
  if (!C) FAIL("st_compile (backend \"%s\") failed: %s", backend, st_last_error());
  st_tensor *e[MAX_OUT] = {0};
  st_manual_seed(11);
  int erc = st_call(F, X, e);
  movement mv = {0};
  double mag = 0;
  if (how == SAME_UP_TO_ROUNDING && !erc)
    mag = fmax(S.magnitude, fmax(magnitude_of(st_func_nin(F), X), magnitude_of(nout, e)));
  bool noise = false, rounded = false;
  for (int call = 0; call < 2; call++) {
    st_tensor *r[MAX_OUT] = {0};
    st_manual_seed(11);
    int rc = st_call(C, X, r);
    if (!!rc != !!erc)
      FAIL("compiled call %d (backend \"%s\") %s where eager %s: %s", call, backend,
           rc ? "failed" : "succeeded", erc ? "failed" : "succeeded", rc ? st_last_error() : "");
    if (rc) {
      check_failed("st_call (compiled)");
      continue;
    }
    check_ok("st_call (compiled)");
    for (int j = 0; j < nout; j++) {
      if (how == SAME_UP_TO_ROUNDING)
        noise |= check_close(F, X, nout, e, j, r[j], mag, &mv, call, &rounded);
      else if (!identical(r[j], e[j]))
        FAIL("compiled call %d (backend \"%s\"): output %d differs from eager", call, backend, j);
    }
  }
  for (int j = 0; j < nout; j++) free(mv.moved[j]);
  stats.c_noise_skips += noise;
  stats.c_rounded += rounded && !noise;
  st_func_release(C);
  S.compiling = false;
}

/* The "c" backend's compilers and cache. The system compiler (STRATA_CC, else cc: the
   backend's default) is checked up to rounding: under gcc its vectorized loops call libmvec.
   clang (the fuzz targets' compiler, FUZZ_EXACT_CC) calls scalar libm, which the library's
   loops call too in this clang-built library (the libmvec declarations are gcc's), so its code
   must equal eager's bit for bit: that check finds a wrong generated loop however small its
   error. The cache is a folder of this process's own under /tmp (STRATA_CACHE_DIR), removed
   at exit, so runs leave nothing in the user's cache. */
#ifndef FUZZ_EXACT_CC
#define FUZZ_EXACT_CC "clang"
#endif
static struct {
  char dir[64];
  char *system_cc; /* STRATA_CC as the run found it, or NULL */
  bool have_system_cc, have_exact_cc;
} cgen;

/* A command the way posix_spawnp finds it: a path, or a name on PATH. */
static bool on_path(const char *cmd) {
  if (strchr(cmd, '/')) return access(cmd, X_OK) == 0;
  const char *path = getenv("PATH");
  char buf[4096];
  for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
    size_t n = strcspn(p, ":");
    if (snprintf(buf, sizeof buf, "%.*s/%s", (int)n, n ? p : ".", cmd) < (int)sizeof buf &&
        access(buf, X_OK) == 0)
      return true;
    p += n + (p[n] == ':');
  }
  return false;
}

/* Runs before print_stats (atexit's order), which reports the objects it counts. */
static void remove_cache_dir(void) {
  DIR *d = opendir(cgen.dir);
  if (d) {
    char path[512];
    for (struct dirent *f; (f = readdir(d));) {
      if (!strcmp(f->d_name, ".") || !strcmp(f->d_name, "..")) continue;
      snprintf(path, sizeof path, "%s/%s", cgen.dir, f->d_name);
      size_t n = strlen(f->d_name);
      stats.c_objects += n > 3 && !strcmp(f->d_name + n - 3, ".so");
      unlink(path);
    }
    closedir(d);
  }
  rmdir(cgen.dir);
  free(cgen.system_cc);
}

static void cgen_init(void) {
  snprintf(cgen.dir, sizeof cgen.dir, "/tmp/strata-fuzz-cgen-XXXXXX");
  if (!mkdtemp(cgen.dir)) FAIL("cannot make a cache folder %s", cgen.dir);
  setenv("STRATA_CACHE_DIR", cgen.dir, 1);
  atexit(remove_cache_dir);
  const char *cc = getenv("STRATA_CC");
  cgen.system_cc = cc && cc[0] ? strdup(cc) : NULL;
  cgen.have_system_cc = on_path(cc && cc[0] ? cc : "cc");
  cgen.have_exact_cc = on_path(FUZZ_EXACT_CC);
}

/* One in C_EVERY programs (by a hash of the input bytes, so a reproducer repeats it) goes
   through the "c" backend: a new graph costs a compiler run (~50 ms, where a run averages
   ~6 ms), and the programs picked alternate between the two compilers. */
#ifndef C_EVERY
#define C_EVERY 16
#endif

static void check_compiled_c(st_func *F, st_tensor *const *X, uint32_t input_hash) {
  if (input_hash % C_EVERY) return;
  bool exact = (input_hash / C_EVERY) & 1;
  if (!(exact ? cgen.have_exact_cc : cgen.have_system_cc)) {
    stats.c_no_compiler++;
    return;
  }
  if (exact) setenv("STRATA_CC", FUZZ_EXACT_CC, 1);
  st_compile_opts o = {.backend = "c"};
  check_compiled_with(F, X, &o, exact ? SAME_BITS : SAME_UP_TO_ROUNDING);
  if (cgen.system_cc)
    setenv("STRATA_CC", cgen.system_cc, 1);
  else
    unsetenv("STRATA_CC");
  stats.c_checks += !exact;
  stats.c_exact_checks += exact;
}

/* The default backend, bit for bit. */
static void check_compiled(st_func *F, st_tensor *const *X) {
  check_compiled_with(F, X, NULL, SAME_BITS);
  stats.compile_checks++;
}

static uint32_t input_hash(const uint8_t *data, size_t size) { /* FNV-1a */
  uint32_t h = 2166136261u;
  for (size_t k = 0; k < size; k++) h = (h ^ data[k]) * 16777619u;
  return mix32(h);
}

static void run(const uint8_t *data, size_t size) {
  reader r = {data, size, 0};
  memset(&S, 0, sizeof S);
  program P;
  memset(&P, 0, sizeof P);
  unsigned h = u8(&r);
  P.dt = h & 1 ? ST_F32 : ST_F64;
  if ((h & 6) == 6) P.dt = ST_F64; /* f64 on 3/4 */
  P.nin = 1 + (int)(((h >> 3) & 3) % 3);
  P.nout = 1 + (int)((h >> 5) & 1);
  int depth = (int)((h >> 6) & 3);
  int nd[MAX_IN];
  int64_t shapes[MAX_IN][ST_MAX_DIMS];
  for (int i = 0; i < P.nin; i++) {
    unsigned b = u8(&r);
    nd[i] = (int)(b % 4);
    for (int d = 0; d < nd[i]; d++) {
      unsigned c = (b >> (2 + 2 * d)) & 3;          /* sizes 1..4 from this byte */
      shapes[i][d] = c + 1;
      if (d == 0 && (b & 0xC0) == 0xC0 && (u8(&r) & 7) == 0) shapes[i][d] = 0; /* empty, now and then */
    }
  }
  P.nops = (int)pick(&r, MAX_OPS + 1);
  for (int k = 0; k < P.nops; k++) {
    P.ops[k].kind = (uint8_t)pick(&r, K_COUNT);
    S.data_dependent |= P.ops[k].kind == K_COND;
    for (int j = 0; j < ARG_BYTES; j++) P.ops[k].a[j] = (uint8_t)u8(&r);
  }
  P.out_sel[0] = (uint8_t)u8(&r);
  P.out_sel[1] = (uint8_t)u8(&r);
  uint8_t stack_bytes[MAX_LAYERS * 4];
  for (int k = 0; k < MAX_LAYERS * 4; k++) stack_bytes[k] = (uint8_t)u8(&r);

  S.prog = &P;
  S.tame = true;
  st_manual_seed(7);
  st_scope_push();

  /* the unbatched inputs */
  uint64_t hash = 0x9E3779B97F4A7C15ULL ^ size;
  st_tensor *base[MAX_IN];
  int64_t total = 0;
  for (int i = 0; i < P.nin; i++) {
    int64_t n = 1;
    for (int d = 0; d < nd[i]; d++) n *= shapes[i][d];
    double v[64];
    for (int64_t k = 0; k < n; k++) {
      v[k] = value_of(&r, &hash, total + k);
      if (!isfinite(v[k]) || fabs(v[k]) > TAME) S.tame = false;
    }
    total += n;
    base[i] = st_from_data(ST_F64, nd[i], shapes[i], v);
    if (P.dt != ST_F64) base[i] = st_to_dtype(base[i], P.dt);
    if (!base[i]) FAIL("making input %d failed: %s", i, st_last_error());
  }

  st_func *prog = st_func_new(program_fn, &P, P.nin, P.nout);
  if (verbose) {
    fprintf(stderr, "program: %s, %d inputs:", st_dtype_name(P.dt), P.nin);
    for (int i = 0; i < P.nin; i++) {
      fprintf(stderr, " ");
      print_shape(stderr, base[i]);
    }
    fprintf(stderr, ", %d ops, %d outputs (sel %u %u)\n", P.nops, P.nout, P.out_sel[0], P.out_sel[1]);
  }

  /* 1. the transform stack, innermost first */
  layer Ls[MAX_LAYERS];
  int nl = 0;
  st_func *top = prog;
  reader sr = {stack_bytes, sizeof stack_bytes, 0};
  int64_t numel[MAX_IN], jac_work = 1; /* of the inputs each layer sees */
  for (int i = 0; i < P.nin; i++) numel[i] = st_numel(base[i]);
  int order = 0; /* derivative order along the stack: at most 3 (the identity adds one), for time */
  for (int k = 0; k < depth; k++) {
    if (!make_layer(&sr, &Ls[nl], top, P.nin, numel, &jac_work)) {
      st_func_release(Ls[nl].aux);
      break;
    }
    int o = order + (Ls[nl].kind == T_HESSIAN ? 2 : Ls[nl].kind != T_VMAP);
    if (o > 3) {
      st_func_release(Ls[nl].f);
      st_func_release(Ls[nl].aux);
      break;
    }
    order = o;
    top = Ls[nl].f;
    if (verbose) print_layer(&Ls[nl]);
    if (Ls[nl].kind == T_VMAP)
      for (int i = 0; i < P.nin; i++)
        if (Ls[nl].in_dims[i] != ST_UNBATCHED) numel[i] *= Ls[nl].B;
    nl++;
  }

  S.order = order;
  int64_t base_numel[MAX_IN];
  for (int i = 0; i < P.nin; i++) base_numel[i] = st_numel(base[i]);
  S.numel_limit = numel_limit_of(Ls, nl, base_numel, P.nin);
  for (int k = 0, rev = 0; k < nl; k++) {
    tkind t = Ls[k].kind;
    S.fwd_over_rev |= t == T_HESSIAN || (rev && (t == T_JVP || t == T_JACFWD));
    rev |= t == T_GRAD || t == T_VJP || t == T_JACREV;
  }
  for (int k = 0; k < nl; k++)
    S.vmap_levels += Ls[k].kind == T_VMAP || Ls[k].kind == T_JACREV || Ls[k].kind == T_JACFWD ? 1
                     : Ls[k].kind == T_HESSIAN                                            ? 2
                                                                                          : 0;

  /* 2. plainly, recording which ops succeed */
  S.mode = RUN_RECORD;
  st_tensor *plain_out[MAX_OUT] = {0};
  int prc = st_call(prog, base, plain_out);
  if (prc) check_failed("st_call (plain)");
  else check_ok("st_call (plain)");
  stats.runs++;
  stats.plain_ok += prc == 0;
  stats.stacks += nl > 0;
  if (verbose) {
    for (int i = 0; i < P.nin; i++) {
      fprintf(stderr, "  input %d:\n", i);
      st_print(base[i], stderr);
    }
    fprintf(stderr, "plain run: %s\n", prc ? st_last_error() : "ok");
  }

  /* 3. inputs for the stack: every vmap layer, innermost first, adds its batch dim */
  st_tensor *X[MAX_IN];
  for (int i = 0; i < P.nin; i++) X[i] = base[i];
  for (int k = 0; k < nl; k++) {
    if (Ls[k].kind != T_VMAP) continue;
    for (int i = 0; i < P.nin; i++) {
      int pos = batch_pos(Ls[k].in_dims[i], st_ndim(X[i]));
      if (pos < 0) continue;
      st_tensor *bx = batched(X[i], pos, Ls[k].B, k);
      if (!bx) FAIL("batching input %d failed: %s", i, st_last_error());
      X[i] = bx;
    }
  }

  /* 4. plain runs on every lane, for tameness */
  S.mode = RUN_PLAIN;
  int budget = 27;
  if (nl) plain_lanes(&P, prog, Ls, nl - 1, X, &budget);

  /* 5. under the stack */
  S.mode = RUN_TRANSFORMED;
  bool stack_ok = true;
  if (nl) {
    st_tensor *out[MAX_OUT] = {0};
    int rc = st_call(top, X, out);
    stack_ok = rc == 0;
    stats.stack_ok += stack_ok;
    if (rc) {
      check_failed("st_call (stack)");
      for (int j = 0; j < MAX_OUT; j++)
        if (out[j]) FAIL("a failed st_call left output %d", j);
    } else {
      check_ok("st_call (stack)");
    }
    if (verbose) fprintf(stderr, "stack run: %s\n", rc ? st_last_error() : "ok");
    bool checkable = !rc && !prc && P.dt == ST_F64 && S.tame && !S.lossy;
    if (checkable && Ls[nl - 1].kind == T_VMAP) check_vmap_identity(&Ls[nl - 1], X, out);
  }

  /* 6. the transposition identity over the whole stack */
  if (!prc && stack_ok && P.dt == ST_F64 && S.tame && !S.lossy) {
    S.mode = RUN_TRANSFORMED;
    check_transpose_identity(top, P.nin, X, st_func_nout(top));
  }

  /* 7. compiled: the stack (or the program) through st_compile, captured and then replayed, on
     the stack's inputs and, for the program, also on the unbatched ones (a new signature) */
  S.mode = nl ? RUN_TRANSFORMED : RUN_PLAIN;
  check_compiled(top, X);
  check_compiled_c(top, X, input_hash(data, size));
  if (nl) {
    S.mode = RUN_PLAIN;
    check_compiled(prog, base);
  }

  for (int k = nl - 1; k >= 0; k--) {
    st_func_release(Ls[k].f);
    st_func_release(Ls[k].aux);
  }
  st_func_release(prog);
  st_scope_pop();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  const char *v = getenv("FUZZ_VERBOSE");
  verbose = v && v[0] && v[0] != '0';
  const char *st = getenv("FUZZ_STATS");
  if (st && st[0] && st[0] != '0') atexit(print_stats);
  st_set_num_threads(1);
  cgen_init();
  return 0;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int64_t live = st_live_objects();
  double t0 = now_ms();
  run(data, size);
  double ms = now_ms() - t0;
  stats.total_ms += ms;
  stats.max_ms = ms > stats.max_ms ? ms : stats.max_ms;
  stats.over_10ms += ms > 10;
  if (ms > 30 && getenv("FUZZ_STATS")) {
    fprintf(stderr, "slow run (%.1f ms):", ms);
    for (size_t i = 0; i < size && i < 64; i++) fprintf(stderr, " %02x", data[i]);
    fprintf(stderr, "\n");
  }
  st_clear_error();
  int64_t now = st_live_objects();
  if (now != live) FAIL("%lld strata objects leaked (live before %lld, after %lld)", (long long)(now - live),
                        (long long)live, (long long)now);
  return 0;
}
