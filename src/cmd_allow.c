/* cmd_allow.c - `fsjail allow`: list, add, remove and clear the rules of
 * the user's rules file (DESIGN.md sections 3 and 12).
 *
 *   fsjail allow [COMMON]                          list, numbered
 *   fsjail allow [COMMON] add CAPS PATH [folder|file]
 *   fsjail allow [COMMON] remove N
 *   fsjail allow [COMMON] clear
 *
 * CAPS is a comma-separated list of capabilities (or "all"). A relative
 * PATH resolves against the workspace. Without folder|file the rule is the
 * narrowest: recursive only when PATH is an existing directory. A
 * capability a protected path refuses is refused here too, with the
 * protected entry named. Edits keep the file's text (rulesfile.h).
 * Exit status: 0 done (or nothing to do), 125 refused or failed: the file
 * is unchanged. */
#include "json-out.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "cmd.h"
#include "escape.h"
#include "fsjail-int.h"
#include "path.h"
#include "policy.h"
#include "rulesfile.h"
#include "session.h"

/* Parse "read,write" (or "all": the five file capabilities, not connect,
 * which opens a door to a process outside) into a mask; -1 after a message. */
static int parse_caps(const char *s)
{
	const char *bad;
	int mask = fsj_caps_parse_list(s, &bad);

	if (mask < 0 && bad)
		fprintf(stderr, "fsjail: allow: unknown capability '%.*s' (read, write, create, "
				"delete, execute, connect, all)\n", (int)strcspn(bad, ", "), bad);
	else if (mask < 0)
		fprintf(stderr, "fsjail: allow: no capability given\n");
	return mask;
}

static void print_caps(const char *label, unsigned mask)
{
	bool first = true;

	if (!mask)
		return;
	printf(" %s ", label);
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		if (mask & FSJ_CAPBIT(c)) {
			printf("%s%s", first ? "" : ",", fsj_cap_name((enum fsj_cap)c));
			first = false;
		}
	}
}

/* `allow list`: numbered lines, or with json the document
 * "fsjail-allow/1" (fsjail-json(7)). */
static void list_rules(const struct fsj_ctx *ctx, bool json)
{
	if (json) {
		cJSON *doc = cJSON_CreateObject(), *arr;

		cJSON_AddStringToObject(doc, "schema", "fsjail-allow/1");
		cJSON_AddStringToObject(doc, "rules_file", ctx->env.rules_file);
		arr = cJSON_AddArrayToObject(doc, "rules");
		for (size_t i = 0; i < ctx->rules.n; i++) {
			const struct fsj_rule *r = &ctx->rules.rules[i];
			cJSON *o = fsjail_json_rule(r);

			cJSON_AddNumberToObject(o, "number", (double)(i + 1));
			cJSON_AddItemToObject(o, "allow", fsjail_json_caps(r->allow));
			cJSON_AddItemToObject(o, "deny", fsjail_json_caps(r->deny));
			cJSON_AddItemToArray(arr, o);
		}
		fsj_json_put(doc);
		cJSON_Delete(doc);
		return;
	}
	if (ctx->rules.n == 0) {
		printf("no rules in %s\n", ctx->env.rules_file);
		return;
	}
	for (size_t i = 0; i < ctx->rules.n; i++) {
		const struct fsj_rule *r = &ctx->rules.rules[i];

		/* a rule "always" wrote holds a path the command chose */
		printf("%zu. ", i + 1);
		fsj_put_term(stdout, r->path);
		fputs(r->recursive ? "" : " (this path only)", stdout);
		print_caps("allow", r->allow);
		print_caps("deny", r->deny);
		if (r->id) {
			fputs(" id '", stdout);
			fsj_put_term(stdout, r->id);
			putchar('\'');
		}
		if (r->origin) {
			fputs(" [", stdout);
			fsj_put_term(stdout, r->origin);
			putchar(']');
		}
		printf("\n");
	}
}

