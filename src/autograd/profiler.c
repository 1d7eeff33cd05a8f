/* profiler.c — per-thread op counts and times (forward ops and backward nodes), printed as a
   table or written as a Chrome / Perfetto trace. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "autograd.h"

typedef struct {
  const char *name; /* static op or node names live as long as the program; node names copied */
  char copy[48];
  int backward;
  int64_t calls;
  uint64_t total_ns;
} prof_entry;

typedef struct {
  int entry;
  uint64_t start_ns, dur_ns;
} prof_event;

static _Thread_local struct {
  bool on;
  uint64_t origin;
  prof_entry *entries;
  int n, cap;
  prof_event *events;
  int64_t nev, capev;
} tls;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void clear(void) {
  st__free(tls.entries, sizeof(prof_entry) * (size_t)tls.cap);
  st__free(tls.events, sizeof(prof_event) * (size_t)tls.capev);
  tls.entries = NULL, tls.events = NULL;
  tls.n = tls.cap = 0, tls.nev = tls.capev = 0;
}

void st_profiler_start(void) {
  clear();
  tls.on = true;
  tls.origin = now_ns();
}
void st_profiler_stop(void) { tls.on = false; }

uint64_t st__profiler_begin(void) { return tls.on ? now_ns() : 0; }

static int find_entry(const char *name, int backward) {
  for (int i = 0; i < tls.n; i++)
    if (tls.entries[i].backward == backward && strcmp(tls.entries[i].copy, name) == 0) return i;
  if (tls.n == tls.cap) {
    int cap = tls.cap ? 2 * tls.cap : 64;
    prof_entry *e = st__realloc(tls.entries, sizeof(prof_entry) * (size_t)tls.cap, sizeof(prof_entry) * (size_t)cap);
    if (!e) return -1;
    tls.entries = e, tls.cap = cap;
  }
  prof_entry *e = &tls.entries[tls.n];
  memset(e, 0, sizeof *e);
  snprintf(e->copy, sizeof e->copy, "%s", name);
  e->name = e->copy;
  e->backward = backward;
  return tls.n++;
}

void st__profiler_end(const char *name, int backward, uint64_t t0) {
  if (!tls.on || !t0) return;
  uint64_t t1 = now_ns();
  int k = find_entry(name, backward);
  if (k < 0) return; /* out of memory: the profile is incomplete, the program goes on */
  tls.entries[k].calls++;
  tls.entries[k].total_ns += t1 - t0;
  if (tls.nev == tls.capev) {
    int64_t cap = tls.capev ? 2 * tls.capev : 1024;
    prof_event *ev = st__realloc(tls.events, sizeof(prof_event) * (size_t)tls.capev, sizeof(prof_event) * (size_t)cap);
    if (!ev) return;
    tls.events = ev, tls.capev = cap;
  }
  tls.events[tls.nev++] = (prof_event){k, t0 - tls.origin, t1 - t0};
}

int64_t st_profiler_count(const char *name) {
  int64_t n = 0;
  for (int i = 0; name && i < tls.n; i++)
    if (strcmp(tls.entries[i].copy, name) == 0) n += tls.entries[i].calls;
  return n;
}

void st_profiler_print(FILE *f) {
  fprintf(f, "%-28s %-9s %10s %14s %12s\n", "name", "pass", "calls", "total (us)", "mean (us)");
  for (int i = 0; i < tls.n; i++) {
    const prof_entry *e = &tls.entries[i];
    fprintf(f, "%-28s %-9s %10lld %14.1f %12.3f\n", e->copy, e->backward ? "backward" : "forward",
            (long long)e->calls, (double)e->total_ns / 1e3, (double)e->total_ns / 1e3 / (double)(e->calls ? e->calls : 1));
  }
}

int st_profiler_write_trace(const char *path) {
  FILE *f = path ? fopen(path, "w") : NULL;
  if (!f) return st__error(ST_ERR_IO, "st_profiler_write_trace: cannot open '%s' for writing", path ? path : "(null)");
  fprintf(f, "{\"traceEvents\": [\n");
  for (int64_t i = 0; i < tls.nev; i++) {
    const prof_event *e = &tls.events[i];
    fprintf(f, "%s{\"name\": \"%s\", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": 0, \"tid\": 0}",
            i ? ",\n" : "", tls.entries[e->entry].copy, tls.entries[e->entry].backward ? "backward" : "forward",
            (double)e->start_ns / 1e3, (double)e->dur_ns / 1e3);
  }
  fprintf(f, "\n], \"displayTimeUnit\": \"ns\"}\n");
  if (fclose(f)) return st__error(ST_ERR_IO, "st_profiler_write_trace: writing '%s' failed", path);
  st__ok();
  return 0;
}
