/* files.c — whole-file reads that refuse anything but a regular file before reading, and writes
   that replace a file only once the new one is complete (written beside it, flushed, renamed
   over it), as st_save and st_load promise for safetensors. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "train.h"

int st__tr_read_file(const char *fn, const char *path, unsigned char **out, size_t *size) {
  *out = NULL;
  *size = 0;
  /* O_NONBLOCK: opening a FIFO must not wait for a writer; the check below refuses it. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return st__tr_error(ST_ERR_IO, "%s: %s: cannot open: %s", fn, path, strerror(errno));
  struct stat info;
  int rc = 0;
  unsigned char *buf = NULL;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    rc = st__tr_error(ST_ERR_IO, "%s: %s: not a regular file", fn, path);
    goto done;
  }
  if ((uint64_t)info.st_size > (uint64_t)SIZE_MAX / 2) {
    rc = st__tr_error(ST_ERR_IO, "%s: %s: the file is too large (%lld bytes)", fn, path,
                      (long long)info.st_size);
    goto done;
  }
  size_t n = (size_t)info.st_size, got = 0;
  if (!(buf = malloc(n ? n : 1))) {
    rc = st__tr_error(ST_ERR_OOM, "%s: %s: out of memory for %zu bytes", fn, path, n);
    goto done;
  }
  while (got < n) {
    ssize_t r = read(fd, buf + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      rc = st__tr_error(ST_ERR_IO, "%s: %s: read failed after %zu of %zu bytes%s%s", fn, path, got,
                        n, r < 0 ? ": " : "", r < 0 ? strerror(errno) : "");
      goto done;
    }
    got += (size_t)r;
  }
  *out = buf;
  *size = n;
  buf = NULL;
done:
  free(buf);
  close(fd);
  return rc;
}

static int write_all(int fd, const void *data, size_t n) {
  const unsigned char *p = data;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

int st__tr_write_file(const char *fn, const char *path, int nparts, const void *const *parts,
                      const size_t *sizes) {
  static _Atomic unsigned counter;
  size_t len = strlen(path) + 48;
  char *tmp = malloc(len);
  if (!tmp) return st__tr_error(ST_ERR_OOM, "%s: out of memory", fn);
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; attempt++) {
    snprintf(tmp, len, "%s.tmp.%ld.%u", path, (long)getpid(), counter++);
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  int rc = 0;
  if (fd < 0) {
    rc = st__tr_error(ST_ERR_IO, "%s: %s: cannot create a file beside it: %s", fn, path,
                      strerror(errno));
    free(tmp);
    return rc;
  }
  for (int i = 0; !rc && i < nparts; i++)
    if (sizes[i] && write_all(fd, parts[i], sizes[i]))
      rc = st__tr_error(ST_ERR_IO, "%s: %s: write failed: %s", fn, path, strerror(errno));
  if (!rc && fsync(fd) != 0)
    rc = st__tr_error(ST_ERR_IO, "%s: %s: flush failed: %s", fn, path, strerror(errno));
  if (close(fd) != 0 && !rc)
    rc = st__tr_error(ST_ERR_IO, "%s: %s: close failed: %s", fn, path, strerror(errno));
  if (!rc && rename(tmp, path) != 0)
    rc = st__tr_error(ST_ERR_IO, "%s: %s: cannot replace it: %s", fn, path, strerror(errno));
  if (rc) unlink(tmp); /* only what this call created */
  free(tmp);
  return rc;
}
