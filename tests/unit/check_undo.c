/* check_undo.c - the identity-keyed store, the manifest and restore
 * (src/backup.h, src/manifest.h, src/restore.h, src/escape.h) without a
 * sandbox: two names one backup, link-based backup of a removed file,
 * ENOSPC on a small tmpfs (no record lost, the unrecorded change refused),
 * a torn line followed by a good one, hostile manifest entries, a restore
 * of renames, removed trees and created files, and its idempotence.
 * Linked into check_backup (its main() runs undo_suite()). */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "cycle_fixture.h"
#include "escape.h"
#include "manifest.h"
#include "restore.h"
#include "testutil.h"
#include "util.h"

Suite *undo_suite(void);

static char uroot[PATH_MAX];
static char *ustate, *uwork, *cycledir;

static void usetup(void)
{
	ck_assert_int_eq(tu_mkdtemp_user_data("check_undo", uroot), 0);
	ustate = xasprintf("%s/state", uroot);
	uwork = xasprintf("%s/work", uroot);
	ck_assert_int_eq(mkdir(ustate, 0700), 0);
	ck_assert_int_eq(mkdir(uwork, 0700), 0);
}

static void uteardown(void)
{
	tu_rm_tree(uroot);
}

static void wr(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write_all(fd, text, strlen(text)), 0);
	close(fd);
}

/* The content of path, or NULL; valid until the next call. */
static char *rd(const char *path)
{
	static char *last;
	size_t len;

	free(last);
	last = NULL;
	return read_file(path, 1 << 20, &last, &len) == 0 ? last : NULL;
}

static struct backup_cycle *cycle(const char *session)
{
	return tu_cycle(ustate, uwork, session, &cycledir);
}

static int change(struct backup_cycle *bc, const char *name, enum backup_change what)
{
	struct fsj_error err = { { 0 } };
	cleanup_free char *path = xasprintf("%s/%s", uwork, name);
	int dfd = open(uwork, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW), rc;

	rc = backup_before_change(bc, dfd, name, fd, path, what, "t", &err);
	if (fd >= 0)
		close(fd);
	close(dfd);
	return rc;
}

static void load(struct manifest *m)
{
	struct fsj_error err = { { 0 } };
	int fd = open(cycledir, O_RDONLY | O_DIRECTORY);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(manifest_read(fd, "m", m, &err), 0);
	close(fd);
}

START_TEST(test_two_names_one_backup)
{
	struct backup_cycle *bc = cycle("u1");
	cleanup_free char *f = xasprintf("%s/f", uwork), *g = xasprintf("%s/g", uwork);
	struct manifest m;

	wr(f, "old");
	ck_assert_int_eq(link(f, g), 0);
	ck_assert_int_eq(change(bc, "f", BACKUP_CHANGE_CONTENT), 0);
	ck_assert_int_eq(change(bc, "g", BACKUP_CHANGE_CONTENT), 0);
	ck_assert_int_eq(change(bc, "g", BACKUP_CHANGE_REMOVE), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 1);
	load(&m);
	ck_assert_uint_eq(m.n, 2); /* the content, then g as another name */
	ck_assert_int_eq(m.v[0].op, MANIFEST_CONTENT);
	ck_assert_int_eq(m.v[1].op, MANIFEST_NAME);
	ck_assert_str_eq(m.v[1].path, g);
	manifest_release(&m);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_remove_is_a_link)
{
	struct backup_cycle *bc = cycle("u2");
	cleanup_free char *f = xasprintf("%s/f", uwork), *saved = NULL;
	struct stat a, b;
	struct manifest m;

	wr(f, "keep me");
	ck_assert_int_eq(stat(f, &a), 0);
	ck_assert_int_eq(change(bc, "f", BACKUP_CHANGE_REMOVE), 0);
	saved = xasprintf("%s/files/1", cycledir);
	ck_assert_int_eq(stat(saved, &b), 0);
	ck_assert(a.st_ino == b.st_ino && a.st_dev == b.st_dev); /* no copy */
	/* the removal did not happen: a later change in place takes a copy */
	ck_assert_int_eq(change(bc, "f", BACKUP_CHANGE_CONTENT), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 2);
	load(&m);
	ck_assert_uint_eq(m.n, 2);
	ck_assert(m.v[0].op == MANIFEST_REMOVE && m.v[0].linked);
	ck_assert(m.v[1].op == MANIFEST_CONTENT && !m.v[1].linked);
	manifest_release(&m);
	backup_cycle_free(bc);
}
END_TEST

/* A name noted new that since holds an older file (a link made after a
 * refused create, issue 14) is saved; a file born in the cycle is not. */
