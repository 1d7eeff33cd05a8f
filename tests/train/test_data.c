/* test_data.c — .npy and .npz against the files NumPy writes (tests/train/gen_npy.py), round
   trips, bad files refused cleanly, and the minibatch iterator. */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "util.h"

/* NULL-safe (a failed call under the allocation-failure sweep returns NULL names). */
static bool streq(const char *a, const char *b) { return a && b && !strcmp(a, b); }

#include "npy_expected.h"

/* A fresh temporary path (the file does not exist), removed by drop_path. */
static void temp_path(char *buf, size_t size, const char *ext) {
  const char *dir = getenv("TMPDIR");
  snprintf(buf, size, "%s/strata-test-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(buf);
  CHECK(fd >= 0);
  close(fd);
  unlink(buf);
  strncat(buf, ext, size - strlen(buf) - 1);
}

static void write_bytes(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL);
  if (!f) return;
  CHECK(fwrite(data, 1, size, f) == size);
  fclose(f);
}

static unsigned char *read_bytes(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc((size_t)n + 1);
  *size = fread(b, 1, (size_t)n, f);
  fclose(f);
  return b;
}

static void check_case(st_tensor *t, const npy_case *c) {
  CHECK(t != NULL);
  if (!t) return;
  CHECK_EQ_INT(st_dtype_of(t), c->dtype);
  st_test_shape(__FILE__, __LINE__, t, c->ndim, c->shape);
  if (c->n) st_test_close(__FILE__, __LINE__, t, c->values, c->n, 0);
  CHECK(st_is_contiguous(t));
}

/* numpy/lib/tests/test_format.py test_roundtrip and friends: every dtype, byte order, Fortran
   order, 0-dim and empty arrays, format versions 1, 2 and 3, as NumPy wrote them. */
TEST(npy_load_reads_every_file_numpy_wrote) {
  char path[256];
  temp_path(path, sizeof path, ".npy");
  for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
    const npy_case *c = &npy_cases[i];
    write_bytes(path, c->bytes, c->size);
    st_tensor *t = st_npy_load(path);
    if (!t) st_test_fail(__FILE__, __LINE__, "%s: %s", c->name, st_last_error());
    check_case(t, c);
    CHECK_EQ_INT(st_last_status(), ST_OK);
  }
  unlink(path);
}

static void check_saved_bytes(st_tensor *t, const unsigned char *want, size_t n) {
  char path[256];
  temp_path(path, sizeof path, ".npy");
  CHECK_EQ_INT(st_npy_save(path, t), 0);
  size_t size = 0;
  unsigned char *got = read_bytes(path, &size);
  CHECK(got != NULL);
  CHECK_EQ_INT(size, n);
  if (got && size == n && memcmp(got, want, n))
    st_test_fail(__FILE__, __LINE__, "the bytes differ from np.save's");
  free(got);
  unlink(path);
}

/* st_npy_save writes what np.save writes, byte for byte (version 1.0, the header padded to 64). */
TEST(npy_save_writes_the_bytes_numpy_writes) {
  check_saved_bytes(tu_tensor(ST_F32, ST_SHAPE(2, 3), (double[]){1.5, -2, 3, 4, 5, 6.25}),
                    npy_saved_f4, sizeof npy_saved_f4);
  check_saved_bytes(st_scalar(ST_I64, 7), npy_saved_i8_scalar, sizeof npy_saved_i8_scalar);
  check_saved_bytes(tu_tensor(ST_BOOL, ST_SHAPE(2), (double[]){1, 0}), npy_saved_b1_vector,
                    sizeof npy_saved_b1_vector);
}

