#!/bin/bash
# `fsjail check` of programs that write where their options or operands
# say (issue 12 item 7). sort, shuf, uniq, xxd, mktemp, tree and file
# were "leaves" (prog-class.c: they run no code but their own) and gave
# only an execute, so check allowed `sort -o .git/config x`, `uniq x
# .git/info/exclude`, `xxd -r x .git/hooks/pre-commit`, `mktemp
# .git/hooks/XXXXXX`, `tree -o .git/config`, all refused by the run
# (att34). So were a move of a folder holding a nested repository's
# metadata (`mv vendor other`: the run refuses it, "a moved folder could
# carry a denied or protected name") and the links cp makes (`cp -s`,
# `cp -l`), and a copy of a folder's content into a folder (`cp -a
# vendor/x/.git/. .git/` wrote the hooks; check saw a create of
# .git/.git). Each is now refused or asked about by check; their everyday
# forms stay allowed and work. Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0598_USER 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_ws
mkdir -p vendor src && git init -q vendor/x || bail_out "git init vendor/x"
printf 'b\na\na\n' >in.txt

# checked LINE STATUS: fsjail check answers LINE with STATUS
checked()
{
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$1"
	[ "$RC" = "$2" ] || fail "check of '$1': status $RC, not $2: $(head -c 600 "$OUT")"
	return 0
}

begin_test "what the run refuses, check refuses"
cp .git/config "$T/config.before"
for l in 'sort -o .git/config in.txt' 'shuf -o .git/config in.txt' 'uniq in.txt .git/info/exclude' \
	'xxd -r in.txt .git/hooks/pre-commit' 'mktemp .git/hooks/XXXXXX' 'mktemp -p .git/hooks' \
	'mv vendor other' 'mv vendor/x vendor/y' \
	"cp -s $WS/.git/config y" 'cp -l .git/config y' 'cp --symbolic-link ../.git/config src/'; do
	checked "$l" 4
	fsj_sh -- "$l"
	assert_rc_not 0
done
cmp -s .git/config "$T/config.before" || fail ".git/config changed"
ls .git/hooks | grep -v '\.sample$' | grep -q . && fail "a file was made in .git/hooks: $(ls .git/hooks)"
[ -d vendor/x/.git ] || fail "vendor/x was moved"
[ -e y ] || [ -L y ] || [ -L src/config ] && fail "a link was made"
end_test

begin_test "their everyday forms stay allowed, and work"
for l in 'sort -o out.txt in.txt' 'sort -u -o in.txt in.txt' 'uniq in.txt out2.txt' 'xxd in.txt hex.txt' \
	'mktemp' 'mktemp -d' 'mktemp tmp.XXXXXX' 'mktemp -d src/XXXXXX' \
	'shuf -e a b' 'mv src src2' 'cp -s in.txt l1' 'cp -l in.txt l2' 'file in.txt'; do
	checked "$l" 0
	fsj_sh -- "$l"
	assert_rc 0
done
end_test

begin_test "a copy of a folder's content lands in the target folder itself"
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'cp -a vendor/x/.git/. .git/'
case $RC in 3 | 4) ;; *) fail "check of 'cp -a vendor/x/.git/. .git/': status $RC: $(head -c 600 "$OUT")" ;; esac
fsj_sh -- 'cp -a vendor/x/.git/. .git/'
assert_rc_not 0
mkdir -p build
checked 'cp -r vendor/x/.git/hooks/. build/' 0
end_test

end_user_pass
done_testing
