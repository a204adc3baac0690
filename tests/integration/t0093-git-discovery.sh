#!/bin/bash
# Git's repository discovery cannot be turned against the user (issue 12
# item 2; attacks a02, a03, a06, a07 of tests/attacks on the attack
# branch). Each attack test runs git OUTSIDE fsjail afterwards and checks
# that the command's payload did not run; the last tests check that
# everyday git (checkout, switch, rebase, detached HEAD, stash, worktree
# add, init, clone) keeps working, as root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan 9
setup
require_landlock
git_env

MARK=$T/markers
mkdir -p "$MARK"
chmod 1777 "$MARK"

# repo DIR: a repository with one commit on main
repo()
{
	(mkdir -p "$1" && cd "$1" && git init -q -b main && echo o >o && git add o &&
		git commit -qm o) >/dev/null 2>&1
}

# git_outside DIR: what the user does next, outside fsjail
git_outside()
{
	(cd "$1" && git status && git log -1) >/dev/null 2>&1 </dev/null
}

repo "$WS"

# a03: junk in .git/HEAD makes git reject .git and take the workspace
# itself for a bare gitdir (HEAD, objects and refs as executable files,
# config with core.worktree and core.fsmonitor).
# shellcheck disable=SC2016
A03='echo garbage >.git/HEAD
	: >objects; : >refs; chmod +x objects refs
	echo "ref: refs/heads/main" >HEAD
	printf "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = %s\n\tfsmonitor = touch %s/$2; false\n" "$PWD" "$1" >config
	exit 0'

begin_test "a03: the workspace's .git cannot be made invalid nor a bare gitdir planted beside it"
cp "$WS/.git/HEAD" "$T/head.before"
fsj_sh -- "$A03" "$MARK" a03
cmp -s "$T/head.before" "$WS/.git/HEAD" || fail ".git/HEAD changed: $(cat "$WS/.git/HEAD")"
assert_not_exists "$WS/HEAD"
assert_err_match "repository-discovery"
git_outside "$WS"
assert_not_exists "$MARK/a03"
rm -f "$WS/objects" "$WS/refs" "$WS/config"
end_test

begin_test "a03: HEAD only takes a valid ref or id; HEAD and commondir stay; no HEAD outside a gitdir"
git -C "$WS" gc -q
fsj_sh -- 'echo junk >.git/HEAD.lock; mv .git/HEAD.lock .git/HEAD && echo moved-junk
	rm -f .git/HEAD.lock .git/HEAD && echo removed-head
	echo .. >.git/commondir && echo wrote-commondir
	mkdir -p d && echo x >d/HEAD && echo made-d-head
	printf "ref: refs/heads/x\n" >.git/HEAD.lock && mv .git/HEAD.lock .git/HEAD && echo valid-ok
	printf "ref: refs/heads/main\n" >.git/HEAD.lock && mv .git/HEAD.lock .git/HEAD'
assert_out_eq valid-ok
assert_content "$WS/.git/HEAD" "ref: refs/heads/main"
assert_not_exists "$WS/.git/commondir"
assert_not_exists "$WS/d/HEAD"
end_test

begin_test "a03 as the ordinary user cloudsdk: the same"
if ! U=$(user_folder); then
	skip_root "runs the attack as the ordinary user cloudsdk"
	T_OPEN=0
else
	as_user "$U" bash -c 'cd "$1" && git init -q -b main ws && cd ws && echo o >o && git add o &&
		git -c user.name=t -c user.email=t@x commit -qm o && cp .git/HEAD ../head.before &&
		"$2" run -- bash -c "$3" bash "$4" a03u' bash "$U" "$FSJAIL" "$A03" "$MARK"
	cmp -s "$U/head.before" "$U/ws/.git/HEAD" || fail ".git/HEAD changed"
	assert_not_exists "$U/ws/HEAD"
	runuser -u cloudsdk -- bash -c 'cd "$1" && git status; git log -1' bash "$U/ws" \
		>/dev/null 2>&1 </dev/null
	assert_not_exists "$MARK/a03u"
	rm -rf "$U"
	end_test
fi

begin_test "a06: no linked-worktree grant for a gitdir the command could have written (/tmp)"
repo "$T/other"
before=$(git -C "$T/other" rev-parse main)
X=$(mktemp -d /tmp/fsjail-t0093.XXXXXX)
rmdir "$X"
fsj_sh -- 'set -e
	mkdir -p "$2" sub
	echo "ref: refs/heads/main" >"$2/HEAD"
	echo "$1/.git" >"$2/commondir"
	echo "$PWD/sub/.git" >"$2/gitdir"
	echo "gitdir: $2" >sub/.git' "$T/other" "$X"
fsj_sh -- 'cd "$1" && c=$(git commit-tree -m EVIL "HEAD^{tree}" -p HEAD) &&
	git update-ref refs/heads/main "$c"' "$T/other"
