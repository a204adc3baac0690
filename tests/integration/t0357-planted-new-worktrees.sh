#!/bin/bash
# Files an editor or agent runs (.vscode/tasks.json, .claude/settings.json,
# .mcp.json...) were compared only at the top of the workspace and of the
# work trees that existed when the run started: a command that made a work
# tree (git worktree add of a branch that tracks .vscode/tasks.json, a
# nested git init or clone) planted such files there and the run said
# nothing. The work trees the run made are now looked at too: each such
# file there changed during the run is named, and recorded as planted
# with new_work_tree true; an older file in a folder the run only turned
# into a work tree is not (it was there, unchanged, before the run).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0357_USER 3
setup
require_landlock
git_env
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"
cd "$WS" || bail_out "cannot enter $WS"
(git init -q -b main && echo a >a && git add a && git commit -qm init &&
	git checkout -q -b tasks && mkdir .vscode && echo '{"tasks":[]}' >.vscode/tasks.json &&
	git add .vscode && git commit -qm tasks && git checkout -q main) >/dev/null 2>&1 ||
	bail_out "cannot make the repository"

# planted FILE PY: PY with recs = the "planted" records of the status
# stream FILE and e = its "exited" record
planted()
{
	python3 - "$1" "$2" "$WS" <<'PY' || fail "status stream: $(cat "$1")"
import json, sys
st = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
recs = [r for r in st if r["type"] == "planted"]
e = st[-1]
assert e["type"] == "exited", st
WS = sys.argv[3]
exec(sys.argv[2])
PY
}

begin_test "git worktree add of a branch that tracks .vscode/tasks.json: named and recorded"
fsj_sh --status-fd 3 -- 'git worktree add -q wt tasks && echo added' 3>"$T/status"
assert_rc 0 && assert_out_match "^added$"
assert_exists "$WS/wt/.vscode/tasks.json"
assert_err_match "note: the command made $WS/wt/.vscode/tasks.json in the work tree $WS/wt it made \\(VS Code runs its tasks"
planted "$T/status" '
r = [r for r in recs if r["path"] == WS + "/wt/.vscode/tasks.json"]
assert len(r) == 1, recs
assert r[0]["kind"] == "autorun-file" and r[0]["change"] == "made", r
assert r[0]["work_tree"] == WS + "/wt" and r[0]["new_work_tree"] is True, r
assert e["planted"] == len(recs), e'
end_test

begin_test "a nested git init with a file its agent runs: named and recorded"
fsj_sh --status-fd 3 -- 'git init -q sub && mkdir sub/.claude &&
echo "{\"hooks\":{}}" >sub/.claude/settings.json && echo "{}" >sub/.mcp.json' 3>"$T/status"
assert_rc 0
assert_err_match "note: the command made $WS/sub/.claude/settings.json in the work tree $WS/sub it made \\(Claude Code runs the hooks"
assert_err_match "note: the command made $WS/sub/.mcp.json in the work tree $WS/sub it made "
planted "$T/status" '
got = sorted((r["kind"], r["path"], r["new_work_tree"]) for r in recs)
assert got == [("autorun-file", WS + "/sub/.claude/settings.json", True),
               ("autorun-file", WS + "/sub/.mcp.json", True),
               ("repository", WS + "/sub/.git", True)], got'
end_test

begin_test "a folder the run turns into a work tree: its older files are not named"
mkdir -p old/.vscode && echo '{}' >old/.vscode/settings.json
sleep 2.2 # its change time a second and more before the run
fsj_sh --status-fd 3 -- 'git init -q old && echo "{}" >old/.mcp.json' 3>"$T/status"
assert_rc 0
assert_err_match "note: the command made $WS/old/.mcp.json in the work tree $WS/old it made "
! grep -q "old/.vscode/settings.json" "$ERR" || fail "an older file named: $(cat "$ERR")"
planted "$T/status" '
assert sorted(r["path"] for r in recs) == [WS + "/old/.git", WS + "/old/.mcp.json"], recs'
end_test

end_user_pass
done_testing
