/* shwalk-flow.c - how the shell state (cwd, PATH, functions) flows
 * through lists, loops, conditionals and function calls (bash(1), Lists,
 * Compound Commands, FUNCTIONS). */
#include <stdlib.h>
#include <string.h>

#include "shwalk-int.h"

static bool fn_in(const struct fn *l, const struct fn *f)
{
	for (; l; l = l->next)
		if (l == f)
			return true;
	return false;
}

/* x becomes the state after either x or y, two paths the shell may have
 * taken from one state: what both agree on, else unknown; a function
 * defined on one path only may or may not be defined (maybe). */
static void sh_merge(struct an *a, struct sh *x, const struct sh *y)
{
	if (!shwalk_same_dir(x->cwd, y->cwd))
		x->cwd = NULL;
	if (x->path != y->path && !(x->path && y->path && strcmp(x->path, y->path) == 0))
		x->path = NULL;
	x->git_env |= y->git_env;
	x->cd_unsure |= y->cd_unsure;
	for (struct fn *f = x->fns; f; f = f->next)
		if (!fn_in(y->fns, f))
			f->maybe = true;
	for (const struct fn *f = y->fns; f && !fn_in(x->fns, f); f = f->next) {
		struct fn *c = arena_alloc(&a->ar, sizeof(*c));
		*c = *f;
		c->maybe = true;
		c->next = x->fns;
		x->fns = c;
	}
}

/* Add st to the states *out gathers (*any: it holds one already). */
static void sh_join(struct an *a, struct sh *out, bool *any, const struct sh *st)
{
	if (*any) {
		sh_merge(a, out, st);
	} else {
		*out = *st;
		*any = true;
	}
}

/* Statement c in the shell st; one followed by `&` runs in a subshell. */
static void walk_stmt(struct an *a, TSNode c, struct sh *st)
{
	TSNode next = ts_node_next_sibling(c);

	if (!ts_node_is_null(next) && !ts_node_is_named(next) && n_is(next, "&")) {
		struct sh sub = *st;
		shwalk(a, c, &sub);
	} else if (shwalk_is_statement(c)) {
		shwalk(a, c, st);
	} else {
		shwalk_scan(a, c, st);
	}
}

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
	struct sh called = *sh;
	f->active = true;
	shwalk(a, f->body, &called);
	f->active = false;
	if (f->maybe)
		sh_merge(a, &called, sh); /* not defined: the call moved nothing */
	*sh = called;
}

void shwalk_function(struct an *a, TSNode n, struct sh *sh)
{
	struct fn *f = arena_alloc(&a->ar, sizeof(*f));
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);
	bool named = false;

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];

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
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, *rs->pipe, true, &cnt);
	struct sh sub = *sh;

	shwalk_redirected_body(a, last, &sub, &own);
	for (uint32_t i = 1; i < cnt; i++) {
		struct sh s2 = *sh;
		if (i == cnt - 1 && rs->outer)
			shwalk_redirected_body(a, kids[i], &s2, rs->outer);
		else
			shwalk(a, kids[i], &s2);
	}
}

/* The end states of the list body (a->split): what follows `&&` runs
 * in ok, what follows `||` in fail; end is the one state the list left. */
struct list_split {
	TSNode body;
	bool done, has_ok, has_fail;
	struct sh ok, fail, end;
};

static bool same_sh(const struct sh *x, const struct sh *y)
{
	return (x->cwd == y->cwd || (x->cwd && y->cwd && shwalk_same_dir(x->cwd, y->cwd))) &&
	       (x->path == y->path || (x->path && y->path && strcmp(x->path, y->path) == 0)) &&
	       x->fns == y->fns && x->git_env == y->git_env && x->ed_inert == y->ed_inert &&
	       x->cd_unsure == y->cd_unsure;
}

/* The head cur of a list, walked in sh: *ok and *fail get the states
 * after it succeeded and failed. tree-sitter-bash puts `a && cd d && b >
 * f` under the redirection, so a head may be a redirected list: its own
 * end states are taken unmerged when nothing after the list (a
 * here-document's tail) changed the state it left (user29: `mkdir n &&
 * cd n && echo > m && cat m` lost n). */
static void walk_head(struct an *a, TSNode cur, struct sh *sh, struct sh *ok, struct sh *fail,
		      bool *has_ok, bool *has_fail)
{
	struct list_split sp = { .done = false }, *prev = a->split;
	const char *cwd0 = sh->cwd;

	if (shwalk_heads_list(cur)) {
		sp.body = ts_node_child_by_field_name(cur, "body", 4);
		a->split = &sp;
	}
	shwalk(a, cur, sh);
	a->split = prev;
	if (sp.done && same_sh(&sp.end, sh)) {
		*ok = sp.ok;
		*fail = sp.fail;
		*has_ok = sp.has_ok;
		*has_fail = sp.has_fail;
		return;
	}
	*ok = *fail = *sh;
	*has_ok = *has_fail = true;
	if (sh->cd_unsure && !shwalk_same_dir(cwd0, sh->cwd))
		fail->cwd = NULL;
}

