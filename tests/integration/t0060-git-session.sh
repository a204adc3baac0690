#!/bin/bash
# The everyday session in a git repository works with no rules file, and
# what would make the next git or shell run code cannot be planted (issue
# 12 items 1, 2 and 5; DESIGN.md sections 3 and 4):
# - a repository with a nested repository, a linked worktree and a
#   core.hooksPath folder; no rules file. Under fsjail: git init of a new
#   subfolder, add, commit, branch, checkout, merge, rebase, stash, gc,
#   worktree add, fetch from a local remote, in the nested repository and
#   the linked worktree too; sed -i, python3 os.replace, a compiler writing
#   into build/. Afterwards git fsck is clean and no lock or temp file is
#   left;
# - every attempt to plant a hook, change .git/config, info/attributes, the
#   hooksPath folder, a linked worktree's .git file, ~/.bashrc or
#   ~/.gitconfig (with a rule opening ~) fails, and git and bash run
#   outside afterwards run nothing planted (marker files stay absent);
# - the default workspace is the top of the work tree holding the current
#   directory; protect: {repository: false} turns the metadata part off.
. "$(dirname "$0")/libtest.sh"

plan 8
setup
require_landlock

MARK=$T/markers
mkdir -p "$MARK"
REMOTE=$(mktemp -d /tmp/fsjail-t0060-remote.XXXXXX) || bail_out "no folder in /tmp"
trap 'rm -rf "$REMOTE"; cleanup' EXIT
startup_files
printf '[user]\n\tname = fsjail test\n\temail = test@fsjail.invalid\n' >"$HOME/.gitconfig"
export GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

git_q() { git "$@" >/dev/null 2>&1; }
(
	set -e
	cd "$REMOTE" && git init -q -b main && echo r >r && git add r && git commit -qm remote
	# the hooks folder is part of the tree, as projects keep it, so that
	# each linked worktree has its own (core.hooksPath is relative to it)
	cd "$WS" && git init -q -b main && echo a >a && printf 'int main(void){return 0;}\n' >main.c &&
		printf '.wt/\nbuild/\n' >.gitignore && mkdir .githooks && echo hooks >.githooks/README &&
		git add . && git commit -qm init
	git config core.hooksPath .githooks
	echo '*.c diff=cpp' >.git/info/attributes
	git worktree add -q .wt/feature -b feature
	mkdir -p vendor/lib && cd vendor/lib && git init -q -b main && echo l >l && git add l &&
		git commit -qm lib
) >/dev/null 2>&1 || bail_out "cannot make the test repositories"
for f in .git/config .git/info/attributes .wt/feature/.git vendor/lib/.git/config; do
	snapshot "$WS/$f"
done
snapshot "$HOME/.bashrc"
snapshot "$HOME/.gitconfig"

begin_test "no rules file: the default workspace is the work tree top, found from a subfolder"
run_cmd sh -c "cd '$WS/vendor' && '$FSJAIL' status"
assert_out_match "^workspace: +$WS \\(git work tree; "
run_cmd sh -c "cd '$WS/vendor/lib' && '$FSJAIL' status"
assert_out_match "^workspace: +$WS/vendor/lib \\(git work tree; "
end_test

begin_test "no rules file: a realistic git session, sed -i, os.replace and a build work"
fsj_sh -- 'set -e
	git init -q newsub && (cd newsub && echo n >n && git add n && git commit -qm n)
	echo b >>a && git add a && git commit -qm b
	git branch topic && git checkout -q topic && echo t >t && git add t && git commit -qm t
	git checkout -q main && echo m >m && git add m && git commit -qm m
	git checkout -q -b side && echo s >s && git add s && git commit -qm s
	git checkout -q main && git merge -q --no-edit side
	git checkout -q topic && git rebase -q main && git checkout -q main
	echo dirty >>a && git stash -q && git stash pop -q && git checkout -q -- a
	git gc -q
	git worktree add -q .wt/new -b new
	git fetch -q "$1" main:fetched
	(cd .wt/feature && echo f >f && git add f && git commit -qm f)
	(cd vendor/lib && echo l2 >>l && git commit -qam l2 && git checkout -q -b x && git checkout -q main)
	sed -i s/b/B/ a
	python3 -c "import os; open(\"a.tmp\", \"w\").write(\"x\\n\"); os.replace(\"a.tmp\", \"c\")"
	mkdir -p build && cc -o build/prog main.c && ./build/prog
	echo session-ok' "$REMOTE"
assert_rc 0 && assert_out_match '^session-ok$'
for r in "$WS" "$WS/vendor/lib" "$WS/newsub"; do
	run_cmd git -C "$r" fsck --no-dangling
	assert_rc 0
done
run_cmd git -C "$WS" log --format=%s fetched -1
assert_out_eq remote
left=$(find "$WS" \( -name '*.lock' -o -name 'tmp_*' -o -name '*.tmp' -o -name '.fsjail*' \) -print)
[ -z "$left" ] || fail "left behind: $left"
end_test

