#!/bin/bash
# Repository metadata is protected wherever the command can write, not
# only under the workspace (listener rule 'repository-metadata',
# src/notify-repo.c): a repository in /tmp (granted whole by the
# baseline), a bare one there, and the parent repository of a nested-repo
# workspace opened with --grant. Hooks, config, hooks/ and info/ are
# refused, and git run outside afterwards runs nothing planted (marker
# files absent). What the command made in the run stays free: git init
# in /tmp, git worktree add/remove in the workspace. As root and as the
# ordinary user cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan 10
setup
require_landlock
git_env

# Every repository lives in a /tmp folder of its own (the test root is
# under /home, which the baseline does not grant).
TMPS=()
trap 'rm -rf "${TMPS[@]}"; cleanup' EXIT
# newtmp: D becomes a new /tmp folder, removed on exit (not in a $(...):
# TMPS must grow in this shell).
newtmp()
{
	D=$(mktemp -d /tmp/fsjail-t0095.XXXXXX) || bail_out "no /tmp folder"
	chmod 755 "$D"
	TMPS+=("$D")
}

# attack DIR: plant in DIR/somerepo (a repository) and DIR/origin.git (a
# bare one); markers go to DIR/m.
# shellcheck disable=SC2016
ATTACK='d=$1
	mkdir -p $d/evil && printf "#!/bin/sh\ntouch $d/m/hook2\n" >$d/evil/post-checkout &&
	chmod +x $d/evil/post-checkout && mv $d/somerepo/.git/hooks $d/hooks.away
	mv $d/evil $d/somerepo/.git/hooks
	printf "#!/bin/sh\ntouch $d/m/hook\n" >$d/somerepo/.git/hooks/pre-commit
	chmod +x $d/somerepo/.git/hooks/pre-commit
	printf "[core]\n\tfsmonitor = touch $d/m/fsm\n" >>$d/somerepo/.git/config
	echo "*" >>$d/somerepo/.git/info/exclude
	printf "#!/bin/sh\ntouch $d/m/receive\n" >$d/origin.git/hooks/post-receive
	chmod +x $d/origin.git/hooks/post-receive
	exit 0'

# make_repos DIR: the two repositories, a file in the first committed.
make_repos()
{
	(
		set -e
		mkdir -p "$1/m" && chmod 777 "$1/m"
		git init -q -b main "$1/somerepo" && cd "$1/somerepo" && echo a >a && git add a &&
			git commit -qm a
		git init -q --bare "$1/origin.git" && git remote add origin "$1/origin.git"
	) >/dev/null 2>&1 || bail_out "cannot make the test repositories"
	cp "$1/somerepo/.git/config" "$1/config.before"
	cp "$1/somerepo/.git/info/exclude" "$1/exclude.before"
}

# check_outside DIR: nothing landed, and git outside runs nothing.
check_outside()
{
	local d=$1
	local -x GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*'
	assert_not_exists "$d/somerepo/.git/hooks/pre-commit"
	assert_not_exists "$d/somerepo/.git/hooks/post-checkout"
	assert_dir "$d/somerepo/.git/hooks"
	assert_not_exists "$d/origin.git/hooks/post-receive"
	cmp -s "$d/config.before" "$d/somerepo/.git/config" || fail "the config changed"
	cmp -s "$d/exclude.before" "$d/somerepo/.git/info/exclude" || fail "info/exclude changed"
	grep -q "repository-metadata" "$ERR" || fail "no refusal named repository-metadata"
	(cd "$d/somerepo" && echo b >b; git add b; git commit -qm b; git status
		git checkout -q -b x; git push -q origin x) >/dev/null 2>&1 </dev/null
	assert_not_exists "$d/m/hook"
	assert_not_exists "$d/m/hook2"
	assert_not_exists "$d/m/fsm"
	assert_not_exists "$d/m/receive"
}

begin_test "a repository and a bare one in /tmp: hooks, config, hooks/, info/ refused"
newtmp
make_repos "$D"
fsj_sh -- "$ATTACK" "$D"
check_outside "$D"
end_test

begin_test "as the ordinary user cloudsdk: the same"
if ! U=$(user_folder); then
	skip_root "runs the attack as the ordinary user cloudsdk"
	T_OPEN=0
else
	newtmp
	chown cloudsdk: "$D"
	runuser -u cloudsdk -- env HOME="$U" bash -c "$(declare -f make_repos bail_out); make_repos $D" ||
		bail_out "cannot make cloudsdk's repositories"
	mkdir -p "$U/ws" && chown cloudsdk: "$U/ws"
	as_user "$U" bash -c "cd \$1/ws && \"\$2\" run -- bash -c \"\$3\" bash \$4" \
		bash "$U" "$FSJAIL" "$ATTACK" "$D"
	check_outside "$D"
	rm -rf "$U"
	end_test
fi

