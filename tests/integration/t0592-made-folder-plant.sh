#!/bin/bash
# A folder the run makes on the way to a protected name (workspace-autorun:
# .vscode/, .claude/; a core.hooksPath folder's parent) was given any
# mode, as the run's own (t0591): `mkdir .vscode; chmod 0777 .vscode` (or
# mkdir -m 0777 under umask 0) left it writable by every local user, and
# after the run any of them put .vscode/tasks.json or .claude/settings.json
# there, which the owner's editor or agent then ran on the host: the names
# fsjail refuses the command were handed to everyone else (att32). Now a
# folder that holds a protected name beneath it is never made or left
# writable by others; the run's other folders keep every mode. Root and
# the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0592_USER 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
cd "$WS" || bail_out "cannot enter $WS"
git init -q . && git commit -q --allow-empty -m one || bail_out "git init"

begin_test "chmod 0777 of a .vscode or .claude folder the run made is refused"
fsj_sh -- 'mkdir .vscode .claude && chmod 0777 .vscode; chmod o+w .claude; exit 0'
for d in .vscode .claude; do
	[ -d "$d" ] || fail "$d was not made"
	[ "$(($(stat -c 0%a "$d") & 02))" = 0 ] || fail "$d is $(stat -c %a "$d"): others may write"
done
assert_err_match "other local user"
rm -rf .vscode .claude
end_test

begin_test "nor made so by mkdir -m 0777 under umask 0"
fsj_sh -- 'umask 0; mkdir -m 0777 .vscode; mkdir -p -m 1777 .claude; exit 0'
for d in .vscode .claude; do
	[ ! -d "$d" ] || [ "$(($(stat -c 0%a "$d") & 02))" = 0 ] ||
		fail "$d is $(stat -c %a "$d"): others may write"
done
rm -rf .vscode .claude
end_test

begin_test "the run's other folders still take any mode"
fsj_sh -- 'umask 0; mkdir -m 0777 a && mkdir b && chmod 1777 b'
assert_rc 0
[ "$(stat -c %a a)" = 777 ] && [ "$(stat -c %a b)" = 1777 ] || fail "modes $(stat -c %a a b)"
end_test

end_user_pass
done_testing
