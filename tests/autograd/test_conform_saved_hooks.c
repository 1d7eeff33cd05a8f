/* test_conform_saved_hooks.c — saved-tensor hooks (torch.autograd.graph.saved_tensors_hooks):
   what nodes save goes through pack and comes back through unpack, in eager ops, create_graph,
   custom functions and the grad levels of transforms. Values against PyTorch's
   (conform_expected.h, from gen_conform.py); each case names the test of test/test_autograd.py
   it ports. */
#include <stdio.h>
#include <unistd.h>

#include "conform_expected.h"
#include "test.h"
#include "util.h"

#define CHECK_ARR(t, arr)                                                                          \
  st_test_close(__FILE__, __LINE__, (t), (arr), sizeof(arr) / sizeof(arr[0]), 1e-12)

static st_tensor *a5_leaf(void) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(5), a5);
  st_set_requires_grad(a, true);
  return a;
}

/* Hooks that scale what they pack and unpack by the doubles user[0] and user[1], counting
   calls in user[2] and user[3]. */
static int scale_pack(void *user, st_tensor *t, st_packed *out) {
  double *u = user;
  u[2]++;
  out->tensor = u[0] == 1 ? st_retain(t) : st_mul_scalar(t, u[0]);
  return out->tensor ? 0 : st_last_status();
}
static int scale_unpack(void *user, const st_packed *p, st_tensor **out) {
  double *u = user;
  u[3]++;
  *out = u[1] == 1 ? st_retain(p->tensor) : st_mul_scalar(p->tensor, u[1]);
  return *out ? 0 : st_last_status();
}
static int push_scale(double *u) {
  return st_saved_tensors_hooks_push(scale_pack, scale_unpack, NULL, u);
}

/* test_autograd.py
 * TestAutograd.test_saved_variable_packing_unpacking_saved_original_with_default_hooks */
TEST(saved_hooks_pack_each_saved_value_and_unpack_it_in_backward) {
  double u[4] = {1, 1, 0, 0};
  CHECK(push_scale(u) == 0);
  st_tensor *a = a5_leaf();
  st_tensor *y = st_mul(a, a); /* a is saved twice, as in PyTorch */
  st_saved_tensors_hooks_pop();
  CHECK_EQ_INT(u[2], 2);
  CHECK_EQ_INT(u[3], 0);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK_EQ_INT(u[3], 2);
  CHECK_ARR(st_grad_of(a), saved_hooks_identity);
}

static void scaled_case(double pack, double unpack, const double *want) {
  double u[4] = {pack, unpack, 0, 0};
  CHECK(push_scale(u) == 0);
  st_tensor *a = a5_leaf();
  st_tensor *y = st_mul(a, a);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  st_saved_tensors_hooks_pop();
  st_test_close(__FILE__, __LINE__, st_grad_of(a), want, 5, 1e-12);
}

TEST(saved_hooks_that_scale_and_unscale_give_the_same_gradient) {
  scaled_case(2, 0.5, saved_hooks_double_half);
}

TEST(saved_hooks_that_only_scale_scale_the_gradient) { scaled_case(2, 1, saved_hooks_double); }

TEST(popped_saved_hooks_no_longer_apply) {
  double u[4] = {2, 1, 0, 0};
  CHECK(push_scale(u) == 0);
  st_saved_tensors_hooks_pop();
  st_tensor *a = a5_leaf();
  CHECK(st_backward(st_sum_all(st_mul(a, a)), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(a), saved_hooks_identity);
  CHECK_EQ_INT(u[2], 0);
  CHECK_FAILS((st_saved_tensors_hooks_pop(), st_last_status() != ST_OK), ST_ERR_ARG,
              "no hooks are pushed");
}

/* test_autograd.py
 * TestAutograd.test_saved_variable_packing_unpacking_did_not_save_original_with_default_hooks */
TEST(saved_hooks_on_a_saved_output) {
  double u[4] = {1, 1, 0, 0};
  CHECK(push_scale(u) == 0);
  st_tensor *a = a5_leaf();
  st_tensor *y = st_exp(a); /* ExpBackward saves its output */
  st_saved_tensors_hooks_pop();
  CHECK_EQ_INT(u[2], 1);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(a), saved_hooks_exp);
}

