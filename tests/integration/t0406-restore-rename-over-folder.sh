#!/bin/bash
# An empty folder renamed over by another (rename(2) replaces an empty
# folder, att22): the folder replaced is removed by the rename as by
# rmdir(2), but only the rename was recorded, so `fsjail backups
# restore` moved the renamed folder back and the one replaced was gone
# for good, with exit status 0 and nothing said. It is now recorded as
# its rmdir (mode, owner, times) before the rename, through every entry
# point: rename, renameat, renameat2 with flags 0, mv -T, and the
# broker's host rename; a folder the run made itself is not.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0406_USER_PASS 7
setup
require_landlock

# ren HOW FROM TO: a rename inside the run by one entry point.
PY='import ctypes, os, sys
how, a, b = sys.argv[1:4]
libc = ctypes.CDLL(None, use_errno=True)
if how == "rename": os.rename(a, b)
elif how == "renameat":
    d = os.open(".", os.O_RDONLY | os.O_DIRECTORY); os.rename(a, b, src_dir_fd=d, dst_dir_fd=d)
elif how.startswith("renameat2"):
    if libc.renameat2(-100, a.encode(), -100, b.encode(), int(how[9:] or 0)) != 0:
        sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))'
# folder_back PATH MODE: PATH is a folder of mode MODE again.
folder_back()
{
	[ -d "$1" ] || { fail "$1 is not back after the restore: $(cat "$OUT" "$ERR")"; return; }
	[ "$(stat -c %a "$1")" = "$2" ] || fail "$1: mode $(stat -c %a "$1"), not $2"
}
case_dir() { mkdir "$WS/$1" && cd "$WS/$1" || bail_out "no case folder $1"; }

n=0
for how in rename renameat renameat2 mv; do
	n=$((n + 1))
	begin_test "$how of a folder over an empty folder: both come back"
	case_dir "c$n"
	mkdir A B && echo f >A/f && chmod 700 B
	if [ $how = mv ]; then fsj_sh -- 'mv -T A B'; else fsj -- python3 -c "$PY" $how A B; fi
	assert_rc 0
	[ ! -e A ] && [ -f B/f ] || bail_out "the run did not rename A over B: $(cat "$OUT" "$ERR")"
	ws_restore
	assert_content "$WS/c$n/A/f" f
	folder_back "$WS/c$n/B" 700
	[ -z "$(ls -A B)" ] || fail "B is not empty after the restore: $(ls -A B)"
	end_test
done

begin_test "a folder moved away, a new one made at its name and renamed over it"
case_dir c5
mkdir E F && chmod 750 F
fsj_sh -- 'mv F E/F && mkdir F && mv -T F E/F'
assert_rc 0
[ ! -e F ] && [ -d E/F ] || bail_out "the run did not do its renames: $(cat "$OUT" "$ERR")"
ws_restore
folder_back "$WS/c5/F" 750
[ ! -e E/F ] || fail "E/F (the run's folder) is still there"
end_test

begin_test "a folder the run made, renamed over: not made again by the restore"
case_dir c6
mkdir A
fsj_sh -- 'mkdir N && mv -T A N'
assert_rc 0
ws_restore
folder_back "$WS/c6/A" 755
[ ! -e N ] || fail "the restore made the run's folder N again"
end_test

begin_test "broker rename of a folder over an empty folder: both come back"
BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
case_dir c7
mkdir A B && echo f >A/f && chmod 700 B
cp "$BC_SRC" bc
fsj_sh -- 'printf "{\"id\":\"r\",\"command\":\"HostFileOperation\",\"operation\":\"rename\",\"from\":\"%s/A\",\"to\":\"%s/B\",\"sessionId\":\"%s\",\"callId\":\"%s\"}\n" "$PWD" "$PWD" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID" | ./bc'
assert_rc 0
[ ! -e A ] && [ -f B/f ] || bail_out "the broker did not rename A over B: $(cat "$OUT" "$ERR")"
ws_restore
assert_content "$WS/c7/A/f" f
folder_back "$WS/c7/B" 700
end_test

end_user_pass
done_testing
