/* prog.h — the differential fuzzer's program language, run by strata (prog.py runs the same text
   with torch.func). A program is a few lines of text:

     prog p17
     in 2,3                   an f64 input of shape [2, 3] ("-" for 0-dim); inputs are v0, v1, ..
     tf vmap 0,- 0 2          a transform layer (outermost first); see below
     v2 = sin v0              an op writing a new register
     mul_ v2 v1               an in-place op (writes its first register)
     nograd                   grad mode off from here (grad: back on; restored at the end)
     out v2                   the body's outputs (distinct registers)
     end

   Layers (each maps the function below it, f with nin inputs and k outputs, to a new function of
   the same inputs):
     tf grad A sum|nosum      torch.func.grad(argnums=A, has_aux): A is a list "0,2"; sum: f's first
                              output summed to 0-dim first. Outputs: one gradient per argnum,
                              then f's outputs after the first (aux)
     tf gradv A sum|nosum     grad_and_value: gradients, then all of f's outputs
     tf vjp                   f's outputs, then the nin input cotangents of the cotangents
                              df_direction(output j's shape, 1 + j)
     tf jvp                   f's outputs, then their tangents for the tangents
                              df_direction(input i's shape, 11 + i)
     tf vmap D O C            in_dims D ("0,-,1": '-' unbatched), out_dims O, chunk size C (0: all)
     tf jacrev N C            jacobians of every output w.r.t. input N, chunk size C
     tf jacfwd N C
     tf hessian N */
#ifndef STRATA_DIFFFUZZ_PROG_H
#define STRATA_DIFFFUZZ_PROG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strata.h"

#define DF_MAX_IN     4
#define DF_MAX_REGS   64
#define DF_MAX_INSTR  64
#define DF_MAX_ARGS   8
#define DF_MAX_INTS   256
#define DF_MAX_DBL    4
#define DF_MAX_LAYERS 4
#define DF_MAX_OUT    32

typedef enum {
  DF_GRAD,
  DF_GRADV,
  DF_VJP,
  DF_JVP,
  DF_VMAP,
  DF_JACREV,
  DF_JACFWD,
  DF_HESSIAN
} df_kind;

typedef struct {
  df_kind kind;
  int nargnums, argnums[DF_MAX_IN]; /* grad, gradv; jac*: argnums[0] */
  bool sum;                         /* grad, gradv */
  int nin_dims, in_dims[DF_MAX_IN]; /* vmap: ST_UNBATCHED for '-' */
  int nout_dims, out_dims[DF_MAX_OUT];
  int64_t chunk; /* vmap, jacrev, jacfwd */
} df_layer;

typedef struct {
  int op;  /* index into the op table (prog.c) */
  int dst; /* register written, or -1 (in-place ops, mode lines) */
  int nreg, reg[DF_MAX_ARGS];
  int nint;
  int64_t ints[DF_MAX_INTS]; /* integers and lists (a list is its length, then its items) */
  int ndbl;
  double dbl[DF_MAX_DBL];
} df_instr;

typedef struct {
  char name[64];
  int nin, ndim[DF_MAX_IN];
  int64_t shape[DF_MAX_IN][ST_MAX_DIMS];
  int nlayers;
  df_layer layers[DF_MAX_LAYERS]; /* outermost first */
  int ninstr;
  df_instr instr[DF_MAX_INSTR];
  int nout, out[DF_MAX_OUT];
  int nregs;
} df_prog;

/* Parses one program from text (up to and including its "end" line). Returns the number of
   characters consumed (> 0), 0 at the end of the text, or -1 with a message in err. */
int df_parse(const char *text, df_prog *p, char *err, size_t errlen);

/* The number of outputs the whole stack gives. */
int df_num_outputs(const df_prog *p);

/* The program as a function value: the body under every layer (a new reference). */
st_func *df_func(const df_prog *p);
/* The body alone. */
st_func *df_body(const df_prog *p);

/* Runs the whole stack on inputs: out receives df_num_outputs(p) new references. Returns 0, or a
   negative status with strata's error set. Grad mode is restored whatever happens. */
int df_run(const df_prog *p, st_tensor *const *in, st_tensor **out);

/* The deterministic direction (cotangent, tangent) of a shape: element i is
   ((7 i + 3 salt) mod 11 - 5) / 4, exact in binary. A new f64 tensor. */
st_tensor *df_direction(int ndim, const int64_t *shape, int salt);

#endif
