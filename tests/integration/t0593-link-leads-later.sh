#!/bin/bash
# Where a symbolic link leads follows the tree, not the moment it was
# made, and host tools follow the run's links after the run (a harness's
# edit tool, git format-patch, an editor's save). linkto.h checked a link
# when it was made only (att33): a text "w/../../.git/hooks/pre-commit"
# made in a/b while w was missing led to a/.git/hooks (nothing); then
# `ln -s . a/b/w` (a link to a folder holding nothing protected) made it
# lead to the workspace's .git/hooks/pre-commit, and a host tool writing
# a/b/l planted a hook the user's next git commit ran. Also: a folder
# holding a relative link moved to another depth (the caveat fsjail(1)
# said), a link to a repository's hooks made before git init made the
# repository, a folder made a link under an older link's text. Every
# link the run made is judged again where it is and leads once the
# command has ended, and removed (and said) when it leads where no link
# may (linkkeep.h). Links that lead nowhere protected stay. Root and the
# ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0593_USER 5
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
startup_files
HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py")
cd "$WS" || bail_out "cannot enter $WS"
git init -q -b main . && git commit -q --allow-empty -m one || bail_out "git init"

# leads_to NAME PATH: fail when the link NAME exists and leads to PATH
leads_to()
{
	[ -L "$1" ] && [ "$(readlink -f "$1")" = "$(readlink -f "$2" 2>/dev/null || echo "$2")" ] &&
		fail "$1 was left, leading to $2"
	return 0
}

# write_through NAME...: what a host tool does with a name it is given
write_through()
{
	local n
	for n in "$@"; do
		printf 'touch %s\n' "$T/pwned" 2>/dev/null >"$n"
	done
	return 0
}

begin_test "a link whose '..' follows a name made a link later (w -> .)"
fsj_sh -- 'mkdir -p a/b; ln -s "w/../../.git/hooks/pre-commit" a/b/l && ln -s . a/b/w
	readlink -f a/b/l; exit 0'
leads_to a/b/l .git/hooks/pre-commit
write_through a/b/l
[ -e .git/hooks/pre-commit ] && fail "a pre-commit hook appeared"
# refused when made now: its text climbs out of w with '..' (linkto.h)
assert_err_match "climbs out of a name|removed the symbolic link"
rm -f .git/hooks/pre-commit
rm -rf a
end_test

begin_test "a folder holding a relative link moved to another depth"
fsj_sh -- 'mkdir -p c/d; ln -s ../.git/config c/d/r && mv c/d d; exit 0'
leads_to d/r .git/config
cp .git/config "$T/config.saved"
write_through d/r
cmp -s .git/config "$T/config.saved" || fail ".git/config was written"
cp "$T/config.saved" .git/config
rm -rf c d
end_test

begin_test "a link to a repository's hooks made before git init made it"
fsj_sh -- 'ln -s n/.git/hooks/pre-commit n1; git init -q n; ln -s n/.git/config n2; exit 0'
leads_to n1 n/.git/hooks/pre-commit
leads_to n2 n/.git/config
write_through n1
[ -e n/.git/hooks/pre-commit ] && fail "a pre-commit hook appeared in n"
rm -rf n n1 n2
end_test

begin_test "nor a link the broker made, then a folder under its text made a link"
mkdir -p e/f
fsj_sh -- 'python3 -c "$1" "{\"operation\":\"link\",\"symbolic\":true,\"from\":\"v/../../../.bashrc\",\"to\":\"$2/e/f/l\"}"
	ln -s . e/f/v; exit 0' "$HOSTOP" "$WS"
# refused when made now: its text climbs out of v with '..' (linkto.h)
assert_out_match '"ok":false.*climbs out of a name|"ok":true'
leads_to e/f/l "$HOME/.bashrc"
write_through e/f/l
[ -s "$HOME/.bashrc" ] && fail "~/.bashrc was written"
: >"$HOME/.bashrc"
rm -rf e
end_test

begin_test "links that lead nowhere protected stay (workspace, system, venv-like)"
fsj_sh -- 'set -e; mkdir -p src b node_modules/.bin node_modules/p/bin; echo x >src/f
	ln -s src/f lf; ln -s src ld; ln -s no/such/target dangling
	ln -s /usr/share/zoneinfo/UTC localtime; ln -s ../src/f b/f; mv b/f b/g
	echo y >node_modules/p/bin/cli; ln -s ../p/bin/cli node_modules/.bin/cli
	mv node_modules nm2'
assert_rc 0
for n in lf ld dangling localtime b/g nm2/.bin/cli; do
	[ -L "$n" ] || fail "$n is not a link"
done
grep -q "removed the symbolic link" "$ERR" && fail "a link that leads nowhere protected was removed: $(cat "$ERR")"
end_test

end_user_pass
done_testing
