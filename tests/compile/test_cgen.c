/* test_cgen.c — st_compile's C backend ("c"): generated loops equal eager's values (every way a
   value enters or leaves a fused group, every dtype of the loops, constants that are NaN and
   inf), the disk cache (a hit needs no compiler; a corrupted or foreign entry is rebuilt;
   threads compiling the same program at once leave one entry), and the clean fallbacks to the
   built-in executor: no compiler, a compiler that fails, a cache folder that cannot be
   written. Each test works in a cache folder of its own (STRATA_CACHE_DIR), put back after. */
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../test.h"
#include "../util.h"

/* --------------------------------------------------------------------- the environment */

typedef struct {
  char dir[64];
  char *cc, *cache; /* what the variables were (copies), NULL: unset */
} cenv;

static char *dup_env(const char *name) {
  const char *v = getenv(name);
  return v ? strdup(v) : NULL;
}

/* A fresh cache folder for this test; STRATA_CC as given (NULL: unset). */
static void env_begin(cenv *e, const char *cc) {
  e->cc = dup_env("STRATA_CC");
  e->cache = dup_env("STRATA_CACHE_DIR");
  snprintf(e->dir, sizeof e->dir, "/tmp/strata-cgen-XXXXXX");
  CHECK(mkdtemp(e->dir) != NULL);
  setenv("STRATA_CACHE_DIR", e->dir, 1);
  if (cc)
    setenv("STRATA_CC", cc, 1);
  else
    unsetenv("STRATA_CC");
}

/* Files in the cache folder whose names end in suffix ("" for all). */
static int count_files(const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *de; d && (de = readdir(d));) {
    size_t l = strlen(de->d_name), s = strlen(suffix);
    if (de->d_name[0] != '.' && l >= s && !strcmp(de->d_name + l - s, suffix)) n++;
  }
  if (d) closedir(d);
  return n;
}

/* The path of the one k<hash>.so entry, into path. */
static bool entry_path(const char *dir, char *path, size_t n) {
  DIR *d = opendir(dir);
  bool found = false;
  for (struct dirent *de; d && (de = readdir(d));) {
    size_t l = strlen(de->d_name);
    if (de->d_name[0] == 'k' && l == 20 && !strcmp(de->d_name + 17, ".so")) {
      snprintf(path, n, "%s/%s", dir, de->d_name);
      found = true;
    }
  }
  if (d) closedir(d);
  return found;
}

static void env_end(cenv *e) {
  DIR *d = opendir(e->dir);
  for (struct dirent *de; d && (de = readdir(d));) {
    if (de->d_name[0] == '.') continue;
    char p[512];
    snprintf(p, sizeof p, "%s/%s", e->dir, de->d_name);
    unlink(p);
  }
  if (d) closedir(d);
  rmdir(e->dir);
  if (e->cc)
    setenv("STRATA_CC", e->cc, 1);
  else
    unsetenv("STRATA_CC");
  if (e->cache)
    setenv("STRATA_CACHE_DIR", e->cache, 1);
  else
    unsetenv("STRATA_CACHE_DIR");
  free(e->cc);
  free(e->cache);
}

/* ------------------------------------------------------------------------------ helpers */

/* How many fused groups run generated C, from st_compile_print's "# backend c" line (-1: no
   such line). */
static int generated_groups(st_func *c) {
  char buf[1 << 14];
  const char *p = strstr(tu_compile_printed(c, buf, sizeof buf), "# backend c: ");
  return p ? atoi(p + strlen("# backend c: ")) : -1;
}

/* Same dtype and shape, values within rel (relative to 1 + |want|), NaN where want is NaN. */
static bool close_to(st_tensor *got, st_tensor *want, double rel) {
  if (!got || !want || st_dtype_of(got) != st_dtype_of(want) || st_ndim(got) != st_ndim(want))
    return false;
  for (int d = 0; d < st_ndim(got); d++)
    if (st_size(got, d) != st_size(want, d)) return false;
  return tu_values_close(got, want, rel);
}

