/* npz.c — NumPy's .npz archives: a zip file (PKWARE APPNOTE.TXT) of "<key>.npy" members.
   Loading walks the central directory (with its zip64 records and extra fields, which
   numpy.savez writes), checks every offset and size against the file, inflates deflated members
   with zlib when strata was built with it, checks each member's CRC-32 and parses it as .npy.
   Saving stores the members uncompressed, with a fixed timestamp (so equal dicts give equal
   files). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "train.h"

#ifdef STRATA_HAVE_ZLIB
#include <zlib.h>
#endif

#define SIG_LOCAL     0x04034b50u
#define SIG_CENTRAL   0x02014b50u
#define SIG_EOCD      0x06054b50u
#define SIG_EOCD64    0x06064b50u
#define SIG_LOCATOR64 0x07064b50u
#define MAX_MEMBERS   (1 << 20)

/* CRC-32 (ISO 3309, the zip polynomial 0xEDB88320 reflected), bytewise with a table built on
   each call (2 K steps, nothing next to a file's I/O, and no shared state between threads). */
static uint32_t crc32_of(const unsigned char *p, size_t n) {
  uint32_t table[256];
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static uint32_t get16(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t get32(const unsigned char *p) { return get16(p) | get16(p + 2) << 16; }
static uint64_t get64(const unsigned char *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }
static void put16(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
}
static void put32(unsigned char *p, uint32_t v) { put16(p, v & 0xffff), put16(p + 2, v >> 16); }

typedef struct {
  const unsigned char *data;
  size_t size;
  const char *path;
} archive;

static int bad(const archive *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(const archive *a, const char *fmt, ...) {
  char msg[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return st__tr_error(ST_ERR_IO, "st_npz_load: %s: %s", a->path, msg);
}

/* Does [off, off + len) lie in the file? */
static bool in_file(const archive *a, uint64_t off, uint64_t len) {
  return off <= a->size && len <= a->size - off;
}

typedef struct {
  uint64_t count, cd_offset, cd_size;
} directory;

/* The end of central directory record (searched backwards over a comment of up to 64 KiB), and
   the zip64 one it points to when a field is saturated. */
static int find_directory(const archive *a, directory *dir) {
  if (a->size < 22) return bad(a, "not a zip file (%zu bytes)", a->size);
  size_t lowest = a->size > 22 + 0xffff ? a->size - 22 - 0xffff : 0, at = a->size - 22;
  for (;; at--) {
    if (get32(a->data + at) == SIG_EOCD && at + 22 + get16(a->data + at + 20) == a->size) break;
    if (at == lowest) return bad(a, "not a zip file (no end of central directory record)");
  }
  const unsigned char *e = a->data + at;
  if (get16(e + 4) != 0 || get16(e + 6) != 0 || get16(e + 8) != get16(e + 10))
    return bad(a, "multi-disk archives are not supported");
  dir->count = get16(e + 10);
  dir->cd_size = get32(e + 12);
  dir->cd_offset = get32(e + 16);
  if (dir->count == 0xffff || dir->cd_size == 0xffffffff || dir->cd_offset == 0xffffffff) {
    if (at < 20 || get32(a->data + at - 20) != SIG_LOCATOR64)
      return bad(a, "saturated directory fields without a zip64 locator");
    uint64_t off = get64(a->data + at - 20 + 8);
    if (!in_file(a, off, 56) || get32(a->data + off) != SIG_EOCD64)
      return bad(a, "zip64 end of central directory record missing or out of the file");
    const unsigned char *z = a->data + off;
    dir->count = get64(z + 32);
    dir->cd_size = get64(z + 40);
    dir->cd_offset = get64(z + 48);
  }
  if (!in_file(a, dir->cd_offset, dir->cd_size))
    return bad(a, "central directory (offset %llu, %llu bytes) lies outside the file",
               (unsigned long long)dir->cd_offset, (unsigned long long)dir->cd_size);
  if (dir->count > MAX_MEMBERS) return bad(a, "%llu members", (unsigned long long)dir->count);
  return 0;
}

typedef struct {
  char name[256];
  int method;
  uint32_t crc;
  uint64_t csize, usize, local;
} member;

/* The zip64 extra field (id 1) holds, in this order, the 64-bit values of those of usize, csize
   and local that are saturated in the fixed fields. */
static int zip64_extra(const archive *a, const unsigned char *x, size_t n, member *m) {
  while (n >= 4) {
    uint32_t id = get16(x), len = get16(x + 2);
    if (len > n - 4) return bad(a, "member \"%s\": extra field overruns", m->name);
    if (id == 1) {
      const unsigned char *v = x + 4;
      uint64_t *fields[3] = {&m->usize, &m->csize, &m->local};
      uint32_t left = len;
      for (int k = 0; k < 3; k++) {
        if (*fields[k] != 0xffffffffu) continue;
        if (left < 8) return bad(a, "member \"%s\": zip64 extra field too short", m->name);
        *fields[k] = get64(v);
        v += 8, left -= 8;
      }
    }
    x += 4 + len, n -= 4 + len;
  }
  return 0;
}

/* The central directory entry at *pos; advances *pos past it. */
static int read_central(const archive *a, const directory *dir, uint64_t *pos, member *m) {
  uint64_t end = dir->cd_offset + dir->cd_size;
  if (*pos + 46 > end || get32(a->data + *pos) != SIG_CENTRAL)
    return bad(a, "central directory entry at offset %llu is malformed", (unsigned long long)*pos);
  const unsigned char *c = a->data + *pos;
  uint32_t flags = get16(c + 8), nlen = get16(c + 28), xlen = get16(c + 30), clen = get16(c + 32);
  if (*pos + 46 + nlen + xlen + clen > end)
    return bad(a, "central directory entry at offset %llu overruns", (unsigned long long)*pos);
  if (nlen == 0 || nlen >= sizeof m->name) return bad(a, "a member name of %u bytes", nlen);
  memcpy(m->name, c + 46, nlen);
  m->name[nlen] = '\0';
  if (memchr(m->name, 0, nlen)) return bad(a, "a member name holds a NUL byte");
  if (flags & 1) return bad(a, "member \"%s\" is encrypted", m->name);
  m->method = (int)get16(c + 10);
  m->crc = get32(c + 16);
  m->csize = get32(c + 20);
  m->usize = get32(c + 24);
  m->local = get32(c + 42);
  if (zip64_extra(a, c + 46 + nlen, xlen, m)) return st__tr_status();
  *pos += 46 + nlen + xlen + clen;
  return 0;
}

#ifdef STRATA_HAVE_ZLIB
static int inflate_member(const archive *a, const member *m, const unsigned char *src,
                          unsigned char *dst) {
  z_stream z = {0};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
    return bad(a, "member \"%s\": zlib failed to start", m->name);
  /* avail_in / avail_out are 32-bit: feed both in chunks */
  const uint64_t chunk = 1u << 30;
  uint64_t in_left = m->csize, out_left = m->usize;
  z.next_in = (unsigned char *)src;
  z.next_out = dst;
  int zr;
  do {
    if (z.avail_in == 0 && in_left) {
      z.avail_in = (uInt)(in_left < chunk ? in_left : chunk);
      in_left -= z.avail_in;
    }
    if (z.avail_out == 0 && out_left) {
      z.avail_out = (uInt)(out_left < chunk ? out_left : chunk);
      out_left -= z.avail_out;
    }
    zr = inflate(&z, Z_NO_FLUSH);
  } while (zr == Z_OK);
  bool whole = zr == Z_STREAM_END && !z.avail_in && !in_left && !z.avail_out && !out_left;
  int rc = whole ? 0
                 : bad(a, "member \"%s\": deflated data is corrupt or of the wrong size%s%s",
                       m->name, z.msg ? ": " : "", z.msg ? z.msg : "");
  inflateEnd(&z);
  return rc;
}
#endif

/* The member's uncompressed bytes in a malloc'd buffer. */
static int extract(const archive *a, const member *m, unsigned char **out) {
  *out = NULL;
  if (!in_file(a, m->local, 30) || get32(a->data + m->local) != SIG_LOCAL)
    return bad(a, "member \"%s\": local header at offset %llu is missing", m->name,
               (unsigned long long)m->local);
  const unsigned char *l = a->data + m->local;
  uint64_t start = m->local + 30 + get16(l + 26) + get16(l + 28);
  if (!in_file(a, start, m->csize))
    return bad(a, "member \"%s\": %llu bytes of data at offset %llu lie outside the file", m->name,
               (unsigned long long)m->csize, (unsigned long long)start);
  if (m->method == 0 && m->csize != m->usize)
    return bad(a, "member \"%s\": stored with different sizes (%llu, %llu)", m->name,
               (unsigned long long)m->csize, (unsigned long long)m->usize);
  if (m->method != 0 && m->method != 8)
    return st__tr_error(ST_ERR_UNSUPPORTED,
                        "st_npz_load: %s: member \"%s\": compression method %d "
                        "(only stored and deflated are read)",
                        a->path, m->name, m->method);
#ifndef STRATA_HAVE_ZLIB
  if (m->method == 8)
    return st__tr_error(ST_ERR_UNSUPPORTED,
                        "st_npz_load: %s: member \"%s\" is deflated "
                        "(numpy.savez_compressed) and this strata was built "
                        "without zlib; save it with numpy.savez",
                        a->path, m->name);
#endif
  /* a deflated member expands at most 1032 times (RFC 1951 limits), which bounds usize */
  if (m->method == 8 && m->usize / 1032 > m->csize + 1)
    return bad(a, "member \"%s\": %llu bytes cannot inflate to %llu", m->name,
               (unsigned long long)m->csize, (unsigned long long)m->usize);
  if (m->usize > (uint64_t)SIZE_MAX / 2) return bad(a, "member \"%s\" is too large", m->name);
  unsigned char *buf = malloc(m->usize ? (size_t)m->usize : 1);
  if (!buf) return st__tr_error(ST_ERR_OOM, "st_npz_load: out of memory");
  int rc = 0;
  if (m->method == 0) memcpy(buf, a->data + start, (size_t)m->usize);
#ifdef STRATA_HAVE_ZLIB
  else
    rc = inflate_member(a, m, a->data + start, buf);
#endif
  if (!rc && crc32_of(buf, (size_t)m->usize) != m->crc)
    rc = bad(a, "member \"%s\": CRC-32 mismatch", m->name);
  if (rc)
    free(buf);
  else
    *out = buf;
  return rc;
}

static int load_member(const archive *a, const member *m, st_dict *d) {
  size_t nlen = strlen(m->name);
  if (nlen <= 4 || strcmp(m->name + nlen - 4, ".npy"))
    return bad(a, "member \"%s\" is not a .npy file", m->name);
  char key[256];
  memcpy(key, m->name, nlen - 4);
  key[nlen - 4] = '\0';
  if (st_dict_get(d, key)) return bad(a, "member \"%s\" appears twice", m->name);
  unsigned char *bytes;
  if (extract(a, m, &bytes)) return st__tr_status();
  char what[600];
  snprintf(what, sizeof what, "%s: %s", a->path, m->name);
  st_tensor *t = st__tr_npy_parse(bytes, (size_t)m->usize, "st_npz_load", what);
  free(bytes);
  int rc = t ? st_dict_set(d, key, t) : st__tr_status();
  st_release(t);
  return rc;
}

static st_dict *load_archive(const archive *a) {
  directory dir = {0};
  if (find_directory(a, &dir)) return NULL;
  st_dict *d = st_dict_new();
  uint64_t pos = dir.cd_offset;
  for (uint64_t i = 0; d && i < dir.count; i++) {
    member m;
    if (read_central(a, &dir, &pos, &m) || load_member(a, &m, d)) {
      st_dict_free(d);
      return NULL;
    }
  }
  return d;
}

st_dict *st_npz_load(const char *path) {
  if (!path) return st__tr_null_arg("st_npz_load", 1), NULL;
  unsigned char *data;
  size_t size;
  if (st__tr_read_file("st_npz_load", path, &data, &size)) return NULL;
  archive a = {data, size, path};
  st_dict *d = NULL;
  if (!st_scope_push()) d = load_archive(&a);
  st_scope_pop();
  free(data);
  if (d) st_clear_error();
  return d;
}

/* ---------------------------------------------------------------------------------- saving */

typedef struct {
  unsigned char *npy; /* the member's bytes */
  size_t size;
  uint32_t crc;
  uint64_t offset;
  char name[300];
} out_member;

/* Local header and central entry of a stored member; time and date 1980-01-01 00:00. */
static void local_header(unsigned char *h, const out_member *m, size_t nlen) {
  memset(h, 0, 30);
  put32(h, SIG_LOCAL);
  put16(h + 4, 20); /* version needed: 2.0 */
  put16(h + 12, 0x21);
  put32(h + 14, m->crc);
  put32(h + 18, (uint32_t)m->size);
  put32(h + 22, (uint32_t)m->size);
  put16(h + 26, (uint32_t)nlen);
}

static void central_entry(unsigned char *h, const out_member *m, size_t nlen) {
  memset(h, 0, 46);
  put32(h, SIG_CENTRAL);
  put16(h + 4, 20), put16(h + 6, 20);
  put16(h + 14, 0x21);
  put32(h + 16, m->crc);
  put32(h + 20, (uint32_t)m->size);
  put32(h + 24, (uint32_t)m->size);
  put16(h + 28, (uint32_t)nlen);
  put32(h + 42, (uint32_t)m->offset);
}

static int encode_members(const st_dict *d, out_member *ms, int n) {
  uint64_t offset = 0;
  for (int i = 0; i < n; i++) {
    const char *key = st_dict_name(d, i);
    size_t klen = strlen(key);
    if (klen == 0 || klen + 4 >= sizeof ms[i].name)
      return st__tr_error(ST_ERR_ARG, "st_npz_save: key \"%s\" is empty or too long", key);
    memcpy(ms[i].name, key, klen);
    memcpy(ms[i].name + klen, ".npy", 5);
    if (st__tr_npy_encode(st_dict_get(d, key), "st_npz_save", &ms[i].npy, &ms[i].size))
      return st__tr_status();
    ms[i].crc = crc32_of(ms[i].npy, ms[i].size);
    ms[i].offset = offset;
    offset += 30 + klen + 4 + ms[i].size;
    if (ms[i].size >= 0xffffffffu || offset >= 0xffffffffu)
      return st__tr_error(ST_ERR_ARG,
                          "st_npz_save: the archive passes 4 GiB at \"%s\" (zip64 is "
                          "read but not written)",
                          key);
  }
  if (n >= 0xffff) return st__tr_error(ST_ERR_ARG, "st_npz_save: %d members (at most 65534)", n);
  return 0;
}

/* The directory and the headers in one buffer, and the list of parts to write. */
static int write_archive(const char *path, out_member *ms, int n) {
  size_t names = 0;
  for (int i = 0; i < n; i++) names += strlen(ms[i].name);
  size_t meta = (size_t)n * (30 + 46) + 2 * names + 22;
  unsigned char *buf = malloc(meta);
  const void **parts = malloc(sizeof *parts * (size_t)(2 * n + 1));
  size_t *sizes = malloc(sizeof *sizes * (size_t)(2 * n + 1));
  int rc = 0;
  if (!buf || !parts || !sizes) {
    rc = st__tr_error(ST_ERR_OOM, "st_npz_save: out of memory");
    goto done;
  }
  unsigned char *p = buf;
  for (int i = 0; i < n; i++) { /* local header + name, then the data */
    size_t nlen = strlen(ms[i].name);
    local_header(p, &ms[i], nlen);
    memcpy(p + 30, ms[i].name, nlen);
    parts[2 * i] = p, sizes[2 * i] = 30 + nlen;
    parts[2 * i + 1] = ms[i].npy, sizes[2 * i + 1] = ms[i].size;
    p += 30 + nlen;
  }
  unsigned char *cd = p;
  uint64_t cd_offset = n ? ms[n - 1].offset + sizes[2 * n - 2] + sizes[2 * n - 1] : 0;
  for (int i = 0; i < n; i++) {
    size_t nlen = strlen(ms[i].name);
    central_entry(p, &ms[i], nlen);
    memcpy(p + 46, ms[i].name, nlen);
    p += 46 + nlen;
  }
  memset(p, 0, 22);
  put32(p, SIG_EOCD);
  put16(p + 8, (uint32_t)n), put16(p + 10, (uint32_t)n);
  put32(p + 12, (uint32_t)(p - cd));
  put32(p + 16, (uint32_t)cd_offset);
  p += 22;
  parts[2 * n] = cd, sizes[2 * n] = (size_t)(p - cd);
  rc = st__tr_write_file("st_npz_save", path, 2 * n + 1, parts, sizes);
done:
  free(buf);
  free(parts);
  free(sizes);
  return rc;
}

int st_npz_save(const char *path, const st_dict *d) {
  if (!path) return st__tr_null_arg("st_npz_save", 1);
  if (!d) return st__tr_null_arg("st_npz_save", 2);
  int n = st_dict_len(d);
  out_member *ms = calloc(n ? (size_t)n : 1, sizeof *ms);
  if (!ms) return st__tr_error(ST_ERR_OOM, "st_npz_save: out of memory");
  int rc = encode_members(d, ms, n);
  if (!rc) rc = write_archive(path, ms, n);
  for (int i = 0; i < n; i++) free(ms[i].npy);
  free(ms);
  if (!rc) st_clear_error();
  return rc;
}
