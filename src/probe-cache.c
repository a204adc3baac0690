/* probe-cache.c - the probe report as JSON and back, strictly checked,
 * and the reading of cache entries, the old single file's among them
 * (DESIGN.md section 5; see probe.h; the cache's folder: probe-store.c). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json-in.h"
#include "json-skip.h"
#include "path.h"
#include "probe-int.h"

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
		cJSON_AddBoolToObject(jt, "probed", pt->probed);
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
	return fsj_json_int(cJSON_GetObjectItemCaseSensitive(o, name), min, max, out) ? 0 : -1;
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
	if (j_bool(o, "probed", &pt->probed) < 0 || j_bool(o, "compiled", &pt->compiled) < 0 ||
	    j_str_or_null(o, "error", &pt->error) < 0 || j_bool(o, "proven", &proven) < 0)
		return -1;
	checks = cJSON_GetObjectItemCaseSensitive(o, "checks");
	if (!cJSON_IsArray(checks))
		return -1;
	/* A tier not probed has nothing: no profile, no check, no proof. */
	if (!pt->probed)
		return pt->compiled || proven || cJSON_GetArraySize(checks) != 0 ? -1 : 0;
	/* Exactly the tier's checks, in order: a report that leaves one out
	 * has not proven the tier. */
	n = probe_tier_checks(pt->tier, ids);
	cJSON_ArrayForEach(jc, checks)
	{
		struct probe_check *c;
		int id, res, cap;
		char *capname = NULL;

		if (i >= n || !cJSON_IsObject(jc))
			return -1;
		c = &pt->checks[i];
		pt->n_checks = ++i;
		if (j_enum(jc, "check", probe_check_parse, &id) < 0 ||
		    (enum probe_check_id)id != ids[i - 1])
			return -1;
		c->id = (enum probe_check_id)id;
		if (j_enum(jc, "result", probe_result_parse, &res) < 0)
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
	if (i != n || proven != probe_tier_passes(pt))
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
	out->proven = probe_proven_of(out);
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
 * Reading entries; the old single cache file (PROBE_CACHE_LEGACY), read
 * only (the files of PROBE_CACHE_DIR: probe-store.c)
 */

char *probe_text_read(int dfd, const char *name, size_t *len)
{
	cleanup_fd int fd =
		openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	struct strbuf sb = STRBUF_INIT;
	char chunk[8192];
	struct stat st;

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
	if (!sb.len)
		return NULL;
	*len = sb.len;
	return sb_detach(&sb);
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

int probe_entry_try(const cJSON *e, struct probe_key *key, bool *lazy, struct probe_report *out)
{
	struct probe_report r;
	struct probe_key k;

	if (probe_report_from_json(e, &r) < 0)
		return 0;
	k = *key; /* shares key's strings: compared, not freed */
	k.masks = r.key.masks;
	/* A report of another fsjail version may have other checks. */
	if (probe_key_equal(&r.key, &k) && strcmp(r.fsjail_version, PACKAGE_VERSION) == 0) {
		if (*lazy) {
			key->masks = probe_key_masks(key);
			*lazy = false;
		}
		if (r.key.masks == key->masks) {
			*out = r;
			out->cached = true;
			return 1;
		}
	}
	probe_report_release(&r);
	return 0;
}

static bool span_is(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) == n && memcmp(p, s, n) == 0;
}

/* The spans of the cache's entries in its text (cache_top()). */
struct entry_spans {
	const char **start, **end;
	size_t n, alloc;
};

/* Step over the array at p (at '['), each element's span added to *sp.
 * Returns the end of the array, or NULL when it is not strict JSON. */
static const char *array_spans(const char *p, const char *end, struct entry_spans *sp)
{
	p = json_skip_blank(p + 1, end);
	if (p < end && *p == ']')
		return p + 1;
	for (;;) {
		const char *e = json_skip_value(p, end);

		if (!e)
			return NULL;
		if (sp->n == sp->alloc) {
			sp->alloc = sp->alloc ? 2 * sp->alloc : 16;
			sp->start = xreallocarray(sp->start, sp->alloc, sizeof(*sp->start));
			sp->end = xreallocarray(sp->end, sp->alloc, sizeof(*sp->end));
		}
		sp->start[sp->n] = p;
		sp->end[sp->n++] = e;
		p = json_skip_blank(e, end);
		if (p < end && *p == ']')
			return p + 1;
		if (p >= end || *p != ',')
			return NULL;
		p = json_skip_blank(p + 1, end);
	}
}

/* The cache's top level in text [p, end): its entries' spans in *sp
 * (caller frees start and end). 0, or -1 when the text is not one object
 * whose members are named without escapes, with one "schema" of
 * PROBE_CACHE_SCHEMA as probe_cache_store() spells it and one "entries"
 * array, all of it strict JSON (json_skip_value()). */
static int cache_top(const char *p, const char *end, struct entry_spans *sp)
{
	bool schema = false, entries = false;

	p = json_skip_blank(p, end);
	if (p >= end || *p != '{')
		return -1;
	p = json_skip_blank(p + 1, end);
	for (;;) {
		const char *name = p, *name_end, *v, *v_end;
		bool is_entries;

		if (p >= end || *p != '"' || !(name_end = json_skip_value(p, end)) ||
		    memchr(name, '\\', (size_t)(name_end - name)))
			return -1;
		p = json_skip_blank(name_end, end);
		if (p >= end || *p != ':')
			return -1;
		v = json_skip_blank(p + 1, end);
		is_entries = span_is(name, name_end, "\"entries\"");
		if (is_entries && (entries || v >= end || *v != '['))
			return -1;
		v_end = is_entries ? array_spans(v, end, sp) : json_skip_value(v, end);
		if (!v_end)
			return -1;
		entries |= is_entries;
		if (span_is(name, name_end, "\"schema\"")) {
			if (schema || !span_is(v, v_end, "\"" PROBE_CACHE_SCHEMA "\""))
				return -1;
			schema = true;
		}
		p = json_skip_blank(v_end, end);
		if (p < end && *p == ',') {
			p = json_skip_blank(p + 1, end);
			continue;
		}
		if (p >= end || *p != '}')
			return -1;
		break;
	}
	return schema && entries && json_skip_blank(p + 1, end) == end ? 0 : -1;
}

/* probe_legacy_find() on the text [buf, buf + len) without parsing it whole
 * (issue 18: up to PROBE_CACHE_MAX_ENTRIES reports, one per workspace,
 * mode and backend; parsing all of them cost milliseconds): only an entry
 * whose text holds key's workspace as a JSON string goes to cJSON and
 * entry_try(), in the cache's order. An entry passed over can only cost a
 * probe (a workspace spelled with other escapes than cJSON's); what is
 * used is checked as before. 1 found, 0 not, -1 when the text is not in
 * the shape cache_top() expects (the caller parses it whole). */
static int cache_scan(const char *buf, size_t len, struct probe_key *key, bool *lazy,
		      struct probe_report *out)
{
	struct entry_spans sp = { 0 };
	cJSON *ws;
	char *needle = NULL;
	int found = -1;

	if (!key->workspace || cache_top(buf, buf + len, &sp) < 0)
		goto out;
	ws = cJSON_CreateString(key->workspace);
	needle = ws ? cJSON_PrintUnformatted(ws) : NULL;
	cJSON_Delete(ws);
	if (!needle)
		goto out;
	found = 0;
	for (size_t i = 0; !found && i < sp.n; i++) {
		size_t n = (size_t)(sp.end[i] - sp.start[i]);

		if (*sp.start[i] == '{' && memmem(sp.start[i], n, needle, strlen(needle))) {
			cJSON *e = cJSON_ParseWithLength(sp.start[i], n);

			found = e ? probe_entry_try(e, key, lazy, out) : 0;
			cJSON_Delete(e);
		}
	}
out:
	if (needle)
		cJSON_free(needle);
	free(sp.start);
	free(sp.end);
	return found;
}

int probe_legacy_find(const char *path, struct probe_key *key, bool lazy,
		      struct probe_report *out)
{
	size_t len = 0;
	char *text = probe_text_read(AT_FDCWD, path, &len);
	cJSON *doc = NULL, *e;
	const cJSON *entries;
	int found = 0;

	memset(out, 0, sizeof(*out));
	out->proven = -1;
	if (!text)
		return 0;
	found = cache_scan(text, len, key, &lazy, out);
	if (found < 0) {
		found = 0;
		doc = cJSON_ParseWithLength(text, len);
		entries = doc ? cache_entries(doc) : NULL;
		if (entries)
			cJSON_ArrayForEach(e, entries)
			{
				if ((found = probe_entry_try(e, key, &lazy, out)) == 1)
					break;
			}
		cJSON_Delete(doc);
	}
	free(text);
	return found;
}

