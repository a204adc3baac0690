#!/bin/bash
# A rule granting read on a folder absent when the run starts (user10:
# examples/agent-in-repo.yaml's npm-cache rule on ~/.npm before the first
# npm) lets the command make the folder (create is the listener's), but
# reads under it are refused by Landlock unseen: npm failed with "your
# cache folder contains root-owned files" and fsjail's only word at the
# end was "saw nothing refused". After a failed run, fsjail now names the
# rule, the path the run made and that the next run has it; a run that
# succeeds, or leaves the path absent, gets no such note; the next run
# reads there. Test 1 fails before (no note).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

G=$T/absent-at-start
mkdir -p "$G"
write_rules <<EOF2
rules:
  - id: cache-like
    path: $G/cache
    allow: [read, write, create, delete]
EOF2
NOTE="note: rule 'cache-like' grants read on $G/cache, which did not exist when the run started"

begin_test "a failed run that made the absent folder: the note names the rule, the path and the next run"
fsj_sh -- 'mkdir -p "$1/cache/d" && echo s >"$1/cache/d/f" && cat "$1/cache/d/f"' "$G"
assert_failed
assert_dir "$G/cache/d"
assert_err_match "$NOTE"
assert_err_match "it exists now, so the next run has it"
end_test

begin_test "the next run reads there, and no note"
fsj_sh -- 'cat "$1/cache/d/f"' "$G"
assert_rc 0
assert_out_match "^s$"
grep -q "did not exist when the run started" "$ERR" && fail "note on a run where it existed: $(cat "$ERR")"
end_test

begin_test "a failed run that left the folder absent: the start warning, no note"
rm -rf "$G/cache"
fsj_sh -- 'exit 3'
assert_rc 3
assert_err_match "warning: rule 'cache-like' grants on $G/cache, which does not exist: read not in force"
grep -q "did not exist when the run started" "$ERR" && fail "note for a path still absent: $(cat "$ERR")"
end_test

begin_test "a run that made it and succeeded: no note"
fsj_sh -- 'mkdir "$1/cache"' "$G"
assert_rc 0
assert_dir "$G/cache"
grep -q "did not exist when the run started" "$ERR" && fail "note after a run that succeeded: $(cat "$ERR")"
end_test

done_testing
