#!/bin/bash
# A workspace inside a repository whose .git it cannot read (msg29): `cd
# repo/pkg; fsjail run --workspace . -- git status` failed with git's "not
# a git repository" and fsjail said nothing (the refused read of ../.git
# is Landlock's, unseen). Now a note at the start names the work tree and
# the two ways on (run from its top, or --grant read: on its .git) — once,
# escaped, on stderr, not with --quiet; none when the workspace is the
# top of the work tree, outside any work tree, or its .git is granted.
# As root and as an ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0427_USER 4
setup
require_landlock
command -v git >/dev/null || skip_all "no git"
NAME=$(printf 'repo\033[31mx')
R="$HOME/$NAME"
mkdir -p "$R/pkg"
git -C "$R" init -q . || bail_out "git init failed"
echo x >"$R/pkg/f"

# in_pkg [RUN-OPTIONS]: fsjail run --workspace . RUN-OPTIONS -- git status
# from $R/pkg
in_pkg()
{
	(cd "$R/pkg" && "$FSJAIL" run --workspace . "$@" -- git status) >"$OUT" 2>"$ERR"
	RC=$?
}

begin_test "workspace in a work tree whose .git is refused: one escaped note naming it and the ways on"
in_pkg
assert_failed
assert_err_match "not a git repository"
assert_err_match "^fsjail: note: the workspace [^ ]*/repo.*x/pkg is inside the git work tree [^ ]*/repo.*x, whose \.git the command may not read \(read refused: [^)]*\), so git there says \"not a git repository\": run fsjail from the top of the work tree, or fsjail run --grant read:.*/\.git'? \.\.\. lets it read the repository\$"
[ "$(grep -c 'inside the git work tree' "$ERR")" = 1 ] || fail "not once: $(cat "$ERR")"
grep -q "$(printf '\033')" "$ERR" && fail "a raw escape byte on stderr: $(cat -v "$ERR")"
# the note comes before git's own line
n=$(grep -n 'inside the git work tree' "$ERR" | cut -d: -f1)
g=$(grep -n 'not a git repository' "$ERR" | grep -v 'fsjail: note' | cut -d: -f1)
[ -n "$n" ] && [ -n "$g" ] && [ "$n" -lt "$g" ] || fail "note at line '$n', git's at '$g'"
end_test

begin_test "--quiet: no note"
in_pkg --quiet
assert_failed
grep -q 'inside the git work tree' "$ERR" && fail "--quiet printed the note: $(cat -v "$ERR")"
end_test

begin_test "the ways on: --grant read: on .git, or the top of the work tree; no note either way"
in_pkg --grant "read:$R/.git"
assert_rc 0
grep -q 'inside the git work tree' "$ERR" && fail "granted, still the note: $(cat -v "$ERR")"
(cd "$R" && "$FSJAIL" run -- git status) >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
grep -q 'inside the git work tree' "$ERR" && fail "top of the work tree, a note: $(cat -v "$ERR")"
end_test

begin_test "a workspace in no work tree: no note"
fsj -- sh -c 'exit 0'
assert_rc 0
grep -q 'inside the git work tree' "$ERR" && fail "a note outside any work tree: $(cat -v "$ERR")"
end_test

end_user_pass
done_testing
