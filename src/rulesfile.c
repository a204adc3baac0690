/* rulesfile.c - text-preserving edits of the rules file (see rulesfile.h).
 *
 * The file is read with libyaml's event parser only to find where things
 * are: the `rules:` key, its value, and the byte range of each list entry
 * (from the start of the line of its "-" to the end of the line of its
 * last scalar). The edit splices text at those offsets. libyaml marks
 * count characters, not bytes, so they are mapped through the UTF-8 text. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

#include "path.h"
#include "policy.h"
#include "rulesfile.h"
#include "util.h"

enum layout_kind {
	L_NONE = 0,     /* no `rules:` key (empty file or empty document) */
	L_NULL,         /* `rules:` with a null value */
	L_FLOW_EMPTY,   /* `rules: []` */
	L_BLOCK,        /* `rules:` and a block list with entries */
};

struct layout {
	enum layout_kind kind;
	size_t key_col;             /* column of the rules key */
	size_t val_start, val_end;  /* L_NULL, L_FLOW_EMPTY: the value's bytes */
	size_t n;                   /* L_BLOCK: entries */
	size_t *start;              /* line start of each entry's "-" */
	size_t *end;                /* after the line of each entry's last scalar */
	size_t indent;              /* column of the entries' "-" */
};

struct scanner {
	yaml_parser_t p;
	const char *file;
	const char *text;
	size_t len;
	size_t *byte_of;    /* character index -> byte offset */
	size_t n_chars;
	struct fsj_error *err;
};

static size_t to_byte(const struct scanner *s, size_t char_index)
{
	return char_index > s->n_chars ? s->len : s->byte_of[char_index];
}

/* After the newline that ends the line holding byte off (or len). */
static size_t line_end(const char *text, size_t len, size_t off)
{
	const char *nl = off < len ? memchr(text + off, '\n', len - off) : NULL;

	return nl ? (size_t)(nl - text) + 1 : len;
}

static int refuse(struct scanner *s, const yaml_mark_t *m, const char *why)
{
	return fsj_error_set(s->err, s->file, m ? m->line + 1 : 0, m ? m->column + 1 : 0,
			     "cannot edit the rules file in place: %s (edit it by hand)", why);
}

static int next(struct scanner *s, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&s->p, ev))
		return fsj_error_set(s->err, s->file, s->p.problem_mark.line + 1,
				     s->p.problem_mark.column + 1, "%s",
				     s->p.problem ? s->p.problem : "invalid YAML");
	return 0;
}

static bool has_anchor(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		return ev->data.scalar.anchor != NULL;
	case YAML_SEQUENCE_START_EVENT:
		return ev->data.sequence_start.anchor != NULL;
	case YAML_MAPPING_START_EVENT:
		return ev->data.mapping_start.anchor != NULL;
	case YAML_NO_EVENT:
	case YAML_STREAM_START_EVENT:
	case YAML_STREAM_END_EVENT:
	case YAML_DOCUMENT_START_EVENT:
	case YAML_DOCUMENT_END_EVENT:
	case YAML_ALIAS_EVENT:
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return false;
	}
	return false;
}

/* Consume the node that starts with *first (taken over: deleted here);
 * *content_end gets the byte offset after its last scalar or flow
 * bracket. Anchors and aliases are refused: moving text could break them. */
