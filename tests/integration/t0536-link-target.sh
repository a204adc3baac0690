#!/bin/bash
# A symbolic link outlives the run, and tools outside any sandbox follow it
# when they open its name: a harness's read or edit tool, `git
# format-patch` writing 0001-SUBJECT.patch, an editor's save. A command
# made 0001-x.patch a link to ~/.bashrc, and the user's next format-patch
# wrote the commit message there; one to ~/.ssh/id_ed25519 shows the key
# to the next host tool that reads the name (att31). A link the run makes
# may not lead where the run may not read, to a protected path of the
# user's side (shell start-up files, git's global config, repository
# metadata), to an absent path of a protected system tree, nor to a folder
# above one of those: by symlink, by a link or rename of a link (a relative
# text leads elsewhere from another folder), nor through the broker. Links
# in the workspace, to system files and toolchains still work (venv).
# Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0536_USER 8
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
command -v python3 >/dev/null || bail_out "python3 is needed"
git_env
startup_files
HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py")
mkdir -p "$HOME/.ssh" && echo KEY >"$HOME/.ssh/id_ed25519"
cd "$WS" || bail_out "cannot enter $WS"
git init -q -b main . && git commit -q --allow-empty -m one || bail_out "git init"
echo SECRET >.env
write_rules <<EOF
rules:
  - id: hide-env
    path: .env
    deny: [read]
EOF

# no_link NAME...: none of the names is a symbolic link
no_link()
{
	local n
	for n in "$@"; do
		[ -L "$n" ] && fail "$n was made: a link to $(readlink "$n")"
	done
	return 0
}

begin_test "no link to a path the run may not read (absolute, relative, a deny rule)"
fsj_sh -- 'ln -s "$1/.ssh/id_ed25519" k1; mkdir -p d/e
	ln -s "$(python3 -c "import os,sys; print(os.path.relpath(sys.argv[1], \"d/e\"))" \
		"$1/.ssh/id_ed25519")" d/e/k2
	ln -s .env k3; exit 0' "$HOME"
no_link k1 d/e/k2 k3
assert_err_match "symbolic link to a path the run may not read"
end_test

begin_test "no link to a protected path: start-up files, git's config, hooks"
cp .git/config "$T/config.saved"
fsj_sh -- 'ln -s "$1/.bashrc" 0001-x.patch; ln -s "$1/.gitconfig" g
	ln -s .git/hooks/pre-commit h; ln -s .git/config c
	ln -s /etc/profile.d/fsjail-t0536.sh p; exit 0' "$HOME"
no_link 0001-x.patch g h c p
assert_err_match "symbolic link to a protected path"
# the host tool writing the names afterwards writes plain files
for n in 0001-x.patch g h c; do printf 'touch %s\n' "$T/pwned" >"$n"; done
git status --porcelain >/dev/null 2>&1
bash -c '. "$1"' bash "$HOME/.bashrc" >/dev/null 2>&1
assert_not_exists "$T/pwned"
[ -s "$HOME/.bashrc" ] && fail "~/.bashrc was written"
[ -s "$HOME/.gitconfig" ] && fail "~/.gitconfig was written"
[ -e .git/hooks/pre-commit ] && fail "a pre-commit hook appeared"
cmp -s .git/config "$T/config.saved" || fail ".git/config was written"
# what a failed case left, so that the next cases stand on their own
rm -f 0001-x.patch g h c .git/hooks/pre-commit
: >"$HOME/.bashrc"
: >"$HOME/.gitconfig"
cp "$T/config.saved" .git/config
end_test

begin_test "no link to a folder above one: ~, the workspace's top, /"
fsj_sh -- 'mkdir -p s x; ln -s "$1" home; ln -s .. s/up; ln -s / root
	ln -s x/.bashrc two; rm -r x; ln -s "$1" x; exit 0' "$HOME"
no_link home s/up root x
end_test

begin_test "no link moved or linked where its relative text leads to one"
fsj_sh -- 'mkdir -p a; ln -s .git/config a/l && mv a/l l
	ln -s .git/config a/m && python3 -c "import os; os.link(\"a/m\", \"m\", follow_symlinks=False)"
	exit 0'
no_link l m
[ -L a/l ] || fail "a/l (leading to a/.git/config, nothing) was refused"
end_test

begin_test "no text that climbs out of a name with '..' (a later w -> . would redirect it)"
fsj_sh -- 'mkdir -p a/b; ln -s "w/../../.git/hooks/pre-commit" a/b/l
	ln -s "./x/./../y" a/b/m; ln -s ../../y a/b/ok; exit 0'
no_link a/b/l a/b/m
[ -L a/b/ok ] || fail "a/b/ok (../../y) was refused"
assert_err_match "climbs out of a name"
# a later run cannot turn such a link into one to the hooks
fsj_sh -- 'ln -s . a/b/w; exit 0'
printf 'touch %s\n' "$T/pwned" >a/b/l # what a host tool writing a/b/l does
[ -e .git/hooks/pre-commit ] && fail "a pre-commit hook appeared"
rm -f .git/hooks/pre-commit
rm -rf a
end_test

begin_test "an older link in a folder a run moves to another depth is said"
fsj_sh -- 'mkdir -p x/y/z; ln -s ../../.git/config x/y/z/l'
[ -L x/y/z/l ] || fail "x/y/z/l (leading to x/.git/config, nothing) was refused"
fsj_sh -- 'mkdir -p w && mv x/y/z w/z'
assert_err_match "w/z/l, older than the run, leads where no link may"
rm -rf x w
end_test

begin_test "nor through the broker (a link, a rename of one)"
mkdir -p a && ln -s .git/config a/n || bail_out "ln a/n"
fsj -- python3 -c "$HOSTOP" \
	"{\"operation\":\"link\",\"symbolic\":true,\"from\":\"$HOME/.bashrc\",\"to\":\"$WS/b1\"}" \
	"{\"operation\":\"rename\",\"from\":\"$WS/a/n\",\"to\":\"$WS/b2\"}"
no_link b1 b2
assert_out_match '"ok":false'
end_test

begin_test "links that lead nowhere protected still work: workspace, system, venv"
fsj_sh -- 'set -e; mkdir -p src; echo x >src/f; ln -s src/f lf; ln -s src ld
	ln -s no/such/target dangling; ln -s /usr/share/zoneinfo/UTC localtime
	mkdir -p b; ln -s ../src/f b/f; mv b/f b/g
	python3 -m venv --without-pip .venv; .venv/bin/python3 -c "print(1)"
	git add -A && git commit -q -m links'
assert_rc 0
for n in lf ld dangling localtime b/g .venv/bin/python3; do
	[ -L "$n" ] || fail "$n is not a link"
done
end_test

end_user_pass
done_testing
