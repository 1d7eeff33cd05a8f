/* fashion_mnist.c — trains a classifier on Fashion-MNIST, as a PyTorch user would write it:
 * layers in a parameter container, eager autograd (st_backward), Adam, shuffled minibatches,
 * a progress line and the curves written as CSV.
 *
 *   ./build/fashion_mnist [mlp|cnn] [--epochs N] [--train N] [--test N] [--batch N]
 *                         [--csv PATH] [--data DIR]
 *
 * The data: Debian's dataset-fashion-mnist package (apt-get install dataset-fashion-mnist) puts
 * the IDX files, gzipped, in /usr/share/datasets/fashion-mnist; --data or FASHION_MNIST_DIR
 * points elsewhere. CI runs `fashion_mnist mlp --epochs 1 --train 2000 --test 1000`. Plot the
 * curves with `bench/.venv/bin/python examples/plot_curves.py fashion_mlp.csv`.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include <strata.h>

#define FAIL(...)                                                                                  \
  do {                                                                                             \
    fprintf(stderr, "fashion_mnist: " __VA_ARGS__);                                                \
    fprintf(stderr, "%s%s\n", st_last_status() ? ": " : "", st_last_error());                      \
    exit(1);                                                                                       \
  } while (0)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ------------------------------------------------------------------------------ IDX files */

/* An IDX file (http://yann.lecun.com/exdb/mnist/): magic 0x0000 08 nd (unsigned bytes, nd
   dims), nd big-endian 32-bit sizes, then the bytes. gzopen reads gzipped and plain files. Reads
   at most `limit` items (the first dim). Returns the bytes; dims[] receives the sizes. */
static unsigned char *read_idx(const char *dir, const char *name, int want_nd, int64_t limit,
                               int64_t *dims) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.gz", dir, name);
  gzFile f = gzopen(path, "rb");
  if (!f) {
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = gzopen(path, "rb");
  }
  if (!f) {
    fprintf(stderr,
            "fashion_mnist: cannot open %s/%s[.gz]: install the data with\n"
            "  apt-get install dataset-fashion-mnist\nor pass --data DIR\n",
            dir, name);
    exit(1);
  }
  unsigned char head[4 + 4 * 3];
  if (gzread(f, head, 4) != 4 || head[0] || head[1] || head[2] != 8 || head[3] != want_nd)
    FAIL("%s: not an IDX file of unsigned bytes with %d dims", path, want_nd);
  if (gzread(f, head + 4, 4 * (unsigned)want_nd) != 4 * want_nd) FAIL("%s: truncated header", path);
  int64_t n = 1;
  for (int d = 0; d < want_nd; d++) {
    const unsigned char *p = head + 4 + 4 * d;
    dims[d] = (int64_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
    if (d == 0 && limit > 0 && dims[0] > limit) dims[0] = limit;
    n *= dims[d];
  }
  unsigned char *bytes = malloc((size_t)n);
  if (!bytes || gzread(f, bytes, (unsigned)n) != (int)n) FAIL("%s: truncated data", path);
  gzclose(f);
  return bytes;
}

/* Images as f32 [n, 1, 28, 28] normalized with the training set's mean and std; labels i64. */
static void load_split(const char *dir, const char *prefix, int64_t limit, st_tensor **x,
                       st_tensor **y) {
  char name[64];
  int64_t idims[3], ldims[1];
  snprintf(name, sizeof name, "%s-images-idx3-ubyte", prefix);
  unsigned char *img = read_idx(dir, name, 3, limit, idims);
  snprintf(name, sizeof name, "%s-labels-idx1-ubyte", prefix);
  unsigned char *lab = read_idx(dir, name, 1, limit, ldims);
  if (ldims[0] != idims[0])
    FAIL("%s: %lld images but %lld labels", prefix, (long long)idims[0], (long long)ldims[0]);
  int64_t n = idims[0], pix = idims[1] * idims[2];
  float *xf = malloc(sizeof *xf * (size_t)(n * pix));
  int64_t *yl = malloc(sizeof *yl * (size_t)n);
  for (int64_t i = 0; i < n * pix; i++) xf[i] = ((float)img[i] / 255.0f - 0.2860f) / 0.3530f;
  for (int64_t i = 0; i < n; i++) yl[i] = lab[i];
  *x = st_from_data(ST_F32, ST_SHAPE(n, 1, idims[1], idims[2]), xf);
  *y = st_from_data(ST_I64, ST_SHAPE(n), yl);
  if (!*x || !*y) FAIL("loading %s", prefix);
  free(xf), free(yl), free(img), free(lab);
}

