#!/bin/bash
# The manual agrees with the binary (issue 6, "Documentation and data";
# STYLE.md point 4), the same check .ci/run makes, as part of `make check`:
# - every command `fsjail --help` lists has exactly one "usage:" line in
#   `fsjail COMMAND --help`, and that line, word for word (white space
#   folded), is in the SYNOPSIS of fsjail(1); so is the global usage line;
# - every command the SYNOPSIS names is one `fsjail --help` lists (no stale
#   entry);
# - man/fsjail.1, man/fsjail.yaml.5, man/fsjail-broker.7, man/fsjail-json.7 render with no
#   warning from `mandoc -Tlint` and `groff -ww -man -z`, and fsjail.yaml(5),
#   fsjail-broker(7) and fsjail-json(7) refer to each other and to fsjail(1).
# The pages are made here from man/*.in with the sed substitution of
# Makefile.am, so the test needs no prior `make` of the pages. Needs no
# kernel.
. "$(dirname "$0")/libtest.sh"

MAN_SRC=$TEST_SRCDIR/../man
PAGES="fsjail.1 fsjail.yaml.5 fsjail-broker.7 fsjail-json.7"

[ -x "$FSJAIL" ] || bail_out "fsjail binary '$FSJAIL' not found (build first, or set FSJAIL)"
command -v mandoc >/dev/null || bail_out "mandoc is needed (apt-get install mandoc)"
for p in $PAGES; do
	[ -f "$MAN_SRC/$p.in" ] || bail_out "missing '$MAN_SRC/$p.in'"
done

T=$(mktemp -d "${TMPDIR:-/tmp}/fsjail-t0051.XXXXXX") || bail_out "cannot make a temporary folder"
trap 'rm -rf "$T"' EXIT
for p in $PAGES; do
	sed -e 's|@VERSION[@]|0.0-test|g' -e 's|@PKGDATADIR[@]|/usr/local/share/fsjail|g' \
		"$MAN_SRC/$p.in" >"$T/$p"
done

synopsis=$(mandoc -Tascii "$T/fsjail.1" | col -b |
	awk '/^SYNOPSIS/ { on = 1; next } /^[A-Z]/ { on = 0 } on' | tr -s ' \t\n' ' ')
commands=$("$FSJAIL" --help | sed -n 's/^  fsjail \([a-z-]*\) .*/\1/p')
man_commands=$(printf '%s\n' "$synopsis" | grep -o 'fsjail [a-z][a-z-]*' | sed 's/^fsjail //' |
	sort -u)
n=$(printf '%s\n' "$commands" | grep -c .)

plan $((n + 5 + 2 * 4))

begin_test "fsjail --help lists the commands"
[ "$n" -ge 1 ] || fail "'fsjail --help' lists no commands"
end_test

begin_test "the global usage line is in the SYNOPSIS of fsjail(1)"
u=$("$FSJAIL" --help | sed -n 's/^usage: //p')
[ "$(printf '%s\n' "$u" | grep -c .)" = 1 ] || fail "'fsjail --help' has no single usage line: '$u'"
case $synopsis in
*"$u"*) ;;
*) fail "SYNOPSIS lacks '$u'" ;;
esac
end_test

for c in $commands; do
	begin_test "fsjail $c --help: its usage line is in the SYNOPSIS"
	"$FSJAIL" "$c" --help >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" = 0 ] || fail "'fsjail $c --help' exits $rc"
	u=$(sed -n 's/^usage: //p' "$T/out")
	if [ "$(printf '%s\n' "$u" | grep -c .)" != 1 ]; then
		fail "'fsjail $c --help' has no single usage line: '$u'"
	else
		case $synopsis in
		*"$u"*) ;;
		*) fail "SYNOPSIS of fsjail(1) lacks '$u'" ;;
		esac
	fi
	end_test
done

begin_test "every command in the SYNOPSIS is one fsjail --help lists"
for c in $man_commands; do
	printf '%s\n' "$commands" | grep -qx -- "$c" ||
		fail "SYNOPSIS names 'fsjail $c', which 'fsjail --help' does not list"
done
end_test

begin_test "the SYNOPSIS is not empty and names each command once"
[ -n "$synopsis" ] || fail "no SYNOPSIS found in fsjail(1)"
for c in $commands; do
	k=$(printf '%s\n' "$synopsis" | grep -o "fsjail $c \[" | wc -l)
	[ "$k" = 1 ] || fail "'fsjail $c' appears $k times in the SYNOPSIS"
done
end_test

# (fsjail.1 is checked for the SYNOPSIS only: its SEE ALSO is its editor's)
begin_test "fsjail.yaml(5), fsjail-broker(7) and fsjail-json(7) refer to each other and to fsjail(1)"
for p in fsjail.yaml.5 fsjail-broker.7 fsjail-json.7; do
	for q in $PAGES; do
		[ "$p" = "$q" ] && continue
		name=${q%.*}
		sec=${q##*.}
		mandoc -Tascii "$T/$p" | col -b | grep -q "$name($sec)" ||
			fail "$p does not refer to $name($sec)"
	done
done
end_test

for p in $PAGES; do
	begin_test "$p: mandoc -Tlint reports nothing"
	out=$(mandoc -Tlint "$T/$p" 2>&1)
	[ -z "$out" ] || fail "mandoc -Tlint $p: $out"
	end_test
	begin_test "$p: groff -ww -man -z reports nothing"
	if command -v groff >/dev/null; then
		out=$(groff -ww -man -z "$T/$p" 2>&1)
		[ -z "$out" ] || fail "groff -ww -man -z $p: $out"
	else
		fail "groff is not installed"
	fi
	end_test
done

done_testing
