#!/bin/bash
# A file whose read the rules deny (the everyday `deny: [read]` on an
# .env) is hidden in the run by a mount mask, an empty file no one may
# write (t0508). Deleting it (`rm .env`, `git clean -fdx`) is allowed and
# the supervisor removes the host's file, into the trash; but the backup
# was taken of the mask the command sees: the cycle recorded "size 0 mode
# 0444" and `backups restore` made an empty, read-only .env while the
# secret sat only in the trash (user25). The backup is now of the host's
# file under the mask: restore brings back its bytes and its mode.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_UNLINK_MASKED_USER_PASS 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t.invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t.invalid
SECRET=DOTENV-SECRET-514
git -C "$WS" init -q && echo a >"$WS/a" && git -C "$WS" add a && git -C "$WS" commit -qm i
write_rules <<RULES
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
RULES

# put_env: a fresh .env holding the secret, mode 0640, and a copy of it.
put_env()
{
	rm -f "$WS/.env"
	echo "KEY=$SECRET" >"$WS/.env"
	chmod 0640 "$WS/.env"
	keep_copies .env
}

# assert_env_back: .env is back, byte for byte, with its mode.
assert_env_back()
{
	assert_exists "$WS/.env" || return
	assert_back .env
	[ "$(stat -c %a "$WS/.env")" = 640 ] || fail ".env came back with mode $(stat -c %a "$WS/.env"), not 640"
}

begin_test "rm .env (hidden by its read deny): the cycle records the file, not the mask; restore brings it back"
put_env
fsj_sh -- 'rm .env'
assert_rc 0
assert_not_exists "$WS/.env"
run_cmd "$FSJAIL" backups show --workspace "$WS"
grep -E "$WS/\.env +removed" "$OUT" | grep -q 'size 0 ' && fail "the cycle recorded the mask: $(grep -F .env "$OUT")"
ws_restore
assert_env_back
end_test

begin_test "git clean -fdx removes .env; backups restore brings its bytes and mode back"
put_env
fsj_sh -- 'git clean -fdxq'
assert_rc 0
assert_not_exists "$WS/.env"
ws_restore
assert_env_back
end_test

end_user_pass
done_testing
