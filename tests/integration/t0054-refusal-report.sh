#!/bin/bash
# Saying what was refused, and a deny that costs its folder nothing
# (issue 12 items 3 and 4; DESIGN.md sections 7 and 10; fsjail(1) REFUSALS):
# - a rules file denies everything on $WS/.env, which does not exist: new
#   siblings in $WS can still be made (the listener, not an expansion of
#   $WS, keeps .env from being made), and with FSJAIL_NO_NOTIFY=1 the
#   fallback (expansion) still keeps .env uncreatable;
# - with fsjail's own folders under /tmp, mktemp works inside;
# - --report FILE, --status-fd N and --quiet: the report's lines are JSON
#   with their schema, the status stream has started/exited, --quiet
#   prints nothing, and the command's stdout is byte-identical with and
#   without them;
# - with the listener that records refusals (branch `listener`, merged):
#   the summary on stderr names the refused path and the rule's file:line,
#   the report has its line, and .env cannot be made by touch, mkdir,
#   ln -s, ln, mv or cp. FSJAIL_TEST_LISTENER=0 marks those checks
#   "# TODO listener", for a tree without that branch.
. "$(dirname "$0")/libtest.sh"

LISTENER=${FSJAIL_TEST_LISTENER:-1}

plan 14
setup
require_landlock
# The listener carries an absent deny where mount masks pin its folders.
unset FSJAIL_NO_MOUNT_MASKS
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"

# end_test for a check that holds only with the listener branch.
end_test_listener()
{
	if [ "$LISTENER" = 1 ]; then
		end_test
		return
	fi
	T_OPEN=0
	T_NUM=$((T_NUM + 1))
	if [ "$T_FAIL" = 0 ]; then
		echo "ok $T_NUM - $T_DESC # TODO listener (set FSJAIL_TEST_LISTENER=1)"
	else
		echo "not ok $T_NUM - $T_DESC # TODO listener (set FSJAIL_TEST_LISTENER=1)"
	fi
}

# json_lines FILE SCHEMA: every line of FILE is a JSON object whose
# "schema" is SCHEMA; prints the number of lines.
json_lines()
{
	python3 - "$1" "$2" <<'EOF'
import json, sys
n = 0
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    assert isinstance(o, dict), line
    assert o.get("schema") == sys.argv[2], line
    n += 1
print(n)
EOF
}

write_rules <<EOF
rules:
  - id: no-env
    path: $WS/.env
    recursive: false
    deny: [read, write, create, delete, execute]
EOF
RULE_LINE=$(grep -n 'id: no-env' "$RULES" | cut -d: -f1)
echo data >"$WS/present"

begin_test "a deny on an absent .env costs its folder nothing: touch, mkdir and ls in the workspace work"
can_mount_ns || fail "no mount namespace here: absent denies fall back to expansion"
fsj_sh -- 'touch "$1/new-file" && mkdir "$1/new-dir" && ls "$1" >/dev/null && echo made' "$WS"
assert_rc 0 && assert_out_match '^made$'
assert_exists "$WS/new-file"
assert_dir "$WS/new-dir"
assert_not_exists "$WS/.env"
rm -rf "$WS/new-file" "$WS/new-dir"
end_test

begin_test "without the listener (FSJAIL_NO_NOTIFY=1) the fallback keeps .env uncreatable"
FSJAIL_NO_NOTIFY=1 fsj_sh -- 'touch "$1/.env"; mkdir "$1/.env"; ln -s present "$1/.env"; true' "$WS"
assert_not_exists "$WS/.env"
FSJAIL_NO_NOTIFY=1 run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock
assert_out_match "^expanded $WS\$"
assert_out_match "because .*'$WS/.env' is denied .*no seccomp listener"
rm -rf "$WS/.env"
end_test

begin_test ".env cannot be made by touch, mkdir, ln -s, ln, mv or cp"
fsj_sh -- 'cd "$1" || exit 9
touch .env; mkdir .env; ln -s present .env; ln present .env
echo x >tmp-a; mv tmp-a .env; cp present .env; rm -f tmp-a; true' "$WS"
assert_not_exists "$WS/.env"
rm -rf "$WS/.env"
end_test_listener

begin_test "fsjail's own folders under /tmp: mktemp works inside"
TMPHOME=$(mktemp -d /tmp/fsjail-t0054.XXXXXX)
mkdir -p "$TMPHOME/config"
cp "$RULES" "$TMPHOME/config/rules.yaml"
FSJAIL_HOME=$TMPHOME fsj_sh -- 'f=$(mktemp) && echo made >"$f" && cat "$f" && rm -f "$f"'
assert_rc 0 && assert_out_match '^made$'
chmod -R u+rwX "$TMPHOME" 2>/dev/null
rm -rf "$TMPHOME"
end_test

begin_test "--report FILE: made before the command runs, every line JSON with schema fsjail-refusal/1"
REPORT=$T/report.ndjson
fsj --report "$REPORT" -- sh -c 'touch .env 2>/dev/null; echo done'
assert_rc 0 && assert_out_match '^done$'
[ -f "$REPORT" ] || fail "no report file '$REPORT'"
[ "$(stat -c %a "$REPORT")" = 600 ] || fail "the report is not mode 0600"
n=$(json_lines "$REPORT" fsjail-refusal/1) || fail "the report does not parse: $(cat "$REPORT")"
end_test

