"""gen_conform.py — expected values for tests/autograd/test_conform_*.c, computed by PyTorch.

Each case follows a test of PyTorch's test/test_autograd.py (named beside it) on fixed inputs
(exact binary fractions), and writes the inputs and PyTorch's results as C arrays into
conform_expected.h. Run with the bench venv:

    /work/main/bench/.venv/bin/python tests/autograd/gen_conform.py
"""
import os

import torch

torch.set_default_dtype(torch.float64)
out = []


def emit(name, t):
    """A tensor (or list) as `static const double name[] = {...};` plus its strides if asked."""
    if isinstance(t, torch.Tensor):
        vals = t.detach().reshape(-1).tolist()
    else:
        vals = list(t)
    body = ", ".join(repr(float(v)) for v in vals) if vals else "0"
    out.append(f"static const double {name}[] = {{{body}}};")


def emit_int(name, vals):
    body = ", ".join(str(int(v)) for v in vals) if vals else "0"
    out.append(f"static const int64_t {name}[] = {{{body}}};")


X22 = torch.tensor([[0.5, -1.25], [2.0, 0.75]])
Y22 = torch.tensor([[1.5, 0.25], [-0.5, 1.0]])
emit("x22", X22)
emit("y22", Y22)

# ------------------------------------------------------------------------------ accumulation

# TestAutograd.test_accumulate_grad
for cg in (False, True):
    x = (torch.arange(25.0).reshape(5, 5) * 0.25 - 3).requires_grad_()
    y = x + 2
    y.backward(torch.ones(5, 5), retain_graph=True)
    x_grad = x.grad
    x_grad_clone = x.grad.clone()
    y.backward(torch.ones(5, 5), create_graph=cg)
    emit(f"accumulate_grad_ref_cg{int(cg)}", x_grad)
    emit(f"accumulate_grad_now_cg{int(cg)}", x.grad)
    emit(f"accumulate_grad_clone_cg{int(cg)}", x_grad_clone)

# TestAutograd.test_accumulate_grad_tensor_reference (dense into dense)
for cg in (False, True):
    params = torch.tensor([1.5, 1.5]).requires_grad_()
    params.grad = torch.tensor([1.5, 1.5])
    saved = params.grad
    params.backward(torch.tensor([1.5, 1.5]), create_graph=cg)
    out.append(f"static const bool tensor_reference_same_cg{int(cg)} = "
               f"{'true' if id(saved) == id(params.grad) else 'false'};")
    emit(f"tensor_reference_grad_cg{int(cg)}", params.grad)
    emit(f"tensor_reference_saved_cg{int(cg)}", saved)

# accumulate_grad.h obeys_layout_contract / clone_obey_contract: .grad's strides
x = torch.zeros(3, 2).t().requires_grad_()
(x * 2).sum().backward()
emit_int("layout_transposed_mul_strides", x.grad.stride())
x = torch.zeros(3, 2).t().requires_grad_()
x.sum().backward()
emit_int("layout_transposed_sum_strides", x.grad.stride())
x = torch.zeros(1, 3).expand(2, 3).requires_grad_()
(x * 2).sum().backward()
emit_int("layout_expanded_strides", x.grad.stride())
x = torch.zeros(2, 3, requires_grad=True)
x.sum().backward()
emit_int("layout_sum_strides", x.grad.stride())
x.sum().backward()
emit("layout_sum_twice", x.grad)

# TestAutograd.test_hessian_vector
x = X22.clone().requires_grad_()
y = Y22.clone().requires_grad_()
z = x**2 + y * x + y**2
z.backward(torch.ones(2, 2), create_graph=True)
emit("hessian_vector_xgrad1", x.grad)
emit("hessian_vector_ygrad1", y.grad)
out.append(f"static const bool hessian_vector_grad_requires_grad = "
           f"{'true' if x.grad.requires_grad else 'false'};")
grad_sum = 2 * x.grad + y.grad
grad_sum.backward(torch.ones(2, 2))
emit("hessian_vector_xgrad2", x.grad)
emit("hessian_vector_ygrad2", y.grad)

# TestAutograd.test_retain_grad
inp = torch.tensor([[0.5, 1.5, -2.0]], requires_grad=True)
emit("retain_grad_input", inp)
h1 = inp * 3
o = (h1 * h1).sum()
h1.retain_grad()
h1.retain_grad()
o.backward(retain_graph=True)
emit("retain_grad_h1_1", h1.grad)
o.backward(retain_graph=True)
emit("retain_grad_h1_2", h1.grad)
with torch.no_grad():
    inp.grad.zero_()
