#!/bin/bash
# A run that replaced a folder by a file, or by a new folder
# (`rm -rf e d && echo x >e && mkdir d`; tar --recursive-unlink does the
# same), restored (user16). The restore did it right, but said "made
# folder e", then "moved to the trash (made by the run) e": as if the
# folder it had just made went to the trash. The lines now come in the
# order done: the run's object goes, then the folder comes back. And
# --dry-run said "cannot restore e/y: ... a non-folder on the way" and
# exited 125, leaving out the folders the real restore makes: it now says
# what the restore then does, and exits 0.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

mkdir -p "$WS/d" "$WS/e"
echo x0 >"$WS/d/x"
echo y0 >"$WS/e/y"
fsj_sh -- 'rm -rf d e && mkdir d && echo run >e'
assert_rc 0
[ -f "$WS/e" ] && [ -d "$WS/d" ] || bail_out "the run did not replace d and e"

# line N TEXT: the number of the first line of $OUT matching TEXT, or 0.
line()
{
	local n
	n=$(grep -n -- "$1" "$OUT" | head -1 | cut -d: -f1)
	echo "${n:-0}"
}

# before A B: $OUT has a line matching A, and one matching B after it.
before()
{
	local a b
	a=$(line "$1")
	b=$(line "$2")
	[ "$a" != 0 ] && [ "$b" != 0 ] && [ "$a" -lt "$b" ] ||
		fail "'$1' (line $a) does not come before '$2' (line $b): $(cat "$OUT")"
}

begin_test "--dry-run says what the restore will do, and exits 0"
run_cmd "$FSJAIL" backups restore --dry-run --workspace "$WS"
assert_rc 0
if grep -q 'cannot restore' "$ERR"; then
	fail "the dry run says a path cannot be restored"
	diag_last
fi
before "^would move to the trash $WS/e\$" "^would make folder $WS/e\$"
before "^would make folder $WS/e\$" "^would recreate $WS/e/y "
before "^would remove folder $WS/d\$" "^would make folder $WS/d\$"
assert_out_match "^would recreate $WS/d/x "
[ -f "$WS/e" ] && [ -d "$WS/d" ] && [ ! -e "$WS/d/x" ] || fail "the dry run changed something"
end_test

begin_test "the restore: the run's object goes first, then the folder comes back"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
before "^moved to the trash (made by the run) $WS/e\$" "^made folder $WS/e\$"
before "^made folder $WS/e\$" "^recreated $WS/e/y "
before "^removed empty folder (made by the run) $WS/d\$" "^made folder $WS/d\$"
assert_content "$WS/e/y" y0
assert_content "$WS/d/x" x0
end_test

done_testing
