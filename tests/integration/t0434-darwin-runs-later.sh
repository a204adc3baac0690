#!/bin/bash
# The files the host runs later (sec30, t0430-t0432) on a Mac, decided
# here with --platform darwin: VS Code's, Cursor's and JetBrains' user
# settings under ~/Library/Application Support, ~/.screenrc, ~/.wgetrc,
# kitty's config, ~/.claude/settings.json and ~/.codex/config.toml are
# protected by baseline-darwin.yaml with a note on what runs them, and
# the workspace's .claude/settings.json and .vscode/tasks.json by the
# rule workspace-autorun (Seatbelt denies a missing name as it is, so
# the workspace loses nothing). The compiled profile denies writing and
# making each.
. "$(dirname "$0")/libtest.sh"

plan 3
setup

# a Mac's environment: nothing of it exists here (t0031)
mac()
{
	env -u FSJAIL_HOME HOME=/Users/u TMPDIR=/var/folders/xy/abc123/T "$@"
}
MAC_WS=/Users/u/proj
LIB='/Users/u/Library/Application Support'

begin_test "explain --platform darwin: each is protected, with its note"
for p in "$LIB/Code/User/settings.json" "$LIB/Cursor/User/tasks.json" "$LIB/JetBrains/IU/options/x.xml" \
	/Users/u/.screenrc /Users/u/.wgetrc /Users/u/.config/kitty/kitty.conf \
	/Users/u/.claude/settings.json /Users/u/.codex/config.toml; do
	run_cmd mac "$FSJAIL" explain --platform darwin --workspace "$MAC_WS" "$p"
	assert_rc 0
	assert_out_match '^  create +deny +protected '
	assert_out_match '^  why: .*(runs|run|start)'
done
end_test

begin_test "explain --platform darwin: the workspace's harness files are workspace-autorun"
for p in .claude/settings.json .vscode/tasks.json .mcp.json; do
	run_cmd mac "$FSJAIL" explain --platform darwin --workspace "$MAC_WS" "$MAC_WS/$p"
	assert_rc 0
	assert_out_match "^  create +deny +protected +protected 'workspace-autorun' "
	assert_out_match '^  why: .*protect: \{autorun: false\} in fsjail.s config\.yaml turns this off$'
done
end_test

begin_test "compile --platform darwin: the profile denies writing and making them"
run_cmd mac "$FSJAIL" compile --platform darwin --workspace "$MAC_WS" --tier writes
assert_rc 0
for p in "$LIB/Code/User" /Users/u/.screenrc "$MAC_WS/.claude/settings.json"; do
	n=$(grep -F "=\"$p\"" "$OUT" | sed -n 's/^;; \(P[0-9]*\)=.*/\1/p' | head -n1)
	[ -n "$n" ] || { fail "no parameter for $p"; continue; }
	grep -q "^(deny file-write-data .*file-write-create .*(param \"$n\")" "$OUT" ||
		fail "no deny of write and create on $p ($n)"
done
end_test

done_testing
