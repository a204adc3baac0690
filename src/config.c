/* config.c - fsjail's files (DESIGN.md section 12) and the YAML readers for
 * config.yaml, rules.yaml and the platform baseline (DESIGN.md sections 3
 * and 4).
 *
 * Reading is two steps. libyaml's event parser turns the file into a small
 * tree of scalars, sequences and mappings with their positions; aliases,
 * anchors, tags, duplicate keys and multiple documents are refused there.
 * The schema walkers then read the tree into rules and settings, refusing
 * unknown keys and values with FILE:LINE:COL. Nothing reaches the caller
 * unless the whole file was read. */

#include "config.h"

#include <errno.h>
#include <pwd.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "path.h"
#include "policy.h"
#include "util.h"

/* Deepest nesting accepted. fsjail's schemas nest four levels (top
 * mapping, list, rule, capability list); the cap bounds the recursion of
 * the tree builder whatever the input. */
#define YAML_MAX_DEPTH 32

/* Most nodes one file may hold. A rules file with 10,000 rules is about
 * 100,000 nodes; without a cap a 1 MiB flow sequence ("[a,a,a,...]") would
 * make half a million allocations. */
#define YAML_MAX_NODES 200000u

/* backup.max_size_mb: default (the size limit of the tool fsjail follows)
 * and the largest value accepted (1 TiB). */
#define BACKUP_MAX_SIZE_MB_DEFAULT 10ul
#define BACKUP_MAX_SIZE_MB_LIMIT (1024ul * 1024ul)

/* ------------------------------------------------------------------------
 * YAML tree
 */

enum ykind { YN_SCALAR, YN_SEQ, YN_MAP };

struct ynode {
	enum ykind kind;
	unsigned long line, col; /* 1-based position of the node's start */
	char *val;               /* scalar: the bytes, NUL-terminated copy */
	size_t len;              /* scalar: length; larger than strlen(val) when
				  * a "\0" escape put a NUL inside */
	bool plain;              /* scalar: written without quotes */
	struct ynode **kids;     /* sequence: items; mapping: key, value, ... */
	size_t n, cap;
};

struct ydoc {
	yaml_parser_t parser;
	const char *file;
	const char *buf;
	size_t len;
	size_t n_nodes;
	struct fsj_error *err;
	/* show(): two rotating buffers, so one message can quote two values */
	char shown[2][96];
	unsigned shown_i;
};

static void ynode_free(struct ynode *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n; i++)
		ynode_free(n->kids[i]);
	free(n->kids);
	free(n->val);
	free(n);
}

static void ynode_push(struct ynode *n, struct ynode *kid)
{
	if (n->n == n->cap) {
		n->cap = n->cap ? 2 * n->cap : 8;
		n->kids = xreallocarray(n->kids, n->cap, sizeof(*n->kids));
	}
	n->kids[n->n++] = kid;
}

/* A printable, shortened copy of len bytes at s for an error message:
 * control bytes become '?', more than 64 bytes end in "...". The result
 * lives in d until the next-but-one call. */
static const char *show(struct ydoc *d, const char *s, size_t len)
{
	char *out = d->shown[d->shown_i++ & 1];
	size_t o = 0;

	for (size_t i = 0; i < len && o < 64; i++) {
		unsigned char c = (unsigned char)s[i];
		out[o++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
	}
	if (o < len)
		memcpy(out + o, "...", 4);
	else
		out[o] = '\0';
	return out;
}

static const char *shown(struct ydoc *d, const struct ynode *n)
{
	if (n->kind != YN_SCALAR)
		return "...";
	return show(d, n->val, n->len);
}

static const char *kind_name(const struct ynode *n)
{
	switch (n->kind) {
	case YN_SCALAR:
		return "a scalar";
	case YN_SEQ:
		return "a sequence";
	case YN_MAP:
		return "a mapping";
	}
	return "?";
}

/* Set d->err to "FILE:LINE:COL: MESSAGE" at node n; returns -1. */
FSJ_PRINTF(3, 4) static int node_err(struct ydoc *d, const struct ynode *n, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	fsj_error_set(d->err, d->file, n->line, n->col, "%s", sb.buf ? sb.buf : "");
	sb_release(&sb);
	return -1;
}

/* 1-based line and column of byte offset off in d->buf. */
static void offset_position(const struct ydoc *d, size_t off, unsigned long *line,
			    unsigned long *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && i < d->len; i++) {
		if (d->buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* Turn libyaml's parser error into d->err. libyaml's marks count from 0;
 * a reader error (bad encoding, control character) only has a byte offset
 * (yaml.h, struct yaml_parser_s). */
static int parser_err(struct ydoc *d)
{
	const yaml_parser_t *p = &d->parser;
	const char *problem = p->problem ? p->problem : "invalid YAML";
	unsigned long line = p->problem_mark.line + 1, col = p->problem_mark.column + 1;

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		return fsj_error_set(d->err, d->file, 0, 0, "out of memory while parsing YAML");
	case YAML_READER_ERROR:
		offset_position(d, p->problem_offset, &line, &col);
		if (p->problem_value != -1)
			return fsj_error_set(d->err, d->file, line, col,
					     "YAML syntax error: %s (byte 0x%02x)", problem,
					     (unsigned)p->problem_value & 0xffu);
		return fsj_error_set(d->err, d->file, line, col, "YAML syntax error: %s",
				     problem);
	default:
		break;
	}
	if (p->context)
		return fsj_error_set(d->err, d->file, line, col,
				     "YAML syntax error: %s (%s started at line %lu)", problem,
				     p->context, (unsigned long)p->context_mark.line + 1);
	return fsj_error_set(d->err, d->file, line, col, "YAML syntax error: %s", problem);
}

static int next_event(struct ydoc *d, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&d->parser, ev))
		return parser_err(d);
	return 0;
}

static int event_err(struct ydoc *d, const yaml_event_t *ev, const char *msg)
{
	return fsj_error_set(d->err, d->file, (unsigned long)ev->start_mark.line + 1,
			     (unsigned long)ev->start_mark.column + 1, "%s", msg);
}

static bool same_scalar(const struct ynode *a, const struct ynode *b)
{
	return a->len == b->len && memcmp(a->val, b->val, a->len) == 0;
}

/* Build the node that starts with event ev (not consumed: the caller
 * deletes it). On success *out is a new tree (ynode_free()). */
static int build_node(struct ydoc *d, const yaml_event_t *ev, unsigned depth,
		      struct ynode **out)
{
	const yaml_char_t *anchor = NULL, *tag = NULL;
	yaml_event_type_t end;
	struct ynode *n;

