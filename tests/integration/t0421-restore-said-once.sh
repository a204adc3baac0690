#!/bin/bash
# One action, one line (fix27): after `mv d e; ln -s /usr/share d` the restore
# moves the run's symlink d to the trash and then moves e back to d. The
# text report printed the trash line twice: once at d's own turn and once
# again before the move back onto d (restore-text.c), for a folder d and
# for a file d, done or in a dry run. Each line is now said once
# (say_trash()), and the tree is back.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

# count_lines ERE: how many lines of stdout match ERE
count_lines()
{
	grep -Ec -- "$1" "$OUT"
}

# said_once ERE: exactly one line of stdout matches ERE
said_once()
{
	local n
	n=$(count_lines "$1")
	[ "$n" = 1 ] || { fail "$n lines match /$1/, not 1"; diag_last; }
}

begin_test "a folder d: mv d e; ln -s /usr/share d; the trash line of d once, d back"
mkdir "$WS/d"
echo a >"$WS/d/a"
fsj_sh -- 'mv d e && ln -s /usr/share d'
assert_rc 0
ws_restore
said_once "^moved to the trash \(made by the run\) $WS/d\$"
said_once "^moved back $WS/e to $WS/d\$"
assert_dir "$WS/d"
assert_content "$WS/d/a" a
assert_not_exists "$WS/e"
end_test

begin_test "a file d: the same, the trash line once, d back"
rm -rf "$WS/d"
echo b >"$WS/d"
fsj_sh -- 'mv d e && ln -s /usr/share d'
assert_rc 0
ws_restore
said_once "^moved to the trash \(made by the run\) $WS/d\$"
said_once "^moved back $WS/e to $WS/d\$"
[ -L "$WS/d" ] && fail "d is still the run's symlink"
assert_content "$WS/d" b
assert_not_exists "$WS/e"
end_test

begin_test "a dry run says each line once too, and changes nothing"
fsj_sh -- 'mv d e && ln -s /usr/share d'
assert_rc 0
(cd "$WS" && "$FSJAIL" backups restore --dry-run --workspace "$WS") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
said_once "^would move to the trash $WS/d\$"
said_once "^would move back $WS/e to $WS/d\$"
[ -L "$WS/d" ] || fail "the dry run changed d"
assert_content "$WS/e" b
end_test

done_testing
