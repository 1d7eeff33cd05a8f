/* einsum.c — st_einsum, torch.einsum as a composite of public ops (diagonal, permute, reshape,
   sum, mul, matmul), so autograd and every transform see only ops that have their own rules.

   The plan follows ATen's einsum (aten/src/ATen/native/Linear.cpp): every operand is brought to
   one aligned layout, the output dims first (in output order) then the contracted ones, with a
   size-1 dim wherever the operand lacks a subscript. One operand: a sum over the contracted dims.
   Several: contracted left to right, each subscript summed out at the last operand where its
   size is not 1 (at once, inside that operand, when the running product has size 1 there), so
   subscripts of one operand only are summed before any product. A pairwise contraction with
   summed dims is one batched GEMM: the two sides permuted to [batch, kept, summed] and
   [batch, summed, kept], reshaped to 3-D and multiplied by st_matmul. Without summed dims it is
   a broadcasting st_mul. */
#include <string.h>

#include "op.h"
#include "samples.h"

#define EIN_LABELS 52 /* 'A'..'Z' are labels 0..25, 'a'..'z' 26..51: torch's order */

typedef struct {
  int nsub;              /* subscripts, the ellipsis not counted */
  int ell;               /* how many subscripts precede the ellipsis, or -1 without one */
  int8_t sub[ST_MAX_DIMS]; /* the first ST_MAX_DIMS labels (more fail the dims check) */
} ein_operand;

typedef struct {
  int n;
  ein_operand *ops;
  int ell_ndim;            /* dims the ellipsis stands for: the most any operand gives it */
  int out_ndim;            /* aligned dims that are output dims */
  int ndim;                /* all aligned dims */
  int ell_pos;             /* aligned position of the ellipsis' first dim */
  int pos[EIN_LABELS];     /* aligned position of each label, -1 when unused */
  int count[EIN_LABELS];   /* operands' subscripts with each label */
} ein_plan;

static const char *fn = "st_einsum";

static int ein_label(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
  return -1;
}
static char ein_char(int label) { return (char)(label < 26 ? 'A' + label : 'a' + label - 26); }

static int ein_bad_char(size_t index) {
  return st__error(ST_ERR_ARG, "%s: invalid subscript given at index %zu in the equation string, "
                   "subscripts must be in [a-zA-Z]", fn, index);
}

/* The subscripts of each operand, left of "->". */
static int ein_parse_inputs(const char *eq, size_t len, ein_plan *p) {
  int cur = 0;
  bool found_ell = false;
  for (size_t i = 0; i < len; i++) {
    ein_operand *op = &p->ops[cur];
    char c = eq[i];
    if (c == ' ') continue;
    if (c == ',') {
      if (++cur >= p->n)
        return st__error(ST_ERR_ARG, "%s: fewer operands were provided than specified in the "
                         "equation", fn);
      found_ell = false;
    } else if (c == '.') {
      if (found_ell)
        return st__error(ST_ERR_ARG, "%s: found '.' for operand %d for which an ellipsis was "
                         "already found", fn, cur);
      if (!(i + 2 < len && eq[i + 1] == '.' && eq[i + 2] == '.'))
        return st__error(ST_ERR_ARG, "%s: found '.' for operand %d that is not part of any "
                         "ellipsis", fn, cur);
      i += 2;
      op->ell = op->nsub;
      found_ell = true;
    } else {
      int label = ein_label(c);
      if (label < 0) return ein_bad_char(i);
      if (op->nsub < ST_MAX_DIMS) op->sub[op->nsub] = (int8_t)label;
      op->nsub++;
      p->count[label]++;
    }
  }
  if (cur != p->n - 1)
    return st__error(ST_ERR_ARG, "%s: more operands were provided than specified in the equation",
                     fn);
  return 0;
}

