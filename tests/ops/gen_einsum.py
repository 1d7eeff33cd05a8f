"""Writes einsum_expected.h: PyTorch's values and gradients of einsum, trace and linalg.cross
for test_einsum.c and test_contract.c.

Run with the project's venv (PyTorch on the CPU):
    /work/main/bench/.venv/bin/python tests/ops/gen_einsum.py > tests/ops/einsum_expected.h

The einsum equations are those of PyTorch's test/test_linalg.py: test_einsum (the rockt gist's
vector, matrix and tensor operations, diagonals, ellipses, torch.bilinear's three-operand
contraction at smaller sizes), test_einsum_corner_cases (spaces, 0-dim operands, zero-size
dims, size-1 broadcasting of labels and ellipses), and a fixed set of random equations drawn the
way test_einsum_random draws them (labels of random sizes, repeated labels, ellipses of
broadcasting sizes, explicit outputs), seeded so the header is reproducible. Each case has f64
operands with deterministic values, the output and the gradient of sum(g * out) in every operand
for a deterministic g. trace and cross cases likewise (cross with its dim and broadcasting).
"""
import os
import random
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_doubles, c_shape  # noqa: E402

torch.set_default_dtype(torch.float64)


def values(shape, seed):
    """Deterministic values in [-2, 2) rounded to 1/64, so the f32 runs hold them exactly."""
    g = torch.Generator().manual_seed(seed)
    return (torch.rand(shape, generator=g) * 256).floor() / 64 - 2


def c_array(vals):
    """A compound literal of the values, or NULL when there are none."""
    vals = list(vals)
    return "(const double[])" + c_doubles(vals) if vals else "NULL"


SEED = [100]


def case_tensors(shapes):
    out = []
    for s in shapes:
        SEED[0] += 1
        out.append(values(s, SEED[0]))
    return out


def run(fn, ins):
    ins = [t.clone().requires_grad_(True) for t in ins]
    y = fn(*ins)
    SEED[0] += 1
    g = values(y.shape, SEED[0])
    grads = [None] * len(ins)
    if y.numel() > 0 and y.requires_grad:
        grads = torch.autograd.grad(y, ins, g, allow_unused=True)
    grads = [torch.zeros_like(t) if gr is None else gr for t, gr in zip(ins, grads)]
    return y.detach(), g, grads


def emit_case(lines, name, eq, dim, ins, y, g, grads):
    lines.append("    {%s, %s, %d, %d," % (c_str(name), "NULL" if eq is None else c_str(eq), dim, len(ins)))
    lines.append("     {%s}," % ", ".join(str(t.dim()) for t in ins))
    lines.append("     {%s}," % ", ".join(c_shape(t.shape) for t in ins))
    lines.append("     {%s}," % ", ".join(c_array(t.flatten().tolist()) for t in ins))
    lines.append("     %d, %s, %s, %s," % (y.dim(), c_shape(y.shape), c_array(y.flatten().tolist()),
                                          c_array(g.flatten().tolist())))
    lines.append("     {%s}}," % ", ".join(c_array(gr.flatten().tolist()) for gr in grads))


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------------------- einsum cases

