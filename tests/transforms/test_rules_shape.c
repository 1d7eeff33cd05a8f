/* test_rules_shape.c — the jvp and batching rules of the shape family (src/ops/shape_*.c):
   every op on several f64 samples (non-contiguous, broadcast, 0-dim, size-0 where the op
   allows) against vmap's loop over the lanes (every in_dims combination, and nested), central
   differences, and the transposition identity <u, J v> = <J^T u, v>; then batched indices that
   differ per lane, a batch of size 1 for the squeezes, and vmap over zero lanes. */
#include "ops/shape.h"
#include "tx.h"
#include "util.h"

/* ---------------------------------------------------------------------------- the harness */

typedef enum {
  RESHAPE,
  PERMUTE,
  TRANSPOSE,
  EXPAND,
  SQUEEZE,
  SQUEEZE_ALL,
  UNSQUEEZE,
  SLICE,
  SELECT,
  DIAGONAL,
  CAT,
  STACK,
  INDEX_SELECT,
  GATHER,
  SCATTER_ADD,
  PAD,
  FLIP,
  REPEAT,
  TRIL,
  TRIU,
  SLICE_BACKWARD,
  DIAGONAL_BACKWARD
} op_kind;

/* One op call: the op and its non-tensor arguments; the tensors come through the check. */
typedef struct {
  op_kind op;
  int64_t i[4]; /* dims, bounds, offset, k, in the order of the public function's arguments */
  int n;
  int64_t list[8]; /* a shape, perm, dims, pads, reps or the backward views' sizes */
  double value;
  st_tensor *konst; /* when set: an input from outside the transforms (no tangent, unbatched), */
  int kpos;         /* passed to the op at position kpos among the others */
} spec;

static int f_op(void *ctx, int nin, st_tensor *const *args, int nout, st_tensor **out) {
  (void)nout;
  const spec *s = ctx;
  const int64_t *i = s->i;
  st_tensor *in[8] = {0}; /* a konst whose allocation failed leaves its place NULL */
  for (int k = 0, j = 0; k < nin + !!s->konst; k++)
    in[k] = s->konst && k == s->kpos ? s->konst : args[j++];
  nin += !!s->konst;
  int dims[8];
  for (int k = 0; k < s->n; k++) dims[k] = (int)s->list[k];
  st_tensor *x = in[0];
  switch (s->op) {
  case RESHAPE: out[0] = st_reshape(x, s->n, s->list); break;
  case PERMUTE: out[0] = st_permute(x, s->n, dims); break;
  case TRANSPOSE: out[0] = st_transpose(x, (int)i[0], (int)i[1]); break;
  case EXPAND: out[0] = st_expand(x, s->n, s->list); break;
  case SQUEEZE: out[0] = st_squeeze(x, (int)i[0]); break;
  case SQUEEZE_ALL: out[0] = st_squeeze_all(x); break;
  case UNSQUEEZE: out[0] = st_unsqueeze(x, (int)i[0]); break;
  case SLICE: out[0] = st_slice(x, (int)i[0], i[1], i[2], i[3]); break;
  case SELECT: out[0] = st_select(x, (int)i[0], i[1]); break;
  case DIAGONAL: out[0] = st_diagonal(x, i[0], (int)i[1], (int)i[2]); break;
  case CAT: out[0] = st_cat(nin, in, (int)i[0]); break;
  case STACK: out[0] = st_stack(nin, in, (int)i[0]); break;
  case INDEX_SELECT: out[0] = st_index_select(x, (int)i[0], in[1]); break;
  case GATHER: out[0] = st_gather(x, (int)i[0], in[1]); break;
  case SCATTER_ADD: out[0] = st_scatter_add(x, (int)i[0], in[1], in[2]); break;
  case PAD: out[0] = st_pad(x, s->n, s->list, s->value); break;
  case FLIP: out[0] = st_flip(x, s->n, dims); break;
  case REPEAT: out[0] = st_repeat(x, s->n, s->list); break;
  case TRIL: out[0] = st_tril(x, i[0]); break;
  case TRIU: out[0] = st_triu(x, i[0]); break;
  case SLICE_BACKWARD:
    out[0] = st__slice_backward(x, s->n, s->list, (int)i[0], i[1], i[2], i[3]);
    break;
  case DIAGONAL_BACKWARD:
    out[0] = st__diagonal_backward(x, s->n, s->list, i[0], (int)i[1], (int)i[2]);
    break;
  }
  return out[0] ? 0 : -1;
}

