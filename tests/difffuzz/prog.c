/* prog.c — parses and runs the differential fuzzer's programs (prog.h) with strata. */
#include "prog.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================================ op table */

/* Signatures: r register, o register or "none", i integer, d double, L integer list "[1,-1]",
   R the remaining registers. An op whose name ends in '_' writes its first register. */
/* clang-format off */
#define DF_OPS(X) \
  X(neg, "r") X(abs, "r") X(sign, "r") X(exp, "r") X(expm1, "r") X(log, "r") X(log1p, "r") \
  X(sqrt, "r") X(rsqrt, "r") X(square, "r") X(reciprocal, "r") X(sin, "r") X(cos, "r") \
  X(tan, "r") X(tanh, "r") X(sigmoid, "r") X(relu, "r") X(gelu, "r") X(silu, "r") \
  X(softplus, "r") X(erf, "r") X(floor, "r") X(ceil, "r") X(round, "r") X(clone, "r") \
  X(contiguous, "r") X(detach, "r") X(squeeze_all, "r") X(clamp, "rdd") X(add, "rr") \
  X(sub, "rr") X(mul, "rr") X(div, "rr") X(pow, "rr") X(maximum, "rr") X(minimum, "rr") \
  X(atan2, "rr") X(matmul, "rr") X(mm, "rr") X(bmm, "rr") X(dot, "rr") X(outer, "rr") \
  X(add_scalar, "rd") X(mul_scalar, "rd") X(pow_scalar, "rd") X(where, "rrr") X(sum, "rLi") \
  X(mean, "rLi") X(prod, "rLi") X(amax, "rLi") X(amin, "rLi") X(logsumexp, "rLi") X(norm, "rLi") \
  X(var, "rLdi") X(std, "rLdi") X(linear, "rro") X(softmax, "ri") X(log_softmax, "ri") \
  X(reshape, "rL") X(expand, "rL") X(permute, "rL") X(flip, "rL") X(repeat, "rL") \
  X(flatten, "rii") X(transpose, "rii") X(squeeze, "ri") X(unsqueeze, "ri") X(tril, "ri") \
  X(triu, "ri") X(slice, "riiii") X(select, "rii") X(diagonal, "riii") X(pad, "rLd") \
  X(index_select, "riL") X(split, "riii") X(chunk, "riii") X(cat, "iR") X(stack, "iR") \
  X(layer_norm, "riood") X(mse_loss, "rri") X(add_, "rr") X(sub_, "rr") X(mul_, "rr") \
  X(div_, "rr") X(copy_, "rr") X(add_scalar_, "rd") X(mul_scalar_, "rd") X(fill_, "rd") \
  X(clamp_, "rdd") X(zero_, "r") X(nograd, "") X(grad, "") \
  X(gather, "riLL") X(scatter_add, "riLLr") X(cross_entropy, "rLLi") X(nll_loss, "rLLi") \
  X(embedding, "rLL") X(conv2d, "rroLLLi") X(max_pool2d, "rLLL") X(avg_pool2d, "rLLL") \
  X(argmax, "rii") X(argmin, "rii") X(eq, "rr") X(ne, "rr") X(lt, "rr") X(le, "rr") X(gt, "rr") \
  X(ge, "rr") X(logical_and, "rr") X(logical_or, "rr") X(logical_not, "r") X(where_bool, "rrr") \
  X(asin, "r") X(acos, "r") X(atan, "r") X(sinh, "r") X(cosh, "r") X(asinh, "r") X(acosh, "r") \
  X(atanh, "r") X(log2, "r") X(log10, "r") X(exp2, "r") X(logsigmoid, "r") X(fmod, "rr") \
  X(remainder, "rr") X(leaky_relu, "rd") X(elu, "rd") X(hardtanh, "rdd") X(masked_fill, "rrd") \
  X(cumsum, "ri") X(cumprod, "ri") X(sort, "rii") X(topk, "riii") X(cross, "rri") \
  X(l1_loss, "rri") X(smooth_l1_loss, "rri") X(huber_loss, "rri") X(bce_logits, "rri") \
  X(group_norm, "ri") X(batch_norm_train, "r") X(trace, "r") X(gram, "r") X(inv, "r") \
  X(det, "r") X(logabsdet, "r") X(cholesky, "r") X(eigvalsh, "r") X(svdvals, "r") X(qr, "ri") \
  X(solve, "rr") X(lstsq, "rr") X(solve_triangular, "rriii")
/* clang-format on */

typedef enum {
#define DF_ENUM(name, sig) OP_##name,
  DF_OPS(DF_ENUM)
#undef DF_ENUM
      OP_COUNT
} df_opid;

static const struct {
  const char *name, *sig;
} ops[] = {
#define DF_ROW(name, sig) {#name, sig},
    DF_OPS(DF_ROW)
#undef DF_ROW
};

static bool writes_register(int op) {
  size_t n = strlen(ops[op].name);
  return ops[op].name[n - 1] != '_' && op != OP_nograd && op != OP_grad;
}

