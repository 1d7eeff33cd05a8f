/* safetensors.c — st_save / st_load in the safetensors format, with a strict, bounded parser.

   Format (https://github.com/huggingface/safetensors, "Format"): an unsigned little-endian
   64-bit header size N, N bytes of UTF-8 JSON mapping each tensor name to {"dtype", "shape",
   "data_offsets": [begin, end]} (offsets relative to the byte buffer) plus an optional
   "__metadata__" object of strings, then the byte buffer, which the tensors cover exactly, in
   row-major little-endian order. The loader trusts nothing in the file: every count and offset
   is checked against the file's size before anything is allocated for it, and it opens only
   regular files (without blocking on a FIFO). The writer replaces its target atomically: a
   temporary file beside it, flushed, then renamed over it (see "replacing the file safely"). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core.h"

#define MAX_HEADER_SIZE 100000000 /* the reference implementation's limit */
#define METADATA_KEY    "__metadata__"
#define CHUNK_BYTES     65536 /* staging buffer for tensors that are not plain contiguous bytes */

static const char *const DTYPE_NAMES[] = {
    [ST_F32] = "F32", [ST_F64] = "F64", [ST_I64] = "I64",   [ST_BOOL] = "BOOL", [ST_F16] = "F16",
    [ST_BF16] = "BF16", [ST_I32] = "I32", [ST_I16] = "I16", [ST_I8] = "I8",     [ST_U8] = "U8"};

/* ------------------------------------------------------------------ little-endian helpers */

static bool host_is_little_endian(void) {
  const uint16_t one = 1;
  return *(const unsigned char *)&one == 1;
}

static void put_u64_le(unsigned char *b, uint64_t v) {
  for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_u64_le(const unsigned char *b) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)b[i] << (8 * i);
  return v;
}

/* Converts n elements of es bytes between host and little-endian order, in place. */
static void to_from_le(void *buf, size_t n, size_t es) {
  if (host_is_little_endian() || es == 1) return;
  unsigned char *p = buf;
  for (size_t i = 0; i < n; i++, p += es)
    for (size_t a = 0, b = es - 1; a < b; a++, b--) {
      unsigned char tmp = p[a];
      p[a] = p[b];
      p[b] = tmp;
    }
}

/* ------------------------------------------------------------------------------- UTF-8 */

/* Index of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong forms,
   no surrogates, nothing above U+10FFFF), or n when all is well. */
static size_t utf8_invalid_at(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    size_t len = c < 0x80             ? 1
                 : (c & 0xE0) == 0xC0 ? 2
                 : (c & 0xF0) == 0xE0 ? 3
                 : (c & 0xF8) == 0xF0 ? 4
                                      : 0;
    if (!len || i + len > n) return i;
    uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (size_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xC0) != 0x80) return i;
      cp = cp << 6 | (s[i + k] & 0x3F);
    }
    static const uint32_t min_cp[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_cp[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return n;
}

static size_t put_utf8(char *out, uint32_t cp) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | cp >> 6);
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | cp >> 12);
    out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | cp >> 18);
  out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
  out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* ================================================================================== saving */

static void text_str(st_text *b, const char *s) { st__text_add(b, s, strlen(s)); }

static void text_json_string(st_text *b, const char *s) {
  st__text_add(b, "\"", 1);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    char esc[8];
    if (c == '"' || c == '\\') {
      esc[0] = '\\', esc[1] = (char)c;
      st__text_add(b, esc, 2);
    } else if (c < 0x20) {
      st__text_add(b, esc, (size_t)snprintf(esc, sizeof esc, "\\u%04x", c));
    } else {
      st__text_add(b, s, 1);
    }
  }
  st__text_add(b, "\"", 1);
}

static uint64_t tensor_bytes(const st_tensor *t) {
  return (uint64_t)st__numel(t->ndim, t->shape) * st_dtype_size(t->dtype);
}

/* The names must round-trip through st_load: UTF-8, and not the metadata key. */
static int check_names(const char *path, const st_dict *d) {
  for (int i = 0; i < st_dict_len(d); i++) {
    const char *name = st_dict_name(d, i);
    size_t n = strlen(name);
    if (utf8_invalid_at((const unsigned char *)name, n) != n)
      return st__error(ST_ERR_ARG, "st_save: %s: tensor name '%s' is not valid UTF-8", path, name);
    if (strcmp(name, METADATA_KEY) == 0)
      return st__error(ST_ERR_ARG, "st_save: %s: tensor name '%s' is reserved", path, name);
  }
  return 0;
}

