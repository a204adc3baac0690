#!/bin/bash
# Rules on the folders the repository walk reads (issue 18): each such
# folder is lstat(2)ed once per run, by the rules' resolution, and the
# walk checks its record (repometa-cache.h) against that answer instead of
# a second lstat (path_memo_lstat_kept()). The record may cost time, never
# protection: with a rule on every folder, a repository that appears
# between two runs is protected on the second (made in a rule folder with
# every mtime set back; renamed in from outside), one whose .git is
# removed is no longer treated as one, and a rule folder swapped for a
# symlink to a repository outside is not followed by the walk while the
# repository stays protected. explain, whose policy load now keeps the
# memo through its plan's compile, answers for a rule folder swapped
# between two calls as it does with no policy cache (the rule follows it). Every folder is aged
# past the racy-clean margin (2 s) before the run that records it.
. "$(dirname "$0")/libtest.sh"
plan 6
setup
require_landlock
git_env

OLD=$(date -d '2020-01-02 03:04:05' +%s)
mkdir -p "$T/outside" || bail_out "cannot make the tree"
{
	echo "rules:"
	for i in $(seq -w 1 40); do
		mkdir -p "$WS/f$i" || exit 1
		printf '  - id: f%s\n    path: %s/f%s\n    allow: [read, write, create, delete]\n' \
			"$i" "$WS" "$i"
	done
} | write_rules || bail_out "cannot write the rules"

new_repo()
{
	(git init -q "$1" && cd "$1" && echo a >a && git add a && git commit -qm a &&
		mkdir .githooks && git config core.hooksPath .githooks) \
		>/dev/null 2>&1 || bail_out "cannot make repository $1"
}

# hook_planted REPO: a run tries to plant a hook in REPO's .githooks (only
# the walk's rules protect it) and to change its config; 0 when either
# happened.
hook_planted()
{
	local cfg
	cfg=$(cat "$1/.git/config" 2>/dev/null)
	fsj_sh -- 'printf "#!/bin/sh\n" >"$1/.githooks/pre-commit"; \
		printf "[core]\n\tfsmonitor = x\n" >>"$1/.git/config"' "$1"
	[ -e "$1/.githooks/pre-commit" ] && return 0
	[ "$(cat "$1/.git/config" 2>/dev/null)" != "$cfg" ]
}

age()
{
	sleep 3
	fsj -- true
	assert_rc 0
}

if ! command -v strace >/dev/null; then
	skip "strace is needed to count the lookups"
else
	begin_test "each rule folder is lstat'ed once per run: the walk takes the resolution's answer"
	age
	# LeakSanitizer cannot work under ptrace (a sanitizer build: CI)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -qq -e trace=newfstatat -o "$T/trace" "$FSJAIL" run --workspace "$WS" -- true \
		>"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	n=$(grep -c "\"$WS/f20\", .*AT_SYMLINK_NOFOLLOW" "$T/trace")
	[ "$n" = 1 ] || fail "$WS/f20 was lstat'ed $n times (expected once)"
	end_test
fi

begin_test "a repository made in a rule folder, every mtime set back, is protected"
age
keep=$(stat -c %.9Y "$WS/f07")
new_repo "$WS/f07/deep/r"
find "$WS/f07/deep" -type d -exec touch -h -d "@$OLD" {} +
touch -d "@$keep" "$WS/f07"
hook_planted "$WS/f07/deep/r" && fail "a hook or config was written in $WS/f07/deep/r"
end_test

begin_test "a repository renamed into a rule folder from outside is protected"
age
new_repo "$T/outside/two/r"
find "$T/outside/two" -type d -exec touch -h -d "@$OLD" {} +
keep=$(stat -c %.9Y "$WS/f11")
mv "$T/outside/two" "$WS/f11/two"
touch -d "@$keep" "$WS/f11"
hook_planted "$WS/f11/two/r" && fail "a hook or config was written in $WS/f11/two/r"
end_test

begin_test "a repository whose .git is removed between runs is no longer one"
age
new_repo "$WS/f15/gone"
age
rm -rf "$WS/f15/gone/.git"
fsj_sh -- 'printf "#!/bin/sh\n" >"$1/.githooks/pre-commit"' "$WS/f15/gone"
assert_rc 0
assert_exists "$WS/f15/gone/.githooks/pre-commit"
end_test

begin_test "a rule folder swapped for a symlink to a repository outside"
age
new_repo "$T/outside/linked"
rm -rf "$WS/f22" && ln -s "$T/outside/linked" "$WS/f22" || bail_out "cannot swap f22"
cfg=$(cat "$T/outside/linked/.git/config")
fsj_sh -- 'printf "[core]\n\tfsmonitor = x\n" >>"$1/.git/config"
	printf "#!/bin/sh\n" >"$1/.git/hooks/pre-commit"' "$WS/f22"
[ "$(cat "$T/outside/linked/.git/config")" = "$cfg" ] || fail "the config behind the link changed"
assert_not_exists "$T/outside/linked/.git/hooks/pre-commit"
end_test

begin_test "explain after a rule folder is swapped for a symlink: as with no policy cache"
mkdir -p "$T/outside/tgt"
rm -rf "$WS/f30" && mkdir "$WS/f30"
"$FSJAIL" explain --json --workspace "$WS" "$WS/f30/new" >"$T/e1.json" 2>"$ERR" ||
	fail "explain failed: $(cat "$ERR")"
rm -rf "$WS/f30" && ln -s "$T/outside/tgt" "$WS/f30"
"$FSJAIL" explain --json --workspace "$WS" "$WS/f30/new" >"$T/e2.json" 2>"$ERR" ||
	fail "explain failed: $(cat "$ERR")"
FSJAIL_NO_POLICY_CACHE=1 "$FSJAIL" explain --json --workspace "$WS" "$WS/f30/new" \
	>"$T/e3.json" 2>"$ERR" || fail "explain (no cache) failed: $(cat "$ERR")"
says()
{
	json "$1" "' '.join(str(d['paths'][0].get('resolved')) + ':' + c + '=' +
		str(v['allowed']) for c, v in sorted(d['paths'][0]['capabilities'].items()))"
}
s1=$(says "$T/e1.json") s2=$(says "$T/e2.json") s3=$(says "$T/e3.json")
[ "$s2" = "$s3" ] || fail "after the swap: '$s2', with no policy cache: '$s3'"
[ "$s1" != "$s2" ] || fail "explain did not see the swap: '$s2'"
end_test

done_testing
