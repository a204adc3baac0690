#!/bin/bash
# `fsjail backups restore --dry-run` after `rm -rf d` of nested folders
# (user23): the restore makes d, then d/sub, and puts back each folder's
# mode and times; the dry run said "would make folder d/sub" but left
# out "would restore mode, owner and times of d/sub": a folder whose own
# folder is only made again in the dry run was never marked made
# (restore-rmdir.c), so the record of its mode found nothing. Asserts
# that the dry run's lines, verbs made past tense, equal the real run's,
# one and two levels deep, and that the real restore brings back every
# file and folder mode. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0479_USER 2
setup
require_landlock

PAST='s/^would restore mode, owner and times of /restored mode, owner and times of /
s/^would make folder /made folder /
s/^would recreate /recreated /'

# nested DIRS...: a fresh workspace with folder d and each of DIRS under
# it (mode 0750), a file in each; `rm -rf d` in a run; then a dry run and
# the real restore, whose lines must agree, and everything back.
nested()
{
	rm -rf "$STATE_DIR/sessions" "${WS:?}"/*
	mkdir -p "$WS/d"
	echo top >"$WS/d/f"
	for s; do
		mkdir -p "$WS/d/$s" && chmod 0750 "$WS/d/$s" && echo "$s" >"$WS/d/$s/f"
	done
	fsj -- rm -rf "$WS/d"
	assert_rc 0
	assert_not_exists "$WS/d"
	run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run
	assert_rc 0
	sed -e "$PAST" -e 's/ from cycle [^ ]*/ from cycle C/' "$OUT" >"$T/dry"
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_rc 0
	sed -e 's/ from cycle [^ ]*/ from cycle C/' "$OUT" >"$T/real"
	diff "$T/dry" "$T/real" >"$T/diff" ||
		fail "the dry run's lines differ from the restore's: $(cat "$T/diff")"
	for s; do
		[ "$(cat "$WS/d/$s/f" 2>/dev/null)" = "$s" ] || fail "d/$s/f is not back"
		[ "$(stat -c %a "$WS/d/$s")" = 750 ] || fail "d/$s has mode $(stat -c %a "$WS/d/$s")"
	done
}

begin_test "rm -rf of d/sub: the dry run says the mode of d/sub, as the restore does"
nested sub
grep -q "^restored mode, owner and times of $WS/d/sub\$" "$T/real" ||
	fail "the restore does not say the mode of d/sub: $(cat "$T/real")"
end_test

begin_test "two levels and two folders: the dry run's lines are the restore's"
nested a a/b c
end_test

end_user_pass
done_testing
