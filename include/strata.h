/* strata.h — the one public header of strata, a C11 library for differentiable tensor programs.
 *
 * What is not declared here is private. Every call states who owns what:
 *
 *   - A function returning `st_tensor *` returns a reference the caller owns, or NULL on failure.
 *     Who releases it: while a scope is open (st_scope_push), the innermost scope does, at
 *     st_scope_pop, unless you move it out with st_keep or release it early with st_release
 *     (the scope then forgets it); with no scope open, you release it with st_release. Results
 *     written through `st_tensor **out` parameters (st_call, st_vjp, multi-output ops) follow the
 *     same rule. So inside a scope, do not st_release a result and then let the scope pop it
 *     too: st_release already told the scope. Every call returns a distinct tensor object, even
 *     when it shares storage with an argument.
 *   - Every `st_tensor *` argument is BORROWED (the callee retains what it keeps).
 *   - Function values (`st_func *`), including *pullback and *jvp_fn, are new references you
 *     release with st_func_release; scopes track tensors only.
 *   - A function returning `int` returns 0 on success and a negative `st_status` on failure.
 *   - On failure the thread-local error is set (st_last_status, st_last_error); a successful call
 *     clears it. An op given a NULL tensor argument returns NULL and reports the failure that
 *     produced the NULL, even when other calls succeeded in between, so a nested expression
 *     such as st_add(st_mul(a, b), st_exp(c)) is checked once at the end and an out-of-memory
 *     inside st_mul is reported as out of memory. Reading or clearing the error ends that.
 *   - Dimensions may be negative and count from the end, as in PyTorch and NumPy.
 *   - No call aborts the process on bad input; a failed call changes none of its inputs and
 *     leaks nothing, whichever allocation fails.
 *
 * A first program:
 *
 *     #include <strata.h>
 *     int main(void) {
 *       st_scope_push();                                   // releases what is not kept
 *       st_tensor *a = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
 *       st_tensor *b = st_full(ST_F64, ST_SHAPE(2), 10.0);
 *       st_tensor *c = st_softmax(st_matmul(st_add(a, b), a), -1);
 *       if (!c) { fprintf(stderr, "%s\n", st_last_error()); return 1; }
 *       st_print(c, stdout);
 *       st_scope_pop();
 *       return 0;
 *     }
 */
#ifndef STRATA_H
#define STRATA_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ================================================================================== version */

#define ST_VERSION_MAJOR 0
#define ST_VERSION_MINOR 1
#define ST_VERSION_PATCH 0
#define ST_VERSION "0.1.0"
/* major * 10000 + minor * 100 + patch; compare with st_version_number() at run time. */
#define ST_VERSION_NUMBER (ST_VERSION_MAJOR * 10000 + ST_VERSION_MINOR * 100 + ST_VERSION_PATCH)
int st_version_number(void);
const char *st_version(void); /* static string, e.g. "0.1.0" */

/* =================================================================================== errors */

#define ST_STATUS_MAP(X)                                                                           \
  X(OK, 0, "ok")                                                                                   \
  X(ERR_ARG, -1, "invalid argument")                                                               \
  X(ERR_SHAPE, -2, "shape mismatch")                                                               \
  X(ERR_DTYPE, -3, "dtype mismatch")                                                               \
  X(ERR_OOM, -4, "out of memory")                                                                  \
  X(ERR_AUTOGRAD, -5, "autograd error")                                                            \
  X(ERR_INPLACE, -6, "in-place error")                                                             \
  X(ERR_TRANSFORM, -7, "transform error")                                                          \
  X(ERR_UNSUPPORTED, -8, "unsupported")                                                            \
  X(ERR_IO, -9, "i/o error")

typedef enum {
#define ST__STATUS_ENUM(name, value, text) ST_##name = value,
  ST_STATUS_MAP(ST__STATUS_ENUM)
#undef ST__STATUS_ENUM
} st_status;

st_status st_last_status(void);
/* The last call's status and message ("" when it succeeded; valid until the next call). Reading
   either ends a NULL-propagating expression: a later NULL argument is reported as such. */
const char *st_last_error(void);
void st_clear_error(void);
const char *st_status_name(st_status s); /* static string, e.g. "shape mismatch" */

/* ============================================================================ dtypes, shapes */

/* ST_F16 is IEEE binary16, ST_BF16 bfloat16 (the top half of an f32), ST_U8 unsigned; the
   others signed. The six after ST_BOOL are stored, converted (st_to_dtype, st_copy_: PyTorch's
   rounding: to nearest even for f16/bf16, through f32 from f64; float to integer truncates,
   integers wrap), created (st_zeros, st_full, st_from_data, ...), printed, read (st_item) and
   saved/loaded (safetensors and .npy, but bf16 in .npy). The elementwise ops compute them in
   their wide dtype (f16 and bf16 in f32, integers in i64), rounding each result once to the
   tensor's dtype; every other op runs on the inputs converted to the wide dtype and rounds its
   results back (sum and matmul of f16 are f16, amax of u8 is u8, sum of u8 is i64 as in torch).
   Gradients flow through f16 and bf16 as through f32. */
typedef enum { ST_F32, ST_F64, ST_I64, ST_BOOL, ST_F16, ST_BF16, ST_I32, ST_I16, ST_I8, ST_U8 } st_dtype;

/* "f32", "f64", "i64", "bool", "f16", "bf16", "i32", "i16", "i8", "u8"; "?" when invalid */
const char *st_dtype_name(st_dtype dt);
size_t st_dtype_size(st_dtype dt); /* bytes per element; 0 when invalid */
/* PyTorch's promotion of two tensor dtypes (torch.promote_types): bool < integers < floats;
   the wider of two signed or two unsigned integers, u8 with a signed one the signed type wide
   enough for both (u8 and i8 give i16); an integer with a float the float; f16 with bf16 f32. */
st_dtype st_promote_types(st_dtype a, st_dtype b);

/* The most dims a tensor has, counting the batch dims vmap and jacobians add inside transforms:
   a Jacobian of a function of 8-dim tensors (16 dims) fits. */
#define ST_MAX_DIMS 16

/* ST_SHAPE(2, 3) expands to: 2, (const int64_t[]){2, 3}, so shape-taking calls read
   st_zeros(ST_F32, ST_SHAPE(2, 3)). ST_SHAPE() with no dims is not valid C; use 0, NULL. */
#define ST__NARG(...) ST__NARG_(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define ST__NARG_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, N, ...) N
#define ST_SHAPE(...) ST__NARG(__VA_ARGS__), (const int64_t[]){__VA_ARGS__}

typedef struct st_tensor st_tensor; /* opaque, refcounted */
typedef struct st_func st_func;     /* opaque, refcounted function value */

/* ================================================================================= lifetime */

st_tensor *st_retain(st_tensor *t); /* returns t; NULL is a no-op */
void st_release(st_tensor *t);      /* NULL is a no-op */

/* Scopes: every reference returned while a scope is open is also recorded in it; st_scope_pop
   releases those that were neither kept nor released. Releasing a recorded reference yourself is
   allowed: the scope then forgets it (st_release gives back a recorded reference first, when the
   tensor has one). To hold a tensor past its scope use st_keep, not st_retain. Scopes nest and
   are per thread: release a recorded reference on the thread that recorded it. */
int st_scope_push(void); /* 0, or ST_ERR_OOM: no scope opened, and the matching pop does nothing */
void st_scope_pop(void);
st_tensor *st_keep(st_tensor *t); /* move t to the enclosing scope (or to the caller); returns t */

/* Live strata objects (tensors, storages, function values, graph nodes) on all threads. Tests
   use it to check that nothing leaked. */
int64_t st_live_objects(void);

/* One allocator hook for every allocation strata makes (Lua's lua_Alloc). alloc returns memory
   aligned to `align` (a power of two) or NULL; free receives what alloc returned and its size.
   Set it before any other strata call, or between calls when no strata object is alive. NULL
   restores the default (aligned_alloc/free). */
typedef struct {
  void *(*alloc)(void *user, size_t size, size_t align);
  void (*free)(void *user, void *ptr, size_t size);
  void *user;
} st_allocator;
void st_set_allocator(const st_allocator *a);

/* Testing aid: on this thread, the n-th allocation from now on fails (n >= 1; 0 disables). Only
   that one fails; the ones after it succeed again. */
void st_debug_fail_alloc_after(int64_t n);
/* Allocations left before the armed failure (0: none armed, or it has happened). */
int64_t st_debug_fail_alloc_remaining(void);
int64_t st_debug_alloc_count(void); /* allocations this thread has asked for so far */

/* Intra-op threads (OpenMP). n < 1 restores the default (the number of cores). Per thread. Small
   tensors always run on one thread. */
void st_set_num_threads(int n);
int st_get_num_threads(void);

/* ==================================================================== creation and inspection */

st_tensor *st_from_data(st_dtype dt, int ndim, const int64_t *shape, const void *data); /* copies */
st_tensor *st_zeros(st_dtype dt, int ndim, const int64_t *shape);
st_tensor *st_ones(st_dtype dt, int ndim, const int64_t *shape);
st_tensor *st_full(st_dtype dt, int ndim, const int64_t *shape, double value);
st_tensor *st_scalar(st_dtype dt, double value); /* 0-dim */
/* Values start, start+step, ... below end (above end when step < 0). */
st_tensor *st_arange(st_dtype dt, double start, double end, double step);
/* steps values from start to end inclusive (steps >= 0). */
st_tensor *st_linspace(st_dtype dt, double start, double end, int64_t steps);
st_tensor *st_eye(st_dtype dt, int64_t n, int64_t m); /* n x m identity */
st_tensor *st_zeros_like(st_tensor *t);
st_tensor *st_ones_like(st_tensor *t);
st_tensor *st_full_like(st_tensor *t, double value);

/* Random tensors draw from this thread's counter-based generator (Philox 4x32-10): a given seed
   gives the same values on every machine and for every thread count. */
void st_manual_seed(uint64_t seed);
st_tensor *st_rand(st_dtype dt, int ndim, const int64_t *shape);  /* U[0,1) */
st_tensor *st_randn(st_dtype dt, int ndim, const int64_t *shape); /* N(0,1) */
/* Integers uniform in [low, high); dt may be ST_I64, ST_F32 or ST_F64. */
st_tensor *st_randint(st_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape);
st_tensor *st_rand_like(st_tensor *t);
st_tensor *st_randn_like(st_tensor *t);
/* U[low, high) and N(mean, std^2): low + (high - low) * st_rand and mean + std * st_randn,
   drawing what those draw (torch's uniform_ / normal_). low <= high finite; std >= 0. */
st_tensor *st_rand_uniform(st_dtype dt, int ndim, const int64_t *shape, double low, double high);
st_tensor *st_randn_normal(st_dtype dt, int ndim, const int64_t *shape, double mean, double std);
st_tensor *st_randperm(int64_t n); /* ST_I64 [n]: a random permutation of 0 .. n-1 */

/* Inspection. Given NULL (or a bad dim or array) these set ST_ERR_ARG and return the value
   shown; a NULL that a failed call returned keeps that call's error, as for ops. A successful
   inspection leaves the error state as it was, so that it can sit between a failed call and
   st_last_error. */
int st_ndim(const st_tensor *t);                /* -1 for NULL */
int64_t st_size(const st_tensor *t, int dim);   /* -1 for NULL or a dim out of range */
int64_t st_stride(const st_tensor *t, int dim); /* in elements; -1 as st_size */
int64_t st_numel(const st_tensor *t);           /* -1 for NULL */
st_dtype st_dtype_of(const st_tensor *t);       /* ST_F32 (and the error) for NULL */
/* Writes the ndim sizes to shape (which holds at least ST_MAX_DIMS); returns ndim, or -1. */
int st_shape(const st_tensor *t, int64_t *shape);
bool st_is_contiguous(const st_tensor *t); /* false for NULL */
/* Address of the first element (storage base + offset), borrowed: valid while t or a view of its
   storage is alive. Writing through it bypasses autograd's version counter. NULL for NULL, and
   (ST_ERR_TRANSFORM) for a tensor batched by st_vmap. */
void *st_data_ptr(const st_tensor *t);
/* Copies the values, in row-major logical order, converted to double; returns 0, or an error if
   n != numel. */
int st_to_f64(const st_tensor *t, double *dst, int64_t n);
double st_item(const st_tensor *t); /* one-element tensor; NaN and an error otherwise */
/* PyTorch's layout: tensor([[1., 2.], [3., 4.]], dtype=f64). Long tensors are summarized. A
   NULL t prints "NULL tensor" and is reported as an inspection's NULL (above); a NULL f is
   ST_ERR_ARG, a stream that fails while printing ST_ERR_IO. Success leaves the error alone. */
