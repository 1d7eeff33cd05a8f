/* tour.c — a walk through strata: tensors, broadcasting, matmul, softmax, printing. */
#include <strata.h>

int main(void) {
  st_scope_push();
  st_tensor *a = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  printf("a has %lld elements\n", (long long)st_numel(a));
  st_scope_pop();
  return 0;
}
