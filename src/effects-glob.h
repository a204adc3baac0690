/* effects-glob.h - the names a run-time operand may take (a glob, or a
 * run-time part after a literal folder), and whether one of them is a
 * path the policy never lets the capability reach (att34: `echo x >
 * .git/confi[g]` was decided at .git only, and allowed). */
#ifndef FSJAIL_EFFECTS_GLOB_H
#define FSJAIL_EFFECTS_GLOB_H

#include <stdbool.h>

#include "effects.h"
#include "policy.h"

struct word;

/* The pattern of an unresolved operand w whose known folder is anchor
 * (shword_anchor()), for fsj_effect.pattern: the rest of w after anchor,
 * a glob bash matches component by component. *any is set when the
 * pattern's end may be followed by anything (a run-time part, a brace
 * or extended glob, a line that changes bash's glob options): then only
 * the literal text before it is kept. opts: the line names
 * shopt or GLOBIGNORE (effects_glob_opts()).
 * Returns a new string (the caller frees it), or NULL when w gives no
 * pattern: a known path, a run-time head, or a run-time name with no
 * literal folder or text before it (`rm $f`: decided at the working
 * folder, as before). */
char *effects_glob_pattern(const char *anchor, const struct word *w, bool opts, bool *any);

/* Whether s[0..n) (not NUL-terminated: the analysed line) names shopt or
 * GLOBIGNORE, which change what a glob matches. */
bool effects_glob_opts(const char *s, size_t n);

/* Whether the existing name path (absolute) is absent for the glob: not
 * there now and not made earlier in the line. */
typedef bool (*effects_glob_absent_fn)(const char *path, void *data);

/* The rule of pol that may refuse cap on a name the unresolved effect e
 * may take: a protected rule, or an explicit one denying cap, on a path
 * strictly beneath e->path that e->pattern may name, name a path beneath,
 * or (a delete, or a recursive effect) name a folder above. NULL when
 * e has no pattern or none may. Borrowed from pol.
 *
 * bash expands a glob only to names that exist (with no match the word
 * stays as written, glob characters and all): when absent is not NULL,
 * a rule is passed over when the name the pattern would have to match to
 * reach it (its path's first components, as many as the pattern has) is
 * absent() and the rule denies create too (a path no one may make stays
 * absent through the run: not so a `deny: [delete]` alone). Not for a pattern that may end in anything (e->pattern_any:
 * a run-time part) or that holds a '.' or '..' component (user29: `rm
 * -rf *` asked for an absent opencode.json). */
const struct fsj_rule *effects_glob_reaches(const struct fsj_policy *pol,
					    const struct fsj_effect *e, enum fsj_cap cap,
					    effects_glob_absent_fn absent, void *data);

/* Whether the last component of lit[0..n) (trailing slashes aside) is
 * "." or "..": `cp -r X/. D` puts X's names in D itself, any name
 * beneath it. */
bool effects_glob_dot_tail(const char *lit, size_t n);

#endif
