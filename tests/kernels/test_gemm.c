/* test_gemm.c — the GEMM kernel against a naive double reference: shapes around the register
   tiles and cache blocks, every stride layout, beta 0 and 1, f32 and f64, the BLAS, built-in
   (widest micro-kernel), AVX2 and portable paths, the AVX-512 kernels bitwise equal to the
   AVX2 ones, threads, degenerate sizes and packing-buffer allocation failure. */
#include <stdint.h>

#include "kernels/gemm.h"
#include "test.h"
#include "util.h"

/* Which entry point runs: the public one (BLAS when configured), the built-in GEMM (its widest
   micro-kernel), the built-in with the AVX2 kernels at most, or with the plain C ones. */
typedef enum { PATH_PUBLIC, PATH_BUILTIN, PATH_AVX2, PATH_PORTABLE } gemm_path;

static st_gemm_isa isa_of(gemm_path path) {
  return path == PATH_PORTABLE ? ST_GEMM_PORTABLE : path == PATH_AVX2 ? ST_GEMM_AVX2 : ST_GEMM_WIDEST;
}

/* A rows x cols operand layout: row-major, column-major, a sub-matrix of a wider row-major
   matrix, or strided both ways. */
typedef struct layout {
  int64_t rs, cs, size;
} layout;

static layout make_layout(int kind, int64_t rows, int64_t cols) {
  layout l = {cols, 1, 0};
  if (kind == 1) l = (layout){1, rows, 0};
  if (kind == 2) l = (layout){cols + 3, 1, 0};
  if (kind == 3) l = (layout){2, 2 * rows + 1, 0};
  l.size = rows && cols ? (rows - 1) * l.rs + (cols - 1) * l.cs + 1 : 1;
  return l;
}

static int run(gemm_path path, st_dtype dt, int64_t m, int64_t n, int64_t k, const void *A,
               layout la, const void *B, layout lb, int beta, void *C, layout lc) {
  if (dt == ST_F32) {
    if (path == PATH_PUBLIC)
      return st__k_gemm_f32(m, n, k, A, la.rs, la.cs, B, lb.rs, lb.cs, (float)beta, C, lc.rs,
                            lc.cs);
    return st__k_gemm_builtin_f32(isa_of(path), m, n, k, A, la.rs, la.cs, B, lb.rs, lb.cs,
                                  (float)beta, C, lc.rs, lc.cs);
  }
  if (path == PATH_PUBLIC)
    return st__k_gemm_f64(m, n, k, A, la.rs, la.cs, B, lb.rs, lb.cs, beta, C, lc.rs, lc.cs);
  return st__k_gemm_builtin_f64(isa_of(path), m, n, k, A, la.rs, la.cs, B, lb.rs, lb.cs,
                                beta, C, lc.rs, lc.cs);
}

static double get(st_dtype dt, const void *p, int64_t i) {
  return dt == ST_F32 ? (double)((const float *)p)[i] : ((const double *)p)[i];
}
static void put(st_dtype dt, void *p, int64_t i, double v) {
  if (dt == ST_F32)
    ((float *)p)[i] = (float)v;
  else
    ((double *)p)[i] = v;
}

/* Fills a buffer of n elements with values in [-1, 1). */
static void *random_buffer(st_dtype dt, int64_t n, unsigned seed) {
  double *v = malloc(sizeof(double) * (size_t)n);
  void *p = malloc(st_dtype_size(dt) * (size_t)n);
  tu_fill(v, n, -1, 1, seed);
  for (int64_t i = 0; i < n; i++) put(dt, p, i, v[i]);
  free(v);
  return p;
}

/* Runs one case and compares every element of C, and the gaps between them, with the naive
   double product; the error bound scales with sum |a||b| (Higham, "Accuracy and Stability of
   Numerical Algorithms", 3.5: |error| <= gamma_k |A||B|). Returns false after reporting. */
