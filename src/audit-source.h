/* audit-source.h - the "source" an audit line names for a policy
 * decision (audit.h; fsjail-json(7), the audit log), shared by the
 * broker's lines and the refusals' (audit-source.c). */
#ifndef FSJAIL_AUDIT_SOURCE_H
#define FSJAIL_AUDIT_SOURCE_H

#include "policy.h"

/* The source for a decision at level l: "protected", "rule" (explicit),
 * "baseline", or "policy" (the default level). A static string. */
const char *audit_level_source(enum fsj_level l);

#endif
