/* check-lines.c - `fsjail check --lines FILE|-` (check-lines.h): one
 * process checks many command lines, one request per input line, one
 * answer per request, as soon as it is checked (a harness may write a
 * request and read its answer through a pipe). Each request is checked
 * exactly as `fsjail check` checks one line (cmd_check_one()): the policy
 * is loaded again for every request, so a request's workspace, working
 * directory and environment (HOME, TMPDIR, PATH, FSJAIL_HOME ...) are its
 * own, and nothing of one request's answer depends on another's. What is
 * saved is the process: its start, the sanitizers' and the grammar's
 * setup.
 *
 * A request: a JSON string, the command line (a JSON string holds the
 * newlines of a here-document or a script), or an object
 *   { "line": str, "cwd": str?, "workspace": str?, "env": {NAME: str}? }
 * where cwd and workspace stand for --cwd and --workspace, and env names
 * variables set while the request is checked (restored after it). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "check-lines.h"
#include "cmd.h"
#include "effects.h"
#include "json-out.h"
#include "util.h"

/* A request's raw line: the longest command line (FSJ_EFFECTS_MAX_LINE)
 * written with JSON escapes, \u0001 for every byte at worst. */
#define REQUEST_MAX (6 * (size_t)FSJ_EFFECTS_MAX_LINE + 64)
/* Variables one request may set: a run's environment differs from the
 * harness's in a few (HOME, TMPDIR, PATH); the cap bounds the saved
 * values. */
#define REQUEST_ENV_MAX 32

struct saved_env {
	char *name;
	char *value; /* NULL: was not set */
};


static void put_error(bool json, const char *text)
{
	if (json) {
		cJSON *root = cJSON_CreateObject();

		cJSON_AddStringToObject(root, "schema", "fsjail-check/1");
		cJSON_AddStringToObject(root, "error", text);
		fsj_json_put_as(root, true);
		cJSON_Delete(root);
	} else {
		printf("error: %s\n\n", text);
		fflush(stdout);
	}
}

/* Set the variables of env (a JSON object of strings), their old values
 * into saved[] (*n of them). NULL, or the reason the request is refused
 * (then nothing was set). */
static const char *env_set(const cJSON *env, struct saved_env *saved, size_t *n)
{
	const cJSON *v;

	*n = 0;
	if (!env)
		return NULL;
	if (!cJSON_IsObject(env))
		return "\"env\" is not an object";
	if (cJSON_GetArraySize(env) > REQUEST_ENV_MAX)
		return "\"env\" names more than 32 variables";
	cJSON_ArrayForEach(v, env)
	{
		if (!cJSON_IsString(v))
			return "a value of \"env\" is not a string";
		if (!v->string[0] || strchr(v->string, '='))
			return "a name in \"env\" is empty or holds '='";
	}
	cJSON_ArrayForEach(v, env)
	{
		const char *old = getenv(v->string);

		saved[*n].name = xstrdup(v->string);
		saved[*n].value = old ? xstrdup(old) : NULL;
		(*n)++;
		if (setenv(v->string, v->valuestring, 1) < 0)
			die_errno("setenv '%s'", v->string);
	}
	return NULL;
}

/* Put back what env_set() changed, last first (a name given twice gets
 * its first old value). */
static void env_restore(struct saved_env *saved, size_t n)
{
	while (n-- > 0) {
		if (saved[n].value ? setenv(saved[n].name, saved[n].value, 1) < 0
				   : unsetenv(saved[n].name) < 0)
			die_errno("restore '%s'", saved[n].name);
		free(saved[n].name);
		free(saved[n].value);
	}
}

/* A string member name of obj, or NULL when absent; *bad when present but
 * not a string. */
static const char *member(const cJSON *obj, const char *name, bool *bad)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);

	if (!v)
		return NULL;
	if (!cJSON_IsString(v)) {
		*bad = true;
		return NULL;
	}
	return v->valuestring;
}

/* Check the request in buf (len bytes, one input line without its
 * newline). Returns the status of cmd_check_one(), or 125 after
 * answering with an error. */
