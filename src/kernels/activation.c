/* activation.c — the pointwise activations of torch.nn.functional that the nn family adds:
   leaky_relu, elu, hardtanh and logsigmoid, on contiguous buffers. */
#include <math.h>

#include "nn.h"

#define ACTIVATION(T, EXPM1, LOG1P, EXP)                                                           \
  do {                                                                                             \
    const T *in = x;                                                                               \
    T *out = y, a = (T)p0, b = (T)p1;                                                              \
    switch (act) {                                                                                 \
    case ST_K_LEAKY_RELU:                                                                        \
      for (int64_t i = 0; i < n; i++) out[i] = in[i] > 0 ? in[i] : a * in[i];                      \
      break;                                                                                       \
    case ST_K_ELU:                                                                               \
      for (int64_t i = 0; i < n; i++) out[i] = in[i] > 0 ? in[i] : a * EXPM1(in[i]);               \
      break;                                                                                       \
    case ST_K_HARDTANH: /* comparisons false for NaN: it passes through */                      \
      for (int64_t i = 0; i < n; i++) out[i] = in[i] < a ? a : in[i] > b ? b : in[i];              \
      break;                                                                                       \
    case ST_K_LOGSIGMOID: /* log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)) */                   \
      for (int64_t i = 0; i < n; i++)                                                              \
        out[i] = (in[i] < 0 ? in[i] : 0) - LOG1P(EXP(-(T)fabs((double)in[i])));                    \
      break;                                                                                       \
    }                                                                                              \
  } while (0)

void st__k_activation(st_dtype dt, st_act_kind act, const void *x, void *y, int64_t n, double p0,
                      double p1) {
  if (dt == ST_F32) ACTIVATION(float, expm1f, log1pf, expf);
  else ACTIVATION(double, expm1, log1p, exp);
}
