#!/bin/bash
# The broker (DESIGN.md section 8, src/broker.h): its socket and
# environment, token requests, every host operation and every refusal, a
# directory swapped for a symlink mid-request, many clients at once, the
# audit log and `fsjail log`. Requests are sent from inside the sandbox by
# tests/helpers/broker-client (copied into the workspace: the sandbox
# executes only from there and the system trees).
. "$(dirname "$0")/libtest.sh"

plan 36
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"
mkdir -p "$WS/del/nd/kept" "$WS/ro" "$HOME/outside"
echo keep >"$WS/del/nd/kept/x"
echo "outside-secret" >"$HOME/outside/victim"
echo "hello" >"$WS/f"
echo "read-only" >"$WS/ro/file"

write_rules <<EOF
rules:
  - path: del
    id: del-all
    allow: [read, write, create, delete]
  - path: ro
    allow: [read]
    deny: [write, create, delete]
EOF
cp "$RULES" "$T/rules.base"

# op OPERATION KEY=VALUE...: one HostFileOperation line (true, false and
# numbers stay bare); tok CLASS PATH: one token line. SID overrides the
# session. Sourced inside the sandbox.
cat >"$WS/op.sh" <<'EOF'
op()
{
	local o=$1 kv k v s
	shift
	s="{\"id\":\"t1\",\"command\":\"HostFileOperation\",\"operation\":\"$o\""
	s="$s,\"sessionId\":\"${SID:-$FSJAIL_SESSION_ID}\",\"callId\":\"$FSJAIL_CALL_ID\""
	for kv; do
		k=${kv%%=*}
		v=${kv#*=}
		case $v in
		true | false | [1-9]*) s="$s,\"$k\":$v" ;;
		*) s="$s,\"$k\":\"$v\"" ;;
		esac
	done
	printf '%s}\n' "$s"
}
tok()
{
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "${SID:-$FSJAIL_SESSION_ID}" "$FSJAIL_CALL_ID"
}
EOF

# bsh SCRIPT: run SCRIPT in the sandbox with op.sh loaded.
bsh()
{
	fsj_sh -- ". ./op.sh; $1"
}

# --- socket and environment -----------------------------------------------

begin_test "the child gets FSJAIL_BROKER_SOCKET, FSJAIL_SESSION_ID and FSJAIL_CALL_ID"
bsh 'echo "sock=$FSJAIL_BROKER_SOCKET"; echo "sid=$FSJAIL_SESSION_ID"; echo "call=$FSJAIL_CALL_ID"'
assert_rc 0
assert_out_match "^sock=$STATE_DIR/run/[0-9a-f]{32}/broker.sock\$"
assert_out_match '^sid=[0-9a-f]{32}$'
assert_out_match '^call=[0-9a-f]{16}$'
SOCK=$(sed -n 's/^sock=//p' "$OUT")
end_test

begin_test "socket folder 0700, socket 0600, both removed at exit"
bsh 'stat -c "%a %F" "$(dirname "$FSJAIL_BROKER_SOCKET")" "$FSJAIL_BROKER_SOCKET"'
assert_rc 0
assert_out_match '^700 directory$'
assert_out_match '^600 socket$'
assert_not_exists "$SOCK"
assert_not_exists "$(dirname "$SOCK")"
end_test

begin_test "python3 in the sandbox connects to the socket"
fsj -- python3 -c 'import os, socket
s = socket.socket(socket.AF_UNIX)
s.connect(os.environ["FSJAIL_BROKER_SOCKET"])
print("connected")'
assert_rc 0
assert_out_eq "connected"
end_test

begin_test "--session ID is used; an invalid one is refused before anything runs"
fsj --session harness-1.a_B -- bash -c 'echo "$FSJAIL_SESSION_ID $FSJAIL_BROKER_SOCKET"'
assert_rc 0
assert_out_eq "harness-1.a_B $STATE_DIR/run/harness-1.a_B/broker.sock"
fsj --session '../x' -- bash -c 'echo ran'
assert_rc 125
assert_out_nomatch ran
fsj --session "$(printf 'a%.0s' $(seq 65))" -- bash -c 'echo ran'
assert_rc 125
end_test

# --- token requests -------------------------------------------------------

