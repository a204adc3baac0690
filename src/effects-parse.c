/* effects-parse.c - the line parsed by tree-sitter-bash, with the
 * repairs of what the grammar cannot read but bash runs (effects-int.h,
 * effects_parse()): a `;` after a here-document's start, and the
 * read-write redirection `<>` (fix45: `exec 3<> f` was an ERROR node,
 * opaque, and check asked). */
#include <string.h>

#include "effects-int.h"

/* Offset x of the parsed text as an offset of the analysed line. */
uint32_t effects_line_offset(const struct an *a, uint32_t x)
{
	uint32_t d = 0;

	for (size_t i = 0; i < a->nins; i++)
		if (x >= a->ins[i])
			d += 2;
	return x - d;
}

/* Start offsets of the here-document delimiters in the tree under n,
 * MAX_WALK_DEPTH deep at most. A cursor walks it: ts_node_child(n, i)
 * costs O(i), and the ERROR node of a line that does not parse may hold
 * every token of a 1 MiB line as its children (att34: `{ ` 20,000 times
 * took 28 s, quadratic). */
static void heredoc_starts(struct an *a, TSNode n, uint32_t **v, size_t *k)
{
	TSTreeCursor c = ts_tree_cursor_new(n);
	int depth = 0;

	for (;;) {
		TSNode cur = ts_tree_cursor_current_node(&c);

		if (n_is(cur, "heredoc_start")) {
			if (arena_full(*k)) {
				uint32_t *nv = arena_alloc(&a->ar, arena_grown(*k) * sizeof(*nv));
				if (*k)
					memcpy(nv, *v, *k * sizeof(*nv));
				*v = nv;
			}
			(*v)[(*k)++] = n_start(cur); /* the scanner may take "EOF;" whole */
		} else if (depth < MAX_WALK_DEPTH && ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (depth == 0 || !ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return;
			}
			depth--;
		}
	}
}

/* tree-sitter-bash rejects a `;` after a here-document's start on its
 * first line (`cat <<EOF; rm x`, an ERROR node), where bash runs what
 * follows as the next command of the list. The line with each such
 * unquoted `;` spelled ` &&` parses; the commands are the same and only
 * the first's failure differs, which no effect depends on. Returns that
 * text (arena) and sets a->ins, or NULL when there is no such `;`. */
static char *heredoc_semicolons(struct an *a, TSNode root, const char *line, size_t len)
{
	uint32_t *st = NULL, *ins = NULL;
	size_t nst = 0, nins = 0;
	struct strbuf sb = STRBUF_INIT;
	size_t from = 0;

	heredoc_starts(a, root, &st, &nst);
	ins = arena_alloc(&a->ar, (len + 1) * sizeof(*ins));
	for (size_t h = 0; h < nst; h++) {
		char q = 0;

		for (size_t i = st[h]; i < len && line[i] != '\n'; i++) {
			char c = line[i];

			if (q) {
				if (c == q)
					q = 0;
				else if (q == '"' && c == '\\' && i + 1 < len)
					i++;
				continue;
			}
			if (c == '\'' || c == '"') {
				q = c;
			} else if (c == '\\' && i + 1 < len) {
				i++;
			} else if (c == ';' && (i + 1 >= len || line[i + 1] != ';') &&
				   (i == 0 || line[i - 1] != ';') && i >= from) {
				sb_add(&sb, line + from, i - from);
				sb_adds(&sb, " &&"); /* "<<EOF&&" would be the delimiter */
				ins[nins] = (uint32_t)(i + 2 * nins + 3);
				nins++;
				from = i + 1;
			}
		}
	}
	if (nins == 0) {
		sb_release(&sb);
		return NULL;
	}
	sb_add(&sb, line + from, len - from);
	a->ins = ins;
	a->nins = nins;
	return arena_own(&a->ar, sb_detach(&sb));
}

/* Whether n lies in text the shell does not read as operators: a quoted
 * string, a here-document's body, a comment (but not in a command
 * substitution inside one, whose commands bash reads). */
static bool in_text(TSNode n)
{
	static const char *const text[] = {
		"string",  "raw_string", "ansi_c_string", "translated_string", "heredoc_body",
		"comment", NULL
	};

	for (; !ts_node_is_null(n); n = ts_node_parent(n)) {
		if (n_is(n, "command_substitution") || n_is(n, "process_substitution"))
			return false;
		for (size_t i = 0; text[i]; i++)
			if (n_is(n, text[i]))
				return true;
	}
	return false;
}

/* The grammar has no `<>` (bash(1), "Opening File Descriptors for Reading
 * and Writing"): s with each one outside a string spelled `>>`, the same
 * length (every offset stays; shwalk_redirect() finds the `<` in the
 * text kept as a->unfixed), or NULL when there is none. */
static char *rw_redirects(struct an *a, TSNode root, const char *s, size_t len)
{
	char *out = NULL;

	for (size_t i = 0; i + 1 < len; i++) {
		if (s[i] != '<' || s[i + 1] != '>' ||
		    (i > 0 && (s[i - 1] == '<' || s[i - 1] == '\\')))
			continue;
		if (in_text(ts_node_descendant_for_byte_range(root, (uint32_t)i, (uint32_t)i + 2)))
			continue;
		if (!out)
			out = arena_strndup(&a->ar, s, len);
		out[i] = '>';
	}
	return out;
}

static TSTree *parse(struct an *a, const char *s, size_t len)
{
	TSTree *t = ts_parser_parse_string(a->parser, NULL, s, (uint32_t)len);

	if (!t)
		ts_parser_reset(a->parser);
	return t;
}

static bool clean(TSTree *t)
{
	return t && !ts_node_has_error(ts_tree_root_node(t));
}

/* The here-document repair of the tree t of s: the new tree (a->src and
 * a->ins set), or NULL (t is kept by the caller). */
static TSTree *heredoc_try(struct an *a, TSTree *t, const char *s, size_t len)
{
	char *fixed = heredoc_semicolons(a, ts_tree_root_node(t), s, len);
	TSTree *t2 = fixed ? parse(a, fixed, strlen(fixed)) : NULL;

	if (clean(t2)) {
		a->src = fixed;
		return t2;
	}
	if (t2)
		ts_tree_delete(t2);
	a->ins = NULL;
	a->nins = 0;
	return NULL;
}

TSTree *effects_parse(struct an *a, const char *s, size_t len, bool top)
{
	TSTree *tree = parse(a, s, len), *t, *t3;
	char *rw;

	if (!tree || clean(tree))
		return tree;
	rw = rw_redirects(a, ts_tree_root_node(tree), s, len);
	t = rw ? parse(a, rw, len) : NULL;
	t3 = t && !clean(t) && top ? heredoc_try(a, t, rw, len) : NULL;
	if (clean(t) || t3) {
		ts_tree_delete(tree);
		a->unfixed = s;
		if (!t3) {
			a->src = rw;
			return t;
		}
		ts_tree_delete(t);
		return t3;
	}
	if (t)
		ts_tree_delete(t);
	t3 = top ? heredoc_try(a, tree, s, len) : NULL;
	if (!t3)
		return tree;
	ts_tree_delete(tree);
	return t3;
}
