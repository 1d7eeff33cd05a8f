/* reduce.c — the reduction kernels (see reduce.h). The input's dims are split into kept dims
   (one output per index) and reduced dims; each list is ordered by stride and coalesced, so no
   permuted copy is ever made. Then one of three loops runs:
   - all-reduce (no kept dim left): the reduced range is cut into chunks whose size depends only
     on its length, reduced in parallel and combined pairwise, so the result does not depend on
     the thread count;
   - columns (the innermost kept dim has unit stride and the reduced dims do not, e.g. a sum over
     dim 0 of a contiguous [N, D]): each reduced position adds a contiguous row into a tile of
     outputs, so memory is read in order and the loop vectorizes across outputs;
   - rows (otherwise, e.g. a sum over the last dim): each output reduces its own range, with
     unit-stride runs in 16 independent lanes, in parallel over blocks of outputs.

   Accuracy. Float inputs accumulate in double. For f32 that keeps a sum's error near
   N * 2^-53 * sum|x|, far below f32's own rounding for any N that fits in memory, and costs
   nothing when the loop is memory-bound (one conversion per element). Sums are also pairwise,
   as NumPy's (numpy/core/src/umath/loops_utils.h.src, pairwise_sum): leaves of LEAF elements
   summed in LANES partial sums, leaves combined as a binary tree, so f64 sums err by O(log N)
   ulps rather than O(N). The column loop cascades instead (partial sums of CASCADE rows, and of
   CASCADE of those), after PyTorch's multi-row cascade sum (aten/src/ATen/native/cpu/
   SumKernel.cpp). Integer sums and products are exact modulo 2^64. */
#include <math.h>
#include <string.h>

#include "reduce.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define AI static inline __attribute__((always_inline))

enum {
  LANES = 16,        /* independent accumulators of a unit-stride run */
  LEAF = 1024,       /* elements per leaf of the pairwise tree */
  TILE = 1024,       /* outputs per task of the column loop (see column_tile) */
  CASCADE = 32,      /* rows per partial sum of the column loop */
  MAX_CHUNKS = 1024, /* pieces of an all-reduce */
};
#define CHUNK_MIN ((int64_t)32 * LEAF) /* smallest piece of an all-reduce, in elements */
#define PAR_WORK  32768                /* below this many elements, one thread */
#define ROW_BLOCK 8192                 /* elements per task of the row loop */

/* ---------------------------------------------------------------------------- the plan */

typedef struct plan {
  int nk, nr;
  int64_t ks[ST_MAX_DIMS], kis[ST_MAX_DIMS], kos[ST_MAX_DIMS]; /* kept: size, in/out stride */
  int64_t rs[ST_MAX_DIMS], ris[ST_MAX_DIMS];                   /* reduced: size, in stride */
  int64_t nout, nred;
} plan;

typedef struct rctx {
  const plan *p;
  const char *base; /* the input's first element */
  void *acc;        /* double[nout], int64_t[nout] (or the argreduce output) */
  const double *m, *k;
  int64_t tile; /* columns per task of the column loop */
} rctx;

