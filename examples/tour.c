/* tour.c — a walk through strata: tensors, broadcasting, matmul, softmax, printing, eager
   autograd with hooks and double backward, and saving to safetensors. `make demo` runs it. */
#include <math.h>
#include <stdio.h>
#include <strata.h>

#define CHECK_OK(x)                                                                                \
  do {                                                                                             \
    if (!(x)) {                                                                                    \
      fprintf(stderr, "tour: %s failed: %s\n", #x, st_last_error());                               \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static void show(const char *label, st_tensor *t) {
  printf("%s = ", label);
  st_print(t, stdout);
}

static int tensors_and_ops(void) {
  printf("== tensors, broadcasting, matmul, softmax\n");
  st_tensor *a = st_from_data(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6});
  st_tensor *row = st_from_data(ST_F64, ST_SHAPE(3), (double[]){10, 20, 30});
  show("a", a);
  show("a + row (broadcast)", st_add(a, row));
  show("a @ a^T", st_matmul(a, st_transpose(a, 0, 1)));
  show("softmax(a, -1)", st_softmax(a, -1));
  show("sum over dim 0", st_sum(a, 1, (const int[]){0}, false));
  show("a[:, 1:]", st_slice(a, 1, 1, 3, 1));
  /* Errors are values: a failed call returns NULL and names the problem. */
  st_tensor *bad = st_matmul(a, a);
  printf("a @ a fails: %s\n", bad ? "no?" : st_last_error());
  st_clear_error();
  return 0;
}

static int autograd(void) {
  printf("\n== eager autograd\n");
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_set_requires_grad(x, true);
  st_tensor *y = st_sum_all(st_pow_scalar(x, 3.0)); /* dy/dx = 3x^2, d2y/dx2 = 6x */
  st_tensor *g = NULL, *h = NULL;
  st_grad_opts cg = {.create_graph = true};
  CHECK_OK(st_autograd_grad(1, &y, NULL, 1, &x, &g, &cg) == 0);
  show("dy/dx = 3x^2", g);
  st_tensor *gs = st_sum_all(g);
  CHECK_OK(st_autograd_grad(1, &gs, NULL, 1, &x, &h, NULL) == 0);
  show("d2y/dx2 = 6x (create_graph)", h);
  CHECK_OK(st_backward(st_sum_all(st_mul(x, x)), NULL, false, false) == 0);
  show("x.grad after backward of sum(x*x)", st_grad_of(x));
  printf("grad_fn of y: %s\n", st_node_name(st_grad_fn(y)));
  return 0;
}

static int save_and_load(void) {
  printf("\n== safetensors\n");
  st_dict *d = st_dict_new();
  st_dict_set(d, "weight", st_eye(ST_F32, 2, 2));
  const char *path = "/tmp/strata_tour.safetensors";
  int rc = st_save(path, d);
  st_dict_free(d);
  CHECK_OK(rc == 0);
  st_dict *back = st_load(path);
  CHECK_OK(back);
  show("loaded weight", st_dict_get(back, "weight"));
  st_dict_free(back);
  remove(path);
  return 0;
}

int main(void) {
  st_scope_push();
  int rc = tensors_and_ops() || autograd() || save_and_load();
  st_scope_pop();
  if (!rc) printf("\ntour finished: %lld strata objects alive\n", (long long)st_live_objects());
  return rc;
}
