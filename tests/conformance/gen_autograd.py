"""gen_autograd.py - torch's values and outcomes for the TestAutograd cases of test_autograd.c
(test_autograd.py TestAutograd and TestAutogradInferenceMode, ported case by case): inputs,
gradients, and whether torch raised or a tensor requires grad (as 0/1 defines), written to
expected_autograd.h.

    bench/.venv/bin/python tests/conformance/gen_autograd.py
"""
import os

import torch

import gen_common as G
from gen_common import HERE, raises

H = G.Header(os.path.join(HERE, "expected_autograd.h"), "gen_autograd.py",
             "TestAutograd cases: inputs, torch's gradients and outcomes (AG_* flags).")


def seed(name):
    torch.manual_seed(G.name_seed(name))


def arr(case, key, t):
    H.array(f"ag_{case}_{key}", t)


def flag(case, key, value):
    H.define(f"AG_{case.upper()}_{key.upper()}", int(bool(value)))


def case_backward():
    c = "backward"
    seed(c)
    v, x, z = (torch.randn(5, 5, requires_grad=True) for _ in range(3))
    y = (torch.rand(5, 5) + 0.1).requires_grad_(True)
    go = torch.randn(5, 5)
    for k, t in dict(v=v, x=x, y=y, z=z, go=go).items():
        arr(c, k, t)
    v.backward(go)
    a = x + (y * z) + 4 * z ** 2 * x / y
    a.backward(go)
    for k, t in dict(v_grad=v.grad, x_grad=x.grad, y_grad=y.grad, z_grad=z.grad).items():
        arr(c, k, t)


def case_backward_badcalls():
    x = torch.ones(1)
    flag("backward_badcalls", "raises", raises(lambda: x.backward()))


def case_grad_badcalls():
    c = "grad_badcalls"
    x = torch.ones(1)
    y = x ** 2
    flag(c, "grad_x_y_raises", raises(lambda: torch.autograd.grad(x, y)))
    flag(c, "grad_y_x_raises", raises(lambda: torch.autograd.grad(y, x)))
    x = torch.ones(1, requires_grad=True)
    y = x ** 2
    flag(c, "requires_grad_ok", not raises(lambda: torch.autograd.grad(y, x)))


def case_grad():
    c = "grad"
    seed(c)
    x = torch.randn(2, 2, requires_grad=True)
    y = torch.randn(2, 2, requires_grad=True)
    arr(c, "x", x)
    arr(c, "y", y)
    z = x ** 2 + y * x + y ** 2
    z.backward(torch.ones(2, 2), create_graph=True)
    arr(c, "x_grad", x.grad)
    arr(c, "y_grad", y.grad)
    flag(c, "x_grad_requires_grad", x.grad.requires_grad)
    grad_sum = 2 * x.grad + y.grad
    (x_hv,) = torch.autograd.grad([grad_sum], [x], [torch.ones(2, 2)], create_graph=True)
    arr(c, "x_hv", x_hv)
    flag(c, "mismatch_raises", raises(lambda: torch.autograd.grad(
        [grad_sum], [x], [torch.ones(2)], create_graph=True)))


def case_hessian_vector():
    c = "hessian_vector"
    seed(c)
    x = torch.randn(2, 2, requires_grad=True)
    y = torch.randn(2, 2, requires_grad=True)
    arr(c, "x", x)
    arr(c, "y", y)
    z = x ** 2 + y * x + y ** 2
    z.backward(torch.ones(2, 2), create_graph=True)
    grad_sum = 2 * x.grad + y.grad
    grad_sum.backward(torch.ones(2, 2))
    arr(c, "x_grad", x.grad)
    arr(c, "y_grad", y.grad)


def case_grad_nonleaf():
    c = "grad_nonleaf"
    seed(c)
    x_init = torch.randn(2, 2, requires_grad=True)
    y = torch.randn(2, 2, requires_grad=True)
    arr(c, "x_init", x_init)
    arr(c, "y", y)
    x = x_init
    for _ in range(5):
        (gx,) = torch.autograd.grad(x ** 2 + y * x + y ** 2, x, torch.ones(2, 2),
                                    create_graph=True)
        x = x + 0.05 * gx
    arr(c, "x_final", x)
    flag(c, "final_greater", (x ** 2 + y * x + y ** 2).sum() > (x_init ** 2 + y * x_init +
                                                              y ** 2).sum())
    x.backward(torch.ones(2, 2))
    arr(c, "x_init_grad", x_init.grad)
    arr(c, "y_grad", y.grad)


