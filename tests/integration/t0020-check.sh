#!/bin/bash
# fsjail check: the overall decision and its exit status against rule sets
# (issue 5; DESIGN.md section 11): 0 allow, 3 prompt (with the missing
# (path, capability) pairs), 4 refuse, 125 error. The JSON report, the
# command line from standard input, --cwd, the read-only mode, opaque code
# per tier, and the one-liner corpus (every line classified, none crashes).
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 22
setup

# chk ARGS...: fsjail check with the test's workspace; sets OUT, ERR, RC.
chk()
{
	"$FSJAIL" check --workspace "$WS" "$@" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="fsjail check --workspace $WS $(printf '%q ' "$@")"
	[ "${FSJAIL_TEST_VERBOSE:-0}" = 1 ] && diag_last
	return 0
}

# json_eq FILTER VALUE: jq FILTER on the last stdout prints VALUE.
json_eq()
{
	local got
	if ! got=$(jq -c "$1" "$OUT" 2>&1); then
		fail "stdout is not JSON ($got)"
		diag_last
		return 1
	fi
	if [ "$got" != "$2" ]; then
		fail "jq '$1' gave $got, expected $2"
		diag_last
		return 1
	fi
}

have_jq=1
command -v jq >/dev/null 2>&1 || have_jq=0

begin_test "reads and writes inside the workspace: allow, exit 0"
chk -- 'cat README; echo x > notes.txt; ls | sort'
assert_rc 0
assert_out_match '^overall: allow$'
end_test

# The baseline grants delete in the workspace (DESIGN.md section 4); $OTHER has no grant.
OTHER=$HOME/other && mkdir -p "$OTHER"
begin_test "a delete outside the grants prompts, exit 3; in the workspace the baseline allows it"
chk -- "rm -f $OTHER/build.log"
assert_rc 3
assert_out_match '^overall: prompt$'
assert_out_match "^missing: delete $OTHER/build.log\$"
chk -- 'rm -f build.log'
assert_rc 0
assert_out_match "^allowed +delete +$WS/build.log +<- baseline"
end_test

begin_test "a protected path: refuse, exit 4, even with other pairs missing"
chk -- 'rm a; echo x >> /etc/passwd'
assert_rc 4
assert_out_match '^refused +write +/etc/passwd +<- protected'
assert_out_match '^overall: refuse$'
end_test

if [ $have_jq = 1 ]; then
begin_test "--json: the documented fields, missing pairs narrowest first"
	chk --json -- "rm $OTHER/a/b/c $OTHER/z; rm $OTHER/z; cat README"
	assert_rc 3
	json_eq '.overall' '"prompt"'
	json_eq '.complete' 'true'
	json_eq '[.effects[] | [.capability, .path, .status, .program, .decision, .level]]' \
		"[[\"delete\",\"$OTHER/a/b/c\",\"resolved\",\"rm\",\"missing\",\"default\"],[\"delete\",\"$OTHER/z\",\"resolved\",\"rm\",\"missing\",\"default\"],[\"delete\",\"$OTHER/z\",\"resolved\",\"rm\",\"missing\",\"default\"],[\"read\",\"$WS/README\",\"resolved\",\"cat\",\"allowed\",\"baseline\"]]"
	json_eq '.missing' "[{\"path\":\"$OTHER/a/b/c\",\"capability\":\"delete\"},{\"path\":\"$OTHER/z\",\"capability\":\"delete\"}]"
	json_eq '.effects[0] | keys' '["capability","decision","end","held_by_tier","level","path","program","recursive","resolved","rule","start","status","text"]'
	json_eq '.effects[0].rule' 'null'
	json_eq '.effects[3].rule.source' '"baseline"'
end_test
else
	skip "jq not installed"
fi

begin_test "a rule granting delete turns the prompt into allow"
write_rules <<EOF
rules:
  - id: ws-delete
    path: $WS
    allow: [delete]
EOF
chk -- 'rm -f build.log'
assert_rc 0
assert_out_match "^allowed +delete +$WS/build.log +<- explicit 'ws-delete'"
end_test

begin_test "the user's own deny refuses (asking cannot lift it)"
write_rules <<EOF
rules:
  - id: no-secrets
    path: $WS/secrets
    deny: [read]
EOF
chk -- 'cat secrets/token'
assert_rc 4
assert_out_match "^refused +read +$WS/secrets/token +<- explicit 'no-secrets'"
clear_rules
end_test

