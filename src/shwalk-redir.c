/* shwalk-redir.c - simple commands and redirections: the words a
 * redirection swallowed, here-documents and what follows them on the line,
 * redirections of compound and redirected statements (bash(1),
 * Redirection). Each simple command goes to prog_run(). */
#include <stdlib.h>
#include <string.h>

#include "shwalk-int.h"

void shwalk_nodes_push(struct an *a, struct nodes *l, TSNode x)
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

	shwalk_nodes_push(a, redirs, r);
	if (n_is(r, "file_redirect")) {
		TSNode d;
		int k = redirect_dest(r, &d);
		if (k < 0)
			return;
		for (uint32_t i = (uint32_t)k + 1; i < cnt; i++)
			shwalk_nodes_push(a, words, kids[i]);
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
		else if (shwalk_is_statement(c))
			shwalk_nodes_push(a, tails, c);
		else
			shwalk_nodes_push(a, words, c);
	}
}

/* true when r is `<<-WORD` with WORD unquoted: its body is expanded. */
static bool heredoc_dash(struct an *a, TSNode r)
{
	bool dash = false;

	for (uint32_t i = 0; i < ts_node_child_count(r); i++) {
		TSNode c = ts_node_child(r, i);
		if (!ts_node_is_named(c) && n_is(c, "<<-"))
			dash = true;
		if (n_is(c, "heredoc_start") && strpbrk(n_text(a, c), "'\"\\"))
			return false;
	}
	return dash;
}

/* The body b of a `<<-` here-document: bash strips the leading tabs of
 * each line and expands the rest (bash(1), Here Documents), but
 * tree-sitter-bash reads no substitution on a line that starts with tabs
 * (`\t$(touch f)`: found by tests/oracle, seed 8). The body is read again
 * without its tabs, as the body of a plain here-document. */
static void heredoc_dash_body(struct an *a, TSNode b, struct sh *sh)
{
	const char *t = n_text(a, b);
	struct strbuf sb = STRBUF_INIT;
	struct word w = { .start = n_start(b), .end = n_end(b) };
	bool bol = true;

	sb_adds(&sb, ": <<FSJAIL_EOF\n");
	for (; *t; t++) {
		if (bol && *t == '\t')
			continue;
		bol = *t == '\n';
		sb_addc(&sb, *t);
	}
	sb_adds(&sb, "\nFSJAIL_EOF\n");
	w.len = sb.len;
	w.lit = arena_own(&a->ar, sb_detach(&sb));
	w.prefix_len = w.len;
	shwalk_string(a, sh, &w, NULL);
}

