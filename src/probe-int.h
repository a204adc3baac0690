/* probe-int.h - what the probe's files share (probe.h is the interface):
 * probe.c the runner (names, key, the forked helper, cache + choice of a
 * tier), probe-cache.c the report's JSON and reading cache entries (the
 * old single file's too), probe-store.c the cache's folder, probe-batch.c
 * the scratch folders and the batches of operations run under a sandbox,
 * probe-checks.c which check runs where and what its outcome proves. */
#ifndef FSJAIL_PROBE_INT_H
#define FSJAIL_PROBE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h> /* struct stat, and the types of sys/types.h */

#include "probe-cache.h" /* the cache entries probe-store.c reads */
#include "probe.h"

/* Largest binary copied for the execute check, in bytes (true(1) is tens
 * of kilobytes; a larger file is not what we think it is). */
#define PROBE_BINARY_MAX (8u * 1024u * 1024u)

/* Entries of "/" looked at for the full tier's read check. */
#define PROBE_ROOT_ENTRIES_MAX 1024

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

/* Most operations in one batch: the checks of one tier (at most
 * PROBE_CHECK_COUNT), or the controls (at most 4 scratch folders x 5
 * checks, and the system file). */
#define BATCH_MAX 40

/* The scratch folders, in the order the checks try them. */
enum {
	SCR_WORKSPACE = 0,
	SCR_TMP,
	SCR_HOME,
	SCR_STATE,
	SCR_CONFIG, /* readable, not executable: exec-mapped at guarded and full */
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
	struct stat base; /* its folder before it was made (times put back on removal) */
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
	int net_fd;                /* a network check's listener outside, else -1 */
};

struct prober {
	const struct fsj_ctx *ctx;
	struct sandbox *none; /* the null sandbox: controls */
	struct scratch s[SCR_COUNT];
	char *sys_path; /* the full tier's read target, or NULL */
	bool sys_is_dir;
	int sys_control;
	const char *fail; /* FSJAIL_PROBE_FAIL */
	enum fsj_tier tier; /* the tier being planned */
	/* the network checks' listeners on 127.0.0.1 outside (-1: none),
	 * their ports as text, and their controls */
	int net_fd[PROBE_CHECK_COUNT];
	char net_port[PROBE_CHECK_COUNT][8];
	int net_control[PROBE_CHECK_COUNT];
};

static inline bool probe_check_is_net(enum probe_check_id id)
{
	return id >= PROBE_CHECK_NET_TCP && id <= PROBE_CHECK_NET_IFACE;
}

/* The work of one tier between the phases. */
struct tier_work {
	struct fsj_policy *pol;
	struct sandbox *sb;
	struct op ops[BATCH_MAX];
	size_t n;
};

/* probe.c, probe-names.c */
/* A check's or result's name back to its enum value, or -1. */
int probe_check_parse(const char *s);
int probe_result_parse(const char *s);
/* The checks of tier t, in id order; returns how many. */
size_t probe_tier_checks(enum fsj_tier t, enum probe_check_id ids[PROBE_CHECK_COUNT]);
/* Compiled, and every check ok or n/a. */
bool probe_tier_passes(const struct probe_tier *pt);
/* The strongest proven tier of r, or -1. */
int probe_proven_of(const struct probe_report *r);

/* probe-batch.c */
/* The check is named in FSJAIL_PROBE_FAIL (test-only). */
bool probe_forced_to_fail(const struct prober *p, enum probe_check_id id);
/* Make (0) or remove (probe-scratch.c) a scratch folder "<base>/<prefix>XXXXXX" with its files. */
int probe_scratch_make(struct scratch *s, const char *base, const char *prefix);
void probe_scratch_remove(struct scratch *s);
/* The policy's decision on cap at path; whether path is in a user-data root. */
bool probe_allowed(const struct fsj_policy *pol, const char *path, enum fsj_cap cap);
bool probe_in_user_data_root(const struct fsj_policy *pol, const char *path);
/* The file a check uses in a scratch folder (control: its sibling), or NULL. */
const char *probe_check_file(enum probe_check_id id, bool control);
/* Add an operation to a batch (ops has room for BATCH_MAX). A network
 * check: s NULL, sys_path its port, net_fd its listener. */
void probe_op_add(struct op *ops, size_t *n, enum probe_check_id id, struct scratch *s,
		  bool control, const char *sys_path, bool sys_dir, struct probe_check *check);
void probe_op_add_net(struct op *ops, size_t *n, const struct prober *p, enum probe_check_id id,
		      struct probe_check *check);
/* The listeners of the network checks (p->net_fd); closing them. */
void probe_net_open(struct prober *p);
void probe_net_close(struct prober *p);
/* A dynamic loader to try exec-mapped with, or NULL. Static string. */
const char *probe_ldso(void);
void probe_ops_release(struct op *ops, size_t n);
/* Did the operation happen; is rc a denial by the sandbox. */
bool probe_op_happened(const struct op *o);
bool probe_denial_status(enum probe_check_id id, int rc);
/* Run a batch under sb; see probe-batch.c. */
int probe_run_batch(struct sandbox *sb, struct op *ops, size_t n, bool *started, char **why);

/* probe-checks.c */
/* Set c's result, path (copied) and reason (taken). */
void probe_set_check(struct probe_check *c, enum probe_result res, const char *path, char *reason);
/* The experiment, in the helper: the tiers of probe_tier_order(enforce,
 * every). Fills r (key already set). */
void probe_experiment(const struct fsj_ctx *ctx, enum fsj_backend b, int enforce, bool every,
		      struct probe_report *r);

#endif
