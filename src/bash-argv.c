/* bash-argv.c - see bash-argv.h (moved out of runmsg-unseen.c). Two
 * misreadings fixed (tidy23, t0416): bash on a terminal whose standard
 * error is not one is not interactive and reads no ~/.bashrc, yet got the
 * note; and the argument of -o or -O (bash -o vi -i) ended the options,
 * so -i after it was missed. */
#include <string.h>
#include <unistd.h>

#include "bash-argv.h"

bool bash_argv_reads_bashrc(char *const *argv)
{
	const char *base = argv[0] ? strrchr(argv[0], '/') : NULL;
	bool interactive = false, operand = false;

	if (!argv[0] || strcmp(base ? base + 1 : argv[0], "bash") != 0)
		return false;
	for (size_t i = 1; argv[i] && !operand; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--norc") == 0 || strcmp(a, "--rcfile") == 0 ||
		    strcmp(a, "--init-file") == 0 || strcmp(a, "--posix") == 0 ||
		    strcmp(a, "--login") == 0)
			return false;
		if ((a[0] == '-' || a[0] == '+') && (a[1] == 'o' || a[1] == 'O') && !a[2]) {
			if (argv[i + 1])
				i++; /* the option's argument: a name, not an operand */
		} else if (a[0] != '-' || strcmp(a, "-") == 0 || strcmp(a, "--") == 0) {
			operand = true; /* a script (its arguments follow), or the end of options */
		} else if (a[1] != '-' && (strchr(a, 'l') || strchr(a, 'c'))) {
			return strchr(a, 'l') ? false : interactive || strchr(a, 'i') != NULL;
		} else if (a[1] != '-' && strchr(a, 'i')) {
			interactive = true;
		}
	}
	/* bash(1): interactive is "standard input and error ... both
	 * connected to terminals" */
	return interactive || (!operand && isatty(STDIN_FILENO) && isatty(STDERR_FILENO));
}
