/* refusal-hint.c - the "to allow it" line under the refusal summary
 * (refusal-hint.h): the refusals grouped
 * by the folders a grant may reach, each line checked by
 * refusal-hint-guard.c. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"
#include "path.h"
#include "refusal-hint-guard.h"
#include "refusal-hint.h"
#include "refusal.h"
#include "util.h"

/* Never offered: "/", home, or a folder above home, spelled as $HOME or
 * with its symlinks resolved (a refused path is the kernel's spelling:
 * with /home/u a link to /data/u, 'ls ~' was offered read:/data/u). */
static bool too_wide(const char *p, const char *home)
{
	cleanup_free char *real = home && home[0] == '/' ? path_resolve(home) : NULL;

	return strcmp(p, "/") == 0 || (home && path_covers(p, home)) ||
	       (real && path_covers(p, real));
}

/* The deepest folder covering both a and b (whole components), as a new
 * string; "/" when they share nothing. Caller frees. */
static char *common_folder(const char *a, const char *b)
{
	size_t end = 0;

	for (size_t i = 0;; i++) {
		bool a_end = a[i] == '\0' || a[i] == '/', b_end = b[i] == '\0' || b[i] == '/';

		if (a_end && b_end)
			end = i;
		if (a[i] != b[i] || a[i] == '\0')
			break;
	}
	return end == 0 ? xstrdup("/") : xstrndup(a, end);
}

/* The folder is narrow enough to offer as one grant for several paths. */
static bool folder_ok(const char *f, const char *home)
{
	if (too_wide(f, home))
		return false;
	return (home && path_covers(home, f)) || path_depth(f) >= 2;
}

/* One grant of a line: --grant CAPS:PATH, allow add CAPS PATH [folder]. */
struct grant {
	char *path;
	unsigned caps;
	bool folder;
};

/* Refusals that one grant lifts: a folder (several paths) or one path. */
struct group {
	char *folder;      /* the folder shared, or the one path */
	const char *first; /* the first path (borrowed) */
	unsigned refused;  /* FSJ_CAPBIT() of the capabilities refused */
	bool one_path;
};

/* A printed line: the grants of one folder, or of files in one parent. */
struct line {
	struct grant *g;
	size_t n;
	char *parent; /* files' parent folder; NULL for a folder's line */
};

const char *refusal_hint_why_not(bool by_policy, enum fsj_level level, const char *rule_id,
				 bool no_hint)
{
	if (!by_policy)
		return "not decided by a rule (reason says why): no grant lifts it";
	if (no_hint)
		return "no grant lifts it (reason says why)";
	if (level == FSJ_LEVEL_PROTECTED)
		return "protected: no rule lifts it";
	if (rule_id && strcmp(rule_id, "read-only-mode") == 0)
		return "read-only mode: no rule lifts it";
	if (level == FSJ_LEVEL_EXPLICIT)
		return "your own deny rule refused it: change the rule by hand if you mean it";
	return NULL;
}

unsigned refusal_hint_caps(const struct fsj_policy *pol, const char *path, unsigned refused,
			   bool folder)
{
	const unsigned rd = FSJ_CAPBIT(FSJ_CAP_READ);

	/* Landlock asks READ_FILE of an exec too (the kernel opens the file
	 * for reading), and an interpreter reads its script */
	if ((refused & FSJ_CAPBIT(FSJ_CAP_EXECUTE)) && pol && path &&
	    !(policy_allowed_mask(pol, path, NULL) & rd))
		refused |= rd;
	if (!(refused & FSJ_CAPBIT(FSJ_CAP_CREATE)))
		return refused;
	refused |= FSJ_CAPBIT(FSJ_CAP_WRITE);
	if (folder && pol && path && !(policy_allowed_mask(pol, path, NULL) & rd))
		refused |= rd;
	return refused | (folder ? FSJ_CAPBIT(FSJ_CAP_DELETE) : 0);
}

static char *caps_names(unsigned caps)
{
	struct strbuf names = STRBUF_INIT;

	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (caps & FSJ_CAPBIT(c))
			sb_addf(&names, "%s%s", names.len ? "," : "", fsj_cap_name((enum fsj_cap)c));
	return sb_detach(&names);
}

/* "to allow it: [mkdir -p PATH, then] fsjail run --grant CAPS:PATH ...
 * (this run only), or fsjail allow add CAPS PATH [folder] (kept); ...",
 * every path quoted. A folder offered that does not exist is made first:
 * Landlock grants only what exists when the run starts (fsjail(1)). */
