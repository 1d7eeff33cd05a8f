/* table.c — the op table: st_op_id -> record, assembled from the family lists. */
#include <assert.h>

#include "op.h"

#define X(name) extern const st_op st__op_##name;
#include "creation.def"
#include "unary.def"
#include "binary.def"
#include "reduce.def"
#include "linalg.def"
#include "shape.def"
#include "nn.def"
#include "composite.def"
#undef X

const st_op *const st__ops[ST_OP_COUNT] = {
#define X(name) [ST_OP_##name] = &st__op_##name,
#include "creation.def"
#include "unary.def"
#include "binary.def"
#include "reduce.def"
#include "linalg.def"
#include "shape.def"
#include "nn.def"
#include "composite.def"
#undef X
};

static_assert(sizeof st__ops / sizeof st__ops[0] == ST_OP_COUNT, "one record per op id");

/* "st_<name>", the public function an error message names, without formatting it per call. */
const char *const st__op_fns[ST_OP_COUNT] = {
#define X(name) [ST_OP_##name] = "st_" #name,
#include "creation.def"
#include "unary.def"
#include "binary.def"
#include "reduce.def"
#include "linalg.def"
#include "shape.def"
#include "nn.def"
#include "composite.def"
#undef X
};
