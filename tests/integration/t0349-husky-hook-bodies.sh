#!/bin/bash
# husky (v9) sets core.hooksPath to .husky/_, whose hooks each source
# .husky/_/h, which runs the hook's body from the folder above:
# `sh -e .husky/pre-commit`. fsjail protected only the folder
# core.hooksPath names, so a command that wrote .husky/pre-commit had the
# host's next git commit run it (att13). The folder above a hooksPath
# folder named "_" that holds husky's h is protected too (repometa.c);
# a folder "_" without h keeps its parent writable.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_HUSKY_USER_PASS 2
setup
require_landlock
git_env

M=$T/m
mkdir -p "$M"
(cd "$WS" && git init -q -b main && mkdir -p .husky/_ tools/_ &&
	printf '#!/bin/sh\nn=$(basename "$0")\ns=$(dirname "$(dirname "$0")")/$n\n[ -f "$s" ] || exit 0\nsh -e "$s" "$@"\n' >.husky/_/h &&
	printf '#!/bin/sh\n. "$(dirname "$0")/h"\n' >.husky/_/pre-commit &&
	chmod +x .husky/_/h .husky/_/pre-commit && echo 'echo lint' >.husky/pre-commit &&
	git add .husky && git commit -q -m init && git config core.hooksPath .husky/_) \
	>/dev/null 2>&1 || bail_out "cannot make the workspace repository"

begin_test "husky's hook bodies (.husky/NAME) cannot be changed or made"
fsj_sh -- 'echo "touch $1/a" >>.husky/pre-commit; echo "touch $1/b" >.husky/pre-push
	echo "touch $1/c" >.husky/_/pre-commit; exit 0' "$M"
assert_err_match "write $WS/.husky/pre-commit: protected"
assert_err_match "create $WS/.husky/pre-push: protected"
assert_content "$WS/.husky/pre-commit" "echo lint"
assert_not_exists "$WS/.husky/pre-push"
(cd "$WS" && echo x >x && git add x && git commit -q -m x) >/dev/null 2>&1 </dev/null
assert_not_exists "$M/a"
assert_not_exists "$M/c"
end_test

begin_test "a core.hooksPath folder named _ without husky's h leaves its parent writable"
(cd "$WS" && git config core.hooksPath tools/_) >/dev/null 2>&1
fsj_sh -- 'echo y >tools/notes && echo WROTE; echo z >tools/_/pre-commit; exit 0'
assert_out_match "^WROTE$"
assert_content "$WS/tools/notes" y
assert_not_exists "$WS/tools/_/pre-commit"
(cd "$WS" && git config core.hooksPath .husky/_) >/dev/null 2>&1
end_test

end_user_pass
done_testing
