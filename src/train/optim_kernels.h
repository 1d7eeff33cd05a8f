/* optim_kernels.h — the fused update loops of the optimizers, one element type per inclusion
   (optim.c includes this file twice, with T = float and T = double). No include guard.

   Each loop follows the order of operations of torch.optim's single-tensor implementation
   (torch/optim/{sgd,adam,rmsprop,adagrad}.py, _single_tensor_*), with the scalars rounded to T as
   PyTorch's CPU kernels round them, and a fused multiply-add where PyTorch's vectorized CPU
   kernels use one (add with alpha: fmadd(other, alpha, self); lerp: fmadd(weight, end - self,
   self)), so the results agree with PyTorch's to rounding. Every loop reads the gradient and the
   state once and writes the parameter and the state once. */

/* self + alpha * other, as at::add with alpha (ATen/native/ufunc/add.h). */
static inline T K(add_alpha)(T self, T other, T alpha) { return FMA(other, alpha, self); }

/* self + weight * (end - self), as at::lerp (ATen/native/Lerp.h): the form depends on |w|. */
static inline T K(lerp)(T self, T end, T weight) {
  T diff = end - self;
  return (weight < (T)0.5 && weight > (T)-0.5) ? FMA(weight, diff, self)
                                               : FMA(weight - (T)1, diff, end);
}

/* self + value * t1 * t2, as at::addcmul (PointwiseOpsKernel.cpp). */
static inline T K(addcmul)(T self, T t1, T t2, T value) { return FMA(value * t1, t2, self); }

/* self + value * t1 / t2, as at::addcdiv. */
static inline T K(addcdiv)(T self, T t1, T t2, T value) { return self + value * t1 / t2; }

static inline __attribute__((always_inline)) void K(sgd_loop)(const optim_args *a, int64_t lo,
                                                              int64_t hi, bool use_wd, bool use_mom,
                                                              bool nesterov, bool first) {
  T *p = a->param, *buf = a->state[0];
  const T *gr = a->grad;
  const T sign = a->maximize ? (T)-1 : (T)1, wd = (T)a->weight_decay, mom = (T)a->momentum;
  const T damp1 = (T)(1 - a->dampening), neg_lr = (T)-a->lr;
  for (int64_t i = lo; i < hi; i++) {
    T g = sign * gr[i]; /* -g exactly when maximizing */
    if (use_wd) g = K(add_alpha)(g, p[i], wd);
    if (use_mom) {
      T b = first ? g : K(add_alpha)(buf[i] * mom, g, damp1);
      buf[i] = b;
      g = nesterov ? K(add_alpha)(g, b, mom) : b;
    }
    p[i] = K(add_alpha)(p[i], g, neg_lr);
  }
}

/* The first momentum step (the buffer starts as the gradient) and rare combinations share the
   general loop; the steady states get their own. */
static void K(sgd)(const optim_args *a, int64_t lo, int64_t hi) {
  bool wd = a->weight_decay != 0, mom = a->momentum != 0, nest = a->nesterov;
  if (!mom && !wd)
    K(sgd_loop)(a, lo, hi, false, false, false, false);
  else if (!mom)
    K(sgd_loop)(a, lo, hi, true, false, false, false);
  else if (a->first)
    K(sgd_loop)(a, lo, hi, wd, true, nest, true);
  else if (wd && nest)
    K(sgd_loop)(a, lo, hi, true, true, true, false);
  else if (wd)
    K(sgd_loop)(a, lo, hi, true, true, false, false);
  else if (nest)
    K(sgd_loop)(a, lo, hi, false, true, true, false);
  else
    K(sgd_loop)(a, lo, hi, false, true, false, false);
}

/* Adam and AdamW (decoupled weight decay: the parameter shrinks first, by a factor that is
   exactly 1 without it). The flags that change the loop's shape are arguments of an
   always-inlined body, so each combination is its own branch-free, vectorized loop. */
