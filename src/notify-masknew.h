/* notify-masknew.h - a new name the kernel refused to make inside a
 * folder a mount mask hides (notify-masknew.c; as notify-masked.h for a
 * write of the hidden path itself: the summary names what was refused,
 * and why). Linux only; internal to the notify-*.c files. */
#ifndef FSJAIL_NOTIFY_MASKNEW_H
#define FSJAIL_NOTIFY_MASKNEW_H

#include "notify-int.h"
#include "notify-masked.h" /* the hidden path itself */

/* Answer job j, whose making of the new name l (open O_CREAT, mkdir,
 * mknod, symlink; the target of a rename or link) the kernel refused with
 * errno e. EROFS at a name whose read the policy denies at the explicit
 * or protected level is the HIDE mask over its folder (an empty read-only
 * folder: landlock-plan.c mask_candidate()), and the refusal of create is
 * recorded, naming the read deny's rule; before, the command's tool said
 * only 'Read-only file system' and the summary nothing. Any other e is
 * answered as is. Returns nj_answer()'s or nj_refuse()'s value. */
int nj_answer_make_failed(struct job *j, const struct loc *l, int e);

#endif