/* test_autograd.py TestAutograd.test_setting_default_saved_variable_hooks_twice_should_use_inner */
TEST(the_innermost_saved_hooks_apply) {
  double outer[4] = {3, 3, 0, 0}, inner[4] = {5, 5, 0, 0};
  CHECK(push_scale(outer) == 0);
  st_tensor *b = a5_leaf();
  CHECK(push_scale(inner) == 0);
  st_tensor *a = a5_leaf();
  st_tensor *y = st_mul(a, a);
  st_saved_tensors_hooks_pop();
  st_tensor *z = st_mul(b, b);
  st_saved_tensors_hooks_pop();
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK(st_backward(st_sum_all(z), NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(a), saved_hooks_inner_a);
  CHECK_ARR(st_grad_of(b), saved_hooks_inner_b);
}

/* test_autograd.py TestAutograd.test_default_saved_variable_hooks_double_backward: the unpacked
   value stands for the saved leaf, so create_graph differentiates through it; hooks active in
   the backward pack what the backward's own nodes save */
static void double_backward(bool hooks_forward, bool hooks_backward, double pack,
                            const double *want) {
  double u[4] = {pack, 1, 0, 0};
  if (hooks_forward) CHECK(push_scale(u) == 0);
  st_tensor *a = a5_leaf();
  st_tensor *s = st_sum_all(st_pow_scalar(a, 3)), *g = NULL;
  if (hooks_forward && !hooks_backward) st_saved_tensors_hooks_pop();
  if (hooks_backward && !hooks_forward) CHECK(push_scale(u) == 0);
  st_grad_opts cg = {.create_graph = true};
  CHECK(st_autograd_grad(1, &s, NULL, 1, &a, &g, &cg) == 0);
  CHECK(st_backward(st_sum_all(g), NULL, false, false) == 0);
  if (hooks_backward) st_saved_tensors_hooks_pop();
  st_test_close(__FILE__, __LINE__, st_grad_of(a), want, 5, 1e-12);
}

TEST(saved_hooks_identity_in_forward_and_double_backward) {
  double_backward(true, true, 1, saved_hooks_double_backward_0);
}
TEST(saved_hooks_in_forward_only_scale_the_saved_leaf_once) {
  double_backward(true, false, 2, saved_hooks_double_backward_1);
}
TEST(saved_hooks_in_backward_only_pack_what_the_backward_saves) {
  double_backward(false, true, 2, saved_hooks_double_backward_2);
}
TEST(saved_hooks_in_forward_and_backward_compose) {
  double_backward(true, true, 2, saved_hooks_double_backward_3);
}

/* test_autograd.py TestAutograd.test_pack_hook_with_inplace_modification_should_fail */
static int inc_in_place(void *user, st_tensor *t, st_packed *out) {
  (void)user;
  int rc = st_add_scalar_(t, 1);
  out->tensor = st_retain(t);
  return rc;
}
static int identity_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  *out = st_retain(p->tensor);
  return 0;
}

TEST(a_pack_hook_that_writes_its_input_fails_the_op) {
  st_tensor *a = st_randn(ST_F64, ST_SHAPE(5));
  st_set_requires_grad(a, true);
  int64_t live = st_live_objects();
  CHECK(st_saved_tensors_hooks_push(inc_in_place, identity_unpack, NULL, NULL) == 0);
  CHECK_FAILS(st_exp(a) == NULL, ST_ERR_INPLACE, "pack hook modified the tensor");
  st_saved_tensors_hooks_pop();
  CHECK_EQ_INT(st_live_objects(), live);
  CHECK(st_exp(a) != NULL);
}

/* test_autograd.py TestAutograd.test_saving_variable_to_disk: the handle is a file name; the
   tensor comes back from the file; free_packed removes it */
