"""gen_programs.py - program cases (tests/difffuzz/prog.h's language) with torch's values:

  expected_ops_autograd.h  eager autograd of every op strata and torch share: value, gradient
                           and second derivative (conf.h CONF_EAGER), ported from
                           test_autograd.py (gradcheck / gradgradcheck of its method_tests, now
                           test_ops_gradients.py TestBwdGradients over OpInfos) and a few
                           TestAutograd cases that check an op's gradient;
  expected_ops_vmap.h      vmap of those ops with in_dims / out_dims / nesting against
                           torch.vmap and against a loop (CONF_VMAP), from test_vmap.py
                           TestVmapOperators and TestVmapBatchedGradient;
  expected_transforms.h    transform stacks from test_eager_transforms.py (TestGradTransform,
                           TestVmapOfGrad, TestJac, TestHessian, TestJvp, TestComposability).

    bench/.venv/bin/python tests/conformance/gen_programs.py
"""
import os

import torch

import gen_common as G
from gen_common import HERE, P

B = 3  # batch size of the vmap cases


def values(name, shape, kind):
    g = G.generator(name)
    if kind == "pos":
        return torch.rand(shape, generator=g) + 0.5
    if kind == "unit":
        return torch.rand(shape, generator=g) * 1.6 - 0.8
    if kind == "ties":  # small integers: ties for max/min, exact zeros for abs/relu/prod
        return torch.randint(-2, 3, shape, generator=g).to(torch.float64)
    if kind == "away":  # |x| in [0.5, 1.5]
        v = torch.rand(shape, generator=g) + 0.5
        s = torch.randint(0, 2, shape, generator=g) * 2 - 1
        return v * s
    return torch.randn(shape, generator=g)


def make_prog(name, shapes, body, layers=()):
    nin = len(shapes)
    text = "prog t\n" + "".join("in 1\n" for _ in range(nin)) + body + "\n"
    # out: the last register written (or the target of the last in-place op)
    tmp = P.parse(text + "out v0\nend\n")[0]
    last = nin - 1
    for op, dst, args in tmp.instrs:
        if dst is not None:
            last = dst
        elif op not in ("nograd", "grad"):
            last = args[0]
    return P.Prog(name, shapes, list(layers), tmp.instrs, [last])


# =============================================================== A. eager autograd of ops
AG = "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py " \
     "TestBwdGradients.test_fn_gradgrad, OpInfo {})"

# (case, op for the source, lane shapes, body, value kind per input)
EAGER = []


def eager(case, op, shapes, body, kinds="randn", source=None):
    if isinstance(kinds, str):
        kinds = [kinds] * len(shapes)
    EAGER.append((case, source or AG.format(op), shapes, body, kinds))


for op, kind in [("neg", "randn"), ("abs", "away"), ("sign", "away"), ("exp", "randn"),
                 ("expm1", "randn"), ("log", "pos"), ("log1p", "pos"), ("sqrt", "pos"),
                 ("rsqrt", "pos"), ("square", "randn"), ("reciprocal", "away"), ("sin", "randn"),
                 ("cos", "randn"), ("tan", "unit"), ("tanh", "randn"), ("sigmoid", "randn"),
                 ("relu", "away"), ("gelu", "randn"), ("silu", "randn"), ("softplus", "randn"),
                 ("erf", "randn"), ("floor", "away"), ("ceil", "away"), ("round", "away")]:
    eager(f"conf_autograd_{op}", op, [(3, 4)], f"v1 = {op} v0", kind)
eager("conf_autograd_abs_at_zero", "abs", [(5,)], "v1 = abs v0", "ties")
eager("conf_autograd_relu_at_zero", "relu", [(5,)], "v1 = relu v0", "ties")
eager("conf_autograd_sqrt_0d", "sqrt", [()], "v1 = sqrt v0", "pos")
for lo, hi, tag in [(-0.5, 0.5, "both"), (-0.5, float("inf"), "min"),
                    (-float("inf"), 0.5, "max"), (0.5, -0.5, "min_gt_max")]:
    eager(f"conf_autograd_clamp_{tag}", "clamp", [(3, 4)],
          f"v1 = clamp v0 {G.c_double(lo).replace('INFINITY', 'inf').lower()} "
          f"{G.c_double(hi).replace('INFINITY', 'inf').lower()}")
eager("conf_autograd_clamp_at_bounds", "clamp", [(5,)], "v1 = clamp v0 -1.0 1.0", "ties")
for op in ["add", "sub", "mul", "div", "maximum", "minimum", "atan2"]:
    kind = ["randn", "away"] if op == "div" else "randn"
    eager(f"conf_autograd_{op}", op, [(3, 4), (3, 4)], f"v2 = {op} v0 v1", kind)
    eager(f"conf_autograd_{op}_broadcast", op, [(2, 1, 4), (3, 1)], f"v2 = {op} v0 v1",
          kind, source=AG.format(op) + " with broadcasting")
    eager(f"conf_autograd_{op}_scalar_tensor", op, [(3,), ()], f"v2 = {op} v0 v1", kind)
eager("conf_autograd_pow", "pow", [(3, 4), (3, 4)], "v2 = pow v0 v1", ["pos", "randn"])
eager("conf_autograd_pow_broadcast", "pow", [(2, 3), (3,)], "v2 = pow v0 v1", ["pos", "unit"])
eager("conf_autograd_maximum_ties", "maximum", [(6,), (6,)], "v2 = maximum v0 v1", "ties")
eager("conf_autograd_minimum_ties", "minimum", [(6,), (6,)], "v2 = minimum v0 v1", "ties")
eager("conf_autograd_atan2_at_zero", "atan2", [(4,), (4,)],
      "v2 = mul_scalar v0 0.0\nv3 = mul_scalar v1 0.0\nv4 = atan2 v2 v3")
for s in [2.0, 3.0, 0.5, -1.0, 1.5, 0.0]:
    tag = str(s).replace(".", "_").replace("-", "m")
    eager(f"conf_autograd_pow_scalar_{tag}", "pow", [(3, 4)], f"v1 = pow_scalar v0 {s}",
          "pos" if s not in (2.0, 3.0, 0.0) else "randn")
eager("conf_autograd_pow_scalar_2_at_zero", "pow", [(5,)], "v1 = pow_scalar v0 2.0", "ties")
eager("conf_autograd_add_scalar", "add", [(3, 4)], "v1 = add_scalar v0 2.5")
eager("conf_autograd_mul_scalar", "mul", [(3, 4)], "v1 = mul_scalar v0 -1.5")
eager("conf_autograd_where", "where", [(3, 4), (3, 4), (4,)], "v3 = where v0 v1 v2")
for op in ["sum", "mean", "prod", "amax", "amin", "logsumexp", "norm"]:
    kind = "unit" if op == "prod" else "randn"
    for dims, keep, tag in [("[]", 0, "all"), ("[0]", 0, "dim0"), ("[-1]", 1, "lastdim_keepdim"),
                            ("[0,2]", 0, "dims02"), ("[]", 1, "all_keepdim")]:
        eager(f"conf_autograd_{op}_{tag}", op, [(2, 3, 4)], f"v1 = {op} v0 {dims} {keep}", kind)
eager("conf_autograd_prod_one_zero", "prod", [(4,)],
      "v1 = slice v0 0 0 1 1\nv2 = mul_scalar v1 0.0\nv3 = slice v0 0 1 4 1\n"
      "v4 = cat 0 v2 v3\nv5 = prod v4 [] 0", "unit",
      source=AG.format("prod") + " with one zero (FunctionsManual.cpp prod_backward)")
eager("conf_autograd_prod_two_zeros", "prod", [(4,)],
      "v1 = slice v0 0 0 2 1\nv2 = mul_scalar v1 0.0\nv3 = slice v0 0 2 4 1\n"
      "v4 = cat 0 v2 v3\nv5 = prod v4 [] 0", "unit",
      source=AG.format("prod") + " with two zeros (FunctionsManual.cpp prod_backward)")
eager("conf_autograd_prod_dim_zeros", "prod", [(3, 4)], "v1 = prod v0 [1] 0", "ties")
eager("conf_autograd_amax_ties", "amax", [(3, 4)], "v1 = amax v0 [1] 0", "ties",
      source="test_autograd.py method_tests amax (ties share the gradient evenly)")
