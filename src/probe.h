/* probe.h - which fence tier this kernel really enforces, found by
 * experiment (DESIGN.md section 5), and the cache of that answer.
 *
 * A probe compiles the real profile of each tier, strongest first, and runs
 * real programs under it in scratch folders: the shell starts; an allowed
 * write and create work; a write, create and delete outside the grants
 * fail; a binary without execute does not run, nor does the loader map it
 * (process+); a fenced read in a user-data root fails (guarded+); an
 * ungranted read outside them fails (full); under network: deny nothing
 * reaches listeners outside. Each check has a control: the same operation
 * without a sandbox must succeed, so a denial proves the sandbox. The
 * strongest tier whose required checks pass is the proven tier. Results
 * are cached in $STATE/probe/, one file per context (workspace, mode,
 * backend, home, kernel, ABI, the paths of the baseline, rules and
 * config files), each holding one report keyed by struct
 * probe_key; an entry that does not parse in every detail is ignored,
 * never trusted. */
#ifndef FSJAIL_PROBE_H
#define FSJAIL_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "policy.h"
#include "probe-store.h" /* the cache: probe_cache_load() ... */
#include "sandbox.h"
#include "util.h"

/* Schema names written into the JSON documents (man/fsjail.1, PROBE). */
#define PROBE_SCHEMA "fsjail-probe/1"
#define PROBE_CACHE_SCHEMA "fsjail-probe-cache/1"

enum probe_check_id {
	PROBE_CHECK_SHELL = 0,      /* /bin/sh starts and exits 0 */
	PROBE_CHECK_WRITE_ALLOWED,  /* an existing file in a granted folder can be written */
	PROBE_CHECK_CREATE_ALLOWED, /* a new file in a granted folder can be made */
	PROBE_CHECK_WRITE_DENIED,   /* an existing file outside the grants cannot be written */
	PROBE_CHECK_CREATE_DENIED,  /* no new file outside the grants */
	PROBE_CHECK_DELETE_DENIED,  /* a file without the delete grant cannot be removed */
	PROBE_CHECK_EXEC_DENIED,    /* a binary without execute does not run (process+) */
	PROBE_CHECK_READ_FENCED,    /* a file in a user-data root cannot be read (guarded+) */
	PROBE_CHECK_READ_SYSTEM,    /* an ungranted file outside them cannot be read (full) */
	PROBE_CHECK_EXEC_MAPPED,    /* nor the loader map it (process+; this and below: reported) */
	PROBE_CHECK_NET_TCP,        /* network: deny: a TCP listener outside gets no connection */
	PROBE_CHECK_NET_UDP,        /* nor a UDP listener a datagram */
	PROBE_CHECK_NET_DNS,        /* nor a resolver outside a DNS query */
	PROBE_CHECK_NET_IFACE,      /* no IP socket on an interface other than loopback */
	PROBE_CHECK_COUNT
};

enum probe_result {
	PROBE_RESULT_OK = 0, /* the kernel did what the policy says */
	PROBE_RESULT_FAILED, /* it did not, or the check could not be run */
	PROBE_RESULT_NA,     /* nothing to test: the policy grants it everywhere tried */
};

struct probe_check {
	enum probe_check_id id;
	enum probe_result result;
	char *reason; /* what was seen, for people; never NULL in a report */
	char *path;   /* the file the check used, or NULL */
};

struct probe_tier {
	enum fsj_tier tier;
	bool compiled;                                /* the profile compiled (sandbox_prepare) */
	char *error;                                  /* why it did not compile, or NULL */
	bool proven;                                  /* compiled, and every check ok or n/a */
	bool probed; /* false: not run (no check, not compiled): the tier a run takes was proven first */
	struct probe_check checks[PROBE_CHECK_COUNT]; /* the tier's checks, in id order */
	size_t n_checks;
};

/* A file the result depends on: path, mtime (s, ns), size; -1 if absent. */
struct probe_file {
	char *path;
	long long mtime_sec, mtime_nsec, size;
};

/* What a probe result depends on; two keys are equal when every field is. */
struct probe_key {
	enum fsj_backend backend;
	char *os_release; /* uname -r (Linux), OS version (macOS); FSJAIL_KERNEL_RELEASE */
	int abi;          /* ll_abi(): the running Landlock ABI after FSJAIL_LANDLOCK_ABI_MAX */
	enum fsj_mode mode;
	char *workspace;
	char *home;
	bool masks; /* mount masks available (ll_masks_available()) */
	char *fail; /* FSJAIL_PROBE_FAIL, "" when unset */
	struct probe_file baseline, rules, config;
};