static int disk_files;
static int to_disk(void *user, st_tensor *t, st_packed *out) {
  (void)user;
  char *path = malloc(64);
  snprintf(path, 64, "/tmp/strata_saved_%d_%d.safetensors", (int)getpid(), disk_files++);
  st_dict *d = st_dict_new();
  int rc = d ? st_dict_set(d, "t", t) : ST_ERR_OOM;
  if (!rc) rc = st_save(path, d);
  st_dict_free(d);
  if (rc) {
    free(path);
    return rc;
  }
  out->handle = path;
  return 0;
}
static int from_disk(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  st_dict *d = st_load(p->handle);
  if (!d) return st_last_status();
  *out = st_retain(st_dict_get(d, "t"));
  st_dict_free(d);
  return *out ? 0 : ST_ERR_IO;
}
static void remove_file(void *user, void *handle) {
  (void)user;
  remove(handle);
  free(handle);
  disk_files--;
}

TEST(saved_values_can_live_on_disk) {
  disk_files = 0;
  CHECK(st_saved_tensors_hooks_push(to_disk, from_disk, remove_file, NULL) == 0);
  st_tensor *a = st_ones(ST_F64, ST_SHAPE(5));
  st_set_requires_grad(a, true);
  st_tensor *y = st_mul(a, a);
  CHECK_EQ_INT(disk_files, 2);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  st_saved_tensors_hooks_pop();
  CHECK_CLOSE(st_grad_of(a), 0, 2, 2, 2, 2, 2);
  CHECK_EQ_INT(disk_files, 0); /* the backward freed the saved values */
}

/* A copy offloaded to plain memory of the hooks' own (the handle), rebuilt by unpack */
typedef struct {
  int64_t n, shape[ST_MAX_DIMS];
  int ndim;
  double *values;
} offload;
static int packs_alive, packs_made;
static int offload_pack(void *user, st_tensor *t, st_packed *out) {
  (void)user;
  offload *o = calloc(1, sizeof *o);
  o->ndim = st_shape(t, o->shape);
  o->n = st_numel(t);
  o->values = malloc(sizeof(double) * (size_t)(o->n ? o->n : 1));
  if (st_to_f64(t, o->values, o->n)) {
    free(o->values);
    free(o);
    return st_last_status();
  }
  packs_alive++;
  packs_made++;
  out->handle = o;
  return 0;
}
static int offload_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  const offload *o = p->handle;
  *out = st_from_data(ST_F64, o->ndim, o->shape, o->values);
  return *out ? 0 : st_last_status();
}
static void offload_free(void *user, void *handle) {
  (void)user;
  offload *o = handle;
  free(o->values);
  free(o);
  packs_alive--;
}

static int cube_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_mul(st_mul(in[0], in[0]), st_sin(in[0])));
  return out[0] ? 0 : st_last_status();
}

TEST(saved_hooks_apply_to_the_values_a_grad_transform_saves) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(4), (double[]){0.5, -1, 1.5, 2});
  st_func *f = st_func_new(cube_sum, NULL, 1, 1), *gf = st_grad(f, 0, NULL);
  st_tensor *want = NULL, *got = NULL;
  CHECK(st_call(gf, &x, &want) == 0);
  packs_alive = packs_made = 0;
  CHECK(st_saved_tensors_hooks_push(offload_pack, offload_unpack, offload_free, NULL) == 0);
  CHECK(st_call(gf, &x, &got) == 0);
  st_saved_tensors_hooks_pop();
  CHECK(packs_made >= 3); /* mul, mul and sin saved at the grad level */
  CHECK_EQ_INT(packs_alive, 0);
  double w[4], g[4];
  st_to_f64(want, w, 4);
  st_to_f64(got, g, 4);
  for (int i = 0; i < 4; i++) CHECK_NEAR(g[i], w[i], 1e-15);
  st_func_release(gf);
  st_func_release(f);
}

/* vmap(grad(f)) with hooks: the grad level saves vmap-batched values, which pack can only keep
   as tensors (a batched value has no single copy in plain memory) */
