"""Peers of bench/overhead.c (workload 1): the chain y = sin(tanh(y) * 0.9 + 0.05), 250 times.
PyTorch eager for every mode; JAX eager and JAX jit for the forward and for forward + backward
(JAX records nothing, so it has no `record` row)."""
from common import jax, jnp, load, run, selected, torch

W = "overhead"
LINKS = 250


def chain(m, y):
    for _ in range(LINKS):
        y = m.sin(m.tanh(y) * 0.9 + 0.05)
    return y


def torch_impl(mode, x0):
    if mode == "fwd":
        x = torch.from_numpy(x0)

        def f():
            with torch.no_grad():
                return chain(torch, x)
    elif mode == "record":
        x = torch.from_numpy(x0).requires_grad_()

        def f():
            return chain(torch, x)
    else:
        x = torch.from_numpy(x0).requires_grad_()

        def f():
            (dx,) = torch.autograd.grad(chain(torch, x).sum(), x)
            return dx
    return f


def main():
    for n in (1, 4096):
        for mode in ("fwd", "record", "fwdbwd"):
            case = f"{mode}_n{n}"
            ins, want = load(W, case)
            if ins is None or not selected(case):
                continue
            out = lambda r: {"y": r}
            if torch is not None:
                run(W, case, n, "torch", torch_impl(mode, ins["x"]), want, out)
            if jax is not None and mode != "record":
                x = jnp.asarray(ins["x"])
                g = (lambda v: chain(jnp, v)) if mode == "fwd" else jax.grad(lambda v: chain(jnp, v).sum())
                run(W, case, n, "jax", lambda: g(x), want, out)
                gj = jax.jit(g)
                run(W, case, n, "jax_jit", lambda: gj(x), want, out)


if __name__ == "__main__":
    main()
