/* op.h — the op record: everything strata knows about one op, and the call that carries its
   arguments through dispatch. See docs/ARCHITECTURE.md, "How to add an op". */
#ifndef STRATA_OP_H
#define STRATA_OP_H

#include "../core/core.h"
#include "op_list.h"

#define ST_MAX_OUTS 4
#define ST_VARIADIC (-1)
#define ST_MAX_LIST (2 * ST_MAX_DIMS)

/* Non-tensor arguments. Each op family reads its own named view of the union (the record says
   which); the list, dtype and flags after it are shared. There is no raw slot array: an op that
   reads another family's view is visible in the code, and a field no view names does not
   compile. */
typedef struct st_attrs {
  union {
    /* squeeze, unsqueeze, cat, stack, index_select, gather, scatter_add, softmax, log_softmax,
       cumsum, cumprod: one dim (squeeze's and unsqueeze's may be a new or absent one) */
    struct {
      int64_t dim;
    } axis;
    struct {
      int64_t dim0, dim1;
    } transpose;
    /* slice, slice_backward (and st_split / st_chunk's pieces) */
    struct {
      int64_t dim, start, end, step;
    } slice;
    struct {
      int64_t dim, index;
    } select;
    /* diagonal, diagonal_backward */
    struct {
      int64_t offset, dim1, dim2;
    } diagonal;
    /* tril, triu: the diagonal k */
    struct {
      int64_t k;
    } tri;
    /* the scalar binary ops (add_scalar ... pow_scalar: the scalar or exponent), full, fill_,
       constant_pad_nd, masked_fill: one value */
    struct {
      double value;
    } scalar;
    /* clamp, clamp_, hardtanh: the bounds; rand_uniform: low and high */
    struct {
      double lo, hi;
    } bounds;
    /* einsum: the equation (the caller's string, read during the call) */
    struct {
      const char *equation;
    } einsum;
    /* clamp_tensor: which bounds the inputs after self are (min first) */
    struct {
      bool has_min, has_max;
    } tensor_bounds;
    /* randn_normal */
    struct {
      double mean, std;
    } normal;
    /* arange: start, end, step; linspace: start, end, steps */
    struct {
      double start, end, step;
      int64_t steps;
    } range;
    /* eye: rows, columns */
    struct {
      int64_t shape[2];
    } eye;
    struct {
      int64_t low, high;
    } randint;
    /* randperm: n; one_hot: the number of classes (-1: infer) */
    struct {
      int64_t n;
    } count;
    struct {
      int64_t dim;
      double alpha;
    } index_add;
    /* sort, argsort (k unused), topk (descending: largest) */
    struct {
      int64_t dim, k;
      bool descending, stable, sorted;
    } sort;
    /* the reductions: var's and std's correction; dims_null: ndims > 0 with no dims */
    struct {
      double correction;
      bool dims_null;
    } reduce;
    /* the losses: reduction (an st_reduction; a bad value kept for the message); has_weight and
       has_pos_weight: binary_cross_entropy's optional inputs; log_target: kl_div's flag;
       param: smooth_l1_loss's beta, huber_loss's delta */
    struct {
      int64_t reduction;
      bool has_weight, has_pos_weight, log_target;
      double param;
    } loss;
    /* layer_norm: normalize the last nnorm dims (their sizes in list); has_shape: the
       normalized shape was given (non-NULL); group_norm: groups, the number of groups;
       batch_norm: training (the batch's statistics, else the running ones are inputs) */
    struct {
      double eps;
      int64_t nnorm;
      bool has_weight, has_bias, has_shape, training;
      int64_t groups;
    } norm;
    /* leaky_relu: the negative slope; elu: alpha */
    struct {
      double alpha;
    } act;
    /* dropout: the drop probability and training mode */
    struct {
      double p;
      bool train;
    } dropout;
    /* conv2d and its backward ops: {h, w} pairs and groups; the backward ops' input or kernel
       {h, w} size is the list (has_size: it was given); conv1d: element 0 of each pair */
    struct {
      int64_t stride[2], padding[2], dilation[2], groups;
      bool has_size;
    } conv;
    /* max_pool2d, avg_pool2d, avg_pool2d_backward: {h, w} pairs (has_kernel: a kernel was
       given); avg_pool2d_backward's input {h, w} size is the list (has_size: it was given) */
    struct {
      int64_t kernel[2], stride[2], padding[2];
      bool has_kernel, has_size;
    } pool;
    /* solve_triangular */
    struct {
      bool upper, left, unitriangular;
    } triangular;
    /* compiled autograd's hook call: the node's position in the backward's order, which of its
       hook lists run (st_ca_hook_phase), and masks of its gradient slots (compiled.c) */
    struct {
      int64_t pos, phase;
      uint64_t mask[2];
    } hooks;
  };
  st_dtype dtype;
  bool keepdim;
  /* a view op's output is one of several views one public call returns (st_split, st_chunk):
     PyTorch's CreationMeta::MULTI_OUTPUT_NODE, which refuses in-place writes (views.c) */
  bool multi_view;
  /* a reshape to the input's own shape that stands for the input itself (st_contiguous of a
     contiguous tensor: PyTorch returns self): its output is a view made as in grad mode, in
     any mode, so it keeps the input's history and may be written as the input may */
  bool same_tensor;
  const void *ptr; /* st_from_data's source buffer */
  int nlist;
  /* a shape, a permutation, a set of dims, pad sizes: entries past nlist are never read, so a
     copy may stop at them (st__attrs_size: a recorded node keeps that much) */
  int64_t list[ST_MAX_LIST];
} st_attrs;

