/* broker-refused.h - a host operation the broker refused, recorded as a
 * refusal of the run (refusal.h): the summary after the command ends,
 * `--report FILE` and `--status-fd N` name it as they name the kernel's
 * and the listener's (issue 12 item 4). The audit log keeps the broker's
 * own line for it (broker_audit()), not a second one. */
#ifndef FSJAIL_BROKER_REFUSED_H
#define FSJAIL_BROKER_REFUSED_H

#include "broker-hostop-int.h"

/* Record the refusal of o, asked by c's sender, for why (the reply's
 * error text). v: the policy's verdict when it refused (v->by_policy: its
 * capability, level and rule are named), else the capability the
 * operation needs most is named with no rule. Nothing is recorded when
 * o has no path yet (a malformed request, an unknown operation or
 * session: refusals of the protocol, in the audit log only). No errors. */
void broker_refused_note(const struct broker *b, const struct client *c, const struct op *o,
			 const struct verdict *v, const char *why);

#endif
