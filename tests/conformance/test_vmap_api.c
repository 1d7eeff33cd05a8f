/* test_vmap_api.c — cases ported from functorch's test_vmap.py TestVmapAPI (in_dims and
   out_dims, nesting, captured tensors, errors: mismatched batch sizes, dims out of range, no
   batched input, non-tensor outputs, .item()) and TestRandomness (randomness modes). Values and
   outcomes are torch.vmap's, from gen_vmap.py. */
#include "conf.h"
#include "expected_vmap.h"

#define U ST_UNBATCHED

/* vmap(fn) with in_dims / out_dims (NULL: all 0) over in; the outputs land in out. */
static int run_vmap(st_fn fn, void *ctx, int nin, st_tensor *const *in, const int *in_dims,
                    int nout, const int *out_dims, st_tensor **out) {
  st_func *f = st_func_new(fn, ctx, nin, nout);
  st_func *v = f ? st_vmap_ex(f, &(st_vmap_opts){.in_dims = in_dims, .out_dims = out_dims}) : NULL;
  int rc = v ? st_call(v, in, out) : -1;
  st_func_release(v);
  st_func_release(f);
  return rc;
}

static st_tensor *vmap1(st_fn fn, void *ctx, int nin, st_tensor *const *in, const int *in_dims,
                        int out_dim) {
  st_tensor *out[1] = {0};
  return run_vmap(fn, ctx, nin, in, in_dims, 1, (int[]){out_dim}, out) ? NULL : out[0];
}

static int f_identity(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  return 0;
}
static int f_square(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[0]);
  return out[0] ? 0 : -1;
}
static int f_times2(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_mul_scalar(in[0], 2);
  return out[0] ? 0 : -1;
}
static int f_mul(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[1]);
  return out[0] ? 0 : -1;
}

/* test_vmap.py TestVmapAPI.test_non_tensor_output_raises (a function that leaves an output
   unset: C's non-tensor output) */
static int f_no_output(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)in, (void)nout, (void)out;
  return 0;
}
CONF_TEST(conf_vmap_api_non_tensor_output_raises) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3)), *out[1] = {0};
  CF_FAILS(run_vmap(f_no_output, NULL, 1, &x, NULL, 1, NULL, out) != 0, 0, NULL);
}

/* test_vmap.py TestVmapAPI.test_different_map_dim_size_raises */
CONF_TEST(conf_vmap_api_different_map_dim_size_raises) {
  st_tensor *in[2] = {st_randn(ST_F64, ST_SHAPE(2)), st_randn(ST_F64, ST_SHAPE(3))}, *out[1];
  CF_EQ_INT(VM_DIFFERENT_MAP_DIM_SIZE_RAISES, 1);
  CF_FAILS(run_vmap(f_mul, NULL, 2, in, NULL, 1, NULL, out) != 0, 0, "size");
}

/* test_vmap.py TestVmapAPI.test_func_with_no_inputs */
static int f_randn3(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)in, (void)nout;
  out[0] = st_randn(ST_F64, ST_SHAPE(3));
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_func_with_no_inputs) {
  st_tensor *out[1] = {0};
  CF_FAILS(run_vmap(f_randn3, NULL, 0, NULL, NULL, 1, NULL, out) != 0, 0, NULL);
}

/* test_vmap.py TestVmapAPI.test_func_with_no_tensors (every in_dim None) */
CONF_TEST(conf_vmap_api_func_with_no_tensors) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *out[1] = {0};
  CF_EQ_INT(VM_FUNC_WITH_NO_TENSORS_RAISES, 1);
  CF_FAILS(run_vmap(f_randn3, NULL, 1, &x, (int[]){U}, 1, NULL, out) != 0, 0, NULL);
}

/* test_vmap.py TestVmapAPI.test_constant_function */
static int f_const(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)in, (void)nout;
  out[0] = st_scalar(ST_F64, 3.14);
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_constant_function) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3));
  CF_EXPECT(vmap1(f_const, NULL, 1, &x, NULL, 0), vm_constant_function);
}