START_TEST(test_noted_new_but_older)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc;
	cleanup_free char *f = xasprintf("%s/f", uwork), *p = xasprintf("%s/p", uwork);
	cleanup_free char *q = xasprintf("%s/q", uwork);
	int dfd = open(uwork, O_RDONLY | O_DIRECTORY);

	wr(f, "precious");
	usleep(20000); /* past the coarse clock's tick */
	bc = cycle("u6");
	backup_note_new(bc, p, NULL);
	backup_note_new(bc, q, NULL);
	ck_assert_int_eq(link(f, p), 0);
	wr(q, "born here");
	ck_assert_int_eq(backup_before_modify(bc, dfd, "q", q, "t", &err), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 0);
	ck_assert_int_eq(backup_before_modify(bc, dfd, "p", p, "t", &err), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 1);
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_temp_not_saved)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = cycle("u3");

	ck_assert(backup_path_is_temp(bc, "/tmp/x"));
	ck_assert(backup_path_is_temp(bc, "/var/tmp/a/b"));
	ck_assert(!backup_path_is_temp(bc, "/tmpfoo/x"));
	backup_cycle_set_info(bc, "/tmp/ws", NULL);
	ck_assert(!backup_path_is_temp(bc, "/tmp/ws/x"));
	ck_assert_int_eq(backup_before_modify(bc, AT_FDCWD, "/tmp", "/tmp/x", "t", &err), 0);
	ck_assert_uint_eq(backup_cycle_count(bc), 0);
	backup_cycle_free(bc);
}
END_TEST

/* A torn record (cut by a full disk, or a crash) and then a good one:
 * the good one is read, the torn one skipped and named. */
START_TEST(test_torn_line_then_good)
{
	cleanup_free char *man = NULL;
	struct manifest m;
	bool torn = true;
	cJSON *rec = manifest_record("created", "/w/b", NULL);
	int fd;

	cycledir = xasprintf("%s/c", uroot);
	ck_assert_int_eq(mkdir(cycledir, 0700), 0);
	man = xasprintf("%s/manifest.ndjson", cycledir);
	wr(man,
	   "{\"op\":\"created\",\"path\":\"/w/a\"}\n{\"op\":\"content\",\"path\":\"/w/x\",\"ba");
	fd = open(man, O_WRONLY | O_APPEND);
	ck_assert_int_eq(manifest_append(fd, &torn, rec), 0);
	ck_assert(!torn);
	close(fd);
	cJSON_Delete(rec);
	load(&m);
	ck_assert_uint_eq(m.n, 2);
	ck_assert_str_eq(m.v[1].path, "/w/b");
	ck_assert_uint_eq(m.torn, 1);
	ck_assert_ptr_nonnull(strstr(m.problems.buf, "m:2:"));
	manifest_release(&m);
}
END_TEST

/* Records a store tampered with could hold: each is refused with its
 * line, never returned; a FIFO as manifest is refused without blocking. */
START_TEST(test_hostile_manifest)
{
	cleanup_free char *man = NULL;
	struct fsj_error err = { { 0 } };
	struct manifest m;
	int fd;

	cycledir = xasprintf("%s/c", uroot);
	ck_assert_int_eq(mkdir(cycledir, 0700), 0);
	man = xasprintf("%s/manifest.ndjson", cycledir);
	wr(man, "{\"op\":\"content\",\"path\":\"noslash\",\"backup\":\"1\",\"mode\":420}\n"
		"{\"op\":\"content\",\"path\":\"/w/f\",\"backup\":\"../../x\",\"mode\":420}\n"
		"{\"op\":\"remove\",\"path\":\"/w/../etc/passwd\",\"backup\":\"2\",\"mode\":420}\n"
		"{\"op\":\"content\",\"path\":\"/w/f\",\"backup\":\"3\",\"mode\":99999}\n"
		"{\"op\":\"renamed\",\"from\":\"/\",\"to\":\"/w/x\"}\n"
		"{\"op\":\"content\",\"path\":\"/w/ok\",\"backup\":\"4\",\"mode\":420}\n");
	load(&m);
	ck_assert_uint_eq(m.n, 1);
	ck_assert_str_eq(m.v[0].path, "/w/ok");
	ck_assert_uint_eq(m.refused, 5);
	ck_assert_ptr_nonnull(strstr(m.problems.buf, "m:1: record refused"));
	ck_assert_ptr_nonnull(strstr(m.problems.buf, "m:2: record refused: backup"));
	manifest_release(&m);
	ck_assert_int_eq(unlink(man), 0);
	ck_assert_int_eq(mkfifo(man, 0600), 0);
	fd = open(cycledir, O_RDONLY | O_DIRECTORY);
	alarm(5); /* a hang fails the test */
	ck_assert_int_eq(manifest_read(fd, "m", &m, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "not a regular file"));
	close(fd);
}
END_TEST

