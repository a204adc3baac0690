/* session.c - session-level rules (session.h). */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>

#include "path.h"
#include "session.h"

int fsj_caps_parse_list(const char *s, const char **bad)
{
	unsigned mask = 0;
	const char *p = s;

	*bad = NULL;
	if (strcmp(s, "all") == 0)
		return (int)FSJ_CAPS_FILE;
	while (*p) {
		size_t n = strcspn(p, ", ");
		char word[16];
		int c = -1;

		if (n > 0 && n < sizeof(word)) {
			memcpy(word, p, n);
			word[n] = '\0';
			c = fsj_cap_parse(word);
		}
		if (n > 0 && c < 0) {
			*bad = p;
			return -1;
		}
		if (n > 0)
			mask |= FSJ_CAPBIT(c);
		p += n;
		p += strspn(p, ", ");
	}
	return mask ? (int)mask : -1;
}

void session_rule_add(struct fsj_ruleset *rs, const char *path, bool recursive,
		      unsigned allow, unsigned deny, const char *origin)
{
	struct fsj_rule *r;

	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? rs->cap * 2 : 8;
		rs->rules = xreallocarray(rs->rules, rs->cap, sizeof(*rs->rules));
	}
	r = &rs->rules[rs->n++];
	memset(r, 0, sizeof(*r));
	r->path = xstrdup(path);
	r->resolved = path_resolve(path);
	r->recursive = recursive;
	r->allow = allow;
	r->deny = deny;
	r->source = FSJ_SRC_SESSION;
	r->origin = origin ? xstrdup(origin) : NULL;
}

/* The capability list before the first colon of spec, as a mask; -1 when
 * there is no colon or the list is not one. */
static int spec_caps(const char *spec, const char **path, const char **bad)
{
	const char *colon = strchr(spec, ':');
	cleanup_free char *caps = NULL;

	*bad = NULL;
	if (!colon || colon == spec)
		return -1;
	*path = colon + 1;
	caps = xstrndup(spec, (size_t)(colon - spec));
	return fsj_caps_parse_list(caps, bad);
}

bool session_rule_like(const char *spec)
{
	const char *path = NULL, *bad;

	return spec_caps(spec, &path, &bad) > 0 && *path;
}

int session_rule_parse(struct fsj_ctx *ctx, const char *spec, bool deny, struct fsj_error *err)
{
	const char *opt = deny ? "--deny" : "--grant", *path_arg = NULL, *bad = NULL;
	cleanup_free char *path = NULL, *origin = NULL;
	struct stat st;
	int caps, e;

	caps = spec_caps(spec, &path_arg, &bad);
	if (caps < 0)
		return fsj_error_set(err, NULL, 0, 0, "%s '%s': expected CAPS:PATH with CAPS "
				     "a list of read, write, create, delete, execute, connect "
				     "(or all)", opt, spec);
	if (!*path_arg)
		return fsj_error_set(err, NULL, 0, 0, "%s '%s': no path after the colon", opt,
				     spec);
	e = path_normalize(path_arg, strlen(path_arg), ctx->env.home, ctx->env.cwd, &path);
	if (e != PATH_OK)
		return fsj_error_set(err, NULL, 0, 0, "%s '%s': %s", opt, spec, path_strerror(e));
	origin = xasprintf("%s %s", opt, spec);
	/* Issue 12 item 6: a PATH absent at start may become a folder during
	 * the run; the rule then covers what is made in it (recursive), as
	 * explain says. An existing file keeps the narrowest rule. */
	e = stat(path, &st) == 0 ? S_ISDIR(st.st_mode) : errno == ENOENT;
	session_rule_add(&ctx->session, path, e != 0,
			 deny ? 0 : (unsigned)caps, deny ? (unsigned)caps : 0, origin);
	return 0;
}
