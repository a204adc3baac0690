#!/bin/bash
# A folder's mode comes back after its entries were changed first (att22).
# The first change of a folder's entries records its times ("entries":
# restore sets them back only where it changed an entry, t0398), and that
# record also counted as the folder's one mode record: a chmod after it
# recorded nothing. Where the restore changed no entry of the folder (a
# file made and removed again, a rename or exchange that failed) or
# dropped the cycle (only names the run made and removed), the folder
# kept the run's mode after `fsjail backups restore`, with nothing said.
# A chmod of such a folder now records its mode, owner and times.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0407_USER_PASS 5
setup
require_landlock
. "$TEST_DIR/librestore.sh"

begin_test "a file made and removed in D, then chmod D: the mode comes back"
case_dir c1
mkdir D && echo x >D/x
fsj_sh -- 'echo n >D/new && rm D/new && chmod 700 D'
assert_rc 0
[ "$(stat -c %a D)" = 700 ] || bail_out "the run did not chmod D"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
mode_back "$WS/c1/D" 755
end_test

begin_test "a failed RENAME_EXCHANGE in D/F, then chmod D/F: the mode comes back"
case_dir c2
mkdir -p D/F && echo w >D/F/w
fsj_sh -- 'python3 -c "$1" D/F/w D/F 2 try && chmod 600 D/F' "$RENAMEAT2"
assert_rc 0
grep -q '^-1 ' "$OUT" || bail_out "the exchange did not fail: $(cat "$OUT")"
ws_restore
mode_back "$WS/c2/D/F" 755
assert_content "$WS/c2/D/F/w" w
end_test

begin_test "a failed RENAME_NOREPLACE into D, then chmod D: the mode comes back"
case_dir c3
mkdir D && echo x >D/x && echo y >y
fsj_sh -- 'python3 -c "$1" y D/x 1 try && chmod 711 D' "$RENAMEAT2"
assert_rc 0
grep -q '^-1 ' "$OUT" || bail_out "the rename did not fail: $(cat "$OUT")"
ws_restore
mode_back "$WS/c3/D" 755
assert_content "$WS/c3/D/x" x
assert_content "$WS/c3/y" y
end_test

begin_test "a link made and removed in D, then chmod D: the mode comes back"
case_dir c4
mkdir D && echo x >D/x
fsj_sh -- 'ln D/x D/l && rm D/l && chmod 700 D'
assert_rc 0
ws_restore
mode_back "$WS/c4/D" 755
[ ! -e D/l ] || fail "the run's link D/l is there after the restore"
end_test

begin_test "a file renamed in D, then chmod D: the mode and the name come back"
case_dir c5
mkdir D && echo x >D/x
fsj_sh -- 'mv D/x D/y && chmod 700 D'
assert_rc 0
ws_restore
mode_back "$WS/c5/D" 755
assert_content "$WS/c5/D/x" x
end_test

end_user_pass
done_testing
