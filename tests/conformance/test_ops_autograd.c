/* test_ops_autograd.c — eager autograd of every op strata shares with torch: value, gradient and
   second derivative against torch.autograd (cases and values in expected_ops_autograd.h, written
   by gen_programs.py; each case names the PyTorch test it ports). */
#include "conf.h"
#include "expected_ops_autograd.h"
