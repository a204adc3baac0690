#!/bin/bash
# A host client finds its server by a fixed name in a folder every
# program shares: tmux's /tmp/tmux-UID/NAME, PostgreSQL's
# /tmp/.s.PGSQL.PORT, X11's /tmp/.X11-unix/XN. When no host server ran,
# the name was free: a command made /tmp/tmux-UID and bound NAME there,
# and the host's `tmux -L NAME ls` talked to it and ran what it sent,
# outside the sandbox (att14). The listener (notify-rendezvous.c) makes
# nothing at those names, present or absent; tmux inside the run gets a
# private TMUX_TMPDIR.
. "$(dirname "$0")/libserial.sh" tmp
plan_user_pass FSJ_RENDEZVOUS_USER_PASS 2
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed"

U=$(id -u)
NAME=fsjail-t0359-$$
PORT=$((40000 + $$ % 20000))
had_dir=no
[ -e "/tmp/tmux-$U" ] && had_dir=yes
# the host's tmux client makes /tmp/tmux-UID itself: removed when empty
trap 'TMUX_TMPDIR=/tmp tmux -L "$NAME" kill-server 2>/dev/null
rm -rf "/tmp/.s.PGSQL.$PORT" "/tmp/t0359-$$.fifo" "/tmp/fsjail-run-$U/${DEAD:-x}.t0359x"
[ "$had_dir" = yes ] || rmdir "/tmp/tmux-$U" 2>/dev/null; cleanup' EXIT

begin_test "no socket, FIFO or folder is made at a host program's rendezvous name"
fsj_sh -- 'TMUX_TMPDIR=/tmp tmux -L "$1" new-session -d "sleep 60"
python3 -c "import socket, sys
for p in sys.argv[1:]:
    try: socket.socket(socket.AF_UNIX).bind(p); print(\"BOUND\", p)
    except OSError as e: print(\"REFUSED\", p, e.errno)" \
	"/tmp/tmux-$2/$1" "/tmp/.s.PGSQL.$3" "/tmp/.X11-unix/X$3"
mkfifo "/tmp/t0359-$4.fifo" || echo FIFO-REFUSED; exit 0' "$NAME" "$U" "$PORT" "$$"
assert_out_match "^REFUSED /tmp/tmux-$U/$NAME "
assert_out_match "^REFUSED /tmp/.s.PGSQL.$PORT 13$"
assert_out_match "^REFUSED /tmp/.X11-unix/X$PORT "
assert_out_match "^FIFO-REFUSED$"
assert_err_match "create /tmp/.s.PGSQL.$PORT: a well-known rendezvous name"
assert_err_match "create /tmp/t0359-$$.fifo: a socket or FIFO in a shared folder"
assert_not_exists "/tmp/.s.PGSQL.$PORT"
assert_not_exists "/tmp/t0359-$$.fifo"
assert_not_exists "/tmp/.X11-unix/X$PORT"
assert_not_exists "/tmp/tmux-$U/$NAME"
[ "$had_dir" = yes ] || assert_not_exists "/tmp/tmux-$U"
# the host's client finds no server the command started
TMUX_TMPDIR=/tmp tmux -L "$NAME" ls >/dev/null 2>&1 && fail "the host's tmux reached a server of the run"
end_test

# ssh-agent is set-group-ID on Debian and makes itself not dumpable
# (prctl PR_SET_DUMPABLE 0): an ordinary user's listener cannot read its
# calls, and its folder is refused on main too; as root, a plain copy
# (the workspace may execute) shows its socket is made as before
cp /usr/bin/ssh-agent "$WS/ssh-agent" || bail_out "no ssh-agent"
chmod 755 "$WS/ssh-agent"

begin_test "tmux, ssh-agent, multiprocessing and a workspace server inside the run work"
# the private folder of a run killed by SIGKILL (a pid no longer alive)
DEAD=$(sh -c 'echo $$')
# (in the parent folder of this user's runs, perf23)
mkdir -p -m 0700 "/tmp/fsjail-run-$U" && mkdir "/tmp/fsjail-run-$U/$DEAD.t0359x" ||
	bail_out "cannot make a stale private folder"
fsj_sh -- 'case $TMUX_TMPDIR in /tmp/fsjail-run-*) echo "PRIV=$TMUX_TMPDIR" ;; esac
tmux -L "$1" new-session -d "sleep 60" && tmux -L "$1" ls >/dev/null && tmux -L "$1" kill-server &&
	echo TMUX-OK
eval "$("$2" -s)" >/dev/null && { ssh-add -l >/dev/null 2>&1; [ $? -le 1 ]; } && echo AGENT-OK
"$2" -k >/dev/null 2>&1
python3 -c "import multiprocessing as mp
if __name__ == \"__main__\":
    for m in (\"forkserver\", \"spawn\"):
        with mp.get_context(m).Pool(2) as p:
            print(\"MP-OK\", m, p.map(abs, [-1, -2]))"
python3 -c "import socket, os, tempfile
for p in (os.path.join(os.getcwd(), \"srv.sock\"), os.path.join(tempfile.mkdtemp(), \"s\")):
    s = socket.socket(socket.AF_UNIX); s.bind(p); s.listen(1)
    socket.socket(socket.AF_UNIX).connect(p); os.unlink(p)
print(\"SERVER-OK\")"' "$NAME" "$WS/ssh-agent"
assert_rc 0
assert_out_match "^PRIV=/tmp/fsjail-run-$U/[0-9]+\.[0-9a-f]{6}$"
assert_out_match "^TMUX-OK$"
is_root && assert_out_match "^AGENT-OK$"
assert_out_match "^MP-OK forkserver \[1, 2\]$"
assert_out_match "^MP-OK spawn \[1, 2\]$"
assert_out_match "^SERVER-OK$"
PRIV=$(sed -n 's/^PRIV=//p' "$OUT")
[ -n "$PRIV" ] && assert_not_exists "$PRIV"
assert_not_exists "/tmp/fsjail-run-$U/$DEAD.t0359x"
end_test

end_user_pass
done_testing
