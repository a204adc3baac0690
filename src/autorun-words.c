/* autorun-words.c - which words of a hook's command line name a path the
 * command runs (autorun-words.h). The line is parsed by the analyser
 * (shcmds_walk(): tree-sitter-bash, words evaluated by shword.c); what is
 * decided here is each word's place. The input is the workspace's,
 * hostile: a word is bounded (AW_WORD_MAX), shell text inside shell text
 * is parsed AW_NEST_MAX deep at most. */
#include <stdlib.h>
#include <string.h>

#include "autorun-code.h"
#include "autorun-hand.h"
#include "autorun-vars.h"
#include "autorun-words.h"
#include "shcmds-vars.h"
#include "shcmds.h"
#include "util.h"

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
		aw_hand(sp, val, val_kind, false);
	if (kind == AW_KIND_NONE)
		return;
	aw_hand(sp, w->lit, kind, w->glob);
	if (kind == AW_KIND_OTHER && (eq = strchr(w->lit, '=')) != NULL) {
		cleanup_free char *var = xstrndup(w->lit, (size_t)(eq - w->lit));

		aw_hand(sp, eq + 1, AW_KIND_OTHER, false);
		ac_startup(var, eq + 1, aw_loaded, sp); /* env BASH_ENV=x, export's */
	}
}

/* A word no program's: a redirection's target, an assignment's value
 * (BASH_ENV=x: its start-up file too), a loose word. */
static void loose(struct aw_split *sp, const struct shcmd_word *w)
{
	if (!w->known || strlen(w->lit) > AW_WORD_MAX)
		return;
	aw_hand(sp, w->lit, AW_KIND_OTHER, w->glob);
	ac_startup(w->var, w->lit, aw_loaded, sp);
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
	aw_runner(sp);
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
