"""gen_vmap.py - torch.vmap's values and outcomes for test_vmap_api.c (test_vmap.py TestVmapAPI
and TestRandomness, ported case by case), written to expected_vmap.h.

    bench/.venv/bin/python tests/conformance/gen_vmap.py
"""
import os

import torch
from torch.func import vmap

import gen_common as G
from gen_common import HERE, raises

H = G.Header(os.path.join(HERE, "expected_vmap.h"), "gen_vmap.py",
             "test_vmap.py TestVmapAPI / TestRandomness cases: inputs, torch.vmap's values, VM_* "
             "flags.")


def rnd(name, *shape):
    return torch.randn(shape, generator=G.generator(name))


def arr(name, t):
    H.array(f"vm_{name}", t)


def flag(name, v):
    H.define(f"VM_{name.upper()}", int(bool(v)))


# test_different_map_dim_size_raises
flag("different_map_dim_size_raises", raises(lambda: vmap(torch.mul)(torch.randn(2),
                                                                     torch.randn(3))))
# test_func_with_no_tensors
flag("func_with_no_tensors_raises", raises(lambda: vmap(lambda x: torch.randn(3), (None,))(1)))
# test_constant_function
arr("constant_function", vmap(lambda x: torch.tensor(3.14))(torch.ones(3)))
# test_single_input / test_multiple_inputs / test_multiple_outputs
x = rnd("single", 2, 3)
arr("single_x", x)
arr("single_out", vmap(lambda x: x * x)(x))
y = rnd("multiple_y", 2, 3)
arr("multiple_y", y)
arr("multiple_inputs_out", vmap(torch.mul)(x, y))
x3 = rnd("outputs", 3)
arr("outputs_x", x3)
o = vmap(lambda x: (x * x, x * x * x))(x3)
arr("multiple_outputs_0", o[0])
arr("multiple_outputs_1", o[1])
# test_nested_with_same_map_dim
a, b = rnd("nest_a", 2, 3, 5), rnd("nest_b", 2, 3, 5)
arr("nest_a", a)
arr("nest_b", b)
arr("nested_same_2", vmap(vmap(torch.mul))(a, b))
arr("nested_same_3", vmap(vmap(vmap(torch.mul)))(a, b))
# test_nested_with_different_map_dim
xd, yd, zd = rnd("diff_x", 2, 3), rnd("diff_y", 5, 3), rnd("diff_z", 7, 3)
arr("diff_x", xd)
arr("diff_y", yd)
arr("diff_z", zd)
arr("nested_different_2", vmap(lambda x: vmap(lambda y: x * y)(yd))(xd))
arr("nested_different_3", vmap(lambda x: vmap(lambda y: vmap(lambda z: x * y * z)(zd))(yd))(xd))
# test_noop_in_inner_vmap
xn, yn = rnd("noop_x", 3), rnd("noop_y", 5)
arr("noop_x", xn)
arr("noop_y", yn)
arr("noop_in_inner", vmap(lambda x: vmap(lambda y: x)(yn))(xn))
# test_nonzero_out_dims / test_multiple_out_dims / test_nested_out_dims
t = rnd("outdims_t", 2, 3, 5, 7)
arr("outdims_t", t)
arr("out_dims_1", vmap(lambda x: x, out_dims=1)(t))
arr("out_dims_2", vmap(lambda x: x, out_dims=2)(t))
arr("out_dims_neg1", vmap(lambda x: x, out_dims=-1)(t))
f3 = rnd("outdims_f3x", 2, 3, 5), rnd("outdims_f3y", 2, 3, 5)
arr("f3_x", f3[0])
arr("f3_y", f3[1])
r = vmap(lambda x, y: (x, x * y, x * y * y), out_dims=1)(*f3)
for i in range(3):
    arr(f"foo_out_dims_1_{i}", r[i])
r = vmap(lambda x, y: (x, x, x, x * y), out_dims=(-1, 0, 1, 2))(*f3)
for i in range(4):
    arr(f"multiple_out_dims_{i}", r[i])
arr("nested_out_dims_a", vmap(lambda y: vmap(lambda x: x, out_dims=1)(y))(t))
arr("nested_out_dims_b", vmap(lambda y: vmap(lambda x: x, out_dims=1)(y), out_dims=1)(t))
arr("nested_out_dims_c", vmap(lambda y: vmap(lambda x: x, out_dims=-1)(y), out_dims=-1)(t))
arr("nested_out_dims_d",
    vmap(lambda y: vmap(lambda x: x * y, out_dims=1)(xd), out_dims=-1)(yd))
