/* scope.h — the scope stack's private interface. The records live with the thread (scope.c),
   never on the recorded object, so threads may share what their scopes record. */
#ifndef STRATA_SCOPE_H
#define STRATA_SCOPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool st__scope_active(void);
/* Frees this thread's scope arrays (kept between scopes in cache builds): at thread exit, or
   before the allocator changes. Only with no scope open. */
void st__scope_drain(void);
int st__scope_depth(void); /* open scopes on this thread (failed pushes not counted) */
/* Records one reference to obj in the innermost scope (none open: nothing). drop releases one
   reference without consulting scopes. Returns 0 or ST_ERR_OOM (nothing recorded). */
int st__scope_record(void *obj, void (*drop)(void *));
/* Makes room to record n more references without allocating (0, or ST_ERR_OOM). */
int st__scope_reserve(size_t n);
/* Removes this thread's newest entry for obj, if any; true when one was removed. */
bool st__scope_forget(void *obj);
/* Removes obj's newest entry only when it is in the innermost scope; true when one was. */
bool st__scope_forget_top(void *obj);
/* st_keep: moves obj's entry from the innermost scope to the enclosing one (none: forgets it).
   Never allocates. */
void st__scope_keep(void *obj, void (*drop)(void *));
/* A mark of the entries recorded so far, and taking back what was recorded after it in the
   innermost scope: st__scope_take removes the newest such entry without dropping it and returns
   its object (the caller now owns that reference), NULL when none is left. The transforms use
   them to find what a function kept with st_keep (its entries land in the enclosing scope). */
size_t st__scope_mark(void);
void *st__scope_take(size_t mark);

#endif
