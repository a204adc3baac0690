/* manifest-append.c - manifest_append() (manifest.h): how a cycle's
 * records are written. Appends follow write(2) on O_APPEND (one write, one
 * offset: concurrent writers never interleave inside it).
 *
 * Nothing is written that manifest_read() would not take back (att36).
 * A restore refuses a whole cycle that holds one refused record, and
 * cannot read a manifest over MANIFEST_MAX_SIZE at all ("no backup
 * cycle"): a command that removed the user's files, then made a folder
 * whose path reached PATH_MAX (one record refused), or renamed a file
 * with long names back and forth for eight seconds (322 MB of records),
 * made its removals impossible to undo. Such a record is refused here
 * instead, so the change it was for is refused too (the caller's
 * contract) and every change recorded before it stays restorable. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "manifest.h"
#include "util.h"

/* Below the reader's cap by 16 of the longest lines: appenders of other
 * threads (the listener's, the broker's) may pass the size check before
 * either writes, and the file must stay readable whatever the order. */
static unsigned long long max_size = MANIFEST_MAX_SIZE - 16ull * MANIFEST_MAX_LINE;

/* test-only: a smaller cap (FSJAIL_TEST_MANIFEST_MAX, bytes), never larger,
 * so a test reaches it in a second; read once, before any append races */
static void max_size_init(void)
{
	const char *t = getenv("FSJAIL_TEST_MANIFEST_MAX");
	unsigned long long v = t ? strtoull(t, NULL, 10) : 0;

	if (v > 0 && v < max_size)
		max_size = v;
}

int manifest_append(int fd, bool *torn, const cJSON *rec)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	const char *why;
	char *text, *line;
	struct stat sb;
	size_t len;
	ssize_t n;
	int saved;

	(void)pthread_once(&once, max_size_init);
	if (!(text = cJSON_PrintUnformatted(rec))) {
		errno = ENOMEM;
		return -1;
	}
	/* read back as manifest_read() will; what it refuses is a path past
	 * PATH_MAX (an absolute path made of relative steps) or a bad field */
	if ((why = manifest_line_refused(text))) {
		cJSON_free(text);
		errno = strstr(why, "path") ? ENAMETOOLONG : EINVAL;
		return -1;
	}
	line = xasprintf("%s%s\n", *torn ? "\n" : "", text);
	cJSON_free(text);
	len = strlen(line);
	if (len > MANIFEST_MAX_LINE)
		saved = ENAMETOOLONG;
	else if (fstat(fd, &sb) < 0)
		saved = errno;
	else if ((unsigned long long)sb.st_size + len > max_size)
		saved = EFBIG; /* manifest_read() could not take the file back */
	else
		saved = 0;
	if (saved) {
		free(line);
		errno = saved;
		return -1;
	}
	do
		n = write(fd, line, len);
	while (n < 0 && errno == EINTR);
	saved = n < 0 ? errno : ENOSPC;
	free(line);
	if (n == (ssize_t)len) {
		*torn = false;
		return 0;
	}
	/* Cut short: take the n bytes just appended back, so the size is
	 * asked only then; where that fails the next record starts on a line
	 * of its own. */
	if (n > 0 && (fstat(fd, &sb) < 0 || sb.st_size < n || ftruncate(fd, sb.st_size - n) < 0))
		*torn = true;
	errno = saved;
	return -1;
}