void st_print(const st_tensor *t, FILE *f);

st_tensor *st_to_dtype(st_tensor *t, st_dtype dt); /* a copy, even when the dtype matches */
st_tensor *st_clone(st_tensor *t);                 /* a contiguous copy */
/* A contiguous copy, or when t is contiguous already a view of it (shares storage; a distinct
   object whose gradient flows back to t). */
st_tensor *st_contiguous(st_tensor *t);

/* ================================================================== ops: elementwise, unary */

/* Float ops on i64/bool inputs compute in f32, as PyTorch does. */
st_tensor *st_neg(st_tensor *a);
st_tensor *st_abs(st_tensor *a);
st_tensor *st_sign(st_tensor *a);
st_tensor *st_exp(st_tensor *a);
st_tensor *st_expm1(st_tensor *a);
st_tensor *st_log(st_tensor *a);
st_tensor *st_log1p(st_tensor *a);
st_tensor *st_sqrt(st_tensor *a);
st_tensor *st_rsqrt(st_tensor *a);
st_tensor *st_square(st_tensor *a);
st_tensor *st_reciprocal(st_tensor *a);
st_tensor *st_sin(st_tensor *a);
st_tensor *st_cos(st_tensor *a);
st_tensor *st_tan(st_tensor *a);
st_tensor *st_tanh(st_tensor *a);
st_tensor *st_sigmoid(st_tensor *a);
st_tensor *st_relu(st_tensor *a);
st_tensor *st_gelu(st_tensor *a); /* x * Phi(x), the erf form */
st_tensor *st_silu(st_tensor *a);
st_tensor *st_softplus(st_tensor *a); /* log(1 + exp(x)), stable */
st_tensor *st_erf(st_tensor *a);
st_tensor *st_floor(st_tensor *a);
st_tensor *st_ceil(st_tensor *a);
st_tensor *st_round(st_tensor *a); /* half to even, as torch.round */
st_tensor *st_asin(st_tensor *a);
st_tensor *st_acos(st_tensor *a);
st_tensor *st_atan(st_tensor *a);
st_tensor *st_sinh(st_tensor *a);
st_tensor *st_cosh(st_tensor *a);
st_tensor *st_asinh(st_tensor *a);
st_tensor *st_acosh(st_tensor *a);
st_tensor *st_atanh(st_tensor *a);
st_tensor *st_log2(st_tensor *a);  /* base-2 logarithm */
st_tensor *st_log10(st_tensor *a); /* base-10 logarithm */
st_tensor *st_exp2(st_tensor *a);  /* 2^a */
/* Pass -INFINITY / INFINITY for a missing bound. min > max gives max everywhere (PyTorch). */
st_tensor *st_clamp(st_tensor *a, double min, double max);
/* torch.clamp with tensor bounds: min and max (either may be NULL, not both) broadcast with a and
   the three promote (torch.result_type); NaN in any gives NaN; min > max gives max. */
st_tensor *st_clamp_tensor(st_tensor *a, st_tensor *min, st_tensor *max);

/* ================================================================= ops: elementwise, binary */

/* NumPy broadcasting and PyTorch type promotion (a 0-dim tensor does not promote a dimensioned
   one of the same kind: f32[3] + f64[] is f32[3]). */
st_tensor *st_add(st_tensor *a, st_tensor *b);
st_tensor *st_sub(st_tensor *a, st_tensor *b);
st_tensor *st_mul(st_tensor *a, st_tensor *b);
st_tensor *st_div(st_tensor *a, st_tensor *b); /* true division: integers give f32 */
st_tensor *st_pow(st_tensor *a, st_tensor *b);
st_tensor *st_maximum(st_tensor *a, st_tensor *b); /* NaN propagates */
st_tensor *st_minimum(st_tensor *a, st_tensor *b);
st_tensor *st_atan2(st_tensor *a, st_tensor *b);
/* a - trunc(a / b) * b (C's fmod: the sign of a) and a - floor(a / b) * b (Python's %: the sign
   of b), as torch.fmod and torch.remainder; bool operands are refused. An integer divisor of 0
   gives 0 (torch raises there). */
st_tensor *st_fmod(st_tensor *a, st_tensor *b);
st_tensor *st_remainder(st_tensor *a, st_tensor *b);

/* A scalar behaves like a Python number: it never widens a float tensor, and a non-integral
   scalar turns an i64/bool tensor into f32. */
st_tensor *st_add_scalar(st_tensor *a, double s);
st_tensor *st_mul_scalar(st_tensor *a, double s);
st_tensor *st_pow_scalar(st_tensor *a, double exponent);

/* Comparisons give ST_BOOL. */
st_tensor *st_eq(st_tensor *a, st_tensor *b);
st_tensor *st_ne(st_tensor *a, st_tensor *b);
st_tensor *st_lt(st_tensor *a, st_tensor *b);
st_tensor *st_le(st_tensor *a, st_tensor *b);
st_tensor *st_gt(st_tensor *a, st_tensor *b);
st_tensor *st_ge(st_tensor *a, st_tensor *b);
/* cond must be ST_BOOL; the three broadcast together; a and b promote. */
st_tensor *st_where(st_tensor *cond, st_tensor *a, st_tensor *b);
/* Logical ops read any dtype as truth values and give ST_BOOL. */
st_tensor *st_logical_and(st_tensor *a, st_tensor *b);
st_tensor *st_logical_or(st_tensor *a, st_tensor *b);
st_tensor *st_logical_not(st_tensor *a);

/* In-place: self is overwritten with the result, which keeps self's shape and dtype; `other`
   must broadcast to self and its dtype must be castable to self's (no float into i64). Return 0
   or a negative st_status; on failure self is unchanged. */
int st_add_(st_tensor *self, st_tensor *other);
int st_sub_(st_tensor *self, st_tensor *other);
int st_mul_(st_tensor *self, st_tensor *other);
int st_div_(st_tensor *self, st_tensor *other);
int st_add_scalar_(st_tensor *self, double s);
int st_mul_scalar_(st_tensor *self, double s);
int st_clamp_(st_tensor *self, double min, double max);
/* st_clamp_tensor into self: min and max must broadcast to self, the result cast to its dtype. */
int st_clamp_tensor_(st_tensor *self, st_tensor *min, st_tensor *max);
/* The unary ops in place (PyTorch's Tensor.sin_ ...): the result must fit self's dtype (sin_ of
   an i64 tensor is an ST_ERR_DTYPE error; logical_not_ of an f32 tensor writes 0 and 1). */
int st_neg_(st_tensor *self);
int st_abs_(st_tensor *self);
int st_sign_(st_tensor *self);
int st_exp_(st_tensor *self);
int st_expm1_(st_tensor *self);
int st_log_(st_tensor *self);
int st_log1p_(st_tensor *self);
int st_sqrt_(st_tensor *self);
int st_rsqrt_(st_tensor *self);
int st_square_(st_tensor *self);
int st_reciprocal_(st_tensor *self);
int st_sin_(st_tensor *self);
int st_cos_(st_tensor *self);
int st_tan_(st_tensor *self);
int st_tanh_(st_tensor *self);
int st_sigmoid_(st_tensor *self);
int st_relu_(st_tensor *self);
int st_gelu_(st_tensor *self);
int st_silu_(st_tensor *self);
int st_softplus_(st_tensor *self);
int st_erf_(st_tensor *self);
int st_floor_(st_tensor *self);
int st_ceil_(st_tensor *self);
int st_round_(st_tensor *self);
int st_logical_not_(st_tensor *self);
int st_asin_(st_tensor *self);
int st_acos_(st_tensor *self);
int st_atan_(st_tensor *self);
int st_sinh_(st_tensor *self);
int st_cosh_(st_tensor *self);
int st_asinh_(st_tensor *self);
int st_acosh_(st_tensor *self);
int st_atanh_(st_tensor *self);
int st_log2_(st_tensor *self);
int st_log10_(st_tensor *self);
int st_exp2_(st_tensor *self);
int st_zero_(st_tensor *self);
int st_fill_(st_tensor *self, double value);
int st_copy_(st_tensor *self, st_tensor *src); /* src broadcasts to self, any dtype */

/* ============================================================================ ops: reductions */

/* dims lists ndims dimensions (distinct, negative allowed); ndims == 0 reduces every dim. The
   _all forms reduce everything to a 0-dim tensor. Reducing an empty dim gives the identity (0
   for sum, 1 for prod, NaN for mean) or, for amax/amin/argmax/argmin, an ST_ERR_SHAPE error. */
st_tensor *st_sum(st_tensor *a, int ndims, const int *dims, bool keepdim);
st_tensor *st_sum_all(st_tensor *a); /* 0-dim result */
st_tensor *st_mean(st_tensor *a, int ndims, const int *dims, bool keepdim);
st_tensor *st_mean_all(st_tensor *a);
st_tensor *st_prod(st_tensor *a, int ndims, const int *dims, bool keepdim);
st_tensor *st_prod_all(st_tensor *a);
st_tensor *st_amax(st_tensor *a, int ndims, const int *dims, bool keepdim);
st_tensor *st_amax_all(st_tensor *a);
st_tensor *st_amin(st_tensor *a, int ndims, const int *dims, bool keepdim);
st_tensor *st_amin_all(st_tensor *a);
/* correction = 1 is the unbiased (Bessel) estimate, 0 the population variance. */
st_tensor *st_var(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim);
st_tensor *st_var_all(st_tensor *a, double correction);
st_tensor *st_std(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim);
st_tensor *st_std_all(st_tensor *a, double correction);
/* torch.var_mean / torch.std_mean: returns the variance (standard deviation) over dims as st_var
   (st_std) and writes a new reference to the mean over the same dims to *mean (which must not be
   NULL; on failure *mean is NULL). Gradients flow through both results. */
st_tensor *st_var_mean(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim,
                       st_tensor **mean);
st_tensor *st_std_mean(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim,
                       st_tensor **mean);
st_tensor *st_logsumexp(st_tensor *a, int ndims, const int *dims, bool keepdim);
st_tensor *st_logsumexp_all(st_tensor *a);
st_tensor *st_norm(st_tensor *a, int ndims, const int *dims, bool keepdim); /* p = 2 */
st_tensor *st_norm_all(st_tensor *a);
/* ST_I64 indices; the first extreme wins ties. The _all forms index the flattened tensor. */
st_tensor *st_argmax(st_tensor *a, int dim, bool keepdim);
st_tensor *st_argmax_all(st_tensor *a);
st_tensor *st_argmin(st_tensor *a, int dim, bool keepdim);
st_tensor *st_argmin_all(st_tensor *a);

/* ========================================================================= ops: linear algebra */

/* The operands (and linear's bias) must share one dtype, as torch's; st_outer promotes. */
st_tensor *st_matmul(st_tensor *a, st_tensor *b); /* torch.matmul semantics */
st_tensor *st_mm(st_tensor *a, st_tensor *b);     /* [n,k] x [k,m] */
st_tensor *st_bmm(st_tensor *a, st_tensor *b);    /* [b,n,k] x [b,k,m] */
st_tensor *st_dot(st_tensor *a, st_tensor *b);    /* 1-D x 1-D, 0-dim result */
st_tensor *st_outer(st_tensor *a, st_tensor *b);  /* 1-D [n], 1-D [m] -> [n,m] */
/* x [..., in] W^T + b with W [out, in] and b [out] (b may be NULL), as torch.nn.functional.linear. */
st_tensor *st_linear(st_tensor *x, st_tensor *w, st_tensor *b);

/* ------------------------------------------------------ Contractions: einsum, trace, cross */

/* torch.einsum("ij,jk->ik", ...) over n operands: [a-zA-Z] subscripts, "...", implicit output. */
st_tensor *st_einsum(const char *equation, int n, st_tensor *const *operands);
/* torch.trace: the sum of a 2-D a's main diagonal (integers give ST_I64, bool is refused). */
st_tensor *st_trace(st_tensor *a);
/* torch.linalg.cross along dim (size 3 in both): same ndim and dtype, other dims broadcast. */
st_tensor *st_cross(st_tensor *a, st_tensor *b, int dim);

/* ============================================================================ ops: linear algebra */

