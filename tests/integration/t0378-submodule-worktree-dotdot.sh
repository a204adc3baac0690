#!/bin/bash
# att16: a submodule gitdir's core.worktree (git23, notify-gitcfg.c
# submodule_worktree_ok()) was checked lexically: "../../../f/d/.."
# normalises to <top>/f, a folder of the work tree, but a host git
# chdir()s to it (setup.c setup_explicit_git_dir()) and the kernel takes
# ".." after the symbolic link d the command made: its target's parent,
# out of the workspace. A host `git -C x reset --hard` or `git submodule
# update` then checks the submodule out there (and `git clean` deletes
# there). Now a value is only what git writes: "../" repeated, then plain
# names, none "." or "..", and no symbolic link on the way; and no
# symbolic link may arrive on the way later in the run (test 3: git23
# resolved the value once, at the check). Tests 1 and 3 fail before; 2
# holds before too.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsubmod.sh"

plan_user_pass FSJAIL_T0378_USER 3
setup
require_landlock
git_env
submodule_lib
submodule_ws x
SUBCFG=$WS/.git/modules/x/config
# readable, outside the workspace: a link may not lead where the run may
# not read (linkto.h), and core.worktree is what is tested
VIC=$(mktemp -d /var/tmp/fsjail-t0378.XXXXXX) || bail_out "mktemp under /var/tmp"
mkdir -p "$VIC/tim"

begin_test "core.worktree through a symbolic link and '..', or via one: refused"
cp "$SUBCFG" "$T/subcfg.before"
for v in ../../../f/d/.. ../../../f/./g ../../../f/../f/g ../../../f/d ../../../f/d/g; do
	fsj_sh -- 'mkdir -p f/g && ln -sfn "$2" f/d &&
		git config -f .git/modules/x/config core.worktree "$1"' "$v" "$VIC/tim"
	assert_rc_not 0 && assert_err_match "repository-metadata" || diag "value $v"
	cmp -s "$SUBCFG" "$T/subcfg.before" || fail "config changed by value $v"
	top=$(cd "$WS/x" && git rev-parse --show-toplevel 2>/dev/null)
	case $top in "$T"/vic*) fail "a host git in x works in $top (value $v)" ;; esac
	cp "$T/subcfg.before" "$SUBCFG"
done
end_test

begin_test "what git writes for a folder of the work tree: accepted"
fsj_sh -- 'mkdir -p f/g && git config -f .git/modules/x/config core.worktree ../../../f/g'
assert_rc 0 && assert_out_nomatch refusal
[ "$(git config -f "$SUBCFG" core.worktree)" = ../../../f/g ] || fail "core.worktree not set"
cp "$T/subcfg.before" "$SUBCFG"
end_test

begin_test "the folder core.worktree names, made a symbolic link after the check: refused"
n=0
for swap in 'rmdir f/g && ln -s "$1" f/g' 'mv f f2 && mkdir f && ln -s "$1" f/g' \
	'mv f f2 && mkdir -p t && ln -s "$1" t/g && mv t f' 'mv f f2 && ln -s "$1" f' \
	'mkdir -p t && ln -s "$1" t/g && mv -T --exchange t f 2>/dev/null || python3 -c "
import ctypes, os; l = ctypes.CDLL(None, use_errno=True)
if l.renameat2(-100, b\"t\", -100, b\"f\", 2): raise OSError(ctypes.get_errno(), \"exchange\")"'; do
	n=$((n + 1))
	rm -rf "$WS/f" "$WS/f2" "$WS/t"
	fsj_sh -- 'mkdir -p f/g && git -C x config core.worktree ../../../f/g && '"$swap" "$VIC/tim"
	assert_rc_not 0 && assert_err_match "core.worktree names" || diag "swap $n: $swap"
	top=$(cd "$WS/x" && git rev-parse --show-toplevel 2>/dev/null)
	case $top in "$T"/vic*) fail "a host git in x works in $top (swap $n)" ;; esac
	cp "$T/subcfg.before" "$SUBCFG"
done
rm -rf "$WS/f" "$WS/f2" "$WS/t"
# a real folder may still arrive there, and git mv there and back works
fsj_sh -- 'mkdir -p f/g && git -C x config core.worktree ../../../f/g && mv f f2 && mv f2 f &&
	git mv x y && git mv y x && git submodule status'
assert_rc 0 && assert_out_match '^ [0-9a-f]+ x ' && assert_out_nomatch refusal
cp "$T/subcfg.before" "$SUBCFG"
end_test

rm -rf "$VIC"
end_user_pass
done_testing
