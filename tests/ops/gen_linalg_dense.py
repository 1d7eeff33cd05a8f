"""Writes linalg_dense_expected.h: torch.linalg's values for test_linalg_dense.c.

Run with the project's venv (PyTorch on the CPU):
    /work/main/bench/.venv/bin/python tests/ops/gen_linalg_dense.py > tests/ops/linalg_dense_expected.h

Cases follow PyTorch's test/test_linalg.py (test_solve, test_solve_batched_broadcasting,
test_cholesky, test_inverse, test_det/test_slogdet with singular inputs, test_qr, test_eigh,
test_svd, test_solve_triangular with upper/left/unitriangular, test_lstsq) with fixed seeds:
shapes with batches, broadcast batches, 1x1 and empty matrices. Eigenvectors and singular
vectors are signed as strata signs them (each eigenvector's, or left singular vector's, entry
of largest magnitude positive; the matching right singular vector flipped along), which
torch.linalg leaves to LAPACK: the comparison is then exact up to rounding.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

torch.set_default_dtype(torch.float64)
gen = torch.Generator().manual_seed(1234)


def randn(*shape):
    return torch.randn(*shape, generator=gen)


def spd(*shape):
    m = randn(*shape)
    n = shape[-1]
    return m @ m.mT + n * torch.eye(n)


def wellcond(*shape):
    m = randn(*shape)
    k = min(shape[-2], shape[-1])
    return m + 3 * torch.eye(shape[-2], shape[-1]) if k else m


def fix_columns(x, other=None, other_rows=False):
    """Signs each column of x so its entry of largest magnitude is positive; flips the same
    columns of other (or rows, other_rows) along."""
    if x.shape[-1] == 0 or x.shape[-2] == 0:
        return x, other
    idx = x.abs().argmax(dim=-2, keepdim=True)
    s = torch.sign(torch.gather(x, -2, idx))
    s[s == 0] = 1
    x = x * s
    if other is not None:
        other = other * (s.mT if other_rows else s)
    return x, other


cases = []


def add(name, op, inputs, outputs, upper=0, left=1, unit=0):
    cases.append((name, op, [t.contiguous() for t in inputs], [t.contiguous() for t in outputs], upper, left, unit))


L = torch.linalg
for name, a in [("3x3", spd(3, 3)), ("1x1", spd(1, 1)), ("batch 2x4x4", spd(2, 4, 4)),
                ("7x7", spd(7, 7)), ("empty", torch.zeros(0, 0))]:
    add(name, "cholesky", [a], [L.cholesky(a)])

for name, a, b in [("3x3, B 3x2", wellcond(3, 3), randn(3, 2)),
                   ("vector B", wellcond(4, 4), randn(4)),
                   ("batched vector B", wellcond(2, 3, 3), randn(2, 3)),
                   ("batch broadcast", wellcond(2, 1, 3, 3), randn(3, 3, 2)),
                   ("B batch only", wellcond(3, 3), randn(2, 3, 1)),
                   ("7x7", wellcond(7, 7), randn(7, 3)),
                   ("empty", torch.zeros(0, 0), torch.zeros(0, 2))]:
    add(name, "solve", [a, b], [L.solve(a, b)])

for upper in (0, 1):
    for left in (0, 1):
        for unit in (0, 1):
            a = wellcond(2, 4, 4)
            b = randn(2, 4, 3) if left else randn(2, 3, 4)
            x = L.solve_triangular(a, b, upper=bool(upper), left=bool(left), unitriangular=bool(unit))
            add(f"upper {upper} left {left} unit {unit}", "solve_triangular", [a, b], [x], upper, left, unit)

for name, a in [("3x3", wellcond(3, 3)), ("batch 2x4x4", wellcond(2, 4, 4)), ("1x1", wellcond(1, 1)),
                ("7x7", wellcond(7, 7)), ("empty", torch.zeros(2, 0, 0))]:
    add(name, "inv", [a], [L.inv(a)])

sing = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.5, 1.0, 2.0]])
neg = wellcond(3, 3)[[1, 0, 2]]
for name, a in [("3x3", wellcond(3, 3)), ("negative", neg), ("batch", wellcond(3, 2, 2)),
                ("singular", sing), ("zero", torch.zeros(2, 2)), ("empty", torch.zeros(0, 0))]:
    add(name, "det", [a], [L.det(a)])
    s, la = L.slogdet(a)
    add(name, "slogdet", [a], [s, la])

for name, a in [("4x3", wellcond(4, 3)), ("3x4", wellcond(3, 4)), ("square batch", wellcond(2, 3, 3)),
                ("1x1", wellcond(1, 1)), ("empty rows", torch.zeros(0, 3))]:
    q, r = L.qr(a)
    add(name, "qr", [a], [q, r])

for name, a in [("3x3", spd(3, 3)), ("batch 2x4x4", spd(2, 4, 4)), ("1x1", spd(1, 1)),
                ("7x7", spd(7, 7)), ("indefinite", (lambda m: m + m.mT)(randn(5, 5)))]:
    w, v = L.eigh(a)
    v, _ = fix_columns(v)
    add(name, "eigh", [a], [w, v])

for name, a in [("4x3", wellcond(4, 3)), ("3x5", wellcond(3, 5)), ("batch 2x3x3", wellcond(2, 3, 3)),
                ("1x1", wellcond(1, 1)), ("7x7", randn(7, 7))]:
    u, s, vh = L.svd(a, full_matrices=False)
    u, vh = fix_columns(u, vh, other_rows=True)
    add(name, "svd", [a], [u, s, vh])
# a rank-deficient matrix: its null-space singular vectors are not unique, so only S compares
# (and U diag(S) Vh reconstructs A, checked in the test)
a = torch.outer(randn(4), randn(3))
add("rank 1", "svd_s", [a], [L.svdvals(a)])

for name, a, b in [("tall 5x3", wellcond(5, 3), randn(5, 2)), ("square", wellcond(3, 3), randn(3, 1)),
                   ("wide 2x4", wellcond(2, 4), randn(2, 2)), ("vector B", wellcond(4, 2), randn(4)),
                   ("batch broadcast", wellcond(2, 4, 3), randn(1, 4, 2)), ("batched vector B", wellcond(2, 4, 3), randn(2, 4))]:
    add(name, "lstsq", [a, b], [L.lstsq(a, b).solution])

# Rank-deficient least squares (torch's default CPU driver, gelsy: the minimum-norm solution,
# ranks decided with rcond = eps * max(m, n)). Integer-valued A, so that the deficiency is exact
# in f32 too.
r2 = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0], [3.0, 2.0, 5.0]])  # rank 2
for name, a, b in [("rank-deficient tall", r2, randn(4, 2)),
                   ("rank-deficient wide", r2.mT.contiguous(), randn(3, 1)),
                   ("rank-deficient square", torch.tensor([[1.0, 2.0], [2.0, 4.0]]), randn(2)),
                   ("zero A", torch.zeros(3, 2), randn(3, 1)),
                   ("batch, one deficient", torch.stack([wellcond(4, 3), r2]), randn(2, 4, 1))]:
    add(name, "lstsq", [a, b], [L.lstsq(a, b).solution])


# lstsq's gradients, of sum(X * W) with W = cos(0.5 + i) over X's elements: torch's backward goes
# through the pseudo-inverse (pinv_backward), so it holds for rank-deficient A too (at a fixed
# rank).
def lstsq_grad(a, b):
    a, b = a.clone().requires_grad_(), b.clone().requires_grad_()
    x = L.lstsq(a, b).solution
    w = torch.cos(torch.arange(x.numel(), dtype=x.dtype) + 0.5).reshape(x.shape)
    ga, gb = torch.autograd.grad((x * w).sum(), (a, b))
    return [ga, gb]


for name, a, b in [("tall", wellcond(5, 3), randn(5, 2)), ("wide", wellcond(2, 4), randn(2, 2)),
                   ("batch broadcast", wellcond(2, 4, 3), randn(1, 4, 2)),
                   ("rank-deficient tall", r2, randn(4, 2)),
                   ("rank-deficient wide", r2.mT.contiguous(), randn(3, 1)),
                   ("rank-deficient square, vector B", torch.tensor([[1.0, 2.0], [2.0, 4.0]]), randn(2)),
                   ("zero A", torch.zeros(3, 2), randn(3, 1)),
                   ("batch, one deficient", torch.stack([wellcond(4, 3), r2]), randn(2, 4, 1))]:
    add(name, "lstsq_grad", [a, b], lstsq_grad(a, b))


# det's gradient: det A^-T where A is invertible, the cofactor matrix adj(A)^T everywhere (det is a
# polynomial). At a singular A torch's first-order backward returns zeros (it perturbs a zero
# pivot of the LU by eps and scales by det = 0); with create_graph it takes its SVD formula, which
# is the cofactor matrix: those are the values strata matches (and finite differences agree).
def det_grad(a):
    a = a.clone().requires_grad_()
    (g,) = torch.autograd.grad(L.det(a).sum(), a, create_graph=True)
    return g.detach()


rank2 = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.5, 1.0, 2.0]])
for name, a in [("invertible", wellcond(3, 3)), ("rank n-1", rank2),
                ("rank n-1, 4x4", torch.tensor([[2.0, 1.0, 0.0, 1.0], [1.0, 3.0, 1.0, 4.0],
                                                [0.0, 1.0, 2.0, 1.0], [3.0, 4.0, 1.0, 5.0]])),
                ("rank n-2", torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [3.0, 6.0, 9.0]])),
                ("zero", torch.zeros(3, 3)),
                ("batch, mixed", torch.stack([wellcond(3, 3), rank2, torch.zeros(3, 3)]))]:
    add(name, "det_grad", [a], [det_grad(a)])


# cholesky's and eigh's gradients at symmetric positive-definite inputs: torch differentiates them
# over symmetric matrices (its gradients are symmetric), though the ops read the lower triangle.
# Losses sum(L * W), and sum(w * W1) + sum(V * V * W2) (eigenvectors' signs are free: V * V is
# not), W = cos(0.5 + i) over the output's elements (W2 = sin).
def sym_grad(op, a):
    a = a.clone().requires_grad_()
    if op == "cholesky_grad":
        y = L.cholesky(a)
        loss = (y * torch.cos(torch.arange(y.numel()) + 0.5).reshape(y.shape)).sum()
    else:
        w, v = L.eigh(a)
        loss = (w * torch.cos(torch.arange(w.numel()) + 0.5).reshape(w.shape)).sum() + \
               (v * v * torch.sin(torch.arange(v.numel()) + 0.5).reshape(v.shape)).sum()
    (g,) = torch.autograd.grad(loss, a)
    return g


for op in ("cholesky_grad", "eigh_grad"):
    for name, a in [("3x3", spd(3, 3)), ("batch 2x4x4", spd(2, 4, 4)), ("1x1", spd(1, 1))]:
        add(name, op, [a], [sym_grad(op, a)])


def arr(t):
    vals = t.flatten().tolist()
    return "(const double[]){" + (", ".join(c_double(v) for v in vals) if vals else "0") + "}"


def shp(t):
    return "%d, {%s}" % (t.dim(), ", ".join(str(s) for s in t.shape) or "0")


print("/* linalg_dense_expected.h — generated by gen_linalg_dense.py from torch %s; do not edit. */"
      % torch.__version__)
print("typedef struct { int ndim; int64_t shape[4]; const double *v; } la_tensor;")
print("typedef struct { const char *name, *op; int upper, left, unit, nin, nout; "
      "la_tensor in[2], out[3]; } la_case;")
print("static const la_case LA_CASES[] = {")
for name, op, ins, outs, upper, left, unit in cases:
    tin = ", ".join("{%s, %s}" % (shp(t), arr(t)) for t in ins)
    tout = ", ".join("{%s, %s}" % (shp(t), arr(t)) for t in outs)
    print('  {"%s", "%s", %d, %d, %d, %d, %d, {%s}, {%s}},' % (name, op, upper, left, unit, len(ins), len(outs), tin, tout))
print("};")
print("#define LA_NCASES (sizeof LA_CASES / sizeof LA_CASES[0])")