static double tol_of(st_dtype dt) { return dt == ST_F32 ? 1e-5 : 1e-13; }

/* Every kind of member: transcendental unary rows, binary ops, a comparison (bool) feeding
   logical_not and arithmetic, constants (0.5, NaN, inf), a one-element operand, an output from
   the middle of the chain, a value read outside the group (sum), an in-place member. */
static int f_mix(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0], *s = in[1];
  st_tensor *a = st_tanh(st_mul(x, s));
  st_tensor *b = st_add_scalar(st_mul_scalar(a, 0.5), 0.25);
  st_tensor *m = st_logical_not(st_gt(b, st_mul_scalar(s, 0.1)));
  st_tensor *c = st_sin(st_sub(b, st_exp(st_neg(st_abs(a)))));
  st_tensor *total = st_sum_all(c);
  st_tensor *d = st_mul(st_sigmoid(c), st_add_scalar(total, 1));
  st_tensor *e =
      st_add(st_maximum(d, st_mul_scalar(x, NAN)), st_mul_scalar(st_square(x), INFINITY));
  st_tensor *w = st_add_scalar(st_mul(d, d), 1.0 / 3);
  st_add_(w, st_atan2(x, st_add_scalar(st_relu(x), 1))); /* in place, inside the chain */
  out[0] = st_add(st_log1p(st_abs(w)), st_to_dtype(m, st_dtype_of(d)));
  out[1] = b;
  out[2] = e;
  return out[0] && out[1] && out[2] ? 0 : -1;
}

static st_func *compiled(st_func *f) { return st_compile(f, &(st_compile_opts){.backend = "c"}); }

/* c and eager agree on f_mix at several sizes (twice each: the capture and the graph). */
static void check_mix(st_func *f, st_func *c, st_dtype dt) {
  int64_t sizes[][2] = {{1, 1}, {3, 5}, {7, 1000}, {1, 4099}};
  for (int k = 0; k < 4; k++)
    for (int call = 0; call < 2; call++) {
      st_tensor *x = st_randn(dt, ST_SHAPE(sizes[k][0], sizes[k][1]));
      st_tensor *s = st_full(dt, ST_SHAPE(1, 1), 0.7 + call);
      st_tensor *in[2] = {x, s}, *e[3] = {0}, *r[3] = {0};
      CHECK(st_call(f, in, e) == 0 && st_call(c, in, r) == 0);
      for (int j = 0; j < 3; j++) CHECK(close_to(r[j], e[j], tol_of(dt)));
    }
}

/* ---------------------------------------------------------------------------------- tests */

TEST(cgen_generated_loops_equal_eager_for_every_kind_of_member) {
  cenv env;
  env_begin(&env, NULL);
  st_scope_push();
  st_func *f = st_func_new(f_mix, NULL, 2, 3);
  for (int t = 0; t < 2; t++) {
    st_dtype dt = t ? ST_F64 : ST_F32;
    st_func *c = compiled(f);
    check_mix(f, c, dt);
    CHECK(generated_groups(c) >= 2); /* without a compiler (-1 or 0) this fails: CI has cc */
    st_func_release(c);
  }
  st_func_release(f);
  CHECK(count_files(env.dir, ".so") >= 1);
  CHECK_EQ_INT(count_files(env.dir, ".c"), 0); /* sources and logs of good builds are removed */
  CHECK_EQ_INT(count_files(env.dir, ".log"), 0);
  st_scope_pop();
  env_end(&env);
}

/* i64 and bool members: wrapping arithmetic, comparisons, logical ops. */
static int f_int(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *x = in[0];
  st_tensor *y = st_sub(st_mul(st_square(x), st_mul_scalar(x, 3)), st_neg(st_abs(x)));
  st_tensor *big = st_mul_scalar(y, (double)(1ll << 40)); /* wraps in i64 */
  st_tensor *m = st_logical_or(st_lt(y, st_mul_scalar(x, 2)), st_eq(x, st_relu(x)));
  out[0] = st_add(big, st_maximum(y, st_sign(x)));
  out[1] = st_logical_and(m, st_ne(x, st_zeros_like(x)));
  return out[0] && out[1] ? 0 : -1;
}

