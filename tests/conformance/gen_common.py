"""gen_common.py - what the conformance generators share: a writer of expected-value headers (C
arrays of f64 with their shapes, and CONF_PROG program cases) and the torch side of program cases
(tests/difffuzz/prog.py's language; see conf.h for the modes).

Run the generators with the venv's python (bench/.venv, torch 2.x, CPU); each rewrites its
expected_*.h beside it, deterministically (fixed seeds)."""
import math
import os
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "difffuzz"))
sys.path.insert(0, os.path.join(HERE, ".."))  # gen_header

import torch  # noqa: E402
from gen_header import c_double  # noqa: E402

import prog as P  # noqa: E402

torch.set_default_dtype(torch.float64)


def name_seed(name):
    """A seed from a case's name, so that its values do not depend on the order of the cases."""
    return zlib.crc32(name.encode())


def generator(name):
    return torch.Generator().manual_seed(name_seed(name))


def raises(fn):
    """Whether fn() raises (torch's outcome of a case that must fail in strata too)."""
    try:
        fn()
        return False
    except Exception:
        return True


def _chunks(text, n):
    """text cut into pieces of at most n characters (at spaces where possible)."""
    out = []
    while len(text) > n:
        cut = text.rfind(" ", 0, n)
        cut = cut if cut > 0 else n
        out.append(text[:cut])
        text = text[cut:]
    out.append(text)
    return out


def plain(t):
    """A plain f64 tensor (torch's materialized zeros may be storage-less ZeroTensors)."""
    t = torch.as_tensor(t).detach()
    if t._is_zerotensor():
        return torch.zeros(t.shape, dtype=torch.float64)
    return t.to(torch.float64).contiguous()


def c_string(text):
    lines = text.splitlines(keepends=True)
    return "\n".join('    "' + line.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                     + '"' for line in lines)


def wrap_list(items, indent="    ", width=98):
    """items joined by ", " over lines of at most width columns."""
    lines, cur = [], indent
    for it in items:
        piece = it + ", "
        if len(cur) + len(piece.rstrip()) > width and cur.strip():
            lines.append(cur.rstrip())
            cur = indent
        cur += piece
    lines.append(cur.rstrip().rstrip(","))
    return "\n".join(lines)


class Header:
    """An expected_*.h being written."""

    def __init__(self, path, generator, doc):
        self.path, self.generator, self.doc = path, generator, doc
        self.lines = []
        self.names = set()
        self.cases = 0

    def array(self, name, t):
        """static const conf_array <name> = {ndim, shape, data}."""
        assert name not in self.names, name
        self.names.add(name)
        t = plain(t)
        shape = list(t.shape)
        vals = [c_double(v) for v in t.flatten().tolist()] or ["0"]
        sh = ", ".join(str(s) for s in shape) or "0"
        body = ", ".join(vals)
        self.lines.append(f"static const int64_t {name}_shape[] = {{{sh}}};")
        self.lines.append(f"static const double {name}_data[] = {{\n{wrap_list(vals)}}};")
        self.lines.append(f"static const conf_array {name} = {{\n    {len(shape)}, {name}_shape,\n"
                          f"    {name}_data}};")
        return name

    def arrays(self, name, ts):
        """static const conf_array <name>[] = {...} of several tensors."""
        items = []
        for i, t in enumerate(ts):
            t = plain(t)
            shape = list(t.shape)
            vals = [c_double(v) for v in t.flatten().tolist()] or ["0"]
            sh = ", ".join(str(s) for s in shape) or "0"
            self.lines.append(f"static const int64_t {name}_{i}_shape[] = {{{sh}}};")
            self.lines.append(f"static const double {name}_{i}_data[] = {{\n{wrap_list(vals)}}};")
            items.append(f"    {{{len(shape)}, {name}_{i}_shape,\n     {name}_{i}_data}}")
        if not items:
            items = ["    {0, NULL, NULL}"]
        self.lines.append(f"static const conf_array {name}[] = {{\n" + ",\n".join(items) + "};")

    def define(self, name, value):
        self.lines.append(f"#define {name} {value}")

    def comment(self, text):
        self.lines.append(f"/* {text} */")

    def prog_case(self, name, source, mode, text, inputs, outputs, fails):
        assert name not in self.names, name
        self.names.add(name)
        self.cases += 1
        self.arrays(f"{name}_in", inputs)
        self.arrays(f"{name}_out", outputs or [])
        src = "\n".join(f'          "{part}"' for part in _chunks(source, 84))
        self.lines.append(f"CONF_PROG({name},\n{src},\n          {mode},\n{c_string(text)},\n"
                          f"          {name}_in, {len(inputs)},\n"
                          f"          {name}_out, {len(outputs or [])}, {1 if fails else 0})")

    def write(self):
        guard = "STRATA_CONF_" + os.path.basename(self.path).upper().replace(".", "_")
        out = [f"/* {os.path.basename(self.path)} — written by {self.generator} with torch",
               f"   {torch.__version__}; do not edit. */",
               f"/* {self.doc} */",
               f"#ifndef {guard}", f"#define {guard}", "", '#include <math.h>', "",
               '#include "conf.h"', ""]
        out += self.lines
        out += ["", "#endif", ""]
        with open(self.path, "w") as fh:
            fh.write("\n".join(out))
        print(f"{self.path}: {self.cases} program cases, {len(self.names)} names")


# ------------------------------------------------------------------------ program cases (torch)
def run_stack(prog, inputs):
    """torch's outputs of the program under its layers, or None when torch raises."""
    try:
        return list(P.run(prog, inputs))
    except Exception:
        return None


def run_eager(prog, inputs):
    """conf.h's CONF_EAGER: y, g..., gg... computed with torch.autograd; None when torch raises."""
    try:
        xs = [x.clone().requires_grad_() for x in inputs]
        y = P.body_fn(prog)(*xs)[0]
        v = P.direction(y.shape, 1)
        g = torch.autograd.grad(y, xs, v, create_graph=True, allow_unused=True,
                                materialize_grads=True)
        s = torch.zeros(())
        for i, (gi, x) in enumerate(zip(g, xs)):
            s = s + (gi * P.direction(x.shape, 20 + i)).sum()
        if s.requires_grad:
            gg = torch.autograd.grad(s, xs, allow_unused=True, materialize_grads=True)
        else:
            gg = [torch.zeros_like(x) for x in xs]
        return [y.detach()] + [t.detach() for t in g] + [t.detach() for t in gg]
    except Exception:
        return None


def program(name, shapes, body, outs, layers=()):
    """A Prog from a list of instruction tuples (op, dst, args)."""
    return P.Prog(name, shapes, list(layers), body, outs)


def parse_body(text, nin):
    """Instructions from lines such as 'v2 = sin v0' (the program language's op lines)."""
    full = "prog t\n" + "".join("in 1\n" for _ in range(nin)) + text + "\nout v0\nend\n"
    return P.parse(full)[0].instrs
