/* test_dtypes.c — the storage-only dtypes (f16, bf16, i32, i16, i8, u8) against PyTorch
   (dtypes_expected.h, written by gen_dtypes.py): promotion, conversions (values and the f16 and
   bf16 bits), elementwise ops computed in the wide dtype, a gradient through f16, printing,
   safetensors round trips, and the clean refusal of the ops that do not take them. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include "test.h"
#include "util.h"

#include "dtypes_expected.h"

static const st_dtype ALL[10] = {ST_F32, ST_F64, ST_I64, ST_BOOL, ST_F16,
                                 ST_BF16, ST_I32, ST_I16, ST_I8, ST_U8};

static bool same(double got, double want, double tol) {
  if (isnan(want) || isnan(got)) return isnan(want) && isnan(got);
  if (got == want) return got != 0 || signbit(got) == signbit(want);
  return !isinf(want) && !isinf(got) && fabs(got - want) <= tol * fabs(want);
}

static void check_values(const char *what, const st_tensor *t, st_dtype dt, const double *want,
                         int64_t n, double tol) {
  if (!t) {
    st_test_fail(__FILE__, __LINE__, "%s: failed [%s]", what, st_last_error());
    return;
  }
  if (st_dtype_of(t) != dt) {
    st_test_fail(__FILE__, __LINE__, "%s: dtype %s, torch gives %s", what,
                 st_dtype_name(st_dtype_of(t)), st_dtype_name(dt));
    return;
  }
  for (int64_t i = 0; i < n; i++) {
    double got = st__get_f64(t, i);
    if (!same(got, want[i], tol)) {
      st_test_fail(__FILE__, __LINE__, "%s: element %lld is %.17g, torch gives %.17g", what,
                   (long long)i, got, want[i]);
      return;
    }
  }
}

TEST(dtypes_names_sizes_and_promotion_match_torch) {
  static const char *const names[10] = {"f32", "f64", "i64", "bool", "f16",
                                        "bf16", "i32", "i16", "i8", "u8"};
  static const size_t sizes[10] = {4, 8, 8, 1, 2, 2, 4, 2, 1, 1};
  for (int a = 0; a < 10; a++) {
    CHECK(!strcmp(st_dtype_name(ALL[a]), names[a]));
    CHECK_EQ_INT(st_dtype_size(ALL[a]), sizes[a]);
    for (int b = 0; b < 10; b++)
      if (st_promote_types(ALL[a], ALL[b]) != dx_promote[a][b])
        st_test_fail(__FILE__, __LINE__, "promote(%s, %s) = %s, torch gives %s", names[a],
                     names[b], st_dtype_name(st_promote_types(ALL[a], ALL[b])),
                     st_dtype_name(dx_promote[a][b]));
  }
  CHECK(!strcmp(st_dtype_name((st_dtype)10), "?"));
  CHECK_EQ_INT(st_dtype_size((st_dtype)10), 0);
}

/* Every conversion, from contiguous and from strided sources, value by value and, for f16 and
   bf16, bit by bit (but NaN's payload: torch's f32 to bf16 gives 0xffff, its f64 path 0x7fc0). */
TEST(dtypes_conversions_match_torch) {
  for (size_t k = 0; k < sizeof dx_convs / sizeof dx_convs[0]; k++) {
    const dx_conv *c = &dx_convs[k];
    st_scope_push();
    int64_t n = c->from == ST_I64 ? DX_NINTS : DX_NFLOATS;
    st_tensor *x;
    if (c->from == ST_I64)
      x = st_from_data(ST_I64, 1, (const int64_t[]){n}, dx_ints);
    else
      x = tu_tensor(c->from, 1, (const int64_t[]){n}, dx_floats);
    char what[64];
    snprintf(what, sizeof what, "%s to %s", st_dtype_name(c->from), st_dtype_name(c->to));
    st_tensor *y = st_to_dtype(x, c->to);
    check_values(what, y, c->to, c->v, n, 0);
    if (y && (c->to == ST_F16 || c->to == ST_BF16)) {
      const uint16_t *b = (const uint16_t *)st__data(y);
      for (int64_t i = 0; i < n; i++)
        if (b[i] != c->bits[i] && !isnan(c->v[i])) { /* a NaN's payload is not torch's contract */
          st_test_fail(__FILE__, __LINE__, "%s: element %lld has bits 0x%04x, torch 0x%04x", what,
                       (long long)i, b[i], c->bits[i]);
          break;
        }
    }
    /* the same through a strided source and st_copy_ into an existing tensor */
    st_tensor *col = st_select(st_stack(2, (st_tensor *[]){x, x}, 1), 1, 1); /* stride 2 */
    st_tensor *dst = st_zeros(c->to, 1, (const int64_t[]){n});
    CHECK(col && dst && st_copy_(dst, col) == 0);
    check_values(what, dst, c->to, c->v, n, 0);
    st_scope_pop();
  }
}

