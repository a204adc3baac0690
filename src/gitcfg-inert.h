/* gitcfg-inert.h - does a git config file hold only keys that make git
 * run or load nothing? (issue 12 item 2: a repository the command made in
 * this run may have its config written by git, but must not carry code
 * to the host's git.) Pure: bytes in, verdict out, no I/O. Follows git's
 * config syntax (git-config(1) "CONFIGURATION FILE", config.c), read
 * conservatively: whatever this reader is unsure of is refused. */
#ifndef FSJAIL_GITCFG_INERT_H
#define FSJAIL_GITCFG_INERT_H

#include <stdbool.h>
#include <stddef.h>

/* buf (len bytes, at most GITCFG_MAX_SIZE of gitcfg.h) is a config file
 * every key of which is on the allow-list of inert keys (gitcfg-inert.c
 * lists them; everything else, core.fsmonitor, core.hooksPath, include,
 * alias.*, url.*.insteadOf, drivers, credential and so on, is refused),
 * with url values that name no command transport ("ext::", "fd::", any
 * "NAME::" form) and do not start with '-'. Lines: a header exactly
 * `[section]` or `[section "sub"]` (nothing after the ']' but blanks or a
 * comment), a key line `KEY`, `KEY = VALUE`, a comment or a blank line;
 * NUL, \r, \v, \f and continuation lines are refused. Returns true when
 * inert; otherwise false with why (size whylen, may be NULL) set to a
 * sentence naming the rule and every refused key (the first four, then
 * "and N more"; at least 400 bytes hold it whole). */
bool gitcfg_inert(const char *buf, size_t len, char *why, size_t whylen);

/* The same for the config file in gitdir (absolute and resolved, as the
 * kernel names it; NULL: as gitcfg_inert()): core.worktree must also lead,
 * from gitdir, to the folder that holds the ".git" of gitdir's path or a
 * plain folder below it that is not a .git (git submodule add's
 * "../../../NAME" from SUPER/.git/modules/NAME), never above it. */
bool gitcfg_inert_at(const char *buf, size_t len, const char *gitdir, char *why, size_t whylen);

/* buf (len bytes) is a rebase or sequencer todo list (sequencer.c
 * todo_list_parse_insn_buffer()) with no line that runs a command: no
 * line whose first word is "exec" or "x" (any case), no NUL, \r, \v or
 * \f. Returns true when so; otherwise false with why as above. */
bool gitcfg_todo_inert(const char *buf, size_t len, char *why, size_t whylen);

/* v (n bytes) is a URL value that names no command transport ("ext::",
 * "fd::", any "NAME::" before the first ':' or '/'), does not start with
 * '-' and holds no quote or backslash. */
bool gitcfg_url_ok(const char *v, size_t n);

#endif
