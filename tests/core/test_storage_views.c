/* test_storage_views.c — views with an offset into tensors of the storage-only dtypes (f16,
   bf16, i32, i16, i8, u8) read their own elements: the element size that scales the offset is
   the dtype's (it was 8 bytes for all but f32 and bool, so a slice of an i32 tensor started two
   elements late and a read ran past its storage). */
#include "test.h"

TEST(offset_views_of_storage_only_dtypes_read_their_elements) {
  const st_dtype dts[] = {ST_F16, ST_BF16, ST_I32, ST_I16, ST_I8, ST_U8};
  double v[6] = {1, 2, 3, 4, 5, 6}, out[3];
  for (int i = 0; i < 6; i++) {
    st_tensor *a = st_to_dtype(st_from_data(ST_F64, 1, (int64_t[]){6}, v), dts[i]);
    st_tensor *s = st_slice(a, 0, 2, 5, 1);
    CHECK(st_to_f64(s, out, 3) == 0);
    CHECK(out[0] == 3 && out[1] == 4 && out[2] == 5);
    CHECK_CLOSE(st_to_dtype(s, ST_F64), 0, 3, 4, 5);   /* the conversion kernel */
    CHECK_CLOSE(st_add(s, s), 0, 6, 8, 10);            /* an elementwise op through the wide dtype */
    CHECK_NEAR(st_item(st_select(a, 0, 5)), 6, 0);
    CHECK_CLOSE(st_sum(st_slice(a, 0, 3, 6, 1), 0, NULL, false), 0, 15); /* a widened op */
  }
}