begin_test "the refused create of .env is in the report and the summary, with the rule's file:line"
fsj --report "$REPORT" -- sh -c 'touch .env 2>/dev/null; echo done'
n=$(json_lines "$REPORT" fsjail-refusal/1 2>/dev/null)
[ "${n:-0}" -ge 1 ] || fail "the report has no line"
grep -q "\"path\":\"$WS/.env\"" "$REPORT" || fail "the report does not name $WS/.env"
grep -q "\"rule_origin\":\"$RULES:$RULE_LINE\"" "$REPORT" || fail "the report does not name $RULES:$RULE_LINE"
assert_err_match "refusals? in this run"
assert_err_match "create $WS/.env: explicit rule 'no-env' at $RULES:$RULE_LINE; by touch"
end_test_listener

begin_test "a refusal a rule could lift says how: --grant for one run, allow add to keep; the user's own deny does not"
grep -q "to allow it" "$ERR" && fail "the summary offers to lift the user's own deny"
fsj -- sh -c 'echo x >"$HOME/outside.txt" 2>/dev/null; echo done'
assert_err_match "create $HOME/outside.txt: default; by (sh|/[^ ]*sh \\(comm sh\\))"
assert_err_match "to allow it: fsjail run --grant write,create:$HOME/outside.txt \.\.\. \(this run only\), or fsjail allow add write,create $HOME/outside.txt \(kept\)"
end_test_listener

begin_test "the hint is one shell word per path: a blank or ';' in the refused name adds no option, no command"
fsj -- sh -c 'touch "$HOME/x --grant all:~ -- true;touch pwned;: " 2>/dev/null; echo done'
assert_err_match "to allow it: fsjail run --grant 'write,create:$HOME/x --grant all:~ -- true;touch pwned;: ' \\.\\.\\. \\(this run only\\)"
line=$(grep -o "to allow it: fsjail run --grant .* \\.\\.\\. (this run only)" "$ERR" | sed 's/^to allow it: //; s/ [.][.][.] (this run only)$//')
eval "set -- $line"
[ $# = 4 ] && [ "$4" = "write,create:$HOME/x --grant all:~ -- true;touch pwned;: " ] ||
	fail "the pasted hint is not fsjail run --grant and one word: $(printf '[%s] ' "$@")"
end_test_listener

begin_test "--quiet: nothing on stderr"
fsj --quiet -- sh -c 'touch .env 2>/dev/null; echo done'
assert_rc 0
[ -s "$ERR" ] && fail "stderr is not empty: $(cat "$ERR")"
end_test

begin_test "the command's stdout is byte-identical with and without --report, --status-fd, --quiet"
script='printf "a\0b\n"; touch .env 2>/dev/null; seq 3; printf "tail"'
fsj -- sh -c "$script"
cp "$OUT" "$T/out.plain"
fsj --report "$REPORT" --status-fd 3 -- sh -c "$script" 3>"$T/status"
cmp -s "$OUT" "$T/out.plain" || fail "stdout differs with --report and --status-fd"
fsj --quiet -- sh -c "$script"
cmp -s "$OUT" "$T/out.plain" || fail "stdout differs with --quiet"
[ "$(od -An -c "$T/out.plain" | tr -d ' \n')" = 'a\0b\n1\n2\n3\ntail' ] ||
	fail "unexpected stdout: $(od -c "$T/out.plain")"
end_test

begin_test "--status-fd N: started (tier, workspace, pid) then exited with the command's status"
fsj --status-fd 3 -- sh -c 'exit 3' 3>"$T/status"
assert_rc 3
python3 - "$T/status" "$WS" <<'EOF' || fail "status stream: $(cat "$T/status")"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
assert all(r["schema"] == "fsjail-run/1" for r in recs), recs
types = [r["type"] for r in recs]
assert types[0] == "started" and types[-1] == "exited", types
s, e = recs[0], recs[-1]
assert s["workspace"] == sys.argv[2] and s["tier"] and isinstance(s["pid"], int), s
assert s["session"], s
assert e["status"] == 3 and e["fsjail_failed"] is False and e["command_started"] is True, e
EOF
end_test

begin_test "--status-fd N: an fsjail failure is an exited record that says why"
echo 'rules: [ this is not' >"$T/bad.yaml"
fsj --rules "$T/bad.yaml" --status-fd 3 -- true 3>"$T/status"
assert_rc 125
python3 - "$T/status" <<'EOF' || fail "status stream: $(cat "$T/status")"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
assert [r["type"] for r in recs] == ["exited"], recs
e = recs[0]
assert e["status"] == 125 and e["fsjail_failed"] is True and e["fsjail_error"], e
assert e["command_started"] is False, e
EOF
end_test

begin_test "--status-fd refuses 0, 1, 2 and a closed descriptor; --report refuses a symlink"
fsj --status-fd 1 -- true
assert_rc 125
fsj --status-fd 57 -- true
assert_rc 125
echo keep >"$T/target"
ln -s "$T/target" "$T/link.ndjson"
fsj --report "$T/link.ndjson" -- echo ran
assert_rc 125
assert_out_nomatch '^ran$'
assert_content "$T/target" keep
end_test

begin_test "the status stream cannot be written by the command (the descriptor is not inherited)"
fsj --status-fd 3 -- sh -c 'echo forged >&3 && echo wrote' 3>"$T/status"
assert_out_nomatch '^wrote$'
grep -q forged "$T/status" && fail "the command wrote into the status stream"
end_test

done_testing
