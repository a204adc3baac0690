#!/bin/bash
# A restore's own cycle keeps the folders it took from the run
# (restore-take.c): `backups prune` emptied a cycle's files/ of regular
# files only, failed on such a folder ("cannot remove cycle"), and left
# the cycle for ever; the next restore of every cycle then undid that old
# restore too (t0187 failed under CI's load). Prune now removes the
# folders a cycle holds, a mode 000 one and a symlink to a folder outside
# included, without following the symlink.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

ncycles()
{
	"$FSJAIL" backups list --json --workspace "$WS" 2>/dev/null |
		python3 -c 'import json, sys; t = sys.stdin.read(); print(len(json.loads(t)["cycles"]) if t.strip() else 0)'
}

begin_test "a restore that took the run's folders: prune removes its cycle"
cd "$WS" || bail_out "no workspace"
echo keep >"$T/outside-file"
# a readable folder outside: a link may not lead where the run may not
# read (linkto.h)
OUTDIR=$(mktemp -d /var/tmp/fsjail-t0315.XXXXXX) || bail_out "mktemp under /var/tmp"
echo keep >"$OUTDIR/x"
echo old >"$WS/f"
fsj_sh -- "echo new >f && mkdir -p d/in/deep && echo x >d/in/x && ln -s '$OUTDIR' d/in/out && mkdir d/locked && chmod 000 d/locked"
assert_rc 0
ws_restore
assert_content "$WS/f" old
assert_not_exists "$WS/d"
[ "$(ncycles)" -ge 2 ] || fail "expected the run's and the restore's cycles, got $(ncycles)"
run_cmd "$FSJAIL" backups prune --older-than 0
assert_rc 0
[ "$(ncycles)" = 0 ] || fail "cycles left after prune: $(ncycles); $(cat "$ERR")"
find "$STATE_DIR/sessions" -mindepth 1 -path '*/files/*' | head -3 | grep -q . &&
	fail "saved files left: $(find "$STATE_DIR/sessions" -path '*/files/*' | head -3)"
end_test

begin_test "the symlink's target outside the store is untouched"
assert_content "$OUTDIR/x" keep
assert_content "$T/outside-file" keep
end_test

rm -rf "$OUTDIR"
done_testing
