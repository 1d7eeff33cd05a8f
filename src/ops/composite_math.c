/* composite_math.c — clamp with tensor bounds (torch.clamp(self, min: Tensor, max: Tensor), and
   its in-place form), built from other public ops. Being compositions,
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
#include "samples.h"

/* A failed constituent's "st_<inner>: ..." becomes "st_<outer>: ...". */
static void rename_error(const char *inner, const char *outer) {
  const char *m = st__message();
  size_t n = strlen(inner);
  if (strncmp(m, inner, n) != 0 || m[n] != ':') return;
  char msg[512];
  snprintf(msg, sizeof msg, "%s%s", outer, m + n);
  st__error(st__status(), "%s", msg);
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

/* The checks both forms share: a bound present, the three shapes broadcast (into shape,
   returning its ndim) and the result dtype. Returns -1 with the error set. */
static int clamp_check(const char *fn, st_tensor *a, st_tensor *lo, st_tensor *hi, int64_t *shape,
                       st_dtype *dt) {
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

/* The call's bounds: the inputs after self, in the order tensor_bounds names them. */
static void call_bounds(const st_opcall *c, st_tensor **lo, st_tensor **hi) {
  int next = 1;
  *lo = c->a.tensor_bounds.has_min && next < c->nin ? c->in[next++] : NULL;
  *hi = c->a.tensor_bounds.has_max && next < c->nin ? c->in[next++] : NULL;
}

static int infer_clamp_tensor(const st_opcall *c, st_meta *m) {
  st_tensor *lo, *hi;
  call_bounds(c, &lo, &hi);
  if (c->nin != 1 + (lo != NULL) + (hi != NULL))
    return st__op_error(c, ST_ERR_ARG, "%d inputs for %s bounds", c->nin,
                        lo && hi   ? "two"
                        : lo || hi ? "one"
                                   : "no");
  int64_t shape[ST_MAX_DIMS];
  st_dtype dt;
  int n = clamp_check(ST_FN(c), c->in[0], lo, hi, shape, &dt);
  if (n < 0) return -1;
  st__meta_set(m, dt, n, shape);
  return 0;
}

static int decomp_clamp_tensor(const st_opcall *c, st_tensor **out) {
  st_tensor *lo, *hi;
  call_bounds(c, &lo, &hi);
  st_tensor *all[3] = {c->in[0], lo, hi};
  out[0] = clamp_tensor(c->in[0], lo, hi, st__result_type(3, all));
  return out[0] ? 0 : st__status();
}

/* Both bounds, each alone, every layout, bounds that broadcast, min above max in places (the
   sample values overlap), integers; shapes that do not broadcast. Values are distinct across
   the three inputs (no ties, where the derivative jumps). */
static int samples_clamp_tensor(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  int n = 0;
  st_attrs a = {.tensor_bounds = {true, true}};
  PUSH("both bounds", 3, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -1.3, -0.1), st__sample(dt, ST_SHAPE(2, 3), 0.05, 1.2));
  PUSH("non-contiguous, broadcast bounds", 3, st__sample_noncontig(dt, ST_SHAPE(3, 2), -2, 2),
       st__sample_broadcast(dt, ST_SHAPE(3, 2), -1.1, -0.2), st__sample(dt, ST_SHAPE(2), 0.1, 1.3));
  PUSH("size-0", 3, st__sample(dt, ST_SHAPE(0, 3), -2, 2), st__sample(dt, ST_SHAPE(3), -1, 0),
       st__sample(dt, ST_SHAPE(1, 3), 0, 1));
  PUSH("i64", 3, st__sample_index(ST_SHAPE(2, 3), 9), st__sample_index(ST_SHAPE(3), 4),
       st__sample_index(ST_SHAPE(2, 1), 7));
  FAIL("shapes do not broadcast", ST_ERR_SHAPE, 3, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2), -1, 0), st__sample(dt, ST_SHAPE(2, 3), 0, 1));
  a.tensor_bounds.has_max = false;
  PUSH("min only", 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -1.05, 0.95));
  PUSH("0-dim min", 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2), st__sample(dt, 0, NULL, 0.3, 0.4));
  a.tensor_bounds.has_min = false, a.tensor_bounds.has_max = true;
  PUSH("max only", 2, st__sample_broadcast(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 3), -0.95, 1.05));
  a.tensor_bounds.has_max = false;
  FAIL("no bound", ST_ERR_ARG, 1, st__sample(dt, ST_SHAPE(2, 3), -2, 2));
  return n;
}

ST_COMPOSITE_OP(clamp_tensor, ST_VARIADIC, 1, ST_OP_ALL_DTYPES);

st_tensor *st_clamp_tensor(st_tensor *a, st_tensor *min, st_tensor *max) {
  st_tensor *in[3] = {a};
  int nin = 1;
  if (min) in[nin++] = min;
  if (max) in[nin++] = max;
  st_opcall c = {.op = st__ops[ST_OP_clamp_tensor], .nin = nin, .in = in};
  c.a.tensor_bounds.has_min = min != NULL;
  c.a.tensor_bounds.has_max = max != NULL;
  return st__call1(&c);
}

int st_clamp_tensor_(st_tensor *self, st_tensor *min, st_tensor *max) {
  const char *fn = "st_clamp_tensor_";
  int64_t shape[ST_MAX_DIMS];
  st_dtype dt;
  if (!self) return st__null_arg(fn, 1), st__status();
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
