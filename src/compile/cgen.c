/* cgen.c — the C backend ("c"): each fused group of a prepared graph written as one C loop,
   compiled by the system C compiler into a shared object, cached on disk and loaded (what
   Inductor's C++ backend does on a CPU).

   A group's members are pointwise loops whose C source their records carry (st_loop_src: the
   loop's own expression, its macros expanded). The generated function runs every member at
   element i before element i + 1, so an intermediate lives in a register instead of a scratch
   tile, and members are ordered as in the tiles: an in-place member's write at i is seen by a
   later member's read at i. Operands come from the same places the tiles read (exec.c's
   fused steps: a whole tensor, one broadcast element, the constant, which is written into the
   code exactly with %a).

   The cache: one file per translation unit, k<hash>.so in $STRATA_CACHE_DIR, else
   $XDG_CACHE_HOME/strata, else $HOME/.cache/strata (made 0700). The hash (FNV-1a, 64 bits)
   covers the source, the compiler and its flags. A process writes the source and the object
   under names of its own and renames the object into place, so concurrent processes never see
   a partial file. An entry is sealed (a hash of its bytes appended) and carries its key
   (st_cgen_key): one that is truncated, corrupted or another program's is compiled again and
   replaced. The compiler is $STRATA_CC, else
   cc. Whatever goes wrong (no compiler, a failed compile, a folder that cannot be written, an
   object that will not load) leaves the group to the built-in executor, with one warning per
   reason per process. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <elf.h>
#endif

#include "../kernels/elementwise.h"
#include "compile.h"

extern char **environ;

/* ------------------------------------------------------------------------- the default */

cg_backend cg_default_backend(void) {
  static _Atomic bool warned_env;
  const char *e = getenv("STRATA_COMPILE_BACKEND");
  if (e && !strcmp(e, "c")) return CG_C;
  if (e && *e && strcmp(e, "interp") && !atomic_exchange(&warned_env, true))
    fprintf(stderr,
            "strata: STRATA_COMPILE_BACKEND=\"%s\" is neither \"interp\" nor \"c\": the "
            "built-in executor (\"interp\") runs\n",
            e);
  return CG_INTERP;
}

/* ---------------------------------------------------------------------------- warnings */

typedef enum { W_COMPILER, W_COMPILE, W_FOLDER, W_LOAD, W_COUNT } warn_kind;
static _Atomic bool warned[W_COUNT];

static void warn_once(warn_kind k, const char *fmt, ...) {
  if (atomic_exchange(&warned[k], true)) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "strata: st_compile backend \"c\": ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "; running the built-in executor instead\n");
  va_end(ap);
}

/* <math.h>'s functions (C11 7.12) that loop expressions may call. */
static const char *const math_names[] = {
    "fabs",  "fabsf",  "exp",       "expf",       "expm1",     "expm1f",    "log",   "logf",
    "log1p", "log1pf", "sqrt",      "sqrtf",      "sin",       "sinf",      "cos",   "cosf",
    "tan",   "tanf",   "tanh",      "tanhf",      "asin",      "asinf",     "acos",  "acosf",
    "atan",  "atanf",  "sinh",      "sinhf",      "cosh",      "coshf",     "asinh", "asinhf",
    "acosh", "acoshf", "atanh",     "atanhf",     "erf",       "erff",      "floor", "floorf",
    "ceil",  "ceilf",  "nearbyint", "nearbyintf", "pow",       "powf",      "atan2", "atan2f",
    "fmod",  "fmodf",  "isnan",     "copysign",   "copysignf", "st__tanhf", /* the kernels' tanhf
                                                                               (elementwise.h): the
                                                                               generated file
                                                                               defines it as tanhf
                                                                             */
};
static const char *const type_names[] = {"float",   "double", "int64_t", "uint64_t",
                                         "uint8_t", "bool",   "_Bool",   "bool8"};

