/* libcheck.c - a program built against the *installed* fsjail.h and
 * libfsjail (pkg-config --static --cflags --libs fsjail) that asserts real
 * answers of the library (issue 16 item 5): run by `make installcheck`
 * and by tests/integration/t0130-libfsjail.sh. Prints TAP lines; exits 1
 * when any assertion fails. Works in a scratch folder it makes and
 * removes; needs only $FSJAIL_DATADIR (or the installed data). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fsjail.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if FSJAIL_API_VERSION != 1
#error "this test is written for FSJAIL_API_VERSION 1"
#endif

static int n_test, n_failed;

static void ok(int cond, const char *what, const char *detail)
{
	n_test++;
	printf("%sok %d - %s\n", cond ? "" : "not ", n_test, what);
	if (!cond) {
		n_failed++;
		if (detail)
			printf("# %s\n", detail);
	}
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return (flag == FTW_DP ? rmdir(path) : unlink(path)) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

/* The first line of SBPL text s that is not a ";" comment. */
static const char *first_code_line(const char *s)
{
	while (*s == ';') {
		const char *nl = strchr(s, '\n');
		if (!nl)
			return "";
		s = nl + 1;
	}
	return s;
}

/* A loaded handle for workspace ws with rules file rules; NULL after
 * reporting the error. */
static fsjail_policy *load(const char *ws, const char *rules, fsjail_error **err)
{
	fsjail_policy *p = fsjail_policy_new();

	if (!p)
		return NULL;
	if (fsjail_policy_set(p, FSJAIL_OPT_WORKSPACE, ws, err) < 0 ||
	    fsjail_policy_set(p, FSJAIL_OPT_RULES, rules, err) < 0 ||
	    fsjail_policy_set(p, FSJAIL_OPT_TIER, "guarded", err) < 0 ||
	    fsjail_policy_load(p, err) < 0) {
		fsjail_policy_free(p);
		return NULL;
	}
	return p;
}