typedef st_tensor *(*bin_fn)(st_tensor *, st_tensor *);
typedef st_tensor *(*un_fn)(st_tensor *);

static bin_fn binary(const char *op) {
  return !strcmp(op, "add") ? st_add : !strcmp(op, "mul") ? st_mul : !strcmp(op, "sub") ? st_sub
       : !strcmp(op, "div") ? st_div : !strcmp(op, "maximum") ? st_maximum : !strcmp(op, "lt") ? st_lt
       : NULL;
}

static un_fn unary(const char *op) {
  return !strcmp(op, "neg") ? st_neg : !strcmp(op, "abs") ? st_abs : !strcmp(op, "square") ? st_square
       : !strcmp(op, "sin") ? st_sin : !strcmp(op, "exp") ? st_exp : !strcmp(op, "sigmoid") ? st_sigmoid
       : NULL;
}

/* f16 results within one f16 ulp of torch's, bf16 within one bf16 ulp (both compute in f32
   and round once; a transcendental's f32 value may sit on the other side of a rounding point). */
static double tolerance(st_dtype dt) {
  return dt == ST_F16 ? 1e-3 : dt == ST_BF16 ? 8e-3 : dt == ST_F32 ? 1e-6 : 0;
}

TEST(dtypes_elementwise_ops_match_torch) {
  for (size_t k = 0; k < sizeof dx_ops / sizeof dx_ops[0]; k++) {
    const dx_op *c = &dx_ops[k];
    st_scope_push();
    const int64_t n[1] = {6};
    st_tensor *a = st_to_dtype(tu_tensor(ST_F64, 1, n, c->a), c->adt), *r;
    if (c->binary) {
      st_tensor *b = st_to_dtype(tu_tensor(ST_F64, 1, n, c->b), c->bdt);
      r = binary(c->op)(a, b);
    } else {
      r = unary(c->op)(a);
    }
    char what[64];
    snprintf(what, sizeof what, "st_%s of %s%s%s", c->op, st_dtype_name(c->adt),
             c->binary ? " and " : "", c->binary ? st_dtype_name(c->bdt) : "");
    check_values(what, r, c->rdt, c->r, 6, tolerance(c->rdt));
    st_scope_pop();
  }
}

TEST(dtypes_inplace_writes_round_into_self) {
  st_scope_push();
  st_tensor *u = st_to_dtype(tu_tensor(ST_F64, 1, (const int64_t[]){3}, (const double[]){250, 3, 0}), ST_U8);
  CHECK(st_add_scalar_(u, 10) == 0); /* wraps: 260 is 4 in u8 */
  check_values("u8 add_scalar_", u, ST_U8, (const double[]){4, 13, 10}, 3, 0);
  CHECK_FAILS(st_add_scalar_(u, 0.5) != 0, ST_ERR_DTYPE, "cannot be cast");
  check_values("u8 after a refused write", u, ST_U8, (const double[]){4, 13, 10}, 3, 0);
  st_tensor *h = st_full(ST_F16, 1, (const int64_t[]){2}, 1.0);
  CHECK(st_mul_scalar_(h, 1.0 / 3) == 0); /* rounded once to f16 */
  check_values("f16 mul_scalar_", h, ST_F16, (const double[]){0.333251953125, 0.333251953125}, 2, 0);
  CHECK(st_sin_(h) == 0);
  CHECK_FAILS(st_full(ST_U8, 1, (const int64_t[]){2}, 256) == NULL, ST_ERR_ARG, "without overflow");
  CHECK_FAILS(st_full(ST_F16, 1, (const int64_t[]){2}, 1e5) == NULL, ST_ERR_ARG, "without overflow");
  CHECK(st_full(ST_F16, 1, (const int64_t[]){2}, INFINITY) != NULL);
  st_scope_pop();
}

/* y = sin(x) * x + x^2 in f16, backward with ones: x.grad in f16 as torch computes it. */
TEST(dtypes_gradient_flows_through_f16) {
  st_scope_push();
  st_tensor *x = st_to_dtype(tu_tensor(ST_F64, 1, (const int64_t[]){4}, dx_grad_x), ST_F16);
  CHECK(st_set_requires_grad(x, true) == 0);
  st_tensor *y = st_add(st_mul(st_sin(x), x), st_square(x));
  check_values("f16 y", y, ST_F16, dx_grad_y, 4, 1e-3);
  CHECK(y && st_backward(y, st_ones_like(y), false, false) == 0);
  check_values("f16 x.grad", st_grad_of(x), ST_F16, dx_grad, 4, 2e-3);
  st_scope_pop();
}

/* Ops whose kernels compute f32, f64, i64 and bool run on the wide dtype and round back (sum of
   f16 is f16, of u8 i64; amax of u8 is u8; matmul of f16 is f16), as torch computes them. */
