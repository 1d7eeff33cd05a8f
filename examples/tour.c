/* tour.c — a walk through strata: tensors, broadcasting, matmul, softmax, printing, eager
   autograd with double backward, saving to safetensors, and the function transforms of the
   "simple functorch" notebook (grad, nested grad against create_graph, vmap, the L1 example,
   per-sample gradients, the hessian of an MLP, and the trace interpreter). `make demo` runs it. */
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

/* ------------------------------------------------------------------------------ transforms */

/* f(x) = sum(x^3) */
static int cube_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_pow_scalar(in[0], 3.0));
  return out[0] ? 0 : -1;
}
/* sum(grad f(x)): differentiating it gives the second derivative */
static int sum_of(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *g = NULL;
  if (st_call(ctx, in, &g)) return -1;
  out[0] = st_sum_all(g);
  return out[0] ? 0 : -1;
}

static int grad_and_nesting(void) {
  printf("\n== grad, and nested grad against create_graph\n");
  st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3}), *g = NULL, *h = NULL;
  st_func *f = st_func_new(cube_sum, NULL, 1, 1), *df = st_grad(f, 0, NULL);
  CHECK_OK(st_call(df, &x, &g) == 0);
  show("grad(sum(x^3)) = 3x^2", g);
  /* nested grad: each level keeps its own tape (seed 003's Autograd(Autograd(Torch()))); the
     trace shows the inner level's ops recorded at L2 while the outer level records at L1 */
  st_func *s = st_func_new(sum_of, df, 1, 1), *dds = st_grad(s, 0, NULL);
  printf("-- trace of grad(sum(grad(f))):\n");
  st_trace_begin(stdout);
  int rc = st_call(dds, &x, &h);
  st_trace_end();
  CHECK_OK(rc == 0);
  show("grad(grad) = 6x", h);
  printf(
      "(the create_graph double backward in the autograd section gave the same 6x on one tape)\n");
  st_func_release(dds);
  st_func_release(s);
  st_func_release(df);
  st_func_release(f);
  return 0;
}

/* L0(a, b) = sum((a + b) * b), the notebook's `simple` summed */
static int L0(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_add(in[0], in[1]), in[1]));
  return out[0] ? 0 : -1;
}
/* L1(a, b) = sum(dL0_da^2 + dL0_db^2) with (dL0_da, dL0_db) = vmap(grad(L0, (0, 1)))(a, b) */
static int L1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_func *l0 = st_func_new(L0, NULL, 2, 1), *g = st_grad(l0, 2, (const int[]){0, 1}),
          *v = st_vmap(g, NULL, NULL);
  st_tensor *d[2] = {0};
  int rc = st_call(v, in, d);
  st_func_release(v);
  st_func_release(g);
  st_func_release(l0);
  if (rc) return rc;
  out[0] = st_sum_all(st_add(st_mul(d[0], d[0]), st_mul(d[1], d[1])));
  return out[0] ? 0 : -1;
}

static int vmap_and_L1(void) {
  printf("\n== vmap, and the notebook's L1 example: grad(L1) over vmap(grad(L0))\n");
  double a[8] = {0.4556, 0.6323, 0.3489, 0.4017, 0.0223, 0.1689, 0.2939, 0.5185};
  double b[8] = {0.6977, 0.8000, 0.1610, 0.2823, 0.6816, 0.9152, 0.3971, 0.8742};
  st_tensor *in[2] = {st_from_data(ST_F64, ST_SHAPE(2, 4), a),
                      st_from_data(ST_F64, ST_SHAPE(2, 4), b)};
  st_func *l0 = st_func_new(L0, NULL, 2, 1), *vl0 = st_vmap(l0, NULL, NULL);
  st_tensor *per_row = NULL, *d[2] = {0};
  CHECK_OK(st_call(vl0, in, &per_row) == 0);
  show("vmap(L0)(va, vb): one loss per row", per_row);
  st_func *l1 = st_func_new(L1, NULL, 2, 1), *g = st_grad(l1, 2, (const int[]){0, 1});
  CHECK_OK(st_call(g, in, d) == 0);
  show("dva", d[0]);
  show("dvb", d[1]);
  /* closed form: dL0/da = b, dL0/db = a + 2b, so dva = 2(a + 2b) and dvb = 4a + 10b */
  double got_a[8], got_b[8], err = 0;
  st_to_f64(d[0], got_a, 8);
  st_to_f64(d[1], got_b, 8);
  for (int i = 0; i < 8; i++) {
    err = fmax(err, fabs(got_a[i] - 2 * (a[i] + 2 * b[i])));
    err = fmax(err, fabs(got_b[i] - (4 * a[i] + 10 * b[i])));
  }
  printf("largest difference from the closed form dva = 2(a + 2b), dvb = 4a + 10b: %.3g\n", err);
  CHECK_OK(err < 1e-12);
  st_func_release(g);
  st_func_release(l1);
  st_func_release(vl0);
  st_func_release(l0);
  return 0;
}