begin_test "no rules file: hooks, config, info/attributes, hooksPath and a worktree's .git file cannot be changed"
fsj_sh -- 'm=$1
	printf "#!/bin/sh\ntouch $m/pre-commit\n" >.git/hooks/pre-commit; chmod +x .git/hooks/pre-commit
	printf "#!/bin/sh\ntouch $m/hp\n" >.githooks/pre-commit
	printf "#!/bin/sh\ntouch $m/post-checkout\n" >x.hook && chmod +x x.hook &&
		mv x.hook vendor/lib/.git/hooks/post-checkout
	ln -s "$PWD/x.hook" .git/hooks/post-commit
	git config core.fsmonitor "touch $m/fsmonitor"
	printf "[core]\n\tfsmonitor = touch $m/fsmonitor2\n" >>.git/config
	git -C vendor/lib config core.pager "touch $m/pager"
	echo "* filter=evil" >>.git/info/attributes
	echo "gitdir: /nonexistent" >.wt/feature/.git
	rm -rf .git/hooks .githooks; mv .git/config .git/config.old
	exit 0' "$MARK"
for f in .git/config .git/info/attributes .wt/feature/.git vendor/lib/.git/config; do
	assert_unchanged "$WS/$f"
done
assert_not_exists "$WS/.git/hooks/pre-commit"
assert_not_exists "$WS/.git/hooks/post-commit"
assert_not_exists "$WS/.githooks/pre-commit"
assert_not_exists "$WS/vendor/lib/.git/hooks/post-checkout"
assert_dir "$WS/.githooks"
end_test

begin_test "a rule opening ~: ~/.bashrc, ~/.profile, ~/.gitconfig and ~/.config/git cannot be changed"
write_rules <<EOF
rules:
  - id: home
    path: ~
    allow: [read, write, create, delete]
EOF
fsj_sh -- 'm=$1
	echo "touch $m/bashrc" >>~/.bashrc
	echo "touch $m/profile" >~/.profile
	git config --global alias.st "!touch $m/alias"
	printf "[core]\n\thooksPath = %s\n" "$m" >~/.config/git/config
	echo ok >~/other-file' "$MARK"
assert_content "$HOME/other-file" ok
assert_unchanged "$HOME/.bashrc"
assert_unchanged "$HOME/.gitconfig"
assert_content "$HOME/.profile" ""
assert_not_exists "$HOME/.config/git/config"
assert_not_exists "$HOME/.gitconfig.lock"
clear_rules
end_test

begin_test "outside afterwards, git and bash run nothing that was planted"
(
	cd "$WS" && echo z >z && git add z && git commit -qm z && git status >/dev/null &&
		git -C vendor/lib checkout -q x && git -C vendor/lib log -1 >/dev/null &&
		git st >/dev/null 2>&1
	HOME=$HOME bash -ic true >/dev/null 2>&1
	HOME=$HOME bash -lc true >/dev/null 2>&1
) </dev/null
for m in pre-commit hp post-checkout fsmonitor fsmonitor2 pager bashrc profile alias; do
	assert_not_exists "$MARK/$m"
done
end_test

begin_test "explain names the repository metadata rule; status lists it"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.git/hooks/pre-push"
assert_out_match "^  create +deny +protected +protected 'repository-metadata' $WS/\\.git/hooks \\[repository metadata of $WS\\]"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.git/objects"
assert_out_match "^  write +allow +baseline"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "^  $WS/\\.githooks: deny write, create, delete \\(repository metadata of $WS\\)"
assert_out_match "^  $WS/vendor/lib/\\.git/hooks: deny write, create, delete \\(repository metadata of $WS/vendor/lib\\)"
assert_out_match "^  $WS/\\.wt/feature/\\.git \\(this path only\\): deny write, create"
end_test

begin_test "protect: {repository: false} turns the repository part off"
write_config <<EOF
protect:
  repository: false
EOF
fsj_sh -- 'echo "# harmless" >.git/hooks/pre-rebase && echo done'
assert_rc 0 && assert_content "$WS/.git/hooks/pre-rebase" "# harmless"
rm -f "$WS/.git/hooks/pre-rebase"
clear_rules
end_test

begin_test "fsjail's own executable, even inside the workspace, cannot be replaced; status warns"
mkdir -p "$WS/tools"
cp "$FSJAIL" "$WS/tools/fsjail"
snapshot "$WS/tools/fsjail"
"$WS/tools/fsjail" run --workspace "$WS" -- sh -c 'echo x >"$1"; rm -f "$1"; echo y >"$1.new" && mv "$1.new" "$1"' sh \
	"$WS/tools/fsjail" >"$OUT" 2>"$ERR"
assert_unchanged "$WS/tools/fsjail"
run_cmd "$WS/tools/fsjail" status --workspace "$WS"
assert_out_match "^warning: fsjail's executable $WS/tools/fsjail lies in $WS/tools, where the command may create files"
rm -rf "$WS/tools"
end_test

done_testing
