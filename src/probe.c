/* probe.c - find by experiment which fence tier the kernel enforces, and
 * cache the answer (DESIGN.md section 5; see probe.h for the checks).
 *
 * The experiment runs in a forked helper: it makes the scratch folders,
 * compiles each tier's real profile, runs each check through the real
 * launcher (sandbox_prepare + launch_run) with /bin/sh -c and a fixed
 * script whose only inputs are positional arguments, looks at the files
 * afterwards, removes the scratch folders and writes its report as JSON to
 * a pipe. The parent reads that report with the same strict reader as the
 * cache, so a helper that died half-way gives an error, never a tier. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __APPLE__
#include <sys/sysctl.h>
#endif

#include "landlock.h"
#include "launch.h"
#include "path.h"
#include "probe.h"

/* Largest probe report or cache file read, in bytes: a report is a few
 * kilobytes, the cache at most PROBE_CACHE_MAX_ENTRIES of them. */
#define PROBE_JSON_MAX (4u * 1024u * 1024u)

/* Largest binary copied for the execute check, in bytes (true(1) is tens
 * of kilobytes; a larger file is not what we think it is). */
#define PROBE_BINARY_MAX (8u * 1024u * 1024u)

/* Seconds the helper may take before it is killed (SIGALRM, default
 * action): a probe takes well under one; a check that hangs (a folder on a
 * dead network mount under /) must not hang fsjail. The report is then an
 * error, never a tier. */
#define PROBE_TIMEOUT_SEC 60

/* Entries of "/" looked at for the full tier's read check. */
#define PROBE_ROOT_ENTRIES_MAX 1024

static const char *const check_names[PROBE_CHECK_COUNT] = {
	[PROBE_CHECK_SHELL] = "shell",
	[PROBE_CHECK_WRITE_ALLOWED] = "write-allowed",
	[PROBE_CHECK_CREATE_ALLOWED] = "create-allowed",
	[PROBE_CHECK_WRITE_DENIED] = "write-denied",
	[PROBE_CHECK_CREATE_DENIED] = "create-denied",
	[PROBE_CHECK_DELETE_DENIED] = "delete-denied",
	[PROBE_CHECK_EXEC_DENIED] = "exec-denied",
	[PROBE_CHECK_READ_FENCED] = "read-fenced",
	[PROBE_CHECK_READ_SYSTEM] = "read-system",
};

static const char *const result_names[] = {
	[PROBE_RESULT_OK] = "ok",
	[PROBE_RESULT_FAILED] = "failed",
	[PROBE_RESULT_NA] = "n/a",
};

const char *probe_check_name(enum probe_check_id id)
{
	return (unsigned)id < PROBE_CHECK_COUNT ? check_names[id] : "?";
}

const char *probe_result_name(enum probe_result r)
{
	return (unsigned)r < sizeof(result_names) / sizeof(result_names[0]) ? result_names[r] : "?";
}

int probe_check_cap(enum probe_check_id id)
{
	switch (id) {
	case PROBE_CHECK_SHELL:
	case PROBE_CHECK_COUNT:
		return -1;
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
		return FSJ_CAP_WRITE;
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		return FSJ_CAP_CREATE;
	case PROBE_CHECK_DELETE_DENIED:
		return FSJ_CAP_DELETE;
	case PROBE_CHECK_EXEC_DENIED:
		return FSJ_CAP_EXECUTE;
	case PROBE_CHECK_READ_FENCED:
	case PROBE_CHECK_READ_SYSTEM:
		return FSJ_CAP_READ;
	}
	return -1;
}

enum fsj_tier probe_check_min_tier(enum probe_check_id id)
{
	switch (id) {
	case PROBE_CHECK_EXEC_DENIED:
		return FSJ_TIER_PROCESS;
	case PROBE_CHECK_READ_FENCED:
		return FSJ_TIER_GUARDED;
	case PROBE_CHECK_READ_SYSTEM:
		return FSJ_TIER_FULL;
	default:
		return FSJ_TIER_WRITES;
	}
}

static int check_parse(const char *s)
{
	for (int i = 0; i < PROBE_CHECK_COUNT; i++)
		if (strcmp(s, check_names[i]) == 0)
			return i;
	return -1;
}

static int result_parse(const char *s)
{
	for (size_t i = 0; i < sizeof(result_names) / sizeof(result_names[0]); i++)
		if (strcmp(s, result_names[i]) == 0)
			return (int)i;
	return -1;
}

/* ------------------------------------------------------------------------
 * The key
 */

char *probe_os_release(void)
{
	const char *o = getenv("FSJAIL_KERNEL_RELEASE");

	/* Test-only: lets the suite show that a kernel update invalidates the
	 * cache without updating the kernel. */
	if (o && *o)
		return xstrdup(o);
#ifdef __APPLE__
	{
		char buf[64];
		size_t len = sizeof(buf);

		if (sysctlbyname("kern.osproductversion", buf, &len, NULL, 0) == 0 && len > 0 &&
		    len <= sizeof(buf)) {
			buf[len - 1] = '\0';
			return xasprintf("macOS %s", buf);
		}
	}
#endif
	{
		struct utsname u;

		if (uname(&u) == 0)
			return xstrdup(u.release);
	}
	return xstrdup("unknown");
}

static void file_stamp(struct probe_file *f, const char *path)
{
	struct stat st;

	f->path = xstrdup(path ? path : "");
	f->mtime_sec = f->mtime_nsec = f->size = -1;
	if (path && stat(path, &st) == 0) {
		f->mtime_sec = (long long)st.st_mtime;
#ifdef __APPLE__
		f->mtime_nsec = (long long)st.st_mtimespec.tv_nsec;
#else
		f->mtime_nsec = (long long)st.st_mtim.tv_nsec;
#endif
		f->size = (long long)st.st_size;
	}
}

void probe_key_init(struct probe_key *key, const struct fsj_ctx *ctx, enum fsj_backend b)
{
	const char *fail = getenv("FSJAIL_PROBE_FAIL");

	memset(key, 0, sizeof(*key));
	key->backend = b;
	key->os_release = probe_os_release();
	key->abi = ll_abi();
	key->mode = ctx->mode;
	key->workspace = xstrdup(ctx->workspace ? ctx->workspace : "");
	key->home = xstrdup(ctx->env.home ? ctx->env.home : "");
	key->masks = b == FSJ_BACKEND_LANDLOCK && key->abi > 0 && ll_masks_available();
	key->fail = xstrdup(fail ? fail : "");
	file_stamp(&key->baseline, ctx->env.baseline_file);
	file_stamp(&key->rules, ctx->env.rules_file);
	file_stamp(&key->config, ctx->env.config_file);
}

static void file_release(struct probe_file *f)
{
	free(f->path);
	f->path = NULL;
}

void probe_key_release(struct probe_key *key)
{
	free(key->os_release);
	free(key->workspace);
	free(key->home);
	free(key->fail);
	file_release(&key->baseline);
	file_release(&key->rules);
	file_release(&key->config);
	memset(key, 0, sizeof(*key));
}

static bool file_equal(const struct probe_file *a, const struct probe_file *b)
{
	return strcmp(a->path, b->path) == 0 && a->mtime_sec == b->mtime_sec &&
	       a->mtime_nsec == b->mtime_nsec && a->size == b->size;
}

bool probe_key_equal(const struct probe_key *a, const struct probe_key *b)
{
	return a->backend == b->backend && strcmp(a->os_release, b->os_release) == 0 &&
	       a->abi == b->abi && a->mode == b->mode && strcmp(a->workspace, b->workspace) == 0 &&
	       strcmp(a->home, b->home) == 0 && a->masks == b->masks &&
	       strcmp(a->fail, b->fail) == 0 && file_equal(&a->baseline, &b->baseline) &&
	       file_equal(&a->rules, &b->rules) && file_equal(&a->config, &b->config);
}

