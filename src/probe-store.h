/* probe-store.h - the probe cache in the state folder (probe-store.c):
 * one file per context, each holding one report. Included by probe.h. */
#ifndef FSJAIL_PROBE_STORE_H
#define FSJAIL_PROBE_STORE_H

#include <stdbool.h>

struct fsj_error;
struct probe_key;
struct probe_report;

/* The cache's folder in the state directory, and the single file of all
 * entries fsjail kept before it (read when the folder has no entry for a
 * key; written no more). */
#define PROBE_CACHE_DIR "probe"
#define PROBE_CACHE_LEGACY "probe-cache.json"

/* Look for an entry with key in the probe cache of the state folder
 * state_dir: the one file of its context (probe-store.c) under
 * PROBE_CACHE_DIR (only it is read: issue 12), else PROBE_CACHE_LEGACY,
 * whose entry is then stored in the folder (best effort; the old file is
 * left as it is). Returns 1 with *out filled (out->cached true; caller releases), 0 when
 * there is none that is valid (missing, unreadable, corrupt, foreign or
 * another key: never an error). */
int probe_cache_load(const char *state_dir, const struct probe_key *key,
		     struct probe_report *out);
/* probe_cache_load() for a key from probe_key_init_lazy(): key->masks is
 * set with probe_key_masks() (the mount-mask probe) only when an entry
 * matches the rest of the key, so that a cache with no entry for this
 * context costs no probe (issue 18: explain). The answer is the one
 * probe_cache_load() gives for probe_key_init()'s key; nothing is written. */
int probe_cache_load_lazy(const char *state_dir, struct probe_key *key,
			  struct probe_report *out);

/* Store r as its key's file in state_dir's PROBE_CACHE_DIR (made 0700),
 * replacing that file only: other keys' files stay, at most
 * PROBE_CACHE_MAX_ENTRIES of them (the least recently stored removed).
 * Atomic: a temporary file in the same folder, fsync, rename. Returns 0,
 * or -1 with err set. */
int probe_cache_store(const char *state_dir, const struct probe_report *r,
		      struct fsj_error *err);
/* The path of key's file in state_dir's cache (it may not exist). Caller
 * frees. */
char *probe_cache_file(const char *state_dir, const struct probe_key *key);
#define PROBE_CACHE_MAX_ENTRIES 32

/* Whether state_dir holds a probe cache: the folder PROBE_CACHE_DIR or
 * the old single file PROBE_CACHE_LEGACY (true too when that cannot be
 * told: an error other than ENOENT). */
bool probe_cache_present(const char *state_dir);

#endif