begin_test "fsjail.read: FD, and the descriptor reads the file"
bsh './bc "$(tok fsjail.read "$PWD/f")"'
assert_rc 0
assert_out_match '^FD$'
assert_out_match '^fd-content: hello$'
end_test

begin_test "fsjail.read-write: FD, and a write through it reaches the file"
echo "old" >"$WS/del/rw"
bsh './bc -w "written" "$(tok fsjail.read-write "$PWD/del/rw")"'
assert_out_match '^FD$'
assert_content "$WS/del/rw" "written"
end_test

begin_test "tokens refused: outside the grants, protected, fsjail's state, wrong session, bad class"
echo "x" >"$HOME/outside/r"
bsh './bc "$(tok fsjail.read "$HOME/outside/r")" "$(tok fsjail.read-write "$PWD/ro/file")" \
	"$(tok fsjail.read-write /etc/passwd)" "$(tok fsjail.read "'"$STATE_DIR"'/audit.ndjson")" \
	"$(SID=other tok fsjail.read "$PWD/f")" "$(tok fsjail.exec "$PWD/f")" \
	"$(tok fsjail.read f)"'
assert_rc 0
assert_out_eq "$(printf 'DENY\n%.0s' 1 2 3 4 5 6 7)"
assert_content "$WS/ro/file" "read-only"
end_test

begin_test "malformed token line (three fields) is refused and the broker keeps serving"
bsh './bc "$(printf "fsjail.read\t%s\t%s" "$PWD/f" "$FSJAIL_SESSION_ID")" "$(tok fsjail.read "$PWD/f")"'
assert_rc 0
assert_out_match '^DENY$'
assert_out_match '^fd-content: hello$'
end_test

begin_test "fsjail.read at tier process (reads not fenced): SANDBOX"
fsj --enforce process -- bash -c '. ./op.sh; ./bc "$(tok fsjail.read "$PWD/f")"'
if [ "$RC" = 125 ]; then
	diag "tier process refused on this machine: SANDBOX not checked"
else
	assert_rc 0
	assert_out_eq "SANDBOX"
fi
end_test

# --- host operations ----------------------------------------------------------

ok_reply='"ok":true.*"decision":"host-op"'

begin_test "mkdir"
bsh './bc "$(op mkdir path="$PWD/del/d1")"'
assert_out_match "$ok_reply"
assert_dir "$WS/del/d1"
end_test

begin_test "touch creates a missing file and updates an existing one"
touch -d '2001-01-01' "$WS/del/old"
bsh './bc "$(op touch path="$PWD/del/new")" "$(op touch path="$PWD/del/old")"'
assert_rc 0
[ "$(grep -c '"ok":true' "$OUT")" = 2 ] || fail "expected two ok replies"
assert_exists "$WS/del/new"
[ "$(stat -c %Y "$WS/del/old")" -gt 1000000000 ] && [ "$(date -r "$WS/del/old" +%Y)" != 2001 ] ||
	fail "mtime of del/old not updated"
end_test

begin_test "copy: content and mode"
printf 'copy-me' >"$WS/del/src"
chmod 640 "$WS/del/src"
bsh './bc "$(op copy from="$PWD/del/src" to="$PWD/del/dst")"'
assert_out_match "$ok_reply"
assert_out_match '"normalisedTo":"[^"]*/del/dst"'
assert_content "$WS/del/dst" "copy-me"
[ "$(stat -c %a "$WS/del/dst")" = 640 ] || fail "mode of the copy is $(stat -c %a "$WS/del/dst")"
end_test

begin_test "copy over an existing file replaces its content"
printf 'older' >"$WS/del/dst2"
bsh './bc "$(op copy from="$PWD/del/src" to="$PWD/del/dst2")"'
assert_out_match "$ok_reply"
assert_content "$WS/del/dst2" "copy-me"
end_test

begin_test "rename"
echo "moved" >"$WS/del/mv-src"
bsh './bc "$(op rename from="$PWD/del/mv-src" to="$PWD/del/mv-dst")"'
assert_out_match "$ok_reply"
assert_not_exists "$WS/del/mv-src"
assert_content "$WS/del/mv-dst" "moved"
end_test

begin_test "chmod (decimal mode 384 = 0600)"
echo x >"$WS/del/ch"
chmod 644 "$WS/del/ch"
bsh './bc "$(op chmod path="$PWD/del/ch" mode=384)"'
assert_out_match "$ok_reply"
[ "$(stat -c %a "$WS/del/ch")" = 600 ] || fail "mode is $(stat -c %a "$WS/del/ch")"
end_test