/* The JSON header, compact as the reference writer makes it, padded with spaces to a multiple
   of 8 bytes so that the byte buffer starts aligned. */
static int build_header(const st_dict *d, st_text *h) {
  uint64_t offset = 0;
  text_str(h, "{");
  /* Stop at the first OOM: the dict's lookups below would clear its error. */
  for (int i = 0; i < st_dict_len(d) && !h->failed; i++) {
    const char *name = st_dict_name(d, i);
    const st_tensor *t = st_dict_get(d, name);
    text_str(h, i ? "," : "");
    text_json_string(h, name);
    text_str(h, ":{\"dtype\":\"");
    text_str(h, DTYPE_NAMES[t->dtype]);
    text_str(h, "\",\"shape\":[");
    for (int k = 0; k < t->ndim; k++) {
      text_str(h, k ? "," : "");
      st__text_printf(h, "%llu", (unsigned long long)t->shape[k]);
    }
    text_str(h, "],\"data_offsets\":[");
    st__text_printf(h, "%llu", (unsigned long long)offset);
    text_str(h, ",");
    if (__builtin_add_overflow(offset, tensor_bytes(t), &offset))
      return st__error(ST_ERR_ARG, "st_save: the tensors hold more than 2^64 bytes");
    st__text_printf(h, "%llu", (unsigned long long)offset);
    text_str(h, "]}");
  }
  text_str(h, "}");
  while (!h->failed && h->len % 8) text_str(h, " ");
  return h->failed ? ST_ERR_OOM : 0;
}

static int write_failed(const char *path) {
  return st__error(ST_ERR_IO, "st_save: %s: write failed: %s", path, strerror(errno));
}

/* Writes t's values in row-major order, staging through `chunk` unless they already lie in
   memory as the file wants them. */
static int write_tensor(FILE *f, const char *path, const st_tensor *t, char *chunk) {
  if (!(t = st__plain("st_save", t))) return st__status();
  size_t es = st_dtype_size(t->dtype);
  int64_t n = st__numel(t->ndim, t->shape);
  if (n == 0) return 0;
  if (st__is_contiguous(t) && host_is_little_endian())
    return fwrite(st__data(t), es, (size_t)n, f) == (size_t)n ? 0 : write_failed(path);
  int64_t idx[ST_MAX_DIMS] = {0}, off = 0;
  size_t fill = 0, per_chunk = CHUNK_BYTES / es;
  const char *base = st__data(t);
  for (int64_t k = 0; k < n; k++) {
    memcpy(chunk + fill * es, base + off * (int64_t)es, es);
    if (++fill == per_chunk || k == n - 1) {
      to_from_le(chunk, fill, es);
      if (fwrite(chunk, es, fill, f) != fill) return write_failed(path);
      fill = 0;
    }
    for (int d = t->ndim - 1; d >= 0; d--) {
      off += t->strides[d];
      if (++idx[d] < t->shape[d]) break;
      off -= t->strides[d] * t->shape[d];
      idx[d] = 0;
    }
  }
  return 0;
}

/* --------------------------------------------------------------- replacing the file safely */

/* st_save never writes into the file it replaces: it writes a temporary file beside the
   target, flushes it to the disk, and renames it over the target only when it is complete, so
   the target holds the old bytes or the new ones, never a mix, and a failed save leaves it as
   it was. A symlink is followed: the file it names is replaced (the link stays). An existing
   target that is not a regular file (a directory, FIFO, device) is refused and left alone. */

#define MAX_LINKS 40 /* symlinks followed before giving up (Linux's own limit) */

typedef struct {
  char target[PATH_MAX]; /* the path with every trailing symlink followed */
  char temp[PATH_MAX];   /* the temporary beside it; empty until it exists */
  bool exists;           /* the target exists (then mode holds its permissions) */
  mode_t mode;
} destination;

static int io_error(const char *path, const char *what, const char *detail) {
  return st__error(ST_ERR_IO, "st_save: %s: %s%s%s", path, what, detail ? ": " : "",
                   detail ? detail : "");
}

