#!/bin/bash
# The command cannot rewrite fsjail's --report FILE or --status-fd file
# (att9). A harness runs `fsjail run --report report.ndjson -- agent`
# from the workspace: the file lies where the command may write, create
# and delete, and it did: truncated, refusals erased and an "exited 0"
# forged, or moved away and a fake one put at its name; the harness read
# what the command wrote. The file fsjail writes its records to is now
# protected for the run (no write, create or delete there), like the
# audit log; a named pipe given as --status-fd cannot be written or read
# (test 4: the command wrote a forged "exited" record into it). Test 5: the command took fsjail-init's pipe to the supervisor
# (pid 1 of its namespace, same user, same sandbox) with pidfd_getfd(2) and
# wrote half a record there, so that a command killed by SIGKILL (a
# harness's timeout) was reported as interrupted (130); fsjail-init is
# now not dumpable and a root command has no CAP_SYS_PTRACE.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0310_USER 5
setup
require_landlock
mkdir -p "$HOME/priv"
cd "$WS" || bail_out "cannot enter $WS"

# refused_in FILE PATH: FILE holds a refused record for PATH.
refused_in()
{
	python3 - "$1" "$2" <<'PY'
import json, sys
for line in open(sys.argv[1], errors="replace"):
    try:
        o = json.loads(line)
    except ValueError:
        continue
    if o.get("type", "refused") == "refused" and o.get("path") == sys.argv[2]:
        sys.exit(0)
sys.exit(1)
PY
}

begin_test "--report in the workspace: the command cannot truncate or rewrite it"
fsj_sh --report rep.ndjson -- 'echo x >"$HOME/priv/x"; : >rep.ndjson
echo "{\"type\":\"exited\",\"status\":0}" >rep.ndjson; exit 0'
refused_in "$WS/rep.ndjson" "$HOME/priv/x" ||
	fail "the refusal is gone from the report: $(head -c 400 "$WS/rep.ndjson")"
grep -q '"type":"exited","status":0}$' "$WS/rep.ndjson" &&
	[ "$(wc -l <"$WS/rep.ndjson")" = 1 ] && fail "the report is the command's"
end_test

begin_test "--report in the workspace: the command cannot move it away and put another"
rm -f "$WS/rep.ndjson" "$WS/moved"
fsj_sh --report "$WS/rep.ndjson" -- 'echo x >"$HOME/priv/y"; mv rep.ndjson moved
echo "{}" >rep.ndjson; exit 0'
[ -e "$WS/moved" ] && fail "the report was moved away"
refused_in "$WS/rep.ndjson" "$HOME/priv/y" ||
	fail "the refusal is not in the report at its name: $(head -c 400 "$WS/rep.ndjson")"
end_test

begin_test "--status-fd to a file in the workspace: the command cannot rewrite it"
rm -f "$WS/st.ndjson"
fsj_sh --status-fd 9 -- 'echo x >"$HOME/priv/z"; : >st.ndjson; echo "{}" >st.ndjson
exit 0' 9>"$WS/st.ndjson"
refused_in "$WS/st.ndjson" "$HOME/priv/z" ||
	fail "the refusal is gone from the status file: $(head -c 400 "$WS/st.ndjson")"
end_test

begin_test "--status-fd to a named pipe in the workspace: the command cannot write into it"
rm -f "$WS/st.fifo" "$T/st.out"
mkfifo "$WS/st.fifo"
cat "$WS/st.fifo" >"$T/st.out" &
reader=$!
fsj_sh --status-fd 9 -- 'echo "{\"type\":\"exited\",\"status\":0,\"forged\":1}" >st.fifo; exit 0' 9>"$WS/st.fifo"
wait "$reader"
grep -q forged "$T/st.out" && fail "the command wrote a record into the status stream: $(grep forged "$T/st.out")"
grep -q '"type":"exited"' "$T/st.out" || fail "no exited record from fsjail: $(head -c 300 "$T/st.out")"
end_test

begin_test "the command cannot take fsjail-init's descriptors to change how it ended"
fsj -- python3 -c 'import ctypes, os, signal, struct
libc = ctypes.CDLL(None, use_errno=True)
took = 0
try:
    pfd = os.pidfd_open(1)
except OSError:
    pfd = -1
for n in range(3, 1024):
    fd = libc.syscall(438, pfd, n, 0) if pfd >= 0 else -1
    if fd >= 0:
        try:
            os.write(fd, struct.pack("i", 2))
            took += 1
        except OSError:
            pass
print("took", took, flush=True)
os.kill(os.getpid(), signal.SIGKILL)'
assert_rc 137
assert_out_match '^took 0$'
end_test

end_user_pass
done_testing