def case_grad_nonleaf_many_outputs():
    c = "grad_nonleaf_many_outputs"
    seed(c)
    x = torch.randn(4, 2, requires_grad=True)
    go = torch.randn(2, 2)
    arr(c, "x", x)
    arr(c, "go", go)
    a, b = x.chunk(2)
    ga, gb = torch.autograd.grad(a + 2 * b, [a, b], go, create_graph=True)
    arr(c, "ga", ga)
    arr(c, "gb", gb)
    flag(c, "x_grad_none", x.grad is None)


def case_grad_unreachable():
    c = "grad_unreachable"
    x = torch.ones(1, requires_grad=True)
    y = torch.ones(1, requires_grad=True)
    gx, gy = torch.autograd.grad(x * 2, [x, y], allow_unused=True)
    arr(c, "gx", gx)
    flag(c, "gy_none", gy is None)
    flag(c, "not_allowed_raises", raises(lambda: torch.autograd.grad(x * 2, [x, y])))


def case_multi_backward():
    c = "multi_backward"
    seed(c)
    x, y, q, a, b = (torch.randn(5, 5, requires_grad=True) for _ in range(5))
    gz, gc = torch.randn(5, 5), torch.randn(5, 5)
    for k, t in dict(x=x, y=y, q=q, a=a, b=b, gz=gz, gc=gc).items():
        arr(c, k, t)
    q2 = q * 2
    z = x + y + q2
    cc = a * b + q2
    grads = torch.autograd.grad([z, cc], [x, y, q, a, b], [gz, gc])
    for k, t in zip("xyqab", grads):
        arr(c, f"{k}_grad", t)


def case_multi_backward_no_grad():
    x = torch.randn(5, 5, requires_grad=True)
    y = torch.randn(5, 5)
    z, q = x + y, y * 2
    flag("multi_backward_no_grad", "raises", raises(lambda: torch.autograd.grad(
        [z, q], [x], [torch.ones(5, 5), torch.ones(5, 5)])))


def case_duplicate_backward_root():
    c = "duplicate_backward_root"
    seed(c)
    a = torch.randn(5, 5, requires_grad=True)
    b = torch.randn(5, 5, requires_grad=True)
    go = torch.randn(5, 5)
    for k, t in dict(a=a, b=b, go=go).items():
        arr(c, k, t)
    x = a * b
    ga, gb = torch.autograd.grad([x, x], [a, b], [go, go])
    arr(c, "a_grad", ga)
    arr(c, "b_grad", gb)


def case_backward_no_grad():
    a = torch.randn(5, 5, requires_grad=True)
    b = a + 2
    flag("backward_no_grad", "raises", raises(lambda: torch.autograd.backward([b], [None])))


def case_backward_twice():
    b = torch.randn(3, requires_grad=True)
    c = b * b
    c.backward(torch.ones(3))
    flag("backward_twice_with_saved_values", "raises",
         raises(lambda: c.backward(torch.ones(3))))
    b = torch.randn(3, requires_grad=True)
    c = b * b
    c.backward(torch.ones(3), retain_graph=True)
    flag("backward_twice_retained_graph_with_saved_values", "raises",
         raises(lambda: c.backward(torch.ones(3))))
    b = torch.randn(3, requires_grad=True)
    c = b + 1
    c.backward(torch.ones(3))
    flag("backward_twice_without_saved_values", "raises",
         raises(lambda: c.backward(torch.ones(3))))
    H.array("ag_backward_twice_without_saved_values_b_grad", b.grad)


def case_requires_grad():
    c = "requires_grad"
    x, y = torch.randn(5, 5), torch.randn(5, 5)
    z = torch.randn(5, 5, requires_grad=True)
    a = x + y
    flag(c, "a", a.requires_grad)
    b = a + z
    flag(c, "b", b.requires_grad)
    flag(c, "a_is_leaf", a.is_leaf)
    flag(c, "b_is_leaf", b.is_leaf)
    v = z[1:3]
    flag(c, "view_of_leaf", v.requires_grad)
    flag(c, "view_of_leaf_is_leaf", v.is_leaf)
    flag(c, "view_of_plain", x[1:3].requires_grad)
    flag(c, "detach_of_leaf", z.detach().requires_grad)


