/* composite_math.c — math functions built from other public ops, with no record of their own:
   var_mean and std_mean (torch.var_mean, torch.std_mean) and clamp with tensor bounds
   (torch.clamp(self, min: Tensor, max: Tensor), and its in-place form). Being compositions,
   they are differentiable, batchable and jvp-able through their constituents; each checks its
   own arguments first, or renames its constituents' errors, so that errors name it.

   clamp's derivative is the one torch 2.15 computes (ClampBackward0, checked value by value
   by tests/ops/gen_misc_ops.py): with both bounds, the gradient goes to a strictly inside
   (min, max), to min below it and to max above it or wherever min > max; at a tie a == min < max
   (or a == max > min) it is split in halves between a and that bound, at min == a == max it all
   goes to a; a NaN a takes the gradient (and so does max where min > max); a NaN bound gives a
   NaN result whose gradient goes to a alone where a is within the other bound, else to nothing.
   With one bound it is torch.maximum's (minimum's) rule: halves at ties, both at a NaN. Every
   branch is an st_where of a differentiable piece, so the rule is differentiable again. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "op.h"

/* A failed constituent's "st_<inner>: ..." becomes "st_<outer>: ...". */
static void rename_error(const char *inner, const char *outer) {
  const char *m = st__message();
  size_t n = strlen(inner);
  if (strncmp(m, inner, n) != 0 || m[n] != ':') return;
  char msg[512];
  snprintf(msg, sizeof msg, "%s%s", outer, m + n);
  st__error(st__status(), "%s", msg);
}

/* ------------------------------------------------------------------- var_mean, std_mean */

static st_tensor *spread_mean(const char *fn, const char *inner, bool std, st_tensor *a, int ndims,
                              const int *dims, double correction, bool keepdim, st_tensor **mean) {
  if (!mean) return st__error(ST_ERR_ARG, "%s: mean is NULL", fn), NULL;
  *mean = NULL;
  if (!a) return st__null_arg(fn, 1), NULL;
  if (st__composite_begin(fn)) return NULL;
  /* the spread first: it checks the dtype, dims and correction as the mean would, and more */
  st_tensor *s = std ? st_std(a, ndims, dims, correction, keepdim)
                     : st_var(a, ndims, dims, correction, keepdim);
  st_tensor *m = s ? st_mean(a, ndims, dims, keepdim) : NULL;
  if (!s || !m) {
    rename_error(s ? "st_mean" : inner, fn);
    st_scope_pop();
    return NULL;
  }
  st_keep(s);
  st_keep(m);
  st_scope_pop();
  *mean = m;
  st__ok();
  return s;
}

st_tensor *st_var_mean(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim,
                       st_tensor **mean) {
  return spread_mean("st_var_mean", "st_var", false, a, ndims, dims, correction, keepdim, mean);
}

st_tensor *st_std_mean(st_tensor *a, int ndims, const int *dims, double correction, bool keepdim,
                       st_tensor **mean) {
  return spread_mean("st_std_mean", "st_std", true, a, ndims, dims, correction, keepdim, mean);
}

/* -------------------------------------------------------------------- clamp, tensor bounds */

static st_tensor *is_nan(st_tensor *x) { return st_ne(x, x); }

/* x where x == y, with the gradient split in halves between x and y (torch's rule at a tie).
   0.5 x + 0.5 y is exact unless x is subnormal, (x + y) * 0.5 unless |x| overflows when
   doubled, so each is used where it is exact. */
static st_tensor *tie(st_tensor *x, st_tensor *y) {
  st_tensor *big = st_gt(st_abs(x), st_scalar(st_dtype_of(x), 1));
  st_tensor *halves = st_add(st_mul_scalar(x, 0.5), st_mul_scalar(y, 0.5));
  return st_where(big, halves, st_mul_scalar(st_add(x, y), 0.5));
}

/* A NaN of x's dtype where mask holds, else 0: a constant that makes a result NaN without
   carrying a gradient. */
static st_tensor *nan_where(st_tensor *mask, st_tensor *x) {
  return st_where(mask, st_scalar(st_dtype_of(x), NAN), st_scalar(st_dtype_of(x), 0));
}

/* One bound, as torch.maximum (above: lo is a lower bound) or torch.minimum: the larger (smaller)
   value takes the gradient, a tie halves it, a NaN on either side gives NaN and the gradient to
   both. */
static st_tensor *clamp_one(st_tensor *a, st_tensor *b, bool lower) {
  st_tensor *keep_a = lower ? st_gt(a, b) : st_lt(a, b);
  st_tensor *take_b = lower ? st_lt(a, b) : st_gt(a, b);
  st_tensor *r = st_add(a, b); /* only where either is NaN */
  r = st_where(take_b, b, r);
  r = st_where(keep_a, a, r);
  return st_where(st_eq(a, b), tie(a, b), r);
}