static bool check_case(const char *file, int line, gemm_path path, st_dtype dt, int64_t m,
                       int64_t n, int64_t k, int ka, int kb, int kc, int beta) {
  layout la = make_layout(ka, m, k), lb = make_layout(kb, k, n), lc = make_layout(kc, m, n);
  void *A = random_buffer(dt, la.size, 1), *B = random_buffer(dt, lb.size, 2),
       *C = random_buffer(dt, lc.size, 3);
  void *C0 = random_buffer(dt, lc.size, 3);
  const double sentinel = 12345.0;
  for (int64_t i = 0; i < lc.size; i++) put(dt, C, i, sentinel); /* gaps: must stay */
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++)
      put(dt, C, i * lc.rs + j * lc.cs, beta ? get(dt, C0, i * lc.rs + j * lc.cs) : NAN);
  int rc = run(path, dt, m, n, k, A, la, B, lb, beta, C, lc);
  double tol = dt == ST_F32 ? 1e-6 : 1e-14;
  bool ok = rc == 0;
  if (!ok) st_test_fail(file, line, "gemm returned %d", rc);
  for (int64_t i = 0; ok && i < m; i++)
    for (int64_t j = 0; ok && j < n; j++) {
      double want = beta ? get(dt, C0, i * lc.rs + j * lc.cs) : 0, mag = fabs(want);
      for (int64_t p = 0; p < k; p++) {
        double x = get(dt, A, i * la.rs + p * la.cs) * get(dt, B, p * lb.rs + j * lb.cs);
        want += x, mag += fabs(x);
      }
      double got = get(dt, C, i * lc.rs + j * lc.cs);
      if (!(fabs(got - want) <= tol * (double)(k + 2) * (mag + 1e-30))) {
        st_test_fail(file, line,
                     "%s path %d, %lldx%lldx%lld layouts %d%d%d beta %d: C[%lld, %lld] = %.9g, "
                     "expected %.9g",
                     st_dtype_name(dt), (int)path, (long long)m, (long long)n, (long long)k, ka, kb,
                     kc, beta, (long long)i, (long long)j, got, want);
        ok = false;
      }
    }
  int64_t written = 0;
  for (int64_t i = 0; i < lc.size; i++) written += get(dt, C, i) != sentinel;
  if (ok && written > m * n) {
    st_test_fail(file, line, "%lldx%lld C with layout %d: %lld elements written", (long long)m,
                 (long long)n, kc, (long long)written);
    ok = false;
  }
  free(A), free(B), free(C), free(C0);
  return ok;
}
#define CHECK_CASE(...) check_case(__FILE__, __LINE__, __VA_ARGS__)

/* Sizes on and around the 6x16 / 6x8 tiles and the 144/72 x 256 blocks, vectors, and k long. */
static const int64_t shapes[][3] = {
    {1, 1, 1},    {7, 13, 5},   {6, 16, 4},   {6, 8, 3},    {12, 32, 16}, {5, 17, 33},
    {1, 50, 20},  {50, 1, 20},  {1, 1, 40},   {23, 29, 31}, {40, 3, 70},  {3, 40, 70},
    {145, 33, 9}, {13, 9, 300}, {9, 11, 513}, {75, 21, 40}, {2, 2, 2},
};

static void check_all_layouts(gemm_path path, st_dtype dt) {
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (int ka = 0; ka < 4; ka++)
      for (int kb = 0; kb < 4; kb++)
        for (int kc = 0; kc < 4; kc++)
          for (int beta = 0; beta < 2; beta++)
            if (!CHECK_CASE(path, dt, shapes[s][0], shapes[s][1], shapes[s][2], ka, kb, kc, beta))
              return;
}

TEST(gemm_f32_matches_reference_in_every_layout) { check_all_layouts(PATH_PUBLIC, ST_F32); }
TEST(gemm_f64_matches_reference_in_every_layout) { check_all_layouts(PATH_PUBLIC, ST_F64); }
TEST(gemm_builtin_f32_matches_reference_in_every_layout) {
  check_all_layouts(PATH_BUILTIN, ST_F32);
}
TEST(gemm_builtin_f64_matches_reference_in_every_layout) {
  check_all_layouts(PATH_BUILTIN, ST_F64);
}
TEST(gemm_avx2_f32_matches_reference_in_every_layout) { check_all_layouts(PATH_AVX2, ST_F32); }
TEST(gemm_avx2_f64_matches_reference_in_every_layout) { check_all_layouts(PATH_AVX2, ST_F64); }

/* The widest micro-kernel (AVX-512 where the CPU has it) gives every element the FMA chain the
   AVX2 kernel gives it: the same bits, on shapes around both tiles (6 x 16 / 8 and 12 x 32 /
   16), the cache blocks, beta and C's layouts, in one thread and two. */
