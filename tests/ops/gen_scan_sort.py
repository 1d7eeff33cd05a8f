"""Writes scan_sort_expected.h: PyTorch's values and gradients of cumsum, cumprod, sort, argsort
and topk for test_scan_sort.c.

Run with the project's venv (PyTorch on the CPU):
    /work/main/bench/.venv/bin/python tests/ops/gen_scan_sort.py > tests/ops/scan_sort_expected.h

Each case calls one op on a fixed input and records torch's outputs (values, and indices where the
op has them) and, for floating inputs, the gradient of sum(w * values) with w = 1, 2, 3, ... in
row-major order. Cases port PyTorch's own tests:
- cumprod with zeros: common_methods_invocations.py sample_inputs_cumprod (prod_zeros: one zero,
  two zeros, a zero first and last along the dim) and test_autograd.py's cumprod zero cases;
- sort ties and NaN: test_sort_and_select.py test_stable_sort / test_sort (duplicates kept in
  order with stable=True, NaN last ascending and first descending);
- topk k = 0 and k = size: test_sort_and_select.py test_topk_zero / test_topk_arguments;
- cumsum of bool and i64 (i64 result): test_reductions.py test_cumsum_integral / dtype rules.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

DT = {"f64": (torch.float64, "ST_F64"), "f32": (torch.float32, "ST_F32"),
      "i64": (torch.int64, "ST_I64"), "bool": (torch.bool, "ST_BOOL")}
OPS = {"cumsum": 0, "cumprod": 1, "sort": 2, "argsort": 3, "topk": 4}


def arr(vals):
    vals = list(vals)
    return "(const double[]){" + ", ".join(c_double(v) for v in vals) + "}" if vals else "NULL"


def run(op, x, dim, p1, p2):
    """The op's outputs: (values or None, indices or None)."""
    if op == "cumsum":
        return torch.cumsum(x, dim), None
    if op == "cumprod":
        return torch.cumprod(x, dim), None
    if op == "sort":
        v, i = torch.sort(x, dim=dim, descending=bool(p1), stable=True)
        return v, i
    if op == "argsort":
        return None, torch.argsort(x, dim=dim, descending=bool(p1), stable=True)
    v, i = torch.topk(x, p1, dim=dim, largest=bool(p2), sorted=True)
    return v, i


def case(name, op, dt, shape, vals, dim, p1=0, p2=0):
    tdt, cdt = DT[dt]
    x = torch.tensor(vals, dtype=torch.float64).reshape(shape).to(tdt)
    floating = x.is_floating_point()
    if floating:
        x.requires_grad_(True)
    v, i = run(op, x, dim, p1, p2)
    grad = []
    if floating and v is not None:
        w = torch.arange(1, v.numel() + 1, dtype=tdt).reshape(v.shape)
        (v * w).sum().backward()
        grad = x.grad.double().flatten().tolist()
    out = v if v is not None else i
    oshape = list(out.shape)
    vv = v.detach().double().flatten().tolist() if v is not None else []
    ii = i.double().flatten().tolist() if i is not None else []
    return (f'  {{"{name}", {OPS[op]}, {cdt}, {len(shape)}, {{{", ".join(map(str, shape)) or "0"}}}, '
            f'{arr(x.detach().double().flatten().tolist())}, {dim}, {p1}, {p2}, '
            f'{len(oshape)}, {{{", ".join(map(str, oshape)) or "0"}}}, '
            f'{v is not None and 1 or 0}, {arr(vv)}, {i is not None and 1 or 0}, {arr(ii)}, '
            f'{len(grad)}, {arr(grad)}}},')