#define INS(...)                                                                                   \
  (st_tensor *const[]) { __VA_ARGS__ }

static bool is_float(st_tensor *t) { return st_dtype_of(t) == ST_F64; }

/* vmap(op) over dim 0 of every input: the batching rules then run under the jvp and grad
   levels of the checks. */
static int f_vmapped(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_func *f = st_func_new(f_op, ctx, nin, nout), *vf = st_vmap(f, NULL, NULL);
  int rc = st_call(vf, in, out);
  st_func_release(vf);
  st_func_release(f);
  return rc;
}

/* jacfwd (jvp rules under vmap) against jacrev (batching rules of the vjp rules' ops) with
   respect to the first floating input. */
static bool check_jacobians(const char *file, int line, spec *s, int nin, st_tensor *const *in) {
  int argnum = 0;
  while (argnum < nin - 1 && !is_float(in[argnum])) argnum++;
  st_func *f = st_func_new(f_op, s, nin, 1);
  st_func *fwd = st_jacfwd(f, argnum), *rev = st_jacrev(f, argnum);
  st_tensor *jf = NULL, *jr = NULL;
  bool ok = !st_call(fwd, in, &jf) && !st_call(rev, in, &jr);
  if (!ok) st_test_fail(file, line, "jacfwd or jacrev failed: %s", st_last_error());
  double *want = ok ? tu_values(jr) : NULL;
  ok = ok && st_test_close(file, line, jf, want, st_numel(jr), 1e-12);
  free(want);
  st_func_release(fwd), st_func_release(rev), st_func_release(f);
  return ok;
}

/* Every check on one sample: vmap against the loop (all in_dims, nested; 3 lanes), jvp against
   central differences, jvp against vjp, jacfwd against jacrev, and jvp against differences and
   vjp of vmap(op) on 2 lanes. Failures report the caller's line. */
static void check_rules(const char *file, int line, spec s, int nin, st_tensor *const *in) {
  st_scope_push();
  tx_vmap_all(file, line, f_op, &s, nin, in, 1, 3, 1e-12);
  tx_jvp_fd(file, line, f_op, &s, nin, in, 1, 1e-6, 1e-7);
  tx_transpose(file, line, f_op, &s, nin, in, 1, 1e-10);
  check_jacobians(file, line, &s, nin, in);
  st_tensor *lanes[8];
  for (int i = 0; i < nin; i++)
    lanes[i] = st_stack(2, INS(in[i], is_float(in[i]) ? st_mul_scalar(in[i], -1.5) : in[i]), 0);
  tx_jvp_fd(file, line, f_vmapped, &s, nin, lanes, 1, 1e-6, 1e-7);
  tx_transpose(file, line, f_vmapped, &s, nin, lanes, 1, 1e-10);
  st_scope_pop();
}
#define NIN(...) ((int)(sizeof((st_tensor *[]){__VA_ARGS__}) / sizeof(st_tensor *)))
/* RULES(spec fields, tensor inputs...) */
#define RULES(sp, ...) check_rules(__FILE__, __LINE__, (spec)sp, NIN(__VA_ARGS__), INS(__VA_ARGS__))
#define SP(...)                                                                                    \
  { .op = __VA_ARGS__ }

/* Samples: random f64 (contiguous), the same non-contiguous, a stride-0 broadcast of a smaller
   tensor, a 0-dim scalar, and i64 indices. */
#define R(...)          st_randn(ST_F64, ST_SHAPE(__VA_ARGS__))
#define NC(...)         noncontig(ST_SHAPE(__VA_ARGS__))
#define SCALAR()        st_randn(ST_F64, 0, NULL)
#define IDX(shape, ...) st_from_data(ST_I64, shape, (const int64_t[]){__VA_ARGS__})

static st_tensor *noncontig(int ndim, const int64_t *shape) {
  static unsigned seed = 1;
  int64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= shape[d];
  double v[256];
  tu_fill(v, n, -2, 2, seed++);
  return tu_noncontig(ST_F64, ndim, shape, v);
}

static st_tensor *bcast(st_tensor *small, int ndim, const int64_t *shape) {
  return tu_broadcast(small, ndim, shape);
}

/* ------------------------------------------------------------------------------ the views */