/* torch.linalg semantics: A is [..., n, n] (leading dims are batches, which broadcast between A
   and B), f32 or f64 (A and B of one dtype); results are new tensors. A singular or non-positive-
   definite matrix is an ST_ERR_ARG error naming the batch element, as torch's messages do. Ops
   that read a symmetric A (cholesky, eigh) read its lower triangle only; their gradient is that
   of the function computed, so it lies in the lower triangle too (for a symmetric A built from
   other tensors the chain rule gives torch's values). Multi-output calls return 0 and write
   tracked references, or a negative status and write nothing. */
/* X with A X = B; B is [..., n, k], or [..., n] (torch's vector rule) for a vector result. */
st_tensor *st_linalg_solve(st_tensor *A, st_tensor *B);
/* The lower factor L of A = L L^T (A symmetric positive-definite; only its lower triangle is
   read). Derivatives are taken over symmetric matrices, as torch's and JAX's are: the gradient is
   symmetric, and a tangent counts by its symmetric part. The same holds for st_linalg_eigh. */
st_tensor *st_linalg_cholesky(st_tensor *A);
st_tensor *st_linalg_inv(st_tensor *A);
/* [...]: the determinant of each matrix (0 for a singular one; its derivative there is the
   cofactor matrix, as torch's create_graph backward gives). */
st_tensor *st_linalg_det(st_tensor *A);
/* sign (0 for a singular matrix) and log |det| (-inf for a singular one), each [...]. */
int st_linalg_slogdet(st_tensor *A, st_tensor **sign, st_tensor **logabsdet);
/* Reduced QR of A [..., m, n]: Q [..., m, k], R [..., k, n], k = min(m, n) (LAPACK's signs). */
int st_linalg_qr(st_tensor *A, st_tensor **Q, st_tensor **R);
/* Eigenvalues [..., n] ascending and eigenvectors [..., n, n] (columns) of symmetric A (its lower
   triangle read); each eigenvector is signed so that its entry of largest magnitude is
   positive. */
int st_linalg_eigh(st_tensor *A, st_tensor **eigenvalues, st_tensor **eigenvectors);
/* Reduced SVD of A [..., m, n] = U diag(S) Vh: U [..., m, k], S [..., k] descending, Vh
   [..., k, n]; each column of U signed so that its entry of largest magnitude is positive. */
int st_linalg_svd(st_tensor *A, st_tensor **U, st_tensor **S, st_tensor **Vh);
/* X with A X = B (left) or X A = B, A triangular (upper or lower; unitriangular: ones assumed on
   the diagonal); B at least 2-D. */
st_tensor *st_linalg_solve_triangular(st_tensor *A, st_tensor *B, bool upper, bool left,
                                      bool unitriangular);
/* The least-squares solution of A X = B for A [..., m, n]; B [..., m, k] or [..., m]. Where it is
   not unique (m < n, or A rank-deficient: singular values at most eps * max(m, n) times the
   largest, eps of A's dtype) the minimum-norm one, as torch's default driver (gelsy) returns.
   Derivatives are those of A's pseudo-inverse (as torch's), which hold at any rank that does
   not change: a perturbation that changes A's rank moves the solution discontinuously. */
st_tensor *st_linalg_lstsq(st_tensor *A, st_tensor *B);

/* ==================================================================================== ops: shape */

/* Views share storage with their input (writes through one are seen by the other). */
st_tensor *st_reshape(st_tensor *a, int ndim, const int64_t *shape); /* one -1 allowed; view when
                                                                         strides allow, else copy */
st_tensor *st_flatten(st_tensor *a, int start_dim, int end_dim);
st_tensor *st_permute(st_tensor *a, int ndim, const int *perm); /* view */
st_tensor *st_transpose(st_tensor *a, int dim0, int dim1);       /* view */
st_tensor *st_expand(st_tensor *a, int ndim, const int64_t *shape); /* view; -1 keeps a size */
st_tensor *st_squeeze(st_tensor *a, int dim);   /* view; a no-op when size(dim) != 1 */
st_tensor *st_squeeze_all(st_tensor *a);        /* view; drops every size-1 dim */
st_tensor *st_unsqueeze(st_tensor *a, int dim); /* view; dim in [-ndim-1, ndim] */
/* Python slicing a[start:end:step] along dim (step >= 1; start/end clamp like Python). View. */
st_tensor *st_slice(st_tensor *a, int dim, int64_t start, int64_t end, int64_t step);
st_tensor *st_select(st_tensor *a, int dim, int64_t index); /* view; drops dim */
st_tensor *st_diagonal(st_tensor *a, int64_t offset, int dim1, int dim2); /* view; diag last */
st_tensor *st_cat(int n, st_tensor *const *ts, int dim);
st_tensor *st_stack(int n, st_tensor *const *ts, int dim);
/* torch.meshgrid: n 0-D or 1-D tensors of one dtype (0-D counts as size 1) give n grids written to
   out[0..n), expanded views of the inputs; indexing "ij" (NULL) or "xy" (the first two dims
   swapped). Returns n, or a negative st_status and writes nothing. */
int st_meshgrid(int n, st_tensor *const *in, const char *indexing, st_tensor **out);
/* Pieces of split_size along dim (the last may be smaller) written to out[0..count) as views;
   returns count, or a negative st_status (also when count > max_out). */
int st_split(st_tensor *a, int64_t split_size, int dim, int max_out, st_tensor **out);
/* torch.chunk: up to `chunks` pieces of ceil(size/chunks); returns count or a negative status. */
int st_chunk(st_tensor *a, int chunks, int dim, int max_out, st_tensor **out);
st_tensor *st_index_select(st_tensor *a, int dim, st_tensor *index); /* index: 1-D ST_I64 */
st_tensor *st_gather(st_tensor *a, int dim, st_tensor *index);       /* torch.gather */
/* Out of place: a copy of a with src added at index along dim (torch.scatter_add). */
st_tensor *st_scatter_add(st_tensor *a, int dim, st_tensor *index, st_tensor *src);
/* torch.nn.functional.pad, constant mode: pad holds npad (even) sizes, the last dim's pair
   first: {left, right, top, bottom, ...}. Negative sizes crop. */
st_tensor *st_pad(st_tensor *a, int npad, const int64_t *pad, double value);
st_tensor *st_flip(st_tensor *a, int ndims, const int *dims);
st_tensor *st_repeat(st_tensor *a, int nreps, const int64_t *reps); /* torch.Tensor.repeat */
st_tensor *st_tril(st_tensor *a, int64_t k);
st_tensor *st_triu(st_tensor *a, int64_t k);

/* ======================================================== ops: scans, sorting and selection */

/* torch.cumsum / torch.cumprod along dim (negative counts from the end; a 0-dim tensor takes 0
   or -1). Floats keep their dtype, ST_I64 and ST_BOOL give ST_I64. */
st_tensor *st_cumsum(st_tensor *a, int dim);
st_tensor *st_cumprod(st_tensor *a, int dim);
/* torch.sort: the values sorted along dim, and their positions (ST_I64) in *indices when indices
   is not NULL (a new reference). Always stable (equal values keep their order; `stable` is
   accepted for torch's signature); NaN sorts as the largest value. */
st_tensor *st_sort(st_tensor *a, int dim, bool descending, bool stable, st_tensor **indices);
st_tensor *st_argsort(st_tensor *a, int dim, bool descending, bool stable); /* sort's indices */
/* torch.topk: the k largest (or smallest) values along dim, sorted, with their positions in
   *indices when not NULL. 0 <= k <= size(dim); bool input is refused, as in torch. */
st_tensor *st_topk(st_tensor *a, int64_t k, int dim, bool largest, bool sorted,
                   st_tensor **indices);
/* torch.masked_fill out of place: a where mask (ST_BOOL) is false, value where it is true; a
   and mask broadcast together, the result keeps a's dtype. */
st_tensor *st_masked_fill(st_tensor *a, st_tensor *mask, double value);
/* torch.index_add: a copy of a with alpha * source's slice j added to slice index[j] along dim
   (index: 1-D ST_I64, repeats accumulate; source: a's shape and dtype but along dim). */
st_tensor *st_index_add(st_tensor *a, int dim, st_tensor *index, st_tensor *source, double alpha);
/* F.one_hot: ST_I64 classes in [0, num_classes) to a.shape + [num_classes] ST_I64 of 0/1;
   num_classes -1 takes the largest class + 1 (needs the values: not inside a transform). */
st_tensor *st_one_hot(st_tensor *a, int64_t num_classes);

/* ======================================================================================= ops: nn */

typedef enum { ST_REDUCTION_MEAN, ST_REDUCTION_SUM, ST_REDUCTION_NONE } st_reduction;

st_tensor *st_softmax(st_tensor *a, int dim);
st_tensor *st_log_softmax(st_tensor *a, int dim);
/* logits [N, C] (or [C]) and ST_I64 class targets [N] (or 0-dim), as F.cross_entropy. Its
   node keeps the logits and recomputes the softmax in backward (PyTorch keeps the [N, C]
   log-probabilities), so writing the logits in place before backward is refused with the
   version-counter error, which PyTorch allows: a deliberate difference (memory). */
st_tensor *st_cross_entropy(st_tensor *logits, st_tensor *target, st_reduction reduction);
st_tensor *st_nll_loss(st_tensor *logp, st_tensor *target, st_reduction reduction);
st_tensor *st_mse_loss(st_tensor *a, st_tensor *b, st_reduction reduction);
/* Normalizes over the last nnorm dims, whose sizes must equal normalized_shape; weight and bias
   (shape normalized_shape) may be NULL. */
st_tensor *st_layer_norm(st_tensor *x, int nnorm, const int64_t *normalized_shape, st_tensor *weight,
                         st_tensor *bias, double eps);
/* Inverted dropout: with train, zeroes each element with probability p and scales the rest by
   1/(1-p), drawing from this thread's generator; without train, a view of x (shares storage). */
st_tensor *st_dropout(st_tensor *x, double p, bool train);
st_tensor *st_embedding(st_tensor *weight, st_tensor *indices); /* weight [V, D], ST_I64 indices */
/* x [N, C, H, W], weight [O, C/groups, kh, kw], bias [O] or NULL. stride, padding and dilation
   are {h, w} pairs, NULL for the defaults {1,1}, {0,0} and {1,1}. */
st_tensor *st_conv2d(st_tensor *x, st_tensor *weight, st_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *dilation, int64_t groups);
/* kernel {kh, kw}; stride NULL means the kernel size; padding NULL means {0, 0}. */
st_tensor *st_max_pool2d(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding);
st_tensor *st_avg_pool2d(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding); /* count_include_pad, as PyTorch's default */

/* ------------------------------------------------ nn: activations, losses, norms (issue 16) */
/* As torch.nn.functional; float ops (i64/bool inputs compute in f32). Derivatives at the kinks
   follow torch: leaky_relu and elu take the negative branch at 0, hardtanh passes the gradient
   only strictly between its bounds. */
st_tensor *st_leaky_relu(st_tensor *x, double negative_slope); /* x > 0 ? x : slope * x */
st_tensor *st_elu(st_tensor *x, double alpha);                 /* x > 0 ? x : alpha (e^x - 1) */
/* clamp to [min_val, max_val]; min_val > max_val is ST_ERR_ARG (F.hardtanh's ValueError). */
st_tensor *st_hardtanh(st_tensor *x, double min_val, double max_val);
st_tensor *st_logsigmoid(st_tensor *x); /* log(sigmoid(x)), stable for large |x| */
/* Elementwise losses, then the reduction (mean: over every element). The binary cross
   entropies need target of input's shape; weight and pos_weight (NULL: none) broadcast to it and
   get gradients too (PyTorch refuses those). binary_cross_entropy floors its logs at -100 and
   needs input in [0, 1] (ST_ERR_ARG); the others broadcast input and target. */
st_tensor *st_binary_cross_entropy(st_tensor *input, st_tensor *target, st_tensor *weight,
                                   st_reduction reduction);
/* Stable form: (1 - t) x + (1 + (pos_weight - 1) t) log(1 + e^-x), times weight. */
st_tensor *st_binary_cross_entropy_with_logits(st_tensor *input, st_tensor *target,
                                               st_tensor *weight, st_tensor *pos_weight,
                                               st_reduction reduction);
st_tensor *st_l1_loss(st_tensor *input, st_tensor *target, st_reduction reduction); /* |x - t| */
/* |d| < beta ? d^2 / (2 beta) : |d| - beta / 2 (l1 for beta 0); beta < 0 is ST_ERR_ARG. */
st_tensor *st_smooth_l1_loss(st_tensor *input, st_tensor *target, st_reduction reduction,
                             double beta);
