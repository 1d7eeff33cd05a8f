/* gemm.c — matrix multiply on strided operands (see gemm.h): BLAS when configured and the
   strides suit it, else a GotoBLAS/BLIS-style packed GEMM (Goto and van de Geijn, "Anatomy of
   High-Performance Matrix Multiplication", TOMS 2008; Van Zee and van de Geijn, "BLIS", TOMS
   2015), with matrix-vector and tiny products on simpler loops. */
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif
#ifdef STRATA_HAVE_BLAS
#include <cblas.h>
#include <limits.h>
#endif

#include "gemm.h"

#define MR ST_GEMM_MR

/* Cache blocking for Zen 3 (32 KiB L1d, 512 KiB L2 per core, 32 MiB shared L3), after BLIS's
   zen3 configuration: a KC x NR panel of B (16 KiB f32, 16 KiB f64) stays in L1 while the
   micro-kernel streams MC x KC of A (144 KiB f32, 144 KiB f64) from L2; a KC x NC block of B
   (~4 MiB f32) lives in L3. The AVX-512 kernels' panels are twice as wide (32 KiB, within
   Zen 5's and Intel's 48 KiB L1d); MC is a multiple of both tiles' rows, NC of their columns,
   and KC is the same for every kernel, so each element's sum is cut into the same steps. */
#define KC_F32 256
#define MC_F32 144
#define NC_F32 4064
#define KC_F64 256
#define MC_F64 72
#define NC_F64 4080

/* Below this many multiply-adds, plain loops beat packing; above PARALLEL_WORK, threads pay. */
#define SMALL_WORK 1024
#define PARALLEL_WORK (1 << 20)
#define GEMV_PARALLEL_WORK (1 << 17)

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* One GEMM call, with C made row-major-ish (see orient) and beta reduced to a flag. */
typedef struct gemm_args {
  int64_t m, n, k;
  const char *a;
  int64_t rsa, csa;
  const char *b;
  int64_t rsb, csb;
  char *c;
  int64_t rsc, csc;
  int beta;
} gemm_args;

/* C^T = B^T A^T: the same product with the roles of rows and columns exchanged. */
static void transpose_problem(gemm_args *x) {
  gemm_args t = *x;
  x->m = t.n, x->n = t.m;
  x->a = t.b, x->rsa = t.csb, x->csa = t.rsb;
  x->b = t.a, x->rsb = t.csa, x->csb = t.rsa;
  x->rsc = t.csc, x->csc = t.rsc;
}

/* Makes C's columns the unit-stride direction when they are not and its rows are, so the
   micro-kernel can store whole vectors. The stride of a size-1 dim means nothing: call it 1. */
static void orient(gemm_args *x) {
  if (x->n == 1) x->csc = 1;
  if (x->m == 1) x->rsc = 1;
  if (x->csc != 1 && x->rsc == 1) transpose_problem(x);
}

static int pick_threads(int64_t work, int64_t threshold) {
  if (work < threshold) return 1;
#ifdef _OPENMP
  if (omp_in_parallel()) return 1; /* already inside someone's team: no nested teams */
#endif
  return st__num_threads();
}

/* ------------------------------------------------------- typed pieces, one copy per dtype */

/* Packs `rows` (<= r) rows of a rows x cols block (element (i, p) at src[i*rs + p*cs]) into a
   panel dst[p*r + i], zero-filling rows rows..r-1 so edge tiles need no special micro-kernel. */
#define DEFINE_PACK(T, sfx)                                                                        \
  static void pack_##sfx(int64_t rows, int64_t cols, const char *src_, int64_t rs, int64_t cs,     \
                         int r, char *dst_) {                                                      \
    const T *src = (const T *)src_;                                                                \
    T *dst = (T *)dst_;                                                                            \
    if (rows == r && rs == 1) {                                                                    \
      for (int64_t p = 0; p < cols; p++)                                                           \
        for (int i = 0; i < r; i++) dst[p * r + i] = src[p * cs + i];                              \
      return;                                                                                      \
    }                                                                                              \
    if (cs == 1) {                                                                                 \
      for (int64_t i = 0; i < rows; i++)                                                           \
        for (int64_t p = 0; p < cols; p++) dst[p * r + i] = src[i * rs + p];                       \
    } else {                                                                                       \
      for (int64_t p = 0; p < cols; p++)                                                           \
        for (int64_t i = 0; i < rows; i++) dst[p * r + i] = src[i * rs + p * cs];                  \
    }                                                                                              \
    for (int64_t p = 0; p < cols; p++)                                                             \
      for (int64_t i = rows; i < r; i++) dst[p * r + i] = 0;                                       \
  }                                                                                                \
  /* Every panel of a rows x cols block whose rows are contiguous (rs == 1: B's columns, for a  \
     row-major B) at once, one source line after another: panel by panel, each line is read r  \
     elements at a time across cols lines a stride apart, a page each for a wide B. */           \
  static void pack_lines_##sfx(int64_t rows, int64_t cols, const char *src_, int64_t cs, int r,  \
                               char *dst_) {                                                      \
    const T *src = (const T *)src_;                                                                \
    T *dst = (T *)dst_;                                                                            \
    for (int64_t p = 0; p < cols; p++)                                                             \
      for (int64_t i0 = 0; i0 < rows; i0 += r) {                                                   \
        int64_t n = rows - i0 < r ? rows - i0 : r;                                                 \
        T *d = dst + i0 * cols + p * r;                                                            \
        const T *s = src + p * cs + i0;                                                            \
        for (int64_t i = 0; i < n; i++) d[i] = s[i];                                               \
        for (int64_t i = n; i < r; i++) d[i] = 0;                                                  \
      }                                                                                            \
  }

