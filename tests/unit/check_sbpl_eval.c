/* check_sbpl_eval.c - the SBPL evaluator of tests/sbpl-eval: it reads what
 * sandbox-exec reads, refuses what sandbox-exec refuses, decides as
 * SBPL-NOTES.md section 1 says Seatbelt decides, and, compared with the
 * policy engine, catches deliberately wrong profiles: rules in reverse
 * order, a wildcard deny after a specific allow, a path pasted into the
 * text, an undefined parameter. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "sbpl.h"
#include "sbpl_eval.h"
#include "sbpl_oracle.h"
#include "testutil.h"
#include "util.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)
#define ALL (R | W | C | D | X)

/* ---- helpers ------------------------------------------------------------ */

static struct sbpl_eval *load(const char *text, struct fsj_error *err)
{
	static const char *const names[] = { "P0", "P1", "WEIRD" };
	static const char *const values[] = { "/w", "/w/deep", "/a \"b\") (allow default" };

	return sbpl_eval_new(text, "t.sb", names, values, 3, err);
}

/* A profile that must compile; the caller frees it. */
static struct sbpl_eval *ok(const char *text)
{
	struct fsj_error err = { { 0 } };
	struct sbpl_eval *ev = load(text, &err);

	ck_assert_msg(ev != NULL, "does not compile: %s\n%s", err.text, text);
	return ev;
}

/* A profile that must be refused with a message holding want. */
static void refused(const char *text, const char *want)
{
	struct fsj_error err = { { 0 } };
	struct sbpl_eval *ev = load(text, &err);

	ck_assert_msg(ev == NULL, "compiled, expected '%s':\n%s", want, text);
	ck_assert_msg(strstr(err.text, want) != NULL, "error '%s' lacks '%s'", err.text, want);
}

static bool allows(const char *text, const char *op, const char *path)
{
	struct sbpl_eval *ev = ok(text);
	bool a = sbpl_eval_allows(ev, op, path);

	sbpl_eval_free(ev);
	return a;
}

#define V1 "(version 1)\n(deny default)\n"

/* ---- the reader ----------------------------------------------------------- */

START_TEST(reader_strings_and_sections)
{
	struct sbpl_eval *ev =
		ok("; a comment\n"
		   "(version 1)\n"
		   ";; first part\n"
		   "(allow file-read-data (literal \"/a\\nb\" \"/\\x41\\102\\q\\\"\"))\n"
		   ";; second part\n"
		   "(allow file-read-data (regex #\"^/r\\.x$\")) ; trailing\n"
		   "(allow file-read-data (literal \"/raw\nnewline\"))\n");
	const struct sbpl_ast *ast = sbpl_eval_ast(ev);

	ck_assert_uint_eq(ast->n, 4);
	ck_assert_str_eq(ast->forms[0]->section, "");
	ck_assert_str_eq(ast->forms[1]->section, "first part");
	ck_assert_str_eq(ast->forms[2]->section, "second part");
	ck_assert_uint_eq(ast->forms[1]->line, 4);
	ck_assert_uint_eq(ast->forms[3]->line, 7);
	ck_assert_str_eq(ast->forms[1]->kids[2]->kids[1]->s, "/a\nb");
	/* \x41 hex, \102 octal, \q an unknown escape: the letter */
	ck_assert_str_eq(ast->forms[1]->kids[2]->kids[2]->s, "/AB"
							     "q\"");
	ck_assert(ast->forms[2]->kids[2]->kids[1]->raw);
	ck_assert_str_eq(ast->forms[2]->kids[2]->kids[1]->s, "^/r\\.x$");
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/a\nb"));
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/ABq\""));
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/r.x"));
	ck_assert(!sbpl_eval_allows(ev, "file-read-data", "/rax"));
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/raw\nnewline"));
	sbpl_eval_free(ev);
}
END_TEST

