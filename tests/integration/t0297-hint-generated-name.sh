#!/bin/bash
# A refusal of a name made anew on every run is hinted by its folder, with
# a line saying why (hint13; refusal_hint_generated(), fsjail(1)
# REFUSALS). npm writes ~/.npm/_logs/<timestamp>-debug-0.log on every
# command; the hint named that file, which the next run never uses again,
# so the user went run -> hint -> run for ever. Now the folder is offered
# (read, write, create, delete: the next name is a create), unless it is
# too wide (rule 1: then no grant, and the line says why), and the report's
# hint carries the same with a "note". As root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass FSJAIL_T0297_USER 4
setup
require_landlock
export NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false

begin_test "npm's timestamped log: its folder is offered, saying why; pasted, the next run is not refused"
if ! command -v npm >/dev/null; then
	skip "no npm"
else
	mkdir -p "$HOME/.npm/_logs"
	# without a mount namespace ~/.npm/_logs is refused as before the
	# run's private tool caches (cache13), as where fsjail runs in fsjail
	FSJAIL_NO_MOUNT_MASKS=1 fsj --report "$T/r1" -- npm config get cache
	assert_err_match "create $HOME/\.npm/_logs/[0-9T_-]*Z-debug-0\.log"
	assert_err_match "to allow (it|them): fsjail run --grant read,write,create,delete:$HOME/\.npm/_logs \.\.\. \(this run only\), or fsjail allow add read,write,create,delete $HOME/\.npm/_logs folder \(kept\)"
	assert_err_match "\([0-9T_-]*Z-debug-0\.log is named anew on every run \(a timestamp\): a grant on it would not hold next time, so its folder is offered\)"
	grep -q "debug-0\.log \.\.\." "$ERR" && fail "the log file itself is offered: $(cat "$ERR")"
	hints "$ERR"
	sleep 1
	fsj "${GRANTS[@]}" --report "$T/r2" -- npm config get cache
	assert_rc 0
	[ -s "$T/r2" ] && fail "refused again: $(cat "$T/r2")"
	[ "$(find "$HOME/.npm/_logs" -name '*-debug-0.log' | wc -l)" -ge 1 ] ||
		fail "npm wrote no log with the hint"
	end_test
fi

begin_test "the report's hint: the folder, with a note"
if ! command -v npm >/dev/null; then
	skip "no npm"
else
	python3 - "$T/r1" "$HOME/.npm/_logs" <<'PY' || fail "report: $(cat "$T/r1")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
logs = [r for r in rows if r["path"].endswith("-debug-0.log")]
assert logs, rows
for r in logs:
    h = r["hint"]
    assert h and h["path"] == sys.argv[2] and h["folder"], r
    assert "named anew on every run (a timestamp)" in h["note"], r
PY
	end_test
fi

begin_test "generated names in a folder too wide to offer: no grant, and the line says why"
mkdir -p "$HOME/Documents"
fsj -- sh -c 'echo x >"$HOME/Documents/tmp.Ab3dEf9hIj"; echo y >"$HOME/report-$(date +%Y%m%d).log"'
assert_err_match "no grant offered for create $HOME/Documents/tmp\.Ab3dEf9hIj: tmp\.Ab3dEf9hIj is named anew on every run \(a random suffix\), so a grant on it would not hold next time, and its folder is not offered: a top-level folder of home"
assert_err_match "no grant offered for create $HOME/report-[0-9]*\.log: .* is named anew on every run \(a timestamp\).*its folder is not offered: it holds the home folder"
grep -q "to allow" "$ERR" && fail "a grant is offered: $(grep 'to allow' "$ERR")"
end_test

begin_test "stable names keep their own hint (id_ed25519, python3.12, a 4-digit name)"
mkdir -p "$HOME/keep"
fsj -- sh -c 'for n in notes-2.txt python3.12 4913; do echo x >"$HOME/keep/$n"; done'
for n in notes-2.txt python3.12 4913; do
	assert_err_match "--grant write,create:$HOME/keep/$n "
done
grep -q "named anew" "$ERR" && fail "a stable name is called generated: $(cat "$ERR")"
end_test

end_user_pass
done_testing