void probe_report_release(struct probe_report *r)
{
	probe_key_release(&r->key);
	free(r->fsjail_version);
	free(r->time);
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		struct probe_tier *pt = &r->tiers[t];

		free(pt->error);
		for (size_t i = 0; i < pt->n_checks; i++) {
			free(pt->checks[i].reason);
			free(pt->checks[i].path);
		}
	}
	memset(r, 0, sizeof(*r));
	r->proven = -1;
}

/* ------------------------------------------------------------------------
 * JSON
 */

static cJSON *file_json(const struct probe_file *f)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "path", f->path);
	cJSON_AddNumberToObject(o, "mtime_sec", (double)f->mtime_sec);
	cJSON_AddNumberToObject(o, "mtime_nsec", (double)f->mtime_nsec);
	cJSON_AddNumberToObject(o, "size", (double)f->size);
	return o;
}

static void add_str_or_null(cJSON *o, const char *name, const char *s)
{
	if (s)
		cJSON_AddStringToObject(o, name, s);
	else
		cJSON_AddNullToObject(o, name);
}

cJSON *probe_report_json(const struct probe_report *r)
{
	cJSON *o = cJSON_CreateObject(), *key, *tiers;

	cJSON_AddStringToObject(o, "schema", PROBE_SCHEMA);
	cJSON_AddStringToObject(o, "fsjail_version", r->fsjail_version);
	cJSON_AddStringToObject(o, "time", r->time);
	cJSON_AddNumberToObject(o, "duration_ms", r->duration_ms);
	cJSON_AddBoolToObject(o, "cached", r->cached);

	key = cJSON_AddObjectToObject(o, "key");
	cJSON_AddStringToObject(key, "backend", fsj_backend_name(r->key.backend));
	cJSON_AddStringToObject(key, "os_release", r->key.os_release);
	cJSON_AddNumberToObject(key, "landlock_abi", r->key.abi);
	cJSON_AddStringToObject(key, "mode", fsj_mode_name(r->key.mode));
	cJSON_AddStringToObject(key, "workspace", r->key.workspace);
	cJSON_AddStringToObject(key, "home", r->key.home);
	cJSON_AddBoolToObject(key, "mount_masks", r->key.masks);
	cJSON_AddStringToObject(key, "fail", r->key.fail);
	cJSON_AddItemToObject(key, "baseline", file_json(&r->key.baseline));
	cJSON_AddItemToObject(key, "rules", file_json(&r->key.rules));
	cJSON_AddItemToObject(key, "config", file_json(&r->key.config));

	add_str_or_null(o, "proven_tier",
			r->proven >= 0 ? fsj_tier_name((enum fsj_tier)r->proven) : NULL);
	tiers = cJSON_AddArrayToObject(o, "tiers");
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--) {
		const struct probe_tier *pt = &r->tiers[t];
		cJSON *jt = cJSON_CreateObject(), *checks;

		cJSON_AddStringToObject(jt, "tier", fsj_tier_name(pt->tier));
		cJSON_AddBoolToObject(jt, "compiled", pt->compiled);
		add_str_or_null(jt, "error", pt->error);
		cJSON_AddBoolToObject(jt, "proven", pt->proven);
		checks = cJSON_AddArrayToObject(jt, "checks");
		for (size_t i = 0; i < pt->n_checks; i++) {
			const struct probe_check *c = &pt->checks[i];
			cJSON *jc = cJSON_CreateObject();
			int cap = probe_check_cap(c->id);

			cJSON_AddStringToObject(jc, "check", probe_check_name(c->id));
			add_str_or_null(jc, "capability",
					cap >= 0 ? fsj_cap_name((enum fsj_cap)cap) : NULL);
			cJSON_AddStringToObject(jc, "result", probe_result_name(c->result));
			cJSON_AddStringToObject(jc, "reason", c->reason ? c->reason : "");
			add_str_or_null(jc, "path", c->path);
			cJSON_AddItemToArray(checks, jc);
		}
		cJSON_AddItemToArray(tiers, jt);
	}
	return o;
}

/* Strict readers: each returns 0, or -1 when the member is missing or of
 * another type. Nothing in a cache file is trusted until it has passed. */
static int j_str(const cJSON *o, const char *name, char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsString(v) || !v->valuestring)
		return -1;
	*out = xstrdup(v->valuestring);
	return 0;
}

static int j_str_or_null(const cJSON *o, const char *name, char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (cJSON_IsNull(v)) {
		*out = NULL;
		return 0;
	}
	return j_str(o, name, out);
}

static int j_bool(const cJSON *o, const char *name, bool *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsBool(v))
		return -1;
	*out = cJSON_IsTrue(v);
	return 0;
}

/* An integral number in [min, max]. */
static int j_int(const cJSON *o, const char *name, long long min, long long max, long long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
	double d;

	if (!cJSON_IsNumber(v))
		return -1;
	d = v->valuedouble;
	if (!isfinite(d) || d < (double)min || d > (double)max || d != floor(d))
		return -1;
	*out = (long long)d;
	return 0;
}

/* A name from a fixed set, through parse (returns < 0 when unknown). */
static int j_enum(const cJSON *o, const char *name, int (*parse)(const char *), int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
	int e;

	if (!cJSON_IsString(v) || !v->valuestring)
		return -1;
	e = parse(v->valuestring);
	if (e < 0)
		return -1;
	*out = e;
	return 0;
}

/* 2^53: the largest integer a JSON number (a double) holds exactly. */
#define J_INT_MAX 9007199254740992LL

static int file_from_json(const cJSON *o, struct probe_file *f)
{
	if (!cJSON_IsObject(o) || j_str(o, "path", &f->path) < 0 ||
	    j_int(o, "mtime_sec", -J_INT_MAX, J_INT_MAX, &f->mtime_sec) < 0 ||
	    j_int(o, "mtime_nsec", -1, 999999999, &f->mtime_nsec) < 0 ||
	    j_int(o, "size", -1, J_INT_MAX, &f->size) < 0)
		return -1;
	return 0;
}

static int key_from_json(const cJSON *o, struct probe_key *k)
{
	long long abi;
	int e;

	if (!cJSON_IsObject(o))
		return -1;
	if (j_enum(o, "backend", fsj_backend_parse, &e) < 0)
		return -1;
	k->backend = (enum fsj_backend)e;
	if (j_enum(o, "mode", fsj_mode_parse, &e) < 0)
		return -1;
	k->mode = (enum fsj_mode)e;
	if (j_str(o, "os_release", &k->os_release) < 0 ||
	    j_int(o, "landlock_abi", 0, INT_MAX, &abi) < 0 ||
	    j_str(o, "workspace", &k->workspace) < 0 || j_str(o, "home", &k->home) < 0 ||
	    j_bool(o, "mount_masks", &k->masks) < 0 || j_str(o, "fail", &k->fail) < 0 ||
	    file_from_json(cJSON_GetObjectItemCaseSensitive(o, "baseline"), &k->baseline) < 0 ||
	    file_from_json(cJSON_GetObjectItemCaseSensitive(o, "rules"), &k->rules) < 0 ||
	    file_from_json(cJSON_GetObjectItemCaseSensitive(o, "config"), &k->config) < 0)
		return -1;
	k->abi = (int)abi;
	return 0;
}