begin_test "link: symbolic and hard"
echo "target" >"$WS/del/lt"
bsh './bc "$(op link from=lt to="$PWD/del/sym" symbolic=true)" \
	"$(op link from="$PWD/del/lt" to="$PWD/del/hard")"'
[ "$(grep -c '"ok":true' "$OUT")" = 2 ] || fail "expected two ok replies"
[ "$(readlink "$WS/del/sym")" = lt ] || fail "symlink text is '$(readlink "$WS/del/sym")'"
[ "$(stat -c %i "$WS/del/hard")" = "$(stat -c %i "$WS/del/lt")" ] || fail "not a hard link"
end_test

begin_test "delete (unlink mode): a file, an empty folder, a tree with recursive"
echo x >"$WS/del/gone"
mkdir -p "$WS/del/empty" "$WS/del/tree/a/b"
echo x >"$WS/del/tree/a/b/c"
bsh './bc "$(op delete path="$PWD/del/gone" deleteMode=unlink)" \
	"$(op delete path="$PWD/del/empty" deleteMode=unlink)" \
	"$(op delete path="$PWD/del/tree" deleteMode=unlink recursive=true)"'
[ "$(grep -c '"ok":true' "$OUT")" = 3 ] || { fail "expected three ok replies"; diag_last; }
assert_not_exists "$WS/del/gone"
assert_not_exists "$WS/del/empty"
assert_not_exists "$WS/del/tree"
end_test

begin_test "delete of a non-empty folder without recursive fails and removes nothing"
mkdir -p "$WS/del/full"
echo x >"$WS/del/full/x"
bsh './bc "$(op delete path="$PWD/del/full" deleteMode=unlink)"'
assert_out_match '"ok":false.*"decision":"host-op".*not empty'
assert_exists "$WS/del/full/x"
end_test

begin_test "delete of a symlink removes the link, not its target"
ln -s "$HOME/outside/victim" "$WS/del/to-victim"
bsh './bc "$(op delete path="$PWD/del/to-victim" deleteMode=unlink)"'
assert_out_match "$ok_reply"
assert_not_exists "$WS/del/to-victim"
assert_content "$HOME/outside/victim" "outside-secret"
end_test

# --- refusals ---------------------------------------------------------------

deny_reply='"ok":false.*"decision":"deny"'

begin_test "wrong session: deny"
echo x >"$WS/del/keep"
bsh 'SID=not-this-one; ./bc "$(op delete path="$PWD/del/keep" deleteMode=unlink)"'
assert_out_match "$deny_reply.*wrong session"
assert_exists "$WS/del/keep"
end_test

begin_test "malformed JSON, unknown command, unknown operation: error replies, broker keeps serving"
bsh './bc "{\"id\":1,\"command\":" "$(op explode path="$PWD/del/keep")" \
	"{\"id\":3,\"command\":\"Other\",\"sessionId\":\"$FSJAIL_SESSION_ID\"}" \
	"$(op mkdir path="$PWD/del/after")"'
assert_rc 0
assert_out_match 'malformed JSON'
assert_out_match 'unknown operation'
assert_out_match 'unknown command'
assert_dir "$WS/del/after"
end_test

begin_test "paths outside the grants: deny, nothing happens"
bsh './bc "$(op mkdir path="$HOME/outside/d")" "$(op delete path="$HOME/outside/victim" deleteMode=unlink)" \
	"$(op copy from="$HOME/outside/victim" to="$PWD/del/stolen")" \
	"$(op rename from="$PWD/del/keep" to="$HOME/outside/k")" \
	"$(op link from="$HOME/outside/victim" to="$PWD/del/hl")" \
	"$(op chmod path="$PWD/ro/file" mode=511)" "$(op touch path="$PWD/ro/file")"'
[ "$(grep -c '"decision":"deny"' "$OUT")" = 7 ] || { fail "expected 7 denials"; diag_last; }
assert_out_match '"missing":\{"path":"[^"]*/outside/d","capability":"create"\}'
assert_out_match 'not granted: delete on .*/outside/victim'

