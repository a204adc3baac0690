#!/bin/bash
# A name a mount mask covers in the command's view (the HIDE mask of a
# read deny: an empty read-only file or folder; a pin) cannot be removed
# or renamed by the command: the kernel says EBUSY in its own mount
# namespace. The supervisor performs unlink and rename by name from its
# own namespace, where the name is no mount point: before, `rm .env`
# moved the user's .env away while the backup held the empty mask (size
# 0), and `mv -f new .env` replaced it, its content kept nowhere. Now
# each is refused with EBUSY, said with the read deny's rule, and the
# host's file is as it was.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0510_USER 5
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
SECRET=DOTENV-SECRET-7c2
echo "KEY=$SECRET" >"$WS/.env"
mkdir -p "$WS/sub/secrets" "$WS/a1/b" && echo "S=$SECRET" >"$WS/sub/secrets/k"
echo "KEY=$SECRET" >"$WS/a1/b/.env"
write_rules <<EOF
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
  - id: secrets
    path: sub/secrets
    deny: [read]
  - id: nested
    path: a1/b/.env
    recursive: false
    deny: [read]
EOF

# the host's .env holds its one line, and nothing was moved into the trash
env_kept()
{
	grep -qx "KEY=$SECRET" "$WS/.env" 2>/dev/null && [ "$(wc -l <"$WS/.env")" = 1 ] ||
		fail ".env on the host: $(cat "$WS/.env" 2>&1)"
	[ -e "$HOME/.local/share/Trash/files/.env" ] && fail ".env was moved into the trash"
	true
}

begin_test "rm .env is refused (EBUSY), said with the rule; the host's .env is as it was"
fsj_sh -- 'rm -f .env; echo "rm=$?"; cat .env'
assert_out_match '^rm=1$'
grep -q 'Device or resource busy' "$ERR" || fail "rm's error: $(cat "$ERR")"
assert_err_match "delete $WS/\.env: explicit rule 'dotenv' .*mount mask, which cannot be moved or removed \(EBUSY\)"
assert_out_nomatch "$SECRET"
env_kept
end_test

begin_test "mv -f new .env, sed -i .env (a rename over the mask) are refused; .env is as it was"
fsj_sh -- 'echo new >n && mv -f n .env; echo "mv=$?"; sed -i s/KEY/K/ .env; echo "sed=$?"'
assert_out_match '^mv=1$'
assert_out_match '^sed=4$'
assert_err_match "delete $WS/\.env: explicit rule 'dotenv'"
env_kept
assert_content "$WS/n" "new"
end_test

begin_test "mv .env elsewhere (copy and unlink after EXDEV) leaves the host's .env whole"
fsj_sh -- 'mv .env moved; echo "mv=$?"; cat moved'
assert_out_match '^mv=1$'
assert_out_nomatch "$SECRET"
env_kept
end_test

begin_test "a hidden folder and its pinned parent: rm -rf, mv are refused; the files stay"
fsj_sh -- 'rm -rf sub/secrets; mv sub/secrets s2; mv sub sub2; echo "done=$?"; ls sub'
assert_out_match '^done=1$'
assert_err_match "delete $WS/sub/secrets: explicit rule 'secrets'"
assert_content "$WS/sub/secrets/k" "S=$SECRET"
[ -e "$WS/sub2" ] && fail "sub was renamed on the host"
end_test

begin_test "the pinned folders above a hidden .env are not renamed: the next run cannot read it"
fsj_sh -- 'mv a1 a2; mv a1/b b2; echo "mv=$?"'
assert_out_match '^mv=1$'
assert_err_match "delete $WS/a1: a mount point in the command's view"
fsj_sh -- 'cat a2/b/.env b2/.env a1/b/.env'
assert_out_nomatch "$SECRET"
assert_content "$WS/a1/b/.env" "KEY=$SECRET"
end_test

end_user_pass
done_testing
