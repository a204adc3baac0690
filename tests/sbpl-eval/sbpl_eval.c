/* sbpl_eval.c - an evaluator of Seatbelt profiles for the tests (see
 * sbpl_eval.h for what it models and SBPL-NOTES.md sections 1-4 for the
 * sources).
 *
 * Three steps: a reader turns the text into a tree (TinyScheme's string
 * escapes, #"..." raw strings, ";" comments); a compiler turns every
 * allow/deny form into a rule on each operation it names, with its filters
 * resolved (parameters substituted, regexes compiled); a query walks the
 * operation's list and its parents' as Seatbelt does. The evaluator does
 * not use src/path.c: an oracle that shared the code under test would
 * share its bugs. */
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbpl_bsd.h"
#include "sbpl_eval.h"

/* Nesting deeper than this is not SBPL fsjail writes; the cap keeps the
 * recursive reader's stack bounded on hostile input. */
#define SBPL_MAX_DEPTH 64

/* ---- operations ------------------------------------------------------------ */

/* The operation tree (SBPL-NOTES.md section 1). The file part is exact as
 * the notes state it; the rest follows the 10.15 operation table only as
 * far as needed to accept fsjail's fixed part and the bsd.sb model. Each
 * entry's parent is the list its jump goes to; -1 only for "default". */
struct op_def {
	const char *name;
	const char *parent;
};

static const struct op_def op_defs[] = {
	{ "default", NULL },
	{ "file*", "default" },
	{ "file-read*", "file*" },
	{ "file-read-data", "file-read*" },
	{ "file-read-metadata", "file-read*" },
	{ "file-read-xattr", "file-read*" },
	{ "file-write*", "file*" },
	{ "file-write-create", "file-write*" },
	{ "file-write-data", "file-write*" },
	{ "file-write-flags", "file-write*" },
	{ "file-write-mode", "file-write*" },
	{ "file-write-owner", "file-write*" },
	{ "file-write-times", "file-write*" },
	{ "file-write-unlink", "file-write*" },
	{ "file-write-xattr", "file-write*" },
	{ "file-write-acl", "file-write*" },
	{ "file-write-finderinfo", "file-write*" },
	{ "file-ioctl", "file*" },
	{ "file-search", "file*" },
	{ "file-issue-extension", "file*" },
	{ "file-mount", "file*" },
	{ "file-unmount", "file*" },
	{ "file-revoke", "file*" },
	{ "file-chroot", "file*" },
	{ "file-mknod", "file*" },
	/* outside the file tree: straight to default */
	{ "file-link", "default" },
	{ "file-clone", "default" },
	{ "file-map-executable", "default" },
	{ "file-test-existence", "default" },
	{ "file-write-setugid", "default" },
	{ "process*", "default" },
	{ "process-exec*", "process*" },
	{ "process-exec-interpreter", "process-exec*" },
	{ "process-fork", "process*" },
	{ "process-info*", "process*" },
	{ "process-info-pidinfo", "process-info*" },
	{ "process-info-pidfdinfo", "process-info*" },
	{ "process-info-listpids", "process-info*" },
	{ "process-info-rusage", "process-info*" },
	{ "process-info-setcontrol", "process-info*" },
	{ "process-info-dirtycontrol", "process-info*" },
	{ "process-info-codesignature", "process-info*" },
	{ "network*", "default" },
	{ "network-inbound", "network*" },
	{ "network-bind", "network-inbound" },
	{ "network-outbound", "network*" },
	{ "system-socket", "default" },
	{ "sysctl*", "default" },
	{ "sysctl-read", "sysctl*" },
	{ "sysctl-write", "sysctl*" },
	{ "signal", "default" },
	{ "mach*", "default" },
	{ "mach-lookup", "mach*" },
	{ "mach-register", "mach*" },
	{ "mach-bootstrap", "mach*" },
	{ "mach-host*", "mach*" },
	{ "mach-host-exception-port-set", "mach-host*" },
	{ "mach-host-special-port-set", "mach-host*" },
	{ "ipc*", "default" },
	{ "ipc-posix*", "ipc*" },
	{ "ipc-posix-sem*", "ipc-posix*" },
	{ "ipc-posix-shm*", "ipc-posix*" },
	{ "ipc-posix-shm-read*", "ipc-posix-shm*" },
	{ "ipc-posix-shm-read-data", "ipc-posix-shm-read*" },
	{ "ipc-posix-shm-read-metadata", "ipc-posix-shm-read*" },
	{ "ipc-posix-shm-write*", "ipc-posix-shm*" },
	{ "ipc-posix-shm-write-create", "ipc-posix-shm-write*" },
	{ "ipc-posix-shm-write-data", "ipc-posix-shm-write*" },
	{ "ipc-posix-shm-write-unlink", "ipc-posix-shm-write*" },
	{ "pseudo-tty", "default" },
	{ "iokit-open", "default" },
	{ "user-preference-read", "default" },
	{ "user-preference-write", "default" },
};
#define N_OPS (sizeof(op_defs) / sizeof(op_defs[0]))

