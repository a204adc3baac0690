/* shwalk.c - the walk over a tree-sitter-bash tree: statements,
 * redirections, assignments, functions, subshells, and `bash -c` strings
 * parsed again. Each simple command goes to prog_run(). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

TSNode *shwalk_kids(struct an *a, TSNode n, bool named, uint32_t *cnt)
{
	uint32_t want = named ? ts_node_named_child_count(n) : ts_node_child_count(n), k = 0;
	TSNode *v = arena_alloc(&a->ar, ((size_t)want + 1) * sizeof(*v));
	TSTreeCursor cur = ts_tree_cursor_new(n);

	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode c = ts_tree_cursor_current_node(&cur);

			if (k < want && (!named || ts_node_is_named(c)))
				v[k++] = c;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	*cnt = k;
	return v;
}

/* Walk the statements of a command or process substitution: they run in a
 * subshell of the current state. */
void shwalk_subst(struct an *a, TSNode n, const struct sh *sh)
{
	struct sh sub = *sh;

	shwalk_children(a, n, &sub);
}

/* Analyse the literal string w as a shell line (bash -c, trap). */
void shwalk_string(struct an *a, const struct sh *sh, const struct word *w,
			   const char *prog)
{
	const char *saved_src = a->src;
	bool saved_fixed = a->fixed;
	uint32_t sfs = a->fs, sfe = a->fe;
	struct sh sub = { .cwd = sh->cwd, .path = sh->path, .fns = NULL, .git_env = sh->git_env };
	TSTree *t;

	if (a->nest >= MAX_NEST) {
		effects_opaque(a, sh, w->start, w->end, prog);
		a->out->complete = false;
		return;
	}
	t = ts_parser_parse_string(a->parser, NULL, w->lit, (uint32_t)w->len);
	if (!t) {
		ts_parser_reset(a->parser);
		effects_opaque(a, sh, w->start, w->end, prog);
		a->out->complete = false;
		return;
	}
	a->src = w->lit;
	if (!a->fixed) {
		a->fixed = true;
		a->fs = w->start;
		a->fe = w->end;
	}
	a->nest++;
	shwalk_errors(a, ts_tree_root_node(t), &sub);
	shwalk(a, ts_tree_root_node(t), &sub);
	a->nest--;
	a->src = saved_src;
	a->fixed = saved_fixed;
	a->fs = sfs;
	a->fe = sfe;
	ts_tree_delete(t);
}

/* ---- statements ---------------------------------------------------------- */

static bool is_redirect(TSNode n)
{
	return n_is(n, "file_redirect") || n_is(n, "herestring_redirect") ||
	       n_is(n, "heredoc_redirect");
}

static bool is_statement(TSNode n)
{
	static const char *const types[] = {
		"redirected_statement", "variable_assignment", "variable_assignments", "command",
		"declaration_command", "unset_command", "test_command", "negated_command",
		"for_statement", "c_style_for_statement", "while_statement", "if_statement",
		"case_statement", "pipeline", "list", "subshell", "compound_statement",
		"function_definition", "do_group", "else_clause", "elif_clause", "case_item",
		"ERROR", NULL };
	const char *t = ts_node_type(n);

	for (size_t i = 0; types[i]; i++)
		if (strcmp(t, types[i]) == 0)
			return true;
	return false;
}

/* true when x and y are the same known folder. */
static bool same_dir(const char *x, const char *y)
{
	return x && y && strcmp(x, y) == 0;
}

/* A growable list of nodes. */
struct nodes {
	TSNode *v;
	size_t n;
};

static void nodes_push(struct an *a, struct nodes *l, TSNode x)
{
	if (arena_full(l->n)) {
		TSNode *nv = arena_alloc(&a->ar, arena_grown(l->n) * sizeof(*nv));
		if (l->n)
			memcpy(nv, l->v, l->n * sizeof(*nv));
		l->v = nv;
	}
	l->v[l->n++] = x;
}

/* The destination of a file redirection: its first named child that is
 * not the descriptor; the named children after it are swallowed words. */
