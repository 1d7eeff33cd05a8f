/* test_safetensors.c — st_dict semantics, st_save/st_load round trips and the exact file
   layout, and a battery of malformed files (plus random mutations) that must fail cleanly. */
#include <unistd.h>

#include "test.h"
#include "util.h"

#define VALS(...) (const double[]){__VA_ARGS__}

/* ----------------------------------------------------------------------------- helpers */

/* A fresh, empty temporary file; path holds at least 32 bytes. */
static void temp_path(char *path) {
  strcpy(path, "/tmp/strata_io_XXXXXX");
  int fd = mkstemp(path);
  if (fd >= 0) close(fd);
}

static void write_bytes(const char *path, const void *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return;
  if (n) fwrite(data, 1, n, f);
  fclose(f);
}

/* The whole file, malloc'd. */
static unsigned char *read_bytes(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  *n = 0;
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = malloc((size_t)size + 1);
  if (data) *n = fread(data, 1, (size_t)size, f);
  fclose(f);
  return data;
}

/* A file made of the 8-byte little-endian header size, the header bytes as given (no padding)
   and n buffer bytes (zeros when buf is NULL). */
static void write_file(const char *path, const char *header, size_t header_len, const void *buf,
                       size_t n) {
  size_t total = 8 + header_len + n;
  unsigned char *bytes = calloc(total, 1);
  for (int i = 0; i < 8; i++) bytes[i] = (unsigned char)((uint64_t)header_len >> (8 * i));
  memcpy(bytes + 8, header, header_len);
  if (buf) memcpy(bytes + 8 + header_len, buf, n);
  write_bytes(path, bytes, total);
  free(bytes);
}

/* Same dtype, shape and values (compared as doubles). */
static void check_same(const char *file, int line, const st_tensor *got, const st_tensor *want) {
  int64_t gs[ST_MAX_DIMS], ws[ST_MAX_DIMS];
  if (!got) {
    st_test_fail(file, line, "tensor is NULL [last error: %s]", st_last_error());
    return;
  }
  int gn = st_shape(got, gs), wn = st_shape(want, ws);
  if (st_dtype_of(got) != st_dtype_of(want) || gn != wn ||
      memcmp(gs, ws, sizeof(int64_t) * (size_t)gn) != 0) {
    st_test_fail(file, line, "dtype %s ndim %d, expected dtype %s ndim %d",
                 st_dtype_name(st_dtype_of(got)), gn, st_dtype_name(st_dtype_of(want)), wn);
    return;
  }
  double *g = tu_values(got), *w = tu_values(want);
  for (int64_t i = 0; i < st_numel(want); i++)
    if (!(g[i] == w[i] || (isnan(g[i]) && isnan(w[i])))) {
      st_test_fail(file, line, "element %lld: %.17g != %.17g", (long long)i, g[i], w[i]);
      break;
    }
  free(g);
  free(w);
}
#define CHECK_SAME(got, want) check_same(__FILE__, __LINE__, (got), (want))

/* ------------------------------------------------------------------------------- st_dict */

TEST(dict_keeps_insertion_order_and_finds_every_name) {
  st_dict *d = st_dict_new();
  st_tensor *t = st_scalar(ST_F32, 1);
  char name[32];
  for (int i = 0; i < 100; i++) { /* enough to grow the table several times */
    snprintf(name, sizeof name, "layer%d.weight", (i * 37) % 100);
    CHECK_EQ_INT(st_dict_set(d, name, t), 0);
  }
  CHECK_EQ_INT(st_dict_len(d), 100);
  for (int i = 0; i < 100; i++) {
    snprintf(name, sizeof name, "layer%d.weight", (i * 37) % 100);
    CHECK(st_test_streq(st_dict_name(d, i), name));
    CHECK(st_dict_get(d, name) == t);
  }
  st_dict_free(d);
}