int main(void)
{
	char top[] = "/tmp/fsjail-libcheck.XXXXXX";
	char ws[256], home[256], rules[256], bad[256], x[300], cmd[400];
	fsjail_error *err = NULL;
	fsjail_policy *p;
	unsigned allowed = ~0u;
	char *json = NULL, *text = NULL;
	int r;

	if (!mkdtemp(top)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(ws, sizeof(ws), "%s/ws", top);
	snprintf(home, sizeof(home), "%s/fsjail-home", top);
	snprintf(rules, sizeof(rules), "%s/rules.yaml", top);
	snprintf(bad, sizeof(bad), "%s/bad.yaml", top);
	snprintf(x, sizeof(x), "%s/x", ws);
	if (mkdir(ws, 0755) != 0 || mkdir(x, 0755) != 0) {
		perror(ws);
		return 1;
	}
	setenv("FSJAIL_HOME", home, 1);
	write_file(rules, "rules:\n  - path: ~/fsjail-libcheck-denied\n    deny: [read]\n");
	/* the error is at line 4, column 1: the flow sequence never closes */
	write_file(bad, "rules:\n  - path: ~/x\n    allow: [read\n");

	ok(fsjail_api_version() == FSJAIL_API_VERSION, "fsjail_api_version() is the header's", NULL);

	p = fsjail_policy_new();
	r = fsjail_explain(p, "/etc/passwd", NULL, NULL, &err);
	ok(r == -EBUSY && err && fsjail_error_code(err) == -EBUSY,
	   "explain before fsjail_policy_load() is -EBUSY", err ? fsjail_error_message(err) : NULL);
	fsjail_error_free(err);
	err = NULL;
	r = fsjail_policy_set(p, FSJAIL_OPT_TIER, "fortress", &err);
	ok(r == -EINVAL && err && strstr(fsjail_error_message(err), "fortress"),
	   "an unknown tier is -EINVAL naming it", err ? fsjail_error_message(err) : NULL);
	fsjail_error_free(err);
	err = NULL;
	fsjail_policy_free(p);

	p = load(ws, rules, &err);
	ok(p != NULL, "the policy loads (workspace, rules, tier guarded)",
	   err ? fsjail_error_message(err) : NULL);
	if (!p)
		goto out;
	ok(strcmp(fsjail_policy_workspace(p), ws) == 0 &&
		   strcmp(fsjail_policy_tier(p), "guarded") == 0,
	   "workspace and tier are as set", fsjail_policy_workspace(p));

	r = fsjail_explain(p, "/etc/passwd", &allowed, &json, &err);
	ok(r == 0 && !(allowed & FSJAIL_CAPBIT(FSJAIL_CAP_WRITE)) &&
		   (allowed & FSJAIL_CAPBIT(FSJAIL_CAP_READ)),
	   "explain /etc/passwd: read allowed, write denied", err ? fsjail_error_message(err) : json);
	ok(json && strstr(json, "\"fsjail-explain/1\"") && strstr(json, "\"allowed\":\tfalse"),
	   "explain's JSON is fsjail-explain/1 with a denial", json);
	free(json);
	json = NULL;
	r = fsjail_explain(p, "~/fsjail-libcheck-denied", &allowed, NULL, &err);
	ok(r == 0 && !(allowed & FSJAIL_CAPBIT(FSJAIL_CAP_READ)),
	   "explain of the path the rules file denies: read denied", NULL);

	r = fsjail_check(p, "rm -rf x", strlen("rm -rf x"), ws, &json, &err);
	snprintf(cmd, sizeof(cmd), "\"path\":\t\"%s\"", x);
	ok(r >= FSJAIL_ALLOW && json && strstr(json, "\"capability\":\t\"delete\"") &&
		   strstr(json, cmd) && strstr(json, "\"recursive\":\ttrue"),
	   "check 'rm -rf x' predicts a recursive delete of WS/x", json);
	ok(r == FSJAIL_ALLOW, "check 'rm -rf x' in the workspace is allowed at tier guarded", json);
	free(json);
	json = NULL;
	r = fsjail_check(p, "rm -rf /etc", strlen("rm -rf /etc"), ws, NULL, &err);
	ok(r == FSJAIL_REFUSE, "check 'rm -rf /etc' is refused", err ? fsjail_error_message(err) : NULL);

	r = fsjail_compile(p, FSJAIL_BACKEND_SEATBELT, &text, &err);
	ok(r == 0 && text && strncmp(first_code_line(text), "(version 1)\n", 12) == 0,
	   "the SBPL profile starts with (version 1)", err ? fsjail_error_message(err) : "");
	free(text);
	text = NULL;
	r = fsjail_compile(p, FSJAIL_BACKEND_LANDLOCK, &text, &err);
	ok(r == 0 && text && strncmp(text, "# landlock ruleset: tier guarded", 32) == 0,
	   "the Landlock description names its tier", err ? fsjail_error_message(err) : "");
	free(text);
	text = NULL;
	fsjail_policy_free(p);

	p = load(ws, bad, &err);
	ok(p == NULL && err && fsjail_error_code(err) == -EINVAL,
	   "an invalid rules file does not load: -EINVAL", err ? fsjail_error_message(err) : NULL);
	if (err) {
		const char *f = fsjail_error_file(err);
		char want[300];

		snprintf(want, sizeof(want), "%s:4:1: YAML syntax error", bad);
		ok(f && strcmp(f, bad) == 0 && fsjail_error_line(err) == 4 &&
			   fsjail_error_column(err) == 1,
		   "the error object names the rules file, line 4, column 1", fsjail_error_message(err));
		ok(strncmp(fsjail_error_message(err), want, strlen(want)) == 0,
		   "the message is FILE:LINE:COL: reason", fsjail_error_message(err));
	}
	fsjail_policy_free(p);
out:
	fsjail_error_free(err);
	if (nftw(top, remove_one, 16, FTW_DEPTH | FTW_PHYS) != 0)
		fprintf(stderr, "libcheck: could not remove %s\n", top);
	printf("1..%d\n", n_test);
	return n_failed ? 1 : 0;
}