static int redirect_dest(TSNode r, TSNode *dest)
{
	uint32_t cnt = ts_node_named_child_count(r);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(r, i);
		if (n_is(c, "file_descriptor"))
			continue;
		*dest = c;
		return (int)i;
	}
	return -1;
}

/* Gather the parts of redirection r: itself (for its own effect), the
 * words it swallowed (arguments of the command), and, for a here-document,
 * the redirections, pipeline and statements that follow it on the line. */
static void collect_redirect(struct an *a, TSNode r, struct nodes *redirs, struct nodes *words,
			     struct nodes *tails)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, r, true, &cnt);

	nodes_push(a, redirs, r);
	if (n_is(r, "file_redirect")) {
		TSNode d;
		int k = redirect_dest(r, &d);
		if (k < 0)
			return;
		for (uint32_t i = (uint32_t)k + 1; i < cnt; i++)
			nodes_push(a, words, kids[i]);
		return;
	}
	if (!n_is(r, "heredoc_redirect"))
		return;
	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];

		if (n_is(c, "heredoc_start") || n_is(c, "heredoc_end") || n_is(c, "heredoc_body") ||
		    n_is(c, "file_descriptor"))
			continue;
		if (n_is(c, "file_redirect") || n_is(c, "herestring_redirect") ||
		    n_is(c, "heredoc_redirect"))
			collect_redirect(a, c, redirs, words, tails);
		else if (is_statement(c))
			nodes_push(a, tails, c);
		else
			nodes_push(a, words, c);
	}
}

/* The effect of one redirection (not of the words it swallowed). */
static void do_redirect(struct an *a, TSNode r, struct sh *sh, const struct cmd *c)
{
	uint32_t cnt = ts_node_child_count(r);
	const char *op = NULL;
	TSNode dest;

	if (n_is(r, "herestring_redirect")) {
		shwalk_scan(a, r, sh);
		return;
	}
	if (n_is(r, "heredoc_redirect")) {
		for (uint32_t i = 0; i < ts_node_named_child_count(r); i++) {
			TSNode b = ts_node_named_child(r, i);
			if (n_is(b, "heredoc_body"))
				shwalk_scan(a, b, sh);
		}
		return;
	}
	for (uint32_t i = 0; i < cnt; i++) {
		TSNode ch = ts_node_child(r, i);
		if (!ts_node_is_named(ch)) {
			op = ts_node_type(ch);
			break;
		}
	}
	if (!op || redirect_dest(r, &dest) < 0)
		return;
	if (n_is(dest, "ERROR"))
		return;
	struct word *w = shword_eval(a, sh, dest);
	if (strcmp(op, "<") == 0) {
		effects_emit(a, c, M_READ, w);
	} else if (strcmp(op, ">") == 0 || strcmp(op, ">>") == 0 || strcmp(op, ">|") == 0 ||
		   strcmp(op, "&>") == 0 || strcmp(op, "&>>") == 0) {
		effects_emit(a, c, M_CW, w);
	} else if (strcmp(op, ">&") == 0) {
		/* >&N duplicates a descriptor; >&WORD sends both streams to WORD */
		if (w_literal(w) && (strspn(w->lit, "0123456789") == w->len || w_is(w, "-")))
			return;
		effects_emit(a, c, M_CW, w);
	}
	/* <&N, N<&-, >&-: descriptors only */
}

static struct word **eval_words(struct an *a, struct sh *sh, const struct nodes *l)
{
	struct word **v = arena_alloc(&a->ar, (l->n + 1) * sizeof(*v));

	for (size_t i = 0; i < l->n; i++)
		v[i] = shword_eval(a, sh, l->v[i]);
	return v;
}

