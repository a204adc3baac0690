/* cmd_common.c - option handling shared by subcommands (usage text:
 * cmd_help.c). */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "fsjail-int.h"

bool cmd_quiet;

bool cmd_note_hold;
static char held_note[FSJAIL_NOTE_MAX];

void cmd_note(const char *text)
{
	if (cmd_note_hold)
		snprintf(held_note, sizeof(held_note), "%s", text);
	else if (!cmd_quiet && text[0])
		fprintf(stderr, "fsjail: note: %s\n", text);
}

void cmd_note_release(bool show)
{
	cmd_note_hold = false;
	if (show)
		cmd_note(held_note);
	held_note[0] = '\0';
}

int cmd_common_option(int opt, const char *arg, struct fsj_ctx_opts *opts)
{
	switch (opt) {
	case CMD_OPT_RULES:
		opts->rules_file = arg;
		return 1;
	case CMD_OPT_CONFIG:
		opts->config_file = arg;
		return 1;
	case CMD_OPT_WORKSPACE:
		opts->workspace = arg;
		return 1;
	case CMD_OPT_WIDE_WORKSPACE:
		opts->wide_workspace = true;
		return 1;
	case CMD_OPT_MODE:
		opts->mode = arg;
		return 1;
	case CMD_OPT_ENFORCE:
		opts->enforce = arg;
		return 1;
	case CMD_OPT_DENY:
	case CMD_OPT_GRANT:
		if (!arg)
			return 0; /* run's --deny alone: the scripted ask answer */
		if (opts->n_session < FSJ_SESSION_RULES_MAX) {
			opts->session_rules[opts->n_session] = arg;
			opts->session_deny[opts->n_session] = opt == CMD_OPT_DENY;
		}
		opts->n_session++;
		return 1;
	case CMD_OPT_PLATFORM:
		opts->platform = arg;
		return 1;
	default:
		return 0;
	}
}

void cmd_print_error(const struct fsj_error *err)
{
	fprintf(stderr, "fsjail: %s\n", err->text[0] ? err->text : "unknown error");
}

int cmd_effective_tier(const struct fsj_ctx *ctx, const char *tier_arg)
{
	char note[FSJAIL_NOTE_MAX];
	int tier = fsjail_effective_tier(ctx, tier_arg, note);

	cmd_note(note);
	return tier;
}

bool cmd_have_workspace(const struct fsj_ctx *ctx, const char *cmd)
{
	if (ctx->workspace)
		return true;
	fprintf(stderr, "fsjail: %s: no workspace here: %s\n" CMD_NO_WORKSPACE_HINT, cmd,
		ctx->workspace_error ? ctx->workspace_error : "none");
	return false;
}

int cmd_parse_network(const char *arg)
{
	if (strcmp(arg, "allow") == 0)
		return FSJ_NETWORK_ALLOW;
	if (strcmp(arg, "deny") == 0)
		return FSJ_NETWORK_DENY;
	return -1;
}
