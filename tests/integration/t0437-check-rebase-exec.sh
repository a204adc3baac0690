#!/bin/bash
# `fsjail check` predicts the listener's refusal of `git rebase --exec`
# (chk31): the todo list with exec lines is refused in any gitdir
# (src/notify-seq.c), so check says refuse, on the todo list's path, with
# the rule (repository-metadata) and the why-note the run names; before,
# rebase -x was opaque code the tier holds and check said allow. The
# same for a merge strategy that is not git's own (-s NAME; cherry-pick
# --strategy=NAME over two commits: sequencer/opts). rebase -i,
# whose editor may add exec lines, asks; a plain rebase is not refused.
# In a git repository with no rules file; as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libcheckrun.sh"

plan_user_pass T0437_USER 4
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
(cd "$WS" && git init -q -b main && echo a >f && git add f && git commit -q -m c1 &&
	for i in 2 3; do git commit -q --allow-empty -m c$i; done) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"
HEAD0=$(git -C "$WS" rev-parse HEAD)
TODO=$WS/.git/rebase-merge/git-rebase-todo

# refused LINE NOTE: check refuses the todo list's create with rule
# repository-metadata and a why-note holding NOTE; the run refuses the
# same path with the same rule, its reason starting with check's note;
# the repository is as it was.
refused()
{
	local line=$1 note=$2 said
	check_run_pair "$line" create "$TODO" refused
	said=$(json "$T/check.json" "[(e['rule'] or {}).get('id', '') + '|' + e.get('reason', '') for e in d['effects'] if e['path'] == '$TODO'][0]")
	case $said in
	"repository-metadata|"*"$note"*) ;;
	*) fail "'$line': check's rule and note: $said" ;;
	esac
	[ "$(json "$T/check.json" "d['overall']")" = refuse ] || fail "'$line': check does not say refuse"
	printf '%s\n' "$REFUSAL" >"$T/refusal.json"
	[ -n "$REFUSAL" ] && [ "$(json "$T/refusal.json" "d['rule_id']")" != repository-metadata ] &&
		fail "'$line': the run's refusal is not by repository-metadata: $REFUSAL"
	[ -n "$REFUSAL" ] && [ "$(json "$T/refusal.json" "d['reason'].startswith('''${said#*|}''')")" != True ] &&
		fail "'$line': the run's reason does not start with check's note: $REFUSAL"
	assert_not_exists "$WS/.git/rebase-merge"
	[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || fail "'$line': HEAD moved"
}

begin_test "git rebase --exec/-x: check refuses the todo list by repository-metadata, as run does"
refused "git rebase --exec 'make test' HEAD~2" "an exec line in a rebase todo list"
refused "git rebase -x true HEAD~2" "an exec line in a rebase todo list"
end_test

begin_test "git rebase -s NAME not git's own: check refuses the todo list, as run does"
refused "git rebase -f -s foo HEAD~1" "merge strategy that is not git's own"
end_test

begin_test "git cherry-pick --strategy=NAME of two commits: check refuses sequencer/opts, as run does"
git -C "$WS" checkout -q -b side HEAD~2 || bail_out "cannot make a branch"
check_run_pair "git cherry-pick --strategy=foo main~1 main" create "$WS/.git/sequencer/opts" refused
[ -n "$REFUSAL" ] && printf '%s\n' "$REFUSAL" >"$T/refusal.json" &&
	[ "$(json "$T/refusal.json" "d['rule_id']")" != repository-metadata ] &&
	fail "the run's refusal is not by repository-metadata: $REFUSAL"
(cd "$WS" && git cherry-pick --abort; git reset -q --hard; git checkout -q main) >/dev/null 2>&1
end_test

begin_test "git rebase -i asks (the editor may add exec lines); a plain rebase is not refused"
"$FSJAIL" check --json --workspace "$WS" -- "git rebase -i HEAD~2" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = prompt ] || fail "rebase -i: check does not ask"
"$FSJAIL" check --json --workspace "$WS" -- "git rebase -f HEAD~1" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = refuse ] && fail "a plain rebase: check refuses"
"$FSJAIL" check --json --workspace "$WS" -- "git rebase --continue" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = refuse ] && fail "rebase --continue: check refuses"
end_test

end_user_pass
done_testing
