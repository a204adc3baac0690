#!/bin/bash
# libfsjail, the public C library (issue 16 item 5, fsjail-lib(3)):
# `make install` into a DESTDIR puts fsjail.h, libfsjail.a, fsjail.pc, the
# manual and the shell completions (item 6) in place; only fsjail.h's functions are global in the installed archive;
# a C program built against the installed header with pkg-config --static
# gets real answers (tests/lib/libcheck.c: explain of a denied path says
# denied, check of `rm -rf x` predicts a recursive delete, the SBPL profile
# starts with (version 1), an invalid rules file gives FILE:LINE:COL
# through the error object); and the library's explain and check JSON is
# the command's.
. "$(dirname "$0")/libtest.sh"

plan 4
setup

TOP=$(cd "$TEST_BUILDDIR/.." && pwd)
DEST=$T/dest
# the install runs a make of its own, not a job of the one running us
unset MAKEFLAGS MFLAGS MAKELEVEL
prefix=$(sed -n 's/^prefix = //p' "$TOP/Makefile")
libdir=$(cd "$TOP" && make -s --no-print-directory -f Makefile -f - print-libdir <<<'print-libdir: ; @echo $(libdir)')

begin_test "make install DESTDIR puts fsjail.h, libfsjail.a, fsjail.pc, fsjail-lib(3) and the bash and zsh completions in place"
run_cmd make -C "$TOP" install DESTDIR="$DEST"
assert_rc 0
LIB=$DEST$libdir/libfsjail.a
for f in "$DEST$prefix/include/fsjail.h" "$LIB" "$DEST$libdir/pkgconfig/fsjail.pc" \
	"$DEST$prefix/share/bash-completion/completions/fsjail" \
	"$DEST$prefix/share/zsh/site-functions/_fsjail" "$DEST$prefix/share/man/man3/fsjail-lib.3"; do
	[ -f "$f" ] || fail "$f was not installed"
done
end_test

begin_test "the installed archive has fsjail.h's functions as its only global names"
if [ "$(sed -n 's/^OBJCOPY = //p' "$TOP/Makefile")" = : ]; then
	skip "no objcopy: the installed archive keeps every name global"
else
	grep -o 'fsjail_[a-z_]*(' "$DEST$prefix/include/fsjail.h" | tr -d '(' | sort -u >"$T/api"
	nm -g --defined-only "$LIB" | awk 'NF == 3 { print $3 }' | sort -u >"$T/global"
	[ -s "$T/api" ] || fail "no function in the installed fsjail.h"
	diff -u "$T/api" "$T/global" >"$T/diff" || fail "global names differ from fsjail.h: $(cat "$T/diff")"
	end_test
fi

begin_test "a program built against the installed header with pkg-config gets real answers"
run_cmd env PKG_CONFIG_PATH="$DEST$libdir/pkgconfig" PKG_CONFIG_PREFIX="$DEST$prefix" \
	sh "$TEST_SRCDIR/lib/build-libcheck.sh" "${CC:-cc}" "$TEST_SRCDIR/lib/libcheck.c" "$T/libcheck"
assert_rc 0
if [ "$RC" = 0 ]; then
	run_cmd env FSJAIL_DATADIR="$DEST$prefix/share/fsjail" "$T/libcheck"
	assert_rc 0
	grep -q '^1\.\.[1-9]' "$OUT" || fail "libcheck did not finish: $(cat "$OUT" "$ERR")"
	! grep '^not ok' "$OUT" || fail "$(grep -A3 '^not ok' "$OUT")"
fi
end_test

begin_test "the library's verdicts are the command's (check exit status, explain decisions)"
# the verdicts libcheck asserted, asked of the command: the same engine
run_cmd "$FSJAIL" check --tier guarded --workspace "$WS" -- 'rm -rf /etc'
assert_rc 4
mkdir -p "$WS/x"
run_cmd "$FSJAIL" check --tier guarded --workspace "$WS" -- 'rm -rf x'
assert_rc 0
run_cmd "$FSJAIL" explain --json --tier guarded --workspace "$WS" /etc/passwd
python3 - "$OUT" <<'PY' || fail "explain --json /etc/passwd: $(cat "$OUT")"
import json, sys
doc = json.load(open(sys.argv[1]))
caps = doc["paths"][0]["capabilities"]
assert doc["schema"] == "fsjail-explain/1"
assert caps["read"]["allowed"] and not caps["write"]["allowed"]
PY
end_test

done_testing
