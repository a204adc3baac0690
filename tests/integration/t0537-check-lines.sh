#!/bin/bash
# fsjail check --lines FILE|- (fsjail(1)): many command lines in one
# process, one request per input line (a JSON string, or an object with
# line, cwd, workspace, env), one answer per request, the exit status the
# worst answer. Each answer is the one `fsjail check -- LINE` gives; a
# request's cwd, workspace and environment are its own and end with it; a
# request that cannot be checked is answered with an error and the others
# are still checked; on standard input each answer comes as soon as its
# request is checked (a harness's pipe). t0020 and the oracle (t0098)
# check their corpora this way.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 5
setup

OTHER=$HOME/other && mkdir -p "$OTHER"

# requests FILE LINE...: FILE gets one JSON-string request per LINE.
requests()
{
	local f=$1
	shift
	python3 -c 'import json, sys
with open(sys.argv[1], "w") as fh:
    for ln in sys.argv[2:]:
        fh.write(json.dumps(ln) + "\n")' "$f" "$@"
}

begin_test "each answer is the one 'fsjail check -- LINE' gives, in JSON and in text"
mapfile -t lines < <(grep -v -e '^#' -e '^$' "$TEST_SRCDIR/data/oneliners.txt" | awk 'NR % 29 == 1')
lines+=("rm -f $OTHER/build.log; cat README" 'rm a; echo x >> /etc/passwd' 'cat README; ('
	$'cat <<EOF > out.txt && rm gone.txt\nbody\nEOF' "python3 -c 'print(1)'")
requests "$T/req" "${lines[@]}"
for i in "${!lines[@]}"; do
	"$FSJAIL" check --workspace "$WS" --json -- "${lines[$i]}" >"$T/single.$i.json" 2>/dev/null
	echo $? >"$T/single.$i.rc"
	"$FSJAIL" check --workspace "$WS" -- "${lines[$i]}" >"$T/single.$i.txt" 2>/dev/null
done
"$FSJAIL" check --workspace "$WS" --json --lines "$T/req" >"$T/batch.json" 2>"$ERR"
RC=$?
"$FSJAIL" check --workspace "$WS" --lines "$T/req" >"$T/batch.txt" 2>"$ERR"
[ $? = $RC ] || fail "the text and JSON forms exit differently ($? and $RC)"
python3 - "$T" "${#lines[@]}" "$RC" <<'PY' >"$T/cmp" 2>&1 || { fail "answers differ"; diag_file "differences" "$T/cmp"; }
import json, sys
t, n, rc = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
answers = [json.loads(x) for x in open(t + "/batch.json")]
texts = open(t + "/batch.txt").read().split("\n\n")
bad, worst = 0, 0
if len(answers) != n or len(texts) != n + 1 or texts[-1] != "":
    print("%d requests, %d JSON answers, %d text answers" % (n, len(answers), len(texts) - 1))
    sys.exit(1)
for i in range(n):
    single = json.load(open("%s/single.%d.json" % (t, i)))
    worst = max(worst, int(open("%s/single.%d.rc" % (t, i)).read()))
    if answers[i] != single:
        print("request %d: JSON %r\n  single: %r" % (i + 1, answers[i], single))
        bad = 1
    if texts[i] + "\n" != open("%s/single.%d.txt" % (t, i)).read():
        print("request %d: text %r" % (i + 1, texts[i]))
        bad = 1
if rc != worst:
    print("exit %d, the worst single exit %d" % (rc, worst))
    bad = 1
sys.exit(bad)
PY
[ "$RC" = 4 ] || fail "exit $RC, expected 4 (one line writes /etc/passwd)"
end_test

