/* fuzz_npy.c — libFuzzer target: st_npy_load and st_npz_load on arbitrary bytes.

   The bytes are written to an in-memory file (memfd_create, opened through /proc/self/fd; a
   temporary file where that is missing) and loaded both as .npy and as .npz. Checked:
     - no crash, no sanitizer report, no leak (ASan's leak checker, and st_live_objects() back to
       its value before the run);
     - a failed load returns NULL with ST_ERR_IO (or ST_ERR_UNSUPPORTED for an npz member
       compressed another way, or deflated without zlib) and a message naming the call;
     - a successful load saves again (st_npy_save / st_npz_save) and reloads to the same names,
       dtypes, shapes and bytes, and saving the reloaded value gives the same file (the writers
       are canonical).
   A failed check prints what failed and calls abort(). */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "strata.h"

#define FAIL(...)                                                                                  \
  do {                                                                                             \
    fprintf(stderr, "fuzz_npy: check failed: ");                                                   \
    fprintf(stderr, __VA_ARGS__);                                                                  \
    fprintf(stderr, "\n");                                                                         \
    abort();                                                                                       \
  } while (0)

typedef struct {
  int fd;
  char path[64];
} file;

static file in_file, out_file, out2_file;

static void open_file(file *f, const char *name) {
#ifdef MFD_CLOEXEC
  f->fd = memfd_create(name, MFD_CLOEXEC);
  if (f->fd >= 0) {
    snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
    if (access(f->path, R_OK) == 0) return;
    close(f->fd);
  }
#endif
  const char *dir = getenv("TMPDIR");
  snprintf(f->path, sizeof f->path, "%s/strata-fuzz-npy-%s-XXXXXX", dir && dir[0] ? dir : "/tmp",
           name);
  f->fd = mkstemp(f->path);
  if (f->fd < 0) FAIL("cannot make a temporary file %s", f->path);
}

static void write_file(const file *f, const uint8_t *data, size_t size) {
  if (ftruncate(f->fd, 0) != 0) FAIL("ftruncate failed");
  size_t done = 0;
  while (done < size) {
    ssize_t n = pwrite(f->fd, data + done, size - done, (off_t)done);
    if (n <= 0) FAIL("writing the input failed");
    done += (size_t)n;
  }
}

/* The saves replace the file by renaming a new one over the path: a /proc/self/fd link cannot
   be renamed over, so outputs go to real temporary files. */
static void temp_path(file *f, const char *name) {
  const char *dir = getenv("TMPDIR");
  snprintf(f->path, sizeof f->path, "%s/strata-fuzz-npy-%s-%d", dir && dir[0] ? dir : "/tmp", name,
           (int)getpid());
}

static uint8_t *read_all(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) FAIL("cannot read %s back", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = malloc((size_t)n + 1);
  if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) FAIL("reading %s back failed", path);
  fclose(f);
  *size = (size_t)n;
  return b;
}

static void same_tensor(const char *what, st_tensor *x, st_tensor *y) {
  if (!x || !y) FAIL("%s: missing after save and reload", what);
  if (st_dtype_of(x) != st_dtype_of(y)) FAIL("%s changed dtype", what);
  int64_t sx[ST_MAX_DIMS], sy[ST_MAX_DIMS];
  int nx = st_shape(x, sx), ny = st_shape(y, sy);
  if (nx != ny || memcmp(sx, sy, sizeof(int64_t) * (size_t)(nx > 0 ? nx : 0)) != 0)
    FAIL("%s changed shape", what);
  if (!st_is_contiguous(x) || !st_is_contiguous(y))
    FAIL("%s: a loaded tensor is not contiguous", what);
  size_t bytes = (size_t)st_numel(x) * st_dtype_size(st_dtype_of(x));
  if (bytes && memcmp(st_data_ptr(x), st_data_ptr(y), bytes) != 0) FAIL("%s changed values", what);
}

static void same_files(void) {
  size_t n1, n2;
  uint8_t *b1 = read_all(out_file.path, &n1), *b2 = read_all(out2_file.path, &n2);
  if (n1 != n2 || memcmp(b1, b2, n1) != 0) FAIL("saving the reloaded value gives another file");
  free(b1);
  free(b2);
}

static void check_failure(const char *fn, bool npz) {
  st_status s = st_last_status();
  const char *e = st_last_error();
  if (s != ST_ERR_IO && !(npz && s == ST_ERR_UNSUPPORTED))
    FAIL("%s failed with status %d: %s", fn, (int)s, e);
  if (strncmp(e, fn, strlen(fn)) != 0) FAIL("%s's error does not name it: '%s'", fn, e);
}

static void fuzz_npy(void) {
  st_tensor *t = st_npy_load(in_file.path);
  if (!t) {
    check_failure("st_npy_load", false);
    return;
  }
  if (st_last_status() != ST_OK)
    FAIL("a successful st_npy_load left an error: %s", st_last_error());
  if (st_npy_save(out_file.path, t) != 0) FAIL("saving a loaded .npy failed: %s", st_last_error());
  st_tensor *u = st_npy_load(out_file.path);
  same_tensor("the array", t, u);
  if (st_npy_save(out2_file.path, u) != 0)
    FAIL("saving a reloaded .npy failed: %s", st_last_error());
  same_files();
  st_release(u);
  st_release(t);
}

static void fuzz_npz(void) {
  st_dict *d = st_npz_load(in_file.path);
  if (!d) {
    check_failure("st_npz_load", true);
    return;
  }
  if (st_last_status() != ST_OK)
    FAIL("a successful st_npz_load left an error: %s", st_last_error());
  if (st_npz_save(out_file.path, d) != 0) FAIL("saving a loaded .npz failed: %s", st_last_error());
  st_dict *e = st_npz_load(out_file.path);
  if (!e) FAIL("reloading a saved .npz failed: %s", st_last_error());
  if (st_dict_len(d) != st_dict_len(e)) FAIL("the reloaded archive has other members");
  for (int i = 0; i < st_dict_len(d); i++) {
    const char *name = st_dict_name(d, i);
    if (strcmp(name, st_dict_name(e, i)) != 0) FAIL("member %d renamed or moved", i);
    same_tensor(name, st_dict_get(d, name), st_dict_get(e, name));
  }
  if (st_npz_save(out2_file.path, e) != 0)
    FAIL("saving a reloaded .npz failed: %s", st_last_error());
  same_files();
  st_dict_free(e);
  st_dict_free(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  open_file(&in_file, "in");
  temp_path(&out_file, "out");
  temp_path(&out2_file, "out2");
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int64_t live = st_live_objects();
  write_file(&in_file, data, size);
  fuzz_npy();
  st_clear_error();
  fuzz_npz();
  st_clear_error();
  int64_t now = st_live_objects();
  if (now != live) FAIL("%lld strata objects leaked", (long long)(now - live));
  return 0;
}
