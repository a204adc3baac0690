/* explain-toolcache.c - `fsjail explain`'s notes on the tool caches
 * (toolcache.h; explain-toolcache.h). */
#include "explain-toolcache.h"

#include <stdlib.h>

#include "toolcache.h"
#include "util.h"

const char *explain_toolcache_private(const char *norm, const char *resolved, bool file)
{
	if (!(toolcache_covers(norm) || toolcache_covers(resolved)))
		return NULL;
	return file ? "a tool's file the run sees read-only (a read-only bind of the host's): a "
		      "write fails with EROFS, which the tool takes quietly, and never reaches "
		      "the host's"
		    : "private to the run: a tool cache the run gets its own copy of (an overlay "
		      "of the host's folder, or an empty tmpfs); what it writes here never "
		      "reaches the host's";
}

char *explain_toolcache_absent(const char *norm)
{
	const char *tool;
	cleanup_free char *mk = toolcache_absent_mkdir(norm, &tool);

	return mk ? xasprintf("%s's cache, absent on the host (fsjail never makes it there): "
			      "%s and each run gets its own copy", tool, mk) : NULL;
}
