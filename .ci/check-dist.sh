#!/bin/bash
# .ci/check-dist.sh TARBALL: every file git tracks is in TARBALL (made by
# `make dist`), except the few below that neither the build nor any test
# reads. `make distcheck` runs only a subset of the tests on the tarball
# (.ci/run says why), so a file a test needs but EXTRA_DIST forgot would
# not show there; this check names it instead. Exit 1 with the missing
# names, 2 on a usage error. Run from the top of a git work tree.
set -euo pipefail

[ $# = 1 ] && [ -f "$1" ] || { echo "usage: $0 TARBALL" >&2; exit 2; }

# Tracked but not shipped: CI's own scripts, editor and formatter
# settings, git's ignore list, a placeholder, and the page the build makes
# again from man/fsjail-lib.3.in.
not_shipped='^(\.ci/.*|\.gitignore|\.editorconfig|\.clang-format|build-aux/\.keep|man/fsjail-lib\.3)$'

tracked=$(git ls-files | grep -Ev "$not_shipped" | LC_ALL=C sort)
[ -n "$tracked" ] || { echo "$0: git ls-files lists nothing" >&2; exit 2; }
shipped=$(tar -tzf "$1" | sed 's|^[^/]*/||' | LC_ALL=C sort)
missing=$(LC_ALL=C comm -23 <(printf '%s\n' "$tracked") <(printf '%s\n' "$shipped"))
if [ -n "$missing" ]; then
	echo "$0: tracked by git but not in $1 (add them to EXTRA_DIST in Makefile.am," >&2
	echo "or to not_shipped in $0 if neither the build nor a test reads them):" >&2
	sed 's/^/  /' <<<"$missing" >&2
	exit 1
fi
echo "ok: the $(printf '%s\n' "$tracked" | wc -l) files git tracks are in $1 (but for CI's own and editor settings)"
