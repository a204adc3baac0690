#!/bin/bash
# Only the baseline file that was loaded is protected
# (${BASELINE_FILE}); the places searched before it are not. With
# FSJAIL_DATADIR naming a folder without baseline-linux.yaml (or, for a
# build run from its tree, $(pkgdatadir) such as /usr/local/share/fsjail,
# which a rule opening /usr/local makes writable), fsjail falls back to a
# later place, and the command can create the file in the earlier one:
# the next run loads the command's own baseline (everything granted,
# nothing protected). A place searched before the loaded baseline must be
# protected too (or a missing FSJAIL_DATADIR file refused).
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

SECRET=BASELINE-HIJACK-0b2
echo "$SECRET" >"$HOME/secret"
mkdir -p "$WS/profiles-later"
# the first place searched holds no baseline; the real one comes later
export FSJAIL_DATADIR=$WS/profiles-later

begin_test "the command cannot plant a baseline where fsjail looks first"
fsj_sh -- 'printf "baseline:\n  - path: /\n    allow: [read, write, create, delete, execute]\nprotected: []\nuser_data_roots: []\n" > "$1/baseline-linux.yaml"' "$FSJAIL_DATADIR"
fsj -- cat "$HOME/secret"
assert_out_nomatch "$SECRET"
end_test

done_testing
