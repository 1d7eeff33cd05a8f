/* shape.c — the loops behind the copying shape ops (see shape.h). Most are built on st__k_copy
   over rearranged views; gather and scatter_add walk rows of the index tensor directly. */
#include <string.h>

#include "shape.h"

/* Below this many elements a loop runs on one thread: spawning costs more than it saves. */
#define PARALLEL_MIN 32768

static int64_t numel_of(st_view v) { return st__numel(v.ndim, v.shape); }

/* Element offsets of row r (a row-major index over dims 0..nd-2; the last dim is the row) under
   nset sets of strides. */
static void row_offsets(int nd, const int64_t *shape, int64_t r, int nset,
                        const int64_t *const *strides, int64_t *off) {
  for (int k = 0; k < nset; k++) off[k] = 0;
  for (int d = nd - 2; d >= 0; d--) {
    int64_t q = r % shape[d];
    r /= shape[d];
    for (int k = 0; k < nset; k++) off[k] += q * strides[k][d];
  }
}

/* Copies v's shape and strides, a 0-dim view acting as [1], so that every loop has a last dim.
   Returns the ndim used. */
static int lift(st_view v, int64_t *shape, int64_t *strides) {
  if (v.ndim == 0) {
    shape[0] = 1, strides[0] = 0;
    return 1;
  }
  memcpy(shape, v.shape, sizeof(int64_t) * (size_t)v.ndim);
  memcpy(strides, v.strides, sizeof(int64_t) * (size_t)v.ndim);
  return v.ndim;
}

/* ------------------------------------------------------------------------------ i64 range */

void st__k_i64_range(st_view v, int64_t *lo, int64_t *hi) {
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS], idx[ST_MAX_DIMS] = {0};
  int nd = lift(v, shape, strides);
  int64_t n = st__numel(nd, shape), off = 0, mn = INT64_MAX, mx = INT64_MIN;
  const int64_t *p = (const int64_t *)v.data;
  for (int64_t k = 0; k < n; k++) {
    int64_t x = p[off];
    mn = x < mn ? x : mn;
    mx = x > mx ? x : mx;
    for (int d = nd - 1; d >= 0; d--) {
      off += strides[d];
      if (++idx[d] < shape[d]) break;
      off -= strides[d] * shape[d];
      idx[d] = 0;
    }
  }
  *lo = mn, *hi = mx;
}

/* --------------------------------------------------------------------------- index_select */

void st__k_index_select(st_view out, st_view src, int dim, st_view index) {
  const int64_t *ip = (const int64_t *)index.data;
  if (src.ndim == 0) { /* the one index is 0 (checked) */
    st__k_copy(out, src);
    return;
  }
  int64_t total = numel_of(out), n = out.shape[dim], inner = 1;
  if (total == 0) return;
  for (int d = dim + 1; d < out.ndim; d++) inner *= out.shape[d];
  if (inner < 16) { /* short slices: one gather loop beats a copy call per index */
    int64_t istrides[ST_MAX_DIMS] = {0};
    istrides[dim] = index.ndim ? index.strides[0] : 0;
    st__k_gather(out, src, dim, (st_view){index.data, ST_I64, out.ndim, out.shape, istrides});
    return;
  }
  /* Long slices: a strided copy of each selected slice (every dim but dim). */
  int64_t shape[ST_MAX_DIMS], os[ST_MAX_DIMS], ss[ST_MAX_DIMS];
  int nd = 0;
  for (int d = 0; d < out.ndim; d++) {
    if (d == dim) continue;
    shape[nd] = out.shape[d], os[nd] = out.strides[d], ss[nd] = src.strides[d];
    nd++;
  }
  int64_t istep = index.ndim ? index.strides[0] : 0;
  int64_t oe = (int64_t)st_dtype_size(out.dtype), se = (int64_t)st_dtype_size(src.dtype);
  int64_t ostep = out.strides[dim] * oe, sstep = src.strides[dim] * se;
#pragma omp parallel for num_threads(st__num_threads()) if (total > PARALLEL_MIN && n > 1)
  for (int64_t j = 0; j < n; j++) {
    st_view dst = {out.data + j * ostep, out.dtype, nd, shape, os};
    st_view from = {src.data + ip[j * istep] * sstep, src.dtype, nd, shape, ss};
    st__k_copy(dst, from);
  }
}

/* --------------------------------------------------------------------------------- gather */