eager("conf_autograd_amin_ties_all", "amin", [(3, 4)], "v1 = amin v0 [] 0", "ties")
for op in ["var", "std"]:
    for dims, corr, keep, tag in [("[]", 1.0, 0, "all"), ("[1]", 1.0, 0, "dim1"),
                                  ("[0]", 0.0, 1, "dim0_pop_keepdim"), ("[0,1]", 1.0, 0, "dims")]:
        eager(f"conf_autograd_{op}_{tag}", op, [(3, 4)], f"v1 = {op} v0 {dims} {corr} {keep}")
eager("conf_autograd_var_mean_differentiable", "var", [(3, 4, 5)],
      "v1 = var v0 [0,2] 1.0 0\nv2 = mean v0 [0,2] 0\nv3 = mul v1 v1\nv4 = mul v3 v2\n"
      "v5 = mul v4 v2", source="test_autograd.py TestAutograd.test_var_mean_differentiable")
eager("conf_autograd_matmul_mm", "matmul", [(2, 3), (3, 4)], "v2 = matmul v0 v1")
eager("conf_autograd_matmul_mv", "matmul", [(2, 3), (3,)], "v2 = matmul v0 v1")
eager("conf_autograd_matmul_vm", "matmul", [(3,), (3, 4)], "v2 = matmul v0 v1")
eager("conf_autograd_matmul_dot", "matmul", [(3,), (3,)], "v2 = matmul v0 v1")
eager("conf_autograd_matmul_batched", "matmul", [(2, 2, 3), (3, 4)], "v2 = matmul v0 v1")
eager("conf_autograd_matmul_broadcast", "matmul", [(2, 1, 2, 3), (3, 3, 2)], "v2 = matmul v0 v1")
eager("conf_autograd_mm", "mm", [(2, 3), (3, 4)], "v2 = mm v0 v1")
eager("conf_autograd_bmm", "bmm", [(2, 2, 3), (2, 3, 2)], "v2 = bmm v0 v1")
eager("conf_autograd_dot", "dot", [(4,), (4,)], "v2 = dot v0 v1")
eager("conf_autograd_outer", "outer", [(3,), (4,)], "v2 = outer v0 v1")
eager("conf_autograd_linear", "nn.functional.linear", [(2, 3), (4, 3), (4,)],
      "v3 = linear v0 v1 v2")
eager("conf_autograd_linear_nobias", "nn.functional.linear", [(2, 2, 3), (4, 3)],
      "v2 = linear v0 v1 none")
for op in ["softmax", "log_softmax"]:
    eager(f"conf_autograd_{op}_last", op, [(3, 4)], f"v1 = {op} v0 -1")
    eager(f"conf_autograd_{op}_dim0", op, [(3, 4)], f"v1 = {op} v0 0")
eager("conf_autograd_layer_norm", "nn.functional.layer_norm", [(2, 4), (4,), (4,)],
      "v3 = layer_norm v0 1 v1 v2 1e-05")
eager("conf_autograd_layer_norm_noaffine", "nn.functional.layer_norm", [(2, 3, 2)],
      "v1 = layer_norm v0 2 none none 1e-05")
for r, tag in [(0, "mean"), (1, "sum"), (2, "none")]:
    eager(f"conf_autograd_mse_loss_{tag}", "nn.functional.mse_loss", [(3, 4), (3, 4)],
          f"v2 = mse_loss v0 v1 {r}")
SHAPE_CASES = [
    ("reshape", [(2, 6)], "v1 = reshape v0 [3,-1]"),
    ("reshape_noncontig", [(3, 4)], "v1 = transpose v0 0 1\nv2 = reshape v1 [12]"),
    ("expand", [(3, 1)], "v1 = expand v0 [2,3,4]"),
    ("permute", [(2, 3, 4)], "v1 = permute v0 [2,0,1]"),
    ("flatten", [(2, 3, 4)], "v1 = flatten v0 1 2"),
    ("transpose", [(2, 3, 4)], "v1 = transpose v0 0 2"),
    ("squeeze", [(3, 1, 2)], "v1 = squeeze v0 1"),
    ("squeeze_all", [(1, 3, 1)], "v1 = squeeze_all v0"),
    ("unsqueeze", [(3, 2)], "v1 = unsqueeze v0 -1"),
    ("slice_step", [(7, 2)], "v1 = slice v0 0 1 6 2"),
    ("slice_negative", [(5,)], "v1 = slice v0 0 -3 100 1"),
    ("select", [(3, 4)], "v1 = select v0 1 -1"),
    ("diagonal", [(3, 4)], "v1 = diagonal v0 0 0 1"),
    ("diagonal_offset", [(2, 3, 4)], "v1 = diagonal v0 1 1 2"),
    ("diagonal_negative_offset", [(4, 3)], "v1 = diagonal v0 -1 0 1"),
    ("cat", [(2, 3), (1, 3)], "v2 = cat 0 v0 v1 v0"),
    ("cat_last", [(2, 3), (2, 1)], "v2 = cat -1 v1 v0"),
    ("stack", [(2, 3), (2, 3)], "v2 = stack 1 v0 v1"),
    ("split", [(5, 2)], "v1 = split v0 2 0 2"),
    ("chunk", [(2, 7)], "v1 = chunk v0 3 1 1"),
    ("flip", [(2, 3, 4)], "v1 = flip v0 [0,2]"),
    ("repeat", [(2, 3)], "v1 = repeat v0 [2,1,2]"),
    ("tril", [(3, 4)], "v1 = tril v0 0"),
    ("triu", [(3, 4)], "v1 = triu v0 1"),
    ("pad", [(2, 3)], "v1 = pad v0 [1,2] 0.5"),
    ("pad_2d_crop", [(3, 4)], "v1 = pad v0 [-1,1,2,-1] 0.0"),
    ("index_select", [(4, 3)], "v1 = index_select v0 0 [3,0,3,1]"),
    ("clone", [(3, 2)], "v1 = clone v0"),
    ("contiguous", [(3, 2)], "v1 = transpose v0 0 1\nv2 = contiguous v1"),
]
for case, shapes, body in SHAPE_CASES:
    op = case.split("_")[0] if case not in ("squeeze_all", "index_select") else case
    eager(f"conf_autograd_{case}", op, shapes, body)
# shape ops composed with a nonlinearity so that the second derivative is not zero
for case, shapes, body in SHAPE_CASES[:12]:
    eager(f"conf_autograd_{case}_then_square", case.split("_")[0], shapes,
          body + f"\nv{len(shapes) + body.count(chr(10)) + 1} = "
          f"square v{len(shapes) + body.count(chr(10))}")
# ops with integer arguments (indices, targets) or windows
IDX = [
    ("gather", [(3, 4)], "v1 = gather v0 1 [3,2] [0,2,1,1,3,0]"),
    ("gather_dim0", [(3, 2)], "v1 = gather v0 0 [2,2] [2,0,2,1]"),
    ("scatter_add", [(3, 4), (3, 2)], "v2 = scatter_add v0 1 [3,2] [0,2,1,1,3,0] v1"),
    ("cross_entropy_mean", [(3, 5)], "v1 = cross_entropy v0 [3] [0,4,2] 0"),
    ("cross_entropy_sum", [(3, 5)], "v1 = cross_entropy v0 [3] [1,1,3] 1"),
    ("cross_entropy_none", [(3, 5)], "v1 = cross_entropy v0 [3] [4,0,0] 2"),
    ("cross_entropy_unbatched", [(5,)], "v1 = cross_entropy v0 [] [3] 0"),
    ("nll_loss", [(3, 5)], "v1 = log_softmax v0 -1\nv2 = nll_loss v1 [3] [0,4,2] 0"),
    ("embedding", [(5, 3)], "v1 = embedding v0 [2,2] [0,4,4,1]"),
    ("conv2d", [(1, 2, 5, 5), (3, 2, 3, 3), (3,)], "v3 = conv2d v0 v1 v2 [1,1] [1,1] [1,1] 1"),
    ("conv2d_stride_groups", [(1, 2, 5, 5), (4, 1, 3, 3)],
     "v2 = conv2d v0 v1 none [2,2] [0,0] [1,1] 2"),
    ("conv2d_dilation", [(2, 1, 6, 6), (2, 1, 2, 2)], "v2 = conv2d v0 v1 none [1,1] [0,0] [2,2] 1"),
    ("max_pool2d", [(1, 2, 4, 4)], "v1 = max_pool2d v0 [2,2] [] [0,0]"),
    ("max_pool2d_padding", [(1, 1, 5, 5)], "v1 = max_pool2d v0 [3,3] [2,2] [1,1]"),
    ("avg_pool2d", [(1, 2, 4, 4)], "v1 = avg_pool2d v0 [3,3] [1,1] [1,1]"),
]
for case, shapes, body in IDX:
    op = {"cross": "cross_entropy", "nll": "nll_loss", "max": "max_pool2d", "avg": "avg_pool2d",
          "scatter": "scatter_add"}.get(case.split("_")[0], case.split("_")[0])
    name = op if op in ("gather", "scatter_add") else "nn.functional." + op
    eager(f"conf_autograd_{case}", name, shapes, body)
