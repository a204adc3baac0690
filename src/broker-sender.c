/* broker-sender.c - the sender of bytes the broker read (broker-sender.h;
 * pidfd_open(2), pidfs). */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker-sender.h"

void broker_sender_init(struct broker_sender *s)
{
	memset(s, 0, sizeof(*s));
	s->pidfd = -1;
}

void broker_sender_release(struct broker_sender *s)
{
	if (s->pidfd >= 0)
		close(s->pidfd);
	broker_sender_init(s);
}

void broker_sender_copy(struct broker_sender *dst, const struct broker_sender *src)
{
	broker_sender_release(dst);
	*dst = *src;
	dst->pidfd = src->pidfd >= 0 ? fcntl(src->pidfd, F_DUPFD_CLOEXEC, 0) : -1;
	if (src->pidfd >= 0 && dst->pidfd < 0)
		dst->named = false;
}

void broker_sender_add(struct broker_sender *line, const struct broker_sender *chunk)
{
	if (!chunk->named)
		line->named = false;
	if (line->pid != chunk->pid || line->uid != chunk->uid || line->gid != chunk->gid ||
	    (line->ino && chunk->ino && line->ino != chunk->ino))
		line->mixed = true;
}

#ifdef __linux__
#include <sys/vfs.h>

#ifndef PIDFS_MAGIC
#define PIDFS_MAGIC 0x50494446 /* linux/magic.h, Linux 6.9 */
#endif

void broker_sender_identify(struct broker_sender *s)
{
	struct statfs fs;
	struct stat sb;

	s->ino = 0;
	if (s->pidfd >= 0 && fstatfs(s->pidfd, &fs) == 0 && fs.f_type == PIDFS_MAGIC &&
	    fstat(s->pidfd, &sb) == 0)
		s->ino = (uint64_t)sb.st_ino;
}

#else

void broker_sender_identify(struct broker_sender *s)
{
	s->ino = 0;
}
#endif
