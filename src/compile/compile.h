/* compile.h — st_compile's graph (the IR), its capture, passes and executor (private).

   A graph is what one call of a function did at level 0, below every interpreter: every op
   that ran there (the transforms inside the function lowered to it) is a node, every tensor
   header those ops read or made is a value, and every storage is a buffer. Values are
   tensors, so a node may write one in place: the order of the nodes is the program's.

     capture.c  the tracing mode at level 0: dispatch reports each op after its kernel
     passes.c   dead-code elimination, common subexpressions, buffer kinds and the memory plan,
                and st_compile_print's text
     exec.c     the built-in executor ("interp"): binds the call's tensors, runs each node's
                kernel on planned buffers
     cgen.c     the C backend ("c"): the fused groups as generated C, compiled, cached on disk
     aot.c      a compiled call under eager autograd: one node, its backward compiled too
     autograd.c compiled autograd: st_backward's graphs captured, cached by key and replayed
     compile.c  st_compile: signatures, the cache, guards, eager fallbacks and the stats */
#ifndef STRATA_COMPILE_H
#define STRATA_COMPILE_H

#include <stdio.h>

#include "../dispatch/interp.h"

typedef enum {
  CG_INPUT,    /* the function's input `src` */
  CG_CAPTURED, /* a tensor from outside the call (captured through ctx, or a constant made from
                  host data inside it): read at call time, its layout guarded */
  CG_NODE,     /* output `out` of node `src` */
  CG_ALIAS,    /* another header over a known buffer, made outside the op table (a saved value
                  unpacked, a custom function's output alias) */
} cg_kind;

typedef struct cg_value {
  cg_kind kind;
  int src, out;
  int buf; /* the buffer the value lives on */
  st_dtype dtype;
  int ndim;
  int64_t shape[ST_MAX_DIMS], strides[ST_MAX_DIMS];
  int64_t offset; /* in elements, from the start of the buffer as traced */
  st_tensor *rt;  /* at run time: the header the kernels see */
  bool per_call;  /* rt is made for each call (on an input's storage or an output's) */
} cg_value;

typedef enum {
  CG_BUF_ROOT,  /* the storage of an input or a captured tensor */
  CG_BUF_ARENA, /* an intermediate: a planned range of the graph's arena */
  CG_BUF_FRESH, /* holds an output: allocated for each call */
  CG_BUF_TILE,  /* a fused group's intermediate: lives in tiles only, never whole */
  CG_BUF_CONST, /* made once by a folded node (cg_prepare) and read by every call */
} cg_buf_kind;

typedef struct cg_buf {
  cg_buf_kind kind;
  int root;        /* ROOT: the value whose storage it is */
  int def, last;   /* the nodes that make it and last touch it (def -1: a root) */
  int born;        /* where its plan interval starts: def, or its fused group's first node */
  size_t nbytes;   /* what the making node allocated */
  int esize;       /* the element size of every value on it */
  size_t off;      /* ARENA: the byte offset in the arena */
  int64_t rt_bias; /* at run time: added to a value's traced offset (a root's moved offset) */
  st_storage *rt;  /* at run time: a root's (borrowed), an output's (per call), or for an ARENA
                      buffer the graph's own storage over its range of the arena */
} cg_buf;

/* How a fused node finds operand k in a tile (passes.c decides, exec.c reads). */
typedef enum {
  CG_OPD_TILE,  /* a scratch tile of the group (slot) */
  CG_OPD_WHOLE, /* a whole contiguous tensor of the group's shape: its data + tile start */
  CG_OPD_ONE,   /* one element broadcast (stride 0) */
  CG_OPD_CONST, /* the node's pointwise constant (stride 0) */
  CG_OPD_BCAST, /* a tensor made before the group that broadcasts to its shape, or of its shape
                   in another layout: gathered into a scratch tile (slot) for each tile */
} cg_opd_kind;