/* The micro-kernel in plain C, for CPUs without AVX2: two rows at a time, so that the two
   accumulator rows stay in vector registers (a whole 6 x NR array does not: several times slower).
 */
#define DEFINE_UKR_C(T, sfx, NR)                                                                   \
  static void ukr_c_##sfx(int64_t kc, const void *a_, const void *b_, void *c_, int64_t rsc,       \
                          int beta) {                                                              \
    const T *restrict a = a_, *restrict b = b_;                                                    \
    T *restrict c = c_;                                                                            \
    for (int i = 0; i < MR; i += 2) {                                                              \
      T acc0[NR] = {0}, acc1[NR] = {0};                                                            \
      for (int64_t p = 0; p < kc; p++) {                                                           \
        T a0 = a[p * MR + i], a1 = a[p * MR + i + 1];                                              \
        for (int j = 0; j < NR; j++) {                                                             \
          acc0[j] += a0 * b[p * NR + j];                                                           \
          acc1[j] += a1 * b[p * NR + j];                                                           \
        }                                                                                          \
      }                                                                                            \
      for (int j = 0; j < NR; j++) {                                                               \
        c[i * rsc + j] = beta ? c[i * rsc + j] + acc0[j] : acc0[j];                                \
        c[(i + 1) * rsc + j] = beta ? c[(i + 1) * rsc + j] + acc1[j] : acc1[j];                    \
      }                                                                                            \
    }                                                                                              \
  }

/* Copies the top-left mr x nr of a tile (row stride ldt) into C, adding when beta is set; along
   C's unit stride when its columns are strided (a transposed C: runs of mr, not a stride per
   element). */
#define DEFINE_STORE(T, sfx)                                                                       \
  static void store_##sfx(int mr, int nr, const void *tile_, int ldt, char *c_, int64_t rsc,       \
                          int64_t csc, int beta) {                                                 \
    const T *tile = tile_;                                                                         \
    T *c = (T *)c_;                                                                                \
    if (rsc == 1 && csc != 1) {                                                                    \
      for (int j = 0; j < nr; j++)                                                                 \
        for (int i = 0; i < mr; i++) {                                                             \
          T *d = c + i + j * csc;                                                                  \
          *d = beta ? *d + tile[i * ldt + j] : tile[i * ldt + j];                                  \
        }                                                                                          \
      return;                                                                                      \
    }                                                                                              \
    for (int i = 0; i < mr; i++)                                                                   \
      for (int j = 0; j < nr; j++) {                                                               \
        T *d = c + i * rsc + j * csc;                                                              \
        *d = beta ? *d + tile[i * ldt + j] : tile[i * ldt + j];                                    \
      }                                                                                            \
  }

/* Tiny products: packing would cost more than it saves. */
#define DEFINE_SMALL(T, sfx)                                                                       \
  static void small_##sfx(const gemm_args *x) {                                                    \
    const T *A = (const T *)x->a, *B = (const T *)x->b;                                            \
    T *C = (T *)x->c;                                                                              \
    for (int64_t i = 0; i < x->m; i++)                                                             \
      for (int64_t j = 0; j < x->n; j++) {                                                         \
        T s = 0;                                                                                   \
        for (int64_t p = 0; p < x->k; p++)                                                         \
          s += A[i * x->rsa + p * x->csa] * B[p * x->rsb + j * x->csb];                            \
        T *d = C + i * x->rsc + j * x->csc;                                                        \
        *d = x->beta ? *d + s : s;                                                                 \
      }                                                                                            \
  }

/* k == 0: the product is all zeros, so C is only cleared (beta 0) or left alone (beta 1). */
#define DEFINE_CLEAR(T, sfx)                                                                       \
  static void clear_##sfx(const gemm_args *x) {                                                    \
    if (x->beta) return;                                                                           \
    for (int64_t i = 0; i < x->m; i++)                                                             \
      for (int64_t j = 0; j < x->n; j++) ((T *)x->c)[i * x->rsc + j * x->csc] = 0;                 \
  }

/* Matrix-vector (n == 1), rows i0..i1 of y = A v. Row-major A takes dot products with 16
   partial sums (so the compiler can vectorize without reassociating); column-major A with a
   contiguous y accumulates columns (axpy), which streams A once. */
