/* shword.c - shell words evaluated as far as the text allows: quote
 * removal, escapes, tilde, the literal prefix before a run-time part; a
 * known word as a normalised path (PATH lookup: shword-lookup.c). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* Normalised absolute path of a word whose path is known; NULL when it is
 * empty or relative to an unknown directory. */
const char *shword_path(struct an *a, const char *cwd, const char *lit, size_t len)
{
	char *out = NULL;
	const char *in = lit;
	size_t n = len;

	if (n == 0)
		return NULL;
	if (lit[0] == '~') {
		/* a tilde left in a value was quoted: a plain name */
		in = arena_own(&a->ar, xasprintf("./%.*s", (int)len, lit));
		n = len + 2;
	}
	if (in[0] != '/' && !cwd)
		return NULL;
	if (path_normalize(in, n, NULL, cwd, &out) != PATH_OK)
		return NULL;
	return arena_own(&a->ar, out);
}

/* The directory a run-time operand is known to lie in: its literal
 * directory prefix (`/etc/$X` -> /etc), "/" when its head is run-time
 * (`$X/a` may be absolute or climb out), else cwd. */
const char *shword_anchor(struct an *a, const char *cwd, const struct word *w)
{
	size_t n = w->prefix_len;

	while (n > 0 && w->lit[n - 1] != '/')
		n--;
	if (n == 0)
		return w->anywhere ? "/" : cwd;
	if (n == 1)
		return "/";
	return shword_path(a, cwd, w->lit, n - 1);
}

/* ---- words --------------------------------------------------------------- */

struct wb {
	struct strbuf sb;
	bool prefix_done;
	size_t prefix_len;
	bool dynamic, glob, head_dyn; /* head_dyn: the first piece is run-time */
	bool first;        /* nothing appended yet */
	int brace;         /* 0 none, 1 inside an unquoted {, 2 ... with , or .. */
	int pieces;        /* pieces of the word left to evaluate after this one */
};

static void wb_end_prefix(struct wb *b)
{
	if (!b->prefix_done) {
		b->prefix_done = true;
		b->prefix_len = b->sb.len;
	}
}

static void wb_lit(struct wb *b, const char *s, size_t n)
{
	sb_add(&b->sb, s, n);
	b->first = false;
}

static void wb_dyn(struct wb *b, const char *s, size_t n)
{
	b->head_dyn |= !b->prefix_done && b->sb.len == 0;
	wb_end_prefix(b);
	b->dynamic = true;
	sb_add(&b->sb, s, n);
	b->first = false;
}

/* The tilde prefix at the start of s (n bytes; s[0] is '~') into b: up to
 * the first unquoted slash, all of it unquoted (bash(1) "Tilde
 * Expansion"). Returns the bytes used, 0 when it is not a tilde prefix. */
static size_t wb_tilde(struct an *a, const struct sh *sh, struct wb *b, const char *s, size_t n)
{
	size_t j = 1;

	while (j < n && s[j] != '/')
		j++;
	if (j == n && b->pieces != 0)
		return 0; /* ~"x": quoted, a plain name */
	if (j == 1 && a->o->home)
		wb_lit(b, a->o->home, strlen(a->o->home));
	else if (j == 2 && s[1] == '+' && sh->cwd)
		wb_lit(b, sh->cwd, strlen(sh->cwd));
	else
		wb_dyn(b, s, j); /* ~user, ~-, or no home: known only at run time */
	return j;
}

/* Length of the NAME= that starts s (a word that looks like an assignment,
 * bash(1) PARAMETERS), 0 when it does not. */
static size_t assignment_prefix(const char *s, size_t n)
{
	size_t k = 0;

	if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return 0;
	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
		k++;
	return k < n && s[k] == '=' ? k + 1 : 0;
}

/* Unquoted text: backslash escapes, glob characters, brace expansion and,
 * at the start of the word or after the = of NAME=, tilde expansion. */
static void wb_unquoted(struct an *a, const struct sh *sh, struct wb *b, const char *s, size_t n)
{
	size_t i = 0, eq;

	if (b->first && n > 0 && s[0] == '~') {
		i = wb_tilde(a, sh, b, s, n);
	} else if (b->first && (eq = assignment_prefix(s, n)) != 0 && eq < n && s[eq] == '~') {
		/* bash expands a tilde after the = of an assignment-like
		 * argument too (bash(1) "Tilde Expansion"): dd of=~/x */
		wb_lit(b, s, eq);
		i = eq + wb_tilde(a, sh, b, s + eq, n - eq);
	}
	b->first = false;
	for (; i < n; i++) {
		char ch = s[i];

		if (ch == '\\') {
			if (i + 1 < n) {
				i++;
				if (s[i] != '\n')
					sb_addc(&b->sb, s[i]);
			} else {
				sb_addc(&b->sb, ch);
			}
			continue;
		}
		if (ch == '*' || ch == '?' || ch == '[') {
			wb_end_prefix(b);
			b->glob = true;
		} else if (ch == '{') {
			b->brace = 1;
		} else if (ch == ',' && b->brace == 1) {
			b->brace = 2;
		} else if (ch == '.' && b->brace == 1 && i + 1 < n && s[i + 1] == '.') {
			b->brace = 2;
		} else if (ch == '}' && b->brace == 2) {
			b->glob = true;
			b->brace = 0;
			/* the prefix stops before the brace */
			if (!b->prefix_done) {
				const char *open = memrchr(b->sb.buf, '{', b->sb.len);
				b->prefix_done = true;
				b->prefix_len = open ? (size_t)(open - b->sb.buf) : b->sb.len;
			}
		}
		sb_addc(&b->sb, ch);
	}
}