/* |d| < delta ? d^2 / 2 : delta (|d| - delta / 2); delta <= 0 is ST_ERR_ARG. */
st_tensor *st_huber_loss(st_tensor *input, st_tensor *target, st_reduction reduction,
                         double delta);
/* input holds log-probabilities: t (log t - x), or e^t (t - x) with log_target. */
st_tensor *st_kl_div(st_tensor *input, st_tensor *target, st_reduction reduction,
                     bool log_target);
/* x [N, C, L] or [C, L], weight [O, C/groups, k], bias [O] or NULL; stride, padding and
   dilation point to one value each, NULL for 1, 0 and 1 (st_conv2d over a unit height). */
st_tensor *st_conv1d(st_tensor *x, st_tensor *weight, st_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *dilation, int64_t groups);
/* x [N, C, *] in num_groups groups of channels, each normalized over its channels and the
   other dims (biased variance); weight and bias [C] or NULL. */
st_tensor *st_group_norm(st_tensor *x, int64_t num_groups, st_tensor *weight, st_tensor *bias,
                         double eps);
/* x [N, C, *] normalized per channel. training: with the batch's statistics over N and *
   (biased variance), and running_mean / running_var (each [C] or NULL) updated in place as
   running = momentum * batch + (1 - momentum) * running, the variance unbiased; outside grad's
   graph, and refused under st_vmap (batched statistics, as torch.func). Otherwise with the
   running statistics, which must be given. weight and bias [C] or NULL. */
st_tensor *st_batch_norm(st_tensor *x, st_tensor *running_mean, st_tensor *running_var,
                         st_tensor *weight, st_tensor *bias, bool training, double momentum,
                         double eps);

/* ========================================================================== eager autograd */

/* PyTorch's eager autograd. A leaf that requires grad collects gradients in .grad; every op on a
   tensor that requires grad (in grad mode) records a node, and st_backward walks them. Threads
   may build graphs on a shared leaf and run backward concurrently: its AccumulateGrad node is
   made once and accumulation into its .grad is locked, so the sum is exact (see API.md). */
/* Leaf tensors; 0 or a status. Inside a function being transformed (st_grad, st_vmap, ...), or
   on a tensor of a transform, ST_ERR_TRANSFORM, as torch.func: differentiate with the
   transforms there. */
int st_set_requires_grad(st_tensor *t, bool requires_grad);
bool st_requires_grad(const st_tensor *t); /* false (and an error) for NULL */
bool st_is_leaf(const st_tensor *t); /* no grad_fn: created by the user, or not requiring grad */
bool st_set_grad_enabled(bool enabled);   /* returns the previous mode; per thread */
bool st_is_grad_enabled(void); /* false under no-grad and in inference mode (torch's) */
/* Inference mode (torch.inference_mode): no graph is recorded. Tensors made in it (other than
   views of normal tensors) are inference tensors: their versions are not counted, and outside
   inference mode autograd refuses to save one for backward (ST_ERR_AUTOGRAD), to write one in
   place (ST_ERR_INPLACE) or to make one require grad; clone one to get a normal tensor. Normal
   tensors written in place in inference mode still count versions. Returns the previous mode. */
bool st_set_inference_mode(bool enabled);
st_tensor *st_detach(st_tensor *t);      /* shares storage; no grad_fn, does not require grad */
/* New ref to the accumulated .grad, or NULL (no error) when there is none. Without
   create_graph, later backward calls add into this same tensor in place, so a reference fetched
   earlier sees the sum (PyTorch); under create_graph they replace it by a new sum with history.
   .grad is laid out like the leaf when the leaf is dense (else contiguous), never a stride-0 or
   overlapping view, and never aliases memory that something else holds. */
st_tensor *st_grad_of(const st_tensor *t);
void st_zero_grad(st_tensor *t);           /* drops .grad (PyTorch's set_to_none) */
/* PyTorch's `t.grad = grad`: grad (retained, not copied; NULL drops .grad) must have t's shape
   and dtype. Later accumulation writes into it in place (see st_grad_of). */
int st_set_grad(st_tensor *t, st_tensor *grad);
/* Makes a non-leaf keep its .grad during backward (a no-op on leaves). ST_ERR_TRANSFORM inside
   a transformed function, as st_set_requires_grad. */
int st_retain_grad(st_tensor *t);

/* root must be a one-element tensor when grad is NULL. */
int st_backward(st_tensor *root, st_tensor *grad, bool retain_graph, bool create_graph);

/* torch.autograd.backward with several roots and `inputs`. Zero-initialised options are
   st_backward's defaults. */
typedef struct {
  bool retain_graph; /* default: same as create_graph */
  bool create_graph;
  /* ninputs > 0: accumulate only into these tensors (borrowed) instead of every leaf. A leaf
     gets its gradient in .grad; a non-leaf is made to retain grad (st_retain_grad, which stays
     on, as in PyTorch) and gets it in .grad too. An input no root reaches keeps its .grad
     (allow_unused is implied); each must require grad. */
  int ninputs;
  st_tensor *const *inputs;
} st_backward_opts;
/* grads: NULL (every root one-element) or nroots gradients, NULL entries for one-element roots.
   opts may be NULL. */
int st_backward_ex(int nroots, st_tensor *const *roots, st_tensor *const *grads,
                   const st_backward_opts *opts);

typedef struct {
  bool retain_graph;      /* default: same as create_graph */
  bool create_graph;
  bool allow_unused;      /* else: error naming the unused input */
  /* Unused inputs get zeros instead of NULL; under create_graph the zeros require grad (a leaf
     of their own), as torch.autograd.grad's materialize_grads. */
  bool materialize_grads;
  /* Each grad_output has a leading batch dim (the same size B for all; the rest is its
     output's shape); each result has it too: row b is the gradient for row b of every
     grad_output (one backward per row, run as one st_vmap over the backward, as PyTorch does).
     Every grad_output must be given. */
  bool is_grads_batched;
} st_grad_opts;
/* torch.autograd.grad: grads[i] receives a new reference (or NULL when unused and allowed).
   grad_outputs may be NULL (all roots one-element), or hold NULL entries for one-element roots.
   .grad of every tensor is left alone. */
int st_autograd_grad(int nout, st_tensor *const *outputs, st_tensor *const *grad_outputs, int nin,
                     st_tensor *const *inputs, st_tensor **grads, const st_grad_opts *opts);

/* What a backward that fails (out of memory, a failing hook) leaves behind: an error with the
   status of the first failure (ST_ERR_OOM when an allocation failed), grad mode and
   st_current_node as before, nothing leaked; a leaf whose AccumulateGrad node already ran keeps
   the gradient it added (as in PyTorch), every other .grad is unchanged. Saved values of the
   nodes that ran are freed unless retain_graph. */

/* ------------------------------------------------------------------ saved-tensor hooks */

/* torch.autograd.graph.saved_tensors_hooks, a per-thread stack: while a pair is pushed, every
   value a node saves for backward (eager ops, the grad levels of transforms, custom functions)
   goes to the innermost pack instead, and backward gets it back from unpack. pack receives t
   borrowed (a saved output comes as an alias without history, once the op has computed it: an
   in-place op's after its write, and a pack that fails then fails the op after that write, as
   in PyTorch) and must not write it
   (ST_ERR_INPLACE); it fills *out with what to keep: a tensor that strata holds for it (a new
   reference, as a st_fn output: one made inside pack as is, one held elsewhere as st_retain(x)),
   and/or a handle of its own (a struct with a copy in other memory, a file name, ...), which
   free_packed (may be NULL) gets once when the graph lets the value go, on the thread that frees
   it; strata releases the tensor after that. Keep strata tensors in `tensor`, not inside the
   handle: pack and unpack each run inside a scope of their own, with grad mode off. unpack writes
   to *out a tensor of the saved shape, dtype and transform level, a new reference as pack's.
   The unpacked value takes the saved tensor's place in the graph (its grad_fn, or the gradient of
   its leaf), so create_graph differentiates through it. An in-place change between forward and
   backward is an error (ST_ERR_INPLACE, as without hooks) when the packed tensor shares the
   saved tensor's memory; a packed copy keeps the value the forward saw, and is not checked.
   `user` must outlive every packed value. Hooks return 0, or a negative status (st_hook_error)
   to fail the op or the backward; a pack that fails cleans up after itself (free_packed is not
   called for it, and a tensor it made inside is released). */
typedef struct {
  st_tensor *tensor; /* held by strata for the hooks; NULL: none */
  void *handle;      /* the hooks' own */
} st_packed;
typedef int (*st_pack_hook)(void *user, st_tensor *t, st_packed *out);
typedef int (*st_unpack_hook)(void *user, const st_packed *packed, st_tensor **out);
typedef void (*st_packed_free)(void *user, void *handle);
/* 0, or ST_ERR_ARG (NULL pack or unpack, more than 64 pairs): then nothing is pushed, and the
   matching pop must be skipped. */
int st_saved_tensors_hooks_push(st_pack_hook pack, st_unpack_hook unpack,
                                st_packed_free free_packed, void *user);
void st_saved_tensors_hooks_pop(void); /* ST_ERR_ARG when none is pushed */

/* ------------------------------------------------------------------ graph nodes and hooks */

/* A node of the backward graph. Pointers returned by these calls are borrowed: valid while a
   tensor or node that refers to the node is alive. Given NULL, they set an ST_ERR_ARG error. */
typedef struct st_node st_node;
st_node *st_grad_fn(const st_tensor *t);        /* NULL for leaves */
const char *st_node_name(const st_node *n);     /* "MulBackward", "AccumulateGrad" */
int st_node_num_next(const st_node *n);         /* one edge per input of the forward op */
/* The leaf an AccumulateGrad node accumulates into (borrowed), NULL for other nodes (PyTorch's
   AccumulateGrad.variable). */
st_tensor *st_node_variable(const st_node *n);
/* Edge i: the node the gradient of input i flows to (NULL: that input needs no gradient), and
   which of its gradient slots receives it (when input_nr is not NULL). */
st_node *st_node_next(const st_node *n, int i, int *input_nr);
/* Creation order on this thread; UINT64_MAX for a leaf's AccumulateGrad node (as in PyTorch:
   a leaf's gradient is accumulated as soon as it is complete). */
uint64_t st_node_sequence_nr(const st_node *n);
int64_t st_node_priority(const st_node *n);
/* Ready nodes with a higher priority run first (then later-created first), so that e.g. a
   communication node runs as early as its inputs allow. Default 0. */
void st_node_set_priority(st_node *n, int64_t priority);
/* "file.c:42 (function)" where the node was created, in anomaly mode; "" otherwise. */
const char *st_node_creation_site(const st_node *n);
/* The node whose backward is running on this thread, or NULL. */
st_node *st_current_node(void);

/* Hooks, in the order they run at a node (PyTorch's): tensor pre-hooks, retains-grad (so a
   retained .grad sees what every tensor pre-hook did), node pre-hooks, the node itself,
   post-accumulate-grad hooks (leaves), node post-hooks. Tensor pre-hooks and retains-grad run at
   every node the backward reaches, also one st_autograd_grad only reads; the rest only at nodes
   that run. A hook returns 0, or a negative status (with st_hook_error) to fail the backward.
   The hooks of a node are read once before they run: one removed (or added) by another hook
   during a backward still runs (or not) in that pass, so keep its user data alive until the
   backward returns. Handles are > 0 and valid on any thread. A replacement must have the
   gradient's dtype and shape, and an undefined (NULL) gradient cannot be replaced, as PyTorch
   checks a hook's result: otherwise the backward fails (ST_ERR_DTYPE, ST_ERR_SHAPE, ST_ERR_ARG). */
/* Sees the gradient of t; may replace it by storing a new reference in *replace. */
typedef int (*st_tensor_hook)(void *user, st_tensor *grad, st_tensor **replace);
int64_t st_tensor_register_hook(st_tensor *t, st_tensor_hook fn, void *user);
/* Runs after the gradient was accumulated into leaf t's .grad (read it with st_grad_of), under
   t's accumulation lock: another thread's backward adds into t once this hook has returned. */
typedef int (*st_post_accumulate_hook)(void *user, st_tensor *t);
int64_t st_tensor_register_post_accumulate_grad_hook(st_tensor *t, st_post_accumulate_hook fn, void *user);
/* Sees the gradients flowing into n (one per output of the forward op, NULL when none); may
   replace entry i by storing a new reference in replace[i]. */
typedef int (*st_node_pre_hook)(void *user, st_node *n, int nout, st_tensor *const *grad_outputs,
                                st_tensor **replace);
