/* explain-toolcache.h - `fsjail explain`'s notes on the tool caches
 * (explain-toolcache.c): a grant there lands on the run's own copy. */
#ifndef FSJAIL_EXPLAIN_TOOLCACHE_H
#define FSJAIL_EXPLAIN_TOOLCACHE_H

#include <stdbool.h>

/* The note for a path (norm as written, normalised; resolved) at or
 * under a tool cache of the run (toolcache_covers()): the run's own copy,
 * or, when file (the path is a regular file), a tool's file the run sees
 * read-only; NULL when neither covers it. Static. */
const char *explain_toolcache_private(const char *norm, const char *resolved, bool file);

/* A note for a path at, over or under a tool's cache folders that are
 * absent on the host (toolcache_absent_mkdir(): ~/.npm before npm's first
 * use), saying the mkdir -p that makes them each run's own copy; NULL
 * otherwise. Caller frees. */
char *explain_toolcache_absent(const char *norm);

#endif
