#!/bin/bash
# The command-line conventions of issue 16 item 6: `fsjail COMMAND --help`
# describes each option its usage line names; an option a command's
# getopt table accepts is either in its --help or refused ("fsjail: CMD:
# --X does not apply", status 125), never ignored; option errors start
# "fsjail: CMD:"; --quiet drops the notes; the bash and zsh completions
# offer exactly the options of each --help (tests/helpers/cli-options.py
# reads both tables).
. "$(dirname "$0")/libtest.sh"

plan 7
setup

SRC=$(cd "$TEST_SRCDIR/.." && pwd)
python3 "$TEST_SRCDIR/helpers/cli-options.py" "$SRC" "$FSJAIL" >"$T/options" ||
	bail_out "cannot read the option tables: $(cat "$T/options")"
[ "$(wc -l <"$T/options")" -ge 9 ] || bail_out "too few commands in $T/options"

# field N of command CMD's line in $T/options (2 accepted, 3 documented,
# 4 in the usage line)
field()
{
	awk -F'\t' -v c="$1" -v n="$2" '$1 == c { print $n }' "$T/options"
}
COMMANDS=$(cut -f1 "$T/options")

begin_test "each option a usage line names has its line in --help, and --help names no other"
for c in $COMMANDS; do
	doc=" $(field "$c" 3) " syn=" $(field "$c" 4) "
	for o in $syn; do
		case $doc in *" $o "*) ;; *) fail "fsjail $c --help: $o is in the usage line but not described" ;; esac
	done
	for o in $doc; do
		[ "$o" = --help ] && continue
		case $syn in *" $o "*) ;; *) fail "fsjail $c --help: $o is described but not in the usage line" ;; esac
	done
done
end_test

begin_test "every option accepted is documented or refused; every documented one is accepted"
for c in $COMMANDS; do
	acc=" $(field "$c" 2) " doc=" $(field "$c" 3) "
	for o in $doc; do
		case $acc in *" $o "*) ;; *) fail "fsjail $c --help documents $o, which it does not accept" ;; esac
	done
	for o in $acc; do
		case $doc in *" $o "*) continue ;; esac
		run_cmd "$FSJAIL" "$c" "$o" /nonexistent
		assert_rc 125 "fsjail $c $o"
		assert_err_match "^fsjail: $c: $o does not apply to $c "
	done
done
end_test

begin_test "an unknown option, a missing argument and an unwanted one: 'fsjail: CMD:', status 125"
for c in $COMMANDS; do
	run_cmd "$FSJAIL" "$c" --no-such-option
	assert_rc 125 "fsjail $c --no-such-option"
	[ "$(head -n1 "$ERR")" = "fsjail: $c: unknown option '--no-such-option' (or an ambiguous abbreviation)" ] ||
		fail "fsjail $c --no-such-option said: $(cat "$ERR")"
	[ -s "$OUT" ] && fail "fsjail $c --no-such-option printed on stdout"
	run_cmd "$FSJAIL" "$c" --config
	assert_rc 125 "fsjail $c --config"
	[ "$(head -n1 "$ERR")" = "fsjail: $c: option '--config' needs an argument" ] ||
		fail "fsjail $c --config said: $(cat "$ERR")"
	run_cmd "$FSJAIL" "$c" --help=x
	assert_rc 125 "fsjail $c --help=x"
	[ "$(head -n1 "$ERR")" = "fsjail: $c: option '--help' takes no argument" ] ||
		fail "fsjail $c --help=x said: $(cat "$ERR")"
done
end_test

