/* prog-git-guard.c - the listener's refusals a git command line shows
 * (prog-git-guard.h). `git rebase -x CMD` writes exec lines into its
 * todo list, and the listener refuses that write in any gitdir
 * (notify-seq.c: the host's `git rebase --continue` would run them;
 * notify-todo.c then removes the state the run made). The path alone
 * does not say so - a todo list without exec lines is let through - so
 * the analyser marks the effect, and the decision (effects-decide.c)
 * refuses it with the listener's rule and the same why-note the run
 * gives (gitcfg_todo_inert(), gitcfg_strategy_ok() write both). */
#include <stdio.h>
#include <string.h>

#include "gitcfg-inert.h"
#include "gitcfg-strategy.h"
#include "prog-git-editor.h"
#include "prog-git-guard.h"

/* The strategy of -s NAME, -sNAME, --strategy NAME, --strategy=NAME (the
 * shared spec of prog-git-sub.c reads -s as a flag), or NULL. */
static const struct word *rebase_strategy(struct git *g, const struct parsed *p)
{
	const struct word *s = progopt_val(p, 0, "strategy");

	for (size_t i = 1; !s && i < g->argc; i++) {
		const struct word *w = g->argv[i];

		if (w_is(w, "--"))
			break;
		if (w_is(w, "-s") && i + 1 < g->argc)
			s = g->argv[i + 1];
		else if (w->prefix_len > 2 && strncmp(w->lit, "-s", 2) == 0)
			s = shword_tail(g->a, w, 2);
	}
	return s;
}

/* The create of rel in the gitdir (the metadata folder when unknown),
 * marked with the listener's why (maybe: only at run time). */
static void guard_create(struct git *g, const char *rel, const char *why, bool maybe)
{
	const char *at = g->gitdir ? prog_git_join(g, g->gitdir, rel) : NULL;
	size_t n0 = g->a->out->n;

	prog_git_at(g, M_CREATE, at, at ? NULL : prog_git_meta_dir(g));
	for (size_t k = n0; k < g->a->out->n; k++) {
		g->a->out->v[k].guard = xstrdup(why);
		g->a->out->v[k].guard_maybe = maybe;
	}
}

void prog_git_guard_rebase(struct git *g, const struct parsed *p)
{
	static const char *const no_todo[] = { "continue", "abort", "skip", "quit",
					       "show-current-patch", NULL };
	const struct word *strat = rebase_strategy(g, p);
	char why[512] = "";
	bool maybe = false;

	for (size_t i = 0; i < p->no; i++)
		if (p->o[i].l && progopt_in_list(no_todo, p->o[i].l, strlen(p->o[i].l)))
			return;
	if (progopt_has(p, 'x', "exec")) {
		gitcfg_todo_inert("exec\n", 5, why, sizeof(why));
	} else if (strat && w_path_known(strat)) {
		gitcfg_strategy_ok(strat->lit, strat->len, why, sizeof(why));
	} else if (strat) {
		maybe = true;
		snprintf(why, sizeof(why),
			 "repository-metadata: a merge strategy known only at run "
			 "time (one not git's own is refused: the host's git rebase --continue "
			 "would run it)");
	} else if (prog_git_seq_editor_runs(g, p)) {
		maybe = true;
		snprintf(
			why, sizeof(why),
			"repository-metadata: the todo list the editor writes is "
			"refused if it holds an exec line (git rebase --continue on the host would "
			"run it)");
	}
	if (why[0])
		guard_create(g, "rebase-merge/git-rebase-todo", why, maybe);
}

/* Whether the operands name more than one commit (A B, A..B, ^A B): git
 * then keeps a sequence's state, sequencer/opts with the strategy. */
static bool pick_many(const struct parsed *p)
{
	for (size_t i = 0; i < p->nops; i++)
		if (!w_literal(p->ops[i]) || strstr(p->ops[i]->lit, "..") ||
		    p->ops[i]->lit[0] == '^')
			return true;
	return p->nops > 1;
}

void prog_git_guard_pick(struct git *g, struct parsed *p)
{
	const struct word *strat = progopt_val(p, 0, "strategy");
	char buf[320], why[512] = "";
	int n;

	if (!strat || !pick_many(p) || progopt_has(p, 0, "continue") ||
	    progopt_has(p, 0, "abort") || progopt_has(p, 0, "skip") || progopt_has(p, 0, "quit"))
		return;
	n = w_path_known(strat)
		    ? snprintf(buf, sizeof(buf), "[options]\n\tstrategy = %s\n", strat->lit)
		    : -1;
	if (n > 0 && (size_t)n < sizeof(buf))
		gitcfg_seqopts_ok(buf, (size_t)n, why, sizeof(why));
	else
		snprintf(
			why, sizeof(why),
			"repository-metadata: a merge strategy known only at run "
			"time (one not git's own is refused: the host's git --continue would run it)");
	if (why[0])
		guard_create(g, "sequencer/opts", why, n < 0);
}
