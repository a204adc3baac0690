/* restore-made.c - the names the run made (manifest.h "created",
 * "creating", "cancel"): restore moves what they hold into its own cycle
 * (restore-take.h), never deletes, and takes nothing it cannot
 * tell the run made. A "created" record names its object by identity. A
 * "creating" record is written before the create (issue 14): one that no
 * later "created" or "cancel" record answers is a create the kill cut
 * short, and names an object only by its birth: it is taken when the
 * object at that name, in the same folder, was born at or after the
 * record and no later than RS_CREATE_WINDOW seconds after it (statx(2)
 * STATX_BTIME; st_birthtimespec on macOS; the listener makes the object
 * right after the record, so a younger one is a file made after the run,
 * such as the user's editor saving there before the restore) - or, for a
 * link, is the file linked. Where the filesystem keeps no birth time
 * nothing is taken: the object is left, and said (no mtime or ctime
 * argument stands in: a chmod or a rename of an older file moves both). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "restore-folder.h"
#include "restore-remade.h"
#include "restore-take.h"
#include "restore-taken.h"
#include "util.h"

/* The longest a listener takes from a "creating" record to its create,
 * in seconds (one fsync between them); later births are not the run's. */
#define RS_CREATE_WINDOW 10

/* The birth time of name in dirfd (name "": dirfd itself) into *b: 0,
 * or -1 (the filesystem keeps none, or it cannot be read). */
static int birth(int dirfd, const char *name, struct timespec *b)
{
#if defined(__linux__) && defined(STATX_BTIME)
	struct statx stx;

	if (statx(dirfd, name, AT_SYMLINK_NOFOLLOW | (*name ? 0 : AT_EMPTY_PATH), STATX_BTIME,
		  &stx) < 0 ||
	    !(stx.stx_mask & STATX_BTIME))
		return -1;
	b->tv_sec = (time_t)stx.stx_btime.tv_sec;
	b->tv_nsec = (long)stx.stx_btime.tv_nsec;
	return 0;
#elif defined(__APPLE__)
	struct stat sb;

	if ((*name ? fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) : fstat(dirfd, &sb)) < 0)
		return -1;
	*b = sb.st_birthtimespec;
	return 0;
#else
	(void)dirfd, (void)name, (void)b;
	return -1;
#endif
}

/* The birth time of name in dirfd: 1 at or after t and at most
 * RS_CREATE_WINDOW seconds after it, 0 before, 2 later, -1 unknown (the
 * filesystem keeps none, or it cannot be read). */
static int born_since(int dirfd, const char *name, const struct timespec *t)
{
	struct timespec b;

	if (birth(dirfd, name, &b) < 0)
		return -1;
	if (b.tv_sec > t->tv_sec + RS_CREATE_WINDOW ||
	    (b.tv_sec == t->tv_sec + RS_CREATE_WINDOW && b.tv_nsec > t->tv_nsec))
		return 2;
	return b.tv_sec > t->tv_sec || (b.tv_sec == t->tv_sec && b.tv_nsec >= t->tv_nsec);
}

bool rs_made_by_run(struct rctx *x, const struct manifest_rec *r, int src)
{
	const struct manifest_rec *c = NULL, *w = NULL;
	size_t ci = x->cur;
	struct timespec b;
	uint64_t born;

	for (size_t i = x->cur; i-- > 0 && !c;)
		if (strcmp(x->m->v[i].path, r->path) == 0 ||
		    (x->m->v[i].to && strcmp(x->m->v[i].to, r->path) == 0))
			c = &x->m->v[ci = i];
	/* another run's record only: in one cycle a link's "created" names an
	 * older file by identity too (its backup is restored, t0190) */
	if (!c || c->op != MANIFEST_CREATED || c->part == r->part || !c->seq || !c->has_ident ||
	    !r->has_ident || c->dev != r->dev || c->ino != r->ino)
		return false;
	for (size_t i = ci; i-- > 0 && !w;) /* the "creating" it answers */
		if (x->m->v[i].op == MANIFEST_CREATING && x->m->v[i].part == c->part &&
		    strcmp(x->m->v[i].path, r->path) == 0)
			w = &x->m->v[i];
	if (!w || birth(src, "", &b) < 0 || b.tv_sec < 0)
		return false;
	born = (uint64_t)b.tv_sec * 1000000000ULL + (uint64_t)b.tv_nsec;
	return (b.tv_sec > w->since.tv_sec ||
		(b.tv_sec == w->since.tv_sec && b.tv_nsec >= w->since.tv_nsec)) &&
	       born <= c->seq;
}