begin_test "--quiet drops explain's, check's and compile's notes, and nothing else"
mkdir -p "$STATE_DIR" && rm -rf "$STATE_DIR/probe-cache.json" "$STATE_DIR/probe"
for c in "explain $HOME/.cargo/credentials" "check -- true" "compile --backend seatbelt"; do
	# shellcheck disable=SC2086 # c is words
	run_cmd "$FSJAIL" $c
	cp "$OUT" "$T/loud"
	grep -q '^fsjail: note: no proven tier' "$ERR" || fail "fsjail $c gave no note: $(cat "$ERR")"
	# shellcheck disable=SC2086
	run_cmd "$FSJAIL" ${c%% *} --quiet ${c#* }
	[ -s "$ERR" ] && fail "fsjail ${c%% *} --quiet said: $(cat "$ERR")"
	cmp -s "$OUT" "$T/loud" || fail "fsjail ${c%% *} --quiet printed something else on stdout"
done
end_test

# the options a completion offers for COMMAND after "--" (bash)
bash_offers()
{
	bash -c '. "$1/completion/bash/fsjail"; shift
		COMP_WORDS=(fsjail "$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _fsjail
		printf "%s\n" "${COMPREPLY[@]}"' bash "$SRC" "$@" | sort -u | tr '\n' ' '
}

begin_test "bash completion: the commands of fsjail --help, and each command's --help options"
[ "$(bash_offers '' | tr ' ' '\n' | grep -v '^--' | tr '\n' ' ')" = "$(printf '%s\n' $COMMANDS | sort | tr '\n' ' ')" ] ||
	fail "bash completes the commands '$(bash_offers '')', fsjail --help has '$COMMANDS'"
for c in $COMMANDS; do
	want=$(field "$c" 3 | tr ' ' '\n' | grep '^--' | sort -u | tr '\n' ' ')
	got=$(bash_offers "$c" -- | tr ' ' '\n' | grep '^--' | tr '\n' ' ')
	[ "$got" = "$want" ] || fail "bash completes 'fsjail $c --' as '$got'; its --help has '$want'"
done
[ "$(bash_offers run --tier '')" = "full guarded process writes " ] || fail "bash: run --tier: $(bash_offers run --tier '')"
end_test

begin_test "zsh completion: each command's --help options"
python3 - "$SRC/completion/zsh/_fsjail" "$T/options" <<'PY' 2>"$ERR" || fail "$(cat "$ERR")"
import re, sys
text, rows = open(sys.argv[1]).read(), [l.rstrip("\n").split("\t") for l in open(sys.argv[2])]
common = re.search(r"local common='([^']*)'", text).group(1).split()
bad = 0
for name, _, doc, _ in rows:
    m = re.search(r"^\t\t" + name + r"\)\n\t\t\topts=\(([^)]*)\)", text, re.M)
    got = set(m.group(1).replace("${=common}", " ".join(common)).split()) if m else set()
    got.add("--help")
    want = {o for o in doc.split() if o.startswith("--")}
    if {o for o in got if o.startswith("--")} != want:
        print(f"zsh completes {name} with {sorted(got)}; its --help has {sorted(want)}", file=sys.stderr)
        bad = 1
sys.exit(bad)
PY
if command -v zsh >/dev/null; then
	zsh -n "$SRC/completion/zsh/_fsjail" 2>"$ERR" || fail "zsh -n: $(cat "$ERR")"
	# run it with compadd and friends as stubs that print what is offered
	got=$(cd "$SRC" && W="fsjail compile --" zsh -f -c '
		compadd() { [[ $1 == -- ]] && shift; print -r -- "$@" }
		_describe() { }; _files() { }; _normal() { }
		words=(${=W}); CURRENT=3; PREFIX=--
		source completion/zsh/_fsjail' | tr ' ' '\n' | sort -u | tr '\n' ' ')
	want=$(field compile 3 | tr ' ' '\n' | sort -u | tr '\n' ' ')
	[ "$got" = "$want" ] || fail "zsh completes 'fsjail compile --' as '$got', want '$want'"
else
	diag "no zsh here: its completion was checked as text only"
fi
end_test

begin_test "fsjail COMMAND --help: status 0, the usage on stdout, nothing on stderr"
for c in $COMMANDS; do
	run_cmd "$FSJAIL" "$c" --help
	assert_rc 0 "fsjail $c --help"
	[ "$(head -n1 "$OUT" | cut -d' ' -f1-3)" = "usage: fsjail $c" ] || fail "fsjail $c --help: $(head -n1 "$OUT")"
	[ -s "$ERR" ] && fail "fsjail $c --help wrote on stderr"
done
end_test

done_testing
