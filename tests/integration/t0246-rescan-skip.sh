#!/bin/bash
# The walk after the run (the note "the command made git repositories") is
# skipped when the listener saw no call that could change where a
# repository is (issue 18: cmd_run.c repos_unchanged(), notify-repo.c
# nj_shape_note()). Each way below completes a gitdir's shape in a folder
# without git init, and the note must still name it; git status and a plain
# file write must make no note. (t0081 covers git init, a moved folder and
# the workspace top; a HEAD or commondir made outside a gitdir is refused
# or belongs to a repository seen before, t0093.)
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"

# folders with HEAD (made outside: the listener refuses a HEAD outside a
# gitdir) and part of the rest of a gitdir's shape; a real repository
mkdir -p "$WS/half/objects"
echo 'ref: refs/heads/main' >"$WS/half/HEAD"
mkdir -p "$WS/lnk/refs/heads"
echo 'ref: refs/heads/main' >"$WS/lnk/HEAD"
git init -q "$WS/real"
git init -q --bare "$HOME/elsewhere-repository.git"
mkdir -p "$WS/plain"
echo "gitdir: $WS/real/.git" >"$WS/plain/.git"
sleep 3

begin_test "mkdir refs in a folder holding HEAD and objects: named"
fsj -- mkdir "$WS/half/refs"
assert_rc 0
assert_err_match "^  $WS/half\$"
end_test

# No symbolic link is made in a gitdir (t0590): the link is refused now,
# so there is no repository to name.
begin_test "objects made as a symbolic link beside HEAD and refs/: refused"
fsj -- ln -s ../real/.git/objects "$WS/lnk/objects"
assert_rc 1
assert_err_match "create $WS/lnk/objects: protected rule 'repository-metadata'"
[ ! -L "$WS/lnk/objects" ] || fail "the link was made"
end_test

begin_test "a .git file rewritten through an inherited descriptor: named"
fsj_sh -- 'printf "gitdir: %s\n" "$2" >&3' "$WS" "$HOME/elsewhere-repository.git" 3<>"$WS/plain/.git"
assert_rc 0
assert_err_match "elsewhere-repository\.git"
end_test

begin_test "git status and a plain write: no note"
fsj_sh -- 'cd "$1/real" && git status --porcelain >/dev/null && echo x >"$1/real/file"' "$WS"
assert_rc 0
assert_out_nomatch "made git repositories"
[ -s "$ERR" ] && grep -q "made git repositories" "$ERR" && fail "a note without a new repository"
end_test

begin_test "the same with backups off (nothing skipped, still no note)"
write_config <<EOF2
backup:
  enabled: false
EOF2
fsj_sh -- 'cd "$1/real" && git status --porcelain >/dev/null' "$WS"
assert_rc 0
grep -q "made git repositories" "$ERR" && fail "a note without a new repository"
end_test

done_testing
