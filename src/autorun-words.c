/* autorun-words.c - which words of a hook's command line name a path the
 * command runs (autorun-words.h). The line is parsed by the analyser
 * (shcmds_walk(): tree-sitter-bash, words evaluated by shword.c); what is
 * decided here is each word's place. The input is the workspace's,
 * hostile: a word is bounded (AW_WORD_MAX), shell text inside shell text
 * is parsed AW_NEST_MAX deep at most. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "autorun-evalcode.h"
#include "autorun-interps.h"
#include "autorun-vars.h"
#include "autorun-words.h"
#include "shcmds-vars.h"
#include "shcmds.h"
#include "util.h"

/* A path by its shape: a '/' in it, no blank (a command line, a
 * sentence), not a URL. */
static bool path_shaped(const char *word, bool blanks_ok)
{
	return strchr(word, '/') && (blanks_ok || !strpbrk(word, " \t\n\r")) &&
	       !strstr(word, "://");
}

static void hand(struct aw_split *sp, const char *word, enum aw_kind kind, bool glob);

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
	struct aw_split in = { .ws = sp->ws, .take = sp->take, .arg = sp->arg,
			       .nest = sp->nest + 1, .any = sp->any };

	if (sp->nest >= AW_NEST_MAX)
		return;
	in.base = sp->cwd ? xstrdup(sp->cwd) : NULL;
	aw_line(&in, word);
	aw_release(&in);
}

/* A file code loads (autorun-code.h), from the current folder. */
static void loaded(void *arg, const char *rel, bool glob)
{
	hand(arg, rel, AW_KIND_SCRIPT, glob);
}

/* Hand word, of kind, to sp->take (or parse it, or note the folder). */
static void hand(struct aw_split *sp, const char *word, enum aw_kind kind, bool glob)
{
	cleanup_free char *path = NULL;
	bool named = false;

	switch (kind) {
	case AW_KIND_CODE:
		nested(sp, word);
		return;
	case AW_KIND_PYMOD:
		ac_pymod(word, loaded, sp);
		return;
	case AW_KIND_PYCODE:
		ac_pycode(word, loaded, sp);
		return;
	case AW_KIND_EVALCODE:
		ae_code(ai_interps[sp->st.interp > 0 ? sp->st.interp : 0].name, word, loaded, sp);
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
	named = named || (sp->any && word[0] != '-' && !strpbrk(word, " \t\n\r") &&
			  !strstr(word, "://"));
	path = based(sp, word, kind == AW_KIND_SCRIPT || kind == AW_KIND_MODULE);
	sp->take(sp->arg, path, named, glob);
	/* a word that holds a command line of its own (--cmd "node x.js") */
	if (strpbrk(word, " \t\n\r;&|()<>`"))
		nested(sp, word);
}

/* One word of a command, in order. */
static void one_word(struct aw_split *sp, const struct shcmd_word *w)
{
	enum aw_kind kind, val_kind;
	const char *eq, *val;

	if (!w->known || strlen(w->lit) > AW_WORD_MAX) {
		aw_place(&sp->st, NULL, &val, &val_kind);
		return;
	}
	kind = aw_place(&sp->st, w->lit, &val, &val_kind);
	if (val)
		hand(sp, val, val_kind, false);
	if (kind == AW_KIND_NONE)
		return;
	hand(sp, w->lit, kind, w->glob);
	if (kind == AW_KIND_OTHER && (eq = strchr(w->lit, '=')) != NULL) {
		cleanup_free char *var = xstrndup(w->lit, (size_t)(eq - w->lit));

		hand(sp, eq + 1, AW_KIND_OTHER, false);
		ac_startup(var, eq + 1, loaded, sp); /* env BASH_ENV=x, export's */
	}
}

/* A word no program's: a redirection's target, an assignment's value
 * (BASH_ENV=x: its start-up file too), a loose word. */
static void loose(struct aw_split *sp, const struct shcmd_word *w)
{
	if (!w->known || strlen(w->lit) > AW_WORD_MAX)
		return;
	hand(sp, w->lit, AW_KIND_OTHER, w->glob);
	ac_startup(w->var, w->lit, loaded, sp);
}

/* One parse: aw_line()'s visitor. */
struct line {
	struct aw_split *sp;
	struct shcmds_visit v;
};

static void visit(void *arg, const struct shcmd_word *w, size_t n, const char *cwd)
{
	struct line *l = arg;
	struct aw_split *sp = l->sp;

	sp->any = sp->any || l->v.incomplete;
	free(sp->cwd);
	sp->cwd = !cwd ? NULL
		  : cwd[0] == '/' || !sp->base || !sp->base[0]
			  ? xstrdup(cwd)
		  : cwd[0] ? xasprintf("%s/%s", sp->base, cwd)
			   : xstrdup(sp->base);
	if (n == 1 && (w->redirect || w->loose)) {
		loose(sp, w);
		return;
	}
	memset(&sp->st, 0, sizeof(sp->st));
	free(sp->dir);
	sp->dir = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!w[i].loose)
			one_word(sp, &w[i]);
		else
			loose(sp, &w[i]);
	}
}

void aw_line(struct aw_split *sp, const char *s)
{
	const char *vars[AV_VARS] = { NULL };
	struct line l = { .sp = sp, .v = { .vars = vars, .command = visit } };

	l.v.arg = &l;
	av_project(sp->ws, vars);
	shcmds_walk(s, strlen(s), &l.v);
}

void aw_word(struct aw_split *sp, const char *s)
{
	const char *vars[AV_VARS] = { NULL };
	struct shcmd_word w = { 0 };
	cleanup_free char *lit = NULL;

	av_project(sp->ws, vars);
	lit = shcmds_vars(s, vars, &w.known);
	w.lit = lit;
	one_word(sp, &w);
}

void aw_release(struct aw_split *sp)
{
	free(sp->cwd);
	free(sp->dir);
	free(sp->base);
	sp->cwd = sp->dir = sp->base = NULL;
}
