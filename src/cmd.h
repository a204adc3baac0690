/* cmd.h - subcommands (git.c style: one cmd_<name>() each, parsing its own
 * options) and the option handling they share. Only these functions and
 * main() print errors and choose exit statuses. */
#ifndef FSJAIL_CMD_H
#define FSJAIL_CMD_H

#include <getopt.h>
#include <stdio.h>

#include "cmd_load.h"
#include "config.h"
#include "policy.h"

int cmd_allow(int argc, char **argv);
int cmd_backups(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_log(int argc, char **argv);
int cmd_compile(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_status(int argc, char **argv);

/* Long options every subcommand that loads a policy accepts; their `val`s
 * are the CMD_OPT_* values. */
enum {
	CMD_OPT_RULES = 0x100,
	CMD_OPT_CONFIG,
	CMD_OPT_WORKSPACE,
	CMD_OPT_MODE,
	CMD_OPT_ENFORCE,
	CMD_OPT_TIER,
	CMD_OPT_BACKEND,
	CMD_OPT_NETWORK,
	CMD_OPT_JSON,
	CMD_OPT_HELP,
	CMD_OPT_ACCEPT_PARTIAL,
	CMD_OPT_FORCE,
	CMD_OPT_CWD,
	CMD_OPT_ASK,
	CMD_OPT_YES_ONCE,
	CMD_OPT_DENY,
	CMD_OPT_SESSION,
	CMD_OPT_QUIET, CMD_OPT_REPORT, CMD_OPT_STATUS_FD, /* run */
	CMD_OPT_GRANT, /* --grant CAPS:PATH; --deny CAPS:PATH is CMD_OPT_DENY */
	CMD_OPT_STATUS_DETAIL, CMD_OPT_ASK_FD, CMD_OPT_ANSWER_FD, /* run */
	CMD_OPT_PLATFORM, /* compile, explain, check, status */
	CMD_OPT_ANSWER_DENY, /* run --answer-deny (old spelling: --deny alone) */
	CMD_OPT_WIDE_WORKSPACE, /* --wide-workspace: see struct fsj_ctx_opts */
	CMD_OPT_LINES, /* check --lines FILE|- (check-lines.c) */
};
/* `fsjail check` verdicts as exit statuses (0 is allow). */
enum {
	CMD_EXIT_PROMPT = 3,
	CMD_EXIT_REFUSE = 4,
};

#define CMD_COMMON_LONGOPTS \
	{ "rules", required_argument, NULL, CMD_OPT_RULES }, \
	{ "config", required_argument, NULL, CMD_OPT_CONFIG }, \
	{ "workspace", required_argument, NULL, CMD_OPT_WORKSPACE }, \
	{ "wide-workspace", no_argument, NULL, CMD_OPT_WIDE_WORKSPACE }, \
	{ "mode", required_argument, NULL, CMD_OPT_MODE }, \
	{ "enforce", required_argument, NULL, CMD_OPT_ENFORCE }, \
	{ "help", no_argument, NULL, CMD_OPT_HELP }

/* --grant and --deny CAPS:PATH (session.h): run, check, explain, status. */
#define CMD_SESSION_LONGOPTS \
	{ "grant", required_argument, NULL, CMD_OPT_GRANT }, \
	{ "deny", required_argument, NULL, CMD_OPT_DENY }

/* --platform darwin|linux: build the policy another platform would get
 * (compile, explain, check, status). */
#define CMD_PLATFORM_LONGOPT { "platform", required_argument, NULL, CMD_OPT_PLATFORM }

/* --quiet of explain, check, compile and allow: no "fsjail: note:" lines
 * on stderr (errors are still said). run has its own --quiet. */
#define CMD_QUIET_LONGOPT { "quiet", no_argument, NULL, CMD_OPT_QUIET }
extern bool cmd_quiet;
/* "fsjail: note: TEXT" on stderr unless cmd_quiet or text is empty. */
void cmd_note(const char *text);
/* Issue 16: the tier note only where a tier matters. While cmd_note_hold
 * is true, cmd_note() keeps its (last) text instead of printing it;
 * cmd_note_release(show) prints it when show, forgets it, and clears
 * cmd_note_hold. */
extern bool cmd_note_hold;
void cmd_note_release(bool show);

/* Store a common option (--platform included; --deny only with its
 * argument) into opts. Returns 1 when opt was one of them, 0 otherwise. */
int cmd_common_option(int opt, const char *arg, struct fsj_ctx_opts *opts);

void cmd_print_error(const struct fsj_error *err); /* "fsjail: TEXT" on stderr */
/* The synopsis and one line per option of cmd (cmd_help.c); cmd NULL:
 * the overview of every command. */
void cmd_usage(FILE *out, const char *cmd);

/* After getopt_long() returned '?' (main() sets opterr to 0): say on
 * stderr, starting "fsjail: CMD:", which option of argv was wrong - an
 * unknown one, a missing or an unwanted argument - and where help is. */
void cmd_bad_option(const char *cmd, int argc, char **argv, const struct option *longopts);

/* COMMON options a command has no use for: given, they are refused. */
enum {
	CMD_COMMON_RULES = 1u << 0,
	CMD_COMMON_WORKSPACE = 1u << 1,
	CMD_COMMON_MODE = 1u << 2,
	CMD_COMMON_ENFORCE = 1u << 3,
};
/* Returns 0 when none of the COMMON options in which (CMD_COMMON_*) was
 * given in opts, else -1 after saying on stderr that it does not apply. */
int cmd_refuse_common(const char *cmd, const struct fsj_ctx_opts *opts, unsigned which);

/* A command that needs a workspace (run, explain, check, compile, probe)
 * started where the default one is refused ($HOME, /, a folder above
 * $HOME): say so on stderr, first line "fsjail: CMD: no workspace here:
 * WHY" and a hint, and return false. true when ctx has a workspace. */
bool cmd_have_workspace(const struct fsj_ctx *ctx, const char *cmd);
#define CMD_NO_WORKSPACE_HINT \
	"hint: cd into your project (the top of its git work tree is the workspace), or name " \
	"one with --workspace DIR; 'fsjail status' says which and why\n"

/* The tier explain, compile and check work at: --tier when given
 * (tier_arg non-NULL), else the tier `fsjail run` would take for enforce:
 * the one the cached probe proved for this context (no probe is run);
 * without a cached result, the demanded tier (guarded for auto) with a
 * note on stderr; guarded for enforce off (explanation only), with a note
 * on stderr that run confines nothing. Returns the tier, or -1 when
 * tier_arg is not a tier name. */
int cmd_effective_tier(const struct fsj_ctx *ctx, const char *tier_arg);

/* "allow" -> FSJ_NETWORK_ALLOW, "deny" -> FSJ_NETWORK_DENY, else -1. */
int cmd_parse_network(const char *arg);

#endif
