/* test_conform_vmap.c — vmap's in_dims / out_dims, values and errors, ported from
   test/functorch/test_vmap.py (TestVmapAPI) with expected values from torch.func
   (gen_conform.py). torch.func's None is ST_UNBATCHED. */
#include "conform_expected.h"
#include "tx.h"
#include "util.h"

#define CHECK_EXP(t, arr, tol)                                                                     \
  st_test_close(__FILE__, __LINE__, (t), (arr), (int64_t)(sizeof(arr) / sizeof(double)), (tol))

static int id_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin;
  for (int j = 0; j < nout; j++) out[j] = st_retain(in[0]);
  return 0;
}
static int mul_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_mul(in[0], in[1])) ? 0 : -1;
}
static int double_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return (out[0] = st_mul_scalar(in[0], 2)) ? 0 : -1;
}
static int arange_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout, (void)in;
  return (out[0] = st_arange(ST_F64, 0, 3, 1)) ? 0 : -1;
}

static st_tensor *t235(void) { return tu_tensor(ST_F64, ST_SHAPE(2, 3, 5), VMAP_T235); }

static st_tensor *vcall(st_func *f, st_tensor *const *in, int j) {
  st_tensor *out[4] = {0};
  return st_call(f, in, out) == 0 ? out[j] : NULL;
}

/* test_vmap.py TestVmapAPI.test_nonzero_out_dims */
TEST(conform_vmap_nonzero_out_dims) {
  st_tensor *x = t235();
  st_func *f = st_func_new(id_fn, NULL, 1, 1), *v2 = st_vmap(f, NULL, (const int[]){2}),
          *vm1 = st_vmap(f, NULL, (const int[]){-1});
  st_tensor *r = vcall(v2, &x, 0);
  CHECK_SHAPE(r, 3, 5, 2);
  CHECK_EXP(r, VMAP_NONZERO_OUT_DIMS_0, 0);
  r = vcall(vm1, &x, 0);
  CHECK_SHAPE(r, 3, 5, 2);
  CHECK_EXP(r, VMAP_NONZERO_OUT_DIMS_1, 0);
  st_func_release(vm1);
  st_func_release(v2);
  st_func_release(f);
}

static int four_out_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  for (int j = 0; j < 3; j++) out[j] = st_retain(in[0]);
  return (out[3] = st_mul(in[0], in[1])) ? 0 : -1;
}

/* test_vmap.py TestVmapAPI.test_multiple_out_dims */
TEST(conform_vmap_multiple_out_dims) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3, 5), VMAP_MULTIPLE_OUT_DIMS_XY_0),
                      tu_tensor(ST_F64, ST_SHAPE(2, 3, 5), VMAP_MULTIPLE_OUT_DIMS_XY_1)};
  st_func *f = st_func_new(four_out_fn, NULL, 2, 4),
          *v = st_vmap(f, NULL, (const int[]){-1, 0, 1, 2});
  st_tensor *out[4] = {0};
  CHECK(st_call(v, in, out) == 0);
  CHECK_EXP(out[0], VMAP_MULTIPLE_OUT_DIMS_0, 0);
  CHECK_EXP(out[1], VMAP_MULTIPLE_OUT_DIMS_1, 0);
  CHECK_EXP(out[2], VMAP_MULTIPLE_OUT_DIMS_2, 0);
  CHECK_EXP(out[3], VMAP_MULTIPLE_OUT_DIMS_3, 1e-15);
  CHECK_SHAPE(out[2], 3, 2, 5);
  st_func_release(v);
  st_func_release(f);
}

static int inner_out1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *f = st_func_new(id_fn, NULL, 1, 1), *v = st_vmap(f, NULL, ctx);
  st_tensor *r = vcall(v, in, 0);
  st_func_release(v);
  st_func_release(f);
  return (out[0] = r) ? 0 : -1;
}

