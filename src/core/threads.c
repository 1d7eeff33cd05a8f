/* threads.c — the per-thread intra-op thread count. */
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core.h"

static _Thread_local int tls_threads; /* 0: the default */

/* OpenMP's default, which honours OMP_NUM_THREADS (benchmarks pin every library with it). */
static int default_threads(void) {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

void st_set_num_threads(int n) { tls_threads = n > 0 ? n : 0; }
int st_get_num_threads(void) { return tls_threads ? tls_threads : default_threads(); }
int st__num_threads(void) { return st_get_num_threads(); }
