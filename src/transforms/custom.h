/* custom.h — what the custom-function files share (custom.c: nodes, level rules and the entry;
   custom_ctx.c: the ctx and the calls into the user's code; custom_vmap.c: the vmap rules). */
#ifndef STRATA_CUSTOM_H
#define STRATA_CUSTOM_H

#include "../ops/rules.h"
#include "transforms.h"

#define MAX_IN  64
#define MAX_OUT (ST_MAX_OUTS * 4)

struct st_ctx {
  const st_custom_fn *fn;
  int nin, nout;
  st_saved *saved;      /* with the version at st_ctx_save; NULL entries allowed */
  st_tensor **unpacked; /* saved outputs re-attached to node during a backward (nsaved) */
  int nsaved;
  st_node *node; /* weak: the level-0 node that owns this ctx (saved outputs) */
  bool *needs;   /* nin */
  bool *nondiff; /* nout */
  bool materialize;
  bool freed; /* a backward without retain_graph ran: the saved values are gone (nsaved kept) */
  void *data;
  void (*free_data)(void *);
  struct generated *gen; /* retained when fn is a generated vmap rule's derived function */
  char node_name[48];    /* "<fn's name>Backward": the node's name (st__node_new keeps a pointer) */
};

/* ---- custom_ctx.c */
st_ctx *st__ctx_new(const st_custom_fn *fn);
void st__ctx_free(st_ctx *c);
void st__ctx_clear_saved(st_ctx *c);
/* After a backward without retain_graph, as PyTorch frees a graph's saved values: drops them
   and makes a later read the error of a second backward (st__ctx_check_saved). */
void st__ctx_free_saved(st_ctx *c);
/* Drops the saved outputs handed out with their history (they hold the node). */
void st__ctx_drop_unpacked(st_ctx *c);
/* Whether every saved tensor is still at the version it was saved at (the error set if not). */
int st__ctx_check_saved(const st_ctx *c);
/* Saved tensor i (a new untracked reference), or NULL with the error set. */
st_tensor *st__ctx_saved_get(st_ctx *c, int i);
/* Drops t[0..n) and sets them NULL. */
void st__cf_drop_all(st_tensor **t, int n);
/* "st_custom_apply: <name>: <what>: ..." in front of what the user's code left; its status. */
int st__cf_user_failed(const st_custom_fn *fn, const char *what, int rc);
/* The user's forward, setup_context and backward, each in a scope of its own, their results
   untracked; on failure nothing is left behind and the error names the function. */
int st__cf_run_forward(const st_custom_fn *fn, st_tensor *const *in, st_tensor **out);
int st__cf_run_setup(st_ctx *ctx, st_tensor *const *in, st_tensor *const *out);
int st__cf_run_backward(st_ctx *ctx, st_tensor *const *g, st_tensor **gin);
/* Output gradients as backward sees them: zeros for missing ones unless materialize is off. */
int st__cf_materialized(st_ctx *ctx, const st_tensor_meta *meta, st_tensor *const *gout,
                        st_tensor **g);

/* ---- custom_vmap.c */
/* The derived function of a generated vmap rule, refcounted; st__cf_gen_of(fn) is it when fn is
   one (NULL otherwise). */
struct generated;
void st__cf_gen_retain(struct generated *g);
void st__cf_gen_release(struct generated *g);
struct generated *st__cf_gen_of(const st_custom_fn *fn);
/* The vmap level's rule for a custom function: the user's, the generated one, or the loop. */
int st__custom_vmap(int level, const st_hop_call *c, st_tensor **out);

#endif
