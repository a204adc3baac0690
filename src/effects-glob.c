/* effects-glob.c - the names a run-time operand may take, matched with
 * the policy's refusing rules beneath its folder (effects-glob.h).
 * bash(1) "Pathname Expansion": each component of a glob is matched
 * against the names of one folder, and a leading '.' only by a '.'
 * (dotglob off). Anything fnmatch(3) cannot read as bash would (braces,
 * extended globs, '.' or '..' components, a line that runs shopt or sets
 * GLOBIGNORE) is taken as "any name from here on": a wider match, never
 * a narrower one. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "effects-find.h"
#include "effects-glob.h"
#include "effects-int.h"
#include "path.h"

bool effects_glob_opts(const char *s, size_t n)
{
	return memmem(s, n, "shopt", 5) || memmem(s, n, "GLOBIGNORE", 10);
}

char *effects_glob_pattern(const char *anchor, const struct word *w, bool opts, bool *any)
{
	size_t n = w->prefix_len, end;

	*any = false;
	if (!anchor || w->anywhere || (!w->glob && !w->dynamic))
		return NULL;
	while (n > 0 && w->lit[n - 1] != '/')
		n--;
	end = w->len;
	if (w->dynamic || memchr(w->lit + n, '{', w->len - n) ||
	    memchr(w->lit + n, '(', w->len - n) || opts) {
		*any = true;
		end = w->prefix_len;
	}
	if (w->dynamic && end == 0)
		return NULL; /* `rm $f`: nothing literal to go by */
	return xstrndup(w->lit + n, end - n);
}

/* The next component of *p (skipping slashes) into [*s, *s + *len);
 * false at the end. */
static bool next_comp(const char **p, const char **s, size_t *len)
{
	while (**p == '/')
		(*p)++;
	if (!**p)
		return false;
	*s = *p;
	while (**p && **p != '/')
		(*p)++;
	*len = (size_t)(*p - *s);
	return true;
}

/* Whether the pattern pat (components relative to the same folder as rel)
 * may name rel, a path beneath it, or, when above, a folder above it. */
static bool may_name(const char *pat, bool any, const char *rel, bool above)
{
	const char *ps, *rs;
	size_t pl, rl;

	for (;;) {
		bool have_p = next_comp(&pat, &ps, &pl), have_r = next_comp(&rel, &rs, &rl);
		char *pc, *rc;
		bool last, ok;

		if (!have_p)
			return any || !have_r || above;
		if (!have_r)
			return true; /* a name beneath rel */
		if ((pl == 1 && ps[0] == '.') || (pl == 2 && ps[0] == '.' && ps[1] == '.'))
			return true; /* climbs: any name */
		last = !*pat || !pat[strspn(pat, "/")];
		pc = xstrndup(ps, pl);
		rc = xstrndup(rs, rl);
		if (any && last)
			ok = strncmp(rc, pc, pl) == 0; /* a literal start, then anything */
		else
			ok = fnmatch(pc, rc, FNM_NOESCAPE | FNM_PERIOD) == 0;
		free(pc);
		free(rc);
		if (!ok)
			return false;
		if (any && last)
			return true;
	}
}

/* rp relative to anchor when strictly beneath it, else NULL. */
static const char *beneath(const char *anchor, const char *rp)
{
	size_t n = strlen(anchor);

	if (!rp || !path_covers(anchor, rp) || strcmp(anchor, rp) == 0)
		return NULL;
	return strcmp(anchor, "/") == 0 ? rp + 1 : rp + n + 1;
}

/* The number of components of the glob pat, or 0 when one is '.' or
 * '..' (it may climb: no name it must match is known). */
static size_t glob_comps(const char *pat)
{
	const char *s;
	size_t len, n = 0;

	while (next_comp(&pat, &s, &len)) {
		if ((len == 1 && s[0] == '.') || (len == 2 && s[0] == '.' && s[1] == '.'))
			return 0;
		n++;
	}
	return n;
}

/* Whether the glob of e cannot reach rel (beneath e->path): the name it
 * would have to match, rel's first k components (all of rel when
 * shorter), is absent(). */
static bool glob_misses(const struct fsj_effect *e, size_t k, const char *rel,
			effects_glob_absent_fn absent, void *data)
{
	const char *p = rel, *s, *end = rel;
	size_t len;
	char *pre, *name;
	bool r;

	for (size_t i = 0; i < k && next_comp(&p, &s, &len); i++)
		end = s + len;
	pre = xstrndup(rel, (size_t)(end - rel));
	name = path_join(e->path, pre);
	r = absent(name, data);
	free(name);
	free(pre);
	return r;
}

const struct fsj_rule *effects_glob_reaches(const struct fsj_policy *pol,
					    const struct fsj_effect *e, enum fsj_cap cap,
					    effects_glob_absent_fn absent, void *data)
{
	bool above = cap == FSJ_CAP_DELETE || e->recursive;
	size_t k;

	if (e->status != FSJ_EFFECT_UNRESOLVED || !e->pattern || !e->path)
		return NULL;
	if (e->pattern_deep)
		return effects_find_reaches(pol, e, cap); /* find -name: any depth */
	k = e->pattern_any || !absent ? 0 : glob_comps(e->pattern);
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		enum fsj_level l = fsj_source_level(r->source);
		const char *rel;
		size_t kr;

		if (!(r->deny & FSJ_CAPBIT(cap)) ||
		    (l != FSJ_LEVEL_PROTECTED && l != FSJ_LEVEL_EXPLICIT))
			continue;
		/* only a path no one may make stays absent through the run */
		kr = r->deny & FSJ_CAPBIT(FSJ_CAP_CREATE) ? k : 0;
		rel = beneath(e->path, r->path);
		if (rel && may_name(e->pattern, e->pattern_any, rel, above) &&
		    !(kr && glob_misses(e, kr, rel, absent, data)))
			return r;
		rel = beneath(e->path, r->resolved);
		if (rel && may_name(e->pattern, e->pattern_any, rel, above) &&
		    !(kr && glob_misses(e, kr, rel, absent, data)))
			return r;
	}
	return NULL;
}

/* Whether the last component of lit[0..n) (trailing slashes aside) is
 * "." or "..": a copy of it into a folder lands in the folder itself. */
bool effects_glob_dot_tail(const char *lit, size_t n)
{
	size_t e, b;

	while (n > 1 && lit[n - 1] == '/')
		n--;
	e = n;
	b = e;
	while (b > 0 && lit[b - 1] != '/')
		b--;
	return (e - b == 1 && lit[b] == '.') || (e - b == 2 && lit[b] == '.' && lit[b + 1] == '.');
}
