/* broker-fence.c - the command's own Landlock fence, as the broker checks
 * it (broker-int.h): the run's sandbox plan itself (sandbox.c
 * prepare_landlock(), handed over by broker_use_plan()), or without one
 * the same policy compiled here without the listener option (stricter);
 * then, for a resolved path, the union of the access rights of every rule
 * on it and on its folders - what Landlock grants along the hierarchy
 * (kernel Documentation/userspace-api/landlock.rst, "Filesystem
 * flags"). The policy's decision alone can be wider than the compiled
 * ruleset (a deny on a missing path inside a grant takes creation away
 * from the whole grant; a folder expanded into its children has no right
 * on new entries), and the broker must never be. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "broker-int.h"
#include "path.h"

#ifdef __linux__
#include "landlock.h"

struct broker_fence {
	struct ll_plan own;         /* compiled here (plan NULL in broker_use_plan) */
	const struct ll_plan *plan; /* &own, or the sandbox's (borrowed) */
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

bool broker_fence_wanted(const struct fsj_ctx *ctx)
{
	return ll_abi() > 0 && ctx->enforce != FSJ_ENFORCE_OFF;
}

void broker_use_plan(struct broker *b, const struct ll_plan *plan)
{
	struct broker_fence *f;

	if (!b || b->fence_set || !broker_fence_wanted(b->ctx))
		return;
	b->fence_set = true;
	f = xcalloc(1, sizeof(*f));
	if (plan) {
		f->plan = plan;
	} else {
		struct ll_opts opts = { .abi = ll_abi(), .masks = ll_masks_available(),
					.network = b->ctx->config.network };
		struct fsj_error err = { { 0 } };

		/* the run's own compile fails the same way and refuses to run;
		 * meanwhile no rule grants anything */
		if (ll_compile(b->pol, &opts, &f->own, &err) < 0)
			f->own.handled_fs = ~(uint64_t)0;
		f->plan = &f->own;
	}
	b->fence = f;
}

bool broker_fence_allows(const struct broker_fence *f, const char *abs, unsigned need)
{
	uint64_t want, have = 0;
	size_t i;

	if (!f)
		return true;
	want = ll_bits(need) & f->plan->handled_fs;
	for (i = 0; i < f->plan->n_rules && (have & want) != want; i++) {
		const struct ll_rule *r = &f->plan->rules[i];

		if (strcmp(r->path, abs) == 0 || (r->is_dir && path_covers(r->path, abs)))
			have |= r->access;
	}
	return (have & want) == want;
}

void broker_fence_free(struct broker_fence *f)
{
	if (!f)
		return;
	if (f->plan == &f->own)
		ll_plan_release(&f->own);
	free(f);
}

#else /* !__linux__: Seatbelt has no ruleset to read back; the policy decides */

bool broker_fence_wanted(const struct fsj_ctx *ctx)
{
	(void)ctx;
	return false;
}

void broker_use_plan(struct broker *b, const struct ll_plan *plan)
{
	(void)b;
	(void)plan;
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