/* Aliases (SBPL-NOTES.md section 1 and the 10.15 table). */
static const char *const op_aliases[][2] = {
	{ "file-unlink", "file-write-unlink" },
	{ "process-exec", "process-exec*" },
	{ "ipc-posix-shm", "ipc-posix-shm*" },
	{ "ipc-posix-sem", "ipc-posix-sem*" },
};

static int op_index(const char *name)
{
	for (size_t i = 0; i < sizeof(op_aliases) / sizeof(op_aliases[0]); i++)
		if (strcmp(name, op_aliases[i][0]) == 0)
			name = op_aliases[i][1];
	for (size_t i = 0; i < N_OPS; i++)
		if (strcmp(name, op_defs[i].name) == 0)
			return (int)i;
	return -1;
}

/* The parent's index of every operation, looked up once. */
static int op_parent(int i)
{
	static int parents[N_OPS];
	static bool done;

	if (!done) {
		for (size_t k = 0; k < N_OPS; k++)
			parents[k] = op_defs[k].parent ? op_index(op_defs[k].parent) : -1;
		done = true;
	}
	return parents[i];
}

bool sbpl_eval_known_op(const char *op)
{
	return op && op_index(op) >= 0;
}

/* ---- the reader -------------------------------------------------------------- */

struct titles {
	char **v;
	size_t n;
};

struct reader {
	const char *p;
	const char *file;
	unsigned line;
	struct fsj_error *err;
	struct titles *titles;
	const char *section;
	int depth;
};

static void node_free(struct sbpl_node *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n; i++)
		node_free(n->kids[i]);
	free(n->kids);
	free(n->s);
	free(n);
}

static void ast_release(struct sbpl_ast *ast)
{
	for (size_t i = 0; i < ast->n; i++)
		node_free(ast->forms[i]);
	free(ast->forms);
	ast->forms = NULL;
	ast->n = 0;
}

