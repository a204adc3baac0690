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
jobs=0
for s in $FUZZ_SOURCES tests/sbpl-eval/sbpl_eval.c tests/sbpl-eval/sbpl_bsd.c tests/sbpl-eval/sbpl_oracle.c; do
	case "$s" in *.c) ;; *) continue ;; esac
	o=$obj/$(printf '%s' "$s" | tr '/' '_' | sed 's/\.c$/.o/')
	if [ -e "$o" ] && [ ! "$FUZZ_SRCDIR/$s" -nt "$o" ] &&
		[ -z "$(find "$FUZZ_SRCDIR/src" "$FUZZ_SRCDIR/tests/sbpl-eval" -name '*.h' -newer "$o" | head -1)" ]; then
		continue
	fi
	echo "  FUZZCC   $s"
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
rm -f tests/fuzz/libfuzzfsjail.a
ar rcs tests/fuzz/libfuzzfsjail.a "$obj"/*.o

for n in $FUZZ_NAMES; do
	echo "  FUZZLD   tests/fuzz/fuzz_$n"
	# shellcheck disable=SC2086
	$FUZZ_CC $flags -fsanitize=fuzzer "$@" -I"$FUZZ_SRCDIR/tests/sbpl-eval" \
		-o "tests/fuzz/fuzz_$n" "$FUZZ_SRCDIR/tests/fuzz/fuzz_$n.c" \
		tests/fuzz/libfuzzfsjail.a $FUZZ_LIBS
done
