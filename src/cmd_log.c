/* cmd_log.c - `fsjail log`: render the audit log (DESIGN.md section 10),
 * one decision per line, or the NDJSON lines themselves with --json. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "audit.h"
#include "cmd.h"

/* Largest audit log read, in bytes (256 MiB): far beyond a year of
 * decisions, and a bound on the memory `fsjail log` may take. */
#define LOG_MAX_BYTES (256ul * 1024ul * 1024ul)

static const char *field(const cJSON *o, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(x) ? x->valuestring : "-";
}

/* One line for a human: time, session, decision, capability, path, and
 * the source, rule and detail when there are any. */
static void render(const cJSON *o)
{
	const char *rule = field(o, "rule"), *detail = field(o, "detail");
	const char *path = field(o, "path"), *resolved = field(o, "resolved");

	printf("%s %s %s %s %s", field(o, "time"), field(o, "session"), field(o, "decision"),
	       field(o, "capability"), path);
	if (strcmp(resolved, "-") != 0 && strcmp(resolved, path) != 0)
		printf(" -> %s", resolved);
	printf(" (%s", field(o, "source"));
	if (strcmp(rule, "-") != 0)
		printf(", rule %s", rule);
	printf(")");
	if (strcmp(detail, "-") != 0)
		printf(": %s", detail);
	putchar('\n');
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
	const char *session = NULL;
	bool json = false;
	unsigned long tail = 0;
	char *text = NULL, *path, *line, *end, **lines = NULL;
	size_t len = 0, n = 0, cap = 0, i, first, bad = 0;
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_SESSION:
			session = optarg;
			break;
		case CMD_OPT_JSON:
			json = true;
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
	rc = read_file(path, LOG_MAX_BYTES, &text, &len);
	if (rc == -ENOENT) {
		free(path);
		return FSJ_EXIT_OK; /* nothing decided yet */
	}
	if (rc < 0) {
		fprintf(stderr, "fsjail: cannot read the audit log '%s': %s\n", path,
			strerror(-rc));
		free(path);
		return FSJ_EXIT_ERROR;
	}
	free(path);

	/* Keep the lines of the session asked for, then print the last N. */
	for (line = text; line < text + len; line = end + 1) {
		cJSON *o;

		end = memchr(line, '\n', (size_t)(text + len - line));
		if (!end)
			break; /* a line still being written */
		*end = '\0';
		if (session) {
			o = cJSON_Parse(line);
			if (!o || strcmp(field(o, "session"), session) != 0) {
				cJSON_Delete(o);
				continue;
			}
			cJSON_Delete(o);
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			lines = xreallocarray(lines, cap, sizeof(*lines));
		}
		lines[n++] = line;
	}
	first = tail && tail < n ? n - tail : 0;
	for (i = first; i < n; i++) {
		cJSON *o;

		if (json) {
			puts(lines[i]);
			continue;
		}
		o = cJSON_Parse(lines[i]);
		if (!o) {
			bad++;
			continue;
		}
		render(o);
		cJSON_Delete(o);
	}
	if (bad)
		fprintf(stderr, "fsjail: warning: %zu audit line(s) are not JSON\n", bad);
	free(lines);
	free(text);
	return FSJ_EXIT_OK;
}
