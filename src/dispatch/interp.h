/* interp.h — the thread-local interpreter stack of the transforms (DESIGN.md, "The dispatch
   rule"), the wrappers that carry a level, and the three interpreters that process a call at
   their level: grad (grad_level.c), jvp (jvp_level.c) and vmap (vmap_level.c).

   Levels are depths in the stack, 1 for the outermost transform. Each pushed interpreter also
   gets an instance id that is never reused, so a wrapper made by a transform that has returned
   is recognised as dead even when a new transform sits at the same depth. */
#ifndef STRATA_INTERP_H
#define STRATA_INTERP_H

#include "../ops/op.h"

#define ST_MAX_LEVELS 64

typedef enum { ST_RANDOM_ERROR, ST_RANDOM_SAME, ST_RANDOM_DIFFERENT } st_randomness;

/* A tensor the transform at a level did not track (made inside the function, another input,
   one from outside) into which an in-place op wrote a value the transform tracks: from then
   until the transform returns, `key` (the tensor as the caller holds it) stands for `lifted`, a
   wrapper of this level over it (dispatch.c; functorch's wrappers of such tensors). Both
   strong. */
typedef struct st_lift {
  st_tensor *key, *lifted;
} st_lift;

typedef struct st_interp {
  st_wrap_kind kind; /* ST_WRAP_GRAD, ST_WRAP_JVP or ST_WRAP_VMAP */
  uint32_t id;
  /* vmap */
  int64_t batch; /* lanes in this call (a chunk's size when chunked) */
  int64_t lane0; /* the first lane's index in the whole batch (chunking) */
  st_randomness randomness;
  uint64_t rng_key; /* streams of 'same' and 'different' derive from it */
  uint64_t nrandom; /* random ops seen so far in this call */
  /* grad */
  bool prev_grad_mode; /* st__grad_mode() when the level was pushed (grad_level.c) */
  /* grad, jvp: lifted tensors (freed when the level is popped) */
  st_lift *lifts;
  int nlifts, caplifts;
} st_interp;

/* Pushes an interpreter of `kind` on this thread's stack; returns its level (> 0), or -1 with
   ST_ERR_TRANSFORM when the stack is full. `fn` names the transform for messages. */
int st__interp_push(const char *fn, st_wrap_kind kind);
/* Pops the interpreter at `level`, which must be the top. Its wrappers become dead. */
void st__interp_pop(int level);
st_interp *st__interp_at(int level);
/* The level that factory and random calls land at: the stack's top, or lower while an
   interpreter is processing a call (its rule's ops run at the levels below it). */
int st__interp_top(void);
/* Lowering: while the interpreter at `level` processes a call, the effective top is level - 1.
   lower returns the previous top for restore. */
int st__interp_lower(int level);
void st__interp_restore(int prev);
/* The number of interpreters pushed (the innermost transform's level). */
extern _Thread_local int st__tls_depth;
/* "vmap", "grad" or "jvp". */
const char *st__interp_name(st_wrap_kind kind);

/* Lifting (see st_lift). st__lifted: what t stands for at the levels up to `top`: the wrapper
   it was lifted to at the highest level in (t->level, top], else t (borrowed; a plain lookup,
   no allocation). st__lift_key: the key a lifted wrapper stands in for, else t itself.
   st__lift_add records key -> lifted at level (both retained). st__lift_truncate drops the
   entries of `level` past the first n (a call that lifted and then failed). */
extern _Thread_local int st__tls_nlifts; /* entries at every level: 0 skips every lookup */
st_tensor *st__lifted(st_tensor *t, int top);
st_tensor *st__lift_key(st_tensor *t);
int st__lift_level(const st_tensor *key, int top); /* the highest level where key is lifted, or 0 */
int st__lift_add(int level, st_tensor *key, st_tensor *lifted);
void st__lift_truncate(int level, int n);

/* Whether t is a wrapper of a live interpreter. */
static inline bool st__wrapper_alive(const st_tensor *t) {
  extern _Thread_local int st__tls_depth;
  extern _Thread_local uint32_t st__tls_ids[ST_MAX_LEVELS + 1];
  return t->level <= st__tls_depth && st__tls_ids[t->level] == t->level_id;
}

/* A new wrapper of `value` at `level` (value retained; tangent retained when non-NULL: tangents
   are never written in place, an in-place op gives its wrapper a new one). A vmap wrapper hides
   dim `bdim` of value. A value lifted at a level below `level` is wrapped as what it stands for
   (a transform nested in the one that lifted it). Untracked; NULL on OOM. */
st_tensor *st__wrap(int level, st_tensor *value, int bdim, st_tensor *tangent);
/* t's value when t is a live wrapper at `level`, else t (borrowed). */
static inline st_tensor *st__unwrap_at(st_tensor *t, int level) {
  return t->level == level && t->wrap != ST_WRAP_NONE ? t->value : t;
}

/* Processing a call at a level: c->in are the arguments as the user passed them (wrappers of
   this level and below), m the logical output metas from infer. out receives nout untracked
   new references. */
int st__grad_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out);

