/* train.h — what the files of the train layer share. The train layer is a client of the public
   API (strata.h) only: these helpers are written with public calls too. */
#ifndef STRATA_TRAIN_H
#define STRATA_TRAIN_H

#include <stdarg.h>
#include <stdio.h>

#include "strata.h"

/* Sets the thread's error (status and a printf-style message) and returns status. The public
   API's only way to set an error from outside the library is st_hook_error, which this wraps. */
int st__tr_error(st_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* For a NULL tensor argument: keeps an error already set (NULL propagation), else reports
   "<fn>: argument <index> is NULL". Returns the status. */
int st__tr_null_arg(const char *fn, int index);

/* The status of a failed public call, never 0 (ST_ERR_OOM when nothing was set). */
int st__tr_status(void);

/* Turns a reference returned while a scope is open into one the caller owns outside every scope
   (retain, then give back the recorded reference). NULL stays NULL. */
st_tensor *st__tr_own(st_tensor *t);

/* Makes autograd see an in-place write of t's storage done through st_data_ptr: bumps its
   version counter through an in-place op on an empty view (no data is touched). */
int st__tr_bump_version(st_tensor *t);

/* Writes src's values into dst (same shape) outside any graph: st_copy_ with grad mode off. */
int st__tr_assign(st_tensor *dst, st_tensor *src);

/* A tensor's shape as "[2, 3]" into buf (for messages). */
const char *st__tr_shape_str(const st_tensor *t, char *buf, size_t size);

/* Drops the parameters and buffers past the first nparams / nbuffers (undoing a failed add). */
void st__tr_params_truncate(st_params *p, int nparams, int nbuffers);

/* Reads an .npy image from memory; `what` names it in messages (a path, or "a.npz: w.npy"). */
st_tensor *st__tr_npy_parse(const unsigned char *data, size_t size, const char *fn,
                            const char *what);
/* Writes t as an .npy image into a malloc'd buffer (*out, *size); 0 or a status. */
int st__tr_npy_encode(st_tensor *t, const char *fn, unsigned char **out, size_t *size);
/* Replaces path with the bytes of `parts` (written beside it, then renamed over it). */
int st__tr_write_file(const char *fn, const char *path, int nparts, const void *const *parts,
                      const size_t *sizes);
/* Reads a whole regular file into a malloc'd buffer (refusing FIFOs and devices before any
   read). */
int st__tr_read_file(const char *fn, const char *path, unsigned char **out, size_t *size);

#endif
