/* refusal-summary.h - parts of the refusal summary (refusal.c): the verb
 * a line starts with, the note under a refused new name, and the hint
 * lines under all of them. Internal to the refusal files. */
#ifndef FSJAIL_REFUSAL_SUMMARY_H
#define FSJAIL_REFUSAL_SUMMARY_H

#include <stddef.h>
#include <stdio.h>

#include "policy.h"
#include "refusal-kept.h"

/* The verb a summary line about k starts with: "link" or "rename" when k
 * refused a new name for an existing file (link(2), rename(2) and their
 * *at forms, errno EXDEV, no rule: the listener's REFER check, which
 * refuses a name that would grant what the file's own name lacks - a
 * hard link shares the inode); else NULL (the line names k's
 * capability). k's capability stays in the report and audit lines.
 * Static string. */
const char *refusal_summary_verb(const struct kept *k);

/* Print to out, under the line of k, the note saying what a refused new
 * name means when refusal_summary_verb(k) is not NULL: the caller got
 * EXDEV, as from a rename across file systems, and git, cp and mv copy
 * the file instead. Nothing otherwise. */
void refusal_summary_newname_note(FILE *out, const struct kept *k);

/* Print to out the lines saying how to lift the refusals kept[first[g]]
 * for g in [0, n), or why not (refusal-hint.h), under pol (may be NULL)
 * and home (normalised, or NULL). Borrows everything. */
void refusal_summary_hint(FILE *out, const struct kept *kept, const size_t *first, size_t n,
			  const char *home, const struct fsj_policy *pol);

#endif
