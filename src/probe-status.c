/* probe-status.c - see probe-status.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "netdeny.h"
#include "probe-status.h"

static const enum probe_check_id net_checks[] = { PROBE_CHECK_NET_TCP, PROBE_CHECK_NET_UDP,
						   PROBE_CHECK_NET_DNS, PROBE_CHECK_NET_IFACE };
#define N_NET (sizeof(net_checks) / sizeof(net_checks[0]))

/* The result of check id at tier t of r; FAILED when the tier has none. */
static const struct probe_check *find_check(const struct probe_report *r, int t,
					    enum probe_check_id id)
{
	if (!r || t < 0 || t >= FSJ_TIER_COUNT)
		return NULL;
	for (size_t i = 0; i < r->tiers[t].n_checks; i++)
		if (r->tiers[t].checks[i].id == id)
			return &r->tiers[t].checks[i];
	return NULL;
}

/* Names of the failed net-* checks at t, comma-separated, into sb;
 * returns how many failed (a missing one counts). */
static size_t net_failures(const struct probe_report *r, int t, struct strbuf *sb)
{
	size_t n = 0;

	for (size_t i = 0; i < N_NET; i++) {
		const struct probe_check *c = find_check(r, t, net_checks[i]);

		if (c && c->result != PROBE_RESULT_FAILED)
			continue;
		sb_addf(sb, "%s%s", n++ ? ", " : "", probe_check_name(net_checks[i]));
	}
	return n;
}

int probe_network_gaps(const struct probe_report *r, int tier, struct strbuf *refuse)
{
	struct strbuf names = STRBUF_INIT;
	size_t n = net_failures(r, tier, &names);

	if (n)
		sb_addf(refuse, "network: deny is not proven at tier %s: the probe's %s check%s "
				"failed (fsjail probe shows why)\n",
			tier >= 0 ? fsj_tier_name((enum fsj_tier)tier) : "none",
			names.buf ? names.buf : "", n > 1 ? "s" : "");
	sb_release(&names);
	return n ? 1 : 0;
}

static void replace(cJSON *root, const char *name, cJSON *item)
{
	cJSON_DeleteItemFromObjectCaseSensitive(root, name);
	cJSON_AddItemToObject(root, name, item);
}

void probe_status_json(const struct probe_report *r, int tier, enum fsj_network setting,
		       cJSON *root)
{
	cJSON *net = cJSON_CreateObject(), *checks = cJSON_CreateObject(), *ex;
	struct strbuf names = STRBUF_INIT;
	const struct probe_check *c;
	size_t failed = net_failures(r, tier, &names);

	cJSON_AddStringToObject(net, "setting", setting == FSJ_NETWORK_DENY ? "deny" : "allow");
	for (size_t i = 0; i < N_NET; i++) {
		c = find_check(r, tier, net_checks[i]);
		cJSON_AddStringToObject(checks, probe_check_name(net_checks[i]) + 4,
					c ? probe_result_name(c->result) : "failed");
	}
	if (setting != FSJ_NETWORK_DENY) {
		cJSON_AddStringToObject(net, "kernel", "n/a");
		cJSON_AddStringToObject(net, "method", "none");
		cJSON_AddStringToObject(net, "reason", "nothing to enforce");
	} else {
		cJSON_AddStringToObject(net, "kernel", failed ? "not" : "fully");
		cJSON_AddStringToObject(
			net, "method",
			r && r->key.backend == FSJ_BACKEND_LANDLOCK
				? netdeny_method_name(netdeny_choose(r->key.masks))
				: "none");
		if (failed) {
			char *why = xasprintf("the probe's %s failed", names.buf ? names.buf : "");

			cJSON_AddStringToObject(net, "reason", why);
			free(why);
		} else {
			cJSON_AddStringToObject(net, "reason",
						"TCP, UDP and DNS to listeners outside arrived "
						"nowhere, and no interface but loopback is usable");
		}
	}
	cJSON_AddItemToObject(net, "checks", checks);
	replace(root, "network", net);
	sb_release(&names);

	ex = cJSON_CreateObject();
	c = find_check(r, tier, PROBE_CHECK_EXEC_MAPPED);
	if (tier >= 0 && tier < FSJ_TIER_PROCESS) {
		cJSON_AddStringToObject(ex, "kernel", "n/a");
		cJSON_AddStringToObject(ex, "reason", "the tier leaves execute open");
	} else if (!c) {
		cJSON_AddStringToObject(ex, "kernel", "not");
		cJSON_AddStringToObject(ex, "reason", "no tier");
	} else {
		cJSON_AddStringToObject(ex, "kernel",
					c->result == PROBE_RESULT_OK       ? "fully"
					: c->result == PROBE_RESULT_FAILED ? "not"
									   : "unproven");
		cJSON_AddStringToObject(ex, "reason", c->reason ? c->reason : "");
	}
	replace(root, "exec_mapping", ex);
}