/* custom_vjp through the layers (seed 003): x*x whose backward deliberately says 32 g x, so
   that every transform visibly uses the custom rule */
static int sq_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[0]);
  return out[0] ? 0 : -1;
}
static int sq_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int sq_backward(st_ctx *ctx, st_tensor *const *g, st_tensor **gin) {
  gin[0] = st_mul_scalar(st_mul(g[0], st_ctx_saved(ctx, 0)), 32.0);
  return gin[0] ? 0 : -1;
}
static const st_custom_fn SQ32 = {.name = "sq32",
                                  .nin = 1,
                                  .nout = 1,
                                  .forward = sq_forward,
                                  .setup_context = sq_setup,
                                  .backward = sq_backward,
                                  .generate_vmap_rule = true};
static int sq_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *y = NULL;
  if (st_custom_apply(&SQ32, in, &y)) return -1;
  out[0] = st_sum_all(y);
  return out[0] ? 0 : -1;
}

static int custom_under_vmap(void) {
  printf("\n== a custom function under vmap(grad): its own backward, 32 x, on every row\n");
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4}), *r = NULL;
  st_func *f = st_func_new(sq_loss, NULL, 1, 1), *g = st_grad(f, 0, NULL),
          *v = st_vmap(g, NULL, NULL);
  CHECK_OK(st_call(v, &X, &r) == 0);
  show("vmap(grad(sum(sq32(x))))", r);
  st_func_release(v);
  st_func_release(g);
  st_func_release(f);
  return 0;
}

/* the loss of one example: (w . x - y)^2 */
static int example_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_square(st_sub(st_dot(in[0], in[1]), in[2]));
  return out[0] ? 0 : -1;
}

static int per_sample_gradients(void) {
  printf("\n== per-sample gradients: vmap(grad(loss), in_dims = (unbatched, 0, 0))\n");
  st_tensor *w = st_from_data(ST_F64, ST_SHAPE(2), (double[]){0.5, -1});
  st_tensor *X = st_from_data(ST_F64, ST_SHAPE(3, 2), (double[]){1, 2, 3, 4, 5, 6});
  st_tensor *y = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, 0, -1});
  st_func *loss = st_func_new(example_loss, NULL, 3, 1), *g = st_grad(loss, 0, NULL);
  st_func *per = st_vmap(g, (const int[]){ST_UNBATCHED, 0, 0}, NULL);
  st_tensor *in[3] = {w, X, y}, *grads = NULL;
  CHECK_OK(st_call(per, in, &grads) == 0);
  show("one gradient row per example, 2 (w.x - y) x", grads);
  st_func_release(per);
  st_func_release(g);
  st_func_release(loss);
  return 0;
}

/* a small MLP's output, summed: tanh(W2 tanh(W1 x + b1)) */
typedef struct {
  st_tensor *W1, *b1, *W2;
} mlp;
static int mlp_out(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  mlp *m = ctx;
  st_tensor *h = st_tanh(st_add(st_matmul(m->W1, in[0]), m->b1));
  out[0] = st_sum_all(st_tanh(st_matmul(m->W2, h)));
  return out[0] ? 0 : -1;
}

static int mlp_hessian(void) {
  printf("\n== the hessian of a small MLP w.r.t. its input: jacfwd(jacrev(f))\n");
  st_manual_seed(0);
  mlp m = {st_randn(ST_F64, ST_SHAPE(8, 3)), st_randn(ST_F64, ST_SHAPE(8)),
           st_randn(ST_F64, ST_SHAPE(2, 8))};
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *H = NULL;
  st_func *f = st_func_new(mlp_out, &m, 1, 1), *hf = st_hessian(f, 0);
  CHECK_OK(st_call(hf, &x, &H) == 0);
  show("hessian (symmetric)", H);
  double h[9], asym = 0;
  st_to_f64(H, h, 9);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) asym = fmax(asym, fabs(h[i * 3 + j] - h[j * 3 + i]));
  printf("largest asymmetry: %.3g\n", asym);
  st_func_release(hf);
  st_func_release(f);
  return 0;
}

int main(void) {
  st_scope_push();
  int rc = tensors_and_ops() || autograd() || save_and_load() || grad_and_nesting() ||
           vmap_and_L1() || custom_under_vmap() || per_sample_gradients() || mlp_hessian();
  st_scope_pop();
  if (!rc) printf("\ntour finished: %lld strata objects alive\n", (long long)st_live_objects());
  return rc;
}