typedef struct cg_operand {
  cg_opd_kind kind;
  int value, slot;
  int esize;
  int bc; /* BCAST: its layout, g->bcasts[bc] */
} cg_operand;

/* A CG_OPD_BCAST operand's elements in the order of its group's shape: dims of the group
   (coalesced where the operand steps over two as over one, size-1 dims dropped) with the
   operand's strides along them (elements; 0 where it broadcasts). */
typedef struct cg_bcast {
  int nd, esize;
  int64_t shape[ST_MAX_DIMS], stride[ST_MAX_DIMS];
} cg_bcast;

typedef struct cg_group {
  int first, last; /* its first and last member (node ids) */
  int at;          /* where its members run: first, or last when nodes between them that are
                      not members (fuse's look-ahead) run before it */
  int64_t numel;
  /* its epilogue: a reduction of rows (node `red`, -1: none) of a member's output, run on each
     tile as the members leave it; a row the tile's end cuts waits in scratch slot `carry` for
     the rest; red_fs: the fused step of the member whose output it reduces (exec.c) */
  int red, carry, red_fs;
  int fbegin, fend; /* its members' loops: the graph's fsteps[fbegin, fend) */
  /* the C backend's loop over the whole group (cgen.c), or NULL: P[4 m + k] is the base of
     operand k of member m (its fused step's) */
  void (*cfn)(char *const *P, int64_t n);
} cg_group;

typedef enum { CG_INTERP, CG_C } cg_backend;

/* One member's loop as a call runs it (cg_prepare packs them per group): operand k of the tile
   at t0 is base[k] + t0 * adv[k] bytes, with stride step[k] elements. */
typedef struct cg_fstep {
  void (*loop)(char *const *data, const int64_t *strides, int64_t n, const void *ctx);
  int nops, node;
  char *base[4];
  int64_t adv[4], step[4];
  const cg_bcast *bc[4]; /* a CG_OPD_BCAST operand's layout (base: its first element) */
  int slot[4];           /* and its scratch tile */
  int es[4];             /* each operand's element size */
  bool plain;            /* no broadcast operand: on the graph's own scratch, operand k is
                            base[k] + t0 * adv[k] */
} cg_fstep;

/* A st_cond captured as one node (capture.c): its inputs are the predicate and then the
   branches' inputs; each branch is a graph of its own over those, run by the executor on the
   predicate's value, its results copied into the node's output buffers. Shared by the raw
   copies of the graph that holds it (refs); optimized and prepared once, with the first graph
   that holds it. */
typedef struct cg_cond {
  int refs;
  bool prepared;
  struct cg_graph *branch[2]; /* [0]: when the predicate is not zero */
} cg_cond;
extern const st_op cg_cond_op;
void cg_cond_release(cg_cond *c); /* NULL is a no-op */

typedef struct cg_node {
  const st_op *op;
  st_attrs a;
  int nin, nout;
  int *in; /* value ids */
  int out[ST_MAX_OUTS];
  bool view;    /* every output aliases an input: no kernel */
  bool reinfer; /* an integer input: its infer checks values (indices) at every call */
  bool dead;    /* removed by a pass */
  bool fusible; /* pw describes the call (the record's pointwise, asked at capture) */
  bool folded;  /* its inputs are all constants: it runs once, in cg_prepare */
  bool reduces; /* rr describes the call (the record's row_reduce, asked at capture) */
  st_pointwise pw;
  st_row_reduce rr;
  int group;         /* its fused group, or -1 */
  cg_operand opd[4]; /* in a group: where each loop operand is (0: the output) */
  st_tensor **rt_in; /* the kernel's argument array */
  cg_cond *cond;     /* op is cg_cond_op: its branches */
} cg_node;