/* Each operand's subscripts against its dims; sets ell_ndim. */
static int ein_check_dims(ein_plan *p, st_tensor *const *t) {
  for (int i = 0; i < p->n; i++) {
    const ein_operand *op = &p->ops[i];
    int nd = t[i]->ndim;
    if (op->ell >= 0 ? op->nsub > nd : op->nsub != nd)
      return st__error(ST_ERR_SHAPE, "%s: the number of subscripts in the equation (%d) %s the "
                       "number of dimensions (%d) for operand %d%s", fn, op->nsub,
                       op->ell >= 0 ? "is more than" : "does not match", nd, i,
                       op->ell >= 0 ? "" : " and no ellipsis was given");
    if (op->ell >= 0 && nd - op->nsub > p->ell_ndim) p->ell_ndim = nd - op->nsub;
  }
  return 0;
}

/* The output subscripts (explicit after "->", else implicit) and the aligned positions. */
static int ein_parse_output(const char *eq, size_t lhs_len, bool arrow, ein_plan *p) {
  int next = 0;
  bool found_ell = false;
  if (!arrow) {
    /* implicit output: the ellipsis dims, then the labels used once in torch's order */
    p->ell_pos = 0;
    next = p->ell_ndim;
    found_ell = true;
    for (int l = 0; l < EIN_LABELS; l++)
      if (p->count[l] == 1) p->pos[l] = next++;
  } else {
    const char *rhs = eq + lhs_len + 2;
    size_t len = strlen(rhs);
    for (size_t i = 0; i < len; i++) {
      char c = rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        if (found_ell)
          return st__error(ST_ERR_ARG, "%s: found '.' for output but an ellipsis (...) was "
                           "already found", fn);
        if (!(i + 2 < len && rhs[i + 1] == '.' && rhs[i + 2] == '.'))
          return st__error(ST_ERR_ARG, "%s: found '.' for output that is not part of any "
                           "ellipsis (...)", fn);
        i += 2;
        p->ell_pos = next;
        next += p->ell_ndim;
        found_ell = true;
        continue;
      }
      int label = ein_label(c);
      if (label < 0) return ein_bad_char(lhs_len + 2 + i);
      if (p->pos[label] >= 0)
        return st__error(ST_ERR_ARG, "%s: output subscript %c appears more than once in the "
                         "output", fn, c);
      if (p->count[label] == 0)
        return st__error(ST_ERR_ARG, "%s: output subscript %c does not appear in the equation "
                         "for any input operand", fn, c);
      p->pos[label] = next++;
    }
  }
  p->out_ndim = next;
  if (!found_ell) { /* an ellipsis left out of an explicit output is summed */
    p->ell_pos = next;
    next += p->ell_ndim;
  }
  for (int l = 0; l < EIN_LABELS; l++)
    if (p->count[l] > 0 && p->pos[l] < 0) p->pos[l] = next++;
  p->ndim = next;
  if (next > ST_MAX_DIMS)
    return st__error(ST_ERR_SHAPE, "%s: the equation has %d distinct subscripts and ellipsis dims; "
                     "strata tensors hold at most %d dims", fn, next, ST_MAX_DIMS);
  return 0;
}

/* The aligned position of each of operand i's dims (dimpos[0..ndim)). */
static void ein_dim_positions(const ein_plan *p, int i, const st_tensor *t, int *dimpos) {
  const ein_operand *op = &p->ops[i];
  int ne = op->ell >= 0 ? t->ndim - op->nsub : 0, d = 0;
  for (int s = 0; s <= op->nsub; s++) {
    if (s == op->ell)
      for (int e = 0; e < ne; e++) dimpos[d++] = p->ell_pos + p->ell_ndim - ne + e;
    if (s < op->nsub) dimpos[d++] = p->pos[op->sub[s]];
  }
}

/* The subscript index of operand dim d (not an ellipsis dim); ne: the dims its ellipsis covers. */
static int ein_sub_index(const ein_operand *op, int ne, int d) {
  return op->ell >= 0 && d >= op->ell ? d - ne : d;
}

/* Sizes: a repeated subscript within an operand must match exactly; across operands sizes
   broadcast (equal, or 1). */
