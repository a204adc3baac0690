/* effects-opts.h - what an analysis of a command line (effects.h) is
 * told: the working directory, HOME, PATH, and the filesystem questions
 * it may ask, injectable for tests. */
#ifndef FSJAIL_EFFECTS_OPTS_H
#define FSJAIL_EFFECTS_OPTS_H

#include <stdbool.h>

/* Filesystem questions, injectable for tests. NULL members use the real
 * filesystem (stat(2) following symlinks; a regular file with
 * faccessat(X_OK)). */
struct effects_fs {
	/* 0 absent, 1 exists and is not a directory, 2 directory */
	int (*kind)(const char *abs_path, void *data);
	/* true when abs_path is a regular file the shell would execute */
	bool (*executable)(const char *abs_path, void *data);
	void *data;
};

struct effects_opts {
	const char *cwd;       /* absolute working directory of the line (required) */
	const char *home;      /* for "~" and "~/..."; NULL: "~" is unresolved */
	const char *path_env;  /* PATH for program lookup; NULL: "/usr/bin:/bin" */
	const char *tmpdir;    /* TMPDIR, where mktemp makes its file; NULL: /tmp */
	struct effects_fs fs;
};

#endif