TEST(rules_shape_reshape) {
  st_scope_push();
  RULES(SP(RESHAPE, .n = 2, .list = {4, -1}), R(2, 3, 4));
  RULES(SP(RESHAPE, .n = 2, .list = {2, 6}), NC(3, 4)); /* no view: a copy */
  RULES(SP(RESHAPE, .n = 1, .list = {12}), bcast(R(4), ST_SHAPE(3, 4)));
  RULES(SP(RESHAPE, .n = 2, .list = {1, 1}), SCALAR());
  RULES(SP(RESHAPE, .n = 0), R(1, 1));
  RULES(SP(RESHAPE, .n = 3, .list = {3, 0, 2}), R(0, 6));
  st_scope_pop();
}

TEST(rules_shape_permute) {
  st_scope_push();
  RULES(SP(PERMUTE, .n = 3, .list = {2, 0, 1}), R(2, 3, 4));
  RULES(SP(PERMUTE, .n = 2, .list = {-1, 0}), NC(3, 4));
  RULES(SP(PERMUTE, .n = 2, .list = {1, 0}), bcast(R(3, 1), ST_SHAPE(3, 4)));
  RULES(SP(PERMUTE, .n = 0), SCALAR());
  RULES(SP(PERMUTE, .n = 2, .list = {1, 0}), R(0, 2));
  st_scope_pop();
}

TEST(rules_shape_transpose) {
  st_scope_push();
  RULES(SP(TRANSPOSE, .i = {0, 2}), R(2, 3, 4));
  RULES(SP(TRANSPOSE, .i = {-1, -2}), NC(3, 4));
  RULES(SP(TRANSPOSE, .i = {1, 1}), R(2, 3));
  RULES(SP(TRANSPOSE, .i = {0, -1}), SCALAR());
  RULES(SP(TRANSPOSE, .i = {0, 1}), R(2, 0));
  st_scope_pop();
}

TEST(rules_shape_expand) {
  st_scope_push();
  RULES(SP(EXPAND, .n = 3, .list = {2, 3, 4}), R(3, 1));
  RULES(SP(EXPAND, .n = 2, .list = {-1, 4}), NC(3, 1));
  RULES(SP(EXPAND, .n = 3, .list = {2, -1, -1}), bcast(R(1), ST_SHAPE(3, 4)));
  RULES(SP(EXPAND, .n = 2, .list = {2, 3}), SCALAR());
  RULES(SP(EXPAND, .n = 0), SCALAR());
  RULES(SP(EXPAND, .n = 2, .list = {0, 3}), R(0, 1));
  st_scope_pop();
}

TEST(rules_shape_squeeze) {
  st_scope_push();
  RULES(SP(SQUEEZE, .i = {1}), R(2, 1, 3));
  RULES(SP(SQUEEZE, .i = {0}), R(2, 1, 3)); /* size 2: no-op */
  RULES(SP(SQUEEZE, .i = {-1}), NC(3, 1));
  RULES(SP(SQUEEZE, .i = {0}), SCALAR());
  RULES(SP(SQUEEZE, .i = {-1}), R(1));
  RULES(SP(SQUEEZE, .i = {1}), R(0, 1));
  RULES(SP(SQUEEZE_ALL), R(1, 3, 1, 2));
  RULES(SP(SQUEEZE_ALL), NC(1, 1));
  RULES(SP(SQUEEZE_ALL), bcast(R(3), ST_SHAPE(1, 3)));
  RULES(SP(SQUEEZE_ALL), SCALAR());
  RULES(SP(SQUEEZE_ALL), R(0, 1));
  st_scope_pop();
}

/* A batch dim of size 1 must not be squeezed with the logical size-1 dims. */
TEST(rules_shape_squeeze_one_lane) {
  st_scope_push();
  spec s1 = {.op = SQUEEZE_ALL}, s2 = {.op = SQUEEZE, .i = {0}}, s3 = {.op = SQUEEZE, .i = {-1}};
  st_tensor *x = R(1, 3, 1), *y = SCALAR();
  CHECK(CHECK_VMAP_ALL(f_op, &s1, 1, &x, 1, 1, 0));
  CHECK(CHECK_VMAP_ALL(f_op, &s1, 1, &y, 1, 1, 0));
  CHECK(CHECK_VMAP_ALL(f_op, &s2, 1, &x, 1, 1, 0));
  CHECK(CHECK_VMAP_ALL(f_op, &s2, 1, &y, 1, 1, 0));
  CHECK(CHECK_VMAP_ALL(f_op, &s3, 1, &x, 1, 1, 0));
  st_scope_pop();
}