bool cg_name_listed(const char *w, size_t n, const char *const *names, size_t count) {
  for (size_t k = 0; k < count; k++)
    if (strlen(names[k]) == n && !memcmp(names[k], w, n)) return true;
  return false;
}

const char *cg_expr_name(const char **pp, size_t *n) {
  const char *p = *pp;
  while (*p) {
    if (*p == '"') { /* a string literal (__builtin_nanf ("")) */
      const char *q = strchr(p + 1, '"');
      p = q ? q + 1 : p + strlen(p);
      continue;
    }
    if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) break;
    if (*p >= '0' && *p <= '9') /* a number, with its suffixes and exponent */
      while (*p == '.' || *p == '_' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
             (*p >= 'A' && *p <= 'Z') || ((*p == '+' || *p == '-') && strchr("eEpP", p[-1])))
        p++;
    else
      p++;
  }
  const char *w = p;
  while (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
         (*p >= '0' && *p <= '9'))
    p++;
  *pp = p;
  *n = (size_t)(p - w);
  return *n ? w : NULL;
}

/* Whether an expression stands alone in the generated file: every name in it is an operand
   (x, a, b), a type, a <math.h> function or a compiler builtin (NAN expands to one); a loop
   whose expression calls a helper of its own file (integer pow, bool sign) does not. */
static bool expr_ok(const char *e) {
  size_t n;
  for (const char *w; (w = cg_expr_name(&e, &n));) {
    bool ok = (n == 1 && strchr("xab", *w)) || (n > 10 && !memcmp(w, "__builtin_", 10)) ||
              cg_name_listed(w, n, math_names, sizeof math_names / sizeof *math_names) ||
              cg_name_listed(w, n, type_names, sizeof type_names / sizeof *type_names);
    if (!ok) return false;
  }
  return true;
}

static const char *c_type(st_dtype dt) {
  switch (dt) {
  case ST_F32: return "float";
  case ST_F64: return "double";
  case ST_I64: return "int64_t";
  case ST_BOOL: return "bool8";
  default: return NULL;
  }
}

/* The node's constant as a C literal of dtype dt, exactly. */
static void put_const(st_text *t, st_dtype dt, const cg_node *n) {
  if (dt == ST_I64) {
    st__text_printf(t, "((int64_t)%lluULL)", (unsigned long long)n->pw.cst.i);
    return;
  }
  double d = dt == ST_F32 ? (double)n->pw.cst.f : n->pw.cst.d;
  const char *T = dt == ST_F32 ? "float" : "double";
  if (isnan(d))
    st__text_printf(t, "((%s)__builtin_nan(\"\"))", T);
  else if (isinf(d))
    st__text_printf(t, "((%s)(%s__builtin_inf()))", T, d < 0 ? "-" : "");
  else
    st__text_printf(t, "((%s)%a)", T, d);
}

/* The most members of a group written in C. Its loop keeps every intermediate in a register,
   and the compiler vectorizes a short body; a long one it does not vectorize (too many operands
   for its alias checks and cost model), and compiles slowly (the 1000-op chain of bench/overhead
   took 44 s as one loop per member): such groups stay on the executor's tiles, whose loops are
   compiled already. */
#define CG_C_MAX_MEMBERS 32

/* Whether group G can be written in C: not too long, without an epilogue (a reduction of rows,
   which runs on the executor's tiles), and every member has a source that stands alone, on
   dtypes the file knows. */
static bool group_ok(const cg_graph *g, const cg_group *G) {
  if (G->fend - G->fbegin > CG_C_MAX_MEMBERS || G->red >= 0) return false;
  for (const cg_fstep *f = g->fsteps + G->fbegin; f < g->fsteps + G->fend; f++) {
    const cg_node *n = &g->n[f->node];
    const st_loop_src *s = n->pw.c;
    if (!s || !s->expr || s->nin != n->pw.nops - 1 || !expr_ok(s->expr)) return false;
    for (int k = 0; k < n->pw.nops; k++) /* a gathered operand stays on the built-in executor */
      if (!c_type(n->pw.dt[k]) || n->opd[k].kind == CG_OPD_BCAST) return false;
  }
  return true;
}

