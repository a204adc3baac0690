#!/bin/bash
# State files are hostile input (issue 19 item 3): a FIFO where fsjail
# expects a regular file must never hang it. At the rules file and the
# config file every command refuses with the file's name and "not a
# regular file", and `run` runs nothing; at the audit log `run` refuses
# (nothing run, nothing written into the FIFO) and `fsjail log` says so;
# at the probe cache the cache is ignored. `allow add` does not follow a
# FIFO either. Each command runs under a 20 s hang guard: exit 124 means
# it blocked on the FIFO (the defect of issue 19).
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

# guard CMD...: run_cmd with the hang guard
guard()
{
	run_cmd timeout -k 5 20 "$@"
	[ "$RC" = 124 ] && fail "hung on the FIFO: $*"
	return 0
}

# a run that would leave a marker if it ran
run_marker()
{
	rm -f "$WS/ran"
	guard "$FSJAIL" run --workspace "$WS" -- touch "$WS/ran"
	assert_rc 125
	assert_not_exists "$WS/ran"
}

for f in rules config; do
	case $f in rules) F=$RULES ;; config) F=$CONFIG ;; esac
	begin_test "a FIFO as the $f file: every command refuses at once, naming it"
	rm -f "$F"
	mkfifo "$F"
	run_marker
	assert_err_match "$F: not a regular file"
	for c in "status" "log" "allow list" "backups list" "explain $WS"; do
		# shellcheck disable=SC2086
		guard "$FSJAIL" $c
		assert_rc_not 0
		grep -q "not a regular file" "$OUT" "$ERR" ||
			fail "fsjail $c does not say the $f file is not a regular file"
	done
	guard "$FSJAIL" check -- "rm -rf x"
	assert_rc 125
	rm -f "$F"
	end_test
done

begin_test "a FIFO as the audit log: run refuses, nothing is written into it, log says so"
mkdir -p "$STATE_DIR"
rm -f "$STATE_DIR/audit.ndjson"
mkfifo "$STATE_DIR/audit.ndjson"
run_marker
assert_err_match "audit log .*not a regular file"
guard "$FSJAIL" log
assert_rc 125
assert_err_match "not a regular file"
[ -p "$STATE_DIR/audit.ndjson" ] || fail "the FIFO was replaced"
rm -f "$STATE_DIR/audit.ndjson"
end_test

begin_test "a FIFO as the probe cache (the old file, the workspace's): ignored, the run goes on"
mkdir -p "$STATE_DIR"
rm -rf "$STATE_DIR/probe-cache.json" "$STATE_DIR/probe"
mkfifo "$STATE_DIR/probe-cache.json"
rm -f "$WS/ran"
guard "$FSJAIL" run --workspace "$WS" -- touch "$WS/ran"
assert_exists "$WS/ran"
guard "$FSJAIL" status
rm -f "$STATE_DIR/probe-cache.json"
entry=$(echo "$STATE_DIR"/probe/pk-*.json)
[ -f "$entry" ] || fail "no entry of the workspace under $STATE_DIR/probe: '$entry'"
rm -f "$entry" && mkfifo "$entry"
rm -f "$WS/ran"
guard "$FSJAIL" run --workspace "$WS" -- touch "$WS/ran"
assert_exists "$WS/ran"
guard "$FSJAIL" status
rm -rf "$STATE_DIR/probe"
end_test

begin_test "a FIFO as the rules file: allow add refuses and leaves it"
rm -f "$RULES"
mkfifo "$RULES"
guard "$FSJAIL" allow add read "$WS/x"
assert_rc_not 0
[ -p "$RULES" ] || fail "the FIFO was replaced"
rm -f "$RULES"
end_test

done_testing
