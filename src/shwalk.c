/* shwalk.c - the walk over a tree-sitter-bash tree: statements in order,
 * assignments, substitutions, `bash -c` strings parsed again, and the parse
 * errors. Redirections and simple commands are in shwalk-redir.c, lists,
 * loops, conditionals and functions in shwalk-flow.c. */
#include <stdlib.h>
#include <string.h>

#include "effects-glob.h"
#include "shwalk-int.h"

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
	const char *saved_src = a->src, *saved_unfixed = a->unfixed;
	bool saved_fixed = a->fixed;
	uint32_t sfs = a->fs, sfe = a->fe;
	struct sh sub = { .cwd = sh->cwd, .path = sh->path, .fns = NULL, .git_env = sh->git_env,
			  .ed_inert = sh->ed_inert };
	TSTree *t;

	if (a->nest >= MAX_NEST) {
		effects_opaque(a, sh, w->start, w->end, prog);
		a->out->complete = false;
		return;
	}
	a->src = w->lit;
	a->glob_opts |= effects_glob_opts(w->lit, w->len);
	a->unfixed = NULL;
	t = effects_parse(a, w->lit, w->len, false); /* a->src: the text t was parsed from */
	if (!t) {
		a->src = saved_src;
		a->unfixed = saved_unfixed;
		effects_opaque(a, sh, w->start, w->end, prog);
		a->out->complete = false;
		return;
	}
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
	a->unfixed = saved_unfixed;
	a->fixed = saved_fixed;
	a->fs = sfs;
	a->fe = sfe;
	ts_tree_delete(t);
}

/* ---- statements ---------------------------------------------------------- */

bool shwalk_is_redirect(TSNode n)
{
	return n_is(n, "file_redirect") || n_is(n, "herestring_redirect") ||
	       n_is(n, "heredoc_redirect");
}

bool shwalk_is_statement(TSNode n)
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

void shwalk_assign(struct an *a, TSNode n, const struct sh *sh, struct sh *to,
		   enum git_ed_how how)
{
	TSNode name = ts_node_named_child(n, 0);
	TSNode val = ts_node_named_child(n, 1);

	if (ts_node_is_null(name))
		return;
	if (!ts_node_is_null(val) && strcmp(n_text(a, name), "PATH") == 0)
		to->path = shword_path_value(a, sh, val);
	to->git_env = to->git_env || git_env_moves(n_text(a, n), true);
	to->ed_inert = git_editor_assign(to->ed_inert, n_text(a, n), true, how);
}

bool shwalk_redirect_rw(const struct an *a, TSNode op, const char *type)
{
	uint32_t x = n_start(op);

	if (!a->unfixed || strcmp(type, ">>") != 0)
		return false;
	x = a->nest == 0 ? effects_line_offset(a, x) : x; /* a -c string: no a->ins */
	return a->unfixed[x] == '<' && a->unfixed[x + 1] == '>';
}

void shwalk_env_word(struct sh *to, const struct word *w)
{
	if (strncmp(w->lit, "PATH=", 5) == 0)
		to->path = w_literal(w) ? w->lit + 5 : PATH_UNKNOWN_ELEM;
	to->git_env = to->git_env || git_env_moves(w->lit, w_literal(w));
	to->ed_inert = git_editor_assign(to->ed_inert, w->lit, w_literal(w), GIT_ED_EXPORT);
}

/* Statement-level assignments (`export` ones exported): substitutions
 * run, then shwalk_assign(). */
static void handle_assignments(struct an *a, TSNode n, struct sh *sh, enum git_ed_how how)
{
	if (n_is(n, "variable_assignment")) {
		TSNode val = ts_node_named_child(n, 1);

		if (!ts_node_is_null(val))
			shwalk_scan(a, val, sh);
		shwalk_assign(a, n, sh, sh, how);
		return;
	}
	uint32_t kcnt;
	TSNode *kids = shwalk_kids(a, n, true, &kcnt);

	if (n_is(n, "declaration_command") && ts_node_child_count(n) > 0 &&
	    strcmp(n_text(a, ts_node_child(n, 0)), "export") == 0)
		how = GIT_ED_EXPORT;
	for (uint32_t i = 0; i < kcnt; i++) {
		TSNode c = kids[i];
		if (n_is(c, "variable_assignment"))
			handle_assignments(a, c, sh, how);
		else
			shwalk_scan(a, c, sh);
	}
}

