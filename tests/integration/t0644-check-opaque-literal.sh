#!/bin/bash
# `fsjail check` of opaque code that names a path in plain text (chk38):
# `python3 -c "open('.git/config','a')"`, a `node -e` one-liner on a
# nested repository's hooks, `python3 -c` on ~/.bashrc, or on a read- or
# delete-denied path, was "allow" at a tier that holds opaque code, while
# the run refuses it: a harness that trusts "allow" ran it unasked. Such
# code now asks, naming the path and the rule. Code that names no
# protected or denied path of the workspace or home (a file of its own,
# /etc/hosts, `--prefix=/usr/local`) stays allowed.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 3
setup
git_ws
mkdir -p docs && : >docs/a.md && echo S=1 >.env && echo a >f.txt
git init -q vendor/x || bail_out "cannot make a nested repository"
check_deny_rules

# verdict LINE: check's JSON for LINE at tier guarded in $OUT, status in RC
verdict() { run_cmd "$FSJAIL" check --json --tier guarded --workspace "$WS" --cwd "$WS" -- "$1"; }

begin_test "opaque code naming a protected or denied path is not allowed"
for l in "python3 -c \"open('.git/config','a').write('x')\"" \
	"python3 -c \"open('.git/hooks/pre-commit','w')\"" \
	"node -e \"require('fs').appendFileSync('vendor/x/.git/config','x')\"" \
	"python3 -c \"import os; open(os.path.expanduser('~/.bashrc'),'a')\"" \
	"perl -e 'open(F, \">>$HOME/.gitconfig\")'" \
	"python3 -c \"print(open('.env').read())\"" \
	"python3 -c 'import shutil; shutil.rmtree(\"docs\")'"; do
	verdict "$l"
	case $RC in
	3 | 4) ;;
	*) fail "check allowed '$l' (status $RC): $(head -c 600 "$OUT")" ;;
	esac
done
end_test

begin_test "the answer names the path and the rule"
verdict "python3 -c \"open('.git/config','a')\""
assert_out_match "the code names $WS/\.git/config"
assert_out_match "repository-metadata"
end_test

begin_test "opaque code naming nothing refused stays allowed"
for l in "python3 -c \"print(open('f.txt').read())\"" "python3 -c \"print(open('/etc/hosts').read())\"" \
	"python3 -c \"import os; print(os.listdir('.'))\"" "perl -e 'print 1/2'" \
	"node -e \"require('fs').writeFileSync('out.txt','x')\""; do
	verdict "$l"
	[ "$RC" = 0 ] || fail "check did not allow '$l' (status $RC): $(head -c 600 "$OUT")"
done
end_test

done_testing