/* The checks of tier t, in id order. */
static size_t tier_checks(enum fsj_tier t, enum probe_check_id ids[PROBE_CHECK_COUNT])
{
	size_t n = 0;

	for (int i = 0; i < PROBE_CHECK_COUNT; i++)
		if (probe_check_min_tier((enum probe_check_id)i) <= t)
			ids[n++] = (enum probe_check_id)i;
	return n;
}

static bool tier_passes(const struct probe_tier *pt)
{
	if (!pt->compiled || pt->n_checks == 0)
		return false;
	for (size_t i = 0; i < pt->n_checks; i++)
		if (pt->checks[i].result == PROBE_RESULT_FAILED)
			return false;
	return true;
}

static int proven_of(const struct probe_report *r)
{
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--)
		if (r->tiers[t].proven)
			return t;
	return -1;
}

static int tier_from_json(const cJSON *o, struct probe_report *r, bool seen[FSJ_TIER_COUNT])
{
	enum probe_check_id ids[PROBE_CHECK_COUNT];
	const cJSON *checks, *jc;
	struct probe_tier *pt;
	size_t n, i = 0;
	bool proven;
	int t;

	if (!cJSON_IsObject(o) || j_enum(o, "tier", fsj_tier_parse, &t) < 0 || seen[t])
		return -1;
	seen[t] = true;
	pt = &r->tiers[t];
	pt->tier = (enum fsj_tier)t;
	if (j_bool(o, "compiled", &pt->compiled) < 0 || j_str_or_null(o, "error", &pt->error) < 0 ||
	    j_bool(o, "proven", &proven) < 0)
		return -1;
	checks = cJSON_GetObjectItemCaseSensitive(o, "checks");
	if (!cJSON_IsArray(checks))
		return -1;
	/* Exactly the tier's checks, in order: a report that leaves one out
	 * has not proven the tier. */
	n = tier_checks(pt->tier, ids);
	cJSON_ArrayForEach(jc, checks)
	{
		struct probe_check *c;
		int id, res, cap;
		char *capname = NULL;

		if (i >= n || !cJSON_IsObject(jc))
			return -1;
		c = &pt->checks[i];
		pt->n_checks = ++i;
		if (j_enum(jc, "check", check_parse, &id) < 0 ||
		    (enum probe_check_id)id != ids[i - 1])
			return -1;
		c->id = (enum probe_check_id)id;
		if (j_enum(jc, "result", result_parse, &res) < 0)
			return -1;
		c->result = (enum probe_result)res;
		if (j_str(jc, "reason", &c->reason) < 0 ||
		    j_str_or_null(jc, "path", &c->path) < 0 ||
		    j_str_or_null(jc, "capability", &capname) < 0)
			return -1;
		cap = probe_check_cap(c->id);
		if (cap < 0 ? capname != NULL : (!capname || fsj_cap_parse(capname) != cap)) {
			free(capname);
			return -1;
		}
		free(capname);
	}
	if (i != n || proven != tier_passes(pt))
		return -1;
	pt->proven = proven;
	return 0;
}

int probe_report_from_json(const cJSON *j, struct probe_report *out)
{
	const cJSON *tiers, *jt;
	bool seen[FSJ_TIER_COUNT] = { false };
	char *schema = NULL, *proven = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	out->proven = -1;
	if (!cJSON_IsObject(j) || j_str(j, "schema", &schema) < 0 ||
	    strcmp(schema, PROBE_SCHEMA) != 0)
		goto out;
	if (j_str(j, "fsjail_version", &out->fsjail_version) < 0 ||
	    j_str(j, "time", &out->time) < 0 || j_bool(j, "cached", &out->cached) < 0)
		goto out;
	{
		const cJSON *d = cJSON_GetObjectItemCaseSensitive(j, "duration_ms");

		if (!cJSON_IsNumber(d) || !isfinite(d->valuedouble) || d->valuedouble < 0)
			goto out;
		out->duration_ms = d->valuedouble;
	}
	if (key_from_json(cJSON_GetObjectItemCaseSensitive(j, "key"), &out->key) < 0)
		goto out;
	tiers = cJSON_GetObjectItemCaseSensitive(j, "tiers");
	if (!cJSON_IsArray(tiers) || cJSON_GetArraySize(tiers) != FSJ_TIER_COUNT)
		goto out;
	cJSON_ArrayForEach(jt, tiers)
	{
		if (tier_from_json(jt, out, seen) < 0)
			goto out;
	}
	/* The proven tier must be what the checks say, not what a file says. */
	out->proven = proven_of(out);
	if (j_str_or_null(j, "proven_tier", &proven) < 0)
		goto out;
	if (proven ? fsj_tier_parse(proven) != out->proven : out->proven != -1)
		goto out;
	rc = 0;
out:
	free(schema);
	free(proven);
	if (rc < 0)
		probe_report_release(out);
	return rc;
}

/* ------------------------------------------------------------------------
 * The cache
 */

/* Read a JSON file without following a symlink or blocking on a FIFO.
 * Returns the parsed document or NULL. */
static cJSON *json_read(const char *path)
{
	cleanup_fd int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct strbuf sb = STRBUF_INIT;
	char chunk[8192];
	struct stat st;
	cJSON *j;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > PROBE_JSON_MAX)
		return NULL;
	for (;;) {
		ssize_t r = read(fd, chunk, sizeof(chunk));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || sb.len + (size_t)r > PROBE_JSON_MAX) {
			sb_release(&sb);
			return NULL;
		}
		if (r == 0)
			break;
		sb_add(&sb, chunk, (size_t)r);
	}
	j = sb.len ? cJSON_ParseWithLength(sb.buf, sb.len) : NULL;
	sb_release(&sb);
	return j;
}

/* The cache's entries array, or NULL when doc is not a cache. */
static const cJSON *cache_entries(const cJSON *doc)
{
	const cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc, "schema");
	const cJSON *entries = cJSON_GetObjectItemCaseSensitive(doc, "entries");

	if (!cJSON_IsObject(doc) || !cJSON_IsString(schema) || !schema->valuestring ||
	    strcmp(schema->valuestring, PROBE_CACHE_SCHEMA) != 0 || !cJSON_IsArray(entries))
		return NULL;
	return entries;
}

int probe_cache_load(const char *path, const struct probe_key *key, struct probe_report *out)
{
	cJSON *doc = json_read(path), *e;
	const cJSON *entries = doc ? cache_entries(doc) : NULL;
	int found = 0;

	memset(out, 0, sizeof(*out));
	out->proven = -1;
	if (!entries)
		goto out;
	cJSON_ArrayForEach(e, entries)
	{
		struct probe_report r;

		if (probe_report_from_json(e, &r) < 0)
			continue;
		/* A report of another fsjail version may have other checks. */
		if (probe_key_equal(&r.key, key) &&
		    strcmp(r.fsjail_version, PACKAGE_VERSION) == 0) {
			*out = r;
			out->cached = true;
			found = 1;
			break;
		}
		probe_report_release(&r);
	}
out:
	cJSON_Delete(doc);
	return found;
}

/* fsync the folder holding path, so the rename survives a crash. */
static void fsync_dir_of(const char *path)
{
	cleanup_free char *dir = path_dirname(path);
	cleanup_fd int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0)
		(void)fsync(fd);
}