/* The bytes of a that hold something: all but the list entries past nlist. */
static inline size_t st__attrs_size(const st_attrs *a) {
  int n = a->nlist < 0 ? 0 : a->nlist > ST_MAX_LIST ? ST_MAX_LIST : a->nlist;
  return offsetof(st_attrs, list) + sizeof(int64_t) * (size_t)n;
}

typedef struct st_op st_op;
typedef struct st_sample st_sample;
typedef struct st_opcall st_opcall;
/* A decomposition: the op's definition in other public ops. out[j] receives output j (a
   reference from public ops). */
typedef int (*st_decomp)(const st_opcall *c, st_tensor **out);

struct st_opcall {
  const st_op *op;
  int nin;
  st_tensor *const *in;
  st_attrs a;
};

/* What infer says about one output. A view (alias >= 0) shares input `alias`'s storage with
   the given strides and offset (in elements) and runs no kernel. */
typedef struct st_meta {
  st_dtype dtype;
  int ndim;
  int64_t shape[ST_MAX_DIMS];
  int alias;
  int64_t strides[ST_MAX_DIMS];
  int64_t offset;
} st_meta;

enum {
  ST_OP_INPLACE = 1u << 0, /* writes its result into input 0 and returns it */
  ST_OP_RANDOM = 1u << 1,  /* draws from the generator (vmap's randomness modes care) */
  ST_OP_NONDIFF = 1u << 2, /* outputs never require grad (comparisons, argmax, floor, ...) */
  ST_OP_FACTORY = 1u << 3, /* no tensor inputs */
  /* takes and makes the storage-only dtypes (f16, bf16, i32, i16, i8, u8) too; dispatch refuses
     them for every other op (st__is_compute_dtype) */
  ST_OP_ALL_DTYPES = 1u << 4,
  /* no kernel and no rules: its decomposition (.decompose) is its implementation at every
     level, so every transform differentiates and batches its constituents; its infer does the
     checks and names the op in errors (trace, cross, var_mean, clamp with tensor bounds, ...) */
  ST_OP_COMPOSITE = 1u << 5,
  /* calls user code when it runs (compiled autograd's hook calls, src/autograd/compiled.c):
     compiled graphs never remove, merge, fold or reorder it */
  ST_OP_EFFECT = 1u << 6,
  /* input 0 is a symmetric matrix, of which the op reads the lower triangle (cholesky, eigh):
     its derivatives are taken over symmetric matrices, as torch's and JAX's are (gradients
     symmetric, tangents symmetrized), so the matrix's derivative checks call it on (x + x^T) / 2,
     as PyTorch's OpInfo tests do (gradcheck_wrapper_hermitian_input) */
  ST_OP_SYMMETRIC = 1u << 7,
};

/* What a vjp rule sees: the call's attributes, the saved values it asked for (NULL elsewhere),
   every input's and output's shape and dtype, and which inputs need a gradient. */
typedef struct st_vjp_args {
  const st_op *op;
  const st_attrs *a;
  int nin, nout;
  st_tensor *const *in;  /* saved inputs: in[i] non-NULL when the record's saves has ST_SAVE_IN(i) */
  st_tensor *const *out; /* saved outputs: ST_SAVE_OUT(j) */
  const st_tensor_meta *in_meta, *out_meta;
  const bool *needs; /* needs_input_grad: compute gin[i] only where needs[i] */
} st_vjp_args;

