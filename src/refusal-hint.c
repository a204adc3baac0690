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
#include "json-out.h"
#include "path.h"
#include "refusal-hint-advice.h"
#include "refusal-hint-git.h"
#include "refusal-hint-guard.h"
#include "refusal-hint-name.h"
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

/* One grant of a line: --grant CAPS:PATH, allow add CAPS PATH [folder]. */
struct grant {
	char *path;
	unsigned caps;
	bool folder;
};

/* Refusals that one grant lifts: a folder (several paths) or one path. */
struct group {
	char *folder;      /* the folder shared, or the one path */
	char *first;       /* the first path */
	unsigned refused;  /* FSJ_CAPBIT() of the capabilities refused */
	bool one_path;
	size_t nref;       /* refusals it lifts */
	struct strbuf notes; /* lines saying why a folder stands for a name */
};

/* A printed line: the grants of one folder, or of files in one parent. */
struct line {
	struct grant *g;
	size_t n;
	char *parent; /* files' parent folder; NULL for a folder's line */
	size_t nref;  /* refusals its grants lift */
	struct strbuf notes;
};

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
 * every path quoted (fsj_quote_shell_term_sb()). A folder offered that does not exist is made first:
 * Landlock grants only what exists when the run starts (fsjail(1)). */
static void print_line(FILE *out, const struct line *l)
{
	struct strbuf run = STRBUF_INIT, keep = STRBUF_INIT, ex = STRBUF_INIT, mk = STRBUF_INIT;
	struct stat st;
	bool text = true; /* a rules file holds UTF-8 text only */

	for (size_t i = 0; i < l->n; i++) {
		cleanup_free char *names = caps_names(l->g[i].caps);
		cleanup_free char *grant = xasprintf("%s:%s", names, l->g[i].path);

		sb_adds(&run, " --grant ");
		fsj_quote_shell_term_sb(&run, grant);
		sb_addf(&keep, "%sfsjail allow add %s ", i ? " && " : "", names);
		fsj_quote_shell_term_sb(&keep, l->g[i].path);
		sb_adds(&keep, l->g[i].folder ? " folder" : "");
		text = text && fsj_utf8_valid(l->g[i].path, strlen(l->g[i].path));
		if (i == 0)
			fsj_quote_shell_term_sb(&ex, l->g[i].path);
		if (l->g[i].folder && lstat(l->g[i].path, &st) < 0 && errno == ENOENT) {
			sb_adds(&mk, mk.len ? " " : "mkdir -p ");
			fsj_quote_shell_term_sb(&mk, l->g[i].path);
		}
	}
	fprintf(out, "  to allow %s: %s%sfsjail run%s ... (this run only), %s%s%s; "
		     "fsjail explain %s says why\n%s",
		l->nref == 1 ? "it" : "them", mk.len ? mk.buf : "",
		mk.len ? " (it does not exist yet), then " : "", run.buf, text ? "or " : "",
		text ? keep.buf : "not kept (a rules file holds UTF-8 text; a name here is not)",
		text ? " (kept)" : "", ex.buf, l->notes.len ? l->notes.buf : "");
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

/* The folder c that would lift group g and h together may be offered
 * (refusal_hint_wide(), refusal-hint-guard.h): when it widens the group
 * (a file becomes a folder, or a folder a wider one) nothing protected,
 * secret or denied by the user may lie at, under or over it, whatever
 * the capabilities (hint13: a grant never takes in more than the
 * refusals touched). */
static bool join_ok(const struct group *g, const char *c, unsigned refused, const char *home,
		    const struct fsj_policy *pol)
{
	bool widens = g->one_path || strcmp(c, g->folder) != 0;
	char *why;

	if (widens && refusal_hint_wide(pol, c, home, false))
		return false;
	why = refusal_hint_guard(pol, c, widens ? FSJ_CAPS_ALL :
					 refusal_hint_caps(pol, c, refused, true), true, NULL);
	free(why);
	return !why;
}

/* Add the hint h of one refusal to a group whose folder stays narrow and
 * unguarded with it, or start one. */
static void group_add(struct group *gs, size_t *ng, const struct refusal_hint *h,
		      const char *home, const struct fsj_policy *pol)
{
	for (size_t g = 0; g < *ng; g++) {
		char *c;

		if (gs[g].one_path && !h->folder && strcmp(gs[g].first, h->path) == 0) {
			gs[g].refused |= h->caps;
			gs[g].nref++;
			return;
		}
		c = common_folder(gs[g].folder, h->path);
		if (!too_wide(c, home) && join_ok(&gs[g], c, gs[g].refused | h->caps, home, pol)) {
			free(gs[g].folder);
			gs[g].folder = c;
			gs[g].refused |= h->caps;
			gs[g].one_path = false;
			gs[g].nref++;
			if (h->note)
				sb_addf(&gs[g].notes, "  (%s)\n", h->note);
			return;
		}
		free(c);
	}
	gs[*ng] = (struct group){ .folder = xstrdup(h->path), .first = xstrdup(h->path),
				  .refused = h->caps, .one_path = !h->folder, .nref = 1 };
	if (h->note)
		sb_addf(&gs[*ng].notes, "  (%s)\n", h->note);
	(*ng)++;
}

/* The lines for the groups: a folder's alone; single paths by parent, with
 * the journals of the files made, but in home (NULL: none) itself (user14). */
static size_t make_lines(struct line *ls, const struct group *gs, size_t ng,
			 const struct fsj_policy *pol, const char *home)
{
	size_t nl = 0;

	for (size_t g = 0; g < ng; g++) {
		cleanup_free char *parent = gs[g].one_path ? path_dirname(gs[g].folder) : NULL;
		size_t l = 0;

		while (parent && l < nl && !(ls[l].parent && strcmp(ls[l].parent, parent) == 0))
			l++;
		if (!parent || l == nl) { /* a folder's line, or a new parent's */
			l = nl++;
			ls[l].parent = steal_pointer(&parent);
		}
		line_add(&ls[l], gs[g].folder,
			 refusal_hint_caps(pol, gs[g].folder, gs[g].refused, !gs[g].one_path),
			 !gs[g].one_path);
		ls[l].nref += gs[g].nref;
		if (gs[g].notes.len)
			sb_adds(&ls[l].notes, gs[g].notes.buf);
	}
	for (size_t l = 0; l < nl; l++) {
		size_t made = 0, n = ls[l].n;

		char *guarded = ls[l].parent && !(home && strcmp(ls[l].parent, home) == 0) ?
			refusal_hint_guard(pol, ls[l].parent, FSJ_CAPS_ALL, true, NULL) : NULL;

		/* the journals of a tool's state files in a guarded folder
		 * (~/.cargo), not of files in a folder only too wide to offer
		 * (~/Documents: hint13) */
		for (size_t i = 0; guarded && i < n; i++)
			made += (ls[l].g[i].caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) != 0;
		free(guarded);
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
			group_add(gs, &ng, &h, home, pol);
		refusal_hint_release(&h);
	}
	nl = make_lines(ls, gs, ng, pol, home);
	for (size_t l = 0; l < nl; l++) {
		print_line(out, &ls[l]);
		for (size_t i = 0; i < ls[l].n; i++)
			free(ls[l].g[i].path);
		free(ls[l].g);
		free(ls[l].parent);
		sb_release(&ls[l].notes);
	}
	for (size_t g = 0; g < ng; g++) {
		free(gs[g].folder);
		free(gs[g].first);
		sb_release(&gs[g].notes);
	}
	free(gs);
	free(ls);
}

/* it names a file or folder made anew on every run (a mkdir of Go's
 * tmp.XXXXXXXXXX too; refusal-hint-name.h): offer
 * its folder when that may be (refusal_hint_wide(), the guard), saying
 * why, else say why nothing is offered. Returns false when the name
 * looks stable. */
static bool generated_one(const struct fsj_policy *pol, const char *home,
			  const struct refusal_hint_item *it, struct refusal_hint *out)
{
	cleanup_free char *parent = path_dirname(it->path);
	const char *base = strrchr(it->path, '/') + 1;
	const char *gen = refusal_hint_generated(base);
	/* the next run makes its name anew: a write there is a create */
	unsigned refused = FSJ_CAPBIT(it->cap) |
			   (it->cap == FSJ_CAP_WRITE ? FSJ_CAPBIT(FSJ_CAP_CREATE) : 0);
	cleanup_free char *shown = NULL;
	const char *wide;
	char *why;

	if (!gen)
		return false;
	/* a path guarded itself (a secret, a protected file) says so */
	why = refusal_hint_guard(pol, it->path, refusal_hint_caps(pol, it->path, refused, false),
				 false, NULL);
	if (why) {
		free(why);
		return false;
	}
	shown = refusal_printable(base);
	out->caps = refusal_hint_caps(pol, parent, refused, true);
	wide = too_wide(parent, home) ? "it holds the home folder"
				      : refusal_hint_wide(pol, parent, home, false);
	why = wide ? xstrdup(wide) : refusal_hint_guard(pol, parent, out->caps, true, &out->secret);
	if (!why) {
		out->path = xstrdup(parent);
		out->folder = true;
		out->note = xasprintf("%s is named anew on every run (%s): a grant on it would "
				      "not hold next time, so its folder is offered", shown, gen);
		return true;
	}
	out->caps = 0;
	out->why = xasprintf("%s is named anew on every run (%s), so a grant on it would not hold "
			     "next time, and its folder is not offered: %s", shown, gen, why);
	free(why);
	return true;
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
	out->why = refusal_hint_advice(it->path, home, it->comm);
	if (out->why)
		return;
	if (strrchr(it->path, '/') && generated_one(pol, home, it, out))
		return;
	if (refusal_hint_repo(pol, home, it, out)) /* git reads the whole repository */
		return;
	/* a folder being made is offered as a folder unless that is too
	 * wide (a kept rule on ~/Documents would hold what comes there later) */
	for (int f = it->dir && !refusal_hint_wide(pol, it->path, home, true) ? 1 : 0; f >= 0; f--) {
		unsigned caps = refusal_hint_caps(pol, it->path, FSJ_CAPBIT(it->cap), f);

		free(out->why);
		out->why = refusal_hint_guard(pol, it->path, caps, f, &out->secret);
		if (!out->why) {
			out->caps = caps;
			out->path = xstrdup(it->path);
			out->folder = f;
			out->note = refusal_hint_worktree_note(it, f);
			return;
		}
	}
}

void refusal_hint_release(struct refusal_hint *h)
{
	free(h->path);
	free(h->why);
	free(h->note);
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
		if (h.note)
			cJSON_AddStringToObject(j, "note", h.note);
		cJSON_AddNullToObject(o, "hint_reason");
	} else {
		cJSON_AddNullToObject(o, "hint");
		cJSON_AddStringToObject(o, "hint_reason", h.why ? h.why : "none");
	}
	refusal_hint_release(&h);
}
