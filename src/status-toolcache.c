/* status-toolcache.c - the tool caches in `fsjail status`: what a run
 * gets at each (status-toolcache.h; toolcache.h). */
#include "status-toolcache.h"

#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "toolcache.h"

#ifdef __linux__
void status_tool_caches(cJSON *root, const struct fsj_ctx *ctx, const struct ll_plan *plan)
{
	cJSON *a = cJSON_AddArrayToObject(root, "tool_caches");

	for (size_t i = 0; ctx->env.home && i < TOOLCACHE_N; i++) {
		cJSON *c = cJSON_CreateObject();
		cleanup_free char *p = path_join(ctx->env.home, toolcache_defs[i].rel);
		enum toolcache_how how = TOOLCACHE_NONE;

		for (size_t j = 0; plan && j < plan->n_private_caches; j++)
			if (strcmp(plan->private_caches[j], p) == 0)
				how = toolcache_probe(p, !(plan->private_cache_bare & (1u << j)));
		cJSON_AddStringToObject(c, "path", p);
		cJSON_AddStringToObject(c, "private", how == TOOLCACHE_NONE && toolcache_user_claimed(p)
							      ? "host"
							      : toolcache_how_name(how));
		if (how == TOOLCACHE_NONE)
			cJSON_AddStringToObject(
				c, "why", toolcache_why_refused(p, ctx->private_cache[i] != NULL));
		cJSON_AddItemToArray(a, c);
	}
}
#else
typedef int status_toolcache_not_this_system;
#endif
