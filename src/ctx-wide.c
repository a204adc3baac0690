/* ctx-wide.c - whether a workspace is too wide to be one (ctx-wide.h;
 * moved out of ctx.c by responsibility). */
#include <string.h>

#include "ctx-wide.h"
#include "path.h"

/* Why the workspace norm (resolved: its resolved spelling) is too wide:
 * a static phrase naming what would be open (msg29: "/" is the whole file
 * system, not the home), or NULL. home, home_resolved: $HOME, both. */
const char *ctx_ws_wide(const char *norm, const char *resolved, const char *home,
			const char *home_resolved)
{
	static const char *const roots[] = { "/home", "/Users", "/var/home" };

	if (strcmp(resolved, "/") == 0 || strcmp(norm, "/") == 0)
		return "it is the root directory: the whole file system";
	if (strcmp(norm, home) == 0 || strcmp(resolved, home_resolved) == 0)
		return "it is the home directory: the whole home";
	if (path_covers(norm, home) || path_covers(resolved, home_resolved))
		return "it holds the home directory: the whole home";
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		if (path_covers(norm, roots[i]) || path_covers(resolved, roots[i]))
			return "it holds the users' home directories: every home";
	return NULL;
}
