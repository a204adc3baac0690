#!/bin/bash
# git worktree add in a repository with a config.worktree (sparse checkout,
# extensions.worktreeConfig) copies that file into the new worktree's gitdir
# with open(O_CREAT|O_EXCL) and write(). In a gitdir the run made, the
# listener hands such an open a read-only descriptor of an empty file, so
# git's write failed ("copy-fd: write returned: Bad file descriptor") and the
# new worktree was not sparse, while fsjail said nothing: the refusal is
# noted at the open and said at the end only if the name still holds that
# empty file, and the HEAD git writes afterwards (the step that makes the
# folder a gitdir) had the supervisor land its own copy of the checked
# bytes there, a new file, so the note was dropped (user28). Now the
# refusal is said, in the summary and in --report, with the rule and EBADF.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0582_USER 2
setup
require_landlock
git_env
cd "$WS" && git init -q -b main && mkdir d1 d2 && echo 1 >d1/f && echo 2 >d2/f &&
	git add -A && git commit -qm base && git sparse-checkout set d1 >/dev/null 2>&1 &&
	[ -f .git/config.worktree ] || bail_out "cannot make a sparse repository in $WS"

begin_test "the write git's worktree add got EBADF for is said with the rule"
fsj --report "$T/R" -- git worktree add -q -b b2 wt2
assert_err_match 'Bad file descriptor'
assert_err_match "^  write $WS/\.git/worktrees/wt2/config\.worktree: protected rule 'repository-metadata'"
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1])]
print(sorted({(l["capability"], l["path"], l["rule_id"], l["errno"]) for l in ls}))' "$T/R" 2>&1)
[ "$got" = "[('write', '$WS/.git/worktrees/wt2/config.worktree', 'repository-metadata', 'EBADF')]" ] ||
	{ fail "report: $got"; diag_file "report" "$T/R"; }
end_test

begin_test "a repository without config.worktree: worktree add says nothing"
fsj --report "$T/R2" -- bash -c 'git init -q -b main n && git -C n commit -q --allow-empty -m x &&
	git -C n worktree add -q ../wt3 && echo end'
assert_rc 0
assert_out_match '^end$'
! grep -q '"fsjail-refusal/' "$T/R2" || { fail "refusals reported"; diag_file "report" "$T/R2"; }
end_test

end_user_pass
done_testing