/* What a jvp rule sees: the primal inputs (for an in-place op, input 0 as it was before the
   write) and outputs, one level below the jvp wrappers. */
typedef struct st_jvp_args {
  const st_op *op;
  const st_attrs *a;
  int nin, nout;
  st_tensor *const *in;
  st_tensor *const *out;
} st_jvp_args;

/* What a batching rule sees: the call as made at the vmap level (its attributes; c->in are the
   logical inputs, for shapes only), the physical values, and where their batch dim is. */
typedef struct st_vmap_args {
  const st_opcall *c;
  st_tensor *const *in; /* physical values */
  const int *bdim;      /* batch dim of in[i], or -1 when in[i] is not batched */
  int64_t size;         /* lanes */
} st_vmap_args;

/* Which values a vjp rule reads; all others are not kept alive by the graph. */
#define ST_SAVE_IN(i) (1u << (i))
#define ST_SAVE_OUT(j) (1u << (16 + (j)))
#define ST_SAVE_ALL_IN 0xffffu
/* saves_for's initializer: one mask per input, e.g. ST_SAVES_FOR(ST_SAVE_IN(1), ST_SAVE_IN(0)). */
#define ST_SAVES_FOR_MAX 4
#define ST_SAVES_FOR(...) ((const unsigned[ST_SAVES_FOR_MAX]){__VA_ARGS__})

/* An elementwise call as one inner loop (kernels/iter.h's st_loop_fn: operand 0 the output,
   data and a stride in elements per operand): out = f(operands 1..nops-1), each operand read as
   dt[k]. src[k] is the call's input operand k reads, or -1 for the constant `cst` (a scalar
   attribute, read through stride 0). The loop takes no ctx. c is the loop's C source
   (kernels/elementwise.h), for the C backend. */
struct st_loop_src;
typedef struct st_pointwise {
  void (*loop)(char *const *data, const int64_t *strides, int64_t n, const void *ctx);
  const struct st_loop_src *c;
  int nops;
  int src[4];
  st_dtype dt[4];
  union {
    float f;
    double d;
    int64_t i;
  } cst;
} st_pointwise;

/* A reduction of each row of its input: the reduced dims are the input's last ones (size-1 dims
   aside), so in a contiguous input every output reduces one contiguous run of len elements,
   by one pass of a kernel kind (st_red_kind, kernels/reduce.h) whose result is then divided by
   div (1: none) and rounded to the input's own float dtype, as the op's kernel computes it. */
typedef struct st_row_reduce {
  int kind;
  int64_t len;
  double div;
} st_row_reduce;

struct st_op {
  st_op_id id;
  const char *name; /* the public function without "st_": "add" */
  int nin;          /* tensor inputs, or ST_VARIADIC */
  int nout;
  unsigned flags;
  /* Checks the arguments and describes the outputs. Sets the error and returns non-zero on bad
     input; must not allocate. Inputs are never NULL here. */
  int (*infer)(const st_opcall *c, st_meta *out);
  /* Computes into outputs allocated from infer's metas (in-place ops: out[0] is input 0).
     Runs only on plain tensors. May fail only for lack of memory. NULL for pure views. */
  int (*kernel)(const st_opcall *c, st_tensor *const *out);

  /* ---- autograd (src/ops/<family>.c beside the kernel) ---- */
  unsigned saves; /* ST_SAVE_IN / ST_SAVE_OUT bits */
  /* What each input's gradient reads (ST_SAVES_FOR): recording saves only the values the
     inputs that require grad at its level need (mul saves x only when w requires grad). NULL:
     `saves` for every input; inputs past ST_SAVES_FOR_MAX also get `saves`. */
  const unsigned *saves_for;
  /* Gradients of the inputs from the gradients of the outputs, written with public ops only so
     that the rule is itself differentiable. gout[j] is never NULL (zeros are filled in). Sets
     gin[i] (a new reference, or NULL for a zero gradient) where a->needs[i]. Returns 0 or a
     status. NULL: the op has no derivative (backward through it fails with a message). */
  int (*vjp)(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin);