typedef struct cg_graph {
  int nin, nout;
  int *inputs, *outputs; /* value ids */
  cg_value *v;
  cg_node *n;
  cg_buf *b;
  int nv, nn, nb, capv, capn, capb;
  int marked; /* 1 + the nodes captured before cg_capture_mark (a joint graph's backward), or 0 */
  st_tensor **captured; /* strong */
  int ncap, capcap;
  st_storage *arena;
  size_t arena_bytes, eager_bytes; /* the plan, and what eager allocated for the same nodes */
  int live_nodes, kernels;
  cg_group *groups;
  int ngroups, capgroups;
  cg_bcast *bcasts; /* the layouts of the groups' CG_OPD_BCAST operands */
  int nbcasts, capbcasts;
  int nslots;    /* scratch tiles the largest group needs */
  char *scratch; /* nslots tiles of CG_TILE elements of 8 bytes */
  /* what a call does, listed by cg_prepare: the nodes to run (kernels, and each group at its
     first member), the values to bind (roots, then the per-call headers), the output buffers,
     and the fused operands whose data moves with the call's tensors (node * 4 + k) */
  int *steps, *bound, *fresh, *refresh; /* refresh: fstep * 4 + operand */
  int nsteps, nbound, nfresh, nrefresh;
  /* cg_run_owned's early release: the bound values over each input's storage, listed by the
     step after which nothing reads it (rel[rel_at[s + 1] .. rel_at[s + 2]) after step s, from
     rel_at[0]: before the first; an input an output returns is not listed) */
  int *rel_at, *rel;
  cg_fstep *fsteps;
  int nfsteps;
  /* the C backend: the loaded object, the argument array of the generated loops (4 per fused
     step: its bases, refreshed with them at each call) and how many groups run generated code */
  cg_backend backend;
  bool inference; /* while a call runs: its outputs are inference tensors (the branches' too) */
  void *dl;
  char **cargs;
  int cgroups;
} cg_graph;

/* Elements per tile of a fused group: a few tiles of doubles stay in L1. */
#define CG_TILE 512

/* ---- capture.c ---- */
typedef struct cg_capture cg_capture;
/* Starts capturing this thread's level-0 ops with in[0..nin) as the graph's inputs. NULL on
   OOM (nothing started). joint: eager autograd may run inside (the joint function of aot.c,
   whose graph holds the forward and the engine's backward); otherwise a tensor that requires
   grad in grad mode ends the capture with cg_why_autograd. */
cg_capture *cg_capture_begin(int nin, st_tensor *const *in, bool joint);
extern const char cg_why_autograd[];
/* Every tensor the capture reads from outside must be one of its inputs (else it fails): for
   compiled autograd, whose key describes its inputs and nothing else. */
void cg_capture_close(cg_capture *cap);
/* Ends the capture of the call that returned out[0..nout). On success *g is the graph;
   otherwise *why says what could not be captured (static text, or NULL for OOM). */
int cg_capture_end(cg_capture *cap, int nout, st_tensor *const *out, cg_graph **g,
                   const char **why);
/* Captures f on in[] leaving no trace of the run: its results are dropped, and the generator's
   state, what f kept (st_keep) and the error are put back. NULL when the capture or the run
   fails (or OOM), with *why (when why is not NULL) saying why (static text; NULL for OOM). */
cg_graph *cg_capture_aside(st_func *f, st_tensor *const *in, bool joint, const char **why);
bool cg_capturing(void);    /* a capture is running on this thread */
void cg_capture_mark(void); /* the running capture's later nodes are the joint's backward */
void cg_value_layout(cg_value *v, const st_tensor *t); /* t's shape, strides and offset */

/* ---- passes.c ---- */
void cg_free(cg_graph *g);
/* DCE, CSE, buffer kinds and the arena plan; 0 or ST_ERR_OOM. */
int cg_optimize(cg_graph *g);
/* diagonal.c: matmul(A, D) and matmul(D, A) with D an identity or f(identity, u) become one
   diag_mm node (cg_diag_mm_op) scaling A's rows or columns; eager's values exactly. */
