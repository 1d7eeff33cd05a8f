/* driver.c — the differential fuzzer's C driver: runs every program of a file with strata on the
   inputs of a safetensors file and writes the outputs to safetensors files, for difffuzz.py to
   compare with torch.func. Built by tests/difffuzz/run (with -DDIFFFUZZ_DRIVER; in the test
   runner's build, which globs tests/, this file is empty).

     driver PROGS INPUTS OUT [FIRST [SKIP]]

   Program k (0-based, in file order) reads the inputs "p<k>.x<i>" and its outputs are saved as
   "p<k>.y<j>" in OUT.<first k of the chunk>.safetensors, one file per chunk of 50 programs.
   Standard output gets, flushed line by line: start <k> result <k> ok <nout>      |  result <k> err
   <status> <message> leak <k> <count>          (live objects after the run; nothing should stay)
     saved <path> <first> <last>
   so that difffuzz.py can restart after a crash at the program after FIRST, skipping SKIP. */
#ifdef DIFFFUZZ_DRIVER
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog.h"

#define CHUNK 50

typedef struct {
  int k, nout;
  int ndim[DF_MAX_OUT];
  int64_t shape[DF_MAX_OUT][ST_MAX_DIMS];
  double *vals[DF_MAX_OUT];
} result;

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
    free(s);
    s = NULL;
  }
  if (s) s[n] = 0;
  fclose(f);
  return s;
}

static void one_line(const char *msg, char *out, size_t n) {
  snprintf(out, n, "%s", msg);
  for (char *c = out; *c; c++)
    if (*c == '\n' || *c == '\r') *c = ' ';
}

/* Runs program k; on success keeps its outputs (as doubles) in *res. */
static void run_one(const df_prog *p, int k, const st_dict *inputs, result *res) {
  st_tensor *in[DF_MAX_IN] = {0}, *out[DF_MAX_OUT * 4] = {0};
  char name[64], msg[4096];
  res->k = k;
  res->nout = -1;
  for (int i = 0; i < p->nin; i++) {
    snprintf(name, sizeof name, "p%d.x%d", k, i);
    in[i] = st_dict_get(inputs, name);
    if (!in[i]) {
      printf("result %d err %d missing input %s\n", k, (int)ST_ERR_ARG, name);
      return;
    }
  }
  int nout = df_num_outputs(p);
  if (nout > DF_MAX_OUT) {
    printf("result %d err %d too many outputs\n", k, (int)ST_ERR_ARG);
    return;
  }
  int64_t live = st_live_objects();
  st_clear_error();
  int rc = df_run(p, in, out);
  if (rc) {
    one_line(st_last_error(), msg, sizeof msg);
    printf("result %d err %d %s\n", k, rc, msg[0] ? msg : "(no message)");
  } else {
    res->nout = nout;
    for (int j = 0; j < nout; j++) {
      res->ndim[j] = st_shape(out[j], res->shape[j]);
      int64_t n = st_numel(out[j]);
      res->vals[j] = malloc(sizeof(double) * (size_t)(n ? n : 1));
      if (res->ndim[j] < 0 || !res->vals[j] || st_to_f64(out[j], res->vals[j], n)) {
        one_line(st_last_error(), msg, sizeof msg);
        printf("result %d err %d output %d unreadable: %s\n", k, (int)st_last_status(), j, msg);
        res->nout = j;
        break;
      }
    }
    if (res->nout == nout) printf("result %d ok %d\n", k, nout);
    for (int j = 0; j < nout; j++) st_release(out[j]);
  }
  int64_t leaked = st_live_objects() - live;
  if (leaked) printf("leak %d %lld\n", k, (long long)leaked);
  fflush(stdout);
}

static int save_chunk(const char *prefix, result *rs, int n) {
  if (!n) return 0;
  st_dict *d = st_dict_new();
  char path[4096], name[64];
  int rc = d ? 0 : -1;
  for (int r = 0; r < n && !rc; r++) {
    for (int j = 0; j < rs[r].nout && !rc; j++) {
      st_tensor *t = st_from_data(ST_F64, rs[r].ndim[j], rs[r].shape[j], rs[r].vals[j]);
      snprintf(name, sizeof name, "p%d.y%d", rs[r].k, j);
      rc = t ? st_dict_set(d, name, t) : -1;
      st_release(t);
    }
  }
  snprintf(path, sizeof path, "%s.%d.safetensors", prefix, rs[0].k);
  if (!rc) rc = st_save(path, d);
  st_dict_free(d);
  if (rc)
    fprintf(stderr, "driver: cannot save %s: %s\n", path, st_last_error());
  else
    printf("saved %s %d %d\n", path, rs[0].k, rs[n - 1].k);
  fflush(stdout);
  for (int r = 0; r < n; r++)
    for (int j = 0; j < rs[r].nout; j++) free(rs[r].vals[j]);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s PROGS INPUTS OUT [FIRST [SKIP]]\n", argv[0]);
    return 2;
  }
  int first = argc > 4 ? atoi(argv[4]) : 0, skip = argc > 5 ? atoi(argv[5]) : -1;
  char *text = read_file(argv[1]);
  st_dict *inputs = st_load(argv[2]);
  if (!text || !inputs) {
    fprintf(stderr, "driver: cannot read %s or %s: %s\n", argv[1], argv[2], st_last_error());
    return 2;
  }
  static df_prog p;
  static result rs[CHUNK];
  char err[256];
  int n = 0, k = 0, used, rc = 0;
  for (const char *s = text; *s; s += used, k++) {
    used = df_parse(s, &p, err, sizeof err);
    if (used == 0) break;
    if (used < 0) { /* report it and go on after the program's end line */
      const char *e = strstr(s, "\nend\n");
      if (!e) break;
      used = (int)(e + 5 - s);
      if (k >= first && k != skip)
        printf("result %d err %d cannot parse: %s\n", k, (int)ST_ERR_ARG, err);
      continue;
    }
    if (k < first || k == skip) continue;
    printf("start %d\n", k);
    fflush(stdout);
    run_one(&p, k, inputs, &rs[n++]);
    if (n == CHUNK) {
      rc |= save_chunk(argv[3], rs, n);
      n = 0;
    }
  }
  rc |= save_chunk(argv[3], rs, n);
  st_dict_free(inputs);
  free(text);
  return rc ? 1 : 0;
}
#else
/* Only the driver build (tests/difffuzz/run) compiles this file's contents. */
typedef int difffuzz_driver_only;
#endif