static int ein_check_sizes(const ein_plan *p, st_tensor *const *t, int64_t *size) {
  for (int d = 0; d < p->ndim; d++) size[d] = 1;
  bool seen[ST_MAX_DIMS] = {false};
  for (int i = 0; i < p->n; i++) {
    int dimpos[ST_MAX_DIMS], first[ST_MAX_DIMS];
    for (int d = 0; d < p->ndim; d++) first[d] = -1;
    ein_dim_positions(p, i, t[i], dimpos);
    const ein_operand *op = &p->ops[i];
    int ne = op->ell >= 0 ? t[i]->ndim - op->nsub : 0;
    for (int d = 0; d < t[i]->ndim; d++) {
      int a = dimpos[d];
      int64_t s = t[i]->shape[d];
      bool in_ell = op->ell >= 0 && d >= op->ell && d < op->ell + ne;
      if (first[a] >= 0) {
        int64_t s0 = t[i]->shape[first[a]];
        if (s != s0)
          return st__error(ST_ERR_SHAPE, "%s: subscript %c is repeated for operand %d but the "
                           "sizes don't match, %lld != %lld", fn, ein_char(op->sub[ein_sub_index(op, ne, d)]),
                           i, (long long)s, (long long)s0);
        continue;
      }
      first[a] = d;
      if (seen[a] && s != size[a] && s != 1 && size[a] != 1) {
        if (in_ell)
          return st__error(ST_ERR_SHAPE, "%s: dimension %d covered by ellipsis in operand %d has "
                           "size %lld which does not broadcast with previously seen ellipsis "
                           "with size %lld for the respective dimension", fn, d - op->ell, i,
                           (long long)s, (long long)size[a]);
        return st__error(ST_ERR_SHAPE, "%s: subscript %c has size %lld for operand %d which does "
                         "not broadcast with previously seen size %lld", fn,
                         ein_char(op->sub[ein_sub_index(op, ne, d)]),
                         (long long)s, i, (long long)size[a]);
      }
      if (!seen[a] || size[a] == 1) size[a] = s;
      seen[a] = true;
    }
  }
  return 0;
}

/* t unchanged when perm is the identity, else st_permute (views either way). */
static st_tensor *ein_permute(st_tensor *t, int nd, const int *perm) {
  for (int d = 0; d < nd; d++)
    if (perm[d] != d) return st_permute(t, nd, perm);
  return t;
}

/* Operand i in the aligned layout: the diagonal of each repeated subscript taken, its dims put
   in aligned order and a size-1 dim inserted for every aligned dim it lacks. */
static st_tensor *ein_align(const ein_plan *p, int i, st_tensor *t) {
  int pos[ST_MAX_DIMS], nd = t->ndim;
  ein_dim_positions(p, i, t, pos);
  for (;;) {
    int d1 = -1, d2 = -1;
    for (int a = 0; a < nd && d1 < 0; a++)
      for (int b = a + 1; b < nd; b++)
        if (pos[a] == pos[b]) {
          d1 = a, d2 = b;
          break;
        }
    if (d1 < 0) break;
    t = st_diagonal(t, 0, d1, d2); /* drops d1 and d2, appends the diagonal */
    if (!t) return NULL;
    int label = pos[d1], k = 0;
    for (int d = 0; d < nd; d++)
      if (d != d1 && d != d2) pos[k++] = pos[d];
    pos[k++] = label;
    nd = k;
  }
  int perm[ST_MAX_DIMS], k = 0;
  for (int a = 0; a < p->ndim; a++)
    for (int d = 0; d < nd; d++)
      if (pos[d] == a) perm[k++] = d;
  t = ein_permute(t, nd, perm);
  if (!t || nd == p->ndim) return t;
  int64_t shape[ST_MAX_DIMS];
  for (int a = 0; a < p->ndim; a++) shape[a] = 1;
  for (int j = 0; j < nd; j++) shape[pos[perm[j]]] = t->shape[j];
  return st_reshape(t, p->ndim, shape);
}

enum { EIN_BATCH, EIN_LEFT, EIN_SUM, EIN_RIGHT, EIN_ONE };