static int64_t abs64(int64_t x) { return x < 0 ? -x : x; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Column-loop task t: a tile of *w columns of the unit-stride kept dim (the last) at one index
   of the other kept dims, and its element offsets in the input and in the output. */
static void tile_of(const rctx *c, int64_t t, int64_t *w, int64_t *ioff, int64_t *ooff) {
  const plan *p = c->p;
  int v = p->nk - 1;
  int64_t d = p->ks[v], tw = c->tile, ntiles = (d + tw - 1) / tw, outer = t / ntiles;
  int64_t j0 = t % ntiles * tw;
  *w = min64(tw, d - j0);
  *ioff = j0, *ooff = j0 * p->kos[v];
  for (int i = v - 1; i >= 0; i--) {
    int64_t x = outer % p->ks[i];
    outer /= p->ks[i];
    *ioff += x * p->kis[i], *ooff += x * p->kos[i];
  }
}

/* Stable insertion sort of n dims by decreasing |stride|, carrying sizes and `other`. */
static void sort_dims(int n, int64_t *size, int64_t *stride, int64_t *other) {
  for (int i = 1; i < n; i++) {
    int64_t sz = size[i], st = stride[i], ot = other ? other[i] : 0;
    int j = i;
    for (; j > 0 && abs64(stride[j - 1]) < abs64(st); j--) {
      size[j] = size[j - 1], stride[j] = stride[j - 1];
      if (other) other[j] = other[j - 1];
    }
    size[j] = sz, stride[j] = st;
    if (other) other[j] = ot;
  }
}

/* Merges dim i into the previous one when stepping through i's whole range lands on the
   previous dim's next element (in the input and, for kept dims, in the output). Merging only
   neighbours keeps row-major order, which argmax's indices rely on. */
static int coalesce(int n, int64_t *size, int64_t *stride, int64_t *other) {
  if (n == 0) return 0;
  int k = 0;
  for (int i = 1; i < n; i++) {
    if (stride[k] == stride[i] * size[i] && (!other || other[k] == other[i] * size[i])) {
      size[k] *= size[i];
      stride[k] = stride[i];
      if (other) other[k] = other[i];
    } else {
      k++;
      size[k] = size[i], stride[k] = stride[i];
      if (other) other[k] = other[i];
    }
  }
  return k + 1;
}

/* Splits in's dims by mask. Kept dims get the strides of a contiguous result; size-1 dims are
   dropped. keep_order leaves the reduced dims in row-major order (for argreduce). */
static void make_plan(plan *p, st_view in, unsigned mask, bool keep_order) {
  int64_t ostride[ST_MAX_DIMS], os = 1;
  for (int d = in.ndim - 1; d >= 0; d--)
    if (!(mask >> d & 1)) ostride[d] = os, os *= in.shape[d];
  p->nk = p->nr = 0;
  p->nout = p->nred = 1;
  for (int d = 0; d < in.ndim; d++) {
    int64_t n = in.shape[d];
    if (mask >> d & 1) {
      p->nred *= n;
      if (n != 1) p->rs[p->nr] = n, p->ris[p->nr++] = in.strides[d];
    } else {
      p->nout *= n;
      if (n != 1) p->ks[p->nk] = n, p->kis[p->nk] = in.strides[d], p->kos[p->nk++] = ostride[d];
    }
  }
  if (p->nout == 0 || p->nred == 0) return;
  sort_dims(p->nk, p->ks, p->kis, p->kos);
  p->nk = coalesce(p->nk, p->ks, p->kis, p->kos);
  if (!keep_order) sort_dims(p->nr, p->rs, p->ris, NULL);
  p->nr = coalesce(p->nr, p->rs, p->ris, NULL);
}

/* Input and output offsets of the o-th output, counting kept indices in the plan's order. */
static void kept_offsets(const plan *p, int64_t o, int64_t *idx, int64_t *ioff, int64_t *ooff) {
  *ioff = *ooff = 0;
  for (int d = p->nk - 1; d >= 0; d--) {
    idx[d] = o % p->ks[d];
    o /= p->ks[d];
    *ioff += idx[d] * p->kis[d], *ooff += idx[d] * p->kos[d];
  }
}

static inline void kept_next(const plan *p, int64_t *idx, int64_t *ioff, int64_t *ooff) {
  for (int d = p->nk - 1; d >= 0; d--) {
    *ioff += p->kis[d], *ooff += p->kos[d];
    if (++idx[d] < p->ks[d]) return;
    *ioff -= p->kis[d] * p->ks[d], *ooff -= p->kos[d] * p->ks[d];
    idx[d] = 0;
  }
}

/* Steps an odometer over the first n reduced dims; off follows in input elements. */
static inline void reduced_next(const plan *p, int n, int64_t *idx, int64_t *off) {
  for (int d = n - 1; d >= 0; d--) {
    *off += p->ris[d];
    if (++idx[d] < p->rs[d]) return;
    *off -= p->ris[d] * p->rs[d];
    idx[d] = 0;
  }
}

static int pick_threads(int64_t work) {
  if (work < PAR_WORK) return 1;
#ifdef _OPENMP
  if (omp_in_parallel()) return 1; /* already inside someone's team: no nested teams */
#endif
  return st__num_threads();
}

/* The column loop suits a kept dim with unit stride when the reduced dims have none. */
static bool use_columns(const plan *p) {
  return p->nr > 0 && p->kis[p->nk - 1] == 1 && p->ks[p->nk - 1] >= 8 &&
         abs64(p->ris[p->nr - 1]) != 1;
}

/* Outputs per column task: TILE, or fewer (not below 128) when that would leave threads idle.
   Wide tiles matter: each reduced position reads one contiguous piece of tile width, and
   pieces of a few hundred bytes at a large stride defeat the hardware prefetcher (measured
   2-3x slower for 256 f32 columns than for 1024 on [4096, 4096]). */
static int64_t column_tile(const plan *p, int nt) {
  int64_t d = p->ks[p->nk - 1], outer = p->nout / d, w = TILE;
  if (nt > 1 && outer * ((d + w - 1) / w) < nt) {
    int64_t want = (nt + outer - 1) / outer;
    w = ((d + want - 1) / want + 7) / 8 * 8;
    w = w < 128 ? 128 : w > TILE ? TILE : w;
  }
  return w;
}

/* --------------------------------------------------------------- accumulators, per kind */

AI int64_t esize(st_dtype dt) { return dt == ST_F32 ? 4 : dt == ST_BOOL ? 1 : 8; }
AI double load_f(const char *p, int64_t i, st_dtype dt) {
  return dt == ST_F32 ? (double)((const float *)p)[i] : ((const double *)p)[i];
}
AI int64_t load_i(const char *p, int64_t i, st_dtype dt) {
  return dt == ST_I64 ? ((const int64_t *)p)[i] : (int64_t)((const bool *)p)[i];
}

/* exp(x) for x <= 0 (or NaN), branch-free so that a loop of it vectorizes: x = k ln2 + r with
   |r| <= ln2/2 (Cody-Waite split of ln2, fdlibm's constants), e^r by its Taylor series to r^13
   (truncation below 2^-57 on that interval), 2^k written into the exponent bits. Below -708,
   where e^x is subnormal, it gives 0: beside the e^0 = 1 that the max contributes to every
   shifted sum, such terms are lost to rounding anyway. */
AI double exp_nonpos(double x) {
  double xc = x < -708.0 ? -708.0 : x;
  double big = xc * 1.4426950408889634 + 0x1.8p52; /* round(x / ln2) in the low bits */
  double kf = big - 0x1.8p52;
  double r = xc - kf * 6.93147180369123816490e-01 - kf * 1.90821492927058770002e-10;
  double p = 1.0 / 6227020800.0;
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  uint64_t kbits, sbits;
  memcpy(&kbits, &big, sizeof kbits);
  sbits = (kbits - 0x4338000000000000ull + 1023u) << 52; /* k + bias in the exponent field */
  double scale;
  memcpy(&scale, &sbits, sizeof scale);
  double e = x < -708.0 ? 0.0 : p * scale;
  return x != x ? x : e;
}

/* The NaN-propagating extremes are written as one select on unordered compares (a NaN in a
   stays; a NaN x replaces a number), a form the compiler vectorizes. */
AI double max_nan(double a, double x) { return (!(x <= a) & (a == a)) ? x : a; }
AI double min_nan(double a, double x) { return (!(x >= a) & (a == a)) ? x : a; }

AI double init_f(int kind) {
  return kind == ST_RED_PROD  ? 1
         : kind == ST_RED_MAX ? -INFINITY
         : kind == ST_RED_MIN ? INFINITY
                              : 0;
}
AI double step_f(int kind, double a, double x, double m, double k) {
  switch (kind) {
  case ST_RED_SUM: return a + x;
  case ST_RED_PROD: return a * x;
  case ST_RED_MAX: return max_nan(a, x);
  case ST_RED_MIN: return min_nan(a, x);
  case ST_RED_MAXABS: return max_nan(a, fabs(x));
  case ST_RED_SQDEV: {
    double d = (x - m) * k;
    return a + d * d;
  }
  case ST_RED_DEV: return a + (x - m) * k;
  default: return a + exp_nonpos(x - m);
  }
}
AI double comb_f(int kind, double a, double b) {
  switch (kind) {
  case ST_RED_PROD: return a * b;
  case ST_RED_MAX:
  case ST_RED_MAXABS: return max_nan(a, b);
  case ST_RED_MIN: return min_nan(a, b);
  default: return a + b;
  }
}

AI int64_t init_i(int kind) {
  return kind == ST_RED_PROD  ? 1
         : kind == ST_RED_MAX ? INT64_MIN
         : kind == ST_RED_MIN ? INT64_MAX
                              : 0;
}
/* Sums and products wrap through uint64_t, as two's complement hardware (and PyTorch) does. */
AI int64_t step_i(int kind, int64_t a, int64_t x, double m, double k) {
  (void)m, (void)k;
  switch (kind) {
  case ST_RED_SUM: return (int64_t)((uint64_t)a + (uint64_t)x);
  case ST_RED_PROD: return (int64_t)((uint64_t)a * (uint64_t)x);
  case ST_RED_MAX: return x > a ? x : a;
  default: return x < a ? x : a;
  }
}
AI int64_t comb_i(int kind, int64_t a, int64_t b) { return step_i(kind, a, b, 0, 1); }

/* Four lanes at a time, written with GCC/Clang vector extensions: the selects of the NaN rules
   and of exp defeat the auto-vectorizer. Only with AVX (a -march=native build): elsewhere the
   scalar loops of DEFINE_LOOPS run, and no 32-byte vector crosses a function boundary. */
#ifdef __AVX__
typedef double v4d __attribute__((vector_size(32)));
typedef int64_t v4l __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));

