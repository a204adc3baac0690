/* cmd_help.c - usage and option text of every subcommand (cmd.h):
 * `fsjail COMMAND --help` prints the synopsis (the man page's SYNOPSIS
 * repeats it word for word, tests/integration/t0051) and one line per
 * option. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

#define QUIET_HELP "  --quiet             no notes on stderr (errors are still said)\n"
#define WIDE_HELP "  --wide-workspace    allow a --workspace of /, /home, $HOME or above it\n"
#define GRANT_HELP \
	"  --grant CAPS:PATH   allow CAPS at PATH for this command only (a session rule,\n" \
	"                      never written; protected paths still win); repeatable\n" \
	"  --deny CAPS:PATH    deny CAPS at PATH for this command only; repeatable\n"

static const struct {
	const char *name;
	const char *synopsis;
	const char *options; /* one line per option of the command */
} usages[] = {
	{ "allow", "fsjail allow [--rules FILE] [--config FILE] [--workspace DIR] [--wide-workspace] [--enforce ENFORCE] [--json] [--quiet] [list | add CAPS PATH [folder|file] | remove N | clear]",
	  "  --rules FILE        the rules file to list or change (default: the config's)\n"
	  "  --config FILE       config file (default $XDG_CONFIG_HOME/fsjail/config.yaml)\n"
	  "  --workspace DIR     relative rule paths are relative to DIR\n" WIDE_HELP
	  "  --enforce ENFORCE   add: the tier whose protected paths are checked\n"
	  "  --json              list: print the rules as JSON (fsjail-json(7), fsjail-allow/1)\n" QUIET_HELP
	  "  CAPS                read,write,create,delete,execute,connect or all\n"
	  "  PATH                relative to the workspace; folder|file: recursive or not\n" },
	{ "backups", "fsjail backups [list|show|restore|prune] [--config FILE] [--workspace DIR] [--wide-workspace] [--session ID] [--cycle CYCLE] [--dry-run] [--force] [--json] [--older-than DAYS] [--max-size MB] [PATH...]",
	  "  --config FILE       config file (it may move the backup store)\n"
	  "  --workspace DIR     cycles of that workspace (default: the current one)\n" WIDE_HELP
	  "  --session ID        cycles of that session only (list, show, restore, prune)\n"
	  "  --cycle CYCLE       that cycle (list, show, restore)\n"
	  "  --dry-run           say what would be done (restore, prune)\n"
	  "  --force             restore: accepted for old scripts; restore always writes in\n"
	  "                      place and keeps what it overwrites\n"
	  "  --json              print JSON (list, show, restore; fsjail-json(7))\n"
	  "  --older-than DAYS   prune cycles older than DAYS (default: config)\n"
	  "  --max-size MB       prune oldest cycles until the store is under MB\n"
	  "  PATH...             restore only these paths\n" },
	{ "check", "fsjail check [COMMON] [--platform darwin|linux] [--tier TIER] [--json] [--cwd DIR] [--grant CAPS:PATH] [--deny CAPS:PATH] [--quiet] {-- COMMAND-LINE|- | --lines FILE|-}",
	  "  --platform PLATFORM darwin or linux: the policy that platform would get\n"
	  "  --tier TIER         decide at TIER (default: the tier run would take)\n"
	  "  --json              print JSON (fsjail-json(7), fsjail-check/1)\n"
	  "  --cwd DIR           the directory the line would run in\n" GRANT_HELP QUIET_HELP
	  "  COMMAND-LINE|-      the shell line, or - to read it from standard input\n"
	  "  --lines FILE|-      many lines, one request per line of FILE: a JSON string\n"
	  "                      or {line, cwd, workspace, env}; one answer each\n" },
	{ "compile", "fsjail compile [COMMON] [--platform darwin|linux] [--backend seatbelt|landlock] [--tier TIER] [--network allow|deny] [--quiet]",
	  "  --platform PLATFORM darwin or linux: the policy that platform would get\n"
	  "  --backend BACKEND   compile for seatbelt or landlock (default: this system's)\n"
	  "  --tier TIER         compile TIER (default: the tier run would take)\n"
	  "  --network SETTING   allow or deny network access (default: config)\n" QUIET_HELP },
	{ "explain", "fsjail explain [COMMON] [--platform darwin|linux] [--tier TIER] [--json] [--grant CAPS:PATH] [--deny CAPS:PATH] [--quiet] PATH...",
	  "  --platform PLATFORM darwin or linux: the policy that platform would get\n"
	  "  --tier TIER         decide at TIER (default: the tier run would take)\n"
	  "  --json              print JSON (fsjail-json(7), fsjail-explain/1)\n" GRANT_HELP QUIET_HELP },
	{ "log", "fsjail log [--config FILE] [--workspace DIR] [--wide-workspace] [--session ID] [--json] [--tail N]",
	  "  --config FILE       config file (it may move the audit log: audit.path)\n"
	  "  --workspace DIR     the runs in workspace DIR only, with their sessions' lines\n" WIDE_HELP
	  "  --session ID        decisions of that session only\n"
	  "  --json              the lines as JSON (fsjail-json(7), fsjail-log/1)\n"
	  "  --tail N            the last N lines only\n" },
	{ "probe", "fsjail probe [COMMON] [--backend landlock|seatbelt|null] [--force] [--json]",
	  "  --backend BACKEND   probe that backend (default: this system's)\n"
	  "  --force             probe again even with a valid cached result\n"
	  "  --json              print JSON (fsjail-json(7), fsjail-probe/1)\n" },
	{ "run", "fsjail run [COMMON] [--backend landlock|seatbelt|null] [--network allow|deny] [--accept-partial] [--ask|--yes-once|--answer-deny] [--ask-fd N --answer-fd N] [--grant CAPS:PATH] [--deny CAPS:PATH] [--session ID] [--quiet] [--report FILE] [--status-fd N] [--status-detail] -c LINE | -- COMMAND [ARG...]",
	  "  --backend BACKEND   landlock, seatbelt or null (no sandbox: testing only)\n"
	  "  --network SETTING   allow or deny network access (default: config)\n"
	  "  --accept-partial    run although the kernel enforces the policy only in part\n"
	  "  --ask               decide the command first; ask on the terminal for what\n"
	  "                      the rules do not grant (deny, once, always)\n"
	  "  --yes-once          as --ask, answering once (a harness's choice)\n"
	  "  --answer-deny       as --ask, answering deny (a harness's choice)\n"
	  "  --ask-fd N          as --ask, the request as one JSON line on descriptor N\n"
	  "  --answer-fd N       ... and its answer, one line, read from descriptor N\n" GRANT_HELP
	  "  --session ID        join (or name) the broker session ID\n"
	  "  --quiet             no summary of refusals, no notes on stderr\n"
	  "  --report FILE       one JSON line per refusal (fsjail-refusal/1) and per thing\n"
	  "                      planted (fsjail-planted/1) into FILE\n"
	  "  --status-fd N       the run's status records on descriptor N (fsjail-run/1)\n"
	  "  --status-detail     backup and trash records too (with --status-fd)\n"
	  "  -c LINE             run bash -c LINE\n" },
	{ "status", "fsjail status [COMMON] [--platform darwin|linux] [--backend landlock|seatbelt|null] [--json] [--grant CAPS:PATH] [--deny CAPS:PATH]",
	  "  --platform PLATFORM darwin or linux: the policy that platform would get\n"
	  "  --backend BACKEND   report for that backend (default: this system's)\n"
	  "  --json              print JSON (fsjail-json(7), fsjail-status/1)\n" GRANT_HELP },
};

