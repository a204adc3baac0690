/* ll_fixture.h - the scratch tree, policies and plan queries shared by
 * check_landlock.c (the compiler) and check_landlock_kernel.c (what the
 * kernel answers). Test code only. */
#ifndef FSJAIL_LL_FIXTURE_H
#define FSJAIL_LL_FIXTURE_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "landlock.h"
#include "policy.h"

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)
#define ALL (R | W | C | D | X)

/* Landlock access rights (include/uapi/linux/landlock.h). */
#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)
#define FS_TRUNCATE (1ULL << 14)
#define FS_IOCTL_DEV (1ULL << 15)
#define FS_READ (FS_READ_FILE | FS_READ_DIR)
#define FS_WRITE (FS_WRITE_FILE | FS_TRUNCATE | FS_IOCTL_DEV)
#define FS_CREATE (FS_MAKE_REG | FS_MAKE_DIR | FS_MAKE_SYM | FS_MAKE_FIFO | FS_MAKE_SOCK)
#define FS_DELETE (FS_REMOVE_FILE | FS_REMOVE_DIR)
#define FS_FILE (FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV)

/* The scratch folder of the current test and a path in it ("" for it). */
extern char scratch[PATH_MAX];
char *sp(const char *rel);
void mkd(const char *rel);
void mkf(const char *rel, const char *content);
/* Fixtures: one root per run (unchecked), one scratch folder per test. */
void make_run_root(void);
void remove_run_root(void);
void make_scratch(void);
/* W = scratch/w with .git/hooks, a file, a subfolder; and scratch/other. */
void make_workspace(void);
void add(struct fsj_policy *pol, enum fsj_source src, const char *path, bool recursive,
	 unsigned allow, unsigned deny);
struct fsj_policy *ws_policy(enum fsj_tier tier, unsigned ws_allow);
void compile_ok(const struct fsj_policy *pol, int abi, bool masks, struct ll_plan *plan);
/* The same with the seccomp listener expected (ll_opts.listener). */
void compile_listener(const struct fsj_policy *pol, int abi, bool masks, struct ll_plan *plan);
const struct ll_rule *rule_for(const struct ll_plan *plan, const char *path);
uint64_t access_of(const struct ll_plan *plan, const char *path);
uint64_t effective(const struct ll_plan *plan, const char *path);
int mask_index(const struct ll_plan *plan, const char *path, enum ll_mask_kind kind);
bool expanded(const struct ll_plan *plan, const char *path);
/* plan as ll_plan_dump() prints it; caller frees. */
char *dump(const struct ll_plan *plan);

#endif