# TestAutograd cases that check an op's gradient
eager("conf_autograd_test_sum_to_with_empty_dim_grad", "sum", [(4, 0), (4, 1)],
      "v2 = add v0 v1\nv3 = sum v2 [] 0", source="test_autograd.py "
      "TestAutograd.test_sum_to_with_empty_dim_grad")
eager("conf_autograd_test_select_sum", "select", [(10,)], "v1 = select v0 0 1\nv2 = sum v1 [] 0",
      source="test_autograd.py TestAutograd.test_select_sum")
eager("conf_autograd_test_stack", "stack", [(3, 3), (3, 3), (3, 3)], "v3 = stack 0 v0 v1 v2",
      source="test_autograd.py TestAutograd.test_stack")
eager("conf_autograd_test_unused_output", "chunk", [(10, 10)],
      "v1 = chunk v0 5 0 2\nv2 = mul_scalar v1 4.0\nv3 = add_scalar v2 2.0\nv4 = sum v3 [] 0",
      source="test_autograd.py TestAutograd.test_unused_output")
eager("conf_autograd_test_hessian_vector", "mul", [(2, 2), (2, 2)],
      "v2 = pow_scalar v0 2.0\nv3 = mul v1 v0\nv4 = pow_scalar v1 2.0\nv5 = add v2 v3\n"
      "v6 = add v5 v4", source="test_autograd.py TestAutograd.test_hessian_vector")
eager("conf_autograd_test_backward", "div", [(5, 5), (5, 5), (5, 5)],
      "v3 = mul v1 v2\nv4 = add v0 v3\nv5 = pow_scalar v2 2.0\nv6 = mul_scalar v5 4.0\n"
      "v7 = mul v6 v0\nv8 = div v7 v1\nv9 = add v4 v8", ["randn", "pos", "randn"],
      source="test_autograd.py TestAutograd.test_backward")
eager("conf_autograd_test_fill", "fill_", [(4, 5)], "v1 = clone v0\nfill_ v1 2.0",
      source="test_autograd.py TestAutograd.test_fill")
eager("conf_autograd_test_inplace_exp_", "exp", [(3, 3)],
      "v1 = mul_scalar v0 0.5\nv2 = clone v1\nmul_ v2 v1\nv3 = exp v2",
      source="test_autograd.py TestAutograd.test_inplace (on a non-leaf)")
eager("conf_autograd_test_inplace_add_on_clone", "add_", [(5, 5), (5, 5)],
      "v2 = clone v0\nadd_scalar_ v2 10.0\nv3 = add_scalar v2 2.0\nv4 = mul v2 v1",
      source="test_autograd.py TestAutograd.test_inplace (leaf.clone().add_(10))")
eager("conf_autograd_test_dependent_backward", "pow", [(10,)],
      "v1 = pow_scalar v0 2.0\nv2 = pow_scalar v1 3.0\nv3 = add v1 v2",
      source="test_autograd.py TestAutograd.test_dependent_backward")
eager("conf_autograd_test_backward_copy", "add", [(5, 5), (5, 5)],
      "v2 = add_scalar v0 2.0\nv3 = add_scalar v1 2.0\nv4 = add_scalar v0 2.0\n"
      "v5 = add v2 v3\nv6 = add v5 v4\nv7 = mul_scalar v2 16.0\nv8 = mul_scalar v3 16.0\n"
      "v9 = mul_scalar v4 16.0\nv10 = add v7 v8\nv11 = add v10 v9\nv12 = add v6 v11",
      source="test_autograd.py TestAutograd.test_backward_copy")


# ================================================================ B. vmap of ops
VM = []  # (case, source, lane shapes, body, layers)


def vm(case, source, lane, body, in_dims=None, out_dim=0, kinds="randn", nested=None, chunk=0):
    in_dims = in_dims if in_dims is not None else [0] * len(lane)
    VM.append((case, source, lane, body, in_dims, out_dim, kinds, nested, chunk))


TVO = "test_vmap.py TestVmapOperators.{}"
for op, kind in [("neg", "randn"), ("abs", "randn"), ("sign", "randn"), ("exp", "randn"),
                 ("expm1", "randn"), ("log", "pos"), ("log1p", "pos"), ("sqrt", "pos"),
                 ("rsqrt", "pos"), ("square", "randn"), ("reciprocal", "away"), ("sin", "randn"),
                 ("cos", "randn"), ("tan", "unit"), ("tanh", "randn"), ("sigmoid", "randn"),
                 ("relu", "randn"), ("gelu", "randn"), ("silu", "randn"), ("softplus", "randn"),
                 ("erf", "randn"), ("floor", "randn"), ("ceil", "randn"), ("round", "randn")]:
    src = TVO.format("test_unary_pointwise") + f" ({op})"
    vm(f"conf_vmap_{op}", src, [(3,)], f"v1 = {op} v0", kinds=kind)
    vm(f"conf_vmap_{op}_in2_out2", src, [(2, 5, 3)], f"v1 = {op} v0", [2], 2, kind)
    vm(f"conf_vmap_{op}_nested", src, [(2, 3)], f"v1 = {op} v0", [0], 0, kind, nested=([1], 1))
for op in ["add", "sub", "mul", "div", "pow"]:
    src = TVO.format("test_arithmetic") + f" ({op})"
    kind = "pos" if op in ("div", "pow") else "randn"
    vm(f"conf_vmap_{op}", src, [(3,), (3,)], f"v2 = {op} v0 v1", kinds=kind)
    vm(f"conf_vmap_{op}_broadcast", src, [(), (2, 3)], f"v2 = {op} v0 v1", kinds=kind)
    vm(f"conf_vmap_{op}_in_dims_0_1", src, [(), (2, 3)], f"v2 = {op} v0 v1", [0, 1], 0, kind)
    vm(f"conf_vmap_{op}_out_dim_1", src, [(), (2, 3)], f"v2 = {op} v0 v1", [0, 1], 1, kind)
    vm(f"conf_vmap_{op}_unbatched_other", src, [(), (2, 3)], f"v2 = {op} v0 v1", [0, None], 0,
       kind)
    vm(f"conf_vmap_{op}_nested", src, [(2, 3), (3,)], f"v2 = {op} v0 v1", [0, 0], 0, kind,
       nested=([0, 0], 0))
for op in ["maximum", "minimum", "atan2"]:
    src = f"test_vmap.py TestVmapOperators (vmap vs a loop, _vmap_test) ({op})"
    vm(f"conf_vmap_{op}", src, [(2, 3), (3,)], f"v2 = {op} v0 v1", [1, None])
    vm(f"conf_vmap_{op}_both", src, [(2, 3), (2, 3)], f"v2 = {op} v0 v1", [0, 2], 1)
for lo, hi, tag in [(-0.5, "inf", "min"), ("-inf", 0.5, "max"), (-0.5, 0.5, "both")]:
    vm(f"conf_vmap_clamp_{tag}", TVO.format("test_clamp"), [(2, 5, 3)],
       f"v1 = clamp v0 {lo} {hi}", [2], 2)
vm("conf_vmap_where", "test_vmap.py TestVmapOperators (vmap vs a loop) (where)",
   [(3,), (3,), ()], "v3 = where v0 v1 v2", [0, None, 0])