# test_out_dims_none / test_out_dims_normal_tensor
flag("out_dims_none_batched_raises", raises(lambda: vmap(lambda x: x, out_dims=None)(x)))
arr("out_dims_normal_default", vmap(lambda x: torch.arange(3.0))(x))
arr("out_dims_normal_none", vmap(lambda x: torch.arange(3.0), out_dims=None)(x))
# test_out_dim_out_of_bounds_err_msg
flag("out_dim_3_raises", raises(lambda: vmap(lambda x: x, out_dims=3)(a)))
flag("out_dim_neg4_raises", raises(lambda: vmap(lambda x: x, out_dims=-4)(a)))
# test_non_zero_in_dims / test_none_in_dims / nested
arr("in_dims_1_identity", vmap(lambda x: x, (1,))(a))
ym = rnd("in_dims_y", 3, 2)
arr("in_dims_y", ym)
arr("in_dims_0_1", vmap(torch.mul, (0, 1))(x, ym))
arr("in_dims_1_0", vmap(torch.mul, (1, 0))(ym, x))
arr("none_in_dims", vmap(torch.mul, (0, None))(x, y))
xr, yr = rnd("nnd_x", 5, 2, 3), rnd("nnd_y", 3, 5, 2)
arr("nnd_x", xr)
arr("nnd_y", yr)
arr("nested_non_default_in_dims", vmap(vmap(vmap(torch.mul), (1, 0)), (1, 2))(xr, yr))
arr("nested_negative_in_dims", vmap(torch.mul, (-1, -1))(x, y))
arr("in2_out1_identity", vmap(lambda x: x, in_dims=2, out_dims=1)(a))
arr("in2_out1_times2", vmap(lambda x: x * 2, in_dims=2, out_dims=1)(a))
arr("nested_1_1_times2", vmap(vmap(lambda x: x * 2, 1, 1), 1, 1)(a))
# test_in_dim_not_in_tensor_err_msg
flag("in_dim_0_of_scalar_raises", raises(lambda: vmap(lambda x: x * x)(torch.randn([]))))
flag("in_dim_neg3_raises", raises(lambda: vmap(lambda x: x * x, in_dims=(-3,))(x)))
flag("in_dim_2_raises", raises(lambda: vmap(lambda x: x * x, in_dims=(2,))(x)))
flag("in_dim_1_ok", not raises(lambda: vmap(lambda x: x * x, in_dims=(1,))(x)))
# test_batch_rule_does_not_need_to_handle_no_batched_input
xb, yb = rnd("nbi_x", 7, 5), rnd("nbi_y", 3, 2)
arr("nbi_x", xb)
arr("nbi_y", yb)
arr("no_batched_input", vmap(vmap(lambda x, y: x + torch.dot(y, torch.ones(2)), in_dims=(0, None)),
                             in_dims=(None, 0))(xb, yb))
# test_batched_gradient_basic
N = 3
xg = rnd("bgb_x", N).requires_grad_()
yg = rnd("bgb_y", N)
arr("bgb_x", xg)
arr("bgb_y", yg)
arr("batched_gradient_basic",
    vmap(lambda v: torch.autograd.grad([xg * yg], [xg], grad_outputs=[v])[0])(torch.eye(N)))
# batch size 0 (test_fallback_zero_dim: an op with a batching rule)
arr("batch_size_zero", vmap(torch.sin)(torch.randn(0, 3)))
# test_vmap_chunksize_error
flag("chunk_size_negative_raises",
     raises(lambda: vmap(torch.sin, chunk_size=-1)(torch.randn(4, 3))))
# TestRandomness: error mode raises, same / different run
flag("random_error_mode_raises",
     raises(lambda: vmap(lambda x: torch.randn(3), randomness="error")(torch.randn(4))))
flag("random_dropout_unbatched_error_raises",
     raises(lambda: vmap(lambda x, y: x + torch.nn.functional.dropout(y, p=0.5).mean(1),
                         in_dims=(0, None))(torch.randn(3), torch.randn(1, 3))))
flag("random_dropout_unbatched_same_ok", not raises(
    lambda: vmap(lambda x, y: x + torch.nn.functional.dropout(y, p=0.5).mean(1),
                 in_dims=(0, None), randomness="same")(torch.randn(3), torch.randn(1, 3))))
H.write()