#define DEFINE_GEMV(T, sfx)                                                                        \
  static T dot_##sfx(int64_t k, const T *a, int64_t inca, const T *v, int64_t incv) {              \
    T acc[16] = {0}, s = 0;                                                                        \
    int64_t p = 0;                                                                                 \
    if (inca == 1 && incv == 1)                                                                    \
      for (; p + 16 <= k; p += 16)                                                                 \
        for (int j = 0; j < 16; j++) acc[j] += a[p + j] * v[p + j];                                \
    for (; p < k; p++) s += a[p * inca] * v[p * incv];                                             \
    for (int j = 0; j < 16; j++) s += acc[j];                                                      \
    return s;                                                                                      \
  }                                                                                                \
  static void gemv_rows_##sfx(const gemm_args *x, int64_t i0, int64_t i1) {                        \
    const T *A = (const T *)x->a, *v = (const T *)x->b;                                            \
    T *y = (T *)x->c;                                                                              \
    if (x->rsa == 1 && x->csa != 1 && x->rsc == 1) {                                               \
      if (!x->beta)                                                                                \
        for (int64_t i = i0; i < i1; i++) y[i] = 0;                                                \
      for (int64_t p = 0; p < x->k; p++) {                                                         \
        const T *col = A + p * x->csa, vp = v[p * x->rsb];                                         \
        for (int64_t i = i0; i < i1; i++) y[i] += col[i] * vp;                                     \
      }                                                                                            \
      return;                                                                                      \
    }                                                                                              \
    for (int64_t i = i0; i < i1; i++) {                                                            \
      T s = dot_##sfx(x->k, A + i * x->rsa, x->csa, v, x->rsb);                                    \
      y[i * x->rsc] = x->beta ? y[i * x->rsc] + s : s;                                             \
    }                                                                                              \
  }

/* Rows i0..i1 of a product with few columns (n <= NARROW_N) and A's rows contiguous: every
   element is the dot product of an A row with a column of B, copied contiguous into bt (column j
   at bt + j * k), in dot's order, so column j equals the matrix-vector product by B's column j
   bit for bit. A row is read from L1 once per column. */
#define DEFINE_NARROW(T, sfx)                                                                      \
  static void narrow_rows_##sfx(const gemm_args *x, const char *bt_, int64_t i0, int64_t i1) {    \
    const T *A = (const T *)x->a, *bt = (const T *)bt_;                                            \
    T *C = (T *)x->c;                                                                              \
    for (int64_t i = i0; i < i1; i++)                                                              \
      for (int64_t j = 0; j < x->n; j++) {                                                         \
        T s = dot_##sfx(x->k, A + i * x->rsa, 1, bt + j * x->k, 1), *d = C + i * x->rsc + j * x->csc; \
        *d = x->beta ? *d + s : s;                                                                 \
      }                                                                                            \
  }                                                                                                \
  static void narrow_columns_##sfx(const gemm_args *x, char *bt_) {                                \
    const T *B = (const T *)x->b;                                                                  \
    T *bt = (T *)bt_;                                                                              \
    for (int64_t j = 0; j < x->n; j++)                                                             \
      for (int64_t p = 0; p < x->k; p++) bt[j * x->k + p] = B[p * x->rsb + j * x->csb];            \
  }

DEFINE_PACK(float, f32)
DEFINE_PACK(double, f64)
DEFINE_UKR_C(float, f32, ST_GEMM_NR_F32)
DEFINE_UKR_C(double, f64, ST_GEMM_NR_F64)
DEFINE_STORE(float, f32)
DEFINE_STORE(double, f64)
DEFINE_SMALL(float, f32)
DEFINE_SMALL(double, f64)
DEFINE_CLEAR(float, f32)
DEFINE_CLEAR(double, f64)
DEFINE_GEMV(float, f32)
DEFINE_GEMV(double, f64)
DEFINE_NARROW(float, f32)
DEFINE_NARROW(double, f64)

#if defined(__x86_64__) || defined(__i386__)
static void ukr_avx2_f32(int64_t kc, const void *a, const void *b, void *c, int64_t rsc, int beta) {
  st__k_gemm_ukr_f32_avx2(kc, a, b, c, rsc, beta);
}
static void ukr_avx2_f64(int64_t kc, const void *a, const void *b, void *c, int64_t rsc, int beta) {
  st__k_gemm_ukr_f64_avx2(kc, a, b, c, rsc, beta);
}
static void ukr_avx2_s_f32(int64_t kc, const void *a, const int64_t *off, int64_t acs,
                           const void *b, int64_t brs, int nr, void *c, int64_t rsc, int beta) {
  st__k_gemm_ukr_f32_avx2_s(kc, a, off, acs, b, brs, nr, c, rsc, beta);
}
static void ukr_avx2_s_f64(int64_t kc, const void *a, const int64_t *off, int64_t acs,
                           const void *b, int64_t brs, int nr, void *c, int64_t rsc, int beta) {
  st__k_gemm_ukr_f64_avx2_s(kc, a, off, acs, b, brs, nr, c, rsc, beta);
}
#endif
#if defined(__x86_64__)
static void ukr_avx512_f32(int64_t kc, const void *a, const void *b, void *c, int64_t rsc,
                           int beta) {
  st__k_gemm_ukr_f32_avx512(kc, a, b, c, rsc, beta);
}
static void ukr_avx512_f64(int64_t kc, const void *a, const void *b, void *c, int64_t rsc,
                           int beta) {
  st__k_gemm_ukr_f64_avx512(kc, a, b, c, rsc, beta);
}
/* pack_##sfx with whole blocks of rows of unit stride through register transposes */
#define DEFINE_PACK_AVX512(T, sfx)                                                                 \
  static void pack_avx512_##sfx(int64_t rows, int64_t cols, const char *src, int64_t rs,         \
                                int64_t cs, int r, char *dst) {                                    \
    if (cs == 1 && rs != 1)                                                                        \
      st__k_gemm_pack_t_##sfx##_avx512(rows, cols, (const T *)src, rs, r, (T *)dst);              \
    else                                                                                           \
      pack_##sfx(rows, cols, src, rs, cs, r, dst);                                                 \
  }