inp.retain_grad()
o.backward()
emit("retain_grad_input_grad", inp.grad)

# TestAutograd.test_retain_grad_inplace
a = torch.tensor([1.0], requires_grad=True).clone()
a.retain_grad()
a.mul_(2)
a.mul_(2)
a.sum().backward()
emit("retain_grad_inplace", a.grad)

# TestAutograd.test_retains_grad_can_always_observe_tensor_prehook
a = torch.tensor(1.0, requires_grad=True)
b = a.clone()
b.register_hook(lambda g: g * 2)
b.retain_grad()
b.register_hook(lambda g: g * 2)
b.clone().backward()
emit("retains_observe_1", [b.grad.item()])
a = torch.tensor(1.0, requires_grad=True)
b = a.clone()
b.retain_grad()
b.register_hook(lambda g: g * 2)
b.clone().backward()
emit("retains_observe_2", [b.grad.item()])

# TestAutograd.test_prehook_ordering
log = []


def hook1(g):
    log.append(1)
    return g * 3


def hook2(gs):
    log.append(2)
    return tuple(g * 2 for g in gs)


a = torch.tensor(1.0, requires_grad=True)
b = a.clone()
b.grad_fn.register_prehook(hook2)
b.register_hook(hook1)
b.grad_fn.register_prehook(hook2)
acc = b.grad_fn.next_functions[0][0]
a.register_hook(hook1)
acc.register_prehook(hook2)
a.register_hook(hook1)
b.sum().backward(retain_graph=True)
emit_int("prehook_ordering_backward", log)
emit("prehook_ordering_a_grad", [a.grad.item()])
log.clear()
(ga,) = torch.autograd.grad(b.sum(), inputs=(a,), retain_graph=True)
emit_int("prehook_ordering_grad", log)
emit("prehook_ordering_ga", [ga.item()])
log.clear()
b.sum().backward(inputs=(b,))
emit_int("prehook_ordering_inputs", log)
emit("prehook_ordering_b_grad", [b.grad.item()])

# TestAutograd.test_post_accumulate_grad_hook_ordering
t = torch.tensor([0.25, 0.5, 0.75], requires_grad=True)
t.register_hook(lambda g: g.sub(2.0))
acc = t.view_as(t).grad_fn.next_functions[0][0]
acc.register_prehook(lambda go: (go[0].div(5.0),))


def post_acc(tensor):
    tensor.grad.add_(0.5)


t.register_post_accumulate_grad_hook(post_acc)


def acc_post(gi, go):
    t.grad = go[0].mul(10)


acc.register_hook(acc_post)
t.sum().backward()
emit("post_accumulate_ordering", t.grad)

# TestAutograd.test_post_accumulate_grad_hook_multiple_hooks
t = torch.tensor([0.25, 0.5, 0.75], requires_grad=True)
t.register_post_accumulate_grad_hook(lambda x: x.sub_(x.grad))
t.register_post_accumulate_grad_hook(lambda x: x.mul_(4.0))
t.sum().backward()
emit("post_accumulate_multiple", t.detach())

# TestAutograd.test_grad_nonleaf_register_hook (unbind, one output at a time)
x = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
xs = x.unbind()
xs[0].backward()
emit("nonleaf_hook_first", x.grad)
for i in range(1, 5):
    xs[i].backward()
emit("nonleaf_hook_all", x.grad)

# TestAutograd.test_hooks
x = torch.ones(5, 5, requires_grad=True)
y = (torch.ones(5, 5) * 4).requires_grad_(True)
counter = [0]
z = x**2 + x * 2 + x * y + y
x.register_hook(lambda g: counter.__setitem__(0, counter[0] + 0))
h_test = z.register_hook(lambda g: counter.__setitem__(0, counter[0] + 1))
z.backward(torch.ones(5, 5), retain_graph=True)
c1 = counter[0]
h_test2 = z.register_hook(lambda g: counter.__setitem__(0, counter[0] + 2))
z.backward(torch.ones(5, 5), retain_graph=True)
c2 = counter[0]
h_test2.remove()
z.backward(torch.ones(5, 5), retain_graph=True)
c3 = counter[0]
emit_int("hooks_counters", [c1, c2, c3])
h_test.remove()
z.register_hook(lambda g: g.mul(2))
with torch.no_grad():
    y.grad.zero_()
z.backward(torch.ones(5, 5), retain_graph=True)
emit("hooks_y_grad_modified", y.grad)
y.register_hook(lambda g: g.mul(2))
with torch.no_grad():
    y.grad.zero_()
z.backward(torch.ones(5, 5))
emit("hooks_y_grad_modified_twice", y.grad)