/* Group gi as `void st_g<gi>(char *const *P, int64_t n)`: P[4 m + k] is where operand k of
   member m starts (its fused step's base). */
static void put_group(st_text *t, const cg_graph *g, int gi) {
  const cg_group *G = &g->groups[gi];
  int nm = G->fend - G->fbegin;
  st__text_printf(
      t, "\nvoid st_g%d(char *const *P, int64_t n) {\n  for (int64_t i = 0; i < n; i++) {\n", gi);
  for (int m = 0; m < nm; m++) {
    const cg_fstep *f = &g->fsteps[G->fbegin + m];
    const cg_node *n = &g->n[f->node];
    const st_loop_src *s = n->pw.c;
    st__text_printf(t, "    %s r%d;\n    {\n", s->to, m);
    static const char *const names1[] = {"x"}, *const names2[] = {"a", "b"};
    const char *const *names = s->nin == 1 ? names1 : names2;
    for (int k = 1; k < n->pw.nops; k++) {
      st__text_printf(t, "      const %s %s = (%s)", s->ti, names[k - 1], s->ti);
      const cg_operand *o = &n->opd[k];
      int prod = -1; /* the latest earlier member that made this operand's value */
      for (int p = 0; o->kind != CG_OPD_CONST && p < m; p++)
        if (g->n[g->fsteps[G->fbegin + p].node].out[0] == o->value) prod = p;
      const char *T = c_type(n->pw.dt[k]);
      if (prod >= 0)
        st__text_printf(t, "r%d", prod);
      else if (o->kind == CG_OPD_CONST)
        put_const(t, n->pw.dt[k], n);
      else if (o->kind == CG_OPD_ONE)
        st__text_printf(t, "((const %s *)P[%d])[0]", T, 4 * m + k);
      else
        st__text_printf(t, "((const %s *)P[%d])[i]", T, 4 * m + k);
      st__text_printf(t, ";\n");
    }
    st__text_printf(t, "      r%d = (%s);\n    }\n", m, s->expr);
    if (n->opd[0].kind != CG_OPD_TILE)
      st__text_printf(t, "    ((%s *)P[%d])[i] = (%s)r%d;\n", c_type(n->pw.dt[0]), 4 * m,
                      c_type(n->pw.dt[0]), m);
  }
  st__text_printf(t, "  }\n}\n");
}

#define ST__DECLARE_TEXT(T, name, args) "ST__SIMD " #T " " #name #args ";\n"

/* The translation unit of the groups marked in ok[]. */
static void put_unit(st_text *t, const cg_graph *g, const bool *ok) {
  st__text_printf(t, "/* generated by strata's st_compile (backend \"c\") */\n"
                     "#include <math.h>\n#include <stdbool.h>\n#include <stdint.h>\n"
                     "typedef uint8_t bool8;\n#define st__tanhf tanhf\n"
                     "#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && "
                     "defined(__GLIBC__)\n#if __GLIBC_PREREQ(2, 35)\n"
                     "#define ST__SIMD __attribute__((simd(\"notinbranch\")))\n");
  st__text_printf(t, "%s", ST__SIMD_MATH(ST__DECLARE_TEXT));
  st__text_printf(t, "#endif\n#endif\n");
  for (int gi = 0; gi < g->ngroups; gi++)
    if (ok[gi]) put_group(t, g, gi);
}

/* --------------------------------------------------------------------- compiler and cache */

/* The library's own flags for its loops (ISO C11: no contraction of a * b + c into an FMA, so
   each operation rounds as in the loops), without errno for libmvec (kernels.cmake). */
#if defined(STRATA_CGEN_NATIVE) && defined(STRATA_CGEN_WIDE)
#define CG_FLAGS                                                                                   \
  "-std=c11", "-O3", "-ffp-contract=off", "-fno-math-errno", "-march=native",                      \
      "-mprefer-vector-width=512", "-fPIC", "-shared"
