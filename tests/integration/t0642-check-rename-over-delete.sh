#!/bin/bash
# `fsjail check` of a command that replaces an existing name (chk38): the
# run asks delete of a name renamed over (notify-rename.c) and install(1)
# unlinks an existing target before it copies, so under `deny: [delete]`
# on a folder `mv f docs/a.md`, `install f docs/a.md` and `cp
# --remove-destination f docs/a.md` are refused, while check said
# "allow" (create and write only). check now adds the delete of an
# existing target; a new name there stays allowed.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
setup
git_ws
mkdir -p docs && echo a >docs/a.md && echo f >f.txt
write_rules <<'R'
rules:
  - path: docs
    deny: [delete]
R

begin_test "replacing an existing name in a delete-denied folder is not allowed"
for l in 'mv f.txt docs/a.md' 'mv -f f.txt docs/' 'install f.txt docs/a.md' \
	'install -m 644 f.txt docs/a.md' 'cp --remove-destination f.txt docs/a.md'; do
	[ -e docs/f.txt ] && rm docs/f.txt
	[ "$l" = 'mv -f f.txt docs/' ] && echo g >docs/f.txt
	run_cmd "$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$l"
	case $RC in
	3 | 4) ;;
	*) fail "check allowed '$l' (status $RC): $(head -c 600 "$OUT")" ;;
	esac
done
rm -f docs/f.txt
end_test

begin_test "a new name there, or a copy in place, stays allowed"
check_allowed 'mv f.txt docs/new.md' 'install f.txt docs/' 'cp f.txt docs/a.md'
end_test

done_testing
