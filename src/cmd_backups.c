/* cmd_backups.c - `fsjail backups [list|show|restore]`: the ModifyBackup
 * store (backup.h, DESIGN.md section 9): list cycles, show a cycle's
 * files, restore files byte for byte with their original mode. */
#include "config.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup.h"
#include "cmd.h"
#include "path.h"
#include "util.h"

enum { OPT_SESSION = 0x380, OPT_CYCLE };

/* One cycle folder: sessions/<session>/modify_backup/<name>. */
struct cycle {
	char *session;
	char *name;
	char *dir; /* absolute */
};

static int cycle_cmp(const void *a, const void *b)
{
	const struct cycle *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->session, y->session);
}

static bool dot_name(const char *n)
{
	return n[0] == '.';
}

/* Every cycle under state (of session when not NULL), oldest first. */
static struct cycle *list_cycles(const char *state, const char *session, size_t *n)
{
	cleanup_free char *sdir = xasprintf("%s/sessions", state);
	struct cycle *v = NULL;
	size_t cap = 0;
	struct dirent *s, *c;
	DIR *sd, *cd;

	*n = 0;
	sd = opendir(sdir);
	if (!sd)
		return NULL;
	while ((s = readdir(sd))) {
		cleanup_free char *mdir = NULL;

		if (dot_name(s->d_name) || (session && strcmp(session, s->d_name) != 0))
			continue;
		mdir = xasprintf("%s/%s/modify_backup", sdir, s->d_name);
		cd = opendir(mdir);
		if (!cd)
			continue;
		while ((c = readdir(cd))) {
			if (dot_name(c->d_name))
				continue;
			if (*n == cap) {
				cap = cap ? cap * 2 : 16;
				v = xreallocarray(v, cap, sizeof(*v));
			}
			v[*n].session = xstrdup(s->d_name);
			v[*n].name = xstrdup(c->d_name);
			v[*n].dir = xasprintf("%s/%s", mdir, c->d_name);
			(*n)++;
		}
		closedir(cd);
	}
	closedir(sd);
	if (*n)
		qsort(v, *n, sizeof(*v), cycle_cmp);
	return v;
}

static void free_cycles(struct cycle *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].session);
		free(v[i].name);
		free(v[i].dir);
	}
	free(v);
}

/* Parse a JSON file in dir; NULL when missing or bad. */
static cJSON *read_json(const char *dir, const char *name)
{
	cleanup_free char *path = xasprintf("%s/%s", dir, name);
	cleanup_free char *text = NULL;
	size_t len;

	if (read_file(path, 64u << 20, &text, &len) < 0)
		return NULL;
	return cJSON_Parse(text);
}

/* The manifest lines of a cycle as an array of objects (caller deletes). */
static cJSON *read_manifest(const char *dir)
{
	cleanup_free char *path = xasprintf("%s/manifest.ndjson", dir);
	cleanup_free char *text = NULL;
	cJSON *arr = cJSON_CreateArray(), *o;
	char *line, *save = NULL;
	size_t len;

	if (read_file(path, 64u << 20, &text, &len) < 0)
		return arr;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		o = cJSON_Parse(line);
		if (o)
			cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

static const char *jstr(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double jnum(const cJSON *o, const char *key, double def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : def;
}

static int do_list(struct cycle *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		cJSON *commit = read_json(v[i].dir, "commit.json");
		cJSON *man = read_manifest(v[i].dir);
		const char *msg = commit ? jstr(commit, "message") : NULL;

		printf("%s  %s  %d file(s)  %s  %s\n", v[i].session, v[i].name,
		       cJSON_GetArraySize(man), commit ? "committed" : "uncommitted",
		       msg ? msg : "");
		cJSON_Delete(commit);
		cJSON_Delete(man);
	}
	return FSJ_EXIT_OK;
}

static int do_show(const struct cycle *c)
{
	cJSON *man = read_manifest(c->dir), *e;

	printf("cycle %s (session %s)\n", c->name, c->session);
	cJSON_ArrayForEach(e, man)
	{
		const char *skipped = jstr(e, "skipped");

		printf("%s  size %.0f  mode %04o  %s%s\n", jstr(e, "path") ? jstr(e, "path") : "?",
		       jnum(e, "size", 0), (unsigned)jnum(e, "mode", 0),
		       skipped ? "skipped: " : "backup files/",
		       skipped ? skipped : (jstr(e, "backup") ? jstr(e, "backup") : "?"));
	}
	cJSON_Delete(man);
	return FSJ_EXIT_OK;
}

/* true when path changed since the run that made cycle c ended (its
 * commit.json records the state after the run; an uncommitted cycle has
 * none: nothing to compare, false). */
static bool changed_again(const cJSON *commit, const char *path)
{
	const cJSON *after = commit ? cJSON_GetObjectItemCaseSensitive(commit, "after") : NULL;
	const cJSON *e;
	struct stat sb;
	bool exists;

	cJSON_ArrayForEach(e, after)
	{
		if (!jstr(e, "path") || strcmp(jstr(e, "path"), path) != 0)
			continue;
		exists = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "exists"));
		if (lstat(path, &sb) < 0)
			return exists;
		if (!exists)
			return true;
		return (double)sb.st_size != jnum(e, "size", -1) ||
		       (double)BACKUP_MTIM(&sb).tv_sec != jnum(e, "mtime", -1) ||
		       (double)BACKUP_MTIM(&sb).tv_nsec != jnum(e, "mtime_ns", -1) ||
		       (double)sb.st_ino != jnum(e, "ino", -1);
	}
	return false;
}