static int check_request(const char *buf, size_t len, const struct fsj_ctx_opts *opts,
			 const char *tier_arg, const char *cwd_arg, bool json, size_t lineno,
			 bool first)
{
	struct saved_env saved[REQUEST_ENV_MAX];
	struct fsj_ctx_opts o = *opts;
	const char *line = NULL, *why = NULL;
	const char *cwd = cwd_arg;
	size_t n_saved = 0;
	bool bad = false;
	cJSON *req;
	int status;

	if (len > REQUEST_MAX) {
		why = "the request is too long";
		goto refuse;
	}
	req = cJSON_ParseWithLength(buf, len);
	if (!req) {
		why = "the request is not JSON (a string, or an object with \"line\")";
		goto refuse;
	}
	if (cJSON_IsString(req)) {
		line = req->valuestring;
	} else if (cJSON_IsObject(req)) {
		const char *ws;

		line = member(req, "line", &bad);
		cwd = member(req, "cwd", &bad);
		if (!cwd)
			cwd = cwd_arg;
		ws = member(req, "workspace", &bad);
		if (ws)
			o.workspace = ws;
		if (bad)
			why = "\"line\", \"cwd\" and \"workspace\" must be strings";
		else if (!line)
			why = "the request has no \"line\"";
		else
			why = env_set(cJSON_GetObjectItemCaseSensitive(req, "env"), saved,
				      &n_saved);
	} else {
		why = "the request is not a JSON string or object";
	}
	if (!why && strlen(line) > FSJ_EFFECTS_MAX_LINE)
		why = "the command line is too long";
	if (why) {
		/* what env_set() set ends with the request, refused or not */
		env_restore(saved, n_saved);
		cJSON_Delete(req);
		goto refuse;
	}
	/* a note (the tier) is said for the first request only: the same
	 * note for every line of a corpus says nothing new */
	cmd_note_hold = !first;
	status = cmd_check_one(&o, tier_arg, cwd, line, strlen(line),
			       json ? CHECK_OUT_JSON_LINE : CHECK_OUT_TEXT);
	if (cmd_note_hold)
		cmd_note_release(false);
	env_restore(saved, n_saved);
	cJSON_Delete(req);
	if (status == FSJ_EXIT_ERROR) {
		fprintf(stderr, "fsjail: check: --lines: line %zu: not checked\n", lineno);
		put_error(json, "not checked (the reason is on standard error)");
	} else if (!json) {
		putchar('\n');
		fflush(stdout);
	}
	return status;

refuse:
	fprintf(stderr, "fsjail: check: --lines: line %zu: %s\n", lineno, why);
	put_error(json, why);
	return FSJ_EXIT_ERROR;
}

int check_lines(const char *path, const struct fsj_ctx_opts *opts, const char *tier_arg,
		const char *cwd_arg, bool json)
{
	bool std_in = strcmp(path, "-") == 0;
	FILE *in = std_in ? stdin : fopen(path, "re");
	cleanup_free char *buf = NULL;
	size_t cap = 0, lineno = 0, requests = 0;
	ssize_t n;
	int worst = FSJ_EXIT_OK;

	if (!in) {
		fprintf(stderr, "fsjail: check: cannot open '%s': %s\n", path, strerror(errno));
		return FSJ_EXIT_ERROR;
	}
	errno = 0;
	while ((n = getline(&buf, &cap, in)) >= 0) {
		size_t len = (size_t)n;
		int status;

		lineno++;
		if (len && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (strspn(buf, " \t\r") == len)
			continue;
		status = check_request(buf, len, opts, tier_arg, cwd_arg, json, lineno,
				       ++requests == 1);
		/* 0 allow < 3 prompt < 4 refuse < 125 error */
		if (status > worst)
			worst = status;
		errno = 0;
	}
	if (ferror(in)) {
		fprintf(stderr, "fsjail: check: cannot read '%s': %s\n", path, strerror(errno));
		worst = FSJ_EXIT_ERROR;
	}
	if (!std_in)
		fclose(in);
	return worst;
}
