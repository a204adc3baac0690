#!/bin/bash
# A folder the workspace walk cannot read (mode 000, the user's own) may
# hold a git repository that exists at the start (src/repometa-walk.c):
#   - unreadable at the start: protected whole ("repository-unsearched"),
#     so the run cannot chmod it open and plant a hook in the repository's
#     core.hooksPath folder or in .git with the listener off;
#   - unreadable when a run recorded the walk (scan/ record), made readable
#     afterwards (chmod changes only that folder's ctime, not its parent's):
#     the record that stands in for the parent must not leave it out.
# Before, the first case planted both hooks and changed .git/config, and
# the second did the same on the run after the record. Only an ordinary
# user meets an unreadable folder: as root the cases run as
# FSJAIL_TEST_USER (default cloudsdk) from a copy of this script.
. "$(dirname "$0")/libtest.sh"
SELF_DIR=$TEST_DIR
SELF=$(basename "$0")

USER_PASS=${FSJ_UNREAD_USER_PASS:-0}
TEST_USER=${FSJAIL_TEST_USER:-cloudsdk}
if is_root; then plan 1; else plan 2; fi
setup
require_landlock
git_env

if is_root; then
	user_pass "$SELF_DIR" "$SELF" FSJ_UNREAD_USER_PASS "$TEST_USER"
	done_testing
fi

# repo DIR: a repository whose core.hooksPath is .githooks in its work tree.
repo()
{
	(git init -q "$1" && mkdir "$1/.githooks" && git -C "$1" config core.hooksPath .githooks) \
		>/dev/null 2>&1 || bail_out "cannot make repository $1"
}

# plant REPO: with $WS/P unreadable, a run (listener on, then off) tries
# to open it up, plant both hooks and change the config; none may happen.
plant()
{
	local r=$1 cfg nn
	chmod 755 "$WS/P"
	cfg=$(cat "$r/.git/config")
	chmod 000 "$WS/P"
	for nn in "" 1; do
		FSJAIL_NO_NOTIFY=$nn fsj_sh -- 'chmod 755 P P/r 2>/dev/null
			echo x >"$1/.githooks/pre-commit"; echo x >"$1/.git/hooks/pre-commit"
			echo "[alias] x = !true" >>"$1/.git/config"; chmod 000 P 2>/dev/null; true' "$r"
		chmod 755 "$WS/P"
		assert_not_exists "$r/.githooks/pre-commit"
		assert_not_exists "$r/.git/hooks/pre-commit"
		[ "$(cat "$r/.git/config")" = "$cfg" ] || fail "the config of $r changed (NO_NOTIFY=$nn)"
		rm -f "$r/.githooks/pre-commit" "$r/.git/hooks/pre-commit"
		printf '%s\n' "$cfg" >"$r/.git/config"
		chmod 000 "$WS/P"
	done
	chmod 755 "$WS/P"
}

git -C "$WS" init -q || bail_out "no git"
mkdir -p "$WS/P"
repo "$WS/P/r"

begin_test "a folder unreadable at the start is protected whole"
plant "$WS/P/r"
end_test

begin_test "unreadable when the walk was recorded, readable now: searched"
rm -rf "$STATE_DIR/scan"
chmod 000 "$WS/P"
fsj -- true
sleep 3 # past the record's racy margin (2 s): the next record stands in
fsj -- true
chmod 755 "$WS/P"
[ -n "$(ls "$STATE_DIR/scan" 2>/dev/null)" ] && diag "a record was kept"
FSJAIL_NO_NOTIFY=1 fsj_sh -- 'echo x >P/r/.githooks/pre-commit; echo x >P/r/.git/hooks/pre-commit
	echo "[alias] x = !true" >>P/r/.git/config; true'
assert_not_exists "$WS/P/r/.githooks/pre-commit"
assert_not_exists "$WS/P/r/.git/hooks/pre-commit"
grep -q alias "$WS/P/r/.git/config" && fail "the config of P/r changed"
end_test

done_testing