assert_not_exists "$HOME/outside/d"
assert_content "$HOME/outside/victim" "outside-secret"
assert_not_exists "$WS/del/stolen"
assert_not_exists "$WS/del/hl"
assert_exists "$WS/del/keep"
[ "$(stat -c %a "$WS/ro/file")" != 777 ] || fail "ro/file was chmod-ed"
end_test

begin_test "protected paths and fsjail's state: deny"
bsh './bc "$(op touch path=/etc/fsjail-broker-test)" \
	"$(op delete path="'"$STATE_DIR"'/audit.ndjson" deleteMode=unlink)" \
	"$(op mkdir path="'"$STATE_DIR"'/run/x")" "$(op touch path=del/relative)"'
[ "$(grep -c '"decision":"deny"' "$OUT")" = 4 ] || { fail "expected 4 denials"; diag_last; }
assert_out_match 'not absolute'
assert_not_exists /etc/fsjail-broker-test
assert_exists "$STATE_DIR/audit.ndjson"
end_test

begin_test "a folder holding a deny rule cannot be renamed away from it"
# (a nested deny may close new entries of del/ by expansion: only here)
{ cat "$T/rules.base"; printf '  - path: del/nd/kept\n    deny: [delete, write]\n'; } >"$RULES"
bsh './bc "$(op rename from="$PWD/del/nd" to="$PWD/del/nd2")"'
cp "$T/rules.base" "$RULES"
assert_out_match "$deny_reply.*deny rule inside"
assert_content "$WS/del/nd/kept/x" "keep"
end_test

begin_test "a symlinked folder cannot carry a grant outside"
ln -s "$HOME/outside" "$WS/del/link-out"
bsh './bc "$(op delete path="$PWD/del/link-out/victim" deleteMode=unlink)"'
assert_out_match "$deny_reply"
assert_content "$HOME/outside/victim" "outside-secret"
end_test

begin_test "a folder swapped for a symlink between the check and the act is not followed"
mkdir -p "$WS/del/sw"
echo inside >"$WS/del/sw/victim"
FSJAIL_BROKER_TEST_DELAY_MS=1500 bsh '
	./bc "$(op delete path="$PWD/del/sw/victim" deleteMode=unlink)" >del/reply &
	sleep 0.5
	mv del/sw del/sw.old && ln -s "$HOME/outside" del/sw
	wait; cat del/reply'
assert_out_match '"ok":false.*"decision":"host-op".*(symbolic links|ELOOP|moved during the request)'
assert_content "$HOME/outside/victim" "outside-secret"
assert_content "$WS/del/sw.old/victim" "inside"
end_test

begin_test "a line over 64 KiB is refused and the connection closed; others are served"
bsh './bc -l 70000; echo "rc=$?"; ./bc "$(tok fsjail.read "$PWD/f")"'
assert_out_match '^DENY$'
assert_out_match '^fd-content: hello$'
end_test

begin_test "a process of the same uid outside the run's process tree is refused"
(cd "$WS" && exec "$FSJAIL" run --workspace "$WS" --session tree-test -- sleep 60 \
	>/dev/null 2>&1) &
spid=$!
for _ in $(seq 100); do
	[ -S "$STATE_DIR/run/tree-test/broker.sock" ] && break
	sleep 0.1
done
run_cmd "$WS/bc" -s "$STATE_DIR/run/tree-test/broker.sock" \
	"$(printf 'fsjail.read\t%s\ttree-test\tx' "$WS/f")"
kill -TERM $spid
wait $spid
assert_out_eq "DENY"
grep -q "is not in this run's process tree" "$STATE_DIR/audit.ndjson" ||
	fail "no audit line for the process outside the tree"
end_test

# setpriv to uid 65534 needs CAP_SETUID: root only.
if ! is_root; then
	skip_root "a client of another uid is refused (setpriv to uid 65534)"
else
begin_test "a client of another uid is refused"
(cd "$WS" && "$FSJAIL" run --workspace "$WS" --session uid-test -- sleep 3 >/dev/null 2>&1) &
spid=$!
for _ in 1 2 3 4 5 6 7 8 9 10; do
	[ -S "$STATE_DIR/run/uid-test/broker.sock" ] && break
	sleep 0.2