#elif defined(STRATA_CGEN_NATIVE)
#define CG_FLAGS                                                                                   \
  "-std=c11", "-O3", "-ffp-contract=off", "-fno-math-errno", "-march=native", "-fPIC", "-shared"
#else
#define CG_FLAGS "-std=c11", "-O3", "-ffp-contract=off", "-fno-math-errno", "-fPIC", "-shared"
#endif
static const char *const cc_flags[] = {CG_FLAGS};
#define NFLAGS (sizeof cc_flags / sizeof *cc_flags)

static uint64_t fnv(uint64_t h, const char *s, size_t n) {
  for (size_t k = 0; k < n; k++) h = (h ^ (unsigned char)s[k]) * 0x100000001b3ull;
  return h;
}

/* The cache folder, made if missing; false when there is none to write. */
static bool cache_dir(char *dir, size_t cap) {
  const char *e = getenv("STRATA_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
  int k = e && *e   ? snprintf(dir, cap, "%s", e)
          : x && *x ? snprintf(dir, cap, "%s/strata", x)
          : h && *h ? snprintf(dir, cap, "%s/.cache/strata", h)
                    : -1;
  if (k <= 0 || (size_t)k >= cap) return false;
  for (char *p = dir + 1;; p++) { /* mkdir -p */
    char c = *p;
    if (c != '/' && c) continue;
    *p = 0;
    int rc = mkdir(dir, 0700);
    *p = c;
    if (rc && errno != EEXIST) return false;
    if (!c) break;
  }
  return access(dir, W_OK | X_OK) == 0;
}

/* Runs the compiler on src into obj, its messages into log; 0, or -1 when it could not be
   started (missing), 1 when it failed, 2 when it timed out. */
static int run_cc(const char *cc, const char *src, const char *obj, const char *log) {
  const char *argv[NFLAGS + 8];
  int a = 0;
  argv[a++] = cc;
  for (size_t k = 0; k < NFLAGS; k++) argv[a++] = cc_flags[k];
  argv[a++] = "-o";
  argv[a++] = obj;
  argv[a++] = src;
  argv[a++] = "-lm";
  argv[a] = NULL;
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa)) return -1;
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, cc, &fa, NULL, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc) return -1;
  /* a compiler that does not return within STRATA_CC_TIMEOUT seconds (default 300) is killed:
     the call falls back instead of hanging */
  const char *to = getenv("STRATA_CC_TIMEOUT");
  double limit = to && *to ? atof(to) : 300, waited = 0;
  int status = 0;
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) return 1;
    if (waited >= limit) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      return 2;
    }
    nanosleep(&(struct timespec){0, 2000000}, NULL); /* 2 ms */
    waited += 0.002;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return -1; /* the shell's "not found" */
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* An entry ends in a seal: 8 bytes of magic and the FNV-1a hash of everything before it. The
   loader maps a file without checking its length (a truncated object faults inside dlopen), so
   an entry is read and its seal checked before it is loaded. */
static const char seal_magic[8] = "stcgen01";
#define SEAL_BYTES 16
#define ENTRY_MAX  (64u << 20)

/* The file's bytes (n of them), or NULL. */
static char *slurp(const char *path, size_t *n) {
  int fd = open(path, O_RDONLY | O_NONBLOCK); /* a FIFO there would block a plain open */
  struct stat sb;
  if (fd < 0 || fstat(fd, &sb) || !S_ISREG(sb.st_mode) || sb.st_size <= SEAL_BYTES ||
      (uint64_t)sb.st_size > ENTRY_MAX) {
    if (fd >= 0) close(fd);
    return NULL;
  }
  *n = (size_t)sb.st_size;
  char *b = st__alloc(*n);
  size_t got = 0;
  for (ssize_t k = 1; b && got < *n && k > 0; got += k > 0 ? (size_t)k : 0)
    k = read(fd, b + got, *n - got);
  close(fd);
  if (b && got != *n) {
    st__free(b, *n);
    return NULL;
  }
  return b;
}

