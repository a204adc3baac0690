/* notify-said.h - what the hook notes while the command runs and says
 * as refusals once it has ended, when the outcome is known: the silent
 * EBADF of a made repository's empty config (notify-newrepo-ro.c), and a
 * .git file the command wrote that the supervisor put back
 * (notify-said.c). Included by notify-refused.h only. Linux. */
#ifndef FSJAIL_NOTIFY_SAID_H
#define FSJAIL_NOTIFY_SAID_H

#include <stddef.h>
#include <stdint.h>

struct job;
struct loc;
struct stat;

/* notify-newrepo-ro.c: note that l's empty config was handed in as fd
 * (read-only) to an open with flags: one that asked to write is said as a
 * refusal of write (EBADF) when the run ends and the name still holds
 * that empty file. Call before the answer. */
void nj_newrepo_ro_note(struct job *j, const struct loc *l, int fd, uint64_t flags);

/* notify-newrepo-ro.c: the supervisor put its own copy of the same bytes
 * at name in the folder dir (a descriptor) in place of the file old
 * describes (notify-newrepo.c settle_config(), when the folder becomes a
 * gitdir): a note on that file now follows the copy, which holds what the
 * caller's descriptor held. Never fails: a copy that cannot be looked at
 * leaves the notes as they are. */
void nj_newrepo_ro_relanded(int dir, const char *name, const struct stat *old);

/* notify-newrepo-ro.c: say the notes whose config is still that empty
 * file, and forget every note (notify_said_at_end()). */
void notify_newrepo_ro_said(void);

/* notify-said.c: note that nj_gitfile_remake() put back at l (a .git
 * file) its start-of-run bytes (kept, len; copied) and handed the caller
 * sink (a memory file, duplicated here) for what it writes: said when
 * the run ends as a refusal of write naming the repository-metadata
 * rule, what the command wrote and that it was dropped, unless it wrote
 * those same bytes (git writing the same pointer). Call before the
 * answer (the caller's name and program are read now). Never fails: a
 * note that cannot be kept is said at once. */
void nj_gitfile_put_back_note(struct job *j, const struct loc *l, int sink, const char *kept,
			      size_t len);

/* notify-said.c: say every note above and forget them; from
 * notify_stop() once the supervisor thread has ended, while the refusal
 * sinks are set. */
void notify_said_at_end(void);

#endif