# TestAutograd.test_tensor_hooks_inplace
a = torch.tensor([1.0], requires_grad=True)
b = a.clone()
cnt = [0, 0]
b.register_hook(lambda g: (cnt.__setitem__(0, cnt[0] + 1), g * 2)[1])
b.mul_(2)
b.register_hook(lambda g: (cnt.__setitem__(1, cnt[1] + 1), g * 2)[1])
b.sum().backward()
emit_int("tensor_hooks_inplace_counts", cnt)
emit("tensor_hooks_inplace_a_grad", a.grad)

# TestAutograd.test_grad_fn_prehooks_remove_hooks (remove during backward)
a = torch.tensor([[0.5, 1.0], [1.5, 2.0]], requires_grad=True)
b = a * 2
counter = [0]


def prehook1(go):
    handle2.remove()
    handle3.remove()


def prehook2(go):
    counter[0] += 1


b.grad_fn.register_prehook(prehook1)
handle2 = b.grad_fn.register_prehook(prehook2)
handle3 = b.grad_fn.register_prehook(prehook2)
handle3.remove()
b.sum().backward()
emit_int("prehooks_remove_counter", [counter[0]])
emit("prehooks_remove_a_grad", a.grad)

# ---------------------------------------------------------------------- backward with inputs

# TestAutograd.test_backward_with_inputs
x = X22.clone().requires_grad_()
y = Y22.clone().requires_grad_()


def fn():
    return x**2 + y * x + y**2


torch.autograd.backward(fn(), torch.ones(2, 2), inputs=[x, y])
emit("backward_inputs_x", x.grad)
emit("backward_inputs_y", y.grad)

# TestAutograd.test_backward_with_nonleaf_inputs
x = X22.clone().requires_grad_()
x_nonleaf = x * 1
y = Y22.clone().requires_grad_()
z = torch.randn(2, 2, requires_grad=True)
o = x_nonleaf**2 + y * x_nonleaf + y**2
o.backward(torch.ones(2, 2), create_graph=True, inputs=[x, y, x_nonleaf])
emit("nonleaf_inputs_x", x.grad)
emit("nonleaf_inputs_y", y.grad)
emit("nonleaf_inputs_xn", x_nonleaf.grad)
o.backward(torch.ones(2, 2), create_graph=True, inputs=[z])
out.append(f"static const bool nonleaf_inputs_z_none = {'true' if z.grad is None else 'false'};")

# TestAutograd.test_backward_with_scalar_input
x = torch.tensor(0.75, requires_grad=True)
(x**2).backward(inputs=x)
emit("scalar_input_grad", [x.grad.item()])

# TestAutograd.test_multi_backward
V = [torch.tensor([[0.5, -1.0], [1.5, 0.25]]) * (i + 1) for i in range(5)]
for i, v in enumerate(V):
    emit(f"multi_v{i}", v)
x, y, q, a, b = (v.clone().requires_grad_() for v in V)
q2 = q * 2
z = x + y + q2
c = a * b + q2
grad_z = torch.tensor([[1.0, -0.5], [0.25, 2.0]])
grad_c = torch.tensor([[-1.5, 0.5], [1.0, 0.75]])
emit("multi_grad_z", grad_z)
emit("multi_grad_c", grad_c)
torch.autograd.backward([z, c], [grad_z, grad_c])
for n, t in zip("xyqab", (x, y, q, a, b)):
    emit(f"multi_{n}_grad", t.grad)

# TestAutograd.test_dependent_backward
xv = torch.linspace(-1.0, 1.25, 10)
go_y = torch.linspace(0.5, -0.625, 10)
go_z = torch.linspace(-0.25, 1.0, 10)
emit("dependent_x", xv)
emit("dependent_go_y", go_y)
emit("dependent_go_z", go_z)
x = xv.clone().requires_grad_()
y = x**2
z = y**3
torch.autograd.backward([y, z], [go_y, go_z])
emit("dependent_x_grad", x.grad)

# ------------------------------------------------------------------------- autograd.grad

# TestAutograd.test_grad_batched_grad
x = X22.clone().requires_grad_()
out_ = x.clone()
bg = torch.arange(3.0).expand(2, 2, 3).transpose(0, 2)
(g,) = torch.autograd.grad(out_, (x,), (bg,), is_grads_batched=True)
emit("batched_clone_go", bg.contiguous())
emit("batched_clone_grad", g)
out_ = x.sum()
(g,) = torch.autograd.grad(out_, (x,), (torch.arange(3.0),), is_grads_batched=True)
emit("batched_scalar_grad", g)