START_TEST(refused_like_sandbox_exec)
{
	refused("(version 1)\n(allow file-read-data (literal \"/a\")\n",
		"t.sb:2: '(' is never closed");
	refused("(version 1))\n", "t.sb:1: unbalanced ')'");
	refused("(version 1)\n(allow file-read-data (literal \"/a))\n", "t.sb:2: unterminated");
	refused("(allow default)\n", "t.sb:1: the profile must start with (version 1)");
	refused("", "must start with (version 1)");
	refused("(version 2)\n", "only (version 1)");
	refused(V1 "(version 1)\n", "t.sb:3: (version 1) must come first");
	refused(V1 "(allow file-write-dat (literal \"/a\"))\n",
		"t.sb:3: unknown operation 'file-write-dat'");
	refused(V1 "(allow (literal \"/a\"))\n", "names no operation");
	refused(V1 "(allow file-read-data (literall \"/a\"))\n",
		"t.sb:3: unknown filter 'literall'");
	refused(V1 "\n\n(allow file-read-data\n\t(subpath (param \"P9\")))\n",
		"t.sb:6: parameter 'P9' is not defined");
	/* anywhere a parameter stands, even inside a non-path filter */
	refused(V1 "(allow network-outbound (remote unix-socket (path-literal (param \"B\"))))\n",
		"parameter 'B' is not defined");
	refused(V1 "(allow file-read-data (subpath \"/a/\"))\n", "must not end in '/'");
	refused(V1 "(allow file-read-data (literal \"rel\"))\n", "not an absolute path");
	refused(V1 "(allow file-read-data (regex #\"^/a(\"))\n", "(regex \"^/a(\")");
	refused(V1 "(allow file-read-data (require-not (literal \"/a\") (literal \"/b\")))\n",
		"require-not ...) takes exactly one filter");
	refused(V1 "(import \"system.sb\")\n", "only bsd.sb is modelled");
	refused(V1 "(allow file-read-data (literal \"/a\") (with colour \"red\"))\n",
		"unknown or malformed modifier");
	refused(V1 "(define x 1)\n", "unsupported form 'define'");
	refused(V1 "(allow file-read-data (literal \"/a\") file-write-data)\n",
		"operation 'file-write-data' after the filters");
	refused(V1 "(allow file-read-data (literal /a))\n", "takes strings, not /a");
	/* and what it accepts */
	sbpl_eval_free(ok(V1 "(allow file-read-data (subpath \"/\"))\n"));
	sbpl_eval_free(ok(V1 "(allow file-read-data (literal \"/a\") (with message \"id-1\"))\n"
			     "(deny file-write-data (literal \"/a\") (with no-report))\n"
			     "(allow file-read-data (literal \"/b\") (with report))\n"));
}
END_TEST

/* ---- Seatbelt's semantics (SBPL-NOTES.md section 1) ---------------------- */

START_TEST(last_filtered_rule_wins)
{
	const char *deep_last = V1 "(allow file-write-data (subpath (param \"P0\")))\n"
				   "(deny file-write-data (subpath (param \"P1\")))\n";
	const char *deep_first = V1 "(deny file-write-data (subpath (param \"P1\")))\n"
				    "(allow file-write-data (subpath (param \"P0\")))\n";

	ck_assert(!allows(deep_last, "file-write-data", "/w/deep/x"));
	ck_assert(allows(deep_last, "file-write-data", "/w/x"));
	/* written in the other order, the shallower allow is last and wins */
	ck_assert(allows(deep_first, "file-write-data", "/w/deep/x"));
}
END_TEST

START_TEST(unfiltered_never_beats_filtered)
{
	const char *after = V1 "(allow file-write-data (subpath \"/w\"))\n(deny file-write-data)\n";
	const char *before =
		V1 "(deny file-write-data)\n(allow file-write-data (subpath \"/w\"))\n";
	const char *two = V1 "(deny file-write-data)\n(allow file-write-data)\n";
	const char *two_r = V1 "(allow file-write-data)\n(deny file-write-data)\n";

	ck_assert(allows(after, "file-write-data", "/w/x"));
	ck_assert(!allows(after, "file-write-data", "/v"));
	ck_assert(allows(before, "file-write-data", "/w/x"));
	ck_assert(!allows(before, "file-write-data", "/v"));
	/* between two unfiltered rules the later wins */
	ck_assert(allows(two, "file-write-data", "/v"));
	ck_assert(!allows(two_r, "file-write-data", "/v"));
	/* a filtered deny beats an unfiltered allow written after it */
	ck_assert(!allows(V1 "(deny file-write-data (literal \"/v\"))\n(allow file-write-data)\n",
			  "file-write-data", "/v"));
}
END_TEST

/* The point the compiler relies on: a rule on a specific operation is
 * decided before any rule on its wildcard parent, whatever the order. */
