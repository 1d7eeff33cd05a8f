/* nn_samples.h — shorthands of the nn family's samples functions (tests/matrix), which name the
   dtype dt, the array out of cap samples and the count n: a float sample of a shape with values
   in [lo, hi) (their own variables), its transposed and stride-0 layouts, a 0-dim one, i64
   indices below hi; PUSH appends a valid sample with attributes a, FAIL an error sample with its
   status. Included by the nn_*.c files only, after op.h. */
#ifndef STRATA_OPS_NN_SAMPLES_H
#define STRATA_OPS_NN_SAMPLES_H

#define SMP(...) st__sample(dt, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP_NC(...) st__sample_noncontig(dt, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP_BC(...) st__sample_broadcast(dt, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP_AS(dtype, ...) st__sample(dtype, ST_SHAPE(__VA_ARGS__), lo, hi)
#define SMP0() st__sample(dt, 0, NULL, lo, hi)
#define IDX(hi_, ...) st__sample_index(ST_SHAPE(__VA_ARGS__), hi_)
#define IDX0(hi_) st__sample_index(0, NULL, hi_)
#include "samples.h"

#endif
