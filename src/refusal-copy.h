/* refusal-copy.h - a refusal copied into the form refusal.c keeps
 * (refusal-kept.h), and freed. Internal to the refusal files. */
#ifndef FSJAIL_REFUSAL_COPY_H
#define FSJAIL_REFUSAL_COPY_H

#include <stdbool.h>

#include "refusal-kept.h"
#include "refusal.h"

/* k (zeroed) filled from r, every string copied (k owns them). */
void refusal_copy_fill(struct kept *k, const struct refusal *r);

/* Free k's strings (not k itself). */
void refusal_copy_release(struct kept *k);

/* k refused making a folder (mkdir(2), mkdirat(2); the broker's "mkdir"). */
bool refusal_copy_made_dir(const struct kept *k);

#endif
