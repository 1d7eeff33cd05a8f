/* gen_corpus.c — writes the seed corpus of both fuzz targets (tests/fuzz/run --gen-corpus).

   fuzz_program seeds are small programs written in the target's own byte encoding (this file
   includes fuzz_program.c for its op and transform numbering, and runs every seed through it
   once, so a seed that fails a check is caught here). fuzz_safetensors seeds are files written
   by st_save plus hand-made broken variants. Usage: gen_corpus DIR (DIR/fuzz_program and
   DIR/fuzz_safetensors must exist). */
#include "fuzz_program.c"

#include <errno.h>

static const char *dir;

static void write_seed(const char *target, const char *name, const void *data, size_t n) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s/%s", dir, target, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
    fprintf(stderr, "gen_corpus: cannot write %s: %s\n", path, strerror(errno));
    exit(1);
  }
}

/* ======================================================================= program seeds */

typedef struct {
  uint8_t b[2048];
  size_t n;
} buf;

static void put(buf *B, unsigned v) { B->b[B->n++] = (uint8_t)v; }

/* The header byte, then one shape byte per input (sizes 1-4; 0 dims: {}). */
typedef struct {
  bool f32;
  int nin, nout, depth;
  int nd[3];
  int size[3][3];
} head;

static void put_head(buf *B, const head *h) {
  put(B, (h->f32 ? 1u : 0u) | (unsigned)(h->nin - 1) << 3 | (unsigned)(h->nout - 1) << 5 | (unsigned)h->depth << 6);
  for (int i = 0; i < h->nin; i++) {
    unsigned b = (unsigned)h->nd[i];
    for (int d = 0; d < h->nd[i]; d++) b |= (unsigned)(h->size[i][d] - 1) << (2 + 2 * d);
    put(B, b);
    if (h->nd[i] > 0 && (b & 0xC0) == 0xC0) put(B, 1); /* not empty */
  }
}

/* An op: its kind and up to 12 argument bytes (see run_op for each kind's layout). */
/* The argument byte that picks the unary, binary or reduction op `name` (fuzz_program.c's
   unary_pick, binary_pick, reduce_pick). */
static unsigned pick_byte(const char *family, const char *name) {
  for (unsigned b = 0; b < 256; b++) {
    const char *got = !strcmp(family, "unary")    ? unary_pick(b)->name
                      : !strcmp(family, "binary") ? binary_pick(b)->name
                                                  : reduce_pick(b)->name;
    if (!strcmp(got, name)) return b;
  }
  fprintf(stderr, "gen_corpus: no byte picks the %s op st_%s\n", family, name);
  exit(1);
}
#define U(name)  pick_byte("unary", name)
#define BI(name) pick_byte("binary", name)
#define RD(name) pick_byte("reduce", name)

#define OP(B, kind, ...)                                                                           \
  do {                                                                                             \
    const unsigned a_[] = {__VA_ARGS__};                                                           \
    put(B, kind);                                                                                  \
    for (size_t k_ = 0; k_ < ARG_BYTES; k_++) put(B, k_ < sizeof a_ / sizeof *a_ ? a_[k_] : 0);  \
  } while (0)

/* Dims in dim_arg's encoding: (b % 9) - 4. */
#define D(d) ((unsigned)((d) + 4))

static void put_tail(buf *B, unsigned sel0, unsigned sel1, const unsigned *layers, int nlayer_bytes,
                     const unsigned *values, int nvalues) {
  put(B, sel0);
  put(B, sel1);
  for (int k = 0; k < MAX_LAYERS * 4; k++) put(B, k < nlayer_bytes ? layers[k] : 0);
  for (int k = 0; k < nvalues; k++) put(B, values[k]);
}

static int nseeds;

static void program_seed(const char *name, const buf *B) {
  write_seed("fuzz_program", name, B->b, B->n);
  /* run it once: a seed must pass the checks */
  LLVMFuzzerTestOneInput(B->b, B->n);
  nseeds++;
}