/* test_vmap.py TestVmapAPI.test_single_input, test_multiple_inputs */
CONF_TEST(conf_vmap_api_single_and_multiple_inputs) {
  st_tensor *x = CT(vm_single_x), *in[2] = {x, CT(vm_multiple_y)};
  CF_EXPECT(vmap1(f_square, NULL, 1, &x, NULL, 0), vm_single_out);
  CF_EXPECT(vmap1(f_mul, NULL, 2, in, NULL, 0), vm_multiple_inputs_out);
}

/* test_vmap.py TestVmapAPI.test_multiple_outputs */
static int f_square_cube(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_mul(in[0], in[0]);
  out[1] = st_mul(out[0], in[0]);
  return out[1] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_multiple_outputs) {
  st_tensor *x = CT(vm_outputs_x), *out[2] = {0};
  CF_OK(run_vmap(f_square_cube, NULL, 1, &x, NULL, 2, NULL, out));
  CF_EXPECT(out[0], vm_multiple_outputs_0);
  CF_EXPECT(out[1], vm_multiple_outputs_1);
}

/* vmap(inner) over the inputs, as a function value (for nesting). */
typedef struct {
  st_fn fn;
  void *ctx;
  int nin;
  const int *in_dims;
  int out_dim;
} nest_ctx;
static int f_nested(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  nest_ctx *n = c;
  (void)nin, (void)nout;
  out[0] = vmap1(n->fn, n->ctx, n->nin, in, n->in_dims, n->out_dim);
  return out[0] ? 0 : -1;
}

/* test_vmap.py TestVmapAPI.test_nested_with_same_map_dim */
CONF_TEST(conf_vmap_api_nested_with_same_map_dim) {
  st_tensor *in[2] = {CT(vm_nest_a), CT(vm_nest_b)};
  nest_ctx two = {f_mul, NULL, 2, NULL, 0}, three = {f_nested, &two, 2, NULL, 0};
  CF_EXPECT(vmap1(f_nested, &two, 2, in, NULL, 0), vm_nested_same_2);
  CF_EXPECT(vmap1(f_nested, &three, 2, in, NULL, 0), vm_nested_same_3);
}

/* x * y with x captured from the enclosing vmap (ctx) and y the inner lane; the three-level
   version captures x and y. */
typedef struct {
  st_tensor *x, *y, *z;
} captured;
static int f_times_captured(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_mul(((captured *)c)->x, in[0]);
  return out[0] ? 0 : -1;
}
static int f_outer_two(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  captured inner = {in[0], NULL, NULL};
  out[0] = vmap1(f_times_captured, &inner, 1, &((captured *)c)->y, NULL, 0);
  return out[0] ? 0 : -1;
}
static int f_times_two_captured(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  captured *k = c;
  out[0] = st_mul(st_mul(k->x, k->y), in[0]);
  return out[0] ? 0 : -1;
}
static int f_middle_three(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  captured *k = c, inner = {k->x, in[0], NULL};
  out[0] = vmap1(f_times_two_captured, &inner, 1, &k->z, NULL, 0);
  return out[0] ? 0 : -1;
}
static int f_outer_three(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  captured *k = c, mid = {in[0], NULL, k->z};
  out[0] = vmap1(f_middle_three, &mid, 1, &k->y, NULL, 0);
  return out[0] ? 0 : -1;
}

/* test_vmap.py TestVmapAPI.test_nested_with_different_map_dim */
CONF_TEST(conf_vmap_api_nested_with_different_map_dim) {
  st_tensor *x = CT(vm_diff_x);
  captured k = {NULL, CT(vm_diff_y), CT(vm_diff_z)};
  st_tensor *two = vmap1(f_outer_two, &k, 1, &x, NULL, 0);
  CF_EXPECT(two, vm_nested_different_2);
  CF_EXPECT(vmap1(f_outer_three, &k, 1, &x, NULL, 0), vm_nested_different_3);
}

/* test_vmap.py TestVmapAPI.test_noop_in_inner_vmap (the inner function returns the outer lane) */
static int f_return_captured(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)in, (void)nout;
  out[0] = st_retain(((captured *)c)->x);
  return 0;
}
static int f_outer_noop(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  captured inner = {in[0], NULL, NULL};
  out[0] = vmap1(f_return_captured, &inner, 1, &((captured *)c)->y, NULL, 0);
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_noop_in_inner_vmap) {
  st_tensor *x = CT(vm_noop_x);
  captured k = {NULL, CT(vm_noop_y), NULL};
  CF_EXPECT(vmap1(f_outer_noop, &k, 1, &x, NULL, 0), vm_noop_in_inner);
}