TEST(npy_round_trips_every_dtype_and_layout) {
  char path[256];
  temp_path(path, sizeof path, ".npy");
  st_dtype dts[9] = {ST_F32, ST_F64, ST_I64, ST_BOOL, ST_F16, ST_I32, ST_I16, ST_I8, ST_U8};
  double vals[12];
  tu_fill(vals, 12, -50, 50, 3);
  for (int d = 0; d < 9; d++) {
    st_tensor *ts[3] = {tu_tensor(dts[d], ST_SHAPE(3, 4), vals),
                        tu_noncontig(dts[d], ST_SHAPE(3, 4), vals),
                        tu_tensor(dts[d], 0, NULL, vals)};
    for (int k = 0; k < 3; k++) {
      CHECK_EQ_INT(st_npy_save(path, ts[k]), 0);
      st_tensor *back = st_npy_load(path);
      CHECK(back != NULL);
      if (!back) continue;
      CHECK_EQ_INT(st_dtype_of(back), dts[d]);
      CHECK_EQ_INT(st_ndim(back), st_ndim(ts[k]));
      double *want = tu_values(ts[k]);
      st_test_close(__FILE__, __LINE__, back, want, st_numel(ts[k]), 0);
      free(want);
    }
  }
  /* NumPy has no bfloat16 */
  CHECK_FAILS(st_npy_save(path, st_ones(ST_BF16, 1, (const int64_t[]){2})) != 0, ST_ERR_DTYPE,
              "bf16 has no .npy form");
  /* a tensor that requires grad saves its values */
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 2});
  st_set_requires_grad(w, true);
  CHECK_EQ_INT(st_npy_save(path, st_mul_scalar(w, 2)), 0);
  CHECK_CLOSE(st_npy_load(path), 0, 2, 4);
  unlink(path);
}

/* Bytes of the f4_c case with the header text replaced by `dict` (padded as numpy pads). */
static size_t with_header(unsigned char *out, const char *dict, const unsigned char *data,
                          size_t ndata) {
  size_t len = strlen(dict) + 1, pad = (64 - (10 + len) % 64) % 64;
  memcpy(out, "\x93NUMPY\x01\x00", 8);
  out[8] = (unsigned char)((len + pad) & 0xff), out[9] = (unsigned char)((len + pad) >> 8);
  memcpy(out + 10, dict, len - 1);
  memset(out + 9 + len, ' ', pad);
  out[9 + len + pad] = '\n';
  memcpy(out + 10 + len + pad, data, ndata);
  return 10 + len + pad + ndata;
}

static void check_refused(const char *path, const void *bytes, size_t n, const char *needle) {
  write_bytes(path, bytes, n);
  int64_t live = st_live_objects();
  st_clear_error();
  st_tensor *t = st_npy_load(path);
  CHECK(t == NULL);
  if (t) return;
  CHECK_EQ_INT(st_last_status(), ST_ERR_IO);
  if (!strstr(st_last_error(), needle) || !strstr(st_last_error(), "st_npy_load"))
    st_test_fail(__FILE__, __LINE__, "message '%s' lacks '%s'", st_last_error(), needle);
  CHECK_EQ_INT(st_live_objects(), live);
  st_clear_error();
}

/* test_format.py test_bad_header / test_bad_magic_args / test_large_header: malformed headers,
   dtypes strata lacks, sizes that do not match, and every truncation of a good file. */
TEST(npy_load_refuses_bad_files_with_an_io_error) {
  char path[256];
  temp_path(path, sizeof path, ".npy");
  const npy_case *c = &npy_cases[0]; /* f4 [2, 3] */
  const unsigned char *data = c->bytes + (c->size - 24);
  unsigned char buf[512];
  check_refused(path, "hello world, not numpy", 22, "no \\x93NUMPY magic");
  memcpy(buf, c->bytes, c->size);
  buf[6] = 4;
  check_refused(path, buf, c->size, "format version 4.0");
  struct {
    const char *dict, *needle;
  } headers[] = {
      {"{'descr': '<f4', 'fortran_order': False}", "missing 'shape'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'extra': 1}",
       "unexpected key 'extra'"},
      {"{'descr': '<c8', 'fortran_order': False, 'shape': (2, 3), }", "dtype '<c8'"},
      {"{'descr': '|O', 'fortran_order': False, 'shape': (2, 3), }", "dtype '|O'"},
      {"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2, 3), }", "expected a string"},
      {"{'descr': '<f4', 'fortran_order': 0, 'shape': (2, 3), }", "True or False"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (-2, 3), }", "bad shape entry"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,6), }",
       "more than 16"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 4), }",
       "need 32 bytes of data, the file has 24"},
      {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
       "appears twice"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } x", "text after the dict"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999, 3), }",
       "too large"},
      /* no elements, but strides past int64 (the fuzzer's: it reached st_zeros' ST_ERR_ARG) */
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3333333333, 3333333333), }",
       "too many elements"},
  };
  for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
    size_t n = with_header(buf, headers[i].dict, data, 24);
    check_refused(path, buf, n, headers[i].needle);
  }
  size_t n =
      with_header(buf, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", data, 24);
  write_bytes(path, buf, n);
  CHECK(st_npy_load(path) != NULL); /* the control: the same construction, valid */
  buf[n] = 0;
  check_refused(path, buf, n + 1, "the file has 25"); /* one byte too many */
  for (size_t cut = 0; cut < c->size; cut++) check_refused(path, c->bytes, cut, "");
  unlink(path);
}

