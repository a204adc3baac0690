/* refusal-hint.c - the "to allow it" line under the refusal summary
 * (refusal-hint.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "path.h"
#include "refusal-hint.h"
#include "refusal.h"
#include "util.h"

/* Never offered: "/", home, or a folder above home. */
static bool too_wide(const char *p, const char *home)
{
	return strcmp(p, "/") == 0 || (home && path_covers(p, home));
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

/* "--grant CAPS:PATH ..." and "allow add CAPS PATH [folder]", quoted. */
static void print_line(FILE *out, unsigned caps, const char *path, bool folder)
{
	cleanup_free char *shown = refusal_printable(path), *grant = NULL;
	struct strbuf names = STRBUF_INIT, gw = STRBUF_INIT, pw = STRBUF_INIT;

	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (caps & FSJ_CAPBIT(c))
			sb_addf(&names, "%s%s", names.len ? "," : "", fsj_cap_name((enum fsj_cap)c));
	grant = xasprintf("%s:%s", names.buf, shown);
	fsj_quote_shell_sb(&gw, grant);
	fsj_quote_shell_sb(&pw, shown);
	fprintf(out, "  to allow %s: fsjail run --grant %s ... (this run only), or "
		     "fsjail allow add %s %s%s (kept); fsjail explain %s says why\n",
		folder ? "them" : "it", gw.buf, names.buf, pw.buf, folder ? " folder" : "", pw.buf);
	sb_release(&names);
	sb_release(&gw);
	sb_release(&pw);
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

void refusal_hint_print(FILE *out, const struct refusal_hint_item *items, size_t n,
			const char *home)
{
	const struct refusal_hint_item *first = NULL;
	cleanup_free char *folder = NULL;
	unsigned caps = 0;
	bool one_path = true;

	for (size_t i = 0; i < n; i++) {
		if (too_wide(items[i].path, home))
			continue;
		caps |= FSJ_CAPBIT(items[i].cap);
		if (!first) {
			first = &items[i];
			folder = xstrdup(first->path);
			continue;
		}
		one_path = one_path && strcmp(items[i].path, first->path) == 0;
		char *c = common_folder(folder, items[i].path);

		free(folder);
		folder = c;
	}
	if (!first)
		return;
	if (one_path)
		print_line(out, caps, first->path, false);
	else if (folder_ok(folder, home))
		print_line(out, caps, folder, true);
	else
		print_line(out, FSJ_CAPBIT(first->cap), first->path, false);
}
