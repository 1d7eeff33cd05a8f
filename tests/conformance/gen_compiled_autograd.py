"""gen_compiled_autograd.py - torch's eager values for test_compiled_autograd_ported.c: the cases
of PyTorch's test/inductor/test_compiled_autograd.py (TestCompiledAutograd) that the C API can
express, each run with torch's eager autograd on inputs drawn here (a seed per case) and written
to expected_compiled_autograd.h. The C side runs the same steps with compiled autograd on and
checks the values against these, the number of compiles against the test's count where strata's
cache behaves as PyTorch's, and the documented eager fallbacks where it does not (custom
functions).

    bench/.venv/bin/python tests/conformance/gen_compiled_autograd.py
"""
import os

import torch

import gen_common as G
from gen_common import HERE

H = G.Header(os.path.join(HERE, "expected_compiled_autograd.h"), "gen_compiled_autograd.py",
             "TestCompiledAutograd cases: inputs per iteration and torch's eager results.")


def rnd(gen, *shape):
    return torch.randn(shape, generator=gen)


def lin(x, w, b=None):
    return torch.nn.functional.linear(x, w, b)


def leaves(ts):
    return [t.clone().requires_grad_() for t in ts]


def two_layers(gen):
    """Linear(4, 4), ReLU, Linear(4, 4), ReLU: W0, b0, W2, b2."""
    return [rnd(gen, 4, 4), rnd(gen, 4), rnd(gen, 4, 4), rnd(gen, 4)]


def two_layer_loss(p, x):
    return torch.relu(lin(torch.relu(lin(x, p[0], p[1])), p[2], p[3])).sum()


def one_layer_loss(p, x):
    return torch.relu(lin(x, p[0], p[1])).sum()


def iterations(name, n, make, run):
    """n iterations: make(gen) draws the inputs, run(inputs) returns torch's outputs; both lists
    written as <name>_<i>_in / <name>_<i>_out."""
    gen = G.generator(name)
    for i in range(n):
        ins = make(gen)
        H.arrays(f"ca_{name}_{i}_in", ins)
        H.arrays(f"ca_{name}_{i}_out", run(ins))


# test_basic (1 iteration) and test_cache_hit (3, a new model each time): the four gradients.
def mlp_grads(ins):
    *p, x = ins
    p = leaves(p)
    two_layer_loss(p, x).backward()
    return [t.grad for t in p]


iterations("basic", 1, lambda g: two_layers(g) + [rnd(g, 2, 4)], mlp_grads)
iterations("cache_hit", 3, lambda g: two_layers(g) + [rnd(g, 2, 4)], mlp_grads)


# test_tensor_grad_hook1: a hook doubling the weight's gradient.
def hook1(ins):
    w, b, x = leaves(ins[:2]) + [ins[2]]
    w.register_hook(lambda g: g * 2)
    one_layer_loss([w, b], x).backward()
    return [w.grad, b.grad]


iterations("tensor_grad_hook1", 3, lambda g: [rnd(g, 4, 4), rnd(g, 4), rnd(g, 2, 4)], hook1)


# test_tensor_grad_hook2: a pre-hook on the root's node adding 1 to its gradient.
def hook2(ins):
    w, b, x = leaves(ins[:2]) + [ins[2]]
    r = one_layer_loss([w, b], x)
    r.grad_fn.register_prehook(lambda gs: (gs[0] + 1,))
    r.backward()
    return [w.grad, b.grad]


iterations("tensor_grad_hook2", 3, lambda g: [rnd(g, 4, 4), rnd(g, 4), rnd(g, 1, 4)], hook2)


# test_implicit_add: y used three times (its gradients are summed); the result and y.grad.
def implicit_add_all():
    gen = G.generator("implicit_add")
    y = rnd(gen, 1, 4).requires_grad_()
    H.array("ca_implicit_add_y", y)
    xs, outs = [], []
    for _ in range(3):
        x = rnd(gen, 1, 4)
        r = torch.sigmoid(x * y + torch.sin(y) + torch.cos(y)).sum()
        r.backward()
        xs.append(x)
        outs += [r, y.grad]
        y.grad = None
    H.arrays("ca_implicit_add_x", xs)
    H.arrays("ca_implicit_add_out", outs)


implicit_add_all()


def yz_cases():
    """test_output_nodes_all_leaves (autograd.grad to [y, z]), test_no_output_nodes_all_leaves
    (backward, then .grad): the same model, sigmoid(x z + sin y + cos y)."""
    gen = G.generator("yz")
    y, z = rnd(gen, 1, 4).requires_grad_(), rnd(gen, 1, 4).requires_grad_()
    H.arrays("ca_yz_leaves", [y, z])
    xs, grads = [], []
    for _ in range(3):
        x = rnd(gen, 1, 4)
        r = torch.sigmoid(x * z + torch.sin(y) + torch.cos(y)).sum()
        xs.append(x)
        grads += list(torch.autograd.grad(r, [y, z]))
    H.arrays("ca_yz_x", xs)
    H.arrays("ca_yz_out", grads)


yz_cases()


