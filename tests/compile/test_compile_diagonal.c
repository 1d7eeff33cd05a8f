/* test_compile_diagonal.c — st_compile's products with an identity basis (src/compile/diagonal.c):
   jacrev and jacfwd of elementwise functions of linear maps, whose basis GEMMs become one
   diag_mm node, against eager bit for bit: the identity itself (jacfwd; jacrev of a linear map),
   the derivatives that take the identity as their gradient (tanh, sigmoid, relu) and a product
   with a constant, on the right and the left of the product, f32 and f64, sizes around the
   GEMM's tiles; weights with inf and NaN (the GEMM's NaNs, exactly), a constant with inf, and
   negative zeros (the GEMM's +0). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../test.h"
#include "../util.h"

typedef struct {
  st_tensor *w; /* [m, n] */
  st_tensor *s; /* [m]: act 3's constant factor */
  int act;      /* 0 none, 1 tanh, 2 sigmoid, 3 times s, 4 relu */
  bool row;     /* x @ W^T as a row vector times a matrix (the identity on the product's left) */
} lin;

static int f_lin(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const lin *l = ctx;
  st_tensor *y = l->row ? st_matmul(in[0], st_transpose(l->w, 0, 1)) : st_matmul(l->w, in[0]);
  switch (l->act) {
  case 1: y = st_tanh(y); break;
  case 2: y = st_sigmoid(y); break;
  case 3: y = st_mul(y, l->s); break;
  case 4: y = st_relu(y); break;
  default: break;
  }
  out[0] = y;
  return y ? 0 : -1;
}

static bool printed_has(st_func *c, const char *what) {
  char buf[8192];
  return strstr(tu_compile_printed(c, buf, sizeof buf), what) != NULL;
}

/* jacrev (mode 0) or jacfwd (1) of f_lin at x under `levels` vmaps (x [batch..., n]),
   compiled and eager: the same bits twice, and whether the compiled graph took diag_mm. */
static bool check_at(lin *l, st_tensor *x, int mode, int levels) {
  st_func *fs[4] = {st_func_new(f_lin, l, 1, 1)};
  fs[1] = mode ? st_jacfwd(fs[0], 0) : st_jacrev(fs[0], 0);
  for (int k = 0; k < levels; k++) fs[2 + k] = st_vmap(fs[1 + k], NULL, NULL);
  st_func *w = fs[1 + levels], *c = st_compile(w, &(st_compile_opts){.fullgraph = true});
  st_tensor *e = NULL, *r = NULL;
  for (int call = 0; call < 2; call++) {
    CHECK(st_call(w, &x, &e) == 0 && st_call(c, &x, &r) == 0);
    CHECK(tu_same_bits(r, e));
  }
  bool took = printed_has(c, "diag_mm");
  st_func_release(c);
  for (int k = 1 + levels; k >= 0; k--) st_func_release(fs[k]);
  return took;
}

static bool check(lin *l, st_tensor *x, int mode) { return check_at(l, x, mode, 0); }

TEST(compile_jacobians_multiply_by_their_basis_as_a_scaling) {
  const st_dtype dts[] = {ST_F32, ST_F64};
  const int64_t sizes[][2] = {{2, 2}, {16, 16}, {70, 7}, {5, 80}, {300, 13}, {64, 64}};
  for (int q = 0; q < 2; q++)
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
      for (int act = 0; act < 5; act++)
        for (int row = 0; row < 2; row++)
          for (int mode = 0; mode < 2; mode++) {
            st_scope_push();
            int64_t m = sizes[z][0], n = sizes[z][1];
            lin l = {st_randn(dts[q], ST_SHAPE(m, n)), st_randn(dts[q], ST_SHAPE(m)), act, row};
            st_tensor *x = st_randn(dts[q], ST_SHAPE(n));
            bool took = check(&l, x, mode);
            /* jacrev's cotangents I * f' and jacfwd's tangents I into the weights: diag_mm,
               for a basis of at least 64 (below, the GEMM costs no more) */
            int64_t basis = mode ? n : m;
            if (!row || mode) CHECK(took == (basis >= 64));
            st_scope_pop();
          }
}

TEST(compile_basis_products_keep_the_gemms_nans_and_zeros) {
  for (int q = 0; q < 2; q++) {
    st_dtype dt = q ? ST_F64 : ST_F32;
    for (int mode = 0; mode < 2; mode++)
      for (int act = 0; act < 5; act++) {
        st_scope_push();
        int64_t m = 90, n = 66;
        double w[90 * 66];
        for (int i = 0; i < m * n; i++) w[i] = (double)((i * 7) % 11) - 5.0;
        w[3] = INFINITY; /* row 0 */
        w[140] = NAN;    /* row 2 */
        w[200] = -0.0;   /* negative zeros: the GEMM gives +0 */
        w[3300] = -INFINITY;
        double sv[90];
        for (int i = 0; i < 90; i++) sv[i] = (double)(i % 7) - 3.0;
        sv[2] = INFINITY, sv[5] = -0.0, sv[6] = NAN;
        lin l = {st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m, n), w), dt),
                 st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m), sv), dt), act, false};
        st_tensor *x = st_to_dtype(st_arange(ST_F64, -1, 1, 1.0 / 33), dt); /* 66 */
        CHECK(check(&l, x, mode)); /* through diag_mm, whose GEMM gives the NaNs */
        /* finite weights with negative zeros and a finite constant: the fast path's +0 */
        for (int i = 0; i < m * n; i++)
          if (!isfinite(w[i])) w[i] = -0.0;
        sv[2] = sv[6] = -0.0;
        l.w = st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m, n), w), dt);
        l.s = st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m), sv), dt);
        CHECK(check(&l, x, mode));
        st_scope_pop();
      }
  }
}