/* Statements in sequence; one followed by `&` runs in a subshell. A
 * cursor walks the children: ts_node_child(n, i) and ts_node_next_sibling()
 * cost O(i), and a line that does not parse may hang every token of 1 MiB
 * under one node (att34: `{ ` 20,000 times took 28 s, quadratic). */
void shwalk_children(struct an *a, TSNode n, struct sh *sh)
{
	static const TSNode none; /* the null node: ts_node_is_null() */
	TSTreeCursor cur = ts_tree_cursor_new(n);
	TSNode c, next = none;
	bool more = ts_tree_cursor_goto_first_child(&cur);

	for (c = ts_tree_cursor_current_node(&cur); more; c = next) {
		more = ts_tree_cursor_goto_next_sibling(&cur);
		next = more ? ts_tree_cursor_current_node(&cur) : none;
		if (!ts_node_is_named(c))
			continue;
		if (shwalk_is_redirect(c)) {
			/* `$(> f)`: a redirection without a command still opens f */
			struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
			shwalk_redirect(a, c, sh, &rc);
		} else if (shwalk_is_statement(c)) {
			const char *cwd0 = sh->cwd;
			if (!ts_node_is_null(next) && !ts_node_is_named(next) && n_is(next, "&")) {
				struct sh sub = *sh;
				shwalk(a, c, &sub);
			} else {
				shwalk(a, c, sh);
			}
			/* `cd nosuch && a; b`: b runs where the shell was if the
			 * cd failed */
			if (sh->cd_unsure && !shwalk_same_dir(cwd0, sh->cwd))
				sh->cwd = NULL;
			sh->cd_unsure = false;
		} else {
			shwalk_scan(a, c, sh);
		}
	}
	ts_tree_cursor_delete(&cur);
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
		shwalk_command(a, n, sh, NULL, NULL);
	} else if (strcmp(t, "redirected_statement") == 0) {
		shwalk_redirected(a, n, sh, NULL, NULL);
	} else if (strcmp(t, "subshell") == 0) {
		struct sh sub = *sh;
		shwalk_children(a, n, &sub);
	} else if (strcmp(t, "pipeline") == 0 && shwalk_heads_list(ts_node_named_child(n, 0))) {
		/* `a && b > f | c`: a runs in the shell (walk_piped_tail) */
		shwalk_redirected(a, ts_node_named_child(n, 0), sh, &n, NULL);
	} else if (strcmp(t, "pipeline") == 0) {
		/* every element of a pipeline runs in a subshell */
		uint32_t kcnt;
		TSNode *kids = shwalk_kids(a, n, true, &kcnt);

		for (uint32_t i = 0; i < kcnt; i++) {
			struct sh sub = *sh;
			shwalk(a, kids[i], &sub);
		}
	} else if (strcmp(t, "list") == 0) {
		shwalk_list(a, n, sh);
	} else if (strcmp(t, "if_statement") == 0) {
		shwalk_if(a, n, sh);
	} else if (strcmp(t, "case_statement") == 0) {
		shwalk_case(a, n, sh);
	} else if (strcmp(t, "function_definition") == 0) {
		shwalk_function(a, n, sh);
	} else if (strcmp(t, "variable_assignment") == 0 ||
		   strcmp(t, "variable_assignments") == 0 ||
		   strcmp(t, "declaration_command") == 0) {
		handle_assignments(a, n, sh, GIT_ED_PLAIN);
	} else if (strcmp(t, "unset_command") == 0) {
		sh->ed_inert = 0; /* git's editor is again what the caller's is */
		shwalk_children(a, n, sh);
	} else if (strcmp(t, "for_statement") == 0 || strcmp(t, "while_statement") == 0 ||
		   strcmp(t, "c_style_for_statement") == 0) {
		shwalk_loop(a, n, sh);
	} else if (strcmp(t, "comment") == 0) {
		/* nothing */
	} else if (shwalk_is_statement(n) || strcmp(t, "program") == 0) {
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
	} else if (shwalk_is_statement(n)) {
		shwalk(a, n, sh);
	} else {
		uint32_t kcnt;
		TSNode *kids = shwalk_kids(a, n, true, &kcnt);

		for (uint32_t i = 0; i < kcnt; i++)
			shwalk_scan(a, kids[i], sh);
	}
	a->depth--;
}
