/* shword-known.c - the shell parameters whose value `fsjail check` knows
 * before the line runs, expanded as bash would (shword.h). A path spelled
 * `$HOME/x` or "$PWD/../x" is then decided where bash puts it, not as a
 * run-time name in the working folder; a variable the line itself sets
 * only to plain names (`d=build`, `for f in *.txt`) names a path in the
 * working folder, not any path. */
#include <ctype.h>
#include <string.h>

#include "effects-int.h"

/* Whether bash would use v as it is: no blank to split it, no glob
 * character to expand it (unquoted `$HOME` is split and globbed). */
static bool plain(const char *v)
{
	return v && v[0] == '/' && !strpbrk(v, " \t\n*?[");
}

const char *shword_known_param(struct an *a, const struct sh *sh, TSNode n)
{
	const char *t;

	if (!n_is(n, "simple_expansion") && !n_is(n, "expansion"))
		return NULL;
	t = n_text(a, n);
	if ((!strcmp(t, "$HOME") || !strcmp(t, "${HOME}")) && plain(a->o->home))
		return a->o->home;
	if ((!strcmp(t, "$PWD") || !strcmp(t, "${PWD}")) && plain(sh->cwd))
		return sh->cwd;
	return NULL;
}

/* ---- variables the line sets --------------------------------------------- */

/* One name the text assigns: where it is first set, and whether every
 * value it gets is a plain relative name. */
struct kvar {
	const char *name;
	uint32_t first;
	bool plain;
	const char *value; /* the one value every assignment gives, else NULL */
	bool one;          /* value is that one value (still so) */
	bool dot;          /* a value starts with '.': it may name .git, .env */
};

/* The assignments of one text (the line, or a -c string): built once. */
struct knownvars {
	const char *src;
	struct kvar *v;
	size_t n, cap;
	bool whole;  /* the scan saw all of it (not too deep, not too many) */
	struct knownvars *next;
};

#define KV_MAX 256

/* Whether the value node v is one literal name in the working folder:
 * unquoted text, '...', "..." or a number, without a run-time part, a
 * slash, a leading ~ or the name "..", and not empty. glob: unquoted glob
 * characters are allowed (a for list: `for f in *.txt`). */
static bool plain_value(struct an *a, TSNode v, bool glob, const char **out, bool *dot)
{
	const char *t = n_text(a, v);
	size_t n = strlen(t);

	*out = NULL;
	if (n_is(v, "raw_string") && n >= 2) {
		t++;
		n -= 2;
	} else if (n_is(v, "string") && n >= 2 && ts_node_named_child_count(v) <= 1 &&
		   (ts_node_named_child_count(v) == 0 ||
		    n_is(ts_node_named_child(v, 0), "string_content"))) {
		t++;
		n -= 2;
	} else if (!n_is(v, "word") && !n_is(v, "number")) {
		return false;
	}
	if (n == 0)
		return false;
	/* the value itself, when bash would use it as it is (no blank to
	 * split it, no glob character to expand it, nothing run-time, no ~
	 * an assignment expands): also a path (D=.git/hooks, D=/etc) */
	if (t[0] != '~' && !memmem(t, n, ":~", 2) && !memchr(t, ' ', n) && !memchr(t, '\t', n) &&
	    !memchr(t, '\n', n) && strcspn(t, glob ? "{$`\\\"'" : "*?[{$`\\\"'") >= n)
		*out = arena_strndup(&a->ar, t, n); /* a for word: each name it matches */
	if (t[0] == '~' || (n == 2 && t[0] == '.' && t[1] == '.'))
		return false;
	*dot |= t[0] == '.';
	for (size_t i = 0; i < n; i++)
		if (strchr("/$`\\\"'", t[i]) || (!glob && strchr("*?[{", t[i])))
			return false;
	return true;
}

