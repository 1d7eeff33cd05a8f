/* test_transforms.c — transform stacks (grad, vjp, jvp, vmap, jacrev, jacfwd, hessian and their
   compositions) against torch.func (cases and values in expected_transforms.h, written by
   gen_programs.py from test_eager_transforms.py). */
#include "conf.h"
#include "expected_transforms.h"
