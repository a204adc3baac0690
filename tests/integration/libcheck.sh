# shellcheck shell=bash
# libcheck.sh - the start of the tests that ask `fsjail check` about lines
# in a git workspace (t0611, t0630-t0637). Sourced after libtest.sh; the
# test calls `plan` first.

# check_repo_setup: the test's folders, Landlock required, git's test
# environment with no GIT_DIR or GIT_WORK_TREE of the caller's.
check_repo_setup()
{
	setup
	require_landlock
	command -v git >/dev/null || bail_out "git is needed"
	git_env
	unset GIT_DIR GIT_WORK_TREE
}

# said LINE [FOLDER]: check's overall answer for LINE asked in $WS/FOLDER
# (default $WS) of the workspace $WS; its JSON stays in $T/check.json.
said()
{
	(cd "$WS/${2:-}" && "$FSJAIL" check --json --workspace "$WS" -- "$1") >"$T/check.json" 2>"$ERR"
	json "$T/check.json" "d['overall']"
}

# check_not_allowed LINE...: check refuses or asks each LINE in $WS
# (status 3 or 4), else the test fails.
check_not_allowed()
{
	local l
	for l; do
		run_cmd "$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$l"
		[ "$RC" = 3 ] || [ "$RC" = 4 ] || fail "check allowed '$l' (status $RC): $(head -c 600 "$OUT")"
	done
}

# check_allowed LINE...: check allows each LINE in $WS (status 0), else
# the test fails.
check_allowed()
{
	local l
	for l; do
		run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
		[ "$RC" = 0 ] || fail "check did not allow '$l' (status $RC): $(head -c 600 "$OUT")"
	done
}

# check_deny_rules: the rules file of the tests with denies: read of .env
# and delete in docs refused.
check_deny_rules()
{
	write_rules <<'R'
rules:
  - path: .env
    deny: [read]
  - path: docs
    deny: [delete]
R
}