/* --------------------------------------------------------------------------------- models */

typedef struct {
  bool cnn;
  st_mlp mlp;                   /* 784 -> 256 -> 128 -> 10, relu */
  st_conv2d_layer conv1, conv2; /* 1 -> 16 -> 32 channels, 3x3, padding 1 */
  st_linear_layer fc;           /* 32 * 7 * 7 -> 10 */
} model;

static void build(model *m, st_params *p) {
  if (!m->cnn) {
    if (st_mlp_add(&m->mlp, p, "mlp", 4, (int64_t[]){784, 256, 128, 10}, ST_ACT_RELU, ST_F32))
      FAIL("building the MLP");
    return;
  }
  m->conv1 = (st_conv2d_layer){.in = 1, .out = 16, .kernel = {3, 3}, .padding = {1, 1}};
  m->conv2 = (st_conv2d_layer){.in = 16, .out = 32, .kernel = {3, 3}, .padding = {1, 1}};
  m->fc = (st_linear_layer){.in = 32 * 7 * 7, .out = 10};
  if (st_conv2d_layer_add(&m->conv1, p, "conv1") || st_conv2d_layer_add(&m->conv2, p, "conv2") ||
      st_linear_layer_add(&m->fc, p, "fc"))
    FAIL("building the CNN");
}

/* logits [n, 10] for images [n, 1, 28, 28] */
static st_tensor *forward(const model *m, st_tensor *const *params, st_tensor *x) {
  if (!m->cnn) return st_mlp_apply(&m->mlp, params, st_flatten(x, 1, -1));
  const int64_t pool[2] = {2, 2};
  st_tensor *h =
      st_max_pool2d(st_relu(st_conv2d_layer_apply(&m->conv1, params, x)), pool, NULL, NULL);
  h = st_max_pool2d(st_relu(st_conv2d_layer_apply(&m->conv2, params, h)), pool, NULL, NULL);
  return st_linear_layer_apply(&m->fc, params, st_flatten(h, 1, -1));
}

/* Accuracy on a split, in batches of 1000, with grad mode off. */
static double accuracy(const model *m, st_params *p, st_tensor *x, st_tensor *y) {
  bool was = st_set_grad_enabled(false);
  int64_t n = st_size(x, 0), correct = 0;
  for (int64_t lo = 0; lo < n; lo += 1000) {
    st_scope_push();
    int64_t hi = lo + 1000 < n ? lo + 1000 : n;
    st_tensor *logits = forward(m, st_params_tensors(p), st_slice(x, 0, lo, hi, 1));
    st_tensor *hits = st_sum_all(st_eq(st_argmax(logits, 1, false), st_slice(y, 0, lo, hi, 1)));
    if (!hits) FAIL("evaluating");
    correct += (int64_t)st_item(hits);
    st_scope_pop();
  }
  st_set_grad_enabled(was);
  return (double)correct / (double)n;
}

/* ----------------------------------------------------------------------------------- main */

typedef struct {
  bool cnn;
  int epochs;
  int64_t train, test, batch;
  const char *csv, *data;
} options;

static options parse(int argc, char **argv) {
  const char *dir = getenv("FASHION_MNIST_DIR");
  options o = {false, 2, 0, 0, 64, NULL, dir && *dir ? dir : "/usr/share/datasets/fashion-mnist"};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "mlp") || !strcmp(a, "cnn"))
      o.cnn = a[0] == 'c';
    else if (v && !strcmp(a, "--epochs"))
      o.epochs = atoi(v), i++;
    else if (v && !strcmp(a, "--train"))
      o.train = atoll(v), i++;
    else if (v && !strcmp(a, "--test"))
      o.test = atoll(v), i++;
    else if (v && !strcmp(a, "--batch"))
      o.batch = atoll(v), i++;
    else if (v && !strcmp(a, "--csv"))
      o.csv = v, i++;
    else if (v && !strcmp(a, "--data"))
      o.data = v, i++;
    else {
      fprintf(stderr,
              "usage: %s [mlp|cnn] [--epochs N] [--train N] [--test N] [--batch N] "
              "[--csv PATH] [--data DIR]\n",
              argv[0]);
      exit(2);
    }
  }
  if (o.epochs < 1 || o.batch < 1) FAIL("--epochs and --batch must be positive");
  return o;
}

