/* gitcfg.h - is a rewrite of a git config file a change of its branch
 * and submodule sections only? (issue 12 item 2: git writes branch
 * tracking, renames and submodule urls into the protected
 * <gitdir>/config; notify-gitcfg.c accepts such a rewrite.) Pure: bytes in, verdict out, no I/O. Follows git's
 * config syntax (git-config(1) "CONFIGURATION FILE", config.c), read
 * conservatively: whatever this reader is unsure of is refused. */
#ifndef FSJAIL_GITCFG_H
#define FSJAIL_GITCFG_H

#include <stdbool.h>
#include <stddef.h>

#include "gitcfg-head.h"     /* gitcfg_head_ok() */
#include "gitcfg-worktree.h" /* gitcfg_change_ok() */

/* Largest config file either side may be (bytes); larger: refused. */
#define GITCFG_MAX_SIZE (256u * 1024u)

/* old (old_len bytes) is the config file as it is, new (new_len bytes)
 * the one the command wants in its place. True when:
 * - neither holds a NUL byte, a carriage return, \v, \f or a line
 *   ending in a backslash (a continuation line, which could join a
 *   header to the value before it), and both are at most
 *   GITCFG_MAX_SIZE bytes;
 * - with every branch section taken out of each (from a header line
 *   naming section "branch", any case, up to the next header line),
 *   what is left is byte-identical;
 * - every branch section of new is strict: a header line exactly
 *   `[branch "NAME"]` (NAME of [A-Za-z0-9._/+@-], not starting with '-'),
 *   then only lines exactly `\tKEY = VALUE` with KEY one of remote,
 *   pushRemote, merge, rebase, description (any case) and VALUE checked
 *   per key (gitcfg.c);
 * - likewise for [submodule "NAME"] sections (also [submodule.NAME]; not
 *   a plain [submodule]): taken out with the branch sections, and each
 *   that is not byte-identical to the old file's section of that header
 *   is strict: header exactly `[submodule "NAME"]` (no ".."), lines
 *   `\turl = URL` (gitcfg_url_ok(), and one the old section has when it
 *   sets an url) and `\tactive = true|false` only.
 * Otherwise false, with *why (when why is not NULL) a static sentence
 * saying what was refused. */
bool gitcfg_branch_only_change(const char *old, size_t old_len, const char *new, size_t new_len,
			       const char **why);

#endif