/* Grad levels and grad mode (grad_level.c). st__grad_level_push pushes a grad level, noting the
   thread's grad mode in it, and turns grad mode on and inference mode off (saved: the caller's,
   for st__grad_level_pop, which restores them and pops). While a grad level lowers a call (its
   own ops, a higher-order op's rule), st__grad_mode_lower turns grad mode off when it is on and
   was off where the level was pushed; st__grad_mode_restore(its result) undoes that. */
struct st_grad_modes;
int st__grad_level_push(const char *who, struct st_grad_modes *saved);
void st__grad_level_pop(int level, const struct st_grad_modes *saved);
bool st__grad_mode_lower(int level);
void st__grad_mode_restore(bool lowered);
int st__jvp_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out);
int st__vmap_process(int level, const st_opcall *c, const st_meta *m, st_tensor **out);

/* Scratch arrays of n tensor pointers (zeroed): `small` when n fits, else the heap (NULL and
   ST_ERR_OOM on failure). Free with st__tmp_free(a, small, n). */
static inline st_tensor **st__tmp_array(int n, st_tensor **small, int nsmall) {
  if (n <= nsmall) {
    for (int i = 0; i < nsmall; i++) small[i] = NULL;
    return small;
  }
  return st__calloc((size_t)n, sizeof(st_tensor *));
}
static inline void st__tmp_free(st_tensor **a, st_tensor **small, int n) {
  if (a && a != small) st__free(a, sizeof(st_tensor *) * (size_t)n);
}

/* Forward mode from a vjp (the double-vjp construction): vjp(arg, u, gin) computes gin = J^T u
   with public ops for the nout cotangents u (zeros that are variables of a fresh grad level
   where diff_out allows, NULL diff_out: every float output); tout receives J t for the input
   tangents tin (NULL: zero) as untracked references (NULL: zero). */
int st__jvp_from_vjp(const char *who, int nin, int nout, st_tensor *const *vout,
                     const bool *diff_out, st_tensor *const *tin,
                     int (*vjp)(void *arg, st_tensor *const *u, st_tensor **gin), void *arg,
                     st_tensor **tout);

/* A rule may return a tangent that broadcasts to its output (add's tangent when one input is a
   smaller constant) or has another dtype: *t is expanded and cast to y's. ST_ERR_SHAPE naming
   `who` when it does not broadcast. */
int st__fit_tangent(const char *who, int j, const st_tensor *y, st_tensor **t);

/* Higher-order ops (seed 000, PyOperator): ops whose arguments include functions (a custom
   function's rules, cond's branches) in `payload`. Like a plain op they have one rule per
   interpreter kind; the dispatcher finds the level exactly as for plain ops and lowers the
   stack while the rule runs. A rule calls st__dispatch_hop again on the values one level down,
   so every level below sees the higher-order op too. Out: untracked references. */
typedef struct st_hop st_hop;
typedef struct st_hop_call {
  const st_hop *hop;
  int nin, nout;
  st_tensor *const *in; /* may hold NULL where the payload allows */
  const void *payload;
} st_hop_call;
struct st_hop {
  const char *name;
  bool at_top; /* the rules run with the stack as it is (they call user functions that must see
                  every level), not lowered */
  int (*plain)(const st_hop_call *c, st_tensor **out);
  int (*grad)(int level, const st_hop_call *c, st_tensor **out);
  int (*jvp)(int level, const st_hop_call *c, st_tensor **out);
  int (*vmap)(int level, const st_hop_call *c, st_tensor **out);
};
int st__dispatch_hop(const st_hop_call *c, st_tensor **out);

/* Lifting in dispatch (dispatch.c). st__settle_output: what a transformed function's output
   stands for (a lifted tensor's wrapper, or a view of a lifted base lifted too) with a jvp
   view's tangent made current, replacing *t (owned); transforms call it on every output before
   they pop their level. 0, or the status. */
int st__settle_output(st_tensor **t);

/* Trace interpreter (trace.c): prints a call as it passes `level` ("[grad L2] t12 [4] =
   mul(t3, t7)"). Cheap to call when tracing is off. */
extern bool st__tracing;
void st__trace_call(int level, const st_opcall *c, st_tensor *const *out);

/* Whether this thread forces decompositions (st_set_force_decompositions), read without
   setting it. */
bool st__force_decompositions(void);

/* st_compile's capture (src/compile/capture.c): while set on this thread, every op that ran at
   level 0 is reported after its kernel, with infer's metas and its outputs. */
typedef void (*st_capture_fn)(const st_opcall *c, const st_meta *m, st_tensor *const *out);
extern _Thread_local st_capture_fn st__capture_op;
/* And st_cond at level 0 calls st__capture_cond instead of running the branch its predicate
   picks, so that the capture holds both branches: 0 with out[] (the taken branch's results),
   the status, or 1 when it declines (st_cond then runs as usual). */
typedef int (*st_capture_cond_fn)(st_tensor *pred, st_func *t, st_func *f, int nin,
                                  st_tensor *const *in, st_tensor **out);
extern _Thread_local st_capture_cond_fn st__capture_cond;

#endif /* STRATA_INTERP_H */