/* Fill the filesystem of dir (a small tmpfs) with a file fill. */
static void fill(const char *dir)
{
	cleanup_free char *p = xasprintf("%s/fill", dir);
	char buf[4096];
	int fd = open(p, O_WRONLY | O_CREAT, 0600);

	memset(buf, 'f', sizeof(buf));
	while (write(fd, buf, sizeof(buf)) > 0)
		;
	while (write(fd, buf, 1) > 0)
		;
	close(fd);
}

static bool put_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return false;
	rc = write_all(fd, text, strlen(text));
	close(fd);
	return rc == 0;
}

/* A private mount namespace where this process may mount: root's own, or
 * for an ordinary user one inside a new user namespace where it is root
 * (user_namespaces(7): setgroups "deny" before gid_map). */
static bool enter_mount_ns(void)
{
	char map[64];
	uid_t u = geteuid();
	gid_t g = getegid();

	if (u == 0)
		return unshare(CLONE_NEWNS) == 0;
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS) < 0)
		return false;
	snprintf(map, sizeof(map), "0 %u 1", (unsigned)u);
	if (!put_text("/proc/self/setgroups", "deny") || !put_text("/proc/self/uid_map", map))
		return false;
	snprintf(map, sizeof(map), "0 %u 1", (unsigned)g);
	return put_text("/proc/self/gid_map", map);
}

