/* test_iter.c — the strided broadcasting iterator: broadcast strides, dim ordering and
   coalescing, ranges that split rows, parallel runs, and st__ew_run's dtype staging and overlap
   handling. */
#include "core/core.h"
#include "kernels/iter.h"
#include "test.h"
#include "util.h"

static st_view view_of(const st_tensor *t) { return st__view_of(t); }

/* A view of t's storage with the given shape, strides and offset: a transpose, a row, ... */
static st_tensor *strided(st_tensor *t, int nd, const int64_t *shape, const int64_t *strides,
                          int64_t offset) {
  return st__track(st__tensor_view(t->storage, t->dtype, nd, shape, strides, offset));
}

/* A loop that records, for each element, operand 1's element offset at output offset k:
   out[k] = offset of the input element (in elements from the input's base). */
typedef struct {
  const char *in_base;
  int64_t in_elsize;
} offsets_ctx;

static void record_offsets(char *const *d, const int64_t *s, int64_t n, const void *ctx) {
  const offsets_ctx *c = ctx;
  for (int64_t i = 0; i < n; i++) {
    int64_t off = (int64_t)(d[1] + i * s[1] * c->in_elsize - c->in_base) / c->in_elsize;
    ((int64_t *)d[0])[i * s[0]] = off;
  }
}

/* out[i] = in[i] + 1 on i64, as a plain unary loop. */
static void add_one(char *const *d, const int64_t *s, int64_t n, const void *ctx) {
  (void)ctx;
  int64_t *y = (int64_t *)d[0];
  const int64_t *x = (const int64_t *)d[1];
  for (int64_t i = 0; i < n; i++) y[i * s[0]] = x[i * s[1]] + 1;
}

/* out = a + b on f64. */
static void add_f64(char *const *d, const int64_t *s, int64_t n, const void *ctx) {
  (void)ctx;
  double *y = (double *)d[0];
  const double *a = (const double *)d[1], *b = (const double *)d[2];
  for (int64_t i = 0; i < n; i++) y[i * s[0]] = a[i * s[1]] + b[i * s[2]];
}

TEST(iter_coalesces_contiguous_operands_into_one_dim) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(2, 3, 4)), *b = st_zeros(ST_F64, ST_SHAPE(2, 3, 4));
  st_iter it;
  st__iter_init(&it, 2, (st_view[]){view_of(a), view_of(b)});
  CHECK_EQ_INT(it.ndim, 1);
  CHECK_EQ_INT(it.shape[0], 24);
  CHECK_EQ_INT(it.strides[0][0], 1);
  CHECK_EQ_INT(it.strides[1][0], 1);
  CHECK_EQ_INT(it.numel, 24);
  CHECK_EQ_INT(it.elsize[0], 4);
  CHECK_EQ_INT(it.elsize[1], 8);
}

TEST(iter_gives_broadcast_operands_zero_strides) {
  st_tensor *out = st_zeros(ST_F32, ST_SHAPE(5, 7)), *row = st_zeros(ST_F32, ST_SHAPE(7));
  st_tensor *col = st_zeros(ST_F32, ST_SHAPE(5, 1)), *s = st_scalar(ST_F32, 1);
  st_iter it;
  st__iter_init(&it, 4, (st_view[]){view_of(out), view_of(row), view_of(col), view_of(s)});
  CHECK_EQ_INT(it.ndim, 2);
  CHECK_EQ_INT(it.shape[0], 5);
  CHECK_EQ_INT(it.shape[1], 7);
  CHECK_EQ_INT(it.strides[1][0], 0); /* row repeats over dim 0 */
  CHECK_EQ_INT(it.strides[1][1], 1);
  CHECK_EQ_INT(it.strides[2][0], 1); /* col steps over dim 0 and repeats over dim 1 */
  CHECK_EQ_INT(it.strides[2][1], 0);
  CHECK_EQ_INT(it.strides[3][0], 0);
  CHECK_EQ_INT(it.strides[3][1], 0);
}

TEST(iter_drops_size_one_dims_and_handles_zero_dim) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(1, 6, 1)), *s = st_scalar(ST_F64, 2);
  st_iter it;
  st__iter_init(&it, 1, (st_view[]){view_of(a)});
  CHECK_EQ_INT(it.ndim, 1);
  CHECK_EQ_INT(it.shape[0], 6);
  st__iter_init(&it, 1, (st_view[]){view_of(s)});
  CHECK_EQ_INT(it.ndim, 1);
  CHECK_EQ_INT(it.shape[0], 1);
  CHECK_EQ_INT(it.numel, 1);
}

