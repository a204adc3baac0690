/* cmd_probe.c - `fsjail probe`: find by experiment which fence tier this
 * kernel enforces for the backend, mode and workspace, or show the cached
 * answer (DESIGN.md section 5; probe.h). */
#include "json-out.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "notify.h"
#include "probe.h"
#include "sandbox.h"

/* Print the report as a table for people. */
static void print_report(const struct probe_report *r)
{
	printf("backend %s, %s %s, Landlock ABI %d, mode %s\n", fsj_backend_name(r->key.backend),
#ifdef __APPLE__
	       "os", r->key.os_release,
#else
	       "kernel", r->key.os_release,
#endif
	       r->key.abi, fsj_mode_name(r->key.mode));
	printf("workspace %s\n", r->key.workspace);
	if (r->cached)
		printf("probed %s in %.0f ms (cached; --force probes again)\n", r->time,
		       r->duration_ms);
	else
		printf("probed %s in %.0f ms\n", r->time, r->duration_ms);
	printf("\n%-8s %-15s %-10s %-7s %s\n", "TIER", "CHECK", "CAPABILITY", "RESULT", "DETAIL");
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--) {
		const struct probe_tier *pt = &r->tiers[t];

		if (!pt->compiled)
			printf("%-8s %-15s %-10s %-7s %.*s\n", fsj_tier_name(pt->tier), "compile",
			       "-", "failed", pt->error ? (int)strcspn(pt->error, "\n") : 0,
			       pt->error ? pt->error : "");
		for (size_t i = 0; i < pt->n_checks; i++) {
			const struct probe_check *c = &pt->checks[i];
			int cap = probe_check_cap(c->id);

			printf("%-8s %-15s %-10s %-7s %s", fsj_tier_name(pt->tier),
			       probe_check_name(c->id),
			       cap >= 0 ? fsj_cap_name((enum fsj_cap)cap) : "-",
			       probe_result_name(c->result), c->reason ? c->reason : "");
			if (c->path && c->result != PROBE_RESULT_NA)
				printf(" [%s]", c->path);
			putchar('\n');
		}
		printf("%-8s => %s\n", fsj_tier_name(pt->tier),
		       pt->proven ? "proven" : "not proven");
	}
#ifdef __linux__
	/* Not an experiment: how the `connect` capability is enforced here. */
	printf("\nconnect: %s\n",
	       notify_wanted() ? "seccomp listener (fsjail performs connect, bind and addressed "
				 "sends after checking the socket's path)"
			       : "not enforced (no seccomp listener: FSJAIL_NO_NOTIFY)");
#endif
	if (r->proven >= 0)
		printf("\nproven tier: %s\n", fsj_tier_name((enum fsj_tier)r->proven));
	else
		printf("\nproven tier: none (every confined run will be refused; see the failed "
		       "checks above)\n");
}

int cmd_probe(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "backend", required_argument, NULL, CMD_OPT_BACKEND },
		{ "force", no_argument, NULL, CMD_OPT_FORCE },
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	int backend = fsj_backend_native();
	bool force = false, json = false;
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	struct strbuf warnings = STRBUF_INIT;
	struct probe_report r;
	int opt, status;

	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_BACKEND:
			backend = fsj_backend_parse(optarg);
			if (backend < 0) {
				fprintf(stderr,
					"fsjail: probe: unknown backend '%s' "
					"(landlock, seatbelt, null)\n",
					optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		case CMD_OPT_FORCE:
			force = true;
			break;
		case CMD_OPT_JSON:
			json = true;
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "probe");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("probe", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fsjail: probe: unexpected argument '%s'\n", argv[optind]);
		return FSJ_EXIT_ERROR;
	}
	if (fsj_ctx_load(&opts, &ctx, &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	/* Without a workspace nothing can be proven: say so first, then
	 * show the (uncached) report of why, for a harness reading --json. */
	(void)cmd_have_workspace(&ctx, "probe");
	if (probe_get(&ctx, (enum fsj_backend)backend,
		      PROBE_EVERY_TIER | (force ? PROBE_FORCE : 0), &r, &warnings, &err) < 0) {
		cmd_print_error(&err);
		fsj_ctx_release(&ctx);
		return FSJ_EXIT_ERROR;
	}
	if (warnings.len)
		fprintf(stderr, "fsjail: warning: %s", warnings.buf);
	if (json) {
		cJSON *j = probe_report_json(&r);
		fsj_json_put(j);
		cJSON_Delete(j);
	} else {
		print_report(&r);
	}
	status = r.proven >= 0 ? FSJ_EXIT_OK : FSJ_EXIT_FAILURE;
	probe_report_release(&r);
	sb_release(&warnings);
	fsj_ctx_release(&ctx);
	return status;
}