class Unreachable(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        raise RuntimeError("must not run")


def some_leaves_cases():
    """test_output_nodes_some_leaves: sigmoid(U(y) z), autograd.grad to z only;
    test_no_output_nodes_some_leaves: sigmoid(x y z U(a)), backward(inputs=[y, z])."""
    gen = G.generator("some_leaves")
    y, z, a = (rnd(gen, 1, 4).requires_grad_() for _ in range(3))
    H.arrays("ca_some_leaves_leaves", [y, z, a])
    xs, outs = [], []
    for _ in range(3):
        x = rnd(gen, 1, 4)
        xs.append(x)
        (gz,) = torch.autograd.grad(torch.sigmoid(Unreachable.apply(y) * z).sum(), [z])
        r = torch.sigmoid(x * y * z * Unreachable.apply(a)).sum()
        r.backward(inputs=[y, z])
        assert a.grad is None
        outs += [gz, y.grad, z.grad]
        y.grad = z.grad = None
    H.arrays("ca_some_leaves_x", xs)
    H.arrays("ca_some_leaves_out", outs)


some_leaves_cases()


def different_leaves():
    """test_no_output_nodes_different_leaves_will_recompile: x y z summed, backward to x, then
    to y (PyTorch: 2 compiles, the second graph accumulates into another leaf)."""
    gen = G.generator("different_leaves")
    x, y, z = (rnd(gen, 5).requires_grad_() for _ in range(3))
    H.arrays("ca_different_leaves_in", [x, y, z])
    (x * y * z).sum().backward(inputs=[x])
    gx = x.grad
    (x * y * z).sum().backward(inputs=[y])
    H.arrays("ca_different_leaves_out", [gx, y.grad])


different_leaves()


def dynamic_shapes():
    """test_dynamic_shapes: batches 10, 20, ..., 90 through one model, .grad set to None after
    each (PyTorch: 2 compiles, the second with the batch symbolic)."""
    gen = G.generator("dynamic_shapes")
    p = leaves(two_layers(gen))
    H.arrays("ca_dynamic_shapes_params", p)
    xs, outs = [], []
    for b in range(10, 100, 10):
        x = rnd(gen, b, 4)
        two_layer_loss(p, x).backward()
        xs.append(x)
        outs += [t.grad for t in p]
        for t in p:
            t.grad = None
    H.arrays("ca_dynamic_shapes_x", xs)
    H.arrays("ca_dynamic_shapes_out", outs)


dynamic_shapes()


def accumulate_without_zero():
    """test_accumulate_without_zero: ten backwards adding into the same .grad."""
    gen = G.generator("accumulate_without_zero")
    p = leaves(two_layers(gen))
    H.arrays("ca_accumulate_params", p)
    xs, outs = [], []
    for _ in range(10):
        x = rnd(gen, 10, 4)
        two_layer_loss(p, x).backward()
        xs.append(x)
        outs += [t.grad.clone() for t in p]
    H.arrays("ca_accumulate_x", xs)
    H.arrays("ca_accumulate_out", outs)


accumulate_without_zero()


def inplace_grad_update():
    """test_inplace_grad_update: .grad set to a fresh tensor before each backward, which adds
    into that very tensor (the object is kept)."""
    gen = G.generator("inplace_grad_update")
    w, b = leaves([rnd(gen, 4, 4), rnd(gen, 4)])
    H.arrays("ca_inplace_grad_params", [w, b])
    ins, outs = [], []
    for _ in range(10):
        wg, bg = torch.rand(4, 4, generator=gen), torch.rand(4, generator=gen)
        x = rnd(gen, 10, 4)
        ins += [wg.clone(), bg.clone(), x]
        w.grad, b.grad = wg, bg
        one_layer_loss([w, b], x).backward()
        assert w.grad is wg and b.grad is bg
        outs += [wg.clone(), bg.clone()]
    H.arrays("ca_inplace_grad_in", ins)
    H.arrays("ca_inplace_grad_out", outs)


inplace_grad_update()


def accumulate_grad_accuracy():
    """test_accumulate_grad_accuracy: Linear(2, 1) then Linear(1, 2), no biases."""
    gen = G.generator("accumulate_grad_accuracy")
    w0, w1 = leaves([rnd(gen, 1, 2), rnd(gen, 2, 1)])
    x = rnd(gen, 2, 2)
    H.arrays("ca_accuracy_in", [w0, w1, x])
    lin(lin(x, w0), w1).sum().backward()
    H.arrays("ca_accuracy_out", [w0.grad, w1.grad])


accumulate_grad_accuracy()


def custom_fns():
    """test_custom_fn_saved_tensors (MySin), test_custom_fn_saved_multiple_tensors (sin of two,
    loss sum(sin x sin y)), test_custom_fn_multiple_grads ((x + y, y) with the identity backward:
    y's gradient is gO_2 alone), at sizes 10, 100, 10, 15, 20, 25 over arange."""

    class MySin(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return torch.sin(x)

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * torch.cos(x)

    class TwoSins(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            ctx.save_for_backward(x, y)
            return torch.sin(x), torch.sin(y)

        @staticmethod
        def backward(ctx, gx, gy):
            x, y = ctx.saved_tensors
            return gx * torch.cos(x), gy * torch.cos(y)

    class SumAndY(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            return x + y, y.clone()

        @staticmethod
        def backward(ctx, g1, g2):
            return g1, g2

    outs = []
    for n in (10, 100, 10, 15, 20, 25):
        x = torch.arange(0.0, n).requires_grad_()
        MySin.apply(x).sum().backward()
        outs.append(x.grad)
        x, y = torch.arange(0.0, n).requires_grad_(), torch.arange(0.0, n).requires_grad_()
        a, b = TwoSins.apply(x, y)
        (a * b).sum().backward()
        outs.append(x.grad)
        x, y = torch.arange(0.0, n).requires_grad_(), torch.arange(0.0, n).requires_grad_()
        a, b = SumAndY.apply(x, y)
        (a + b).sum().backward()
        outs += [x.grad, y.grad]
    H.arrays("ca_custom_out", outs)


custom_fns()

H.write()