/* ================================================================================== parsing */

static int fail_parse(char *err, size_t errlen, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = snprintf(err, errlen, "line %d: ", line);
  if (k >= 0 && (size_t)k < errlen) vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
  va_end(ap);
  return -1;
}

/* Splits a line (modified in place) into whitespace-separated tokens. */
static int tokenize(char *line, char **tok, int max) {
  int n = 0;
  for (char *s = strtok(line, " \t\r"); s && n < max; s = strtok(NULL, " \t\r")) tok[n++] = s;
  return n;
}

static bool parse_int(const char *s, int64_t *v) {
  char *end;
  long long x = strtoll(s, &end, 10);
  if (end == s || *end) return false;
  *v = x;
  return true;
}

static bool parse_double(const char *s, double *v) {
  if (!strcmp(s, "inf")) return *v = INFINITY, true;
  if (!strcmp(s, "-inf")) return *v = -INFINITY, true;
  char *end;
  *v = strtod(s, &end);
  return end != s && !*end;
}

/* "1,-2,3" (or "-" for empty) into v; '-' entries become `dash`. Returns the count or -1. */
static int parse_csv(const char *s, int64_t *v, int max, int64_t dash, bool dash_entries) {
  if (!strcmp(s, "-") && !dash_entries) return 0;
  int n = 0;
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", s);
  for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
    if (n == max) return -1;
    if (dash_entries && !strcmp(t, "-"))
      v[n++] = dash;
    else if (!parse_int(t, &v[n++]))
      return -1;
  }
  return n;
}

static int parse_reg(const char *s, int nregs, bool optional) {
  if (optional && !strcmp(s, "none")) return -1;
  int64_t r;
  if (s[0] != 'v' || !parse_int(s + 1, &r) || r < 0 || r >= nregs) return -2;
  return (int)r;
}

static int parse_layer(char **tok, int ntok, df_layer *L, int line, char *err, size_t errlen) {
  int64_t v[DF_MAX_OUT];
  const char *k = tok[1];
  memset(L, 0, sizeof *L);
  if (!strcmp(k, "grad") || !strcmp(k, "gradv")) {
    L->kind = k[4] ? DF_GRADV : DF_GRAD;
    int n = ntok == 4 ? parse_csv(tok[2], v, DF_MAX_IN, 0, false) : -1;
    if (n < 1) return fail_parse(err, errlen, line, "tf %s needs argnums and sum|nosum", k);
    L->nargnums = n;
    for (int i = 0; i < n; i++) L->argnums[i] = (int)v[i];
    L->sum = !strcmp(tok[3], "sum");
  } else if (!strcmp(k, "vjp") || !strcmp(k, "jvp")) {
    L->kind = k[0] == 'v' ? DF_VJP : DF_JVP;
  } else if (!strcmp(k, "vmap")) {
    L->kind = DF_VMAP;
    if (ntok != 5) return fail_parse(err, errlen, line, "tf vmap needs in_dims out_dims chunk");
    L->nin_dims = parse_csv(tok[2], v, DF_MAX_IN, ST_UNBATCHED, true);
    for (int i = 0; i < L->nin_dims; i++) L->in_dims[i] = (int)v[i];
    L->nout_dims = parse_csv(tok[3], v, DF_MAX_OUT, ST_UNBATCHED, true);
    for (int i = 0; i < L->nout_dims; i++) L->out_dims[i] = (int)v[i];
    if (L->nin_dims < 1 || L->nout_dims < 1 || !parse_int(tok[4], &L->chunk))
      return fail_parse(err, errlen, line, "bad tf vmap");
  } else if (!strcmp(k, "jacrev") || !strcmp(k, "jacfwd") || !strcmp(k, "hessian")) {
    L->kind = k[0] == 'h' ? DF_HESSIAN : k[3] == 'r' ? DF_JACREV : DF_JACFWD;
    int64_t a = 0;
    if (ntok < 3 || !parse_int(tok[2], &a) || (ntok == 4 && !parse_int(tok[3], &L->chunk)))
      return fail_parse(err, errlen, line, "bad tf %s", k);
    L->nargnums = 1;
    L->argnums[0] = (int)a;
  } else {
    return fail_parse(err, errlen, line, "unknown transform '%s'", k);
  }
  return 0;
}

