/* samples.h — the one macro set the op records' samples functions are written with. Inside a
   samples function (arguments `out` and `cap`; locals `int n`, the samples made so far, and
   `st_attrs a`, the attributes the next sample carries):
     PUSH(what, nin, inputs...)               a sample the op accepts
     FAIL(what, status, nin, inputs...)       an error sample: the op must fail with status
     SAMPLE(what, expect, nin, inputs...)     either, with the expectation computed
   Each records the inputs (new untracked references; a NULL one drops the sample, as an
   allocation that failed) with a copy of `a`. A family's own helpers set fields of `a` and then
   use these; its sample tensors come from samples.c (st__sample, st__sample_noncontig, ...). */
#ifndef STRATA_OPS_SAMPLES_H
#define STRATA_OPS_SAMPLES_H

#include "op.h"

#define SAMPLE(what, expect, nin, ...)                                                             \
  (n = st__sample_push(out, cap, n, what, expect, &a, nin, __VA_ARGS__))
#define PUSH(what, nin, ...)         SAMPLE(what, ST_OK, nin, __VA_ARGS__)
#define FAIL(what, status, nin, ...) SAMPLE(what, status, nin, __VA_ARGS__)

#endif
