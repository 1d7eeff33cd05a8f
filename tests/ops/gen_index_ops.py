"""Writes index_ops_expected.h: PyTorch's values and gradients of masked_fill, index_add and
one_hot for test_index_ops.c.

Run with the project's venv (PyTorch on the CPU):
    /work/main/bench/.venv/bin/python tests/ops/gen_index_ops.py > tests/ops/index_ops_expected.h

Each case calls one op on fixed inputs and records torch's result and, for floating inputs, the
gradients of sum(w * result) (w = 1, 2, ... in row-major order) with respect to the first and
third inputs. Cases follow common_methods_invocations.py's sample_inputs_masked_fill (a mask
broadcast to the input, a mask larger than the input, 0-dim), sample_inputs_index (index_add
with repeated indices, alpha, negative dim, 0-dim) and test_nn.py's test_one_hot (inferred
num_classes, 0-dim input).
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

DT = {"f64": (torch.float64, "ST_F64"), "f32": (torch.float32, "ST_F32"),
      "i64": (torch.int64, "ST_I64"), "bool": (torch.bool, "ST_BOOL")}
OPS = {"masked_fill": 0, "index_add": 1, "one_hot": 2}


def arr(vals):
    vals = list(vals)
    return "(const double[]){" + ", ".join(c_double(v) for v in vals) + "}" if vals else "NULL"


def shp(s):
    return "{" + (", ".join(map(str, s)) or "0") + "}"


def tensor(dt, shape, vals):
    return torch.tensor(vals, dtype=torch.float64).reshape(shape).to(DT[dt][0])


def case(name, op, dt, a, b=None, c=None, dim=0, value=0.0):
    ta = tensor(dt, *a)
    tb = tensor(b[0], b[1], b[2]) if b else None
    tc = tensor(dt, *c) if c else None
    fl = ta.is_floating_point()
    if fl:
        ta.requires_grad_(True)
        if tc is not None:
            tc.requires_grad_(True)
    if op == "masked_fill":
        r = ta.masked_fill(tb, value)
    elif op == "index_add":
        r = torch.index_add(ta, dim, tb, tc, alpha=value)
    else:
        r = F.one_hot(ta, int(value))
    ga, gc = [], []
    if fl:
        w = torch.arange(1, r.numel() + 1, dtype=r.dtype).reshape(r.shape)
        (r * w).sum().backward()
        ga = ta.grad.double().flatten().tolist()
        if tc is not None:
            gc = tc.grad.double().flatten().tolist()
    bb = b if b else ("i64", [], [])
    cc = c if c else ([], [])
    return (f'  {{"{name}", {OPS[op]}, {DT[dt][1]}, {len(a[0])}, {shp(a[0])}, {arr(a[1])}, '
            f'{DT[bb[0]][1]}, {len(bb[1])}, {shp(bb[1])}, {arr(bb[2])}, '
            f'{len(cc[0])}, {shp(cc[0])}, {arr(cc[1])}, {dim}, {c_double(value)}, '
            f'{len(r.shape)}, {shp(list(r.shape))}, {arr(r.detach().double().flatten().tolist())}, '
            f'{len(ga)}, {arr(ga)}, {len(gc)}, {arr(gc)}}},')


def main():
    v12 = [0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.25, -2.5, 1.75, -1.0, 0.125, 2.25]
    m34 = [1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1]
    cases = [
        case("masked_fill", "masked_fill", "f64", ([3, 4], v12), ("bool", [3, 4], m34),
             value=-1.5),
        case("masked_fill mask broadcast", "masked_fill", "f64", ([3, 4], v12),
             ("bool", [4], [1, 0, 1, 0]), value=9.0),
        case("masked_fill mask larger", "masked_fill", "f32", ([4], v12[:4]),
             ("bool", [3, 4], m34), value=0.5),
        case("masked_fill i64", "masked_fill", "i64", ([2, 3], [1, 2, 3, 4, 5, 6]),
             ("bool", [2, 3], [0, 1, 0, 1, 1, 0]), value=7.0),
        case("masked_fill bool", "masked_fill", "bool", ([4], [1, 0, 1, 0]),
             ("bool", [4], [1, 1, 0, 0]), value=0.0),
        case("masked_fill 0-dim", "masked_fill", "f64", ([], [3.0]), ("bool", [], [1]),
             value=-4.0),
        case("index_add dim 0", "index_add", "f64", ([5, 3], v12 + [0.5, 1.5, -0.5]),
             ("i64", [4], [0, 2, 0, 4]), ([4, 3], v12), dim=0, value=1.0),
        case("index_add dim -1 alpha", "index_add", "f64", ([3, 4], v12),
             ("i64", [3], [3, 1, 3]), ([3, 3], v12[:9]), dim=-1, value=-2.0),
        case("index_add f32", "index_add", "f32", ([2, 3], v12[:6]), ("i64", [2], [2, 2]),
             ([2, 2], v12[:4]), dim=1, value=0.5),
        case("index_add i64", "index_add", "i64", ([3, 2], [1, 2, 3, 4, 5, 6]),
             ("i64", [2], [2, 0]), ([2, 2], [10, 20, 30, 40]), dim=0, value=3.0),
        case("index_add 0-dim", "index_add", "f64", ([], [1.5]), ("i64", [1], [0]),
             ([], [2.0]), dim=0, value=1.0),
        case("one_hot", "one_hot", "i64", ([2, 3], [0, 4, 2, 2, 1, 0]), value=5.0),
        case("one_hot inferred", "one_hot", "i64", ([4], [1, 3, 0, 3]), value=-1.0),
        case("one_hot 0-dim", "one_hot", "i64", ([], [2]), value=3.0),
    ]
    print("/* index_ops_expected.h — written by gen_index_ops.py from torch "
          f"{torch.__version__}; do not edit. */")
    print("""typedef struct {
  const char *name;
  int op; /* 0 masked_fill, 1 index_add, 2 one_hot */
  st_dtype dtype;
  int a_ndim;
  int64_t a_shape[4];
  const double *a;
  st_dtype b_dtype; /* mask or index */
  int b_ndim;
  int64_t b_shape[4];
  const double *b;
  int c_ndim; /* index_add's source */
  int64_t c_shape[4];
  const double *c;
  int dim;
  double value; /* masked_fill: value; index_add: alpha; one_hot: num_classes */
  int out_ndim;
  int64_t out_shape[4];
  const double *out;
  int nga;
  const double *ga; /* d sum(w * out) / da, w = 1, 2, ... */
  int ngc;
  const double *gc; /* d sum(w * out) / dc */
} index_case;
static const index_case INDEX_CASES[] = {""")
    for c in cases:
        print(c)
    print("};")


main()