done
run_cmd setpriv --reuid 65534 --regid 65534 --clear-groups \
	--inh-caps +dac_override,+dac_read_search --ambient-caps +dac_override,+dac_read_search \
	"$WS/bc" -s "$STATE_DIR/run/uid-test/broker.sock" \
	"$(printf 'fsjail.read\t%s\tuid-test\tx' "$WS/f")"
wait $spid
assert_out_eq "DENY"
grep -q 'peer uid 65534' "$STATE_DIR/audit.ndjson" || fail "no audit line for the foreign uid"
end_test
fi

begin_test "32 clients at once are all served"
bsh 'for i in $(seq 32); do ./bc "$(op touch path="$PWD/del/c$i")" >"del/r$i" & done; wait
	cat del/r*'
[ "$(grep -c '"ok":true' "$OUT")" = 32 ] || { fail "expected 32 ok replies"; diag_last; }
[ "$(ls "$WS"/del/c[0-9]* | wc -l)" = 32 ] || fail "expected 32 files"
end_test

# client.py: connect() to this run's broker (reads time out after 60 s, a
# guard against a hang, not a measure); touch(s, NAME) asks for del/NAME,
# whose reply is one JSON line and nothing else on the socket.
cat >"$WS/client.py" <<'EOF2'
import json, os, socket
def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(60)
    s.connect(os.environ["FSJAIL_BROKER_SOCKET"])
    return s
def touch(s, name):
    s.sendall((json.dumps({"id": name, "command": "HostFileOperation", "operation": "touch",
                           "path": "%s/del/%s" % (os.getcwd(), name),
                           "sessionId": os.environ["FSJAIL_SESSION_ID"],
                           "callId": os.environ["FSJAIL_CALL_ID"]}) + "\n").encode())
EOF2

begin_test "32 clients at once: 31 connect and stay silent while the 32nd is served, then all are"
# A broker that served one client at a time would wait on a silent one and
# never answer the 32nd: its read times out and the test fails.
cat >"$WS/many.py" <<'EOF2'
from client import connect, touch
socks = [connect() for i in range(32)]
touch(socks[31], "m31")
print("first", socks[31].makefile("r").readline().strip())
for i in range(31):
    touch(socks[i], "m%d" % i)
for s in socks[:31]:
    print(s.makefile("r").readline().strip())
EOF2
bsh 'python3 many.py'
assert_rc 0
assert_out_match '^first \{.*"id":"m31".*"ok":true'
[ "$(grep -c '"ok":true' "$OUT")" = 32 ] || { fail "expected 32 ok replies"; diag_last; }
[ "$(ls "$WS"/del/m[0-9]* | wc -l)" = 32 ] || fail "expected 32 files"
end_test

begin_test "client 257 is refused (BROKER_MAX_CLIENTS is 256) while the 256 are still served"
cat >"$WS/limit.py" <<'EOF2'
from client import connect, touch
socks = []
# one at a time, each answered (so taken by the broker) and kept open
for i in range(256):
    s = connect()
    touch(s, "l%d" % i)
    assert '"ok":true' in s.makefile("r").readline(), "client %d was not served" % i
    socks.append(s)
extra = connect()
print("extra:", extra.makefile("r").readline().strip())
touch(socks[0], "l999")
r = socks[0].makefile("r").readline()
assert '"ok":true' in r, "client 1 no longer served: %r" % r
EOF2
bsh 'python3 limit.py'
assert_rc 0
assert_out_eq "extra: DENY"
grep -q '"too many clients"' "$STATE_DIR/audit.ndjson" || fail "no audit line for client 257"
end_test

begin_test "delete (trash mode, the default): a file and a tree go to the trash, each with its .trashinfo"
TRASH=$HOME/.local/share/Trash
echo "old tf" >"$WS/del/tf"
mkdir -p "$WS/del/tt/a"
echo "deep" >"$WS/del/tt/a/b"
bsh './bc "$(op delete path="$PWD/del/tf")" \
	"$(op delete path="$PWD/del/tt" deleteMode=trash recursive=true)"'
[ "$(grep -c '"ok":true' "$OUT")" = 2 ] || { fail "expected two ok replies"; diag_last; }
assert_not_exists "$WS/del/tf"
assert_not_exists "$WS/del/tt"
[ "$(cat "$TRASH/files/tf" 2>/dev/null)" = "old tf" ] || fail "trash/files/tf"
[ "$(cat "$TRASH/files/tt/a/b" 2>/dev/null)" = "deep" ] || fail "trash/files/tt/a/b"
grep -qx "Path=$WS/del/tf" "$TRASH/info/tf.trashinfo" || fail "tf.trashinfo"
grep -qx "Path=$WS/del/tt" "$TRASH/info/tt.trashinfo" || fail "tt.trashinfo"
end_test