	*out = NULL;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return event_err(d, ev, "YAML aliases are not supported");
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		tag = ev->data.scalar.tag;
		end = YAML_NO_EVENT;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		end = YAML_SEQUENCE_END_EVENT;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		end = YAML_MAPPING_END_EVENT;
		break;
	default:
		return event_err(d, ev, "unexpected YAML event");
	}
	if (anchor)
		return event_err(d, ev, "YAML anchors are not supported");
	if (tag)
		return event_err(d, ev, "YAML tags are not supported");
	if (depth > YAML_MAX_DEPTH)
		return event_err(d, ev, "YAML nested too deeply");
	if (++d->n_nodes > YAML_MAX_NODES)
		return event_err(d, ev, "too many YAML nodes");

	n = xcalloc(1, sizeof(*n));
	n->line = (unsigned long)ev->start_mark.line + 1;
	n->col = (unsigned long)ev->start_mark.column + 1;
	if (ev->type == YAML_SCALAR_EVENT) {
		n->kind = YN_SCALAR;
		n->len = ev->data.scalar.length;
		n->val = xmalloc(n->len + 1);
		memcpy(n->val, ev->data.scalar.value, n->len);
		n->val[n->len] = '\0';
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		*out = n;
		return 0;
	}
	n->kind = ev->type == YAML_MAPPING_START_EVENT ? YN_MAP : YN_SEQ;
	for (;;) {
		yaml_event_t sub;
		struct ynode *kid;
		int r;

		if (next_event(d, &sub) < 0)
			goto err_free;
		if (sub.type == end) {
			yaml_event_delete(&sub);
			break;
		}
		r = build_node(d, &sub, depth + 1, &kid);
		yaml_event_delete(&sub);
		if (r < 0)
			goto err_free;
		ynode_push(n, kid);
		if (n->kind != YN_MAP || n->n % 2 == 0)
			continue;
		/* kid is a key */
		if (kid->kind != YN_SCALAR) {
			node_err(d, kid, "a mapping key must be a scalar, not %s", kind_name(kid));
			goto err_free;
		}
		for (size_t i = 0; i + 1 < n->n; i += 2) {
			if (same_scalar(n->kids[i], kid)) {
				node_err(d, kid, "duplicate key '%s' (first at line %lu)",
					 shown(d, kid), n->kids[i]->line);
				goto err_free;
			}
		}
	}
	*out = n;
	return 0;

err_free:
	ynode_free(n);
	return -1;
}

/* Parse d->buf into *root: NULL for a stream without a document. */
static int parse_stream(struct ydoc *d, struct ynode **root)
{
	yaml_event_t ev;
	struct ynode *n = NULL;
	int r;

	*root = NULL;
	if (next_event(d, &ev) < 0)
		return -1;
	yaml_event_delete(&ev); /* STREAM-START */
	if (next_event(d, &ev) < 0)
		return -1;
	if (ev.type == YAML_STREAM_END_EVENT) {
		yaml_event_delete(&ev);
		return 0;
	}
	yaml_event_delete(&ev); /* DOCUMENT-START */
	if (next_event(d, &ev) < 0)
		return -1;
	r = build_node(d, &ev, 0, &n);
	yaml_event_delete(&ev);
	if (r < 0)
		return -1;
	if (next_event(d, &ev) < 0)
		goto err_free;
	yaml_event_delete(&ev); /* DOCUMENT-END */
	if (next_event(d, &ev) < 0)
		goto err_free;
	if (ev.type != YAML_STREAM_END_EVENT) {
		event_err(d, &ev, "more than one YAML document");
		yaml_event_delete(&ev);
		goto err_free;
	}
	yaml_event_delete(&ev);
	*root = n;
	return 0;

err_free:
	ynode_free(n);
	return -1;
}

/* Read the YAML file at path into a tree. A missing file sets *missing and
 * returns 0 with *root NULL; an unreadable, oversized or invalid one returns
 * -1 with err set. */
static int load_tree(const char *path, struct ydoc *d, struct ynode **root, bool *missing,
		     struct fsj_error *err)
{
	char *buf = NULL;
	size_t len = 0;
	int r;

	*root = NULL;
	*missing = false;
	memset(d, 0, sizeof(*d));
	d->file = path;
	d->err = err;
	r = read_file(path, FSJ_YAML_MAX_BYTES, &buf, &len);
	if (r == -ENOENT) {
		*missing = true;
		return 0;
	}
	if (r == -EFBIG)
		return fsj_error_set(err, path, 0, 0, "file is larger than %u bytes",
				     FSJ_YAML_MAX_BYTES);
	if (r < 0)
		return fsj_error_set(err, path, 0, 0, "cannot read: %s", strerror(-r));
	d->buf = buf;
	d->len = len;
	if (!yaml_parser_initialize(&d->parser)) {
		free(buf);
		return fsj_error_set(err, path, 0, 0, "out of memory while parsing YAML");
	}
	yaml_parser_set_input_string(&d->parser, (const unsigned char *)buf, len);
	r = parse_stream(d, root);
	yaml_parser_delete(&d->parser);
	d->buf = NULL;
	d->len = 0;
	free(buf);
	return r;
}

/* ------------------------------------------------------------------------
 * Scalars
 */

/* A null: an empty plain scalar, "~" or "null" (YAML 1.2 core schema). */
static bool is_null(const struct ynode *n)
{
	if (n->kind != YN_SCALAR || !n->plain)
		return false;
	return n->len == 0 || strcmp(n->val, "~") == 0 || strcmp(n->val, "null") == 0 ||
	       strcmp(n->val, "Null") == 0 || strcmp(n->val, "NULL") == 0;
}

static bool key_is(const struct ynode *k, const char *name)
{
	return k->len == strlen(name) && memcmp(k->val, name, k->len) == 0;
}

/* A scalar without NUL bytes: *out points into the tree. */
static int get_str(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		   const char **out)
{
	if (v->kind != YN_SCALAR)
		return node_err(d, v, "'%s' must be a scalar, not %s", k->val, kind_name(v));
	if (strlen(v->val) != v->len)
		return node_err(d, v, "'%s' contains a NUL byte", k->val);
	*out = v->val;
	return 0;
}

/* true or false, unquoted (YAML 1.2 core schema; YAML 1.1's yes/no/on/off
 * are refused as ambiguous). */
static int get_bool(struct ydoc *d, const struct ynode *k, const struct ynode *v, bool *out)
{
	static const char *const yes[] = { "true", "True", "TRUE" };
	static const char *const no[] = { "false", "False", "FALSE" };

	if (v->kind == YN_SCALAR && v->plain) {
		for (size_t i = 0; i < 3; i++) {
			if (strcmp(v->val, yes[i]) == 0) {
				*out = true;
				return 0;
			}
			if (strcmp(v->val, no[i]) == 0) {
				*out = false;
				return 0;
			}
		}
	}
	if (v->kind != YN_SCALAR)
		return node_err(d, v, "'%s' must be true or false, not %s", k->val,
				kind_name(v));
	return node_err(d, v, "'%s' must be true or false, not '%s'", k->val, shown(d, v));
}