TEST(saved_hooks_compose_with_vmap_of_grad) {
  st_tensor *xs = tu_tensor(ST_F64, ST_SHAPE(3, 4),
                            (double[]){0.5, -1, 1.5, 2, 0.25, 0.75, -0.5, 1, 2, -2, 0.1, 0.3});
  st_func *f = st_func_new(cube_sum, NULL, 1, 1), *gf = st_grad(f, 0, NULL),
          *vg = st_vmap(gf, NULL, NULL);
  st_tensor *want = NULL, *got = NULL;
  CHECK(st_call(vg, &xs, &want) == 0);
  double u[4] = {2, 0.5, 0, 0};
  CHECK(push_scale(u) == 0);
  CHECK(st_call(vg, &xs, &got) == 0);
  st_saved_tensors_hooks_pop();
  CHECK(u[2] > 0 && u[3] == u[2]);
  double w[12], g[12];
  st_to_f64(want, w, 12);
  st_to_f64(got, g, 12);
  for (int i = 0; i < 12; i++) CHECK_NEAR(g[i], w[i], 1e-14);
  st_func_release(vg);
  st_func_release(gf);
  st_func_release(f);
}

/* Custom functions' st_ctx_save goes through the hooks as well. */
static int sq_forward(void *user, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)user, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[0]);
  return out[0] ? 0 : st_last_status();
}
static int sq_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out) {
  (void)out;
  return st_ctx_save(ctx, 1, in);
}
static int sq_backward(st_ctx *ctx, st_tensor *const *gout, st_tensor **gin) {
  st_tensor *x = st_ctx_saved(ctx, 0);
  gin[0] = st_mul(gout[0], st_mul_scalar(x, 2));
  return gin[0] ? 0 : st_last_status();
}

TEST(saved_hooks_apply_to_custom_function_saved_values) {
  st_custom_fn fn = {.name = "square",
                     .nin = 1,
                     .nout = 1,
                     .forward = sq_forward,
                     .setup_context = sq_setup,
                     .backward = sq_backward};
  st_tensor *a = a5_leaf(), *y = NULL;
  double u[4] = {2, 0.5, 0, 0};
  CHECK(push_scale(u) == 0);
  CHECK(st_custom_apply(&fn, &a, &y) == 0);
  st_saved_tensors_hooks_pop();
  CHECK(u[2] >= 1);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
  CHECK(u[3] >= 1);
  CHECK_ARR(st_grad_of(a), saved_hooks_identity);
}

/* strata's checks on what unpack returns */
static int wrong_shape_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user, (void)p;
  *out = st_zeros(ST_F64, ST_SHAPE(1));
  return 0;
}
static int null_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user, (void)p, (void)out;
  return 0;
}
static int failing_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user, (void)p, (void)out;
  return st_hook_error(ST_ERR_IO, "the offloaded copy is gone");
}
static int failing_pack(void *user, st_tensor *t, st_packed *out) {
  (void)user, (void)t, (void)out;
  return st_hook_error(ST_ERR_IO, "no room to offload");
}

TEST(an_unpack_of_the_wrong_shape_or_none_fails_the_backward) {
  double u1[4] = {1, 1, 0, 0};
  st_tensor *a = a5_leaf();
  CHECK(st_saved_tensors_hooks_push(scale_pack, wrong_shape_unpack, NULL, u1) == 0);
  st_tensor *y = st_sum_all(st_mul(a, a));
  st_saved_tensors_hooks_pop();
  CHECK_FAILS(st_backward(y, NULL, true, false) != 0, ST_ERR_AUTOGRAD,
              "unpack hook returned a f64 tensor of shape [1]");
  CHECK(st_grad_of(a) == NULL);
  CHECK(st_saved_tensors_hooks_push(scale_pack, null_unpack, NULL, u1) == 0);
  st_tensor *y2 = st_sum_all(st_mul(a, a));
  st_saved_tensors_hooks_pop();
  CHECK_FAILS(st_backward(y2, NULL, true, false) != 0, ST_ERR_AUTOGRAD, "returned no tensor");
  CHECK(st_saved_tensors_hooks_push(scale_pack, failing_unpack, NULL, u1) == 0);
  st_tensor *y3 = st_sum_all(st_mul(a, a));
  st_saved_tensors_hooks_pop();
  CHECK_FAILS(st_backward(y3, NULL, true, false) != 0, ST_ERR_IO, "offloaded copy is gone");
}

