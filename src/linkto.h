/* linkto.h - where a symbolic link the run makes may lead: the test the
 * seccomp listener (notify-linkto.c) and the broker (broker-hostop.c)
 * apply before a call makes a link appear (symlink(2), a link(2) or a
 * rename of a symbolic link, the broker's link and rename).
 *
 * Why. A link outlives the run, and tools outside any sandbox open it by
 * its name and follow it: a harness's read or edit tool, `git
 * format-patch` writing 0001-SUBJECT.patch, an editor's save, `cp` onto
 * it. A link the command made to ~/.ssh/id_ed25519 shows the key to the
 * next host tool that reads the name; one to ~/.bashrc or .git/hooks/x
 * lets the next host tool that writes the name plant code the user's
 * shell or git runs (att31). So a link the run makes may not lead:
 *  - where the run itself may not read (when its tier enforces reads);
 *  - to a path protected from writes by a rule that lies in the
 *    workspace, a user-data root or another folder outside the system
 *    trees (shell start-up files, git's global config, repository
 *    metadata, fsjail's own state, python's user site-packages);
 *  - to an absent path a system tree's protection keeps from being made
 *    (a host tool run as root creating /etc/profile.d/x.sh). Existing
 *    files of the system trees stay linkable: a venv's bin/python3 ->
 *    /usr/bin/python3, a localtime -> /usr/share/zoneinfo/UTC;
 *  - to a folder holding a path of the first two kinds (a link x -> ~
 *    turns an earlier, harmless l -> x/.bashrc into one to ~/.bashrc; a
 *    link to the workspace's top reaches .git/hooks).
 * The caller resolves the link's text in the command's view from the
 * folder the link is (or will be) in: links that exist are followed, the
 * missing rest is applied lexically. */
#ifndef FSJAIL_LINKTO_H
#define FSJAIL_LINKTO_H

#include <stdbool.h>

#include "policy.h"

/* Whether pol refuses a link that leads to target (an absolute,
 * normalised path in the command's view; exists: something is there
 * now). Returns NULL when the link may be made, else a static reason;
 * *d then gets the decision that refused (its rule, for the report). */
const char *linkto_refused(const struct fsj_policy *pol, const char *target, bool exists,
			   struct fsj_decision *d);

/* Whether a link's text climbs out of a name with ".." ("w/../x",
 * "a/./../x"): where it leads then changes when the name becomes a link
 * (w -> . turns "w/../../.git/hooks/x" into the workspace's hooks), after
 * the run too, where linkkeep.h no longer looks. Such a text is refused
 * (att33); leading "../" and "./" are not. Reads text only. */
bool linkto_text_redirectable(const char *text);

#endif
