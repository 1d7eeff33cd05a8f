/* dtype.c — dtype names, sizes and PyTorch's type promotion. */
#include <math.h>

#include "core.h"

bool st__valid_dtype(st_dtype dt) { return (unsigned)dt <= ST_U8; }

const char *st_dtype_name(st_dtype dt) {
  switch (dt) {
  case ST_F32: return "f32";
  case ST_F64: return "f64";
  case ST_I64: return "i64";
  case ST_BOOL: return "bool";
  case ST_F16: return "f16";
  case ST_BF16: return "bf16";
  case ST_I32: return "i32";
  case ST_I16: return "i16";
  case ST_I8: return "i8";
  case ST_U8: return "u8";
  }
  return "?";
}

size_t st_dtype_size(st_dtype dt) {
  switch (dt) {
  case ST_F64:
  case ST_I64: return 8;
  case ST_F32:
  case ST_I32: return 4;
  case ST_F16:
  case ST_BF16:
  case ST_I16: return 2;
  case ST_BOOL:
  case ST_I8:
  case ST_U8: return 1;
  }
  return 0;
}

bool st__value_fits(st_dtype dt, double v) {
  switch (dt) {
  case ST_I64: return v >= -0x1p63 && v < 0x1p63;
  case ST_I32: return v > -0x1p31 - 1 && v < 0x1p31;
  case ST_I16: return v > -32769.0 && v < 32768.0;
  case ST_I8: return v > -129.0 && v < 128.0;
  case ST_U8: return v > -1.0 && v < 256.0;
  case ST_F16: return !isfinite(v) || fabs(v) <= 65504.0;
  case ST_BF16: return !isfinite(v) || fabs(v) <= 0x1.fep127;
  default: return true;
  }
}

/* torch.promote_types (c10's promoteTypes lattice) for the dtypes strata has. */
st_dtype st_promote_types(st_dtype a, st_dtype b) {
  if (a == b || b == ST_BOOL) return a;
  if (a == ST_BOOL) return b;
  int ca = st__dtype_category(a), cb = st__dtype_category(b);
  if (ca != cb) return ca > cb ? a : b; /* an integer with a float: the float */
  size_t sa = st_dtype_size(a), sb = st_dtype_size(b);
  if (ca == 2) { /* floats: f16 with bf16 is f32, otherwise the wider */
    if (sa == sb) return ST_F32;
    return sa > sb ? a : b;
  }
  if (a == ST_U8 || b == ST_U8) { /* u8 with a signed integer: one wide enough for both */
    st_dtype s = a == ST_U8 ? b : a;
    return s == ST_I8 ? ST_I16 : s;
  }
  return sa > sb ? a : b;
}

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