# --- audit ------------------------------------------------------------------

begin_test "every decision has an audit line: time, session, call, command, capability, path, resolved, decision, source, rule"
: >"$STATE_DIR/audit.ndjson"
fsj --session audit-1 -- bash -c '. ./op.sh; ./bc "$(tok fsjail.read "$PWD/f")" \
	"$(op mkdir path="$PWD/del/a1")" "$(op mkdir path="$HOME/outside/a2")" "{bad"'
[ "$(wc -l <"$STATE_DIR/audit.ndjson")" = 6 ] || { fail "expected 6 audit lines"; cat "$STATE_DIR/audit.ndjson" | sed 's/^/# /'; }
WS=$WS python3 - "$STATE_DIR/audit.ndjson" <<'EOF' || fail "audit lines do not carry the fields"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
# the run's start and end around the broker's decisions (fsjail-json(7))
first, last = lines[0], lines[-1]
assert (first["call"], first["decision"], last["call"], last["decision"]) == \
    ("run", "run-start", "run", "run-end"), (first, last)
assert last["detail"] == "status 0", last
lines = lines[1:-1]
want = [("fsjail.read", "grant-token"), ("mkdir", "host-op"), ("mkdir", "deny"),
        ("HostFileOperation", "deny")]
got = [(l["capability"], l["decision"]) for l in lines]
assert got == want, got
assert all(l["session"] == "audit-1" and l["call"] for l in lines)
import os, re
ws = os.environ["WS"]
assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", l["time"]) for l in lines)
assert all(l["command"].startswith("bash -c . ./op.sh; ./bc") for l in lines), lines[0]["command"]
# path, resolved path, source and the deciding rule's id
assert (lines[0]["path"], lines[0]["resolved"], lines[0]["source"]) == (ws + "/f", ws + "/f", "baseline")
assert (lines[1]["path"], lines[1]["resolved"]) == (ws + "/del/a1", ws + "/del/a1")
assert (lines[1]["source"], lines[1]["rule"]) == ("rule", "del-all"), lines[1]
assert lines[2]["path"].endswith("/outside/a2") and lines[2]["source"] == "policy"
assert "not granted: create" in lines[2]["detail"]
assert lines[3]["path"] is None and lines[3]["detail"] == "malformed JSON"
EOF
end_test

begin_test "fsjail log renders the log; --session, --json and --tail select"
run_cmd "$FSJAIL" log --session audit-1
assert_rc 0
[ "$(wc -l <"$OUT")" = 6 ] || fail "expected 6 lines (4 decisions, the run's start and end)"
assert_out_match 'audit-1 grant-token fsjail.read .*/ws/f'
assert_out_match 'deny mkdir .*/outside/a2 .*not granted'
run_cmd "$FSJAIL" log --session audit-1 --json --tail 2
[ "$(wc -l <"$OUT")" = 2 ] || fail "--tail 2 printed $(wc -l <"$OUT") lines"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$OUT" || fail "--json is not NDJSON"
run_cmd "$FSJAIL" log --session nobody
assert_out_eq ""
run_cmd "$FSJAIL" log --tail x
assert_rc 125
end_test

begin_test "8 runs at once, 100 broker requests each: every audit line is whole JSON"
: >"$STATE_DIR/audit.ndjson"
pids=
for r in 1 2 3 4 5 6 7 8; do
	(cd "$WS" && "$FSJAIL" run --workspace "$WS" --session "par-$r" -- bash -c \
		'. ./op.sh; for i in $(seq 100); do tok fsjail.read "$PWD/f"; done | ./bc >/dev/null' \
		>/dev/null 2>&1) &
	pids="$pids $!"
done
wait $pids
python3 - "$STATE_DIR/audit.ndjson" <<'EOF' || fail "the audit log holds broken lines"
import collections, json, sys
n = collections.Counter()
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["call"] != "run":  # the run-start and run-end lines
        n[o["session"]] += 1
assert sorted(n.values()) == [100] * 8, n
EOF
end_test

done_testing
