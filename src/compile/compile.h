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
} cg_buf_kind;

typedef struct cg_buf {
  cg_buf_kind kind;
  int root;        /* ROOT: the value whose storage it is */
  int def, last;   /* the nodes that make it and last touch it (def -1: a root) */
  size_t nbytes;   /* what the making node allocated */
  int esize;       /* the element size of every value on it */
  size_t off;      /* ARENA: the byte offset in the arena */
  int64_t rt_bias; /* at run time: added to a value's traced offset (a root's moved offset) */
  st_storage *rt;  /* at run time (borrowed for roots) */
} cg_buf;

typedef struct cg_node {
  const st_op *op;
  st_attrs a;
  int nin, nout;
  int *in; /* value ids */
  int out[ST_MAX_OUTS];
  bool view;         /* every output aliases an input: no kernel */
  bool reinfer;      /* an integer input: its infer checks values (indices) at every call */
  bool dead;         /* removed by a pass */
  st_tensor **rt_in; /* the kernel's argument array */
} cg_node;

typedef struct cg_graph {
  int nin, nout;
  int *inputs, *outputs; /* value ids */
  cg_value *v;
  cg_node *n;
  cg_buf *b;
  int nv, nn, nb, capv, capn, capb;
  st_tensor **captured; /* strong */
  int ncap, capcap;
  st_storage *arena;
  size_t arena_bytes, eager_bytes; /* the plan, and what eager allocated for the same nodes */
  int live_nodes, kernels;
} cg_graph;

/* ---- capture.c ---- */
typedef struct cg_capture cg_capture;
/* Starts capturing this thread's level-0 ops with in[0..nin) as the graph's inputs. NULL on
   OOM (nothing started). */
cg_capture *cg_capture_begin(int nin, st_tensor *const *in);
/* Ends the capture of the call that returned out[0..nout). On success *g is the graph;
   otherwise *why says what could not be captured (static text, or NULL for OOM). */
int cg_capture_end(cg_capture *cap, int nout, st_tensor *const *out, cg_graph **g,
                   const char **why);
bool cg_capturing(void); /* a capture is running on this thread */

/* ---- passes.c ---- */
void cg_free(cg_graph *g);
/* DCE, CSE, buffer kinds and the arena plan; 0 or ST_ERR_OOM. */
int cg_optimize(cg_graph *g);
int cg_print(const cg_graph *g, FILE *f);

/* ---- exec.c ---- */
/* Makes the arena and the persistent headers; 0 or ST_ERR_OOM. */
int cg_prepare(cg_graph *g);
/* Runs the graph on in[] (whose layouts the caller has guarded); out receives nout untracked
   references. inference: the outputs are inference tensors. */
int cg_run(cg_graph *g, st_tensor *const *in, st_tensor **out, bool inference);

#endif /* STRATA_COMPILE_H */