int probe_cache_store(const char *path, const struct probe_report *r, struct fsj_error *err)
{
	cJSON *old = json_read(path), *doc, *entries, *e, *mine;
	const cJSON *old_entries = old ? cache_entries(old) : NULL;
	cleanup_free char *tmp = xasprintf("%s.XXXXXX", path);
	char *text = NULL;
	size_t n = 1;
	int fd, saved = 0, rc = -1;

	doc = cJSON_CreateObject();
	cJSON_AddStringToObject(doc, "schema", PROBE_CACHE_SCHEMA);
	entries = cJSON_AddArrayToObject(doc, "entries");
	mine = probe_report_json(r);
	cJSON_ReplaceItemInObject(mine, "cached", cJSON_CreateFalse());
	cJSON_AddItemToArray(entries, mine);
	/* Keep the other valid entries (other workspaces, modes, backends),
	 * newest first; anything that does not parse is dropped. */
	if (old_entries) {
		cJSON_ArrayForEach(e, old_entries)
		{
			struct probe_report o;

			if (n >= PROBE_CACHE_MAX_ENTRIES)
				break;
			if (probe_report_from_json(e, &o) < 0)
				continue;
			if (!probe_key_equal(&o.key, &r->key)) {
				cJSON_AddItemToArray(entries, cJSON_Duplicate(e, true));
				n++;
			}
			probe_report_release(&o);
		}
	}
	text = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	cJSON_Delete(old);
	if (!text)
		return fsj_error_set(err, NULL, 0, 0, "cannot format the probe cache");

	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot write probe cache '%s': %s", path,
			      strerror(saved));
		goto out;
	}
	if (fchmod(fd, 0600) < 0 || write_all(fd, text, strlen(text)) < 0 ||
	    write_all(fd, "\n", 1) < 0 || fsync(fd) < 0)
		saved = errno;
	if (close(fd) < 0 && !saved)
		saved = errno;
	if (!saved && rename(tmp, path) < 0) {
		saved = errno;
		/* Something else took the name (a folder): an empty one is
		 * replaced; anything else is left alone and reported. */
		if ((saved == EISDIR || saved == ENOTEMPTY || saved == EEXIST) && rmdir(path) == 0)
			saved = rename(tmp, path) < 0 ? errno : 0;
	}
	if (saved) {
		fsj_error_set(err, NULL, 0, 0, "cannot write probe cache '%s': %s", path,
			      strerror(saved));
		(void)unlink(tmp);
		goto out;
	}
	fsync_dir_of(path);
	rc = 0;
out:
	free(text);
	return rc;
}

/* ------------------------------------------------------------------------
 * The experiment (runs in the helper process)
 */

/* Names of the files in a scratch folder. */
#define F_WRITE "w"   /* exists, "orig": the write checks */
#define F_CWRITE "cw" /* the same, for the control */
#define F_NEW "n"     /* never exists: the create checks */
#define F_CNEW "cn"
#define F_DELETE "d" /* exists: the delete check */
#define F_CDELETE "cd"
#define F_EXEC "x" /* a copy of true(1), mode 0700 */
#define F_READ "r" /* exists: the read check and its control */

#define ORIG "orig\n"
#define WRITTEN "fsjail-probe"

/* The script every batch of checks runs: fixed text, whose only inputs are
 * its arguments, pairs of (operation, path), all made by fsjail. Each
 * operation is a command of its own; its exit status is reported on
 * standard output as "N STATUS", after "started". printf and true are
 * regular built-ins: a redirection they cannot open fails the command, not
 * the shell (POSIX 2.8.1), and opening is what the kernel checks, so no
 * process is started for them. A fixed PATH, so that a PATH entry behind
 * the read fence changes nothing. */
static const char sh_batch[] = "PATH=/usr/bin:/bin; export PATH\n"
			       "echo started\n"
			       "i=0\n"
			       "while [ $# -ge 2 ]; do\n"
			       "	i=$((i + 1))\n"
			       "	case $1 in\n"
			       "	write) printf " WRITTEN " 2>/dev/null > \"$2\" ;;\n"
			       "	delete) rm -f -- \"$2\" 2>/dev/null ;;\n"
			       "	exec) \"$2\" 2>/dev/null ;;\n"
			       "	read) true 2>/dev/null < \"$2\" ;;\n"
			       "	list) ls -a -- \"$2\" > /dev/null 2>&1 ;;\n"
			       "	*) false ;;\n"
			       "	esac\n"
			       "	echo \"$i $?\"\n"
			       "	shift 2\n"
			       "done\n"
			       "exit 0\n";

/* Most operations in one batch: the checks of one tier (at most
 * PROBE_CHECK_COUNT), or the controls (at most 4 scratch folders x 5
 * checks, and the system file). */
#define BATCH_MAX 32

/* The scratch folders, in the order the checks try them. */
enum {
	SCR_WORKSPACE = 0,
	SCR_TMP,
	SCR_HOME,
	SCR_STATE,
	SCR_COUNT
};

/* Control outcomes, per scratch folder and check. */
enum {
	CTRL_UNKNOWN = 0,
	CTRL_OK,
	CTRL_FAILED
};

struct scratch {
	char *dir; /* absolute; NULL when it could not be made */
	int fd;    /* O_DIRECTORY, -1 when none */
	int control[PROBE_CHECK_COUNT];
};

/* One operation of a batch. */
struct op {
	enum probe_check_id id;
	struct scratch *s; /* NULL: the system path */
	const char *name;  /* file in s, or NULL */
	char *path;
	const char *verb;
	struct probe_check *check; /* where the result goes; NULL for a control */
	int rc;                    /* exit status reported, -1 when none */
};

struct prober {
	const struct fsj_ctx *ctx;
	struct sandbox *none; /* the null sandbox: controls */
	struct scratch s[SCR_COUNT];
	char *sys_path; /* the full tier's read target, or NULL */
	bool sys_is_dir;
	int sys_control;
	const char *fail; /* FSJAIL_PROBE_FAIL */
};

static bool forced_to_fail(const struct prober *p, enum probe_check_id id)
{
	const char *s = p->fail, *name = probe_check_name(id);
	size_t len = strlen(name);

	while (s && *s) {
		const char *end = strchr(s, ',');
		size_t n = end ? (size_t)(end - s) : strlen(s);

		if (n == len && strncmp(s, name, n) == 0)
			return true;
		s = end ? end + 1 : NULL;
	}
	return false;
}

/* Write content to name in dfd (created or truncated, never through a
 * symlink). Returns 0 or -1. */
static int put_file(int dfd, const char *name, const char *content, mode_t mode)
{
	cleanup_fd int fd =
		openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode);

	if (fd < 0)
		return -1;
	return write_all(fd, content, strlen(content));
}

