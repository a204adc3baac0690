/* bench/landlock-min.c - the smallest honest Landlock launcher, the
 * baseline of bench/run-startup.sh (issue 18): handle every filesystem
 * right of the running ABI, grant read and execute on "/", everything on
 * WORKSPACE and /tmp, read and write on /dev, then exec the command.
 * After samples/landlock/sandboxer.c of the Linux tree.
 * Usage: landlock-min WORKSPACE CMD [ARG...] */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int rule(int rs, const char *path, __u64 access)
{
	struct landlock_path_beneath_attr pb = { .allowed_access = access };
	int rc;

	pb.parent_fd = open(path, O_PATH | O_CLOEXEC);
	if (pb.parent_fd < 0)
		return -1;
	rc = (int)syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	close(pb.parent_fd);
	return rc;
}

int main(int argc, char **argv)
{
	int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	__u64 all = (1ull << 13) - 1; /* EXECUTE .. MAKE_SYM: ABI 1 */
	struct landlock_ruleset_attr attr;
	__u64 rx = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE |
		   LANDLOCK_ACCESS_FS_READ_DIR;
	int rs;

	if (argc < 3 || abi < 1) {
		fprintf(stderr, "usage: landlock-min WORKSPACE CMD [ARG...] (Landlock needed)\n");
		return 125;
	}
	/* the kernel's bit values: older headers lack the names */
	if (abi >= 2)
		all |= 1ull << 13; /* REFER */
	if (abi >= 3)
		all |= 1ull << 14; /* TRUNCATE */
	if (abi >= 5)
		all |= 1ull << 15; /* IOCTL_DEV */
	attr = (struct landlock_ruleset_attr){ .handled_access_fs = all };
	rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (rs < 0 || rule(rs, "/", rx) < 0 || rule(rs, argv[1], all) < 0 ||
	    rule(rs, "/tmp", all) < 0 || rule(rs, "/dev", rx | LANDLOCK_ACCESS_FS_WRITE_FILE) < 0 ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    syscall(SYS_landlock_restrict_self, rs, 0) < 0) {
		perror("landlock-min");
		return 125;
	}
	close(rs);
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
