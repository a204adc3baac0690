#!/bin/bash
# The walk of the workspace for nested git repositories keeps its record
# in fsjail's state folder (scan/, src/repometa-cache.c) and reads again
# only folders whose (device, inode, mtime, ctime) changed (issue 12 item
# 1). The record may cost time, never protection: a repository that
# appears between two runs is protected on the second run (its hooks and
# config refused), however it appears:
#   - a prepared tree with old mtimes moved in, the parent's mtime set back;
#   - made deep, or in a folder recorded empty, every folder's mtime set
#     back with touch -d;
#   - a folder renamed into the workspace from outside it;
#   - (root) bind-mounted over a folder that did not change;
# and a cache that is not fsjail's own (a FIFO, a symlink, cut short,
# group-writable, another owner) is ignored: the run neither hangs nor
# skips anything, and the cache is written anew. Every folder is aged past
# the racy-clean margin (2 s) before the run that records it, so that the
# record would really stand in for it. As root, then as the ordinary user
# FSJAIL_TEST_USER (default cloudsdk).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_SCAN_USER_PASS 6
setup
require_landlock
git_env

OLD=$(date -d '2020-01-02 03:04:05' +%s)
mkdir -p "$WS/a/b" "$WS/x/y/z" "$WS/m/empty" "$WS/h" "$T/outside" ||
	bail_out "cannot make the tree"
for i in 1 2 3; do mkdir -p "$WS/a/b/d$i" "$WS/x/y/z/e$i"; done
git -C "$WS" init -q || bail_out "no git"

# cache_file: the workspace's record in the state folder (one file).
cache_file()
{
	local f
	for f in "$STATE_DIR"/scan/ws-*; do
		[ -e "$f" ] || [ -L "$f" ] && echo "$f"
	done
}

# mtime_of DIR: its mtime as seconds.nanoseconds, for touch -d @...
mtime_of()
{
	stat -c %.9Y "$1"
}

# new_repo DIR: a repository at DIR with a commit, its core.hooksPath the
# folder .githooks of its work tree, made outside fsjail.
new_repo()
{
	(git init -q "$1" && cd "$1" && echo a >a && git add a && git commit -qm a &&
		mkdir .githooks && git config core.hooksPath .githooks) \
		>/dev/null 2>&1 || bail_out "cannot make repository $1"
}

# assert_protected REPO: a run cannot plant a hook (in .githooks, which
# only the walk's rules protect, nor in .git/hooks with the listener off)
# or change the config of REPO, and git run outside afterwards runs
# nothing.
assert_protected()
{
	local r=$1 cfg
	cfg=$(cat "$r/.git/config")
	fsj_sh -- 'printf "#!/bin/sh\ntouch \"$2\"\n" >"$1/.githooks/pre-commit" &&
		chmod +x "$1/.githooks/pre-commit"' "$r" "$T/planted"
	assert_failed "hook in $r/.githooks"
	assert_not_exists "$r/.githooks/pre-commit"
	FSJAIL_NO_NOTIFY=1 fsj_sh -- 'printf "#!/bin/sh\ntouch \"$2\"\n" \
		>"$1/.git/hooks/pre-commit" && chmod +x "$1/.git/hooks/pre-commit"' "$r" "$T/planted"
	assert_failed "hook in $r/.git/hooks, no listener"
	assert_not_exists "$r/.git/hooks/pre-commit"
	fsj_sh -- 'printf "[core]\n\tfsmonitor = touch \"$2\"\n" >>"$1/.git/config"' "$r" \
		"$T/planted"
	assert_failed "config of $r"
	[ "$(cat "$r/.git/config")" = "$cfg" ] || fail "the config of $r changed"
	(cd "$r" && echo b >b && git add b && git commit -qm b && git status) >/dev/null 2>&1
	assert_not_exists "$T/planted"
}

# age: past the 2 s racy margin in whole seconds, then a run records the tree.
age()
{
	sleep "$(date +%N | awk '{ printf "%.3f", 3.05 - $1 / 1e9 }')"
	fsj -- true
	assert_rc 0
}

begin_test "the record is kept, and a run with nothing changed keeps it as it is"
age
c=$(cache_file)
if [ -z "$c" ] || ! [ -f "$c" ]; then
	fail "no record in $STATE_DIR/scan"
else
	[ "$(stat -c %a "$c")" = 600 ] || fail "record mode $(stat -c %a "$c"), not 600"
	before=$(stat -c %i "$c")
	fsj -- true
	assert_rc 0
	# not rewritten: every folder was taken from the record
	[ "$(stat -c %i "$c")" = "$before" ] || fail "the record was written again"
fi
end_test