static inline __attribute__((always_inline)) void
K(adam_loop)(const optim_args *a, int64_t lo, int64_t hi, bool coupled, bool amsgrad) {
  T *p = a->param, *m = a->state[0], *v = a->state[1], *vmax = a->state[2];
  const T *gr = a->grad;
  const T sign = a->maximize ? (T)-1 : (T)1, wd = (T)a->weight_decay;
  const T decay = a->decoupled ? (T)(1 - a->lr * a->weight_decay) : (T)1;
  const T w1 = (T)(1 - a->beta1), beta2 = (T)a->beta2, w2 = (T)(1 - a->beta2);
  const T bc2_sqrt = (T)a->bc2_sqrt, eps = (T)a->eps, neg_step = (T)-a->step_size;
  for (int64_t i = lo; i < hi; i++) {
    T g = sign * gr[i]; /* -g exactly when maximizing */
    T pi = p[i] * decay;
    if (coupled) g = K(add_alpha)(g, pi, wd);
    T mi = K(lerp)(m[i], g, w1);
    T vi = K(addcmul)(v[i] * beta2, g, g, w2);
    m[i] = mi;
    v[i] = vi;
    if (amsgrad) {
      T mx = vmax[i]; /* torch.maximum: a NaN on either side wins */
      vi = mx != mx ? mx : (vi != vi || vi > mx) ? vi : mx;
      vmax[i] = vi;
    }
    T denom = SQRT(vi) / bc2_sqrt + eps;
    p[i] = K(addcdiv)(pi, mi, denom, neg_step);
  }
}

static void K(adam)(const optim_args *a, int64_t lo, int64_t hi) {
  bool coupled = a->weight_decay != 0 && !a->decoupled;
  if (coupled && a->amsgrad)
    K(adam_loop)(a, lo, hi, true, true);
  else if (coupled)
    K(adam_loop)(a, lo, hi, true, false);
  else if (a->amsgrad)
    K(adam_loop)(a, lo, hi, false, true);
  else
    K(adam_loop)(a, lo, hi, false, false);
}

static inline __attribute__((always_inline)) void K(rmsprop_loop)(const optim_args *a, int64_t lo,
                                                                  int64_t hi, bool use_wd,
                                                                  bool centered, bool use_mom) {
  T *p = a->param, *sq = a->state[0], *buf = a->state[1], *gavg = a->state[2];
  const T *gr = a->grad;
  const T sign = a->maximize ? (T)-1 : (T)1, wd = (T)a->weight_decay, alpha = (T)a->alpha;
  const T w = (T)(1 - a->alpha), eps = (T)a->eps, mom = (T)a->momentum, neg_lr = (T)-a->lr;
  for (int64_t i = lo; i < hi; i++) {
    T g = sign * gr[i];
    if (use_wd) g = K(add_alpha)(g, p[i], wd);
    T s = K(addcmul)(sq[i] * alpha, g, g, w);
    sq[i] = s;
    T avg;
    if (centered) {
      T ga = K(lerp)(gavg[i], g, w);
      gavg[i] = ga;
      avg = SQRT(K(addcmul)(s, ga, ga, (T)-1));
    } else {
      avg = SQRT(s);
    }
    avg = avg + eps;
    if (use_mom) {
      T b = K(addcdiv)(buf[i] * mom, g, avg, (T)1);
      buf[i] = b;
      p[i] = K(add_alpha)(p[i], b, neg_lr);
    } else {
      p[i] = K(addcdiv)(p[i], g, avg, neg_lr);
    }
  }
}

static void K(rmsprop)(const optim_args *a, int64_t lo, int64_t hi) {
  bool wd = a->weight_decay != 0, c = a->centered, mom = a->momentum > 0;
  /* the common cases get their own loops; the rest share the general one */
  if (!wd && !c && !mom)
    K(rmsprop_loop)(a, lo, hi, false, false, false);
  else if (!wd && !c && mom)
    K(rmsprop_loop)(a, lo, hi, false, false, true);
  else
    K(rmsprop_loop)(a, lo, hi, wd, c, mom);
}

static void K(adagrad)(const optim_args *a, int64_t lo, int64_t hi) {
  T *p = a->param, *sum = a->state[0];
  const T *gr = a->grad;
  const T wd = (T)a->weight_decay, eps = (T)a->eps, neg_clr = (T)-a->clr;
  const bool use_wd = a->weight_decay != 0;
  const T sign = a->maximize ? (T)-1 : (T)1;
  for (int64_t i = lo; i < hi; i++) {
    T g = sign * gr[i]; /* -g exactly when maximizing */
    if (use_wd) g = K(add_alpha)(g, p[i], wd);
    T s = K(addcmul)(sum[i], g, g, (T)1);
    sum[i] = s;
    p[i] = K(addcdiv)(p[i], g, SQRT(s) + eps, neg_clr);
  }
}
