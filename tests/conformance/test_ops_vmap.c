/* test_ops_vmap.c — vmap of every op strata shares with torch, over several in_dims / out_dims
   and nested, against torch.vmap and against a loop over the lanes (cases and values in
   expected_ops_vmap.h, written by gen_programs.py from test_vmap.py's TestVmapOperators). */
#include "conf.h"
#include "expected_ops_vmap.h"