int main(int argc, char **argv) {
  options o = parse(argc, argv);
  st_scope_push();
  st_manual_seed(0);
  st_tensor *xtrain, *ytrain, *xtest, *ytest;
  load_split(o.data, "train", o.train, &xtrain, &ytrain);
  load_split(o.data, "t10k", o.test, &xtest, &ytest);
  model m = {.cnn = o.cnn};
  st_params *p = st_params_new();
  build(&m, p);
  st_optim_opts opts = st_optim_defaults(ST_OPTIM_ADAM); /* lr 1e-3 */
  st_optim *opt = st_optim_new(st_params_len(p), st_params_tensors(p), &opts);
  st_batches *batches = st_batches_new(2, (st_tensor *[]){xtrain, ytrain}, o.batch, true, 0, false);
  if (!opt || !batches) FAIL("setting up");
  char csv_name[64];
  snprintf(csv_name, sizeof csv_name, "fashion_%s.csv", o.cnn ? "cnn" : "mlp");
  FILE *csv = fopen(o.csv ? o.csv : csv_name, "w");
  if (!csv) FAIL("cannot write %s", o.csv ? o.csv : csv_name);
  fprintf(csv, "epoch,step,train_loss,train_acc,test_acc\n");
  printf(
      "%s: %lld parameters, %lld training and %lld test images, %lld batches of %lld per epoch\n",
      o.cnn ? "cnn" : "mlp", (long long)st_params_numel(p), (long long)st_size(xtrain, 0),
      (long long)st_size(xtest, 0), (long long)st_batches_count(batches), (long long)o.batch);

  int64_t per_epoch = st_batches_count(batches), total = per_epoch * o.epochs, done = 0;
  double t0 = now();
  for (int epoch = 1; epoch <= o.epochs; epoch++) {
    double loss_sum = 0, seen = 0, hits = 0, epoch_t0 = now();
    st_tensor *batch[2];
    for (int64_t step = 1; st_scope_push() == 0 && st_batches_next(batches, batch) == 1; step++) {
      st_tensor *logits = forward(&m, st_params_tensors(p), batch[0]);
      st_tensor *loss = st_cross_entropy(logits, batch[1], ST_REDUCTION_MEAN);
      if (st_optim_zero_grad(opt) || st_backward(loss, NULL, false, false) || st_optim_step(opt))
        FAIL("training step %lld", (long long)step);
      int64_t n = st_size(batch[0], 0);
      loss_sum += st_item(loss) * (double)n;
      hits += st_item(st_sum_all(st_eq(st_argmax(logits, 1, false), batch[1])));
      seen += (double)n;
      st_scope_pop();
      done++;
      if (step % 100 == 0 || step == per_epoch) {
        double elapsed = now() - t0, left = elapsed / (double)done * (double)(total - done);
        printf("epoch %d/%d  step %4lld/%lld  loss %.4f  acc %5.1f%%  %.1f s left\n", epoch,
               o.epochs, (long long)step, (long long)per_epoch, loss_sum / seen, 100 * hits / seen,
               left);
        fflush(stdout);
        fprintf(csv, "%d,%lld,%.6f,%.6f,\n", epoch, (long long)done, loss_sum / seen, hits / seen);
      }
    }
    st_scope_pop(); /* the scope pushed for the call that ended the epoch */
    double epoch_s = now() - epoch_t0, test_acc = accuracy(&m, p, xtest, ytest);
    printf("epoch %d: train loss %.4f, train acc %.2f%%, test acc %.2f%%, %.1f s\n", epoch,
           loss_sum / seen, 100 * hits / seen, 100 * test_acc, epoch_s);
    fprintf(csv, "%d,%lld,%.6f,%.6f,%.6f\n", epoch, (long long)done, loss_sum / seen, hits / seen,
            test_acc);
  }
  fclose(csv);
  printf("curves: %s (plot: bench/.venv/bin/python examples/plot_curves.py %s)\n",
         o.csv ? o.csv : csv_name, o.csv ? o.csv : csv_name);
  st_batches_free(batches);
  st_optim_free(opt);
  st_params_free(p);
  st_scope_pop();
  return 0;
}
