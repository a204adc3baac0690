/* probe-cache.h - what probe-cache.c gives probe-store.c: reading cache
 * entries, the old single file's too. Included by probe-int.h. */
#ifndef FSJAIL_PROBE_CACHE_H
#define FSJAIL_PROBE_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

struct probe_key;
struct probe_report;

/* Largest probe report or cache file read, in bytes: a report is a few
 * kilobytes, the cache at most PROBE_CACHE_MAX_ENTRIES of them. */
#define PROBE_JSON_MAX (4u * 1024u * 1024u)

/* Read file name under folder dfd (or AT_FDCWD) without following a
 * symlink or blocking on a FIFO: its bytes (NUL-terminated, caller frees)
 * and their number in *len, or NULL (absent, not a regular file, larger
 * than PROBE_JSON_MAX, empty or unreadable). */
char *probe_text_read(int dfd, const char *name, size_t *len);
/* Whether cache entry e is key's report of this fsjail version (1: *out
 * is it, cached true, caller releases), else 0 (*out untouched). With
 * *lazy, key->masks is worked out the first time an entry matches it in
 * all else (*lazy then false). */
int probe_entry_try(const cJSON *e, struct probe_key *key, bool *lazy, struct probe_report *out);
/* The entry of key in the old single cache file at path (fsjail before
 * the folder PROBE_CACHE_DIR), looked for as probe_entry_try() does, in
 * the file's order; a file that is not strict JSON of PROBE_CACHE_SCHEMA
 * is not used. 1 found (*out filled), else 0 (*out zeroed, proven -1). */
int probe_legacy_find(const char *path, struct probe_key *key, bool lazy,
		      struct probe_report *out);

#endif