int cg_diagonal(cg_graph *g);
extern const st_op cg_diag_mm_op;
int cg_print(const cg_graph *g, FILE *f);
bool cg_contiguous(const cg_value *v); /* row-major, size-1 dims aside */
/* Loop expressions (st_loop_src.expr, cgen.c): the next name at *p (skipping numbers with their
   suffixes and exponents, string literals and punctuation; *p moves past it, *n its length), or
   NULL at the end; and whether the n characters at w are one of names[0..count). */
const char *cg_expr_name(const char **p, size_t *n);
bool cg_name_listed(const char *w, size_t n, const char *const *names, size_t count);
/* Whether a live node writes an input's or a captured tensor's storage in place. */
bool cg_writes_roots(const cg_graph *g);

/* ---- dynamic.c ---- */
typedef struct cg_dyn cg_dyn;
cg_graph *cg_copy_raw(const cg_graph *g); /* a captured graph, before its passes; NULL on OOM */
/* The template of two captures of one program at different sizes, or NULL (not the same
   program, sizes that cannot be told apart, a difference no formula fits, OOM). */
cg_dyn *cg_dyn_derive(const cg_graph *a, const cg_graph *b);
bool cg_dyn_fits(const cg_dyn *d, int nin, st_tensor *const *in);
/* It fits, with each symbol within the sizes the template was verified at (its captures, its
   checks, later captures that agreed): a template serves only those, never extrapolates
   (x[n / 16:] is x[0:] at every size up to 15). */
bool cg_dyn_covers(const cg_dyn *d, int nin, st_tensor *const *in);
/* Widens the verified sizes to in's (a capture there agreed with the template). */
void cg_dyn_verified(cg_dyn *d, int nin, st_tensor *const *in);
/* It fits with each symbol at least at 2 b + 1 (b: its size in the second capture), where
   cg_dyn_check_shape puts the third size. */
bool cg_dyn_fits_far(const cg_dyn *d, int nin, st_tensor *const *in);
/* The template at the call's sizes (a raw graph for cg_optimize), or NULL. */
cg_graph *cg_dyn_instantiate(const cg_dyn *d, int nin, st_tensor *const *in);
void cg_dyn_free(cg_dyn *d);
/* Input i's shape at the template's check sizes (b: a symbol's size in the second capture, j
   its index), the other dims as given: check 0, each symbolic dim at 2 b + 1; check 1, at
   (j + 1) b + 1 or + 2, whichever is even; check 2, at 2 + j (the smallest). */
void cg_dyn_check_shape(const cg_dyn *d, int check, int i, int ndim, const int64_t *shape,
                        int64_t *out);
/* Whether the template instantiated at in's sizes is gc, a capture there: the same program
   with the same attributes and alias layouts. */
bool cg_dyn_check(const cg_dyn *d, const cg_graph *gc, int nin, st_tensor *const *in);
/* Words that describe the two captures (compiled autograd's key: the sizes, strides and offsets
   of its tensors), wa and wb, as formulas in the template's symbols: each equal word stays,
   each other one is fitted as the attributes are. NULL when a word has no formula (or OOM). */
typedef struct cg_dyn_words cg_dyn_words;
cg_dyn_words *cg_dyn_fit_words(const cg_dyn *d, size_t n, const int64_t *wa, const int64_t *wb);
/* Whether a call's inputs fit the template and its words wc are what the formulas give at its
   sizes: a call the template describes, and no other. */
bool cg_dyn_words_fit(const cg_dyn *d, const cg_dyn_words *w, int nin, st_tensor *const *in,
                      const int64_t *wc);
void cg_dyn_words_free(cg_dyn_words *w);

/* ---- exec.c ---- */
/* Makes the arena and the persistent headers, and with CG_C the groups' generated code; 0 or
   ST_ERR_OOM. */
int cg_prepare(cg_graph *g, cg_backend backend);
/* Whether t has the dtype, shape and strides input i was captured with. */
bool cg_input_fits(const cg_graph *g, int i, const st_tensor *t);
/* Runs the graph on in[] (whose layouts the caller has guarded); out receives nout untracked
   references. inference: the outputs are inference tensors. */
