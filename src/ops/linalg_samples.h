/* linalg_samples.h — the sample tensors of the linalg records (included by the samples sections
   of linalg_dense.c and linalg_decomp.c, where `dt` is the samples function's dtype): general
   matrices M (values in [-1, 1) plus a growing diagonal) and symmetric positive-definite ones P
   (M M^T plus a growing diagonal), contiguous, transposed (T) or with a stride-0 batch dim (B);
   plain values S and i64 values I64. */
#ifndef STRATA_LINALG_SAMPLES_H
#define STRATA_LINALG_SAMPLES_H

#define M(...) st__sample_matrix(dt, ST_SHAPE(__VA_ARGS__), ST_LA_GENERAL, 0)
#define MT(...) st__sample_matrix(dt, ST_SHAPE(__VA_ARGS__), ST_LA_GENERAL, 1)
#define MB(...) st__sample_matrix(dt, ST_SHAPE(__VA_ARGS__), ST_LA_GENERAL, 2)
#define P(...) st__sample_matrix(dt, ST_SHAPE(__VA_ARGS__), ST_LA_SPD, 0)
#define PT(...) st__sample_matrix(dt, ST_SHAPE(__VA_ARGS__), ST_LA_SPD, 1)
#define PB(...) st__sample_matrix(dt, ST_SHAPE(__VA_ARGS__), ST_LA_SPD, 2)
#define S(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), -1, 1)
#define I64(...) st__sample(ST_I64, ST_SHAPE(__VA_ARGS__), -4, 4)

#endif
