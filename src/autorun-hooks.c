/* autorun-hooks.c - the scripts the workspace's hooks and MCP servers
 * name (autorun-hooks.h). Trust boundary: the files (read by
 * autorun-hookwalk.c) are the workspace's, which an earlier sandboxed
 * command may have written: each word they name is bounded, rules too
 * (RULES_MAX a file), no symlink followed out of the workspace. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "autorun-add.h"
#include "autorun-hooks.h"
#include "autorun-hookwalk.h"
#include "autorun-read.h"
#include "path.h"
#include "util.h"

/* rules one file may add: a hostile file cannot grow the policy more */
#define RULES_MAX 256

/* Files agents edit on purpose (instructions, not programs): a hook that
 * names one (cat "$CLAUDE_PROJECT_DIR/CLAUDE.md") does not protect it. */
static const char *const edited[] = { "AGENTS.md", "CLAUDE.md", "CLAUDE.local.md", "GEMINI.md" };

static bool edited_on_purpose(const char *path)
{
	const char *base = strrchr(path, '/');

	for (size_t i = 0; i < sizeof(edited) / sizeof(edited[0]); i++)
		if (strcmp(base ? base + 1 : path, edited[i]) == 0)
			return true;
	return false;
}

static void consider(struct ah_walk *w, const char *word, bool named, bool glob);

static void matched(void *arg, const char *path)
{
	consider(arg, path, false, false);
}

/* word (a path as the hook spells it, after expansion) as a file inside
 * the workspace, from the workspace and from the file's folder: a rule
 * when it is an existing regular file there, or, when named (by its
 * place or shape, autorun-words.h), when nothing is there yet, or what
 * is there cannot be looked at (fail closed). A glob (an unquoted * ? [): the
 * files that match it now, in its literal folder (autorun_glob()). */
static void consider(struct ah_walk *w, const char *word, bool named, bool glob)
{
	const char *bases[] = { w->ws, w->dir };
	size_t n_bases = word[0] == '/' || strcmp(w->dir, w->ws) == 0 ? 1 : 2;

	if (!word[0] || word[0] == '~')
		return;
	for (size_t b = 0; b < n_bases && w->n < RULES_MAX; b++) {
		cleanup_free char *norm = NULL, *res = NULL, *why = NULL;
		struct stat st;
		bool absent;

		if (path_normalize(word, strlen(word), NULL, bases[b], &norm) != PATH_OK ||
		    !path_covers(w->ws, norm) || strcmp(norm, w->ws) == 0)
			continue;
		if (glob) {
			autorun_glob(norm, matched, w);
			continue;
		}
		res = path_resolve(norm);
		absent = lstat(res, &st) < 0;
		if (!path_covers(w->ws_res, res) || (absent ? !named : !S_ISREG(st.st_mode)) ||
		    edited_on_purpose(norm) || edited_on_purpose(res))
			continue;
		/* raw: every printer of a rule's note escapes it (refusal_printable(),
		 * fsj_put_term()), and JSON carries it as it is */
		why = xasprintf("%s runs it: the entry \"%.64s\" of %s names it", w->tool,
				w->label[0] ? w->label : "(top level)", w->file);
		autorun_rule_add(w->user, w->ws, norm, false, why);
		w->n++;
	}
}

static void take(void *arg, const char *word, bool named, bool glob)
{
	consider(arg, word, named, glob);
}

void autorun_add_hook_rules(struct fsj_policy *pol, const char *workspace)
{
	struct ah_walk w = { .ws = workspace, .take = take, .user = pol };

	ah_walk_files(&w);
}