/* test_vmap.py TestVmapAPI.test_nested_out_dims */
TEST(conform_vmap_nested_out_dims) {
  st_tensor *y = tu_tensor(ST_F64, ST_SHAPE(2, 3, 5, 7), VMAP_NESTED_OUT_DIMS_Y);
  st_func *a = st_func_new(inner_out1, (int[]){1}, 1, 1), *va = st_vmap(a, NULL, NULL);
  st_func *b = st_func_new(inner_out1, (int[]){-1}, 1, 1),
          *vb = st_vmap(b, NULL, (const int[]){-1});
  st_tensor *r = vcall(va, &y, 0);
  CHECK_SHAPE(r, 2, 5, 3, 7);
  CHECK_EXP(r, VMAP_NESTED_OUT_DIMS_0, 0);
  r = vcall(vb, &y, 0);
  CHECK_SHAPE(r, 5, 7, 3, 2);
  CHECK_EXP(r, VMAP_NESTED_OUT_DIMS_1, 0);
  st_func *fs[] = {vb, b, va, a};
  for (int k = 0; k < 4; k++) st_func_release(fs[k]);
}

/* test_vmap.py TestVmapAPI.test_non_zero_in_dims */
TEST(conform_vmap_non_zero_in_dims) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), VMAP_NON_ZERO_IN_DIMS_XY_0),
                      tu_tensor(ST_F64, ST_SHAPE(3, 2), VMAP_NON_ZERO_IN_DIMS_XY_1)};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *v01 = st_vmap(f, (const int[]){0, 1}, NULL),
          *v10 = st_vmap(f, (const int[]){1, 0}, NULL);
  CHECK_EXP(vcall(v01, in, 0), VMAP_NON_ZERO_IN_DIMS_0, 1e-15);
  CHECK_EXP(vcall(v10, in, 0), VMAP_NON_ZERO_IN_DIMS_1, 1e-15);
  st_func_release(v10);
  st_func_release(v01);
  st_func_release(f);
}

/* test_vmap.py TestVmapAPI.test_none_in_dims and test_nested_negative_in_dims */
TEST(conform_vmap_none_and_negative_in_dims) {
  st_tensor *in[2] = {tu_tensor(ST_F64, ST_SHAPE(2, 3), VMAP_NONE_IN_DIMS_XY_0),
                      tu_tensor(ST_F64, ST_SHAPE(2, 3), VMAP_NONE_IN_DIMS_XY_1)};
  st_func *f = st_func_new(mul_fn, NULL, 2, 1),
          *vn = st_vmap(f, (const int[]){0, ST_UNBATCHED}, NULL),
          *vneg = st_vmap(f, (const int[]){-1, -1}, NULL);
  st_tensor *r = vcall(vn, in, 0);
  CHECK_SHAPE(r, 2, 2, 3);
  CHECK_EXP(r, VMAP_NONE_IN_DIMS, 1e-15);
  r = vcall(vneg, in, 0);
  CHECK_SHAPE(r, 3, 2);
  CHECK_EXP(r, VMAP_NESTED_NEGATIVE_IN_DIMS, 1e-15);
  st_func_release(vneg);
  st_func_release(vn);
  st_func_release(f);
}

static int ret_ctx(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout, (void)in;
  out[0] = st_retain(ctx);
  return 0;
}

static int noop_inner(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  /* vmap(lambda y: x)(ys): the captured x does not depend on the inner batch */
  st_tensor *ys = ctx;
  st_func *f = st_func_new(ret_ctx, in[0], 1, 1), *v = st_vmap(f, NULL, NULL);
  st_tensor *r = vcall(v, &ys, 0);
  st_func_release(v);
  st_func_release(f);
  return (out[0] = r) ? 0 : -1;
}

/* test_vmap.py TestVmapAPI.test_noop_in_inner_vmap: an output that does not depend on the
   inner batch is expanded to it */
TEST(conform_vmap_noop_in_inner_vmap) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), VMAP_NOOP_INNER_XY_0);
  st_tensor *y = tu_tensor(ST_F64, ST_SHAPE(5), VMAP_NOOP_INNER_XY_1);
  st_func *f = st_func_new(noop_inner, y, 1, 1), *v = st_vmap(f, NULL, NULL);
  st_tensor *r = vcall(v, &x, 0);
  CHECK_SHAPE(r, 3, 5);
  CHECK_EXP(r, VMAP_NOOP_INNER, 0);
  st_func_release(v);
  st_func_release(f);
}

