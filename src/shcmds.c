/* shcmds.c - the simple commands of a shell line as evaluated words
 * (shcmds.h), on the analyser's parse: the tree of tree-sitter-bash,
 * each word through shword_eval(). The text is hostile (a workspace's
 * hooks file): the walk is bounded by MAX_WALK_DEPTH, the parse by
 * PARSE_TIMEOUT_US, the line by FSJ_EFFECTS_MAX_LINE. */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"
#include "shcmds-vars.h"
#include "shcmds.h"

struct cw {
	struct an *a;
	struct shcmds_visit *v;
	struct sh sh;
	bool complete;
};

static bool is_word(TSNode n)
{
	static const char *const types[] = { "word", "string", "raw_string", "concatenation",
					     "ansi_c_string", "translated_string",
					     "simple_expansion", "expansion", "number" };

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (n_is(n, types[i]))
			return true;
	return false;
}

static struct shcmd_word eval(struct cw *c, TSNode n)
{
	const struct word *w = shword_eval(c->a, &c->sh, n);
	struct shcmd_word out = { .lit = w->lit, .known = true, .glob = w->glob };

	if (w->dynamic)
		out.lit = arena_own(&c->a->ar, shcmds_vars(w->lit, c->v->vars, &out.known));
	return out;
}

static bool is_redirect(TSNode n)
{
	return n_is(n, "file_redirect") || n_is(n, "herestring_redirect") ||
	       n_is(n, "heredoc_redirect");
}

static void walk(struct cw *c, TSNode n, const char **cwd, bool in_cmd, int depth);

static void walk_kids(struct cw *c, TSNode n, const char **cwd, bool in_cmd, int depth)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(c->a, n, true, &cnt);

	for (uint32_t i = 0; i < cnt; i++)
		walk(c, kids[i], cwd, in_cmd, depth + 1);
}

/* The targets of redirection r, each handed on alone. */
static void redirect(struct cw *c, TSNode r, const char **cwd)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(c->a, r, true, &cnt);

	for (uint32_t i = 0; i < cnt; i++)
		if (is_word(kids[i]) && !n_is(kids[i], "number")) {
			struct shcmd_word w = eval(c, kids[i]);

			w.redirect = true;
			c->v->command(c->v->arg, &w, 1, *cwd);
		}
}

/* Where `cd` (or pushd) with words w[1..n) goes from cwd: the one operand
 * after the options (bash(1), cd; CDPATH is not looked at: a hook's
 * environment is the tool's), or NULL when the text does not say. */
static const char *cd_to(struct cw *c, const struct shcmd_word *w, size_t n, const char *cwd)
{
	size_t i = 1;

	while (i < n && w[i].known && w[i].lit[0] == '-' && w[i].lit[1] &&
	       strspn(w[i].lit + 1, "LPe@") == strlen(w[i].lit + 1))
		i++;
	if (i < n && strcmp(w[i].lit, "--") == 0)
		i++;
	if (i + 1 != n || !w[i].known || w[i].glob || !w[i].lit[0] || strcmp(w[i].lit, "-") == 0)
		return NULL;
	if (w[i].lit[0] == '/' || (cwd && !cwd[0]))
		return w[i].lit;
	if (!cwd)
		return NULL;
	return arena_own(&c->a->ar, xasprintf("%s/%s", cwd, w[i].lit));
}

/* An assignment's value (NAME=value: a word) as a loose word with its
 * variable's name, in *w; false when the value is not a word. */
static bool assigned(struct cw *c, TSNode n, struct shcmd_word *w)
{
	TSNode v = ts_node_child_by_field_name(n, "value", 5);
	TSNode name = ts_node_child_by_field_name(n, "name", 4);

	if (ts_node_is_null(v) || !is_word(v))
		return false;
	*w = eval(c, v);
	w->var = ts_node_is_null(name) ? NULL : n_text(c->a, name);
	w->loose = true;
	return true;
}

/* A simple command: its words handed on together, then the commands of
 * the substitutions in them; a literal cd moves *cwd. */
