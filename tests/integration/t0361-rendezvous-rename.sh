#!/bin/bash
# The rendezvous guard (t0359) holds for names given by rename, link and
# symlink too, and a socket or FIFO goes in a shared folder only where
# the command made the folder: a host program's folder (ssh-agent's
# /tmp/ssh-XXXX, a daemon's) is looked up by the host's clients (att14).
. "$(dirname "$0")/libserial.sh" tmp
plan_user_pass FSJ_RENDEZVOUS_RENAME_USER_PASS 2
setup
require_landlock

U=$(id -u)
H=$(mktemp -d /tmp/fsjail-t0361.XXXXXX) || bail_out "cannot make a folder in /tmp"
had_dir=no
[ -e "/tmp/tmux-$U" ] && had_dir=yes
trap 'rm -rf "$H" "$H.own"; cleanup' EXIT

begin_test "no rename, link or symlink makes a rendezvous name; no socket in a host's folder"
fsj_sh -- 'mkdir "$1.own" && python3 -c "import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$1.own/default" && echo OWN-BOUND
mv "$1.own" "/tmp/tmux-$2" 2>/dev/null && echo MOVED
ln -s "$1.own" "/tmp/tmux-$2" 2>/dev/null && echo SYMLINKED
ln "$1.own/default" "/tmp/.s.PGSQL.$3" 2>/dev/null && echo LINKED
mv "$1.own/default" "/tmp/.s.PGSQL.$3" 2>/dev/null && echo MOVED-SOCK
python3 -c "import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$1/agent.1" 2>/dev/null && echo HOST-DIR-BOUND
mkfifo "$1/fifo" 2>/dev/null && echo HOST-DIR-FIFO
exit 0' "$H" "$U" "$$"
assert_out_match "^OWN-BOUND$"
assert_out_nomatch "^(MOVED|SYMLINKED|LINKED|MOVED-SOCK|HOST-DIR-BOUND|HOST-DIR-FIFO)$"
assert_err_match "create /tmp/.s.PGSQL.$$: a well-known rendezvous name"
assert_err_match "create $H/agent.1: a socket or FIFO in a shared folder"
assert_not_exists "$H/agent.1"
assert_not_exists "$H/fifo"
assert_not_exists "/tmp/.s.PGSQL.$$"
[ "$had_dir" = yes ] || assert_not_exists "/tmp/tmux-$U"
end_test

begin_test "the command's own folders in /tmp take its sockets and FIFOs and move as before"
fsj_sh -- 'd=$(mktemp -d) && python3 -c "import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$d/s" && mkfifo "$d/f" &&
	mv "$d" "$d.2" && rm -r "$d.2" && echo OWN-OK'
assert_rc 0
assert_out_match "^OWN-OK$"
end_test

end_user_pass
done_testing
