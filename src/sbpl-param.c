/* sbpl-param.c - the parameters of a Seatbelt profile (DESIGN.md section
 * 6, SBPL-NOTES.md section 3): every path of the policy is passed as
 * sandbox-exec -D P<n>=<path> and named (param "P<n>") in the text, so no
 * path is ever quoted into it. Checks a path before it becomes one. */
#include <string.h>

#include "path.h"
#include "sbpl-int.h"
#include "sbpl-param.h"
#include "util.h"

/* Refuse what Seatbelt would silently never match or refuse to compile:
 * a path longer than FSJ_PATH_MAX, relative, or not normalised (empty,
 * "." or ".." components, a trailing slash; Seatbelt compares the
 * kernel's resolved path, so such a deny would never apply). */
int sbpl_check_path(const char *p, struct fsj_error *err)
{
	size_t len = strlen(p);

	if (len > FSJ_PATH_MAX)
		return fsj_error_set(err, NULL, 0, 0,
				     "path '%.64s...' is longer than %d bytes: it cannot be a "
				     "profile parameter",
				     p, FSJ_PATH_MAX);
	if (p[0] != '/')
		return fsj_error_set(err, NULL, 0, 0, "path '%s' is not absolute", p);
	if (len == 1)
		return 0;
	for (const char *c = p + 1;;) {
		const char *e = strchr(c, '/');
		size_t n = e ? (size_t)(e - c) : strlen(c);
		if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
			return fsj_error_set(err, NULL, 0, 0, "path '%s' is not normalised", p);
		if (!e)
			break;
		c = e + 1;
	}
	return 0;
}

long sbpl_param_for(struct compiler *c, const char *path)
{
	cleanup_free char *name = NULL;

	for (size_t i = 0; i < c->n_params; i++)
		if (c->names[i][0] == 'P' && strcmp(c->values[i], path) == 0)
			return (long)i;
	if (sbpl_check_path(path, c->err) < 0)
		return -1;
	name = xasprintf("P%zu", c->next_p++);
	sbpl_add_param(c, name, path);
	return (long)c->n_params - 1;
}

void sbpl_add_param(struct compiler *c, const char *name, const char *value)
{
	if (c->n_params == c->cap_params) {
		c->cap_params = c->cap_params ? 2 * c->cap_params : 16;
		c->names = xreallocarray(c->names, c->cap_params, sizeof(*c->names));
		c->values = xreallocarray(c->values, c->cap_params, sizeof(*c->values));
	}
	c->names[c->n_params] = xstrdup(name);
	c->values[c->n_params] = xstrdup(value);
	c->n_params++;
}