TEST(dict_set_replaces_a_name_and_releases_the_old_tensor) {
  st_dict *d = st_dict_new();
  st_tensor *a = st_ones(ST_F32, ST_SHAPE(2)), *b = st_zeros(ST_F64, ST_SHAPE(3));
  CHECK_EQ_INT(st_dict_set(d, "w", a), 0);
  CHECK_EQ_INT(st_dict_set(d, "w", b), 0);
  CHECK_EQ_INT(st_dict_len(d), 1);
  CHECK(st_dict_get(d, "w") == b);
  int64_t live = st_live_objects();
  st_release(a); /* the dict no longer holds a: its tensor and storage go */
  CHECK_EQ_INT(st_live_objects(), live - 2);
  CHECK_EQ_INT(st_dict_set(d, "w", b), 0); /* setting a name to its own tensor is safe */
  CHECK_CLOSE(st_dict_get(d, "w"), 0, 0, 0, 0);
  st_dict_free(d);
}

TEST(dict_holds_its_own_references_and_copies_names) {
  st_dict *d = st_dict_new();
  char name[] = "bias";
  st_tensor *t = st_full(ST_F32, ST_SHAPE(2), 4);
  st_dict_set(d, name, t);
  name[0] = 'x';
  st_release(t);
  CHECK_CLOSE(st_dict_get(d, "bias"), 0, 4, 4);
  CHECK(st_test_streq(st_dict_name(d, 0), "bias"));
  st_dict_free(d);
}

TEST(dict_counts_as_a_live_object) {
  int64_t before = st_live_objects();
  st_dict *d = st_dict_new();
  CHECK_EQ_INT(st_live_objects(), before + 1);
  st_dict_free(d);
  CHECK_EQ_INT(st_live_objects(), before);
  st_dict_free(NULL);
}

TEST(dict_errors_name_the_function_and_values) {
  st_dict *d = st_dict_new();
  st_tensor *t = st_scalar(ST_F32, 1);
  CHECK_FAILS(st_dict_set(NULL, "a", t) != 0, ST_ERR_ARG, "st_dict_set: argument 1 is NULL");
  CHECK_FAILS(st_dict_set(d, NULL, t) != 0, ST_ERR_ARG, "st_dict_set: argument 2 is NULL");
  CHECK_FAILS(st_dict_set(d, "a", NULL) != 0, ST_ERR_ARG, "st_dict_set: argument 3 is NULL");
  CHECK_FAILS(!st_dict_get(d, "zz"), ST_ERR_ARG, "st_dict_get: no tensor named 'zz'");
  CHECK_FAILS(!st_dict_get(NULL, "zz"), ST_ERR_ARG, "st_dict_get: argument 1 is NULL");
  CHECK_FAILS(!st_dict_name(d, 5), ST_ERR_ARG, "st_dict_name: index 5 is out of range");
  CHECK_EQ_INT(st_dict_len(NULL), -1);
  CHECK_EQ_INT(st_dict_len(d), 0);
  st_dict_free(d);
}

TEST(dict_set_of_a_failed_result_keeps_the_first_error) {
  st_dict *d = st_dict_new();
  CHECK_FAILS(st_dict_set(d, "w", st_zeros(ST_F32, ST_SHAPE(-2))) != 0, ST_ERR_ARG, "size -2");
  CHECK_EQ_INT(st_dict_len(d), 0);
  st_dict_free(d);
}

/* ---------------------------------------------------------------------------- round trips */

TEST(save_load_round_trips_every_dtype_and_shape) {
  char path[32];
  temp_path(path);
  int64_t big[2] = {((int64_t)1 << 62) + 1, -3};
  st_tensor *ts[] = {
      tu_tensor(ST_F32, ST_SHAPE(2, 3), VALS(1.5, -2, 3e-8, NAN, INFINITY, 6)),
      tu_tensor(ST_F64, ST_SHAPE(4), VALS(0.1, -0.2, 1e300, -0.0)),
      st_from_data(ST_I64, ST_SHAPE(2, 1), big),
      tu_tensor(ST_BOOL, ST_SHAPE(3), VALS(1, 0, 1)),
      st_scalar(ST_F32, 7.25),
      st_zeros(ST_F64, ST_SHAPE(0, 3)),
      tu_tensor(ST_I64, ST_SHAPE(1, 1, 1, 1, 1, 1, 1, 2), VALS(5, 6)),
  };
  const char *names[] = {"z.f32", "a.f64", "m.i64", "mask", "scalar", "empty", "deep"};
  int n = (int)(sizeof ts / sizeof *ts);
  st_dict *d = st_dict_new();
  for (int i = 0; i < n; i++) st_dict_set(d, names[i], ts[i]);
  CHECK_EQ_INT(st_save(path, d), 0);
  st_dict *back = st_load(path);
  CHECK(back != NULL);
  CHECK_EQ_INT(st_dict_len(back), n);
  for (int i = 0; back && i < n; i++) {
    CHECK(st_test_streq(st_dict_name(back, i), names[i])); /* file order is dict order */
    CHECK_SAME(st_dict_get(back, names[i]), ts[i]);
  }
  if (back) {
    const void *m = st_data_ptr(st_dict_get(back, "m.i64"));
    CHECK(m && memcmp(m, big, sizeof big) == 0);
  }
  CHECK(strcmp(st_last_error(), "") == 0);
  st_dict_free(back);
  st_dict_free(d);
  remove(path);
}