/* The directory part of path ("." when it has none), written to dir. */
static void dir_of(const char *path, char *dir, size_t size) {
  const char *slash = strrchr(path, '/');
  if (!slash) {
    snprintf(dir, size, ".");
    return;
  }
  size_t n = slash == path ? 1 : (size_t)(slash - path); /* "/x" lives in "/" */
  snprintf(dir, size, "%.*s", (int)n, path);
}

/* Follows symlinks from path to the file they name (which need not exist yet). A relative
   link is read from the directory of the link. */
static int resolve_target(const char *path, destination *dst) {
  if (strlen(path) >= sizeof dst->target) return io_error(path, "path is too long", NULL);
  strcpy(dst->target, path);
  for (int hops = 0;; hops++) {
    struct stat info;
    if (lstat(dst->target, &info) != 0) {
      if (errno == ENOENT) return 0; /* a new file */
      return io_error(path, "cannot inspect the target", strerror(errno));
    }
    if (!S_ISLNK(info.st_mode)) {
      if (!S_ISREG(info.st_mode))
        return io_error(path, "is not a regular file (a directory, FIFO or device); not replaced",
                        NULL);
      dst->exists = true;
      dst->mode = info.st_mode & 07777;
      return 0;
    }
    if (hops == MAX_LINKS) return io_error(path, "too many levels of symbolic links", NULL);
    char link[PATH_MAX], dir[PATH_MAX];
    ssize_t n = readlink(dst->target, link, sizeof link - 1);
    if (n < 0) return io_error(path, "cannot read the symbolic link", strerror(errno));
    link[n] = '\0';
    dir_of(dst->target, dir, sizeof dir);
    int len = link[0] == '/' ? snprintf(dst->target, sizeof dst->target, "%s", link)
                             : snprintf(dst->target, sizeof dst->target, "%s/%s", dir, link);
    if (len < 0 || (size_t)len >= sizeof dst->target)
      return io_error(path, "path is too long", NULL);
  }
}

/* A process-wide counter makes the temporary names of concurrent saves differ; O_EXCL makes
   sure no existing file is ever opened. */
static _Atomic unsigned long temp_counter;

/* Creates the temporary beside the target: ".<name>.strata-tmp-<pid>-<n>", with the target's
   permissions when it exists (else 0666 less the umask, as a new file gets). */
static int create_temp(const char *path, destination *dst, int *fd) {
  char dir[PATH_MAX];
  dir_of(dst->target, dir, sizeof dir);
  const char *slash = strrchr(dst->target, '/'), *base = slash ? slash + 1 : dst->target;
  for (int attempt = 0; attempt < 100; attempt++) {
    unsigned long n = atomic_fetch_add(&temp_counter, 1);
    int len = snprintf(dst->temp, sizeof dst->temp, "%s/.%.128s.strata-tmp-%ld-%lu", dir, base,
                       (long)getpid(), n);
    if (len < 0 || (size_t)len >= sizeof dst->temp) {
      dst->temp[0] = '\0';
      return io_error(path, "path is too long", NULL);
    }
    *fd = open(dst->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, dst->exists ? 0600 : 0666);
    if (*fd >= 0) {
      if (dst->exists && fchmod(*fd, dst->mode) != 0) {
        int e = errno;
        close(*fd);
        return io_error(path, "cannot set the permissions of the temporary file", strerror(e));
      }
      return 0;
    }
    if (errno != EEXIST) {
      int rc = st__error(ST_ERR_IO, "st_save: %s: cannot open for writing: %s (creating %s)", path,
                         strerror(errno), dst->temp);
      dst->temp[0] = '\0'; /* nothing was created */
      return rc;
    }
  }
  dst->temp[0] = '\0';
  return io_error(path, "cannot find an unused temporary file name", NULL);
}

/* fsync of the directory makes the rename itself durable. Best effort: some file systems
   refuse to sync a directory, and the new file is in place already. */
static void sync_dir(const char *target) {
  char dir[PATH_MAX];
  dir_of(target, dir, sizeof dir);
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)fsync(fd);
  close(fd);
}

/* The 8-byte header size, the header, then every tensor's bytes. */
static int write_contents(FILE *f, const char *path, const st_dict *d, const st_text *header,
                          char *chunk) {
  unsigned char size[8];
  put_u64_le(size, header->len);
  if (fwrite(size, 1, 8, f) != 8 || fwrite(header->data, 1, header->len, f) != header->len)
    return write_failed(path);
  for (int i = 0; i < st_dict_len(d); i++) {
    int rc = write_tensor(f, path, st_dict_get(d, st_dict_name(d, i)), chunk);
    if (rc) return rc;
  }
  return 0;
}