begin_test "a request's cwd, workspace and env are its own and end with it"
cat >"$T/req" <<EOF
{"line": "rm -f x", "cwd": "$OTHER"}
{"line": "rm -f x", "cwd": "$OTHER", "workspace": "$OTHER"}
{"line": "cat ~/f; rm -f x", "env": {"HOME": "$T/h2"}}
{"line": "cat ~/f; rm -f x"}
EOF
"$FSJAIL" check --workspace "$WS" --json --lines "$T/req" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 3
python3 - "$OUT" "$OTHER" "$WS" "$T/h2" "$HOME" <<'PY' >"$T/cmp" 2>&1 || { fail "wrong answers"; diag_file "answers" "$T/cmp"; }
import json, sys
out, other, ws, h2, home = sys.argv[1:]
a = [json.loads(x) for x in open(out)]
want = [  # overall (None: not asserted), cwd, workspace, (capability, path, decision)
    ("prompt", other, ws, [("delete", other + "/x", "missing")]),
    ("allow", other, other, [("delete", other + "/x", "allowed")]),
    (None, ws, ws, [("read", h2 + "/f", None), ("delete", ws + "/x", "allowed")]),
    (None, ws, ws, [("read", home + "/f", None), ("delete", ws + "/x", "allowed")]),
]
bad = len(a) != len(want)
for x, (overall, cwd, workspace, fx) in zip(a, want):
    if overall and x["overall"] != overall or x["cwd"] != cwd or x["workspace"] != workspace:
        bad = True
    if [(e["capability"], e["path"]) for e in x["effects"]] != [(c, p) for c, p, _ in fx]:
        bad = True
    if any(d and e["decision"] != d for e, (_, _, d) in zip(x["effects"], fx)):
        bad = True
if bad:
    print(json.dumps(a, indent=1))
sys.exit(bad)
PY
end_test

begin_test "the exit status is the worst answer; a bad request gets an error and the rest are checked"
printf '"cat README"\n\n  \n"ls"\n' >"$T/allow"
"$FSJAIL" check --workspace "$WS" --json --lines "$T/allow" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
[ "$(wc -l <"$OUT")" = 2 ] || fail "$(wc -l <"$OUT") answers to 2 requests and 2 blank lines"
printf '"cat README"\n"rm -f %s/a"\n' "$OTHER" >"$T/prompt"
"$FSJAIL" check --workspace "$WS" --json --lines "$T/prompt" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 3
printf '"echo x >> /etc/passwd"\n"rm -f %s/a"\n' "$OTHER" >"$T/refuse"
"$FSJAIL" check --workspace "$WS" --json --lines "$T/refuse" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 4
printf '"echo x >> /etc/passwd"\ncat README\n{"cwd": "/"}\n{"line": "ls", "env": {"A=B": "1"}}\n"ls"\n' >"$T/bad"
"$FSJAIL" check --workspace "$WS" --json --lines "$T/bad" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_err_match 'line 2: the request is not JSON'
assert_err_match 'line 3: the request has no "line"'
assert_err_match "line 4: a name in \"env\" is empty or holds '='"
got=$(python3 -c 'import json, sys
print(" ".join(json.loads(x).get("overall") or "error:" + json.loads(x)["error"].split()[0]
               for x in open(sys.argv[1])))' "$OUT")
[ "$got" = "refuse error:the error:the error:a allow" ] || fail "answers: $got"
: >"$T/empty"
"$FSJAIL" check --workspace "$WS" --lines "$T/empty" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
[ -s "$OUT" ] && fail "answers to no request"
end_test

begin_test "standard input: each answer comes before the next request is written"
coproc CHK { "$FSJAIL" check --workspace "$WS" --json --lines - 2>"$ERR"; }
# bash unsets CHK_PID once the coprocess is reaped: keep it now
chk_pid=$CHK_PID
echo '"cat README"' >&"${CHK[1]}"
if read -r -t 60 a1 <&"${CHK[0]}"; then
	case $a1 in *'"overall":"allow"'*) ;; *) fail "first answer: $a1" ;; esac
else
	fail "no answer to the first request in 60 s"
fi
printf '"rm -f %s/a"\n' "$OTHER" >&"${CHK[1]}"
if read -r -t 60 a2 <&"${CHK[0]}"; then
	case $a2 in *'"overall":"prompt"'*) ;; *) fail "second answer: $a2" ;; esac
else
	fail "no answer to the second request in 60 s"
fi
exec {CHK[1]}>&-
wait "$chk_pid"
RC=$?
assert_rc 3
end_test

begin_test "--lines takes no command line beside it; a file that cannot be read: exit 125"
"$FSJAIL" check --workspace "$WS" --lines "$T/allow" -- ls >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_err_match 'give no other'
"$FSJAIL" check --workspace "$WS" --lines "$T/nothing-here" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_err_match "cannot open '$T/nothing-here'"
end_test

done_testing