static void widest_equals_avx2(st_dtype dt, int64_t m, int64_t n, int64_t k, int ka, int kb,
                               int kc, int beta) {
  layout la = make_layout(ka, m, k), lb = make_layout(kb, k, n), lc = make_layout(kc, m, n);
  void *A = random_buffer(dt, la.size, 6), *B = random_buffer(dt, lb.size, 7);
  void *C1 = random_buffer(dt, lc.size, 8), *C2 = random_buffer(dt, lc.size, 8);
  CHECK_EQ_INT(run(PATH_BUILTIN, dt, m, n, k, A, la, B, lb, beta, C1, lc), 0);
  CHECK_EQ_INT(run(PATH_AVX2, dt, m, n, k, A, la, B, lb, beta, C2, lc), 0);
  if (memcmp(C1, C2, st_dtype_size(dt) * (size_t)lc.size))
    st_test_fail(__FILE__, __LINE__, "%s %lldx%lldx%lld layouts %d%d%d beta %d: the widest "
                 "kernel differs from AVX2", st_dtype_name(dt), (long long)m, (long long)n,
                 (long long)k, ka, kb, kc, beta);
  free(A), free(B), free(C1), free(C2);
}

TEST(gemm_widest_kernel_is_bitwise_the_avx2_kernel) {
  static const int64_t sizes[][3] = {{12, 32, 7},  {13, 33, 300}, {6, 16, 256},  {150, 70, 600},
                                     {2048, 32, 300}, {32, 300, 2048}, {25, 17, 513}, {7, 100, 9}};
  for (int threads = 1; threads <= (st_test_threads_usable() ? 2 : 1); threads++) {
    st_set_num_threads(threads);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
      for (int q = 0; q < 2; q++)
        widest_equals_avx2(q ? ST_F64 : ST_F32, sizes[s][0], sizes[s][1], sizes[s][2], (int)s % 4,
                           (int)(s + 1) % 4, (int)s % 3, q);
  }
  st_set_num_threads(0);
}

TEST(gemm_packs_transposed_operands_bitwise_as_the_avx2_kernel) {
  /* operands whose packed rows have unit stride (a column-major B, a row-major A packed),
     packed through register transposes of whole 16 x 16 (f64: 8 x 8) blocks and element by
     element at the edges: sizes around the blocks, with the transposed problem (64 x 128) */
  static const int64_t sizes[][5] = {{64, 128, 784, 0, 1}, {50, 300, 40, 0, 0},
                                     {50, 300, 40, 0, 1},  {37, 290, 17, 2, 1},
                                     {100, 48, 33, 1, 1},  {13, 257, 300, 0, 1},
                                     {200, 31, 15, 2, 1},  {9, 16, 16, 0, 1}};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int q = 0; q < 2; q++) {
      st_dtype dt = q ? ST_F64 : ST_F32;
      const int64_t *z = sizes[s];
      widest_equals_avx2(dt, z[0], z[1], z[2], (int)z[3], (int)z[4], 0, (int)s % 2);
      CHECK_CASE(PATH_BUILTIN, dt, z[0], z[1], z[2], (int)z[3], (int)z[4], 0, (int)s % 2);
    }
}

/* With an in-place micro-kernel (AVX-512, and AVX2 since Zen 3 spent a quarter of a product
   packing A), an operand read in place gives the bits its packed copy gives: the same product
   with A's rows 4 KiB apart (aliased in L1: A is packed) and a few elements further (A read in
   place), and with B row-major (read in place for at most two row tiles) and column-major
   (packed), column counts past full and partial panels, on both kernels. */
static void *strided_copy(st_dtype dt, const void *src, int64_t rows, int64_t cols, int64_t rs,
                          int64_t cs, int64_t size) {
  size_t es = st_dtype_size(dt);
  char *p = calloc((size_t)size, es);
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < cols; j++)
      memcpy(p + (size_t)(i * rs + j * cs) * es, (const char *)src + (size_t)(i * cols + j) * es,
             es);
  return p;
}

