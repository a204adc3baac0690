/* shwalk-flow.c - how the shell state (cwd, PATH, functions) flows
 * through lists, loops, conditionals and function calls (bash(1), Lists,
 * Compound Commands, FUNCTIONS). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "shwalk-int.h"

/* A call of function f in the shell sh: its body runs in the caller's
 * directory, and a cd in it moves the caller (bash(1), FUNCTIONS). The
 * body was walked where it was defined; it is walked again here when the
 * directory differs or the body moves the shell. */
void shwalk_call(struct an *a, struct fn *f, struct sh *sh)
{
	if (!f->has_body || f->active || (shwalk_same_dir(f->def_cwd, sh->cwd) && !f->moves))
		return;
	if (f->src != a->src || ++a->rewalks > MAX_REWALK) {
		/* defined in another text (outside a bash -c string) */
		if (f->moves || !shwalk_same_dir(f->def_cwd, sh->cwd)) {
			effects_opaque(a, sh, 0, 0, f->name);
			a->out->complete = false;
			sh->cwd = NULL;
		}
		return;
	}
	f->active = true;
	shwalk(a, f->body, sh);
	f->active = false;
}

void shwalk_function(struct an *a, TSNode n, struct sh *sh)
{
	struct fn *f = arena_alloc(&a->ar, sizeof(*f));
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
	uint32_t cnt = ts_node_named_child_count(n);
	bool named = false;

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(n, i);

		if (!named && n_is(c, "word")) {
			f->name = n_text(a, c);
			named = true;
		} else if (shwalk_is_redirect(c)) {
			/* applies whenever the function runs */
			shwalk_redirect(a, c, sh, &rc);
		} else {
			/* the body's effects count whether or not it is called */
			struct sh body = *sh;
			shwalk(a, c, &body);
			f->body = c;
			f->has_body = true;
			f->src = a->src;
			f->def_cwd = sh->cwd;
			f->moves = body.cd_unsure || !shwalk_same_dir(body.cwd, sh->cwd);
		}
	}
	if (named) {
		f->next = sh->fns;
		sh->fns = f;
	}
}

/* true when statement n ends the shell or function (`cd X || exit 1`). */
static bool leaves(struct an *a, TSNode n)
{
	TSNode name;
	const char *t;

	if (!n_is(n, "command"))
		return false;
	name = ts_node_child_by_field_name(n, "name", 4);
	if (ts_node_is_null(name))
		return false;
	t = n_text(a, name);
	return strcmp(t, "exit") == 0 || strcmp(t, "return") == 0;
}

/* The operator between the two operands of list node l. */
static const char *list_op(TSNode l)
{
	for (uint32_t i = 0; i < ts_node_child_count(l); i++) {
		TSNode c = ts_node_child(l, i);
		if (!ts_node_is_named(c))
			return ts_node_type(c);
	}
	return "";
}

/* The last statement of `a && b > f | c` (which tree-sitter-bash reads as
 * `(a && b > f) | c`): bash runs a in the shell, then the pipeline
 * `b > f | c`, every element in a subshell. */
static void walk_piped_tail(struct an *a, TSNode last, struct sh *sh,
			    const struct redir_set *rs)
{
	struct redir_set own = { rs->words, rs->redirs, NULL, NULL };
	uint32_t cnt = ts_node_named_child_count(*rs->pipe);
	struct sh sub = *sh;

	shwalk_redirected_body(a, last, &sub, &own);
	for (uint32_t i = 1; i < cnt; i++) {
		struct sh s2 = *sh;
		if (i == cnt - 1 && rs->outer)
			shwalk_redirected_body(a, ts_node_named_child(*rs->pipe, i), &s2, rs->outer);
		else
			shwalk(a, ts_node_named_child(*rs->pipe, i), &s2);
	}
}

/* `a && b || c` is a left-deep tree of list nodes; walk its statements in
 * order without recursing once per operator, so that a long chain does
 * not reach the depth cap. The right side of `||` runs only when the left
 * failed, and what follows runs after either: a directory the left side
 * changed to is not known there (bash(1), Lists). With rs, the last
 * statement gets the redirections of a redirected list. */
void shwalk_list_rs(struct an *a, TSNode n, struct sh *sh, const struct redir_set *rs)
{
	struct nodes spine = { 0 };
	TSNode cur = n;
	const char *before = sh->cwd;

	while (n_is(cur, "list") && ts_node_named_child_count(cur) > 0) {
		shwalk_nodes_push(a, &spine, cur);
		cur = ts_node_named_child(cur, 0);
	}
	shwalk(a, cur, sh);
	for (size_t k = spine.n; k-- > 0;) {
		TSNode l = spine.v[k];
		bool alt = strcmp(list_op(l), "||") == 0;
		uint32_t cnt = ts_node_named_child_count(l);

		for (uint32_t i = 1; i < cnt; i++) {
			TSNode c = ts_node_named_child(l, i);
			const char *left = sh->cwd;

			if (!shwalk_is_statement(c)) {
				shwalk_scan(a, c, sh);
				continue;
			}
			if (alt && !shwalk_same_dir(before, left))
				sh->cwd = NULL;
			if (rs && k == 0 && i == cnt - 1 && rs->pipe)
				walk_piped_tail(a, c, sh, rs);
			else if (rs && k == 0 && i == cnt - 1)
				shwalk_redirected_body(a, c, sh, rs);
			else
				shwalk(a, c, sh);
			if (alt && leaves(a, c))
				sh->cwd = left;
			else if (alt && !shwalk_same_dir(left, sh->cwd))
				sh->cwd = NULL;
		}
	}
}

void shwalk_list(struct an *a, TSNode n, struct sh *sh)
{
	shwalk_list_rs(a, n, sh, NULL);
}

/* A loop: its body may run again in the directory an iteration left, so
 * when the body moves the shell, it is walked once more from an unknown
 * directory (bash(1), Looping Constructs). */
void shwalk_loop(struct an *a, TSNode n, struct sh *sh)
{
	const char *cwd0 = sh->cwd;

	shwalk_children(a, n, sh);
	if (shwalk_same_dir(cwd0, sh->cwd) || (!cwd0 && !sh->cwd))
		return;
	if (++a->rewalks > MAX_REWALK) {
		effects_opaque(a, NULL, n_start(n), n_end(n), NULL);
		a->out->complete = false;
		sh->cwd = NULL;
		return;
	}
	sh->cwd = NULL;
	shwalk_children(a, n, sh);
	sh->cwd = NULL;
}
