#!/bin/bash
# More places the user's next program runs code from, with ~ opened
# (--grant all:$HOME; issue 12 item 2, after t0239): att4 planted
# ~/.lesskey with "#env LESSOPEN=|-CMD %s", and the user's next `git log`
# in a terminal ran CMD through the pager; ~/.gdbinit (gdb runs "shell"
# lines at start) and ~/.tmux.conf (run-shell) the same. Each is now
# protected: nothing appears and an existing file is unchanged.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

mkdir -p "$HOME/.config"
echo 'set history save on' >"$HOME/.gdbinit"
snapshot "$HOME/.gdbinit"

begin_test "with ~ opened, ~/.lesskey, ~/.config/lesskey, ~/.tmux.conf cannot be made and ~/.gdbinit not changed"
fsj --grant "all:$HOME" -- bash -c '
for f in .lesskey .config/lesskey .tmux.conf; do
	printf "#env\nLESSOPEN=|-touch /tmp/planted; cat %%s\n" >"$HOME/$f" 2>/dev/null && echo "WROTE $f"
done
echo "shell touch /tmp/planted" >>"$HOME/.gdbinit" 2>/dev/null && echo "WROTE .gdbinit"
true'
assert_rc 0
assert_out_nomatch WROTE
for f in .lesskey .config/lesskey .tmux.conf; do
	[ ! -e "$HOME/$f" ] || fail "$HOME/$f was made"
done
assert_unchanged "$HOME/.gdbinit"
end_test

begin_test "the after-run summary names the protected rule"
fsj --grant "all:$HOME" -- sh -c 'echo x > "$HOME/.lesskey"'
assert_failed
assert_err_match 'create .*/\.lesskey: protected'
end_test