TEST(save_writes_non_contiguous_and_broadcast_tensors_row_major) {
  char path[32];
  temp_path(path);
  const double v[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  st_tensor *nc = tu_noncontig(ST_F32, ST_SHAPE(3, 4), v);
  st_tensor *bc = tu_broadcast(tu_tensor(ST_I64, ST_SHAPE(3), VALS(1, 2, 3)), ST_SHAPE(2, 3));
  st_dict *d = st_dict_new();
  st_dict_set(d, "nc", nc);
  st_dict_set(d, "bc", bc);
  CHECK_EQ_INT(st_save(path, d), 0);
  st_dict *back = st_load(path);
  CHECK(back != NULL);
  if (back) {
    CHECK_SAME(st_dict_get(back, "nc"), tu_tensor(ST_F32, ST_SHAPE(3, 4), v));
    CHECK_CLOSE(st_dict_get(back, "bc"), 0, 1, 2, 3, 1, 2, 3);
    CHECK(st_is_contiguous(st_dict_get(back, "nc")));
  }
  st_dict_free(back);
  st_dict_free(d);
  remove(path);
}

TEST(save_and_load_an_empty_dict) {
  char path[32];
  temp_path(path);
  st_dict *d = st_dict_new();
  CHECK_EQ_INT(st_save(path, d), 0);
  st_dict *back = st_load(path);
  CHECK(back && st_dict_len(back) == 0);
  st_dict_free(back);
  st_dict_free(d);
  remove(path);
}

TEST(save_writes_the_exact_safetensors_layout) {
  char path[32];
  temp_path(path);
  st_dict *d = st_dict_new();
  st_dict_set(d, "a", tu_tensor(ST_F32, ST_SHAPE(2), VALS(1, 2)));
  CHECK_EQ_INT(st_save(path, d), 0);
  const char header[] = "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}  ";
  const unsigned char data[8] = {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40}; /* 1.f, 2.f */
  size_t n;
  unsigned char *bytes = read_bytes(path, &n);
  CHECK_EQ_INT(n, 8 + 56 + 8);
  if (bytes && n == 72) {
    const unsigned char size[8] = {56, 0, 0, 0, 0, 0, 0, 0};
    CHECK(memcmp(bytes, size, 8) == 0);
    CHECK(memcmp(bytes + 8, header, 56) == 0);
    CHECK(memcmp(bytes + 64, data, 8) == 0);
  }
  free(bytes);
  st_dict_free(d);
  remove(path);
}

TEST(save_escapes_names_and_load_decodes_them) {
  char path[32];
  temp_path(path);
  const char *names[] = {"quote\"back\\slash", "tab\tnew\nline", "caf\xc3\xa9 \xf0\x9f\x98\x80",
                         ""};
  st_dict *d = st_dict_new();
  for (int i = 0; i < 4; i++) st_dict_set(d, names[i], st_scalar(ST_I64, i));
  CHECK_EQ_INT(st_save(path, d), 0);
  st_dict *back = st_load(path);
  CHECK(back && st_dict_len(back) == 4);
  for (int i = 0; back && i < 4; i++) CHECK_CLOSE(st_dict_get(back, names[i]), 0, i);
  st_dict_free(back);
  st_dict_free(d);
  remove(path);
}

TEST(load_ignores_metadata_and_accepts_json_whitespace_and_escapes) {
  char path[32];
  temp_path(path);
  const char header[] = " {\n  \"__metadata__\" : {\"format\": \"pt\", \"note\": \"a\\\"b\"},\n"
                        "  \"w\\u00e9\\ud83d\\ude00\\/\" :\t{ \"shape\" : [ 2 ] ,"
                        " \"data_offsets\" :"
                        " [0, 2], \"dtype\": \"BOOL\" }\r\n}   ";
  write_file(path, header, strlen(header), (const unsigned char[]){1, 0}, 2);
  st_dict *d = st_load(path);
  CHECK(d && st_dict_len(d) == 1);
  if (d) {
    CHECK(st_test_streq(st_dict_name(d, 0), "w\xc3\xa9\xf0\x9f\x98\x80/"));
    CHECK_CLOSE(st_dict_get(d, st_dict_name(d, 0)), 0, 1, 0);
  }
  st_dict_free(d);
  remove(path);
}

TEST(load_accepts_zero_size_tensors_anywhere_in_the_buffer) {
  char path[32];
  temp_path(path);
  const char header[] = "{\"e\":{\"dtype\":\"F64\",\"shape\":[3,0],\"data_offsets\":[4,4]},"
                        "\"b\":{\"dtype\":\"F32\",\"shape\":[],\"data_offsets\":[4,8]},"
                        "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}";
  const float vals[2] = {1.5f, -2.5f};
  write_file(path, header, strlen(header), vals, sizeof vals);
  st_dict *d = st_load(path);
  CHECK(d && st_dict_len(d) == 3);
  if (d) {
    CHECK_SHAPE(st_dict_get(d, "e"), 3, 0);
    CHECK_CLOSE(st_dict_get(d, "a"), 0, 1.5);
    CHECK_CLOSE(st_dict_get(d, "b"), 0, -2.5);
    CHECK_EQ_INT(st_ndim(st_dict_get(d, "b")), 0);
  }
  st_dict_free(d);
  remove(path);
}

/* ------------------------------------------------------------------------------- errors */

TEST(save_errors_name_the_function_and_problem) {
  char path[32];
  temp_path(path);
  st_dict *d = st_dict_new();
  CHECK_FAILS(st_save(NULL, d) != 0, ST_ERR_ARG, "st_save: argument 1 is NULL");
  CHECK_FAILS(st_save(path, NULL) != 0, ST_ERR_ARG, "st_save: argument 2 is NULL");
  CHECK_FAILS(st_save("/nonexistent-strata-dir/x.safetensors", d) != 0, ST_ERR_IO,
              "st_save: /nonexistent-strata-dir/x.safetensors: cannot open for writing");
  st_dict_set(d, "__metadata__", st_scalar(ST_F32, 1));
  CHECK_FAILS(st_save(path, d) != 0, ST_ERR_ARG, "tensor name '__metadata__' is reserved");
  st_dict_free(d);
  d = st_dict_new();
  st_dict_set(d, "bad\xff", st_scalar(ST_F32, 1));
  CHECK_FAILS(st_save(path, d) != 0, ST_ERR_ARG, "is not valid UTF-8");
  st_dict_free(d);
  remove(path);
}

TEST(load_of_a_missing_file_or_directory_fails_with_io) {
  CHECK_FAILS(!st_load("/nonexistent-strata-dir/x.safetensors"), ST_ERR_IO,
              "st_load: /nonexistent-strata-dir/x.safetensors: cannot open");
  CHECK_FAILS(!st_load("/tmp"), ST_ERR_IO, "st_load: /tmp: not a regular file");
  CHECK_FAILS(!st_load(NULL), ST_ERR_ARG, "st_load: argument 1 is NULL");
}

TEST(load_rejects_bad_header_sizes) {
  char path[32];
  temp_path(path);
  write_bytes(path, "\x05\0\0\0\0", 5);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "file has 5 bytes, fewer than the 8");
  write_bytes(path, "\0\0\0\0\0\x01\0\0{}", 10); /* 2^40 */
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "header size 1099511627776 exceeds the limit");
  write_bytes(path, "\xff\xff\xff\xff\xff\xff\xff\xff{}", 10);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "exceeds the limit");
  write_bytes(path, "\x40\0\0\0\0\0\0\0{}", 10);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "header size 64 exceeds the 2 bytes after it");
  write_bytes(path, "\0\0\0\0\0\0\0\0", 8);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "header is not a JSON object");
  remove(path);
}

