/* yamlread.c - the YAML tree fsjail's readers walk (see yamlread.h).
 *
 * libyaml's event parser turns the file into a small tree of scalars,
 * sequences and mappings with their positions; aliases, anchors, tags,
 * duplicate keys and multiple documents are refused there. The getters
 * below read scalars, capability and tier lists and paths (${VAR}
 * substitution, normalisation) with FILE:LINE:COL errors. */

#include "yamlread.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keyset.h"
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

/* ------------------------------------------------------------------------
 * YAML tree
 */


void ynode_free(struct ynode *n)
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

const char *yshown(struct ydoc *d, const struct ynode *n)
{
	if (n->kind != YN_SCALAR)
		return "...";
	return show(d, n->val, n->len);
}

const char *ykind_name(const struct ynode *n)
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
int ynode_err(struct ydoc *d, const struct ynode *n, const char *fmt, ...)
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

bool ysame_scalar(const struct ynode *a, const struct ynode *b)
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
	struct keyset keys = { 0 }; /* a mapping's keys, by bytes: tag = index in kids */
	size_t prev;

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
			ynode_err(d, kid, "a mapping key must be a scalar, not %s", ykind_name(kid));
			goto err_free;
		}
		if (!keyset_add(&keys, kid->val, kid->len, n->n - 1, &prev)) {
			ynode_err(d, kid, "duplicate key '%s' (first at line %lu)", yshown(d, kid),
				  n->kids[prev]->line);
			goto err_free;
		}
	}
	keyset_release(&keys);
	*out = n;
	return 0;

err_free:
	keyset_release(&keys);
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
int yload_tree(const char *path, struct ydoc *d, struct ynode **root, bool *missing,
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
	if (r == -EINVAL)
		return fsj_error_set(err, path, 0, 0, "not a regular file");
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
bool yis_null(const struct ynode *n)
{
	if (n->kind != YN_SCALAR || !n->plain)
		return false;
	return n->len == 0 || strcmp(n->val, "~") == 0 || strcmp(n->val, "null") == 0 ||
	       strcmp(n->val, "Null") == 0 || strcmp(n->val, "NULL") == 0;
}

bool ykey_is(const struct ynode *k, const char *name)
{
	return k->len == strlen(name) && memcmp(k->val, name, k->len) == 0;
}

/* A scalar without NUL bytes: *out points into the tree. */
int yget_str(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		   const char **out)
{
	if (v->kind != YN_SCALAR)
		return ynode_err(d, v, "'%s' must be a scalar, not %s", k->val, ykind_name(v));
	if (strlen(v->val) != v->len)
		return ynode_err(d, v, "'%s' contains a NUL byte", k->val);
	*out = v->val;
	return 0;
}

/* true or false, unquoted (YAML 1.2 core schema; YAML 1.1's yes/no/on/off
 * are refused as ambiguous). */
int yget_bool(struct ydoc *d, const struct ynode *k, const struct ynode *v, bool *out)
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
		return ynode_err(d, v, "'%s' must be true or false, not %s", k->val,
				ykind_name(v));
	return ynode_err(d, v, "'%s' must be true or false, not '%s'", k->val, yshown(d, v));
}

/* An unquoted decimal integer 0..max. */
int yget_ulong(struct ydoc *d, const struct ynode *k, const struct ynode *v,
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
			return ynode_err(d, v, "'%s' is larger than %lu", k->val, max);
		x = x * 10 + digit;
	}
	*out = x;
	return 0;
bad:
	return ynode_err(d, v, "'%s' must be a non-negative integer", k->val);
}

int yneed_map(struct ydoc *d, const struct ynode *k, const struct ynode *v)
{
	if (v->kind != YN_MAP)
		return ynode_err(d, v, "'%s' must be a mapping, not %s", k->val, ykind_name(v));
	return 0;
}

/* A sequence of names into a mask of 1u << parse(name) (parse: -1 for an
 * unknown name); the errors call one name one ("tier") and several what
 * ("tiers"), and list the expected names. */