DEFINE_PACK_AVX512(float, f32)
DEFINE_PACK_AVX512(double, f64)
static void ukr_avx512_s_f32(int64_t kc, const void *a, const int64_t *off, int64_t acs,
                             const void *b, int64_t brs, int nr, void *c, int64_t rsc, int beta) {
  st__k_gemm_ukr_f32_avx512_s(kc, a, off, acs, b, brs, nr, c, rsc, beta);
}
static void ukr_avx512_s_f64(int64_t kc, const void *a, const int64_t *off, int64_t acs,
                             const void *b, int64_t brs, int nr, void *c, int64_t rsc, int beta) {
  st__k_gemm_ukr_f64_avx512_s(kc, a, off, acs, b, brs, nr, c, rsc, beta);
}
#endif

/* ------------------------------------------------------------------ the blocked algorithm */

/* What the dtype-independent driver needs to know about one dtype. */
typedef struct gemm_kind {
  int64_t es; /* element size */
  int mr, nr; /* the micro-kernel's tile */
  int64_t mc, kc, nc;
  void (*pack)(int64_t rows, int64_t cols, const char *src, int64_t rs, int64_t cs, int r,
               char *dst);
  void (*pack_lines)(int64_t rows, int64_t cols, const char *src, int64_t cs, int r, char *dst);
  void (*ukr)(int64_t kc, const void *a, const void *b, void *c, int64_t rsc, int beta);
  /* the micro-kernel on operands in place (gemm.h's _s kernels), or NULL */
  void (*ukr_s)(int64_t kc, const void *a, const int64_t *off, int64_t acs, const void *b,
                int64_t brs, int nr, void *c, int64_t rsc, int beta);
  void (*store)(int mr, int nr, const void *tile, int ldt, char *c, int64_t rsc, int64_t csc,
                int beta);
  void (*small)(const gemm_args *x);
  void (*clear)(const gemm_args *x);
  void (*gemv_rows)(const gemm_args *x, int64_t i0, int64_t i1);
  void (*narrow_columns)(const gemm_args *x, char *bt);
  void (*narrow_rows)(const gemm_args *x, const char *bt, int64_t i0, int64_t i1);
} gemm_kind;

static gemm_kind kind_f32(st_gemm_isa isa) {
  gemm_kind g = {.es = sizeof(float),
                 .mr = MR,
                 .nr = ST_GEMM_NR_F32,
                 .mc = MC_F32,
                 .kc = KC_F32,
                 .nc = NC_F32,
                 .pack = pack_f32,
                 .pack_lines = pack_lines_f32,
                 .ukr = ukr_c_f32,
                 .store = store_f32,
                 .small = small_f32,
                 .clear = clear_f32,
                 .gemv_rows = gemv_rows_f32,
                 .narrow_columns = narrow_columns_f32,
                 .narrow_rows = narrow_rows_f32};
#if defined(__x86_64__)
  if (isa == ST_GEMM_WIDEST && st__k_gemm_have_avx512()) {
    g.ukr = ukr_avx512_f32, g.ukr_s = ukr_avx512_s_f32, g.pack = pack_avx512_f32;
    g.mr = ST_GEMM512_MR, g.nr = ST_GEMM512_NR_F32;
    return g;
  }
#endif
#if defined(__x86_64__) || defined(__i386__)
  if (isa != ST_GEMM_PORTABLE && st__k_gemm_have_avx2())
    g.ukr = ukr_avx2_f32, g.ukr_s = ukr_avx2_s_f32;
#else
  (void)isa;
#endif
  return g;
}

static gemm_kind kind_f64(st_gemm_isa isa) {
  gemm_kind g = {.es = sizeof(double),
                 .mr = MR,
                 .nr = ST_GEMM_NR_F64,
                 .mc = MC_F64,
                 .kc = KC_F64,
                 .nc = NC_F64,
                 .pack = pack_f64,
                 .pack_lines = pack_lines_f64,
                 .ukr = ukr_c_f64,
                 .store = store_f64,
                 .small = small_f64,
                 .clear = clear_f64,
                 .gemv_rows = gemv_rows_f64,
                 .narrow_columns = narrow_columns_f64,
                 .narrow_rows = narrow_rows_f64};
#if defined(__x86_64__)
  if (isa == ST_GEMM_WIDEST && st__k_gemm_have_avx512()) {
    g.ukr = ukr_avx512_f64, g.ukr_s = ukr_avx512_s_f64, g.pack = pack_avx512_f64;
    g.mr = ST_GEMM512_MR, g.nr = ST_GEMM512_NR_F64;
    return g;
  }
#endif
#if defined(__x86_64__) || defined(__i386__)
  if (isa != ST_GEMM_PORTABLE && st__k_gemm_have_avx2())
    g.ukr = ukr_avx2_f64, g.ukr_s = ukr_avx2_s_f64;
#else
  (void)isa;
#endif
  return g;
}