static int parse_instr(char **tok, int ntok, df_prog *p, int line, char *err, size_t errlen) {
  if (p->ninstr == DF_MAX_INSTR) return fail_parse(err, errlen, line, "too many instructions");
  df_instr *I = &p->instr[p->ninstr];
  memset(I, 0, sizeof *I);
  I->dst = -1;
  int t = 0;
  if (ntok >= 3 && !strcmp(tok[1], "=")) {
    if (parse_reg(tok[0], DF_MAX_REGS, false) != p->nregs)
      return fail_parse(err, errlen, line, "registers must be written in order (v%d next)",
                        p->nregs);
    I->dst = p->nregs;
    t = 2;
  }
  int op = -1;
  for (int k = 0; k < OP_COUNT; k++)
    if (!strcmp(ops[k].name, tok[t])) op = k;
  if (op < 0) return fail_parse(err, errlen, line, "unknown op '%s'", tok[t]);
  if (writes_register(op) != (I->dst >= 0))
    return fail_parse(err, errlen, line, "op '%s' %s a result register", tok[t],
                      writes_register(op) ? "needs" : "takes no");
  I->op = op;
  t++;
  for (const char *s = ops[op].sig; *s; s++) {
    if (*s == 'R') {
      for (; t < ntok; t++) {
        int r = parse_reg(tok[t], p->nregs, false);
        if (r < 0 || I->nreg == DF_MAX_ARGS) return fail_parse(err, errlen, line, "bad register");
        I->reg[I->nreg++] = r;
      }
      break;
    }
    if (t >= ntok) return fail_parse(err, errlen, line, "'%s' needs more arguments", ops[op].name);
    const char *a = tok[t++];
    if (*s == 'r' || *s == 'o') {
      int r = parse_reg(a, p->nregs, *s == 'o');
      if (r < -1) return fail_parse(err, errlen, line, "bad register '%s'", a);
      I->reg[I->nreg++] = r;
    } else if (*s == 'i') {
      if (I->nint == DF_MAX_INTS || !parse_int(a, &I->ints[I->nint++]))
        return fail_parse(err, errlen, line, "bad integer '%s'", a);
    } else if (*s == 'd') {
      if (!parse_double(a, &I->dbl[I->ndbl++]))
        return fail_parse(err, errlen, line, "bad number '%s'", a);
    } else { /* 'L' */
      size_t n = strlen(a);
      if (n < 2 || a[0] != '[' || a[n - 1] != ']') return fail_parse(err, errlen, line, "bad list");
      char inner[4096];
      snprintf(inner, sizeof inner, "%.*s", (int)(n - 2), a + 1);
      int64_t v[DF_MAX_INTS];
      int m = n == 2 ? 0 : parse_csv(inner, v, DF_MAX_INTS, 0, false);
      if (m < 0 || I->nint + 1 + m > DF_MAX_INTS) return fail_parse(err, errlen, line, "bad list");
      I->ints[I->nint++] = m;
      for (int k = 0; k < m; k++) I->ints[I->nint++] = v[k];
    }
  }
  if (t != ntok) return fail_parse(err, errlen, line, "too many arguments to '%s'", ops[op].name);
  if (I->dst >= 0) p->nregs++;
  p->ninstr++;
  return 0;
}

int df_parse(const char *text, df_prog *p, char *err, size_t errlen) {
  memset(p, 0, sizeof *p);
  const char *s = text;
  bool started = false;
  int line = 0;
  while (*s) {
    const char *e = strchr(s, '\n');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    const char *next = e ? e + 1 : s + len;
    char buf[8192], *tok[64];
    if (len >= sizeof buf) return fail_parse(err, errlen, line, "line too long");
    memcpy(buf, s, len);
    buf[len] = 0;
    line++;
    s = next;
    char *hash = strchr(buf, '#');
    if (hash) *hash = 0;
    int ntok = tokenize(buf, tok, 64);
    if (!ntok) continue;
    if (!started) {
      if (strcmp(tok[0], "prog") || ntok != 2)
        return fail_parse(err, errlen, line, "expected prog");
      snprintf(p->name, sizeof p->name, "%s", tok[1]);
      started = true;
    } else if (!strcmp(tok[0], "end")) {
      if (p->nout == 0) return fail_parse(err, errlen, line, "no out line");
      return (int)(s - text);
    } else if (!strcmp(tok[0], "in")) {
      int64_t v[ST_MAX_DIMS];
      int n = ntok == 2 ? parse_csv(tok[1], v, ST_MAX_DIMS, 0, false) : -1;
      if (n < 0 || p->nin == DF_MAX_IN || p->ninstr)
        return fail_parse(err, errlen, line, "bad input line");
      p->ndim[p->nin] = n;
      memcpy(p->shape[p->nin], v, sizeof(int64_t) * (size_t)n);
      p->nin++;
      p->nregs = p->nin;
    } else if (!strcmp(tok[0], "tf")) {
      if (ntok < 2 || p->nlayers == DF_MAX_LAYERS) return fail_parse(err, errlen, line, "bad tf");
      if (parse_layer(tok, ntok, &p->layers[p->nlayers++], line, err, errlen)) return -1;
    } else if (!strcmp(tok[0], "out")) {
      for (int k = 1; k < ntok; k++) {
        int r = parse_reg(tok[k], p->nregs, false);
        if (r < 0 || p->nout == DF_MAX_OUT) return fail_parse(err, errlen, line, "bad out");
        for (int j = 0; j < p->nout; j++)
          if (p->out[j] == r) return fail_parse(err, errlen, line, "output v%d twice", r);
        p->out[p->nout++] = r;
      }
    } else if (parse_instr(tok, ntok, p, line, err, errlen)) {
      return -1;
    }
  }
  if (started) return fail_parse(err, errlen, line, "program '%s' has no end", p->name);
  return 0;
}

