#!/bin/sh
# build-libcheck.sh CC SOURCE OUTPUT - build the library test program
# against the installed fsjail.h and libfsjail, as fsjail-lib(3) says:
# with pkg-config --static (PKG_CONFIG_PATH names the installed fsjail.pc;
# PKG_CONFIG_PREFIX, when set, is the prefix of a DESTDIR install).
set -eu
cc=$1 src=$2 out=$3
pc=${PKG_CONFIG:-pkg-config}
set -- --static
[ -n "${PKG_CONFIG_PREFIX:-}" ] && set -- "$@" --define-variable=prefix="$PKG_CONFIG_PREFIX"
flags=$("$pc" "$@" --cflags --libs fsjail)
echo "$cc -o $out $src $flags"
# shellcheck disable=SC2086 # the flags are words
exec $cc -o "$out" "$src" $flags