/* Packs a rows x cols block into panels of r rows. */
static void pack_block(const gemm_kind *g, int64_t rows, int64_t cols, const char *src, int64_t rs,
                       int64_t cs, int r, char *dst) {
  if (rs == 1 && rows > r) {
    g->pack_lines(rows, cols, src, cs, r, dst);
    return;
  }
  for (int64_t ip = 0; ip * r < rows; ip++)
    g->pack(min64(r, rows - ip * r), cols, src + ip * r * rs * g->es, rs, cs, r,
            dst + ip * r * cols * g->es);
}

/* C[mc x nc] (+)= packed A block times packed B block, one register tile at a time. Tiles on
   C's edges, or with C's columns strided, go through a local tile. */
static void macro_kernel(const gemm_kind *g, int64_t mc, int64_t nc, int64_t kc, const char *pa,
                         const char *pb, char *c, int64_t rsc, int64_t csc, int beta) {
  int64_t nr = g->nr, MRk = g->mr, es = g->es;
  for (int64_t jr = 0; jr < nc; jr += nr)
    for (int64_t ir = 0; ir < mc; ir += MRk) {
      const char *ap = pa + ir * kc * es, *bp = pb + jr * kc * es;
      char *cp = c + (ir * rsc + jr * csc) * es;
      int64_t mr = min64(MRk, mc - ir), nrj = min64(nr, nc - jr);
      if (mr == MRk && nrj == nr && csc == 1) {
        g->ukr(kc, ap, bp, cp, rsc, beta);
      } else {
        _Alignas(64) char tile[ST_GEMM_TILE_BYTES]; /* mr x nr elements of either dtype */
        g->ukr(kc, ap, bp, tile, nr, 0);
        g->store((int)mr, (int)nrj, tile, (int)nr, cp, rsc, csc, beta);
      }
    }
}

/* An operand of the macro kernel: a packed block, or (packed NULL) the block in place. */
typedef struct operand {
  const char *packed;
  const char *at; /* the block's first element */
  int64_t rs, cs;
} operand;

/* The macro kernel through the in-place micro-kernel, for blocks of which one or both stay
   unpacked (A's tile rows at their offsets, B's rows at their stride); the same tiles and, per
   element, the same arithmetic as macro_kernel. */
static void macro_kernel_s(const gemm_kind *g, int64_t mc, int64_t nc, int64_t kc, operand A,
                           operand B, char *c, int64_t rsc, int64_t csc, int beta) {
  int64_t nr = g->nr, MRk = g->mr, es = g->es;
  int64_t off[ST_GEMM512_MR];
  for (int64_t jr = 0; jr < nc; jr += nr)
    for (int64_t ir = 0; ir < mc; ir += MRk) {
      int64_t mr = min64(MRk, mc - ir), nrj = min64(nr, nc - jr), acs, brs;
      const char *ap, *bp;
      if (A.packed) {
        ap = A.packed + ir * kc * es, acs = MRk;
        for (int i = 0; i < MRk; i++) off[i] = i;
      } else {
        ap = A.at + ir * A.rs * es, acs = A.cs;
        for (int i = 0; i < MRk; i++) off[i] = (i < mr ? i : mr - 1) * A.rs;
      }
      if (B.packed)
        bp = B.packed + jr * kc * es, brs = nr;
      else
        bp = B.at + jr * es, brs = B.rs;
      int nb = B.packed ? (int)nr : (int)nrj; /* a packed panel is zero-filled to nr */
      char *cp = c + (ir * rsc + jr * csc) * es;
      if (mr == MRk && nrj == nr && csc == 1) {
        g->ukr_s(kc, ap, off, acs, bp, brs, nb, cp, rsc, beta);
      } else {
        _Alignas(64) char tile[ST_GEMM_TILE_BYTES];
        g->ukr_s(kc, ap, off, acs, bp, brs, nb, tile, nr, 0);
        g->store((int)mr, (int)nrj, tile, (int)nr, cp, rsc, csc, beta);
      }
    }
}

/* KC-sized steps that divide k evenly, so no step is a sliver. */
static int64_t balanced_kc(const gemm_kind *g, int64_t k) {
  int64_t steps = (k + g->kc - 1) / g->kc;
  return (k + steps - 1) / steps;
}

/* Whether rows a stride apart (elements) fall in one set of L1's: a multiple of 4 KiB, so the
   tile's rows of an A read in place evict each other. */
static bool aliased(const gemm_kind *g, int64_t stride) { return (stride * g->es) % 4096 == 0; }

/* The five loops around the micro-kernel (jc, pc, ic here; jr, ir in the macro kernel), on
   one thread, with its own packing buffers. With an in-place micro-kernel, A stays unpacked when
   at most two column panels would reuse its packed block (packing A is a transposing copy,
   dearer than the multiply-adds it serves), or eight if its rows do not alias in L1 (broadcasts
   from the tile's row streams cost no more than from a panel: measured as fast or faster on
   256^3, 1000 x 128 x 128 and 1024^3 with AVX-512, and on Zen 3's AVX2, 1000 x 128 x 128
   from 54-61 to 90 GFLOP/s and 6000 x 128 x 128 from 51-61 to 75); and B, when its rows have
   unit stride and at most two row tiles would reuse its packed panels. */
