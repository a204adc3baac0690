#!/bin/bash
# explain of what a run refused names the check that refused it (user24):
# `git rebase -x` in a run is refused at .git/rebase-merge/git-rebase-todo
# (the listener: an exec line in a todo list), and the summary points at
# that path, but `fsjail explain` of it said only "allow" for every
# capability - the path's rules allow it; the listener checks the bytes.
# explain now says what the listener checks there (the todo list, the
# merge strategy files), in the text and JSON forms, for a repository in
# the workspace and one outside it.
# And check took the repository for unknown after any GIT_* assignment,
# deciding its effects as if in the working directory: `GIT_PAGER=cat git
# config core.fsmonitor x` was "allow" while the run refused the write of
# .git/config. A pager that does nothing (cat, true, :), any editor (git
# finds its repository before it starts one; user30) and an identity or
# prompt setting keep the repository known (git-env.h); GIT_DIR and a
# pager that runs something still make it unknown.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
git_env
(cd "$WS" && git init -q -b main && for i in 1 2; do git commit -q --allow-empty -m c$i; done) \
	>/dev/null 2>&1 || bail_out "cannot make the workspace repository"
TODO=$WS/.git/rebase-merge/git-rebase-todo

begin_test "the run refuses the todo list; explain of it names the exec-line check"
fsj -- git rebase -q -x true HEAD~1
assert_failed
assert_err_match "create $TODO: protected rule 'repository-metadata'.*exec line in a rebase todo list"
[ -e "$TODO" ] && fail "the todo list is there"
"$FSJAIL" explain --workspace "$WS" "$TODO" >"$OUT" 2>"$ERR" || fail "explain failed"
grep -q "^  note: the listener lets a todo list land only by a rename of checked bytes .* with no exec line" "$OUT" ||
	fail "explain does not say the listener checks the todo list: $(cat "$OUT")"
grep -q "(rule 'repository-metadata')" "$OUT" || fail "explain does not name the rule"
"$FSJAIL" explain --json --workspace "$WS" "$TODO" >"$T/ex.json" 2>"$ERR" || fail "explain --json failed"
json "$T/ex.json" "d['paths'][0]" | grep -q "no exec line" || fail "explain --json has no note"
end_test

begin_test "explain names the strategy check of sequencer/opts and rebase-merge/strategy"
for f in sequencer/opts rebase-merge/strategy; do
	"$FSJAIL" explain --workspace "$WS" "$WS/.git/$f" >"$OUT" 2>"$ERR" || fail "explain $f failed"
	grep -q "^  note: the listener lets this file land only when any merge strategy it names is git's own" "$OUT" ||
		fail "$f: no note: $(cat "$OUT")"
done
end_test

begin_test "a repository outside the workspace: the todo list's note, other paths the general one"
mkdir -p "$HOME/other" && (cd "$HOME/other" && git init -q) >/dev/null 2>&1
"$FSJAIL" explain --workspace "$WS" "$HOME/other/.git/rebase-merge/git-rebase-todo" >"$OUT" 2>"$ERR"
grep -q "^  note: the listener lets a todo list land only" "$OUT" || fail "no todo note: $(cat "$OUT")"
"$FSJAIL" explain --workspace "$WS" "$HOME/other/.git/description" >"$OUT" 2>"$ERR"
grep -q "is a git repository outside the workspace" "$OUT" || fail "the general note is gone: $(cat "$OUT")"
grep -q "todo list" "$OUT" && fail "the todo note on another path"
end_test

begin_test "check after GIT_PAGER=cat, GIT_AUTHOR_NAME, env GIT_TERMINAL_PROMPT: the run's refusal"
for line in 'GIT_PAGER=cat git config core.fsmonitor x' \
	"GIT_AUTHOR_NAME=t GIT_PAGER='cat' git config core.hooksPath /tmp" \
	'env GIT_TERMINAL_PROMPT=0 GIT_EDITOR=: git config alias.x "!sh"' \
	'GIT_EDITOR=$E git config core.fsmonitor x'; do
	"$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
	[ "$(json "$T/check.json" "d['overall']")" = refuse ] || fail "$line: check does not refuse"
	json "$T/check.json" "[e['path'] for e in d['effects'] if e['decision'] == 'refused']" |
		grep -q "'$WS/.git/config'" || fail "$line: .git/config is not the refused path"
done
fsj -- sh -c 'GIT_PAGER=cat git config core.fsmonitor x'
assert_failed
assert_err_match "write $WS/\.git/config: protected rule 'repository-metadata'"
"$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- 'GIT_SEQUENCE_EDITOR=true git rebase -x : HEAD~1' >"$T/check.json" 2>"$ERR"
json "$T/check.json" "[e['path'] for e in d['effects']]" | grep -q "'$TODO'" ||
	fail "GIT_SEQUENCE_EDITOR=true: the todo list's path is not known"
for line in 'GIT_DIR=/x git config a.b c' 'GIT_PAGER=less git config a.b c'; do
	"$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
	json "$T/check.json" "[e['path'] for e in d['effects']]" | grep -q "'$WS/.git/config'" &&
		fail "$line: the repository is taken for known"
done
end_test

done_testing