/* =============================================================================== the body */

st_tensor *df_direction(int ndim, const int64_t *shape, int salt) {
  int64_t n = 1;
  for (int i = 0; i < ndim; i++) n *= shape[i];
  double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
  if (!v) return NULL;
  for (int64_t i = 0; i < n; i++) v[i] = (double)((7 * i + 3 * salt) % 11 - 5) / 4.0;
  st_tensor *t = st_from_data(ST_F64, ndim, shape, v);
  free(v);
  return t;
}

typedef struct {
  const int64_t *ints;
  int n, k;
} int_reader;

static int64_t next_int(int_reader *r) { return r->k < r->n ? r->ints[r->k++] : 0; }
/* A list: its length into *len and its items into v (as ints). */
static void next_list(int_reader *r, int *len, int *v) {
  *len = (int)next_int(r);
  for (int i = 0; i < *len; i++) v[i] = (int)next_int(r);
}
static void next_list64(int_reader *r, int *len, int64_t *v) {
  *len = (int)next_int(r);
  for (int i = 0; i < *len; i++) v[i] = next_int(r);
}

/* An i64 tensor from two lists: its shape, then its values. */
static st_tensor *next_index(int_reader *r) {
  int nd, n;
  int64_t shape[DF_MAX_INTS], vals[DF_MAX_INTS];
  next_list64(r, &nd, shape);
  next_list64(r, &n, vals);
  return st_from_data(ST_I64, nd, shape, vals);
}

/* A pair {h, w} from a list (NULL when the list is empty). */
static const int64_t *next_pair(int_reader *r, int64_t *buf) {
  int n;
  next_list64(r, &n, buf);
  return n ? buf : NULL;
}

static st_tensor *reduce(int op, st_tensor *a, int nd, const int *dims, bool keep, double corr) {
  bool all = nd == 0 && !keep;
  switch (op) {
  case OP_sum: return all ? st_sum_all(a) : st_sum(a, nd, dims, keep);
  case OP_mean: return all ? st_mean_all(a) : st_mean(a, nd, dims, keep);
  case OP_prod: return all ? st_prod_all(a) : st_prod(a, nd, dims, keep);
  case OP_amax: return all ? st_amax_all(a) : st_amax(a, nd, dims, keep);
  case OP_amin: return all ? st_amin_all(a) : st_amin(a, nd, dims, keep);
  case OP_logsumexp: return all ? st_logsumexp_all(a) : st_logsumexp(a, nd, dims, keep);
  case OP_norm: return all ? st_norm_all(a) : st_norm(a, nd, dims, keep);
  case OP_var: return all ? st_var_all(a, corr) : st_var(a, nd, dims, corr, keep);
  default: return all ? st_std_all(a, corr) : st_std(a, nd, dims, corr, keep);
  }
}

typedef st_tensor *(*unary_fn)(st_tensor *);
static unary_fn unary_of(int op) {
  switch (op) {
  case OP_neg: return st_neg;
  case OP_abs: return st_abs;
  case OP_sign: return st_sign;
  case OP_exp: return st_exp;
  case OP_expm1: return st_expm1;
  case OP_log: return st_log;
  case OP_log1p: return st_log1p;
  case OP_sqrt: return st_sqrt;
  case OP_rsqrt: return st_rsqrt;
  case OP_square: return st_square;
  case OP_reciprocal: return st_reciprocal;
  case OP_sin: return st_sin;
  case OP_cos: return st_cos;
  case OP_tan: return st_tan;
  case OP_tanh: return st_tanh;
  case OP_sigmoid: return st_sigmoid;
  case OP_relu: return st_relu;
  case OP_gelu: return st_gelu;
  case OP_silu: return st_silu;
  case OP_softplus: return st_softplus;
  case OP_erf: return st_erf;
  case OP_floor: return st_floor;
  case OP_ceil: return st_ceil;
  case OP_round: return st_round;
  case OP_clone: return st_clone;
  case OP_contiguous: return st_contiguous;
  case OP_detach: return st_detach;
  case OP_squeeze_all: return st_squeeze_all;
  case OP_logical_not: return st_logical_not;
  case OP_asin: return st_asin;
  case OP_acos: return st_acos;
  case OP_atan: return st_atan;
  case OP_sinh: return st_sinh;
  case OP_cosh: return st_cosh;
  case OP_asinh: return st_asinh;
  case OP_acosh: return st_acosh;
  case OP_atanh: return st_atanh;
  case OP_log2: return st_log2;
  case OP_log10: return st_log10;
  case OP_exp2: return st_exp2;
  case OP_logsigmoid: return st_logsigmoid;
  case OP_trace: return st_trace;
  case OP_inv: return st_linalg_inv;
  case OP_det: return st_linalg_det;
  case OP_cholesky: return st_linalg_cholesky;
  default: return NULL;
  }
}

