#!/bin/bash
# The host's other terminals are out of reach where the run has no mount
# namespace (att18): t0366's devpts instance of the run's own needs one,
# and without it (unprivileged user namespaces refused, as by Ubuntu
# 24.04's AppArmor default; FSJAIL_NO_MOUNT_MASKS=1 here) the baseline's
# grant of read and write on /dev/pts reached every terminal of the same
# user: the command read what was typed in another window (a password
# given to sudo) and wrote there (a fake prompt). Landlock now grants in
# /dev/pts only the terminals the command holds when it starts
# (src/devpts.c devpts_own_ttys()). Tests 1 and 2 fail before.
. "$(dirname "$0")/libserial.sh" pty
. "$(dirname "$0")/libpty.sh"
plan_user_pass FSJ_HOST_PTY_NOMNT_USER_PASS 2
pty_setup no-mountns

# Each case: read (O_RDONLY; what the terminal holds, if it opens) or
# write (O_WRONLY; a fake prompt, if it opens), the test's last word, and
# what the command's output must not show.
for c in "read O_RDONLY read OPENED|hunter2" "write O_WRONLY written OPENED"; do
	read -r what mode last never <<<"$c"
	begin_test "without a mount namespace another terminal of the host is not $last"
	host_pty
	fsj -- python3 -c '
import errno, os, select, sys
what, mode = sys.argv[2], getattr(os, sys.argv[3])
try:
    fd = os.open(sys.argv[1], mode | os.O_NOCTTY)
except OSError as e:
    print(what, "refused:", errno.errorcode[e.errno])
    sys.exit(0)
print("OPENED")
if what == "write":
    os.write(fd, b"MARKER-FROM-SANDBOX\r\nPassword: ")
elif select.select([fd], [], [], 2)[0]:
    print("READ", os.read(fd, 100))' "$PTY" "$what" "$mode"
	host_pty_end
	assert_rc 0
	assert_out_match "^$what refused: EACCES\$"
	assert_out_nomatch "$never"
	end_test
done

end_user_pass
done_testing