TEST(cgen_integer_and_bool_loops_equal_eager_exactly) {
  cenv env;
  env_begin(&env, NULL);
  st_scope_push();
  st_func *f = st_func_new(f_int, NULL, 1, 2), *c = compiled(f);
  for (int call = 0; call < 2; call++) {
    st_tensor *x = st_arange(ST_I64, -1000000 + call, 1000000, 997);
    st_tensor *e[2] = {0}, *r[2] = {0};
    CHECK(st_call(f, &x, e) == 0 && st_call(c, &x, r) == 0);
    for (int j = 0; j < 2; j++) CHECK(close_to(r[j], e[j], 0));
  }
  CHECK(generated_groups(c) >= 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
  env_end(&env);
}

/* A compiler script in the test's folder: body runs with "$@" the compiler's arguments. */
static void fake_cc(const cenv *e, const char *body, char *cc, size_t n) {
  snprintf(cc, n, "%s/cc.sh", e->dir);
  FILE *fp = fopen(cc, "w");
  CHECK(fp != NULL);
  if (fp) {
    fprintf(fp, "#!/bin/sh\n%s\n", body);
    fclose(fp);
  }
  CHECK(chmod(cc, 0700) == 0);
  setenv("STRATA_CC", cc, 1);
}

TEST(cgen_cache_hit_needs_no_compiler) {
  cenv env;
  env_begin(&env, NULL);
  /* a compiler that counts its runs */
  char cc[128], runs[128], body[256], line[64];
  snprintf(runs, sizeof runs, "%s/runs", env.dir);
  snprintf(body, sizeof body, "echo run >> '%s'\nexec cc \"$@\"", runs);
  fake_cc(&env, body, cc, sizeof cc);
  FILE *fp;
  st_scope_push();
  st_func *f = st_func_new(f_mix, NULL, 2, 3);
  int groups = -1, first_runs = 0, first_entries = 0;
  for (int k = 0; k < 3; k++) { /* a new compiled function each time: the disk cache serves it */
    st_func *c = compiled(f);
    check_mix(f, c, ST_F64); /* sizes 1 (one-element operands) and others: two programs */
    if (k == 0) groups = generated_groups(c);
    CHECK_EQ_INT(generated_groups(c), groups);
    st_func_release(c);
    int nruns = 0;
    fp = fopen(runs, "r");
    while (fp && fgets(line, sizeof line, fp)) nruns++;
    if (fp) fclose(fp);
    if (k == 0) {
      first_runs = nruns;
      first_entries = count_files(env.dir, ".so");
      CHECK(nruns >= 1 && first_entries == nruns);
    }
    CHECK_EQ_INT(nruns, first_runs);
    CHECK_EQ_INT(count_files(env.dir, ".so"), first_entries);
  }
  CHECK(groups >= 2);
  st_func_release(f);
  st_scope_pop();
  env_end(&env);
}

/* A fallback runs the built-in executor, whose values are eager's exactly. */
static void check_fallback(const char *why) {
  st_scope_push();
  st_func *f = st_func_new(f_mix, NULL, 2, 3), *c = compiled(f);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(7, 100)), *s = st_full(ST_F64, ST_SHAPE(1, 1), 0.3);
    st_tensor *in[2] = {x, s}, *e[3] = {0}, *r[3] = {0};
    CHECK(st_call(f, in, e) == 0 && st_call(c, in, r) == 0);
    for (int j = 0; j < 3; j++) CHECK(close_to(r[j], e[j], 0));
  }
  st_compile_stats st = {0};
  CHECK(st_compile_get_stats(c, &st) == 0);
  CHECK_EQ_INT(st.fallbacks, 0); /* the graph runs: only its groups are not generated */
  CHECK_EQ_INT(st.compiles, 1);
  if (generated_groups(c) != 0) st_test_fail(__FILE__, __LINE__, "%s: generated code ran", why);
  CHECK_EQ_INT(st_last_status(), ST_OK);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
}

