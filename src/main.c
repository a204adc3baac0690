/* main.c - fsjail: run a command tree inside a kernel-enforced filesystem
 * sandbox. Dispatches to cmd_<name>() through a sorted table (git.c). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "inforce.h"
#include "landlock.h"
#include "prefault.h"
#include "sandbox.h"
#include "shparse.h"
#include "timing.h"
#include "util.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	/* sorted by name */
	{ "allow", cmd_allow },
	{ "backups", cmd_backups },
	{ "check", cmd_check },
	{ "compile", cmd_compile },
	{ "explain", cmd_explain },
	{ "log", cmd_log },
	{ "probe", cmd_probe },
	{ "run", cmd_run },
	{ "status", cmd_status },
};

static void print_version(void)
{
	printf("fsjail %s\n", PACKAGE_VERSION);
	printf("backend: %s\n", fsj_backend_name(fsj_backend_native()));
#ifdef __linux__
	printf("landlock ABI: %d\n", ll_abi());
#endif
	printf("tree-sitter-bash language ABI: %u\n", shparse_language_version());
}

int main(int argc, char **argv)
{
	timing_mark("exec, loader");
	prefault_start();
	fsj_invoked_as = argv[0];
	/* option errors: "fsjail: CMD: ..." (cmd_bad_option), not getopt's */
	opterr = 0;
	if (argc < 2) {
		cmd_usage(stderr, NULL);
		return FSJ_EXIT_ERROR;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
		print_version();
		return FSJ_EXIT_OK;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		cmd_usage(stdout, argc > 2 ? argv[2] : NULL);
		return FSJ_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "fsjail: '%s' is not an fsjail command (see 'fsjail --help')\n", argv[1]);
	return FSJ_EXIT_ERROR;
}
