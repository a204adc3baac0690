/* autorun-look.c - one look at a file tools run by themselves, and
 * whether two looks differ (autorun-look.h). */
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autorun-look.h"
#include "autorun-read.h"
#include "util.h"

/* The content of the regular file lstat found at s->path, read without
 * following a symlink put there since and without waiting on a FIFO:
 * NULL when it is not that file or is larger than CONTENT_MAX. */
static char *content(const struct seen *s, size_t *len)
{
	cleanup_fd int fd =
		open(s->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	struct stat st;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_dev != s->st.st_dev ||
	    st.st_ino != s->st.st_ino || st.st_size > CONTENT_MAX)
		return NULL;
	return autorun_read_max(fd, CONTENT_MAX, len);
}

void autorun_look(struct seen *s, size_t *budget)
{
	s->data = NULL;
	s->len = 0;
	s->exists = lstat(s->path, &s->st) == 0;
	if (s->exists && S_ISREG(s->st.st_mode) && (size_t)s->st.st_size <= *budget)
		s->data = content(s, &s->len);
	if (s->data)
		*budget -= s->len < *budget ? s->len : *budget;
}

bool autorun_same(const struct seen *a, const struct seen *b)
{
	if (a->exists != b->exists)
		return false;
	if (a->data && b->data)
		return a->len == b->len && memcmp(a->data, b->data, a->len) == 0;
	return !a->exists || (a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino &&
			      a->st.st_size == b->st.st_size && a->st.st_mode == b->st.st_mode &&
			      FSJ_STAT_CTIM(&a->st).tv_sec == FSJ_STAT_CTIM(&b->st).tv_sec &&
			      FSJ_STAT_CTIM(&a->st).tv_nsec == FSJ_STAT_CTIM(&b->st).tv_nsec);
}