/* test_vmap.py TestVmapAPI.test_nonzero_out_dims */
static int f_foo3(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_retain(in[0]);
  out[1] = st_mul(in[0], in[1]);
  out[2] = st_mul(out[1], in[1]);
  return out[2] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_nonzero_out_dims) {
  st_tensor *t = CT(vm_outdims_t), *in[2] = {CT(vm_f3_x), CT(vm_f3_y)}, *out[3] = {0};
  CF_EXPECT(vmap1(f_identity, NULL, 1, &t, NULL, 1), vm_out_dims_1);
  CF_EXPECT(vmap1(f_identity, NULL, 1, &t, NULL, 2), vm_out_dims_2);
  CF_EXPECT(vmap1(f_identity, NULL, 1, &t, NULL, -1), vm_out_dims_neg1);
  CF_OK(run_vmap(f_foo3, NULL, 2, in, NULL, 3, (int[]){1, 1, 1}, out));
  CF_EXPECT(out[0], vm_foo_out_dims_1_0);
  CF_EXPECT(out[1], vm_foo_out_dims_1_1);
  CF_EXPECT(out[2], vm_foo_out_dims_1_2);
}

/* test_vmap.py TestVmapAPI.test_multiple_out_dims */
static int f_bar4(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  for (int i = 0; i < 3; i++) out[i] = st_retain(in[0]);
  out[3] = st_mul(in[0], in[1]);
  return out[3] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_multiple_out_dims) {
  st_tensor *in[2] = {CT(vm_f3_x), CT(vm_f3_y)}, *out[4] = {0};
  CF_OK(run_vmap(f_bar4, NULL, 2, in, NULL, 4, (int[]){-1, 0, 1, 2}, out));
  CF_EXPECT(out[0], vm_multiple_out_dims_0);
  CF_EXPECT(out[1], vm_multiple_out_dims_1);
  CF_EXPECT(out[2], vm_multiple_out_dims_2);
  CF_EXPECT(out[3], vm_multiple_out_dims_3);
}

/* test_vmap.py TestVmapAPI.test_nested_out_dims */
static int f_outer_times_captured(void *c, int nin, st_tensor *const *in, int nout,
                                  st_tensor **out) {
  (void)nin, (void)nout;
  captured inner = {in[0], NULL, NULL};
  out[0] = vmap1(f_times_captured, &inner, 1, &((captured *)c)->x, NULL, 1);
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_nested_out_dims) {
  st_tensor *t = CT(vm_outdims_t);
  nest_ctx in1 = {f_identity, NULL, 1, NULL, 1}, inm1 = {f_identity, NULL, 1, NULL, -1};
  CF_EXPECT(vmap1(f_nested, &in1, 1, &t, NULL, 0), vm_nested_out_dims_a);
  CF_EXPECT(vmap1(f_nested, &in1, 1, &t, NULL, 1), vm_nested_out_dims_b);
  CF_EXPECT(vmap1(f_nested, &inm1, 1, &t, NULL, -1), vm_nested_out_dims_c);
  captured k = {CT(vm_diff_x), NULL, NULL};
  st_tensor *y = CT(vm_diff_y);
  CF_EXPECT(vmap1(f_outer_times_captured, &k, 1, &y, NULL, -1), vm_nested_out_dims_d);
}

/* test_vmap.py TestVmapAPI.test_out_dims_none, test_out_dims_normal_tensor */
static int f_arange3(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)in, (void)nout;
  out[0] = st_arange(ST_F64, 0, 3, 1);
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_out_dims_none) {
  st_tensor *x = CT(vm_single_x);
  CF_EQ_INT(VM_OUT_DIMS_NONE_BATCHED_RAISES, 1);
  CF_FAILS(vmap1(f_identity, NULL, 1, &x, NULL, U) == NULL, 0, NULL);
  CF_EXPECT(vmap1(f_arange3, NULL, 1, &x, NULL, 0), vm_out_dims_normal_default);
  CF_EXPECT(vmap1(f_arange3, NULL, 1, &x, NULL, U), vm_out_dims_normal_none);
}

