/* iter.h — the strided broadcasting iterator every elementwise kernel runs on (after PyTorch's
   TensorIterator): N operands, output first, broadcast through zero strides, dims reordered and
   coalesced so that most runs become one long inner loop, split across threads above a grain. */
#ifndef STRATA_ITER_H
#define STRATA_ITER_H

#include "kernels.h"

#define ST_ITER_MAX_OPS 4

/* Below this many elements a run stays on one thread: a cheap op (add, relu) costs well under a
   nanosecond per element, so smaller runs would pay more to wake threads than they save. */
#define ST_GRAIN_CHEAP 32768
/* Transcendental ops (exp, tanh, pow) cost several nanoseconds per element. */
#define ST_GRAIN_MATH 8192

/* An inner loop over n elements. data[k] points at operand k's first element and strides[k] is
   its step in elements (0 for a broadcast operand); operand 0 is the output. */
typedef void (*st_loop_fn)(char *const *data, const int64_t *strides, int64_t n, const void *ctx);

typedef struct st_iter {
  int nops;
  int ndim; /* >= 1 after coalescing; dim ndim - 1 is the inner loop */
  int64_t numel;
  int64_t shape[ST_MAX_DIMS];
  int64_t strides[ST_ITER_MAX_OPS][ST_MAX_DIMS]; /* elements */
  char *data[ST_ITER_MAX_OPS];
  int64_t elsize[ST_ITER_MAX_OPS];
} st_iter;

/* Sets up a run over ops[0]'s shape. Inputs ops[1..nops) must broadcast to it (NumPy rules:
   dims right-aligned, size-1 or missing dims repeat). nops <= ST_ITER_MAX_OPS. */
void st__iter_init(st_iter *it, int nops, const st_view *ops);
/* Calls fn over elements [begin, end) of the row-major order of it's (reordered) dims. */
void st__iter_run_range(const st_iter *it, int64_t begin, int64_t end, st_loop_fn fn,
                        const void *ctx);
/* Calls fn over every element, on several threads when numel >= 2 * grain. */
void st__iter_run(const st_iter *it, st_loop_fn fn, const void *ctx, int64_t grain);

/* The first dim along which t's elements share memory (stride 0, size > 1: an expanded
   tensor), or -1. In-place ops refuse such a self: the element's value would depend on which
   of its aliases was written last. */
int st__repeated_dim(const st_tensor *t);

/* One elementwise computation: out = f(in[0], ..., in[nin-1]) with broadcasting, where fn reads
   input k as dtype in_dt[k] and writes dtype out_dt.
   - An input of another dtype is converted first: a one-element input into a stack slot, a
     larger one into a temporary of its own (unbroadcast) shape.
   - An input that overlaps out in memory without being exactly out's view (a.add_(a.T)) is
     copied first, so that in-place results never depend on the loop order.
   - When out's dtype is not out_dt (an in-place f32 self with an f64 result), fn writes into a
     temporary that is then converted into out.
   Returns 0, or -1 with ST_ERR_OOM set (out is then unchanged). */
int st__ew_run(st_view out, st_dtype out_dt, int nin, const st_view *in, const st_dtype *in_dt,
               st_loop_fn fn, const void *ctx, int64_t grain);

#endif
