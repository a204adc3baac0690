/* sbpl_oracle.h - the evaluator (sbpl_eval.h) put next to fsjail's policy
 * engine: load a compiled profile, and compare what Seatbelt would decide
 * with policy_decide(). Test code only. */
#ifndef FSJAIL_SBPL_ORACLE_H
#define FSJAIL_SBPL_ORACLE_H

#include <stddef.h>

#include "policy.h"
#include "sbpl.h"
#include "sbpl_eval.h"
#include "util.h"

/* The SBPL operations each capability must map to (DESIGN.md section 6),
 * written here independently of sbpl.c's own table. NULL-terminated. */
extern const char *const sbpl_oracle_cap_ops[FSJ_CAP_COUNT][7];

/* The kernel's spelling of p on macOS: /tmp, /var and /etc are symlinks
 * into /private (SBPL-NOTES.md section 6). New string, caller frees. */
char *sbpl_oracle_kernel_path(const char *p);

/* An evaluator over the compiled profile p with its parameters, as
 * sandbox-exec -f FILE -D ... would load it. NULL with err set when it
 * does not compile. Caller frees with sbpl_eval_free(). */
struct sbpl_eval *sbpl_oracle_load(const struct sbpl_profile *p, struct fsj_error *err);

/* The strings sbpl.c writes into the text by itself (system paths,
 * device names, the pty regex): collected from the profiles it compiles
 * for empty policies at every tier, in both modes, with the network on and
 * off and with a broker. A string in a real profile that is not among them
 * came from the policy. NULL-terminated; owned by this module, computed
 * once. */
const char *const *sbpl_oracle_fixed_strings(void);

/* Compare the evaluator with policy_decide(pol, kpath, kpath) for every
 * capability and each operation it maps to: a capability the tier does not
 * enforce must be allowed by the profile, an enforced one decided as the
 * policy decides. kpath is the kernel's spelling of the path (Seatbelt
 * sees nothing else). Returns the number of (capability, operation) pairs
 * that differ; the first is described in *why (appended) when why is not
 * NULL. */
size_t sbpl_oracle_compare(const struct sbpl_eval *ev, const struct fsj_policy *pol,
			   const char *kpath, struct strbuf *why);

/* The move rule as the oracle states it: pol with every rule that denies
 * something denying create and delete too, decided for file-write-unlink, file-link and file-clone.
 * Caller frees with policy_free(). */
struct fsj_policy *sbpl_oracle_move_policy(const struct fsj_policy *pol);

/* Is p (kernel spelling) a folder strictly above a denied path, "/"
 * excepted? Those folders are closed to file-write-unlink. */
bool sbpl_oracle_above_deny(const struct fsj_policy *pol, const char *p);

#endif
