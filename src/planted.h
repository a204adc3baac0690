/* planted.h - one thing a run left in the workspace that a program on
 * the host runs by itself later, outside any sandbox: a file an editor
 * or agent runs (autorun.h), a git repository the command made, a .git
 * file that points git elsewhere (repometa.h). Their warners say each on
 * stderr and hand it to a recorder (runmsg_planted(): the --report line
 * fsjail-planted/1, the "planted" record of --status-fd and an audit
 * line; fsjail-json(7)). A type only: the warners do not call up into
 * the run's streams. */
#ifndef FSJAIL_PLANTED_H
#define FSJAIL_PLANTED_H

#include <stdbool.h>

struct planted {
	const char *kind;      /* "autorun-file", "repository", "git-pointer", "hooks-folder" */
	const char *change;    /* "made", "changed" or "removed" */
	const char *path;      /* absolute: the file, the gitdir, the .git file */
	const char *work_tree; /* the work tree it belongs to, or NULL */
	bool new_work_tree;    /* work_tree was made by the run */
	const char *target;    /* a .git file's gitdir (resolved), or NULL */
	const char *tool;      /* what runs it: "vscode", "claude-code", "git"... */
	const char *runs;      /* what it makes that tool run, for people */
};

/* Where a warner hands each one (NULL: nowhere). p and its strings are
 * borrowed for the call. */
typedef void planted_fn(const struct planted *p);

#endif
