#!/bin/bash
# `fsjail check` predicts what `run` does (issue 12 item 7): for each
# one-liner of the table below, check's overall verdict is compared with
# the run's refusals (the summary "N refusal(s) in this run"). check asks
# the listener's repository rules through the decision explain uses
# (fsjail_explain_decide(), src/repoexplain.c), so a .git file made by
# `git worktree add` in a folder the command did not make, a hook, info/
# or config of a repository outside the workspace, and a HEAD planted in
# an existing folder of the workspace are refused by both; the same in
# folders the command makes itself (git init, clone, worktree add under a
# granted folder) are allowed by both. Passes as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env

X=$T/out-ws
{
	mkdir -p "$X" &&
	git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init &&
	git init -q "$X/r" && git -C "$X/r" commit -q --allow-empty -m one &&
	mkdir -p "$X/plain" "$X/wt-z" "$WS/sub" && echo keep >"$X/plain/config"
} || bail_out "cannot make the repositories"
G="read,write,create,delete"

# row EXPECT GRANT LINE: check's overall verdict on LINE with --grant GRANT
# (empty: none) is EXPECT (allow or refuse), and a run of LINE refuses
# something exactly when check says refuse.
row()
{
	local want=$1 grant=$2 line=$3 said did gopt=()
	[ -n "$grant" ] && gopt=(--grant "$grant")
	"$FSJAIL" check --json --workspace "$WS" "${gopt[@]}" -- "$line" >"$T/check.json" 2>"$ERR"
	said=$(json "$T/check.json" "d['overall']")
	fsj "${gopt[@]}" -- bash -c "$line"
	if grep -q "refusals\? in this run" "$ERR"; then did=refuse; else did=allow; fi
	if [ "$said" != "$did" ]; then
		fail "'$line' (grant '$grant'): check says $said, the run did $did (rc $RC)"
		diag_file "check" "$T/check.json"
		diag_last
	fi
	[ "$said" = "$want" ] || fail "'$line' (grant '$grant'): check says $said, want $want"
}

begin_test "git worktree add: a folder granted but not made by the command is refused by both"
row refuse "$G:$X/wt-z" "git worktree add -q $X/wt-z"
row allow "$G:$X" "git worktree add -q $X/wts/x -b b1"
row allow "" "git worktree add -q wt-in -b b2"
end_test

begin_test "git init, clone into new folders: allowed by both; a HEAD in a folder of the workspace, init again outside: refused"
row allow "$G:$X" "git init -q $X/new"
row allow "$G:$X" "git clone -q $WS $X/cl"
row refuse "" "git init -q --bare sub"
row allow "" "git init -q --bare sub2"
row allow "" "mkdir sub3 && git init -q --bare sub3"
row refuse "" "mkdir sub4 && echo 'ref: refs/heads/x' >sub4/HEAD"
row refuse "$G:$X" "git -C $X/r init -q"
end_test

begin_test "metadata of a repository outside the workspace: refused by both; a plain folder: allowed"
row refuse "$G:$X" "git -C $X/r config core.hooksPath /nowhere"
row refuse "$G:$X" "echo x >$X/r/.git/hooks/pre-commit"
row refuse "$G:$X" "echo '*.c' >>$X/r/.git/info/exclude"
row allow "$G:$X" "echo more >>$X/plain/config"
row allow "$G:$X" "echo x >$X/r/notes.txt"
# a grant on a folder absent at start is not in force for read; a read
# there meets ENOENT only, and is not refused
row allow "$G:$X/absent" "cat $X/absent/x 2>/dev/null; true"
end_test

done_testing
