/* test_safetensors_files.c — what st_save and st_load do to the file system: a save replaces
   its target atomically (the old bytes survive every failure, no temporary is left behind),
   follows symlinks, keeps permissions and refuses targets that are not regular files; a load
   refuses FIFOs and devices without blocking. Each test works in its own fresh directory. */
#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "util.h"

/* A fresh directory for one test; dir holds at least 64 bytes. */
static void make_dir(char *dir) {
  strcpy(dir, "/tmp/strata_files_XXXXXX");
  if (!mkdtemp(dir)) dir[0] = '\0';
}

/* Removes the directory and whatever the test left in it. */
static void remove_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  char path[512];
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (rmdir(path) != 0) unlink(path);
  }
  closedir(d);
  rmdir(dir);
}

/* Entries of dir other than "." and ".."; the first one that is not `except` goes to `other`. */
static int count_entries(const char *dir, const char *except, char *other, size_t size) {
  DIR *d = opendir(dir);
  int n = 0;
  if (other) other[0] = '\0';
  if (!d) return -1;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    n++;
    if (other && !other[0] && (!except || strcmp(e->d_name, except) != 0))
      snprintf(other, size, "%s", e->d_name);
  }
  closedir(d);
  return n;
}

/* The whole file, malloc'd (NULL when it cannot be read). */
static unsigned char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  *n = 0;
  if (!f) return NULL;
  unsigned char *data = NULL;
  size_t cap = 0;
  for (;;) {
    if (*n == cap) {
      unsigned char *grown = realloc(data, cap = cap ? 2 * cap : 4096);
      if (!grown) break;
      data = grown;
    }
    size_t got = fread(data + *n, 1, cap - *n, f);
    if (!got) break;
    *n += got;
  }
  fclose(f);
  return data;
}

static void spit(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

/* A dict of one f32 tensor of n elements valued start, start + 1, ... */
static st_dict *dict_of(int64_t n, double start) {
  st_dict *d = st_dict_new();
  st_tensor *t = st_add_scalar(st_arange(ST_F32, 0, (double)n, 1), start);
  st_dict_set(d, "w", t);
  st_release(t);
  return d;
}

/* The file loads back as dict_of(n, start). */
static bool loads_as(const char *path, int64_t n, double start) {
  st_dict *back = st_load(path);
  st_tensor *w = back ? st_dict_get(back, "w") : NULL;
  bool ok = w && st_numel(w) == n && st_item(st_select(w, 0, 0)) == start;
  st_dict_free(back);
  return ok;
}

/* ----------------------------------------------------------------------- atomic replacement */

TEST(failed_save_leaves_the_old_file_byte_identical_and_no_temporary) {
  char dir[64], path[128], other[256];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/model.safetensors", dir);
  st_dict *old = dict_of(3, 100), *next = dict_of(5, 7);
  CHECK_EQ_INT(st_save(path, old), 0);
  size_t n_old;
  unsigned char *old_bytes = slurp(path, &n_old);
  int failures = 0;
  /* every allocation st_save makes comes after the temporary exists, so each failing one is a
     failure midway through writing it */
  for (int n = 1; n <= 20; n++) {
    st_debug_fail_alloc_after(n);
    int rc = st_save(path, next);
    st_debug_fail_alloc_after(0);
    if (rc == 0) break;
    failures++;
    CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);
    size_t now_n;
    unsigned char *now = slurp(path, &now_n);
    CHECK(now && now_n == n_old && memcmp(now, old_bytes, n_old) == 0);
    free(now);
    CHECK_EQ_INT(count_entries(dir, "model.safetensors", other, sizeof other), 1);
    if (other[0]) st_test_fail(__FILE__, __LINE__, "left behind: %s", other);
    st_clear_error();
  }
  CHECK(failures >= 2);        /* the header and the staging buffer */
  CHECK(loads_as(path, 5, 7)); /* the save that succeeded replaced it */
  CHECK_EQ_INT(count_entries(dir, NULL, NULL, 0), 1);
  free(old_bytes);
  st_dict_free(old);
  st_dict_free(next);
  remove_dir(dir);
}