for op in ["sum", "mean"]:
    src = TVO.format(f"test_{op}_dim")
    vm(f"conf_vmap_{op}_dim0", src, [(3,)], f"v1 = {op} v0 [0] 0")
    vm(f"conf_vmap_{op}_dim_neg", src, [(2, 5, 3)], f"v1 = {op} v0 [-1] 0", [2])
    vm(f"conf_vmap_{op}_dim2_out2", src, [(2, 5, 3)], f"v1 = {op} v0 [2] 0", [2], 2)
    vm(f"conf_vmap_{op}_nested", src, [(2, 3)], f"v1 = {op} v0 [-2] 0", [2], 0,
       nested=([1], 0))
    vm(f"conf_vmap_{op}_all", TVO.format(f"test_{op}"), [(2, 5, 3)], f"v1 = {op} v0 [] 0", [2])
    vm(f"conf_vmap_{op}_keepdim", TVO.format(f"test_{op}_dim"), [(2, 3)], f"v1 = {op} v0 [1] 1")
for op in ["prod", "amax", "amin", "logsumexp", "norm"]:
    src = f"test_vmap.py TestVmapOperators (vmap vs a loop, _vmap_test) ({op})"
    vm(f"conf_vmap_{op}", src, [(2, 3)], f"v1 = {op} v0 [-1] 0", [1])
    vm(f"conf_vmap_{op}_all_keepdim", src, [(2, 3)], f"v1 = {op} v0 [] 1", [2], 1)
for op in ["var", "std"]:
    src = f"test_vmap.py TestVmapOperators (vmap vs a loop, _vmap_test) ({op})"
    vm(f"conf_vmap_{op}", src, [(2, 3)], f"v1 = {op} v0 [1] 1.0 0", [1])
    vm(f"conf_vmap_{op}_all", src, [(2, 3)], f"v1 = {op} v0 [] 0.0 0", [0])
vm("conf_vmap_mm_left", TVO.format("test_mm"), [(2, 5), (5, 2)], "v2 = mm v0 v1", [0, None])
vm("conf_vmap_mm_right", TVO.format("test_mm"), [(2, 5), (5, 2)], "v2 = mm v0 v1", [None, 0])
vm("conf_vmap_mm_both", TVO.format("test_mm"), [(2, 5), (5, 2)], "v2 = mm v0 v1", [0, 0])
vm("conf_vmap_mm_nested", TVO.format("test_mm"), [(2, 5), (5, 2)], "v2 = mm v0 v1", [1, 0],
   nested=([0, None], 0))
vm("conf_vmap_mv_left", TVO.format("test_mv"), [(2, 5), (5,)], "v2 = matmul v0 v1", [0, None])
vm("conf_vmap_mv_both", TVO.format("test_mv"), [(2, 5), (5,)], "v2 = matmul v0 v1", [0, 0])
vm("conf_vmap_bmm_left", TVO.format("test_bmm"), [(2, 3, 5), (2, 5, 3)], "v2 = bmm v0 v1",
   [0, None])
vm("conf_vmap_bmm_both", TVO.format("test_bmm"), [(2, 3, 5), (2, 5, 3)], "v2 = bmm v0 v1")
vm("conf_vmap_dot_left", TVO.format("test_dot"), [(5,), (5,)], "v2 = dot v0 v1", [0, None])
vm("conf_vmap_dot_both", TVO.format("test_dot"), [(5,), (5,)], "v2 = dot v0 v1", [1, 0],
   nested=([0, None], 0))
vm("conf_vmap_outer", "test_vmap.py TestVmapOperators (vmap vs a loop) (outer)", [(3,), (4,)],
   "v2 = outer v0 v1", [0, 0])
vm("conf_vmap_matmul_batched", "test_vmap.py TestVmapOperators.test_weird_matmul_case",
   [(2, 2, 2), (2,)], "v2 = matmul v0 v1", [0, 0], nested=([None, 0], 0))
vm("conf_vmap_linear", "test_vmap.py TestVmapOperators (vmap vs a loop) (linear)",
   [(2, 3), (4, 3), (4,)], "v3 = linear v0 v1 v2", [0, None, 0])
for op in ["softmax", "log_softmax"]:
    vm(f"conf_vmap_{op}", f"test_vmap.py TestVmapBatchedGradient.test_log_softmax ({op})",
       [(3, 2)], f"v1 = {op} v0 -1", [1])
vm("conf_vmap_layer_norm", "test_vmap.py TestVmapOperators (vmap vs a loop) (layer_norm)",
   [(2, 4), (4,), (4,)], "v3 = layer_norm v0 1 v1 v2 1e-05", [0, 0, None])
vm("conf_vmap_mse_loss", "test_vmap.py TestVmapOperators (vmap vs a loop) (mse_loss)",
   [(3,), (3,)], "v2 = mse_loss v0 v1 0", [0, None])
vm("conf_vmap_reshape", TVO.format("test_reshape"), [(10,)], "v1 = reshape v0 [2,5]")
vm("conf_vmap_reshape_in1", TVO.format("test_reshape"), [(2, 5)], "v1 = reshape v0 [1,1,10]", [1])
vm("conf_vmap_reshape_nested", TVO.format("test_reshape"), [(2, 5)], "v1 = reshape v0 [-1]",
   [0], nested=([2], 0))
vm("conf_vmap_transpose", TVO.format("test_transpose"), [(2, 5)], "v1 = transpose v0 0 1")
vm("conf_vmap_transpose_neg", TVO.format("test_transpose"), [(2, 5)], "v1 = transpose v0 -1 -2")
vm("conf_vmap_transpose_in1", TVO.format("test_transpose"), [(2, 5)], "v1 = transpose v0 1 0",
   [1])
vm("conf_vmap_transpose_scalar", TVO.format("test_transpose"), [()], "v1 = transpose v0 0 -1")
vm("conf_vmap_permute", "test_vmap.py TestVmapBatchedGradient.test_permute", [(2, 3, 5)],
   "v1 = permute v0 [2,0,1]", [1])
vm("conf_vmap_select", TVO.format("test_select"), [(2, 5)], "v1 = select v0 0 0")
vm("conf_vmap_select_in1", TVO.format("test_select"), [(2, 5)], "v1 = select v0 1 1", [1])
vm("conf_vmap_select_nested", TVO.format("test_select"), [(2, 5)], "v1 = select v0 1 1", [2],
   nested=([1], 0))
vm("conf_vmap_slice", TVO.format("test_slice"), [(3, 5)], "v1 = slice v0 0 0 1 1")
vm("conf_vmap_slice_in2", TVO.format("test_slice"), [(3, 5)], "v1 = slice v0 1 1 3 1", [2])
vm("conf_vmap_slice_step", TVO.format("test_slice"), [(3, 5)], "v1 = slice v0 -1 0 5 2", [1], 1)
vm("conf_vmap_narrow", TVO.format("test_narrow"), [(2, 5)], "v1 = slice v0 -1 1 4 1")
vm("conf_vmap_diagonal", TVO.format("test_diagonal"), [(5, 7, 11)], "v1 = diagonal v0 1 0 1")
vm("conf_vmap_diagonal_neg_dims", TVO.format("test_diagonal"), [(5, 7, 4)],
   "v1 = diagonal v0 0 -2 -1", [1], 1)
vm("conf_vmap_diagonal_nested", TVO.format("test_diagonal"), [(5, 4)], "v1 = diagonal v0 0 0 -1",
   [1], 1, nested=([1], 0))
vm("conf_vmap_expand", "test_vmap.py TestVmapBatchedGradient.test_expand", [(2, 1)],
   "v1 = expand v0 [4,2,3]")
vm("conf_vmap_expand_minus_one", TVO.format("test_expand_as"), [(1, 5)], "v1 = expand v0 [2,3,-1]",
   [1])
vm("conf_vmap_unsqueeze_0", TVO.format("test_unsqueeze"), [(2, 5)], "v1 = unsqueeze v0 0")
vm("conf_vmap_unsqueeze_last", TVO.format("test_unsqueeze"), [(2, 5)], "v1 = unsqueeze v0 -1", [1])
vm("conf_vmap_unsqueeze_nested", TVO.format("test_unsqueeze"), [(2,)], "v1 = unsqueeze v0 0", [2],
   nested=([0], 0))
