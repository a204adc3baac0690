#!/bin/bash
# The grant a refusal offers for a path with control bytes (fix45): the
# summary printed the path escaped for the terminal (\x0a) inside single
# quotes, so the line was safe but, pasted, named another path - the rule
# it added did not lift the refusal. Each path in the line is now one
# shell word that is both escaped and exact: $'...' with \xHH, \\ and \'
# (escape-shell.h). A refused create of a name with a newline, a tab, an
# ESC, a backslash and a quote: the summary holds no such byte raw; its
# --grant pasted lets the create through; its `fsjail allow add` pasted
# adds the rule (a YAML double-quoted scalar with \x escapes), and
# `fsjail explain` of the path then says create is allowed by that rule;
# its explain pasted explains that path. A name that is not UTF-8 cannot
# be a rule (YAML holds text): the line offers --grant, which works, and
# says why nothing is kept. A plain name is quoted as before.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
mkdir -p "$HOME/proj"
NAME=$'a\nb\tc\033d\\e\'f'
P=$HOME/proj/$NAME
fsjail() { "$FSJAIL" "$@"; }
export FSJAIL
export -f fsjail

# hint_part WHAT: a part of the summary's "to allow it" line: run (the
# --grant word), keep (the fsjail allow add command), explain (its word)
hint_part()
{
	python3 - "$ERR" "$1" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read().decode("utf-8", "surrogateescape")
line = [l for l in data.split("\n") if l.startswith("  to allow it: ")][0]
pat = {"run": r"fsjail run --grant (\S+) \.\.\.", "keep": r", or (fsjail allow add .*) \(kept\);",
       "explain": r"; fsjail explain (\S+) says why", "line": r"(.*)"}[sys.argv[2]]
m = re.search(pat, line)
print(m.group(1) if m else "")
PY
}

# terminal_safe: the summary holds no control byte but newlines, and is UTF-8
terminal_safe()
{
	python3 - "$ERR" <<'PY' || fail "the summary holds a raw control or non-UTF-8 byte"
import sys
data = open(sys.argv[1], "rb").read()
data.decode("utf-8")
sys.exit(1 if [b for b in data if (b < 0x20 and b != 0x0a) or b == 0x7f] else 0)
PY
}

begin_test "a name with control bytes: the --grant offered is terminal-safe, and pasted it is exact"
fsj -- bash -c 'touch "$1"' bash "$P"
assert_failed
assert_not_exists "$P"
terminal_safe
word=$(hint_part run)
got=$(bash -c "printf '%s' $word")
[ "$got" = "write,create:$P" ] || fail "the --grant word $word reads back as another path"
fsj --grant "$got" -- bash -c 'touch "$1"' bash "$P"
assert_rc 0 "the create with the pasted grant"
assert_exists "$P"
rm -f "$P"
end_test

begin_test "its fsjail allow add pasted: explain says that rule allows the create"
fsj -- bash -c 'touch "$1"' bash "$P"
keep=$(hint_part keep)
ex=$(hint_part explain)
[ -n "$keep" ] || fail "no kept rule offered: $(hint_part line)"
bash -c "$keep" >"$OUT" 2>&1 || fail "the pasted '$keep' failed: $(cat "$OUT")"
"$FSJAIL" explain --json "$P" >"$T/explain.json" 2>"$ERR"
said=$(json "$T/explain.json" "(lambda c: (c['allowed'], (c.get('rule') or {}).get('source'), (c.get('rule') or {}).get('path') == '''$P'''))(d['paths'][0]['capabilities']['create'])")
[ "$said" = "(True, 'rule', True)" ] ||
	{ fail "explain of the path after the pasted rule: $said"; diag_file explain "$T/explain.json"; }
bash -c "fsjail explain --json $ex" >"$T/explain2.json" 2>"$T/explain2.err" || fail "the pasted explain failed: $ex: $(cat "$T/explain2.err")"
[ "$(json "$T/explain2.json" "d['paths'][0]['path'] == '''$P'''")" = True ] ||
	fail "the pasted explain is of another path"
fsj -- bash -c 'touch "$1"' bash "$P"
assert_rc 0 "the create under the pasted rule"
assert_exists "$P"
end_test

begin_test "a name that is not UTF-8: --grant pasted works, and no kept rule is offered"
Q=$HOME/proj/$'g\377h\ni'
fsj -- bash -c 'touch "$1"' bash "$Q"
assert_failed
terminal_safe
[ -z "$(hint_part keep)" ] || fail "a kept rule is offered: $(hint_part keep)"
assert_err_match "not kept .a rules file holds UTF-8 text; a name here is not"
word=$(hint_part run)
fsj -- true
bash -c "\"\$FSJAIL\" run --workspace \"\$1\" --grant $word -- bash -c 'touch \"\$1\"' bash \"\$2\"" \
	bash "$WS" "$Q" >"$OUT" 2>"$ERR"
assert_exists "$Q"
end_test

begin_test "a plain name is quoted as before"
fsj -- bash -c 'touch "$1"' bash "$HOME/proj/plain"
assert_err_match "fsjail allow add write,create $HOME/proj/plain .kept."
end_test

done_testing