static void skip_space(struct reader *rd)
{
	for (;;) {
		while (*rd->p == ' ' || *rd->p == '\t' || *rd->p == '\n' || *rd->p == '\r' ||
		       *rd->p == '\f') {
			if (*rd->p == '\n')
				rd->line++;
			rd->p++;
		}
		if (*rd->p != ';')
			return;
		/* ";; title" comments name the section that follows */
		if (rd->p[1] == ';' && rd->p[2] == ' ') {
			const char *s = rd->p + 3;
			struct titles *t = rd->titles;
			t->v = xreallocarray(t->v, t->n + 1, sizeof(*t->v));
			t->v[t->n] = xstrndup(s, strcspn(s, "\n"));
			rd->section = t->v[t->n++];
		}
		rd->p += strcspn(rd->p, "\n");
	}
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* A string after its opening quote: TinyScheme's escapes (SBPL-NOTES.md
 * section 3): \n \t \r \" \\, \xHH (one or two hex digits), \ooo (octal,
 * one to three digits); any other escaped byte stands for itself; a raw
 * newline is part of the string. A raw string (#"...") takes every byte up
 * to the next quote. */
static int read_string(struct reader *rd, bool raw, struct strbuf *sb)
{
	unsigned start = rd->line;

	for (;;) {
		char c = *rd->p;

		if (!c)
			return fsj_error_set(rd->err, rd->file, start, 0, "unterminated string");
		rd->p++;
		if (c == '"')
			return 0;
		if (c == '\n')
			rd->line++;
		if (raw || c != '\\') {
			sb_addc(sb, c);
			continue;
		}
		c = *rd->p;
		if (!c)
			return fsj_error_set(rd->err, rd->file, start, 0, "unterminated string");
		rd->p++;
		switch (c) {
		case 'n':
			sb_addc(sb, '\n');
			break;
		case 't':
			sb_addc(sb, '\t');
			break;
		case 'r':
			sb_addc(sb, '\r');
			break;
		case 'x': {
			int v = 0, k = 0;
			while (k < 2 && hexval(*rd->p) >= 0) {
				v = v * 16 + hexval(*rd->p++);
				k++;
			}
			if (k == 0)
				sb_addc(sb, 'x');
			else
				sb_addc(sb, (char)v);
			break;
		}
		default:
			if (c >= '0' && c <= '7') {
				int v = c - '0', k = 1;
				while (k < 3 && *rd->p >= '0' && *rd->p <= '7') {
					v = v * 8 + (*rd->p++ - '0');
					k++;
				}
				sb_addc(sb, (char)(v & 0xff));
			} else {
				if (c == '\n')
					rd->line++;
				sb_addc(sb, c);
			}
			break;
		}
	}
}

/* Read one datum. Returns it, or NULL with rd->err set. */
static struct sbpl_node *read_node(struct reader *rd)
{
	struct sbpl_node *n;

	skip_space(rd);
	if (!*rd->p) {
		fsj_error_set(rd->err, rd->file, rd->line, 0, "unexpected end of the profile");
		return NULL;
	}
	if (*rd->p == ')') {
		fsj_error_set(rd->err, rd->file, rd->line, 0, "unbalanced ')'");
		return NULL;
	}
	n = xcalloc(1, sizeof(*n));
	n->line = rd->line;
	if (*rd->p == '(') {
		unsigned open_line = rd->line;

		if (++rd->depth > SBPL_MAX_DEPTH) {
			fsj_error_set(rd->err, rd->file, rd->line, 0, "lists nested deeper than %d",
				      SBPL_MAX_DEPTH);
			node_free(n);
			return NULL;
		}
		n->type = SBPL_NODE_LIST;
		rd->p++;
		for (;;) {
			struct sbpl_node *k;

			skip_space(rd);
			if (*rd->p == ')') {
				rd->p++;
				rd->depth--;
				return n;
			}
			if (!*rd->p) {
				fsj_error_set(rd->err, rd->file, open_line, 0,
					      "'(' is never closed");
				node_free(n);
				return NULL;
			}
			k = read_node(rd);
			if (!k) {
				node_free(n);
				return NULL;
			}
			n->kids = xreallocarray(n->kids, n->n + 1, sizeof(*n->kids));
			n->kids[n->n++] = k;
		}
	}
	if (*rd->p == '"' || (rd->p[0] == '#' && rd->p[1] == '"')) {
		struct strbuf sb = STRBUF_INIT;

		n->raw = *rd->p == '#';
		rd->p += n->raw ? 2 : 1;
		if (read_string(rd, n->raw, &sb) < 0) {
			sb_release(&sb);
			node_free(n);
			return NULL;
		}
		n->type = SBPL_NODE_STRING;
		n->s = sb_detach(&sb);
		return n;
	}
	if (rd->p[0] == '#' && rd->p[1] == '|') {
		fsj_error_set(rd->err, rd->file, rd->line, 0, "block comments are not supported");
		node_free(n);
		return NULL;
	}
	n->type = SBPL_NODE_SYMBOL;
	n->s = xstrndup(rd->p, strcspn(rd->p, " \t\n\r\f();\""));
	rd->p += strlen(n->s);
	return n;
}

static int read_profile(const char *text, const char *file, struct titles *titles,
			struct sbpl_ast *ast, struct fsj_error *err)
{
	struct reader rd = { text, file, 1, err, titles, "", 0 };

	memset(ast, 0, sizeof(*ast));
	for (;;) {
		struct sbpl_node *f;
		const char *section;

		skip_space(&rd);
		if (!*rd.p)
			return 0;
		if (*rd.p == ')') {
			fsj_error_set(err, file, rd.line, 0, "unbalanced ')'");
			goto fail;
		}
		if (*rd.p != '(') {
			fsj_error_set(err, file, rd.line, 0,
				      "expected '(' at the top level, not '%.20s'", rd.p);
			goto fail;
		}
		section = rd.section;
		f = read_node(&rd);
		if (!f)
			goto fail;
		f->section = section;
		ast->forms = xreallocarray(ast->forms, ast->n + 1, sizeof(*ast->forms));
		ast->forms[ast->n++] = f;
	}
fail:
	ast_release(ast);
	return -1;
}

/* ---- compiled rules ------------------------------------------------------------ */

enum filt_kind {
	FILT_PATH = 0, /* literal, subpath, prefix, regex */
	FILT_ALL,
	FILT_ANY,
	FILT_NOT,
	FILT_EXTENSION,
	FILT_NEVER, /* a non-path filter: never matches a path query */
	/* (remote unix-socket PATH-FILTER...): a connect to the Unix socket
	 * whose path the kids match; only a network query has one */
	FILT_REMOTE_UNIX,
	/* (local unix-socket PATH-FILTER...): the socket bind(2) makes;
	 * only a network-bind query has one */
	FILT_LOCAL_UNIX,
};

enum path_kind {
	PATH_LITERAL = 0,
	PATH_SUBPATH,
	PATH_PREFIX,
	PATH_REGEX,
};

struct filt {
	enum filt_kind kind;
	enum path_kind pk;
	char **args; /* FILT_PATH, FILT_EXTENSION: the strings, OR-ed */
	size_t n_args;
	const regex_t **re; /* PATH_REGEX: one per argument, from regex_cached() */
	struct filt **kids;
	size_t n_kids;
};

struct rule {
	bool allow;
	struct filt **filters; /* OR-ed; none: an unfiltered rule */
	size_t n_filters;
	unsigned line;
	bool from_import;
	const char *message; /* (with message "..."): points into the tree */
};

struct oplist {
	const struct rule **filtered; /* in the order written: scanned from the end */
	size_t n;
	const struct rule *tail; /* an unfiltered rule, else the jump (or default) */
};

struct sbpl_eval {
	char *file;
	struct sbpl_ast ast;
	struct sbpl_ast import_ast;
	struct titles titles;
	char **names;
	char **values;
	size_t n_params;
	struct rule **rules;
	size_t n_rules;
	struct oplist lists[N_OPS];
};

static void filt_free(struct filt *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n_args; i++)
		free(f->args[i]);
	free(f->args);
	free(f->re);
	for (size_t i = 0; i < f->n_kids; i++)
		filt_free(f->kids[i]);
	free(f->kids);
	free(f);
}