def linalg_cases():
    x, y = (5,), (7,)
    A, B, C, D, E = (3, 5), (2, 5), (2, 3, 5), (2, 5, 7), (7, 9)
    F, G, H, I = (2, 3, 3, 5), (5, 4, 6), (4, 4), (2, 3, 2)
    return [
        # vector operations
        ("i->", [x]), ("i,i->", [x, x]), ("i,i->i", [x, x]), ("i,j->ij", [x, y]),
        # matrix operations
        ("ij->ji", [A]), ("ij->j", [A]), ("ij->i", [A]), ("ij,ij->ij", [A, A]),
        ("ij,j->i", [A, x]), ("ij,kj->ik", [A, B]), ("ij,ab->ijab", [A, E]),
        # tensor operations
        ("Aij,Ajk->Aik", [C, D]), ("ijk,jk->i", [C, A]), ("aij,jk->aik", [D, E]),
        ("abCd,dFg->abCFg", [F, G]), ("ijk,jk->ik", [C, A]), ("ijk,jk->ij", [C, A]),
        ("ijk,ik->j", [C, B]), ("ijk,ik->jk", [C, B]),
        # diagonals
        ("ii", [H]), ("ii->i", [H]), ("iji->j", [I]), ("ngrg...->nrg...", [(2, 1, 3, 1, 4)]),
        # ellipses
        ("i...->...", [H]), ("ki,...k->i...", [(5, 3), B]), ("k...,jk->...", [(5, 3), B]),
        ("...ik, ...j -> ...ij", [C, x]), ("Bik,k...j->i...j", [C, (5, 3)]),
        ("i...j, ij... -> ...ij", [C, (2, 5, 2, 3)]),
        # torch.bilinear (smaller than torch's test)
        ("bn,anm,bm->ba", [(3, 4), (5, 4, 6), (3, 6)]),
        # implicit outputs: upper case before lower, ellipsis first
        ("bI,Ab", [(2, 3), (4, 2)]), ("ba,...b", [(3, 2), (4, 3)]),
        # four operands, a subscript of one operand summed first, an outer product in the chain
        ("ij,jk,kl,lm->im", [(2, 3), (3, 4), (4, 2), (2, 3)]), ("ab,c,bc->a", [(2, 3), (4,), (3, 4)]),
    ]


def corner_cases():
    return [
        (" ", [()]), (" -> ", [()]), (" , ", [(), ()]), (" , , ", [(), (), ()]), (" , -> ", [(), ()]),
        (" i ", [(1,)]), (" i -> ", [(1,)]), (" i -> i ", [(1,)]), (" i , i ", [(1,), (1,)]),
        (" i , i -> i ", [(1,), (1,)]),
        # zero-size dims
        ("i", [(0,)]), (" i j -> j", [(2, 0)]), ("ij->i", [(2, 0)]), (" i j k  ,  k  -> i j ", [(3, 0, 6), (6,)]),
        ("ij,jk->ik", [(2, 0), (0, 3)]),
        # size-1 broadcasting of labels
        ("i,j", [(1,), (2,)]), ("i,ij->ij", [(2,), (2, 3)]), ("ij,jk->ik", [(2, 1), (3, 4)]),
        ("ij,ij->", [(2, 1), (1, 4)]), ("ii->i", [(1, 1)]),
        # ellipsis broadcasting
        ("...", [()]), ("...->", [()]), ("...->...", [()]), ("...", [(1,)]), ("...->", [(1,)]),
        ("z...->z", [(1,)]), ("Z...->...Z", [(1,)]), ("...a->", [(2, 1)]), ("a...b->ab", [(2, 2, 1)]),
        ("...ij,...jk->...ik", [(2, 1, 2, 3), (5, 3, 4)]),
    ]


def random_cases(n, rng):
    """Equations drawn as test_einsum_random draws them (5 labels of sizes 1..4, 1..3 operands
    of 1..3 dims, repeated labels, an ellipsis half the time, sizes turned to 1 one time in
    ten), with and without an explicit output."""
    out = []
    letters = [chr(ord("A") + i) for i in range(26)] + [chr(ord("a") + i) for i in range(26)]
    while len(out) < n:
        labels = rng.sample(letters, 5)
        size = {lab: rng.randint(1, 4) for lab in labels}
        ell_shape = [rng.randint(1, 4) for _ in range(2)]
        subs, shapes, ell_size, used = [], [], 0, set()
        for _ in range(rng.randint(1, 3)):
            nd = rng.randint(1, 3)
            labs = [rng.choice(labels) for _ in range(nd)]
            used.update(labs)
            ones = {lab for lab in labs if rng.random() < 0.1}
            shape = [1 if lab in ones else size[lab] for lab in labs]
            sub = list(labs)
            if nd < 3 and rng.random() < 0.5:
                ne = rng.randint(1, 3 - nd)
                ell_size = max(ell_size, ne)
                es = [1 if rng.random() < 0.1 else s for s in ell_shape[-ne:]]
                at = rng.randint(0, nd)
                shape[at:at] = es
                sub.insert(at, "...")
            subs.append("".join(sub))
            shapes.append(tuple(shape))
        eq = ",".join(subs)
        out.append((eq, shapes))
        k = max(0, rng.randint(0, min(3, len(used))) - ell_size)
        outs = rng.sample(sorted(used), k)
        outs.insert(rng.randint(0, k), "...")
        out.append((eq + "->" + "".join(outs), shapes))
    return out