/* Put the content of the backup file src back at path, with mode and
 * mtime, through a temporary file in path's folder renamed over it. */
static int restore_file(const char *src, const char *path, mode_t mode, const struct timespec *mt)
{
	cleanup_free char *dir = path_dirname(path), *tmp = NULL;
	cleanup_fd int in = -1, out = -1, dfd = -1;
	const char *name = strrchr(path, '/') + 1;
	struct timespec times[2];
	struct stat sb;
	int saved;

	in = open(src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (in < 0 || fstat(in, &sb) < 0 || !S_ISREG(sb.st_mode))
		return -1;
	/* The folder as recorded, without following a symlink: the command
	 * could have replaced a folder on the way with a link to elsewhere
	 * (the backed-up content would then land there). */
	dfd = open_dir_nosymlinks(dir);
	if (dfd < 0)
		return -1;
	tmp = xasprintf(".%s.fsjail-restore.%ld", name, (long)getpid());
	out = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (out < 0)
		return -1;
	times[0].tv_sec = 0;
	times[0].tv_nsec = UTIME_OMIT;
	times[1] = *mt;
	if (backup_copy_fd(in, out, sb.st_size) < 0 || fchmod(out, mode) < 0 ||
	    futimens(out, times) < 0 || fsync(out) < 0 || renameat(dfd, tmp, dfd, name) < 0) {
		saved = errno;
		(void)unlinkat(dfd, tmp, 0);
		errno = saved;
		return -1;
	}
	return 0;
}

static bool wanted(char **paths, int n, const char *path)
{
	if (n == 0)
		return true;
	for (int i = 0; i < n; i++)
		if (strcmp(paths[i], path) == 0)
			return true;
	return false;
}

int cmd_backups(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "session", required_argument, NULL, OPT_SESSION },
		{ "cycle", required_argument, NULL, OPT_CYCLE },
		{ "force", no_argument, NULL, CMD_OPT_FORCE },
		{ NULL, 0, NULL, 0 },
	};
	struct fsj_ctx_opts opts = { 0 };
	struct fsj_error err = { { 0 } };
	const char *session = NULL, *cycle_arg = NULL, *action = "list";
	char **paths = NULL;
	bool force = false;
	struct cycle *v = NULL;
	struct fsj_ctx ctx;
	size_t n = 0, i = 0;
	int opt, npaths = 0, status = FSJ_EXIT_OK;

	if (argc > 1 && (strcmp(argv[1], "list") == 0 || strcmp(argv[1], "show") == 0 ||
			 strcmp(argv[1], "restore") == 0)) {
		action = argv[1];
		argv++;
		argc--;
	}
	while ((opt = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case OPT_SESSION:
			session = optarg;
			break;
		case OPT_CYCLE:
			cycle_arg = optarg;
			break;
		case CMD_OPT_FORCE:
			force = true;
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "backups");
			return FSJ_EXIT_OK;
		default:
			cmd_usage(stderr, "backups");
			return FSJ_EXIT_ERROR;
		}
	}
	if (fsj_ctx_load(&opts, &ctx, &err) < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	npaths = argc - optind;
	paths = xcalloc((size_t)npaths + 1, sizeof(*paths));
	for (int k = 0; k < npaths; k++) {
		if (path_normalize(argv[optind + k], strlen(argv[optind + k]), ctx.env.home,
				   ctx.env.cwd, &paths[k]) != PATH_OK) {
			fprintf(stderr, "fsjail: backups: bad path '%s'\n", argv[optind + k]);
			status = FSJ_EXIT_ERROR;
			goto out;
		}
	}
	v = list_cycles(ctx.env.state_dir, session, &n);
	if (cycle_arg) {
		for (i = 0; i < n && strcmp(v[i].name, cycle_arg) != 0; i++)
			;
		if (i == n) {
			fprintf(stderr, "fsjail: backups: no cycle '%s'\n", cycle_arg);
			status = FSJ_EXIT_ERROR;
			goto out;
		}
	}
	if (strcmp(action, "list") == 0) {
		status = cycle_arg ? do_list(&v[i], 1) : do_list(v, n);
		goto out;
	}
	if (n == 0) {
		fprintf(stderr, "fsjail: backups: no backup cycle%s%s\n", session ? " in session " : "",
			session ? session : "");
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (strcmp(action, "show") == 0) {
		status = do_show(cycle_arg ? &v[i] : &v[n - 1]);
		goto out;
	}

	/* restore: each path from the newest cycle that has it (or from
	 * --cycle); without paths, every file of the chosen cycle. */
	{
		size_t first = cycle_arg ? i : 0, last = cycle_arg ? i + 1 : n;
		char **done = xcalloc((size_t)npaths + 1, sizeof(*done));
		bool restored_any = false;

		if (npaths == 0 && !cycle_arg)
			first = n - 1;
		for (size_t c = last; c-- > first;) {
			cJSON *man = read_manifest(v[c].dir), *e;
			cJSON *commit = read_json(v[c].dir, "commit.json");
			/* the first backup of a path in a cycle is its oldest */
			cJSON_ArrayForEach(e, man)
			{
				const char *p = jstr(e, "path"), *b = jstr(e, "backup");
				cleanup_free char *src = NULL;
				struct timespec mt;
				int k;

				if (!p || !wanted(paths, npaths, p))
					continue;
				for (k = 0; k < npaths && strcmp(paths[k], p) != 0; k++)
					;
				if (npaths && done[k])
					continue;
				if (npaths)
					done[k] = paths[k];
				if (!b) {
					fprintf(stderr, "fsjail: backups: '%s' was not saved (%s)\n", p,
						jstr(e, "skipped") ? jstr(e, "skipped") : "skipped");
					status = FSJ_EXIT_ERROR;
					continue;
				}
				if (!force && changed_again(commit, p)) {
					fprintf(stderr, "fsjail: backups: '%s' changed after the run of cycle "
							"%s; use --force to overwrite it\n",
						p, v[c].name);
					status = FSJ_EXIT_ERROR;
					continue;
				}
				src = xasprintf("%s/files/%s", v[c].dir, b);
				mt.tv_sec = (time_t)jnum(e, "mtime", 0);
				mt.tv_nsec = (long)jnum(e, "mtime_ns", 0);
				if (restore_file(src, p, (mode_t)jnum(e, "mode", 0600) & 07777, &mt) < 0) {
					fprintf(stderr, "fsjail: backups: cannot restore '%s': %s\n", p,
						strerror(errno));
					status = FSJ_EXIT_ERROR;
					continue;
				}
				restored_any = true;
				printf("restored %s from cycle %s\n", p, v[c].name);
			}
			cJSON_Delete(man);
			cJSON_Delete(commit);
		}
		for (int k = 0; k < npaths; k++) {
			if (!done[k]) {
				fprintf(stderr, "fsjail: backups: no backup of '%s'\n", paths[k]);
				status = FSJ_EXIT_ERROR;
			}
		}
		if (!restored_any && npaths == 0 && status == FSJ_EXIT_OK)
			printf("nothing to restore\n");
		free(done);
	}
out:
	for (int k = 0; k < npaths; k++)
		free(paths[k]);
	free(paths);
	free_cycles(v, n);
	fsj_ctx_release(&ctx);
	return status;
}
