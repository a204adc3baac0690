/* check-lines.h - `fsjail check --lines FILE|-`: many command lines
 * checked in one process (check-lines.c), for a harness that asks about
 * each line its agent proposes and for the tests' corpora; and the
 * single-line check both forms share (cmd_check.c). */
#ifndef FSJAIL_CHECK_LINES_H
#define FSJAIL_CHECK_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct cJSON;
struct fsj_ctx_opts;

enum check_out {
	CHECK_OUT_TEXT,      /* check_print_text() */
	CHECK_OUT_JSON,      /* one fsjail-check/1 object, indented */
	CHECK_OUT_JSON_LINE, /* one fsjail-check/1 object on one line */
};

/* Check the len bytes of line (NUL-terminated) as `fsjail check` does:
 * load the policy of opts and tier_arg, analyse the line in cwd_arg
 * (NULL: the current directory), decide, print the answer to stdout as
 * out says. Returns the exit status: 0 allow, 3 prompt, 4 refuse, 125
 * error (printed on stderr; nothing on stdout). In cmd_check.c. */
int cmd_check_one(const struct fsj_ctx_opts *opts, const char *tier_arg, const char *cwd_arg,
		  const char *line, size_t len, enum check_out out);

/* `fsjail check --lines path`: each line of path ("-": standard input) is
 * one request, a JSON string (the command line) or an object {"line",
 * "cwd"?, "workspace"?, "env"?}; blank lines are skipped. Each request is
 * checked as cmd_check_one() checks one line and answered on stdout as
 * soon as it is checked: with json one fsjail-check/1 object per line,
 * else the text answer followed by an empty line; a request that cannot
 * be checked gets {"schema": "fsjail-check/1", "error": TEXT} (text:
 * "error: TEXT"). Returns the worst status: 125 when a request could not
 * be checked or the file could not be read, else 4 when one was refused,
 * 3 when one prompts, 0 (also for no request at all). */
int check_lines(const char *path, const struct fsj_ctx_opts *opts, const char *tier_arg,
		const char *cwd_arg, bool json);

#endif
