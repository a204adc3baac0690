/* fuzz-util.h - what the libFuzzer harnesses of tests/fuzz share (issue
 * 19): a private scratch folder on a memory filesystem and a way to put
 * an input in a file there. Test code only; header-only so each harness
 * stays one file. */
#ifndef FSJAIL_FUZZ_UTIL_H
#define FSJAIL_FUZZ_UTIL_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The scratch folder of this harness: $FUZZ_TMP (default /dev/shm, else
 * /tmp) / fsjail-fuzz-NAME-PID, made on the first call. Static string. */
static inline const char *fuzz_dir(const char *name)
{
	static char dir[512];

	if (!dir[0]) {
		const char *base = getenv("FUZZ_TMP");
		struct stat st;

		if (!base || !*base)
			base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
		snprintf(dir, sizeof(dir), "%s/fsjail-fuzz-%s-%ld", base, name, (long)getpid());
		if (mkdir(dir, 0700) < 0 && stat(dir, &st) < 0) {
			perror(dir);
			abort();
		}
	}
	return dir;
}

/* Replace file path with the size bytes at data (0600). Aborts when it
 * cannot: the harness, not the code under test, failed. */
static inline void fuzz_put(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
	size_t off = 0;

	if (fd < 0) {
		perror(path);
		abort();
	}
	while (off < size) {
		ssize_t n = write(fd, data + off, size - off);

		if (n <= 0) {
			perror(path);
			abort();
		}
		off += (size_t)n;
	}
	close(fd);
}

/* Stop with a message: an invariant of the code under test is broken. */
#define FUZZ_ASSERT(cond, ...)                                                    \
	do {                                                                      \
		if (!(cond)) {                                                    \
			fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                             \
			fputc('\n', stderr);                                      \
			abort();                                                  \
		}                                                                 \
	} while (0)

#endif