def main():
    torch.manual_seed(0)
    r34 = [round(v, 3) for v in (torch.rand(12, dtype=torch.float64) * 4 - 2).tolist()]
    pos = [round(v, 3) for v in (torch.rand(12, dtype=torch.float64) + 0.5).tolist()]
    cases = [
        case("cumsum f64 dim 1", "cumsum", "f64", [3, 4], r34, 1),
        case("cumsum f64 dim -2", "cumsum", "f64", [3, 4], r34, -2),
        case("cumsum f32 3-d", "cumsum", "f32", [2, 3, 2], r34, 1),
        case("cumsum i64", "cumsum", "i64", [2, 3], [1, -2, 3, 4, 5, -6], 1),
        case("cumsum bool gives i64", "cumsum", "bool", [5], [1, 0, 1, 1, 0], 0),
        case("cumsum 0-dim", "cumsum", "f64", [], [2.5], -1),
        case("cumsum size-0", "cumsum", "f64", [0, 3], [], 0),
        case("cumprod f64", "cumprod", "f64", [3, 4], pos, 1),
        case("cumprod f32 dim 0", "cumprod", "f32", [3, 4], pos, 0),
        case("cumprod i64", "cumprod", "i64", [2, 3], [1, -2, 3, 4, 5, -6], 1),
        case("cumprod one zero", "cumprod", "f64", [5], [2, 3, 0, 4, 5], 0),
        case("cumprod two zeros", "cumprod", "f64", [6], [2, 0, 3, 0, 4, 5], 0),
        case("cumprod zero first", "cumprod", "f64", [4], [0, 2, 3, 4], 0),
        case("cumprod zero last", "cumprod", "f64", [4], [2, 3, 4, 0], 0),
        case("cumprod zeros in some rows", "cumprod", "f64", [3, 4],
             [1, 2, 0, 3, 0.5, 1.5, 2, 3, 0, 0, 2, 1], 1),
        case("cumprod zeros along dim 0", "cumprod", "f32", [3, 2], [2, 0, 0, 3, 4, 5], 0),
        case("cumprod 0-dim", "cumprod", "f64", [], [-1.5], 0),
        case("sort ascending", "sort", "f64", [3, 4], r34, 1),
        case("sort descending dim 0", "sort", "f64", [3, 4], r34, 0, 1),
        case("sort ties stable", "sort", "f64", [8], [3, 1, 2, 1, 3, 2, 1, 3], 0),
        case("sort ties stable descending", "sort", "f64", [8], [3, 1, 2, 1, 3, 2, 1, 3], 0, 1),
        case("sort NaN ascending", "sort", "f64", [5], [2, float("nan"), -1, float("inf"), 0], 0),
        case("sort NaN descending", "sort", "f64", [5], [2, float("nan"), -1, float("inf"), 0], 0,
             1),
        case("sort f32 3-d", "sort", "f32", [2, 3, 2], r34, -2, 1),
        case("sort i64", "sort", "i64", [6], [5, -3, 5, 0, -3, 9], 0),
        case("sort bool", "sort", "bool", [5], [1, 0, 1, 0, 0], 0),
        case("sort 0-dim", "sort", "f64", [], [4.0], 0),
        case("argsort", "argsort", "f64", [3, 4], r34, 1),
        case("argsort ties descending", "argsort", "f64", [8], [3, 1, 2, 1, 3, 2, 1, 3], 0, 1),
        case("argsort i64", "argsort", "i64", [2, 3], [4, 4, 1, 0, 7, 7], 1),
        case("topk largest", "topk", "f64", [3, 4], r34, 1, 2, 1),
        case("topk smallest dim 0", "topk", "f64", [3, 4], r34, 0, 2, 0),
        case("topk k = 0", "topk", "f64", [3, 4], r34, 1, 0, 1),
        case("topk k = size", "topk", "f32", [3, 4], r34, -1, 4, 1),
        case("topk i64", "topk", "i64", [6], [5, -3, 8, 0, -7, 9], 0, 3, 1),
        case("topk 0-dim", "topk", "f64", [], [3.0], 0, 1, 1),
    ]
    print("/* scan_sort_expected.h — written by gen_scan_sort.py from torch "
          f"{torch.__version__}; do not edit. */")
    print("typedef struct {")
    print("  const char *name;")
    print("  int op; /* 0 cumsum, 1 cumprod, 2 sort, 3 argsort, 4 topk */")
    print("  st_dtype dtype;")
    print("  int ndim;")
    print("  int64_t shape[4];")
    print("  const double *x;")
    print("  int dim;")
    print("  int p1, p2; /* sort, argsort: descending; topk: k, largest */")
    print("  int out_ndim;")
    print("  int64_t out_shape[4];")
    print("  int has_values;")
    print("  const double *values;")
    print("  int has_indices;")
    print("  const double *indices;")
    print("  int ngrad;")
    print("  const double *grad; /* d sum(w * values) / dx, w = 1, 2, ... */")
    print("} scan_sort_case;")
    print("static const scan_sort_case SCAN_SORT_CASES[] = {")
    for c in cases:
        print(c)
    print("};")


main()
