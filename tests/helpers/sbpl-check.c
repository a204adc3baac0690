/* sbpl-check.c - load a Seatbelt profile the way sandbox-exec would, with
 * the evaluator of tests/sbpl-eval; used by tests/helpers/sandbox-exec-stub.sh.
 *
 *   sbpl-check [--lint] -f PROFILE [-D NAME=VALUE]... [--decide OP PATH]...
 *
 * Exit 0 when the profile compiles (and, with --lint, writes no path into
 * its text); 65 with "FILE:LINE: message" on stderr when it does not, as
 * sandbox-exec exits 65 for a profile that does not compile (SBPL-NOTES.md
 * section 7); 64 for a usage error. Each --decide prints "allow" or "deny"
 * and the line that decided. -D splits NAME=VALUE at the first '=' (what
 * sandbox-exec does is uncertain; fsjail's names hold no '='). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbpl_eval.h"
#include "sbpl_oracle.h"
#include "util.h"

#define EXIT_USAGE 64
#define EXIT_COMPILE 65

static void usage(void)
{
	fputs("usage: sbpl-check [--lint] -f PROFILE [-D NAME=VALUE]... [--decide OP PATH]...\n",
	      stderr);
	exit(EXIT_USAGE);
}

int main(int argc, char **argv)
{
	const char *file = NULL;
	char **names = xcalloc((size_t)argc, sizeof(*names));
	char **values = xcalloc((size_t)argc, sizeof(*values));
	const char **decide = xcalloc((size_t)argc, sizeof(*decide));
	size_t n_params = 0, n_decide = 0;
	bool lint = false;
	struct fsj_error err = { { 0 } };
	struct sbpl_eval *ev;
	char *text = NULL;
	size_t len;
	int rc;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--lint") == 0) {
			lint = true;
		} else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc) {
			file = argv[++i];
		} else if (strcmp(argv[i], "-D") == 0 && i + 1 < argc) {
			const char *kv = argv[++i];
			const char *eq = strchr(kv, '=');
			if (!eq)
				usage();
			names[n_params] = xstrndup(kv, (size_t)(eq - kv));
			values[n_params++] = xstrdup(eq + 1);
		} else if (strcmp(argv[i], "--decide") == 0 && i + 2 < argc) {
			decide[n_decide++] = argv[++i];
			decide[n_decide++] = argv[++i];
		} else {
			usage();
		}
	}
	if (!file)
		usage();
	rc = read_file(file, 16u << 20, &text, &len);
	if (rc < 0) {
		fprintf(stderr, "sbpl-check: cannot read '%s': %s\n", file, strerror(-rc));
		return EXIT_COMPILE;
	}
	if (strlen(text) != len) {
		fprintf(stderr, "sbpl-check: '%s' holds a NUL byte\n", file);
		return EXIT_COMPILE;
	}
	ev = sbpl_eval_new(text, file, (const char *const *)names, (const char *const *)values,
			   n_params, &err);
	if (!ev) {
		fprintf(stderr, "sbpl-check: %s\n", err.text);
		return EXIT_COMPILE;
	}
	if (lint && sbpl_eval_lint(ev, sbpl_oracle_fixed_strings(), &err) > 0) {
		fprintf(stderr, "sbpl-check: %s\n", err.text);
		return EXIT_COMPILE;
	}
	for (size_t i = 0; i < n_decide; i += 2) {
		struct sbpl_query q = { decide[i], decide[i + 1], NULL };
		struct sbpl_verdict v;

		if (sbpl_eval_decide(ev, &q, &v, &err) < 0) {
			fprintf(stderr, "sbpl-check: %s\n", err.text);
			return EXIT_USAGE;
		}
		printf("%s %s %s (%s:%u)\n", v.allow ? "allow" : "deny", decide[i], decide[i + 1],
		       v.from_import ? "bsd.sb" : file, v.line);
	}
	sbpl_eval_free(ev);
	free(text);
	for (size_t i = 0; i < n_params; i++) {
		free(names[i]);
		free(values[i]);
	}
	free(names);
	free(values);
	free(decide);
	return 0;
}
