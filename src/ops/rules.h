/* rules.h — helpers for vjp rules. Rules use public ops only (so that they are themselves
   differentiable); these helpers are built from public ops too. */
#ifndef STRATA_RULES_H
#define STRATA_RULES_H

#include "op.h"

/* Sets gin[i] = expr when input i needs a gradient; a NULL result fails the rule with the
   error the failing call set. A rule that leaves gin[i] NULL says "zero gradient". */
#define ST_GRAD(i, expr)                                                                           \
  do {                                                                                             \
    if (a->needs[(i)] && !(gin[(i)] = (expr))) return st__rule_failed();                           \
  } while (0)

/* The status of the call that failed inside a rule (ST_ERR_AUTOGRAD if it set none). */
int st__rule_failed(void);

/* Sums a gradient g of a broadcast result back to the shape of the input described by m:
   leading dims that broadcasting added are summed away, and dims where the input had size 1
   are summed with keepdim. Returns g itself (new reference) when shapes already match. */
st_tensor *st__sum_to(st_tensor *g, const st_tensor_meta *m);

/* The derivatives of tanh, sigmoid and relu from their result y, times g, each one op of its
   own with its own rules (PyTorch's tanh_backward, sigmoid_backward, threshold_backward):
   g (1 - y^2), g y (1 - y), and g where y > 0 else 0. */
st_tensor *st__tanh_backward(st_tensor *g, st_tensor *y);
st_tensor *st__sigmoid_backward(st_tensor *g, st_tensor *y);
st_tensor *st__threshold_backward(st_tensor *g, st_tensor *y);
/* sin's derivative at x times g, g cos(x), as one op (PyTorch: cos, then mul). */
st_tensor *st__sin_backward(st_tensor *g, st_tensor *x);

/* A tensor of zeros / ones shaped and typed like m. */
st_tensor *st__zeros_meta(const st_tensor_meta *m);
/* A new view of t standing for t itself where PyTorch returns t (contiguous of a contiguous
   tensor, flatten of one dim, eval-mode dropout, an input a function returns): the same as t
   for autograd in any grad mode (st_attrs.same_tensor). A tracked reference; NULL on error. */
st_tensor *st__same_tensor(st_tensor *t);

/* A public call inside a rule: a NULL result fails the rule with the error the call set
   (st__rule_failed). */
#define ST_TRY(expr)                                                                               \
  do {                                                                                             \
    if (!(expr)) return st__rule_failed();                                                         \
  } while (0)

/* ------------------------------------------------------------------------ jvp-rule helpers */

/* The jvp rule of an op bilinear in inputs 0 and 1 with an optional additive bias (input 2):
   the product rule op(t0, in1, t_bias) + op(in0, t1), the same op and attributes on tangents.
   Serves matmul, mm, bmm, dot, outer, linear, conv2d and conv2d's two backward ops. */
int st__jvp_bilinear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout);
/* The jvp rule of an op linear in input 0 (the others, if any, are integer indices): the same
   op on t0 (derivatives.yaml's auto_linear). */
int st__jvp_linear(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout);

/* ------------------------------------------------------------------ batching-rule helpers */

/* t with dim `from` moved to position `to` (a permuted view; both may be negative). */
st_tensor *st__movedim(st_tensor *t, int from, int to);
/* Input i of a batching rule with its batch dim first, and, when `rank` exceeds its logical
   rank, size-1 dims inserted after the batch dim up to `rank` logical dims (so it broadcasts
   against other inputs the way its logical self would). An unbatched input comes back as is.
   New references from public ops (tracked in the rule's scope). */
st_tensor *st__bfront(const st_vmap_args *a, int i, int rank);
/* Logical rank of input i. */
static inline int st__lrank(const st_vmap_args *a, int i) { return a->c->in[i]->ndim; }
/* A logical dim of input i (may be negative) as a dim of its value with the batch dim first. */
int st__bdim_shift(const st_vmap_args *a, int i, int64_t dim);

/* The physical index of logical dim `dim` (>= 0) of a value whose batch dim is bd (-1: none). */
static inline int st__pdim(int bd, int dim) { return dim + (bd >= 0 && dim >= bd); }
/* The physical index of the k-th logical dim from the end (k = 1: the last). */
int st__pdim_end(int ndim, int bd, int k);
/* t with its batch dim bd moved first and size-1 dims inserted after it up to `rank` logical
   dims, so that it broadcasts like its logical self; an unbatched t (bd < 0) comes back as is. */
st_tensor *st__front(st_tensor *t, int bd, int rank);
/* t repeated for `lanes` lanes as a stride-0 batch dim in front (a view). */
st_tensor *st__lanes(st_tensor *t, int64_t lanes);

/* Folds the batch dim bd of x into its dim d (d != bd): *out has x's dims without the batch,
   dim d - (d > bd) of size lanes * size(d), the lanes major (lane * n + i) or minor (i * lanes +
   lane). order -1 takes whichever is a view of x (major first), 0 / 1 forces major / minor.
   When the wanted order is not a view: a copy when `copy`, else *out = NULL (no error, so the
   caller can take another way). *minor says which order was taken. Returns 0 or a status. */
int st__fold_batch(st_tensor *x, int bd, int d, int order, bool copy, st_tensor **out, bool *minor);
/* The inverse on a result: dim `at` of y, of size lanes * n, split into (lanes, n) or (n, lanes)
   (a view of a contiguous result); *bdim is where the lanes went. */
st_tensor *st__unfold_batch(st_tensor *y, int at, bool minor, int64_t lanes, int64_t n, int *bdim);

/* Generic batching rules. elementwise: every input broadcasts with the others (unary, binary,
   where, in-place variants); reduce: one input, reduced dims in list[0..nlist) (none: all). */
int st__vmap_elementwise(const st_vmap_args *a, st_tensor **out, int *out_bdim);
int st__vmap_reduce(const st_vmap_args *a, st_tensor **out, int *out_bdim);

#endif