vm("conf_vmap_squeeze", TVO.format("test_squeeze"), [(3, 1, 5)], "v1 = squeeze v0 1")
vm("conf_vmap_squeeze_all", TVO.format("test_squeeze"), [(1, 5, 1)], "v1 = squeeze_all v0", [1])
vm("conf_vmap_squeeze_noop", TVO.format("test_squeeze"), [(3, 2)], "v1 = squeeze v0 -1")
vm("conf_vmap_flatten", "test_vmap.py TestVmapOperators.test_view (flatten)", [(2, 5, 3)],
   "v1 = flatten v0 0 -1", [1])
vm("conf_vmap_cat", TVO.format("test_cat"), [(2,), (3,)], "v2 = cat 0 v0 v1")
vm("conf_vmap_cat_unbatched", TVO.format("test_cat"), [(2,), (3,)], "v2 = cat 0 v0 v1",
   [None, 0])
vm("conf_vmap_cat_dim_neg", TVO.format("test_cat"), [(17, 2), (17, 3)], "v2 = cat -1 v0 v1",
   [None, 2])
vm("conf_vmap_stack", TVO.format("test_stack"), [(3,), (3,)], "v2 = stack 0 v0 v1")
vm("conf_vmap_stack_unbatched", TVO.format("test_stack"), [(2, 4), (2, 4)], "v2 = stack -1 v0 v1",
   [None, 2])
vm("conf_vmap_split", TVO.format("test_split"), [(2, 10)], "v1 = split v0 3 -1 1")
vm("conf_vmap_split_in1", TVO.format("test_split"), [(2, 10)], "v1 = split v0 4 1 2", [1])
vm("conf_vmap_chunk", TVO.format("test_chunk"), [(2, 11)], "v1 = chunk v0 3 -1 2")
vm("conf_vmap_chunk_in1", TVO.format("test_chunk"), [(2, 9)], "v1 = chunk v0 2 1 0", [1])
vm("conf_vmap_repeat", TVO.format("test_repeat"), [(1, 1)], "v1 = repeat v0 [2,3]")
vm("conf_vmap_repeat_in1", TVO.format("test_repeat"), [(1, 1)], "v1 = repeat v0 [2,3]", [1])
vm("conf_vmap_flip", "test_vmap.py TestVmapOperators (vmap vs a loop) (flip)", [(2, 3)],
   "v1 = flip v0 [-1]", [1])
vm("conf_vmap_tril", "test_vmap.py TestVmapOperators (vmap vs a loop) (tril)", [(3, 4)],
   "v1 = tril v0 -1", [2])
vm("conf_vmap_triu", "test_vmap.py TestVmapOperators (vmap vs a loop) (triu)", [(3, 4)],
   "v1 = triu v0 0", [1])
vm("conf_vmap_pad", "test_vmap.py TestVmapOperators (vmap vs a loop) (pad)", [(2, 3)],
   "v1 = pad v0 [1,1] -1.0", [1])
vm("conf_vmap_index_select", "test_vmap.py TestVmapOperators (vmap vs a loop) (index_select)",
   [(4, 3)], "v1 = index_select v0 0 [2,0,2]", [1])
vm("conf_vmap_clone", TVO.format("test_clone"), [(2, 5, 3)], "v1 = clone v0", [2], 2)
vm("conf_vmap_contiguous", TVO.format("test_contiguous"), [(2, 5, 7)], "v1 = contiguous v0",
   [2], 2)
vm("conf_vmap_fill_", TVO.format("test_fill_and_zero_inplace"), [(3,)],
   "v1 = clone v0\nfill_ v1 0.1")
vm("conf_vmap_zero_", TVO.format("test_fill_and_zero_inplace"), [(2, 5, 3)],
   "v1 = clone v0\nzero_ v1", [2], 2)
vm("conf_vmap_copy_", TVO.format("test_copy_"), [(3,), (3,)], "v2 = clone v0\ncopy_ v2 v1")
vm("conf_vmap_copy_unbatched_src", TVO.format("test_copy_"), [(3,), (3,)],
   "v2 = clone v0\ncopy_ v2 v1", [1, None])
vm("conf_vmap_copy_into_unbatched_fails", TVO.format("test_copy_") + " (in-place into an "
   "unbatched tensor fails)", [(3,), (3,)], "copy_ v0 v1", [None, 0])
vm("conf_vmap_add_inplace", "test_vmap.py TestVmapAPI.test_inplace_fallback_nary_same_levels "
   "(add_)", [(7, 11), (7, 11)], "v2 = clone v0\nadd_ v2 v1", [2, 0])
vm("conf_vmap_mul_inplace_unbatched_self_fails", "test_vmap.py "
   "TestVmapAPI.test_inplace_fallback_nary_different_levels (batched other into unbatched self)",
   [(7,), (7,)], "mul_ v0 v1", [None, 0])
vm("conf_vmap_clamp_inplace", TVO.format("test_clamp_inplace_variant"), [(3,)],
   "v1 = clone v0\nclamp_ v1 -0.5 0.5")
VO = "test_vmap.py TestVmapOperators (vmap vs a loop, _vmap_test) ({})"
vm("conf_vmap_gather", VO.format("gather"), [(3, 4)], "v1 = gather v0 1 [3,2] [0,2,1,1,3,0]", [1])
vm("conf_vmap_scatter_add", VO.format("scatter_add"), [(3, 4), (3, 2)],
   "v2 = scatter_add v0 1 [3,2] [0,2,1,1,3,0] v1", [0, None])
vm("conf_vmap_cross_entropy", VO.format("cross_entropy"), [(3, 5)],
   "v1 = cross_entropy v0 [3] [0,4,2] 0", [1])
vm("conf_vmap_nll_loss", TVO.format("test_nll_loss"), [(2, 5)], "v1 = nll_loss v0 [2] [1,3] 2")
vm("conf_vmap_embedding", VO.format("embedding"), [(5, 3)], "v1 = embedding v0 [3] [4,0,4]", [2])
vm("conf_vmap_conv2d", TVO.format("test_conv2d"), [(1, 2, 5, 5), (3, 2, 3, 3), (3,)],
   "v3 = conv2d v0 v1 v2 [1,1] [1,1] [1,1] 1", [0, None, None])
vm("conf_vmap_conv2d_batched_weight", TVO.format("test_conv2d"), [(1, 2, 5, 5), (4, 1, 3, 3)],
   "v2 = conv2d v0 v1 none [2,2] [1,1] [1,1] 2", [None, 0])
vm("conf_vmap_max_pool2d", VO.format("max_pool2d"), [(1, 2, 4, 4)],
   "v1 = max_pool2d v0 [2,2] [] [0,0]", [2])
vm("conf_vmap_avg_pool2d", VO.format("avg_pool2d"), [(1, 1, 4, 4)],
   "v1 = avg_pool2d v0 [3,3] [1,1] [1,1]", [4])
vm("conf_vmap_argmax", TVO.format("test_argmax_dim"), [(2, 3)], "v1 = argmax v0 -1 0")
vm("conf_vmap_argmin_keepdim", TVO.format("test_argmax_dim") + " (argmin)", [(2, 3)],
   "v1 = argmin v0 0 1", [1])
for op in ["eq", "ne", "lt", "le", "gt", "ge"]:
    vm(f"conf_vmap_{op}", TVO.format("test_comparison_ops") + f" ({op})", [(), (2, 3)],
       f"v2 = {op} v0 v1", [0, 1], kinds="ties")
for op in ["logical_and", "logical_or"]:
    vm(f"conf_vmap_{op}", VO.format(op), [(3,), (3,)], f"v2 = {op} v0 v1", [0, None], kinds="ties")
vm("conf_vmap_logical_not", VO.format("logical_not"), [(3,)], "v1 = logical_not v0", kinds="ties")
vm("conf_vmap_chunk_size", TVO.format("test_vmap_chunksize"), [(5, 6)], "v1 = sin v0", [1], 2,
   chunk=2)
vm("conf_vmap_chunk_size_nested", TVO.format("test_vmap_chunksize_composition"), [(5, 6)],
   "v1 = sin v0\nv2 = cos v0\nv3 = add v1 v2", [1], 0, nested=([1], 1), chunk=1)
vm("conf_vmap_batched_grad_mul", "test_vmap.py TestVmapBatchedGradient.test_mul", [(2, 3), (2, 3)],
   "v2 = mul v0 v1\nv3 = sin v2", [0, None])


