/* effects-find.c - the names find(1) acts on beneath a start folder
 * (-delete, -exec CMD {}), matched with the policy's refusing rules
 * (effects-find.h). Before, -delete was decided at each start alone and
 * -exec was opaque code a guarded tier holds: `find vendor -name
 * '*.sample' -delete` and `find . -name config -exec chmod 600 {} \;`
 * were "allow" while the run refuses a nested repository's hooks and
 * config (chk38). */
#include <dirent.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "effects-find.h"
#include "effects-int.h"
#include "path.h"

/* Entries looked at beneath one rule's folder at most: a protected folder
 * (hooks/, info/) holds a dozen names; past the cap, any name may match. */
#define FIND_WALK_MAX 512
#define FIND_DEPTH_MAX 6

/* Whether the basename name matches one of the '\n'-separated find -name
 * patterns pats. */
static bool name_matches(const char *pats, const char *name)
{
	while (pats && *pats) {
		const char *e = strchr(pats, '\n');
		char *one = e ? xstrndup(pats, (size_t)(e - pats)) : xstrdup(pats);
		bool m = fnmatch(one, name, 0) == 0; /* find: a leading '.' matches '*' */

		free(one);
		if (m)
			return true;
		pats = e ? e + 1 : NULL;
	}
	return false;
}

/* Whether an entry beneath the folder dir matches pats; *budget counts
 * the entries left to look at (at 0: true, any may). */
static bool beneath_matches(const char *dir, const char *pats, int depth, int *budget)
{
	DIR *d;
	struct dirent *de;
	bool m = false;

	if (depth > FIND_DEPTH_MAX)
		return true;
	d = opendir(dir);
	if (!d)
		return false; /* not a folder, or gone: nothing beneath */
	while (!m && (de = readdir(d)) != NULL) {
		char *p;
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (--*budget <= 0) {
			m = true;
			break;
		}
		if (name_matches(pats, de->d_name)) {
			m = true;
			break;
		}
		p = path_join(dir, de->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			m = beneath_matches(p, pats, depth + 1, budget);
		free(p);
	}
	closedir(d);
	return m;
}

/* rp relative to start when at or beneath it: "" for start itself. */
static const char *at_or_beneath(const char *start, const char *rp)
{
	size_t n = strlen(start);

	if (!rp || !path_covers(start, rp))
		return NULL;
	if (strcmp(start, rp) == 0)
		return "";
	return strcmp(start, "/") == 0 ? rp + 1 : rp + n + 1;
}

const struct fsj_rule *effects_find_reaches(const struct fsj_policy *pol,
					    const struct fsj_effect *e, enum fsj_cap cap)
{
	if (e->status != FSJ_EFFECT_UNRESOLVED || !e->pattern || !e->path)
		return NULL;
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		enum fsj_level l = fsj_source_level(r->source);
		const char *base;
		int budget = FIND_WALK_MAX;

		if (!(r->deny & FSJ_CAPBIT(cap)) ||
		    (l != FSJ_LEVEL_PROTECTED && l != FSJ_LEVEL_EXPLICIT))
			continue;
		if (!at_or_beneath(e->path, r->path) && !at_or_beneath(e->path, r->resolved))
			continue;
		base = strrchr(r->path, '/');
		base = base ? base + 1 : r->path;
		if (e->pattern_any || name_matches(e->pattern, base))
			return r;
		if (r->recursive && beneath_matches(r->path, e->pattern, 0, &budget))
			return r;
	}
	return NULL;
}

char *effects_find_names(struct word *const *argv, size_t from, size_t to, bool *any)
{
	struct strbuf sb = STRBUF_INIT;

	*any = false;
	for (size_t i = from; i < to; i++) {
		const struct word *w = argv[i];

		if (!w_literal(w)) {
			*any = true; /* a run-time test or name */
			continue;
		}
		if (w_is(w, "-name") && i + 1 < to) {
			const struct word *v = argv[++i];

			if (v->dynamic) {
				*any = true;
				continue;
			}
			if (sb.len)
				sb_addc(&sb, '\n');
			sb_add(&sb, v->lit, v->len);
		} else if (w_is(w, "-o") || w_is(w, "-or") || w_is(w, "!") || w_is(w, "-not") ||
			   w_is(w, "-prune") || w_is(w, ",")) {
			*any = true; /* an alternative or a negation: not only -name's names */
		} else if (w_is(w, "-iname") || w_is(w, "-path") || w_is(w, "-ipath") ||
			   w_is(w, "-wholename") || w_is(w, "-iwholename") || w_is(w, "-regex") ||
			   w_is(w, "-iregex")) {
			*any = true; /* matched otherwise than one name: any name */
			i++;
		}
	}
	if (!sb.len) {
		sb_release(&sb);
		return xstrdup("*");
	}
	return sb_detach(&sb);
}

unsigned effects_find_exec_caps(const struct word *prog)
{
	static const char *const del[] = { "rm", "rmdir", "unlink", NULL };
	static const char *const rd[] = { "cat",     "grep",     "egrep",    "fgrep",   "head",
					  "tail",    "wc",       "less",     "more",    "file",
					  "stat",    "ls",       "md5sum",   "sha1sum", "sha256sum",
					  "diff",    "cmp",      "echo",     "printf",  "basename",
					  "dirname", "realpath", "readlink", "du",      "test",
					  "[",       NULL };
	const char *b;

	if (!prog || !w_literal(prog))
		return FSJ_CAPS_MODIFY | FSJ_CAPBIT(FSJ_CAP_READ);
	b = strrchr(prog->lit, '/');
	b = b ? b + 1 : prog->lit;
	for (size_t i = 0; del[i]; i++)
		if (!strcmp(b, del[i]))
			return FSJ_CAPBIT(FSJ_CAP_DELETE);
	for (size_t i = 0; rd[i]; i++)
		if (!strcmp(b, rd[i]))
			return FSJ_CAPBIT(FSJ_CAP_READ);
	/* chmod, sed -i, sh -c ...: anything a program may do to a file */
	return FSJ_CAPS_MODIFY | FSJ_CAPBIT(FSJ_CAP_READ);
}

void effects_find_emit(struct an *a, const struct cmd *c, const char *start, unsigned caps,
		       const char *pats, bool any, uint32_t from, uint32_t to)
{
	a->pat = pats;
	a->pat_any = any;
	a->pat_deep = true;
	for (int cap = 0; cap <= FSJ_CAP_EXECUTE; cap++)
		if (caps & FSJ_CAPBIT(cap))
			effects_emit_at(a, c, (enum mode)cap, NULL, start, from, to);
	a->pat = NULL;
	a->pat_any = false;
	a->pat_deep = false;
}