/* true when name in dfd is a regular file holding exactly content. */
static bool file_is(int dfd, const char *name, const char *content)
{
	cleanup_fd int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	char buf[64];
	size_t len = 0, want = strlen(content);
	ssize_t r;

	if (fd < 0)
		return false;
	while (len < sizeof(buf) && (r = read(fd, buf + len, sizeof(buf) - len)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		len += (size_t)r;
	}
	return len == want && memcmp(buf, content, want) == 0;
}

static bool file_exists(int dfd, const char *name)
{
	struct stat st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* Copy true(1) to name in dfd, mode 0700; a shell script when there is no
 * true binary to copy. Returns 0 or -1. */
static int put_binary(int dfd, const char *name)
{
	static const char *const sources[] = { "/bin/true", "/usr/bin/true" };
	char *data = NULL;
	size_t len = 0;
	int rc;

	for (size_t i = 0; i < sizeof(sources) / sizeof(sources[0]) && !data; i++)
		if (read_file(sources[i], PROBE_BINARY_MAX, &data, &len) < 0)
			data = NULL;
	if (!data) {
		data = xstrdup("#!/bin/sh\nexit 0\n");
		len = strlen(data);
	}
	{
		cleanup_fd int fd = openat(
			dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0700);

		rc = fd < 0 || write_all(fd, data, len) < 0 || fchmod(fd, 0700) < 0 ? -1 : 0;
	}
	free(data);
	return rc;
}

/* Remove a scratch folder: its entries (one level: the checks make no
 * deeper ones), then itself. */
static void scratch_remove(struct scratch *s)
{
	DIR *d;
	struct dirent *de;
	int dfd;

	if (s->fd >= 0) {
		dfd = dup(s->fd);
		d = dfd >= 0 ? fdopendir(dfd) : NULL;
		if (d) {
			while ((de = readdir(d)) != NULL) {
				if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
					continue;
				/* a folder: EISDIR on Linux, EPERM by POSIX */
				if (unlinkat(s->fd, de->d_name, 0) < 0 &&
				    (errno == EISDIR || errno == EPERM))
					(void)unlinkat(s->fd, de->d_name, AT_REMOVEDIR);
			}
			closedir(d);
		} else if (dfd >= 0) {
			close(dfd);
		}
		close(s->fd);
		s->fd = -1;
	}
	if (s->dir)
		(void)rmdir(s->dir);
	free(s->dir);
	s->dir = NULL;
}

/* Make a scratch folder "<base>/<prefix>XXXXXX" with its files. Returns 0,
 * or -1 with nothing left behind. */
static int scratch_make(struct scratch *s, const char *base, const char *prefix)
{
	char *tmpl = xasprintf("%s/%sXXXXXX", strcmp(base, "/") == 0 ? "" : base, prefix);
	struct stat st;

	if (lstat(base, &st) < 0 || !S_ISDIR(st.st_mode) || !mkdtemp(tmpl)) {
		free(tmpl);
		return -1;
	}
	s->fd = open(tmpl, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	s->dir = tmpl;
	if (s->fd < 0 || put_file(s->fd, F_WRITE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_CWRITE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_DELETE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_CDELETE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_READ, "fsjail probe: a fenced file\n", 0600) < 0 ||
	    put_binary(s->fd, F_EXEC) < 0) {
		scratch_remove(s);
		return -1;
	}
	return 0;
}

/* The policy's decision on cap at path (normalised, absolute). */
static bool allowed(const struct fsj_policy *pol, const char *path, enum fsj_cap cap)
{
	cleanup_free char *resolved = path_resolve(path);
	struct fsj_decision d;

	policy_decide(pol, path, resolved, cap, &d);
	return d.allowed;
}

static bool in_user_data_root(const struct fsj_policy *pol, const char *path)
{
	cleanup_free char *resolved = path_resolve(path);

	for (size_t i = 0; i < pol->n_user_data_roots; i++)
		if (path_covers(pol->user_data_roots[i], path) ||
		    path_covers(pol->user_data_roots[i], resolved))
			return true;
	return false;
}

/* The file a check uses in a scratch folder (control: its sibling). */
static const char *check_file(enum probe_check_id id, bool control)
{
	switch (id) {
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
		return control ? F_CWRITE : F_WRITE;
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		return control ? F_CNEW : F_NEW;
	case PROBE_CHECK_DELETE_DENIED:
		return control ? F_CDELETE : F_DELETE;
	case PROBE_CHECK_EXEC_DENIED:
		return F_EXEC;
	case PROBE_CHECK_READ_FENCED:
		return F_READ;
	default:
		return NULL;
	}
}

static const char *check_verb(enum probe_check_id id, bool dir)
{
	switch (id) {
	case PROBE_CHECK_DELETE_DENIED:
		return "delete";
	case PROBE_CHECK_EXEC_DENIED:
		return "exec";
	case PROBE_CHECK_READ_FENCED:
	case PROBE_CHECK_READ_SYSTEM:
		return dir ? "list" : "read";
	default:
		return "write";
	}
}

/* Put a scratch file back as the checks expect it. */
static void reset_file(int dfd, enum probe_check_id id, const char *name)
{
	switch (id) {
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
	case PROBE_CHECK_DELETE_DENIED:
		(void)put_file(dfd, name, ORIG, 0600);
		break;
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		(void)unlinkat(dfd, name, 0);
		break;
	default:
		break;
	}
}

/* Did the operation happen? Seen on the file for write, create and
 * delete; from the exit status for exec and read. */
static bool op_happened(const struct op *o)
{
	switch (o->id) {
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		return file_is(o->s->fd, o->name, WRITTEN);
	case PROBE_CHECK_DELETE_DENIED:
		return !file_exists(o->s->fd, o->name);
	default:
		return o->rc == 0;
	}
}

/* A denial as the shell reports it: the operation's own failure (exit 1 or
 * 2 from printf's redirection, rm, cat or ls; 126 for an exec the kernel
 * refused), not "not found" or an unreported operation. */
static bool denial_status(enum probe_check_id id, int rc)
{
	if (id == PROBE_CHECK_EXEC_DENIED)
		return rc == FSJ_EXIT_NOEXEC;
	return rc >= 1 && rc < FSJ_EXIT_ERROR;
}

/* Add an operation to a batch. */
static void op_add(struct op *ops, size_t *n, enum probe_check_id id, struct scratch *s,
		   bool control, const char *sys_path, bool sys_dir, struct probe_check *check)
{
	struct op *o = &ops[(*n)++];

	memset(o, 0, sizeof(*o));
	o->id = id;
	o->s = s;
	o->name = s ? check_file(id, control) : NULL;
	o->path = s ? path_join(s->dir, o->name) : xstrdup(sys_path);
	o->verb = check_verb(id, !s && sys_dir);
	o->check = check;
	o->rc = -1;
}

static void ops_release(struct op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (ops[i].s)
			reset_file(ops[i].s->fd, ops[i].id, ops[i].name);
		free(ops[i].path);
	}
}

/* Read what a batch printed: "started", then "N STATUS" per operation. */
static bool parse_batch(const char *out, struct op *ops, size_t n)
{
	const char *p = out;
	bool started = false;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		unsigned long i;
		int rc;

		if (strncmp(p, "started\n", 8) == 0)
			started = true;
		else if (sscanf(p, "%lu %d", &i, &rc) == 2 && i >= 1 && i <= n)
			ops[i - 1].rc = rc;
		p = nl ? nl + 1 : NULL;
	}
	return started;
}

/* Run a batch of operations under sb: /bin/sh -c sh_batch with the pairs
 * as arguments, its standard output on a pipe (the only change to the
 * helper's streams, undone before returning). Returns the exit status as
 * launch_run() gives it; *started tells whether the script began, *why is
 * set when nothing ran (125). */
static int run_batch(struct sandbox *sb, struct op *ops, size_t n, bool *started, char **why)
{
	struct fsj_error err = { { 0 } };
	struct strbuf out = STRBUF_INIT;
	char **argv = xcalloc(2 * n + 5, sizeof(*argv));
	char chunk[4096];
	int fds[2], rc;
	size_t k = 0;

	*started = false;
	argv[k++] = xstrdup("/bin/sh");
	argv[k++] = xstrdup("-c");
	argv[k++] = xstrdup(sh_batch);
	argv[k++] = xstrdup("fsjail-probe");
	for (size_t i = 0; i < n; i++) {
		argv[k++] = xstrdup(ops[i].verb);
		argv[k++] = xstrdup(ops[i].path);
		if (ops[i].s)
			reset_file(ops[i].s->fd, ops[i].id, ops[i].name);
	}
	if (pipe(fds) < 0) {
		rc = FSJ_EXIT_ERROR;
		*why = xasprintf("cannot create a pipe: %s", strerror(errno));
		goto out;
	}
	/* The batch prints a few hundred bytes: far below a pipe's buffer,
	 * so it never blocks before we read. */
	(void)fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	(void)fcntl(fds[0], F_SETFL, O_NONBLOCK);
	(void)dup2(fds[1], STDOUT_FILENO);
	close(fds[1]);
	rc = launch_run(sb, argv, &err);
	{
		int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

		if (null >= 0) {
			(void)dup2(null, STDOUT_FILENO);
			close(null);
		}
	}
	for (;;) {
		ssize_t r = read(fds[0], chunk, sizeof(chunk));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || out.len > 65536)
			break;
		sb_add(&out, chunk, (size_t)r);
	}
	close(fds[0]);
	*started = parse_batch(out.buf, ops, n);
	if (rc == FSJ_EXIT_ERROR && !*started)
		*why = xstrdup(err.text[0] ? err.text : "the command could not be started");
out:
	for (size_t i = 0; i < k; i++)
		free(argv[i]);
	free(argv);
	sb_release(&out);
	return rc;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Look for the full tier's read target: an entry of "/" outside the
 * user-data roots that the full tier's policy does not let be read, that
 * is not a symlink and that fsjail itself can read. Regular files first,
 * then folders (read as a listing). */
static void find_system_target(struct prober *p, const struct fsj_policy *pol)
{
	DIR *d = opendir("/");
	struct dirent *de;
	char **names = NULL;
	size_t n = 0;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL && n < PROBE_ROOT_ENTRIES_MAX) {
		if (de->d_name[0] == '.' &&
		    (de->d_name[1] == '\0' || (de->d_name[1] == '.' && de->d_name[2] == '\0')))
			continue;
		names = xreallocarray(names, n + 1, sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (int pass = 0; pass < 2 && !p->sys_path; pass++) {
		for (size_t i = 0; i < n && !p->sys_path; i++) {
			char *path = path_join("/", names[i]);
			struct stat st;
			bool covers_root = false;

			for (size_t r = 0; r < pol->n_user_data_roots; r++)
				if (path_covers(path, pol->user_data_roots[r]))
					covers_root = true;
			if (!covers_root && !in_user_data_root(pol, path) &&
			    lstat(path, &st) == 0 &&
			    (pass == 0 ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode)) &&
			    access(path, R_OK) == 0 && !allowed(pol, path, FSJ_CAP_READ)) {
				p->sys_path = path;
				p->sys_is_dir = pass == 1;
			} else {
				free(path);
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void set_check(struct probe_check *c, enum probe_result res, const char *path, char *reason)
{
	c->result = res;
	free(c->path);
	c->path = path ? xstrdup(path) : NULL;
	free(c->reason);
	c->reason = reason;
}

/* The work of one tier between the phases. */
struct tier_work {
	struct fsj_policy *pol;
	struct sandbox *sb;
	struct op ops[BATCH_MAX];
	size_t n;
};

/* Phase 2: the controls, once, in one batch without a sandbox: each
 * operation a tier will run, on a sibling file (on the same file for exec
 * and read, which change nothing), must work, or a denial under the
 * sandbox proves nothing. Only the pairs the tiers use are run. */
static void run_controls(struct prober *p, struct tier_work *w)
{
	struct op ops[BATCH_MAX];
	bool want[SCR_COUNT][PROBE_CHECK_COUNT] = { { false } }, want_sys = false, started;
	size_t n = 0;
	char *why = NULL;

	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		for (size_t i = 0; i < w[t].n; i++) {
			const struct op *o = &w[t].ops[i];

			if (o->id == PROBE_CHECK_WRITE_ALLOWED ||
			    o->id == PROBE_CHECK_CREATE_ALLOWED)
				continue;
			if (o->s)
				want[o->s - p->s][o->id] = true;
			else
				want_sys = true;
		}
	}
	for (int i = 0; i < SCR_COUNT; i++)
		for (int id = 0; id < PROBE_CHECK_COUNT; id++)
			if (want[i][id] && n < BATCH_MAX)
				op_add(ops, &n, (enum probe_check_id)id, &p->s[i], true, NULL,
				       false, NULL);
	if (want_sys && n < BATCH_MAX)
		op_add(ops, &n, PROBE_CHECK_READ_SYSTEM, NULL, false, p->sys_path, p->sys_is_dir,
		       NULL);
	if (n == 0)
		return;
	(void)run_batch(p->none, ops, n, &started, &why);
	for (size_t i = 0; i < n; i++) {
		int ok = started && ops[i].rc == 0 && op_happened(&ops[i]) ? CTRL_OK : CTRL_FAILED;

		if (ops[i].s)
			ops[i].s->control[ops[i].id] = ok;
		else
			p->sys_control = ok;
	}
	ops_release(ops, n);
	free(why);
}

/* Phase 1: where check c runs at a tier with policy pol: adds the
 * operation to the batch, or settles the check at once (n/a, or a forced
 * failure). */
static void plan_check(struct prober *p, const struct fsj_policy *pol, struct probe_check *c,
		       struct op *ops, size_t *n)
{
	enum probe_check_id id = c->id;
	int cap = probe_check_cap(id);
	char *path;

	if (forced_to_fail(p, id)) {
		set_check(c, PROBE_RESULT_FAILED, NULL,
			  xstrdup("forced to fail by FSJAIL_PROBE_FAIL (test-only)"));
		return;
	}
	switch (id) {
	case PROBE_CHECK_SHELL:
		return; /* settled by the batch itself */

	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_CREATE_ALLOWED:
		/* The workspace (workspace-write mode), else the temporary
		 * folder: the first where the policy grants it. */
		for (int i = SCR_WORKSPACE; i <= SCR_TMP; i++) {
			struct scratch *s = &p->s[i];
			bool usable;

			if (!s->dir)
				continue;
			path = path_join(s->dir, check_file(id, false));
			usable = allowed(pol, path, (enum fsj_cap)cap);
			free(path);
			if (usable) {
				op_add(ops, n, id, s, false, NULL, false, c);
				return;
			}
		}
		set_check(
			c, PROBE_RESULT_NA, NULL,
			xasprintf("no scratch folder where the policy grants %s could be made "
				  "(tried the workspace in workspace-write mode, $TMPDIR or /tmp)",
				  fsj_cap_name((enum fsj_cap)cap)));
		return;

	case PROBE_CHECK_READ_SYSTEM:
		if (p->sys_path)
			op_add(ops, n, id, NULL, false, p->sys_path, p->sys_is_dir, c);
		else
			set_check(c, PROBE_RESULT_NA, NULL,
				  xstrdup("no file or folder under / outside the user-data roots "
					  "is left ungranted by the policy"));
		return;

	case PROBE_CHECK_WRITE_DENIED:
	case PROBE_CHECK_CREATE_DENIED:
	case PROBE_CHECK_DELETE_DENIED:
	case PROBE_CHECK_EXEC_DENIED:
	case PROBE_CHECK_READ_FENCED:
		/* The first scratch folder where the policy denies the
		 * capability (and, for the read fence, inside a user-data
		 * root). */
		for (int i = 0; i < SCR_COUNT; i++) {
			struct scratch *s = &p->s[i];
			bool usable;

			if (!s->dir)
				continue;
			path = path_join(s->dir, check_file(id, false));
			usable = !allowed(pol, path, (enum fsj_cap)cap) &&
				 (id != PROBE_CHECK_READ_FENCED || in_user_data_root(pol, path));
			free(path);
			if (usable) {
				op_add(ops, n, id, s, false, NULL, false, c);
				return;
			}
		}
		if (id == PROBE_CHECK_READ_FENCED)
			set_check(c, PROBE_RESULT_NA, NULL,
				  xstrdup("no scratch folder inside a user-data root is left "
					  "unreadable by the policy (tried the home folder)"));
		else
			set_check(c, PROBE_RESULT_NA, NULL,
				  xasprintf("the policy grants %s in every scratch folder fsjail "
					    "could make (the allowed folder, the home folder, the "
					    "state directory)",
					    fsj_cap_name((enum fsj_cap)cap)));
		return;

	case PROBE_CHECK_COUNT:
		break;
	}
}

/* Settle the checks of a batch from what it reported and from the files. */
static void settle(struct op *ops, size_t n, bool started, int rc, const char *why)
{
	for (size_t i = 0; i < n; i++) {
		struct op *o = &ops[i];
		struct probe_check *c = o->check;
		bool allow =
			c->id == PROBE_CHECK_WRITE_ALLOWED || c->id == PROBE_CHECK_CREATE_ALLOWED;

		if (!started)
			set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("not run: the shell did not start (%s)",
					    why ? why : "no output"));
		else if (o->rc < 0)
			set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("no result reported (the batch exited %d)", rc));
		else if (allow)
			set_check(
				c,
				o->rc == 0 && op_happened(o) ? PROBE_RESULT_OK
							     : PROBE_RESULT_FAILED,
				o->path,
				o->rc == 0 && op_happened(o)
					? xstrdup(c->id == PROBE_CHECK_WRITE_ALLOWED
							  ? "the file was written"
							  : "the file was made")
					: xasprintf(
						  "refused (exit %d) although the policy grants it",
						  o->rc));
		else if (op_happened(o))
			set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("the sandbox let it happen (exit %d)", o->rc));
		else if (!denial_status(c->id, o->rc))
			set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("exit %d is not a denial by the sandbox", o->rc));
		else
			set_check(c, PROBE_RESULT_OK, o->path,
				  xasprintf("refused (exit %d)", o->rc));
	}
}