begin_test "the command line from standard input (-)"
printf 'cat README\nrm -rf dist\n' >"$T/line"
"$FSJAIL" check --workspace "$WS" - <"$T/line" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_out_match "^allowed +read +$WS/README "
assert_out_match "^allowed +delete +$WS/dist +<- baseline"
end_test

begin_test "--cwd: relative paths resolve against it; cd in the line is followed"
mkdir -p "$WS/sub"
chk --cwd "$WS/sub" -- 'touch a; cd .. && rm -f b'
assert_rc 0
assert_out_match "^allowed +create +$WS/sub/a "
assert_out_match "^allowed +delete +$WS/b +<- baseline"
end_test

begin_test "read-only mode: a change is refused, a read allowed"
chk --mode read-only -- 'touch a'
assert_rc 4
chk --mode read-only -- 'cat a'
assert_rc 0
end_test

begin_test "an unresolved path asks unless its directory grants the capability; a run-time head asks"
chk --cwd "$OTHER" -- 'rm -f "x$F"'
assert_rc 3
assert_out_match "^missing: delete $OTHER\$"
chk -- 'rm -f "x$F"; touch "x$F"'
assert_rc 0
chk -- 'touch "$F"' # "$F" may be any path: it asks, with no grant of / offered
assert_rc 3
end_test

begin_test "opaque code runs directly at tier guarded, asks at tier writes"
chk --tier guarded -- "python3 -c 'print(1)'"
assert_rc 0
assert_out_match 'tier guarded holds opaque code'
chk --tier writes --cwd "$OTHER" -- "python3 -c 'print(1)'"
assert_rc 3
assert_out_match "^missing: delete $OTHER\$"
# the workspace grants all five capabilities: opaque code runs at any tier
chk --tier writes -- "python3 -c 'print(1)'"
assert_rc 0
end_test

begin_test "a line that does not parse is never allow"
chk -- 'cat README; ('
assert_rc 3
assert_out_match 'did not parse completely'
end_test

begin_test "every spelling of rm gives the same missing delete"
bad=0
for line in 'rm x' '\rm x' '/bin/rm x' 'FOO=1 rm x' 'env -i PATH=/bin rm x' \
	'command -p rm x' 'exec rm x' 'sudo -n -u root rm x' 'sudo -- rm x' \
	'timeout --signal=KILL 5s rm x' 'nice -n 10 rm x' 'nohup rm x' 'stdbuf -oL rm x' \
	"bash -lc 'rm x'" 'rm x -rf'; do
	chk --cwd "$OTHER" -- "$line"
	if [ "$RC" != 3 ] || ! grep -qx "missing: delete $OTHER/x" "$OUT"; then
		fail "'$line': exit $RC"
		diag_file stdout "$OUT"
		bad=1
	fi
done
end_test

# issues 12.7, 17.4: .git/hooks and .git/config denied, all five capabilities granted
begin_test "git config and a hook write are refused; git add/commit and sed -i allowed"
mkdir -p "$WS/.git/hooks" && : >"$WS/.git/config"
write_rules <<EOF
rules:
  - path: $WS
    allow: [read, write, create, delete, execute]
  - path: $WS/.git/hooks
    deny: [write, create, delete]
  - path: $WS/.git/config
    deny: [write, create, delete]
EOF
for c in '4 git config core.fsmonitor x' '4 printf x > .git/hooks/pre-commit' \
	'0 git add -A && git commit -m x' '0 sed -i s/a/b/ f'; do
	chk --cwd "$WS" -- "${c#* }"
	[ "$RC" = "${c%% *}" ] || { fail "'${c#* }': exit $RC, expected ${c%% *}" && diag_last; }
done
chk --cwd "$WS" -- 'git config core.fsmonitor x'
assert_out_match "^refused +write +$WS/.git/config +<- explicit"
clear_rules
chk --cwd "$WS" -- 'sed -i s/a/b/ f'
assert_rc 0
assert_out_match "^allowed +delete +$WS \\[unresolved\\] +<- baseline"
end_test

begin_test "command -v rm yields nothing: allow"
chk -- 'command -v rm'
assert_rc 0
end_test

begin_test "no command line: exit 125"
chk
assert_rc 125
assert_err_match 'no command line'
end_test

begin_test "more than one argument after --: exit 125 with a hint"
chk -- rm -rf x
assert_rc 125
assert_err_match 'one argument'
end_test

begin_test "an unknown tier: exit 125"
chk --tier bogus -- 'ls'
assert_rc 125
end_test

