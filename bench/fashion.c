/* fashion.c — workload 11, Fashion-MNIST training as examples/fashion_mnist.c does it: the MLP
 * 784 -> 256 -> 128 -> 10 (relu), Adam (lr 1e-3), batches of 64 reshuffled every epoch, eager
 * autograd, two epochs over the 60 000 training images; then the accuracy on the 10 000 test
 * images. Prints one RESULT row per epoch time ("mlp_epoch": median and range of the epochs)
 * and an ACCURACY line. Peer (bench/peers/fashion.py): PyTorch eager, the same model and
 * schedule. Needs the dataset (apt-get install dataset-fashion-mnist; FASHION_MNIST_DIR
 * elsewhere); without it the workload prints a note and nothing else.
 */
#include "bench.h"

#include <zlib.h>

static unsigned char *read_idx(const char *path, int nd, int64_t *dims) {
  gzFile f = gzopen(path, "rb");
  unsigned char h[16];
  if (!f || gzread(f, h, 4 + 4 * (unsigned)nd) != 4 + 4 * nd || h[2] != 8 || h[3] != nd)
    return NULL;
  int64_t n = 1;
  for (int d = 0; d < nd; d++) {
    dims[d] = (int64_t)h[4 + 4 * d] << 24 | h[5 + 4 * d] << 16 | h[6 + 4 * d] << 8 | h[7 + 4 * d];
    n *= dims[d];
  }
  unsigned char *b = malloc((size_t)n);
  if (!b || gzread(f, b, (unsigned)n) != (int)n) return NULL;
  gzclose(f);
  return b;
}

static bool load(const char *dir, const char *split, st_tensor **x, st_tensor **y) {
  char path[1024];
  int64_t idims[3], ldims[1];
  snprintf(path, sizeof path, "%s/%s-images-idx3-ubyte.gz", dir, split);
  unsigned char *img = read_idx(path, 3, idims);
  snprintf(path, sizeof path, "%s/%s-labels-idx1-ubyte.gz", dir, split);
  unsigned char *lab = read_idx(path, 1, ldims);
  if (!img || !lab) return false;
  int64_t n = idims[0], pix = idims[1] * idims[2];
  float *xf = malloc(sizeof *xf * (size_t)(n * pix));
  int64_t *yl = malloc(sizeof *yl * (size_t)n);
  for (int64_t i = 0; i < n * pix; i++) xf[i] = ((float)img[i] / 255.0f - 0.2860f) / 0.3530f;
  for (int64_t i = 0; i < n; i++) yl[i] = lab[i];
  *x = st_from_data(ST_F32, ST_SHAPE(n, pix), xf);
  *y = st_from_data(ST_I64, ST_SHAPE(n), yl);
  free(xf), free(yl), free(img), free(lab);
  return *x && *y;
}

int main(int argc, char **argv) {
  if (!bench_selected(argc, argv, "mlp_epoch")) return 0;
  const char *dir = getenv("FASHION_MNIST_DIR");
  dir = dir && *dir ? dir : "/usr/share/datasets/fashion-mnist";
  st_scope_push();
  st_tensor *xtr, *ytr, *xte, *yte;
  if (!load(dir, "train", &xtr, &ytr) || !load(dir, "t10k", &xte, &yte)) {
    printf("# fashion: no Fashion-MNIST in %s (apt-get install dataset-fashion-mnist)\n", dir);
    return 0;
  }
  st_manual_seed(0);
  st_params *p = st_params_new();
  st_mlp mlp;
  st_optim_opts o = st_optim_defaults(ST_OPTIM_ADAM);
  if (st_mlp_add(&mlp, p, "mlp", 4, (int64_t[]){784, 256, 128, 10}, ST_ACT_RELU, ST_F32))
    BENCH_FAIL("model");
  st_optim *opt = st_optim_new(st_params_len(p), st_params_tensors(p), &o);
  st_batches *b = st_batches_new(2, (st_tensor *[]){xtr, ytr}, 64, true, 0, false);
  double times[2];
  for (int epoch = 0; epoch < 2; epoch++) {
    double t0 = bench_now();
    st_tensor *batch[2];
    while (st_scope_push() == 0 && st_batches_next(b, batch) == 1) {
      st_tensor *loss = st_cross_entropy(st_mlp_apply(&mlp, st_params_tensors(p), batch[0]),
                                         batch[1], ST_REDUCTION_MEAN);
      if (st_optim_zero_grad(opt) || st_backward(loss, NULL, false, false) || st_optim_step(opt))
        BENCH_FAIL("training");
      st_scope_pop();
    }
    st_scope_pop();
    times[epoch] = bench_now() - t0;
  }
  bool was = st_set_grad_enabled(false);
  st_tensor *pred = st_argmax(st_mlp_apply(&mlp, st_params_tensors(p), xte), 1, false);
  double acc = st_item(st_sum_all(st_eq(pred, yte))) / (double)st_numel(yte);
  st_set_grad_enabled(was);
  double lo = times[0] < times[1] ? times[0] : times[1], hi = times[0] + times[1] - lo;
  bench_report("fashion", "mlp_epoch", 60000, "strata", (bench_stat){(lo + hi) / 2, lo, hi});
  printf("ACCURACY fashion mlp_epoch strata %.4f\n", acc);
  st_batches_free(b);
  st_optim_free(opt);
  st_params_free(p);
  st_scope_pop();
  return 0;
}