def case_requires_grad_():
    c = "requires_grad_"
    x = torch.randn(5, 5)
    y = torch.randn(5, 5, requires_grad=True)
    z = x * y
    flag(c, "nonleaf_false_raises", raises(lambda: z.requires_grad_(False)))
    flag(c, "nonleaf_true_ok", not raises(lambda: z.requires_grad_(True)))
    x.requires_grad_(True)
    y.requires_grad_(False)
    flag(c, "x", x.requires_grad)
    flag(c, "y", y.requires_grad)


def case_requires_grad_only_floats():
    c = "set_requires_grad_only_for_floats"
    flag(c, "i64_raises", raises(lambda: torch.ones(3, dtype=torch.int64).requires_grad_()))
    flag(c, "bool_raises", raises(lambda: torch.ones(3, dtype=torch.bool).requires_grad_()))
    flag(c, "f32_ok", not raises(lambda: torch.ones(3, dtype=torch.float32).requires_grad_()))


def case_requires_grad_inplace():
    c = "requires_grad_inplace"
    a = torch.randn(5, 5)
    b = torch.randn(5, 5, requires_grad=True)
    a += b
    flag(c, "leaf", a.requires_grad)
    a = torch.randn(5, 5) + 0
    a += b
    flag(c, "nonleaf", a.requires_grad)


def case_no_requires_grad_inplace():
    c = "no_requires_grad_inplace"
    a = torch.randn(2, 3)
    a.add_(5)
    a.requires_grad = True
    a.sum().backward()
    arr(c, "grad", a.grad)
    a = torch.randn(2, 3)
    b = a[:]
    b.add_(5)
    a.requires_grad = True
    a.sum().backward()
    arr(c, "view_grad", a.grad)
    a = torch.randn(2, 3)
    b = a[:]
    a.requires_grad = True
    flag(c, "leaf_inplace_raises", raises(lambda: a.add_(5)))
    flag(c, "view_inplace_raises", raises(lambda: b.add_(5)))


def case_detach():
    c = "detach"
    seed(c)
    x = torch.randn(10, 10, requires_grad=True)
    y = (x + 2).detach()
    z = y * 4 + 2
    flag(c, "y", y.requires_grad)
    flag(c, "z", z.requires_grad)
    x = torch.randn(10, 10, requires_grad=True)
    y = (x * 2).detach()
    flag(c, "y_grad_fn_none", y.grad_fn is None)
    (x + y).sum().backward()
    arr(c, "x_grad", x.grad)


def case_no_grad():
    c = "no_grad"
    x = torch.ones(5, 5, requires_grad=True)
    y = torch.ones(5, 5) * 4
    with torch.no_grad():
        w = x + y
    flag(c, "w", w.requires_grad)
    flag(c, "w_grad_fn_none", w.grad_fn is None)
    flag(c, "backward_raises", raises(lambda: w.backward(torch.ones(5, 5))))


def case_set_grad_enabled():
    c = "set_grad_enabled"
    x = torch.tensor([1.0], requires_grad=True)
    with torch.set_grad_enabled(False):
        y = x * 2
    flag(c, "off", y.requires_grad)
    with torch.set_grad_enabled(True):
        y = x * 2
    flag(c, "on", y.requires_grad)
    with torch.set_grad_enabled(False):
        torch.set_grad_enabled(True)
        y = x * 2
    flag(c, "off_then_on", y.requires_grad)


def case_no_grad_modifies_version():
    x = torch.randn(5, requires_grad=True)
    y = torch.randn(5, requires_grad=True)
    z = (x * y).sum()
    with torch.no_grad():
        x *= 2
    flag("no_grad_modifies_version", "raises", raises(lambda: z.backward()))


def case_no_grad_assignment():
    c = "no_grad_assignment"
    x = torch.randn(5, 5, requires_grad=True)
    y = torch.randn(5)
    with torch.no_grad():
        x[0] = y
    flag(c, "requires_grad", x.requires_grad)
    flag(c, "grad_fn_none", x.grad_fn is None)


