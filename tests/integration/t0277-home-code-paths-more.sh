#!/bin/bash
# Other names of the start-up files fsjail protects, and files the next
# ordinary action runs (issue 12 item 2, after t0239, t0242, t0250): with
# ~ opened (--grant all:$HOME) or ~/.config opened by a rules file, att7
# wrote tmux's ~/.config/tmux/tmux.conf (~/.tmux.conf was protected),
# gdb's ~/.config/gdb/gdbinit, read before the protected ~/.gdbinit,
# ~/.xprofile, ~/.xinitrc and ~/.xsession (~/.xsessionrc was), user units
# and drop-ins in ~/.local/share/systemd (~/.config/systemd was), fish's
# ~/.local/share/fish/vendor_conf.d (~/.config/fish was), ~/.cargo/env,
# which rustup's install sources from .profile and .bashrc (~/.cargo/bin
# was), docker's ~/.docker/cli-plugins (docker build runs docker-buildx
# from there first), emacs's init files, and ~/.config/user-tmpfiles.d
# (an L+ line replaces ~/.bashrc at the next login). Each is now
# protected: nothing appears, an existing file is unchanged, and ~ keeps
# its grant. And git's global config where the environment puts it
# ($XDG_CONFIG_HOME/git/config, $GIT_CONFIG_GLOBAL) was writable with ~
# opened: core.fsmonitor there ran at the user's next git status (att7);
# it is now protected as ~/.gitconfig is (src/repometa.c). As root and
# again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_HOME_MORE_PASS 4
setup
require_landlock

PLANT='.config/tmux/tmux.conf .config/gdb/gdbinit .gdbearlyinit .xprofile .xinitrc .xsession
.local/share/systemd/user/x.service .local/share/fish/vendor_conf.d/x.fish .cargo/env
.docker/cli-plugins/docker-buildx .emacs .emacs.el .emacs.d/init.el .config/emacs/init.el
.config/user-tmpfiles.d/x.conf .local/share/dbus-1/services/x.service'
mkdir -p "$HOME/.cargo" "$HOME/.config"
echo 'export PATH="$HOME/.cargo/bin:$PATH"' >"$HOME/.cargo/env"
snapshot "$HOME/.cargo/env"

begin_test "with ~ opened, none of them can be made or changed, and ~ keeps its grant"
fsj --grant "all:$HOME" -- bash -c '
for f in '"$(echo $PLANT)"'; do
	mkdir -p "$HOME/$(dirname "$f")" 2>/dev/null
	echo "touch /tmp/planted" >>"$HOME/$f" 2>/dev/null && echo "WROTE $f"
done
echo ok >"$HOME/notes.txt" && echo SIBLING'
assert_rc 0
assert_out_nomatch WROTE
assert_out_match '^SIBLING$'
for f in $PLANT; do
	[ "$f" = .cargo/env ] || [ ! -e "$HOME/$f" ] || fail "$HOME/$f was made"
done
assert_unchanged "$HOME/.cargo/env"
end_test

begin_test "with ~/.config opened by a rules file, tmux's and gdb's files cannot be made"
write_rules <<RULES
rules:
  - path: ~/.config
    allow: [read, write, create, delete]
RULES
fsj -- bash -c 'for f in tmux/tmux.conf gdb/gdbinit emacs/init.el; do
	mkdir -p "$HOME/.config/$(dirname "$f")" 2>/dev/null
	echo x >"$HOME/.config/$f" 2>/dev/null && echo "WROTE $f"
done; echo ok >"$HOME/.config/other.conf" && echo SIBLING'
assert_rc 0
assert_out_nomatch WROTE
assert_out_match '^SIBLING$'
clear_rules
end_test

begin_test "the after-run summary names the protected rule"
fsj --grant "all:$HOME" -- sh -c 'echo x >>"$HOME/.cargo/env"'
assert_failed
assert_err_match 'write .*/\.cargo/env: protected'
end_test

begin_test "git's global config moved by XDG_CONFIG_HOME or GIT_CONFIG_GLOBAL is protected"
mkdir -p "$HOME/xdg/git" "$HOME/dot"
: >"$HOME/xdg/git/config"
: >"$HOME/dot/gitconfig"
snapshot "$HOME/xdg/git/config"
snapshot "$HOME/dot/gitconfig"
XDG_CONFIG_HOME=$HOME/xdg fsj --grant "all:$HOME" -- sh -c '
printf "[core]\n\tfsmonitor = touch /tmp/planted\n" >>"$XDG_CONFIG_HOME/git/config" 2>/dev/null && echo WROTE-xdg
echo "* diff=x" >"$XDG_CONFIG_HOME/git/attributes" 2>/dev/null && echo WROTE-attributes
echo ok >"$XDG_CONFIG_HOME/other" && echo SIBLING'
assert_rc 0
assert_out_nomatch WROTE
assert_out_match '^SIBLING$'
GIT_CONFIG_GLOBAL=$HOME/dot/gitconfig fsj --grant "all:$HOME" -- sh -c '
printf "[core]\n\tfsmonitor = touch /tmp/planted\n" >>"$GIT_CONFIG_GLOBAL" 2>/dev/null && echo WROTE-global; true'
assert_rc 0
assert_out_nomatch WROTE
assert_unchanged "$HOME/xdg/git/config"
assert_unchanged "$HOME/dot/gitconfig"
[ ! -e "$HOME/xdg/git/attributes" ] || fail "$HOME/xdg/git/attributes was made"
end_test

end_user_pass
done_testing
