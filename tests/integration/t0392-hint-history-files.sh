#!/bin/bash
# The history files of vim, less and node in the home folder (user16).
# The summary offered a grant on the file (`--grant write,create:~/.viminfo`),
# which does not hold: vim reads the file, then writes it anew through
# ~/.viminfo.tmp renamed over it (a grant on it worked for the first run
# only, then vim silently wrote nothing); less writes ~/.lesshsQ and
# renames it over ~/.lesshst (the grant offered was on ~/.lesshsQ, and the
# rename was refused next); node opens ~/.node_repl_history to read and
# append, and a grant on a file absent at the start holds no read. The
# summary now offers no grant there and names the option or variable that
# keeps no history or keeps it in the workspace, which is checked to work
# with vim where it is installed. The same names elsewhere keep their
# ordinary grant. A home reached through a symlink is matched by the
# path the kernel refused too.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

begin_test "~/.viminfo, ~/.lesshsQ, ~/.node_repl_history: no grant, the way around named"
fsj --report "$T/report.ndjson" -- sh -c \
	'for f in .viminfo .viminfz.tmp .lesshsQ .node_repl_history; do touch "$HOME/$f"; done'
assert_failed
assert_err_match "no grant offered for create $HOME/\\.viminfo: vim's history: .*vim -i NONE keeps none, vim -i FILE keeps it in the workspace"
assert_err_match "no grant offered for create $HOME/\\.viminfz\\.tmp: vim's history"
assert_err_match "no grant offered for create $HOME/\\.lesshsQ: less's history: .*LESSHISTFILE=- keeps none"
assert_err_match "no grant offered for create $HOME/\\.node_repl_history: node's REPL history: .*NODE_REPL_HISTORY= keeps none"
if grep -q -- '--grant' "$ERR"; then
	fail "a grant is offered on a history file"
	diag_last
fi
[ "$(grep -c '"hint":null,"hint_reason":"[a-z]*.s \(REPL \)\?history' "$T/report.ndjson")" = 4 ] ||
	fail "the report's hint_reason does not name the history for all four: $(cat "$T/report.ndjson")"
end_test

begin_test "the same names below home, or longer names, keep their grant"
mkdir -p "$HOME/proj"
fsj -- sh -c 'touch "$HOME/proj/.viminfo" "$HOME/.viminfo-notes" "$HOME/.lesshstx"'
assert_failed
assert_err_match "--grant write,create:$HOME/proj/\\.viminfo"
assert_err_match "--grant write,create:$HOME/\\.viminfo-notes"
assert_err_match "--grant write,create:$HOME/\\.lesshstx"
if grep -q "history" "$ERR"; then
	fail "a file that is no tool's history is called one"
	diag_last
fi
end_test

# vim_edit VIMINFO WORD: vim -i VIMINFO, run in fsjail, makes $WS/a.txt
# WORD: exit 0, that content, and no refusal.
vim_edit()
{
	fsj -- vim -i "$1" -c "s/.*/$2/" -c wq "$WS/a.txt" </dev/null
	assert_rc 0
	assert_content "$WS/a.txt" "$2"
	if grep -q 'refusal' "$ERR"; then
		fail "vim -i $1 was refused something"
		diag_last
	fi
}

begin_test "vim -i NONE: no refusal"
command -v vim >/dev/null || skip "vim is not installed"
echo hello >"$WS/a.txt"
vim_edit NONE bye
end_test

begin_test "vim -i FILE in the workspace: kept there, run after run"
command -v vim >/dev/null || skip "vim is not installed"
for w in one two; do
	vim_edit "$WS/.viminfo" "$w"
done
assert_exists "$WS/.viminfo"
end_test

begin_test "a home reached through a symlink: the refused spelling is known too"
mv "$HOME" "$T/realhome" && ln -s "$T/realhome" "$HOME" || bail_out "cannot link the home"
fsj -- touch "$HOME/.viminfo"
assert_failed
assert_err_match "no grant offered for create $T/realhome/\\.viminfo: vim's history"
end_test

done_testing