static void kv_set_name(struct an *a, struct knownvars *kv, const char *nm, uint32_t at,
			bool plain, const char *value, bool dot)
{

	for (size_t i = 0; i < kv->n; i++) {
		if (strcmp(kv->v[i].name, nm) == 0) {
			kv->v[i].plain &= plain;
			kv->v[i].dot |= dot;
			kv->v[i].one &= value && kv->v[i].value && strcmp(value, kv->v[i].value) == 0;
			if (at < kv->v[i].first)
				kv->v[i].first = at;
			return;
		}
	}
	if (kv->n == KV_MAX) {
		kv->whole = false;
		return;
	}
	if (kv->n == kv->cap) {
		struct kvar *nv = arena_alloc(&a->ar, (kv->cap ? kv->cap * 2 : 8) * sizeof(*nv));

		if (kv->n)
			memcpy(nv, kv->v, kv->n * sizeof(*nv));
		kv->v = nv;
		kv->cap = kv->cap ? kv->cap * 2 : 8;
	}
	kv->v[kv->n++] = (struct kvar){ nm, at, plain, value, value != NULL, dot };
}

static void kv_set(struct an *a, struct knownvars *kv, TSNode name, uint32_t at, bool plain,
		   const char *value, bool dot)
{
	kv_set_name(a, kv, n_text(a, name), at, plain, value, dot);
}

/* A name set in a way whose value is not known (at 0: before any use). */
static void kv_add(struct an *a, struct knownvars *kv, const char *nm)
{
	kv_set_name(a, kv, nm, 0, false, NULL, false);
}

/* A command that may set a variable another way: read d, mapfile,
 * getopts, printf -v, let, declare/local/export d (no value), unset: each
 * name among its words is not known; eval, source and . may set any
 * variable: nothing is known. Loose: every identifier-shaped word counts. */
static void kv_command(struct an *a, struct knownvars *kv, TSNode n)
{
	static const char *const setters[] = { "read", "mapfile", "readarray", "getopts",
					       "printf", "let", "declare", "typeset", "local",
					       "export", "readonly", "unset", NULL };
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);
	const char *prog = n_text(a, n_is(n, "command") && cnt ? kids[0] : n);
	bool sets = n_is(n, "declaration_command");

	if (!strcmp(prog, "eval") || !strcmp(prog, "source") || !strcmp(prog, ".")) {
		kv->whole = false;
		return;
	}
	for (size_t i = 0; setters[i] && !sets; i++)
		sets = strcmp(prog, setters[i]) == 0;
	for (uint32_t i = 0; sets && i < cnt; i++) {
		const char *w = n_text(a, kids[i]);
		size_t k = 0;

		while (isalnum((unsigned char)w[k]) || w[k] == '_')
			k++;
		if (k > 0 && !w[k] && !isdigit((unsigned char)w[0]))
			kv_set(a, kv, kids[i], n_start(n), false, NULL, false);
	}
}

/* Arithmetic may change a variable without an assignment node: ((i++)),
 * $((i+=2)), for ((i=0; i<3; i++)) (this grammar gives their text as
 * words). Each name in the text [s, s + n) no longer has one known value
 * (any it had stays plain: a number is a plain name); one the text did
 * not set yet is not known. */
static void kv_arith(struct an *a, struct knownvars *kv, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = i;
		bool seen = false;
		const char *nm;

		if (!(isalpha((unsigned char)s[i]) || s[i] == '_')) {
			i++;
			continue;
		}
		while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
			k++;
		nm = arena_strndup(&a->ar, s + i, k - i);
		for (size_t j = 0; j < kv->n && !seen; j++)
			if (strcmp(kv->v[j].name, nm) == 0)
				kv->v[j].one = false, seen = true;
		if (!seen && kv->n < KV_MAX)
			kv_add(a, kv, nm);
		i = k;
	}
}

