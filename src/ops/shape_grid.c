/* shape_grid.c — st_meshgrid (torch.meshgrid), a composition of public views: each input is
   reshaped to a size-1 shape but for its own dim and expanded to the grid's shape, so its
   outputs are expanded views of the inputs, as torch's are (an in-place write to one is refused
   like any write to an expanded tensor: more than one element shares a memory location), and
   autograd, jvp and vmap see reshape and expand. */
#include <string.h>

#include "op.h"

/* Checks the arguments; writes the grid's shape (n dims) and the grid dim of each input
   (indexing "xy" swaps the first two). Returns 0, or -1 with the error set. */
static int grid_plan(const char *fn, int n, st_tensor *const *in, const char *indexing,
                     st_tensor **out, int64_t *shape, int *dim_of) {
  if (n < 1 || n > ST_MAX_DIMS)
    return st__error(ST_ERR_ARG, "%s: expected 1 to %d tensors, got %d", fn, ST_MAX_DIMS, n), -1;
  if (!in || !out) return st__error(ST_ERR_ARG, "%s: %s is NULL", fn, in ? "out" : "in"), -1;
  bool xy = false;
  if (indexing && strcmp(indexing, "xy") == 0)
    xy = true;
  else if (indexing && strcmp(indexing, "ij") != 0)
    return st__error(ST_ERR_ARG, "%s: indexing must be \"xy\" or \"ij\", got \"%s\"", fn, indexing),
           -1;
  for (int i = 0; i < n; i++) {
    if (!in[i]) return st__null_arg(fn, i + 1), -1;
    if (in[i]->ndim > 1)
      return st__error(ST_ERR_SHAPE, "%s: tensor %d must be 0-D or 1-D, got %s", fn, i,
                       ST_SHAPE_STR(in[i])),
             -1;
    if (in[i]->dtype != in[0]->dtype)
      return st__error(ST_ERR_DTYPE,
                       "%s: all tensors must have the same dtype, got %s (tensor "
                       "0) and %s (tensor %d)",
                       fn, st_dtype_name(in[0]->dtype), st_dtype_name(in[i]->dtype), i),
             -1;
  }
  for (int i = 0; i < n; i++) {
    dim_of[i] = xy && n > 1 && i < 2 ? 1 - i : i;
    shape[dim_of[i]] = in[i]->ndim ? in[i]->shape[0] : 1; /* a 0-dim tensor counts as [1] */
  }
  return 0;
}

int st_meshgrid(int n, st_tensor *const *in, const char *indexing, st_tensor **out) {
  const char *fn = "st_meshgrid";
  int64_t shape[ST_MAX_DIMS], unit[ST_MAX_DIMS];
  int dim_of[ST_MAX_DIMS];
  if (grid_plan(fn, n, in, indexing, out, shape, dim_of)) return st__status();
  if (st__composite_begin(fn)) return st__status();
  st_tensor *res[ST_MAX_DIMS];
  int rc = 0;
  for (int i = 0; i < n && !rc; i++) {
    for (int d = 0; d < n; d++) unit[d] = d == dim_of[i] ? shape[d] : 1;
    res[i] = st_expand(st_reshape(in[i], n, unit), n, shape);
    if (!res[i]) rc = st__status();
  }
  if (!rc)
    for (int i = 0; i < n; i++) st_keep(res[i]);
  st_scope_pop(); /* on failure it releases what was made */
  if (rc) return rc;
  for (int i = 0; i < n; i++) out[i] = res[i];
  st__ok();
  return n;
}