typedef st_tensor *(*binary_fn)(st_tensor *, st_tensor *);
static binary_fn binary_of(int op) {
  switch (op) {
  case OP_add: return st_add;
  case OP_sub: return st_sub;
  case OP_mul: return st_mul;
  case OP_div: return st_div;
  case OP_pow: return st_pow;
  case OP_maximum: return st_maximum;
  case OP_minimum: return st_minimum;
  case OP_atan2: return st_atan2;
  case OP_matmul: return st_matmul;
  case OP_mm: return st_mm;
  case OP_bmm: return st_bmm;
  case OP_dot: return st_dot;
  case OP_outer: return st_outer;
  case OP_eq: return st_eq;
  case OP_ne: return st_ne;
  case OP_lt: return st_lt;
  case OP_le: return st_le;
  case OP_gt: return st_gt;
  case OP_ge: return st_ge;
  case OP_logical_and: return st_logical_and;
  case OP_logical_or: return st_logical_or;
  case OP_fmod: return st_fmod;
  case OP_remainder: return st_remainder;
  case OP_solve: return st_linalg_solve;
  case OP_lstsq: return st_linalg_lstsq;
  default: return NULL;
  }
}

/* Runs one instruction on the registers; a new register lands in *res. Returns 0 or a status. */
static int step(const df_instr *I, st_tensor **regs, st_tensor **res) {
  st_tensor *r[DF_MAX_ARGS] = {0};
  for (int k = 0; k < I->nreg; k++) r[k] = I->reg[k] >= 0 ? regs[I->reg[k]] : NULL;
  int_reader ir = {I->ints, I->nint, 0};
  const double *d = I->dbl;
  int dims[DF_MAX_INTS], nd;
  int64_t sizes[DF_MAX_INTS];
  st_tensor *y = NULL;
  *res = NULL;
  if (unary_of(I->op)) {
    y = unary_of(I->op)(r[0]);
  } else if (binary_of(I->op)) {
    y = binary_of(I->op)(r[0], r[1]);
  } else {
    switch (I->op) {
    case OP_clamp: y = st_clamp(r[0], d[0], d[1]); break;
    case OP_add_scalar: y = st_add_scalar(r[0], d[0]); break;
    case OP_mul_scalar: y = st_mul_scalar(r[0], d[0]); break;
    case OP_pow_scalar: y = st_pow_scalar(r[0], d[0]); break;
    case OP_where: {
      st_tensor *zero = st_scalar(ST_F64, 0.0);
      y = st_where(st_gt(r[0], zero), r[1], r[2]);
      break;
    }
    case OP_sum:
    case OP_mean:
    case OP_prod:
    case OP_amax:
    case OP_amin:
    case OP_logsumexp:
    case OP_norm:
      next_list(&ir, &nd, dims);
      y = reduce(I->op, r[0], nd, dims, next_int(&ir) != 0, 0);
      break;
    case OP_var:
    case OP_std:
      next_list(&ir, &nd, dims);
      y = reduce(I->op, r[0], nd, dims, next_int(&ir) != 0, d[0]);
      break;
    case OP_linear: y = st_linear(r[0], r[1], r[2]); break;
    case OP_softmax: y = st_softmax(r[0], (int)next_int(&ir)); break;
    case OP_log_softmax: y = st_log_softmax(r[0], (int)next_int(&ir)); break;
    case OP_reshape:
    case OP_expand:
    case OP_repeat:
      next_list64(&ir, &nd, sizes);
      y = I->op == OP_reshape  ? st_reshape(r[0], nd, sizes)
          : I->op == OP_expand ? st_expand(r[0], nd, sizes)
                               : st_repeat(r[0], nd, sizes);
      break;
    case OP_permute:
    case OP_flip:
      next_list(&ir, &nd, dims);
      y = I->op == OP_permute ? st_permute(r[0], nd, dims) : st_flip(r[0], nd, dims);
      break;
    case OP_flatten: {
      int s = (int)next_int(&ir);
      y = st_flatten(r[0], s, (int)next_int(&ir));
      break;
    }
    case OP_transpose: {
      int a = (int)next_int(&ir);
      y = st_transpose(r[0], a, (int)next_int(&ir));
      break;
    }
    case OP_squeeze: y = st_squeeze(r[0], (int)next_int(&ir)); break;
    case OP_unsqueeze: y = st_unsqueeze(r[0], (int)next_int(&ir)); break;
    case OP_tril: y = st_tril(r[0], next_int(&ir)); break;
    case OP_triu: y = st_triu(r[0], next_int(&ir)); break;
    case OP_slice: {
      int dim = (int)next_int(&ir);
      int64_t a = next_int(&ir), b = next_int(&ir);
      y = st_slice(r[0], dim, a, b, next_int(&ir));
      break;
    }
    case OP_select: {
      int dim = (int)next_int(&ir);
      y = st_select(r[0], dim, next_int(&ir));
      break;
    }
    case OP_diagonal: {
      int64_t off = next_int(&ir);
      int d1 = (int)next_int(&ir);
      y = st_diagonal(r[0], off, d1, (int)next_int(&ir));
      break;
    }
    case OP_pad:
      next_list64(&ir, &nd, sizes);
      y = st_pad(r[0], nd, sizes, d[0]);
      break;
    case OP_index_select: {
      int dim = (int)next_int(&ir);
      next_list64(&ir, &nd, sizes);
      st_tensor *idx = st_from_data(ST_I64, 1, (int64_t[]){nd}, sizes);
      y = st_index_select(r[0], dim, idx);
      break;
    }
    case OP_split:
    case OP_chunk: {
      int64_t size = next_int(&ir);
      int dim = (int)next_int(&ir);
      int64_t piece = next_int(&ir);
      st_tensor *pieces[64] = {0};
      int n = I->op == OP_split ? st_split(r[0], size, dim, 64, pieces)
                                : st_chunk(r[0], (int)size, dim, 64, pieces);
      if (n < 0) return n;
      if (piece < 0 || piece >= n) {
        for (int k = 0; k < n; k++) st_release(pieces[k]);
        return st_hook_error(ST_ERR_ARG, "difffuzz: piece index out of range");
      }
      for (int k = 0; k < n; k++)
        if (k != piece) st_release(pieces[k]);
      y = pieces[piece];
      break;
    }
    case OP_cat:
    case OP_stack: {
      int dim = (int)next_int(&ir);
      y = I->op == OP_cat ? st_cat(I->nreg, r, dim) : st_stack(I->nreg, r, dim);
      break;
    }
    case OP_layer_norm: {
      int nnorm = (int)next_int(&ir);
      int nd0 = st_ndim(r[0]);
      if (nnorm < 0 || nnorm > nd0) return st_hook_error(ST_ERR_ARG, "difffuzz: bad nnorm");
      for (int k = 0; k < nnorm; k++) sizes[k] = st_size(r[0], nd0 - nnorm + k);
      y = st_layer_norm(r[0], nnorm, sizes, r[1], r[2], d[0]);
      break;
    }
    case OP_mse_loss: y = st_mse_loss(r[0], r[1], (st_reduction)next_int(&ir)); break;
    case OP_gather: {
      int dim = (int)next_int(&ir);
      y = st_gather(r[0], dim, next_index(&ir));
      break;
    }
    case OP_scatter_add: {
      int dim = (int)next_int(&ir);
      y = st_scatter_add(r[0], dim, next_index(&ir), r[1]);
      break;
    }
    case OP_cross_entropy:
    case OP_nll_loss: {
      st_tensor *target = next_index(&ir);
      st_reduction red = (st_reduction)next_int(&ir);
      y = I->op == OP_cross_entropy ? st_cross_entropy(r[0], target, red)
                                    : st_nll_loss(r[0], target, red);
      break;
    }
    case OP_embedding: y = st_embedding(r[0], next_index(&ir)); break;
    case OP_conv2d: {
      int64_t s[DF_MAX_INTS], p[DF_MAX_INTS], d2[DF_MAX_INTS];
      const int64_t *stride = next_pair(&ir, s), *pad = next_pair(&ir, p);
      const int64_t *dil = next_pair(&ir, d2);
      y = st_conv2d(r[0], r[1], r[2], stride, pad, dil, next_int(&ir));
      break;
    }
    case OP_where_bool: y = st_where(r[0], r[1], r[2]); break;
    case OP_max_pool2d:
    case OP_avg_pool2d: {
      int64_t k[DF_MAX_INTS], s[DF_MAX_INTS], p[DF_MAX_INTS];
      const int64_t *kernel = next_pair(&ir, k), *stride = next_pair(&ir, s);
      const int64_t *pad = next_pair(&ir, p);
      y = I->op == OP_max_pool2d ? st_max_pool2d(r[0], kernel, stride, pad)
                                 : st_avg_pool2d(r[0], kernel, stride, pad);
      break;
    }
    case OP_argmax:
    case OP_argmin: {
      int dim = (int)next_int(&ir);
      bool keep = next_int(&ir) != 0;
      y = I->op == OP_argmax ? st_argmax(r[0], dim, keep) : st_argmin(r[0], dim, keep);
      break;
    }
    case OP_leaky_relu: y = st_leaky_relu(r[0], d[0]); break;
    case OP_elu: y = st_elu(r[0], d[0]); break;
    case OP_hardtanh: y = st_hardtanh(r[0], d[0], d[1]); break;
    case OP_masked_fill: y = st_masked_fill(r[0], st_gt(r[1], st_scalar(ST_F64, 0.0)), d[0]); break;
    case OP_cumsum: y = st_cumsum(r[0], (int)next_int(&ir)); break;
    case OP_cumprod: y = st_cumprod(r[0], (int)next_int(&ir)); break;
    case OP_sort: {
      int dim = (int)next_int(&ir);
      y = st_sort(r[0], dim, next_int(&ir) != 0, true, NULL);
      break;
    }
    case OP_topk: {
      int64_t k = next_int(&ir);
      int dim = (int)next_int(&ir);
      y = st_topk(r[0], k, dim, next_int(&ir) != 0, true, NULL);
      break;
    }
    case OP_cross: y = st_cross(r[0], r[1], (int)next_int(&ir)); break;
    case OP_l1_loss: y = st_l1_loss(r[0], r[1], (st_reduction)next_int(&ir)); break;
    case OP_smooth_l1_loss:
      y = st_smooth_l1_loss(r[0], r[1], (st_reduction)next_int(&ir), 1.0);
      break;
    case OP_huber_loss: y = st_huber_loss(r[0], r[1], (st_reduction)next_int(&ir), 1.0); break;
    case OP_bce_logits:
      y = st_binary_cross_entropy_with_logits(r[0], r[1], NULL, NULL, (st_reduction)next_int(&ir));
      break;
    case OP_group_norm: y = st_group_norm(r[0], next_int(&ir), NULL, NULL, 1e-5); break;
    case OP_batch_norm_train: y = st_batch_norm(r[0], NULL, NULL, NULL, NULL, true, 0.1, 1e-5); break;
    case OP_gram: { /* x x^T + m I for x [..., m, n]: symmetric positive-definite */
      int nd0 = st_ndim(r[0]);
      int64_t m = nd0 >= 2 ? st_size(r[0], -2) : 0;
      y = st_add(st_matmul(r[0], st_transpose(r[0], -1, -2)),
                 st_mul_scalar(st_eye(ST_F64, m, m), (double)m));
      break;
    }
    case OP_logabsdet: {
      st_tensor *sign = NULL;
      int rc = st_linalg_slogdet(r[0], &sign, &y);
      if (rc) return rc;
      break;
    }
    case OP_eigvalsh: {
      int rc = st_linalg_eigh(r[0], &y, NULL);
      if (rc) return rc;
      break;
    }
    case OP_svdvals: {
      int rc = st_linalg_svd(r[0], NULL, &y, NULL);
      if (rc) return rc;
      break;
    }
    case OP_qr: {
      st_tensor *q = NULL, *rr = NULL;
      int64_t which = next_int(&ir);
      int rc = st_linalg_qr(r[0], &q, &rr);
      if (rc) return rc;
      y = which ? rr : q;
      break;
    }
    case OP_solve_triangular: {
      bool upper = next_int(&ir) != 0, left = next_int(&ir) != 0;
      y = st_linalg_solve_triangular(r[0], r[1], upper, left, next_int(&ir) != 0);
      break;
    }
    case OP_add_: return st_add_(r[0], r[1]);
    case OP_sub_: return st_sub_(r[0], r[1]);
    case OP_mul_: return st_mul_(r[0], r[1]);
    case OP_div_: return st_div_(r[0], r[1]);
    case OP_copy_: return st_copy_(r[0], r[1]);
    case OP_add_scalar_: return st_add_scalar_(r[0], d[0]);
    case OP_mul_scalar_: return st_mul_scalar_(r[0], d[0]);
    case OP_fill_: return st_fill_(r[0], d[0]);
    case OP_clamp_: return st_clamp_(r[0], d[0], d[1]);
    case OP_zero_: return st_zero_(r[0]);
    case OP_nograd: st_set_grad_enabled(false); return 0;
    case OP_grad: st_set_grad_enabled(true); return 0;
    default: return st_hook_error(ST_ERR_ARG, "difffuzz: op without a runner");
    }
  }
  if (!y) return st_last_status() ? st_last_status() : ST_ERR_ARG;
  *res = y;
  return 0;
}

