/* broker-fence.h - the command's Landlock fence read back by the broker
 * (broker-fence.c): what a request's act would need from it, so that the
 * broker never does for the command what its own fence refuses (DESIGN.md
 * section 8). For the broker's files only (included by broker-int.h). */
#ifndef FSJAIL_BROKER_FENCE_H
#define FSJAIL_BROKER_FENCE_H

#include <stdbool.h>

struct broker_fence;
struct fsj_ctx;

/* What the command's own call would need from its Landlock fence, on a
 * path (file rights) or on its folder (MAKE_*, REMOVE_*, REFER). */
enum broker_need {
	BROKER_NEED_READ = 0,
	BROKER_NEED_WRITE,
	BROKER_NEED_TRUNCATE,
	BROKER_NEED_MAKE_REG,
	BROKER_NEED_MAKE_DIR,
	BROKER_NEED_MAKE_SYM,
	BROKER_NEED_REMOVE_FILE,
	BROKER_NEED_REMOVE_DIR,
	BROKER_NEED_REFER,
};
#define BROKER_NEED(n) (1u << (n))

/* true when ctx's run has a Landlock fence to read back (Linux, an ABI,
 * enforce not off); otherwise the policy alone decides. */
bool broker_fence_wanted(const struct fsj_ctx *ctx);

/* true when the fence f grants every right of need (BROKER_NEED() bits)
 * at the resolved absolute path abs, or when f is NULL. */
bool broker_fence_allows(const struct broker_fence *f, const char *abs, unsigned need);

void broker_fence_free(struct broker_fence *f);

#endif
