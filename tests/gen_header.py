"""gen_header.py - what the generators of checked-in expected-value headers share (the
tests/*/gen_*.py scripts, run with the bench venv's python): C literals for their values.
A generator imports it with tests/ on its path:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from gen_header import c_double, c_doubles, c_shape
"""
import math


def c_double(v):
    """v as a C double literal: NAN and +-INFINITY (math.h) for the values repr cannot write."""
    v = float(v)
    if math.isnan(v):
        return "NAN"
    if math.isinf(v):
        return "INFINITY" if v > 0 else "-INFINITY"
    return repr(v)


def c_doubles(vals):
    """An initializer of doubles, {v0, v1, ...}; {0} when there are none (C has no empty braces)."""
    vals = list(vals)
    return "{" + ", ".join(c_double(v) for v in vals) + "}" if vals else "{0}"


def c_shape(shape):
    """An initializer of sizes, {s0, s1, ...}; {0} for a 0-dim shape."""
    return "{" + ", ".join(str(s) for s in shape) + "}" if len(shape) else "{0}"
