/* status-toolcache.h - the tool caches in `fsjail status`
 * (status-toolcache.c). */
#ifndef FSJAIL_STATUS_TOOLCACHE_H
#define FSJAIL_STATUS_TOOLCACHE_H

#include <cjson/cJSON.h>

#include "config.h"
#include "landlock.h"

/* Add "tool_caches" to root: for each tool cache folder (toolcache.h)
 * what a run gets there: "overlay" or "tmpfs" ("read-only" for a file)
 * when the compiled plan (may be NULL) mounts the run's own copy and a
 * trial mount in a throw-away namespace works, else "refused" and why.
 * Linux only. */
void status_tool_caches(cJSON *root, const struct fsj_ctx *ctx, const struct ll_plan *plan);

#endif
