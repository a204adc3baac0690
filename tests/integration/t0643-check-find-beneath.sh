#!/bin/bash
# `fsjail check` of find(1)'s -delete and -exec (chk38): -delete was
# decided at each start folder alone, and -exec was opaque code that a
# guarded tier holds, so `find vendor -name '*.sample' -delete`, `find .
# -type f -name 'pre-*' -delete` and `find . -name config -exec chmod 600
# {} \;` were "allow" while the run refuses a repository's hooks and
# config. The names an action gets are now matched, by find's -name
# patterns (any name after -o, !, -path, -regex), with the refusing rules
# at or beneath each start, and with what lies beneath a protected folder
# now: check asks. Names that cannot reach one stay allowed.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
setup
git_ws
mkdir -p src build docs && : >src/a.c && : >build/a.o && : >docs/a.md
git init -q vendor/x || bail_out "cannot make a nested repository"
: >.git/hooks/pre-commit.sample
write_rules <<'R'
rules:
  - path: docs
    deny: [delete]
R

begin_test "find acting on a protected or denied name beneath is not allowed"
check_not_allowed "find vendor -name '*.sample' -delete" "find . -type f -name 'pre-*' -delete" \
	'find vendor -delete' 'find . -mtime +3 -delete' "find . -name '*.md' -delete" \
	"find . -name config -exec chmod 600 {} \\;" "find vendor -exec rm -f {} +" \
	"find . -name '*.sample' -o -name '*.o' -delete" "find . ! -name '*.c' -delete"
end_test

begin_test "names that cannot reach one stay allowed"
check_allowed "find . -name '*.o' -delete" "find build -type f -delete" \
	"find . -name '*.c' -exec grep -l main {} +" "find src -name '*.c' -exec sed -i s/a/b/ {} +"
end_test

done_testing