START_TEST(test_enospc)
{
	struct backup_cycle *bc;
	cleanup_free char *fillp = NULL, *b = NULL;
	struct manifest m;

	if (tu_kernel_missing("test_enospc", "a mount namespace (root, or a user namespace)",
			      enter_mount_ns()))
		return;
	ck_assert_int_eq(mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), 0);
	ck_assert_int_eq(mount("tmpfs", ustate, "tmpfs", 0, "size=256k"), 0);
	bc = cycle("u4");
	for (int i = 0; i < 3; i++) {
		cleanup_free char *n = xasprintf("%s/f%d", uwork, i);

		wr(n, i == 0 ? "zero" : i == 1 ? "one" : "two");
	}
	ck_assert_int_eq(change(bc, "f0", BACKUP_CHANGE_CONTENT), 0);
	fill(ustate);
	/* no room for the copy or its record: refused, with ENOSPC */
	ck_assert_int_eq(change(bc, "f1", BACKUP_CHANGE_CONTENT), -1);
	ck_assert_int_eq(errno, ENOSPC);
	/* a record cut short (the manifest's last page has some room): taken
	 * back, so it hides nothing */
	{
		cleanup_free char *man = xasprintf("%s/manifest.ndjson", cycledir);
		cleanup_free char *longp = xmalloc(4001);
		int fd = open(man, O_RDWR | O_APPEND);
		bool torn = false;
		cJSON *rec;

		/* 8 KB of a record the reader takes (a path under PATH_MAX) */
		memset(longp, 'x', 4000);
		longp[0] = '/';
		longp[4000] = '\0';
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "op", "renamed");
		cJSON_AddStringToObject(rec, "from", longp);
		cJSON_AddStringToObject(rec, "to", longp);
		ck_assert_int_eq(manifest_append(fd, &torn, rec), -1);
		ck_assert_int_eq(errno, ENOSPC);
		ck_assert(manifest_ends_clean(fd) || torn);
		cJSON_Delete(rec);
		close(fd);
	}
	/* space comes back */
	fillp = xasprintf("%s/fill", ustate);
	ck_assert_int_eq(unlink(fillp), 0);
	ck_assert_int_eq(change(bc, "f2", BACKUP_CHANGE_CONTENT), 0);
	ck_assert_int_eq(change(bc, "f1", BACKUP_CHANGE_CONTENT), 0);
	load(&m);
	ck_assert_uint_eq(m.torn, 0);
	ck_assert_uint_eq(m.n, 3);
	for (size_t i = 0; i < m.n; i++) {
		const char *want = strstr(m.v[i].path, "f0")   ? "zero"
				   : strstr(m.v[i].path, "f1") ? "one"
							       : "two";

		free(b);
		b = xasprintf("%s/files/%s", cycledir, m.v[i].backup);
		ck_assert_str_eq(rd(b), want);
	}
	manifest_release(&m);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_restore_undoes_all)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = cycle("u5");
	cleanup_free char *a = xasprintf("%s/a", uwork), *b = xasprintf("%s/b", uwork);
	cleanup_free char *d = xasprintf("%s/d", uwork), *dx = xasprintf("%s/d/x", uwork);
	cleanup_free char *n = xasprintf("%s/n", uwork), *home = xasprintf("%s/home", uroot);
	cleanup_free char *tr = xasprintf("%s/.local/share/Trash/files/n", home);
	struct restore_opts o = { 0 };
	struct restore_counts c;
	struct manifest m;
	struct stat sb;
	cJSON *acts;
	int cfd, dfd;

	unsetenv("XDG_DATA_HOME");
	ck_assert_int_eq(mkdir(home, 0700), 0);
	wr(a, "A");
	ck_assert_int_eq(mkdir(d, 0750), 0);
	wr(dx, "X");
	/* rm -rf d */
	dfd = open(d, O_RDONLY | O_DIRECTORY);
	{
		int fd = openat(dfd, "x", O_RDONLY);

		ck_assert_int_eq(
			backup_before_change(bc, dfd, "x", fd, dx, BACKUP_CHANGE_REMOVE, "t", &err),
			0);
		close(fd);
	}
	close(dfd);
	ck_assert_int_eq(unlink(dx), 0);
	dfd = open(uwork, O_RDONLY | O_DIRECTORY);
	ck_assert_int_eq(backup_before_rmdir(bc, dfd, "d", d, "t", &err), 0);
	close(dfd);
	ck_assert_int_eq(rmdir(d), 0);
	/* mv a b; echo > n */
	ck_assert_int_eq(rename(a, b), 0);
	ck_assert_int_eq(stat(b, &sb), 0);
	backup_note_renamed(bc, a, b, sb.st_dev, sb.st_ino, false);
	wr(n, "new");
	ck_assert_int_eq(stat(n, &sb), 0);
	backup_note_created(bc, n, sb.st_dev, sb.st_ino);
	ck_assert(backup_created_in_cycle(bc, sb.st_dev, sb.st_ino));
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	load(&m);
	o.home = home; /* what restore takes goes into its own cycle */
	o.undo = backup_cycle_new(ustate, "undo", "restore", 0, NULL, &err);
	cfd = open(cycledir, O_RDONLY | O_DIRECTORY);
	/* dry run: nothing changes */
	o.dry_run = true;
	acts = cJSON_CreateArray();
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &c), 0);
	ck_assert_uint_eq(c.changed, 4);
	ck_assert_int_eq(access(a, F_OK), -1);
	cJSON_Delete(acts);
	o.dry_run = false;
	acts = cJSON_CreateArray();
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &c), 0);
	cJSON_Delete(acts);
	ck_assert_str_eq(rd(a), "A");
	ck_assert_int_eq(access(b, F_OK), -1);
	ck_assert_str_eq(rd(dx), "X");
	ck_assert_int_eq(stat(d, &sb), 0);
	ck_assert_uint_eq(sb.st_mode & 07777, 0750);
	ck_assert_int_eq(access(n, F_OK), -1);
	ck_assert_str_eq(rd(tr), "new");
	/* a second restore: nothing to do */
	acts = cJSON_CreateArray();
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &c), 0);
	ck_assert_uint_eq(c.changed, 0);
	ck_assert_int_eq(cJSON_GetArraySize(acts), 0);
	cJSON_Delete(acts);
	close(cfd);
	manifest_release(&m);
	backup_cycle_free(o.undo);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_escape_term)
{
	cleanup_free char *e = fsj_escape_term("a\x1b[31mb\xc2\x9b\xff\\\xc3\xa9\n");
	cleanup_free char *bidi = fsj_escape_term("ok\xe2\x80\xae" "evil\xe2\x81\xa6\xe2\x82\xac");

	ck_assert_str_eq(e, "a\\x1b[31mb\\xc2\\x9b\\xff\\\\\xc3\xa9\\x0a");
	/* bidirectional overrides and isolates (CVE-2021-42574) as bytes; € stays */
	ck_assert_str_eq(bidi, "ok\\xe2\\x80\\xaeevil\\xe2\\x81\\xa6\xe2\x82\xac");
	/* invisible ones and the line separator too: "con<ZWSP>fig" is not "config" */
	cleanup_free char *zw = fsj_escape_term("con\xe2\x80\x8b" "fig\xe2\x80\xa8\xef\xbb\xbf");
	ck_assert_str_eq(zw, "con\\xe2\\x80\\x8bfig\\xe2\\x80\\xa8\\xef\\xbb\\xbf");
}
END_TEST

Suite *undo_suite(void)
{
	Suite *s = suite_create("undo");
	TCase *tc = tcase_create("identity");

	tcase_add_checked_fixture(tc, usetup, uteardown);
	tcase_add_test(tc, test_two_names_one_backup);
	tcase_add_test(tc, test_remove_is_a_link);
	tcase_add_test(tc, test_noted_new_but_older);
	tcase_add_test(tc, test_temp_not_saved);
	tcase_add_test(tc, test_torn_line_then_good);
	tcase_add_test(tc, test_hostile_manifest);
	tcase_add_test(tc, test_enospc);
	tcase_add_test(tc, test_restore_undoes_all);
	tcase_add_test(tc, test_escape_term);
	suite_add_tcase(s, tc);
	return s;
}