/* A simple command. extra: words a redirection after it swallowed. */
static void handle_command(struct an *a, TSNode n, struct sh *sh, const struct nodes *extra,
			   const char **prog_out)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);
	struct nodes args = { 0 }, redirs = { 0 }, tails = { 0 };
	struct sh local = *sh;
	bool named = false;
	const char *cwd0 = sh->cwd;

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];

		if (n_is(c, "variable_assignment") && !named) {
			TSNode name = ts_node_named_child(c, 0);
			TSNode val = ts_node_named_child(c, 1);
			if (!ts_node_is_null(val))
				shwalk_scan(a, val, sh);
			if (!ts_node_is_null(name) && !ts_node_is_null(val) &&
			    strcmp(n_text(a, name), "PATH") == 0)
				local.path = shword_path_value(a, sh, val);
			if (!ts_node_is_null(name) && strncmp(n_text(a, name), "GIT_", 4) == 0)
				local.git_env = true;
		} else if (is_redirect(c)) {
			struct nodes words = { 0 };
			collect_redirect(a, c, &redirs, &words, &tails);
			for (size_t k = 0; k < words.n; k++)
				nodes_push(a, &args, words.v[k]);
		} else if (n_is(c, "command_name")) {
			named = true;
			nodes_push(a, &args, c);
		} else if (n_is(c, "subshell")) {
			shwalk(a, c, sh);
		} else if (n_is(c, "comment")) {
			continue;
		} else if (named) {
			nodes_push(a, &args, c);
		} else {
			shwalk_scan(a, c, sh);
		}
	}
	for (size_t k = 0; extra && k < extra->n; k++)
		nodes_push(a, &args, extra->v[k]);

	struct inv iv = { .sh = &local, .c = { .prog = NULL, .cwd = sh->cwd }, .in_shell = true };
	if (named) {
		iv.argv = eval_words(a, sh, &args);
		iv.argc = args.n;
	}
	struct cmd rc = { .prog = NULL, .cwd = cwd0 };
	if (named && w_path_known(iv.argv[0])) {
		const char *slash = strrchr(iv.argv[0]->lit, '/');
		rc.prog = slash ? slash + 1 : iv.argv[0]->lit;
	}
	for (size_t k = 0; k < redirs.n; k++)
		do_redirect(a, redirs.v[k], sh, &rc);
	const char *prefix_path = local.path;
	if (named)
		prog_run(a, &iv);
	/* cd moved the shell, `. venv/bin/activate` changed its PATH; a
	 * PATH= prefix applies to this command only */
	sh->cwd = local.cwd;
	sh->cd_unsure |= local.cd_unsure;
	if (local.path != prefix_path)
		sh->path = local.path;
	for (size_t k = 0; k < tails.n; k++)
		shwalk(a, tails.v[k], sh);
	if (prog_out)
		*prog_out = rc.prog;
}

/* The redirections of a redirected statement, and what they swallowed. */
struct redir_set {
	const struct nodes *words;   /* words the redirections swallowed */
	const struct nodes *redirs;  /* the redirections */
	const TSNode *pipe;          /* a pipeline the statement heads, or NULL */
	const struct redir_set *outer; /* with pipe: the redirections of that
					* pipeline's last element, or NULL */
};

static void handle_redirected(struct an *a, TSNode n, struct sh *sh, const TSNode *pipe,
			      const struct redir_set *outer);
static bool heads_list(TSNode r);

static void walk_list_rs(struct an *a, TSNode n, struct sh *sh, const struct redir_set *rs);

/* The body of a redirected statement with its redirections. bash binds a
 * redirection after `a && b` or `a | b` to b alone, where tree-sitter-bash
 * puts the whole list or pipeline under it: the state (cwd) the earlier
 * parts leave applies to it (bash(1), Redirection). */
