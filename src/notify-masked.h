/* notify-masked.h - a write the kernel refused at a path a mount mask
 * hides (issue 12 item 4: the summary names what was refused, and why). */
#ifndef FSJAIL_NOTIFY_MASKED_H
#define FSJAIL_NOTIFY_MASKED_H

#include "notify-int.h"

/* Answer job j, whose change of path the kernel refused with errno e:
 * EROFS at a path whose read the policy denies at the explicit or
 * protected level is the HIDE mask over it (landlock-plan.c
 * mask_candidate(): such a path is hidden even where it may change), so
 * the refusal of write is recorded, naming the read deny's rule; any
 * other e is answered as is. Returns nj_answer()'s or nj_refuse()'s value. */
int nj_answer_change_failed(struct job *j, const char *path, int e);

#endif
