/* fuzz_effects.c - libFuzzer harness for the effects analyser on shell
 * lines, the engine of `fsjail check` and `run --ask` (issue 19;
 * src/effects.h, src/shwalk.c, src/shword.c, src/prog-*.c).
 *
 * Each input is one shell line, analysed against a fixed imaginary
 * filesystem (no disk access: /w/dir and /w/dir/sub are folders, names
 * ending in "f" are files, a few programs on PATH are executable) and then
 * decided against a small policy (the workspace /w granted, /w/.git/hooks
 * protected, /w/secret denied). A crash, a leak, a hang or a broken
 * invariant is a finding: every effect's span lies inside the line, a
 * resolved effect's path is absolute and normalised, a decision exists for
 * every effect. Seeds: tests/fuzz/corpus/effects. */
#include <stdint.h>
#include <string.h>

#include "effects-decide.h"
#include "path.h"
#include "policy.h"
#include "fuzz-util.h"

static struct fsj_policy *pol;

static int fake_kind(const char *p, void *data)
{
	size_t n = strlen(p);

	(void)data;
	if (!strcmp(p, "/") || !strcmp(p, "/w") || !strcmp(p, "/w/dir") || !strcmp(p, "/w/dir/sub") ||
	    !strcmp(p, "/home/u") || !strcmp(p, "/tmp") || !strcmp(p, "/usr/bin"))
		return 2;
	return n > 0 && p[n - 1] == 'f' ? 1 : 0;
}

static bool fake_exec(const char *p, void *data)
{
	(void)data;
	return !strncmp(p, "/usr/bin/", 9) && strchr(p + 9, '/') == NULL;
}

static void add(const char *path, bool recursive, unsigned allow, unsigned deny,
		enum fsj_source src)
{
	struct fsj_rule r = { 0 };

	r.path = (char *)path;
	r.resolved = (char *)path;
	r.recursive = recursive;
	r.allow = allow;
	r.deny = deny;
	r.source = src;
	policy_add_rule(pol, &r);
}

static void start(void)
{
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_PROCESS);
	pol->workspace = strdup("/w");
	add("/w", true, FSJ_CAPS_ALL, 0, FSJ_SRC_BASELINE);
	add("/usr", true, FSJ_CAPBIT(FSJ_CAP_READ) | FSJ_CAPBIT(FSJ_CAP_EXECUTE), 0,
	    FSJ_SRC_BASELINE);
	add("/w/.git/hooks", true, 0,
	    FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE),
	    FSJ_SRC_PROTECTED);
	add("/w/secret", false, 0, FSJ_CAPS_ALL, FSJ_SRC_RULES);
	policy_finalize(pol);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct effects_opts eo = {
		.cwd = "/w", .home = "/home/u", .path_env = "/usr/bin:/bin",
		.fs = { .kind = fake_kind, .executable = fake_exec, .data = NULL },
	};
	struct fsj_error err = { { 0 } };
	struct fsj_effects fx;
	struct fsj_check chk;

	if (!pol)
		start();
	if (effects_analyze((const char *)data, size, &eo, &fx, &err) < 0) {
		/* the two refusals effects.h promises: too long, a NUL byte */
		FUZZ_ASSERT(size > FSJ_EFFECTS_MAX_LINE || memchr(data, '\0', size),
			    "refused a line of %zu bytes: %s", size, err.text);
		return 0;
	}
	for (size_t i = 0; i < fx.n; i++) {
		const struct fsj_effect *e = &fx.v[i];

		FUZZ_ASSERT(e->start <= e->end && e->end <= size, "effect %zu spans %u..%u of %zu",
			    i, e->start, e->end, size);
		if (e->status == FSJ_EFFECT_RESOLVED) {
			char *norm = NULL;

			FUZZ_ASSERT(e->path && e->path[0] == '/', "effect %zu: path '%s'", i,
				    e->path ? e->path : "(null)");
			FUZZ_ASSERT(path_normalize(e->path, strlen(e->path), NULL, NULL, &norm) ==
						PATH_OK &&
					!strcmp(norm, e->path),
				    "effect %zu: path '%s' is not normalised", i, e->path);
			free(norm);
			FUZZ_ASSERT(e->cap >= 0 && e->cap < FSJ_CAP_COUNT, "effect %zu: cap %d", i,
				    e->cap);
		}
	}
	effects_decide(&fx, pol, "/w", NULL, &chk);
	FUZZ_ASSERT(chk.n == fx.n, "%zu decisions for %zu effects", chk.n, fx.n);
	fsj_check_release(&chk);
	effects_release(&fx);
	return 0;
}