static void walk_redirected_body(struct an *a, TSNode body, struct sh *sh,
				 const struct redir_set *rs)
{
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
	uint32_t cnt = ts_node_named_child_count(body);

	if (n_is(body, "list") && cnt > 0) {
		walk_list_rs(a, body, sh, rs);
		return;
	}
	if (n_is(body, "pipeline") && cnt > 0 && heads_list(ts_node_named_child(body, 0))) {
		handle_redirected(a, ts_node_named_child(body, 0), sh, &body, rs);
		return;
	}
	if (n_is(body, "pipeline") && cnt > 0) {
		/* every element of a pipeline runs in a subshell */
		for (uint32_t i = 0; i + 1 < cnt; i++) {
			struct sh sub = *sh;
			shwalk(a, ts_node_named_child(body, i), &sub);
		}
		struct sh sub = *sh;
		walk_redirected_body(a, ts_node_named_child(body, cnt - 1), &sub, rs);
		return;
	}
	if (n_is(body, "command")) {
		/* the body's own words come first, then the swallowed ones */
		handle_command(a, body, sh, rs->words, &rc.prog);
		for (size_t k = 0; k < rs->redirs->n; k++)
			do_redirect(a, rs->redirs->v[k], sh, &rc);
		return;
	}
	/* a compound body: bash rejects swallowed words after a compound
	 * command, so they only matter for their substitutions */
	for (size_t k = 0; k < rs->redirs->n; k++)
		do_redirect(a, rs->redirs->v[k], sh, &rc);
	shwalk(a, body, sh);
	for (size_t k = 0; k < rs->words->n; k++)
		shwalk_scan(a, rs->words->v[k], sh);
}

/* A redirected statement n; with pipe, n heads that pipeline (see
 * walk_piped_tail) and outer holds the redirections of its last element. */
static void handle_redirected(struct an *a, TSNode n, struct sh *sh, const TSNode *pipe,
			      const struct redir_set *outer)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);
	struct nodes redirs = { 0 }, words = { 0 }, tails = { 0 };
	TSNode body = { 0 };
	bool have_body = false;
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];

		if (is_redirect(c)) {
			collect_redirect(a, c, &redirs, &words, &tails);
		} else if (!have_body && is_statement(c)) {
			body = c;
			have_body = true;
		} else if (!n_is(c, "comment")) {
			nodes_push(a, &words, c);
		}
	}
	if (have_body && pipe && n_is(body, "list")) {
		struct redir_set rs = { &words, &redirs, pipe, outer };
		walk_list_rs(a, body, sh, &rs);
	} else if (have_body) {
		struct redir_set rs = { &words, &redirs, NULL, NULL };
		walk_redirected_body(a, body, sh, &rs);
	} else {
		/* `> f` alone */
		for (size_t k = 0; k < redirs.n; k++)
			do_redirect(a, redirs.v[k], sh, &rc);
		for (size_t k = 0; k < words.n; k++)
			shwalk_scan(a, words.v[k], sh);
	}
	for (size_t k = 0; k < tails.n; k++) {
		TSNode t = tails.v[k];
		if (n_is(t, "pipeline")) {
			for (uint32_t i = 0; i < ts_node_named_child_count(t); i++) {
				struct sh sub = *sh;
				shwalk(a, ts_node_named_child(t, i), &sub);
			}
		} else {
			shwalk(a, t, sh);
		}
	}
}

/* Statement-level assignments: substitutions run; PATH changes lookups. */
static void handle_assignments(struct an *a, TSNode n, struct sh *sh)
{
	if (n_is(n, "variable_assignment")) {
		TSNode name = ts_node_named_child(n, 0);
		TSNode val = ts_node_named_child(n, 1);

		if (!ts_node_is_null(val))
			shwalk_scan(a, val, sh);
		if (!ts_node_is_null(name) && !ts_node_is_null(val) &&
		    strcmp(n_text(a, name), "PATH") == 0)
			sh->path = shword_path_value(a, sh, val);
		if (!ts_node_is_null(name) && strncmp(n_text(a, name), "GIT_", 4) == 0)
			sh->git_env = true;
		return;
	}
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];
		if (n_is(c, "variable_assignment"))
			handle_assignments(a, c, sh);
		else
			shwalk_scan(a, c, sh);
	}
}

/* A call of function f in the shell sh: its body runs in the caller's
 * directory, and a cd in it moves the caller (bash(1), FUNCTIONS). The
 * body was walked where it was defined; it is walked again here when the
 * directory differs or the body moves the shell. */
