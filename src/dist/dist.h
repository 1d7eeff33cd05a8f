/* dist.h — private declarations of strata_dist: the process group's state, waiting with a
   deadline, and the agreement check that runs before any data moves. */
#ifndef STRATA_DIST_PRIVATE_H
#define STRATA_DIST_PRIVATE_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "strata_dist.h"

/* The communicator the collectives use (a duplicate of MPI_COMM_WORLD, so a user's own MPI
   traffic never matches ours), or MPI_COMM_NULL (with an error naming fn) when st_dist_init
   has not run or an earlier collective timed out. */
MPI_Comm st__dist_comm(const char *fn);
/* A fresh duplicate of the world communicator for a subsystem of its own (DDP's buckets). */
int st__dist_comm_dup(const char *fn, MPI_Comm *out);
/* Waits for n requests, polling, until they complete or the timeout passes: then the process
   group is marked broken and ST_ERR_IO is set naming fn and what. */
int st__dist_wait_all(int n, MPI_Request *reqs, const char *fn, const char *what);
/* True once a collective timed out: MPI can no longer be trusted. */
bool st__dist_broken(void);
/* Marks the group broken (a wait of DDP's timed out): st_dist_finalize then aborts the job. */
void st__dist_mark_broken(void);
double st__dist_timeout(void);
/* Whether MPI was initialised with MPI_THREAD_MULTIPLE (DDP's progress thread needs it). */
bool st__dist_thread_multiple(void);

enum { ST__DIST_ALL_REDUCE, ST__DIST_ALL_GATHER, ST__DIST_REDUCE_SCATTER, ST__DIST_BROADCAST,
       ST__DIST_DDP };
/* Makes the collectives' persistent records (custom functions keep a pointer to theirs). */
int st__dist_collectives_init(int world_size);

/* What a collective was given on this rank. failed: the rank is already in error (a NULL
   argument); the others then fail too instead of waiting for a message that never comes. */
typedef struct {
  int64_t failed;
  int64_t kind; /* which collective */
  int64_t dtype, ndim;
  int64_t shape[16];
  int64_t arg; /* dim or root */
  int64_t op;  /* st_reduce_op */
} st__dist_sig;
/* Compares sig across ranks (one small all-reduce). 0 when every rank gave the same; else sets
   an ST_ERR_ARG error naming fn and what differs, on every rank. */
int st__dist_agree(MPI_Comm comm, const char *fn, const st__dist_sig *sig);

/* MPI's datatype for a strata dtype: false for those MPI cannot reduce as they are (bool, and
   f16/bf16, which the collectives widen to f32). */
bool st__dist_mpi_type(st_dtype dt, MPI_Datatype *out);

#endif