/* The dims of kinds k0, k1, ... (in that order, ascending within a kind) appended to list. */
static int ein_gather(const int *kind, int nd, const int *kinds, int nk, int *list) {
  int n = 0;
  for (int j = 0; j < nk; j++)
    for (int d = 0; d < nd; d++)
      if (kind[d] == kinds[j]) list[n++] = d;
  return n;
}

/* sum over dims[0..ks) of a * b (aligned, broadcasting), keeping those dims with size 1: one
   batched GEMM, [batch, left-only, summed] x [batch, summed, right-only]. Torch's bmm refuses
   operands of two dtypes, and bool ones; so does this (an empty pair multiplies nothing, so
   there torch raises neither: its zeros come from the sums). */
static st_tensor *ein_pair(st_tensor *a, st_tensor *b, int ks, const int *dims, bool empty) {
  if (!a || !b) return NULL;
  if (ks == 0) return st_mul(a, b);
  if (empty) return st_mul(st_sum(a, ks, dims, true), st_sum(b, ks, dims, true));
  if (a->dtype != b->dtype)
    return st__error(ST_ERR_DTYPE, "%s: expected scalar type %s but found %s (a contraction "
                     "multiplies operands of one dtype, as torch's bmm)", fn,
                     st_dtype_name(a->dtype), st_dtype_name(b->dtype)), NULL;
  if (a->dtype == ST_BOOL)
    return st__error(ST_ERR_DTYPE, "%s: contracting bool operands is not implemented (torch's bmm "
                     "has no bool kernel)", fn), NULL;
  int nd = a->ndim, kind[ST_MAX_DIMS];
  int64_t bsz = 1, m = 1, k = 1, n = 1, rshape[ST_MAX_DIMS];
  bool summed[ST_MAX_DIMS] = {false};
  for (int j = 0; j < ks; j++) summed[dims[j]] = true;
  for (int d = 0; d < nd; d++) {
    int64_t sa = a->shape[d], sb = b->shape[d];
    kind[d] = summed[d] ? EIN_SUM : sa != 1 && sb != 1 ? EIN_BATCH : sa != 1 ? EIN_LEFT
              : sb != 1 ? EIN_RIGHT : EIN_ONE;
    switch (kind[d]) {
    case EIN_BATCH: bsz *= sa; break;
    case EIN_LEFT: m *= sa; break;
    case EIN_SUM: k *= sa; break;
    case EIN_RIGHT: n *= sb; break;
    }
  }
  int pa[ST_MAX_DIMS], pb[ST_MAX_DIMS], order[ST_MAX_DIMS], inv[ST_MAX_DIMS];
  ein_gather(kind, nd, (const int[]){EIN_BATCH, EIN_LEFT, EIN_SUM, EIN_RIGHT, EIN_ONE}, 5, pa);
  ein_gather(kind, nd, (const int[]){EIN_BATCH, EIN_SUM, EIN_RIGHT, EIN_LEFT, EIN_ONE}, 5, pb);
  ein_gather(kind, nd, (const int[]){EIN_BATCH, EIN_LEFT, EIN_RIGHT, EIN_SUM, EIN_ONE}, 5, order);
  st_tensor *lhs = st_reshape(ein_permute(a, nd, pa), 3, (int64_t[]){bsz, m, k});
  st_tensor *rhs = st_reshape(ein_permute(b, nd, pb), 3, (int64_t[]){bsz, k, n});
  st_tensor *r = st_matmul(lhs, rhs);
  for (int j = 0; j < nd; j++) {
    int d = order[j];
    rshape[j] = kind[d] == EIN_RIGHT ? b->shape[d] : kind[d] == EIN_SUM ? 1 : a->shape[d];
    inv[d] = j;
  }
  return ein_permute(st_reshape(r, nd, rshape), nd, inv);
}

