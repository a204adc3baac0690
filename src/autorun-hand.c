/* autorun-hand.c - what each kind of word of a hook's command makes
 * (autorun-hand.h): a path handed on, named or not, shell text parsed
 * again, code scanned, the script's folder noted, a task runner's files. */
#include <stdlib.h>
#include <string.h>

#include "autorun-evalcode.h"
#include "autorun-hand.h"
#include "autorun-interps.h"
#include "util.h"

/* A path by its shape: a '/' in it, no blank (a command line, a
 * sentence), not a URL. */
static bool path_shaped(const char *word, bool blanks_ok)
{
	return strchr(word, '/') && (blanks_ok || !strpbrk(word, " \t\n\r")) &&
	       !strstr(word, "://");
}

/* word from the folder a cd left the command in (script: from the
 * script's folder, uv --directory): a buffer the caller frees. */
static char *based(const struct aw_split *sp, const char *word, bool script)
{
	const char *d = script && sp->dir ? sp->dir : sp->cwd;

	if (word[0] == '/' || !d || !d[0])
		return xstrdup(word);
	return xasprintf("%s/%s", d, word);
}

/* shell text word, parsed as a command line of its own from sp's folder */
static void nested(struct aw_split *sp, const char *word)
{
	struct aw_split in = { .ws = sp->ws,
			       .take = sp->take,
			       .runner = sp->runner,
			       .arg = sp->arg,
			       .nest = sp->nest + 1,
			       .any = sp->any };

	if (sp->nest >= AW_NEST_MAX)
		return;
	in.base = sp->cwd ? xstrdup(sp->cwd) : NULL;
	aw_line(&in, word);
	aw_release(&in);
}

void aw_loaded(void *arg, const char *rel, bool glob)
{
	aw_hand(arg, rel, AW_KIND_SCRIPT, glob);
}

void aw_hand(struct aw_split *sp, const char *word, enum aw_kind kind, bool glob)
{
	cleanup_free char *path = NULL;
	bool named = false;

	switch (kind) {
	case AW_KIND_CODE:
		nested(sp, word);
		return;
	case AW_KIND_PYMOD:
		ac_pymod(word, aw_loaded, sp);
		return;
	case AW_KIND_PYCODE:
		ac_pycode(word, aw_loaded, sp);
		return;
	case AW_KIND_EVALCODE:
		ae_code(ai_interps[sp->st.interp > 0 ? sp->st.interp : 0].name, word, aw_loaded,
			sp);
		return;
	case AW_KIND_DIR:
		free(sp->dir);
		sp->dir = based(sp, word, false);
		return;
	case AW_KIND_SCRIPT:
		named = !strstr(word, "://");
		break;
	case AW_KIND_FOLDER:
		named = false;
		break;
	case AW_KIND_MODULE:
		named = !strstr(word, "://") && (strchr(word, '/') || word[0] == '.');
		break;
	case AW_KIND_PROGRAM:
	case AW_KIND_NONE:
	case AW_KIND_OTHER:
		named = path_shaped(word, kind == AW_KIND_PROGRAM);
		break;
	}
	/* a line that does not parse: any word may be a path */
	named = named ||
		(sp->any && word[0] != '-' && !strpbrk(word, " \t\n\r") && !strstr(word, "://"));
	path = based(sp, word, kind == AW_KIND_SCRIPT || kind == AW_KIND_MODULE);
	sp->take(sp->arg, path, named, glob);
	/* a word that holds a command line of its own (--cmd "node x.js") */
	if (strpbrk(word, " \t\n\r;&|()<>`"))
		nested(sp, word);
}

/* A task runner's file (name), from the folder its option names or the
 * current one. */
static void runfile(void *arg, const char *name)
{
	struct aw_split *sp = arg;
	cleanup_free char *path = based(sp, name, true);

	sp->runner(sp->arg, path);
}

void aw_runner(struct aw_split *sp)
{
	if (sp->runner && sp->st.interp >= 0)
		ai_runs(sp->st.interp, runfile, sp);
}