static int body_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  const df_prog *p = ctx;
  st_tensor *regs[DF_MAX_REGS] = {0};
  bool mode = st_is_grad_enabled();
  int rc = 0;
  (void)nout;
  for (int i = 0; i < nin; i++) regs[i] = in[i];
  for (int k = 0; k < p->ninstr && !rc; k++) {
    st_tensor *y = NULL;
    rc = step(&p->instr[k], regs, &y);
    if (!rc && p->instr[k].dst >= 0) regs[p->instr[k].dst] = y;
  }
  st_set_grad_enabled(mode);
  if (rc) return rc;
  for (int j = 0; j < p->nout; j++) {
    int r = p->out[j];
    out[j] = r < nin ? st_retain(regs[r]) : regs[r];
  }
  return 0;
}

st_func *df_body(const df_prog *p) { return st_func_new(body_fn, (void *)p, p->nin, p->nout); }

/* ================================================================================== layers */

typedef struct {
  st_func *inner;
  int nin, k;
} layer_ctx;

static void free_layer_ctx(void *c) {
  layer_ctx *L = c;
  st_func_release(L->inner);
  free(L);
}

/* f's first output summed to 0-dim, the others passed on. */
static int sum_first_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  layer_ctx *L = ctx;
  st_tensor *o[DF_MAX_OUT] = {0};
  (void)nin, (void)nout;
  int rc = st_call(L->inner, in, o);
  if (rc) return rc;
  out[0] = st_sum_all(o[0]);
  for (int j = 1; j < L->k; j++) out[j] = o[j];
  return out[0] ? 0 : st_last_status();
}

