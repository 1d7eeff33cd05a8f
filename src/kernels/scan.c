/* scan.c — the loops behind cumsum, cumprod, sort, argsort and topk (see scan.h). */
#include "scan.h"

#include <math.h>
#include <string.h>

/* Each line's running combination; the inner lines of one outer block advance together, so the
   reads stay contiguous. */
#define SCAN(name, T, OP)                                                                          \
  void name(T *x, int64_t outer, int64_t n, int64_t inner) {                                       \
    for (int64_t o = 0; o < outer; o++) {                                                          \
      T *base = x + o * n * inner;                                                                 \
      for (int64_t j = 1; j < n; j++) {                                                            \
        T *prev = base + (j - 1) * inner, *cur = base + j * inner;                                 \
        for (int64_t i = 0; i < inner; i++) cur[i] = OP(prev[i], cur[i]);                          \
      }                                                                                            \
    }                                                                                              \
  }
#define ADD_F(a, b) ((a) + (b))
#define MUL_F(a, b) ((a) * (b))
/* integer overflow wraps (two's complement), as PyTorch's int64 scans do */
#define ADD_I(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define MUL_I(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
SCAN(st__k_cumsum_f64, double, ADD_F)
SCAN(st__k_cumsum_i64, int64_t, ADD_I)
SCAN(st__k_cumprod_f64, double, MUL_F)
SCAN(st__k_cumprod_i64, int64_t, MUL_I)

/* ------------------------------------------------------------------------------- sorting */

typedef struct {
  const double *f;
  const int64_t *i;
  int64_t stride; /* between a line's elements */
  bool descending;
} keys_at;

/* Whether the element at position p must come before the one at q (p < q in the line) in a
   stable order: only when strictly ordered that way. NaN is larger than any number. */
static bool before(const keys_at *k, int64_t q, int64_t p) {
  if (k->i) {
    int64_t a = k->i[q * k->stride], b = k->i[p * k->stride];
    return k->descending ? a > b : a < b;
  }
  double a = k->f[q * k->stride], b = k->f[p * k->stride];
  bool an = isnan(a), bn = isnan(b);
  if (an || bn) return k->descending ? an && !bn : bn && !an;
  return k->descending ? a > b : a < b;
}

/* Bottom-up merge sort of the positions 0..n-1 (stable: a later position moves ahead of an
   earlier one only when strictly before it). */
static void sort_line(const keys_at *k, int64_t n, int64_t *pos, int64_t *tmp) {
  for (int64_t j = 0; j < n; j++) pos[j] = j;
  int64_t *src = pos, *dst = tmp;
  for (int64_t w = 1; w < n; w *= 2) {
    for (int64_t lo = 0; lo < n; lo += 2 * w) {
      int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
      int64_t a = lo, b = mid, o = lo;
      while (a < mid && b < hi) dst[o++] = before(k, src[b], src[a]) ? src[b++] : src[a++];
      while (a < mid) dst[o++] = src[a++];
      while (b < hi) dst[o++] = src[b++];
    }
    int64_t *t = src;
    src = dst, dst = t;
  }
  if (src != pos) memcpy(pos, src, sizeof(int64_t) * (size_t)n);
}

void st__k_argsort(const void *keys, bool i64_keys, int64_t outer, int64_t n, int64_t inner,
                   bool descending, int64_t k, int64_t *idx, int64_t *tmp) {
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t first = o * n * inner + i;
      keys_at at = {i64_keys ? NULL : (const double *)keys + first,
                    i64_keys ? (const int64_t *)keys + first : NULL, inner, descending};
      sort_line(&at, n, tmp, tmp + n);
      for (int64_t j = 0; j < k; j++) idx[o * k * inner + j * inner + i] = tmp[j];
    }
}