struct probe_report {
	struct probe_key key;
	char *fsjail_version; /* the version that probed */
	char *time;           /* when, ISO 8601 UTC */
	double duration_ms;   /* wall time of the probe */
	bool cached;          /* read from the cache (not part of the cached text) */
	int proven;           /* enum fsj_tier, or -1 when no tier is proven */
	struct probe_tier tiers[FSJ_TIER_COUNT]; /* indexed by enum fsj_tier */
};

/* Names: "shell", "write-allowed", ...; "ok", "failed", "n/a". Static. */
const char *probe_check_name(enum probe_check_id id);
const char *probe_result_name(enum probe_result r);
/* The capability a check is about, or -1 (shell, net-*). */
int probe_check_cap(enum probe_check_id id);
/* The weakest tier a check belongs to (and every stronger one); whether
 * the tier's proof needs it. */
enum fsj_tier probe_check_min_tier(enum probe_check_id id);
bool probe_check_gates(enum probe_check_id id);

/* The OS release for the cache key: $FSJAIL_KERNEL_RELEASE (test-only),
 * else uname(2)'s release (Linux) or the product version. Caller frees. */
char *probe_os_release(void);

/* Fill *key for ctx and backend b (strings owned by key). */
void probe_key_init(struct probe_key *key, const struct fsj_ctx *ctx, enum fsj_backend b);
/* The same without masks (false), which forks the mount-mask probe; and
 * what probe_key_init() sets masks to for key. For
 * probe_cache_load_lazy(). */
void probe_key_init_lazy(struct probe_key *key, const struct fsj_ctx *ctx, enum fsj_backend b);
bool probe_key_masks(const struct probe_key *key);
void probe_key_release(struct probe_key *key);
bool probe_key_equal(const struct probe_key *a, const struct probe_key *b);

void probe_report_release(struct probe_report *r);

/* Run the probe for ctx and backend b now. The work happens in a forked
 * helper with stdin, stdout and stderr on /dev/null in a new session, so
 * that nothing the checks print reaches fsjail's streams or terminal; the
 * helper removes its scratch folders before it reports. Returns 0 with *out
 * filled (a report in which no tier is proven is still a success), or -1
 * with err set when the probe itself could not be run. */
int probe_run(const struct fsj_ctx *ctx, enum fsj_backend b, struct probe_report *out,
	      struct fsj_error *err);

/* probe_get()'s flags: probe again even when the cache has an answer;
 * prove every tier, not only those ctx->enforce's choice depends on. */
#define PROBE_FORCE 1u
#define PROBE_EVERY_TIER 2u

/* The report for ctx and b: from the cache in ctx's state directory unless
 * PROBE_FORCE, else probed now and stored (the state directory is created).
 * Without PROBE_EVERY_TIER the probe runs only the tiers probe_choose_tier()
 * needs for ctx->enforce: auto, the strongest down to the first proven; a
 * tier, it and the stronger ones up to the first proven (the others are
 * left probed == false); a cached report that does not decide that choice
 * is probed again. A cache that cannot be written is not an error: the
 * reason is appended to warnings (may be NULL) as one line. Returns 0 with
 * *out filled, or -1 with err set. */
int probe_get(const struct fsj_ctx *ctx, enum fsj_backend b, unsigned flags,
	      struct probe_report *out, struct strbuf *warnings, struct fsj_error *err);

/* The tiers to probe, in order, for enforce (enum fsj_enforce or enum
 * fsj_tier), or all of them, strongest first, when every; stop at the
 * first proven unless every. Writes at most FSJ_TIER_COUNT entries to
 * order and returns their number. */
size_t probe_tier_order(int enforce, bool every, int order[FSJ_TIER_COUNT]);

/* Whether r decides probe_choose_tier(r, enforce) (every: whether every
 * tier was probed): each tier the choice looks at before it finds a proven
 * one was probed. */
bool probe_report_decides(const struct probe_report *r, int enforce, bool every);

/* The tier to run at for enforce (enum fsj_enforce or enum fsj_tier, not
 * off): auto takes the proven tier; a tier takes itself when proven, else
 * the weakest proven tier stronger than it. Returns the tier, or -1 with
 * why set to the reason (which tier and which check failed). */
int probe_choose_tier(const struct probe_report *r, int enforce, struct fsj_error *why);

/* The report as JSON (schema PROBE_SCHEMA; the caller deletes it), and
 * back: probe_report_from_json() checks every field and type and returns 0
 * with *out filled, or -1 (out released) for anything else. */
cJSON *probe_report_json(const struct probe_report *r);
int probe_report_from_json(const cJSON *j, struct probe_report *out);

#endif
