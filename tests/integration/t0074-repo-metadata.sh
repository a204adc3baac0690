#!/bin/bash
# Repository metadata is protected by class (issue 12 item 2; DESIGN.md
# section 3), in the cases a new user found open:
# - a gitdir without a .git folder (HEAD, objects/, refs/: git takes any
#   such folder for a bare repository) is protected like a .git; one made
#   during the run is named after it, --quiet or not;
# - a repository deeper than the search reaches is not left open: the
#   folders not searched are protected whole (fail closed);
# - every protected name is protected while absent: info/ (and the files
#   of an existing info/), hooks/, config, config.worktree, the
#   core.hooksPath folder;
# - no noise: git worktree add is not "a new repository", a deep tree (a
#   python venv) does not stop the search.
# Afterwards git run outside runs nothing planted (marker files absent).
. "$(dirname "$0")/libtest.sh"

plan 17
setup
require_landlock

MARK=$T/markers
mkdir -p "$MARK"
git_env
(
	set -e
	cd "$WS" && git init -q -b main && echo a >a && git add a && git commit -qm init
	# a bare-shaped gitdir with a work tree elsewhere, no .git anywhere
	mkdir -p docs/objects docs/refs/heads && echo "ref: refs/heads/master" >docs/HEAD
	printf '[core]\n\tworktree = %s\n' "$WS/docs" >docs/config
	# a repository deeper than the old search limit (8)
	git init -q -b main deep/b/c/d/e/f/g/h/i
	# a repository made without a template: no hooks/, no info/
	git init -q -b main --template= bare-tmpl
	mkdir withinfo && git -C withinfo init -q -b main && rm -f withinfo/.git/info/*
	git -C withinfo config core.hooksPath .myhooks
) >/dev/null 2>&1 || bail_out "cannot make the test repositories"
mv "$WS/bare-tmpl/.git/config" "$WS/bare-tmpl/.git/config.away"
snapshot "$WS/docs/config"

begin_test "a gitdir without .git (HEAD, objects/, refs/) is protected"
fsj_sh -- 'm=$1
	printf "\tfsmonitor = touch $m/docs-fsmonitor\n" >>docs/config
	mkdir -p docs/hooks && printf "#!/bin/sh\ntouch $m/docs-hook\n" >docs/hooks/post-checkout
	exit 0' "$MARK"
assert_unchanged "$WS/docs/config"
assert_not_exists "$WS/docs/hooks/post-checkout"
(cd "$WS/docs" && git status >/dev/null 2>&1 && git checkout -q -B x >/dev/null 2>&1) </dev/null
assert_not_exists "$MARK/docs-fsmonitor"
assert_not_exists "$MARK/docs-hook"
end_test

begin_test "a gitdir planted during the run is named after it, with --quiet too"
fsj --quiet -- sh -c 'mkdir -p p/objects p/refs/heads && echo "ref: refs/heads/x" >p/HEAD &&
	printf "[core]\n\tbare = true\n" >p/config.lock && mv p/config.lock p/config &&
	{ printf "[core]\n\tfsmonitor = true\n" >p/config; git init -q made; }'
assert_rc 0
assert_err_match "cannot create p/config: Permission denied"
assert_err_match "the command made git repositories"
assert_err_match "^  $WS/p\$"
assert_err_match "^  $WS/made/\\.git\$"
rm -rf "$WS/p" "$WS/made"
end_test

begin_test "a repository deeper than 8 folders is protected"
fsj_sh -- 'm=$1
	printf "#!/bin/sh\ntouch $m/deep-hook\n" >deep/b/c/d/e/f/g/h/i/.git/hooks/pre-commit
	chmod +x deep/b/c/d/e/f/g/h/i/.git/hooks/pre-commit
	printf "[core]\n\tfsmonitor = touch $m/deep-fsm\n" >>deep/b/c/d/e/f/g/h/i/.git/config
	exit 0' "$MARK"
assert_not_exists "$WS/deep/b/c/d/e/f/g/h/i/.git/hooks/pre-commit"
(cd "$WS/deep/b/c/d/e/f/g/h/i" && echo x >x && git add x && git commit -qm x && git status) \
	>/dev/null 2>&1 </dev/null
assert_not_exists "$MARK/deep-hook"
assert_not_exists "$MARK/deep-fsm"
end_test

begin_test "folders deeper than the search are protected whole, and said so with --quiet"
d=$WS/far
for i in $(seq 1 70); do d=$d/d; done
mkdir -p "$d"
fsj --quiet -- sh -c 'echo x >"$1/planted"' sh "$d"
assert_not_exists "$d/planted"
assert_err_match "stopped early \\(folders too deep\\)"
run_cmd "$FSJAIL" explain --workspace "$WS" "$d/planted"
assert_out_match "^  create +deny +protected +protected 'repository-unsearched'"
rm -rf "$WS/far"
end_test

# one session tries every absent protected name; then one test per name
fsj_sh -- 'cd bare-tmpl
	mkdir .git/info; echo "*" >.git/info/exclude
	mkdir .git/hooks; echo x >.git/hooks/pre-commit
	printf "[core]\n\tfsmonitor = x\n" >.git/config
	echo "[core]" >.git/config.worktree
	cd ../withinfo
	echo "* filter=x" >.git/info/attributes; echo "*" >.git/info/exclude
	echo x >.git/info/sparse-checkout; echo x >.git/info/grafts
	echo "[core]" >.git/config.worktree
	mkdir .myhooks; echo x >.myhooks/pre-commit
	exit 0'
for f in bare-tmpl/.git/info bare-tmpl/.git/hooks bare-tmpl/.git/config \
	bare-tmpl/.git/config.worktree withinfo/.git/info/attributes withinfo/.git/info/exclude \
	withinfo/.git/info/sparse-checkout withinfo/.git/info/grafts \
	withinfo/.git/config.worktree withinfo/.myhooks; do
	begin_test "absent $f stays absent"
	assert_not_exists "$WS/$f"
	end_test
done

begin_test "past the entry budget the rest is protected whole: a repository there too"
mkdir -p "$WS/many" "$WS/zz"
for i in $(seq 1 200); do : >"$WS/many/f$i"; done
git init -q "$WS/zz/late" >/dev/null
FSJAIL_TEST_REPO_ENTRIES=50 fsj_sh --quiet -- 'm=$1
	printf "#!/bin/sh\ntouch $m/late-hook\n" >zz/late/.git/hooks/pre-commit
	chmod +x zz/late/.git/hooks/pre-commit; exit 0' "$MARK"
assert_err_match "stopped early \\(too many entries\\)"
assert_not_exists "$WS/zz/late/.git/hooks/pre-commit"
(cd "$WS/zz/late" && git commit -q --allow-empty -m x) >/dev/null 2>&1 </dev/null
assert_not_exists "$MARK/late-hook"
rm -rf "$WS/many" "$WS/zz"
end_test

begin_test "git worktree add is not a new repository"
fsj -- git worktree add -q "$WS/.wt/one" -b one
assert_rc 0
assert_out_nomatch "made git repositories"
if grep -q "made git repositories" "$ERR"; then fail "worktree add reported as a new repository"; fi
end_test

begin_test "a deep tree (a python venv) does not stop the search"
mkdir -p "$WS/.venv/lib/python3.12/site-packages/pkg/sub/a/b/c/d/e"
fsj -- true
assert_rc 0
if grep -q "stopped early" "$ERR"; then fail "the search stopped early: $(cat "$ERR")"; fi
end_test

done_testing