static int skip_node(struct scanner *s, yaml_event_t *first, size_t *content_end)
{
	yaml_event_t ev = *first;
	int depth = 0;

	*content_end = 0;
	for (;;) {
		size_t e = to_byte(s, ev.end_mark.index);

		if (ev.type == YAML_ALIAS_EVENT || has_anchor(&ev)) {
			int r = refuse(s, &ev.start_mark, "it uses anchors or aliases");
			yaml_event_delete(&ev);
			return r;
		}
		switch (ev.type) {
		case YAML_SCALAR_EVENT:
			*content_end = e > *content_end ? e : *content_end;
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			depth++;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			/* a block collection ends at the next token: not content */
			if (s->text[e > 0 ? e - 1 : 0] == ']' || s->text[e > 0 ? e - 1 : 0] == '}')
				*content_end = e > *content_end ? e : *content_end;
			break;
		case YAML_NO_EVENT:
		case YAML_STREAM_START_EVENT:
		case YAML_STREAM_END_EVENT:
		case YAML_DOCUMENT_START_EVENT:
		case YAML_DOCUMENT_END_EVENT:
		case YAML_ALIAS_EVENT:
			break;
		}
		yaml_event_delete(&ev);
		if (depth == 0)
			return 0;
		if (next(s, &ev) < 0)
			return -1;
	}
}

/* The value of `rules:`, its first event in *ev (taken over). */
static int scan_rules_value(struct scanner *s, yaml_event_t *ev, struct layout *L)
{
	size_t cap = 0;

	if (has_anchor(ev) || ev->type == YAML_ALIAS_EVENT) {
		int r = refuse(s, &ev->start_mark, "it uses anchors or aliases");
		yaml_event_delete(ev);
		return r;
	}
	if (ev->type == YAML_SCALAR_EVENT) {
		L->kind = L_NULL;
		L->val_start = to_byte(s, ev->start_mark.index);
		L->val_end = to_byte(s, ev->end_mark.index);
		yaml_event_delete(ev);
		return 0;
	}
	if (ev->type != YAML_SEQUENCE_START_EVENT) {
		int r = refuse(s, &ev->start_mark, "'rules' is not a list");
		yaml_event_delete(ev);
		return r;
	}
	if (ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE) {
		yaml_event_t e2;
		L->val_start = to_byte(s, ev->start_mark.index);
		yaml_event_delete(ev);
		if (next(s, &e2) < 0)
			return -1;
		if (e2.type != YAML_SEQUENCE_END_EVENT) {
			int r = refuse(s, &e2.start_mark, "the rules are a flow-style list");
			yaml_event_delete(&e2);
			return r;
		}
		L->kind = L_FLOW_EMPTY;
		L->val_end = to_byte(s, e2.end_mark.index);
		yaml_event_delete(&e2);
		return 0;
	}
	yaml_event_delete(ev);
	L->kind = L_BLOCK;
	for (;;) {
		yaml_event_t item;
		size_t at, dash, ls, cend;

		if (next(s, &item) < 0)
			return -1;
		if (item.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&item);
			break;
		}
		/* the "-" before the entry, across white space only */
		at = to_byte(s, item.start_mark.index);
		dash = at;
		while (dash > 0 && strchr(" \t\r\n", s->text[dash - 1]))
			dash--;
		if (dash == 0 || s->text[dash - 1] != '-') {
			int r = refuse(s, &item.start_mark, "an entry's '-' was not found");
			yaml_event_delete(&item);
			return r;
		}
		dash--;
		ls = dash;
		while (ls > 0 && s->text[ls - 1] != '\n')
			ls--;
		for (size_t k = ls; k < dash; k++) {
			if (s->text[k] != ' ') {
				int r = refuse(s, &item.start_mark,
					       "an entry does not start its own line");
				yaml_event_delete(&item);
				return r;
			}
		}
		if (skip_node(s, &item, &cend) < 0)
			return -1;
		if (L->n == cap) {
			cap = cap ? cap * 2 : 8;
			L->start = xreallocarray(L->start, cap, sizeof(*L->start));
			L->end = xreallocarray(L->end, cap, sizeof(*L->end));
		}
		if (L->n == 0)
			L->indent = dash - ls;
		L->start[L->n] = ls;
		L->end[L->n] = line_end(s->text, s->len, cend > 0 ? cend - 1 : 0);
		L->n++;
	}
	if (L->n == 0)
		L->kind = L_NULL; /* cannot happen in block style; be safe */
	return 0;
}

