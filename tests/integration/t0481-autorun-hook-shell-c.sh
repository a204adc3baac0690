#!/bin/bash
# A hook's command is shell text, and the most common hook is shell text
# inside it: sh -c '...', bash -lc "...". fix41 split such a string once,
# by hand: a script two shells deep (bash -lc "sh -c 'python3 deep.py'")
# or after a cd inside the string (sh -c 'cd hooks && ./inner.sh') was
# not taken, so a missing one could be made inside the run and run on the
# host at the next hook. The command is now parsed with tree-sitter-bash
# (as fsjail check parses a line), and a shell's -c operand is parsed
# again, 4 deep: none of write, rename, symlink, copy makes those scripts;
# a sibling (inner.sh beside hooks/, scripts/other.py) stays creatable,
# and echo, -c, true, hi make no rule. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0481_USER 2
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"PostToolUse": [{"hooks": [
 {"type": "command", "command": "bash -lc \"sh -c 'python3 deep.py'\""},
 {"type": "command", "command": "sh -c 'cd hooks && ./inner.sh' && sh -c 'echo hi; true'"},
 {"type": "command", "command": "bash -c \"bash -c 'bash -c \\\"node scripts/three.js\\\"'\""}]}]}}
JSON
NAMED='deep.py hooks/inner.sh scripts/three.js'
SIBLINGS='inner.sh scripts/other.py hooks/other.sh'
WORDS='echo hi true ./-c'

begin_test "the scripts inside sh -c strings, not there yet, are made by no route; siblings are"
fsj -- bash -c '
try() { rm -f "$f" prep 2>/dev/null; echo evil >prep; "${@:2}" 2>/dev/null && echo "$1 $f"
	[ -e "$f" ] || [ -L "$f" ] && echo "EXISTS after $1: $f"; }
for f in $1; do
	case $f in */*) mkdir -p "${f%/*}" ;; esac
	try WROTE sh -c "echo evil >$f"
	try MOVED mv -f prep "$f"
	try SYMLINKED ln -s "$PWD/prep" "$f"
	try COPIED cp prep "$f"
	rm -f prep
done
for s in $2; do echo sibling >"$s" && echo "SIBLING $s"; done' bash "$NAMED" "$SIBLINGS"
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|SYMLINKED|COPIED|EXISTS'
for f in $NAMED; do assert_not_exists "$WS/$f"; done
for s in $SIBLINGS; do assert_content "$WS/$s" sibling; done
fsj -- sh -c 'mkdir -p hooks && echo evil >hooks/inner.sh'
assert_failed
assert_err_match "create $WS/hooks/inner\\.sh: protected rule 'workspace-autorun'"
end_test

begin_test "echo, -c, true and hi inside the strings make no rule"
fsj -- bash -c 'for f in $1; do echo ok >"$f" || echo "REFUSED $f"; done' bash "$WORDS"
assert_rc 0
assert_out_nomatch REFUSED
for f in $WORDS; do assert_content "$WS/$f" ok; done
end_test

end_user_pass
done_testing
