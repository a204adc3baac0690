/* audit-text.c - the audit log shown on a terminal (DESIGN.md section
 * 10): the log read as a stream or from its end (audit_view_show(), for
 * `fsjail log`), each line as stored (--json) or for a human
 * (audit-render.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "audit-render.h"
#include "audit-text.h"
#include "json-out.h"

/* Longest audit line read (1 MiB): audit_record() writes at most
 * AUDIT_LINE_MAX; a longer line was not written by fsjail and is counted
 * as not JSON. */
#define LOG_LINE_MAX (1024u * 1024u)
#define LOG_BLOCK (64u * 1024u)

static const char *field(const cJSON *o, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* Whether o is a run record ("call": "run") of v->workspace. */
static bool ws_run(const struct audit_view *v, const cJSON *o)
{
	const char *c = field(o, "call"), *p = field(o, "path");

	return c && strcmp(c, "run") == 0 && p && strcmp(p, v->workspace) == 0;
}

/* Whether line (NUL-terminated) is shown under v's session and workspace
 * filters; while v->sessions is being collected (collecting), note the
 * session of a run record of v->workspace instead and show nothing. */
static bool wanted(struct audit_view *v, const char *line, bool collecting)
{
	const char *s;
	cJSON *o;
	bool ok = true;

	if (!v->session && !v->workspace)
		return true;
	fsj_json_exact(o = cJSON_Parse(line)); /* a workspace's bytes as they are */
	s = o ? field(o, "session") : NULL;
	if (v->session)
		ok = s && strcmp(s, v->session) == 0;
	if (ok && v->workspace && collecting) {
		bool seen = false;

		for (size_t i = 0; i < v->n_sessions && s && !seen; i++)
			seen = strcmp(v->sessions[i], s) == 0;
		if (s && !seen && o && ws_run(v, o)) {
			v->sessions = xreallocarray(v->sessions, v->n_sessions + 1, sizeof(char *));
			v->sessions[v->n_sessions++] = xstrdup(s);
		}
		ok = false;
	} else if (ok && v->workspace) {
		ok = o && ws_run(v, o);
		for (size_t i = 0; i < v->n_sessions && s && !ok; i++)
			ok = strcmp(v->sessions[i], s) == 0;
	}
	cJSON_Delete(o);
	return ok;
}

static void show(struct audit_view *v, const char *line)
{
	cJSON *o;

	o = cJSON_Parse(line);
	if (!cJSON_IsObject(o)) {
		cJSON_Delete(o);
		v->bad++;
		return;
	}
	if (v->json) {
		/* the stored line, its schema first (fsjail-json(7)) */
		const char *rest = line + strspn(line, " \t") + 1;

		printf("{\"schema\":\"fsjail-log/1\"%s%s\n",
		       rest[strspn(rest, " \t")] == '}' ? "" : ",", rest);
		cJSON_Delete(o);
		return;
	}
	fsj_json_exact(o); /* a name's bytes, escaped by audit_render_line() */
	audit_render_line(o);
	cJSON_Delete(o);
}

/* Every whole line of fd, first to last (collecting: see wanted()). */
static int show_all(struct audit_view *v, int fd, bool collecting)
{
	struct strbuf line = STRBUF_INIT;
	char buf[LOG_BLOCK];
	bool too_long = false;
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		const char *p = buf, *end = buf + (n > 0 ? n : 0), *nl;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sb_release(&line);
			return -1;
		}
		while (p < end) {
			nl = memchr(p, '\n', (size_t)(end - p));
			if (!too_long)
				sb_add(&line, p, (size_t)((nl ? nl : end) - p));
			if (line.len > LOG_LINE_MAX) {
				too_long = true;
				line.len = 0;
			}
			if (!nl)
				break;
			if (too_long)
				v->bad += !collecting;
			else if (wanted(v, line.buf ? line.buf : "", collecting))
				show(v, line.buf ? line.buf : "");
			too_long = false;
			line.len = 0;
			if (line.buf)
				line.buf[0] = '\0';
			p = nl + 1;
		}
	}
	sb_release(&line); /* a line still being written */
	return 0;
}

/* The last tail lines of fd (size bytes) that v wants, read from the
 * end block by block; shown first to last. */
static int show_tail(struct audit_view *v, int fd, off_t size, unsigned long tail)
{
	struct strbuf carry = STRBUF_INIT; /* the line being assembled, later part */
	char **kept = NULL, *buf = xmalloc(LOG_BLOCK);
	size_t n_kept = 0, cap = 0, i;
	bool last = true, too_long = false; /* the text after the last '\n' is unfinished */
	off_t pos = size;
	int rc = 0;

	while (pos > 0 && n_kept < tail) {
		size_t n = pos > (off_t)LOG_BLOCK ? LOG_BLOCK : (size_t)pos, seg_end;
		ssize_t r;

		pos -= (off_t)n;
		r = pread(fd, buf, n, pos);
		if (r < 0 && errno == EINTR) {
			pos += (off_t)n;
			continue;
		}
		if (r != (ssize_t)n) {
			rc = -1;
			break;
		}
		seg_end = n;
		for (i = n; i-- > 0 && n_kept < tail;) {
			struct strbuf line = STRBUF_INIT;

			if (buf[i] != '\n')
				continue;
			sb_add(&line, buf + i + 1, seg_end - i - 1);
			sb_add(&line, carry.buf ? carry.buf : "", carry.len);
			if (!last && (too_long || line.len > LOG_LINE_MAX)) {
				v->bad++;
			} else if (!last && wanted(v, line.buf ? line.buf : "", false)) {
				if (n_kept == cap) {
					cap = cap ? 2 * cap : 64;
					kept = xreallocarray(kept, cap, sizeof(*kept));
				}
				kept[n_kept++] = sb_detach(&line);
			}
			sb_release(&line);
			last = too_long = false;
			carry.len = 0;
			seg_end = i;
		}
		if (n_kept >= tail)
			break;
		if (!too_long) {
			struct strbuf joined = STRBUF_INIT;

			sb_add(&joined, buf, seg_end);
			sb_add(&joined, carry.buf ? carry.buf : "", carry.len);
			sb_release(&carry);
			carry = joined;
			if (carry.len > LOG_LINE_MAX) {
				too_long = true;
				carry.len = 0;
			}
		}
	}
	/* the file's first line, when the scan reached the start */
	if (rc == 0 && pos == 0 && n_kept < tail && !last) {
		if (too_long)
			v->bad++;
		else if (carry.len && wanted(v, carry.buf, false)) {
			kept = xreallocarray(kept, n_kept + 1, sizeof(*kept));
			kept[n_kept++] = xstrdup(carry.buf);
		}
	}
	for (i = n_kept; i-- > 0;) {
		if (rc == 0)
			show(v, kept[i]);
		free(kept[i]);
	}
	free(kept);
	free(buf);
	sb_release(&carry);
	return rc;
}

int audit_view_show(struct audit_view *v, int fd, off_t size, unsigned long tail)
{
	int rc = 0;

	if (v->workspace)
		rc = show_all(v, fd, true) < 0 || lseek(fd, 0, SEEK_SET) < 0 ? -1 : 0;
	if (rc == 0)
		rc = tail ? show_tail(v, fd, size, tail) : show_all(v, fd, false);
	for (size_t i = 0; i < v->n_sessions; i++)
		free(v->sessions[i]);
	free(v->sessions);
	v->sessions = NULL;
	v->n_sessions = 0;
	return rc;
}
