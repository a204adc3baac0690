/* probe-status.h - what the probe proved, by experiment, about the two
 * promises no tier holds alone (issue 13 item 6): network: deny means no
 * network (the net-* checks), and execute means no exec mapping either
 * (exec-mapped). For `fsjail status` and `fsjail run`. */
#ifndef FSJAIL_PROBE_STATUS_H
#define FSJAIL_PROBE_STATUS_H

#include <cjson/cJSON.h>

#include "config.h"
#include "probe.h"
#include "util.h"

/* With network: deny at tier (enum fsj_tier) of r: when any of the net-*
 * checks failed there (or the tier has no report), append one line to
 * refuse naming them and return 1 - `fsjail run` then refuses unless
 * accept_partial, as for any partial enforcement; else return 0. */
int probe_network_gaps(const struct probe_report *r, int tier, struct strbuf *refuse);

/* Add to root (a JSON object) two members for status --json:
 *   "network": {"setting": "allow"|"deny", "kernel": "fully"|"not"|"n/a",
 *               "method": "netns"|"seccomp"|"none", "reason": text,
 *               "checks": {"tcp"|"udp"|"dns"|"iface": "ok"|"failed"|"n/a"}}
 *   "exec_mapping": {"kernel": "fully"|"not"|"n/a"|"unproven", "reason": text}
 * from r's checks at tier (-1: no tier; then kernel "not"). A member of the
 * same name already in root is replaced. */
void probe_status_json(const struct probe_report *r, int tier, enum fsj_network setting,
		       cJSON *root);

#endif
