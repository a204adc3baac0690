/* cmd_log.c - `fsjail log`: render the audit log (DESIGN.md section 10),
 * one decision per line, or the NDJSON lines themselves with --json.
 * The log is read as a stream (whole), or from its end (--tail N: only
 * the blocks holding the last N lines are read), so its size is never a
 * reason to refuse. Every field printed in text mode is escaped for the
 * terminal (audit-text.h); --json prints the lines exactly as stored. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "audit.h"
#include "audit-text.h"
#include "cmd.h"

/* Longest audit line read (1 MiB): audit_record() writes at most
 * AUDIT_LINE_MAX; a longer line was not written by fsjail and is counted
 * as not JSON. */
#define LOG_LINE_MAX (1024u * 1024u)
#define LOG_BLOCK (64u * 1024u)

struct log_view {
	const char *session; /* only this session's lines, or NULL */
	bool json;
	size_t bad; /* lines that are not JSON (or too long) */
};

static const char *field(const cJSON *o, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* One line for a human: time, session, decision, capability, path, and
 * the source, rule and detail when there are any, each escaped. */
static void render(const cJSON *o)
{
	struct strbuf sb = STRBUF_INIT;
	const char *rule = field(o, "rule"), *detail = field(o, "detail");
	const char *path = field(o, "path"), *resolved = field(o, "resolved");
	static const char *const head[] = { "time", "session", "decision", "capability" };
	size_t i;

	for (i = 0; i < sizeof(head) / sizeof(head[0]); i++) {
		audit_escape_term(&sb, field(o, head[i]));
		sb_addc(&sb, ' ');
	}
	audit_escape_term(&sb, path);
	if (resolved && (!path || strcmp(resolved, path) != 0)) {
		sb_adds(&sb, " -> ");
		audit_escape_term(&sb, resolved);
	}
	sb_adds(&sb, " (");
	audit_escape_term(&sb, field(o, "source"));
	if (rule) {
		sb_adds(&sb, ", rule ");
		audit_escape_term(&sb, rule);
	}
	sb_adds(&sb, ")");
	if (detail) {
		sb_adds(&sb, ": ");
		audit_escape_term(&sb, detail);
	}
	puts(sb.buf);
	sb_release(&sb);
}

/* Whether line (NUL-terminated) is shown under v's session filter. */
static bool wanted(const struct log_view *v, const char *line)
{
	const char *s;
	cJSON *o;
	bool ok;

	if (!v->session)
		return true;
	o = cJSON_Parse(line);
	s = o ? field(o, "session") : NULL;
	ok = s && strcmp(s, v->session) == 0;
	cJSON_Delete(o);
	return ok;
}

static void show(struct log_view *v, const char *line)
{
	cJSON *o;

	if (v->json) {
		puts(line);
		return;
	}
	o = cJSON_Parse(line);
	if (!o) {
		v->bad++;
		return;
	}
	render(o);
	cJSON_Delete(o);
}

/* Every whole line of fd, first to last. */
static int show_all(struct log_view *v, int fd)
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
				v->bad++;
			else if (wanted(v, line.buf ? line.buf : ""))
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
static int show_tail(struct log_view *v, int fd, off_t size, unsigned long tail)
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
			} else if (!last && wanted(v, line.buf ? line.buf : "")) {
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
		else if (carry.len && wanted(v, carry.buf)) {
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

int cmd_log(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "session", required_argument, NULL, CMD_OPT_SESSION },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ "tail", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	struct log_view v = { 0 };
	unsigned long tail = 0;
	char *path, *end;
	struct stat st;
	int opt, rc, fd;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_SESSION:
			v.session = optarg;
			break;
		case CMD_OPT_JSON:
			v.json = true;
			break;
		case 't':
			errno = 0;
			tail = strtoul(optarg, &end, 10);
			if (errno || *end || !*optarg || optarg[0] == '-') {
				fprintf(stderr, "fsjail: log: bad --tail '%s'\n", optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "log");
			return FSJ_EXIT_OK;
		default:
			cmd_usage(stderr, "log");
			return FSJ_EXIT_ERROR;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fsjail: log: unexpected argument '%s'\n", argv[optind]);
		cmd_usage(stderr, "log");
		return FSJ_EXIT_ERROR;
	}
	if (fsj_ctx_load(&opts, &ctx, &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	path = audit_path(&ctx);
	fsj_ctx_release(&ctx);
	/* O_NONBLOCK|O_NOFOLLOW, then the type: a FIFO or a symlink planted
	 * at the log's path must not hang or redirect the reader */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		free(path);
		return FSJ_EXIT_OK; /* nothing decided yet */
	}
	if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
		errno = EINVAL;
	}
	rc = fd < 0 ? -1 : tail ? show_tail(&v, fd, st.st_size, tail) : show_all(&v, fd);
	if (rc < 0) {
		fprintf(stderr, "fsjail: cannot read the audit log '%s': %s\n", path,
			errno == EINVAL ? "not a regular file" : strerror(errno));
		if (fd >= 0)
			close(fd);
		free(path);
		return FSJ_EXIT_ERROR;
	}
	close(fd);
	free(path);
	if (v.bad)
		fprintf(stderr, "fsjail: warning: %zu audit line(s) are not JSON\n", v.bad);
	return FSJ_EXIT_OK;
}