TEST(save_that_runs_out_of_file_space_midway_leaves_the_old_file) {
  /* RLIMIT_FSIZE makes a write past 4 KiB fail with EFBIG, as a full disk would; SIGXFSZ is
     ignored so that the write returns the error instead of ending the process. */
  char dir[64], path[128], other[256];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/big.safetensors", dir);
  st_dict *old = dict_of(4, 1), *big = dict_of(100000, 2);
  CHECK_EQ_INT(st_save(path, old), 0);
  size_t n_old;
  unsigned char *old_bytes = slurp(path, &n_old);
  struct rlimit saved, small = {4096, 4096};
  getrlimit(RLIMIT_FSIZE, &saved);
  small.rlim_max = saved.rlim_max;
  void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
  setrlimit(RLIMIT_FSIZE, &small);
  int rc = st_save(path, big);
  setrlimit(RLIMIT_FSIZE, &saved);
  signal(SIGXFSZ, prev);
  CHECK(rc == ST_ERR_IO);
  CHECK(strstr(st_last_error(), "st_save: ") && strstr(st_last_error(), "write failed"));
  size_t now_n;
  unsigned char *now = slurp(path, &now_n);
  CHECK(now && now_n == n_old && memcmp(now, old_bytes, n_old) == 0);
  CHECK_EQ_INT(count_entries(dir, "big.safetensors", other, sizeof other), 1);
  if (other[0]) st_test_fail(__FILE__, __LINE__, "left behind: %s", other);
  st_clear_error();
  CHECK_EQ_INT(st_save(path, big), 0); /* without the limit it goes through */
  CHECK(loads_as(path, 100000, 2));
  free(now);
  free(old_bytes);
  st_dict_free(old);
  st_dict_free(big);
  remove_dir(dir);
}

TEST(save_into_a_missing_folder_fails_and_creates_nothing) {
  char dir[64], path[160];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/missing/x.safetensors", dir);
  st_dict *d = dict_of(2, 0);
  CHECK_FAILS(st_save(path, d) != 0, ST_ERR_IO, "cannot open for writing");
  CHECK_EQ_INT(count_entries(dir, NULL, NULL, 0), 0);
  CHECK_FAILS(st_save("", d) != 0, ST_ERR_ARG, "st_save: the path is empty");
  st_dict_free(d);
  remove_dir(dir);
}

/* ------------------------------------------------------------------ what the target may be */

TEST(save_through_a_symlink_replaces_the_file_it_names_and_keeps_the_link) {
  char dir[64], file[128], link[128], dangling[128], fresh[128];
  make_dir(dir);
  snprintf(file, sizeof file, "%s/real.safetensors", dir);
  snprintf(link, sizeof link, "%s/link.safetensors", dir);
  snprintf(dangling, sizeof dangling, "%s/dangling.safetensors", dir);
  snprintf(fresh, sizeof fresh, "%s/fresh.safetensors", dir);
  spit(file, "old contents");
  CHECK(symlink("real.safetensors", link) == 0); /* relative: read from the link's folder */
  st_dict *d = dict_of(3, 5);
  CHECK_EQ_INT(st_save(link, d), 0);
  struct stat info;
  CHECK(lstat(link, &info) == 0 && S_ISLNK(info.st_mode));
  CHECK(lstat(file, &info) == 0 && S_ISREG(info.st_mode));
  CHECK(loads_as(file, 3, 5));
  /* a link to a file not there yet creates that file */
  CHECK(symlink(fresh, dangling) == 0);
  CHECK_EQ_INT(st_save(dangling, d), 0);
  CHECK(lstat(dangling, &info) == 0 && S_ISLNK(info.st_mode));
  CHECK(loads_as(fresh, 3, 5));
  CHECK_EQ_INT(count_entries(dir, NULL, NULL, 0), 4);
  st_dict_free(d);
  remove_dir(dir);
}

