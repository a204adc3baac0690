/* bash-argv.h - what a bash command line will do at start (bash-argv.c;
 * bash(1), INVOCATION), read by fsjail before the command starts
 * (runmsg-unseen.c: the note on an unreadable ~/.bashrc). */
#ifndef FSJAIL_BASH_ARGV_H
#define FSJAIL_BASH_ARGV_H

#include <stdbool.h>

/* true when argv (NULL-terminated, borrowed; argv[0] named bash, any
 * folder) runs an interactive bash that reads ~/.bashrc: -i among the
 * leading options (-ic too), or no operand and no -c while this process's
 * standard input and error are both terminals (the command inherits
 * them); not with --norc, --rcfile, --init-file, --posix, --login or -l.
 * The word after -o, -O, +o or +O is that option's, not an operand.
 * No error. */
bool bash_argv_reads_bashrc(char *const *argv);

#endif
