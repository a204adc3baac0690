#!/bin/bash
# A restore of a path brings that path back to its state before the run
# and makes no name that did not exist before it (fix28). sed -i, perl
# -pi and Python's tempfile + os.replace write the new version under a
# temporary name the run made and rename it over the file. A restore of
# the file moved the run's version back to that temporary name (sedXXXX
# holding v2 after the restore; a later `git add .` commits it). The
# run's version now goes to the restore's own cycle, as in a restore of
# the whole cycle, so a restore of that cycle brings it back; the dry run
# and --json say the same (s.txt: "recreate", as done, not "restore-content").
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
git -C "$WS" init -q || bail_out "no git"

PYREPLACE='import os, tempfile
fd, tmp = tempfile.mkstemp(dir=".")
os.write(fd, b"v2\n")
os.close(fd)
os.chmod(tmp, 0o644)
os.replace(tmp, "s.txt")'

# the names in the workspace but .git, one a line
names() { (cd "$WS" && ls -A | grep -vx .git); }

# check_case WHAT CMD...: s.txt holds v1, CMD makes v2 under a temporary
# name and renames it over; a restore of s.txt leaves s.txt alone, v1;
# a restore of the restore's own cycle brings v2 back, alone.
check_case()
{
	local what=$1 own
	shift
	rm -f "$WS"/* && echo v1 >"$WS/s.txt"
	begin_test "$what: a restore of the path leaves no temporary name"
	fsj -- "$@"
	assert_rc 0
	assert_content "$WS/s.txt" v2
	(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS" "$WS/s.txt") >"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	assert_content "$WS/s.txt" v1
	[ "$(names)" = s.txt ] || fail "names after the restore: $(names | tr '\n' ' ')"
	own=$("$FSJAIL" backups list --workspace "$WS" | awk '/ restore /{c=$2} END{print c}')
	[ -n "$own" ] || fail "no restore cycle listed"
	(cd "$WS" && "$FSJAIL" backups restore --cycle "$own" --workspace "$WS") >"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	assert_content "$WS/s.txt" v2
	[ "$(names)" = s.txt ] || fail "names after the restore of $own: $(names | tr '\n' ' ')"
	end_test
}

check_case "sed -i" sed -i s/v1/v2/ s.txt
check_case "perl -pi" perl -pi -e s/v1/v2/ s.txt
check_case "tempfile and os.replace" python3 -c "$PYREPLACE"

begin_test "the dry run and --json say the run's version goes, not back to its temporary name"
rm -f "$WS"/* && echo v1 >"$WS/s.txt"
fsj -- sed -i s/v1/v2/ s.txt
assert_rc 0
tmp=$(sed -n 's#^/[^ ]*/\([^/ ]*\)  created by the run$#\1#p' <("$FSJAIL" backups show --workspace "$WS"))
[ -n "$tmp" ] || fail "no temporary name in backups show"
(cd "$WS" && "$FSJAIL" backups restore --dry-run --workspace "$WS" "$WS/s.txt") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_out_nomatch 'move back'
assert_out_match "^would recreate $WS/s.txt .*the run's version would move to the trash"
(cd "$WS" && "$FSJAIL" backups restore --dry-run --json --workspace "$WS" "$WS/s.txt") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
grep -A1 -E '"action":[[:space:]]*"trash"' "$OUT" | grep -q "\"$WS/$tmp\"" ||
	fail "no trash of $tmp in the --json dry run"
assert_content "$WS/s.txt" v2
end_test

begin_test "--json of the restore itself: a trash of the temporary name, no name left"
(cd "$WS" && "$FSJAIL" backups restore --json --workspace "$WS" "$WS/s.txt") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
grep -A1 -E '"action":[[:space:]]*"trash"' "$OUT" | grep -q "\"$WS/$tmp\"" ||
	fail "no trash of $tmp in --json"
assert_content "$WS/s.txt" v1
[ "$(names)" = s.txt ] || fail "names after the restore: $(names | tr '\n' ' ')"
end_test

done_testing