/* Phase 3: run the checks of one tier under its sandbox. A negative check
 * whose control failed is settled as failed without running. */
static void run_tier(struct prober *p, struct tier_work *w, struct probe_tier *pt)
{
	struct op ops[BATCH_MAX];
	struct probe_check *shell = NULL;
	size_t n = 0;
	bool started;
	char *why = NULL;
	int rc;

	for (size_t i = 0; i < w->n; i++) {
		struct op *o = &w->ops[i];
		bool allow =
			o->id == PROBE_CHECK_WRITE_ALLOWED || o->id == PROBE_CHECK_CREATE_ALLOWED;
		int ctrl = o->s ? o->s->control[o->id] : p->sys_control;

		if (!allow && ctrl != CTRL_OK) {
			set_check(o->check, PROBE_RESULT_FAILED, o->path,
				  o->s ? xasprintf("the control run without a sandbox failed on "
						   "'%s/%s', so a denial would prove nothing",
						   o->s->dir, check_file(o->id, true))
				       : xstrdup("the control read without a sandbox failed, so a "
						 "denial would prove nothing"));
			free(o->path);
			continue;
		}
		ops[n++] = *o;
	}
	w->n = 0;
	for (size_t i = 0; i < pt->n_checks; i++)
		if (pt->checks[i].id == PROBE_CHECK_SHELL)
			shell = &pt->checks[i];
	rc = run_batch(w->sb, ops, n, &started, &why);
	if (shell && !forced_to_fail(p, PROBE_CHECK_SHELL)) {
		if (started && rc == 0)
			set_check(shell, PROBE_RESULT_OK, NULL,
				  xstrdup("/bin/sh started and exited 0"));
		else if (started)
			set_check(shell, PROBE_RESULT_FAILED, NULL,
				  xasprintf("/bin/sh exited %d instead of 0", rc));
		else
			set_check(shell, PROBE_RESULT_FAILED, NULL,
				  xasprintf("/bin/sh did not start: %s", why ? why : "no output"));
	}
	settle(ops, n, started, rc, why);
	ops_release(ops, n);
	free(why);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static char *iso_time_now(void)
{
	time_t t = time(NULL);
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&t, &tm) || strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return xstrdup("1970-01-01T00:00:00Z");
	return xstrdup(buf);
}