static void rule_free(struct rule *r)
{
	for (size_t i = 0; i < r->n_filters; i++)
		filt_free(r->filters[i]);
	free(r->filters);
	free(r);
}

void sbpl_eval_free(struct sbpl_eval *ev)
{
	if (!ev)
		return;
	for (size_t i = 0; i < ev->n_rules; i++)
		rule_free(ev->rules[i]);
	free(ev->rules);
	for (size_t i = 0; i < N_OPS; i++)
		free(ev->lists[i].filtered);
	ast_release(&ev->ast);
	ast_release(&ev->import_ast);
	for (size_t i = 0; i < ev->titles.n; i++)
		free(ev->titles.v[i]);
	free(ev->titles.v);
	for (size_t i = 0; i < ev->n_params; i++) {
		free(ev->names[i]);
		free(ev->values[i]);
	}
	free(ev->names);
	free(ev->values);
	free(ev->file);
	free(ev);
}

const struct sbpl_ast *sbpl_eval_ast(const struct sbpl_eval *ev)
{
	return &ev->ast;
}

const char *sbpl_eval_param(const struct sbpl_eval *ev, const char *name)
{
	/* sandbox-exec keeps the last -D of a name */
	for (size_t i = ev->n_params; i-- > 0;)
		if (strcmp(ev->names[i], name) == 0)
			return ev->values[i];
	return NULL;
}

static bool is_head(const struct sbpl_node *n, const char *head)
{
	return n->type == SBPL_NODE_LIST && n->n > 0 && n->kids[0]->type == SBPL_NODE_SYMBOL &&
	       strcmp(n->kids[0]->s, head) == 0;
}

/* The compiler's context: where errors go and which file a line is in. */
struct cc {
	struct sbpl_eval *ev;
	const char *file;
	bool from_import;
	struct fsj_error *err;
};

/* Path filters and their kinds; "path" and the path- names are aliases
 * (SBPL-NOTES.md section 1). path-literal appears inside (remote ...). */
static int path_filter_kind(const char *h)
{
	if (strcmp(h, "literal") == 0 || strcmp(h, "path") == 0 || strcmp(h, "path-literal") == 0)
		return PATH_LITERAL;
	if (strcmp(h, "subpath") == 0)
		return PATH_SUBPATH;
	if (strcmp(h, "prefix") == 0 || strcmp(h, "path-prefix") == 0)
		return PATH_PREFIX;
	if (strcmp(h, "regex") == 0 || strcmp(h, "path-regex") == 0)
		return PATH_REGEX;
	return -1;
}

/* Filters that never concern a path query (no process target, socket or
 * service is part of one). Their arguments are checked only for
 * parameters. */
static const char *const other_filters[] = {
	"target",
	"global-name",
	"local-name",
	"remote",
	"local",
	"socket-domain",
	"socket-type",
	"ipc-posix-name",
	"vnode-type",
	"sysctl-name",
	"xattr",
	"preference-domain",
	"signing-identifier",
	"iokit-user-client-class",
	"iokit-registry-entry-class",
	NULL,
};

/* The value of a string argument: a string, or (param "K"). NULL with err
 * set when it is neither or K is not defined. */
static const char *string_arg(struct cc *c, const struct sbpl_node *a, const char *filter)
{
	if (a->type == SBPL_NODE_STRING)
		return a->s;
	if (is_head(a, "param")) {
		const char *v;

		if (a->n != 2 || a->kids[1]->type != SBPL_NODE_STRING) {
			fsj_error_set(c->err, c->file, a->line, 0,
				      "(param ...) takes exactly one string");
			return NULL;
		}
		v = sbpl_eval_param(c->ev, a->kids[1]->s);
		if (!v)
			fsj_error_set(c->err, c->file, a->line, 0,
				      "parameter '%s' is not defined: (param \"%s\") is #f, "
				      "which (%s ...) does not accept",
				      a->kids[1]->s, a->kids[1]->s, filter);
		return v;
	}
	fsj_error_set(c->err, c->file, a->line, 0, "(%s ...) takes strings, not %s", filter,
		      a->type == SBPL_NODE_SYMBOL ? a->s : "a list");
	return NULL;
}

/* Every (param "K") under n must be defined, wherever it stands. */
static int check_params(struct cc *c, const struct sbpl_node *n, const char *filter)
{
	if (is_head(n, "param"))
		return string_arg(c, n, filter) ? 0 : -1;
	for (size_t i = 0; i < n->n; i++)
		if (check_params(c, n->kids[i], filter) < 0)
			return -1;
	return 0;
}

