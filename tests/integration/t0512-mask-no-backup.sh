#!/bin/bash
# A write refused at a path a read deny hides (the HIDE mask: an empty
# read-only file in the command's view) changes nothing, and keeps no
# backup of that path: the listener and the broker saved what the
# command sees there, the empty mask (size 0, mode 0444), as .env's
# content before the write failed, so `fsjail backups restore` of the run
# put the mask's nothing over the user's .env. The broker refuses every
# operation on a mount point in the command's view (the rename: its new name
# would grant read, t0511).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0512_USER 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS

HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py") # python3 -c "$HOSTOP" JSON...
SECRET=DOTENV-SECRET-8a3
echo a >"$WS/a"
write_rules <<EOF
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
EOF

# .env holds its line with its mode after the run and after a restore of it
env_kept()
{
	assert_content "$WS/.env" "KEY=$SECRET"
	[ "$(stat -c %a "$WS/.env")" = 600 ] || fail ".env's mode: $(stat -c %a "$WS/.env")"
	"$FSJAIL" backups show >"$T/show" 2>&1
	grep -q '/\.env ' "$T/show" && fail "a backup of .env: $(grep '/\.env ' "$T/show")"
	ws_restore
	assert_content "$WS/.env" "KEY=$SECRET"
	[ "$(stat -c %a "$WS/.env")" = 600 ] || fail ".env's mode after restore: $(stat -c %a "$WS/.env")"
	rm -f "$WS/made"
}

begin_test "writes refused by the mask keep no backup: a restore leaves .env as it is"
echo "KEY=$SECRET" >"$WS/.env" && chmod 600 "$WS/.env"
fsj_sh -- 'echo made >made; echo LEAK >>.env; : >.env; truncate -s 0 .env; chmod 666 .env; echo end'
assert_out_match '^end$'
assert_err_match "write $WS/\.env: explicit rule 'dotenv'"
env_kept
end_test

begin_test "the broker refuses copy, touch, chmod, rename at the mask; a restore leaves .env"
echo "KEY=$SECRET" >"$WS/.env" && chmod 600 "$WS/.env"
fsj_sh -- 'echo made >made; python3 -c "$1" "{\"operation\":\"copy\",\"from\":\"$2/a\",\"to\":\"$2/.env\"}" \
	"{\"operation\":\"touch\",\"path\":\"$2/.env\"}" \
	"{\"operation\":\"chmod\",\"path\":\"$2/.env\",\"mode\":\"0644\"}" \
	"{\"operation\":\"rename\",\"from\":\"$2/.env\",\"to\":\"$2/e2\"}"' "$HOSTOP" "$WS"
[ "$(grep -c '"ok":false' "$OUT")" = 4 ] || fail "broker replies: $(cat "$OUT")"
[ "$(grep -c 'a mount point in the command' "$OUT")" = 3 ] || fail "broker replies: $(cat "$OUT")"
assert_not_exists "$WS/e2"
env_kept
end_test

end_user_pass
done_testing