/* st_load's promise, kept here: a FIFO or a directory is refused before anything is read (the
   open does not wait for a writer). */
TEST(npy_and_npz_load_refuse_a_fifo_and_a_directory_without_blocking) {
  char path[256];
  temp_path(path, sizeof path, ".fifo");
  CHECK_EQ_INT(mkfifo(path, 0600), 0);
  CHECK_FAILS(st_npy_load(path) == NULL, ST_ERR_IO, "not a regular file");
  CHECK_FAILS(st_npz_load(path) == NULL, ST_ERR_IO, "not a regular file");
  unlink(path);
  const char *dir = getenv("TMPDIR");
  CHECK_FAILS(st_npy_load(dir && *dir ? dir : "/tmp") == NULL, ST_ERR_IO, "not a regular file");
  CHECK_FAILS(st_npy_load("/nonexistent/strata.npy") == NULL, ST_ERR_IO, "cannot open");
  CHECK_FAILS(st_npy_save("/nonexistent/strata.npy", st_zeros(ST_F32, ST_SHAPE(1))) != 0, ST_ERR_IO,
              "cannot create");
}

static void check_npz_xy(st_dict *d) {
  CHECK(d != NULL);
  if (!d) return;
  CHECK_EQ_INT(st_dict_len(d), 2);
  CHECK(streq(st_dict_name(d, 0), "x") && streq(st_dict_name(d, 1), "y"));
  st_tensor *x = st_dict_get(d, "x"), *y = st_dict_get(d, "y");
  CHECK_SHAPE(x, 2, 2);
  CHECK_CLOSE(x, 0, 1, 2, 3, 4.5);
  CHECK_EQ_INT(st_dtype_of(y), ST_I64);
  CHECK_CLOSE(y, 0, -1, 0, 9);
}

/* numpy/lib/tests/test_io.py TestSavezLoad: archives from numpy.savez (stored, with zip64 extra
   fields) and numpy.savez_compressed (deflated: read when strata has zlib, else refused as
   unsupported, naming the member). */
TEST(npz_load_reads_numpy_savez_and_savez_compressed) {
  char path[256];
  temp_path(path, sizeof path, ".npz");
  write_bytes(path, npz_stored, sizeof npz_stored);
  st_dict *d = st_npz_load(path);
  check_npz_xy(d);
  st_dict_free(d);
  write_bytes(path, npz_deflated, sizeof npz_deflated);
  st_clear_error();
  d = st_npz_load(path);
  if (d)
    check_npz_xy(d);
  else
    CHECK(st_last_status() == ST_ERR_UNSUPPORTED && strstr(st_last_error(), "x.npy\" is deflated"));
  st_dict_free(d);
  unlink(path);
}