typedef struct {
  const char *header;
  size_t buffer_bytes; /* zeros after the header */
  const char *needle;
} bad_case;

/* Header text, then the error st_load must give; each file is otherwise consistent. */
#define T(dt, shape, offsets)                                                                      \
  "{\"dtype\":\"" dt "\",\"shape\":" shape ",\"data_offsets\":" offsets "}"
static const bad_case BAD_HEADERS[] = {
    {"hello", 0, "header is not a JSON object"},
    {"[1,2]", 0, "header is not a JSON object"},
    {"{\"a", 0, "header JSON ends where the end of a string was expected"},
    {"{\"a\":" T("F32", "[1]", "[0,4]"), 4, "header JSON ends where ',' or '}' was expected"},
    {"{\"a\":" T("F8_E4M3", "[2]", "[0,2]") "}", 4, "tensor 'a' has dtype 'F8_E4M3'"},
    {"{\"a\":" T("F32", "[-1]", "[0,4]") "}", 4, "shape at byte 29 is not a non-negative integer"},
    {"{\"a\":" T("F32", "[2.0]", "[0,8]") "}", 8, "is not a non-negative integer"},
    {"{\"a\":" T("F32", "[02]", "[0,8]") "}", 8, "is not a non-negative integer"},
    {"{\"a\":" T("F32", "[1e3]", "[0,8]") "}", 8, "is not a non-negative integer"},
    {"{\"a\":" T("F32", "[9223372036854775808]", "[0,4]") "}", 4, "is too large"},
    {"{\"a\":" T("F32", "[4611686018427387904,4]", "[0,16]") "}", 16,
     "tensor 'a' shape [4611686018427387904, 4] of F32 overflows"},
    {"{\"a\":" T("F32", "[0,4611686018427387904,4]", "[0,0]") "}", 0, "overflows"},
    {"{\"a\":" T("F32", "[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]", "[0,4]") "}", 4, "has more than 16 values"},
    {"{\"a\":" T("F32", "2", "[0,8]") "}", 8, "expected '['"},
    {"{\"a\":" T("F32", "[1]", "[8,4]") "}", 8, "tensor 'a' data_offsets [8, 4] are reversed"},
    {"{\"a\":" T("F32", "[2,2]", "[0,12]") "}", 12,
     "tensor 'a' data_offsets [0, 12] do not match shape [2, 2] of F32 (16 bytes)"},
    {"{\"a\":" T("F32", "[2]", "[0,8]") "}", 4,
     "data_offsets [0, 8] pass the end of the 4-byte buffer"},
    {"{\"a\":" T("F32", "[1]", "[0,4,8]") "}", 8, "data_offsets at byte 52 has more than 2 values"},
    {"{\"a\":" T("F32", "[1]", "[4]") "}", 4, "tensor 'a' has 1 data_offsets, not 2"},
    {"{\"a\":" T("F32", "[2]", "[0,8]") ",\"b\":" T("F32", "[2]", "[4,12]") "}", 12,
     "tensors 'a' and 'b' overlap"},
    {"{\"a\":" T("F32", "[1]", "[0,4]") ",\"b\":" T("F32", "[1]", "[8,12]") "}", 12,
     "bytes [4, 8) of the buffer belong to no tensor"},
    {"{\"a\":" T("F32", "[1]", "[0,4]") "}", 8, "bytes [4, 8) of the buffer belong to no tensor"},
    {"{\"a\":" T("F32", "[1]", "[0,4]") ",\"a\":" T("F32", "[1]", "[4,8]") "}", 8,
     "tensor name 'a' appears twice"},
    {"{\"a\":{\"dtype\":\"F32\",\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4,
     "tensor 'a' has field 'dtype' twice"},
    {"{\"a\":{\"dtype\":\"F32\",\"shape\":[1]}}", 4, "tensor 'a' lacks field 'data_offsets'"},
    {"{\"a\":{}}", 0, "tensor 'a' lacks field 'dtype'"},
    {"{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4],\"x\":1}}", 4,
     "tensor 'a' has an unknown field 'x'"},
    {"{\"a\":" T("F32", "[1]", "[0,4]") "} x", 4, "header has data after the JSON object at byte"},
    {"{\"a\":" T("F32", "[1]", "[0,4]") "}}", 4, "header has data after the JSON object"},
    {"{\"a\":" T("F32", "[1]", "[0,4]") ",}", 4, "expected a string at byte"},
    {"{\"a\":" T("F32", "[1,]", "[0,4]") "}", 4, "is not a non-negative integer"},
    {"{\"a\" " T("F32", "[1]", "[0,4]") "}", 4, "expected ':'"},
    {"{\"a\":{\"dtype\":{\"x\":[[[[1]]]]}}}", 0, "expected a string"},
    {"{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]", 0,
     "expected '{'"},
    {"{\"a\":null}", 0, "expected '{'"},
    {"{\"__metadata__\":{\"k\":1}}", 0, "metadata 'k' at byte 21 is not a string"},
    {"{\"__metadata__\":{},\"__metadata__\":{}}", 0, "header has '__metadata__' twice"},
    {"{\"__metadata__\":[]}", 0, "expected '{' after \"__metadata__\""},
    {"{\"a\x01\":" T("F32", "[1]", "[0,4]") "}", 4, "control character 0x01 in a string at byte 3"},
    {"{\"a\\x\":" T("F32", "[1]", "[0,4]") "}", 4, "expected a valid escape at byte 4"},
    {"{\"a\\u12\":" T("F32", "[1]", "[0,4]") "}", 4, "expected 4 hex digits"},
    {"{\"a\\udc00\":" T("F32", "[1]", "[0,4]") "}", 4, "lone low surrogate"},
    {"{\"a\\ud800x\":" T("F32", "[1]", "[0,4]") "}", 4, "expected a low surrogate escape"},
    {"{\"a\\ud800\\u0041\":" T("F32", "[1]", "[0,4]") "}", 4, "bad surrogate pair"},
    {"{\"a\\u0000\":" T("F32", "[1]", "[0,4]") "}", 4, "\\u0000 in a string"},
    {"{\"a\xff\":" T("F32", "[1]", "[0,4]") "}", 4, "header is not valid UTF-8 (byte 3)"},
    {"{\"a\xc0\x80\":" T("F32", "[1]", "[0,4]") "}", 4, "header is not valid UTF-8"},
    {"{\"a\xed\xa0\x80\":" T("F32", "[1]", "[0,4]") "}", 4, "header is not valid UTF-8"},
    {"", 0, "header is not a JSON object"},
};
#undef T

