/* transforms.h — private declarations of the transforms layer: function values, and the pieces
   the transforms share (running a function under a new grad level, pulling cotangents back). */
#ifndef STRATA_TRANSFORMS_H
#define STRATA_TRANSFORMS_H

#include "../autograd/autograd.h"
#include "../dispatch/interp.h"

struct st_func {
  _Atomic int64_t refcount;
  st_fn fn;
  void *ctx;
  void (*free_ctx)(void *);
  int nin, nout;
  bool null_inputs; /* NULL inputs are allowed (a pullback's zero cotangents) */
};

/* Calls f inside a scope of its own: out receives f->nout untracked new references. A failure
   of f (a non-zero status, a missing output) is reported with `who` in front of f's message. */
int st__func_call(const char *who, st_func *f, st_tensor *const *in, st_tensor **out);
/* A function value over a transform's state; free_state(state) runs on the last release (and
   at once when this fails). */
st_func *st__func_make(const char *who, st_fn fn, void *state, void (*free_state)(void *), int nin,
                       int nout);
/* What functions keep with st_keep while a public call runs them goes to the scope around that
   call: the call takes a mark first and flushes (records in the current scope) what escaped
   since, whether it succeeded or not; st__escape_drop releases it instead (a recomputation). */
size_t st__escape_mark(void);
void st__escape_flush(size_t mark);
void st__escape_drop(size_t mark);
/* argnums[0..n) of a function of nin inputs normalized into out (negative ones count from the
   end); ST_ERR_ARG when n < 1, one is out of range, or two name the same input. */
int st__argnums(const char *who, int nin, int n, const int *argnums, int *out);
/* ST_ERR_ARG unless 0 <= naux < f's outputs (has_aux: the last naux are auxiliary). */
int st__check_naux(const char *who, const st_func *f, int naux);
/* Checks that in[0..n) are non-NULL: "who: input i is NULL". */
int st__check_args(const char *who, int n, st_tensor *const *in);

/* f run with inputs var_idx[0..nvar) as the variables of a new grad level (seed 003's Autograd
   layer pushed for the duration of f). After the run the level is popped; its graph lives on in
   the wrappers kept here. */
typedef struct st_traced {
  int level;
  uint32_t id;
  int nvar, nout;
  st_tensor **vars; /* the variables' wrappers */
  st_tensor **outs; /* f's outputs as returned (wrappers of the level where they depend on vars) */
} st_traced;
int st__trace_grad(const char *who, st_func *f, st_tensor *const *in, int nvar, const int *var_idx,
                   st_traced *t);
void st__traced_free(st_traced *t);
/* The value of t below the traced level (t itself when not of that level): untracked ref. */
st_tensor *st__unwrap_out(const st_traced *t, st_tensor *out);
/* Gradients of the variables for cotangents cots[0..nout) (NULL: zero); grads receive nvar
   untracked references (zeros where a variable does not reach an output). */
int st__pull(const char *who, const st_traced *t, st_tensor *const *cots, st_tensor **grads);

/* st_jvp without scopes: outs receive f->nout untracked references, touts the tangents of the
   first ndiff outputs (the others are auxiliary). */
int st__jvp_run(const char *who, st_func *f, int ndiff, st_tensor *const *primals,
                st_tensor *const *tangents, st_tensor **outs, st_tensor **touts);
/* st_vmap without scopes: out receives f->nout untracked references. */
int st__vmap_run(const char *who, st_func *f, const st_vmap_opts *o, st_tensor *const *in,
                 st_tensor **out);

/* Runs body under a new vmap level of B lanes (cfg: lane0, randomness and rng_key of the level;
   NULL: lane 0, randomness error): in[i] (NULL allowed) is batched at bdim[i] (-1: not
   batched). body writes *nout <= cap outputs (NULL allowed). out[j] comes back untracked with
   its batch dim first (obdim[j] = 0), or as it was when it does not depend on the batch
   (obdim[j] = -1). st_vmap and generated vmap rules are built on it. */
int st__vmap_call(const char *who, const st_interp *cfg, int64_t B, int nin, st_tensor *const *in,
                  const int *bdim,
                  int (*body)(void *arg, st_tensor *const *in, int *nout, st_tensor **out),
                  void *arg, int cap, int *nout, st_tensor **out, int *obdim);

#endif /* STRATA_TRANSFORMS_H */
