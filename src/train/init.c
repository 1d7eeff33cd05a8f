/* init.c — parameter initializers with torch.nn.init's distributions and bounds (calculate_gain,
   _calculate_fan_in_and_fan_out, kaiming_*, xavier_*, trunc_normal_), drawing from the thread's
   strata generator and writing in place outside any graph. */
#include <math.h>
#include <stdlib.h>

#include "train.h"

double st_init_gain(st_gain nonlinearity, double param) {
  switch (nonlinearity) {
  case ST_GAIN_LINEAR:
  case ST_GAIN_SIGMOID: return 1.0;
  case ST_GAIN_TANH: return 5.0 / 3;
  case ST_GAIN_RELU: return sqrt(2.0);
  case ST_GAIN_LEAKY_RELU: return sqrt(2.0 / (1 + param * param));
  case ST_GAIN_SELU: return 3.0 / 4;
  }
  st__tr_error(ST_ERR_ARG, "st_init_gain: unknown nonlinearity %d", (int)nonlinearity);
  return NAN;
}

static int fans(const char *fn, const st_tensor *t, int64_t *fan_in, int64_t *fan_out) {
  if (!t) return st__tr_null_arg(fn, 1);
  int nd = st_ndim(t);
  if (nd < 2)
    return st__tr_error(ST_ERR_SHAPE,
                        "%s: fan in and fan out need a tensor of at least 2 dims (it has %d)", fn,
                        nd);
  int64_t receptive = 1;
  for (int d = 2; d < nd; d++) receptive *= st_size(t, d);
  if (fan_in) *fan_in = st_size(t, 1) * receptive;
  if (fan_out) *fan_out = st_size(t, 0) * receptive;
  return 0;
}

int st_init_fans(const st_tensor *t, int64_t *fan_in, int64_t *fan_out) {
  return fans("st_init_fans", t, fan_in, fan_out);
}

static int check_float(const char *fn, const st_tensor *t) {
  if (!t) return st__tr_null_arg(fn, 1);
  st_dtype dt = st_dtype_of(t);
  if (dt != ST_F32 && dt != ST_F64)
    return st__tr_error(ST_ERR_DTYPE, "%s: the tensor is %s; initializers fill f32 and f64 tensors",
                        fn, st_dtype_name(dt));
  return 0;
}

/* t := scale * draw + shift, where draw is U[0, 1) or N(0, 1) of t's shape. */
static int fill(const char *fn, st_tensor *t, bool normal, double scale, double shift) {
  if (check_float(fn, t)) return st__tr_status();
  if (st_scope_push()) {
    st_scope_pop();
    return ST_ERR_OOM;
  }
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(t, shape);
  st_dtype dt = st_dtype_of(t);
  st_tensor *r = normal ? st_randn(dt, nd, shape) : st_rand(dt, nd, shape);
  int rc = r ? st__tr_assign(t, st_add_scalar(st_mul_scalar(r, scale), shift)) : st__tr_status();
  st_scope_pop();
  if (!rc) st_clear_error();
  return rc;
}

int st_init_uniform_(st_tensor *t, double low, double high) {
  if (!(low <= high) || !isfinite(low) || !isfinite(high))
    return st__tr_error(ST_ERR_ARG, "st_init_uniform_: the bounds [%g, %g] are not an interval",
                        low, high);
  return fill("st_init_uniform_", t, false, high - low, low);
}

int st_init_normal_(st_tensor *t, double mean, double std) {
  if (!(std >= 0) || !isfinite(mean))
    return st__tr_error(ST_ERR_ARG, "st_init_normal_: mean %g, std %g", mean, std);
  return fill("st_init_normal_", t, true, std, mean);
}

static int kaiming_std(const char *fn, const st_tensor *t, double a, st_fan_mode mode, st_gain nl,
                       double *std) {
  int64_t fan_in, fan_out;
  if (check_float(fn, t) || fans(fn, t, &fan_in, &fan_out)) return st__tr_status();
  if (mode != ST_FAN_IN && mode != ST_FAN_OUT)
    return st__tr_error(ST_ERR_ARG, "%s: unknown fan mode %d", fn, (int)mode);
  double gain = st_init_gain(nl, a);
  if (isnan(gain)) return st__tr_status();
  int64_t fan = mode == ST_FAN_IN ? fan_in : fan_out;
  *std = fan > 0 ? gain / sqrt((double)fan) : 0;
  return 0;
}

