/* version.c — the run-time twin of ST_VERSION_NUMBER. */
#include "strata.h"

int st_version_number(void) { return ST_VERSION_NUMBER; }
const char *st_version(void) { return ST_VERSION; }
