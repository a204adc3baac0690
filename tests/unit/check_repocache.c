/* check_repocache.c - unit tests for the record of a workspace walk kept
 * in the state folder (src/repometa-cache.h): it round-trips, and a file
 * that is not fsjail's own in every respect is refused whole (the walk
 * then reads everything): bad form, numbers out of range, names git or
 * the walk never records, a repeated name, another workspace, a wrong
 * type, mode or owner. A record stands in for a folder only when its
 * identity and times are the same and were not racy. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repometa-cache.h"
#include "testutil.h"
#include "util.h"

static char top[PATH_MAX], state[PATH_MAX + 16], ws[PATH_MAX + 16];

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_user_data("check_repocache", top), 0);
	snprintf(state, sizeof(state), "%s/state", top);
	snprintf(ws, sizeof(ws), "%s/ws", top);
	ck_assert_int_eq(mkdir(state, 0700), 0);
	ck_assert_int_eq(mkdir(ws, 0755), 0);
}

static void teardown(void)
{
	tu_rm_tree(top);
}

/* A complete record of ws with two subfolders, kept; its file's path. */
static char *keep_record(void)
{
	struct repometa_cache *c = repometa_cache_new(ws);
	struct stat st;
	size_t root;
	char *name = NULL;

	ck_assert_int_eq(lstat(ws, &st), 0);
	root = repometa_cache_add(c, REPOMETA_CACHE_NONE, "", &st, 2, REPOMETA_CACHE_HAS_DOTGIT);
	repometa_cache_add(c, root, "a", &st, 0, 0);
	repometa_cache_add(c, root, "b\nwith newline", &st, 0, REPOMETA_CACHE_HAS_HEAD);
	repometa_cache_link(c);
	if (!c->fs_exact) {
		repometa_cache_free(c);
		return NULL;
	}
	ck_assert_int_eq(repometa_cache_save(c, state), 0);
	repometa_cache_free(c);
	{
		char dir[PATH_MAX + 32];
		DIR *d;
		struct dirent *e;

		snprintf(dir, sizeof(dir), "%s/scan", state);
		d = opendir(dir);
		ck_assert(d != NULL);
		while ((e = readdir(d)) && !name)
			if (e->d_name[0] != '.')
				name = xasprintf("%s/%s", dir, e->d_name);
		closedir(d);
	}
	ck_assert(name != NULL);
	return name;
}

static char *slurp(const char *path, size_t *len)
{
	char *buf = NULL;

	ck_assert_int_eq(read_file(path, 1 << 20, &buf, len), 0);
	return buf;
}

static void put(const char *path, const char *text, size_t len, mode_t mode)
{
	int fd;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode);
	ck_assert(fd >= 0);
	ck_assert_int_eq(write_all(fd, text, len), 0);
	close(fd);
	chmod(path, mode);
}

/* bytes put in place of the record file (ctx: its path), mode 0600: true
 * when the load refuses them. */
static bool load_refused(const char *buf, size_t len, void *file)
{
	struct repometa_cache *c;

	put(file, buf, len, 0600);
	c = repometa_cache_load(state, ws);
	repometa_cache_free(c);
	return c == NULL;
}

START_TEST(test_round_trip)
{
	char *file = keep_record();
	struct repometa_cache *c;

	if (!file)
		return; /* the test folder's filesystem keeps no exact times */
	c = repometa_cache_load(state, ws);
	ck_assert(c != NULL);
	ck_assert_uint_eq(c->n, 3);
	ck_assert_str_eq(c->v[0].name, "");
	ck_assert(repometa_cache_child(c, 0, "a") != REPOMETA_CACHE_NONE);
	ck_assert(repometa_cache_child(c, 0, "b\nwith newline") != REPOMETA_CACHE_NONE);
	ck_assert(repometa_cache_child(c, 0, "c") == REPOMETA_CACHE_NONE);
	ck_assert_uint_eq(c->v[0].entries, 2);
	ck_assert_uint_eq(c->v[0].flags, REPOMETA_CACHE_HAS_DOTGIT);
	ck_assert_uint_eq(c->v[repometa_cache_child(c, 0, "b\nwith newline")].flags,
			  REPOMETA_CACHE_HAS_HEAD);
	repometa_cache_free(c);
	/* another workspace's record is not this one's */
	ck_assert(repometa_cache_load(state, top) == NULL);
	free(file);
}
END_TEST

/* Each edit of a good file (from, to: the first occurrence replaced) is
 * refused. */
