/* print.c — st_print: PyTorch's tensor repr, read through strides, using only the core. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

/* PyTorch's default print options (torch.set_printoptions): 4 digits, summarize above 1000
   elements keeping 3 edge items per dim, lines of 80 columns. The layout rules below follow
   torch/_tensor_str.py (_Formatter, _vector_str, _tensor_str_with_formatter, _add_suffixes). */
enum { PRECISION = 4, THRESHOLD = 1000, EDGEITEMS = 3, LINEWIDTH = 80 };
static const char PREFIX[] = "tensor(";
#define INDENT ((int)sizeof PREFIX - 1)

typedef struct {
  FILE *f;
  const st_tensor *t;
  bool summarize; /* print only EDGEITEMS at each end of every dim */
  bool floating;
  bool int_mode; /* every nonzero finite value is an integer: print "3." */
  bool sci_mode;
  int width; /* every element is right-aligned to this width */
  int column; /* characters written since the last newline */
  bool any_finite; /* any nonzero finite value seen, with these magnitudes */
  double min_abs, max_abs;
} printer;

/* ------------------------------------------------------------------------------- reading */

/* Element at `off` elements from the tensor's first element. */
static double read_f64(const st_tensor *t, int64_t off) {
  return st__load_f64(st__data(t) + off * (int64_t)st_dtype_size(t->dtype), t->dtype);
}

/* The printed value of the element at `off`, without padding; returns its length. */
static int format_value(const printer *p, int64_t off, char *buf, size_t size) {
  const char *data = st__data(p->t);
  if (p->t->dtype == ST_BOOL) return snprintf(buf, size, "%s", data[off] ? "True" : "False");
  if (p->t->dtype == ST_I64)
    return snprintf(buf, size, "%lld", (long long)((const int64_t *)data)[off]);
  if (st__dtype_category(p->t->dtype) == 1) /* the narrower integers, exact as doubles */
    return snprintf(buf, size, "%lld", (long long)read_f64(p->t, off));
  double v = read_f64(p->t, off);
  /* Python prints every NaN as "nan" (glibc would print "-nan" for a negative one). */
  if (isnan(v)) return snprintf(buf, size, "nan");
  if (isinf(v)) return snprintf(buf, size, v > 0 ? "inf" : "-inf");
  if (p->sci_mode) return snprintf(buf, size, "%.*e", PRECISION, v);
  if (p->int_mode) return snprintf(buf, size, "%.0f.", v);
  return snprintf(buf, size, "%.*f", PRECISION, v);
}

/* --------------------------------------------------------------------------- measuring */

typedef void (*visit_fn)(printer *p, int64_t off);

/* Calls fn on every element that will be printed, so that the formatter sees exactly those (as
   PyTorch's get_summarized_data does). */
static void visit(printer *p, int dim, int64_t off, visit_fn fn) {
  if (dim == p->t->ndim) {
    fn(p, off);
    return;
  }
  int64_t n = p->t->shape[dim], stride = p->t->strides[dim];
  bool cut = p->summarize && n > 2 * EDGEITEMS;
  for (int64_t i = 0; i < n; i++) {
    if (cut && i == EDGEITEMS) i = n - EDGEITEMS;
    visit(p, dim + 1, off + i * stride, fn);
  }
}

static void gather_stats(printer *p, int64_t off) {
  if (!p->floating) {
    char buf[32];
    int len = format_value(p, off, buf, sizeof buf);
    if (len > p->width) p->width = len;
    return;
  }
  double v = read_f64(p->t, off);
  if (!isfinite(v) || v == 0) return;
  double a = fabs(v);
  if (!p->any_finite || a < p->min_abs) p->min_abs = a;
  if (!p->any_finite || a > p->max_abs) p->max_abs = a;
  p->any_finite = true;
  if (v != ceil(v)) p->int_mode = false;
}

/* Only nonzero finite values set the width, as in PyTorch (so "nan" may stick out). */
static void measure_width(printer *p, int64_t off) {
  double v = read_f64(p->t, off);
  if (!isfinite(v) || v == 0) return;
  char buf[64];
  int len = format_value(p, off, buf, sizeof buf);
  if (len > p->width) p->width = len;
}

/* _Formatter: integers in "%.0f." form unless the range calls for scientific notation, which
   non-integers also get for magnitudes below 1e-4. */
static void choose_format(printer *p) {
  p->width = 1;
  p->int_mode = true;
  visit(p, 0, 0, gather_stats);
  if (!p->floating || !p->any_finite) return;
  bool wide = p->max_abs / p->min_abs > 1000.0 || p->max_abs > 1e8;
  p->sci_mode = p->int_mode ? wide : wide || p->min_abs < 1e-4;
  visit(p, 0, 0, measure_width);
}

/* ----------------------------------------------------------------------------- writing */

static void put(printer *p, const char *s) {
  fputs(s, p->f);
  const char *nl = strrchr(s, '\n');
  p->column = nl ? (int)strlen(nl + 1) : p->column + (int)strlen(s);
}

static void put_spaces(printer *p, int n) {
  for (int i = 0; i < n; i++) fputc(' ', p->f);
  if (n > 0) p->column += n;
}

static void put_value(printer *p, int64_t off) {
  char buf[64];
  int len = format_value(p, off, buf, sizeof buf);
  put_spaces(p, p->width - len);
  put(p, buf);
}

