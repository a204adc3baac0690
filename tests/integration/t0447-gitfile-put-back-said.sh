#!/bin/bash
# A linked worktree's .git file the run rewrote was put back without a
# word (undo33 item 3). The start-of-run scan protects the file (it names
# the gitdir, so the config and hooks, git uses); `rm .git` is allowed and
# a create at the name is done by the supervisor with the start-of-run
# bytes (notify-gitfile.c), the command's bytes going to a memory file
# that is dropped. `rm .git; echo "gitdir: ELSEWHERE" >.git` so exited 0,
# the pointer was the old one, and nothing said so. Now the run's summary
# (and --report) names the write, what the command wrote, that it was put
# back and the rule that keeps it; git writing the same pointer again is
# not said. As root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0447_USER 3
setup
require_landlock
git_env

# a repository outside the workspace, the workspace its linked worktree
rm -rf "$WS"
mkdir -p "$T/elsewhere"
git init -q -b main "$HOME/repo" && git -C "$HOME/repo" commit -q --allow-empty -m i ||
	bail_out "no repository"
git -C "$HOME/repo" worktree add -q "$WS" -b wt >/dev/null 2>&1 || bail_out "no linked worktree"
cd "$WS" || bail_out "no workspace"
cp .git "$T/gitfile.before"

begin_test "rm .git, then a .git naming another gitdir: put back, and the summary says so"
fsj_sh -- 'rm -f .git && echo "gitdir: $1" >.git' "$T/elsewhere"
assert_rc 0
cmp -s .git "$T/gitfile.before" || fail ".git was not put back: $(cat .git)"
assert_err_match "^  write $WS/\.git: protected rule 'repository-metadata'.*the command wrote 'gitdir: $T/elsewhere': dropped, the \.git file of the start of the run put back"
assert_err_match "why: git runs what a repository's config and hooks name"
end_test

begin_test "the same with --report FILE: a refused record of the write, with the reason"
fsj_sh --report "$T/report" -- 'rm -f .git && echo "gitdir: $1" >.git' "$T/elsewhere"
assert_rc 0
python3 -c 'import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
r = [x for x in recs if x.get("path") == sys.argv[2] + "/.git" and x.get("capability") == "write"]
assert r, recs
assert "put back" in r[0].get("reason", ""), r[0]' "$T/report" "$WS" 2>"$T/py" ||
	{ fail "no record of the put-back write"; diag_file py "$T/py"; }
end_test

begin_test "git writing the same pointer again (rm, then the same bytes) is not said"
fsj_sh -- 'rm -f .git && printf "%s\n" "$1" >.git' "$(cat "$T/gitfile.before")"
assert_rc 0
cmp -s .git "$T/gitfile.before" || fail ".git changed: $(cat .git)"
grep -q '\.git' "$ERR" && fail "said: $(cat "$ERR")"
end_test

end_user_pass
done_testing
