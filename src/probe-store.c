/* probe-store.c - the probe cache's folder (probe.h): one file per key,
 * $STATE/probe/pk-<FNV-1a 64>.json, so that a run reads and parses only
 * the report it may use however many workspaces the user has (issue 12:
 * the single file of 32 reports cost ~0.6 ms a run). A file holds one
 * report as `fsjail probe --json` writes it (cached false), checked in
 * every detail as an entry of the old file was (probe_entry_try()). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dirstream.h"
#include "path.h"
#include "probe-int.h"
#include "state-rec.h"

#define ENTRY_PREFIX "pk-"
#define ENTRY_SUFFIX ".json"
/* "pk-" + 16 hex digits + ".json" */
#define ENTRY_NAME_LEN (3 + 16 + 5)

/* key's file name (caller frees): a hash of what names the context
 * (backend, mode, workspace, home, kernel release, ABI, FSJAIL_PROBE_FAIL,
 * the paths of the baseline, rules and config files) without what goes
 * stale when a file is edited (its mtime and size; fsjail's version) or
 * is known only later (the mount masks: probe_key_init_lazy()), so that a
 * new probe of the context replaces its file rather than adding one. Two contexts of one name (FNV
 * is no defence; the folder is ours alone) cost a probe each time they
 * alternate, never a wrong answer: the whole key is compared. */
static char *entry_name(const struct probe_key *k)
{
	char abi[16];
	const char *part[] = { fsj_backend_name(k->backend), fsj_mode_name(k->mode),
			       k->workspace ? k->workspace : "", k->home ? k->home : "",
			       k->os_release ? k->os_release : "", abi, k->fail ? k->fail : "",
			       k->baseline.path ? k->baseline.path : "",
			       k->rules.path ? k->rules.path : "",
			       k->config.path ? k->config.path : "" };
	uint64_t h = SREC_FNV_START;

	snprintf(abi, sizeof(abi), "%d", k->abi);

	for (size_t i = 0; i < sizeof(part) / sizeof(part[0]); i++)
		h = srec_fnv1a(h, part[i], strlen(part[i]) + 1); /* with its NUL */
	return xasprintf(ENTRY_PREFIX "%016llx" ENTRY_SUFFIX, (unsigned long long)h);
}

char *probe_cache_file(const char *state_dir, const struct probe_key *key)
{
	cleanup_free char *dir = path_join(state_dir, PROBE_CACHE_DIR);
	cleanup_free char *name = entry_name(key);

	return path_join(dir, name);
}

/* probe_cache_load() and its lazy form; *legacy_hit tells whether the
 * entry came from the old single file. */
static int cache_find(const char *state_dir, struct probe_key *key, bool lazy,
		      struct probe_report *out, bool *legacy_hit)
{
	cleanup_fd int dfd = fsj_state_subdir(state_dir, PROBE_CACHE_DIR, false);
	cleanup_free char *legacy = NULL;
	int found = 0;

	*legacy_hit = false;
	memset(out, 0, sizeof(*out));
	out->proven = -1;
	if (dfd >= 0) {
		cleanup_free char *name = entry_name(key);
		size_t len = 0;
		char *text = probe_text_read(dfd, name, &len);
		cJSON *j = text ? cJSON_ParseWithLength(text, len) : NULL;

		found = j ? probe_entry_try(j, key, &lazy, out) : 0;
		cJSON_Delete(j);
		free(text);
	}
	if (found)
		return 1;
	legacy = path_join(state_dir, PROBE_CACHE_LEGACY);
	found = probe_legacy_find(legacy, key, lazy, out);
	*legacy_hit = found == 1;
	return found;
}

bool probe_cache_present(const char *state_dir)
{
	cleanup_free char *p = path_join(state_dir, PROBE_CACHE_DIR);
	cleanup_free char *old = path_join(state_dir, PROBE_CACHE_LEGACY);

	return access(p, F_OK) == 0 || errno != ENOENT || access(old, F_OK) == 0 ||
	       errno != ENOENT;
}

int probe_cache_load(const char *state_dir, const struct probe_key *key,
		     struct probe_report *out)
{
	struct probe_key k = *key;
	bool legacy;
	int found = cache_find(state_dir, &k, false, out, &legacy);

	/* migrated: read from the folder from now on (best effort) */
	if (found && legacy) {
		struct fsj_error ignored = { { 0 } };

		(void)probe_cache_store(state_dir, out, &ignored);
	}
	return found;
}