TEST(a_failing_pack_fails_the_op_and_leaks_nothing) {
  st_tensor *a = a5_leaf();
  int64_t live = st_live_objects();
  CHECK(st_saved_tensors_hooks_push(failing_pack, identity_unpack, NULL, NULL) == 0);
  CHECK_FAILS(st_mul(a, a) == NULL, ST_ERR_IO, "no room to offload");
  st_saved_tensors_hooks_pop();
  CHECK_EQ_INT(st_live_objects(), live);
  CHECK_FAILS(st_saved_tensors_hooks_push(NULL, identity_unpack, NULL, NULL) != 0, ST_ERR_ARG,
              "pack is NULL");
}

/* test_autograd.py TestAutograd.test_saved_tensor_hooks_extra_exit_during_bw_no_crash: an unpack
   that pops the stack is unsupported but harmless */
static int popping_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  st_saved_tensors_hooks_pop();
  *out = st_retain(p->tensor);
  return 0;
}

TEST(an_unpack_that_pops_the_hooks_does_not_crash) {
  double u1[4] = {1, 1, 0, 0};
  for (int i = 0; i < 10; i++) {
    CHECK(st_saved_tensors_hooks_push(scale_pack, identity_unpack, NULL, u1) == 0);
    CHECK(st_saved_tensors_hooks_push(scale_pack, popping_unpack, NULL, u1) == 0);
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 3));
    st_set_requires_grad(x, true);
    CHECK(st_backward(st_sum_all(st_sin(x)), NULL, false, false) == 0);
    st_saved_tensors_hooks_pop(); /* the unpack popped the other one */
  }
  st_saved_tensors_hooks_pop(); /* one too many: an error, nothing else */
  CHECK(st_last_status() == ST_ERR_ARG);
  st_clear_error();
  double u[4] = {1, 1, 0, 0};
  CHECK(push_scale(u) == 0); /* the stack is empty again: this pair is the only one */
  st_tensor *a = a5_leaf();
  st_tensor *y = st_mul(a, a);
  st_saved_tensors_hooks_pop();
  CHECK_EQ_INT(u[2], 2);
  CHECK(st_backward(st_sum_all(y), NULL, false, false) == 0);
}

TEST(free_packed_runs_once_per_packed_value_also_with_retain_graph) {
  packs_alive = 0;
  CHECK(st_saved_tensors_hooks_push(offload_pack, offload_unpack, offload_free, NULL) == 0);
  st_tensor *a = a5_leaf();
  st_tensor *y = st_sum_all(st_mul(st_exp(a), a));
  st_saved_tensors_hooks_pop();
  CHECK(packs_alive >= 2);
  CHECK(st_backward(y, NULL, true, false) == 0);
  CHECK(packs_alive >= 2); /* retained */
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_EQ_INT(packs_alive, 0);
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_AUTOGRAD, "second time");
}

/* test_autograd.py TestAutograd.test_node_post_hook_registered_during_unpack_hook: unpack runs
   while its node is current; a post hook it registers there runs after that node */
static int post_hook_runs;
static int count_post_runs(void *user, st_node *n, int nin, st_tensor *const *gi, int nout,
                           st_tensor *const *go) {
  (void)user, (void)nin, (void)gi, (void)nout, (void)go;
  CHECK(n == st_current_node());
  post_hook_runs++;
  return 0;
}
static int registering_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  st_node *n = st_current_node();
  if (!n || st_node_register_hook(n, count_post_runs, NULL) < 0) return st_last_status();
  *out = st_retain(p->tensor);
  return 0;
}

TEST(a_post_hook_registered_by_an_unpack_hook_runs_after_that_node) {
  double u[4] = {1, 1, 0, 0};
  st_tensor *a = a5_leaf();
  CHECK(st_saved_tensors_hooks_push(scale_pack, registering_unpack, NULL, u) == 0);
  st_tensor *y = st_sum_all(st_exp(a)); /* ExpBackward unpacks its output once */
  st_saved_tensors_hooks_pop();
  post_hook_runs = 0;
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_EQ_INT(post_hook_runs, 1);
  CHECK_ARR(st_grad_of(a), saved_hooks_exp);
}

/* The version check through hooks: a packed alias of the saved memory sees an in-place write,
   which fails the backward as without hooks; a packed copy keeps the forward's value. */
