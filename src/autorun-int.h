/* autorun-int.h - shared by autorun.c (the snapshot before the run) and
 * autorun-warn.c (the look after it). Not for other files. */
#ifndef FSJAIL_AUTORUN_INT_H
#define FSJAIL_AUTORUN_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <time.h>

#include "autorun.h"

/* A file that a tool runs by itself, relative to the folder it is in. */
struct autorun_file {
	const char *rel;
	const char *tool; /* the planted record's "tool" */
	const char *why;
};
/* Each of them (autorun-files.c), autorun_n_files in all. */
extern const struct autorun_file autorun_files[];
extern const size_t autorun_n_files;

/* Compared by content up to this size (an editor's save or a git
 * checkout of the same bytes is no change), by identity above it. */
#define CONTENT_MAX (64 * 1024)
/* and at most this much in all, kept from the start (many work trees) */
#define CONTENT_ALL (4 * 1024 * 1024)

struct seen {
	char *path;
	const char *root; /* the folder it is in: autorun.roots[] */
	size_t kind;      /* index in autorun_files[] */
	bool exists;
	struct stat st;
	char *data; /* the content of a regular file up to CONTENT_MAX, or NULL */
	char *why;  /* a task runner's file (autorun-runners.h): what runs it, else NULL */
	size_t len;
};

struct autorun {
	struct seen *v;
	size_t n;
	size_t budget; /* bytes of content it may still keep */
	char **roots;  /* the folders looked at */
	size_t n_roots;
	char *workspace;    /* autorun_snap_workspace()'s, or NULL */
	struct timespec t0; /* when: a change later has a change time from then on */
};

/* strcmp() of the strings at a and b (char *const *): for qsort() and
 * bsearch() of the roots. */
int autorun_cmp_str(const void *a, const void *b);

#endif
