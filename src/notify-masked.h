/* notify-masked.h - a write the kernel refused at a path a mount mask
 * hides (issue 12 item 4: the summary names what was refused, and why). */
#ifndef FSJAIL_NOTIFY_MASKED_H
#define FSJAIL_NOTIFY_MASKED_H

#include "notify-int.h"

/* Answer job j, whose change of l (found in the command's view) the
 * kernel refused with errno e. At a path whose read the policy denies at
 * the explicit or protected level, the HIDE mask over it (landlock-plan.c
 * mask_candidate(): such a path is hidden even where it may change)
 * refuses with EROFS as root and with EACCES through an ordinary user's
 * namespace (an empty file no one may write): the refusal of write is
 * recorded, naming the read deny's rule. Any other e is answered as is.
 * Returns nj_answer()'s or nj_refuse()'s value. */
int nj_answer_change_failed(struct job *j, const struct loc *l, int e);

#endif