/* Refuse caps that a protected entry decides at path: no rule can lift
 * them. Returns 0 when none is, -1 after a message. */
static int check_protected(const struct fsj_ctx *ctx, const char *path, unsigned caps)
{
	struct fsj_policy *pol = NULL;
	struct fsj_error err = { { 0 } };
	cleanup_free char *resolved = path_resolve(path);
	char note[FSJAIL_NOTE_MAX]; /* protected entries hold at every tier: not shown */
	int tier = fsjail_effective_tier(ctx, NULL, note), r = 0;

	if (fsj_ctx_policy(ctx, (enum fsj_tier)tier, &pol, &err) < 0) {
		cmd_print_error(&err);
		return -1;
	}
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct fsj_decision d;

		if (!(caps & FSJ_CAPBIT(c)))
			continue;
		policy_decide(pol, path, resolved, (enum fsj_cap)c, &d);
		if (d.level == FSJ_LEVEL_PROTECTED && !d.allowed) {
			fprintf(stderr, "fsjail: allow: '%s' is a protected path: no rule can grant "
					"%s there (protected entry %s%s%s)\n", path,
				fsj_cap_name((enum fsj_cap)c), d.rule ? d.rule->path : "?",
				d.rule && d.rule->origin ? " at " : "",
				d.rule && d.rule->origin ? d.rule->origin : "");
			r = -1;
		}
	}
	policy_free(pol);
	return r;
}

