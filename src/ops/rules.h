/* rules.h — helpers for vjp rules. Rules use public ops only (so that they are themselves
   differentiable); these helpers are built from public ops too. */
#ifndef STRATA_RULES_H
#define STRATA_RULES_H

#include "op.h"

/* Sets gin[i] = expr when input i needs a gradient; a NULL result fails the rule with the
   error the failing call set. A rule that leaves gin[i] NULL says "zero gradient". */
#define ST_GRAD(i, expr)                                                                           \
  do {                                                                                             \
    if (a->needs[(i)] && !(gin[(i)] = (expr))) return st__rule_failed();                           \
  } while (0)

/* The status of the call that failed inside a rule (ST_ERR_AUTOGRAD if it set none). */
int st__rule_failed(void);

/* Sums a gradient g of a broadcast result back to the shape of the input described by m:
   leading dims that broadcasting added are summed away, and dims where the input had size 1
   are summed with keepdim. Returns g itself (new reference) when shapes already match. */
st_tensor *st__sum_to(st_tensor *g, const st_tensor_meta *m);

/* A tensor of zeros / ones shaped and typed like m. */
st_tensor *st__zeros_meta(const st_tensor_meta *m);

#endif
