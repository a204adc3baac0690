#!/bin/bash
# A refusal hint never offers a grant that covers a protected path (issue
# 12 item 4, sec12). `git gc` in a linked worktree whose main repository
# lies outside the workspace was offered "--grant create,delete:<main>/.git";
# followed, it covered the worktree's gitdir and commondir files, so fsjail
# dropped git's grants ("could have forged it") and git failed, and it
# reached hooks/ and config. Refusals in two folders of ~/.config were
# offered ~/.config, which holds git's global config and fish's start-up
# files. Every hint printed here is followed: git fsck stays clean, git
# works in the worktree, and the protected files stay refused. As root and
# as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass FSJAIL_T0266_USER 4
setup
require_landlock
git_env
startup_files

MAIN=$HOME/main
WT=$WS/wt
(
	set -e
	git init -q -b main "$MAIN" && cd "$MAIN" && echo a >a && git add a && git commit -qm a
	git worktree add -q "$WT" -b side
	cd "$WT" && echo b >b && git add b && git commit -qm b
) >/dev/null 2>&1 || bail_out "cannot make the repository and its linked worktree"
GITDIR=$MAIN/.git/worktrees/wt

# no_grant_over PATH...: no grant of GRANTS lies at or over any PATH.
no_grant_over()
{
	local i p s
	for ((i = 1; i < ${#GRANTS[@]}; i += 2)); do
		p=${GRANTS[i]#*:}
		for s in "$@"; do
			case $s/ in "$p"/*) fail "hint ${GRANTS[i]} covers the protected $s" ;; esac
		done
	done
}

begin_test "git gc in a linked worktree: no hint covers <main>/.git, its hooks, config or the worktree's gitdir files"
cd "$WT" || bail_out "no worktree"
fsj --report "$T/r1" -- git gc -q
cp "$ERR" "$T/gc.err"
assert_err_match "refusals? in this run"
hints "$T/gc.err"
no_grant_over "$MAIN/.git/hooks/pre-commit" "$MAIN/.git/config" "$GITDIR/gitdir" \
	"$GITDIR/commondir" "$GITDIR" "$MAIN/.git/worktrees"
grep -q -- "--grant [a-z,]*:$MAIN/.git " "$T/gc.err" && fail "the hint grants <main>/.git"
assert_err_match "no grant offered for delete $MAIN/\.git/worktrees: .*git-linked-worktree"
end_test

begin_test "following every hint: git fsck clean, git works, the protected files stay refused"
hints "$T/gc.err"
fsj "${GRANTS[@]}" -- git gc -q
grep -q "could have forged" "$ERR" && fail "the hint made fsjail distrust the worktree"
fsj "${GRANTS[@]}" -- git status --short
assert_rc 0
grep -q "not a git repository" "$ERR" && fail "git fails in the worktree after the hint"
snapshot "$MAIN/.git/config"
fsj "${GRANTS[@]}" -- sh -c 'printf "#!/bin/sh\ntouch /tmp/planted-t0266\n" >"$1/.git/hooks/post-checkout"
	printf "[core]\n\tfsmonitor = touch /tmp/planted-t0266\n" >>"$1/.git/config"
	echo forged >"$2/commondir"; exit 0' sh "$MAIN" "$GITDIR"
assert_not_exists "$MAIN/.git/hooks/post-checkout"
assert_unchanged "$MAIN/.git/config"
[ "$(cat "$GITDIR/commondir")" = ../.. ] || fail "the worktree's commondir was changed"
(cd "$MAIN" && git fsck --no-progress >"$T/fsck1" 2>&1) || fail "git fsck in main: $(cat "$T/fsck1")"
(cd "$WT" && git fsck --no-progress >"$T/fsck2" 2>&1 && git status --short >/dev/null) ||
	fail "git fsck in the worktree: $(cat "$T/fsck2")"
end_test

begin_test "refusals in two folders of ~/.config: no hint covers ~/.config (git's global config, fish)"
mkdir -p "$HOME/.config/tool-a" "$HOME/.config/tool-b"
cd "$WS" || bail_out "no workspace"
fsj -- sh -c 'touch "$HOME/.config/tool-a/x" "$HOME/.config/tool-b/y"; exit 0'
cp "$ERR" "$T/cfg.err"
assert_err_match "create $HOME/\.config/tool-a/x: "
hints "$T/cfg.err"
[ "${#GRANTS[@]}" -gt 0 ] || fail "no hint at all: $(cat "$T/cfg.err")"
no_grant_over "$HOME/.config/git" "$HOME/.config/fish" "$HOME/.gitconfig" "$HOME/.bashrc"
end_test

begin_test "following those hints: the command works, ~/.config/git and ~/.bashrc stay refused"
hints "$T/cfg.err"
snapshot "$HOME/.bashrc"
fsj "${GRANTS[@]}" -- sh -c 'touch "$HOME/.config/tool-a/x" "$HOME/.config/tool-b/y"'
assert_rc 0
grep -q "refusal" "$ERR" && fail "refused again after the hint: $(cat "$ERR")"
fsj "${GRANTS[@]}" -- sh -c 'echo "touch /tmp/planted-t0266" >>"$HOME/.bashrc";
	echo "[alias]" >"$HOME/.config/git/config"; exit 0'
assert_unchanged "$HOME/.bashrc"
assert_not_exists "$HOME/.config/git/config"
end_test

end_user_pass
done_testing