static int do_add(struct fsj_ctx *ctx, int argc, char **argv)
{
	struct rulesfile_ctx rc = { ctx->env.rules_file, ctx->env.home, ctx->workspace };
	struct rulesfile_rule rule = { 0 };
	struct fsj_error err = { { 0 } };
	cleanup_free char *path = NULL;
	struct stat st;
	int caps, e;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "fsjail: allow add: expected CAPS PATH [folder|file]\n");
		return FSJ_EXIT_ERROR;
	}
	caps = parse_caps(argv[0]);
	if (caps < 0)
		return FSJ_EXIT_ERROR;
	e = path_normalize(argv[1], strlen(argv[1]), ctx->env.home, ctx->workspace, &path);
	if (e != PATH_OK) {
		fprintf(stderr, "fsjail: allow: '%s': %s\n", argv[1], path_strerror(e));
		return FSJ_EXIT_ERROR;
	}
	rule.path = path;
	rule.allow = (unsigned)caps;
	if (argc == 3) {
		if (strcmp(argv[2], "folder") == 0) {
			rule.recursive = true;
		} else if (strcmp(argv[2], "file") == 0) {
			rule.recursive = false;
		} else {
			fprintf(stderr, "fsjail: allow add: '%s' is neither 'folder' nor 'file'\n",
				argv[2]);
			return FSJ_EXIT_ERROR;
		}
	} else {
		rule.recursive = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
	}
	if (check_protected(ctx, path, rule.allow) < 0)
		return FSJ_EXIT_ERROR;
	for (size_t i = 0; i < ctx->rules.n; i++) {
		const struct fsj_rule *r = &ctx->rules.rules[i];
		if (strcmp(r->path, path) == 0 && r->recursive == rule.recursive &&
		    (r->allow & rule.allow) == rule.allow && !(r->deny & rule.allow)) {
			printf("already granted by rule %zu\n", i + 1);
			return FSJ_EXIT_OK;
		}
	}
	if (rulesfile_add(&rc, &rule, 1, &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	printf("added rule %zu: ", ctx->rules.n + 1);
	fsj_put_term(stdout, path);
	fputs(rule.recursive ? "" : " (this path only)", stdout);
	print_caps("allow", rule.allow);
	printf("\n");
	if (ctx->mode == FSJ_MODE_READ_ONLY && (rule.allow & FSJ_CAPS_MODIFY))
		fprintf(stderr, "fsjail: warning: the mode is read-only: write, create and delete "
				"from this rule do not apply\n");
	return FSJ_EXIT_OK;
}

int cmd_allow(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "json", no_argument, NULL, CMD_OPT_JSON },
		CMD_QUIET_LONGOPT,
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	const char *sub;
	bool json = false;
	int opt, status = FSJ_EXIT_OK;

	/* options before and after the action: `allow list --json` and
	 * `allow --json list` are the same; its arguments follow it */
	sub = NULL;
	for (;;) {
		opt = getopt_long(argc, argv, "+", longopts, NULL);
		if (opt == -1) {
			if (sub || optind >= argc)
				break;
			sub = argv[optind++];
			continue;
		}
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		if (opt == CMD_OPT_HELP) {
			cmd_usage(stdout, "allow");
			return FSJ_EXIT_OK;
		}
		if (opt == CMD_OPT_JSON || opt == CMD_OPT_QUIET) {
			*(opt == CMD_OPT_JSON ? &json : &cmd_quiet) = true;
			continue;
		}
		cmd_bad_option("allow", argc, argv, longopts);
		return FSJ_EXIT_ERROR;
	}
	/* the mode is how a run uses the rules, not what they are */
	if (cmd_refuse_common("allow", &opts, CMD_COMMON_MODE) < 0)
		return FSJ_EXIT_ERROR;
	if (!sub)
		sub = "list";
	if (json && strcmp(sub, "list") != 0) {
		fprintf(stderr, "fsjail: allow %s: --json applies to list only\n", sub);
		return FSJ_EXIT_ERROR;
	}
	if ((strcmp(sub, "list") == 0 || strcmp(sub, "clear") == 0) && optind < argc) {
		fprintf(stderr, "fsjail: allow %s: unexpected argument '%s'\n", sub, argv[optind]);
		return FSJ_EXIT_ERROR;
	}
	if (cmd_load_state(&opts, &ctx, "allow", &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	struct rulesfile_ctx rc = { ctx.env.rules_file, ctx.env.home, ctx.workspace };
	if (strcmp(sub, "list") == 0) {
		list_rules(&ctx, json);
	} else if (strcmp(sub, "add") == 0) {
		status = do_add(&ctx, argc - optind, argv + optind);
	} else if (strcmp(sub, "remove") == 0) {
		char *end = NULL;
		unsigned long n = optind < argc ? strtoul(argv[optind], &end, 10) : 0;

		if (optind + 1 != argc || !end || *end || n == 0) {
			fprintf(stderr, "fsjail: allow remove: expected a rule number (see "
					"'fsjail allow')\n");
			status = FSJ_EXIT_ERROR;
		} else if (n > ctx.rules.n) {
			fprintf(stderr, "fsjail: allow remove: there is no rule %lu (%zu rules)\n", n,
				ctx.rules.n);
			status = FSJ_EXIT_ERROR;
		} else if (rulesfile_remove(&rc, n - 1, &err) < 0) {
			cmd_print_error(&err);
			status = FSJ_EXIT_ERROR;
		} else {
			printf("removed rule %lu: ", n);
			fsj_put_term(stdout, ctx.rules.rules[n - 1].path);
			putchar('\n');
		}
	} else if (strcmp(sub, "clear") == 0) {
		if (ctx.rules.n == 0) {
			printf("no rules in %s\n", ctx.env.rules_file);
		} else if (rulesfile_clear(&rc, &err) < 0) {
			cmd_print_error(&err);
			status = FSJ_EXIT_ERROR;
		} else {
			printf("removed %zu rules\n", ctx.rules.n);
		}
	} else {
		fprintf(stderr, "fsjail: allow: unknown action '%s' (list, add, remove, clear)\n",
			sub);
		cmd_usage(stderr, "allow");
		status = FSJ_EXIT_ERROR;
	}
	fsj_ctx_release(&ctx);
	return status;
}