/* An unquoted decimal integer 0..max. */
static int get_ulong(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		     unsigned long max, unsigned long *out)
{
	unsigned long x = 0;

	if (v->kind != YN_SCALAR || !v->plain || v->len == 0)
		goto bad;
	for (size_t i = 0; i < v->len; i++) {
		unsigned digit;

		if (v->val[i] < '0' || v->val[i] > '9')
			goto bad;
		digit = (unsigned)(v->val[i] - '0');
		if (x > (max - digit) / 10)
			return node_err(d, v, "'%s' is larger than %lu", k->val, max);
		x = x * 10 + digit;
	}
	*out = x;
	return 0;
bad:
	return node_err(d, v, "'%s' must be a non-negative integer", k->val);
}

static int need_map(struct ydoc *d, const struct ynode *k, const struct ynode *v)
{
	if (v->kind != YN_MAP)
		return node_err(d, v, "'%s' must be a mapping, not %s", k->val, kind_name(v));
	return 0;
}

/* A sequence of capability names into a FSJ_CAPBIT mask. */
static int get_caps(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		    unsigned *mask)
{
	*mask = 0;
	if (v->kind != YN_SEQ)
		return node_err(d, v, "'%s' must be a sequence of capabilities, not %s", k->val,
				kind_name(v));
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *c = v->kids[i];
		int cap;

		if (c->kind != YN_SCALAR)
			return node_err(d, c, "'%s' must be a sequence of capabilities, "
					"found %s", k->val, kind_name(c));
		cap = strlen(c->val) == c->len ? fsj_cap_parse(c->val) : -1;
		if (cap < 0)
			return node_err(d, c, "unknown capability '%s' (expected read, write, "
					"create, delete, execute or connect)", shown(d, c));
		*mask |= FSJ_CAPBIT(cap);
	}
	return 0;
}

/* A sequence of tier names into a mask of (1 << tier). */
static int get_tiers(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		     unsigned *mask)
{
	*mask = 0;
	if (v->kind != YN_SEQ)
		return node_err(d, v, "'%s' must be a sequence of tiers, not %s", k->val,
				kind_name(v));
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *t = v->kids[i];
		int tier;

		if (t->kind != YN_SCALAR)
			return node_err(d, t, "'%s' must be a sequence of tiers, found %s",
					k->val, kind_name(t));
		tier = strlen(t->val) == t->len ? fsj_tier_parse(t->val) : -1;
		if (tier < 0)
			return node_err(d, t, "unknown tier '%s' (expected full, guarded, "
					"process or writes)", shown(d, t));
		*mask |= 1u << tier;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Paths and ${VAR}
 */

static const struct {
	const char *name;
	size_t off;
} vars_table[] = {
	{ "BASELINE_FILE", offsetof(struct fsj_vars, baseline_file) },
	{ "CONFIG_DIR", offsetof(struct fsj_vars, config_dir) },
	{ "CONFIG_FILE", offsetof(struct fsj_vars, config_file) },
	{ "HOME", offsetof(struct fsj_vars, home) },
	{ "RULES_FILE", offsetof(struct fsj_vars, rules_file) },
	{ "STATE_DIR", offsetof(struct fsj_vars, state_dir) },
	{ "TMPDIR", offsetof(struct fsj_vars, tmpdir) },
	{ "WORKSPACE", offsetof(struct fsj_vars, workspace) },
};

/* Replace each ${NAME} in scalar v. *out is a new string (caller frees),
 * or NULL with *skip set when a variable has no value. A '$' that does not
 * start ${NAME} and an unknown NAME are errors: baselines are fsjail's own
 * data, a typo must not silently drop a protected path. */
static int subst_vars(struct ydoc *d, const struct ynode *v, const struct fsj_vars *vars,
		      char **out, bool *skip)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s = v->val;

	*out = NULL;
	*skip = false;
	while (*s) {
		const char *dollar = strchr(s, '$'), *close, *value = NULL;
		size_t i, n;

		if (!dollar) {
			sb_adds(&sb, s);
			break;
		}
		sb_add(&sb, s, (size_t)(dollar - s));
		if (dollar[1] != '{' || !(close = strchr(dollar + 2, '}'))) {
			sb_release(&sb);
			return node_err(d, v, "'$' must start ${NAME} in '%s'", shown(d, v));
		}
		n = (size_t)(close - (dollar + 2));
		for (i = 0; i < sizeof(vars_table) / sizeof(vars_table[0]); i++) {
			if (strlen(vars_table[i].name) == n &&
			    memcmp(vars_table[i].name, dollar + 2, n) == 0)
				break;
		}
		if (i == sizeof(vars_table) / sizeof(vars_table[0])) {
			sb_release(&sb);
			return node_err(d, v, "unknown variable '%s'",
					show(d, dollar, (size_t)(close - dollar) + 1));
		}
		memcpy(&value, (const char *)vars + vars_table[i].off, sizeof(value));
		if (!value || !*value) {
			sb_release(&sb);
			*skip = true;
			return 0;
		}
		sb_adds(&sb, value);
		s = close + 1;
	}
	*out = sb_detach(&sb);
	return 0;
}

/* Read a path scalar: ${VAR} substitution when vars is non-NULL (an unset
 * variable sets *skip), then path_normalize() with home and base (base NULL:
 * relative paths are refused). *out is new (caller frees). */
static int get_path(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		    const char *home, const char *base, const struct fsj_vars *vars,
		    char **out, bool *skip)
{
	cleanup_free char *subst = NULL;
	const char *raw;
	size_t raw_len;
	int r;

	*out = NULL;
	*skip = false;
	if (v->kind != YN_SCALAR)
		return node_err(d, v, "'%s' must be a path, not %s", k->val, kind_name(v));
	if (strlen(v->val) != v->len)
		return node_err(d, v, "path '%s' contains a NUL byte", shown(d, v));
	if (v->len == 0)
		return node_err(d, v, "empty path");
	raw = v->val;
	raw_len = v->len;
	/* Rules and config paths are never expanded: "$HOME/.ssh" would be
	 * taken as a folder named "$HOME" under the workspace, and a deny on
	 * it would protect nothing. Refuse what looks like a variable. */
	if (!vars) {
		const char *dollar = strchr(raw, '$');
		if (dollar && (dollar[1] == '{' || dollar[1] == '_' ||
			       (dollar[1] >= 'A' && dollar[1] <= 'Z') ||
			       (dollar[1] >= 'a' && dollar[1] <= 'z')))
			return node_err(d, v, "path '%s' looks like it uses a variable, which "
					"is not expanded (write '~/...' or an absolute path)",
					shown(d, v));
	}
	if (vars) {
		if (subst_vars(d, v, vars, &subst, skip) < 0)
			return -1;
		if (*skip)
			return 0;
		raw = subst;
		raw_len = strlen(subst);
	}
	r = path_normalize(raw, raw_len, home, base, out);
	switch (r) {
	case PATH_OK:
		return 0;
	case PATH_ERR_RELATIVE:
		return node_err(d, v, "relative path '%s' not allowed here",
				show(d, raw, strlen(raw)));
	case PATH_ERR_TILDE_USER:
		return node_err(d, v, "'~user' paths are not supported: '%s'",
				show(d, raw, strlen(raw)));
	case PATH_ERR_NO_HOME:
		return node_err(d, v, "path '%s' uses '~' but the home directory is unknown",
				show(d, raw, strlen(raw)));
	default:
		return node_err(d, v, "invalid path '%s': %s", show(d, raw, strlen(raw)),
				path_strerror(r));
	}
}