/* test_vmap.py TestVmapAPI.test_constant_function and test_out_dims_normal_tensor: an output
   that does not depend on the batch is expanded, or returned as is with out_dims None */
TEST(conform_vmap_unbatched_output_expanded_or_kept) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3));
  st_func *f = st_func_new(arange_fn, NULL, 1, 1), *v = st_vmap(f, NULL, NULL),
          *vn = st_vmap(f, NULL, (const int[]){ST_UNBATCHED});
  st_tensor *r = vcall(v, &x, 0);
  CHECK_SHAPE(r, 2, 3);
  CHECK_CLOSE(r, 0, 0, 1, 2, 0, 1, 2);
  r = vcall(vn, &x, 0);
  CHECK_SHAPE(r, 3);
  CHECK_CLOSE(r, 0, 0, 1, 2);
  st_func_release(vn);
  st_func_release(v);
  st_func_release(f);
}

/* test_vmap.py TestVmapAPI.test_out_dims_none: a batched output with out_dims None is refused,
   whatever the chunking, nesting or transform around it */
TEST(conform_vmap_out_dims_none_refuses_batched_output) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3)), *X = st_ones(ST_F64, ST_SHAPE(4, 2, 3)),
            *r = NULL;
  st_func *f = st_func_new(double_fn, NULL, 1, 1),
          *vn = st_vmap(f, NULL, (const int[]){ST_UNBATCHED}),
          *vc = st_vmap_ex(
              f, &(st_vmap_opts){.out_dims = (const int[]){ST_UNBATCHED}, .chunk_size = 1}),
          *vv = st_vmap(vn, NULL, NULL), *jf = st_jacfwd(vn, 0), *jr = st_jacrev(vn, 0);
  CHECK_FAILS(st_call(vn, &x, &r) != 0, ST_ERR_TRANSFORM,
              "output 0 is batched but out_dims[0] is ST_UNBATCHED");
  CHECK_FAILS(st_call(vc, &x, &r) != 0, ST_ERR_TRANSFORM, "out_dims[0] is ST_UNBATCHED");
  CHECK_FAILS(st_call(vv, &X, &r) != 0, ST_ERR_TRANSFORM, "out_dims[0] is ST_UNBATCHED");
  CHECK_FAILS(st_call(jf, &x, &r) != 0, ST_ERR_TRANSFORM, "out_dims[0] is ST_UNBATCHED");
  CHECK_FAILS(st_call(jr, &x, &r) != 0, ST_ERR_TRANSFORM, "out_dims[0] is ST_UNBATCHED");
  CHECK(r == NULL);
  st_func *fs[] = {jr, jf, vv, vc, vn, f};
  for (int k = 0; k < 6; k++) st_func_release(fs[k]);
}

/* test_vmap.py TestVmapAPI.test_out_dim_out_of_bounds_err_msg */
TEST(conform_vmap_out_dim_out_of_bounds) {
  st_tensor *x = t235(), *r = NULL;
  st_func *f = st_func_new(id_fn, NULL, 1, 1), *v3 = st_vmap(f, NULL, (const int[]){3}),
          *vm4 = st_vmap(f, NULL, (const int[]){-4});
  CHECK_FAILS(st_call(v3, &x, &r) != 0, ST_ERR_ARG, "out_dims[0] = 3 is out of range");
  CHECK_FAILS(st_call(vm4, &x, &r) != 0, ST_ERR_ARG, "out_dims[0] = -4 is out of range");
  st_func_release(vm4);
  st_func_release(v3);
  st_func_release(f);
}

