/* inforce.h - whether a grant is in force: what fsjail says must be what
 * the kernel does (issue 12 item 6). Landlock opens only paths that exist
 * when the ruleset is made, so a grant whose rule names a missing path
 * opens nothing. */
#ifndef FSJAIL_INFORCE_H
#define FSJAIL_INFORCE_H

#include <stdio.h>

#include "policy.h"

/* Why the allow of capability bit cap decided by d (from policy_decide())
 * is not in force at start, as a new string (caller frees): the deciding
 * rule's path (both spellings) does not exist and the backend is Landlock.
 * NULL when it is in force, not an allow, enforced says the tier does
 * not enforce cap, or by_listener (fsj_listener_carries()) has cap
 * (FSJ_CAPBIT masks). */
char *fsj_grant_not_in_force(const struct fsj_decision *d, unsigned enforced, unsigned by_listener,
			     enum fsj_cap cap);

/* The capabilities (FSJ_CAPBIT mask) that hold on a path absent at start
 * and what is made under it during a Linux run under config c: the seccomp
 * listener performs every name-creating call, unlink and rename after a
 * policy check (create, delete), and with backups by interception also
 * writing opens (write; not method snapshot); read and execute are
 * Landlock's alone. 0 when the run has no listener
 * (sandbox_listener_expected(); FSJAIL_NO_NOTIFY=1) or off Linux (t0212). */
struct fsj_config;
unsigned fsj_listener_carries(const struct fsj_config *c);

/* Why an allowed execute at path (resolved) does not hold on pol's
 * platform, as a new string (caller frees), or NULL: on macOS Seatbelt
 * never executes a setuid or setgid program, whatever the profile says
 * (SBPL-NOTES.md section 11; /bin/ps, which `brew shellenv` runs). Looks at
 * the file on this machine: with --platform darwin elsewhere, only a file
 * that is here is known. */
char *fsj_exec_not_in_force(const struct fsj_policy *pol, const char *resolved);

/* Why an allowed execute at path (norm normalised, resolved its resolved
 * spelling; NULL for none) under pol does not hold on Linux, as a new
 * string (caller frees), or NULL: Landlock's execve() opens the file for
 * reading, so it needs read (LANDLOCK_ACCESS_FS_READ_FILE) granted there
 * too whenever the tier enforces read. fsjail does not add read to an
 * execute grant (fsjail.yaml(5) RULES): it says so here, for explain,
 * check, status and the run's summary. NULL off Linux (pol->darwin). */
char *fsj_exec_without_read(const struct fsj_policy *pol, const char *norm, const char *resolved);

/* Print rule r as "SOURCE 'ID' PATH (this path only) -> RESOLVED [ORIGIN]"
 * to out, without a newline; each string escaped for the terminal
 * (fsj_put_term()). */
void fsj_rule_print(FILE *out, const struct fsj_rule *r);

/* The running fsjail executable, resolved (/proc/self/exe), as a new
 * string; NULL where it cannot be known (macOS). */
char *fsj_self_exe(void);

/* argv[0] as main() got it (set there; NULL in tests): the name the user
 * reaches fsjail by, which a symlink or an earlier PATH folder could
 * redirect. Borrowed, static storage. */
extern const char *fsj_invoked_as;

#endif