static void shape_of(st_tensor *t, int *nd, int64_t *shape) { *nd = st_shape(t, shape); }

static int vjp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  layer_ctx *L = ctx;
  st_func *pb = NULL;
  st_tensor *ct[DF_MAX_OUT] = {0};
  (void)nout;
  int rc = st_vjp(L->inner, in, out, &pb);
  if (rc) return rc;
  for (int j = 0; j < L->k; j++) {
    int nd;
    int64_t shape[ST_MAX_DIMS];
    shape_of(out[j], &nd, shape);
    ct[j] = df_direction(nd, shape, 1 + j);
    if (!ct[j]) goto fail;
  }
  rc = st_call(pb, ct, out + L->k);
  st_func_release(pb);
  if (rc) return rc;
  for (int i = 0; i < nin; i++)
    if (!out[L->k + i]) return st_hook_error(ST_ERR_AUTOGRAD, "difffuzz: pullback gave NULL");
  return 0;
fail:
  st_func_release(pb);
  return st_last_status();
}

static int jvp_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  layer_ctx *L = ctx;
  st_tensor *tan[DF_MAX_IN] = {0};
  (void)nout;
  for (int i = 0; i < nin; i++) {
    int nd;
    int64_t shape[ST_MAX_DIMS];
    shape_of(in[i], &nd, shape);
    tan[i] = df_direction(nd, shape, 11 + i);
    if (!tan[i]) return st_last_status();
  }
  int rc = st_jvp(L->inner, in, tan, out, out + L->k);
  if (rc) return rc;
  for (int j = 0; j < L->k; j++)
    if (!out[L->k + j]) return st_hook_error(ST_ERR_AUTOGRAD, "difffuzz: jvp gave a NULL tangent");
  return 0;
}