START_TEST(wildcard_deny_after_specific_allow)
{
	const char *p = V1 "(allow file-write-data (subpath \"/w\"))\n"
			   "(deny file-write* (subpath \"/w/secret\"))\n";
	struct sbpl_eval *ev = ok(p);
	struct sbpl_query q = { "file-write-data", "/w/secret/k", NULL };
	struct sbpl_verdict v;
	struct fsj_error err;

	/* the deny does NOT win for file-write-data ... */
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert(v.allow);
	ck_assert_uint_eq(v.line, 3);
	ck_assert_str_eq(v.op, "file-write-data");
	/* ... but it does for the operations that have no rule of their own */
	q.op = "file-write-mode";
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert(!v.allow);
	ck_assert_uint_eq(v.line, 4);
	ck_assert_str_eq(v.op, "file-write*");
	ck_assert(!sbpl_eval_allows(ev, "file-write-unlink", "/w/secret/k"));
	/* outside the deny, file-write-mode falls to the default */
	ck_assert(!sbpl_eval_allows(ev, "file-write-mode", "/w/x"));
	q.op = "file-write-mode";
	q.path = "/w/x";
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert_uint_eq(v.line, 2);
	ck_assert_str_eq(v.op, "default");
	sbpl_eval_free(ev);
}
END_TEST

START_TEST(jumps_to_parents_and_outside_the_tree)
{
	const char *wr = V1 "(allow file-write*)\n";
	const char *all = V1 "(allow file*)\n";

	ck_assert(allows(wr, "file-write-data", "/x"));
	ck_assert(allows(wr, "file-write-create", "/x"));
	ck_assert(allows(wr, "file-unlink", "/x")); /* alias of file-write-unlink */
	ck_assert(!allows(wr, "file-read-data", "/x"));
	/* not governed by file-write* nor file* */
	ck_assert(!allows(wr, "file-link", "/x"));
	ck_assert(!allows(all, "file-link", "/x"));
	ck_assert(!allows(all, "file-clone", "/x"));
	ck_assert(!allows(all, "file-map-executable", "/x"));
	ck_assert(!allows(all, "file-test-existence", "/x"));
	ck_assert(allows(all, "file-read-data", "/x"));
	ck_assert(allows(all, "file-ioctl", "/x"));
	/* the default itself */
	ck_assert(allows("(version 1)\n(allow default)\n", "file-link", "/x"));
	ck_assert(!allows("(version 1)\n", "file-read-data", "/x"));
	ck_assert(allows("(version 1)\n(allow default)\n(deny file-write*)\n", "file-read-data",
			 "/x"));
	/* process-exec is process-exec*; process* above it */
	ck_assert(allows(V1 "(allow process*)\n", "process-exec", "/bin/sh"));
	ck_assert(allows(V1 "(allow process-exec* (literal \"/bin/sh\"))\n", "process-exec",
			 "/bin/sh"));
	ck_assert(allows(V1 "(allow process-exec (literal \"/bin/sh\"))\n",
			 "process-exec-interpreter", "/bin/sh"));
	ck_assert(!allows(V1 "(allow process-exec)\n", "process-fork", NULL));
}
END_TEST