static int scan_layout(const char *file, const char *text, size_t len, struct layout *L,
		       struct fsj_error *err)
{
	struct scanner s = { .file = file, .text = text, .len = len, .err = err };
	yaml_event_t ev;
	int r = -1, docs = 0;

	memset(L, 0, sizeof(*L));
	s.byte_of = xcalloc(len + 2, sizeof(*s.byte_of));
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)text[i] & 0xc0) != 0x80)
			s.byte_of[s.n_chars++] = i;
	s.byte_of[s.n_chars] = len;
	if (!yaml_parser_initialize(&s.p)) {
		free(s.byte_of);
		return fsj_error_set(err, file, 0, 0, "cannot initialise the YAML parser");
	}
	yaml_parser_set_input_string(&s.p, (const unsigned char *)text, len);
	for (;;) {
		if (next(&s, &ev) < 0)
			goto out;
		if (ev.type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (ev.type == YAML_STREAM_START_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		if (ev.type == YAML_DOCUMENT_END_EVENT) {
			bool implicit = ev.data.document_end.implicit;
			yaml_event_delete(&ev);
			if (!implicit) {
				refuse(&s, NULL, "it ends its document with '...'");
				goto out;
			}
			continue;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT) {
			yaml_event_delete(&ev);
			if (++docs > 1) {
				refuse(&s, NULL, "it holds more than one YAML document");
				goto out;
			}
			continue;
		}
		/* the root node */
		if (ev.type == YAML_SCALAR_EVENT) {
			yaml_event_delete(&ev);
			continue; /* an empty document */
		}
		if (ev.type != YAML_MAPPING_START_EVENT ||
		    ev.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE || has_anchor(&ev)) {
			refuse(&s, &ev.start_mark, "its top level is not a block mapping");
			yaml_event_delete(&ev);
			goto out;
		}
		yaml_event_delete(&ev);
		for (;;) {
			yaml_event_t k, v;
			size_t dummy;
			bool is_rules;

			if (next(&s, &k) < 0)
				goto out;
			if (k.type == YAML_MAPPING_END_EVENT) {
				yaml_event_delete(&k);
				break;
			}
			if (k.type != YAML_SCALAR_EVENT) {
				refuse(&s, &k.start_mark, "a key is not a plain name");
				yaml_event_delete(&k);
				goto out;
			}
			is_rules = strcmp((const char *)k.data.scalar.value, "rules") == 0;
			if (is_rules)
				L->key_col = k.start_mark.column;
			yaml_event_delete(&k);
			if (next(&s, &v) < 0)
				goto out;
			if (is_rules) {
				if (scan_rules_value(&s, &v, L) < 0)
					goto out;
			} else if (skip_node(&s, &v, &dummy) < 0) {
				goto out;
			}
		}
	}
	r = 0;
out:
	yaml_parser_delete(&s.p);
	free(s.byte_of);
	if (r < 0) {
		free(L->start);
		free(L->end);
		memset(L, 0, sizeof(*L));
	}
	return r;
}

static void layout_release(struct layout *L)
{
	free(L->start);
	free(L->end);
	memset(L, 0, sizeof(*L));
}

/* A YAML double-quoted scalar for s. */
static void add_quoted(struct strbuf *sb, const char *s)
{
	sb_addc(sb, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			sb_addc(sb, '\\');
			sb_addc(sb, (char)c);
		} else if (c < 0x20 || c == 0x7f) {
			sb_addf(sb, "\\x%02x", c);
		} else {
			sb_addc(sb, (char)c);
		}
	}
	sb_addc(sb, '"');
}

static void add_rule_text(struct strbuf *sb, size_t indent, const struct rulesfile_rule *r,
			  const char *created)
{
	bool first = true;

	sb_addf(sb, "%*s- path: ", (int)indent, "");
	add_quoted(sb, r->path);
	sb_addf(sb, "\n%*s  recursive: %s\n", (int)indent, "", r->recursive ? "true" : "false");
	sb_addf(sb, "%*s  allow: [", (int)indent, "");
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		if (!(r->allow & FSJ_CAPBIT(c)))
			continue;
		sb_addf(sb, "%s%s", first ? "" : ", ", fsj_cap_name((enum fsj_cap)c));
		first = false;
	}
	sb_addf(sb, "]\n%*s  created: \"%s\"\n", (int)indent, "", created);
}