int probe_cache_load_lazy(const char *state_dir, struct probe_key *key,
			  struct probe_report *out)
{
	bool legacy;

	return cache_find(state_dir, key, true, out, &legacy);
}

/* One file of the folder, for prune(). */
struct entry_age {
	char name[ENTRY_NAME_LEN + 1];
	struct timespec mtime;
};

static int newer_first(const void *a, const void *b)
{
	const struct entry_age *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? 1 : -1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Keep the PROBE_CACHE_MAX_ENTRIES most recently stored entry files of
 * folder dfd, keep (just stored) always among them: the others are
 * removed. Names not of an entry (a temporary file being written by
 * another fsjail) are left alone. Best effort: nothing is reported. */
static void prune(int dfd, const char *keep)
{
	struct entry_age *e = NULL;
	size_t n = 0, alloc = 0, kept = 0;
	struct dirent *d;
	DIR *dir = dir_stream(dup(dfd));

	if (!dir)
		return;
	while ((d = readdir(dir))) {
		struct stat st;
		size_t len = strlen(d->d_name);

		if (len != ENTRY_NAME_LEN || strncmp(d->d_name, ENTRY_PREFIX, 3) != 0 ||
		    strcmp(d->d_name + len - 5, ENTRY_SUFFIX) != 0 ||
		    fstatat(dfd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			e = xreallocarray(e, alloc, sizeof(*e));
		}
		memcpy(e[n].name, d->d_name, len + 1);
		e[n++].mtime = FSJ_STAT_MTIM(&st);
	}
	closedir(dir);
	if (n > PROBE_CACHE_MAX_ENTRIES) {
		qsort(e, n, sizeof(*e), newer_first);
		kept = 1; /* keep itself */
		for (size_t i = 0; i < n; i++) {
			if (strcmp(e[i].name, keep) == 0)
				continue;
			if (kept < PROBE_CACHE_MAX_ENTRIES)
				kept++;
			else
				(void)unlinkat(dfd, e[i].name, 0);
		}
	}
	free(e);
}

/* Write text as file name of folder dfd: a temporary file, fsync,
 * rename. 0, or -1 with errno set. A folder at name is replaced when
 * empty; anything else there is left alone (the rename's error). */
static int write_entry(int dfd, const char *name, const char *text)
{
	cleanup_free char *rnd = random_hex(8);
	cleanup_free char *tmp = xasprintf(".%s.%s", name, rnd);
	int fd, saved = 0;

	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (fchmod(fd, 0600) < 0 || write_all(fd, text, strlen(text)) < 0 ||
	    write_all(fd, "\n", 1) < 0 || fsync(fd) < 0)
		saved = errno;
	if (close(fd) < 0 && !saved)
		saved = errno;
	if (!saved && renameat(dfd, tmp, dfd, name) < 0) {
		saved = errno;
		if ((saved == EISDIR || saved == ENOTEMPTY || saved == EEXIST) &&
		    unlinkat(dfd, name, AT_REMOVEDIR) == 0)
			saved = renameat(dfd, tmp, dfd, name) < 0 ? errno : 0;
	}
	if (saved) {
		(void)unlinkat(dfd, tmp, 0);
		errno = saved;
		return -1;
	}
	(void)fsync(dfd); /* the rename survives a crash */
	return 0;
}

int probe_cache_store(const char *state_dir, const struct probe_report *r,
		      struct fsj_error *err)
{
	cleanup_free char *dir = path_join(state_dir, PROBE_CACHE_DIR);
	cleanup_free char *name = entry_name(&r->key);
	cleanup_fd int dfd = -1;
	cJSON *j = probe_report_json(r);
	char *text;
	int saved = 0;

	cJSON_ReplaceItemInObject(j, "cached", cJSON_CreateFalse());
	text = cJSON_PrintUnformatted(j);
	cJSON_Delete(j);
	if (!text)
		return fsj_error_set(err, NULL, 0, 0, "cannot format the probe cache");
	dfd = fsj_state_subdir(state_dir, PROBE_CACHE_DIR, true);
	if (dfd < 0 || write_entry(dfd, name, text) < 0)
		saved = errno;
	cJSON_free(text);
	if (saved)
		return fsj_error_set(err, NULL, 0, 0, "cannot write probe cache '%s/%s': %s", dir,
				     name, strerror(saved));
	prune(dfd, name);
	return 0;
}
