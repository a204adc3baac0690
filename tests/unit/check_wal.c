/* check_wal.c - the write-ahead "creating" record of a create (issue 14;
 * src/backup.h backup_note_creating(), src/manifest.h, src/restore-made.c)
 * without a sandbox: the record's fields; a create the kill cut short
 * (its "creating" record only) restored to the trash; an older object at
 * the name, a cancelled create and an object in another folder left and
 * said; a hostile record refused; a cycle of answered creates dropped. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup.h"
#include "cycle_fixture.h"
#include "manifest.h"
#include "restore.h"
#include "testutil.h"
#include "util.h"

static char root[PATH_MAX];
static char *state, *work, *home, *cycledir;

static void setup(void)
{
	ck_assert_int_eq(tu_mkdtemp_user_data("check_wal", root), 0);
	state = xasprintf("%s/state", root);
	work = xasprintf("%s/work", root);
	home = xasprintf("%s/home", root);
	ck_assert_int_eq(mkdir(state, 0700), 0);
	ck_assert_int_eq(mkdir(work, 0700), 0);
	ck_assert_int_eq(mkdir(home, 0700), 0);
	unsetenv("XDG_DATA_HOME");
}

static void teardown(void)
{
	tu_rm_tree(root);
	free(state);
	free(work);
	free(home);
	free(cycledir);
	cycledir = NULL;
}

static struct backup_cycle *cycle(const char *session)
{
	return tu_cycle(state, work, session, &cycledir);
}

static void wr(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);

	ck_assert_int_ge(fd, 0);
	close(fd);
}

/* the creating record of name in work (the folder dfd) */
static char *announce(struct backup_cycle *bc, int dfd, const char *name)
{
	char *path = xasprintf("%s/%s", work, name);

	ck_assert_int_eq(backup_note_creating(bc, dfd, path, NULL), 0);
	return path;
}

static void load(struct manifest *m)
{
	struct fsj_error err = { { 0 } };
	int fd = open(cycledir, O_RDONLY | O_DIRECTORY);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(manifest_read(fd, "m", m, &err), 0);
	close(fd);
}

/* The action of acts about path ("trash", "leave", ...), or NULL. */
static const char *action_of(const cJSON *acts, const char *path)
{
	const cJSON *a;

	cJSON_ArrayForEach(a, acts)
	{
		const cJSON *p = cJSON_GetObjectItem(a, "path");

		if (cJSON_IsString(p) && strcmp(p->valuestring, path) == 0)
			return cJSON_GetObjectItem(a, "action")->valuestring;
	}
	return NULL;
}