/* Write text over rc->file atomically after checking that it loads with
 * exactly expect rules (see rulesfile.h). */
static int write_atomic(const struct rulesfile_ctx *rc, const char *text, size_t len,
			size_t expect, struct fsj_error *err)
{
	cleanup_free char *dir = path_dirname(rc->file);
	cleanup_free char *base_tmp = NULL;
	struct fsj_ruleset rs;
	struct fsj_error lerr = { { 0 } };
	struct stat st;
	mode_t mode = 0600;
	int fd, dfd;

	if (lstat(rc->file, &st) == 0) {
		if (S_ISLNK(st.st_mode))
			return fsj_error_set(err, rc->file, 0, 0, "is a symbolic link: refusing to "
					     "replace it (edit the file it points to)");
		if (!S_ISREG(st.st_mode))
			return fsj_error_set(err, rc->file, 0, 0, "is not a regular file");
		mode = st.st_mode & 07777;
	} else if (errno != ENOENT) {
		return fsj_error_set(err, rc->file, 0, 0, "%s", strerror(errno));
	}
	if (mkdir_p(dir, 0700) < 0)
		return fsj_error_set(err, dir, 0, 0, "cannot create the folder: %s", strerror(errno));
	base_tmp = xasprintf("%s/.rules-edit.XXXXXX", dir);
	fd = mkostemp(base_tmp, O_CLOEXEC);
	if (fd < 0)
		return fsj_error_set(err, dir, 0, 0, "cannot create a temporary file: %s",
				     strerror(errno));
	if (fchmod(fd, mode) < 0 || write_all(fd, text, len) < 0 || fsync(fd) < 0) {
		int e = errno;
		close(fd);
		unlink(base_tmp);
		return fsj_error_set(err, base_tmp, 0, 0, "cannot write: %s", strerror(e));
	}
	close(fd);
	if (fsj_rules_load(base_tmp, rc->home, rc->workspace, &rs, &lerr) < 0) {
		unlink(base_tmp);
		return fsj_error_set(err, rc->file, 0, 0, "the edited file would not load (%s); "
				     "nothing was changed", lerr.text);
	}
	if (rs.n != expect) {
		size_t got = rs.n;
		fsj_ruleset_release(&rs);
		unlink(base_tmp);
		return fsj_error_set(err, rc->file, 0, 0, "the edited file would hold %zu rules, "
				     "not %zu; nothing was changed", got, expect);
	}
	fsj_ruleset_release(&rs);
	if (rename(base_tmp, rc->file) < 0) {
		int e = errno;
		unlink(base_tmp);
		return fsj_error_set(err, rc->file, 0, 0, "cannot replace: %s", strerror(e));
	}
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
}

/* Read the file (missing: empty) and the number of rules it holds now. */
static int read_current(const struct rulesfile_ctx *rc, char **text, size_t *len, size_t *count,
			struct fsj_error *err)
{
	struct fsj_ruleset rs;
	int e;

	if (fsj_rules_load(rc->file, rc->home, rc->workspace, &rs, err) < 0)
		return -1;
	*count = rs.n;
	fsj_ruleset_release(&rs);
	e = read_file(rc->file, FSJ_YAML_MAX_BYTES, text, len);
	if (e == -ENOENT) {
		*text = xstrdup("");
		*len = 0;
		return 0;
	}
	if (e < 0)
		return fsj_error_set(err, rc->file, 0, 0, "%s",
				     e == -EINVAL ? "not a regular file" : strerror(-e));
	if (memchr(*text, '\0', *len)) {
		free(*text);
		return fsj_error_set(err, rc->file, 0, 0, "contains a NUL byte");
	}
	return 0;
}