/* Order of records by path, then by place in the manifest. */
static const struct manifest *sort_m;

static int by_path(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(sort_m->v[i].path, sort_m->v[j].path);

	return c ? c : (i > j) - (i < j);
}

/* Order of records by path, then by "to", then by place. */
static int by_path_to(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(sort_m->v[i].path, sort_m->v[j].path);

	if (!c)
		c = strcmp(sort_m->v[i].to, sort_m->v[j].to);
	return c ? c : (i > j) - (i < j);
}

/* A "cancel" with "to" answers the newest "renamed" of path -> to not
 * answered yet: that rename failed, and is neither moved back nor read as
 * moved back (rs_gone_with_folder()). */
static void renames_begin(struct rctx *x, size_t *v, size_t *open)
{
	const struct manifest *m = x->m;
	size_t n = 0, nopen = 0;

	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].op == MANIFEST_RENAMED || (m->v[i].op == MANIFEST_CANCEL && m->v[i].to))
			v[n++] = i;
	sort_m = m;
	qsort(v, n, sizeof(*v), by_path_to);
	for (size_t k = 0; k < n; k++) {
		const struct manifest_rec *r = &m->v[v[k]], *p = k ? &m->v[v[k - 1]] : NULL;

		if (p && (strcmp(r->path, p->path) != 0 || strcmp(r->to, p->to) != 0))
			nopen = 0;
		if (r->op == MANIFEST_RENAMED)
			open[nopen++] = v[k];
		else if (nopen)
			x->answered[open[--nopen]] = true;
	}
}

/* Each folder the run made (v: records sorted by path, parents first)
 * whose own mode keeps the restore out, u+rwx: as an ordinary user, a
 * run that made d/e and then set e 000 and d 0500 had every take in them
 * fail (EACCES) and the run's files left. Only a folder that is the run's
 * by identity, the restore's user's own; never in a dry run. */
static void open_made_folders(struct rctx *x, const size_t *v, size_t n)
{
	for (size_t k = 0; !x->o->dry_run && k < n; k++) {
		const struct manifest_rec *r = &x->m->v[v[k]];
		cleanup_fd int pfd = -1;
		struct stat sb;

		if (r->op != MANIFEST_CREATED || !r->has_ident ||
		    !x->want[v[k]] ||
		    (pfd = rs_open_parent(x, r->path, false, NULL)) < 0 ||
		    fstatat(pfd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (S_ISDIR(sb.st_mode) && (sb.st_mode & S_IRWXU) != S_IRWXU &&
		    sb.st_uid == geteuid() && rs_same_ident(&sb, r) &&
		    !rs_born_after(pfd, rs_base_name(r->path), r) &&
		    fchmodat(pfd, rs_base_name(r->path), (sb.st_mode & 07777) | S_IRWXU, 0) < 0)
			continue; /* the takes in it say why they fail */
	}
}

void rs_made_begin(struct rctx *x)
{
	const struct manifest *m = x->m;
	size_t *v, *open, n = 0, nopen = 0;

	x->answered = xcalloc(m->n + 1, sizeof(*x->answered));
	v = xcalloc(m->n + 1, sizeof(*v));
	open = xcalloc(m->n + 1, sizeof(*open));
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].op == MANIFEST_CREATING || m->v[i].op == MANIFEST_CREATED ||
		    (m->v[i].op == MANIFEST_CANCEL && !m->v[i].to))
			v[n++] = i;
	sort_m = m;
	qsort(v, n, sizeof(*v), by_path);
	/* per path, in manifest order: a "created" or "cancel" answers the
	 * newest "creating" not answered yet (threads may interleave) */
	for (size_t k = 0; k < n; k++) {
		const struct manifest_rec *r = &m->v[v[k]];

		if (k && strcmp(r->path, m->v[v[k - 1]].path) != 0)
			nopen = 0;
		if (r->op == MANIFEST_CREATING)
			open[nopen++] = v[k];
		else if (nopen)
			x->answered[open[--nopen]] = true;
	}
	open_made_folders(x, v, n);
	renames_begin(x, v, open);
	free(open);
	free(v);
}