/* Whether the n bytes are a whole shared object: every segment and section table inside them
   (the loader maps segments past the end of a truncated file, which faults inside dlopen; a
   compiler killed mid-write, or one that lies, leaves such a file). */
static bool elf_whole(const char *b, size_t n) {
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
  Elf64_Ehdr eh;
  if (n < sizeof eh) return false;
  memcpy(&eh, b, sizeof eh);
  if (memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phoff > n ||
      (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr) > n - eh.e_phoff)
    return false;
  if (eh.e_shnum && (eh.e_shoff > n || (uint64_t)eh.e_shnum * eh.e_shentsize > n - eh.e_shoff))
    return false;
  for (int i = 0; i < eh.e_phnum; i++) {
    Elf64_Phdr ph;
    memcpy(&ph, b + eh.e_phoff + (size_t)i * sizeof ph, sizeof ph);
    if (ph.p_type == PT_LOAD && (ph.p_offset > n || ph.p_filesz > n - ph.p_offset)) return false;
  }
  return true;
#else
  (void)b;
  return n > 0;
#endif
}

static bool sealed(const char *path) {
  size_t n = 0;
  char *b = slurp(path, &n);
  if (!b) return false;
  uint64_t h = fnv(0xcbf29ce484222325ull, b, n - SEAL_BYTES), w;
  memcpy(&w, b + n - 8, 8);
  bool ok = !memcmp(b + n - SEAL_BYTES, seal_magic, 8) && w == h && elf_whole(b, n - SEAL_BYTES);
  st__free(b, n);
  return ok;
}

/* Seals a fresh compiler output: 0, 1 when it is no whole shared object (unsealed), -1 when it
   cannot be read or written. */
static int seal(const char *path) {
  size_t n = 0;
  char *b = slurp(path, &n);
  if (!b) return 1; /* missing, empty or no regular file: the compiler wrote no object */
  bool whole = elf_whole(b, n);
  uint64_t h = fnv(0xcbf29ce484222325ull, b, n);
  st__free(b, n);
  if (!whole) return 1;
  int fd = open(path, O_WRONLY | O_APPEND);
  char t[SEAL_BYTES];
  memcpy(t, seal_magic, 8);
  memcpy(t + 8, &h, 8);
  bool ok = fd >= 0 && write(fd, t, SEAL_BYTES) == SEAL_BYTES;
  if (fd >= 0) ok = !close(fd) && ok;
  return ok ? 0 : -1;
}

/* The loader's calls, one at a time in this process. glibc's are thread-safe, but under its own
   lock, which ThreadSanitizer does not see: threads building and freeing graphs at once (one
   loading an object while another unloads one) were reported as racing inside ld.so. Loading
   is rare (once per new graph), so one lock costs nothing. */
static pthread_mutex_t dl_lock = PTHREAD_MUTEX_INITIALIZER;

static void *dl_open(const char *obj) {
  pthread_mutex_lock(&dl_lock);
  void *h = dlopen(obj, RTLD_NOW | RTLD_LOCAL);
  pthread_mutex_unlock(&dl_lock);
  return h;
}

static void *dl_sym(void *h, const char *name) {
  pthread_mutex_lock(&dl_lock);
  void *p = dlsym(h, name);
  pthread_mutex_unlock(&dl_lock);
  return p;
}

static void dl_close(void *h) {
  pthread_mutex_lock(&dl_lock);
  dlclose(h);
  pthread_mutex_unlock(&dl_lock);
}

static _Atomic unsigned tmp_counter;

/* dlopen of obj through a name used once (a hard link, removed at once; obj itself where none
   can be made): glibc knows a loaded object by every name it was opened under, so a foreign
   object opened as obj and still loaded (another graph's) would be found again under that name
   after obj was built anew, and the new entry never loaded. */