int rulesfile_add(const struct rulesfile_ctx *rc, const struct rulesfile_rule *rules, size_t n,
		  struct fsj_error *err)
{
	cleanup_free char *text = NULL;
	size_t len, count, indent;
	struct layout L;
	struct strbuf items = STRBUF_INIT, out = STRBUF_INIT;
	char created[32];
	time_t now = time(NULL);
	struct tm tm;
	int r;

	if (read_current(rc, &text, &len, &count, err) < 0)
		return -1;
	if (scan_layout(rc->file, text, len, &L, err) < 0)
		return -1;
	gmtime_r(&now, &tm);
	strftime(created, sizeof(created), "%Y-%m-%dT%H:%M:%SZ", &tm);
	indent = L.kind == L_BLOCK ? L.indent : L.key_col + 2;
	for (size_t i = 0; i < n; i++)
		add_rule_text(&items, indent, &rules[i], created);

	switch (L.kind) {
	case L_BLOCK: {
		size_t at = L.end[L.n - 1];
		sb_add(&out, text, at);
		if (at > 0 && text[at - 1] != '\n')
			sb_addc(&out, '\n');
		sb_add(&out, items.buf, items.len);
		sb_add(&out, text + at, len - at);
		break;
	}
	case L_NULL:
	case L_FLOW_EMPTY: {
		size_t at = line_end(text, len, L.val_end > 0 ? L.val_end - 1 : 0);
		if (at < L.val_end)
			at = L.val_end;
		sb_add(&out, text, L.val_start);
		sb_add(&out, text + L.val_end, at - L.val_end);
		if (out.len > 0 && out.buf[out.len - 1] != '\n')
			sb_addc(&out, '\n');
		sb_add(&out, items.buf, items.len);
		sb_add(&out, text + at, len - at);
		break;
	}
	case L_NONE:
		sb_add(&out, text, len);
		if (len > 0 && text[len - 1] != '\n')
			sb_addc(&out, '\n');
		sb_adds(&out, "rules:\n");
		sb_add(&out, items.buf, items.len);
		break;
	}
	r = write_atomic(rc, out.buf ? out.buf : "", out.len, count + n, err);
	sb_release(&items);
	sb_release(&out);
	layout_release(&L);
	return r;
}

/* Remove entries [from, to] (inclusive, 0-based). */
static int remove_range(const struct rulesfile_ctx *rc, size_t from, size_t to, bool all,
			struct fsj_error *err)
{
	cleanup_free char *text = NULL;
	size_t len, count;
	struct layout L;
	struct strbuf out = STRBUF_INIT;
	int r;

	if (read_current(rc, &text, &len, &count, err) < 0)
		return -1;
	if (scan_layout(rc->file, text, len, &L, err) < 0)
		return -1;
	if (L.n != count) {
		layout_release(&L);
		return fsj_error_set(err, rc->file, 0, 0, "cannot edit the rules file in place: "
				     "found %zu entries but %zu rules", L.n, count);
	}
	if (all) {
		if (L.n == 0) {
			layout_release(&L);
			return 0;
		}
		to = L.n - 1;
	}
	if (from > to || to >= L.n) {
		layout_release(&L);
		return fsj_error_set(err, rc->file, 0, 0, "there is no rule %zu (the file holds %zu)",
				     to + 1, L.n);
	}
	sb_add(&out, text, L.start[from]);
	sb_add(&out, text + L.end[to], len - L.end[to]);
	r = write_atomic(rc, out.buf ? out.buf : "", out.len, count - (to - from + 1), err);
	sb_release(&out);
	layout_release(&L);
	return r;
}

int rulesfile_remove(const struct rulesfile_ctx *rc, size_t index, struct fsj_error *err)
{
	return remove_range(rc, index, index, false, err);
}

int rulesfile_clear(const struct rulesfile_ctx *rc, struct fsj_error *err)
{
	return remove_range(rc, 0, 0, true, err);
}