int st_init_kaiming_uniform_(st_tensor *t, double a, st_fan_mode mode, st_gain nonlinearity) {
  double std = 0;
  if (kaiming_std("st_init_kaiming_uniform_", t, a, mode, nonlinearity, &std))
    return st__tr_status();
  double bound = sqrt(3.0) * std;
  return fill("st_init_kaiming_uniform_", t, false, 2 * bound, -bound);
}

int st_init_kaiming_normal_(st_tensor *t, double a, st_fan_mode mode, st_gain nonlinearity) {
  double std = 0;
  if (kaiming_std("st_init_kaiming_normal_", t, a, mode, nonlinearity, &std))
    return st__tr_status();
  return fill("st_init_kaiming_normal_", t, true, std, 0);
}

static int xavier_std(const char *fn, const st_tensor *t, double gain, double *std) {
  int64_t fan_in, fan_out;
  if (check_float(fn, t) || fans(fn, t, &fan_in, &fan_out)) return st__tr_status();
  *std = fan_in + fan_out > 0 ? gain * sqrt(2.0 / (double)(fan_in + fan_out)) : 0;
  return 0;
}

int st_init_xavier_uniform_(st_tensor *t, double gain) {
  double std = 0;
  if (xavier_std("st_init_xavier_uniform_", t, gain, &std)) return st__tr_status();
  double bound = sqrt(3.0) * std;
  return fill("st_init_xavier_uniform_", t, false, 2 * bound, -bound);
}

int st_init_xavier_normal_(st_tensor *t, double gain) {
  double std = 0;
  if (xavier_std("st_init_xavier_normal_", t, gain, &std)) return st__tr_status();
  return fill("st_init_xavier_normal_", t, true, std, 0);
}

/* ------------------------------------------------------------------------ truncated normal */

/* The standard normal CDF. */
static double norm_cdf(double x) { return (1 + erf(x / sqrt(2.0))) / 2; }

/* erf^-1(y) for y in (-1, 1): M. Giles' single-precision approximation ("Approximating the
   erfinv function", GPU Computing Gems, 2011) refined by two Newton steps on erf. */
static double erfinv(double y) {
  if (y <= -1) return -INFINITY;
  if (y >= 1) return INFINITY;
  double w = -log((1 - y) * (1 + y)), p;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = sqrt(w) - 3;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  double x = p * y;
  for (int k = 0; k < 2; k++) x -= (erf(x) - y) / (2 / sqrt(3.14159265358979323846) * exp(-x * x));
  return x;
}

/* torch.nn.init.trunc_normal_'s method: u ~ U(2 cdf(a') - 1, 2 cdf(b') - 1) for the standardized
   bounds, x = mean + std * sqrt(2) * erfinv(u), clamped to [a, b]. */
int st_init_trunc_normal_(st_tensor *t, double mean, double std, double a, double b) {
  const char *fn = "st_init_trunc_normal_";
  if (check_float(fn, t)) return st__tr_status();
  if (!(std > 0) || !(a < b) || !isfinite(mean))
    return st__tr_error(ST_ERR_ARG, "%s: mean %g, std %g, bounds [%g, %g]", fn, mean, std, a, b);
  double lo = 2 * norm_cdf((a - mean) / std) - 1, hi = 2 * norm_cdf((b - mean) / std) - 1;
  if (st_scope_push()) {
    st_scope_pop();
    return ST_ERR_OOM;
  }
  int64_t shape[ST_MAX_DIMS], n = st_numel(t);
  int nd = st_shape(t, shape), rc = 0;
  st_tensor *u = st_rand(ST_F64, nd, shape);
  double *v = u ? st_data_ptr(u) : NULL; /* a fresh contiguous tensor of this scope */
  if (!v && n > 0) rc = st__tr_status();
  for (int64_t i = 0; !rc && i < n; i++) {
    double x = mean + std * sqrt(2.0) * erfinv(lo + (hi - lo) * v[i]);
    v[i] = x < a ? a : x > b ? b : x;
  }
  if (!rc) rc = st__tr_assign(t, u);
  st_scope_pop();
  if (!rc) st_clear_error();
  return rc;
}