TEST(load_rejects_malformed_headers_with_io_errors) {
  char path[32];
  temp_path(path);
  for (size_t i = 0; i < sizeof BAD_HEADERS / sizeof *BAD_HEADERS; i++) {
    const bad_case *c = &BAD_HEADERS[i];
    write_file(path, c->header, strlen(c->header), NULL, c->buffer_bytes);
    st_clear_error();
    st_dict *d = st_load(path);
    if (d || st_last_status() != ST_ERR_IO || !strstr(st_last_error(), c->needle) ||
        !strstr(st_last_error(), path))
      st_test_fail(__FILE__, __LINE__,
                   "case %zu (%s): got %s, status %d, message '%s'; wanted '%s'", i, c->header,
                   d ? "a dict" : "NULL", (int)st_last_status(), st_last_error(), c->needle);
    st_dict_free(d);
    st_clear_error();
  }
  remove(path);
}

TEST(load_rejects_a_nul_byte_inside_the_header) {
  char path[32];
  temp_path(path);
  write_file(path, "{\"a\0\":{}}", 9, NULL, 0);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "control character 0x00");
  write_file(path, "{}\0", 3, NULL, 0);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "data after the JSON object at byte 2");
  remove(path);
}

TEST(load_rejects_bool_bytes_other_than_zero_and_one) {
  char path[32];
  temp_path(path);
  const char header[] = "{\"m\":{\"dtype\":\"BOOL\",\"shape\":[3],\"data_offsets\":[0,3]}}";
  write_file(path, header, strlen(header), (const unsigned char[]){1, 0, 2}, 3);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "tensor 'm' holds byte 0x02 at element 2");
  remove(path);
}