TEST(rules_shape_unsqueeze) {
  st_scope_push();
  RULES(SP(UNSQUEEZE, .i = {0}), R(2, 3));
  RULES(SP(UNSQUEEZE, .i = {-1}), NC(2, 3));
  RULES(SP(UNSQUEEZE, .i = {1}), bcast(R(3), ST_SHAPE(2, 3)));
  RULES(SP(UNSQUEEZE, .i = {-2}), R(2, 3));
  RULES(SP(UNSQUEEZE, .i = {0}), SCALAR());
  RULES(SP(UNSQUEEZE, .i = {-1}), SCALAR());
  RULES(SP(UNSQUEEZE, .i = {1}), R(0, 2));
  st_scope_pop();
}

TEST(rules_shape_slice_select) {
  st_scope_push();
  RULES(SP(SLICE, .i = {0, 1, 5, 2}), R(5, 3));
  RULES(SP(SLICE, .i = {-1, -3, 100, 1}), NC(3, 5));
  RULES(SP(SLICE, .i = {1, 0, 2, 1}), bcast(R(4), ST_SHAPE(2, 4)));
  RULES(SP(SLICE, .i = {0, 2, 1, 1}), R(4)); /* empty */
  RULES(SP(SLICE, .i = {1, 0, 3, 1}), R(0, 4));
  RULES(SP(SELECT, .i = {1, -1}), R(3, 4));
  RULES(SP(SELECT, .i = {0, 2}), NC(4)); /* a 0-dim result */
  RULES(SP(SELECT, .i = {-2, 0}), bcast(R(4), ST_SHAPE(2, 4)));
  RULES(SP(SELECT, .i = {1, 1}), R(0, 2));
  st_scope_pop();
}

TEST(rules_shape_diagonal) {
  st_scope_push();
  RULES(SP(DIAGONAL, .i = {1, 0, 1}), R(3, 4));
  RULES(SP(DIAGONAL, .i = {-1, 2, 0}), R(2, 3, 4));
  RULES(SP(DIAGONAL, .i = {0, -1, -2}), NC(3, 3));
  RULES(SP(DIAGONAL, .i = {0, 0, 1}), bcast(R(3), ST_SHAPE(3, 3)));
  RULES(SP(DIAGONAL, .i = {5, 0, 1}), R(3, 3)); /* empty */
  RULES(SP(DIAGONAL, .i = {0, 1, 2}), R(0, 2, 2));
  st_scope_pop();
}

/* The backward views' gradient inputs are shaped like the forward view of their sizes. */
static st_tensor *like_slice(int ndim, const int64_t *sizes, const int64_t *i) {
  return st_randn_like(st_slice(st_zeros(ST_F64, ndim, sizes), (int)i[0], i[1], i[2], i[3]));
}
static st_tensor *like_diagonal(int ndim, const int64_t *sizes, const int64_t *i) {
  return st_randn_like(st_diagonal(st_zeros(ST_F64, ndim, sizes), i[0], (int)i[1], (int)i[2]));
}
#define VIEW_BACKWARD(OP, like, ...)                                                               \
  do {                                                                                             \
    spec s_ = {.op = OP, __VA_ARGS__};                                                             \
    RULES(SP(OP, __VA_ARGS__), like(s_.n, s_.list, s_.i));                                         \
  } while (0)

TEST(rules_shape_view_backward) {
  st_scope_push();
  VIEW_BACKWARD(SLICE_BACKWARD, like_slice, .i = {0, 1, 5, 2}, .n = 2, .list = {5, 3});
  VIEW_BACKWARD(SLICE_BACKWARD, like_slice, .i = {-1, -3, 100, 2}, .n = 2, .list = {3, 5});
  VIEW_BACKWARD(SLICE_BACKWARD, like_slice, .i = {0, 2, 1, 1}, .n = 1, .list = {4});
  VIEW_BACKWARD(SLICE_BACKWARD, like_slice, .i = {1, 0, 3, 1}, .n = 2, .list = {0, 4});
  VIEW_BACKWARD(DIAGONAL_BACKWARD, like_diagonal, .i = {1, 0, 1}, .n = 2, .list = {3, 4});
  VIEW_BACKWARD(DIAGONAL_BACKWARD, like_diagonal, .i = {-1, 2, 0}, .n = 3, .list = {2, 3, 4});
  VIEW_BACKWARD(DIAGONAL_BACKWARD, like_diagonal, .i = {1, -1, -3}, .n = 3, .list = {2, 3, 4});
  VIEW_BACKWARD(DIAGONAL_BACKWARD, like_diagonal, .i = {5, 0, 1}, .n = 2, .list = {3, 3});
  /* a non-contiguous gradient */
  RULES(SP(SLICE_BACKWARD, .i = {0, 0, 4, 1}, .n = 2, .list = {6, 3}), NC(4, 3));
  st_scope_pop();
}