/* Text inside double quotes: only \$ \` \" \\ and \newline are escapes. */
static void wb_dquoted(struct wb *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && strchr("$`\"\\\n", s[i + 1])) {
			i++;
			if (s[i] != '\n')
				sb_addc(&b->sb, s[i]);
			continue;
		}
		sb_addc(&b->sb, s[i]);
	}
	b->first = false;
}

static bool is_octal(char c)
{
	return c >= '0' && c <= '7';
}

static void sb_add_utf8(struct strbuf *sb, unsigned long cp)
{
	if (cp < 0x80) {
		sb_addc(sb, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(sb, (char)(0xc0 | (cp >> 6)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sb_addc(sb, (char)(0xe0 | (cp >> 12)));
		sb_addc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x110000) {
		sb_addc(sb, (char)(0xf0 | (cp >> 18)));
		sb_addc(sb, (char)(0x80 | ((cp >> 12) & 0x3f)));
		sb_addc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	}
}

/* $'...' (bash(1) "QUOTING"): s is the text between the quotes. A NUL
 * ends the string, as it does in bash. */
static void wb_ansi_c(struct wb *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned long v;
		int k, d;

		if (s[i] != '\\' || i + 1 >= n) {
			sb_addc(&b->sb, s[i]);
			continue;
		}
		i++;
		switch (s[i]) {
		case 'a': sb_addc(&b->sb, '\a'); break;
		case 'b': sb_addc(&b->sb, '\b'); break;
		case 'e':
		case 'E': sb_addc(&b->sb, '\033'); break;
		case 'f': sb_addc(&b->sb, '\f'); break;
		case 'n': sb_addc(&b->sb, '\n'); break;
		case 'r': sb_addc(&b->sb, '\r'); break;
		case 't': sb_addc(&b->sb, '\t'); break;
		case 'v': sb_addc(&b->sb, '\v'); break;
		case '\\':
		case '\'':
		case '"':
		case '?': sb_addc(&b->sb, s[i]); break;
		case 'c':
			if (i + 1 < n) {
				i++;
				sb_addc(&b->sb, (char)(s[i] & 0x1f));
			}
			break;
		case 'x':
		case 'u':
		case 'U': {
			int max = s[i] == 'x' ? 2 : s[i] == 'u' ? 4 : 8;
			char kind = s[i];

			v = 0;
			for (k = 0; k < max && i + 1 < n && (d = hex_digit(s[i + 1])) >= 0; k++) {
				v = v * 16 + (unsigned long)d;
				i++;
			}
			if (k == 0) {
				sb_addc(&b->sb, '\\');
				sb_addc(&b->sb, kind);
			} else if (v == 0) {
				goto out;
			} else if (kind == 'x') {
				sb_addc(&b->sb, (char)v);
			} else {
				sb_add_utf8(&b->sb, v);
			}
			break;
		}
		default:
			if (is_octal(s[i])) {
				v = (unsigned long)(s[i] - '0');
				for (k = 1; k < 3 && i + 1 < n && is_octal(s[i + 1]); k++)
					v = v * 8 + (unsigned long)(s[++i] - '0');
				if ((v & 0xff) == 0)
					goto out;
				sb_addc(&b->sb, (char)(v & 0xff));
			} else {
				sb_addc(&b->sb, '\\');
				sb_addc(&b->sb, s[i]);
			}
		}
	}
out:
	b->first = false;
}

static void wb_node(struct an *a, const struct sh *sh, struct wb *b, TSNode n);

static void wb_children(struct an *a, const struct sh *sh, struct wb *b, TSNode n)
{
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, true, &cnt);

	for (uint32_t i = 0; i < cnt; i++) {
		int saved = b->pieces;

		b->pieces = (int)(cnt - i - 1) + saved;
		wb_node(a, sh, b, kids[i]);
		b->pieces = saved;
	}
}

static void wb_string(struct an *a, const struct sh *sh, struct wb *b, TSNode n)
{
	uint32_t pos = n_start(n) + 1, end = n_end(n) - 1;
	uint32_t cnt;
	TSNode *kids = shwalk_kids(a, n, false, &cnt);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = kids[i];
		uint32_t cs = n_start(c), ce = n_end(c);

		if (!ts_node_is_named(c) && (i == 0 || i == cnt - 1) && n_is(c, "\""))
			continue;
		if (cs > pos && cs <= end)
			wb_dquoted(b, a->src + pos, cs - pos);
		if (ts_node_is_named(c) && !n_is(c, "string_content"))
			wb_node(a, sh, b, c);
		else
			wb_dquoted(b, a->src + cs, ce - cs);
		pos = ce;
	}
	if (end > pos)
		wb_dquoted(b, a->src + pos, end - pos);
	b->first = false;
}