/* test_vmap.py TestVmapAPI.test_out_dim_out_of_bounds_err_msg */
CONF_TEST(conf_vmap_api_out_dim_out_of_bounds) {
  st_tensor *a = CT(vm_nest_a);
  CF_EQ_INT(VM_OUT_DIM_3_RAISES && VM_OUT_DIM_NEG4_RAISES, 1);
  CF_FAILS(vmap1(f_identity, NULL, 1, &a, NULL, 3) == NULL, 0, NULL);
  CF_FAILS(vmap1(f_identity, NULL, 1, &a, NULL, -4) == NULL, 0, NULL);
}

/* test_vmap.py TestVmapAPI.test_non_zero_in_dims, test_none_in_dims */
CONF_TEST(conf_vmap_api_in_dims) {
  st_tensor *a = CT(vm_nest_a), *x = CT(vm_single_x), *y = CT(vm_multiple_y);
  st_tensor *ym = CT(vm_in_dims_y);
  CF_EXPECT(vmap1(f_identity, NULL, 1, &a, (int[]){1}, 0), vm_in_dims_1_identity);
  CF_EXPECT(vmap1(f_mul, NULL, 2, (st_tensor *[]){x, ym}, (int[]){0, 1}, 0), vm_in_dims_0_1);
  CF_EXPECT(vmap1(f_mul, NULL, 2, (st_tensor *[]){ym, x}, (int[]){1, 0}, 0), vm_in_dims_1_0);
  CF_EXPECT(vmap1(f_mul, NULL, 2, (st_tensor *[]){x, y}, (int[]){0, U}, 0), vm_none_in_dims);
  CF_EXPECT(vmap1(f_mul, NULL, 2, (st_tensor *[]){x, y}, (int[]){-1, -1}, 0),
            vm_nested_negative_in_dims);
}

/* test_vmap.py TestVmapAPI.test_nested_non_default_in_dims */
CONF_TEST(conf_vmap_api_nested_non_default_in_dims) {
  st_tensor *in[2] = {CT(vm_nnd_x), CT(vm_nnd_y)};
  nest_ctx inner = {f_mul, NULL, 2, NULL, 0}, middle = {f_nested, &inner, 2, (int[]){1, 0}, 0};
  CF_EXPECT(vmap1(f_nested, &middle, 2, in, (int[]){1, 2}, 0), vm_nested_non_default_in_dims);
}

/* test_vmap.py TestVmapAPI.test_non_default_in_dims_out_dims */
CONF_TEST(conf_vmap_api_non_default_in_dims_out_dims) {
  st_tensor *a = CT(vm_nest_a);
  st_tensor *same = vmap1(f_identity, NULL, 1, &a, (int[]){1}, 1);
  double *want = malloc(sizeof(double) * 30);
  if (want && !st_to_f64(a, want, 30))
    conf_expect_values(__FILE__, __LINE__, "identity in 1 out 1", same, 3,
                       (const int64_t[]){2, 3, 5}, want, CF_RTOL);
  free(want);
  CF_EXPECT(vmap1(f_identity, NULL, 1, &a, (int[]){2}, 1), vm_in2_out1_identity);
  CF_EXPECT(vmap1(f_times2, NULL, 1, &a, (int[]){2}, 1), vm_in2_out1_times2);
  nest_ctx inner = {f_times2, NULL, 1, (int[]){1}, 1};
  CF_EXPECT(vmap1(f_nested, &inner, 1, &a, (int[]){1}, 1), vm_nested_1_1_times2);
}

/* test_vmap.py TestVmapAPI.test_item_throws */
static int f_item(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  double v = st_item(in[0]);
  if (isnan(v) && st_last_status()) return st_last_status();
  out[0] = st_scalar(ST_F64, v);
  return 0;
}
CONF_TEST(conf_vmap_api_item_throws) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3));
  CF_FAILS(vmap1(f_item, NULL, 1, &x, NULL, 0) == NULL, ST_ERR_TRANSFORM, NULL);
}