void shwalk_call(struct an *a, struct fn *f, struct sh *sh)
{
	if (!f->has_body || f->active || (same_dir(f->def_cwd, sh->cwd) && !f->moves))
		return;
	if (f->src != a->src || ++a->rewalks > MAX_REWALK) {
		/* defined in another text (outside a bash -c string) */
		if (f->moves || !same_dir(f->def_cwd, sh->cwd)) {
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

static void handle_function(struct an *a, TSNode n, struct sh *sh)
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
		} else if (is_redirect(c)) {
			/* applies whenever the function runs */
			do_redirect(a, c, sh, &rc);
		} else {
			/* the body's effects count whether or not it is called */
			struct sh body = *sh;
			shwalk(a, c, &body);
			f->body = c;
			f->has_body = true;
			f->src = a->src;
			f->def_cwd = sh->cwd;
			f->moves = body.cd_unsure || !same_dir(body.cwd, sh->cwd);
		}
	}
	if (named) {
		f->next = sh->fns;
		sh->fns = f;
	}
}

/* Statements in sequence; one followed by `&` runs in a subshell. */
void shwalk_children(struct an *a, TSNode n, struct sh *sh)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, false, &cnt);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];

		if (!ts_node_is_named(c))
			continue;
		if (is_redirect(c)) {
			/* `$(> f)`: a redirection without a command still opens f */
			struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
			do_redirect(a, c, sh, &rc);
		} else if (is_statement(c)) {
			TSNode next = ts_node_next_sibling(c);
			const char *cwd0 = sh->cwd;
			if (!ts_node_is_null(next) && !ts_node_is_named(next) && n_is(next, "&")) {
				struct sh sub = *sh;
				shwalk(a, c, &sub);
			} else {
				shwalk(a, c, sh);
			}
			/* `cd nosuch && a; b`: b runs where the shell was if the
			 * cd failed */
			if (sh->cd_unsure && !same_dir(cwd0, sh->cwd))
				sh->cwd = NULL;
			sh->cd_unsure = false;
		} else {
			shwalk_scan(a, c, sh);
		}
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

	walk_redirected_body(a, last, &sub, &own);
	for (uint32_t i = 1; i < cnt; i++) {
		struct sh s2 = *sh;
		if (i == cnt - 1 && rs->outer)
			walk_redirected_body(a, ts_node_named_child(*rs->pipe, i), &s2, rs->outer);
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
static void walk_list_rs(struct an *a, TSNode n, struct sh *sh, const struct redir_set *rs)
{
	struct nodes spine = { 0 };
	TSNode cur = n;
	const char *before = sh->cwd;

	while (n_is(cur, "list") && ts_node_named_child_count(cur) > 0) {
		nodes_push(a, &spine, cur);
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

			if (!is_statement(c)) {
				shwalk_scan(a, c, sh);
				continue;
			}
			if (alt && !same_dir(before, left))
				sh->cwd = NULL;
			if (rs && k == 0 && i == cnt - 1 && rs->pipe)
				walk_piped_tail(a, c, sh, rs);
			else if (rs && k == 0 && i == cnt - 1)
				walk_redirected_body(a, c, sh, rs);
			else
				shwalk(a, c, sh);
			if (alt && leaves(a, c))
				sh->cwd = left;
			else if (alt && !same_dir(left, sh->cwd))
				sh->cwd = NULL;
		}
	}
}

static void walk_list(struct an *a, TSNode n, struct sh *sh)
{
	walk_list_rs(a, n, sh, NULL);
}

/* A loop: its body may run again in the directory an iteration left, so
 * when the body moves the shell, it is walked once more from an unknown
 * directory (bash(1), Looping Constructs). */