AI v4d splat4(double x) { return (v4d){x, x, x, x}; }
AI v4d select4(v4l take, v4d x, v4d a) { return (v4d)((take & (v4l)x) | (~take & (v4l)a)); }
AI v4d load4(const char *p, int64_t i, st_dtype dt) {
  if (dt == ST_F32) {
    v4f f;
    memcpy(&f, (const float *)p + i, sizeof f);
    return __builtin_convertvector(f, v4d);
  }
  v4d d;
  memcpy(&d, (const double *)p + i, sizeof d);
  return d;
}
AI v4d ld4(const double *p) {
  v4d d;
  memcpy(&d, p, sizeof d);
  return d;
}
AI void st4(double *p, v4d v) { memcpy(p, &v, sizeof v); }

/* exp_nonpos, four lanes. */
AI v4d exp_nonpos4(v4d x) {
  v4l tiny = x < -708.0;
  v4d xc = select4(tiny, splat4(-708.0), x);
  v4d big = xc * 1.4426950408889634 + 0x1.8p52;
  v4d kf = big - 0x1.8p52;
  v4d r = xc - kf * 6.93147180369123816490e-01 - kf * 1.90821492927058770002e-10;
  static const double coef[] = {1.0 / 479001600.0,
                                1.0 / 39916800.0,
                                1.0 / 3628800.0,
                                1.0 / 362880.0,
                                1.0 / 40320.0,
                                1.0 / 5040.0,
                                1.0 / 720.0,
                                1.0 / 120.0,
                                1.0 / 24.0,
                                1.0 / 6.0,
                                0.5,
                                1.0,
                                1.0};
  v4d p = splat4(1.0 / 6227020800.0);
  for (int i = 0; i < 13; i++) p = p * r + coef[i];
  v4d scale = (v4d)(((v4l)big - 0x4338000000000000ll + 1023) << 52);
  return select4(x != x, x, select4(tiny, splat4(0.0), p * scale));
}

AI v4d extreme4(int kind, v4d a, v4d x) {
  if (kind == ST_RED_MAXABS) x = (v4d)((v4l)x & 0x7fffffffffffffffll);
  v4l take = (kind == ST_RED_MIN ? x < a : x > a) | (x != x);
  return select4(take & (a == a), x, a);
}
AI v4d step4(int kind, v4d a, v4d x, v4d m, v4d k) {
  switch (kind) {
  case ST_RED_SUM: return a + x;
  case ST_RED_PROD: return a * x;
  case ST_RED_MAX:
  case ST_RED_MIN:
  case ST_RED_MAXABS: return extreme4(kind, a, x);
  case ST_RED_SQDEV: {
    v4d d = (x - m) * k;
    return a + d * d;
  }
  case ST_RED_DEV: return a + (x - m) * k;
  default: return a + exp_nonpos4(x - m);
  }
}

/* f32 lanes for the two f32 cases where width pays: extremes (exact in any precision) and exp
   (f32 accuracy suffices for an f32 result; the sum still accumulates in double). */
typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));

AI v8f load8f(const char *p, int64_t i) {
  v8f f;
  memcpy(&f, (const float *)p + i, sizeof f);
  return f;
}
AI v8f select8(v8i take, v8f x, v8f a) { return (v8f)((take & (v8i)x) | (~take & (v8i)a)); }
AI v8f extreme8(int kind, v8f a, v8f x) {
  if (kind == ST_RED_MAXABS) x = (v8f)((v8i)x & 0x7fffffff);
  v8i take = (kind == ST_RED_MIN ? x < a : x > a) | (x != x);
  return select8(take & (a == a), x, a);
}
/* e^x for x <= 0 in f32: the same reduction as exp_nonpos with Cephes' expf polynomial
   (S. Moshier, Cephes Math Library, expf.c); 0 below -87 (where e^x leaves f32's normals). */
AI v8f exp_nonpos8(v8f x) {
  v8i tiny = x < -87.0f;
  v8f xc = select8(tiny, (v8f){0} - 87.0f, x);
  v8f big = xc * 1.44269504088896341f + 0x1.8p23f;
  v8f kf = big - 0x1.8p23f;
  v8f r = xc - kf * 0.693359375f - kf * -2.12194440e-4f;
  v8f p = (v8f){0} + 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  v8f scale = (v8f)(((v8i)big - 0x4b400000 + 127) << 23);
  return select8(x != x, x, select8(tiny, (v8f){0}, p * scale));
}
AI v4d lo4(v8f x) {
  return __builtin_convertvector(__builtin_shufflevector(x, x, 0, 1, 2, 3), v4d);
}
AI v4d hi4(v8f x) {
  return __builtin_convertvector(__builtin_shufflevector(x, x, 4, 5, 6, 7), v4d);
}