/* Everything that can fail happens while the bytes go to the temporary file (allocations
   included), so every failure leaves the target as it was and removes the temporary. */
int st_save(const char *path, const st_dict *d) {
  if (!path || !d) {
    st__null_arg("st_save", !path ? 1 : 2);
    return st__status();
  }
  if (!path[0]) return st__error(ST_ERR_ARG, "st_save: the path is empty");
  destination dst = {.exists = false};
  st_text header = {0};
  char *chunk = NULL;
  FILE *f = NULL;
  int fd = -1;
  int rc = check_names(path, d);
  if (!rc) rc = resolve_target(path, &dst);
  if (!rc) rc = create_temp(path, &dst, &fd);
  if (!rc) {
    if ((f = fdopen(fd, "wb")))
      fd = -1; /* the stream owns it now */
    else
      rc = io_error(path, "cannot open for writing", strerror(errno));
  }
  if (!rc) rc = build_header(d, &header);
  if (!rc && !(chunk = st__alloc(CHUNK_BYTES))) rc = ST_ERR_OOM;
  if (!rc) rc = write_contents(f, path, d, &header, chunk);
  if (!rc && (fflush(f) != 0 || fsync(fileno(f)) != 0)) rc = write_failed(path);
  if (f && fclose(f) != 0 && !rc) rc = write_failed(path);
  if (fd >= 0) close(fd);
  if (!rc && rename(dst.temp, dst.target) != 0)
    rc = io_error(path, "cannot rename the temporary file over the target", strerror(errno));
  if (rc && dst.temp[0]) unlink(dst.temp);
  if (!rc) sync_dir(dst.target);
  st__free(chunk, CHUNK_BYTES);
  st__text_free(&header);
  if (!rc) st__ok();
  return rc;
}

/* ================================================================================= loading */

typedef struct {
  const char *name; /* in the loader's arena */
  st_dtype dtype;
  int ndim;
  int64_t shape[ST_MAX_DIMS];
  uint64_t begin, end, nbytes;
  st_tensor *t;
} entry;

typedef struct {
  const char *path;
  const char *json; /* the header, NUL-terminated (a NUL inside is rejected as a stray byte) */
  size_t size, pos;
  char *arena; /* decoded strings: never longer in total than the header itself */
  size_t arena_used;
  entry *entries;
  int count, cap;
  bool seen_metadata;
} loader;

