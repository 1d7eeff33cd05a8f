"""Peers of bench/gmm.c (workload 8): ADBench's Gaussian mixture model objective and its gradient
w.r.t. alphas, means and icf, in float64, computed as strata does (all Q_k^T side by side in one
[d, K d] matrix gathered with strata's index `idx`, one GEMM for every Q_k x_i). PyTorch eager
autograd, JAX value_and_grad without and with jit."""
import math

from common import jax, jnp, load, run, selected, torch

W = "gmm"
NAMES = ("d_alphas", "d_means", "d_icf", "value")


def multigammaln(a, p):
    return 0.25 * p * (p - 1) * math.log(math.pi) + sum(math.lgamma(a - 0.5 * j) for j in range(p))


def objective(m, alphas, means, icf, x, idx, gamma, wm):
    """m is torch or jnp; the formula of bench/gmm.c's header."""
    (K, d), n = means.shape, x.shape[0]
    logdiag, lower = icf[:, :d], icf[:, d:]
    qdiag = m.exp(logdiag)
    sum_qs = logdiag.sum(1)
    entries = m.concatenate([qdiag, lower, m.zeros((K, 1), dtype=icf.dtype)], 1).reshape(-1)
    gathered = torch.index_select(entries, 0, idx) if m is torch else entries[idx]
    Qt = gathered.reshape(d, K * d)  # Qt[c, k d + r] = Q_k[r, c]
    Qmu = (Qt.reshape(d, K, d) * means.T[:, :, None]).sum(0)  # [K, d]: Q_k means_k
    z = (x @ Qt).reshape(n, K, d) - Qmu
    inner = alphas + sum_qs - 0.5 * m.square(z).sum(2)
    logsumexp = torch.logsumexp if m is torch else jax.nn.logsumexp
    npr = d + wm + 1
    constant = -0.5 * n * d * math.log(2 * math.pi) - K * (
        npr * d * math.log(gamma / math.sqrt(2)) - multigammaln(0.5 * npr, d))
    frob = m.square(qdiag).sum() + m.square(lower).sum()
    prior = 0.5 * gamma * gamma * frob - wm * sum_qs.sum()
    return logsumexp(inner, 1).sum() - n * logsumexp(alphas, 0) + prior + constant


def main():
    for d, K in ((2, 5), (64, 100)):
        case = f"d{d}_k{K}"
        ins, want = load(W, case)
        if ins is None or not selected(case):
            continue
        gamma, wm = (float(v) for v in ins["wishart"])
        out = lambda r: dict(zip(NAMES, r))
        if torch is not None:
            p = [torch.from_numpy(ins[k]) for k in ("alphas", "means", "icf")]
            x, idx = torch.from_numpy(ins["x"]), torch.from_numpy(ins["idx"])

            def torch_impl():
                leaves = [t.detach().requires_grad_() for t in p]
                f = objective(torch, *leaves, x, idx, gamma, wm)
                return (*torch.autograd.grad(f, leaves), f)

            run(W, case, d, "torch", torch_impl, want, out)
        if jax is not None:
            p = tuple(jnp.asarray(ins[k]) for k in ("alphas", "means", "icf"))
            x, idx = jnp.asarray(ins["x"]), jnp.asarray(ins["idx"])
            f = lambda a, mu, q: objective(jnp, a, mu, q, x, idx, gamma, wm)
            vg = jax.value_and_grad(f, (0, 1, 2))
            vg_jit = jax.jit(vg)
            out_jax = lambda r: dict(zip(NAMES, (*r[1], r[0])))
            run(W, case, d, "jax", lambda: vg(*p), want, out_jax)
            run(W, case, d, "jax_jit", lambda: vg_jit(*p), want, out_jax)


if __name__ == "__main__":
    main()