TEST(npz_save_round_trips_names_order_and_values) {
  char path[256];
  temp_path(path, sizeof path, ".npz");
  st_dict *d = st_dict_new();
  st_dict_set(d, "weights/w", tu_noncontig(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6}));
  st_dict_set(d, "a", st_scalar(ST_F32, -1.5));
  st_dict_set(d, "mask", tu_tensor(ST_BOOL, ST_SHAPE(3), (double[]){1, 0, 1}));
  st_dict_set(d, "empty", st_zeros(ST_I64, ST_SHAPE(0)));
  CHECK_EQ_INT(st_npz_save(path, d), 0);
  st_dict *back = st_npz_load(path);
  CHECK(back != NULL);
  if (back) {
    CHECK_EQ_INT(st_dict_len(back), 4);
    for (int i = 0; i < 4; i++) CHECK(streq(st_dict_name(back, i), st_dict_name(d, i)));
    CHECK_CLOSE(st_dict_get(back, "weights/w"), 0, 1, 2, 3, 4, 5, 6);
    CHECK_CLOSE(st_dict_get(back, "a"), 0, -1.5);
    CHECK_EQ_INT(st_dtype_of(st_dict_get(back, "mask")), ST_BOOL);
    CHECK_SHAPE(st_dict_get(back, "empty"), 0);
  }
  /* the writer is canonical: saving what was read gives the same file */
  char path2[256];
  temp_path(path2, sizeof path2, ".npz");
  CHECK_EQ_INT(st_npz_save(path2, back), 0);
  size_t n1 = 0, n2 = 0;
  unsigned char *b1 = read_bytes(path, &n1), *b2 = read_bytes(path2, &n2);
  CHECK(n1 == n2 && b1 && b2 && !memcmp(b1, b2, n1));
  free(b1);
  free(b2);
  st_dict_free(back);
  st_dict_free(d);
  unlink(path);
  unlink(path2);
}

static void check_npz_refused(const char *path, const void *bytes, size_t n, st_status status,
                              const char *needle) {
  write_bytes(path, bytes, n);
  int64_t live = st_live_objects();
  st_clear_error();
  st_dict *d = st_npz_load(path);
  CHECK(d == NULL);
  st_dict_free(d);
  CHECK_EQ_INT(st_last_status(), status);
  if (!strstr(st_last_error(), needle))
    st_test_fail(__FILE__, __LINE__, "message '%s' lacks '%s'", st_last_error(), needle);
  CHECK_EQ_INT(st_live_objects(), live);
  st_clear_error();
}

/* The offset of the k-th (0-based) occurrence of sig in buf, or -1. */
static long find_sig(const unsigned char *buf, size_t n, const char *sig, int k) {
  for (size_t i = 0; i + 4 <= n; i++)
    if (!memcmp(buf + i, sig, 4) && k-- == 0) return (long)i;
  return -1;
}

TEST(npz_load_refuses_corrupt_archives) {
  char path[256];
  temp_path(path, sizeof path, ".npz");
  size_t n = sizeof npz_stored;
  unsigned char buf[sizeof npz_stored];
  /* the last byte of member x's data (just before y's local header) flipped: CRC mismatch */
  memcpy(buf, npz_stored, n);
  long y_local = find_sig(buf, n, "PK\x03\x04", 1);
  CHECK(y_local > 0);
  buf[y_local - 1] ^= 0x40;
  check_npz_refused(path, buf, n, ST_ERR_IO, "member \"x.npy\": CRC-32 mismatch");
  /* a member that is not a .npy file */
  memcpy(buf, npz_stored, n);
  for (size_t i = 0; i + 5 <= n; i++)
    if (!memcmp(buf + i, "x.npy", 5)) memcpy(buf + i, "x.txt", 5);
  check_npz_refused(path, buf, n, ST_ERR_IO, "\"x.txt\" is not a .npy file");
  /* a compression method other than stored and deflated */
  memcpy(buf, npz_stored, n);
  long central = find_sig(buf, n, "PK\x01\x02", 0);
  CHECK(central > 0);
  buf[central + 10] = 12;
  check_npz_refused(path, buf, n, ST_ERR_UNSUPPORTED, "compression method 12");
  /* the directory pointing outside the file */
  memcpy(buf, npz_stored, n);
  long eocd = find_sig(buf, n, "PK\x05\x06", 0);
  CHECK(eocd > 0);
  buf[eocd + 16] = 0xf0, buf[eocd + 17] = 0xff, buf[eocd + 18] = 0xff, buf[eocd + 19] = 0x7f;
  check_npz_refused(path, buf, n, ST_ERR_IO, "");
  /* every truncation */
  for (size_t cut = 0; cut < n; cut++)
    check_npz_refused(path, npz_stored, cut, ST_ERR_IO, "st_npz_load");
  unlink(path);
}

/* -------------------------------------------------------------------------------- batches */