  /* ---- transforms (the interpreters in src/dispatch call them) ---- */
  /* Output tangents from input tangents (tin[i] NULL: zero), with public ops. Sets tout[j] (a
     new reference, NULL for zero). NULL: the jvp interpreter derives it from vjp (double vjp). */
  int (*jvp)(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout);
  /* The batching rule: computes every output for all lanes at once with public ops on the
     physical values; out_bdim[j] is where output j's batch dim is (-1: not batched). NULL: the
     vmap interpreter loops over the lanes and stacks the results. */
  int (*vmap)(const st_vmap_args *a, st_tensor **out, int *out_bdim);
  /* The op in other public ops, when its record holds it (a composite's implementation, see
     ST_OP_COMPOSITE); NULL: st__decomps (decomp.c) holds the op's decomposition, if any. */
  st_decomp decompose;
  /* The call as one pointwise inner loop on its operands' own dtypes (st_pointwise), which
     compiled graphs fuse into tiles (src/compile/passes.c); false when it needs more (a dtype
     conversion, a storage-only dtype). NULL: never. */
  bool (*pointwise)(const st_opcall *c, struct st_pointwise *p);
  /* The call as a reduction of rows (st_row_reduce), which a compiled group takes as its
     epilogue when a member makes its input; false when it is not one (reduced dims before kept
     ones, an integer or storage-only dtype, an empty input). NULL: never. */
  bool (*row_reduce)(const st_opcall *c, st_row_reduce *r);

  /* ---- the generated test matrix (tests/matrix) ---- */
  /* Fills up to cap sample calls of op (so that one function serves a family) with floating
     inputs of dtype dt (index inputs stay i64) and returns how many: valid ones (contiguous, non-contiguous, broadcast, 0-dim, size-0, values
     inside the op's domain) and error inputs with the status they must fail with. */
  int (*samples)(const st_op *op, st_dtype dt, st_sample *out, int cap);
  /* Cells of the matrix known to fail, as "check: reason" entries separated by ';'. The runner
     reports them and does not run them. */
  const char *known_failures;
};

/* One sample call of an op: inputs (new references the runner releases), attributes, and the
   status an error input must fail with (ST_OK for a valid one). */
/* batch_norm in evaluation takes the most: x, running_mean, running_var, weight, bias */
#define ST_SAMPLE_MAX_IN 5
struct st_sample {
  const char *what; /* "contiguous", "broadcast", "0-dim", "size-0", "bad dim", ... */
  int nin;
  st_tensor *in[ST_SAMPLE_MAX_IN];
  st_attrs a;
  st_status expect;
};

/* A composite record (ST_OP_COMPOSITE): its functions are infer_<name>, decomp_<name> and
   samples_<name>; FLAGS adds to ST_OP_COMPOSITE (ST_OP_ALL_DTYPES, ...). */
#define ST_COMPOSITE_OP(NAME, NIN, NOUT, FLAGS)                                                    \
  const st_op st__op_##NAME = {.id = ST_OP_##NAME,                                                 \
                               .name = #NAME,                                                      \
                               .nin = (NIN),                                                       \
                               .nout = (NOUT),                                                     \
                               .flags = ST_OP_COMPOSITE | (FLAGS),                                 \
                               .infer = infer_##NAME,                                              \
                               .decompose = decomp_##NAME,                                         \
                               .samples = samples_##NAME}

/* The values input i's gradient reads (see saves_for). */
static inline unsigned st__saves_for(const st_op *op, int i) {
  return op->saves_for && i < ST_SAVES_FOR_MAX ? op->saves_for[i] : op->saves;
}

/* Decompositions kept beside the table (decomp.c), NULL where there is none. */
extern const st_decomp st__decomps[ST_OP_COUNT];
/* The op's decomposition: its record's, else decomp.c's; NULL when it has none. */
static inline st_decomp st__decomp_of(const st_op *op) {
  return op->decompose ? op->decompose : op->id < ST_OP_COUNT ? st__decomps[op->id] : NULL;
}
/* The decompositions of unary.def's rows with a DECOMP column (unary.c). */
int st__decomp_unary(const st_opcall *c, st_tensor **out);

/* The table, indexed by st_op_id, built in table.c from the family lists. */
extern const st_op *const st__ops[ST_OP_COUNT];
/* "st_<name>" per op id: the function name error messages give. */
extern const char *const st__op_fns[ST_OP_COUNT];
#define ST_FN(c) (st__op_fns[(c)->op->id])

