#!/bin/bash
# `fsjail backups restore --dry-run` around a planted symlink (undo33
# item 2): a run that replaced a file or folder by a symlink to elsewhere.
# The real restore trashes the link, then makes the file or folder again;
# the dry run, which changes nothing, met the link on disk where the
# older records' objects would be (never following it) and said "not a
# regular file now: left as it is" and exit 125 for a file, "cannot open
# its old folder" for a file renamed in the folder, and left out the
# folder's mode and times. It now takes what its own earlier actions
# would have done (restore-sim-dir.h). Asserts: the dry run's lines,
# verbs made past tense, equal the real run's, the same exit status,
# the files back, and nothing followed outside.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0446_USER 4
setup
require_landlock

# readable, outside the workspace: a link may not lead where the run may
# not read (linkto.h)
ELSE=$(mktemp -d /var/tmp/fsjail-t0446.XXXXXX) || bail_out "mktemp under /var/tmp"
# the dry run's verbs in the real run's words (src/restore-line.c)
PAST='s/^would restore mode, owner and times of /restored mode, owner and times of /
s/^would move to the trash /moved to the trash (made by the run) /
s/^would make folder /made folder /
s/^would recreate /recreated /
s/^would move back /moved back /
s/^would restore /restored /
s/(the run.s version would move to the trash)/(the run'"'"'s version moved to the trash)/'

# planted SCRIPT: a fresh workspace (f, d/in, d/other, e/g), SCRIPT run in
# it, then a dry run and a real restore; fails unless their lines and exit
# status agree. The folder elsewhere ($ELSE) must stay as it was.
planted()
{
	rm -rf "$STATE_DIR/sessions" "${WS:?}"/* "$ELSE"
	mkdir -p "$ELSE/d" "$WS/d" "$WS/e"
	echo elsewhere >"$ELSE/x"
	echo else-in-d >"$ELSE/d/in"
	echo f0 >"$WS/f"
	echo d-in >"$WS/d/in"
	echo d-other >"$WS/d/other"
	echo e-g >"$WS/e/g"
	fsj_sh -- "$1"
	assert_rc 0
	run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run
	local drc=$RC
	sed -e "$PAST" -e 's/ from cycle [^ ]*/ from cycle C/' "$OUT" >"$T/dry"
	cp "$ERR" "$T/dry.err"
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	sed -e 's/ from cycle [^ ]*/ from cycle C/' "$OUT" >"$T/real"
	[ "$drc" = "$RC" ] || fail "the dry run exited $drc, the restore $RC: $(cat "$T/dry.err")"
	if ! diff "$T/dry" "$T/real" >"$T/diff"; then
		fail "the dry run's lines differ from the restore's"
		diag_file diff "$T/diff"
		diag_file dry.err "$T/dry.err"
	fi
	assert_rc 0
	assert_content "$ELSE/x" elsewhere
	[ "$(ls "$ELSE/d")" = in ] || fail "the folder elsewhere changed: $(ls "$ELSE/d")"
}

begin_test "a file replaced by a symlink to elsewhere: the dry run says recreate, as the restore does"
planted "rm f; ln -s '$ELSE/x' f"
[ ! -L "$WS/f" ] || fail "f is still a symlink"
assert_content "$WS/f" f0
end_test

begin_test "a file changed, then replaced by a symlink: the same"
planted "echo f1 >f; rm f; ln -s '$ELSE/x' f"
assert_content "$WS/f" f0
end_test

begin_test "a folder replaced by a symlink to a folder elsewhere: folder, mode and times, entries"
planted "rm -rf d; ln -s '$ELSE/d' d"
[ -d "$WS/d" ] && [ ! -L "$WS/d" ] || fail "d is not a folder again"
assert_content "$WS/d/in" d-in
assert_content "$WS/d/other" d-other
end_test

begin_test "a file renamed in a folder, the folder replaced by a symlink: moved back in the dry run too"
planted "mv e/g e/h; rm -rf e; ln -s '$ELSE/d' e"
assert_content "$WS/e/g" e-g
assert_not_exists "$WS/e/h"
end_test

rm -rf "$ELSE"
end_user_pass
done_testing