/* The scratch folders: two where writes are normally allowed (the
 * workspace in workspace-write mode; $TMPDIR, else /tmp) and two outside
 * the grants: the home folder (~/.cache when it exists: a user-data root)
 * and fsjail's state directory (protected). Each may be missing. */
static void make_scratch(struct prober *p)
{
	const struct fsj_ctx *ctx = p->ctx;

	for (int i = 0; i < SCR_COUNT; i++)
		p->s[i].fd = -1;
	if (ctx->mode == FSJ_MODE_WORKSPACE_WRITE && ctx->workspace)
		(void)scratch_make(&p->s[SCR_WORKSPACE], ctx->workspace, ".fsjail-probe.");
	if (!ctx->env.tmpdir || scratch_make(&p->s[SCR_TMP], ctx->env.tmpdir, "fsjail-probe.") < 0)
		(void)scratch_make(&p->s[SCR_TMP], "/tmp", "fsjail-probe.");
	if (ctx->env.home) {
		cleanup_free char *cache = path_join(ctx->env.home, ".cache");
		struct stat st;
		const char *base =
			lstat(cache, &st) == 0 && S_ISDIR(st.st_mode) ? cache : ctx->env.home;

		(void)scratch_make(&p->s[SCR_HOME], base, ".fsjail-probe.");
	}
	if (ctx->env.state_dir)
		(void)scratch_make(&p->s[SCR_STATE], ctx->env.state_dir, "probe-scratch.");
}

/* The whole experiment. Fills r (key already set). */
static void experiment(const struct fsj_ctx *ctx, enum fsj_backend b, struct probe_report *r)
{
	struct prober p = { .ctx = ctx, .fail = r->key.fail };
	struct tier_work w[FSJ_TIER_COUNT];
	struct fsj_error err = { { 0 } };
	double t0 = now_ms();

	memset(w, 0, sizeof(w));
	p.none = sandbox_prepare(FSJ_BACKEND_NULL, NULL, ctx, NULL, &err);
	make_scratch(&p);

	/* Phase 1: compile each tier's real profile, strongest first, and
	 * choose where each of its checks runs. */
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--) {
		struct probe_tier *pt = &r->tiers[t];
		enum probe_check_id ids[PROBE_CHECK_COUNT];

		pt->tier = (enum fsj_tier)t;
		pt->n_checks = tier_checks(pt->tier, ids);
		for (size_t i = 0; i < pt->n_checks; i++)
			pt->checks[i].id = ids[i];

		err.text[0] = '\0';
		if (fsj_ctx_policy(ctx, pt->tier, &w[t].pol, &err) == 0)
			w[t].sb = sandbox_prepare(b, w[t].pol, ctx, NULL, &err);
		pt->compiled = w[t].sb != NULL;
		if (!pt->compiled || !p.none) {
			pt->error = pt->compiled
					    ? NULL
					    : xstrdup(err.text[0] ? err.text
								  : "the profile did not compile");
			for (size_t i = 0; i < pt->n_checks; i++)
				set_check(
					&pt->checks[i], PROBE_RESULT_FAILED, NULL,
					xstrdup(pt->compiled
							? "not run: no null sandbox for the "
							  "controls"
							: "not run: the profile did not compile"));
			continue;
		}
		if (t == FSJ_TIER_FULL)
			find_system_target(&p, w[t].pol);
		for (size_t i = 0; i < pt->n_checks; i++)
			plan_check(&p, w[t].pol, &pt->checks[i], w[t].ops, &w[t].n);
	}
	/* Phase 2: the controls of every operation planned. */
	run_controls(&p, w);
	/* Phase 3: each tier's batch under its sandbox. */
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--) {
		if (w[t].sb && p.none)
			run_tier(&p, &w[t], &r->tiers[t]);
		r->tiers[t].proven = tier_passes(&r->tiers[t]);
		sandbox_free(w[t].sb);
		policy_free(w[t].pol);
	}
	for (int i = 0; i < SCR_COUNT; i++)
		scratch_remove(&p.s[i]);
	sandbox_free(p.none);
	free(p.sys_path);

	r->proven = proven_of(r);
	r->duration_ms = now_ms() - t0;
}