/* ------------------------------------------------------------------------
 * Rules
 */

static void ruleset_push(struct fsj_ruleset *rs, struct fsj_rule *r)
{
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? 2 * rs->cap : 16;
		rs->rules = xreallocarray(rs->rules, rs->cap, sizeof(*rs->rules));
	}
	rs->rules[rs->n++] = *r;
	memset(r, 0, sizeof(*r));
}

void fsj_ruleset_release(struct fsj_ruleset *rs)
{
	if (!rs)
		return;
	for (size_t i = 0; i < rs->n; i++)
		fsj_rule_release(&rs->rules[i]);
	free(rs->rules);
	memset(rs, 0, sizeof(*rs));
}

/* How to read the rules of one list. */
struct rule_schema {
	enum fsj_source source;
	const char *home;
	const char *base;            /* relative paths resolve here; NULL: refused */
	const struct fsj_vars *vars; /* baseline: ${VAR} and the baseline keys */
	enum fsj_tier tier;          /* baseline: entries for this tier only */
};

/* Read one rule mapping into *out. *keep is false for a baseline entry left
 * out (an unset variable, another tier); *id_node is the id's node. */
static int read_rule(struct ydoc *d, const struct ynode *m, const struct rule_schema *rs,
		     struct fsj_rule *out, bool *keep, const struct ynode **id_node)
{
	const struct ynode *path_k = NULL, *path_v = NULL;
	bool baseline = rs->vars != NULL, has_caps = false, skip = false, recursive = true;
	unsigned tiers = 0, allow = 0, deny = 0, pass = 0;
	const char *id = NULL;
	char *path = NULL;

	memset(out, 0, sizeof(*out));
	*keep = false;
	*id_node = NULL;
	if (m->kind != YN_MAP)
		return node_err(d, m, "a rule must be a mapping, not %s", kind_name(m));
	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		unsigned long hits;
		const char *ignored;
		int r;

		if (key_is(k, "path")) {
			path_k = k;
			path_v = v;
			r = 0;
		} else if (key_is(k, "recursive")) {
			r = get_bool(d, k, v, &recursive);
		} else if (key_is(k, "allow")) {
			r = get_caps(d, k, v, &allow);
			has_caps = true;
		} else if (key_is(k, "deny")) {
			r = get_caps(d, k, v, &deny);
			has_caps = true;
		} else if (!baseline && key_is(k, "id")) {
			r = get_str(d, k, v, &id);
			if (r == 0 && !*id)
				r = node_err(d, v, "empty id");
			*id_node = v;
		} else if (!baseline && key_is(k, "hits")) {
			r = get_ulong(d, k, v, ~0ul, &hits);
		} else if (!baseline && key_is(k, "created")) {
			r = get_str(d, k, v, &ignored);
		} else if (baseline && key_is(k, "pass")) {
			r = get_caps(d, k, v, &pass);
			has_caps = true;
		} else if (baseline && key_is(k, "tiers")) {
			r = get_tiers(d, k, v, &tiers);
			if (r == 0 && tiers == 0)
				r = node_err(d, v, "'tiers' must name at least one tier");
		} else if (baseline && key_is(k, "note")) {
			r = get_str(d, k, v, &ignored);
		} else {
			r = node_err(d, k, "unknown key '%s' in a rule (expected %s)", shown(d, k),
				     baseline ? "path, recursive, allow, deny, pass, tiers or note"
					      : "id, path, recursive, allow, deny, hits or created");
		}
		if (r < 0)
			return -1;
	}
	if (!path_v)
		return node_err(d, m, "rule has no 'path'");
	if (!has_caps)
		return node_err(d, m, "rule has neither 'allow' nor 'deny'");
	if (allow & deny) {
		for (int c = 0; c < FSJ_CAP_COUNT; c++) {
			if (allow & deny & FSJ_CAPBIT(c))
				return node_err(d, m, "capability '%s' is both allowed and denied",
						fsj_cap_name((enum fsj_cap)c));
		}
	}
	if (get_path(d, path_k, path_v, rs->home, rs->base, rs->vars, &path, &skip) < 0)
		return -1;
	if (skip || (tiers && !(tiers & (1u << rs->tier)))) {
		free(path);
		return 0;
	}
	out->id = id ? xstrdup(id) : NULL;
	out->path = path;
	out->resolved = path_resolve(path);
	out->recursive = recursive;
	out->allow = allow;
	out->deny = deny;
	out->pass = pass;
	out->source = rs->source;
	out->origin = xasprintf("%s:%lu", d->file, m->line);
	*keep = true;
	return 0;
}

/* Read the sequence of rules v (key k) into rs, ids unique in the list.
 * A null value is an empty list. */
static int read_rule_list(struct ydoc *d, const struct ynode *k, const struct ynode *v,
			  const struct rule_schema *schema, struct fsj_ruleset *rs)
{
	cleanup_free const struct ynode **ids = NULL;
	size_t n_ids = 0;

	if (is_null(v))
		return 0;
	if (v->kind != YN_SEQ)
		return node_err(d, v, "'%s' must be a sequence of rules, not %s", k->val,
				kind_name(v));
	ids = xcalloc(v->n ? v->n : 1, sizeof(*ids));
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *id = NULL;
		struct fsj_rule r;
		bool keep;

		if (read_rule(d, v->kids[i], schema, &r, &keep, &id) < 0)
			return -1;
		if (id) {
			for (size_t j = 0; j < n_ids; j++) {
				if (!same_scalar(ids[j], id))
					continue;
				fsj_rule_release(&r);
				return node_err(d, id, "duplicate id '%s' (first at line %lu)",
						shown(d, id), ids[j]->line);
			}
			ids[n_ids++] = id;
		}
		if (keep)
			ruleset_push(rs, &r);
	}
	return 0;
}

/* The top of a file: NULL (no document) or a null scalar count as an empty
 * mapping; anything else but a mapping is refused. */
static int check_top(struct ydoc *d, const struct ynode *root)
{
	if (!root || is_null(root))
		return 0;
	if (root->kind != YN_MAP)
		return node_err(d, root, "the top level must be a mapping, not %s",
				kind_name(root));
	return 0;
}

int fsj_rules_load(const char *path, const char *home, const char *workspace,
		   struct fsj_ruleset *out, struct fsj_error *err)
{
	struct rule_schema schema = {
		.source = FSJ_SRC_RULES, .home = home, .base = workspace,
	};
	struct fsj_ruleset rs = { 0 };
	struct ynode *root;
	struct ydoc d;
	bool missing;
	int r = 0;