/* The unit-stride run of a float kind: 16 lanes, combined as a fixed tree. */
AI bool run_fast_f(int kind, st_dtype dt, const char *x, int64_t n, int64_t s, double m, double k,
                   double *out) {
  if (s != 1 || n < LANES) return false;
  bool extreme = kind == ST_RED_MAX || kind == ST_RED_MIN || kind == ST_RED_MAXABS;
  double lane[LANES];
  int64_t i = 0;
  if (dt == ST_F32 && extreme) {
    v8f acc[2] = {(v8f){0} + (float)init_f(kind), (v8f){0} + (float)init_f(kind)};
    for (; i + LANES <= n; i += LANES)
      for (int j = 0; j < 2; j++) acc[j] = extreme8(kind, acc[j], load8f(x, i + 8 * j));
    v4d wide[4] = {lo4(acc[0]), hi4(acc[0]), lo4(acc[1]), hi4(acc[1])};
    memcpy(lane, wide, sizeof lane);
  } else {
    v4d acc[4], mv = splat4(m), kv = splat4(k);
    for (int j = 0; j < 4; j++) acc[j] = splat4(init_f(kind));
    if (dt == ST_F32 && kind == ST_RED_EXPDEV)
      for (v8f mf = (v8f){0} + (float)m; i + LANES <= n; i += LANES)
        for (int j = 0; j < 2; j++) {
          v8f e = exp_nonpos8(load8f(x, i + 8 * j) - mf);
          acc[2 * j] += lo4(e), acc[2 * j + 1] += hi4(e);
        }
    else
      for (; i + LANES <= n; i += LANES)
        for (int j = 0; j < 4; j++) acc[j] = step4(kind, acc[j], load4(x, i + 4 * j, dt), mv, kv);
    memcpy(lane, acc, sizeof lane);
  }
  for (; i < n; i++) lane[0] = step_f(kind, lane[0], load_f(x, i, dt), m, k);
  for (int w = LANES / 2; w; w /= 2)
    for (int j = 0; j < w; j++) lane[j] = comb_f(kind, lane[j], lane[j + w]);
  *out = lane[0];
  return true;
}
/* One reduced position of the column loop: t[j] = step(t[j], x[j]) for j < w. */
AI void row_step_f(int kind, st_dtype dt, double *t, const char *x, const double *pm,
                   const double *pk, int64_t w) {
  int64_t j = 0;
  for (; j + 4 <= w; j += 4)
    st4(t + j, step4(kind, ld4(t + j), load4(x, j, dt), ld4(pm + j), ld4(pk + j)));
  for (; j < w; j++) t[j] = step_f(kind, t[j], load_f(x, j, dt), pm[j], pk[j]);
}
/* Outputs [o, o1) four at a time while each reduces one short unit-stride run (shorter than
   LANES, which run_f steps through in order, one element at a time): the same steps in the same
   order, the four outputs in the lanes of one vector, so that a reduction of many short rows
   (a softmax over 5 classes, a sum over 2 coordinates) is not one call chain per row. Returns
   the first output not done; idx, ioff and ooff follow. */
AI int64_t rows4_f(int kind, st_dtype dt, const rctx *c, int64_t o, int64_t o1, int64_t *idx,
                   int64_t *ioff, int64_t *ooff) {
  const plan *p = c->p;
  if (p->nr != 1 || p->ris[0] != 1 || p->rs[0] >= LANES) return o;
  int64_t len = p->rs[0];
  double *acc = c->acc;
  for (; o + 4 <= o1; o += 4) {
    const char *x[4];
    int64_t oo[4];
    for (int j = 0; j < 4; j++) {
      x[j] = c->base + *ioff * esize(dt);
      oo[j] = *ooff;
      kept_next(p, idx, ioff, ooff);
    }
    v4d m = c->m ? (v4d){c->m[oo[0]], c->m[oo[1]], c->m[oo[2]], c->m[oo[3]]} : splat4(0);
    v4d k = c->k ? (v4d){c->k[oo[0]], c->k[oo[1]], c->k[oo[2]], c->k[oo[3]]} : splat4(1);
    v4d a = splat4(init_f(kind));
    for (int64_t i = 0; i < len; i++)
      a = step4(kind, a,
                (v4d){load_f(x[0], i, dt), load_f(x[1], i, dt), load_f(x[2], i, dt),
                      load_f(x[3], i, dt)},
                m, k);
    for (int j = 0; j < 4; j++) acc[oo[j]] = a[j];
  }
  return o;
}
#else
AI bool run_fast_f(int kind, st_dtype dt, const char *x, int64_t n, int64_t s, double m, double k,
                   double *out) {
  (void)kind, (void)dt, (void)x, (void)n, (void)s, (void)m, (void)k, (void)out;
  return false;
}
AI void row_step_f(int kind, st_dtype dt, double *t, const char *x, const double *pm,
                   const double *pk, int64_t w) {
  for (int64_t j = 0; j < w; j++) t[j] = step_f(kind, t[j], load_f(x, j, dt), pm[j], pk[j]);
}
AI int64_t rows4_f(int kind, st_dtype dt, const rctx *c, int64_t o, int64_t o1, int64_t *idx,
                   int64_t *ioff, int64_t *ooff) {
  (void)kind, (void)dt, (void)c, (void)o1, (void)idx, (void)ioff, (void)ooff;
  return o;
}
#endif

AI bool run_fast_i(int kind, st_dtype dt, const char *x, int64_t n, int64_t s, double m, double k,
                   int64_t *out) {
  (void)kind, (void)dt, (void)x, (void)n, (void)s, (void)m, (void)k, (void)out;
  return false;
}

AI void row_step_i(int kind, st_dtype dt, int64_t *t, const char *x, const double *pm,
                   const double *pk, int64_t w) {
  for (int64_t j = 0; j < w; j++) t[j] = step_i(kind, t[j], load_i(x, j, dt), pm[j], pk[j]);
}
AI int64_t rows4_i(int kind, st_dtype dt, const rctx *c, int64_t o, int64_t o1, int64_t *idx,
                   int64_t *ioff, int64_t *ooff) {
  (void)kind, (void)dt, (void)c, (void)o1, (void)idx, (void)ioff, (void)ooff;
  return o;
}

/* ---------------------------------------------- the three loops, for one accumulator type */

/* SUF: name suffix; A: accumulator type; LOAD/INIT/STEP/COMB: the functions above. Every
   function takes kind and dt as compile-time constants from the instances further down. */
