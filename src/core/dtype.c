/* dtype.c — dtype names, sizes and PyTorch's type promotion. */
#include <math.h>

#include "core.h"

bool st__valid_dtype(st_dtype dt) { return dt == ST_F32 || dt == ST_F64 || dt == ST_I64 || dt == ST_BOOL; }

const char *st_dtype_name(st_dtype dt) {
  switch (dt) {
  case ST_F32: return "f32";
  case ST_F64: return "f64";
  case ST_I64: return "i64";
  case ST_BOOL: return "bool";
  }
  return "?";
}

size_t st_dtype_size(st_dtype dt) {
  switch (dt) {
  case ST_F32: return 4;
  case ST_F64: return 8;
  case ST_I64: return 8;
  case ST_BOOL: return 1;
  }
  return 0;
}

static int rank(st_dtype dt) { return dt == ST_BOOL ? 0 : dt == ST_I64 ? 1 : dt == ST_F32 ? 2 : 3; }

st_dtype st_promote_types(st_dtype a, st_dtype b) { return rank(a) >= rank(b) ? a : b; }

/* torch.result_type: dimensioned tensors decide, unless a 0-dim tensor is of a higher category
   (bool < integer < float), in which case the 0-dim tensors' promoted dtype wins. */
st_dtype st__result_type(int n, st_tensor *const *ts) {
  bool have_dim = false, have_zero = false;
  st_dtype dim_dt = ST_BOOL, zero_dt = ST_BOOL;
  for (int i = 0; i < n; i++) {
    if (!ts[i]) continue;
    if (ts[i]->ndim > 0) {
      dim_dt = have_dim ? st_promote_types(dim_dt, ts[i]->dtype) : ts[i]->dtype;
      have_dim = true;
    } else {
      zero_dt = have_zero ? st_promote_types(zero_dt, ts[i]->dtype) : ts[i]->dtype;
      have_zero = true;
    }
  }
  if (!have_dim) return zero_dt;
  if (have_zero && st__dtype_category(zero_dt) > st__dtype_category(dim_dt)) return zero_dt;
  return dim_dt;
}

st_dtype st__result_type_scalar(st_dtype dt, double s) {
  if (st__is_float(dt)) return dt;
  bool integral = isfinite(s) && s == floor(s);
  if (!integral) return ST_F32; /* PyTorch's default float dtype */
  if (dt == ST_BOOL && !(s == 0 || s == 1)) return ST_I64;
  return dt == ST_BOOL ? ST_I64 : dt;
}
