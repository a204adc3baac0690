/* path-memo.h - what path_resolve() and the Landlock compiler looked up
 * while path_resolve_memo(PATH_MEMO_ON) holds (path.h; issue 18): each rule
 * path resolved once, each existing folder on the way lstat(2)ed once, for
 * the rules, the policy, the broker's fence and the sandbox. Only in
 * path_resolve_memo()'s span and on its thread (others see it off). */
#ifndef FSJAIL_PATH_MEMO_H
#define FSJAIL_PATH_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* path_resolve()'s earlier answer for abs (a new string, caller frees),
 * or NULL when the memo is not on or has none. */
char *path_memo_resolved(const char *abs);

/* Keep resolved as the answer for abs (both copied), when the memo is on;
 * live: resolved names something that exists, reached with no part of it
 * taken lexically (every component was looked up). */
void path_memo_keep(const char *abs, const char *resolved, bool live);

bool path_memo_active(void); /* whether the memo is on */

/* The kept answer for the first len bytes of abs (not copied: valid until
 * the memo changes) and its live flag, or NULL. */
const char *path_memo_prefix(const char *abs, size_t len, bool *live);

/* lstat(2) of path into *st: 0, or -1 with errno set. While the memo is
 * on, a folder (S_ISDIR; never a symlink, a file or a failure, which
 * fsjail's own mkdir or unlink in the span could make stale) is answered
 * from memory after its first lstat. _kept(): only what that kept is
 * answered from memory, nothing new is kept (the repository walk). */
int path_memo_lstat(const char *path, struct stat *st);
int path_memo_lstat_kept(const char *path, struct stat *st);

#endif