int64_t st_node_register_prehook(st_node *n, st_node_pre_hook fn, void *user);
/* Sees what n computed (one gradient per input, NULL when not needed) and what it received. */
typedef int (*st_node_post_hook)(void *user, st_node *n, int nin, st_tensor *const *grad_inputs, int nout,
                                 st_tensor *const *grad_outputs);
int64_t st_node_register_hook(st_node *n, st_node_post_hook fn, void *user);
/* Removes a hook by its handle from whatever tensor or node holds it; false if none does. */
bool st_remove_hook(int64_t handle);
/* For a hook that fails: sets the error (status and message) and returns status. */
int st_hook_error(st_status status, const char *message);

/* --------------------------------------------------------------------- debugging and tools */

/* Anomaly mode (per thread): nodes record their creation site (the innermost ST_SITE() of the
   calling code, else the nearest caller outside strata from a backtrace); with check_nan, a
   backward output containing NaN fails with a message naming the node and that site. */
void st_set_anomaly_mode(bool enabled, bool check_nan);
/* Marks the current source line as the creation site of the nodes that follow. */
#define ST_SITE() st_set_site(__FILE__, __LINE__, __func__)
void st_set_site(const char *file, int line, const char *func);

/* A Graphviz picture of the graph reachable from roots: nodes, saved tensors' shapes, edges.
   Linear in the size of the graph. */
int st_graph_to_dot(st_tensor *const *roots, int nroots, FILE *f);
/* Calls visit for every node reachable from the roots once, roots first (breadth-first); a root
   that is a leaf contributes its AccumulateGrad node, if it has one. Linear in the graph. */
int st_graph_walk(st_tensor *const *roots, int nroots, void (*visit)(void *user, st_node *n), void *user);

/* Profiler (per thread): counts and times every op's forward and every node's backward. */
void st_profiler_start(void);
void st_profiler_stop(void);
void st_profiler_print(FILE *f); /* a table: name, calls, total and mean time */
int st_profiler_write_trace(const char *path); /* Chrome / Perfetto trace-event JSON */
/* Number of calls recorded for a name ("matmul" forward, "MatmulBackward" backward). */
int64_t st_profiler_count(const char *name);

/* Gradient checks in float64 by central differences: fn maps nin inputs to nout outputs (its
   st_fn-style signature); every floating input that requires grad is checked. Full Jacobian
   when inputs are small, else the vector-Jacobian product against random directions
   (v^T J u). Returns 0 when analytical and numerical gradients agree within atol + rtol*|num|;
   otherwise ST_ERR_AUTOGRAD with a message naming the input, the element and both values. */
typedef int (*st_check_fn)(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out);
int st_gradcheck(st_check_fn fn, void *user, int nin, st_tensor *const *inputs, int nout, double eps,
                 double atol, double rtol);
/* The same for the gradient of the gradient (create_graph through every output). */
int st_gradgradcheck(st_check_fn fn, void *user, int nin, st_tensor *const *inputs, int nout, double eps,
                     double atol, double rtol);

/* ================================================================= functions and transforms */

/* A function value: reads nin inputs, writes nout new references to out, returns 0 (or a
   non-zero status on failure, ideally with the error set). It runs inside a scope that the
   caller (st_call or a transform) opens: its temporaries are released when it returns, its
   outputs are kept. An output that an op returned inside the function is recorded in that
   scope and is returned as is (the scope lets go of it, as st_keep does); an input returned as
   an output is returned as st_retain(in[i]). The two never meet: no op returns its argument
   itself (even st_contiguous of a contiguous tensor returns a new view). st_retain of a tensor
   recorded in the scope would be one reference too many; to return one result twice, return
   it once and a view of it (st_contiguous) the second time. A tensor the function keeps with
   st_keep goes to the scope around the public call that ran it (st_call, st_vjp, st_jvp,
   st_linearize, st_cond), however many transforms lie between, and stays valid there (with no
   scope open, the caller owns it). */
typedef int (*st_fn)(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out);

st_func *st_func_new(st_fn fn, void *ctx, int nin, int nout);
/* The same, with a destructor for ctx, called when the last reference is released. When the
   call fails (NULL), ctx stays the caller's to free. */
st_func *st_func_new_owned(st_fn fn, void *ctx, void (*free_ctx)(void *), int nin, int nout);
st_func *st_func_retain(st_func *f); /* returns f */
void st_func_release(st_func *f);    /* NULL is a no-op */
int st_func_nin(const st_func *f);
int st_func_nout(const st_func *f);
/* Calls f: out receives nout new references. A transform's function value (st_grad(f), ...)
   applies the transform here; calls nest and compose in any order and depth. The arrays a call
   fills (out here; outs and tangent_outs of st_jvp, outs of st_vjp and st_linearize, grads of
   st_autograd_grad, out of st_custom_apply) must not overlap its other arrays: st_call(f, x, x)
   is ST_ERR_ARG, and changes neither. */
int st_call(st_func *f, st_tensor *const *in, st_tensor **out);

/* Every transform below (st_grad ... st_hessian_ex, st_vmap, st_checkpoint, the train part's
   st_per_sample_grad, st_grad_params, st_vmap_params) returns a new function value that holds
   its own reference to f: release f when you no longer call it yourself, and release every
   value you make once (a value nested inline, st_grad(st_grad(f, ...), ...), is never released).

   Inside a transform, tensors are wrapped: st_ndim, st_size and st_dtype_of give the logical
   view (without vmap's batch dim); st_to_f64 and st_item read the primal through grad and jvp
   and fail with ST_ERR_TRANSFORM on a vmap-batched tensor; st_print shows the wrapper as
   torch.func prints it (BatchedTensor(lvl=1, bdim=0, value=...), GradTrackingTensor(lvl=1,
   value=...)), also for a tensor kept after its transform returned. Tensors captured from outside
   (through ctx) are constants to the transform. A tensor made inside a transform and kept after
   it returned ("escaped") stands for its plain value when it came from grad or jvp, and is an
   ST_ERR_TRANSFORM error in any op when it was batched by vmap. st_detach stops gradients at
   every level (JAX's stop_gradient). Transforms nest up to 64 deep. */

/* grad: f's first output must be one-element; argnums NULL means {0}, negative argnums count
   from the end. Outputs: one gradient per argnum, then f's outputs after the first (aux).
   Inputs not in argnums are constants. Grad mode follows torch.func: a transform
   differentiates f even when called under no-grad or inference mode (its results are then not
   tracked by the levels outside), and grad mode turned off inside f is respected there. */
st_func *st_grad(st_func *f, int nargnums, const int *argnums);
/* Outputs: gradients..., then all of f's outputs (value first). */
st_func *st_grad_and_value(st_func *f, int nargnums, const int *argnums);

/* vjp: outs receive f's nout outputs; *pullback takes nout cotangents (NULL entries: zero) and
   returns nin input cotangents; it can be called many times, and under other transforms. The
   levels outside track what the pullback computes when grad mode is on where it is called. On
   failure *pullback is NULL (also when f is NULL), as *jvp_fn of st_linearize. */
int st_vjp(st_func *f, st_tensor *const *primals, st_tensor **outs, st_func **pullback);
/* jvp: tangents has nin entries (NULL: zero), each shaped and typed like its primal. */
int st_jvp(st_func *f, st_tensor *const *primals, st_tensor *const *tangents, st_tensor **outs,
           st_tensor **tangent_outs);
/* has_aux for vjp and jvp: f's last naux outputs are auxiliary (0 <= naux < nout). They come
   back in outs after the differentiated ones, as f returned them (plain values), and take no
   part in the derivative: st_vjp_ex's *pullback takes nout - naux cotangents, st_jvp_ex fills
   nout - naux tangent_outs. Ownership as st_vjp / st_jvp; NULL opts: naux 0. */
typedef struct {
  int naux;
} st_vjp_opts;
typedef struct {
  int naux;
} st_jvp_opts;
int st_vjp_ex(st_func *f, st_tensor *const *primals, st_tensor **outs, st_func **pullback,
              const st_vjp_opts *opts);
int st_jvp_ex(st_func *f, st_tensor *const *primals, st_tensor *const *tangents, st_tensor **outs,
              st_tensor **tangent_outs, const st_jvp_opts *opts);
/* linearize: outs receive f(primals); *jvp_fn maps nin tangents to nout output tangents at
   those primals (torch.func.linearize). */
int st_linearize(st_func *f, st_tensor *const *primals, st_tensor **outs, st_func **jvp_fn);

#define ST_UNBATCHED INT_MIN /* an in_dims / out_dims entry: not batched */
/* vmap: in_dims has nin entries, out_dims nout (NULL: all 0). Negative dims count from the end.
   Unbatched arguments broadcast against batched ones; unbatched outputs are expanded to the
   batch unless their out_dims entry is ST_UNBATCHED, which a batched output fails. A value
   that does not depend on the batch stays unbatched, where torch.func may batch it: the *_like
   creations read only the shape and dtype, and st_grad's zero gradient of an input f does not
   use is one of them, so ST_UNBATCHED accepts such an output (torch.func refuses it). */
st_func *st_vmap(st_func *f, const int *in_dims, const int *out_dims);

typedef enum {
  ST_RANDOMNESS_ERROR,    /* a random op inside the vmap fails (the default, as torch.func) */
  ST_RANDOMNESS_SAME,     /* every lane draws the same values */
  ST_RANDOMNESS_DIFFERENT /* each lane draws its own values (independent of chunk_size) */
} st_randomness_mode;
typedef struct {
  const int *in_dims;  /* NULL: all 0 */
  const int *out_dims; /* NULL: all 0 */
  int64_t chunk_size;  /* lanes per call of f; 0: all at once. Results do not depend on it */
  st_randomness_mode randomness;
} st_vmap_opts;
st_func *st_vmap_ex(st_func *f, const st_vmap_opts *opts);

/* Jacobian of every output w.r.t. input `argnum` (negative: from the end); output i has shape
   out_i.shape + in.shape. hessian = jacfwd(jacrev(f)). */
st_func *st_jacrev(st_func *f, int argnum);
st_func *st_jacfwd(st_func *f, int argnum);
st_func *st_hessian(st_func *f, int argnum);
/* Zero-initialised fields keep the behaviour of the calls above. Outputs of the _ex calls: for
   each differentiated output i (f's first nout - naux), for each argnum j, J[i][j] of shape
   out_i.shape + in_j.shape (i-major, as torch.func nests them); then the naux auxiliary outputs
   as f returned them. st_hessian_ex is jacfwd(jacrev(f, argnums), argnums): H[i][a][b] =
   d/d in_b (d out_i / d in_a) at index (i * n + a) * n + b for n argnums, as torch.func's
   hessian(f, argnums=(...))[a][b]. */
typedef struct {
  int argnum;         /* used when nargnums == 0; negative counts from the end */
  int64_t chunk_size; /* basis vectors per vmap call; 0: all at once (peak memory ~ in x out) */
  int nargnums;       /* > 0: Jacobians w.r.t. each of argnums (distinct, negative allowed) */
  const int *argnums; /* copied by the call */
  int naux;           /* f's last naux outputs are auxiliary (has_aux): 0 <= naux < nout */
} st_jac_opts;
st_func *st_jacrev_ex(st_func *f, const st_jac_opts *opts);
st_func *st_jacfwd_ex(st_func *f, const st_jac_opts *opts);
st_func *st_hessian_ex(st_func *f, const st_jac_opts *opts);

/* Activation checkpointing: st_checkpoint(f) computes f's outputs without keeping f's
   intermediates; a backward through them (st_backward, st_grad, st_vjp, jacrev, hessian, ...)
   recomputes f from the saved inputs, with the random state f started from, so random ops draw
   the same values. It composes with every transform in both orders (st_grad(st_checkpoint(f)),
   st_checkpoint(st_grad(f)), st_vmap, st_jvp, ...) and gives f's values. Gradients flow to f's
   inputs; tensors f captures through ctx are constants (pass parameters as inputs). Returns a
   new function value (the caller releases it; it holds a reference to f), or NULL. */
st_func *st_checkpoint(st_func *f);

/* cond: runs true_fn(in) when the one-element pred is non-zero, else false_fn(in); out receives
   the branch's outputs (new references). Eager autograd, grad and jvp differentiate through the
   taken branch; under vmap with a batched predicate both branches run on the batch and every
   lane takes its own branch's result (their outputs must then match in shape and dtype). Inside
   st_compile, below every transform, it is one graph node holding both branches (see
   st_compile). */