static void in_place_equals_packed(gemm_path path, st_dtype dt, int64_t m, int64_t n, int64_t k,
                                   bool vary_a) {
  int64_t es = (int64_t)st_dtype_size(dt), wide = 4096 / es;
  void *A = random_buffer(dt, m * k, 11), *B = random_buffer(dt, k * n, 12);
  void *C[2];
  for (int v = 0; v < 2; v++) {
    /* v = 0: the layout the kernel packs, v = 1: the one it reads in place */
    layout la = {k, 1, 0}, lb = {n, 1, 0}, lc = {n, 1, m * n};
    if (vary_a) la.rs = v ? wide + 6 : wide;
    else lb = v ? (layout){n, 1, 0} : (layout){1, k, 0};
    la.size = (m - 1) * la.rs + (k - 1) * la.cs + 1;
    lb.size = (k - 1) * lb.rs + (n - 1) * lb.cs + 1;
    void *a = strided_copy(dt, A, m, k, la.rs, la.cs, la.size);
    void *b = strided_copy(dt, B, k, n, lb.rs, lb.cs, lb.size);
    C[v] = calloc((size_t)(m * n), (size_t)es);
    CHECK_EQ_INT(run(path, dt, m, n, k, a, la, b, lb, 0, C[v], lc), 0);
    free(a), free(b);
  }
  if (memcmp(C[0], C[1], (size_t)(m * n * es)))
    st_test_fail(__FILE__, __LINE__, "%s path %d %lldx%lldx%lld: %s read in place differs from "
                 "its packed copy", st_dtype_name(dt), (int)path, (long long)m, (long long)n,
                 (long long)k, vary_a ? "A" : "B");
  free(A), free(B), free(C[0]), free(C[1]);
}

TEST(gemm_operands_read_in_place_give_the_packed_bits) {
  static const int64_t a_sizes[][3] = {{50, 40, 37}, {61, 100, 130}, {13, 120, 300}, {7, 33, 5}};
  static const int64_t b_sizes[][3] = {{12, 45, 33}, {5, 70, 300}, {24, 17, 9}, {2, 130, 40}};
  for (int p = 0; p < 2; p++)
    for (int q = 0; q < 2; q++)
      for (size_t s = 0; s < 4; s++) {
        gemm_path path = p ? PATH_AVX2 : PATH_BUILTIN;
        st_dtype dt = q ? ST_F64 : ST_F32;
        in_place_equals_packed(path, dt, a_sizes[s][0], a_sizes[s][1], a_sizes[s][2], true);
        in_place_equals_packed(path, dt, b_sizes[s][0], b_sizes[s][1], b_sizes[s][2], false);
      }
}

TEST(gemm_portable_f32_matches_reference) {
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    if (!CHECK_CASE(PATH_PORTABLE, ST_F32, shapes[s][0], shapes[s][1], shapes[s][2], s % 4,
                    (s + 1) % 4, s % 3, (int)s % 2))
      return;
}
TEST(gemm_portable_f64_matches_reference) {
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    if (!CHECK_CASE(PATH_PORTABLE, ST_F64, shapes[s][0], shapes[s][1], shapes[s][2], (s + 2) % 4,
                    s % 4, s % 3, (int)s % 2))
      return;
}

TEST(gemm_crosses_every_cache_block) { /* m > MC, k > KC (twice, uneven), n > 16 tiles */
  CHECK_CASE(PATH_PUBLIC, ST_F32, 150, 70, 600, 0, 0, 0, 1);
  CHECK_CASE(PATH_BUILTIN, ST_F32, 150, 70, 600, 1, 1, 1, 0);
  CHECK_CASE(PATH_BUILTIN, ST_F64, 150, 70, 600, 2, 0, 1, 1);
  CHECK_CASE(PATH_BUILTIN, ST_F64, 80, 33, 270, 0, 1, 0, 0);
  CHECK_CASE(PATH_BUILTIN, ST_F32, 30, 4100, 40, 0, 0, 0, 1); /* n > NC */
  CHECK_CASE(PATH_AVX2, ST_F64, 30, 4100, 40, 0, 1, 0, 0);
}

TEST(gemm_long_k_stays_accurate) {
  CHECK_CASE(PATH_BUILTIN, ST_F32, 8, 8, 5000, 0, 0, 0, 0);
  CHECK_CASE(PATH_BUILTIN, ST_F64, 7, 9, 5000, 1, 0, 0, 1);
  CHECK_CASE(PATH_PUBLIC, ST_F32, 1, 1, 5000, 0, 0, 0, 0);
}