/* The aligned operands contracted into the output (ATen's order, see the top of the file). */
static st_tensor *ein_contract(const ein_plan *p, st_tensor *const *al) {
  int nd = p->ndim, od = p->out_ndim, dims[ST_MAX_DIMS], k = 0;
  st_tensor *a = al[0];
  if (p->n == 1) {
    for (int d = od; d < nd; d++) dims[k++] = d;
    /* without a sum, a may be the operand itself: a reshape makes the distinct view that
       every call returns */
    return k ? st_sum(a, k, dims, false) : st_reshape(a, od, a->shape);
  }
  int last[ST_MAX_DIMS] = {0}; /* the last operand where each dim's size is not 1 */
  bool empty = false;
  for (int i = 0; i < p->n; i++)
    for (int d = 0; d < nd; d++) {
      if (al[i]->shape[d] != 1) last[d] = i;
      if (al[i]->shape[d] == 0) empty = true;
    }
  for (int d = od; d < nd; d++)
    if (last[d] == 0 && a->shape[d] != 1) dims[k++] = d;
  if (k) a = st_sum(a, k, dims, true);
  for (int i = 1; i < p->n && a; i++) {
    st_tensor *b = al[i];
    int bdims[ST_MAX_DIMS], kb = 0;
    k = 0;
    for (int d = od; d < nd; d++) {
      if (last[d] != i) continue;
      if (a->shape[d] == 1) bdims[kb++] = d; /* only b has it: summed inside b */
      else dims[k++] = d;
    }
    if (kb) b = st_sum(b, kb, bdims, true);
    a = ein_pair(a, b, k, dims, empty);
  }
  if (!a) return NULL;
  int64_t shape[ST_MAX_DIMS];
  for (int d = 0; d < od; d++) shape[d] = a->shape[d];
  return st_reshape(a, od, shape);
}

/* Parses and checks equation against the operands into p (whose ops array holds n entries);
   size receives the aligned dims' sizes (the output's first). */
static int ein_plan_for(const char *equation, int n, st_tensor *const *operands, ein_plan *p,
                        ein_operand *ops, int64_t *size) {
  *p = (ein_plan){.n = n, .ops = ops};
  for (int l = 0; l < EIN_LABELS; l++) p->pos[l] = -1;
  for (int i = 0; i < n; i++) ops[i] = (ein_operand){.ell = -1};
  const char *arrow = strstr(equation, "->");
  size_t lhs_len = arrow ? (size_t)(arrow - equation) : strlen(equation);
  if (ein_parse_inputs(equation, lhs_len, p) || ein_check_dims(p, operands) ||
      ein_parse_output(equation, lhs_len, arrow != NULL, p) || ein_check_sizes(p, operands, size))
    return -1;
  return 0;
}

/* The contraction of a checked plan. */
static st_tensor *ein_run(const ein_plan *p, st_tensor *const *operands, st_tensor **al) {
  bool ok = true;
  for (int i = 0; i < p->n && ok; i++) ok = (al[i] = ein_align(p, i, operands[i])) != NULL;
  return ok ? ein_contract(p, al) : NULL;
}

/* ------------------------------------------------------------------------- the record */

/* einsum is a composite record (ST_OP_COMPOSITE) for up to EIN_RECORD_MAX operands, whose plan
   fits on the stack (infer must not allocate); more operands take the same plan through the
   composite function below. The equation travels in the einsum attribute. */
#define EIN_RECORD_MAX 16

static int infer_einsum(const st_opcall *c, st_meta *m) {
  ein_plan p;
  ein_operand ops[EIN_RECORD_MAX];
  int64_t size[ST_MAX_DIMS];
  if (ein_plan_for(c->a.einsum.equation, c->nin, c->in, &p, ops, size)) return -1;
  st_tensor *const *t = c->in;
  st_dtype dt = t[0]->dtype;
  for (int i = 1; i < c->nin; i++) dt = st_promote_types(dt, t[i]->dtype);
  st__meta_set(m, dt, p.out_ndim, size);
  return 0;
}

static int decomp_einsum(const st_opcall *c, st_tensor **out) {
  ein_plan p;
  ein_operand ops[EIN_RECORD_MAX];
  int64_t size[ST_MAX_DIMS];
  st_tensor *al[EIN_RECORD_MAX];
  if (ein_plan_for(c->a.einsum.equation, c->nin, c->in, &p, ops, size)) return st__status();
  out[0] = ein_run(&p, c->in, al);
  return out[0] ? 0 : st__status();
}

