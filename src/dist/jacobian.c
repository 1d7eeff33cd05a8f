/* jacobian.c — st_dist_jacrev: the rows of a reverse-mode Jacobian split across the ranks (each
   computes its block of vjps, vmapped), then all-gathered: the embarrassingly parallel case of
   big Jacobians. */
#include <string.h>

#include "core/core.h"
#include "dist/dist.h"

/* Rows [first, first + rows) of the identity of size m, as a [rows, m] tensor; rows past m are
   zero (padding, so every rank's block has the same shape for the gather). */
static st_tensor *basis_rows(st_dtype dt, int64_t first, int64_t rows, int64_t m) {
  st_tensor *e = st_zeros(ST_F64, ST_SHAPE(rows, m));
  double *v = e ? st_data_ptr(e) : NULL;
  if (!v) return NULL;
  for (int64_t i = 0; i < rows && first + i < m; i++) v[i * m + first + i] = 1;
  return dt == ST_F64 ? e : st_to_dtype(e, dt);
}

/* This rank's block of the Jacobian: [rows, in.shape...] by vmapped vjps, chunk rows at once. */
static st_tensor *block(st_func *pullback, int nin, int argnum, st_tensor *cotangents,
                        int64_t rows, int64_t chunk) {
  st_func *pull = st_vmap(pullback, NULL, NULL);
  if (!pull) return NULL;
  int64_t nchunks = (rows + chunk - 1) / chunk;
  st_tensor *parts[64], *grads[64], *result = NULL;
  st_tensor **pieces = nchunks <= 64 ? parts : st__alloc((size_t)nchunks * sizeof *pieces);
  if (!pieces) goto done;
  int64_t made = 0;
  for (; made < nchunks; made++) {
    st_tensor *rows_c = st_slice(cotangents, 0, made * chunk, (made + 1) * chunk, 1);
    if (!rows_c || st_call(pull, &rows_c, grads)) break;
    pieces[made] = grads[argnum];
    for (int i = 0; i < nin; i++)
      if (i != argnum) st_release(grads[i]);
  }
  if (made == nchunks) result = nchunks == 1 ? pieces[0] : st_cat((int)nchunks, pieces, 0);
  if (pieces != parts) st__free(pieces, (size_t)nchunks * sizeof *pieces);
done:
  st_func_release(pull);
  return result;
}

static int check_args(const char *fn, st_func *f, int *argnum, st_tensor *const *inputs,
                      int64_t chunk_size) {
  if (!f) return st__error(ST_ERR_ARG, "%s: f is NULL", fn);
  if (st_func_nout(f) != 1)
    return st__error(ST_ERR_ARG, "%s: f must have one output (it has %d)", fn, st_func_nout(f));
  int nin = st_func_nin(f);
  if (*argnum < -nin || *argnum >= nin)
    return st__error(ST_ERR_ARG, "%s: argnum %d is out of range for %d inputs", fn, *argnum, nin);
  if (*argnum < 0) *argnum += nin;
  if (!inputs) return st__error(ST_ERR_ARG, "%s: inputs is NULL", fn);
  for (int i = 0; i < nin; i++)
    if (!inputs[i]) return st__null_error(ST_ERR_ARG, "%s: input %d is NULL", fn, i);
  if (chunk_size < 0)
    return st__error(ST_ERR_ARG, "%s: chunk_size %lld is negative", fn, (long long)chunk_size);
  return 0;
}

st_tensor *st_dist_jacrev(st_func *f, int argnum, st_tensor *const *inputs, int64_t chunk_size) {
  const char *fn = "st_dist_jacrev";
  int size = st_dist_world_size(), rank = st_dist_rank();
  if (size < 0) return NULL;
  if (check_args(fn, f, &argnum, inputs, chunk_size)) {
    st_dist_all_gather(NULL, 0); /* the other ranks wait in the gather: fail them too */
    return NULL;
  }
  st_tensor *y = NULL, *jac = NULL;
  st_func *pullback = NULL;
  if (st_scope_push()) return st_dist_all_gather(NULL, 0);
  if (st_vjp(f, inputs, &y, &pullback)) {
    st_dist_all_gather(NULL, 0);
    goto done;
  }
  int64_t m = st_numel(y), rows = (m + size - 1) / size;
  if (m == 0) rows = 1; /* one zero row each: the gather keeps its shape, the slice drops it */
  int64_t chunk = chunk_size > 0 && chunk_size < rows ? chunk_size : (rows ? rows : 1);
  int64_t yshape[ST_MAX_DIMS], xshape[ST_MAX_DIMS], shape[2 * ST_MAX_DIMS];
  int ny = st_shape(y, yshape), nx = st_shape(inputs[argnum], xshape);
  st_tensor *cot = basis_rows(st_dtype_of(y), rank * rows, rows, m);
  int64_t cshape[ST_MAX_DIMS + 1] = {rows};
  memcpy(cshape + 1, yshape, sizeof(int64_t) * (size_t)ny);
  cot = st_reshape(cot, ny + 1, cshape);
  st_tensor *mine = cot ? block(pullback, st_func_nin(f), argnum, cot, rows, chunk) : NULL;
  st_tensor *all = st_dist_all_gather(mine, 0); /* NULL here fails the other ranks with it */
  memcpy(shape, yshape, sizeof(int64_t) * (size_t)ny);
  memcpy(shape + ny, xshape, sizeof(int64_t) * (size_t)nx);
  jac = st_reshape(st_slice(all, 0, 0, m, 1), ny + nx, shape);
  if (jac) st_keep(jac);
done:
  st_func_release(pullback);
  st_scope_pop();
  return jac;
}