TEST(gemm_zero_sizes) {
  for (int beta = 0; beta < 2; beta++) {
    CHECK_CASE(PATH_PUBLIC, ST_F32, 0, 5, 3, 0, 0, 0, beta);
    CHECK_CASE(PATH_PUBLIC, ST_F32, 5, 0, 3, 0, 0, 0, beta);
    CHECK_CASE(PATH_PUBLIC, ST_F64, 0, 0, 0, 0, 0, 0, beta);
    CHECK_CASE(PATH_PUBLIC, ST_F32, 4, 5, 0, 0, 0, 1, beta); /* k = 0: C = 0, or C unchanged */
    CHECK_CASE(PATH_BUILTIN, ST_F64, 40, 50, 0, 0, 0, 0, beta);
  }
}

TEST(gemm_beta_zero_ignores_nan_in_c) {
  float a[4] = {1, 2, 3, 4}, b[4] = {1, 0, 0, 1}, c[4] = {NAN, NAN, INFINITY, NAN};
  CHECK_EQ_INT(st__k_gemm_f32(2, 2, 2, a, 2, 1, b, 2, 1, 0, c, 2, 1), 0);
  CHECK(c[0] == 1 && c[1] == 2 && c[2] == 3 && c[3] == 4);
}

TEST(gemm_broadcast_operands_with_zero_strides) {
  double a[3] = {1, 2, 3}, b[3] = {4, 5, 6}, c[4 * 5];
  /* A: every row the same (row stride 0); B: every column the same (column stride 0). */
  CHECK_EQ_INT(st__k_gemm_f64(4, 5, 3, a, 0, 1, b, 1, 0, 0, c, 5, 1), 0);
  for (int i = 0; i < 20; i++) CHECK_NEAR(c[i], 32, 0);
  float af[3] = {1, 2, 3}, bf[3] = {4, 5, 6}, cf[40 * 50];
  CHECK_EQ_INT(st__k_gemm_f32(40, 50, 3, af, 0, 1, bf, 1, 0, 0, cf, 50, 1), 0);
  for (int i = 0; i < 40 * 50; i++) CHECK_NEAR(cf[i], 32, 0);
}

/* Same blocking whatever the thread count, so results are bitwise equal. */
static void same_result_with_threads(int64_t m, int64_t n, int64_t k, int ka, int kb) {
  layout la = make_layout(ka, m, k), lb = make_layout(kb, k, n), lc = make_layout(0, m, n);
  float *A = random_buffer(ST_F32, la.size, 4), *B = random_buffer(ST_F32, lb.size, 5);
  float *C1 = malloc(sizeof(float) * (size_t)lc.size),
        *C2 = malloc(sizeof(float) * (size_t)lc.size);
  st_set_num_threads(1);
  CHECK_EQ_INT(
      st__k_gemm_builtin_f32(ST_GEMM_WIDEST, m, n, k, A, la.rs, la.cs, B, lb.rs, lb.cs, 0, C1, lc.rs, lc.cs),
      0);
  st_set_num_threads(st_test_threads_usable() ? 2 : 1); /* a sweep's forked child: one */
  CHECK_EQ_INT(
      st__k_gemm_builtin_f32(ST_GEMM_WIDEST, m, n, k, A, la.rs, la.cs, B, lb.rs, lb.cs, 0, C2, lc.rs, lc.cs),
      0);
  st_set_num_threads(0);
  CHECK(memcmp(C1, C2, sizeof(float) * (size_t)lc.size) == 0);
  free(A), free(B), free(C1), free(C2);
}

TEST(gemm_threads_give_bitwise_equal_results) {
  same_result_with_threads(130, 140, 150, 0, 0);
  same_result_with_threads(150, 20, 600, 1, 0);
  same_result_with_threads(2000, 1, 700, 1, 0); /* matrix-vector, column-major A */
  same_result_with_threads(1, 2000, 700, 0, 0);
  CHECK_CASE(PATH_PUBLIC, ST_F64, 110, 120, 130, 0, 1, 0, 1); /* above the threading threshold */
}

