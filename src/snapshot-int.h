/* snapshot-int.h - what the parts of the snapshot method share
 * (snapshot.c: the walk and the staging copies; snapshot-diff.c: the
 * comparison after the run). Not for other callers: use snapshot.h. */
#ifndef FSJAIL_SNAPSHOT_INT_H
#define FSJAIL_SNAPSHOT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include "snapshot.h"
#include "util.h"

#define SNAP_NONE SIZE_MAX

/* One folder, regular file or symlink of an area, before or after the run. */
struct snap_ent {
	char *path;    /* absolute */
	size_t parent; /* index of its folder in the same list; SNAP_NONE: an area */
	struct stat sb;
	long saved;   /* before: the staging entry ("f", "d", "l" + number); -1: none */
	size_t loc;   /* before: its index in the after list; SNAP_NONE: gone */
	bool claimed; /* after: some entry before the run is this one */
	bool fresh;   /* after: born after the snapshot began (an inode number reused); any type */
};

struct snap_list {
	struct snap_ent *v;
	size_t n, cap;
};

struct snapshot {
	struct snapshot_opts o; /* areas copied */
	char **areas;
	char *state_dir;
	char *staging_name; /* ".snapshot-<cycle>" in sessions/<session> */
	int sessfd;         /* STATE/sessions/<session> */
	int stagefd;        /* the staging folder; -1 once removed */
	struct snap_list before;
	unsigned long long max_size;
	bool no_clone; /* a clone failed as unsupported: copy from now on */
	long next;
	struct timespec start; /* when the snapshot began (the clock of file times) */
};

/* Walk every area of s into list (pre-order: a folder before its
 * entries); take: save each entry into the staging folder as it is met
 * (snapshot.c), else only stat it. Entries on another device than their
 * area, and fsjail's state directory, are left out. Returns 0, or -1 with
 * err set (a folder that cannot be read: fail closed). */
int snap_walk(struct snapshot *s, struct snap_list *list, bool take, struct snapshot_cost *cost,
	      struct fsj_error *err);

void snap_list_release(struct snap_list *l);

/* Staging names: 'f' + n for a file, 'd' + n a folder, 'l' + n a symlink. */
void snap_name(char *buf, size_t size, const struct snap_ent *e);

/* Remove the staging folder of s (its entries, then itself). */
void snap_remove_staging(struct snapshot *s);

#endif
