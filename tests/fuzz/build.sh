#!/bin/sh
# tests/fuzz/build.sh - build the libFuzzer harnesses (issue 19), called by
# `make fuzz-build` with these in the environment:
#   FUZZ_CC       clang
#   FUZZ_SRCDIR   the source tree
#   FUZZ_SOURCES  libfsjail's .c files (relative to FUZZ_SRCDIR)
#   FUZZ_LIBS     libtsbash.a and the system libraries
# and the preprocessor flags of the normal build in tests/fuzz/cppflags,
# one word a line (they hold quotes and spaces).
#   FUZZ_NAMES    the harnesses (tests/fuzz/fuzz_NAME.c)
#
# Every file of libfsjail, and the SBPL evaluator of tests/sbpl-eval, is
# compiled again with clang -fsanitize=fuzzer-no-link,address,undefined into
# tests/fuzz/obj/ (only what changed since the last build), so coverage
# guides the fuzzer through the whole library and no object of the normal
# build (gcc, perhaps another sanitizer runtime) is mixed in. The grammar
# (libtsbash.a: generated tables) is linked as the normal build made it.
set -eu

: "${FUZZ_CC:=clang}"
flags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
obj=tests/fuzz/obj
mkdir -p "$obj"

set --
while IFS= read -r w; do
	set -- "$@" "$w"
done <tests/fuzz/cppflags

# two compilers at a time: the machines CI and developers share are small
jobs=0 built=0
# the newest header, found once (a find for each of ~350 objects took ~50 s)
newest_h=$(find "$FUZZ_SRCDIR/src" "$FUZZ_SRCDIR/tests/sbpl-eval" -name '*.h' -exec ls -t {} + | head -n 1)
for s in $FUZZ_SOURCES tests/sbpl-eval/sbpl_eval.c tests/sbpl-eval/sbpl_bsd.c tests/sbpl-eval/sbpl_oracle.c; do
	case "$s" in *.c) ;; *) continue ;; esac
	o=$obj/$(printf '%s' "$s" | tr '/' '_' | sed 's/\.c$/.o/')
	if [ -e "$o" ] && [ ! "$FUZZ_SRCDIR/$s" -nt "$o" ] && [ ! "$newest_h" -nt "$o" ]; then
		continue
	fi
	echo "  FUZZCC   $s"
	built=1
	# shellcheck disable=SC2086
	$FUZZ_CC $flags -fsanitize=fuzzer-no-link "$@" -I"$FUZZ_SRCDIR/tests/sbpl-eval" \
		-c -o "$o.tmp" "$FUZZ_SRCDIR/$s" && mv "$o.tmp" "$o" &
	jobs=$((jobs + 1))
	if [ "$jobs" -ge 2 ]; then
		wait
		jobs=0
	fi
done
wait
for s in $FUZZ_SOURCES tests/sbpl-eval/sbpl_eval.c tests/sbpl-eval/sbpl_bsd.c tests/sbpl-eval/sbpl_oracle.c; do
	case "$s" in *.c) ;; *) continue ;; esac
	o=$obj/$(printf '%s' "$s" | tr '/' '_' | sed 's/\.c$/.o/')
	[ -e "$o" ] || { echo "build.sh: $s did not compile" >&2; exit 1; }
done
# archive and link again only what changed (.ci/run builds beside its
# test suite, then `make fuzz-ci` finds everything made: ~60 s of links)
lib=tests/fuzz/libfuzzfsjail.a
if [ "$built" = 1 ] || [ ! -e "$lib" ]; then
	rm -f "$lib"
	ar rcs "$lib" "$obj"/*.o
fi

for n in $FUZZ_NAMES; do
	h=tests/fuzz/fuzz_$n
	if [ -e "$h" ] && [ ! "$lib" -nt "$h" ] && [ ! src/libtsbash.a -nt "$h" ] &&
		[ ! "$FUZZ_SRCDIR/tests/fuzz/fuzz_$n.c" -nt "$h" ] &&
		[ ! "$FUZZ_SRCDIR/tests/fuzz/fuzz-util.h" -nt "$h" ]; then
		continue
	fi
	echo "  FUZZLD   tests/fuzz/fuzz_$n"
	# shellcheck disable=SC2086
	$FUZZ_CC $flags -fsanitize=fuzzer "$@" -I"$FUZZ_SRCDIR/tests/sbpl-eval" \
		-o "tests/fuzz/fuzz_$n" "$FUZZ_SRCDIR/tests/fuzz/fuzz_$n.c" \
		tests/fuzz/libfuzzfsjail.a $FUZZ_LIBS
done