static void wb_node(struct an *a, const struct sh *sh, struct wb *b, TSNode n)
{
	const char *t = ts_node_type(n);
	const char *s = a->src + n_start(n);
	size_t len = n_end(n) - n_start(n);

	if (strcmp(t, "word") == 0) {
		wb_unquoted(a, sh, b, s, len);
	} else if (strcmp(t, "number") == 0) {
		wb_lit(b, s, len);
	} else if (strcmp(t, "concatenation") == 0 || strcmp(t, "command_name") == 0) {
		wb_children(a, sh, b, n);
	} else if (strcmp(t, "string") == 0) {
		wb_string(a, sh, b, n);
	} else if (strcmp(t, "translated_string") == 0) {
		if (ts_node_named_child_count(n) > 0)
			wb_string(a, sh, b, ts_node_named_child(n, 0));
	} else if (strcmp(t, "raw_string") == 0) {
		if (len >= 2)
			wb_lit(b, s + 1, len - 2);
	} else if (strcmp(t, "ansi_c_string") == 0) {
		if (len >= 3)
			wb_ansi_c(b, s + 2, len - 3);
	} else if (strcmp(t, "brace_expression") == 0 || strcmp(t, "extglob_pattern") == 0) {
		wb_end_prefix(b);
		b->glob = true;
		wb_lit(b, s, len);
	} else if (strcmp(t, "command_substitution") == 0 ||
		   strcmp(t, "process_substitution") == 0) {
		shwalk_subst(a, n, sh);
		wb_dyn(b, s, len);
	} else if ((s = shword_known_param(a, sh, n)) != NULL) {
		wb_lit(b, s, strlen(s)); /* $HOME, ${PWD}: bash's value */
	} else if ((s = shword_line_param(a, n)) != NULL) {
		struct sh sub = *sh;

		shwalk_scan(a, n, &sub);
		/* D=.git; ... $D/config: the line's value; for f in GLOB:
		 * $f is each name GLOB matches, as GLOB itself */
		if (strpbrk(s, "*?["))
			wb_unquoted(a, sh, b, s, strlen(s));
		else
			wb_lit(b, s, strlen(s));
	} else {
		/* expansions, arithmetic, anything unexpected: run-time values */
		struct sh sub = *sh;
		bool head = !b->prefix_done && b->sb.len == 0;

		shwalk_scan(a, n, &sub);
		wb_dyn(b, a->src + n_start(n), len);
		if (head && shword_relative_param(a, n))
			b->head_dyn = false; /* d=build; rm $d: in the working folder */
	}
}

/* Evaluate the word at node n (analysing the substitutions inside it once). */
struct word *shword_eval(struct an *a, const struct sh *sh, TSNode n)
{
	struct word *w = arena_alloc(&a->ar, sizeof(*w));
	struct wb b = { .sb = STRBUF_INIT, .first = true };

	wb_node(a, sh, &b, n);
	w->len = b.sb.len;
	w->lit = arena_own(&a->ar, sb_detach(&b.sb));
	w->prefix_len = b.prefix_done ? b.prefix_len : w->len;
	w->dynamic = b.dynamic;
	w->glob = b.glob;
	w->anywhere = b.head_dyn;
	w->pipe = n_is(n, "process_substitution");
	w->start = n_start(n);
	w->end = n_end(n);
	return w;
}

/* The part of w from byte off on (an option's attached value). */
struct word *shword_tail(struct an *a, const struct word *w, size_t off)
{
	struct word *t = arena_alloc(&a->ar, sizeof(*t));

	*t = *w;
	if (off > w->len)
		off = w->len;
	t->lit = w->lit + off;
	t->len = w->len - off;
	t->prefix_len = w->prefix_len > off ? w->prefix_len - off : 0;
	/* a run-time part before off does not make the tail run-time */
	if (w->prefix_len >= w->len)
		t->prefix_len = t->len;
	/* --out=$X: the tail's head is run-time */
	t->anywhere = w->anywhere || (w->dynamic && off >= w->prefix_len && w->prefix_len < w->len);
	return t;
}

/* A synthetic run-time operand (xargs input, {} of find). */
struct word *shword_unknown(struct an *a, const char *text, uint32_t start, uint32_t end)
{
	struct word *w = arena_alloc(&a->ar, sizeof(*w));

	w->lit = arena_strdup(&a->ar, text);
	w->len = strlen(text);
	w->prefix_len = 0;
	w->dynamic = true;
	w->start = start;
	w->end = end;
	return w;
}