begin_test "a nested-repo workspace with --grant on the parent: the parent's hooks refused"
newtmp
(git init -q -b main "$D/parent" && git init -q -b main "$D/parent/ws" &&
	git -C "$D/parent/ws" commit -q --allow-empty -m i) >/dev/null 2>&1 ||
	bail_out "cannot make the nested repositories"
"$FSJAIL" run --workspace "$D/parent/ws" --grant "read,write,create:$D/parent" -- bash -c \
	'printf "#!/bin/sh\ntouch $1/hook\n" >$1/parent/.git/hooks/post-commit
	chmod +x $1/parent/.git/hooks/post-commit; echo ok >$1/parent/file' bash "$D" \
	>"$OUT" 2>"$ERR"
RC=$?
assert_not_exists "$D/parent/.git/hooks/post-commit"
assert_content "$D/parent/file" "ok"
grep -q "repository-metadata" "$ERR" || fail "no refusal named repository-metadata"
(cd "$D/parent" && git add file && git commit -qm f) >/dev/null 2>&1 </dev/null
assert_not_exists "$D/hook"
end_test

begin_test "git init in /tmp inside the run works (made in the run; hooks: .sample only, t0215)"
newtmp
fsj_sh -- 'git init -q -b main "$1/new" && cd "$1/new" &&
	{ printf "#!/bin/sh\necho hook-ran\n" >.git/hooks/pre-commit; chmod +x .git/hooks/pre-commit
	git config user.name x && git commit -q --allow-empty -m i && echo init-ok; }' "$D"
assert_rc 0
assert_err_match "hook pre-commit in a repository made by this run"
assert_out_match "^init-ok$"
end_test

begin_test "git worktree add and remove in the workspace work"
(cd "$WS" && git init -q -b main && git commit -q --allow-empty -m i) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"
fsj_sh -- 'git worktree add -q wt -b wt && echo f >wt/f && git -C wt add f &&
	git -C wt commit -qm f && git worktree remove wt && echo wt-ok'
assert_rc 0
assert_out_match "^wt-ok$"
assert_not_exists "$WS/wt"
end_test

begin_test "a linked worktree's .git file outside: delete only"
newtmp
(git init -q -b main "$D/main" && git -C "$D/main" commit -q --allow-empty -m i &&
	git -C "$D/main" worktree add -q "$D/wt1" -b wt1) >/dev/null 2>&1 ||
	bail_out "cannot make the linked worktree"
cp "$D/wt1/.git" "$D/gitfile.before"
fsj_sh -- 'echo "gitdir: $1/evil" >"$1/wt1/.git"; mkdir "$1/plain"; ls "$1/plain" >/dev/null
	echo "gitdir: $1/evil" >"$1/plain-file"; mv "$1/plain-file" "$1/wt1/.git"; exit 0' "$D"
cmp -s "$D/gitfile.before" "$D/wt1/.git" || fail "the .git file changed"
fsj_sh -- 'rm "$1/wt1/.git" && echo rm-ok' "$D"
assert_rc 0
assert_out_match "^rm-ok$"
assert_not_exists "$D/wt1/.git"
end_test

begin_test "a folder named info or hooks that is no repository's stays writable"
newtmp
mkdir -p "$D/proj/info" "$D/proj/hooks"
fsj_sh -- 'echo a >"$1/proj/info/x" && echo b >"$1/proj/hooks/y" && echo c >"$1/proj/config" &&
	echo plain-ok' "$D"
assert_rc 0
assert_out_match "^plain-ok$"
assert_content "$D/proj/info/x" "a"
end_test

begin_test "status says what the listener adds"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "repositor(y|ies) outside"
end_test

begin_test "protect: {repository: false} turns the listener's rule off too"
newtmp
git init -q -b main "$D/r" >/dev/null 2>&1 || bail_out "cannot make the repository"
write_config <<EOF
protect:
  repository: false
EOF
fsj_sh -- 'echo "# harmless" >"$1/r/.git/hooks/pre-rebase" && echo done' "$D"
assert_rc 0
assert_content "$D/r/.git/hooks/pre-rebase" "# harmless"
clear_rules
end_test

begin_test "a .git or NAME.git gitdir renamed away to plant a new one in its place: refused"
newtmp
make_repos "$D"
# shellcheck disable=SC2016
fsj_sh -- 'd=$1
	mv $d/somerepo/.git $d/somerepo/.git.away && git init -q $d/somerepo &&
		printf "#!/bin/sh\ntouch $d/m/hook\n" >$d/somerepo/.git/hooks/pre-commit &&
		chmod +x $d/somerepo/.git/hooks/pre-commit
	mv $d/origin.git $d/origin.away && git init -q --bare $d/origin.git &&
		printf "#!/bin/sh\ntouch $d/m/receive\n" >$d/origin.git/hooks/post-receive &&
		chmod +x $d/origin.git/hooks/post-receive
	exit 0' "$D"
assert_not_exists "$D/somerepo/.git.away"
assert_not_exists "$D/origin.away"
check_outside "$D"
end_test

done_testing