static const char common_help[] =
	"COMMON options:\n"
	"  --rules FILE        rules file (default $XDG_CONFIG_HOME/fsjail/rules.yaml)\n"
	"  --config FILE       config file (default $XDG_CONFIG_HOME/fsjail/config.yaml)\n"
	"  --workspace DIR     the workspace (default: config 'workspace', else the top of the git\n"
	"                      work tree holding the current directory, else the current directory)\n"
	"  --mode MODE         workspace-write (default) or read-only\n"
	"  --enforce ENFORCE   auto, full, guarded, process, writes or off\n"
	"  --wide-workspace    allow a --workspace of /, /home, $HOME or a folder above it\n";

void cmd_usage(FILE *out, const char *cmd)
{
	if (cmd) {
		for (size_t i = 0; i < sizeof(usages) / sizeof(usages[0]); i++) {
			if (strcmp(usages[i].name, cmd) == 0) {
				fprintf(out, "usage: %s\n\noptions:\n%s  --help              this text\n",
					usages[i].synopsis, usages[i].options);
				if (strstr(usages[i].synopsis, "[COMMON]"))
					fprintf(out, "\n%s", common_help);
				return;
			}
		}
	}
	fprintf(out, "usage: fsjail [--version] [--help] COMMAND [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(usages) / sizeof(usages[0]); i++)
		fprintf(out, "  %s\n", usages[i].synopsis);
	fprintf(out, "\n%s", common_help);
}

void cmd_bad_option(const char *cmd, int argc, char **argv, const struct option *longopts)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";

	/* getopt leaves the word it stopped at before optind; a long
	 * option is looked up again to tell what was wrong with it */
	if (strncmp(arg, "--", 2) == 0) {
		size_t n = strcspn(arg + 2, "=");
		const struct option *o;

		for (o = longopts; o->name; o++)
			if (strlen(o->name) == n && strncmp(o->name, arg + 2, n) == 0)
				break;
		if (o->name && o->has_arg == required_argument && !arg[2 + n])
			fprintf(stderr, "fsjail: %s: option '--%s' needs an argument\n", cmd,
				o->name);
		else if (o->name && o->has_arg == no_argument && arg[2 + n])
			fprintf(stderr, "fsjail: %s: option '--%s' takes no argument\n", cmd,
				o->name);
		else
			fprintf(stderr, "fsjail: %s: unknown option '%s' (or an ambiguous "
					"abbreviation)\n", cmd, arg);
	} else if (optopt > 0 && optopt < 128) {
		fprintf(stderr, "fsjail: %s: bad option '-%c' (unknown, or its argument is "
				"missing)\n", cmd, optopt);
	} else {
		fprintf(stderr, "fsjail: %s: bad option '%s'\n", cmd, arg);
	}
	fprintf(stderr, "hint: 'fsjail %s --help' lists its options\n", cmd);
}

int cmd_refuse_common(const char *cmd, const struct fsj_ctx_opts *opts, unsigned which)
{
	const char *given = (which & CMD_COMMON_RULES) && opts->rules_file ? "--rules"
			    : (which & CMD_COMMON_WORKSPACE) && opts->workspace ? "--workspace"
			    : (which & CMD_COMMON_MODE) && opts->mode       ? "--mode"
			    : (which & CMD_COMMON_ENFORCE) && opts->enforce ? "--enforce"
									    : NULL;

	if (!given)
		return 0;
	fprintf(stderr, "fsjail: %s: %s does not apply to %s (see 'fsjail %s --help')\n", cmd,
		given, cmd, cmd);
	return -1;
}