/* sum over rows of (eye sliced to its first columns) @ A: a slice of the identity is no
   identity, and the product stays a GEMM */
static int f_sliced_eye(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *e = st_slice(st_eye(ST_F32, 8, 8), 1, 0, 5, 1); /* [8, 5] */
  out[0] = st_matmul(st_transpose(e, 0, 1), in[0]);          /* [5, 8] @ [8, 3] */
  return out[0] ? 0 : -1;
}

TEST(compile_leaves_products_with_what_is_not_an_identity) {
  st_scope_push();
  st_tensor *a = st_randn(ST_F32, ST_SHAPE(8, 3)), *e = NULL, *r = NULL;
  st_func *f = st_func_new(f_sliced_eye, NULL, 1, 1), *c = st_compile(f, NULL);
  CHECK(st_call(f, &a, &e) == 0 && st_call(c, &a, &r) == 0 && st_call(c, &a, &r) == 0);
  CHECK(tu_same_bits(r, e));
  CHECK(!printed_has(c, "diag_mm"));
  TU_RELEASE(c, f);
  st_scope_pop();
}

TEST(compile_vmapped_jacobians_scale_by_their_blocks) {
  /* vmap(jacrev)'s cotangents are one diagonal block per input, f'(y_b) I, read by the GEMM
     with W as the blocks side by side: diag_mm scales W's columns block by block */
  const st_dtype dts[] = {ST_F32, ST_F64};
  const int64_t sizes[][3] = {{20, 12, 7}, {16, 16, 128}, {3, 5, 40}, {70, 9, 3}, {1, 4, 64}};
  for (int q = 0; q < 2; q++)
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
      for (int act = 0; act < 5; act++)
        for (int row = 0; row < 2; row++)
          for (int mode = 0; mode < 2; mode++) {
            st_scope_push();
            int64_t m = sizes[z][0], n = sizes[z][1], B = sizes[z][2];
            lin l = {st_randn(dts[q], ST_SHAPE(m, n)), st_randn(dts[q], ST_SHAPE(m)), act, row};
            st_tensor *x = st_randn(dts[q], ST_SHAPE(B, n));
            bool took = check_at(&l, x, mode, 1);
            /* jacrev's blocks f'(y_b) I; its unbatched I (act 0) and I s (act 3), and jacfwd's
               I, a GEMM below 64; an outer product (m = 1) stays one */
            if (mode == 0 && act != 0 && act != 3)
              CHECK(took == (m >= 2 && B * m >= 64));
            else if (mode == 0)
              CHECK(took == (m >= 64));
            else
              CHECK(!took);
            st_scope_pop();
          }
}

TEST(compile_vmapped_blocks_keep_the_gemms_nans_and_zeros) {
  for (int q = 0; q < 2; q++) {
    st_dtype dt = q ? ST_F64 : ST_F32;
    for (int act = 1; act < 5; act++)
      for (int row = 0; row < 2; row++) {
        st_scope_push();
        int64_t m = 12, n = 10, B = 9;
        double w[12 * 10], sv[12], xv[9 * 10];
        for (int i = 0; i < m * n; i++) w[i] = (double)((i * 7) % 11) - 5.0;
        for (int i = 0; i < m; i++) sv[i] = (double)(i % 7) - 3.0;
        for (int i = 0; i < B * n; i++) xv[i] = (double)((i * 5) % 9) / 4.0 - 1.0;
        w[3] = INFINITY, w[40] = NAN, w[61] = -0.0, sv[2] = INFINITY, sv[5] = -0.0;
        xv[17] = NAN; /* input 1's derivatives: NaN */
        lin l = {st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m, n), w), dt),
                 st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m), sv), dt), act, row};
        st_tensor *x = st_to_dtype(st_from_data(ST_F64, ST_SHAPE(B, n), xv), dt);
        CHECK(check_at(&l, x, 0, 1) == (act != 3)); /* through diag_mm's GEMM */
        for (int i = 0; i < m * n; i++) /* finite, with negative zeros: the fast path's +0 */
          if (!isfinite(w[i])) w[i] = -0.0;
        sv[2] = -0.0, xv[17] = 0.5;
        l.w = st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m, n), w), dt);
        l.s = st_to_dtype(st_from_data(ST_F64, ST_SHAPE(m), sv), dt);
        x = st_to_dtype(st_from_data(ST_F64, ST_SHAPE(B, n), xv), dt);
        CHECK(check_at(&l, x, 0, 1) == (act != 3));
        st_scope_pop();
      }
  }
}

TEST(compile_vmapped_twice_jacobians_scale_by_their_blocks) {
  /* two batch dims: the blocks are F's [4, 5] leading dims, u's too */
  for (int act = 1; act < 5; act++)
    for (int mode = 0; mode < 2; mode++) {
      st_scope_push();
      lin l = {st_randn(ST_F64, ST_SHAPE(8, 6)), st_randn(ST_F64, ST_SHAPE(8)), act, false};
      st_tensor *x = st_randn(ST_F64, ST_SHAPE(4, 5, 6));
      bool took = check_at(&l, x, mode, 2);
      if (mode == 0) CHECK(took == (act != 3)); /* act 3: the unbatched I s */
      /* a NaN input in block [2, 3]: every block through the GEMM */
      double *xv = st_numel(x) == 4 * 5 * 6 ? tu_values(x) : NULL; /* x NULL: out of memory */
      if (!xv) {
        st_scope_pop();
        continue;
      }
      xv[(2 * 5 + 3) * 6 + 1] = NAN;
      x = st_from_data(ST_F64, ST_SHAPE(4, 5, 6), xv);
      free(xv);
      CHECK(check_at(&l, x, mode, 2) == took);
      st_scope_pop();
    }
}