/* `a && b || c` is a left-deep tree of list nodes; walk its statements in
 * order without recursing once per operator, so that a long chain does
 * not reach the depth cap. Two states are carried: the shell after the
 * part so far succeeded (the right side of `&&` runs there) and after it
 * failed (the right side of `||`); what follows the list runs after
 * either (bash(1), Lists). A cd that may have failed leaves the failed
 * state's directory unknown; `exit` ends its path. With rs, the last
 * statement gets the redirections of a redirected list. */
void shwalk_list_rs(struct an *a, TSNode n, struct sh *sh, const struct redir_set *rs)
{
	struct nodes spine = { 0 };
	TSNode cur = n;
	struct sh ok, fail;
	bool has_ok, has_fail;
	struct list_split *split =
		a->split && !a->split->done && ts_node_eq(a->split->body, n) ? a->split : NULL;

	if (split)
		a->split = NULL; /* not for the lists inside */
	while (n_is(cur, "list") && ts_node_named_child_count(cur) > 0) {
		shwalk_nodes_push(a, &spine, cur);
		cur = ts_node_named_child(cur, 0);
	}
	walk_head(a, cur, sh, &ok, &fail, &has_ok, &has_fail);
	for (size_t k = spine.n; k-- > 0;) {
		TSNode l = spine.v[k];
		bool alt = strcmp(list_op(l), "||") == 0;
		uint32_t cnt;
		TSNode *kids = shwalk_kids(a, l, true, &cnt);

		for (uint32_t i = 1; i < cnt; i++) {
			TSNode c = kids[i];
			bool from_ok = alt ? !has_fail : has_ok; /* unreachable: walk anyway */
			struct sh r = from_ok ? ok : fail, rf;
			const char *c0 = r.cwd;
			bool gone;

			if (!shwalk_is_statement(c)) {
				shwalk_scan(a, c, &r);
				continue;
			}
			if (rs && k == 0 && i == cnt - 1 && rs->pipe)
				walk_piped_tail(a, c, &r, rs);
			else if (rs && k == 0 && i == cnt - 1)
				shwalk_redirected_body(a, c, &r, rs);
			else
				shwalk(a, c, &r);
			gone = leaves(a, c);
			rf = r;
			if (r.cd_unsure && !shwalk_same_dir(c0, r.cwd))
				rf.cwd = NULL;
			if (alt) {
				if (gone)
					ok.cd_unsure = false; /* `cd X || exit`: past it, X */
				else
					sh_join(a, &ok, &has_ok, &r);
				fail = rf;
				has_fail = !gone;
			} else {
				if (!gone)
					sh_join(a, &fail, &has_fail, &rf);
				ok = r;
				has_ok = !gone;
			}
		}
	}
	if (split) {
		split->ok = ok;
		split->fail = fail;
		split->has_ok = has_ok;
		split->has_fail = has_fail;
	}
	if (has_ok && has_fail)
		sh_merge(a, &ok, &fail);
	*sh = has_ok || !has_fail ? ok : fail;
	if (split) {
		split->end = *sh;
		split->done = true;
		a->split = split;
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

/* The statements of an if statement or one of its clauses: those before
 * `then` are conditions and run in *cond one after the other; each body
 * runs from the conditions' state; *out gathers the state each body
 * leaves (bash(1), Compound Commands). */
static void walk_branches(struct an *a, TSNode n, struct sh *cond, struct sh *out, bool *any,
			  bool *has_else)
{
	struct sh br = *cond;
	bool in_body = n_is(n, "else_clause");
	uint32_t cnt = ts_node_child_count(n);

	*has_else |= in_body;
	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_child(n, i);

		if (!ts_node_is_named(c)) {
			if (n_is(c, "then")) {
				br = *cond;
				in_body = true;
			}
		} else if (n_is(c, "elif_clause") || n_is(c, "else_clause")) {
			if (in_body)
				sh_join(a, out, any, &br);
			in_body = false;
			walk_branches(a, c, cond, out, any, has_else);
		} else if (!n_is(c, "comment")) {
			walk_stmt(a, c, in_body ? &br : cond);
		}
	}
	if (in_body)
		sh_join(a, out, any, &br);
}

/* if: one of its bodies runs, or none without else; what follows runs in
 * the state that body left. */
void shwalk_if(struct an *a, TSNode n, struct sh *sh)
{
	struct sh cond = *sh, out = *sh;
	bool any = false, has_else = false;

	walk_branches(a, n, &cond, &out, &any, &has_else);
	if (!has_else)
		sh_join(a, &out, &any, &cond);
	*sh = out;
}

/* case: one item's statements run, or none. */
void shwalk_case(struct an *a, TSNode n, struct sh *sh)
{
	struct sh out = *sh;
	bool any = false;
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];

		if (!n_is(c, "case_item")) {
			shwalk_scan(a, c, sh);
			continue;
		}
		struct sh br = *sh;
		for (uint32_t k = 0; k < ts_node_named_child_count(c); k++)
			walk_stmt(a, ts_node_named_child(c, k), &br);
		sh_join(a, &out, &any, &br);
	}
	sh_join(a, &out, &any, sh);
	*sh = out;
}