/* ------------------------------------------------------------------------ cat and stack */

TEST(rules_shape_cat) {
  st_scope_push();
  RULES(SP(CAT, .i = {0}), R(2, 3), R(1, 3));
  RULES(SP(CAT, .i = {-1}), R(2, 3), NC(2, 2), bcast(R(1), ST_SHAPE(2, 1)));
  RULES(SP(CAT, .i = {0}), R(4));
  RULES(SP(CAT, .i = {0}), R(2, 3), R(0)); /* a legacy empty piece */
  RULES(SP(CAT, .i = {1}), R(0), R(2, 3), R(0));
  RULES(SP(CAT, .i = {0}), R(0), R(0));
  RULES(SP(CAT, .i = {0}), R(0, 3), R(2, 3));
  RULES(SP(CAT, .i = {0}), R(2), IDX(ST_SHAPE(3), 4, 5, 6)); /* an i64 piece: no tangent */
  st_scope_pop();
}

TEST(rules_shape_stack) {
  st_scope_push();
  RULES(SP(STACK, .i = {0}), R(2, 3), R(2, 3));
  RULES(SP(STACK, .i = {-1}), R(2, 3), NC(2, 3), bcast(R(3), ST_SHAPE(2, 3)));
  RULES(SP(STACK, .i = {1}), R(2, 3), R(2, 3));
  RULES(SP(STACK, .i = {-3}), R(2, 3));
  RULES(SP(STACK, .i = {0}), SCALAR(), SCALAR());
  RULES(SP(STACK, .i = {-1}), SCALAR(), SCALAR());
  RULES(SP(STACK, .i = {1}), R(0, 2), R(0, 2));
  st_scope_pop();
}

/* --------------------------------------------------------------------------- the indexing */

TEST(rules_shape_index_select) {
  st_scope_push();
  RULES(SP(INDEX_SELECT, .i = {0}), R(4, 3), IDX(ST_SHAPE(3), 3, 0, 0));
  RULES(SP(INDEX_SELECT, .i = {-1}), NC(4, 3), IDX(ST_SHAPE(1), 2));
  RULES(SP(INDEX_SELECT, .i = {1}), bcast(R(3), ST_SHAPE(2, 3)), IDX(ST_SHAPE(4), 2, 1, 2, 0));
  RULES(SP(INDEX_SELECT, .i = {1}), R(2, 3), st_scalar(ST_I64, 1)); /* a 0-dim index */
  RULES(SP(INDEX_SELECT, .i = {0}), SCALAR(), IDX(ST_SHAPE(1), 0));
  RULES(SP(INDEX_SELECT, .i = {-1}), SCALAR(), st_scalar(ST_I64, 0));
  RULES(SP(INDEX_SELECT, .i = {0}), R(3, 2), IDX(ST_SHAPE(0), 0));
  RULES(SP(INDEX_SELECT, .i = {1}), R(0, 2), IDX(ST_SHAPE(2), 1, 1));
  st_scope_pop();
}

TEST(rules_shape_gather) {
  st_scope_push();
  RULES(SP(GATHER, .i = {1}), R(3, 4), IDX(ST_SHAPE(3, 2), 0, 3, 1, 1, 2, 0));
  RULES(SP(GATHER, .i = {0}), NC(3, 4), IDX(ST_SHAPE(2, 4), 2, 0, 1, 1, 0, 0, 2, 2));
  RULES(SP(GATHER, .i = {-1}), bcast(R(4), ST_SHAPE(2, 4)), IDX(ST_SHAPE(1, 3), 3, 3, 0));
  RULES(SP(GATHER, .i = {0}), SCALAR(), st_scalar(ST_I64, 0));
  RULES(SP(GATHER, .i = {0}), R(3, 2), IDX(ST_SHAPE(0, 2), 0));
  st_scope_pop();
}