/* One row: d[j*ds] = s[j*ss + i[j*is]*sdim], on elements of es bytes (a bit copy). */
#define GATHER_ROW(T)                                                                              \
  do {                                                                                             \
    T *d = (T *)dp;                                                                                \
    const T *s = (const T *)sp;                                                                    \
    for (int64_t j = 0; j < len; j++) d[j * ds] = s[j * ss + ip[j * is] * sdim];                   \
  } while (0)

static void gather_row(char *dp, int64_t ds, const char *sp, int64_t ss, int64_t sdim,
                       const int64_t *ip, int64_t is, int64_t len, size_t es) {
  switch (es) {
  case 1: GATHER_ROW(uint8_t); break;
  case 4: GATHER_ROW(uint32_t); break;
  default: GATHER_ROW(uint64_t); break;
  }
}

void st__k_gather(st_view out, st_view src, int dim, st_view index) {
  int64_t shape[ST_MAX_DIMS], is[ST_MAX_DIMS], os[ST_MAX_DIMS], ss[ST_MAX_DIMS],
      unused[ST_MAX_DIMS];
  int nd = lift(index, shape, is);
  lift(out, unused, os);
  lift(src, unused, ss);
  /* The position along dim comes from the index, not from p. */
  int64_t sdim = ss[dim];
  ss[dim] = 0;
  int64_t total = st__numel(nd, shape), len = shape[nd - 1];
  if (total == 0) return;
  size_t es = st_dtype_size(out.dtype);
  const int64_t *const strides[3] = {os, is, ss};
#pragma omp parallel for num_threads(st__num_threads()) if (total > PARALLEL_MIN)
  for (int64_t r = 0; r < total / len; r++) {
    int64_t off[3];
    row_offsets(nd, shape, r, 3, strides, off);
    gather_row(out.data + off[0] * (int64_t)es, os[nd - 1], src.data + off[2] * (int64_t)es,
               ss[nd - 1], sdim, (const int64_t *)index.data + off[1], is[nd - 1], len, es);
  }
}

/* ---------------------------------------------------------------------------- scatter_add */

#define SCATTER_ROW(T, ADD)                                                                        \
  do {                                                                                             \
    T *d = (T *)dp;                                                                                \
    const T *s = (const T *)sp;                                                                    \
    for (int64_t j = 0; j < len; j++) {                                                            \
      T *t = d + j * ds + ip[j * is] * ddim;                                                       \
      *t = ADD(*t, s[j * ss]);                                                                     \
    }                                                                                              \
  } while (0)
#define PLUS(x, y) ((x) + (y))
#define OR(x, y) ((x) || (y)) /* PyTorch adds bools as logical or */

static void scatter_row(char *dp, int64_t ds, int64_t ddim, const char *sp, int64_t ss,
                        const int64_t *ip, int64_t is, int64_t len, st_dtype dt) {
  switch (dt) {
  case ST_F32: SCATTER_ROW(float, PLUS); break;
  case ST_F64: SCATTER_ROW(double, PLUS); break;
  case ST_I64: SCATTER_ROW(int64_t, PLUS); break;
  case ST_BOOL: SCATTER_ROW(bool, OR); break;
  default: break; /* dispatch refuses the storage-only dtypes here */
  }
}

void st__k_scatter_add(st_view out, int dim, st_view index, st_view src) {
  int64_t shape[ST_MAX_DIMS], is[ST_MAX_DIMS], os[ST_MAX_DIMS], ss[ST_MAX_DIMS],
      unused[ST_MAX_DIMS];
  int nd = lift(index, shape, is);
  lift(out, unused, os);
  lift(src, unused, ss);
  int64_t ddim = os[dim];
  os[dim] = 0;
  int64_t total = st__numel(nd, shape), len = shape[nd - 1];
  if (total == 0) return;
  size_t es = st_dtype_size(out.dtype);
  const int64_t *const strides[3] = {os, is, ss};
  /* One thread: indices may repeat, and the sum order must not depend on the thread count. */
  for (int64_t r = 0; r < total / len; r++) {
    int64_t off[3];
    row_offsets(nd, shape, r, 3, strides, off);
    scatter_row(out.data + off[0] * (int64_t)es, os[nd - 1], ddim, src.data + off[2] * (int64_t)es,
                ss[nd - 1], (const int64_t *)index.data + off[1], is[nd - 1], len, out.dtype);
  }
}

/* ------------------------------------------------------------------------------------ pad */

