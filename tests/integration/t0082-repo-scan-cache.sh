#!/bin/bash
# fsjail keeps the last walk of each workspace for git repositories in its
# state ($STATE/scan, issue 18), so the next run reads only the folders
# whose entries changed. A kept walk must never cost a repository its
# protection (DESIGN.md section 3: every repository at or under the
# workspace when the run starts):
#   - a repository made outside fsjail, deep under folders the kept walk
#     knows, after that walk: its hooks are protected in the next run;
#   - the same when the kept file is garbage, or a walk of another folder;
#   - the kept walks are unreadable and unwritable from inside a run.
# The tree is aged past the racy-clean margin (2 s) before the walk is
# kept, so that the unchanged folders are really taken from it.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

SCAN=$STATE_DIR/scan
mkdir -p "$WS/a/b/c/d1" "$WS/a/b/c/d2" "$WS/e" || bail_out "cannot make the tree"
sleep 3
fsj -- true
[ "$RC" = 0 ] || bail_out "fsjail run -- true fails"
ls "$SCAN"/* >/dev/null 2>&1 || bail_out "no walk kept in $SCAN"

# plant HOOK: try to write a hook into the repository at DIR from inside
plant()
{
	fsj_sh -- 'mkdir -p "$1/.git/hooks"; echo "touch $2" >"$1/.git/hooks/post-checkout"' "$1" "$T/ran"
}

begin_test "a repository made after the kept walk, deep under known folders, is protected"
git init -q "$WS/a/b/c/d2/late" || bail_out "git init"
rm -f "$WS/a/b/c/d2/late/.git/hooks/"*
plant "$WS/a/b/c/d2/late"
assert_failed "writing a hook of a repository made after the kept walk"
assert_not_exists "$WS/a/b/c/d2/late/.git/hooks/post-checkout"
end_test

begin_test "a garbage kept walk is ignored"
sleep 3
fsj -- true
git init -q "$WS/a/b/c/d1/late2" || bail_out "git init"
rm -f "$WS/a/b/c/d1/late2/.git/hooks/"*
for f in "$SCAN"/*; do printf 'fsjail-repo-scan/1 8 50000 0 0 1\n%s\0' "$WS" >"$f"; done
plant "$WS/a/b/c/d1/late2"
assert_failed "writing a hook with a garbage kept walk"
assert_not_exists "$WS/a/b/c/d1/late2/.git/hooks/post-checkout"
end_test

begin_test "a kept walk naming another folder hides nothing"
sleep 3
fsj -- true
git init -q "$WS/e/late3" || bail_out "git init"
rm -f "$WS/e/late3/.git/hooks/"*
# the file names its workspace: another name in it is a miss
for f in "$SCAN"/*; do
	python3 - "$f" "$WS" <<'PY' || bail_out "cannot rewrite the kept walk"
import sys
path, ws = sys.argv[1], sys.argv[2].encode()
data = open(path, "rb").read()
head, rest = data.split(b"\n", 1)
name, tail = rest.split(b"\0", 1)
assert name == ws
open(path, "wb").write(head + b"\n" + ws + b"-other\0" + tail)
PY
done
plant "$WS/e/late3"
assert_failed "writing a hook with another folder's kept walk"
assert_not_exists "$WS/e/late3/.git/hooks/post-checkout"
end_test

begin_test "the kept walks cannot be read or changed from inside"
# a rule opening fsjail's own folders: the protected level still decides
write_rules <<EOF
rules:
  - id: open-fsjail-home
    path: "$FSJAIL_HOME"
    allow: [read, write, create, delete]
EOF
# (a hidden folder is refused, or shows empty: an empty mount over it)
fsj_sh -- 'ls -A "$1"' "$SCAN"
for f in "$SCAN"/*; do
	! grep -q "${f##*/}" "$OUT" || fail "a kept walk is listed from inside: ${f##*/}"
done
# (each run rewrites the file afterwards: look for the line, not a change)
for f in "$SCAN"/*; do
	fsj_sh -- 'cat "$1"' "$f"
	assert_failed "reading $f"
	fsj_sh -- 'echo planted-line >>"$1"' "$f"
	assert_failed "writing $f"
	! grep -aq planted-line "$f" || fail "the line written from inside is in $f"
done
fsj_sh -- 'echo x >"$1/new"' "$SCAN"
assert_failed "creating a file in $SCAN"
assert_not_exists "$SCAN/new"
end_test

done_testing
