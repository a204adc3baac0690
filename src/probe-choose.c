/* probe-choose.c - which tiers a probe runs, and which tier a run takes
 * from its report (probe.h; fsjail(1) PROBE and TIERS). */
#include <stdbool.h>
#include <stddef.h>

#include "probe-int.h"
#include "probe.h"
#include "util.h"

size_t probe_tier_order(int enforce, bool every, int order[FSJ_TIER_COUNT])
{
	size_t n = 0;

	if (every || enforce < 0 || enforce >= FSJ_TIER_COUNT) {
		for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--)
			order[n++] = t;
		return n;
	}
	for (int t = enforce; t < FSJ_TIER_COUNT; t++)
		order[n++] = t;
	return n;
}

bool probe_report_decides(const struct probe_report *r, int enforce, bool every)
{
	int order[FSJ_TIER_COUNT];
	size_t n = probe_tier_order(enforce, every, order);

	for (size_t k = 0; k < n; k++) {
		if (!r->tiers[order[k]].probed)
			return false;
		if (!every && r->tiers[order[k]].proven)
			return true;
	}
	return true;
}

int probe_proven_of(const struct probe_report *r)
{
	for (int t = FSJ_TIER_COUNT - 1; t >= 0; t--)
		if (r->tiers[t].proven)
			return t;
	return -1;
}

/* The first failed check of tier t, as "check 'NAME' (CAP) failed: WHY". */
static void tier_failure(const struct probe_report *r, enum fsj_tier t, struct strbuf *sb)
{
	const struct probe_tier *pt = &r->tiers[t];

	if (!pt->compiled) {
		sb_addf(sb, "tier %s: the profile did not compile: %s", fsj_tier_name(t),
			pt->error ? pt->error : "unknown error");
		return;
	}
	for (size_t i = 0; i < pt->n_checks; i++) {
		const struct probe_check *c = &pt->checks[i];
		int cap = probe_check_cap(c->id);

		if (c->result != PROBE_RESULT_FAILED)
			continue;
		sb_addf(sb, "tier %s: check '%s'%s%s%s failed: %s", fsj_tier_name(t),
			probe_check_name(c->id), cap >= 0 ? " (" : "",
			cap >= 0 ? fsj_cap_name((enum fsj_cap)cap) : "", cap >= 0 ? ")" : "",
			c->reason ? c->reason : "");
		return;
	}
	sb_addf(sb, "tier %s: not proven", fsj_tier_name(t));
}

int probe_choose_tier(const struct probe_report *r, int enforce, struct fsj_error *why)
{
	struct strbuf sb = STRBUF_INIT;

	if (enforce == FSJ_ENFORCE_AUTO) {
		if (r->proven >= 0)
			return r->proven;
		tier_failure(r, FSJ_TIER_WRITES, &sb);
		fsj_error_set(why, NULL, 0, 0,
			      "no fence tier is proven on this kernel for the %s backend: %s",
			      fsj_backend_name(r->key.backend), sb.buf ? sb.buf : "");
		sb_release(&sb);
		return -1;
	}
	if (enforce < 0 || enforce >= FSJ_TIER_COUNT) {
		fsj_error_set(why, NULL, 0, 0, "enforce '%s' does not name a tier",
			      fsj_enforce_name(enforce));
		return -1;
	}
	for (int t = enforce; t < FSJ_TIER_COUNT; t++)
		if (r->tiers[t].proven)
			return t;
	tier_failure(r, (enum fsj_tier)enforce, &sb);
	fsj_error_set(why, NULL, 0, 0,
		      "enforce %s needs tier %s or stronger, but the probe proved %s%s on this "
		      "kernel for the %s backend: %s",
		      fsj_tier_name((enum fsj_tier)enforce), fsj_tier_name((enum fsj_tier)enforce),
		      r->proven >= 0 ? "only tier " : "no tier",
		      r->proven >= 0 ? fsj_tier_name((enum fsj_tier)r->proven) : "",
		      fsj_backend_name(r->key.backend), sb.buf ? sb.buf : "");
	sb_release(&sb);
	return -1;
}
