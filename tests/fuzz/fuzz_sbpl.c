/* fuzz_sbpl.c - libFuzzer harness for the SBPL compiler (issue 19;
 * src/sbpl.h) with the evaluator of tests/sbpl-eval as its oracle.
 *
 * The input is decoded into a rule set: the first byte picks the tier,
 * the mode, the network and the options (broker socket, rule messages, a
 * run tag), then each rule is a flags byte (recursive, source), an allow
 * and a deny byte (capability masks) and a path up to the next newline,
 * normalised under /fz (so no path meets the system paths the profile's
 * fixed part opens by itself). The compiled profile must compile in the
 * evaluator as sandbox-exec would, and decide as policy_decide() does for
 * every rule's path, a child of it and its parent (sbpl_oracle_compare()).
 * Only a path longer than FSJ_PATH_MAX may make sbpl_compile() refuse.
 * Seeds: tests/fuzz/corpus/sbpl. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "path.h"
#include "policy.h"
#include "sbpl.h"
#include "sbpl_eval.h"
#include "sbpl_oracle.h"
#include "fuzz-util.h"

#define MAX_RULES 32

static void compare(const struct sbpl_eval *ev, const struct fsj_policy *pol, const char *p,
		    const struct sbpl_profile *prof)
{
	struct strbuf why = { 0 };
	char *k = sbpl_oracle_kernel_path(p);

	if (sbpl_oracle_compare(ev, pol, k, &why) != 0) {
		fprintf(stderr, "%s\n", prof->text);
		for (size_t i = 0; i < prof->n_params; i++)
			fprintf(stderr, "-D %s=%s\n", prof->param_names[i], prof->param_values[i]);
		FUZZ_ASSERT(0, "the profile and policy_decide() differ at '%s': %s", k,
			    why.buf ? why.buf : "");
	}
	sb_release(&why);
	free(k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sbpl_opts o = { 0 };
	struct fsj_error err = { { 0 } };
	struct sbpl_profile prof;
	struct fsj_policy *pol;
	struct sbpl_eval *ev;
	char *paths[MAX_RULES];
	size_t n = 0, off = 1;
	bool too_long = false;

	if (size < 1)
		return 0;
	pol = policy_new(data[0] & 1 ? FSJ_MODE_READ_ONLY : FSJ_MODE_WORKSPACE_WRITE,
			 (enum fsj_tier)((data[0] >> 1) % FSJ_TIER_COUNT));
	pol->workspace = strdup("/fz");
	o.network = (data[0] & 8) ? FSJ_NETWORK_DENY : FSJ_NETWORK_ALLOW;
	o.broker_socket = (data[0] & 16) ? "/fz-run/broker.sock" : NULL;
	o.with_messages = data[0] & 32;
	o.run_tag = (data[0] & 64) ? "fuzz-run.1" : NULL;
	while (off + 3 <= size && n < MAX_RULES) {
		struct fsj_rule r = { 0 };
		uint8_t flags = data[off], allow = data[off + 1], deny = data[off + 2];
		const uint8_t *p = data + off + 3, *end = memchr(p, '\n', size - off - 3);
		size_t len = end ? (size_t)(end - p) : size - off - 3;
		char *norm = NULL;

		off += 3 + len + (end != NULL);
		if (memchr(p, '\0', len) ||
		    path_normalize((const char *)p, len, NULL, "/fz", &norm) != PATH_OK ||
		    !path_covers("/fz", norm)) {
			free(norm);
			continue;
		}
		too_long |= strlen(norm) >= FSJ_PATH_MAX;
		r.path = norm;
		r.resolved = norm;
		r.recursive = flags & 1;
		r.source = (enum fsj_source)((flags >> 1) % (FSJ_SRC_BASELINE + 1));
		r.allow = allow & FSJ_CAPS_ALL;
		r.deny = deny & FSJ_CAPS_ALL;
		if (r.source == FSJ_SRC_PROTECTED && (flags & 0x80)) {
			/* a protected exception: this level has no opinion here */
			r.pass = r.allow;
			r.allow = 0;
		}
		policy_add_rule(pol, &r);
		paths[n++] = norm;
	}
	policy_finalize(pol);
	if (sbpl_compile(pol, &o, &prof, &err) < 0) {
		FUZZ_ASSERT(too_long, "sbpl_compile refused: %s", err.text);
		goto out;
	}
	ev = sbpl_oracle_load(&prof, &err);
	if (!ev)
		fprintf(stderr, "%s\n", prof.text);
	FUZZ_ASSERT(ev != NULL, "the profile does not load in the evaluator: %s", err.text);
	for (size_t i = 0; i < n; i++) {
		char *c = path_join(paths[i], "x"), *d = path_dirname(paths[i]);

		compare(ev, pol, paths[i], &prof);
		compare(ev, pol, c, &prof);
		if (path_covers("/fz", d))
			compare(ev, pol, d, &prof);
		free(c);
		free(d);
	}
	sbpl_eval_free(ev);
	sbpl_profile_release(&prof);
out:
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	policy_free(pol);
	return 0;
}