TEST(load_detects_a_file_truncated_inside_the_data) {
  char path[32];
  temp_path(path);
  st_dict *d = st_dict_new();
  st_dict_set(d, "w", st_ones(ST_F64, ST_SHAPE(4)));
  st_save(path, d);
  size_t n;
  unsigned char *bytes = read_bytes(path, &n);
  write_bytes(path, bytes, n - 1);
  CHECK_FAILS(!st_load(path), ST_ERR_IO, "pass the end of the 31-byte buffer");
  free(bytes);
  st_dict_free(d);
  remove(path);
}

/* ------------------------------------------------------------------ allocation failures */

TEST(save_and_load_fail_cleanly_when_memory_runs_out) {
  char path[32], path2[32];
  temp_path(path);
  temp_path(path2);
  st_dict *d = st_dict_new();
  st_dict_set(d, "a", tu_noncontig(ST_F32, ST_SHAPE(2, 3), VALS(1, 2, 3, 4, 5, 6)));
  st_dict_set(d, "b", st_scalar(ST_BOOL, 1));
  st_dict_set(d, "c", st_zeros(ST_I64, ST_SHAPE(0)));
  CHECK_EQ_INT(st_save(path, d), 0);
  for (int n = 1; n <= 40; n++) {
    st_debug_fail_alloc_after(n);
    int rc = st_save(path2, d);
    st_debug_fail_alloc_after(0);
    CHECK(rc == 0 || st_last_status() == ST_ERR_OOM);
    st_clear_error();
    st_debug_fail_alloc_after(n);
    st_dict *back = st_load(path);
    st_debug_fail_alloc_after(0);
    CHECK(back != NULL || st_last_status() == ST_ERR_OOM);
    st_dict_free(back);
    st_clear_error();
    st_debug_fail_alloc_after(n);
    st_dict *fresh = st_dict_new();
    rc = fresh ? st_dict_set(fresh, "x", st_dict_get(d, "a")) : ST_ERR_OOM;
    st_debug_fail_alloc_after(0);
    CHECK(rc == 0 || st_last_status() == ST_ERR_OOM);
    st_dict_free(fresh);
    st_clear_error();
  }
  st_dict_free(d);
  remove(path);
  remove(path2);
}

