/* batches.c — minibatches over the first dim of a set of tensors, with a seeded shuffle per
   epoch that depends on (seed, epoch) alone, so a run can stop and resume at any batch. */
#include <stdlib.h>
#include <string.h>

#include "train.h"

struct st_batches {
  int n;
  st_dict *refs;  /* holds the tensors ("0", "1", ...) */
  st_tensor **ts; /* borrowed from refs */
  int64_t rows, batch_size, count;
  bool shuffle, drop_last;
  uint64_t seed;
  int64_t epoch, next; /* the next batch: batch `next` of `epoch` */
  int64_t *perm;       /* the order of `perm_epoch` */
  int64_t perm_epoch;
};

/* SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators", 2014). */
static uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Uniform in [0, bound) without modulo bias (Lemire's rejection on the high product). */
static uint64_t below(uint64_t *s, uint64_t bound) {
  uint64_t threshold = -bound % bound;
  for (;;) {
    uint64_t r = splitmix64(s);
    unsigned __int128 m = (unsigned __int128)r * bound;
    if ((uint64_t)m >= threshold) return (uint64_t)(m >> 64);
  }
}

/* The rows of epoch e in order: identity, or a Fisher-Yates shuffle seeded by (seed, e). */
static void order_of(st_batches *b, int64_t epoch) {
  if (b->perm_epoch == epoch) return;
  for (int64_t i = 0; i < b->rows; i++) b->perm[i] = i;
  if (b->shuffle) {
    uint64_t s = b->seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(epoch + 1));
    for (int64_t i = b->rows - 1; i > 0; i--) {
      int64_t j = (int64_t)below(&s, (uint64_t)i + 1), t = b->perm[i];
      b->perm[i] = b->perm[j];
      b->perm[j] = t;
    }
  }
  b->perm_epoch = epoch;
}

void st_batches_free(st_batches *b) {
  if (!b) return;
  st_dict_free(b->refs);
  free(b->ts);
  free(b->perm);
  free(b);
}

static int check_inputs(int n, st_tensor *const *ts, int64_t batch_size, int64_t *rows) {
  const char *fn = "st_batches_new";
  if (n < 1 || !ts)
    return st__tr_error(ST_ERR_ARG, "%s: needs at least one tensor (n is %d)", fn, n);
  if (batch_size < 1)
    return st__tr_error(ST_ERR_ARG, "%s: batch_size is %lld", fn, (long long)batch_size);
  for (int i = 0; i < n; i++) {
    if (!ts[i]) return st__tr_null_arg(fn, 2);
    if (st_ndim(ts[i]) < 1) return st__tr_error(ST_ERR_SHAPE, "%s: tensor %d is 0-dim", fn, i);
    int64_t r = st_size(ts[i], 0);
    if (i == 0)
      *rows = r;
    else if (r != *rows)
      return st__tr_error(ST_ERR_SHAPE, "%s: tensor %d has %lld rows, tensor 0 has %lld", fn, i,
                          (long long)r, (long long)*rows);
  }
  return 0;
}

st_batches *st_batches_new(int ntensors, st_tensor *const *tensors, int64_t batch_size,
                           bool shuffle, uint64_t seed, bool drop_last) {
  int64_t rows = 0;
  if (check_inputs(ntensors, tensors, batch_size, &rows)) return NULL;
  st_batches *b = calloc(1, sizeof *b);
  if (!b || !(b->ts = calloc((size_t)ntensors, sizeof *b->ts)) ||
      !(b->perm = malloc(sizeof *b->perm * (size_t)(rows ? rows : 1)))) {
    st__tr_error(ST_ERR_OOM, "st_batches_new: out of memory");
    goto fail;
  }
  if (!(b->refs = st_dict_new())) goto fail;
  for (int i = 0; i < ntensors; i++) {
    char key[16];
    snprintf(key, sizeof key, "%d", i);
    if (st_dict_set(b->refs, key, tensors[i])) goto fail;
    b->ts[i] = tensors[i];
  }
  b->n = ntensors;
  b->rows = rows;
  b->batch_size = batch_size;
  b->count = drop_last ? rows / batch_size : (rows + batch_size - 1) / batch_size;
  b->shuffle = shuffle;
  b->drop_last = drop_last;
  b->seed = seed;
  b->perm_epoch = -1;
  st_clear_error();
  return b;
fail:
  st_batches_free(b);
  return NULL;
}

int64_t st_batches_count(const st_batches *b) { return b ? b->count : -1; }
int64_t st_batches_epoch(const st_batches *b) { return b ? b->epoch : -1; }

int st_batches_seek(st_batches *b, int64_t epoch, int64_t batch) {
  if (!b) return st__tr_error(ST_ERR_ARG, "st_batches_seek: the iterator is NULL");
  if (epoch < 0 || batch < 0 || batch > b->count)
    return st__tr_error(ST_ERR_ARG, "st_batches_seek: epoch %lld, batch %lld (an epoch has %lld)",
                        (long long)epoch, (long long)batch, (long long)b->count);
  b->epoch = epoch;
  b->next = batch;
  st_clear_error();
  return 0;
}

/* Batch `k` of the current epoch, one copy per tensor, kept into the caller's scope. */
static int make_batch(st_batches *b, int64_t k, st_tensor **out) {
  int64_t lo = k * b->batch_size, hi = lo + b->batch_size < b->rows ? lo + b->batch_size : b->rows;
  st_tensor *idx = st_from_data(ST_I64, ST_SHAPE(hi - lo), b->perm + lo);
  for (int i = 0; i < b->n; i++) {
    bool was = st_set_grad_enabled(false);
    out[i] = st_index_select(b->ts[i], 0, idx);
    st_set_grad_enabled(was);
    if (!out[i]) return st__tr_status();
  }
  return 0;
}

int st_batches_next(st_batches *b, st_tensor **out) {
  if (!b) return st__tr_error(ST_ERR_ARG, "st_batches_next: the iterator is NULL");
  if (!out) return st__tr_null_arg("st_batches_next", 2);
  if (b->next >= b->count) { /* the end of this epoch; the next call starts the next one */
    b->epoch++;
    b->next = 0;
    st_clear_error();
    return 0;
  }
  order_of(b, b->epoch);
  st_tensor **made = calloc((size_t)b->n, sizeof *made);
  if (!made) return st__tr_error(ST_ERR_OOM, "st_batches_next: out of memory");
  int rc = st_scope_push();
  if (!rc) rc = make_batch(b, b->next, made);
  if (!rc)
    for (int i = 0; i < b->n; i++) out[i] = st_keep(made[i]);
  st_scope_pop();
  free(made);
  if (rc) return rc;
  b->next++;
  st_clear_error();
  return 1;
}
