/* engine.h — the backward engine's graph task (private), shared by engine.c, which runs it, and
   compiled.c, compiled autograd's side of the autograd layer, which describes it and asks the
   engine for a capture run. */
#ifndef STRATA_ENGINE_H
#define STRATA_ENGINE_H

#include "autograd.h"

typedef struct {
  st_node *node;
  st_tensor **buf; /* node->nout incoming gradients (owned, untracked) */
  int deps;        /* edges from running nodes not yet run */
  bool needed;     /* runs: always for a plain st_backward, else when on a path to an input */
  bool capture;    /* st_autograd_grad: the edge of a requested input points into this node */
  bool target;     /* st_backward_ex's inputs: this node accumulates (or retains) their grad */
  bool ran;        /* its node was applied (it received a gradient) */
} task;

/* A gradient that leaves the graph in a compiled-autograd capture run: into the .grad of the
   leaf of task `task` (an AccumulateGrad node; target -1), or st_autograd_grad's result
   `target`. */
typedef struct {
  int task, target;
} st_ca_sink;

/* The tasks' gradient buffers, cut from chunks that the graph task frees at its end. */
typedef struct task_bufs {
  struct task_bufs *next;
  size_t used, cap;
  st_tensor *slot[];
} task_bufs;

typedef struct {
  task *tasks;
  int ntasks, cap;
  task_bufs *bufs;
  int *slots; /* open-addressing map node -> task index + 1 */
  size_t nslots;
  int *heap;
  int nheap;
  bool retain_graph;
  bool prune; /* inputs were given: only nodes on a path to one run (exec_info) */
  int ninputs;
  st_edge *input_edges;
  st_tensor **captured;
  /* compiled autograd's capture run (compiled.c): the gradients that leave the graph are
     recorded in sinks[] with their values in sunk[] (owned), not applied */
  bool ca;
  /* with ca: leaves accumulate inside the graph, at their place in eager's order (a backward
     with hooks on other nodes: st__ca_accumulate), not as sinks */
  bool ca_accumulate;
  st_ca_sink *sinks;
  st_tensor **sunk;
  int nsinks, capsinks;
} graph_task;

/* One backward: st_backward (no inputs), st_backward_ex (inputs: accumulate into them only)
   or st_autograd_grad (inputs and grads: capture their gradients, touch no .grad). */
typedef struct {
  const char *fn;
  int nout;
  st_tensor *const *outputs, *const *grad_outputs;
  int nin;
  st_tensor *const *inputs;
  st_tensor **grads;
  bool create_graph, retain_graph, allow_unused, materialize;
} run_args;

int st__engine_find(const graph_task *g, const st_node *n); /* n's task, or -1 */
/* A task takes part if it runs or captures; only such tasks count as dependencies. */
static inline bool st__engine_relevant(const task *t) { return t->needed || t->capture; }
/* The order the engine runs the relevant tasks in (their indices, ntasks at most); returns
   how many, or -1 on OOM. Leaves the task untouched. */
int st__engine_order(graph_task *g, int *order);
int st__engine_execute(graph_task *g);

/* An AccumulateGrad node given its gradient (consumed) as the engine runs it: the leaf's tensor
   pre-hooks, the node's pre-hooks, the accumulation (with the post-accumulate-grad hooks) and
   its post hooks. */
int st__engine_accumulate(st_node *n, st_tensor *grad);
/* st_autograd_grad's error for an input the backward gave no gradient (captured[i] NULL) unless
   allow_unused or materialize_grads: 0 or ST_ERR_AUTOGRAD. */
int st__engine_check_used(const run_args *a, st_tensor *const *captured);

/* compiled.c: the backward under compiled autograd. 0 when it ran, 1 when the engine runs it
   eagerly, or an error status. */
int st__ca_backward(graph_task *g, const run_args *a);
/* compiled.c: in a capture run (g->ca), a hooked node's hooks of one phase run as the engine
   runs them, with the capture paused, and become one opaque call of the graph (which a replay
   runs again on that backward's node). buf: the task's gradients; gin: the node's results
   (ST_CA_POST_HOOKS). 0 or the status of the hooks. */
typedef enum {
  ST_CA_TENSOR_HOOKS,
  ST_CA_PRE_HOOKS,
  ST_CA_POST_HOOKS,
  ST_CA_ACCUMULATE /* st__ca_accumulate's calls */
} st_ca_hook_phase;
int st__ca_hooks(graph_task *g, int k, st_ca_hook_phase phase, st_tensor **buf,
                 st_tensor **gin);
/* compiled.c: in a capture run with ca_accumulate, leaf task k's gradient (consumed) accumulated
   as the engine does (st__engine_accumulate, with the leaf's hooks) and recorded as one call of
   the graph, which a replay runs again at the same place. */
int st__ca_accumulate(graph_task *g, int k, st_tensor *grad);

#endif /* STRATA_ENGINE_H */