/* test_vmap.py TestVmapAPI.test_in_dim_not_in_tensor_err_msg */
TEST(conform_vmap_in_dim_not_in_tensor) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2, 3)), *s = st_scalar(ST_F64, 1), *r = NULL;
  st_func *f = st_func_new(double_fn, NULL, 1, 1), *v = st_vmap(f, NULL, NULL),
          *vm3 = st_vmap(f, (const int[]){-3}, NULL), *v2 = st_vmap(f, (const int[]){2}, NULL),
          *v1 = st_vmap(f, (const int[]){1}, NULL);
  CHECK_FAILS(st_call(v, &s, &r) != 0, ST_ERR_ARG, "a 0-dim tensor cannot be batched");
  CHECK_FAILS(st_call(vm3, &x, &r) != 0, ST_ERR_ARG, "in_dims[0] = -3 is out of range");
  CHECK_FAILS(st_call(v2, &x, &r) != 0, ST_ERR_ARG, "in_dims[0] = 2 is out of range");
  CHECK(st_call(v1, &x, &r) == 0); /* the following should not throw */
  CHECK_SHAPE(r, 3, 2);
  st_func *fs[] = {v1, v2, vm3, v, f};
  for (int k = 0; k < 5; k++) st_func_release(fs[k]);
}

/* test_vmap.py TestVmapAPI.test_different_map_dim_size_raises */
TEST(conform_vmap_different_map_dim_size_raises) {
  st_tensor *in[2] = {st_ones(ST_F64, ST_SHAPE(2)), st_ones(ST_F64, ST_SHAPE(3))}, *r = NULL;
  st_func *f = st_func_new(mul_fn, NULL, 2, 1), *v = st_vmap(f, NULL, NULL);
  CHECK_FAILS(st_call(v, in, &r) != 0, ST_ERR_SHAPE, "inconsistent batch sizes");
  st_func_release(v);
  st_func_release(f);
}

/* test_vmap.py TestVmapAPI.test_func_with_no_tensors: nothing batched is an error */
TEST(conform_vmap_func_with_no_batched_inputs) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(2)), *r = NULL;
  st_func *f = st_func_new(double_fn, NULL, 1, 1),
          *v = st_vmap(f, (const int[]){ST_UNBATCHED}, NULL);
  CHECK_FAILS(st_call(v, &x, &r) != 0, ST_ERR_ARG, "no argument is batched");
  st_func_release(v);
  st_func_release(f);
}

/* ----------------------------------------------------------------- custom functions' rules */

static int cube_fwd(void *u, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)u, (void)nin, (void)nout;
  return (out[0] = st_pow_scalar(in[0], 3)) ? 0 : -1;
}
static int cube_vmap(void *user, int B, const int *in_dims, st_tensor *const *in, st_tensor **out,
                     int *out_dims) {
  (void)user, (void)B;
  out_dims[0] = in_dims[0];
  return (out[0] = st_pow_scalar(in[0], 3)) ? 0 : -1;
}
static const st_custom_fn BOTH_RULES = {.name = "NumpyCube",
                                        .nin = 1,
                                        .nout = 1,
                                        .forward = cube_fwd,
                                        .vmap = cube_vmap,
                                        .generate_vmap_rule = true};

static int apply_both(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  return st_custom_apply(&BOTH_RULES, in, out);
}

/* test_eager_transforms.py TestAutogradFunctionVmapAPI
   .test_has_vmap_staticmethod_and_has_generate_vmap_rule: refused under vmap, fine outside */
TEST(conform_custom_vmap_rule_and_generate_vmap_rule_is_an_error) {
  st_tensor *x = st_ones(ST_F64, ST_SHAPE(3)), *r = NULL;
  st_func *f = st_func_new(apply_both, NULL, 1, 1), *v = st_vmap(f, NULL, NULL);
  CHECK_FAILS(st_call(v, &x, &r) != 0, ST_ERR_ARG,
              "NumpyCube: has both a vmap rule and generate_vmap_rule");
  CHECK(st_custom_apply(&BOTH_RULES, &x, &r) == 0);
  CHECK_CLOSE(r, 0, 1, 1, 1);
  st_func_release(v);
  st_func_release(f);
}
