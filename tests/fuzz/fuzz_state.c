/* fuzz_state.c - libFuzzer harness for the readers of fsjail's own state
 * files, which a broad rule or another tool may have written (issue 19
 * item 3): the backup cycle's manifest (src/manifest.h), the probe cache
 * (src/probe.h) and the audit log as `fsjail log` shows it
 * (src/audit-text.h).
 *
 * The first byte picks the reader, the rest is the file. A crash, a leak
 * or a hang is a finding, and so is a broken promise:
 *   manifest: every record returned has a path manifest_path_ok() accepts
 *   (and "to" for a rename), a backup name of digits only, a mode within
 *   07777; every skipped line is named "FILE:LINE: ..." in problems;
 *   probe cache: a report read back from the file (the old single file,
 *   then the key's file of the folder), written out again and re-read,
 *   is the same key (probe_report_json() round trip);
 *   audit: the whole log and its tail are shown without error.
 * Seeds: tests/fuzz/corpus/state (first byte 'm', 'p' or 'a'). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "audit-text.h"
#include "manifest.h"
#include "probe.h"
#include "fuzz-util.h"

static char dir[600], file[700], cache[700], pdir[700];
static int dirfd = -1;

static bool digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static void manifest(const uint8_t *data, size_t size)
{
	struct fsj_error err = { { 0 } };
	struct manifest m;

	fuzz_put(file, data, size);
	if (manifest_read(dirfd, "cycle", &m, &err) < 0) {
		FUZZ_ASSERT(strstr(err.text, "cycle") != NULL, "message: %s", err.text);
		return;
	}
	for (size_t i = 0; i < m.n; i++) {
		const struct manifest_rec *r = &m.v[i];

		FUZZ_ASSERT(r->path && manifest_path_ok(r->path), "line %lu: path '%s'", r->line,
			    r->path ? r->path : "(null)");
		FUZZ_ASSERT(r->op != MANIFEST_RENAMED || (r->to && manifest_path_ok(r->to)),
			    "line %lu: to '%s'", r->line, r->to ? r->to : "(null)");
		FUZZ_ASSERT(!r->backup || digits(r->backup), "line %lu: backup '%s'", r->line,
			    r->backup);
		FUZZ_ASSERT(r->mode <= 07777, "line %lu: mode %o", r->line, r->mode);
		FUZZ_ASSERT(r->line >= 1, "a record without its line");
	}
	if (m.torn + m.refused > 0)
		FUZZ_ASSERT(m.problems.buf && strstr(m.problems.buf, "cycle:"),
			    "%lu torn and %lu refused lines, but no problem named",
			    m.torn, m.refused);
	manifest_release(&m);
}

static void probe_cache(const uint8_t *data, size_t size)
{
	struct probe_key key = { 0 };
	struct probe_report r;
	char *mine;
	cJSON *j;

	key.backend = FSJ_BACKEND_LANDLOCK;
	key.os_release = "6.18.0";
	key.abi = 7;
	key.workspace = "/w";
	key.home = "/home/u";
	key.fail = "";
	key.baseline = (struct probe_file){ "/b", -1, -1, -1 };
	key.rules = (struct probe_file){ "/r", -1, -1, -1 };
	key.config = (struct probe_file){ "/c", -1, -1, -1 };
	mine = probe_cache_file(dir, &key);
	for (int round = 0; round < 2; round++) {
		/* round 0: the old single file; 1: the key's file */
		(void)unlink(mine);
		(void)unlink(cache);
		if (round == 0)
			fuzz_put(cache, data, size);
		else if (mkdir(pdir, 0700) == 0 || errno == EEXIST)
			fuzz_put(mine, data, size);
		if (probe_cache_load(dir, &key, &r) == 1) {
			struct fsj_error err = { { 0 } };
			struct probe_report again;

			FUZZ_ASSERT(probe_key_equal(&r.key, &key),
				    "the cache answered another key");
			/* what was accepted is written back and read again as itself */
			(void)unlink(cache);
			FUZZ_ASSERT(probe_cache_store(dir, &r, &err) == 0, "store: %s", err.text);
			FUZZ_ASSERT(probe_cache_load(dir, &key, &again) == 1,
				    "a stored report does not load back");
			FUZZ_ASSERT(again.proven == r.proven, "proven %d then %d", r.proven,
				    again.proven);
			probe_report_release(&again);
			probe_report_release(&r);
		}
	}
	free(mine);
	j = cJSON_ParseWithLength((const char *)data, size);
	if (j) {
		if (probe_report_from_json(j, &r) == 0) {
			cJSON *back = probe_report_json(&r);
			struct probe_report r2;

			FUZZ_ASSERT(probe_report_from_json(back, &r2) == 0,
				    "a report does not read back from its own JSON");
			FUZZ_ASSERT(probe_key_equal(&r.key, &r2.key), "the key changed on a round trip");
			probe_report_release(&r2);
			cJSON_Delete(back);
			probe_report_release(&r);
		}
		cJSON_Delete(j);
	}
}

static void audit(const uint8_t *data, size_t size)
{
	struct audit_view v = { 0 };
	unsigned long tail = size ? data[0] % 8 : 0;
	int fd;

	fuzz_put(file, data, size);
	fd = open(file, O_RDONLY | O_CLOEXEC);
	FUZZ_ASSERT(fd >= 0, "open");
	v.json = tail & 1;
	v.session = (tail & 2) ? "s1" : NULL;
	FUZZ_ASSERT(audit_view_show(&v, fd, (off_t)size, 0) == 0, "the whole log");
	FUZZ_ASSERT(audit_view_show(&v, fd, (off_t)size, tail + 1) == 0, "the tail");
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (dirfd < 0) {
		int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

		/* `fsjail log` prints to stdout: keep libFuzzer's output readable */
		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			close(null);
		}
		snprintf(dir, sizeof(dir), "%s", fuzz_dir("state"));
		snprintf(file, sizeof(file), "%s/manifest.ndjson", dir);
		snprintf(cache, sizeof(cache), "%s/" PROBE_CACHE_LEGACY, dir);
		snprintf(pdir, sizeof(pdir), "%s/" PROBE_CACHE_DIR, dir);
		dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		FUZZ_ASSERT(dirfd >= 0, "open %s", dir);
	}
	if (size < 1)
		return 0;
	switch (data[0]) {
	case 'm':
		manifest(data + 1, size - 1);
		break;
	case 'p':
		probe_cache(data + 1, size - 1);
		break;
	case 'a':
		audit(data + 1, size - 1);
		break;
	default:
		break;
	}
	return 0;
}