/* One operand (a sum, a diagonal, a transpose), a matrix product, a batched product with an
   ellipsis, an outer product and three operands, in every layout; integers; errors: a
   subscript count that does not match, sizes that do not broadcast, a bad character. */
static int samples_einsum(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  int n = 0;
  st_attrs a = {.einsum = {"ij->"}};
  PUSH("sum", 1, st__sample(dt, ST_SHAPE(3, 4), -2, 2));
  a.einsum.equation = "ii->i";
  PUSH("diagonal", 1, st__sample_noncontig(dt, ST_SHAPE(3, 3), -2, 2));
  a.einsum.equation = "ij->ji";
  PUSH("transpose", 1, st__sample_broadcast(dt, ST_SHAPE(2, 3), -2, 2));
  a.einsum.equation = "ij,jk->ik";
  PUSH("matmul", 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample_noncontig(dt, ST_SHAPE(3, 4), -2, 2));
  PUSH("matmul, i64", 2, st__sample_index(ST_SHAPE(2, 3), 5), st__sample_index(ST_SHAPE(3, 2), 4));
  FAIL("sizes do not match", ST_ERR_SHAPE, 2, st__sample(dt, ST_SHAPE(2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(2, 4), -2, 2));
  FAIL("subscripts do not match the dims", ST_ERR_SHAPE, 2,
       st__sample(dt, ST_SHAPE(2, 3, 1), -2, 2), st__sample(dt, ST_SHAPE(3, 4), -2, 2));
  a.einsum.equation = "...ij,...jk";
  PUSH("batched, ellipsis, implicit output", 2, st__sample(dt, ST_SHAPE(2, 2, 3), -2, 2),
       st__sample(dt, ST_SHAPE(3, 2), -2, 2));
  a.einsum.equation = "i,j,k->ijk";
  PUSH("outer product of three", 3, st__sample(dt, ST_SHAPE(2), -2, 2),
       st__sample(dt, ST_SHAPE(3), -2, 2), st__sample(dt, ST_SHAPE(0), -2, 2));
  a.einsum.equation = "i,i->";
  PUSH("dot", 2, st__sample(dt, ST_SHAPE(4), -2, 2), st__sample(dt, ST_SHAPE(4), -2, 2));
  a.einsum.equation = "i1->i";
  FAIL("bad character", ST_ERR_ARG, 1, st__sample(dt, ST_SHAPE(4), -2, 2));
  return n;
}

ST_COMPOSITE_OP(einsum, ST_VARIADIC, 1, 0);

/* ----------------------------------------------------------------------- public function */

st_tensor *st_einsum(const char *equation, int n, st_tensor *const *operands) {
  if (!equation) return st__error(ST_ERR_ARG, "%s: equation is NULL", fn), NULL;
  if (n < 1 || !operands)
    return st__error(ST_ERR_ARG, "%s: must specify the equation string and at least one operand "
                     "(got %d)", fn, n), NULL;
  for (int i = 0; i < n; i++)
    if (!operands[i]) return st__null_error(ST_ERR_ARG, "%s: operand %d is NULL", fn, i), NULL;
  if (n <= EIN_RECORD_MAX) {
    st_opcall c = {.op = st__ops[ST_OP_einsum], .nin = n, .in = operands};
    c.a.einsum.equation = equation;
    return st__call1(&c);
  }
  ein_plan p;
  int64_t size[ST_MAX_DIMS];
  ein_operand *ops = st__calloc((size_t)n, sizeof *ops);
  st_tensor **al = ops ? st__calloc((size_t)n, sizeof *al) : NULL;
  st_tensor *y = NULL;
  if (al && !ein_plan_for(equation, n, operands, &p, ops, size) && !st__composite_begin(fn))
    y = st__composite_end(ein_run(&p, operands, al));
  if (al) st__free(al, (size_t)n * sizeof *al);
  if (ops) st__free(ops, (size_t)n * sizeof *ops);
  return y;
}