def outer_shapes(lane, in_dims, batch):
    out = []
    for s, d in zip(lane, in_dims):
        if d is None:
            out.append(tuple(s))
        else:
            p = d % (len(s) + 1)
            out.append(tuple(s[:p]) + (batch,) + tuple(s[p:]))
    return out


# ============================================================= C. transform stacks
TX = []  # (case, source, shapes of the outermost inputs, body, layers, kinds)


def tx(case, source, shapes, body, layers, kinds="randn"):
    TX.append((case, source, shapes, body, layers, kinds))


L = P.Layer
GT = "test_eager_transforms.py TestGradTransform.{}"
tx("conf_grad_primitive", GT.format("test_primitive"), [()], "v1 = sin v0", [L("grad")])
tx("conf_grad_composite_simple", GT.format("test_composite_simple"), [(2, 3, 4)],
   "v1 = flatten v0 0 -1\nv2 = sum v1 [] 0", [L("grad")])
tx("conf_grad_composite_complicated", GT.format("test_composite_complicated"), [(3,), (3, 5)],
   "v2 = matmul v0 v1\nv3 = sum v2 [] 0", [L("grad")])
tx("conf_grad_composite_two_ops", GT.format("test_composite_two_ops") + " (log_softmax + nll "
   "by a mask)", [(2, 5), (2, 5)], "v2 = log_softmax v0 -1\nv3 = mul v2 v1\nv4 = mean v3 [] 0",
   [L("grad")])
tx("conf_grad_inplace", GT.format("test_inplace") + " (mul_ for sin_)", [()],
   "v1 = clone v0\nmul_ v1 v0\nv2 = sin v1", [L("grad")])
tx("conf_grad_nesting_simple", GT.format("test_nesting_simple"), [()], "v1 = sin v0",
   [L("grad"), L("grad")])
tx("conf_grad_argnums_0", GT.format("test_argnums"), [(), ()], "v2 = mul v0 v1",
   [L("grad", argnums=(0,))])
tx("conf_grad_argnums_1", GT.format("test_argnums"), [(), ()], "v2 = mul v0 v1",
   [L("grad", argnums=(1,))])
tx("conf_grad_argnums_both", GT.format("test_argnums"), [(), ()], "v2 = mul v0 v1",
   [L("grad", argnums=(0, 1))])
tx("conf_grad_out_of_order_argnums", GT.format("test_out_of_order_argnums"), [(), ()],
   "v2 = mul v0 v1", [L("grad", argnums=(1, 0))])
tx("conf_grad_negative_argnums", GT.format("test_negative_argnums"), [(), ()], "v2 = mul v0 v1",
   [L("grad", argnums=(-2,))])
tx("conf_grad_negative_argnums_pair", GT.format("test_negative_argnums"), [(), ()],
   "v2 = mul v0 v1", [L("grad", argnums=(-2, -1))])
tx("conf_grad_invalid_argnums", GT.format("test_invalid_argnums") + " (argnums=2)", [(), ()],
   "v2 = mul v0 v1", [L("grad", argnums=(2,))])
tx("conf_grad_invalid_negative_argnums", GT.format("test_invalid_argnums") + " (argnums=-3)",
   [(), ()], "v2 = mul v0 v1", [L("grad", argnums=(-3,))])
tx("conf_grad_aux_tensor", GT.format("test_grad_aux_tensor"), [(3,)],
   "v1 = sin v0\nv2 = sum v1 [] 0\nv3 = cos v0", [L("grad")])
tx("conf_grad_and_value_aux", GT.format("test_grad_aux_tensor") + " (grad_and_value)", [(3,)],
   "v1 = sin v0\nv2 = sum v1 [] 0\nv3 = cos v0", [L("gradv")])
tx("conf_grad_unrelated", GT.format("test_unrelated_grad"), [(), ()], "v2 = clone v1",
   [L("grad", argnums=(0,))])
tx("conf_grad_unrelated_vjp", GT.format("test_unrelated_vjp"), [(), ()], "v2 = clone v1",
   [L("vjp")])
tx("conf_grad_unrelated_hessian", GT.format("test_unrelated_hessian"), [(3,), (5, 3)],
   "v2 = matmul v1 v0", [L("jacrev"), L("jacrev")])
tx("conf_grad_vjp", GT.format("test_vjp"), [()], "v1 = sin v0", [L("vjp")])
tx("conf_grad_vjp_two_outputs", GT.format("test_vjp_two_outputs"), [()],
   "v1 = clone v0\nv2 = clone v0", [L("vjp")])
tx("conf_grad_of_vjp_composition", GT.format("test_grad_of_vjp_composition"), [()],
   "v1 = sin v0", [L("grad"), L("vjp")])
tx("conf_grad_vjp_of_grad_composition", GT.format("test_vjp_of_grad_composition"), [()],
   "v1 = sin v0", [L("vjp"), L("grad")])
tx("conf_grad_of_vjp_of_grad", GT.format("test_grad_of_vjp_of_grad_composition"), [()],
   "v1 = cos v0\nv2 = neg v1", [L("grad"), L("vjp"), L("grad")])
tx("conf_grad_views", GT.format("test_views"), [()], "v1 = reshape v0 [1]\nv2 = sin v1\n"
   "v3 = squeeze v2 0", [L("grad")])
tx("conf_grad_view_inplace_simple", GT.format("test_view_inplace_simple") + " (mul_ for sin_)",
   [()], "v1 = clone v0\nv2 = reshape v1 [1]\nmul_ v2 v0\nv3 = sin v1", [L("grad")])
tx("conf_grad_inplace_on_view", GT.format("test_inplace_on_view") + " (mul_ for sin_)", [(3,)],
   "v1 = clone v0\nv2 = select v1 0 0\nv3 = select v0 0 0\nmul_ v2 v3\nv4 = sin v1\n"
   "v5 = sum v4 [] 0", [L("grad")])
tx("conf_grad_inplace_on_view_base", GT.format("test_inplace_on_view_base") + " (mul_ for sin_)",
   [(3,)], "v1 = clone v0\nv2 = select v1 0 0\nmul_ v1 v0\nv3 = sin v2", [L("grad")])
tx("conf_grad_no_grad_inside", GT.format("test_no_grad_inside"), [()],
   "nograd\nv1 = pow_scalar v0 2.0\ngrad\nv2 = pow_scalar v0 2.0\nv3 = sub v2 v1", [L("grad")])
tx("conf_grad_no_grad_inside_nested", GT.format("test_no_grad_inside") + " (grad of grad)", [()],
   "nograd\nv1 = pow_scalar v0 2.0\ngrad\nv2 = pow_scalar v0 2.0\nv3 = sub v2 v1",
   [L("grad"), L("grad")])
tx("conf_grad_detach_inside", "test_eager_transforms.py TestGradTransform (detach inside grad "
   "stops the gradient, as torch.Tensor.detach)", [(3,)],
   "v1 = detach v0\nv2 = mul v1 v0\nv3 = sum v2 [] 0", [L("grad")])
tx("conf_grad_tensor_ctor_inside", GT.format("test_tensor_ctor_inside_grad"), [()],
   "v1 = mul_scalar v0 2.0", [L("grad")])
tx("conf_grad_nonscalar_output_fails", GT.format("test_primitive") + " (grad of a "
   "non-scalar output fails)", [(3,)], "v1 = sin v0", [L("grad", sum=False)])
VG = "test_eager_transforms.py TestVmapOfGrad.{}"
tx("conf_vmap_of_grad_per_sample_simple", VG.format("test_per_sample_grads_simple"),
   [(16, 2), (8, 16), (8, 2)], "v3 = matmul v1 v0\nv4 = sub v3 v2\nv5 = pow_scalar v4 2.0\n"
   "v6 = sum v5 [] 0", [L("vmap", in_dims=(None, 0, 0), out_dims=(0,)), L("grad")])
tx("conf_vmap_of_grad_per_sample_inplace_view", VG.format("test_per_sample_grads_inplace_view"),
   [(16, 2), (8, 1, 16), (8, 2)], "v3 = mm v1 v0\nv4 = squeeze v3 0\nv5 = sub v4 v2\n"
   "v6 = sum v5 [] 0", [L("vmap", in_dims=(None, 0, 0), out_dims=(0,)), L("grad")])
