/* git-env.h - whether a GIT_* assignment in a shell line may move what
 * git works on, for the command-effects analyser (struct sh's git_env,
 * effects-int.h; prog-git.c then takes the repository for unknown). */
#ifndef FSJAIL_GIT_ENV_H
#define FSJAIL_GIT_ENV_H

#include <stdbool.h>

/* Whether the assignment assign ("NAME=VALUE" as the line spells it, value
 * quoted or not; NUL-terminated) may change which repository, work tree,
 * index or configuration git uses, or what else it reads and writes
 * (git(1), ENVIRONMENT). false for a name that is not GIT_*; for one
 * that sets an identity, a date or a prompt setting (GIT_AUTHOR_NAME,
 * GIT_TERMINAL_PROMPT...); and for GIT_PAGER, GIT_EDITOR and
 * GIT_SEQUENCE_EDITOR set to nothing, cat, true or ':'. Any other GIT_*
 * name, or one of those three with another value or one not known
 * (value_known false; an expansion or an escape in it), gives true.
 * No errors; assign NULL gives false. */
bool git_env_moves(const char *assign, bool value_known);

#endif
