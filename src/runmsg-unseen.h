/* runmsg-unseen.h - refusals Landlock makes unseen (fsjail(1) REFUSALS:
 * a refused read or execute is not listed without tracing) that fsjail
 * can name itself from the command line and the policy: the command's
 * own execve, and an interactive bash's ~/.bashrc (user17). */
#ifndef FSJAIL_RUNMSG_UNSEEN_H
#define FSJAIL_RUNMSG_UNSEEN_H

#include <stdbool.h>

#include "policy.h"

/* The command itself was refused execution (EACCES) at found, where
 * fsjail's PATH search finds it (launch_last_exec_denied()): when pol
 * does not grant executing it (or grants it without read, which Landlock
 * needs too), record that as a refusal of the run (refusal_record()), so
 * the summary names the level, the rule and the grant. Nothing when the
 * policy grants both (a mode, a noexec mount refused it). */
void runmsg_exec_refused(const struct fsj_policy *pol, const char *found);

/* Before the command starts: when argv (NULL-terminated, borrowed) runs
 * an interactive bash (bash -i, or bash alone on a terminal) that reads
 * ~/.bashrc (no --norc, --rcfile, --init-file, --posix, --login or -l),
 * home/.bashrc exists and pol refuses reading it at a tier that enforces
 * reads, say so on stderr, once, with the deciding entry and its note and
 * the two ways on: bash --rcfile FILE -i with a file in the workspace, or
 * --grant read: on the file. bash's own "Permission denied" follows it.
 * Nothing when quiet or home is NULL. */
void runmsg_bashrc_unread(const struct fsj_policy *pol, const char *home, char *const *argv,
			  bool quiet);

#endif
