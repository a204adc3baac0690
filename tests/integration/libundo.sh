# shellcheck shell=bash
# libundo.sh - helpers of the backup and undo tests (t0140, t0160,
# t0173, t0185, t0213): a settled git repository, the workspace's cycles,
# a run killed after its deletes, snapshot mode and a restore checked
# against a copy. Sourced after libtest.sh (it uses WS, T, OUT, ERR,
# FSJAIL, STATE_DIR and the assertions there); user_pass copies it with
# the test.

# git_settled DIR: DIR (its files already there) made a git repository,
# everything committed once ("one", no automatic gc), then, past git's
# racy-clean window (2 s), the index written once outside by `git status`:
# a `git status` inside a run then has no reason to write it.
git_settled()
{
	git -C "$1" init -q
	git -C "$1" config gc.auto 0
	git -C "$1" add -A
	git -C "$1" commit -qm one
	sleep 2
	git -C "$1" status --porcelain >/dev/null
}

# cycles: the number of backup cycles of $WS in the store (0 when the list
# is empty or fails).
cycles()
{
	"$FSJAIL" backups list --json --workspace "$WS" 2>/dev/null |
		python3 -c 'import json, sys
t = sys.stdin.read()
print(len(json.loads(t)["cycles"]) if t.strip() else 0)'
}

# killed_after_rm PATH: `fsjail run --workspace $WS` of `rm -rf PATH;
# sleep 60` in a session of its own; once PATH is gone (at most 15 s),
# fsjail is killed with SIGKILL, then whatever is left of its session.
killed_after_rm()
{
	local pid
	setsid "$FSJAIL" run --workspace "$WS" -- bash -c "rm -rf '$1'; sleep 60" \
		>"$OUT" 2>"$ERR" </dev/null &
	pid=$!
	for _ in $(seq 1 300); do
		[ -e "$1" ] || break
		sleep 0.05
	done
	kill -9 "$pid"
	wait "$pid" 2>/dev/null
	pkill -9 -s "$pid" 2>/dev/null
}

# snapshot_mode [LINE...]: the config's backup section is method:
# snapshot, each LINE (e.g. "max_size_mb: 1") one more key of it.
snapshot_mode()
{
	local l
	{
		printf 'backup:\n  method: snapshot\n'
		for l in "$@"; do printf '  %s\n' "$l"; done
	} | write_config
}

# restored_as DIR: `backups restore --workspace $WS` succeeds and leaves
# $WS as DIR (diff -r --no-dereference); else a failure with the diff.
restored_as()
{
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_rc 0
	if ! diff -r --no-dereference "$1" "$WS" >"$T/diff" 2>&1; then
		fail "the workspace differs from $1"
		diag_file diff "$T/diff"
	fi
}
