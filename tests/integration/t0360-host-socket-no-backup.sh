#!/bin/bash
# t0351's guard with backups off (backup.enabled: false): unlink, unlinkat
# and rmdir were trapped only while backups were on, so a command removed
# the host's tmux or ssh-agent socket under Landlock alone and bound its
# own at the name (att13, att14). They are trapped always now.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsock.sh"
plan_user_pass FSJ_NOBACKUP_SOCK_USER_PASS 2
setup
require_landlock

host_socket_start t0360
write_config <<EOF2
backup:
  enabled: false
EOF2

begin_test "with backups off a host program's socket is not removed, nor replaced by the command's"
fsj_sh -- 'rm -f "$1/sock"; python3 -c "import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$1/sock" 2>/dev/null; exit 0' "$S"
assert_err_match "delete $S/sock: a Unix socket the command did not make"
[ -S "$S/sock" ] && [ "$(stat -c %i "$S/sock")" = "$INO" ] || fail "the host's socket is gone"
python3 -c 'import socket, sys
socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(sys.argv[1])' "$S/sock" ||
	fail "the host's program is no longer reached at its socket"
end_test

begin_test "with backups off the command's own files and sockets are removed as before"
fsj_sh -- 'mkdir "$1/own" && python3 -c "import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$1/own/s" && : >"$1/own/f" &&
	rm "$1/own/s" "$1/own/f" && rmdir "$1/own" && echo OWN-OK' "$S"
assert_rc 0
assert_out_match "^OWN-OK$"
assert_not_exists "$S/own"
end_test

end_user_pass
done_testing