static int get_mask(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		    const char *one, const char *what, int (*parse)(const char *),
		    const char *expected, unsigned *mask)
{
	*mask = 0;
	if (v->kind != YN_SEQ)
		return ynode_err(d, v, "'%s' must be a sequence of %s, not %s", k->val, what,
				ykind_name(v));
	for (size_t i = 0; i < v->n; i++) {
		const struct ynode *c = v->kids[i];
		int bit;

		if (c->kind != YN_SCALAR)
			return ynode_err(d, c, "'%s' must be a sequence of %s, found %s", k->val,
					what, ykind_name(c));
		bit = strlen(c->val) == c->len ? parse(c->val) : -1;
		if (bit < 0)
			return ynode_err(d, c, "unknown %s '%s' (expected %s)", one, yshown(d, c),
					expected);
		*mask |= 1u << bit;
	}
	return 0;
}

/* A sequence of capability names into a FSJ_CAPBIT mask. */
int yget_caps(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		    unsigned *mask)
{
	return get_mask(d, k, v, "capability", "capabilities", fsj_cap_parse,
			"read, write, create, delete, execute or connect", mask);
}

/* A sequence of tier names into a mask of (1 << tier). */
int yget_tiers(struct ydoc *d, const struct ynode *k, const struct ynode *v,
		     unsigned *mask)
{
	return get_mask(d, k, v, "tier", "tiers", fsj_tier_parse,
			"full, guarded, process or writes", mask);
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
	{ "HOST_NPM_NPX", offsetof(struct fsj_vars, host_npm_npx) },
	{ "KRB5_CCACHE", offsetof(struct fsj_vars, krb5cc) },
	{ "KRB5_CCACHE_DEFAULT", offsetof(struct fsj_vars, krb5cc_default) },
	{ "PRIVATE_CARGO_GIT", offsetof(struct fsj_vars, private_cache[5]) },
	{ "PRIVATE_CARGO_LAST_USE", offsetof(struct fsj_vars, private_cache[2]) },
	{ "PRIVATE_CARGO_LOCK", offsetof(struct fsj_vars, private_cache[3]) },
	{ "PRIVATE_CARGO_LOCK_MUTATE", offsetof(struct fsj_vars, private_cache[4]) },
	{ "PRIVATE_CARGO_REGISTRY", offsetof(struct fsj_vars, private_cache[6]) },
	{ "PRIVATE_GO_BUILD", offsetof(struct fsj_vars, private_cache[0]) },
	{ "PRIVATE_NPM_CACHE", offsetof(struct fsj_vars, private_cache[7]) },
	{ "PRIVATE_NPM_LOGS", offsetof(struct fsj_vars, private_cache[8]) },
	{ "PRIVATE_NPM_NPX", offsetof(struct fsj_vars, private_cache[9]) },
	{ "PRIVATE_PIP_CACHE", offsetof(struct fsj_vars, private_cache[1]) },
	{ "PRIVATE_SHM", offsetof(struct fsj_vars, private_shm) },
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
			return ynode_err(d, v, "'$' must start ${NAME} in '%s'", yshown(d, v));
		}
		n = (size_t)(close - (dollar + 2));
		for (i = 0; i < sizeof(vars_table) / sizeof(vars_table[0]); i++) {
			if (strlen(vars_table[i].name) == n &&
			    memcmp(vars_table[i].name, dollar + 2, n) == 0)
				break;
		}
		if (i == sizeof(vars_table) / sizeof(vars_table[0])) {
			sb_release(&sb);
			return ynode_err(d, v, "unknown variable '%s'",
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
int yget_path(struct ydoc *d, const struct ynode *k, const struct ynode *v,
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
		return ynode_err(d, v, "'%s' must be a path, not %s", k->val, ykind_name(v));
	if (strlen(v->val) != v->len)
		return ynode_err(d, v, "path '%s' contains a NUL byte", yshown(d, v));
	if (v->len == 0)
		return ynode_err(d, v, "empty path");
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
			return ynode_err(d, v, "path '%s' looks like it uses a variable, which "
					"is not expanded (write '~/...' or an absolute path)",
					yshown(d, v));
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
		return ynode_err(d, v, "relative path '%s' not allowed here",
				show(d, raw, strlen(raw)));
	case PATH_ERR_TILDE_USER:
		return ynode_err(d, v, "'~user' paths are not supported: '%s'",
				show(d, raw, strlen(raw)));
	case PATH_ERR_NO_HOME:
		return ynode_err(d, v, "path '%s' uses '~' but the home directory is unknown",
				show(d, raw, strlen(raw)));
	default:
		return ynode_err(d, v, "invalid path '%s': %s", show(d, raw, strlen(raw)),
				path_strerror(r));
	}
}