static void walk_loop(struct an *a, TSNode n, struct sh *sh)
{
	const char *cwd0 = sh->cwd;

	shwalk_children(a, n, sh);
	if (same_dir(cwd0, sh->cwd) || (!cwd0 && !sh->cwd))
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

/* true when r is a redirected statement whose body is a list. */
static bool heads_list(TSNode r)
{
	TSNode b;

	if (!n_is(r, "redirected_statement"))
		return false;
	b = ts_node_child_by_field_name(r, "body", 4);
	return !ts_node_is_null(b) && n_is(b, "list");
}

void shwalk(struct an *a, TSNode n, struct sh *sh)
{
	const char *t = ts_node_type(n);

	if (++a->depth > MAX_WALK_DEPTH) {
		if (a->depth == MAX_WALK_DEPTH + 1) {
			effects_opaque(a, sh, n_start(n), n_end(n), NULL);
			a->out->complete = false;
		}
		a->depth--;
		return;
	}
	if (strcmp(t, "command") == 0) {
		handle_command(a, n, sh, NULL, NULL);
	} else if (strcmp(t, "redirected_statement") == 0) {
		handle_redirected(a, n, sh, NULL, NULL);
	} else if (strcmp(t, "subshell") == 0) {
		struct sh sub = *sh;
		shwalk_children(a, n, &sub);
	} else if (strcmp(t, "pipeline") == 0 && heads_list(ts_node_named_child(n, 0))) {
		/* `a && b > f | c`: a runs in the shell (walk_piped_tail) */
		handle_redirected(a, ts_node_named_child(n, 0), sh, &n, NULL);
	} else if (strcmp(t, "pipeline") == 0) {
		/* every element of a pipeline runs in a subshell */
		uint32_t cnt;
		TSNode *kids = shwalk_kids(a, n, true, &cnt);

		for (uint32_t i = 0; i < cnt; i++) {
			struct sh sub = *sh;
			shwalk(a, kids[i], &sub);
		}
	} else if (strcmp(t, "list") == 0) {
		walk_list(a, n, sh);
	} else if (strcmp(t, "function_definition") == 0) {
		handle_function(a, n, sh);
	} else if (strcmp(t, "variable_assignment") == 0 ||
		   strcmp(t, "variable_assignments") == 0 ||
		   strcmp(t, "declaration_command") == 0) {
		handle_assignments(a, n, sh);
	} else if (strcmp(t, "for_statement") == 0 || strcmp(t, "while_statement") == 0 ||
		   strcmp(t, "c_style_for_statement") == 0) {
		walk_loop(a, n, sh);
	} else if (strcmp(t, "comment") == 0) {
		/* nothing */
	} else if (is_statement(n) || strcmp(t, "program") == 0) {
		shwalk_children(a, n, sh);
	} else {
		shwalk_scan(a, n, sh);
	}
	a->depth--;
}

/* A node that is not a statement: only the substitutions inside it run. */
void shwalk_scan(struct an *a, TSNode n, struct sh *sh)
{
	if (++a->depth > MAX_WALK_DEPTH) {
		if (a->depth == MAX_WALK_DEPTH + 1) {
			effects_opaque(a, sh, n_start(n), n_end(n), NULL);
			a->out->complete = false;
		}
		a->depth--;
		return;
	}
	if (n_is(n, "command_substitution") || n_is(n, "process_substitution")) {
		shwalk_subst(a, n, sh);
	} else if (is_statement(n)) {
		shwalk(a, n, sh);
	} else {
		uint32_t cnt;
		TSNode *kids = shwalk_kids(a, n, true, &cnt);

		for (uint32_t i = 0; i < cnt; i++)
			shwalk_scan(a, kids[i], sh);
	}
	a->depth--;
}

/* Every outermost ERROR node and every MISSING node is an opaque effect:
 * that part of the line could not be read; the analysis is incomplete. */
void shwalk_errors(struct an *a, TSNode root, const struct sh *sh)
{
	TSTreeCursor cur;
	bool down = true;

	if (!ts_node_has_error(root))
		return;
	a->out->complete = false;
	cur = ts_tree_cursor_new(root);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		bool descend = down && ts_node_has_error(n);

		if (down && (n_is(n, "ERROR") || ts_node_is_missing(n))) {
			TSNode at = n;
			if (ts_node_is_missing(n) && !ts_node_is_null(ts_node_parent(n)))
				at = ts_node_parent(n);
			effects_opaque(a, sh, n_start(at), n_end(at), NULL);
			descend = false;
		}
		if (descend && ts_tree_cursor_goto_first_child(&cur)) {
			down = true;
			continue;
		}
		if (ts_tree_cursor_goto_next_sibling(&cur)) {
			down = true;
			continue;
		}
		for (;;) {
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
			if (ts_tree_cursor_goto_next_sibling(&cur))
				break;
		}
		down = true;
	}
out:
	ts_tree_cursor_delete(&cur);
}