static void command(struct cw *c, TSNode n, const char **cwd, int depth)
{
	uint32_t cnt, k = 0, p = 0;
	TSNode *kids = shwalk_kids(c->a, n, true, &cnt);
	struct shcmd_word *w = arena_alloc(&c->a->ar, ((size_t)cnt + 1) * sizeof(*w));
	const char *here = *cwd;

	for (uint32_t i = 0; i < cnt; i++) {
		if (n_is(kids[i], "variable_assignment")) {
			k += assigned(c, kids[i], &w[k]);
		} else if (n_is(kids[i], "command_name") || is_word(kids[i])) {
			w[k++] = eval(c, kids[i]);
		}
	}
	while (p < k && w[p].loose)
		p++;
	if (p < k && w[p].known && (strcmp(w[p].lit, "cd") == 0 || strcmp(w[p].lit, "pushd") == 0))
		*cwd = cd_to(c, w + p, k - p, *cwd);
	if (k)
		c->v->command(c->v->arg, w, k, here);
	for (uint32_t i = 0; i < cnt; i++) {
		if (is_redirect(kids[i]))
			redirect(c, kids[i], &here);
		walk(c, kids[i], &here, true, depth + 1);
	}
}

static void walk(struct cw *c, TSNode n, const char **cwd, bool in_cmd, int depth)
{
	const char *t = ts_node_type(n);
	const char *sub = *cwd;
	struct shcmd_word as;

	if (depth > MAX_WALK_DEPTH) {
		c->complete = false;
		return;
	}
	if (strcmp(t, "comment") == 0) {
		return;
	} else if (strcmp(t, "command") == 0) {
		command(c, n, cwd, depth);
	} else if (strcmp(t, "subshell") == 0 || strcmp(t, "command_substitution") == 0 ||
		   strcmp(t, "process_substitution") == 0 ||
		   strcmp(t, "function_definition") == 0) {
		walk_kids(c, n, &sub, false, depth);
	} else if (strcmp(t, "pipeline") == 0) {
		/* each element in a subshell of its own (bash(1), Pipelines) */
		uint32_t cnt;
		TSNode *kids = shwalk_kids(c->a, n, true, &cnt);

		for (uint32_t i = 0; i < cnt; i++) {
			sub = *cwd;
			walk(c, kids[i], &sub, in_cmd, depth + 1);
		}
	} else if (is_redirect(n) && !in_cmd) {
		redirect(c, n, cwd);
		walk_kids(c, n, cwd, true, depth);
	} else if (strcmp(t, "variable_assignment") == 0 && !in_cmd && assigned(c, n, &as)) {
		/* export NAME=value, NAME=value alone */
		c->v->command(c->v->arg, &as, 1, *cwd);
		walk_kids(c, n, cwd, true, depth);
	} else if (is_word(n) && !in_cmd) {
		struct shcmd_word w = eval(c, n);

		w.loose = true;
		c->v->command(c->v->arg, &w, 1, *cwd);
		walk_kids(c, n, cwd, true, depth);
	} else {
		walk_kids(c, n, cwd, in_cmd && !n_is(n, "ERROR"), depth);
	}
}

int shcmds_walk(const char *text, size_t len, struct shcmds_visit *v)
{
	struct effects_opts o = { .cwd = "/" };
	struct fsj_effects scratch = { .complete = true };
	struct an a = { .o = &o, .out = &scratch, .line = text, .src = text };
	struct cw c = { .a = &a, .v = v, .sh = { .path = "/usr/bin:/bin" }, .complete = true };
	const char *cwd = "";
	TSTree *tree;

	v->incomplete = true;
	if (len > FSJ_EFFECTS_MAX_LINE || memchr(text, '\0', len))
		return -1;
	a.parser = ts_parser_new();
	if (!ts_parser_set_language(a.parser, tree_sitter_bash())) {
		ts_parser_delete(a.parser);
		return -1;
	}
	ts_parser_set_timeout_micros(a.parser, PARSE_TIMEOUT_US);
	tree = ts_parser_parse_string(a.parser, NULL, text, (uint32_t)len);
	if (tree) {
		c.complete = !ts_node_has_error(ts_tree_root_node(tree));
		v->incomplete = !c.complete;
		walk(&c, ts_tree_root_node(tree), &cwd, false, 0);
		ts_tree_delete(tree);
	}
	ts_parser_delete(a.parser);
	keyset_release(&a.made[0]);
	keyset_release(&a.made[1]);
	arena_release(&a.ar);
	effects_release(&scratch);
	return tree && c.complete ? 1 : 0;
}
