/* fuzz_path.c - libFuzzer harness for path normalisation and the text
 * fsjail prints of paths a sandboxed command chose (issue 19; src/path.h,
 * src/escape.h).
 *
 * For each input, as a path: path_normalize() against a home and a base
 * either refuses with a known error or gives an absolute path that is
 * normalised (normalising it again changes nothing; no "." or ".."
 * component, no "//", no trailing '/'; manifest_path_ok() agrees unless it
 * is "/"), that its parent covers, and whose depth is its parent's plus
 * one; path_resolve() of it inside a scratch tree holding symlinks (a
 * loop, one to "/", one to "..", a dangling one) is absolute and
 * normalised too. As text: fsj_escape_term() leaves no control byte and no
 * bidirectional control, and fsj_quote_shell_sb() one shell word. A crash,
 * a leak, a hang or a broken invariant is a finding. Seeds:
 * tests/fuzz/corpus/path. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "manifest.h"
#include "path.h"
#include "fuzz-util.h"

static char tree[600];

static void start(void)
{
	char p[700];

	snprintf(tree, sizeof(tree), "%s", fuzz_dir("path"));
	snprintf(p, sizeof(p), "%s/d", tree);
	(void)mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/d/loop", tree);
	(void)symlink("loop", p);
	snprintf(p, sizeof(p), "%s/d/root", tree);
	(void)symlink("/", p);
	snprintf(p, sizeof(p), "%s/d/up", tree);
	(void)symlink("..", p);
	snprintf(p, sizeof(p), "%s/d/gone", tree);
	(void)symlink("nowhere/x", p);
	snprintf(p, sizeof(p), "%s/d/a", tree);
	(void)symlink("b", p);
	snprintf(p, sizeof(p), "%s/d/b", tree);
	(void)symlink("a", p);
}

static void check_normal(const char *p, const char *what)
{
	size_t n = strlen(p);

	FUZZ_ASSERT(p[0] == '/', "%s '%s' is not absolute", what, p);
	FUZZ_ASSERT(!strstr(p, "//") && !strstr(p, "/./") && !strstr(p, "/../") &&
			    (n == 1 || p[n - 1] != '/') &&
			    !(n >= 2 && !strcmp(p + n - 2, "/.")) &&
			    !(n >= 3 && !strcmp(p + n - 3, "/..")),
		    "%s '%s' is not normalised", what, p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *out = NULL, *again = NULL, *esc;
	struct strbuf q = { 0 };
	char *text;
	int rc;

	if (!tree[0])
		start();
	rc = path_normalize((const char *)data, size, "/home/u", tree, &out);
	if (rc != PATH_OK) {
		FUZZ_ASSERT(out == NULL && path_strerror(rc) != NULL, "error %d", rc);
	} else {
		char *dir = path_dirname(out), *res;

		check_normal(out, "normalised");
		FUZZ_ASSERT(strlen(out) == strnlen(out, size + 4096), "length");
		FUZZ_ASSERT(path_normalize(out, strlen(out), NULL, NULL, &again) == PATH_OK &&
				    !strcmp(again, out),
			    "'%s' normalises again to '%s'", out, again ? again : "(error)");
		FUZZ_ASSERT(path_covers(dir, out) && path_covers("/", out) && path_covers(out, out),
			    "'%s' is not covered by its parent '%s'", out, dir);
		FUZZ_ASSERT(strcmp(out, "/") == 0 ? path_depth(out) == 0 :
						    path_depth(out) == path_depth(dir) + 1,
			    "depth of '%s'", out);
		FUZZ_ASSERT(!strcmp(out, "/") || strlen(out) >= FSJ_PATH_MAX ||
				    manifest_path_ok(out),
			    "manifest_path_ok('%s') refuses a normalised path", out);
		if (path_covers(tree, out)) {
			res = path_resolve(out);
			check_normal(res, "resolved");
			free(res);
		}
		free(dir);
	}
	free(out);
	free(again);

	text = strndup((const char *)data, size);
	esc = fsj_escape_term(text);
	for (const unsigned char *c = (const unsigned char *)esc; *c; c++)
		FUZZ_ASSERT(*c >= 0x20 && *c != 0x7f, "control byte 0x%02x in escaped text", *c);
	FUZZ_ASSERT(!strstr(esc, "\xe2\x80\xae") && !strstr(esc, "\xc2\x9b"),
		    "a bidirectional or C1 control survived");
	fsj_quote_shell_sb(&q, esc);
	FUZZ_ASSERT(q.buf && q.len > 0, "an empty shell word");
	sb_release(&q);
	free(esc);
	free(text);
	return 0;
}
