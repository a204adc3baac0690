/* check_platform.c - the Linux side of src/platform.h (the macOS side is
 * compiled by `make check-macos`; nothing here can run it). */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"
#include "testutil.h"
#include "util.h"

START_TEST(peer_cred_of_a_socketpair)
{
	struct platform_peer peer;
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	ck_assert_int_eq(platform_peer_cred(sv[0], &peer), 0);
	ck_assert_uint_eq(peer.uid, getuid());
	ck_assert_uint_eq(peer.gid, getgid());
	ck_assert_int_eq(peer.pid, getpid());
	close(sv[0]);
	close(sv[1]);
	/* not a socket */
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	ck_assert_int_eq(platform_peer_cred(fd, &peer), -1);
	ck_assert_int_eq(errno, ENOTSOCK);
	close(fd);
}
END_TEST

static int write_file(int dirfd, const char *name, const char *text)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		return -1;
	if (write_all(fd, text, strlen(text)) < 0) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static char *slurp(int dirfd, const char *name)
{
	char buf[256];
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	n = read(fd, buf, sizeof(buf) - 1);
	ck_assert_int_ge(n, 0);
	buf[n] = '\0';
	close(fd);
	return xstrdup(buf);
}

START_TEST(clone_or_a_clear_refusal)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/fsjail-platform-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int dfd, rc, e;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(dfd, 0);
	ck_assert_int_eq(write_file(dfd, "src", "original\n"), 0);

	rc = platform_clone_file(dfd, "src", dfd, "dst");
	e = errno;
	if (rc == 0) {
		char *a = slurp(dfd, "dst");
		ck_assert_str_eq(a, "original\n");
		free(a);
		/* copy-on-write: the clone changes alone */
		ck_assert_int_eq(write_file(dfd, "dst", "changed\n"), 0);
		a = slurp(dfd, "src");
		ck_assert_str_eq(a, "original\n");
		free(a);
		ck_assert_int_eq(unlinkat(dfd, "dst", 0), 0);
	} else {
		/* this filesystem cannot clone (tmpfs, ext4): nothing left behind */
		ck_assert_msg(e == EOPNOTSUPP || e == EXDEV || e == EINVAL || e == ENOTTY,
			      "unexpected errno %d (%s)", e, strerror(e));
		ck_assert_int_eq(faccessat(dfd, "dst", F_OK, 0), -1);
		fprintf(stderr, "check_platform: '%s' cannot clone (%s)\n", dir, strerror(e));
	}
	/* an existing destination is never overwritten */
	ck_assert_int_eq(write_file(dfd, "there", "keep\n"), 0);
	ck_assert_int_eq(platform_clone_file(dfd, "src", dfd, "there"), -1);
	ck_assert_int_eq(errno, EEXIST);
	char *k = slurp(dfd, "there");
	ck_assert_str_eq(k, "keep\n");
	free(k);
	/* a symlink is not followed, a directory is not a regular file */
	ck_assert_int_eq(symlinkat("src", dfd, "link"), 0);
	ck_assert_int_eq(platform_clone_file(dfd, "link", dfd, "dst"), -1);
	ck_assert_int_eq(errno, ELOOP);
	ck_assert_int_eq(mkdirat(dfd, "sub", 0700), 0);
	ck_assert_int_eq(platform_clone_file(dfd, "sub", dfd, "dst"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(faccessat(dfd, "dst", F_OK, 0), -1);

	unlinkat(dfd, "src", 0);
	unlinkat(dfd, "there", 0);
	unlinkat(dfd, "link", 0);
	unlinkat(dfd, "sub", AT_REMOVEDIR);
	close(dfd);
	ck_assert_int_eq(rmdir(dir), 0);
	free(dir);
}
END_TEST

START_TEST(trash_dir)
{
	char *t;

	unsetenv("XDG_DATA_HOME");
	t = platform_trash_dir("/home/u");
	ck_assert_str_eq(t, "/home/u/.local/share/Trash/files");
	free(t);
	t = platform_trash_dir("/");
	ck_assert_str_eq(t, "/.local/share/Trash/files");
	free(t);
	setenv("XDG_DATA_HOME", "/data/u", 1);
	t = platform_trash_dir("/home/u");
	ck_assert_str_eq(t, "/data/u/Trash/files");
	free(t);
	setenv("XDG_DATA_HOME", "relative", 1);
	t = platform_trash_dir("/home/u");
	ck_assert_str_eq(t, "/home/u/.local/share/Trash/files");
	free(t);
	unsetenv("XDG_DATA_HOME");
	ck_assert_ptr_null(platform_trash_dir(NULL));
	ck_assert_ptr_null(platform_trash_dir("home"));
}
END_TEST

START_TEST(kernel_path_and_extensions)
{
	char *k = platform_kernel_path("/tmp/x");

	/* Linux has no /private */
	ck_assert_str_eq(k, "/tmp/x");
	free(k);
	errno = 0;
	ck_assert_ptr_null(platform_extension_issue("fsjail.read", "/tmp/x"));
	ck_assert_int_eq(errno, ENOSYS);
	ck_assert_int_eq(platform_extension_consume("token"), -1);
	ck_assert_int_eq(errno, ENOSYS);
	ck_assert_int_eq(platform_extension_release(0), -1);
	ck_assert_int_eq(errno, ENOSYS);
}
END_TEST

/* Linux: tokens are descriptors, a trashed file gets its .trashinfo, and
 * a rename that must not replace refuses an existing target (EEXIST) and
 * leaves both files as they were. */
START_TEST(rename_noreplace_and_linux_answers)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/fsjail-platform-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	char *a, *b;
	int dfd;

	ck_assert(!platform_token_is_extension());
	ck_assert(platform_trash_has_info());
	ck_assert_ptr_nonnull(mkdtemp(dir));
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(dfd, 0);
	ck_assert_int_eq(write_file(dfd, "a", "A\n"), 0);
	ck_assert_int_eq(write_file(dfd, "b", "B\n"), 0);
	errno = 0;
	ck_assert_int_eq(platform_rename_noreplace(dfd, "a", dfd, "b"), -1);
	ck_assert_int_eq(errno, EEXIST);
	a = slurp(dfd, "a");
	b = slurp(dfd, "b");
	ck_assert_str_eq(a, "A\n");
	ck_assert_str_eq(b, "B\n");
	free(a);
	free(b);
	ck_assert_int_eq(platform_rename_noreplace(dfd, "a", dfd, "c"), 0);
	ck_assert_int_eq(faccessat(dfd, "a", F_OK, AT_SYMLINK_NOFOLLOW), -1);
	a = slurp(dfd, "c");
	ck_assert_str_eq(a, "A\n");
	free(a);
	ck_assert_int_eq(unlinkat(dfd, "b", 0), 0);
	ck_assert_int_eq(unlinkat(dfd, "c", 0), 0);
	close(dfd);
	ck_assert_int_eq(rmdir(dir), 0);
	free(dir);
}
END_TEST

static Suite *platform_suite(void)
{
	Suite *s = suite_create("platform");
	TCase *tc = tcase_create("linux");

	tcase_add_test(tc, peer_cred_of_a_socketpair);
	tcase_add_test(tc, clone_or_a_clear_refusal);
	tcase_add_test(tc, trash_dir);
	tcase_add_test(tc, kernel_path_and_extensions);
	tcase_add_test(tc, rename_noreplace_and_linux_answers);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(platform_suite(), CK_FORK_GETENV);
}
