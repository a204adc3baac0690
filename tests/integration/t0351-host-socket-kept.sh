#!/bin/bash
# A program outside the run listens on a Unix socket in /tmp (tmux's
# /tmp/tmux-UID/default, ssh-agent's /tmp/ssh-*/agent.*, X11, a database):
# a command could remove it, or move it or its folder away, and bind its
# own socket at the name; the program's next client (the user's `tmux`)
# then talked to the command outside the sandbox, and a tmux client execs
# what its server names (att13). The listener (notify-sock.c) keeps every
# socket the command did not make where it is; the command's own sockets
# come and go as before.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsock.sh"
plan_user_pass FSJ_SOCKET_USER_PASS 3
setup
require_landlock

host_socket_start t0351 .mine

begin_test "a host program's socket is neither removed, nor moved, nor renamed over, nor exchanged"
fsj_sh -- 'rm -f "$1/sock"; mv "$1/sock" "$1/gone"; touch "$1/f" && mv "$1/f" "$1/sock"
	mv "$1" "$1.away"; mkdir "$1.mine" && python3 -c "import ctypes, sys
ctypes.CDLL(None).renameat2(-100, sys.argv[1].encode(), -100, sys.argv[2].encode(), 2)" \
		"$1.mine" "$1"; exit 0' "$S"
assert_err_match "delete $S/sock: a Unix socket the command did not make"
assert_err_match "create $S/sock: a Unix socket the command did not make"
assert_err_match "delete $S: a folder holding a Unix socket the command did not make"
[ -S "$S/sock" ] && [ "$(stat -c %i "$S/sock")" = "$INO" ] || fail "the host's socket is gone"
assert_not_exists "$S.away"
assert_not_exists "$S.mine/sock"
python3 -c 'import socket, sys
socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(sys.argv[1])' "$S/sock" ||
	fail "the host's program is no longer reached at its socket"
end_test

begin_test "the command's own sockets and folders are removed and moved as before"
fsj_sh -- 'mkdir "$1/own" && python3 -c "import socket, sys
socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).bind(sys.argv[1])" "$1/own/s" &&
	mv "$1/own/s" "$1/own/t" && mv "$1/own" "$1/own2" && rm "$1/own2/t" && rmdir "$1/own2" &&
	echo OWN-OK' "$S"
assert_rc 0
assert_out_match "^OWN-OK$"
assert_not_exists "$S/own2"
end_test

begin_test "a workspace folder of 5,000 entries the command did not make is renamed"
mkdir -p "$WS/big" && (cd "$WS/big" && seq 1 5000 | xargs touch) || bail_out "cannot fill a folder"
fsj_sh -- 'cd "$1" && mv big big2 && echo MOVED' "$WS"
assert_rc 0
assert_out_match "^MOVED$"
assert_exists "$WS/big2/5000"
end_test

end_user_pass
done_testing