static void blocked(const gemm_kind *g, const gemm_args *x, char *pa, char *pb) {
  int64_t es = g->es, kcb = balanced_kc(g, x->k);
  bool direct_a = g->ukr_s && (x->n <= 2 * g->nr || (x->n <= 8 * g->nr && !aliased(g, x->rsa)));
  bool direct_b = g->ukr_s && x->m <= 2 * g->mr && (x->csb == 1 || x->n == 1);
  for (int64_t jc = 0; jc < x->n; jc += g->nc) {
    int64_t nc = min64(g->nc, x->n - jc);
    for (int64_t pc = 0; pc < x->k; pc += kcb) {
      int64_t kc = min64(kcb, x->k - pc);
      int beta = pc ? 1 : x->beta;
      const char *b = x->b + (pc * x->rsb + jc * x->csb) * es;
      if (!direct_b) pack_block(g, nc, kc, b, x->csb, x->rsb, g->nr, pb);
      for (int64_t ic = 0; ic < x->m; ic += g->mc) {
        int64_t mc = min64(g->mc, x->m - ic);
        const char *a = x->a + (ic * x->rsa + pc * x->csa) * es;
        char *c = x->c + (ic * x->rsc + jc * x->csc) * es;
        if (!direct_a) pack_block(g, mc, kc, a, x->rsa, x->csa, g->mr, pa);
        if (direct_a || direct_b)
          macro_kernel_s(g, mc, nc, kc, (operand){direct_a ? NULL : pa, a, x->rsa, x->csa},
                         (operand){direct_b ? NULL : pb, b, x->rsb, x->csb}, c, x->rsc, x->csc,
                         beta);
        else
          macro_kernel(g, mc, nc, kc, pa, pb, c, x->rsc, x->csc, beta);
      }
    }
  }
}

/* Matrix-vector products are memory-bound: threads split the rows in blocks of 256. */
static void gemv(const gemm_kind *g, const gemm_args *x) {
  int64_t nblocks = (x->m + 255) / 256;
  int nt = pick_threads(x->m * x->k, GEMV_PARALLEL_WORK);
#pragma omp parallel for num_threads(nt) if (nt > 1) schedule(static)
  for (int64_t b = 0; b < nblocks; b++) g->gemv_rows(x, b * 256, min64(x->m, b * 256 + 256));
}

static int64_t round_up(int64_t v, int64_t to) { return (v + to - 1) / to * to; }

/* Products with at most NARROW_N columns and A's rows contiguous go to dot products (the
   register tile would be mostly padding: a [6000, 128] x [128, 2] product ran 16 times the
   multiply-adds it needs); threads split the rows as for gemv. */
#define NARROW_N 4

static int narrow(const gemm_kind *g, const gemm_args *x) {
  size_t bytes = (size_t)round_up(x->n * x->k * g->es, ST_ALIGN);
  char *bt = st__alloc_aligned(bytes);
  if (!bt) return ST_ERR_OOM;
  g->narrow_columns(x, bt);
  int64_t nblocks = (x->m + 255) / 256;
  int nt = pick_threads(x->m * x->n * x->k, GEMV_PARALLEL_WORK);
#pragma omp parallel for num_threads(nt) if (nt > 1) schedule(static)
  for (int64_t b = 0; b < nblocks; b++) g->narrow_rows(x, bt, b * 256, min64(x->m, b * 256 + 256));
  st__free_aligned(bt, bytes);
  return 0;
}

/* Threads split C into a tm x tn grid of parts on tile boundaries, one part per thread, each
   run by `blocked` with private buffers: no barriers, so a descheduled thread delays only its
   own part, and every element sees the same arithmetic whatever the thread count. The grid
   minimizes the largest part, then its perimeter (the packing each thread repeats). */
typedef struct grid {
  int tm, tn;
  int64_t pm, pn;        /* rows and columns per part */
  size_t abytes, bbytes; /* packing buffers per part */
} grid;

static grid split(const gemm_kind *g, int64_t m, int64_t n, int64_t k, int nt) {
  grid best = {0};
  for (int tm = 1; tm <= nt; tm++) {
    if (nt % tm) continue;
    int tn = nt / tm;
    int64_t pm = round_up((m + tm - 1) / tm, g->mr), pn = round_up((n + tn - 1) / tn, g->nr);
    if (!best.tm || pm * pn < best.pm * best.pn ||
        (pm * pn == best.pm * best.pn && pm + pn < best.pm + best.pn))
      best = (grid){tm, tn, pm, pn, 0, 0};
  }
  int64_t kcb = balanced_kc(g, k);
  best.abytes = (size_t)round_up(min64(g->mc, best.pm) * kcb * g->es, ST_ALIGN);
  best.bbytes = (size_t)round_up(min64(g->nc, best.pn) * kcb * g->es, ST_ALIGN);
  return best;
}

