#!/bin/bash
# A run's symbolic links are judged again once its command has ended
# (linkkeep.h, t0593), but a run whose fsjail is killed with SIGKILL (a
# harness's timeout killing the whole group; a command that ignores
# SIGTERM gets there) never reached that look: a link to n/.git/hooks/
# pre-commit made before `git init n` stayed, and the user's editor or
# `git format-patch` writing it planted a hook. The links are written
# down as they are made (linkkeep-journal.h) and the next run's end in
# the same workspace judges a dead run's links; a live run's are left to
# that run, another workspace's to a run there. Root
# and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0538_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_ws

# start_planting NAME REPO: a background run that links NAME to
# REPO/.git/hooks/pre-commit (absent then), makes REPO a repository, says
# so and sleeps; sets PID (its fsjail) once it has done so.
start_planting()
{
	rm -f "$WS/ready"
	setsid "$FSJAIL" run --workspace "$WS" -- bash -c "ln -s $2/.git/hooks/pre-commit $1 &&
		git init -q $2 && touch ready; exec sleep 60" >"$T/bg.out" 2>"$T/bg.err" </dev/null &
	PID=$!
	for _ in $(seq 1 200); do
		[ -e "$WS/ready" ] && return 0
		sleep 0.1
	done
	bail_out "the background run never got ready: $(head -c 300 "$T/bg.err")"
}

begin_test "a link of a run killed with SIGKILL is judged by the next run's end"
start_planting n1 r1
kill -KILL "$PID" && wait "$PID" 2>/dev/null
[ -L n1 ] || fail "the scenario: n1 should be there after the kill"
mkdir -p "$T/elsewhere" && cd "$T/elsewhere" && run_cmd "$FSJAIL" run -- true
assert_rc 0
cd "$WS" || bail_out "cannot enter $WS"
[ -L n1 ] || fail "a run of another workspace judged n1 (under its own policy)"
run_cmd "$FSJAIL" run -- true
assert_rc 0
[ -L n1 ] && fail "n1 -> $(readlink n1) was left after the next run"
assert_err_match "removed the symbolic link .*/n1 the run made"
assert_err_match "made by an earlier run, killed before its end"
end_test

begin_test "a live run's links are left to it; once it is killed, the next run takes them"
start_planting n2 r2
run_cmd "$FSJAIL" run -- true
[ -L n2 ] || fail "a run removed n2, a link of a run still alive: $(cat "$ERR")"
kill -KILL "$PID" && wait "$PID" 2>/dev/null
run_cmd "$FSJAIL" run -- true
[ -L n2 ] && fail "n2 -> $(readlink n2) was left after the live run was killed"
end_test

end_user_pass
done_testing
