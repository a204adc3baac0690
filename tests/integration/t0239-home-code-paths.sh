#!/bin/bash
# A rule that opens ~ must not let the command make the next shell, git,
# python, npm or editor run its code (issue 12 item 2). The start-up files
# were protected; att3 showed the next `git` of the user's shell ran a
# program planted in ~/.local/bin (first on Debian's PATH), and the same
# run could write ~/bin, ~/.inputrc, ~/.npmrc, ~/.vimrc and
# python's user site-packages (a .pth file runs at every python start).
# Each is now protected; what exists is unchanged and nothing new appears.
# As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_HOMECODE_USER_PASS 2
setup
require_landlock

mkdir -p "$HOME/.local/bin" "$HOME/.local/lib/python3/site-packages"
echo 'set editing-mode emacs' >"$HOME/.inputrc"
snapshot "$HOME/.inputrc"

begin_test "with ~ opened, PATH folders, rc files and site-packages stay unplantable"
fsj --grant "all:$HOME" -- bash -c '
for f in .local/bin/git bin/git .npmrc .vimrc .vim/plugin/x.vim \
	.local/lib/python3/site-packages/x.pth .local/share/direnv/allow/x .bash_completion; do
	mkdir -p "$HOME/$(dirname "$f")" 2>/dev/null
	printf "touch /tmp/planted\n" >"$HOME/$f" 2>/dev/null && echo "WROTE $f"
done
echo "\"\\C-m\": \"touch /tmp/planted\\n\"" >>"$HOME/.inputrc" 2>/dev/null && echo "WROTE .inputrc"
true'
assert_rc 0
assert_out_nomatch WROTE
for f in .local/bin/git bin/git .npmrc .vimrc .vim/plugin/x.vim \
	.local/lib/python3/site-packages/x.pth .local/share/direnv/allow/x .bash_completion; do
	[ ! -e "$HOME/$f" ] || fail "$HOME/$f was made"
done
assert_unchanged "$HOME/.inputrc"
end_test

begin_test "the after-run summary names the protected rule"
fsj --grant "all:$HOME" -- sh -c 'echo x > "$HOME/.local/bin/git"'
assert_failed
assert_err_match 'create .*/\.local/bin/git: protected'
end_test

end_user_pass
done_testing