TEST(cgen_without_a_compiler_runs_the_executor) {
  cenv env;
  env_begin(&env, "/nonexistent/strata-cc");
  check_fallback("missing compiler");
  CHECK_EQ_INT(count_files(env.dir, ""), 0); /* nothing left behind */
  env_end(&env);
}

TEST(cgen_a_failing_compiler_runs_the_executor) {
  cenv env;
  env_begin(&env, "false");
  check_fallback("failing compiler");
  CHECK_EQ_INT(count_files(env.dir, ".so"), 0);
  CHECK_EQ_INT(count_files(env.dir, ".c"), 1); /* kept for the reader, with the messages */
  env_end(&env);
}

TEST(cgen_an_unwritable_cache_folder_runs_the_executor) {
  cenv env;
  env_begin(&env, NULL);
  char file[128], dir[160];
  snprintf(file, sizeof file, "%s/a-file", env.dir);
  FILE *fp = fopen(file, "w");
  CHECK(fp != NULL);
  if (fp) fclose(fp);
  snprintf(dir, sizeof dir, "%s/sub",
           file); /* below a regular file: cannot be made, even by root */
  setenv("STRATA_CACHE_DIR", dir, 1);
  check_fallback("unwritable folder");
  env_end(&env);
}

/* A compiler that exits 0 after writing a truncated object (a valid ELF header, its segments
   past the end: dlopen faulted with SIGBUS on it, and the sealed entry made every later run
   fault too), one that writes nothing, and one that never finishes (killed after
   STRATA_CC_TIMEOUT seconds): each a fallback, and no entry in the cache. */
TEST(cgen_a_compiler_that_writes_a_broken_object_or_hangs_runs_the_executor) {
  static const char *const bodies[3] = {
      "out=; while [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n"
      "cc -std=c11 -O1 -fPIC -shared -o \"$out.full\" -x c /dev/null && "
      "head -c 1000 \"$out.full\" > \"$out\" && rm -f \"$out.full\"",
      "exit 0", "exec sleep 30"};
  for (int k = 0; k < 3; k++) {
    cenv env;
    env_begin(&env, NULL);
    char cc[128];
    fake_cc(&env, bodies[k], cc, sizeof cc);
    char *to = dup_env("STRATA_CC_TIMEOUT");
    setenv("STRATA_CC_TIMEOUT", "0.2", 1);
    check_fallback(k == 0 ? "truncated object" : k == 1 ? "no object" : "hanging compiler");
    CHECK_EQ_INT(count_files(env.dir, ".so"), 0);
    if (to)
      setenv("STRATA_CC_TIMEOUT", to, 1);
    else
      unsetenv("STRATA_CC_TIMEOUT");
    free(to);
    env_end(&env);
  }
}

/* f_mix compiled once at dt into env's folder: its generated groups (*groups) and the entry's
   path; false when no entry was built (a failed compile, OOM). */
static bool build_entry(const cenv *env, st_func *f, st_dtype dt, int *groups, char *path,
                        size_t n) {
  st_func *c = compiled(f);
  check_mix(f, c, dt);
  *groups = generated_groups(c);
  st_func_release(c);
  bool have = entry_path(env->dir, path, n);
  CHECK(have);
  return have;
}

/* A FIFO at the entry's path (a plain open of it blocked forever) and a source file of the name
   the next build would take (left by a process of the same pid, killed mid-compile: it made
   the backend give up for that graph) are passed over. */