[ "$(git -C "$T/other" rev-parse main)" = "$before" ] || fail "the other repository's main moved"
run_cmd "$FSJAIL" explain --workspace "$WS" "$T/other/.git/objects"
! grep -q "git-linked-worktree" "$OUT" || fail "granted: $(cat "$OUT")"
assert_err_match "no git-linked-worktree grant for $X: it is not COMMON/worktrees/NAME"
# the right shape, but where the command may write: no grant either
repo "$X/c"
mkdir -p "$X/c/.git/worktrees/n" "$WS/sub2"
echo "ref: refs/heads/main" >"$X/c/.git/worktrees/n/HEAD"
echo ../.. >"$X/c/.git/worktrees/n/commondir"
echo "$WS/sub2/.git" >"$X/c/.git/worktrees/n/gitdir"
echo "gitdir: $X/c/.git/worktrees/n" >"$WS/sub2/.git"
run_cmd "$FSJAIL" explain --workspace "$WS" "$X/c/.git/refs"
! grep -q "git-linked-worktree" "$OUT" || fail "granted: $(cat "$OUT")"
assert_err_match "no git-linked-worktree grant for $X/c/.git/worktrees/n: the command may write"
rm -rf "$X" "$WS/sub" "$WS/sub2"
end_test

begin_test "a02: a .git file 'gitdir: g ' is read as git does: the planted gitdir is named"
# (the HEAD is made under x.git, where git init and clone make theirs, so
# that repository-discovery lets it be and the reading is what is tested)
fsj_sh -- 'mkdir -p "src/x.git/g " src/c/objects src/c/refs
	echo "ref: refs/heads/main" >"src/x.git/g /HEAD"
	echo "../../c" >"src/x.git/g /commondir"
	printf "[core]\n\tfsmonitor = touch %s/a02; false\n" "$1" >src/c/config
	printf "gitdir: x.git/g \n" >src/.git' "$MARK"
assert_exists "$WS/src/x.git/g /HEAD"
assert_err_match "made git repositories"
assert_err_match "/ws/src/x\\.git/g $"
rm -rf "$WS/src"
end_test

begin_test "a07: files a protected config includes cannot be changed or made"
printf '[include]\n\tpath = ../.gitconfig-project\n[includeIf "onbranch:main"]\n\tpath = ../inc/absent\n' \
	>>"$WS/.git/config"
: >"$WS/.gitconfig-project"
fsj_sh -- 'printf "[core]\n\tfsmonitor = touch %s/a07; false\n" "$1" >.gitconfig-project
	mkdir -p inc; printf "[core]\n\tfsmonitor = touch %s/a07b; false\n" "$1" >inc/absent
	exit 0' "$MARK"
assert_content "$WS/.gitconfig-project" ""
assert_not_exists "$WS/inc/absent"
git_outside "$WS"
assert_not_exists "$MARK/a07"
assert_not_exists "$MARK/a07b"
end_test

# session: everyday git inside fsjail; prints ok-N as steps pass
# shellcheck disable=SC2016
SESSION='set -e
	git checkout -q -b feat; echo f >f; git add f; git commit -qm f; echo ok-1
	git switch -q main; echo m >m; git add m; git commit -qm m; echo ok-2
	git rebase -q feat; echo ok-3
	git checkout -q --detach HEAD~1; git checkout -q main; echo ok-4
	echo s >>o; git stash -q; git stash pop -q; git commit -qam s; echo ok-5
	git worktree add -q wt2 -b wt2; git -C wt2 checkout -q -b wt3; echo ok-6
	git init -q sub; git init -q --bare bare; echo ok-7
	git clone -q "$PWD" clone1; git -C clone1 checkout -q -b c; echo ok-8'

begin_test "everyday git keeps working: checkout -b, switch, rebase, detached HEAD, stash, worktree, init, clone"
repo "$T/ws2"
"$FSJAIL" run --workspace "$T/ws2" -- bash -c "cd $T/ws2 && $SESSION" >"$OUT" 2>"$ERR"
assert_out_match "^ok-8$"
assert_content "$T/ws2/.git/HEAD" "ref: refs/heads/main"
run_cmd git -C "$T/ws2" log --format=%s -1 main
assert_out_eq s
run_cmd git -C "$T/ws2" fsck --no-dangling
assert_rc 0
end_test

begin_test "everyday git as the ordinary user cloudsdk"
if ! U=$(user_folder); then
	skip_root "runs git as the ordinary user cloudsdk"
	T_OPEN=0
else
	as_user "$U" bash -c 'cd "$1" && git init -q -b main ws && cd ws && echo o >o && git add o &&
		git commit -qm o && "$2" run -- bash -c "$3"' bash "$U" "$FSJAIL" "$SESSION"
	assert_out_match "^ok-8$"
	assert_content "$U/ws/.git/HEAD" "ref: refs/heads/main"
	rm -rf "$U"
	end_test
fi

begin_test "the protected gitdir costs its folders nothing: no expansion of the workspace, .git or a folder above"
run_cmd "$FSJAIL" status --json --workspace "$WS"
python3 - "$OUT" "$WS" 2>"$ERR" <<'PY' || fail "status lists an expanded folder at or above the repository: $(cat "$ERR")"
import json, sys
doc, ws = json.load(open(sys.argv[1])), sys.argv[2]
# fsjail-json(7): each entry is an object {path, why}
if not all(isinstance(e, dict) and isinstance(e.get("path"), str) for e in doc.get("expanded", [])):
    print("expanded entries are not {path, why} objects:", doc.get("expanded"), file=sys.stderr)
    sys.exit(1)
paths = [e["path"] for e in doc.get("expanded", [])]
# "/" is the guarded read fence's own expansion; the workspace, .git and
# the folders between them and "/" must not be expanded
bad = [e for e in paths if e != "/" and (ws == e or ws.startswith(e + "/") or e.startswith(ws + "/.git"))]
if bad:
    print(bad, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
end_test

done_testing