TEST(rules_shape_scatter_add) {
  st_scope_push();
  RULES(SP(SCATTER_ADD, .i = {1}), R(3, 4), IDX(ST_SHAPE(3, 2), 0, 3, 1, 1, 2, 0), R(3, 3));
  RULES(SP(SCATTER_ADD, .i = {0}), NC(3, 4), IDX(ST_SHAPE(2, 4), 2, 0, 1, 1, 0, 0, 2, 2), NC(2, 4));
  RULES(SP(SCATTER_ADD, .i = {-1}), bcast(R(4), ST_SHAPE(2, 4)), IDX(ST_SHAPE(1, 2), 3, 3),
        bcast(R(1), ST_SHAPE(2, 2)));
  RULES(SP(SCATTER_ADD, .i = {0}), SCALAR(), st_scalar(ST_I64, 0), SCALAR());
  RULES(SP(SCATTER_ADD, .i = {0}), R(3, 2), IDX(ST_SHAPE(0, 2), 0), R(1, 2));
  st_scope_pop();
}

/* Indices that differ per lane (the samples above repeat one index over the lanes): batched at
   dim 0 or last, with the input batched or not. */
TEST(rules_shape_batched_indices) {
  st_scope_push();
  spec is = {.op = INDEX_SELECT, .i = {1}}, is0 = {.op = INDEX_SELECT, .i = {0}},
       g = {.op = GATHER, .i = {0}}, sa = {.op = SCATTER_ADD, .i = {1}};
  st_tensor *x = R(3, 4, 5), *x1 = R(4, 5), *xs = R(3);
  st_tensor *idx = IDX(ST_SHAPE(3, 2), 4, 0, 1, 1, 3, 2), *idx_last = st_transpose(idx, 0, 1);
  st_tensor *idx0 = IDX(ST_SHAPE(3), 0, 0, 0); /* lanes of a 0-dim index into a 0-dim input */
  const int both[2] = {0, 0}, idx_only[2] = {ST_UNBATCHED, 0}, last[2] = {0, -1},
            last_only[2] = {ST_UNBATCHED, -1};
  CHECK(CHECK_VMAP_LOOP(f_op, &is, 2, INS(x, idx), both, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &is, 2, INS(x1, idx), idx_only, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &is, 2, INS(x, idx_last), last, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &is, 2, INS(x1, idx_last), last_only, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &is0, 2, INS(xs, idx0), both, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &is0, 2, INS(SCALAR(), idx0), idx_only, 1, 0));
  st_tensor *gi = IDX(ST_SHAPE(3, 2, 5), 0, 3, 1, 1, 2, 0, 3, 3, 0, 1, 2, 2, 1, 0, 3, 0, 0, 0, 1, 1,
                      3, 2, 1, 0, 0, 1, 2, 3, 0, 1);
  CHECK(CHECK_VMAP_LOOP(f_op, &g, 2, INS(x, gi), both, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &g, 2, INS(x1, gi), idx_only, 1, 0));
  CHECK(CHECK_VMAP_LOOP(
      f_op, &g, 2,
      INS(st_permute(x, 3, (const int[]){1, 2, 0}), st_permute(gi, 3, (const int[]){1, 2, 0})),
      ((const int[]){2, 2}), 1, 0));
  st_tensor *si = IDX(ST_SHAPE(3, 4, 2), 0, 4, 1, 1, 2, 0, 3, 3, 4, 4, 0, 1, 2, 2, 1, 0, 3, 0, 0, 0,
                      1, 2, 3, 4);
  st_tensor *src = R(3, 4, 2), *src1 = R(4, 2);
  CHECK(CHECK_VMAP_LOOP(f_op, &sa, 3, INS(x, si, src), ((const int[]){0, 0, 0}), 1, 1e-12));
  CHECK(CHECK_VMAP_LOOP(f_op, &sa, 3, INS(x1, si, src1),
                        ((const int[]){ST_UNBATCHED, 0, ST_UNBATCHED}), 1, 1e-12));
  CHECK(CHECK_VMAP_LOOP(f_op, &sa, 3, INS(x1, si, src), ((const int[]){ST_UNBATCHED, 0, 0}), 1,
                        1e-12));
  st_scope_pop();
}

/* ------------------------------------------------------------------------------ the copies */

