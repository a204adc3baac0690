#!/bin/bash
# `mv .env .env.bak` where the rules deny reading .env: the rename is
# refused (the new name would grant read), and was answered EXDEV, as
# Landlock's REFER is, so that a tool copies instead. But .env is hidden
# by a mount mask (an empty file, t0508): mv copied the mask, an empty
# read-only .env.bak, then removed .env, and the summary called the
# fallback harmless (user25). Where the old name is such a mask and the
# new name adds read, the answer is EACCES: mv fails and nothing moves.
# An unreadable file with no mask keeps EXDEV (t0438, t0490).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_RENAME_MASKED_USER_PASS 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
SECRET=DOTENV-SECRET-515
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
	rm -f "$WS/.env" "$WS/.env.bak"
	echo "KEY=$SECRET" >"$WS/.env"
	chmod 0640 "$WS/.env"
	keep_copies .env
}

# assert_env_kept: .env is as it was, and no .env.bak was made.
assert_env_kept()
{
	assert_exists "$WS/.env" || return
	assert_back .env
	[ "$(stat -c %a "$WS/.env")" = 640 ] || fail ".env has mode $(stat -c %a "$WS/.env"), not 640"
	assert_not_exists "$WS/.env.bak"
}

begin_test "mv .env .env.bak (hidden by its read deny): mv fails, .env stays, no empty copy"
put_env
fsj -- mv .env .env.bak
assert_rc_not 0
assert_err_match "cannot move .*Permission denied"
assert_err_match "$WS/\.env: explicit rule 'dotenv' at [^ ]*rules\.yaml:2 \(its new name $WS/\.env\.bak would grant read"
grep -q 'so it is harmless' "$ERR" && fail "the summary calls the fallback harmless: $(cat "$ERR")"
assert_env_kept
end_test

begin_test "os.rename of the hidden .env: PermissionError, .env stays"
put_env
fsj -- python3 -c 'import os
try:
    os.rename(".env", ".env.bak")
except OSError as e:
    print("errno", e.errno)'
assert_rc 0
assert_out_match '^errno 13$'
assert_env_kept
end_test

end_user_pass
done_testing
