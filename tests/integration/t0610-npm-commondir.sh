#!/bin/bash
# npm installs the package "commondir" (a dependency of find-cache-dir,
# nyc, babel's caches) as node_modules/commondir/, next to the links of
# node_modules/.bin. A folder holding HEAD or commondir was taken for a
# gitdir (gitlink.h): `npm install` in a repository with nyc among its
# devDependencies (minimist, user30) had every link of
# node_modules/nyc/node_modules/.bin refused as "a symbolic link in a
# gitdir", and moving the unpacked package into place was refused as the
# folder "becoming a repository". git reads HEAD and commondir as files
# (setup.c): a folder so named makes no gitdir. A file so named still
# does. Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0610_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
cd "$WS" || bail_out "cannot enter $WS"
git init -q -b main . && git commit -q --allow-empty -m one || bail_out "git init"

begin_test "npm's layout: links next to a folder named commondir"
fsj_sh -- 'set -e
	mkdir -p a/node_modules/commondir a/node_modules/.bin
	ln -s ../commondir/index.js a/node_modules/.bin/cd1
	mkdir -p b/node_modules/.bin b/node_modules/.staging
	ln -s x b/node_modules/.bin/y
	mv b/node_modules/.staging b/node_modules/commondir
	mkdir -p c/node_modules/.bin
	ln -s x c/node_modules/.bin/y
	mkdir c/node_modules/commondir
	ln -s x c/node_modules/.bin/z'
assert_rc 0
[ -L a/node_modules/.bin/cd1 ] && [ -d b/node_modules/commondir ] &&
	[ -d c/node_modules/commondir ] && [ -L c/node_modules/.bin/z ] ||
	fail "npm's links or folders were not made"
! grep -q 'refusal' "$ERR" || { fail "the run refused something"; diag_file stderr "$ERR"; }
end_test

begin_test "a file named commondir or HEAD next to a link is still refused"
fsj_sh -- 'mkdir -p e/g f/g h/g/commondir
	ln -s x e/g/y; touch e/g/commondir
	ln -s x f/g/y; echo ../x > f/g/HEAD
	ln -s x h/g/y; rmdir h/g/commondir; echo ../x > h/g/commondir
	exit 0'
[ -e e/g/commondir ] && fail "e/g/commondir was made next to a link"
[ -e f/g/HEAD ] && fail "f/g/HEAD was made next to a link"
[ -e h/g/commondir ] && fail "h/g/commondir was made next to a link"
assert_err_match "repository-"
end_test

end_user_pass
done_testing