TEST(gemm_packing_buffer_oom_leaves_c_unchanged) {
  for (int64_t n = 1; n <= 3; n++) {
    float a[64 * 64] = {0}, b[64 * 64] = {0}, c[64 * 64];
    for (int i = 0; i < 64 * 64; i++) a[i] = b[i] = 1, c[i] = 7;
    st_debug_fail_alloc_after(n);
    int rc = st__k_gemm_builtin_f32(ST_GEMM_WIDEST, 64, 64, 64, a, 64, 1, b, 64, 1, 1, c, 64, 1);
    st_debug_fail_alloc_after(0);
    if (rc) {
      CHECK_EQ_INT(rc, ST_ERR_OOM);
      CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);
      CHECK(c[0] == 7 && c[64 * 64 - 1] == 7);
    } else {
      CHECK(c[0] == 71 && c[64 * 64 - 1] == 71);
    }
    st_clear_error();
  }
}

/* At most four columns with A's rows contiguous: dot products, each column bitwise the
   matrix-vector product by that column of B, on either path and thread count; a failed
   allocation of the copied columns leaves C as it was. */
TEST(gemm_few_columns_are_matrix_vector_products) {
  int saved = st_get_num_threads();
  static const int64_t sizes[][3] = {{600, 2, 130}, {6000, 2, 128}, {1000, 3, 128}, {31, 4, 17},
                                     {300, 4, 9},   {7, 2, 300}};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    int64_t m = sizes[s][0], n = sizes[s][1], k = sizes[s][2];
    for (int kb = 0; kb < 4; kb++) {
      CHECK_CASE(PATH_BUILTIN, ST_F32, m, n, k, 0, kb, s % 2 ? 2 : 0, kb % 2);
      CHECK_CASE(PATH_PORTABLE, ST_F64, m, n, k, 2, kb, 0, (kb + 1) % 2);
    }
    layout lb = make_layout(1, k, n);
    float *A = random_buffer(ST_F32, m * k, 6), *B = random_buffer(ST_F32, lb.size, 7);
    float *C = malloc(sizeof(float) * (size_t)(m * n)), *y = malloc(sizeof(float) * (size_t)m);
    for (int threads = 1; threads <= (st_test_threads_usable() ? 2 : 1); threads++) {
      st_set_num_threads(threads);
      CHECK_EQ_INT(st__k_gemm_f32(m, n, k, A, k, 1, B, lb.rs, lb.cs, 0, C, n, 1), 0);
      for (int64_t j = 0; j < n; j++) {
        CHECK_EQ_INT(st__k_gemm_f32(m, 1, k, A, k, 1, B + j * lb.cs, lb.rs, 1, 0, y, 1, 1), 0);
        bool same = true;
        for (int64_t i = 0; i < m; i++) same = same && C[i * n + j] == y[i];
        CHECK(same);
      }
    }
    st_set_num_threads(saved);
    free(A), free(B), free(C), free(y);
  }
  float a[64 * 16], b[16 * 3], c[64 * 3];
  for (int i = 0; i < 64 * 16; i++) a[i] = 1;
  for (int i = 0; i < 64 * 3; i++) c[i] = 7;
  for (int i = 0; i < 16 * 3; i++) b[i] = 1;
  st_debug_fail_alloc_after(1);
  int rc = st__k_gemm_builtin_f32(ST_GEMM_WIDEST, 64, 3, 16, a, 16, 1, b, 3, 1, 1, c, 3, 1);
  st_debug_fail_alloc_after(0);
  CHECK_EQ_INT(rc, ST_ERR_OOM);
  CHECK(c[0] == 7 && c[64 * 3 - 1] == 7);
  st_clear_error();
}

TEST(gemm_i64_wraps_and_accumulates) {
  int64_t a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 0, 1, 1, 1}, c[4] = {10, 10, 10, 10};
  st__k_gemm_i64(2, 2, 3, a, 3, 1, b, 2, 1, 1, c, 2,
                 1); /* [[1,2,3],[4,5,6]] @ [[1,0],[0,1],[1,1]] */
  CHECK(c[0] == 14 && c[1] == 15 && c[2] == 20 && c[3] == 21);
  int64_t big[1] = {INT64_MAX}, two[1] = {2}, out[1];
  st__k_gemm_i64(1, 1, 1, big, 1, 1, two, 1, 1, 0, out, 1, 1);
  CHECK_EQ_INT(out[0], -2);
}