	memset(out, 0, sizeof(*out));
	if (load_tree(path, &d, &root, &missing, err) < 0)
		return -1;
	if (check_top(&d, root) < 0)
		r = -1;
	for (size_t i = 0; r == 0 && root && root->kind == YN_MAP && i < root->n; i += 2) {
		const struct ynode *k = root->kids[i], *v = root->kids[i + 1];

		if (key_is(k, "rules"))
			r = read_rule_list(&d, k, v, &schema, &rs);
		else
			r = node_err(&d, k, "unknown key '%s' (expected rules)", shown(&d, k));
	}
	ynode_free(root);
	if (r < 0) {
		fsj_ruleset_release(&rs);
		return -1;
	}
	*out = rs;
	return 0;
}

/* ------------------------------------------------------------------------
 * config.yaml
 */

void fsj_config_init(struct fsj_config *c)
{
	memset(c, 0, sizeof(*c));
	c->mode = FSJ_MODE_WORKSPACE_WRITE;
	c->enforce = FSJ_ENFORCE_AUTO;
	c->network = FSJ_NETWORK_ALLOW;
	c->backup_enabled = true;
	c->backup_max_size_mb = BACKUP_MAX_SIZE_MB_DEFAULT;
	c->delete_mode = FSJ_DELETE_TRASH;
	c->audit_enabled = true;
	c->accept_partial = false;
}

void fsj_config_release(struct fsj_config *c)
{
	if (!c)
		return;
	free(c->workspace);
	free(c->audit_path);
	fsj_ruleset_release(&c->grants);
	fsj_config_init(c);
}

int fsj_enforce_parse(const char *s)
{
	if (!s)
		return FSJ_ENFORCE_UNKNOWN;
	if (strcmp(s, "auto") == 0)
		return FSJ_ENFORCE_AUTO;
	if (strcmp(s, "off") == 0)
		return FSJ_ENFORCE_OFF;
	int t = fsj_tier_parse(s);
	return t >= 0 ? t : FSJ_ENFORCE_UNKNOWN;
}

const char *fsj_enforce_name(int e)
{
	if (e == FSJ_ENFORCE_AUTO)
		return "auto";
	if (e == FSJ_ENFORCE_OFF)
		return "off";
	if (e >= 0 && e < FSJ_TIER_COUNT)
		return fsj_tier_name((enum fsj_tier)e);
	return "?";
}

