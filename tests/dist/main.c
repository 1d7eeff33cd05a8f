/* main.c — the distributed tests' runner: every rank runs the registered tests of tests/dist/
   in the same order (tests/main.c's runner, as st_test_main), and the job fails when any rank
   failed. Run by tests/dist/run under mpirun with 2 and 3 ranks. */
#include <mpi.h>
#include <stdio.h>

#include "strata_dist.h"

int st_test_main(int argc, char **argv);

int main(int argc, char **argv) {
  if (st_dist_init(&argc, &argv)) {
    fprintf(stderr, "st_dist_init: %s\n", st_last_error());
    return 1;
  }
  /* A test that breaks the SPMD order fails within a minute rather than hanging CI. */
  st_dist_set_timeout(60);
  int failed = st_test_main(argc, argv) != 0, any = failed;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  st_dist_finalize();
  return any;
}