/* Both bounds (see the top of the file for the rule each branch carries). */
static st_tensor *clamp_both(st_tensor *a, st_tensor *lo, st_tensor *hi) {
  st_tensor *an = is_nan(a), *ln = is_nan(lo), *hn = is_nan(hi);
  st_tensor *lo_lt_hi = st_lt(lo, hi), *lo_le_hi = st_le(lo, hi), *lo_gt_hi = st_gt(lo, hi);
  st_tensor *at_lo = st_logical_and(st_eq(a, lo), lo_lt_hi);
  st_tensor *at_hi = st_logical_and(st_eq(a, hi), lo_lt_hi);
  st_tensor *below = st_logical_and(st_lt(a, lo), lo_le_hi);
  st_tensor *above = st_logical_or(st_logical_and(st_gt(a, hi), lo_le_hi), lo_gt_hi);
  st_tensor *inside = st_logical_or(
      an, st_logical_and(st_logical_or(st_ge(a, lo), ln), st_logical_or(st_le(a, hi), hn)));
  st_tensor *nan = nan_where(st_logical_or(ln, hn), a);
  st_tensor *r = st_where(inside, st_add(a, nan), st_scalar(st_dtype_of(a), NAN));
  r = st_where(st_logical_and(an, lo_gt_hi), st_add(a, hi), r); /* NaN, to a and max */
  r = st_where(st_logical_and(above, st_logical_not(an)), hi, r);
  r = st_where(below, lo, r);
  r = st_where(at_hi, tie(a, hi), r);
  return st_where(at_lo, tie(a, lo), r);
}

/* Integers and bool have no gradient and no NaN: min(max(a, lo), hi), which is max where
   min > max. */
static st_tensor *clamp_exact(st_tensor *a, st_tensor *lo, st_tensor *hi) {
  st_tensor *r = a;
  if (lo) r = st_where(st_lt(r, lo), lo, r);
  if (hi) r = st_where(st_gt(r, hi), hi, r);
  return r;
}

/* The checks both forms share: a present, a bound present, the three shapes broadcast (into
   shape, returning its ndim) and the result dtype. Returns -1 with the error set. */
static int clamp_check(const char *fn, st_tensor *a, st_tensor *lo, st_tensor *hi, int64_t *shape,
                       st_dtype *dt) {
  if (!a) return st__null_arg(fn, 1), -1;
  if (!lo && !hi)
    return st__error(ST_ERR_ARG, "%s: at least one of min and max must not be NULL", fn), -1;
  int n = a->ndim;
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)n);
  st_tensor *bounds[2] = {lo, hi};
  for (int i = 0; i < 2; i++) {
    if (!bounds[i]) continue;
    int64_t tmp[ST_MAX_DIMS];
    memcpy(tmp, shape, sizeof tmp);
    n = st__broadcast_shapes(fn, n, tmp, bounds[i]->ndim, bounds[i]->shape, shape);
    if (n < 0) return -1;
  }
  st_tensor *all[3] = {a, lo, hi};
  *dt = st__result_type(3, all);
  return n;
}

static st_tensor *as_dtype(st_tensor *t, st_dtype dt) {
  if (!t || t->dtype == dt) return t;
  return st_to_dtype(t, dt);
}

static st_tensor *clamp_tensor(st_tensor *a, st_tensor *lo, st_tensor *hi, st_dtype dt) {
  a = as_dtype(a, dt);
  lo = as_dtype(lo, dt);
  hi = as_dtype(hi, dt);
  if (!st__is_float(dt)) return clamp_exact(a, lo, hi);
  if (lo && hi) return clamp_both(a, lo, hi);
  return lo ? clamp_one(a, lo, true) : clamp_one(a, hi, false);
}

st_tensor *st_clamp_tensor(st_tensor *a, st_tensor *min, st_tensor *max) {
  const char *fn = "st_clamp_tensor";
  int64_t shape[ST_MAX_DIMS];
  st_dtype dt;
  if (clamp_check(fn, a, min, max, shape, &dt) < 0 || st__composite_begin(fn)) return NULL;
  st_tensor *y = st__composite_end(clamp_tensor(a, min, max, dt));
  if (y) st__ok();
  return y;
}

int st_clamp_tensor_(st_tensor *self, st_tensor *min, st_tensor *max) {
  const char *fn = "st_clamp_tensor_";
  int64_t shape[ST_MAX_DIMS];
  st_dtype dt;
  int n = clamp_check(fn, self, min, max, shape, &dt);
  if (n < 0) return st__status();
  /* torch: the bounds broadcast to self, and the result casts to self's dtype (can_cast) */
  if (n != self->ndim || memcmp(shape, self->shape, sizeof(int64_t) * (size_t)n) != 0) {
    char buf[96];
    return st__error(ST_ERR_SHAPE, "%s: self %s does not match the broadcast shape %s", fn,
                     ST_SHAPE_STR(self), st__fmt_shape(buf, sizeof buf, n, shape));
  }
  if (st__dtype_category(dt) > st__dtype_category(self->dtype))
    return st__error(ST_ERR_DTYPE, "%s: result dtype %s cannot be cast to self's dtype %s", fn,
                     st_dtype_name(dt), st_dtype_name(self->dtype));
  if (st__composite_begin(fn)) return st__status();
  st_tensor *y = clamp_tensor(self, min, max, dt);
  int rc = y ? st_copy_(self, y) : st__status();
  if (rc) rename_error("st_copy_", fn);
  st_scope_pop();
  if (!rc) st__ok();
  return rc;
}