# is_grads_batched on a non-linear function, with create_graph: the batched gradient is
# differentiable again (the same as a loop of single backward calls)
xv = torch.tensor([0.5, -1.0, 1.5, 0.25])
gos = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.5, -1.0, 2.0, 0.25], [0.0, 0.0, 0.0, 1.0]])
emit("batched_tanh_x", xv)
emit("batched_tanh_go", gos)
x = xv.clone().requires_grad_()
yy = torch.tanh(x) * x
(g,) = torch.autograd.grad(yy, (x,), (gos,), is_grads_batched=True, create_graph=True)
emit("batched_tanh_grad", g)
g.sum().backward()
emit("batched_tanh_second", x.grad)

# TestAutograd.test_grad_materialize_grads
x = torch.tensor(0.5, requires_grad=True)
a = torch.tensor(1.0, requires_grad=True)
y = x * a
(dydx,) = torch.autograd.grad(y, x, create_graph=True)
(d2,) = torch.autograd.grad(dydx, x, create_graph=True, allow_unused=True,
                            materialize_grads=True)
out.append(f"static const bool materialize_d2_requires_grad = "
           f"{'true' if d2.requires_grad else 'false'};")
(d3,) = torch.autograd.grad(d2, x, materialize_grads=True)
emit("materialize_d2_d3", [d2.item(), d3.item()])

# ---------------------------------------------------------------------- saved tensor hooks

A5 = torch.tensor([0.5, -1.0, 1.5, 2.0, -0.25])
emit("a5", A5)
# TestAutograd.test_saved_variable_packing_unpacking_saved_original_with_default_hooks
for name, pack, unpack in (("identity", lambda t: t, lambda t: t),
                           ("double_half", lambda t: 2 * t, lambda t: t / 2),
                           ("double", lambda t: 2 * t, lambda t: t)):
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        a = A5.clone().requires_grad_()
        y = a * a
        y.sum().backward()
    emit(f"saved_hooks_{name}", a.grad)

# TestAutograd.test_saved_variable_packing_unpacking_did_not_save_original_with_default_hooks
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    a = A5.clone().requires_grad_()
    y = torch.exp(a)
    y.sum().backward()
emit("saved_hooks_exp", a.grad)

# TestAutograd.test_setting_default_saved_variable_hooks_twice_should_use_inner
with torch.autograd.graph.saved_tensors_hooks(lambda t: 3 * t, lambda t: 3 * t):
    b = A5.clone().requires_grad_()
    with torch.autograd.graph.saved_tensors_hooks(lambda t: 5 * t, lambda t: 5 * t):
        a = A5.clone().requires_grad_()
        y = a * a
    z = b * b
y.sum().backward()
z.sum().backward()
emit("saved_hooks_inner_a", a.grad)
emit("saved_hooks_inner_b", b.grad)

# TestAutograd.test_default_saved_variable_hooks_double_backward: four blocks
res = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    a = A5.clone().requires_grad_()
    s = torch.sum(a**3)
    (g,) = torch.autograd.grad(s, (a,), create_graph=True)
    g.sum().backward()
    res.append(a.grad)
with torch.autograd.graph.saved_tensors_hooks(lambda t: 2 * t, lambda t: t):
    a = A5.clone().requires_grad_()
    s = torch.sum(a**3)
(g,) = torch.autograd.grad(s, (a,), create_graph=True)
g.sum().backward()
res.append(a.grad)
a = A5.clone().requires_grad_()
s = torch.sum(a**3)
with torch.autograd.graph.saved_tensors_hooks(lambda t: 2 * t, lambda t: t):
    (g,) = torch.autograd.grad(s, (a,), create_graph=True)
    g.sum().backward()
res.append(a.grad)
with torch.autograd.graph.saved_tensors_hooks(lambda t: 2 * t, lambda t: t):
    a = A5.clone().requires_grad_()
    s = torch.sum(a**3)
    (g,) = torch.autograd.grad(s, (a,), create_graph=True)
    g.sum().backward()
res.append(a.grad)
for i, r in enumerate(res):
    emit(f"saved_hooks_double_backward_{i}", r)

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "conform_expected.h")
with open(path, "w") as f:
    f.write("/* conform_expected.h — generated by gen_conform.py with PyTorch "
            f"{torch.__version__.split('+')[0]}; do not edit. */\n")
    f.write("#ifndef STRATA_CONFORM_EXPECTED_H\n#define STRATA_CONFORM_EXPECTED_H\n\n")
    f.write("#include <stdbool.h>\n#include <stdint.h>\n\n")
    f.write("\n".join(out))
    f.write("\n\n#endif\n")
print("wrote", path)