/* The effect of one redirection (not of the words it swallowed). */
void shwalk_redirect(struct an *a, TSNode r, struct sh *sh, const struct cmd *c)
{
	uint32_t cnt = ts_node_child_count(r);
	const char *op = NULL;
	TSNode dest, opn = r;

	if (n_is(r, "herestring_redirect")) {
		shwalk_scan(a, r, sh);
		return;
	}
	if (n_is(r, "heredoc_redirect")) {
		uint32_t kcnt;
		TSNode *kids = shwalk_kids(a, r, true, &kcnt);

		for (uint32_t i = 0; i < kcnt; i++) {
			TSNode b = kids[i];
			if (n_is(b, "heredoc_body") && heredoc_dash(a, r))
				heredoc_dash_body(a, b, sh);
			else if (n_is(b, "heredoc_body"))
				shwalk_scan(a, b, sh);
		}
		return;
	}
	for (uint32_t i = 0; i < cnt; i++) {
		TSNode ch = ts_node_child(r, i);
		if (!ts_node_is_named(ch)) {
			op = ts_node_type(ch);
			opn = ch;
			break;
		}
	}
	if (!op || redirect_dest(r, &dest) < 0)
		return;
	if (n_is(dest, "ERROR"))
		return;
	struct word *w = shword_eval(a, sh, dest);
	if (shwalk_redirect_rw(a, opn, op)) {
		effects_emit(a, c, M_READ, w); /* `<>`: read and write, made when absent */
		effects_emit(a, c, M_CW, w);
	} else if (strcmp(op, "<") == 0) {
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
void shwalk_command(struct an *a, TSNode n, struct sh *sh, const struct nodes *extra,
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
			TSNode val = ts_node_named_child(c, 1);
			if (!ts_node_is_null(val))
				shwalk_scan(a, val, sh);
			shwalk_assign(a, c, sh, &local, GIT_ED_EXPORT);
		} else if (shwalk_is_redirect(c)) {
			struct nodes words = { 0 };
			collect_redirect(a, c, &redirs, &words, &tails);
			for (size_t k = 0; k < words.n; k++)
				shwalk_nodes_push(a, &args, words.v[k]);
		} else if (n_is(c, "command_name")) {
			named = true;
			shwalk_nodes_push(a, &args, c);
		} else if (n_is(c, "subshell")) {
			shwalk(a, c, sh);
		} else if (n_is(c, "comment")) {
			continue;
		} else if (named) {
			shwalk_nodes_push(a, &args, c);
		} else {
			shwalk_scan(a, c, sh);
		}
	}
	for (size_t k = 0; extra && k < extra->n; k++)
		shwalk_nodes_push(a, &args, extra->v[k]);

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
		shwalk_redirect(a, redirs.v[k], sh, &rc);
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

/* The body of a redirected statement with its redirections. bash binds a
 * redirection after `a && b` or `a | b` to b alone, where tree-sitter-bash
 * puts the whole list or pipeline under it: the state (cwd) the earlier
 * parts leave applies to it (bash(1), Redirection). */
void shwalk_redirected_body(struct an *a, TSNode body, struct sh *sh,
				 const struct redir_set *rs)
{
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, body, true, &cnt);

	if (n_is(body, "list") && cnt > 0) {
		shwalk_list_rs(a, body, sh, rs);
		return;
	}
	if (n_is(body, "negated_command") && cnt > 0) {
		/* `! cmd 2>f args`: the words are cmd's */
		shwalk_redirected_body(a, ts_node_named_child(body, 0), sh, rs);
		return;
	}
	if (n_is(body, "pipeline") && cnt > 0 && shwalk_heads_list(ts_node_named_child(body, 0))) {
		shwalk_redirected(a, ts_node_named_child(body, 0), sh, &body, rs);
		return;
	}
	if (n_is(body, "pipeline") && cnt > 0) {
		/* every element of a pipeline runs in a subshell */
		for (uint32_t i = 0; i + 1 < cnt; i++) {
			struct sh sub = *sh;
			shwalk(a, kids[i], &sub);
		}
		struct sh sub = *sh;
		shwalk_redirected_body(a, ts_node_named_child(body, cnt - 1), &sub, rs);
		return;
	}
	if (n_is(body, "command")) {
		/* the body's own words come first, then the swallowed ones */
		shwalk_command(a, body, sh, rs->words, &rc.prog);
		for (size_t k = 0; k < rs->redirs->n; k++)
			shwalk_redirect(a, rs->redirs->v[k], sh, &rc);
		return;
	}
	/* a compound body: bash rejects swallowed words after a compound
	 * command, so they only matter for their substitutions */
	for (size_t k = 0; k < rs->redirs->n; k++)
		shwalk_redirect(a, rs->redirs->v[k], sh, &rc);
	shwalk(a, body, sh);
	for (size_t k = 0; k < rs->words->n; k++)
		shwalk_scan(a, rs->words->v[k], sh);
}

/* A redirected statement n; with pipe, n heads that pipeline (see
 * walk_piped_tail) and outer holds the redirections of its last element. */
void shwalk_redirected(struct an *a, TSNode n, struct sh *sh, const TSNode *pipe,
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

		if (shwalk_is_redirect(c)) {
			collect_redirect(a, c, &redirs, &words, &tails);
		} else if (!have_body && shwalk_is_statement(c)) {
			body = c;
			have_body = true;
		} else if (!n_is(c, "comment")) {
			shwalk_nodes_push(a, &words, c);
		}
	}
	if (have_body && pipe && n_is(body, "list")) {
		struct redir_set rs = { &words, &redirs, pipe, outer };
		shwalk_list_rs(a, body, sh, &rs);
	} else if (have_body) {
		struct redir_set rs = { &words, &redirs, NULL, NULL };
		shwalk_redirected_body(a, body, sh, &rs);
	} else {
		/* `> f` alone */
		for (size_t k = 0; k < redirs.n; k++)
			shwalk_redirect(a, redirs.v[k], sh, &rc);
		for (size_t k = 0; k < words.n; k++)
			shwalk_scan(a, words.v[k], sh);
	}
	for (size_t k = 0; k < tails.n; k++) {
		TSNode t = tails.v[k];
		if (n_is(t, "pipeline")) {
			uint32_t kcnt;
			TSNode *tkids = shwalk_kids(a, t, true, &kcnt);

			for (uint32_t i = 0; i < kcnt; i++) {
				struct sh sub = *sh;
				shwalk(a, tkids[i], &sub);
			}
		} else {
			shwalk(a, t, sh);
		}
	}
}

/* true when r is a redirected statement whose body is a list. */
bool shwalk_heads_list(TSNode r)
{
	TSNode b;

	if (!n_is(r, "redirected_statement"))
		return false;
	b = ts_node_child_by_field_name(r, "body", 4);
	return !ts_node_is_null(b) && n_is(b, "list");
}
