/* test_print.c — st_print matches PyTorch's repr (torch/_tensor_str.py) for every dtype and
   layout. Expected strings are what PyTorch prints, with strata's dtype names. */
#include "test.h"
#include "util.h"

/* What st_print writes for t (malloc'd; open_memstream's own allocations are not strata's). */
static char *printed(const st_tensor *t) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (!f) return NULL;
  st_print(t, f);
  fclose(f);
  return buf;
}

static void check_prints(const char *file, int line, const st_tensor *t, const char *want) {
  char *got = printed(t);
  if (!got || strcmp(got, want) != 0)
    st_test_fail(file, line, "printed\n%s\nexpected\n%s", got ? got : "(nothing)", want);
  free(got);
}
#define CHECK_PRINTS(t, want) check_prints(__FILE__, __LINE__, (t), (want))

#define VALS(...) (const double[]){__VA_ARGS__}

TEST(print_f32_has_four_digits_and_no_dtype) {
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(3), VALS(1.5, 2, 3.25)),
               "tensor([1.5000, 2.0000, 3.2500])\n");
}

TEST(print_integer_valued_f64_matrix_aligns_rows_and_names_dtype) {
  CHECK_PRINTS(tu_tensor(ST_F64, ST_SHAPE(2, 2), VALS(1, 2, 3, 4)),
               "tensor([[1., 2.],\n"
               "        [3., 4.]], dtype=f64)\n");
}

TEST(print_zero_dim_tensors) {
  CHECK_PRINTS(st_scalar(ST_F32, 3), "tensor(3.)\n");
  CHECK_PRINTS(st_scalar(ST_F64, 3.5), "tensor(3.5000, dtype=f64)\n");
  CHECK_PRINTS(st_scalar(ST_I64, -7), "tensor(-7)\n");
  CHECK_PRINTS(st_scalar(ST_BOOL, 1), "tensor(True)\n");
}

TEST(print_i64_without_dtype_right_aligned) {
  CHECK_PRINTS(tu_tensor(ST_I64, ST_SHAPE(3), VALS(1, 2, 3)), "tensor([1, 2, 3])\n");
  CHECK_PRINTS(tu_tensor(ST_I64, ST_SHAPE(3), VALS(-1, 20, 3)), "tensor([-1, 20,  3])\n");
}

TEST(print_i64_keeps_all_digits_beyond_double_precision) {
  int64_t big = ((int64_t)1 << 62) + 1;
  CHECK_PRINTS(st_from_data(ST_I64, ST_SHAPE(1), &big), "tensor([4611686018427387905])\n");
}

TEST(print_bool_pads_true_to_the_width_of_false) {
  CHECK_PRINTS(tu_tensor(ST_BOOL, ST_SHAPE(2), VALS(1, 0)), "tensor([ True, False])\n");
}

TEST(print_empty_tensors_show_size_and_dtype) {
  CHECK_PRINTS(st_zeros(ST_F32, ST_SHAPE(0, 3)), "tensor([], size=(0, 3))\n");
  CHECK_PRINTS(st_zeros(ST_F32, ST_SHAPE(0)), "tensor([])\n");
  CHECK_PRINTS(st_zeros(ST_I64, ST_SHAPE(0)), "tensor([], dtype=i64)\n");
  CHECK_PRINTS(st_zeros(ST_F64, ST_SHAPE(2, 0)), "tensor([], size=(2, 0), dtype=f64)\n");
}

TEST(print_scientific_for_small_or_wide_ranges) {
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(2), VALS(1e-5, 1)), "tensor([1.0000e-05, 1.0000e+00])\n");
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(2), VALS(1, 1e9)), "tensor([1.0000e+00, 1.0000e+09])\n");
  CHECK_PRINTS(tu_tensor(ST_F64, ST_SHAPE(2), VALS(0.5, 1000)),
               "tensor([5.0000e-01, 1.0000e+03], dtype=f64)\n");
}

TEST(print_ratio_of_exactly_1000_stays_fixed) {
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(2), VALS(1, 1000)), "tensor([   1., 1000.])\n");
}

TEST(print_negative_values_share_the_width) {
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(2), VALS(-1.5, 2.25)), "tensor([-1.5000,  2.2500])\n");
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(1), VALS(-0.0)), "tensor([-0.])\n");
}

TEST(print_nan_and_inf_and_zeros) {
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(4), VALS(NAN, INFINITY, -INFINITY, 1.5)),
               "tensor([   nan,    inf,   -inf, 1.5000])\n");
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(2), VALS(1, -NAN)), "tensor([1., nan])\n");
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(2), VALS(0, 0)), "tensor([0., 0.])\n");
}

