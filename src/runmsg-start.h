/* runmsg-start.h - the notes fsjail run says before the command starts,
 * about reads the policy refuses that the command will need and that
 * Landlock refuses unseen (fsjail(1) REFUSALS). */
#ifndef FSJAIL_RUNMSG_START_H
#define FSJAIL_RUNMSG_START_H

#include <stdbool.h>

#include "policy.h"
#include "runmsg-unseen.h"

/* Before the command starts, on stderr, nothing when quiet or pol is NULL:
 * runmsg_bashrc_unread(pol, home, argv, quiet), then the note of
 * runmsg_gitdir_unread(pol, ws). All arguments borrowed. */
void runmsg_start_notes(const struct fsj_policy *pol, const char *home, const char *ws,
			char *const *argv, bool quiet);

/* When the workspace ws (normalised, resolved absolute path, borrowed)
 * has no .git of its own but lies in a git work tree (the nearest
 * ancestor folder holding a .git, found by one lstat per level) whose
 * .git pol refuses reading at a tier that enforces reads, say so once on
 * stderr, escaped: git in the workspace says "not a git repository"
 * (msg29: cd repo/pkg; fsjail run --workspace . -- git status). Names the
 * repository, the deciding entry, and the two ways on: run from the top
 * of the work tree, or --grant read: on its .git. No walk when ws holds
 * a .git (the top of a work tree). */
void runmsg_gitdir_unread(const struct fsj_policy *pol, const char *ws);

#endif