TEST(iter_puts_the_output_smallest_stride_innermost) {
  /* A transposed (column-major) output: the loop should walk its memory in order. */
  st_tensor *base = st_zeros(ST_F32, ST_SHAPE(4, 3));
  st_tensor *out = strided(base, 2, (int64_t[]){3, 4}, (int64_t[]){1, 3}, 0);
  st_tensor *in = st_zeros(ST_F32, ST_SHAPE(3, 4));
  st_iter it;
  st__iter_init(&it, 2, (st_view[]){view_of(out), view_of(in)});
  CHECK_EQ_INT(it.ndim, 2);
  CHECK_EQ_INT(it.strides[0][1], 1); /* inner loop: output stride 1 */
  CHECK_EQ_INT(it.strides[1][1], 4);
  CHECK_EQ_INT(it.shape[1], 3);
}

TEST(iter_keeps_dims_that_do_not_merge) {
  double v[24];
  for (int i = 0; i < 24; i++) v[i] = i;
  st_tensor *nc = tu_noncontig(ST_F64, ST_SHAPE(2, 3, 4), v);
  st_tensor *out = st_zeros(ST_F64, ST_SHAPE(2, 3, 4));
  st_iter it;
  st__iter_init(&it, 2, (st_view[]){view_of(out), view_of(nc)});
  CHECK_EQ_INT(it.ndim, 3);
  CHECK_EQ_INT(it.numel, 24);
}

/* Runs record_offsets over [0, n) in pieces of `piece` elements and checks that output element
   k (row-major) got the input offset that the input's strides give it. */
