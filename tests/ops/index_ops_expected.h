/* index_ops_expected.h — written by gen_index_ops.py from torch 2.15.0+cu132; do not edit. */
typedef struct {
  const char *name;
  int op; /* 0 masked_fill, 1 index_add, 2 one_hot */
  st_dtype dtype;
  int a_ndim;
  int64_t a_shape[4];
  const double *a;
  st_dtype b_dtype; /* mask or index */
  int b_ndim;
  int64_t b_shape[4];
  const double *b;
  int c_ndim; /* index_add's source */
  int64_t c_shape[4];
  const double *c;
  int dim;
  double value; /* masked_fill: value; index_add: alpha; one_hot: num_classes */
  int out_ndim;
  int64_t out_shape[4];
  const double *out;
  int nga;
  const double *ga; /* d sum(w * out) / da, w = 1, 2, ... */
  int ngc;
  const double *gc; /* d sum(w * out) / dc */
} index_case;
static const index_case INDEX_CASES[] = {
  {"masked_fill", 0, ST_F64, 2, {3, 4}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75, -1.0, 0.125, 2.25}, ST_BOOL, 2, {3, 4}, (const double[]){1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0}, 0, {0}, NULL, 0, -1.5, 2, {3, 4}, (const double[]){-1.5, -1.25, 2.0, -1.5, -0.75, -1.5, -1.5, -2.5, 1.75, -1.0, -1.5, -1.5}, 12, (const double[]){0.0, 2.0, 3.0, 0.0, 5.0, 0.0, 0.0, 8.0, 9.0, 10.0, 0.0, 0.0}, 0, NULL},
  {"masked_fill mask broadcast", 0, ST_F64, 2, {3, 4}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75, -1.0, 0.125, 2.25}, ST_BOOL, 1, {4}, (const double[]){1.0, 0.0, 1.0, 0.0}, 0, {0}, NULL, 0, 9.0, 2, {3, 4}, (const double[]){9.0, -1.25, 9.0, 3.5, 9.0, 1.0, 9.0, -2.5, 9.0, -1.0, 9.0, 2.25}, 12, (const double[]){0.0, 2.0, 0.0, 4.0, 0.0, 6.0, 0.0, 8.0, 0.0, 10.0, 0.0, 12.0}, 0, NULL},
  {"masked_fill mask larger", 0, ST_F32, 1, {4}, (const double[]){0.5, -1.25, 2.0, 3.5}, ST_BOOL, 2, {3, 4}, (const double[]){1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0}, 0, {0}, NULL, 0, 0.5, 2, {3, 4}, (const double[]){0.5, -1.25, 2.0, 0.5, 0.5, 0.5, 0.5, 3.5, 0.5, -1.25, 0.5, 0.5}, 4, (const double[]){14.0, 12.0, 3.0, 8.0}, 0, NULL},
  {"masked_fill i64", 0, ST_I64, 2, {2, 3}, (const double[]){1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, ST_BOOL, 2, {2, 3}, (const double[]){0.0, 1.0, 0.0, 1.0, 1.0, 0.0}, 0, {0}, NULL, 0, 7.0, 2, {2, 3}, (const double[]){1.0, 7.0, 3.0, 7.0, 7.0, 6.0}, 0, NULL, 0, NULL},
  {"masked_fill bool", 0, ST_BOOL, 1, {4}, (const double[]){1.0, 0.0, 1.0, 0.0}, ST_BOOL, 1, {4}, (const double[]){1.0, 1.0, 0.0, 0.0}, 0, {0}, NULL, 0, 0.0, 1, {4}, (const double[]){0.0, 0.0, 1.0, 0.0}, 0, NULL, 0, NULL},
  {"masked_fill 0-dim", 0, ST_F64, 0, {0}, (const double[]){3.0}, ST_BOOL, 0, {0}, (const double[]){1.0}, 0, {0}, NULL, 0, -4.0, 0, {0}, (const double[]){-4.0}, 1, (const double[]){0.0}, 0, NULL},
  {"index_add dim 0", 1, ST_F64, 2, {5, 3}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75, -1.0, 0.125, 2.25, 0.5, 1.5, -0.5}, ST_I64, 1, {4}, (const double[]){0.0, 2.0, 0.0, 4.0}, 2, {4, 3}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75, -1.0, 0.125, 2.25}, 0, 1.0, 2, {5, 3}, (const double[]){1.25, -5.0, 5.75, 3.5, -0.75, 1.0, 3.75, -3.25, 2.75, -1.0, 0.125, 2.25, -0.5, 1.625, 1.75}, 15, (const double[]){1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0}, 12, (const double[]){1.0, 2.0, 3.0, 7.0, 8.0, 9.0, 1.0, 2.0, 3.0, 13.0, 14.0, 15.0}},
  {"index_add dim -1 alpha", 1, ST_F64, 2, {3, 4}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75, -1.0, 0.125, 2.25}, ST_I64, 1, {3}, (const double[]){3.0, 1.0, 3.0}, 2, {3, 3}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75}, -1, -2.0, 2, {3, 4}, (const double[]){0.5, 1.25, 2.0, -1.5, -0.75, 2.5, 0.25, -11.5, 1.75, 4.0, 0.125, -1.75}, 12, (const double[]){1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0}, 9, (const double[]){-8.0, -4.0, -8.0, -16.0, -12.0, -16.0, -24.0, -20.0, -24.0}},
  {"index_add f32", 1, ST_F32, 2, {2, 3}, (const double[]){0.5, -1.25, 2.0, 3.5, -0.75, 1.0}, ST_I64, 1, {2}, (const double[]){2.0, 2.0}, 2, {2, 2}, (const double[]){0.5, -1.25, 2.0, 3.5}, 1, 0.5, 2, {2, 3}, (const double[]){0.5, -1.25, 1.625, 3.5, -0.75, 3.75}, 6, (const double[]){1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, 4, (const double[]){1.5, 1.5, 3.0, 3.0}},
  {"index_add i64", 1, ST_I64, 2, {3, 2}, (const double[]){1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, ST_I64, 1, {2}, (const double[]){2.0, 0.0}, 2, {2, 2}, (const double[]){10.0, 20.0, 30.0, 40.0}, 0, 3.0, 2, {3, 2}, (const double[]){91.0, 122.0, 3.0, 4.0, 35.0, 66.0}, 0, NULL, 0, NULL},
  {"index_add 0-dim", 1, ST_F64, 0, {0}, (const double[]){1.5}, ST_I64, 1, {1}, (const double[]){0.0}, 0, {0}, (const double[]){2.0}, 0, 1.0, 0, {0}, (const double[]){3.5}, 1, (const double[]){1.0}, 1, (const double[]){1.0}},
  {"one_hot", 2, ST_I64, 2, {2, 3}, (const double[]){0.0, 4.0, 2.0, 2.0, 1.0, 0.0}, ST_I64, 0, {0}, NULL, 0, {0}, NULL, 0, 5.0, 3, {2, 3, 5}, (const double[]){1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0}, 0, NULL, 0, NULL},
  {"one_hot inferred", 2, ST_I64, 1, {4}, (const double[]){1.0, 3.0, 0.0, 3.0}, ST_I64, 0, {0}, NULL, 0, {0}, NULL, 0, -1.0, 2, {4, 4}, (const double[]){0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0}, 0, NULL, 0, NULL},
  {"one_hot 0-dim", 2, ST_I64, 0, {0}, (const double[]){2.0}, ST_I64, 0, {0}, NULL, 0, {0}, NULL, 0, 3.0, 1, {3}, (const double[]){0.0, 0.0, 1.0}, 0, NULL, 0, NULL},
};
