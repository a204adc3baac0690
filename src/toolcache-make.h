/* toolcache-make.h - npm's cache folders made, empty, on the host before
 * a run that runs npm (msg32): with no ~/.npm yet (a new home), the run
 * got no copy of its own (toolcache.h: only a folder that exists is
 * mounted), npm's mkdir of ~/.npm was refused and `npm init`, `npm
 * install` failed on their first use. The folders npm would make itself
 * on the host are made instead, empty, before the policy is decided; the
 * run then writes its own copy of each, as with any existing cache. */
#ifndef FSJAIL_TOOLCACHE_MAKE_H
#define FSJAIL_TOOLCACHE_MAKE_H

#include <stdbool.h>

/* Whether a word of argv (NULL-terminated) is npm or npx: an argument
 * whose last path component is one, or a word of a shell line passed as
 * one argument (`sh -c 'cd app && npm install'`), delimited by blanks,
 * shell operators, quotes or a '/' before it. A heuristic: a program
 * that runs npm itself (make) is not seen, and gets the refusal's hint. */
bool toolcache_runs_npm(char *const *argv);

/* In the supervisor, before the run's context is loaded: when
 * toolcache_runs_npm(argv), home is absolute and the private copies can be
 * mounted (Landlock, mount masks), make home/.npm and in it _cacache and
 * _logs (mode 0700, each only where absent; not _npx, whose absence the
 * baseline keeps: what npx keeps there runs), through a descriptor on home
 * opened without following any symlink (mask_open_exact()) and
 * mkdirat()/openat() with O_NOFOLLOW below it: a symlink anywhere makes
 * nothing. Says what it made on stderr unless quiet. Returns the number of
 * folders made; 0 when none was needed, allowed or possible. */
int toolcache_make_npm(const char *home, char *const *argv, bool quiet);

#endif
