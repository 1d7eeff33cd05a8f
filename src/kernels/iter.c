/* iter.c — the strided broadcasting iterator (see iter.h) and the dtype staging that lets one
   typed inner loop serve inputs of any dtype. */
#ifdef _OPENMP
#include <omp.h>
#endif

#include "iter.h"

/* Operand v's stride along dim d of an ndim-dim output: 0 where v broadcasts. */
static int64_t bcast_stride(const st_view *v, int ndim, int d) {
  int src = d - (ndim - v->ndim);
  return src < 0 || v->shape[src] == 1 ? 0 : v->strides[src];
}

/* Whether dim `outer` belongs inside dim `inner`: the first operand that moves along both with
   different strides decides, by putting its smaller stride innermost (TensorIterator's order).
   Fresh outputs are row-major already; this matters for in-place runs on transposed tensors. */
static bool goes_inside(const st_iter *it, int outer, int inner) {
  for (int k = 0; k < it->nops; k++) {
    int64_t a = it->strides[k][outer], b = it->strides[k][inner];
    if (a != 0 && b != 0 && a != b) return a < b;
  }
  return false;
}

static void swap_dims(st_iter *it, int a, int b) {
  int64_t s = it->shape[a];
  it->shape[a] = it->shape[b], it->shape[b] = s;
  for (int k = 0; k < it->nops; k++) {
    s = it->strides[k][a];
    it->strides[k][a] = it->strides[k][b], it->strides[k][b] = s;
  }
}

/* Merges each dim into the one outside it when every operand steps over both as over one. */
static int coalesce(st_iter *it, int nd) {
  if (nd == 0) return 0;
  int k = 0;
  for (int d = 1; d < nd; d++) {
    bool merge = true;
    for (int op = 0; op < it->nops; op++)
      merge = merge && it->strides[op][k] == it->strides[op][d] * it->shape[d];
    if (!merge) k++;
    it->shape[k] = merge ? it->shape[k] * it->shape[d] : it->shape[d];
    for (int op = 0; op < it->nops; op++) it->strides[op][k] = it->strides[op][d];
  }
  return k + 1;
}

void st__iter_init(st_iter *it, int nops, const st_view *ops) {
  int out_nd = ops[0].ndim, nd = 0;
  it->nops = nops;
  it->numel = st__numel(out_nd, ops[0].shape);
  for (int k = 0; k < nops; k++) {
    it->data[k] = ops[k].data;
    it->elsize[k] = (int64_t)st_dtype_size(ops[k].dtype);
  }
  for (int d = 0; d < out_nd; d++) {
    if (ops[0].shape[d] == 1) continue; /* a size-1 dim never moves a pointer */
    it->shape[nd] = ops[0].shape[d];
    for (int k = 0; k < nops; k++) it->strides[k][nd] = bcast_stride(&ops[k], out_nd, d);
    nd++;
  }
  for (int i = 1; i < nd; i++)
    for (int j = i; j > 0 && goes_inside(it, j - 1, j); j--) swap_dims(it, j - 1, j);
  nd = coalesce(it, nd);
  if (nd == 0) { /* one element */
    it->shape[0] = 1;
    for (int k = 0; k < nops; k++) it->strides[k][0] = 1;
    nd = 1;
  }
  it->ndim = nd;
}