static st_func *wrap_fn(st_fn fn, st_func *inner, int nin, int k, int nout) {
  layer_ctx *L = malloc(sizeof *L);
  if (!L) return NULL;
  *L = (layer_ctx){st_func_retain(inner), nin, k};
  st_func *f = st_func_new_owned(fn, L, free_layer_ctx, nin, nout);
  if (!f) free_layer_ctx(L);
  return f;
}

/* The layer applied to f (borrowed); a new reference. */
static st_func *apply_layer(const df_layer *L, st_func *f) {
  int nin = st_func_nin(f), k = st_func_nout(f);
  switch (L->kind) {
  case DF_GRAD:
  case DF_GRADV: {
    st_func *g = L->sum ? wrap_fn(sum_first_fn, f, nin, k, k) : st_func_retain(f);
    if (!g) return NULL;
    st_func *r = L->kind == DF_GRAD ? st_grad(g, L->nargnums, L->argnums)
                                    : st_grad_and_value(g, L->nargnums, L->argnums);
    st_func_release(g);
    return r;
  }
  case DF_VJP: return wrap_fn(vjp_fn, f, nin, k, k + nin);
  case DF_JVP: return wrap_fn(jvp_fn, f, nin, k, 2 * k);
  case DF_VMAP: {
    if (L->nin_dims != nin || L->nout_dims != k) {
      st_hook_error(ST_ERR_ARG, "difffuzz: vmap layer has the wrong number of dims");
      return NULL;
    }
    st_vmap_opts o = {.in_dims = L->in_dims, .out_dims = L->out_dims, .chunk_size = L->chunk};
    return st_vmap_ex(f, &o);
  }
  case DF_JACREV:
    return st_jacrev_ex(f, &(st_jac_opts){.argnum = L->argnums[0], .chunk_size = L->chunk});
  case DF_JACFWD:
    return st_jacfwd_ex(f, &(st_jac_opts){.argnum = L->argnums[0], .chunk_size = L->chunk});
  default: return st_hessian(f, L->argnums[0]);
  }
}

st_func *df_func(const df_prog *p) {
  st_func *f = df_body(p);
  for (int l = p->nlayers - 1; f && l >= 0; l--) {
    st_func *g = apply_layer(&p->layers[l], f);
    st_func_release(f);
    f = g;
  }
  return f;
}

int df_num_outputs(const df_prog *p) {
  int k = p->nout;
  for (int l = p->nlayers - 1; l >= 0; l--) {
    const df_layer *L = &p->layers[l];
    switch (L->kind) {
    case DF_GRAD: k = L->nargnums + k - 1; break;
    case DF_GRADV: k = L->nargnums + k; break;
    case DF_VJP: k = k + p->nin; break;
    case DF_JVP: k = 2 * k; break;
    default: break;
    }
  }
  return k;
}

int df_run(const df_prog *p, st_tensor *const *in, st_tensor **out) {
  bool mode = st_is_grad_enabled();
  st_func *f = df_func(p);
  if (!f) return st_last_status() ? st_last_status() : ST_ERR_ARG;
  int rc = st_call(f, in, out);
  st_func_release(f);
  st_set_grad_enabled(mode);
  return rc;
}