/* Formats "st_<op>: <message>" into the error state; returns status. */
int st__op_error(const st_opcall *c, st_status status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The checks of an in-place op's self (input 0), with the error set: writable, each element
   written once, so not an expanded tensor (check_writable); and also able to hold the result
   dtype (check_inplace; PyTorch's can_cast: no float into i64, nothing but bool into bool). */
int st__check_writable(const st_opcall *c);

/* A composite public function (built from other public ops, no record of its own) runs its
   constituents in a scope of its own: st__composite_begin opens it (0, or ST_ERR_OOM set with
   no scope open, naming fn); st__composite_end keeps y (when not NULL) into the caller's scope,
   pops the composite's scope with its temporaries and returns y. */
int st__composite_begin(const char *fn);
st_tensor *st__composite_end(st_tensor *y);
int st__check_inplace(const st_opcall *c, st_dtype result);

/* Whether infer may read t's values (index range checks): a transform's wrapper (level > 0)
   shows its logical shape only; the call that reaches level 0 sees the plain tensor. */
static inline bool st__has_data(const st_tensor *t) { return t->level == 0; }

/* Metas for the common cases. */
void st__meta_set(st_meta *m, st_dtype dt, int ndim, const int64_t *shape);
void st__meta_like(st_meta *m, const st_tensor *t);
void st__meta_view(st_meta *m, const st_tensor *t, int alias, int ndim, const int64_t *shape,
                   const int64_t *strides, int64_t offset);

/* For kernels that want simple inputs: a contiguous tensor of dtype dt with t's values. Returns
   t itself (retained) when it already is one, else a fresh copy; release it with st__drop.
   NULL (OOM set) on failure. */
st_tensor *st__contig_as(st_tensor *t, st_dtype dt);
/* A new contiguous tensor, not recorded in any scope; release with st__drop. */
static inline st_tensor *st__empty(st_dtype dt, int ndim, const int64_t *shape) {
  return st__tensor_empty(dt, ndim, shape);
}

/* ------------------------------------------------------------------------------- dispatch */

/* Runs c: validates, infers, allocates and computes. out receives op->nout new references (not
   recorded in any scope). Returns 0 or a negative status with the error set. */
int st__dispatch(const st_opcall *c, st_tensor **out);
/* Sample inputs (samples.c), untracked new references: deterministic values in [lo, hi),
   contiguous; the same in a transposed layout (every other element for vectors); a stride-0
   broadcast of a last-dim vector to shape; i64 indices in [0, hi). */
st_tensor *st__sample(st_dtype dt, int ndim, const int64_t *shape, double lo, double hi);
st_tensor *st__sample_noncontig(st_dtype dt, int ndim, const int64_t *shape, double lo, double hi);
st_tensor *st__sample_broadcast(st_dtype dt, int ndim, const int64_t *shape, double lo, double hi);
st_tensor *st__sample_index(int ndim, const int64_t *shape, int64_t hi);
/* Restarts the sample values (the runner calls it before each op's samples, per dtype). */
void st__sample_seed(unsigned seed);
/* Appends a sample taking nin tensor references (a NULL one drops the sample); returns the new
   count. a may be NULL (no attributes). */
int st__sample_push(st_sample *out, int cap, int n, const char *what, st_status expect, const st_attrs *a, int nin,
                    ...);

/* A copy of c with inputs `in` (same op and attributes), dispatched: out gets untracked refs.
   Batching rules use it to run their op on the physical values. */
int st__redispatch(const st_opcall *c, st_tensor *const *in, st_tensor **out);
/* The public-function tail: dispatch a one-output op, record the result in the scope, clear
   the error on success. */
st_tensor *st__call1(const st_opcall *c);
/* The same for an op of several outputs: outs gets op->nout tracked references, or nothing on
   failure. Returns 0 or the status. */
int st__call_n(const st_opcall *c, st_tensor **outs);
/* The same for in-place ops: returns 0 or the status. */
int st__call_inplace(const st_opcall *c);

/* A call with up to three tensor inputs, for public wrappers. */
#define ST_CALL(opname, ...)                                                                       \
  (st_opcall) { .op = st__ops[ST_OP_##opname], .nin = ST__NARG(__VA_ARGS__),                         \
              .in = (st_tensor *const[]){__VA_ARGS__} }
#define ST_CALL0(opname) (st_opcall){.op = st__ops[ST_OP_##opname], .nin = 0, .in = NULL}

#endif /* STRATA_OP_H */