def case_inplace():
    c = "inplace"
    x = torch.ones(5, 5, requires_grad=True)
    y = (torch.ones(5, 5) * 4).requires_grad_(True)
    z = x * y
    q = z + y
    w = z * y
    z.add_(2)
    flag(c, "q_backward_raises", raises(lambda: q.backward(torch.ones(5, 5), retain_graph=True)))
    flag(c, "w_backward_raises", raises(lambda: w.backward(torch.ones(5, 5))))
    z = x * y
    q = z * y
    r = z + y
    w = z.add_(y)
    flag(c, "w2_backward_raises", raises(lambda: w.backward(torch.ones(5, 5), retain_graph=True)))
    flag(c, "r2_backward_raises", raises(lambda: r.backward(torch.ones(5, 5), retain_graph=True)))
    flag(c, "q2_backward_raises", raises(lambda: q.backward(torch.ones(5, 5))))
    leaf = torch.ones(5, 5, requires_grad=True)
    x = leaf.clone()
    x.add_(10)
    arr(c, "x_after_add", x)
    y = x + 2
    y.backward(torch.ones(5, 5))
    arr(c, "leaf_grad", leaf.grad)
    z = x * y
    x.add_(2)
    flag(c, "z_backward_raises", raises(lambda: z.backward(torch.ones(5, 5))))


def case_leaf_assignment():
    c = "leaf_assignment"
    seed(c)
    x = torch.randn(5, 5)
    y = torch.randn(5, requires_grad=True)
    z = torch.randn(5, requires_grad=True)
    arr(c, "x", x)
    arr(c, "y", y)
    arr(c, "z", z)
    x[0] = y
    x[1] = 2 * z
    flag(c, "requires_grad", x.requires_grad)
    x.sum().backward()
    arr(c, "y_grad", y.grad)
    arr(c, "z_grad", z.grad)


def case_type_conversion():
    c = "type_conversion_backward"
    f = torch.randn(5, 5).float().requires_grad_()
    f.double().sum().backward()
    arr(c, "f_grad", f.grad)
    flag(c, "f_grad_is_f32", f.grad.dtype == torch.float32)
    d = torch.randn(5, 5).requires_grad_()
    d.float().sum().backward()
    flag(c, "d_grad_is_f64", d.grad.dtype == torch.float64)


def case_isolated_node():
    c = "isolated_node"
    seed(c)
    x = torch.randn(5, 5, requires_grad=True)
    y = torch.randn(5, 5, requires_grad=True)
    arr(c, "x", x)
    arr(c, "y", y)
    a = x + y
    b = torch.max(a, 1, True)[1].repeat(1, 5).double()
    (b + a).sum().backward()
    arr(c, "x_grad", x.grad)


def case_no_unnecessary_save():
    c = "no_unnecessary_save"
    mu = torch.ones(1, requires_grad=True)
    x = torch.zeros(1)
    loss = 0
    for i in range(3):
        x.copy_(mu + i)
        ft = torch.tensor([float(i)])
        loss = loss + (x * ft).sum()
    flag(c, "raises", raises(lambda: loss.backward()))
    arr(c, "mu_grad", mu.grad)


def case_inference_mode():
    c = "inference_mode"
    flag(c, "enabled_initially", torch.is_inference_mode_enabled())
    with torch.inference_mode():
        flag(c, "enabled_inside", torch.is_inference_mode_enabled())
        flag(c, "grad_enabled_inside", torch.is_grad_enabled())
        with torch.inference_mode(False):
            flag(c, "nested_false", torch.is_inference_mode_enabled())
    s = torch.ones(1, 2, 3, requires_grad=True)
    with torch.inference_mode():
        out = s * 2
        flag(c, "op_requires_grad", out.requires_grad)
    a = s.clone()
    out = a * a
    with torch.inference_mode():
        a.add_(2)
    flag(c, "existing_session_inplace_raises", raises(lambda: out.sum().backward()))
    with torch.inference_mode():
        t = torch.ones(2, 3)
    w = torch.ones(2, 3, requires_grad=True)
    flag(c, "inference_tensor_saved_raises", raises(lambda: t * w))
    flag(c, "inference_tensor_functional_ok", not raises(lambda: t + w))
    flag(c, "inference_tensor_inplace_outside_raises", raises(lambda: t.add_(1)))


for fn in [case_backward, case_backward_badcalls, case_grad_badcalls, case_grad,
           case_hessian_vector, case_grad_nonleaf, case_grad_nonleaf_many_outputs,
           case_grad_unreachable, case_multi_backward, case_multi_backward_no_grad,
           case_duplicate_backward_root, case_backward_no_grad, case_backward_twice,
           case_requires_grad, case_requires_grad_, case_requires_grad_only_floats,
           case_requires_grad_inplace, case_no_requires_grad_inplace, case_detach, case_no_grad,
           case_set_grad_enabled, case_no_grad_modifies_version, case_no_grad_assignment,
           case_inplace, case_leaf_assignment, case_type_conversion, case_isolated_node,
           case_no_unnecessary_save, case_inference_mode]:
    fn()
H.write()
