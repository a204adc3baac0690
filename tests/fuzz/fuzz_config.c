/* fuzz_config.c - libFuzzer harness for the YAML readers (issue 19):
 * config.yaml, rules.yaml and the platform baseline (src/config.h,
 * src/yamlread.c), and the in-place editor of the rules file
 * (src/rulesfile.h).
 *
 * Each input is written to a file and read by all three loaders: a crash,
 * a leak, a hang or an error message without "FILE:LINE:COL" (or at
 * least the file's name) is a finding. When the input loads as a rules
 * file, the editor removes its first rule and appends one, and each result
 * must load again with one rule less, then one more: an edit the editor
 * accepts never leaves a file the loader refuses. Seeds:
 * tests/fuzz/corpus/config. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "rulesfile.h"
#include "fuzz-util.h"

static char file[600], edit[600];

static void check_message(const struct fsj_error *err, const char *path)
{
	FUZZ_ASSERT(err->text[0] != '\0', "an error without a message");
	FUZZ_ASSERT(strstr(err->text, path) != NULL, "the message does not name the file: %s",
		    err->text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fsj_vars vars = {
		.home = "/home/u", .workspace = "/w", .tmpdir = "/tmp",
		.config_dir = "/home/u/.config/fsjail", .state_dir = "/home/u/.local/state/fsjail",
		.config_file = "/home/u/.config/fsjail/config.yaml",
		.rules_file = "/home/u/.config/fsjail/rules.yaml",
		.baseline_file = "/usr/share/fsjail/baseline-linux.yaml",
	};
	struct fsj_error err = { { 0 } };
	struct fsj_config cfg;
	struct fsj_ruleset rs = { 0 }, bl = { 0 };
	char **roots = NULL;
	size_t n_roots = 0;

	if (!file[0]) {
		snprintf(file, sizeof(file), "%s/in.yaml", fuzz_dir("config"));
		snprintf(edit, sizeof(edit), "%s/rules.yaml", fuzz_dir("config"));
	}
	fuzz_put(file, data, size);

	if (fsj_config_load(file, "/home/u", &cfg, &err) < 0)
		check_message(&err, file);
	fsj_config_release(&cfg);

	memset(&err, 0, sizeof(err));
	if (fsj_baseline_load(file, &vars, FSJ_TIER_GUARDED, &bl, &roots, &n_roots, &err) < 0)
		check_message(&err, file);
	fsj_ruleset_release(&bl);
	for (size_t i = 0; i < n_roots; i++)
		free(roots[i]);
	free(roots);

	memset(&err, 0, sizeof(err));
	if (fsj_rules_load(file, "/home/u", "/w", &rs, &err) < 0) {
		check_message(&err, file);
		return 0;
	}
	if (rs.n > 0) {
		/* the editor works on its own copy: the input file stays as read */
		struct rulesfile_ctx rc = { .file = edit, .home = "/home/u", .workspace = "/w" };
		struct rulesfile_rule add = { .path = "/w/added", .recursive = true,
					      .allow = FSJ_CAPBIT(FSJ_CAP_READ) };
		struct fsj_ruleset after = { 0 };
		size_t n = rs.n;

		fuzz_put(edit, data, size);
		memset(&err, 0, sizeof(err));
		if (rulesfile_remove(&rc, 0, &err) == 0) {
			memset(&err, 0, sizeof(err));
			FUZZ_ASSERT(fsj_rules_load(edit, "/home/u", "/w", &after, &err) == 0,
				    "the edited file does not load: %s", err.text);
			FUZZ_ASSERT(after.n == n - 1, "%zu rules after removing one of %zu", after.n, n);
			fsj_ruleset_release(&after);
			n--;
		}
		memset(&err, 0, sizeof(err));
		if (rulesfile_add(&rc, &add, 1, &err) == 0) {
			memset(&err, 0, sizeof(err));
			FUZZ_ASSERT(fsj_rules_load(edit, "/home/u", "/w", &after, &err) == 0,
				    "the edited file does not load: %s", err.text);
			FUZZ_ASSERT(after.n == n + 1, "%zu rules after adding one to %zu", after.n, n);
			fsj_ruleset_release(&after);
		}
	}
	fsj_ruleset_release(&rs);
	return 0;
}
