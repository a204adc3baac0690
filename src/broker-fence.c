/* broker-fence.c - the command's own Landlock fence, as the broker checks
 * it (broker-int.h): the same policy compiled by the same compiler with
 * the same options as the run's sandbox (sandbox.c prepare_landlock()),
 * then, for a resolved path, the union of the access rights of every rule
 * on it and on its folders - what Landlock grants along the hierarchy
 * (kernel Documentation/userspace-api/landlock.rst, "Filesystem
 * flags"). The policy's decision alone can be wider than the compiled
 * ruleset (a deny on a missing path inside a grant takes creation away
 * from the whole grant; a folder expanded into its children has no right
 * on new entries), and the broker must never be. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "broker-int.h"
#include "path.h"

#ifdef __linux__
#include "landlock.h"

struct broker_fence {
	struct ll_plan plan;
};

/* enum broker_need bit -> LANDLOCK_ACCESS_FS_* (the kernel's ABI values,
 * <linux/landlock.h>) */
static uint64_t ll_bits(unsigned need)
{
	static const uint64_t bit[] = {
		[BROKER_NEED_READ] = 1ull << 2,         /* READ_FILE */
		[BROKER_NEED_WRITE] = 1ull << 1,        /* WRITE_FILE */
		[BROKER_NEED_TRUNCATE] = 1ull << 14,    /* TRUNCATE (ABI 3) */
		[BROKER_NEED_MAKE_REG] = 1ull << 8,     /* MAKE_REG */
		[BROKER_NEED_MAKE_DIR] = 1ull << 7,     /* MAKE_DIR */
		[BROKER_NEED_MAKE_SYM] = 1ull << 12,    /* MAKE_SYM */
		[BROKER_NEED_REMOVE_FILE] = 1ull << 5,  /* REMOVE_FILE */
		[BROKER_NEED_REMOVE_DIR] = 1ull << 4,   /* REMOVE_DIR */
		[BROKER_NEED_REFER] = 1ull << 13,       /* REFER (ABI 2) */
	};
	uint64_t out = 0;
	unsigned i;

	for (i = 0; i < sizeof(bit) / sizeof(bit[0]); i++)
		if (need & (1u << i))
			out |= bit[i];
	return out;
}

struct broker_fence *broker_fence_new(const struct fsj_policy *pol, const struct fsj_ctx *ctx)
{
	struct broker_fence *f;
	struct ll_opts opts = { 0 };
	struct fsj_error err = { { 0 } };

	opts.abi = ll_abi();
	if (opts.abi <= 0 || ctx->enforce == FSJ_ENFORCE_OFF)
		return NULL; /* no fence: the policy alone decides */
	opts.masks = ll_masks_available();
	opts.network = ctx->config.network;
	f = xcalloc(1, sizeof(*f));
	if (ll_compile(pol, &opts, &f->plan, &err) < 0) {
		/* the run's own compile fails the same way and refuses to run */
		free(f);
		return NULL;
	}
	return f;
}

bool broker_fence_allows(const struct broker_fence *f, const char *abs, unsigned need)
{
	uint64_t want, have = 0;
	size_t i;

	if (!f)
		return true;
	want = ll_bits(need) & f->plan.handled_fs;
	for (i = 0; i < f->plan.n_rules && (have & want) != want; i++) {
		const struct ll_rule *r = &f->plan.rules[i];

		if (strcmp(r->path, abs) == 0 || (r->is_dir && path_covers(r->path, abs)))
			have |= r->access;
	}
	return (have & want) == want;
}

void broker_fence_free(struct broker_fence *f)
{
	if (!f)
		return;
	ll_plan_release(&f->plan);
	free(f);
}

#else /* !__linux__: Seatbelt has no ruleset to read back; the policy decides */

struct broker_fence *broker_fence_new(const struct fsj_policy *pol, const struct fsj_ctx *ctx)
{
	(void)pol;
	(void)ctx;
	return NULL;
}

bool broker_fence_allows(const struct broker_fence *f, const char *abs, unsigned need)
{
	(void)f;
	(void)abs;
	(void)need;
	return true;
}

void broker_fence_free(struct broker_fence *f)
{
	(void)f;
}

#endif
