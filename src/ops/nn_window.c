/* nn_window.c — what the sliding-window ops (conv2d and its backward ops, the 2-D
   pools) share: output sizes, checks of {h, w} pairs, and the batching rule that folds vmap's
   lanes into the images' N. */
#include "nn.h"
#include "rules.h"

/* --------------------------------------------------------------------- sliding-window sizes */

/* floor((in + 2 pad - span) / stride) + 1 with span = dilation * (k - 1) + 1, the output size in
   the torch.nn.Conv2d / MaxPool2d docs. Sets *span; returns INT64_MIN on overflow and a value
   <= 0 when the padded input is smaller than the span. */
int64_t st__window_count(int64_t in, int64_t pad, int64_t k, int64_t dilation, int64_t stride,
                            int64_t *span) {
  int64_t padded, num;
  if (__builtin_mul_overflow(dilation, k - 1, span) || __builtin_add_overflow(*span, 1, span) ||
      __builtin_mul_overflow(pad, 2, &padded) || __builtin_add_overflow(padded, in, &padded) ||
      __builtin_sub_overflow(padded, *span, &num))
    return INT64_MIN;
  if (num < 0) return -(-num / stride + (-num % stride != 0)) + 1; /* floor division */
  return num / stride == INT64_MAX ? INT64_MIN : num / stride + 1;
}

/* Output height and width into out[2]; 0 or the error. `what` names the window ("kernel"). */
int st__window_sizes(const st_opcall *c, const st_tensor *x, const int64_t *k,
                        const int64_t *stride, const int64_t *pad, const int64_t *dil,
                        const char *what, int64_t *out) {
  int64_t span[2], h = x->shape[x->ndim - 2], w = x->shape[x->ndim - 1];
  out[0] = st__window_count(h, pad[0], k[0], dil[0], stride[0], &span[0]);
  out[1] = st__window_count(w, pad[1], k[1], dil[1], stride[1], &span[1]);
  if (out[0] == INT64_MIN || out[1] == INT64_MIN)
    return st__op_error(c, ST_ERR_ARG, "%s [%lld, %lld] with padding and dilation overflows", what,
                        (long long)k[0], (long long)k[1]);
  if (out[0] <= 0 || out[1] <= 0)
    return st__op_error(c, ST_ERR_SHAPE,
                        "output size [%lld, %lld] is too small: input [%lld, %lld] padded by "
                        "[%lld, %lld] is smaller than the %s [%lld, %lld]",
                        (long long)out[0], (long long)out[1], (long long)h, (long long)w,
                        (long long)pad[0], (long long)pad[1], what, (long long)span[0],
                        (long long)span[1]);
  return 0;
}

/* A {h, w} pair of kernel, stride or dilation (min 1) or padding (min 0). */
int st__check_pair(const st_opcall *c, const char *name, const int64_t *v, int64_t min) {
  if (v[0] < min || v[1] < min)
    return st__op_error(c, ST_ERR_ARG, "%s [%lld, %lld] must be %s", name, (long long)v[0],
                        (long long)v[1], min ? "positive" : "non-negative");
  return 0;
}

/* Batching of the ops on images [N, ...] (or one unbatched image, `full` - 1 dims) whose other
   inputs are shared: the lanes fold into N (a view when the layout allows: [B, N, ...] or
   [N, B, ...]), or become N for unbatched images. Runs call c (a->c, or a variant) on them and
   gives every output its lanes back. */
int st__vmap_fold_n(const st_vmap_args *a, const st_opcall *c, int full, st_tensor **out,
                       int *out_bdim) {
  st_tensor *in[3] = {NULL, c->nin > 1 ? a->in[1] : NULL, c->nin > 2 ? a->in[2] : NULL},
            *o[ST_MAX_OUTS];
  bool has_n = st__lrank(a, 0) == full, minor = false;
  int bd = a->bdim[0];
  if (!has_n)
    ST_TRY(in[0] = st__movedim(a->in[0], bd, 0));
  else if (st__fold_batch(a->in[0], bd, st__pdim(bd, 0), -1, true, &in[0], &minor))
    return st__rule_failed();
  if (st__redispatch(c, in, o)) return st__rule_failed();
  bool tracked = true; /* every output goes to the scope, even after one record failed */
  for (int j = 0; j < c->op->nout; j++) tracked = (out[j] = st__track(o[j])) && tracked;
  if (!tracked) return st__rule_failed();
  for (int j = 0; j < c->op->nout; j++) {
    out_bdim[j] = 0;
    if (has_n)
      ST_TRY(out[j] =
                 st__unfold_batch(out[j], 0, minor, a->size, a->c->in[0]->shape[0], &out_bdim[j]));
  }
  return 0;
}

/* Copies an optional {h, w} pair into pair[2], or the default. */
void st__put_pair(int64_t *pair, const int64_t *v, int64_t dflt) {
  pair[0] = v ? v[0] : dflt;
  pair[1] = v ? v[1] : dflt;
}
