/* scope.h — the scope stack's private interface, shared by every refcounted object kind. */
#ifndef STRATA_SCOPE_H
#define STRATA_SCOPE_H

#include <stdbool.h>
#include <stdint.h>

bool st__scope_active(void);
/* Records one reference to obj in the innermost scope (none open: nothing). drop releases one
   reference without consulting scopes. Returns 0 or ST_ERR_OOM. */
int st__scope_record(void *obj, int32_t *scope_refs, void (*drop)(void *));
/* Removes the newest entry for obj, if any; true when one was removed. */
bool st__scope_forget(void *obj, int32_t *scope_refs);
/* Removes obj's newest entry only when it is in the innermost scope; true when one was. */
bool st__scope_forget_top(void *obj, int32_t *scope_refs);
/* st_keep: moves obj's entry from the innermost scope to the enclosing one. */
void st__scope_keep(void *obj, int32_t *scope_refs, void (*drop)(void *));

#endif