/* values in value_of's encoding: (b - 124) / 31 */
static const unsigned VALS[] = {150, 100, 170, 60, 200, 124, 90, 140, 30, 220, 110, 160, 80, 190, 130, 70,
                                175, 95,  145, 55, 205, 115, 85, 135, 40, 210, 105, 155, 65, 185, 125, 75};
#define NV (sizeof VALS / sizeof *VALS)

static void program_seeds(void) {
  buf B;
  /* 1. sum(sin(x)): the plain transposition identity */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 1, .nd = {1}, .size = {{3}}});
  put(&B, 2);
  OP(&B, K_UNARY, 0, U("sin"));  /* sin */
  OP(&B, K_REDUCE_ALL, 0, RD("sum")); /* sum_all */
  put_tail(&B, 0, 0, NULL, 0, VALS, NV);
  program_seed("plain_sin_sum", &B);

  /* 2. vmap over x[2,3] (dim 0) and y[3] (unbatched): softmax(x + y) @ x^T */
  B.n = 0;
  put_head(&B, &(head){.nin = 2, .nout = 1, .depth = 1, .nd = {2, 1}, .size = {{2, 3}, {3}}});
  put(&B, 4);
  OP(&B, K_BINARY, 1, BI("add"), 0);                /* add(x, y) */
  OP(&B, K_SOFTMAX, 0, D(-1), 1);           /* softmax(., -1) */
  OP(&B, K_TRANSPOSE, 3, D(0), D(1));       /* x^T */
  OP(&B, K_MATMUL, 1, 0, 4);                /* matmul(softmax, x^T) */
  put_tail(&B, 0, 0, (const unsigned[]){T_VMAP, 0 | 4 << 3, 3 << 3, 0}, 4, VALS, NV);
  program_seed("vmap_softmax_matmul", &B);

  /* 3. grad of sum(tanh(x * y)) w.r.t. both, with the product as aux */
  B.n = 0;
  put_head(&B, &(head){.nin = 2, .nout = 2, .depth = 1, .nd = {2, 2}, .size = {{2, 2}, {2, 2}}});
  put(&B, 2);
  OP(&B, K_BINARY, 0, BI("mul"), 1);  /* mul(y, x) */
  OP(&B, K_UNARY, 0, U("tanh"));     /* tanh */
  put_tail(&B, 0, 1, (const unsigned[]){T_GRAD, 2 << 1, 0, 1}, 4, VALS, NV);
  program_seed("grad_tanh_mul_argnums", &B);

  /* 4. jacrev of log_softmax then layer_norm */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 1, .depth = 1, .nd = {2}, .size = {{2, 4}}});
  put(&B, 2);
  OP(&B, K_SOFTMAX, 0, D(1), 0);       /* log_softmax(., 1) */
  OP(&B, K_LAYER_NORM, 0, 1, 1, 0);    /* layer_norm over the last dim, no weight, bias */
  put_tail(&B, 0, 0, (const unsigned[]){T_JACREV, 0, 1, 0}, 4, VALS, NV);
  program_seed("jacrev_log_softmax_layer_norm", &B);

  /* 5. jacfwd of var / std / logsumexp reductions */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 2, .depth = 1, .nd = {3}, .size = {{2, 3, 2}}});
  put(&B, 3);
  OP(&B, K_REDUCE, 0, RD("var"), 1, D(1), 1, 1); /* var(dim 1, keepdim, correction 1) */
  OP(&B, K_REDUCE, 1, RD("logsumexp"), 2, D(0), D(-1), 0); /* logsumexp over dims 0, -1 */
  OP(&B, K_REDUCE, 2, RD("std"), 1, D(2), 0, 0);  /* std(dim 2, correction 0) */
  put_tail(&B, 0, 1, (const unsigned[]){T_JACFWD, 0, 0, 0}, 4, VALS, NV);
  program_seed("jacfwd_reductions", &B);

  /* 6. vjp through views: reshape, permute, expand, slice, select, cat */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 1, .depth = 1, .nd = {2}, .size = {{3, 4}}});
  put(&B, 6);
  OP(&B, K_RESHAPE, 0, 1);                     /* [2, -1] */
  OP(&B, K_PERMUTE, 0, 0, 3);                   /* a swap */
  OP(&B, K_UNSQUEEZE, 0, D(0));
  OP(&B, K_EXPAND, 0, 0, 4, 0, 0);              /* [3, 6, 2] from [1, 6, 2] */
  OP(&B, K_SLICE, 0, D(1), 5, 9, 2);            /* [:, 1::2] */
  OP(&B, K_CAT, 0, 0, 0, 1, D(0));              /* cat with itself */
  put_tail(&B, 0, 0, (const unsigned[]){T_VJP, 0, 0, 0}, 4, VALS, NV);
  program_seed("vjp_views", &B);

  /* 7. hessian of the custom cube (derived jvp) plus sin */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 1, .depth = 1, .nd = {1}, .size = {{3}}});
  put(&B, 3);
  OP(&B, K_CUSTOM, 0, 1);       /* cube_gen */
  OP(&B, K_UNARY, 1, U("sin"));       /* sin(x) */
  OP(&B, K_BINARY, 0, BI("add"), 1);    /* add */
  put_tail(&B, 0, 0, (const unsigned[]){T_HESSIAN, 0, 0, 0}, 4, VALS, NV);
  program_seed("hessian_custom", &B);

  /* 8. vmap(vmap(grad(...))) over a 2-input program with in-place ops */
  B.n = 0;
  put_head(&B, &(head){.nin = 2, .nout = 1, .depth = 3, .nd = {1, 1}, .size = {{3}, {3}}});
  put(&B, 5);
  OP(&B, K_BINARY, 0, BI("mul"), 1);         /* mul(y, x) */
  OP(&B, K_INPLACE, 0, 2, 0);        /* r2 += x */
  OP(&B, K_INPLACE_SCALAR, 0, 0, 0, 1); /* r2 *= 2 */
  OP(&B, K_UNARY, 0, U("gelu"));            /* gelu */
  OP(&B, K_REDUCE_ALL, 0, RD("mean"));        /* mean */
  put_tail(&B, 0, 0,
           (const unsigned[]){T_GRAD, 0, 0, 0, T_VMAP, 0 | 3 << 3, 2 << 3, 0, T_VMAP, 2 | 0 << 3, 1 << 3, 1}, 12,
           VALS, NV);
  program_seed("vmap_vmap_grad_inplace", &B);

  /* 9. jvp of st_cond (sum > 0.25 ? sin : square), under vmap */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 1, .depth = 2, .nd = {1}, .size = {{4}}});
  put(&B, 1);
  OP(&B, K_COND, 0, 1, 0, 1, 2); /* cond(sum(x) > 0.25, sin, square)(x) */
  put_tail(&B, 0, 0, (const unsigned[]){T_JVP, 1, 1, 0, T_VMAP, 0, 3 << 3, 0}, 8, VALS, NV);
  program_seed("vmap_jvp_cond", &B);

  /* 10. f32 program with invalid arguments: bad dims, mismatched shapes */
  B.n = 0;
  put_head(&B, &(head){.f32 = true, .nin = 2, .nout = 1, .nd = {2, 1}, .size = {{2, 3}, {4}}});
  put(&B, 6);
  OP(&B, K_BINARY, 1, BI("add"), 0);           /* add([2,3], [4]): shape error */
  OP(&B, K_TRANSPOSE, 1, D(0), D(4));  /* dim 4: out of range */
  OP(&B, K_MATMUL, 0, 0, 0);           /* mm([4], [4]): not 2-D */
  OP(&B, K_SELECT, 1, D(0), 8);        /* index 4 of 2 */
  OP(&B, K_RESHAPE, 1, 4, 2, 5, 5);    /* [4, 4] from 6 elements */
  OP(&B, K_REDUCE, 1, RD("amax"), 2, D(1), D(1)); /* amax over dim 1 twice */
  put_tail(&B, 0, 0, NULL, 0, VALS, NV);
  program_seed("f32_invalid_args", &B);

  /* 11. cross_entropy and a conv / pools on lifted inputs, under grad */
  B.n = 0;
  put_head(&B, &(head){.nin = 2, .nout = 1, .depth = 1, .nd = {2, 2}, .size = {{3, 4}, {2, 2}}});
  put(&B, 3);
  OP(&B, K_CROSS_ENTROPY, 1, 1, 0, 1, 3, 1, 2, 1, 0, 1); /* targets 0 3 2, mean, cross_entropy */
  OP(&B, K_CONV_POOL, 2, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0); /* conv2d(x, w) */
  OP(&B, K_REDUCE_ALL, 0, RD("sum"));
  put_tail(&B, 0, 0, (const unsigned[]){T_GRAD, 1, 0, 0}, 4, VALS, NV);
  program_seed("grad_and_value_cross_entropy_conv", &B);

  /* 12. where / maximum / pow / atan2 with broadcasting, jacrev w.r.t. the second input */
  B.n = 0;
  put_head(&B, &(head){.nin = 2, .nout = 1, .depth = 1, .nd = {2, 1}, .size = {{2, 3}, {3}}});
  put(&B, 4);
  OP(&B, K_BINARY, 1, BI("maximum"), 0);          /* maximum(x, y) */
  OP(&B, K_BINARY, 2, BI("atan2"), 1);          /* atan2(x, y) */
  OP(&B, K_WHERE, 0, 1, 3, 1, 1);     /* where(a < c, a, b) */
  OP(&B, K_SCALAR, 0, 2, 0);          /* pow 2 */
  put_tail(&B, 0, 0, (const unsigned[]){T_JACREV, 1, 0, 0}, 4, VALS, NV);
  program_seed("jacrev_where_maximum_atan2", &B);

  /* 13. vmap at dim -1 with chunking over split / flip / pad / repeat / tril */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 2, .depth = 1, .nd = {2}, .size = {{3, 3}}});
  put(&B, 5);
  OP(&B, K_SPLIT, 0, D(0), 1, 3, 2, 1);    /* split(2, dim 0), piece 1 */
  OP(&B, K_FLIP, 1, 1, D(1));              /* flip(x, {1}) */
  OP(&B, K_PAD, 0, 1, 1, 3, 1, 1);         /* pad {1, -1} with -1 */
  OP(&B, K_REPEAT, 2, 0, 1, 2, 1);         /* repeat {2, 1} */
  OP(&B, K_TRI, 4, 2, 1);                  /* tril(x) */
  put_tail(&B, 0, 1, (const unsigned[]){T_VMAP, 3, 3 << 3, 53}, 4, VALS, NV);
  program_seed("vmap_neg_dim_chunks_shape_ops", &B);

  /* 14. jvp of jacrev (forward over reverse) of a linear layer */
  B.n = 0;
  put_head(&B, &(head){.nin = 3, .nout = 1, .depth = 2, .nd = {1, 2, 1}, .size = {{3}, {2, 3}, {2}}});
  put(&B, 2);
  OP(&B, K_LINEAR, 2, 1, 0, 1); /* linear(x, W, b) */
  OP(&B, K_UNARY, 0, U("softplus"));       /* softplus */
  put_tail(&B, 0, 0, (const unsigned[]){T_JACREV, 0, 0, 0, T_JVP, 1 | 1 << 2 | 2 << 4, 0, 0}, 8, VALS, NV);
  program_seed("jvp_jacrev_linear", &B);

  /* 15. log((exp(x0) exp(x1) - exp(x0 + x1))^2): a value that is pure rounding noise, whose jvp
     and vjp are noise of the size of their terms; the transposition check must see it as
     such (a 1e-12 change of the inputs moves it as much) and not report it */
  B.n = 0;
  put_head(&B, &(head){.nin = 1, .nout = 1, .nd = {1}, .size = {{2}}});
  put(&B, 10);
  OP(&B, K_SELECT, 0, D(0), 4);    /* r1 = x[0] */
  OP(&B, K_SELECT, 1, D(0), 5);    /* r2 = x[1] */
  OP(&B, K_UNARY, 1, U("exp"));           /* r3 = exp(r1) */
  OP(&B, K_UNARY, 1, U("exp"));           /* r4 = exp(r2) */
  OP(&B, K_BINARY, 1, BI("mul"), 0);       /* r5 = r3 * r4 */
  OP(&B, K_BINARY, 4, BI("add"), 3);       /* r6 = r1 + r2 */
  OP(&B, K_UNARY, 0, U("exp"));           /* r7 = exp(r6) */
  OP(&B, K_BINARY, 2, BI("sub"), 0);       /* r8 = r5 - r7 */
  OP(&B, K_UNARY, 0, U("square"));           /* r9 = square(r8) */
  OP(&B, K_UNARY, 0, U("log"));           /* r10 = log(r9) */
  put_tail(&B, 0, 0, NULL, 0, (const unsigned[]){100, 102}, 2); /* a difference of 2.8e-17 */
  program_seed("plain_log_of_rounding_noise", &B);
}