static struct filt *compile_filter(struct cc *c, const struct sbpl_node *n);

/* Compiled regexes, shared by every profile of the process and never
 * freed: a profile holds the same few patterns, and glibc's regcomp() is
 * the costliest step of loading one (the property test loads thousands). */
struct regex_entry {
	char *pattern;
	regex_t re;
};
static struct regex_entry **regex_cache;
static size_t n_regex_cache;

/* The compiled form of pattern (REG_EXTENDED | REG_NOSUB), or NULL with
 * regcomp()'s message in msg. */
static const regex_t *regex_cached(const char *pattern, char *msg, size_t msg_size)
{
	struct regex_entry *e;
	int rc;

	for (size_t i = 0; i < n_regex_cache; i++)
		if (strcmp(regex_cache[i]->pattern, pattern) == 0)
			return &regex_cache[i]->re;
	e = xcalloc(1, sizeof(*e));
	rc = regcomp(&e->re, pattern, REG_EXTENDED | REG_NOSUB);
	if (rc != 0) {
		regerror(rc, &e->re, msg, msg_size);
		free(e);
		return NULL;
	}
	e->pattern = xstrdup(pattern);
	regex_cache = xreallocarray(regex_cache, n_regex_cache + 1, sizeof(*regex_cache));
	regex_cache[n_regex_cache++] = e;
	return &e->re;
}

static struct filt *compile_path_filter(struct cc *c, const struct sbpl_node *n, int pk)
{
	const char *h = n->kids[0]->s;
	struct filt *f = xcalloc(1, sizeof(*f));

	f->kind = FILT_PATH;
	f->pk = (enum path_kind)pk;
	if (n->n < 2) {
		fsj_error_set(c->err, c->file, n->line, 0, "(%s) without an argument", h);
		goto fail;
	}
	f->args = xcalloc(n->n - 1, sizeof(*f->args));
	if (pk == PATH_REGEX)
		f->re = xcalloc(n->n - 1, sizeof(*f->re));
	for (size_t i = 1; i < n->n; i++) {
		const char *v = string_arg(c, n->kids[i], h);
		size_t len;

		if (!v)
			goto fail;
		len = strlen(v);
		if ((pk == PATH_LITERAL || pk == PATH_SUBPATH) && v[0] != '/') {
			fsj_error_set(c->err, c->file, n->kids[i]->line, 0,
				      "(%s \"%s\"): not an absolute path", h, v);
			goto fail;
		}
		/* SBPL-NOTES.md section 2: a trailing slash is a compile
		 * error except for "/" */
		if (pk == PATH_SUBPATH && len > 1 && v[len - 1] == '/') {
			fsj_error_set(c->err, c->file, n->kids[i]->line, 0,
				      "(subpath \"%s\"): a subpath must not end in '/'", v);
			goto fail;
		}
		if (pk == PATH_REGEX) {
			char msg[128];

			f->re[i - 1] = regex_cached(v, msg, sizeof(msg));
			if (!f->re[i - 1]) {
				fsj_error_set(c->err, c->file, n->kids[i]->line, 0,
					      "(regex \"%s\"): %s", v, msg);
				goto fail;
			}
		}
		f->args[f->n_args++] = xstrdup(v);
	}
	return f;
fail:
	filt_free(f);
	return NULL;
}

static struct filt *compile_filter(struct cc *c, const struct sbpl_node *n)
{
	const char *h;
	struct filt *f;
	int pk;