TEST(cgen_a_fifo_entry_or_a_stale_source_name_is_passed_over) {
  cenv env;
  env_begin(&env, NULL);
  st_scope_push();
  st_func *f = st_func_new(f_mix, NULL, 2, 3), *c = NULL;
  char path[512] = "";
  int groups = 0;
  if (!build_entry(&env, f, ST_F64, &groups, path, sizeof path)) {
    st_func_release(f);
    st_scope_pop();
    env_end(&env);
    return;
  }
  CHECK(unlink(path) == 0 && mkfifo(path, 0600) == 0);
  c = compiled(f);
  check_mix(f, c, ST_F64); /* built aside: the FIFO stays, the executor runs */
  st_func_release(c);
  CHECK(unlink(path) == 0);
  for (unsigned u = 0; u < 4000; u++) { /* the names this process takes next, taken */
    char stale[600];
    snprintf(stale, sizeof stale, "%.*s.%ld.%u.c", (int)(strlen(path) - 3), path, (long)getpid(),
             u);
    FILE *fp = fopen(stale, "w");
    if (fp) fclose(fp);
  }
  c = compiled(f);
  check_mix(f, c, ST_F64);
  CHECK_EQ_INT(generated_groups(c), groups);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
  env_end(&env);
}

/* Overwrites the entry with `with` (n bytes) or, with n 0, truncates it to its first half. */
static void damage(const char *path, const void *with, size_t n) {
  struct stat sb;
  CHECK(stat(path, &sb) == 0);
  if (!n) {
    CHECK(truncate(path, sb.st_size / 2) == 0);
    return;
  }
  FILE *fp = fopen(path, "wb");
  CHECK(fp && fwrite(with, 1, n, fp) == n);
  if (fp) fclose(fp);
}

TEST(cgen_a_corrupted_or_foreign_entry_is_built_again) {
  cenv env;
  env_begin(&env, NULL);
  st_scope_push();
  st_func *f = st_func_new(f_mix, NULL, 2, 3), *c = NULL;
  char path[512] = "";
  int groups = 0;
  bool have = build_entry(&env, f, ST_F32, &groups, path, sizeof path);
  CHECK(groups >= 2);
  /* a foreign entry: another program's object under this name (its key does not match) */
  st_func *g = st_func_new(f_int, NULL, 1, 2), *cg = compiled(g);
  st_tensor *xi = st_arange(ST_I64, 0, 10, 1), *ri[2] = {0};
  CHECK(st_call(cg, &xi, ri) == 0 && st_call(cg, &xi, ri) == 0);
  for (int way = 0; have && way < 3; way++) {
    if (way == 0) damage(path, "garbage, not an object", 22);
    if (way == 1) damage(path, NULL, 0);
    if (way == 2) { /* the other program's entry renamed over this one */
      char op[512];
      DIR *d = opendir(env.dir);
      bool moved = false;
      for (struct dirent *de; d && (de = readdir(d)) && !moved;) {
        snprintf(op, sizeof op, "%s/%s", env.dir, de->d_name);
        if (de->d_name[0] == 'k' && strcmp(op, path)) moved = rename(op, path) == 0;
      }
      if (d) closedir(d);
      CHECK(moved);
    }
    c = compiled(f);
    check_mix(f, c, ST_F32);
    CHECK_EQ_INT(generated_groups(c), groups);
    st_func_release(c);
  }
  st_func_release(cg);
  st_func_release(g);
  st_func_release(f);
  st_scope_pop();
  env_end(&env);
}

typedef struct {
  st_func *f;
  bool ok;
} race_arg;

static void *compile_in_thread(void *p) {
  race_arg *a = p;
  st_scope_push();
  st_func *c = compiled(a->f);
  st_tensor *x = st_randn(ST_F64, ST_SHAPE(3, 50)), *s = st_full(ST_F64, ST_SHAPE(1, 1), 2);
  st_tensor *in[2] = {x, s}, *e[3] = {0}, *r[3] = {0};
  a->ok = c && st_call(a->f, in, e) == 0;
  for (int call = 0; a->ok && call < 2; call++) {
    a->ok = st_call(c, in, r) == 0;
    for (int j = 0; a->ok && j < 3; j++) a->ok = close_to(r[j], e[j], 1e-13);
  }
  st_func_release(c);
  st_scope_pop();
  return NULL;
}

