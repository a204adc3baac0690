#!/bin/bash
# ~/.npm/_npx, which npx installs into and runs from, is the run's own
# copy where the run can have one (t0316). Where it cannot (no mount
# namespace: FSJAIL_NO_MOUNT_MASKS=1) the folder is the host's, and a
# rule over all of ~/.npm let a command plant a package there that the
# host's next npx runs (att12); it is refused now (HOST_NPM_NPX in the
# baseline), unless a rule names the folder itself. Run as root and again
# as the ordinary user FSJAIL_TEST_USER (default cloudsdk).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_NPX_USER_PASS 2
setup
require_landlock
mkdir -p "$HOME/.npm/_npx/old"

begin_test "no mount namespace, a rule over ~/.npm: the host's ~/.npm/_npx stays unchanged"
write_rules <<EOF2
rules:
  - path: ~/.npm
    allow: [read, write, create, delete]
EOF2
FSJAIL_NO_MOUNT_MASKS=1 fsj_sh -- 'mkdir ~/.npm/_npx/planted && echo WROTE-DIR
echo x >~/.npm/_npx/planted-file && echo WROTE-FILE
rmdir ~/.npm/_npx/old && echo REMOVED
echo y >~/.npm/mine && echo WROTE-NPM'
assert_out_nomatch "WROTE-DIR"
assert_out_nomatch "WROTE-FILE"
assert_out_nomatch "REMOVED"
assert_out_match "^WROTE-NPM$"
assert_err_match "create $HOME/.npm/_npx/planted: protected"
assert_not_exists "$HOME/.npm/_npx/planted"
assert_not_exists "$HOME/.npm/_npx/planted-file"
assert_exists "$HOME/.npm/_npx/old"
assert_content "$HOME/.npm/mine" y
rm -f "$HOME/.npm/mine"
end_test

begin_test "a rule naming ~/.npm/_npx still means the host's folder"
write_rules <<EOF2
rules:
  - path: ~/.npm/_npx
    allow: [read, write, create, delete]
EOF2
FSJAIL_NO_MOUNT_MASKS=1 fsj_sh -- 'echo x >~/.npm/_npx/mine && echo WROTE'
assert_rc 0
assert_out_match "^WROTE$"
assert_content "$HOME/.npm/_npx/mine" x
rm -f "$RULES" "$HOME/.npm/_npx/mine"
end_test

end_user_pass
done_testing