/* Every malformed-file error: ST_ERR_IO, naming the file. */
static int bad(const loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(const loader *L, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return st__error(ST_ERR_IO, "st_load: %s: %s", L->path, msg);
}

/* ----------------------------------------------------------------------------- JSON syntax */

static char peek(const loader *L) { return L->pos < L->size ? L->json[L->pos] : '\0'; }

static bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void skip_ws(loader *L) {
  while (L->pos < L->size && is_json_space(L->json[L->pos])) L->pos++;
}

static int syntax(const loader *L, const char *expected) {
  if (L->pos >= L->size) return bad(L, "header JSON ends where %s was expected", expected);
  return bad(L, "header JSON: expected %s at byte %zu", expected, L->pos);
}

static int expect(loader *L, char c, const char *what) {
  skip_ws(L);
  if (peek(L) != c) return syntax(L, what);
  L->pos++;
  skip_ws(L);
  return 0;
}

static int hex4(loader *L, uint32_t *out) {
  *out = 0;
  for (int i = 0; i < 4; i++, L->pos++) {
    char c = peek(L);
    int v = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (v < 0) return syntax(L, "4 hex digits after \\u");
    *out = *out << 4 | (uint32_t)v;
  }
  return 0;
}

/* \u and four hex digits, with a surrogate pair above U+FFFF; \u0000 cannot live in a C name. */
static int unicode_escape(loader *L, uint32_t *cp) {
  if (hex4(L, cp)) return -1;
  if (*cp >= 0xDC00 && *cp <= 0xDFFF)
    return bad(L, "header JSON: lone low surrogate at byte %zu", L->pos);
  if (*cp >= 0xD800 && *cp <= 0xDBFF) {
    uint32_t lo;
    if (peek(L) != '\\' || (L->pos++, peek(L) != 'u')) return syntax(L, "a low surrogate escape");
    L->pos++;
    if (hex4(L, &lo)) return -1;
    if (lo < 0xDC00 || lo > 0xDFFF)
      return bad(L, "header JSON: bad surrogate pair before byte %zu", L->pos);
    *cp = 0x10000 + ((*cp - 0xD800) << 10) + (lo - 0xDC00);
  }
  if (*cp == 0) return bad(L, "header JSON: \\u0000 in a string at byte %zu", L->pos);
  return 0;
}

/* A JSON string (RFC 8259, section 7), decoded into the arena; *out points at it. */
static int parse_string(loader *L, const char **out) {
  if (peek(L) != '"') return syntax(L, "a string");
  L->pos++;
  char *dst = L->arena + L->arena_used;
  size_t n = 0;
  for (;;) {
    if (L->pos >= L->size) return syntax(L, "the end of a string");
    unsigned char c = (unsigned char)L->json[L->pos++];
    if (c == '"') break;
    if (c < 0x20)
      return bad(L, "header JSON: control character 0x%02x in a string at byte %zu", c, L->pos - 1);
    if (c != '\\') {
      dst[n++] = (char)c;
      continue;
    }
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    char e = peek(L);
    const char *hit = e ? strchr(from, e) : NULL;
    L->pos++;
    if (hit) {
      dst[n++] = to[hit - from];
    } else if (e == 'u') {
      uint32_t cp;
      if (unicode_escape(L, &cp)) return -1;
      n += put_utf8(dst + n, cp);
    } else {
      L->pos--;
      return syntax(L, "a valid escape");
    }
  }
  dst[n] = '\0';
  L->arena_used += n + 1;
  *out = dst;
  return 0;
}

/* A non-negative integer below 2^63 in JSON syntax (no sign, no leading zeros, no fraction). */
static int parse_count(loader *L, const char *what, uint64_t *out) {
  size_t start = L->pos;
  uint64_t v = 0;
  while (peek(L) >= '0' && peek(L) <= '9') {
    unsigned digit = (unsigned)(peek(L) - '0');
    if (v > ((uint64_t)INT64_MAX - digit) / 10)
      return bad(L, "%s at byte %zu is too large", what, start);
    v = v * 10 + digit;
    L->pos++;
  }
  size_t len = L->pos - start;
  char next = peek(L);
  if (len == 0 || (len > 1 && L->json[start] == '0') || next == '.' || next == 'e' || next == 'E') {
    L->pos = start;
    return bad(L, "header JSON: %s at byte %zu is not a non-negative integer", what, start);
  }
  *out = v;
  return 0;
}

/* [n, n, ...] with at most `max` numbers. */
static int parse_counts(loader *L, const char *what, uint64_t *vals, int max, int *count) {
  *count = 0;
  if (expect(L, '[', "'['")) return -1;
  if (peek(L) == ']') {
    L->pos++;
    return 0;
  }
  for (;;) {
    if (*count == max) return bad(L, "%s at byte %zu has more than %d values", what, L->pos, max);
    if (parse_count(L, what, &vals[(*count)++])) return -1;
    skip_ws(L);
    if (peek(L) == ']') break;
    if (expect(L, ',', "',' or ']'")) return -1;
  }
  L->pos++;
  return 0;
}

/* ------------------------------------------------------------------------- header fields */

static int parse_dtype(loader *L, entry *e) {
  const char *s;
  if (parse_string(L, &s)) return -1;
  for (int dt = 0; dt < (int)(sizeof DTYPE_NAMES / sizeof *DTYPE_NAMES); dt++)
    if (strcmp(s, DTYPE_NAMES[dt]) == 0) {
      e->dtype = (st_dtype)dt;
      return 0;
    }
  return bad(L, "tensor '%s' has dtype '%s'; strata reads F64, F32, F16, BF16, I64, I32, "
                "I16, I8, U8 and BOOL", e->name, s);
}

static const char *const FIELDS[3] = {"dtype", "shape", "data_offsets"};

static int parse_field(loader *L, entry *e, const char *key, unsigned *seen) {
  int f = 0;
  while (f < 3 && strcmp(key, FIELDS[f]) != 0) f++;
  if (f == 3) return bad(L, "tensor '%s' has an unknown field '%s'", e->name, key);
  if (*seen & (1u << f)) return bad(L, "tensor '%s' has field '%s' twice", e->name, key);
  *seen |= 1u << f;
  if (f == 0) return parse_dtype(L, e);
  if (f == 1) {
    uint64_t dims[ST_MAX_DIMS];
    if (parse_counts(L, "shape", dims, ST_MAX_DIMS, &e->ndim)) return -1;
    for (int d = 0; d < e->ndim; d++) e->shape[d] = (int64_t)dims[d];
    return 0;
  }
  uint64_t offsets[2];
  int n;
  if (parse_counts(L, "data_offsets", offsets, 2, &n)) return -1;
  if (n != 2) return bad(L, "tensor '%s' has %d data_offsets, not 2", e->name, n);
  e->begin = offsets[0];
  e->end = offsets[1];
  return 0;
}

/* {"dtype": ..., "shape": [...], "data_offsets": [b, e]}: each field once, no others. */
static int parse_entry(loader *L, entry *e) {
  unsigned seen = 0;
  if (expect(L, '{', "'{'")) return -1;
  while (peek(L) != '}') {
    const char *key;
    if (seen && expect(L, ',', "',' or '}'")) return -1;
    if (parse_string(L, &key) || expect(L, ':', "':'") || parse_field(L, e, key, &seen)) return -1;
    skip_ws(L);
  }
  L->pos++;
  for (int f = 0; f < 3; f++)
    if (!(seen & (1u << f))) return bad(L, "tensor '%s' lacks field '%s'", e->name, FIELDS[f]);
  return 0;
}

/* "__metadata__": {"key": "value", ...}; strings only, as the format requires; ignored. */
static int parse_metadata(loader *L) {
  if (L->seen_metadata) return bad(L, "header has '%s' twice", METADATA_KEY);
  L->seen_metadata = true;
  if (expect(L, '{', "'{' after \"" METADATA_KEY "\"")) return -1;
  for (bool first = true; peek(L) != '}'; first = false) {
    const char *key, *ignored;
    if (!first && expect(L, ',', "',' or '}'")) return -1;
    if (parse_string(L, &key) || expect(L, ':', "':'")) return -1;
    if (peek(L) != '"') return bad(L, "metadata '%s' at byte %zu is not a string", key, L->pos);
    if (parse_string(L, &ignored)) return -1;
    skip_ws(L);
  }
  L->pos++;
  return 0;
}

static entry *add_entry(loader *L, const char *name) {
  if (L->count == L->cap) {
    int cap = L->cap ? 2 * L->cap : 16;
    entry *grown =
        st__realloc(L->entries, sizeof *grown * (size_t)L->cap, sizeof *grown * (size_t)cap);
    if (!grown) return NULL;
    L->entries = grown;
    L->cap = cap;
  }
  entry *e = &L->entries[L->count++];
  memset(e, 0, sizeof *e);
  e->name = name;
  return e;
}

/* The whole header: one object of tensor entries, then nothing but whitespace (the padding). */
static int parse_header(loader *L) {
  skip_ws(L);
  if (peek(L) != '{') return bad(L, "header is not a JSON object (byte %zu is not '{')", L->pos);
  L->pos++;
  skip_ws(L);
  for (bool first = true; peek(L) != '}'; first = false) {
    const char *name;
    if (!first && expect(L, ',', "',' or '}'")) return -1;
    if (parse_string(L, &name) || expect(L, ':', "':'")) return -1;
    if (strcmp(name, METADATA_KEY) == 0) {
      if (parse_metadata(L)) return -1;
    } else {
      entry *e = add_entry(L, name);
      if (!e || parse_entry(L, e)) return -1;
    }
    skip_ws(L);
  }
  L->pos++;
  skip_ws(L);
  if (L->pos != L->size) return bad(L, "header has data after the JSON object at byte %zu", L->pos);
  return 0;
}

/* ------------------------------------------------------------------------ header meaning */

static int by_name(const void *a, const void *b) {
  return strcmp((*(entry *const *)a)->name, (*(entry *const *)b)->name);
}

/* Byte ranges in file order; a tie keeps header order, which the arena addresses follow. */
static int by_offsets(const void *a, const void *b) {
  const entry *x = *(entry *const *)a, *y = *(entry *const *)b;
  if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
  if (x->end != y->end) return x->end < y->end ? -1 : 1;
  return x->name < y->name ? -1 : x->name > y->name;
}

static const char *shape_str(char *buf, size_t size, const entry *e) {
  return st__fmt_shape(buf, size, e->ndim, e->shape);
}

/* Shape, dtype and offsets agree, in checked arithmetic, and lie inside the buffer. Sizes of 0
   do not excuse the others from the bound: strides are products of the nonzero sizes. */
static int check_entry(const loader *L, entry *e, uint64_t buffer_size) {
  char shape[96];
  uint64_t bytes = st_dtype_size(e->dtype), bound = bytes;
  for (int d = 0; d < e->ndim; d++) {
    uint64_t size = (uint64_t)e->shape[d];
    if (__builtin_mul_overflow(bound, size ? size : 1, &bound) || bound > (uint64_t)INT64_MAX)
      return bad(L, "tensor '%s' shape %s of %s overflows", e->name,
                 shape_str(shape, sizeof shape, e), DTYPE_NAMES[e->dtype]);
    bytes *= size;
  }
  if (e->begin > e->end)
    return bad(L, "tensor '%s' data_offsets [%llu, %llu] are reversed", e->name,
               (unsigned long long)e->begin, (unsigned long long)e->end);
  if (e->end - e->begin != bytes)
    return bad(L, "tensor '%s' data_offsets [%llu, %llu] do not match shape %s of %s (%llu bytes)",
               e->name, (unsigned long long)e->begin, (unsigned long long)e->end,
               shape_str(shape, sizeof shape, e), DTYPE_NAMES[e->dtype], (unsigned long long)bytes);
  if (e->end > buffer_size)
    return bad(L, "tensor '%s' data_offsets [%llu, %llu] pass the end of the %llu-byte buffer",
               e->name, (unsigned long long)e->begin, (unsigned long long)e->end,
               (unsigned long long)buffer_size);
  e->nbytes = bytes;
  return 0;
}

/* The tensors tile the buffer: sorted by offset, each begins where the previous ended. */
static int check_tiling(const loader *L, entry **order, uint64_t buffer_size) {
  uint64_t cursor = 0;
  for (int i = 0; i < L->count; i++) {
    const entry *e = order[i];
    if (e->begin > cursor)
      return bad(L, "bytes [%llu, %llu) of the buffer belong to no tensor",
                 (unsigned long long)cursor, (unsigned long long)e->begin);
    if (e->begin < cursor)
      return bad(L, "tensors '%s' and '%s' overlap in the buffer", order[i - 1]->name, e->name);
    cursor = e->end;
  }
  if (cursor != buffer_size)
    return bad(L, "bytes [%llu, %llu) of the buffer belong to no tensor",
               (unsigned long long)cursor, (unsigned long long)buffer_size);
  return 0;
}

/* Everything the header claims, checked before any tensor is allocated. `order` receives the
   entries sorted by offset. A header without tensors ("{}") has no `order` (NULL): it only
   needs an empty buffer. */
static int check_header(loader *L, entry **order, uint64_t buffer_size) {
  if (L->count == 0) return check_tiling(L, order, buffer_size);
  for (int i = 0; i < L->count; i++) order[i] = &L->entries[i];
  qsort(order, (size_t)L->count, sizeof *order, by_name);
  for (int i = 1; i < L->count; i++)
    if (strcmp(order[i - 1]->name, order[i]->name) == 0)
      return bad(L, "tensor name '%s' appears twice", order[i]->name);
  for (int i = 0; i < L->count; i++)
    if (check_entry(L, &L->entries[i], buffer_size)) return -1;
  qsort(order, (size_t)L->count, sizeof *order, by_offsets);
  return check_tiling(L, order, buffer_size);
}

/* ------------------------------------------------------------------------------- reading */

/* Reads each tensor's bytes in file order; a bool byte other than 0 or 1 is no C bool. */
static int read_tensors(loader *L, FILE *f, entry **order) {
  for (int i = 0; i < L->count; i++) {
    entry *e = order[i];
    e->t = st__tensor_empty(e->dtype, e->ndim, e->shape);
    if (!e->t) return ST_ERR_OOM;
    unsigned char *data = (unsigned char *)st__data(e->t);
    if (e->nbytes && fread(data, 1, (size_t)e->nbytes, f) != e->nbytes)
      return bad(L, "file ends inside tensor '%s'", e->name);
    size_t es = st_dtype_size(e->dtype);
    to_from_le(data, (size_t)e->nbytes / es, es);
    if (e->dtype == ST_BOOL)
      for (uint64_t k = 0; k < e->nbytes; k++)
        if (data[k] > 1)
          return bad(L, "tensor '%s' holds byte 0x%02x at element %llu, which is not a BOOL",
                     e->name, data[k], (unsigned long long)k);
  }
  return 0;
}

/* The header length and text, bounded by MAX_HEADER_SIZE and by the file's size. */
static int read_header(loader *L, FILE *f, uint64_t *buffer_size) {
  struct stat info;
  if (fstat(fileno(f), &info) != 0 || !S_ISREG(info.st_mode)) return bad(L, "not a regular file");
  uint64_t file_size = (uint64_t)info.st_size;
  unsigned char size_le[8];
  if (file_size < 8 || fread(size_le, 1, 8, f) != 8)
    return bad(L, "file has %llu bytes, fewer than the 8 of the header size",
               (unsigned long long)file_size);
  uint64_t n = get_u64_le(size_le);
  if (n > MAX_HEADER_SIZE)
    return bad(L, "header size %llu exceeds the limit of %d bytes", (unsigned long long)n,
               MAX_HEADER_SIZE);
  if (n > file_size - 8)
    return bad(L, "header size %llu exceeds the %llu bytes after it", (unsigned long long)n,
               (unsigned long long)(file_size - 8));
  char *json = st__alloc((size_t)n + 1);
  if (!json) return ST_ERR_OOM;
  L->json = json;
  L->size = (size_t)n;
  if (!(L->arena = st__alloc((size_t)n + 1))) return ST_ERR_OOM;
  if (fread(json, 1, (size_t)n, f) != n) return bad(L, "file ends inside the header");
  json[n] = '\0';
  size_t invalid = utf8_invalid_at((const unsigned char *)json, (size_t)n);
  if (invalid != n) return bad(L, "header is not valid UTF-8 (byte %zu)", invalid);
  *buffer_size = file_size - 8 - n;
  return 0;
}

static st_dict *make_dict(loader *L) {
  st_dict *d = st_dict_new();
  for (int i = 0; d && i < L->count; i++) {
    if (st_dict_set(d, L->entries[i].name, L->entries[i].t)) {
      st_dict_free(d);
      return NULL;
    }
  }
  return d;
}

static st_dict *load_file(loader *L, FILE *f) {
  uint64_t buffer_size = 0;
  entry **order = NULL;
  st_dict *d = NULL;
  if (read_header(L, f, &buffer_size) || parse_header(L)) goto done;
  if (L->count && !(order = st__alloc(sizeof *order * (size_t)L->count))) goto done;
  if (check_header(L, order, buffer_size) || read_tensors(L, f, order)) goto done;
  d = make_dict(L);
done:
  for (int i = 0; i < L->count; i++) st__drop(L->entries[i].t);
  st__free(order, sizeof *order * (size_t)L->count);
  return d;
}

/* Opens without blocking (a FIFO without a writer would block a plain open) and refuses
   anything but a regular file before a byte is read. */
static FILE *open_regular(const loader *L) {
  int fd = open(L->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    st__error(ST_ERR_IO, "st_load: %s: cannot open: %s", L->path, strerror(errno));
    return NULL;
  }
  struct stat info;
  FILE *f = NULL;
  if (fstat(fd, &info) != 0)
    bad(L, "cannot inspect: %s", strerror(errno));
  else if (!S_ISREG(info.st_mode))
    bad(L, "not a regular file");
  else if (!(f = fdopen(fd, "rb")))
    bad(L, "cannot open: %s", strerror(errno));
  if (!f) close(fd);
  return f;
}

st_dict *st_load(const char *path) {
  if (!path) {
    st__null_arg("st_load", 1);
    return NULL;
  }
  loader L = {.path = path};
  FILE *f = open_regular(&L);
  if (!f) return NULL;
  st_dict *d = load_file(&L, f);
  fclose(f);
  st__free((char *)L.json, L.size + 1);
  st__free(L.arena, L.size + 1);
  st__free(L.entries, sizeof *L.entries * (size_t)L.cap);
  if (d) st__ok();
  return d;
}