TEST(dtypes_other_ops_compute_through_the_wide_dtype) {
  for (size_t k = 0; k < sizeof dx_wides / sizeof dx_wides[0]; k++) {
    const dx_wide *c = &dx_wides[k];
    st_scope_push();
    st_tensor *x = st_to_dtype(tu_tensor(ST_F64, 2, (const int64_t[]){2, 3}, c->x), c->dt);
    st_tensor *y = c->ys[0] ? st_to_dtype(tu_tensor(ST_F64, 2, c->ys, c->y), c->dt) : NULL;
    st_tensor *r = NULL;
    if (!strcmp(c->op, "matmul")) r = st_matmul(x, y);
    else if (!strcmp(c->op, "sum_all")) r = st_sum_all(x);
    else if (!strcmp(c->op, "mean_all")) r = st_mean_all(x);
    else if (!strcmp(c->op, "amax_all")) r = st_amax_all(x);
    else if (!strcmp(c->op, "cumsum1")) r = st_cumsum(x, 1);
    else if (!strcmp(c->op, "argmax_all")) r = st_argmax_all(x);
    else if (!strncmp(c->op, "topk2_", 6)) {
      st_tensor *idx = NULL, *v = st_topk(x, 2, 1, true, true, &idx);
      r = c->op[6] == 'v' ? v : idx;
    }
    else if (!strcmp(c->op, "softmax1")) r = st_softmax(x, 1);
    else if (!strcmp(c->op, "cat0")) r = st_cat(2, (st_tensor *[]){x, y}, 0);
    else if (!strcmp(c->op, "index_select1"))
      r = st_index_select(x, 1, st_from_data(ST_I64, 1, (const int64_t[]){2}, (const int64_t[]){2, 0}));
    char what[64];
    snprintf(what, sizeof what, "st_%s of %s", c->op, st_dtype_name(c->dt));
    check_values(what, r, c->rdt, c->r, c->rnd, tolerance(c->rdt));
    st_scope_pop();
  }
}

/* The wide path under autograd: the gradient of sum(x @ w) in f16 is f16. Factories too. */
TEST(dtypes_wide_ops_differentiate_and_create) {
  st_scope_push();
  st_tensor *x = st_ones(ST_F16, 2, (const int64_t[]){2, 3});
  st_tensor *w = st_full(ST_F16, 2, (const int64_t[]){3, 2}, 0.5);
  CHECK(st_set_requires_grad(x, true) == 0);
  CHECK(st_backward(st_sum_all(st_matmul(x, w)), NULL, false, false) == 0);
  check_values("f16 grad of sum(x @ w)", st_grad_of(x), ST_F16, (const double[]){1, 1, 1, 1, 1, 1}, 6, 0);
  st_tensor *r = st_rand(ST_BF16, 1, (const int64_t[]){4});
  CHECK(r && st_dtype_of(r) == ST_BF16);
  st_tensor *v = st_transpose(x, 0, 1);
  CHECK(v && st_dtype_of(v) == ST_F16);
  st_tensor *c = st_contiguous(v);
  CHECK(c && st_dtype_of(c) == ST_F16 && st_is_contiguous(c));
  st_scope_pop();
}

TEST(dtypes_print_like_torch) {
  st_scope_push();
  char buf[256] = {0};
  FILE *f = fmemopen(buf, sizeof buf, "w");
  st_tensor *u = st_to_dtype(tu_tensor(ST_F64, 1, (const int64_t[]){3}, (const double[]){1, 255, 7}), ST_U8);
  CHECK(f != NULL);
  if (f) {
    st_print(u, f);
    fclose(f);
  }
  CHECK(strstr(buf, "tensor([  1, 255,   7], dtype=u8)") != NULL);
  st_scope_pop();
}

TEST(dtypes_safetensors_round_trip) {
  st_scope_push();
  char path[] = "/tmp/strata_dtypes_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd >= 0) close(fd);
  st_dict *d = st_dict_new();
  const double vals[4] = {1.5, -2, 65504, 0.1};
  for (int k = 0; k < 10; k++)
    CHECK(st_dict_set(d, st_dtype_name(ALL[k]),
                      st_to_dtype(tu_tensor(ST_F64, 1, (const int64_t[]){4}, vals), ALL[k])) == 0);
  CHECK(st_save(path, d) == 0);
  st_dict *e = st_load(path);
  CHECK(e != NULL);
  for (int k = 0; e && k < 10; k++) {
    st_tensor *a = st_dict_get(d, st_dtype_name(ALL[k])), *b = st_dict_get(e, st_dtype_name(ALL[k]));
    CHECK(b && st_dtype_of(b) == ALL[k]);
    if (a && b) CHECK(!memcmp(st__data(a), st__data(b), 4 * st_dtype_size(ALL[k])));
  }
  st_dict_free(d);
  st_dict_free(e);
  unlink(path);
  st_scope_pop();
}
