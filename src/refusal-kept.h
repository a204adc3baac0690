/* refusal-kept.h - one refusal as refusal.c keeps it, shared with the
 * files that write it to a sink (refusal-audit.h). Internal to the
 * refusal files. */
#ifndef FSJAIL_REFUSAL_KEPT_H
#define FSJAIL_REFUSAL_KEPT_H

#include <stdbool.h>
#include <sys/types.h>

#include "policy.h"

/* Every string owned (refusal.c frees them), any may be NULL; rule_note
 * is the deciding entry's note (a baseline "note:"). */
struct kept {
	enum fsj_cap cap;
	char *path, *reason, *comm, *exe, *syscall, *rule_id, *rule_origin, *rule_note;
	enum fsj_level level;
	bool by_policy, no_hint, audited;
	pid_t pid;
	int error;
};

#endif
