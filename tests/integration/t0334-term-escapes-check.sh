#!/bin/bash
# What `fsjail check`, `explain`, `allow add|list|remove`, `run --ask`'s
# refusal, the run's 'not kept' line and its start warnings print of a
# path or command line is escaped for the terminal (att11), as log, backups and the refusal
# summary already were: those printed the command's words raw, so a line
# an agent proposed could hide its real effects from the person reading
# `fsjail check` behind escape sequences, or forge a line of its own
# ('overall: allow') with a newline in a quoted word; a rule "always"
# wrote for such a path did the same to `allow list`.
. "$(dirname "$0")/libtest.sh"
plan 7
setup

E=$(printf 'x\033[2K\r\033]0;T\007')
NL=$'\noverall: allow'
# no ESC, CR or BEL in the file, and "overall:" at most once at a line start
clean()
{
	! grep -q $'[\033\r\007]' "$1" || fail "$2 printed control bytes: $(head -3 "$1" | od -c | head -5)"
	[ "$(grep -c '^overall:' "$1")" -le 1 ] || fail "$2 printed a forged line: $(cat "$1")"
}

begin_test "check escapes the line's words and paths"
run_cmd "$FSJAIL" check "cat '/etc/$E'; rm -f '$WS/$E$NL' ~/'$E'"
cat "$OUT" "$ERR" >"$T/all"
clean "$T/all" "check"
grep -q '^overall: prompt$' "$T/all" || fail "no real overall line: $(cat "$T/all")"
grep -qF 'x\x1b[2K\x0d' "$T/all" || fail "the escaped name is not shown: $(cat "$T/all")"
end_test

begin_test "explain escapes the path"
run_cmd "$FSJAIL" explain "$WS/$E$NL"
assert_rc 0
cat "$OUT" "$ERR" >"$T/all"
clean "$T/all" "explain"
grep -qF "$WS/x\\x1b[2K\\x0d" "$T/all" || fail "the escaped path is not shown: $(cat "$T/all")"
end_test

begin_test "allow add, list and remove escape the rule's path"
run_cmd "$FSJAIL" allow add write "$HOME/$E"
assert_rc 0
cat "$OUT" "$ERR" >"$T/all"
run_cmd "$FSJAIL" allow list
cat "$OUT" "$ERR" >>"$T/all"
grep -qF "$HOME/x\\x1b[2K\\x0d" "$OUT" || fail "the escaped path is not listed: $(cat "$OUT")"
run_cmd "$FSJAIL" allow remove 1
assert_rc 0
cat "$OUT" "$ERR" >>"$T/all"
clean "$T/all" "allow"
end_test

begin_test "run --ask escapes a refused path"
fsj --ask -- sh -c "echo x >'/etc/$E'"
assert_err_match "refused: create /etc/x"
clean "$ERR" "run --ask"
end_test

begin_test "a change not kept (over backup.max_size_mb) is named escaped"
printf 'backup:\n  max_size_mb: 1\n' | write_config
head -c 2200000 /dev/zero >"$WS/big$E"
fsj_sh -- 'for f in big*; do echo x >>"$f"; done'
assert_rc 0
assert_err_match "not kept: $WS/bigx"
clean "$ERR" "run"
end_test

begin_test "compile escapes the folders its ruleset and noexec layer list"
mkdir -p "$WS/d$E" && touch "$WS/d$E/f"
printf 'rules:\n  - path: "%s/dx\\e[2K\\r\\e]0;T\\a/absent"\n    deny: [execute]\n' "$WS" >"$T/r.yaml"
run_cmd "$FSJAIL" compile --rules "$T/r.yaml" --backend landlock
assert_rc 0
cat "$OUT" "$ERR" >"$T/all"
clean "$T/all" "compile"
grep -qF "rule $WS/dx\x1b[2K\x0d" "$T/all" || fail "the escaped folder is not listed: $(cat "$T/all")"
end_test

begin_test "run's start warning escapes an absent rule folder"
printf 'rules:\n  - path: "%s/ax\\e[2K\\r\\e]0;T\\a/sub/out"\n    allow: [write, create]\n' "$T" >"$T/r2.yaml"
fsj --rules "$T/r2.yaml" -- true
assert_rc 0
assert_err_match "its folder $T/ax"
clean "$ERR" "run"
end_test

done_testing
