#!/bin/bash
# A grant on a folder that does not exist yet holds for what the run makes
# in it (issue 12 item 6; src/session.c, src/inforce.c): `--grant
# create:G/out` with out absent lets the command make out, then deep
# chains under it (mkdir -p out/a/b/c), files in them and a rename into
# them; a sibling of out (and out2, a name it prefixes) stays refused.
# explain agrees with the run, and for what cannot hold (read and
# execute: Landlock's alone, on paths that exist at start) status, explain
# and run say it is not in force.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

G=$T/gt
mkdir -p "$G"
echo moved >"$WS/mv1"

begin_test "create on an absent folder: out, out/sub, out/a/b/c, files and a rename into them; siblings refused"
fsj --grant "create:$G/out" -- sh -c '
	G=$1
	mkdir "$G/out" && mkdir "$G/out/sub" || exit 11
	mkdir -p "$G/out/a/b/c" || exit 12
	touch "$G/out/a/b/c/f" || exit 13
	echo x >"$G/out/a/b/g" || exit 14
	mv mv1 "$G/out/a/b/c/" || exit 15
	mkdir "$G/sib" && exit 16
	mkdir "$G/out2" && exit 17
	exit 0' sh "$G"
assert_rc 0 "the step that failed: exit status 11 to 17"
assert_dir "$G/out/a/b/c"
assert_exists "$G/out/a/b/c/f"
assert_exists "$G/out/a/b/g"
assert_content "$G/out/a/b/c/mv1" moved
assert_not_exists "$G/sib"
assert_not_exists "$G/out2"
end_test

begin_test "explain says what the run does: a descendant of the absent folder is allowed create, a sibling is not"
rm -rf "$G/out"
run_cmd "$FSJAIL" explain --workspace "$WS" --grant "create:$G/out" "$G/out/a/b" "$G/sib"
assert_rc 0
grep -A4 "^$G/out/a/b\$" "$OUT" | grep -Eq '^  create +allow ' || fail "explain does not allow create under the absent folder: $(cat "$OUT")"
grep -A4 "^$G/sib\$" "$OUT" | grep -Eq '^  create +deny ' || fail "explain allows create on the sibling: $(cat "$OUT")"
grep -A4 "^$G/out/a/b\$" "$OUT" | grep -E '^  create ' | grep -q 'not in force' &&
	fail "explain says create is not in force, the run does it: $(cat "$OUT")"
end_test

begin_test "status and run: create holds (no warning); read on the absent folder is said not in force"
run_cmd "$FSJAIL" status --workspace "$WS" --grant "create:$G/out"
grep -q "grants on $G/out, which does not exist" "$OUT" "$ERR" &&
	fail "status warns about create, which holds: $(grep 'does not exist' "$OUT" "$ERR")"
run_cmd "$FSJAIL" status --workspace "$WS" --grant "read,create:$G/out"
grep -q "grants on $G/out, which does not exist: read not in force" "$OUT" ||
	fail "status does not say read is not in force: $(grep -i 'warning' "$OUT")"
fsj --grant "read,create:$G/out" -- true
assert_rc 0
assert_err_match "warning: rule --grant read,create:$G/out grants on $G/out, which does not exist: read not in force"
end_test

begin_test "the kernel agrees: read of a file made under the absent folder is refused"
fsj --grant "read,create:$G/out" -- sh -c 'mkdir -p "$1/out/d" && echo s >"$1/out/d/f" && cat "$1/out/d/f"' sh "$G"
assert_failed
assert_err_match "Permission denied"
end_test

begin_test "a grant beneath a folder nothing lets be made: explain and run say create and write are not in force, and the run agrees"
# user31: explain said create and write allowed at G/no/out with G/no
# absent and not creatable; mkdir -p was refused at G/no
run_cmd "$FSJAIL" explain --workspace "$WS" --grant "write,create:$G/no/out" "$G/no/out"
assert_rc 0
for c in write create; do
	grep -E "^  $c " "$OUT" | grep -q "not in force: its folder $G/no does not exist" ||
		fail "explain does not say $c is not in force: $(cat "$OUT")"
done
fsj --grant "write,create:$G/no/out" -- mkdir -p "$G/no/out"
assert_failed
assert_err_match "grants on $G/no/out, which does not exist: write,create not in force: its folder $G/no does not exist"
assert_err_match "create $G/no: "
assert_not_exists "$G/no"
end_test

done_testing