bool rs_born_after(int dirfd, const char *name, const struct manifest_rec *r)
{
	struct timespec b;

	return r->seq && birth(dirfd, name, &b) == 0 && b.tv_sec >= 0 &&
	       (uint64_t)b.tv_sec * 1000000000ULL + (uint64_t)b.tv_nsec > r->seq;
}

bool rs_left_said(const struct rctx *x, const char *path)
{
	const cJSON *a;

	cJSON_ArrayForEach(a, x->actions)
	{
		const cJSON *p = cJSON_GetObjectItem(a, "path"), *v = cJSON_GetObjectItem(a, "action");

		if (cJSON_IsString(p) && cJSON_IsString(v) && strcmp(v->valuestring, "leave") == 0 &&
		    strcmp(p->valuestring, path) == 0)
			return true;
	}
	return false;
}

void rs_undo_created(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	struct stat sb;

	if (x->o->dry_run && rs_sim_state(x, r->path) >= 0) {
		/* a move-back would have put the run's file there: trashed next */
		rs_folder_sim_take(x, r->path);
		rs_sim_add(x, r->path, SIM_GONE);
		return;
	}
	pfd = rs_open_parent(x, r->path, false, NULL);
	if (pfd < 0 && errno == ENOENT)
		return;
	if (pfd < 0) {
		rs_act_errno(x, r->path, "cannot open its folder", errno);
		return;
	}
	/* a file another run removed is made again by this restore (cycles
	 * restored together, restore-group.h): still the file this run made */
	if (fstatat(pfd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return; /* gone */
	if (!((rs_same_ident(&sb, r) && !rs_born_after(pfd, rs_base_name(r->path), r)) ||
	      rs_made_is(x, r, &sb) || rs_made_anon(x, &sb) ||
	      rs_remade_is(x, r, r->path, pfd, rs_base_name(r->path), &sb))) {
		/* not what the run made (its inode number reused) */
		if (!rs_left_said(x, r->path))
			rs_leave(x, r->path, "the run made this name, but another file or folder "
					     "holds it now (made, or put back by a restore, after "
					     "the run): left");
		return;
	}
	rs_take(x, pfd, r->path, &sb, rs_changed_after(x, r, &sb) ? RS_LATER : NULL);
}

void rs_undo_creating(struct rctx *x, const struct manifest_rec *r)
{
	cleanup_fd int pfd = -1;
	struct stat sb, dsb;
	int born;

	if (x->answered[x->cur])
		return; /* "created" (by identity) or "cancel" says it */
	if (x->o->dry_run && rs_sim_state(x, r->path) >= 0) {
		/* a move-back would have put the run's file there (born since) */
		if (rs_sim_state(x, r->path) == SIM_THERE)
			rs_act(x, "trash", r->path, NULL, true, NULL);
		rs_sim_add(x, r->path, SIM_GONE);
		return;
	}
	pfd = rs_open_parent(x, r->path, false, NULL);
	if (pfd < 0 || fstatat(pfd, rs_base_name(r->path), &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return; /* never made, or gone */
	if (fstat(pfd, &dsb) < 0 || dsb.st_dev != r->dir_dev || dsb.st_ino != r->dir_ino) {
		rs_leave(x, r->path,
		      "the run was killed as it made this name, but its folder is "
		      "not the one it was made in: left");
		return;
	}
	if (r->has_ident) { /* a link: the file linked, by identity */
		if (rs_same_ident(&sb, r) ||
		    rs_remade_is(x, r, r->path, pfd, rs_base_name(r->path), &sb))
			rs_take(x, pfd, r->path, &sb, "made by the run, its record cut short");
		else
			rs_leave(x, r->path,
			      "the run was killed as it linked this name, and it "
			      "holds another file now: left");
		return;
	}
	born = born_since(pfd, rs_base_name(r->path), &r->since);
	if (born == 1)
		rs_take(x, pfd, r->path, &sb, "made by the run, its record cut short");
	else
		rs_leave(x, r->path,
		      born < 0    ? "the run was killed as it made this name; the "
				    "filesystem keeps no birth time to tell it is the "
				    "run's: left"
		      : born == 0 ? "the run was killed as it made this name, but what "
				    "is there is older: left"
				  : "the run was killed as it made this name, but what is there "
				    "was made after the run: left");
}
