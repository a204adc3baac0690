/* cmd_backups_id.c - what `fsjail backups` says when it is given, where
 * no argument or a path goes, what 'backups list' prints in its first two
 * columns (cmd_backups_id.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd_backups_id.h"

/* The option that takes arg, when arg has the shape of what 'backups
 * list' prints in its first two columns: "--session" (32 hex digits),
 * "--cycle" (YYYYMMDDTHHMMSS.micro-pid); else NULL. */
static const char *id_option(const char *arg)
{
	size_t n = strlen(arg), i;

	if (n == 32 && strspn(arg, "0123456789abcdef") == 32)
		return "--session";
	for (i = 0; i < 15 && n > 15; i++)
		if (!(i == 8 ? arg[i] == 'T' : arg[i] >= '0' && arg[i] <= '9'))
			return NULL;
	if (i == 15 && arg[15] == '.' && strspn(arg + 16, "0123456789-") == n - 16 &&
	    strchr(arg + 16, '-'))
		return "--cycle";
	return NULL;
}

void cmd_backups_id_unexpected(const char *action, const char *arg)
{
	const char *o = id_option(arg);

	if (o)
		fprintf(stderr, "fsjail: backups %s: give the %s as %s %s\n", action, o + 2, o,
			arg);
	else
		fprintf(stderr, "fsjail: backups %s: unexpected argument '%s' (paths go "
				"with restore)\n", action, arg);
}

void cmd_backups_id_hints(int argc, char **argv, int first, char **paths)
{
	/* 'restore ID' with what list printed: a path to restore */
	for (int k = first; k < argc; k++)
		if (id_option(argv[k]) && access(paths[k - first], F_OK) < 0)
			fprintf(stderr, "hint: '%s' is a %s of 'backups list', not a path: "
					"fsjail backups restore %s %s\n", argv[k],
				id_option(argv[k]) + 2, id_option(argv[k]), argv[k]);
}