def einsum_cases():
    rng = random.Random(20240611)
    cases = [("linalg", c) for c in linalg_cases()] + [("corner", c) for c in corner_cases()]
    cases += [("random", c) for c in random_cases(16, rng)]
    lines = []
    for kind, (eq, shapes) in cases:
        ins = case_tensors(shapes)
        y, g, grads = run(lambda *t: torch.einsum(eq, *t), ins)
        emit_case(lines, "%s %s" % (kind, eq), eq, 0, ins, y, g, grads)
    return lines


# ------------------------------------------------------------------------ trace and cross

def trace_cases():
    lines = []
    for shape in [(3, 3), (3, 4), (4, 2), (1, 1), (0, 3), (2, 0)]:
        ins = case_tensors([shape])
        y, g, grads = run(torch.trace, ins)
        emit_case(lines, "trace %s" % (shape,), None, 0, ins, y, g, grads)
    return lines


def cross_cases():
    lines = []
    for sa, sb, dim in [((3,), (3,), -1), ((2, 3), (2, 3), -1), ((2, 3), (2, 3), 1), ((3, 2), (3, 2), 0),
                        ((3, 2), (3, 2), -2), ((4, 1, 3), (1, 5, 3), -1), ((4, 3, 1), (1, 3, 5), 1),
                        ((2, 1, 3), (2, 4, 3), 2), ((0, 3), (0, 3), -1)]:
        ins = case_tensors([sa, sb])
        y, g, grads = run(lambda a, b: torch.linalg.cross(a, b, dim=dim), ins)
        emit_case(lines, "cross %s x %s dim %d" % (sa, sb, dim), None, dim, ins, y, g, grads)
    return lines


def main():
    print("/* einsum_expected.h — generated by gen_einsum.py (PyTorch %s); do not edit. */" %
          torch.__version__.split("+")[0])
    print("#ifndef EINSUM_EXPECTED_H\n#define EINSUM_EXPECTED_H\n")
    print("#include <stddef.h>\n#include <stdint.h>\n")
    print("#define EIN_MAX_OPS 4\n")
    print("/* A call on f64 operands: its value and the gradients of sum(g * out). eq is einsum's")
    print("   equation (NULL for trace and cross), dim cross's dim. */")
    print("typedef struct {")
    print("  const char *name;")
    print("  const char *eq;")
    print("  int dim;")
    print("  int nops;")
    print("  int ndim[EIN_MAX_OPS];")
    print("  int64_t shape[EIN_MAX_OPS][6];")
    print("  const double *in[EIN_MAX_OPS];")
    print("  int out_ndim;")
    print("  int64_t out_shape[6];")
    print("  const double *want, *g;")
    print("  const double *grad[EIN_MAX_OPS];")
    print("} ein_case;\n")
    for name, gen in [("EINSUM_CASES", einsum_cases), ("TRACE_CASES", trace_cases),
                      ("CROSS_CASES", cross_cases)]:
        lines = gen()
        print("static const ein_case %s[] = {" % name)
        print("\n".join(lines))
        print("};")
        print("#define N_%s ((int)(sizeof %s / sizeof %s[0]))\n" % (name, name, name))
    print("#endif")


if __name__ == "__main__":
    main()
