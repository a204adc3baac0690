#!/bin/bash
# `fsjail check` of an && list whose head tree-sitter-bash puts under a
# redirection (user29): in `mkdir n && cd n && echo x > m && cat m` the
# grammar makes `mkdir n && cd n && echo x > m` one redirected statement
# whose body is a list, and the walk merged that list's end states (it
# succeeded: in n; it failed: maybe where it began) before `&& cat m`,
# which runs only when it succeeded. The working folder was lost, so
# every later command was decided "anywhere": `mkdir -p sub && cd sub &&
# git init -q && echo n > n && git add n` asked for git's repository at
# an unknown folder, a line run does with no refusal. After `&&` the
# state is the list's success; after `||` its failure.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
git_env
cd "$WS" && git init -q -b main && git commit -q --allow-empty -m base ||
	bail_out "cannot make a repository in $WS"

# read_path LINE NAME: the path check gives the read of NAME's operand
read_path()
{
	run_cmd "$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$1"
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(str(e["path"]) for e in d["effects"] if e["capability"] == "read" and e["text"] == sys.argv[2]))
' "$OUT" "$2"
}

begin_test "after a redirected head of an && list, the folder it moved to"
p=$(read_path 'mkdir n && cd n && echo x > m && cat m' m)
[ "$p" = "$WS/n/m" ] || fail "cat m read '$p', not $WS/n/m"
p=$(read_path 'mkdir -p a/b && cd a && cd b && : > m && wc -l m && cat m' m)
[ "$p" = "$WS/a/b/m $WS/a/b/m" ] || fail "wc and cat read '$p', not $WS/a/b/m twice"
end_test

begin_test "a new repository made and used in one line is allowed"
for l in 'mkdir -p sub && cd sub && git init -q && echo n > n && git add n && git commit -q -m n' \
	'mkdir -p sub && cd sub && echo n > n && git status'; do
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
	[ "$RC" = 0 ] || fail "check did not allow '$l' (status $RC): $(head -c 600 "$OUT")"
done
end_test

begin_test "after || the folder is the failure's: not the one the head moved to"
p=$(read_path 'cd nosuch && echo x > m || cat m' m)
case " $p " in
*"$WS/nosuch/m"*) fail "cat m after || read '$p'" ;;
esac
p=$(read_path 'mkdir n && cd n && echo x > m; cat m' m)
[ "$p" = "$WS/n/m" ] && fail "cat m after ; read '$p' (the mkdir may fail: it runs where the line began)"
end_test

done_testing