/*
 * ====================== the probe helper (forked child) ======================
 * Runs with all of fsjail's rights: it makes and removes the scratch folders
 * and starts every check through launch_run(), whose own child applies the
 * sandbox. Its standard streams are /dev/null and it is in a session of its
 * own, so the checks can neither print to fsjail's streams nor touch its
 * terminal. It never returns: the report goes to report_fd, then _exit().
 * =============================================================================
 */
FSJ_NORETURN static void helper(const struct fsj_ctx *ctx, enum fsj_backend b,
				struct probe_report *r, int report_fd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	char *text;
	cJSON *j;

	(void)setsid();
	(void)alarm(PROBE_TIMEOUT_SEC);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
		_exit(1);
	experiment(ctx, b, r);
	j = probe_report_json(r);
	text = cJSON_PrintUnformatted(j);
	if (!text || write_all(report_fd, text, strlen(text)) < 0)
		_exit(1);
	_exit(0);
}

/* probe_run() with the key already made (moved into the report). */
static int run_keyed(const struct fsj_ctx *ctx, enum fsj_backend b, struct probe_key *key,
		     struct probe_report *out, struct fsj_error *err)
{
	struct probe_report r;
	struct strbuf sb = STRBUF_INIT;
	char chunk[8192];
	int fds[2], status = 0, saved;
	pid_t pid;
	cJSON *j;

	memset(&r, 0, sizeof(r));
	r.proven = -1;
	r.key = *key;
	memset(key, 0, sizeof(*key));
	r.fsjail_version = xstrdup(PACKAGE_VERSION);
	r.time = iso_time_now();

	if (pipe(fds) < 0 || fcntl(fds[0], F_SETFD, FD_CLOEXEC) < 0 ||
	    fcntl(fds[1], F_SETFD, FD_CLOEXEC) < 0) {
		saved = errno;
		probe_report_release(&r);
		return fsj_error_set(err, NULL, 0, 0, "probe: cannot create a pipe: %s",
				     strerror(saved));
	}
	fflush(NULL); /* the helper must not inherit unwritten stdio buffers */
	pid = fork();
	if (pid < 0) {
		saved = errno;
		close(fds[0]);
		close(fds[1]);
		probe_report_release(&r);
		return fsj_error_set(err, NULL, 0, 0, "probe: cannot fork: %s", strerror(saved));
	}
	if (pid == 0) {
		close(fds[0]);
		helper(ctx, b, &r, fds[1]);
	}
	close(fds[1]);
	probe_report_release(&r);
	for (;;) {
		ssize_t n = read(fds[0], chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (sb.len + (size_t)n > PROBE_JSON_MAX)
			break;
		sb_add(&sb, chunk, (size_t)n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	j = sb.len ? cJSON_ParseWithLength(sb.buf, sb.len) : NULL;
	sb_release(&sb);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !j ||
	    probe_report_from_json(j, out) < 0) {
		cJSON_Delete(j);
		if (WIFSIGNALED(status))
			return fsj_error_set(err, NULL, 0, 0,
					     "probe: the helper was killed by signal %d",
					     WTERMSIG(status));
		return fsj_error_set(err, NULL, 0, 0,
				     "probe: the helper did not report (exit status %d)",
				     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	cJSON_Delete(j);
	out->cached = false;
	return 0;
}

int probe_run(const struct fsj_ctx *ctx, enum fsj_backend b, struct probe_report *out,
	      struct fsj_error *err)
{
	struct probe_key key;

	probe_key_init(&key, ctx, b);
	return run_keyed(ctx, b, &key, out, err);
}

/* ------------------------------------------------------------------------
 * Cache + probe, and the choice of a tier
 */

int probe_get(const struct fsj_ctx *ctx, enum fsj_backend b, bool force, struct probe_report *out,
	      struct strbuf *warnings, struct fsj_error *err)
{
	cleanup_free char *cache = path_join(ctx->env.state_dir, PROBE_CACHE_NAME);
	struct probe_key key;
	struct fsj_error werr = { { 0 } };
	int found;

	if (mkdir_p(ctx->env.state_dir, 0700) < 0) {
		int saved = errno;

		return fsj_error_set(err, NULL, 0, 0, "cannot create state directory '%s': %s",
				     ctx->env.state_dir, strerror(saved));
	}
	probe_key_init(&key, ctx, b);
	found = force ? 0 : probe_cache_load(cache, &key, out);
	if (found) {
		probe_key_release(&key);
		return 0;
	}
	if (run_keyed(ctx, b, &key, out, err) < 0)
		return -1;
	if (probe_cache_store(cache, out, &werr) < 0 && warnings)
		sb_addf(warnings, "%s\n", werr.text);
	return 0;
}

/* The first failed check of tier t, as "check 'NAME' (CAP) failed: WHY". */
static void tier_failure(const struct probe_report *r, enum fsj_tier t, struct strbuf *sb)
{
	const struct probe_tier *pt = &r->tiers[t];

	if (!pt->compiled) {
		sb_addf(sb, "tier %s: the profile did not compile: %s", fsj_tier_name(t),
			pt->error ? pt->error : "unknown error");
		return;
	}
	for (size_t i = 0; i < pt->n_checks; i++) {
		const struct probe_check *c = &pt->checks[i];
		int cap = probe_check_cap(c->id);

		if (c->result != PROBE_RESULT_FAILED)
			continue;
		sb_addf(sb, "tier %s: check '%s'%s%s%s failed: %s", fsj_tier_name(t),
			probe_check_name(c->id), cap >= 0 ? " (" : "",
			cap >= 0 ? fsj_cap_name((enum fsj_cap)cap) : "", cap >= 0 ? ")" : "",
			c->reason ? c->reason : "");
		return;
	}
	sb_addf(sb, "tier %s: not proven", fsj_tier_name(t));
}

int probe_choose_tier(const struct probe_report *r, int enforce, struct fsj_error *why)
{
	struct strbuf sb = STRBUF_INIT;

	if (enforce == FSJ_ENFORCE_AUTO) {
		if (r->proven >= 0)
			return r->proven;
		tier_failure(r, FSJ_TIER_WRITES, &sb);
		fsj_error_set(why, NULL, 0, 0,
			      "no fence tier is proven on this kernel for the %s backend: %s",
			      fsj_backend_name(r->key.backend), sb.buf ? sb.buf : "");
		sb_release(&sb);
		return -1;
	}
	if (enforce < 0 || enforce >= FSJ_TIER_COUNT) {
		fsj_error_set(why, NULL, 0, 0, "enforce '%s' does not name a tier",
			      fsj_enforce_name(enforce));
		return -1;
	}
	for (int t = enforce; t < FSJ_TIER_COUNT; t++)
		if (r->tiers[t].proven)
			return t;
	tier_failure(r, (enum fsj_tier)enforce, &sb);
	fsj_error_set(why, NULL, 0, 0,
		      "enforce %s needs tier %s or stronger, but the probe proved %s%s on this "
		      "kernel for the %s backend: %s",
		      fsj_tier_name((enum fsj_tier)enforce), fsj_tier_name((enum fsj_tier)enforce),
		      r->proven >= 0 ? "only tier " : "no tier",
		      r->proven >= 0 ? fsj_tier_name((enum fsj_tier)r->proven) : "",
		      fsj_backend_name(r->key.backend), sb.buf ? sb.buf : "");
	sb_release(&sb);
	return -1;
}
