#!/bin/bash
# A merge strategy is run as a program: git's sequencer runs a strategy
# that is not built in as "git merge-NAME", and a NAME with a '/' as the
# path git-merge-NAME from the work tree's top (att13). A command that
# left .git/sequencer/opts with `strategy = x/../prog`, or
# .git/rebase-merge/strategy holding x/../prog, next to a folder
# git-merge-x and a program prog in the work tree, had it run by the
# host's `git cherry-pick --continue` or `git rebase --continue`, as the
# todo list's exec lines were (t0216). The listener (notify-newrepo.c)
# lands these only with git's own strategies; git's own -s ort works.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_STRATEGY_USER_PASS 3
setup
require_landlock
git_env

M=$T/m
mkdir -p "$M"
(cd "$WS" && git init -q -b main && echo 1 >f && git add f && git commit -q -m c1 &&
	git checkout -q -b side && echo s >f && git commit -q -am s1 && echo t >g &&
	git add g && git commit -q -m s2 && git checkout -q main && echo m >f &&
	git commit -q -am m1) >/dev/null 2>&1 || bail_out "cannot make the workspace repository"
S=$(cd "$WS" && git rev-parse side)

# plant_prog: the program a strategy x/../prog runs, with git-merge-x.
plant_prog='mkdir -p git-merge-x && printf "#!/bin/sh\ntouch %s\n" "$1/$2" >prog && chmod +x prog'

begin_test "git's own strategies work inside the run (rebase -s ort, cherry-pick --strategy)"
# shellcheck disable=SC2016
fsj_sh -- 'git checkout -q side && git rebase -q -s ort main >/dev/null 2>&1
	cat .git/rebase-merge/strategy && echo r >f && git add f &&
	GIT_EDITOR=true git rebase --continue >/dev/null 2>&1 && echo rebase-ok
	git checkout -q main && git cherry-pick --strategy=ort $1~1 $1 >/dev/null 2>&1
	grep -q "strategy = ort" .git/sequencer/opts && echo opts-ok && echo r2 >f && git add f &&
	GIT_EDITOR=true git cherry-pick --continue >/dev/null 2>&1 && echo pick-ok' "$S"
assert_rc 0
assert_out_match "^ort$"
assert_out_match "^rebase-ok$"
assert_out_match "^opts-ok$"
assert_out_match "^pick-ok$"
end_test

begin_test "sequencer options naming a strategy program never land"
# shellcheck disable=SC2016
fsj_sh -- "$plant_prog"'
	q=.git/sequencer; mkdir -p $q && git rev-parse HEAD >$q/head
	printf "pick %s\npick %s\n" $3 $3 >$q/todo.lock && mv $q/todo.lock $q/todo
	printf "[options]\n\tstrategy = x/../prog\n" >$q/opts
	printf "[options]\n\tstrategy = x/../prog\n" >$q/opts.lock && mv $q/opts.lock $q/opts
	printf "[options] STRATEGY=x/../prog\n" >$q/opts.lock && mv $q/opts.lock $q/opts
	exit 0' "$M" a "$S"
assert_err_match "sequencer options.*(git's own|not git's own)"
assert_not_exists "$WS/.git/sequencer/opts"
(cd "$WS" && git cherry-pick --continue) >/dev/null 2>&1 </dev/null
assert_not_exists "$M/a"
(cd "$WS" && git cherry-pick --abort; rm -rf .git/sequencer) >/dev/null 2>&1
end_test

begin_test "a rebase strategy file naming a program never reaches the host's --continue"
# shellcheck disable=SC2016
fsj_sh -- "$plant_prog"'
	q=.git/rebase-merge; mkdir -p $q && git rev-parse HEAD >$q/onto
	git rev-parse HEAD >$q/orig-head && echo refs/heads/main >$q/head-name
	: >$q/interactive && echo x/../prog >$q/strategy
	printf "pick %s\npick %s\n" $3 $3 >$q/t.lock && mv $q/t.lock $q/git-rebase-todo
	exit 0' "$M" b "$S"
assert_err_match "rebase strategy file names a merge strategy that is not git's own"
assert_not_exists "$WS/.git/rebase-merge/git-rebase-todo"
(cd "$WS" && git rebase --continue) >/dev/null 2>&1 </dev/null
assert_not_exists "$M/b"
# a rebase stopped on the host: its strategy file is not written any more
(cd "$WS" && rm -rf .git/rebase-merge && git checkout -q side &&
	GIT_SEQUENCE_EDITOR='sed -i s/^pick/edit/' git rebase -q -i HEAD~1) >/dev/null 2>&1
[ -f "$WS/.git/rebase-merge/git-rebase-todo" ] || bail_out "the rebase did not stop"
fsj_sh -- "$plant_prog"'; echo x/../prog >.git/rebase-merge/strategy; exit 0' "$M" c
assert_err_match "rebase strategy file is written only before the todo list"
assert_not_exists "$WS/.git/rebase-merge/strategy"
(cd "$WS" && git rebase --continue) >/dev/null 2>&1 </dev/null
assert_not_exists "$M/c"
(cd "$WS" && git rebase --abort; git checkout -q main) >/dev/null 2>&1
end_test

end_user_pass
done_testing