int st_cond(st_tensor *pred, st_func *true_fn, st_func *false_fn, int nin, st_tensor *const *in, st_tensor **out);

/* Decompositions (seed 001): ops such as softmax, layer_norm, cross_entropy, var or linear are
   also defined by other ops; a transform without a rule for such an op uses the definition.
   Forced mode (per thread; returns the previous setting) always decomposes, for testing. */
bool st_set_force_decompositions(bool force);

/* The trace interpreter: while on, every op call is printed as it passes each level of the
   transform stack, e.g. "[grad L2] t12 [4] = mul(t3, t7)" (to f, or stderr when f is NULL).
   STRATA_TRACE=1 in the environment turns it on for a whole program. */
void st_trace_begin(FILE *f);
void st_trace_end(void);

/* ===================================================================== compiled execution */

/* st_compile(f, opts) is a function value with f's inputs and outputs. Its first call for an
   input signature (each input's dtype, shape and strides, which inputs are the same tensor, the
   grad and inference modes) runs f eagerly while capturing every op it reaches below all
   transforms (st_compile(st_vmap(st_grad(g))) is one flat graph), optimizes that graph (dead
   code, common subexpressions, constants, elementwise chains and the row reductions after them
   fused into single loops, products with an identity basis, such as jacrev's and jacfwd's
   (under vmap too: one diagonal block per input), as scalings, one arena for the
   intermediates) and runs the graph on later calls with that signature: the op kernels on
   planned buffers, without dispatch. Tensors f
   captures through its context are read at every call (an in-place update between calls is
   seen); the graph holds the tensors f read when it was captured, so a tensor put in their
   place in the context afterwards (a new weight, of any shape) is not seen by that signature's
   graph: compile f again (st_compile's value keeps no view into the context). Under eager autograd (grad mode, and an input or a captured tensor that requires grad)
   a call is one node, "CompiledFunctionBackward", whose forward is the graph and whose backward
   is compiled too: f and the engine's backward over it are captured as one graph and split
   (AOTAutograd's partition) into a forward that also returns what the backward reads, which the
   node saves, and a backward that reads it. An output requires grad as eager's would: when an
   input or captured tensor that requires grad reaches it through differentiable ops (an
   integer output, a comparison's, or one computed from tensors that do not require grad does
   not). An output the loss does not use contributes
   nothing, as in eager (an inf in it gives no NaN gradient); that backward recomputes the
   forward (the joint graph whole, captured once per set of outputs used). Under create_graph
   the backward is the joint graph whole (the forward recomputed, random ops redrawing the
   forward's values), itself a compiled function, so differentiating it again goes the same
   way. Under grad levels (st_grad, st_vjp, jacrev, nested grads) the call is the same node at
   every level: its forward runs the graph on the inputs' values and its backward is compiled;
   the first such call runs f on the level's tensors, so each level records it as eager does,
   while the ops below the levels are captured. A backward that runs under another transform
   (jacrev's vmap over it, a grad level above the node's) runs the joint function through that
   transform. Under vmap levels only (st_vmap, nested, chunked) the signature also holds where
   each input is batched: the first call runs f on the batched tensors while the batched ops
   below the levels are captured, and later calls run that graph and give its outputs the batch
   dims the first call's had (jax.jit of a vmapped function); eager autograd through such a
   call runs f eagerly. Calls a graph cannot serve run f eagerly and count as fallbacks: under a
   jvp level or a stack that mixes kinds (those transforms see f's ops), a program that writes
   an input or captured tensor in place while autograd records it, and a signature whose
   capture failed (f read values on the host with st_item, st_to_f64, st_data_ptr or st_print;
   random draws under vmap's randomness "different" or "same" (vmap's streams), or after f moved the
   generator (st_manual_seed inside f, st_checkpoint's recomputation); f keeps tensors with
   st_keep; f writes a leaf's .grad (st_backward inside f) or runs a hook or retain_grad,
   in its own backward or in one through the call (user code and .grad writes are not
   replayed); inputs that are other headers over one storage): a one-time warning on stderr
   names why, or, with fullgraph, the call fails with
   ST_ERR_UNSUPPORTED (the failing call ran f up to where its capture ended, so what f wrote
   before that, in place or in its context, stays written; later calls of that signature fail
   without running f). st_cond below every transform in f is one node holding both branches
   (as torch.cond under torch.compile): the capture runs the taken branch and traces the other
   once, aside, on copies of its inputs (its random draws and the tensors it keeps undone), and
   each call runs the branch its predicate picks, with no recompile. Its outputs are then new
   contiguous tensors (a branch that returns its input gives a copy). The branches must give the
   same dtypes and shapes, read the function's tensors only through the cond's inputs (tensors
   captured from outside f are fine), not write their inputs or captured tensors in place, and
   not record eager autograd; a st_cond that breaks one of these, or that runs under a transform
   inside f, ends the capture with that reason. Random ops draw what eager draws. Outputs that
   are views of an input, a captured tensor or another output stay views of it under eager
   autograd (AOTAutograd's output aliasing): an in-place change of one reaches its base's
   history as in eager. Up to 16 signatures are kept. Sizes that change between calls become
   symbolic after one recompile when the program is the same (sizes 3, then 4, then any other
   from 2 to 9 compile twice; a program whose ops change with the size is captured per size).
   The sizes, attributes and layouts that differ between the two captures are fitted as
   formulas in the sizes, which must also hold at two more sizes (2 b + 1, and one of the other
   parity; b the second capture's), where f is captured aside on zeros before the template is
   used (x[n / 2:] fits a line through sizes 3 and 4, x[n % 2:] a constant through 5 and 7:
   both are captured per size instead); it is also tried at the smallest sizes. A template
   serves only sizes within those it was verified at, never extrapolating (x[n / 16:] is x at
   every size up to 15): a call past them is captured, and when it agrees the template serves
   up to it from then on (so a size that keeps growing costs a capture at each new largest
   size). A program that writes its inputs or captured tensors, or takes inputs of another
   layout than contiguous, cannot run aside: its template serves calls only after the first
   call at sizes each at least 2 b + 1 was captured as usual and agreed, the calls before are
   captured per size.
   Host values f reads from its context (a training flag, a learning rate as a C double) are
   constants of the graph, as the first call saw them (torch.compile guards Python values; a
   C function cannot show them): pass a value that changes as a 0-dim tensor input, or compile
   one function per setting.
   Sizes f reads on the host (st_size, st_numel) are taken to enter the shapes and attributes
   it computes, so a branch of f's own code on a size that both captures took the same way
   (n > 4 at sizes 3 and 4) is not seen at other sizes (an op's own clamping is: st_slice's
   bounds are fitted as passed, 8 - n, and clamped at each size as eager clamps them);
   torch.compile guards such a branch, which a C function cannot show. Give such a function
   a separate compiled function per branch, or compile it with every size fixed by calling it
   at one size only. With dynamic, the first call also captures the program at other sizes (each size n >= 2 as
   2n + 1, on zeros; not for a program that writes its inputs or captured tensors), so later sizes
   reuse it from the start (duck sizing: equal sizes are one symbol). backend: "interp", the
   built-in executor (fused groups run tile by tile through the op records' loops; values equal
   eager's bit for bit); "c", each fused group written as one C loop, compiled by the system C
   compiler ($STRATA_CC, else cc) into a shared object cached on disk
   ($STRATA_CACHE_DIR, else $XDG_CACHE_HOME/strata, else ~/.cache/strata; safe for concurrent
   processes; a truncated, corrupted or foreign entry is compiled again) and loaded: values equal
   eager's within the vector math library's rounding (its loops vectorize at other elements; with
   another compiler than gcc (STRATA_CC=clang) its libm's erf, which gelu's 1 + erf form
   magnifies, may differ more), and with no compiler, a failed compile, one that wrote no whole
   shared object, one still running after $STRATA_CC_TIMEOUT seconds (default 300: it is killed)
   or a cache folder that cannot be written the groups run on the built-in executor, with a
   one-time warning. Groups the C file does not hold run on the built-in executor without a
   warning: over 32 members, a reduction epilogue, an operand gathered from another layout, or a
   dtype without a C type (f16, bf16); NULL: $STRATA_COMPILE_BACKEND ("interp" or
   "c"; another value gets a one-time warning), else "interp". Anything else is ST_ERR_ARG.
   Threads may call one compiled function at once: each cached graph runs on up to 8 threads
   together (the others made as needed, on buffers of their own); a call runs f eagerly (a
   counted fallback, no warning) when 8 already run it, or while another thread compiles a
   signature of the function or runs it under eager autograd (one such call at a time). */
typedef struct {
  bool dynamic;        /* every dim dynamic from the first compile */
  bool fullgraph;      /* what cannot be captured is an error, not an eager fallback */
  const char *backend; /* NULL: default; "interp": built-in executor; "c": C code compiled at run
                          time (else "interp" when no compiler) */
} st_compile_opts;
st_func *st_compile(st_func *f, const st_compile_opts *opts); /* NULL opts: defaults */

/* Every call counts once: calls = compiles (calls that captured a new graph, compiled it and
   ran it) + cache_hits (calls a cached graph served) + fallbacks (calls no graph served: run
   eagerly, a capture that failed or a function that failed included, or refused under
   fullgraph). */
typedef struct {
  int64_t calls, compiles, cache_hits, fallbacks; /* fallbacks: calls run eagerly */
  int64_t graph_ops; /* ops in the last compiled graph, after its passes */
  int64_t kernels;   /* kernels that graph runs (a fused group counts once) */
} st_compile_stats;
int st_compile_get_stats(st_func *compiled, st_compile_stats *stats);
/* The last compiled graph, one op per line ("%4: f32[3] = mul(%0, %2)"), with its arena size. */
int st_compile_print(st_func *compiled, FILE *f);

/* Compiled autograd (seed 002: #103822), per thread; returns the previous setting. On a thread
   that turned it on, st_backward, st_backward_ex and st_autograd_grad describe the graph they
   would run (its nodes in the engine's order, their attributes, the dtypes, shapes and strides
   of the roots' gradients and of the saved values) and look that up in one process-wide cache
   (up to 64 graphs, least recently used out). A miss runs the engine as usual while capturing
   the vjp rules' ops into a graph (compiled like st_compile's: fusion, planned buffers); a hit
   runs that graph on this backward's saved values, without the engine's per-node work. Either
   way the gradients reach .grad through each leaf's AccumulateGrad node, as in eager (a first
   gradient is stolen, later ones added in place), after the graph, in the engine's order, with
   the leaf's hooks (tensor hooks, node hooks of its AccumulateGrad node, post-accumulate-grad
   hooks) around each; without retain_graph each saved value is freed right after the last
   step of the graph that reads it (as eager frees a node's after it runs). Values equal
   eager's. Hooks
   on other nodes (tensor hooks of non-leaves, retains-grad, node pre- and post-hooks) are calls
   inside the graph, run at their place in eager's order on copies of the gradients (a hook may
   keep its argument); the hooks that run are the ones registered on this backward's nodes, and
   whether a node has hooks of each kind is part of the key, taken before the backward runs: a
   hook registered during the backward (by another hook) on a node this backward has not run
   yet runs on a miss, as in eager, but a hit replays the graph without it (PyTorch's compiled
   autograd also collects the hooks before it runs the graph). When such hooks exist the leaves
   accumulate inside the graph too, at their place in eager's order, so every hook sees what
   it sees in eager. A hook that returns, at a replay,
   gradients for other outputs than at the capture fails the backward with a message and no
   .grad changed. Sizes are symbolic after one recompile (seed 002): when a backward is
   captured at other sizes than a cached one that is the same backward (the same nodes,
   attributes and dtypes), the two give a template, and later sizes instantiate it without
   running the engine (a cache hit), provided every size, stride and offset the backward
   describes follows the template's formulas (else it is captured again); sizes 0 and 1 are
   never symbolic; shape arguments (a reshape to [batch, -1]) may follow the sizes, other op
   arguments (a slice's bounds) keep a backward static. The
   transforms' own
   backwards (st_grad, st_vjp, ...) do not use it. These backwards run eagerly and count as
   fallbacks, with a one-time warning per reason: create_graph, anomaly mode, inside a
   transform, a leaf with hooks that st_autograd_grad reads, a hooked node with more than 64
   inputs or outputs, hooks that pass on more than 4 gradients of one node, a custom
   function, checkpoint or st_compile node (they run user code), saved values freed or modified in place (the engine then
   reports the error) or held by saved-tensor hooks, a saved value that is the .grad of a leaf
   the backward accumulates into (eager adds into it in place: a node reading it later fails), and a graph whose capture failed. The cache
   outlives turning it off (PyTorch's usage turns it on around each backward); the tensors and
   buffers its graphs hold (saved layouts' constants, planned arenas) count in st_live_objects. */
