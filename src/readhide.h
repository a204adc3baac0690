/* readhide.h - a read deny on a path that does not exist yet, kept by
 * keeping the path absent (issue 12 item 3; DESIGN.md section 7).
 *
 * Landlock cannot refuse reading one name inside a folder it lets be
 * read, and a mount mask needs something to mount on. A strong read deny
 * (the explicit or protected level) on an absent path was therefore an
 * expansion of its folders, which cost them their listing and left every
 * file the run made there unreadable: the everyday `deny: [read]` on a
 * .env not made yet broke `ls` and `git status` in the workspace. The
 * seccomp listener performs every call that makes a name, so such a path
 * is kept absent instead: making it is refused by every call (and by the
 * broker), like a path whose create is denied, and its folder keeps its
 * grant whole. The compiler (landlock-plan.c "by_listener"), the listener
 * (notify-answer.c nj_need(), notify-guard.c) and the broker
 * (broker-resolve.c broker_check()) ask the functions below, so the three
 * agree. */
#ifndef FSJAIL_READHIDE_H
#define FSJAIL_READHIDE_H

#include <stdbool.h>

#include "policy.h"

/* Whether pol refuses making path because its read is denied at the
 * explicit or protected level and the tier enforces read (Linux only: on
 * macOS Seatbelt refuses the read of any name, made or not), while the
 * read of its folder is not so denied (below a hidden folder the folder's
 * mount mask refuses, EROFS, and says so itself). path and
 * resolved: the path as asked and resolved (resolved may be NULL). On
 * true *d (caller's) holds the read decision that keeps path absent, to
 * be named in the refusal; on false *d is unspecified. No errors. */
bool fsj_readhide_refuses_create(const struct fsj_policy *pol, const char *path,
				 const char *resolved, struct fsj_decision *d);

/* Whether rule r, lying below a name, keeps a path absent for its read
 * deny (r denies read and is not a baseline rule), so that a folder or
 * link arriving there could carry a readable name into it
 * (notify-guard.c rule_below()). */
bool fsj_readhide_rule(const struct fsj_policy *pol, const struct fsj_rule *r);

#endif