/* ------------------------------------------------------------------------------ mutations */

TEST(load_survives_random_mutations_of_a_valid_file) {
  char path[32], mutated[32];
  temp_path(path);
  temp_path(mutated);
  st_dict *d = st_dict_new();
  st_dict_set(d, "weight", tu_tensor(ST_F32, ST_SHAPE(2, 2), VALS(1, 2, 3, 4)));
  st_dict_set(d, "bias\n\"x", tu_tensor(ST_F64, ST_SHAPE(2), VALS(-1, 1)));
  st_dict_set(d, "step", st_scalar(ST_I64, 9));
  st_dict_set(d, "mask", tu_tensor(ST_BOOL, ST_SHAPE(3), VALS(1, 0, 1)));
  st_dict_set(d, "none", st_zeros(ST_F32, ST_SHAPE(0, 2)));
  CHECK_EQ_INT(st_save(path, d), 0);
  size_t n;
  unsigned char *orig = read_bytes(path, &n), *buf = malloc(n);
  size_t header_end = orig && n > 8 ? 8 + orig[0] + ((size_t)orig[1] << 8) : 1;
  uint64_t x = 0x2545F4914F6CDD1Dull;
  int loaded = 0;
  for (int iter = 0; orig && n > 8 && iter < 300; iter++) { /* n: st_save may have failed */
    memcpy(buf, orig, n);
    size_t len = n;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int kind = (int)(x % 4), changes = 1 + (int)((x >> 8) % 3);
    for (int k = 0; k < changes; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      size_t at = (size_t)(x >> 16) % (kind == 3 ? n : header_end); /* mostly the header */
      if (kind == 2) buf[at] = (unsigned char)(x >> 40);
      else buf[at] ^= (unsigned char)(1u << ((x >> 8) % 8));
    }
    if (kind == 1) len = (size_t)(x >> 24) % n; /* truncation as well */
    write_bytes(mutated, buf, len);
    st_clear_error();
    st_dict *back = st_load(mutated);
    if (back) loaded++;
    else CHECK(st_last_status() == ST_ERR_IO);
    st_dict_free(back);
    st_clear_error();
  }
  CHECK(loaded < 300); /* the mutations do reach the checks */
  free(orig);
  free(buf);
  st_dict_free(d);
  remove(path);
  remove(mutated);
}