TEST(rules_shape_pad_flip) {
  st_scope_push();
  RULES(SP(PAD, .n = 2, .list = {1, 2}, .value = 1.5), R(2, 3));
  RULES(SP(PAD, .n = 4, .list = {1, 0, -1, 2}), NC(2, 3));
  RULES(SP(PAD, .n = 2, .list = {0, 1}, .value = -2), bcast(R(3), ST_SHAPE(2, 3)));
  RULES(SP(PAD, .n = 0, .value = 3), SCALAR());
  RULES(SP(PAD, .n = 4, .list = {1, 1, 0, 1}), R(0, 2));
  RULES(SP(FLIP, .n = 2, .list = {0, 2}), R(2, 3, 4));
  RULES(SP(FLIP, .n = 1, .list = {-1}), NC(3));
  RULES(SP(FLIP, .n = 2, .list = {-1, 0}), bcast(R(3), ST_SHAPE(2, 3)));
  RULES(SP(FLIP, .n = 1, .list = {0}), SCALAR());
  RULES(SP(FLIP, .n = 0), R(2, 2));
  RULES(SP(FLIP, .n = 1, .list = {1}), R(0, 2));
  st_scope_pop();
}

TEST(rules_shape_repeat_tri) {
  st_scope_push();
  RULES(SP(REPEAT, .n = 3, .list = {2, 1, 3}), R(2, 3));
  RULES(SP(REPEAT, .n = 2, .list = {2, 2}), NC(3));
  RULES(SP(REPEAT, .n = 2, .list = {1, 2}), bcast(R(3), ST_SHAPE(2, 3)));
  RULES(SP(REPEAT, .n = 1, .list = {2}), SCALAR());
  RULES(SP(REPEAT, .n = 0), SCALAR());
  RULES(SP(REPEAT, .n = 2, .list = {0, 2}), R(2, 3));
  RULES(SP(TRIL, .i = {0}), R(3, 4));
  RULES(SP(TRIL, .i = {-1}), NC(4, 3));
  RULES(SP(TRIU, .i = {1}), R(2, 3, 3));
  RULES(SP(TRIU, .i = {0}), bcast(R(3), ST_SHAPE(3, 3)));
  RULES(SP(TRIU, .i = {-2}), R(0, 3));
  st_scope_pop();
}

/* Inputs from outside the transforms have no tangent: the rules fill in zeros (cat, stack,
   scatter_add's self) or leave the term out (scatter_add's src). */
TEST(rules_shape_constant_inputs) {
  st_scope_push();
  RULES(SP(CAT, .i = {0}, .konst = R(2, 3), .kpos = 1), R(1, 3), R(2, 3));
  RULES(SP(STACK, .i = {1}, .konst = R(2, 3), .kpos = 0), R(2, 3));
  RULES(SP(SCATTER_ADD, .i = {1}, .konst = R(3, 3), .kpos = 2), R(3, 4),
        IDX(ST_SHAPE(3, 2), 0, 3, 1, 1, 2, 0));
  RULES(SP(SCATTER_ADD, .i = {0}, .konst = R(3, 4), .kpos = 0),
        IDX(ST_SHAPE(2, 4), 2, 0, 1, 1, 0, 0, 2, 2), R(2, 4));
  RULES(SP(GATHER, .i = {1}, .konst = IDX(ST_SHAPE(3, 2), 0, 3, 1, 1, 2, 0), .kpos = 1), R(3, 4));
  st_scope_pop();
}

/* --------------------------------------------------------------------------- zero lanes */

/* vmap over 0 lanes: the rules run on empty batches (reshape's -1 must not be ambiguous). */
TEST(rules_shape_zero_lanes) {
  st_scope_push();
  spec rs = {.op = RESHAPE, .n = 2, .list = {-1, 2}},
       ex = {.op = EXPAND, .n = 3, .list = {2, 3, 4}}, ct = {.op = CAT, .i = {0}},
       g = {.op = GATHER, .i = {1}};
  const int z[1] = {0}, zu[2] = {0, ST_UNBATCHED};
  CHECK(CHECK_VMAP_LOOP(f_op, &rs, 1, INS(R(0, 3, 4)), z, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &ex, 1, INS(R(0, 3, 1)), z, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &ct, 2, INS(R(0, 2, 3), R(1, 3)), zu, 1, 0));
  CHECK(CHECK_VMAP_LOOP(f_op, &g, 2, INS(R(0, 3, 4), IDX(ST_SHAPE(3, 2), 0, 1, 2, 3, 0, 1)), zu, 1,
                        0));
  st_scope_pop();
}