static void print_line(FILE *out, const struct line *l)
{
	struct strbuf run = STRBUF_INIT, keep = STRBUF_INIT, ex = STRBUF_INIT, mk = STRBUF_INIT;
	struct stat st;

	for (size_t i = 0; i < l->n; i++) {
		cleanup_free char *shown = refusal_printable(l->g[i].path);
		cleanup_free char *names = caps_names(l->g[i].caps);
		cleanup_free char *grant = xasprintf("%s:%s", names, shown);

		sb_adds(&run, " --grant ");
		fsj_quote_shell_sb(&run, grant);
		sb_addf(&keep, "%sfsjail allow add %s ", i ? " && " : "", names);
		fsj_quote_shell_sb(&keep, shown);
		sb_adds(&keep, l->g[i].folder ? " folder" : "");
		if (i == 0)
			fsj_quote_shell_sb(&ex, shown);
		if (l->g[i].folder && lstat(l->g[i].path, &st) < 0 && errno == ENOENT) {
			sb_adds(&mk, mk.len ? " " : "mkdir -p ");
			fsj_quote_shell_sb(&mk, shown);
		}
	}
	fprintf(out, "  to allow %s: %s%sfsjail run%s ... (this run only), or %s (kept); "
		     "fsjail explain %s says why\n",
		l->n == 1 && !l->g[0].folder ? "it" : "them", mk.len ? mk.buf : "",
		mk.len ? " (it does not exist yet), then " : "", run.buf, keep.buf, ex.buf);
	sb_release(&run);
	sb_release(&keep);
	sb_release(&ex);
	sb_release(&mk);
}

static void no_grant(FILE *out, enum fsj_cap cap, const char *path, const char *why)
{
	cleanup_free char *p = refusal_printable(path), *w = refusal_printable(why);

	fprintf(out, "  no grant offered for %s %s: %s\n", fsj_cap_name(cap), p, w);
}

static void line_add(struct line *l, const char *path, unsigned caps, bool folder)
{
	l->g = xreallocarray(l->g, l->n + 1, sizeof(*l->g));
	l->g[l->n++] = (struct grant){ xstrdup(path), caps, folder };
}

/* Add it (its own hint a folder rule when folder) to a group whose
 * folder stays narrow and unguarded with it, or start one. */
static void group_add(struct group *gs, size_t *ng, const struct refusal_hint_item *it,
		      bool folder, const char *home, const struct fsj_policy *pol)
{
	unsigned bit = FSJ_CAPBIT(it->cap);

	for (size_t g = 0; g < *ng; g++) {
		char *c, *why;

		if (gs[g].one_path && !folder && strcmp(gs[g].first, it->path) == 0) {
			gs[g].refused |= bit;
			return;
		}
		c = common_folder(gs[g].folder, it->path);
		why = folder_ok(c, home) ? refusal_hint_guard(pol, c, refusal_hint_caps(
						      pol, c, gs[g].refused | bit, true), true, NULL)
					 : xstrdup("too wide");
		if (!why) {
			free(gs[g].folder);
			gs[g].folder = c;
			gs[g].refused |= bit;
			gs[g].one_path = false;
			return;
		}
		free(why);
		free(c);
	}
	gs[(*ng)++] = (struct group){ xstrdup(it->path), it->path, bit, !folder };
}

/* The lines for the groups: a folder's alone; single paths by parent,
 * with the journals of the files made (refusal_hint_print()). */
static size_t make_lines(struct line *ls, const struct group *gs, size_t ng,
			 const struct fsj_policy *pol)
{
	size_t nl = 0;

	for (size_t g = 0; g < ng; g++) {
		cleanup_free char *parent = gs[g].one_path ? path_dirname(gs[g].folder) : NULL;
		size_t l = 0;

		while (parent && l < nl && !(ls[l].parent && strcmp(ls[l].parent, parent) == 0))
			l++;
		if (!parent || l == nl) /* a folder's line, or a new parent's */
			ls[l = nl++] = (struct line){ NULL, 0, steal_pointer(&parent) };
		line_add(&ls[l], gs[g].folder,
			 refusal_hint_caps(pol, gs[g].folder, gs[g].refused, !gs[g].one_path),
			 !gs[g].one_path);
	}
	for (size_t l = 0; l < nl; l++) {
		size_t made = 0, n = ls[l].n;

		for (size_t i = 0; ls[l].parent && i < n; i++)
			made += (ls[l].g[i].caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) != 0;
		for (size_t i = 0; made >= 2 && i < n; i++) {
			const unsigned j = refusal_hint_caps(pol, ls[l].g[i].path,
							     FSJ_CAPS_MODIFY, false);
			cleanup_free char *jn = xasprintf("%s-journal", ls[l].g[i].path);
			char *why = (ls[l].g[i].caps & FSJ_CAPBIT(FSJ_CAP_CREATE))
					    ? refusal_hint_guard(pol, jn, j, false, NULL)
					    : xstrdup("not made");

			if (!why)
				line_add(&ls[l], jn, j, false);
			free(why);
		}
	}
	return nl;
}