begin_test "a prepared tree with old mtimes moved in, the parent's mtime set back"
keep=$(mtime_of "$WS/a/b/d2")
new_repo "$T/outside/vendor/lib"
find "$T/outside/vendor" -type d -exec touch -h -d "@$OLD" {} +
mv "$T/outside/vendor" "$WS/a/b/d2/vendor"
touch -d "@$keep" "$WS/a/b/d2"
assert_protected "$WS/a/b/d2/vendor/lib"
end_test

begin_test "a repository made deep or in a recorded folder, every mtime set back"
age
keep=$(mtime_of "$WS/x/y/z/e3")
keep2=$(mtime_of "$WS/x/y/z")
new_repo "$WS/x/y/z/e3/deep/er"
find "$WS/x/y/z/e3/deep" -type d -exec touch -h -d "@$OLD" {} +
touch -d "@$keep" "$WS/x/y/z/e3"
touch -d "@$keep2" "$WS/x/y/z"
# and a folder that was recorded empty made a repository in place
keep=$(mtime_of "$WS/x/y/z/e1")
new_repo "$WS/x/y/z/e1"
touch -d "@$keep" "$WS/x/y/z/e1"
assert_protected "$WS/x/y/z/e3/deep/er"
assert_protected "$WS/x/y/z/e1"
end_test

begin_test "a folder renamed into the workspace from outside it"
age
mkdir -p "$T/outside/two"
new_repo "$T/outside/two/r"
keep=$(mtime_of "$WS/a/b/d1")
mv "$T/outside/two" "$WS/a/b/d1/two"
touch -d "@$keep" "$WS/a/b/d1"
assert_protected "$WS/a/b/d1/two/r"
end_test

if ! is_root || ! can_mount_ns; then
	skip "a repository bind-mounted over a folder: bind mounts over the workspace need root"
else
	begin_test "a repository bind-mounted over a folder that did not change (root)"
	age
	# the repository one folder down: the mounted-over folder itself is
	# looked at for .git on every walk, its record only lists subfolders
	new_repo "$T/outside/mounted/inner"
	cfg=$(cat "$T/outside/mounted/inner/.git/config")
	# the listener off: only the walk's rules guard .git/hooks there
	FSJAIL_NO_NOTIFY=1 in_mount_ns bash -c 'mount --bind "$1" "$2/m/empty" || exit 99
		cd "$2" && "$FSJAIL" run --workspace "$2" -- sh -c \
			"echo x >\"\$1/.git/hooks/pre-commit\" || exit 3
			 echo x >\"\$1/.githooks/pre-commit\" || exit 4
			 echo \"[core] fsmonitor = x\" >>\"\$1/.git/config\" || exit 5" sh "$2/m/empty/inner"' \
		bash "$T/outside/mounted" "$WS" >"$OUT" 2>"$ERR"
	RC=$?
	[ "$RC" = 99 ] && fail "cannot bind-mount"
	assert_rc_not 0
	assert_not_exists "$T/outside/mounted/inner/.git/hooks/pre-commit"
	assert_not_exists "$T/outside/mounted/inner/.githooks/pre-commit"
	[ "$(cat "$T/outside/mounted/inner/.git/config")" = "$cfg" ] || fail "the config changed"
	end_test
fi

begin_test "a cache that is not fsjail's own is ignored, the run protects and writes it anew"
n=0
for how in fifo symlink short garbage groupw owner; do
	if [ "$how" = owner ] && ! { is_root && id "$TEST_USER" >/dev/null 2>&1; }; then
		continue
	fi
	age
	c=$(cache_file)
	[ -n "$c" ] || { fail "no record before '$how'"; break; }
	case $how in
	fifo) rm -f "$c" && mkfifo "$c" ;;
	symlink) cp "$c" "$T/forged" && rm -f "$c" && ln -s "$T/forged" "$c" ;;
	short) truncate -s $(($(stat -c %s "$c") / 2)) "$c" ;;
	garbage) printf 'fsjail-scan 1\n9999999999:/\n' >"$c" ;;
	groupw) chmod 664 "$c" ;;
	owner) chown "$TEST_USER" "$c" ;;
	esac
	n=$((n + 1))
	keep=$(mtime_of "$WS/h")
	new_repo "$WS/h/r$n"
	touch -d "@$keep" "$WS/h"
	assert_protected "$WS/h/r$n"
	c2=$(cache_file)
	if ! [ -f "$c2" ] || [ -L "$c2" ] || [ "$(stat -c %u:%a "$c2")" != "$(id -u):600" ]; then
		fail "after '$how' the record is not written anew: $(ls -l "$c2" 2>&1)"
	fi
done
end_test

end_user_pass
done_testing
