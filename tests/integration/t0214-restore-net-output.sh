#!/bin/bash
# `fsjail backups restore` says each path once, with its net effect
# (issue 14 item 3; src/restore-text.c): an atomic save over a file that
# existed is "restored ... (the run's version moved to the trash)", not
# "moved to the trash (made by the run)"; .git/HEAD, saved several times,
# is one line; a branch ref git updated through its .lock is not "moved
# back ... to ....lock". --json keeps every action; --dry-run has the
# same shape (one line per path).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env

(
	set -e
	cd "$WS"
	git init -q -b main .
	echo a >a
	echo '{}' >data.json
	git add a data.json
	git commit -qm a
	git branch feature
) >/dev/null 2>&1 || bail_out "cannot make the repository"
# shellcheck disable=SC2016
fsj_sh -- 'echo "{\"x\":1}" >data.json.tmp && mv data.json.tmp data.json
	git checkout -q feature && echo b >>a && git commit -qam b && git checkout -q main &&
	git checkout -q feature'
assert_rc 0

# paths_once FILE: no path is named on two lines of FILE.
paths_once()
{
	local dup
	dup=$(grep -o "$WS/[^ ]*" "$1" | sort | uniq -d)
	[ -z "$dup" ] || fail "named more than once: $dup; output: $(cat "$1")"
}

begin_test "--dry-run: one line per path"
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run
assert_rc 0
paths_once "$OUT"
end_test

begin_test "--json: every action, HEAD among them more than once"
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run --json
assert_rc 0
python3 - "$OUT" "$WS" <<'EOF' || fail "--json lost actions: $(cat "$OUT")"
import json, sys
a = json.load(open(sys.argv[1]))["actions"]
head = [x for x in a if x["path"] == sys.argv[2] + "/.git/HEAD"]
sys.exit(0 if len(head) >= 2 else 1)
EOF
end_test

begin_test "restore: each path once; data.json restored with the run's version trashed; no move to a .lock"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
paths_once "$OUT"
assert_out_match "^(restored|recreated) $WS/data.json from cycle [^ ]+ \(the run's version moved to the trash\)$"
assert_out_nomatch "made by the run\) $WS/data.json"
assert_out_nomatch '^moved back .*\.lock$'
assert_out_match "^(restored|recreated) $WS/.git/HEAD from cycle"
assert_content "$WS/data.json" '{}'
[ "$(git -C "$WS" rev-parse --abbrev-ref HEAD)" = main ] || fail "HEAD is not back on main"
end_test

done_testing
