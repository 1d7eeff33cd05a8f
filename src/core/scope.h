/* scope.h — the scope stack's private interface. The records live with the thread (scope.c),
   never on the recorded object, so threads may share what their scopes record. */
#ifndef STRATA_SCOPE_H
#define STRATA_SCOPE_H

#include <stdbool.h>
#include <stdint.h>

bool st__scope_active(void);
int st__scope_depth(void); /* open scopes on this thread (failed pushes not counted) */
/* Records one reference to obj in the innermost scope (none open: nothing). drop releases one
   reference without consulting scopes. Returns 0 or ST_ERR_OOM (nothing recorded). */
int st__scope_record(void *obj, void (*drop)(void *));
/* Removes this thread's newest entry for obj, if any; true when one was removed. */
bool st__scope_forget(void *obj);
/* Removes obj's newest entry only when it is in the innermost scope; true when one was. */
bool st__scope_forget_top(void *obj);
/* st_keep: moves obj's entry from the innermost scope to the enclosing one (none: forgets it).
   Never allocates. */
void st__scope_keep(void *obj, void (*drop)(void *));

#endif
