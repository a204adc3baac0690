/* restore-take.c - see restore-take.h. A folder the run made is taken
 * only empty, after its entries (depth first: the newer records of what
 * the run made in it come first); what the user put in it since keeps it
 * in place. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_copy.h"
#include "backup_keep.h"
#include "path.h"
#include "restore-take.h"
#include "restore-taken.h"
#include "util.h"

void rs_leave(struct rctx *x, const char *path, const char *why)
{
	cJSON *a = cJSON_CreateObject();

	cJSON_AddStringToObject(a, "action", "leave");
	cJSON_AddStringToObject(a, "path", path);
	cJSON_AddBoolToObject(a, "ok", true);
	cJSON_AddStringToObject(a, "detail", why);
	if (x->names && x->m->v[x->cur].part < x->nparts)
		cJSON_AddStringToObject(a, "cycle", x->names[x->m->v[x->cur].part]);
	cJSON_AddItemToArray(x->actions, a);
}

void rs_restored(struct rctx *x, const char *path, bool later)
{
	const char *c = x->o->undo ? backup_cycle_name(x->o->undo) : NULL;
	char *d = NULL;

	if (later && (x->o->dry_run || !c))
		d = xstrdup("changed after the run: that later version would be kept in the "
			    "restore's own cycle");
	else if (later)
		d = xasprintf("changed after the run: that later version is kept in cycle %s "
			      "(fsjail backups restore --cycle %s brings it back)",
			      c, c);
	rs_act(x, "restore-content", path, NULL, true, d);
	rs_later_mark(x, later);
	free(d);
}

/* The entries of the folder path (name in pfd) the restore leaves in it:
 * every one, or in a dry run those its actions would not have taken; the
 * first three names ", "-joined into first (size max). Their number, or
 * -1 with errno set (not readable). */
static int left_in(struct rctx *x, int pfd, const char *path, char *first, size_t max)
{
	int fd = openat(pfd, rs_base_name(path), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct dirent *de;
	size_t len = 0;
	int n = 0;
	DIR *d;

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	first[0] = '\0';
	while ((de = readdir(d)) != NULL) {
		char *c;
		bool gone;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		c = path_join(path, de->d_name);
		gone = x->o->dry_run && rs_sim_state(x, c) == SIM_GONE;
		free(c);
		if (gone)
			continue;
		if (n < 3 && len < max)
			len += (size_t)snprintf(first + len, max - len, "%s%s", n ? ", " : "",
						de->d_name);
		n++;
	}
	closedir(d);
	return n;
}

/* A dry run's action for sb, or the folder left (said). */
static void dry(struct rctx *x, const char *path, const struct stat *sb, const char *detail)
{
	rs_act(x, S_ISDIR(sb->st_mode) ? "remove-folder" : "trash", path, NULL, true, detail);
	rs_later_mark(x, rs_taken_later(detail, sb));
	rs_sim_add(x, path, SIM_GONE);
}

void rs_take(struct rctx *x, int pfd, const char *path, const struct stat *sb, const char *detail)
{
	char first[256], *note = NULL, *d;
	int n, rc;

	if (S_ISDIR(sb->st_mode) && (n = left_in(x, pfd, path, first, sizeof(first))) != 0) {
		d = n < 0 ? xasprintf("the run made this folder, but it cannot be read (%s): left",
				      strerror(errno))
			  : xasprintf("the run made this folder, but it still holds %d entr%s once "
				      "the run's are taken (%s%s): left, with everything in it",
				      n, n == 1 ? "y" : "ies", first, n > 3 ? ", ..." : "");
		rs_leave(x, path, d);
		free(d);
		return;
	}
	if (x->o->dry_run) {
		dry(x, path, sb, detail);
		return;
	}
	if (!x->o->undo) {
		rs_act(x, "refuse", path, NULL, false, "no cycle of its own to keep it in: left");
		return;
	}
	rc = backup_keep_take(x->o->undo, pfd, rs_base_name(path), path, sb, x->o->home, &note);
	if (rc == 1) {
		d = xasprintf("kept in cycle %s%s%s%s%s", backup_cycle_name(x->o->undo),
			      detail ? "; " : "", detail ? detail : "", note ? "; " : "",
			      note ? note : "");
		rs_act(x, S_ISDIR(sb->st_mode) ? "remove-folder" : "trash", path, NULL, true, d);
		rs_later_mark(x, rs_taken_later(detail, sb));
		free(d);
	} else if (rc == 0) {
		rs_leave(x, path, note);
	} else if (errno == EXDEV) {
		rs_leave(x, path,
			 "made by the run, but fsjail's state folder is on another filesystem: "
			 "a restore takes nothing it cannot keep by a rename, so it is left "
			 "(remove it yourself)");
	} else if (errno == ENOTEMPTY) {
		rs_leave(x, path, "the run made this folder, but something came into it during "
				  "the restore: left");
	} else {
		rs_act_errno(x, path, "cannot keep it in the restore's own cycle", errno);
	}
	free(note);
}