void st__k_pad(st_view out, st_view src, const int64_t *before, double value) {
  st__k_fill(out, value);
  int64_t shape[ST_MAX_DIMS];
  int64_t oe = (int64_t)st_dtype_size(out.dtype), se = (int64_t)st_dtype_size(src.dtype);
  char *dp = out.data, *sp = src.data;
  for (int d = 0; d < out.ndim; d++) { /* the overlap of src, shifted, with out */
    int64_t skip = before[d] < 0 ? -before[d] : 0, at = before[d] > 0 ? before[d] : 0;
    int64_t len = src.shape[d] - skip < out.shape[d] - at ? src.shape[d] - skip : out.shape[d] - at;
    if (len <= 0) return; /* nothing of src survives the crop */
    shape[d] = len;
    dp += at * out.strides[d] * oe;
    sp += skip * src.strides[d] * se;
  }
  st__k_copy((st_view){dp, out.dtype, out.ndim, shape, out.strides},
             (st_view){sp, src.dtype, src.ndim, shape, src.strides});
}

/* ----------------------------------------------------------------------------------- flip */

void st__k_flip(st_view out, st_view src, const bool *flip) {
  if (numel_of(out) == 0) return;
  /* Read src backwards: start at the last element of each flipped dim, with negated strides. */
  int64_t strides[ST_MAX_DIMS], es = (int64_t)st_dtype_size(src.dtype);
  char *sp = src.data;
  for (int d = 0; d < src.ndim; d++) {
    strides[d] = src.strides[d];
    if (flip[d]) {
      sp += (src.shape[d] - 1) * strides[d] * es;
      strides[d] = -strides[d];
    }
  }
  st__k_copy(out, (st_view){sp, src.dtype, src.ndim, src.shape, strides});
}

/* --------------------------------------------------------------------------------- repeat */

void st__k_repeat(st_view out, st_view src) {
  int nd = out.ndim;
  if (numel_of(out) == 0) return;
  int64_t es = (int64_t)st_dtype_size(out.dtype), block[ST_MAX_DIMS];
  for (int d = 0; d < nd; d++) block[d] = src.shape[d];
  st__k_copy((st_view){out.data, out.dtype, nd, block, out.strides}, src);
  /* From the last dim to the first, the filled block (src's sizes in dims <= d, out's after d)
     is doubled along d until it covers out's size there: log2(reps) copies per dim. */
  for (int d = nd - 1; d >= 0; d--) {
    int64_t have = block[d], want = out.shape[d];
    while (have < want) {
      int64_t shape[ST_MAX_DIMS];
      for (int e = 0; e < nd; e++) shape[e] = block[e];
      shape[d] = have < want - have ? have : want - have;
      st_view from = {out.data, out.dtype, nd, shape, out.strides};
      st_view to = {out.data + have * out.strides[d] * es, out.dtype, nd, shape, out.strides};
      st__k_copy(to, from);
      have += shape[d];
    }
    block[d] = want;
  }
}

/* ------------------------------------------------------------------------------ tril/triu */

/* One row: keep columns [keep_lo, keep_hi) of s (stride ss), zero the rest; zero is all-bits
   zero in every dtype. */
#define TRI_ROW(T)                                                                                 \
  do {                                                                                             \
    T *d = (T *)dp;                                                                                \
    const T *s = (const T *)sp;                                                                    \
    for (int64_t j = 0; j < cols; j++) d[j] = j >= keep_lo && j < keep_hi ? s[j * ss] : 0;         \
  } while (0)

static void tri_row(char *dp, const char *sp, int64_t ss, int64_t cols, int64_t keep_lo,
                    int64_t keep_hi, size_t es) {
  switch (es) {
  case 1: TRI_ROW(uint8_t); break;
  case 4: TRI_ROW(uint32_t); break;
  default: TRI_ROW(uint64_t); break;
  }
}

void st__k_tri(st_view out, st_view src, int64_t k, bool lower) {
  int nd = out.ndim;
  int64_t total = numel_of(out), rows = out.shape[nd - 2], cols = out.shape[nd - 1];
  if (total == 0) return;
  /* Past these bounds every k gives the same mask; clamping keeps i + k from overflowing. */
  if (k > cols + 1) k = cols + 1;
  if (k < -rows - 1) k = -rows - 1;
  size_t es = st_dtype_size(out.dtype);
  const int64_t *const strides[1] = {src.strides};
#pragma omp parallel for num_threads(st__num_threads()) if (total > PARALLEL_MIN)
  for (int64_t r = 0; r < total / cols; r++) {
    int64_t off, i = r % rows;
    row_offsets(nd, out.shape, r, 1, strides, &off);
    int64_t lo = lower ? 0 : i + k, hi = lower ? i + k + 1 : cols;
    tri_row(out.data + r * cols * (int64_t)es, src.data + off * (int64_t)es, src.strides[nd - 1],
            cols, lo, hi, es);
  }
}