static void *open_once(const char *obj) {
  char once[4200];
  snprintf(once, sizeof once, "%s.%ld.%u.so", obj, (long)getpid(),
           atomic_fetch_add(&tmp_counter, 1));
  bool linked = link(obj, once) == 0;
  void *h = dl_open(linked ? once : obj);
  if (linked) unlink(once);
  return h;
}

/* Loads a sealed obj and checks its key; NULL when it is not whole or not this source's. */
static void *load(const char *obj, const char *key) {
  if (!sealed(obj)) return NULL;
  void *h = open_once(obj);
  if (!h) return NULL;
  const char *k = dl_sym(h, "st_cgen_key");
  if (!k || strcmp(k, key)) {
    dl_close(h);
    return NULL;
  }
  return h;
}

/* Removes the sources and messages an earlier failed compile of key left (over a minute old:
   a younger one may be another process's compile in progress), so that failures leave one pair
   per program, not one per process. */
static void prune_failed(const char *dir, const char *key, const char *csrc, const char *log) {
  DIR *d = opendir(dir);
  size_t kl = strlen(key);
  time_t now = time(NULL);
  for (struct dirent *de; d && (de = readdir(d));) {
    const char *n = de->d_name;
    size_t l = strlen(n);
    bool ours = !strncmp(n, key, kl) && n[kl] == '.' &&
                ((l > 2 && !strcmp(n + l - 2, ".c")) || (l > 4 && !strcmp(n + l - 4, ".log")));
    char path[4200];
    struct stat sb;
    if (!ours || (size_t)snprintf(path, sizeof path, "%s/%s", dir, n) >= sizeof path ||
        !strcmp(path, csrc) || !strcmp(path, log) || lstat(path, &sb) || !S_ISREG(sb.st_mode) ||
        now - sb.st_mtime < 60)
      continue;
    unlink(path);
  }
  if (d) closedir(d);
}

/* Writes src, compiles it into the cache as obj (the rename makes it appear whole), and loads
   it; NULL on failure (warned). */
