#!/bin/bash
# explain and status show the repository rules the seccomp listener
# enforces, not only the policy's (issue 12 items 2 and 6; src/repoexplain.c):
#   - a repository outside the workspace (/tmp): its config and hooks are
#     refused (rule 'repository-metadata'), HEAD is not, and explain says
#     so where a run agrees;
#   - a HEAD made under the workspace outside a .git folder is refused
#     (rule 'repository-discovery'), one under a new sub/.git is not, and
#     explain notes that such a repository is the command's own;
#   - explain --json carries the listener's rule; status names both rules,
#     and says they are not in force without the listener
#     (FSJAIL_NO_NOTIFY=1), where explain then says allow as the run does;
#   - folders the scan left unsearched are listed by status --json and
#     counted in its text, and explain names 'repository-unsearched'.
. "$(dirname "$0")/libtest.sh"

plan 7
setup
require_landlock
git_env

X=$(mktemp -d /tmp/fsjail-t0101.XXXXXX) || bail_out "no /tmp folder"
trap 'rm -rf "$X"; cleanup' EXIT
git init -q "$X/r" || bail_out "no git"
git -C "$WS" init -q || bail_out "no git"
mkdir -p "$WS/sub" "$WS/deep/a" "$WS/deep/b" "$WS/deep/c"

# explain_line PATH CAP: the line of explain PATH for capability CAP.
explain_line()
{
	"$FSJAIL" explain --workspace "$WS" "$1" 2>/dev/null | grep -E "^  $2 "
}

begin_test "a repository outside the workspace: config and hooks refused by the listener, HEAD not"
line=$(explain_line "$X/r/.git/config" write)
case $line in
*deny*protected*listener*"'repository-metadata'"*"$X/r/.git"*) ;;
*) fail "explain config write: '$line'" ;;
esac
line=$(explain_line "$X/r/.git/hooks/pre-commit" create)
case $line in *deny*"'repository-metadata'"*) ;; *) fail "explain hook create: '$line'" ;; esac
line=$(explain_line "$X/r/.git/HEAD" write)
case $line in *allow*) ;; *) fail "explain HEAD write: '$line'" ;; esac
"$FSJAIL" explain --workspace "$WS" "$X/r/.git/HEAD" >"$OUT" 2>"$ERR"
assert_out_match "note: $X/r/.git is a git repository outside the workspace"
# info/ as the listener guards it: four files, not refs (git gc writes it)
assert_out_match "info/\\{attributes,exclude,sparse-checkout,grafts\\}"
"$FSJAIL" explain --workspace "$WS" "$X/r/.git/info/refs" >"$OUT" 2>"$ERR"
grep -q "info/," "$OUT" && fail "explain says all of info/ is refused: $(cat "$OUT")"
# the run agrees
cp "$X/r/.git/config" "$T/config.before"
fsj_sh -- 'echo "[core] fsmonitor = x" >>"$1/.git/config"' "$X/r"
assert_failed
cmp -s "$X/r/.git/config" "$T/config.before" || fail "the config changed"
assert_err_match "repository-metadata"
end_test

begin_test "a HEAD under the workspace outside a .git folder: refused by 'repository-discovery'"
line=$(explain_line "$WS/sub/HEAD" create)
case $line in
*deny*protected*listener*"'repository-discovery'"*) ;;
*) fail "explain sub/HEAD create: '$line'" ;;
esac
line=$(explain_line "$WS/sub/HEAD" write)
case $line in *allow*) ;; *) fail "explain sub/HEAD write: '$line'" ;; esac
fsj_sh -- 'echo "ref: refs/heads/main" >"$1/sub/HEAD"' "$WS"
assert_failed
assert_not_exists "$WS/sub/HEAD"
assert_err_match "repository-discovery"
end_test

begin_test "a new sub/.git: allowed, and explain says the repository would be the command's"
line=$(explain_line "$WS/sub/.git/HEAD" create)
case $line in *allow*) ;; *) fail "explain sub/.git/HEAD create: '$line'" ;; esac
"$FSJAIL" explain --workspace "$WS" "$WS/sub/.git/HEAD" >"$OUT" 2>"$ERR"
assert_out_match "note: $WS/sub/.git does not exist: in a repository the command makes there, config takes inert keys only"
fsj -- git init -q "$WS/sub"
assert_rc 0
assert_err_match "the command made git repositories"
rm -rf "$WS/sub/.git"
end_test

begin_test "explain --json carries the listener's rule"
"$FSJAIL" explain --json --workspace "$WS" "$WS/sub/HEAD" >"$OUT" 2>"$ERR"
assert_rc 0
python3 - "$OUT" <<'PY' >"$T/py" 2>&1 || { fail "json"; diag_file python "$T/py"; }
import json, sys
c = json.load(open(sys.argv[1]))["paths"][0]["capabilities"]["create"]
assert c["allowed"] is False, c
assert c["level"] == "protected", c
r = c["rule"]
assert r["id"] == "repository-discovery" and r["origin"] == "listener", r
assert "HEAD" in r["reason"], r
PY
end_test

begin_test "status names the listener's repository rules"
"$FSJAIL" status --workspace "$WS" >"$OUT" 2>"$ERR"
assert_out_match "rule 'repository-discovery'"
assert_out_match "hooks/, info/, config, config.worktree.*rule 'repository-metadata'"
"$FSJAIL" status --json --workspace "$WS" >"$OUT" 2>"$ERR"
python3 - "$OUT" <<'PY' >"$T/py" 2>&1 || { fail "json"; diag_file python "$T/py"; }
import json, sys
r = json.load(open(sys.argv[1]))["repository_metadata"]
assert r["outside_by_listener"] is True and r["discovery_by_listener"] is True, r
assert r["unsearched"] == [], r
PY
end_test

begin_test "without the listener, status says so and explain says allow as the run does"
FSJAIL_NO_NOTIFY=1 "$FSJAIL" status --workspace "$WS" >"$OUT" 2>"$ERR"
assert_out_match "NOT protected: no listener"
line=$(FSJAIL_NO_NOTIFY=1 explain_line "$WS/sub/HEAD" create)
case $line in *allow*) ;; *) fail "explain without the listener: '$line'" ;; esac
FSJAIL_NO_NOTIFY=1 fsj_sh -- 'echo "ref: refs/heads/main" >"$1/sub/HEAD"' "$WS"
assert_rc 0
assert_exists "$WS/sub/HEAD"
rm -f "$WS/sub/HEAD"
end_test

begin_test "folders left unsearched: listed by status, named by explain"
FSJAIL_TEST_REPO_ENTRIES=3 "$FSJAIL" status --json --workspace "$WS" >"$OUT" 2>"$ERR"
python3 - "$OUT" "$WS" <<'PY' >"$T/py" 2>&1 || { fail "json"; diag_file python "$T/py"; }
import json, sys
r = json.load(open(sys.argv[1]))["repository_metadata"]
assert r["budget_hit"] is True, r
assert len(r["unsearched"]) > 0, r
assert all(p.startswith(sys.argv[2]) for p in r["unsearched"]), r
PY
FSJAIL_TEST_REPO_ENTRIES=3 "$FSJAIL" status --workspace "$WS" >"$OUT" 2>"$ERR"
assert_out_match "folders not searched for git repositories.*rule 'repository-unsearched'"
line=$(FSJAIL_TEST_REPO_ENTRIES=3 explain_line "$WS/deep/c/x" create)
case $line in *deny*"'repository-unsearched'"*) ;; *) fail "explain unsearched: '$line'" ;; esac
end_test

done_testing