#define DEFINE_LOOPS(SUF, A, LOAD, INIT, STEP, COMB, RUN_FAST, ROW_STEP, ROWS4)                         \
  /* Pairwise combination of a stream of leaves: a binary counter of partial results. */           \
  typedef struct {                                                                                 \
    A v[64];                                                                                       \
    int level[64], top;                                                                            \
  } tree_##SUF;                                                                                    \
  AI void tree_push_##SUF(int kind, tree_##SUF *t, A v) {                                          \
    int lv = 0;                                                                                    \
    for (; t->top && t->level[t->top - 1] == lv; lv++) v = COMB(kind, t->v[--t->top], v);          \
    t->v[t->top] = v, t->level[t->top++] = lv;                                                     \
  }                                                                                                \
  AI A tree_result_##SUF(int kind, const tree_##SUF *t) {                                          \
    if (!t->top) return INIT(kind);                                                                \
    A r = t->v[t->top - 1];                                                                        \
    for (int i = t->top - 2; i >= 0; i--) r = COMB(kind, t->v[i], r);                              \
    return r;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* n elements at stride s (elements) from x. */                                                  \
  AI A run_##SUF(int kind, st_dtype dt, const char *x, int64_t n, int64_t s, double m, double k) { \
    A fast;                                                                                        \
    if (RUN_FAST(kind, dt, x, n, s, m, k, &fast)) return fast;                                     \
    if (s == 1 && n >= LANES) {                                                                    \
      A lane[LANES];                                                                               \
      for (int j = 0; j < LANES; j++) lane[j] = INIT(kind);                                        \
      int64_t i = 0;                                                                               \
      for (; i + LANES <= n; i += LANES)                                                           \
        for (int j = 0; j < LANES; j++) lane[j] = STEP(kind, lane[j], LOAD(x, i + j, dt), m, k);   \
      for (; i < n; i++) lane[0] = STEP(kind, lane[0], LOAD(x, i, dt), m, k);                      \
      for (int w = LANES / 2; w; w /= 2)                                                           \
        for (int j = 0; j < w; j++) lane[j] = COMB(kind, lane[j], lane[j + w]);                    \
      return lane[0];                                                                              \
    }                                                                                              \
    A a = INIT(kind);                                                                              \
    for (int64_t i = 0; i < n; i++) a = STEP(kind, a, LOAD(x, i * s, dt), m, k);                   \
    return a;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* Elements [e0, e1) of the reduced range (row-major over the plan's reduced dims) of the        \
     output whose first reduced element is at ioff, as a pairwise tree of LEAF-element leaves. */  \
  AI A range_##SUF(int kind, st_dtype dt, const rctx *c, int64_t ioff, int64_t e0, int64_t e1,     \
                   double m, double k) {                                                           \
    const plan *p = c->p;                                                                          \
    int nr = p->nr;                                                                                \
    int64_t len = nr ? p->rs[nr - 1] : 1, s = nr ? p->ris[nr - 1] : 0;                             \
    if (nr <= 1 && e1 - e0 <= LEAF) /* one leaf: what the loop below gives, minus its divisions */ \
      return run_##SUF(kind, dt, c->base + (ioff + e0 * s) * esize(dt), e1 - e0, s, m, k);         \
    int64_t row = e0 / len, col = e0 % len, idx[ST_MAX_DIMS], off = ioff;                          \
    for (int d = nr - 2; d >= 0; d--) {                                                            \
      idx[d] = row % p->rs[d];                                                                     \
      row /= p->rs[d];                                                                             \
      off += idx[d] * p->ris[d];                                                                   \
    }                                                                                              \
    tree_##SUF tree;                                                                               \
    tree.top = 0;                                                                                  \
    A leaf = INIT(kind);                                                                           \
    int64_t filled = 0, left = e1 - e0;                                                            \
    while (left > 0) {                                                                             \
      int64_t n = min64(min64(len - col, LEAF - filled), left);                                    \
      leaf = COMB(kind, leaf,                                                                      \
                  run_##SUF(kind, dt, c->base + (off + col * s) * esize(dt), n, s, m, k));         \
      filled += n, col += n, left -= n;                                                            \
      if (filled == LEAF) {                                                                        \
        tree_push_##SUF(kind, &tree, leaf);                                                        \
        leaf = INIT(kind), filled = 0;                                                             \
      }                                                                                            \
      if (col == len) {                                                                            \
        col = 0;                                                                                   \
        reduced_next(p, nr - 1, idx, &off);                                                        \
      }                                                                                            \
    }                                                                                              \
    if (filled) tree_push_##SUF(kind, &tree, leaf);                                                \
    return tree_result_##SUF(kind, &tree);                                                         \
  }                                                                                                \
                                                                                                   \
  /* The row loop: outputs [o0, o1) in the plan's kept order. */                                   \
  AI void rows_##SUF(int kind, st_dtype dt, const rctx *c, int64_t o0, int64_t o1) {               \
    const plan *p = c->p;                                                                          \
    int64_t idx[ST_MAX_DIMS], ioff, ooff;                                                          \
    kept_offsets(p, o0, idx, &ioff, &ooff);                                                        \
    A *acc = c->acc;                                                                               \
    for (int64_t o = ROWS4(kind, dt, c, o0, o1, idx, &ioff, &ooff); o < o1; o++) {                 \
      double m = c->m ? c->m[ooff] : 0, k = c->k ? c->k[ooff] : 1;                                 \
      acc[ooff] = range_##SUF(kind, dt, c, ioff, 0, p->nred, m, k);                                \
      kept_next(p, idx, &ioff, &ooff);                                                             \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* The column loop: task t is one tile of the unit-stride kept dim (the last) at one index of    \
     the other kept dims. */                                                                       \
  AI void cols_##SUF(int kind, st_dtype dt, const rctx *c, int64_t t) {                            \
    const plan *p = c->p;                                                                          \
    int v = p->nk - 1;                                                                             \
    int64_t osv = p->kos[v], w, ioff, ooff;                                                        \
    tile_of(c, t, &w, &ioff, &ooff);                                                               \
    A t0[TILE], t1[TILE], *t2 = (A *)c->acc + ooff; /* the top level sums in the result */         \
    double pm[TILE], pk[TILE];                                                                     \
    for (int64_t j = 0; j < w; j++) {                                                              \
      t0[j] = t1[j] = t2[j * osv] = INIT(kind);                                                    \
      pm[j] = c->m ? c->m[ooff + j * osv] : 0;                                                     \
      pk[j] = c->k ? c->k[ooff + j * osv] : 1;                                                     \
    }                                                                                              \
    int64_t idx[ST_MAX_DIMS] = {0}, roff = ioff;                                                   \
    int n0 = 0, n1 = 0;                                                                            \
    for (int64_t r = 0; r < p->nred; r++) {                                                        \
      const char *x = c->base + roff * esize(dt);                                                  \
      ROW_STEP(kind, dt, t0, x, pm, pk, w);                                                        \
      if (++n0 == CASCADE) {                                                                       \
        for (int64_t j = 0; j < w; j++) t1[j] = COMB(kind, t1[j], t0[j]), t0[j] = INIT(kind);      \
        n0 = 0;                                                                                    \
        if (++n1 == CASCADE) {                                                                     \
          for (int64_t j = 0; j < w; j++)                                                          \
            t2[j * osv] = COMB(kind, t2[j * osv], t1[j]), t1[j] = INIT(kind);                      \
          n1 = 0;                                                                                  \
        }                                                                                          \
      }                                                                                            \
      reduced_next(p, p->nr, idx, &roff);                                                          \
    }                                                                                              \
    for (int64_t j = 0; j < w; j++)                                                                \
      t2[j * osv] = COMB(kind, t2[j * osv], COMB(kind, t1[j], t0[j]));                             \
  }

DEFINE_LOOPS(f, double, load_f, init_f, step_f, comb_f, run_fast_f, row_step_f, rows4_f)
DEFINE_LOOPS(i, int64_t, load_i, init_i, step_i, comb_i, run_fast_i, row_step_i, rows4_i)

/* ----------------------------------------------------------- instances, one per dtype and kind */

typedef struct kind_fns {
  void (*rows)(const rctx *c, int64_t o0, int64_t o1);
  void (*cols)(const rctx *c, int64_t t);
  /* Elements [e0, e1) of an all-reduce into partials[i] (an array of the accumulator type). */
  void (*chunk)(const rctx *c, int64_t e0, int64_t e1, void *partials, int64_t i);
  void (*finish)(const void *partials, int64_t n, void *out); /* combines them pairwise */
  void (*fill)(void *acc, int64_t n);                         /* the identity */
} kind_fns;

#define DEFINE_KIND(SUF, A, NAME, DT, KIND)                                                        \
  static void rows_##NAME(const rctx *c, int64_t o0, int64_t o1) {                                 \
    rows_##SUF(KIND, DT, c, o0, o1);                                                               \
  }                                                                                                \
  static void cols_##NAME(const rctx *c, int64_t t) { cols_##SUF(KIND, DT, c, t); }                \
  static void chunk_##NAME(const rctx *c, int64_t e0, int64_t e1, void *partials, int64_t i) {     \
    double m = c->m ? c->m[0] : 0, k = c->k ? c->k[0] : 1;                                         \
    ((A *)partials)[i] = range_##SUF(KIND, DT, c, 0, e0, e1, m, k);                                \
  }                                                                                                \
  static void finish_##NAME(const void *partials, int64_t n, void *out) {                          \
    tree_##SUF tree;                                                                               \
    tree.top = 0;                                                                                  \
    for (int64_t i = 0; i < n; i++) tree_push_##SUF(KIND, &tree, ((const A *)partials)[i]);        \
    *(A *)out = tree_result_##SUF(KIND, &tree);                                                    \
  }                                                                                                \
  static void fill_##NAME(void *acc, int64_t n) {                                                  \
    for (int64_t i = 0; i < n; i++) ((A *)acc)[i] = init_##SUF(KIND);                              \
  }

