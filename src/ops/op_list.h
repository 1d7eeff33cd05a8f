/* op_list.h — the op ids, one per record. Each family lists its ops in <family>.def as X(name)
   lines; table.c turns the same lists into the table. */
#ifndef STRATA_OP_LIST_H
#define STRATA_OP_LIST_H


typedef enum {
#define X(name) ST_OP_##name,
#include "creation.def"
#include "unary.def"
#include "binary.def"
#include "reduce.def"
#include "linalg.def"
#include "shape.def"
#include "nn.def"
#include "composite.def"
#undef X
  ST_OP_COUNT
} st_op_id;

#endif
