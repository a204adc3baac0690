#!/bin/bash
# The EXAMPLES of fsjail(1) work as written (issue 6): each is run as the
# page gives it, from the workspace as the current directory, and what it
# promises is checked with real files. The build example's rules file is
# read out of the page itself, so page and test cannot drift apart.
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock

MAN_IN=${MAN_SRC:-$TEST_SRCDIR/../man}/fsjail.1.in
[ -f "$MAN_IN" ] || bail_out "missing '$MAN_IN'"

# The example lines of the EXAMPLES section, roff escapes undone.
examples()
{
	awk '/^\.SH EXAMPLES/ { on = 1; next } /^\.SH / { on = 0 } on' "$MAN_IN" |
		awk '/^\.EX/ { ex = 1; next } /^\.EE/ { ex = 0 } ex' | sed 's/\\-/-/g'
}

begin_test "the page's examples are the ones this test runs"
examples >"$T/ex"
for want in '$ fsjail run -- bash' '$ cat build.yaml' '$ fsjail run --rules build.yaml -- make' \
	'$ fsjail explain ~/.ssh/config' '$ fsjail compile --backend landlock' \
	'$ fsjail compile --backend seatbelt --tier full' \
	'$ fsjail run --enforce guarded -- python3 script.py' '$ fsjail probe' \
	'$ fsjail status --enforce guarded >/dev/null && echo fenced'; do
	grep -qxF -- "$want" "$T/ex" || fail "EXAMPLES no longer hold '$want' (update this test)"
done
end_test

begin_test "fsjail run -- bash: the workspace is read, changed and deleted in; ~ outside it is not read"
echo "ws-file" >"$WS/in.txt"
echo "HOME-SECRET-41" >"$HOME/secret.txt"
run_cmd "$FSJAIL" run -- bash <<'SH'
cat in.txt
echo made >new.txt
cat ~/secret.txt && echo "SECRET-READ"
rm in.txt && echo "DELETED"
exit 0
SH
assert_out_match '^ws-file$'
assert_out_nomatch 'HOME-SECRET-41|SECRET-READ'
assert_out_match '^DELETED$'
assert_content "$WS/new.txt" "made"
assert_not_exists "$WS/in.txt"
end_test

begin_test "the build.yaml example: make writes build/ only; the sources stay unchanged"
examples | sed -n '/^\$ cat build.yaml$/,/^\$ /p' | sed '1d;$d' >"$WS/build.yaml"
grep -q 'id: build-dir' "$WS/build.yaml" || fail "could not read build.yaml out of the page"
printf 'int main(void) { return 0; }\n' >"$WS/main.c"
snapshot "$WS/main.c"
printf 'all:\n\tcp main.c build/main.o\n\ttouch top.o\n' >"$WS/Makefile"
mkdir -p "$WS/build"
run_cmd "$FSJAIL" run --rules build.yaml -- make
assert_rc_not 0
assert_content "$WS/build/main.o" "int main(void) { return 0; }"
assert_not_exists "$WS/top.o"
assert_unchanged "$WS/main.c"
end_test

begin_test "fsjail explain ~/.ssh/config: read is denied, and the answer says by what"
mkdir -p "$HOME/.ssh" && echo "Host x" >"$HOME/.ssh/config"
run_cmd "$FSJAIL" explain "$HOME/.ssh/config"
assert_rc 0
assert_out_match "^$HOME/.ssh/config\$"
assert_out_match '^  read +deny '
end_test

begin_test "fsjail compile: the Landlock ruleset and the full-tier Seatbelt profile print"
run_cmd "$FSJAIL" compile --backend landlock
assert_rc 0
[ -s "$OUT" ] || fail "compile --backend landlock printed nothing"
run_cmd "$FSJAIL" compile --backend seatbelt --tier full
assert_rc 0
assert_out_match '^\(version 1\)$'
assert_out_match '^\(deny default\)$'
end_test

begin_test "run --enforce guarded -- python3 script.py runs; probe, then status --enforce guarded gates"
printf 'print("script ran")\n' >"$WS/script.py"
run_cmd "$FSJAIL" run --enforce guarded -- python3 script.py
assert_rc 0
assert_out_eq "script ran"
run_cmd "$FSJAIL" probe
assert_rc 0
run_cmd bash -c '"$1" status --enforce guarded >/dev/null && echo fenced' bash "$FSJAIL"
assert_out_eq "fenced"
end_test

done_testing