tx("conf_vmap_of_grad_new_zeros", VG.format("test_new_zeros_materializes_tensor"),
   [(3, 5), (3,)], "v2 = mul_scalar v1 0.0\nv3 = sum v2 [] 0\nv4 = expand v3 [5]\n"
   "v5 = clone v4\ncopy_ v5 v0\nv6 = sum v5 [] 0",
   [L("vmap", in_dims=(0, 0), out_dims=(0,)), L("grad")])
tx("conf_vmap_of_grad_log_softmax", VG.format("test_log_softmax"), [(3, 5), (5,)],
   "v2 = log_softmax v0 -1", [L("vmap", in_dims=(0, None), out_dims=(0, 0, 0)), L("vjp")])
JC = "test_eager_transforms.py TestJac.{}"
for api in ("jacrev", "jacfwd"):
    tx(f"conf_{api}_simple", JC.format("test_simple") + f" ({api})", [(3,)], "v1 = sin v0",
       [L(api)])
    tx(f"conf_{api}_simple_not_flat", JC.format("test_simple_not_flat") + f" ({api})", [(2, 3)],
       "v1 = sin v0", [L(api)])
    tx(f"conf_{api}_diff_numel", JC.format("test_diff_numel") + f" ({api})", [(2, 4)],
       "v1 = select v0 0 0\nv2 = slice v1 0 1 4 1\nv3 = unsqueeze v2 -1", [L(api)])
    tx(f"conf_{api}_vmap_on_jac_simple", JC.format("test_vmap_on_jac_simple") + f" ({api})",
       [(2, 3)], "v1 = sin v0", [L("vmap", in_dims=(0,), out_dims=(0,)), L(api)])
    tx(f"conf_{api}_nested_jac_simple", JC.format("test_nested_jac_simple") + f" ({api})",
       [(3,)], "v1 = sin v0\nv2 = sum v1 [] 0", [L(api), L(api)])
    tx(f"conf_{api}_multiple_args", JC.format("test_multiple_args") + f" ({api})", [(3,), (3,)],
       "v2 = mul v0 v1", [L(api, argnums=(1,))])
    tx(f"conf_{api}_multiple_outputs_single_argnums",
       JC.format("test_multiple_outputs_single_argnums") + f" ({api})", [(3,), (3,)],
       "v2 = mul_scalar v0 2.0\nv3 = mul_scalar v1 3.0\nv4 = add v2 v3\nv5 = mul_scalar v0 4.0\n"
       "v6 = mul_scalar v1 5.0\nv7 = add v5 v6", [L(api)])
    tx(f"conf_{api}_dimensionality_0d", JC.format("test_dimensionality") + f" ({api}, 0-dim)",
       [()], "v1 = clone v0", [L(api)])
    tx(f"conf_{api}_dimensionality_1", JC.format("test_dimensionality") + f" ({api}, [1])",
       [(1,)], "v1 = clone v0", [L(api)])
    tx(f"conf_{api}_unrelated_input", JC.format("test_unrelated_input") + f" ({api})",
       [(2, 3), (2, 3)], "v2 = clone v0", [L(api, argnums=(1,))])
    tx(f"conf_{api}_unrelated_output", JC.format("test_unrelated_output") + f" ({api})",
       [(2, 3), (2, 3)], "v2 = clone v1", [L(api, argnums=(0,))])
    tx(f"conf_{api}_argnums_defaults_to_zero", JC.format("test_argnums_defaults_to_zero") +
       f" ({api})", [(3,), (3,)], "v2 = mul_scalar v0 2.0\nv3 = mul_scalar v1 3.0\n"
       "v4 = add v2 v3", [L(api)])
    tx(f"conf_{api}_out_of_bounds_argnums", JC.format("test_out_of_bounds_argnums") + f" ({api})",
       [(3,)], "v1 = sin v0", [L(api, argnums=(2,))])
    tx(f"conf_{api}_negative_argnums_out_of_range", JC.format("test_negative_argnums") +
       f" ({api})", [(3,)], "v1 = sin v0", [L(api, argnums=(-2,))])
    tx(f"conf_{api}_against_reference_simple", JC.format("test_against_reference_simple") +
       f" ({api})", [(2, 3, 2)], "v1 = pow_scalar v0 2.0\nv2 = mul_scalar v1 3.0", [L(api)])
    tx(f"conf_{api}_against_reference_multi_input",
       JC.format("test_against_reference_multi_input") + f" ({api})", [(2, 3), (3, 5)],
       "v2 = cos v0\nv3 = mul v2 v0\nv4 = sin v1\nv5 = matmul v3 v4", [L(api, argnums=(1,))])
    tx(f"conf_{api}_against_reference_multi_output",
       JC.format("test_against_reference_multi_input_multi_output") + f" ({api})",
       [(5, 3), (3, 5)], "v2 = mul v0 v0\nv3 = matmul v2 v1\nv4 = sum v0 [1] 0\n"
       "v5 = mul v4 v1\nv6 = matmul v0 v5\nv7 = sum v1 [] 0\nv8 = add v6 v7", [L(api)])
    tx(f"conf_{api}_against_reference_zero_dim",
       JC.format("test_against_reference_zero_dim") + f" ({api})", [()],
       "v1 = stack 0 v0 v0 v0", [L(api)])
    tx(f"conf_{api}_against_reference_zero_dim_out",
       JC.format("test_against_reference_zero_dim") + f" ({api}, 0-dim output)", [(3,), (3,)],
       "v2 = sum v0 [] 0\nv3 = mul v0 v1\nv4 = add v3 v2", [L(api, argnums=(1,))])
    tx(f"conf_{api}_inplace", JC.format("test_inplace") + f" ({api})", [(2,), (2,)],
       "v2 = clone v1\ncopy_ v2 v0", [L(api)])
    tx(f"conf_{api}_chunk", "test_eager_transforms.py TestJac.test_chunk_jacrev" +
       f" ({api}, chunk_size 3)", [(10, 2), (1, 2)], "v2 = sin v0\nv3 = add v0 v1",
       [L(api, chunk=3)])
    tx(f"conf_{api}_chunk_composition", JC.format("test_chunk_jacrev_composition") +
       f" ({api})", [(4, 2)], "v1 = sin v0\nv2 = sum v0 [] 0",
       [L("vmap", in_dims=(0,), out_dims=(0,)), L(api, chunk=3), L(api, chunk=3)])
HS = "test_eager_transforms.py TestHessian.{}"
tx("conf_hessian_simple", JC.format("test_hessian_simple"), [(3,)], "v1 = sin v0",
   [L("hessian")])
tx("conf_hessian_vectorize_simple", HS.format("test_hessian_vectorize_correctness_simple"),
   [(2, 3, 2)], "v1 = pow_scalar v0 2.0\nv2 = mul_scalar v1 3.0\nv3 = sum v2 [] 0",
   [L("hessian")])
tx("conf_hessian_vectorize_multi_input", HS.format("test_hessian_vectorize_correctness_multi_input"),
   [(2, 3), (3, 4), (4, 4)], "v3 = relu v0\nv4 = mul v3 v0\nv5 = sin v1\nv6 = matmul v4 v5\n"
   "v7 = matmul v6 v2\nv8 = sum v7 [] 0", [L("hessian", argnums=(1,))])
tx("conf_hessian_vectorize_multi_input_x", HS.format("test_hessian_vectorize_correctness_multi_input")
   + " (w.r.t. x)", [(2, 3), (3, 4), (4, 4)], "v3 = relu v0\nv4 = mul v3 v0\nv5 = sin v1\n"
   "v6 = matmul v4 v5\nv7 = matmul v6 v2\nv8 = sum v7 [] 0", [L("hessian")])
tx("conf_hessian_unrelated_outputs", HS.format("test_hessian_vectorize_correctness_unrelated_outputs"),
   [(2,), (3,)], "v2 = pow_scalar v0 2.0\nv3 = sum v2 [] 0", [L("hessian", argnums=(1,))])
tx("conf_hessian_jacfwd_different_levels", HS.format("test_jacfwd_different_levels"),
   [(2, 2, 2), (2, 5, 2), (2, 5, 2)],
   "v3 = transpose v1 0 1\nv4 = matmul v0 v3\nv5 = transpose v4 0 1\nv6 = sub v2 v5\n"
   "v7 = pow_scalar v6 2.0\nv8 = sum v7 [] 0",
   [L("vmap", in_dims=(0, 0, 0), out_dims=(0,)), L("hessian")])