/* test_vmap.py TestVmapAPI.test_in_dim_not_in_tensor_err_msg */
CONF_TEST(conf_vmap_api_in_dim_not_in_tensor) {
  st_tensor *s = st_randn(ST_F64, 0, NULL), *x = CT(vm_single_x);
  CF_EQ_INT(VM_IN_DIM_0_OF_SCALAR_RAISES && VM_IN_DIM_NEG3_RAISES && VM_IN_DIM_2_RAISES, 1);
  CF_FAILS(vmap1(f_square, NULL, 1, &s, NULL, 0) == NULL, 0, NULL);
  CF_FAILS(vmap1(f_square, NULL, 1, &x, (int[]){-3}, 0) == NULL, 0, NULL);
  CF_FAILS(vmap1(f_square, NULL, 1, &x, (int[]){2}, 0) == NULL, 0, NULL);
  CF_EQ_INT(vmap1(f_square, NULL, 1, &x, (int[]){1}, 0) != NULL, VM_IN_DIM_1_OK);
}

/* test_vmap.py TestVmapAPI.test_batch_rule_does_not_need_to_handle_no_batched_input */
static int f_plus_dot(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_add(in[0], st_dot(in[1], st_ones(ST_F64, ST_SHAPE(2))));
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_batch_rule_without_batched_input) {
  st_tensor *in[2] = {CT(vm_nbi_x), CT(vm_nbi_y)};
  nest_ctx inner = {f_plus_dot, NULL, 2, (int[]){0, U}, 0};
  CF_EXPECT(vmap1(f_nested, &inner, 2, in, (int[]){U, 0}, 0), vm_no_batched_input);
}

/* test_vmap.py TestVmapAPI.test_batched_gradient_basic (autograd.grad with a batched
   grad_output inside vmap: the Jacobian) */
static int f_vjp_mul(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  captured *k = c;
  st_tensor *prod = st_mul(k->x, k->y), *v = in[0];
  return st_autograd_grad(1, &prod, &v, 1, &k->x, out, NULL);
}
CONF_TEST(conf_vmap_api_batched_gradient_basic) {
  st_tensor *x = CT(vm_bgb_x);
  st_set_requires_grad(x, true);
  captured k = {x, CT(vm_bgb_y), NULL};
  st_tensor *eye = st_eye(ST_F64, 3, 3);
  CF_EXPECT(vmap1(f_vjp_mul, &k, 1, &eye, NULL, 0), vm_batched_gradient_basic);
}

/* test_vmap.py TestVmapAPI.test_fallback_zero_dim (a batch of size 0, for an op with a
   batching rule) */
static int f_sin(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_sin(in[0]);
  return out[0] ? 0 : -1;
}
CONF_TEST(conf_vmap_api_batch_size_zero) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(0, 3));
  CF_EXPECT(vmap1(f_sin, NULL, 1, &x, NULL, 0), vm_batch_size_zero);
}

/* test_vmap.py TestVmapOperators.test_vmap_chunksize_error (a negative chunk size; strata's 0
   means "all at once", torch's None) */
CONF_TEST(conf_vmap_api_chunk_size_negative) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4, 3)), *out[1] = {0};
  st_func *f = st_func_new(f_sin, NULL, 1, 1);
  st_func *v = st_vmap_ex(f, &(st_vmap_opts){.chunk_size = -1});
  bool failed = !v || st_call(v, &x, out) != 0;
  CF_EQ_INT(failed, VM_CHUNK_SIZE_NEGATIVE_RAISES);
  st_clear_error();
  st_func_release(v);
  st_func_release(f);
}

/* ------------------------------------------------------------------------- randomness */

static int f_randn_like3(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)in, (void)nout;
  out[0] = st_randn(ST_F64, ST_SHAPE(3));
  return out[0] ? 0 : -1;
}
static st_tensor *random_vmap(st_fn fn, st_randomness_mode mode, int64_t chunk, st_tensor *x,
                              const int *in_dims, int nin, st_tensor **more) {
  st_tensor *in[2] = {x, more ? more[0] : NULL}, *out[1] = {0};
  st_func *f = st_func_new(fn, NULL, nin, 1);
  st_func *v =
      st_vmap_ex(f, &(st_vmap_opts){.in_dims = in_dims, .chunk_size = chunk, .randomness = mode});
  int rc = v ? st_call(v, in, out) : -1;
  st_func_release(v);
  st_func_release(f);
  return rc ? NULL : out[0];
}

