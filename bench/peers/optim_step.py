"""Peers of bench/optim_step.c (workload 9): one optimizer step over the ten float32 tensors of
an MLP 784-512-512-512-512-10 from given gradients, starting from strata's state after three
steps. torch.optim with foreach=True (multi-tensor kernels, "torch_foreach") and foreach=False
("torch_forloop"), and JAX under jit with optax's update formulas written out ("jax_jit": optax
is not installed in the bench venv; optax.adam and optax.sgd compute exactly these)."""
import warnings

from common import jax, jnp, load, result, run, selected, timeit, torch

W = "optim_step"
NP = 10


def torch_opt(case, ins, foreach):
    params = [torch.from_numpy(ins[f"p{i}"]).clone().requires_grad_() for i in range(NP)]
    for i, p in enumerate(params):
        p.grad = torch.from_numpy(ins[f"g{i}"]).clone()
    if case == "adam":
        opt = torch.optim.Adam(params, lr=1e-3, foreach=foreach)
        for i, p in enumerate(params):
            opt.state[p] = {"step": torch.tensor(3.0), "exp_avg": torch.from_numpy(ins[f"s0_{i}"]).clone(),
                            "exp_avg_sq": torch.from_numpy(ins[f"s1_{i}"]).clone()}
    else:
        opt = torch.optim.SGD(params, lr=1e-2, momentum=0.9, nesterov=True, weight_decay=1e-4, foreach=foreach)
        for i, p in enumerate(params):
            opt.state[p] = {"momentum_buffer": torch.from_numpy(ins[f"s0_{i}"]).clone()}
    return params, opt


def jax_step(case):
    if case == "adam":
        b1, b2, lr, eps = 0.9, 0.999, 1e-3, 1e-8

        def step(params, grads, mu, nu, t):
            mu = [b1 * m + (1 - b1) * g for m, g in zip(mu, grads)]
            nu = [b2 * v + (1 - b2) * g * g for v, g in zip(nu, grads)]
            bc1, bc2 = 1 - b1 ** t, 1 - b2 ** t
            params = [p - lr * (m / bc1) / (jnp.sqrt(v / bc2) + eps) for p, m, v in zip(params, mu, nu)]
            return params, mu, nu
    else:
        lr, mom, wd = 1e-2, 0.9, 1e-4

        def step(params, grads, mu, nu, t):
            grads = [g + wd * p for g, p in zip(grads, params)]
            mu = [mom * m + g for m, g in zip(mu, grads)]
            params = [p - lr * (g + mom * m) for p, g, m in zip(params, grads, mu)]
            return params, mu, nu
    return jax.jit(step)


def main():
    for case in ("adam", "sgd"):
        ins, want = load(W, case)
        if ins is None or not selected(case):
            continue
        size = sum(ins[f"p{i}"].size for i in range(NP))
        out = lambda ps: {f"p{i}": p for i, p in enumerate(ps)}
        if torch is not None:
            for impl, foreach in (("torch_foreach", True), ("torch_forloop", False)):
                params, opt = torch_opt(case, ins, foreach)

                def step():
                    opt.step()
                    return [p.detach() for p in params]

                run(W, case, size, impl, step, want, out)
        if jax is not None:
            f = jax_step(case)
            p = [jnp.asarray(ins[f"p{i}"]) for i in range(NP)]
            g = [jnp.asarray(ins[f"g{i}"]) for i in range(NP)]
            mu = [jnp.asarray(ins[f"s0_{i}"]) for i in range(NP)]
            nu = [jnp.asarray(ins[f"s1_{i}"]) if case == "adam" else jnp.zeros(()) for i in range(NP)]
            t = jnp.asarray(4.0, dtype=jnp.float32)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                run(W, case, size, "jax_jit", lambda: f(p, g, mu, nu, t)[0], want, out)


if __name__ == "__main__":
    main()
