/* dict.c — st_dict: an ordered name -> tensor map (insertion order) with a hash index. */
#include <string.h>

#include "core.h"

typedef struct {
  char *name; /* owned copy */
  size_t name_size; /* strlen + 1, for st__free */
  st_tensor *t; /* one reference held by the dict */
} dict_entry;

struct st_dict {
  dict_entry *entries;
  int len, cap;
  int32_t *slots; /* open addressing: entry index or -1; 2 * cap of them, a power of two */
};

#define DICT_MAX_LEN (1 << 28)

/* FNV-1a, 64-bit (http://www.isthe.com/chongo/tech/comp/fnv/). */
static uint64_t hash_name(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

static size_t slot_count(const st_dict *d) { return (size_t)d->cap * 2; }

/* The slot holding `name`, or the empty slot where it would go. Never full: len <= cap. */
static size_t find_slot(const st_dict *d, const char *name) {
  size_t mask = slot_count(d) - 1, i = (size_t)hash_name(name) & mask;
  while (d->slots[i] >= 0 && strcmp(d->entries[d->slots[i]].name, name) != 0) i = (i + 1) & mask;
  return i;
}

/* Doubles the capacity; on failure (OOM set) the dict is unchanged. */
static int grow(st_dict *d) {
  int cap = d->cap ? 2 * d->cap : 8;
  dict_entry *entries = st__alloc(sizeof *entries * (size_t)cap);
  int32_t *slots = st__alloc(sizeof *slots * (size_t)cap * 2);
  if (!entries || !slots) {
    st__free(entries, sizeof *entries * (size_t)cap);
    st__free(slots, sizeof *slots * (size_t)cap * 2);
    return ST_ERR_OOM;
  }
  if (d->len) memcpy(entries, d->entries, sizeof *entries * (size_t)d->len);
  st__free(d->entries, sizeof *entries * (size_t)d->cap);
  st__free(d->slots, sizeof *slots * slot_count(d));
  d->entries = entries;
  d->slots = slots;
  d->cap = cap;
  memset(slots, 0xff, sizeof *slots * slot_count(d)); /* all -1 */
  for (int i = 0; i < d->len; i++) d->slots[find_slot(d, d->entries[i].name)] = i;
  return 0;
}

st_dict *st_dict_new(void) {
  st_dict *d = st__alloc(sizeof *d);
  if (!d) return NULL;
  memset(d, 0, sizeof *d);
  st__live_add(1);
  st__ok();
  return d;
}

void st_dict_free(st_dict *d) {
  if (!d) return;
  for (int i = 0; i < d->len; i++) {
    st__drop(d->entries[i].t);
    st__free(d->entries[i].name, d->entries[i].name_size);
  }
  st__free(d->entries, sizeof *d->entries * (size_t)d->cap);
  st__free(d->slots, sizeof *d->slots * slot_count(d));
  st__free(d, sizeof *d);
  st__live_add(-1);
}

/* Retains t before dropping a replaced tensor, so setting a name to its own tensor is safe. */
int st_dict_set(st_dict *d, const char *name, st_tensor *t) {
  if (!d || !name || !t) {
    st__null_arg("st_dict_set", !d ? 1 : !name ? 2 : 3);
    return st__status();
  }
  if (d->cap) {
    size_t slot = find_slot(d, name);
    if (d->slots[slot] >= 0) {
      dict_entry *e = &d->entries[d->slots[slot]];
      st_retain(t);
      st__drop(e->t);
      e->t = t;
      st__ok();
      return 0;
    }
  }
  if (d->len >= DICT_MAX_LEN)
    return st__error(ST_ERR_ARG, "st_dict_set: the dict already holds %d tensors", d->len);
  size_t size = strlen(name) + 1;
  char *copy = st__alloc(size);
  if (!copy) return ST_ERR_OOM;
  if (d->len == d->cap && grow(d)) {
    st__free(copy, size);
    return ST_ERR_OOM;
  }
  memcpy(copy, name, size);
  d->slots[find_slot(d, name)] = d->len;
  d->entries[d->len++] = (dict_entry){copy, size, st_retain(t)};
  st__ok();
  return 0;
}

int st_dict_len(const st_dict *d) {
  if (!d) st__null_arg("st_dict_len", 1);
  return d ? d->len : -1;
}

const char *st_dict_name(const st_dict *d, int i) {
  if (!d) {
    st__null_arg("st_dict_name", 1);
    return NULL;
  }
  if (i < 0 || i >= d->len) {
    st__error(ST_ERR_ARG, "st_dict_name: index %d is out of range for a dict of %d tensors", i,
              d->len);
    return NULL;
  }
  st__ok();
  return d->entries[i].name;
}

/* A missing name sets an error, so that ops given the NULL report which name was missing. */
st_tensor *st_dict_get(const st_dict *d, const char *name) {
  if (!d || !name) {
    st__null_arg("st_dict_get", !d ? 1 : 2);
    return NULL;
  }
  size_t slot = d->cap ? find_slot(d, name) : 0;
  if (!d->cap || d->slots[slot] < 0) {
    st__error(ST_ERR_ARG, "st_dict_get: no tensor named '%s'", name);
    return NULL;
  }
  st__ok();
  return d->entries[d->slots[slot]].t;
}
