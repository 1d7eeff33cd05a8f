/* schedule.c — learning-rate schedules as plain functions of the step: the closed forms of
   torch.optim.lr_scheduler (StepLR, CosineAnnealingLR, LinearLR), so a training loop sets
   st_optim_set_lr(opt, st_lr_cosine(base, step, ...)) and resuming needs no scheduler state. */
#include <math.h>

#include "train.h"

static double bad(const char *fn, const char *what, double v) {
  st__tr_error(ST_ERR_ARG, "%s: %s is %g", fn, what, v);
  return NAN;
}

/* base_lr * gamma^floor(step / step_size) */
double st_lr_step(double base_lr, int64_t step, int64_t step_size, double gamma) {
  const char *fn = "st_lr_step";
  if (step < 0) return bad(fn, "step", (double)step);
  if (step_size < 1) return bad(fn, "step_size (it must be at least 1)", (double)step_size);
  if (!isfinite(base_lr)) return bad(fn, "base_lr", base_lr);
  st_clear_error();
  return base_lr * pow(gamma, (double)(step / step_size));
}

/* eta_min + (base_lr - eta_min) * (1 + cos(pi * step / t_max)) / 2 */
double st_lr_cosine(double base_lr, int64_t step, int64_t t_max, double eta_min) {
  const char *fn = "st_lr_cosine";
  if (step < 0) return bad(fn, "step", (double)step);
  if (t_max < 1) return bad(fn, "t_max (it must be at least 1)", (double)t_max);
  if (!isfinite(base_lr)) return bad(fn, "base_lr", base_lr);
  st_clear_error();
  const double pi = 3.14159265358979323846;
  return eta_min + (base_lr - eta_min) * (1 + cos(pi * (double)step / (double)t_max)) / 2;
}

/* base_lr * (start + (end - start) * min(step, total) / total) */
double st_lr_linear(double base_lr, int64_t step, double start_factor, double end_factor,
                    int64_t total_iters) {
  const char *fn = "st_lr_linear";
  if (step < 0) return bad(fn, "step", (double)step);
  if (!(start_factor > 0 && start_factor <= 1))
    return bad(fn, "start_factor (it must be in (0, 1])", start_factor);
  if (!(end_factor >= 0 && end_factor <= 1))
    return bad(fn, "end_factor (it must be in [0, 1])", end_factor);
  if (total_iters < 1) return bad(fn, "total_iters (it must be at least 1)", (double)total_iters);
  if (!isfinite(base_lr)) return bad(fn, "base_lr", base_lr);
  st_clear_error();
  double t = (double)(step < total_iters ? step : total_iters);
  return base_lr * (start_factor + (end_factor - start_factor) * t / (double)total_iters);
}