/* Rows seen in one epoch, as the values of a [rows] tensor of their indices. */
static int64_t epoch_rows(st_batches *b, int64_t *seen, int64_t *sizes) {
  int64_t n = 0, k = 0;
  st_tensor *out[2];
  int rc;
  while ((rc = st_batches_next(b, out)) == 1) {
    double v[64] = {0};
    int64_t m = st_numel(out[0]);
    st_to_f64(out[0], v, m);
    for (int64_t i = 0; i < m; i++) seen[n++] = (int64_t)v[i];
    sizes[k++] = m;
    double w[64] = {0};
    st_to_f64(out[1], w, m * 2);
    for (int64_t i = 0; i < m; i++) CHECK_NEAR(w[2 * i], 10 * v[i], 0); /* rows stay aligned */
  }
  CHECK_EQ_INT(rc, 0);
  return n;
}

/* torch.utils.data.DataLoader(shuffle=True, generator=seeded, drop_last=...): each epoch visits
   every row once in a seeded order that changes per epoch and repeats for the same seed. */
TEST(batches_visit_every_row_once_per_epoch_in_a_seeded_order) {
  double idx[10], pairs[20];
  for (int i = 0; i < 10; i++) idx[i] = i, pairs[2 * i] = 10 * i, pairs[2 * i + 1] = -i;
  st_tensor *t[2] = {tu_tensor(ST_I64, ST_SHAPE(10), idx),
                     tu_tensor(ST_F32, ST_SHAPE(10, 2), pairs)};
  st_batches *b = st_batches_new(2, t, 4, true, 42, false);
  CHECK_EQ_INT(st_batches_count(b), 3);
  int64_t e0[10] = {0}, e1[10] = {0}, sizes[4] = {0};
  CHECK_EQ_INT(epoch_rows(b, e0, sizes), 10);
  CHECK_EQ_INT(sizes[0], 4);
  CHECK_EQ_INT(sizes[2], 2);
  CHECK_EQ_INT(st_batches_epoch(b), 1);
  CHECK_EQ_INT(epoch_rows(b, e1, sizes), 10);
  int hits[10] = {0}, moved = 0, differs = 0;
  for (int i = 0; i < 10; i++) hits[e0[i]]++, moved += e0[i] != i, differs += e0[i] != e1[i];
  for (int i = 0; i < 10; i++) CHECK_EQ_INT(hits[i], 1);
  CHECK(moved > 0 && differs > 0);
  /* the same seed gives the same epochs; seek resumes in the middle */
  st_batches *again = st_batches_new(2, t, 4, true, 42, false);
  CHECK_EQ_INT(st_batches_seek(again, 1, 1), 0);
  st_tensor *out[2] = {0}; /* NULL when the call fails before it writes (the sweep) */
  CHECK_EQ_INT(st_batches_next(again, out), 1);
  double v[4];
  st_to_f64(out[0], v, 4);
  for (int i = 0; i < 4; i++) CHECK_EQ_INT((int64_t)v[i], e1[4 + i]);
  st_batches_free(again);
  st_batches_free(b);
  /* drop_last and no shuffle: rows in order, the short batch dropped */
  b = st_batches_new(2, t, 4, false, 0, true);
  CHECK_EQ_INT(st_batches_count(b), 2);
  CHECK_EQ_INT(epoch_rows(b, e0, sizes), 8);
  for (int i = 0; i < 8; i++) CHECK_EQ_INT(e0[i], i);
  st_batches_free(b);
}

TEST(batches_refuse_tensors_of_different_lengths) {
  st_tensor *t[2] = {st_zeros(ST_F32, ST_SHAPE(5, 2)), st_zeros(ST_I64, ST_SHAPE(4))};
  CHECK_FAILS(st_batches_new(2, t, 2, true, 1, false) == NULL, ST_ERR_SHAPE,
              "tensor 1 has 4 rows, tensor 0 has 5");
  CHECK_FAILS(st_batches_new(1, t, 0, true, 1, false) == NULL, ST_ERR_ARG, "batch_size is 0");
  st_batches *b = st_batches_new(1, t, 2, false, 0, false);
  CHECK_FAILS(st_batches_seek(b, 0, 9) != 0, ST_ERR_ARG, "batch 9");
  st_batches_free(b);
}