/* ==================================================================== safetensors seeds */

static void st_seed(const char *name, const void *data, size_t n) { write_seed("fuzz_safetensors", name, data, n); }

/* A file from a header text and a byte buffer. */
static void st_raw(const char *name, const char *header, const void *bytes, size_t nbytes) {
  size_t h = strlen(header);
  uint8_t *b = malloc(8 + h + nbytes + 1);
  for (int i = 0; i < 8; i++) b[i] = (uint8_t)((uint64_t)h >> (8 * i));
  memcpy(b + 8, header, h);
  if (nbytes) memcpy(b + 8 + h, bytes, nbytes);
  st_seed(name, b, 8 + h + nbytes);
  free(b);
}

static uint8_t *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = malloc((size_t)size + 1);
  *n = fread(b, 1, (size_t)size, f);
  fclose(f);
  return b;
}

/* st_save's file for d, written as a seed; returns its bytes (malloc'd) */
static uint8_t *saved(const char *name, st_dict *d, size_t *n) {
  char path[512];
  snprintf(path, sizeof path, "%s/fuzz_safetensors/%s", dir, name);
  if (st_save(path, d)) {
    fprintf(stderr, "gen_corpus: st_save %s: %s\n", path, st_last_error());
    exit(1);
  }
  st_dict_free(d);
  return slurp(path, n);
}

