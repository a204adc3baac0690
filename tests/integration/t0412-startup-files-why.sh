#!/bin/bash
# A refused change to a shell start-up file or to ~/.gitconfig says why
# the file is protected (user17): the summary read only "write
# ~/.bashrc: protected at baseline-linux.yaml:N", and `git config
# --global` only named the lock file, since the baseline entries had no
# note (one shared note sat on ~/.bash_login alone). Each entry now has
# its own note, which the summary prints under the refusal ("    why:
# ..."), also for the refused lock file of ~/.gitconfig, and which
# `fsjail explain` prints.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
startup_files
git_env
GIT_WHY="git's global config: its core\.hooksPath, core\.fsmonitor, core\.pager, filters and ! aliases run programs at the next git"

# why_under FILE WHY: the summary's line for FILE is followed by "    why: WHY"
why_under()
{
	grep -A1 -E "^  [a-z]+ $HOME/$1: protected at [^;]*baseline-linux\.yaml:[0-9]+; by " "$ERR" |
		tail -n1 | grep -Eq "^    why: $2\$" || { fail "no why under $1"; diag_last; }
}

begin_test "bash's start-up files: each refusal says who runs the file"
fsj -- sh -c 'for f in .bashrc .bash_profile .bash_login .bash_logout .profile; do
	echo "touch /tmp/pwned" >>~/$f; done'
assert_failed
for f in .bashrc .bash_profile .bash_login .bash_logout .profile; do
	[ -s "$HOME/$f" ] && fail "$f was changed"
done
why_under '\.bashrc' "every interactive bash runs it \(a terminal's shell, bash -i\)"
why_under '\.bash_profile' "a login bash runs it \(bash -l, ssh, a console login\)"
why_under '\.bash_login' "a login bash runs it where there is no ~/\.bash_profile"
why_under '\.bash_logout' "a login bash runs it at exit"
why_under '\.profile' "a login shell runs it \(sh -l, bash -l without ~/\.bash_profile, ssh\)"
end_test

begin_test "zsh's start-up files: each refusal says who runs the file"
fsj -- sh -c 'for f in .zshenv .zshrc .zprofile .zlogin .zlogout; do echo x >>~/$f; done'
assert_failed
why_under '\.zshenv' "every zsh runs it, scripts too"
why_under '\.zshrc' "every interactive zsh runs it"
why_under '\.zprofile' "a login zsh runs it, before ~/\.zshrc"
why_under '\.zlogin' "a login zsh runs it, after ~/\.zshrc"
why_under '\.zlogout' "a login zsh runs it at exit"
end_test

begin_test "git config --global: the refused lock file says why ~/.gitconfig is kept"
fsj -- git config --global core.pager 'touch /tmp/pwned'
assert_failed
[ -s "$HOME/.gitconfig" ] && fail "$HOME/.gitconfig was changed"
grep -A1 -F "  create $HOME/.gitconfig.lock: default (the lock file of $HOME/.gitconfig, which is protected: no rule lifts it); by git" "$ERR" |
	tail -n1 | grep -Eq "^    why: $GIT_WHY\$" || { fail "no why under the lock file"; diag_last; }
end_test

begin_test "fsjail explain ~/.gitconfig and ~/.zshrc say why"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.gitconfig"
assert_rc 0
assert_out_match "^  why: $GIT_WHY\$"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.zshrc"
assert_rc 0
assert_out_match "^  why: every interactive zsh runs it\$"
end_test
