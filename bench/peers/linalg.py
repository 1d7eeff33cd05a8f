"""Peers of bench/linalg.c (workload 12): torch.linalg's dense ops in float64 on batches of 256
small matrices (n = 4, 7) and single matrices (n = 64, 512), and the damped least-squares IK step
(J^T J + lambda^2 I)^-1 J^T r under vmap and vmap(jacrev). torch.linalg (torch.func for the IK
step) and JAX jit of jax.numpy.linalg.

strata fixes the gauge of eigenvectors and singular vectors (each eigenvector / column of U with
its entry of largest magnitude positive, Vh's rows flipped along); the peers' results get the
same convention before the check. Their QR has LAPACK's signs, as strata's."""
import numpy as np

from common import jax, jnp, load, run, selected, torch

W = "linalg"
OPS = ("solve", "cholesky", "inv", "det", "slogdet", "qr", "eigh", "svd", "lstsq")
LAMBDA = 0.1


def signed(vecs, other=None):
    """vecs [..., rows, k] with each column's largest-magnitude entry positive; other [..., k, c]
    (Vh) gets the same flips on its rows."""
    vecs = np.asarray(vecs)
    at = np.argmax(np.abs(vecs), axis=-2)[..., None, :]
    s = np.where(np.take_along_axis(vecs, at, axis=-2) < 0, -1.0, 1.0)
    if other is None:
        return vecs * s
    return vecs * s, np.asarray(other) * np.swapaxes(s, -1, -2)


def outputs(op, r):
    np_ = lambda x: np.asarray(x.detach().numpy() if hasattr(x, "detach") else x)
    if op == "slogdet":
        return {"sign": np_(r[0]), "logabsdet": np_(r[1])}
    if op == "qr":
        return {"Q": np_(r[0]), "R": np_(r[1])}
    if op == "eigh":
        return {"eigenvalues": np_(r[0]), "eigenvectors": signed(np_(r[1]))}
    if op == "svd":
        u, vh = signed(np_(r[0]), np_(r[2]))
        return {"U": u, "S": np_(r[1]), "Vh": vh}
    name = {"solve": "X", "cholesky": "L", "inv": "Ainv", "det": "det", "lstsq": "X"}[op]
    return {name: np_(r)}


def torch_fn(op, A, B):
    L = torch.linalg
    return {
        "solve": lambda: L.solve(A, B),
        "cholesky": lambda: L.cholesky(A),
        "inv": lambda: L.inv(A),
        "det": lambda: L.det(A),
        "slogdet": lambda: L.slogdet(A),
        "qr": lambda: L.qr(A),
        "eigh": lambda: L.eigh(A),
        "svd": lambda: L.svd(A, full_matrices=False),
        "lstsq": lambda: L.lstsq(A, B).solution,
    }[op]


def jax_fn(op):
    L = jnp.linalg
    one_lstsq = lambda a, b: L.lstsq(a, b)[0]
    return {
        "solve": L.solve,
        "cholesky": L.cholesky,
        "inv": L.inv,
        "det": L.det,
        "slogdet": lambda a: tuple(L.slogdet(a)),
        "qr": lambda a: tuple(L.qr(a)),
        "eigh": lambda a: tuple(L.eigh(a)),
        "svd": lambda a: tuple(L.svd(a, full_matrices=False)),
        # jnp.linalg.lstsq takes one matrix: vmapped over the batch when there is one
        "lstsq": lambda a, b: jax.vmap(one_lstsq)(a, b) if a.ndim == 3 else one_lstsq(a, b),
    }[op]


def torch_ik(J, r):
    Jt = J.mT
    H = Jt @ J + LAMBDA**2 * torch.eye(7, dtype=J.dtype)
    return torch.linalg.solve(H, Jt @ r)


def jax_ik(J, r):
    Jt = J.T
    H = Jt @ J + LAMBDA**2 * jnp.eye(7, dtype=J.dtype)
    return jnp.linalg.solve(H, Jt @ r)


def main():
    for op in OPS:
        for n in (4, 7, 64, 512):
            case = f"{op}_n{n}"
            ins, want = load(W, case)
            if ins is None or not selected(case):
                continue
            size = 256 if n < 64 else 1
            nin = 2 if op in ("solve", "lstsq") else 1
            out = lambda r, op=op: outputs(op, r)
            if torch is not None:
                A = torch.from_numpy(ins["A"])
                B = torch.from_numpy(ins["B"]) if nin == 2 else None
                run(W, case, size, "torch", torch_fn(op, A, B), want, out)
            if jax is not None:
                args = [jnp.asarray(ins["A"])] + ([jnp.asarray(ins["B"])] if nin == 2 else [])
                f = jax.jit(jax_fn(op))
                run(W, case, size, "jax_jit", lambda: f(*args), want, out)
    for case in ("ik_vmap", "ik_jacrev"):
        ins, want = load(W, case)
        if ins is None or not selected(case):
            continue
        name = "dq" if case == "ik_vmap" else "jac"
        out = lambda r, name=name: {name: np.asarray(r.detach().numpy() if hasattr(r, "detach") else r)}
        if torch is not None:
            J, r = torch.from_numpy(ins["J"]), torch.from_numpy(ins["r"])
            f = torch.func.vmap(torch_ik if case == "ik_vmap" else torch.func.jacrev(torch_ik))
            run(W, case, 256, "torch.func", lambda: f(J, r), want, out)
            if case == "ik_vmap":  # the batched ops written out by hand
                run(W, case, 256, "torch", lambda: torch_ik(J, r.unsqueeze(-1)).squeeze(-1), want, out)
        if jax is not None:
            J, r = jnp.asarray(ins["J"]), jnp.asarray(ins["r"])
            f = jax.jit(jax.vmap(jax_ik if case == "ik_vmap" else jax.jacrev(jax_ik)))
            run(W, case, 256, "jax_jit", lambda: f(J, r), want, out)


if __name__ == "__main__":
    main()