bool st_set_compiled_autograd(bool enabled);
/* This thread's counts: calls (backwards with it on that pass the argument checks: a NULL root
   or one that does not require grad is an error before) = compiles + cache_hits + fallbacks (a
   backward that runs eagerly because another thread replays the same graph, or whose capture
   failed, or that fails: a hook's error, an unused input without allow_unused, is a fallback), and the last graph it compiled or ran (graph_ops, kernels). */
int st_compiled_autograd_get_stats(st_compile_stats *stats);

/* ======================================================================= custom functions */

/* A function with its own derivative rules, kept under every transform (seed 000: functorch
   support for autograd.Function). forward is pure; setup_context saves what backward and jvp
   need; backward maps output gradients to input gradients with public ops (so it is itself
   differentiable unless once_differentiable). Without jvp, forward mode derives one from
   backward (the double-vjp construction), so jacfwd and hessian work on any custom function.
   Without vmap, generate_vmap_rule runs forward, setup_context, backward and jvp under vmap;
   otherwise vmap loops over the lanes (with a warning). */
typedef struct st_ctx st_ctx;
int st_ctx_save(st_ctx *ctx, int n, st_tensor *const *ts); /* save_for_backward (NULL entries allowed) */
/* Borrowed. NULL with an error when i is out of range, or (ST_ERR_INPLACE) when the tensor was
   modified in place since st_ctx_save, as for the built-in ops' saved values. */
st_tensor *st_ctx_saved(st_ctx *ctx, int i);
int st_ctx_num_saved(const st_ctx *ctx);
bool st_ctx_needs_input_grad(st_ctx *ctx, int i);
void st_ctx_mark_non_differentiable(st_ctx *ctx, int out_index);
/* PyTorch's ctx.set_materialize_grads: when true (the default) backward receives zeros for
   output gradients nobody asked for; when false it receives NULL there. */
void st_ctx_set_materialize_grads(st_ctx *ctx, bool materialize);
/* per-call data saved by setup_context for backward/jvp */
void st_ctx_set_data(st_ctx *ctx, void *data, void (*free_fn)(void *));
void *st_ctx_data(st_ctx *ctx);
void *st_ctx_user(st_ctx *ctx); /* the function's `user` pointer */

typedef struct {
  const char *name;
  int nin, nout;
  void *user; /* passed to forward and vmap; st_ctx_user() elsewhere */
  /* forward: pure computation, no ctx (seed: setup_context style). */
  int (*forward)(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out);
  int (*setup_context)(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out);
  /* backward: grad_in[i] may be left NULL (zero / not needed). */
  int (*backward)(st_ctx *ctx, st_tensor *const *grad_out, st_tensor **grad_in);
  int (*jvp)(st_ctx *ctx, st_tensor *const *tangent_in, st_tensor **tangent_out); /* optional */
  /* optional batching rule: in_dims[i] is ST_UNBATCHED or a dim; fills out and out_dims. */
  int (*vmap)(void *user, int batch_size, const int *in_dims, st_tensor *const *in, st_tensor **out,
              int *out_dims);
  /* when vmap is NULL: run forward/backward under vmap; with a vmap rule too, st_vmap fails */
  bool generate_vmap_rule;
  /* Not in the contract: backward runs without recording, and differentiating its result
     again in reverse mode (st_backward of a gradient, jacrev of grad) fails with a message
     naming the function (PyTorch's @once_differentiable); forward mode over it (jacfwd of
     jacrev, hessian) still pushes tangents through backward's ops. */
  bool once_differentiable;
} st_custom_fn;

/* Applies fn: out receives fn->nout new references. */
int st_custom_apply(const st_custom_fn *fn, st_tensor *const *in, st_tensor **out);

/* ============================================================================ serialization */

/* A set of named tensors, as read from or written to a safetensors file. */
typedef struct st_dict st_dict;
st_dict *st_dict_new(void);
void st_dict_free(st_dict *d); /* releases the tensors it holds; NULL is a no-op */
int st_dict_set(st_dict *d, const char *name, st_tensor *t); /* retains t; replaces a name */
int st_dict_len(const st_dict *d); /* -1 (and ST_ERR_ARG) for NULL */
const char *st_dict_name(const st_dict *d, int i); /* borrowed; valid while d lives unchanged */
st_tensor *st_dict_get(const st_dict *d, const char *name); /* borrowed, or NULL */

/* safetensors (little-endian, F32/F64/I64/BOOL). A malformed file gives ST_ERR_IO.
   st_save replaces path atomically: it writes a temporary file beside it (".<name>.strata-tmp-
   <pid>-<n>"), fsyncs it, renames it over path and fsyncs the folder; on any failure path is
   untouched and the temporary is removed. A symlink is followed (the link stays and the file
   it names is replaced); an existing path that is not a regular file (directory, FIFO, device)
   is refused with ST_ERR_IO. The new file gets the old one's permission bits, or 0666 less the
   umask when path is new. */
int st_save(const char *path, const st_dict *d);
/* NULL on failure. Refuses anything but a regular file (ST_ERR_IO) before reading, without
   blocking on a FIFO. */
st_dict *st_load(const char *path);

/* ================================================================================= training */

/* The train layer (src/train/): optimizers, parameter containers, initializers, layers, data
   formats and minibatches, written only with the calls above (like Lua's auxiliary library).
   The conventions of the whole header hold: calls returning int give 0 or a negative st_status,
   calls returning pointers give NULL on failure, the error names the call and the values, and a
   failed call changes nothing. Objects (st_optim, st_params, st_batches) are not tensors: their
   owner frees them with their _free call, whatever scopes are open. */

/* ------------------------------------------------------------------------------ optimizers */

/* torch.optim's update rules, one fused loop per parameter tensor (f32 and f64), equal to
   PyTorch's single-tensor implementation up to rounding. */
typedef enum {
  ST_OPTIM_SGD,
  ST_OPTIM_ADAM,
  ST_OPTIM_ADAMW,
  ST_OPTIM_RMSPROP,
  ST_OPTIM_ADAGRAD
} st_optim_kind;
typedef struct {
  st_optim_kind kind;
  double lr;
  double momentum, dampening; /* SGD; RMSprop uses momentum */
  bool nesterov;              /* SGD */
  double beta1, beta2, eps;   /* Adam, AdamW; eps also RMSprop, Adagrad */
  bool amsgrad;               /* Adam, AdamW */
  double alpha;               /* RMSprop smoothing */
  double weight_decay;        /* L2 added to the gradient; AdamW: decoupled */
  bool maximize;
  /* Beyond the contract (zero: PyTorch's default). */
  bool centered;                   /* RMSprop: normalize by the estimated variance */
  double lr_decay;                 /* Adagrad */
  double initial_accumulator_value; /* Adagrad */
} st_optim_opts;
/* PyTorch's defaults for that kind (SGD lr 1e-3; Adam lr 1e-3, betas 0.9, 0.999, eps 1e-8;
   AdamW the same with weight_decay 1e-2; RMSprop lr 1e-2, alpha 0.99, eps 1e-8; Adagrad lr
   1e-2, eps 1e-10). */
st_optim_opts st_optim_defaults(st_optim_kind kind);
typedef struct st_optim st_optim;
/* params: f32 or f64 tensors that are not views of one another, retained by the optimizer until
   st_optim_free. The options are checked (a negative lr, beta outside [0, 1), nesterov without
   momentum, ... fail with ST_ERR_ARG). */
st_optim *st_optim_new(int nparams, st_tensor *const *params, const st_optim_opts *opts);
/* One update of every parameter from its .grad (a parameter without one is skipped, and its
   step count does not advance). The update writes the parameters in place outside any graph
   (grad mode plays no part) and bumps their version counter as an in-place op does: they stay
   leaves, and a graph that saved their old values refuses a later backward, as in PyTorch. A
   non-contiguous parameter is updated through a contiguous copy. Call it outside transforms. */
int st_optim_step(st_optim *opt);
/* The same with the gradients given: grads[i] for parameter i (NULL: skipped), e.g. the outputs
   of st_grad, like optax's update. */
int st_optim_step_grads(st_optim *opt, st_tensor *const *grads);
int st_optim_zero_grad(st_optim *opt); /* drops every parameter's .grad (set_to_none) */
int st_optim_set_lr(st_optim *opt, double lr);
double st_optim_get_lr(const st_optim *opt); /* NaN when opt is NULL */
/* Adds the optimizer's state to `into` under names starting "optim.": the kind, lr, and per
   parameter its step count and buffers ("optim.3.exp_avg"), as copies. st_optim_state_load
   into an optimizer made with the same options over parameters of the same shapes restores it,
   so training resumes bit-identically; a state that does not fit fails and changes nothing. */
int st_optim_state_save(st_optim *opt, st_dict *into);
int st_optim_state_load(st_optim *opt, const st_dict *from);
void st_optim_free(st_optim *opt); /* NULL is a no-op */
/* Scales every .grad so that their joint 2-norm is at most max_norm, as
   torch.nn.utils.clip_grad_norm_ (coefficient max_norm / (norm + 1e-6), capped at 1; a
   non-finite norm is not an error). Returns the norm before clipping (NaN, with the error set,
   on failure); parameters without .grad are skipped. */
double st_clip_grad_norm(int nparams, st_tensor *const *params, double max_norm);
/* DP-SGD's clipping (Opacus): per_sample[i] holds B per-sample gradients [B, ...] of parameter
   i (as st_vmap(st_grad) gives them). Each sample's joint norm over all i is clipped to max_norm
   (factor min(1, max_norm / (norm + 1e-6))) and the clipped gradients are summed over the batch:
   sums[i] receives a new reference shaped per_sample[i] without its first dim. norms, when not
   NULL, receives the [B] norms before clipping. One fused pass per tensor. */
int st_clip_per_sample(int n, st_tensor *const *per_sample, double max_norm, st_tensor **sums,
                       st_tensor **norms);

/* Learning-rate schedules as functions of the step (the closed forms of
   torch.optim.lr_scheduler): the lr to use at `step` (0, 1, ...), given the base lr. NaN and an
   ST_ERR_ARG error for invalid arguments. Compose them by hand, e.g. a linear warmup for w steps
   then st_lr_cosine(base, step - w, total - w, 0). */
double st_lr_step(double base_lr, int64_t step, int64_t step_size, double gamma); /* StepLR */
double st_lr_cosine(double base_lr, int64_t step, int64_t t_max, double eta_min); /* CosineAnnealingLR */
/* LinearLR: the factor goes from start_factor to end_factor over total_iters steps. */
double st_lr_linear(double base_lr, int64_t step, double start_factor, double end_factor,
                    int64_t total_iters);

/* ------------------------------------------------------------------------------ parameters */

/* A named, ordered set of a model's tensors: parameters (trained, passed to functions) and
   buffers (state such as BatchNorm's running statistics: saved and loaded, never trained).
   The parameters flatten to a plain array (st_params_tensors) that is the leading part of a
   function's inputs, so transforms, optimizers and layers all see the same list. */
typedef struct st_params st_params;
st_params *st_params_new(void);
void st_params_free(st_params *p); /* releases the tensors it holds; NULL is a no-op */
/* Adds t (retained) under a new name; returns its index, or a negative status (a duplicate
   name, a NULL tensor). */
int st_params_add(st_params *p, const char *name, st_tensor *t);
int st_params_add_buffer(st_params *p, const char *name, st_tensor *t);
int st_params_len(const st_params *p);         /* parameters, not buffers; -1 for NULL */
int st_params_buffer_len(const st_params *p);
/* The parameters in order, borrowed: valid until the next st_params_add or st_params_free. */
st_tensor *const *st_params_tensors(const st_params *p);
const char *st_params_name(const st_params *p, int i); /* borrowed, or NULL */
st_tensor *st_params_get(const st_params *p, const char *name); /* parameter or buffer; borrowed */
st_tensor *st_params_buffer(const st_params *p, int i);          /* borrowed, or NULL */
int st_params_index(const st_params *p, const char *name);      /* -1 when it is no parameter */
int64_t st_params_numel(const st_params *p);                    /* elements of all parameters */
int st_params_set_requires_grad(st_params *p, bool requires_grad); /* every parameter */
/* A container with the same names holding ts[i] in place of parameter i (e.g. gradients or a
   transform's outputs), and the same buffers. */
