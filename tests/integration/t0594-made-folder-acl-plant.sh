#!/bin/bash
# t0592 kept a folder the run makes above a protected name (.vscode above
# .vscode/tasks.json, .claude above .claude/settings.json) from write for
# others by its mode and a mode-only ACL; an ACL with a named user's or
# group's entry, or a default ACL, still went through (att33): `setfacl
# -m u:OTHER:rwx .vscode` let that user put .vscode/tasks.json there after
# the run, which the owner's editor ran on the host; a default ACL hands
# the same to what the owner's own tools make there later. Such an ACL
# on such a folder is refused now (fail closed: what it grants is not
# read); the run's other folders keep any ACL. Root and the ordinary
# user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0594_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
command -v setfacl >/dev/null || skip_rest_kernel "no setfacl: ACLs untested"
git_env
cd "$WS" || bail_out "cannot enter $WS"
git init -q . && git commit -q --allow-empty -m one || bail_out "git init"
# a named user other than the one running; root's entry when that is cloudsdk
OTHER=nobody
id "$OTHER" >/dev/null 2>&1 || OTHER=root

begin_test "a named user's or a default ACL on .vscode or .claude is refused"
fsj_sh -- 'mkdir .vscode .claude; setfacl -m "u:$1:rwx" .vscode; setfacl -d -m "u:$1:rwx" .claude
	setfacl -m "g:$1:rwx" .vscode; exit 0' "$OTHER"
for d in .vscode .claude; do
	[ -d "$d" ] || fail "$d was not made"
	getfacl -cp "$d" 2>/dev/null | grep -q "^\(default:\)\?\(user\|group\):$OTHER" &&
		fail "$d has an ACL entry for $OTHER: $(getfacl -cp "$d" 2>/dev/null | tr '\n' ' ')"
done
assert_err_match "an ACL beyond the mode"
rm -rf .vscode .claude
end_test

begin_test "the run's other folders keep any ACL"
fsj_sh -- 'set -e; mkdir x; setfacl -m "u:$1:rwx" x; setfacl -d -m "u:$1:rx" x' "$OTHER"
assert_rc 0
getfacl -cp x 2>/dev/null | grep -q "^user:$OTHER:rwx" || fail "x lost its ACL"
rm -rf x
end_test

end_user_pass
done_testing
