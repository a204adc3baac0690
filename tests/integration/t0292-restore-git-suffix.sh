#!/bin/bash
# Undoing git runs one by one, newest first, leaves a repository `git
# fsck --full` finds whole, and the workspace as it was before the oldest
# run undone (every file, .git too, by sha256). Before: run 1 made
# refs/stash (git stash), run 2 removed it (stash pop, drop, gc); the
# restore of run 2 made refs/stash again as a new file, and the restore
# of run 1 left that file (another file than run 1 made) but took the
# stash's objects: refs/stash named a missing object. A restore now
# records what it makes again, for what (restore-remade.h), and a
# restore of an older run takes it as the file its run made. Also for two
# runs at once (one group, undone together), and out of order (the older
# run first: its restore's paths are then left by the later run's).
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libundo.sh"

plan_user_pass FSJAIL_T0292_USER 7
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env

# sums: every file of $WS with its sha256, and every name, sorted.
sums()
{
	(cd "$WS" && find . -type f -print0 | sort -z | xargs -0 sha256sum && find . | sort)
}

# cycle_names: the run cycles of $WS, oldest first, one a line.
cycle_names()
{
	"$FSJAIL" backups list --json --workspace "$WS" | python3 -c '
import json, sys
for c in json.load(sys.stdin)["cycles"]:
    if c["kind"] == "run":
        print(c["cycle"])'
}

# whole WHAT: git fsck --full is clean and $WS is as in $T/before.
whole()
{
	git -C "$WS" fsck --full >"$T/fsck" 2>&1 || fail "git fsck fails $1"
	if grep -v '^dangling' "$T/fsck" | grep -q .; then
		fail "git fsck is not clean $1"
		diag_file fsck "$T/fsck"
	fi
	sums >"$T/after"
	diff "$T/before" "$T/after" >"$T/sums.diff" ||
		{ fail "the workspace differs from before the runs $1"; diag_file sums.diff "$T/sums.diff"; }
}

# fresh [none]: $WS a copy of one settled repository of a and b (git_settled
# waits out git's racy window once; the copy keeps its old mtimes), no state,
# sums in $T/before; then, but for "none", run 1 commits and stashes.
mkdir "$T/settled" && echo a >"$T/settled/a" && echo b >"$T/settled/b" && git_settled "$T/settled"
fresh()
{
	rm -rf "$WS" "$FSJAIL_HOME/state" && cp -a "$T/settled" "$WS" && cd "$WS" || bail_out "no $WS"
	git status --porcelain >/dev/null && sums >"$T/before"
	[ "${1:-}" = none ] && return
	fsj_sh -- 'echo c >>a && git commit -qam two && echo d >>b && git stash -q'
	assert_rc 0
}

# two_then_one RUN2 [ORDER]: run 2 runs RUN2; both restored newest first
# (ORDER "2 1", the default), or the older first ("1 2").
two_then_one()
{
	local c n
	fresh
	fsj_sh -- "$1"
	assert_rc 0
	[ -n "$(cycle_names | sed -n 2p)" ] || { fail "two run cycles expected: $(cycle_names)"; return; }
	for n in ${2:-2 1}; do
		c=$(cycle_names | sed -n "${n}p")
		run_cmd "$FSJAIL" backups restore --cycle "$c" --workspace "$WS"
		assert_rc 0
	done
	whole "after '$1' and both restores (${2:-2 1})"
}

begin_test "stash, then stash pop + commit + gc: restore 2 then 1 is whole"
two_then_one 'git stash pop -q && git commit -qam three && git gc -q'
end_test

begin_test "stash, then stash drop + gc --prune=now: restore 2 then 1 is whole"
two_then_one 'git stash drop -q && git gc -q --prune=now'
end_test

begin_test "stash, then pop, commit, reflog expire, gc --prune=now: restore 2 then 1"
two_then_one 'git stash pop -q && git commit -qam three && git reflog expire --expire=now --all && git gc -q --prune=now'
end_test

# Out of order: the older run's restore puts back what both runs touched
# to before the older one; the later run's restore then leaves those
# paths (restore-remade.h restore_remade_settled()).
begin_test "stash, then stash pop: restore 1 then 2 (the older first) is whole"
two_then_one 'git stash pop -q' "1 2"
end_test

begin_test "stash, then stash drop + gc --prune=now: restore 1 then 2 is whole"
two_then_one 'git stash drop -q && git gc -q --prune=now' "1 2"
end_test

begin_test "restoring only the newest run gives the state after run 1, fsck clean"
fresh
sums >"$T/before"
fsj_sh -- 'git stash pop -q && git commit -qam three && git gc -q --prune=now'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
whole "after restoring run 2 alone"
end_test

begin_test "two runs at once (one group): one restore of both is whole"
fresh none
"$FSJAIL" run --workspace "$WS" -- bash -c 'echo c >>a && git commit -qam two && echo d >>b &&
	git stash -q && : >stashed && sleep 4 && echo z >late' >"$T/a.out" 2>&1 &
apid=$!
for _ in $(seq 1 200); do [ -e "$WS/stashed" ] && break; sleep 0.05; done
fsj_sh -- 'git stash pop -q && git gc -q --prune=now'
assert_rc 0
wait "$apid" || fail "the first run failed: $(cat "$T/a.out")"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match 'restoring together'
whole "after restoring the two runs together"
end_test

end_user_pass
done_testing