static void *build(const char *dir, const char *cc, const char *src, size_t nsrc, const char *obj,
                   const char *key) {
  char csrc[4200], tmp[4200], log[4200];
  int fd = -1;
  /* a name no other process uses: one a process killed mid-compile left (a pid that repeats,
     as in containers) is passed over */
  for (int tries = 0; fd < 0 && tries < 64; tries++) {
    unsigned u = atomic_fetch_add(&tmp_counter, 1);
    if (tries) { /* taken: a name off the counter's sequence */
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      u = (unsigned)ts.tv_nsec * 2654435761u ^ u << 16;
    }
    snprintf(csrc, sizeof csrc, "%s/%s.%ld.%u.c", dir, key, (long)getpid(), u);
    snprintf(tmp, sizeof tmp, "%s/%s.%ld.%u.so", dir, key, (long)getpid(), u);
    snprintf(log, sizeof log, "%s/%s.%ld.%u.log", dir, key, (long)getpid(), u);
    fd = open(csrc, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    warn_once(W_FOLDER, "cannot write in the cache folder %s (%s)", dir, strerror(errno));
    return NULL;
  }
  bool written = write(fd, src, nsrc) == (ssize_t)nsrc;
  close(fd);
  int rc = written ? run_cc(cc, csrc, tmp, log) : 1;
  void *h = NULL;
  int sealed_rc = rc ? 0 : seal(tmp);
  bool failed = rc > 0 || sealed_rc == 1;
  if (rc < 0) {
    warn_once(W_COMPILER, "no C compiler \"%s\" (set STRATA_CC to one)", cc);
  } else if (rc == 2) {
    warn_once(
        W_COMPILE,
        "the compiler \"%s\" did not finish %s within STRATA_CC_TIMEOUT seconds (its messages: %s)",
        cc, csrc, log);
  } else if (rc) {
    warn_once(W_COMPILE, "the compiler \"%s\" failed on %s (its messages: %s)", cc, csrc, log);
  } else if (failed) {
    warn_once(W_COMPILE,
              "the compiler \"%s\" wrote no whole shared object for %s (its messages: %s)", cc,
              csrc, log);
  } else if (sealed_rc || rename(tmp, obj)) {
    warn_once(W_FOLDER, "cannot write in the cache folder %s (%s)", dir, strerror(errno));
  } else if (!(h = load(obj, key))) {
    const char *e = dlerror();
    warn_once(W_LOAD, "cannot load %s (%s)", obj, e ? e : "its key or kernels are missing");
  }
  unlink(tmp);
  if (failed) { /* a failed compile keeps its source and messages to read, one pair a program */
    prune_failed(dir, key, csrc, log);
  } else {
    unlink(csrc);
    unlink(log);
  }
  return h;
}

/* ------------------------------------------------------------------------------- cg_cgen */

int cg_cgen(cg_graph *g) {
  if (!g->ngroups) return 0;
  bool *ok = st__calloc((size_t)g->ngroups, sizeof *ok);
  if (!ok) return 0;
  int nok = 0;
  for (int gi = 0; gi < g->ngroups; gi++) nok += ok[gi] = group_ok(g, &g->groups[gi]);
  st_text t = {0};
  if (nok) put_unit(&t, g, ok);
  const char *cc = getenv("STRATA_CC");
  if (!cc || !*cc) cc = "cc";
  char dir[4096], key[32], obj[4200];
  void *h = NULL;
  if (nok && !t.failed) {
    uint64_t hs = fnv(0xcbf29ce484222325ull, t.data, t.len);
    hs = fnv(hs, cc, strlen(cc) + 1);
    for (size_t k = 0; k < NFLAGS; k++) hs = fnv(hs, cc_flags[k], strlen(cc_flags[k]) + 1);
    snprintf(key, sizeof key, "k%016llx", (unsigned long long)hs);
    st__text_printf(&t, "\nconst char st_cgen_key[] = \"%s\";\n", key);
  }
  if (nok && !t.failed) {
    if (!cache_dir(dir, sizeof dir)) {
      warn_once(W_FOLDER, "no cache folder to write (STRATA_CACHE_DIR, XDG_CACHE_HOME or HOME)");
    } else {
      snprintf(obj, sizeof obj, "%s/%s.so", dir, key);
      h = load(obj, key); /* a hit; a corrupted or foreign entry is built again */
      if (!h) h = build(dir, cc, t.data, t.len, obj, key);
    }
  }
  st__text_free(&t);
  int found = 0;
  for (int gi = 0; h && gi < g->ngroups; gi++) {
    if (!ok[gi]) continue;
    char name[32];
    snprintf(name, sizeof name, "st_g%d", gi);
    void *fn = dl_sym(h, name);
    memcpy(&g->groups[gi].cfn, &fn, sizeof fn); /* ISO C has no object-to-function cast */
    found += fn != NULL;
  }
  st__free(ok, (size_t)g->ngroups * sizeof *ok);
  if (!h) return 0;
  if (!found || !(g->cargs = st__calloc((size_t)g->nfsteps * 4 + 1, sizeof *g->cargs))) {
    for (int gi = 0; gi < g->ngroups; gi++) g->groups[gi].cfn = NULL;
    dl_close(h);
    return 0;
  }
  for (int f = 0; f < g->nfsteps; f++) /* the fixed bases; bind refreshes the call's */
    memcpy(g->cargs + 4 * f, g->fsteps[f].base, sizeof g->fsteps[f].base);
  g->dl = h;
  g->cgroups = found;
  return 0;
}

void cg_cgen_free(cg_graph *g) {
  if (g->cargs) st__free(g->cargs, ((size_t)g->nfsteps * 4 + 1) * sizeof *g->cargs);
  if (g->dl) dl_close(g->dl);
}