	if (n->type != SBPL_NODE_LIST || n->n == 0 || n->kids[0]->type != SBPL_NODE_SYMBOL) {
		fsj_error_set(c->err, c->file, n->line, 0, "a filter must be a list (NAME ...)");
		return NULL;
	}
	h = n->kids[0]->s;
	pk = path_filter_kind(h);
	if (pk >= 0)
		return compile_path_filter(c, n, pk);
	f = xcalloc(1, sizeof(*f));
	if (strcmp(h, "require-all") == 0 || strcmp(h, "require-any") == 0 ||
	    strcmp(h, "require-not") == 0) {
		if (strcmp(h, "require-all") == 0)
			f->kind = FILT_ALL;
		else if (strcmp(h, "require-any") == 0)
			f->kind = FILT_ANY;
		else
			f->kind = FILT_NOT;
		if (f->kind == FILT_NOT && n->n != 2) {
			fsj_error_set(c->err, c->file, n->line, 0,
				      "(require-not ...) takes exactly one filter, not %zu",
				      n->n - 1);
			goto fail;
		}
		f->kids = xcalloc(n->n, sizeof(*f->kids));
		for (size_t i = 1; i < n->n; i++) {
			struct filt *k = compile_filter(c, n->kids[i]);
			if (!k)
				goto fail;
			f->kids[f->n_kids++] = k;
		}
		return f;
	}
	if (strcmp(h, "extension") == 0) {
		f->kind = FILT_EXTENSION;
		if (n->n < 2) {
			fsj_error_set(c->err, c->file, n->line, 0, "(extension) without a class");
			goto fail;
		}
		f->args = xcalloc(n->n - 1, sizeof(*f->args));
		for (size_t i = 1; i < n->n; i++) {
			const char *v = string_arg(c, n->kids[i], h);
			if (!v)
				goto fail;
			f->args[f->n_args++] = xstrdup(v);
		}
		return f;
	}
	if ((strcmp(h, "remote") == 0 || strcmp(h, "local") == 0) && n->n >= 2 &&
	    n->kids[1]->type == SBPL_NODE_SYMBOL && strcmp(n->kids[1]->s, "unix-socket") == 0) {
		f->kind = h[0] == 'r' ? FILT_REMOTE_UNIX : FILT_LOCAL_UNIX;
		if (n->n < 3) {
			fsj_error_set(c->err, c->file, n->line, 0,
				      "(%s unix-socket) without a path filter", h);
			goto fail;
		}
		f->kids = xcalloc(n->n, sizeof(*f->kids));
		for (size_t i = 2; i < n->n; i++) {
			const struct sbpl_node *k = n->kids[i];
			struct filt *kf;

			if (k->type != SBPL_NODE_LIST || k->n == 0 ||
			    k->kids[0]->type != SBPL_NODE_SYMBOL ||
			    path_filter_kind(k->kids[0]->s) < 0) {
				fsj_error_set(c->err, c->file, k->line, 0,
					      "(%s unix-socket ...) takes path filters", h);
				goto fail;
			}
			kf = compile_filter(c, k);
			if (!kf)
				goto fail;
			f->kids[f->n_kids++] = kf;
		}
		return f;
	}
	for (const char *const *o = other_filters; *o; o++) {
		if (strcmp(h, *o) == 0) {
			f->kind = FILT_NEVER;
			if (check_params(c, n, h) < 0)
				goto fail;
			return f;
		}
	}
	fsj_error_set(c->err, c->file, n->line, 0, "unknown filter '%s'", h);
fail:
	filt_free(f);
	return NULL;
}

static void list_add(struct oplist *l, const struct rule *r)
{
	l->filtered = xreallocarray(l->filtered, l->n + 1, sizeof(*l->filtered));
	l->filtered[l->n++] = r;
}

/* (allow|deny OP... FILTER... (with ...)...) */
static int compile_rule(struct cc *c, const struct sbpl_node *form)
{
	struct rule *r = xcalloc(1, sizeof(*r));
	int ops[N_OPS];
	size_t n_ops = 0, i;

	r->allow = is_head(form, "allow");
	r->line = form->line;
	r->from_import = c->from_import;
	for (i = 1; i < form->n && form->kids[i]->type == SBPL_NODE_SYMBOL; i++) {
		int o = op_index(form->kids[i]->s);
		if (o < 0) {
			fsj_error_set(c->err, c->file, form->kids[i]->line, 0,
				      "unknown operation '%s'", form->kids[i]->s);
			goto fail;
		}
		if (n_ops < N_OPS)
			ops[n_ops++] = o;
	}
	if (n_ops == 0) {
		fsj_error_set(c->err, c->file, form->line, 0, "(%s) names no operation",
			      form->kids[0]->s);
		goto fail;
	}
	r->filters = xcalloc(form->n, sizeof(*r->filters));
	for (; i < form->n; i++) {
		const struct sbpl_node *k = form->kids[i];

		if (k->type == SBPL_NODE_LIST && is_head(k, "with")) {
			const char *m = k->n >= 2 && k->kids[1]->type == SBPL_NODE_SYMBOL
						? k->kids[1]->s
						: "";
			if (strcmp(m, "message") == 0 && k->n == 3 &&
			    k->kids[2]->type == SBPL_NODE_STRING) {
				r->message = k->kids[2]->s;
			} else if ((strcmp(m, "report") == 0 || strcmp(m, "no-report") == 0 ||
				    strcmp(m, "no-sandbox") == 0) &&
				   k->n == 2) {
				/* logging only; no-sandbox is the lint's business */
			} else {
				fsj_error_set(c->err, c->file, k->line, 0,
					      "unknown or malformed modifier (with %s ...)", m);
				goto fail;
			}
			continue;
		}
		if (k->type != SBPL_NODE_LIST) {
			fsj_error_set(c->err, c->file, k->line, 0,
				      "operation '%s' after the filters",
				      k->type == SBPL_NODE_SYMBOL ? k->s : "\"...\"");
			goto fail;
		}
		struct filt *f = compile_filter(c, k);
		if (!f)
			goto fail;
		r->filters[r->n_filters++] = f;
	}
	c->ev->rules = xreallocarray(c->ev->rules, c->ev->n_rules + 1, sizeof(*c->ev->rules));
	c->ev->rules[c->ev->n_rules++] = r;
	for (i = 0; i < n_ops; i++) {
		struct oplist *l = &c->ev->lists[ops[i]];
		/* SBPL-NOTES.md section 1, points 4 and 5 */
		if (r->n_filters)
			list_add(l, r);
		else
			l->tail = r;
	}
	return 0;
fail:
	rule_free(r);
	return -1;
}