st_params *st_params_like(const st_params *p, st_tensor *const *ts);
/* For ensembles: a container whose every tensor stacks the n models' tensors along a new dim 0
   (the models must have the same names, shapes and dtypes). */
st_params *st_params_stack(int n, st_params *const *models);
/* Calls f with the parameters followed by extra[0..nextra) as its inputs. */
int st_params_call(st_func *f, const st_params *p, int nextra, st_tensor *const *extra,
                   st_tensor **out);
/* Writes copies of every parameter and buffer into `into` under prefix + name (prefix may be
   NULL); st_params_load_dict copies the values at those names into p's tensors in place (every
   name must be there with the same shape and dtype; nothing changes otherwise). */
int st_params_save_dict(const st_params *p, st_dict *into, const char *prefix);
int st_params_load_dict(st_params *p, const st_dict *from, const char *prefix);
int st_params_save(const st_params *p, const char *path); /* safetensors */
int st_params_load(st_params *p, const char *path);
/* A training checkpoint in one safetensors file: the parameters and buffers under "model." and
   the optimizer state (opt may be NULL) under "optim.". Loading restores both or neither. */
int st_train_save(const char *path, const st_params *p, st_optim *opt);
int st_train_load(const char *path, st_params *p, st_optim *opt);

/* Transform helpers over functions whose first nparams inputs are the parameters. Each returns
   a new function value (the caller releases it), or NULL. */
/* grad w.r.t. inputs 0..nparams-1: outputs one gradient per parameter, then f's aux outputs. */
st_func *st_grad_params(st_func *f, int nparams);
/* vmap with in_dims params_dim for the parameters and rest_dim for the other inputs (either may
   be ST_UNBATCHED): ensembles are st_vmap_params(f, n, 0, ST_UNBATCHED). */
st_func *st_vmap_params(st_func *f, int nparams, int params_dim, int rest_dim);
/* Per-sample gradients: st_vmap_params(st_grad_params(f, nparams), nparams, ST_UNBATCHED, 0).
   f computes one example's loss; output i is [B, parameter i's shape]. */
st_func *st_per_sample_grad(st_func *f, int nparams);

/* ---------------------------------------------------------------------------- initializers */

/* torch.nn.init: fill t in place (outside any graph; its version counter moves as for an
   in-place op) from this thread's generator, so st_manual_seed makes them repeatable. Fans are
   PyTorch's: fan_in = size(1) * receptive field, fan_out = size(0) * receptive field (t needs at
   least 2 dims for the fan-based ones). */
typedef enum { ST_FAN_IN, ST_FAN_OUT } st_fan_mode;
typedef enum {
  ST_GAIN_LINEAR, /* also conv and sigmoid: 1 */
  ST_GAIN_SIGMOID,
  ST_GAIN_TANH,       /* 5/3 */
  ST_GAIN_RELU,       /* sqrt(2) */
  ST_GAIN_LEAKY_RELU, /* sqrt(2 / (1 + slope^2)) */
  ST_GAIN_SELU        /* 3/4 */
} st_gain;
double st_init_gain(st_gain nonlinearity, double param); /* torch.nn.init.calculate_gain */
int st_init_fans(const st_tensor *t, int64_t *fan_in, int64_t *fan_out);
int st_init_uniform_(st_tensor *t, double low, double high);
int st_init_normal_(st_tensor *t, double mean, double std);
/* std = gain(nonlinearity, a) / sqrt(fan); uniform bound sqrt(3) * std. */
int st_init_kaiming_uniform_(st_tensor *t, double a, st_fan_mode mode, st_gain nonlinearity);
int st_init_kaiming_normal_(st_tensor *t, double a, st_fan_mode mode, st_gain nonlinearity);
/* std = gain * sqrt(2 / (fan_in + fan_out)); uniform bound sqrt(3) * std. */
int st_init_xavier_uniform_(st_tensor *t, double gain);
int st_init_xavier_normal_(st_tensor *t, double gain);
/* N(mean, std) truncated to [a, b] (inverse-CDF sampling, as torch.nn.init.trunc_normal_). */
int st_init_trunc_normal_(st_tensor *t, double mean, double std, double a, double b);

/* ---------------------------------------------------------------------------------- layers */

/* A layer is a small struct of hyperparameters plus the index of its first parameter in a
   st_params. The _add call creates its parameters (PyTorch's default initialization and names,
   "<name>.weight", "<name>.bias") in the container and records the index; the _apply call is a
   pure function of the parameter array it is given (params[index], ...), normally a function's
   `in` whose first inputs are st_params_tensors, so it works on plain tensors and under every
   transform. Zero fields take the defaults in the comments (dtype 0 is ST_F32). Parameters are
   made requiring grad, for eager training (st_backward, then st_optim_step); with transforms,
   turn that off (st_params_set_requires_grad(p, false)) or run them with grad mode off, so the
   eager graph is not recorded around them. Dropout is st_dropout (no parameters). */
typedef enum {
  ST_ACT_NONE,
  ST_ACT_RELU,
  ST_ACT_TANH,
  ST_ACT_SIGMOID,
  ST_ACT_GELU,
  ST_ACT_SILU
} st_activation;
st_tensor *st_activate(st_tensor *x, st_activation act); /* ST_ACT_NONE: x (a new reference) */

typedef struct {
  int64_t in, out;
  bool no_bias;
  st_dtype dtype; /* of the parameters; 0: ST_F32 */
  int index;      /* set by _add: weight [out, in] at params[index], bias [out] after it */
} st_linear_layer;
int st_linear_layer_add(st_linear_layer *l, st_params *p, const char *name);
st_tensor *st_linear_layer_apply(const st_linear_layer *l, st_tensor *const *params, st_tensor *x);

/* x [N, in, H, W] or unbatched [in, H, W]; weight [out, in / groups, kernel...]. */
typedef struct {
  int64_t in, out;
  int64_t kernel[2];   /* {kh, kw} */
  int64_t stride[2];   /* 0: 1 */
  int64_t padding[2];  /* 0: 0 */
  int64_t dilation[2]; /* 0: 1 */
  int64_t groups;      /* 0: 1 */
  bool no_bias;
  st_dtype dtype;
  int index;
} st_conv2d_layer;
int st_conv2d_layer_add(st_conv2d_layer *l, st_params *p, const char *name);
st_tensor *st_conv2d_layer_apply(const st_conv2d_layer *l, st_tensor *const *params, st_tensor *x);
/* x [N, in, L] or unbatched [in, L]; weight [out, in / groups, kernel] (as torch.nn.Conv1d). */
typedef struct {
  int64_t in, out, kernel;
  int64_t stride, padding, dilation, groups; /* 0: 1, 0, 1, 1 */
  bool no_bias;
  st_dtype dtype;
  int index;
} st_conv1d_layer;
int st_conv1d_layer_add(st_conv1d_layer *l, st_params *p, const char *name);
st_tensor *st_conv1d_layer_apply(const st_conv1d_layer *l, st_tensor *const *params, st_tensor *x);

/* Normalizes over the last nnorm dims (shape); weight ones and bias zeros unless no_affine. */
typedef struct {
  int nnorm;
  int64_t shape[ST_MAX_DIMS];
  double eps; /* 0: 1e-5 */
  bool no_affine;
  st_dtype dtype;
  int index;
} st_layer_norm_layer;
int st_layer_norm_layer_add(st_layer_norm_layer *l, st_params *p, const char *name);
st_tensor *st_layer_norm_layer_apply(const st_layer_norm_layer *l, st_tensor *const *params,
                                     st_tensor *x);

/* BatchNorm over x [N, C], [N, C, L] or [N, C, H, W] (BatchNorm1d / 2d). Training normalizes
   with the batch statistics (biased variance) and updates the running ones as torch does:
   running = (1 - momentum) * running + momentum * batch, with the unbiased batch variance.
   Evaluation normalizes with the running statistics. The buffers "<name>.running_mean",
   "<name>.running_var" and "<name>.num_batches_tracked" live in the container (the pointers
   below are borrowed from it): _apply reads (evaluation) and updates (training) the buffers of
   the container the struct was last added to, not those of the array it is given, so use one
   struct per container, add it again after st_params_free, and give an ensemble over stacked
   containers no_running_stats. Updating them reads the batch statistics' values, so training
   mode works eagerly and under st_grad / st_jvp but not under st_vmap (each lane would have its
   own statistics: use eval mode there, or no_running_stats, as torch.func asks). */
typedef struct {
  int64_t features;
  double eps;      /* 0: 1e-5 */
  double momentum; /* 0: 0.1 */
  bool no_affine, no_running_stats;
  st_dtype dtype;
  int index;
  st_tensor *running_mean, *running_var, *num_batches_tracked;
} st_batch_norm_layer;
int st_batch_norm_layer_add(st_batch_norm_layer *l, st_params *p, const char *name);
st_tensor *st_batch_norm_layer_apply(const st_batch_norm_layer *l, st_tensor *const *params,
                                     st_tensor *x, bool train);

/* weight [num, dim] drawn from N(0, 1); indices ST_I64 of any shape. */
typedef struct {
  int64_t num, dim;
  st_dtype dtype;
  int index;
} st_embedding_layer;
int st_embedding_layer_add(st_embedding_layer *l, st_params *p, const char *name);
st_tensor *st_embedding_layer_apply(const st_embedding_layer *l, st_tensor *const *params,
                                    st_tensor *indices);

/* A multilayer perceptron: Linear layers sizes[0] -> sizes[1] -> ... -> sizes[nsizes - 1] with
   `act` between them (not after the last), named "<name>.0", "<name>.1", ... */
#define ST_MLP_MAX_LAYERS 16
typedef struct {
  int nlayers;
  st_activation act;
  st_linear_layer layers[ST_MLP_MAX_LAYERS];
} st_mlp;
int st_mlp_add(st_mlp *m, st_params *p, const char *name, int nsizes, const int64_t *sizes,
               st_activation act, st_dtype dtype);
st_tensor *st_mlp_apply(const st_mlp *m, st_tensor *const *params, st_tensor *x);

/* ------------------------------------------------------------------------------------ data */

/* NumPy .npy files (format versions 1, 2 and 3). Loading keeps NumPy's dtype, as
   torch.from_numpy: f2, f4, f8, i1, i2, i4, i8, u1 and b1 as ST_F16, ST_F32, ST_F64, ST_I8,
   ST_I16, ST_I32, ST_I64, ST_U8 and ST_BOOL; u2 and u4 widen to ST_I32 and ST_I64; in either
   byte order and in C or Fortran order. Saving writes every dtype but ST_BF16 (ST_ERR_DTYPE). Anything else, and any malformed file, fails
   with ST_ERR_IO and a message naming the file and what is wrong. Saving writes version 1, C
   order, little-endian, replacing the file only once the new one is complete. */
st_tensor *st_npy_load(const char *path);
int st_npy_save(const char *path, st_tensor *t);
/* .npz archives (numpy.savez): a zip of .npy files named "<key>.npy". Loading reads stored
   entries, and deflated ones (numpy.savez_compressed) when strata was built with zlib
   (otherwise they fail with ST_ERR_UNSUPPORTED, naming the entry). Saving stores (no
   compression), in the dict's order. */
st_dict *st_npz_load(const char *path);
int st_npz_save(const char *path, const st_dict *d);

/* Minibatches over the first dim of ntensors tensors of equal length: each batch holds copies
   of batch_size rows (the last may be smaller unless drop_last). With shuffle, epoch e visits
   the rows in a permutation drawn from (seed, e) alone, so a run is repeatable and resumable;
   the global generator is not touched. */
typedef struct st_batches st_batches;
st_batches *st_batches_new(int ntensors, st_tensor *const *tensors, int64_t batch_size,
                           bool shuffle, uint64_t seed, bool drop_last);
/* Writes the next batch (ntensors new references) to out and returns 1; returns 0 at the end of
   an epoch (out untouched; the next call starts the next epoch), or a negative status. */
int st_batches_next(st_batches *b, st_tensor **out);
int64_t st_batches_count(const st_batches *b); /* batches per epoch */
int64_t st_batches_epoch(const st_batches *b); /* the epoch the next batch comes from */
/* Continue at batch `batch` of epoch `epoch` (for resuming). */
int st_batches_seek(st_batches *b, int64_t epoch, int64_t batch);
void st_batches_free(st_batches *b);

#ifdef __cplusplus
}
#endif
#endif /* STRATA_H */