void st__iter_run_range(const st_iter *it, int64_t begin, int64_t end, st_loop_fn fn,
                        const void *ctx) {
  int last = it->ndim - 1;
  int64_t idx[ST_MAX_DIMS], inner[ST_ITER_MAX_OPS], rem = begin;
  char *ptr[ST_ITER_MAX_OPS];
  for (int d = last; d >= 0; d--) {
    idx[d] = rem % it->shape[d];
    rem /= it->shape[d];
  }
  for (int k = 0; k < it->nops; k++) {
    int64_t off = 0;
    for (int d = 0; d <= last; d++) off += idx[d] * it->strides[k][d];
    ptr[k] = it->data[k] + off * it->elsize[k];
    inner[k] = it->strides[k][last];
  }
  for (int64_t pos = begin; pos < end;) {
    int64_t n = it->shape[last] - idx[last];
    if (n > end - pos) n = end - pos;
    fn(ptr, inner, n, ctx);
    pos += n;
    if (pos == end) break;
    /* The row is complete: back to its start, then one step in the outer dims with carry. */
    for (int k = 0; k < it->nops; k++) ptr[k] -= idx[last] * inner[k] * it->elsize[k];
    idx[last] = 0;
    for (int d = last - 1; d >= 0; d--) {
      bool wrap = ++idx[d] == it->shape[d];
      for (int k = 0; k < it->nops; k++)
        ptr[k] += (wrap ? 1 - it->shape[d] : 1) * it->strides[k][d] * it->elsize[k];
      if (!wrap) break;
      idx[d] = 0;
    }
  }
}

void st__iter_run(const st_iter *it, st_loop_fn fn, const void *ctx, int64_t grain) {
  int64_t n = it->numel;
  if (n <= 0) return;
#ifdef _OPENMP
  int nt = 1;
  if (grain < 1) grain = 1;
  if (n >= 2 * grain && !omp_in_parallel()) {
    nt = st__num_threads();
    if (nt > n / grain) nt = (int)(n / grain);
  }
  if (nt > 1) {
    /* Chunks start at multiples of 64 elements, so a contiguous run's vector loop covers the
       same elements on any number of threads and the results do not depend on the count. */
    int64_t chunk = ((n + nt - 1) / nt + 63) / 64 * 64;
#pragma omp parallel for num_threads(nt) schedule(static)
    for (int t = 0; t < nt; t++) {
      int64_t b = t * chunk, e = b + chunk < n ? b + chunk : n;
      if (b < e) st__iter_run_range(it, b, e, fn, ctx);
    }
    return;
  }
#else
  (void)grain;
#endif
  st__iter_run_range(it, 0, n, fn, ctx);
}

/* ------------------------------------------------------------------ dtype staging, overlap */

int st__repeated_dim(const st_tensor *t) {
  for (int d = 0; d < t->ndim; d++)
    if (t->strides[d] == 0 && t->shape[d] > 1) return d;
  return -1;
}

typedef union {
  float f;
  double d;
  int64_t i;
  bool b;
} scalar_slot;

/* The bytes [lo, hi) that v's elements occupy (v has at least one element). */
static void byte_span(const st_view *v, const char **lo, const char **hi) {
  int64_t first = 0, last = 0, es = (int64_t)st_dtype_size(v->dtype);
  for (int d = 0; d < v->ndim; d++) {
    int64_t reach = (v->shape[d] - 1) * v->strides[d];
    if (reach < 0) first += reach;
    else last += reach;
  }
  *lo = v->data + first * es;
  *hi = v->data + (last + 1) * es;
}

/* Whether writing out element by element could change an element of `in` before it is read:
   they share memory and `in` is not exactly out's own view. */
static bool unsafe_overlap(const st_view *out, const st_view *in) {
  const char *olo, *ohi, *ilo, *ihi;
  byte_span(out, &olo, &ohi);
  byte_span(in, &ilo, &ihi);
  if (ihi <= olo || ohi <= ilo) return false;
  if (in->data != out->data || in->dtype != out->dtype) return true;
  for (int d = 0; d < out->ndim; d++)
    if (out->shape[d] > 1 && bcast_stride(in, out->ndim, d) != out->strides[d]) return true;
  return false;
}

/* Replaces *v by a copy of dtype dt: a 0-dim view of a stack slot when it has one element,
   else a contiguous temporary of its own shape (returned in *tmp). */
static int stage_input(st_view *v, st_dtype dt, st_tensor **tmp, scalar_slot *slot) {
  if (st__numel(v->ndim, v->shape) == 1) {
    st_view s = {(char *)slot, dt, 0, NULL, NULL};
    st__k_copy(s, (st_view){v->data, v->dtype, 0, NULL, NULL});
    *v = s;
    return 0;
  }
  *tmp = st__tensor_empty(dt, v->ndim, v->shape);
  if (!*tmp) return -1;
  st__k_copy(st__view_of(*tmp), *v);
  *v = st__view_of(*tmp);
  return 0;
}