TEST(save_refuses_a_directory_or_fifo_target_and_leaves_it_alone) {
  char dir[64], sub[128], fifo[128], to_fifo[128];
  make_dir(dir);
  snprintf(sub, sizeof sub, "%s/sub", dir);
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  snprintf(to_fifo, sizeof to_fifo, "%s/to_fifo", dir);
  CHECK(mkdir(sub, 0755) == 0);
  CHECK(mkfifo(fifo, 0644) == 0);
  CHECK(symlink(fifo, to_fifo) == 0);
  st_dict *d = dict_of(2, 0);
  CHECK_FAILS(st_save(sub, d) != 0, ST_ERR_IO, "is not a regular file");
  CHECK_FAILS(st_save(fifo, d) != 0, ST_ERR_IO, "is not a regular file");
  CHECK_FAILS(st_save(to_fifo, d) != 0, ST_ERR_IO, "is not a regular file");
  struct stat info;
  CHECK(lstat(sub, &info) == 0 && S_ISDIR(info.st_mode));
  CHECK(lstat(fifo, &info) == 0 && S_ISFIFO(info.st_mode));
  CHECK(lstat(to_fifo, &info) == 0 && S_ISLNK(info.st_mode));
  CHECK_EQ_INT(count_entries(dir, NULL, NULL, 0), 3);
  CHECK_EQ_INT(count_entries(sub, NULL, NULL, 0), 0);
  st_dict_free(d);
  remove_dir(sub);
  remove_dir(dir);
}

TEST(save_keeps_the_permissions_of_the_file_it_replaces) {
  char dir[64], path[128], fresh[128];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/p.safetensors", dir);
  snprintf(fresh, sizeof fresh, "%s/new.safetensors", dir);
  spit(path, "old");
  CHECK(chmod(path, 0640) == 0);
  st_dict *d = dict_of(2, 0);
  CHECK_EQ_INT(st_save(path, d), 0);
  struct stat info;
  CHECK(stat(path, &info) == 0);
  CHECK_EQ_INT(info.st_mode & 07777, 0640);
  /* a new file gets what any new file gets: 0666 less the umask */
  mode_t mask = umask(022);
  umask(mask);
  CHECK_EQ_INT(st_save(fresh, d), 0);
  CHECK(stat(fresh, &info) == 0);
  CHECK_EQ_INT(info.st_mode & 07777, 0666 & ~mask);
  st_dict_free(d);
  remove_dir(dir);
}

/* ---------------------------------------------------------------------------------- loading */

TEST(load_refuses_a_fifo_and_a_device_without_blocking) {
  char dir[64], fifo[128];
  make_dir(dir);
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  CHECK(mkfifo(fifo, 0644) == 0);
  /* a blocking open of a FIFO without a writer would hang: the alarm ends the run instead */
  unsigned left = alarm(20);
  CHECK_FAILS(!st_load(fifo), ST_ERR_IO, "not a regular file");
  char want[160];
  snprintf(want, sizeof want, "st_load: %s: not a regular file", fifo);
  CHECK_FAILS(!st_load(fifo), ST_ERR_IO, want);
  CHECK_FAILS(!st_load("/dev/null"), ST_ERR_IO, "st_load: /dev/null: not a regular file");
  CHECK_FAILS(!st_load(dir), ST_ERR_IO, "not a regular file");
  alarm(left);
  remove_dir(dir);
}

TEST(load_follows_a_symlink_to_a_regular_file) {
  char dir[64], path[128], link[128];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/a.safetensors", dir);
  snprintf(link, sizeof link, "%s/b.safetensors", dir);
  st_dict *d = dict_of(4, 3);
  CHECK_EQ_INT(st_save(path, d), 0);
  CHECK(symlink(path, link) == 0);
  CHECK(loads_as(link, 4, 3));
  st_dict_free(d);
  remove_dir(dir);
}
