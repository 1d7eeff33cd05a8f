"""Peers of bench/mlp_train.c (workload 2): one training step of an MLP (relu, mean cross-entropy,
SGD lr 0.01 on every weight and bias). PyTorch eager with manual SGD (grads set to none), the same
under torch.compile with compiled autograd, and JAX jit of value_and_grad plus the update. The first call is the checked step from the initial
weights (loss and updated weights); the timed calls keep training from there."""
from common import jax, jnp, load, run, selected, torch

W = "mlp_train"
LR = 0.01
CASES = (("b64", 64, 3), ("b1024", 1024, 4))


def outputs(nl):
    def out(r):
        loss, ws, bs = r
        d = {"loss": loss}
        for l in range(nl):
            d[f"w{l}"], d[f"b{l}"] = ws[l], bs[l]
        return d

    return out


def torch_params(ins, nl):
    ws = [torch.tensor(ins[f"w{l}"], requires_grad=True) for l in range(nl)]
    bs = [torch.tensor(ins[f"b{l}"], requires_grad=True) for l in range(nl)]
    return ws, bs, torch.from_numpy(ins["x"]), torch.from_numpy(ins["y"])


def torch_loss(x, y, ws, bs):
    F = torch.nn.functional
    h = x
    for l in range(len(ws)):
        h = F.linear(h, ws[l], bs[l])
        if l < len(ws) - 1:
            h = torch.relu(h)
    return F.cross_entropy(h, y)


def torch_sgd(ws, bs):
    with torch.no_grad():
        for p in ws + bs:
            p -= LR * p.grad
            p.grad = None


def torch_impl(ins, nl):
    ws, bs, x, y = torch_params(ins, nl)

    def step():
        loss = torch_loss(x, y, ws, bs)
        loss.backward()
        torch_sgd(ws, bs)
        return loss, ws, bs

    return step


def torch_compiled_impl(ins, nl):
    """The same step with the forward and loss under torch.compile (Inductor's C++ backend on
    CPU) and the backward under Dynamo's compiled autograd (torch._dynamo.compiled_autograd,
    its graphs compiled by torch.compile too): the peer of strata_compiled_autograd. The first
    call compiles."""
    from torch._dynamo import compiled_autograd

    ws, bs, x, y = torch_params(ins, nl)
    loss_fn = torch.compile(lambda x, y: torch_loss(x, y, ws, bs))

    def step():
        loss = loss_fn(x, y)
        with compiled_autograd._enable(torch.compile):
            loss.backward()
        torch_sgd(ws, bs)
        return loss, ws, bs

    return step


def jax_impl(ins, nl):
    def loss_fn(params, x, y):
        h = x
        for l, (w, b) in enumerate(params):
            h = h @ w.T + b
            if l < nl - 1:
                h = jax.nn.relu(h)
        logp = jax.nn.log_softmax(h, -1)
        return -jnp.mean(jnp.take_along_axis(logp, y[:, None], -1))

    @jax.jit
    def step(params, x, y):
        loss, g = jax.value_and_grad(loss_fn)(params, x, y)
        return loss, [(w - LR * gw, b - LR * gb) for (w, b), (gw, gb) in zip(params, g)]

    state = [[(jnp.asarray(ins[f"w{l}"]), jnp.asarray(ins[f"b{l}"])) for l in range(nl)]]
    x, y = jnp.asarray(ins["x"]), jnp.asarray(ins["y"])

    def f():
        loss, state[0] = step(state[0], x, y)
        return loss, [w for w, _ in state[0]], [b for _, b in state[0]]

    return f


def main():
    for case, B, nl in CASES:
        ins, want = load(W, case)
        if ins is None or not selected(case):
            continue
        if torch is not None:
            run(W, case, B, "torch", torch_impl(ins, nl), want, outputs(nl))
            run(W, case, B, "torch_compile", torch_compiled_impl(ins, nl), want, outputs(nl))
        if jax is not None:
            run(W, case, B, "jax_jit", jax_impl(ins, nl), want, outputs(nl))


if __name__ == "__main__":
    main()