static int compile_forms(struct cc *c, const struct sbpl_ast *ast, bool top);

static int compile_import(struct cc *c, const struct sbpl_node *form)
{
	struct cc ic = { c->ev, "bsd.sb", true, c->err };

	if (form->n != 2 || form->kids[1]->type != SBPL_NODE_STRING)
		return fsj_error_set(c->err, c->file, form->line, 0,
				     "(import ...) takes one string");
	if (strcmp(form->kids[1]->s, "bsd.sb") != 0)
		return fsj_error_set(c->err, c->file, form->line, 0,
				     "import '%s': only bsd.sb is modelled", form->kids[1]->s);
	if (c->from_import || c->ev->import_ast.n)
		return fsj_error_set(c->err, c->file, form->line, 0, "bsd.sb imported twice");
	if (read_profile(sbpl_eval_bsd_model, ic.file, &c->ev->titles, &c->ev->import_ast, c->err) < 0)
		return -1;
	return compile_forms(&ic, &c->ev->import_ast, false);
}

static int compile_forms(struct cc *c, const struct sbpl_ast *ast, bool top)
{
	bool version = false;

	for (size_t i = 0; i < ast->n; i++) {
		const struct sbpl_node *f = ast->forms[i];

		if (is_head(f, "version")) {
			if (!top || version || i != 0)
				return fsj_error_set(c->err, c->file, f->line, 0,
						     "(version 1) must come first, once");
			if (f->n != 2 || f->kids[1]->type != SBPL_NODE_SYMBOL ||
			    strcmp(f->kids[1]->s, "1") != 0)
				return fsj_error_set(c->err, c->file, f->line, 0,
						     "unsupported version: only (version 1)");
			version = true;
			continue;
		}
		if (top && !version)
			return fsj_error_set(c->err, c->file, f->line, 0,
					     "the profile must start with (version 1)");
		if (is_head(f, "allow") || is_head(f, "deny")) {
			if (compile_rule(c, f) < 0)
				return -1;
		} else if (is_head(f, "import")) {
			if (compile_import(c, f) < 0)
				return -1;
		} else {
			return fsj_error_set(c->err, c->file, f->line, 0, "unsupported form '%s'",
					     f->n && f->kids[0]->type == SBPL_NODE_SYMBOL
						     ? f->kids[0]->s
						     : "(...)");
		}
	}
	if (top && !version)
		return fsj_error_set(c->err, c->file, 1, 0,
				     "the profile must start with (version 1)");
	return 0;
}

struct sbpl_eval *sbpl_eval_new(const char *text, const char *file, const char *const *names,
				const char *const *values, size_t n_params, struct fsj_error *err)
{
	struct sbpl_eval *ev = xcalloc(1, sizeof(*ev));
	struct cc c = { ev, NULL, false, err };

	ev->file = xstrdup(file ? file : "profile");
	c.file = ev->file;
	ev->names = xcalloc(n_params + 1, sizeof(*ev->names));
	ev->values = xcalloc(n_params + 1, sizeof(*ev->values));
	for (size_t i = 0; i < n_params; i++) {
		ev->names[i] = xstrdup(names[i]);
		ev->values[i] = xstrdup(values[i]);
	}
	ev->n_params = n_params;
	if (read_profile(text, ev->file, &ev->titles, &ev->ast, err) < 0 ||
	    compile_forms(&c, &ev->ast, true) < 0) {
		sbpl_eval_free(ev);
		return NULL;
	}
	return ev;
}

/* ---- deciding ----------------------------------------------------------------- */