/* _vector_str: elements (and the " ..." marker) wrap after as many as fit in LINEWIDTH. */
static void print_vector(printer *p, int64_t off, int indent) {
  int dim = p->t->ndim - 1;
  int64_t n = p->t->shape[dim], stride = p->t->strides[dim];
  int per_line = (LINEWIDTH - indent) / (p->width + 2);
  if (per_line < 1) per_line = 1;
  bool cut = p->summarize && n > 2 * EDGEITEMS;
  put(p, "[");
  int64_t k = 0; /* elements written, the marker included */
  for (int64_t i = 0; i < n; i++, k++) {
    if (k > 0 && k % per_line == 0) {
      put(p, ",\n");
      put_spaces(p, indent + 1);
    } else if (k > 0) {
      put(p, ", ");
    }
    if (cut && i == EDGEITEMS) {
      put(p, " ...");
      i = n - EDGEITEMS - 1;
      continue;
    }
    put_value(p, off + i * stride);
  }
  put(p, "]");
}

/* _tensor_str_with_formatter: slices of dim `dim` separated by ndim - dim - 1 newlines. */
static void print_dim(printer *p, int dim, int64_t off, int indent) {
  int rest = p->t->ndim - dim;
  if (rest == 0) {
    put_value(p, off);
    return;
  }
  if (rest == 1) {
    print_vector(p, off, indent);
    return;
  }
  int64_t n = p->t->shape[dim], stride = p->t->strides[dim];
  bool cut = p->summarize && n > 2 * EDGEITEMS;
  put(p, "[");
  for (int64_t i = 0; i < n; i++) {
    if (i > 0) {
      put(p, ",");
      for (int r = 1; r < rest; r++) put(p, "\n");
      put_spaces(p, indent + 1);
    }
    if (cut && i == EDGEITEMS) {
      put(p, "...");
      i = n - EDGEITEMS - 1;
      continue;
    }
    print_dim(p, dim + 1, off + i * stride, indent + 1);
  }
  put(p, "]");
}

/* _add_suffixes: a suffix that would pass LINEWIDTH goes on its own line under the bracket. */
static void put_suffixes(printer *p, int n, char suffixes[][128]) {
  int last_line = p->column + 2; /* PyTorch's count, kept so lines break where its do */
  for (int i = 0; i < n; i++) {
    int len = (int)strlen(suffixes[i]);
    if (last_line + len + 2 > LINEWIDTH) {
      put(p, ",\n");
      put_spaces(p, INDENT);
      last_line = INDENT + len;
    } else {
      put(p, ", ");
      last_line += len + 2;
    }
    put(p, suffixes[i]);
  }
}

/* "size=(0, 3)": Python's tuple spelling. */
static void format_size(char *buf, size_t size, const st_tensor *t) {
  size_t k = (size_t)snprintf(buf, size, "size=(");
  for (int d = 0; d < t->ndim && k < size; d++)
    k += (size_t)snprintf(buf + k, size - k, d ? ", %lld" : "%lld", (long long)t->shape[d]);
  if (k < size) snprintf(buf + k, size - k, ")");
}

static void print_any(const st_tensor *t, FILE *f);

/* Writes a trailing newline, as Python's print does. Leaves the error state alone on success,
   so that a failed call's message survives printing its NULL result (which prints "NULL
   tensor" and reports the NULL as any call does, keeping that failure's error). A stream that
   fails while printing gives ST_ERR_IO. */
void st_print(const st_tensor *t, FILE *f) {
  if (!f) {
    st__error(ST_ERR_ARG, "st_print: the stream (argument 2) is NULL");
    return;
  }
  bool failed_before = ferror(f);
  st__note_host_read("st_print");
  print_any(t, f);
  if (!failed_before && ferror(f))
    st__error(ST_ERR_IO, "st_print: writing to the stream failed: %s", strerror(errno));
}

static void print_any(const st_tensor *t, FILE *f) {
  if (!t) {
    fputs("NULL tensor\n", f);
    st__null_arg("st_print", 1);
    return;
  }
  if (t->wrap != ST_WRAP_NONE) { /* functorch's repr: the wrapper, then what it wraps */
    static const char *const kinds[] = {"", "GradTrackingTensor", "DualTensor", "BatchedTensor"};
    fprintf(f, "%s(lvl=%d", kinds[t->wrap], t->level);
    if (t->wrap == ST_WRAP_VMAP) fprintf(f, ", bdim=%d", t->bdim);
    fputs(", value=\n", f);
    print_any(t->value, f);
    if (t->wrap == ST_WRAP_JVP) {
      fputs("tangent=\n", f);
      if (t->tangent)
        print_any(t->tangent, f);
      else
        fputs("NULL tensor\n", f); /* a zero tangent: not an error */
    }
    fputs(")\n", f);
    return;
  }
  printer p = {.f = f, .t = t, .floating = st__is_float(t->dtype)};
  char suffixes[2][128];
  int nsuffix = 0;
  put(&p, PREFIX);
  if (st__numel(t->ndim, t->shape) == 0) {
    /* No values show the dtype, so every non-default one is named (torch does the same). */
    put(&p, "[]");
    if (t->ndim != 1) format_size(suffixes[nsuffix++], sizeof suffixes[0], t);
    if (t->dtype != ST_F32)
      snprintf(suffixes[nsuffix++], sizeof suffixes[0], "dtype=%s", st_dtype_name(t->dtype));
  } else {
    /* f32 is the default dtype; i64 and bool are evident from the values, as in torch. */
    if (t->dtype != ST_F32 && t->dtype != ST_I64 && t->dtype != ST_BOOL)
      snprintf(suffixes[nsuffix++], sizeof suffixes[0], "dtype=%s", st_dtype_name(t->dtype));
    p.summarize = st__numel(t->ndim, t->shape) > THRESHOLD;
    choose_format(&p);
    print_dim(&p, 0, 0, INDENT);
  }
  put_suffixes(&p, nsuffix, suffixes);
  put(&p, ")\n");
}