START_TEST(path_and_logic_filters)
{
	const char *p =
		V1 "(allow file-read-data (subpath \"/s\"))\n"
		   "(allow file-write-data (prefix \"/p\"))\n"
		   "(allow file-write-mode (literal \"/l\" \"/m\"))\n"
		   "(allow file-write-owner (regex #\"^/r[0-9]+$\" \"^/q\"))\n"
		   "(allow file-write-times (require-all (subpath \"/a\") (require-not "
		   "(subpath \"/a/hole\"))))\n"
		   "(allow file-write-flags (require-any (literal \"/x\") (literal \"/y\")))\n"
		   "(allow file-read-data (subpath (param \"WEIRD\")))\n"
		   "(allow file-write-xattr (extension \"fsjail.rw\"))\n";
	struct sbpl_eval *ev = ok(p);
	const char *const ext[] = { "fsjail.rw", NULL };
	struct sbpl_query q = { "file-write-xattr", "/any", ext };
	struct sbpl_verdict v;
	struct fsj_error err;

	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/s"));
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/s/t/u"));
	ck_assert(!sbpl_eval_allows(ev, "file-read-data", "/sx"));
	ck_assert(sbpl_eval_allows(ev, "file-write-data", "/px/y"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-data", "/q"));
	ck_assert(sbpl_eval_allows(ev, "file-write-mode", "/m"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-mode", "/l/x"));
	ck_assert(sbpl_eval_allows(ev, "file-write-owner", "/r12"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-owner", "/r12x"));
	ck_assert(sbpl_eval_allows(ev, "file-write-owner", "/quux")); /* unanchored end */
	ck_assert(sbpl_eval_allows(ev, "file-write-times", "/a/b"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-times", "/a/hole/b"));
	ck_assert(sbpl_eval_allows(ev, "file-write-flags", "/y"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-flags", "/z"));
	/* a parameter value is data, whatever its bytes */
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/a \"b\") (allow default/x"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-data", "/z"));
	/* an extension matches only when held */
	ck_assert(!sbpl_eval_allows(ev, "file-write-xattr", "/any"));
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert(v.allow);
	q.op = "file-write-datum";
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), -1);
	ck_assert(strstr(err.text, "unknown operation 'file-write-datum'"));
	sbpl_eval_free(ev);
}
END_TEST

/* (remote unix-socket (path-literal ...)): the broker socket's rule. A
 * network-outbound query's path is the socket it connects to; no file
 * operation and no other (remote ...) matches it. */
START_TEST(remote_unix_socket)
{
	const char *p =
		V1 "(allow network-outbound (remote unix-socket (path-literal (param \"P1\"))))\n"
		   "(allow network-outbound (remote tcp \"localhost:*\"))\n";
	struct sbpl_eval *ev = ok(p);

	ck_assert(sbpl_eval_allows(ev, "network-outbound", "/w/deep"));
	ck_assert(!sbpl_eval_allows(ev, "network-outbound", "/w/deeper"));
	ck_assert(!sbpl_eval_allows(ev, "network-outbound", "/w/deep/x"));
	ck_assert(!sbpl_eval_allows(ev, "network-outbound", "/w/sibling"));
	ck_assert(!sbpl_eval_allows(ev, "network-outbound", NULL));
	ck_assert(!sbpl_eval_allows(ev, "file-read-data", "/w/deep"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-data", "/w/deep"));
	sbpl_eval_free(ev);

	refused(V1 "(allow network-outbound (remote unix-socket))\n", "without a path filter");
	refused(V1 "(allow network-outbound (remote unix-socket (global-name \"x\")))\n",
		"takes path filters");
	refused(V1 "(allow network-outbound (remote unix-socket (path-literal (param \"B\"))))\n",
		"parameter 'B' is not defined");
}
END_TEST

START_TEST(messages_in_the_verdict)
{
	struct sbpl_eval *ev =
		ok(V1 "(allow file-read-data (subpath \"/w\") (with message \"ws-1\"))\n");
	struct sbpl_query q = { "file-read-data", "/w/a", NULL };
	struct sbpl_verdict v;
	struct fsj_error err;

	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert_str_eq(v.message, "ws-1");
	q.path = "/v";
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert_ptr_null(v.message);
	ck_assert_uint_eq(v.line, 2); /* (deny default) */
	sbpl_eval_free(ev);
}
END_TEST

START_TEST(bsd_sb_model)
{
	const char *with = V1 "(import \"bsd.sb\")\n"
			      "(deny file-read-data (subpath \"/usr/lib/secret\"))\n";
	const char *without = V1;
	struct sbpl_eval *ev = ok(with);
	struct sbpl_query q = { "file-read-data", "/usr/lib/libc.dylib", NULL };
	struct sbpl_verdict v;
	struct fsj_error err;

	/* metadata everywhere, through an unfiltered allow */
	ck_assert(sbpl_eval_allows(ev, "file-read-metadata", "/Users/u/.ssh/id_rsa"));
	ck_assert(!allows(without, "file-read-metadata", "/Users/u/.ssh/id_rsa"));
	/* system.sb's reads, writes to /dev/null, maps of /usr/lib */
	ck_assert_int_eq(sbpl_eval_decide(ev, &q, &v, &err), 0);
	ck_assert(v.allow && v.from_import);
	ck_assert_str_eq(v.op, "file-read*");
	ck_assert(sbpl_eval_allows(ev, "file-read-data", "/"));
	ck_assert(!sbpl_eval_allows(ev, "file-read-data", "/Users"));
	ck_assert(sbpl_eval_allows(ev, "file-write-data", "/dev/null"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-data", "/dev/disk0"));
	ck_assert(sbpl_eval_allows(ev, "file-map-executable", "/usr/lib/dyld"));
	ck_assert(!sbpl_eval_allows(ev, "file-map-executable", "/opt/x"));
	ck_assert(sbpl_eval_allows(ev, "sysctl-read", NULL));
	ck_assert(!sbpl_eval_allows(ev, "sysctl-write", NULL));
	/* the profile's specific deny is decided before bsd.sb's file-read* */
	ck_assert(!sbpl_eval_allows(ev, "file-read-data", "/usr/lib/secret/k"));
	ck_assert(sbpl_eval_allows(ev, "file-read-xattr", "/usr/lib/secret/k"));
	ck_assert(!sbpl_eval_allows(ev, "file-write-data", "/usr/lib/x"));
	sbpl_eval_free(ev);
	refused(V1 "(import \"bsd.sb\")\n(import \"bsd.sb\")\n", "bsd.sb imported twice");
}
END_TEST

/* ---- wrong profiles are caught --------------------------------------------- */

static void add(struct fsj_policy *pol, enum fsj_source src, const char *path, bool recursive,
		unsigned allow, unsigned deny)
{
	struct fsj_rule r = {
		.path = (char *)(uintptr_t)path,
		.resolved = (char *)(uintptr_t)path,
		.recursive = recursive,
		.allow = allow,
		.deny = deny,
		.source = src,
	};
	policy_add_rule(pol, &r);
}

/* A grant with a protected tree inside and a re-opened file inside that. */
static struct fsj_policy *nested_policy(void)
{
	struct fsj_policy *pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);

	add(pol, FSJ_SRC_BASELINE, "/", true, R | X, 0);
	add(pol, FSJ_SRC_BASELINE, "/Users", true, 0, R);
	add(pol, FSJ_SRC_RULES, "/Users/u/proj", true, ALL, 0);
	add(pol, FSJ_SRC_RULES, "/Users/u/proj/secrets", true, 0, R | W | C | D);
	add(pol, FSJ_SRC_RULES, "/Users/u/proj/secrets/public.txt", false, R, 0);
	add(pol, FSJ_SRC_PROTECTED, "/Users/u/proj/.git/hooks", true, 0, W | C | D);
	policy_finalize(pol);
	return pol;
}

static const char *const nested_queries[] = {
	"/Users/u/proj/a.c",
	"/Users/u/proj/secrets",
	"/Users/u/proj/secrets/k",
	"/Users/u/proj/secrets/public.txt",
	"/Users/u/proj/.git/hooks/pre-commit",
	"/Users/u/other",
	"/opt/x",
	NULL,
};

/* Mismatches of the profile text (with p's parameters, minus the one
 * named drop) against the policy over nested_queries. */
static size_t mismatches(const struct fsj_policy *pol, const struct sbpl_profile *p,
			 const char *text, struct strbuf *why)
{
	struct fsj_error err = { { 0 } };
	struct sbpl_eval *ev =
		sbpl_eval_new(text, "wrong.sb", (const char *const *)p->param_names,
			      (const char *const *)p->param_values, p->n_params, &err);
	size_t bad = 0;

	ck_assert_msg(ev != NULL, "%s", err.text);
	for (const char *const *q = nested_queries; *q; q++)
		bad += sbpl_oracle_compare(ev, pol, *q, why);
	sbpl_eval_free(ev);
	return bad;
}

static void compile(const struct fsj_policy *pol, struct sbpl_profile *p)
{
	struct fsj_error err = { { 0 } };

	ck_assert_msg(sbpl_compile(pol, NULL, p, &err) == 0, "%s", err.text);
}

/* The lines of text, with the rule lines of section title transformed by
 * fn (one line per form: sbpl.c writes each file rule on one line). */
static char *edit_section(const char *text, const char *title, void (*fn)(char **lines, size_t n))
{
	struct strbuf out = STRBUF_INIT;
	char *copy = xstrdup(text);
	char **lines = NULL;
	size_t n = 0, from = 0, to = 0;
	char *head = xasprintf(";; %s", title);

	for (char *s = copy, *nl; *s; s = nl + 1) {
		nl = strchr(s, '\n');
		*nl = '\0';
		lines = xreallocarray(lines, n + 1, sizeof(*lines));
		lines[n++] = s;
	}
	for (size_t i = 0; i < n; i++) {
		if (strcmp(lines[i], head) == 0) {
			from = i + 1;
			for (to = from; to < n && lines[to][0] == '('; to++)
				;
		}
	}
	ck_assert_msg(to > from, "no section '%s'", title);
	fn(lines + from, to - from);
	for (size_t i = 0; i < n; i++) {
		sb_adds(&out, lines[i]);
		sb_addc(&out, '\n');
	}
	free(head);
	free(lines);
	free(copy);
	return sb_detach(&out);
}

static void reverse(char **lines, size_t n)
{
	for (size_t i = 0; i < n / 2; i++) {
		char *t = lines[i];
		lines[i] = lines[n - 1 - i];
		lines[n - 1 - i] = t;
	}
}

START_TEST(catches_reversed_rule_order)
{
	struct fsj_policy *pol = nested_policy();
	struct sbpl_profile p;
	struct strbuf why = STRBUF_INIT;
	char *wrong;

	compile(pol, &p);
	ck_assert_uint_eq(mismatches(pol, &p, p.text, NULL), 0);
	wrong = edit_section(p.text, "explicit", reverse);
	ck_assert_str_ne(wrong, p.text);
	ck_assert_uint_gt(mismatches(pol, &p, wrong, &why), 0);
	/* the shallow grant, now last, re-opens the secrets */
	ck_assert_msg(strstr(why.buf, "/Users/u/proj/secrets") &&
			      strstr(why.buf, "profile says allow"),
		      "%s", why.buf);
	sb_release(&why);
	free(wrong);
	sbpl_profile_release(&p);
	policy_free(pol);
}
END_TEST

/* "(deny file-write-data file-write-mode ... (literal ...))" ->
 * "(deny file-write* (literal ...))": what a compiler that trusted "last
 * rule wins" across operations would write. */
static void wildcard_denies(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *l = lines[i];
		const char *filters = strstr(l, " (");

		if (strncmp(l, "(deny ", 6) != 0 || !filters || !strstr(l, "file-write-"))
			continue;
		/* in place: the new line is shorter */
		memmove(l + 17, filters, strlen(filters) + 1);
		memcpy(l, "(deny file-write*", 17);
	}
}

START_TEST(catches_wildcard_deny_after_specific_allow)
{
	struct fsj_policy *pol = nested_policy();
	struct sbpl_profile p;
	struct strbuf why = STRBUF_INIT;
	char *wrong;

	compile(pol, &p);
	wrong = edit_section(p.text, "protected", wildcard_denies);
	ck_assert(strstr(wrong, "(deny file-write* ") != NULL);
	/* The deny comes last, yet the grant's specific file-write-data rule
	 * is decided first: the hooks are writable. An evaluator that let the
	 * last rule win across operations would see no difference. */
	ck_assert_uint_gt(mismatches(pol, &p, wrong, &why), 0);
	ck_assert_msg(strstr(why.buf, ".git/hooks/pre-commit") &&
			      strstr(why.buf, "profile says allow"),
		      "%s", why.buf);
	sb_release(&why);
	free(wrong);
	sbpl_profile_release(&p);
	policy_free(pol);
}
END_TEST

START_TEST(catches_a_path_in_the_text)
{
	struct fsj_policy *pol = nested_policy();
	struct sbpl_profile p;
	struct fsj_error err = { { 0 } };
	struct strbuf text = STRBUF_INIT;
	struct sbpl_eval *ev;
	const char *at;
	char *needle;

	compile(pol, &p);
	ev = sbpl_oracle_load(&p, &err);
	ck_assert_msg(sbpl_eval_lint(ev, sbpl_oracle_fixed_strings(), &err) == 0, "%s", err.text);
	sbpl_eval_free(ev);

	/* paste the value of P2 where (param "P2") stood */
	ck_assert_str_eq(p.param_names[2], "P2");
	needle = xstrdup("(param \"P2\")");
	at = strstr(p.text, needle);
	ck_assert_ptr_nonnull(at);
	sb_add(&text, p.text, (size_t)(at - p.text));
	sb_addf(&text, "\"%s\"", p.param_values[2]);
	sb_adds(&text, at + strlen(needle));
	ev = sbpl_eval_new(text.buf, "pasted.sb", (const char *const *)p.param_names,
			   (const char *const *)p.param_values, p.n_params, &err);
	ck_assert_ptr_nonnull(ev);
	/* it decides the same - only the lint sees it */
	for (const char *const *q = nested_queries; *q; q++)
		ck_assert_uint_eq(sbpl_oracle_compare(ev, pol, *q, NULL), 0);
	ck_assert_uint_eq(sbpl_eval_lint(ev, sbpl_oracle_fixed_strings(), &err), 1);
	ck_assert_msg(strstr(err.text, "pasted.sb:") && strstr(err.text, p.param_values[2]) &&
			      strstr(err.text, "written into the text"),
		      "%s", err.text);
	sbpl_eval_free(ev);

	/* (with no-sandbox) is flagged too */
	ev = ok(V1 "(allow process-exec (literal \"/bin/sh\") (with no-sandbox))\n");
	const char *const fixed[] = { "/bin/sh", NULL };
	ck_assert_uint_eq(sbpl_eval_lint(ev, fixed, &err), 1);
	ck_assert(strstr(err.text, "t.sb:3: (with no-sandbox)"));
	sbpl_eval_free(ev);
	free(needle);
	sb_release(&text);
	sbpl_profile_release(&p);
	policy_free(pol);
}
END_TEST

START_TEST(catches_an_undefined_parameter)
{
	struct fsj_policy *pol = nested_policy();
	struct sbpl_profile p;
	struct fsj_error err = { { 0 } };
	struct sbpl_eval *ev;
	char *want;
	size_t line = 1;
	const char *use;

	compile(pol, &p);
	/* drop the last parameter, as a launcher that forgot one -D would */
	ck_assert_uint_ge(p.n_params, 2);
	ev = sbpl_eval_new(p.text, "profile.sb", (const char *const *)p.param_names,
			   (const char *const *)p.param_values, p.n_params - 1, &err);
	ck_assert_ptr_null(ev);
	want = xasprintf("(param \"%s\")", p.param_names[p.n_params - 1]);
	use = strstr(p.text, want);
	ck_assert_ptr_nonnull(use);
	free(want);
	for (const char *s = p.text; s < use; s++)
		line += *s == '\n';
	want = xasprintf("profile.sb:%zu: parameter '%s' is not defined", line,
			 p.param_names[p.n_params - 1]);
	ck_assert_msg(strstr(err.text, want), "'%s' lacks '%s'", err.text, want);
	free(want);
	sbpl_profile_release(&p);
	policy_free(pol);
}
END_TEST

/* Every profile the compiler writes for the fixed part lints clean. */
START_TEST(fixed_strings)
{
	const char *const *fixed = sbpl_oracle_fixed_strings();
	bool dev_null = false, dyld = false;

	for (; *fixed; fixed++) {
		dev_null |= strcmp(*fixed, "/dev/null") == 0;
		dyld |= strcmp(*fixed, "/System/Library/dyld") == 0;
		ck_assert_msg(strstr(*fixed, "/Users") == NULL, "'%s' is not a system path",
			      *fixed);
	}
	ck_assert(dev_null && dyld);
}
END_TEST

static Suite *eval_suite(void)
{
	Suite *s = suite_create("sbpl_eval");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, reader_strings_and_sections);
	tcase_add_test(tc, refused_like_sandbox_exec);
	tcase_add_test(tc, last_filtered_rule_wins);
	tcase_add_test(tc, unfiltered_never_beats_filtered);
	tcase_add_test(tc, wildcard_deny_after_specific_allow);
	tcase_add_test(tc, jumps_to_parents_and_outside_the_tree);
	tcase_add_test(tc, path_and_logic_filters);
	tcase_add_test(tc, remote_unix_socket);
	tcase_add_test(tc, messages_in_the_verdict);
	tcase_add_test(tc, bsd_sb_model);
	tcase_add_test(tc, catches_reversed_rule_order);
	tcase_add_test(tc, catches_wildcard_deny_after_specific_allow);
	tcase_add_test(tc, catches_a_path_in_the_text);
	tcase_add_test(tc, catches_an_undefined_parameter);
	tcase_add_test(tc, fixed_strings);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(eval_suite(), CK_FORK_GETENV);
}