static void run_part(const gemm_kind *g, const gemm_args *x, const grid *p, int t, char *buf) {
  int64_t i0 = t / p->tn * p->pm, j0 = t % p->tn * p->pn, es = g->es;
  if (i0 >= x->m || j0 >= x->n) return;
  gemm_args part = *x;
  part.m = min64(p->pm, x->m - i0), part.n = min64(p->pn, x->n - j0);
  part.a += i0 * x->rsa * es;
  part.b += j0 * x->csb * es;
  part.c += (i0 * x->rsc + j0 * x->csc) * es;
  char *pa = buf + (size_t)t * (p->abytes + p->bbytes);
  blocked(g, &part, pa, pa + p->abytes);
}

static int gemm_builtin(const gemm_kind *g, gemm_args x) {
  if (x.m == 0 || x.n == 0) return 0;
  if (x.k == 0) {
    g->clear(&x);
    return 0;
  }
  if (x.m == 1 && x.n != 1) transpose_problem(&x); /* a row vector times B is B^T times a vector */
  if (x.n == 1) {
    gemv(g, &x);
    return 0;
  }
  orient(&x);
  if (x.m * x.n * x.k <= SMALL_WORK) {
    g->small(&x);
    return 0;
  }
  if (x.n <= NARROW_N && x.csa == 1) return narrow(g, &x);
  /* Few rows of C against a wide and deep B with unit row stride (a transposed view): B^T is
     then an A with unit-stride rows that the in-place kernel reads where it is, so C^T = B^T A^T
     packs nothing big, for the price of C^T's strided stores (worth it when B has several
     times C's elements); every element's FMA chain is the same, its products' factors
     swapped. */
  if (g->ukr_s && x.m <= 2 * g->nr && x.n > 2 * g->nr && x.k >= 4 * x.m && x.csb != 1 &&
      x.rsb == 1)
    transpose_problem(&x);
  /* Each thread gets at least a quarter of PARALLEL_WORK, or its start-up is not repaid. */
  int64_t work = x.m * x.n * x.k;
  int nt = (int)min64(pick_threads(work, PARALLEL_WORK), work / (PARALLEL_WORK / 4));
  if (nt < 1) nt = 1;
  grid p = split(g, x.m, x.n, x.k, nt);
  /* One buffer for every part, from the calling thread before any work: a failure leaves C
     untouched and failure injection (per thread) sees it. */
  size_t bytes = (size_t)nt * (p.abytes + p.bbytes);
  char *buf = st__alloc_aligned(bytes);
  if (!buf) return ST_ERR_OOM;
  if (nt == 1) {
    run_part(g, &x, &p, 0, buf);
  } else {
#pragma omp parallel for num_threads(nt) schedule(static, 1)
    for (int t = 0; t < nt; t++) run_part(g, &x, &p, t, buf);
  }
  st__free_aligned(buf, bytes);
  return 0;
}

/* ------------------------------------------------------------------------------------ BLAS */

#ifdef STRATA_HAVE_BLAS
/* How BLAS (row-major) sees a rows x cols operand: untransposed when its rows are contiguous,
   transposed when its columns are, with a leading dimension BLAS accepts; false otherwise
   (broadcast or doubly strided operands go to the built-in GEMM). Strides of size-1 dims are
   meaningless, so they never disqualify. */
static bool blas_operand(int64_t rows, int64_t cols, int64_t rs, int64_t cs,
                         enum CBLAS_TRANSPOSE *trans, int *ld) {
  int64_t one = 1, r = rows > one ? rows : one, c = cols > one ? cols : one;
  if ((cs == 1 || cols <= 1) && (rs >= c || rows <= 1)) {
    *trans = CblasNoTrans;
    *ld = (int)(rows <= 1 ? c : rs);
    return rows <= 1 || rs <= INT_MAX;
  }
  if ((rs == 1 || rows <= 1) && (cs >= r || cols <= 1)) {
    *trans = CblasTrans;
    *ld = (int)(cols <= 1 ? r : cs);
    return cols <= 1 || cs <= INT_MAX;
  }
  return false;
}

typedef struct blas_plan {
  enum CBLAS_TRANSPOSE ta, tb;
  int lda, ldb, ldc;
} blas_plan;

/* True when BLAS can take x as it is (orienting C on the way). Not inside a parallel region:
   there the built-in GEMM runs single-threaded, while BLAS would start its own threads. */
static bool use_blas(gemm_args *x, blas_plan *p) {
#ifdef _OPENMP
  if (omp_in_parallel()) return false;
#endif
  if (x->m <= 0 || x->n <= 0 || x->k <= 0) return false;
  orient(x);
  if (x->m > INT_MAX || x->n > INT_MAX || x->k > INT_MAX) return false;
  enum CBLAS_TRANSPOSE tc;
  return blas_operand(x->m, x->n, x->rsc, x->csc, &tc, &p->ldc) && tc == CblasNoTrans &&
         blas_operand(x->m, x->k, x->rsa, x->csa, &p->ta, &p->lda) &&
         blas_operand(x->k, x->n, x->rsb, x->csb, &p->tb, &p->ldb);
}

/* OpenBLAS keeps one process-wide thread count; follow this thread's strata setting, so that
   st_set_num_threads(1) means one thread there too. */
static void blas_threads(int64_t work) {
#ifdef OPENBLAS_VERSION
  int want = pick_threads(work, PARALLEL_WORK);
  if (openblas_get_num_threads() != want) openblas_set_num_threads(want);
#else
  (void)work;
#endif
}
#endif

