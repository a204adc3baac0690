/* refusal-hint-wide.c - folders too wide for a refusal hint to offer
 * (refusal_hint_wide(), declared in refusal-hint-guard.h). */
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "refusal-hint-guard.h"
#include "util.h"

/* Folders whose direct children are system folders too (see the header). */
static const char *const system_parents[] = {
	"/usr", "/var", "/run", "/dev", "/proc", "/sys", "/private", "/usr/local", "/private/var",
};

/* The XDG folders of home every program shares (relative to home). */
static const char *const shared_in_home[] = { ".config", ".cache", ".local" };

/* Why folder, under home h (normalised; folder covered by it), is too
 * wide, or NULL. */
static const char *wide_in_home(const char *folder, const char *h, bool made)
{
	const char *rel = folder + strlen(h);
	cleanup_free char *local = path_join(h, ".local");

	while (*rel == '/')
		rel++;
	if (!*rel)
		return "it is the home folder";
	if (path_depth(folder) == path_depth(h) + 1) {
		if (rel[0] != '.' && !made)
			return "a top-level folder of home holds the user's own files";
		for (size_t i = 0; i < sizeof(shared_in_home) / sizeof(shared_in_home[0]); i++)
			if (strcmp(rel, shared_in_home[i]) == 0)
				return "every program keeps its files there";
	}
	if (path_depth(folder) == path_depth(h) + 2 && path_covers(local, folder))
		return "every program keeps its files there";
	return NULL;
}

const char *refusal_hint_wide(const struct fsj_policy *pol, const char *folder, const char *home,
			      bool made)
{
	cleanup_free char *real = home && home[0] == '/' ? path_resolve(home) : NULL;
	cleanup_free char *parent = NULL;
	const char *homes[2] = { home, real };

	if (!folder || path_depth(folder) <= 1)
		return "a folder at the top of /";
	for (int i = 0; i < 2; i++) {
		if (!homes[i] || homes[i][0] != '/')
			continue;
		if (path_covers(folder, homes[i]))
			return "it holds the home folder";
		if (path_covers(homes[i], folder))
			return wide_in_home(folder, homes[i], made);
	}
	parent = path_dirname(folder);
	for (size_t i = 0; i < sizeof(system_parents) / sizeof(system_parents[0]); i++)
		if (strcmp(parent, system_parents[i]) == 0)
			return "a system folder";
	for (size_t i = 0; pol && i < pol->n_user_data_roots; i++)
		if (strcmp(folder, pol->user_data_roots[i]) == 0 ||
		    strcmp(parent, pol->user_data_roots[i]) == 0)
			return "a user-data root or a user's home in one";
	return NULL;
}
