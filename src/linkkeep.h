/* linkkeep.h - every symbolic link the run made is looked at again once
 * the command has ended, where it is then and where it leads then
 * (linkto.h says why a link may not lead somewhere).
 *
 * Why. The listener checks a link when it is made (notify-linkto.c), but
 * where a link leads follows the tree, not the moment: a text
 * "w/../../.git/hooks/pre-commit" made in a/b where w is missing leads to
 * a/.git/hooks (nothing); a later `ln -s . a/b/w` (a link to a folder
 * holding nothing protected) makes it lead to the workspace's
 * .git/hooks/pre-commit, which the host's editor or `git format-patch`
 * then writes (att33). The same for a folder holding relative links moved
 * to another depth, a folder made a link or a link made a folder, a
 * repository made after the link (its hooks/ are its metadata), and any
 * race between the check and the tree. Host tools follow links after the
 * run, when nothing changes the tree any more: so the run's own links are
 * kept (an O_PATH descriptor, which follows renames of the link and of
 * every folder above it) and judged again in the final tree; one that
 * leads where linkto_refused() refuses, or into a gitdir, or that cannot
 * be judged, is removed and said.
 *
 * Thread-safe (the listener and the broker note links). Linux only. */
#ifndef FSJAIL_LINKKEEP_H
#define FSJAIL_LINKKEEP_H

#include <stdbool.h>
#include <stdio.h>

#include "policy.h"

/* Keep the symbolic link name in folder dir (not closed here) for
 * linkkeep_sweep(); nsfd (not closed here, -1: none) is the mount
 * namespace the folder was reached in: a duplicate is kept so that its
 * mounts, and the paths of the kept links, stay whole after the command's
 * last process has gone. Returns true when kept, false (errno set: no
 * descriptor left, the name is not a symbolic link) when it is not: the
 * caller removes the link then (fail closed). */
bool linkkeep_note(int dir, const char *name, int nsfd);

/* linkkeep_note() for every symbolic link with a relative text in the
 * tree below folder dir (not closed here), which was just moved: where
 * those texts lead changed with the folder's depth. At most max entries
 * are looked at, 32 folders deep. Returns 0, or -1 when the tree was
 * larger, deeper or could not be read whole, or a link could not be kept
 * (the caller says so). */
int linkkeep_note_tree(int dir, int nsfd, size_t max);

/* After the command (and every process that could change the tree) has
 * ended: judge each kept link against pol where it is and leads now,
 * remove those refused (a line on out for each), close every descriptor
 * kept. Returns how many were removed. Never fails; safe to repeat. */
size_t linkkeep_sweep(const struct fsj_policy *pol, FILE *out);

#endif