START_TEST(test_record_fields)
{
	struct backup_cycle *bc = cycle("w1");
	int dfd = open(work, O_RDONLY | O_DIRECTORY);
	cleanup_free char *n = announce(bc, dfd, "n");
	cleanup_free char *t = xasprintf("/tmp/check_wal_%ld", (long)getpid());
	struct manifest m;
	struct stat ds;

	ck_assert_int_eq(backup_note_creating(bc, dfd, t, NULL), 0); /* temporary: none */
	backup_note_cancel(bc, n);
	ck_assert_int_eq(fstat(dfd, &ds), 0);
	load(&m);
	ck_assert_uint_eq(m.n, 2); /* creating, cancel (the cycle line is the header) */
	ck_assert_int_eq(m.v[0].op, MANIFEST_CREATING);
	ck_assert_str_eq(m.v[0].path, n);
	ck_assert(!m.v[0].has_ident);
	ck_assert(m.v[0].dir_dev == ds.st_dev && m.v[0].dir_ino == ds.st_ino);
	ck_assert_int_gt(m.v[0].since.tv_sec, 0);
	ck_assert_int_eq(m.v[1].op, MANIFEST_CANCEL);
	manifest_release(&m);
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_killed_creates_restored)
{
	struct backup_cycle *bc = cycle("w2");
	int dfd = open(work, O_RDONLY | O_DIRECTORY), cfd;
	cleanup_free char *old = xasprintf("%s/o", work), *other = xasprintf("%s/other", root);
	cleanup_free char *od = NULL, *n = NULL, *d = NULL, *c = NULL, *k = NULL, *x = NULL;
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	struct restore_opts o = { 0 };
	struct restore_counts cnt;
	struct manifest m;
	struct stat sb;
	cJSON *acts;

	wr(old);
	nanosleep(&pause, NULL); /* past the coarse clock's tick */
	od = announce(bc, dfd, "o"); /* an older object at the name: its create failed */
	n = announce(bc, dfd, "n");  /* made, then the kill: no "created" */
	wr(n);
	d = announce(bc, dfd, "d");
	ck_assert_int_eq(mkdir(d, 0755), 0);
	c = announce(bc, dfd, "c"); /* failed and cancelled; someone else made it */
	backup_note_cancel(bc, c);
	wr(c);
	k = announce(bc, dfd, "k"); /* made and recorded by identity, then moved away */
	wr(k);
	ck_assert_int_eq(stat(k, &sb), 0);
	backup_note_created(bc, k, sb.st_dev, sb.st_ino);
	ck_assert_int_eq(rename(k, c) < 0 ? -1 : 0, 0); /* k's file now at c; c's gone */
	wr(k);                                           /* an outsider's file at k */
	ck_assert_int_eq(mkdir(other, 0755), 0);         /* x: another folder's record */
	{
		int ofd = open(other, O_RDONLY | O_DIRECTORY);

		x = xasprintf("%s/x", work);
		ck_assert_int_eq(backup_note_creating(bc, ofd, x, NULL), 0);
		close(ofd);
	}
	wr(x);
	/* killed: never committed */
	load(&m);
	o.home = home; /* what restore takes goes into its own cycle */
	o.undo = backup_cycle_new(state, "undo", "restore", 0, NULL, &(struct fsj_error){ { 0 } });
	cfd = open(cycledir, O_RDONLY | O_DIRECTORY);
	acts = cJSON_CreateArray();
	o.dry_run = true;
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &cnt), 0);
	ck_assert_str_eq(action_of(acts, n), "trash");
	ck_assert_int_eq(access(n, F_OK), 0);
	cJSON_Delete(acts);
	o.dry_run = false;
	acts = cJSON_CreateArray();
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &cnt), 0);
	ck_assert_str_eq(action_of(acts, n), "trash");
	ck_assert_int_eq(access(n, F_OK), -1);
	ck_assert_str_eq(action_of(acts, d), "remove-folder");
	ck_assert_int_eq(access(d, F_OK), -1);
	ck_assert_str_eq(action_of(acts, od), "leave");
	ck_assert_int_eq(access(old, F_OK), 0);
	ck_assert_ptr_null(action_of(acts, c)); /* cancelled: not looked at */
	ck_assert_int_eq(access(c, F_OK), 0);
	ck_assert_str_eq(action_of(acts, k), "leave"); /* by "created": another file there, said */
	ck_assert_int_eq(access(k, F_OK), 0);
	ck_assert_str_eq(action_of(acts, x), "leave");
	ck_assert_int_eq(access(x, F_OK), 0);
	ck_assert_uint_eq(cnt.failed, 0);
	cJSON_Delete(acts);
	/* again: nothing more taken */
	acts = cJSON_CreateArray();
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &cnt), 0);
	ck_assert_uint_eq(cnt.changed, 0);
	cJSON_Delete(acts);
	close(cfd);
	close(dfd);
	manifest_release(&m);
	backup_cycle_free(o.undo);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_link_by_identity)
{
	struct backup_cycle *bc = cycle("w3");
	int dfd = open(work, O_RDONLY | O_DIRECTORY), cfd;
	cleanup_free char *f = xasprintf("%s/f", work), *l = xasprintf("%s/l", work);
	struct restore_opts o = { 0 };
	struct restore_counts cnt;
	struct manifest m;
	struct stat sb;
	cJSON *acts;

	wr(f);
	ck_assert_int_eq(stat(f, &sb), 0);
	ck_assert_int_eq(backup_note_creating(bc, dfd, l, &sb), 0);
	ck_assert_int_eq(link(f, l), 0); /* killed before its record */
	load(&m);
	ck_assert(m.v[0].has_ident && m.v[0].ino == sb.st_ino);
	o.home = home; /* what restore takes goes into its own cycle */
	o.undo = backup_cycle_new(state, "undo", "restore", 0, NULL, &(struct fsj_error){ { 0 } });
	cfd = open(cycledir, O_RDONLY | O_DIRECTORY);
	acts = cJSON_CreateArray();
	ck_assert_int_eq(restore_cycle(cfd, &m, &o, acts, &cnt), 0);
	ck_assert_str_eq(action_of(acts, l), "trash");
	ck_assert_int_eq(access(l, F_OK), -1);
	ck_assert_int_eq(access(f, F_OK), 0);
	cJSON_Delete(acts);
	close(cfd);
	close(dfd);
	manifest_release(&m);
	backup_cycle_free(o.undo);
	backup_cycle_free(bc);
}
END_TEST