static void safetensors_seeds(void) {
  size_t n;
  st_scope_push();
  /* valid files from st_save */
  free(saved("empty.safetensors", st_dict_new(), &n));
  st_dict *d = st_dict_new();
  st_dict_set(d, "weight", st_arange(ST_F32, 0, 6, 1));
  uint8_t *one = saved("f32_vector.safetensors", d, &n);
  size_t one_n = n;
  d = st_dict_new();
  st_dict_set(d, "a", st_scalar(ST_F64, -1.5));
  st_dict_set(d, "ids", st_arange(ST_I64, 0, 4, 1));
  st_dict_set(d, "mask", st_gt(st_arange(ST_F32, 0, 4, 1), st_scalar(ST_F32, 1.5)));
  st_dict_set(d, "empty", st_zeros(ST_F32, ST_SHAPE(0, 3)));
  st_dict_set(d, "m", st_reshape(st_linspace(ST_F64, -1, 1, 6), ST_SHAPE(2, 3)));
  uint8_t *mixed = saved("mixed_dtypes.safetensors", d, &n);
  size_t mixed_n = n;
  d = st_dict_new();
  st_dict_set(d, "quote\"back\\slash", st_ones(ST_F32, ST_SHAPE(1)));
  st_dict_set(d, "tab\tnew\nline", st_ones(ST_F32, ST_SHAPE(1)));
  st_dict_set(d, "caf\xc3\xa9 \xf0\x9f\x98\x80", st_ones(ST_F32, ST_SHAPE(1)));
  free(saved("escaped_names.safetensors", d, &n));

  /* hand-made valid ones: metadata, escapes, offsets out of header order */
  const float two[2] = {1, 2};
  st_raw("metadata.safetensors",
         "{\"__metadata__\":{\"format\":\"pt\",\"k\":\"v\"},\"x\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}",
         two, 8);
  st_raw("unicode_escapes.safetensors",
         "{\"\\u00e9\\ud83d\\ude00\\/\":{\"shape\":[2],\"dtype\":\"F32\",\"data_offsets\":[0,8]}}  ", two, 8);
  const uint8_t three[12] = {0, 0, 128, 63, 0, 0, 0, 64, 1, 0, 1, 0};
  st_raw("offsets_out_of_order.safetensors",
         "{\"b\":{\"dtype\":\"BOOL\",\"shape\":[2,2],\"data_offsets\":[8,12]},"
         "\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}",
         three, 12);

  /* broken variants */
  st_seed("truncated_data.safetensors", one, one_n - 3);
  st_seed("truncated_header.safetensors", one, 20);
  st_seed("short.safetensors", one, 5);
  uint8_t *b = malloc(mixed_n);
  memcpy(b, mixed, mixed_n);
  for (int i = 0; i < 8; i++) b[i] = 0xFF; /* header size 2^64 - 1 */
  st_seed("header_size_huge.safetensors", b, mixed_n);
  memcpy(b, mixed, mixed_n);
  b[0] = (uint8_t)(b[0] + 1); /* one byte more than there is header */
  st_seed("header_size_off_by_one.safetensors", b, mixed_n);
  free(b);
  st_raw("overlap.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
         "\"b\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}",
         two, 8);
  st_raw("gap.safetensors", "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}", two, 8);
  st_raw("reversed.safetensors", "{\"a\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[8,0]}}", two, 8);
  st_raw("past_end.safetensors", "{\"a\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,16]}}", two, 8);
  st_raw("shape_overflow.safetensors",
         "{\"a\":{\"dtype\":\"F64\",\"shape\":[4294967296,4294967296,4294967296,0],\"data_offsets\":[0,0]}}", NULL, 0);
  st_raw("offset_overflow.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[18446744073709551608,0]}}", two, 8);
  st_raw("nine_dims.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"shape\":[1,1,1,1,1,1,1,1,1],\"data_offsets\":[0,4]}}", two, 4);
  st_raw("bad_dtype.safetensors", "{\"a\":{\"dtype\":\"F16\",\"shape\":[2],\"data_offsets\":[0,4]}}", two, 4);
  st_raw("duplicate_name.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
         "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}",
         two, 8);
  st_raw("duplicate_field.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", two, 8);
  const uint8_t bools[2] = {1, 2};
  st_raw("bool_byte_2.safetensors", "{\"a\":{\"dtype\":\"BOOL\",\"shape\":[2],\"data_offsets\":[0,2]}}", bools, 2);
  st_raw("metadata_not_string.safetensors",
         "{\"__metadata__\":{\"k\":1},\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", two, 8);
  st_raw("bad_utf8.safetensors", "{\"\xc3\x28\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", two, 8);
  st_raw("lone_surrogate.safetensors", "{\"\\ud800x\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}",
         two, 8);
  st_raw("nul_escape.safetensors", "{\"\\u0000\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}", two, 8);
  st_raw("trailing_junk.safetensors", "{} x", NULL, 0);
  st_raw("negative_and_float.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"shape\":[-2, 1.5e3],\"data_offsets\":[0,08]}}", two, 8);
  st_raw("not_object.safetensors", "[1,2,3]", NULL, 0);
  st_raw("unknown_field.safetensors",
         "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8],\"extra\":[]}}", two, 8);
  free(one);
  free(mixed);
  st_scope_pop();
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: gen_corpus DIR\n");
    return 2;
  }
  dir = argv[1];
  /* every row is reachable */
  for (size_t k = 0; k < NUNARY; k++) (void)U(UNARY_OPS[k].name);
  for (size_t k = 0; k < NBINARY; k++) (void)BI(BINARY_OPS[k].name);
  for (size_t k = 0; k < NREDUCE; k++) (void)RD(REDUCE_OPS[k].name);
  LLVMFuzzerInitialize(&argc, &argv);
  program_seeds();
  safetensors_seeds();
  printf("gen_corpus: %d program seeds and the safetensors seeds written to %s\n", nseeds, dir);
  return st_live_objects() == 0 ? 0 : 1;
}