static void check_offsets(int line, st_tensor *in, int64_t piece) {
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(in, shape);
  st_tensor *out = st_full(ST_I64, nd, shape, -1);
  if (!out) return; /* the allocation sweep failed it */
  st_iter it;
  st__iter_init(&it, 2, (st_view[]){view_of(out), view_of(in)});
  offsets_ctx ctx = {st__data(in), (int64_t)st_dtype_size(in->dtype)};
  for (int64_t b = 0; b < it.numel; b += piece)
    st__iter_run_range(&it, b, b + piece < it.numel ? b + piece : it.numel, record_offsets, &ctx);
  int64_t n = st_numel(in), idx[ST_MAX_DIMS] = {0};
  const int64_t *got = st_data_ptr(out);
  for (int64_t k = 0; k < n; k++) {
    int64_t want = 0;
    for (int d = 0; d < nd; d++) want += idx[d] * in->strides[d];
    if (got[k] != want) {
      st_test_fail(__FILE__, line, "element %lld: offset %lld, expected %lld", (long long)k,
                   (long long)got[k], (long long)want);
      return;
    }
    for (int d = nd - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

TEST(iter_ranges_visit_every_element_once_across_row_boundaries) {
  double v[210] = {0};
  st_tensor *nc = tu_noncontig(ST_F32, ST_SHAPE(5, 6, 7), v);
  st_tensor *bc = tu_broadcast(tu_tensor(ST_F32, ST_SHAPE(6, 1), v), ST_SHAPE(4, 6, 5));
  st_tensor *flat = tu_tensor(ST_F32, ST_SHAPE(11), v);
  CHECK(nc && bc && flat);
  if (!nc || !bc || !flat) return; /* the allocation sweep failed one: nothing to walk */
  for (int64_t piece = 1; piece <= 211; piece += 13) check_offsets(__LINE__, nc, piece);
  for (int64_t piece = 1; piece <= 121; piece += 7) check_offsets(__LINE__, bc, piece);
  check_offsets(__LINE__, flat, 4);
}

TEST(iter_parallel_run_equals_serial_run) {
  enum { R = 301, C = 257 };
  int64_t *v = malloc(sizeof(int64_t) * R * C);
  for (int64_t i = 0; i < R * C; i++) v[i] = i * 7 % 1000;
  st_tensor *in = st_from_data(ST_I64, ST_SHAPE(R, C), v);
  st_tensor *t = strided(in, 2, (int64_t[]){C, R}, (int64_t[]){1, C}, 0);
  st_tensor *serial = st_zeros(ST_I64, ST_SHAPE(C, R));
  st_tensor *parallel = st_zeros(ST_I64, ST_SHAPE(C, R));
  st_iter it;
  st__iter_init(&it, 2, (st_view[]){view_of(serial), view_of(t)});
  st__iter_run_range(&it, 0, it.numel, add_one, NULL);
  int saved = st_get_num_threads();
  st_set_num_threads(3);
  st__iter_init(&it, 2, (st_view[]){view_of(parallel), view_of(t)});
  st__iter_run(&it, add_one, NULL, 1000);
  st_set_num_threads(saved);
  CHECK(!memcmp(st_data_ptr(serial), st_data_ptr(parallel), sizeof(int64_t) * R * C));
  CHECK_EQ_INT(((int64_t *)st_data_ptr(parallel))[1], v[C] + 1);
  free(v);
}

TEST(iter_runs_nothing_for_size_zero) {
  st_tensor *out = st_zeros(ST_I64, ST_SHAPE(3, 0)), *in = st_zeros(ST_I64, ST_SHAPE(3, 0));
  st_iter it;
  st__iter_init(&it, 2, (st_view[]){view_of(out), view_of(in)});
  CHECK_EQ_INT(it.numel, 0);
  st__iter_run(&it, add_one, NULL, 1); /* must not call add_one with a bad pointer */
  CHECK_EQ_INT(st__ew_run(view_of(out), ST_I64, 1, (st_view[]){view_of(in)}, (st_dtype[]){ST_I64},
                          add_one, NULL, 1), 0);
}

TEST(ew_run_converts_inputs_and_output_to_the_loop_dtypes) {
  st_tensor *a = tu_tensor(ST_I64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  st_tensor *b = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){0.5, 0.25, 0.125});
  st_tensor *out = st_zeros(ST_F32, ST_SHAPE(2, 3)); /* the loop writes f64 */
  int rc = st__ew_run(view_of(out), ST_F64, 2, (st_view[]){view_of(a), view_of(b)},
                      (st_dtype[]){ST_F64, ST_F64}, add_f64, NULL, ST_GRAIN_CHEAP);
  CHECK_EQ_INT(rc, 0);
  CHECK_CLOSE(out, 0, 1.5, 2.25, 3.125, 4.5, 5.25, 6.125);
  st_view in_place[2] = {view_of(out), view_of(st_scalar(ST_I64, 2))};
  CHECK_EQ_INT(st__ew_run(view_of(out), ST_F64, 2, in_place, (st_dtype[]){ST_F64, ST_F64}, add_f64,
                          NULL, ST_GRAIN_CHEAP),
               0);
  CHECK_CLOSE(out, 0, 3.5, 4.25, 5.125, 6.5, 7.25, 8.125);
}

TEST(ew_run_copies_an_input_that_partly_overlaps_the_output) {
  st_tensor *x = tu_tensor(ST_I64, ST_SHAPE(6), (double[]){0, 10, 20, 30, 40, 50});
  st_tensor *head = strided(x, 1, (int64_t[]){5}, (int64_t[]){1}, 0);
  st_tensor *tail = strided(x, 1, (int64_t[]){5}, (int64_t[]){1}, 1);
  /* tail = head + 1 element by element would read values it already wrote */
  st_view in = view_of(head);
  st_dtype dt = ST_I64;
  CHECK_EQ_INT(st__ew_run(view_of(tail), ST_I64, 1, &in, &dt, add_one, NULL, ST_GRAIN_CHEAP), 0);
  CHECK_CLOSE(x, 0, 0, 1, 11, 21, 31, 41);
}

TEST(ew_run_fails_cleanly_when_allocation_fails) {
  st_tensor *a = tu_tensor(ST_I64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  st_tensor *b = tu_tensor(ST_F32, ST_SHAPE(2, 3), (double[]){1, 1, 1, 1, 1, 1});
  st_tensor *out = st_zeros(ST_F32, ST_SHAPE(2, 3));
  for (int n = 1; n <= 4; n++) {
    st_debug_fail_alloc_after(n);
    int rc = st__ew_run(view_of(out), ST_F64, 2, (st_view[]){view_of(a), view_of(b)},
                        (st_dtype[]){ST_F64, ST_F64}, add_f64, NULL, ST_GRAIN_CHEAP);
    st_debug_fail_alloc_after(0);
    if (rc) {
      CHECK(st_last_status() == ST_ERR_OOM);
      CHECK_CLOSE(out, 0, 0, 0, 0, 0, 0, 0);
    } else {
      CHECK_CLOSE(out, 0, 2, 3, 4, 5, 6, 7);
    }
    st_clear_error();
  }
}
