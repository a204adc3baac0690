/* absentid.h - the folders the policy's rules live in, by identity, so
 * that a decision about a name is the same whichever mount the command
 * reaches its folder through (issue 12 items 2 and 3; att30, alias26).
 *
 * The listener and the broker decide on a path string: the kernel's path
 * of the folder they hold (in the command's view) plus the final name.
 * A folder in view through a second mount (a bind of the workspace under
 * /var/tmp, a second mount of the disk) has a second path, and a rule
 * written for the first one does not cover it: `.git/commondir`, kept
 * absent by a protected rule, was made through such a mount, and git then
 * took its config and hooks from anywhere. Mount masks cover existing
 * objects at every mount (mask-alias.c); a name that does not exist yet
 * has nothing to mask, so its decision must find the rule by identity.
 *
 * THE MECHANISM. Before the run, each existing folder on the way to
 * each rule path (its resolved spelling) is stat(2)ed and its (st_dev,
 * st_ino) kept with its host spelling ("keys"). A bind mount shares the
 * filesystem's inodes (same st_dev, same st_ino), so whatever mount the
 * command uses, a folder it holds is a key folder exactly when it has the
 * key's identity. For a name N in a held folder D, the walk goes from D
 * up through ".." (each step checked to be the named child, as
 * notify-repo.c does) to the first key whose spelling still names that
 * folder in the host's view (a folder renamed during the run is no longer
 * at its rule's path: its key is passed by); the host spelling of D is
 * that key's plus the names walked. Folders the run makes or replaces
 * below a key are walked through, so a kept-absent name cannot be reached
 * by removing its folder and making it again. The callers decide on that
 * spelling too: a rule at the host spelling refuses as at its own path.
 *
 * Why this is enough: a name the policy keeps absent is a rule path (or
 * lies above or below one: guarded names); every existing folder on its
 * way is a key; another mount shows the same folders, so the walk from
 * wherever the command holds one of its folders meets the same keys, and
 * a mount root cannot be removed or renamed while mounted. Nothing
 * compares a path string of the command's view with a rule for a key
 * folder: only identities and the names walked.
 *
 * Cost: a few system calls per level between the held folder and its
 * nearest key (the workspace, a folder holding a rule), and a stat(2) of
 * the key's spelling, for each call the listener or the broker decides;
 * none where the mount table at the start shows every key's filesystem
 * once (may_alias() in absentid.c): then no folder has a second path
 * (1,000 creates six folders deep cost a third more with the walk).
 *
 * Fail closed: a held folder whose identity cannot be read, or a walk
 * whose folders do not hold each other by the names of the kernel's path
 * (a rename during the call), is an error; callers refuse the call.
 *
 * Not covered: a rule added after absentid_new() is not keyed; a
 * filesystem that gives one folder two identities through two mounts
 * (overlayfs over the workspace, a FUSE view) is not the same folder to
 * this table; an existing file or folder seen through another mount is
 * the mount masks' (mask-alias.c), not this table's. */
#ifndef FSJAIL_ABSENTID_H
#define FSJAIL_ABSENTID_H

#include <stddef.h>

#include "policy.h"

struct absentid;

/* The keys of every rule of pol (see the file comment), read now through
 * the host's view: call it once the policy is complete, before the
 * command runs. Returns a new table (caller frees with absentid_free());
 * never NULL. No errors: a rule path whose folders cannot be looked at
 * (EACCES) gives no key, as the command (same identity) cannot reach
 * them either. */
struct absentid *absentid_new(const struct fsj_policy *pol);
void absentid_free(struct absentid *t);

/* For the unit tests: t walks as if a key folder were in view through
 * another mount (absentid_new() decides it from the mount table). */
void absentid_assume_aliases(struct absentid *t);

/* The run's table, for the listener and the broker: set once before
 * their threads start (cmd_run.c), read-only after. t is borrowed; NULL
 * clears it. absentid_run() returns it, or NULL (no table: paths only). */
void absentid_set_run(const struct absentid *t);
const struct absentid *absentid_run(void);

/* The host spellings of the folder dir (a descriptor, O_PATH accepted,
 * in any mount namespace) whose path is dir_path (the kernel's, absolute
 * and normalised), found by identity: into out[0..max) each spelling
 * that differs from dir_path, as new strings (the caller frees each).
 * Returns how many (0: a key spelled as dir_path, or no key up to "/"),
 * or -1 with errno when the folder cannot be identified: fstat(2) failed
 * (its errno), the walk met a folder that does not hold the one below by
 * its name (ESTALE), or more than max spellings (E2BIG). */
int absentid_spell(const struct absentid *t, int dir, const char *dir_path, char **out,
		   size_t max);

#endif