static bool view_contiguous(const st_view *v) {
  int64_t s = 1;
  for (int d = v->ndim - 1; d >= 0; d--) {
    if (v->shape[d] != 1 && v->strides[d] != s) return false;
    s *= v->shape[d];
  }
  return true;
}

/* The common small case without the iterator's setup: a contiguous output and inputs that are
   contiguous with its exact shape (or one element), all of the loop's dtypes, run on one thread.
   Returns false when the case does not apply. */
static bool run_flat(const st_view *out, st_dtype out_dt, int nin, const st_view *in, const st_dtype *in_dt,
                     st_loop_fn fn, const void *ctx, int64_t n, int64_t grain) {
  if (n >= 2 * grain || out->dtype != out_dt || !view_contiguous(out)) return false;
  char *data[ST_ITER_MAX_OPS] = {out->data};
  int64_t strides[ST_ITER_MAX_OPS] = {1};
  for (int k = 0; k < nin; k++) {
    const st_view *v = &in[k];
    if (v->dtype != in_dt[k]) return false;
    bool one = st__numel(v->ndim, v->shape) == 1;
    bool same = v->ndim == out->ndim;
    for (int d = 0; same && d < v->ndim; d++) same = v->shape[d] == out->shape[d];
    if (!one && !(same && view_contiguous(v))) return false;
    if (v->data != out->data) { /* both dense: their byte ranges must not meet */
      const char *lo = v->data, *hi = lo + (one ? 1 : n) * (int64_t)st_dtype_size(v->dtype);
      const char *olo = out->data, *ohi = olo + n * (int64_t)st_dtype_size(out->dtype);
      if (lo < ohi && olo < hi) return false;
    }
    data[k + 1] = v->data;
    strides[k + 1] = one ? 0 : 1;
  }
  fn(data, strides, n, ctx);
  return true;
}

int st__ew_run(st_view out, st_dtype out_dt, int nin, const st_view *in, const st_dtype *in_dt,
               st_loop_fn fn, const void *ctx, int64_t grain) {
  int64_t n = st__numel(out.ndim, out.shape);
  if (n == 0) return 0;
  if (n == 1 && out.dtype == out_dt) { /* one element (so every input has one): no layout */
    char *data[ST_ITER_MAX_OPS] = {out.data};
    int64_t strides[ST_ITER_MAX_OPS] = {1, 1, 1, 1};
    bool same = true;
    for (int k = 0; k < nin; k++) {
      same = same && in[k].dtype == in_dt[k];
      data[k + 1] = in[k].data;
    }
    if (same) {
      fn(data, strides, 1, ctx);
      return 0;
    }
  }
  if (run_flat(&out, out_dt, nin, in, in_dt, fn, ctx, n, grain)) return 0;
  st_view ops[ST_ITER_MAX_OPS];
  st_tensor *tmp[ST_ITER_MAX_OPS] = {NULL};
  scalar_slot slot[ST_ITER_MAX_OPS];
  int rc = -1;
  for (int k = 0; k < nin; k++) {
    ops[k + 1] = in[k];
    bool stage = in[k].dtype != in_dt[k] || unsafe_overlap(&out, &in[k]);
    if (stage && stage_input(&ops[k + 1], in_dt[k], &tmp[k + 1], &slot[k + 1])) goto done;
  }
  ops[0] = out;
  if (out.dtype != out_dt) {
    tmp[0] = st__tensor_empty(out_dt, out.ndim, out.shape);
    if (!tmp[0]) goto done;
    ops[0] = st__view_of(tmp[0]);
  }
  st_iter it;
  st__iter_init(&it, nin + 1, ops);
  st__iter_run(&it, fn, ctx, grain);
  if (tmp[0]) st__k_copy(out, ops[0]);
  rc = 0;
done:
  for (int k = 0; k <= nin; k++) st__drop(tmp[k]);
  return rc;
}
