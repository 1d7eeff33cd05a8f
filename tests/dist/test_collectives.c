/* test_collectives.c — the collectives' values, derivatives under every transform, and errors
   that reach every rank. */
#include "strata_dist.h"
#include "test.h"

TEST(all_reduce_sum_values) {
  int r = st_dist_rank(), n = st_dist_world_size();
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(2), (double[]){r + 1.0, 10.0 * r});
  st_tensor *y = st_dist_all_reduce(x, ST_REDUCE_SUM);
  CHECK_CLOSE(y, 1e-12, n * (n + 1) / 2.0, 10.0 * n * (n - 1) / 2.0);
}