/* ------------------------------------------------------------------------- entry points */

int st__k_gemm_builtin_f32(st_gemm_isa isa, int64_t m, int64_t n, int64_t k, const float *A,
                           int64_t rsa, int64_t csa, const float *B, int64_t rsb, int64_t csb,
                           float beta, float *C, int64_t rsc, int64_t csc) {
  gemm_kind g = kind_f32(isa);
  return gemm_builtin(&g, (gemm_args){m, n, k, (const char *)A, rsa, csa, (const char *)B, rsb, csb,
                                      (char *)C, rsc, csc, beta != 0});
}

int st__k_gemm_builtin_f64(st_gemm_isa isa, int64_t m, int64_t n, int64_t k, const double *A,
                           int64_t rsa, int64_t csa, const double *B, int64_t rsb, int64_t csb,
                           double beta, double *C, int64_t rsc, int64_t csc) {
  gemm_kind g = kind_f64(isa);
  return gemm_builtin(&g, (gemm_args){m, n, k, (const char *)A, rsa, csa, (const char *)B, rsb, csb,
                                      (char *)C, rsc, csc, beta != 0});
}

/* k == 1: an outer product, C = beta C + a b^T. Packing for a GEMM would cost more than the
   product; written row by row it runs at memory speed (per-sample weight gradients under vmap
   are batches of these). */
#define RANK1(T)                                                                                   \
  do {                                                                                             \
    for (int64_t i = 0; i < m; i++) {                                                              \
      T a = A[i * rsa], *c = C + i * rsc;                                                          \
      if (csc == 1 && csb == 1) {                                                                  \
        if (beta != 0)                                                                             \
          for (int64_t j = 0; j < n; j++) c[j] += a * B[j];                                        \
        else                                                                                       \
          for (int64_t j = 0; j < n; j++) c[j] = a * B[j];                                         \
      } else {                                                                                     \
        for (int64_t j = 0; j < n; j++) c[j * csc] = (beta != 0 ? c[j * csc] : 0) + a * B[j * csb]; \
      }                                                                                            \
    }                                                                                              \
  } while (0)

int st__k_gemm_f32(int64_t m, int64_t n, int64_t k, const float *A, int64_t rsa, int64_t csa,
                   const float *B, int64_t rsb, int64_t csb, float beta, float *C, int64_t rsc,
                   int64_t csc) {
  if (k == 1) {
    RANK1(float);
    return 0;
  }
#ifdef STRATA_HAVE_BLAS
  gemm_args x = {m,         n,   k,   (const char *)A, rsa, csa, (const char *)B, rsb, csb,
                 (char *)C, rsc, csc, beta != 0};
  blas_plan p;
  if (use_blas(&x, &p)) {
    blas_threads(m * n * k);
    cblas_sgemm(CblasRowMajor, p.ta, p.tb, (int)x.m, (int)x.n, (int)x.k, 1.0f, (const float *)x.a,
                p.lda, (const float *)x.b, p.ldb, x.beta ? 1.0f : 0.0f, (float *)x.c, p.ldc);
    return 0;
  }
#endif
  return st__k_gemm_builtin_f32(ST_GEMM_WIDEST, m, n, k, A, rsa, csa, B, rsb, csb, beta, C, rsc, csc);
}

int st__k_gemm_f64(int64_t m, int64_t n, int64_t k, const double *A, int64_t rsa, int64_t csa,
                   const double *B, int64_t rsb, int64_t csb, double beta, double *C, int64_t rsc,
                   int64_t csc) {
  if (k == 1) {
    RANK1(double);
    return 0;
  }
#ifdef STRATA_HAVE_BLAS
  gemm_args x = {m,         n,   k,   (const char *)A, rsa, csa, (const char *)B, rsb, csb,
                 (char *)C, rsc, csc, beta != 0};
  blas_plan p;
  if (use_blas(&x, &p)) {
    blas_threads(m * n * k);
    cblas_dgemm(CblasRowMajor, p.ta, p.tb, (int)x.m, (int)x.n, (int)x.k, 1.0, (const double *)x.a,
                p.lda, (const double *)x.b, p.ldb, x.beta ? 1.0 : 0.0, (double *)x.c, p.ldc);
    return 0;
  }
#endif
  return st__k_gemm_builtin_f64(ST_GEMM_WIDEST, m, n, k, A, rsa, csa, B, rsb, csb, beta, C, rsc, csc);
}

/* ------------------------------------------------------------------------------- integers */

void st__k_gemm_i64(int64_t m, int64_t n, int64_t k, const int64_t *A, int64_t rsa, int64_t csa,
                    const int64_t *B, int64_t rsb, int64_t csb, int64_t beta, int64_t *C,
                    int64_t rsc, int64_t csc) {
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      uint64_t s = beta ? (uint64_t)C[i * rsc + j * csc] : 0; /* unsigned: wraps, no UB */
      for (int64_t p = 0; p < k; p++)
        s += (uint64_t)A[i * rsa + p * csa] * (uint64_t)B[p * rsb + j * csb];
      C[i * rsc + j * csc] = (int64_t)s;
    }
}