begin_test "check --help prints the usage, exit 0"
"$FSJAIL" check --help >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_out_match '^usage: fsjail check '
end_test

begin_test "the rules file is only read: check writes nothing"
write_rules <<EOF
# a comment that must survive
rules:
  - path: $OTHER/keep
    allow: [read]
EOF
cp "$RULES" "$T/rules.before"
chk -- "rm -rf $OTHER/keep; touch $OTHER/keep/x"
assert_rc 3
if ! cmp -s "$RULES" "$T/rules.before"; then
	fail "rules.yaml changed"
fi
clear_rules
end_test

begin_test "the audit and state folders are not created by check"
rm -rf "$STATE_DIR"
chk -- 'ls'
assert_rc 0
assert_not_exists "$STATE_DIR/audit.ndjson"
end_test

# --- the one-liner corpus ---------------------------------------------------
# All of it in two `check --lines` runs (text, then --json): one answer per
# line, each the one `check -- LINE` gives (t0592 compares them); a process
# per line made this the suite's second slowest test under the sanitizers.
# The first lines also go through `check -- LINE` itself, as before.
begin_test "tests/data/oneliners.txt: every line classified (0, 3 or 4; --json valid), none crashes"
[ $have_jq = 1 ] || diag "jq not installed: the --json reports are not checked"
grep -v -e '^#' -e '^$' "$TEST_SRCDIR/data/oneliners.txt" >"$T/oneliners"
n=$(wc -l <"$T/oneliners")
# each line as a JSON string (a request of --lines)
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/^/"/' -e 's/$/"/' "$T/oneliners" >"$T/requests"
"$FSJAIL" check --workspace "$WS" --lines "$T/requests" >"$OUT" 2>"$ERR"
RC=$?
case $RC in 0 | 3 | 4) ;; *) fail "check --lines: exit status $RC" && diag_file stderr "$ERR" ;; esac
# one answer per line, separated by an empty line, each with its overall decision
awk -v RS= '{ print (/(^|\n)overall: (allow|prompt|refuse)(\n|$)/ && !/(^|\n)error: /) ? "ok" : "bad" }' \
	"$OUT" >"$T/verdicts"
[ "$(wc -l <"$T/verdicts")" = "$n" ] || fail "$(wc -l <"$T/verdicts") answers to $n lines"
# a line without its decision, by name (at most five)
while IFS= read -r line; do
	fail "'$line': no overall decision"
done < <(awk 'NR == FNR { v[FNR] = $0; next } v[FNR] != "ok" { print; if (++k == 5) exit }' \
	"$T/verdicts" "$T/oneliners")
if [ $have_jq = 1 ]; then
	"$FSJAIL" check --workspace "$WS" --json --lines "$T/requests" >"$OUT" 2>"$ERR"
	RC=$?
	case $RC in 0 | 3 | 4) ;; *) fail "check --json --lines: exit status $RC" ;; esac
	jq -r '.overall // "none"' "$OUT" >"$T/overall" 2>"$T/jq.err" || fail "not JSON: $(head -c 300 "$T/jq.err")"
	[ "$(wc -l <"$T/overall")" = "$n" ] || fail "$(wc -l <"$T/overall") JSON answers to $n lines"
	while IFS= read -r line; do
		fail "'$line': no valid JSON overall"
	done < <(awk 'NR == FNR { o[FNR] = $0; next }
		o[FNR] !~ /^(allow|prompt|refuse)$/ { print; if (++k == 5) exit }' "$T/overall" "$T/oneliners")
fi
# the single-line form on the first lines, as every line was checked before
head -n 5 "$T/oneliners" >"$T/first"
while IFS= read -r line; do
	"$FSJAIL" check --workspace "$WS" -- "$line" >"$OUT" 2>"$ERR"
	RC=$?
	case $RC in 0 | 3 | 4) ;; *) fail "'$line': exit status $RC" ;; esac
	grep -Eq '^overall: (allow|prompt|refuse)$' "$OUT" || fail "'$line': no overall decision"
	[ $have_jq = 1 ] || continue
	"$FSJAIL" check --workspace "$WS" --json -- "$line" >"$OUT" 2>"$ERR"
	jq -e '.overall | test("^(allow|prompt|refuse)$")' "$OUT" >/dev/null 2>&1 ||
		fail "'$line': no valid JSON overall"
done <"$T/first"
[ $n -ge 200 ] || fail "only $n one-liners (at least 200 expected)"
end_test

done_testing