void refusal_hint_print(FILE *out, const struct refusal_hint_item *items, size_t n,
			const char *home, const struct fsj_policy *pol)
{
	struct group *gs = xcalloc(n ? n : 1, sizeof(*gs));
	struct line *ls = xcalloc(n ? n : 1, sizeof(*ls));
	size_t ng = 0, nl;

	for (size_t i = 0; i < n; i++) {
		struct refusal_hint h;

		if (!items[i].path || (!items[i].why_not && too_wide(items[i].path, home)))
			continue;
		refusal_hint_one(pol, home, &items[i], &h);
		if (!h.path)
			no_grant(out, items[i].cap, items[i].path, h.why);
		else
			group_add(gs, &ng, &items[i], h.folder, home, pol);
		refusal_hint_release(&h);
	}
	nl = make_lines(ls, gs, ng, pol);
	for (size_t l = 0; l < nl; l++) {
		print_line(out, &ls[l]);
		for (size_t i = 0; i < ls[l].n; i++)
			free(ls[l].g[i].path);
		free(ls[l].g);
		free(ls[l].parent);
	}
	for (size_t g = 0; g < ng; g++)
		free(gs[g].folder);
	free(gs);
	free(ls);
}

void refusal_hint_one(const struct fsj_policy *pol, const char *home,
		      const struct refusal_hint_item *it, struct refusal_hint *out)
{
	memset(out, 0, sizeof(*out));
	if (it->why_not || !it->path || too_wide(it->path, home)) {
		out->why = xstrdup(it->why_not ? it->why_not
			   : !it->path	      ? "no path was resolved"
					      : "it would open the home folder, or all of /: "
						"grant a narrower path by hand");
		return;
	}
	for (int f = it->dir ? 1 : 0; f >= 0; f--) {
		unsigned caps = refusal_hint_caps(pol, it->path, FSJ_CAPBIT(it->cap), f);

		free(out->why);
		out->why = refusal_hint_guard(pol, it->path, caps, f, &out->secret);
		if (!out->why) {
			out->caps = caps;
			out->path = xstrdup(it->path);
			out->folder = f;
			return;
		}
	}
}

void refusal_hint_release(struct refusal_hint *h)
{
	free(h->path);
	free(h->why);
	memset(h, 0, sizeof(*h));
}

void refusal_hint_json(cJSON *o, const struct fsj_policy *pol, const char *home,
		       const struct refusal_hint_item *it)
{
	struct refusal_hint h;

	refusal_hint_one(pol, home, it, &h);
	if (h.path) {
		cJSON *j = cJSON_AddObjectToObject(o, "hint"), *a;
		cleanup_free char *names = caps_names(h.caps);
		cleanup_free char *grant = xasprintf("%s:%s", names, h.path);

		cJSON_AddStringToObject(j, "grant", grant);
		a = cJSON_AddArrayToObject(j, "capabilities");
		for (int c = 0; c < FSJ_CAP_COUNT; c++)
			if (h.caps & FSJ_CAPBIT(c))
				cJSON_AddItemToArray(a, cJSON_CreateString(fsj_cap_name((enum fsj_cap)c)));
		cJSON_AddStringToObject(j, "path", h.path);
		cJSON_AddBoolToObject(j, "folder", h.folder);
		cJSON_AddNullToObject(o, "hint_reason");
	} else {
		cJSON_AddNullToObject(o, "hint");
		cJSON_AddStringToObject(o, "hint_reason", h.why ? h.why : "none");
	}
	refusal_hint_release(&h);
}

char *refusal_hint_protected_lock(const struct fsj_policy *pol, const char *path)
{
	size_t n = path ? strlen(path) : 0;
	struct fsj_decision d;
	char *name;

	if (!pol || n <= 6 || strcmp(path + n - 5, ".lock") != 0 || path[n - 6] == '/')
		return NULL;
	name = xstrndup(path, n - 5);
	policy_decide(pol, name, NULL, FSJ_CAP_WRITE, &d);
	if (!d.allowed && d.level == FSJ_LEVEL_PROTECTED)
		return name;
	free(name);
	return NULL;
}
