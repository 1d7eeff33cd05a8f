/* ptrmap.c — a map from addresses to ints (core.h): open addressing with linear probing, grown
   to twice its size when half full. Keys are never removed; the map is freed whole. */
#include "core.h"

struct st_ptrmap_slot {
  const void *key;
  int id;
};

static size_t hash_ptr(const void *p, size_t cap) {
  return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

int st__ptrmap_get(const st_ptrmap *m, const void *key) {
  if (!m->cap) return -1;
  for (size_t i = hash_ptr(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->s[i].key) return -1;
    if (m->s[i].key == key) return m->s[i].id;
  }
}

int st__ptrmap_put(st_ptrmap *m, const void *key, int id) {
  if (2 * (m->n + 1) > m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 64;
    struct st_ptrmap_slot *s = st__calloc(cap, sizeof *s);
    if (!s) return ST_ERR_OOM;
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->s[i].key) continue;
      size_t j = hash_ptr(m->s[i].key, cap);
      while (s[j].key) j = (j + 1) & (cap - 1);
      s[j] = m->s[i];
    }
    if (m->s) st__free(m->s, m->cap * sizeof *m->s);
    m->s = s;
    m->cap = cap;
  }
  size_t i = hash_ptr(key, m->cap);
  while (m->s[i].key && m->s[i].key != key) i = (i + 1) & (m->cap - 1);
  if (!m->s[i].key) m->n++;
  m->s[i] = (struct st_ptrmap_slot){key, id};
  return 0;
}

void st__ptrmap_free(st_ptrmap *m) {
  if (m->s) st__free(m->s, m->cap * sizeof *m->s);
  *m = (st_ptrmap){0};
}