TEST(cgen_threads_building_the_same_entry_leave_one) {
  cenv env;
  env_begin(&env, NULL);
  st_func *f = st_func_new(f_mix, NULL, 2, 3);
  race_arg a[3] = {{f, false}, {f, false}, {f, false}};
  pthread_t t[3];
  for (int k = 0; k < 3; k++) pthread_create(&t[k], NULL, compile_in_thread, &a[k]);
  for (int k = 0; k < 3; k++) pthread_join(t[k], NULL);
  CHECK(a[0].ok && a[1].ok && a[2].ok);
  CHECK_EQ_INT(count_files(env.dir, ".so"), 1);
  CHECK_EQ_INT(count_files(env.dir, ""), 1); /* no temporary file left */
  st_func_release(f);
  env_end(&env);
}

/* Under eager autograd the compiled function's forward and backward graphs are generated too. The
   loss leaves out[2] (NaN and inf) out, which eager then never differentiates, nor may the
   compiled node's backward (a zero cotangent through it would be 0 * inf = NaN). */
TEST(cgen_backward_through_a_compiled_function_equals_eager) {
  cenv env;
  env_begin(&env, NULL);
  st_scope_push();
  st_func *f = st_func_new(f_mix, NULL, 2, 3), *c = compiled(f);
  for (int call = 0; call < 3; call++) {
    st_tensor *x = st_randn(ST_F64, ST_SHAPE(4, 60)), *s = st_full(ST_F64, ST_SHAPE(1, 1), 0.4);
    st_tensor *xe = st_detach(x), *xc = st_detach(x);
    st_set_requires_grad(xe, true);
    st_set_requires_grad(xc, true);
    st_tensor *ie[2] = {xe, s}, *ic[2] = {xc, s}, *e[3] = {0}, *r[3] = {0};
    CHECK(st_call(f, ie, e) == 0 && st_call(c, ic, r) == 0);
    CHECK(st_backward(st_sum_all(st_add(e[0], e[1])), NULL, false, false) == 0);
    CHECK(st_backward(st_sum_all(st_add(r[0], r[1])), NULL, false, false) == 0);
    CHECK(close_to(st_grad_of(xc), st_grad_of(xe), 1e-12));
  }
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
  env_end(&env);
}

/* The loss uses out[0] alone: x's gradient is 2, as eager's, with generated code in both halves
   of the node; then both outputs (the backward graph of the split) and out[0] again. */
TEST(cgen_backward_leaves_an_unused_output_out) {
  cenv env;
  env_begin(&env, NULL);
  st_scope_push();
  st_func *f = st_func_new(tu_double_and_overflow, NULL, 1, 2), *c = compiled(f);
  const double xv[3] = {0.001, 0.75, 1.0}; /* out[1] = e, inf, inf */
  const bool both[4] = {false, false, true, false};
  for (int call = 0; call < 4; call++) {
    st_tensor *x = st_from_data(ST_F64, 1, (int64_t[]){3}, xv), *r[2] = {NULL, NULL};
    st_set_requires_grad(x, true);
    CHECK(st_call(c, &x, r) == 0);
    st_tensor *loss = st_sum_all(r[0]);
    if (both[call]) loss = st_add(loss, st_select(r[1], 0, 0));
    CHECK(st_backward(loss, NULL, false, false) == 0);
    double g[3] = {0, 0, 0};
    CHECK(st_to_f64(st_grad_of(x), g, 3) == 0);
    CHECK(both[call] ? fabs(g[0] - (2 + 1000 * exp(1.0))) < 1e-9 : g[0] == 2);
    CHECK(g[1] == 2 || (both[call] && isnan(g[1]))); /* eager's NaN: 0 * inf in exp's rule */
    CHECK(g[2] == 2 || (both[call] && isnan(g[2])));
  }
  CHECK(generated_groups(c) >= 1);
  st_func_release(c);
  st_func_release(f);
  st_scope_pop();
  env_end(&env);
}