/* Match the scalar v against names[0..n), giving its index in *out. */
static int get_enum(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		    const char *const *names, size_t n, const char *expected, int *out)
{
	const char *s;

	if (get_str(d, k, v, &s) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(s, names[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	}
	return node_err(d, v, "unknown %s '%s' (expected %s)", k->val, shown(d, v), expected);
}

static int read_backup(struct ydoc *d, const struct ynode *m, struct fsj_config *c)
{
	static const char *const delete_modes[] = { "trash", "unlink" };

	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		int r, e = 0;

		if (key_is(k, "enabled")) {
			r = get_bool(d, k, v, &c->backup_enabled);
		} else if (key_is(k, "max_size_mb")) {
			r = get_ulong(d, k, v, BACKUP_MAX_SIZE_MB_LIMIT, &c->backup_max_size_mb);
		} else if (key_is(k, "deleteMode")) {
			r = get_enum(d, k, v, delete_modes, 2, "trash or unlink", &e);
			c->delete_mode = e ? FSJ_DELETE_UNLINK : FSJ_DELETE_TRASH;
		} else {
			r = node_err(d, k, "unknown key '%s' in 'backup' (expected enabled, "
				     "max_size_mb or deleteMode)", shown(d, k));
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

static int read_audit(struct ydoc *d, const struct ynode *m, const char *home,
		      struct fsj_config *c)
{
	for (size_t i = 0; i < m->n; i += 2) {
		const struct ynode *k = m->kids[i], *v = m->kids[i + 1];
		bool skip;
		int r;

		if (key_is(k, "enabled")) {
			r = get_bool(d, k, v, &c->audit_enabled);
		} else if (key_is(k, "path")) {
			free(c->audit_path);
			r = get_path(d, k, v, home, NULL, NULL, &c->audit_path, &skip);
		} else {
			r = node_err(d, k, "unknown key '%s' in 'audit' (expected enabled or path)",
				     shown(d, k));
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

static int read_config(struct ydoc *d, const struct ynode *root, const char *home,
		       struct fsj_config *c)
{
	static const char *const modes[] = { "workspace-write", "read-only" };
	static const char *const networks[] = { "allow", "deny" };
	struct rule_schema schema = { .source = FSJ_SRC_GRANT, .home = home };

	for (size_t i = 0; i < root->n; i += 2) {
		const struct ynode *k = root->kids[i], *v = root->kids[i + 1];
		const char *s;
		bool skip;
		int r, e = 0;

		if (key_is(k, "mode")) {
			r = get_enum(d, k, v, modes, 2, "workspace-write or read-only", &e);
			c->mode = e ? FSJ_MODE_READ_ONLY : FSJ_MODE_WORKSPACE_WRITE;
			c->mode_set = true;
		} else if (key_is(k, "enforce")) {
			r = get_str(d, k, v, &s);
			if (r == 0 && (e = fsj_enforce_parse(s)) == FSJ_ENFORCE_UNKNOWN)
				r = node_err(d, v, "unknown enforce '%s' (expected auto, full, "
					     "guarded, process, writes or off)", shown(d, v));
			c->enforce = e;
			c->enforce_set = true;
		} else if (key_is(k, "workspace")) {
			r = get_path(d, k, v, home, NULL, NULL, &c->workspace, &skip);
		} else if (key_is(k, "network")) {
			r = get_enum(d, k, v, networks, 2, "allow or deny", &e);
			c->network = e ? FSJ_NETWORK_DENY : FSJ_NETWORK_ALLOW;
		} else if (key_is(k, "grants")) {
			r = read_rule_list(d, k, v, &schema, &c->grants);
		} else if (key_is(k, "backup")) {
			r = is_null(v) ? 0 : need_map(d, k, v);
			if (r == 0 && !is_null(v))
				r = read_backup(d, v, c);
		} else if (key_is(k, "audit")) {
			r = is_null(v) ? 0 : need_map(d, k, v);
			if (r == 0 && !is_null(v))
				r = read_audit(d, v, home, c);
		} else if (key_is(k, "accept_partial")) {
			r = get_bool(d, k, v, &c->accept_partial);
		} else {
			r = node_err(d, k, "unknown key '%s' (expected mode, enforce, workspace, "
				     "network, grants, backup, audit or accept_partial)",
				     shown(d, k));
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

int fsj_config_load(const char *path, const char *home, struct fsj_config *out,
		    struct fsj_error *err)
{
	struct fsj_config c;
	struct ynode *root;
	struct ydoc d;
	bool missing;
	int r;

	fsj_config_init(out);
	fsj_config_init(&c);
	if (load_tree(path, &d, &root, &missing, err) < 0)
		return -1;
	r = check_top(&d, root);
	if (r == 0 && root && root->kind == YN_MAP)
		r = read_config(&d, root, home, &c);
	ynode_free(root);
	if (r < 0) {
		fsj_config_release(&c);
		return -1;
	}
	*out = c;
	return 0;
}

/* ------------------------------------------------------------------------
 * Baseline
 */

static void free_roots(char **roots, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(roots[i]);
	free(roots);
}

static int read_roots(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		      const struct fsj_vars *vars, char ***roots, size_t *n)
{
	if (is_null(v))
		return 0;
	if (v->kind != YN_SEQ)
		return node_err(d, v, "'%s' must be a sequence of paths, not %s", k->val,
				kind_name(v));
	for (size_t i = 0; i < v->n; i++) {
		char *p;
		bool skip;

		if (get_path(d, k, v->kids[i], vars->home, NULL, vars, &p, &skip) < 0)
			return -1;
		if (skip)
			continue;
		*roots = xreallocarray(*roots, *n + 1, sizeof(**roots));
		(*roots)[(*n)++] = p;
	}
	return 0;
}

int fsj_baseline_load(const char *path, const struct fsj_vars *vars,
		      enum fsj_tier tier, struct fsj_ruleset *out,
		      char ***user_data_roots, size_t *n_roots,
		      struct fsj_error *err)
{
	struct rule_schema protected = {
		.source = FSJ_SRC_PROTECTED, .home = vars->home, .vars = vars, .tier = tier,
	};
	struct rule_schema baseline = protected;
	struct fsj_ruleset rs = { 0 };
	char **roots = NULL;
	size_t n = 0;
	struct ynode *root;
	struct ydoc d;
	bool missing;
	int r;

	memset(out, 0, sizeof(*out));
	if (user_data_roots)
		*user_data_roots = NULL;
	if (n_roots)
		*n_roots = 0;
	baseline.source = FSJ_SRC_BASELINE;
	if (load_tree(path, &d, &root, &missing, err) < 0)
		return -1;
	/* The baseline is required: without it nothing is protected. */
	if (missing)
		return fsj_error_set(err, path, 0, 0, "cannot read: %s", strerror(ENOENT));
	r = check_top(&d, root);
	for (size_t i = 0; r == 0 && root && root->kind == YN_MAP && i < root->n; i += 2) {
		const struct ynode *k = root->kids[i], *v = root->kids[i + 1];

		if (key_is(k, "baseline"))
			r = read_rule_list(&d, k, v, &baseline, &rs);
		else if (key_is(k, "protected"))
			r = read_rule_list(&d, k, v, &protected, &rs);
		else if (key_is(k, "user_data_roots"))
			r = read_roots(&d, k, v, vars, &roots, &n);
		else
			r = node_err(&d, k, "unknown key '%s' (expected baseline, protected or "
				     "user_data_roots)", shown(&d, k));
	}
	ynode_free(root);
	if (r < 0) {
		fsj_ruleset_release(&rs);
		free_roots(roots, n);
		return -1;
	}
	*out = rs;
	if (user_data_roots) {
		*user_data_roots = roots;
		if (n_roots)
			*n_roots = n;
	} else {
		free_roots(roots, n);
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Environment
 */

void fsj_env_release(struct fsj_env *env)
{
	if (!env)
		return;
	free(env->home);
	free(env->config_dir);
	free(env->state_dir);
	free(env->config_file);
	free(env->rules_file);
	free(env->tmpdir);
	free(env->baseline_file);
	free(env->cwd);
	memset(env, 0, sizeof(*env));
}

/* Normalise the environment or command-line path p (relative against cwd,
 * "~" against home) into *out; the error names what (e.g. "FSJAIL_HOME"). */
static int env_path(const char *what, const char *p, const char *home, const char *cwd,
		    char **out, struct fsj_error *err)
{
	int r = path_normalize(p, strlen(p), home, cwd, out);

	if (r != PATH_OK)
		return fsj_error_set(err, NULL, 0, 0, "%s '%s': %s", what, p, path_strerror(r));
	return 0;
}

/* $VAR/fsjail when VAR holds an absolute path (the XDG base directory
 * specification says relative values are invalid and ignored), else
 * home/fallback/fsjail. */
static char *xdg_dir(const char *var, const char *home, const char *fallback)
{
	const char *v = getenv(var);
	char *p = NULL, *raw;

	if (v && v[0] == '/')
		raw = xasprintf("%s/fsjail", v);
	else
		raw = xasprintf("%s/%s/fsjail", home, fallback);
	if (path_normalize(raw, strlen(raw), NULL, NULL, &p) != PATH_OK)
		p = NULL;
	free(raw);
	return p;
}

static bool is_regular_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

size_t fsj_data_candidates(const char *name, const char *cwd, char *out[FSJ_DATA_PLACES])
{
	const char *envdir = getenv("FSJAIL_DATADIR");
	const char *dirs[FSJ_DATA_PLACES];
	size_t n = 0, k = 0;

	if (envdir && *envdir)
		dirs[n++] = envdir;
#ifdef FSJAIL_DATADIR
	dirs[n++] = FSJAIL_DATADIR;
#endif
#ifdef FSJAIL_SRC_PROFILES
	dirs[n++] = FSJAIL_SRC_PROFILES;
#endif
	for (size_t i = 0; i < n; i++) {
		cleanup_free char *raw = xasprintf("%s/%s", dirs[i], name);

		if (path_normalize(raw, strlen(raw), NULL, cwd, &out[k]) == PATH_OK)
			k++;
	}
	return k;
}

char *fsj_data_find(const char *name, const char *cwd)
{
	char *cand[FSJ_DATA_PLACES];
	size_t n = fsj_data_candidates(name, cwd, cand);
	char *found = NULL;

	for (size_t i = 0; i < n; i++) {
		if (!found && is_regular_file(cand[i]))
			found = steal_pointer(&cand[i]);
		free(cand[i]);
	}
	return found;
}

int fsj_data_read(const char *name, const char *cwd, size_t max, char **text, char **path,
		  struct fsj_error *err)
{
	cleanup_free char *found = fsj_data_find(name, cwd);
	char *buf = NULL;
	size_t len;
	int rc;

	*text = NULL;
	if (path)
		*path = NULL;
	if (!found) {
		char *cand[FSJ_DATA_PLACES];
		size_t n = fsj_data_candidates(name, cwd, cand);
		struct strbuf where = STRBUF_INIT;

		for (size_t i = 0; i < n; i++) {
			sb_addf(&where, "%s'%s'", i ? ", " : "", cand[i]);
			free(cand[i]);
		}
		fsj_error_set(err, NULL, 0, 0,
			      "no %s found (searched %s)\n"
			      "hint: set FSJAIL_DATADIR to the folder that holds it",
			      name, n ? where.buf : "nowhere: no data directory is known");
		sb_release(&where);
		return -1;
	}
	rc = read_file(found, max, &buf, &len);
	if (rc < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot read '%s': %s", found,
				     rc == -EFBIG ? "larger than fsjail accepts" : strerror(-rc));
	if (strlen(buf) != len) {
		free(buf);
		return fsj_error_set(err, NULL, 0, 0, "'%s' holds a NUL byte", found);
	}
	*text = buf;
	if (path)
		*path = steal_pointer(&found);
	return 0;
}

int fsj_env_init(struct fsj_env *env, const char *rules_file,
		 const char *config_file, struct fsj_error *err)
{
	const char *home = getenv("HOME"), *fhome = getenv("FSJAIL_HOME");
	const char *tmpdir = getenv("TMPDIR");
	char cwd[FSJ_PATH_MAX + 1];

	memset(env, 0, sizeof(*env));
	if (!getcwd(cwd, sizeof(cwd))) {
		fsj_error_set(err, NULL, 0, 0, "cannot get the current directory: %s",
			      strerror(errno));
		goto err_release;
	}
	env->cwd = xstrdup(cwd);
	if (!home || !*home) {
		struct passwd *pw = getpwuid(getuid());

		home = pw ? pw->pw_dir : NULL;
	}
	if (!home || home[0] != '/') {
		fsj_error_set(err, NULL, 0, 0, "cannot find the home directory: set HOME to "
			      "an absolute path");
		goto err_release;
	}
	if (env_path("HOME", home, NULL, NULL, &env->home, err) < 0)
		goto err_release;

	if (fhome && *fhome) {
		cleanup_free char *root = NULL;

		if (env_path("FSJAIL_HOME", fhome, env->home, env->cwd, &root, err) < 0)
			goto err_release;
		env->config_dir = path_join(root, "config");
		env->state_dir = path_join(root, "state");
	} else {
		env->config_dir = xdg_dir("XDG_CONFIG_HOME", env->home, ".config");
		env->state_dir = xdg_dir("XDG_STATE_HOME", env->home, ".local/state");
		if (!env->config_dir || !env->state_dir) {
			fsj_error_set(err, NULL, 0, 0, "cannot build fsjail's directories "
				      "from HOME '%s'", env->home);
			goto err_release;
		}
	}

	if (config_file) {
		if (env_path("config file", config_file, env->home, env->cwd,
			     &env->config_file, err) < 0)
			goto err_release;
	} else {
		env->config_file = path_join(env->config_dir, "config.yaml");
	}
	if (rules_file) {
		if (env_path("rules file", rules_file, env->home, env->cwd, &env->rules_file,
			     err) < 0)
			goto err_release;
	} else {
		env->rules_file = path_join(env->config_dir, "rules.yaml");
	}

	if (tmpdir && tmpdir[0] == '/' &&
	    path_normalize(tmpdir, strlen(tmpdir), NULL, NULL, &env->tmpdir) != PATH_OK)
		env->tmpdir = NULL;

	env->baseline_file = fsj_data_find(FSJ_DATA_BASELINE, env->cwd);
	if (!env->baseline_file) {
		fsj_error_set(err, NULL, 0, 0, "no %s found in $FSJAIL_DATADIR, "
			      "%s or the source tree; set FSJAIL_DATADIR", FSJ_DATA_BASELINE,
#ifdef FSJAIL_DATADIR
			      FSJAIL_DATADIR
#else
			      "the data directory"
#endif
		);
		goto err_release;
	}
	return 0;

err_release:
	fsj_env_release(env);
	return -1;
}

/* ------------------------------------------------------------------------
 * Context
 */

void fsj_ctx_release(struct fsj_ctx *ctx)
{
	if (!ctx)
		return;
	fsj_env_release(&ctx->env);
	fsj_config_release(&ctx->config);
	fsj_ruleset_release(&ctx->rules);
	fsj_ruleset_release(&ctx->session);
	free(ctx->workspace);
	memset(ctx, 0, sizeof(*ctx));
	fsj_config_init(&ctx->config);
}

static void ctx_vars(const struct fsj_ctx *ctx, const char *workspace, struct fsj_vars *v)
{
	v->home = ctx->env.home;
	v->workspace = workspace;
	v->tmpdir = ctx->env.tmpdir;
	v->config_dir = ctx->env.config_dir;
	v->state_dir = ctx->env.state_dir;
	v->config_file = ctx->env.config_file;
	v->rules_file = ctx->env.rules_file;
	v->baseline_file = ctx->env.baseline_file;
}

/* The protected rule of the baseline that refuses writes at path (either
 * spelling), copied into *path_out (caller frees), or NULL when path is
 * not protected. Uses the policy engine itself so that protected
 * exceptions (/usr/local) count. */
static int protected_tree(const struct fsj_ctx *ctx, const char *path, const char *resolved,
			  char **path_out, struct fsj_error *err)
{
	struct fsj_ruleset rs;
	struct fsj_decision dec;
	struct fsj_policy *pol;
	struct fsj_vars vars;

	*path_out = NULL;
	ctx_vars(ctx, NULL, &vars);
	if (fsj_baseline_load(ctx->env.baseline_file, &vars, FSJ_TIER_FULL, &rs, NULL, NULL,
			      err) < 0)
		return -1;
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_FULL);
	for (size_t i = 0; i < rs.n; i++) {
		if (rs.rules[i].source == FSJ_SRC_PROTECTED)
			policy_add_rule(pol, &rs.rules[i]);
	}
	policy_finalize(pol);
	policy_decide(pol, path, resolved, FSJ_CAP_WRITE, &dec);
	if (dec.level == FSJ_LEVEL_PROTECTED && !dec.allowed && dec.rule)
		*path_out = xstrdup(dec.rule->path);
	policy_free(pol);
	fsj_ruleset_release(&rs);
	return 0;
}

/* Whether pol already holds a protected rule on the file path (not
 * recursive) that denies at least deny. */
static bool has_protected_file(const struct fsj_policy *pol, const char *path, unsigned deny)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		if (r->source == FSJ_SRC_PROTECTED && !r->recursive &&
		    (r->deny & deny) == deny && strcmp(r->path, path) == 0)
			return true;
	}
	return false;
}

/* Settle ctx->workspace from ws (explicit: given with --workspace; from:
 * the file it was read from, named in errors, or NULL). */
static int ctx_workspace(struct fsj_ctx *ctx, const char *ws, bool explicit,
			 const char *from, struct fsj_error *err)
{
	cleanup_free char *norm = NULL, *resolved = NULL, *home_resolved = NULL;
	cleanup_free char *tree = NULL;
	struct stat st;
	int r;

	r = path_normalize(ws, strlen(ws), ctx->env.home, ctx->env.cwd, &norm);
	if (r != PATH_OK)
		return fsj_error_set(err, from, 0, 0, "workspace '%s': %s", ws,
				     path_strerror(r));
	if (stat(norm, &st) < 0)
		return fsj_error_set(err, from, 0, 0, "workspace '%s': %s", norm,
				     strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return fsj_error_set(err, from, 0, 0, "workspace '%s' is not a directory", norm);
	resolved = path_resolve(norm);
	if (!explicit) {
		const char *hint = "; name it with --workspace to use it anyway";

		home_resolved = path_resolve(ctx->env.home);
		if (strcmp(resolved, "/") == 0)
			return fsj_error_set(err, from, 0, 0, "refusing workspace '%s': it is "
					     "the root directory%s", norm, hint);
		if (strcmp(norm, ctx->env.home) == 0 || strcmp(resolved, home_resolved) == 0)
			return fsj_error_set(err, from, 0, 0, "refusing workspace '%s': it is "
					     "the home directory%s", norm, hint);
		/* a folder above $HOME (/home, say) would grant the whole home */
		if (path_covers(norm, ctx->env.home) || path_covers(resolved, home_resolved))
			return fsj_error_set(err, from, 0, 0, "refusing workspace '%s': it holds "
					     "the home directory%s", norm, hint);
		if (protected_tree(ctx, norm, resolved, &tree, err) < 0)
			return -1;
		if (tree)
			return fsj_error_set(err, from, 0, 0, "refusing workspace '%s': it is "
					     "inside the protected path '%s'%s", norm, tree, hint);
	}
	ctx->workspace = steal_pointer(&resolved);
	return 0;
}

int fsj_ctx_load(const struct fsj_ctx_opts *opts, struct fsj_ctx *ctx,
		 struct fsj_error *err)
{
	const char *ws, *from = NULL;
	bool explicit = false;

	memset(ctx, 0, sizeof(*ctx));
	fsj_config_init(&ctx->config);
	ctx->mode = FSJ_MODE_WORKSPACE_WRITE;
	ctx->enforce = FSJ_ENFORCE_AUTO;

	if (opts->mode) {
		int m = fsj_mode_parse(opts->mode);

		if (m < 0) {
			fsj_error_set(err, NULL, 0, 0, "unknown mode '%s' (expected "
				      "workspace-write or read-only)", opts->mode);
			goto err_release;
		}
		ctx->mode = (enum fsj_mode)m;
	}
	if (opts->enforce) {
		ctx->enforce = fsj_enforce_parse(opts->enforce);
		if (ctx->enforce == FSJ_ENFORCE_UNKNOWN) {
			fsj_error_set(err, NULL, 0, 0, "unknown enforce '%s' (expected auto, full, "
				      "guarded, process, writes or off)", opts->enforce);
			goto err_release;
		}
	}
	if (fsj_env_init(&ctx->env, opts->rules_file, opts->config_file, err) < 0)
		goto err_release;
	/* A missing default file is an empty rule set or the default config;
	 * a file named on the command line must exist: a typo in --rules
	 * would otherwise silently run without the user's denies. */
	if (opts->rules_file && access(ctx->env.rules_file, F_OK) < 0 && errno == ENOENT) {
		fsj_error_set(err, ctx->env.rules_file, 0, 0, "rules file given with --rules "
			      "does not exist");
		goto err_release;
	}
	if (opts->config_file && access(ctx->env.config_file, F_OK) < 0 && errno == ENOENT) {
		fsj_error_set(err, ctx->env.config_file, 0, 0, "config file given with --config "
			      "does not exist");
		goto err_release;
	}
	if (fsj_config_load(ctx->env.config_file, ctx->env.home, &ctx->config, err) < 0)
		goto err_release;
	/* command line, then config, then the default */
	if (!opts->mode && ctx->config.mode_set)
		ctx->mode = ctx->config.mode;
	if (!opts->enforce && ctx->config.enforce_set)
		ctx->enforce = ctx->config.enforce;

	if (opts->workspace) {
		ws = opts->workspace;
		explicit = true;
	} else if (ctx->config.workspace) {
		ws = ctx->config.workspace;
		from = ctx->env.config_file;
	} else {
		ws = ctx->env.cwd;
	}
	if (ctx_workspace(ctx, ws, explicit, from, err) < 0)
		goto err_release;
	if (fsj_rules_load(ctx->env.rules_file, ctx->env.home, ctx->workspace, &ctx->rules,
			   err) < 0)
		goto err_release;
	return 0;

err_release:
	fsj_ctx_release(ctx);
	return -1;
}

static void add_rules(struct fsj_policy *pol, const struct fsj_ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		policy_add_rule(pol, &rs->rules[i]);
}

int fsj_ctx_policy(const struct fsj_ctx *ctx, enum fsj_tier tier,
		   struct fsj_policy **out, struct fsj_error *err)
{
	struct fsj_ruleset bl;
	struct fsj_policy *pol;
	struct fsj_vars vars;
	char **roots = NULL;
	size_t n_roots = 0;

	*out = NULL;
	ctx_vars(ctx, ctx->workspace, &vars);
	if (fsj_baseline_load(ctx->env.baseline_file, &vars, tier, &bl, &roots, &n_roots,
			      err) < 0)
		return -1;
	pol = policy_new(ctx->mode, tier);
	if (ctx->workspace) {
		free(pol->workspace);
		pol->workspace = xstrdup(ctx->workspace);
	}
	/* protected: the baseline's, fsjail's own files among them */
	for (size_t i = 0; i < bl.n; i++) {
		if (bl.rules[i].source == FSJ_SRC_PROTECTED)
			policy_add_rule(pol, &bl.rules[i]);
	}
	/* an audit log moved out of the state directory by the config */
	if (ctx->config.audit_path) {
		struct fsj_rule audit = {
			.path = ctx->config.audit_path,
			.recursive = false,
			.deny = FSJ_CAPS_MODIFY,
			.source = FSJ_SRC_PROTECTED,
			.origin = ctx->env.config_file,
		};
		policy_add_rule(pol, &audit);
	}
	/* Every place a data file is searched, not only the one in use: a
	 * command that could write an earlier candidate would choose the
	 * baseline, or the head of every Seatbelt profile, of the next run. */
	for (size_t d = 0; d < 2; d++) {
		static const char *const names[] = { FSJ_DATA_BASELINE, FSJ_DATA_SBPL_PREAMBLE };
		char *origin = d == 0 ? (char *)"baseline search path"
				      : (char *)"sbpl preamble search path";
		char *cand[FSJ_DATA_PLACES];
		size_t n = fsj_data_candidates(names[d], ctx->env.cwd, cand);

		for (size_t i = 0; i < n; i++) {
			struct fsj_rule r = {
				.path = cand[i],
				.recursive = false,
				.deny = FSJ_CAPS_MODIFY,
				.source = FSJ_SRC_PROTECTED,
				.origin = origin,
			};
			/* the file in use is already protected by the baseline */
			if (!has_protected_file(pol, cand[i], FSJ_CAPS_MODIFY))
				policy_add_rule(pol, &r);
			free(cand[i]);
		}
	}
	add_rules(pol, &ctx->rules);
	add_rules(pol, &ctx->config.grants);
	add_rules(pol, &ctx->session);
	for (size_t i = 0; i < bl.n; i++) {
		if (bl.rules[i].source == FSJ_SRC_BASELINE)
			policy_add_rule(pol, &bl.rules[i]);
	}
	fsj_ruleset_release(&bl);
	for (size_t i = 0; i < pol->n_user_data_roots; i++)
		free(pol->user_data_roots[i]);
	free(pol->user_data_roots);
	pol->user_data_roots = roots;
	pol->n_user_data_roots = n_roots;
	policy_finalize(pol);
	*out = pol;
	return 0;
}