/* How many pairs of lanes (dim 0) of t are equal. */
static int equal_lane_pairs(st_tensor *t) {
  int64_t B = st_size(t, 0), n = st_numel(t), per = B ? n / B : 0;
  double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
  int equal = 0;
  if (v && !st_to_f64(t, v, n))
    for (int64_t i = 0; i < B; i++)
      for (int64_t j = i + 1; j < B; j++)
        equal += !memcmp(v + i * per, v + j * per, sizeof(double) * (size_t)per);
  free(v);
  return equal;
}

/* test_vmap.py TestRandomness.test_factory_ops (error, same, different) */
CONF_TEST(conf_vmap_random_factory_ops) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(4));
  CF_EQ_INT(VM_RANDOM_ERROR_MODE_RAISES, 1);
  CF_FAILS(random_vmap(f_randn_like3, ST_RANDOMNESS_ERROR, 0, x, NULL, 1, NULL) == NULL, 0,
           "random");
  st_tensor *same = random_vmap(f_randn_like3, ST_RANDOMNESS_SAME, 0, x, NULL, 1, NULL);
  st_tensor *diff = random_vmap(f_randn_like3, ST_RANDOMNESS_DIFFERENT, 0, x, NULL, 1, NULL);
  CF_CHECK(same && diff);
  if (same && diff) {
    CF_EQ_INT(equal_lane_pairs(same), 6); /* 4 lanes: every pair equal */
    CF_EQ_INT(equal_lane_pairs(diff), 0); /* every pair distinct */
  }
}

/* x + randn_like(x): the like functions follow the randomness mode too */
static int f_plus_noise(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_add(st_sin(in[0]), st_rand_like(in[0]));
  return out[0] ? 0 : -1;
}

/* test_vmap.py TestRandomness.test_like_functions and TestVmapOperators.test_vmap_chunksize
   ("different" randomness: lanes differ, and do not depend on the chunk size) */
CONF_TEST(conf_vmap_random_like_functions_and_chunks) {
  st_tensor *x = st_zeros(ST_F64, ST_SHAPE(4, 5));
  st_manual_seed(7);
  st_tensor *whole = random_vmap(f_plus_noise, ST_RANDOMNESS_DIFFERENT, 0, x, NULL, 1, NULL);
  CF_CHECK(whole && equal_lane_pairs(whole) == 0);
  for (int64_t chunk = 1; chunk <= 4 && whole; chunk++) {
    st_manual_seed(7);
    st_tensor *c = random_vmap(f_plus_noise, ST_RANDOMNESS_DIFFERENT, chunk, x, NULL, 1, NULL);
    double a[20], b[20];
    CF_CHECK(c && !st_to_f64(whole, a, 20) && !st_to_f64(c, b, 20) && !memcmp(a, b, sizeof a));
  }
  CF_FAILS(random_vmap(f_plus_noise, ST_RANDOMNESS_ERROR, 0, x, NULL, 1, NULL) == NULL, 0, NULL);
}

/* x + dropout(y).mean(1) with y unbatched */
static int f_dropout_unbatched(void *c, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)c, (void)nin, (void)nout;
  out[0] = st_add(in[0], st_mean(st_dropout(in[1], 0.5, true), 1, (int[]){1}, false));
  return out[0] ? 0 : -1;
}

/* test_vmap.py TestRandomness.test_dropout_unbatched */
CONF_TEST(conf_vmap_random_dropout_unbatched) {
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3)), *y = st_randn(ST_F64, ST_SHAPE(1, 3));
  int dims[2] = {0, U};
  CF_EQ_INT(VM_RANDOM_DROPOUT_UNBATCHED_ERROR_RAISES, 1);
  CF_FAILS(random_vmap(f_dropout_unbatched, ST_RANDOMNESS_ERROR, 0, x, dims, 2, &y) == NULL, 0,
           NULL);
  CF_EQ_INT(random_vmap(f_dropout_unbatched, ST_RANDOMNESS_SAME, 0, x, dims, 2, &y) != NULL,
            VM_RANDOM_DROPOUT_UNBATCHED_SAME_OK);
  CF_CHECK(random_vmap(f_dropout_unbatched, ST_RANDOMNESS_DIFFERENT, 0, x, dims, 2, &y) != NULL);
}
