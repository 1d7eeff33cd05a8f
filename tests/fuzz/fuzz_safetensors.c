/* fuzz_safetensors.c — libFuzzer target: st_load on arbitrary bytes.

   The bytes are written to an in-memory file (memfd_create, opened through /proc/self/fd; a
   temporary file where that is missing) and loaded with st_load. Saves go to two files of a
   private directory (in /dev/shm when there is one, so st_save's fsyncs cost little): st_save
   replaces a file by renaming a new one over it, so they are read back by path. Checked:
     - no crash, no sanitizer report, no leak (ASan's leak checker, and st_live_objects()
       back to its value before the run);
     - a failed load returns NULL with status ST_ERR_IO and a message naming st_load;
     - a successful load saves again (st_save) and reloads to the same names, dtypes, shapes
       and bytes, and saving the reloaded set gives the same file (the writer is canonical).
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
    fprintf(stderr, "fuzz_safetensors: check failed: ");                                           \
    fprintf(stderr, __VA_ARGS__);                                                                  \
    fprintf(stderr, "\n");                                                                         \
    abort();                                                                                       \
  } while (0)

typedef struct {
  int fd;
  char path[64];
} file;

static file in_file;
static char out_dir[64], out_path[96], out2_path[96];

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
  snprintf(f->path, sizeof f->path, "%s/strata-fuzz-%s-XXXXXX", dir && dir[0] ? dir : "/tmp", name);
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

/* The directory the saves go to, removed at exit with what is in it. */
static void remove_out_dir(void) {
  unlink(out_path);
  unlink(out2_path);
  rmdir(out_dir);
}

static void make_out_dir(void) {
  const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
  snprintf(out_dir, sizeof out_dir, "%s/strata-fuzz-XXXXXX", dir && dir[0] ? dir : "/tmp");
  if (!mkdtemp(out_dir)) FAIL("cannot make a directory %s", out_dir);
  snprintf(out_path, sizeof out_path, "%s/out.safetensors", out_dir);
  snprintf(out2_path, sizeof out2_path, "%s/out2.safetensors", out_dir);
  atexit(remove_out_dir);
}

/* The whole content of a file (malloc'd), for comparing two saves. */
static uint8_t *read_back(const char *path, size_t *size) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) FAIL("cannot open %s", path);
  off_t end = lseek(fd, 0, SEEK_END);
  if (end < 0) FAIL("lseek failed");
  uint8_t *b = malloc((size_t)end + 1);
  ssize_t n = pread(fd, b, (size_t)end, 0);
  if (n != end) FAIL("reading %s back failed", path);
  close(fd);
  *size = (size_t)end;
  return b;
}

static void check_same(const st_dict *a, const st_dict *b) {
  if (st_dict_len(a) != st_dict_len(b))
    FAIL("the reloaded file has %d tensors, the loaded one %d", st_dict_len(b), st_dict_len(a));
  for (int i = 0; i < st_dict_len(a); i++) {
    const char *name = st_dict_name(a, i);
    st_tensor *x = st_dict_get(a, name), *y = st_dict_get(b, name);
    if (!x) FAIL("st_dict_get of the loaded dict's own name %d failed", i);
    if (!y) FAIL("tensor '%s' is missing after save and reload", name);
    if (strcmp(st_dict_name(b, i), name) != 0)
      FAIL("tensor %d is '%s' after save and reload, '%s' before", i, st_dict_name(b, i), name);
    if (st_dtype_of(x) != st_dtype_of(y)) FAIL("tensor '%s' changed dtype", name);
    int64_t sx[ST_MAX_DIMS], sy[ST_MAX_DIMS];
    int nx = st_shape(x, sx), ny = st_shape(y, sy);
    if (nx != ny || memcmp(sx, sy, sizeof(int64_t) * (size_t)(nx > 0 ? nx : 0)) != 0)
      FAIL("tensor '%s' changed shape", name);
    if (!st_is_contiguous(x) || !st_is_contiguous(y)) FAIL("a loaded tensor is not contiguous");
    size_t bytes = (size_t)st_numel(x) * st_dtype_size(st_dtype_of(x));
    if (bytes && memcmp(st_data_ptr(x), st_data_ptr(y), bytes) != 0) FAIL("tensor '%s' changed values", name);
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  open_file(&in_file, "in");
  make_out_dir();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int64_t live = st_live_objects();
  write_file(&in_file, data, size);
  st_dict *d = st_load(in_file.path);
  if (!d) {
    const char *e = st_last_error();
    if (st_last_status() != ST_ERR_IO) FAIL("st_load failed with status %d, not ST_ERR_IO: %s", (int)st_last_status(), e);
    if (strncmp(e, "st_load: ", 9) != 0) FAIL("st_load's error does not name it: '%s'", e);
  } else {
    if (st_last_status() != ST_OK || st_last_error()[0]) FAIL("a successful st_load left an error: %s", st_last_error());
    if (st_save(out_path, d) != 0) FAIL("saving a loaded file failed: %s", st_last_error());
    st_dict *d2 = st_load(out_path);
    if (!d2) FAIL("reloading a saved file failed: %s", st_last_error());
    check_same(d, d2);
    if (st_save(out2_path, d2) != 0) FAIL("saving a reloaded file failed: %s", st_last_error());
    size_t n1, n2;
    uint8_t *b1 = read_back(out_path, &n1), *b2 = read_back(out2_path, &n2);
    if (n1 != n2 || memcmp(b1, b2, n1) != 0) FAIL("saving the reloaded tensors gives another file");
    free(b1);
    free(b2);
    st_dict_free(d2);
    st_dict_free(d);
  }
  st_clear_error();
  int64_t now = st_live_objects();
  if (now != live) FAIL("%lld strata objects leaked", (long long)(now - live));
  return 0;
}