#define FNS(NAME)                                                                                  \
  { rows_##NAME, cols_##NAME, chunk_##NAME, finish_##NAME, fill_##NAME }

#define DEFINE_FLOAT_KINDS(T, DT)                                                                  \
  DEFINE_KIND(f, double, T##_sum, DT, ST_RED_SUM)                                                  \
  DEFINE_KIND(f, double, T##_prod, DT, ST_RED_PROD)                                                \
  DEFINE_KIND(f, double, T##_max, DT, ST_RED_MAX)                                                  \
  DEFINE_KIND(f, double, T##_min, DT, ST_RED_MIN)                                                  \
  DEFINE_KIND(f, double, T##_maxabs, DT, ST_RED_MAXABS)                                            \
  DEFINE_KIND(f, double, T##_sqdev, DT, ST_RED_SQDEV)                                              \
  DEFINE_KIND(f, double, T##_dev, DT, ST_RED_DEV)                                                  \
  DEFINE_KIND(f, double, T##_expdev, DT, ST_RED_EXPDEV)
#define DEFINE_INT_KINDS(T, DT)                                                                    \
  DEFINE_KIND(i, int64_t, T##_sum, DT, ST_RED_SUM)                                                 \
  DEFINE_KIND(i, int64_t, T##_prod, DT, ST_RED_PROD)                                               \
  DEFINE_KIND(i, int64_t, T##_max, DT, ST_RED_MAX)                                                 \
  DEFINE_KIND(i, int64_t, T##_min, DT, ST_RED_MIN)
#define FLOAT_FNS(T)                                                                               \
  {                                                                                                \
    FNS(T##_sum), FNS(T##_prod), FNS(T##_max), FNS(T##_min), FNS(T##_maxabs), FNS(T##_sqdev),      \
        FNS(T##_dev), FNS(T##_expdev)                                                              \
  }
#define INT_FNS(T)                                                                                 \
  { FNS(T##_sum), FNS(T##_prod), FNS(T##_max), FNS(T##_min) }

DEFINE_FLOAT_KINDS(f32, ST_F32)
DEFINE_FLOAT_KINDS(f64, ST_F64)
DEFINE_INT_KINDS(i64, ST_I64)
DEFINE_INT_KINDS(b8, ST_BOOL)

/* Indexed by dtype (ST_F32, ST_F64, ST_I64, ST_BOOL), then kind. */
static const kind_fns kinds_by_dtype[4][ST_RED_EXPDEV + 1] = {FLOAT_FNS(f32), FLOAT_FNS(f64),
                                                              INT_FNS(i64), INT_FNS(b8)};

/* -------------------------------------------------------------------------------- drivers */

static void all_reduce(const kind_fns *f, const rctx *c, int nt) {
  (void)nt; /* read only by OpenMP */
  int64_t n = c->p->nred, chunk = (n / MAX_CHUNKS + LEAF) / LEAF * LEAF;
  if (chunk < CHUNK_MIN) chunk = CHUNK_MIN;
  int64_t nchunks = (n + chunk - 1) / chunk;
  union {
    double f[MAX_CHUNKS];
    int64_t i[MAX_CHUNKS];
  } partials; /* one per chunk, of the accumulator type */
#pragma omp parallel for num_threads(nt) if (nt > 1 && nchunks > 1) schedule(static)
  for (int64_t i = 0; i < nchunks; i++)
    f->chunk(c, i * chunk, min64(n, (i + 1) * chunk), &partials, i);
  f->finish(&partials, nchunks, c->acc);
}

static void column_loop(const kind_fns *f, rctx *c, int nt) {
  (void)nt; /* read only by OpenMP */
  const plan *p = c->p;
  c->tile = column_tile(p, nt);
  int64_t d = p->ks[p->nk - 1], tasks = p->nout / d * ((d + c->tile - 1) / c->tile);
#pragma omp parallel for num_threads(nt) if (nt > 1 && tasks > 1) schedule(static)
  for (int64_t t = 0; t < tasks; t++) f->cols(c, t);
}

/* The row loop: blocks of outputs of about ROW_BLOCK elements each. */
static void row_blocks(void (*rows)(const rctx *, int64_t, int64_t), const rctx *c, int nt) {
  (void)nt; /* read only by OpenMP */
  const plan *p = c->p;
  int64_t per = ROW_BLOCK / p->nred > 1 ? ROW_BLOCK / p->nred : 1;
  int64_t blocks = (p->nout + per - 1) / per;
#pragma omp parallel for num_threads(nt) if (nt > 1 && blocks > 1) schedule(static)
  for (int64_t b = 0; b < blocks; b++) rows(c, b * per, min64(p->nout, (b + 1) * per));
}

void st__k_reduce(st_red_kind kind, st_view in, unsigned mask, void *acc, const double *m,
                  const double *k) {
  plan p;
  make_plan(&p, in, mask, false);
  const kind_fns *f = &kinds_by_dtype[in.dtype][kind];
  rctx c = {&p, in.data, acc, m, k, TILE};
  if (p.nout == 0) return;
  if (p.nred == 0) {
    f->fill(acc, p.nout);
    return;
  }
  int nt = pick_threads(p.nout * p.nred);
  if (p.nk == 0)
    all_reduce(f, &c, nt);
  else if (use_columns(&p))
    column_loop(f, &c, nt);
  else
    row_blocks(f->rows, &c, nt);
}

/* A row's result is range_ over that row alone in the row loop (rows4 lanes included), and in an
   all-reduce of one chunk (a single row up to CHUNK_MIN elements): the chunk's range_, which the
   pairwise finish returns as it is. Longer single rows are cut into chunks. */
bool st__k_reduce_by_rows(int64_t nrows, int64_t len) { return nrows > 1 || len <= CHUNK_MIN; }

void st__k_reduce_rows(st_red_kind kind, st_dtype dt, const void *x, int64_t nrows, int64_t len,
                       double *acc) {
  plan p;
  make_plan(&p, (st_view){(char *)x, dt, 2, (int64_t[]){nrows, len}, (int64_t[]){len, 1}}, 2u,
            false);
  if (p.nout == 0) return;
  const kind_fns *f = &kinds_by_dtype[dt][kind];
  if (p.nred == 0) {
    f->fill(acc, p.nout);
    return;
  }
  rctx c = {&p, x, acc, NULL, NULL, TILE};
  f->rows(&c, 0, p.nout);
}

/* ------------------------------------------------------------------------------ argreduce */

static inline bool no_nan_i64(int64_t x) { return (void)x, false; }
static inline bool no_nan_b8(bool x) { return (void)x, false; }
static inline bool is_nan_f32(float x) { return isnan(x); }
static inline bool is_nan_f64(double x) { return isnan(x); }

/* NAME: suffix; T: element type; ISNAN: its NaN test; CMP: > for argmax, < for argmin. The first
   extreme wins: a later element replaces the best only when strictly better, and NaN beats
   every number but no earlier NaN. */
#define DEFINE_ARG(NAME, T, ISNAN, CMP)                                                            \
  static inline bool better_##NAME(T x, T best) {                                                  \
    return x CMP best || (ISNAN(x) && !ISNAN(best));                                               \
  }                                                                                                \
                                                                                                   \
  /* Index of the first extreme among elements [e0, e1) (row-major over the reduced dims) of       \
     the output whose first reduced element is at ioff; its value goes to *value. */               \
  static int64_t arg_range_##NAME(const rctx *c, int64_t ioff, int64_t e0, int64_t e1, T *value) { \
    const plan *p = c->p;                                                                          \
    const T *x = (const T *)c->base;                                                               \
    int nr = p->nr;                                                                                \
    int64_t len = nr ? p->rs[nr - 1] : 1, s = nr ? p->ris[nr - 1] : 0;                             \
    int64_t row = nr > 1 ? e0 / len : 0, col = nr > 1 ? e0 % len : e0; /* one run: no divisions */ \
    int64_t idx[ST_MAX_DIMS], off = ioff;                                                          \
    for (int d = nr - 2; d >= 0; d--) {                                                            \
      idx[d] = row % p->rs[d];                                                                     \
      row /= p->rs[d];                                                                             \
      off += idx[d] * p->ris[d];                                                                   \
    }                                                                                              \
    T best = x[off + col * s];                                                                     \
    int64_t best_i = e0;                                                                           \
    for (int64_t e = e0; e < e1;) {                                                                \
      int64_t n = min64(len - col, e1 - e);                                                        \
      const T *r = x + off + col * s;                                                              \
      for (int64_t i = 0; i < n; i++)                                                              \
        if (better_##NAME(r[i * s], best)) best = r[i * s], best_i = e + i;                        \
      e += n, col += n;                                                                            \
      if (col == len) {                                                                            \
        col = 0;                                                                                   \
        reduced_next(p, nr - 1, idx, &off);                                                        \
      }                                                                                            \
    }                                                                                              \
    *value = best;                                                                                 \
    return best_i;                                                                                 \
  }                                                                                                \
                                                                                                   \
  static void arg_rows_##NAME(const rctx *c, int64_t o0, int64_t o1) {                             \
    int64_t idx[ST_MAX_DIMS], ioff, ooff, *out = c->acc;                                           \
    T value;                                                                                       \
    kept_offsets(c->p, o0, idx, &ioff, &ooff);                                                     \
    for (int64_t o = o0; o < o1; o++) {                                                            \
      out[ooff] = arg_range_##NAME(c, ioff, 0, c->p->nred, &value);                                \
      kept_next(c->p, idx, &ioff, &ooff);                                                          \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* The column loop for one reduced dim: the best of each column of a tile, row after row. */     \
  static void arg_cols_##NAME(const rctx *c, int64_t t) {                                          \
    const plan *p = c->p;                                                                          \
    int v = p->nk - 1;                                                                             \
    int64_t osv = p->kos[v], w, ioff, ooff;                                                        \
    tile_of(c, t, &w, &ioff, &ooff);                                                               \
    const T *x = (const T *)c->base + ioff;                                                        \
    T best[TILE];                                                                                  \
    int64_t best_i[TILE], *out = c->acc;                                                           \
    for (int64_t j = 0; j < w; j++) best[j] = x[j], best_i[j] = 0;                                 \
    for (int64_t r = 1; r < p->rs[0]; r++) {                                                       \
      const T *row = x + r * p->ris[0];                                                            \
      for (int64_t j = 0; j < w; j++)                                                              \
        if (better_##NAME(row[j], best[j])) best[j] = row[j], best_i[j] = r;                       \
    }                                                                                              \
    for (int64_t j = 0; j < w; j++) out[ooff + j * osv] = best_i[j];                               \
  }                                                                                                \
                                                                                                   \
  /* Chunk i of an all-reduce: its first extreme's index to idx[i], its value to vals[i]. */       \
  static void arg_chunk_##NAME(const rctx *c, int64_t e0, int64_t e1, void *vals, int64_t *idx,    \
                               int64_t i) {                                                        \
    idx[i] = arg_range_##NAME(c, 0, e0, e1, (T *)vals + i);                                        \
  }                                                                                                \
  /* The winning chunk: the best value, the earliest on ties (so the earliest index). */           \
  static int64_t arg_pick_##NAME(const void *vals, int64_t n) {                                    \
    const T *v = vals;                                                                             \
    int64_t win = 0;                                                                               \
    for (int64_t i = 1; i < n; i++)                                                                \
      if (better_##NAME(v[i], v[win])) win = i;                                                    \
    return win;                                                                                    \
  }

DEFINE_ARG(max_f32, float, is_nan_f32, >)
DEFINE_ARG(min_f32, float, is_nan_f32, <)
DEFINE_ARG(max_f64, double, is_nan_f64, >)
DEFINE_ARG(min_f64, double, is_nan_f64, <)
DEFINE_ARG(max_i64, int64_t, no_nan_i64, >)
DEFINE_ARG(min_i64, int64_t, no_nan_i64, <)
DEFINE_ARG(max_b8, bool, no_nan_b8, >)
DEFINE_ARG(min_b8, bool, no_nan_b8, <)

typedef struct arg_fns {
  void (*rows)(const rctx *c, int64_t o0, int64_t o1);
  void (*cols)(const rctx *c, int64_t t);
  void (*chunk)(const rctx *c, int64_t e0, int64_t e1, void *vals, int64_t *idx, int64_t i);
  int64_t (*pick)(const void *vals, int64_t n);
} arg_fns;

#define ARG_FNS(NAME)                                                                              \
  { arg_rows_##NAME, arg_cols_##NAME, arg_chunk_##NAME, arg_pick_##NAME }

/* Indexed by dtype, then is_max. */
static const arg_fns args_by_dtype[4][2] = {{ARG_FNS(min_f32), ARG_FNS(max_f32)},
                                            {ARG_FNS(min_f64), ARG_FNS(max_f64)},
                                            {ARG_FNS(min_i64), ARG_FNS(max_i64)},
                                            {ARG_FNS(min_b8), ARG_FNS(max_b8)}};

static void arg_all(const arg_fns *f, const rctx *c, int nt) {
  (void)nt; /* read only by OpenMP */
  int64_t n = c->p->nred, chunk = (n / MAX_CHUNKS + LEAF) / LEAF * LEAF;
  if (chunk < CHUNK_MIN) chunk = CHUNK_MIN;
  int64_t nchunks = (n + chunk - 1) / chunk, idx[MAX_CHUNKS];
  union {
    float f32[MAX_CHUNKS];
    double f64[MAX_CHUNKS];
    int64_t i64[MAX_CHUNKS];
    bool b8[MAX_CHUNKS];
  } vals;
#pragma omp parallel for num_threads(nt) if (nt > 1 && nchunks > 1) schedule(static)
  for (int64_t i = 0; i < nchunks; i++)
    f->chunk(c, i * chunk, min64(n, (i + 1) * chunk), &vals, idx, i);
  *(int64_t *)c->acc = idx[f->pick(&vals, nchunks)];
}

void st__k_argreduce(st_view in, unsigned mask, bool is_max, int64_t *out) {
  plan p;
  make_plan(&p, in, mask, true);
  if (p.nout == 0 || p.nred == 0) return;
  const arg_fns *f = &args_by_dtype[in.dtype][is_max];
  rctx c = {&p, in.data, out, NULL, NULL, TILE};
  int nt = pick_threads(p.nout * p.nred);
  if (p.nk == 0) {
    arg_all(f, &c, nt);
  } else if (p.nr == 1 && use_columns(&p)) {
    c.tile = column_tile(&p, nt);
    int64_t d = p.ks[p.nk - 1], tasks = p.nout / d * ((d + c.tile - 1) / c.tile);
#pragma omp parallel for num_threads(nt) if (nt > 1 && tasks > 1) schedule(static)
    for (int64_t t = 0; t < tasks; t++) f->cols(&c, t);
  } else {
    row_blocks(f->rows, &c, nt);
  }
}