TEST(print_wraps_long_vectors_at_80_columns) {
  double v[20];
  for (int i = 0; i < 20; i++) v[i] = i;
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(20), v),
               "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
               "        14., 15., 16., 17., 18., 19.])\n");
}

TEST(print_dtype_suffix_moves_to_its_own_line_when_too_long) {
  double v[14];
  for (int i = 0; i < 14; i++) v[i] = i;
  CHECK_PRINTS(tu_tensor(ST_F64, ST_SHAPE(14), v),
               "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.],\n"
               "       dtype=f64)\n");
}

TEST(print_3d_separates_blocks_with_a_blank_line) {
  CHECK_PRINTS(tu_tensor(ST_I64, ST_SHAPE(2, 2, 2), VALS(0, 1, 2, 3, 4, 5, 6, 7)),
               "tensor([[[0, 1],\n"
               "         [2, 3]],\n"
               "\n"
               "        [[4, 5],\n"
               "         [6, 7]]])\n");
}

TEST(print_summarizes_long_vectors_with_edge_items) {
  st_tensor *t = st_arange(ST_F32, 0, 1001, 1);
  CHECK_PRINTS(t, "tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])\n");
}

TEST(print_summarizes_rows_and_columns) {
  double v[2000];
  for (int i = 0; i < 2000; i++) v[i] = i;
  CHECK_PRINTS(tu_tensor(ST_I64, ST_SHAPE(100, 20), v),
               "tensor([[   0,    1,    2,  ...,   17,   18,   19],\n"
               "        [  20,   21,   22,  ...,   37,   38,   39],\n"
               "        [  40,   41,   42,  ...,   57,   58,   59],\n"
               "        ...,\n"
               "        [1940, 1941, 1942,  ..., 1957, 1958, 1959],\n"
               "        [1960, 1961, 1962,  ..., 1977, 1978, 1979],\n"
               "        [1980, 1981, 1982,  ..., 1997, 1998, 1999]])\n");
}

TEST(print_width_comes_from_printed_elements_only) {
  /* The hidden middle holds 1e-9, which would force scientific notation if it were measured. */
  double v[1200];
  for (int i = 0; i < 1200; i++) v[i] = i == 600 ? 1e-9 : 2;
  CHECK_PRINTS(tu_tensor(ST_F32, ST_SHAPE(1200), v), "tensor([2., 2., 2.,  ..., 2., 2., 2.])\n");
}

TEST(print_reads_non_contiguous_and_broadcast_layouts) {
  const char *want = "tensor([[0.5000, 1.0000, 1.5000],\n"
                     "        [2.0000, 2.5000, 3.0000]], dtype=f64)\n";
  CHECK_PRINTS(tu_noncontig(ST_F64, ST_SHAPE(2, 3), VALS(0.5, 1, 1.5, 2, 2.5, 3)), want);
  st_tensor *row = tu_tensor(ST_I64, ST_SHAPE(3), VALS(7, 8, 9));
  CHECK_PRINTS(tu_broadcast(row, ST_SHAPE(2, 3)), "tensor([[7, 8, 9],\n"
                                                  "        [7, 8, 9]])\n");
}

TEST(print_null_tensor_keeps_the_error) {
  st_tensor *t = st_zeros(ST_F32, ST_SHAPE(-1));
  CHECK_PRINTS(t, "NULL tensor\n");
  CHECK(st_last_status() == ST_ERR_ARG);
  st_clear_error();
  CHECK_PRINTS(NULL, "NULL tensor\n"); /* with no earlier failure, the NULL is the error */
  CHECK(st_last_status() == ST_ERR_ARG && strstr(st_last_error(), "st_print: argument 1 is NULL"));
  st_clear_error();
}

TEST(print_reports_a_missing_or_failing_stream) {
  st_tensor *x = st_scalar(ST_F32, 1);
  CHECK_FAILS((st_print(x, NULL), st_last_status() != ST_OK), ST_ERR_ARG,
              "st_print: the stream (argument 2) is NULL");
  FILE *full = fopen("/dev/full", "w"); /* every write fails with ENOSPC */
  if (full) {
    setvbuf(full, NULL, _IONBF, 0);
    CHECK_FAILS((st_print(x, full), st_last_status() != ST_OK), ST_ERR_IO,
                "st_print: writing to the stream failed");
    fclose(full);
  }
  /* success leaves an earlier failure's error in place */
  CHECK(st_zeros(ST_F32, ST_SHAPE(-1)) == NULL);
  char *out = printed(x);
  CHECK(out && strcmp(out, "tensor(1.)\n") == 0);
  free(out);
  CHECK(st_last_status() == ST_ERR_ARG && strstr(st_last_error(), "size -1"));
  st_clear_error();
}