JV = "test_eager_transforms.py TestJvp.{}"
tx("conf_jvp_simple", JV.format("test_simple"), [(2, 3)], "v1 = sin v0", [L("jvp")])
tx("conf_jvp_multiple_inputs", JV.format("test_multiple_inputs"), [(2, 3), (2, 3)],
   "v2 = mul v0 v1", [L("jvp")])
tx("conf_jvp_multiple_outputs", JV.format("test_multiple_outputs"), [(2, 3)],
   "v1 = sin v0\nv2 = cos v0", [L("jvp")])
tx("conf_jvp_multiple_inputs_outputs", JV.format("test_multiple_inputs_outputs"),
   [(2, 3), (2, 3)], "v2 = mul_scalar v0 2.0\nv3 = mul_scalar v1 3.0\nv4 = add v2 v3\n"
   "v5 = mul_scalar v0 4.0\nv6 = mul_scalar v1 5.0\nv7 = add v5 v6", [L("jvp")])
tx("conf_jvp_unrelated_input", JV.format("test_unrelated_input"), [(2, 3), (2, 3)],
   "v2 = clone v0", [L("jvp")])
tx("conf_jvp_unrelated_output", JV.format("test_unrelated_output"), [(2, 3), (2, 3)],
   "v2 = mul_scalar v1 1.0", [L("jvp")])
tx("conf_jvp_new_tensor", JV.format("test_jvp_new_tensor"), [(4, 4)], "v1 = add_scalar v0 0.5",
   [L("jvp")])
tx("conf_jvp_nested", JV.format("test_disable_fwd_grad_inside") + " (jvp of jvp)", [()],
   "v1 = pow_scalar v0 2.0\nv2 = mul v1 v0", [L("jvp"), L("jvp")])
tx("conf_jvp_inside_grad", "test_eager_transforms.py TestComposability (grad of jvp)", [(3,)],
   "v1 = sin v0\nv2 = mul v1 v0", [L("grad"), L("jvp")])
tx("conf_jvp_zerotensor_vmapjvp", JV.format("test_zerotensor_vmapjvp_interaction") +
   " (vmap(vmap(jvp)) with unbatched input)", [(4, 1), (4, 2)], "v2 = mul v1 v1",
   [L("vmap", in_dims=(0, None), out_dims=(0, 0)),
    L("vmap", in_dims=(0, None), out_dims=(0, 0)), L("jvp")])
CP = "test_eager_transforms.py TestComposability.{}"
tx("conf_compose_grad_grad", CP.format("test_grad_grad"), [()], "v1 = sin v0",
   [L("grad"), L("grad")])
tx("conf_compose_grad_vmap", CP.format("test_grad_vmap"), [(3,)],
   "v1 = sin v0\nv2 = sum v1 [] 0", [L("grad")])
tx("conf_compose_grad_vmap_inner", CP.format("test_grad_vmap") + " (vmap inside grad)", [(3,)],
   "v1 = sin v0", [L("grad"), L("vmap", in_dims=(0,), out_dims=(0,))])
tx("conf_compose_grad_vjp", CP.format("test_grad_vjp"), [(3,)], "v1 = sin v0",
   [L("grad"), L("vjp")])
tx("conf_compose_vmap_grad", CP.format("test_vmap_grad"), [(3,)], "v1 = sin v0",
   [L("vmap", in_dims=(0,), out_dims=(0,)), L("grad")])
tx("conf_compose_vmap_vmap", CP.format("test_vmap_vmap"), [(2, 3)], "v1 = sin v0",
   [L("vmap", in_dims=(0,), out_dims=(0,)), L("vmap", in_dims=(0,), out_dims=(0,))])
tx("conf_compose_vmap_vjp", CP.format("test_vmap_vjp"), [(5, 3)], "v1 = sin v0",
   [L("vmap", in_dims=(0,), out_dims=(0, 0)), L("vjp")])
tx("conf_compose_vjp_grad", CP.format("test_vjp_grad"), [()], "v1 = sin v0",
   [L("vjp"), L("grad")])
tx("conf_compose_vjp_vmap", CP.format("test_vjp_vmap"), [(3,)], "v1 = sin v0",
   [L("vjp"), L("vmap", in_dims=(0,), out_dims=(0,))])
tx("conf_compose_vjp_vjp", CP.format("test_vjp_vjp"), [(3,)], "v1 = sin v0",
   [L("vjp"), L("vjp")])
PAIRS = ["grad", "vjp", "jvp", "vmap", "jacrev", "jacfwd"]
for outer in PAIRS:
    for inner in PAIRS:
        def lay(k, nout_in):
            if k == "vmap":
                return L("vmap", in_dims=(0, None), out_dims=(0,) * nout_in)
            return L(k)
        # the inner layer's output count decides the outer vmap's out_dims
        nin_outs = {"grad": 1, "vjp": 3, "jvp": 2, "vmap": 1, "jacrev": 1, "jacfwd": 1}[inner]
        layers = [lay(outer, nin_outs), lay(inner, 1)]
        tx(f"conf_compose_{outer}_of_{inner}", CP.format("test_" + outer + "_" + inner) +
           " (every pair: f(x, w) = sum(tanh(x * w)) over a batch)"
           if outer in ("grad", "vmap", "vjp") and inner in ("grad", "vmap", "vjp") else
           "test_eager_transforms.py TestComposability (every pair of transforms, "
           f"{outer} of {inner})", [(2, 3), (3,)],
           "v2 = mul v0 v1\nv3 = tanh v2\nv4 = sum v3 [] 0" if inner in ("grad",) else
           "v2 = mul v0 v1\nv3 = tanh v2\nv4 = sum v3 [-1] 0", layers)


def gen_header(path, doc, cases):
    h = G.Header(path, "gen_programs.py", doc)
    for c in cases:
        h.prog_case(*c)
    h.write()
    return h


def build_eager():
    out = []
    for case, source, shapes, body, kinds in EAGER:
        p = make_prog(case, shapes, body)
        xs = [values(f"{case}:{i}", s, k) for i, (s, k) in enumerate(zip(shapes, kinds))]
        res = G.run_eager(p, xs)
        out.append((case, source, "CONF_EAGER", p.text(), xs, res, res is None))
    return out


def build_vmap():
    out = []
    for case, source, lane, body, in_dims, out_dim, kinds, nested, chunk in VM:
        if isinstance(kinds, str):
            kinds = [kinds] * len(lane)
        layers = []
        shapes = [tuple(s) for s in lane]
        if nested:  # inner vmap first (its in_dims apply to the lane shapes)
            ni, no = nested
            layers.insert(0, L("vmap", in_dims=tuple(ni), out_dims=(no,)))
            shapes = outer_shapes(shapes, ni, B + 1)
        layers.insert(0, L("vmap", in_dims=tuple(in_dims), out_dims=(out_dim,), chunk=chunk))
        shapes = outer_shapes(shapes, in_dims, B)
        p = make_prog(case, shapes, body, layers)
        xs = [values(f"{case}:{i}", s, k) for i, (s, k) in enumerate(zip(shapes, kinds))]
        res = G.run_stack(p, xs)
        out.append((case, source, "CONF_VMAP", p.text(), xs, res, res is None))
    return out


def build_transforms():
    out = []
    for case, source, shapes, body, layers, kinds in TX:
        if isinstance(kinds, str):
            kinds = [kinds] * len(shapes)
        p = make_prog(case, shapes, body, layers)
        xs = [values(f"{case}:{i}", s, k) for i, (s, k) in enumerate(zip(shapes, kinds))]
        res = G.run_stack(p, xs)
        out.append((case, source, "CONF_STACK", p.text(), xs, res, res is None))
    return out


if __name__ == "__main__":
    gen_header(os.path.join(HERE, "expected_ops_autograd.h"),
               "Eager autograd of ops: value, gradient, second derivative (CONF_EAGER).",
               build_eager())
    gen_header(os.path.join(HERE, "expected_ops_vmap.h"),
               "vmap of ops against torch.vmap and a loop (CONF_VMAP).", build_vmap())
    gen_header(os.path.join(HERE, "expected_transforms.h"),
               "Transform stacks of test_eager_transforms.py (CONF_STACK).", build_transforms())