/* (subpath P): P itself or below it, whole components ("/" covers all). */
static bool subpath_match(const char *p, const char *path)
{
	size_t n = strlen(p);

	if (strcmp(p, "/") == 0)
		return path[0] == '/';
	return strncmp(path, p, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static bool filt_match(const struct filt *f, const struct sbpl_query *q)
{
	switch (f->kind) {
	case FILT_PATH:
		if (!q->path)
			return false;
		for (size_t i = 0; i < f->n_args; i++) {
			const char *a = f->args[i];
			bool m = false;

			switch (f->pk) {
			case PATH_LITERAL:
				m = strcmp(a, q->path) == 0;
				break;
			case PATH_SUBPATH:
				m = subpath_match(a, q->path);
				break;
			case PATH_PREFIX:
				m = strncmp(q->path, a, strlen(a)) == 0;
				break;
			case PATH_REGEX:
				m = regexec(f->re[i], q->path, 0, NULL, 0) == 0;
				break;
			}
			if (m)
				return true;
		}
		return false;
	case FILT_ALL:
		for (size_t i = 0; i < f->n_kids; i++)
			if (!filt_match(f->kids[i], q))
				return false;
		return true;
	case FILT_ANY:
		for (size_t i = 0; i < f->n_kids; i++)
			if (filt_match(f->kids[i], q))
				return true;
		return false;
	case FILT_NOT:
		return !filt_match(f->kids[0], q);
	case FILT_EXTENSION:
		for (const char *const *e = q->extensions; e && *e; e++)
			for (size_t i = 0; i < f->n_args; i++)
				if (strcmp(*e, f->args[i]) == 0)
					return true;
		return false;
	case FILT_NEVER:
		return false;
	case FILT_REMOTE_UNIX:
	case FILT_LOCAL_UNIX:
		/* the path of a network query is the socket it connects to
		 * (network-outbound) or makes (network-bind) */
		if (!q->path || strncmp(q->op, "network", 7) != 0 ||
		    (strcmp(q->op, "network-bind") == 0) != (f->kind == FILT_LOCAL_UNIX))
			return false;
		for (size_t i = 0; i < f->n_kids; i++)
			if (filt_match(f->kids[i], q))
				return true;
		return false;
	}
	return false;
}

static bool rule_match(const struct rule *r, const struct sbpl_query *q)
{
	for (size_t i = 0; i < r->n_filters; i++)
		if (filt_match(r->filters[i], q))
			return true;
	return false;
}

static void verdict_of(const struct rule *r, int op, struct sbpl_verdict *out)
{
	out->allow = r->allow;
	out->line = r->line;
	out->from_import = r->from_import;
	out->filtered = r->n_filters > 0;
	out->op = op_defs[op].name;
	out->message = r->message;
}

int sbpl_eval_decide(const struct sbpl_eval *ev, const struct sbpl_query *q,
		     struct sbpl_verdict *out, struct fsj_error *err)
{
	int o = q->op ? op_index(q->op) : -1;

	memset(out, 0, sizeof(*out));
	if (o < 0)
		return fsj_error_set(err, NULL, 0, 0, "unknown operation '%s'",
				     q->op ? q->op : "(null)");
	/* SBPL-NOTES.md section 1, point 6 */
	for (; o >= 0; o = op_parent(o)) {
		const struct oplist *l = &ev->lists[o];

		for (size_t i = l->n; i-- > 0;) {
			if (rule_match(l->filtered[i], q)) {
				verdict_of(l->filtered[i], o, out);
				return 0;
			}
		}
		if (l->tail) {
			verdict_of(l->tail, o, out);
			return 0;
		}
	}
	/* the built-in default action: deny */
	out->allow = false;
	out->op = "default";
	return 0;
}

bool sbpl_eval_allows(const struct sbpl_eval *ev, const char *op, const char *path)
{
	struct sbpl_query q = { op, path, NULL };
	struct sbpl_verdict v;
	struct fsj_error err;

	if (sbpl_eval_decide(ev, &q, &v, &err) < 0) {
		fprintf(stderr, "sbpl_eval_allows: %s\n", err.text);
		abort();
	}
	return v.allow;
}

/* ---- lint --------------------------------------------------------------------- */

struct lint {
	const struct sbpl_eval *ev;
	const char *const *fixed;
	struct fsj_error *err;
	size_t found;
};

static bool is_fixed(const char *const *fixed, const char *s)
{
	for (; fixed && *fixed; fixed++)
		if (strcmp(*fixed, s) == 0)
			return true;
	return false;
}

static void lint_node(struct lint *l, const struct sbpl_node *n)
{
	if (n->type != SBPL_NODE_LIST)
		return;
	if (n->n && n->kids[0]->type == SBPL_NODE_SYMBOL) {
		if (path_filter_kind(n->kids[0]->s) >= 0) {
			for (size_t i = 1; i < n->n; i++) {
				const struct sbpl_node *a = n->kids[i];
				if (a->type != SBPL_NODE_STRING || is_fixed(l->fixed, a->s))
					continue;
				if (l->found++ == 0)
					fsj_error_set(l->err, l->ev->file, a->line, 0,
						      "the path '%s' is written into the text; "
						      "(%s ...) must take a (param ...)",
						      a->s, n->kids[0]->s);
			}
		}
		if (is_head(n, "with") && n->n == 2 && n->kids[1]->type == SBPL_NODE_SYMBOL &&
		    strcmp(n->kids[1]->s, "no-sandbox") == 0) {
			if (l->found++ == 0)
				fsj_error_set(l->err, l->ev->file, n->line, 0,
					      "(with no-sandbox) runs the command unsandboxed");
		}
	}
	for (size_t i = 0; i < n->n; i++)
		lint_node(l, n->kids[i]);
}

size_t sbpl_eval_lint(const struct sbpl_eval *ev, const char *const *fixed, struct fsj_error *err)
{
	struct lint l = { ev, fixed, err, 0 };

	for (size_t i = 0; i < ev->ast.n; i++)
		lint_node(&l, ev->ast.forms[i]);
	return l.found;
}
