/* npy.c — NumPy's .npy format (numpy/lib/format.py, format versions 1.0, 2.0 and 3.0): the
   magic string, a little-endian header length, a Python dict literal describing the array
   ({'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }) padded with spaces to a multiple
   of 64 bytes and a newline, then the raw values. Everything in a file is checked before it is
   trusted: the parser reads only the three keys, in any order, each once, and the data must be
   exactly the size the shape and dtype give. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "train.h"

#define MAGIC      "\x93NUMPY"
#define MAGIC_LEN  6
#define MAX_HEADER (1 << 20) /* numpy itself refuses headers above 10 000 bytes by default */

/* What the header says. */
typedef struct {
  char kind;    /* 'f', 'i', 'u', 'b' */
  int itemsize; /* bytes */
  bool big;     /* big-endian values */
  bool fortran;
  int ndim;
  int64_t shape[ST_MAX_DIMS];
} npy_header;

typedef struct {
  const char *s, *end; /* the dict literal */
  const char *fn, *what;
} cursor;

static int bad(const cursor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(const cursor *c, const char *fmt, ...) {
  char msg[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return st__tr_error(ST_ERR_IO, "%s: %s: %s", c->fn, c->what, msg);
}

static void skip_space(cursor *c) {
  while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r')) c->s++;
}

static bool eat(cursor *c, char ch) {
  skip_space(c);
  if (c->s < c->end && *c->s == ch) {
    c->s++;
    return true;
  }
  return false;
}

/* A Python string literal of plain characters (no escapes) into buf. */
static int parse_string(cursor *c, char *buf, size_t size) {
  skip_space(c);
  if (c->s >= c->end || (*c->s != '\'' && *c->s != '"')) return bad(c, "header: expected a string");
  char q = *c->s++;
  size_t n = 0;
  while (c->s < c->end && *c->s != q) {
    if (*c->s == '\\' || (unsigned char)*c->s < 0x20 || n + 1 >= size)
      return bad(c, "header: unsupported or too long string");
    buf[n++] = *c->s++;
  }
  if (c->s >= c->end) return bad(c, "header: unterminated string");
  c->s++;
  buf[n] = '\0';
  return 0;
}

static int parse_bool(cursor *c, bool *out) {
  skip_space(c);
  size_t left = (size_t)(c->end - c->s);
  if (left >= 4 && !memcmp(c->s, "True", 4))
    c->s += 4, *out = true;
  else if (left >= 5 && !memcmp(c->s, "False", 5))
    c->s += 5, *out = false;
  else
    return bad(c, "header: fortran_order must be True or False");
  return 0;
}

static int parse_shape(cursor *c, npy_header *h) {
  if (!eat(c, '(')) return bad(c, "header: shape must be a tuple");
  h->ndim = 0;
  for (;;) {
    skip_space(c);
    if (eat(c, ')')) return 0;
    if (c->s >= c->end || !isdigit((unsigned char)*c->s)) return bad(c, "header: bad shape entry");
    uint64_t v = 0;
    while (c->s < c->end && isdigit((unsigned char)*c->s)) {
      v = v * 10 + (uint64_t)(*c->s++ - '0');
      if (v > (uint64_t)INT64_MAX / 16) return bad(c, "header: a dimension is too large");
    }
    if (c->s < c->end && *c->s == 'L') c->s++; /* Python 2 longs */
    if (h->ndim == ST_MAX_DIMS) return bad(c, "header: more than %d dimensions", ST_MAX_DIMS);
    h->shape[h->ndim++] = (int64_t)v;
    if (eat(c, ')')) return 0;
    if (!eat(c, ',')) return bad(c, "header: expected ',' or ')' in the shape");
  }
}

static int parse_descr(cursor *c, const char *d, npy_header *h) {
  char order = d[0], kind = d[0] ? d[1] : 0;
  char *end = NULL;
  long size = kind ? strtol(d + 2, &end, 10) : 0;
  if (!strchr("<>|=", order) || !kind || !end || *end || end == d + 2)
    return bad(c, "dtype '%s' is not a simple NumPy dtype", d);
  bool ok = (kind == 'f' && (size == 2 || size == 4 || size == 8)) || (kind == 'b' && size == 1) ||
            (kind == 'i' && (size == 1 || size == 2 || size == 4 || size == 8)) ||
            (kind == 'u' && (size == 1 || size == 2 || size == 4));
  if (!ok) return bad(c, "dtype '%s' has no strata dtype (f2, f4, f8, i1..i8, u1..u4 and b1 load)", d);
  h->kind = kind;
  h->itemsize = (int)size;
  h->big = order == '>';
  return 0;
}

static int parse_dict(cursor *c, npy_header *h) {
  if (!eat(c, '{')) return bad(c, "header: expected '{'");
  unsigned seen = 0;
  for (;;) {
    if (eat(c, '}')) break;
    char key[32], val[32];
    if (parse_string(c, key, sizeof key)) return st__tr_status();
    if (!eat(c, ':')) return bad(c, "header: expected ':' after '%s'", key);
    unsigned bit = !strcmp(key, "descr")           ? 1
                   : !strcmp(key, "fortran_order") ? 2
                   : !strcmp(key, "shape")         ? 4
                                                   : 0;
    if (!bit) return bad(c, "header: unexpected key '%s'", key);
    if (seen & bit) return bad(c, "header: key '%s' appears twice", key);
    seen |= bit;
    int rc = bit == 1   ? (parse_string(c, val, sizeof val) || parse_descr(c, val, h))
             : bit == 2 ? parse_bool(c, &h->fortran)
                        : parse_shape(c, h);
    if (rc) return st__tr_status();
    if (eat(c, '}')) break;
    if (!eat(c, ',')) return bad(c, "header: expected ',' or '}'");
  }
  if (seen != 7)
    return bad(c, "header: missing '%s'",
               !(seen & 1)   ? "descr"
               : !(seen & 2) ? "fortran_order"
                             : "shape");
  skip_space(c);
  if (c->s != c->end) return bad(c, "header: text after the dict");
  return 0;
}

/* Reads the preamble; *body is where the values start. */
static int parse_header(const unsigned char *data, size_t size, cursor *c, npy_header *h,
                        size_t *body) {
  if (size < MAGIC_LEN + 4 || memcmp(data, MAGIC, MAGIC_LEN))
    return bad(c, "not a .npy file (no \\x93NUMPY magic)");
  int major = data[6];
  size_t len, start;
  if (major == 1)
    len = (size_t)data[8] | (size_t)data[9] << 8, start = 10;
  else if (major == 2 || major == 3) {
    if (size < 12) return bad(c, "file ends inside the header length");
    len = (size_t)data[8] | (size_t)data[9] << 8 | (size_t)data[10] << 16 | (size_t)data[11] << 24;
    start = 12;
  } else {
    return bad(c, "format version %d.%d is not one of 1.0, 2.0, 3.0", major, data[7]);
  }
  if (len > MAX_HEADER) return bad(c, "header length %zu exceeds %d", len, MAX_HEADER);
  if (len > size - start) return bad(c, "file ends inside the header (%zu bytes announced)", len);
  for (size_t i = start; i < start + len; i++)
    if (data[i] == 0 || data[i] >= 0x80)
      return bad(c, "header: byte %zu is not printable ASCII", i);
  c->s = (const char *)data + start;
  c->end = c->s + len;
  *body = start + len;
  return parse_dict(c, h);
}

/* NumPy's dtype as strata has it (as torch.from_numpy keeps it); u2 and u4, which strata has
   no unsigned type for, widen to the signed type that holds every value (i32, i64). */
static st_dtype target_dtype(const npy_header *h) {
  switch (h->kind) {
  case 'b': return ST_BOOL;
  case 'f': return h->itemsize == 2 ? ST_F16 : h->itemsize == 4 ? ST_F32 : ST_F64;
  case 'i': return h->itemsize == 1 ? ST_I8 : h->itemsize == 2 ? ST_I16 : h->itemsize == 4 ? ST_I32 : ST_I64;
  default: return h->itemsize == 1 ? ST_U8 : h->itemsize == 2 ? ST_I32 : ST_I64; /* 'u' */
  }
}

/* v into element i of dst, an integer tensor of `size` bytes per element. */
static void put_int(void *dst, int64_t i, int size, int64_t v) {
  switch (size) {
  case 1: ((int8_t *)dst)[i] = (int8_t)(uint8_t)v; break; /* i8, or u8's byte */
  case 2: ((int16_t *)dst)[i] = (int16_t)v; break;
  case 4: ((int32_t *)dst)[i] = (int32_t)v; break;
  default: ((int64_t *)dst)[i] = v; break;
  }
}

/* One element as bytes in host order (little-endian hosts: reversed when big). */
static void load_bytes(unsigned char *dst, const unsigned char *src, int n, bool swap) {
  for (int k = 0; k < n && k < 8; k++) dst[k] = src[swap ? n - 1 - k : k]; /* n <= 8 */
}

static bool host_big_endian(void) {
  const uint16_t one = 1;
  return *(const unsigned char *)&one == 0;
}

/* Converts n elements from the file's layout into dst (of the target dtype). */
static void decode(const npy_header *h, const unsigned char *src, int64_t n, void *dst) {
  bool swap = h->big != host_big_endian() && h->itemsize > 1;
  int es = h->itemsize;
  unsigned char b[8];
  for (int64_t i = 0; i < n; i++, src += es) {
    load_bytes(b, src, es, swap);
    switch (h->kind) {
    case 'b': ((bool *)dst)[i] = b[0] != 0; break;
    case 'f':
      if (es == 2)
        memcpy((uint16_t *)dst + i, b, 2);
      else if (es == 4)
        memcpy((float *)dst + i, b, 4);
      else
        memcpy((double *)dst + i, b, 8);
      break;
    case 'i': {
      int64_t v = 0;
      if (es == 1)
        v = (int8_t)b[0];
      else if (es == 2) {
        int16_t x;
        memcpy(&x, b, 2);
        v = x;
      } else if (es == 4) {
        int32_t x;
        memcpy(&x, b, 4);
        v = x;
      } else
        memcpy(&v, b, 8);
      put_int(dst, i, es, v);
      break;
    }
    default: { /* 'u' */
      uint64_t v = 0;
      if (es == 1)
        v = b[0];
      else if (es == 2) {
        uint16_t x;
        memcpy(&x, b, 2);
        v = x;
      } else {
        uint32_t x;
        memcpy(&x, b, 4);
        v = x;
      }
      put_int(dst, i, es == 1 ? 1 : 2 * es, (int64_t)v); /* u1 as u8, u2 in i32, u4 in i64 */
      break;
    }
    }
  }
}

/* The tensor the values describe: C order directly, Fortran order through the reversed shape
   transposed back. */
static st_tensor *make_tensor(const npy_header *h, const unsigned char *src, int64_t n) {
  int64_t shape[ST_MAX_DIMS];
  for (int d = 0; d < h->ndim; d++) shape[d] = h->fortran ? h->shape[h->ndim - 1 - d] : h->shape[d];
  st_tensor *t = st_zeros(target_dtype(h), h->ndim, shape);
  if (!t) return NULL;
  if (n > 0) decode(h, src, n, st_data_ptr(t)); /* a fresh contiguous tensor */
  if (!h->fortran || h->ndim < 2) return t;
  int perm[ST_MAX_DIMS];
  for (int d = 0; d < h->ndim; d++) perm[d] = h->ndim - 1 - d;
  return st_contiguous(st_permute(t, h->ndim, perm));
}

st_tensor *st__tr_npy_parse(const unsigned char *data, size_t size, const char *fn,
                            const char *what) {
  cursor c = {.fn = fn, .what = what};
  npy_header h = {0};
  size_t body = 0;
  if (parse_header(data, size, &c, &h, &body)) return NULL;
  /* n: the elements; strided: the product with zeros counted as one, which the strides need
     (st__check_shape bounds it too: [0, 2^40, 2^40] holds nothing but cannot be strided) */
  uint64_t n = 1, strided = 1;
  for (int d = 0; d < h.ndim; d++) {
    uint64_t s = h.shape[d] ? (uint64_t)h.shape[d] : 1;
    if (strided > (uint64_t)INT64_MAX / 16 / s)
      return bad(&c, "the shape holds too many elements"), NULL;
    strided *= s;
    n *= (uint64_t)h.shape[d];
  }
  uint64_t need = n * (uint64_t)h.itemsize, have = size - body;
  if (need != have)
    return bad(&c, "the shape and dtype need %llu bytes of data, the file has %llu",
               (unsigned long long)need, (unsigned long long)have),
           NULL;
  if (st_scope_push()) {
    st_scope_pop();
    return st__tr_error(ST_ERR_OOM, "%s: out of memory", fn), NULL;
  }
  st_tensor *t = make_tensor(&h, data + body, (int64_t)n);
  if (t) st_keep(t);
  st_scope_pop();
  return t;
}

st_tensor *st_npy_load(const char *path) {
  if (!path) return st__tr_null_arg("st_npy_load", 1), NULL;
  unsigned char *data;
  size_t size;
  if (st__tr_read_file("st_npy_load", path, &data, &size)) return NULL;
  st_tensor *t = st__tr_npy_parse(data, size, "st_npy_load", path);
  free(data);
  if (t) st_clear_error();
  return t;
}

/* ---------------------------------------------------------------------------------- saving */

int st__tr_npy_encode(st_tensor *t, const char *fn, unsigned char **out, size_t *size) {
  static const char *const descr[10] = {[ST_F32] = "<f4", [ST_F64] = "<f8", [ST_I64] = "<i8",
                                        [ST_BOOL] = "|b1", [ST_F16] = "<f2", [ST_I32] = "<i4",
                                        [ST_I16] = "<i2", [ST_I8] = "|i1", [ST_U8] = "|u1"};
  *out = NULL;
  *size = 0;
  st_dtype dt = st_dtype_of(t);
  if ((unsigned)dt >= 10 || !descr[dt]) /* bf16: NumPy has no such dtype */
    return st__tr_error(ST_ERR_DTYPE, "%s: dtype %s has no .npy form", fn, st_dtype_name(dt));
  char dict[400];
  int len =
      snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr[dt]);
  int nd = st_ndim(t);
  for (int d = 0; d < nd; d++)
    len += snprintf(dict + len, sizeof dict - (size_t)len, d ? ", %lld" : "%lld",
                    (long long)st_size(t, d));
  /* as numpy writes them: (3, 4), (5,) and () */
  len += snprintf(dict + len, sizeof dict - (size_t)len, nd == 1 ? ",), }" : "), }");
  /* padded with spaces so that magic + version + length + header is a multiple of 64 */
  size_t header = (size_t)len + 1, total_head = 10 + header;
  size_t pad = (64 - total_head % 64) % 64;
  header += pad;
  if (header > 0xffff) return st__tr_error(ST_ERR_ARG, "%s: header too long", fn);
  size_t es = st_dtype_size(dt), n = (size_t)st_numel(t), bytes = n * es;
  if (st_scope_push()) {
    st_scope_pop();
    return ST_ERR_OOM;
  }
  int rc = 0;
  bool was = st_set_grad_enabled(false);
  st_tensor *c = st_clone(t); /* contiguous, of any dtype */
  const unsigned char *src = c ? st_data_ptr(c) : NULL;
  unsigned char *buf = NULL;
  if (!src && n > 0)
    rc = st__tr_status();
  else if (!(buf = malloc(10 + header + bytes)))
    rc = st__tr_error(ST_ERR_OOM, "%s: out of memory for %zu bytes", fn, 10 + header + bytes);
  if (!rc) {
    memcpy(buf, MAGIC "\x01\x00", 8);
    buf[8] = (unsigned char)(header & 0xff), buf[9] = (unsigned char)(header >> 8);
    memcpy(buf + 10, dict, (size_t)len);
    memset(buf + 10 + len, ' ', pad);
    buf[10 + header - 1] = '\n';
    bool swap = host_big_endian();
    for (size_t i = 0; i < n && es > 1 && swap; i++)
      load_bytes(buf + 10 + header + i * es, src + i * es, (int)es, true);
    if ((!swap || es == 1) && bytes) memcpy(buf + 10 + header, src, bytes);
    *out = buf;
    *size = 10 + header + bytes;
  }
  st_set_grad_enabled(was);
  st_scope_pop();
  return rc;
}

int st_npy_save(const char *path, st_tensor *t) {
  if (!path) return st__tr_null_arg("st_npy_save", 1);
  if (!t) return st__tr_null_arg("st_npy_save", 2);
  unsigned char *buf;
  size_t size;
  int rc = st__tr_npy_encode(t, "st_npy_save", &buf, &size);
  if (!rc) rc = st__tr_write_file("st_npy_save", path, 1, (const void *const[]){buf}, &size);
  free(buf);
  if (!rc) st_clear_error();
  return rc;
}