int cg_run(cg_graph *g, st_tensor *const *in, st_tensor **out, bool inference);
/* cg_run taking the references in[] (all NULL when it returns): each input is dropped right
   after the last step that reads it, so that memory nothing else holds is freed during the run
   (the boxed calling convention of PyTorch's compiled autograd, for its saved values). */
int cg_run_owned(cg_graph *g, st_tensor **in, st_tensor **out, bool inference);

/* ---- cgen.c ---- */
/* STRATA_COMPILE_BACKEND ("interp" or "c"), else the built-in default. */
cg_backend cg_default_backend(void);
/* The fused groups of a prepared graph as generated C, where they can be (the others stay on
   the executor's tiles, as does every group when the compiler, the cache or the object fails:
   a warning once per reason). Always 0: it only adds speed. */
int cg_cgen(cg_graph *g);
void cg_cgen_free(cg_graph *g);

/* ---- aot.c ---- */
/* The joint function of f: (x[nin], ct[nout]) -> (dx[nin], dW[ndiff]), the vjp of f by eager
   autograd for the inputs in need (a zero scalar for the others) and the captured tensors diff
   (which it retains). NULL on OOM. */
st_func *cg_joint_func(st_func *f, const bool *need, int ndiff, st_tensor *const *diff);
/* The joint graph split in a forward that also returns the residuals and a backward that reads
   them (partition.c), shared by the nodes that use it. NULL when the joint function cannot be
   captured or split (or OOM): the nodes then recompute. */
typedef struct cg_split cg_split;
cg_split *cg_split_new(st_func *f, const bool *need, int ndiff, st_tensor *const *diff,
                       const cg_graph *g, st_tensor *const *x, cg_backend backend);
void cg_split_release(cg_split *s); /* NULL is a no-op */
int cg_split_print(const cg_split *s, FILE *f);
/* One node over in[nin] and diff[ndiff]. With a split, forward runs its forward graph and keeps
   the residuals, and backward runs its backward graph; otherwise forward runs g and backward
   calls joint (the compiled joint function), as it also does under create_graph. reach[j]:
   whether f's output j requires grad, from[j] the node's inputs it is computed from
   (cg_differentiable_outputs, once per entry). */
int cg_aot_apply(cg_graph *g, cg_split *split, st_func *joint, const bool *reach,
                 const uint64_t *from, int nin, st_tensor *const *in, int ndiff,
                 st_tensor *const *diff, int nout, st_tensor **out);
/* Which of g's outputs eager autograd would make require grad (out[j]), the inputs with need[i]
   and the captured tensors that require grad differentiated: those computed from them through
   ops that are not ST_OP_NONDIFF (an alias header counts as its buffer, a write in place taints
   what it writes). It may mark an output eager would not (f turning grad mode off inside), never
   miss one. from[j]: the node inputs output j is so computed from (input i: bit i; the k-th
   captured tensor that requires grad: bit nin + k; at most 64 together). 0 or ST_ERR_OOM. */
int cg_differentiable_outputs(const cg_graph *g, const bool *need, bool *out, uint64_t *from);

/* ---- partition.c ---- */
/* Splits the joint graph j(x[nin], ct[nct]) -> (d[nd], y) into fwd(x) -> (y, residuals[nres])
   and bwd(x, ct, residuals) -> d, both raw (for cg_optimize). 0, 1 when j cannot be split, or
   ST_ERR_OOM. */
int cg_partition(const cg_graph *j, int nin, int nct, int nd, cg_graph **fwd, cg_graph **bwd,
                 int *nres);
/* st_compile of the joint function (its captures allow eager autograd inside). */
st_func *cg_compile_joint(st_func *joint, cg_backend backend);

/* ---- autograd.c ---- */
/* Empties compiled autograd's cache (the test runner, between tests: its graphs are live
   objects). */
void st__compiled_autograd_clear(void);

#endif /* STRATA_COMPILE_H */
