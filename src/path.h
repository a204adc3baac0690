/* path.h - path normalisation and whole-component comparison
 * (DESIGN.md section 3). Pure string functions except path_resolve, which
 * reads symlinks from the filesystem. */
#ifndef FSJAIL_PATH_H
#define FSJAIL_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* Maximum length of a path fsjail accepts, in bytes, NUL excluded.
 * PATH_MAX (4096) is what the kernel accepts for one path argument. */
#define FSJ_PATH_MAX 4095

enum path_err {
	PATH_OK = 0,
	PATH_ERR_EMPTY = -1,      /* "" */
	PATH_ERR_NUL = -2,        /* an embedded NUL byte (len given) */
	PATH_ERR_RELATIVE = -3,   /* relative, and no base was given */
	PATH_ERR_TILDE_USER = -4, /* "~user/...": not supported */
	PATH_ERR_NO_HOME = -5,    /* "~" but home is NULL */
	PATH_ERR_TOO_LONG = -6,   /* longer than FSJ_PATH_MAX */
};

/* A one-line English description of e, for messages. Static string. */
const char *path_strerror(int e);

/* Lexically normalise the len bytes at in: expand a leading "~" or "~/"
 * with home, make a relative path absolute against base, remove "." and
 * repeated or trailing slashes, and apply ".." lexically (never above "/").
 * No filesystem access. On success *out is a new absolute path (caller
 * frees) and PATH_OK is returned; otherwise a negative enum path_err and
 * *out is NULL. home and base may be NULL; base must be absolute. */
int path_normalize(const char *in, size_t len, const char *home,
		   const char *base, char **out);

/* Resolve symlinks in the already normalised absolute path abs, as the
 * kernel would: the longest existing prefix goes through realpath(3), the
 * part that does not exist yet is appended and normalised lexically (a ".."
 * after a symlink is applied to the symlink's target). Returns a new string
 * (caller frees); never fails except out of memory. Follows at most 40
 * links, like the kernel (ELOOP); past that the lexical path is returned. */
char *path_resolve(const char *abs);

/* PATH_MEMO_ON: from now on path_resolve() answers a path it has resolved
 * before from memory, so a command resolving the same rule paths for its
 * rules, policy, the broker's fence and the sandbox walks each once
 * (issue 18). Only for a span in which nothing but fsjail itself changes
 * the filesystem (before the command runs) and only one thread runs.
 * PATH_MEMO_PAUSE: answers are neither used nor kept until PATH_MEMO_ON
 * again (while something else may change the filesystem and puts it
 * back, as a probe does); PATH_MEMO_OFF forgets every answer and ends the
 * span. Not thread-safe. */
enum path_memo { PATH_MEMO_OFF, PATH_MEMO_ON, PATH_MEMO_PAUSE };
void path_resolve_memo(enum path_memo mode);

/* Number of components: "/" is 0, "/a" is 1, "/a/b" is 2. */
size_t path_depth(const char *abs);

/* true when normalised absolute path p is prefix itself or lies beneath it,
 * comparing whole components: "/w/build" covers "/w/build/x" but not
 * "/w/build-2". "/" covers everything. */
bool path_covers(const char *prefix, const char *p);

/* Parent directory of normalised absolute path p as a new string (caller
 * frees); the parent of "/" is "/". */
char *path_dirname(const char *p);

/* Join a normalised absolute dir and one name component; caller frees. */
char *path_join(const char *dir, const char *name);

/* macOS's spelling of p: "/tmp/x" -> "/private/tmp/x", likewise /var and
 * /etc, which are symlinks into /private there (SBPL-NOTES.md section 6).
 * Lexical, so that a Mac's path can be spelled anywhere. A new string, or
 * NULL when p is under none of them. */
char *path_darwin_private(const char *p);

#endif