TEST(an_in_place_write_fails_the_backward_when_pack_kept_the_saved_memory) {
  double alias[4] = {1, 1, 0, 0}, copy[4] = {2, 0.5, 0, 0};
  st_tensor *a = a5_leaf(), *h = st_mul_scalar(a, 1);
  CHECK(push_scale(alias) == 0);
  st_tensor *y = st_sum_all(st_mul(h, h));
  st_saved_tensors_hooks_pop();
  CHECK(push_scale(copy) == 0);
  st_tensor *z = st_sum_all(st_mul(h, h));
  st_saved_tensors_hooks_pop();
  bool prev = st_set_grad_enabled(false);
  CHECK(st_add_scalar_(h, 1) == 0);
  st_set_grad_enabled(prev);
  CHECK_FAILS(st_backward(y, NULL, false, false) != 0, ST_ERR_INPLACE,
              "modified by an inplace operation");
  CHECK(st_grad_of(a) == NULL);
  CHECK(st_backward(z, NULL, false, false) == 0);
  CHECK_ARR(st_grad_of(a), saved_hooks_identity); /* 2 * a: the values before the write */
}

/* A pack hook that copies (offloading, compressing) sees what an op saves of its own output
   after the kernel wrote it, as PyTorch packs after the forward: the gradient through exp,
   tanh, sigmoid, sqrt, softmax, cumprod and an in-place exp_ is the one without hooks (the hook
   saw the output's memory before the kernel ran: zeros or stale values, and x.grad with them).
   Eager, and under st_grad (a grad level saves the value below its wrapper). */
static int clone_pack(void *user, st_tensor *t, st_packed *out) {
  (void)user;
  out->tensor = st_clone(t);
  return out->tensor ? 0 : st_last_status();
}
static int clone_unpack(void *user, const st_packed *p, st_tensor **out) {
  (void)user;
  *out = st_retain(p->tensor);
  return 0;
}

static st_tensor *saves_its_output(int op, st_tensor *x) {
  switch (op) {
  case 0: return st_exp(x);
  case 1: return st_tanh(x);
  case 2: return st_sigmoid(x);
  case 3: return st_sqrt(x);
  case 4: return st_softmax(x, 0);
  case 5: return st_cumprod(x, 0);
  default: { /* exp_ writes its input: the saved output is the value after the write */
    st_tensor *y = st_mul_scalar(x, 1.0);
    st_exp_(y);
    return y;
  }
  }
}

static int loss_of_op(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  int op = *(const int *)ctx;
  CHECK(st_saved_tensors_hooks_push(clone_pack, clone_unpack, NULL, NULL) == 0);
  st_tensor *y = saves_its_output(op, in[0]);
  st_saved_tensors_hooks_pop();
  out[0] = st_sum_all(st_mul(y, st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, -2, 0.5})));
  return out[0] ? 0 : -1;
}

TEST(saved_hooks_pack_an_output_after_its_kernel_wrote_it) {
  for (int op = 0; op < 7; op++) {
    st_scope_push();
    st_tensor *g[2];
    for (int hooks = 0; hooks < 2; hooks++) {
      st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, 1.0, 2.0});
      st_set_requires_grad(x, true);
      if (hooks) CHECK(st_saved_tensors_hooks_push(clone_pack, clone_unpack, NULL, NULL) == 0);
      st_tensor *y = saves_its_output(op, x);
      if (hooks) st_saved_tensors_hooks_pop();
      st_tensor *w = st_from_data(ST_F64, ST_SHAPE(3), (double[]){1, -2, 0.5});
      CHECK(st_backward(st_sum_all(st_mul(y, w)), NULL, false, false) == 0);
      g[hooks] = st_grad_of(x);
    }
    CHECK(tu_values_close(g[1], g[0], 0));
    /* under st_grad: the hooks run inside the function, at the grad level */
    st_func *f = st_func_new(loss_of_op, &op, 1, 1), *gf = st_grad(f, 0, NULL);
    st_tensor *x = st_from_data(ST_F64, ST_SHAPE(3), (double[]){0.5, 1.0, 2.0}), *d = NULL;
    CHECK(st_call(gf, &x, &d) == 0);
    CHECK(tu_values_close(d, g[0], 0));
    st_func_release(gf);
    st_func_release(f);
    st_scope_pop();
  }
}
