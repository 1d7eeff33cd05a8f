"""gen_header.py - what the generators of checked-in expected-value headers share (the
tests/*/gen_*.py scripts, run with the bench venv's python): C literals for their values.
A generator imports it with tests/ on its path:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from gen_header import c_double
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