START_TEST(test_hostile_creating)
{
	struct fsj_error err = { { 0 } };
	cleanup_free char *dir = xasprintf("%s/c", root), *man = xasprintf("%s/manifest.ndjson", dir);
	const char *text = "{\"op\":\"cycle\",\"v\":2}\n"
			   "{\"op\":\"creating\",\"path\":\"/a/b\"}\n"
			   "{\"op\":\"creating\",\"path\":\"/a/b\",\"dir_dev\":\"1\",\"dir_ino\":\"2\","
			   "\"since\":5,\"since_ns\":2000000000}\n"
			   "{\"op\":\"creating\",\"path\":\"a/b\",\"dir_dev\":\"1\",\"dir_ino\":\"2\","
			   "\"since\":5,\"since_ns\":0}\n"
			   "{\"op\":\"creating\",\"path\":\"/a/b\",\"dir_dev\":\"1\",\"dir_ino\":\"2\","
			   "\"since\":5,\"since_ns\":7}\n"
			   "{\"op\":\"cancel\",\"path\":\"/a/b\"}\n";
	struct manifest m;
	int fd;

	ck_assert_int_eq(mkdir(dir, 0700), 0);
	fd = open(man, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_int_eq(write_all(fd, text, strlen(text)), 0);
	close(fd);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_eq(manifest_read(fd, "m", &m, &err), 0);
	ck_assert_uint_eq(m.refused, 3);
	ck_assert_uint_eq(m.n, 2);
	ck_assert_int_eq(m.v[0].op, MANIFEST_CREATING);
	ck_assert_int_eq(m.v[0].since.tv_nsec, 7);
	ck_assert_int_eq(m.v[1].op, MANIFEST_CANCEL);
	manifest_release(&m);
	close(fd);
}
END_TEST

START_TEST(test_answered_cycle_dropped)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = cycle("w4");
	int dfd = open(work, O_RDONLY | O_DIRECTORY);
	cleanup_free char *n = announce(bc, dfd, "n");
	unsigned long long bytes;
	struct stat sb;

	wr(n);
	ck_assert_int_eq(stat(n, &sb), 0);
	backup_note_created(bc, n, sb.st_dev, sb.st_ino);
	ck_assert_int_eq(unlink(n), 0); /* a lock file taken and dropped */
	ck_assert_int_eq(backup_cycle_commit(bc, 0, &err), 0);
	ck_assert(!backup_cycle_stored(bc, &bytes));
	close(dfd);
	backup_cycle_free(bc);
}
END_TEST

static Suite *wal_suite(void)
{
	Suite *s = suite_create("wal");
	TCase *tc = tcase_create("creating");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_record_fields);
	tcase_add_test(tc, test_killed_creates_restored);
	tcase_add_test(tc, test_link_by_identity);
	tcase_add_test(tc, test_hostile_creating);
	tcase_add_test(tc, test_answered_cycle_dropped);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(wal_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