START_TEST(test_forged_refused)
{
	static const char *const edits[][2] = {
		{ "fsjail-scan 2", "fsjail-scan 1" }, /* another version */
		{ " 0 1:a\n", " 4 1:a\n" },           /* an unknown flag */
		{ "\nend\n", "\n" },                  /* cut short */
		{ "\nend\n", "\nend\nmore\n" },       /* trailing bytes */
		{ "\n0 ", "\n1 " },                   /* a parent that is not before it */
		{ "1:a\n", "1:/\n" },                 /* a name with a slash */
		{ "1:a\n", "4:.git\n" },              /* a name the walk never records */
		{ "1:a\n", "2:..\n" },
		{ "1:a\n", "0:\n" },                 /* an empty name below the top */
		{ "1:a\n", "14:b\nwith newline\n" }, /* a name twice in one folder */
		{ "1:a\n", "999999999:a\n" },        /* a length past the end */
		{ "- ", "0 " },                      /* the top with a parent */
	};
	char *file = keep_record();
	struct repometa_cache *got;
	size_t len;
	char *good;

	if (!file)
		return;
	good = slurp(file, &len);
	tu_edits_refused(good, len, edits, sizeof(edits) / sizeof(edits[0]), load_refused, file);
	/* a NUL byte inside */
	{
		char *bad = xmalloc(len);

		memcpy(bad, good, len);
		bad[len / 2] = '\0';
		ck_assert(load_refused(bad, len, file));
		free(bad);
	}
	/* a nanosecond field out of range: "<time_s> <time_ns> <n>" on the
	 * third line, time_ns made 10 digits */
	{
		const char *sp = strchr(strchr(strchr(good, '\n') + 1, '\n') + 1, ' ') + 1;
		struct strbuf sb = STRBUF_INIT;

		sb_add(&sb, good, (size_t)(sp - good));
		sb_adds(&sb, "1000000000");
		sb_adds(&sb, strchr(sp, ' '));
		ck_assert(load_refused(sb.buf, sb.len, file));
		sb_release(&sb);
	}
	/* the good file again is taken */
	put(file, good, len, 0600);
	got = repometa_cache_load(state, ws);
	ck_assert(got != NULL);
	repometa_cache_free(got);
	free(good);
	free(file);
}
END_TEST

START_TEST(test_file_kind_refused)
{
	char *file = keep_record();
	char other[PATH_MAX + 32];
	size_t len;
	char *good;

	if (!file)
		return;
	good = slurp(file, &len);
	/* group-writable */
	put(file, good, len, 0620);
	ck_assert(repometa_cache_load(state, ws) == NULL);
	/* a symlink to a good file */
	snprintf(other, sizeof(other), "%s/elsewhere", top);
	put(other, good, len, 0600);
	unlink(file);
	ck_assert_int_eq(symlink(other, file), 0);
	ck_assert(repometa_cache_load(state, ws) == NULL);
	/* a hard link (two names: not the file fsjail wrote) */
	unlink(file);
	ck_assert_int_eq(link(other, file), 0);
	ck_assert(repometa_cache_load(state, ws) == NULL);
	/* a FIFO: refused without blocking (O_NONBLOCK) */
	unlink(file);
	ck_assert_int_eq(mkfifo(file, 0600), 0);
	ck_assert(repometa_cache_load(state, ws) == NULL);
	/* another owner (root only) */
	if (geteuid() == 0) {
		put(file, good, len, 0600);
		ck_assert_int_eq(chown(file, 1, 1), 0);
		ck_assert(repometa_cache_load(state, ws) == NULL);
		/* and a save replaces it with our own */
		unlink(file);
	}
	free(good);
	free(file);
}
END_TEST

START_TEST(test_usable)
{
	struct repometa_cache *old = repometa_cache_new(ws), *new = repometa_cache_new(ws);
	struct stat st, other;
	size_t i;

	ck_assert_int_eq(lstat(ws, &st), 0);
	ck_assert_int_eq(lstat(top, &other), 0);
	i = repometa_cache_add(old, REPOMETA_CACHE_NONE, "", &st, 0, 0);
	repometa_cache_link(old);
	if (!new->fs_exact) {
		ck_assert(!repometa_cache_usable(old, i, &st, new));
		goto out;
	}
	/* just made: racy, not usable */
	ck_assert(!repometa_cache_usable(old, i, &st, new));
	/* the same folder recorded long after its change: usable */
	old->time.tv_sec = st.st_ctim.tv_sec + 10;
	ck_assert(repometa_cache_usable(old, i, &st, new));
	/* another inode, or another ctime: not */
	ck_assert(!repometa_cache_usable(old, i, &other, new));
	st.st_ctim.tv_nsec ^= 1;
	ck_assert(!repometa_cache_usable(old, i, &st, new));
	st.st_ctim.tv_nsec ^= 1;
	st.st_mtim.tv_sec--;
	ck_assert(!repometa_cache_usable(old, i, &st, new));
out:
	repometa_cache_free(old);
	repometa_cache_free(new);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("repocache");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_forged_refused);
	tcase_add_test(tc, test_file_kind_refused);
	tcase_add_test(tc, test_usable);
	suite_add_tcase(s, tc);
	return tu_run_suite(s, CK_FORK_GETENV);
}