static void kv_scan(struct an *a, struct knownvars *kv, TSNode n, int depth)
{
	uint32_t cnt;
	TSNode *kids;

	if (depth > MAX_WALK_DEPTH) {
		kv->whole = false;
		return;
	}
	if (n_is(n, "variable_assignment")) {
		TSNode name = ts_node_child_by_field_name(n, "name", 4);
		TSNode val = ts_node_child_by_field_name(n, "value", 5);

		const char *value = NULL;
		bool plain, dot = false;

		if (!ts_node_is_null(name)) { /* d+=x appends: not a plain name */
			plain = a->src[n_end(name)] == '=' && !ts_node_is_null(val) &&
				plain_value(a, val, false, &value, &dot);
			/* `D=x cmd $D`: bash expands $D before the prefix
			 * applies, and the prefix ends with cmd */
			if (n_is(ts_node_parent(n), "command"))
				value = NULL;
			kv_set(a, kv, name, n_start(n), plain, value, dot);
		}
	} else if (n_is(n, "arithmetic_expansion") || n_is(n, "c_style_for_statement") ||
		   (n_is(n, "test_command") && strncmp(n_text(a, n), "((", 2) == 0)) {
		TSNode body = ts_node_child_by_field_name(n, "body", 4);
		uint32_t end = ts_node_is_null(body) ? n_end(n) : n_start(body);

		kv_arith(a, kv, a->src + n_start(n), end - n_start(n));
	} else if (n_is(n, "command") || n_is(n, "declaration_command")) {
		kv_command(a, kv, n);
	} else if (n_is(n, "for_statement")) {
		TSNode var = ts_node_child_by_field_name(n, "variable", 8);
		bool plain = true, any = false, dot = false;
		const char *value = NULL;
		int nvals = 0;

		TSTreeCursor cur = ts_tree_cursor_new(n);

		if (ts_tree_cursor_goto_first_child(&cur)) {
			do {
				const char *f = ts_tree_cursor_current_field_name(&cur);

				if (f && strcmp(f, "value") == 0) {
					any = true;
					nvals++;
					plain &= plain_value(a, ts_tree_cursor_current_node(&cur), true,
							     &value, &dot);
				}
			} while (ts_tree_cursor_goto_next_sibling(&cur));
		}
		ts_tree_cursor_delete(&cur);
		if (!ts_node_is_null(var)) /* `for f; do` walks "$@": not known */
			kv_set(a, kv, var, n_start(n), plain && any, nvals == 1 ? value : NULL, dot);
	}
	kids = shwalk_kids(a, n, true, &cnt);
	for (uint32_t i = 0; i < cnt; i++)
		kv_scan(a, kv, kids[i], depth + 1);
}

/* The entry of the variable the expansion n ($NAME, ${NAME}) reads, when
 * the text being walked sets it before n and scanned all of it; else NULL. */
static const struct kvar *kv_find(struct an *a, TSNode n)
{
	struct knownvars *kv;
	const char *t;
	size_t len;

	if (!n_is(n, "simple_expansion") && !n_is(n, "expansion"))
		return NULL;
	t = n_text(a, n);
	len = strlen(t);
	if (t[1] == '{' && len > 3 && t[len - 1] == '}') {
		t = arena_strndup(&a->ar, t + 2, len - 3);
	} else if (t[1] != '{') {
		t = t + 1;
	} else {
		return NULL;
	}
	for (size_t i = 0; t[i]; i++)
		if (!(isalnum((unsigned char)t[i]) || t[i] == '_'))
			return NULL; /* ${X:-..}, ${X#y}, $1...: not a plain name */
	if (isdigit((unsigned char)t[0]))
		return NULL;
	for (kv = a->vars; kv && kv->src != a->src; kv = kv->next)
		;
	if (!kv) {
		kv = arena_alloc(&a->ar, sizeof(*kv));
		kv->src = a->src;
		kv->whole = true;
		kv_scan(a, kv, ts_tree_root_node(n.tree), 0);
		kv->next = a->vars;
		a->vars = kv;
	}
	if (!kv->whole)
		return NULL;
	for (size_t i = 0; i < kv->n; i++)
		if (strcmp(kv->v[i].name, t) == 0)
			return kv->v[i].first < n_start(n) ? &kv->v[i] : NULL;
	return NULL;
}

bool shword_relative_param(struct an *a, TSNode n)
{
	const struct kvar *v = kv_find(a, n);

	/* several values, one of them hidden (.git, .env): which one is not
	 * known, and any may be a protected path: not just "a name here" */
	return v && v->plain && !v->dot;
}

const char *shword_line_param(struct an *a, TSNode n)
{
	const struct kvar *v = kv_find(a, n);

	return v && v->one ? v->value : NULL;
}
